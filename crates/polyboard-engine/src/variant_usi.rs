//! The protocol a variant front end speaks ([`Protocol`]): `polyboard uci` plays the
//! variants of `UCI_Variant` in Fairy-Stockfish's FEN and UCI move text; `polyboard
//! usi` plays the shogi-family ones of `USI_Variant` in SFEN and USI move text, as
//! Fairy-Stockfish does when it speaks USI (see [`polyboard_variants::usi`]).
//!
//! Over USI, the variants listed and accepted are the shogi family ([`fits_usi`]):
//! captured pieces go to the hand and may be dropped, and nothing in the rules needs
//! more than SFEN can say (no castling, gating, en passant or check counting). Of the
//! built-in ones: `minishogi`, `judkins`, `gorogoro`, `euroshogi`, and `shogi`, which is
//! played by the dedicated engine of [`crate::usi`] (polyboard-shogi), as `chess` is by
//! the chess engine over UCI.

use crate::frontend::info_text;
use crate::search::Info;
use crate::uci::info_line;
use crate::usi::usi_score;
use polyboard_variants::bits::Bits;
use polyboard_variants::uci::MoveError;
use polyboard_variants::{Board, Move, Rules, Tables};

/// The name of the variant the dedicated shogi engine plays over USI.
pub const SHOGI: &str = "shogi";

/// The protocol of a variant front end: what it reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI: Fairy-Stockfish FEN (`position fen`) and UCI move text (`P@e4`).
    Uci,
    /// USI: SFEN (`position sfen`, and Fairy-Stockfish FEN with `position fen`) and USI
    /// move text (`P*5e`, `8h2b+`).
    Usi,
}

impl Protocol {
    /// The variant its dedicated engine plays (`chess`, `shogi`).
    pub fn dedicated(self) -> &'static str {
        match self {
            Protocol::Uci => crate::variant_uci::CHESS,
            Protocol::Usi => SHOGI,
        }
    }

    /// The name of the option that chooses the variant.
    pub fn option(self) -> &'static str {
        match self {
            Protocol::Uci => "UCI_Variant",
            Protocol::Usi => "USI_Variant",
        }
    }

    /// Whether the protocol can play the variant of `rules` (and if not, why).
    pub fn plays(self, rules: &Rules) -> Result<(), String> {
        match self {
            Protocol::Uci => Ok(()),
            Protocol::Usi => fits_usi(rules),
        }
    }

    /// The move text of `mv`, a legal move of `b`.
    pub(crate) fn text<B: Bits>(self, b: &Board<'_, B>, mv: Move) -> String {
        match self {
            Protocol::Uci => b.move_text(mv),
            Protocol::Usi => b.usi_move_text(mv),
        }
    }

    /// The legal move of `b` written `text`.
    pub(crate) fn parse<B: Bits>(self, b: &Board<'_, B>, text: &str) -> Result<Move, MoveError> {
        match self {
            Protocol::Uci => b.parse_move(text),
            Protocol::Usi => b.parse_usi_move(text),
        }
    }

    /// The position of `position <kind> <text>`: `fen` in both protocols, `sfen` in USI.
    pub(crate) fn read<'a, B: Bits>(self, t: &'a Tables<B>, kind: &str, text: &str) -> Result<Board<'a, B>, String> {
        match (self, kind) {
            (_, "fen") => Board::from_fen(t, text).map_err(|e| e.to_string()),
            (Protocol::Usi, "sfen") => Board::from_sfen(t, text).map_err(|e| e.to_string()),
            _ => Err(format!("position: expected 'startpos' or '{}'", self.position_forms())),
        }
    }

    /// The position forms `position` takes besides `startpos`.
    pub(crate) fn position_forms(self) -> &'static str {
        match self {
            Protocol::Uci => "fen <fen>",
            Protocol::Usi => "sfen <sfen>' or 'fen <fen>",
        }
    }

    /// `bestmove`'s word for "no legal move".
    pub(crate) fn no_move(self) -> &'static str {
        match self {
            Protocol::Uci => "0000",
            Protocol::Usi => "resign",
        }
    }

    /// An `info depth ...` line (USI: mate scores in plies, no `multipv`).
    pub(crate) fn info<M>(self, info: &Info<M>, pv: &str) -> String {
        match self {
            Protocol::Uci => info_line(info, pv),
            Protocol::Usi => info_text(info, &usi_score(info.score), None, pv),
        }
    }
}

/// Ok when the variant is of the shogi family that USI plays: captured pieces go to
/// the hand and are dropped, and SFEN says all of a position (no castling, gating, en
/// passant or check counting); else what is missing.
pub fn fits_usi(r: &Rules) -> Result<(), String> {
    let en_passant = r.double_step && r.pieces.iter().any(|p| p.pawn);
    let why = if !(r.drops && r.captures_to_hand) {
        "captured pieces do not go to the hand"
    } else if r.castling {
        "it has castling"
    } else if r.gating {
        "it has gating"
    } else if en_passant {
        "it has en passant"
    } else if r.check_counting {
        "it counts checks"
    } else {
        return Ok(());
    };
    Err(format!("{} is not a shogi-family variant USI plays ({why}); use 'polyboard uci'", r.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_variants::VariantSet;

    #[test]
    fn usi_plays_the_shogi_family_only() {
        let set = VariantSet::builtin();
        let plays: Vec<String> = set.names().into_iter().filter(|n| fits_usi(&set.rules(n).unwrap()).is_ok()).collect();
        assert_eq!(plays, ["shogi", "minishogi", "judkins", "gorogoro", "euroshogi"]);
        assert!(fits_usi(&set.rules("crazyhouse").unwrap()).unwrap_err().contains("castling"));
    }
}
