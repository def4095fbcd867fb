//! Perft suites in the shogi data file's format:
//! `SFEN ;D1 n ;D2 n ... ;id "name"  # note`, one position a line. Lines starting with
//! `#` (comments, and the `#P`/`#X` lines of other rule sets) and blank lines are
//! skipped; `SFEN;n1;n2;...` (counts by position) is read too.

use crate::position::Position;

/// One position of a suite and its published counts.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The 1-based line number in the file.
    pub line: usize,
    /// The position.
    pub position: Position,
    /// The SFEN as written.
    pub sfen: String,
    /// The `id` field, or empty.
    pub id: String,
    /// `(depth, nodes)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Parses a suite; an error names the line and the field.
pub fn parse_suite(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line = line.split_once(" #").map_or(line, |(l, _)| l);
        let mut parts = line.split(';');
        let sfen = parts.next().unwrap_or("").trim();
        let position = Position::from_sfen(sfen).map_err(|e| format!("line {}: {e}", n + 1))?;
        let mut counts = Vec::new();
        let mut id = String::new();
        for (i, field) in parts.enumerate() {
            let field = field.trim();
            if let Some(rest) = field.strip_prefix("id") {
                id = rest.trim().trim_matches('"').to_string();
                continue;
            }
            let (depth, nodes) = match field.strip_prefix('D') {
                Some(rest) => {
                    let mut it = rest.split_whitespace();
                    let d = it.next().and_then(|d| d.parse::<u32>().ok());
                    let c = it.next().and_then(|c| c.parse::<u64>().ok());
                    match (d, c, it.next()) {
                        (Some(d), Some(c), None) => (d, c),
                        _ => return Err(format!("line {}: field '{field}' is not 'D<depth> <nodes>'", n + 1)),
                    }
                }
                None => match field.parse::<u64>() {
                    Ok(c) => (i as u32 + 1, c),
                    Err(_) => {
                        return Err(format!(
                            "line {}: field '{field}' is neither 'D<depth> <nodes>' nor a count",
                            n + 1
                        ));
                    }
                },
            };
            counts.push((depth, nodes));
        }
        cases.push(PerftCase { line: n + 1, position, sfen: sfen.to_string(), id, counts });
    }
    Ok(cases)
}
