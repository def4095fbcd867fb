//! One self-play game per built-in variant, over the protocol a GUI would use for it:
//! `UCI_Variant` over `polyboard uci`, and `USI_Variant` over `polyboard usi` for the
//! shogi family that `usi` lists. Every move the engine sends is checked by
//! polyboard-variants' rules (proven by pyffish's and Fairy-Stockfish's counts), and the
//! game goes on until those rules end it: checkmate, stalemate, a rule's win (flag,
//! extinction, n-check, bikjang, full board...), the n-move rule, or a position occurring
//! a third time. A game still going at `MAX_PLIES` counts as unfinished; the test fails
//! on any illegal or missing move and reports how each game ended.

use crate::uci_engine;

use polyboard_variants::rules::Value;
use polyboard_variants::{Board, Moves, Variant, VariantSet, with_tables};
use uci_engine::Engine;

/// Plies after which a game is left unfinished (none is, today).
const MAX_PLIES: usize = 600;

/// How a smoke game ended.
#[derive(Debug)]
enum End {
    /// The rules ended it, with this result for the side to move at the end.
    Rules(Value),
    /// The same position a third time.
    Repetition,
    /// Still going after `MAX_PLIES`.
    Unfinished,
}

/// The names `polyboard usi` lists in its `USI_Variant` combo.
fn usi_names() -> Vec<String> {
    let mut e = Engine::run("usi");
    e.send("usi");
    let lines = e.until("usiok");
    e.quit();
    let combo = lines.iter().find(|l| l.starts_with("option name USI_Variant")).expect("a USI_Variant option");
    combo.split(" var ").skip(1).map(|v| v.split_whitespace().next().unwrap_or("").to_string()).collect()
}

/// Plays `variant` from its start against itself, `go nodes` a move, checking each move.
fn self_play(variant: &str, usi: bool) -> (End, usize) {
    let set = VariantSet::builtin();
    let v = Variant::new(set.rules(variant).unwrap()).unwrap();
    let mut e = Engine::run(if usi { "usi" } else { "uci" });
    let option = if usi { "USI_Variant" } else { "UCI_Variant" };
    e.send(&format!("setoption name {option} value {variant}"));
    e.send(if usi { "usinewgame" } else { "ucinewgame" });
    let end = with_tables!(&v, t => {
        let mut b = Board::from_fen(t, &v.rules().start_fen).unwrap();
        let mut keys = vec![b.key()];
        let mut moves: Vec<String> = Vec::new();
        let mut last = None;
        loop {
            let mut list = Moves::new();
            b.generate(&mut list);
            if let Some(v) = b.outcome(!list.is_empty(), last) {
                break (End::Rules(v), moves.len());
            }
            if keys.iter().filter(|&&k| k == b.key()).count() >= 3 {
                break (End::Repetition, moves.len());
            }
            if moves.len() >= MAX_PLIES {
                break (End::Unfinished, moves.len());
            }
            e.send(&format!("position startpos moves {}", moves.join(" ")));
            e.send("go nodes 400");
            let (best, lines) = e.bestmove();
            let parsed = if usi { b.parse_usi_move(&best) } else { b.parse_move(&best) };
            let mv = parsed.unwrap_or_else(|err| panic!("{variant} ply {}: {best}: {err}; {lines:?}", moves.len()));
            assert!(list.contains(&mv), "{variant} ply {}: {best} is not legal", moves.len());
            b = b.play(mv);
            keys.push(b.key());
            last = Some(mv);
            moves.push(best);
        }
    });
    e.quit();
    end
}

#[test]
fn every_builtin_variant_is_played_to_the_end_over_its_protocol() {
    let usi = usi_names();
    let mut unfinished = Vec::new();
    let mut report = Vec::new();
    for name in VariantSet::builtin().names() {
        let over_usi = usi.contains(&name);
        let (end, plies) = self_play(&name, over_usi);
        let how = match end {
            End::Rules(v) => format!("the rules ({v:?} for the side to move)"),
            End::Repetition => "threefold repetition".to_string(),
            End::Unfinished => "unfinished".to_string(),
        };
        report.push(format!("{name} over {}: {how} after {plies} plies", if over_usi { "usi" } else { "uci" }));
        if matches!(end, End::Unfinished) {
            unfinished.push(name.clone());
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(unfinished.is_empty(), "unfinished after {MAX_PLIES} plies: {unfinished:?}");
}
