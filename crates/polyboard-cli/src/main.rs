//! `polyboard`: the command line. Argument parsing and output only; the work is in
//! the library crates.

use clap::{Parser, Subcommand};
use polyboard_engine::protocol::Dialect;
use std::process::ExitCode;

mod bench;
mod codec;
mod games;
mod perft;

/// polyboard: chess board representations side by side.
#[derive(Parser)]
#[command(name = "polyboard", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (perft), for one FEN or an EPD suite.
    Perft(perft::PerftArgs),
    /// Compare the representations: bulk, copy-make and make/unmake perft speed, struct
    /// size; writes report.md and charts to ./polyboard-report (--out DIR, --no-report).
    Bench(bench::BenchArgs),
    /// Encode FEN lines (stdin) into compact records, one hex line each (stdout).
    Encode(codec::EncodeArgs),
    /// Decode compact records (stdin) back into FEN lines (stdout).
    Decode(codec::DecodeArgs),
    /// Play chess, Chess960 and every variant (shogi family included) over UCI on stdin and
    /// stdout; the UCI_Variant option picks the game (the reply to `uci` lists them).
    Uci,
    /// Play shogi and the shogi family (minishogi, judkins, gorogoro, euroshogi, ...) over
    /// USI on stdin and stdout; the USI_Variant option picks the game.
    Usi,
    /// Play chess, Chess960 and every variant over XBoard (CECP v2) on stdin and stdout;
    /// the `variant` command picks the game.
    Xboard,
    /// List the representations of a variant, one name a line, the default of `perft` first.
    ///
    /// The default of `perft` first, then the others by measured bulk perft speed, fastest
    /// first (chess: the table in docs/representations.md), then `sjaak` (the variant engine)
    /// when it runs the game too.
    Reprs {
        /// chess, chess960, shogi, or any built-in or `--variants` variant.
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Extra variant definitions (Fairy-Stockfish variants.ini syntax).
        #[arg(long)]
        variants: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Encode(args) => codec::encode(args),
        Command::Decode(args) => codec::decode(args),
        Command::Uci => {
            polyboard_engine::protocol::run(Dialect::Uci);
            ExitCode::SUCCESS
        }
        Command::Usi => {
            polyboard_engine::protocol::run(Dialect::Usi);
            ExitCode::SUCCESS
        }
        Command::Xboard => {
            polyboard_engine::protocol::run(Dialect::Xboard);
            ExitCode::SUCCESS
        }
        Command::Reprs { variant, variants: file } => reprs(&variant, file.as_deref()),
    }
}

/// `polyboard reprs`: the game's representations, the default first and then by
/// measured speed, then `sjaak` when the variant engine runs the game too.
fn reprs(variant: &str, file: Option<&str>) -> ExitCode {
    let query = games::Query { variant, repr: None, variants_file: file, suite: None };
    match games::lookup(&query) {
        Ok((game, also_variant)) => {
            for name in game.reprs() {
                println!("{name}");
            }
            if also_variant {
                println!("{}", games::VARIANT_REPR);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
