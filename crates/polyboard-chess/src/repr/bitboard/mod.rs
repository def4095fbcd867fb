//! The bitboard family: one legal move generator, with make and unmake, for `magic`,
//! `pext`, `bb32`, `classical`, `kindergarten`, `rotated` and `quad`.
//!
//! # The skeleton
//!
//! [`Bitboards<T>`] is the position of every member: the pieces as the technique `T`
//! keeps them ([`Technique::Pieces`]), then what all of them keep alike (castling
//! rights, Zobrist key, clocks, en passant square, side to move). On it, once,
//! `skeleton.rs` writes what is the same for all seven:
//!
//! - **Legal generation**, in the manner of the fastest generators (Gigantua,
//!   cozy-chess), with the side to move a const generic so each colour gets its own
//!   straight-line code. Once per node: the piece sets ([`Pieces::view`]), the
//!   checkers, a check mask (the squares that block or capture a single checker) and
//!   two pin masks (rank/file and diagonal pin rays, each with its pinning piece). A
//!   piece pinned on one kind of line moves only along it; pawns move set-wise by
//!   shifts; king steps and castling paths are tested with the king (and the rook)
//!   lifted off the occupancy; en passant, which empties two squares of one line, is
//!   tested by looking the king's slider lines up again. The stage (all moves, the
//!   noisy ones, the quiet ones: see [`crate::SearchBoard`]) is a const generic too.
//!   Moves go to a sink: a counter at the leaves of perft (bulk counting), a list
//!   elsewhere, and in perft's walk (`PerftNode::walk`) a sink that plays each move
//!   as it is found and walks below it (no list; make is told the mover's role, the
//!   move's kind and whether it captures). The king's steps, when two or more, are
//!   tested against the enemy's attacks computed set by set (a king ban).
//! - **Make and unmake** in place (and copy-make), with the incremental key, the
//!   castling rights as rook squares (Chess960 without special cases) and an en
//!   passant square kept only when a capture onto it is legal.
//! - **The queries of [`crate::SearchBoard`]**: staged generation, the piece on a
//!   square, the twelve piece sets, the attackers of a square under any occupancy,
//!   the null move.
//!
//! # What a technique supplies
//!
//! A [`Technique`] names its bitboard type (its leaper and line tables come with that
//! type, through [`Tables`]), the state it keeps ([`Technique::Pieces`], updated by
//! make and unmake through [`Pieces`]: the generator never sees how pieces are
//! stored) and its slider attacks ([`Technique::rook`], [`Technique::bishop`]), which
//! read the occupancy in the technique's own form ([`Pieces::Occ`]). Every query is
//! answered with the technique's own state and lookups: `quad` derives its sets from
//! its four planes, `rotated` looks attacks up in its rotated boards, flipping in a
//! local copy the squares where a changed occupancy differs from the board's.
//!
//! | member         | technique          | pieces kept                                  |
//! | -------------- | ------------------ | -------------------------------------------- |
//! | `magic`        | [`crate::attacks::Fancy`] | [`Sets`]: six role and two colour bitboards  |
//! | `pext`         | `crate::attacks::Pext` (BMI2) | [`Sets`]                                     |
//! | `bb32`         | [`bb32::Magic32`]  | [`Sets`] of two-`u32` bitboards              |
//! | `classical`    | [`classical::RayScan`] | [`Sets`]                                 |
//! | `kindergarten` | [`kindergarten::KindergartenLookup`] | [`Sets`]                   |
//! | `rotated`      | [`rotated::RotatedLookup`] | [`Sets`] and four rotated occupancies |
//! | `quad`         | [`quad::QuadPlanes`] | four nibble planes, nothing else           |
//!
//! No technique calls another's slider code; the knight, king, pawn, `between` and
//! empty-board line tables are plain data shared through [`Tables`].
//!
//! # Layout of [`Bitboards<T>`]
//!
//! ```text
//! pieces:   T::Pieces  documented bit by bit in the technique's module
//! castling: T::BB      rook squares that keep a castling right
//! zobrist:  u64        incremental key
//! halfmove: u32        plies since the last capture or pawn move
//! fullmove: u32        fullmove number
//! ep:       u8         en passant square, 0 for none (a1 never is one)
//! turn:     Color      side to move (one byte)
//! chess960: bool       how castling is written (not how it is played)
//! ```
//! padded to a multiple of 8 bytes. Bit i of a bitboard is square i (a1 = 0, h8 = 63)
//! unless the technique's module says otherwise.

