//! Deterministic Zobrist key generation.
//!
//! Keys come from SplitMix64 (Steele, Lea and Flood, 2014) run from a fixed seed, in
//! `const` context, so every build, every representation and every run sees the same
//! keys and a key can be stored on disk.

/// The fixed seed every polyboard key table starts from.
pub const SEED: u64 = 0x7067_626f_6172_6431; // "pgboard1"

/// One SplitMix64 step: advances `state` and returns the next 64-bit output.
#[inline]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `N` keys drawn from SplitMix64, starting at `SEED` advanced by `skip` outputs.
///
/// Different tables of one game use disjoint `skip` ranges so that no key repeats.
pub const fn keys<const N: usize>(skip: usize) -> [u64; N] {
    let mut state = SEED;
    let mut i = 0;
    while i < skip {
        splitmix64(&mut state);
        i += 1;
    }
    let mut out = [0u64; N];
    let mut j = 0;
    while j < N {
        out[j] = splitmix64(&mut state);
        j += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        let mut s = 0u64;
        assert_eq!(splitmix64(&mut s), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix64(&mut s), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn tables_with_different_skips_do_not_overlap() {
        let a: [u64; 8] = keys(0);
        let b: [u64; 8] = keys(8);
        assert!(a.iter().all(|k| !b.contains(k)));
        let c: [u64; 16] = keys(0);
        assert_eq!(&c[8..], &b[..]);
    }
}
