//! Shogi-family variants over `polyboard usi` (`USI_Variant`, `VariantPath`), driven
//! through the real protocol: SFEN in, USI move text out, as Fairy-Stockfish speaks
//! USI. Perft counts come from the repository's data file (Fairy-Stockfish, Sjaak II and
//! pyffish; see crates/polyboard-variants/tests/data/README.md); games are checked move
//! by move by polyboard-variants' rules, themselves proven by those counts and by
//! Fairy-Stockfish's USI move lists (crates/polyboard-variants/tests/usi_text.rs).

use crate::uci_engine;

use polyboard_variants::rules::Value;
use polyboard_variants::{Board, Moves, Variant, VariantSet, with_tables};
use std::path::PathBuf;
use uci_engine::Engine;

fn data_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../polyboard-variants/tests/data").join(name)
}

/// The published start-position counts of `variant`: (depth, nodes).
fn published(variant: &str) -> Vec<(u32, u64)> {
    let text = std::fs::read_to_string(data_file("variant-perft.txt")).expect("variant-perft.txt");
    let line = text.lines().find(|l| l.split(" ; ").next() == Some(variant)).expect("a line for the variant");
    let counts = line.split(" ; ").nth(2).unwrap();
    counts
        .split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .map(|(d, n)| (d.parse().unwrap(), n.parse().unwrap()))
        .collect()
}

fn perft(e: &mut Engine, depth: u32) -> u64 {
    e.send(&format!("go perft {depth}"));
    let last = e.until("Nodes searched").pop().unwrap();
    last.trim_start_matches("Nodes searched: ").parse().unwrap()
}

fn usi_with(variant: &str) -> Engine {
    let mut e = Engine::run("usi");
    e.send(&format!("setoption name USI_Variant value {variant}"));
    e
}

#[test]
fn handshake_lists_the_shogi_family() {
    let mut e = Engine::run("usi");
    e.send("usi");
    let lines = e.until("usiok");
    let combo = lines.iter().find(|l| l.starts_with("option name USI_Variant type combo default shogi")).unwrap();
    for v in ["shogi", "minishogi", "judkins", "gorogoro", "euroshogi"] {
        assert!(combo.contains(&format!(" var {v}")), "{v} missing: {combo}");
    }
    for v in ["chess", "crazyhouse", "xiangqi"] {
        assert!(!combo.contains(&format!(" var {v}")), "{v} listed: {combo}");
    }
    assert!(lines.iter().any(|l| l.starts_with("option name VariantPath type string")));
    e.quit();
}

#[test]
fn go_perft_in_shogi_variants_matches_the_published_counts() {
    for variant in ["minishogi", "judkins", "gorogoro", "euroshogi", "shogi"] {
        let mut e = usi_with(variant);
        e.send("position startpos");
        for (d, n) in published(variant).into_iter().filter(|&(d, _)| d <= 3) {
            assert_eq!(perft(&mut e, d), n, "{variant} depth {d}");
        }
        e.quit();
    }
    // Fairy-Stockfish 11.1's name for the option, and its SFEN of minishogi's start.
    let mut e = Engine::run("usi");
    e.send("setoption name UCI_Variant value minishogi");
    e.send("position sfen rbsgk/4p/5/P4/KGSBR b - 1");
    assert_eq!(perft(&mut e, 2), 181);
    e.quit();
}

#[test]
fn positions_read_sfen_and_fen_and_usi_moves() {
    let mut e = usi_with("minishogi");
    // The same position three ways: moves from the start, its SFEN, its FEN. The pawns
    // walk up their files and take the rooks, promoting on entering the last rank.
    let moves = "5d5c 1b1c 5c5b 1c1d 5b5a+ 1d1e+";
    let mut fens = Vec::new();
    for position in [
        format!("position startpos moves {moves}"),
        format!("position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves {moves}"),
        format!("position fen rbsgk/4p/5/P4/KGSBR[] w - - 0 1 moves {moves}"),
    ] {
        e.send(&position);
        e.send("d");
        let lines = e.until("Variant:");
        let sfen = lines.iter().find(|l| l.starts_with("Sfen: ")).unwrap().clone();
        fens.push(sfen);
    }
    assert_eq!(fens[0], "Sfen: +Pbsgk/5/5/5/KGSB+p b Rr 7");
    assert!(fens.iter().all(|f| *f == fens[0]), "{fens:?}");
    // Drops in USI text: the rook in hand.
    e.send(&format!("position startpos moves {moves} R*3c"));
    e.send("d");
    assert!(e.until("Variant:").iter().any(|l| l == "Sfen: +Pbsgk/5/2R2/5/KGSB+p w r 8"));
    e.quit();
}

/// Plays minishogi from the start against itself over USI with byoyomi, every move
/// checked by polyboard-variants' rules, until the rules end the game (checkmate, a
/// pawn-drop mate played, no move) or a position occurs a fourth time (sennichite).
/// Returns the result for the first mover and the plies.
fn play_minishogi(e: &mut Engine, max_plies: usize) -> (Option<Value>, usize) {
    let v = Variant::new(VariantSet::builtin().rules("minishogi").unwrap()).unwrap();
    with_tables!(&v, t => {
        let mut b = Board::from_sfen(t, "rbsgk/4p/5/P4/KGSBR b - 1").unwrap();
        let mut keys = vec![b.key()];
        let mut moves: Vec<String> = Vec::new();
        let mut last = None;
        loop {
            let mut list = Moves::new();
            b.generate(&mut list);
            if let Some(v) = b.outcome(!list.is_empty(), last) {
                let first_mover = if b.side_to_move() == 0 { v } else { flip(v) };
                return (Some(first_mover), moves.len());
            }
            if keys.iter().filter(|&&k| k == b.key()).count() >= 4 || moves.len() >= max_plies {
                return (None, moves.len());
            }
            e.send(&format!("position startpos moves {}", moves.join(" ")));
            e.send("go btime 0 wtime 0 byoyomi 100");
            let (best, lines) = e.bestmove();
            let mv = b.parse_usi_move(&best).unwrap_or_else(|err| panic!("ply {}: {err}; {lines:?}", moves.len()));
            b = b.play(mv);
            keys.push(b.key());
            last = Some(mv);
            moves.push(best);
        }
    })
}

