//! `polyboard._native.pyffish`: thin wrappers over polyboard-variants' pyffish API
//! ([`polyboard_variants::compat::Pyffish`]), one process-wide instance. The Python module
//! `polyboard.pyffish` gives them pyffish's names, defaults and exceptions.
//!
//! Every call releases the GIL while it runs. Errors come back as `ValueError` whose first
//! word says what went wrong (`move:` for an illegal move, `fen:`, `variant:`, `config:`,
//! `option:`), so the Python layer can raise pyffish's exception types.

use std::sync::OnceLock;

use polyboard_variants::compat::{CompatError, Pyffish};
use pyo3::prelude::*;

use crate::error::value_error;

fn sf() -> &'static Pyffish {
    static SF: OnceLock<Pyffish> = OnceLock::new();
    SF.get_or_init(Pyffish::new)
}

fn err(e: CompatError) -> PyErr {
    let kind = match e {
        CompatError::UnknownVariant { .. } => "variant",
        CompatError::Fen(_) => "fen",
        CompatError::Move { .. } => "move",
        CompatError::Config(_) => "config",
        CompatError::NoSuchOption { .. } => "option",
    };
    value_error(format!("{kind}: {e}"))
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[pyfunction]
fn version() -> (u32, u32, u32) {
    sf().version()
}

#[pyfunction]
fn info() -> String {
    sf().info()
}

#[pyfunction]
fn variants() -> Vec<String> {
    sf().variants()
}

#[pyfunction]
fn set_option(name: &str, value: &str) -> PyResult<()> {
    sf().set_option(name, value).map_err(err)
}

/// Loads the text as Fairy-Stockfish does and returns one warning line for each line or
/// section left out; with `strict`, the first problem is a `config:` error and nothing
/// is added.
#[pyfunction]
fn load_variant_config(py: Python<'_>, config: &str, strict: bool) -> PyResult<Vec<String>> {
    if strict {
        return py.detach(|| sf().load_variant_config_strict(config)).map(|_| Vec::new()).map_err(err);
    }
    Ok(py.detach(|| sf().load_variant_config(config)).warnings().map(|w| w.to_string()).collect())
}

#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    sf().start_fen(variant).map_err(err)
}

#[pyfunction]
fn two_boards(variant: &str) -> PyResult<bool> {
    sf().two_boards(variant).map_err(err)
}

#[pyfunction]
fn captures_to_hand(variant: &str) -> PyResult<bool> {
    sf().captures_to_hand(variant).map_err(err)
}

#[pyfunction]
fn legal_moves(py: Python<'_>, variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<Vec<String>> {
    py.detach(|| sf().legal_moves(variant, fen, &refs(&moves), chess960)).map_err(err)
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn get_fen(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    sfen: bool,
    show_promoted: bool,
    count_started: i64,
) -> PyResult<String> {
    py.detach(|| sf().get_fen(variant, fen, &refs(&moves), chess960, sfen, show_promoted, count_started)).map_err(err)
}

#[pyfunction]
fn get_san(py: Python<'_>, variant: &str, fen: &str, mv: &str, chess960: bool, notation: i64) -> PyResult<String> {
    py.detach(|| sf().get_san(variant, fen, mv, chess960, notation)).map_err(err)
}

#[pyfunction]
fn get_san_moves(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    notation: i64,
) -> PyResult<Vec<String>> {
    py.detach(|| sf().get_san_moves(variant, fen, &refs(&moves), chess960, notation)).map_err(err)
}

#[pyfunction]
fn gives_check(py: Python<'_>, variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    py.detach(|| sf().gives_check(variant, fen, &refs(&moves), chess960)).map_err(err)
}

#[pyfunction]
fn is_capture(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    mv: &str,
    chess960: bool,
) -> PyResult<bool> {
    py.detach(|| sf().is_capture(variant, fen, &refs(&moves), mv, chess960)).map_err(err)
}

#[pyfunction]
fn piece_to_partner(py: Python<'_>, variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<String> {
    py.detach(|| sf().piece_to_partner(variant, fen, &refs(&moves), chess960)).map_err(err)
}

#[pyfunction]
fn game_result(py: Python<'_>, variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    py.detach(|| sf().game_result(variant, fen, &refs(&moves), chess960)).map_err(err)
}

#[pyfunction]
fn is_immediate_game_end(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    py.detach(|| sf().is_immediate_game_end(variant, fen, &refs(&moves), chess960)).map_err(err)
}

#[pyfunction]
fn is_optional_game_end(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    count_started: i64,
) -> PyResult<(bool, i32)> {
    py.detach(|| sf().is_optional_game_end(variant, fen, &refs(&moves), chess960, count_started)).map_err(err)
}

#[pyfunction]
fn has_insufficient_material(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    py.detach(|| sf().has_insufficient_material(variant, fen, &refs(&moves), chess960)).map_err(err)
}

#[pyfunction]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    sf().validate_fen(fen, variant, chess960).map_err(err)
}

#[pyfunction]
fn get_fog_fen(py: Python<'_>, fen: &str, variant: &str, chess960: bool) -> PyResult<String> {
    py.detach(|| sf().get_fog_fen(fen, variant, chess960)).map_err(err)
}

/// Fills `polyboard._native.pyffish`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_fog_fen, m)?)?;
    Ok(())
}
