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
//! Piece lists give each side's pieces directly, so no node scans the 120 squares.
//! Each side's list is kept segmented by kind (pawns, knights, bishops, rooks,
//! queens, with the segment bounds), so the generator runs one loop per kind with no
//! dispatch; a table from square to list slot makes removal O(1) (the last piece of a
//! segment fills the hole, then the last of each later segment moves down one).
//!
//! # Move generation
//!
//! Legal moves only. Per node, the checkers and pinned pieces: pawn and knight
//! checks are read off the squares around the king (a knight by the square
//! difference, which on a 10-wide board is unambiguous for its jumps); for each enemy
//! slider that shares a line of its kind with the king (by the rank, file and diagonal
//! numbers of the two squares), the ray is walked out from the king towards it. If
//! the slider is the first piece met it gives check; if the first is our own and the
//! slider comes next, that piece is pinned, and the ray is recorded for its list slot.
//! Unlike 0x88, a 10x12 square difference cannot say by itself whether two squares
//! share a line (27 is three diagonal steps, or two ranks and seven files), so the
//! lines come from the 0..64 square.
//!
//! Then only legal moves are produced: a pinned piece moves only along its pin line;
//! in single check, non-king moves must land on the checker or between it and the
//! king (a block array); in double check only the king moves. A king step is legal
//! when no enemy piece attacks the target: pawns on their two squares, the king and
//! knights by the square difference, lined-up sliders by a walk over the squares
//! between (with the king lifted off the board when in check, so that it does not
//! shadow the square behind it). Castling: the king and rook lifted can only open the
//! back rank, so two walks from the ends of the king's path cover that, and the path
//! squares are tested on the board (reusing the king-step tests next to the king). En
//! passant is tested on the board as it would be after the capture. At the leaves the
//! generator only counts (bulk counting): nothing is made.
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
//! slot:     [u8; 32]      square (0..64) -> slot (0..16) of its non-king piece in its
//!                         side's list, one nibble per square: square i in byte i / 2,
//!                         low nibble for even i. Packed so that the struct stays under
//!                         256 bytes, where the copy of copy-make is still inlined.
//! list:     [[u8; 16]; 2] piece lists: mailbox squares of each side's non-king pieces,
//!                         white then black, segmented by kind
//! zobrist:  u64           incremental key
//! halfmove, fullmove: u32
//! bounds:   [[u8; 6]; 2]  per side, the first slot of each kind (pawn .. queen), then the
//!                         list length
//! king:     [u8; 2]       king squares (mailbox), white then black
//! castle:   [u8; 4]       rook squares keeping a castling right: white king side, white
//!                         queen side, black king side, black queen side; 0 = none
//! ep:       u8            en passant square, 0 = none (a sentinel square)
//! turn:     Color, chess960: bool
//! (3 bytes of padding)
//! ```
//!
//! [`Move`] and [`Position`] use squares 0..64, converted at the boundary with the two
//! classic tables ([`MAILBOX`]: mailbox -> 64, [`MAILBOX64`]: 64 -> mailbox).

use super::sink::{Coords, Counter, SquareSink};
use crate::board::Board;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Move, Role, Square};
use crate::zobrist;
use polyboard_core::MoveList;
use polyboard_core::perft::{MakeUnmake, PerftNode};

const EMPTY: u8 = 0;
const PAWN: u8 = 1;
const ROOK: u8 = 4;
const QUEEN: u8 = 5;
const KING: u8 = 6;
const KIND: u8 = 7;
const WHITE: u8 = 8;
const BLACK: u8 = 16;
/// The sentinel of the off-board squares: not empty, and of neither colour.
const OFF: u8 = 0x20;

/// "No square" for castling rights: a sentinel square.
const NONE: u8 = 0;

const KNIGHT_STEPS: [i8; 8] = [-21, -19, -12, -8, 8, 12, 19, 21];
const DIAGONAL: [i8; 4] = [-11, -9, 9, 11];
const ORTHOGONAL: [i8; 4] = [-10, -1, 1, 10];

/// The mailbox -> 64 table: the 0..64 square of each mailbox square, 0xff off the
/// board (128 entries, like the padded board, so a masked index needs no bounds check).
pub static MAILBOX: [u8; 128] = {
    let mut t = [0xffu8; 128];
    let mut i = 0;
    while i < 64 {
        t[21 + (i / 8) * 10 + i % 8] = i as u8;
        i += 1;
    }
    t
};

/// The 64 -> 120 table: the mailbox square of each square 0..64.
pub static MAILBOX64: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (21 + (i / 8) * 10 + i % 8) as u8;
        i += 1;
    }
    t
};

