//! Placement chess's drop rules, each a `variants.ini` key any variant can use:
//! `dropOppositeColoredBishop` (the bishops dropped end on squares of both colours) and
//! `castlingDroppedPiece` (a king and rook dropped on their castling squares may castle),
//! as Fairy-Stockfish plays them.

use super::Board;
use crate::bits::{Bits, squares};

impl<B: Bits> Board<'_, B> {
    /// `dropOppositeColoredBishop`: true when dropping `ty` on `to` still lets `us`'s
    /// bishops (on the board and in hand) stand half on each colour: a bishop may not
    /// join more than its share on one colour, and another piece may not take the last
    /// squares a bishop in hand needs.
    #[inline(never)]
    pub(super) fn bishop_drop_ok(&self, us: usize, ty: usize, to: usize) -> bool {
        let t = self.t;
        let r = &t.rules;
        let Some(bishop) = r.pieces.iter().position(|p| p.name == "bishop" && p.base.is_none()) else { return true };
        let files = r.files;
        let dark =
            (0..t.nsq).filter(|s| (s % files + s / files).is_multiple_of(2)).fold(B::EMPTY, |m, s| m | B::bit(s));
        let light = t.all & !dark;
        let own = self.pieces(bishop, us);
        let total = own.popcount() + self.in_hand(us, bishop);
        if ty == bishop {
            let same = if dark.has(to) { dark } else { light };
            (own & same).popcount() < total.div_ceil(2)
        } else {
            let region = t.drop_region[us] & t.mobility[bishop * 2 + us] & t.all & !self.occupied() & !B::bit(to);
            let free = own | region;
            (dark & free).popcount() >= total / 2 && (light & free).popcount() >= total / 2
        }
    }

    /// `castlingDroppedPiece`: after `us` dropped `ty` on `to`, the castling rights it
    /// makes: a castling king dropped on its file of the castling rank (`castlingKingFile`)
    /// with the own castling rooks in that rank's corners, or such a rook dropped in a
    /// corner beside that king.
    #[inline(never)]
    pub(super) fn dropped_castling(&mut self, to: usize, ty: usize, us: usize) {
        let t = self.t;
        let r = &t.rules;
        let rank = r.castling_rank_of(us);
        if to / r.files != rank {
            return;
        }
        let (file, last) = (to % r.files, r.files - 1);
        let corners = B::bit(r.square(0, rank)) | B::bit(r.square(last, rank));
        let king_sq = r.square(r.castling_king_file, rank);
        let mut rights = B::EMPTY;
        if Some(ty) == r.castling_king && file == r.castling_king_file {
            rights = self.of_types(r.castling_rooks) & self.by_color[us] & corners;
        } else if r.castling_rooks >> ty & 1 != 0
            && corners.has(to)
            && r.castling_king.is_some_and(|k| self.piece_on(king_sq) == Some((k, us)))
        {
            rights = B::bit(to);
        }
        for sq in squares(rights & !self.castle[us]) {
            self.castle[us] |= B::bit(sq);
            self.key ^= t.keys.castle[sq];
        }
    }
}
