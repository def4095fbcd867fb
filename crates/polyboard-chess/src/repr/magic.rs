//! `magic`: bitboards with fancy-magic sliding attacks (and `pext`, the same
//! generator with PEXT-indexed tables on CPUs with BMI2).
//!
//! # Layout (96 bytes: 91 of fields, padded to 8-byte alignment)
//!
//! ```text
//! by_role:  [u64; 6]  pawns, knights, bishops, rooks, queens, kings (both colours)
//! by_color: [u64; 2]  white, black
//! castling: u64       rook squares that keep a castling right
//! zobrist:  u64       incremental key
//! halfmove, fullmove: u32
//! ep: u8 (0 = none; a real en passant square is never a1), turn: Color, chess960: bool
//! ```
//! Bit i of a bitboard is square i (a1 = 0, h8 = 63).
//!
//! # Move generation
//!
//! Fully legal, in the manner of the fastest generators (Gigantua, cozy-chess):
//! once per node the checkers, a check mask (the squares that block or capture a
//! single checker) and two pin masks (rays of horizontal/vertical and of diagonal
//! pins, each including the pinning piece) are computed. A piece pinned on one kind of
//! ray moves only along that kind, restricted to the mask; as the two rays of a kind
//! through the king are never parallel to the piece's other line of that kind, no
//! per-piece ray is needed. Pawns move set-wise by shifts. King moves and castling
//! test target squares with the king removed from the occupancy. En passant, the one
//! move that removes two pieces from a line, is checked by recomputing slider attacks
//! on the king.
//!
//! The side to move is a const generic (`W`), so each colour gets its own
//! straight-line code. The generator writes into a `Sink`: a counter at the leaves
//! (bulk counting, no move list), a move list elsewhere.
//!
//! # Generic over the bitboard type
//!
//! The generator is written against [`Bits`], polyboard-core's bitboard operators, and
//! takes every table through a [`Lookup`]: the slider lookup and the leaper and line
//! tables, all in the lookup's bitboard type. `magic` and `pext` instantiate it with
//! `u64` (their lookups return the tables of [`crate::attacks`] unchanged); `bb32`
//! (see [`super::bb32`]) runs the very same generator on [`polyboard_core::bitboard::Bb32`],
//! two `u32` limbs, with 32-bit magic tables of its own.

use super::sink::{ALL, BitSink, Counter, NOISY, QUIET, Stage};
use crate::attacks::{self, Fancy, Sliders};
use crate::board::{Board, PieceSets, SearchBoard};
use crate::position::Position;
use crate::types::{CastlingSide, Color, Move, Piece, Role, Square};
use crate::zobrist;
use core::marker::PhantomData;
use polyboard_core::MoveList;
use polyboard_core::bitboard::Bits;
use polyboard_core::perft::{MakeUnmake, PerftNode};

const P: usize = 0;
const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;
const K: usize = 5;

const RANK_1: u64 = 0xff;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;
const RANK_8: u64 = 0xff << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The tables the generator reads, in one bitboard type: sliding attacks by some
/// indexing technique, plus leaper, ray and line tables.
pub trait Lookup: Copy + Default + Send + Sync + 'static {
    /// The bitboard type of the position and of every table.
    type BB: Bits;
    /// The representation's name.
    const NAME: &'static str;
    /// Rook attacks from `sq` given the occupancy `occ`.
    fn rook(sq: usize, occ: Self::BB) -> Self::BB;
    /// Bishop attacks from `sq` given the occupancy `occ`.
    fn bishop(sq: usize, occ: Self::BB) -> Self::BB;
    /// Knight attacks from `sq`.
    fn knight(sq: usize) -> Self::BB;
    /// King attacks from `sq`.
    fn king(sq: usize) -> Self::BB;
    /// Squares a pawn of colour index `color` (0 white) on `sq` attacks.
    fn pawn(color: usize, sq: usize) -> Self::BB;
    /// Squares strictly between `a` and `b` when aligned, else empty.
    fn between(a: usize, b: usize) -> Self::BB;
    /// Rook attacks from `sq` on an empty board.
    fn rook_rays(sq: usize) -> Self::BB;
    /// Bishop attacks from `sq` on an empty board.
    fn bishop_rays(sq: usize) -> Self::BB;
}

