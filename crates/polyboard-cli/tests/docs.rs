//! The README and the pages under `docs/` link to files and sections that exist, and every
//! pointer of the form `docs/PAGE.md, section "NAME"` in the sources (comments, help texts,
//! the bench report's text) names a page and a section that exist. Sections move between
//! pages; these tests catch the pointers left behind.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The text outside fenced code blocks.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fence = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fence = !fence;
        } else if !fence {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// A heading's anchor as GitHub writes it: lower case, spaces to hyphens, punctuation
/// other than `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The headings of a markdown file, without the leading `#`s and backticks.
fn headings(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    prose(&text)
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().replace('`', ""))
        .collect()
}

fn pages() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files
}

#[test]
fn readme_and_docs_links_resolve() {
    for page in pages() {
        let text = prose(&std::fs::read_to_string(&page).unwrap());
        for piece in text.split("](").skip(1) {
            let Some(end) = piece.find(')') else { continue };
            let target = &piece[..end];
            if target.starts_with("http") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
            let path = if file.is_empty() { page.clone() } else { page.parent().unwrap().join(file) };
            assert!(path.exists(), "{}: dead link {target}", page.display());
            if !anchor.is_empty() {
                let slugs: Vec<String> = headings(&path).iter().map(|h| slug(h)).collect();
                assert!(slugs.iter().any(|s| s == anchor), "{}: no section #{anchor} in {file}", page.display());
            }
        }
    }
}

/// Every `docs/PAGE.md` in `text` names a page that exists, and a section it names right
/// after (`, section "NAME"`, ` (section "NAME"`, `, "NAME"`, across a comment's line break
/// too) begins a heading of that page.
pub fn assert_docs_pointers(origin: &str, text: &str) {
    for (at, _) in text.match_indices("docs/") {
        let rest = &text[at + 5..];
        let name: String =
            rest.chars().take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_-".contains(*c)).collect();
        let Some(after) = rest[name.len()..].strip_prefix(".md") else { continue };
        if name == "img" {
            continue;
        }
        let page = root().join("docs").join(format!("{name}.md"));
        assert!(page.is_file(), "{origin}: points to docs/{name}.md, which does not exist");
        let after = after.trim_start_matches(|c: char| c.is_whitespace() || ",(/!#".contains(c));
        let after = after.strip_prefix("section").unwrap_or(after).trim_start();
        let Some(quoted) = after.strip_prefix("\\\"").or_else(|| after.strip_prefix('"')) else { continue };
        let section = quoted[..quoted.find('"').unwrap_or(0)].trim_end_matches('\\');
        assert!(
            headings(&page).iter().any(|h| h.starts_with(section)),
            "{origin}: docs/{name}.md has no section \"{section}\""
        );
    }
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if !path.ends_with("target") && !path.ends_with("data") {
                walk(&path, files);
            }
        } else if path.extension().is_some_and(|e| ["rs", "txt", "toml", "py", "sh"].iter().any(|x| e == *x)) {
            files.push(path);
        }
    }
}

#[test]
fn pointers_to_docs_sections_resolve() {
    let mut files = vec![root().join(".cargo/config.toml")];
    walk(&root().join("crates"), &mut files);
    walk(&root().join("scripts"), &mut files);
    files.extend(pages());
    let mut pointers = 0;
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        pointers += text.matches("docs/").count();
        assert_docs_pointers(&file.display().to_string(), &text);
    }
    assert!(pointers > 5, "the walk found the sources");
}
