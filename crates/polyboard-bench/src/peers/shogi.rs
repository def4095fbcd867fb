//! Shogi: bulk perft of polyboard's four shogi representations against the published
//! crate rsshogi (a Rust port of YaneuraOu's bitboards, as fast as YaneuraOu here).
//!
//! Positions and counts come from the repository's shogi perft file
//! (`tests/data/perft/shogi-perft.txt`, provenance in `tests/data/README.md`):
//! startpos at depth 5, matsuri at depth 4 and max593 at depth 3 (`--quick`: one ply
//! less). Every library's count is checked against the file; the run aborts on a
//! mismatch.
//!
//! - polyboard runs its generic bulk perft ([`polyboard_shogi::perft`], copy-make, the
//!   last ply counted by the generator without a list);
//! - rsshogi runs its own `board::perft::compute_perft` (make/unmake with its state
//!   stack, `generate_legal_all_move32` into a list at every node, the length of the
//!   list at the last ply): the LEGAL_ALL move set, optional non-promotions included,
//!   the same rule set as the file's counts. The row `fast-list` runs `fast` with the
//!   last ply generated into a list too, to show what bulk counting without a list is
//!   worth.
//!
//! Libraries are interleaved per position and repetition (the starting library rotates)
//! and the best of `--reps` runs is kept. Time is the thread's CPU time (from
//! `/proc/thread-self/schedstat`, in nanoseconds) where Linux provides it, wall time
//! otherwise: on a shared machine the CPU time is far less disturbed by other jobs.
//! Each library runs once untimed at depth 2 before the first timed run, so tables
//! built on first use are not timed. The table gives Mnps per position, the
//! geometric mean over the three positions, and each row's ratio to rsshogi (per
//! position and of the geometric means).

use std::hint::black_box;

use polyboard_shogi::suite::{PerftCase, parse_suite};
use polyboard_shogi::{ShogiBoard, perft, with_shogi_repr};

use crate::{Options, geomean};
use polyboard_core::timing::{clock_name, timed};

/// The perft file, compiled in so the binary runs from anywhere.
const SUITE: &str = include_str!("../../../../tests/data/perft/shogi-perft.txt");

/// The benchmark positions by `id`, with their depth (`--quick` takes one less).
const POSITIONS: [(&str, u32); 3] = [("startpos", 5), ("matsuri", 4), ("max593", 3)];

/// The rows: polyboard's representations (fastest first), `fast` once more with the
/// last ply generated into a list as rsshogi does (`fast-list`), then rsshogi.
fn libraries() -> Vec<&'static str> {
    let mut libs = polyboard_shogi::repr::names();
    libs.push("fast-list");
    libs.push("rsshogi");
    libs
}

/// Bulk perft that generates the last ply into a list and takes its length (what
/// rsshogi's perft does), instead of counting without a list.
fn perft_listed<B: ShogiBoard>(b: &B, depth: u32) -> u64 {
    let mut list = polyboard_shogi::Moves::new();
    b.generate_moves(&mut list);
    if depth <= 1 {
        return if depth == 0 { 1 } else { black_box(&list).len() as u64 };
    }
    list.iter().map(|&mv| perft_listed(&b.play(mv), depth - 1)).sum()
}

/// One position of the benchmark: its case in the file and the depth run.
struct Bench {
    case: PerftCase,
    depth: u32,
    expected: u64,
}

fn positions(quick: bool) -> Vec<Bench> {
    let cases = parse_suite(SUITE).unwrap_or_else(|e| panic!("the shogi perft file does not parse: {e}"));
    POSITIONS
        .iter()
        .map(|&(id, depth)| {
            let case =
                cases.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("no '{id}' in the perft file")).clone();
            let depth = if quick { depth - 1 } else { depth };
            let expected = case
                .counts
                .iter()
                .find(|c| c.0 == depth)
                .unwrap_or_else(|| panic!("no depth {depth} count for '{id}' in the perft file"))
                .1;
            Bench { case, depth, expected }
        })
        .collect()
}

/// Runs one perft of `lib` (a polyboard representation or `rsshogi`); setup not timed.
fn run(lib: &str, case: &PerftCase, depth: u32) -> (u64, f64) {
    if lib == "rsshogi" {
        let mut pos = rsshogi::board::position_from_sfen(&case.sfen)
            .unwrap_or_else(|e| panic!("rsshogi rejects SFEN {:?}: {e:?}", case.sfen));
        pos.init_stack();
        let pos = black_box(&mut pos);
        let depth = u8::try_from(depth).expect("a small depth");
        return timed(|| rsshogi::board::perft::compute_perft(pos, depth));
    }
    if lib == "fast-list" {
        let board = polyboard_shogi::repr::FastBoard::from_position(&case.position);
        let board = black_box(&board);
        return timed(|| perft_listed(board, depth));
    }
    let mut out = None;
    with_shogi_repr!(lib, B => {
        let board = B::from_position(&case.position);
        let board = black_box(&board);
        out = Some(timed(|| perft(board, depth)));
    });
    out.unwrap_or_else(|| panic!("unknown shogi representation {lib}"))
}

/// Measures, prints the table and the ratios to rsshogi.
pub fn run_all(opts: &Options) {
    let benches = positions(opts.quick);
    let libs = libraries();
    let mut best = vec![vec![0.0f64; benches.len()]; libs.len()];
    for lib in &libs {
        run(lib, &benches[0].case, 2);
    }
    for (p, b) in benches.iter().enumerate() {
        eprint!("shogi bulk {} depth {} ({} nodes):", b.case.id, b.depth, b.expected);
        for rep in 0..opts.reps as usize {
            for k in 0..libs.len() {
                let i = (k + rep) % libs.len();
                let (nodes, secs) = run(libs[i], &b.case, b.depth);
                if nodes != b.expected {
                    eprintln!();
                    eprintln!(
                        "!!! NODE COUNT MISMATCH: {} on {} [{}] at depth {}: got {nodes}, the perft file says {}",
                        libs[i], b.case.id, b.case.sfen, b.depth, b.expected
                    );
                    std::process::exit(1);
                }
                let mnps = nodes as f64 / secs.max(1e-9) / 1e6;
                best[i][p] = best[i][p].max(mnps);
            }
            eprint!(" .");
        }
        eprintln!(" ok");
    }
    let reference = libs.len() - 1;
    let means: Vec<f64> = best.iter().map(|row| geomean(row)).collect();
    println!();
    println!(
        "shogi bulk perft, Mnps by {} (best of {}; in brackets the ratio to rsshogi; ratio = geomean / rsshogi geomean)",
        clock_name(),
        opts.reps
    );
    print!("{:<22}", "library");
    for b in &benches {
        print!(" {:>18}", format!("{} d{}", b.case.id, b.depth));
    }
    println!(" {:>9} {:>7}", "geomean", "ratio");
    for (i, lib) in libs.iter().enumerate() {
        let name = if *lib == "rsshogi" { "rsshogi".to_string() } else { format!("polyboard {lib}") };
        print!("{name:<22}");
        for (p, v) in best[i].iter().enumerate() {
            print!(" {:>18}", format!("{v:.1} ({:.2}x)", v / best[reference][p]));
        }
        println!(" {:>9.1} {:>6.2}x", means[i], means[i] / means[reference]);
    }
    println!();
    for (i, lib) in libs.iter().enumerate().take(reference) {
        println!("shogi bulk: {lib} / rsshogi = {:.2}x", means[i] / means[reference]);
    }
}
