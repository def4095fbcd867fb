//! `x88`: the 0x88 board with piece lists and the square-difference table.
//!
//! # Technique
//!
//! The board is a 128-byte array, 16 files wide: square `0rrr0fff` holds rank `rrr`
//! and file `fff`. The left half (files 0-7) is the real board; the right half is
//! "illegal territory". A step by any of the move offsets (±1, ±15, ±16, ±17 for the
//! lines, ±14, ±18, ±31, ±33 for the knight) leaves the board exactly when the result
//! has bit 3 (file past h) or bit 7 (rank past 8, or below 1 by wrap-around) set, so
//! `sq & 0x88 != 0` is the whole edge test: one AND per step.
//!
//! The difference of two on-board squares, `target - attacker`, lies in -119..=119 and
//! determines the pair's geometry uniquely (the file difference has only 4 bits of
//! room). Two 256-entry tables indexed by `target - attacker + 119` (239 entries are
//! used; 256 lets a mask stand in for a bounds check) give:
//! - [`ATTACKS`]: a bit per kind of piece (knight, bishop, rook, queen, king) that
//!   attacks across that difference on an empty board (pawns need no bits: they are
//!   looked up on their squares);
//! - [`STEP`]: the unit step from the attacker towards the target (for the leapers, the
//!   whole difference, so one step arrives).
//!
//! An attack test of a square therefore runs down the enemy piece lists
//! ([`super::lists`]): one table probe per knight, bishop, rook and queen (and the
//! king), and a walk over the squares in between only for a slider that is lined up;
//! pawns are looked up on their two attacking squares. The same probe, run at the king,
//! finds the checkers and the pinned pieces with the pin line. The table from square
//! to list slot is kept in the right half of the board.
//!
//! # Layout (200 bytes)
//!
//! ```text
//! board:    [u8; 128]     0x88 squares. Left half (sq & 8 == 0): the piece code,
//!                         0 empty, else colour | kind:
//!                           bits 0-2 kind: 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king
//!                           bit 3 white (8), bit 4 black (16)
//!                         Right half (sq | 8): for a square holding a non-king piece,
//!                         that piece's slot in its side's piece list (the index table
//!                         from square to list slot), kept in the bytes the 0x88 test
//!                         never lets the generator read.
//! lists:    PieceLists    (44 bytes) the 0x88 squares of each side's non-king pieces,
//!                         segmented by kind, and the segment bounds
//! ...       the fields of `Mailboxes` after the cells, bit by bit there; its king,
//!           en passant and castling-rook squares are 0x88 squares
//! ```
//!
//! Internal squares are 0x88 squares (`rank * 16 + file`); [`crate::Move`] and
//! [`crate::Position`] use 0..64, converted at the boundary (`sq64 + (sq64 & 56)` and
//! back).

use super::lists::{Listed, PieceLists};
use super::{Cells, EMPTY, Geometry, Mailboxes, OFF};
use crate::types::Square;

// Attack-mask bits of the difference table.
const A_N: u8 = 4;
const A_B: u8 = 8;
const A_R: u8 = 16;
const A_Q: u8 = 32;
const A_K: u8 = 64;

/// The two difference tables, built together from the geometry's steps.
const fn difference_tables() -> ([u8; 256], [i8; 256]) {
    let mut att = [0u8; 256];
    let mut step = [0i8; 256];
    let mut i = 0;
    while i < 8 {
        let d = Cells0x88::KNIGHT[i];
        att[(d as i32 + 119) as usize] |= A_N;
        step[(d as i32 + 119) as usize] = d;
        let d = if i < 4 { Cells0x88::DIAGONAL[i] } else { Cells0x88::ORTHOGONAL[i - 4] };
        att[(d as i32 + 119) as usize] |= A_K;
        step[(d as i32 + 119) as usize] = d;
        i += 1;
    }
    let mut j = 0;
    while j < 4 {
        let mut n = 1;
        while n <= 7 {
            let d = Cells0x88::DIAGONAL[j] as i32 * n;
            att[(d + 119) as usize] |= A_B | A_Q;
            step[(d + 119) as usize] = Cells0x88::DIAGONAL[j];
            let d = Cells0x88::ORTHOGONAL[j] as i32 * n;
            att[(d + 119) as usize] |= A_R | A_Q;
            step[(d + 119) as usize] = Cells0x88::ORTHOGONAL[j];
            n += 1;
        }
        j += 1;
    }
    (att, step)
}

const TABLES: ([u8; 256], [i8; 256]) = difference_tables();

/// Which kinds attack across a difference: index `target - attacker + 119`; bits
/// 4 knight, 8 bishop, 16 rook, 32 queen, 64 king (bits 1 and 2 unused).
pub static ATTACKS: [u8; 256] = TABLES.0;

/// The unit step from attacker to target for the same index (the whole difference for
/// a knight), 0 where no piece attacks.
pub static STEP: [i8; 256] = TABLES.1;

/// The difference-table index of `attacker` and `target` (both on the board).
#[inline(always)]
fn diff(attacker: u8, target: u8) -> usize {
    (target as usize).wrapping_add(119).wrapping_sub(attacker as usize) & 255
}

/// The attack bit of each piece kind (by knight, bishop, rook, queen or king code).
static ATTACK_BIT: [u8; 8] = [0, 0, A_N, A_B, A_R, A_Q, A_K, 0];

/// The cells of `x88` (the slot table in their right half), with the piece lists.
pub type Cells0x88 = Cells<128, (), PieceLists>;

/// The 0x88 board with piece lists: the `x88` representation.
pub type X88 = Mailboxes<Cells0x88>;

impl Geometry for Cells0x88 {
    const NAME: &'static str = "x88";
    const A1: u8 = 0;
    const UP: i8 = 16;
    const EMPTY: Self = Cells { board: [EMPTY; 128], slots: (), lists: PieceLists::EMPTY };

    #[inline(always)]
    fn index(sq: Square) -> u8 {
        let i = sq.index() as u8;
        i + (i & 56)
    }

    #[inline(always)]
    fn square(s: u8) -> Square {
        Square::from_index(((s + (s & 7)) >> 1) as u32)
    }

    /// The 0x88 test, before the cell is read (the right half holds list slots).
    #[inline(always)]
    fn step(view: impl Fn(u8) -> u8, s: u8, d: i8) -> (u8, u8) {
        let t = s.wrapping_add(d as u8);
        if t & 0x88 != 0 { (t, OFF) } else { (t, view(t)) }
    }
}

impl Listed for Cells0x88 {
    /// Kept in the right half, beside the piece.
    #[inline(always)]
    fn slot(&self, s: u8) -> usize {
        (self.board[((s | 8) & 127) as usize] & 15) as usize
    }

    #[inline(always)]
    fn set_slot(&mut self, s: u8, slot: usize) {
        self.board[((s | 8) & 127) as usize] = slot as u8;
    }

    /// One probe of [`ATTACKS`].
    #[inline(always)]
    fn apart(a: u8, t: u8, kind: u8) -> bool {
        ATTACKS[diff(a, t)] & ATTACK_BIT[(kind & 7) as usize] != 0
    }

    /// One probe of [`ATTACKS`], and the step of [`STEP`] turned round.
    #[inline(always)]
    fn line(t: u8, a: u8, kind: u8) -> i8 {
        let j = diff(a, t);
        if ATTACKS[j] & ATTACK_BIT[(kind & 7) as usize] != 0 { STEP[j].wrapping_neg() } else { 0 }
    }
}
