//! Shogi for polyboard.
//!
//! What ships:
//!
//! - [`Position`]: the canonical state with the rules written plainly (the reference
//!   the representations are checked against); SFEN in and out ([`STARTPOS`]).
//! - [`usi`]: USI move text, parsed with the field at fault named ([`usi::UsiError`]).
//! - [`ShogiBoard`]: the trait every representation implements, and four of them in
//!   [`repr`] (`fast`, `bb128`, `bb3x32`, `attacktable`), picked by name with
//!   [`with_shogi_repr!`].
//! - Perft ([`perft`], [`perft_full`], [`divide`]): polyboard-core's driver, every
//!   representation being a `polyboard_core::perft::PerftNode`.
//! - [`rules`]: the attack test, one piece's reach and the impasse count, on any
//!   representation ([`attacked`], [`reaches`], [`impasse_count`]).
//! - [`Game`]: a game with its history, for sennichite (repetition, perpetual check)
//!   and the impasse declaration (27- and 24-point rules).
//! - [`Tactics`]: static exchange evaluation and pins, in each representation's own
//!   technique; [`experiment`]: the 2006 bitboard-versus-attack-table experiment
//!   (minimax to a fixed depth); [`suite`]: perft suite files; [`zobrist`]: the keys.
//!
//! The move rules are the set the perft data calls LEGAL_ALL: every legal move,
//! optional non-promotions included; no drop or move that leaves a piece without a
//! future move, no second unpromoted pawn on a file (nifu), no pawn drop that mates
//! (uchifuzume; a pawn drop that stalemates is legal). Repetition and the impasse rule
//! concern the game, not the move rules, and live in [`Game`].
//!
//! # Example
//!
//! The start position, its legal moves, and perft to the published count at depth 2:
//!
//! ```
//! use polyboard_shogi::repr::FastBoard;
//! use polyboard_shogi::{Position, STARTPOS, ShogiBoard};
//!
//! let pos = Position::from_sfen(STARTPOS)?;
//! let board = FastBoard::from_position(&pos);
//! assert_eq!(board.legal_moves().len(), 30);
//! assert_eq!(polyboard_shogi::perft(&board, 2), 900);
//!
//! let mv = polyboard_shogi::usi::parse(&pos, "7g7f")?;
//! assert_eq!(polyboard_shogi::perft(&board.play(mv), 1), 30);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod board;
pub mod experiment;
pub mod game;
pub mod position;
pub mod repr;
pub mod rules;
pub mod suite;
pub mod tactics;
pub mod types;
pub mod usi;
pub mod zobrist;

pub use board::{MAX_MOVES, Moves, ShogiBoard, divide, perft, perft_full};
pub use game::{Declaration, Game, ImpasseRule, Status};
pub use position::{Position, STARTPOS, SfenError};
pub use rules::{Attackers, ImpasseCount, attacked, attackers, impasse_count, lines_through, occupancy, reaches};
pub use tactics::Tactics;
pub use types::{Color, Hand, Kind, Move, Piece, Square};