/// The empty board: sentinels around 64 empty squares.
const EMPTY_BOARD: [u8; 128] = {
    let mut t = [OFF; 128];
    let mut i = 0;
    while i < 64 {
        t[21 + (i / 8) * 10 + i % 8] = EMPTY;
        i += 1;
    }
    t
};

#[inline(always)]
fn add(s: u8, d: i8) -> u8 {
    s.wrapping_add(d as u8)
}

/// True when real squares `a` and `b` are a knight's move apart. On a 10-wide board
/// the differences ±8, ±12, ±19, ±21 arise only from knight moves (a file difference
/// is at most 7), so the list of enemy knights is checked without touching the board.
#[inline(always)]
fn knight_apart(a: u8, b: u8) -> bool {
    matches!(a.abs_diff(b), 8 | 12 | 19 | 21)
}

/// True when real squares `a` and `b` are a king's step apart (±1, ±9, ±10, ±11 arise
/// only from king steps on a 10-wide board).
#[inline(always)]
fn king_apart(a: u8, b: u8) -> bool {
    matches!(a.abs_diff(b), 1 | 9 | 10 | 11)
}

/// The step from real square `t` towards real square `a` when they share a rank or
/// file (`ortho`) or a diagonal (`diag`), else 0. The lines are read from the 0..64
/// square: rank, file, rank - file, rank + file.
#[inline(always)]
fn line_step(t: u8, a: u8, ortho: bool, diag: bool) -> i8 {
    let (ti, ai) = (MAILBOX[(t & 127) as usize], MAILBOX[(a & 127) as usize]);
    let (tf, tr, af, ar) = (ti & 7, ti >> 3, ai & 7, ai >> 3);
    let sign = if a > t { 1 } else { -1 };
    if ortho {
        if tr == ar {
            return sign;
        }
        if tf == af {
            return 10 * sign;
        }
    }
    if diag {
        if tr.wrapping_sub(tf) == ar.wrapping_sub(af) {
            return 11 * sign;
        }
        if tr + tf == ar + af {
            return 9 * sign;
        }
    }
    0
}

#[inline(always)]
fn to120(sq: Square) -> u8 {
    MAILBOX64[sq.index()]
}

#[inline(always)]
fn to64(s: u8) -> Square {
    Square::from_index(MAILBOX[(s & 127) as usize] as u32)
}

/// True on rank 1 (21..=28) or rank 8 (91..=98), where castling rooks stand.
#[inline(always)]
fn on_back_rank(s: u8) -> bool {
    s.wrapping_sub(29) >= 62
}

#[inline(always)]
const fn code_of(color: Color, role: Role) -> u8 {
    (if color.index() == 0 { WHITE } else { BLACK }) | (role as u8 + 1)
}

/// The role of each kind (index `code & 7`; 0 and 7 are never asked for).
static ROLES: [Role; 8] =
    [Role::Pawn, Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King, Role::King];

#[inline(always)]
fn role_of(code: u8) -> Role {
    ROLES[(code & KIND) as usize]
}

/// The 10x12 mailbox with piece lists: the `mailbox10x12` representation.
#[derive(Clone, Copy)]
pub struct Mailbox {
    board: [u8; 128],
    slot: [u8; 32],
    list: [[u8; 16]; 2],
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
    bounds: [[u8; 6]; 2],
    king: [u8; 2],
    castle: [u8; 4],
    ep: u8,
    turn: Color,
    chess960: bool,
}

/// This representation's square numbering, for the shared move sinks.
struct Sq;

impl Coords for Sq {
    #[inline(always)]
    fn square(s: u8) -> Square {
        to64(s)
    }
}

/// All `true`: the block array when not in check (never read then).
static NO_CHECK: [bool; 128] = [true; 128];

impl Mailbox {
    /// The code on a mailbox square (piece, empty or sentinel).
    #[inline(always)]
    fn at(&self, s: u8) -> u8 {
        self.board[(s & 127) as usize]
    }

    #[inline(always)]
    fn set(&mut self, s: u8, code: u8) {
        self.board[(s & 127) as usize] = code;
    }

    /// The piece-list slot of the non-king piece on `s` (a nibble of `slot`).
    #[inline(always)]
    fn slot(&self, s: u8) -> usize {
        let i = MAILBOX[(s & 127) as usize] & 63;
        ((self.slot[(i >> 1) as usize] >> ((i & 1) * 4)) & 15) as usize
    }

