//! Side-by-side perft speed comparison of polyboard's chess move generator against
//! peer Rust libraries, in one run.
//!
//! # What it measures
//!
//! Single-threaded perft (leaf-node count of the legal move tree) on the five
//! standard positions of the Chess Programming Wiki "Perft Results" page (start
//! position, Kiwipete, positions 3, 4 and 5), for:
//!
//! - polyboard `magic` ([`polyboard_chess::repr::Magic`], fancy-magic sliders),
//! - polyboard `pext` ([`polyboard_chess::repr::PextBoard`], only when the build
//!   targets BMI2: `cfg(all(target_arch = "x86_64", target_feature = "bmi2"))`),
//! - `cozy-chess` with its `pext` feature,
//! - `shakmaty`,
//! - `chess` (jordanbray).
//!
//! in two modes:
//!
//! - **bulk**: the last ply is counted, not played (what engines and published speed
//!   records use). polyboard runs [`polyboard_core::perft::perft`]; each peer runs its
//!   own idiomatic bulk perft (cozy-chess: summing `PieceMoves::len` in
//!   `generate_moves`; shakmaty: `legal_moves().len()`; chess: `MoveGen::len`).
//! - **full**: every leaf move is played by copy-make and the child passed through
//!   `black_box`. polyboard runs [`polyboard_core::perft::perft_full`].
//!
//! It then times Lichess's binary FEN both ways: polyboard-codec's `binaryfen` against
//! shakmaty's `PackedSetup` (the same bytes, which the run checks), on every ply of 40
//! random games. Encoding starts from each library's own position value; decoding ends
//! at a validated position (shakmaty: `unpack_standard` then `Chess::from_setup`).
//!
//! Then shogi (module `shogi`): bulk perft of polyboard's four shogi representations
//! against rsshogi on startpos, matsuri and max593, with ratios to rsshogi.
//!
//! Every node count is checked against the published number (the run aborts on a
//! mismatch). Libraries are interleaved per position and per repetition, so machine
//! noise hits all of them alike, and the best of `--reps` runs is kept. The tables
//! give millions of nodes per second (Mnps) per position, the geometric mean over
//! the five positions, and the ratio of geometric means against a reference library
//! (cozy-chess for bulk, shakmaty for full).
//!
//! # Running
//!
//! ```text
//! cargo run --release -p polyboard-bench              # full depths, best of 3
//! cargo run --release -p polyboard-bench -- --quick   # one ply less everywhere
//! cargo run --release -p polyboard-bench -- --reps 5  # best of 5
//! cargo run --release -p polyboard-bench -- --only shogi   # shogi only (or chess)
//! ```
//!
//! The workspace compiles with `-C target-cpu=native` (`.cargo/config.toml`), which
//! enables BMI2 on CPUs that have it. That is what activates polyboard's `pext`
//! representation and what cozy-chess's `pext` feature requires (cozy-chess-types
//! raises a `compile_error!` under that feature when the target lacks BMI2).

use std::hint::black_box;
use std::str::FromStr;
use std::time::Instant;

use polyboard_chess::Position;
use polyboard_core::perft::{perft, perft_full};

/// One benchmark position with its published perft counts.
struct TestPosition {
    name: &'static str,
    fen: &'static str,
    /// `counts[d - 1]` is the published leaf count at depth `d`.
    counts: &'static [u64],
    /// Depth of the bulk-counting run (`--quick` takes one less).
    bulk_depth: u32,
    /// Depth of the full (every leaf played) run (`--quick` takes one less).
    full_depth: u32,
}

// Node counts: chessprogramming.org, "Perft Results"
// (https://www.chessprogramming.org/Perft_Results), positions 1 (initial
// position), 2 ("Kiwipete"), 3, 4 and 5.
const POSITIONS: [TestPosition; 5] = [
    TestPosition {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        counts: &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324, 3_195_901_860],
        bulk_depth: 6,
        full_depth: 6,
    },
    TestPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        counts: &[48, 2_039, 97_862, 4_085_603, 193_690_690, 8_031_647_685],
        bulk_depth: 5,
        full_depth: 5,
    },
    TestPosition {
        name: "pos3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        counts: &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661, 3_009_794_393],
        bulk_depth: 7,
        full_depth: 7,
    },
    TestPosition {
        name: "pos4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: &[6, 264, 9_467, 422_333, 15_833_292, 706_045_033],
        bulk_depth: 6,
        full_depth: 5,
    },
    TestPosition {
        name: "pos5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        counts: &[44, 1_486, 62_379, 2_103_487, 89_941_194],
        bulk_depth: 5,
        full_depth: 5,
    },
];

