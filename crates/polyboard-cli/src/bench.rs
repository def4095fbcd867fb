//! `polyboard bench`: the representation comparison.
//!
//! Each representation runs bulk and full perft on the five CPW positions; the table
//! gives Mnps per position, the geometric mean, the ratio to the fastest, and the
//! size of the position struct. Representations are interleaved per position and the
//! best of several runs is kept, so machine noise hits all alike.

use clap::Args;
use polyboard_chess::{Board, Position, with_repr};
use polyboard_core::perft::{perft, perft_full};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `polyboard bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Fewer runs per measurement (best of 2 instead of 5).
    #[arg(long)]
    quick: bool,
}

/// The five CPW positions with a bulk depth, a full depth and the published counts
/// at those depths (chessprogramming.org, "Perft Results").
const POSITIONS: [(&str, &str, u32, u64, u64); 5] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324, 4_865_609),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690, 4_085_603),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661, 11_030_083),
    ("pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15_833_292, 422_333),
    ("pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89_941_194, 2_103_487),
];

struct Row {
    name: &'static str,
    size: usize,
    bulk: Vec<f64>,
    full: Vec<f64>,
}

fn time<F: FnMut() -> u64>(reps: usize, expected: u64, what: &str, mut f: F) -> Result<f64, String> {
    let mut best = f64::MAX;
    for _ in 0..reps {
        let t = Instant::now();
        let n = f();
        let secs = t.elapsed().as_secs_f64();
        if n != expected {
            return Err(format!("{what}: got {n} nodes, published count is {expected}"));
        }
        best = best.min(secs);
    }
    Ok(expected as f64 / best.max(1e-9) / 1e6)
}

fn measure<B: Board>(i: usize, reps: usize, row: &mut Row) -> Result<(), String> {
    let (label, fen, depth, bulk_n, full_n) = POSITIONS[i];
    let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let b = B::from_position(&pos);
    row.bulk.push(time(reps, bulk_n, &format!("{} bulk {label}", B::NAME), || perft(&b, depth))?);
    row.full.push(time(reps, full_n, &format!("{} full {label}", B::NAME), || perft_full(&b, depth - 1))?);
    Ok(())
}

fn geomean(v: &[f64]) -> f64 {
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp()
}

/// Runs the comparison and prints the table.
pub fn run(a: BenchArgs) -> ExitCode {
    let reps = if a.quick { 2 } else { 5 };
    let names = polyboard_chess::repr::names();
    let mut rows: Vec<Row> = names
        .iter()
        .map(|&name| Row {
            name,
            size: with_repr!(name, B => std::mem::size_of::<B>()).unwrap_or(0),
            bulk: vec![],
            full: vec![],
        })
        .collect();
    for i in 0..POSITIONS.len() {
        for row in rows.iter_mut() {
            let r = with_repr!(row.name, B => measure::<B>(i, reps, row));
            if let Some(Err(e)) = r {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    }
    let best_bulk = rows.iter().map(|r| geomean(&r.bulk)).fold(0.0, f64::max);
    let best_full = rows.iter().map(|r| geomean(&r.full)).fold(0.0, f64::max);
    println!("polyboard bench{}: Mnps, best of {reps}, five CPW positions", if a.quick { " --quick" } else { "" });
    for (mode, best) in [("bulk", best_bulk), ("full", best_full)] {
        println!();
        print!("{mode:<6} {:<14}", "repr");
        for p in POSITIONS {
            print!("{:>10}", p.0);
        }
        println!("{:>10}{:>8}{:>7}", "geomean", "ratio", "bytes");
        for r in &rows {
            let v = if mode == "bulk" { &r.bulk } else { &r.full };
            print!("{:<6} {:<14}", "", r.name);
            for x in v {
                print!("{x:>10.1}");
            }
            let g = geomean(v);
            println!("{g:>10.1}{:>7.2}x{:>7}", g / best, r.size);
        }
    }
    ExitCode::SUCCESS
}
