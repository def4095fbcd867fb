//! The win/draw/loss model's coefficients (see [`crate::strength::wdl`]): written by
//! `scripts/tune/wdl_fit.py` from 652 of the engine's own games at a fixed node count
//! (`scripts/tune/wdl_data.py`). Do not edit by hand.

/// a(x): the score (cp) at which a win is as likely as not, cubic in the material x
/// (highest power first).
pub(crate) const WDL_A: [f64; 4] = [211.99, -15.8905, -376.659, 278.053];
/// b(x): the score scale (cp) of the logistic, cubic in x (highest power first).
pub(crate) const WDL_B: [f64; 4] = [56.3268, -27.3223, -1.29391, 78.6002];
