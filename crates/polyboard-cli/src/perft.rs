//! `polyboard perft`.

use clap::Args;
use polyboard_chess::epd::{self, PerftCase};
use polyboard_chess::{Board, Position, uci, with_repr};
use polyboard_core::perft::{divide, perft, perft_full};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `polyboard perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// The position (FEN, Shredder-FEN or X-FEN).
    #[arg(long, conflicts_with = "epd")]
    fen: Option<String>,
    /// The depth in plies (with --fen).
    #[arg(long)]
    depth: Option<u32>,
    /// UCI moves to play from the FEN before counting (space-separated).
    #[arg(long, requires = "fen")]
    moves: Option<String>,
    /// A perft suite: `FEN ;D1 n ;D2 n ...` or `FEN;n1;n2;...` lines.
    #[arg(long)]
    epd: Option<String>,
    /// The deepest depth of a suite to run.
    #[arg(long)]
    max_depth: Option<u32>,
    /// The variant: chess, chess960, shogi (SFEN, USI moves and the shogi perft file
    /// format, on the dedicated shogi crate unless `--repr sjaak`), or any built-in or
    /// `--variants` variant (`all` with a variant table runs every line).
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Extra variant definitions (Fairy-Stockfish variants.ini syntax).
    #[arg(long)]
    variants: Option<String>,
    /// The representation (`polyboard reprs` lists them); `all` runs each in turn.
    #[arg(long)]
    repr: Option<String>,
    /// Print the count below each legal move.
    #[arg(long)]
    divide: bool,
    /// Play every leaf move instead of counting the last ply in bulk.
    #[arg(long)]
    full: bool,
    /// One JSON object per line.
    #[arg(long)]
    json: bool,
}

fn bad_input(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

/// Runs the command; the exit code follows the CLI contract (0 ok, 1 mismatch, 2 bad input).
pub fn run(a: PerftArgs) -> ExitCode {
    if a.variant == "shogi" && a.repr.as_deref() != Some(crate::variants::REPR) && a.variants.is_none() {
        return shogi::run(&a);
    }
    if crate::variants::wanted(&a.variant, a.repr.as_deref(), a.variants.as_deref(), a.epd.as_deref()) {
        return crate::variants::perft(&crate::variants::Request {
            variant: &a.variant,
            variants_file: a.variants.as_deref(),
            fen: a.fen.as_deref(),
            moves: a.moves.as_deref(),
            depth: a.depth,
            epd: a.epd.as_deref(),
            max_depth: a.max_depth,
            divide: a.divide,
            full: a.full,
            json: a.json,
        });
    }
    let chess960 = match a.variant.as_str() {
        "chess" => false,
        "chess960" => true,
        v => {
            return bad_input(format!("unknown variant '{v}' (expected chess, chess960 or shogi)"));
        }
    };
    let names = polyboard_chess::repr::names();
    let reprs: Vec<&str> = match a.repr.as_deref() {
        None => vec![names[0]],
        Some("all") => names.clone(),
        Some(r) if names.contains(&r) => vec![r],
        Some(r) => {
            return bad_input(format!("unknown representation '{r}' (polyboard reprs lists them)"));
        }
    };
    if let Some(path) = &a.epd {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return bad_input(format!("cannot read '{path}': {e}")),
        };
        let cases = match epd::parse_suite(&text, chess960) {
            Ok(c) => c,
            Err(e) => return bad_input(format!("{path}: {e}")),
        };
        return run_suite(&a, &reprs, &cases);
    }
    let Some(fen) = &a.fen else {
        return bad_input("give --fen FEN --depth N, or --epd FILE");
    };
    let Some(depth) = a.depth else {
        return bad_input("--depth N is needed with --fen");
    };
    let mut pos = match if chess960 { Position::from_fen_variant(fen, true) } else { Position::from_fen(fen) } {
        Ok(p) => p,
        Err(e) => return bad_input(e),
    };
    for text in a.moves.as_deref().unwrap_or("").split_whitespace() {
        match uci::parse(&pos, text) {
            Ok(mv) => pos = pos.play(mv),
            Err(e) => return bad_input(e),
        }
    }
    let fen = &pos.fen();
    for r in &reprs {
        with_repr!(*r, B => single::<B>(&a, &pos, fen, depth));
    }
    ExitCode::SUCCESS
}

fn count<B: Board>(b: &B, depth: u32, full: bool) -> u64 {
    if full { perft_full(b, depth) } else { perft(b, depth) }
}

fn json_line(variant: &str, repr: &str, fen: &str, depth: u32, nodes: u64, secs: f64) -> String {
    let nps = if secs > 0.0 { (nodes as f64 / secs) as u64 } else { 0 };
    format!(
        "{{\"variant\":\"{variant}\",\"repr\":\"{repr}\",\"fen\":\"{}\",\"depth\":{depth},\"nodes\":{nodes},\"seconds\":{secs:.6},\"nps\":{nps}}}",
        fen.replace('\\', "\\\\").replace('"', "\\\"")
    )
}

fn single<B: Board>(a: &PerftArgs, pos: &Position, fen: &str, depth: u32) {
    let b = B::from_position(pos);
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let nodes = if a.divide && depth > 0 {
        let rows = divide(&b, depth, a.full);
        for (mv, n) in &rows {
            let text = uci::format(pos, *mv);
            if a.json {
                let _ = writeln!(out, "{{\"move\":\"{text}\",\"nodes\":{n}}}");
            } else {
                let _ = writeln!(out, "{text}: {n}");
            }
        }
        rows.iter().map(|r| r.1).sum()
    } else {
        count(&b, depth, a.full)
    };
    let secs = start.elapsed().as_secs_f64();
    if a.json {
        let _ = writeln!(out, "{}", json_line(&a.variant, B::NAME, fen, depth, nodes, secs));
    } else {
        if a.divide {
            let _ = writeln!(out);
        }
        let nps = if secs > 0.0 { nodes as f64 / secs / 1e6 } else { 0.0 };
        let _ = writeln!(out, "Nodes searched: {nodes}\nrepr {} depth {depth}: {secs:.3} s, {nps:.1} Mnps", B::NAME);
    }
}

/// Progress on stderr, drawn only when stderr is a terminal.
struct Progress {
    total: usize,
    done: usize,
    on: bool,
}

impl Progress {
    fn tick(&mut self, label: &str) {
        self.done += 1;
        if self.on {
            let width = 30;
            let filled = self.done * width / self.total.max(1);
            eprint!(
                "\r[{}{}] {}/{} {label:<12}",
                "=".repeat(filled),
                " ".repeat(width - filled),
                self.done,
                self.total
            );
            if self.done == self.total {
                eprintln!();
            }
        }
    }
}

fn run_suite(a: &PerftArgs, reprs: &[&str], cases: &[PerftCase]) -> ExitCode {
    let max = a.max_depth.unwrap_or(u32::MAX);
    let mut progress = Progress { total: cases.len() * reprs.len(), done: 0, on: std::io::stderr().is_terminal() };
    let mut failures = 0usize;
    let mut runs = 0usize;
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for r in reprs {
        for case in cases {
            with_repr!(*r, B => {
                let b = B::from_position(&case.position);
                for &(depth, expected) in case.counts.iter().filter(|c| c.0 <= max) {
                    let t = Instant::now();
                    let nodes = count(&b, depth, a.full);
                    let secs = t.elapsed().as_secs_f64();
                    runs += 1;
                    total_nodes += nodes;
                    let ok = nodes == expected;
                    if !ok {
                        failures += 1;
                    }
                    if a.json {
                        let line = json_line(&a.variant, B::NAME, &case.fen, depth, nodes, secs);
                        println!("{},\"expected\":{expected},\"ok\":{ok}}}", &line[..line.len() - 1]);
                    } else if !ok {
                        if progress.on { eprintln!(); }
                        println!("FAIL line {} depth {depth}: {} expected {expected}, got {nodes} ({})", case.line, B::NAME, case.fen);
                    }
                }
            });
            progress.tick(r);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    if !a.json {
        println!(
            "{} of {runs} counts agree ({} positions, {} repr(s)); {total_nodes} nodes in {secs:.2} s",
            runs - failures,
            cases.len(),
            reprs.len()
        );
    }
    if failures > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// `--variant shogi`: the same contract over SFEN, USI moves and [`ShogiBoard`].
mod shogi {
    use super::{PerftArgs, Progress, bad_input, json_line};
    use polyboard_shogi::suite::{PerftCase, parse_suite};
    use polyboard_shogi::{Position, ShogiBoard, divide, perft, perft_full, usi, with_shogi_repr};
    use std::io::{IsTerminal, Write};
    use std::process::ExitCode;
    use std::time::Instant;

    fn count<B: ShogiBoard>(b: &B, depth: u32, full: bool) -> u64 {
        if full { perft_full(b, depth) } else { perft(b, depth) }
    }

    pub fn run(a: &PerftArgs) -> ExitCode {
        let names = polyboard_shogi::repr::names();
        let reprs: Vec<&str> = match a.repr.as_deref() {
            None => vec![names[0]],
            Some("all") => names.clone(),
            Some(r) if names.contains(&r) => vec![r],
            Some(r) => {
                return bad_input(format!("unknown representation '{r}' (polyboard reprs --variant shogi lists them)"));
            }
        };
        if let Some(path) = &a.epd {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => return bad_input(format!("cannot read '{path}': {e}")),
            };
            return match parse_suite(&text) {
                Ok(cases) => suite(a, &reprs, &cases),
                Err(e) => bad_input(format!("{path}: {e}")),
            };
        }
        let (Some(sfen), Some(depth)) = (&a.fen, a.depth) else {
            return bad_input("give --fen SFEN --depth N, or --epd FILE");
        };
        let mut pos = match Position::from_sfen(sfen) {
            Ok(p) => p,
            Err(e) => return bad_input(e),
        };
        for text in a.moves.as_deref().unwrap_or("").split_whitespace() {
            match usi::parse(&pos, text) {
                Ok(mv) => pos = pos.play(mv),
                Err(e) => return bad_input(e),
            }
        }
        for r in &reprs {
            with_shogi_repr!(*r, B => single::<B>(a, &pos, depth));
        }
        ExitCode::SUCCESS
    }

    fn single<B: ShogiBoard>(a: &PerftArgs, pos: &Position, depth: u32) {
        let b = B::from_position(pos);
        let start = Instant::now();
        let mut out = std::io::stdout().lock();
        let nodes = if a.divide && depth > 0 {
            let rows = divide(&b, depth, a.full);
            for (mv, n) in &rows {
                if a.json {
                    let _ = writeln!(out, "{{\"move\":\"{mv}\",\"nodes\":{n}}}");
                } else {
                    let _ = writeln!(out, "{mv}: {n}");
                }
            }
            rows.iter().map(|r| r.1).sum()
        } else {
            count(&b, depth, a.full)
        };
        let secs = start.elapsed().as_secs_f64();
        if a.json {
            let _ = writeln!(out, "{}", json_line("shogi", B::NAME, &pos.sfen(), depth, nodes, secs));
        } else {
            if a.divide {
                let _ = writeln!(out);
            }
            let nps = if secs > 0.0 { nodes as f64 / secs / 1e6 } else { 0.0 };
            let _ =
                writeln!(out, "Nodes searched: {nodes}\nrepr {} depth {depth}: {secs:.3} s, {nps:.1} Mnps", B::NAME);
        }
    }

    fn suite(a: &PerftArgs, reprs: &[&str], cases: &[PerftCase]) -> ExitCode {
        let max = a.max_depth.unwrap_or(u32::MAX);
        let mut progress = Progress { total: cases.len() * reprs.len(), done: 0, on: std::io::stderr().is_terminal() };
        let (mut failures, mut runs, mut total_nodes) = (0usize, 0usize, 0u64);
        let start = Instant::now();
        for r in reprs {
            for case in cases {
                with_shogi_repr!(*r, B => {
                    let b = B::from_position(&case.position);
                    for &(depth, expected) in case.counts.iter().filter(|c| c.0 <= max) {
                        let t = Instant::now();
                        let nodes = count(&b, depth, a.full);
                        let secs = t.elapsed().as_secs_f64();
                        runs += 1;
                        total_nodes += nodes;
                        let ok = nodes == expected;
                        failures += usize::from(!ok);
                        if a.json {
                            let line = json_line("shogi", B::NAME, &case.sfen, depth, nodes, secs);
                            println!("{},\"expected\":{expected},\"ok\":{ok}}}", &line[..line.len() - 1]);
                        } else if !ok {
                            if progress.on { eprintln!(); }
                            println!("FAIL line {} depth {depth}: {} expected {expected}, got {nodes} ({})", case.line, B::NAME, case.sfen);
                        }
                    }
                });
                progress.tick(r);
            }
        }
        if !a.json {
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{} of {runs} counts agree ({} positions, {} repr(s)); {total_nodes} nodes in {secs:.2} s",
                runs - failures,
                cases.len(),
                reprs.len()
            );
        }
        if failures > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
    }
}
