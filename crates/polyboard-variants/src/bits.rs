//! Square sets for boards of up to 128 squares: one generic trait over `u64` (boards
//! of up to 64 squares) and `u128` (up to 128), so the move generator is written once.
//!
//! Bit `i` is square `i`; squares are numbered rank by rank from a1 (a1 = 0, b1 = 1,
//! ..., the first square of rank 2 = the number of files).

use core::fmt::Debug;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares held in one machine integer.
pub trait Bits:
    Copy
    + Eq
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many squares the type can hold.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;
    /// The set holding only `sq` (`sq < CAPACITY`).
    fn bit(sq: usize) -> Self;
    /// Conversion from a 128-bit mask (bits past `CAPACITY` are dropped).
    fn from_u128(v: u128) -> Self;
    /// Widening conversion to a 128-bit mask.
    fn to_u128(self) -> u128;
    /// True when the set is empty.
    fn is_empty(self) -> bool;
    /// True when `sq` is in the set.
    fn has(self, sq: usize) -> bool;
    /// The lowest square (the set must not be empty).
    fn lsb(self) -> usize;
    /// The highest square (the set must not be empty).
    fn msb(self) -> usize;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// Removes and returns the lowest square (the set must not be empty).
    #[inline(always)]
    fn pop(&mut self) -> usize {
        let s = self.lsb();
        *self = self.clear_lowest();
        s
    }
    /// The set without its lowest square.
    fn clear_lowest(self) -> Self;
    /// Every square up to and including the lowest of the set (every square when the
    /// set is empty).
    fn at_or_below_lowest(self) -> Self;
    /// Every square from the highest of the set on (the set must not be empty).
    fn at_or_above_highest(self) -> Self;
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            #[inline(always)]
            fn bit(sq: usize) -> Self {
                1 << sq
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn has(self, sq: usize) -> bool {
                (self >> sq) & 1 != 0
            }
            #[inline(always)]
            fn lsb(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn msb(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn at_or_below_lowest(self) -> Self {
                self ^ self.wrapping_sub(1)
            }
            #[inline(always)]
            fn at_or_above_highest(self) -> Self {
                <$t>::MAX << self.msb()
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// Iterates over the squares of a set, lowest first.
#[inline(always)]
pub fn squares<B: Bits>(mut b: B) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || if b.is_empty() { None } else { Some(b.pop()) })
}

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
        assert_eq!(a.count(), 3);
        assert_eq!(a.at_or_below_lowest(), 1);
        assert_eq!(u64::bit(5).at_or_below_lowest(), 0b11_1111);
        assert_eq!(u64::EMPTY.at_or_below_lowest(), u64::MAX);
        assert_eq!(a.at_or_above_highest(), 1 << 63);
        assert_eq!(b.at_or_above_highest(), u128::MAX << 63);
        assert_eq!(u128::bit(127).at_or_above_highest(), 1 << 127);
        assert_eq!(u128::bit(64).at_or_below_lowest(), (1 << 65) - 1);
    }
}
