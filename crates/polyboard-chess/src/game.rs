//! [`Game`]: a position with the history that repetition and the move-count rules need.
//!
//! The board state itself never holds the history (as the survey says, repetition
//! needs the positions since the last irreversible move, which lives apart).

use crate::position::Position;
use crate::types::{Color, Move};
use crate::{san, uci};
use core::fmt;

/// Whether the game is over, and why.
///
/// The order of the tests is python-chess's `outcome(claim_draw=True)`: checkmate,
/// insufficient material, stalemate, the 75-move rule, fivefold repetition, the
/// 50-move rule, threefold repetition. Like a GUI that adjudicates, the 50-move rule
/// and threefold repetition end the game as soon as they hold (a draw a player may
/// claim; polyboard does not model who claims).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// Neither side can checkmate.
    InsufficientMaterial,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// 150 halfmoves without capture or pawn move (an automatic draw).
    SeventyFiveMoves,
    /// The position occurred five times (an automatic draw).
    FivefoldRepetition,
    /// 100 halfmoves without capture or pawn move.
    FiftyMoves,
    /// The position occurred three times.
    ThreefoldRepetition,
}

impl Status {
    /// True unless the game goes on.
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}

/// A move that is not legal where it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {:?} is not legal in this position", self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// A game: the start position, the moves played and every position reached.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

/// True when two positions are the same for repetition: placement, side to move,
/// castling rights and en passant (clocks ignored).
fn same_for_repetition(a: &Position, b: &Position) -> bool {
    a.by_role == b.by_role && a.by_color == b.by_color && a.turn == b.turn && a.castling == b.castling && a.ep == b.ep
}

impl Game {
    /// A game starting at `start`.
    pub fn new(start: Position) -> Game {
        Game { positions: vec![start], moves: Vec::new() }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has its start position")
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The Zobrist keys of the positions before the current one, oldest first (what a
    /// search needs to see repetitions of the game).
    pub fn keys(&self) -> Vec<u64> {
        self.positions[..self.positions.len() - 1].iter().map(Position::zobrist).collect()
    }

    /// Plays `mv` if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let pos = self.position();
        if !pos.is_legal(mv) {
            return Err(IllegalMove(mv));
        }
        let next = pos.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Plays a move given in UCI text.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, uci::UciError> {
        let mv = uci::parse(self.position(), text)?;
        self.positions.push(self.position().play(mv));
        self.moves.push(mv);
        Ok(mv)
    }

    /// Plays a move given in SAN.
    pub fn play_san(&mut self, text: &str) -> Result<Move, san::SanError> {
        let mv = san::parse(self.position(), text)?;
        self.positions.push(self.position().play(mv));
        self.moves.push(mv);
        Ok(mv)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// How many times the current position has occurred, this time included. Only
    /// positions since the last capture or pawn move are compared.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        let window = (now.halfmove_clock() as usize).min(self.positions.len() - 1);
        let first = self.positions.len() - 1 - window;
        self.positions[first..].iter().rev().step_by(2).filter(|p| same_for_repetition(p, now)).count()
    }

    /// Whether the game is over, and why (see [`Status`] for the order of tests).
    pub fn status(&self) -> Status {
        let pos = self.position();
        let has_moves = !pos.legal_moves().is_empty();
        let clock = pos.halfmove_clock();
        if !has_moves && pos.is_check() {
            return Status::Checkmate { winner: pos.turn().other() };
        }
        if pos.is_insufficient_material() {
            return Status::InsufficientMaterial;
        }
        if !has_moves {
            return Status::Stalemate;
        }
        if clock >= 150 {
            return Status::SeventyFiveMoves;
        }
        let reps = self.repetitions();
        if reps >= 5 {
            return Status::FivefoldRepetition;
        }
        if clock >= 100 {
            return Status::FiftyMoves;
        }
        if reps >= 3 {
            return Status::ThreefoldRepetition;
        }
        Status::Ongoing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_shuffle_repeats_three_times() {
        let mut g = Game::new(Position::startpos());
        for _ in 0..2 {
            for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                g.play_uci(m).unwrap();
            }
        }
        assert_eq!(g.repetitions(), 3);
        assert_eq!(g.status(), Status::ThreefoldRepetition);
        g.undo();
        assert_eq!(g.status(), Status::Ongoing);
        // The keys before the current position: the start's, then one a move but the last.
        let keys = g.keys();
        assert_eq!(keys.len(), 7);
        assert_eq!(keys[0], Position::startpos().zobrist());
        assert_eq!(keys[4], keys[0]);
        assert_ne!(keys[1], keys[0]);
    }

    #[test]
    fn fools_mate() {
        let mut g = Game::new(Position::startpos());
        for m in ["f3", "e5", "g4", "Qh4#"] {
            g.play_san(m).unwrap();
        }
        assert_eq!(g.status(), Status::Checkmate { winner: Color::Black });
    }
}
