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
//! - [`ATTACKS`]: a bit per kind of piece (white pawn, black pawn, knight, bishop, rook,
//!   queen, king) that attacks across that difference on an empty board;
//! - [`STEP`]: the unit step from the attacker towards the target (for the leapers, the
//!   whole difference, so one step arrives).
//!
//! An attack test of a square therefore runs down the enemy piece list: one table probe
//! per knight, bishop, rook and queen (and the king), and a walk over the squares in
//! between only for a slider that is lined up; pawns are looked up on their two
//! attacking squares. The same probe, run at the king, finds the checkers and the
//! pinned pieces (a lined-up enemy slider with exactly one piece between, and that
//! piece ours) with the pin direction; king steps, the castling path and en passant
//! use it for king safety.
//!
//! Each side's piece list is kept segmented by kind (pawns, knights, bishops, rooks,
//! queens, with the segment bounds), so the generator runs one loop per kind with no
//! dispatch on the piece, and the attack probe knows each piece's kind without reading
//! the board. The index table from square to list slot makes removal O(1): the last
//! piece of the segment fills the hole, then the last piece of each later segment
//! moves down one (at most five moves).
//!
//! # Move generation
//!
//! Legal moves only. Per node: checkers and pins by the difference table; then the
//! pieces of the side to move, taken from its piece list (never by scanning the
//! board). A pinned piece moves only along its pin line. In single check, non-king
//! moves must land on a square of a 128-entry "block" array (the checker and the
//! squares between it and the king); in double check only the king moves. King steps
//! are tested with the attack test (with the king lifted off the board when in check,
//! so it does not shadow the square behind it). Castling: lifting king and rook can
//! only open the back rank, so two walks from the ends of the king's path cover that,
//! and the path squares are tested on the board (next to the king, the king-step tests
//! are reused). En passant is tested on the board as it would be after the capture.
//! The generator writes into a sink: a counter at the leaves (bulk counting: nothing
//! is made), a move list elsewhere.
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
//! list:     [[u8; 16]; 2] piece lists: the 0x88 squares of each side's non-king pieces
//!                         (at most 15), white then black, segmented by kind
//! zobrist:  u64           incremental key
//! halfmove, fullmove: u32
//! bounds:   [[u8; 6]; 2]  per side, the first slot of each kind (pawn .. queen), then
//!                         the list length
//! king:     [u8; 2]       king squares (0x88), white then black
//! castle:   [u8; 4]       rook squares (0x88) keeping a castling right: white king side,
//!                         white queen side, black king side, black queen side; 0x88 = none
//! ep:       u8            en passant square (0x88), 0 = none (a1 never is one)
//! turn:     Color, chess960: bool
//! (3 bytes of padding)
//! ```
//!
//! Internal squares are 0x88 squares (`rank * 16 + file`); [`Move`] and [`Position`]
//! use 0..64, converted at the boundary (`sq64 + (sq64 & 56)` and back).

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

/// "No square": fails the 0x88 test and equals no real square.
const NONE: u8 = 0x88;

// Attack-mask bits of the difference table.
const A_WP: u8 = 1;
const A_BP: u8 = 2;
const A_N: u8 = 4;
const A_B: u8 = 8;
const A_R: u8 = 16;
const A_Q: u8 = 32;
const A_K: u8 = 64;

const KNIGHT_STEPS: [i8; 8] = [-33, -31, -18, -14, 14, 18, 31, 33];
const KING_STEPS: [i8; 8] = [-17, -16, -15, -1, 1, 15, 16, 17];
const DIAGONAL: [i8; 4] = [-17, -15, 15, 17];
const ORTHOGONAL: [i8; 4] = [-16, -1, 1, 16];