/// The `u64` lookups: a [`Sliders`] technique of [`crate::attacks`] with its tables.
macro_rules! u64_lookup {
    ($t:ty) => {
        impl Lookup for $t {
            type BB = u64;
            const NAME: &'static str = <$t as Sliders>::NAME;
            #[inline(always)]
            fn rook(sq: usize, occ: u64) -> u64 {
                <$t as Sliders>::rook(sq, occ)
            }
            #[inline(always)]
            fn bishop(sq: usize, occ: u64) -> u64 {
                <$t as Sliders>::bishop(sq, occ)
            }
            #[inline(always)]
            fn knight(sq: usize) -> u64 {
                attacks::knight(sq)
            }
            #[inline(always)]
            fn king(sq: usize) -> u64 {
                attacks::king(sq)
            }
            #[inline(always)]
            fn pawn(color: usize, sq: usize) -> u64 {
                attacks::pawn(color, sq)
            }
            #[inline(always)]
            fn between(a: usize, b: usize) -> u64 {
                attacks::between(a, b)
            }
            #[inline(always)]
            fn rook_rays(sq: usize) -> u64 {
                attacks::rook_rays(sq)
            }
            #[inline(always)]
            fn bishop_rays(sq: usize) -> u64 {
                attacks::bishop_rays(sq)
            }
        }
    };
}

u64_lookup!(Fancy);
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
u64_lookup!(attacks::Pext);

/// The bitboard position, generic over the lookup `S` (and so over its bitboard type).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Bitboards<S: Lookup> {
    by_role: [S::BB; 6],
    by_color: [S::BB; 2],
    castling: S::BB,
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
    ep: u8,
    turn: Color,
    chess960: bool,
    _s: PhantomData<S>,
}

/// Fancy magic bitboards: the `magic` representation.
pub type Magic = Bitboards<Fancy>;

/// PEXT bitboards: the `pext` representation (BMI2 only).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub type PextBoard = Bitboards<attacks::Pext>;

/// Shifts a bitboard one rank forward for the side `W`.
#[inline(always)]
fn up<const W: bool, BB: Bits>(b: BB) -> BB {
    if W { b.shl(8) } else { b.shr(8) }
}

/// Pawn captures towards the a-file (white: +7, black: -9).
#[inline(always)]
fn up_left<const W: bool, BB: Bits>(b: BB) -> BB {
    let b = b & !BB::from_u64(FILE_A);
    if W { b.shl(7) } else { b.shr(9) }
}

/// Pawn captures towards the h-file (white: +9, black: -7).
#[inline(always)]
fn up_right<const W: bool, BB: Bits>(b: BB) -> BB {
    let b = b & !BB::from_u64(FILE_H);
    if W { b.shl(9) } else { b.shr(7) }
}

/// The back rank of colour index `us`.
#[inline(always)]
fn back_rank<BB: Bits>(us: usize) -> BB {
    BB::from_u64(if us == 0 { RANK_1 } else { RANK_8 })
}

/// The XOR of the castling keys of the rook squares in `rooks`.
#[inline]
fn castle_key<BB: Bits>(mut rooks: BB) -> u64 {
    let mut k = 0;
    while rooks.any() {
        k ^= zobrist::CASTLE[rooks.lsb() & 63];
        rooks = rooks.clear_lsb();
    }
    k
}

/// The squares a castling king on `king` and its rook on `rook` (same rank) land on:
/// the g- and f-files towards the h-file, the c- and d-files towards the a-file.
#[inline(always)]
fn castle_targets(king: usize, rook: usize) -> (usize, usize) {
    let side = if rook > king { CastlingSide::King } else { CastlingSide::Queen };
    let base = king & 56;
    (base + side.king_to_file() as usize, base + side.rook_to_file() as usize)
}

impl<S: Lookup> Bitboards<S> {
    #[inline(always)]
    fn occupied(&self) -> S::BB {
        self.by_color[0] | self.by_color[1]
    }

    /// The role on an occupied square, without branches.
    #[inline(always)]
    fn role_on(&self, sq: usize) -> usize {
        let bit = |i: usize| self.by_role[i].get(sq);
        bit(N) + 2 * bit(B) + 3 * bit(R) + 4 * bit(Q) + 5 * bit(K)
    }

