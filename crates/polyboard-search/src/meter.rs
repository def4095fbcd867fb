//! Observing a search from the inside, for measurements only.
//!
//! [`crate::search::search_metered`] runs the main search thread with a [`Meter`],
//! which the search calls around every quiescence search started from the main search
//! (a leaf of the full-width search, or razoring) and after every transposition-table
//! probe and store. Nothing the meter does feeds back into the search, so the tree is
//! the one [`crate::search::search`] walks.
//!
//! [`crate::search::search`] (every front end, every helper thread) uses [`NoMeter`],
//! whose methods are empty and always inlined: that monomorphization is the search
//! without any meter, so normal play pays nothing. `polyboard bench` supplies the
//! meters of its representation experiment (the time spent in quiescence, and the
//! wrong hits of a key).

/// What a measurement observes in the main search thread. Every method does nothing
/// unless overridden.
pub trait Meter<P>: Send {
    /// A quiescence search called from the main search starts (not its own recursion).
    #[inline(always)]
    fn quiesce_start(&mut self) {}

    /// That quiescence search has returned.
    #[inline(always)]
    fn quiesce_end(&mut self) {}

    /// The table was probed with `key` in `pos`; `hit` when it returned an entry.
    #[inline(always)]
    fn probe(&mut self, _pos: &P, _key: u64, _hit: bool) {}

    /// The table stored an entry for `key` in `pos`.
    #[inline(always)]
    fn store(&mut self, _pos: &P, _key: u64) {}
}

/// The meter of normal play: observes nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoMeter;

impl<P> Meter<P> for NoMeter {}
