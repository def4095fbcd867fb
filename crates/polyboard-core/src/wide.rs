//! Bitboards of more than 64 squares, with one set of operators.
//!
//! [`crate::bitboard::Bits`] is a 64-square bitboard. [`Wide`] is its sibling for boards
//! of up to 128 squares (shogi's 81, the variant engine's boards of any size); both
//! start from [`BitOps`], the operators they share. `Wide` is the one trait of the
//! boards past 64 squares: shogi's representations and the variant engine (whose
//! `bits::Bits` is this trait under another name) use it. A square is an
//! index `0..Wide::SQUARES`; each type places square `i` at a bit of its own layout, so
//! the same generator runs on every layout:
//!
//! - [`W3x32`]: three `u32` words of 27 squares each (81 squares), the layout of
//!   Grimbergen's slides (Hoki's `unsigned int bb[3]`).
//! - [`W2x64`]: two `u64` words, 63 squares in the first and the rest in the second
//!   (126 squares), the layout of YaneuraOu, rsshogi and cshogi (in shogi, 63 = 7 files
//!   of 9, so no file straddles the two words).
//! - `u64` and `u128`: one machine integer, square `i` at bit `i` (64 or 128
//!   squares), what the variant engine runs on.
//!
//! Every operation is defined on squares, never on the bits of a layout: `shl(n)` moves
//! every square `i` to `i + n`, [`Wide::lsb`] returns a square, `!b` complements within
//! the `SQUARES` squares of the type (a generator for a smaller board masks with its
//! board). [`Wide::from_u128`] and [`Wide::to_u128`] (square `i` at bit `i`) are the
//! boundary for building tables and for tests.

use crate::bitboard::BitOps;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The operations of a bitboard of up to 128 squares, whatever its layout.
pub trait Wide: BitOps {
    /// How many squares the layout holds.
    const SQUARES: usize;
    /// The empty set.
    const EMPTY: Self;

    /// The set of the squares `i` whose bit `i` of `x` is set (squares past `SQUARES` dropped).
    fn from_u128(x: u128) -> Self;
    /// The set as a `u128`, square `i` at bit `i`.
    fn to_u128(self) -> u128;
    /// The set holding only square `sq` (`sq < SQUARES`).
    fn bit(sq: usize) -> Self;
    /// True when square `sq` is in the set.
    fn has(self, sq: usize) -> bool;
    /// True for the empty set.
    fn is_empty(self) -> bool;
    /// True when the set has at least one square.
    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// The number of squares in the set.
    fn popcount(self) -> u32;
    /// The lowest square of the set (unspecified for the empty set).
    fn lsb(self) -> usize;
    /// The set without its lowest square.
    fn clear_lsb(self) -> Self;
    /// True when the set has two squares or more.
    #[inline(always)]
    fn more_than_one(self) -> bool {
        self.clear_lsb().any()
    }
    /// Calls `f` with each square of the set, lowest first.
    #[inline(always)]
    fn for_each(self, mut f: impl FnMut(usize)) {
        let mut rest = self;
        while rest.any() {
            f(rest.lsb());
            rest = rest.clear_lsb();
        }
    }
    /// Every square `i` moved to `i + n` (`n < 32`); squares past the last are lost.
    fn shl(self, n: u32) -> Self;
    /// Every square `i` moved to `i - n` (`n < 32`); squares below 0 are lost.
    fn shr(self, n: u32) -> Self;
    /// The highest square of the set (unspecified for the empty set).
    fn msb(self) -> usize;
    /// Removes the lowest square from the set and returns it (the set must not be
    /// empty).
    #[inline(always)]
    fn pop(&mut self) -> usize {
        let sq = self.lsb();
        *self = self.clear_lsb();
        sq
    }
    /// The squares from 0 up to the lowest of the set, that one included (every square
    /// of the layout for the empty set): the squares a slider moving down a ray of
    /// increasing squares reaches before and at its first blocker, once masked by the ray.
    fn at_or_below_lowest(self) -> Self;
    /// The squares from the highest of the set up to the last of the layout, that one
    /// included (unspecified for the empty set).
    fn at_or_above_highest(self) -> Self;
}

/// The squares of `set`, lowest first.
#[inline(always)]
pub fn squares<B: Wide>(mut set: B) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || if set.is_empty() { None } else { Some(set.pop()) })
}

