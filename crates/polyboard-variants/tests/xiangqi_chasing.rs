//! Xiangqi's chasing rule (Asian Xiangqi Federation) and perpetual check in pyffish's
//! `is_optional_game_end`, on every case of Fairy-Stockfish's `test_is_optional_game_end`
//! (test.py at commit c19b5f6c; `line` is the case's line there): the positions, the
//! moves and the expected `(game_end, value)` are Fairy-Stockfish's. Where test.py checks
//! only the flag (capablanca's start, the mutual pins by flying generals), so does the
//! case list; the second's value is checked against pyffish 0.0.90's answer.
//!
//! The values are the side to move's: [`VALUE_MATE`] when the other side chased or
//! checked perpetually (it loses), [`VALUE_DRAW`] when both did or neither did.

use polyboard_variants::VariantSet;
use polyboard_variants::compat::{Pyffish, VALUE_DRAW, VALUE_MATE};
use polyboard_variants::rules::Chasing;

/// One call of test.py's `_check_optional_game_end`: the moves are `first`, then `cycle`
/// played `times` times (test.py's `["b7b9"] + 2 * [...]`).
struct Case {
    line: u32,
    what: &'static str,
    variant: &'static str,
    fen: &'static str,
    first: &'static [&'static str],
    cycle: &'static [&'static str],
    times: usize,
    end: bool,
    value: Option<i32>,
}