    /// True when `sq` is attacked by the side other than `W`, given `occ`.
    #[inline(always)]
    fn attacked<const W: bool>(&self, sq: usize, occ: S::BB) -> bool {
        let us = if W { 0 } else { 1 };
        let theirs = self.by_color[us ^ 1];
        if ((S::knight(sq) & self.by_role[N] | S::pawn(us, sq) & self.by_role[P] | S::king(sq) & self.by_role[K])
            & theirs)
            .any()
        {
            return true;
        }
        let rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        (S::bishop(sq, occ) & bq).any() || (S::rook(sq, occ) & rq).any()
    }

    #[inline(always)]
    fn checkers_of<const W: bool>(&self, ksq: usize, occ: S::BB) -> S::BB {
        let us = if W { 0 } else { 1 };
        let theirs = self.by_color[us ^ 1];
        let rq = self.by_role[R] | self.by_role[Q];
        let bq = self.by_role[B] | self.by_role[Q];
        ((S::knight(ksq) & self.by_role[N])
            | (S::pawn(us, ksq) & self.by_role[P])
            | (S::rook(ksq, occ) & rq)
            | (S::bishop(ksq, occ) & bq))
            & theirs
    }

    /// Generates the legal moves of side `W` of stage `STAGE` into `sink`.
    #[inline(always)]
    fn generate<const W: bool, const STAGE: Stage, T: BitSink<S::BB>>(&self, sink: &mut T) {
        let us = if W { 0 } else { 1 };
        let ours = self.by_color[us];
        let theirs = self.by_color[us ^ 1];
        let occ = ours | theirs;
        // The targets of the stage: captures, quiet squares, or both.
        let stage_mask = match STAGE {
            NOISY => theirs,
            QUIET => !occ,
            _ => S::BB::FULL,
        };
        let ksq = (self.by_role[K] & ours).lsb();
        let checkers = self.checkers_of::<W>(ksq, occ);

        // King steps.
        let occ_no_king = occ ^ S::BB::bit(ksq);
        let mut steps = S::king(ksq) & !ours;
        let mut king_targets = S::BB::EMPTY;
        while steps.any() {
            let t = steps.lsb();
            steps = steps.clear_lsb();
            if !self.attacked::<W>(t, occ_no_king) {
                king_targets |= S::BB::bit(t);
            }
        }
        sink.piece(ksq, king_targets & stage_mask);

        if checkers.more_than_one() {
            return; // double check: only the king moves
        }
        let check_mask = if checkers.is_empty() { S::BB::FULL } else { S::between(ksq, checkers.lsb()) | checkers };

        // Pin rays, each including its pinning piece.
        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let mut pin_hv = S::BB::EMPTY;
        let mut snipers = S::rook_rays(ksq) & their_rq;
        while snipers.any() {
            let s = snipers.lsb();
            snipers = snipers.clear_lsb();
            let ray = S::between(ksq, s);
            let blockers = ray & occ;
            if !blockers.more_than_one() && (blockers & ours).any() {
                pin_hv |= ray | S::BB::bit(s);
            }
        }
        let mut pin_d = S::BB::EMPTY;
        let mut snipers = S::bishop_rays(ksq) & their_bq;
        while snipers.any() {
            let s = snipers.lsb();
            snipers = snipers.clear_lsb();
            let ray = S::between(ksq, s);
            let blockers = ray & occ;
            if !blockers.more_than_one() && (blockers & ours).any() {
                pin_d |= ray | S::BB::bit(s);
            }
        }

        let target = !ours & check_mask & stage_mask;

        // Knights: a pinned knight never moves.
        let mut knights = self.by_role[N] & ours & !(pin_hv | pin_d);
        while knights.any() {
            let s = knights.lsb();
            knights = knights.clear_lsb();
            sink.piece(s, S::knight(s) & target);
        }

        // Diagonal movers (bishops, queens), not pinned on a rank or file.
        let diag = (self.by_role[B] | self.by_role[Q]) & ours & !pin_hv;
        let mut free = diag & !pin_d;
        while free.any() {
            let s = free.lsb();
            free = free.clear_lsb();
            sink.piece(s, S::bishop(s, occ) & target);
        }
        let mut pinned = diag & pin_d;
        while pinned.any() {
            let s = pinned.lsb();
            pinned = pinned.clear_lsb();
            sink.piece(s, S::bishop(s, occ) & target & pin_d);
        }

        // Orthogonal movers (rooks, queens), not pinned on a diagonal.
        let ortho = (self.by_role[R] | self.by_role[Q]) & ours & !pin_d;
        let mut free = ortho & !pin_hv;
        while free.any() {
            let s = free.lsb();
            free = free.clear_lsb();
            sink.piece(s, S::rook(s, occ) & target);
        }
        let mut pinned = ortho & pin_hv;
        while pinned.any() {
            let s = pinned.lsb();
            pinned = pinned.clear_lsb();
            sink.piece(s, S::rook(s, occ) & target & pin_hv);
        }

        // Pawns, set-wise.
        let pawns = self.by_role[P] & ours;
        let empty = !occ;
        let last = S::BB::from_u64(if W { RANK_8 } else { RANK_1 });
        let push_rank = S::BB::from_u64(if W { RANK_3 } else { RANK_6 });
        let fwd: i32 = if W { 8 } else { -8 };

        let pushers = pawns & !pin_d;
        let single = (up::<W, _>(pushers & !pin_hv) | (up::<W, _>(pushers & pin_hv) & pin_hv)) & empty;
        let double = up::<W, _>(single & push_rank) & empty & check_mask;
        let single = single & check_mask;
        if STAGE != NOISY {
            sink.pawns(single & !last, fwd);
        }
        match STAGE {
            ALL => sink.promotions(single & last, fwd),
            NOISY => sink.queen_promotions(single & last, fwd),
            _ => sink.under_promotions(single & last, fwd),
        }
        if STAGE != NOISY {
            sink.pawns(double, 2 * fwd);
        }
        if STAGE == QUIET {
            self.castle::<W, T>(sink, ksq, occ, checkers);
            return;
        }

        let capturers = pawns & !pin_hv;
        let enemies = theirs & check_mask;
        let free = capturers & !pin_d;
        let pinned = capturers & pin_d;
        let left = (up_left::<W, _>(free) | (up_left::<W, _>(pinned) & pin_d)) & enemies;
        let right = (up_right::<W, _>(free) | (up_right::<W, _>(pinned) & pin_d)) & enemies;
        let (dl, dr) = if W { (7, 9) } else { (-9, -7) };
        sink.pawns(left & !last, dl);
        sink.promotions(left & last, dl);
        sink.pawns(right & !last, dr);
        sink.promotions(right & last, dr);

        if self.ep != 0 {
            self.en_passant::<W, T>(sink, ksq, occ, checkers, pawns);
        }
        if STAGE == ALL {
            self.castle::<W, T>(sink, ksq, occ, checkers);
        }
    }

