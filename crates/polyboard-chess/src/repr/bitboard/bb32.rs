//! `bb32`: the `magic` generator on bitboards of two `u32` limbs.
//!
//! The CCR paper argues that bitboards "require compact 64-bit CPU registers" and
//! that splitting them into two 32-bit integers makes them slow. `bb32` tests the
//! claim in isolation: it is the very generator of `magic` (the family's skeleton,
//! [`super`]: legal moves with check and pin masks, bulk counting, make/unmake,
//! incremental Zobrist), the same source code, instantiated on [`Bb32`] instead of
//! `u64`. Every bitboard operation (and, or, xor, not, shifts, popcount, lowest bit,
//! `b & (b - 1)`) is done on the two `u32` halves, as a 32-bit CPU must (see
//! [`polyboard_core::bitboard`]).
//! What changes besides the limbs is only what has to change on 32 bits:
//!
//! - Sliding attacks use the classic 32-bit magic index, two 32-bit multiplies
//!   folded by XOR instead of one 64-bit multiply:
//!   `index = ((lo & mask_lo) * magic_lo ^ (hi & mask_hi) * magic_hi) >> (32 - bits)`.
//!   The magic numbers and the attack table come from `build.rs`, from the fixed-seed
//!   search that finds `magic`'s numbers, run for this form (pairs of sparse 32-bit
//!   numbers, kept when the index maps every relevant occupancy without a destructive
//!   collision). Each square keeps the relevant-occupancy bit count of the 64-bit
//!   magics (rooks 10 to 12, bishops 5 to 9), so the attack table has the same
//!   107,648 entries.
//! - Leaper, ray, between and slider tables hold [`Bb32`] values: their own tables,
//!   copied at compile time from the `u64` ones of [`crate::attacks`] and `build.rs`.
//!
//! On x86-64 the compiler would happily fuse the two halves of a [`Bb32`] operation
//! back into one 64-bit or SIMD instruction (the disassembly showed 64-bit loads and
//! ORs and AVX-512 ops), which would measure nothing. [`Bb32`] therefore passes each
//! result limb through an empty `asm!` that pins it to a 32-bit register; the leaf
//! code of `bb32` then has no 64-bit or vector bitboard instruction (64-bit ones are
//! left only for addresses, the node counter and the `u64` Zobrist key). What this
//! cannot model is the register file: x86-32 has 8 general registers, not 16, so a
//! real 32-bit build would spill more. The numbers are a lower bound on the cost.
//!
//! # Layout (`Bitboards<Magic32>`, 96 bytes)
//!
//! [`Sets`] of [`Bb32`] in the family's [`super::Bitboards`] (the module [`super`]
//! gives both bit by bit), the castling rooks a [`Bb32`] too. A [`Bb32`] is
//! `{ lo: u32, hi: u32 }`: `lo` bit i is square i (a1..h4), `hi` bit i is square
//! 32 + i (a5..h8), 4-byte aligned. 91 bytes of fields, padded to 96 by the 8-byte
//! key: the same size as `magic`.
//!
//! # Tables
//!
//! ```text
//! ATTACKS32        [Bb32; 107648]   861,184 bytes  slider attacks, per-square slices
//! ROOK_MAGICS32    [Entry; 64]        1,536 bytes  mask lo/hi, magic lo/hi, shift, offset
//! BISHOP_MAGICS32  [Entry; 64]        1,536 bytes
//! BETWEEN32        [[Bb32; 64]; 64]  32,768 bytes
//! BY_SQUARE32      [[Bb32; 64]; 6]    3,072 bytes  knight, king, white and black pawn
//!                                                  attacks, rook and bishop rays
//! ```

use super::{Sets, Tables};
use polyboard_core::bitboard::Bb32;

technique! {
    /// The technique of `bb32`: 32-bit magic sliders on [`Sets`] of [`Bb32`].
    struct Magic32;
    /// The `bb32` representation: [`super::Bitboards`] over two `u32` limbs with
    /// 32-bit magics.
    type Bb32Board;
    "bb32",
    Bb32,
    Sets<Bb32>,
    |sq: usize, occ| slider(&ROOK_MAGICS32[sq & 63], occ),
    |sq: usize, occ| slider(&BISHOP_MAGICS32[sq & 63], occ)
}

/// The leaper and line tables of [`Bb32`], built here at compile time.
impl Tables for Bb32 {
    const BY_SQUARE: &'static [[Bb32; 64]; 6] = &BY_SQUARE32;
    const BETWEEN: &'static [[Bb32; 64]; 64] = &BETWEEN32;
}

/// One square's 32-bit magic entry.
#[derive(Clone, Copy, Debug)]
struct Entry {
    mask_lo: u32,
    mask_hi: u32,
    magic_lo: u32,
    magic_hi: u32,
    shift: u32,
    offset: u32,
}

/// The 32-bit magic index: two 32-bit products folded by XOR.
#[inline(always)]
const fn index(e: &Entry, lo: u32, hi: u32) -> usize {
    (((lo & e.mask_lo).wrapping_mul(e.magic_lo) ^ (hi & e.mask_hi).wrapping_mul(e.magic_hi)) >> e.shift) as usize
}

#[inline(always)]
fn slider(e: &Entry, occ: Bb32) -> Bb32 {
    ATTACKS32[e.offset as usize + index(e, occ.lo, occ.hi)]
}

/// The tables of [`crate::attacks`], or `build.rs`'s, in [`Bb32`] form.
const fn to32<const N: usize>(t: &[u64; N]) -> [Bb32; N] {
    let mut out = [Bb32::new(0, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = Bb32::from_bits(t[i]);
        i += 1;
    }
    out
}

/// [`to32`] row by row.
const fn rows32<const R: usize>(t: &[[u64; 64]; R]) -> [[Bb32; 64]; R] {
    let mut out = [[Bb32::new(0, 0); 64]; R];
    let mut i = 0;
    while i < R {
        out[i] = to32(&t[i]);
        i += 1;
    }
    out
}

// `ROOK_MAGICS32`, `BISHOP_MAGICS32` and the attacks `ATTACKS64`, by `build.rs`.
include!(concat!(env!("OUT_DIR"), "/bb32_tables.rs"));

static BY_SQUARE32: [[Bb32; 64]; 6] = rows32(<u64 as Tables>::BY_SQUARE);
static BETWEEN32: [[Bb32; 64]; 64] = rows32(<u64 as Tables>::BETWEEN);
// Converting 107,648 entries is a long evaluation for the const interpreter; it runs
// once per build.
#[allow(long_running_const_eval)]
static ATTACKS32: [Bb32; 107_648] = to32(&ATTACKS64);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks;
    use crate::repr::bitboard::Tables;
    use polyboard_core::bitboard::Bits;

    #[test]
    fn tables_match_the_u64_tables() {
        for a in 0..64 {
            assert_eq!(Bb32::knight(a).to_u64(), attacks::knight(a));
            assert_eq!(Bb32::king(a).to_u64(), attacks::king(a));
            assert_eq!(Bb32::pawn(0, a).to_u64(), attacks::pawn(0, a));
            assert_eq!(Bb32::pawn(1, a).to_u64(), attacks::pawn(1, a));
            assert_eq!(Bb32::rook_rays(a).to_u64(), attacks::rook_rays(a));
            assert_eq!(Bb32::bishop_rays(a).to_u64(), attacks::bishop_rays(a));
            for b in 0..64 {
                assert_eq!(Bb32::between(a, b).to_u64(), attacks::between(a, b));
            }
        }
    }

    #[test]
    fn entry_size() {
        assert_eq!(core::mem::size_of::<Entry>(), 24);
    }
}
