//! `polyboard bench`: the representation comparison.
//!
//! Every representation runs three kinds of perft on the five CPW positions:
//! bulk (the last ply counted, not played), full by copy-make (every leaf played on a
//! copy of its parent) and full by make/unmake. Each count is checked against the
//! published one. Representations are interleaved per position, and each measurement
//! repeats until it has run for a minimum time and keeps its best rate, so machine
//! noise hits all alike.

use crate::{experiment, report, sizes};
use clap::Args;
use polyboard_chess::{Board, Position, SearchBoard, with_repr};
use polyboard_core::perft::{perft, perft_full, perft_make_unmake};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `polyboard bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Shallower depths and shorter measurements (well under a minute).
    #[arg(long)]
    pub quick: bool,
    /// Write report.md and SVG charts into this directory.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Only these representations (comma-separated); default all.
    #[arg(long, value_delimiter = ',')]
    pub repr: Vec<String>,
    /// Run only the representation experiment (the engine's search on every
    /// representation), not the perft, codec and size measurements.
    #[arg(long)]
    pub search_only: bool,
    /// `chess` (the default) or `shogi` (the 2006 experiment, SEE and pins).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Instead: the variants' bulk perft beside Fairy-Stockfish and Sjaak II (those
    /// installed), on the issue's capablanca, crazyhouse and xiangqi positions.
    #[arg(long)]
    pub variants: bool,
}

/// A CPW position with its published perft counts from depth 1
/// (chessprogramming.org, "Perft Results").
pub struct BenchPosition {
    /// Short label.
    pub label: &'static str,
    /// The FEN.
    pub fen: &'static str,
    counts: &'static [u64],
    /// Depths: (bulk, full) in quick mode, then in normal mode.
    depths: [(u32, u32); 2],
}

/// The five CPW positions.
pub const POSITIONS: [BenchPosition; 5] = [
    BenchPosition {
        label: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        counts: &[20, 400, 8902, 197_281, 4_865_609, 119_060_324, 3_195_901_860],
        depths: [(5, 4), (6, 5)],
    },
    BenchPosition {
        label: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        counts: &[48, 2039, 97_862, 4_085_603, 193_690_690],
        depths: [(4, 3), (5, 4)],
    },
    BenchPosition {
        label: "pos3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        counts: &[14, 191, 2812, 43_238, 674_624, 11_030_083, 178_633_661],
        depths: [(6, 5), (7, 6)],
    },
    BenchPosition {
        label: "pos4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: &[6, 264, 9467, 422_333, 15_833_292],
        depths: [(5, 4), (5, 5)],
    },
    BenchPosition {
        label: "pos5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        counts: &[44, 1486, 62_379, 2_103_487, 89_941_194],
        depths: [(4, 3), (5, 4)],
    },
];

/// One representation's measurements, Mnps per position.
pub struct Row {
    /// The representation's name.
    pub name: &'static str,
    /// `size_of` its position struct, in bytes.
    pub size: usize,
    /// Bulk perft.
    pub bulk: Vec<f64>,
    /// Full perft by copy-make.
    pub copy: Vec<f64>,
    /// Full perft by make/unmake.
    pub make: Vec<f64>,
    /// Nanoseconds per [`SearchBoard::piece_sets`] call (the twelve bitboards the
    /// evaluation reads), on the codec positions.
    pub sets_ns: f64,
}

/// Encode and decode rates of one compact encoding.
pub struct CodecRow {
    /// The format's name.
    pub name: &'static str,
    /// Mean record size in bits (before padding).
    pub bits: f64,
    /// Positions encoded per second, in millions.
    pub encode: f64,
    /// Positions decoded per second, in millions.
    pub decode: f64,
}

/// Positions for the codec rates: every ply of 40 random games from the start
/// position (fixed seed), so every run measures the same set.
fn codec_positions() -> Vec<Position> {
    polyboard_chess::sample::random_game_positions(40, 80, 0x2545_f491_4f6c_dd1d)
}

fn codec_rows(min: f64) -> Vec<CodecRow> {
    let positions = codec_positions();
    let mut rows = Vec::new();
    for format in polyboard_codec::Format::available() {
        let mut buf = Vec::with_capacity(64);
        let records: Vec<(Vec<u8>, usize)> = positions
            .iter()
            .map(|p| {
                let bits = format.encode(p, &mut buf).unwrap_or(0);
                (buf.clone(), bits)
            })
            .collect();
        let bits = records.iter().map(|r| r.1).sum::<usize>() as f64 / records.len() as f64;
        let n = positions.len() as u64;
        let encode = time(min, n, format.name(), || {
            positions.iter().for_each(|p| {
                let _ = std::hint::black_box(format.encode(p, &mut buf));
            });
            n
        })
        .unwrap_or(0.0);
        let decode = time(min, n, format.name(), || {
            records.iter().filter(|r| std::hint::black_box(format.decode(&r.0, false)).is_ok()).count() as u64
        })
        .unwrap_or(0.0);
        rows.push(CodecRow { name: format.name(), bits, encode, decode });
    }
    rows
}

/// Runs `f` until `min_secs` have passed (at least once) and returns the best Mnps.
fn time(min_secs: f64, expected: u64, what: &str, mut f: impl FnMut() -> u64) -> Result<f64, String> {
    let mut best = f64::MAX;
    let mut spent = 0.0;
    while spent < min_secs || best == f64::MAX {
        let t = Instant::now();
        let n = f();
        let secs = t.elapsed().as_secs_f64();
        if n != expected {
            return Err(format!("{what}: got {n} nodes, the published count is {expected}"));
        }
        best = best.min(secs);
        spent += secs;
    }
    Ok(expected as f64 / best.max(1e-9) / 1e6)
}

/// Nanoseconds per call of [`SearchBoard::piece_sets`], best of repeated passes over
/// `positions`.
fn sets_time<B: SearchBoard>(positions: &[Position], min_secs: f64) -> f64 {
    let boards: Vec<B> = positions.iter().map(B::from_position).collect();
    let mut best = f64::MAX;
    let mut spent = 0.0;
    while spent < min_secs || best == f64::MAX {
        let t = Instant::now();
        let mut x = 0u64;
        for b in &boards {
            let sets = std::hint::black_box(b).piece_sets();
            x ^= std::hint::black_box(sets).0[1];
        }
        std::hint::black_box(x);
        let secs = t.elapsed().as_secs_f64();
        best = best.min(secs);
        spent += secs;
    }
    best * 1e9 / boards.len().max(1) as f64
}

fn measure<B: Board>(p: &BenchPosition, quick: bool, row: &mut Row) -> Result<(), String> {
    let (bulk_d, full_d) = p.depths[usize::from(!quick)];
    let min = if quick { 0.08 } else { 0.4 };
    let pos = Position::from_fen(p.fen).map_err(|e| e.to_string())?;
    let b = B::from_position(&pos);
    let what = |mode: &str| format!("{} {mode} {} depth", B::NAME, p.label);
    let (bulk_n, full_n) = (p.counts[bulk_d as usize - 1], p.counts[full_d as usize - 1]);
    row.bulk.push(time(min, bulk_n, &what("bulk"), || perft(&b, bulk_d))?);
    row.copy.push(time(min, full_n, &what("copy-make"), || perft_full(&b, full_d))?);
    let mut m = b.clone();
    row.make.push(time(min, full_n, &what("make/unmake"), || perft_make_unmake(&mut m, full_d))?);
    Ok(())
}

/// The geometric mean.
pub fn geomean(v: &[f64]) -> f64 {
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len().max(1) as f64).exp()
}

/// The representations of `names` that `--repr` asks for (all when it names none), or
/// exit status 2 after naming an unknown one (`variant` is the `--variant` text of the
/// hint, empty for chess).
pub fn select(mut names: Vec<&'static str>, wanted: &[String], variant: &str) -> Result<Vec<&'static str>, ExitCode> {
    if !wanted.is_empty() {
        if let Some(bad) = wanted.iter().find(|r| !names.contains(&r.as_str())) {
            eprintln!("error: unknown representation '{bad}' (polyboard reprs{variant} lists them)");
            return Err(ExitCode::from(2));
        }
        names.retain(|n| wanted.iter().any(|r| r == n));
    }
    Ok(names)
}

/// Runs the comparison, prints the table and writes the report.
pub fn run(a: BenchArgs) -> ExitCode {
    if a.variants {
        return match crate::bench_variants::run(a.quick) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(1)
            }
        };
    }
    match a.variant.as_str() {
        "chess" => {}
        "shogi" => return crate::shogi_bench::run(&a),
        other => {
            eprintln!("error: bench knows the variants chess and shogi, not '{other}'");
            return ExitCode::from(2);
        }
    }
    let names = match select(polyboard_chess::repr::names(), &a.repr, "") {
        Ok(n) => n,
        Err(code) => return code,
    };
    if a.search_only {
        return search_only(&names, &a);
    }
    let mut rows: Vec<Row> = names
        .iter()
        .map(|&name| Row {
            name,
            size: with_repr!(name, B => std::mem::size_of::<B>()).unwrap_or(0),
            bulk: vec![],
            copy: vec![],
            make: vec![],
            sets_ns: 0.0,
        })
        .collect();
    let started = Instant::now();
    for p in &POSITIONS {
        for row in rows.iter_mut() {
            if let Some(Err(e)) = with_repr!(row.name, B => measure::<B>(p, a.quick, row)) {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    }
    let sample = codec_positions();
    for row in rows.iter_mut() {
        row.sets_ns =
            with_repr!(row.name, B => sets_time::<B>(&sample, if a.quick { 0.05 } else { 0.3 })).unwrap_or(0.0);
    }
    let codecs = codec_rows(if a.quick { 0.05 } else { 0.3 });
    let sizes = sizes::measure();
    let mut text = report::table(&rows, &codecs, a.quick, started.elapsed().as_secs_f64());
    text.push_str(&sizes::text(&sizes));
    print!("{text}");
    let exp = match run_experiment(&names, a.quick) {
        Ok(exp) => exp,
        Err(code) => return code,
    };
    text.push_str(&exp.text());
    match &a.out {
        Some(dir) => written(
            dir,
            report::write(dir, &rows, &codecs, &sizes::markdown(&sizes), &exp.markdown(), &text)
                .and_then(|()| exp.write_charts(dir)),
        ),
        None => ExitCode::SUCCESS,
    }
}

/// Runs the representation experiment and prints its table.
fn run_experiment(names: &[&'static str], quick: bool) -> Result<experiment::Experiment, ExitCode> {
    let exp = experiment::run(names, quick).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(1)
    })?;
    print!("{}", exp.text());
    Ok(exp)
}

/// The exit status after writing the report into `dir`.
fn written(dir: &std::path::Path, result: std::io::Result<()>) -> ExitCode {
    match result {
        Ok(()) => {
            eprintln!("report written to {}", dir.join("report.md").display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write the report to {}: {e}", dir.display());
            ExitCode::from(2)
        }
    }
}

/// `bench --search-only`: the representation experiment alone.
fn search_only(names: &[&'static str], a: &BenchArgs) -> ExitCode {
    let exp = match run_experiment(names, a.quick) {
        Ok(exp) => exp,
        Err(code) => return code,
    };
    let Some(dir) = &a.out else { return ExitCode::SUCCESS };
    let md = format!(
        "# polyboard: the representation experiment\n\nMachine: {}.\n{}\n## Raw output\n\n```text{}```\n",
        report::machine(),
        exp.markdown(),
        exp.text()
    );
    written(
        dir,
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(dir.join("report.md"), md))
            .and_then(|()| exp.write_charts(dir)),
    )
}
