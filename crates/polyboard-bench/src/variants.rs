//! `polyboard bench --variant-peers`: bulk perft of polyboard-variants side by side with
//! Fairy-Stockfish and Sjaak II, each driven through its own protocol, on the positions
//! of [`CASES`] (capablanca start to depth 5, a crazyhouse position with full hands to
//! depth 3, xiangqi start to depth 4, and the starts of antichess, atomic, horde and
//! janggi; `--quick` one ply less).
//!
//! - polyboard: [`polyboard_variants::Variant::perft`] in this process (bulk: the last
//!   ply counted, not played).
//! - Fairy-Stockfish (`fairy-stockfish`, Debian): UCI, `setoption name UCI_Variant`,
//!   `position`, `go perft N`, read up to `Nodes searched`.
//! - Sjaak II (`sjaakii`, Debian): its xboard console, `variant`, `setboard`, `perft N`,
//!   read up to the line of depth N.
//!
//! A peer that is not installed (looked for on `PATH` and in `/usr/games`) is left
//! out, and the section still runs. Times are CPU seconds of the process that counted
//! (from `/proc/<pid>/stat`; wall time where that is not readable), so that a shared
//! machine disturbs the ratio less. Every count must agree with polyboard's.

use crate::common::BenchError;
use polyboard_variants::{Variant, VariantSet};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Instant;

/// One benchmark case.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// polyboard's variant name.
    pub variant: &'static str,
    /// The position (`None` = the start).
    pub fen: Option<&'static str>,
    /// The depth in normal mode (`--quick`: one ply less).
    pub depth: u32,
    /// Fairy-Stockfish 11.1's name for the variant, where it has it with the same rules.
    pub fsf: Option<&'static str>,
    /// Sjaak II's name for the variant, where it has it with the same rules.
    pub sjaak: Option<&'static str>,
}

/// The cases: capablanca, crazyhouse and xiangqi (Sjaak II plays them too), then the
/// Lichess and pychess.org games antichess, atomic, horde and janggi. Fairy-Stockfish
/// 11.1 (Debian) has no atomic; Sjaak II's antichess (`suicide`) has other stalemate
/// rules, and it has no horde or janggi.
pub const CASES: [Case; 7] = [
    Case { variant: "capablanca", fen: None, depth: 5, fsf: Some("capablanca"), sjaak: Some("capablanca") },
    Case {
        variant: "crazyhouse",
        fen: Some("2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1"),
        depth: 3,
        fsf: Some("crazyhouse"),
        sjaak: Some("crazyhouse"),
    },
    Case { variant: "xiangqi", fen: None, depth: 4, fsf: Some("xiangqi"), sjaak: Some("xiangqi") },
    Case { variant: "antichess", fen: None, depth: 6, fsf: Some("antichess"), sjaak: None },
    Case { variant: "atomic", fen: None, depth: 5, fsf: None, sjaak: None },
    Case { variant: "horde", fen: None, depth: 7, fsf: Some("horde"), sjaak: None },
    Case { variant: "janggi", fen: None, depth: 5, fsf: Some("janggi"), sjaak: None },
];

/// One timing: nodes, CPU seconds (or wall seconds when CPU time is not readable).
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// The count.
    pub nodes: u64,
    /// Seconds.
    pub secs: f64,
}

/// The user CPU seconds of process `pid` (Linux `/proc`), if readable.
fn cpu_secs(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = stat.rsplit_once(')')?.1;
    let utime: f64 = after.split_whitespace().nth(11)?.parse().ok()?;
    // USER_HZ is 100 on every Linux platform Rust targets.
    Some(utime / 100.0)
}

/// Finds an executable on `PATH` or in `/usr/games`.
pub fn find(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(std::iter::once(PathBuf::from("/usr/games")))
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// polyboard's bulk perft, timed in this process (the thread's CPU time where
/// readable).
pub fn ours(variant: &str, fen: Option<&str>, depth: u32) -> Result<Timing, BenchError> {
    let rejected =
        |reason: String| BenchError::Position { what: format!("{variant} {}", fen.unwrap_or("startpos")), reason };
    let set = VariantSet::builtin();
    let v = set.rules(variant).and_then(Variant::new).map_err(|e| rejected(e.to_string()))?;
    let (c0, t0) = (cpu_secs("thread-self"), Instant::now());
    let run = v.perft(fen, &[], depth, false, false).map_err(|e| rejected(e.to_string()))?;
    let wall = t0.elapsed().as_secs_f64();
    let secs = match (c0, cpu_secs("thread-self")) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => wall,
    };
    Ok(Timing { nodes: run.nodes, secs })
}

