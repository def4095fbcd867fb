//! Perft suites in EPD-like text.
//!
//! Two line forms are read:
//! - `FEN ;D1 20 ;D2 400 ;D3 8902` (the common form; depths may be sparse),
//! - `FEN;20;400;8902` (the depth is the position in the list).
//!
//! The FEN may have four fields (as in EPD) or six. Blank lines and lines starting
//! with `#` are skipped.

use crate::position::{FenError, Position};
use core::fmt;

/// One suite line: a position and its expected counts.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The line number in the file, from 1.
    pub line: usize,
    /// The FEN text as written.
    pub fen: String,
    /// The parsed position.
    pub position: Position,
    /// `(depth, nodes)` pairs in the order written.
    pub counts: Vec<(u32, u64)>,
}

/// Why a suite line was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for EpdError {}

/// Parses one suite line (`line` is its number, for errors). `Ok(None)` for a blank
/// or comment line.
pub fn parse_line(text: &str, line: usize, chess960: bool) -> Result<Option<PerftCase>, EpdError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let err = |reason: String| EpdError { line, reason };
    let mut parts = text.split(';');
    let fen = parts.next().unwrap_or("").trim();
    let position = if chess960 { Position::from_fen_variant(fen, true) } else { Position::from_fen(fen) }
        .map_err(|e: FenError| err(e.to_string()))?;
    let mut counts = Vec::new();
    for (i, part) in parts.enumerate() {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (depth, nodes) = match part.split_once(char::is_whitespace) {
            Some((d, n)) => {
                let d = d.strip_prefix('D').or_else(|| d.strip_prefix('d')).unwrap_or(d);
                let depth = d.parse::<u32>().map_err(|_| err(format!("'{part}': bad depth")))?;
                (depth, n.trim())
            }
            None => (i as u32 + 1, part),
        };
        let nodes = nodes.parse::<u64>().map_err(|_| err(format!("'{part}': bad node count")))?;
        if depth == 0 {
            return Err(err(format!("'{part}': depth must be at least 1")));
        }
        counts.push((depth, nodes));
    }
    Ok(Some(PerftCase { line, fen: fen.to_string(), position, counts }))
}

/// Parses a whole suite.
pub fn parse_suite(text: &str, chess960: bool) -> Result<Vec<PerftCase>, EpdError> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if let Some(c) = parse_line(l, i + 1, chess960)? {
            out.push(c);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_line_forms() {
        let a = parse_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66", 1, false).unwrap().unwrap();
        assert_eq!(a.counts, vec![(1, 15), (2, 66)]);
        let b = parse_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1;15;66", 2, false).unwrap().unwrap();
        assert_eq!(b.counts, vec![(1, 15), (2, 66)]);
        assert!(parse_line("# comment", 3, false).unwrap().is_none());
        assert!(parse_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 x", 4, false).is_err());
        assert!(parse_line("garbage ;D1 1", 5, false).is_err());
    }
}
