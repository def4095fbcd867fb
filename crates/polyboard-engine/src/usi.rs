//! The USI front end: `polyboard usi`.
//!
//! Commands: `usi`, `isready` (answered during a search too), `setoption`,
//! `usinewgame`, `position sfen <sfen>|startpos [moves ...]`, `go` (`btime`, `wtime`,
//! `binc`, `winc`, `byoyomi`, `movetime`, `depth`, `nodes`, `infinite`, `ponder`, and
//! `perft N`), `stop`, `ponderhit`, `gameover`, `quit`, plus `d` (the position).
//!
//! Options: `USI_Hash`, `Threads`, `Repr` (a `polyboard_shogi` representation), and
//! `EnteringKingRule` (YaneuraOu's name and values: `NoEnteringKing`, `CSARule24`,
//! `CSARule27`, the default), and `EvalFile` (a file of shogi evaluation weights in
//! `shogi_weights.txt`'s format; `<built-in>` for the compiled-in ones). Under a rule, a position where the side to move may
//! declare an impasse win is answered `bestmove win`, and the search scores such
//! positions as won.
//!
//! `USI_Variant` (also read as `UCI_Variant`, Fairy-Stockfish 11.1's name for it) picks
//! the game: `shogi` (the default) is this module's dedicated engine; the other
//! shogi-family variants loaded (`minishogi`, `judkins`, `gorogoro`, `euroshogi`, and
//! those of `VariantPath` files in Fairy-Stockfish's `variants.ini` syntax) play on
//! polyboard-variants through [`crate::variant_uci`], in SFEN (`position sfen`, or
//! Fairy-Stockfish FEN with `position fen`) and USI move text, as Fairy-Stockfish speaks
//! USI. `go mate` is the dedicated engine's only (`checkmate notimplemented` otherwise),
//! and so are the impasse rule and `Repr`.
//!
//! Nothing from the input stops the engine: a malformed line, an unknown command or
//! option, a bad SFEN or an illegal move is answered with `info string ...` and
//! ignored (moves before an illegal one in `position` stay played). With no legal
//! move the engine answers `bestmove resign`. `go mate <ms>|infinite` runs the df-pn
//! solver ([`crate::shogi_mate`]) and answers `checkmate <moves>`, `checkmate nomate` or
//! `checkmate timeout` (also after `stop`).

use crate::frontend::{
    Job, Running, clip, info_text, option_words, play_moves, pv_text, read_go, read_lines, read_position, resize, say,
    say_perft, spin, stdout,
};
use crate::search::{Control, Info, Reporter, STACK, Settings, search};
use crate::shogi::Shogi;
use crate::shogi_eval::{ShogiEval, ShogiWeights};
use crate::shogi_mate::{ENTRY_BYTES, MateResult, solve};
use crate::time::{Go, USI_GO};
use crate::tt::Table;
use crate::uci::{Output, score_text};
use crate::variant_uci::Variants;
use crate::variant_usi::{Protocol, SHOGI};
use crate::{MATE, MATE_BOUND, SearchMove};
use polyboard_shogi::{Declaration, Game, ImpasseRule, Move, Position, ShogiBoard, repr, usi, with_shogi_repr};
use std::sync::Arc;
use std::time::Instant;

const HASH_MAX: usize = 65_536;
const THREADS_MAX: usize = 256;
/// The `Move Overhead` the time manager reserves per move, in milliseconds.
const OVERHEAD: u64 = 50;

/// The USI engine state: options, the game, and the search in progress.
pub struct Engine {
    out: Output,
    hash: usize,
    threads: usize,
    repr: String,
    rule: Option<ImpasseRule>,
    eval: ShogiEval,
    tt: Arc<Table>,
    position: Position,
    /// Keys of the positions before the current one, since the game's start.
    history: Vec<u64>,
    /// Whether the side to move stood in check, for the same positions.
    checks: Vec<bool>,
    /// The variants of `USI_Variant`, and the game when one other than shogi is chosen.
    variants: Variants,
    running: Option<Running>,
}

/// Runs the protocol on stdin and stdout until `quit` or the end of input.
pub fn run() {
    let mut engine = Engine::new(stdout());
    read_lines(|line| engine.handle(line));
    engine.stop();
}

