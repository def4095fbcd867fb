//! `fast`: the layout of today's fastest shogi programs (YaneuraOu, rsshogi, cshogi)
//! with subtraction sliders.
//!
//! Squares are file-major (1a = 0, 1i = 8, 2a = 9, ..., 9i = 80) and a bitboard is two
//! `u64` words ([`W2x64`]): files 1 to 7 (squares 0..63) in the first, files 8 and 9
//! (squares 63..81) in bits 0..18 of the second. No file straddles the words, so a
//! lance's or a rook's file is nine consecutive bits of one word.
//!
//! Sliders are computed per ray on the two words seen as one `u128` (the words side by
//! side, square `i` at bit `i + (i >= 63)`; bit 63 stays clear):
//! - a ray towards higher squares (down the file, or towards file 9) takes the lowest
//!   blocker with Qugiy's subtraction: `x = occ & ray; (x ^ (x - 1)) & ray`, the borrow
//!   running across the word boundary by itself;
//! - a ray towards lower squares takes the highest blocker with a leading-zero count:
//!   `ray & (!0 << msb(occ & ray | 1))` (bit 0 stands in for "no blocker").
//!
//! A lance is one ray of its file, a rook two file rays and two rank rays, a bishop
//! four diagonal rays. No state is kept beyond the occupancy; the ray table is built at
//! compile time (8 directions x 81 squares x 16 bytes).

use super::bitboard::{BitBoard, Tables, Tech, build_tables};
use crate::types::{Color, SQUARES, Square};
use polyboard_core::wide::W2x64;
use std::sync::OnceLock;

/// Bit of square `sq` in the packed `u128` view.
const fn packed_bit(sq: usize) -> u128 {
    if sq < 63 { 1 << sq } else { 1 << (sq + 1) }
}

/// Ray directions: (file delta, rank delta). Indices 0..4 run towards higher squares.
const DIRS: [(i32, i32); 8] = [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)];
const DOWN_RANK: usize = 0; // towards rank i (White's forward)
const TO_FILE9: usize = 1;
const DIAG_A: usize = 2; // file + 1, rank + 1
const DIAG_B: usize = 3; // file + 1, rank - 1
const UP_RANK: usize = 4; // towards rank a (Black's forward)
const TO_FILE1: usize = 5;
const DIAG_C: usize = 6; // file - 1, rank - 1
const DIAG_D: usize = 7; // file - 1, rank + 1

/// `RAYS[dir][sq]`: the squares from `sq` (exclusive) to the edge in direction `dir`, packed.
static RAYS: [[u128; SQUARES]; 8] = {
    let mut rays = [[0u128; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            let (mut f, mut r) = ((sq / 9) as i32, (sq % 9) as i32);
            loop {
                f += DIRS[d].0;
                r += DIRS[d].1;
                if f < 0 || f > 8 || r < 0 || r > 8 {
                    break;
                }
                rays[d][sq] |= packed_bit((f * 9 + r) as usize);
            }
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// Attacks along a ray towards higher squares (lowest blocker by subtraction).
#[inline(always)]
fn up(occ: u128, ray: u128) -> u128 {
    let x = occ & ray;
    (x ^ x.wrapping_sub(1)) & ray
}

/// Attacks along a ray towards lower squares (highest blocker by leading zeros).
#[inline(always)]
fn down(occ: u128, ray: u128) -> u128 {
    let x = occ & ray | 1;
    ray & (!0u128 << (127 - x.leading_zeros()))
}

/// The `fast` member of the bitboard family (no slider state).
#[derive(Clone, Copy, Default)]
pub struct Fast;

impl Tech for Fast {
    type B = W2x64;
    const NAME: &'static str = "fast";
    const FORWARD: u32 = 1;

    #[inline(always)]
    fn internal(sq: Square) -> usize {
        sq
    }
    #[inline(always)]
    fn canonical(i: usize) -> Square {
        i
    }
    fn tables() -> &'static Tables<W2x64> {
        static T: OnceLock<Tables<W2x64>> = OnceLock::new();
        T.get_or_init(build_tables::<Fast>)
    }
    #[inline(always)]
    fn new(_occ: W2x64) -> Fast {
        Fast
    }
    #[inline(always)]
    fn toggle(&mut self, _i: usize) {}
    #[inline(always)]
    fn rook(&self, i: usize, occ: W2x64) -> W2x64 {
        let o = occ.packed();
        let r = &RAYS;
        W2x64::unpacked(
            up(o, r[DOWN_RANK][i]) | up(o, r[TO_FILE9][i]) | down(o, r[UP_RANK][i]) | down(o, r[TO_FILE1][i]),
        )
    }
    #[inline(always)]
    fn bishop(&self, i: usize, occ: W2x64) -> W2x64 {
        let o = occ.packed();
        let r = &RAYS;
        W2x64::unpacked(up(o, r[DIAG_A][i]) | up(o, r[DIAG_B][i]) | down(o, r[DIAG_C][i]) | down(o, r[DIAG_D][i]))
    }
    #[inline(always)]
    fn lance(&self, color: Color, i: usize, occ: W2x64) -> W2x64 {
        let o = occ.packed();
        W2x64::unpacked(match color {
            Color::Black => down(o, RAYS[UP_RANK][i]),
            Color::White => up(o, RAYS[DOWN_RANK][i]),
        })
    }
}

/// The `fast` representation.
pub type FastBoard = BitBoard<Fast>;
