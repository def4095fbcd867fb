//! What the engine asks of a game, whatever the game: the one face that chess, shogi
//! and the variants show to the typed [`crate::Engine`] (and through it to every
//! protocol), and the results a search gives back in move text.

use polyboard_search::search::{Context, Info, Reporter};
use polyboard_search::tt::Bound;
use polyboard_search::{MATE, MATE_BOUND};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The notation a game is read and written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// FEN (Fairy-Stockfish's for variants) and UCI move text (`e2e4`, `P@e4`); UCI and
    /// XBoard speak it.
    Uci,
    /// SFEN and USI move text (`7g7f`, `P*5e`, `8h2b+`); USI speaks it.
    Usi,
}

impl Notation {
    /// The game a front end plays when no variant is chosen: `chess` in UCI, `shogi`
    /// in USI.
    pub fn dedicated(self) -> &'static str {
        match self {
            Notation::Uci => "chess",
            Notation::Usi => "shogi",
        }
    }
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (a pawn is about 100).
    Cp(i32),
    /// A forced mate in this many plies: positive when the side to move mates,
    /// negative when it is mated.
    Mate(i32),
}

impl Score {
    /// The score of the search's own scale.
    pub fn from_search(score: i32) -> Score {
        if score.abs() >= MATE_BOUND && score.abs() <= MATE {
            let plies = MATE - score.abs();
            Score::Mate(if score < 0 { -plies } else { plies })
        } else {
            Score::Cp(score)
        }
    }

    /// The search's own scale.
    pub fn to_search(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(p) if p < 0 => -(MATE + p),
            Score::Mate(p) => MATE - p,
        }
    }

    /// UCI's text: `cp N`, or `mate N` in moves (negative when mated).
    pub fn uci(self) -> String {
        match self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(p) if p < 0 => format!("mate -{}", -p / 2),
            Score::Mate(p) => format!("mate {}", (p + 1) / 2),
        }
    }

    /// USI's text: `cp N`, or `mate N` in plies (negative when mated).
    pub fn usi(self) -> String {
        match self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(p) => format!("mate {p}"),
        }
    }
}

/// One line of search output, in move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// 1-based index of the line (MultiPV).
    pub multipv: usize,
    /// The score.
    pub score: Score,
    /// `None` for an exact score, else the kind of bound (a failed aspiration window).
    pub bound: Option<Bound>,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the hash table in use.
    pub hashfull: u32,
    /// The principal variation's move texts.
    pub pv: Vec<String>,
    /// The chances of a win, a draw and a loss for the side to move, in permille, when
    /// asked for (`UCI_ShowWDL`) and the game has a model (chess).
    pub wdl: Option<[u32; 3]>,
}

/// What a running search reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A finished line (or an aspiration window's bound).
    Info(SearchInfo),
    /// The root move being searched (1-based number), in long searches.
    CurrMove {
        /// The iteration's depth.
        depth: u32,
        /// The move's text.
        mv: String,
        /// Its number among the root moves.
        number: usize,
    },
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when there is none (no legal move, or a declared win).
    pub best: Option<String>,
    /// The expected reply, to ponder on.
    pub ponder: Option<String>,
    /// True when the side to move wins by declaring (shogi's impasse rule) instead of
    /// moving.
    pub declare_win: bool,
    /// The score of the best move.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// How long the search took.
    pub time: Duration,
    /// The principal variation's move texts (the best move first).
    pub pv: Vec<String>,
}

/// The answer of a mate solver (USI's `go mate`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateAnswer {
    /// A mating line, in move text.
    Mate(Vec<String>),
    /// Proved: there is no mate.
    NoMate,
    /// Out of time (or stopped) before an answer.
    Timeout,
}

