//! SFEN and USI move text for the variants, as Fairy-Stockfish writes them when it
//! speaks USI (its `UCI::square` and `UCI::move` under the USI protocol):
//!
//! - A square is its file counted from the right, then its rank as a letter from the
//!   top: on shogi's 9x9 board Fairy-Stockfish's `a1` is `9i`, on minishogi's 5x5 it is
//!   `5e`. Files past 9 take two digits (`12a`).
//! - Moves: `7g7f`, `8h2b+` (a promotion to a `+` type), drops `P*5e` (uppercase
//!   letter, either side); a promotion with a choice of pieces ends with the piece's
//!   letter, as in UCI. A `=` after a move (Fairy-Stockfish's "does not promote") is
//!   accepted on input.
//! - SFEN: `board side hands move-number`. The board is written as in Fairy-Stockfish's
//!   FEN (the side that moves first in uppercase at the bottom, the top rank first,
//!   `+` before a promoted piece); the side is `b` for the side that moves first
//!   (Fairy-Stockfish's `w`) and `w` for the other; the hands are counts and letters
//!   (`2Pn`, `-` for none; written in the order `RBGSNLP`, then the variant's other
//!   letters, the first mover's first); the move number counts plies from 1.
//!   Fairy-Stockfish's own reading of a move number `n` is kept: `n - 1` plies were
//!   played, so FEN's move number is `1 + (n - 1 - side) / 2`.

use crate::bits::Bits;
use crate::board::{Board, Moves};
use crate::moves::Move;
use crate::rules::Rules;
use crate::tables::Tables;
use crate::uci::MoveError;

/// An SFEN that cannot be read: the field (1 board, 2 side, 3 hands, 4 move number; 0
/// the whole) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SfenError {
    /// 1-based field number, 0 for the SFEN as a whole.
    pub field: usize,
    /// What is wrong.
    pub reason: String,
}

impl core::fmt::Display for SfenError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let name = match self.field {
            0 => return write!(f, "SFEN: {}", self.reason),
            1 => "board",
            2 => "side to move",
            3 => "hands",
            _ => "move number",
        };
        write!(f, "SFEN field {} ({name}): {}", self.field, self.reason)
    }
}

impl std::error::Error for SfenError {}

fn err<T>(field: usize, reason: impl Into<String>) -> Result<T, SfenError> {
    Err(SfenError { field, reason: reason.into() })
}

/// The hand letters in the order SFEN writes them: shogi's `RBGSNLP`, then the rest.
const HAND_ORDER: &str = "rbgsnlp";

impl Rules {
    /// The USI name of a square (`5e`, `12a`).
    pub fn usi_square_name(&self, sq: usize) -> String {
        let (file, rank) = (sq % self.files, sq / self.files);
        format!("{}{}", self.files - file, (b'a' + (self.ranks - 1 - rank) as u8) as char)
    }
}

impl<'a, B: Bits> Board<'a, B> {
    /// The USI text of a legal move of this position.
    pub fn usi_move_text(&self, mv: Move) -> String {
        let r = &self.t.rules;
        self.write_move(mv, &|sq| r.usi_square_name(sq), '*')
    }

    /// The legal move written `text` in USI (see [`Board::usi_move_text`]).
    pub fn parse_usi_move(&self, text: &str) -> Result<Move, MoveError> {
        let bad = |reason: &str| MoveError { text: text.into(), reason: reason.into() };
        if text.is_empty()
            || text.len() > 12
            || !text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '*' | '+' | '-' | '='))
        {
            return Err(bad("not USI move text"));
        }
        let plain = text.strip_suffix('=').unwrap_or(text);
        let mut list = Moves::new();
        self.generate(&mut list);
        list.iter()
            .copied()
            .find(|&mv| self.usi_move_text(mv) == plain)
            .ok_or_else(|| bad("not a legal move in this position"))
    }

    /// Reads an SFEN (see the module's documentation) of the variant the tables were
    /// built for, or the variant's FEN with holdings as Fairy-Stockfish and pyffish
    /// write it (`board[hands] w - - 0 1`, the clocks and the castling and en passant
    /// fields optional). The position has no castling rights and no en passant square.
    pub fn from_sfen(t: &'a Tables<B>, text: &str) -> Result<Board<'a, B>, SfenError> {
        let r = &t.rules;
        let converted = polyboard_core::sfen::from_fsf_fen(text);
        let text = converted.as_deref().unwrap_or(text);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() || fields.len() > 4 {
            return err(0, format!("expected 1 to 4 fields (board side hands move-number), found {}", fields.len()));
        }
        let board = fields[0];
        if let Some(c) = board.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '/'))) {
            return err(1, format!("'{c}' is not a piece letter, digit, '+' or '/'"));
        }
        let side = match fields.get(1).copied().unwrap_or("b") {
            "b" => 0,
            "w" => 1,
            s => return err(2, format!("'{s}' is neither 'b' nor 'w'")),
        };
        let hand = hand_text(r, fields.get(2).copied().unwrap_or("-"))?;
        let ply = match fields.get(3) {
            None => 0,
            Some(s) => match s.parse::<u32>() {
                Ok(n) if n >= 1 => n - 1,
                _ => return err(4, format!("'{s}' is not a positive integer")),
            },
        };
        let fullmove = 1 + ply.saturating_sub(side) / 2;
        let holdings = if r.drops || r.seirawan_gating { format!("[{hand}]") } else { String::new() };
        let fen = format!("{board}{holdings} {} - - 0 {fullmove}", if side == 0 { 'w' } else { 'b' });
        Board::from_fen(t, &fen).map_err(|e| SfenError { field: if e.field == 1 { 1 } else { 0 }, reason: e.reason })
    }

    /// The SFEN of the position (see the module's documentation; castling rights and
    /// en passant squares are not written).
    pub fn sfen(&self) -> String {
        let r = &self.t.rules;
        let fen = self.fen();
        let place = fen.split([' ', '[']).next().unwrap_or_default().replace('~', "");
        let first: Vec<usize> = HAND_ORDER.chars().filter_map(|c| r.type_of_letter(c)).collect();
        let rest = (0..r.pieces.len()).filter(|ty| r.pieces[*ty].base.is_none() && !first.contains(ty));
        let order: Vec<usize> = first.iter().copied().chain(rest).collect();
        let mut hand = String::new();
        for color in 0..2 {
            for &ty in &order {
                let n = self.in_hand(color, ty);
                if n > 1 {
                    hand += &n.to_string();
                }
                if n > 0 {
                    let l = r.pieces[ty].letter;
                    hand.push(if color == 0 { l.to_ascii_uppercase() } else { l });
                }
            }
        }
        let side = self.side_to_move();
        let ply = 2 * (self.fullmove as usize).saturating_sub(1) + side + 1;
        let hand = if hand.is_empty() { "-".to_string() } else { hand };
        format!("{place} {} {hand} {ply}", if side == 0 { 'b' } else { 'w' })
    }
}

