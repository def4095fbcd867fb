//! The mailbox family: `array8x8`, `mailbox10x12` and `x88`, one legal move generator
//! (with make and unmake, and the queries of [`SearchBoard`]) generic over the geometry.
//!
//! # The skeleton
//!
//! A board is an array of one-byte piece codes (`colour | kind`, below), the two king
//! squares, and the usual clocks, key, castling rooks and en passant square
//! ([`Mailboxes`]). Legal moves only, per node:
//! 1. the checkers and the pinned pieces (with the line each is pinned on) are found
//!    around the king ([`Technique::king_lines`]);
//! 2. the pieces of the side to move are visited ([`Technique::each_piece`]) and their
//!    moves stepped out on the board: a pinned piece moves only along its pin line; in
//!    single check a non-king move must land on the checker or between it and the king
//!    (a 128-entry block array); in double check only the king moves;
//! 3. king steps go to squares that no enemy piece attacks ([`Technique::attacked`],
//!    with the king lifted off the board when in check, so that it does not shadow the
//!    square behind it);
//! 4. castling: lifting king and rook can only open the back rank, so two walks out
//!    from the ends of the king's path cover that, and the path squares are tested on
//!    the board (next to the king the king-step tests are reused). Chess960 included;
//! 5. en passant is tested on the board as it would be after the capture.
//!
//! The generator writes into a sink: a counter at the leaves of perft (bulk counting:
//! nothing is made), a move list elsewhere. Its stage (all moves, or the noisy or quiet
//! half of [`SearchBoard`]) is a const generic parameter, so each compiles to its own
//! code and `ALL` is the plain generator. Make and unmake update the cells, the key and
//! the state the technique keeps (its piece lists, if any) through three hooks.
//!
//! # What a geometry supplies
//!
//! [`Geometry`], the board itself:
//! - how a square maps to an index of its cells ([`Geometry::index`],
//!   [`Geometry::square`]), with a1's index ([`Geometry::A1`]);
//! - the step offsets: one rank is [`Geometry::UP`] and one file is 1, and every other
//!   offset (diagonals, knight jumps) follows from those two;
//! - the off-board test, in [`Geometry::step`]: a bounds check on file and rank
//!   (`array8x8`), a sentinel border read like a piece (`mailbox10x12`), `& 0x88`
//!   (`x88`).
//!
//! [`Technique`], how pieces are found and attacks answered, and the state that takes:
//! - the attack query ([`Technique::attacked`], [`Technique::king_lines`],
//!   [`Technique::attackers`]): rays walked out from the square on the board
//!   (`array8x8`), or the enemy piece lists with a line test per piece, the rank, file
//!   and diagonal numbers for `mailbox10x12` and the square-difference table for `x88`
//!   ([`lists::Listed`]);
//! - where the pieces of a side are found ([`Technique::each_piece`]): a scan of the
//!   board, or the piece lists, which the make hooks keep up to date.
//!
//! Each geometry's file documents its layout bit by bit.

mod array8x8;
pub mod lists;
mod mailbox10x12;
mod x88;

pub use array8x8::{Array8x8, Cells8x8};
pub use mailbox10x12::{Cells10x12, MAILBOX, MAILBOX64, Mailbox};
pub use x88::{ATTACKS, Cells0x88, STEP, X88};

use super::Undo;
use super::common::{castle_rooks, drop_rights, piece_of_code};
use super::sink::{ALL, Coords, NOISY, QUIET, SquareSink, Stage};
use crate::board::PieceSets;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Move, Piece, Role, Square};
use crate::zobrist;
use core::marker::PhantomData;

// The piece codes of every cell: 0 empty, else colour | kind.
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
/// The code [`Geometry::step`] reads off the board: not empty, and of neither colour
/// (the sentinel of `mailbox10x12` holds it).
const OFF: u8 = 0x20;

/// "No square" for castling rights: no geometry has a real square 0xff.
const NONE: u8 = 0xff;

/// The code of a piece.
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

/// The Table 1 code of the CCR paper (see [`crate::PieceSets`]) of a piece code: bit
/// 4 (black) moved to bit 3.
#[inline(always)]
fn table_1(code: u8) -> usize {
    ((code & KIND) | ((code >> 1) & 8)) as usize
}

/// The index `s + d`, wrapping (off the board it is garbage, and never read).
#[inline(always)]
fn add(s: u8, d: i8) -> u8 {
    s.wrapping_add(d as u8)
}

