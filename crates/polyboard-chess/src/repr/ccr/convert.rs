//! Section 5.5 of the paper: the branch-free conversion of a CCR to bitboards, and back.

use super::NIBBLE;

/// The bitboard set of the paper's `tbitboards` record, indexed by the 4-bit code of
/// Table 1: `[0]` empty squares, `[1..=6]` white pawn..king, `[9..=14]` black
/// pawn..king; `[7]`, `[8]` and `[15]` are the record's unused slots and stay 0.
pub type CodeBitboards = [u64; 16];

/// Converts a CCR (eight ranks, rank 8 first, nibble `7 - file`) to the sixteen
/// bitboards of section 5.5, in polyboard's square numbering (bit `i` is square `i`,
/// a1 = 0).
///
/// This is the paper's procedure: two nested loops, `adr := rank and 1111b`,
/// `bitboards[adr] := bitboards[adr] or bit`, `rank := rank shr 4`, with no `if` or
/// `case`. The paper sets bit `(y shl 3) + x` (`y` the CCR element, `x` the nibble);
/// that is square `63 - ((y shl 3) + x)` here, so the bit starts at 63 and moves down
/// one square per nibble, still without a branch.
///
/// Tuned within the technique (measured by the example `piece_sets_timing` against
/// [`ccr_to_bitboards_as_printed`], the paper's loop word for word: about 2x):
/// - The ORs into one bitboard form a chain through memory, each waiting for the
///   previous store (the 32 or more empty squares all address `bitboards[0]`). Four
///   sets of accumulators, taken in turn by the nibble's position (`x and 3`), cut
///   every chain to a quarter; they are ORed together at the end.
/// - The bit is kept in a register that the optimizer is not allowed to see through
///   ([`core::hint::black_box`]): knowing it, LLVM narrows each OR to the one byte
///   the bit falls in, and the 64-bit OR that follows on the same bitboard then
///   cannot take its value from the store buffer and stalls.
#[inline]
pub fn ccr_to_bitboards(ccr: &[u32; 8]) -> CodeBitboards {
    let mut sets = [[0u64; 16]; 4];
    let mut bit = core::hint::black_box(1u64 << 63);
    for &element in ccr {
        let mut rank = element;
        for x in 0..8 {
            let adr = (rank & NIBBLE) as usize;
            rank >>= 4;
            sets[x & 3][adr] |= bit;
            bit >>= 1;
        }
    }
    core::array::from_fn(|adr| sets[0][adr] | sets[1][adr] | sets[2][adr] | sets[3][adr])
}

/// Section 5.5's procedure exactly as printed, one set of bitboards and the bit
/// computed from `y` and `x`: the reference [`ccr_to_bitboards`] is checked and timed
/// against.
pub fn ccr_to_bitboards_as_printed(ccr: &[u32; 8]) -> CodeBitboards {
    let mut bitboards = [0u64; 16];
    for (y, &element) in ccr.iter().enumerate() {
        let mut rank = element;
        for x in 0..8 {
            let adr = (rank & NIBBLE) as usize;
            rank >>= 4;
            bitboards[adr] |= (1u64 << 63) >> ((y << 3) + x);
        }
    }
    bitboards
}

/// The inverse of [`ccr_to_bitboards`]: writes the code of every set bit of
/// `bitboards[1..16]` into its nibble. Bitboard `[0]` (the empty squares) is implied
/// and not read. If two bitboards share a square, their codes are ORed.
pub fn bitboards_to_ccr(bitboards: &CodeBitboards) -> [u32; 8] {
    let mut ccr = [0u32; 8];
    for (code, &bb) in bitboards.iter().enumerate().skip(1) {
        let mut b = bb;
        while b != 0 {
            let i = 63 - b.trailing_zeros() as usize;
            b &= b - 1;
            ccr[i >> 3] |= (code as u32) << (4 * (i & 7));
        }
    }
    ccr
}
