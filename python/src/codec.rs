//! `polyboard._native.codec`: polyboard-codec's position encodings, one record at a
//! time or in bulk (rows of a byte table that `polyboard.codec` views as numpy).
//!
//! A bulk row is the record's length in bytes, then the record, then zeros up to the
//! row's width, which is the format's longest record plus one.

use crate::error::value_error;
use polyboard_codec::{Format, Position};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The format named `name`, or a ValueError listing the names.
fn format_named(name: &str) -> PyResult<Format> {
    Format::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Format::available().map(|f| f.name()).collect();
        value_error(format!("format: unknown format '{name}' (known: {})", names.join(", ")))
    })
}

/// Reads a FEN; `chess960` marks it Chess960.
fn read_fen(fen: &str, chess960: bool) -> Result<Position, String> {
    if chess960 { Position::from_fen_variant(fen, true) } else { Position::from_fen(fen) }.map_err(|e| e.to_string())
}

/// The formats: `(name, longest record in bytes, description)`, in the CLI's order.
#[pyfunction]
fn formats() -> Vec<(&'static str, usize, &'static str)> {
    Format::available().map(|f| (f.name(), f.max_bytes(), f.description())).collect()
}

/// The record of one FEN in `format`.
#[pyfunction]
#[pyo3(signature = (fen, format, *, chess960 = false))]
fn encode<'py>(py: Python<'py>, fen: &str, format: &str, chess960: bool) -> PyResult<Bound<'py, PyBytes>> {
    let f = format_named(format)?;
    let pos = read_fen(fen, chess960).map_err(|e| value_error(format!("fen: {e}")))?;
    let mut out = Vec::with_capacity(f.max_bytes());
    f.encode(&pos, &mut out).map_err(|e| value_error(format!("fen: {e}")))?;
    Ok(PyBytes::new(py, &out))
}

/// The FEN of one record in `format`.
#[pyfunction]
#[pyo3(signature = (record, format, *, chess960 = false))]
fn decode(record: &[u8], format: &str, chess960: bool) -> PyResult<String> {
    let f = format_named(format)?;
    f.decode(record, chess960).map(|p| p.fen()).map_err(|e| value_error(format!("record: {e}")))
}

/// Encodes `fens[i]` into `rows[i]` (rows of `width` bytes); the error names the index.
fn encode_rows(
    f: Format,
    fens: &[String],
    rows: &mut [u8],
    width: usize,
    first: usize,
    chess960: bool,
) -> Result<(), String> {
    let mut record = Vec::with_capacity(f.max_bytes());
    for (i, (fen, row)) in fens.iter().zip(rows.chunks_exact_mut(width)).enumerate() {
        let at = |e: String| format!("fens[{}]: {e}", first + i);
        let pos = read_fen(fen, chess960).map_err(at)?;
        f.encode(&pos, &mut record).map_err(|e| at(e.to_string()))?;
        row[0] = record.len() as u8;
        row[1..1 + record.len()].copy_from_slice(&record);
    }
    Ok(())
}

/// How many threads a bulk call of `n` items uses: up to `threads` (0: the machine's
/// cores), one per 4096 items at least.
fn threads_for(n: usize, threads: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let wanted = if threads == 0 { cores } else { threads };
    wanted.min(n.div_ceil(4096)).max(1)
}

/// Encodes every FEN: returns `(table, width)`, `table` holding one row of `width`
/// bytes a FEN (length byte, record, zeros). Runs on `threads` threads (0: every
/// core) without the GIL.
#[pyfunction]
#[pyo3(signature = (fens, format, *, chess960 = false, threads = 0))]
fn encode_many<'py>(
    py: Python<'py>,
    fens: Vec<String>,
    format: &str,
    chess960: bool,
    threads: usize,
) -> PyResult<(Bound<'py, PyBytes>, usize)> {
    let f = format_named(format)?;
    let width = f.max_bytes() + 1;
    let n = fens.len();
    let table = py.detach(move || -> Result<Vec<u8>, String> {
        let mut table = vec![0u8; n * width];
        let parts = threads_for(n, threads);
        let per = n.div_ceil(parts).max(1);
        std::thread::scope(|s| {
            let jobs: Vec<_> = fens
                .chunks(per)
                .zip(table.chunks_mut(per * width))
                .enumerate()
                .map(|(k, (chunk, rows))| s.spawn(move || encode_rows(f, chunk, rows, width, k * per, chess960)))
                .collect();
            jobs.into_iter().try_for_each(|j| j.join().unwrap_or_else(|_| Err("an encoder thread failed".into())))
        })?;
        Ok(table)
    });
    let table = table.map_err(value_error)?;
    Ok((PyBytes::new(py, &table), width))
}

/// Decodes the rows of `table` (as [`encode_many`] writes them, `width` bytes each)
/// into FENs, without the GIL.
#[pyfunction]
#[pyo3(signature = (table, width, format, *, chess960 = false, threads = 0))]
fn decode_many(
    py: Python<'_>,
    table: &[u8],
    width: usize,
    format: &str,
    chess960: bool,
    threads: usize,
) -> PyResult<Vec<String>> {
    let f = format_named(format)?;
    if width != f.max_bytes() + 1 {
        return Err(value_error(format!(
            "table: rows of {width} bytes, but {} has rows of {}",
            f.name(),
            f.max_bytes() + 1
        )));
    }
    if !table.len().is_multiple_of(width) {
        return Err(value_error(format!("table: {} bytes is not a whole number of {width}-byte rows", table.len())));
    }
    let n = table.len() / width;
    let parts = threads_for(n, threads);
    let per = n.div_ceil(parts).max(1);
    let decode_rows = |rows: &[u8], first: usize| -> Result<Vec<String>, String> {
        rows.chunks_exact(width)
            .enumerate()
            .map(|(i, row)| {
                let len = row[0] as usize;
                if len == 0 || len >= width {
                    return Err(format!("rows[{}]: length byte {len} is not 1..{}", first + i, width - 1));
                }
                f.decode(&row[1..1 + len], chess960).map(|p| p.fen()).map_err(|e| format!("rows[{}]: {e}", first + i))
            })
            .collect()
    };
    let fens = py.detach(|| {
        std::thread::scope(|s| {
            let jobs: Vec<_> = table
                .chunks(per * width)
                .enumerate()
                .map(|(k, rows)| s.spawn(move || decode_rows(rows, k * per)))
                .collect();
            let mut all = Vec::with_capacity(n);
            for j in jobs {
                all.extend(j.join().unwrap_or_else(|_| Err("a decoder thread failed".into()))?);
            }
            Ok::<_, String>(all)
        })
    });
    fens.map_err(value_error)
}

/// Registers the module's contents.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(formats, m)?)?;
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(encode_many, m)?)?;
    m.add_function(wrap_pyfunction!(decode_many, m)?)?;
    Ok(())
}