    /// The legal en passant captures of side `W` onto `self.ep`.
    #[inline(always)]
    fn en_passant<const W: bool, T: BitSink<S::BB>>(
        &self,
        sink: &mut T,
        ksq: usize,
        occ: S::BB,
        checkers: S::BB,
        pawns: S::BB,
    ) {
        let us = if W { 0 } else { 1 };
        let theirs = self.by_color[us ^ 1];
        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let fwd: i32 = if W { 8 } else { -8 };
        {
            let ep = self.ep as usize;
            let captured = (ep as i32 - fwd) as usize;
            let mut candidates = S::pawn(us ^ 1, ep) & pawns;
            while candidates.any() {
                let from = candidates.lsb();
                candidates = candidates.clear_lsb();
                let after = occ ^ S::BB::bit(from) ^ S::BB::bit(captured) ^ S::BB::bit(ep);
                let leapers = checkers & (self.by_role[N] | self.by_role[P]) & !S::BB::bit(captured);
                if leapers.is_empty()
                    && (S::rook(ksq, after) & their_rq).is_empty()
                    && (S::bishop(ksq, after) & their_bq).is_empty()
                {
                    sink.special(Move::en_passant(Square::from_index(from as u32), Square::from_index(ep as u32)));
                }
            }
        }
    }

