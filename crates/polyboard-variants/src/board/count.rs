//! Counting the legal moves without listing them, for perft's last ply: the pieces whose
//! moves are plain leaps and need no legality test (not royal, not where a move could
//! expose a royal piece, the side not in check) are counted a type at a time by set
//! shifts and popcounts, as Fairy-Stockfish counts pawn pushes; every other piece, and
//! castling, drops and the rules' own moves, go through the generator into a scratch
//! list. The count is always the length of [`Board::generate`]'s list.

use super::{Board, Moves, Node, Part};
use crate::bits::{Bits, squares};
use crate::moves::{F_DOUBLE, Move};
use crate::tables::Shifts;

impl<B: Bits> Board<'_, B> {
    /// The number of legal moves: the length of [`Board::generate`]'s list, counted by
    /// set shifts where the rules allow (see the module's text).
    pub fn count_moves(&self) -> usize {
        let t = self.t;
        let us = self.side as usize;
        let occ = self.occupied();
        let own = self.by_color[us];
        let kings = self.royal & own;
        if !t.fast_count || (!kings.is_empty() && self.royals_attacked(us, occ)) {
            return self.listed_count();
        }
        let nsq = t.nsq;
        let (danger, screens) = self.danger(kings, occ);
        let danger = danger | kings;
        let n = Node { us, occ, enemy: self.by_color[us ^ 1], in_check: false, danger, screens, part: Part::All };
        let mut scratch = Moves::new();
        if t.special_rules && self.special_first(&n, &mut scratch, false) {
            return scratch.len();
        }
        let mut count = 0;
        for ty in 0..t.ntypes {
            let pieces = self.by_type[ty] & own;
            if pieces.is_empty() {
                continue;
            }
            let tc = ty * 2 + us;
            let mut slow = pieces;
            if let Some(shifts) = &t.shifts[tc] {
                let mut free = pieces & !danger;
                // A piece that may take en passant goes through the generator.
                if !self.ep.is_empty() && t.rules.en_passant_types[us] >> ty & 1 != 0 {
                    for e in squares(self.ep & !occ) {
                        free &= !t.rev_leap[tc * nsq + e];
                    }
                }
                slow &= !free;
                if !free.is_empty() {
                    count += self.shifted_count(&n, ty, free, shifts, &mut scratch);
                }
            }
            for from in squares(slow) {
                self.piece_moves(&n, ty, from, &mut scratch);
            }
        }
        if t.adds_moves {
            self.special_moves(&n, &mut scratch);
        }
        if t.rules.castling && !self.castle[us].is_empty() {
            self.castling_moves(&n, &mut scratch);
        }
        if t.rules.drops {
            self.drop_moves(&n, &mut scratch);
        }
        if t.janggi_rules && count + scratch.len() == 0 {
            self.stalemate_pass(&n, &mut scratch);
        }
        count + scratch.len()
    }

    /// The length of [`Board::generate`]'s list, listed.
    fn listed_count(&self) -> usize {
        let mut list = Moves::new();
        self.generate(&mut list);
        list.len()
    }

    /// The moves of `from`, pieces of type `ty` of the side to move that need no
    /// legality test of their own, counted by `shifts`: with a pawn's double steps, and
    /// each move into the promotion region once per promotion choice, as
    /// [`Board::emit`] lists it. A move onto one of `n.screens` (with hoppers) is
    /// tested: it goes through [`Board::emit`] into `scratch`.
    fn shifted_count(&self, n: &Node<B>, ty: usize, from: B, shifts: &Shifts<B>, scratch: &mut Moves) -> usize {
        let t = self.t;
        let r = &t.rules;
        let us = n.us;
        let shift = |set: B, delta: i32| if delta >= 0 { set.shl(delta as u32) } else { set.shr((-delta) as u32) };
        let promo = if r.promotes_as_pawn(us, ty) { t.promo[us] } else { B::EMPTY };
        let choices = if promo.is_empty() { 0 } else { self.promotion_choices(ty) };
        let screens = if t.has_hoppers { n.screens } else { B::EMPTY };
        // Targets of different pieces may share a square: each shift is counted alone.
        let counted = |to: B| {
            let to = to & !screens;
            (to & !promo).popcount() as usize + choices * (to & promo).popcount() as usize
        };
        let empty = !n.occ & t.all;
        let mut count = 0usize;
        for &(delta, origins) in &shifts.quiet {
            let to = shift(from & origins, delta) & empty;
            count += counted(to);
            for sq in squares(to & screens) {
                let mv = Move(0).with_pickup((sq as i32 - delta) as usize).with_drop(sq, ty);
                self.emit(n, ty, mv, true, scratch);
            }
        }
        for &(delta, origins) in &shifts.capture {
            let to = shift(from & origins, delta) & n.enemy;
            count += counted(to);
            for sq in squares(to & screens) {
                self.emit(n, ty, self.capture_move((sq as i32 - delta) as usize, sq, ty), true, scratch);
            }
        }
        if r.pieces[ty].pawn && r.double_step {
            let fwd = r.files as i32 * if us == 0 { 1 } else { -1 };
            let one = shift(from & t.double[us], fwd) & empty;
            let two = shift(one, fwd) & empty & t.mobility[ty * 2 + us];
            count += counted(two);
            for sq in squares(two & screens) {
                let mv = Move(0).with_pickup((sq as i32 - 2 * fwd) as usize).with_drop(sq, ty).with(F_DOUBLE);
                self.emit(n, ty, mv, true, scratch);
            }
        }
        count
    }

    /// How many moves [`Board::emit`] lists for one move of a pawn of type `ty` into
    /// the promotion region: each promotion type not at its `promotionLimit`, the
    /// pawn's own `promotedPieceType`, and the move without promotion unless promotion
    /// is mandatory.
    fn promotion_choices(&self, ty: usize) -> usize {
        let r = &self.t.rules;
        let us = self.side as usize;
        let open = r.promotion_types[us]
            .iter()
            .filter(|&&pt| {
                r.promotion_limit
                    .iter()
                    .find(|l| l.0 == pt)
                    .is_none_or(|&(_, limit)| self.pieces(pt, us).popcount() < limit)
            })
            .count();
        open + usize::from(r.pieces[ty].promotes_to.is_some()) + usize::from(!r.mandatory_pawn_promotion)
    }
}
