//! The game registry of `perft` and `reprs`: every game the CLI knows (chess,
//! chess960, shogi, and each variant of polyboard-variants, built in or read from a
//! `--variants` file), and for each how to list its representations, read a position
//! (its start position when none is given) or a perft suite, count, divide and write
//! moves. `perft` and `reprs` look a game up here and have one path for all of them.

use polyboard_chess::{Board, epd, uci, with_repr};
use polyboard_shogi::{ShogiBoard, usi, with_shogi_repr};
use polyboard_variants::{Variant, VariantError, VariantSet, suite};
use std::fmt;
use std::rc::Rc;

/// The name of the one representation the variant engine has.
pub const VARIANT_REPR: &str = "sjaak";

/// Why a game could not be looked up, read a position or suite, or count.
#[derive(Debug)]
pub enum GameError {
    /// The `--variants` file could not be read.
    Read {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// polyboard-variants rejects a variant's name or definition (the error names the
    /// line and key).
    Variant(VariantError),
    /// A chess FEN (the error names the FEN field).
    Fen(polyboard_chess::FenError),
    /// A UCI move of `--moves`.
    Uci(polyboard_chess::uci::UciError),
    /// A shogi SFEN (the error names the SFEN field).
    Sfen(polyboard_shogi::SfenError),
    /// A USI move of `--moves`.
    Usi(polyboard_shogi::usi::UsiError),
    /// A line of a chess perft suite (the error names the line and field).
    Epd(epd::EpdError),
    /// A shogi or variant perft suite: the reason its crate gives.
    Suite(String),
    /// A position or move polyboard-variants rejects for perft.
    VariantPerft(polyboard_variants::PerftError),
    /// No representation of the game has this name.
    UnknownRepr {
        /// The name asked for.
        repr: String,
        /// The `--variant` text of `polyboard reprs` for the game.
        hint: String,
    },
    /// `--variant all` runs a suite of every variant, not one position.
    AllNeedsSuite,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Read { path, error } => write!(f, "cannot read '{path}': {error}"),
            GameError::Variant(e) => write!(f, "{e}"),
            GameError::Fen(e) => write!(f, "{e}"),
            GameError::Uci(e) => write!(f, "{e}"),
            GameError::Sfen(e) => write!(f, "{e}"),
            GameError::Usi(e) => write!(f, "{e}"),
            GameError::Epd(e) => write!(f, "{e}"),
            GameError::Suite(e) => f.write_str(e),
            GameError::VariantPerft(e) => write!(f, "{e}"),
            GameError::UnknownRepr { repr, hint } => {
                write!(f, "unknown representation '{repr}' (polyboard reprs{hint} lists them)")
            }
            GameError::AllNeedsSuite => f.write_str("--variant all needs --epd FILE"),
        }
    }
}

impl std::error::Error for GameError {}

/// A game: one row of the registry.
pub trait Game {
    /// The representations `perft` can run: the default first (the one perft runs
    /// without `--repr`), then the others by measured bulk perft speed, fastest first.
    fn reprs(&self) -> Vec<&'static str>;
    /// The deepest `--depth` perft accepts for this game: deeper counts overflow the
    /// 64-bit count or would run for years.
    fn max_depth(&self) -> u32 {
        MAX_DEPTH
    }
    /// The `--variant` text that `polyboard reprs` needs for this game (empty for chess).
    fn hint(&self) -> String;
    /// The position `fen` (the game's start position when `None`) after `moves`.
    fn setup(&self, fen: Option<&str>, moves: &[&str]) -> Result<Box<dyn Setup>, GameError>;
    /// The cases of a perft suite file.
    fn suite(&self, text: &str) -> Result<Vec<Case>, GameError>;
}

/// A position ready to count.
pub trait Setup {
    /// Perft on the representation `repr` (one of [`Game::reprs`]): bulk unless `full`,
    /// with the count under each move when `divide`.
    fn perft(&self, repr: &str, depth: u32, divide: bool, full: bool) -> Result<Counted, GameError>;
}

/// What one perft run counted.
pub struct Counted {
    /// The position counted, as FEN or SFEN.
    pub fen: String,
    /// The leaf count.
    pub nodes: u64,
    /// Under `divide`: each legal move, as the game writes it, and its count.
    pub divide: Vec<(String, u64)>,
    /// The representation, as the text output names it.
    pub label: String,
}

/// One line of a perft suite.
pub struct Case {
    /// The line number in the file, from 1.
    pub line: usize,
    /// The variant the line names, for suites that name one per line.
    pub variant: Option<String>,
    /// The position as written in the file.
    pub fen: String,
    /// The position, or `None` when its variant is unknown (the line is skipped).
    pub setup: Option<Box<dyn Setup>>,
    /// (depth, expected count) pairs.
    pub counts: Vec<(u32, u64)>,
}

