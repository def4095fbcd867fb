//! `kindergarten`: kindergarten bitboards, the sliding-attack technique of Sjaak.
//!
//! # Technique
//!
//! A slider's attacks along one line depend only on the occupancy of the six inner
//! squares of that line (the two end squares are attacked or not whatever stands on
//! them). Kindergarten bitboards gather those six bits into a 6-bit index with a
//! shift or one multiplication, and read the attacks from a small table:
//!
//! - **Ranks**: the six inner bits of the rank are already contiguous, so
//!   `index = (occ >> (rank * 8 + 1)) & 63`; the attacks come from `FILL_UP[file][index]`,
//!   the first-rank attack byte copied onto all eight ranks, masked with the rank.
//! - **Files**: the file is shifted onto the a-file, and a multiply by the c7-h2
//!   diagonal (`0x0004_0810_2040_8000`) maps a2..a7 to the six top bits, reversed into
//!   rank order (no two partial products meet, so no carry disturbs them):
//!   `index = ((FILE_A & (occ >> file)) * DIAG_C7_H2) >> 58`. `A_FILE[rank][index]` holds
//!   the a-file attacks, shifted back to the file.
//! - **Diagonals and anti-diagonals**: the line is masked out and a multiply by the
//!   b-file (`0x0202_0202_0202_0202`) projects each of its squares onto its file in
//!   the top byte (a diagonal has one square per file, so again no carries):
//!   `index = ((occ & DIAG[sq]) * FILE_B) >> 58`. Along the line the files play the
//!   role of the rank, so the same `FILL_UP[file][index]`, masked with the line,
//!   gives the attacks.
//!
//! Rook = rank | file, bishop = diagonal | anti-diagonal. The tables are computed at
//! compile time by `const fn`s in this module: `FILL_UP` and `A_FILE` are 8 x 64 `u64`
//! (4 KiB each) and the line masks 64 x 2 `u64` (1 KiB), 9 KiB in all, which stays in
//! L1 cache (fancy magics need 841 KiB).
//!
//! The move generator is fully legal: checkers, a check mask and two pin masks
//! (rank/file pins and diagonal pins, each ray including its pinner) once per node;
//! pawns set-wise by shifts; king steps tested against the occupancy without the
//! king; the en passant capture (which removes two pieces from a line) verified by
//! recomputing the slider attacks on the king. The side to move is a const generic.
//! Leaves are counted in bulk through a counting sink (no move list). Knight, king,
//! pawn and `between` tables come from [`crate::attacks`].
//!
//! # Layout (96 bytes)
//!
//! Sjaak's board, without its extras:
//!
//! ```text
//! by_role:  [u64; 6]  pawns, knights, bishops, rooks, queens, kings (both colours)
//! by_color: [u64; 2]  white, black (occupancy is their union)
//! castling: u64       rook squares that keep a castling right
//! zobrist:  u64       incremental key
//! halfmove, fullmove: u32
//! ep: u8 (0 = none; a1 is never an en passant square), turn: Color, chess960: bool
//! ```
//! 91 bytes of fields, padded to 96 (8-byte alignment). Bit i of a bitboard is square
//! i (a1 = 0, h8 = 63). Like Sjaak's, the board has no occupancy bitboard (it is the
//! union of the two colours) and is small enough to be copied on every move, which is
//! how Sjaak makes moves (copy-make, unmake by dropping the copy); make/unmake in
//! place is provided as well.

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
const FILE_B: u64 = FILE_A << 1;
const FILE_H: u64 = FILE_A << 7;
/// The c7-h2 diagonal: the multiplier that turns the a-file into a rank.
const DIAG_C7_H2: u64 = 0x0004_0810_2040_8000;

// ---------------------------------------------------------------------------
// Tables, computed at compile time.

