//! `polyboard._native.chess`: a chess game (polyboard-chess's [`Game`]) as a Python
//! class, with python-chess's method names; `polyboard.chess.Board` subclasses it.

use crate::error::value_error;
use polyboard_chess::game::Status;
use polyboard_chess::{
    CastlingSide, Color, Game, Move, MoveKind, Position, Role, START_FEN, Square, san, uci, with_repr,
};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString};

/// Every UCI move text as a Python string, made once: a move list is then a list of
/// references, not of new strings (see [`uci_key`] for the index).
static UCI_TEXTS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The index of a UCI text: from square, to square, promotion (none, n, b, r, q).
fn uci_index(from: Square, to: Square, promo: usize) -> usize {
    (from.index() * 64 + to.index()) * 5 + promo
}

/// The index in [`UCI_TEXTS`] of `mv`'s UCI text in `pos`: the same text as
/// [`uci::format`] (castling king-two-squares unless the game is Chess960).
fn uci_key(chess960: bool, mv: Move) -> usize {
    let (from, to) = (mv.from(), mv.to());
    match mv.kind() {
        MoveKind::Castle if !chess960 => {
            let side = CastlingSide::of(from, to);
            uci_index(from, Square::from_coords(side.king_to_file(), from.rank()), 0)
        }
        MoveKind::Promotion(r) => {
            let promo = match r {
                Role::Knight => 1,
                Role::Bishop => 2,
                Role::Rook => 3,
                _ => 4,
            };
            uci_index(from, to, promo)
        }
        _ => uci_index(from, to, 0),
    }
}

/// The table of UCI texts.
fn uci_texts(py: Python<'_>) -> &Vec<Py<PyString>> {
    UCI_TEXTS.get_or_init(py, || {
        let mut texts = Vec::with_capacity(64 * 64 * 5);
        for from in 0..64u32 {
            for to in 0..64u32 {
                for promo in ["", "n", "b", "r", "q"] {
                    let text = format!("{}{}{promo}", Square::from_index(from), Square::from_index(to));
                    texts.push(PyString::intern(py, &text).unbind());
                }
            }
        }
        texts
    })
}

/// The legal moves of `pos`, as keys into [`UCI_TEXTS`].
fn legal_keys(pos: &Position) -> Vec<u16> {
    let chess960 = pos.is_chess960();
    pos.legal_moves().iter().map(|&m| uci_key(chess960, m) as u16).collect()
}

/// A Python list of the texts of `keys`.
fn uci_list<'py>(py: Python<'py>, keys: impl ExactSizeIterator<Item = usize>) -> PyResult<Bound<'py, PyList>> {
    let texts = uci_texts(py);
    PyList::new(py, keys.map(|k| texts[k].bind(py)))
}

/// A chess game: a start position, the moves played and every position reached (for
/// repetitions). Moves are UCI strings.
#[pyclass(subclass, module = "polyboard._native.chess", name = "Board")]
pub struct ChessBoard {
    game: Game,
}

/// Reads a FEN (standard, Shredder or X-FEN); `chess960` marks the game Chess960.
fn parse_fen(fen: &str, chess960: bool) -> PyResult<Position> {
    let pos = if chess960 { Position::from_fen_variant(fen, true) } else { Position::from_fen(fen) };
    pos.map_err(value_error)
}

/// python-chess's name of a game's end (`chess.Termination`).
fn termination(status: Status) -> Option<(&'static str, Option<bool>)> {
    let white = |c: Color| Some(c == Color::White);
    Some(match status {
        Status::Ongoing => return None,
        Status::Checkmate { winner } => ("CHECKMATE", white(winner)),
        Status::Stalemate => ("STALEMATE", None),
        Status::InsufficientMaterial => ("INSUFFICIENT_MATERIAL", None),
        Status::SeventyFiveMoves => ("SEVENTYFIVE_MOVES", None),
        Status::FivefoldRepetition => ("FIVEFOLD_REPETITION", None),
        Status::FiftyMoves => ("FIFTY_MOVES", None),
        Status::ThreefoldRepetition => ("THREEFOLD_REPETITION", None),
    })
}