use crate::attacks;
use crate::board::PieceSets;
use crate::types::Color;
use core::marker::PhantomData;
use polyboard_core::bitboard::Bits;

/// Implements [`Technique`] for `$t`: the name, the bitboard and pieces types, and
/// the two slider functions (called with the square and the occupancy in the pieces'
/// form, by value). The first form also declares the technique's type and the
/// representation's alias.
macro_rules! technique {
    ($(#[$doc:meta])* struct $t:ident; $(#[$adoc:meta])* type $alias:ident; $($rest:tt)*) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $t;
        $(#[$adoc])*
        pub type $alias = $crate::repr::bitboard::Bitboards<$t>;
        technique!($t, $($rest)*);
    };
    ($t:ty, $name:expr, $bb:ty, $pieces:ty, $rook:expr, $bishop:expr) => {
        impl $crate::repr::bitboard::Technique for $t {
            const NAME: &'static str = $name;
            type BB = $bb;
            type Pieces = $pieces;
            #[inline(always)]
            fn rook(sq: usize, occ: &<$pieces as $crate::repr::bitboard::Pieces>::Occ) -> $bb {
                ($rook)(sq, *occ)
            }
            #[inline(always)]
            fn bishop(sq: usize, occ: &<$pieces as $crate::repr::bitboard::Pieces>::Occ) -> $bb {
                ($bishop)(sq, *occ)
            }
        }
    };
}

pub mod bb32;
pub mod classical;
pub mod kindergarten;
pub mod magic;
pub mod quad;
pub mod rotated;
mod skeleton;

/// The leaper and line tables of a bitboard type: plain data, the same for every
/// technique on that type.
pub trait Tables: Bits + 'static {
    /// By square: knight attacks, king attacks, the attacks of a white pawn and of a
    /// black pawn, rook moves and bishop moves on an empty board.
    const BY_SQUARE: &'static [[Self; 64]; 6];
    /// The squares strictly between two squares when aligned, else empty.
    const BETWEEN: &'static [[Self; 64]; 64];

    /// Knight attacks from `sq`.
    #[inline(always)]
    fn knight(sq: usize) -> Self {
        Self::BY_SQUARE[0][sq & 63]
    }
    /// King attacks from `sq`.
    #[inline(always)]
    fn king(sq: usize) -> Self {
        Self::BY_SQUARE[1][sq & 63]
    }
    /// Squares a pawn of colour index `color` (0 white) on `sq` attacks.
    #[inline(always)]
    fn pawn(color: usize, sq: usize) -> Self {
        Self::BY_SQUARE[2 + (color & 1)][sq & 63]
    }
    /// Squares strictly between `a` and `b` when aligned, else empty.
    #[inline(always)]
    fn between(a: usize, b: usize) -> Self {
        Self::BETWEEN[a & 63][b & 63]
    }
    /// Rook moves from `sq` on an empty board.
    #[inline(always)]
    fn rook_rays(sq: usize) -> Self {
        Self::BY_SQUARE[4][sq & 63]
    }
    /// Bishop moves from `sq` on an empty board.
    #[inline(always)]
    fn bishop_rays(sq: usize) -> Self {
        Self::BY_SQUARE[5][sq & 63]
    }
}

/// [`Tables::BY_SQUARE`] of `u64`: the tables of [`crate::attacks`].
static BY_SQUARE: [[u64; 64]; 6] =
    [attacks::KNIGHT, attacks::KING, attacks::PAWN[0], attacks::PAWN[1], attacks::ROOK_RAYS, attacks::BISHOP_RAYS];

impl Tables for u64 {
    const BY_SQUARE: &'static [[u64; 64]; 6] = &BY_SQUARE;
    const BETWEEN: &'static [[u64; 64]; 64] = &attacks::BETWEEN;
}

const fn diagonals() -> [[u64; 2]; 64] {
    let mut t = [[0; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut g = 0;
        while g < 8 {
            let d = r + (g - f);
            let a = r + (f - g);
            if g != f && d >= 0 && d < 8 {
                t[sq][0] |= 1 << (d * 8 + g);
            }
            if g != f && a >= 0 && a < 8 {
                t[sq][1] |= 1 << (a * 8 + g);
            }
            g += 1;
        }
        sq += 1;
    }
    t
}

/// The diagonal (a1-h8 direction) and the anti-diagonal through each square, without
/// the square itself: the line masks of `kindergarten` and `quad`, plain data like
/// [`Tables`]' (1 KiB).
pub(super) static DIAGONALS: [[u64; 2]; 64] = diagonals();

/// The squares (bits `0..len`) that a slider on square `pos` of a line of `len`
/// squares attacks when the squares of `occ` are occupied: on each side, every square
/// up to the first occupied one, that one included. Line geometry for the techniques
/// that tabulate a line's attacks by its occupancy (`kindergarten`, `rotated`).
const fn attacks_on_line(pos: u32, occ: u32, len: u32) -> u32 {
    let mut att = 0;
    let mut i = 0;
    while i < len {
        // Attacked when no occupied square lies strictly between `pos` and `i`.
        let (lo, hi) = if i < pos { (i, pos) } else { (pos, i) };
        if i != pos && occ & ((1 << hi) - (2 << lo)) == 0 {
            att |= 1 << i;
        }
        i += 1;
    }
    att
}

/// The piece sets the generator reads at a node, however the technique stores them.
#[derive(Clone, Copy, Debug)]
pub struct View<BB> {
    /// White pieces, black pieces.
    pub color: [BB; 2],
    /// Every piece.
    pub occ: BB,
    /// Pawns of both colours.
    pub pawns: BB,
    /// Knights of both colours.
    pub knights: BB,
    /// Bishops and queens, both colours.
    pub diag: BB,
    /// Rooks and queens, both colours.
    pub ortho: BB,
    /// Both kings.
    pub kings: BB,
}

/// An occupancy in the form a technique's slider lookups read.
pub trait Occupancy<BB>: Copy {
    /// The occupancy with square `sq` emptied if it was occupied, filled if it was
    /// empty.
    fn flip(self, sq: usize) -> Self;
    /// The occupancy of the squares of `occ` (any set), made from this one.
    fn changed_to(self, occ: BB) -> Self;
}

/// The plain occupancy: one bitboard.
impl<BB: Bits> Occupancy<BB> for BB {
    #[inline(always)]
    fn flip(self, sq: usize) -> BB {
        self ^ BB::bit(sq)
    }
    #[inline(always)]
    fn changed_to(self, occ: BB) -> BB {
        occ
    }
}

/// How a technique keeps the pieces, kept up to date by make and unmake. Every change
/// is an exclusive or, so unmake applies the same changes again.
pub trait Pieces: Copy + Eq + Send + Sync + 'static {
    /// The bitboard type.
    type BB: Bits;
    /// The occupancy as the technique's slider lookups read it.
    type Occ: Occupancy<Self::BB>;
    /// The pieces of a position given as role (pawn..king) and colour bitboards.
    fn new(by_role: &[u64; 6], by_color: &[u64; 2]) -> Self;
    /// The piece sets of the node (derived here once per node when they are not kept).
    fn view(&self) -> View<Self::BB>;
    /// The occupied squares.
    fn occupied(&self) -> Self::BB;
    /// The occupancy of the board, in the lookups' form.
    fn occupancy(&self) -> Self::Occ;
    /// The occupancy `occ` (any set of squares), in the lookups' form.
    #[inline]
    fn occupancy_of(&self, occ: Self::BB) -> Self::Occ {
        self.occupancy().changed_to(occ)
    }
    /// The role index (pawn 0 .. king 5) of the piece on the occupied square `sq`.
    fn role_on(&self, sq: usize) -> usize;
    /// The CCR Table 1 code of the piece on `sq` (`colour << 3 | (role + 1)`), 0 for
    /// an empty square.
    fn code_on(&self, sq: usize) -> usize;
    /// Toggles a piece of colour index `color` and role index `role` on the squares of
    /// `bits`.
    fn toggle(&mut self, color: usize, role: usize, bits: Self::BB);
    /// Turns the piece of `color` on `sq` from role `from` into role `to` (promotion).
    fn retype(&mut self, color: usize, from: usize, to: usize, sq: usize);
    /// Square `sq` empties or fills: for techniques that keep an occupancy of their
    /// own beside the pieces (make and unmake call it for every such square).
    #[inline(always)]
    fn flip(&mut self, _sq: usize) {}
    /// The twelve piece sets.
    fn piece_sets(&self) -> PieceSets;
}

/// A slider technique of the bitboard family: its bitboard type, the state it keeps
/// and its slider lookups.
pub trait Technique: Copy + Default + Send + Sync + 'static {
    /// The representation's name.
    const NAME: &'static str;
    /// The bitboard type of the position and of every table.
    type BB: Tables;
    /// The pieces, as this technique keeps them.
    type Pieces: Pieces<BB = Self::BB>;
    /// Rook attacks from `sq` given the occupancy `occ`.
    fn rook(sq: usize, occ: &<Self::Pieces as Pieces>::Occ) -> Self::BB;
    /// Bishop attacks from `sq` given the occupancy `occ`.
    fn bishop(sq: usize, occ: &<Self::Pieces as Pieces>::Occ) -> Self::BB;
}

