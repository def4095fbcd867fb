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

/// Prints one line a problem on stdout (a line ignored, a section left out) and a
/// summary on stderr; exit status 0 when the whole file reads, 1 when a line or a
/// section is left out, 2 when the file cannot be read.
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
    for problem in loaded.warnings() {
        let _ = writeln!(out, "{problem}");
    }
    let sections = loaded.skipped.iter().filter(|s| s.section.is_some()).count();
    eprintln!(
        "{}: {} sections load, {sections} left out, {} lines ignored",
        a.file,
        loaded.names.len(),
        loaded.ignored.len() + loaded.skipped.len() - sections
    );
    if loaded.skipped.is_empty() && loaded.ignored.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
