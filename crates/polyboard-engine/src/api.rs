//! The typed engine: a game or variant, its position, the options of a search, and
//! searches that return typed results. The UCI, USI and XBoard dialects of
//! [`crate::protocol`] drive it, and so can any Rust program (see the crate example).

use crate::game::{Event, Game, MateAnswer, Notation, SearchInfo, SearchResult, check_value, clip};
use crate::strength::{self, ELO_MAX, ELO_MIN, Random, SKILL_MAX, Skill};
use polyboard_search::search::{Context, Control, Settings};
use polyboard_search::time::Limits;
use polyboard_search::tt::Table;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

#[cfg(feature = "variants")]
use crate::variant::catalog::Catalog;

/// Without the variants, no variant is known.
#[cfg(not(feature = "variants"))]
struct Catalog;

#[cfg(not(feature = "variants"))]
impl Catalog {
    fn new(_: Notation) -> Catalog {
        Catalog
    }
    fn names(&self) -> Vec<String> {
        Vec::new()
    }
    fn find(&self, _: &str) -> Option<String> {
        None
    }
    fn open(&self, name: &str, option: &str) -> Result<Box<dyn Game>, String> {
        Err(format!("{option}: unknown variant '{}'", clip(name)))
    }
    fn load_path(&mut self, _: &str) -> Result<(Vec<String>, Vec<String>), String> {
        Err("VariantPath: this build has no variants".into())
    }
}

