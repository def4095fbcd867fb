//! `piecelist`: piece lists alone, as in the earliest chess programs, which could not
//! spare 64 memory cells for a board.
//!
//! # Technique
//!
//! Each side keeps a list of its pieces, each entry a square and a role. There is no
//! square array: "what stands on e4?" is answered by scanning the lists. Everything
//! else follows from that:
//!
//! - A slider walks its rays square by square, asking each square whether it is
//!   occupied, and stops at the first piece (a capture if it is the enemy's).
//! - Knights and kings ask about each target square; pawns about the square ahead
//!   and the two diagonals.
//! - Legality: the king is entry 0 of its list, so it is found at once. Checks and
//!   pins come from one pass over the enemy list: a knight or pawn checks by its
//!   offset to the king; a slider that lies on a line with the king (looked up in a
//!   64 x 64 table of square relations) walks only the squares between itself and
//!   the king, counting the pieces there: none is a check, exactly one of ours is a
//!   pin. A square is attacked if an enemy piece reaches it the same way. King steps
//!   and the castling path are tested with the king (and rook) treated as absent; an
//!   en passant capture is played on a copy and the king tested.
//!
//! Tuned within the technique:
//!
//! - The king is entry 0, so it is found without a scan.
//! - The lists are kept compact: a captured piece is replaced by its list's last
//!   entry (and put back by unmake), so loops stop at the list's length.
//! - Unused entries hold the square 255, so "is square s in this list?" compares all
//!   sixteen entries at once with no length check: one SSE2 byte compare and a
//!   movemask (the only `unsafe`, worth about 25% against the byte loop the compiler
//!   makes of the plain Rust form, which stays as the portable fallback).
//! - Scans stop early: a slider's ray at its first piece, the castling path at its
//!   first obstacle, an attack test at its first attacker.
//! - The king's eight neighbours are tested in one pass over the enemy list, with a
//!   table (`NEAR`) saying which neighbours a piece on a square could reach; only
//!   sliders then walk, and only towards neighbours not yet known attacked. The
//!   castling path is tested in one pass over the enemy list too, each piece against
//!   every square of the path.
//! - When the king is not in check and nothing is pinned, the generator runs a
//!   variant without the check and pin tests.
//! - At the leaves the moves are counted, not stored (bulk counting).
//!
//! The tables are square relations in bytes, never sets of squares: `REL` (how one
//! square lies from another: direction and distance, or a knight's jump; 4 KiB),
//! `NEAR` (32 KiB), `EDGE` (steps to the board edge per direction; 512 bytes),
//! `KNIGHT_TARGETS` (512 bytes) and `PAWN_CAPTURES` (256 bytes), all computed by
//! `const fn` at compile time.
//!
//! # The queries a search asks ([`SearchBoard`])
//!
//! - Staged generation: the generator takes the stage as a const generic (`ALL`,
//!   `NOISY`, `QUIET` of the shared sinks), so perft's `ALL` compiles to the
//!   generator as it was. A target is of the noisy stage when the enemy list holds
//!   its square (the same vector compare that stops a slider), and a pawn reaching
//!   the last rank gives the queen to the noisy stage and the under-promotions to the
//!   quiet one. Castling is quiet, en passant noisy.
//! - `piece_on`: the vector compare of each list. `piece_sets`: one pass over the
//!   lists, each entry ORing its square into the set its colour and role address
//!   (Table 1 order).
//! - `attackers(sq, occ)`: one pass over both lists; each piece standing on `occ`
//!   is judged by its relation to `sq` in `REL`, exactly as the attack test does, a
//!   slider walking the squares between and asking `occ` whether each is taken.
//! - The null move: the side, clocks and key change as after any move
//!   (`repr/common.rs`, shared by all of them); the lists are untouched.
//!
//! # Layout (96 bytes)
//!
//! ```text
//! squares   [[u8; 16]; 2]  per side, the square of each entry (a1 = 0 .. h8 = 63),     32 bytes
//!                          entry 0 the king; entries at and past `len` hold 255
//! roles     [[u8; 16]; 2]  per side, the role of each entry (0 pawn .. 5 king)         32
//! len       [u8; 2]        per side, the number of entries                              2
//! castling  [u8; 4]        castling rook squares: white king side, white queen side,    4
//!                          black king side, black queen side; 255 where no right
//! ep        u8             en passant square, 0 for none (a1 is never one)              1
//! turn      Color          side to move (one byte)                                      1
//! chess960  bool           how castling is written (not how it is played)               1
//! halfmove  u32            halfmove clock                                               4
//! fullmove  u32            fullmove number                                              4
//! zobrist   u64            incremental key                                              8
//!                          padding to a multiple of 8                                   7
//! ```

use super::Undo;
use super::common::{castle_rooks, castle_targets, drop_rights, square as sq};
use super::sink::{ALL, Coords, NOISY, QUIET, SquareSink, Stage, in_stage};
use crate::board::PieceSets;
use crate::position::Position;
use crate::types::{Color, Move, Piece, Role, Square};
use crate::zobrist;
#[cfg(test)]
use {crate::Board, polyboard_core::perft::MakeUnmake};

