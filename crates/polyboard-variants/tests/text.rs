//! Variant files, FEN and UCI move text: round trips and errors that name the field.

use polyboard_variants::{Board, Moves, Tables, Variant, VariantSet, with_tables};

fn variant(name: &str) -> Variant {
    Variant::new(VariantSet::builtin().rules(name).unwrap()).unwrap()
}

fn legal_texts(v: &Variant, fen: &str) -> Vec<String> {
    with_tables!(v, t => {
        let b = Board::from_fen(t, fen).unwrap();
        let mut list = Moves::new();
        b.generate(&mut list);
        list.iter().map(|&m| b.move_text(m)).collect()
    })
}

#[test]
fn every_builtin_start_fen_writes_back_unchanged() {
    let set = VariantSet::builtin();
    for name in set.names() {
        let v = Variant::new(set.rules(&name).unwrap()).unwrap();
        let start = v.rules().start_fen.clone();
        let fen = with_tables!(&v, t => Board::from_fen(t, &start).unwrap().fen());
        // A check-counting start FEN without counters (karouk, checkshogi) means the next
        // check wins; pyffish 0.0.90's get_fen writes that counter: "... - 1+1 0 1".
        // A start FEN without castling and en passant fields (Fairy-Stockfish's shogi
        // family, breakthrough, the enclosing games: "[-] w 0 1") is written with them.
        let fields: Vec<&str> = start.split(' ').collect();
        let start = match fields[..] {
            [board, side, clock, number] => format!("{} {side} - - {clock} {number}", board.replace("[-]", "[]")),
            _ => start,
        };
        let expected = if v.rules().check_counting && !start.contains('+') {
            let (head, clocks) = start.rsplit_once(" 0 ").unwrap();
            format!("{head} 1+1 0 {clocks}")
        } else {
            start
        };
        assert_eq!(fen, expected, "{name}");
    }
}

#[test]
fn unsupported_keys_are_errors_naming_key_and_line() {
    let mut set = VariantSet::builtin();
    let e = set.load("# x\n[mine:chess]\npieceDrops = true\nfancyRule = 3\n", "my.ini").unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (4, "fancyRule"));
    assert!(e.to_string().contains("my.ini line 4: key 'fancyRule'"), "{e}");
    let e = set.load("[mine:nosuch]\n", "my.ini").unwrap_err();
    assert!(e.reason.contains("unknown parent"), "{e}");
    let e = set.load("[mine:chess]\ncustomPiece1 = a:iR\n", "my.ini").unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (2, "customPiece1"));
    let e = set.load("[mine:chess]\ncastling = perhaps\n", "my.ini").unwrap_err();
    assert_eq!(e.key, "castling");
    let e = set.load("[mine:chess]\nmaxFile = p\nmaxRank = 16\n", "my.ini").unwrap_err();
    assert!(e.reason.contains("more than 128"), "{e}");
    let e = set.load("[mine:chess]\npromotionPieceTypes = qz\n", "my.ini").unwrap_err();
    assert!(e.reason.contains("'z'"), "{e}");
    // Nothing of a failed file is kept.
    assert!(!set.names().contains(&"mine".to_string()));
}

#[test]
fn inheritance_and_piece_removal() {
    let mut set = VariantSet::builtin();
    set.load("[nobishops:chess]\nbishop = -\nstartFen = rn1qk1nr/pppppppp/8/8/8/8/PPPPPPPP/RN1QK1NR w KQkq - 0 1\npromotionPieceTypes = qrn\n", "t.ini")
        .unwrap();
    let v = Variant::new(set.rules("nobishops").unwrap()).unwrap();
    assert!(v.rules().type_of_letter('b').is_none());
    // 16 pawn moves, 4 knight moves, Qc1 and Kf1.
    assert_eq!(v.perft(None, &[], 1, false, false).unwrap().nodes, 22);
}