/// The cells of a mailbox board, with what its technique keeps beside them: `N` cells
/// (64 or 128) of one piece code each, `S` the table from square to list slot where the
/// geometry keeps it apart (else `()`), `L` the piece lists (else `()`). Each geometry's
/// file gives its layout.
#[derive(Copy)]
pub struct Cells<const N: usize, S, L> {
    board: [u8; N],
    slots: S,
    lists: L,
}

/// One block copy, as for a plain struct: a derived clone of a generic struct clones
/// field by field, which made copy-make perft a fifth slower.
impl<const N: usize, S: Copy, L: Copy> Clone for Cells<N, S, L> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

/// Reading and writing the cells: the same for every geometry.
pub trait CellAccess {
    /// The code on the real square `s`.
    fn at(&self, s: u8) -> u8;
    /// Puts `code` on the real square `s`.
    fn set(&mut self, s: u8, code: u8);
}

impl<const N: usize, S, L> CellAccess for Cells<N, S, L> {
    /// The index masked to the array (`N` is a power of two), so no bounds check.
    #[inline(always)]
    fn at(&self, s: u8) -> u8 {
        self.board[s as usize & (N - 1)]
    }

    #[inline(always)]
    fn set(&mut self, s: u8, code: u8) {
        self.board[s as usize & (N - 1)] = code;
    }
}

/// The board of a mailbox representation: its cells and how a step moves over them.
pub trait Geometry: CellAccess + Copy + Send + Sync + 'static {
    /// The name `polyboard perft --repr` selects it by.
    const NAME: &'static str;
    /// The index of a1.
    const A1: u8;
    /// One rank up (White's pawn push) as an index difference; a file is 1.
    const UP: i8;
    /// The empty board.
    const EMPTY: Self;

    /// The index of a2; below it is rank 1.
    const A2: u8 = Self::A1 + Self::UP as u8;
    /// The index of a3; a white pawn below it has not moved, a black one promotes next.
    const A3: u8 = Self::A1 + 2 * Self::UP as u8;
    /// The index of a7; a white pawn at or above it promotes next, a black one has not
    /// moved.
    const A7: u8 = Self::A1 + 6 * Self::UP as u8;
    /// The index of h7; above it is rank 8.
    const H7: u8 = Self::A7 + 7;
    /// The index of a8.
    const A8: u8 = Self::A1 + 7 * Self::UP as u8;
    /// The rook and bishop steps, then the queen's and king's are both.
    const ORTHOGONAL: [i8; 4] = [-Self::UP, -1, 1, Self::UP];
    /// The diagonal steps.
    const DIAGONAL: [i8; 4] = [-Self::UP - 1, -Self::UP + 1, Self::UP - 1, Self::UP + 1];
    /// The knight's jumps.
    const KNIGHT: [i8; 8] = [
        -2 * Self::UP - 1,
        -2 * Self::UP + 1,
        -Self::UP - 2,
        -Self::UP + 2,
        Self::UP - 2,
        Self::UP + 2,
        2 * Self::UP - 1,
        2 * Self::UP + 1,
    ];

    /// The index of `sq`.
    fn index(sq: Square) -> u8;
    /// The square of the real index `s`.
    fn square(s: u8) -> Square;
    /// One step of `d` from the real square `s`, reading cells through `view` (this
    /// board, or this board with pieces lifted or moved): the index reached and its
    /// code, `OFF` (0x20) when the step left the board. The off-board test.
    fn step(view: impl Fn(u8) -> u8, s: u8, d: i8) -> (u8, u8);

    /// True on rank 1 or rank 8 (real squares), where castling rooks stand.
    #[inline(always)]
    fn on_back_rank(s: u8) -> bool {
        s.wrapping_sub(Self::A2) > Self::H7 - Self::A2
    }
}

/// What the checkers of the king and its pinned pieces are.
pub struct Lines<P> {
    /// How many pieces give check.
    pub checkers: u32,
    /// The square of (the last) one of them.
    pub checker: u8,
    /// The step from the checker to the king: a unit step for a slider, the whole
    /// difference for a leaper.
    pub step: i8,
    /// The pin line (a step, 0 = not pinned) of each piece, by the handle
    /// [`Technique::each_piece`] gives it.
    pub pins: P,
}

impl<P> Lines<P> {
    /// The pawns that check side `W`'s king on `k`, read off the two squares in front
    /// of it; `pins` are all 0 yet.
    #[inline(always)]
    pub fn pawn_checks<G: Geometry, const W: bool>(g: &G, k: u8, pins: P) -> Lines<P> {
        let (enemy, up) = if W { (BLACK, G::UP) } else { (WHITE, -G::UP) };
        let mut lines = Lines { checkers: 0, checker: 0, step: 0, pins };
        for d in [up - 1, up + 1] {
            let (p, c) = G::step(|x| g.at(x), k, d);
            if c == enemy | PAWN {
                lines.check(p, -d);
            }
        }
        lines
    }

