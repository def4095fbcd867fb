//! The session state every dialect shares ([`Core`]): the engine, the output, the
//! search thread, and what UCI, USI and XBoard do alike: options, `position`, `go`,
//! `perft`, the `info` and score text.

use super::go::{self, Go, Param, parse_go};
use crate::api::{Engine, HASH_MAX, MULTIPV_MAX, Search, Stopper, THREADS_MAX};
use crate::game::{Event, MateAnswer, Notation, Score, SearchInfo, SearchResult, check_value, clip};
use polyboard_search::search::STACK;
use polyboard_search::tt::Bound;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// Where the engine writes its lines (stdout, or a buffer in tests).
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// The `Move Overhead` USI's time manager reserves per move, in milliseconds: 30, as
/// Fairy-Stockfish and Stockfish 11 reserve. polyboard answers 2 to 5 ms after its
/// deadline (measured: at 10 ms, 192 ms a move of a 200 ms period at the median and
/// 195 at most), and cshogi's match runner forgives a move up to a second late.
pub(crate) const USI_OVERHEAD: u64 = 30;

/// Stdout as an [`Output`].
pub fn stdout() -> Output {
    Arc::new(Mutex::new(Box::new(std::io::stdout())))
}

/// Writes one line and flushes it.
pub(crate) fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The protocol a session speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCI: chess and every variant (`UCI_Variant`).
    Uci,
    /// USI: shogi and the shogi family (`USI_Variant`).
    Usi,
    /// XBoard (CECP v2): chess and every variant (`variant`).
    Xboard,
}

impl Dialect {
    pub(crate) fn notation(self) -> Notation {
        match self {
            Dialect::Usi => Notation::Usi,
            Dialect::Uci | Dialect::Xboard => Notation::Uci,
        }
    }

    /// `go`'s parameter names.
    fn go_names(self) -> &'static [(&'static str, Param)] {
        match self {
            Dialect::Usi => go::USI_GO,
            Dialect::Uci | Dialect::Xboard => go::UCI_GO,
        }
    }

    /// A line of search output, `None` when the dialect has none for it.
    fn event_line(self, event: &Event) -> Option<String> {
        match (self, event) {
            (Dialect::Xboard, Event::Info(i)) if i.bound.is_none() && i.multipv == 1 => Some(post_line(i)),
            (Dialect::Xboard, _) => None,
            (_, Event::Info(i)) => Some(info_line(i, self)),
            (_, Event::CurrMove { depth, mv, number }) => {
                Some(format!("info depth {depth} currmove {mv} currmovenumber {number}"))
            }
        }
    }

    /// The answer of a finished search.
    pub(crate) fn bestmove_line(self, r: &SearchResult) -> String {
        match (&r.best, self) {
            (_, Dialect::Usi) if r.declare_win => "bestmove win".into(),
            (Some(best), _) => match &r.ponder {
                Some(p) => format!("bestmove {best} ponder {p}"),
                None => format!("bestmove {best}"),
            },
            (None, Dialect::Usi) => "bestmove resign".into(),
            (None, _) => "bestmove 0000".into(),
        }
    }
}

/// UCI's and USI's `info depth ...` line (USI: mate in plies, no `multipv`).
fn info_line(info: &SearchInfo, dialect: Dialect) -> String {
    let ms = info.time.as_millis();
    let nps = (info.nodes as u128 * 1000).checked_div(ms).unwrap_or(0);
    let bound = match info.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    let (score, multipv) = match dialect {
        Dialect::Usi => (info.score.usi(), String::new()),
        _ => (info.score.uci(), format!(" multipv {}", info.multipv)),
    };
    let pv = if info.pv.is_empty() { String::new() } else { format!(" pv {}", info.pv.join(" ")) };
    let wdl = info.wdl.map(|[w, d, l]| format!(" wdl {w} {d} {l}")).unwrap_or_default();
    format!(
        "info depth {} seldepth {}{multipv} score {score}{wdl}{bound} nodes {} nps {nps} hashfull {} time {ms}{pv}",
        info.depth, info.seldepth, info.nodes, info.hashfull
    )
}

/// XBoard's thinking output: `depth score time nodes seldepth nps pv`, the time in
/// centiseconds, a mate as 100000 plus the moves to it (negative when mated).
pub(crate) fn post_line(info: &SearchInfo) -> String {
    let score = match info.score {
        Score::Cp(cp) => cp,
        Score::Mate(p) if p < 0 => -100_000 - (-p) / 2,
        Score::Mate(p) => 100_000 + (p + 1) / 2,
    };
    let cs = info.time.as_millis() / 10;
    let nps = (info.nodes as u128 * 1000).checked_div(info.time.as_millis()).unwrap_or(0);
    format!("{} {score} {cs} {} {} {nps}\t{}", info.depth, info.nodes, info.seldepth, info.pv.join(" "))
}

