//! Shogi for polyboard: the rules ([`Position`], written plainly as the reference),
//! SFEN and USI move text, the [`ShogiBoard`] trait, perft over it, [`Game`] for
//! sennichite and the impasse rule, and the representations in [`repr`].
//!
//! The move rules are the set the perft data calls LEGAL_ALL: every legal move,
//! optional non-promotions included; no drop or move that leaves a piece without a
//! future move, no second unpromoted pawn on a file (nifu), no pawn drop that mates
//! (uchifuzume; a pawn drop that stalemates is legal). Repetition and the impasse rule
//! concern the game, not the move rules, and live in [`Game`].

#![warn(missing_docs)]

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
pub use rules::{ImpasseCount, attacked, impasse_count, reaches};
pub use tactics::Tactics;
pub use types::{Color, Hand, Kind, Move, Piece, Square};
