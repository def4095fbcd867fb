//! `polyboard._native.shogi`: a shogi game (polyboard-shogi's [`Game`]) as a Python
//! class, with cshogi's method names; `polyboard.shogi.Board` subclasses it.

use crate::error::value_error;
use polyboard_shogi::game::Status;
use polyboard_shogi::{Color, Game, Position, STARTPOS, ShogiBoard as _, usi, with_shogi_repr};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

/// A shogi game: a start position, the moves played and every position reached (for
/// sennichite). Moves are USI strings (`7g7f`, `8h2b+`, `P*5e`).
#[pyclass(subclass, module = "polyboard._native.shogi", name = "Board")]
pub struct ShogiGame {
    game: Game,
}

/// Reads an SFEN (`startpos` is the start position).
fn parse_sfen(sfen: &str) -> PyResult<Position> {
    let text = if sfen.trim() == "startpos" { STARTPOS } else { sfen };
    Position::from_sfen(text).map_err(value_error)
}

/// The deepest shogi perft: deeper counts overflow 64 bits or run for years.
pub const SHOGI_MAX_DEPTH: u32 = 12;

/// Counts the leaves `depth` plies below `pos` on the representation `repr`.
pub fn perft_shogi(pos: &Position, depth: u32, repr: &str, full: bool) -> PyResult<u64> {
    let mut count = None;
    with_shogi_repr!(repr, B => {
        let b = B::from_position(pos);
        count = Some(if full { polyboard_shogi::perft_full(&b, depth) } else { polyboard_shogi::perft(&b, depth) });
    });
    count.ok_or_else(|| {
        let names = polyboard_shogi::repr::names();
        value_error(format!("repr: unknown shogi representation '{repr}' (known: {})", names.join(", ")))
    })
}

#[pymethods]
impl ShogiGame {
    /// A game from `sfen` (the start position when `None`).
    #[new]
    #[pyo3(signature = (sfen = None))]
    fn new(sfen: Option<&str>) -> PyResult<Self> {
        Ok(ShogiGame { game: Game::new(parse_sfen(sfen.unwrap_or(STARTPOS))?) })
    }

    /// The current position's SFEN.
    fn sfen(&self) -> String {
        self.game.position().sfen()
    }

    /// Sets the position to `sfen` and forgets the moves played.
    fn set_sfen(&mut self, sfen: &str) -> PyResult<()> {
        self.game = Game::new(parse_sfen(sfen)?);
        Ok(())
    }

    /// Back to the start position.
    fn reset(&mut self) {
        self.game = Game::new(Position::startpos());
    }

    /// The side to move: 0 black (sente, moves first), 1 white (gote), as cshogi's
    /// `BLACK` and `WHITE`.
    #[getter]
    fn turn(&self) -> u8 {
        self.game.position().turn as u8
    }

    /// The SFEN move number (it counts plies; 1 at the start position).
    #[getter]
    fn move_number(&self) -> u32 {
        self.game.position().ply
    }

    /// The number of moves played since the start position.
    #[getter]
    fn ply_count(&self) -> usize {
        self.game.moves().len()
    }

    /// The moves played, oldest first, as USI strings.
    #[getter]
    fn history(&self) -> Vec<String> {
        self.game.moves().iter().map(|&m| usi::format(m)).collect()
    }

    /// The legal moves as USI strings (every legal move, optional non-promotions
    /// included, as cshogi).
    #[getter]
    fn legal_moves(&self) -> Vec<String> {
        self.game.position().legal_moves().into_iter().map(usi::format).collect()
    }

    /// The number of legal moves.
    fn legal_move_count(&self) -> usize {
        self.game.position().legal_moves().len()
    }

    /// True when `usi` is a legal move here.
    fn is_legal(&self, usi: &str) -> bool {
        usi::parse(self.game.position(), usi).is_ok()
    }

    /// Plays the move `usi`. Raises ValueError when it does not read or is not legal.
    fn push_usi(&mut self, usi: &str) -> PyResult<()> {
        self.game.play_usi(usi).map(|_| ()).map_err(value_error)
    }

    /// Takes back the last move and returns it (USI). Raises IndexError at the start.
    fn pop(&mut self) -> PyResult<String> {
        self.game.undo().map(usi::format).ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))
    }

    /// The last move played (USI). Raises IndexError at the start.
    fn peek(&self) -> PyResult<String> {
        self.game
            .moves()
            .last()
            .map(|&m| usi::format(m))
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))
    }

    /// True when the side to move is in check.
    fn is_check(&self) -> bool {
        self.game.position().is_check()
    }

    /// True when the side to move has no legal move (cshogi's `is_game_over`;
    /// sennichite is [`status`]'s).
    fn is_game_over(&self) -> bool {
        self.game.position().legal_moves().is_empty()
    }

    /// The game's end as `(reason, winner)`: reason `"CHECKMATE"`, `"NO_LEGAL_MOVE"`,
    /// `"REPETITION"` (a draw) or `"PERPETUAL_CHECK"`; winner 0 (black), 1 (white) or
    /// None; `None` while the game goes on.
    fn status(&self) -> Option<(&'static str, Option<u8>)> {
        let side = |c: Color| Some(c as u8);
        Some(match self.game.status() {
            Status::Ongoing => return None,
            Status::Checkmate { winner } => ("CHECKMATE", side(winner)),
            Status::NoLegalMove { winner } => ("NO_LEGAL_MOVE", side(winner)),
            Status::Repetition => ("REPETITION", None),
            Status::PerpetualCheck { winner } => ("PERPETUAL_CHECK", side(winner)),
        })
    }

    /// The SFEN the game started from.
    fn start_sfen(&self) -> String {
        let mut g = self.game.clone();
        while g.undo().is_some() {}
        g.position().sfen()
    }

    /// Makes this game a copy of `other` (what `copy()` is built on).
    fn _assign(&mut self, other: PyRef<'_, Self>) {
        self.game = other.game.clone();
    }

    /// Leaves `depth` plies below the current position, counted on the representation
    /// `repr` (`polyboard.shogi.REPRS`; the default is the fastest). `full=True` plays
    /// every leaf. Releases the GIL.
    #[pyo3(signature = (depth, repr = None, *, full = false))]
    fn perft(&self, py: Python<'_>, depth: u32, repr: Option<&str>, full: bool) -> PyResult<u64> {
        if depth > SHOGI_MAX_DEPTH {
            return Err(value_error(format!("depth: {depth} is more than shogi perft allows ({SHOGI_MAX_DEPTH})")));
        }
        let pos = self.game.position().clone();
        let repr = repr.unwrap_or("fast").to_string();
        py.detach(move || perft_shogi(&pos, depth, &repr, full))
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.game.position().sfen())
    }
}

/// Registers the module's contents.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ShogiGame>()?;
    m.add("REPRS", polyboard_shogi::repr::names())?;
    m.add("STARTING_SFEN", STARTPOS)?;
    Ok(())
}
