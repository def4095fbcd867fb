//! Piece lists, for the geometries that keep them (`mailbox10x12`, `x88`), and the
//! attack query that runs down them.
//!
//! Each side's non-king pieces are listed by square, segmented by kind (pawns, knights,
//! bishops, rooks, queens, with the segment bounds), so the generator runs one loop
//! per kind with no dispatch on the piece, and the attack query knows each piece's
//! kind without reading the board. A table from square to list slot makes removal
//! O(1): the last piece of the segment fills the hole, then the last piece of each
//! later segment moves down one (at most five moves). Where that table lives is the
//! geometry's ([`Listed::slot`]).
//!
//! An attack test of a square runs down the enemy lists: pawns are looked up on their
//! two attacking squares; the king and each knight by a test of the two squares
//! ([`Listed::apart`]); each slider by a line test ([`Listed::line`]) and, when it is
//! lined up, a walk over the squares in between. The same test, run at the king, finds
//! the checkers and the pinned pieces (a lined-up enemy slider with exactly one piece
//! between, and that piece ours) with the pin line.

use super::{
    BISHOP, BLACK, CellAccess, Cells, EMPTY, Geometry, KING, KNIGHT, Lines, PAWN, PieceSets, QUEEN, ROOK, Technique,
    Visit, WHITE, add,
};

/// Each side's non-king pieces, segmented by kind.
///
/// # Layout (44 bytes)
///
/// ```text
/// list:     [[u8; 16]; 2] the squares (indices of the geometry) of each side's non-king
///                         pieces (at most 15), white then black, segmented by kind
/// bounds:   [[u8; 6]; 2]  per side, the first slot of each kind (pawn .. queen), then
///                         the list length
/// ```
#[derive(Clone, Copy)]
pub struct PieceLists {
    list: [[u8; 16]; 2],
    bounds: [[u8; 6]; 2],
}

impl PieceLists {
    /// No pieces.
    pub const EMPTY: PieceLists = PieceLists { list: [[0; 16]; 2], bounds: [[0; 6]; 2] };

    /// The list slots of side `side`'s pieces of list kind `k` (0 pawn .. 4 queen).
    #[inline(always)]
    fn range(&self, side: usize, k: usize) -> core::ops::Range<usize> {
        self.bounds[side][k] as usize..self.bounds[side][k + 1] as usize
    }
}

/// A geometry that keeps piece lists: where it keeps each piece's slot, and how it
/// tells that a piece attacks a square.
pub trait Listed: Geometry {
    /// The list slot of the non-king piece on `s`.
    fn slot(&self, s: u8) -> usize;
    /// Records `slot` as the list slot of the piece on `s`.
    fn set_slot(&mut self, s: u8, slot: usize);
    /// True when a leaper of `kind` (the knight or king code) on `a` attacks the real
    /// square `t`, read from the two squares alone.
    fn apart(a: u8, t: u8, kind: u8) -> bool;
    /// The unit step from `t` towards `a` when a slider of `kind` (bishop, rook or
    /// queen code) on `a` shares one of its lines with `t`, else 0.
    fn line(t: u8, a: u8, kind: u8) -> i8;
}

/// The three slider kinds: list kind and code.
const SLIDERS: [(usize, u8); 3] = [(2, BISHOP), (3, ROOK), (4, QUEEN)];

/// True when nothing stands in `view` between `t` and `a`, walking from `t` by `d`.
#[inline(always)]
fn clear(view: impl Fn(u8) -> u8, t: u8, a: u8, d: i8) -> bool {
    let mut x = add(t, d);
    while x != a && view(x) == EMPTY {
        x = add(x, d);
    }
    x == a
}

/// Visits the pieces of list kind `k` of side `us`.
#[inline(always)]
fn each_of_kind<V: Visit>(l: &PieceLists, pins: &[i8; 16], us: usize, k: usize, v: &mut V) {
    for i in l.range(us, k) {
        v.piece(k as u8 + 1, l.list[us][i & 15], pins[i & 15]);
    }
}

impl<const N: usize, S: Copy + Send + Sync + 'static> Cells<N, S, PieceLists>
where
    Self: Listed,
{
    /// Runs down the pieces of `side` (its king on `king`) that attack the real square
    /// `t` in `view`, calling `hit` with each one's square until it returns true;
    /// returns whether it did. Pawns are looked up on their two attacking squares, the
    /// king and the knights by [`Listed::apart`], each slider by [`Listed::line`] and a
    /// walk over the squares between.
    #[inline(always)]
    fn attackers_by(
        &self,
        side: usize,
        king: u8,
        view: impl Fn(u8) -> u8 + Copy,
        t: u8,
        mut hit: impl FnMut(u8) -> bool,
    ) -> bool {
        let l = &self.lists;
        let (pawn, up) = if side == 0 { (WHITE | PAWN, -Self::UP) } else { (BLACK | PAWN, Self::UP) };
        for d in [up - 1, up + 1] {
            let (p, c) = Self::step(view, t, d);
            if c == pawn && hit(p) {
                return true;
            }
        }
        if Self::apart(king, t, KING) && hit(king) {
            return true;
        }
        for i in l.range(side, 1) {
            let a = l.list[side][i & 15];
            if Self::apart(a, t, KNIGHT) && hit(a) {
                return true;
            }
        }
        for (k, kind) in SLIDERS {
            for i in l.range(side, k) {
                let a = l.list[side][i & 15];
                let d = Self::line(t, a, kind);
                if d != 0 && clear(view, t, a, d) && hit(a) {
                    return true;
                }
            }
        }
        false
    }
}

