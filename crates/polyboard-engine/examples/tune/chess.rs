//! The chess tuner: Texel's error, minimised by gradient descent on a linearised
//! evaluation (what Ethereal's and most current tuners do), since the local search
//! would take days over a thousand weights and a few hundred thousand positions.
//!
//! 1. *Linearise*: for every position and every weight, the evaluation's change when
//!    the weight grows by `STEP` (divided by `STEP`) is the weight's coefficient in
//!    that position; nearly all are zero, so they are kept sparse. The evaluation is
//!    linear in almost every weight (material, tables, mobility, pawn terms, threats:
//!    counts blended by the phase). The king-danger weights (attack units and the
//!    danger scale, the last five) are not: they enter squared, so a gradient step
//!    sized for the others throws them far out of the linear range; they stay as
//!    they are.
//! 2. *Descend*: Adam on the linear model (`eval = eval(w0) + Σ c_i (w_i - w0_i)`),
//!    full batch, `--epochs` steps, weights as real numbers, with an L2 penalty
//!    `--l2 * (w - w_start)^2` towards the starting weights (squares a piece rarely
//!    stands on take wild values without it), and early stopping: the weights kept
//!    are those at which the held-out positions' error was lowest.
//! 3. Round the weights and repeat from 1 (`--rounds` times), so the non-linear terms
//!    are linearised around the new weights.
//!
//! One block of 300 lines in ten is held out (whole games, since the data scripts
//! write a game's positions together; single lines would leak their neighbours from
//! the same game): its error, with the real evaluation and the rounded weights, is
//! printed after every round and says whether the new weights are better.

use polyboard_chess::{Color, PieceSets, Position};
use polyboard_engine::chess::eval::{Weights, evaluate};
use polyboard_search::texel::{error, fit_k};

/// How far a weight moves to measure its coefficient (large, so that the integer
/// divisions of the phase blend and the scaling do not hide it).
const STEP: i32 = 240;

/// The last weights in `Weights::values_mut` order (attack units, danger scale),
/// which the evaluation does not use linearly; the tuner leaves them.
const FROZEN: usize = 5;

/// A training position (its piece sets and side to move) and its label, the
/// probability of a White win it is fitted to.
type Sample = ((PieceSets, Color), f64);

/// The evaluation from White's side.
fn white_eval((sets, turn): &(PieceSets, Color), w: &Weights) -> i32 {
    let e = evaluate(sets, *turn, w);
    if *turn == Color::White { e } else { -e }
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// A position's linearised evaluation: `base` at the weights it was taken at, and the
/// non-zero coefficients.
struct Linear {
    base: f64,
    coefs: Vec<(u16, f32)>,
    result: f64,
}

fn linearise(data: &[Sample], w: &Weights, threads: usize) -> Vec<Linear> {
    let n = w.clone().values_mut().len();
    let chunk = data.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = data
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut w = w.clone();
                    let base: Vec<i32> = part.iter().map(|sample| white_eval(&sample.0, &w)).collect();
                    let mut lin: Vec<Linear> = part
                        .iter()
                        .zip(&base)
                        .map(|(sample, &b)| Linear { base: b as f64, coefs: Vec::new(), result: sample.1 })
                        .collect();
                    // Weight by weight (one `values_mut` a weight: it builds a list).
                    for i in 0..n {
                        *w.values_mut()[i] += STEP;
                        for ((sample, &b), l) in part.iter().zip(&base).zip(lin.iter_mut()) {
                            let up = white_eval(&sample.0, &w);
                            if up != b {
                                l.coefs.push((i as u16, (up - b) as f32 / STEP as f32));
                            }
                        }
                        *w.values_mut()[i] -= STEP;
                    }
                    lin
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    })
}

/// The linear model's mean squared error at `delta`, and (with `grad`) its gradient.
fn linear_error(lin: &[Linear], delta: &[f64], k: f64, threads: usize, grad: bool) -> (f64, Vec<f64>) {
    let n = delta.len();
    let ln10 = std::f64::consts::LN_10;
    let chunk = lin.len().div_ceil(threads.max(1)).max(1);
    let (mut g, err) = std::thread::scope(|s| {
        let handles: Vec<_> = lin
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut g = if grad { vec![0.0; n] } else { Vec::new() };
                    let mut err = 0.0;
                    for l in part {
                        let e = l.base + l.coefs.iter().map(|&(i, c)| c as f64 * delta[i as usize]).sum::<f64>();
                        let p = sigmoid(k, e);
                        err += (l.result - p) * (l.result - p);
                        if grad {
                            // d/dw (r - p)^2 = -2 (r - p) p (1 - p) ln10 K / 400 * c
                            let f = -2.0 * (l.result - p) * p * (1.0 - p) * ln10 * k / 400.0;
                            for &(i, c) in &l.coefs {
                                g[i as usize] += f * c as f64;
                            }
                        }
                    }
                    (g, err)
                })
            })
            .collect();
        let mut g = if grad { vec![0.0; n] } else { Vec::new() };
        let mut err = 0.0;
        for h in handles {
            let (part, e) = h.join().unwrap_or_default();
            for (a, b) in g.iter_mut().zip(part) {
                *a += b;
            }
            err += e;
        }
        (g, err)
    });
    let count = lin.len().max(1) as f64;
    for x in g.iter_mut() {
        *x /= count;
    }
    (err / count, g)
}

