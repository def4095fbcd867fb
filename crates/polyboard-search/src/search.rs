//! The search: iterative deepening with aspiration windows over a principal
//! variation search, quiescence with MVV-LVA and static exchange, a shared
//! transposition table, null move, late-move reductions, futility, razoring, killers,
//! history and counter-moves, check and singular extensions, mate scores, draws by
//! repetition and by rule inside the tree, and Lazy SMP over several threads.
//!
//! Written once against [`Searchable`] and [`Evaluator`]; see the crate documentation
//! for why the tree does not depend on the representation.

use crate::MoveBuffer;
use crate::meter::{Meter, NoMeter};
use crate::time::{Budget, Limits, budget};
use crate::tt::{Bound, Hit, Table};
use crate::{Evaluator, INFINITE, MATE, MATE_BOUND, MAX_PLY, NoMoves, SearchMove, Searchable};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// What the front end and the search threads share while a search runs.
pub struct Control {
    /// Set by `stop` (and by the main thread when it is done): every thread stops.
    pub stop: AtomicBool,
    /// True while pondering: the clock does not run.
    pub pondering: AtomicBool,
    /// When the clock started (the `go`, or the `ponderhit`).
    clock: Mutex<Instant>,
}

impl Default for Control {
    fn default() -> Control {
        Control::new(false)
    }
}

impl Control {
    /// A control for a new search, pondering or not.
    pub fn new(ponder: bool) -> Control {
        Control { stop: AtomicBool::new(false), pondering: AtomicBool::new(ponder), clock: Mutex::new(Instant::now()) }
    }

    /// `ponderhit`: the move pondered on was played; the clock starts now.
    pub fn ponderhit(&self) {
        if let Ok(mut c) = self.clock.lock() {
            *c = Instant::now();
        }
        self.pondering.store(false, Relaxed);
    }

    /// Time on the clock since the search (or the ponderhit) started.
    pub fn elapsed(&self) -> Duration {
        self.clock.lock().map(|c| c.elapsed()).unwrap_or_default()
    }
}

/// Settings that stay the same through a search.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Search threads (Lazy SMP), at least 1.
    pub threads: usize,
    /// Principal variations reported (MultiPV), at least 1.
    pub multipv: usize,
    /// Milliseconds lost per move outside the engine.
    pub overhead: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { threads: 1, multipv: 1, overhead: 30 }
    }
}

/// One line of search output.
#[derive(Clone, Debug)]
pub struct Info<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// 1-based index of the line (MultiPV).
    pub multipv: usize,
    /// The score, from the side to move.
    pub score: i32,
    /// `None` for an exact score, else the kind of bound.
    pub bound: Option<Bound>,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the hash table in use.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// Where the main thread sends its progress.
pub trait Reporter<M>: Send {
    /// A finished line (or an aspiration window's bound).
    fn info(&mut self, info: &Info<M>);
    /// The root move being searched (1-based number), for long searches.
    fn currmove(&mut self, depth: u32, mv: M, number: usize);
}

/// A reporter that drops everything (for tests and benches).
pub struct Silent;

impl<M> Reporter<M> for Silent {
    fn info(&mut self, _: &Info<M>) {}
    fn currmove(&mut self, _: u32, _: M, _: usize) {}
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<M> {
    /// The move to play (`None` when the root has no legal move).
    pub best: Option<M>,
    /// The expected reply, to ponder on.
    pub ponder: Option<M>,
    /// The score of the best move.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes searched in quiescence (by the main thread).
    pub qnodes: u64,
}

/// What a search runs with besides its root and evaluation.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// The game's history: the keys of the positions before the root, oldest first.
    pub history: &'a [u64],
    /// When to stop.
    pub limits: &'a Limits,
    /// Threads, MultiPV and the move overhead.
    pub settings: &'a Settings,
    /// The transposition table, shared by the threads.
    pub tt: &'a Table,
    /// Stops the search early (`stop`, `ponderhit`).
    pub control: &'a Control,
}

/// Searches `root` within `cx`. Blocks until done; `cx.control` stops it early.
pub fn search<P, E, R>(root: &P, eval: &E, cx: Context, reporter: &mut R) -> Outcome<P::Move>
where
    P: Searchable,
    E: Evaluator<P>,
    R: Reporter<P::Move>,
{
    search_metered(root, eval, cx, reporter, NoMeter).0
}

