//! The UCI front end: `polyboard uci`.
//!
//! Commands: `uci`, `isready` (answered during a search too), `ucinewgame`,
//! `setoption`, `position startpos|fen ... [moves ...]`, `go` (`wtime`, `btime`,
//! `winc`, `binc`, `movestogo`, `movetime`, `depth`, `nodes`, `mate`, `infinite`,
//! `ponder`, `searchmoves`, and `perft N`), `stop`, `ponderhit`, `quit`, plus
//! Stockfish's `d` and `bench [depth]`.
//!
//! Options: `Hash`, `Threads`, `MultiPV`, `Move Overhead`, `Clear Hash`, `Ponder`,
//! `UCI_Chess960`, `Repr`, `UCI_Variant` and `VariantPath`.
//!
//! `UCI_Variant` = `chess` (the default) plays on the dedicated chess engine below,
//! over the representation `Repr`; any other variant plays through
//! [`crate::variant_uci`] (polyboard-variants' generator, Fairy-Stockfish's FEN and
//! move text). `bench` is chess's whatever the variant.
//!
//! Nothing from the input stops the engine: a malformed line, an unknown command or
//! option, a bad FEN or an illegal move is answered with `info string ...` and
//! ignored (moves before an illegal one in `position` stay played, as in Stockfish).

use crate::chess::{Chess, names};
use crate::eval::ChessEval;
use crate::frontend::{
    Job, Running, clip, info_text, option_words, play_moves, pv_text, read_go, read_lines, read_position, resize, say,
    say_perft, spin, stdout,
};
use crate::meter::{Meter, NoMeter};
use crate::search::{Context, Control, Info, Outcome, Reporter, STACK, Settings, search, search_metered};
use crate::time::{Go, Limits, UCI_GO};
use crate::tt::Table;
use crate::variant_uci::Variants;
use crate::{Evaluator, MATE, MATE_BOUND, SearchMove, Searchable};
use polyboard_chess::with_repr;
use polyboard_chess::{Board, Move, Position, SearchBoard, uci};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Where the engine writes its lines (stdout, or a buffer in tests).
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// The engine's option values.
#[derive(Clone, Debug)]
struct Options {
    hash: usize,
    threads: usize,
    multipv: usize,
    overhead: u64,
    ponder: bool,
    chess960: bool,
    repr: String,
}

/// The UCI engine state: options, the game, and the search in progress.
pub struct Engine {
    out: Output,
    options: Options,
    tt: Arc<Table>,
    start: Position,
    position: Position,
    /// Keys of the positions before the current one, since the game's start.
    history: Vec<u64>,
    /// The variants of `UCI_Variant`, and the game when one other than chess is chosen.
    variants: Variants,
    running: Option<Running>,
}

/// Runs the protocol on stdin and stdout until `quit` or the end of input.
pub fn run() {
    let mut engine = Engine::new(stdout());
    read_lines(|line| engine.handle(line));
    engine.stop();
}

const HASH_MAX: usize = 65_536;
const THREADS_MAX: usize = 256;
const MULTIPV_MAX: usize = 256;

impl Engine {
    /// A fresh engine writing to `out`.
    pub fn new(out: Output) -> Engine {
        let options = Options {
            hash: 16,
            threads: 1,
            multipv: 1,
            overhead: 30,
            ponder: false,
            chess960: false,
            repr: names()[0].to_string(),
        };
        Engine {
            out,
            tt: Arc::new(Table::new(options.hash)),
            options,
            start: Position::startpos(),
            position: Position::startpos(),
            history: Vec::new(),
            variants: Variants::new(),
            running: None,
        }
    }

    fn info(&self, text: &str) {
        say(&self.out, &format!("info string {text}"));
    }

