//! The representation experiment of `polyboard bench` (the CCR paper's question, issue
//! 10): the engine's one search run on every representation.
//!
//! - **Time to depth.** With one thread and a fresh table, `go depth N` searches the
//!   same tree on every representation, so the time to a fixed depth compares the
//!   representations exactly. Each run's node count, best move and score must agree
//!   with the first representation's, or the bench stops with an error.
//! - **The quiescence share.** A second run of each search is observed by a meter
//!   ([`polyboard_search::meter`]) that reads the clock when a quiescence search starts
//!   from the main search and when it returns (not inside quiescence), so the share of
//!   time is measured with two clock reads per quiescence search; the calibrated cost
//!   of those reads is taken off. The node share comes from the search's own counts.
//! - **The CCR key as the transposition key.** The search runs on `ccr` twice: once
//!   with the table keyed by the Zobrist key, once keyed by the CCR paper's key
//!   without Zobrist tables (section 5.4, [`Ccr::ccr_hash`]). A meter remembers, for
//!   every stored key, the other key of the position that stored it; a probe that
//!   hits an entry whose position had a different other key hit a different position.
//! - **Matches**, read from the committed results of `scripts/match/repr_matches.py`
//!   (`crates/polyboard-cli/data/repr-matches.txt`, where the script writes it).

use crate::report;
use polyboard_chess::repr::Ccr;
use polyboard_chess::{Board, Move, Position, SearchBoard, with_repr};
use polyboard_core::MoveList;
use polyboard_engine::chess::eval::ChessEval;
use polyboard_engine::chess::{Chess, search_fixed, search_fixed_metered};
use polyboard_search::meter::{Meter, NoMeter};
use polyboard_search::search::STACK;
use polyboard_search::{Evaluator, NoMoves, Searchable};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

/// The positions: `FEN ; id "name"` lines, made by `scripts/data/gen_search_positions.py`
/// from Stockfish self-play games (see `data/README.md`).
const POSITIONS: &str = include_str!("../../polyboard-cli/data/search-positions.fen");

/// The committed match results of `scripts/match/repr_matches.py`.
const MATCHES: &str = include_str!("../../polyboard-cli/data/repr-matches.txt");

/// Depth and number of positions: `--quick`, then the full run.
const SETUP: [(u32, usize); 2] = [(11, 6), (11, 16)];

/// One representation's results.
pub struct ReprRun {
    /// The representation's name.
    pub name: &'static str,
    /// Seconds to depth per position (the plain search): the search thread's CPU
    /// time where the system tells it, else wall time.
    pub secs: Vec<f64>,
    /// Wall seconds of the plain searches.
    pub wall: f64,
    /// Seconds the plain searches waited for a CPU (the machine's load).
    pub waited: f64,
    /// Nodes per position (the same on every representation).
    pub nodes: Vec<u64>,
    /// Quiescence nodes per position.
    pub qnodes: Vec<u64>,
    /// The metered runs: seconds in quiescence, the share of wall time measured
    /// inside the search (the clock's cost taken off) times the run's seconds.
    pub qs_secs: f64,
    /// The metered runs: total seconds (CPU where known, as `secs`).
    pub metered_secs: f64,
    /// The metered runs: quiescence searches started from the main search (each one
    /// timed by two clock reads).
    pub qs_calls: u64,
}

impl ReprRun {
    fn total_secs(&self) -> f64 {
        self.secs.iter().sum()
    }
    fn total_nodes(&self) -> u64 {
        self.nodes.iter().sum()
    }
    fn total_qnodes(&self) -> u64 {
        self.qnodes.iter().sum()
    }
    /// Nodes per second of the plain search, in thousands.
    pub fn knps(&self) -> f64 {
        self.total_nodes() as f64 / self.total_secs().max(1e-9) / 1e3
    }
    /// Quiescence nodes per second of quiescence time, in thousands.
    pub fn qs_knps(&self) -> f64 {
        self.total_qnodes() as f64 / self.qs_secs.max(1e-9) / 1e3
    }
    /// The other nodes per second of the time outside quiescence, in thousands.
    pub fn main_knps(&self) -> f64 {
        (self.total_nodes() - self.total_qnodes()) as f64 / (self.metered_secs - self.qs_secs).max(1e-9) / 1e3
    }
    /// The share of the metered time spent in quiescence.
    pub fn qs_time_share(&self) -> f64 {
        self.qs_secs / self.metered_secs.max(1e-9)
    }
    /// The table row: seconds, knps, time over `fastest`, quiescence share of time
    /// (percent), quiescence knps, main-search knps.
    fn row(&self, fastest: f64) -> [f64; 6] {
        [
            self.total_secs(),
            self.knps(),
            self.total_secs() / fastest,
            100.0 * self.qs_time_share(),
            self.qs_knps(),
            self.main_knps(),
        ]
    }
}

/// Probes and wrong hits of one key.
#[derive(Clone, Debug, Default)]
pub struct KeyRun {
    /// Table probes.
    pub probes: u64,
    /// Probes that returned an entry.
    pub hits: u64,
    /// Hits on an entry stored by a different position.
    pub wrong: u64,
    /// Nodes searched (the trees differ once a wrong hit changes a score).
    pub nodes: u64,
    /// Positions whose best move or score differ from the Zobrist-keyed search.
    pub changed: usize,
}

impl KeyRun {
    /// Wrong hits per million probes.
    pub fn per_million(&self) -> f64 {
        self.wrong as f64 * 1e6 / self.probes.max(1) as f64
    }
}

