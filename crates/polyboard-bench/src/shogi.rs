//! The measurements of `polyboard bench --variant shogi`: Grimbergen's 2006 experiment run again, and the
//! slides' open question about SEE and pins.
//!
//! - **The experiment**: plain minimax (no pruning, as the slides say minimax) with a
//!   material-only evaluation ([`polyboard_shogi::experiment`]) over the 100 positions
//!   of `tests/data/perft/shogi-selfplay-100.sfen`, to depth 4 (the slides' depth), or
//!   under `--quick` to depth 3 (best of three passes). Every representation must visit
//!   the same number of nodes and return the same value on every position (the run
//!   stops otherwise).
//! - **SEE and pins** ([`polyboard_shogi::Tactics`]): every capture of those positions
//!   and of every position one move after them, and the pins of the side to move in
//!   each; every representation must give the same values. Timed in passes over all of
//!   them.
//!
//! Time is the thread's CPU time where Linux reports it (the machine may be shared).

use polyboard_core::timing::{clock_name, timed};
use polyboard_shogi::experiment::{Minimax, minimax};
use polyboard_shogi::types::Move;
use polyboard_shogi::{Position, ShogiBoard, Tactics, with_shogi_repr};
use std::fmt::Write as _;

/// The experiment's positions (provenance in tests/data/README.md).
const POSITIONS: &str = include_str!("../../../tests/data/perft/shogi-selfplay-100.sfen");

/// The slides' times: attack tables, bitboards (seconds, minimax to depth 4).
const SLIDES: (f64, f64) = (24810.0, 12709.0);

/// One representation's measurements.
struct Row {
    name: &'static str,
    /// Seconds of the whole experiment.
    secs: f64,
    /// Nanoseconds per SEE call and per pin detection.
    see_ns: f64,
    pins_ns: f64,
}

fn positions() -> Result<Vec<Position>, ShogiError> {
    POSITIONS
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty())
        .map(|(line, l)| Position::from_sfen(l).map_err(|error| ShogiError::Positions { line, error }))
        .collect()
}

/// Minimax of every position on the representation `name` (`None` when there is no
/// such representation): the results and the seconds of the whole pass (one timed block, so the clock's granularity does not
/// matter).
fn search_all(name: &str, positions: &[Position], depth: u32) -> Option<(Vec<Minimax>, f64)> {
    with_shogi_repr!(name, B => {
        let boards: Vec<B> = positions.iter().map(B::from_position).collect();
        return Some(timed(|| boards.iter().map(|b| minimax(b, depth)).collect()));
    });
    None
}

/// Nanoseconds per call of `f` over `n` items (passes repeated for at least `min_secs`
/// of wall time, the time of all of them divided by all calls), and what `f` returned.
fn per_call<R>(min_secs: f64, n: usize, mut f: impl FnMut() -> R) -> (R, f64) {
    let start = std::time::Instant::now();
    let (first, mut spent) = timed(&mut f);
    let mut passes = 1;
    while start.elapsed().as_secs_f64() < min_secs {
        spent += timed(&mut f).1;
        passes += 1;
    }
    (first, spent * 1e9 / (passes * n.max(1)) as f64)
}

/// SEE values of every capture and the pins of the side to move, with their timings.
fn tactics<B: Tactics>(sample: &[(Position, Vec<Move>)], min: f64) -> ((Vec<i32>, f64), (Vec<u128>, f64)) {
    let boards: Vec<(B, &[Move])> = sample.iter().map(|(p, m)| (B::from_position(p), m.as_slice())).collect();
    let captures: usize = sample.iter().map(|s| s.1.len()).sum();
    let see = per_call(min, captures, || {
        let mut out = Vec::with_capacity(captures);
        for (b, moves) in &boards {
            for &mv in *moves {
                out.push(std::hint::black_box(b).see(mv));
            }
        }
        out
    });
    let pins = per_call(min, boards.len(), || {
        boards.iter().map(|(b, _)| std::hint::black_box(b).pinned_squares(b.turn())).collect::<Vec<u128>>()
    });
    (see, pins)
}

