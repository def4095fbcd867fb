//! `polyboard._native.perft`: perft of any game polyboard knows, and the split of a
//! perft tree at a ply into the positions there, which `polyboard.distributed` hands
//! to Ray tasks.
//!
//! `chess` and `chess960` count on polyboard-chess's representations, `shogi` on
//! polyboard-shogi's, and every other variant through polyboard-engine's [`Engine`].

use crate::chess::{CHESS_MAX_DEPTH, perft_chess};
use crate::error::value_error;
use crate::shogi::{SHOGI_MAX_DEPTH, perft_shogi};
use polyboard_engine::Engine;
use pyo3::prelude::*;
use std::collections::HashMap;

/// The deepest perft of a variant played through the engine.
const VARIANT_MAX_DEPTH: u32 = 12;

/// A position of one of the games, ready to count or split.
enum Root {
    Chess(polyboard_chess::Position),
    Shogi(polyboard_shogi::Position),
    Variant(Box<Engine>),
}

/// Sets up `fen` (the start position when None), then `moves`, in `variant`.
fn root(variant: &str, fen: Option<&str>, moves: &[String]) -> PyResult<Root> {
    match variant {
        "chess" | "chess960" => {
            let chess960 = variant == "chess960";
            let text = fen.unwrap_or(polyboard_chess::START_FEN);
            let parsed = if chess960 {
                polyboard_chess::Position::from_fen_variant(text, true)
            } else {
                polyboard_chess::Position::from_fen(text)
            };
            let mut pos = parsed.map_err(|e| value_error(format!("fen: {e}")))?;
            for (i, m) in moves.iter().enumerate() {
                let mv = polyboard_chess::uci::parse(&pos, m).map_err(|e| value_error(format!("moves[{i}]: {e}")))?;
                pos = pos.play(mv);
            }
            Ok(Root::Chess(pos))
        }
        "shogi" => {
            let text = fen.unwrap_or(polyboard_shogi::STARTPOS);
            let mut pos = polyboard_shogi::Position::from_sfen(text).map_err(|e| value_error(format!("fen: {e}")))?;
            for (i, m) in moves.iter().enumerate() {
                let mv = polyboard_shogi::usi::parse(&pos, m).map_err(|e| value_error(format!("moves[{i}]: {e}")))?;
                pos = pos.play(mv);
            }
            Ok(Root::Shogi(pos))
        }
        _ => {
            let mut e = Engine::new(variant).map_err(|e| value_error(format!("variant: {e}")))?;
            let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
            e.set_position(fen, &moves).map_err(|e| value_error(format!("position: {e}")))?;
            Ok(Root::Variant(Box::new(e)))
        }
    }
}

impl Root {
    /// The deepest perft this game allows.
    fn max_depth(&self) -> u32 {
        match self {
            Root::Chess(_) => CHESS_MAX_DEPTH,
            Root::Shogi(_) => SHOGI_MAX_DEPTH,
            Root::Variant(_) => VARIANT_MAX_DEPTH,
        }
    }

    /// The position's text (FEN, or SFEN for shogi).
    fn fen(&self) -> String {
        match self {
            Root::Chess(p) => p.fen(),
            Root::Shogi(p) => p.sfen(),
            Root::Variant(e) => e.fen(),
        }
    }

    /// Counts the leaves `depth` plies below (`repr` None: the default one).
    fn perft(&self, depth: u32, repr: Option<&str>) -> PyResult<u64> {
        match self {
            Root::Chess(p) => perft_chess(p, depth, repr.unwrap_or(polyboard_chess::repr::names()[0]), false),
            Root::Shogi(p) => perft_shogi(p, depth, repr.unwrap_or("fast"), false),
            Root::Variant(e) => match repr {
                Some(r) => Err(value_error(format!("repr: '{r}': a variant counts on the engine's board only"))),
                None if depth == 0 => Ok(1),
                None => Ok(e.perft(depth).iter().map(|r| r.1).sum()),
            },
        }
    }

    /// Every position `ply` plies below, each with the number of paths that reach it.
    fn split(&mut self, ply: u32, out: &mut HashMap<String, u64>) {
        if ply == 0 {
            *out.entry(self.fen()).or_default() += 1;
            return;
        }
        match self {
            Root::Chess(p) => {
                for &mv in p.legal_moves().iter() {
                    Root::Chess(p.play(mv)).split(ply - 1, out);
                }
            }
            Root::Shogi(p) => {
                for mv in p.legal_moves() {
                    Root::Shogi(p.play(mv)).split(ply - 1, out);
                }
            }
            Root::Variant(e) => split_engine(e, ply, out),
        }
    }
}

/// [`Root::split`] for a variant: plays each move on the engine and takes it back.
fn split_engine(e: &mut Engine, ply: u32, out: &mut HashMap<String, u64>) {
    if ply == 0 {
        *out.entry(e.fen()).or_default() += 1;
        return;
    }
    for mv in e.legal_moves() {
        if e.play(&mv).is_ok() {
            split_engine(e, ply - 1, out);
            e.undo();
        }
    }
}

/// Leaves `depth` plies below `fen` (the start position when None) after `moves`, in
/// `variant`, on the representation `repr` (chess and shogi only). Releases the GIL.
#[pyfunction]
#[pyo3(signature = (fen = None, depth = 1, variant = "chess", repr = None, moves = Vec::new()))]
fn perft(
    py: Python<'_>,
    fen: Option<&str>,
    depth: u32,
    variant: &str,
    repr: Option<&str>,
    moves: Vec<String>,
) -> PyResult<u64> {
    let root = root(variant, fen, &moves)?;
    if depth > root.max_depth() {
        return Err(value_error(format!("depth: {depth} is more than {variant} perft allows ({})", root.max_depth())));
    }
    let repr = repr.map(str::to_string);
    py.detach(move || root.perft(depth, repr.as_deref()))
}

/// Every position `ply` plies below `fen` after `moves` in `variant`, with the number
/// of paths that reach it: the perft at depth `ply + d` is the sum of each count
/// times that position's perft at depth `d`. Sorted by text. Releases the GIL.
#[pyfunction]
#[pyo3(signature = (fen = None, ply = 1, variant = "chess", moves = Vec::new()))]
fn split(
    py: Python<'_>,
    fen: Option<&str>,
    ply: u32,
    variant: &str,
    moves: Vec<String>,
) -> PyResult<Vec<(String, u64)>> {
    let mut root = root(variant, fen, &moves)?;
    if ply > 6 {
        return Err(value_error(format!(
            "ply: {ply}; a split goes 6 plies deep at most (the positions must fit in memory)"
        )));
    }
    Ok(py.detach(move || {
        let mut out = HashMap::new();
        root.split(ply, &mut out);
        let mut rows: Vec<(String, u64)> = out.into_iter().collect();
        rows.sort();
        rows
    }))
}

/// Registers the module's contents.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    Ok(())
}