/// One match of `scripts/match/repr_matches.py`, from `a`'s side.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRow {
    /// The first representation (`Repr` of the first engine).
    pub a: String,
    /// Its opponent.
    pub b: String,
    /// The time control as match.py takes it (`0+0.1`: 0.1 s a move).
    pub tc: String,
    /// Wins, draws and losses of `a`.
    pub wdl: [u32; 3],
    /// Time forfeits, illegal moves and crashes, of `a` then of `b`.
    pub faults: [[u32; 2]; 3],
    /// When it was played and the machine's state, free text.
    pub note: String,
}

impl MatchRow {
    /// The score of `a` (0..1), the Elo difference and the half-width of its 95%
    /// interval (normal approximation over the games' scores, as match.py computes it).
    pub fn elo(&self) -> (f64, f64, f64) {
        let [w, d, l] = self.wdl.map(f64::from);
        let n = w + d + l;
        if n == 0.0 {
            return (0.0, 0.0, 0.0);
        }
        let mean = (w + d / 2.0) / n;
        let var = (w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2)) / n;
        let se = var.sqrt() / n.sqrt();
        let to_elo = |p: f64| {
            let p = p.clamp(1e-6, 1.0 - 1e-6);
            -400.0 * (1.0 / p - 1.0).log10()
        };
        (mean, to_elo(mean), (to_elo(mean + 1.96 * se) - to_elo(mean - 1.96 * se)) / 2.0)
    }
}

/// Everything the experiment measured.
pub struct Experiment {
    /// The search depth.
    pub depth: u32,
    /// The positions' ids.
    pub ids: Vec<String>,
    /// Per representation, in the order of `polyboard reprs`.
    pub runs: Vec<ReprRun>,
    /// Nanoseconds per clock read (`Instant::now`), calibrated.
    pub clock_ns: f64,
    /// The table keyed by Zobrist, by the CCR key and by the mixed CCR key, on `ccr`
    /// (none without `ccr`).
    pub keys: Option<[KeyRun; 3]>,
    /// The committed match results, or why they could not be read.
    pub matches: Result<Vec<MatchRow>, DataError>,
    /// Wall seconds of the whole experiment.
    pub secs: f64,
}

/// Why a line of the experiment's committed data was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// A line of `search-positions.fen` (from 1) whose FEN polyboard-chess rejects.
    Position {
        /// The line, from 1.
        line: usize,
        /// Why the FEN was rejected (naming its field).
        error: polyboard_chess::FenError,
    },
    /// A line of `repr-matches.txt` with too few tab-separated fields.
    MatchFields {
        /// The line, from 1.
        line: usize,
        /// The fields found.
        found: usize,
        /// The fields needed.
        needed: usize,
    },
    /// A count field of `repr-matches.txt` that is not a number.
    MatchCount {
        /// The line, from 1.
        line: usize,
        /// The field's number, from 1.
        field: usize,
        /// The field's name.
        name: &'static str,
        /// The field as written.
        text: String,
    },
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataError::Position { line, error } => write!(f, "search positions line {line}: {error}"),
            DataError::MatchFields { line, found, needed } => {
                write!(f, "repr-matches.txt line {line}: {found} fields, expected at least {needed}")
            }
            DataError::MatchCount { line, field, name, text } => {
                write!(f, "repr-matches.txt line {line} field {field} ({name}): '{text}' is not a count")
            }
        }
    }
}

impl std::error::Error for DataError {}

/// Why the experiment stopped.
#[derive(Debug)]
pub enum ExperimentError {
    /// The committed positions could not be read.
    Data(DataError),
    /// No chess representation has this name.
    UnknownRepr(String),
    /// Two representations searched different trees: where and how.
    Disagree(String),
    /// The search thread could not start, or panicked: why.
    Thread(String),
}

impl std::fmt::Display for ExperimentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExperimentError::Data(e) => write!(f, "{e}"),
            ExperimentError::UnknownRepr(name) => write!(f, "unknown representation {name}"),
            ExperimentError::Disagree(e) => f.write_str(e),
            ExperimentError::Thread(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for ExperimentError {}

/// Reads `FEN ; id "name"` lines; an error names the line and the reason.
fn parse_positions(text: &str) -> Result<Vec<(String, Position)>, DataError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, rest) = line.split_once(';').unwrap_or((line, ""));
        let id = rest.trim().strip_prefix("id").map(|s| s.trim().trim_matches('"').to_string());
        let pos = Position::from_fen(fen.trim()).map_err(|error| DataError::Position { line: i + 1, error })?;
        out.push((id.unwrap_or_else(|| format!("line {}", i + 1)), pos));
    }
    Ok(out)
}

/// Reads the match results: tab-separated `a b tc wins draws losses forfeits_a
/// forfeits_b illegal_a illegal_b crashes_a crashes_b note`; `#` lines are comments.
pub fn parse_matches(text: &str) -> Result<Vec<MatchRow>, DataError> {
    const FIELDS: [&str; 12] = [
        "a",
        "b",
        "tc",
        "wins",
        "draws",
        "losses",
        "forfeits_a",
        "forfeits_b",
        "illegal_a",
        "illegal_b",
        "crashes_a",
        "crashes_b",
    ];
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < FIELDS.len() {
            return Err(DataError::MatchFields { line: i + 1, found: f.len(), needed: FIELDS.len() });
        }
        let mut n = [0u32; 9];
        for (k, slot) in n.iter_mut().enumerate() {
            *slot = f[3 + k].trim().parse().map_err(|_| DataError::MatchCount {
                line: i + 1,
                field: 4 + k,
                name: FIELDS[3 + k],
                text: f[3 + k].to_string(),
            })?;
        }
        rows.push(MatchRow {
            a: f[0].trim().to_string(),
            b: f[1].trim().to_string(),
            tc: f[2].trim().to_string(),
            wdl: [n[0], n[1], n[2]],
            faults: [[n[3], n[4]], [n[5], n[6]], [n[7], n[8]]],
            note: f[12..].join(" ").trim().to_string(),
        });
    }
    Ok(rows)
}