/// Perft mode.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Bulk,
    Full,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Bulk => "bulk",
            Mode::Full => "full",
        }
    }

    /// The library whose geometric mean the ratio column divides by.
    fn reference(self) -> Lib {
        match self {
            Mode::Bulk => Lib::Cozy,
            Mode::Full => Lib::Shakmaty,
        }
    }
}

/// The libraries under test, in table order.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lib {
    PolyMagic,
    PolyPext,
    Cozy,
    Shakmaty,
    Chess,
}

const LIBS: [Lib; 5] = [Lib::PolyMagic, Lib::PolyPext, Lib::Cozy, Lib::Shakmaty, Lib::Chess];

/// True when polyboard's `pext` representation exists in this build.
const HAS_PEXT: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

impl Lib {
    fn name(self) -> &'static str {
        match self {
            Lib::PolyMagic => "polyboard magic",
            Lib::PolyPext => "polyboard pext",
            Lib::Cozy => "cozy-chess",
            Lib::Shakmaty => "shakmaty",
            Lib::Chess => "chess",
        }
    }

    fn available(self) -> bool {
        self != Lib::PolyPext || HAS_PEXT
    }

    /// Runs one perft of `fen` at `depth`, returning the leaf count and the elapsed
    /// seconds. Parsing and setup are not timed.
    fn run(self, mode: Mode, fen: &str, depth: u32) -> (u64, f64) {
        match self {
            Lib::PolyMagic => poly::run::<polyboard_chess::repr::Magic>(mode, fen, depth),
            #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
            Lib::PolyPext => poly::run::<polyboard_chess::repr::PextBoard>(mode, fen, depth),
            #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
            Lib::PolyPext => unreachable!("pext is not available in this build"),
            Lib::Cozy => cozy::run(mode, fen, depth),
            Lib::Shakmaty => shak::run(mode, fen, depth),
            Lib::Chess => jb::run(mode, fen, depth),
        }
    }
}

/// Times `f` once.
#[inline(never)]
fn timed(f: impl FnOnce() -> u64) -> (u64, f64) {
    let start = Instant::now();
    let nodes = black_box(f());
    (nodes, start.elapsed().as_secs_f64())
}

/// polyboard, through the generic driver of polyboard-core.
mod poly {
    use super::*;

    pub fn run<B: polyboard_chess::Board>(mode: Mode, fen: &str, depth: u32) -> (u64, f64) {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("polyboard rejects FEN {fen:?}: {e:?}"));
        let board = B::from_position(&pos);
        let board = black_box(&board);
        match mode {
            Mode::Bulk => timed(|| perft(board, depth)),
            Mode::Full => timed(|| perft_full(board, depth)),
        }
    }
}

/// cozy-chess, as in its own `examples/perft.rs`.
mod cozy {
    use super::*;
    use cozy_chess::Board;

    fn bulk(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        match depth {
            0 => nodes = 1,
            1 => {
                board.generate_moves(|moves| {
                    nodes += moves.len() as u64;
                    false
                });
            }
            _ => {
                board.generate_moves(|moves| {
                    for mv in moves {
                        let mut child = board.clone();
                        child.play_unchecked(mv);
                        nodes += bulk(&child, depth - 1);
                    }
                    false
                });
            }
        }
        nodes
    }

    fn full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += if depth == 1 {
                    black_box(&child);
                    1
                } else {
                    full(&child, depth - 1)
                };
            }
            false
        });
        nodes
    }

    pub fn run(mode: Mode, fen: &str, depth: u32) -> (u64, f64) {
        let board = Board::from_fen(fen, false).unwrap_or_else(|e| panic!("cozy-chess rejects FEN {fen:?}: {e:?}"));
        let board = black_box(&board);
        match mode {
            Mode::Bulk => timed(|| bulk(board, depth)),
            Mode::Full => timed(|| full(board, depth)),
        }
    }
}

