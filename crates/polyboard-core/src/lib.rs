//! Game-independent parts of polyboard.
//!
//! - [`bitboard`]: bitboard types over limbs (`u64`, two `u32` limbs) with the same
//!   operators ([`bitboard::Bits`]).
//! - [`wide`]: bitboards of up to 128 squares (`[u32; 3]`, two `u64`, `u128`) with the
//!   same operators ([`wide::Wide`]), for shogi and the variant engine.
//! - [`MoveList`]: a fixed-capacity move buffer that never allocates.
//! - [`perft`]: the generic perft driver (bulk, full, make/unmake, divide) over any
//!   game that implements [`perft::PerftNode`].
//! - [`SearchMove`]: the key a search stores a move by, which each game's move
//!   type gives.
//! - [`zobrist`]: a deterministic key generator, so every representation and every run
//!   derives the same Zobrist keys from one fixed seed.

#![warn(missing_docs)]

pub mod bitboard;
pub mod movelist;
pub mod perft;
pub mod search_move;
pub mod timing;
pub mod wide;
pub mod zobrist;

pub use movelist::MoveList;
pub use search_move::SearchMove;
