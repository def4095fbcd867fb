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
//!   The magic numbers were found by this module's own fixed-seed search for that
//!   form (`tests::search_magics` reruns it and checks the numbers below). Each square
//!   keeps the relevant-occupancy bit count of the 64-bit magics (rooks 10 to 12,
//!   bishops 5 to 9), so the attack table has the same 107,648 entries.
//! - Leaper, ray and between tables hold [`Bb32`] values: their own tables, copied
//!   at compile time from the `u64` ones of [`crate::attacks`]. The slider table is
//!   built by `const fn`s, which also check every magic for collisions.
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
//! KNIGHT32, KING32, ROOK_RAYS32, BISHOP_RAYS32: 512 bytes each; PAWN32: 1,024 bytes
//! ```

use super::{Sets, Tables};
use crate::attacks;
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
    #[inline(always)]
    fn knight(sq: usize) -> Bb32 {
        KNIGHT32[sq & 63]
    }
    #[inline(always)]
    fn king(sq: usize) -> Bb32 {
        KING32[sq & 63]
    }
    #[inline(always)]
    fn pawn(color: usize, sq: usize) -> Bb32 {
        PAWN32[color & 1][sq & 63]
    }
    #[inline(always)]
    fn between(a: usize, b: usize) -> Bb32 {
        BETWEEN32[a & 63][b & 63]
    }
    #[inline(always)]
    fn rook_rays(sq: usize) -> Bb32 {
        ROOK_RAYS32[sq & 63]
    }
    #[inline(always)]
    fn bishop_rays(sq: usize) -> Bb32 {
        BISHOP_RAYS32[sq & 63]
    }
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

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

/// Slider attacks from `sq` along `dirs`, stopping at (and including) blockers.
const fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut att = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f, r) {
            let b = 1u64 << (r * 8 + f);
            att |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    att
}

/// The relevant occupancy of a slider: its rays without their last square.
const fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut m = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f + df, r + dr) {
            m |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    m
}

/// A table of [`crate::attacks`] in [`Bb32`] form.
const fn to32(t: &[u64; 64]) -> [Bb32; 64] {
    let mut out = [Bb32::new(0, 0); 64];
    let mut i = 0;
    while i < 64 {
        out[i] = Bb32::from_bits(t[i]);
        i += 1;
    }
    out
}