/// What `--variant`, `--repr`, `--variants` and `--epd` ask for.
pub struct Query<'a> {
    /// `--variant` (chess when not given).
    pub variant: &'a str,
    /// `--repr`.
    pub repr: Option<&'a str>,
    /// `--variants FILE`.
    pub variants_file: Option<&'a str>,
    /// `--strict`: a problem anywhere in `--variants FILE` rejects the file, instead of
    /// leaving out the sections that have one (with a warning each on stderr).
    pub strict: bool,
    /// `--epd FILE`, already read.
    pub suite: Option<&'a str>,
}

/// The deepest depth of shogi and the variants: they start with 30 or more moves a
/// side in most games and branch wider later, and 30^13 is already near `u64::MAX`.
const MAX_DEPTH: u32 = 12;

/// The deepest depth of chess: perft 13 of the start position,
/// 1,981,066,775,000,396,239, fits in 64 bits; perft 14, 61,885,021,521,585,529,237,
/// does not (OEIS A048987).
const CHESS_MAX_DEPTH: u32 = 13;

/// Builds a game of the registry.
type MakeGame = fn() -> Box<dyn Game>;

/// The games of polyboard's own crates; every other name, and these under `--repr sjaak`
/// or `--variants`, is a variant of polyboard-variants.
const NATIVE: [(&str, MakeGame); 3] = [
    ("chess", || Box::new(Chess { chess960: false })),
    ("chess960", || Box::new(Chess { chess960: true })),
    ("shogi", || Box::new(Shogi)),
];

/// True when a suite is in the variant table's `variant ; FEN ; 1=n` form.
fn is_variant_table(text: &str) -> bool {
    text.lines().any(|l| !l.starts_with('#') && l.split(" ; ").nth(2).is_some_and(|c| c.contains('=')))
}

/// The game `q` names, and whether polyboard-variants also runs it (as `sjaak`).
pub fn lookup(q: &Query) -> Result<(Box<dyn Game>, bool), GameError> {
    let to_variants =
        q.repr == Some(VARIANT_REPR) || q.variants_file.is_some() || q.suite.is_some_and(is_variant_table);
    if !to_variants && let Some((_, make)) = NATIVE.iter().find(|(name, _)| *name == q.variant) {
        return Ok((make(), true));
    }
    let set = load(q.variants_file, q.strict)?;
    Ok((Box::new(Variants::new(set, q.variant)?), false))
}

/// The built-in variants plus a user's file: strictly (the first problem is the error)
/// or as Fairy-Stockfish reads it, each line or section left out named in a warning
/// line on stderr.
fn load(file: Option<&str>, strict: bool) -> Result<VariantSet, GameError> {
    let mut set = VariantSet::builtin();
    if let Some(path) = file {
        let text = std::fs::read_to_string(path).map_err(|error| GameError::Read { path: path.to_string(), error })?;
        if strict {
            set.load(&text, path).map_err(GameError::Variant)?;
        } else {
            for problem in set.load_lenient(&text, path).warnings() {
                eprintln!("warning: {problem}");
            }
        }
    }
    Ok(set)
}

/// polyboard-chess's representations by bulk perft speed, fastest first: one
/// `polyboard bench --quick` run on a 2-core AMD EPYC (the table of docs/representations.md,
/// section "The representations": 725, 706, 694, ... 175, 140 Mnps on the five CPW positions;
/// `rotatedccr`, measured later beside all of them, between `mailbox10x12` and `piecelist`:
/// 246 against 254 and 195 in that run, docs/representations.md, section "The rotated CCR").
const CHESS_BY_SPEED: [&str; 13] = [
    "pext",
    "quad",
    "magic",
    "rotated",
    "kindergarten",
    "classical",
    "bb32",
    "x88",
    "mailbox10x12",
    "rotatedccr",
    "piecelist",
    "ccr",
    "array8x8",
];

