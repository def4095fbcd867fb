//! UCI: `polyboard uci`.
//!
//! Commands: `uci`, `isready` (answered during a search too), `ucinewgame`,
//! `setoption`, `position startpos|fen ... [moves ...]`, `go` (`wtime`, `btime`,
//! `winc`, `binc`, `movestogo`, `movetime`, `depth`, `nodes`, `mate`, `infinite`,
//! `ponder`, `searchmoves`, and `perft N`), `stop`, `ponderhit`, `quit`, plus
//! Stockfish's `d` and `bench [depth]`.
//!
//! Options: `Hash`, `Threads`, `MultiPV`, `Move Overhead`, `Clear Hash`, `Ponder`,
//! `UCI_LimitStrength` and `UCI_Elo` (weakened play, [`crate::strength`]),
//! `UCI_ShowWDL` (`wdl W D L` after the score, in chess), `UCI_Chess960`, `Repr`,
//! `EvalFile` (a chess network file, [`crate::chess::nnue`]; `<built-in>`, the
//! default, for the network compiled in; `<hand-written>` for the hand-written
//! evaluation), `UCI_Variant` and `VariantPath`. `UCI_Variant` = `chess`
//! (the default) plays on the dedicated chess engine over the representation `Repr`;
//! any other variant plays on polyboard-variants' generator, in Fairy-Stockfish's FEN
//! and move text. `VariantPath` loads a `variants.ini` (Fairy-Stockfish's syntax), whose
//! variants join the combo. `bench` is chess's whatever the variant.

use super::session::Core;
use crate::api::{HASH_MAX, MULTIPV_MAX, THREADS_MAX};
#[cfg(feature = "chess")]
use crate::chess::BENCH_DEPTH;
use crate::game::clip;
use crate::strength::{ELO_MAX, ELO_MIN, SKILL_MAX};
#[cfg(not(feature = "chess"))]
const BENCH_DEPTH: u32 = 10;
use std::time::Instant;

/// `uci`: the engine's name and options.
pub(super) fn handshake(s: &Core) {
    let lines = vec![
        format!("id name polyboard {}", env!("CARGO_PKG_VERSION")),
        "id author the polyboard authors".to_string(),
        format!("option name Hash type spin default 16 min 1 max {HASH_MAX}"),
        format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
        format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
        "option name Move Overhead type spin default 30 min 0 max 5000".to_string(),
        "option name Clear Hash type button".to_string(),
        "option name Ponder type check default false".to_string(),
        format!("option name Skill Level type spin default {SKILL_MAX} min 0 max {SKILL_MAX}"),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {ELO_MIN} min {ELO_MIN} max {ELO_MAX}"),
        "option name UCI_ShowWDL type check default false".to_string(),
    ];
    s.handshake_end(lines, "uciok");
}

/// `bench [depth]`: the chess bench on the representation `Repr`, and its signature.
pub(super) fn bench(s: &Core, args: &[&str]) {
    let depth = match args.first() {
        None => BENCH_DEPTH,
        Some(t) => match t.parse::<u32>() {
            Ok(d) if (1..=30).contains(&d) => d,
            _ => return s.info(&format!("bench: '{}' is not a depth in 1..=30", clip(t))),
        },
    };
    let start = Instant::now();
    let Some(total) = s.engine.bench(depth, &mut |l| s.say(&l)) else { return };
    let ms = start.elapsed().as_millis().max(1);
    s.say("\n===========================");
    s.say(&format!("Total time (ms) : {ms}"));
    s.say(&format!("Nodes searched  : {total}"));
    s.say(&format!("Nodes/second    : {}", total as u128 * 1000 / ms));
}
