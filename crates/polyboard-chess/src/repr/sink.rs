//! Where the generators put their moves: a [`Counter`] for bulk counting at the leaves
//! of perft, or a move list. How moves are collected is no part of any representation's
//! technique, so every generator shares these; the generators themselves stay apart.

use crate::types::{Move, Role, Square};
use polyboard_core::MoveList;
use polyboard_core::bitboard::Bits;

/// Counts the moves it is given (bulk perft).
pub(crate) struct Counter(pub u64);

/// Which legal moves a generator produces: all of them, or one of the two stages of
/// [`crate::SearchBoard`] (a const generic parameter, so each stage compiles to its
/// own straight-line code and `ALL` is the generator it always was).
pub(crate) type Stage = u8;
/// Every legal move.
pub(crate) const ALL: Stage = 0;
/// Captures and queen promotions.
pub(crate) const NOISY: Stage = 1;
/// The other legal moves.
pub(crate) const QUIET: Stage = 2;

/// The pieces a pawn reaching the last rank is promoted to in stage `STAGE`: all four
/// for `ALL`, the queen alone for `NOISY`, the three under-promotions for `QUIET`. The
/// order in which promotions are listed.
#[inline(always)]
pub(crate) const fn promotions<const STAGE: Stage>() -> &'static [Role] {
    const ROLES: [&[Role]; 3] = [
        &[Role::Queen, Role::Knight, Role::Rook, Role::Bishop],
        &[Role::Queen],
        &[Role::Knight, Role::Rook, Role::Bishop],
    ];
    ROLES[STAGE as usize]
}

/// True when a move onto a square not holding one of the mover's pieces belongs to
/// stage `STAGE`, given whether it captures (promotions aside: see [`promotions`]).
/// Constant for `ALL`, so it compiles away there.
#[inline(always)]
pub(crate) const fn in_stage<const STAGE: Stage>(capture: bool) -> bool {
    match STAGE {
        NOISY => capture,
        QUIET => !capture,
        _ => true,
    }
}

/// Receives moves as bitboards of target squares: the bitboard generators.
pub(crate) trait BitSink<BB: Bits> {
    /// Normal moves of the piece of role index `role` (pawn 0 .. king 5) on `from` to
    /// each square of `targets`.
    fn piece(&mut self, role: usize, from: usize, targets: BB);
    /// Pawn moves to `targets` from `target - delta` (no promotions).
    fn pawns(&mut self, targets: BB, delta: i32);
    /// The promotions of stage `STAGE` ([`promotions`]) to `targets` from
    /// `target - delta`.
    fn promotions<const STAGE: Stage>(&mut self, targets: BB, delta: i32);
    /// One special move (en passant or castling).
    fn special(&mut self, mv: Move);
}

impl<BB: Bits> BitSink<BB> for Counter {
    #[inline(always)]
    fn piece(&mut self, _role: usize, _from: usize, targets: BB) {
        self.0 += targets.popcount() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: BB, _delta: i32) {
        self.0 += targets.popcount() as u64;
    }
    #[inline(always)]
    fn promotions<const STAGE: Stage>(&mut self, targets: BB, _delta: i32) {
        self.0 += promotions::<STAGE>().len() as u64 * targets.popcount() as u64;
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl<BB: Bits> BitSink<BB> for MoveList<Move> {
    #[inline(always)]
    fn piece(&mut self, _role: usize, from: usize, mut targets: BB) {
        let from = Square::from_index(from as u32);
        while targets.any() {
            self.push(Move::normal(from, Square::from_index(targets.lsb() as u32)));
            targets = targets.clear_lsb();
        }
    }
    #[inline(always)]
    fn pawns(&mut self, mut targets: BB, delta: i32) {
        while targets.any() {
            let to = targets.lsb() as i32;
            self.push(Move::normal(Square::from_index((to - delta) as u32), Square::from_index(to as u32)));
            targets = targets.clear_lsb();
        }
    }
    #[inline(always)]
    fn promotions<const STAGE: Stage>(&mut self, mut targets: BB, delta: i32) {
        while targets.any() {
            let to = targets.lsb() as i32;
            push_promotions::<STAGE>(self, Square::from_index((to - delta) as u32), Square::from_index(to as u32));
            targets = targets.clear_lsb();
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Pushes the promotions of stage `STAGE` ([`promotions`]) from `from` to `to`.
#[inline(always)]
pub(crate) fn push_promotions<const STAGE: Stage>(list: &mut MoveList<Move>, from: Square, to: Square) {
    for &role in promotions::<STAGE>() {
        list.push(Move::promotion(from, to, role));
    }
}

/// How an array representation numbers its squares.
pub(crate) trait Coords {
    /// The square of the representation's index `s`.
    fn square(s: u8) -> Square;
}

/// Receives moves one square pair at a time, in the representation's own square
/// numbering `C`: the array generators.
pub(crate) trait SquareSink<C: Coords> {
    /// A normal move or capture.
    fn add(&mut self, from: u8, to: u8);
    /// A normal move or capture if `cond` holds (a counter adds it without a branch).
    fn add_if(&mut self, cond: bool, from: u8, to: u8);
    /// A pawn reaching the last rank: the promotions of stage `STAGE` ([`promotions`]).
    fn promo<const STAGE: Stage>(&mut self, from: u8, to: u8);
    /// En passant or castling.
    fn special(&mut self, mv: Move);
}

impl<C: Coords> SquareSink<C> for Counter {
    #[inline(always)]
    fn add(&mut self, _from: u8, _to: u8) {
        self.0 += 1;
    }
    #[inline(always)]
    fn add_if(&mut self, cond: bool, _from: u8, _to: u8) {
        self.0 += cond as u64;
    }
    #[inline(always)]
    fn promo<const STAGE: Stage>(&mut self, _from: u8, _to: u8) {
        self.0 += promotions::<STAGE>().len() as u64;
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl<C: Coords> SquareSink<C> for MoveList<Move> {
    #[inline(always)]
    fn add(&mut self, from: u8, to: u8) {
        self.push(Move::normal(C::square(from), C::square(to)));
    }
    #[inline(always)]
    fn add_if(&mut self, cond: bool, from: u8, to: u8) {
        if cond {
            self.push(Move::normal(C::square(from), C::square(to)));
        }
    }
    #[inline(always)]
    fn promo<const STAGE: Stage>(&mut self, from: u8, to: u8) {
        push_promotions::<STAGE>(self, C::square(from), C::square(to));
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}
