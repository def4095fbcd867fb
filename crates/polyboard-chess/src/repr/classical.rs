//! `classical`: bitboards with precomputed rays and a bit scan to the first blocker,
//! the sliding-attack method of Slate and Atkin's Chess 4.5.
//!
//! # Technique
//!
//! For every square and each of the eight directions, `RAYS` holds the squares a
//! slider reaches on an empty board. On a real board the ray stops at its first
//! blocker: `ray & occupied` gives the blockers, a bit scan finds the nearest (the
//! lowest set bit for the four directions that go towards h8, `+1 +7 +8 +9`; the
//! highest for the four that go towards a1), and XOR with the same direction's ray
//! *from the blocker* cuts off everything beyond it, leaving the blocker itself in
//! (a capture, or a defended square). The scans are branch-free: a sentinel bit on
//! h8 (positive rays) or a1 (negative rays) stands for "no blocker", whose ray
//! beyond is empty. A rook is the union of its four orthogonal rays, a bishop of its
//! four diagonal ones. The tables are computed by `const fn` at compile time (4 KiB).
//!
//! Knight, king and pawn attacks and the `between` squares of two aligned squares
//! come from [`crate::attacks`].
//!
//! # Move generation
//!
//! Fully legal, with the side to move as a const generic: once per node the checkers,
//! a check mask (the squares that block or capture a single checker) and two pin
//! masks (orthogonal and diagonal pin rays, each including its pinning piece). A
//! piece pinned on one kind of line moves only along it. Pawns move set-wise by
//! shifts. King steps and castling paths are tested with the king (and the castling
//! rook) lifted off the occupancy. En passant, which empties two squares of one
//! line, is tested by recomputing the slider rays on the king. At the leaves the
//! generator writes into a counter instead of a list (bulk counting).
//!
//! # Layout (96 bytes)
//!
//! ```text
//! by_role   [u64; 6]  pawns, knights, bishops, rooks, queens, kings (both colours)   48 bytes
//! by_color  [u64; 2]  white pieces, black pieces                                     16
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
//! Bit i of every bitboard is square i (a1 = 0, b1 = 1, ..., h8 = 63).

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

/// Direction indices into `RAYS`: the four towards h8 first (scanned with the
/// lowest bit), then the four towards a1 (scanned with the highest bit).
const NORTH: usize = 0;
const EAST: usize = 1;
const NORTH_EAST: usize = 2;
const NORTH_WEST: usize = 3;
const SOUTH: usize = 4;
const WEST: usize = 5;
const SOUTH_WEST: usize = 6;
const SOUTH_EAST: usize = 7;

/// File and rank steps of the eight directions, in index order.
const STEPS: [(i32, i32); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];

const fn build_rays() -> [[u64; 8]; 64] {
    let mut t = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = STEPS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            let mut ray = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            t[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `RAYS[sq][dir]`: the squares from `sq` (exclusive) to the board edge in `dir`,
/// on an empty board. One square's eight rays share one 64-byte cache line.
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_unions(dirs: [usize; 4]) -> [u64; 64] {
    let rays = build_rays();
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = rays[sq][dirs[0]] | rays[sq][dirs[1]] | rays[sq][dirs[2]] | rays[sq][dirs[3]];
        sq += 1;
    }
    t
}

/// Rook moves from each square on an empty board (the union of the orthogonal rays).
static ROOK_LINES: [u64; 64] = build_unions([NORTH, EAST, SOUTH, WEST]);
/// Bishop moves from each square on an empty board.
static BISHOP_LINES: [u64; 64] = build_unions([NORTH_EAST, NORTH_WEST, SOUTH_WEST, SOUTH_EAST]);

/// Attacks along a direction towards h8: the ray up to and including the nearest
/// blocker (lowest bit), found by a forward bit scan.
#[inline(always)]
fn positive_ray(sq: usize, dir: usize, occ: u64) -> u64 {
    let ray = RAYS[sq & 63][dir];
    // The h8 sentinel: with no blocker the scan lands on h8, whose positive rays are empty.
    let blocker = ((ray & occ) | (1u64 << 63)).trailing_zeros() as usize;
    ray ^ RAYS[blocker][dir]
}

/// Attacks along a direction towards a1: the nearest blocker is the highest bit.
#[inline(always)]
fn negative_ray(sq: usize, dir: usize, occ: u64) -> u64 {
    let ray = RAYS[sq & 63][dir];
    // The a1 sentinel: with no blocker the scan lands on a1, whose negative rays are empty.
    let blocker = 63 - ((ray & occ) | 1).leading_zeros() as usize;
    ray ^ RAYS[blocker][dir]
}

/// Rook attacks from `sq` given the occupancy `occ`.
#[inline(always)]
fn rook_attacks(sq: usize, occ: u64) -> u64 {
    positive_ray(sq, NORTH, occ)
        | positive_ray(sq, EAST, occ)
        | negative_ray(sq, SOUTH, occ)
        | negative_ray(sq, WEST, occ)
}

/// Bishop attacks from `sq` given the occupancy `occ`.
#[inline(always)]
fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    positive_ray(sq, NORTH_EAST, occ)
        | positive_ray(sq, NORTH_WEST, occ)
        | negative_ray(sq, SOUTH_WEST, occ)
        | negative_ray(sq, SOUTH_EAST, occ)
}

