//! Texel tuning of the chess evaluation's weights.
//!
//! ```sh
//! cargo run --release -p polyboard-engine --example tune -- DATA [--out FILE] [--threads N] [--passes N]
//! cargo run --release -p polyboard-engine --example tune -- --dump > crates/polyboard-engine/src/weights.txt
//! ```
//!
//! DATA holds one position a line, `FEN [result]` with the result from White's side
//! (`[1.0]`, `[0.5]`, `[0.0]`), as `scripts/texel_data.py` writes it. The method
//! (Peter Österlund's, for Texel): the error is the mean of `(result - sigmoid(K *
//! eval))^2` over the positions, with `eval` the static evaluation from White's side
//! and `sigmoid(x) = 1 / (1 + 10^(-x / 400))`. K is fitted first with the weights
//! fixed; then each weight in turn moves by +1 or -1 while the error falls (local
//! search), pass after pass until no weight moves or `--passes` is reached. The result
//! (`--out`, default `weights.txt`) is one value a line in `Weights::values_mut` order;
//! copy it over `crates/polyboard-engine/src/weights.txt` and rebuild to play with it.
//! It starts from the weights the engine plays with now.

use polyboard_chess::{Color, PieceSets, Position};
use polyboard_engine::eval::{Weights, evaluate};

fn error(data: &[(PieceSets, Color, f64)], w: &Weights, k: f64, threads: usize) -> f64 {
    let chunk = data.len().div_ceil(threads.max(1)).max(1);
    let sum: f64 = std::thread::scope(|s| {
        let handles: Vec<_> = data
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|(sets, turn, result)| {
                            let e = evaluate(sets, *turn, w) as f64;
                            let e = if *turn == Color::White { e } else { -e };
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--dump") {
        print!("{}", Weights::default().to_text());
        return;
    }
    let get = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let Some(path) = args.first().filter(|a| !a.starts_with("--")) else {
        eprintln!("usage: tune DATA [--out FILE] [--threads N] [--passes N] | tune --dump");
        std::process::exit(2);
    };
    let out = get("--out").unwrap_or_else(|| "weights.txt".to_string());
    let threads: usize = get("--threads").and_then(|t| t.parse().ok()).unwrap_or(1);
    let passes: usize = get("--passes").and_then(|t| t.parse().ok()).unwrap_or(100);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let mut data = Vec::new();
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
            Ok(pos) => data.push((PieceSets::of_position(&pos), pos.turn(), result)),
            Err(e) => eprintln!("line {}: {e}; skipped", n + 1),
        }
    }
    eprintln!("{} positions", data.len());
    let mut w = Weights::default();
    // Fit K by a coarse then fine scan.
    let mut k = 1.0;
    let mut best = error(&data, &w, k, threads);
    for step in [0.1, 0.01] {
        loop {
            let up = error(&data, &w, k + step, threads);
            let down = error(&data, &w, k - step, threads);
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
    eprintln!("K = {k:.3}, error {best:.6}");
    let n = w.values_mut().len();
    for pass in 0..passes {
        let mut moved = 0;
        for i in 0..n {
            for delta in [1, -1] {
                *w.values_mut()[i] += delta;
                let e = error(&data, &w, k, threads);
                if e < best {
                    best = e;
                    moved += 1;
                    break;
                }
                *w.values_mut()[i] -= delta;
            }
        }
        eprintln!("pass {}: {moved} weights moved, error {best:.6}", pass + 1);
        if let Err(e) = std::fs::write(&out, w.to_text()) {
            eprintln!("{out}: {e}");
        }
        if moved == 0 {
            break;
        }
    }
}