/// The magic entries of one slider, their table slices starting at `start`.
const fn entries(dirs: &[(i32, i32); 4], numbers: &[(u32, u32); 64], start: u32) -> [Entry; 64] {
    let mut t = [Entry { mask_lo: 0, mask_hi: 0, magic_lo: 0, magic_hi: 0, shift: 0, offset: 0 }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        t[sq] = Entry {
            mask_lo: mask as u32,
            mask_hi: (mask >> 32) as u32,
            magic_lo: numbers[sq].0,
            magic_hi: numbers[sq].1,
            shift: 32 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    t
}

/// The number of table entries the slices of `dirs` take.
const fn table_len(dirs: &[(i32, i32); 4]) -> usize {
    let mut n = 0;
    let mut sq = 0;
    while sq < 64 {
        n += 1 << relevant_mask(sq, dirs).count_ones();
        sq += 1;
    }
    n
}

const ROOK_LEN: usize = table_len(&ROOK_DIRS);
const ATTACKS_LEN: usize = ROOK_LEN + table_len(&BISHOP_DIRS);

/// Fills the slices of `es` in `t`; a collision of two different attack sets on one
/// index (a bad magic) fails the build.
const fn fill(t: &mut [Bb32; ATTACKS_LEN], es: &[Entry; 64], dirs: &[(i32, i32); 4]) {
    let mut sq = 0;
    while sq < 64 {
        let e = &es[sq];
        let mask = (e.mask_hi as u64) << 32 | e.mask_lo as u64;
        // Every subset of the mask, by the carry-rippler.
        let mut occ = 0u64;
        loop {
            let att = Bb32::from_bits(slide(sq, occ, dirs));
            let i = e.offset as usize + index(e, occ as u32, (occ >> 32) as u32);
            let old = t[i];
            // Attack sets are never empty, so an empty entry is a free one.
            assert!((old.lo | old.hi) == 0 || (old.lo == att.lo && old.hi == att.hi), "bad 32-bit magic");
            t[i] = att;
            occ = occ.wrapping_sub(mask) & mask;
            if occ == 0 {
                break;
            }
        }
        sq += 1;
    }
}

const fn attacks_table() -> [Bb32; ATTACKS_LEN] {
    let mut t = [Bb32::new(0, 0); ATTACKS_LEN];
    fill(&mut t, &ROOK_MAGICS32, &ROOK_DIRS);
    fill(&mut t, &BISHOP_MAGICS32, &BISHOP_DIRS);
    t
}

static KNIGHT32: [Bb32; 64] = to32(&attacks::KNIGHT);
static KING32: [Bb32; 64] = to32(&attacks::KING);
static PAWN32: [[Bb32; 64]; 2] = [to32(&attacks::PAWN[0]), to32(&attacks::PAWN[1])];
static ROOK_RAYS32: [Bb32; 64] = to32(&attacks::ROOK_RAYS);
static BISHOP_RAYS32: [Bb32; 64] = to32(&attacks::BISHOP_RAYS);
static BETWEEN32: [[Bb32; 64]; 64] = {
    let mut t = [[Bb32::new(0, 0); 64]; 64];
    let mut a = 0;
    while a < 64 {
        t[a] = to32(&attacks::BETWEEN[a]);
        a += 1;
    }
    t
};
static ROOK_MAGICS32: [Entry; 64] = entries(&ROOK_DIRS, &ROOK_NUMBERS, 0);
static BISHOP_MAGICS32: [Entry; 64] = entries(&BISHOP_DIRS, &BISHOP_NUMBERS, ROOK_LEN as u32);
// Filling 107,648 entries is a long evaluation for the const interpreter (a few
// seconds of build time); it runs once per build.
#[allow(long_running_const_eval)]
static ATTACKS32: [Bb32; ATTACKS_LEN] = attacks_table();

/// Rook magics: (lo, hi) per square, from [`tests::search_magics`].
const ROOK_NUMBERS: [(u32, u32); 64] = [
    (0x42802080, 0x22c00012),
    (0x10400066, 0x20201002),
    (0x04800810, 0x20c02001),
    (0x02800410, 0x00080282),
    (0x01009208, 0x04000520),
    (0x20420001, 0x01084002),
    (0x00800081, 0x0b028210),
    (0x01000529, 0x05025082),
    (0x00040082, 0xa1840050),
    (0x48120022, 0x00489100),
    (0x10082020, 0x08081020),
    (0x00011010, 0x00082112),
    (0x50520208, 0x00041021),
    (0x0301000c, 0x00c70802),
    (0x00008009, 0x08800200),
    (0x00930001, 0x04809156),
    (0x00a00040, 0x00502800),
    (0x04008608, 0x40108200),
    (0x00c24008, 0x10810400),
    (0x08620808, 0x10014282),
    (0x30050404, 0x30204028),
    (0x01840041, 0x10030240),
    (0x00044101, 0x700c0200),
    (0x00000601, 0x20038004),
    (0x24308021, 0x0c010040),
    (0x03088842, 0xa2014120),
    (0x00006113, 0x0040a000),
    (0x04010019, 0x21300588),
    (0x40280811, 0x41900844),
    (0x20200401, 0x0120090a),
    (0x020c010a, 0x00220114),
    (0xd0200852, 0x0404a904),
    (0x00002440, 0x04800080),
    (0x88046010, 0x21c00058),
    (0x20002010, 0x00801080),
    (0x00014022, 0x02040110),
    (0xa0840281, 0x92080800),
    (0x18004084, 0x10402200),
    (0x01040c09, 0x82020200),
    (0x00080249, 0x01800880),
    (0x020c80c0, 0x80081002),
    (0x00a04022, 0x00808020),
    (0x01201020, 0x00868020),
    (0x0a060411, 0x13a01000),
    (0x00081201, 0x40202004),
    (0x0021018c, 0x10030008),
    (0x02100201, 0x20018080),
    (0x00300481, 0x20004040),
    (0x01200082, 0x8ac8a040),
    (0x09022850, 0x10401040),
    (0x18048028, 0x80104080),
    (0x8300400a, 0x08002204),
    (0x01018408, 0x21800a80),
    (0x00000212, 0x04000a02),
    (0x40908865, 0x00430080),
    (0x20000541, 0x0a040201),
    (0x08002416, 0x10810042),
    (0x08400241, 0x00208211),
    (0x0080604a, 0x10428012),
    (0x11010030, 0x01491105),
    (0xa1020402, 0x00200812),
    (0x80681002, 0x0011080e),
    (0x000000a3, 0x20520015),
    (0x400104d1, 0x00c02487),
];
/// Bishop magics: (lo, hi) per square, from [`tests::search_magics`].
const BISHOP_NUMBERS: [(u32, u32); 64] = [
    (0x00204a02, 0x00440220),
    (0x004a0628, 0x02002408),
    (0x004822a4, 0x50340080),
    (0x01082481, 0x00000000),
    (0x28411040, 0x00100003),
    (0x10820112, 0xc8104200),
    (0x40004210, 0x45208240),
    (0x00c0a403, 0x08020214),
    (0x00000882, 0x08080108),
    (0x24602801, 0x01960080),
    (0x48603121, 0x0040c422),
    (0x0800c20a, 0x02100000),
    (0x84106202, 0x10000042),
    (0x00401844, 0x10040500),
    (0x0200a2e4, 0x24204840),
    (0x00034847, 0x02100305),
    (0x00600005, 0x05040828),
    (0x04100508, 0x1004808a),
    (0x020810c4, 0x06448928),
    (0x00280163, 0x42000808),
    (0x00303082, 0x08c40000),
    (0x00008421, 0x40c16808),
    (0x08208212, 0x08092800),
    (0x00002046, 0x02050438),
    (0x41040446, 0x10200800),
    (0x10426000, 0x020802a8),
    (0x00008880, 0x70004010),
    (0x00880802, 0xf0404208),
    (0x00010240, 0x01044000),
    (0x040b8118, 0x5080a008),
    (0x80040080, 0x10431002),
    (0x00020200, 0x00504200),
    (0x40180484, 0x0010a002),
    (0x20049008, 0x00840801),
    (0x00002104, 0x00404608),
    (0x0a002c41, 0x00024041),
    (0x00004202, 0x020020a0),
    (0x01010302, 0x01088808),
    (0x00020801, 0xe01b0085),
    (0x004802e1, 0x88008041),
    (0x08c40620, 0x08030401),
    (0x12060282, 0x02002040),
    (0x00801114, 0x06001000),
    (0x01000a01, 0x01801101),
    (0x08404801, 0x14608c00),
    (0x44d12042, 0x0612c020),
    (0x00900222, 0x14210440),
    (0x41630821, 0x84482100),
    (0x29060310, 0x28050000),
    (0x02014048, 0x02084a12),
    (0x40321046, 0x08840404),
    (0x00020041, 0x88480800),
    (0x10048209, 0x14240000),
    (0x14000830, 0x10808000),
    (0x40408284, 0x15020071),
    (0x00058808, 0x11002000),
    (0x00010021, 0x10021180),
    (0x10000292, 0x08110421),
    (0x00084806, 0x10840c01),
    (0x400000c0, 0x82050c00),
    (0x48108022, 0x20214106),
    (0x00108208, 0x02048900),
    (0x08202004, 0x0408004c),
    (0x2442b002, 0x42120061),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks;
    use crate::repr::bitboard::Tables;
    use polyboard_core::bitboard::Bits;

    /// The fixed-seed search that produced `ROOK_NUMBERS` and `BISHOP_NUMBERS`: for
    /// each square, sparse random pairs `(magic_lo, magic_hi)` until the 32-bit index
    /// maps every relevant occupancy without a destructive collision.
    fn search_magics(dirs: &[(i32, i32); 4], state: &mut u64) -> Vec<(u32, u32)> {
        let mut next = || {
            // xorshift64*
            *state ^= *state >> 12;
            *state ^= *state << 25;
            *state ^= *state >> 27;
            state.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        let mut out = Vec::new();
        for sq in 0..64 {
            let mask = relevant_mask(sq, dirs);
            let bits = mask.count_ones();
            let mut occs = vec![];
            let mut s = 0u64;
            loop {
                occs.push(s);
                s = s.wrapping_sub(mask) & mask;
                if s == 0 {
                    break;
                }
            }
            let atts: Vec<u64> = occs.iter().map(|&o| slide(sq, o, dirs)).collect();
            let mut used = vec![0u64; 1 << bits];
            let mut epoch = vec![0u32; 1 << bits];
            let mut tries = 0u32;
            let found = loop {
                let lo = (next() & next() & next()) as u32;
                let hi = (next() & next() & next()) as u32;
                tries += 1;
                let e = Entry { mask_lo: !0, mask_hi: !0, magic_lo: lo, magic_hi: hi, shift: 32 - bits, offset: 0 };
                let ok = occs.iter().zip(&atts).all(|(&o, &a)| {
                    let i = index(&e, o as u32, (o >> 32) as u32);
                    if epoch[i] != tries {
                        epoch[i] = tries;
                        used[i] = a;
                        true
                    } else {
                        used[i] == a
                    }
                });
                if ok {
                    break (lo, hi);
                }
            };
            out.push(found);
        }
        out
    }

    #[test]
    fn magic_numbers_come_from_the_search() {
        let mut state = 0x9e37_79b9_7f4a_7c15 ^ 32;
        assert_eq!(search_magics(&ROOK_DIRS, &mut state), ROOK_NUMBERS.to_vec());
        assert_eq!(search_magics(&BISHOP_DIRS, &mut state), BISHOP_NUMBERS.to_vec());
    }

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
        assert_eq!(ATTACKS_LEN, 107_648);
    }

    #[test]
    fn entry_size() {
        assert_eq!(core::mem::size_of::<Entry>(), 24);
    }
}
