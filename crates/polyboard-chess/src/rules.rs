//! Rules on [`Position`]: legal moves, playing moves, material and game-end tests.
//!
//! These go through the default bitboard generator ([`crate::repr::Magic`]); the
//! representations themselves never call each other.

use crate::board::Board;
use crate::position::Position;
use crate::repr::Magic;
use crate::types::{Color, Move, Role};
use polyboard_core::MoveList;
use polyboard_core::perft::PerftNode;

const DARK_SQUARES: u64 = 0xaa55_aa55_aa55_aa55;

impl Position {
    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList<Move> {
        let mut list = MoveList::new();
        Magic::from_position(self).generate_moves(&mut list);
        list
    }

    /// True when `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The position after the legal move `mv`. An illegal move gives an unspecified
    /// (but valid-memory) result; check with [`Position::is_legal`] first.
    pub fn play(&self, mv: Move) -> Position {
        Magic::from_position(self).play(mv).to_position()
    }

    /// True when the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// True when the side to move has no legal move and is not in check.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_moves().is_empty()
    }

    /// True when a legal en passant capture exists (with the stored or a given square).
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        self.legal_moves().iter().any(|m| m.is_en_passant())
    }

    /// True when `color` cannot checkmate by any sequence of legal moves, judged by
    /// material alone: a lone king; a king and one knight when the opponent has only
    /// king and queens (no pieces to block a self-mate); kings and bishops all on
    /// squares of one colour when there are no pawns or knights on the board.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.color_bb(color);
        let theirs = self.color_bb(color.other());
        if ours & (self.role_bb(Role::Pawn) | self.role_bb(Role::Rook) | self.role_bb(Role::Queen)) != 0 {
            return false;
        }
        if ours & self.role_bb(Role::Knight) != 0 {
            return ours.count_ones() <= 2 && theirs & !self.role_bb(Role::King) & !self.role_bb(Role::Queen) == 0;
        }
        if ours & self.role_bb(Role::Bishop) != 0 {
            let bishops = self.role_bb(Role::Bishop);
            let one_colour = bishops & DARK_SQUARES == 0 || bishops & !DARK_SQUARES == 0;
            return one_colour && self.role_bb(Role::Pawn) == 0 && self.role_bb(Role::Knight) == 0;
        }
        true
    }

    /// True when neither side can ever checkmate (see [`Position::has_insufficient_material`]).
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL.iter().all(|&c| self.has_insufficient_material(c))
    }
}