/// Why the shogi benchmark stopped.
#[derive(Debug)]
pub enum ShogiError {
    /// A line of the experiment's positions is not a valid SFEN.
    Positions {
        /// The line, from 1.
        line: usize,
        /// Why (naming the SFEN field).
        error: polyboard_shogi::SfenError,
    },
    /// Two representations disagree: on what.
    Disagree(String),
    /// No shogi representation has this name.
    UnknownRepr(String),
}

impl std::fmt::Display for ShogiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShogiError::Positions { line, error } => write!(f, "the experiment's positions, line {line}: {error}"),
            ShogiError::Disagree(e) => f.write_str(e),
            ShogiError::UnknownRepr(name) => write!(f, "unknown shogi representation '{name}'"),
        }
    }
}

impl std::error::Error for ShogiError {}

/// The results of the shogi benchmark.
pub struct ShogiRun {
    rows: Vec<Row>,
    stats: Stats,
    quick: bool,
}

impl ShogiRun {
    /// The text for stdout (and quoted in the report).
    pub fn text(&self) -> String {
        text(&self.rows, &self.stats, self.quick)
    }

    /// `shogi-report.md`.
    pub fn markdown(&self) -> String {
        markdown(&self.rows, &self.stats, &self.text())
    }
}

/// Runs the shogi benchmark on the representations `names` (shallower under `quick`),
/// calling `progress` after each representation's pass.
pub fn run(names: &[&'static str], quick: bool, progress: &mut dyn FnMut()) -> Result<ShogiRun, ShogiError> {
    let positions = positions()?;
    let depth = if quick { 3 } else { 4 };
    let mut rows: Vec<Row> = names.iter().map(|&name| Row { name, secs: 0.0, see_ns: 0.0, pins_ns: 0.0 }).collect();
    // Whole passes, the representation that starts rotating; under --quick the best of
    // three passes, otherwise one.
    let passes = if quick { 3 } else { 1 };
    let mut results: Vec<Option<Vec<Minimax>>> = names.iter().map(|_| None).collect();
    for pass in 0..passes {
        for k in 0..rows.len() {
            let i = (k + pass) % rows.len();
            let (result, secs) = search_all(rows[i].name, &positions, depth)
                .ok_or_else(|| ShogiError::UnknownRepr(rows[i].name.to_string()))?;
            rows[i].secs = if pass == 0 { secs } else { rows[i].secs.min(secs) };
            results[i] = Some(result);
            progress();
        }
    }
    let reference = results.first().cloned().flatten().unwrap_or_default();
    for (row, result) in rows.iter().zip(&results) {
        let result = result.as_deref().unwrap_or_default();
        if let Some((p, (r, want))) =
            positions.iter().zip(result.iter().zip(&reference)).find(|(_, (r, want))| r != want)
        {
            return Err(ShogiError::Disagree(format!(
                "minimax to depth {depth} of {}: {} gives {r:?}, {} gives {want:?}",
                p.sfen(),
                row.name,
                names[0]
            )));
        }
    }
    let nodes: u64 = reference.iter().map(|r| r.nodes).sum();
    let sample: Vec<(Position, Vec<Move>)> = positions
        .iter()
        .flat_map(|p| std::iter::once(p.clone()).chain(p.legal_moves().into_iter().map(|m| p.play(m))))
        .map(|p| {
            let captures = p.legal_moves().into_iter().filter(|m| !m.is_drop() && p.board[m.to()].is_some()).collect();
            (p, captures)
        })
        .collect();
    let min = if quick { 0.05 } else { 0.3 };
    let mut reference: Option<(Vec<i32>, Vec<u128>)> = None;
    for row in rows.iter_mut() {
        let mut measured = None;
        with_shogi_repr!(row.name, B => {
            measured = Some(tactics::<B>(&sample, min));
        });
        let Some(((see, see_ns), (pins, pins_ns))) = measured else { continue };
        match &reference {
            None => reference = Some((see, pins)),
            Some((s, p)) => {
                if *s != see || *p != pins {
                    return Err(ShogiError::Disagree(format!(
                        "{} disagrees with {} on SEE values or pins",
                        row.name, names[0]
                    )));
                }
            }
        }
        row.see_ns = see_ns;
        row.pins_ns = pins_ns;
    }
    let captures: usize = sample.iter().map(|s| s.1.len()).sum();
    let (see_values, pins) = reference.unwrap_or_default();
    let stats = Stats {
        depth,
        nodes,
        positions: sample.len(),
        captures,
        losing: see_values.iter().filter(|&&v| v < 0).count(),
        pinned: pins.iter().map(|p| p.count_ones() as usize).sum(),
    };
    Ok(ShogiRun { rows, stats, quick })
}

/// Counts for the report.
struct Stats {
    depth: u32,
    nodes: u64,
    positions: usize,
    captures: usize,
    losing: usize,
    pinned: usize,
}

fn attacktable(rows: &[Row]) -> Option<&Row> {
    rows.iter().find(|r| r.name == "attacktable")
}

/// The text printed on stdout (and quoted in the report).
fn text(rows: &[Row], st: &Stats, quick: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "polyboard bench --variant shogi{}: the 2006 experiment, plain minimax to depth {} (material only) over \
         the 100 positions, {} nodes each; {}",
        if quick { " --quick" } else { "" },
        st.depth,
        st.nodes,
        clock_name()
    );
    let _ = writeln!(s, "\n{:<13}{:>10}{:>10}{:>16}{:>12}", "repr", "seconds", "Mnps", "vs attacktable", "time saved");
    let base = attacktable(rows).map(|r| r.secs);
    for r in rows {
        let (speed, saved) = match base {
            Some(b) => (format!("{:.2}x", b / r.secs), format!("{:.1}%", 100.0 * (1.0 - r.secs / b))),
            None => ("n/a".into(), "n/a".into()),
        };
        let _ =
            writeln!(s, "{:<13}{:>10.2}{:>10.1}{speed:>16}{saved:>12}", r.name, r.secs, st.nodes as f64 / r.secs / 1e6);
    }
    let _ = writeln!(
        s,
        "{:<13}{:>10}{:>10}{:>16}{:>12}   (attack tables {} s, bitboards {} s, 2006)",
        "slides",
        "",
        "",
        format!("{:.2}x", SLIDES.0 / SLIDES.1),
        format!("{:.1}%", 100.0 * (1.0 - SLIDES.1 / SLIDES.0)),
        SLIDES.0,
        SLIDES.1
    );
    let _ = writeln!(
        s,
        "\nSEE of {} captures and pins of the side to move in {} positions (the 100 and one move after); \
         {} captures lose material, {} pieces pinned",
        st.captures, st.positions, st.losing, st.pinned
    );
    let _ =
        writeln!(s, "{:<13}{:>10}{:>16}{:>10}{:>16}", "repr", "SEE ns", "vs attacktable", "pins ns", "vs attacktable");
    for r in rows {
        let (a, b) = match attacktable(rows) {
            Some(at) => (format!("{:.2}x", at.see_ns / r.see_ns), format!("{:.2}x", at.pins_ns / r.pins_ns)),
            None => ("n/a".into(), "n/a".into()),
        };
        let _ = writeln!(s, "{:<13}{:>10.1}{a:>16}{:>10.1}{b:>16}", r.name, r.see_ns, r.pins_ns);
    }
    s.push('\n');
    for line in verdict(rows) {
        let _ = writeln!(s, "{line}");
    }
    s
}

