//! Texel tuning of the chess evaluation's weights.
//!
//! ```sh
//! cargo run --release -p polyboard-engine --example tune -- DATA [--out FILE] [--threads N] [--rounds N] [--epochs N]
//! cargo run --release -p polyboard-engine --example tune -- --dump > crates/polyboard-engine/src/weights.txt
//! ```
//!
//! DATA holds one position a line, `FEN [result]` with the result from White's side
//! (`[1.0]`, `[0.5]`, `[0.0]`), as `scripts/texel_data.py` writes it.
//!
//! # Method
//!
//! Texel's (Peter Österlund's): minimise the mean of `(result - sigmoid(K * eval))^2`
//! over the positions, with `eval` the static evaluation from White's side and
//! `sigmoid(x) = 1 / (1 + 10^(-x / 400))`. K is fitted first, with the weights fixed.
//!
//! Texel moved one weight at a time by ±1 and re-evaluated every position for each
//! try; with about a thousand weights and a few hundred thousand positions that takes
//! days. This tuner minimises the same error by gradient descent on a linearised
//! evaluation instead (what Ethereal's and most current tuners do):
//!
//! 1. *Linearise*: for every position and every weight, the evaluation's change when
//!    the weight grows by `STEP` (divided by `STEP`) is the weight's coefficient in
//!    that position; nearly all are zero, so they are kept sparse. The evaluation is
//!    linear in almost every weight (material, tables, mobility, pawn terms: counts
//!    blended by the phase). The king-danger weights (attack units and the danger
//!    scale, the last five) are not: they enter squared, so a gradient step sized
//!    for the others throws them far out of the linear range; they stay as they are.
//! 2. *Descend*: Adam on the linear model (`eval = eval(w0) + Σ c_i (w_i - w0_i)`), full
//!    batch, `--epochs` steps, weights as real numbers.
//! 3. Round the weights and repeat from 1 (`--rounds` times), so the non-linear terms
//!    are linearised around the new weights.
//!
//! One position in ten (every tenth line) is held out: its error, computed with the
//! real evaluation and the rounded weights, is printed after every round and is what
//! says whether the new weights are better, not the training error.
//!
//! The result (`--out`, default `weights.txt`) is one value a line in
//! `Weights::values_mut` order; copy it over `crates/polyboard-engine/src/weights.txt`
//! and rebuild to play with it. It starts from the weights the engine plays with now.

use polyboard_chess::{Color, PieceSets, Position};
use polyboard_engine::eval::{Weights, evaluate};

/// How far a weight moves to measure its coefficient (large, so that the integer
/// divisions of the phase blend and the scaling do not hide it).
const STEP: i32 = 240;

/// The last weights in `Weights::values_mut` order (attack units, danger scale),
/// which the evaluation does not use linearly; the tuner leaves them.
const FROZEN: usize = 5;

struct Sample {
    sets: PieceSets,
    turn: Color,
    result: f64,
}

/// The evaluation from White's side.
fn white_eval(s: &Sample, w: &Weights) -> i32 {
    let e = evaluate(&s.sets, s.turn, w);
    if s.turn == Color::White { e } else { -e }
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// Runs `f` over `data` in `threads` chunks and sums the results.
fn par_sum<T: Sync>(data: &[T], threads: usize, f: impl Fn(&[T]) -> f64 + Sync) -> f64 {
    let chunk = data.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = data.chunks(chunk).map(|part| s.spawn(|| f(part))).collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    })
}

/// The mean squared error of the real evaluation.
fn error(data: &[Sample], w: &Weights, k: f64, threads: usize) -> f64 {
    let sum = par_sum(data, threads, |part| {
        part.iter()
            .map(|s| {
                let p = sigmoid(k, white_eval(s, w) as f64);
                (s.result - p) * (s.result - p)
            })
            .sum()
    });
    sum / data.len().max(1) as f64
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
                    part.iter()
                        .map(|sample| {
                            let base = white_eval(sample, &w);
                            let mut coefs = Vec::new();
                            for i in 0..n {
                                *w.values_mut()[i] += STEP;
                                let up = white_eval(sample, &w);
                                *w.values_mut()[i] -= STEP;
                                if up != base {
                                    coefs.push((i as u16, (up - base) as f32 / STEP as f32));
                                }
                            }
                            Linear { base: base as f64, coefs, result: sample.result }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    })
}

