//! The variants behind `polyboard uci`'s `UCI_Variant` option, as Fairy-Stockfish
//! offers them.
//!
//! - `UCI_Variant` is a combo of every variant loaded: the built-in ones of
//!   polyboard-variants, then those of `VariantPath` files. `chess` (the default) is the
//!   dedicated chess engine of [`crate::uci`], with its representations and its
//!   evaluation; every other variant runs here, on polyboard-variants' generator with
//!   the generic evaluation of [`crate::variant_eval`].
//! - `VariantPath` reads a `variants.ini` (Fairy-Stockfish's syntax); its variants join
//!   the combo (a name already known is redefined). A file that cannot be read or used
//!   is reported with `info string` and changes nothing.
//! - `position startpos|fen <FSF FEN> [moves <FSF UCI moves>]`, `go` (the same
//!   parameters as chess), `go perft N` and `d` work on the current variant.
//!
//! The same front end serves `polyboard usi`'s `USI_Variant` ([`Variants::speaking`]
//! with [`Protocol::Usi`]): SFEN and USI move text, the shogi family only, `shogi` on
//! the dedicated engine.
//!
//! Nothing from the input stops the engine: errors are `info string` lines.

use crate::frontend::{Job, clip, play_moves, pv_text, read_position, say, say_perft};
use crate::search::{Context, Info, Reporter, STACK, search};
use crate::uci::Output;
use crate::variant::{Data, Eval, Loaded, Pos};
use crate::variant_usi::Protocol;
use crate::{SearchMove, with_data};
use polyboard_variants::bits::Bits;
use polyboard_variants::{Board, Move, VariantSet, perft};
use std::thread::JoinHandle;
use std::time::Instant;

/// The name of the variant played by the dedicated chess engine.
pub const CHESS: &str = "chess";

/// A game of one variant: the board, and what the search needs of the game so far.
#[derive(Clone, Debug)]
struct Game<B: Bits + 'static> {
    data: &'static Data<B>,
    board: Board<'static, B>,
    /// Keys of the positions before the current one.
    keys: Vec<u64>,
    /// Whether the side to move stood in check, for the same positions.
    checks: Vec<bool>,
}

/// The current variant's game, on its bitboard width.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one value per engine, never in a hot path
enum Current {
    Narrow(Game<u64>),
    Wide(Game<u128>),
}

macro_rules! with_game {
    ($v:expr, $g:ident => $body:expr) => {
        match $v {
            Current::Narrow($g) => $body,
            Current::Wide($g) => $body,
        }
    };
}

/// The variants known to the front end and the game of the chosen one.
pub struct Variants {
    set: VariantSet,
    /// Variants built so far, by name (a redefinition replaces the entry).
    built: Vec<(String, Loaded)>,
    /// The variant's name (the protocol's dedicated one, `chess` or `shogi`, when its
    /// dedicated engine plays).
    name: String,
    /// `None` while the dedicated engine's variant is chosen.
    current: Option<Current>,
    /// What the front end reads and writes.
    protocol: Protocol,
}

impl Default for Variants {
    fn default() -> Variants {
        Variants::new()
    }
}

impl Variants {
    /// The built-in variants over UCI; `chess` chosen.
    pub fn new() -> Variants {
        Variants::speaking(Protocol::Uci)
    }

    /// The built-in variants over `protocol`; its dedicated engine's variant chosen.
    pub fn speaking(protocol: Protocol) -> Variants {
        let name = protocol.dedicated().into();
        Variants { set: VariantSet::builtin(), built: Vec::new(), name, current: None, protocol }
    }

    /// Every variant loaded that the protocol plays, the dedicated engine's first.
    pub fn names(&self) -> Vec<String> {
        let dedicated = self.protocol.dedicated();
        let mut names = vec![dedicated.to_string()];
        let plays = |n: &String| self.set.rules(n).is_ok_and(|r| self.protocol.plays(&r).is_ok());
        names.extend(self.set.names().into_iter().filter(|n| n != dedicated && plays(n)));
        names
    }

    /// The chosen variant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True when a variant other than the dedicated engine's is chosen.
    pub fn active(&self) -> bool {
        self.current.is_some()
    }

    /// The side to move in the chosen variant (0 moves first), if one is active.
    pub fn side_to_move(&self) -> Option<usize> {
        let cur = self.current.as_ref()?;
        Some(with_game!(cur, g => g.board.side_to_move()))
    }

    /// The variant `name`, built once.
    fn loaded(&mut self, name: &str) -> Result<Loaded, String> {
        if let Some((_, l)) = self.built.iter().find(|(n, _)| n == name) {
            return Ok(*l);
        }
        let rules = self.set.rules(name).map_err(|e| e.to_string())?;
        let l = Loaded::new(rules).map_err(|e| e.to_string())?;
        self.built.push((name.to_string(), l));
        Ok(l)
    }

