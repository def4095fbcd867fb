//! The errors the extension raises.

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// A `ValueError` with `message` (which names the field and the reason).
pub fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}
