//! Section 5.4 of the paper: a 64-bit transposition key without Zobrist tables.
//!
//! The paper states the idea only: the key is made from the CCR itself, with "prime
//! numbers as a rotation base", and no random numbers. Here the eight rank elements
//! and a ninth word with the rest of the state are folded into 64 bits: rotate the
//! key left by a prime, XOR the next word in.
//!
//! ```text
//! h = 0
//! for w in [CCR[0], ..., CCR[7], state]: h = rotl(h, ROTATIONS[i]) xor w
//! state = black_to_move | castling << 1 | (ep_file + 1 or 0) << 17
//! ```
//!
//! The key is linear in the board bits, so the rotations decide which differences
//! cancel. Rank element `d` ends up rotated by the sum of the later rotations; the
//! primes below are chosen so that no two rank elements end up at offsets that
//! differ by a multiple of 4 other than 32 (mod 64). Then a piece moved to any other
//! square (the most common difference between two positions) never maps onto the
//! bits it left, and the two elements of each offset pair tile the 64 bits exactly.
//! Equal rotations (7, 7, ...) break this: a piece on one rank and the same piece
//! four ranks and seven files away collide for every such pair. The collision rates
//! measured against Zobrist are in the module documentation of [`super`].

/// The rotation applied before each word is XORed in (the first one rotates zero).
/// The rank elements end up rotated left by 53, 42, 40, 21, 10, 51, 8 and 19 bits.
pub(super) const ROTATIONS: [u32; 9] = [0, 11, 2, 19, 11, 23, 43, 53, 19];

/// The CCR key of `ranks` and the state word, with the given rotations.
#[inline]
pub(super) fn fold(ranks: &[u32; 8], state: u32, rotations: &[u32; 9]) -> u64 {
    let mut h = 0u64;
    for (d, &r) in ranks.iter().enumerate() {
        h = h.rotate_left(rotations[d]) ^ u64::from(r);
    }
    h.rotate_left(rotations[8]) ^ u64::from(state)
}