/// What holds of the slides' claims, in plain sentences.
fn verdict(rows: &[Row]) -> Vec<String> {
    let Some(at) = attacktable(rows) else {
        return vec!["Needs attacktable in the run to compare against the slides.".into()];
    };
    let slides = SLIDES.0 / SLIDES.1;
    let mut out = Vec::new();
    for r in rows.iter().filter(|r| r.name != "attacktable") {
        let x = at.secs / r.secs;
        let claim = if x >= 0.9 * slides {
            "the slides' result holds (bitboards about twice as fast or better)"
        } else if x > 1.05 {
            "bitboards are faster, but by less than the slides' factor of 1.95"
        } else if x >= 0.95 {
            "no difference: the slides' result does not hold"
        } else {
            "attack tables are faster: the slides' result does not hold"
        };
        out.push(format!(
            "- experiment, {}{}: {x:.2}x attacktable (time saved {:.1}%; slides {slides:.2}x, 48.8%): {claim}.",
            r.name,
            if r.name == "bb3x32" { " (the slides' own layout, three 32-bit words)" } else { "" },
            100.0 * (1.0 - r.secs / at.secs)
        ));
    }
    for (what, get) in [("SEE", (|r: &Row| r.see_ns) as fn(&Row) -> f64), ("pin detection", |r: &Row| r.pins_ns)] {
        let faster: Vec<String> = rows
            .iter()
            .filter(|r| r.name != "attacktable")
            .map(|r| format!("{} {:.2}x", r.name, get(at) / get(r)))
            .collect();
        let all_faster = rows.iter().filter(|r| r.name != "attacktable").all(|r| get(r) < get(at));
        let none_faster = rows.iter().filter(|r| r.name != "attacktable").all(|r| get(r) >= get(at));
        out.push(format!(
            "- {what}, bitboards against attack tables ({}): {}.",
            faster.join(", "),
            if all_faster {
                "yes, faster with every bitboard representation"
            } else if none_faster {
                "no, the attack tables are faster"
            } else {
                "it depends on the bitboard representation"
            }
        ));
    }
    out
}

