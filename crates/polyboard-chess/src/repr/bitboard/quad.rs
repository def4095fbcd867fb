//! `quad`: quad-bitboards, the 4-bit code of every square spread over four bitboards.
//!
//! # Technique
//!
//! The CCR paper codes each square in four bits (its Table 1) and stores a rank's
//! eight nibbles in one 32-bit word; it also proposes keeping bitboards beside the
//! CCR, "complementary", to get the best of both. Quad-bitboards are the bitboard
//! form of the same 4-bit coding: the nibble of square `i` is spread over four `u64`
//! boards, bit `i` of board `k` being bit `k` of the nibble. The position is the 64
//! nibbles and nothing else, 32 bytes, exactly as compact as the CCR, but every piece
//! set is a few boolean operations away, so the move generator is a bitboard one.
//!
//! Table 1's codes fit the scheme well and are used unchanged:
//!
//! ```text
//! code  q3 q2 q1 q0   piece          code  q3 q2 q1 q0   piece
//!   0    0  0  0  0   empty
//!   1    0  0  0  1   white pawn       9    1  0  0  1   black pawn
//!   2    0  0  1  0   white knight    10    1  0  1  0   black knight
//!   3    0  0  1  1   white bishop    11    1  0  1  1   black bishop
//!   4    0  1  0  0   white rook      12    1  1  0  0   black rook
//!   5    0  1  0  1   white queen     13    1  1  0  1   black queen
//!   6    0  1  1  0   white king      14    1  1  1  0   black king
//! ```
//!
//! The low three bits are the role plus one and never all zero for a piece, `q3` is
//! the colour. Derived sets (`!` is complement):
//!
//! ```text
//! occupied          = q0 | q1 | q2          black = q3, white = occupied ^ q3
//! pawns             = q0 & !(q1 | q2)       knights = q1 & !(q0 | q2)
//! bishops + queens  = q0 & (q1 ^ q2)        rooks + queens = q2 & !q1
//! kings             = q1 & q2 & !q0
//! ```
//! They are derived once per node ([`Pieces::view`]: the skeleton asks once per
//! node). Changing a square from code `a` to code `b` is four XORs: board `k` is
//! XORed with bit `k` of `a ^ b` spread over the squares (branch-free), so moving a
//! piece is four XORs for both of its squares. The code on a square is read back by
//! gathering its four bits.
//!
//! Sliding attacks: obstruction difference, which needs nothing but the occupancy
//! (here derived, not stored) and a line mask. For each line through the slider,
//! split the line's occupancy into the part below the square and the part above it;
//! with `m` the highest blocker below (or bit 0 when none), `above ^ (above - m)`
//! sets every bit from `m` up to the lowest blocker above, and masking with the line
//! leaves the attacks. One leading-zero count and a subtraction per line, no table
//! indexed by occupancy: rank and file masks are computed by shifts, the two
//! diagonal masks come from the family's line table [`super::DIAGONALS`] (1 KiB).
//! Knight, king, pawn and `between` tables come from [`crate::attacks`].
//!
//! Move generation, make and unmake are the family's skeleton ([`super`]).
//!
//! # Layout (64 bytes)
//!
//! ```text
//! q:        [u64; 4]  bit i of q[k] = bit k of the Table 1 code of square i (a1 = 0)
//! castling: u64       rook squares that keep a castling right
//! zobrist:  u64       incremental key
//! halfmove, fullmove: u32
//! ep: u8 (0 = none; a1 is never an en passant square), turn: Color, chess960: bool
//! ```
//! 59 bytes of fields, padded to 64: one cache line, against 96 for `magic`. The
//! planes are [`QuadPieces`], the rest is the family's [`super::Bitboards`].

use super::{DIAGONALS, FILE_A, Pieces, RANK_1, View};
use crate::board::PieceSets;

// ---------------------------------------------------------------------------
// Obstruction-difference sliders.

/// Attacks along `line` (a line through the slider, without its square) given the
/// occupancy `occ`; `below` is the set of squares under the slider's square.
#[inline(always)]
fn line_attacks(occ: u64, line: u64, below: u64) -> u64 {
    let on_line = occ & line;
    let lower = on_line & below;
    let upper = on_line ^ lower;
    // The highest blocker below the slider, or bit 0 when there is none.
    let m = (1u64 << 63) >> (lower | 1).leading_zeros();
    (upper ^ upper.wrapping_sub(m)) & line
}

