//! `polyboard check FILE`: every problem of a variants.ini file, as Fairy-Stockfish's
//! `check` command lists them.

use clap::Args;
use polyboard_variants::VariantSet;
use std::io::Write;
use std::process::ExitCode;

/// Arguments of `polyboard check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The variants.ini file (its sections may name the built-in variants as parents).
    file: String,
}

/// Prints one line a problem on stdout and a summary on stderr; exit status 0 when
/// every section loads, 1 when some are left out, 2 when the file cannot be read.
pub fn run(a: CheckArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read '{}': {e}", a.file);
            return ExitCode::from(2);
        }
    };
    let loaded = VariantSet::builtin().load_lenient(&text, &a.file);
    let mut out = std::io::stdout().lock();
    for problem in &loaded.skipped {
        let _ = writeln!(out, "{problem}");
    }
    let sections = loaded.skipped.iter().filter(|s| s.section.is_some()).count();
    eprintln!("{}: {} sections load, {sections} left out", a.file, loaded.names.len());
    if loaded.skipped.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
