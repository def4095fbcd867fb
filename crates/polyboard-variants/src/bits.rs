//! Square sets for boards of up to 128 squares: polyboard-core's [`Wide`] on `u64`
//! (boards of up to 64 squares) and `u128` (up to 128), so the move generator is
//! written once.
//!
//! Bit `i` is square `i`; squares are numbered rank by rank from a1 (a1 = 0, b1 = 1,
//! ..., the first square of rank 2 = the number of files).

pub use polyboard_core::wide::{Wide, squares};

/// The name the variant engine's code knows [`Wide`] by: every `Wide` type is `Bits`,
/// which adds nothing.
pub trait Bits: Wide {}

impl<T: Wide> Bits for T {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_widths_agree() {
        let sqs = [0usize, 5, 63];
        let a: u64 = sqs.iter().fold(0, |acc, &s| acc | u64::bit(s));
        let b: u128 = sqs.iter().fold(0, |acc, &s| acc | u128::bit(s));
        assert_eq!(squares(a).collect::<Vec<_>>(), squares(b).collect::<Vec<_>>());
        assert_eq!(a.msb(), 63);
        assert_eq!(u128::bit(127).msb(), 127);
        assert_eq!(a.popcount(), 3);
        assert_eq!(a.at_or_below_lowest(), 1);
        assert_eq!(u64::bit(5).at_or_below_lowest(), 0b11_1111);
        assert_eq!(u64::EMPTY.at_or_below_lowest(), u64::MAX);
        assert_eq!(a.at_or_above_highest(), 1 << 63);
        assert_eq!(b.at_or_above_highest(), u128::MAX << 63);
        assert_eq!(u128::bit(127).at_or_above_highest(), 1 << 127);
        assert_eq!(u128::bit(64).at_or_below_lowest(), (1 << 65) - 1);
    }
}
