//! `polyboard`: the command line. Argument parsing and output only; the work is in
//! the library crates.

use clap::{Parser, Subcommand};
use polyboard_engine::protocol::Dialect;
use std::process::ExitCode;

mod bench;
mod check;
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
        /// Extra variant definitions (Fairy-Stockfish variants.ini syntax). As
        /// Fairy-Stockfish reads them: a line with an unknown key or a bad value is left
        /// out with a warning on stderr naming it, and the rest loads.
        #[arg(long)]
        variants: Option<String>,
        /// With --variants: a problem anywhere in the file is an error (exit status 2).
        #[arg(long, requires = "variants")]
        strict: bool,
    },
    /// List every problem of a variants.ini file, one line each (as Fairy-Stockfish's
    /// `check`): the lines ignored and the sections left out, with the line, key and
    /// reason. Exit status 0 when the whole file reads, 1 when it does not, 2 when the
    /// file cannot be read.
    Check(check::CheckArgs),
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
        Command::Reprs { variant, variants: file, strict } => reprs(&variant, file.as_deref(), strict),
        Command::Check(args) => check::run(args),
    }
}

/// `polyboard reprs`: the game's representations, the default first and then by
/// measured speed, then `sjaak` when the variant engine runs the game too.
fn reprs(variant: &str, file: Option<&str>, strict: bool) -> ExitCode {
    let query = games::Query { variant, repr: None, variants_file: file, strict, suite: None };
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