fn markdown(rows: &[Row], st: &Stats, text: &str) -> String {
    let mut s = String::from("# polyboard: the 2006 shogi experiment, run again\n\n");
    let _ = writeln!(
        s,
        "Grimbergen's slides (GPW 2006) timed a minimax search to depth 4 with a material-only evaluation over 100 \
         positions from two professional games: attack tables 24810 s, bitboards 12709 s, \"bitboards made move \
         generation 48.8% faster\". Here: plain minimax (no pruning) to depth {} over the 100 positions of \
         `tests/data/perft/shogi-selfplay-100.sfen` (self-play middlegames; the slides do not list theirs), every \
         move played by copy-make, {} nodes, each representation checked to visit the same nodes and return the \
         same values. One thread, {} (the machine may be shared with other jobs; CPU time is far less disturbed by \
         them than wall time).\n",
        st.depth,
        st.nodes,
        clock_name()
    );
    let _ = writeln!(s, "| repr | seconds | Mnps | vs attacktable | time saved | SEE ns | pins ns |");
    let _ = writeln!(s, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    let base = attacktable(rows).map_or(f64::NAN, |r| r.secs);
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {:.2} | {:.1} | {:.2}x | {:.1}% | {:.1} | {:.1} |",
            r.name,
            r.secs,
            st.nodes as f64 / r.secs / 1e6,
            base / r.secs,
            100.0 * (1.0 - r.secs / base),
            r.see_ns,
            r.pins_ns
        );
    }
    let _ = writeln!(s, "| slides (2006) | 12709 / 24810 | | {:.2}x | 48.8% | | |\n", SLIDES.0 / SLIDES.1);
    s.push_str("## What holds\n\n");
    for line in verdict(rows) {
        let _ = writeln!(s, "{line}");
    }
    let _ = writeln!(s, "\n## Raw output\n\n```text\n{text}```");
    s
}
