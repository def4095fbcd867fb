//! `polyboard._native.engine`.

use pyo3::prelude::*;

/// Registers the module's contents.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