    #[inline(always)]
    fn set_slot(&mut self, s: u8, slot: usize) {
        let i = MAILBOX[(s & 127) as usize] & 63;
        let shift = (i & 1) * 4;
        let byte = &mut self.slot[(i >> 1) as usize];
        *byte = (*byte & !(15 << shift)) | ((slot as u8 & 15) << shift);
    }

    /// The list slots of side `side`'s pieces of list kind `k` (0 pawn .. 4 queen).
    #[inline(always)]
    fn kind_range(&self, side: usize, k: usize) -> core::ops::Range<usize> {
        self.bounds[side][k] as usize..self.bounds[side][k + 1] as usize
    }

    /// Inserts a piece of list kind `k` (0 pawn .. 4 queen) of side `side` on `s`:
    /// the first piece of each later kind moves to the end of its segment to make room.
    #[inline(always)]
    fn list_insert(&mut self, side: usize, s: u8, k: usize) {
        let mut hole = self.bounds[side][5] as usize & 15;
        self.bounds[side][5] += 1;
        let mut j = 4;
        while j > k {
            let first = self.bounds[side][j] as usize & 15;
            if first != hole {
                let m = self.list[side][first];
                self.list[side][hole] = m;
                self.set_slot(m, hole);
                hole = first;
            }
            self.bounds[side][j] += 1;
            j -= 1;
        }
        self.list[side][hole] = s;
        self.set_slot(s, hole);
    }

    /// Takes the piece of list kind `k` on `s` off side `side`'s list: the last piece
    /// of its segment fills the hole, and so on for each later segment.
    #[inline(always)]
    fn list_remove(&mut self, side: usize, s: u8, k: usize) {
        let mut hole = self.slot(s);
        for j in k + 1..6 {
            let last = (self.bounds[side][j] as usize).wrapping_sub(1) & 15;
            if last != hole {
                let m = self.list[side][last];
                self.list[side][hole] = m;
                self.set_slot(m, hole);
                hole = last;
            }
            self.bounds[side][j] -= 1;
        }
    }

    /// Moves the non-king piece of side `side` in the list from `from` to `to`.
    #[inline(always)]
    fn list_move(&mut self, side: usize, from: u8, to: u8) {
        let slot = self.slot(from);
        self.list[side][slot] = to;
        self.set_slot(to, slot);
    }