/// [`search`] with `meter` observing the main thread (see [`crate::meter`]); returns
/// the meter with the outcome. The tree is the one [`search`] walks.
pub fn search_metered<P, E, R, M>(root: &P, eval: &E, cx: Context, reporter: &mut R, meter: M) -> (Outcome<P::Move>, M)
where
    P: Searchable,
    E: Evaluator<P>,
    R: Reporter<P::Move>,
    M: Meter<P>,
{
    let Context { history, limits, settings, tt, control } = cx;
    tt.new_search();
    let threads = settings.threads.max(1);
    let counts: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let budget = if limits.timed() { budget(limits, root.side(), settings.overhead) } else { None };
    let outcome = std::thread::scope(|s| {
        for id in 1..threads {
            let root = root.clone();
            let eval = eval.clone();
            let sh = Shared { tt, control, counts: &counts, limits, history };
            let spawned = std::thread::Builder::new().stack_size(STACK).spawn_scoped(s, move || {
                let mut w = Worker::new(id, root, eval, sh, None, 1, NoMeter);
                w.iterate(&mut Silent);
            });
            if spawned.is_err() {
                break;
            }
        }
        let mut main = Worker::new(
            0,
            root.clone(),
            eval.clone(),
            Shared { tt, control, counts: &counts, limits, history },
            budget,
            settings.multipv,
            meter,
        );
        let mut outcome = main.iterate(reporter);
        // An infinite or pondering search waits for `stop` (or `ponderhit`) before it
        // answers, as UCI requires.
        while (limits.infinite || control.pondering.load(Relaxed)) && !control.stop.load(Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        control.stop.store(true, Relaxed);
        outcome.qnodes = main.qnodes;
        (outcome, main.meter)
    });
    let nodes = counts.iter().map(|c| c.load(Relaxed)).sum();
    (Outcome { nodes, ..outcome.0 }, outcome.1)
}

/// A one-thread search of `root` to `depth` with a fresh 16 MiB table and no history:
/// the search whose tree is the same on every representation of a game (the chess
/// `bench` signature and the identical-tree tests run it).
pub fn fixed_depth<P, E, R>(root: &P, eval: &E, depth: u32, reporter: &mut R) -> Outcome<P::Move>
where
    P: Searchable,
    E: Evaluator<P>,
    R: Reporter<P::Move>,
{
    fixed_depth_metered(root, eval, depth, reporter, NoMeter).0
}

/// [`fixed_depth`] observed by `meter`: the same tree.
pub fn fixed_depth_metered<P, E, R, M>(
    root: &P,
    eval: &E,
    depth: u32,
    reporter: &mut R,
    meter: M,
) -> (Outcome<P::Move>, M)
where
    P: Searchable,
    E: Evaluator<P>,
    R: Reporter<P::Move>,
    M: Meter<P>,
{
    let tt = Table::new(16);
    let control = Control::new(false);
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let cx = Context { history: &[], limits: &limits, settings: &Settings::default(), tt: &tt, control: &control };
    search_metered(root, eval, cx, reporter, meter)
}

/// The stack size a search thread needs (the move pickers of 128 plies, with room).
pub const STACK: usize = 32 << 20;

/// LMR reductions by depth and move number, `0.75 + ln d * ln m / 3`. (The divisor
/// was chosen on WAC at a fixed 150,000 nodes: 2.25 solved 256, 3.0 solved 267.)
fn reductions() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 3.0) as u8;
            }
        }
        t
    })
}

#[derive(Clone)]
struct RootMove<M> {
    mv: M,
    score: i32,
    pv: Vec<M>,
    seldepth: u32,
}

#[derive(Clone, Copy, Default)]
struct Frame {
    eval: i32,
    /// The key of the move left out of this node's search (0 for none): the
    /// singular-extension test searches the node without its hash move.
    excluded: u32,
    /// History index of the move that led to this node's child (`NONE` for none,
    /// `NULL` for the null move).
    hist: usize,
}

const NONE: usize = usize::MAX;
const NULL: usize = usize::MAX - 1;
const TT_SCORE: i32 = 2_000_000;
const GOOD_NOISY: i32 = 1_000_000;
const KILLER: [i32; 2] = [900_000, 800_000];
const COUNTER: i32 = 700_000;
const BAD_NOISY: i32 = -1_000_000;
const HISTORY_MAX: i32 = 16_384;
/// The largest history index space that keeps continuation history (a table of
/// `size * size` entries): chess's 768 piece-to pairs; the drop games go without.
const CONT_MAX: usize = 1_024;

/// A history value `v` moved by `bonus`, the more the further it is from the bound
/// [`HISTORY_MAX`] in that direction (so it never passes the bound).
#[inline(always)]
fn gravity(v: i32, bonus: i32) -> i32 {
    v + bonus - v * bonus.abs() / HISTORY_MAX
}

/// The history a quiet move is ordered by: the side's butterfly-style table (by
/// [`Searchable::history_index`]) plus the continuation histories of the moves one
/// and two plies before (rows of `size * size` tables, empty when there is none).
struct Hist<'h> {
    main: &'h [i32],
    cont: [&'h [i16]; 2],
}

impl Hist<'_> {
    /// The combined history of the move with history index `i`.
    #[inline(always)]
    fn get(&self, i: usize) -> i32 {
        self.main.get(i).copied().unwrap_or(0)
            + self.cont[0].get(i).copied().unwrap_or(0) as i32
            + self.cont[1].get(i).copied().unwrap_or(0) as i32
    }
}

/// Orders the moves of one node: by score, ties broken by the move's key (highest
/// first), so the order does not depend on the order of generation. Noisy moves are
/// generated first; quiet ones when no good noisy move is left (or at once when the
/// hash move is quiet).
struct Picker<P: Searchable> {
    moves: P::List<P::Move>,
    scores: P::List<i32>,
    quiet: P::List<bool>,
    /// Each move's key, computed once (the selection below reads it for every move left).
    keys: P::List<u32>,
    cur: usize,
    /// The moves in play: `..end` of the lists (the rest were dropped by [`Picker::retain`]).
    end: usize,
    quiets_done: bool,
    tt: u32,
    killers: [u32; 2],
    counter: u32,
    /// Main search (exchange-scored noisy moves) or quiescence (MVV-LVA only).
    main: bool,
}