const P: u8 = 0;
const N: u8 = 1;
const B: u8 = 2;
const R: u8 = 3;
const K: u8 = 5;

/// The square of an unused list entry, and "no castling right".
const NONE: u8 = 255;

/// Directions: 0 north (+8), 1 south (-8), 2 east (+1), 3 west (-1), 4 north-east
/// (+9), 5 south-west (-9), 6 north-west (+7), 7 south-east (-7). The opposite of
/// `d` is `d ^ 1`; 0..4 are orthogonal (rook), 4..8 diagonal (bishop).
const DELTA: [i8; 8] = [8, -8, 1, -1, 9, -9, 7, -7];
const STEPS: [(i32, i32); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (-1, 1), (1, -1)];
const KNIGHT_STEPS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// Relation kind "a knight's jump apart" and "no relation" (low nibble of [`REL`]).
const KNIGHT_JUMP: u8 = 8;
const UNRELATED: u8 = 15;

/// [`REL`], [`EDGE`] and [`KNIGHT_TARGETS`].
type Relations = ([[u8; 64]; 64], [[u8; 8]; 64], [[u8; 8]; 64]);

/// The square relations, built together.
const fn build_relations() -> Relations {
    let (mut rel, mut edge, mut knight) = ([[UNRELATED; 64]; 64], [[0u8; 8]; 64], [[NONE; 8]; 64]);
    let mut a = 0;
    while a < 64 {
        let (fa, ra) = ((a % 8) as i32, (a / 8) as i32);
        let (mut d, mut n) = (0, 0);
        while d < 8 {
            let (df, dr) = STEPS[d];
            let (mut f, mut r, mut dist) = (fa + df, ra + dr, 1);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                rel[a][(r * 8 + f) as usize] = d as u8 | (dist << 4);
                edge[a][d] = dist;
                f += df;
                r += dr;
                dist += 1;
            }
            let (f, r) = (fa + KNIGHT_STEPS[d].0, ra + KNIGHT_STEPS[d].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                rel[a][(r * 8 + f) as usize] = KNIGHT_JUMP;
                knight[a][n] = (r * 8 + f) as u8;
                n += 1;
            }
            d += 1;
        }
        a += 1;
    }
    (rel, edge, knight)
}

const RELATIONS: Relations = build_relations();

/// `REL[a][b]`: how square `b` lies from `a`. Low nibble: the direction 0..8 when
/// they share a line, [`KNIGHT_JUMP`] or [`UNRELATED`]; high nibble: the distance in
/// steps along the line.
static REL: [[u8; 64]; 64] = RELATIONS.0;

/// `EDGE[sq][d]`: how many squares lie from `sq` to the board edge in direction `d`.
static EDGE: [[u8; 8]; 64] = RELATIONS.1;

/// `KNIGHT_TARGETS[sq]`: the squares a knight on `sq` jumps to, then 255s.
static KNIGHT_TARGETS: [[u8; 8]; 64] = RELATIONS.2;

/// Slots of a [`NEAR`] entry: white pawn, black pawn, knight, bishop lines, rook
/// lines, king.
const NEAR_KNIGHT: usize = 2;
const NEAR_BISHOP: usize = 3;
const NEAR_ROOK: usize = 4;
const NEAR_KING: usize = 5;

const fn build_near() -> [[[u8; 8]; 64]; 64] {
    let mut t = [[[0u8; 8]; 64]; 64];
    let mut k = 0;
    while k < 64 {
        let mut d = 0;
        while d < 8 {
            let (kf, kr) = ((k % 8) as i32 + STEPS[d].0, (k / 8) as i32 + STEPS[d].1);
            if kf >= 0 && kf < 8 && kr >= 0 && kr < 8 {
                let mut s = 0;
                while s < 64 {
                    let df = kf - (s % 8) as i32;
                    let dr = kr - (s / 8) as i32;
                    let (af, ar) = (df.abs(), dr.abs());
                    // White pawn, black pawn, knight, bishop lines, rook lines, king.
                    let slots = [
                        af == 1 && dr == 1,
                        af == 1 && dr == -1,
                        af * ar == 2,
                        af == ar && af != 0,
                        (af == 0) != (ar == 0),
                        af <= 1 && ar <= 1 && af + ar != 0,
                    ];
                    let mut i = 0;
                    while i < 6 {
                        t[k][s][i] |= (slots[i] as u8) << d;
                        i += 1;
                    }
                    s += 1;
                }
            }
            d += 1;
        }
        k += 1;
    }
    t
}

/// `NEAR[k][s][slot]`: which neighbours of a king on `k` (bit `d` for the square in
/// direction `d`) a piece of the slot's kind on `s` attacks on an empty board (for
/// the slider slots: shares a line with). 32 KiB; one king square's part is 512 bytes.
static NEAR: [[[u8; 8]; 64]; 64] = build_near();

