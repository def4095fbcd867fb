//! `rotated`: Robert Hyatt's rotated bitboards (Crafty).
//!
//! # Technique
//!
//! A sliding piece's attacks along one line depend only on which squares of that line
//! are occupied. On the ordinary board a rank is eight consecutive bits, so a shift
//! and a mask give its occupancy state, and a table indexed by square and state
//! gives the attacks. Files and diagonals are not contiguous, so the occupancy is
//! kept three more times with the squares renumbered such that each of those lines
//! is contiguous too:
//!
//! - `occ[RANK]`: the ordinary board, square `8 * rank + file`; ranks are contiguous.
//! - `occ[FILE]`: "rotated 90": square (file, rank) is bit `8 * file + rank`; files
//!   are contiguous (strictly a transposition, which is what the rotation is for).
//! - `occ[DIAG]`: "rotated 45", a1h8 diagonals (file - rank constant) one after the
//!   other, from the one-square a8 diagonal up to the one-square h1 diagonal, each in
//!   order of rising rank.
//! - `occ[ANTI]`: "rotated 45" the other way, h1a8 diagonals (file + rank constant)
//!   from a1 to h8, each in order of rising rank.
//!
//! All four are updated incrementally by make and unmake: every square that empties or
//! fills XORs its bit into each of them (`ROTATED_BITS` holds the four bits of each
//! square). A lookup extracts only the inner squares of the line (the end squares
//! are attacked whether or not they are occupied), so a state is at most 6 bits: for
//! a square and line kind, `state = (occ[kind] >> shift) & mask`, and
//! `ATTACKS[sq][kind][state]` is the attack set in ordinary coordinates. Rook =
//! rank | file, bishop = a1h8 | h1a8. The rotation maps and the 128 KiB of tables are
//! computed by `const fn` at compile time.
//!
//! Attacks against a changed occupancy (the king lifted for its own steps, king and
//! rook lifted for castling, the two pawns of an en passant capture) flip the same
//! squares in a local copy of the four boards.
//!
//! Knight, king and pawn attacks and the `between` squares of two aligned squares
//! come from [`crate::attacks`].
//!
//! # Move generation
//!
//! As in `classical`: fully legal, with the side to move as a const generic, check
//! and pin masks once per node, pawns set-wise, and a counter at the leaves (bulk
//! counting).
//!
//! # Layout (128 bytes)
//!
//! ```text
//! by_role   [u64; 6]  pawns, knights, bishops, rooks, queens, kings (both colours)   48 bytes
//! by_color  [u64; 2]  white pieces, black pieces                                     16
//! occ       [u64; 4]  occupied: ordinary, rotated 90, rotated 45 a1h8, 45 h1a8       32
//! castling  u64       rook squares that keep a castling right                         8
//! zobrist   u64       incremental key                                                 8
//! halfmove  u32       halfmove clock                                                  4
//! fullmove  u32       fullmove number                                                 4
//! ep        u8        en passant square, 0 for none (a1 is never one)                 1
//! turn      Color     side to move (one byte)                                         1
//! chess960  bool      how castling is written (not how it is played)                  1
//!                     padding to a multiple of 8                                      5
//! ```
//!
//! Bit i of `by_role`, `by_color` and `occ[RANK]` is square i (a1 = 0, h8 = 63);
//! the other three boards number the squares as above.

use super::sink::{BitSink, Counter};
use crate::attacks;
use crate::board::Board;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Move, Role, Square};
use crate::zobrist;
use polyboard_core::MoveList;
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

/// Line kinds, which are also the indices of the four occupancy boards.
const RANK: usize = 0;
const FILE: usize = 1;
const DIAG: usize = 2;
const ANTI: usize = 3;

/// Where a square lies on its line of one kind: the line's first square (file,
/// rank), the step along it, the square's position on it, the line's length and the
/// bit of the line's first square in that kind's board.
#[derive(Clone, Copy)]
struct Place {
    first: (i32, i32),
    step: (i32, i32),
    pos: u32,
    len: u32,
    start: u32,
}