    /// True when `t` is attacked by the side other than `W` in `view` (the code of a
    /// mailbox square: this board, or this board with pieces lifted or moved).
    ///
    /// The attackers come from the enemy piece lists. Pawns are looked up on their two
    /// squares; the king and knights by the square difference (unambiguous for those
    /// steps on a 10-wide board); a slider only when it shares a line of its kind with
    /// `t` (rank, file and diagonal numbers of the two squares), and then the squares
    /// between are walked. Unlike 0x88, a 10x12 difference cannot tell the line by
    /// itself (27 is three diagonal steps or two ranks and seven files).
    #[inline(always)]
    fn attacked<const W: bool>(&self, view: impl Fn(u8) -> u8 + Copy, t: u8) -> bool {
        let them = if W { 1 } else { 0 };
        let enemy = if W { BLACK } else { WHITE };
        let up: i8 = if W { 10 } else { -10 };
        if view(add(t, up - 1)) == enemy | PAWN || view(add(t, up + 1)) == enemy | PAWN {
            return true;
        }
        if king_apart(self.king[them], t) {
            return true;
        }
        let list = &self.list[them];
        for i in self.kind_range(them, 1) {
            if knight_apart(list[i & 15], t) {
                return true;
            }
        }
        for (k, ortho, diag) in [(2, false, true), (3, true, false), (4, true, true)] {
            for i in self.kind_range(them, k) {
                let a = list[i & 15];
                let step = line_step(t, a, ortho, diag);
                if step != 0 {
                    let mut x = add(t, step);
                    while x != a && view(x) == EMPTY {
                        x = add(x, step);
                    }
                    if x == a {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Generates every legal move of side `W` into `sink`.
    #[inline(always)]
    fn generate<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S) {
        let (us, them) = if W { (0, 1) } else { (1, 0) };
        let (own, enemy) = if W { (WHITE, BLACK) } else { (BLACK, WHITE) };
        let up: i8 = if W { 10 } else { -10 };
        let k = self.king[us];

        // Checkers and pins. Pawns and knights by their squares; for the sliders, a ray
        // is walked out from the king towards each enemy slider that shares a line of
        // its kind with the king (so rays with no such slider are never walked).
        let mut pins = [0i8; 16];
        let mut checkers = 0;
        let mut checker = 0u8;
        let mut check_step = 0i8;
        for d in [up - 1, up + 1] {
            let p = add(k, d);
            if self.at(p) == enemy | PAWN {
                checkers += 1;
                checker = p;
                check_step = -d;
            }
        }
        for i in self.kind_range(them, 1) {
            let a = self.list[them][i & 15];
            if knight_apart(a, k) {
                checkers += 1;
                checker = a;
                check_step = k.wrapping_sub(a) as i8;
            }
        }
        let list = &self.list[them];
        for (kind, ortho, diag) in [(2, false, true), (3, true, false), (4, true, true)] {
            for i in self.kind_range(them, kind) {
                let a = list[i & 15];
                let d = line_step(k, a, ortho, diag);
                if d == 0 {
                    continue;
                }
                let mut x = add(k, d);
                while self.at(x) == EMPTY {
                    x = add(x, d);
                }
                if x == a {
                    checkers += 1;
                    checker = a;
                    check_step = -d;
                } else if self.at(x) & own != 0 {
                    // Our piece: pinned if the slider comes next.
                    let mut y = add(x, d);
                    while self.at(y) == EMPTY {
                        y = add(y, d);
                    }
                    if y == a {
                        pins[self.slot(x)] = d;
                    }
                }
            }
        }

        if checkers == 0 {
            self.pieces::<W, false, S>(sink, &pins, &NO_CHECK);
            let safe = self.king_moves::<W, S>(sink, |x| self.at(x));
            self.castling::<W, S>(sink, safe);
        } else {
            // The king lifted, so that it does not shadow the square behind it.
            self.king_moves::<W, S>(sink, |x| if x == k { EMPTY } else { self.at(x) });
            if checkers > 1 {
                return;
            }
            let mut block = [false; 128];
            let mut x = checker;
            while x != k {
                block[(x & 127) as usize] = true;
                x = add(x, check_step);
            }
            self.pieces::<W, true, S>(sink, &pins, &block);
        }
        if self.ep != 0 {
            self.en_passant::<W, S>(sink);
        }
    }

    /// Moves of the non-king pieces, kind by kind from the piece list. With `CHECK`,
    /// targets must be in `block`.
    #[inline(always)]
    fn pieces<const W: bool, const CHECK: bool, S: SquareSink<Sq>>(
        &self,
        sink: &mut S,
        pins: &[i8; 16],
        block: &[bool; 128],
    ) {
        let us = if W { 0 } else { 1 };
        let (own, enemy) = if W { (WHITE, BLACK) } else { (BLACK, WHITE) };
        let ok = |t: u8| !CHECK || block[(t & 127) as usize];
        let list = &self.list[us];

        let fwd: i8 = if W { 10 } else { -10 };
        for i in self.kind_range(us, 0) {
            let s = list[i & 15];
            let pin = pins[i & 15];
            let last = if W { s >= 81 } else { s < 41 };
            let t = add(s, fwd);
            if (pin == 0 || pin == 10 || pin == -10) && self.at(t) == EMPTY {
                if ok(t) {
                    if last {
                        sink.promo(s, t);
                    } else {
                        sink.add(s, t);
                    }
                }
                let start = if W { s < 41 } else { s >= 81 };
                if start {
                    let t2 = add(t, fwd);
                    if self.at(t2) == EMPTY && ok(t2) {
                        sink.add(s, t2);
                    }
                }
            }
            for d in [fwd - 1, fwd + 1] {
                if pin != 0 && pin != d && pin != -d {
                    continue;
                }
                let t = add(s, d);
                let hit = (self.at(t) & enemy != 0) & ok(t);
                if last {
                    if hit {
                        sink.promo(s, t);
                    }
                } else {
                    sink.add_if(hit, s, t);
                }
            }
        }

        // A pinned knight never moves.
        let blocks = own | OFF;
        for i in self.kind_range(us, 1) {
            let s = list[i & 15];
            if pins[i & 15] != 0 {
                continue;
            }
            for d in KNIGHT_STEPS {
                let t = add(s, d);
                sink.add_if((self.at(t) & blocks == 0) & ok(t), s, t);
            }
        }

        for i in self.kind_range(us, 2) {
            self.slide::<CHECK, S>(sink, list[i & 15], pins[i & 15], &DIAGONAL, enemy, block);
        }
        for i in self.kind_range(us, 3) {
            self.slide::<CHECK, S>(sink, list[i & 15], pins[i & 15], &ORTHOGONAL, enemy, block);
        }
        for i in self.kind_range(us, 4) {
            self.slide::<CHECK, S>(sink, list[i & 15], pins[i & 15], &DIAGONAL, enemy, block);
            self.slide::<CHECK, S>(sink, list[i & 15], pins[i & 15], &ORTHOGONAL, enemy, block);
        }
    }

    /// Sliding moves from `s` along `dirs` (only along the pin line if pinned): each
    /// walk stops on the first non-empty square, a sentinel included.
    #[inline(always)]
    fn slide<const CHECK: bool, S: SquareSink<Sq>>(
        &self,
        sink: &mut S,
        s: u8,
        pin: i8,
        dirs: &[i8; 4],
        enemy: u8,
        block: &[bool; 128],
    ) {
        let ok = |t: u8| !CHECK || block[(t & 127) as usize];
        for &d in dirs {
            if pin != 0 && pin != d && pin != -d {
                continue;
            }
            let mut t = add(s, d);
            let mut c = self.at(t);
            while c == EMPTY {
                if ok(t) {
                    sink.add(s, t);
                }
                t = add(t, d);
                c = self.at(t);
            }
            if c & enemy != 0 && ok(t) {
                sink.add(s, t);
            }
        }
    }

    /// King steps to squares not attacked in `view` (the king lifted when in check).
    /// Returns whether the steps along the rank (to the a-side, to the h-side) were
    /// found safe, for castling; the two are tested first, in their own loop.
    #[inline(always)]
    fn king_moves<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S, view: impl Fn(u8) -> u8 + Copy) -> [bool; 2] {
        let us = if W { 0 } else { 1 };
        let blocks = if W { WHITE | OFF } else { BLACK | OFF };
        let k = self.king[us];
        let mut safe = [false; 2];
        for (i, d) in [-1, 1].into_iter().enumerate() {
            let t = add(k, d);
            if self.at(t) & blocks != 0 {
                continue;
            }
            if !self.attacked::<W>(view, t) {
                sink.add(k, t);
                safe[i] = true;
            }
        }
        for d in [-11, -10, -9, 9, 10, 11] {
            let t = add(k, d);
            if self.at(t) & blocks != 0 {
                continue;
            }
            if !self.attacked::<W>(view, t) {
                sink.add(k, t);
            }
        }
        safe
    }

    /// Castling moves (the side to move is not in check; `safe` tells whether the king
    /// steps along the rank were found safe, as [`Self::king_moves`] returns it).
    #[inline(always)]
    fn castling<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S, safe: [bool; 2]) {
        let us = if W { 0 } else { 1 };
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let r = self.castle[2 * us + (side == CastlingSide::Queen) as usize];
            if r != NONE {
                self.try_castle::<W, S>(sink, r, side, safe);
            }
        }
    }

    /// Castling with the rook on `r` if the squares are empty (tested here, inline)
    /// and the king's path is safe (tested out of line).
    #[inline(always)]
    fn try_castle<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S, r: u8, side: CastlingSide, safe: [bool; 2]) {
        let us = if W { 0 } else { 1 };
        let k = self.king[us];
        let base = if W { 21 } else { 91 };
        let kto = base + side.king_to_file();
        let rto = base + side.rook_to_file();
        // Every square the king or rook crosses or lands on is empty but for those two.
        // The king's and the rook's paths overlap or touch, so together they span the
        // range from the lowest to the highest of the four squares.
        let lo = k.min(kto).min(r).min(rto);
        let hi = k.max(kto).max(r).max(rto);
        let mut x = lo;
        while x <= hi {
            if x != k && x != r && self.at(x) != EMPTY {
                return;
            }
            x += 1;
        }
        if self.castle_path_safe::<W>(k, kto, r, safe) {
            sink.special(Move::castle(to64(k), to64(r)));
        }
    }