/// The attacks on a line of 8 squares from `pos`, given the occupancy byte `occ`.
const fn line_attacks(pos: u32, occ: u32) -> u32 {
    let mut att = 0;
    let mut i = pos + 1;
    while i < 8 {
        att |= 1 << i;
        if occ & (1 << i) != 0 {
            break;
        }
        i += 1;
    }
    let mut i = pos as i32 - 1;
    while i >= 0 {
        att |= 1 << i;
        if occ & (1 << i) != 0 {
            break;
        }
        i -= 1;
    }
    att
}

/// `FILL_UP[file][inner]`: the first-rank attacks of a slider on `file` when the six
/// inner squares (b..g) hold `inner`, copied onto all eight ranks.
const fn fill_up() -> [[u64; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut inner = 0;
        while inner < 64 {
            t[f][inner] = line_attacks(f as u32, (inner as u32) << 1) as u64 * FILE_A;
            inner += 1;
        }
        f += 1;
    }
    t
}

/// `A_FILE[rank][index]`: the a-file attacks of a slider on `rank`, where `index` is
/// the multiply-mapped occupancy of a2..a7. Built by mapping each of the 64 inner
/// occupancies; the build fails if two of them shared an index.
const fn a_file() -> [[u64; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut seen = [false; 64];
    let mut inner = 0u64;
    while inner < 64 {
        // Rank i + 1 of the a-file holds bit i of `inner`.
        let mut occ = 0u64;
        let mut i = 0;
        while i < 6 {
            if inner & (1 << i) != 0 {
                occ |= 1 << (8 * (i + 1));
            }
            i += 1;
        }
        let index = (occ.wrapping_mul(DIAG_C7_H2) >> 58) as usize;
        assert!(!seen[index], "the a-file multiply is not one-to-one");
        seen[index] = true;
        let mut rank = 0;
        while rank < 8 {
            // The file as a line of 8 squares, a1 first.
            let ranks = line_attacks(rank, (inner as u32) << 1);
            let mut att = 0u64;
            let mut r = 0;
            while r < 8 {
                if ranks & (1 << r) != 0 {
                    att |= 1 << (8 * r);
                }
                r += 1;
            }
            t[rank as usize][index] = att;
            rank += 1;
        }
        inner += 1;
    }
    t
}

/// The diagonal (`anti == false`, a1-h8 direction) or anti-diagonal through each
/// square, without the square itself.
const fn diagonals(anti: bool) -> [u64; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut m = 0u64;
        let mut g = 0;
        while g < 8 {
            let s = if anti { r + (f - g) } else { r + (g - f) };
            if g != f && s >= 0 && s < 8 {
                m |= 1 << (s * 8 + g);
            }
            g += 1;
        }
        t[sq] = m;
        sq += 1;
    }
    t
}

static FILL_UP: [[u64; 64]; 8] = fill_up();
static A_FILE: [[u64; 64]; 8] = a_file();
static DIAG: [u64; 64] = diagonals(false);
static ANTI: [u64; 64] = diagonals(true);

/// Rank attacks: the six inner bits by a shift.
#[inline(always)]
fn rank_attacks(sq: usize, occ: u64) -> u64 {
    let inner = (occ >> ((sq & 56) + 1)) & 63;
    FILL_UP[sq & 7][inner as usize] & (RANK_1 << (sq & 56))
}

/// File attacks: the file onto the a-file, then the c7-h2 multiply.
#[inline(always)]
fn file_attacks(sq: usize, occ: u64) -> u64 {
    let file = FILE_A & (occ >> (sq & 7));
    let index = file.wrapping_mul(DIAG_C7_H2) >> 58;
    A_FILE[(sq >> 3) & 7][index as usize] << (sq & 7)
}

/// Attacks along a diagonal `line` (without `sq`): the b-file multiply.
#[inline(always)]
fn diagonal_attacks(sq: usize, occ: u64, line: u64) -> u64 {
    let index = (occ & line).wrapping_mul(FILE_B) >> 58;
    FILL_UP[sq & 7][index as usize] & line
}

/// Rook attacks from `sq` given `occ`.
#[inline(always)]
pub fn rook_attacks(sq: usize, occ: u64) -> u64 {
    rank_attacks(sq, occ) | file_attacks(sq, occ)
}