/// Length of the a1h8 (or h1a8) diagonal number `d` (0..15), in the order stored.
const fn diagonal_len(d: u32) -> u32 {
    if d < 8 { d + 1 } else { 15 - d }
}

/// The first bit of diagonal `d` in a 45-degree board: the lengths of those before it.
const fn diagonal_start(d: u32) -> u32 {
    let mut s = 0;
    let mut i = 0;
    while i < d {
        s += diagonal_len(i);
        i += 1;
    }
    s
}

const fn place(kind: usize, sq: usize) -> Place {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    match kind {
        RANK => Place { first: (0, r), step: (1, 0), pos: f as u32, len: 8, start: 8 * r as u32 },
        FILE => Place { first: (f, 0), step: (0, 1), pos: r as u32, len: 8, start: 8 * f as u32 },
        DIAG => {
            // Number the a1h8 diagonals from a8 (file - rank = -7) to h1 (+7).
            let d = (f - r + 7) as u32;
            let m = if f < r { f } else { r };
            Place { first: (f - m, r - m), step: (1, 1), pos: m as u32, len: diagonal_len(d), start: diagonal_start(d) }
        }
        _ => {
            // h1a8 diagonals from a1 (file + rank = 0) to h8 (14), each by rising rank.
            let d = (f + r) as u32;
            let r0 = if f + r > 7 { f + r - 7 } else { 0 };
            Place {
                first: (f + r - r0, r0),
                step: (-1, 1),
                pos: (r - r0) as u32,
                len: diagonal_len(d),
                start: diagonal_start(d),
            }
        }
    }
}

