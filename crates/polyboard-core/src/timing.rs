//! Timing for benchmarks on a shared machine.

use std::time::Instant;

/// The CPU time the calling thread has run, in seconds, where Linux reports it
/// (`/proc/thread-self/schedstat`, in nanoseconds); `None` elsewhere.
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// What [`timed`] measures: `"thread CPU time"` or `"wall time"`.
pub fn clock_name() -> &'static str {
    if thread_cpu_seconds().is_some() { "thread CPU time" } else { "wall time" }
}

/// Runs `f` once and returns its result with the seconds it took: the thread's CPU time
/// where available (far less disturbed than wall time when other jobs share the cores),
/// wall time otherwise.
#[inline(never)]
pub fn timed<R>(f: impl FnOnce() -> R) -> (R, f64) {
    let cpu = thread_cpu_seconds();
    let start = Instant::now();
    let out = std::hint::black_box(f());
    let wall = start.elapsed().as_secs_f64();
    match (cpu, thread_cpu_seconds()) {
        (Some(a), Some(b)) => (out, b - a),
        _ => (out, wall),
    }
}
