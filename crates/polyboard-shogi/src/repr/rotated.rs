//! `bb3x32` and `bb128`: Grimbergen's slides (GPW 2006), faithfully.
//!
//! Squares are numbered as on the slides: rank by rank from 9a, `9 * rank + 9 - file`
//! (9a = 0, 1a = 8, 9b = 9, ..., 1i = 80). A bitboard is
//! - `bb3x32`: three `u32` words of 27 squares ([`W3x32`], Hoki's `unsigned int bb[3]`):
//!   word 0 ranks a-c, word 1 d-f, word 2 g-i, so a rank is nine consecutive bits;
//! - `bb128`: one `u128`, square `i` at bit `i`.
//!
//! Stepping pieces use per-square attack tables. Sliders use occupancy tables indexed by
//! the inner seven squares of a line (Hyatt's edge trick: the end squares never change
//! the attacks, so `[81][128]` instead of `[81][512]`):
//! - rank attacks from the normal occupancy (`RankAttacks[81][128]`);
//! - file attacks, rook and lance, from the occupancy rotated by 90 degrees (square
//!   `9 * (9 - file) + rank`, a file in nine consecutive bits);
//! - diagonal attacks from two occupancies rotated by 45 degrees, one per diagonal
//!   direction. Each rotated board numbers the 17 diagonals' squares consecutively,
//!   ordered so that no diagonal crosses a 27-bit word (the lengths pack exactly:
//!   9+8+8+2, 7+7+6+6+1, 5+5+4+4+3+3+2+1).
//!
//! The three rotated occupancies are kept incrementally: every square that fills or
//! empties flips one bit in each. Promotion-zone and dead-rank bitboards decide
//! promotions (the skeleton in [`super::bitboard`]).

use super::bitboard::{BitBoard, Tables, Tech, build_tables};
use crate::position::offset;
use crate::types::{Color, SQUARES, Square, square};
use polyboard_core::wide::{W3x32, Wide};
use std::sync::OnceLock;

/// A bitboard layout whose rotated boards can be read a line at a time.
pub trait RotLayout: Wide {
    /// The representation's name.
    const NAME: &'static str;
    /// `len` consecutive squares from `start` (never crossing a multiple of 27), as bits.
    fn run(self, start: usize, len: usize) -> usize;
    /// This layout's tables.
    fn rot_tables() -> &'static RotTables<Self>;
}

impl RotLayout for W3x32 {
    const NAME: &'static str = "bb3x32";
    #[inline(always)]
    fn run(self, start: usize, len: usize) -> usize {
        ((self.0[(start / 27) % 3] >> (start % 27)) & ((1 << len) - 1)) as usize
    }
    fn rot_tables() -> &'static RotTables<W3x32> {
        static T: OnceLock<RotTables<W3x32>> = OnceLock::new();
        T.get_or_init(build_rot_tables::<W3x32>)
    }
}

impl RotLayout for u128 {
    const NAME: &'static str = "bb128";
    #[inline(always)]
    fn run(self, start: usize, len: usize) -> usize {
        ((self >> (start & 127)) as usize) & ((1 << len) - 1)
    }
    fn rot_tables() -> &'static RotTables<u128> {
        static T: OnceLock<RotTables<u128>> = OnceLock::new();
        T.get_or_init(build_rot_tables::<u128>)
    }
}

/// Line kinds, as indices of [`RotTables`] arrays.
const RANK: usize = 0;
const FILE: usize = 1;
const DIAG_A: usize = 2; // file - rank constant
const DIAG_B: usize = 3; // file + rank constant

/// The tables of a rotated-bitboard layout (indexed by the slides' square numbers).
pub struct RotTables<B> {
    base: Tables<B>,
    /// Where each square sits on the rotated boards: `[FILE | DIAG_A | DIAG_B][square]`.
    rho: [[u8; SQUARES]; 4],
    /// The first index of the square's line on its board, and the line's length.
    start: [[u8; SQUARES]; 4],
    len: [[u8; SQUARES]; 4],
    /// Attacks along each line by the inner occupancy: `[line kind][square][pattern]`.
    attacks: [Vec<[B; 128]>; 4],
    /// Lance attacks by the inner file occupancy: `[color][square][pattern]`.
    lance: [Vec<[B; 128]>; 2],
}

/// Slides' number of canonical square `sq`.
#[inline(always)]
const fn slides(sq: Square) -> usize {
    9 * (sq % 9) + 8 - sq / 9
}

/// Canonical square of slides' number `i`.
#[inline(always)]
const fn canonical(i: usize) -> Square {
    9 * (8 - i % 9) + (i / 9) % 9
}

/// The squares of every line of a kind, each line in board order.
fn lines(kind: usize) -> Vec<Vec<Square>> {
    let along = |start: Square, df: i32, dr: i32| {
        let mut v = vec![start];
        let mut s = start;
        while let Some(t) = offset(s, df, dr) {
            v.push(t);
            s = t;
        }
        v
    };
    match kind {
        RANK => (0..9).map(|r| along(square(9, r), -1, 0)).collect(),
        FILE => (1..=9).rev().map(|f| along(square(f, 0), 0, 1)).collect(),
        _ => {
            // Diagonals starting on rank a or on the edge file, then ordered to pack.
            let (df, edge) = if kind == DIAG_A { (1, 1) } else { (-1, 9) };
            let mut all: Vec<Vec<Square>> = (0..9).map(|r| along(square(edge, r), df, 1)).collect();
            all.extend((1..=9).filter(|&f| f != edge).map(|f| along(square(f, 0), df, 1)));
            let mut packed = Vec::new();
            for len in [9, 8, 8, 2, 7, 7, 6, 6, 1, 5, 5, 4, 4, 3, 3, 2, 1] {
                let i = all.iter().position(|l| l.len() == len).expect("a diagonal of each length");
                packed.push(all.remove(i));
            }
            packed
        }
    }
}