const fn build_rotated_bits() -> [[u64; 4]; 64] {
    let mut t = [[0u64; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut kind = 0;
        while kind < 4 {
            let p = place(kind, sq);
            t[sq][kind] = 1u64 << (p.start + p.pos);
            kind += 1;
        }
        sq += 1;
    }
    t
}

/// `ROTATED_BITS[sq][kind]`: the bit of square `sq` in the occupancy board of `kind`.
static ROTATED_BITS: [[u64; 4]; 64] = build_rotated_bits();

/// How to extract a line's inner occupancy: `(board >> shift) & mask`.
#[derive(Clone, Copy)]
struct Extract {
    shift: u8,
    mask: u8,
}

const fn build_extract() -> [[Extract; 4]; 64] {
    let mut t = [[Extract { shift: 0, mask: 0 }; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut kind = 0;
        while kind < 4 {
            let p = place(kind, sq);
            // Lines of one or two squares have no inner squares: state 0 always.
            t[sq][kind] = if p.len >= 3 {
                Extract { shift: (p.start + 1) as u8, mask: ((1u32 << (p.len - 2)) - 1) as u8 }
            } else {
                Extract { shift: 0, mask: 0 }
            };
            kind += 1;
        }
        sq += 1;
    }
    t
}

static EXTRACT: [[Extract; 4]; 64] = build_extract();

const fn build_attacks() -> [[[u64; 64]; 4]; 64] {
    let mut t = [[[0u64; 64]; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut kind = 0;
        while kind < 4 {
            let p = place(kind, sq);
            let mut state = 0u32;
            while state < 64 {
                // Bit i - 1 of `state` is the occupancy of inner square i of the line.
                let mut att = 0u64;
                let mut i = p.pos + 1;
                while i < p.len {
                    att |= 1u64 << ((p.first.1 + p.step.1 * i as i32) * 8 + p.first.0 + p.step.0 * i as i32);
                    if i + 1 < p.len && (state >> (i - 1)) & 1 != 0 {
                        break;
                    }
                    i += 1;
                }
                let mut i = p.pos;
                while i > 0 {
                    i -= 1;
                    att |= 1u64 << ((p.first.1 + p.step.1 * i as i32) * 8 + p.first.0 + p.step.0 * i as i32);
                    if i > 0 && (state >> (i - 1)) & 1 != 0 {
                        break;
                    }
                }
                t[sq][kind][state as usize] = att;
                state += 1;
            }
            kind += 1;
        }
        sq += 1;
    }
    t
}

/// `ATTACKS[sq][kind][state]`: the attacks along the line of `kind` through `sq` when
/// its inner squares are occupied as the bits of `state` say (ordinary coordinates).
/// One square's four line tables are 2 KiB together.
static ATTACKS: [[[u64; 64]; 4]; 64] = build_attacks();

/// The four occupancy boards, indexed by line kind.
type Occupancy = [u64; 4];

/// Attacks along the line of `kind` through `s`, looked up by the line's state.
#[inline(always)]
fn line_attacks(s: usize, kind: usize, occ: &Occupancy) -> u64 {
    let s = s & 63;
    let e = EXTRACT[s][kind];
    ATTACKS[s][kind][((occ[kind] >> e.shift) & e.mask as u64) as usize]
}

/// Rook attacks from `s`: the rank from the ordinary board, the file from the 90 board.
#[inline(always)]
fn rook_attacks(s: usize, occ: &Occupancy) -> u64 {
    line_attacks(s, RANK, occ) | line_attacks(s, FILE, occ)
}

/// Bishop attacks from `s`: one diagonal from each 45 board.
#[inline(always)]
fn bishop_attacks(s: usize, occ: &Occupancy) -> u64 {
    line_attacks(s, DIAG, occ) | line_attacks(s, ANTI, occ)
}

/// Rook moves from `s` on an empty board.
#[inline(always)]
fn rook_lines(s: usize) -> u64 {
    ATTACKS[s & 63][RANK][0] | ATTACKS[s & 63][FILE][0]
}

/// Bishop moves from `s` on an empty board.
#[inline(always)]
fn bishop_lines(s: usize) -> u64 {
    ATTACKS[s & 63][DIAG][0] | ATTACKS[s & 63][ANTI][0]
}

/// `occ` with square `s` flipped in all four boards.
#[inline(always)]
fn flipped(mut occ: Occupancy, s: usize) -> Occupancy {
    let bits = &ROTATED_BITS[s & 63];
    occ[0] ^= bits[0];
    occ[1] ^= bits[1];
    occ[2] ^= bits[2];
    occ[3] ^= bits[3];
    occ
}

/// The rotated-bitboard position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Rotated {
    by_role: [u64; 6],
    by_color: [u64; 2],
    occ: Occupancy,
    castling: u64,
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
    ep: u8,
    turn: Color,
    chess960: bool,
}

/// One rank forward for side `W`.
#[inline(always)]
const fn up<const W: bool>(b: u64) -> u64 {
    if W { b << 8 } else { b >> 8 }
}

/// Pawn captures towards the a-file (white +7, black -9).
#[inline(always)]
const fn up_left<const W: bool>(b: u64) -> u64 {
    if W { (b & !FILE_A) << 7 } else { (b & !FILE_A) >> 9 }
}

/// Pawn captures towards the h-file (white +9, black -7).
#[inline(always)]
const fn up_right<const W: bool>(b: u64) -> u64 {
    if W { (b & !FILE_H) << 9 } else { (b & !FILE_H) >> 7 }
}

#[inline(always)]
fn lsb(b: u64) -> usize {
    b.trailing_zeros() as usize
}

#[inline(always)]
fn sq(i: usize) -> Square {
    Square::from_index(i as u32)
}

impl Rotated {
    /// The role on an occupied square, branch-free.
    #[inline(always)]
    fn role_on(&self, s: usize) -> usize {
        let bit = |i: usize| ((self.by_role[i] >> s) & 1) as usize;
        bit(N) + 2 * bit(B) + 3 * bit(R) + 4 * bit(Q) + 5 * bit(K)
    }

    /// True when `s` is attacked by the side other than `W` given the occupancy `occ`.
    /// Lines are looked up only when an enemy slider stands on the empty-board line.
    #[inline(always)]
    fn attacked<const W: bool>(&self, s: usize, occ: &Occupancy) -> bool {
        let us = if W { 0 } else { 1 };
        let theirs = self.by_color[us ^ 1];
        if (attacks::knight(s) & self.by_role[N]
            | attacks::pawn(us, s) & self.by_role[P]
            | attacks::king(s) & self.by_role[K])
            & theirs
            != 0
        {
            return true;
        }
        let rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        if rook_lines(s) & rq != 0 && rook_attacks(s, occ) & rq != 0 {
            return true;
        }
        let bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        bishop_lines(s) & bq != 0 && bishop_attacks(s, occ) & bq != 0
    }

    /// The enemy pieces that attack the king of `W` on `ksq`.
    #[inline(always)]
    fn checkers_of<const W: bool>(&self, ksq: usize, occ: &Occupancy) -> u64 {
        let us = if W { 0 } else { 1 };
        let theirs = self.by_color[us ^ 1];
        let rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let mut c = ((attacks::knight(ksq) & self.by_role[N]) | (attacks::pawn(us, ksq) & self.by_role[P])) & theirs;
        if rook_lines(ksq) & rq != 0 {
            c |= rook_attacks(ksq, occ) & rq;
        }
        if bishop_lines(ksq) & bq != 0 {
            c |= bishop_attacks(ksq, occ) & bq;
        }
        c
    }

    /// The pin rays of enemy sliders in `snipers` on the king on `ksq`: for each sniper
    /// with exactly one piece, ours, between it and the king, the squares between
    /// and the sniper itself.
    #[inline(always)]
    fn pins(mut snipers: u64, ksq: usize, occ: u64, ours: u64) -> u64 {
        let mut pinned = 0;
        while snipers != 0 {
            let s = lsb(snipers);
            snipers &= snipers - 1;
            let ray = attacks::between(ksq, s);
            let blockers = ray & occ;
            if blockers & blockers.wrapping_sub(1) == 0 && blockers & ours != 0 {
                pinned |= ray | (1u64 << s);
            }
        }
        pinned
    }

    /// Generates every legal move of side `W` into `sink`.
    #[inline(always)]
    fn generate<const W: bool, T: BitSink<u64>>(&self, sink: &mut T) {
        let us = if W { 0 } else { 1 };
        let ours = self.by_color[us];
        let theirs = self.by_color[us ^ 1];
        let rotated = self.occ;
        let occ = rotated[RANK];
        let ksq = lsb(self.by_role[K] & ours);
        let checkers = self.checkers_of::<W>(ksq, &rotated);

        // King steps, tested with the king lifted off all four boards.
        let mut steps = attacks::king(ksq) & !ours;
        let mut king_targets = 0;
        if steps != 0 {
            let no_king = flipped(rotated, ksq);
            while steps != 0 {
                let t = lsb(steps);
                steps &= steps - 1;
                if !self.attacked::<W>(t, &no_king) {
                    king_targets |= 1u64 << t;
                }
            }
        }
        sink.piece(ksq, king_targets);

        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check: only the king moves
        }
        let check_mask = if checkers == 0 { !0 } else { attacks::between(ksq, lsb(checkers)) | checkers };

        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let pin_hv = Self::pins(rook_lines(ksq) & their_rq, ksq, occ, ours);
        let pin_d = Self::pins(bishop_lines(ksq) & their_bq, ksq, occ, ours);

        let target = !ours & check_mask;

        // Knights: a pinned knight never moves.
        let mut knights = self.by_role[N] & ours & !(pin_hv | pin_d);
        while knights != 0 {
            let s = lsb(knights);
            knights &= knights - 1;
            sink.piece(s, attacks::knight(s) & target);
        }

        // Diagonal movers (bishops, queens) not pinned on a rank or file.
        let diag = (self.by_role[B] | self.by_role[Q]) & ours & !pin_hv;
        let mut free = diag & !pin_d;
        while free != 0 {
            let s = lsb(free);
            free &= free - 1;
            sink.piece(s, bishop_attacks(s, &rotated) & target);
        }
        let mut pinned = diag & pin_d;
        while pinned != 0 {
            let s = lsb(pinned);
            pinned &= pinned - 1;
            sink.piece(s, bishop_attacks(s, &rotated) & target & pin_d);
        }

        // Orthogonal movers (rooks, queens) not pinned on a diagonal.
        let ortho = (self.by_role[R] | self.by_role[Q]) & ours & !pin_d;
        let mut free = ortho & !pin_hv;
        while free != 0 {
            let s = lsb(free);
            free &= free - 1;
            sink.piece(s, rook_attacks(s, &rotated) & target);
        }
        let mut pinned = ortho & pin_hv;
        while pinned != 0 {
            let s = lsb(pinned);
            pinned &= pinned - 1;
            sink.piece(s, rook_attacks(s, &rotated) & target & pin_hv);
        }

        // Pawns, set-wise.
        let pawns = self.by_role[P] & ours;
        let empty = !occ;
        let last = if W { RANK_8 } else { RANK_1 };
        let push_rank = if W { RANK_3 } else { RANK_6 };
        let fwd: i32 = if W { 8 } else { -8 };

        let pushers = pawns & !pin_d;
        let single = (up::<W>(pushers & !pin_hv) | (up::<W>(pushers & pin_hv) & pin_hv)) & empty;
        let double = up::<W>(single & push_rank) & empty & check_mask;
        let single = single & check_mask;
        sink.pawns(single & !last, fwd);
        sink.promotions(single & last, fwd);
        sink.pawns(double, 2 * fwd);

        let capturers = pawns & !pin_hv;
        let enemies = theirs & check_mask;
        let free = capturers & !pin_d;
        let pinned = capturers & pin_d;
        let left = (up_left::<W>(free) | (up_left::<W>(pinned) & pin_d)) & enemies;
        let right = (up_right::<W>(free) | (up_right::<W>(pinned) & pin_d)) & enemies;
        let (dl, dr) = if W { (7, 9) } else { (-9, -7) };
        sink.pawns(left & !last, dl);
        sink.promotions(left & last, dl);
        sink.pawns(right & !last, dr);
        sink.promotions(right & last, dr);

        if self.ep != 0 {
            self.en_passant::<W, T>(sink, ksq, checkers);
        }

        if checkers == 0 && self.castling & ours != 0 {
            self.castle::<W, T>(sink, ksq);
        }
    }

    /// En passant captures onto the stored square (kept only when one is legal, so
    /// the test runs on few nodes): the capture empties two squares, so the king's
    /// slider rays are traced again on the board after it.
    #[inline(never)]
    fn en_passant<const W: bool, T: BitSink<u64>>(&self, sink: &mut T, ksq: usize, checkers: u64) {
        let us = if W { 0 } else { 1 };
        let ours = self.by_color[us];
        let theirs = self.by_color[us ^ 1];
        let ep = self.ep as usize;
        let captured = if W { ep - 8 } else { ep + 8 };
        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        // A knight or pawn check other than by the captured pawn stands.
        if checkers & (self.by_role[N] | self.by_role[P]) & !(1u64 << captured) != 0 {
            return;
        }
        let mut candidates = attacks::pawn(us ^ 1, ep) & self.by_role[P] & ours;
        while candidates != 0 {
            let from = lsb(candidates);
            candidates &= candidates - 1;
            let after = flipped(flipped(flipped(self.occ, from), captured), ep);
            if rook_attacks(ksq, &after) & their_rq == 0 && bishop_attacks(ksq, &after) & their_bq == 0 {
                sink.special(Move::en_passant(sq(from), sq(ep)));
            }
        }
    }

    /// Castling moves (Chess960 rules; standard chess is the special case).
    #[inline(never)]
    fn castle<const W: bool, T: BitSink<u64>>(&self, sink: &mut T, ksq: usize) {
        let us = if W { 0 } else { 1 };
        let occ = self.occ[RANK];
        let mut rooks = self.castling & self.by_color[us];
        while rooks != 0 {
            let r = lsb(rooks);
            rooks &= rooks - 1;
            let side = if r > ksq { CastlingSide::King } else { CastlingSide::Queen };
            let base = ksq & 56;
            let kto = base + side.king_to_file() as usize;
            let rto = base + side.rook_to_file() as usize;
            let movers = (1u64 << ksq) | (1u64 << r);
            let king_path = attacks::between(ksq, kto) | (1u64 << kto);
            let must_be_empty = (king_path | attacks::between(r, rto) | (1u64 << rto)) & !movers;
            if occ & must_be_empty != 0 {
                continue;
            }
            let without = flipped(flipped(self.occ, ksq), r);
            let mut path = king_path;
            let mut safe = true;
            while path != 0 {
                let s = lsb(path);
                path &= path - 1;
                if self.attacked::<W>(s, &without) {
                    safe = false;
                    break;
                }
            }
            if safe {
                sink.special(Move::castle(sq(ksq), sq(r)));
            }
        }
    }

    /// After a double push onto `ep` (the side to move is now the capturer), true when
    /// an en passant capture is legal. Rare: an enemy pawn must stand beside the pushed one.
    #[cold]
    #[inline(never)]
    fn ep_capture_legal(&self, ep: usize) -> bool {
        let us = self.turn.index();
        let ours = self.by_color[us];
        let theirs = self.by_color[us ^ 1];
        let ksq = lsb(self.by_role[K] & ours);
        let pushed = if us == 0 { ep - 8 } else { ep + 8 };
        let leapers = ((attacks::knight(ksq) & self.by_role[N]) | (attacks::pawn(us, ksq) & self.by_role[P]))
            & theirs
            & !(1u64 << pushed);
        if leapers != 0 {
            return false;
        }
        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let mut capturers = attacks::pawn(us ^ 1, ep) & self.by_role[P] & ours;
        while capturers != 0 {
            let from = lsb(capturers);
            capturers &= capturers - 1;
            let after = flipped(flipped(flipped(self.occ, from), pushed), ep);
            if rook_attacks(ksq, &after) & their_rq == 0 && bishop_attacks(ksq, &after) & their_bq == 0 {
                return true;
            }
        }
        false
    }

    #[inline(always)]
    fn toggle(&mut self, color: usize, role: usize, bits: u64) {
        self.by_role[role] ^= bits;
        self.by_color[color] ^= bits;
    }

    /// Flips the occupancy of square `s` in the ordinary and the three rotated boards.
    #[inline(always)]
    fn flip(&mut self, s: usize) {
        self.occ = flipped(self.occ, s);
    }

    /// Flips the squares of a castling: each of king, rook and their targets, so that
    /// a square both left and entered stays occupied.
    #[inline(always)]
    fn flip_castle(&mut self, king: usize, rook: usize, kto: usize, rto: usize) {
        self.flip(king);
        self.flip(rook);
        self.flip(kto);
        self.flip(rto);
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
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = from & 56;
            let kto = base + side.king_to_file() as usize;
            let rto = base + side.rook_to_file() as usize;
            self.toggle(us, K, (1u64 << from) ^ (1u64 << kto));
            self.toggle(us, R, (1u64 << to) ^ (1u64 << rto));
            self.flip_castle(from, to, kto, rto);
            key ^= zobrist::piece(color, Role::King, from)
                ^ zobrist::piece(color, Role::King, kto)
                ^ zobrist::piece(color, Role::Rook, to)
                ^ zobrist::piece(color, Role::Rook, rto);
            self.castling &= !(RANK_1 << (56 * us));
        } else {
            let role = self.role_on(from);
            let moved = (1u64 << from) | (1u64 << to);
            if m.is_en_passant() {
                let cap = to ^ 8;
                self.toggle(them, P, 1u64 << cap);
                self.flip(cap);
                self.flip(to);
                key ^= zobrist::piece(color.other(), Role::Pawn, cap);
                captured = P as u8;
            } else if self.by_color[them] & (1u64 << to) != 0 {
                let cr = self.role_on(to);
                self.toggle(them, cr, 1u64 << to);
                key ^= zobrist::piece(color.other(), Role::from_index(cr), to);
                captured = cr as u8;
                self.halfmove = 0;
            } else {
                self.flip(to);
            }
            self.toggle(us, role, moved);
            self.flip(from);
            let r = Role::from_index(role);
            key ^= zobrist::piece(color, r, from) ^ zobrist::piece(color, r, to);
            if role == P {
                self.halfmove = 0;
                if let Some(promo) = m.promotion_role() {
                    self.by_role[P] ^= 1u64 << to;
                    self.by_role[promo.index()] ^= 1u64 << to;
                    key ^= zobrist::piece(color, Role::Pawn, to) ^ zobrist::piece(color, promo, to);
                } else if from ^ to == 16 {
                    let ep = (from + to) / 2;
                    if attacks::pawn(us, ep) & self.by_role[P] & self.by_color[them] != 0 {
                        self.turn = color.other();
                        if self.ep_capture_legal(ep) {
                            self.ep = ep as u8;
                            key ^= zobrist::EP[ep & 7];
                        }
                        self.turn = color;
                    }
                }
            } else if role == K {
                // Both rights of the mover's colour, wherever the king stands.
                self.castling &= !(RANK_1 << (56 * us));
            }
            self.castling &= !moved;
        }
        if self.castling != old_castling {
            key ^= zobrist::castling(self.castling ^ old_castling);
        }
        self.zobrist = key;
        self.turn = color.other();
        captured
    }
}