    /// Handles one input line; false after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else { return true };
        let args = &tokens[1..];
        match cmd {
            "uci" => self.uci(),
            "isready" => say(&self.out, "readyok"),
            "debug" | "register" => {}
            "ucinewgame" => {
                self.stop();
                self.tt.clear();
            }
            "setoption" => {
                self.stop();
                self.setoption(args);
            }
            "position" => {
                self.stop();
                if self.variants.active() {
                    if let Err(e) = self.variants.set_position(args) {
                        self.info(&e);
                    }
                } else {
                    self.set_position(args);
                }
            }
            "go" => {
                self.stop();
                self.go(args);
            }
            "stop" => self.stop(),
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.control.ponderhit();
                }
            }
            "quit" => {
                self.stop();
                return false;
            }
            "d" => {
                self.stop();
                if self.variants.active() {
                    self.variants.display(&self.out);
                } else {
                    self.display();
                }
            }
            "bench" => {
                self.stop();
                self.bench(args);
            }
            _ => self.info(&format!("unknown command '{}'", clip(cmd))),
        }
        true
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop();
        }
    }

    /// Waits for the running search to finish on its own.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            r.wait();
        }
    }

    fn uci(&self) {
        let reprs = names().iter().map(|n| format!(" var {n}")).collect::<String>();
        let lines = [
            format!("id name polyboard {}", env!("CARGO_PKG_VERSION")),
            "id author the polyboard authors".to_string(),
            format!("option name Hash type spin default 16 min 1 max {HASH_MAX}"),
            format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
            format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
            "option name Move Overhead type spin default 30 min 0 max 5000".to_string(),
            "option name Clear Hash type button".to_string(),
            "option name Ponder type check default false".to_string(),
            "option name UCI_Chess960 type check default false".to_string(),
            format!("option name Repr type combo default {}{reprs}", names()[0]),
            format!(
                "option name UCI_Variant type combo default {}{}",
                crate::variant_uci::CHESS,
                self.variants.names().iter().map(|n| format!(" var {n}")).collect::<String>()
            ),
            "option name VariantPath type string default <empty>".to_string(),
            "uciok".to_string(),
        ];
        for l in lines {
            say(&self.out, &l);
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        let Some((name, value)) = option_words(args) else {
            return self.info("setoption: expected 'setoption name <name> [value <value>]'");
        };
        let spin = |min: u64, max: u64| spin(&name, &value, min, max);
        let check = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("option '{name}': value '{}' is not true or false", clip(&value))),
            }
        };
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "hash" => spin(1, HASH_MAX as u64).and_then(|v| resize(&mut self.tt, &mut self.options.hash, v, "Hash")),
            "threads" => spin(1, THREADS_MAX as u64).map(|v| self.options.threads = v as usize),
            "multipv" => spin(1, MULTIPV_MAX as u64).map(|v| self.options.multipv = v as usize),
            "move overhead" => spin(0, 5000).map(|v| self.options.overhead = v),
            "clear hash" => {
                self.tt.clear();
                Ok(())
            }
            "ponder" => check().map(|v| self.options.ponder = v),
            "uci_chess960" => check().map(|v| {
                self.options.chess960 = v;
                self.start.set_chess960(v || self.start.is_chess960());
                self.position.set_chess960(v || self.position.is_chess960());
            }),
            "repr" => {
                let v = value.to_ascii_lowercase();
                if names().contains(&v.as_str()) {
                    self.options.repr = v;
                    Ok(())
                } else {
                    Err(format!("option 'Repr': '{}' is not one of {}", clip(&value), names().join(", ")))
                }
            }
            "uci_variant" => self.variants.select(&value),
            "variantpath" => self.variants.set_path(&value).map(|loaded| loaded.map_or((), |l| self.info(&l))),
            _ => Err(format!("unknown option '{}'", clip(&name))),
        };
        if let Err(e) = result {
            self.info(&e);
        }
    }

    fn set_position(&mut self, args: &[&str]) {
        let chess960 = self.options.chess960;
        let startpos = || {
            let mut p = Position::startpos();
            p.set_chess960(chess960);
            Ok(p)
        };
        let read = |_: &str, fen: &str| Position::from_fen_variant(fen, chess960).map_err(|e| e.to_string());
        let (start, moves) = match read_position(args, &["fen"], "fen <fen>", startpos, read) {
            Ok(start) => start,
            Err(e) => return self.info(&e),
        };
        let mut pos = start;
        let mut history = Vec::new();
        let error = play_moves(moves, |text| {
            let mv = uci::parse(&pos, text).map_err(|e| e.to_string())?;
            history.push(pos.zobrist());
            pos = pos.play(mv);
            Ok(())
        });
        if let Some(e) = error {
            self.info(&e);
        }
        self.start = start;
        self.position = pos;
        self.history = history;
    }

    fn go(&mut self, args: &[&str]) {
        let side = self.variants.side_to_move().unwrap_or(self.position.turn().index());
        let key = |m: &str| {
            if self.variants.active() {
                self.variants.move_key(m)
            } else {
                uci::parse(&self.position, m).ok().map(|mv| mv.key())
            }
        };
        let limits = match read_go(&self.out, args, UCI_GO, side, key) {
            Go::Search(limits) => limits,
            Go::Perft(d) if self.variants.active() => return self.variants.perft(&self.out, d),
            Go::Perft(d) => return self.perft(d),
            Go::Solve(_) | Go::Nothing => return,
        };
        let settings =
            Settings { threads: self.options.threads, multipv: self.options.multipv, overhead: self.options.overhead };
        let job = Job::new(&self.out, &self.tt, &self.history, limits, settings);
        let control = job.control.clone();
        let spawned = self.variants.go(&job).unwrap_or_else(|| {
            let job = ChessJob { job, position: self.position };
            let repr = self.options.repr.clone();
            std::thread::Builder::new().stack_size(STACK).spawn(move || {
                let _ = with_repr!(repr.as_str(), B => job.run::<B>());
            })
        });
        self.running = Running::start(&self.out, control, spawned, "search");
    }

    fn perft(&self, depth: u32) {
        let start = Instant::now();
        let pos = self.position;
        let result = with_repr!(self.options.repr.as_str(), B => {
            polyboard_core::perft::divide(&B::from_position(&pos), depth.max(1), false)
        });
        let Some(rows) = result else { return };
        say_perft(&self.out, rows.into_iter().map(|(m, n)| (uci::format(&pos, m), n)).collect(), depth, start);
    }

    fn display(&self) {
        let pos = &self.position;
        let mut s = String::from(" +---+---+---+---+---+---+---+---+\n");
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = pos.piece_at(polyboard_chess::Square::from_coords(file, rank)).map_or(' ', |p| p.char());
                s.push_str(&format!(" | {c}"));
            }
            s.push_str(&format!(" | {}\n +---+---+---+---+---+---+---+---+\n", rank + 1));
        }
        s.push_str("   a   b   c   d   e   f   g   h\n");
        s.push_str(&format!("\nFen: {}\nKey: {:016X}\nCheckers:", pos.fen(), pos.zobrist()));
        let mut checkers = pos.checkers();
        while checkers != 0 {
            s.push_str(&format!(" {}", polyboard_chess::Square::from_index(checkers.trailing_zeros())));
            checkers &= checkers - 1;
        }
        s.push_str(&format!("\nRepr: {}", self.options.repr));
        say(&self.out, &s);
    }

    fn bench(&mut self, args: &[&str]) {
        let depth = match args.first() {
            None => BENCH_DEPTH,
            Some(t) => match t.parse::<u32>() {
                Ok(d) if (1..=30).contains(&d) => d,
                _ => return self.info(&format!("bench: '{}' is not a depth in 1..=30", clip(t))),
            },
        };
        let repr = self.options.repr.clone();
        let out = self.out.clone();
        let start = Instant::now();
        let Some(total) = with_repr!(repr.as_str(), B => bench::<B>(depth, &out)) else { return };
        let ms = start.elapsed().as_millis().max(1);
        say(&self.out, "\n===========================");
        say(&self.out, &format!("Total time (ms) : {ms}"));
        say(&self.out, &format!("Nodes searched  : {total}"));
        say(&self.out, &format!("Nodes/second    : {}", total as u128 * 1000 / ms));
    }
}

