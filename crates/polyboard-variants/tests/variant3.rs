//! Cambodian, Sittuyin and Shatar: move text, FEN, the variant-file keys and the game
//! results, each value as Fairy-Stockfish 11.1 (Debian) gives it (`go perft 1`, `d`,
//! and `go depth 1` on the final position: `score mate 0` for a mate, `cp 0` for a
//! draw; a mate in one it avoids at depth 2 loses for the mating side).

use polyboard_variants::rules::Value;
use polyboard_variants::{Board, Moves, Variant, VariantSet, with_tables};

fn variant(name: &str) -> Variant {
    Variant::new(VariantSet::builtin().rules(name).unwrap()).unwrap()
}

fn legal_texts(v: &Variant, fen: &str, moves: &[&str]) -> Vec<String> {
    with_tables!(v, t => {
        let mut b = Board::from_fen(t, fen).unwrap();
        for m in moves {
            b = b.play(b.parse_move(m).unwrap());
        }
        let mut list = Moves::new();
        b.generate(&mut list);
        let mut out: Vec<String> = list.iter().map(|&m| b.move_text(m)).collect();
        out.sort();
        out
    })
}

/// The result for the side to move after `moves` from `fen`, with the game's history
/// (the Shatar rule looks back along the checks).
fn result(name: &str, fen: &str, moves: &str) -> Option<Value> {
    let v = variant(name);
    with_tables!(&v, t => {
        let mut b = Board::from_fen(t, fen).unwrap();
        let mut last = None;
        for m in moves.split_whitespace() {
            let mv = b.parse_move(m).unwrap();
            b = b.play(mv);
            last = Some(mv);
        }
        b.outcome(b.count_moves() > 0, last)
    })
}

#[test]
fn cambodian_first_moves() {
    let v = variant("cambodian");
    let start = v.rules().start_fen.clone();
    // The king's leaps d1b2 and d1f2 beside makruk's 23 moves; the met's leap e1e3
    // once e3 is free, and still after other moves (the gates stay).
    let first = legal_texts(&v, &start, &[]);
    assert_eq!(first.len(), 25);
    assert!(first.contains(&"d1b2".to_string()) && first.contains(&"d1f2".to_string()));
    let later = legal_texts(&v, &start, &["e3e4", "d6d5"]);
    assert!(["d1b2", "d1f2", "e1e3"].iter().all(|m| later.contains(&m.to_string())), "{later:?}");
    let fen = v.perft(None, &["d1b2"], 0, false, false).unwrap().fen;
    assert_eq!(fen, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1");
}

#[test]
fn sittuyin_setup_and_promotion() {
    let v = variant("sittuyin");
    let start = v.rules().start_fen.clone();
    let setup = "K@d1 K@e8 F@e1 F@d8 R@a1 R@a8 R@h1 R@h8 S@c1 S@c8 S@f1 S@f8 N@b1 N@b8 N@g1 N@g8";
    let moves: Vec<&str> = setup.split(' ').collect();
    // Only drops while pieces are in hand; rooks on the first rank only.
    let first = legal_texts(&v, &start, &[]);
    assert_eq!(first.len(), 88);
    assert!(first.iter().all(|m| m.contains('@')));
    assert!(first.iter().filter(|m| m.starts_with("R@")).all(|m| m.ends_with('1')));
    let after = v.perft(None, &moves, 0, false, false).unwrap().fen;
    assert_eq!(after.split(' ').next().unwrap(), "rnsfksnr/8/4pppp/pppp4/4PPPP/PPPP4/8/RNSKFSNR[]");
    assert_eq!(legal_texts(&v, &start, &moves).len(), 27);
    // After b1c2 c4c2 White has no fers: the f6 pawn promotes in place or to e5, g5, e7
    // (not g7, where the fers would attack Black's fers on h8).
    let fen = "rk2n2f/2s4P/5P1S/8/2r1p3/P5Rp/N2s4/1F4K1[] w - - 13 71";
    let promos: Vec<String> = legal_texts(&v, fen, &["b1c2", "c4c2"]).into_iter().filter(|m| m.len() == 5).collect();
    assert_eq!(promos, ["f6e5f", "f6e7f", "f6f6f", "f6g5f"]);
}

#[test]
fn shatar_mates_and_bare_kings() {
    let mate = Some(Value::Loss);
    let draw = Some(Value::Draw);
    // A rook's or a bers's mate is a shak: the mated side loses.
    assert_eq!(result("shatar", "k7/8/1K6/8/4p3/8/8/7R w - - 0 1", "h1h8"), mate);
    assert_eq!(result("shatar", "k7/8/1K6/8/4p3/8/8/7J w - - 0 1", "h1h8"), mate);
    // A discovered rook mate (the bishop moves) counts by the checking piece.
    assert_eq!(result("shatar", "k3B2R/pp6/8/8/8/8/8/K7 w - - 0 1", "e8g6"), mate);
    // A bishop's or a pawn's mate without a shak in the series of checks: a draw.
    assert_eq!(result("shatar", "8/8/8/8/8/8/2B4p/5K1k w - - 0 1", "c2e4"), draw);
    assert_eq!(result("shatar", "7k/5K1p/6P1/8/8/8/8/8 w - - 0 1", "g6g7"), draw);
    // After a knight's check, the pawn's mate ends a series holding a shak.
    assert_eq!(result("shatar", "6k1/7p/5KP1/3N4/8/8/8/8 w - - 0 1", "d5e7 g8h8 g6g7"), mate);
    // A knight's mate loses for the side that gives it.
    assert_eq!(result("shatar", "8/8/8/8/8/8/4NK1p/7k w - - 0 1", "e2g3"), Some(Value::Win));
    // A bare king (either side's) ends the game drawn, with no move left.
    assert_eq!(result("shatar", "4k3/8/8/8/8/8/8/4K2R b - - 0 1", ""), draw);
    assert_eq!(result("shatar", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", ""), draw);
    assert!(legal_texts(&variant("shatar"), "4k3/8/8/8/8/8/8/4K2R w - - 0 1", &[]).is_empty());
    // In chess the same rook mate is a plain loss.
    assert_eq!(result("chess", "k7/8/1K6/8/4p3/8/8/7R w - - 0 1", "h1h8"), mate);
}

#[test]
fn variant_keys_are_checked() {
    let mut set = VariantSet::builtin();
    let e = set.load("[ouk:makruk]\ncambodianMoves = true\n", "my.ini").unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (2, "cambodianMoves"));
    assert!(e.reason.contains("gating = true"), "{e}");
    let e = set.load("[x:chess]\ngating = true\n", "my.ini").unwrap_err();
    assert_eq!(e.key, "gating");
    let e = set.load("[x:shatar]\nbareKingValue = maybe\n", "my.ini").unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (2, "bareKingValue"));
    let e = set.load("[x:sittuyin]\ncountingRule = sometimes\n", "my.ini").unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (2, "countingRule"));
    set.load("[myouk:makruk]\ngating = true\ncambodianMoves = true\nstartFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1\n", "my.ini")
        .unwrap();
    let v = Variant::new(set.rules("myouk").unwrap()).unwrap();
    assert_eq!(v.perft(None, &[], 3, false, false).unwrap().nodes, 15031);
}
