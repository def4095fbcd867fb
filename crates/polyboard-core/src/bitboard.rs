//! Bitboard types over limbs, with one set of operators.
//!
//! A bitboard is a set of squares, bit `i` for square `i`. [`Bits`] names the
//! operations a bitboard move generator needs: the boolean operators (through the
//! `core::ops` traits), shifts, population count, the lowest set bit, and the
//! wrapping subtraction behind `b & (b - 1)`. A generator written against [`Bits`]
//! runs unchanged on every implementation:
//!
//! - `u64`: one 64-bit machine word (what a 64-bit CPU offers).
//! - [`Bb32`]: two `u32` limbs, every operation done on the 32-bit halves, as a
//!   32-bit CPU has to. Nothing inside it widens to `u64`: this is what lets the
//!   same generator measure the cost of lacking 64-bit registers.
//!
//! Conversions from and to `u64` ([`Bits::from_u64`], [`Bits::to_u64`]) exist for the
//! boundaries (building tables, converting positions); constants are split at
//! compile time.

use core::fmt::Debug;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// What every bitboard type of polyboard is: a copyable, comparable value with the
/// boolean operators and their assigning forms. [`Bits`] (64 squares) and
/// [`crate::wide::Wide`] (up to 128) both start from it; every type with those
/// properties has it.
pub trait BitOps:
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
}

impl<T> BitOps for T where
    T: Copy
        + Eq
        + Default
        + Debug
        + Send
        + Sync
        + 'static
        + BitAnd<Output = T>
        + BitOr<Output = T>
        + BitXor<Output = T>
        + Not<Output = T>
        + BitAndAssign
        + BitOrAssign
        + BitXorAssign
{
}

/// The operations of a 64-square bitboard, whatever its limbs.
pub trait Bits: BitOps {
    /// The empty set.
    const EMPTY: Self;
    /// All 64 squares.
    const FULL: Self;

    /// The bitboard with the bits of `x` (bit `i` of `x` is square `i`).
    fn from_u64(x: u64) -> Self;
    /// The bits as one `u64`.
    fn to_u64(self) -> u64;
    /// The set holding only square `sq` (`sq < 64`).
    fn bit(sq: usize) -> Self;
    /// True when square `sq` is in the set (`sq < 64`).
    fn has(self, sq: usize) -> bool;
    /// 1 when square `sq` is in the set, else 0 (`sq < 64`), as an integer for
    /// branch-free arithmetic.
    fn get(self, sq: usize) -> usize;
    /// True for the empty set.
    fn is_empty(self) -> bool;
    /// True when the set has at least one square.
    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// The number of squares in the set.
    fn popcount(self) -> u32;
    /// The lowest square of the set (64 for the empty set).
    fn lsb(self) -> usize;
    /// The set without its lowest square (`b & (b - 1)`).
    fn clear_lsb(self) -> Self;
    /// True when the set has two squares or more.
    fn more_than_one(self) -> bool;
    /// Shift towards higher squares by `n` (`n < 64`); bits past h8 are lost.
    fn shl(self, n: u32) -> Self;
    /// Shift towards lower squares by `n` (`n < 64`); bits past a1 are lost.
    fn shr(self, n: u32) -> Self;
    /// Subtraction modulo 2^64, as on the `u64` of the same bits.
    fn wrapping_sub(self, rhs: Self) -> Self;
}

impl Bits for u64 {
    const EMPTY: u64 = 0;
    const FULL: u64 = !0;