fn flip(v: Value) -> Value {
    match v {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        Value::Draw => Value::Draw,
    }
}

#[test]
fn a_whole_minishogi_game_is_played_over_usi() {
    let mut e = usi_with("minishogi");
    e.send("usinewgame");
    let (result, plies) = play_minishogi(&mut e, 400);
    eprintln!("minishogi self-play over USI: {plies} plies, result for the first mover {result:?}");
    assert!(plies >= 10, "{plies}");
    e.quit();
}

#[test]
fn a_mated_root_resigns_and_a_mate_is_found() {
    let mut e = usi_with("minishogi");
    // Gote's king on 1a: G*1b is mate (the gold is guarded by the silver on 2c).
    e.send("position sfen 4k/5/3S1/5/K4 b G 1");
    e.send("go depth 3");
    let (best, lines) = e.bestmove();
    assert_eq!(best, "G*1b");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    e.send("position sfen 4k/5/3S1/5/K4 b G 1 moves G*1b");
    e.send("go depth 2");
    assert_eq!(e.bestmove().0, "resign");
    e.quit();
}

#[test]
fn a_user_shogi_variant_from_variant_path_is_listed_and_played() {
    let dir = std::env::temp_dir().join(format!("polyboard-usi-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ini = dir.join("mini.ini");
    // The same rules as minishogi under another name: the published minishogi counts.
    std::fs::write(&ini, "[myminishogi:minishogi]\n").unwrap();
    let mut e = Engine::run("usi");
    e.send(&format!("setoption name VariantPath value {}", ini.display()));
    e.send("usi");
    let lines = e.until("usiok");
    assert!(lines.iter().any(|l| l.starts_with("option name USI_Variant") && l.contains(" var myminishogi")));
    e.send("setoption name USI_Variant value myminishogi");
    e.send("position startpos");
    assert_eq!(perft(&mut e, 3), 2512);
    e.send("go depth 2");
    let best = e.bestmove().0;
    assert!(best.len() == 4 || best.len() == 5, "{best}");
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usi_variant_garbage_is_reported_and_ignored() {
    let mut e = Engine::run("usi");
    for line in [
        "setoption name USI_Variant value nosuchvariant",
        "setoption name USI_Variant value crazyhouse",
        "setoption name VariantPath value /no/such/file.ini",
        "setoption name USI_Variant value judkins",
        "position sfen rbsgk/4p/5/P4/KGSBR b - 1",
        "position sfen rbnsgk/5p/6/6/P5/KGSNBR b 300P 1",
        "position sfen rbnsgk/5p/6/6/P5/KGSNBR b - 0",
        "position sfen rbnsgk/5p/6/6/P5/KGSNBR x - 1",
        "position sfen rbnsgk/5p/6/6/P5/KGSNBR[P] b - 1",
        "position startpos moves 6e6d P*1a 1a1b",
        "position startpos moves e2e4",
        "position sfen",
        "position",
        "go perft x",
        "go mate 100",
    ] {
        e.send(line);
    }
    e.ready();
    // Still judkins, from its start.
    e.send("position startpos");
    assert_eq!(perft(&mut e, 1), 20);
    // Back to shogi on the dedicated engine.
    e.send("setoption name USI_Variant value shogi");
    e.send("position startpos");
    assert_eq!(perft(&mut e, 1), 30);
    e.quit();
}

#[test]
fn the_d_diagram_is_labelled_in_usi_squares() {
    // USI names minishogi's files 5..1 from the left and ranks a..e from the top: Black's
    // pawn starts on 5d (Fairy-Stockfish's SFEN rbsgk/4p/5/P4/KGSBR) and 5d5c moves it up.
    let mut e = usi_with("minishogi");
    e.send("position startpos moves 5d5c");
    e.send("d");
    let lines = e.until("Variant:");
    let rows: Vec<&String> = lines.iter().filter(|l| l.starts_with('|')).collect();
    assert_eq!(rows.len(), 5, "{lines:?}");
    assert!(rows[0].starts_with("| r | b |") && rows[0].ends_with("| a"), "{lines:?}");
    assert!(rows[2].starts_with("| P |") && rows[2].ends_with("| c"), "{lines:?}");
    assert!(rows[4].ends_with("| e"), "{lines:?}");
    assert!(lines.iter().any(|l| l.trim_end() == "  5   4   3   2   1"), "{lines:?}");
    // The checker in USI too: White's king on 1a, Black's rook on 1e.
    e.send("position sfen 4k/5/5/5/K3R w - 1");
    e.send("d");
    let lines = e.until("Variant:");
    assert!(lines.iter().any(|l| l == "Checkers: 1e"), "{lines:?}");
    e.quit();
}