/// An off-board pawn capture target: matches no list entry (they hold 0..64 or 255).
const OFF_BOARD: u8 = 254;

const fn build_pawn_captures() -> [[[u8; 2]; 64]; 2] {
    let mut t = [[[OFF_BOARD; 2]; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 8;
        while s < 56 {
            let (f, r) = ((s % 8) as i32, (s / 8) as i32 + if c == 0 { 1 } else { -1 });
            if f > 0 {
                t[c][s][0] = (r * 8 + f - 1) as u8;
            }
            if f < 7 {
                t[c][s][1] = (r * 8 + f + 1) as u8;
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// `PAWN_CAPTURES[color][s]`: the two squares a pawn of `color` on `s` captures on,
/// [`OFF_BOARD`] past the edge.
static PAWN_CAPTURES: [[[u8; 2]; 64]; 2] = build_pawn_captures();

#[inline(always)]
fn rel(a: usize, b: usize) -> u8 {
    REL[a & 63][b & 63]
}

#[inline(always)]
fn step(s: usize, d: usize) -> usize {
    (s as isize + DELTA[d] as isize) as usize & 63
}

/// True when `blocked` holds for none of the squares strictly between `a` and the
/// square `dist` steps from it in direction `d`: the walk along a line, square by
/// square, stopping at the first piece.
#[inline(always)]
fn walk_clear(a: usize, d: usize, dist: u8, blocked: impl Fn(usize) -> bool) -> bool {
    let mut s = a;
    for _ in 1..dist {
        s = step(s, d);
        if blocked(s) {
            return false;
        }
    }
    true
}

/// True when the piece `role` of colour `by` on `s` attacks `t`, by the relation of
/// the two squares in [`REL`]; `clear(s, d, dist)` says whether a slider's line from
/// `s` (direction `d`, `dist` steps to `t`) is free of pieces.
#[inline(always)]
fn reaches(by: usize, role: u8, s: usize, t: usize, clear: impl Fn(usize, usize, u8) -> bool) -> bool {
    let r = rel(s, t);
    let (kind, dist) = (r & 15, r >> 4);
    match role {
        // A pawn attacks one step diagonally forward.
        P => dist == 1 && if by == 0 { kind == 4 || kind == 6 } else { kind == 5 || kind == 7 },
        N => kind == KNIGHT_JUMP,
        K => kind < 8 && dist == 1,
        _ => on_line(role, kind) && clear(s, kind as usize, dist),
    }
}

/// True when a slider of `role` moves along a line of relation kind `kind`.
#[inline(always)]
fn on_line(role: u8, kind: u8) -> bool {
    match role {
        B => (4..8).contains(&kind),
        R => kind < 4,
        _ => kind < 8,
    }
}

/// A bit mask of the entries of `list` equal to `s` (bit i = entry i): one SSE2
/// byte compare of all sixteen entries.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn matches(list: &[u8; 16], s: u8) -> u32 {
    use core::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    // SAFETY: SSE2 is part of every x86_64 CPU; `list` is 16 readable bytes and the
    // unaligned load has no alignment requirement.
    unsafe {
        let v = _mm_loadu_si128(list.as_ptr().cast());
        _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(s as i8))) as u32
    }
}

/// A bit mask of the entries of `list` equal to `s` (bit i = entry i), entry by entry.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn matches(list: &[u8; 16], s: u8) -> u32 {
    matches_one_by_one(list, s)
}

/// [`matches`] one entry at a time: the portable form, and the SSE2 form's reference.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn matches_one_by_one(list: &[u8; 16], s: u8) -> u32 {
    let mut m = 0;
    for (i, &x) in list.iter().enumerate() {
        m |= ((x == s) as u32) << i;
    }
    m
}

/// The piece-list position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PieceList {
    squares: [[u8; 16]; 2],
    roles: [[u8; 16]; 2],
    len: [u8; 2],
    castling: [u8; 4],
    ep: u8,
    turn: Color,
    chess960: bool,
    halfmove: u32,
    fullmove: u32,
    zobrist: u64,
}

/// The list entries' square numbering (polyboard's own), for the shared move sinks.
struct Sq;

impl Coords for Sq {
    #[inline(always)]
    fn square(s: u8) -> Square {
        sq(s as usize)
    }
}

/// What the side to move must respect this node: the check and the pins.
struct Constraints {
    /// The checking piece's square, or 64 when not in check.
    checker: usize,
    /// For a sliding checker, the direction from the king to it (else 16, which no
    /// relation has) and its distance.
    check_dir: u8,
    check_dist: u8,
    /// Pinned pieces' squares and the direction from the king to each.
    pinned: [u8; 8],
    pin_dir: [u8; 8],
    pins: usize,
}

