//! `mailbox10x12`: the 120-square mailbox with sentinel borders, plus piece lists.
//!
//! # Technique
//!
//! The board is 10 files wide and 12 ranks high; the real 8x8 board sits in the
//! middle (a1 = 21, h1 = 28, a8 = 91, h8 = 98) and every other square holds a
//! sentinel, "off the board". One sentinel file on each side is enough for every
//! step, because the right border of one rank is the left border of the next (a
//! 10-wide row instead of 12); two sentinel ranks at top and bottom catch the knight's
//! two-rank jump. So no step ever needs a bounds check: a sliding piece walks
//! `t += d` until the square is not empty, and the sentinel, being neither empty nor
//! an enemy piece, stops it like an own piece. Move offsets: ±1, ±10 (files,
//! ranks), ±9, ±11 (diagonals), ±8, ±12, ±19, ±21 (knight).
//!
//! Piece lists ([`super::lists`]) give each side's pieces directly, so no node scans
//! the 120 squares; the table from square to list slot is a packed nibble array.
//!
//! The attack query runs down the enemy lists: pawns on their two squares, the king
//! and knights by the square difference (on a 10-wide board ±8, ±12, ±19, ±21 arise
//! only from knight jumps and ±1, ±9, ±10, ±11 only from king steps), and a slider
//! only when it shares a line of its kind with the square, by a probe of a 64x64 line
//! table of the two squares' 0..64 numbers ([`LINES`]); then the squares between are
//! walked. Unlike 0x88, a 10x12 square difference cannot say by itself whether two
//! squares share a line (27 is three diagonal steps, or two ranks and seven files).
//!
//! # Layout (232 bytes)
//!
//! ```text
//! board:    [u8; 128]     the mailbox, index 10 * (rank + 2) + file + 1, then 8 bytes
//!                         of padding (sentinels, never reached: the farthest step from a
//!                         real square lands on 119) so that an index masked with 127
//!                         needs no bounds check. Per square:
//!                           0 empty; 0x20 sentinel (off the board); else colour | kind:
//!                           bits 0-2 kind: 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king
//!                           bit 3 white (8), bit 4 black (16)
//! slots:    [u8; 32]      square (0..64) -> slot (0..16) of its non-king piece in its
//!                         side's list, one nibble per square: square i in byte i / 2,
//!                         low nibble for even i. Packed so that the struct stays under
//!                         256 bytes, where the copy of copy-make is still inlined.
//! lists:    PieceLists    (44 bytes) the mailbox squares of each side's non-king pieces,
//!                         segmented by kind, and the segment bounds
//! ...       the fields of `Mailboxes` after the cells, bit by bit there; its king,
//!           en passant and castling-rook squares are mailbox squares
//! ```
//!
//! [`crate::Move`] and [`crate::Position`] use squares 0..64, converted at the boundary
//! with the two classic tables ([`MAILBOX`]: mailbox -> 64, [`MAILBOX64`]: 64 -> mailbox).

use super::lists::{Listed, PieceLists};
use super::{BISHOP, Cells, EMPTY, Geometry, KNIGHT, Mailboxes, OFF, ROOK};
use crate::types::Square;

/// The two classic tables and the empty board, built together.
const TABLES: ([u8; 128], [u8; 64], [u8; 128]) = {
    let (mut mailbox, mut mailbox64, mut board) = ([0xffu8; 128], [0u8; 64], [OFF; 128]);
    let mut i = 0;
    while i < 64 {
        let m = 21 + (i / 8) * 10 + i % 8;
        (mailbox[m], mailbox64[i], board[m]) = (i as u8, m as u8, EMPTY);
        i += 1;
    }
    (mailbox, mailbox64, board)
};

/// The mailbox -> 64 table: the 0..64 square of each mailbox square, 0xff off the
/// board (128 entries, like the padded board, so a masked index needs no bounds check).
pub static MAILBOX: [u8; 128] = TABLES.0;

/// The 64 -> 120 table: the mailbox square of each square 0..64.
pub static MAILBOX64: [u8; 64] = TABLES.1;