impl<const N: usize, S: Copy + Send + Sync + 'static> Technique for Cells<N, S, PieceLists>
where
    Self: Listed,
{
    /// By list slot.
    type Pins = [i8; 16];

    /// Inserts the piece: the first piece of each later kind moves to the end of its
    /// segment to make room.
    #[inline(always)]
    fn place(&mut self, side: usize, s: u8, k: usize) {
        let mut hole = self.lists.bounds[side][5] as usize & 15;
        self.lists.bounds[side][5] += 1;
        let mut j = 4;
        while j > k {
            let first = self.lists.bounds[side][j] as usize & 15;
            if first != hole {
                let m = self.lists.list[side][first];
                self.lists.list[side][hole] = m;
                self.set_slot(m, hole);
                hole = first;
            }
            self.lists.bounds[side][j] += 1;
            j -= 1;
        }
        self.lists.list[side][hole] = s;
        self.set_slot(s, hole);
    }

    /// Takes the piece off: the last piece of its segment fills the hole, and so on
    /// for each later segment.
    #[inline(always)]
    fn lift(&mut self, side: usize, s: u8, k: usize) {
        let mut hole = self.slot(s);
        for j in k + 1..6 {
            let last = (self.lists.bounds[side][j] as usize).wrapping_sub(1) & 15;
            if last != hole {
                let m = self.lists.list[side][last];
                self.lists.list[side][hole] = m;
                self.set_slot(m, hole);
                hole = last;
            }
            self.lists.bounds[side][j] -= 1;
        }
    }

    #[inline(always)]
    fn shift(&mut self, side: usize, from: u8, to: u8) {
        let slot = self.slot(from);
        self.lists.list[side][slot & 15] = to;
        self.set_slot(to, slot);
    }

    /// Pawns are found in `view` on their two attacking squares; the other pieces come
    /// from the lists (a piece gone from the view can only be a pawn or one of the
    /// king's own side). Out of line: inlined at every king step, it was slower.
    #[inline(never)]
    fn attacked<const W: bool>(&self, kings: &[u8; 2], view: impl Fn(u8) -> u8 + Copy, t: u8) -> bool {
        let them = if W { 1 } else { 0 };
        self.attackers_by(them, kings[them], view, t, |_| true)
    }

    /// Pawns and knights by their squares; for the sliders, a ray is walked out from
    /// the king towards each enemy slider lined up with it (so rays with no such slider
    /// are never walked).
    #[inline(always)]
    fn king_lines<const W: bool>(&self, kings: &[u8; 2]) -> Lines<[i8; 16]> {
        let (us, them) = if W { (0, 1) } else { (1, 0) };
        let own = if W { WHITE } else { BLACK };
        let k = kings[us];
        let at = |x| self.at(x);
        let mut lines = Lines::pawn_checks::<Self, W>(self, k, [0; 16]);
        let l = &self.lists;
        for i in l.range(them, 1) {
            let a = l.list[them][i & 15];
            if Self::apart(a, k, KNIGHT) {
                lines.check(a, k.wrapping_sub(a) as i8);
            }
        }
        for (kind, code) in SLIDERS {
            for i in l.range(them, kind) {
                let a = l.list[them][i & 15];
                let d = Self::line(k, a, code);
                if d == 0 {
                    continue;
                }
                let mut x = add(k, d);
                while self.at(x) == EMPTY {
                    x = add(x, d);
                }
                if x == a {
                    lines.check(a, -d);
                } else if self.at(x) & own != 0 && clear(at, x, a, d) {
                    // Our piece, and the slider comes next: pinned.
                    lines.pins[self.slot(x) & 15] = d;
                }
            }
        }
        lines
    }

    /// Kind by kind from the list.
    #[inline(always)]
    fn each_piece<const W: bool, V: Visit>(&self, pins: &[i8; 16], v: &mut V) {
        let us = if W { 0 } else { 1 };
        let l = &self.lists;
        each_of_kind(l, pins, us, 0, v);
        each_of_kind(l, pins, us, 1, v);
        each_of_kind(l, pins, us, 2, v);
        each_of_kind(l, pins, us, 3, v);
        each_of_kind(l, pins, us, 4, v);
    }

    /// The attack test of [`Technique::attacked`] for every piece of both lists, walking
    /// over a board on which the squares off `occ` are empty.
    fn attackers(&self, kings: &[u8; 2], t: u8, occ: u64) -> u64 {
        let bit = |s: u8| Self::square(s).bit();
        let view = |x: u8| if occ & bit(x) != 0 { self.at(x) } else { EMPTY };
        let mut set = 0;
        for (side, &king) in kings.iter().enumerate() {
            self.attackers_by(side, king, view, t, |a| {
                set |= bit(a);
                false
            });
        }
        set & occ
    }

    /// From the lists and the king squares.
    fn piece_sets(&self, kings: &[u8; 2]) -> PieceSets {
        let mut sets = [0u64; 16];
        let l = &self.lists;
        for side in 0..2 {
            for k in 0..5 {
                for i in l.range(side, k) {
                    sets[8 * side + k + 1] |= Self::square(l.list[side][i & 15]).bit();
                }
            }
            sets[8 * side + 6] = Self::square(kings[side]).bit();
        }
        sets[0] = !sets.iter().fold(0, |acc, s| acc | s);
        PieceSets(sets)
    }
}