/// Why the engine refused a request. Each message names what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// No game or variant of that name is known, or the notation cannot play it.
    Variant(String),
    /// A position that does not read.
    Position(String),
    /// A move that is not legal or does not read; the moves before it were played.
    Move(String),
    /// An option that is unknown or whose value is out of range.
    Option(String),
    /// A variant file that cannot be read or used.
    File(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Variant(m)
            | EngineError::Position(m)
            | EngineError::Move(m)
            | EngineError::Option(m)
            | EngineError::File(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for EngineError {}

/// The largest hash table, in MiB.
pub const HASH_MAX: usize = 65_536;
/// The most search threads.
pub const THREADS_MAX: usize = 256;
/// The most principal variations reported.
pub const MULTIPV_MAX: usize = 256;

/// The game a notation plays when no variant is chosen, if this build has it.
fn dedicated(notation: Notation) -> Option<Box<dyn Game>> {
    match notation {
        #[cfg(feature = "chess")]
        Notation::Uci => Some(Box::new(crate::chess::game::ChessGame::new())),
        #[cfg(feature = "shogi")]
        Notation::Usi => Some(Box::new(crate::shogi::game::ShogiGame::new())),
        #[allow(unreachable_patterns)]
        _ => None,
    }
}

/// An engine for one game or variant at a time.
pub struct Engine {
    notation: Notation,
    /// The dedicated engine's game (chess over UCI, shogi over USI); its options last
    /// while a variant is played.
    dedicated: Option<Box<dyn Game>>,
    catalog: Catalog,
    /// The chosen variant's game, when it is not the dedicated one.
    variant: Option<Box<dyn Game>>,
    name: String,
    tt: Arc<Table>,
    hash: usize,
    settings: Settings,
    /// `UCI_LimitStrength`: play at about `elo`.
    limit_strength: bool,
    /// `UCI_Elo`.
    elo: u32,
    /// `UCI_ShowWDL`.
    show_wdl: bool,
    /// `Skill Level`, 0 to 20 (20: full strength).
    skill_level: u32,
}

impl Engine {
    /// An engine playing `variant` (`chess`, `shogi`, `crazyhouse`, ...) in FEN and UCI
    /// move text; `shogi` and the shogi-family variants are also played in SFEN and USI
    /// move text by [`Engine::with_notation`].
    pub fn new(variant: &str) -> Result<Engine, EngineError> {
        let notation = if variant.eq_ignore_ascii_case("shogi") { Notation::Usi } else { Notation::Uci };
        let mut e = Engine::with_notation(notation);
        e.select(variant)?;
        Ok(e)
    }

    /// An engine speaking `notation`, playing its dedicated game (`chess` in UCI,
    /// `shogi` in USI) with a 16 MiB table and one thread.
    pub fn with_notation(notation: Notation) -> Engine {
        let catalog = Catalog::new(notation);
        let dedicated = dedicated(notation);
        let name = notation.dedicated().to_string();
        let variant = if dedicated.is_none() { catalog.open(&name, "variant").ok() } else { None };
        Engine {
            notation,
            dedicated,
            catalog,
            variant,
            name,
            tt: Arc::new(Table::new(16)),
            hash: 16,
            settings: Settings::default(),
            limit_strength: false,
            elo: ELO_MIN,
            show_wdl: false,
            skill_level: SKILL_MAX,
        }
    }

    /// The notation positions and moves are read and written in.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// Every game and variant this engine can play, the dedicated one first.
    pub fn variants(&self) -> Vec<String> {
        let dedicated = self.notation.dedicated();
        let mut names = vec![dedicated.to_string()];
        names.extend(self.catalog.names().into_iter().filter(|n| n != dedicated));
        names
    }

    /// The game or variant played.
    pub fn variant(&self) -> &str {
        &self.name
    }

    fn game(&self) -> &dyn Game {
        match (&self.variant, &self.dedicated) {
            (Some(v), _) => v.as_ref(),
            (None, Some(d)) => d.as_ref(),
            // `with_notation` opens a variant when there is no dedicated game, and
            // `select` keeps one of the two.
            (None, None) => unreachable!("an engine always has a game"),
        }
    }

    fn game_mut(&mut self) -> &mut dyn Game {
        match (&mut self.variant, &mut self.dedicated) {
            (Some(v), _) => v.as_mut(),
            (None, Some(d)) => d.as_mut(),
            (None, None) => unreachable!("an engine always has a game"),
        }
    }

    /// The name of the option that chooses the variant.
    pub(crate) fn variant_option(&self) -> &'static str {
        match self.notation {
            Notation::Uci => "UCI_Variant",
            Notation::Usi => "USI_Variant",
        }
    }

    /// Plays the game or variant `name` (any case) from its start position.
    pub fn select(&mut self, name: &str) -> Result<(), EngineError> {
        let option = self.variant_option();
        let dedicated = self.notation.dedicated();
        if self.dedicated.is_some() && name.eq_ignore_ascii_case(dedicated) {
            self.name = dedicated.to_string();
            self.variant = None;
            return Ok(());
        }
        let Some(known) = self.catalog.find(name) else {
            return Err(EngineError::Variant(format!("{option}: unknown variant '{}'", clip(name))));
        };
        self.variant = Some(self.catalog.open(&known, option).map_err(EngineError::Variant)?);
        self.name = known;
        Ok(())
    }

    /// Loads the variant definitions of the file `path` (Fairy-Stockfish's
    /// `variants.ini` syntax, read as Fairy-Stockfish reads it: a line with an unknown
    /// key or a bad value is left out, and the rest loads); returns the names it added
    /// and one warning for each line or section left out. The variant played, if the
    /// file redefines it, restarts from its new start.
    pub fn load_variants(&mut self, path: &str) -> Result<(Vec<String>, Vec<String>), EngineError> {
        let (added, warnings) = self.catalog.load_path(path).map_err(EngineError::File)?;
        if self.variant.is_some() && added.contains(&self.name) {
            let name = self.name.clone();
            self.select(&name)?;
        }
        Ok((added, warnings))
    }

    /// Sets the position: the start position (`start` `None`) or `start` (FEN; SFEN
    /// in USI notation), then `moves` in order. A move that fails stops them: the moves
    /// before it stay played.
    pub fn set_position(&mut self, start: Option<&str>, moves: &[&str]) -> Result<(), EngineError> {
        let (kinds, _) = self.game().position_forms();
        let kind = kinds[0];
        self.set_position_as(kind, start, moves)
    }

    /// [`Engine::set_position`] with the text's kind (`fen` or `sfen`) given.
    pub(crate) fn set_position_as(
        &mut self,
        kind: &str,
        start: Option<&str>,
        moves: &[&str],
    ) -> Result<(), EngineError> {
        self.game_mut().set_position(kind, start, moves).map_err(|e| {
            if e.starts_with("position ignored") { EngineError::Position(e) } else { EngineError::Move(e) }
        })
    }

    /// The position keywords of `position` and their forms for messages.
    pub(crate) fn position_forms(&self) -> (&'static [&'static str], &'static str) {
        self.game().position_forms()
    }

    /// The position: FEN, or SFEN in USI notation.
    pub fn fen(&self) -> String {
        self.game().fen()
    }

    /// The side to move: 0 moves first (white in chess, black (sente) in shogi).
    pub fn side_to_move(&self) -> usize {
        self.game().side_to_move()
    }

    /// The legal moves' texts.
    pub fn legal_moves(&self) -> Vec<String> {
        self.game().legal_moves()
    }

    /// Plays the legal move written `text`.
    pub fn play(&mut self, text: &str) -> Result<(), EngineError> {
        self.game_mut().play(text).map_err(EngineError::Move)
    }

    /// Takes back the last move played; false at the start position.
    pub fn undo(&mut self) -> bool {
        self.game_mut().undo()
    }

    /// The result (`1-0`, `0-1`, `1/2-1/2`) and why, once the rules end the game.
    pub fn result(&self) -> Option<(&'static str, String)> {
        self.game().result()
    }

    /// The search key of a legal move written `text` (for [`Limits::searchmoves`]).
    pub fn move_key(&self, text: &str) -> Option<u32> {
        self.game().move_key(text)
    }

    /// Each legal move's perft count at `depth` (at least 1), sorted by move text.
    pub fn perft(&self, depth: u32) -> Vec<(String, u64)> {
        let mut rows = self.game().perft(depth);
        rows.sort();
        rows
    }

    /// The board as text (Stockfish's `d`).
    pub fn display(&self) -> String {
        self.game().display()
    }

    /// The dedicated game's bench at `depth` (one line a position to `line`) and its
    /// signature, the total node count; `None` without one.
    pub fn bench(&self, depth: u32, line: &mut dyn FnMut(String)) -> Option<u64> {
        self.dedicated.as_ref()?.bench(depth, line)
    }

    /// The dedicated game's own options, as handshake lines.
    pub(crate) fn game_option_lines(&self) -> Vec<String> {
        self.dedicated.as_ref().map(|d| d.option_lines()).unwrap_or_default()
    }

    /// Sets the strength options (`Skill Level`, `UCI_LimitStrength`, `UCI_Elo`,
    /// `UCI_ShowWDL`, and USI's `SkillLevel`, `USI_LimitStrength`, `USI_Elo`) or a game
    /// option of the dedicated game (`Repr`, `UCI_Chess960`, `EnteringKingRule`,
    /// `EvalFile`); `name` in any case.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let lower = name.to_ascii_lowercase();
        let check = || check_value(name, value).map_err(EngineError::Option);
        let number = |min: u32, max: u32| {
            value.parse::<u32>().map_err(|_| {
                EngineError::Option(format!(
                    "option '{}': value '{}' is not a number in {min}..={max}",
                    clip(name),
                    clip(value)
                ))
            })
        };
        match lower.as_str() {
            "uci_limitstrength" | "usi_limitstrength" => return check().map(|on| self.set_limit_strength(on)),
            "uci_showwdl" => return check().map(|on| self.set_show_wdl(on)),
            "skill level" | "skilllevel" => return number(0, SKILL_MAX).and_then(|l| self.set_skill_level(l)),
            "uci_elo" | "usi_elo" => return number(ELO_MIN, ELO_MAX).and_then(|elo| self.set_elo(elo)),
            _ => {}
        }
        match self.dedicated.as_mut().and_then(|d| d.set_option(&lower, value)) {
            Some(r) => r.map_err(EngineError::Option),
            None => Err(EngineError::Option(format!("unknown option '{}'", clip(name)))),
        }
    }

    /// Sets the hash table to `mib` MiB (1 to [`HASH_MAX`]); without the memory for
    /// it, the old size is kept and the error says so.
    pub fn set_hash(&mut self, mib: usize) -> Result<(), EngineError> {
        if !(1..=HASH_MAX).contains(&mib) {
            return Err(EngineError::Option(format!("Hash {mib}: not in 1..={HASH_MAX}")));
        }
        // The old table is freed first, so that its memory can be reused.
        drop(std::mem::replace(&mut self.tt, Arc::new(Table::new(1))));
        match Table::try_new(mib) {
            Some(t) => {
                self.tt = Arc::new(t);
                self.hash = mib;
                Ok(())
            }
            None => {
                self.tt = Arc::new(Table::new(self.hash));
                Err(EngineError::Option(format!("Hash {mib}: not enough memory; kept {} MiB", self.hash)))
            }
        }
    }

    /// The hash table's size in MiB.
    pub fn hash(&self) -> usize {
        self.hash
    }

    /// Empties the hash table (a new game).
    pub fn clear_hash(&self) {
        self.tt.clear();
    }

    /// Searches with `threads` threads (Lazy SMP), at least 1.
    pub fn set_threads(&mut self, threads: usize) {
        self.settings.threads = threads.clamp(1, THREADS_MAX);
    }

    /// Reports `lines` principal variations (MultiPV), at least 1.
    pub fn set_multipv(&mut self, lines: usize) {
        self.settings.multipv = lines.clamp(1, MULTIPV_MAX);
    }

    /// The time lost per move outside the engine, in milliseconds.
    pub fn set_move_overhead(&mut self, ms: u64) {
        self.settings.overhead = ms;
    }

    /// Weakens the play to about the rating [`Engine::set_elo`] sets (`true`), or
    /// plays at full strength (`false`, the default): `UCI_LimitStrength`. See
    /// [`crate::strength`].
    pub fn set_limit_strength(&mut self, on: bool) {
        self.limit_strength = on;
    }

    /// The rating weakened play aims at, [`ELO_MIN`] to [`ELO_MAX`] (`UCI_Elo`); it
    /// applies while [`Engine::set_limit_strength`] is on.
    pub fn set_elo(&mut self, elo: u32) -> Result<(), EngineError> {
        if !(ELO_MIN..=ELO_MAX).contains(&elo) {
            return Err(EngineError::Option(format!("UCI_Elo {elo}: not in {ELO_MIN}..={ELO_MAX}")));
        }
        self.elo = elo;
        Ok(())
    }

    /// Weakens the play to `level` (0 to [`SKILL_MAX`], Stockfish's `Skill Level`;
    /// [`SKILL_MAX`], the default, is full strength). [`Engine::set_limit_strength`],
    /// when on, takes precedence, as in Stockfish.
    pub fn set_skill_level(&mut self, level: u32) -> Result<(), EngineError> {
        if level > SKILL_MAX {
            return Err(EngineError::Option(format!("Skill Level {level}: not in 0..={SKILL_MAX}")));
        }
        self.skill_level = level;
        Ok(())
    }

    /// The weakened player the engine is set to be, if any: from `UCI_Elo` while
    /// [`Engine::set_limit_strength`] is on, else from `Skill Level`. The top level is
    /// full strength, as in Stockfish: `None`.
    pub fn skill(&self) -> Option<Skill> {
        let skill = if self.limit_strength { Skill::from_elo(self.elo) } else { Skill::from_level(self.skill_level) };
        skill.is_weakened().then_some(skill)
    }

    /// The rating aimed at while play is weakened; `None` at full strength.
    pub fn strength(&self) -> Option<u32> {
        self.limit_strength.then_some(self.elo)
    }

    /// Adds win/draw/loss chances ([`SearchInfo::wdl`]) to every line of output, in
    /// games that have a model (chess): `UCI_ShowWDL`.
    pub fn set_show_wdl(&mut self, on: bool) {
        self.show_wdl = on;
    }

    /// A search of the current position within `limits`, ready to run here or in
    /// another thread; its [`Search::stopper`] stops it.
    pub fn prepare(&self, mut limits: Limits) -> Search {
        let mut settings = self.settings.clone();
        let skill = self.skill().and_then(|s| {
            let mut random = Random::from_clock();
            s.rounded(&mut || random.next_u64())
        });
        if let Some(s) = skill {
            settings.multipv = settings.multipv.max(Skill::LINES);
            limits.depth = Some(limits.depth.map_or(s.depth(), |d| d.min(s.depth())));
        }
        Search {
            game: self.game().boxed(),
            tt: self.tt.clone(),
            control: Arc::new(Control::new(limits.ponder)),
            limits,
            settings,
            hash_bytes: self.hash.saturating_mul(1 << 20),
            skill,
            material: if self.show_wdl { self.game().material() } else { None },
        }
    }

    /// Searches the current position within `limits`, in this thread; `on` sees every
    /// line of output.
    pub fn search(&self, limits: Limits, on: impl FnMut(&Event) + Send) -> SearchResult {
        self.prepare(limits).run(on)
    }
}