/// A peer process with piped input and output.
struct Peer {
    child: Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Peer {
    fn start(exe: &PathBuf) -> Option<Peer> {
        let mut child =
            Command::new(exe).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().ok()?;
        let out = BufReader::new(child.stdout.take()?);
        Some(Peer { child, out })
    }
    fn send(&mut self, line: &str) -> Option<()> {
        let stdin = self.child.stdin.as_mut()?;
        writeln!(stdin, "{line}").ok()?;
        stdin.flush().ok()
    }
    /// Reads lines until `done` accepts one, returning it.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Option<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.out.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if done(line.trim()) {
                return Some(line.trim().to_string());
            }
        }
    }
    fn cpu(&self) -> Option<f64> {
        cpu_secs(&self.child.id().to_string())
    }
    fn finish(mut self) {
        let _ = self.send("quit");
        if self.child.try_wait().ok().flatten().is_none() {
            std::thread::sleep(std::time::Duration::from_millis(100));
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Times a counting command: CPU time of the peer between the two points.
fn timed(p: &mut Peer, run: impl FnOnce(&mut Peer) -> Option<u64>) -> Option<Timing> {
    let (c0, t0) = (p.cpu(), Instant::now());
    let nodes = run(p)?;
    let wall = t0.elapsed().as_secs_f64();
    let secs = match (c0, p.cpu()) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => wall,
    };
    Some(Timing { nodes, secs })
}

/// Fairy-Stockfish over UCI.
pub fn fairy_stockfish(exe: &PathBuf, variant: &str, fen: Option<&str>, depth: u32) -> Option<Timing> {
    let mut p = Peer::start(exe)?;
    p.send("uci")?;
    p.until(|l| l == "uciok")?;
    p.send(&format!("setoption name UCI_Variant value {variant}"))?;
    p.send(&fen.map_or("position startpos".to_string(), |f| format!("position fen {f}")))?;
    p.send("isready")?;
    p.until(|l| l == "readyok")?;
    let t = timed(&mut p, |p| {
        p.send(&format!("go perft {depth}"))?;
        let l = p.until(|l| l.starts_with("Nodes searched"))?;
        l.rsplit(' ').next()?.parse().ok()
    });
    p.finish();
    t
}

/// Sjaak II over its xboard console (`perft N` prints a line per depth: depth, count,
/// time, speed).
pub fn sjaak(exe: &PathBuf, variant: &str, fen: Option<&str>, depth: u32) -> Option<Timing> {
    let mut p = Peer::start(exe)?;
    p.send("xboard")?;
    p.send("new")?;
    p.send(&format!("variant {variant}"))?;
    if let Some(f) = fen {
        p.send(&format!("setboard {f}"))?;
    }
    let t = timed(&mut p, |p| {
        p.send(&format!("perft {depth}"))?;
        let d = depth.to_string();
        let l = p.until(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            f.len() >= 4 && f[0] == d && f[f.len() - 1].ends_with("nps")
        })?;
        l.split_whitespace().nth(1)?.parse().ok()
    });
    p.finish();
    t
}

/// Runs the section and returns its text; an error when a count disagrees.
pub fn run(quick: bool) -> Result<String, BenchError> {
    let fsf = find("fairy-stockfish");
    let sj = find("sjaakii");
    let mut s = String::from("\nVariants: bulk perft, CPU seconds (ratio = peer time / polyboard time)\n\n");
    s.push_str("| position | depth | nodes | polyboard s | Mnps | fairy-stockfish s | ratio | sjaakii s | ratio |\n");
    s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for Case { variant, fen, depth, fsf: fsf_name, sjaak: sjaak_name } in CASES {
        let d = if quick { depth - 1 } else { depth };
        let a = ours(variant, fen, d)?;
        let mut row = format!(
            "| {variant} | {d} | {} | {:.2} | {:.1} |",
            a.nodes,
            a.secs,
            a.nodes as f64 / a.secs.max(1e-6) / 1e6
        );
        for (name, t) in [
            ("fairy-stockfish", fsf.as_ref().zip(fsf_name).and_then(|(e, n)| fairy_stockfish(e, n, fen, d))),
            ("sjaakii", sj.as_ref().zip(sjaak_name).and_then(|(e, n)| sjaak(e, n, fen, d))),
        ] {
            match t {
                Some(t) if t.nodes != a.nodes => {
                    return Err(BenchError::Disagree {
                        what: format!("{variant} depth {d}: {name}"),
                        theirs: t.nodes,
                        ours: a.nodes,
                    });
                }
                Some(t) => row.push_str(&format!(" {:.2} | {:.1}x |", t.secs, t.secs / a.secs.max(1e-6))),
                None => row.push_str(" - | - |"),
            }
        }
        s.push_str(&row);
        s.push('\n');
    }
    s.push_str("\n(-: the peer lacks the variant (Fairy-Stockfish 11.1 has no atomic; Sjaak II has no\n");
    s.push_str("antichess, horde or janggi with these rules) or is not installed (`apt-get install -y\n");
    s.push_str("fairy-stockfish sjaakii` adds them))\n");
    Ok(s)
}