/// The first rank and the a-file (bit i is square i).
const RANK_1: u64 = 0xff;
const FILE_A: u64 = 0x0101_0101_0101_0101;

const P: usize = 0;
const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;
const K: usize = 5;

/// The pieces as six role bitboards (both colours) and two colour bitboards: the
/// state of `magic`, `pext`, `bb32`, `classical` and `kindergarten`, and of `rotated`
/// beside its rotated boards.
///
/// # Layout (`[BB; 8]`, 64 bytes for a 64-bit `BB`)
///
/// ```text
/// by_role:  [BB; 6]  pawns, knights, bishops, rooks, queens, kings (both colours)
/// by_color: [BB; 2]  white, black (their union is the occupancy)
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sets<BB> {
    by_role: [BB; 6],
    by_color: [BB; 2],
}

impl<BB: Bits> Pieces for Sets<BB> {
    type BB = BB;
    type Occ = BB;

    fn new(by_role: &[u64; 6], by_color: &[u64; 2]) -> Self {
        Sets { by_role: by_role.map(BB::from_u64), by_color: by_color.map(BB::from_u64) }
    }

    #[inline(always)]
    fn view(&self) -> View<BB> {
        let r = &self.by_role;
        View {
            color: self.by_color,
            occ: self.by_color[0] | self.by_color[1],
            pawns: r[P],
            knights: r[N],
            diag: r[B] | r[Q],
            ortho: r[R] | r[Q],
            kings: r[K],
        }
    }

