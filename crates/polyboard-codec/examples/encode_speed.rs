//! Encodes the self-play corpus in one format again and again and prints positions per
//! second of CPU time: `cargo run --release -p polyboard-codec --example encode_speed -- FORMAT [ROUNDS]`
//! (run it under `perf record` to see where a format's time goes). With `--fen` as a
//! third argument each round reads the FENs too, as the Python package's bulk
//! `codec.encode(fens, format)` does.

use polyboard_chess::Position;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let format = args.next().unwrap_or_else(|| "compact".into());
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(20);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/corpus/selfplay.fen");
    let text = std::fs::read_to_string(path).expect("the self-play corpus");
    let fens: Vec<&str> = text.lines().map(str::trim).filter(|l| Position::from_fen(l).is_ok()).collect();
    let positions: Vec<Position> = fens.iter().filter_map(|l| Position::from_fen(l).ok()).collect();
    let from_fen = args.next().as_deref() == Some("--fen");
    let format = polyboard_codec::Format::from_name(&format).expect("a format name");
    let mut out = Vec::new();
    let mut bytes = 0usize;
    let start = Instant::now();
    for _ in 0..rounds {
        if from_fen {
            for f in &fens {
                let p = Position::from_fen(f).expect("read once already");
                format.encode(&p, &mut out).expect("encodes");
                bytes += out.len();
            }
        } else {
            for p in &positions {
                format.encode(p, &mut out).expect("encodes");
                bytes += out.len();
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let n = positions.len() * rounds;
    println!("{n} positions, {:.0} ns each, {:.2} M/s ({bytes} bytes)", secs * 1e9 / n as f64, n as f64 / secs / 1e6);
}