/// [`Wide`] for the machine integers, square `i` at bit `i`.
macro_rules! integer_wide {
    ($t:ty) => {
        impl Wide for $t {
            const SQUARES: usize = <$t>::BITS as usize;
            const EMPTY: $t = 0;

            #[inline(always)]
            fn from_u128(x: u128) -> $t {
                x as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn bit(sq: usize) -> $t {
                1 << (sq % Self::SQUARES)
            }
            #[inline(always)]
            fn has(self, sq: usize) -> bool {
                (self >> (sq % Self::SQUARES)) & 1 != 0
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn popcount(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lsb(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn clear_lsb(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn shl(self, n: u32) -> $t {
                self << (n % <$t>::BITS)
            }
            #[inline(always)]
            fn shr(self, n: u32) -> $t {
                self >> (n % <$t>::BITS)
            }
            #[inline(always)]
            fn msb(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
            #[inline(always)]
            fn at_or_below_lowest(self) -> $t {
                self ^ self.wrapping_sub(1)
            }
            #[inline(always)]
            fn at_or_above_highest(self) -> $t {
                <$t>::MAX << self.msb()
            }
        }
    };
}

integer_wide!(u64);
integer_wide!(u128);

/// Three `u32` words of 27 squares each: square `i` is bit `i % 27` of word `i / 27`.
///
/// ```text
/// word 0: bits 0..27 = squares  0..27, bits 27..32 always 0
/// word 1: bits 0..27 = squares 27..54, bits 27..32 always 0
/// word 2: bits 0..27 = squares 54..81, bits 27..32 always 0
/// ```
///
/// With the slides' numbering (square = 9 * rank + 9 - file, 9a = 0) each word holds
/// three ranks: word 0 ranks a-c, word 1 d-f, word 2 g-i, so a rank is nine consecutive
/// bits of one word. Every operation works on 32-bit words only. 12 bytes, aligned to 4.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct W3x32(pub [u32; 3]);

/// The 27 bits of a [`W3x32`] word that hold squares.
pub const W27: u32 = (1 << 27) - 1;

impl W3x32 {
    /// The set of words `w` (bits 27..32 must be clear).
    #[inline(always)]
    pub const fn new(w: [u32; 3]) -> W3x32 {
        W3x32(w)
    }
}

/// Two `u64` words: squares 0..63 at bits 0..63 of `lo`, squares 63..126 at bits
/// 0..63 of `hi`; bit 63 of each word is always 0.
///
/// ```text
/// lo: bits 0..63 = squares  0..63, bit 63 always 0
/// hi: bits 0..63 = squares 63..126, bit 63 always 0
/// ```
///
/// With shogi's file-major numbering (square = 9 * (file - 1) + rank, 1a = 0) `lo`
/// holds files 1 to 7 and `hi` files 8 and 9 (its bits 0..18), as in YaneuraOu.
/// Seen as one `u128` (`hi << 64 | lo`, [`W2x64::packed`]) square `i` sits at bit
/// `i + (i >= 63)`: the layout's own 128-bit view, for carry-propagating tricks.
/// 16 bytes, aligned to 8.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct W2x64 {
    /// Squares 0..63.
    pub lo: u64,
    /// Squares 63..126.
    pub hi: u64,
}

/// The 63 bits of a [`W2x64`] word that hold squares.
pub const W63: u64 = (1 << 63) - 1;

impl W2x64 {
    /// The set of words `lo` and `hi` (bit 63 of each must be clear).
    #[inline(always)]
    pub const fn new(lo: u64, hi: u64) -> W2x64 {
        W2x64 { lo, hi }
    }

    /// The two words as one `u128`, `hi` above `lo` (square `i` at bit `i + (i >= 63)`).
    #[inline(always)]
    pub const fn packed(self) -> u128 {
        (self.hi as u128) << 64 | self.lo as u128
    }

    /// The inverse of [`W2x64::packed`] (bits 63 and 127 must be clear).
    #[inline(always)]
    pub const fn unpacked(x: u128) -> W2x64 {
        W2x64 { lo: x as u64, hi: (x >> 64) as u64 }
    }
}

impl W3x32 {
    /// `f` applied word by word.
    #[inline(always)]
    fn zip(self, r: W3x32, f: impl Fn(u32, u32) -> u32) -> W3x32 {
        W3x32([f(self.0[0], r.0[0]), f(self.0[1], r.0[1]), f(self.0[2], r.0[2])])
    }
    /// The complement within the 81 squares.
    #[inline(always)]
    fn complement(self) -> W3x32 {
        self.zip(W3x32([W27; 3]), |a, m| !a & m)
    }
}

impl W2x64 {
    /// `f` applied word by word.
    #[inline(always)]
    fn zip(self, r: W2x64, f: impl Fn(u64, u64) -> u64) -> W2x64 {
        W2x64 { lo: f(self.lo, r.lo), hi: f(self.hi, r.hi) }
    }
    /// The complement within the 126 squares.
    #[inline(always)]
    fn complement(self) -> W2x64 {
        self.zip(W2x64 { lo: W63, hi: W63 }, |a, m| !a & m)
    }
}

/// The boolean operators of a word-array layout, word by word.
macro_rules! word_ops {
    ($t:ty) => {
        impl BitAnd for $t {
            type Output = $t;
            #[inline(always)]
            fn bitand(self, r: $t) -> $t {
                self.zip(r, |a, b| a & b)
            }
        }
        impl BitOr for $t {
            type Output = $t;
            #[inline(always)]
            fn bitor(self, r: $t) -> $t {
                self.zip(r, |a, b| a | b)
            }
        }
        impl BitXor for $t {
            type Output = $t;
            #[inline(always)]
            fn bitxor(self, r: $t) -> $t {
                self.zip(r, |a, b| a ^ b)
            }
        }
        impl Not for $t {
            type Output = $t;
            #[inline(always)]
            fn not(self) -> $t {
                self.complement()
            }
        }
        impl BitAndAssign for $t {
            #[inline(always)]
            fn bitand_assign(&mut self, r: $t) {
                *self = *self & r;
            }
        }
        impl BitOrAssign for $t {
            #[inline(always)]
            fn bitor_assign(&mut self, r: $t) {
                *self = *self | r;
            }
        }
        impl BitXorAssign for $t {
            #[inline(always)]
            fn bitxor_assign(&mut self, r: $t) {
                *self = *self ^ r;
            }
        }
    };
}

word_ops!(W3x32);
word_ops!(W2x64);

impl Wide for W3x32 {
    const SQUARES: usize = 81;
    const EMPTY: W3x32 = W3x32([0; 3]);

    fn from_u128(x: u128) -> W3x32 {
        let w = |k: u32| (x >> (27 * k)) as u32 & W27;
        W3x32([w(0), w(1), w(2)])
    }
    fn to_u128(self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 27 | (self.0[2] as u128) << 54
    }
    #[inline(always)]
    fn bit(sq: usize) -> W3x32 {
        let mut w = [0; 3];
        w[(sq / 27) % 3] = 1 << (sq % 27);
        W3x32(w)
    }
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        sq < 81 && (self.0[sq / 27] >> (sq % 27)) & 1 != 0
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }
    #[inline(always)]
    fn lsb(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else if self.0[1] != 0 {
            27 + self.0[1].trailing_zeros() as usize
        } else {
            54 + self.0[2].trailing_zeros() as usize
        }
    }
    #[inline(always)]
    fn clear_lsb(self) -> W3x32 {
        let [a, b, c] = self.0;
        if a != 0 {
            W3x32([a & a.wrapping_sub(1), b, c])
        } else if b != 0 {
            W3x32([0, b & b.wrapping_sub(1), c])
        } else {
            W3x32([0, 0, c & c.wrapping_sub(1)])
        }
    }
    /// Word by word (27 squares each).
    #[inline(always)]
    fn for_each(self, mut f: impl FnMut(usize)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut x = word;
            while x != 0 {
                f(27 * w + x.trailing_zeros() as usize);
                x &= x - 1;
            }
        }
    }
    #[inline(always)]
    fn shl(self, n: u32) -> W3x32 {
        let [a, b, c] = self.0;
        if n == 0 {
            return self;
        }
        if n >= 27 {
            return W3x32([0, a, b]).shl(n - 27);
        }
        W3x32([(a << n) & W27, ((b << n) | (a >> (27 - n))) & W27, ((c << n) | (b >> (27 - n))) & W27])
    }
    #[inline(always)]
    fn shr(self, n: u32) -> W3x32 {
        let [a, b, c] = self.0;
        if n == 0 {
            return self;
        }
        if n >= 27 {
            return W3x32([b, c, 0]).shr(n - 27);
        }
        W3x32([(a >> n) | ((b << (27 - n)) & W27), (b >> n) | ((c << (27 - n)) & W27), c >> n])
    }
    #[inline(always)]
    fn msb(self) -> usize {
        let [a, b, c] = self.0;
        if c != 0 {
            54 + 31 - c.leading_zeros() as usize
        } else if b != 0 {
            27 + 31 - b.leading_zeros() as usize
        } else {
            31 - a.leading_zeros() as usize
        }
    }
    #[inline(always)]
    fn at_or_below_lowest(self) -> W3x32 {
        let [a, b, c] = self.0;
        if a != 0 {
            W3x32([a ^ a.wrapping_sub(1), 0, 0])
        } else if b != 0 {
            W3x32([W27, b ^ b.wrapping_sub(1), 0])
        } else if c != 0 {
            W3x32([W27, W27, c ^ c.wrapping_sub(1)])
        } else {
            W3x32([W27; 3])
        }
    }
    #[inline(always)]
    fn at_or_above_highest(self) -> W3x32 {
        let [a, b, c] = self.0;
        let from = |w: u32| W27 & (!0u32 << (31 - w.leading_zeros()));
        if c != 0 {
            W3x32([0, 0, from(c)])
        } else if b != 0 {
            W3x32([0, from(b), W27])
        } else {
            W3x32([from(a), W27, W27])
        }
    }
}

impl Wide for W2x64 {
    const SQUARES: usize = 126;
    const EMPTY: W2x64 = W2x64 { lo: 0, hi: 0 };

    fn from_u128(x: u128) -> W2x64 {
        W2x64 { lo: x as u64 & W63, hi: (x >> 63) as u64 & W63 }
    }
    fn to_u128(self) -> u128 {
        self.lo as u128 | (self.hi as u128) << 63
    }
    #[inline(always)]
    fn bit(sq: usize) -> W2x64 {
        if sq < 63 { W2x64 { lo: 1 << sq, hi: 0 } } else { W2x64 { lo: 0, hi: 1 << ((sq - 63) & 63) } }
    }
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        if sq < 63 { (self.lo >> sq) & 1 != 0 } else { (self.hi >> ((sq - 63) & 63)) & 1 != 0 }
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.lo | self.hi) == 0
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }
    #[inline(always)]
    fn lsb(self) -> usize {
        if self.lo != 0 { self.lo.trailing_zeros() as usize } else { 63 + self.hi.trailing_zeros() as usize }
    }
    #[inline(always)]
    fn clear_lsb(self) -> W2x64 {
        if self.lo != 0 {
            W2x64 { lo: self.lo & self.lo.wrapping_sub(1), hi: self.hi }
        } else {
            W2x64 { lo: 0, hi: self.hi & self.hi.wrapping_sub(1) }
        }
    }
    #[inline(always)]
    fn more_than_one(self) -> bool {
        (self.lo & self.lo.wrapping_sub(1)) != 0
            || (self.hi & self.hi.wrapping_sub(1)) != 0
            || (self.lo != 0 && self.hi != 0)
    }
    /// Word by word: no test of which word holds the lowest square per square.
    #[inline(always)]
    fn for_each(self, mut f: impl FnMut(usize)) {
        let mut lo = self.lo;
        while lo != 0 {
            f(lo.trailing_zeros() as usize);
            lo &= lo - 1;
        }
        let mut hi = self.hi;
        while hi != 0 {
            f(63 + hi.trailing_zeros() as usize);
            hi &= hi - 1;
        }
    }
    #[inline(always)]
    fn shl(self, n: u32) -> W2x64 {
        let n = n & 31;
        if n == 0 {
            return self;
        }
        W2x64 { lo: (self.lo << n) & W63, hi: ((self.hi << n) | (self.lo >> (63 - n))) & W63 }
    }
    #[inline(always)]
    fn shr(self, n: u32) -> W2x64 {
        let n = n & 31;
        if n == 0 {
            return self;
        }
        W2x64 { lo: (self.lo >> n) | ((self.hi << (63 - n)) & W63), hi: self.hi >> n }
    }
    #[inline(always)]
    fn msb(self) -> usize {
        if self.hi != 0 { 63 + 63 - self.hi.leading_zeros() as usize } else { 63 - self.lo.leading_zeros() as usize }
    }
    #[inline(always)]
    fn at_or_below_lowest(self) -> W2x64 {
        let (lo, hi) = (self.lo, self.hi);
        if lo != 0 {
            W2x64 { lo: lo ^ lo.wrapping_sub(1), hi: 0 }
        } else if hi != 0 {
            W2x64 { lo: W63, hi: hi ^ hi.wrapping_sub(1) }
        } else {
            W2x64 { lo: W63, hi: W63 }
        }
    }
    #[inline(always)]
    fn at_or_above_highest(self) -> W2x64 {
        let from = |w: u64| W63 & (!0u64 << (63 - w.leading_zeros()));
        if self.hi != 0 { W2x64 { lo: 0, hi: from(self.hi) } } else { W2x64 { lo: from(self.lo), hi: W63 } }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<u128> {
        let mut v = vec![0, 1, !0, 1 << 26, 1 << 27, 1 << 62, 1 << 63, 1 << 80, 1 << 127];
        let mut x = 0x2545_f491_4f6c_dd1d_9e37_79b9_7f4a_7c15u128;
        for _ in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            v.push(x);
            v.push(x & x.rotate_left(23) & x.rotate_left(41));
        }
        v
    }

    /// Every operation of `B` agrees with the same operation on squares held as a `u128`.
    fn agrees_with_u128<B: Wide>() {
        let full = if B::SQUARES == 128 { !0u128 } else { (1u128 << B::SQUARES) - 1 };
        let s = samples();
        for (i, &a) in s.iter().enumerate() {
            let a = a & full;
            let b = s[(i * 7 + 3) % s.len()] & full;
            let (x, y) = (B::from_u128(a), B::from_u128(b));
            assert_eq!(x.to_u128(), a);
            assert_eq!((x & y).to_u128(), a & b);
            assert_eq!((x | y).to_u128(), a | b);
            assert_eq!((x ^ y).to_u128(), a ^ b);
            assert_eq!((!x).to_u128(), !a & full);
            assert_eq!(x.is_empty(), a == 0);
            assert_eq!(x.popcount(), a.count_ones());
            if a != 0 {
                assert_eq!(x.lsb(), a.trailing_zeros() as usize);
            }
            assert_eq!(x.clear_lsb().to_u128(), a & a.wrapping_sub(1));
            assert_eq!(x.more_than_one(), a.count_ones() > 1);
            if a != 0 {
                let high = 127 - a.leading_zeros() as usize;
                assert_eq!(x.msb(), high);
                assert_eq!(x.at_or_above_highest().to_u128(), full & (!0u128 << high), "{a:#x}");
                let mut y = x;
                assert_eq!(y.pop(), a.trailing_zeros() as usize);
                assert_eq!(y.to_u128(), a & a.wrapping_sub(1));
            }
            assert_eq!(x.at_or_below_lowest().to_u128(), full & (a ^ a.wrapping_sub(1)), "{a:#x}");
            assert_eq!(squares(x).collect::<Vec<_>>(), (0..128).filter(|&sq| a >> sq & 1 != 0).collect::<Vec<_>>());
            let mut seen = Vec::new();
            x.for_each(|sq| seen.push(sq));
            assert_eq!(seen, (0..128).filter(|&sq| a >> sq & 1 != 0).collect::<Vec<usize>>());
            for n in 0..32 {
                assert_eq!(x.shl(n).to_u128(), (a << n) & full, "{a:#x} << {n}");
                assert_eq!(x.shr(n).to_u128(), a >> n, "{a:#x} >> {n}");
            }
            for sq in 0..B::SQUARES {
                assert_eq!(x.has(sq), a >> sq & 1 != 0);
            }
            let mut z = x;
            z &= y;
            z |= B::bit(5);
            z ^= x;
            assert_eq!(z.to_u128(), ((a & b) | 32) ^ a);
        }
        for sq in 0..B::SQUARES {
            assert_eq!(B::bit(sq).to_u128(), 1u128 << sq);
        }
    }

    #[test]
    fn every_layout_agrees_with_u128() {
        agrees_with_u128::<u64>();
        agrees_with_u128::<u128>();
        agrees_with_u128::<W3x32>();
        agrees_with_u128::<W2x64>();
        assert_eq!(core::mem::size_of::<W3x32>(), 12);
        assert_eq!(core::mem::size_of::<W2x64>(), 16);
    }

    #[test]
    fn layouts_put_squares_where_documented() {
        assert_eq!(W3x32::bit(27), W3x32([0, 1, 0]));
        assert_eq!(W3x32::bit(80), W3x32([0, 0, 1 << 26]));
        assert_eq!(W2x64::bit(62), W2x64::new(1 << 62, 0));
        assert_eq!(W2x64::bit(63), W2x64::new(0, 1));
        assert_eq!(W2x64::bit(63).packed(), 1 << 64);
    }
}