/// The empty board: sentinels around 64 empty squares.
const EMPTY_BOARD: [u8; 128] = TABLES.2;

/// The line tables, one for the rook's lines (rank and file) and one for the bishop's
/// (the diagonals): for the 0..64 squares `t` and `a`, at `t * 64 + a`, the unit step
/// on the 10x12 board from `t` towards `a` when they share such a line (a rank ±1, a
/// file ±10, a diagonal ±9 or ±11), else 0 (`t == a` included). 4 KiB each: the rank,
/// file and diagonal numbers compared once, when the tables are built.
static LINES: [[i8; 4096]; 2] = {
    let mut t = [[0i8; 4096]; 2];
    let mut i = 0;
    while i < 4096 {
        let (a, b) = ((i >> 6) as i32, (i & 63) as i32);
        let (df, dr) = ((b & 7) - (a & 7), (b >> 3) - (a >> 3));
        let kind = if df == 0 || dr == 0 { 0 } else { 1 };
        if a != b && (kind == 0 || df == dr || df == -dr) {
            t[kind][i] = (df.signum() + 10 * dr.signum()) as i8;
        }
        i += 1;
    }
    t
};

/// The cells of `mailbox10x12`, with the packed slot table and the piece lists.
pub type Cells10x12 = Cells<128, [u8; 32], PieceLists>;

/// The 10x12 mailbox with piece lists: the `mailbox10x12` representation.
pub type Mailbox = Mailboxes<Cells10x12>;

impl Geometry for Cells10x12 {
    const NAME: &'static str = "mailbox10x12";
    const A1: u8 = 21;
    const UP: i8 = 10;
    const EMPTY: Self = Cells { board: EMPTY_BOARD, slots: [0; 32], lists: PieceLists::EMPTY };

    #[inline(always)]
    fn index(sq: Square) -> u8 {
        MAILBOX64[sq.index()]
    }

    #[inline(always)]
    fn square(s: u8) -> Square {
        Square::from_index(MAILBOX[(s & 127) as usize] as u32)
    }

    /// No test at all: the sentinel is read like a piece.
    #[inline(always)]
    fn step(view: impl Fn(u8) -> u8, s: u8, d: i8) -> (u8, u8) {
        let t = s.wrapping_add(d as u8);
        (t, view(t))
    }
}

impl Listed for Cells10x12 {
    /// A nibble of `slots`.
    #[inline(always)]
    fn slot(&self, s: u8) -> usize {
        let i = MAILBOX[(s & 127) as usize] & 63;
        ((self.slots[(i >> 1) as usize] >> ((i & 1) * 4)) & 15) as usize
    }

    #[inline(always)]
    fn set_slot(&mut self, s: u8, slot: usize) {
        let i = MAILBOX[(s & 127) as usize] & 63;
        let shift = (i & 1) * 4;
        let byte = &mut self.slots[(i >> 1) as usize];
        *byte = (*byte & !(15 << shift)) | ((slot as u8 & 15) << shift);
    }

    /// By the square difference, unambiguous for these steps on a 10-wide board.
    #[inline(always)]
    fn apart(a: u8, t: u8, kind: u8) -> bool {
        if kind == KNIGHT {
            matches!(a.abs_diff(t), 8 | 12 | 19 | 21)
        } else {
            matches!(a.abs_diff(t), 1 | 9 | 10 | 11)
        }
    }

    /// A probe of [`LINES`] by the 0..64 squares: the rook's table, the bishop's, or
    /// both for the queen (one of the two is 0).
    #[inline(always)]
    fn line(t: u8, a: u8, kind: u8) -> i8 {
        let (ti, ai) = (MAILBOX[(t & 127) as usize] & 63, MAILBOX[(a & 127) as usize] & 63);
        let i = (ti as usize) << 6 | ai as usize;
        match kind {
            ROOK => LINES[0][i],
            BISHOP => LINES[1][i],
            _ => LINES[0][i] | LINES[1][i],
        }
    }
}