/// Adam over the linear model, `delta` being the change from the weights linearised
/// at and `offset` how far those already are from the starting weights (the L2
/// penalty `l2 * (offset + delta)^2` pulls towards the start). Keeps the `delta`
/// whose held-out error is lowest (checked every 25 epochs): early stopping.
#[allow(clippy::too_many_arguments)]
fn descend(
    lin: &[Linear],
    held: &[Linear],
    delta: &mut [f64],
    offset: &[f64],
    l2: f64,
    k: f64,
    epochs: usize,
    threads: usize,
) -> f64 {
    let n = delta.len();
    let tuned = n - FROZEN;
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (rate, b1, b2) = (0.5, 0.9, 0.999);
    let (mut best, mut best_delta) = (linear_error(held, delta, k, threads, false).0, delta.to_vec());
    for epoch in 1..=epochs {
        let (_, grad) = linear_error(lin, delta, k, threads, true);
        for i in 0..tuned {
            let gi = grad[i] + 2.0 * l2 * (offset[i] + delta[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            delta[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        if epoch % 25 == 0 {
            let h = linear_error(held, delta, k, threads, false).0;
            if h < best {
                best = h;
                best_delta.copy_from_slice(delta);
            }
            if epoch % 100 == 0 {
                eprintln!("  epoch {epoch}: held-out linear error {h:.6} (best {best:.6})");
            }
        }
    }
    delta.copy_from_slice(&best_delta);
    best
}

/// Tunes the chess weights on `rows` (FEN, result, engine score), each labelled by
/// `label`, writing them to `out` after every round.
pub fn tune(
    rows: &[(String, f64, Option<i32>)],
    out: &str,
    threads: usize,
    get: &dyn Fn(&str) -> Option<String>,
    label: &dyn Fn(f64, Option<i32>) -> f64,
) {
    let rounds: usize = get("--rounds").and_then(|t| t.parse().ok()).unwrap_or(2);
    let epochs: usize = get("--epochs").and_then(|t| t.parse().ok()).unwrap_or(600);
    let l2: f64 = get("--l2").and_then(|t| t.parse().ok()).unwrap_or(1e-8);
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (n, (fen, result, score)) in rows.iter().enumerate() {
        match Position::from_fen(fen) {
            Ok(pos) => {
                let sample = ((PieceSets::of_position(&pos), pos.turn()), label(*result, *score));
                if (n / 300) % 10 == 9 { held.push(sample) } else { train.push(sample) }
            }
            Err(e) => eprintln!("line {}: {e}; skipped", n + 1),
        }
    }
    eprintln!("{} training positions, {} held out", train.len(), held.len());
    let mut w = Weights::default();
    let start = w.clone();
    let (k, e) = fit_k(&train, &w, threads, &white_eval);
    eprintln!("K = {k:.3}, training error {e:.6}, held-out error {:.6}", error(&held, &w, k, threads, &white_eval));
    for round in 1..=rounds {
        let lin = linearise(&train, &w, threads);
        let held_lin = linearise(&held, &w, threads);
        let offset: Vec<f64> =
            w.clone().values_mut().iter().zip(start.clone().values_mut()).map(|(a, b)| (**a - *b) as f64).collect();
        let mut delta = vec![0.0; offset.len()];
        let linear = descend(&lin, &held_lin, &mut delta, &offset, l2, k, epochs, threads);
        eprintln!("round {round}: held-out linear error {linear:.6}");
        for (slot, d) in w.values_mut().into_iter().zip(&delta) {
            *slot += d.round() as i32;
        }
        eprintln!(
            "round {round}: training error {:.6}, held-out error {:.6}",
            error(&train, &w, k, threads, &white_eval),
            error(&held, &w, k, threads, &white_eval)
        );
        if let Err(e) = std::fs::write(out, w.to_text()) {
            eprintln!("{out}: {e}");
        }
    }
}