impl Constraints {
    /// The direction from the king of the pin on the piece on `s`, or 8 when free.
    #[inline(always)]
    fn pin_of(&self, s: usize) -> u8 {
        for i in 0..self.pins {
            if self.pinned[i] as usize == s {
                return self.pin_dir[i];
            }
        }
        8
    }

    /// True when a move to `t` answers the check (always when not in check).
    #[inline(always)]
    fn evades(&self, k: usize, t: usize) -> bool {
        if self.checker == 64 || t == self.checker {
            return true;
        }
        let r = rel(k, t);
        r & 15 == self.check_dir && r >> 4 < self.check_dist
    }
}

impl PieceList {
    /// True when a piece of either side stands on `s`.
    #[inline(always)]
    fn occupied(&self, s: usize) -> bool {
        matches(&self.squares[0], s as u8) | matches(&self.squares[1], s as u8) != 0
    }

    /// The index of the entry of `color` on `s`, if any.
    #[inline(always)]
    fn find(&self, color: usize, s: usize) -> Option<usize> {
        let m = matches(&self.squares[color], s as u8);
        if m == 0 { None } else { Some(m.trailing_zeros() as usize) }
    }

    /// The index of the entry of `color` on `s`, known to be there.
    #[inline(always)]
    fn index_of(&self, color: usize, s: usize) -> usize {
        (matches(&self.squares[color], s as u8).trailing_zeros() & 15) as usize
    }

    /// True when no piece stands strictly between `a` and `b` (which share the line
    /// direction `d`, `dist` steps apart), treating `gone1` and `gone2` as empty.
    #[inline(always)]
    fn clear_between(&self, a: usize, d: usize, dist: u8, gone1: usize, gone2: usize) -> bool {
        walk_clear(a, d, dist, |s| s != gone1 && s != gone2 && self.occupied(s))
    }

    /// True when a piece of `by` attacks some square from `a` to `b` (one square, or a
    /// stretch of a rank), with the squares `gone1` and `gone2` treated as empty (a
    /// lifted king or castling rook): one pass over the enemy list.
    #[inline(always)]
    fn attacked(&self, a: usize, b: usize, by: usize, gone1: usize, gone2: usize) -> bool {
        let within = |t: u8| (t as usize >= a) & (t as usize <= b);
        (0..self.len[by] as usize).any(|i| {
            let s = self.squares[by][i] as usize;
            match self.roles[by][i] {
                P => PAWN_CAPTURES[by][s & 63].iter().any(|&t| within(t)),
                N => KNIGHT_TARGETS[s & 63].iter().any(|&t| within(t)),
                K => (a..=b).any(|t| rel(s, t) & 15 < 8 && rel(s, t) >> 4 == 1),
                role => (a..=b).any(|t| {
                    let r = rel(s, t);
                    on_line(role, r & 15) && self.clear_between(s, (r & 15) as usize, r >> 4, gone1, gone2)
                }),
            }
        })
    }

    /// The check and pins on the king of `us` on `k`, from one pass over the enemy list.
    /// Returns `None` on a double check.
    #[inline(always)]
    fn constraints(&self, us: usize, k: usize) -> Option<Constraints> {
        let them = us ^ 1;
        let mut c = Constraints { checker: 64, check_dir: 16, check_dist: 0, pinned: [0; 8], pin_dir: [0; 8], pins: 0 };
        let mut checks = 0;
        for i in 1..self.len[them] as usize {
            let s = self.squares[them][i] as usize;
            let role = self.roles[them][i];
            let r = rel(k, s); // from the king to the piece
            let kind = r & 15;
            match role {
                // A pawn or a knight checks by how it stands from the king alone.
                P | N => {
                    if reaches(them, role, s, k, |_, _, _| false) {
                        checks += 1;
                        c.checker = s;
                    }
                }
                _ => {
                    if !on_line(role, kind) {
                        continue;
                    }
                    // Walk from the king towards the slider, counting the pieces between.
                    let dist = r >> 4;
                    let mut blocker = 64;
                    let mut x = k;
                    let mut blocked_twice = false;
                    for _ in 1..dist {
                        x = step(x, kind as usize);
                        if self.occupied(x) {
                            if blocker != 64 {
                                blocked_twice = true;
                                break;
                            }
                            blocker = x;
                        }
                    }
                    if blocked_twice {
                        continue;
                    }
                    if blocker == 64 {
                        checks += 1;
                        c.checker = s;
                        c.check_dir = kind;
                        c.check_dist = dist;
                    } else if self.find(us, blocker).is_some() && c.pins < 8 {
                        c.pinned[c.pins] = blocker as u8;
                        c.pin_dir[c.pins] = kind;
                        c.pins += 1;
                    }
                }
            }
        }
        if checks > 1 { None } else { Some(c) }
    }