#[test]
fn fen_errors_name_the_field() {
    let v = variant("chess");
    let bad = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", 1),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1", 1),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", 1),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 2),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1", 3),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", 4),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1", 1),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", 5),
        // Found by the fuzzer: an empty count too large to hold.
        ("2k55555555555555555555555555555555555555555/8/858/8/8/8/8/8RB30 1", 1),
    ];
    with_tables!(&v, t => {
        for (fen, field) in bad {
            let e = Board::from_fen(t, fen).unwrap_err();
            assert_eq!(e.field, field, "{fen}: {e}");
        }
    });
}

#[test]
fn move_text_follows_fairy_stockfish() {
    let zh = variant("crazyhouse");
    let moves = legal_texts(&zh, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    assert!(moves.contains(&"Q@e4".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("N@")));
    let s = variant("seirawan");
    let moves = legal_texts(&s, &s.rules().start_fen.clone());
    for m in ["g1f3", "g1f3h", "g1f3e", "b1c3e"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    let x = variant("xiangqi");
    let moves = legal_texts(&x, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    assert!(moves.contains(&"a10a9".to_string()));
    let sh = variant("shogi");
    let moves = legal_texts(&sh, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 3");
    assert!(moves.contains(&"b2h8+".to_string()) && moves.contains(&"b2h8".to_string()));
    let c = variant("capablanca");
    let moves = legal_texts(&c, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    assert!(moves.contains(&"f1i1".to_string()) && moves.contains(&"f1c1".to_string()));
    let c960 = variant("chess960");
    let moves = legal_texts(&c960, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(moves.contains(&"e1h1".to_string()));
}

#[test]
fn moves_parse_and_play_through_the_stack() {
    let v = variant("crazyhouse");
    with_tables!(&v, t => {
        let root = Board::from_fen(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1").unwrap();
        let mut stack = polyboard_variants::Stack::new(root);
        for m in ["e2e4", "d7d5", "e4d5", "d8d5", "P@e4"] {
            let mv = stack.top().parse_move(m).unwrap();
            stack.make(mv);
        }
        assert_eq!(stack.top().fen(), "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3");
        assert!(stack.top().parse_move("e9e8").is_err());
        stack.unmake();
        stack.unmake();
        assert_eq!(stack.ply(), 3);
        assert_eq!(stack.top().key(), Board::from_fen(t, &stack.top().fen()).unwrap().key());
    });
}

#[test]
fn tables_fit_both_widths() {
    let set = VariantSet::builtin();
    let narrow: Tables<u64> = Tables::new(set.rules("chess").unwrap());
    let wide: Tables<u128> = Tables::new(set.rules("chess").unwrap());
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let a = polyboard_variants::perft::perft(&Board::from_fen(&narrow, fen).unwrap(), 3);
    let b = polyboard_variants::perft::perft(&Board::from_fen(&wide, fen).unwrap(), 3);
    assert_eq!((a, b), (97862, 97862));
}

/// FENs after moves, as pyffish 0.0.90 (Fairy-Stockfish) writes them.
#[test]
fn fens_after_moves_match_fairy_stockfish() {
    let cases = [
        (
            "crazyhouse",
            "e2e4 d7d5 e4d5 d8d5 b1c3 d5a2 a1a2 g8f6 Q@e5",
            "rnb1kb1r/ppp1pppp/5n2/4Q3/8/2N5/RPPP1PPP/2BQKBNR[Ppp] b Kkq - 0 5",
        ),
        ("seirawan", "g1f3h g8f6", "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] w KQBCDFkqbcdf - 2 2"),
        ("shogi", "c3c4 g7g6 b2h8+", "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2"),
        ("3check", "e2e4 f7f6 d1h5", "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"),
        ("chess", "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        ("chess", "e2e4 a7a6 e4e5 d7d5", "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
        ("xiangqi", "h3e3 h10g8", "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"),
        ("grand", "e3e5", "r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 1"),
    ];
    for (name, moves, fen) in cases {
        let v = variant(name);
        let moves: Vec<&str> = moves.split(' ').collect();
        assert_eq!(v.perft(None, &moves, 0, false, false).unwrap().fen, fen, "{name}");
    }
}

#[test]
fn outcomes() {
    use polyboard_variants::rules::Value;
    let v = variant("kingofthehill");
    with_tables!(&v, t => {
        let b = Board::from_fen(t, "7k/8/8/4K3/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(b.outcome(true, None), Some(Value::Loss));
    });
    let v = variant("3check");
    with_tables!(&v, t => {
        let b = Board::from_fen(t, "4k3/8/8/8/8/8/8/4K2R b - - 0+3 0 1").unwrap();
        assert_eq!(b.outcome(true, None), Some(Value::Loss));
    });
    let v = variant("chess");
    with_tables!(&v, t => {
        let mate = Board::from_fen(t, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(mate.outcome(mate.count_moves() > 0, None), Some(Value::Loss));
        let stale = Board::from_fen(t, "7k/8/6QK/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(stale.outcome(stale.count_moves() > 0, None), Some(Value::Draw));
    });
    let v = variant("shogi");
    with_tables!(&v, t => {
        let b = Board::from_fen(t, "4k4/9/4G4/9/9/9/9/9/3LKL3[P] w - - 0 1").unwrap();
        let mv = b.parse_move("P@e8").unwrap();
        let after = b.play(mv);
        assert_eq!(after.outcome(after.count_moves() > 0, Some(mv)), Some(Value::Win));
    });
}

/// Walling moves are written as Fairy-Stockfish writes them: the move, a comma, and the
/// landing square followed by the wall's square (pyffish 0.0.90's `legal_moves`).
#[test]
fn walling_moves_write_the_wall_after_a_comma() {
    let mut joust = legal_texts(&variant("joust"), "8/8/8/4n3/3N4/8/8/8 w - - 0 1");
    joust.sort();
    let expected =
        ["d4b3,b3d4", "d4b5,b5d4", "d4c2,c2d4", "d4c6,c6d4", "d4e2,e2d4", "d4e6,e6d4", "d4f3,f3d4", "d4f5,f5d4"];
    assert_eq!(joust, expected);
    let duck = legal_texts(&variant("duck"), "8/8/8/8/8/8/4k3/R3K2R w KQ - 0 1");
    assert_eq!(duck.len(), 1561);
    assert!(duck.iter().any(|m| m == "e1g1,g1b1"));
    let v = variant("duck");
    let fen = with_tables!(&v, t => {
        let b = Board::from_fen(t, &v.rules().start_fen).unwrap();
        b.play(b.parse_move("e2e4,e4e5").unwrap()).fen()
    });
    assert_eq!(fen, "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

/// Berolina's diagonal initial move as pyffish 0.0.90 writes it: the en passant field
/// lists the square passed and the one the pawn landed on (`c5d6`); read back, the pawn
/// taken en passant is the one on the listed square, not the one straight ahead.
#[test]
fn berolina_en_passant_field_lists_the_landing_square() {
    let v = variant("berolina");
    with_tables!(&v, t => {
        let b = Board::from_fen(t, "rnbqkbnr/pppppppp/8/3P4/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2").unwrap();
        let b = b.play(b.parse_move("e7c5").unwrap());
        let fen = b.fen();
        assert_eq!(fen, "rnbqkbnr/pppp1ppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 0 3");
        let read = Board::from_fen(t, &fen).unwrap();
        let mut pawn: Vec<String> =
            legal_texts(&v, &fen).into_iter().filter(|m| m.starts_with("d5")).collect();
        pawn.sort();
        assert_eq!(pawn, ["d5c6", "d5d6", "d5e6"]);
        let after = read.play(read.parse_move("d5d6").unwrap());
        assert_eq!(after.fen(), "rnbqkbnr/pppp1ppp/3P4/8/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 3");
    });
}