/// Bishop attacks from `sq` given `occ`.
#[inline(always)]
pub fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    let sq = sq & 63;
    diagonal_attacks(sq, occ, DIAG[sq]) | diagonal_attacks(sq, occ, ANTI[sq])
}

/// Rook rays on an empty board: the rank and the file, without the square.
#[inline(always)]
fn rook_rays(sq: usize) -> u64 {
    (RANK_1 << (sq & 56)) ^ (FILE_A << (sq & 7))
}

/// Bishop rays on an empty board.
#[inline(always)]
fn bishop_rays(sq: usize) -> u64 {
    DIAG[sq & 63] | ANTI[sq & 63]
}

// ---------------------------------------------------------------------------
// The position and its move generator.

/// The kindergarten-bitboard position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Kindergarten {
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
const fn forward<const W: bool>(b: u64) -> u64 {
    if W { b << 8 } else { b >> 8 }
}

/// Captures towards the a-file (white +7, black -9).
#[inline(always)]
const fn towards_a<const W: bool>(b: u64) -> u64 {
    if W { (b & !FILE_A) << 7 } else { (b & !FILE_A) >> 9 }
}

/// Captures towards the h-file (white +9, black -7).
#[inline(always)]
const fn towards_h<const W: bool>(b: u64) -> u64 {
    if W { (b & !FILE_H) << 9 } else { (b & !FILE_H) >> 7 }
}

#[inline(always)]
fn lsb(b: u64) -> usize {
    b.trailing_zeros() as usize
}

/// The pin rays of the king on `ksq` against the `snipers` (enemy sliders on the
/// king's empty-board lines of the right kind), each ray with its pinner.
#[inline(always)]
fn pin_rays(ksq: usize, mut snipers: u64, occ: u64, ours: u64) -> u64 {
    let mut pins = 0;
    while snipers != 0 {
        let s = lsb(snipers);
        snipers &= snipers - 1;
        let ray = attacks::between(ksq, s);
        let blockers = ray & occ;
        if blockers & blockers.wrapping_sub(1) == 0 && blockers & ours != 0 {
            pins |= ray | (1u64 << s);
        }
    }
    pins
}

impl Kindergarten {
    /// The role on an occupied square, branch-free.
    #[inline(always)]
    fn role_on(&self, sq: usize) -> usize {
        let bit = |i: usize| ((self.by_role[i] >> sq) & 1) as usize;
        bit(N) + 2 * bit(B) + 3 * bit(R) + 4 * bit(Q) + 5 * bit(K)
    }

    /// True when the side other than `W` attacks `sq` with occupancy `occ`.
    #[inline(always)]
    fn attacked<const W: bool>(&self, sq: usize, occ: u64) -> bool {
        let us = if W { 0 } else { 1 };
        let theirs = self.by_color[us ^ 1];
        if (attacks::knight(sq) & self.by_role[N]
            | attacks::pawn(us, sq) & self.by_role[P]
            | attacks::king(sq) & self.by_role[K])
            & theirs
            != 0
        {
            return true;
        }
        let rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        (bishop_attacks(sq, occ) & bq) != 0 || (rook_attacks(sq, occ) & rq) != 0
    }

    /// The enemy pieces that attack the king of `W` on `ksq`.
    #[inline(always)]
    fn checkers<const W: bool>(&self, ksq: usize, occ: u64) -> u64 {
        let us = if W { 0 } else { 1 };
        let rq = self.by_role[R] | self.by_role[Q];
        let bq = self.by_role[B] | self.by_role[Q];
        ((attacks::knight(ksq) & self.by_role[N])
            | (attacks::pawn(us, ksq) & self.by_role[P])
            | (rook_attacks(ksq, occ) & rq)
            | (bishop_attacks(ksq, occ) & bq))
            & self.by_color[us ^ 1]
    }