/// Counts the leaves `depth` plies below `pos` on the representation `repr`.
pub fn perft_chess(pos: &Position, depth: u32, repr: &str, full: bool) -> PyResult<u64> {
    fn run<B: polyboard_chess::Board>(pos: &Position, depth: u32, full: bool) -> u64 {
        let b = B::from_position(pos);
        if full { polyboard_core::perft::perft_full(&b, depth) } else { polyboard_core::perft::perft(&b, depth) }
    }
    let names = polyboard_chess::repr::names();
    with_repr!(repr, B => run::<B>(pos, depth, full)).ok_or_else(|| {
        value_error(format!("repr: unknown chess representation '{repr}' (known: {})", names.join(", ")))
    })
}

/// The deepest chess perft: deeper counts overflow 64 bits.
pub const CHESS_MAX_DEPTH: u32 = 13;

#[pymethods]
impl ChessBoard {
    /// A game from `fen` (the start position when `None`); `chess960=True` marks it
    /// Chess960 (castling is then written king-takes-rook).
    #[new]
    #[pyo3(signature = (fen = None, *, chess960 = false))]
    fn new(fen: Option<&str>, chess960: bool) -> PyResult<Self> {
        let pos = parse_fen(fen.unwrap_or(START_FEN), chess960)?;
        Ok(ChessBoard { game: Game::new(pos) })
    }

    /// The current position's FEN (X-FEN castling for Chess960).
    fn fen(&self) -> String {
        self.game.position().fen()
    }

    /// Sets the position to `fen` and forgets the moves played.
    #[pyo3(signature = (fen, *, chess960 = false))]
    fn set_fen(&mut self, fen: &str, chess960: bool) -> PyResult<()> {
        self.game = Game::new(parse_fen(fen, chess960)?);
        Ok(())
    }

    /// Back to the start position.
    fn reset(&mut self) {
        self.game = Game::new(Position::startpos());
    }

    /// True when white is to move (python-chess's `turn`: `chess.WHITE` is True).
    #[getter]
    fn turn(&self) -> bool {
        self.game.position().turn() == Color::White
    }

    /// Whether the game is Chess960.
    #[getter]
    fn chess960(&self) -> bool {
        self.game.position().is_chess960()
    }

