//! Texel tuning of the chess or the shogi evaluation's weights.
//!
//! ```sh
//! cargo run --release -p polyboard-engine --example tune -- DATA [--lambda L] [--out FILE] [--threads N] [--rounds N] [--epochs N] [--l2 X]
//! cargo run --release -p polyboard-engine --example tune -- --variant shogi DATA [--lambda L] [--out FILE] [--passes N] [--step N] ...
//! cargo run --release -p polyboard-engine --example tune -- [--variant shogi] --dump
//! ```
//!
//! DATA holds one position a line, `FEN [result] score` (chess, result from White's
//! side, as `scripts/tune/texel_data.py` then `scripts/tune/texel_score.py` write them) or
//! `SFEN [result] score` (shogi, from Black's side, `scripts/tune/shogi_texel_data.py`); the
//! score, a stronger engine's search score in its centipawns from the same side, is
//! optional. The error of a set of weights is Texel's: the mean of `(label -
//! sigmoid(K * eval))^2`, K fitted first with the weights fixed. `--lambda L` labels
//! each position with `L * sigmoid(Ks * score) + (1 - L) * result` instead of the
//! result alone, Ks fitted to the results first: the blend of game results and a
//! stronger engine's evaluation that NNUE trainers use, with far less noise than
//! results alone.
//!
//! Chess (`chess.rs`): gradient descent on the linearised evaluation, with an L2 pull
//! towards the starting weights (`--l2`, default 1e-8), game-disjoint held-out data and
//! early stopping; see that module. The result (`--out`, default `weights.txt`) is one
//! value a line in `Weights::values_mut` order, to copy over
//! `crates/polyboard-engine/src/chess/weights.txt` (keeping its two comment lines).
//!
//! Shogi (`--variant shogi`): the evaluation is linear in its weights, so each
//! position is read once into its feature counts; the search is `polyboard_search::texel`'s
//! local search: each weight in turn moves by `+step` or `-step` while the error
//! falls, pass after pass, the step (`--step`, default 16) halving when a pass moves
//! nothing, until a pass at step 1 moves nothing or `--passes` is reached. It starts
//! from the weights the engine plays with now, or from `--start FILE`; `--passes 0`
//! only reports K and the error (to score held-out data). `--holdout FILE` scores
//! held-out positions (from other games) after every pass, at the same K; the weights
//! written are those of the best held-out error, and the search stops when that error
//! has not improved for three passes (early stopping). `--only 0..22,162..205` tunes
//! only the weights with those indices (see the offsets in `shogi::eval`). The
//! entering-king weights (`enter`) are not tuned: the games hardly reach an entering
//! king. The result (default `shogi_weights.txt`) goes over
//! `crates/polyboard-engine/src/shogi_weights.txt`.

mod chess;

use polyboard_engine::chess::eval::Weights;
use polyboard_engine::shogi::Shogi;
use polyboard_engine::shogi::eval::{ENTER, ShogiWeights, features};
use polyboard_search::texel::{error, fit_k, local_search};
use polyboard_shogi::ShogiBoard;
use polyboard_shogi::repr::FastBoard;

/// The shogi weights as the tuner lists them.
fn shogi_values(w: &mut ShogiWeights) -> Vec<&mut i32> {
    w.values.iter_mut().collect()
}