    /// Which of the king's eight neighbours (bit `d` for the square in direction `d`)
    /// a piece of `by` attacks with the king on `k` lifted, among those in `wanted`:
    /// one pass over the enemy list. Leapers answer by table; a slider walks only
    /// towards the wanted neighbours on its lines, and only those not yet known attacked.
    #[inline(always)]
    fn king_zone_attacks(&self, k: usize, by: usize, wanted: u8) -> u8 {
        let mut att = 0u8;
        let near = &NEAR[k & 63];
        for i in 0..self.len[by] as usize {
            let s = self.squares[by][i] as usize;
            let reach = &near[s & 63];
            match self.roles[by][i] {
                P => att |= reach[by],
                N => att |= reach[NEAR_KNIGHT],
                K => att |= reach[NEAR_KING],
                role => {
                    let lines = match role {
                        B => reach[NEAR_BISHOP],
                        R => reach[NEAR_ROOK],
                        _ => reach[NEAR_BISHOP] | reach[NEAR_ROOK],
                    };
                    let mut m = lines & wanted & !att;
                    while m != 0 {
                        let d = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let r = rel(s, step(k, d));
                        if self.clear_between(s, (r & 15) as usize, r >> 4, k, k) {
                            att |= 1 << d;
                        }
                    }
                }
            }
        }
        att & wanted
    }

    /// Generates the legal moves of stage `STAGE` (see [`super::sink::Stage`]) of the
    /// side to move (`W`: white) into `sink`.
    #[inline(always)]
    fn generate<const W: bool, const STAGE: Stage, T: SquareSink<Sq>>(&self, sink: &mut T) {
        let us = if W { 0 } else { 1 };
        let them = us ^ 1;
        let k = self.squares[us][0] as usize;
        let ours = &self.squares[us];

        // King steps: the neighbours on the board that hold none of our pieces (and
        // are of the stage), less those the enemy attacks with the king lifted.
        let mut wanted = 0u8;
        for (d, &edge) in EDGE[k].iter().enumerate() {
            let t = step(k, d);
            let open = (edge != 0) & (matches(ours, t as u8) == 0);
            let open = open && (STAGE == ALL || in_stage::<STAGE>(matches(&self.squares[them], t as u8) != 0));
            wanted |= (open as u8) << d;
        }
        if wanted != 0 {
            let mut free = wanted & !self.king_zone_attacks(k, them, wanted);
            while free != 0 {
                let d = free.trailing_zeros() as usize;
                free &= free - 1;
                sink.add(k as u8, step(k, d) as u8);
            }
        }

        let Some(c) = self.constraints(us, k) else {
            return; // double check: only the king moves
        };
        if c.checker == 64 && c.pins == 0 {
            self.piece_moves::<W, false, STAGE, T>(sink, &c, k);
        } else {
            self.piece_moves::<W, true, STAGE, T>(sink, &c, k);
        }
        if STAGE != NOISY && c.checker == 64 && self.castling[2 * us] & self.castling[2 * us + 1] != NONE {
            self.castling::<T>(sink, us, k);
        }
        if STAGE != QUIET && self.ep != 0 {
            self.en_passant(sink);
        }
    }