    /// Counts one more checker, on `checker`, reaching the king by `step`.
    #[inline(always)]
    pub fn check(&mut self, checker: u8, step: i8) {
        self.checkers += 1;
        self.checker = checker;
        self.step = step;
    }
}

/// Receives the pieces of the side to move from [`Technique::each_piece`].
pub trait Visit {
    /// The piece of kind `kind` (a piece code without colour; a king is ignored) on
    /// `s`, pinned along the step `pin` (0 = not pinned).
    fn piece(&mut self, kind: u8, s: u8, pin: i8);
}

/// How a geometry finds pieces and attacks, and the state it keeps for that.
pub trait Technique: Geometry {
    /// The pin lines of [`Lines`], one entry per piece handle.
    type Pins: Copy;

    /// A non-king piece of `side` and role index `kind` (0 pawn .. 4 queen) was put on
    /// `s` (its code is set apart).
    fn place(&mut self, side: usize, s: u8, kind: usize);
    /// The non-king piece of `side` and role index `kind` on `s` was taken off.
    fn lift(&mut self, side: usize, s: u8, kind: usize);
    /// The non-king piece of `side` on `from` moved to `to`.
    fn shift(&mut self, side: usize, from: u8, to: u8);

    /// True when the real square `t` is attacked by the side other than `W` in `view`;
    /// `kings` are the king squares, white then black.
    fn attacked<const W: bool>(&self, kings: &[u8; 2], view: impl Fn(u8) -> u8 + Copy, t: u8) -> bool;
    /// The checkers of side `W`'s king and the pieces pinned to it.
    fn king_lines<const W: bool>(&self, kings: &[u8; 2]) -> Lines<Self::Pins>;
    /// Visits the non-king pieces of side `W` with their pin lines out of `pins`.
    fn each_piece<const W: bool, V: Visit>(&self, pins: &Self::Pins, v: &mut V);
    /// The pieces of both colours attacking the real square `t` when only those on
    /// `occ` (squares 0..64) stand on the board, as squares 0..64.
    fn attackers(&self, kings: &[u8; 2], t: u8, occ: u64) -> u64;

    /// The twelve piece sets, by scanning the 64 squares: a code's set is its Table 1
    /// code, and the empty code 0 is the set of empty squares.
    #[inline]
    fn piece_sets(&self, _kings: &[u8; 2]) -> PieceSets {
        let mut sets = [0u64; 16];
        for i in 0..64u32 {
            sets[table_1(self.at(Self::index(Square::from_index(i))))] |= 1 << i;
        }
        PieceSets(sets)
    }
}

/// A mailbox representation on the geometry `G`.
///
/// # Layout (`repr(C)`, in this order; each geometry's file gives the whole)
///
/// ```text
/// g:        G             the cells (at offset 0, where the board is aligned as the
///                         struct is), and the state of the technique: a [`Cells`]
/// king:     [u8; 2]       king squares (indices of G), white then black
/// ep:       u8            en passant square (index of G), 0 = none (a1 or a sentinel)
/// turn:     Color         (u8)
/// (padding to 8 bytes)
/// zobrist:  u64           incremental key
/// halfmove, fullmove: u32
/// castling: [u8; 4]       rook squares (indices of G) keeping a castling right: white
///                         king side, white queen side, black king side, black queen
///                         side; 0xff = none
/// chess960: bool
/// (padding to 8 bytes)
/// ```
#[derive(Copy)]
#[repr(C)]
pub struct Mailboxes<G> {
    g: G,
    king: [u8; 2],
    ep: u8,
    turn: Color,
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
    castling: [u8; 4],
    chess960: bool,
}

/// One block copy, as for a plain struct (see [`Cells`]'s clone).
impl<G: Copy> Clone for Mailboxes<G> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

/// A geometry's square numbering, for the shared move sinks.
struct Sq<G>(PhantomData<G>);

impl<G: Geometry> Coords for Sq<G> {
    #[inline(always)]
    fn square(s: u8) -> Square {
        G::square(s)
    }
}

/// All `true`: the block array when not in check (never read then).
static NO_CHECK: [bool; 128] = [true; 128];

/// True when a target holding `c` is wanted in stage `STAGE` by a piece of colour
/// `own` (`enemy` the other): an enemy piece or an empty square, an enemy piece only
/// (noisy), an empty square only (quiet).
#[inline(always)]
fn wanted<const STAGE: Stage>(c: u8, own: u8, enemy: u8) -> bool {
    match STAGE {
        ALL => c & (own | OFF) == 0,
        NOISY => c & enemy != 0,
        _ => c == EMPTY,
    }
}