/// A game as the engine plays it: a position with its history, over one notation.
/// Object-safe, so the engine can switch games at run time; every hot path below it is
/// monomorphized per game and representation.
pub(crate) trait Game: Send {
    /// A copy, for a search thread.
    fn boxed(&self) -> Box<dyn Game>;
    /// The position keywords of `position` (`fen`, `sfen`) and their forms for
    /// messages (`fen <fen>`).
    fn position_forms(&self) -> (&'static [&'static str], &'static str);
    /// The start position (`text` `None`) or the position `text` written as `kind`
    /// says (one of [`Game::position_forms`]), then `moves` played in order. A move
    /// that fails stops them: the moves before it stay played, and its message is the
    /// error.
    fn set_position(&mut self, kind: &str, text: Option<&str>, moves: &[&str]) -> Result<(), String>;
    /// The side to move, 0 moving first.
    fn side_to_move(&self) -> usize;
    /// The search key of a legal move written `text`.
    fn move_key(&self, text: &str) -> Option<u32>;
    /// The legal moves' texts.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays the legal move written `text`.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// Takes back the last move played; false when none is left.
    fn undo(&mut self) -> bool;
    /// The position as FEN (SFEN in USI).
    fn fen(&self) -> String;
    /// The result when the game is over by its rules: `1-0`, `0-1` or `1/2-1/2`, and
    /// why.
    fn result(&self) -> Option<(&'static str, String)>;
    /// Searches the position. `cx.history` is ignored: the game supplies its own.
    fn search(&self, cx: Context<'_>, on: &mut (dyn FnMut(&Event) + Send)) -> SearchResult;
    /// Each legal move's perft count at `depth`.
    fn perft(&self, depth: u32) -> Vec<(String, u64)>;
    /// The board as text (Stockfish's `d`).
    fn display(&self) -> String;
    /// Sets one of the game's own options (`name` in lower case); `None` when the game
    /// has no such option.
    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), String>>;
    /// The game's own option lines for a handshake (`option name ...`), for `notation`.
    fn option_lines(&self) -> Vec<String>;
    /// A mate solver's answer within `deadline`, with at most `entries` table entries;
    /// `None` for games without one.
    fn solve(&self, entries: usize, deadline: Option<Instant>, stop: &AtomicBool) -> Option<MateAnswer> {
        let _ = (entries, deadline, stop);
        None
    }
    /// The material on the board as Stockfish counts it for its win/draw/loss model
    /// (pawns 1, knights and bishops 3, rooks 5, queens 9, both sides); `None` for
    /// games without such a model.
    fn material(&self) -> Option<u32> {
        None
    }
    /// The bench of the game at `depth` (each position's line to `line`), and its
    /// signature (the total node count); `None` without one.
    fn bench(&self, depth: u32, line: &mut dyn FnMut(String)) -> Option<u64> {
        let _ = (depth, line);
        None
    }
}

/// The move texts of `pv` from `root`, up to the first move that is not legal (`legal`;
/// a hash collision can put one there); `play` plays a move on a copy.
pub(crate) fn pv_texts<P: Clone, M: Copy>(
    root: &P,
    pv: &[M],
    legal: impl Fn(&P, M) -> bool,
    text: impl Fn(&P, M) -> String,
    play: impl Fn(&P, M) -> P,
) -> Vec<String> {
    let mut pos = root.clone();
    let mut line = Vec::new();
    for &m in pv {
        if !legal(&pos, m) {
            break;
        }
        line.push(text(&pos, m));
        pos = play(&pos, m);
    }
    line
}

/// The search's reporter for a game: turns its lines into [`Event`]s with `pv` (the
/// principal variation's texts) and `text` (a root move's text), and keeps the last
/// first line for the result.
pub(crate) struct Relay<'a, M> {
    /// Where the events go.
    pub on: &'a mut (dyn FnMut(&Event) + Send),
    /// The texts of a principal variation from the root.
    pub pv: &'a (dyn Fn(&[M]) -> Vec<String> + Sync),
    /// The text of a root move.
    pub text: &'a (dyn Fn(M) -> String + Sync),
    /// The last line of MultiPV index 1.
    pub last: Option<SearchInfo>,
}

