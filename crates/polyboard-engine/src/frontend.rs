//! What the front ends share: `polyboard uci` ([`crate::uci`]), `polyboard usi`
//! ([`crate::usi`]) and the variants behind them ([`crate::variant_uci`]) read lines,
//! write `info` and `perft` answers, parse `position` and `setoption`, and run their
//! searches in a thread the same way.

use crate::search::{Context, Control, Info, Settings};
use crate::time::{Go, Limits, Param, parse_go};
use crate::tt::{Bound, Table};
use crate::uci::Output;
use std::io::BufRead;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// Writes one line and flushes it.
pub(crate) fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// A search (or USI's mate solver) in its own thread.
pub(crate) struct Running {
    /// Stops it, and tells it about `ponderhit`.
    pub(crate) control: Arc<Control>,
    handle: JoinHandle<()>,
}

impl Running {
    /// The thread `spawned`, controlled by `control`; `None` after an `info string`
    /// saying why the `what` (search, solver) could not start.
    pub(crate) fn start(
        out: &Output,
        control: Arc<Control>,
        spawned: std::io::Result<JoinHandle<()>>,
        what: &str,
    ) -> Option<Running> {
        match spawned {
            Ok(handle) => Some(Running { control, handle }),
            Err(e) => {
                say(out, &format!("info string could not start the {what}: {e}"));
                None
            }
        }
    }

    /// Stops the thread and waits for its answer (`bestmove`, `checkmate`).
    pub(crate) fn stop(self) {
        self.control.stop.store(true, Relaxed);
        self.control.pondering.store(false, Relaxed);
        let _ = self.handle.join();
    }

    /// Waits for the thread to finish on its own.
    pub(crate) fn wait(self) {
        let _ = self.handle.join();
    }
}

/// One `go`, moved into the search thread: what the search of every front end takes
/// along.
#[derive(Clone)]
pub(crate) struct Job {
    /// Where `info` and `bestmove` go.
    pub(crate) out: Output,
    /// The table, shared with the front end (and the next search).
    pub(crate) tt: Arc<Table>,
    /// Stops the search; shared with the front end.
    pub(crate) control: Arc<Control>,
    /// The keys of the positions before the root, oldest first.
    pub(crate) history: Vec<u64>,
    /// The limits `go` gave.
    pub(crate) limits: Limits,
    /// The options the search reads.
    pub(crate) settings: Settings,
}

impl Job {
    /// A search of the position after `history` within `limits`, writing to `out`, with
    /// a control of its own.
    pub(crate) fn new(out: &Output, tt: &Arc<Table>, history: &[u64], limits: Limits, settings: Settings) -> Job {
        let control = Arc::new(Control::new(limits.ponder));
        Job { out: out.clone(), tt: tt.clone(), control, history: history.to_vec(), limits, settings }
    }

    /// What the search runs with.
    pub(crate) fn context(&self) -> Context<'_> {
        let (history, limits, settings) = (&self.history, &self.limits, &self.settings);
        Context { history, limits, settings, tt: &self.tt, control: &self.control }
    }

    /// While pondering (or in `go infinite`), waits for `stop` or `ponderhit`.
    pub(crate) fn wait_for_stop(&self) {
        while (self.limits.infinite || self.control.pondering.load(Relaxed)) && !self.control.stop.load(Relaxed) {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

/// `go`'s arguments, read by [`parse_go`] (`names`, `side`, `move_key` as it takes them);
/// the messages for malformed or unknown parameters are said as `info string`s.
pub(crate) fn read_go(
    out: &Output,
    args: &[&str],
    names: &[(&str, Param)],
    side: usize,
    move_key: impl Fn(&str) -> Option<u32>,
) -> Go {
    let (go, messages) = parse_go(args, names, side, move_key);
    for m in messages {
        say(out, &format!("info string {m}"));
    }
    go
}

/// Feeds the lines of stdin to `handle` until it returns false (after `quit`) or the
/// input ends.
pub(crate) fn read_lines(mut handle: impl FnMut(&str) -> bool) {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match lines.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if !handle(&String::from_utf8_lossy(&buf)) {
                    return;
                }
            }
        }
    }
}

/// Stdout as an [`Output`].
pub(crate) fn stdout() -> Output {
    Arc::new(Mutex::new(Box::new(std::io::stdout())))
}

/// The move texts (`text`) of `pv` from `root`, each after a space, up to the first
/// move that is not legal (`legal`; a hash collision can put one there); `play` plays
/// a move on a copy.
pub(crate) fn pv_text<P: Clone, M: Copy>(
    root: &P,
    pv: &[M],
    legal: impl Fn(&P, M) -> bool,
    text: impl Fn(&P, M) -> String,
    play: impl Fn(&P, M) -> P,
) -> String {
    let mut pos = root.clone();
    let mut line = String::new();
    for &m in pv {
        if !legal(&pos, m) {
            break;
        }
        line.push(' ');
        line.push_str(&text(&pos, m));
        pos = play(&pos, m);
    }
    line
}