/// The default depth of `bench`.
pub const BENCH_DEPTH: u32 = 10;

/// The positions of `bench`: the opening, CPW's perft positions and middlegames and
/// endgames of several kinds (promotions, en passant, castling both ways, mates).
pub const BENCH_FENS: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2QK2R b KQ - 3 9",
    "6k1/5pp1/7p/1p1P4/1P2P3/3K2P1/7P/8 w - - 0 40",
    "8/8/4k3/3n4/8/2K5/8/4B3 w - - 0 60",
    "2r3k1/pp3ppp/4p3/3pP3/3P1P2/P1R5/1P4PP/6K1 b - - 0 25",
];

/// Searches the bench positions to `depth` with one thread and a fresh 16 MiB table;
/// the total node count is the signature.
pub fn bench<B: SearchBoard>(depth: u32, out: &Output) -> u64 {
    let mut total = 0;
    for (i, fen) in BENCH_FENS.iter().enumerate() {
        let Ok(pos) = Position::from_fen(fen) else { continue };
        let o = search_fixed::<B>(&pos, depth);
        say(out, &format!("Position: {}/{} {fen}: {} nodes", i + 1, BENCH_FENS.len(), o.nodes));
        total += o.nodes;
    }
    total
}

/// A one-thread search of `pos` to `depth` with a fresh table, as `bench` and the
/// identical-tree tests run it.
pub fn search_fixed<B: SearchBoard>(pos: &Position, depth: u32) -> Outcome<Move> {
    search_fixed_metered(&Chess(B::from_position(pos)), &ChessEval::default(), depth, NoMeter).0
}