impl<P: Searchable> Picker<P> {
    fn new(tt: u32, killers: [u32; 2], counter: u32, main: bool) -> Self {
        Picker {
            moves: Default::default(),
            scores: Default::default(),
            quiet: Default::default(),
            keys: Default::default(),
            cur: 0,
            end: 0,
            quiets_done: false,
            tt,
            killers,
            counter,
            main,
        }
    }

    fn add_noisy(&mut self, pos: &P) {
        pos.generate_noisy(&mut self.moves);
        let mut tt_found = false;
        for i in 0..self.moves.len() {
            let mv = self.moves.as_slice()[i];
            let score = if mv.key() == self.tt {
                tt_found = true;
                TT_SCORE
            } else if !self.main {
                pos.mvv_lva(mv)
            } else if pos.see_ge(mv, 0) {
                GOOD_NOISY + pos.mvv_lva(mv)
            } else {
                BAD_NOISY + pos.mvv_lva(mv)
            };
            self.scores.push(score);
            self.quiet.push(false);
            self.keys.push(mv.key());
        }
        self.end = self.moves.len();
        if self.tt != 0 && !tt_found && self.main {
            self.add_quiet(pos, &Hist { main: &[], cont: [&[], &[]] });
        }
    }

    fn add_quiet(&mut self, pos: &P, history: &Hist) {
        self.add_quiet_where(pos, history, |_| true);
    }

    /// Adds the quiet moves for which `keep` holds (the others are neither scored nor
    /// kept).
    #[inline(always)]
    fn add_quiet_where(&mut self, pos: &P, history: &Hist, mut keep: impl FnMut(P::Move) -> bool) {
        self.quiets_done = true;
        let start = self.moves.len();
        pos.generate_quiet(&mut self.moves);
        let mut kept = start;
        for i in start..self.moves.len() {
            let mv = self.moves.as_slice()[i];
            if !keep(mv) {
                continue;
            }
            self.moves.as_mut_slice()[kept] = mv;
            kept += 1;
            self.quiet.push(true);
            self.keys.push(mv.key());
            let score = self.quiet_score(pos, mv, history);
            self.scores.push(score);
        }
        self.moves.truncate(kept);
        self.end = self.moves.len();
    }

    /// Drops the moves not yet picked for which `keep(move, quiet)` is false. The order
    /// of the rest does not change: [`Picker::best`] picks by score and key, not place.
    fn retain(&mut self, mut keep: impl FnMut(P::Move, bool) -> bool) {
        let moves = self.moves.as_mut_slice();
        let scores = self.scores.as_mut_slice();
        let quiet = self.quiet.as_mut_slice();
        let keys = self.keys.as_mut_slice();
        let mut kept = self.cur;
        for i in self.cur..self.end {
            if keep(moves[i], quiet[i]) {
                if kept != i {
                    moves.swap(kept, i);
                    scores.swap(kept, i);
                    quiet.swap(kept, i);
                    keys.swap(kept, i);
                }
                kept += 1;
            }
        }
        self.end = kept;
    }

    /// The hash move first, then the killers, the counter-move, and history.
    fn quiet_score(&self, pos: &P, mv: P::Move, history: &Hist) -> i32 {
        let k = mv.key();
        if k == self.tt {
            TT_SCORE
        } else if k == self.killers[0] {
            KILLER[0]
        } else if k == self.killers[1] {
            KILLER[1]
        } else if k == self.counter {
            COUNTER
        } else {
            history.get(pos.history_index(mv))
        }
    }

    /// Rescore quiet moves added early (for a quiet hash move) once history is at hand.
    fn rescore_quiets(&mut self, pos: &P, history: &Hist) {
        for i in self.cur..self.moves.len() {
            if self.quiet.as_slice()[i] && self.scores.as_slice()[i] == 0 {
                self.scores.as_mut_slice()[i] = self.quiet_score(pos, self.moves.as_slice()[i], history);
            }
        }
    }

    /// The best remaining move and whether it is quiet: the highest score, ties to
    /// the highest key, found as the largest of `score << 32 | key`.
    fn best(&mut self) -> Option<(P::Move, bool, i32)> {
        let n = self.end;
        if self.cur >= n {
            return None;
        }
        let moves = self.moves.as_mut_slice();
        let scores = self.scores.as_mut_slice();
        let quiet = self.quiet.as_mut_slice();
        let keys = self.keys.as_mut_slice();
        let order = |i: usize| ((scores[i] as i64) << 32) | keys[i] as i64;
        let mut b = self.cur;
        let mut top = order(b);
        for i in self.cur + 1..n {
            let o = order(i);
            if o > top {
                top = o;
                b = i;
            }
        }
        moves.swap(self.cur, b);
        scores.swap(self.cur, b);
        quiet.swap(self.cur, b);
        keys.swap(self.cur, b);
        Some((moves[self.cur], quiet[self.cur], scores[self.cur]))
    }