const CASES: &[Case] = &[
    Case {
        line: 1152,
        what: "capablanca's start: no end",
        variant: "capablanca",
        fen: "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        first: &[],
        cycle: &[],
        times: 1,
        end: false,
        value: None,
    },
    Case {
        line: 1155,
        what: "sittuyin: stalemate by an optional promotion",
        variant: "sittuyin",
        fen: "1k4PK/3r4/8/8/8/8/8/8[] w - - 0 1",
        first: &[],
        cycle: &[],
        times: 1,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1160,
        what: "direct chase by a cannon",
        variant: "xiangqi",
        fen: "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
        first: &[],
        cycle: &["c3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8", "a3b3", "b8a8", "b3a3"],
        times: 1,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1162,
        what: "the same chase, the chaser to move",
        variant: "xiangqi",
        fen: "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
        first: &[],
        cycle: &["c3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8", "a3b3", "b8a8", "b3a3", "a8b8", "a3b3", "b8a8"],
        times: 1,
        end: true,
        value: Some(-VALUE_MATE),
    },
    Case {
        line: 1164,
        what: "discovered chase by a cannon (a soldier captured on the way)",
        variant: "xiangqi",
        fen: "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1",
        first: &[],
        cycle: &["a5a6", "a7b7", "a6b6", "b7a7", "b6a6", "a7b7", "a6b6", "b7a7", "b6a6"],
        times: 1,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1166,
        what: "chase by a soldier: not a chase (draw)",
        variant: "xiangqi",
        fen: "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w - - 0 1",
        first: &[],
        cycle: &["a5a6", "a7b7", "a6b6", "b7a7", "b6a6", "a7b7", "a6b6", "b7a7", "b6a6"],
        times: 1,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1168,
        what: "discovered and anti-discovered chase by a cannon",
        variant: "xiangqi",
        fen: "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
        first: &[],
        cycle: &["f5d5", "f6d6", "d5f5", "d6f6", "f5d5", "f6d6", "d5f5", "d6f6"],
        times: 1,
        end: true,
        value: Some(-VALUE_MATE),
    },
    Case {
        line: 1170,
        what: "mutual chase (draw)",
        variant: "xiangqi",
        fen: "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1",
        first: &["f7h7"],
        cycle: &["h9f8", "h7h8", "f8g6", "h8g8", "g6i7", "g8g7", "i7h9", "g7h7"],
        times: 2,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1172,
        what: "perpetual check against intermittent checks",
        variant: "xiangqi",
        fen: "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1",
        first: &[],
        cycle: &["d7e7", "e5d5", "e7d7", "d5e5"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1174,
        what: "perpetual check by a soldier",
        variant: "xiangqi",
        fen: "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
        first: &[],
        cycle: &["f2e2", "f3e3", "e2f2", "e3f3"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1175,
        what: "chase by an elephant",
        variant: "xiangqi",
        fen: "3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3 w - - 0 1",
        first: &[],
        cycle: &["d7e7", "e8g6", "e7d7", "g6e8"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1176,
        what: "chase by a chariot, some moves checking",
        variant: "xiangqi",
        fen: "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w - - 0 1",
        first: &[],
        cycle: &["d2d4", "b2b4", "d4d2", "b4b2"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1177,
        what: "the discovered and anti-discovered chase again",
        variant: "xiangqi",
        fen: "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
        first: &[],
        cycle: &["f5d5", "f6d6", "d5f5", "d6f6"],
        times: 2,
        end: true,
        value: Some(-VALUE_MATE),
    },
    Case {
        line: 1178,
        what: "chase by a horse",
        variant: "xiangqi",
        fen: "4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5 w - - 0 1",
        first: &[],
        cycle: &["g7g6", "f7g9", "g6g7", "g9f7"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1179,
        what: "discovered chase by a horse (the king steps off its leg)",
        variant: "xiangqi",
        fen: "3P5/3k5/3nn4/9/9/9/9/9/9/5K3 w - - 0 1",
        first: &[],
        cycle: &["d10e10", "d9e9", "e10d10", "e9d9"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1180,
        what: "chase by a chariot",
        variant: "xiangqi",
        fen: "4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w - - 0 1",
        first: &[],
        cycle: &["e5e4", "c5c4", "e4e5", "c4c5"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1181,
        what: "chase by a cannon",
        variant: "xiangqi",
        fen: "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w - - 0 1",
        first: &[],
        cycle: &["a2c2", "a5c5", "c2a2", "c5a5"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1183,
        what: "mutual perpetual check",
        variant: "xiangqi",
        fen: "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
        first: &[],
        cycle: &["e4d4", "d7e7", "d4e4", "e7d7"],
        times: 2,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1184,
        what: "mutual chase (draw)",
        variant: "xiangqi",
        fen: "3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w - - 0 1",
        first: &[],
        cycle: &["h7g7", "g6h6", "g7h7", "h6g6"],
        times: 2,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1185,
        what: "chariots chasing each other, the horses protecting (draw)",
        variant: "xiangqi",
        fen: "4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w - - 0 1",
        first: &[],
        cycle: &["e5e4", "c5c4", "e4e5", "c4c5"],
        times: 2,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1186,
        what: "mutual chase (draw)",
        variant: "xiangqi",
        fen: "5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w - - 0 1",
        first: &[],
        cycle: &["c3a3", "a7c7", "a3c3", "c7a7"],
        times: 2,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1187,
        what: "mutual chase in a longer cycle (draw)",
        variant: "xiangqi",
        fen: "4k4/9/r1r6/9/PPPP5/9/9/9/1C7/5K3 w - - 0 1",
        first: &["b2a2"],
        cycle: &["a8b8", "a2c2", "c8d8", "c2b2", "b8a8", "b2d2", "d8c8", "d2a2"],
        times: 2,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1191,
        what: "D106: the chariot's attack on the cannon does not change (draw)",
        variant: "xiangqi",
        fen: "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1[] w - - 0 1",
        first: &[],
        cycle: &["h1h2", "h5h4", "h2h1", "h4h5"],
        times: 2,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1193,
        what: "D39: chased chariot pinned by a horse, mutual chase",
        variant: "xiangqi",
        fen: "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w - - 0 1",
        first: &["b7b9"],
        cycle: &["f10e9", "b9b10", "e9f10", "b10b9"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1195,
        what: "D39: chased chariot pinned by a horse, mutual chase",
        variant: "xiangqi",
        fen: "5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w - - 0 1",
        first: &[],
        cycle: &["e2f1", "h4h2", "f1e2", "h2h4"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1197,
        what: "pins made to undermine a root",
        variant: "xiangqi",
        fen: "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1",
        first: &[],
        cycle: &["e4g5", "e2f2", "g5e4", "f2e2"],
        times: 2,
        end: true,
        value: Some(-VALUE_MATE),
    },
    Case {
        line: 1199,
        what: "discovered check with a capture threat by a rook",
        variant: "xiangqi",
        fen: "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w - - 0 1",
        first: &[],
        cycle: &["b5c3", "b1c1", "c3b5", "c1b1"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1201,
        what: "a pin undermining a root, discovered check threat by a horse",
        variant: "xiangqi",
        fen: "5k3/9/9/9/9/4c4/3n5/3NBA3/4A4/4K4 w - - 0 1",
        first: &[],
        cycle: &["e1d1", "e5d5", "d1e1", "d5e5"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1203,
        what: "a pin undermining a root, discovered check threat by a rook",
        variant: "xiangqi",
        fen: "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w - - 0 1",
        first: &[],
        cycle: &["e1d1", "e5d5", "d1e1", "d5e5"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1205,
        what: "discovered check protected by x-ray",
        variant: "xiangqi",
        fen: "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w - - 0 1",
        first: &[],
        cycle: &["d1c3", "h1h3", "c3d1", "h3h1"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1207,
        what: "no overprotection by the king",
        variant: "xiangqi",
        fen: "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w - - 0 1",
        first: &[],
        cycle: &["d1c3", "d4c4", "c3d1", "c4d4"],
        times: 2,
        end: true,
        value: Some(VALUE_DRAW),
    },
    Case {
        line: 1209,
        what: "overprotection by the king",
        variant: "xiangqi",
        fen: "3k5/9/9/9/9/9/3r5/9/9/3NK4 w - - 0 1",
        first: &[],
        cycle: &["d1c3", "d4c4", "c3d1", "c4d4"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1211,
        what: "mutual pins by flying generals",
        variant: "xiangqi",
        fen: "4k4/9/9/9/4n4/9/5C3/9/4N4/4K4 w - - 0 1",
        first: &[],
        cycle: &["e2g1", "e10f10", "g1e2", "f10e10"],
        times: 2,
        end: true,
        value: None,
    },
    Case {
        line: 1213,
        what: "fake protection by a cannon",
        variant: "xiangqi",
        fen: "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1",
        first: &[],
        cycle: &["b5c5", "b4c4", "c5b5", "c4b4"],
        times: 2,
        end: true,
        value: Some(VALUE_MATE),
    },
    Case {
        line: 1215,
        what: "fake protection by a cannon, mutual chase",
        variant: "xiangqi",
        fen: "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w - - 0 1",
        first: &[],
        cycle: &["f9f7", "f10e9", "f7f9", "e9f10"],
        times: 2,
        end: true,
        value: Some(VALUE_DRAW),
    },
];

#[test]
fn fsf_optional_game_end_cases() {
    let sf = Pyffish::new();
    let mut fails = Vec::new();
    for c in CASES {
        let mut moves: Vec<&str> = c.first.to_vec();
        for _ in 0..c.times {
            moves.extend_from_slice(c.cycle);
        }
        let got = sf.is_optional_game_end(c.variant, c.fen, &moves, false, 0);
        let ok = match (&got, c.value) {
            (Ok((end, _)), None) => *end == c.end,
            (Ok(got), Some(v)) => *got == (c.end, v),
            (Err(_), _) => false,
        };
        if !ok {
            fails.push(format!(
                "test.py line {} ({}): {} {}: expected ({}, {:?}), got {got:?}",
                c.line, c.what, c.variant, c.fen, c.end, c.value
            ));
        }
    }
    assert!(fails.is_empty(), "{} of {} cases differ:\n{}", fails.len(), CASES.len(), fails.join("\n"));
    // test.py leaves the value of the mutual pins by flying generals unchecked (a mate in
    // its comment); pyffish 0.0.90 answers a draw, and so does polyboard.
    let pins = CASES.iter().find(|c| c.line == 1211).expect("the case");
    let moves: Vec<&str> = (0..pins.times).flat_map(|_| pins.cycle.iter().copied()).collect();
    assert_eq!(sf.is_optional_game_end(pins.variant, pins.fen, &moves, false, 0), Ok((true, VALUE_DRAW)));
}

/// pyffish 0.0.90's answers on random xiangqi repetitions and checking games
/// (tests/data/xiangqi-chasing.txt, made by scripts/data/gen_xiangqi_chasing.py): no
/// difference is allowed (the value only where the flag is set, as pyffish leaves it
/// undefined otherwise).
#[test]
fn pyffish_random_repetitions() {
    let sf = Pyffish::new();
    let mut fails = Vec::new();
    let mut checked = 0;
    for (no, line) in include_str!("data/xiangqi-chasing.txt").lines().enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        let [kind, variant, c960, fen, moves, expected] = f[..] else { continue };
        assert_eq!(kind, "opt", "line {}", no + 1);
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let (flag, value) = expected.split_once(',').expect("flag,value");
        let want = (flag == "1", value.parse::<i32>().expect("a value"));
        let got = sf.is_optional_game_end(variant, fen, &moves, c960 == "1", 0);
        let ok = match got {
            Ok((end, v)) => end == want.0 && (!end || v == want.1),
            Err(_) => false,
        };
        if !ok {
            fails.push(format!(
                "line {}: {variant} {fen} moves {}: pyffish {want:?}, got {got:?}",
                no + 1,
                moves.join(" ")
            ));
        }
        checked += 1;
    }
    assert!(checked > 1000, "{checked} records");
    assert!(fails.is_empty(), "{} of {checked} differ:\n{}", fails.len(), fails.join("\n"));
}

/// A horse attacking a horse that cannot attack back (its leg is blocked, on a square next
/// to the attacker diagonally) chases it; two horses attacking each other do not (pyffish
/// 0.0.90's answers: the chaser, White, loses the first repetition; the second is drawn).
#[test]
fn impaired_horse() {
    let sf = Pyffish::new();
    let moves = ["a4c3", "d5b6", "c3a4", "b6d5", "a4c3", "d5b6", "c3a4", "b6d5"];
    let blocked = "5k3/9/9/9/9/1P1n5/N2P5/9/9/3K5 w - - 0 1";
    assert_eq!(sf.is_optional_game_end("xiangqi", blocked, &moves, false, 0), Ok((true, -VALUE_MATE)));
    let mutual = "5k3/9/9/9/9/3n5/N8/9/9/3K5 w - - 0 1";
    assert_eq!(sf.is_optional_game_end("xiangqi", mutual, &moves, false, 0), Ok((true, VALUE_DRAW)));
}

/// `chasingRule`: xiangqi's alone among the built-in variants (Fairy-Stockfish builds manchu
/// and supply on xiangqi without it), kept by a user's section that inherits from
/// xiangqi; a value other than `axf` or `none` is an error naming the key.
#[test]
fn chasing_rule_key() {
    let mut set = VariantSet::builtin();
    let chasing = |set: &VariantSet, name: &str| set.rules(name).unwrap().chasing;
    assert_eq!(chasing(&set, "xiangqi"), Chasing::Axf);
    for name in ["manchu", "supply", "minixiangqi", "janggi", "chess"] {
        assert_eq!(chasing(&set, name), Chasing::None, "{name}");
    }
    set.load("[myxq:xiangqi]\n[myxq2:xiangqi]\nchasingRule = none\n[mychess:chess]\nchasingRule = axf\n", "my.ini")
        .unwrap();
    assert_eq!(chasing(&set, "myxq"), Chasing::Axf);
    assert_eq!(chasing(&set, "myxq2"), Chasing::None);
    assert_eq!(chasing(&set, "mychess"), Chasing::Axf);
    let e = set.load("[x:xiangqi]\nchasingRule = sometimes\n", "my.ini").unwrap_err();
    assert_eq!((e.line, e.key.as_str()), (2, "chasingRule"));
    assert!(e.to_string().contains("chasingRule"), "{e}");
    // The inherited rule decides, as pyffish's own answers for the same sections show.
    let sf = Pyffish::new();
    sf.load_variant_config_strict("[myxq:xiangqi]\n[myxq2:xiangqi]\nchasingRule = none\n").unwrap();
    let fen = "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w - - 0 1";
    let moves = ["b5c5", "b4c4", "c5b5", "c4b4", "b5c5", "b4c4", "c5b5", "c4b4"];
    assert_eq!(sf.is_optional_game_end("myxq", fen, &moves, false, 0), Ok((true, VALUE_MATE)));
    assert_eq!(sf.is_optional_game_end("myxq2", fen, &moves, false, 0), Ok((true, VALUE_DRAW)));
    assert_eq!(sf.is_optional_game_end("manchu", fen, &moves, false, 0), Ok((true, VALUE_DRAW)));
}
