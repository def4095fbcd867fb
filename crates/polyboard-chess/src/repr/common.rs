//! What every representation keeps and does alike, written once: the undo record, the
//! bookkeeping of the side to move, the clocks, the en passant square and the key (for a
//! move and for the null move), and the impls of [`crate::Board`],
//! [`crate::SearchBoard`], `PerftNode`, `MakeUnmake` and `Debug`, which only pass on to
//! the representation's own generator, make, unmake and queries ([`representation!`]).
//! None of it is part of a technique: the pieces, the castling rights and the en
//! passant square stay in whatever form each representation keeps them.

use crate::position::Position;
use crate::types::{CastlingSide, Color, Piece, Role, Square};
use crate::zobrist;

/// What `MakeUnmake::unmake` needs to restore a position: the key, the halfmove clock,
/// the castling rights `C` and the en passant square in the representation's own form,
/// and what the move captured, `X` (the representation's own code for it).
#[derive(Clone, Copy, Debug)]
pub struct Undo<C, X = u8> {
    pub(crate) zobrist: u64,
    pub(crate) halfmove: u32,
    pub(crate) castling: C,
    pub(crate) ep: u8,
    pub(crate) captured: X,
}

/// The castling rooks of `pos`, white king side, white queen side, black king side,
/// black queen side, for the representations that keep them as four squares.
pub(crate) fn castle_rooks(pos: &Position) -> [Option<Square>; 4] {
    let side = |i: usize| if i & 1 == 0 { CastlingSide::King } else { CastlingSide::Queen };
    core::array::from_fn(|i| pos.castling_rook(Color::ALL[i >> 1], side(i)))
}

/// The squares (0..64) a castling king on `king` and its rook on `rook` (same rank)
/// land on: the g- and f-files towards the h-file, the c- and d-files towards the
/// a-file.
#[inline(always)]
pub(crate) fn castle_targets(king: usize, rook: usize) -> (usize, usize) {
    let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
    let base = king & 56;
    (base + side.king_to_file() as usize, base + side.rook_to_file() as usize)
}

/// The square of index `i` (0..64).
#[inline(always)]
pub(crate) fn square(i: usize) -> Square {
    Square::from_index(i as u32)
}

/// The piece of a Table 1 code of the CCR paper, `colour << 3 | (role + 1)` (the code
/// of `ccr`, `quad` and [`crate::PieceSets`]); `None` for 0, the empty square.
#[inline]
pub(crate) fn piece_of_code(code: usize) -> Option<Piece> {
    let role = Role::from_index((code & 7).checked_sub(1)? % 6);
    Some(Piece { color: if code & 8 == 0 { Color::White } else { Color::Black }, role })
}

/// Clears the castling rights kept as four rook squares (`0xff` for none) whose index
/// and square `gone` names; returns their keys, each rook square turned into 0..64 by
/// `square`.
#[inline(always)]
pub(crate) fn drop_rights(rooks: &mut [u8; 4], gone: impl Fn(usize, u8) -> bool, square: impl Fn(u8) -> usize) -> u64 {
    let mut key = 0;
    for (i, r) in rooks.iter_mut().enumerate() {
        if *r != 0xff && gone(i, *r) {
            key ^= zobrist::CASTLE[square(*r) & 63];
            *r = 0xff;
        }
    }
    key
}

