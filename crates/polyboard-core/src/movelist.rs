//! A fixed-capacity, stack-allocated list of moves.

use core::mem::MaybeUninit;

/// A stack-allocated list of at most `N` copyable items (moves).
///
/// Pushing past `N` is a logic error of the move generator; it panics in debug
/// builds and is ignored (the move is dropped) in release builds, which cannot
/// happen for chess with `N >= 218`.
pub struct MoveList<T: Copy, const N: usize = 256> {
    len: usize,
    items: [MaybeUninit<T>; N],
}

impl<T: Copy, const N: usize> MoveList<T, N> {
    /// An empty list.
    #[inline(always)]
    pub const fn new() -> Self {
        Self { len: 0, items: [const { MaybeUninit::uninit() }; N] }
    }

    /// Appends `item`.
    #[inline(always)]
    pub fn push(&mut self, item: T) {
        debug_assert!(self.len < N, "MoveList overflow");
        if self.len < N {
            self.items[self.len] = MaybeUninit::new(item);
            self.len += 1;
        }
    }

    /// Number of items.
    #[inline(always)]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// True when the list holds no item.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every item.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `n` items (all of them when there are no more than `n`).
    #[inline(always)]
    pub fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }

    /// The items as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: the first `len` slots were written by `push` (len <= N always holds),
        // and MaybeUninit<T> has the same layout as T.
        unsafe { core::slice::from_raw_parts(self.items.as_ptr().cast::<T>(), self.len) }
    }

    /// The items as a mutable slice.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`.
        unsafe { core::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast::<T>(), self.len) }
    }

    /// Iterates over the items.
    #[inline(always)]
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.as_slice().iter()
    }
}

impl<T: Copy, const N: usize> Default for MoveList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy, const N: usize> core::ops::Deref for MoveList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a MoveList<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + core::fmt::Debug, const N: usize> core::fmt::Debug for MoveList<T, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_and_read_back_at_the_capacity_boundary() {
        let mut l: MoveList<u16, 4> = MoveList::new();
        assert!(l.is_empty());
        for i in 0..4 {
            l.push(i);
        }
        assert_eq!(l.as_slice(), &[0, 1, 2, 3]);
        l.as_mut_slice()[0] = 9;
        assert_eq!(l.iter().copied().collect::<Vec<_>>(), vec![9, 1, 2, 3]);
        // Truncating never lengthens the list (the unset slots stay out of reach).
        l.truncate(6);
        assert_eq!(l.as_slice(), &[9, 1, 2, 3]);
        l.truncate(2);
        assert_eq!(l.as_slice(), &[9, 1]);
        l.push(7);
        assert_eq!(l.as_slice(), &[9, 1, 7]);
        l.clear();
        assert_eq!(l.len(), 0);
    }
}