    /// Every legal move of side `W`, into `sink`.
    #[inline(always)]
    fn generate<const W: bool, T: BitSink<u64>>(&self, sink: &mut T) {
        let us = if W { 0 } else { 1 };
        let ours = self.by_color[us];
        let theirs = self.by_color[us ^ 1];
        let occ = ours | theirs;
        let ksq = lsb(self.by_role[K] & ours);
        let checkers = self.checkers::<W>(ksq, occ);

        // The king, tested with itself lifted off the board.
        let without_king = occ ^ (1u64 << ksq);
        let mut steps = attacks::king(ksq) & !ours;
        let mut king_to = 0;
        while steps != 0 {
            let t = lsb(steps);
            steps &= steps - 1;
            if !self.attacked::<W>(t, without_king) {
                king_to |= 1u64 << t;
            }
        }
        sink.piece(ksq, king_to);
        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check
        }
        let check_mask = if checkers == 0 { !0 } else { attacks::between(ksq, lsb(checkers)) | checkers };

        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let pin_hv = pin_rays(ksq, rook_rays(ksq) & their_rq, occ, ours);
        let pin_d = pin_rays(ksq, bishop_rays(ksq) & their_bq, occ, ours);
        let target = !ours & check_mask;

        let mut knights = self.by_role[N] & ours & !(pin_hv | pin_d);
        while knights != 0 {
            let s = lsb(knights);
            knights &= knights - 1;
            sink.piece(s, attacks::knight(s) & target);
        }

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

        // Pawns, all at once.
        let pawns = self.by_role[P] & ours;
        let empty = !occ;
        let last = if W { RANK_8 } else { RANK_1 };
        let third = if W { RANK_3 } else { RANK_6 };
        let fwd: i32 = if W { 8 } else { -8 };
        let pushers = pawns & !pin_d;
        let one = (forward::<W>(pushers & !pin_hv) | (forward::<W>(pushers & pin_hv) & pin_hv)) & empty;
        let two = forward::<W>(one & third) & empty & check_mask;
        let one = one & check_mask;
        sink.pawns(one & !last, fwd);
        sink.promotions(one & last, fwd);
        sink.pawns(two, 2 * fwd);

        let capturers = pawns & !pin_hv;
        let victims = theirs & check_mask;
        let free = capturers & !pin_d;
        let pinned = capturers & pin_d;
        let to_a = (towards_a::<W>(free) | (towards_a::<W>(pinned) & pin_d)) & victims;
        let to_h = (towards_h::<W>(free) | (towards_h::<W>(pinned) & pin_d)) & victims;
        let (da, dh) = if W { (7, 9) } else { (-9, -7) };
        sink.pawns(to_a & !last, da);
        sink.promotions(to_a & last, da);
        sink.pawns(to_h & !last, dh);
        sink.promotions(to_h & last, dh);

        if self.ep != 0 {
            let ep = self.ep as usize;
            let captured = (ep as i32 - fwd) as usize;
            let mut from_squares = attacks::pawn(us ^ 1, ep) & pawns;
            while from_squares != 0 {
                let from = lsb(from_squares);
                from_squares &= from_squares - 1;
                let after = occ ^ (1u64 << from) ^ (1u64 << captured) ^ (1u64 << ep);
                let leapers = checkers & (self.by_role[N] | self.by_role[P]) & !(1u64 << captured);
                if leapers == 0
                    && rook_attacks(ksq, after) & their_rq == 0
                    && bishop_attacks(ksq, after) & their_bq == 0
                {
                    sink.special(Move::en_passant(Square::from_index(from as u32), Square::from_index(ep as u32)));
                }
            }
        }