/// Times quiescence searches started from the main search.
#[derive(Default)]
struct QsMeter {
    start: Option<Instant>,
    spent: Duration,
    calls: u64,
}

impl<P> Meter<P> for QsMeter {
    #[inline(always)]
    fn quiesce_start(&mut self) {
        self.start = Some(Instant::now());
    }
    #[inline(always)]
    fn quiesce_end(&mut self) {
        if let Some(s) = self.start.take() {
            self.spent += s.elapsed();
            self.calls += 1;
        }
    }
}

/// The search thread's CPU time and its time waiting for a CPU, in seconds, from
/// `/proc/thread-self/schedstat` (Linux; the kernel's accounting, current to within a
/// scheduler tick). `None` where the file is missing or reads zero.
fn thread_times() -> Option<(f64, f64)> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut f = text.split_whitespace().map(|t| t.parse::<u64>().ok());
    let (run, wait) = (f.next()??, f.next()??);
    (run > 0).then_some((run as f64 * 1e-9, wait as f64 * 1e-9))
}

/// Measures a run: wall seconds, and CPU and waiting seconds of this thread where the
/// system tells them.
struct Stopwatch {
    wall: Instant,
    thread: Option<(f64, f64)>,
}

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch { thread: thread_times(), wall: Instant::now() }
    }

    /// (seconds the run took: CPU time where known, else wall time; wall seconds;
    /// seconds spent waiting for a CPU).
    fn stop(&self) -> (f64, f64, f64) {
        let wall = self.wall.elapsed().as_secs_f64();
        match (self.thread, thread_times()) {
            (Some((r0, w0)), Some((r1, w1))) => ((r1 - r0).max(0.0), wall, (w1 - w0).max(0.0)),
            _ => (wall, wall, 0.0),
        }
    }
}

/// Nanoseconds per `Instant::now()`, the fastest of a few passes.
fn clock_cost() -> f64 {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let mut last = t;
        for _ in 0..200_000 {
            last = std::hint::black_box(Instant::now());
        }
        best = best.min(last.duration_since(t).as_secs_f64() * 1e9 / 200_000.0);
    }
    best
}

/// A chess position whose hash key is the CCR paper's key (section 5.4) instead of
/// the Zobrist key: the transposition table and the repetition test use it. With
/// `MIX`, the key goes through [`mix`] (a bijection, so the same 64-bit collisions,
/// but well spread over the table's buckets).
#[derive(Clone, Debug)]
struct CcrKeyed<const MIX: bool>(Chess<Ccr>);

/// A bijective 64-bit mixer (the SplitMix64 finalizer).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The two keys of a `ccr` position: the one the table uses first, the other one
/// second (the witness that tells two positions apart).
trait TwoKeys {
    fn witness(&self) -> u64;
}

impl TwoKeys for Chess<Ccr> {
    fn witness(&self) -> u64 {
        self.0.ccr_hash()
    }
}

impl<const MIX: bool> TwoKeys for CcrKeyed<MIX> {
    fn witness(&self) -> u64 {
        self.0.0.zobrist()
    }
}

impl<const MIX: bool> Searchable for CcrKeyed<MIX> {
    type Move = Move;
    type Undo = <Chess<Ccr> as Searchable>::Undo;
    type List<T: Copy> = <Chess<Ccr> as Searchable>::List<T>;
    const HISTORY_SIZE: usize = <Chess<Ccr> as Searchable>::HISTORY_SIZE;

    fn generate_noisy(&self, out: &mut MoveList<Move>) {
        self.0.generate_noisy(out)
    }
    fn generate_quiet(&self, out: &mut MoveList<Move>) {
        self.0.generate_quiet(out)
    }
    fn make(&mut self, mv: Move) -> Self::Undo {
        self.0.make(mv)
    }
    fn unmake(&mut self, mv: Move, undo: Self::Undo) {
        self.0.unmake(mv, undo)
    }
    fn make_null(&mut self) -> Self::Undo {
        self.0.make_null()
    }
    fn unmake_null(&mut self, undo: Self::Undo) {
        self.0.unmake_null(undo)
    }
    fn key(&self) -> u64 {
        if MIX { mix(self.0.0.ccr_hash()) } else { self.0.0.ccr_hash() }
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn side(&self) -> usize {
        self.0.side()
    }
    fn reversible_plies(&self) -> u32 {
        self.0.reversible_plies()
    }
    fn rule_draw(&self) -> bool {
        self.0.rule_draw()
    }
    fn no_moves(&self, in_check: bool) -> NoMoves {
        self.0.no_moves(in_check)
    }
    fn mvv_lva(&self, mv: Move) -> i32 {
        self.0.mvv_lva(mv)
    }
    fn gain(&self, mv: Move) -> i32 {
        self.0.gain(mv)
    }
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.0.see_ge(mv, threshold)
    }
    fn history_index(&self, mv: Move) -> usize {
        self.0.history_index(mv)
    }
    fn null_move_ok(&self) -> bool {
        self.0.null_move_ok()
    }
}

/// The chess evaluation of a [`CcrKeyed`] position.
#[derive(Clone, Default)]
struct KeyedEval(ChessEval);

impl<const MIX: bool> Evaluator<CcrKeyed<MIX>> for KeyedEval {
    fn evaluate(&mut self, pos: &CcrKeyed<MIX>) -> i32 {
        self.0.evaluate(&pos.0)
    }
}

/// Counts probes, hits and wrong hits: remembers, for every key stored, the witness
/// key of the position that stored it. The table is fresh for each search and a store
/// under a key it holds overwrites that entry, so a hit on `key` returns the entry of
/// the last store under `key`.
#[derive(Default)]
struct ProbeMeter {
    stored: HashMap<u64, u64>,
    run: KeyRun,
}