/// True when a piece pinned along `pin` (0 = not pinned) may step by `d`.
#[inline(always)]
fn pin_allows(pin: i8, d: i8) -> bool {
    pin == 0 || pin == d || pin == d.wrapping_neg()
}

/// The generator's visitor: the moves of each piece of side `W` into `sink`, in stage
/// `STAGE`; with `CHECK`, targets must be in `block`.
struct Gen<'a, G, S, const W: bool, const CHECK: bool, const STAGE: Stage> {
    g: &'a G,
    sink: &'a mut S,
    block: &'a [bool; 128],
}

impl<G: Technique, S: SquareSink<Sq<G>>, const W: bool, const CHECK: bool, const STAGE: Stage>
    Gen<'_, G, S, W, CHECK, STAGE>
{
    #[inline(always)]
    fn ok(&self, t: u8) -> bool {
        !CHECK || self.block[(t & 127) as usize]
    }

    /// Pawn moves from `s`. A push never leaves the board (no pawn stands on its last
    /// rank), so it reads the cell directly.
    #[inline(always)]
    fn pawn(&mut self, s: u8, pin: i8) {
        let g = self.g;
        let enemy = if W { BLACK } else { WHITE };
        let fwd = if W { G::UP } else { -G::UP };
        let last = if W { s >= G::A7 } else { s < G::A3 };
        if (STAGE != NOISY || last) && pin_allows(pin, fwd) {
            let t = add(s, fwd);
            if g.at(t) == EMPTY {
                if self.ok(t) {
                    if last {
                        self.sink.promo::<STAGE>(s, t);
                    } else {
                        self.sink.add(s, t);
                    }
                }
                let start = if W { s < G::A3 } else { s >= G::A7 };
                if STAGE != NOISY && start {
                    let t2 = add(t, fwd);
                    if g.at(t2) == EMPTY && self.ok(t2) {
                        self.sink.add(s, t2);
                    }
                }
            }
        }
        if STAGE == QUIET {
            return;
        }
        for d in [fwd - 1, fwd + 1] {
            if !pin_allows(pin, d) {
                continue;
            }
            // Evaluated without branches, so that a counter adds the capture branch-free.
            let (t, c) = G::step(|x| g.at(x), s, d);
            let hit = (c & enemy != 0) & self.ok(t);
            if last {
                if hit {
                    self.sink.promo::<ALL>(s, t);
                }
            } else {
                self.sink.add_if(hit, s, t);
            }
        }
    }

    /// Knight jumps from `s` (a pinned knight never moves).
    #[inline(always)]
    fn knight(&mut self, s: u8) {
        let (own, enemy) = if W { (WHITE, BLACK) } else { (BLACK, WHITE) };
        for d in G::KNIGHT {
            let (t, c) = G::step(|x| self.g.at(x), s, d);
            let hit = wanted::<STAGE>(c, own, enemy) & self.ok(t);
            self.sink.add_if(hit, s, t);
        }
    }

    /// Sliding moves from `s` along `dirs` (only along the pin line if pinned): each
    /// walk stops on the first square that is not empty, off the board included.
    #[inline(always)]
    fn slide(&mut self, s: u8, pin: i8, dirs: &[i8; 4]) {
        let enemy = if W { BLACK } else { WHITE };
        for &d in dirs {
            if !pin_allows(pin, d) {
                continue;
            }
            let mut x = s;
            loop {
                let (t, c) = G::step(|y| self.g.at(y), x, d);
                if c == EMPTY {
                    if STAGE != NOISY && self.ok(t) {
                        self.sink.add(s, t);
                    }
                    x = t;
                    continue;
                }
                if STAGE != QUIET && c & enemy != 0 && self.ok(t) {
                    self.sink.add(s, t);
                }
                break;
            }
        }
    }
}

impl<G: Technique, S: SquareSink<Sq<G>>, const W: bool, const CHECK: bool, const STAGE: Stage> Visit
    for Gen<'_, G, S, W, CHECK, STAGE>
{
    #[inline(always)]
    fn piece(&mut self, kind: u8, s: u8, pin: i8) {
        match kind {
            PAWN => self.pawn(s, pin),
            // A pinned knight never moves.
            KNIGHT if pin == 0 => self.knight(s),
            BISHOP => self.slide(s, pin, &G::DIAGONAL),
            ROOK => self.slide(s, pin, &G::ORTHOGONAL),
            QUEEN => {
                self.slide(s, pin, &G::DIAGONAL);
                self.slide(s, pin, &G::ORTHOGONAL);
            }
            _ => {}
        }
    }
}