    /// True when no square from `k` to `kto` is attacked with king and rook (`r`)
    /// lifted; every square between them is empty.
    ///
    /// Every line through two squares of one rank is that rank, so lifting the king
    /// and the rook changes only attacks along the back rank. The king's path is an
    /// empty stretch of it once they are lifted, so a rank attack on any of its squares
    /// comes from the first piece beyond one of its two ends: two walks, skipping king
    /// and rook, cover the whole path. Off the rank, each square is tested on the real
    /// board: the king's own square is known safe (no check), and an empty square next
    /// to the king was already tested by the king steps (`safe`).
    #[inline(never)]
    fn castle_path_safe<const W: bool>(&self, k: u8, kto: u8, r: u8, safe: [bool; 2]) -> bool {
        let enemy = if W { BLACK } else { WHITE };
        let (lo, hi) = if k < kto { (k, kto) } else { (kto, k) };
        for (start, d) in [(lo, -1), (hi, 1)] {
            let mut y = add(start, d);
            while y == k || y == r || self.at(y) == EMPTY {
                y = add(y, d);
            }
            let c = self.at(y);
            if c == enemy | ROOK || c == enemy | QUEEN {
                return false;
            }
        }
        let mut x = lo;
        while x <= hi {
            let attacked = if x == k {
                false
            } else if x == k.wrapping_sub(1) && self.at(x) == EMPTY {
                !safe[0]
            } else if x == k + 1 && self.at(x) == EMPTY {
                !safe[1]
            } else {
                self.attacked::<W>(|y| self.at(y), x)
            };
            if attacked {
                return false;
            }
            x += 1;
        }
        true
    }