    /// The legal castling moves of side `W`.
    #[inline(always)]
    fn castle<const W: bool, T: BitSink<S::BB>>(&self, sink: &mut T, ksq: usize, occ: S::BB, checkers: S::BB) {
        let us = if W { 0 } else { 1 };
        let ours = self.by_color[us];
        if checkers.is_empty() {
            let mut rooks = self.castling & ours;
            while rooks.any() {
                let r = rooks.lsb();
                rooks = rooks.clear_lsb();
                let (kto, rto) = castle_targets(ksq, r);
                let movers = S::BB::bit(ksq) | S::BB::bit(r);
                let king_path = S::between(ksq, kto) | S::BB::bit(kto);
                let must_be_empty = (king_path | S::between(r, rto) | S::BB::bit(rto)) & !movers;
                if (occ & must_be_empty).any() {
                    continue;
                }
                let without = occ ^ movers;
                let mut path = king_path;
                let mut safe = true;
                while path.any() {
                    let s = path.lsb();
                    path = path.clear_lsb();
                    if self.attacked::<W>(s, without) {
                        safe = false;
                        break;
                    }
                }
                if safe {
                    sink.special(Move::castle(Square::from_index(ksq as u32), Square::from_index(r as u32)));
                }
            }
        }
    }

    /// After a double push (the side to move has just become the capturer), true when
    /// a capture onto `ep` is legal: removing the capturer and the pushed pawn must not
    /// expose the capturer's king to a slider, and no knight or other pawn may give check.
    /// Rare (an enemy pawn must stand beside the pushed one), so kept out of line.
    #[cold]
    #[inline(never)]
    fn ep_capture_legal(&self, ep: usize) -> bool {
        let us = self.turn.index();
        let ours = self.by_color[us];
        let theirs = self.by_color[us ^ 1];
        let occ = ours | theirs;
        let ksq = (self.by_role[K] & ours).lsb();
        let pushed = if us == 0 { ep - 8 } else { ep + 8 };
        let leapers =
            ((S::knight(ksq) & self.by_role[N]) | (S::pawn(us, ksq) & self.by_role[P])) & theirs & !S::BB::bit(pushed);
        if leapers.any() {
            return false;
        }
        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let mut capturers = S::pawn(us ^ 1, ep) & self.by_role[P] & ours;
        while capturers.any() {
            let from = capturers.lsb();
            capturers = capturers.clear_lsb();
            let after = occ ^ S::BB::bit(from) ^ S::BB::bit(pushed) ^ S::BB::bit(ep);
            if (S::rook(ksq, after) & their_rq).is_empty() && (S::bishop(ksq, after) & their_bq).is_empty() {
                return true;
            }
        }
        false
    }

    #[inline(always)]
    fn toggle(&mut self, color: usize, role: usize, bits: S::BB) {
        self.by_role[role] ^= bits;
        self.by_color[color] ^= bits;
    }

