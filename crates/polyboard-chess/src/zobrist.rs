//! Zobrist keys for chess, derived from polyboard-core's fixed seed.
//!
//! The key of a position is the XOR of:
//! - `PIECE[piece.index() * 64 + square]` for every piece on the board,
//! - `SIDE` when Black is to move,
//! - `CASTLE[square]` for every rook square that keeps a castling right (so Chess960
//!   rights hash by their rook, with no special case),
//! - `EP[file]` when there is an en passant square (which [`crate::Position`] keeps
//!   only when a legal en passant capture exists).
//!
//! Every representation must produce this same key, incrementally or not;
//! [`crate::Position::zobrist`] computes it from scratch.

use crate::types::{Color, Role};
use polyboard_core::zobrist::keys;

/// Keys of pieces on squares: index `piece.index() * 64 + square`.
pub static PIECE: [u64; 768] = keys(0);
/// XORed in when Black is to move.
pub const SIDE: u64 = keys::<1>(768)[0];
/// Keys of castling rights, by rook square.
pub static CASTLE: [u64; 64] = keys(769);
/// Keys of the en passant file.
pub static EP: [u64; 8] = keys(833);

/// The key of a coloured piece on a square.
#[inline(always)]
pub fn piece(color: Color, role: Role, sq: usize) -> u64 {
    PIECE[(color.index() * 6 + role.index()) * 64 + (sq & 63)]
}

/// [`PIECE`] indexed by colour index, role index (pawn 0 .. king 5; 6 and 7 hold 0)
/// and square, each masked to its range: the form make reads when it has the role as
/// an index (no conversion to [`Role`], no bounds check).
pub(crate) static BY_INDEX: [[[u64; 64]; 8]; 2] = {
    let piece: [u64; 768] = keys(0);
    let mut t = [[[0; 64]; 8]; 2];
    let mut i = 0;
    while i < 768 {
        t[i / 384][i / 64 % 6][i % 64] = piece[i];
        i += 1;
    }
    t
};

/// The key of the piece of colour index `color` and role index `role` on `sq`.
#[inline(always)]
pub(crate) fn piece_by_index(color: usize, role: usize, sq: usize) -> u64 {
    BY_INDEX[color & 1][role & 7][sq & 63]
}

/// The XOR of the castling keys of every rook square in `rooks`.
#[inline]
pub fn castling(mut rooks: u64) -> u64 {
    let mut k = 0;
    while rooks != 0 {
        k ^= CASTLE[rooks.trailing_zeros() as usize];
        rooks &= rooks - 1;
    }
    k
}