/// [`search_fixed`] on any searchable position and evaluation, observed by `meter`
/// (the same one-thread search, the same fresh 16 MiB table).
pub fn search_fixed_metered<P: Searchable, E: Evaluator<P>, M: Meter<P>>(
    root: &P,
    eval: &E,
    depth: u32,
    meter: M,
) -> (Outcome<P::Move>, M) {
    let tt = Table::new(16);
    let control = Control::new(false);
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let cx = Context { history: &[], limits: &limits, settings: &Settings::default(), tt: &tt, control: &control };
    search_metered(root, eval, cx, &mut crate::search::Silent, meter)
}

/// A chess search in its thread.
struct ChessJob {
    job: Job,
    position: Position,
}

impl ChessJob {
    fn run<B: SearchBoard>(self) {
        let root = Chess(B::from_position(&self.position));
        let mut reporter = UciReporter { out: self.job.out.clone(), root: self.position };
        let outcome = search(&root, &ChessEval::default(), self.job.context(), &mut reporter);
        let line = match outcome.best {
            None => "bestmove 0000".to_string(),
            Some(best) => {
                let mut l = format!("bestmove {}", uci::format(&self.position, best));
                let after = self.position.play(best);
                let ponder = outcome.ponder.or_else(|| {
                    let key = self.job.tt.probe(after.zobrist(), 0)?.mv;
                    after.legal_moves().iter().copied().find(|m| m.key() == key)
                });
                if let Some(p) = ponder.filter(|&p| after.is_legal(p)) {
                    l.push_str(&format!(" ponder {}", uci::format(&after, p)));
                }
                l
            }
        };
        say(&self.job.out, &line);
    }
}

struct UciReporter {
    out: Output,
    root: Position,
}

/// The UCI score text: `cp N` or `mate N` (moves, negative when mated).
pub fn score_text(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}

impl Reporter<Move> for UciReporter {
    fn info(&mut self, info: &Info<Move>) {
        let pv = pv_text(&self.root, &info.pv, Position::is_legal, uci::format, Position::play);
        say(&self.out, &info_line(info, &pv));
    }

    fn currmove(&mut self, depth: u32, mv: Move, number: usize) {
        say(&self.out, &format!("info depth {depth} currmove {} currmovenumber {number}", uci::format(&self.root, mv)));
    }
}

/// The `info depth ...` line of a finished iteration; `pv` is the move text of the
/// principal variation, each move after a space.
pub(crate) fn info_line<M>(info: &Info<M>, pv: &str) -> String {
    info_text(info, &score_text(info.score), Some(info.multipv), pv)
}