/// The hands of an SFEN (`2Pn`, `-`) as Fairy-Stockfish FEN holdings (`PPn`).
fn hand_text(r: &Rules, text: &str) -> Result<String, SfenError> {
    if text == "-" {
        return Ok(String::new());
    }
    if !r.drops && !r.gating {
        return err(3, format!("{} has no hands", r.name));
    }
    let mut out = String::new();
    let mut count: Option<u32> = None;
    let mut total = [0u32; 2];
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n == 0 || n > 255 {
                return err(3, format!("count '{n}' is out of range 1..=255"));
            }
            count = Some(n);
            continue;
        }
        let ty = match c.is_ascii_alphabetic().then(|| r.type_of_letter(c.to_ascii_lowercase())).flatten() {
            Some(ty) if !r.pieces[ty].royal => ty,
            _ => return err(3, format!("'{c}' is not a hand piece of {}", r.name)),
        };
        let n = count.take().unwrap_or(1);
        let side = usize::from(c.is_ascii_lowercase());
        total[side] += n;
        if total[side] > 255 {
            return err(3, "more than 255 pieces in a hand");
        }
        let letter = if side == 0 { r.pieces[ty].letter.to_ascii_uppercase() } else { r.pieces[ty].letter };
        out.extend(std::iter::repeat_n(letter, n as usize));
    }
    if count.is_some() {
        return err(3, "a count is not followed by a piece letter");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::{Board, Tables, VariantSet};

    fn tables(variant: &str) -> Tables<u128> {
        Tables::new(VariantSet::builtin().rules(variant).unwrap())
    }

    #[test]
    fn squares_count_files_from_the_right_and_ranks_from_the_top() {
        let t = tables("minishogi");
        let r = &t.rules;
        assert_eq!(r.usi_square_name(r.square(0, 0)), "5e");
        assert_eq!(r.usi_square_name(r.square(4, 4)), "1a");
        let t = tables("shogi");
        assert_eq!(t.rules.usi_square_name(t.rules.square(2, 2)), "7g");
    }

    #[test]
    fn bad_sfens_name_their_field() {
        let t = tables("minishogi");
        for (text, field) in [
            ("", 0),
            ("rbsgk/4p/5/P4/KGSBR b - 1 x", 0),
            // pyffish's FEN is read too, and its holdings are the hands.
            ("rbsgk/4p/5/P4/KGSBR[Q] w 0 1", 3),
            ("rbsgk/4p/5/P4/KGSB b - 1", 1),
            ("rbsgk/4p/5/P4/KGSBR x - 1", 2),
            ("rbsgk/4p/5/P4/KGSBR b 2 1", 3),
            ("rbsgk/4p/5/P4/KGSBR b 0P 1", 3),
            ("rbsgk/4p/5/P4/KGSBR b K 1", 3),
            ("rbsgk/4p/5/P4/KGSBR b 200P100P 1", 3),
            ("rbsgk/4p/5/P4/KGSBR b - 0", 4),
        ] {
            let Err(e) = Board::from_sfen(&t, text) else { panic!("{text} reads") };
            assert_eq!(e.field, field, "{text}: {e}");
        }
    }

    #[test]
    fn usi_text_is_read_back_and_equals_marks_no_promotion() {
        let t = tables("minishogi");
        let b = Board::from_sfen(&t, "rbsgk/4p/5/P4/KGSBR b - 1").unwrap();
        assert_eq!(b.usi_move_text(b.parse_usi_move("5d5c").unwrap()), "5d5c");
        assert_eq!(b.usi_move_text(b.parse_usi_move("5d5c=").unwrap()), "5d5c");
        assert!(b.parse_usi_move("5d5c+").is_err());
        assert!(b.parse_usi_move("P@5c").is_err());
        assert!(b.parse_usi_move("").is_err());
    }
}
