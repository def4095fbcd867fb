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
/// that is square `63 - ((y shl 3) + x)` here, so the conversion to polyboard's
/// numbering is a different constant shifted, still without a branch.
pub fn ccr_to_bitboards(ccr: &[u32; 8]) -> CodeBitboards {
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
