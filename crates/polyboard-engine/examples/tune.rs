//! Texel tuning of the chess or the shogi evaluation's weights.
//!
//! ```sh
//! cargo run --release -p polyboard-engine --example tune -- DATA [--out FILE] [--threads N] [--passes N] [--step N]
//! cargo run --release -p polyboard-engine --example tune -- --variant shogi DATA [--out FILE] ...
//! cargo run --release -p polyboard-engine --example tune -- [--variant shogi] --dump
//! ```
//!
//! Chess: DATA holds one position a line, `FEN [result]` with the result from White's
//! side (`[1.0]`, `[0.5]`, `[0.0]`), as `scripts/texel_data.py` writes it; the result
//! (`--out`, default `weights.txt`) is one value a line in `Weights::values_mut` order,
//! to copy over `crates/polyboard-engine/src/weights.txt`.
//!
//! Shogi (`--variant shogi`): DATA holds `SFEN [result]` lines with the result from
//! Black's side, as `scripts/shogi_texel_data.py` writes them; the result (default
//! `shogi_weights.txt`) is one value a line in the layout of
//! `polyboard_engine::shogi_eval`, to copy over `crates/polyboard-engine/src/shogi_weights.txt`.
//! The shogi evaluation is linear in its weights, so each position is read once into
//! its feature counts and the error is computed from them.
//!
//! The method is `polyboard_engine::texel`'s: K is fitted first with the weights fixed;
//! then each weight in turn moves by `+step` or `-step` while the error falls, pass
//! after pass, the step (`--step`, default 1 for chess, 16 for shogi) halving when a
//! pass moves nothing, until a pass at step 1 moves nothing or `--passes` is reached.
//! It starts from the weights the engine plays with now. Rebuild to play with the result.

use polyboard_chess::{Color, PieceSets, Position};
use polyboard_engine::eval::{Weights, evaluate};
use polyboard_engine::shogi::Shogi;
use polyboard_engine::shogi_eval::{ShogiWeights, features};
use polyboard_engine::texel::{fit_k, local_search};
use polyboard_shogi::ShogiBoard;
use polyboard_shogi::repr::FastBoard;

/// The lines of `path` as (position text, result); bad lines are reported and skipped.
fn read(path: &str) -> Vec<(String, f64)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let mut data = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let (pos, rest) = line.rsplit_once('[').unwrap_or((line, ""));
        let result = match rest.trim_end_matches(']').trim() {
            "1.0" | "1" => 1.0,
            "0.5" => 0.5,
            "0.0" | "0" => 0.0,
            _ => {
                eprintln!("line {}: no result in [..]; skipped", n + 1);
                continue;
            }
        };
        data.push((pos.trim().to_string(), result));
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
    let value_flags = ["--out", "--threads", "--passes", "--step", "--variant"];
    let path = args
        .iter()
        .enumerate()
        .find(|(i, a)| !a.starts_with("--") && (*i == 0 || !value_flags.contains(&args[i - 1].as_str())))
        .map(|(_, a)| a.clone());
    let Some(path) = path else {
        eprintln!("usage: tune [--variant shogi] DATA [--out FILE] [--threads N] [--passes N] [--step N] | tune --dump");
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
    };
    if shogi {
        let mut data = Vec::new();
        for (n, (sfen, result)) in read(&path).into_iter().enumerate() {
            match polyboard_shogi::Position::from_sfen(&sfen) {
                Ok(p) => data.push((features(&Shogi::new(FastBoard::from_position(&p), &[])), result)),
                Err(e) => eprintln!("line {}: {e}; skipped", n + 1),
            }
        }
        eprintln!("{} positions", data.len());
        let eval = |f: &Vec<(u16, i16)>, w: &ShogiWeights| f.iter().map(|&(i, n)| w.values[i as usize] * n as i32).sum();
        let mut w = ShogiWeights::default();
        let (k, e) = fit_k(&data, &w, threads, &eval);
        eprintln!("K = {k:.3}, error {e:.6}");
        local_search(&data, &mut w, |w| w.values.iter_mut().collect(), k, threads, passes, step, &eval, |w, p, s, m, e| {
            report(w.to_text(), p, s, m, e)
        });
    } else {
        let mut data = Vec::new();
        for (n, (fen, result)) in read(&path).into_iter().enumerate() {
            match Position::from_fen(&fen) {
                Ok(pos) => data.push(((PieceSets::of_position(&pos), pos.turn()), result)),
                Err(e) => eprintln!("line {}: {e}; skipped", n + 1),
            }
        }
        eprintln!("{} positions", data.len());
        let eval = |(sets, turn): &(PieceSets, Color), w: &Weights| {
            let e = evaluate(sets, *turn, w);
            if *turn == Color::White { e } else { -e }
        };
        let mut w = Weights::default();
        let (k, e) = fit_k(&data, &w, threads, &eval);
        eprintln!("K = {k:.3}, error {e:.6}");
        local_search(&data, &mut w, |w| w.values_mut(), k, threads, passes, step, &eval, |w, p, s, m, e| {
            report(w.to_text(), p, s, m, e)
        });
    }
}
