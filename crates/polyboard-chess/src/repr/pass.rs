//! The null move's bookkeeping. Passing changes the side to move, the clocks, the en
//! passant square and the key; every representation keeps those the same way, so
//! this is no part of any technique and every representation shares it.

use crate::types::Color;
use crate::zobrist;

/// The side to move passes: `turn` flips, `halfmove` counts one more ply and
/// `fullmove` one more move after Black's, and the key changes side and loses the en
/// passant file `ep_file` (when a square was kept). The caller clears its own en
/// passant field, whatever form it keeps it in.
#[inline(always)]
pub(crate) fn pass(turn: &mut Color, key: &mut u64, halfmove: &mut u32, fullmove: &mut u32, ep_file: Option<u8>) {
    *key ^= zobrist::SIDE ^ ep_file.map_or(0, |f| zobrist::EP[f as usize & 7]);
    *halfmove = halfmove.wrapping_add(1);
    if *turn == Color::Black {
        *fullmove = fullmove.wrapping_add(1);
    }
    *turn = turn.other();
}

/// Takes back the side to move and the fullmove number of a move or of [`pass`]; the
/// key, the halfmove clock and the en passant square come back from the caller's undo
/// record.
#[inline(always)]
pub(crate) fn unpass(turn: &mut Color, fullmove: &mut u32) {
    *turn = turn.other();
    if *turn == Color::Black {
        *fullmove = fullmove.wrapping_sub(1);
    }
}
