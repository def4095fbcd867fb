//! Variants over `polyboard uci` (`UCI_Variant`, `VariantPath`), driven through the
//! real protocol. Perft counts come from the repository's data files (Fairy-Stockfish,
//! Sjaak II and pyffish; see crates/polyboard-variants/tests/data/README.md); games are
//! checked move by move by polyboard-variants' rules, themselves proven by those counts.

use crate::uci_engine;

use polyboard_variants::{Board, Moves, Variant, VariantSet, with_tables};
use std::path::PathBuf;
use uci_engine::Engine;

fn data_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../polyboard-variants/tests/data").join(name)
}

/// The published counts of `variant` at `fen`: (depth, nodes), from variant-perft.txt.
fn published(variant: &str, fen: &str) -> Vec<(u32, u64)> {
    let text = std::fs::read_to_string(data_file("variant-perft.txt")).expect("variant-perft.txt");
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        if f.len() >= 3 && f[0] == variant && f[1] == fen {
            return f[2]
                .split_whitespace()
                .filter_map(|kv| kv.split_once('='))
                .map(|(d, n)| (d.parse().unwrap(), n.parse().unwrap()))
                .collect();
        }
    }
    panic!("no line for {variant} {fen}");
}

fn perft(e: &mut Engine, depth: u32) -> u64 {
    e.send(&format!("go perft {depth}"));
    let last = e.until("Nodes searched").pop().unwrap();
    last.trim_start_matches("Nodes searched: ").parse().unwrap()
}

fn start_with(variant: &str) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("setoption name UCI_Variant value {variant}"));
    e
}

#[test]
fn handshake_lists_every_variant_and_variant_path() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    let combo = lines.iter().find(|l| l.starts_with("option name UCI_Variant type combo default chess")).unwrap();
    for v in VariantSet::builtin().names() {
        assert!(combo.contains(&format!(" var {v}")), "{v} missing: {combo}");
    }
    assert!(lines.iter().any(|l| l.starts_with("option name VariantPath type string")));
    e.quit();
}

#[test]
fn go_perft_in_variants_matches_the_published_counts() {
    let cases = [
        ("capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", 3),
        ("crazyhouse", "r1bq2nr/pppp1kpp/8/4n3/3QP3/8/PPP2PPP/RNB1K2R[BPPbnp] b KQ - 0 7", 2),
        ("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 3),
    ];
    for (variant, fen, depth) in cases {
        let mut e = start_with(variant);
        e.send(&format!("position fen {fen}"));
        for (d, n) in published(variant, fen).into_iter().filter(|&(d, _)| d <= depth) {
            assert_eq!(perft(&mut e, d), n, "{variant} depth {d}");
        }
        e.quit();
    }
}

#[test]
fn switching_variants_switches_the_rules() {
    let mut e = Engine::start();
    // chess (the dedicated engine) 20, capablanca 28, xiangqi 44 moves at the start.
    for (variant, moves) in [("chess", 20), ("capablanca", 28), ("xiangqi", 44), ("chess", 20), ("Capablanca", 28)] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("position startpos");
        assert_eq!(perft(&mut e, 1), moves, "{variant}");
    }
    // `startpos moves` in FSF text: the archbishop's knight jump, a move on a file past h.
    e.send("position startpos moves c2c4 c7c5 c1d3 i7i6");
    e.send("d");
    let board = e.until("Variant:");
    assert!(board.iter().any(|l| l.starts_with("Fen: rnabqkbcnr/pp1ppppp1p/8p1/2p7/2P7/3A6/PP1PPPPPPP/RN1BQKBCNR w")));
    e.quit();
}