    /// The next move to search; quiet moves only when `quiets` holds.
    fn next(&mut self, pos: &P, history: &Hist, quiets: bool) -> Option<(P::Move, bool, i32)> {
        loop {
            let best = self.best();
            let need_quiets = match best {
                None => true,
                Some((_, _, s)) => s < GOOD_NOISY / 2,
            };
            if need_quiets && quiets && !self.quiets_done {
                self.add_quiet(pos, history);
                continue;
            }
            let (mv, quiet, score) = best?;
            self.cur += 1;
            if quiet && !quiets && score != TT_SCORE {
                continue;
            }
            return Some((mv, quiet, score));
        }
    }
}

/// What every search thread reads: the table, the control, the node counters of all
/// threads, the limits and the game history.
#[derive(Clone, Copy)]
struct Shared<'a> {
    tt: &'a Table,
    control: &'a Control,
    counts: &'a [AtomicU64],
    limits: &'a Limits,
    history: &'a [u64],
}

struct Worker<'a, P: Searchable, E, M> {
    id: usize,
    pos: P,
    eval: E,
    sh: Shared<'a>,
    budget: Option<Budget>,
    multipv: usize,
    nodes: u64,
    qnodes: u64,
    seldepth: usize,
    stopped: bool,
    root_depth: i32,
    keys: Vec<u64>,
    stack: Vec<Frame>,
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    /// Continuation history: `[previous move's index][this move's index]`, when the
    /// game's history index space is at most [`CONT_MAX`].
    cont: Vec<i16>,
    counter: Vec<u32>,
    pv: Vec<P::Move>,
    pv_len: [usize; MAX_PLY + 1],
    root_moves: Vec<RootMove<P::Move>>,
    /// Observes the search ([`NoMeter`] but in measurements).
    meter: M,
}

