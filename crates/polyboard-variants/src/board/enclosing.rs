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

    /// True when a drop of `us` on `sq` encloses along `(dx, dy)` as `enclosingDrop =
    /// reversi` tests it: the line runs over enemy pieces and wall squares (which are
    /// off Fairy-Stockfish's board, so they do not stop it) and ends on an own piece at
    /// least two squares away. The flip ([`Board::flip_enclosed`]) stops at a wall, so a
    /// line that crosses one allows the drop but turns nothing over, as in
    /// Fairy-Stockfish.
    fn drop_encloses(&self, sq: usize, (dx, dy): (isize, isize), us: usize) -> bool {
        let r = &self.t.rules;
        let over = self.by_color[us ^ 1] | self.walls;
        let (mut x, mut y) = ((sq % r.files) as isize, (sq / r.files) as isize);
        let mut between = false;
        loop {
            x += dx;
            y += dy;
            if x < 0 || y < 0 || x as usize >= r.files || y as usize >= r.ranks {
                return false;
            }
            let s = y as usize * r.files + x as usize;
            if !over.has(s) {
                return between && self.by_color[us].has(s);
            }
            between = true;
        }
    }

    /// `enclosingDrop`: the empty squares where `us` may drop. While a square of
    /// `enclosingDropStart` is empty, those squares; else with `reversi` the squares next
    /// to an enemy piece from which a line of enemy pieces and walls runs to an own piece
    /// ([`Board::drop_encloses`]), with `ataxx` the squares next
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
        let pieces = self.by_color[0] | self.by_color[1];
        match r.enclosing_drop {
            Enclosing::None | Enclosing::Quadwrangle => empty,
            Enclosing::Top => {
                let first = B::from_u128(r.rank_mask(0));
                squares(pieces).filter(|&s| s + r.files < t.nsq).fold(first, |m, s| m | B::bit(s + r.files)) & empty
            }
            Enclosing::Snort => {
                for s in squares(self.by_color[us ^ 1]) {
                    near |= t.adjacent[s] & (t.file_masks[s % r.files] | t.rank_masks[s / r.files]);
                }
                empty & !near
            }
            Enclosing::AnySide => self.any_side_targets(pieces, empty),
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
                    .filter(|&s| DIRECTIONS.iter().any(|&d| self.drop_encloses(s, d, us)))
                    .fold(B::EMPTY, |m, s| m | B::bit(s))
            }
        }
    }

    /// `enclosingDrop = anyside`, as Fairy-Stockfish computes it: per rank whose first
    /// square is empty, its first empty square west of a piece or on the last file; per
    /// file whose first square is empty, its first empty square south of a piece or on
    /// the last rank; per file whose last square is empty, its first empty square north
    /// of a piece or on the first rank; per rank whose last square is empty, its first
    /// empty square east of a piece or on the first file.
    fn any_side_targets(&self, pieces: B, empty: B) -> B {
        let t = self.t;
        let r = &t.rules;
        let (files, ranks) = (r.files, r.ranks);
        let sq = |f: usize, k: usize| k * files + f;
        let occ = |f: usize, k: usize| pieces.has(sq(f, k));
        let mut b = B::EMPTY;
        let first = |mut line: std::ops::Range<usize>, step: usize, at: usize, cand: &dyn Fn(usize) -> bool| {
            line.find(|&i| empty.has(at + i * step) && cand(at + i * step)).map_or(B::EMPTY, |i| B::bit(at + i * step))
        };
        for k in 0..ranks {
            if !occ(0, k) {
                let c = |s: usize| s % files == files - 1 || occ(s % files + 1, k);
                b |= first(0..files, 1, sq(0, k), &c);
            }
            if !occ(files - 1, k) {
                let c = |s: usize| s.is_multiple_of(files) || occ(s % files - 1, k);
                b |= first(0..files, 1, sq(0, k), &c);
            }
        }
        for f in 0..files {
            if !occ(f, 0) {
                let c = |s: usize| s / files == ranks - 1 || occ(f, s / files + 1);
                b |= first(0..ranks, files, f, &c);
            }
            if !occ(f, ranks - 1) {
                let c = |s: usize| s / files == 0 || occ(f, s / files - 1);
                b |= first(0..ranks, files, f, &c);
            }
        }
        b
    }

    /// `flipEnclosedPieces` after `us`'s piece landed on `to`: with `reversi` every line
    /// of enemy pieces between it and an own piece, with `ataxx` every enemy piece next
    /// to it, with `quadwrangle` the same after a move, and after a drop only when it
    /// touches an own piece, turns to `us`'s colour.
    #[inline(never)]
    pub(super) fn flip_enclosed(&mut self, to: usize, us: usize, drop: bool) {
        let t = self.t;
        let flips = match t.rules.flip_enclosed {
            Enclosing::None | Enclosing::Top | Enclosing::AnySide | Enclosing::Snort => return,
            Enclosing::Ataxx => t.adjacent[to] & self.by_color[us ^ 1],
            Enclosing::Quadwrangle if drop && (t.adjacent[to] & self.by_color[us]).is_empty() => return,
            Enclosing::Quadwrangle => t.adjacent[to] & self.by_color[us ^ 1],
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
