//! Game-independent parts of polyboard, shared by the chess, shogi and variant crates.
//!
//! What ships:
//!
//! - [`perft`]: the one perft driver (bulk, full, make/unmake, divide) over any game
//!   that implements [`perft::PerftNode`]: every chess and shogi representation and the
//!   variant engine's board. A game names its move-list capacity (chess 256, shogi
//!   2048, the variants 4096).
//! - [`bitboard`]: 64-square bitboards over limbs (`u64`, two `u32` limbs) with the
//!   same operators ([`bitboard::Bits`]), for chess.
//! - [`wide`]: bitboards of up to 128 squares (`u64`, `u128`, `[u32; 3]`, two `u64`)
//!   with the same operators ([`wide::Wide`]), for shogi and the variant engine.
//! - [`MoveList`]: a fixed-capacity move buffer that never allocates.
//! - [`zobrist`]: a deterministic key generator, so every representation and every run
//!   derives the same Zobrist keys from one fixed seed.
//! - [`timing`]: the thread's CPU time, for benchmarks on a shared machine.
//!
//! # Example
//!
//! The perft driver walks a chess board of polyboard-chess (any [`perft::PerftNode`]
//! will do) to the published count of the start position at depth 3:
//!
//! ```
//! use polyboard_chess::repr::Magic;
//! use polyboard_chess::{Board, Position};
//!
//! let board = Magic::from_position(&Position::startpos());
//! assert_eq!(polyboard_core::perft::perft(&board, 3), 8902);
//! let rows = polyboard_core::perft::divide(&board, 2, false);
//! assert_eq!(rows.len(), 20);
//! assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), 400);
//! ```

#![deny(missing_docs)]

pub mod bitboard;
pub mod movelist;
pub mod perft;
pub mod timing;
pub mod wide;
pub mod zobrist;

pub use movelist::MoveList;
