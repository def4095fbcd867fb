//! [`Game`]: a position with its history, for the rules that concern the game rather
//! than the moves: sennichite (fourfold repetition, perpetual check) and the impasse
//! declaration (jishogi, 24- and 27-point rules). Perft ignores both, as the perft data
//! does.

use crate::position::Position;
use crate::rules::{ImpasseCount, count_impasse};
use crate::types::*;
use crate::usi::{self, UsiError};
use core::fmt;

/// Whether the game is over, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side to move is in check and has no legal move.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move is not in check but has no legal move (a loss in shogi).
    NoLegalMove {
        /// The other side.
        winner: Color,
    },
    /// The position (placement, hands, side to move) occurred a fourth time: a draw.
    Repetition,
    /// Fourfold repetition in which every move of one side, from the first occurrence
    /// to the fourth, gave check: the checking side loses.
    PerpetualCheck {
        /// The side that was checked.
        winner: Color,
    },
}

impl Status {
    /// True unless the game goes on.
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}

/// The impasse (entering-king) declaration rule, as USI GUIs and CSA servers offer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImpasseRule {
    /// CSA's 27-point rule: Black needs 28 points, White 27, to declare a win.
    Points27,
    /// The 24-point rule: 31 points or more declares a win, 24 to 30 a draw.
    Points24,
}

/// What an impasse declaration by the side to move gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Declaration {
    /// The declaring side wins.
    Win,
    /// A draw (24-point rule, 24 to 30 points).
    Draw,
}

/// A move that is not legal where it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} is not legal in this position", self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// True when two positions are the same for sennichite: placement, hands and side to
/// move (the move number ignored).
fn same_for_repetition(a: &Position, b: &Position) -> bool {
    a.board == b.board && a.hands == b.hands && a.turn == b.turn
}

/// A game: the start position, the moves played and every position reached.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    keys: Vec<u64>,
    moves: Vec<Move>,
}

impl Game {
    /// A game starting at `start`.
    pub fn new(start: Position) -> Game {
        Game { keys: vec![start.key()], positions: vec![start], moves: Vec::new() }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `mv` if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.position().is_legal(mv) {
            return Err(IllegalMove(mv));
        }
        let next = self.position().play(mv);
        self.keys.push(next.key());
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Plays a move given in USI text.
    pub fn play_usi(&mut self, text: &str) -> Result<Move, UsiError> {
        let mv = usi::parse(self.position(), text)?;
        self.play(mv).expect("usi::parse returns legal moves");
        Ok(mv)
    }

    /// Takes back the last move (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        Some(mv)
    }

    /// Whether the game is over: no legal move, then fourfold repetition.
    pub fn status(&self) -> Status {
        let pos = self.position();
        if pos.legal_moves().is_empty() {
            let winner = pos.turn.flip();
            return if pos.is_check() { Status::Checkmate { winner } } else { Status::NoLegalMove { winner } };
        }
        self.repetition()
    }

    /// Fourfold repetition of the current position, and who (if anyone) checked
    /// perpetually through it.
    pub fn repetition(&self) -> Status {
        let last = self.positions.len() - 1;
        let same: Vec<usize> = (0..=last)
            .filter(|&i| {
                self.keys[i] == self.keys[last] && same_for_repetition(&self.positions[i], &self.positions[last])
            })
            .collect();
        if same.len() < 4 {
            return Status::Ongoing;
        }
        let first = same[same.len() - 4];
        // Position i + 1 follows move i; the mover of move i is positions[i].turn.
        for checker in [Color::Black, Color::White] {
            let mut any = false;
            let all = (first..last).filter(|&i| self.positions[i].turn == checker).all(|i| {
                any = true;
                self.positions[i + 1].is_check()
            });
            if any && all {
                return Status::PerpetualCheck { winner: checker.flip() };
            }
        }
        Status::Repetition
    }

    /// What an impasse declaration by the side to move would give under `rule`
    /// (`None`: the declaration fails, which loses in CSA rules).
    ///
    /// The conditions (CSA and the USI GUIs): the declaring king stands in the
    /// opponent's camp (its promotion zone) and is not in check; at least ten other
    /// pieces of the side stand there; and the points of those pieces plus the hand
    /// (rook and bishop, promoted or not, 5 each; every other piece 1) reach the rule's
    /// threshold. The count is [`crate::rules::impasse_count`]'s.
    pub fn declaration(&self, rule: ImpasseRule) -> Option<Declaration> {
        let pos = self.position();
        let us = pos.turn;
        if !in_zone(us, pos.king(us)) || pos.is_check() {
            return None;
        }
        let ImpasseCount { pieces, points } = count_impasse(|sq| pos.board[sq], &pos.hands[us.index()], us);
        if pieces < 10 {
            return None;
        }
        match rule {
            ImpasseRule::Points27 => {
                let need = if us == Color::Black { 28 } else { 27 };
                (points >= need).then_some(Declaration::Win)
            }
            ImpasseRule::Points24 => match points {
                31.. => Some(Declaration::Win),
                24..=30 => Some(Declaration::Draw),
                _ => None,
            },
        }
    }
}
