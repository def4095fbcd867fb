//! The enclosing games' rules, each a `variants.ini` key any variant can use:
//! `enclosingDrop` (where a drop may go), `enclosingDropStart` (the opening squares),
//! `flipEnclosedPieces` (the pieces a move turns over) and `adjudicateFullBoard` (a full
//! board ends the game), as Fairy-Stockfish plays ataxx, flipersi, flipello and
//! flipello10.

use super::Board;
use crate::bits::{Bits, squares};
use crate::rules::Enclosing;

/// The eight directions, as (file, rank) steps.
const DIRECTIONS: [(isize, isize); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl<B: Bits> Board<'_, B> {
    /// The squares from `sq` along `(dx, dy)` while they hold pieces of `color`, and
    /// whether the line then ends on a piece of `color ^ 1` (the enemy squares between
    /// are enclosed by it).
    fn run_of(&self, sq: usize, (dx, dy): (isize, isize), color: usize) -> (B, bool) {
        let r = &self.t.rules;
        let (mut x, mut y) = ((sq % r.files) as isize, (sq / r.files) as isize);
        let mut run = B::EMPTY;
        loop {
            x += dx;
            y += dy;
            if x < 0 || y < 0 || x as usize >= r.files || y as usize >= r.ranks {
                return (run, false);
            }
            let s = y as usize * r.files + x as usize;
            if self.by_color[color].has(s) {
                run |= B::bit(s);
            } else {
                return (run, self.by_color[color ^ 1].has(s) && !run.is_empty());
            }
        }
    }

    /// `enclosingDrop`: the empty squares where `us` may drop. While a square of
    /// `enclosingDropStart` is empty, those squares; else with `reversi` the squares from
    /// which a line of enemy pieces runs to an own piece, with `ataxx` the squares next
    /// to an own piece.
    #[inline(never)]
    pub(super) fn enclosing_targets(&self, us: usize) -> B {
        let t = self.t;
        let r = &t.rules;
        let empty = t.all & !self.occupied();
        let start = B::from_u128(r.enclosing_drop_start) & t.all;
        if !(start & empty).is_empty() {
            return start & empty;
        }
        let mut near = B::EMPTY;
        match r.enclosing_drop {
            Enclosing::None => empty,
            Enclosing::Ataxx => {
                for s in squares(self.by_color[us]) {
                    near |= t.adjacent[s];
                }
                near & empty
            }
            Enclosing::Reversi => {
                for s in squares(self.by_color[us ^ 1]) {
                    near |= t.adjacent[s];
                }
                squares(near & empty)
                    .filter(|&s| DIRECTIONS.iter().any(|&d| self.run_of(s, d, us ^ 1).1))
                    .fold(B::EMPTY, |m, s| m | B::bit(s))
            }
        }
    }

    /// `flipEnclosedPieces` after `us`'s piece landed on `to`: with `reversi` every line
    /// of enemy pieces between it and an own piece, with `ataxx` every enemy piece next
    /// to it, turns to `us`'s colour.
    #[inline(never)]
    pub(super) fn flip_enclosed(&mut self, to: usize, us: usize) {
        let t = self.t;
        let flips = match t.rules.flip_enclosed {
            Enclosing::None => return,
            Enclosing::Ataxx => t.adjacent[to] & self.by_color[us ^ 1],
            Enclosing::Reversi => DIRECTIONS.iter().fold(B::EMPTY, |m, &d| match self.run_of(to, d, us ^ 1) {
                (run, true) => m | run,
                _ => m,
            }),
        };
        for s in squares(flips) {
            if let Some((ty, _)) = self.lift(s) {
                self.put(s, ty, us);
            }
        }
    }

    /// `adjudicateFullBoard`: true when no square is empty.
    #[inline]
    pub(super) fn board_full(&self) -> bool {
        (self.t.all & !self.occupied()).is_empty()
    }
}