/// `setoption name <name> [value <value>]`: the name and the value (empty without
/// one), each of its words joined by a space; `None` without `name`.
pub(crate) fn option_words(args: &[&str]) -> Option<(String, String)> {
    if args.first() != Some(&"name") {
        return None;
    }
    let vpos = args.iter().position(|&t| t == "value");
    let name = args[1..vpos.unwrap_or(args.len())].join(" ");
    let value = vpos.map(|p| args[p + 1..].join(" ")).unwrap_or_default();
    Some((name, value))
}

/// The value of the spin option `name`, a number in `min..=max`.
pub(crate) fn spin(name: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!("option '{}': value '{}' is not a number in {min}..={max}", clip(name), clip(value))),
    }
}

/// The hash option `name`: a table of `mib` MiB in `tt` (the old one freed first, so
/// that its memory can be reused) and `mib` in `hash`; without the memory for it, a
/// table of the old size `hash` again, and the message.
pub(crate) fn resize(tt: &mut Arc<Table>, hash: &mut usize, mib: u64, name: &str) -> Result<(), String> {
    drop(std::mem::replace(tt, Arc::new(Table::new(1))));
    match Table::try_new(mib as usize) {
        Some(t) => {
            *tt = Arc::new(t);
            *hash = mib as usize;
            Ok(())
        }
        None => {
            *tt = Arc::new(Table::new(*hash));
            Err(format!("{name} {mib}: not enough memory; kept {hash} MiB"))
        }
    }
}

/// An `info depth ...` line with the score written as `score` (UCI and USI write mates
/// differently) and `multipv` when the protocol has it.
pub(crate) fn info_text<M>(info: &Info<M>, score: &str, multipv: Option<usize>, pv: &str) -> String {
    let ms = info.time.as_millis();
    let nps = (info.nodes as u128 * 1000).checked_div(ms).unwrap_or(0);
    let bound = match info.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    format!(
        "info depth {} seldepth {}{} score {score}{bound} nodes {} nps {nps} hashfull {} time {ms}{}",
        info.depth,
        info.seldepth,
        multipv.map_or(String::new(), |m| format!(" multipv {m}")),
        info.nodes,
        info.hashfull,
        if pv.is_empty() { String::new() } else { format!(" pv{pv}") }
    )
}

/// `go perft`'s answer: each move's count (`rows`, the move text first), sorted, then
/// the total, and an `info string` with the time since `start`.
pub(crate) fn say_perft(out: &Output, mut rows: Vec<(String, u64)>, depth: u32, start: Instant) {
    rows.sort();
    let mut total = 0;
    for (m, n) in &rows {
        say(out, &format!("{m}: {n}"));
        total += n;
    }
    if depth == 0 {
        total = 1;
    }
    say(out, &format!("\nNodes searched: {total}"));
    say(out, &format!("info string perft {depth}: {total} nodes in {} ms", start.elapsed().as_millis()));
}

/// `position`'s arguments: the start position and the move texts after it (those after
/// `moves`). The start is `startpos`, or a keyword of `keywords` (`fen`, `sfen`)
/// followed by the position's text up to `moves`, which `read` reads, given the
/// keyword. `forms` names the keyword forms in the message for any other start.
pub(crate) fn read_position<'a, P>(
    args: &'a [&'a str],
    keywords: &[&str],
    forms: &str,
    startpos: impl FnOnce() -> Result<P, String>,
    read: impl FnOnce(&str, &str) -> Result<P, String>,
) -> Result<(P, &'a [&'a str]), String> {
    let (start, rest) = match args.first() {
        Some(&"startpos") => (startpos(), &args[1..]),
        Some(kind) if keywords.contains(kind) => {
            let end = args.iter().position(|&t| t == "moves").unwrap_or(args.len());
            (read(kind, &args[1..end].join(" ")), &args[end..])
        }
        _ => return Err(format!("position: expected 'startpos' or '{forms}'")),
    };
    let start = start.map_err(|e| format!("position ignored: {e}"))?;
    match rest.first() {
        None => Ok((start, &[])),
        Some(&"moves") => Ok((start, &rest[1..])),
        Some(t) => Err(format!("position ignored: unexpected '{}'", clip(t))),
    }
}

/// Plays the move texts `moves` in order with `play` until one fails: the message for
/// that one (the moves from it on are ignored), or `None`.
pub(crate) fn play_moves(moves: &[&str], mut play: impl FnMut(&str) -> Result<(), String>) -> Option<String> {
    let error = moves.iter().find_map(|text| play(text).err())?;
    Some(format!("{error}; the moves from it on are ignored"))
}

/// At most 40 characters of untrusted text, for messages.
pub(crate) fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}
