//! The generic perft driver.
//!
//! Perft counts the leaf nodes of the legal move tree to a fixed depth. It is the
//! standard correctness test of a move generator: the counts of many positions are
//! published, and every representation in polyboard must reproduce them.
//!
//! Three modes:
//! - [`perft`]: bulk counting. The last ply is counted with [`PerftNode::count_moves`],
//!   not played. This is what engines and the published speed records use.
//! - [`perft_full`]: every leaf move is played (copy-make), so the cost of making
//!   moves shows.
//! - [`perft_make_unmake`]: every move is made and unmade in place, for
//!   representations that support it ([`MakeUnmake`]).
//!
//! The first two walk the tree through [`PerftNode::walk`], whose default is the
//! generic walk written here (a move list per node, copy-make of each move). A game
//! state may walk its own tree instead, with a generator that plays each move as it
//! finds it (no list): the count is the same, and the tests compare it.
//!
//! The move lists hold [`DEFAULT_CAPACITY`] moves unless a game names more: the
//! trait's parameter is the list capacity, so chess walks `PerftNode` (256 moves) and
//! shogi `PerftNode<2048>` with the same driver, each with lists on the stack.

use crate::MoveList;

/// The move list capacity of a [`PerftNode`] that names none: enough for chess (the
/// most legal moves of a chess position is 218).
pub const DEFAULT_CAPACITY: usize = 256;

/// A game state that perft can walk with copy-make, with move lists of `CAPACITY`
/// moves (more than the most legal moves of any position of the game).
pub trait PerftNode<const CAPACITY: usize = DEFAULT_CAPACITY>: Clone {
    /// The move type.
    type Move: Copy;

    /// Appends every legal move of the side to move to `out`.
    fn generate_moves(&self, out: &mut MoveList<Self::Move, CAPACITY>);

    /// The number of legal moves. Representations override this with a faster count
    /// that builds no list (bulk counting).
    #[inline]
    fn count_moves(&self) -> u64 {
        let mut list = MoveList::new();
        self.generate_moves(&mut list);
        list.len() as u64
    }

    /// Plays the legal move `mv` in place, keeping nothing to undo it with. Copy-make
    /// is a copy of the parent followed by `apply` on the copy.
    fn apply(&mut self, mv: Self::Move);

    /// The state after the legal move `mv` (copy-make).
    #[inline(always)]
    fn play(&self, mv: Self::Move) -> Self {
        let mut child = self.clone();
        child.apply(mv);
        child
    }

    /// The leaf count at `depth >= 1`: the last ply counted in bulk, or with `full`
    /// played (copy-make, each leaf passed through `black_box`). The default is the
    /// generic walk ([`walk_lists`]); a state may override it with its own.
    #[inline]
    fn walk(&self, depth: u32, full: bool) -> u64 {
        walk_lists::<Self, CAPACITY>(self, depth, full)
    }
}

/// A game state that can also make and unmake moves in place.
pub trait MakeUnmake<const CAPACITY: usize = DEFAULT_CAPACITY>: PerftNode<CAPACITY> {
    /// What `unmake` needs to restore the state.
    type Undo;

    /// Plays the legal move `mv` in place and returns what undoing it needs.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back `mv`, which must be the last move made, with the value `make` returned.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);
}

/// Leaf count at `depth`, counting the last ply in bulk.
pub fn perft<N: PerftNode<C>, const C: usize>(node: &N, depth: u32) -> u64 {
    if depth == 0 { 1 } else { node.walk(depth, false) }
}

/// Leaf count at `depth`, playing every move including those of the last ply.
pub fn perft_full<N: PerftNode<C>, const C: usize>(node: &N, depth: u32) -> u64 {
    if depth == 0 { 1 } else { node.walk(depth, true) }
}