/// `names` (the first is the default) with the rest ordered as in `by_speed`; names
/// `by_speed` lacks come last, in their own order.
fn default_then_by_speed(names: Vec<&'static str>, by_speed: &[&str]) -> Vec<&'static str> {
    let Some((&default, rest)) = names.split_first() else { return names };
    let rank = |n: &&str| by_speed.iter().position(|s| s == n).unwrap_or(by_speed.len());
    let mut rest = rest.to_vec();
    rest.sort_by_key(rank);
    std::iter::once(default).chain(rest).collect()
}

/// Chess or Chess960 on polyboard-chess's representations.
struct Chess {
    chess960: bool,
}

struct ChessSetup(polyboard_chess::Position);

impl Game for Chess {
    fn reprs(&self) -> Vec<&'static str> {
        default_then_by_speed(polyboard_chess::repr::names(), &CHESS_BY_SPEED)
    }
    fn max_depth(&self) -> u32 {
        CHESS_MAX_DEPTH
    }
    fn hint(&self) -> String {
        String::new()
    }
    fn setup(&self, fen: Option<&str>, moves: &[&str]) -> Result<Box<dyn Setup>, GameError> {
        let mut pos = match fen {
            None | Some("startpos") => {
                let mut pos = polyboard_chess::Position::startpos();
                pos.set_chess960(self.chess960);
                pos
            }
            // chess reads a FEN whose castling rights need Chess960 as Chess960, as the suites do.
            Some(fen) if !self.chess960 => polyboard_chess::Position::from_fen(fen).map_err(GameError::Fen)?,
            Some(fen) => polyboard_chess::Position::from_fen_variant(fen, true).map_err(GameError::Fen)?,
        };
        for text in moves {
            let mv = uci::parse(&pos, text).map_err(GameError::Uci)?;
            pos = pos.play(mv);
        }
        Ok(Box::new(ChessSetup(pos)))
    }
    fn suite(&self, text: &str) -> Result<Vec<Case>, GameError> {
        let cases = epd::parse_suite(text, self.chess960).map_err(GameError::Epd)?;
        Ok(cases
            .into_iter()
            .map(|c| Case {
                line: c.line,
                variant: None,
                fen: c.fen,
                setup: Some(Box::new(ChessSetup(c.position)) as Box<dyn Setup>),
                counts: c.counts,
            })
            .collect())
    }
}

impl Setup for ChessSetup {
    fn perft(&self, repr: &str, depth: u32, divide: bool, full: bool) -> Result<Counted, GameError> {
        fn run<B: Board>(pos: &polyboard_chess::Position, depth: u32, divide: bool, full: bool) -> Counted {
            let b = B::from_position(pos);
            let (nodes, rows) = if divide && depth > 0 {
                let rows: Vec<(String, u64)> = polyboard_core::perft::divide(&b, depth, full)
                    .into_iter()
                    .map(|(mv, n)| (uci::format(pos, mv), n))
                    .collect();
                (rows.iter().map(|r| r.1).sum(), rows)
            } else if full {
                (polyboard_core::perft::perft_full(&b, depth), vec![])
            } else {
                (polyboard_core::perft::perft(&b, depth), vec![])
            };
            Counted { fen: pos.fen(), nodes, divide: rows, label: B::NAME.to_string() }
        }
        with_repr!(repr, B => run::<B>(&self.0, depth, divide, full))
            .ok_or_else(|| GameError::UnknownRepr { repr: repr.to_string(), hint: String::new() })
    }
}

/// Shogi on polyboard-shogi's representations (SFEN, USI moves, the shogi suite format).
struct Shogi;

struct ShogiSetup(polyboard_shogi::Position);

impl Game for Shogi {
    fn reprs(&self) -> Vec<&'static str> {
        polyboard_shogi::repr::names()
    }
    fn hint(&self) -> String {
        " --variant shogi".into()
    }
    fn setup(&self, fen: Option<&str>, moves: &[&str]) -> Result<Box<dyn Setup>, GameError> {
        let mut pos = polyboard_shogi::Position::from_sfen(fen.unwrap_or("startpos")).map_err(GameError::Sfen)?;
        for text in moves {
            let mv = usi::parse(&pos, text).map_err(GameError::Usi)?;
            pos = pos.play(mv);
        }
        Ok(Box::new(ShogiSetup(pos)))
    }
    fn suite(&self, text: &str) -> Result<Vec<Case>, GameError> {
        let cases = polyboard_shogi::suite::parse_suite(text).map_err(GameError::Suite)?;
        Ok(cases
            .into_iter()
            .map(|c| Case {
                line: c.line,
                variant: None,
                fen: c.sfen,
                setup: Some(Box::new(ShogiSetup(c.position)) as Box<dyn Setup>),
                counts: c.counts,
            })
            .collect())
    }
}