impl<'a, M> Relay<'a, M> {
    /// A relay to `on`.
    pub fn new(
        on: &'a mut (dyn FnMut(&Event) + Send),
        pv: &'a (dyn Fn(&[M]) -> Vec<String> + Sync),
        text: &'a (dyn Fn(M) -> String + Sync),
    ) -> Self {
        Relay { on, pv, text, last: None }
    }

    /// The result of a search whose outcome was `best`, `ponder` and `score` at
    /// `depth` after `nodes`, begun at `start`.
    pub fn result(
        &self,
        best: Option<String>,
        ponder: Option<String>,
        score: i32,
        (depth, nodes): (u32, u64),
        start: Instant,
    ) -> SearchResult {
        let last = self.last.as_ref();
        let mut pv = last.map(|l| l.pv.clone()).unwrap_or_default();
        if pv.first() != best.as_ref() {
            pv = best.iter().cloned().chain(ponder.iter().cloned()).collect();
        }
        SearchResult {
            best,
            ponder,
            declare_win: false,
            score: Score::from_search(score),
            depth,
            seldepth: last.map_or(depth, |l| l.seldepth),
            nodes,
            time: start.elapsed(),
            pv,
        }
    }
}

impl<M: Copy> Reporter<M> for Relay<'_, M> {
    fn info(&mut self, info: &Info<M>) {
        let line = SearchInfo {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: Score::from_search(info.score),
            bound: info.bound,
            nodes: info.nodes,
            time: info.time,
            hashfull: info.hashfull,
            pv: (self.pv)(&info.pv),
            wdl: None,
        };
        if line.multipv == 1 && line.bound.is_none() {
            self.last = Some(line.clone());
        }
        (self.on)(&Event::Info(line));
    }

    fn currmove(&mut self, depth: u32, mv: M, number: usize) {
        (self.on)(&Event::CurrMove { depth, mv: (self.text)(mv), number });
    }
}

/// Plays the move texts `moves` in order with `play` until one fails: the message for
/// that one (the moves from it on are not played).
pub(crate) fn play_all(moves: &[&str], mut play: impl FnMut(&str) -> Result<(), String>) -> Result<(), String> {
    match moves.iter().find_map(|text| play(text).err()) {
        Some(e) => Err(format!("{e}; the moves from it on are ignored")),
        None => Ok(()),
    }
}

/// An empty result: no move, no search.
pub(crate) fn no_result() -> SearchResult {
    SearchResult {
        best: None,
        ponder: None,
        declare_win: false,
        score: Score::Cp(0),
        depth: 0,
        seldepth: 0,
        nodes: 0,
        time: Duration::ZERO,
        pv: Vec::new(),
    }
}

/// At most 40 characters of untrusted text, for messages.
pub(crate) fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

/// The value of the check option `name`: `true` or `false` in any case, else a message
/// naming the option and the value.
pub(crate) fn check_value(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("option '{}': value '{}' is not true or false", clip(name), clip(value))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_read_in_moves_for_uci_and_plies_for_usi() {
        // Mate in 3 plies (2 moves) for the side to move; mated in 4 plies (2 moves).
        let win = Score::from_search(MATE - 3);
        assert_eq!((win, win.uci(), win.usi()), (Score::Mate(3), "mate 2".into(), "mate 3".into()));
        let loss = Score::from_search(-(MATE - 4));
        assert_eq!((loss, loss.uci(), loss.usi()), (Score::Mate(-4), "mate -2".into(), "mate -4".into()));
        assert_eq!(Score::from_search(-35).uci(), "cp -35");
        for s in [MATE - 1, -(MATE - 2), 0, 512, MATE_BOUND, -MATE_BOUND] {
            assert_eq!(Score::from_search(s).to_search(), s);
        }
    }
}
