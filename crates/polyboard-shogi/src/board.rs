//! The [`ShogiBoard`] trait every shogi representation implements, and perft over it
//! (polyboard-core's driver: every representation is a [`PerftNode`]).

use crate::position::Position;
use crate::types::{Color, Hand, Move, Piece, Square};
use polyboard_core::MoveList;
use polyboard_core::perft::PerftNode;

/// A list capacity no position with at most [`crate::position::MAX_PIECES`] pieces can
/// exceed (at most 38 board pieces of at most 32 moves each, plus 7 kinds of drops on
/// at most 81 squares: 1783). The most legal moves in standard shogi is 593.
pub const MAX_MOVES: usize = 2048;

/// A move list of [`MAX_MOVES`] capacity.
pub type Moves = MoveList<Move, MAX_MOVES>;

/// A shogi board representation.
///
/// Every representation converts from and to [`Position`], generates exactly the legal
/// moves of the LEGAL_ALL rule set (in any order), counts them in bulk, plays them by
/// copy-make ([`ShogiBoard::apply`] on a copy) and keeps the same Zobrist key. A search
/// needs nothing else: moves into a list, make (copy-make), check, key, the piece on a
/// square and the hands.
pub trait ShogiBoard: Clone + Send + Sync + 'static {
    /// The name `polyboard perft --variant shogi --repr` selects it by.
    const NAME: &'static str;

    /// What polyboard-core's perft driver walks: the board itself, which implements
    /// [`PerftNode`] with lists of [`MAX_MOVES`] moves by the methods below.
    ///
    /// `PerftNode` is not a supertrait because both traits name `generate_moves`,
    /// `count_moves`, `apply` and `play`: a generic caller's `b.play(mv)` would be
    /// ambiguous.
    type Perft: PerftNode<MAX_MOVES, Move = Move>;

    /// The board as [`ShogiBoard::Perft`] (itself).
    fn as_perft(&self) -> &Self::Perft;

    /// The representation of `pos` (which [`Position::validate`] accepts).
    fn from_position(pos: &Position) -> Self;

    /// Back to the canonical state.
    fn to_position(&self) -> Position {
        let mut board = [None; crate::types::SQUARES];
        for (sq, cell) in board.iter_mut().enumerate() {
            *cell = self.piece_on(sq);
        }
        Position {
            board,
            hands: [self.hand(Color::Black), self.hand(Color::White)],
            turn: self.turn(),
            ply: self.ply(),
        }
    }

    /// The SFEN move number.
    fn ply(&self) -> u32;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Appends every legal move to `out`.
    fn generate_moves(&self, out: &mut Moves);

    /// The number of legal moves (bulk counting; representations count without a list).
    fn count_moves(&self) -> u64 {
        let mut list = Moves::new();
        self.generate_moves(&mut list);
        list.len() as u64
    }

    /// Plays the legal move `mv` in place.
    fn apply(&mut self, mv: Move);

    /// The state after the legal move `mv` (copy-make).
    #[inline(always)]
    fn play(&self, mv: Move) -> Self {
        let mut child = self.clone();
        child.apply(mv);
        child
    }

    /// True when the side to move is in check.
    fn is_check(&self) -> bool;

    /// The Zobrist key (see [`crate::zobrist`]); equal to [`Position::key`].
    fn key(&self) -> u64;

    /// The piece on `sq`.
    fn piece_on(&self, sq: Square) -> Option<Piece>;

    /// The hand of `color`.
    fn hand(&self, color: Color) -> Hand;

    /// The legal moves as a vector (a convenience; the hot path uses `generate_moves`).
    fn legal_moves(&self) -> Vec<Move> {
        let mut list = Moves::new();
        self.generate_moves(&mut list);
        list.to_vec()
    }
}

/// Leaf count at `depth`, counting the last ply in bulk (polyboard-core's
/// [`perft`](polyboard_core::perft::perft) on the board).
pub fn perft<B: ShogiBoard>(b: &B, depth: u32) -> u64 {
    polyboard_core::perft::perft(b.as_perft(), depth)
}

/// Leaf count at `depth`, playing every move including those of the last ply
/// (polyboard-core's [`perft_full`](polyboard_core::perft::perft_full) on the board).
pub fn perft_full<B: ShogiBoard>(b: &B, depth: u32) -> u64 {
    polyboard_core::perft::perft_full(b.as_perft(), depth)
}

/// The count below each legal move at `depth` (`depth >= 1`), in generation order
/// (polyboard-core's [`divide`](polyboard_core::perft::divide) on the board).
pub fn divide<B: ShogiBoard>(b: &B, depth: u32, full: bool) -> Vec<(Move, u64)> {
    polyboard_core::perft::divide(b.as_perft(), depth, full)
}

/// Implements polyboard-core's [`PerftNode`] for a [`ShogiBoard`] representation by
/// the board's own [`ShogiBoard`] methods, and points [`ShogiBoard::Perft`] at it.
///
/// `perft_node!(impl[T: Tech] for BitBoard<T>)`, `perft_node!(impl[] for AttackTableBoard)`.
macro_rules! perft_node {
    (impl[$($generics:tt)*] for $board:ty) => {
        impl<$($generics)*> polyboard_core::perft::PerftNode<{ $crate::board::MAX_MOVES }> for $board {
            type Move = $crate::types::Move;

            #[inline(always)]
            fn generate_moves(&self, out: &mut $crate::board::Moves) {
                <Self as $crate::board::ShogiBoard>::generate_moves(self, out)
            }

            #[inline(always)]
            fn count_moves(&self) -> u64 {
                <Self as $crate::board::ShogiBoard>::count_moves(self)
            }

            #[inline(always)]
            fn apply(&mut self, mv: $crate::types::Move) {
                <Self as $crate::board::ShogiBoard>::apply(self, mv)
            }
        }
    };
}
pub(crate) use perft_node;

/// Adds `delta` pieces to hand slot `slot` of `c`, keeping the key.
#[inline(always)]
pub(crate) fn add_hand(hands: &mut [Hand; 2], key: &mut u64, c: Color, slot: usize, delta: i8) {
    let n = &mut hands[c.index()][slot];
    let old = *n;
    *n = old.wrapping_add_signed(delta);
    *key ^= crate::zobrist::hand(c, slot, old) ^ crate::zobrist::hand(c, slot, *n);
}