#[test]
fn rule_ends_are_scored_in_the_search() {
    // 3check: one check left to give, Qxf7+ (or Qxe5+) wins at once.
    let mut e = start_with("3check");
    e.send("position fen r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1+3 2 3");
    e.send("go depth 3");
    let (best, lines) = e.bestmove();
    assert!(best == "h5f7" || best == "h5e5", "{best}");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    // King of the hill: the king steps onto the hill.
    e.send("setoption name UCI_Variant value kingofthehill");
    e.send("position fen 4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    e.send("go depth 3");
    let (best, lines) = e.bestmove();
    assert!(best == "e3e4" || best == "e3d4", "{best}");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    // Xiangqi: stalemate loses for the stalemated side; a mated root answers 0000.
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("position fen 3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1");
    e.send("go depth 2");
    assert_eq!(e.bestmove().0, "0000");
    e.quit();
}

/// Plays `variant` from `fen` against itself with `go movetime`, checking every move
/// with polyboard-variants' rules, until the rules end the game; returns the result
/// for White (1, 0.5, 0) and the plies.
fn play_out(e: &mut Engine, set: &VariantSet, variant: &str, fen: &str, max_plies: usize) -> (f32, usize) {
    let v = Variant::new(set.rules(variant).unwrap()).unwrap();
    with_tables!(&v, t => {
        let mut b = Board::from_fen(t, fen).unwrap();
        let mut keys = vec![b.key()];
        let mut moves: Vec<String> = Vec::new();
        let mut last = None;
        let white_first = b.side_to_move() == 0;
        loop {
            let mut list = Moves::new();
            b.generate(&mut list);
            let white = moves.len().is_multiple_of(2) == white_first;
            let score = |v: polyboard_variants::rules::Value| match v {
                polyboard_variants::rules::Value::Win => if white { 1.0 } else { 0.0 },
                polyboard_variants::rules::Value::Loss => if white { 0.0 } else { 1.0 },
                polyboard_variants::rules::Value::Draw => 0.5,
            };
            if let Some(v) = b.outcome(!list.is_empty(), last) {
                return (score(v), moves.len());
            }
            if keys.iter().filter(|&&k| k == b.key()).count() >= 3 || moves.len() >= max_plies {
                return (0.5, moves.len());
            }
            e.send(&format!("position fen {fen} moves {}", moves.join(" ")));
            e.send("go movetime 40");
            let (best, lines) = e.bestmove();
            let mv = b.parse_move(&best).unwrap_or_else(|err| panic!("{variant} ply {}: {err}; {lines:?}", moves.len()));
            b = b.play(mv);
            keys.push(b.key());
            last = Some(mv);
            moves.push(best);
        }
    })
}

#[test]
fn capablanca_crazyhouse_and_xiangqi_games_are_played_to_the_end() {
    let set = VariantSet::builtin();
    // Won positions, so that the game ends by the rules in a few moves; every move of
    // both sides is checked.
    let cases = [
        ("capablanca", "5k4/10/10/10/10/10/10/C3K3R1 w - - 0 1"),
        ("crazyhouse", "7k/8/8/8/8/8/8/4K3[QQRRbn] w - - 0 1"),
        ("xiangqi", "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1"),
    ];
    for (variant, fen) in cases {
        let mut e = start_with(variant);
        let (result, plies) = play_out(&mut e, &set, variant, fen, 200);
        assert_eq!(result, 1.0, "{variant}: White should win, {plies} plies");
        e.quit();
    }
}

#[test]
fn cambodian_sittuyin_and_shatar_perft_and_play() {
    let set = VariantSet::builtin();
    for (variant, depth) in [("cambodian", 3), ("sittuyin", 2), ("shatar", 3)] {
        let mut e = start_with(variant);
        let start = set.rules(variant).unwrap().start_fen;
        e.send("position startpos");
        for (d, n) in published(variant, &start).into_iter().filter(|&(d, _)| d <= depth) {
            assert_eq!(perft(&mut e, d), n, "{variant} depth {d}");
        }
        // Sittuyin's setup (16 drops) and into the game; every move checked.
        let (_, plies) = play_out(&mut e, &set, variant, &start, 30);
        assert!(plies > 0, "{variant}");
        e.quit();
    }
    // Shatar: a knight's mate loses for the mating side, a rook's mate wins.
    let mut e = start_with("shatar");
    e.send("position fen 8/8/8/8/8/8/4NK1p/7k w - - 0 1");
    e.send("go depth 3");
    assert_ne!(e.bestmove().0, "e2g3");
    e.send("position fen k7/8/1K6/8/4p3/8/8/7R w - - 0 1");
    e.send("go depth 3");
    let (best, lines) = e.bestmove();
    assert_eq!(best, "h1h8");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    e.quit();
}

#[test]
fn a_user_variant_with_a_custom_piece_perfts_and_plays() {
    let ini = data_file("custom-variant.ini");
    let mut e = Engine::start();
    e.send(&format!("setoption name VariantPath value {}", ini.display()));
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines.iter().any(|l| l.starts_with("option name UCI_Variant") && l.contains(" var betzatest")));
    e.send("setoption name UCI_Variant value betzatest");
    e.send("position startpos");
    // pyffish's counts (custom-variant.perft): 22, 484, 11894.
    assert_eq!(perft(&mut e, 3), 11894);
    let mut set = VariantSet::builtin();
    set.load(&std::fs::read_to_string(&ini).unwrap(), "custom-variant.ini").unwrap();
    let fen = set.rules("betzatest").unwrap().start_fen;
    let (_, plies) = play_out(&mut e, &set, "betzatest", &fen, 40);
    assert!(plies >= 10, "{plies}");
    e.quit();
}

#[test]
fn variant_garbage_is_reported_and_ignored() {
    let mut e = Engine::start();
    for line in [
        "setoption name UCI_Variant value nosuchvariant",
        "setoption name VariantPath value /no/such/file.ini",
        "setoption name VariantPath value /dev/zero",
        "setoption name VariantPath value /",
        "setoption name UCI_Variant value crazyhouse",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[XYZ] w KQkq - 0 1",
        "position fen rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        "position startpos moves e2e4 Z@e5 e7e5",
        "position startpos moves P@e4",
        "go searchmoves q@z99 depth 1",
        "go perft x",
        "setoption name UCI_Variant value xiangqi",
        "position startpos moves a1a11 j10j9",
        "position fen 9/9/9 w - - 0 1",
    ] {
        e.send(line);
    }
    e.ready();
    // Still playing crazyhouse... no: xiangqi now, from its start.
    e.send("position startpos");
    assert_eq!(perft(&mut e, 1), 44);
    e.quit();
}