    /// Halfmoves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.game.position().halfmove_clock()
    }

    /// The move number, starting at 1 and incremented after black's move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.game.position().fullmove_number()
    }

    /// The number of moves played since the start position.
    #[getter]
    fn ply_count(&self) -> usize {
        self.game.moves().len()
    }

    /// The moves played, oldest first, as UCI strings.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        let mut pos = *self.game.start();
        let mut out = Vec::with_capacity(self.game.moves().len());
        for &mv in self.game.moves() {
            out.push(uci::format(&pos, mv));
            pos = pos.play(mv);
        }
        out
    }

    /// The legal moves as UCI strings, in polyboard's generation order.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        uci_list(py, legal_keys(self.game.position()).into_iter().map(usize::from))
    }

    /// The legal moves in SAN.
    fn legal_moves_san(&self) -> Vec<String> {
        let pos = self.game.position();
        pos.legal_moves().iter().map(|&m| san::format(pos, m)).collect()
    }

    /// The number of legal moves.
    fn legal_move_count(&self) -> usize {
        self.game.position().legal_moves().len()
    }

    /// True when `uci` is a legal move here.
    fn is_legal(&self, uci: &str) -> bool {
        uci::parse(self.game.position(), uci).is_ok()
    }

    /// Plays the move `uci` (`e2e4`, `e7e8q`; castling as `e1g1` or `e1h1`); returns
    /// it in UCI as polyboard writes it. Raises ValueError when it is not legal.
    fn push_uci(&mut self, uci: &str) -> PyResult<String> {
        let before = *self.game.position();
        let mv = self.game.play_uci(uci).map_err(value_error)?;
        Ok(uci::format(&before, mv))
    }

    /// Plays the move `san` (`Nf3`, `O-O`, `exd8=Q+`); returns it in UCI.
    fn push_san(&mut self, san: &str) -> PyResult<String> {
        let before = *self.game.position();
        let mv = self.game.play_san(san).map_err(value_error)?;
        Ok(uci::format(&before, mv))
    }

    /// The SAN of the legal move `uci` in the current position.
    fn san(&self, uci: &str) -> PyResult<String> {
        let pos = self.game.position();
        let mv = uci::parse(pos, uci).map_err(value_error)?;
        Ok(san::format(pos, mv))
    }

    /// The UCI text of the legal move `san` in the current position.
    fn parse_san(&self, san: &str) -> PyResult<String> {
        let pos = self.game.position();
        let mv = san::parse(pos, san).map_err(value_error)?;
        Ok(uci::format(pos, mv))
    }

    /// Takes back the last move and returns it (UCI). Raises IndexError at the start.
    fn pop(&mut self) -> PyResult<String> {
        let Some(mv) = self.game.undo() else {
            return Err(pyo3::exceptions::PyIndexError::new_err("pop from empty move stack"));
        };
        Ok(uci::format(self.game.position(), mv))
    }

    /// The last move played (UCI). Raises IndexError at the start.
    fn peek(&self) -> PyResult<String> {
        let n = self.game.moves().len();
        if n == 0 {
            return Err(pyo3::exceptions::PyIndexError::new_err("peek at empty move stack"));
        }
        let mut g = self.game.clone();
        let mv = g.undo().expect("a move was played");
        Ok(uci::format(g.position(), mv))
    }

    /// True when the side to move is in check.
    fn is_check(&self) -> bool {
        self.game.position().is_check()
    }

    /// True when the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.game.position().is_checkmate()
    }

    /// True when the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> bool {
        self.game.position().is_stalemate()
    }

    /// True when neither side can checkmate.
    fn is_insufficient_material(&self) -> bool {
        self.game.position().is_insufficient_material()
    }

    /// How many times the current position has occurred, this time included.
    fn repetitions(&self) -> usize {
        self.game.repetitions()
    }

    /// The game's end as `(termination, winner)`: termination is a python-chess
    /// `Termination` name (`"CHECKMATE"`, ...), winner True (white), False (black) or
    /// None; `None` while the game goes on. Claimable draws (fifty moves, threefold
    /// repetition) count as ends, like python-chess's `outcome(claim_draw=True)`.
    fn status(&self) -> Option<(&'static str, Option<bool>)> {
        termination(self.game.status())
    }

    /// The FEN the game started from.
    fn start_fen(&self) -> String {
        self.game.start().fen()
    }

    /// Makes this game a copy of `other` (what `copy()` is built on).
    fn _assign(&mut self, other: PyRef<'_, Self>) {
        self.game = other.game.clone();
    }

    /// Leaves `depth` plies below the current position, counted on the representation
    /// `repr` (`polyboard.chess.REPRS`; the default is the fastest). `full=True` plays
    /// every leaf instead of counting the last ply in bulk. Releases the GIL.
    #[pyo3(signature = (depth, repr = None, *, full = false))]
    fn perft(&self, py: Python<'_>, depth: u32, repr: Option<&str>, full: bool) -> PyResult<u64> {
        if depth > CHESS_MAX_DEPTH {
            return Err(value_error(format!("depth: {depth} is more than chess perft allows ({CHESS_MAX_DEPTH})")));
        }
        let pos = *self.game.position();
        let names = polyboard_chess::repr::names();
        let repr = repr.unwrap_or(names[0]).to_string();
        py.detach(move || perft_chess(&pos, depth, &repr, full))
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.game.position().fen())
    }

    fn __str__(&self) -> String {
        let pos = self.game.position();
        let mut s = String::new();
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = polyboard_chess::Square::from_coords(file, rank);
                s.push(pos.piece_at(sq).map_or('.', |p| p.char()));
                s.push(if file == 7 { '\n' } else { ' ' });
            }
        }
        s.pop();
        s
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.game.position().fen() == other.game.position().fen()
            && self.game.moves() == other.game.moves()
            && self.game.start().fen() == other.game.start().fen()
    }
}

/// Legal moves (UCI) of each FEN, generated in one call without the GIL.
#[pyfunction]
fn legal_moves_many<'py>(py: Python<'py>, fens: Vec<String>) -> PyResult<Vec<Bound<'py, PyList>>> {
    let all: Result<Vec<Vec<u16>>, String> = py.detach(move || {
        fens.iter()
            .enumerate()
            .map(|(i, fen)| {
                let pos = Position::from_fen(fen).map_err(|e| format!("fens[{i}]: {e}"))?;
                Ok(legal_keys(&pos))
            })
            .collect()
    });
    all.map_err(value_error)?.into_iter().map(|keys| uci_list(py, keys.into_iter().map(usize::from))).collect()
}

/// Registers the module's contents.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ChessBoard>()?;
    m.add_function(wrap_pyfunction!(legal_moves_many, m)?)?;
    m.add("REPRS", polyboard_chess::repr::names())?;
    m.add("STARTING_FEN", START_FEN)?;
    Ok(())
}
