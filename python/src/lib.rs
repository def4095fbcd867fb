//! polyboard's native extension for Python, `polyboard._native`.
//!
//! Each area is a submodule of its own, registered under its dotted name so that
//! `import polyboard._native.chess` works: [`chess`], [`shogi`], [`codec`],
//! [`engine`] and [`perft`]. The Python package `polyboard` (in `python/polyboard/`)
//! wraps them with docstrings and the python-chess / cshogi style names.
//!
//! Every call that runs long (perft, search, bulk codecs) releases the GIL. Bad input
//! raises `ValueError` naming the field and the reason; nothing panics on it.
//!
//! To add a submodule (e.g. `pyffish.rs`): write `pub fn register(m: &Bound<PyModule>)`
//! in its file and add it to [`SUBMODULES`] below.

use pyo3::prelude::*;
use pyo3::types::PyDict;

mod chess;
mod codec;
mod engine;
mod error;
mod perft;
mod pyffish;
mod shogi;

/// A submodule's name and the function that fills it.
type Register = fn(&Bound<'_, PyModule>) -> PyResult<()>;

/// Every submodule of `polyboard._native`.
const SUBMODULES: &[(&str, Register)] = &[
    ("chess", chess::register),
    ("shogi", shogi::register),
    ("codec", codec::register),
    ("engine", engine::register),
    ("perft", perft::register),
    ("pyffish", pyffish::register),
];

/// The module `polyboard._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    let modules = py.import("sys")?.getattr("modules")?.cast_into::<PyDict>()?;
    for (name, register) in SUBMODULES {
        let sub = PyModule::new(py, name)?;
        register(&sub)?;
        m.add_submodule(&sub)?;
        modules.set_item(format!("polyboard._native.{name}"), &sub)?;
    }
    Ok(())
}