    /// Plays `m` in place and returns the captured role (6 for none).
    #[inline(always)]
    fn make_in_place(&mut self, m: Move) -> u8 {
        let us = self.turn.index();
        let them = us ^ 1;
        let color = self.turn;
        let from = m.from().index();
        let to = m.to().index();
        let mut key = self.zobrist ^ zobrist::SIDE;
        if self.ep != 0 {
            key ^= zobrist::EP[(self.ep & 7) as usize];
            self.ep = 0;
        }
        self.halfmove = self.halfmove.wrapping_add(1);
        if us == 1 {
            self.fullmove = self.fullmove.wrapping_add(1);
        }
        let mut captured = 6u8;
        let old_castling = self.castling;

        if m.is_castle() {
            let (kto, rto) = castle_targets(from, to);
            self.toggle(us, K, S::BB::bit(from));
            self.toggle(us, R, S::BB::bit(to));
            self.toggle(us, K, S::BB::bit(kto));
            self.toggle(us, R, S::BB::bit(rto));
            key ^= zobrist::piece(color, Role::King, from)
                ^ zobrist::piece(color, Role::King, kto)
                ^ zobrist::piece(color, Role::Rook, to)
                ^ zobrist::piece(color, Role::Rook, rto);
            self.castling &= !back_rank::<S::BB>(us);
        } else {
            let role = self.role_on(from);
            let moved = S::BB::bit(from) | S::BB::bit(to);
            if m.is_en_passant() {
                let cap = to ^ 8;
                self.toggle(them, P, S::BB::bit(cap));
                key ^= zobrist::piece(color.other(), Role::Pawn, cap);
                captured = P as u8;
            } else if self.by_color[them].has(to) {
                let cr = self.role_on(to);
                self.toggle(them, cr, S::BB::bit(to));
                key ^= zobrist::piece(color.other(), Role::from_index(cr), to);
                captured = cr as u8;
                self.halfmove = 0;
            }
            self.toggle(us, role, moved);
            key ^=
                zobrist::piece(color, Role::from_index(role), from) ^ zobrist::piece(color, Role::from_index(role), to);
            if role == P {
                self.halfmove = 0;
                if let Some(promo) = m.promotion_role() {
                    self.by_role[P] ^= S::BB::bit(to);
                    self.by_role[promo.index()] ^= S::BB::bit(to);
                    key ^= zobrist::piece(color, Role::Pawn, to) ^ zobrist::piece(color, promo, to);
                } else if from ^ to == 16 {
                    let ep = (from + to) / 2;
                    if (S::pawn(us, ep) & self.by_role[P] & self.by_color[them]).any() {
                        self.turn = color.other();
                        if self.ep_capture_legal(ep) {
                            self.ep = ep as u8;
                            key ^= zobrist::EP[ep & 7];
                        }
                        self.turn = color;
                    }
                }
            } else if role == K {
                // The mover's own back rank: a king can stray onto the other one.
                self.castling &= !back_rank::<S::BB>(us);
            }
            self.castling &= !moved;
        }
        if self.castling != old_castling {
            key ^= castle_key(self.castling ^ old_castling);
        }
        self.zobrist = key;
        self.turn = color.other();
        captured
    }
}

/// What [`MakeUnmake::unmake`] needs to restore a [`Bitboards`] position.
#[derive(Clone, Copy, Debug)]
pub struct Undo<BB: Bits = u64> {
    castling: BB,
    zobrist: u64,
    halfmove: u32,
    ep: u8,
    captured: u8,
}

impl<S: Lookup> PerftNode for Bitboards<S> {
    type Move = Move;

    #[inline]
    fn generate_moves(&self, out: &mut MoveList<Move>) {
        if self.turn == Color::White { self.generate::<true, ALL, _>(out) } else { self.generate::<false, ALL, _>(out) }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        let mut c = Counter(0);
        if self.turn == Color::White {
            self.generate::<true, ALL, _>(&mut c)
        } else {
            self.generate::<false, ALL, _>(&mut c)
        }
        c.0
    }

    #[inline(always)]
    fn apply(&mut self, mv: Move) {
        self.make_in_place(mv);
    }
}

impl<S: Lookup> MakeUnmake for Bitboards<S> {
    type Undo = Undo<S::BB>;

    #[inline]
    fn make(&mut self, mv: Move) -> Undo<S::BB> {
        let (castling, zobrist, halfmove, ep) = (self.castling, self.zobrist, self.halfmove, self.ep);
        let captured = self.make_in_place(mv);
        Undo { castling, zobrist, halfmove, ep, captured }
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: Undo<S::BB>) {
        self.turn = self.turn.other();
        let us = self.turn.index();
        let them = us ^ 1;
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        let from = m.from().index();
        let to = m.to().index();
        if m.is_castle() {
            let (kto, rto) = castle_targets(from, to);
            self.toggle(us, K, S::BB::bit(kto));
            self.toggle(us, R, S::BB::bit(rto));
            self.toggle(us, K, S::BB::bit(from));
            self.toggle(us, R, S::BB::bit(to));
        } else {
            if let Some(promo) = m.promotion_role() {
                self.by_role[promo.index()] ^= S::BB::bit(to);
                self.by_role[P] ^= S::BB::bit(to);
            }
            let role = self.role_on(to);
            self.toggle(us, role, S::BB::bit(from) | S::BB::bit(to));
            if undo.captured != 6 {
                let cap = if m.is_en_passant() { to ^ 8 } else { to };
                self.toggle(them, undo.captured as usize, S::BB::bit(cap));
            }
        }
        self.castling = undo.castling;
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.ep = undo.ep;
    }
}