    /// En passant captures, each verified on the board as it is after the capture.
    #[inline(never)]
    fn en_passant<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S) {
        let ep = self.ep;
        let pawn = if W { WHITE | PAWN } else { BLACK | PAWN };
        let back: i8 = if W { -10 } else { 10 };
        for d in [back - 1, back + 1] {
            let from = add(ep, d);
            if self.at(from) == pawn && self.ep_legal::<W>(from, ep) {
                sink.special(Move::en_passant(to64(from), to64(ep)));
            }
        }
    }

    /// True when side `W`'s pawn on `from` may capture en passant onto `ep`: after the
    /// capture (both pawns gone from their squares), its king is not attacked.
    fn ep_legal<const W: bool>(&self, from: u8, ep: u8) -> bool {
        let us = if W { 0 } else { 1 };
        let captured = if W { ep - 10 } else { ep + 10 };
        let pawn = self.at(from);
        let after = |x: u8| {
            if x == ep {
                pawn
            } else if x == from || x == captured {
                EMPTY
            } else {
                self.at(x)
            }
        };
        !self.attacked::<W>(after, self.king[us])
    }

    /// After a double push to `to` (side to move already switched), true when the side
    /// to move has a legal en passant capture onto `ep`.
    #[cold]
    #[inline(never)]
    fn ep_available(&self, to: u8, ep: u8) -> bool {
        let white = self.turn == Color::White;
        let pawn = if white { WHITE | PAWN } else { BLACK | PAWN };
        [add(to, -1), add(to, 1)].into_iter().any(|from| {
            self.at(from) == pawn
                && if white { self.ep_legal::<true>(from, ep) } else { self.ep_legal::<false>(from, ep) }
        })
    }

    /// Removes the castling rights of side `us`; returns the key change.
    #[inline(always)]
    fn clear_rights(&mut self, us: usize) -> u64 {
        let mut key = 0;
        for i in 2 * us..2 * us + 2 {
            let r = self.castle[i];
            if r != NONE {
                key ^= zobrist::CASTLE[to64(r).index()];
                self.castle[i] = NONE;
            }
        }
        key
    }

    /// Plays `m` in place and returns the captured piece code (0 for none).
    #[inline(always)]
    fn make_in_place(&mut self, m: Move) -> u8 {
        let color = self.turn;
        let us = color.index();
        let them = us ^ 1;
        let own = if us == 0 { WHITE } else { BLACK };
        let from = to120(m.from());
        let to = to120(m.to());
        let mut key = self.zobrist ^ zobrist::SIDE;
        if self.ep != 0 {
            key ^= zobrist::EP[to64(self.ep).file() as usize];
            self.ep = 0;
        }
        self.halfmove = self.halfmove.wrapping_add(1);
        if us == 1 {
            self.fullmove = self.fullmove.wrapping_add(1);
        }
        let mut captured = EMPTY;
        let mut ep_square = 0;

        if m.is_castle() {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = if us == 0 { 21 } else { 91 };
            let kto = base + side.king_to_file();
            let rto = base + side.rook_to_file();
            self.list_move(us, to, rto);
            self.set(from, EMPTY);
            self.set(to, EMPTY);
            self.set(kto, own | KING);
            self.set(rto, own | ROOK);
            self.king[us] = kto;
            key ^= zobrist::piece(color, Role::King, to64(from).index())
                ^ zobrist::piece(color, Role::King, to64(kto).index())
                ^ zobrist::piece(color, Role::Rook, to64(to).index())
                ^ zobrist::piece(color, Role::Rook, to64(rto).index());
            key ^= self.clear_rights(us);
        } else {
            let code = self.at(from);
            let role = role_of(code);
            if m.is_en_passant() {
                let cap = if us == 0 { to - 10 } else { to + 10 };
                self.list_remove(them, cap, 0);
                self.set(cap, EMPTY);
                key ^= zobrist::piece(color.other(), Role::Pawn, to64(cap).index());
                captured = (own ^ (WHITE | BLACK)) | PAWN;
            } else {
                let c = self.at(to);
                if c != EMPTY {
                    self.list_remove(them, to, role_of(c).index());
                    key ^= zobrist::piece(color.other(), role_of(c), to64(to).index());
                    captured = c;
                    self.halfmove = 0;
                }
            }
            self.set(to, code);
            self.set(from, EMPTY);
            key ^= zobrist::piece(color, role, to64(from).index()) ^ zobrist::piece(color, role, to64(to).index());
            if role == Role::King {
                self.king[us] = to;
                key ^= self.clear_rights(us);
            } else {
                self.list_move(us, from, to);
                if role == Role::Pawn {
                    self.halfmove = 0;
                    if let Some(promo) = m.promotion_role() {
                        self.list_remove(us, to, 0);
                        self.list_insert(us, to, promo.index());
                        self.set(to, code_of(color, promo));
                        key ^= zobrist::piece(color, Role::Pawn, to64(to).index())
                            ^ zobrist::piece(color, promo, to64(to).index());
                    } else if from.abs_diff(to) == 20 {
                        ep_square = (from + to) / 2;
                    }
                }
            }
            // A right goes when its rook moves or is captured; only back-rank moves can.
            if u32::from_ne_bytes(self.castle) != u32::from_ne_bytes([NONE; 4])
                && (on_back_rank(from) || on_back_rank(to))
            {
                for i in 0..4 {
                    let r = self.castle[i];
                    if r == from || r == to {
                        key ^= zobrist::CASTLE[to64(r).index()];
                        self.castle[i] = NONE;
                    }
                }
            }
        }
        self.turn = color.other();
        if ep_square != 0 && self.ep_available(to, ep_square) {
            self.ep = ep_square;
            key ^= zobrist::EP[to64(ep_square).file() as usize];
        }
        self.zobrist = key;
        captured
    }
}