/// The classical-bitboard position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Classical {
    by_role: [u64; 6],
    by_color: [u64; 2],
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

impl Classical {
    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The role on an occupied square, branch-free.
    #[inline(always)]
    fn role_on(&self, s: usize) -> usize {
        let bit = |i: usize| ((self.by_role[i] >> s) & 1) as usize;
        bit(N) + 2 * bit(B) + 3 * bit(R) + 4 * bit(Q) + 5 * bit(K)
    }

    /// True when `s` is attacked by the side other than `W` given the occupancy `occ`.
    /// Sliding rays are traced only when an enemy slider stands on the empty-board line.
    #[inline(always)]
    fn attacked<const W: bool>(&self, s: usize, occ: u64) -> bool {
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
        if ROOK_LINES[s] & rq != 0 && rook_attacks(s, occ) & rq != 0 {
            return true;
        }
        let bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        BISHOP_LINES[s] & bq != 0 && bishop_attacks(s, occ) & bq != 0
    }

    /// The enemy pieces that attack the king of `W` on `ksq`.
    #[inline(always)]
    fn checkers_of<const W: bool>(&self, ksq: usize, occ: u64) -> u64 {
        let us = if W { 0 } else { 1 };
        let theirs = self.by_color[us ^ 1];
        let rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let mut c = ((attacks::knight(ksq) & self.by_role[N]) | (attacks::pawn(us, ksq) & self.by_role[P])) & theirs;
        if ROOK_LINES[ksq] & rq != 0 {
            c |= rook_attacks(ksq, occ) & rq;
        }
        if BISHOP_LINES[ksq] & bq != 0 {
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
        let occ = ours | theirs;
        let ksq = lsb(self.by_role[K] & ours);
        let checkers = self.checkers_of::<W>(ksq, occ);

        // King steps, tested with the king lifted off the board.
        let occ_no_king = occ ^ (1u64 << ksq);
        let mut steps = attacks::king(ksq) & !ours;
        let mut king_targets = 0;
        while steps != 0 {
            let t = lsb(steps);
            steps &= steps - 1;
            if !self.attacked::<W>(t, occ_no_king) {
                king_targets |= 1u64 << t;
            }
        }
        sink.piece(ksq, king_targets);

        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check: only the king moves
        }
        let check_mask = if checkers == 0 { !0 } else { attacks::between(ksq, lsb(checkers)) | checkers };

        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let pin_hv = Self::pins(ROOK_LINES[ksq] & their_rq, ksq, occ, ours);
        let pin_d = Self::pins(BISHOP_LINES[ksq] & their_bq, ksq, occ, ours);

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
            sink.piece(s, bishop_attacks(s, occ) & target);
        }
        let mut pinned = diag & pin_d;
        while pinned != 0 {
            let s = lsb(pinned);
            pinned &= pinned - 1;
            sink.piece(s, bishop_attacks(s, occ) & target & pin_d);
        }