fn build_rot_tables<B: RotLayout>() -> RotTables<B> {
    let bit = |sq: Square| B::bit(slides(sq));
    let mut t = RotTables {
        base: build_tables::<Rotated<B>>(),
        rho: [[0; SQUARES]; 4],
        start: [[0; SQUARES]; 4],
        len: [[0; SQUARES]; 4],
        attacks: [(); 4].map(|_| vec![[B::EMPTY; 128]; SQUARES]),
        lance: [(); 2].map(|_| vec![[B::EMPTY; 128]; SQUARES]),
    };
    for kind in [RANK, FILE, DIAG_A, DIAG_B] {
        let mut next = 0;
        for line in lines(kind) {
            let len = line.len();
            for (pos, &sq) in line.iter().enumerate() {
                let i = slides(sq);
                t.rho[kind][i] = (next + pos) as u8;
                t.start[kind][i] = next as u8;
                t.len[kind][i] = len as u8;
                let inner = if len > 2 { 1 << (len - 2) } else { 1 };
                for pattern in 0..inner {
                    let occupied = |p: usize| p > 0 && p + 1 < len && pattern >> (p - 1) & 1 != 0;
                    // Attacks up the line (towards its first square) and down it.
                    let mut att = [B::EMPTY; 2];
                    for (d, dir) in [-1i32, 1].into_iter().enumerate() {
                        let mut p = pos as i32 + dir;
                        while p >= 0 && (p as usize) < len {
                            att[d] |= bit(line[p as usize]);
                            if occupied(p as usize) {
                                break;
                            }
                            p += dir;
                        }
                    }
                    t.attacks[kind][i][pattern] = att[0] | att[1];
                    if kind == FILE {
                        // A file runs from rank a down: up is Black's forward, down White's.
                        t.lance[0][i][pattern] = att[0];
                        t.lance[1][i][pattern] = att[1];
                    }
                }
            }
            next += len;
        }
        debug_assert_eq!(next, SQUARES);
    }
    t
}

/// The rotated occupancies (the normal one is the board's).
#[derive(Clone, Copy)]
pub struct Rotated<B> {
    r90: B,
    diag_a: B,
    diag_b: B,
}

impl<B: RotLayout> Rotated<B> {
    /// The attacks of a slider on `i` along its line of `kind`, read from `board`.
    #[inline(always)]
    fn along(t: &RotTables<B>, kind: usize, i: usize, board: B) -> usize {
        let len = t.len[kind][i] as usize;
        if len <= 2 { 0 } else { board.run(t.start[kind][i] as usize + 1, len - 2) }
    }
}

impl<B: RotLayout> Tech for Rotated<B> {
    type B = B;
    const NAME: &'static str = B::NAME;
    const FORWARD: u32 = 9;

    #[inline(always)]
    fn internal(sq: Square) -> usize {
        slides(sq)
    }
    #[inline(always)]
    fn canonical(i: usize) -> Square {
        canonical(i)
    }
    fn tables() -> &'static Tables<B> {
        &B::rot_tables().base
    }
    fn new(occ: B) -> Self {
        let mut r = Rotated { r90: B::EMPTY, diag_a: B::EMPTY, diag_b: B::EMPTY };
        for i in (0..SQUARES).filter(|&i| occ.has(i)) {
            r.toggle(i);
        }
        r
    }
    #[inline(always)]
    fn toggle(&mut self, i: usize) {
        let t = B::rot_tables();
        self.r90 ^= B::bit(t.rho[FILE][i] as usize);
        self.diag_a ^= B::bit(t.rho[DIAG_A][i] as usize);
        self.diag_b ^= B::bit(t.rho[DIAG_B][i] as usize);
    }
    #[inline(always)]
    fn rook(&self, i: usize, occ: B) -> B {
        let t = B::rot_tables();
        t.attacks[RANK][i][Self::along(t, RANK, i, occ)] | t.attacks[FILE][i][Self::along(t, FILE, i, self.r90)]
    }
    #[inline(always)]
    fn bishop(&self, i: usize, _occ: B) -> B {
        let t = B::rot_tables();
        t.attacks[DIAG_A][i][Self::along(t, DIAG_A, i, self.diag_a)]
            | t.attacks[DIAG_B][i][Self::along(t, DIAG_B, i, self.diag_b)]
    }
    #[inline(always)]
    fn lance(&self, color: Color, i: usize, _occ: B) -> B {
        let t = B::rot_tables();
        t.lance[color.index()][i][Self::along(t, FILE, i, self.r90)]
    }
}

/// The `bb3x32` representation: the slides on three `u32` words.
pub type Bb3x32Board = BitBoard<Rotated<W3x32>>;
/// The `bb128` representation: the slides' technique on one `u128`.
pub type Bb128Board = BitBoard<Rotated<u128>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_round_trips_and_matches_the_slides() {
        for sq in 0..SQUARES {
            assert_eq!(canonical(slides(sq)), sq);
        }
        assert_eq!(slides(square(9, 0)), 0);
        assert_eq!(slides(square(1, 0)), 8);
        // Slide 14's numbering: 7h is 65 (slide 11 calls the rook on 7h "square 66",
        // counting from 1).
        assert_eq!(slides(square(7, 7)), 65);
        assert_eq!(slides(square(1, 8)), 80);
    }

    #[test]
    fn no_diagonal_crosses_a_word() {
        for kind in [DIAG_A, DIAG_B] {
            let mut next = 0;
            for line in lines(kind) {
                assert_eq!(next / 27, (next + line.len() - 1) / 27);
                next += line.len();
            }
            assert_eq!(next, 81);
        }
    }
}