/// The lines of `path` as (position text, result, the engine score after the result
/// if any); bad lines are reported and skipped.
fn read(path: &str) -> Vec<(String, f64, Option<i32>)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let mut data = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let (pos, rest) = line.rsplit_once('[').unwrap_or((line, ""));
        let (result, score) = rest.split_once(']').unwrap_or((rest, ""));
        let result = match result.trim() {
            "1.0" | "1" => 1.0,
            "0.5" => 0.5,
            "0.0" | "0" => 0.0,
            _ => {
                eprintln!("line {}: no result in [..]; skipped", n + 1);
                continue;
            }
        };
        data.push((pos.trim().to_string(), result, score.trim().parse().ok()));
    }
    data
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let shogi = get("--variant").as_deref() == Some("shogi");
    if args.iter().any(|a| a == "--dump") {
        if shogi {
            print!("{}", ShogiWeights::default().to_text());
        } else {
            print!("{}", Weights::default().to_text());
        }
        return;
    }
    let value_flags = [
        "--out",
        "--threads",
        "--passes",
        "--step",
        "--variant",
        "--start",
        "--holdout",
        "--only",
        "--lambda",
        "--rounds",
        "--epochs",
        "--l2",
    ];
    let path = args
        .iter()
        .enumerate()
        .find(|(i, a)| !a.starts_with("--") && (*i == 0 || !value_flags.contains(&args[i - 1].as_str())))
        .map(|(_, a)| a.clone());
    let Some(path) = path else {
        eprintln!(
            "usage: tune [--variant shogi] DATA [--out FILE] [--threads N] [--passes N] [--step N] | tune --dump"
        );
        std::process::exit(2);
    };
    let out = get("--out").unwrap_or_else(|| if shogi { "shogi_weights.txt" } else { "weights.txt" }.to_string());
    let threads: usize = get("--threads").and_then(|t| t.parse().ok()).unwrap_or(1);
    let passes: usize = get("--passes").and_then(|t| t.parse().ok()).unwrap_or(100);
    let step: i32 = get("--step").and_then(|t| t.parse().ok()).unwrap_or(if shogi { 16 } else { 1 });
    let report = |text: String, pass: usize, step: i32, moved: usize, e: f64| {
        eprintln!("pass {pass} (step {step}): {moved} weights moved, error {e:.6}");
        if let Err(e) = std::fs::write(&out, text) {
            eprintln!("{out}: {e}");
        }
        true
    };
    // The label: the result, or with --lambda L that blended with the engine's score
    // (its own sigmoid scale fitted to the results first).
    let lambda: f64 = get("--lambda").and_then(|t| t.parse().ok()).unwrap_or(0.0);
    let rows = read(&path);
    let scored: Vec<(i32, f64)> = rows.iter().filter_map(|(_, r, s)| Some(((*s)?, *r))).collect();
    let (ks, _) = fit_k(&scored, &(), threads, &|s: &i32, _: &()| *s);
    if lambda > 0.0 {
        eprintln!("engine scores: K = {ks:.3} over {} positions; lambda {lambda}", scored.len());
    }
    let label = |r: f64, s: Option<i32>| match s {
        Some(s) if lambda > 0.0 => lambda / (1.0 + 10f64.powf(-ks * s as f64 / 400.0)) + (1.0 - lambda) * r,
        _ => r,
    };
    if shogi {
        let load = |rows: Vec<(String, f64, Option<i32>)>| {
            let mut data = Vec::new();
            for (n, (sfen, result, score)) in rows.into_iter().enumerate() {
                match polyboard_shogi::Position::from_sfen(&sfen) {
                    Ok(p) => {
                        data.push((features(&Shogi::new(FastBoard::from_position(&p), &[])), label(result, score)))
                    }
                    Err(e) => eprintln!("line {}: {e}; skipped", n + 1),
                }
            }
            data
        };
        let data = load(rows);
        let holdout = load(get("--holdout").map(|h| read(&h)).unwrap_or_default());
        eprintln!("{} positions, {} held out", data.len(), holdout.len());
        let eval =
            |f: &Vec<(u16, i16)>, w: &ShogiWeights| f.iter().map(|&(i, n)| w.values[i as usize] * n as i32).sum();
        let mut w = ShogiWeights::default();
        if let Some(start) = get("--start") {
            match std::fs::read_to_string(&start).ok().and_then(|t| ShogiWeights::from_text(&t)) {
                Some(s) => w = s,
                None => {
                    eprintln!("{start}: not a full set of shogi weights");
                    std::process::exit(2)
                }
            }
        }
        let only: Vec<(usize, usize)> = get("--only")
            .unwrap_or_default()
            .split(',')
            .filter_map(|r| r.split_once("..").and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?))))
            .collect();
        // Never the entering king's weights.
        let tuned: Vec<usize> =
            (0..ENTER).filter(|i| only.is_empty() || only.iter().any(|&(a, b)| (a..b).contains(i))).collect();
        let (k, e) = fit_k(&data, &w, threads, &eval);
        eprintln!("K = {k:.3}, error {e:.6}");
        if holdout.is_empty() {
            local_search(&data, &mut w, shogi_values, &tuned, k, threads, passes, step, &eval, |w, p, s, m, e| {
                report(w.to_text(), p, s, m, e)
            });
            return;
        }
        let mut best = error(&holdout, &w, k, threads, &eval);
        eprintln!("held out: error {best:.6}");
        let mut since = 0;
        local_search(&data, &mut w, shogi_values, &tuned, k, threads, passes, step, &eval, |w, p, s, m, e| {
            let h = error(&holdout, w, k, threads, &eval);
            eprintln!("pass {p} (step {s}): {m} weights moved, error {e:.6}, held out {h:.6}");
            if h < best {
                best = h;
                since = 0;
                if let Err(e) = std::fs::write(&out, w.to_text()) {
                    eprintln!("{out}: {e}");
                }
            } else {
                since += 1;
            }
            since < 3
        });
    } else {
        chess::tune(&rows, &out, threads, &get, &label);
    }
}
