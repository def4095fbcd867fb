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
//! come from [`crate::attacks`] (through [`super::Tables`]). Move generation, make
//! and unmake are the family's skeleton ([`super`]), which scans a square's lines
//! for an attack only when an enemy slider stands on them on an empty board.
//!
//! # Layout (96 bytes)
//!
//! [`Sets`] of `u64` in the family's [`super::Bitboards`]; the module [`super`] gives
//! both bit by bit. Bit i of every bitboard is square i (a1 = 0, h8 = 63).

use super::Sets;

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

technique! {
    /// The technique of `classical`: ray scans to the first blocker.
    struct RayScan;
    /// Classical bitboards: the `classical` representation.
    type Classical;
    "classical", u64, Sets<u64>, rook_attacks, bishop_attacks
}