    /// Chooses the variant `name` (case as listed) and sets its start position.
    pub fn select(&mut self, name: &str) -> Result<(), String> {
        let dedicated = self.protocol.dedicated();
        let all = std::iter::once(dedicated.to_string()).chain(self.set.names());
        let Some(known) = all.into_iter().find(|n| n.eq_ignore_ascii_case(name)) else {
            return Err(format!("{}: unknown variant '{}'", self.protocol.option(), clip(name)));
        };
        if known == dedicated {
            self.name = known;
            self.current = None;
            return Ok(());
        }
        let l = self.loaded(&known)?;
        self.protocol.plays(l.rules()).map_err(|e| format!("{}: {e}", self.protocol.option()))?;
        self.name = known;
        self.current = Some(start_of(l)?);
        Ok(())
    }

    /// Loads the variant definitions of the file `path`; returns the names it added.
    /// The chosen variant, if the file redefines it, restarts from its new start.
    pub fn load_path(&mut self, path: &str) -> Result<Vec<String>, String> {
        let text = read_limited(path).map_err(|e| format!("VariantPath '{}': {e}", clip(path)))?;
        let added = self.set.load(&text, path).map_err(|e| e.to_string())?;
        self.built.retain(|(n, _)| !added.contains(n));
        if added.contains(&self.name) {
            let name = self.name.clone();
            self.select(&name)?;
        }
        Ok(added)
    }

    /// The `VariantPath` option: loads the file `value` (nothing for an empty value or
    /// `<empty>`); returns the line to report, naming the variants loaded.
    pub fn set_path(&mut self, value: &str) -> Result<Option<String>, String> {
        if value.is_empty() || value == "<empty>" {
            return Ok(None);
        }
        let added = self.load_path(value)?;
        Ok(Some(format!("VariantPath: loaded {}", added.join(", "))))
    }

    /// `position startpos|fen ... [moves ...]` for the chosen variant. Moves before an
    /// illegal one stay played.
    pub fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let Some(cur) = &self.current else { return Ok(()) };
        let next = with_game!(cur, g => set_position(g, args, self.protocol).map(|(g, e)| (Width::wrap(g), e)));
        let (game, error) = next?;
        self.current = Some(game);
        error.map_or(Ok(()), Err)
    }

    /// The key a `searchmoves` move text stands for, if it is legal.
    pub fn move_key(&self, text: &str) -> Option<u32> {
        let cur = self.current.as_ref()?;
        with_game!(cur, g => self.protocol.parse(&g.board, text).ok().map(|m| m.key()))
    }

    /// Starts `job`, a search of the current position (the game's history its own), in
    /// its own thread; `None` while the dedicated engine's variant is chosen.
    pub(crate) fn go(&self, job: &Job) -> Option<std::io::Result<JoinHandle<()>>> {
        let (cur, job, protocol) = (self.current.clone()?, job.clone(), self.protocol);
        Some(std::thread::Builder::new().stack_size(STACK).spawn(move || {
            with_game!(cur, g => run(g, protocol, &job));
        }))
    }

    /// `go perft N`: each move's count, then the total.
    pub fn perft(&self, out: &Output, depth: u32) {
        let Some(cur) = &self.current else { return };
        let start = Instant::now();
        let rows = with_game!(cur, g => {
            let rows = perft::divide(&g.board, depth.max(1), false);
            rows.into_iter().map(|(m, n)| (self.protocol.text(&g.board, m), n)).collect()
        });
        say_perft(out, rows, depth, start);
    }

    /// `d`: the board, its FEN and key, and the checkers' squares.
    pub fn display(&self, out: &Output) {
        let Some(cur) = &self.current else { return };
        let mut text = with_game!(cur, g => display(&g.board));
        if self.protocol == Protocol::Usi {
            text += &format!("\nSfen: {}", with_game!(cur, g => g.board.sfen()));
        }
        say(out, &format!("{text}\nVariant: {}", self.name));
    }
}

/// The most bytes of a `VariantPath` file read (Fairy-Stockfish's own variants.ini is
/// about 50 KB).
pub const MAX_FILE: u64 = 1 << 20;

/// Reads a text file of at most [`MAX_FILE`] bytes (a device or a huge file is refused,
/// not read forever).
fn read_limited(path: &str) -> std::io::Result<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)?.take(MAX_FILE + 1).read_to_string(&mut text)?;
    if text.len() as u64 > MAX_FILE {
        return Err(std::io::Error::other(format!("longer than {MAX_FILE} bytes")));
    }
    Ok(text)
}