/// What [`MakeUnmake::unmake`] needs to restore a [`Rotated`] position.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    castling: u64,
    zobrist: u64,
    halfmove: u32,
    ep: u8,
    captured: u8,
}

impl PerftNode for Rotated {
    type Move = Move;

    #[inline]
    fn generate_moves(&self, out: &mut MoveList<Move>) {
        if self.turn == Color::White { self.generate::<true, _>(out) } else { self.generate::<false, _>(out) }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        let mut c = Counter(0);
        if self.turn == Color::White {
            self.generate::<true, _>(&mut c)
        } else {
            self.generate::<false, _>(&mut c)
        }
        c.0
    }

    #[inline(always)]
    fn apply(&mut self, mv: Move) {
        self.make_in_place(mv);
    }
}

impl MakeUnmake for Rotated {
    type Undo = Undo;

    #[inline]
    fn make(&mut self, mv: Move) -> Undo {
        let (castling, zobrist, halfmove, ep) = (self.castling, self.zobrist, self.halfmove, self.ep);
        let captured = self.make_in_place(mv);
        Undo { castling, zobrist, halfmove, ep, captured }
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: Undo) {
        self.turn = self.turn.other();
        let us = self.turn.index();
        let them = us ^ 1;
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        let from = m.from().index();
        let to = m.to().index();
        if m.is_castle() {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = from & 56;
            let kto = base + side.king_to_file() as usize;
            let rto = base + side.rook_to_file() as usize;
            self.toggle(us, K, (1u64 << from) ^ (1u64 << kto));
            self.toggle(us, R, (1u64 << to) ^ (1u64 << rto));
            self.flip_castle(from, to, kto, rto);
        } else {
            if let Some(promo) = m.promotion_role() {
                self.by_role[promo.index()] ^= 1u64 << to;
                self.by_role[P] ^= 1u64 << to;
            }
            let role = self.role_on(to);
            self.toggle(us, role, (1u64 << from) | (1u64 << to));
            self.flip(from);
            if undo.captured == 6 {
                self.flip(to);
            } else if m.is_en_passant() {
                self.toggle(them, P, 1u64 << (to ^ 8));
                self.flip(to ^ 8);
                self.flip(to);
            } else {
                self.toggle(them, undo.captured as usize, 1u64 << to);
            }
        }
        self.castling = undo.castling;
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.ep = undo.ep;
    }
}