/// A search (or USI's mate solver) in its own thread.
struct Running {
    stopper: Stopper,
    handle: JoinHandle<()>,
}

/// What every dialect's session holds: the engine, its output and the search in
/// progress.
pub(crate) struct Core {
    /// The protocol spoken.
    pub(crate) dialect: Dialect,
    /// Where the lines go.
    pub(crate) out: Output,
    /// The engine.
    pub(crate) engine: Engine,
    running: Option<Running>,
}

impl Core {
    /// A fresh core speaking `dialect`, writing to `out`.
    pub(crate) fn new(dialect: Dialect, out: Output) -> Core {
        let mut engine = Engine::with_notation(dialect.notation());
        if dialect == Dialect::Usi {
            // USI has no standard Move Overhead option (polyboard offers one); its
            // default is set here.
            engine.set_move_overhead(USI_OVERHEAD);
        }
        Core { dialect, out, engine, running: None }
    }

    /// Writes one line.
    pub(crate) fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// A message: `info string` in UCI and USI, a comment in XBoard.
    pub(crate) fn info(&self, text: &str) {
        match self.dialect {
            Dialect::Xboard => self.say(&format!("# {text}")),
            _ => self.say(&format!("info string {text}")),
        }
    }

    /// Says the handshake's `lines`, then the game's options, the variant combo and
    /// `VariantPath`, and `ok` (`uciok`, `usiok`).
    pub(crate) fn handshake_end(&self, mut lines: Vec<String>, ok: &str) {
        let e = &self.engine;
        lines.extend(e.game_option_lines());
        let names = e.variants();
        let vars = names.iter().map(|n| format!(" var {n}")).collect::<String>();
        lines.push(format!("option name {} type combo default {}{vars}", e.variant_option(), names[0]));
        lines.push("option name VariantPath type string default <empty>".to_string());
        lines.push(ok.to_string());
        for l in lines {
            self.say(&l);
        }
    }

    /// True while a search thread runs (or has finished and not been joined).
    pub(crate) fn searching(&self) -> bool {
        self.running.is_some()
    }

    /// `ponderhit`: the move pondered on was played.
    pub(crate) fn ponderhit(&self) {
        if let Some(r) = &self.running {
            r.stopper.ponderhit();
        }
    }