    #[inline(always)]
    fn occupied(&self) -> BB {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    fn occupancy(&self) -> BB {
        self.occupied()
    }

    /// Branch-free: the role's index is the weighted sum of its bits.
    #[inline(always)]
    fn role_on(&self, sq: usize) -> usize {
        let bit = |i: usize| self.by_role[i].get(sq);
        bit(N) + 2 * bit(B) + 3 * bit(R) + 4 * bit(Q) + 5 * bit(K)
    }

    #[inline(always)]
    fn code_on(&self, sq: usize) -> usize {
        if self.occupied().has(sq) { self.by_color[1].get(sq) << 3 | (self.role_on(sq) + 1) } else { 0 }
    }

    #[inline(always)]
    fn toggle(&mut self, color: usize, role: usize, bits: BB) {
        self.by_role[role] ^= bits;
        self.by_color[color] ^= bits;
    }

    #[inline(always)]
    fn retype(&mut self, _color: usize, from: usize, to: usize, sq: usize) {
        self.by_role[from] ^= BB::bit(sq);
        self.by_role[to] ^= BB::bit(sq);
    }

    #[inline]
    fn piece_sets(&self) -> PieceSets {
        PieceSets::from_sets(&self.by_role.map(BB::to_u64), &self.by_color.map(BB::to_u64))
    }
}

/// The bitboard position, generic over the technique `T` (and so over its bitboard
/// type and the state it keeps).
#[derive(PartialEq, Eq)]
pub struct Bitboards<T: Technique> {
    pieces: T::Pieces,
    castling: T::BB,
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
    ep: u8,
    turn: Color,
    chess960: bool,
    _t: PhantomData<T>,
}

/// Field by field, so that the compiler keeps a parent's scalar fields in registers
/// when perft clones it for every move (copy-make). A block copy of the whole struct
/// (`*self`), which the next make then reads back from memory, measured 5% slower
/// on `pext`; the derived `clone` (a generic one, calling `clone` on every field and
/// array element) 20% slower.
#[allow(clippy::non_canonical_clone_impl)]
impl<T: Technique> Clone for Bitboards<T> {
    #[inline(always)]
    fn clone(&self) -> Self {
        Bitboards {
            pieces: self.pieces,
            castling: self.castling,
            zobrist: self.zobrist,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            ep: self.ep,
            turn: self.turn,
            chess960: self.chess960,
            _t: PhantomData,
        }
    }
}

impl<T: Technique> Copy for Bitboards<T> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::walk_rays as walk;

