//! USI move text: `7g7f`, `8h2b+`, `P*5e`.

use crate::position::Position;
use crate::types::*;
use core::fmt;

/// A USI move the parser rejects: the move text, the part at fault and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsiError {
    /// The text as given.
    pub text: String,
    /// The part at fault: "move", "from", "to", "piece", "promotion" or "legality".
    pub field: &'static str,
    /// Why.
    pub reason: String,
}

impl fmt::Display for UsiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "USI move '{}' ({}): {}", self.text, self.field, self.reason)
    }
}

impl std::error::Error for UsiError {}

fn err(text: &str, field: &'static str, reason: impl Into<String>) -> UsiError {
    UsiError { text: text.to_string(), field, reason: reason.into() }
}

fn parse_square(text: &str, field: &'static str, b: &[u8]) -> Result<Square, UsiError> {
    let (f, r) = (b[0], b[1]);
    if !(b'1'..=b'9').contains(&f) {
        return Err(err(text, field, format!("file '{}' is not 1-9", f as char)));
    }
    if !(b'a'..=b'i').contains(&r) {
        return Err(err(text, field, format!("rank '{}' is not a-i", r as char)));
    }
    Ok(square((f - b'0') as usize, (r - b'a') as usize))
}

/// Parses the syntax of a USI move, without a position.
pub fn parse_syntax(text: &str) -> Result<Move, UsiError> {
    let b = text.as_bytes();
    if !text.is_ascii() || !(b.len() == 4 || b.len() == 5) {
        return Err(err(text, "move", "expected 4 or 5 ASCII characters, as in 7g7f, 8h2b+ or P*5e"));
    }
    if b[1] == b'*' {
        let kind = match Kind::from_letter(b[0] as char) {
            Some(k) if b[0].is_ascii_uppercase() && k != Kind::King => k,
            _ => {
                return Err(err(text, "piece", format!("'{}' is not a droppable piece (P L N S G B R)", b[0] as char)));
            }
        };
        if b.len() != 4 {
            return Err(err(text, "promotion", "a drop never promotes"));
        }
        return Ok(Move::drop(kind, parse_square(text, "to", &b[2..4])?));
    }
    let from = parse_square(text, "from", &b[0..2])?;
    let to = parse_square(text, "to", &b[2..4])?;
    let promote = match b.get(4) {
        None => false,
        Some(b'+') => true,
        Some(&c) => return Err(err(text, "promotion", format!("'{}' is not '+'", c as char))),
    };
    if from == to {
        return Err(err(text, "to", "the origin and the destination are the same square"));
    }
    Ok(Move::normal(from, to, promote))
}

/// Parses a USI move and checks that it is legal in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, UsiError> {
    let mv = parse_syntax(text)?;
    if !mv.is_drop() {
        match pos.board[mv.from()] {
            None => return Err(err(text, "from", "no piece on the origin square")),
            Some(p) if p.color() != pos.turn => {
                return Err(err(text, "from", "the piece there belongs to the side not to move"));
            }
            _ => {}
        }
    } else if pos.hands[pos.turn.index()][mv.drop_kind().index() - 1] == 0 {
        return Err(err(text, "piece", "the side to move has none in hand"));
    }
    if !pos.is_legal(mv) {
        return Err(err(text, "legality", "not a legal move in this position"));
    }
    Ok(mv)
}

/// The USI text of `mv` (its [`Display`](core::fmt::Display) text).
pub fn format(mv: Move) -> String {
    mv.to_string()
}