/// Implements `PerftNode`, `MakeUnmake`, [`crate::Board`], [`crate::SearchBoard`] and
/// `Debug` for the representation `$ty` named `$name`, whose generator writes into the
/// sinks of trait `$sink`, with [`Undo`]`<$castling, $x>`
/// for undo records, `$none` for "nothing captured" in them and `$no_ep` for "no en
/// passant square". Writes, once for all, what the representations keep alike: the
/// move prologue ([`begin_move`](#begin_move): the side's and the en passant square's
/// keys, the clocks), the undo record, unmake's restoring of the state, the null move,
/// the conversion back to a [`Position`], the stages of generation.
///
/// The type keeps fields `zobrist: u64`, `halfmove: u32`, `fullmove: u32`, `ep: u8`,
/// `turn: Color`, `chess960: bool` and `castling: $castling`, and supplies inherent
/// methods with its own technique: `generate::<W, STAGE, S>(sink)` (the legal moves of
/// stage `STAGE` of White, `W`, or Black into any sink `S: $sink`: a `Counter` and a
/// move list), `make_in_place(m) -> Undo`, `take_back(m, &undo)` (the
/// pieces only), `of_position(pos)`, `castling_bits()` and `ep_square()` (as a
/// [`Position`] keeps them), `in_check()`, `piece_at(sq)`, `sets()` and
/// `attackers_of(sq, occ)`. With `walk = f`, perft walks the tree with the inherent
/// `f(depth, full)` (see `PerftNode::walk`) instead of the generic walk.
macro_rules! representation {
    (impl[$($g:tt)*] $ty:ty, $name:expr, $sink:path, $castling:ty, $x:ty, $none:expr, $no_ep:expr $(, walk = $walk:ident)?) => {
        impl<$($g)*> $ty {
            /// Generates the legal moves of stage `STAGE` of the side to move into `sink`.
            #[inline(always)]
            fn generate_stage<const STAGE: $crate::repr::sink::Stage, S: $sink>(&self, sink: &mut S) {
                if self.turn == $crate::Color::White {
                    self.generate::<true, STAGE, S>(sink)
                } else {
                    self.generate::<false, STAGE, S>(sink)
                }
            }

            /// The bookkeeping every move begins with (the null move too): the key
            /// changes side and loses the en passant square, which goes, the halfmove
            /// clock counts one more ply and the fullmove number one more move after
            /// Black's. Returns the key so far; the side to move is left as it was.
            #[inline(always)]
            fn begin_move(&mut self) -> u64 {
                let ep = self.ep_square().map_or(0, |s| $crate::zobrist::EP[s.file() as usize & 7]);
                self.ep = $no_ep;
                self.halfmove = self.halfmove.wrapping_add(1);
                self.fullmove = self.fullmove.wrapping_add((self.turn == $crate::Color::Black) as u32);
                self.zobrist ^ $crate::zobrist::SIDE ^ ep
            }

            /// The undo record of the state now, nothing captured yet.
            #[inline(always)]
            fn undo_record(&self) -> $crate::repr::common::Undo<$castling, $x> {
                let (zobrist, halfmove, castling, ep) = (self.zobrist, self.halfmove, self.castling, self.ep);
                $crate::repr::common::Undo { zobrist, halfmove, castling, ep, captured: $none }
            }

            /// Takes back the side to move and the fullmove number, and restores the
            /// key, the halfmove clock, the castling rights and the en passant square.
            #[inline(always)]
            fn restore(&mut self, undo: &$crate::repr::common::Undo<$castling, $x>) {
                self.turn = self.turn.other();
                self.fullmove = self.fullmove.wrapping_sub((self.turn == $crate::Color::Black) as u32);
                (self.zobrist, self.halfmove, self.castling, self.ep) = (undo.zobrist, undo.halfmove, undo.castling, undo.ep);
            }
        }

        impl<$($g)*> polyboard_core::perft::PerftNode for $ty {
            type Move = $crate::Move;

            #[inline]
            fn generate_moves(&self, out: &mut polyboard_core::MoveList<$crate::Move>) {
                self.generate_stage::<{ $crate::repr::sink::ALL }, _>(out)
            }

            #[inline]
            fn count_moves(&self) -> u64 {
                let mut c = $crate::repr::sink::Counter(0);
                self.generate_stage::<{ $crate::repr::sink::ALL }, _>(&mut c);
                c.0
            }

            #[inline(always)]
            fn apply(&mut self, mv: $crate::Move) {
                self.make_in_place(mv);
            }

            $(
            #[inline]
            fn walk(&self, depth: u32, full: bool) -> u64 {
                self.$walk(depth, full)
            }
            )?
        }

        impl<$($g)*> polyboard_core::perft::MakeUnmake for $ty {
            type Undo = $crate::repr::common::Undo<$castling, $x>;

            #[inline]
            fn make(&mut self, mv: $crate::Move) -> Self::Undo {
                self.make_in_place(mv)
            }

            #[inline]
            fn unmake(&mut self, mv: $crate::Move, undo: Self::Undo) {
                self.restore(&undo);
                self.take_back(mv, &undo);
            }
        }

        impl<$($g)*> $crate::Board for $ty {
            const NAME: &'static str = $name;

            fn from_position(pos: &$crate::Position) -> Self {
                Self::of_position(pos)
            }

            fn to_position(&self) -> $crate::Position {
                let (by_role, by_color) = self.sets().to_sets();
                let (turn, halfmove, fullmove, chess960) = (self.turn, self.halfmove, self.fullmove, self.chess960);
                let (castling, ep) = (self.castling_bits(), self.ep_square());
                $crate::Position { by_role, by_color, turn, castling, ep, halfmove, fullmove, chess960 }
            }

            #[inline]
            fn turn(&self) -> $crate::Color {
                self.turn
            }

            fn is_check(&self) -> bool {
                self.in_check()
            }

            #[inline]
            fn zobrist(&self) -> u64 {
                self.zobrist
            }
        }

        impl<$($g)*> $crate::SearchBoard for $ty {
            #[inline]
            fn generate_noisy(&self, out: &mut polyboard_core::MoveList<$crate::Move>) {
                self.generate_stage::<{ $crate::repr::sink::NOISY }, _>(out)
            }

            #[inline]
            fn generate_quiet(&self, out: &mut polyboard_core::MoveList<$crate::Move>) {
                self.generate_stage::<{ $crate::repr::sink::QUIET }, _>(out)
            }

            #[inline]
            fn piece_on(&self, sq: $crate::Square) -> Option<$crate::Piece> {
                self.piece_at(sq)
            }

            #[inline]
            fn piece_sets(&self) -> $crate::PieceSets {
                self.sets()
            }

            #[inline]
            fn attackers(&self, sq: $crate::Square, occ: u64) -> u64 {
                self.attackers_of(sq, occ)
            }

            #[inline]
            fn make_null(&mut self) -> Self::Undo {
                let undo = self.undo_record();
                self.zobrist = self.begin_move();
                self.turn = self.turn.other();
                undo
            }

            #[inline]
            fn unmake_null(&mut self, undo: Self::Undo) {
                self.restore(&undo);
            }

            #[inline]
            fn halfmove(&self) -> u32 {
                self.halfmove
            }
        }

        impl<$($g)*> core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}({})", $name, $crate::Board::to_position(self).fen())
            }
        }
    };
    (impl $ty:ty, $($rest:tt)*) => {
        representation!(impl[] $ty, $($rest)*);
    };
}
