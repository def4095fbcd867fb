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
//! (4 KiB each); with the family's diagonal masks ([`super::DIAGONALS`], 64 x 2 `u64`,
//! 1 KiB), 9 KiB in all, which stays in L1 cache (fancy magics need 841 KiB).
//!
//! Knight, king, pawn and `between` tables come from [`crate::attacks`] (through
//! [`super::Tables`]). Move generation, make and unmake are the family's skeleton
//! ([`super`]).
//!
//! # Layout (96 bytes)
//!
//! Sjaak's board, without its extras: [`Sets`] of `u64` in the family's
//! [`super::Bitboards`] (the module [`super`] gives both bit by bit; bit i of a
//! bitboard is square i, a1 = 0, h8 = 63). Like Sjaak's, the board has no occupancy
//! bitboard (it is the union of the two colours) and is small enough to be copied on
//! every move, which is how Sjaak makes moves (copy-make, unmake by dropping the copy);
//! make/unmake in place is provided as well.

use super::{DIAGONALS, FILE_A, RANK_1, Sets, attacks_on_line};

const FILE_B: u64 = FILE_A << 1;
/// The c7-h2 diagonal: the multiplier that turns the a-file into a rank.
const DIAG_C7_H2: u64 = 0x0004_0810_2040_8000;

// ---------------------------------------------------------------------------
// Tables, computed at compile time.

/// `FILL_UP[file][inner]`: the first-rank attacks of a slider on `file` when the six
/// inner squares (b..g) hold `inner`, copied onto all eight ranks.
const fn fill_up() -> [[u64; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut inner = 0;
        while inner < 64 {
            t[f][inner] = attacks_on_line(f as u32, (inner as u32) << 1, 8) as u64 * FILE_A;
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
            let ranks = attacks_on_line(rank, (inner as u32) << 1, 8);
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

static FILL_UP: [[u64; 64]; 8] = fill_up();
static A_FILE: [[u64; 64]; 8] = a_file();

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
fn rook_attacks(sq: usize, occ: u64) -> u64 {
    rank_attacks(sq, occ) | file_attacks(sq, occ)
}

/// Bishop attacks from `sq` given `occ`.
#[inline(always)]
fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    let [diagonal, anti] = DIAGONALS[sq & 63];
    diagonal_attacks(sq, occ, diagonal) | diagonal_attacks(sq, occ, anti)
}

technique! {
    /// The technique of `kindergarten`: rank, file and diagonal occupancies gathered
    /// into 6-bit indices by shifts and multiplies.
    struct KindergartenLookup;
    /// Kindergarten bitboards: the `kindergarten` representation.
    type Kindergarten;
    "kindergarten", u64, Sets<u64>, rook_attacks, bishop_attacks
}