impl Engine {
    /// A fresh engine writing to `out`.
    pub fn new(out: Output) -> Engine {
        Engine {
            out,
            hash: 16,
            threads: 1,
            repr: repr::names()[0].to_string(),
            rule: Some(ImpasseRule::Points27),
            eval: ShogiEval::default(),
            tt: Arc::new(Table::new(16)),
            position: Position::startpos(),
            history: Vec::new(),
            checks: Vec::new(),
            variants: Variants::speaking(Protocol::Usi),
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
            "usi" => self.usi(),
            "isready" => say(&self.out, "readyok"),
            "debug" | "register" => {}
            "usinewgame" => {
                self.stop();
                self.tt.clear();
            }
            "setoption" => {
                self.stop();
                self.setoption(args);
            }
            "position" => {
                self.stop();
                self.set_position(args);
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
            "gameover" => self.stop_silently(),
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

    /// After `gameover`: the search (a ponder search, usually) ends; its `bestmove`
    /// is still written, which GUIs ignore at that point.
    fn stop_silently(&mut self) {
        self.stop();
    }

    fn usi(&self) {
        let names = repr::names();
        let reprs = names.iter().map(|n| format!(" var {n}")).collect::<String>();
        let lines = [
            format!("id name polyboard {}", env!("CARGO_PKG_VERSION")),
            "id author the polyboard authors".to_string(),
            format!("option name USI_Hash type spin default 16 min 1 max {HASH_MAX}"),
            format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
            format!("option name Repr type combo default {}{reprs}", names[0]),
            "option name EnteringKingRule type combo default CSARule27 var NoEnteringKing var CSARule24 var CSARule27"
                .to_string(),
            "option name EvalFile type string default <built-in>".to_string(),
            format!(
                "option name USI_Variant type combo default {SHOGI}{}",
                self.variants.names().iter().map(|n| format!(" var {n}")).collect::<String>()
            ),
            "option name VariantPath type string default <empty>".to_string(),
            "usiok".to_string(),
        ];
        for l in lines {
            say(&self.out, &l);
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        let Some((name, value)) = option_words(args).filter(|_| args.len() >= 2) else {
            return self.info("setoption: expected 'setoption name <name> [value <value>]'");
        };
        let spin = |min: u64, max: u64| spin(&name, &value, min, max);
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "usi_hash" | "hash" => {
                spin(1, HASH_MAX as u64).and_then(|v| resize(&mut self.tt, &mut self.hash, v, "USI_Hash"))
            }
            "threads" => spin(1, THREADS_MAX as u64).map(|v| self.threads = v as usize),
            "repr" => {
                let v = value.to_ascii_lowercase();
                if repr::names().contains(&v.as_str()) {
                    self.repr = v;
                    Ok(())
                } else {
                    Err(format!("option 'Repr': '{}' is not one of {}", clip(&value), repr::names().join(", ")))
                }
            }
            "enteringkingrule" => match value.to_ascii_lowercase().as_str() {
                "noenteringking" => {
                    self.rule = None;
                    Ok(())
                }
                "csarule24" => {
                    self.rule = Some(ImpasseRule::Points24);
                    Ok(())
                }
                "csarule27" => {
                    self.rule = Some(ImpasseRule::Points27);
                    Ok(())
                }
                _ => Err(format!(
                    "option 'EnteringKingRule': '{}' is not one of NoEnteringKing, CSARule24, CSARule27",
                    clip(&value)
                )),
            },
            "evalfile" => {
                if value.is_empty() || value == "<built-in>" {
                    self.eval = ShogiEval::default();
                    Ok(())
                } else {
                    match std::fs::read_to_string(&value).ok().and_then(|t| ShogiWeights::from_text(&t)) {
                        Some(w) => {
                            self.eval = ShogiEval { weights: w };
                            Ok(())
                        }
                        None => Err(format!(
                            "option 'EvalFile': '{}' is not a readable file of shogi weights; kept the current ones",
                            clip(&value)
                        )),
                    }
                }
            }
            "usi_variant" | "uci_variant" => self.variants.select(&value),
            "variantpath" => self.variants.set_path(&value).map(|loaded| loaded.map_or((), |l| self.info(&l))),
            // USI_Ponder and the GUIs' own options: accepted, nothing to do.
            "usi_ponder" => Ok(()),
            _ => Err(format!("unknown option '{}'", clip(&name))),
        };
        if let Err(e) = result {
            self.info(&e);
        }
    }

    fn set_position(&mut self, args: &[&str]) {
        if self.variants.active() {
            if let Err(e) = self.variants.set_position(args) {
                self.info(&e);
            }
            return;
        }
        let startpos = || Ok(Position::startpos());
        let read = |_: &str, sfen: &str| Position::from_sfen(sfen).map_err(|e| e.to_string());
        let (mut pos, moves) = match read_position(args, &["sfen"], "sfen <sfen>", startpos, read) {
            Ok(start) => start,
            Err(e) => return self.info(&e),
        };
        let mut history = Vec::new();
        let mut checks = Vec::new();
        let error = play_moves(moves, |text| {
            let mv = usi::parse(&pos, text).map_err(|e| e.to_string())?;
            history.push(pos.key());
            checks.push(pos.is_check());
            pos = pos.play(mv);
            Ok(())
        });
        if let Some(e) = error {
            self.info(&e);
        }
        self.position = pos;
        self.history = history;
        self.checks = checks;
    }

    fn go(&mut self, args: &[&str]) {
        let side = self.variants.side_to_move().unwrap_or(self.position.turn.index());
        let limits = match read_go(&self.out, args, USI_GO, side, |_| None) {
            Go::Search(limits) => limits,
            Go::Perft(d) if self.variants.active() => return self.variants.perft(&self.out, d),
            Go::Perft(d) => return self.perft(d),
            Go::Solve(_) if self.variants.active() => {
                self.info(&format!("go mate: the solver plays {SHOGI} only"));
                return say(&self.out, "checkmate notimplemented");
            }
            Go::Solve(Ok(ms)) => return self.mate(ms),
            Go::Solve(Err(e)) => return self.info(&e),
            Go::Nothing => return,
        };
        let settings = Settings { threads: self.threads, multipv: 1, overhead: OVERHEAD };
        let job = Job::new(&self.out, &self.tt, &self.history, limits, settings);
        let control = job.control.clone();
        let spawned = self.variants.go(&job).unwrap_or_else(|| {
            let job = ShogiJob {
                job,
                position: self.position.clone(),
                checks: self.checks.clone(),
                rule: self.rule,
                eval: self.eval.clone(),
            };
            let name = self.repr.clone();
            std::thread::Builder::new().stack_size(STACK).spawn(move || {
                with_shogi_repr!(name.as_str(), B => job.run::<B>());
            })
        });
        self.running = Running::start(&self.out, control, spawned, "search");
    }

    /// `go mate`: the df-pn solver in the search thread, answering `checkmate ...`.
    fn mate(&mut self, ms: Option<u64>) {
        let control = Arc::new(Control::new(false));
        let (out, pos, name, stop) = (self.out.clone(), self.position.clone(), self.repr.clone(), control.clone());
        // The solver's table gets as much memory as USI_Hash.
        let entries = self.hash.saturating_mul(1 << 20) / ENTRY_BYTES;
        let deadline = ms.map(|ms| Instant::now() + std::time::Duration::from_millis(ms));
        let spawned = std::thread::Builder::new().stack_size(STACK).spawn(move || {
            let mut result = MateResult::Timeout;
            with_shogi_repr!(name.as_str(), B => {
                result = solve(&B::from_position(&pos), entries, deadline, &stop.stop);
            });
            let line = match result {
                MateResult::Mate(moves) => {
                    format!("checkmate {}", moves.iter().map(|&m| usi::format(m)).collect::<Vec<_>>().join(" "))
                }
                MateResult::NoMate => "checkmate nomate".to_string(),
                MateResult::Timeout => "checkmate timeout".to_string(),
            };
            say(&out, &line);
        });
        self.running = Running::start(&self.out, control, spawned, "solver");
    }

    fn perft(&self, depth: u32) {
        let start = Instant::now();
        let pos = &self.position;
        let mut rows = Vec::new();
        with_shogi_repr!(self.repr.as_str(), B => {
            rows = polyboard_shogi::divide(&B::from_position(pos), depth.max(1), false);
        });
        say_perft(&self.out, rows.into_iter().map(|(m, n)| (usi::format(m), n)).collect(), depth, start);
    }

    fn display(&self) {
        let pos = &self.position;
        let mut s = String::new();
        for rank in 0..9 {
            for file in (1..=9).rev() {
                let sq = polyboard_shogi::types::square(file, rank);
                let cell = match pos.board[sq] {
                    None => " . ".to_string(),
                    Some(p) => {
                        let l = p.kind().unpromoted().letter();
                        let l = if p.color() == polyboard_shogi::Color::Black {
                            l.to_ascii_uppercase()
                        } else {
                            l.to_ascii_lowercase()
                        };
                        format!("{}{l} ", if p.kind().is_promoted() { '+' } else { ' ' })
                    }
                };
                s.push_str(&cell);
            }
            s.push_str(&format!(" {}\n", (b'a' + rank as u8) as char));
        }
        s.push_str(" 9  8  7  6  5  4  3  2  1\n");
        s.push_str(&format!("\nSfen: {}\nKey: {:016X}\nCheck: {}", pos.sfen(), pos.key(), pos.is_check()));
        s.push_str(&format!("\nRepr: {}", self.repr));
        say(&self.out, &s);
    }
}

/// A shogi search in its thread.
struct ShogiJob {
    job: Job,
    position: Position,
    checks: Vec<bool>,
    rule: Option<ImpasseRule>,
    eval: ShogiEval,
}

impl ShogiJob {
    fn run<B: ShogiBoard>(self) {
        let job = &self.job;
        // An impasse win is declared at once (the 24-point rule's draw is not claimed).
        if let Some(rule) = self.rule
            && Game::new(self.position.clone()).declaration(rule) == Some(Declaration::Win)
        {
            job.wait_for_stop();
            return say(&job.out, "bestmove win");
        }
        let root = Shogi::new(B::from_position(&self.position), &self.checks).with_rule(self.rule);
        let mut reporter = UsiReporter { out: job.out.clone(), root: self.position.clone() };
        let outcome = search(&root, &self.eval, job.context(), &mut reporter);
        let legal = |p: &Position, m: Move| p.is_legal(m);
        let line = match outcome.best.filter(|&b| legal(&self.position, b)) {
            None => "bestmove resign".to_string(),
            Some(best) => {
                let mut l = format!("bestmove {}", usi::format(best));
                let after = self.position.play(best);
                let ponder = outcome.ponder.or_else(|| {
                    let key = job.tt.probe(after.key(), 0)?.mv;
                    after.legal_moves().iter().copied().find(|m| m.key() == key)
                });
                if let Some(p) = ponder.filter(|&p| legal(&after, p)) {
                    l.push_str(&format!(" ponder {}", usi::format(p)));
                }
                l
            }
        };
        // While pondering (or in `go infinite`), bestmove waits for stop or ponderhit.
        job.wait_for_stop();
        say(&job.out, &line);
    }
}

struct UsiReporter {
    out: Output,
    root: Position,
}

impl Reporter<Move> for UsiReporter {
    fn info(&mut self, info: &Info<Move>) {
        let pv = pv_text(&self.root, &info.pv, Position::is_legal, |_, m| usi::format(m), Position::play);
        say(&self.out, &info_text(info, &usi_score(info.score), None, &pv));
    }

    fn currmove(&mut self, depth: u32, mv: Move, number: usize) {
        say(&self.out, &format!("info depth {depth} currmove {} currmovenumber {number}", usi::format(mv)));
    }
}

/// A score as USI writes it: mate scores in plies, with the sign of the winner.
pub(crate) fn usi_score(score: i32) -> String {
    if score.abs() >= MATE_BOUND && score.abs() <= MATE {
        format!("mate {}{}", if score < 0 { "-" } else { "" }, MATE - score.abs())
    } else {
        score_text(score)
    }
}