    const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

    /// `T`'s sliders against ray walking, square by square, under random occupancies
    /// (sparse and dense), the empty and the full board and the corners (sentinels).
    /// Each occupancy is given in the technique's own form, made from the pieces of the
    /// start position by [`Pieces::occupancy_of`] (so `rotated` flips its boards).
    fn sliders_match_walking<T: Technique>() {
        let pos = crate::Position::startpos();
        let pieces = T::Pieces::new(&pos.by_role, &pos.by_color);
        let check = |sq: usize, occ: u64| {
            let o = pieces.occupancy_of(T::BB::from_u64(occ));
            assert_eq!(T::rook(sq, &o).to_u64(), walk(sq, occ, &ROOK), "{} rook {sq} {occ:#x}", T::NAME);
            assert_eq!(T::bishop(sq, &o).to_u64(), walk(sq, occ, &BISHOP), "{} bishop {sq} {occ:#x}", T::NAME);
        };
        let mut x = 0x1234_5678_9abc_def1u64;
        for i in 0..30_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = match i % 3 {
                0 => x,
                1 => x & x.rotate_left(17),
                _ => x & x.rotate_left(17) & x.rotate_left(35),
            };
            check((x >> 58) as usize, occ);
        }
        for sq in 0..64 {
            for occ in [0, u64::MAX, 1, 1 << 63, 0x8100_0000_0000_0081] {
                check(sq, occ);
            }
        }
    }

    #[test]
    fn every_technique_slides_as_walking() {
        sliders_match_walking::<crate::attacks::Fancy>();
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        sliders_match_walking::<crate::attacks::Pext>();
        sliders_match_walking::<bb32::Magic32>();
        sliders_match_walking::<classical::RayScan>();
        sliders_match_walking::<kindergarten::KindergartenLookup>();
        sliders_match_walking::<rotated::RotatedLookup>();
        sliders_match_walking::<quad::QuadPlanes>();
    }
}
