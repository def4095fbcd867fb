//! The [`Board`] trait that every chess representation implements.

use crate::position::Position;
use crate::types::{Color, Move};
use polyboard_core::perft::{MakeUnmake, PerftNode};

/// A chess board representation.
///
/// Every representation converts from and to [`Position`], generates exactly the
/// legal moves (in any order), plays them both by copy-make ([`PerftNode::apply`] on a
/// copy) and by make/unmake ([`MakeUnmake`]), counts them in bulk
/// ([`PerftNode::count_moves`]) and keeps the same Zobrist key. The generic perft
/// driver of polyboard-core walks any of them.
pub trait Board: PerftNode<Move = Move> + MakeUnmake + Clone + Send + Sync + 'static {
    /// The name `polyboard perft --repr` selects it by.
    const NAME: &'static str;

    /// The representation of `pos`.
    fn from_position(pos: &Position) -> Self;

    /// Back to the canonical state.
    fn to_position(&self) -> Position;

    /// The side to move.
    fn turn(&self) -> Color;

    /// True when the side to move is in check.
    fn is_check(&self) -> bool;

    /// The Zobrist key (see [`crate::zobrist`]).
    fn zobrist(&self) -> u64;

    /// The legal moves, as a vector (a convenience; the hot path uses `generate_moves`).
    fn legal_moves(&self) -> Vec<Move> {
        let mut list = polyboard_core::MoveList::new();
        self.generate_moves(&mut list);
        list.to_vec()
    }
}