impl<G: Technique> Mailboxes<G> {
    /// Generates the legal moves of side `W` of stage `STAGE` into `sink`.
    #[inline(always)]
    fn generate<const W: bool, const STAGE: Stage, S: SquareSink<Sq<G>>>(&self, sink: &mut S) {
        let us = if W { 0 } else { 1 };
        let k = self.king[us];
        let lines = self.g.king_lines::<W>(&self.king);
        if lines.checkers == 0 {
            self.g.each_piece::<W, _>(
                &lines.pins,
                &mut Gen::<G, S, W, false, STAGE> { g: &self.g, sink, block: &NO_CHECK },
            );
            let safe = self.king_moves::<W, STAGE, S>(sink, |x| self.g.at(x));
            if STAGE != NOISY {
                self.castling::<W, S>(sink, safe);
            }
        } else {
            // The king lifted, so that it does not shadow the square behind it.
            self.king_moves::<W, STAGE, S>(sink, |x| if x == k { EMPTY } else { self.g.at(x) });
            if lines.checkers > 1 {
                return;
            }
            let mut block = [false; 128];
            let mut x = lines.checker;
            while x != k {
                block[(x & 127) as usize] = true;
                x = add(x, lines.step);
            }
            self.g
                .each_piece::<W, _>(&lines.pins, &mut Gen::<G, S, W, true, STAGE> { g: &self.g, sink, block: &block });
        }
        if STAGE != QUIET && self.ep != 0 {
            self.en_passant::<W, S>(sink);
        }
    }

    /// King steps to squares not attacked in `view` (the king lifted when in check).
    /// Returns whether the steps along the rank (to the a-side, to the h-side) were
    /// found safe, for castling; the two are tested first, in their own loop.
    #[inline(always)]
    fn king_moves<const W: bool, const STAGE: Stage, S: SquareSink<Sq<G>>>(
        &self,
        sink: &mut S,
        view: impl Fn(u8) -> u8 + Copy,
    ) -> [bool; 2] {
        let (own, enemy) = if W { (WHITE, BLACK) } else { (BLACK, WHITE) };
        let k = self.king[if W { 0 } else { 1 }];
        let at = |x| self.g.at(x);
        let mut safe = [false; 2];
        for (i, d) in [-1, 1].into_iter().enumerate() {
            let (t, c) = G::step(at, k, d);
            if wanted::<STAGE>(c, own, enemy) && !self.g.attacked::<W>(&self.king, view, t) {
                sink.add(k, t);
                safe[i] = true;
            }
        }
        for d in [-G::UP - 1, -G::UP, -G::UP + 1, G::UP - 1, G::UP, G::UP + 1] {
            let (t, c) = G::step(at, k, d);
            if wanted::<STAGE>(c, own, enemy) && !self.g.attacked::<W>(&self.king, view, t) {
                sink.add(k, t);
            }
        }
        safe
    }