impl Board for Rotated {
    const NAME: &'static str = "rotated";

    fn from_position(pos: &Position) -> Self {
        let mut occ = [0; 4];
        let mut all = pos.by_color[0] | pos.by_color[1];
        while all != 0 {
            occ = flipped(occ, lsb(all));
            all &= all - 1;
        }
        Rotated {
            by_role: pos.by_role,
            by_color: pos.by_color,
            occ,
            castling: pos.castling,
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            ep: pos.ep.map_or(0, |s| s.index() as u8),
            turn: pos.turn,
            chess960: pos.chess960,
        }
    }

    fn to_position(&self) -> Position {
        Position {
            by_role: self.by_role,
            by_color: self.by_color,
            turn: self.turn,
            castling: self.castling,
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
        let ksq = lsb(self.by_role[K] & self.by_color[self.turn.index()]);
        if self.turn == Color::White {
            self.checkers_of::<true>(ksq, &self.occ) != 0
        } else {
            self.checkers_of::<false>(ksq, &self.occ) != 0
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.zobrist
    }
}

impl core::fmt::Debug for Rotated {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "rotated({})", self.to_position().fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::attacks::walk_rays as walk;

    /// The four boards of an ordinary occupancy, built square by square.
    fn rotate(occ: u64) -> Occupancy {
        let mut o = [0; 4];
        for s in 0..64 {
            if occ & (1u64 << s) != 0 {
                o = flipped(o, s);
            }
        }
        o
    }

    #[test]
    fn rotation_maps_are_permutations_with_contiguous_lines() {
        for kind in 0..4 {
            let all = ROTATED_BITS.iter().enumerate().fold(0u64, |acc, (s, bits)| {
                assert_eq!(acc & bits[kind], 0, "kind {kind} square {s} collides");
                acc | bits[kind]
            });
            assert_eq!(all, u64::MAX);
        }
        assert_eq!(ROTATED_BITS[0][RANK], 1);
        // b1 is bit 8 of the 90 board (file b first, then rank 1).
        assert_eq!(ROTATED_BITS[1][FILE], 1 << 8);
        // a8 is the first a1h8 diagonal, h1 the last; a1 the first h1a8 diagonal, h8 the last.
        assert_eq!(ROTATED_BITS[56][DIAG], 1);
        assert_eq!(ROTATED_BITS[7][DIAG], 1 << 63);
        assert_eq!(ROTATED_BITS[0][ANTI], 1);
        assert_eq!(ROTATED_BITS[63][ANTI], 1 << 63);
    }

    #[test]
    fn table_lookups_match_walking() {
        let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & x.rotate_left(23);
            let s = (x >> 58) as usize;
            let o = rotate(occ);
            assert_eq!(rook_attacks(s, &o), walk(s, occ, &rook));
            assert_eq!(bishop_attacks(s, &o), walk(s, occ, &bishop));
        }
        for s in 0..64 {
            for occ in [0, u64::MAX, 1, 1 << 63, 0x8100_0000_0000_0081] {
                let o = rotate(occ);
                assert_eq!(rook_attacks(s, &o), walk(s, occ, &rook), "rook {s} {occ:x}");
                assert_eq!(bishop_attacks(s, &o), walk(s, occ, &bishop), "bishop {s} {occ:x}");
            }
        }
    }

    #[test]
    fn make_and_unmake_keep_the_rotated_boards() {
        let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
        let b = Rotated::from_position(&pos);
        for mv in b.legal_moves() {
            let mut c = b;
            let undo = c.make(mv);
            assert_eq!(c.occ, rotate(c.by_color[0] | c.by_color[1]), "{mv:?}");
            for reply in c.legal_moves() {
                let mut d = c;
                d.apply(reply);
                assert_eq!(d.occ, rotate(d.by_color[0] | d.by_color[1]), "{mv:?} {reply:?}");
            }
            c.unmake(mv, undo);
            assert_eq!(c, b);
        }
    }

    #[test]
    fn size_is_128_bytes() {
        assert_eq!(core::mem::size_of::<Rotated>(), 128);
    }
}
