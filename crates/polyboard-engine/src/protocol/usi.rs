//! USI: `polyboard usi`.
//!
//! Commands: `usi`, `isready` (answered during a search too), `setoption`,
//! `usinewgame`, `position sfen <sfen>|startpos [moves ...]`, `go` (`btime`, `wtime`,
//! `binc`, `winc`, `byoyomi`, `movetime`, `depth`, `nodes`, `infinite`, `ponder`, and
//! `perft N`), `stop`, `ponderhit`, `gameover`, `quit`, plus `d` (the position).
//!
//! Options: `USI_Hash`, `Threads`, `Move Overhead` (ms reserved a move, 30 by default), `SkillLevel` (YaneuraOu's name), `USI_LimitStrength` and `USI_Elo` (weakened play,
//! [`crate::strength`]; the scale is chess's), `Repr` (a `polyboard_shogi` representation),
//! `EnteringKingRule` (YaneuraOu's name and values: `NoEnteringKing`, `CSARule24`,
//! `CSARule27`, the default), `EvalFile` (a file of shogi evaluation weights in
//! `shogi_weights.txt`'s format; `<built-in>` for the compiled-in ones), `USI_Variant`
//! (also read as `UCI_Variant`, Fairy-Stockfish 11.1's name for it) and `VariantPath`.
//! Under a rule, a position where the side to move may declare an impasse win is
//! answered `bestmove win`, and the search scores such positions as won.
//!
//! `USI_Variant` picks the game: `shogi` (the default) is the dedicated engine; the
//! other shogi-family variants loaded (`minishogi`, `judkins`, `gorogoro`, `euroshogi`,
//! and those of `VariantPath` files) play on polyboard-variants in SFEN (`position
//! sfen`, or Fairy-Stockfish FEN with `position fen`) and USI move text, as
//! Fairy-Stockfish speaks USI. `go mate <ms>|infinite` runs the df-pn solver of the
//! dedicated engine and answers `checkmate <moves>`, `checkmate nomate` or `checkmate
//! timeout` (also after `stop`); other variants answer `checkmate notimplemented`. With
//! no legal move the engine answers `bestmove resign`.

use super::session::{Core, USI_OVERHEAD};
use crate::api::{HASH_MAX, THREADS_MAX};
use crate::strength::{ELO_MAX, ELO_MIN, SKILL_MAX};

/// `usi`: the engine's name and options.
pub(super) fn handshake(s: &Core) {
    let lines = vec![
        format!("id name polyboard {}", env!("CARGO_PKG_VERSION")),
        "id author the polyboard authors".to_string(),
        format!("option name USI_Hash type spin default 16 min 1 max {HASH_MAX}"),
        format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
        format!("option name Move Overhead type spin default {USI_OVERHEAD} min 0 max 5000"),
        format!("option name SkillLevel type spin default {SKILL_MAX} min 0 max {SKILL_MAX}"),
        "option name USI_LimitStrength type check default false".to_string(),
        format!("option name USI_Elo type spin default {ELO_MIN} min {ELO_MIN} max {ELO_MAX}"),
    ];
    s.handshake_end(lines, "usiok");
}