impl<P: TwoKeys> Meter<P> for ProbeMeter {
    fn probe(&mut self, pos: &P, key: u64, hit: bool) {
        self.run.probes += 1;
        if hit {
            self.run.hits += 1;
            if self.stored.get(&key) != Some(&pos.witness()) {
                self.run.wrong += 1;
            }
        }
    }
    fn store(&mut self, pos: &P, key: u64) {
        self.stored.insert(key, pos.witness());
    }
}

/// Searches every position on `ccr` with the Zobrist key, the CCR key and the mixed
/// CCR key.
fn key_runs(positions: &[(String, Position)], depth: u32) -> [KeyRun; 3] {
    let mut runs: [KeyRun; 3] = Default::default();
    for (_, pos) in positions {
        let root = Chess(Ccr::from_position(pos));
        let (oz, mz) = search_fixed_metered(&root, &ChessEval::default(), depth, ProbeMeter::default());
        let plain = CcrKeyed::<false>(root.clone());
        let (oc, mc) = search_fixed_metered(&plain, &KeyedEval::default(), depth, ProbeMeter::default());
        let mixed = CcrKeyed::<true>(root);
        let (om, mm) = search_fixed_metered(&mixed, &KeyedEval::default(), depth, ProbeMeter::default());
        for (sum, (o, m)) in runs.iter_mut().zip([(&oz, mz), (&oc, mc), (&om, mm)]) {
            sum.probes += m.run.probes;
            sum.hits += m.run.hits;
            sum.wrong += m.run.wrong;
            sum.nodes += o.nodes;
            sum.changed += usize::from((o.best, o.score) != (oz.best, oz.score));
        }
    }
    runs
}

/// The plain and the metered search of one position on `B`; checks the node count,
/// best move and score against `reference` (the first representation's).
fn measure<B: SearchBoard>(
    pos: &Position,
    depth: u32,
    reference: &mut Option<(u64, Option<Move>, i32)>,
    run: &mut ReprRun,
    clock_ns: f64,
) -> Result<(), ExperimentError> {
    let watch = Stopwatch::start();
    let o = search_fixed::<B>(pos, depth);
    let (secs, wall, waited) = watch.stop();
    run.secs.push(secs);
    run.wall += wall;
    run.waited += waited;
    let got = (o.nodes, o.best, o.score);
    match reference {
        None => *reference = Some(got),
        Some(r) if *r != got => {
            let text = |m: Option<Move>| m.map_or("none".into(), |m| polyboard_chess::uci::format(pos, m));
            return Err(ExperimentError::Disagree(format!(
                "{} searched a different tree from the first representation at depth {depth} in {}: \
                 {} nodes, best {}, score {} against {} nodes, best {}, score {}",
                B::NAME,
                pos.fen(),
                got.0,
                text(got.1),
                got.2,
                r.0,
                text(r.1),
                r.2
            )));
        }
        Some(_) => {}
    }
    run.nodes.push(o.nodes);
    run.qnodes.push(o.qnodes);
    let watch = Stopwatch::start();
    let (m, meter) =
        search_fixed_metered(&Chess(B::from_position(pos)), &ChessEval::default(), depth, QsMeter::default());
    let (secs, wall, _) = watch.stop();
    if m.nodes != o.nodes {
        return Err(ExperimentError::Disagree(format!(
            "{}: the metered search visited {} nodes, the plain one {}",
            B::NAME,
            m.nodes,
            o.nodes
        )));
    }
    // The share of wall time in quiescence, less the clock reads (one inside and one
    // outside quiescence per call); a preemption falls into either part in proportion
    // to the CPU time spent there, so the share carries over to CPU time.
    let clock = meter.calls as f64 * clock_ns * 1e-9;
    let share = (meter.spent.as_secs_f64() - clock).max(0.0) / (wall - 2.0 * clock).max(1e-9);
    let secs = secs * (1.0 - 2.0 * clock / wall.max(1e-9));
    run.qs_secs += share.min(1.0) * secs;
    run.metered_secs += secs;
    run.qs_calls += meter.calls;
    Ok(())
}

/// Runs the experiment on `names` (in a thread with the search's stack).
pub fn run(names: &[&'static str], quick: bool) -> Result<Experiment, ExperimentError> {
    let names = names.to_vec();
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || run_here(&names, quick))
        .map_err(|e| ExperimentError::Thread(format!("cannot start the search thread: {e}")))?
        .join()
        .map_err(|_| ExperimentError::Thread("the search thread panicked".into()))?
}