/// Rook attacks from `sq` given `occ`.
#[inline(always)]
fn rook_attacks(sq: usize, occ: u64) -> u64 {
    let bit = 1u64 << (sq & 63);
    let below = bit - 1;
    line_attacks(occ, (RANK_1 << (sq & 56)) ^ bit, below) | line_attacks(occ, (FILE_A << (sq & 7)) ^ bit, below)
}

/// Bishop attacks from `sq` given `occ`.
#[inline(always)]
fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    let sq = sq & 63;
    let below = (1u64 << sq) - 1;
    let [d, a] = DIAGONALS[sq];
    line_attacks(occ, d, below) | line_attacks(occ, a, below)
}

// ---------------------------------------------------------------------------
// The planes.

/// The pieces of `quad`: the four planes of Table 1 codes and nothing else (see the
/// module's layout).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct QuadPieces {
    q: [u64; 4],
}

impl QuadPieces {
    /// XORs the code `diff` onto the squares of `bits`: plane `k` takes `bits` where
    /// bit `k` of `diff` is set.
    #[inline(always)]
    fn change(&mut self, diff: usize, bits: u64) {
        for k in 0..4 {
            self.q[k] ^= bits & (((diff >> k) & 1) as u64).wrapping_neg();
        }
    }
}

impl Pieces for QuadPieces {
    type BB = u64;
    type Occ = u64;

    fn new(by_role: &[u64; 6], by_color: &[u64; 2]) -> Self {
        let mut p = QuadPieces { q: [0; 4] };
        for (color, &colors) in by_color.iter().enumerate() {
            for (role, &roles) in by_role.iter().enumerate() {
                p.toggle(color, role, roles & colors);
            }
        }
        p
    }

    /// The derived sets of the module's table.
    #[inline(always)]
    fn view(&self) -> View<u64> {
        let [q0, q1, q2, q3] = self.q;
        let occ = q0 | q1 | q2;
        View {
            color: [occ ^ q3, q3],
            occ,
            pawns: q0 & !(q1 | q2),
            knights: q1 & !(q0 | q2),
            diag: q0 & (q1 ^ q2),
            ortho: q2 & !q1,
            kings: q1 & q2 & !q0,
        }
    }

    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.q[0] | self.q[1] | self.q[2]
    }

    #[inline(always)]
    fn occupancy(&self) -> u64 {
        self.occupied()
    }

    /// The low three bits of the code, less one.
    #[inline(always)]
    fn role_on(&self, sq: usize) -> usize {
        (self.code_on(sq) & 7).wrapping_sub(1)
    }

    /// The four bits of `sq`, gathered.
    #[inline(always)]
    fn code_on(&self, sq: usize) -> usize {
        let bit = |k: usize| ((self.q[k] >> (sq & 63)) & 1) as usize;
        bit(0) | bit(1) << 1 | bit(2) << 2 | bit(3) << 3
    }

    #[inline(always)]
    fn toggle(&mut self, color: usize, role: usize, bits: u64) {
        self.change(color << 3 | (role + 1), bits);
    }

    /// One change by the XOR of the two codes.
    #[inline(always)]
    fn retype(&mut self, _color: usize, from: usize, to: usize, sq: usize) {
        self.change((from + 1) ^ (to + 1), 1u64 << (sq & 63));
    }

    fn piece_sets(&self) -> PieceSets {
        let v = self.view();
        let queens = v.diag & v.ortho;
        let by_role = [v.pawns, v.knights, v.diag & !queens, v.ortho & !queens, queens, v.kings];
        PieceSets::from_sets(&by_role, &v.color)
    }
}

technique! {
    /// The technique of `quad`: obstruction-difference sliders on the occupancy
    /// derived from the planes.
    struct QuadPlanes;
    /// Quad-bitboards: the `quad` representation.
    type Quad;
    "quad", u64, QuadPieces, rook_attacks, bishop_attacks
}