/// shakmaty, as its own `shakmaty::perft` (which counts the last ply in bulk).
mod shak {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position as _};

    fn bulk(pos: &Chess, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => pos.legal_moves().len() as u64,
            _ => pos
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    bulk(&child, depth - 1)
                })
                .sum(),
        }
    }

    fn full(pos: &Chess, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        for &m in pos.legal_moves().iter() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            nodes += if depth == 1 {
                black_box(&child);
                1
            } else {
                full(&child, depth - 1)
            };
        }
        nodes
    }

    pub fn run(mode: Mode, fen: &str, depth: u32) -> (u64, f64) {
        let pos: Chess = Fen::from_str(fen)
            .unwrap_or_else(|e| panic!("shakmaty rejects FEN {fen:?}: {e:?}"))
            .into_position(CastlingMode::Standard)
            .unwrap_or_else(|e| panic!("shakmaty rejects position {fen:?}: {e:?}"));
        let pos = black_box(&pos);
        match mode {
            Mode::Bulk => timed(|| bulk(pos, depth)),
            Mode::Full => timed(|| full(pos, depth)),
        }
    }
}

/// chess (jordanbray), as its own `MoveGen::movegen_perft_test` (copy-make with
/// `make_move_new`, `MoveGen::len` at the last ply).
mod jb {
    use super::*;
    use chess::{Board, MoveGen};

    fn bulk(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = MoveGen::new_legal(board);
        if depth == 1 { moves.len() as u64 } else { moves.map(|m| bulk(&board.make_move_new(m), depth - 1)).sum() }
    }

    fn full(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        for m in MoveGen::new_legal(board) {
            let child = board.make_move_new(m);
            nodes += if depth == 1 {
                black_box(&child);
                1
            } else {
                full(&child, depth - 1)
            };
        }
        nodes
    }

    pub fn run(mode: Mode, fen: &str, depth: u32) -> (u64, f64) {
        let board = Board::from_str(fen).unwrap_or_else(|e| panic!("chess rejects FEN {fen:?}: {e:?}"));
        let board = black_box(&board);
        match mode {
            Mode::Bulk => timed(|| bulk(board, depth)),
            Mode::Full => timed(|| full(board, depth)),
        }
    }
}

/// Binary FEN: polyboard-codec's `binaryfen` against shakmaty's `PackedSetup`.
mod binfen {
    use super::*;
    use polyboard_codec::binaryfen;
    use shakmaty::packed::PackedSetup;
    use shakmaty::{CastlingMode, Chess, FromSetup};

    /// Every ply of 40 random games from the start (fixed seed), as both libraries'
    /// values, with the record (checked to be the same bytes from both).
    fn positions() -> Vec<(Position, shakmaty::Setup, Vec<u8>)> {
        let mut buf = Vec::new();
        let mut out = Vec::new();
        for pos in polyboard_chess::sample::random_game_positions(40, 80, 0x2545_f491_4f6c_dd1d) {
            let fen = pos.fen();
            let setup = shakmaty::fen::Fen::from_ascii(fen.as_bytes()).expect("a FEN shakmaty reads").into_setup();
            binaryfen::encode(&pos, &mut buf);
            let theirs = PackedSetup::pack_standard(&setup).expect("a standard position");
            assert_eq!(buf, theirs.as_bytes(), "binaryfen differs from shakmaty on {fen}");
            out.push((pos, setup, buf.clone()));
        }
        out
    }

    /// Best-of-`reps` millions of positions per second of `f` over `n` positions.
    fn rate(reps: u32, n: usize, mut f: impl FnMut() -> usize) -> f64 {
        let mut best = f64::MAX;
        for _ in 0..reps.max(1) * 5 {
            let (done, secs) = timed(|| f() as u64);
            assert_eq!(done as usize, n, "every record round-trips");
            best = best.min(secs);
        }
        n as f64 / best.max(1e-9) / 1e6
    }