/// What [`MakeUnmake::unmake`] needs to restore a [`Mailbox`] position.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    zobrist: u64,
    halfmove: u32,
    castle: [u8; 4],
    ep: u8,
    captured: u8,
}

impl PerftNode for Mailbox {
    type Move = Move;

    #[inline]
    fn generate_moves(&self, out: &mut MoveList<Move>) {
        if self.turn == Color::White { self.generate::<true, _>(out) } else { self.generate::<false, _>(out) }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        let mut c = Counter(0);
        if self.turn == Color::White {
            self.generate::<true, _>(&mut c)
        } else {
            self.generate::<false, _>(&mut c)
        }
        c.0
    }

    #[inline(always)]
    fn apply(&mut self, mv: Move) {
        self.make_in_place(mv);
    }
}

impl MakeUnmake for Mailbox {
    type Undo = Undo;

    #[inline]
    fn make(&mut self, mv: Move) -> Undo {
        let (zobrist, halfmove, castle, ep) = (self.zobrist, self.halfmove, self.castle, self.ep);
        let captured = self.make_in_place(mv);
        Undo { zobrist, halfmove, castle, ep, captured }
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: Undo) {
        self.turn = self.turn.other();
        let us = self.turn.index();
        let them = us ^ 1;
        let own = if us == 0 { WHITE } else { BLACK };
        if us == 1 {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        let from = to120(m.from());
        let to = to120(m.to());
        if m.is_castle() {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = if us == 0 { 21 } else { 91 };
            let kto = base + side.king_to_file();
            let rto = base + side.rook_to_file();
            self.list_move(us, rto, to);
            self.set(kto, EMPTY);
            self.set(rto, EMPTY);
            self.set(from, own | KING);
            self.set(to, own | ROOK);
            self.king[us] = from;
        } else {
            let code = self.at(to);
            if let Some(promo) = m.promotion_role() {
                self.list_remove(us, to, promo.index());
                self.list_insert(us, from, 0);
                self.set(from, own | PAWN);
            } else if code & KIND == KING {
                self.king[us] = from;
                self.set(from, code);
            } else {
                self.list_move(us, to, from);
                self.set(from, code);
            }
            self.set(to, EMPTY);
            if undo.captured != EMPTY {
                let cap = if !m.is_en_passant() {
                    to
                } else if us == 0 {
                    to - 10
                } else {
                    to + 10
                };
                self.list_insert(them, cap, role_of(undo.captured).index());
                self.set(cap, undo.captured);
            }
        }
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.castle = undo.castle;
        self.ep = undo.ep;
    }
}

impl Board for Mailbox {
    const NAME: &'static str = "mailbox10x12";