/// Adam over the linear model; `delta` is the change from the weights linearised at.
fn descend(lin: &[Linear], delta: &mut [f64], k: f64, epochs: usize, threads: usize) -> f64 {
    let n = delta.len();
    let tuned = n - FROZEN;
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (rate, b1, b2) = (1.0, 0.9, 0.999);
    let ln10 = std::f64::consts::LN_10;
    let mut last = 0.0;
    for epoch in 1..=epochs {
        let chunk = lin.len().div_ceil(threads.max(1)).max(1);
        let delta_ref = &*delta;
        let (grad, err) = std::thread::scope(|s| {
            let handles: Vec<_> = lin
                .chunks(chunk)
                .map(|part| {
                    s.spawn(move || {
                        let mut g = vec![0.0; n];
                        let mut err = 0.0;
                        for l in part {
                            let e =
                                l.base + l.coefs.iter().map(|&(i, c)| c as f64 * delta_ref[i as usize]).sum::<f64>();
                            let p = sigmoid(k, e);
                            err += (l.result - p) * (l.result - p);
                            // d/dw (r - p)^2 = -2 (r - p) p (1 - p) ln10 K / 400 * c
                            let f = -2.0 * (l.result - p) * p * (1.0 - p) * ln10 * k / 400.0;
                            for &(i, c) in &l.coefs {
                                g[i as usize] += f * c as f64;
                            }
                        }
                        (g, err)
                    })
                })
                .collect();
            let mut g = vec![0.0; n];
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
        for i in 0..tuned {
            let gi = grad[i] / count;
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            delta[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        last = err / count;
        if epoch % 100 == 0 {
            eprintln!("  epoch {epoch}: linear error {last:.6}");
        }
    }
    last
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--dump") {
        print!("{}", Weights::default().to_text());
        return;
    }
    let get = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let Some(path) = args.first().filter(|a| !a.starts_with("--")) else {
        eprintln!("usage: tune DATA [--out FILE] [--threads N] [--rounds N] [--epochs N] | tune --dump");
        std::process::exit(2);
    };
    let out = get("--out").unwrap_or_else(|| "weights.txt".to_string());
    let threads: usize = get("--threads").and_then(|t| t.parse().ok()).unwrap_or(1);
    let rounds: usize = get("--rounds").and_then(|t| t.parse().ok()).unwrap_or(3);
    let epochs: usize = get("--epochs").and_then(|t| t.parse().ok()).unwrap_or(1000);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (n, line) in text.lines().enumerate() {
        let (fen, rest) = line.rsplit_once('[').unwrap_or((line, ""));
        let result = match rest.trim_end_matches(']').trim() {
            "1.0" | "1" => 1.0,
            "0.5" => 0.5,
            "0.0" | "0" => 0.0,
            _ => {
                eprintln!("line {}: no result in [..]; skipped", n + 1);
                continue;
            }
        };
        match Position::from_fen(fen.trim()) {
            Ok(pos) => {
                let sample = Sample { sets: PieceSets::of_position(&pos), turn: pos.turn(), result };
                if n % 10 == 9 { held.push(sample) } else { train.push(sample) }
            }
            Err(e) => eprintln!("line {}: {e}; skipped", n + 1),
        }
    }
    eprintln!("{} training positions, {} held out", train.len(), held.len());
    let mut w = Weights::default();
    // Fit K by a coarse then fine scan.
    let mut k = 1.0;
    let mut best = error(&train, &w, k, threads);
    for step in [0.1, 0.01] {
        loop {
            let up = error(&train, &w, k + step, threads);
            let down = error(&train, &w, k - step, threads);
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
    eprintln!("K = {k:.3}, training error {best:.6}, held-out error {:.6}", error(&held, &w, k, threads));
    for round in 1..=rounds {
        let lin = linearise(&train, &w, threads);
        let mut delta = vec![0.0; w.clone().values_mut().len()];
        let linear = descend(&lin, &mut delta, k, epochs, threads);
        eprintln!("round {round}: linear model's error {linear:.6}");
        for (slot, d) in w.values_mut().into_iter().zip(&delta) {
            *slot += d.round() as i32;
        }
        eprintln!(
            "round {round}: training error {:.6}, held-out error {:.6}",
            error(&train, &w, k, threads),
            error(&held, &w, k, threads)
        );
        if let Err(e) = std::fs::write(&out, w.to_text()) {
            eprintln!("{out}: {e}");
        }
    }
}
