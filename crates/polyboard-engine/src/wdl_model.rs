//! The win/draw/loss model's coefficients (see [`crate::strength::wdl`]): written by
//! `scripts/tune/wdl_fit.py` from 66 of the engine's own games at a fixed node count
//! (`scripts/tune/wdl_data.py`). Do not edit by hand.

/// a(x): the score (cp) at which a win is as likely as not, cubic in the material x
/// (highest power first).
pub(crate) const WDL_A: [f64; 4] = [24.3773, 29.2815, -141.677, 189.027];
/// b(x): the score scale (cp) of the logistic, cubic in x (highest power first).
pub(crate) const WDL_B: [f64; 4] = [-173.532, 30.9949, 280.643, -21.3714];
