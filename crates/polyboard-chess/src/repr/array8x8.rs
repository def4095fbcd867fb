//! `array8x8`: a 64-element array of pieces, the survey's naive baseline.
//!
//! # Technique
//!
//! The board is a plain array of 64 piece codes, a1 = 0 ... h8 = 63, as in the
//! survey's "8x8 two-dimensional array (or, equivalently, a 64 element one-dimensional
//! array)". There is nothing around the board: every step of every piece works on a
//! (file, rank) pair and checks that both are still in 0..8 before it looks at the
//! array ("each move has to be checked to ensure it is on the board"). There are no
//! piece lists either: the generator finds the pieces of the side to move by scanning
//! the 64 squares. Only the two king squares are kept in fields.
//!
//! It is the floor the other representations are measured against, so it is written
//! to be fair, not slow: the same legal, counting generator as the others.
//!
//! # Move generation
//!
//! Legal moves only. Per node: the eight rays are walked out from the king (each step
//! bounds-checked); the first piece on a ray gives check if it is an enemy slider of
//! that ray's kind, and if it is our own, the walk goes on and an enemy slider of the
//! right kind behind it pins it (the pin direction is recorded for its square). Knight
//! and pawn checks are read off the squares around the king. Then the 64 squares are
//! scanned for our pieces and only legal moves are produced: a pinned piece moves only
//! along its pin line; in single check, non-king moves must land on the checker or
//! between it and the king; in double check only the king moves. King steps, the
//! castling path and en passant use an attack test that walks the rays out from the
//! target square (on a copy of the board with the king, or king and rook, lifted,
//! or with the en passant capture played). At the leaves the generator only counts
//! (bulk counting): nothing is made.
//!
//! # Layout (96 bytes)
//!
//! ```text
//! board:    [u8; 64]      square a1 = 0 ... h8 = 63. Per square: 0 empty, else colour | kind:
//!                           bits 0-2 kind: 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king
//!                           bit 3 white (8), bit 4 black (16)
//! zobrist:  u64           incremental key
//! halfmove, fullmove: u32
//! king:     [u8; 2]       king squares, white then black
//! castle:   [u8; 4]       rook squares keeping a castling right: white king side, white
//!                         queen side, black king side, black queen side; 0xff = none
//! ep:       u8            en passant square, 0 = none (a1 never is one)
//! turn:     Color, chess960: bool
//! (7 bytes of padding)
//! ```

use super::sink::{Coords, Counter, SquareSink};
use crate::board::Board;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Move, Role, Square};
use crate::zobrist;
use polyboard_core::MoveList;
use polyboard_core::perft::{MakeUnmake, PerftNode};

const EMPTY: u8 = 0;
const PAWN: u8 = 1;
const KNIGHT: u8 = 2;
const BISHOP: u8 = 3;
const ROOK: u8 = 4;
const QUEEN: u8 = 5;
const KING: u8 = 6;
const KIND: u8 = 7;
const WHITE: u8 = 8;
const BLACK: u8 = 16;

/// "No square" for castling rights.
const NONE: u8 = 0xff;

/// The eight directions as (file step, rank step): north first, then clockwise. The
/// even ones are orthogonal, the odd ones diagonal; direction `i + 4` is the opposite
/// of `i`.
const DIRS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// The square one step of (`df`, `dr`) from `s`, if it is on the board: the file and
/// rank bounds test every step of this representation makes.
#[inline(always)]
fn step(s: u8, df: i8, dr: i8) -> Option<u8> {
    let f = (s & 7).wrapping_add(df as u8);
    let r = (s >> 3).wrapping_add(dr as u8);
    if f < 8 && r < 8 { Some(r * 8 + f) } else { None }
}

/// True on rank 1 or rank 8, where castling rooks stand.
#[inline(always)]
fn on_back_rank(s: u8) -> bool {
    s.wrapping_sub(8) >= 48
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

#[inline(always)]
fn sq(s: u8) -> Square {
    Square::from_index(s as u32)
}

/// The 64-square array: the `array8x8` representation.
#[derive(Clone, Copy)]
pub struct Array8x8 {
    board: [u8; 64],
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
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
        sq(s)
    }
}

/// All `true`: the block array when not in check (never read then).
static NO_CHECK: [bool; 64] = [true; 64];

/// True when a pinned piece (pin = 1 + ray index, 0 = not pinned) may move in
/// direction `dir`: along its pin line, either way.
#[inline(always)]
fn pin_allows(pin: u8, dir: usize) -> bool {
    pin == 0 || (pin as usize - 1) % 4 == dir % 4
}

