//! Static exchange evaluation (SEE) and pin detection, the slides' open question
//! ("The Static Exchange Evaluator and pin analysis can be implemented efficiently with
//! bitboards. Faster than using attack tables?"). Each representation answers both in
//! its own technique ([`Tactics`]); they share only the swap rule below and must give
//! the same answers.
//!
//! # SEE, as defined here
//!
//! The material (values [`crate::experiment::VALUE`]) that the side to move wins by playing the
//! board move `mv` onto square `s`, if then both sides keep capturing on `s` with their
//! least valuable attacker while that pays:
//! - the first capture gains [`crate::experiment::capture_gain`] of the captured piece
//!   (its board value and its unpromoted kind in hand), plus
//!   [`crate::experiment::promotion_gain`] when `mv` promotes;
//! - recaptures never promote, and every piece's value is its kind's value;
//! - attackers are pieces whose move reaches `s` given the pieces still on the board:
//!   a piece that captured leaves its square, so a slider (lance, rook, bishop, horse,
//!   dragon) behind it on the same line joins (x-rays); pins are not considered, except
//!   that a king captures only when the other side has no attacker left;
//! - the least valuable attacker is the first in the order pawn, lance, knight, silver,
//!   gold, promoted pawn, promoted lance, promoted knight, promoted silver, bishop, horse,
//!   rook, dragon, king ([`ORDER`]: by value, then by kind number); among pieces of one
//!   kind, the one on the lowest square (canonical numbering, 1a = 0);
//! - the swap list is backed up as usual (either side may stop capturing).
//!
//! # Pins
//!
//! The pieces of a color that stand alone between their king and an opponent's lance,
//! rook, bishop, horse or dragon that would otherwise attack the king along that line.

use crate::ShogiBoard;
use crate::experiment::{capture_gain, promotion_gain};
use crate::types::{Color, Kind, Move};

/// The order in which the exchange uses attackers: by value, then by kind number; the
/// king last.
pub const ORDER: [Kind; 14] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Gold,
    Kind::ProPawn,
    Kind::ProLance,
    Kind::ProKnight,
    Kind::ProSilver,
    Kind::Bishop,
    Kind::Horse,
    Kind::Rook,
    Kind::Dragon,
    Kind::King,
];

/// SEE and pin detection, in a representation's own technique.
pub trait Tactics: ShogiBoard {
    /// The static exchange value of the legal board move `mv` (see the module).
    fn see(&self, mv: Move) -> i32;
    /// The pieces of `color` pinned to its king, bit `sq` for canonical square `sq`.
    fn pinned_squares(&self, color: Color) -> u128;
}

/// The attackers of one square during an exchange, as a representation keeps them.
pub trait Exchange {
    /// Takes the least valuable attacker of `side` (in [`ORDER`], lowest square first)
    /// off the board, revealing what stood behind it, and returns its kind.
    fn pop_least(&mut self, side: Color) -> Option<Kind>;
    /// True when `side` has an attacker left.
    fn any(&mut self, side: Color) -> bool;
}

/// The swap rule: the exchange on the target square of `mv`, whose mover (`moved`,
/// before promotion) has already left its square in `ex`, against `them` to recapture.
pub fn swap(ex: &mut impl Exchange, mv: Move, moved: Kind, captured: Option<Kind>, them: Color) -> i32 {
    let mut gain = [0i32; 48];
    gain[0] = captured.map_or(0, capture_gain);
    let mut on_square = moved;
    if mv.is_promotion() {
        gain[0] += promotion_gain(moved);
        on_square = moved.promoted();
    }
    let mut side = them;
    let mut d = 0;
    while d + 1 < gain.len() {
        let Some(kind) = ex.pop_least(side) else { break };
        if kind == Kind::King && ex.any(side.flip()) {
            break;
        }
        d += 1;
        gain[d] = capture_gain(on_square) - gain[d - 1];
        on_square = kind;
        side = side.flip();
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}