    /// Times both directions for both libraries and prints the table and ratios.
    pub fn run(opts: &Options) {
        let data = positions();
        let n = data.len();
        let mut buf = Vec::with_capacity(binaryfen::MAX_BYTES);
        let ours_enc = rate(opts.reps, n, || {
            data.iter().map(|(p, _, _)| black_box(binaryfen::encode(black_box(p), &mut buf)) / 8).count()
        });
        let theirs_enc = rate(opts.reps, n, || {
            data.iter().filter(|(_, s, _)| black_box(PackedSetup::pack_standard(black_box(s))).is_ok()).count()
        });
        let ours_dec = rate(opts.reps, n, || {
            data.iter().filter(|(_, _, b)| black_box(binaryfen::decode(black_box(b), false)).is_ok()).count()
        });
        let theirs_dec = rate(opts.reps, n, || {
            data.iter()
                .filter(|(_, _, b)| {
                    let setup = PackedSetup::try_from_bytes(black_box(b)).ok().and_then(|p| p.unpack_standard().ok());
                    black_box(setup.and_then(|s| Chess::from_setup(s, CastlingMode::Standard).ok())).is_some()
                })
                .count()
        });
        println!();
        println!("binary FEN, millions of positions/s ({n} positions from random games, best of {})", opts.reps * 5);
        println!("{:<16} {:>8} {:>8}", "library", "encode", "decode");
        println!("{:<16} {ours_enc:>8.2} {ours_dec:>8.2}", "polyboard");
        println!("{:<16} {theirs_enc:>8.2} {theirs_dec:>8.2}", "shakmaty");
        println!("binaryfen: encode polyboard / shakmaty = {:.2}x", ours_enc / theirs_enc);
        println!("binaryfen: decode polyboard / shakmaty = {:.2}x", ours_dec / theirs_dec);
    }
}

mod shogi;

/// Which part of the comparison to run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Only {
    All,
    Chess,
    Shogi,
}

/// Command-line options.
struct Options {
    quick: bool,
    reps: u32,
    only: Only,
}

fn usage() -> ! {
    eprintln!(
        "usage: polyboard-bench [--quick] [--reps N] [--only chess|shogi]\n\
         \x20 --quick    one ply less on every position\n\
         \x20 --reps N   best of N timed runs per library and position (default 3)\n\
         \x20 --only G   run only the chess or only the shogi comparison"
    );
    std::process::exit(2);
}

fn parse_args() -> Options {
    let mut opts = Options { quick: false, reps: 3, only: Only::All };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => opts.quick = true,
            "--reps" => {
                let n = args.next().unwrap_or_else(|| usage());
                opts.reps = match n.parse() {
                    Ok(n) if n >= 1 => n,
                    _ => usage(),
                };
            }
            s if s.starts_with("--reps=") => {
                opts.reps = match s["--reps=".len()..].parse() {
                    Ok(n) if n >= 1 => n,
                    _ => usage(),
                };
            }
            "--only" => {
                opts.only = match args.next().as_deref() {
                    Some("chess") => Only::Chess,
                    Some("shogi") => Only::Shogi,
                    _ => usage(),
                };
            }
            "-h" | "--help" => {
                eprintln!("{}", env!("CARGO_PKG_DESCRIPTION"));
                usage();
            }
            _ => {
                eprintln!("unknown argument {arg:?}");
                usage();
            }
        }
    }
    opts
}

/// The depth of `pos` in `mode`.
fn depth_of(pos: &TestPosition, mode: Mode, quick: bool) -> u32 {
    let d = match mode {
        Mode::Bulk => pos.bulk_depth,
        Mode::Full => pos.full_depth,
    };
    if quick { d - 1 } else { d }
}