fn run_here(names: &[&'static str], quick: bool) -> Result<Experiment, ExperimentError> {
    let started = Instant::now();
    let (depth, count) = SETUP[usize::from(!quick)];
    let mut positions = parse_positions(POSITIONS).map_err(ExperimentError::Data)?;
    positions.truncate(count);
    let clock_ns = clock_cost();
    let mut runs: Vec<ReprRun> = names
        .iter()
        .map(|&name| ReprRun {
            name,
            secs: vec![],
            wall: 0.0,
            waited: 0.0,
            nodes: vec![],
            qnodes: vec![],
            qs_secs: 0.0,
            metered_secs: 0.0,
            qs_calls: 0,
        })
        .collect();
    // Warm the evaluation's weights and the tables before the first timing.
    let _ = search_fixed::<polyboard_chess::repr::Magic>(&positions[0].1, 4);
    for (_, pos) in &positions {
        let mut reference = None;
        for run in runs.iter_mut() {
            with_repr!(run.name, B => measure::<B>(pos, depth, &mut reference, run, clock_ns))
                .unwrap_or_else(|| Err(ExperimentError::UnknownRepr(run.name.to_string())))?;
        }
    }
    let keys = names.contains(&"ccr").then(|| key_runs(&positions, depth));
    // NoMeter is the meter of every normal search; name it so the type is checked here.
    let _ = NoMeter;
    Ok(Experiment {
        depth,
        ids: positions.iter().map(|p| p.0.clone()).collect(),
        runs,
        clock_ns,
        keys,
        matches: parse_matches(MATCHES),
        secs: started.elapsed().as_secs_f64(),
    })
}

impl Experiment {
    fn fastest(&self) -> f64 {
        self.runs.iter().map(ReprRun::total_secs).fold(f64::MAX, f64::min)
    }

    /// The share of the plain searches' wall time spent waiting for a CPU.
    fn waited(&self) -> f64 {
        let wall: f64 = self.runs.iter().map(|r| r.wall).sum();
        self.runs.iter().map(|r| r.waited).sum::<f64>() / wall.max(1e-9)
    }

    /// How the seconds were measured, for the texts.
    fn clock_name(&self) -> String {
        if self.runs.iter().any(|r| r.waited > 0.0) || thread_times().is_some() {
            format!(
                "CPU seconds of the search thread (`/proc/thread-self/schedstat`); it waited for a CPU {:.0}% of the \
                 wall time",
                100.0 * self.waited()
            )
        } else {
            "wall seconds (no per-thread CPU time on this system)".into()
        }
    }

    fn node_share(&self) -> f64 {
        self.runs.first().map_or(0.0, |r| r.total_qnodes() as f64 / r.total_nodes().max(1) as f64)
    }

    /// The text printed on stdout.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let nodes = self.runs.first().map_or(0, ReprRun::total_nodes);
        let _ = writeln!(
            s,
            "\nsearch: time to depth {} on {} positions, one thread, fresh 16 MiB hash ({nodes} nodes on every representation; {:.1} s)\n",
            self.depth,
            self.ids.len(),
            self.secs
        );
        let _ = writeln!(
            s,
            "{:<14}{:>10}{:>10}{:>10}{:>10}{:>11}{:>11}",
            "repr", "seconds", "knps", "vs best", "qs time", "qs knps", "main knps"
        );
        let best = self.fastest();
        for r in &self.runs {
            let [secs, knps, ratio, share, qs, main] = r.row(best);
            let _ =
                writeln!(s, "{:<14}{secs:>10.2}{knps:>10.0}{ratio:>9.2}x{share:>9.1}%{qs:>11.0}{main:>11.0}", r.name);
        }
        let _ = writeln!(
            s,
            "quiescence nodes: {:.1}% of all nodes; clock read {:.1} ns; {}",
            100.0 * self.node_share(),
            self.clock_ns,
            self.clock_name()
        );
        if let Some([z, c, m]) = &self.keys {
            let _ = writeln!(
                s,
                "\n{:<14}{:>12}{:>12}{:>10}{:>16}{:>12}",
                "ccr, key", "probes", "hits", "wrong", "wrong/M probes", "nodes"
            );
            for (name, k) in [("zobrist", z), ("ccr key", c), ("ccr key mixed", m)] {
                let _ = writeln!(
                    s,
                    "{:<14}{:>12}{:>12}{:>10}{:>16.2}{:>12}",
                    name,
                    k.probes,
                    k.hits,
                    k.wrong,
                    k.per_million(),
                    k.nodes
                );
            }
        }
        match &self.matches {
            Ok(rows) if !rows.is_empty() => {
                let _ = writeln!(s, "\nmatches (committed, data/repr-matches.txt)");
                for m in rows {
                    let (score, elo, err) = m.elo();
                    let _ = writeln!(
                        s,
                        "{} vs {} at {}: +{} ={} -{}, {:.1}%, Elo {elo:+.0} +/- {err:.0}",
                        m.a,
                        m.b,
                        m.tc,
                        m.wdl[0],
                        m.wdl[1],
                        m.wdl[2],
                        100.0 * score
                    );
                }
            }
            Ok(_) => s.push_str("\nmatches: none committed yet (scripts/match/repr_matches.py)\n"),
            Err(e) => {
                let _ = writeln!(s, "\nmatches: {e}");
            }
        }
        s
    }

    /// Writes the charts of the section into `dir`.
    pub fn write_charts(&self, dir: &Path) -> std::io::Result<()> {
        let best = self.fastest();
        let ttd: Vec<(&str, Vec<f64>)> = self.runs.iter().map(|r| (r.name, vec![r.total_secs() / best])).collect();
        std::fs::write(
            dir.join("search-time.svg"),
            report::bar_chart(
                &format!("Time to depth {} (identical trees), relative to the fastest", self.depth),
                &ttd,
                &["time / fastest"],
            ),
        )?;
        let speed: Vec<(&str, Vec<f64>)> =
            self.runs.iter().map(|r| (r.name, vec![r.knps(), r.main_knps(), r.qs_knps()])).collect();
        std::fs::write(
            dir.join("search-speed.svg"),
            report::bar_chart(
                "Search speed (thousands of nodes/s): all nodes, outside quiescence, in quiescence",
                &speed,
                &["all", "main search", "quiescence"],
            ),
        )
    }

    /// The report's section.
    pub fn markdown(&self) -> String {
        let mut s = String::new();
        let nodes = self.runs.first().map_or(0, ReprRun::total_nodes);
        let _ = writeln!(
            s,
            "\n## The representation experiment: the engine's search on every representation\n\n\
             The engine (`polyboard uci`) has one search, monomorphized per representation. With one thread and a \
             fresh hash it searches the same tree on every representation, so the time to a fixed depth compares the \
             representations inside a real search, exactly: same nodes, same moves, same evaluation (which reads the \
             piece sets of every board). Here: `go depth {}` on {} positions (`crates/polyboard-cli/data/\
             search-positions.fen`, middlegames and endgames picked by fixed rules from Stockfish self-play games), \
             {nodes} nodes on every representation; the bench stops with an error if any representation's node count, \
             best move or score differs. One run each, representations interleaved per position, so machine noise \
             hits all alike; on a shared machine the ratios are the stable part. Times are {}.\n",
            self.depth,
            self.ids.len(),
            self.clock_name()
        );
        let _ = writeln!(s, "![time to depth](search-time.svg)\n\n![search speed](search-speed.svg)\n");
        let _ = writeln!(
            s,
            "| repr | seconds | knps | time / fastest | qs share of time | qs knps | main-search knps |\n\
             | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
        );
        let best = self.fastest();
        let mut sorted: Vec<&ReprRun> = self.runs.iter().collect();
        sorted.sort_by(|a, b| a.total_secs().total_cmp(&b.total_secs()));
        for r in &sorted {
            let [secs, knps, ratio, share, qs, main] = r.row(best);
            let _ =
                writeln!(s, "| {} | {secs:.2} | {knps:.0} | {ratio:.2}x | {share:.1}% | {qs:.0} | {main:.0} |", r.name);
        }
        s.push_str(&self.quiescence_text());
        s.push_str(&self.key_text());
        s.push_str(&self.match_text());
        s.push_str(&self.verdict());
        s
    }

    fn quiescence_text(&self) -> String {
        let mut s = String::from("\n### The quiescence share (the CCR paper, sections 5.1-5.3)\n\n");
        let calls: u64 = self.runs.iter().map(|r| r.qs_calls).sum();
        let per_run = calls / self.runs.len().max(1) as u64;
        let overhead: f64 = self.runs.iter().map(|r| 2.0 * r.qs_calls as f64 * self.clock_ns * 1e-9).sum::<f64>()
            / self.runs.iter().map(|r| r.metered_secs).sum::<f64>().max(1e-9);
        let _ = writeln!(
            s,
            "**Nodes**: {:.1}% of all nodes are quiescence nodes (the search's own count; the same on every \
             representation). **Time**: a second run of each search is observed by a meter that reads the clock \
             (`Instant`) when a quiescence search starts from the main search (a leaf of the full-width search, \
             or razoring) and when it returns; nothing inside quiescence is timed, and the meter's run must visit \
             the same number of nodes. The normal engine search is compiled without the meter (a zero-sized type \
             whose hooks are empty). {per_run} quiescence searches per representation, two clock reads each at \
             {:.1} ns a read (calibrated): {:.1}% of the measured time, taken off (one read inside quiescence, one \
             outside, per call). **qs knps**: quiescence nodes per second of quiescence time; **main-search knps**: \
             the other nodes per second of the rest.\n",
            100.0 * self.node_share(),
            self.clock_ns,
            100.0 * overhead
        );
        s
    }

    fn key_text(&self) -> String {
        let mut s = String::from("\n### The CCR key as the transposition key (section 5.4)\n\n");
        let Some([z, c, m]) = &self.keys else {
            s.push_str("Needs `ccr` in the run.\n");
            return s;
        };
        let _ = writeln!(
            s,
            "The paper proposes a 64-bit transposition key computed from the CCR itself, without Zobrist tables \
             (`Ccr::ccr_hash`: the eight ranks and a state word folded by rotations by primes and XOR). Method: the \
             same positions are searched on `ccr` to the same depth three times, with the table (and the repetition \
             test) keyed by the Zobrist key, by the CCR key, and by the CCR key through a bijective mixer (the \
             SplitMix64 finalizer: the same 64-bit collisions, spread evenly over the table's buckets, which the \
             table picks by the key's high bits). A meter records, for every key stored, the *other* key of the \
             position that stored it (the CCR key in the Zobrist run, the Zobrist key in the CCR runs). The table \
             is fresh per search and a store under a key it already holds overwrites that entry, so a hit returns \
             the entry of the last store under its key; when that store's other key differs from the probing \
             position's, the two positions differ (each key is a function of the position) and the hit is wrong. \
             The table compares all 64 bits of the key, so only full 64-bit collisions give wrong hits.\n\n\
             | key | probes | hits | wrong hits | per million probes | nodes | best move or score changed |\n\
             | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
        );
        for (name, k) in [("Zobrist", z), ("CCR key", c), ("CCR key, mixed", m)] {
            let _ = writeln!(
                s,
                "| {name} | {} | {} ({:.1}%) | {} | {:.1} | {} | {} of {} |",
                k.probes,
                k.hits,
                100.0 * k.hits as f64 / k.probes.max(1) as f64,
                k.wrong,
                k.per_million(),
                k.nodes,
                k.changed,
                self.ids.len()
            );
        }
        let _ = writeln!(
            s,
            "\nWith the CCR key the trees differ from the Zobrist-keyed one: a wrong hit returns another position's \
             score and move, a repeated key reads as a repetition, and where the keys crowd into fewer buckets \
             entries are replaced sooner (fewer hits)."
        );
        s
    }

    fn match_text(&self) -> String {
        let mut s = String::from("\n### Matches: what each representation's speed is worth\n\n");
        let rows = match &self.matches {
            Ok(rows) if !rows.is_empty() => rows,
            Ok(_) => {
                s.push_str(
                    "No results committed yet: run `scripts/match/repr_matches.py` (see polyboard's \
                     docs/representations.md, section \"The representation experiment\").\n",
                );
                return s;
            }
            Err(e) => {
                let _ = writeln!(s, "The committed results could not be read: {e}");
                return s;
            }
        };
        let _ = writeln!(
            s,
            "Self-play at a fixed time per move, `Repr=a` against `Repr=b` (`scripts/match/repr_matches.py`, which plays \
             through `scripts/match/match.py`: 25 balanced openings, each with both colours, python-chess keeping the \
             clocks). The trees are identical, so at a fixed time the only difference is how deep each side gets: \
             this is what the speed is worth in Elo. The raw counts are in `crates/polyboard-cli/data/\
             repr-matches.txt` (read into this report when the bench is built).\n\n\
             | a | b | time | games | W | D | L | score | Elo (a - b) | 95% | forfeits | illegal | crashes | played |\n\
             | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | --- |"
        );
        for m in rows {
            let (score, elo, err) = m.elo();
            let f = |k: usize| format!("{}/{}", m.faults[k][0], m.faults[k][1]);
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} | {} | {:.1}% | {elo:+.0} | +/- {err:.0} | {} | {} | {} | {} |",
                m.a,
                m.b,
                m.tc,
                m.wdl.iter().sum::<u32>(),
                m.wdl[0],
                m.wdl[1],
                m.wdl[2],
                100.0 * score,
                f(0),
                f(1),
                f(2),
                m.note
            );
        }
        s
    }

    /// What holds of the paper's claims, said from the numbers.
    fn verdict(&self) -> String {
        let mut s = String::from("\n### What holds of the paper's claims\n\n");
        let get = |n: &str| self.runs.iter().find(|r| r.name == n);
        let share = self.node_share();
        let times: Vec<f64> = self.runs.iter().map(ReprRun::qs_time_share).collect();
        let (lo, hi) = (times.iter().copied().fold(f64::MAX, f64::min), times.iter().copied().fold(0.0, f64::max));
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        // Within the range, or within five points of it.
        let judge = |x: f64| {
            if (0.5..=0.7).contains(&x) {
                0
            } else if (0.45..=0.75).contains(&x) {
                1
            } else {
                2
            }
        };
        let _ = writeln!(
            s,
            "- **Quiescence takes 50-70% of the search.** Here {:.0}% of the nodes, and {:.0}% of the time on \
             average over the representations ({:.0}% to {:.0}%). {}",
            100.0 * share,
            100.0 * mean,
            100.0 * lo,
            100.0 * hi,
            match judge(share).max(judge(mean)) {
                0 => "Both are within the paper's range: the claim holds.",
                1 =>
                    "At the edge of the paper's range: the claim holds roughly (this engine's quiescence is \
                      selective: captures that lose material by static exchange are skipped, and checks only at its \
                      first ply).",
                _ => "Outside the paper's range: the claim does not hold for this engine.",
            }
        );
        if let Some(ccr) = get("ccr") {
            let fastest_q = self.runs.iter().map(ReprRun::qs_knps).fold(0.0, f64::max);
            let mut by_q: Vec<&ReprRun> = self.runs.iter().collect();
            by_q.sort_by(|a, b| b.qs_knps().total_cmp(&a.qs_knps()));
            let rank = by_q.iter().position(|r| r.name == "ccr").unwrap_or(0) + 1;
            let own = ccr.qs_knps() / ccr.main_knps().max(1e-9);
            let mut others: Vec<f64> =
                self.runs.iter().filter(|r| r.name != "ccr").map(|r| r.qs_knps() / r.main_knps().max(1e-9)).collect();
            others.sort_by(f64::total_cmp);
            let median = others.get(others.len() / 2).copied().unwrap_or(0.0);
            let _ = writeln!(
                s,
                "- **The 32-byte CCR makes quiescence cheap.** `ccr` searches {:.0}k quiescence nodes/s, {:.2}x the \
                 fastest representation's {:.0}k (rank {rank} of {}). On `ccr` a quiescence node goes at {:.2}x the \
                 speed of a main-search node (the median of the others: {:.2}x). {}",
                ccr.qs_knps(),
                ccr.qs_knps() / fastest_q.max(1e-9),
                fastest_q,
                self.runs.len(),
                own,
                median,
                if rank <= self.runs.len() / 2 {
                    "Its quiescence is among the faster half: the claim holds."
                } else if own > median * 1.1 {
                    "Quiescence is relatively cheaper on `ccr` than on the others, but it stays slower than on \
                     bitboards: the claim holds only against its own main search."
                } else {
                    "Quiescence is not cheap on `ccr`, neither against the other representations nor against its own \
                     main search: the claim does not hold in this engine. (The search makes and unmakes moves in \
                     place, so the small copy the paper counts on is not what quiescence pays for; it pays for \
                     generating captures, which needs the attack table the CCR rebuilds at every node, and for \
                     static exchange, which needs attackers the CCR finds by walking rays.)"
                }
            );
            if let Some(best) = get("pext").or_else(|| get("magic")) {
                let _ = writeln!(
                    s,
                    "- **Time to depth**: `ccr` needs {:.2}x the time of `{}` to the same depth on the same tree.",
                    ccr.total_secs() / best.total_secs().max(1e-9),
                    best.name
                );
            }
        }
        if let Some([z, c, m]) = &self.keys {
            let _ = writeln!(
                s,
                "- **The Zobrist-free key works as a transposition key \"without collisions\".** With the CCR key \
                 {} wrong hits in {} probes ({:.0} per million); with it mixed, so that the table's buckets fill as \
                 with Zobrist, {} in {} ({:.0} per million); with Zobrist {} ({:.1} per million). {}",
                c.wrong,
                c.probes,
                c.per_million(),
                m.wrong,
                m.probes,
                m.per_million(),
                z.wrong,
                z.per_million(),
                if c.wrong + m.wrong == 0 {
                    "None here, so on these searches the claim holds; the key still repeats for 1.3% of the distinct \
                     positions of perft trees (polyboard's docs/representations.md, section \"The representations\"), \
                     which longer searches would meet."
                        .to_string()
                } else {
                    "The key collides in real searches, often enough that a table keyed by it returns another \
                     position's score: the claim does not hold. Without a mixer it also crowds the table's buckets \
                     (fewer hits), and a mixer cannot remove collisions of the full 64 bits."
                        .to_string()
                }
            );
        }
        if let Ok(rows) = &self.matches {
            for m in rows {
                let (_, elo, err) = m.elo();
                let _ = writeln!(
                    s,
                    "- **Speed in Elo**: `{}` against `{}` at {}: {elo:+.0} +/- {err:.0} Elo over {} games.",
                    m.a,
                    m.b,
                    m.tc,
                    m.wdl.iter().sum::<u32>()
                );
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks [`ProbeMeter`] against the full positions: remembers the position of
    /// every store and counts the hits whose stored position differs (placement, side,
    /// castling, en passant).
    #[derive(Default)]
    struct FullCheck {
        inner: ProbeMeter,
        stored: HashMap<u64, String>,
        wrong: u64,
    }

    fn four_fields(pos: &Chess<Ccr>) -> String {
        pos.0.to_position().fen().split(' ').take(4).collect::<Vec<_>>().join(" ")
    }

    impl<const MIX: bool> Meter<CcrKeyed<MIX>> for FullCheck {
        fn probe(&mut self, pos: &CcrKeyed<MIX>, key: u64, hit: bool) {
            Meter::<CcrKeyed<MIX>>::probe(&mut self.inner, pos, key, hit);
            if hit && self.stored.get(&key) != Some(&four_fields(&pos.0)) {
                self.wrong += 1;
            }
        }
        fn store(&mut self, pos: &CcrKeyed<MIX>, key: u64) {
            Meter::<CcrKeyed<MIX>>::store(&mut self.inner, pos, key);
            self.stored.insert(key, four_fields(&pos.0));
        }
    }

    #[test]
    fn wrong_hits_are_hits_on_other_positions() {
        let depth = if cfg!(debug_assertions) { 6 } else { 9 };
        let (positions, zobrist_wrong, ccr) = std::thread::Builder::new()
            .stack_size(STACK)
            .spawn(move || {
                let positions = parse_positions(POSITIONS).unwrap();
                let mut ccr = (0, 0);
                for (_, pos) in &positions {
                    let root = CcrKeyed::<true>(Chess(Ccr::from_position(pos)));
                    let (_, m) = search_fixed_metered(&root, &KeyedEval::default(), depth, FullCheck::default());
                    assert_eq!(m.inner.run.wrong, m.wrong, "{}", pos.fen());
                    ccr.0 += m.wrong;
                    ccr.1 += m.inner.run.hits;
                }
                let zobrist: u64 = key_runs(&positions[..2], depth.min(7))[0].wrong;
                (positions.len(), zobrist, ccr)
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(positions, 16);
        assert_eq!(zobrist_wrong, 0);
        // The CCR key does collide in these searches, so the comparison is not vacuous.
        assert!(ccr.1 > 0 && (ccr.0 > 0 || cfg!(debug_assertions)), "{ccr:?}");
    }

    #[test]
    fn committed_positions_parse() {
        let p = parse_positions(POSITIONS).unwrap();
        assert_eq!(p.len(), 16);
        assert!(p.iter().all(|(id, _)| id.starts_with("mg") || id.starts_with("eg")));
        let e = parse_positions("not a fen ; id \"x\"").unwrap_err();
        assert!(matches!(e, DataError::Position { line: 1, .. }), "{e}");
        assert!(e.to_string().starts_with("search positions line 1: FEN"), "{e}");
    }

    /// The parsers read only committed files, but they must not panic on any text:
    /// mutate the committed files byte by byte (fixed seed) and parse them.
    #[test]
    fn parsers_survive_mutated_files() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let sample = format!("{MATCHES}pext\tccr\t0+0.1\t60\t30\t10\t1\t2\t0\t0\t0\t0\tnote\n");
        for text in [sample.as_str(), POSITIONS] {
            for _ in 0..300 {
                let mut bytes = text.as_bytes().to_vec();
                for _ in 0..1 + next() % 8 {
                    let i = (next() as usize) % bytes.len();
                    let alphabet = b"\t\n ;\"0123456789-+xkq/";
                    bytes[i] = alphabet[(next() as usize) % alphabet.len()];
                }
                let t = String::from_utf8_lossy(&bytes);
                let _ = parse_matches(&t);
                let _ = parse_positions(&t);
            }
        }
    }

    #[test]
    fn match_file_parses_and_rejects_bad_counts() {
        parse_matches(MATCHES).unwrap();
        let row = "pext\tccr\t0+0.1\t60\t30\t10\t0\t0\t0\t0\t0\t0\tnote text\n";
        let m = parse_matches(row).unwrap();
        assert_eq!(m[0].wdl, [60, 30, 10]);
        let (score, elo, err) = m[0].elo();
        assert!((score - 0.75).abs() < 1e-12);
        // 75% is +191 Elo.
        assert!((elo - 190.85).abs() < 0.1 && err > 0.0);
        let e = parse_matches("pext\tccr\t0+0.1\tx\t0\t0\t0\t0\t0\t0\t0\t0\tn").unwrap_err();
        assert_eq!(e, DataError::MatchCount { line: 1, field: 4, name: "wins", text: "x".into() });
        assert_eq!(e.to_string(), "repr-matches.txt line 1 field 4 (wins): 'x' is not a count");
        assert_eq!(parse_matches("pext\tccr").unwrap_err(), DataError::MatchFields { line: 1, found: 2, needed: 12 });
    }
}
