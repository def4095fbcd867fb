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

/// Why a suite line was rejected: the line, and which of its fields is wrong how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    /// The line number, from 1.
    pub line: usize,
    /// The field and the reason.
    pub kind: EpdErrorKind,
}

/// The field of a suite line that is wrong, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpdErrorKind {
    /// The FEN, rejected by [`Position::from_fen`] (the error names its field).
    Fen(FenError),
    /// A `;Dn count` field whose depth is not a number (the field as written).
    Depth(String),
    /// A field whose node count is not a number (the field as written).
    Count(String),
    /// A field of depth 0 (the field as written): perft suites start at depth 1.
    ZeroDepth(String),
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            EpdErrorKind::Fen(e) => write!(f, "{e}"),
            EpdErrorKind::Depth(part) => write!(f, "'{part}': bad depth"),
            EpdErrorKind::Count(part) => write!(f, "'{part}': bad node count"),
            EpdErrorKind::ZeroDepth(part) => write!(f, "'{part}': depth must be at least 1"),
        }
    }
}

impl std::error::Error for EpdError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            EpdErrorKind::Fen(e) => Some(e),
            _ => None,
        }
    }
}

/// Parses one suite line (`line` is its number, for errors). `Ok(None)` for a blank
/// or comment line.
pub fn parse_line(text: &str, line: usize, chess960: bool) -> Result<Option<PerftCase>, EpdError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let err = |kind: EpdErrorKind| EpdError { line, kind };
    let mut parts = text.split(';');
    let fen = parts.next().unwrap_or("").trim();
    let position = if chess960 { Position::from_fen_variant(fen, true) } else { Position::from_fen(fen) }
        .map_err(|e: FenError| err(EpdErrorKind::Fen(e)))?;
    let mut counts = Vec::new();
    for (i, part) in parts.enumerate() {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (depth, nodes) = match part.split_once(char::is_whitespace) {
            Some((d, n)) => {
                let d = d.strip_prefix('D').or_else(|| d.strip_prefix('d')).unwrap_or(d);
                let depth = d.parse::<u32>().map_err(|_| err(EpdErrorKind::Depth(part.to_string())))?;
                (depth, n.trim())
            }
            None => (i as u32 + 1, part),
        };
        let nodes = nodes.parse::<u64>().map_err(|_| err(EpdErrorKind::Count(part.to_string())))?;
        if depth == 0 {
            return Err(err(EpdErrorKind::ZeroDepth(part.to_string())));
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
        let e = parse_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 x", 4, false).unwrap_err();
        assert_eq!(e.kind, EpdErrorKind::Count("D1 x".into()));
        assert_eq!(e.to_string(), "line 4: 'D1 x': bad node count");
        let e = parse_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;Dx 5", 5, false).unwrap_err();
        assert_eq!(e.kind, EpdErrorKind::Depth("Dx 5".into()));
        let e = parse_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D0 1", 6, false).unwrap_err();
        assert_eq!(e.kind, EpdErrorKind::ZeroDepth("D0 1".into()));
        let e = parse_line("garbage ;D1 1", 7, false).unwrap_err();
        assert!(matches!(e.kind, EpdErrorKind::Fen(_)), "{e}");
        assert!(e.to_string().starts_with("line 7: FEN"), "{e}");
    }
}