    /// Stops the running search, if any, and waits for its answer.
    pub(crate) fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.stopper.stop();
            let _ = r.handle.join();
        }
    }

    /// Waits for the running search to finish on its own.
    pub(crate) fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = r.handle.join();
        }
    }

    /// `setoption name <name> [value <value>]`.
    pub(crate) fn setoption(&mut self, args: &[&str]) {
        match option_words(args) {
            Some((name, value)) => self.set_option(&name, &value),
            None => self.info("setoption: expected 'setoption name <name> [value <value>]'"),
        }
    }

    /// The options every dialect shares, then the game's own (`name` as given).
    pub(crate) fn set_option(&mut self, name: &str, value: &str) {
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            match value.parse::<u64>() {
                Ok(v) if (min..=max).contains(&v) => Ok(v),
                _ => Err(format!("option '{}': value '{}' is not a number in {min}..={max}", clip(name), clip(value))),
            }
        };
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "hash" | "usi_hash" => spin(1, HASH_MAX as u64)
                .and_then(|v| self.engine.set_hash(v as usize).map_err(|e| e.to_string().replacen("Hash", name, 1))),
            "threads" => spin(1, THREADS_MAX as u64).map(|v| self.engine.set_threads(v as usize)),
            "multipv" => spin(1, MULTIPV_MAX as u64).map(|v| self.engine.set_multipv(v as usize)),
            "move overhead" => spin(0, 5000).map(|v| self.engine.set_move_overhead(v)),
            "clear hash" => {
                self.engine.clear_hash();
                Ok(())
            }
            "ponder" => check_value(name, value).map(|_| ()),
            // USI_Ponder and the GUIs' own options: accepted, nothing to do.
            "usi_ponder" => Ok(()),
            "uci_variant" | "usi_variant" => self.engine.select(value).map_err(|e| e.to_string()),
            "variantpath" => {
                if value.is_empty() || value == "<empty>" {
                    Ok(())
                } else {
                    self.engine.load_variants(value).map_err(|e| e.to_string()).map(|(added, warnings)| {
                        for w in &warnings {
                            self.info(&format!("warning: {w}"));
                        }
                        self.info(&format!("VariantPath: loaded {}", added.join(", ")))
                    })
                }
            }
            _ => self.engine.set_option(name, value).map_err(|e| e.to_string()),
        };
        if let Err(e) = result {
            self.info(&e);
        }
    }

    /// `position startpos|<kind> <text> [moves ...]`.
    pub(crate) fn position(&mut self, args: &[&str]) {
        let (keywords, forms) = self.engine.position_forms();
        let (kind, text, rest) = match args.first() {
            Some(&"startpos") => ("startpos", None, &args[1..]),
            Some(kind) if keywords.contains(kind) => {
                let end = args.iter().position(|&t| t == "moves").unwrap_or(args.len());
                (*kind, Some(args[1..end].join(" ")), &args[end..])
            }
            _ => return self.info(&format!("position: expected 'startpos' or '{forms}'")),
        };
        let moves = match rest.first() {
            None => &[][..],
            Some(&"moves") => &rest[1..],
            Some(t) => return self.info(&format!("position ignored: unexpected '{}'", clip(t))),
        };
        if let Err(e) = self.engine.set_position_as(kind, text.as_deref(), moves) {
            self.info(&e.to_string());
        }
    }

    /// `go ...`: a search, a perft or (USI) the mate solver.
    pub(crate) fn go(&mut self, args: &[&str]) {
        let side = self.engine.side_to_move();
        let (go, messages) = parse_go(args, self.dialect.go_names(), side, |m| self.engine.move_key(m));
        for m in messages {
            self.info(&m);
        }
        match go {
            Go::Search(limits) => {
                let search = self.engine.prepare(limits);
                let (out, dialect) = (self.out.clone(), self.dialect);
                self.start(search, true, Box::new(move |r| say(&out, &dialect.bestmove_line(&r))));
            }
            Go::Perft(d) => self.perft(d),
            Go::Solve(Ok(ms)) => self.solve(ms),
            Go::Solve(Err(e)) => self.info(&e),
            Go::Nothing => {}
        }
    }

    /// Runs `search` in its thread, which writes its lines as the dialect writes them
    /// (`post` decides in XBoard) and then hands its result to `done`.
    pub(crate) fn start(&mut self, search: Search, post: bool, done: Box<dyn FnOnce(SearchResult) + Send>) {
        let (out, dialect, stopper) = (self.out.clone(), self.dialect, search.stopper());
        let spawned = std::thread::Builder::new().stack_size(STACK).spawn(move || {
            let result = search.run(move |e| {
                if let Some(l) = dialect.event_line(e).filter(|_| post) {
                    say(&out, &l);
                }
            });
            done(result);
        });
        self.spawned(stopper, spawned, "search");
    }

    /// Keeps the thread `spawned`; an `info string` when it could not start.
    fn spawned(&mut self, stopper: Stopper, spawned: std::io::Result<JoinHandle<()>>, what: &str) {
        match spawned {
            Ok(handle) => self.running = Some(Running { stopper, handle }),
            Err(e) => self.info(&format!("could not start the {what}: {e}")),
        }
    }

    /// USI's `go mate`: the solver in the search thread, answering `checkmate ...`.
    fn solve(&mut self, ms: Option<u64>) {
        let search = self.engine.prepare(Default::default());
        let (out, stopper) = (self.out.clone(), search.stopper());
        let variant = self.engine.variant().to_string();
        let spawned = std::thread::Builder::new().stack_size(STACK).spawn(move || {
            let line = match search.solve(ms) {
                Some(MateAnswer::Mate(moves)) => format!("checkmate {}", moves.join(" ")),
                Some(MateAnswer::NoMate) => "checkmate nomate".into(),
                Some(MateAnswer::Timeout) => "checkmate timeout".into(),
                None => {
                    say(&out, &format!("info string go mate: the solver plays shogi only, not {variant}"));
                    "checkmate notimplemented".into()
                }
            };
            say(&out, &line);
        });
        self.spawned(stopper, spawned, "solver");
    }

    /// `go perft N`: each move's count, then the total, and the time.
    pub(crate) fn perft(&self, depth: u32) {
        let start = Instant::now();
        let rows = self.engine.perft(depth);
        let mut total = 0;
        for (m, n) in &rows {
            self.say(&format!("{m}: {n}"));
            total += n;
        }
        if depth == 0 {
            total = 1;
        }
        self.say(&format!("\nNodes searched: {total}"));
        self.info(&format!("perft {depth}: {total} nodes in {} ms", start.elapsed().as_millis()));
    }
}

/// `setoption name <name> [value <value>]`: the name and the value (empty without
/// one), each of its words joined by a space; `None` without `name`.
fn option_words(args: &[&str]) -> Option<(String, String)> {
    if args.first() != Some(&"name") {
        return None;
    }
    let vpos = args.iter().position(|&t| t == "value");
    let name = args[1..vpos.unwrap_or(args.len())].join(" ");
    let value = vpos.map(|p| args[p + 1..].join(" ")).unwrap_or_default();
    Some((name, value))
}
