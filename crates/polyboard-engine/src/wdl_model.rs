//! The win/draw/loss model's coefficients (see [`crate::strength::wdl`]): written by
//! `scripts/tune/wdl_fit.py` from 300 of the engine's own games at a fixed node count
//! (`scripts/tune/wdl_data.py`). Do not edit by hand.

/// a(x): the score (cp) at which a win is as likely as not, cubic in the material x
/// (highest power first).
pub(crate) const WDL_A: [f64; 4] = [777.231, -60.2664, -1153.25, 634.413];
/// b(x): the score scale (cp) of the logistic, cubic in x (highest power first).
pub(crate) const WDL_B: [f64; 4] = [328.19, 46.8177, -442.298, 247.527];