        // Orthogonal movers (rooks, queens) not pinned on a diagonal.
        let ortho = (self.by_role[R] | self.by_role[Q]) & ours & !pin_d;
        let mut free = ortho & !pin_hv;
        while free != 0 {
            let s = lsb(free);
            free &= free - 1;
            sink.piece(s, rook_attacks(s, occ) & target);
        }
        let mut pinned = ortho & pin_hv;
        while pinned != 0 {
            let s = lsb(pinned);
            pinned &= pinned - 1;
            sink.piece(s, rook_attacks(s, occ) & target & pin_hv);
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
            self.castle::<W, T>(sink, ksq, occ);
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
        let occ = ours | theirs;
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
            let after = occ ^ (1u64 << from) ^ (1u64 << captured) ^ (1u64 << ep);
            if rook_attacks(ksq, after) & their_rq == 0 && bishop_attacks(ksq, after) & their_bq == 0 {
                sink.special(Move::en_passant(sq(from), sq(ep)));
            }
        }
    }

    /// Castling moves (Chess960 rules; standard chess is the special case).
    #[inline(never)]
    fn castle<const W: bool, T: BitSink<u64>>(&self, sink: &mut T, ksq: usize, occ: u64) {
        let us = if W { 0 } else { 1 };
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
            let without = occ ^ movers;
            let mut path = king_path;
            let mut safe = true;
            while path != 0 {
                let s = lsb(path);
                path &= path - 1;
                if self.attacked::<W>(s, without) {
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
        let occ = ours | theirs;
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
            let after = occ ^ (1u64 << from) ^ (1u64 << pushed) ^ (1u64 << ep);
            if rook_attacks(ksq, after) & their_rq == 0 && bishop_attacks(ksq, after) & their_bq == 0 {
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
                key ^= zobrist::piece(color.other(), Role::Pawn, cap);
                captured = P as u8;
            } else if self.by_color[them] & (1u64 << to) != 0 {
                let cr = self.role_on(to);
                self.toggle(them, cr, 1u64 << to);
                key ^= zobrist::piece(color.other(), Role::from_index(cr), to);
                captured = cr as u8;
                self.halfmove = 0;
            }
            self.toggle(us, role, moved);
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

/// What [`MakeUnmake::unmake`] needs to restore a [`Classical`] position.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    castling: u64,
    zobrist: u64,
    halfmove: u32,
    ep: u8,
    captured: u8,
}

impl PerftNode for Classical {
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

impl MakeUnmake for Classical {
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
        } else {
            if let Some(promo) = m.promotion_role() {
                self.by_role[promo.index()] ^= 1u64 << to;
                self.by_role[P] ^= 1u64 << to;
            }
            let role = self.role_on(to);
            self.toggle(us, role, (1u64 << from) | (1u64 << to));
            if undo.captured != 6 {
                let cap = if m.is_en_passant() { to ^ 8 } else { to };
                self.toggle(them, undo.captured as usize, 1u64 << cap);
            }
        }
        self.castling = undo.castling;
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.ep = undo.ep;
    }
}

impl Board for Classical {
    const NAME: &'static str = "classical";

    fn from_position(pos: &Position) -> Self {
        Classical {
            by_role: pos.by_role,
            by_color: pos.by_color,
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
        let occ = self.occupied();
        let ksq = lsb(self.by_role[K] & self.by_color[self.turn.index()]);
        if self.turn == Color::White {
            self.checkers_of::<true>(ksq, occ) != 0
        } else {
            self.checkers_of::<false>(ksq, occ) != 0
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.zobrist
    }
}

impl core::fmt::Debug for Classical {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "classical({})", self.to_position().fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slow reference slider, walking rays square by square.
    fn walk(s: usize, occ: u64, dirs: &[usize]) -> u64 {
        let mut att = 0;
        for &d in dirs {
            let (df, dr) = STEPS[d];
            let (mut f, mut r) = ((s % 8) as i32 + df, (s / 8) as i32 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                att |= 1u64 << (r * 8 + f);
                if occ & (1u64 << (r * 8 + f)) != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        att
    }

    #[test]
    fn ray_scans_match_walking() {
        let rook = [NORTH, EAST, SOUTH, WEST];
        let bishop = [NORTH_EAST, NORTH_WEST, SOUTH_WEST, SOUTH_EAST];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & x.rotate_left(23);
            let s = (x >> 58) as usize;
            assert_eq!(rook_attacks(s, occ), walk(s, occ, &rook));
            assert_eq!(bishop_attacks(s, occ), walk(s, occ, &bishop));
        }
        // Boundaries: corners and edges on empty and full boards (the sentinels).
        for s in [0, 7, 56, 63, 27, 8, 55] {
            for occ in [0, u64::MAX, 1, 1 << 63] {
                assert_eq!(rook_attacks(s, occ), walk(s, occ, &rook));
                assert_eq!(bishop_attacks(s, occ), walk(s, occ, &bishop));
            }
        }
    }

    #[test]
    fn size_is_96_bytes() {
        assert_eq!(core::mem::size_of::<Classical>(), 96);
    }
}
