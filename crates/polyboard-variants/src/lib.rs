//! polyboard-variants: a Sjaak-style generic variant engine.
//!
//! What ships:
//!
//! - Boards of any rectangle up to 128 squares (16 files, 16 ranks) on `u64` or `u128`
//!   bitboards through the same generic code ([`bits::Bits`], polyboard-core's `Wide`).
//! - Pieces from Betza notation ([`betza`]): leapers, sliders, riders, lame leapers,
//!   hoppers, divergent movers; a royal bitboard; up to 32 piece types (the promoted ones counted); holdings.
//! - Variants from files in Fairy-Stockfish's `variants.ini` syntax ([`rules`]); the
//!   built-in ones ([`VariantSet::builtin`]) ship as `variants.ini` beside this crate.
//! - Moves in Sjaak's pickup / drop / store / retrieve encoding ([`moves::Move`]),
//!   played by copy-make ([`board::Stack`]).
//! - Fairy-Stockfish FEN ([`fen`]) and UCI move text ([`uci`]); SFEN and USI move text
//!   as Fairy-Stockfish speaks USI ([`usi`]).
//! - Perft ([`perft`]): polyboard-core's driver, [`Board`] being a
//!   `polyboard_core::perft::PerftNode`; [`suite`] reads perft suite files.
//!
//! [`Variant`] picks the bitboard width for a variant and runs perft on it.
//!
//! # Example
//!
//! Minishogi's start position to depth 3, the count Fairy-Stockfish and Sjaak II
//! publish (tests/data/variant-perft.txt):
//!
//! ```
//! use polyboard_variants::{Variant, VariantSet};
//!
//! let variant = Variant::new(VariantSet::builtin().rules("minishogi")?)?;
//! assert_eq!(variant.width(), "u64");
//! let run = variant.perft(None, &[], 3, false, false)?;
//! assert_eq!(run.nodes, 2512);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod betza;
pub mod bits;
pub mod board;
pub mod compat;
pub mod fen;
pub mod lenient;
pub mod moves;
pub mod perft;
pub mod rules;
pub mod san;
pub mod suite;
pub mod tables;
pub mod uci;
pub mod usi;

use core::fmt;

pub use board::{Board, Moves, Stack};
pub use fen::FenError;
pub use lenient::Loaded;
pub use moves::Move;
pub use rules::{CountingRule, Rules, SectionError, VariantError, VariantSet};
pub use tables::Tables;
pub use uci::MoveError;

/// A variant's tables on the narrowest bitboard that holds its board.
pub enum Variant {
    /// Up to 64 squares.
    Narrow(Box<Tables<u64>>),
    /// 65 to 128 squares.
    Wide(Box<Tables<u128>>),
}

/// The result of a perft run.
#[derive(Clone, Debug)]
pub struct PerftRun {
    /// The position counted (after the moves), as FEN.
    pub fen: String,
    /// The leaf count.
    pub nodes: u64,
    /// With divide: each move's UCI text and its count.
    pub divide: Vec<(String, u64)>,
}

/// Why [`Variant::perft`] did not run: the position or a move of the list does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftError {
    /// The FEN does not read: the error names the field and the reason.
    Fen(FenError),
    /// A move of the list is not a legal move of the position it is played in.
    Move {
        /// Its place in the list (0 for the first move).
        index: usize,
        /// The move text and the reason.
        error: MoveError,
    },
}

/// The text of the error inside: the FEN field and the reason, or the move text and
/// the reason (the text `Variant::perft` gave when its error was a `String`).
impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::Fen(e) => e.fmt(f),
            PerftError::Move { error, .. } => error.fmt(f),
        }
    }
}

impl std::error::Error for PerftError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PerftError::Fen(e) => Some(e),
            PerftError::Move { error, .. } => Some(error),
        }
    }
}

/// The error's text, for callers that collect errors as `String`s with `?`.
impl From<PerftError> for String {
    fn from(e: PerftError) -> String {
        e.to_string()
    }
}

/// Runs `$body` with `$b` bound to the variant's tables (`&Tables<u64>` or
/// `&Tables<u128>`).
#[macro_export]
macro_rules! with_tables {
    ($v:expr, $t:ident => $body:expr) => {
        match $v {
            $crate::Variant::Narrow($t) => {
                let $t = &**$t;
                $body
            }
            $crate::Variant::Wide($t) => {
                let $t = &**$t;
                $body
            }
        }
    };
}

impl Variant {
    /// Builds the tables of `rules`, and checks that its start position reads.
    pub fn new(rules: Rules) -> Result<Variant, VariantError> {
        let name = rules.name.clone();
        let fen = rules.start_fen.clone();
        let v = if rules.files * rules.ranks <= 64 {
            Variant::Narrow(Box::new(Tables::new(rules)))
        } else {
            Variant::Wide(Box::new(Tables::new(rules)))
        };
        let check = with_tables!(&v, t => Board::from_fen(t, &fen).map(|_| ()));
        check.map_err(|e| VariantError {
            source: "variants".into(),
            line: 0,
            key: format!("{name} startFen"),
            reason: e.to_string(),
        })?;
        Ok(v)
    }

    /// Every built-in variant, in file order.
    pub fn builtin() -> Vec<Variant> {
        let set = VariantSet::builtin();
        set.names().iter().filter_map(|n| set.rules(n).ok().and_then(|r| Variant::new(r).ok())).collect()
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        with_tables!(self, t => &t.rules)
    }

    /// The name of the bitboard width the variant runs on (`u64` or `u128`).
    pub fn width(&self) -> &'static str {
        match self {
            Variant::Narrow(_) => "u64",
            Variant::Wide(_) => "u128",
        }
    }

    /// Perft from `fen` (the start position when `None`) after the UCI `moves`.
    pub fn perft(
        &self,
        fen: Option<&str>,
        moves: &[&str],
        depth: u32,
        divide: bool,
        full: bool,
    ) -> Result<PerftRun, PerftError> {
        with_tables!(self, t => {
            let mut b = Board::from_fen(t, fen.unwrap_or(&t.rules.start_fen)).map_err(PerftError::Fen)?;
            for (index, m) in moves.iter().enumerate() {
                let mv = b.parse_move(m).map_err(|error| PerftError::Move { index, error })?;
                b = b.play(mv);
            }
            let fen = b.fen();
            if divide && depth > 0 {
                let rows: Vec<(String, u64)> = perft::divide(&b, depth, full).into_iter().map(|(m, n)| (b.move_text(m), n)).collect();
                Ok(PerftRun { fen, nodes: rows.iter().map(|r| r.1).sum(), divide: rows })
            } else {
                let nodes = if full { perft::perft_full(&b, depth) } else { perft::perft(&b, depth) };
                Ok(PerftRun { fen, nodes, divide: Vec::new() })
            }
        })
    }
}
