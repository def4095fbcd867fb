//! `polyboard perft` and `polyboard reprs` for the variants of `polyboard-variants`.

use polyboard_variants::{Variant, VariantSet, suite};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// The name of the one representation the variant engine has.
pub const REPR: &str = "sjaak";

/// What `perft` asked for, for a variant.
pub struct Request<'a> {
    pub variant: &'a str,
    pub variants_file: Option<&'a str>,
    pub fen: Option<&'a str>,
    pub moves: Option<&'a str>,
    pub depth: Option<u32>,
    pub epd: Option<&'a str>,
    pub max_depth: Option<u32>,
    pub divide: bool,
    pub full: bool,
    pub json: bool,
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

/// The built-in variants plus a user's file.
pub fn load(file: Option<&str>) -> Result<VariantSet, String> {
    let mut set = VariantSet::builtin();
    if let Some(path) = file {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        set.load(&text, path).map_err(|e| e.to_string())?;
    }
    Ok(set)
}

/// True when the request goes to the variant engine rather than polyboard-chess: a
/// variant other than chess/chess960, `--repr sjaak`, `--variants FILE`, or a suite
/// file in the variant table's `variant ; FEN ; 1=n` form.
pub fn wanted(variant: &str, repr: Option<&str>, variants_file: Option<&str>, epd: Option<&str>) -> bool {
    let table = epd.and_then(|p| std::fs::read_to_string(p).ok()).is_some_and(|t| {
        t.lines().any(|l| !l.starts_with('#') && l.split(" ; ").nth(2).is_some_and(|c| c.contains('=')))
    });
    !matches!(variant, "chess" | "chess960") || repr == Some(REPR) || variants_file.is_some() || table
}

fn json_line(variant: &str, fen: &str, depth: u32, nodes: u64, secs: f64) -> String {
    let nps = if secs > 0.0 { (nodes as f64 / secs) as u64 } else { 0 };
    format!(
        "{{\"variant\":\"{variant}\",\"repr\":\"{REPR}\",\"fen\":\"{}\",\"depth\":{depth},\"nodes\":{nodes},\"seconds\":{secs:.6},\"nps\":{nps}}}",
        fen.replace('\\', "\\\\").replace('"', "\\\"")
    )
}

/// Runs perft; the exit code follows the CLI contract.
pub fn perft(r: &Request) -> ExitCode {
    let set = match load(r.variants_file) {
        Ok(s) => s,
        Err(e) => return bad_input(e),
    };
    let build = |name: &str| set.rules(name).and_then(Variant::new).map_err(|e| e.to_string());
    if let Some(path) = r.epd {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return bad_input(format!("cannot read '{path}': {e}")),
        };
        let cases = match suite::parse(&text) {
            Ok(c) => c,
            Err(e) => return bad_input(format!("{path}: {e}")),
        };
        return run_suite(r, &set, &cases);
    }
    let v = match build(r.variant) {
        Ok(v) => v,
        Err(e) => return bad_input(e),
    };
    let Some(depth) = r.depth else { return bad_input("--depth N is needed with --fen") };
    let moves: Vec<&str> = r.moves.unwrap_or("").split_whitespace().collect();
    let start = Instant::now();
    let run = match v.perft(r.fen, &moves, depth, r.divide, r.full) {
        Ok(x) => x,
        Err(e) => return bad_input(e),
    };
    let secs = start.elapsed().as_secs_f64();
    for (m, n) in &run.divide {
        if r.json {
            say!("{{\"move\":\"{m}\",\"nodes\":{n}}}");
        } else {
            say!("{m}: {n}");
        }
    }
    if r.json {
        say!("{}", json_line(r.variant, &run.fen, depth, run.nodes, secs));
    } else {
        if r.divide {
            say!("");
        }
        let mnps = if secs > 0.0 { run.nodes as f64 / secs / 1e6 } else { 0.0 };
        say!("Nodes searched: {}\nrepr {REPR} ({}) depth {depth}: {secs:.3} s, {mnps:.1} Mnps", run.nodes, v.width());
    }
    ExitCode::SUCCESS
}

fn run_suite(r: &Request, set: &VariantSet, cases: &[suite::SuiteCase]) -> ExitCode {
    let max = r.max_depth.unwrap_or(u32::MAX);
    let known = set.names();
    let (mut runs, mut failures, mut skipped) = (0usize, 0usize, 0usize);
    let start = Instant::now();
    for c in cases {
        let name = c.variant.as_deref().unwrap_or(r.variant);
        if r.variant != "all" && c.variant.is_some() && name != r.variant {
            continue;
        }
        if !known.iter().any(|k| k == name) {
            skipped += 1;
            continue;
        }
        let v = match set.rules(name).and_then(Variant::new) {
            Ok(v) => v,
            Err(e) => return bad_input(e),
        };
        for &(depth, expected) in c.counts.iter().filter(|x| x.0 <= max) {
            let t = Instant::now();
            let nodes = match v.perft(Some(&c.fen), &[], depth, false, r.full) {
                Ok(x) => x.nodes,
                Err(e) => return bad_input(format!("line {}: {e}", c.line)),
            };
            let secs = t.elapsed().as_secs_f64();
            runs += 1;
            let ok = nodes == expected;
            failures += usize::from(!ok);
            if r.json {
                let line = json_line(name, &c.fen, depth, nodes, secs);
                say!("{},\"expected\":{expected},\"ok\":{ok}}}", &line[..line.len() - 1]);
            } else if !ok {
                say!("FAIL line {} {name} depth {depth}: expected {expected}, got {nodes} ({})", c.line, c.fen);
            }
        }
    }
    if !r.json {
        say!(
            "{} of {runs} counts agree; {skipped} position(s) of unknown variants skipped; {:.2} s",
            runs - failures,
            start.elapsed().as_secs_f64()
        );
    }
    if failures > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// `polyboard reprs --variant V` for a variant of the variant engine.
pub fn reprs(variant: &str, variants_file: Option<&str>) -> ExitCode {
    let set = match load(variants_file) {
        Ok(s) => s,
        Err(e) => return bad_input(e),
    };
    match set.rules(variant).and_then(Variant::new) {
        Ok(_) => {
            say!("{REPR}");
            ExitCode::SUCCESS
        }
        Err(e) => bad_input(e),
    }
}
