//! The connection games' game end, each rule a `variants.ini` key any variant can use
//! (`connectN`, `connectNxN`, `collinearN`, `connectRegion1/2White/Black`, with
//! `connectHorizontal`, `connectVertical`, `connectDiagonal`, `connectPieceTypes` and
//! `connectValue`), as Fairy-Stockfish's `Position::is_immediate_game_end` reads them:
//! only the side that has just moved is looked at.

use super::Board;
use crate::bits::{Bits, squares};
use crate::rules::Value;

impl<B: Bits> Board<'_, B> {
    /// The connection rules' result for the side to move, when the opponent's last move
    /// formed a figure: `connectValue` seen from the side to move.
    #[inline(never)]
    pub(super) fn connect_end(&self) -> Option<Value> {
        let r = &self.t.rules;
        let c = &r.connect;
        let them = (self.side ^ 1) as usize;
        let mine = self.of_types(c.types & ((1u64 << self.t.ntypes) - 1) as u32) & self.by_color[them];
        if mine.is_empty() {
            return None;
        }
        let (files, ranks) = (r.files as isize, r.ranks as isize);
        let at = |x: isize, y: isize| (x >= 0 && y >= 0 && x < files && y < ranks).then(|| (y * files + x) as usize);
        let has = |x: isize, y: isize| at(x, y).is_some_and(|s| mine.has(s));
        // Fairy-Stockfish's connect directions: east, north, north-east and south-east.
        let mut dirs: Vec<(isize, isize)> = Vec::with_capacity(4);
        if c.horizontal {
            dirs.push((1, 0));
        }
        if c.vertical {
            dirs.push((0, 1));
        }
        if c.diagonal {
            dirs.push((1, 1));
            dirs.push((1, -1));
        }
        let xy = |s: usize| ((s % r.files) as isize, (s / r.files) as isize);
        let ends = Some(c.value.reversed());
        if c.n > 0 {
            let n = c.n as isize;
            for s in squares(mine) {
                let (x, y) = xy(s);
                if dirs.iter().any(|&(dx, dy)| (1..n).all(|k| has(x + k * dx, y + k * dy))) {
                    return ends;
                }
            }
        }
        let (r1, r2) = (B::from_u128(c.region1[them]), B::from_u128(c.region2[them]));
        if !(r1 & mine).is_empty() && !(r2 & mine).is_empty() {
            // The pieces reached by one step or more along the directions from the
            // region-1 pieces (Fairy-Stockfish's flood grows forward only).
            let mut current = r1 & mine;
            let mut reached = B::EMPTY;
            loop {
                let mut new = B::EMPTY;
                for s in squares(current | reached) {
                    let (x, y) = xy(s);
                    for &(dx, dy) in &dirs {
                        if let Some(t) = at(x + dx, y + dy).filter(|&t| mine.has(t)) {
                            new |= B::bit(t);
                        }
                    }
                }
                if !(new & r2).is_empty() {
                    return ends;
                }
                if (new & !(current | reached)).is_empty() {
                    break;
                }
                reached |= new;
                current |= new;
            }
        }
        if c.nxn > 0 {
            let n = c.nxn as isize;
            for s in squares(mine) {
                let (x, y) = xy(s);
                if (0..n).all(|i| (0..n).all(|j| has(x + i, y + j))) {
                    return ends;
                }
            }
        }
        if c.collinear > 0 {
            // Every piece of the line through each piece, both ways, not necessarily
            // adjacent.
            let line = |x: isize, y: isize, dx: isize, dy: isize| {
                let mut count = 0;
                for sign in [-1, 1] {
                    let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
                    while at(cx, cy).is_some() {
                        count += u32::from(has(cx, cy));
                        cx += sign * dx;
                        cy += sign * dy;
                    }
                }
                count + 1
            };
            for s in squares(mine) {
                let (x, y) = xy(s);
                if dirs.iter().any(|&(dx, dy)| line(x, y, dx, dy) >= c.collinear) {
                    return ends;
                }
            }
        }
        None
    }
}
