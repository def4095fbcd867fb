//! `polyboard perft`.

use crate::games::{self, Case, Query};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `polyboard perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// The position (FEN, Shredder-FEN or X-FEN; SFEN for shogi); `startpos`, or no
    /// --fen, is the variant's start position (chess when no --variant is given).
    #[arg(long, conflicts_with = "epd")]
    fen: Option<String>,
    /// The depth in plies, 0 or more (at most 13 for chess, 12 for shogi and the
    /// variants).
    #[arg(long, allow_negative_numbers = true, value_parser = plies)]
    depth: Option<u32>,
    /// Moves to play from the position before counting (space-separated; UCI, or USI
    /// for shogi).
    #[arg(long)]
    moves: Option<String>,
    /// A perft suite: `FEN ;D1 n ;D2 n ...` or `FEN;n1;n2;...` lines.
    #[arg(long)]
    epd: Option<String>,
    /// The deepest depth of a suite to run.
    #[arg(long, allow_negative_numbers = true, value_parser = plies)]
    max_depth: Option<u32>,
    /// The variant: chess, chess960, shogi (SFEN, USI moves and the shogi perft file
    /// format, on the dedicated shogi crate unless `--repr sjaak`), or any built-in or
    /// `--variants` variant (`all` with a variant table runs every line). Default: chess.
    #[arg(long)]
    variant: Option<String>,
    /// Extra variant definitions (Fairy-Stockfish variants.ini syntax). As
    /// Fairy-Stockfish reads them: a line with an unknown key or a bad value is left out
    /// with a warning on stderr naming it, and the rest loads.
    #[arg(long)]
    variants: Option<String>,
    /// With --variants: a problem anywhere in the file is an error (exit status 2).
    #[arg(long, requires = "variants")]
    strict: bool,
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

/// Reads a depth: a whole number of plies, 0 or more (clap names the option).
fn plies(text: &str) -> Result<u32, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n < 0 => Err(format!("a depth counts plies, so it is 0 or more, not {n}")),
        Ok(n) => u32::try_from(n).map_err(|_| format!("{n} plies is more than any game allows")),
        Err(_) => Err(format!("'{text}' is not a whole number of plies")),
    }
}

/// Writes a line to stdout; a closed pipe (`| head`) is not an error.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

fn bad_input(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

/// Runs the command; the exit code follows the CLI contract (0 ok, 1 mismatch, 2 bad input).
pub fn run(a: PerftArgs) -> ExitCode {
    let variant = a.variant.as_deref().unwrap_or("chess");
    let suite = match &a.epd {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(t) => Some(t),
            Err(e) => return bad_input(format!("cannot read '{path}': {e}")),
        },
        None => None,
    };
    let query = Query {
        variant,
        repr: a.repr.as_deref(),
        variants_file: a.variants.as_deref(),
        strict: a.strict,
        suite: suite.as_deref(),
    };
    let (game, _) = match games::lookup(&query) {
        Ok(found) => found,
        Err(e) => return bad_input(e),
    };
    let names = game.reprs();
    let reprs: Vec<&str> = match a.repr.as_deref() {
        None => vec![names[0]],
        Some("all") => names.clone(),
        Some(r) if names.contains(&r) => vec![r],
        Some(r) => return bad_input(games::GameError::UnknownRepr { repr: r.to_string(), hint: game.hint() }),
    };
    if let (Some(path), Some(text)) = (&a.epd, &suite) {
        let bound = a.max_depth.unwrap_or(u32::MAX);
        return match game.suite(text) {
            Ok(cases) if cases.iter().all(|c| c.counts.is_empty()) => {
                bad_input(format!("{path}: no perft counts to check (lines like 'FEN ;D1 20 ;D2 400')"))
            }
            Ok(cases) => match cases
                .iter()
                .find_map(|c| c.counts.iter().find(|n| n.0 > game.max_depth() && n.0 <= bound).map(|n| (c.line, n.0)))
            {
                Some((line, depth)) => bad_input(format!(
                    "{path}: line {line}: depth {depth} is deeper than {variant} allows ({})",
                    game.max_depth()
                )),
                None => run_suite(&a, variant, &reprs, &cases),
            },
            Err(e) => bad_input(format!("{path}: {e}")),
        };
    }
    // Without --fen, the start position of the variant (chess when none is named).
    let Some(depth) = a.depth else {
        return bad_input("give --depth N (from --fen FEN, or the start position), or --epd FILE");
    };
    if depth > game.max_depth() {
        return bad_input(format!(
            "--depth {depth}: {variant} perft goes to depth {} at most (deeper counts overflow 64 bits or \
             run for years)",
            game.max_depth()
        ));
    }
    let moves: Vec<&str> = a.moves.as_deref().unwrap_or("").split_whitespace().collect();
    let setup = match game.setup(a.fen.as_deref(), &moves) {
        Ok(s) => s,
        Err(e) => return bad_input(e),
    };
    for r in &reprs {
        let start = Instant::now();
        let run = match setup.perft(r, depth, a.divide, a.full) {
            Ok(run) => run,
            Err(e) => return bad_input(e),
        };
        let secs = start.elapsed().as_secs_f64();
        for (mv, n) in &run.divide {
            if a.json {
                say!("{{\"move\":\"{mv}\",\"nodes\":{n}}}");
            } else {
                say!("{mv}: {n}");
            }
        }
        if a.json {
            say!("{}", json_line(variant, r, &run.fen, depth, run.nodes, secs));
        } else {
            if a.divide {
                say!("");
            }
            let nps = if secs > 0.0 { run.nodes as f64 / secs / 1e6 } else { 0.0 };
            say!("Nodes searched: {}\nrepr {} depth {depth}: {secs:.3} s, {nps:.1} Mnps", run.nodes, run.label);
        }
    }
    ExitCode::SUCCESS
}

fn json_line(variant: &str, repr: &str, fen: &str, depth: u32, nodes: u64, secs: f64) -> String {
    let nps = if secs > 0.0 { (nodes as f64 / secs) as u64 } else { 0 };
    format!(
        "{{\"variant\":\"{variant}\",\"repr\":\"{repr}\",\"fen\":\"{}\",\"depth\":{depth},\"nodes\":{nodes},\"seconds\":{secs:.6},\"nps\":{nps}}}",
        fen.replace('\\', "\\\\").replace('"', "\\\"")
    )
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

fn run_suite(a: &PerftArgs, variant: &str, reprs: &[&str], cases: &[Case]) -> ExitCode {
    let max = a.max_depth.unwrap_or(u32::MAX);
    let mut progress = Progress { total: cases.len() * reprs.len(), done: 0, on: std::io::stderr().is_terminal() };
    let (mut failures, mut runs, mut skipped, mut total_nodes) = (0usize, 0usize, 0usize, 0u64);
    let start = Instant::now();
    for r in reprs {
        for case in cases {
            progress.tick(r);
            let Some(setup) = &case.setup else {
                skipped += 1;
                continue;
            };
            let name = case.variant.as_deref().unwrap_or(variant);
            for &(depth, expected) in case.counts.iter().filter(|c| c.0 <= max) {
                let t = Instant::now();
                let nodes = match setup.perft(r, depth, false, a.full) {
                    Ok(run) => run.nodes,
                    Err(e) => return bad_input(format!("line {}: {e}", case.line)),
                };
                let secs = t.elapsed().as_secs_f64();
                runs += 1;
                total_nodes += nodes;
                let ok = nodes == expected;
                failures += usize::from(!ok);
                if a.json {
                    let line = json_line(name, r, &case.fen, depth, nodes, secs);
                    say!("{},\"expected\":{expected},\"ok\":{ok}}}", &line[..line.len() - 1]);
                } else if !ok {
                    if progress.on {
                        eprintln!();
                    }
                    let of = case.variant.as_deref().map_or(String::new(), |v| format!(" {v}"));
                    say!(
                        "FAIL line {}{of} depth {depth}: {r} expected {expected}, got {nodes} ({})",
                        case.line,
                        case.fen
                    );
                }
            }
        }
    }
    if !a.json {
        let unknown =
            if skipped > 0 { format!("; {skipped} position(s) of unknown variants skipped") } else { String::new() };
        say!(
            "{} of {runs} counts agree ({} positions, {} repr(s)){unknown}; {total_nodes} nodes in {:.2} s",
            runs - failures,
            cases.len(),
            reprs.len(),
            start.elapsed().as_secs_f64()
        );
    }
    if failures > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
