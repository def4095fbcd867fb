//! Perft over the variant board: polyboard-core's driver (legal generation, bulk
//! counting at the last ply, copy-make), which walks [`Board`] as a
//! [`PerftNode`] with lists of [`MAX_MOVES`] moves.

use crate::bits::Bits;
use crate::board::{Board, MAX_MOVES, Moves};
use crate::moves::Move;
use polyboard_core::perft::PerftNode;

/// A board is a perft node: its own generator and copy-make.
impl<B: Bits> PerftNode<MAX_MOVES> for Board<'_, B> {
    type Move = Move;

    #[inline(always)]
    fn generate_moves(&self, out: &mut Moves) {
        self.generate(out);
    }

    /// The last ply's count: [`Board::count_moves`], by set shifts where the rules allow.
    #[inline(always)]
    fn count_moves(&self) -> u64 {
        Board::count_moves(self) as u64
    }

    #[inline(always)]
    fn apply(&mut self, mv: Move) {
        Board::apply(self, mv);
    }
}

/// The number of leaves at `depth`, counting the last ply in bulk (polyboard-core's
/// [`perft`](polyboard_core::perft::perft)).
pub fn perft<B: Bits>(b: &Board<'_, B>, depth: u32) -> u64 {
    polyboard_core::perft::perft(b, depth)
}

/// The number of leaves at `depth`, playing every leaf move (polyboard-core's
/// [`perft_full`](polyboard_core::perft::perft_full)).
pub fn perft_full<B: Bits>(b: &Board<'_, B>, depth: u32) -> u64 {
    polyboard_core::perft::perft_full(b, depth)
}

/// The count below each legal move at `depth >= 1`, in generation order
/// (polyboard-core's [`divide`](polyboard_core::perft::divide)).
pub fn divide<B: Bits>(b: &Board<'_, B>, depth: u32, full: bool) -> Vec<(Move, u64)> {
    polyboard_core::perft::divide(b, depth, full)
}
