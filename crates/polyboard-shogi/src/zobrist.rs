//! Zobrist keys for shogi, from polyboard-core's fixed-seed generator.
//!
//! A position's key is the XOR of:
//! - [`piece`]`(p, sq)` for every piece `p` on square `sq`;
//! - [`SIDE`] when White is to move;
//! - [`hand`]`(c, slot, n)` for every hand slot holding `n > 0` pieces
//!   (`hand(c, slot, 0)` is 0, so an empty hand adds nothing).
//!
//! Hand counts are keyed by value, not added up, so a key changes on a capture by
//! two XORs (the old count out, the new count in).

use crate::types::{Color, Piece, SQUARES};

/// Where shogi's keys start in polyboard-core's key stream (clear of chess's).
const SKIP: usize = 10_000;
/// The most pieces one hand slot can hold (38 pieces besides the two kings).
pub const MAX_HAND: usize = 40;
const PIECE_KEYS: usize = 32 * SQUARES;
const HAND_KEYS: usize = 2 * 8 * MAX_HAND;
static KEYS: [u64; PIECE_KEYS + HAND_KEYS + 1] = polyboard_core::zobrist::keys(SKIP);

/// The key of White to move.
pub const SIDE: u64 = polyboard_core::zobrist::keys::<1>(SKIP + PIECE_KEYS + HAND_KEYS)[0];

/// The key of piece `p` on square `sq`.
#[inline(always)]
pub fn piece(p: Piece, sq: usize) -> u64 {
    KEYS[(p.0 as usize & 31) * SQUARES + sq % SQUARES]
}

/// The key of `n` pieces in hand slot `slot` (0 = pawn .. 6 = gold) of `c` (0 when `n` is 0).
#[inline(always)]
pub fn hand(c: Color, slot: usize, n: u8) -> u64 {
    if n == 0 { 0 } else { KEYS[PIECE_KEYS + (c.index() * 8 + (slot & 7)) * MAX_HAND + (n as usize) % MAX_HAND] }
}
