//! Perft over the variant board: legal generation, bulk counting at the last ply,
//! copy-make over the caller's stack frames.

use crate::bits::Bits;
use crate::board::{Board, Moves};
use crate::moves::Move;

/// The number of leaves at `depth`, counting the last ply in bulk.
pub fn perft<B: Bits>(b: &Board<'_, B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = Moves::new();
    b.generate(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for &mv in list.iter() {
        let child = b.play(mv);
        total += perft(&child, depth - 1);
    }
    total
}

/// The number of leaves at `depth`, playing every leaf move.
pub fn perft_full<B: Bits>(b: &Board<'_, B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = Moves::new();
    b.generate(&mut list);
    let mut total = 0;
    for &mv in list.iter() {
        let child = b.play(mv);
        total += if depth == 1 {
            core::hint::black_box(&child);
            1
        } else {
            perft_full(&child, depth - 1)
        };
    }
    total
}

/// The count below each legal move at `depth >= 1`, in generation order.
pub fn divide<B: Bits>(b: &Board<'_, B>, depth: u32, full: bool) -> Vec<(Move, u64)> {
    let mut list = Moves::new();
    b.generate(&mut list);
    list.iter()
        .map(|&mv| {
            let child = b.play(mv);
            let d = depth.saturating_sub(1);
            (mv, if full { perft_full(&child, d) } else { perft(&child, d) })
        })
        .collect()
}
