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
//! Files use tables instead: a file is nine consecutive bits of one word, so its seven
//! inner squares, shifted down, index `[rank][128]` tables of the attacks within the
//! file (9 bits, shifted back into place): one for the lance of each color, one for the
//! rook (2.3 KB each). A rook adds the two rank rays, a bishop takes four diagonal rays.
//! No state is kept beyond the occupancy; every table is built at compile time.

use super::bitboard::{BitBoard, Tables, Tech, build_tables};
use crate::types::{Color, SQUARES, Square};
use polyboard_core::wide::{W2x64, Wide};
use std::sync::OnceLock;

/// Bit of square `sq` in the packed `u128` view.
const fn packed_bit(sq: usize) -> u128 {
    if sq < 63 { 1 << sq } else { 1 << (sq + 1) }
}

/// Ray directions: (file delta, rank delta). Indices 0..3 run towards higher squares.
const DIRS: [(i32, i32); 6] = [(1, 0), (1, 1), (1, -1), (-1, 0), (-1, -1), (-1, 1)];
const TO_FILE9: usize = 0;
const DIAG_A: usize = 1; // file + 1, rank + 1
const DIAG_B: usize = 2; // file + 1, rank - 1
const TO_FILE1: usize = 3;
const DIAG_C: usize = 4; // file - 1, rank - 1
const DIAG_D: usize = 5; // file - 1, rank + 1

/// `RAYS[dir][sq]`: the squares from `sq` (exclusive) to the edge in direction `dir`, packed.
static RAYS: [[u128; SQUARES]; 6] = {
    let mut rays = [[0u128; SQUARES]; 6];
    let mut d = 0;
    while d < 6 {
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

/// `FILE[k][rank][inner]`: attacks within a file (bit `r` for rank `r`) of a piece on
/// `rank` when bit `j` of `inner` says whether rank `j + 1` is occupied; `k` is 0 for a
/// Black lance (towards rank a), 1 for a White lance, 2 for a rook.
static FILE: [[[u16; 128]; 9]; 3] = {
    let mut t = [[[0u16; 128]; 9]; 3];
    let mut rank = 0;
    while rank < 9 {
        let mut inner = 0;
        while inner < 128 {
            let occupied = (inner as u16) << 1;
            let mut up = 0u16;
            let mut r = rank as i32 - 1;
            while r >= 0 {
                up |= 1 << r;
                if occupied >> r & 1 != 0 {
                    break;
                }
                r -= 1;
            }
            let mut down = 0u16;
            let mut r = rank + 1;
            while r < 9 {
                down |= 1 << r;
                if occupied >> r & 1 != 0 {
                    break;
                }
                r += 1;
            }
            t[0][rank][inner] = up;
            t[1][rank][inner] = down;
            t[2][rank][inner] = up | down;
            inner += 1;
        }
        rank += 1;
    }
    t
};

/// Attacks within the file of `i` from table `k` of [`FILE`].
#[inline(always)]
fn file(k: usize, i: usize, occ: W2x64) -> W2x64 {
    let high = i >= 63;
    let word = if high { occ.hi } else { occ.lo };
    let base = if high { i - 63 } else { i } / 9 * 9;
    let inner = (word >> (base + 1)) as usize & 127;
    let att = (FILE[k][i % 9][inner] as u64) << base;
    if high { W2x64::new(0, att) } else { W2x64::new(att, 0) }
}

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
        file(2, i, occ) | W2x64::unpacked(up(o, RAYS[TO_FILE9][i]) | down(o, RAYS[TO_FILE1][i]))
    }
    #[inline(always)]
    fn bishop(&self, i: usize, occ: W2x64) -> W2x64 {
        let o = occ.packed();
        let r = &RAYS;
        W2x64::unpacked(up(o, r[DIAG_A][i]) | up(o, r[DIAG_B][i]) | down(o, r[DIAG_C][i]) | down(o, r[DIAG_D][i]))
    }
    #[inline(always)]
    fn lance(&self, color: Color, i: usize, occ: W2x64) -> W2x64 {
        file(color.index(), i, occ)
    }
    #[inline(always)]
    fn first_canonical(set: W2x64) -> usize {
        set.lsb()
    }
    #[inline(always)]
    fn canonical_set(set: W2x64) -> u128 {
        set.to_u128()
    }
}

/// The `fast` representation.
pub type FastBoard = BitBoard<Fast>;