    fn from_position(pos: &Position) -> Self {
        let mut b = Mailbox {
            board: EMPTY_BOARD,
            slot: [0; 32],
            list: [[0; 16]; 2],
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            bounds: [[0; 6]; 2],
            king: [0; 2],
            castle: [NONE; 4],
            ep: pos.ep.map_or(0, to120),
            turn: pos.turn,
            chess960: pos.chess960,
        };
        for i in 0..64 {
            let sq = Square::from_index(i);
            if let Some(p) = pos.piece_at(sq) {
                let s = to120(sq);
                if p.role == Role::King {
                    b.king[p.color.index()] = s;
                } else {
                    b.list_insert(p.color.index(), s, p.role.index());
                }
                b.set(s, code_of(p.color, p.role));
            }
        }
        let mut rooks = pos.castling;
        while rooks != 0 {
            let sq = Square::from_index(rooks.trailing_zeros());
            rooks &= rooks - 1;
            let color = if sq.rank() == 0 { Color::White } else { Color::Black };
            let side = CastlingSide::of(pos.king(color), sq);
            b.castle[2 * color.index() + (side == CastlingSide::Queen) as usize] = to120(sq);
        }
        b
    }

    fn to_position(&self) -> Position {
        let mut by_role = [0u64; 6];
        let mut by_color = [0u64; 2];
        for i in 0..64 {
            let sq = Square::from_index(i);
            let c = self.at(to120(sq));
            if c != EMPTY {
                by_role[role_of(c).index()] |= sq.bit();
                by_color[(c & BLACK != 0) as usize] |= sq.bit();
            }
        }
        let castling = self.castle.iter().filter(|&&r| r != NONE).fold(0, |acc, &r| acc | to64(r).bit());
        Position {
            by_role,
            by_color,
            turn: self.turn,
            castling,
            ep: if self.ep == 0 { None } else { Some(to64(self.ep)) },
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            chess960: self.chess960,
        }
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn is_check(&self) -> bool {
        if self.turn == Color::White {
            self.attacked::<true>(|x| self.at(x), self.king[0])
        } else {
            self.attacked::<false>(|x| self.at(x), self.king[1])
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.zobrist
    }
}

impl core::fmt::Debug for Mailbox {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "mailbox10x12({})", self.to_position().fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_ranks() {
        for i in 0..64 {
            assert_eq!(on_back_rank(to120(Square::from_index(i))), !(8..56).contains(&i), "{i}");
        }
    }

    #[test]
    fn size_is_232_bytes() {
        assert_eq!(core::mem::size_of::<Mailbox>(), 232);
    }

    #[test]
    fn knight_and_king_differences_are_unambiguous_and_lines_are_found() {
        for a in 0..64u32 {
            for b in 0..64u32 {
                let (sa, sb) = (Square::from_index(a), Square::from_index(b));
                let df = sa.file().abs_diff(sb.file());
                let dr = sa.rank().abs_diff(sb.rank());
                let knight = (df, dr) == (1, 2) || (df, dr) == (2, 1);
                assert_eq!(knight_apart(to120(sa), to120(sb)), knight, "{sa} {sb}");
                let king = df.max(dr) == 1;
                assert_eq!(king_apart(to120(sa), to120(sb)), king, "{sa} {sb}");
                // The line step, walked from b, reaches a.
                let step = line_step(to120(sb), to120(sa), true, true);
                let lined = df == 0 || dr == 0 || df == dr;
                if a == b {
                    continue;
                }
                assert_eq!(step != 0, lined, "{sa} {sb}");
                if lined {
                    let n = df.max(dr) as i32;
                    assert_eq!(to120(sb) as i32 + n * step as i32, to120(sa) as i32);
                }
            }
        }
    }

    #[test]
    fn square_tables_round_trip_and_borders_are_sentinels() {
        for i in 0..64 {
            let sq = Square::from_index(i);
            assert_eq!(to64(to120(sq)), sq);
        }
        assert_eq!(to120(Square::A1), 21);
        assert_eq!(to120(Square::H8), 98);
        // 56 border squares, and the 8 padding bytes past the 120.
        assert_eq!(EMPTY_BOARD[..120].iter().filter(|&&c| c == OFF).count(), 56);
        assert!(EMPTY_BOARD[120..].iter().all(|&c| c == OFF));
        // From every real square, every step lands inside the array, and a step off
        // the board lands on a sentinel.
        for i in 0..64 {
            let s = to120(Square::from_index(i));
            for d in KNIGHT_STEPS.iter().chain(&DIAGONAL).chain(&ORTHOGONAL) {
                let t = s as i32 + *d as i32;
                assert!((0..120).contains(&t));
                assert_eq!(MAILBOX[t as usize] == 0xff, EMPTY_BOARD[t as usize] == OFF);
            }
        }
    }
}