    #[inline(always)]
    fn from_u64(x: u64) -> u64 {
        x
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self
    }
    #[inline(always)]
    fn bit(sq: usize) -> u64 {
        1u64 << (sq & 63)
    }
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        (self >> (sq & 63)) & 1 != 0
    }
    #[inline(always)]
    fn get(self, sq: usize) -> usize {
        ((self >> (sq & 63)) & 1) as usize
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
    fn clear_lsb(self) -> u64 {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn more_than_one(self) -> bool {
        self & self.wrapping_sub(1) != 0
    }
    #[inline(always)]
    fn shl(self, n: u32) -> u64 {
        self << (n & 63)
    }
    #[inline(always)]
    fn shr(self, n: u32) -> u64 {
        self >> (n & 63)
    }
    #[inline(always)]
    fn wrapping_sub(self, rhs: u64) -> u64 {
        u64::wrapping_sub(self, rhs)
    }
}

/// Keeps a limb in a 32-bit register of its own.
///
/// LLVM on x86-64 sees that `{lo, hi}` pairs sit side by side in memory and would
/// fuse the two 32-bit operations of a [`Bb32`] operation into one 64-bit (or SIMD)
/// operation: exactly the 64-bit register the experiment is about doing without.
/// An empty `asm!` that takes and returns the limb in a general register (`reg` for a
/// `u32` is a 32-bit register: `eax`, `r8d`, ...) is opaque to the optimizer, so
/// each half is computed by its own 32-bit instruction. It emits no instruction.
#[inline(always)]
fn limb(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut x = x;
        // SAFETY: the assembly is empty: it reads and writes nothing but the register
        // holding `x`, which it leaves unchanged, and touches neither memory, the
        // stack nor the flags (as declared by the options).
        unsafe { core::arch::asm!("/* {0:e} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags)) };
        x
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        x
    }
}

impl Bb32 {
    /// A result of an operation, each limb pinned to its own 32-bit register.
    #[inline(always)]
    fn op(lo: u32, hi: u32) -> Bb32 {
        Bb32 { lo: limb(lo), hi: limb(hi) }
    }
}

/// A bitboard of two `u32` limbs: `lo` holds squares 0..32 (ranks 1 to 4), `hi`
/// squares 32..64 (ranks 5 to 8). Every operation works on the halves with 32-bit
/// arithmetic only, carrying between them by hand, as code for a 32-bit CPU does; the
/// result of each operation has its limbs kept apart (see `limb`), so the compiler
/// cannot merge them into 64-bit instructions behind our back.
///
/// 8 bytes, aligned to 4.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct Bb32 {
    /// Squares a1 (bit 0) to h4 (bit 31).
    pub lo: u32,
    /// Squares a5 (bit 0) to h8 (bit 31).
    pub hi: u32,
}

impl Bb32 {
    /// The bitboard with limbs `lo` and `hi`.
    #[inline(always)]
    pub const fn new(lo: u32, hi: u32) -> Bb32 {
        Bb32 { lo, hi }
    }

    /// The bitboard of the bits of `x`, split into limbs (usable in constants).
    #[inline(always)]
    pub const fn from_bits(x: u64) -> Bb32 {
        Bb32 { lo: x as u32, hi: (x >> 32) as u32 }
    }

    /// The bits as one `u64` (for boundaries and tests; never on a hot path).
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        (self.hi as u64) << 32 | self.lo as u64
    }
}

impl BitAnd for Bb32 {
    type Output = Bb32;
    #[inline(always)]
    fn bitand(self, r: Bb32) -> Bb32 {
        Bb32::op(self.lo & r.lo, self.hi & r.hi)
    }
}

impl BitOr for Bb32 {
    type Output = Bb32;
    #[inline(always)]
    fn bitor(self, r: Bb32) -> Bb32 {
        Bb32::op(self.lo | r.lo, self.hi | r.hi)
    }
}

impl BitXor for Bb32 {
    type Output = Bb32;
    #[inline(always)]
    fn bitxor(self, r: Bb32) -> Bb32 {
        Bb32::op(self.lo ^ r.lo, self.hi ^ r.hi)
    }
}

impl Not for Bb32 {
    type Output = Bb32;
    #[inline(always)]
    fn not(self) -> Bb32 {
        Bb32 { lo: !self.lo, hi: !self.hi }
    }
}

impl BitAndAssign for Bb32 {
    #[inline(always)]
    fn bitand_assign(&mut self, r: Bb32) {
        *self = Bb32::op(self.lo & r.lo, self.hi & r.hi);
    }
}

impl BitOrAssign for Bb32 {
    #[inline(always)]
    fn bitor_assign(&mut self, r: Bb32) {
        *self = Bb32::op(self.lo | r.lo, self.hi | r.hi);
    }
}

impl BitXorAssign for Bb32 {
    #[inline(always)]
    fn bitxor_assign(&mut self, r: Bb32) {
        *self = Bb32::op(self.lo ^ r.lo, self.hi ^ r.hi);
    }
}

impl Bits for Bb32 {
    const EMPTY: Bb32 = Bb32 { lo: 0, hi: 0 };
    const FULL: Bb32 = Bb32 { lo: !0, hi: !0 };

