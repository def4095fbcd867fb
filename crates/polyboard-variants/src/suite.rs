//! Perft suites for variants, in three line forms:
//! - the variant table: `variant ; FEN ; 1=n 2=n ... ; notes` (fields split on ` ; `),
//! - EPD: `FEN ;D1 n ;D2 n` or `FEN;n1;n2` (the variant comes from the caller),
//! - python-chess `.perft` blocks: `id ...`, `epd FEN`, `perft D n` lines.
//!
//! Blank lines and `#` comments are skipped.

/// One position of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteCase {
    /// The 1-based line of the FEN.
    pub line: usize,
    /// The variant named on the line (variant table form only).
    pub variant: Option<String>,
    /// The position.
    pub fen: String,
    /// `(depth, nodes)` pairs.
    pub counts: Vec<(u32, u64)>,
}

fn bad(line: usize, reason: impl Into<String>) -> String {
    format!("line {line}: {}", reason.into())
}

fn number<T: core::str::FromStr>(line: usize, s: &str, what: &str) -> Result<T, String> {
    s.trim().parse().map_err(|_| bad(line, format!("'{s}' is not a {what}")))
}

/// Reads a suite.
pub fn parse(text: &str) -> Result<Vec<SuiteCase>, String> {
    let mut out: Vec<SuiteCase> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') || l.starts_with("id ") {
            continue;
        }
        if let Some(fen) = l.strip_prefix("epd ") {
            out.push(SuiteCase { line, variant: None, fen: fen.trim().into(), counts: Vec::new() });
            continue;
        }
        if let Some(p) = l.strip_prefix("perft ") {
            let (d, n) = p.trim().split_once(' ').ok_or_else(|| bad(line, "expected 'perft DEPTH NODES'"))?;
            let case = out.last_mut().ok_or_else(|| bad(line, "'perft' before any 'epd'"))?;
            case.counts.push((number(line, d, "depth")?, number(line, n, "node count")?));
            continue;
        }
        let fields: Vec<&str> = l.split(" ; ").collect();
        if fields.len() >= 3 && fields[2].contains('=') {
            let mut counts = Vec::new();
            for t in fields[2].split_whitespace() {
                let (d, n) = t.split_once('=').ok_or_else(|| bad(line, format!("'{t}' is not depth=nodes")))?;
                counts.push((number(line, d, "depth")?, number(line, n, "node count")?));
            }
            out.push(SuiteCase { line, variant: Some(fields[0].trim().into()), fen: fields[1].trim().into(), counts });
            continue;
        }
        let mut parts = l.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        for (k, p) in parts.enumerate() {
            let p = p.trim();
            if p.is_empty() {
                continue;
            }
            if let Some(rest) = p.strip_prefix('D') {
                let (d, n) = rest.split_once(' ').ok_or_else(|| bad(line, format!("'{p}' is not 'Dn count'")))?;
                counts.push((number(line, d, "depth")?, number(line, n, "node count")?));
            } else {
                counts.push((k as u32 + 1, number(line, p, "node count")?));
            }
        }
        out.push(SuiteCase { line, variant: None, fen, counts });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_three_forms() {
        let s = parse("# c\nxiangqi ; 9/9 w ; 1=44 2=1920 ; notes\nFEN a ;D1 20 ;D2 400\nFEN b;20;400\nid x\nepd 8/8 w - -\nperft 1 3\n").unwrap();
        assert_eq!(s.len(), 4);
        assert_eq!(s[0].variant.as_deref(), Some("xiangqi"));
        assert_eq!(s[0].counts, vec![(1, 44), (2, 1920)]);
        assert_eq!(s[1].counts, vec![(1, 20), (2, 400)]);
        assert_eq!(s[2].counts, vec![(1, 20), (2, 400)]);
        assert_eq!((s[3].fen.as_str(), s[3].counts.clone()), ("8/8 w - -", vec![(1, 3)]));
        assert!(parse("perft 1 2").is_err());
        assert!(parse("v ; f ; 1=x ; n").is_err());
    }
}