impl Setup for ShogiSetup {
    fn perft(&self, repr: &str, depth: u32, divide: bool, full: bool) -> Result<Counted, GameError> {
        fn run<B: ShogiBoard>(pos: &polyboard_shogi::Position, depth: u32, divide: bool, full: bool) -> Counted {
            let b = B::from_position(pos);
            let (nodes, rows) = if divide && depth > 0 {
                let rows: Vec<(String, u64)> =
                    polyboard_shogi::divide(&b, depth, full).into_iter().map(|(mv, n)| (mv.to_string(), n)).collect();
                (rows.iter().map(|r| r.1).sum(), rows)
            } else if full {
                (polyboard_shogi::perft_full(&b, depth), vec![])
            } else {
                (polyboard_shogi::perft(&b, depth), vec![])
            };
            Counted { fen: pos.sfen(), nodes, divide: rows, label: B::NAME.to_string() }
        }
        let mut counted = None;
        with_shogi_repr!(repr, B => {
            counted = Some(run::<B>(&self.0, depth, divide, full));
        });
        counted.ok_or_else(|| GameError::UnknownRepr { repr: repr.to_string(), hint: " --variant shogi".into() })
    }
}

/// The variants of polyboard-variants, on its one representation.
struct Variants {
    set: VariantSet,
    name: String,
    /// The variant `name`, unless it is `all` (a suite of every variant).
    variant: Option<Rc<Variant>>,
}

impl Variants {
    fn new(set: VariantSet, name: &str) -> Result<Variants, GameError> {
        let variant = match name {
            "all" => None,
            _ => Some(Rc::new(set.rules(name).and_then(Variant::new).map_err(GameError::Variant)?)),
        };
        Ok(Variants { set, name: name.to_string(), variant })
    }
}

struct VariantSetup {
    variant: Rc<Variant>,
    fen: Option<String>,
    moves: Vec<String>,
}

impl Game for Variants {
    fn reprs(&self) -> Vec<&'static str> {
        vec![VARIANT_REPR]
    }
    fn hint(&self) -> String {
        format!(" --variant {}", self.name)
    }
    fn setup(&self, fen: Option<&str>, moves: &[&str]) -> Result<Box<dyn Setup>, GameError> {
        let variant = self.variant.clone().ok_or(GameError::AllNeedsSuite)?;
        let fen = fen.filter(|f| *f != "startpos").map(str::to_string);
        Ok(Box::new(VariantSetup { variant, fen, moves: moves.iter().map(|m| m.to_string()).collect() }))
    }
    fn suite(&self, text: &str) -> Result<Vec<Case>, GameError> {
        let known = self.set.names();
        let mut built: Vec<(String, Rc<Variant>)> = Vec::new();
        let mut out = Vec::new();
        for c in suite::parse(text).map_err(GameError::Suite)? {
            let name = c.variant.clone().unwrap_or_else(|| self.name.clone());
            if self.name != "all" && c.variant.is_some() && name != self.name {
                continue;
            }
            let setup: Option<Box<dyn Setup>> = if known.contains(&name) {
                let variant = match built.iter().find(|b| b.0 == name) {
                    Some(b) => b.1.clone(),
                    None => {
                        let v = Rc::new(self.set.rules(&name).and_then(Variant::new).map_err(GameError::Variant)?);
                        built.push((name.clone(), v.clone()));
                        v
                    }
                };
                Some(Box::new(VariantSetup { variant, fen: Some(c.fen.clone()), moves: vec![] }))
            } else {
                None
            };
            out.push(Case { line: c.line, variant: Some(name), fen: c.fen, setup, counts: c.counts });
        }
        Ok(out)
    }
}

impl Setup for VariantSetup {
    fn perft(&self, repr: &str, depth: u32, divide: bool, full: bool) -> Result<Counted, GameError> {
        if repr != VARIANT_REPR {
            return Err(GameError::UnknownRepr {
                repr: repr.to_string(),
                hint: format!(" --variant {}", self.variant.rules().name),
            });
        }
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        let run =
            self.variant.perft(self.fen.as_deref(), &moves, depth, divide, full).map_err(GameError::VariantPerft)?;
        Ok(Counted {
            fen: run.fen,
            nodes: run.nodes,
            divide: run.divide.into_iter().map(|(m, n)| (m.to_string(), n)).collect(),
            label: format!("{VARIANT_REPR} ({})", self.variant.width()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chess_representation_has_a_measured_rank() {
        for name in polyboard_chess::repr::names() {
            assert!(CHESS_BY_SPEED.contains(&name), "{name} is missing from CHESS_BY_SPEED");
        }
    }

    #[test]
    fn the_default_stays_first_and_the_rest_follow_the_ranking() {
        let got = default_then_by_speed(vec!["magic", "array8x8", "x88", "new", "quad"], &CHESS_BY_SPEED);
        assert_eq!(got, ["magic", "quad", "x88", "array8x8", "new"]);
        assert!(default_then_by_speed(vec![], &CHESS_BY_SPEED).is_empty());
    }
}