    /// Castling moves (the side to move is not in check; `safe` tells whether the king
    /// steps along the rank were found safe, as [`Self::king_moves`] returns it): with
    /// each rook keeping a right, if the squares are empty (tested here, inline) and
    /// the king's path is safe (tested out of line).
    #[inline(always)]
    fn castling<const W: bool, S: SquareSink<Sq<G>>>(&self, sink: &mut S, safe: [bool; 2]) {
        let us = if W { 0 } else { 1 };
        let k = self.king[us];
        for r in [self.castling[2 * us], self.castling[2 * us + 1]] {
            if r == NONE {
                continue;
            }
            let (kto, rto) = Self::castle_targets(us, k, r);
            // Every square the king or rook crosses or lands on is empty but for those
            // two. The king's and the rook's paths overlap or touch, so together they
            // span the range from the lowest to the highest of the four squares.
            let lo = k.min(kto).min(r).min(rto);
            let hi = k.max(kto).max(r).max(rto);
            let mut x = lo;
            while x <= hi && (x == k || x == r || self.g.at(x) == EMPTY) {
                x += 1;
            }
            if x > hi && self.castle_path_safe::<W>(k, kto, r, safe) {
                sink.special(Move::castle(G::square(k), G::square(r)));
            }
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
        let at = |x| self.g.at(x);
        let (lo, hi) = if k < kto { (k, kto) } else { (kto, k) };
        for (start, d) in [(lo, -1), (hi, 1)] {
            let mut y = start;
            let c = loop {
                let (t, c) = G::step(at, y, d);
                if c == OFF || (c != EMPTY && t != k && t != r) {
                    break c;
                }
                y = t;
            };
            if c == enemy | ROOK || c == enemy | QUEEN {
                return false;
            }
        }
        let mut x = lo;
        while x <= hi {
            let safe = if x == k {
                true
            } else if x == k.wrapping_sub(1) && at(x) == EMPTY {
                safe[0]
            } else if x == k + 1 && at(x) == EMPTY {
                safe[1]
            } else {
                !self.g.attacked::<W>(&self.king, at, x)
            };
            if !safe {
                return false;
            }
            x += 1;
        }
        true
    }

    /// En passant captures, each verified on the board as it is after the capture.
    #[inline(never)]
    fn en_passant<const W: bool, S: SquareSink<Sq<G>>>(&self, sink: &mut S) {
        self.ep_captures::<W>(self.ep, |mv| {
            sink.special(mv);
            false
        });
    }

    /// The legal en passant captures of side `W` onto `ep`, each verified on the board
    /// as it is after the capture: calls `found` with each until it returns true, and
    /// returns whether it did.
    #[inline(always)]
    fn ep_captures<const W: bool>(&self, ep: u8, mut found: impl FnMut(Move) -> bool) -> bool {
        let pawn = if W { WHITE | PAWN } else { BLACK | PAWN };
        let back = if W { -G::UP } else { G::UP };
        [back - 1, back + 1].into_iter().any(|d| {
            let (from, c) = G::step(|x| self.g.at(x), ep, d);
            c == pawn && self.ep_legal::<W>(from, ep) && found(Move::en_passant(G::square(from), G::square(ep)))
        })
    }

    /// True when side `W`'s pawn on `from` may capture en passant onto `ep`: after the
    /// capture (both pawns gone from their squares), its king is not attacked.
    fn ep_legal<const W: bool>(&self, from: u8, ep: u8) -> bool {
        let captured = add(ep, if W { -G::UP } else { G::UP });
        let pawn = self.g.at(from);
        let after = |x: u8| {
            if x == ep {
                pawn
            } else if x == from || x == captured {
                EMPTY
            } else {
                self.g.at(x)
            }
        };
        !self.g.attacked::<W>(&self.king, after, self.king[if W { 0 } else { 1 }])
    }

    /// After a double push (side to move already switched), true when the side to move
    /// has a legal en passant capture onto `ep`.
    #[cold]
    #[inline(never)]
    fn ep_available(&self, ep: u8) -> bool {
        if self.turn == Color::White {
            self.ep_captures::<true>(ep, |_| true)
        } else {
            self.ep_captures::<false>(ep, |_| true)
        }
    }

    /// Where king and rook land when side `us` castles with the king on `from` and the
    /// rook on `to`.
    #[inline(always)]
    fn castle_targets(us: usize, from: u8, to: u8) -> (u8, u8) {
        let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
        let base = if us == 0 { G::A1 } else { G::A8 };
        (base + side.king_to_file(), base + side.rook_to_file())
    }

    /// The key of a piece on an index of `G`.
    #[inline(always)]
    fn key(color: Color, role: Role, s: u8) -> u64 {
        zobrist::piece(color, role, G::square(s).index())
    }

    /// Plays `m` in place and returns what restores the state before it (the captured
    /// piece code, 0 for none).
    #[inline(always)]
    fn make_in_place(&mut self, m: Move) -> Undo<[u8; 4]> {
        let color = self.turn;
        let us = color.index();
        let them = us ^ 1;
        let own = if us == 0 { WHITE } else { BLACK };
        let from = G::index(m.from());
        let to = G::index(m.to());
        let mut undo = self.undo_record();
        let mut key = self.begin_move();
        let mut ep_square = 0;
        let square = |r: u8| G::square(r).index();

        if m.is_castle() {
            let (kto, rto) = Self::castle_targets(us, from, to);
            self.g.shift(us, to, rto);
            self.g.set(from, EMPTY);
            self.g.set(to, EMPTY);
            self.g.set(kto, own | KING);
            self.g.set(rto, own | ROOK);
            self.king[us] = kto;
            key ^= Self::key(color, Role::King, from)
                ^ Self::key(color, Role::King, kto)
                ^ Self::key(color, Role::Rook, to)
                ^ Self::key(color, Role::Rook, rto);
            key ^= drop_rights(&mut self.castling, |i, _| i >> 1 == us, square);
        } else {
            let code = self.g.at(from);
            let role = role_of(code);
            if m.is_en_passant() {
                let cap = add(to, if us == 0 { -G::UP } else { G::UP });
                self.g.lift(them, cap, 0);
                self.g.set(cap, EMPTY);
                key ^= Self::key(color.other(), Role::Pawn, cap);
                undo.captured = (own ^ (WHITE | BLACK)) | PAWN;
            } else {
                let c = self.g.at(to);
                if c != EMPTY {
                    self.g.lift(them, to, role_of(c).index());
                    key ^= Self::key(color.other(), role_of(c), to);
                    undo.captured = c;
                    self.halfmove = 0;
                }
            }
            self.g.set(to, code);
            self.g.set(from, EMPTY);
            key ^= Self::key(color, role, from) ^ Self::key(color, role, to);
            if role == Role::King {
                self.king[us] = to;
                key ^= drop_rights(&mut self.castling, |i, _| i >> 1 == us, square);
            } else {
                self.g.shift(us, from, to);
                if role == Role::Pawn {
                    self.halfmove = 0;
                    if let Some(promo) = m.promotion_role() {
                        self.g.lift(us, to, 0);
                        self.g.place(us, to, promo.index());
                        self.g.set(to, code_of(color, promo));
                        key ^= Self::key(color, Role::Pawn, to) ^ Self::key(color, promo, to);
                    } else if from.abs_diff(to) == 2 * G::UP as u8 {
                        ep_square = (from + to) / 2;
                    }
                }
            }
            // A right goes when its rook moves or is captured; only back-rank moves can.
            if u32::from_ne_bytes(self.castling) != u32::from_ne_bytes([NONE; 4])
                && (G::on_back_rank(from) || G::on_back_rank(to))
            {
                key ^= drop_rights(&mut self.castling, |_, r| r == from || r == to, square);
            }
        }
        self.turn = color.other();
        if ep_square != 0 && self.ep_available(ep_square) {
            self.ep = ep_square;
            key ^= zobrist::EP[G::square(ep_square).file() as usize];
        }
        self.zobrist = key;
        undo
    }
}

representation!(impl[G: Technique] Mailboxes<G>, G::NAME, SquareSink<Sq<G>>, [u8; 4], u8, EMPTY, 0);

/// The representation's side of [`representation!`]: conversion, unmake of the pieces
/// and the queries, on the geometry's cells.
impl<G: Technique> Mailboxes<G> {
    fn of_position(pos: &Position) -> Self {
        let mut b = Mailboxes {
            g: G::EMPTY,
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            king: [0; 2],
            castling: castle_rooks(pos).map(|r| r.map_or(NONE, G::index)),
            ep: pos.ep.map_or(0, G::index),
            turn: pos.turn,
            chess960: pos.chess960,
        };
        for i in 0..64 {
            let sq = Square::from_index(i);
            if let Some(p) = pos.piece_at(sq) {
                let s = G::index(sq);
                if p.role == Role::King {
                    b.king[p.color.index()] = s;
                } else {
                    b.g.place(p.color.index(), s, p.role.index());
                }
                b.g.set(s, code_of(p.color, p.role));
            }
        }
        b
    }