impl Array8x8 {
    #[inline(always)]
    fn at(&self, s: u8) -> u8 {
        self.board[(s & 63) as usize]
    }

    #[inline(always)]
    fn set(&mut self, s: u8, code: u8) {
        self.board[(s & 63) as usize] = code;
    }

    /// True when `t` is attacked by the side other than `W` on `board`: the rays,
    /// knight squares and pawn squares around `t` are looked at, every step checked
    /// against the board edge.
    fn attacked<const W: bool>(board: &[u8; 64], t: u8) -> bool {
        let enemy = if W { BLACK } else { WHITE };
        let at = |s: u8| board[(s & 63) as usize];
        let up: i8 = if W { 1 } else { -1 };
        for df in [-1, 1] {
            if let Some(p) = step(t, df, up)
                && at(p) == enemy | PAWN
            {
                return true;
            }
        }
        for (df, dr) in KNIGHT_STEPS {
            if let Some(p) = step(t, df, dr)
                && at(p) == enemy | KNIGHT
            {
                return true;
            }
        }
        for (i, (df, dr)) in DIRS.into_iter().enumerate() {
            let slider = if i % 2 == 0 { ROOK } else { BISHOP };
            let mut s = t;
            let mut first = true;
            while let Some(x) = step(s, df, dr) {
                let c = at(x);
                if c != EMPTY {
                    if c == enemy | slider || c == enemy | QUEEN || (first && c == enemy | KING) {
                        return true;
                    }
                    break;
                }
                s = x;
                first = false;
            }
        }
        false
    }