/// The two difference tables, built together.
const fn difference_tables() -> ([u8; 256], [i8; 256]) {
    let mut att = [0u8; 256];
    let mut step = [0i8; 256];
    let mut i = 0;
    while i < 8 {
        let d = KNIGHT_STEPS[i];
        att[(d as i32 + 119) as usize] |= A_N;
        step[(d as i32 + 119) as usize] = d;
        let d = KING_STEPS[i];
        att[(d as i32 + 119) as usize] |= A_K;
        step[(d as i32 + 119) as usize] = d;
        i += 1;
    }
    att[(15 + 119) as usize] |= A_WP;
    att[(17 + 119) as usize] |= A_WP;
    att[(119 - 15) as usize] |= A_BP;
    att[(119 - 17) as usize] |= A_BP;
    let mut j = 0;
    while j < 4 {
        let mut n = 1;
        while n <= 7 {
            let d = DIAGONAL[j] as i32 * n;
            att[(d + 119) as usize] |= A_B | A_Q;
            step[(d + 119) as usize] = DIAGONAL[j];
            let d = ORTHOGONAL[j] as i32 * n;
            att[(d + 119) as usize] |= A_R | A_Q;
            step[(d + 119) as usize] = ORTHOGONAL[j];
            n += 1;
        }
        j += 1;
    }
    (att, step)
}

const TABLES: ([u8; 256], [i8; 256]) = difference_tables();

/// Which kinds attack across a difference: index `target - attacker + 119`; bits
/// 1 white pawn, 2 black pawn, 4 knight, 8 bishop, 16 rook, 32 queen, 64 king.
pub static ATTACKS: [u8; 256] = TABLES.0;

/// The unit step from attacker to target for the same index (the whole difference for
/// a knight), 0 where no piece attacks.
pub static STEP: [i8; 256] = TABLES.1;

/// The difference-table index of `attacker` and `target` (both on the board).
#[inline(always)]
fn diff(attacker: u8, target: u8) -> usize {
    (target as usize).wrapping_add(119).wrapping_sub(attacker as usize) & 255
}

#[inline(always)]
fn offboard(s: u8) -> bool {
    s & 0x88 != 0
}

#[inline(always)]
fn add(s: u8, d: i8) -> u8 {
    s.wrapping_add(d as u8)
}

#[inline(always)]
const fn to88(sq: Square) -> u8 {
    let i = sq.index() as u8;
    i + (i & 56)
}

#[inline(always)]
const fn to64(s: u8) -> Square {
    Square::from_index(((s + (s & 7)) >> 1) as u32)
}