/// The exact lines of a weakened search: those of the deepest iteration that reported
/// as many lines as any before it (an iteration cut short by the clock reports fewer).
#[derive(Default)]
struct Lines {
    complete: Vec<SearchInfo>,
    current: Vec<SearchInfo>,
}

impl Lines {
    /// Keeps `line`, an exact line of output.
    fn keep(&mut self, line: &SearchInfo) {
        if self.current.first().is_some_and(|c| c.depth != line.depth) {
            self.close();
        }
        match self.current.iter_mut().find(|c| c.multipv == line.multipv) {
            Some(c) => *c = line.clone(),
            None => self.current.push(line.clone()),
        }
    }

    /// Ends the current iteration.
    fn close(&mut self) {
        if self.current.len() >= self.complete.len() {
            self.complete = std::mem::take(&mut self.current);
        }
        self.current.clear();
    }

    /// Replaces `result`'s move by the one `skill` picks among the lines.
    fn pick(mut self, skill: Skill, result: &mut SearchResult) {
        self.close();
        if result.best.is_none() || result.declare_win || self.complete.len() < 2 {
            return;
        }
        let mut random = Random::from_clock();
        let Some(line) = skill.pick(&self.complete, &mut || random.next_u64()).map(|k| &self.complete[k]) else {
            return;
        };
        if let Some(first) = line.pv.first() {
            result.best = Some(first.clone());
            result.ponder = line.pv.get(1).cloned();
            result.score = line.score;
            result.pv = line.pv.clone();
        }
    }
}

