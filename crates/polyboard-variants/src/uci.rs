//! UCI move text as Fairy-Stockfish writes it: `e2e4`, `e7e8q` (a pawn promotion, the
//! new piece's letter), `8h2b+` style `+` for a shogi-style promotion, `P@e4` drops
//! (uppercase letter), files past `h` and ranks past 9 (`j10j9`), castling as the king's
//! move (`e1g1`) or, in Chess960 mode, king takes rook (`e1h1`); a gated piece's
//! letter after the move (`b1c3h`), and for a castling move gating on the rook's
//! square the rook's move written backward (`h1e1h`).

use crate::bits::Bits;
use crate::board::{Board, Moves};
use crate::moves::Move;

/// Move text that matches no legal move: the text and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The text given.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

impl core::fmt::Display for MoveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "move '{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for MoveError {}

impl<B: Bits> Board<'_, B> {
    /// The UCI text of a legal move of this position.
    pub fn move_text(&self, mv: Move) -> String {
        let r = &self.t.rules;
        self.write_move(mv, &|sq| r.square_name(sq), '@')
    }

    /// Whether the piece on `from` has an ordinary move to `to` (a castling king's
    /// square that its own step also reaches).
    fn king_steps_to(&self, from: usize, to: usize) -> bool {
        let Some((ty, us)) = self.piece_on(from) else { return false };
        let (quiet, caps) = self.reach(ty, us, from, self.occupied(), self.pieces_of(us ^ 1));
        (quiet | caps).has(to)
    }

    /// A move's text with squares named by `name` and drops marked by `drop` (`@` in
    /// UCI, `*` in USI); the rest is written the same way in both.
    pub(crate) fn write_move(&self, mv: Move, name: &dyn Fn(usize) -> String, drop: char) -> String {
        let r = &self.t.rules;
        if mv.is_drop() {
            // A piece dropped as its promoted type (`dropPromoted`): `+` and the letter of
            // the piece in hand, as Fairy-Stockfish writes it (`+S@b2`).
            let (to, ty) = mv.drop(0);
            let plus = if ty != mv.hand_type() && r.pieces[ty].base.is_some() { "+" } else { "" };
            return format!("{plus}{}{drop}{}", r.pieces[ty].letter.to_ascii_uppercase(), name(to));
        }
        let from = mv.pickup(0);
        let (to, ty) = mv.drop(0);
        let gate = mv.is_gating().then(|| mv.drop(mv.drops() - 1));
        let mut s = if mv.is_castling() {
            let rook = mv.pickup(1);
            if gate.is_some_and(|g| g.0 == rook && g.0 != from) {
                format!("{}{}", name(rook), name(from))
            } else if r.chess960 || self.king_steps_to(from, to) {
                // Chess960's king takes rook; also, as Fairy-Stockfish writes it, where
                // the king's castling square is one it could step to (diana's `d1f1`).
                format!("{}{}", name(from), name(rook))
            } else {
                format!("{}{}", name(from), name(to))
            }
        } else {
            format!("{}{}", name(from), name(to))
        };
        if mv.is_promotion() {
            if r.piece_demotion && self.is_demotion(mv) {
                s.push('-');
            } else if r.pieces[ty].base.is_some() {
                s.push('+');
            } else {
                s.push(r.pieces[ty].letter);
            }
        }
        if let Some((_, gt)) = gate {
            s.push(r.pieces[gt].letter);
        }
        if let Some(w) = mv.wall() {
            s += &format!(",{}{}", name(to), name(w));
        } else if r.wall_or_move {
            // Fairy-Stockfish's wall field of a move without a wall names its first square.
            s += &format!(",{}{}", name(to), name(0));
        }
        s
    }

    /// The legal move written `text` (see [`Board::move_text`]; castling is also read
    /// in the other of the two notations).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mut list = Moves::new();
        self.generate(&mut list);
        let r = &self.t.rules;
        for &mv in list.iter() {
            if self.move_text(mv) == text {
                return Ok(mv);
            }
        }
        // Castling written the other way (king to destination, or king takes rook).
        for &mv in list.iter().filter(|m| m.is_castling() && !m.is_gating()) {
            let (from, rook, to) = (mv.pickup(0), mv.pickup(1), mv.to());
            let alt = if r.chess960 { (from, to) } else { (from, rook) };
            if format!("{}{}", r.square_name(alt.0), r.square_name(alt.1)) == text {
                return Ok(mv);
            }
        }
        let bad = |reason: &str| MoveError { text: text.into(), reason: reason.into() };
        if text.is_empty()
            || text.len() > 16
            || !text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '@' | '+' | ','))
        {
            return Err(bad("not UCI move text"));
        }
        Err(bad("not a legal move in this position"))
    }
}