    fn castling_bits(&self) -> u64 {
        self.castling.iter().filter(|&&r| r != NONE).fold(0, |acc, &r| acc | G::square(r).bit())
    }

    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        (self.ep != 0).then(|| G::square(self.ep))
    }

    /// Puts the pieces back as they stood before `m` (the side to move is already
    /// back).
    #[inline(always)]
    fn take_back(&mut self, m: Move, undo: &Undo<[u8; 4]>) {
        let us = self.turn.index();
        let own = if us == 0 { WHITE } else { BLACK };
        let from = G::index(m.from());
        let to = G::index(m.to());
        if m.is_castle() {
            let (kto, rto) = Self::castle_targets(us, from, to);
            self.g.shift(us, rto, to);
            self.g.set(kto, EMPTY);
            self.g.set(rto, EMPTY);
            self.g.set(from, own | KING);
            self.g.set(to, own | ROOK);
            self.king[us] = from;
            return;
        }
        let code = self.g.at(to);
        if let Some(promo) = m.promotion_role() {
            self.g.lift(us, to, promo.index());
            self.g.place(us, from, 0);
            self.g.set(from, own | PAWN);
        } else if code & KIND == KING {
            self.king[us] = from;
            self.g.set(from, code);
        } else {
            self.g.shift(us, to, from);
            self.g.set(from, code);
        }
        self.g.set(to, EMPTY);
        if undo.captured != EMPTY {
            let cap = if m.is_en_passant() { add(to, if us == 0 { -G::UP } else { G::UP }) } else { to };
            self.g.place(us ^ 1, cap, role_of(undo.captured).index());
            self.g.set(cap, undo.captured);
        }
    }

