//! `polyboard._native.engine`: polyboard-engine's typed [`Engine`] as a Python class;
//! `polyboard.Engine` wraps it.

use crate::error::value_error;
use polyboard_engine::{Engine, Limits, Score, SearchResult};
use pyo3::prelude::*;
use std::sync::Mutex;

/// An engine for one game or variant: a position, a hash table and a thread count.
#[pyclass(module = "polyboard._native.engine", name = "Engine")]
pub struct PyEngine {
    /// The engine; the lock makes the class shareable between Python threads.
    engine: Mutex<Engine>,
}

/// A search's answer as Python sees it.
#[pyclass(module = "polyboard._native.engine", name = "SearchResult", get_all, frozen)]
pub struct PySearchResult {
    /// The best move (UCI, or USI for shogi); None when there is no legal move.
    best: Option<String>,
    /// The expected reply, to ponder on.
    ponder: Option<String>,
    /// The score in centipawns from the side to move's view; None for a mate score.
    cp: Option<i32>,
    /// Mate in this many moves (positive: the side to move mates; negative: it is
    /// mated), as UCI's `score mate`; None for a centipawn score.
    mate: Option<i32>,
    /// The principal variation, best move first.
    pv: Vec<String>,
    /// The last completed depth.
    depth: u32,
    /// The deepest ply reached.
    seldepth: u32,
    /// Nodes searched by all threads.
    nodes: u64,
    /// Seconds the search took.
    time: f64,
}

impl From<SearchResult> for PySearchResult {
    fn from(r: SearchResult) -> Self {
        let (cp, mate) = match r.score {
            Score::Cp(cp) => (Some(cp), None),
            Score::Mate(p) if p < 0 => (None, Some(-(-p / 2))),
            Score::Mate(p) => (None, Some((p + 1) / 2)),
        };
        PySearchResult {
            best: r.best,
            ponder: r.ponder,
            cp,
            mate,
            pv: r.pv,
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            time: r.time.as_secs_f64(),
        }
    }
}

#[pymethods]
impl PySearchResult {
    /// The best move (as `best`).
    #[getter(r#move)]
    fn best_move(&self) -> Option<String> {
        self.best.clone()
    }

    /// `("cp", centipawns)` or `("mate", moves)`, from the side to move's view.
    #[getter]
    fn score(&self) -> (&'static str, i32) {
        match (self.cp, self.mate) {
            (_, Some(m)) => ("mate", m),
            (cp, None) => ("cp", cp.unwrap_or(0)),
        }
    }

    fn __repr__(&self) -> String {
        let score = match (self.cp, self.mate) {
            (_, Some(m)) => format!("mate={m}"),
            (Some(cp), _) => format!("cp={cp}"),
            _ => String::new(),
        };
        format!(
            "SearchResult(move={:?}, {score}, depth={}, nodes={}, pv={:?})",
            self.best.as_deref().unwrap_or(""),
            self.depth,
            self.nodes,
            self.pv
        )
    }
}

impl PyEngine {
    fn lock(&self) -> std::sync::MutexGuard<'_, Engine> {
        // A panic while the lock was held leaves the engine as it was: still usable.
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl PyEngine {
    /// An engine playing `variant` (`chess`, `shogi`, `crazyhouse`, ...) with
    /// `threads` search threads and a `hash` MiB table.
    #[new]
    #[pyo3(signature = (variant = "chess", threads = 1, hash = 16))]
    fn new(variant: &str, threads: usize, hash: usize) -> PyResult<Self> {
        if threads == 0 || threads > polyboard_engine::api::THREADS_MAX {
            return Err(value_error(format!(
                "threads: {threads} is not in 1..={}",
                polyboard_engine::api::THREADS_MAX
            )));
        }
        let mut e = Engine::new(variant).map_err(|e| value_error(format!("variant: {e}")))?;
        e.set_threads(threads);
        e.set_hash(hash).map_err(|e| value_error(format!("hash: {e}")))?;
        Ok(PyEngine { engine: Mutex::new(e) })
    }

    /// The game or variant played.
    #[getter]
    fn variant(&self) -> String {
        self.lock().variant().to_string()
    }

    /// Every game and variant this engine can play.
    fn variants(&self) -> Vec<String> {
        self.lock().variants()
    }

    /// Sets the position: `fen` (SFEN for shogi; the start position when None), then
    /// `moves`. Raises ValueError naming the position or the move that failed.
    #[pyo3(signature = (fen = None, moves = Vec::new()))]
    fn set_position(&self, fen: Option<&str>, moves: Vec<String>) -> PyResult<()> {
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        self.lock().set_position(fen, &moves).map_err(|e| value_error(format!("position: {e}")))
    }

    /// The position's FEN (SFEN for shogi).
    fn fen(&self) -> String {
        self.lock().fen()
    }

    /// The legal moves' texts.
    fn legal_moves(&self) -> Vec<String> {
        self.lock().legal_moves()
    }

    /// Plays the legal move `mv`.
    fn play(&self, mv: &str) -> PyResult<()> {
        self.lock().play(mv).map_err(|e| value_error(format!("move: {e}")))
    }

    /// Takes back the last move; False at the start.
    fn undo(&self) -> bool {
        self.lock().undo()
    }

    /// The side to move: 0 moves first (white in chess, black in shogi).
    fn side_to_move(&self) -> usize {
        self.lock().side_to_move()
    }

    /// `(result, reason)` once the rules end the game (`"1-0"`, `"0-1"`,
    /// `"1/2-1/2"`), else None.
    fn result(&self) -> Option<(&'static str, String)> {
        self.lock().result()
    }

    /// Each legal move's perft count at `depth` (at least 1), sorted by move text.
    /// Releases the GIL.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<Vec<(String, u64)>> {
        if depth == 0 {
            return Err(value_error("depth: the engine's divide needs depth 1 or more"));
        }
        Ok(py.detach(|| self.lock().perft(depth)))
    }

    /// Sets an engine option (`Repr`, `UCI_Chess960`, `UCI_LimitStrength`, `UCI_Elo`, ...).
    fn set_option(&self, name: &str, value: &str) -> PyResult<()> {
        self.lock().set_option(name, value).map_err(value_error)
    }

    /// Empties the hash table (a new game).
    fn clear_hash(&self) {
        self.lock().clear_hash();
    }

    /// Searches the current position within the limits (none given: depth 8) and
    /// returns a SearchResult. Releases the GIL while it searches.
    #[pyo3(signature = (*, depth = None, nodes = None, movetime = None))]
    fn search(
        &self,
        py: Python<'_>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
    ) -> PyResult<PySearchResult> {
        if depth == Some(0) {
            return Err(value_error("depth: 0 plies; a search needs 1 or more"));
        }
        if nodes == Some(0) {
            return Err(value_error("nodes: 0; a search needs 1 or more"));
        }
        let movetime = match movetime {
            Some(t) if !t.is_finite() || t <= 0.0 => {
                return Err(value_error(format!("movetime: {t} seconds; give a positive number")));
            }
            Some(t) => Some(((t * 1000.0).round() as u64).max(1)),
            None => None,
        };
        let mut limits = Limits { depth, nodes, movetime, ..Limits::default() };
        if depth.is_none() && nodes.is_none() && movetime.is_none() {
            limits.depth = Some(8);
        }
        let search = self.lock().prepare(limits);
        Ok(py.detach(move || search.run(|_| {})).into())
    }
}

/// Registers the module's contents.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEngine>()?;
    m.add_class::<PySearchResult>()?;
    Ok(())
}