        if checkers == 0 {
            let mut rooks = self.castling & ours;
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
                let lifted = occ ^ movers;
                let mut path = king_path;
                let mut safe = true;
                while path != 0 {
                    let s = lsb(path);
                    path &= path - 1;
                    if self.attacked::<W>(s, lifted) {
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

    /// With the capturer to move after a double push to `ep`'s neighbour: true when an
    /// en passant capture onto `ep` is legal. Out of line: it needs an enemy pawn
    /// beside the pushed one.
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

    /// Plays `m` and returns the captured role (6 for none).
    #[inline(always)]
    fn play_move(&mut self, m: Move) -> u8 {
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
        self.fullmove = self.fullmove.wrapping_add(us as u32);
        let mut captured = 6u8;
        let old_castling = self.castling;
        let own_rank = RANK_1 << (56 * us);

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
            self.castling &= !own_rank;
        } else {
            let role = self.role_on(from);
            let moved = (1u64 << from) | (1u64 << to);
            if m.is_en_passant() {
                let cap = to ^ 8;
                self.toggle(them, P, 1u64 << cap);
                key ^= zobrist::piece(color.other(), Role::Pawn, cap);
                captured = P as u8;
            } else if self.by_color[them] & (1u64 << to) != 0 {
                let victim = self.role_on(to);
                self.toggle(them, victim, 1u64 << to);
                key ^= zobrist::piece(color.other(), Role::from_index(victim), to);
                captured = victim as u8;
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
                    }
                }
            } else if role == K {
                self.castling &= !own_rank;
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

/// What [`MakeUnmake::unmake`] needs to restore a [`Kindergarten`] position.
#[derive(Clone, Copy, Debug)]
pub struct KindergartenUndo {
    castling: u64,
    zobrist: u64,
    halfmove: u32,
    ep: u8,
    captured: u8,
}

impl PerftNode for Kindergarten {
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
        self.play_move(mv);
    }
}

impl MakeUnmake for Kindergarten {
    type Undo = KindergartenUndo;

    #[inline]
    fn make(&mut self, mv: Move) -> KindergartenUndo {
        let (castling, zobrist, halfmove, ep) = (self.castling, self.zobrist, self.halfmove, self.ep);
        let captured = self.play_move(mv);
        KindergartenUndo { castling, zobrist, halfmove, ep, captured }
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: KindergartenUndo) {
        self.turn = self.turn.other();
        let us = self.turn.index();
        self.fullmove = self.fullmove.wrapping_sub(us as u32);
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
                self.toggle(us ^ 1, undo.captured as usize, 1u64 << cap);
            }
        }
        self.castling = undo.castling;
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.ep = undo.ep;
    }
}

impl Board for Kindergarten {
    const NAME: &'static str = "kindergarten";

    fn from_position(pos: &Position) -> Self {
        Kindergarten {
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
        let occ = self.by_color[0] | self.by_color[1];
        let ksq = lsb(self.by_role[K] & self.by_color[self.turn.index()]);
        if self.turn == Color::White {
            self.checkers::<true>(ksq, occ) != 0
        } else {
            self.checkers::<false>(ksq, occ) != 0
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.zobrist
    }
}

impl core::fmt::Debug for Kindergarten {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "kindergarten({})", self.to_position().fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::attacks::walk_rays as walk;

    const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

    #[test]
    fn sliders_match_ray_walking() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for i in 0..40_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = match i % 3 {
                0 => x,
                1 => x & x.rotate_left(17),
                _ => x & x.rotate_left(17) & x.rotate_left(35),
            };
            let sq = (x >> 58) as usize;
            assert_eq!(rook_attacks(sq, occ), walk(sq, occ, &ROOK), "rook {sq} {occ:#x}");
            assert_eq!(bishop_attacks(sq, occ), walk(sq, occ, &BISHOP), "bishop {sq} {occ:#x}");
        }
        for sq in 0..64 {
            for occ in [0, u64::MAX] {
                assert_eq!(rook_attacks(sq, occ), walk(sq, occ, &ROOK));
                assert_eq!(bishop_attacks(sq, occ), walk(sq, occ, &BISHOP));
            }
            assert_eq!(rook_rays(sq), walk(sq, 0, &ROOK));
            assert_eq!(bishop_rays(sq), walk(sq, 0, &BISHOP));
        }
    }

    #[test]
    fn layout_size() {
        assert_eq!(core::mem::size_of::<Kindergarten>(), 96);
        let b = Kindergarten::from_position(&Position::startpos());
        assert_eq!(b.to_position(), Position::startpos());
    }
}
