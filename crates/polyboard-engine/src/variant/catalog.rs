//! The variants an engine knows: polyboard-variants' built-in ones, then those of
//! variant files (Fairy-Stockfish's `variants.ini` syntax) loaded at run time, each
//! built once ([`Built`]); and which of them a notation can play.
//!
//! Over USI, the variants listed and accepted are the shogi family ([`fits_usi`]):
//! captured pieces go to the hand and may be dropped, and nothing in the rules needs
//! more than SFEN can say (no castling, gating, en passant or check counting).

use super::Built;
use crate::game::{Game, Notation, clip};
use polyboard_variants::{Rules, VariantSet};

/// The most bytes of a variant file read (Fairy-Stockfish's own variants.ini is about
/// 50 KB).
pub const MAX_FILE: u64 = 1 << 20;

/// The variants known, for one notation.
pub(crate) struct Catalog {
    set: VariantSet,
    notation: Notation,
}

impl Catalog {
    /// The built-in variants, over `notation`.
    pub(crate) fn new(notation: Notation) -> Catalog {
        Catalog { set: VariantSet::builtin(), notation }
    }

    /// Whether the notation can play the variant of `rules` (and if not, why).
    fn plays(&self, rules: &Rules) -> Result<(), String> {
        match self.notation {
            Notation::Uci => Ok(()),
            Notation::Usi => fits_usi(rules),
        }
    }

    /// Every variant known that the notation plays, in the set's order.
    pub(crate) fn names(&self) -> Vec<String> {
        let plays = |n: &String| self.set.rules(n).is_ok_and(|r| self.plays(&r).is_ok());
        self.set.names().into_iter().filter(plays).collect()
    }

    /// The variant named `name` (any case), as listed.
    pub(crate) fn find(&self, name: &str) -> Option<String> {
        self.set.names().into_iter().find(|n| n.eq_ignore_ascii_case(name))
    }

    /// The start position of the variant `name` (as listed); the error says why the
    /// notation cannot play it.
    pub(crate) fn open(&self, name: &str, option: &str) -> Result<Box<dyn Game>, String> {
        let rules = self.set.rules(name).map_err(|e| e.to_string())?;
        self.plays(&rules).map_err(|e| format!("{option}: {e}"))?;
        let built = Built::new(rules).map_err(|e| e.to_string())?;
        super::game::open(built, self.notation)
    }

    /// Loads the variant definitions of the file `path` as Fairy-Stockfish reads them (a
    /// line or section that does not read is left out); returns the names it added or
    /// redefined, and one warning a line or section left out.
    pub(crate) fn load_path(&mut self, path: &str) -> Result<(Vec<String>, Vec<String>), String> {
        let text = read_limited(path).map_err(|e| format!("VariantPath '{}': {e}", clip(path)))?;
        let loaded = self.set.load_lenient(&text, path);
        let warnings = loaded.warnings().map(|w| w.to_string()).collect();
        Ok((loaded.names, warnings))
    }
}

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

    #[test]
    fn usi_plays_the_shogi_family_only() {
        let set = VariantSet::builtin();
        let plays: Vec<String> = set.names().into_iter().filter(|n| fits_usi(&set.rules(n).unwrap()).is_ok()).collect();
        // `mini` is Fairy-Stockfish's other name for minishogi.
        assert_eq!(
            plays,
            [
                "shogi",
                "minishogi",
                "judkins",
                "gorogoro",
                "euroshogi",
                "kyotoshogi",
                "micro",
                "okisakishogi",
                "mini",
                "dobutsu",
                "yarishogi",
                "torishogi"
            ]
        );
        assert!(fits_usi(&set.rules("crazyhouse").unwrap()).unwrap_err().contains("castling"));
    }
}