/// Runs every available library on every position in `mode` and returns the best
/// Mnps, indexed `[lib][position]` (`None` for unavailable libraries).
fn measure(mode: Mode, opts: &Options) -> Vec<Option<[f64; 5]>> {
    let libs: Vec<usize> = (0..LIBS.len()).filter(|&i| LIBS[i].available()).collect();
    let mut best: Vec<Option<[f64; 5]>> = LIBS.iter().map(|l| l.available().then_some([0.0; 5])).collect();
    for (p, pos) in POSITIONS.iter().enumerate() {
        let depth = depth_of(pos, mode, opts.quick);
        let expected = pos.counts[depth as usize - 1];
        eprint!("{} {} depth {depth} ({expected} nodes):", mode.name(), pos.name);
        for rep in 0..opts.reps as usize {
            // Rotate the starting library each repetition so no library always
            // runs right after the same one.
            for k in 0..libs.len() {
                let i = libs[(k + rep) % libs.len()];
                let lib = LIBS[i];
                let (nodes, secs) = lib.run(mode, pos.fen, depth);
                if nodes != expected {
                    eprintln!();
                    eprintln!(
                        "!!! NODE COUNT MISMATCH: {} ({} perft) on {} [{}] at depth {depth}: \
                         got {nodes}, published (chessprogramming.org Perft Results) {expected}",
                        lib.name(),
                        mode.name(),
                        pos.name,
                        pos.fen
                    );
                    std::process::exit(1);
                }
                let mnps = nodes as f64 / secs.max(1e-9) / 1e6;
                let slot = &mut best[i].as_mut().expect("available")[p];
                *slot = slot.max(mnps);
            }
            eprint!(" .");
        }
        eprintln!(" ok");
    }
    best
}

fn geomean(xs: &[f64]) -> f64 {
    (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp()
}

fn index_of(lib: Lib) -> usize {
    LIBS.iter().position(|&l| l == lib).expect("listed")
}

/// Prints the table of one mode and returns the geometric mean of each library.
fn print_table(mode: Mode, best: &[Option<[f64; 5]>], opts: &Options) -> Vec<Option<f64>> {
    let means: Vec<Option<f64>> = best.iter().map(|b| b.map(|r| geomean(&r))).collect();
    let reference = mode.reference();
    let ref_mean = means[index_of(reference)].expect("reference library runs everywhere");

    println!();
    println!("{} perft, Mnps (best of {}; ratio = geomean / {} geomean)", mode.name(), opts.reps, reference.name());
    print!("{:<16}", "library");
    for pos in &POSITIONS {
        print!(" {:>11}", format!("{} d{}", pos.name, depth_of(pos, mode, opts.quick)));
    }
    println!(" {:>9} {:>7}", "geomean", "ratio");
    for (i, lib) in LIBS.iter().enumerate() {
        print!("{:<16}", lib.name());
        match (&best[i], means[i]) {
            (Some(row), Some(mean)) => {
                for v in row {
                    print!(" {v:>11.1}");
                }
                println!(" {mean:>9.1} {:>6.2}x", mean / ref_mean);
            }
            _ => {
                for _ in &POSITIONS {
                    print!(" {:>11}", "n/a");
                }
                println!(" {:>9} {:>7}", "n/a", "n/a");
            }
        }
    }
    means
}

/// Prints `mode: ours / theirs = X.XXx`.
fn print_ratio(mode: Mode, means: &[Option<f64>], ours: Lib, short: &str, theirs: Lib) {
    let name = theirs.name();
    match (means[index_of(ours)], means[index_of(theirs)]) {
        (Some(a), Some(b)) => println!("{}: {short} / {name} = {:.2}x", mode.name(), a / b),
        _ => println!("{}: {short} / {name} = n/a (not in this build)", mode.name()),
    }
}

fn main() {
    let opts = parse_args();
    if cfg!(debug_assertions) {
        eprintln!("warning: debug build; run with `cargo run --release -p polyboard-bench`");
    }
    println!(
        "polyboard-bench: single-threaded perft, {} mode, best of {} reps; BMI2 build: {}",
        if opts.quick { "quick" } else { "normal" },
        opts.reps,
        if HAS_PEXT { "yes" } else { "no" }
    );

    if opts.only != Only::Shogi {
        let bulk = measure(Mode::Bulk, &opts);
        let full = measure(Mode::Full, &opts);

        let bulk_means = print_table(Mode::Bulk, &bulk, &opts);
        let full_means = print_table(Mode::Full, &full, &opts);

        println!();
        print_ratio(Mode::Bulk, &bulk_means, Lib::PolyMagic, "magic", Lib::Cozy);
        print_ratio(Mode::Bulk, &bulk_means, Lib::PolyPext, "pext", Lib::Cozy);
        print_ratio(Mode::Full, &full_means, Lib::PolyMagic, "magic", Lib::Shakmaty);
        print_ratio(Mode::Full, &full_means, Lib::PolyPext, "pext", Lib::Shakmaty);

        binfen::run(&opts);
    }
    if opts.only != Only::Chess {
        shogi::run_all(&opts);
    }
}