impl<'a, P: Searchable, E: Evaluator<P>, M: Meter<P>> Worker<'a, P, E, M> {
    #[allow(clippy::too_many_arguments)]
    fn new(id: usize, pos: P, eval: E, sh: Shared<'a>, budget: Option<Budget>, multipv: usize, meter: M) -> Self {
        let mut keys = sh.history.to_vec();
        keys.push(pos.key());
        Worker {
            id,
            pos,
            eval,
            sh,
            budget,
            multipv: multipv.max(1),
            nodes: 0,
            qnodes: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            keys,
            stack: vec![Frame { eval: 0, excluded: 0, hist: NONE }; MAX_PLY + 4],
            killers: vec![[0; 2]; MAX_PLY + 4],
            history: vec![0; 2 * P::HISTORY_SIZE],
            cont: if P::HISTORY_SIZE <= CONT_MAX { vec![0; P::HISTORY_SIZE * P::HISTORY_SIZE] } else { Vec::new() },
            counter: vec![0; P::HISTORY_SIZE],
            pv: vec![P::Move::default(); (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: [0; MAX_PLY + 1],
            root_moves: Vec::new(),
            meter,
        }
    }

    /// Probes the table (and tells the meter).
    #[inline(always)]
    fn probe(&mut self, key: u64, ply: usize) -> Option<Hit> {
        let hit = self.sh.tt.probe(key, ply);
        self.meter.probe(&self.pos, key, hit.is_some());
        hit
    }

    /// Stores into the table (and tells the meter).
    #[inline(always)]
    fn store(&mut self, key: u64, ply: usize, mv: u32, score: i32, depth: i32, bound: Bound) {
        self.sh.tt.store(key, ply, mv, score, depth, bound);
        self.meter.store(&self.pos, key);
    }

    /// A quiescence search started from the main search (the meter times these).
    #[inline(always)]
    fn quiesce_root(&mut self, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.meter.quiesce_start();
        let v = self.quiesce(alpha, beta, ply, true);
        self.meter.quiesce_end();
        v
    }

    fn total_nodes(&self) -> u64 {
        self.sh.counts.iter().enumerate().map(|(i, c)| if i == self.id { self.nodes } else { c.load(Relaxed) }).sum()
    }

    /// Counts a node and tells whether the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        // As with time below: depth 1 may run past the node limit, up to twice it (a
        // game whose every move captures, as clobber, makes quiescence search the tree).
        if let Some(n) = self.sh.limits.nodes
            && let searched = if self.sh.counts.len() == 1 { self.nodes } else { self.total_nodes() }
            && searched >= n
            && (self.root_depth > 1 || searched >= n.saturating_mul(2))
        {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0 {
            self.sh.counts[self.id].store(self.nodes, Relaxed);
            if self.sh.control.stop.load(Relaxed) {
                self.stopped = true;
            }
            // Past the hard limit the search stops, from depth 2 on; depth 1 is let
            // finish unless it runs past twice the limit (a quiescence explosion in
            // shogi took seconds there), and then the best root move so far is played.
            if self.id == 0
                && let Some(b) = self.budget
                && !self.sh.control.pondering.load(Relaxed)
                && let elapsed = self.sh.control.elapsed()
                && (elapsed >= b.hard && self.root_depth > 1 || elapsed >= b.hard * 2)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Makes `mv` and records the new position for repetition checks.
    #[inline(always)]
    fn enter(&mut self, mv: P::Move) -> P::Undo {
        let undo = self.pos.make(mv);
        self.keys.push(self.pos.key());
        undo
    }

    /// Takes back [`Worker::enter`].
    #[inline(always)]
    fn leave(&mut self, mv: P::Move, undo: P::Undo) {
        self.keys.pop();
        self.pos.unmake(mv, undo);
    }

    /// Takes a searched move's score into the node's `(best, alpha, best move)`:
    /// raises the best score, and when it beats alpha also alpha, the best move and
    /// the PV. True when the score reaches beta (a cutoff).
    #[inline(always)]
    fn take(
        &mut self,
        ply: usize,
        pv_node: bool,
        mv: P::Move,
        score: i32,
        (best, alpha, best_move): (&mut i32, &mut i32, &mut u32),
        beta: i32,
    ) -> bool {
        if score <= *best {
            return false;
        }
        *best = score;
        if score <= *alpha {
            return false;
        }
        *best_move = mv.key();
        *alpha = score;
        if pv_node {
            self.update_pv(ply, mv);
        }
        score >= beta
    }

    /// The score of a node at `ply` without legal moves.
    fn no_moves(&self, in_check: bool, ply: usize) -> i32 {
        self.ended(self.pos.no_moves(in_check), ply)
    }

    /// The score of a node at `ply` whose game the rules ended.
    fn ended(&self, end: NoMoves, ply: usize) -> i32 {
        match end {
            NoMoves::Loss => -MATE + ply as i32,
            NoMoves::Draw => 0,
            NoMoves::Win => MATE - ply as i32,
        }
    }

    /// How many plies back the current position occurred before, if it did.
    fn repetition(&self) -> Option<usize> {
        let n = self.keys.len();
        let key = self.keys[n - 1];
        let back = (self.pos.reversible_plies() as usize).min(n - 1);
        let mut i = 2;
        while i <= back {
            if self.keys[n - 1 - i] == key {
                return Some(i);
            }
            i += 2;
        }
        None
    }

    fn hist_slot(&self, side: usize, index: usize) -> usize {
        side * P::HISTORY_SIZE + index
    }

    fn update_history(&mut self, side: usize, index: usize, bonus: i32) {
        let slot = self.hist_slot(side, index);
        if let Some(h) = self.history.get_mut(slot) {
            *h = gravity(*h, bonus);
        }
    }

    /// The continuation-history rows of the moves one and two plies before `ply`.
    fn cont_rows(&self, ply: usize) -> [usize; 2] {
        let row = |back: usize| {
            let h = if ply >= back { self.stack[ply - back].hist } else { NONE };
            if h < P::HISTORY_SIZE && !self.cont.is_empty() { h * P::HISTORY_SIZE } else { NONE }
        };
        [row(1), row(2)]
    }

    /// The history view for the side to move at `ply`.
    fn hist_view(&self, side: usize, rows: [usize; 2]) -> Hist<'_> {
        let row = |r: usize| if r == NONE { &[][..] } else { &self.cont[r..r + P::HISTORY_SIZE] };
        Hist {
            main: &self.history[side * P::HISTORY_SIZE..(side + 1) * P::HISTORY_SIZE],
            cont: [row(rows[0]), row(rows[1])],
        }
    }

    /// Rewards (or with a negative bonus punishes) a quiet move in every history.
    fn reward_quiet(&mut self, side: usize, index: usize, rows: [usize; 2], bonus: i32) {
        self.update_history(side, index, bonus);
        for r in rows {
            if r != NONE
                && let Some(h) = self.cont.get_mut(r + index)
            {
                *h = gravity(*h as i32, bonus) as i16;
            }
        }
    }

    fn root_order(&mut self) {
        let tt = self.probe(self.pos.key(), 0).map_or(0, |h| h.mv);
        let mut picker = Picker::new(tt, [0; 2], 0, true);
        picker.add_noisy(&self.pos);
        let side = self.pos.side();
        while let Some((mv, _, _)) = picker.next(&self.pos, &self.hist_view(side, [NONE; 2]), true) {
            if !self.sh.limits.searchmoves.is_empty() && !self.sh.limits.searchmoves.contains(&mv.key()) {
                continue;
            }
            self.root_moves.push(RootMove { mv, score: -INFINITE, pv: vec![mv], seldepth: 0 });
        }
    }

    fn report(&self, reporter: &mut impl Reporter<P::Move>, depth: i32, lines: usize, bound: Option<Bound>) {
        let nodes = self.total_nodes();
        let time = self.sh.control.elapsed();
        for (i, rm) in self.root_moves.iter().take(lines).enumerate() {
            reporter.info(&Info {
                depth: depth as u32,
                seldepth: rm.seldepth.max(depth as u32),
                multipv: i + 1,
                score: rm.score,
                bound,
                nodes,
                time,
                hashfull: self.sh.tt.hashfull(),
                pv: rm.pv.clone(),
            });
        }
    }

    /// Iterative deepening. The main thread (id 0) reports and decides; helpers fill
    /// the shared table.
    fn iterate(&mut self, reporter: &mut impl Reporter<P::Move>) -> Outcome<P::Move> {
        self.root_order();
        let mut outcome = Outcome { best: None, ponder: None, score: 0, depth: 0, nodes: 0, qnodes: 0 };
        if self.root_moves.is_empty() {
            let in_check = self.pos.in_check();
            outcome.score = self.no_moves(in_check, 0);
            if self.id == 0 {
                reporter.info(&Info {
                    depth: 0,
                    seldepth: 0,
                    multipv: 1,
                    score: outcome.score,
                    bound: None,
                    nodes: 0,
                    time: self.sh.control.elapsed(),
                    hashfull: 0,
                    pv: Vec::new(),
                });
            }
            return outcome;
        }
        outcome.best = Some(self.root_moves[0].mv);
        let max_depth = self.sh.limits.depth.map_or(MAX_PLY as i32 - 4, |d| (d as i32).clamp(1, MAX_PLY as i32 - 4));
        let lines = self.multipv.min(self.root_moves.len());
        let mut last_best = None;
        let mut stable = 0;
        let mut depth = if self.id == 0 { 1 } else { 1 + (self.id as i32 & 1) };
        while depth <= max_depth {
            self.root_depth = depth;
            for pv_idx in 0..lines {
                self.seldepth = 0;
                let prev = self.root_moves[pv_idx].score;
                let mut delta = 18;
                let (mut alpha, mut beta) = if depth >= 5 && prev.abs() < MATE_BOUND {
                    ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
                } else {
                    (-INFINITE, INFINITE)
                };
                loop {
                    let score = self.root_search(depth, alpha, beta, pv_idx, reporter);
                    self.root_moves[pv_idx..].sort_by_key(|m| std::cmp::Reverse(m.score));
                    if self.stopped {
                        break;
                    }
                    let long = self.id == 0 && self.sh.control.elapsed() > Duration::from_secs(2);
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITE);
                        if long {
                            self.report(reporter, depth, 1, Some(Bound::Upper));
                        }
                    } else if score >= beta {
                        beta = (score + delta).min(INFINITE);
                        if long {
                            self.report(reporter, depth, 1, Some(Bound::Lower));
                        }
                    } else {
                        break;
                    }
                    delta += delta / 2 + 5;
                }
                self.root_moves[..=pv_idx].sort_by_key(|m| std::cmp::Reverse(m.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            let best = self.root_moves[0].clone();
            outcome.best = Some(best.mv);
            outcome.ponder = best.pv.get(1).copied();
            outcome.score = best.score;
            outcome.depth = depth as u32;
            if self.id != 0 {
                depth += 1;
                continue;
            }
            self.report(reporter, depth, lines, None);
            stable = if last_best == Some(best.mv.key()) { stable + 1 } else { 0 };
            last_best = Some(best.mv.key());
            if let Some(m) = self.sh.limits.mate
                && best.score >= MATE - 2 * m as i32
            {
                break;
            }
            if let Some(b) = self.budget
                && !self.sh.control.pondering.load(Relaxed)
            {
                let factor = match stable {
                    0 => 1.4,
                    1 => 1.1,
                    2 | 3 => 0.9,
                    _ => 0.7,
                };
                let elapsed = self.sh.control.elapsed().as_secs_f64();
                let early = !b.fixed && elapsed >= b.soft.as_secs_f64() * factor * 0.6;
                if early || (self.root_moves.len() == 1 && depth >= 4) {
                    break;
                }
            }
            depth += 1;
        }
        self.sh.counts[self.id].store(self.nodes, Relaxed);
        outcome
    }

    fn root_search(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        pv_idx: usize,
        reporter: &mut impl Reporter<P::Move>,
    ) -> i32 {
        let mut best = -INFINITE;
        self.pv_len[0] = 0;
        self.stack[0].eval = if self.pos.in_check() { -INFINITE } else { self.eval.evaluate(&self.pos) };
        for i in pv_idx..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            if self.id == 0 && self.sh.control.elapsed() > Duration::from_secs(3) {
                reporter.currmove(depth as u32, mv, i + 1);
            }
            self.stack[0].hist = self.pos.history_index(mv);
            let undo = self.enter(mv);
            let check = self.pos.in_check();
            let new_depth = depth - 1 + check as i32;
            let mut score;
            if i == pv_idx {
                score = -self.negamax(new_depth, -beta, -alpha, 1, false);
            } else {
                score = -self.negamax(new_depth, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta {
                    score = -self.negamax(new_depth, -beta, -alpha, 1, false);
                }
            }
            self.leave(mv, undo);
            if self.stopped {
                return best;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_idx || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth as u32;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[(MAX_PLY + 1)..(MAX_PLY + 1) + self.pv_len[1]]);
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let row = ply * (MAX_PLY + 1);
        let child = (ply + 1) * (MAX_PLY + 1);
        let n = self.pv_len[ply + 1].min(MAX_PLY - 1);
        self.pv[row] = mv;
        self.pv.copy_within(child..child + n, row + 1);
        self.pv_len[ply] = n + 1;
    }

    fn negamax(&mut self, mut depth: i32, mut alpha: i32, mut beta: i32, ply: usize, cut: bool) -> i32 {
        if depth <= 0 {
            return self.quiesce_root(alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = 0;
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.pos.rule_draw() {
            return 0;
        }
        if let Some(end) = self.pos.game_end() {
            return self.ended(end, ply);
        }
        if let Some(back) = self.repetition() {
            return self.pos.repetition_score(back);
        }
        if self.pos.rule_win() {
            return MATE - ply as i32 - 1;
        }
        if ply >= MAX_PLY - 2 {
            return self.eval.evaluate(&self.pos);
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = self.pos.key();
        // The singular test's search of this node without its hash move neither reads
        // nor writes the table: the entry holds the whole node's result.
        let excluded = self.stack[ply].excluded;
        let hit = if excluded == 0 { self.probe(key, ply) } else { None };
        let tt_move = hit.map_or(0, |h| h.mv);
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
            && h.settles(alpha, beta)
        {
            return h.score;
        }
        let in_check = self.pos.in_check();
        let side = self.pos.side();
        // The singular test's search of this node reuses the static eval found for it.
        let mut eval = if in_check {
            -INFINITE
        } else if excluded != 0 {
            self.stack[ply].eval
        } else {
            self.eval.evaluate(&self.pos)
        };
        self.stack[ply].eval = eval;
        // A stored bound better than the static eval replaces it.
        if let Some(h) = hit
            && !in_check
            && h.settles(eval - 1, eval + 1)
        {
            eval = h.score;
        }
        let improving = !in_check && ply >= 2 && self.stack[ply].eval > self.stack[ply - 2].eval;
        self.killers[ply + 1] = [0; 2];

        if !pv_node && !in_check && excluded == 0 {
            // Reverse futility.
            if depth <= 8 && eval.abs() < MATE_BOUND && eval - 75 * (depth - improving as i32) >= beta {
                return eval;
            }
            // Razoring.
            if depth <= 3 && eval + 200 + 150 * depth <= alpha && alpha.abs() < MATE_BOUND {
                let v = self.quiesce_root(alpha, alpha + 1, ply);
                if v <= alpha {
                    return v;
                }
            }
            // Null move: R = 3, more at depth and far above beta.
            if depth >= 3
                && eval >= beta
                && beta.abs() < MATE_BOUND
                && self.stack[ply - 1].hist != NULL
                && self.pos.null_move_ok()
            {
                let r = 3 + depth / 6 + ((eval - beta) / 200).min(3);
                self.stack[ply].hist = NULL;
                let undo = self.pos.make_null();
                self.keys.push(self.pos.key());
                let v = -self.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, !cut);
                self.keys.pop();
                self.pos.unmake_null(undo);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if v >= MATE_BOUND { beta } else { v };
                }
            }
        }
        // Internal iterative reduction: without a hash move, search a little shallower.
        if depth >= 4 && tt_move == 0 && (pv_node || cut) && excluded == 0 {
            depth -= 1;
        }
        // Singular extension: when the hash move is the only good one (every other
        // move fails low against a margin under its stored score, in a search of half
        // the depth), it is searched a ply deeper. When even without it the node fails
        // high against that margin at or above beta, several moves beat beta: cut.
        let mut singular = false;
        if let Some(h) = hit
            && depth >= 8
            && tt_move != 0
            && h.depth >= depth - 3
            && h.bound != Bound::Upper
            && h.score.abs() < MATE_BOUND
        {
            let s_beta = h.score - 2 * depth;
            self.stack[ply].excluded = tt_move;
            let v = self.negamax((depth - 1) / 2, s_beta - 1, s_beta, ply, cut);
            self.stack[ply].excluded = 0;
            if self.stopped {
                return 0;
            }
            if v < s_beta {
                singular = true;
            } else if s_beta >= beta {
                return s_beta;
            }
        }

        let prev = self.stack[ply - 1].hist;
        let counter = if prev < P::HISTORY_SIZE { self.counter[prev] } else { 0 };
        let mut picker = Picker::new(tt_move, self.killers[ply], counter, true);
        picker.add_noisy(&self.pos);
        let rows = self.cont_rows(ply);
        picker.rescore_quiets(&self.pos, &self.hist_view(side, rows));
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = 0u32;
        let mut searched = 0usize;
        let mut quiets_tried = [0usize; 64];
        let mut n_quiets = 0;
        let mut skip_quiets = false;
        let lmp_limit = (3 + depth * depth) as usize / if improving { 1 } else { 2 };
        while let Some((mv, quiet, order)) = picker.next(&self.pos, &self.hist_view(side, rows), true) {
            if excluded != 0 && mv.key() == excluded {
                continue;
            }
            let hist_index = self.pos.history_index(mv);
            let hist = if quiet { self.hist_view(side, rows).get(hist_index) } else { 0 };
            let lmr_depth = (depth - reductions()[depth.min(63) as usize][searched.min(63)] as i32).max(0);
            // Pruning of late, hopeless moves (never the first, never when mated, never
            // a move that gives check: a candidate that may give check is made first to
            // know).
            let prunable = !pv_node && !in_check && best > -MATE_BOUND && searched > 0;
            if prunable && quiet && depth <= 7 && searched >= lmp_limit && !skip_quiets {
                skip_quiets = true;
                // From here on a quiet move is searched only when it gives check: the
                // ones that cannot are dropped unplayed (the same tree, fewer moves to
                // pick from).
                let pos = &self.pos;
                picker.retain(|m, q| !q || pos.may_give_check(m));
            }
            let candidate = prunable
                && if quiet {
                    skip_quiets
                        || (lmr_depth <= 6 && eval + 100 + 90 * lmr_depth <= alpha)
                        || (depth <= 8 && !self.pos.see_ge(mv, -25 * lmr_depth * lmr_depth))
                } else {
                    depth <= 6 && order < GOOD_NOISY / 2 && !self.pos.see_ge(mv, -90 * depth)
                };
            if candidate && !self.pos.may_give_check(mv) {
                continue;
            }
            self.stack[ply].hist = hist_index;
            let undo = self.enter(mv);
            let gives_check = self.pos.in_check();
            if candidate && !gives_check {
                self.leave(mv, undo);
                continue;
            }
            searched += 1;
            let extend =
                ((gives_check || (singular && mv.key() == tt_move)) && (ply as i32) < 2 * self.root_depth) as i32;
            let new_depth = depth - 1 + extend;
            let mut score;
            if searched == 1 {
                score = -self.negamax(new_depth, -beta, -alpha, ply + 1, !pv_node && !cut);
            } else {
                let mut r = 0;
                if depth >= 3 && searched > 1 + pv_node as usize && (quiet || order < GOOD_NOISY / 2) {
                    r = reductions()[depth.min(63) as usize][searched.min(63)] as i32;
                    r -= pv_node as i32;
                    r += cut as i32;
                    r -= gives_check as i32;
                    r -= (order >= COUNTER && quiet) as i32;
                    r -= hist / 8000;
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.negamax(new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && r > 0 {
                    score = -self.negamax(new_depth, -alpha - 1, -alpha, ply + 1, !cut);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(new_depth, -beta, -alpha, ply + 1, false);
                }
            }
            self.leave(mv, undo);
            if self.stopped {
                return 0;
            }
            if self.take(ply, pv_node, mv, score, (&mut best, &mut alpha, &mut best_move), beta) {
                if quiet {
                    let k = mv.key();
                    if self.killers[ply][0] != k {
                        self.killers[ply][1] = self.killers[ply][0];
                        self.killers[ply][0] = k;
                    }
                    if prev < P::HISTORY_SIZE {
                        self.counter[prev] = k;
                    }
                    let bonus = (16 * depth * depth).min(1_600);
                    self.reward_quiet(side, hist_index, rows, bonus);
                    for &q in &quiets_tried[..n_quiets] {
                        self.reward_quiet(side, q, rows, -bonus);
                    }
                }
                break;
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = hist_index;
                n_quiets += 1;
            }
        }
        if searched == 0 {
            if best == -INFINITE && picker.moves.is_empty() {
                return self.no_moves(in_check, ply);
            }
            // Every move was pruned (or the only one left out): fail low.
            return alpha;
        }
        if excluded == 0 {
            self.store(key, ply, best_move, best, depth, Bound::of(best, original_alpha, beta));
        }
        best
    }

    /// Quiescence: captures and queen promotions that do not lose material, all
    /// evasions in check, and with `checks` (the first quiescence ply) also the quiet
    /// moves that give check without losing material.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, checks: bool) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = 0;
        if self.tick() {
            return 0;
        }
        self.qnodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if let Some(end) = self.pos.game_end() {
            return self.ended(end, ply);
        }
        if ply >= MAX_PLY - 2 {
            return self.eval.evaluate(&self.pos);
        }
        let key = self.pos.key();
        let hit = self.probe(key, ply);
        if let Some(h) = hit
            && !pv_node
            && h.settles(alpha, beta)
        {
            return h.score;
        }
        let in_check = self.pos.in_check();
        let stand = if in_check { -INFINITE } else { self.eval.evaluate(&self.pos) };
        if stand >= beta {
            return stand;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut best_move = 0;
        let mut picker = Picker::new(if in_check { hit.map_or(0, |h| h.mv) } else { 0 }, [0; 2], 0, false);
        picker.add_noisy(&self.pos);
        let mut any = false;
        let side = self.pos.side();
        loop {
            let quiets = in_check || picker.quiets_done;
            let Some((mv, quiet, _)) = picker.next(&self.pos, &self.hist_view(side, [NONE; 2]), quiets) else {
                // The noisy moves are done: the checking quiet moves come last.
                if checks && !in_check && !picker.quiets_done && self.pos.quiet_checks() {
                    // Only a move that may give check is tried: the others are dropped
                    // as they are generated, before they are scored or any exchange
                    // is counted for them.
                    let pos = &self.pos;
                    picker.add_quiet_where(pos, &self.hist_view(side, [NONE; 2]), |m| pos.may_give_check(m));
                    continue;
                }
                break;
            };
            any = true;
            // Evasions that lose material, once one evasion keeps us from being mated
            // (for games that ask: shogi's drop interpositions otherwise multiply).
            if P::PRUNE_QUIESCE_EVASIONS && in_check && best > -MATE_BOUND && !self.pos.see_ge(mv, 0) {
                continue;
            }
            if !in_check {
                // Delta pruning (captures), then moves that lose material.
                if !quiet && stand + self.pos.gain(mv) + 200 <= alpha {
                    continue;
                }
                if !self.pos.see_ge(mv, 0) {
                    continue;
                }
            }
            let undo = self.enter(mv);
            if quiet && !in_check && !self.pos.in_check() {
                self.leave(mv, undo);
                continue;
            }
            let score = -self.quiesce(-beta, -alpha, ply + 1, false);
            self.leave(mv, undo);
            if self.stopped {
                return 0;
            }
            if self.take(ply, pv_node, mv, score, (&mut best, &mut alpha, &mut best_move), beta) {
                break;
            }
        }
        if in_check && !any {
            return self.no_moves(true, ply);
        }
        self.store(key, ply, best_move, best, 0, Bound::of(best, original_alpha, beta));
        best
    }
}