    /// Generates every legal move of side `W` into `sink`.
    #[inline(always)]
    fn generate<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S) {
        let us = if W { 0 } else { 1 };
        let (own, enemy) = if W { (WHITE, BLACK) } else { (BLACK, WHITE) };
        let k = self.king[us];

        // Checkers and pins: walk the rays out from the king.
        let mut pins = [0u8; 64];
        let mut checkers = 0;
        let mut checker = 0u8;
        let mut check_dir = (0i8, 0i8);
        let up: i8 = if W { 1 } else { -1 };
        for df in [-1, 1] {
            if let Some(p) = step(k, df, up)
                && self.at(p) == enemy | PAWN
            {
                checkers += 1;
                checker = p;
            }
        }
        for (df, dr) in KNIGHT_STEPS {
            if let Some(p) = step(k, df, dr)
                && self.at(p) == enemy | KNIGHT
            {
                checkers += 1;
                checker = p;
            }
        }
        for (i, (df, dr)) in DIRS.into_iter().enumerate() {
            let slider = if i % 2 == 0 { ROOK } else { BISHOP };
            let mut s = k;
            let mut ours = None;
            while let Some(x) = step(s, df, dr) {
                s = x;
                let c = self.at(x);
                if c == EMPTY {
                    continue;
                }
                let attacker = c == enemy | slider || c == enemy | QUEEN;
                match ours {
                    None if c & own != 0 => ours = Some(x),
                    None => {
                        if attacker {
                            checkers += 1;
                            checker = x;
                            check_dir = (-df, -dr);
                        }
                        break;
                    }
                    Some(p) => {
                        if attacker {
                            pins[(p & 63) as usize] = i as u8 + 1;
                        }
                        break;
                    }
                }
            }
        }

        if checkers == 0 {
            self.pieces::<W, false, S>(sink, &pins, &NO_CHECK);
            self.king_moves::<W, S>(sink, &self.board);
            self.castling::<W, S>(sink);
        } else {
            let mut lifted = self.board;
            lifted[(k & 63) as usize] = EMPTY;
            self.king_moves::<W, S>(sink, &lifted);
            if checkers > 1 {
                return;
            }
            // The checker and, for a slider, the squares between it and the king.
            let mut block = [false; 64];
            block[(checker & 63) as usize] = true;
            if check_dir != (0, 0) {
                let mut x = checker;
                while let Some(y) = step(x, check_dir.0, check_dir.1)
                    && y != k
                {
                    block[(y & 63) as usize] = true;
                    x = y;
                }
            }
            self.pieces::<W, true, S>(sink, &pins, &block);
        }
        if self.ep != 0 {
            self.en_passant::<W, S>(sink);
        }
    }

    /// Moves of the non-king pieces, found by scanning the 64 squares. With `CHECK`,
    /// targets must be in `block`.
    #[inline(always)]
    fn pieces<const W: bool, const CHECK: bool, S: SquareSink<Sq>>(
        &self,
        sink: &mut S,
        pins: &[u8; 64],
        block: &[bool; 64],
    ) {
        let (own, enemy) = if W { (WHITE, BLACK) } else { (BLACK, WHITE) };
        let ok = |t: u8| !CHECK || block[(t & 63) as usize];
        for s in 0..64u8 {
            let c = self.at(s);
            if c & own == 0 {
                continue;
            }
            let pin = pins[s as usize];
            match c & KIND {
                PAWN => self.pawn::<W, CHECK, S>(sink, s, pin, block),
                KNIGHT => {
                    if pin != 0 {
                        continue;
                    }
                    for (df, dr) in KNIGHT_STEPS {
                        if let Some(t) = step(s, df, dr) {
                            sink.add_if((self.at(t) & own == 0) & ok(t), s, t);
                        }
                    }
                }
                BISHOP => self.slide::<CHECK, S>(sink, s, pin, 1, enemy, block),
                ROOK => self.slide::<CHECK, S>(sink, s, pin, 0, enemy, block),
                QUEEN => {
                    self.slide::<CHECK, S>(sink, s, pin, 0, enemy, block);
                    self.slide::<CHECK, S>(sink, s, pin, 1, enemy, block);
                }
                _ => {}
            }
        }
    }

    /// Pawn moves from `s`.
    #[inline(always)]
    fn pawn<const W: bool, const CHECK: bool, S: SquareSink<Sq>>(
        &self,
        sink: &mut S,
        s: u8,
        pin: u8,
        block: &[bool; 64],
    ) {
        let enemy = if W { BLACK } else { WHITE };
        let ok = |t: u8| !CHECK || block[(t & 63) as usize];
        let (up, push_dir, start_rank, last_rank) = if W { (1, 0, 1, 6) } else { (-1, 4, 6, 1) };
        let last = s >> 3 == last_rank;
        if pin_allows(pin, push_dir)
            && let Some(t) = step(s, 0, up)
            && self.at(t) == EMPTY
        {
            if ok(t) {
                if last {
                    sink.promo(s, t);
                } else {
                    sink.add(s, t);
                }
            }
            if s >> 3 == start_rank
                && let Some(t2) = step(t, 0, up)
                && self.at(t2) == EMPTY
                && ok(t2)
            {
                sink.add(s, t2);
            }
        }
        // Captures towards the a-file and the h-file, and their ray indices.
        let dirs = if W { [(-1, 7), (1, 1)] } else { [(-1, 5), (1, 3)] };
        for (df, dir) in dirs {
            if pin_allows(pin, dir)
                && let Some(t) = step(s, df, up)
            {
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
    }

    /// Sliding moves from `s` along the rays of parity `parity` (0 orthogonal, 1
    /// diagonal), only along the pin line if pinned.
    #[inline(always)]
    fn slide<const CHECK: bool, S: SquareSink<Sq>>(
        &self,
        sink: &mut S,
        s: u8,
        pin: u8,
        parity: usize,
        enemy: u8,
        block: &[bool; 64],
    ) {
        let ok = |t: u8| !CHECK || block[(t & 63) as usize];
        for i in (parity..8).step_by(2) {
            if !pin_allows(pin, i) {
                continue;
            }
            let (df, dr) = DIRS[i];
            let mut x = s;
            while let Some(t) = step(x, df, dr) {
                let c = self.at(t);
                if c == EMPTY {
                    if ok(t) {
                        sink.add(s, t);
                    }
                    x = t;
                    continue;
                }
                if c & enemy != 0 && ok(t) {
                    sink.add(s, t);
                }
                break;
            }
        }
    }

    /// King steps to squares not attacked on `board` (the king lifted when in check).
    #[inline(always)]
    fn king_moves<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S, board: &[u8; 64]) {
        let us = if W { 0 } else { 1 };
        let own = if W { WHITE } else { BLACK };
        let k = self.king[us];
        for (df, dr) in DIRS {
            if let Some(t) = step(k, df, dr)
                && self.at(t) & own == 0
                && !Self::attacked::<W>(board, t)
            {
                sink.add(k, t);
            }
        }
    }

    /// Castling moves (the side to move is not in check).
    #[inline(always)]
    fn castling<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S) {
        let us = if W { 0 } else { 1 };
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let r = self.castle[2 * us + (side == CastlingSide::Queen) as usize];
            if r != NONE {
                self.try_castle::<W, S>(sink, r, side);
            }
        }
    }

    /// Castling with the rook on `r`: every square the king or rook crosses or lands
    /// on is empty but for those two, and no square of the king's path is attacked
    /// with both lifted off the board.
    #[inline(always)]
    fn try_castle<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S, r: u8, side: CastlingSide) {
        let us = if W { 0 } else { 1 };
        let k = self.king[us];
        let base = k & 56;
        let kto = base | side.king_to_file();
        let rto = base | side.rook_to_file();
        // The king's and the rook's paths overlap or touch, so together they span the
        // range from the lowest to the highest of the four squares.
        let lo = k.min(kto).min(r).min(rto);
        let hi = k.max(kto).max(r).max(rto);
        for x in lo..=hi {
            if x != k && x != r && self.at(x) != EMPTY {
                return;
            }
        }
        if self.castle_path_safe::<W>(k, kto, r) {
            sink.special(Move::castle(sq(k), sq(r)));
        }
    }

    #[inline(never)]
    fn castle_path_safe<const W: bool>(&self, k: u8, kto: u8, r: u8) -> bool {
        let mut lifted = self.board;
        lifted[(k & 63) as usize] = EMPTY;
        lifted[(r & 63) as usize] = EMPTY;
        let (lo, hi) = if k < kto { (k, kto) } else { (kto, k) };
        (lo..=hi).all(|x| !Self::attacked::<W>(&lifted, x))
    }

    /// En passant captures, each verified on a copy of the board with the capture played.
    #[inline(never)]
    fn en_passant<const W: bool, S: SquareSink<Sq>>(&self, sink: &mut S) {
        let ep = self.ep;
        let pawn = if W { WHITE | PAWN } else { BLACK | PAWN };
        let back: i8 = if W { -1 } else { 1 };
        for df in [-1, 1] {
            if let Some(from) = step(ep, df, back)
                && self.at(from) == pawn
                && self.ep_legal::<W>(from, ep)
            {
                sink.special(Move::en_passant(sq(from), sq(ep)));
            }
        }
    }

    /// True when side `W`'s pawn on `from` may capture en passant onto `ep`: after the
    /// capture (both pawns gone from their squares), its king is not attacked.
    fn ep_legal<const W: bool>(&self, from: u8, ep: u8) -> bool {
        let us = if W { 0 } else { 1 };
        let captured = ep ^ 8;
        let mut b = self.board;
        b[(ep & 63) as usize] = b[(from & 63) as usize];
        b[(from & 63) as usize] = EMPTY;
        b[(captured & 63) as usize] = EMPTY;
        !Self::attacked::<W>(&b, self.king[us])
    }

    /// After a double push to `to` (side to move already switched), true when the side
    /// to move has a legal en passant capture onto `ep`.
    #[cold]
    #[inline(never)]
    fn ep_available(&self, to: u8, ep: u8) -> bool {
        let white = self.turn == Color::White;
        let pawn = if white { WHITE | PAWN } else { BLACK | PAWN };
        [-1, 1].into_iter().filter_map(|df| step(to, df, 0)).any(|from| {
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
                key ^= zobrist::CASTLE[(r & 63) as usize];
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
        let own = if us == 0 { WHITE } else { BLACK };
        let from = m.from().index() as u8;
        let to = m.to().index() as u8;
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
            let base = from & 56;
            let kto = base | side.king_to_file();
            let rto = base | side.rook_to_file();
            self.set(from, EMPTY);
            self.set(to, EMPTY);
            self.set(kto, own | KING);
            self.set(rto, own | ROOK);
            self.king[us] = kto;
            key ^= zobrist::piece(color, Role::King, from as usize)
                ^ zobrist::piece(color, Role::King, kto as usize)
                ^ zobrist::piece(color, Role::Rook, to as usize)
                ^ zobrist::piece(color, Role::Rook, rto as usize);
            key ^= self.clear_rights(us);
        } else {
            let code = self.at(from);
            let role = role_of(code);
            if m.is_en_passant() {
                let cap = to ^ 8;
                self.set(cap, EMPTY);
                key ^= zobrist::piece(color.other(), Role::Pawn, cap as usize);
                captured = (own ^ (WHITE | BLACK)) | PAWN;
            } else {
                let c = self.at(to);
                if c != EMPTY {
                    key ^= zobrist::piece(color.other(), role_of(c), to as usize);
                    captured = c;
                    self.halfmove = 0;
                }
            }
            self.set(to, code);
            self.set(from, EMPTY);
            key ^= zobrist::piece(color, role, from as usize) ^ zobrist::piece(color, role, to as usize);
            if role == Role::King {
                self.king[us] = to;
                key ^= self.clear_rights(us);
            } else if role == Role::Pawn {
                self.halfmove = 0;
                if let Some(promo) = m.promotion_role() {
                    self.set(to, code_of(color, promo));
                    key ^= zobrist::piece(color, Role::Pawn, to as usize) ^ zobrist::piece(color, promo, to as usize);
                } else if from ^ to == 16 {
                    ep_square = (from + to) / 2;
                }
            }
            // A right goes when its rook moves or is captured; only back-rank moves can.
            if u32::from_ne_bytes(self.castle) != u32::from_ne_bytes([NONE; 4])
                && (on_back_rank(from) || on_back_rank(to))
            {
                for i in 0..4 {
                    let r = self.castle[i];
                    if r == from || r == to {
                        key ^= zobrist::CASTLE[(r & 63) as usize];
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

/// What [`MakeUnmake::unmake`] needs to restore an [`Array8x8`] position.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    zobrist: u64,
    halfmove: u32,
    castle: [u8; 4],
    ep: u8,
    captured: u8,
}

impl PerftNode for Array8x8 {
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

impl MakeUnmake for Array8x8 {
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
        let own = if us == 0 { WHITE } else { BLACK };
        if us == 1 {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        let from = m.from().index() as u8;
        let to = m.to().index() as u8;
        if m.is_castle() {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = from & 56;
            self.set(base | side.king_to_file(), EMPTY);
            self.set(base | side.rook_to_file(), EMPTY);
            self.set(from, own | KING);
            self.set(to, own | ROOK);
            self.king[us] = from;
        } else {
            let code = if m.promotion_role().is_some() { own | PAWN } else { self.at(to) };
            if code & KIND == KING {
                self.king[us] = from;
            }
            self.set(from, code);
            self.set(to, EMPTY);
            if undo.captured != EMPTY {
                let cap = if m.is_en_passant() { to ^ 8 } else { to };
                self.set(cap, undo.captured);
            }
        }
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.castle = undo.castle;
        self.ep = undo.ep;
    }
}

impl Board for Array8x8 {
    const NAME: &'static str = "array8x8";

    fn from_position(pos: &Position) -> Self {
        let mut b = Array8x8 {
            board: [EMPTY; 64],
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            king: [0; 2],
            castle: [NONE; 4],
            ep: pos.ep.map_or(0, |s| s.index() as u8),
            turn: pos.turn,
            chess960: pos.chess960,
        };
        for i in 0..64u8 {
            if let Some(p) = pos.piece_at(sq(i)) {
                b.set(i, code_of(p.color, p.role));
                if p.role == Role::King {
                    b.king[p.color.index()] = i;
                }
            }
        }
        let mut rooks = pos.castling;
        while rooks != 0 {
            let s = Square::from_index(rooks.trailing_zeros());
            rooks &= rooks - 1;
            let color = if s.rank() == 0 { Color::White } else { Color::Black };
            let side = CastlingSide::of(pos.king(color), s);
            b.castle[2 * color.index() + (side == CastlingSide::Queen) as usize] = s.index() as u8;
        }
        b
    }

    fn to_position(&self) -> Position {
        let mut by_role = [0u64; 6];
        let mut by_color = [0u64; 2];
        for i in 0..64u8 {
            let c = self.at(i);
            if c != EMPTY {
                by_role[role_of(c).index()] |= 1 << i;
                by_color[(c & BLACK != 0) as usize] |= 1 << i;
            }
        }
        let castling = self.castle.iter().filter(|&&r| r != NONE).fold(0, |acc, &r| acc | 1u64 << (r & 63));
        Position {
            by_role,
            by_color,
            turn: self.turn,
            castling,
            ep: if self.ep == 0 { None } else { Some(sq(self.ep)) },
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
            Self::attacked::<true>(&self.board, self.king[0])
        } else {
            Self::attacked::<false>(&self.board, self.king[1])
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.zobrist
    }
}

impl core::fmt::Debug for Array8x8 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "array8x8({})", self.to_position().fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_ranks() {
        for i in 0..64 {
            assert_eq!(on_back_rank(i as u8), !(8..56).contains(&i), "{i}");
        }
    }

    #[test]
    fn size_is_96_bytes() {
        assert_eq!(core::mem::size_of::<Array8x8>(), 96);
    }

    #[test]
    fn steps_stop_at_every_edge() {
        for s in 0..64u8 {
            for (df, dr) in DIRS.into_iter().chain(KNIGHT_STEPS) {
                let (f, r) = ((s & 7) as i8 + df, (s >> 3) as i8 + dr);
                let expected = ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u8);
                assert_eq!(step(s, df, dr), expected, "{s} {df} {dr}");
            }
        }
    }

    #[test]
    fn pin_lines_allow_both_ways() {
        // Pinned on the north-south line (ray 0 or 4): pushes only.
        assert!(pin_allows(1, 0) && pin_allows(1, 4) && pin_allows(5, 0));
        assert!(!pin_allows(1, 1) && !pin_allows(1, 2));
        assert!(pin_allows(0, 3));
    }
}