/// A bitboard width a game can be kept in.
trait Width: Bits {
    fn wrap(g: Game<Self>) -> Current;
}

impl Width for u64 {
    fn wrap(g: Game<u64>) -> Current {
        Current::Narrow(g)
    }
}

impl Width for u128 {
    fn wrap(g: Game<u128>) -> Current {
        Current::Wide(g)
    }
}

/// The start position of a variant.
fn start_of(l: Loaded) -> Result<Current, String> {
    with_data!(l, d => {
        let board = Board::from_fen(&d.tables, &d.tables.rules.start_fen).map_err(|e| e.to_string())?;
        Ok(Width::wrap(Game { data: d, board, keys: Vec::new(), checks: Vec::new() }))
    })
}

/// The game after `position ...`, and the error that stopped the moves early.
fn set_position<B: Width>(g: &Game<B>, args: &[&str], protocol: Protocol) -> Result<(Game<B>, Option<String>), String> {
    let t = &g.data.tables;
    let keywords: &[&str] = if protocol == Protocol::Usi { &["sfen", "fen"] } else { &["fen"] };
    let startpos = || Board::from_fen(t, &t.rules.start_fen).map_err(|e| e.to_string());
    let read = |kind: &str, text: &str| protocol.read(t, kind, text);
    let (board, moves) = read_position(args, keywords, protocol.position_forms(), startpos, read)?;
    let mut game = Game { data: g.data, board, keys: Vec::new(), checks: Vec::new() };
    let error = play_moves(moves, |text| {
        let mv = protocol.parse(&game.board, text).map_err(|e| e.to_string())?;
        game.keys.push(game.board.key());
        game.checks.push(game.board.in_check());
        game.board = game.board.play(mv);
        Ok(())
    });
    Ok((game, error))
}

fn display<B: Bits>(b: &Board<'static, B>) -> String {
    let r = &b.tables().rules;
    let line = format!("+{}\n", "---+".repeat(r.files));
    let mut s = line.clone();
    for rank in (0..r.ranks).rev() {
        for file in 0..r.files {
            let text = b
                .piece_on(r.square(file, rank))
                .map_or(" ".to_string(), |(ty, c)| polyboard_variants::fen::piece_text(r, ty, c));
            s.push_str(&format!("|{text:^3}"));
        }
        s.push_str(&format!("| {}\n{line}", rank + 1));
    }
    for file in 0..r.files {
        s.push_str(&format!("  {} ", (b'a' + file as u8) as char));
    }
    s.push_str(&format!("\n\nFen: {}\nKey: {:016X}\nCheckers:", b.fen(), b.key()));
    for sq in polyboard_variants::bits::squares(b.checkers()) {
        s.push_str(&format!(" {}", r.square_name(sq)));
    }
    s
}

/// Searches `g` and prints `bestmove`.
fn run<B: Bits>(g: Game<B>, protocol: Protocol, job: &Job) {
    let root = Pos::new(g.data, g.board, &g.checks);
    let mut reporter = VariantReporter { out: job.out.clone(), root: g.board, protocol };
    let cx = Context { history: &g.keys, ..job.context() };
    let outcome = search(&root, &Eval::default(), cx, &mut reporter);
    let line = match outcome.best {
        None => format!("bestmove {}", protocol.no_move()),
        Some(best) => {
            let mut l = format!("bestmove {}", protocol.text(&g.board, best));
            let after = g.board.play(best);
            if let Some(p) = outcome.ponder.and_then(|p| legal(&after, p)) {
                l.push_str(&format!(" ponder {}", protocol.text(&after, p)));
            }
            l
        }
    };
    say(&job.out, &line);
}

/// `mv` if it is a legal move of `b`.
fn legal<B: Bits>(b: &Board<'static, B>, mv: Move) -> Option<Move> {
    let mut list = polyboard_variants::Moves::new();
    b.generate(&mut list);
    list.iter().copied().find(|&m| m == mv)
}

struct VariantReporter<B: Bits + 'static> {
    out: Output,
    root: Board<'static, B>,
    protocol: Protocol,
}

impl<B: Bits> Reporter<Move> for VariantReporter<B> {
    fn info(&mut self, info: &Info<Move>) {
        let text = |b: &Board<'static, B>, m| self.protocol.text(b, m);
        let pv = pv_text(&self.root, &info.pv, |b, m| legal(b, m).is_some(), text, Board::play);
        say(&self.out, &self.protocol.info(info, &pv));
    }

    fn currmove(&mut self, depth: u32, mv: Move, number: usize) {
        say(
            &self.out,
            &format!("info depth {depth} currmove {} currmovenumber {number}", self.protocol.text(&self.root, mv)),
        );
    }
}