impl<S: Lookup> Board for Bitboards<S> {
    const NAME: &'static str = S::NAME;

    fn from_position(pos: &Position) -> Self {
        Bitboards {
            by_role: pos.by_role.map(S::BB::from_u64),
            by_color: pos.by_color.map(S::BB::from_u64),
            castling: S::BB::from_u64(pos.castling),
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            ep: pos.ep.map_or(0, |s| s.index() as u8),
            turn: pos.turn,
            chess960: pos.chess960,
            _s: PhantomData,
        }
    }

    fn to_position(&self) -> Position {
        Position {
            by_role: self.by_role.map(S::BB::to_u64),
            by_color: self.by_color.map(S::BB::to_u64),
            turn: self.turn,
            castling: self.castling.to_u64(),
            ep: if self.ep == 0 { None } else { Square::new(self.ep) },
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            chess960: self.chess960,
        }
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn is_check(&self) -> bool {
        let occ = self.occupied();
        let ours = self.by_color[self.turn.index()];
        let ksq = (self.by_role[K] & ours).lsb();
        if self.turn == Color::White {
            self.checkers_of::<true>(ksq, occ).any()
        } else {
            self.checkers_of::<false>(ksq, occ).any()
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.zobrist
    }
}

impl<S: Lookup> SearchBoard for Bitboards<S> {
    #[inline]
    fn generate_noisy(&self, out: &mut MoveList<Move>) {
        if self.turn == Color::White {
            self.generate::<true, NOISY, _>(out)
        } else {
            self.generate::<false, NOISY, _>(out)
        }
    }

    #[inline]
    fn generate_quiet(&self, out: &mut MoveList<Move>) {
        if self.turn == Color::White {
            self.generate::<true, QUIET, _>(out)
        } else {
            self.generate::<false, QUIET, _>(out)
        }
    }

    #[inline]
    fn piece_on(&self, sq: Square) -> Option<Piece> {
        let s = sq.index();
        if !self.occupied().has(s) {
            return None;
        }
        let color = if self.by_color[0].has(s) { Color::White } else { Color::Black };
        Some(Piece { color, role: Role::from_index(self.role_on(s)) })
    }

    #[inline]
    fn piece_sets(&self) -> PieceSets {
        PieceSets::from_sets(&self.by_role.map(S::BB::to_u64), &self.by_color.map(S::BB::to_u64))
    }

    #[inline]
    fn attackers(&self, sq: Square, occ: u64) -> u64 {
        let s = sq.index();
        let occ = S::BB::from_u64(occ);
        let rq = self.by_role[R] | self.by_role[Q];
        let bq = self.by_role[B] | self.by_role[Q];
        let pawns = (S::pawn(0, s) & self.by_color[1] | S::pawn(1, s) & self.by_color[0]) & self.by_role[P];
        let set = (S::knight(s) & self.by_role[N])
            | (S::king(s) & self.by_role[K])
            | pawns
            | (S::rook(s, occ) & rq)
            | (S::bishop(s, occ) & bq);
        (set & occ).to_u64()
    }

    #[inline]
    fn make_null(&mut self) -> Undo<S::BB> {
        let undo =
            Undo { castling: self.castling, zobrist: self.zobrist, halfmove: self.halfmove, ep: self.ep, captured: 6 };
        let mut key = self.zobrist ^ zobrist::SIDE;
        if self.ep != 0 {
            key ^= zobrist::EP[(self.ep & 7) as usize];
            self.ep = 0;
        }
        self.zobrist = key;
        self.halfmove = self.halfmove.wrapping_add(1);
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.wrapping_add(1);
        }
        self.turn = self.turn.other();
        undo
    }

    #[inline]
    fn unmake_null(&mut self, undo: Undo<S::BB>) {
        self.turn = self.turn.other();
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.ep = undo.ep;
    }

    #[inline]
    fn halfmove(&self) -> u32 {
        self.halfmove
    }
}

impl<S: Lookup> core::fmt::Debug for Bitboards<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}({})", S::NAME, self.to_position().fen())
    }
}