    fn in_check(&self) -> bool {
        let at = |x| self.g.at(x);
        if self.turn == Color::White {
            self.g.attacked::<true>(&self.king, at, self.king[0])
        } else {
            self.g.attacked::<false>(&self.king, at, self.king[1])
        }
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of_code(table_1(self.g.at(G::index(sq))))
    }

    #[inline]
    fn sets(&self) -> PieceSets {
        self.g.piece_sets(&self.king)
    }

    #[inline]
    fn attackers_of(&self, sq: Square, occ: u64) -> u64 {
        self.g.attackers(&self.king, G::index(sq), occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rank tests and thresholds of each geometry, against the 0..64 squares.
    fn ranks<G: Geometry>() {
        for i in 0..64 {
            let sq = Square::from_index(i);
            let s = G::index(sq);
            assert_eq!(G::square(s), sq, "{}", G::NAME);
            assert_eq!(G::on_back_rank(s), !(8..56).contains(&i), "{} {sq}", G::NAME);
            assert_eq!(s < G::A3, sq.rank() < 2, "{} {sq}", G::NAME);
            assert_eq!(s >= G::A7, sq.rank() >= 6, "{} {sq}", G::NAME);
        }
        assert_eq!(G::index(Square::A1), G::A1);
        assert_eq!(G::index(Square::from_index(56)), G::A8);
    }

    /// From every square, every step of every piece reaches the square of the same
    /// file and rank difference, or reads off the board exactly when there is none.
    fn steps<G: Technique>() {
        let g = G::EMPTY;
        for i in 0..64u32 {
            let sq = Square::from_index(i);
            for d in G::KNIGHT.into_iter().chain(G::DIAGONAL).chain(G::ORTHOGONAL) {
                let (t, c) = G::step(|x| g.at(x), G::index(sq), d);
                // The file difference of the step is in -2..=2, so it is d mod UP.
                let df = (d + 2).rem_euclid(G::UP) - 2;
                let dr = (d - df) / G::UP;
                let (f, r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
                if (0..8).contains(&f) && (0..8).contains(&r) {
                    assert_eq!(
                        (c, G::square(t)),
                        (EMPTY, Square::from_coords(f as u8, r as u8)),
                        "{} {sq} {d}",
                        G::NAME
                    );
                } else {
                    assert_eq!(c, OFF, "{} {sq} {d}", G::NAME);
                }
            }
        }
    }

    /// For every pair of squares, the leaper test of a geometry with piece lists says
    /// exactly whether a knight or a king jumps between them, and its line test gives
    /// the step that walks from one to the other along a line of the slider's kind.
    fn leaps_and_lines<G: lists::Listed>() {
        for a in 0..64u32 {
            for b in 0..64u32 {
                let (sa, sb) = (Square::from_index(a), Square::from_index(b));
                let (ia, ib) = (G::index(sa), G::index(sb));
                let (df, dr) = (sa.file().abs_diff(sb.file()), sa.rank().abs_diff(sb.rank()));
                let knight = (df, dr) == (1, 2) || (df, dr) == (2, 1);
                assert_eq!(G::apart(ia, ib, KNIGHT), knight, "{} {sa} {sb}", G::NAME);
                assert_eq!(G::apart(ia, ib, KING), df.max(dr) == 1, "{} {sa} {sb}", G::NAME);
                if a == b {
                    continue;
                }
                // Bishops and rooks see their half of the queen's lines.
                let step = G::line(ib, ia, QUEEN);
                let lined = df == 0 || dr == 0 || df == dr;
                assert_eq!(step != 0, lined, "{} {sa} {sb}", G::NAME);
                assert_eq!(G::line(ib, ia, ROOK) != 0, df == 0 || dr == 0, "{} {sa} {sb}", G::NAME);
                assert_eq!(G::line(ib, ia, BISHOP) != 0, df == dr, "{} {sa} {sb}", G::NAME);
                if lined {
                    assert_eq!(ib as i32 + df.max(dr) as i32 * step as i32, ia as i32, "{} {sa} {sb}", G::NAME);
                }
            }
        }
    }

    #[test]
    fn every_geometry_numbers_ranks_and_steps_right() {
        ranks::<Cells8x8>();
        ranks::<Cells10x12>();
        ranks::<Cells0x88>();
        steps::<Cells8x8>();
        steps::<Cells10x12>();
        steps::<Cells0x88>();
        leaps_and_lines::<Cells10x12>();
        leaps_and_lines::<Cells0x88>();
        // A pin line allows both ways along it.
        assert!(pin_allows(0, 7) && pin_allows(8, 8) && pin_allows(8, -8));
        assert!(!pin_allows(8, 9) && !pin_allows(-9, 7));
    }
}
