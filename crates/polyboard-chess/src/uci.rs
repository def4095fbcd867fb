//! UCI move text: `e2e4`, `e7e8q`, castling as `e1g1` (standard) or king-takes-rook
//! `e1h1` (Chess960).

use crate::position::{Position, clip};
use crate::types::{CastlingSide, Move, MoveKind, Role, Square};
use core::fmt;

/// Why a UCI move was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciError {
    /// Not of the form `<from><to>[promotion]`.
    Syntax(String),
    /// Well formed, but not a legal move here.
    Illegal(String),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax(s) => write!(f, "UCI move '{s}': expected <from><to>[q|r|b|n], like e2e4 or e7e8q"),
            UciError::Illegal(s) => write!(f, "UCI move '{s}': not a legal move in this position"),
        }
    }
}

impl std::error::Error for UciError {}

/// The UCI text of `mv`, a legal move in `pos`. Castling is king-takes-rook when
/// `pos` is Chess960, king-two-squares otherwise.
pub fn format(pos: &Position, mv: Move) -> String {
    let (from, to) = (mv.from(), mv.to());
    match mv.kind() {
        MoveKind::Castle if !pos.is_chess960() => {
            let side = CastlingSide::of(from, to);
            format!("{from}{}", Square::from_coords(side.king_to_file(), from.rank()))
        }
        MoveKind::Promotion(r) => format!("{from}{to}{}", r.char()),
        _ => format!("{from}{to}"),
    }
}

/// Parses UCI text into a legal move of `pos`.
///
/// Castling is accepted both as king-takes-rook and as the king's two-square step
/// (when the king stands on its castling rank and no normal king move matches), in
/// either game, as python-chess does.
pub fn parse(pos: &Position, text: &str) -> Result<Move, UciError> {
    let b = text.as_bytes();
    let syntax = || UciError::Syntax(clip(text));
    if !(4..=5).contains(&b.len()) {
        return Err(syntax());
    }
    let from = Square::from_bytes(b[0], b[1]).ok_or_else(syntax)?;
    let to = Square::from_bytes(b[2], b[3]).ok_or_else(syntax)?;
    let promo = match b.get(4) {
        None => None,
        Some(&c) => match Role::from_char(c as char) {
            Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) if c.is_ascii_lowercase() => Some(r),
            _ => return Err(syntax()),
        },
    };
    let legal = pos.legal_moves();
    let found = legal.iter().copied().find(|m| {
        if m.from() != from || m.promotion_role() != promo {
            return false;
        }
        match m.kind() {
            MoveKind::Castle => {
                let king_to = Square::from_coords(CastlingSide::of(m.from(), m.to()).king_to_file(), from.rank());
                m.to() == to || (king_to == to && from.file().abs_diff(to.file()) > 1)
            }
            _ => m.to() == to,
        }
    });
    // A normal king move to the same square wins over the castling reading.
    let normal = legal.iter().copied().find(|m| !m.is_castle() && m.from() == from && m.to() == to && promo.is_none());
    normal.or(found).ok_or_else(|| UciError::Illegal(clip(text)))
}