    #[inline(always)]
    fn from_u64(x: u64) -> Bb32 {
        Bb32::from_bits(x)
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self.bits()
    }
    #[inline(always)]
    fn bit(sq: usize) -> Bb32 {
        let one = 1u32 << (sq & 31);
        let high = (sq >> 5) as u32 & 1; // 1 for squares 32..64
        Bb32::op(one & high.wrapping_sub(1), one & 0u32.wrapping_sub(high))
    }
    #[inline(always)]
    fn has(self, sq: usize) -> bool {
        let limb = if sq & 32 == 0 { self.lo } else { self.hi };
        (limb >> (sq & 31)) & 1 != 0
    }
    #[inline(always)]
    fn get(self, sq: usize) -> usize {
        let limb = if sq & 32 == 0 { self.lo } else { self.hi };
        ((limb >> (sq & 31)) & 1) as usize
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
        if self.lo != 0 { self.lo.trailing_zeros() as usize } else { 32 + self.hi.trailing_zeros() as usize }
    }
    #[inline(always)]
    fn clear_lsb(self) -> Bb32 {
        if self.lo != 0 {
            Bb32::op(self.lo & self.lo.wrapping_sub(1), self.hi)
        } else {
            Bb32::op(0, self.hi & self.hi.wrapping_sub(1))
        }
    }
    #[inline(always)]
    fn more_than_one(self) -> bool {
        // Two or more bits: two in one limb, or one in each.
        (self.lo & self.lo.wrapping_sub(1)) != 0
            || (self.hi & self.hi.wrapping_sub(1)) != 0
            || (self.lo != 0 && self.hi != 0)
    }
    #[inline(always)]
    fn shl(self, n: u32) -> Bb32 {
        let n = n & 63;
        if n == 0 {
            self
        } else if n < 32 {
            Bb32::op(self.lo << n, (self.hi << n) | (self.lo >> (32 - n)))
        } else {
            Bb32::op(0, self.lo << (n - 32))
        }
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Bb32 {
        let n = n & 63;
        if n == 0 {
            self
        } else if n < 32 {
            Bb32::op((self.lo >> n) | (self.hi << (32 - n)), self.hi >> n)
        } else {
            Bb32::op(self.hi >> (n - 32), 0)
        }
    }
    #[inline(always)]
    fn wrapping_sub(self, r: Bb32) -> Bb32 {
        let (lo, borrow) = self.lo.overflowing_sub(r.lo);
        Bb32::op(lo, self.hi.wrapping_sub(r.hi).wrapping_sub(borrow as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<u64> {
        let mut v = vec![0, 1, !0, 1 << 31, 1 << 32, 1 << 63, 0xffff_ffff, 0xffff_ffff_0000_0000];
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..500 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            v.push(x);
            v.push(x & x.rotate_left(23) & x.rotate_left(41));
        }
        v
    }

    /// Every operation of `B` agrees with the same operation on `u64`.
    fn agrees_with_u64<B: Bits>() {
        let s = samples();
        for (i, &a) in s.iter().enumerate() {
            let b = s[(i * 7 + 3) % s.len()];
            let (x, y) = (B::from_u64(a), B::from_u64(b));
            assert_eq!(x.to_u64(), a);
            assert_eq!((x & y).to_u64(), a & b);
            assert_eq!((x | y).to_u64(), a | b);
            assert_eq!((x ^ y).to_u64(), a ^ b);
            assert_eq!((!x).to_u64(), !a);
            assert_eq!(x.is_empty(), a == 0);
            assert_eq!(x.any(), a != 0);
            assert_eq!(x.popcount(), a.count_ones());
            assert_eq!(x.lsb(), a.trailing_zeros() as usize);
            assert_eq!(x.clear_lsb().to_u64(), a & a.wrapping_sub(1));
            assert_eq!(x.more_than_one(), a.count_ones() > 1);
            assert_eq!(x.wrapping_sub(y).to_u64(), a.wrapping_sub(b));
            for n in 0..64 {
                assert_eq!(x.shl(n).to_u64(), a << n, "{a:#x} << {n}");
                assert_eq!(x.shr(n).to_u64(), a >> n, "{a:#x} >> {n}");
                assert_eq!(x.has(n as usize), a >> n & 1 != 0);
                assert_eq!(x.get(n as usize), (a >> n & 1) as usize);
            }
            let mut z = x;
            z &= y;
            z |= B::from_u64(5);
            z ^= x;
            assert_eq!(z.to_u64(), ((a & b) | 5) ^ a);
        }
        for sq in 0..64 {
            assert_eq!(B::bit(sq).to_u64(), 1u64 << sq);
        }
        assert_eq!(B::EMPTY.to_u64(), 0);
        assert_eq!(B::FULL.to_u64(), !0);
    }

    #[test]
    fn u64_bits() {
        agrees_with_u64::<u64>();
    }

    #[test]
    fn two_limb_bits_agree_with_u64() {
        agrees_with_u64::<Bb32>();
        assert_eq!(core::mem::size_of::<Bb32>(), 8);
        assert_eq!(Bb32::from_bits(0x1234_5678_9abc_def0), Bb32::new(0x9abc_def0, 0x1234_5678));
    }
}
