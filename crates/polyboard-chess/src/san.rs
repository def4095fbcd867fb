//! Standard Algebraic Notation: `e4`, `Nbd7`, `R1a3`, `Qh4xe1`, `exd6`, `e8=Q+`, `O-O-O#`.
//!
//! Writing follows the PGN standard: the piece letter, then the least disambiguation
//! among legal moves (file, else rank, else both), `x` for captures, `=Q` for
//! promotions, and `+` or `#`. Reading is lenient the way python-chess is: it
//! accepts missing or extra check marks and annotations (`!?`), `0-0` for `O-O`,
//! needless disambiguation, and a promotion without `=`.

use crate::position::{Position, clip};
use crate::types::{CastlingSide, Move, MoveKind, Role, Square};
use core::fmt;

/// Why SAN text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN at all.
    Syntax(String),
    /// Well formed, but no legal move matches.
    Illegal(String),
    /// Several legal moves match.
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax(s) => write!(f, "SAN '{s}': not a move in standard algebraic notation"),
            SanError::Illegal(s) => write!(f, "SAN '{s}': no legal move matches"),
            SanError::Ambiguous(s) => write!(f, "SAN '{s}': several legal moves match; add the origin file or rank"),
        }
    }
}

impl std::error::Error for SanError {}

fn moved_role(pos: &Position, mv: Move) -> Role {
    pos.piece_at(mv.from()).map_or(Role::Pawn, |p| p.role)
}

/// The SAN of `mv`, a legal move of `pos`, without the check suffix.
pub fn format_without_suffix(pos: &Position, mv: Move) -> String {
    if mv.is_castle() {
        return match CastlingSide::of(mv.from(), mv.to()) {
            CastlingSide::King => "O-O".into(),
            CastlingSide::Queen => "O-O-O".into(),
        };
    }
    let role = moved_role(pos, mv);
    let capture = mv.is_en_passant() || pos.piece_at(mv.to()).is_some();
    let mut s = String::with_capacity(8);
    if role == Role::Pawn {
        if capture {
            s.push(mv.from().file_char());
        }
    } else {
        s.push(role.upper_char());
        // Other pieces of the same role that can reach the same square.
        let others: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|m| !m.is_castle() && m.to() == mv.to() && m.from() != mv.from() && moved_role(pos, **m) == role)
            .map(|m| m.from())
            .collect();
        if !others.is_empty() {
            let file_unique = others.iter().all(|o| o.file() != mv.from().file());
            let rank_unique = others.iter().all(|o| o.rank() != mv.from().rank());
            if file_unique {
                s.push(mv.from().file_char());
            } else if rank_unique {
                s.push(mv.from().rank_char());
            } else {
                s.push(mv.from().file_char());
                s.push(mv.from().rank_char());
            }
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&mv.to().to_string());
    if let MoveKind::Promotion(r) = mv.kind() {
        s.push('=');
        s.push(r.upper_char());
    }
    s
}

/// The SAN of `mv`, a legal move of `pos`, with `+` or `#` when it checks or mates.
pub fn format(pos: &Position, mv: Move) -> String {
    let mut s = format_without_suffix(pos, mv);
    let after = pos.play(mv);
    if after.is_check() {
        s.push(if after.legal_moves().is_empty() { '#' } else { '+' });
    }
    s
}

/// Parses SAN text into a legal move of `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, SanError> {
    let syntax = || SanError::Syntax(clip(text));
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    if core.is_empty() || !core.is_ascii() {
        return Err(syntax());
    }
    let castle = match core {
        "O-O" | "0-0" => Some(CastlingSide::King),
        "O-O-O" | "0-0-0" => Some(CastlingSide::Queen),
        _ => None,
    };
    let legal = pos.legal_moves();
    if let Some(side) = castle {
        return legal
            .iter()
            .copied()
            .find(|m| m.is_castle() && CastlingSide::of(m.from(), m.to()) == side)
            .ok_or_else(|| SanError::Illegal(clip(text)));
    }
    let b = core.as_bytes();
    let (role, mut rest) = match b[0] {
        c @ (b'N' | b'B' | b'R' | b'Q' | b'K') => (Role::from_char(c as char).ok_or_else(syntax)?, &b[1..]),
        _ => (Role::Pawn, b),
    };
    // Promotion suffix: "=Q" or a bare "Q" after the target square.
    let mut promo = None;
    if let Some((&last, head)) = rest.split_last()
        && let Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) =
            Role::from_char(last as char).filter(|_| last.is_ascii_uppercase())
    {
        promo = Some(r);
        rest = head.strip_suffix(b"=").unwrap_or(head);
    }
    if rest.len() < 2 {
        return Err(syntax());
    }
    let (head, target) = rest.split_at(rest.len() - 2);
    let to = Square::from_bytes(target[0], target[1]).ok_or_else(syntax)?;
    let head = head.strip_suffix(b"x").or_else(|| head.strip_suffix(b":")).unwrap_or(head);
    let (mut from_file, mut from_rank) = (None, None);
    for &c in head {
        match c {
            b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => from_file = Some(c - b'a'),
            b'1'..=b'8' if from_rank.is_none() => from_rank = Some(c - b'1'),
            _ => return Err(syntax()),
        }
    }
    let mut found = None;
    for &m in legal.iter() {
        if m.is_castle()
            || m.to() != to
            || moved_role(pos, m) != role
            || m.promotion_role() != promo
            || from_file.is_some_and(|f| f != m.from().file())
            || from_rank.is_some_and(|r| r != m.from().rank())
        {
            continue;
        }
        if found.is_some() {
            return Err(SanError::Ambiguous(clip(text)));
        }
        found = Some(m);
    }
    found.ok_or_else(|| SanError::Illegal(clip(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_round_trip() {
        let p = Position::startpos();
        let m = parse(&p, "Nf3").unwrap();
        assert_eq!(format(&p, m), "Nf3");
        assert!(matches!(parse(&p, "Nf4"), Err(SanError::Illegal(_))));
        assert!(matches!(parse(&p, "Zz9"), Err(SanError::Syntax(_))));
        assert!(matches!(parse(&p, ""), Err(SanError::Syntax(_))));
    }
}