/// True on rank 1 or rank 8, where castling rooks stand.
#[inline(always)]
fn on_back_rank(s: u8) -> bool {
    (s >> 4).wrapping_sub(1) >= 6
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

/// The 0x88 board with piece lists: the `x88` representation.
#[derive(Clone, Copy)]
pub struct X88 {
    board: [u8; 128],
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

/// What a lined-up enemy piece does to the king.
enum Line {
    /// Nothing (not lined up, or two or more pieces between).
    Nothing,
    /// It gives check; the step leads from it towards the king.
    Check(i8),
    /// It pins our piece on the square; the step is the pin line.
    Pin(u8, i8),
}

impl X88 {
    /// The piece code on an on-board square.
    #[inline(always)]
    fn at(&self, s: u8) -> u8 {
        self.board[(s & 127) as usize]
    }

    #[inline(always)]
    fn set(&mut self, s: u8, code: u8) {
        self.board[(s & 127) as usize] = code;
    }

    /// The piece-list slot of the non-king piece on `s` (kept in the right half).
    #[inline(always)]
    fn slot(&self, s: u8) -> usize {
        (self.board[((s | 8) & 127) as usize] & 15) as usize
    }

    #[inline(always)]
    fn set_slot(&mut self, s: u8, slot: usize) {
        self.board[((s | 8) & 127) as usize] = slot as u8;
    }

    /// The squares of side `side`'s pieces of list kind `k` (0 pawn .. 4 queen), as
    /// a range of list slots.
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

    /// True when no piece stands strictly between `a` and `t` in `view`, walking by `step`.
    #[inline(always)]
    fn clear(view: impl Fn(u8) -> u8, a: u8, t: u8, step: i8) -> bool {
        let mut x = add(a, step);
        while x != t && view(x) == EMPTY {
            x = add(x, step);
        }
        x == t
    }

    /// True when `t` is attacked by the side other than `W` in `view`, which gives the
    /// piece code of an on-board square: this position's board, or the board with
    /// pieces lifted or moved (for king safety and en passant), without copying it.
    /// Pawns are found in `view` by their two attacking squares; the other pieces come
    /// from the piece lists, one difference-table probe each (a piece gone from the
    /// view can only be a pawn or the king's own side).
    #[inline(always)]
    fn attacked<const W: bool>(&self, view: impl Fn(u8) -> u8 + Copy, t: u8) -> bool {
        let them = if W { 1 } else { 0 };
        let (pawn, up) = if W { (BLACK | PAWN, 16) } else { (WHITE | PAWN, -16) };
        for d in [up - 1, up + 1] {
            let p = add(t, d);
            if !offboard(p) && view(p) == pawn {
                return true;
            }
        }
        if ATTACKS[diff(self.king[them], t)] & A_K != 0 {
            return true;
        }
        let list = &self.list[them];
        for i in self.kind_range(them, 1) {
            if ATTACKS[diff(list[i & 15], t)] & A_N != 0 {
                return true;
            }
        }
        for (k, bit) in [(2, A_B), (3, A_R), (4, A_Q)] {
            for i in self.kind_range(them, k) {
                let a = list[i & 15];
                let j = diff(a, t);
                if ATTACKS[j] & bit != 0 && Self::clear(view, a, t, STEP[j]) {
                    return true;
                }
            }
        }
        false
    }

    /// The effect on the king `k` of an enemy slider on `a` of attack bit `bit`.
    #[inline(always)]
    fn line_to_king(&self, a: u8, k: u8, bit: u8) -> Line {
        let i = diff(a, k);
        if ATTACKS[i] & bit == 0 {
            return Line::Nothing;
        }
        let step = STEP[i];
        let mut x = add(a, step);
        while x != k {
            if self.at(x) != EMPTY {
                // The first piece: is it alone before the king?
                let blocker = x;
                x = add(x, step);
                while x != k {
                    if self.at(x) != EMPTY {
                        return Line::Nothing;
                    }
                    x = add(x, step);
                }
                return Line::Pin(blocker, step);
            }
            x = add(x, step);
        }
        Line::Check(step)
    }

    /// Generates every legal move of side `W` into `sink`.
    #[inline(always)]
    fn generate<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S) {
        let (us, them) = if W { (0, 1) } else { (1, 0) };
        let (own, pawn_them, up) = if W { (WHITE, BLACK | PAWN, 16) } else { (BLACK, WHITE | PAWN, -16) };
        let k = self.king[us];

        // Checkers (pawns on the board, the rest by the difference table) and pins.
        let mut pins = [0i8; 16];
        let mut checkers = 0;
        let mut checker = 0u8;
        let mut check_step = 0i8;
        for d in [up - 1, up + 1] {
            let p = add(k, d);
            if !offboard(p) && self.at(p) == pawn_them {
                checkers += 1;
                checker = p;
                check_step = -d;
            }
        }
        let list = &self.list[them];
        for i in self.kind_range(them, 1) {
            let a = list[i & 15];
            let j = diff(a, k);
            if ATTACKS[j] & A_N != 0 {
                checkers += 1;
                checker = a;
                check_step = STEP[j];
            }
        }
        for (kind, bit) in [(2, A_B), (3, A_R), (4, A_Q)] {
            for i in self.kind_range(them, kind) {
                let a = list[i & 15];
                match self.line_to_king(a, k, bit) {
                    Line::Nothing => {}
                    Line::Check(step) => {
                        checkers += 1;
                        checker = a;
                        check_step = step;
                    }
                    Line::Pin(blocker, step) => {
                        if self.at(blocker) & own != 0 {
                            pins[self.slot(blocker)] = step;
                        }
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

        let fwd: i8 = if W { 16 } else { -16 };
        for i in self.kind_range(us, 0) {
            let s = list[i & 15];
            let pin = pins[i & 15];
            let last = if W { s >= 0x60 } else { s < 0x20 };
            let t = add(s, fwd);
            if (pin == 0 || pin == 16 || pin == -16) && self.at(t) == EMPTY {
                if ok(t) {
                    if last {
                        sink.promo(s, t);
                    } else {
                        sink.add(s, t);
                    }
                }
                let start = if W { s < 0x20 } else { s >= 0x60 };
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
                // Evaluated without branches (the masked read past the edge is
                // discarded), so that a counter adds the capture branch-free.
                let t = add(s, d);
                let hit = !offboard(t) & (self.at(t) & enemy != 0) & ok(t);
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
        for i in self.kind_range(us, 1) {
            let s = list[i & 15];
            if pins[i & 15] != 0 {
                continue;
            }
            for d in KNIGHT_STEPS {
                let t = add(s, d);
                sink.add_if(!offboard(t) & (self.at(t) & own == 0) & ok(t), s, t);
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

    /// Sliding moves from `s` along `dirs` (only along the pin line if pinned).
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
            while !offboard(t) {
                let c = self.at(t);
                if c == EMPTY {
                    if ok(t) {
                        sink.add(s, t);
                    }
                    t = add(t, d);
                    continue;
                }
                if c & enemy != 0 && ok(t) {
                    sink.add(s, t);
                }
                break;
            }
        }
    }

    /// King steps to squares not attacked in `view` (the king lifted when in check).
    /// Returns whether the steps along the rank (to the a-side, to the h-side) were
    /// found safe, for castling; the two are tested first, in their own loop.
    #[inline(always)]
    fn king_moves<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S, view: impl Fn(u8) -> u8 + Copy) -> [bool; 2] {
        let us = if W { 0 } else { 1 };
        let own = if W { WHITE } else { BLACK };
        let k = self.king[us];
        let mut safe = [false; 2];
        for (i, d) in [-1, 1].into_iter().enumerate() {
            let t = add(k, d);
            if offboard(t) || self.at(t) & own != 0 {
                continue;
            }
            if !self.attacked::<W>(view, t) {
                sink.add(k, t);
                safe[i] = true;
            }
        }
        for d in [-17, -16, -15, 15, 16, 17] {
            let t = add(k, d);
            if offboard(t) || self.at(t) & own != 0 {
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
        let base = k & 0x70;
        let kto = base | side.king_to_file();
        let rto = base | side.rook_to_file();
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
            while !offboard(y) && (y == k || y == r || self.at(y) == EMPTY) {
                y = add(y, d);
            }
            if !offboard(y) && (self.at(y) == enemy | ROOK || self.at(y) == enemy | QUEEN) {
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
        let back: i8 = if W { -16 } else { 16 };
        for d in [back - 1, back + 1] {
            let from = add(ep, d);
            if !offboard(from) && self.at(from) == pawn && self.ep_legal::<W>(from, ep) {
                sink.special(Move::en_passant(to64(from), to64(ep)));
            }
        }
    }

    /// True when side `W`'s pawn on `from` may capture en passant onto `ep`: after the
    /// capture (both pawns gone from their squares), its king is not attacked.
    fn ep_legal<const W: bool>(&self, from: u8, ep: u8) -> bool {
        let us = if W { 0 } else { 1 };
        let captured = ep ^ 0x10;
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
            !offboard(from)
                && self.at(from) == pawn
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
        let from = to88(m.from());
        let to = to88(m.to());
        let mut key = self.zobrist ^ zobrist::SIDE;
        if self.ep != 0 {
            key ^= zobrist::EP[(self.ep & 7) as usize];
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
            let base = from & 0x70;
            let kto = base | side.king_to_file();
            let rto = base | side.rook_to_file();
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
                let cap = to ^ 0x10;
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
                    } else if from ^ to == 0x20 {
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
            key ^= zobrist::EP[(ep_square & 7) as usize];
        }
        self.zobrist = key;
        captured
    }
}

/// What [`MakeUnmake::unmake`] needs to restore an [`X88`] position.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    zobrist: u64,
    halfmove: u32,
    castle: [u8; 4],
    ep: u8,
    captured: u8,
}

impl PerftNode for X88 {
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

impl MakeUnmake for X88 {
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
        let from = to88(m.from());
        let to = to88(m.to());
        if m.is_castle() {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = from & 0x70;
            let kto = base | side.king_to_file();
            let rto = base | side.rook_to_file();
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
                let cap = if m.is_en_passant() { to ^ 0x10 } else { to };
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

impl Board for X88 {
    const NAME: &'static str = "x88";

    fn from_position(pos: &Position) -> Self {
        let mut b = X88 {
            board: [EMPTY; 128],
            list: [[0; 16]; 2],
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            bounds: [[0; 6]; 2],
            king: [0; 2],
            castle: [NONE; 4],
            ep: pos.ep.map_or(0, to88),
            turn: pos.turn,
            chess960: pos.chess960,
        };
        for i in 0..64 {
            let sq = Square::from_index(i);
            if let Some(p) = pos.piece_at(sq) {
                let s = to88(sq);
                let code = code_of(p.color, p.role);
                if p.role == Role::King {
                    b.king[p.color.index()] = s;
                    b.set(s, code);
                } else {
                    b.list_insert(p.color.index(), s, p.role.index());
                    b.set(s, code);
                }
            }
        }
        let mut rooks = pos.castling;
        while rooks != 0 {
            let sq = Square::from_index(rooks.trailing_zeros());
            rooks &= rooks - 1;
            let color = if sq.rank() == 0 { Color::White } else { Color::Black };
            let side = CastlingSide::of(pos.king(color), sq);
            b.castle[2 * color.index() + (side == CastlingSide::Queen) as usize] = to88(sq);
        }
        b
    }

    fn to_position(&self) -> Position {
        let mut by_role = [0u64; 6];
        let mut by_color = [0u64; 2];
        for i in 0..64 {
            let sq = Square::from_index(i);
            let c = self.at(to88(sq));
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

impl core::fmt::Debug for X88 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "x88({})", self.to_position().fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_ranks() {
        for i in 0..64 {
            assert_eq!(on_back_rank(to88(Square::from_index(i))), !(8..56).contains(&i), "{i}");
        }
    }

    #[test]
    fn size_is_200_bytes() {
        assert_eq!(core::mem::size_of::<X88>(), 200);
    }

    #[test]
    fn square_conversion_round_trips() {
        for i in 0..64 {
            let sq = Square::from_index(i);
            let s = to88(sq);
            assert!(!offboard(s));
            assert_eq!(to64(s), sq);
        }
    }

    #[test]
    fn difference_table_geometry() {
        let e4 = to88(Square::parse("e4").unwrap());
        let at = |name: &str| to88(Square::parse(name).unwrap());
        // A rook on e8 attacks e4 along the file, stepping down.
        assert_eq!(ATTACKS[diff(at("e8"), e4)] & (A_R | A_Q), A_R | A_Q);
        assert_eq!(STEP[diff(at("e8"), e4)], -16);
        // a8-h1 diagonal: b7 to e4 steps by -15.
        assert_eq!(ATTACKS[diff(at("b7"), e4)] & A_B, A_B);
        assert_eq!(STEP[diff(at("b7"), e4)], -15);
        // Knight f6 -> e4; white pawn d3 -> e4; black pawn d5 -> e4.
        assert_eq!(ATTACKS[diff(at("f6"), e4)], A_N);
        assert_ne!(ATTACKS[diff(at("d3"), e4)] & A_WP, 0);
        assert_ne!(ATTACKS[diff(at("d5"), e4)] & A_BP, 0);
        assert_eq!(ATTACKS[diff(at("d5"), e4)] & A_WP, 0);
        // Not lined up: a1 -> b3 (a knight move), a1 -> c4 (nothing).
        assert_eq!(ATTACKS[diff(at("a1"), at("b3"))], A_N);
        assert_eq!(ATTACKS[diff(at("a1"), at("c4"))], 0);
        // The extreme differences (a1-h8 both ways) stay inside the table.
        assert_eq!(diff(at("a1"), at("h8")), 238);
        assert_eq!(diff(at("h8"), at("a1")), 0);
        assert_ne!(ATTACKS[238] & A_B, 0);
        assert_ne!(ATTACKS[0] & A_B, 0);
    }
}
