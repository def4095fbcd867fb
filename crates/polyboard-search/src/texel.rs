//! Texel tuning (Peter Österlund's method), shared by the chess and the shogi tuner
//! (`examples/tune.rs`).
//!
//! The data are positions labelled with the result of the game they come from (1, 0.5
//! or 0 for the first player: White in chess, Black in shogi). The error of a set of
//! weights is the mean of `(result - sigmoid(K * eval))^2` over the positions, with
//! `eval` the static evaluation from the first player's side and `sigmoid(x) = 1 / (1 +
//! 10^(-x / 400))`. [`fit_k`] fits K with the weights fixed; [`local_search`] then moves
//! each weight in turn by `+step` or `-step` while the error falls, pass after pass,
//! halving the step when a pass moves nothing, until a pass at step 1 moves nothing.

/// The integers of a weights file, one a line (blank lines and lines starting with `#`
/// skipped); `None` when a line holds anything else. The chess and shogi weights files
/// share this format.
pub fn weight_lines(text: &str) -> Option<Vec<i32>> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(|l| l.parse().ok()).collect()
}

/// The mean squared error of `eval` (the first player's score of a sample under the
/// weights `w`) against the samples' results, over `threads` threads.
pub fn error<S: Sync, W: Sync>(
    data: &[(S, f64)],
    w: &W,
    k: f64,
    threads: usize,
    eval: &(impl Fn(&S, &W) -> i32 + Sync),
) -> f64 {
    let chunk = data.len().div_ceil(threads.max(1)).max(1);
    let sum: f64 = std::thread::scope(|s| {
        let handles: Vec<_> = data
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|(sample, result)| {
                            let e = eval(sample, w) as f64;
                            let p = 1.0 / (1.0 + 10f64.powf(-k * e / 400.0));
                            (result - p) * (result - p)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    sum / data.len().max(1) as f64
}

/// Fits K (coarse then fine scan from 1.0) with the weights fixed; returns K and the
/// error at it.
pub fn fit_k<S: Sync, W: Sync>(
    data: &[(S, f64)],
    w: &W,
    threads: usize,
    eval: &(impl Fn(&S, &W) -> i32 + Sync),
) -> (f64, f64) {
    let mut k = 1.0;
    let mut best = error(data, w, k, threads, eval);
    for step in [0.1, 0.01] {
        loop {
            let up = error(data, w, k + step, threads, eval);
            let down = error(data, w, k - step, threads, eval);
            if up < best {
                k += step;
                best = up;
            } else if down < best {
                k -= step;
                best = down;
            } else {
                break;
            }
        }
    }
    (k, best)
}

/// The local search: `values(w)` lists the weights (in a fixed order), and those at the
/// positions `tuned` in that list (all when it is empty) are tuned. Each in turn moves by `+step`, else `-step`, when that lowers the error. The step starts at
/// `first_step` and halves whenever a pass moves no weight; the search ends when a
/// pass at step 1 moves nothing, after `passes` passes, or when `after_pass(w, pass,
/// step, moved, error)`, which runs after every pass (the tuners write the weights and
/// check held-out data there), returns false. Returns the final error.
#[allow(clippy::too_many_arguments)]
pub fn local_search<S: Sync, W: Sync>(
    data: &[(S, f64)],
    w: &mut W,
    values: fn(&mut W) -> Vec<&mut i32>,
    tuned: &[usize],
    k: f64,
    threads: usize,
    passes: usize,
    first_step: i32,
    eval: &(impl Fn(&S, &W) -> i32 + Sync),
    mut after_pass: impl FnMut(&W, usize, i32, usize, f64) -> bool,
) -> f64 {
    let mut best = error(data, w, k, threads, eval);
    let all: Vec<usize> = (0..values(w).len()).collect();
    let tuned = if tuned.is_empty() { &all[..] } else { tuned };
    let mut step = first_step.max(1);
    for pass in 0..passes {
        let mut moved = 0;
        for &i in tuned {
            for delta in [step, -step] {
                *values(w)[i] += delta;
                let e = error(data, w, k, threads, eval);
                if e < best {
                    best = e;
                    moved += 1;
                    break;
                }
                *values(w)[i] -= delta;
            }
        }
        if !after_pass(w, pass + 1, step, moved, best) {
            break;
        }
        if moved == 0 {
            if step == 1 {
                break;
            }
            step /= 2;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovers_a_linear_weight() {
        // Results drawn from a known logistic model: eval = 100 * x. The search from 0
        // must come close to 100 (K fixed at 1).
        let data: Vec<(i32, f64)> =
            (-20..=20).map(|x| (x, 1.0 / (1.0 + 10f64.powf(-(100.0 * x as f64) / 400.0)))).collect();
        let eval = |x: &i32, w: &Vec<i32>| w[0] * x;
        let mut w = vec![0];
        let values: fn(&mut Vec<i32>) -> Vec<&mut i32> = |w| w.iter_mut().collect();
        let e = local_search(&data, &mut w, values, &[], 1.0, 1, 100, 64, &eval, |_, _, _, _, _| true);
        assert!((w[0] - 100).abs() <= 1, "{w:?}");
        assert!(e < 1e-6);
    }
}
