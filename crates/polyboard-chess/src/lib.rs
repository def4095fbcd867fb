//! Chess and Chess960 for polyboard.
//!
//! - [`Position`]: the canonical state, with FEN, Shredder-FEN and X-FEN.
//! - [`Board`]: the trait every representation implements; see [`repr`].
//! - [`Game`]: a position with its history, for repetition, the 50-move rule and
//!   [`Game::status`].
//! - Move text: [`uci`] and [`san`]. Perft suites: [`epd`].
//! - Zobrist keys: [`zobrist`] (every representation keeps the same key).
//!
//! Every representation that [`repr::names`] lists ships, and each is proven by perft
//! against published counts.
//!
//! ```
//! use polyboard_chess::{Board, Position, repr::Magic};
//! use polyboard_core::perft::perft;
//!
//! let pos = Position::startpos();
//! assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! // chessprogramming.org, "Perft Results": 8902 leaves at depth 3 from the start.
//! assert_eq!(perft(&Magic::from_position(&pos), 3), 8902);
//! ```

#![deny(missing_docs)]

pub mod attacks;
pub mod board;
pub mod epd;
pub mod game;
pub mod position;
pub mod repr;
pub mod rules;
pub mod sample;
pub mod san;
pub mod types;
pub mod uci;
pub mod zobrist;

pub use board::{Board, PieceSets, SearchBoard};
pub use game::{Game, Status};
pub use position::{CastlingNotation, FenError, Parts, Position, START_FEN};
pub use types::{CastlingSide, Color, Move, MoveKind, Piece, Role, Square};
