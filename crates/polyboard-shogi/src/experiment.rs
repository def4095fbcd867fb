//! The experiment of Grimbergen's slides (GPW 2006), run again: plain minimax to a fixed
//! depth with a material-only evaluation, on any [`ShogiBoard`].
//!
//! The slides: "Minimax search with move generation using bitboards and move generation
//! using attack tables. Minimax search to depth 4 for 100 positions from two
//! professional games. Evaluation function: only material." Attack tables took 24810 s,
//! bitboards 12709 s ("48.8% faster", i.e. 1 - 12709 / 24810). They say minimax, not
//! alpha-beta, so this is plain minimax (as negamax): every node's every legal move is
//! played by copy-make, the leaves included, and each leaf returns the material balance.
//!
//! The material balance is kept incrementally down the tree: a move adds the value of
//! what it captures twice over (the opponent loses the board piece, the mover gains its
//! unpromoted kind in hand) and, when it promotes, the promoted kind's value less the
//! unpromoted one's; a drop changes nothing (a piece in hand is worth its unpromoted
//! kind on the board). A side with no legal move has lost (shogi has no stalemate).

use crate::board::{Moves, ShogiBoard};
use crate::types::{Color, Kind, Move};

/// Material values by kind index (0 unused, the king 0): Apery's piece scores (the
/// classic values YaneuraOu also uses, 9/10 of 100, 350, 450, 550, 600, 950, 1100 for
/// pawn, lance, knight, silver, gold, bishop, rook; 600 for every promoted small piece,
/// 1050 horse, 1550 dragon). A piece in hand is worth its kind's value.
pub const VALUE: [i32; crate::types::KINDS] = [0, 90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395];

/// The value of a side with no legal move (it has lost), from its own point of view.
pub const LOST: i32 = -1_000_000;

/// What capturing a piece of `kind` gains: its board value and its unpromoted kind in hand.
#[inline(always)]
pub fn capture_gain(kind: Kind) -> i32 {
    VALUE[kind.index()] + VALUE[kind.unpromoted().index()]
}

/// What promoting a piece of `kind` gains.
#[inline(always)]
pub fn promotion_gain(kind: Kind) -> i32 {
    VALUE[kind.promoted().index()] - VALUE[kind.index()]
}

/// The material balance of `b` from the side to move's point of view (board and hands).
pub fn material<B: ShogiBoard>(b: &B) -> i32 {
    let us = b.turn();
    let sign = |c: Color| if c == us { 1 } else { -1 };
    let mut m = 0;
    for sq in 0..crate::types::SQUARES {
        if let Some(p) = b.piece_on(sq) {
            m += sign(p.color()) * VALUE[p.kind().index()];
        }
    }
    for c in [Color::Black, Color::White] {
        for kind in Kind::HAND {
            m += sign(c) * VALUE[kind.index()] * i32::from(b.hand(c)[kind.index() - 1]);
        }
    }
    m
}

/// What `mv` changes in the mover's material balance.
#[inline(always)]
pub fn move_gain<B: ShogiBoard>(b: &B, mv: Move) -> i32 {
    if mv.is_drop() {
        return 0;
    }
    let mut gain = b.piece_on(mv.to()).map_or(0, |p| capture_gain(p.kind()));
    if mv.is_promotion()
        && let Some(p) = b.piece_on(mv.from())
    {
        gain += promotion_gain(p.kind());
    }
    gain
}

/// The result of one search: the minimax value (side to move's view) and the number of
/// nodes visited (the root and every position played, leaves included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Minimax {
    /// The value.
    pub value: i32,
    /// Nodes visited.
    pub nodes: u64,
}

/// Plain minimax of `b` to `depth` with the material evaluation.
pub fn minimax<B: ShogiBoard>(b: &B, depth: u32) -> Minimax {
    let mut nodes = 0;
    let value = search(b, depth, material(b), &mut nodes);
    Minimax { value, nodes }
}

fn search<B: ShogiBoard>(b: &B, depth: u32, material: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    if depth == 0 {
        return material;
    }
    let mut list = Moves::new();
    b.generate_moves(&mut list);
    let mut best = LOST;
    for &mv in list.iter() {
        let gain = move_gain(b, mv);
        let child = b.play(mv);
        best = best.max(-search(&child, depth - 1, -(material + gain), nodes));
    }
    best
}