/// Stops a search from another thread, or tells it about `ponderhit`.
#[derive(Clone)]
pub struct Stopper(Arc<Control>);

impl Stopper {
    /// Stops the search: it answers with the best move found so far.
    pub fn stop(&self) {
        self.0.stop.store(true, Relaxed);
        self.0.pondering.store(false, Relaxed);
    }

    /// The move pondered on was played: the clock starts now.
    pub fn ponderhit(&self) {
        self.0.ponderhit();
    }
}

/// A search ready to run: a copy of the position, the shared table and the limits.
pub struct Search {
    game: Box<dyn Game>,
    tt: Arc<Table>,
    control: Arc<Control>,
    limits: Limits,
    settings: Settings,
    hash_bytes: usize,
    /// Weakened play: the move is picked among the lines of the deepest iteration.
    skill: Option<Skill>,
    /// The root's material, when the lines carry win/draw/loss chances.
    material: Option<u32>,
}

impl Search {
    /// The handle that stops this search.
    pub fn stopper(&self) -> Stopper {
        Stopper(self.control.clone())
    }

    /// Runs the search; `on` sees every line of output. While pondering or in an
    /// infinite search it answers only after [`Stopper::stop`] or
    /// [`Stopper::ponderhit`].
    pub fn run(self, mut on: impl FnMut(&Event) + Send) -> SearchResult {
        let cx = Context {
            history: &[],
            limits: &self.limits,
            settings: &self.settings,
            tt: &self.tt,
            control: &self.control,
        };
        let (skill, material) = (self.skill, self.material);
        let mut lines = Lines::default();
        let mut relay = |e: &Event| match e {
            Event::Info(i) if skill.is_some() || material.is_some() => {
                let mut i = i.clone();
                i.wdl = material.map(|m| strength::wdl(i.score, m));
                if skill.is_some() && i.bound.is_none() {
                    lines.keep(&i);
                }
                on(&Event::Info(i));
            }
            _ => on(e),
        };
        let mut result = self.game.search(cx, &mut relay);
        if let Some(skill) = skill {
            lines.pick(skill, &mut result);
        }
        self.wait_for_stop();
        result
    }

    /// The mate solver (shogi's df-pn) for at most `ms` milliseconds (`None`: until
    /// stopped), with a table of the hash's size; `None` for games without one.
    pub fn solve(self, ms: Option<u64>) -> Option<MateAnswer> {
        let deadline = ms.map(|ms| Instant::now() + Duration::from_millis(ms));
        self.game.solve(self.hash_bytes, deadline, &self.control.stop)
    }

    /// While pondering (or in an infinite search), waits for stop or ponderhit.
    fn wait_for_stop(&self) {
        let c = &self.control;
        while (self.limits.infinite || c.pondering.load(Relaxed)) && !c.stop.load(Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}
