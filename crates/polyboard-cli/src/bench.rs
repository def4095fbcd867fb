//! `polyboard bench`: the arguments and the output. The measurements are in
//! polyboard-bench's library ([`polyboard_bench`]).

use clap::Args;
use polyboard_bench::{comparison, experiment, report, shogi, sizes, variants};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `polyboard bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Shallower depths and shorter measurements (well under a minute).
    #[arg(long)]
    pub quick: bool,
    /// Write report.md and its SVG charts (shogi: shogi-report.md) into this directory
    /// instead of ./polyboard-report.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Print the tables only; write no report.
    #[arg(long, conflicts_with = "out")]
    pub no_report: bool,
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
    /// Instead of the representations: the variant engine's bulk perft beside
    /// Fairy-Stockfish and Sjaak II (whichever is installed), on capablanca,
    /// crazyhouse and xiangqi positions. (`--variants`, its old name, still works.)
    #[arg(long = "variant-peers", alias = "variants")]
    pub variant_peers: bool,
}

/// Where the report goes without `--out`, relative to the current directory.
pub const DEFAULT_OUT: &str = "polyboard-report";

impl BenchArgs {
    /// The report's directory: `--out`, else [`DEFAULT_OUT`]; `None` under `--no-report`.
    fn report_dir(&self) -> Option<PathBuf> {
        if self.no_report { None } else { Some(self.out.clone().unwrap_or_else(|| PathBuf::from(DEFAULT_OUT))) }
    }
}

/// Runs the comparison, prints the table and writes the report.
pub fn run(a: BenchArgs) -> ExitCode {
    if a.variant_peers {
        return match variants::run(a.quick) {
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
        "shogi" => return run_shogi(&a),
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
    let started = Instant::now();
    let rows = match comparison::rows(&names, a.quick) {
        Ok(rows) => rows,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let codecs = comparison::codecs(a.quick);
    let sizes = sizes::measure();
    let mut text = report::table(&rows, &codecs, a.quick, started.elapsed().as_secs_f64());
    text.push_str(&sizes::text(&sizes));
    print!("{text}");
    let exp = match run_experiment(&names, a.quick) {
        Ok(exp) => exp,
        Err(code) => return code,
    };
    text.push_str(&exp.text());
    match a.report_dir() {
        Some(dir) => written(
            &dir.join("report.md"),
            ", its SVG charts beside it",
            report::write(&dir, &rows, &codecs, &sizes::markdown(&sizes), &exp.markdown(), &text)
                .and_then(|()| exp.write_charts(&dir)),
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

/// The exit status after writing the report `file` (`then` follows its name in the
/// message: where the charts are); says where on stdout.
fn written(file: &Path, then: &str, result: std::io::Result<()>) -> ExitCode {
    match result {
        Ok(()) => {
            println!("\nreport written to {}{then}", file.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            let dir = file.parent().unwrap_or(file);
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
    let Some(dir) = a.report_dir() else { return ExitCode::SUCCESS };
    let md = format!(
        "# polyboard: the representation experiment\n\nMachine: {}.\n{}\n## Raw output\n\n```text{}```\n",
        report::machine(),
        exp.markdown(),
        exp.text()
    );
    written(
        &dir.join("report.md"),
        ", its SVG charts beside it",
        std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::write(dir.join("report.md"), md))
            .and_then(|()| exp.write_charts(&dir)),
    )
}

/// The representations of `names` that `--repr` asks for (all when it names none), or
/// exit status 2 after naming an unknown one (`variant` is the `--variant` text of the
/// hint, empty for chess).
fn select(names: Vec<&'static str>, wanted: &[String], variant: &str) -> Result<Vec<&'static str>, ExitCode> {
    polyboard_bench::common::select(names, wanted, variant).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })
}

/// `bench --variant shogi`: runs the shogi benchmark, prints it and writes
/// `shogi-report.md` under `--out`.
fn run_shogi(a: &BenchArgs) -> ExitCode {
    let names = match select(polyboard_shogi::repr::names(), &a.repr, " --variant shogi") {
        Ok(n) => n,
        Err(code) => return code,
    };
    let run = shogi::run(&names, a.quick, &mut || eprint!("."));
    eprintln!();
    let run = match run {
        Ok(run) => run,
        Err(e @ shogi::ShogiError::Positions { .. }) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    print!("{}", run.text());
    match a.report_dir() {
        Some(dir) => {
            let md = run.markdown();
            let file = dir.join("shogi-report.md");
            written(&file, "", std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&file, md)))
        }
        None => ExitCode::SUCCESS,
    }
}