/// The generic walk of [`PerftNode::walk`] (`depth >= 1`): the legal moves of each node
/// into a move list, each played by copy-make, the last ply counted
/// ([`PerftNode::count_moves`]) or, with `full`, played.
pub fn walk_lists<N: PerftNode<C>, const C: usize>(node: &N, depth: u32, full: bool) -> u64 {
    if depth == 1 && !full {
        return node.count_moves();
    }
    let mut list = MoveList::new();
    node.generate_moves(&mut list);
    let mut total = 0;
    for &mv in list.iter() {
        // The child is built in place in this frame: clone, then apply.
        let mut child = node.clone();
        child.apply(mv);
        total += if depth == 1 {
            core::hint::black_box(&child);
            1
        } else {
            child.walk(depth - 1, full)
        };
    }
    total
}

/// Leaf count at `depth` by make/unmake in place, playing every leaf move.
pub fn perft_make_unmake<N: MakeUnmake<C>, const C: usize>(node: &mut N, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    node.generate_moves(&mut list);
    let mut total = 0;
    for &mv in list.iter() {
        let undo = node.make(mv);
        total += if depth == 1 {
            core::hint::black_box(&*node);
            1
        } else {
            perft_make_unmake(node, depth - 1)
        };
        node.unmake(mv, undo);
    }
    total
}

/// The perft count below each legal move at `depth` (`depth >= 1`), in generation
/// order. With `full`, leaves are played rather than counted in bulk.
pub fn divide<N: PerftNode<C>, const C: usize>(node: &N, depth: u32, full: bool) -> Vec<(N::Move, u64)> {
    let mut list = MoveList::new();
    node.generate_moves(&mut list);
    list.iter()
        .map(|&mv| {
            let child = node.play(mv);
            let d = depth.saturating_sub(1);
            (mv, if full { perft_full(&child, d) } else { perft(&child, d) })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: a counter where each node at height h has h children.
    #[derive(Clone)]
    struct Tree(u64);

    impl PerftNode for Tree {
        type Move = u64;
        fn generate_moves(&self, out: &mut MoveList<u64>) {
            for i in 0..self.0 {
                out.push(i);
            }
        }
        fn apply(&mut self, _mv: u64) {
            self.0 = self.0.saturating_sub(1);
        }
    }

    impl MakeUnmake for Tree {
        type Undo = u64;
        fn make(&mut self, _mv: u64) -> u64 {
            let old = self.0;
            self.0 = old.saturating_sub(1);
            old
        }
        fn unmake(&mut self, _mv: u64, undo: u64) {
            self.0 = undo;
        }
    }

    /// The same tree with lists of 600 moves, wider than the default capacity.
    #[derive(Clone)]
    struct WideTree(u64);

    impl PerftNode<600> for WideTree {
        type Move = u64;
        fn generate_moves(&self, out: &mut MoveList<u64, 600>) {
            for i in 0..self.0 {
                out.push(i);
            }
        }
        fn apply(&mut self, _mv: u64) {
            self.0 = self.0.saturating_sub(1);
        }
    }

    #[test]
    fn a_node_names_a_larger_list_capacity() {
        // 300 * 299 leaves at depth 2: more moves than the default capacity holds.
        assert_eq!(perft(&WideTree(300), 2), 300 * 299);
        assert_eq!(perft_full(&WideTree(300), 2), 300 * 299);
        assert_eq!(divide(&WideTree(300), 1, false).len(), 300);
    }

    #[test]
    fn all_modes_count_a_factorial_tree() {
        // 5 * 4 * 3 = 60 leaves at depth 3.
        assert_eq!(perft(&Tree(5), 3), 60);
        assert_eq!(perft_full(&Tree(5), 3), 60);
        assert_eq!(perft_make_unmake(&mut Tree(5), 3), 60);
        let d = divide(&Tree(5), 3, false);
        assert_eq!(d.len(), 5);
        assert!(d.iter().all(|&(_, n)| n == 12));
        assert_eq!(perft(&Tree(5), 0), 1);
    }
}