    /// The moves of stage `STAGE` of every piece but the king. `C`: some check or pin
    /// constrains them (else the tests of `c` are left out).
    #[inline(always)]
    fn piece_moves<const W: bool, const C: bool, const STAGE: Stage, T: SquareSink<Sq>>(
        &self,
        sink: &mut T,
        c: &Constraints,
        k: usize,
    ) {
        let us = if W { 0 } else { 1 };
        let them = us ^ 1;
        let ours = &self.squares[us];
        let theirs = &self.squares[them];
        let n = self.len[us] as usize;
        for i in 1..n {
            let s = self.squares[us][i] as usize;
            let role = self.roles[us][i];
            let pin = if C && c.pins != 0 { c.pin_of(s) } else { 8 };
            match role {
                P => self.pawn_moves::<W, C, STAGE, T>(sink, c, k, s, pin),
                N => {
                    if pin != 8 {
                        continue; // a pinned knight never moves
                    }
                    for &t in &KNIGHT_TARGETS[s] {
                        if t == NONE {
                            break;
                        }
                        let ok = matches(ours, t) == 0
                            && in_stage::<STAGE>(matches(theirs, t) != 0)
                            && (!C || c.evades(k, t as usize));
                        sink.add_if(ok, s as u8, t);
                    }
                }
                _ => {
                    let (lo, hi) = match role {
                        B => (4, 8),
                        R => (0, 4),
                        _ => (0, 8),
                    };
                    let edges = &EDGE[s];
                    for d in lo..hi {
                        // A pinned slider keeps to its pin line, both ways.
                        if C && pin != 8 && d as u8 | 1 != pin | 1 {
                            continue;
                        }
                        let mut t = s;
                        for _ in 0..edges[d & 7] {
                            t = step(t, d);
                            if matches(ours, t as u8) != 0 {
                                break;
                            }
                            // `ALL` apart: written as one expression with the stage
                            // test, LLVM laid this loop out otherwise for perft too
                            // (no longer duplicating the capture test into both
                            // branches of the check test), about 2% slower from the
                            // start position in CPU time.
                            let legal = !C || c.evades(k, t);
                            if STAGE == ALL {
                                sink.add_if(legal, s as u8, t as u8);
                            } else {
                                sink.add_if(
                                    in_stage::<STAGE>(matches(theirs, t as u8) != 0) && legal,
                                    s as u8,
                                    t as u8,
                                );
                            }
                            if matches(theirs, t as u8) != 0 {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The moves of stage `STAGE` of our pawn on `s` (not en passant), pinned towards
    /// `pin` (8: free).
    #[inline(always)]
    fn pawn_moves<const W: bool, const C: bool, const STAGE: Stage, T: SquareSink<Sq>>(
        &self,
        sink: &mut T,
        c: &Constraints,
        k: usize,
        s: usize,
        pin: u8,
    ) {
        let us = if W { 0 } else { 1 };
        let theirs = &self.squares[us ^ 1];
        let fwd = if W { 0 } else { 1 };
        let last = if W { s >= 48 } else { s < 16 };
        let start = if W { s < 16 } else { s >= 48 };
        let legal = |t: usize| !C || ((pin == 8) | (rel(k, t) & 15 == pin)) & c.evades(k, t);
        let t1 = step(s, fwd);
        let free1 = !self.occupied(t1);
        let caps = PAWN_CAPTURES[us][s & 63];
        let (from, to1) = (s as u8, t1 as u8);
        if last {
            if free1 && legal(t1) {
                sink.promo::<STAGE>(from, to1);
            }
            if STAGE != QUIET {
                for t in caps {
                    if matches(theirs, t) != 0 && legal(t as usize) {
                        sink.promo::<ALL>(from, t);
                    }
                }
            }
            return;
        }
        if STAGE != NOISY {
            sink.add_if(free1 && legal(t1), from, to1);
            if start && free1 {
                let t2 = step(t1, fwd);
                sink.add_if(!self.occupied(t2) && legal(t2), from, t2 as u8);
            }
        }
        if STAGE != QUIET {
            for t in caps {
                sink.add_if(matches(theirs, t) != 0 && legal(t as usize), from, t);
            }
        }
    }

    /// En passant captures: each is played on a copy and the king tested there.
    #[inline(never)]
    fn en_passant<T: SquareSink<Sq>>(&self, sink: &mut T) {
        self.ep_captures(self.ep as usize, |mv| {
            sink.special(mv);
            false
        });
    }

    /// The legal en passant captures of the side to move onto `ep`, each played on a
    /// copy and the king tested there: calls `found` with each until it returns true,
    /// and returns whether it did.
    #[inline(always)]
    fn ep_captures(&self, ep: usize, mut found: impl FnMut(Move) -> bool) -> bool {
        let us = self.turn.index();
        // Our capturers stand one step diagonally behind the target square.
        let behind = if us == 0 { [5, 7] } else { [4, 6] };
        behind.into_iter().any(|d| {
            let from = step(ep, d);
            let mv = Move::en_passant(sq(from), sq(ep));
            EDGE[ep][d] != 0
                && self.find(us, from).is_some_and(|i| self.roles[us][i] == P)
                && self.leaves_king_safe(mv)
                && found(mv)
        })
    }

    /// True when playing `mv` (by the side to move) leaves its king unattacked.
    #[cold]
    fn leaves_king_safe(&self, mv: Move) -> bool {
        let us = self.turn.index();
        let mut after = *self;
        after.make_in_place(mv);
        let k = after.squares[us][0] as usize;
        !after.attacked(k, k, us ^ 1, 64, 64)
    }

    /// Castling moves of `us`, king on `k`, not in check (Chess960 rules).
    #[inline(never)]
    fn castling<T: SquareSink<Sq>>(&self, sink: &mut T, us: usize, k: usize) {
        for r in [self.castling[2 * us], self.castling[2 * us + 1]] {
            if r == NONE {
                continue;
            }
            let (r, (kto, rto)) = (r as usize, castle_targets(k, r as usize));
            // The king's and the rook's paths, targets included, must be empty but for
            // the two: together they span one stretch of the back rank.
            let lo = k.min(kto).min(r).min(rto);
            let hi = k.max(kto).max(r).max(rto);
            // Square by square, stopping at the first piece in the way.
            if (lo..=hi).any(|s| s != k && s != r && self.occupied(s)) {
                continue;
            }
            if !self.attacked(k.min(kto), k.max(kto), us ^ 1, k, r) {
                sink.special(Move::castle(sq(k), sq(r)));
            }
        }
    }

    /// Removes entry `i` of `color` by moving the last entry into its place.
    #[inline(always)]
    fn remove(&mut self, color: usize, i: usize) {
        let last = (self.len[color] as usize - 1) & 15;
        self.squares[color][i] = self.squares[color][last];
        self.roles[color][i] = self.roles[color][last];
        self.squares[color][last] = NONE;
        self.len[color] -= 1;
    }

    /// Undoes [`Self::remove`]: the entry now at `i` goes back to the end, and the
    /// removed piece returns to `i`.
    #[inline(always)]
    fn restore_entry(&mut self, color: usize, i: usize, s: usize, role: u8) {
        let last = self.len[color] as usize & 15;
        self.squares[color][last] = self.squares[color][i];
        self.roles[color][last] = self.roles[color][i];
        self.squares[color][i] = s as u8;
        self.roles[color][i] = role;
        self.len[color] += 1;
    }

    /// Plays `m` in place; returns the undo information (the captured role, [`NONE`]
    /// for none, and its list index).
    #[inline(always)]
    fn make_in_place(&mut self, m: Move) -> Undo<[u8; 4], (u8, u8)> {
        let us = self.turn.index();
        let them = us ^ 1;
        let color = self.turn;
        let from = m.from().index();
        let to = m.to().index();
        let mut undo = self.undo_record();
        let mut key = self.begin_move();
        let square = |r: u8| r as usize;

        if m.is_castle() {
            let (kto, rto) = castle_targets(from, to);
            let ri = self.index_of(us, to);
            self.squares[us][0] = kto as u8;
            self.squares[us][ri] = rto as u8;
            key ^= zobrist::piece(color, Role::King, from)
                ^ zobrist::piece(color, Role::King, kto)
                ^ zobrist::piece(color, Role::Rook, to)
                ^ zobrist::piece(color, Role::Rook, rto);
            key ^= drop_rights(&mut self.castling, |i, _| i >> 1 == us, square);
        } else {
            let i = self.index_of(us, from);
            let role = self.roles[us][i];
            if m.is_en_passant() {
                let cap = to ^ 8;
                let j = self.index_of(them, cap);
                self.remove(them, j);
                key ^= zobrist::piece(color.other(), Role::Pawn, cap);
                undo.captured = (P, j as u8);
            } else if let Some(j) = self.find(them, to) {
                let cr = self.roles[them][j];
                self.remove(them, j);
                key ^= zobrist::piece(color.other(), Role::from_index(cr as usize), to);
                undo.captured = (cr, j as u8);
                self.halfmove = 0;
                key ^= drop_rights(&mut self.castling, |_, r| r as usize == to, square);
            }
            self.squares[us][i] = to as u8;
            let r = Role::from_index(role as usize);
            key ^= zobrist::piece(color, r, from) ^ zobrist::piece(color, r, to);
            if role == P {
                self.halfmove = 0;
                if let Some(promo) = m.promotion_role() {
                    self.roles[us][i] = promo.index() as u8;
                    key ^= zobrist::piece(color, Role::Pawn, to) ^ zobrist::piece(color, promo, to);
                } else if from ^ to == 16 {
                    let ep = (from + to) / 2;
                    self.zobrist = key;
                    self.turn = color.other();
                    if self.ep_capture_legal(ep) {
                        self.ep = ep as u8;
                        key ^= zobrist::EP[ep & 7];
                    }
                }
            } else if role == K {
                // Both rights of the mover's colour, wherever the king stands.
                key ^= drop_rights(&mut self.castling, |i, _| i >> 1 == us, square);
            } else if role == R {
                key ^= drop_rights(&mut self.castling, |_, r| r as usize == from, square);
            }
        }
        self.zobrist = key;
        self.turn = color.other();
        undo
    }

    /// After a double push to `ep` (the side to move, already switched, is the
    /// capturer): true when some en passant capture onto `ep` is legal.
    #[cold]
    #[inline(never)]
    fn ep_capture_legal(&self, ep: usize) -> bool {
        self.ep_captures(ep, |_| true)
    }
}

representation!(impl PieceList, "piecelist", SquareSink<Sq>, [u8; 4], (u8, u8), (NONE, 0), 0);

/// The representation's side of [`representation!`]: conversion, unmake of the lists
/// and the queries, on the lists alone.
impl PieceList {
    fn of_position(pos: &Position) -> Self {
        let mut b = PieceList {
            squares: [[NONE; 16]; 2],
            roles: [[NONE; 16]; 2],
            len: [0; 2],
            castling: castle_rooks(pos).map(|r| r.map_or(NONE, |s| s.index() as u8)),
            ep: pos.ep.map_or(0, |s| s.index() as u8),
            turn: pos.turn,
            chess960: pos.chess960,
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            zobrist: pos.zobrist(),
        };
        for color in Color::ALL {
            let c = color.index();
            // The king first, then the others from the queens down to the pawns.
            for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
                let mut bits = pos.pieces(color, role);
                while bits != 0 && (b.len[c] as usize) < 16 {
                    let i = b.len[c] as usize;
                    b.squares[c][i] = bits.trailing_zeros() as u8;
                    b.roles[c][i] = role.index() as u8;
                    b.len[c] += 1;
                    bits &= bits - 1;
                }
            }
        }
        b
    }

    fn castling_bits(&self) -> u64 {
        self.castling.iter().filter(|&&s| s != NONE).fold(0u64, |acc, &s| acc | 1u64 << (s & 63))
    }

    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        (self.ep != 0).then(|| sq(self.ep as usize))
    }

    /// Puts the lists back as they stood before `m` (the side to move is already back).
    #[inline(always)]
    fn take_back(&mut self, m: Move, undo: &Undo<[u8; 4], (u8, u8)>) {
        let us = self.turn.index();
        let from = m.from().index();
        let to = m.to().index();
        if m.is_castle() {
            let (_, rto) = castle_targets(from, to);
            let ri = self.index_of(us, rto);
            self.squares[us][ri] = to as u8;
            self.squares[us][0] = from as u8;
            return;
        }
        let i = self.index_of(us, to);
        self.squares[us][i] = from as u8;
        if m.promotion_role().is_some() {
            self.roles[us][i] = P;
        }
        let (role, index) = undo.captured;
        if role != NONE {
            let cap = if m.is_en_passant() { to ^ 8 } else { to };
            self.restore_entry(us ^ 1, index as usize, cap, role);
        }
    }

    fn in_check(&self) -> bool {
        let us = self.turn.index();
        let k = self.squares[us][0] as usize;
        self.attacked(k, k, us ^ 1, 64, 64)
    }

    /// Scans the two lists for the square (one vector compare each).
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Color::ALL.into_iter().find_map(|color| {
            let i = self.find(color.index(), sq.index())?;
            Some(Piece { color, role: Role::from_index(self.roles[color.index()][i] as usize % 6) })
        })
    }

    /// One pass over both lists, each entry setting its square's bit in the set its
    /// colour and role address.
    #[inline]
    fn sets(&self) -> PieceSets {
        let mut s = [0u64; 16];
        let mut occupied = 0;
        for c in 0..2 {
            for i in 0..self.len[c] as usize {
                let bit = 1u64 << (self.squares[c][i] & 63);
                s[(c << 3 | (self.roles[c][i] as usize + 1)) & 15] |= bit;
                occupied |= bit;
            }
        }
        s[0] = !occupied;
        PieceSets(s)
    }

    /// One pass over both lists: each piece standing on `occ` is judged as the attack
    /// test of move generation judges it, by the relation of its square to `sq`, a
    /// slider walking the squares between and asking `occ` (a subset of the list
    /// squares, so the answer the lists give for the pieces left on the board) whether
    /// each is taken.
    #[inline]
    fn attackers_of(&self, sq: Square, occ: u64) -> u64 {
        let t = sq.index();
        let mut set = 0;
        for by in 0..2 {
            for i in 0..self.len[by] as usize {
                let s = self.squares[by][i] as usize & 63;
                let hit = occ >> s & 1 != 0
                    && reaches(by, self.roles[by][i], s, t, |a, d, dist| walk_clear(a, d, dist, |x| occ >> x & 1 != 0));
                set |= (hit as u64) << s;
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relations_and_edges() {
        // a1 to h8: north-east, 7 steps; a1 to b3: a knight's jump; a1 to b4: nothing.
        assert_eq!(REL[0][63], 4 | (7 << 4));
        assert_eq!(REL[0][17], KNIGHT_JUMP);
        assert_eq!(REL[0][25], UNRELATED);
        assert_eq!(REL[63][0], 5 | (7 << 4));
        assert_eq!(EDGE[0], [7, 0, 7, 0, 7, 0, 0, 0]);
        assert_eq!(KNIGHT_TARGETS[0][..3], [17, 10, NONE]);
    }

    #[test]
    fn vector_compare_matches_entry_by_entry() {
        // Every byte value against lists holding the boundaries: squares 0 and 63, the
        // unused-entry 255, the off-board 254, and values with the sign bit set.
        let lists = [
            [0, 63, 255, 254, 128, 127, 1, 62, 255, 255, 255, 255, 255, 255, 255, 255],
            [255; 16],
            core::array::from_fn(|i| i as u8 * 17),
            [7; 16],
        ];
        for list in &lists {
            for s in 0..=255u8 {
                assert_eq!(matches(list, s), matches_one_by_one(list, s), "{list:?} {s}");
            }
        }
    }

    #[test]
    fn lists_stay_compact_through_captures_and_unmake() {
        let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
        let b = PieceList::from_position(&pos);
        for mv in b.legal_moves() {
            let mut c = b;
            let undo = c.make(mv);
            for color in 0..2 {
                let n = c.len[color] as usize;
                assert!(c.squares[color][..n].iter().all(|&s| s < 64), "{mv:?}");
                assert!(c.squares[color][n..].iter().all(|&s| s == NONE), "{mv:?}");
                assert_eq!(c.roles[color][0], K);
            }
            c.unmake(mv, undo);
            assert_eq!(c, b, "{mv:?}");
        }
    }
}
