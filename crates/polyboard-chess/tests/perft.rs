//! Perft of every representation against published counts (sources in tests/data/README.md).

use crate::common;

use common::*;
use polyboard_chess::repr::names;
use polyboard_chess::{Board, Position};
use polyboard_core::perft::{perft, perft_full, perft_make_unmake};

/// The six CPW positions (chessprogramming.org, "Perft Results").
const CPW: [(&str, &[u64]); 6] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8902, 197_281, 4_865_609, 119_060_324]),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97_862, 4_085_603, 193_690_690],
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2812, 43_238, 674_624, 11_030_083, 178_633_661]),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9467, 422_333, 15_833_292]),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1486, 62_379, 2_103_487, 89_941_194]),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89_890, 3_894_594, 164_075_551],
    ),
];

fn cpw<B: Board>() {
    for (fen, counts) in CPW {
        let pos = Position::from_fen(fen).unwrap();
        let b = B::from_position(&pos);
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&b, i as u32 + 1), n, "{} {fen} depth {}", B::NAME, i + 1);
        }
        // Playing every leaf, by copy-make and by make/unmake, gives the same counts.
        let d = counts.len().min(4);
        assert_eq!(perft_full(&b, d as u32), counts[d - 1], "{} full {fen}", B::NAME);
        let mut m = b.clone();
        assert_eq!(perft_make_unmake(&mut m, d as u32), counts[d - 1], "{} make/unmake {fen}", B::NAME);
        assert_eq!(m.to_position(), pos, "unmake restores the position");
        assert_eq!(m.zobrist(), pos.zobrist(), "unmake restores the key");
    }
}

/// The perft tests every representation runs, as one module per representation so
/// that they run in parallel and fail by name.
macro_rules! repr_tests {
    ($($module:ident => $ty:ty),* $(,)?) => {$(
        mod $module {
            use super::*;
            type B = $ty;

            #[test]
            fn cpw_positions_bulk_full_and_make_unmake() {
                cpw::<B>();
            }

            #[test]
            fn standard_126_positions_to_depth_5() {
                // plp-perftsuite.epd: the 126-position suite (Roce / van Kervinck).
                let cases = suite("perft/plp-perftsuite.epd", false);
                assert_eq!(cases.len(), 126);
                let f = check_cases::<B>(&cases, 5);
                assert!(f.is_empty(), "{f:#?}");
            }

            #[test]
            fn ethereal_128_positions_to_depth_4() {
                let cases = suite("perft/ethereal-standard.epd", false);
                assert_eq!(cases.len(), 128);
                let f = check_cases::<B>(&cases, 4);
                assert!(f.is_empty(), "{f:#?}");
            }

            #[test]
            fn chess960_960_positions_to_depth_4() {
                let cases = suite("perft/ethereal-fischer.epd", true);
                assert_eq!(cases.len(), 960);
                let f = check_cases::<B>(&cases, 4);
                assert!(f.is_empty(), "{f:#?}");
            }

            #[test]
            fn python_chess_chess960_and_tricky_sets() {
                let c960 = python_chess_perft("perft/python-chess-chess960.perft", Some(true));
                assert_eq!(c960.len(), 960);
                // The tricky set mixes standard positions with X-FEN ones whose castling
                // rights need Chess960 (python-chess reads those with chess960=True too).
                let tricky = python_chess_perft("perft/python-chess-tricky.perft", None);
                assert_eq!(tricky.len(), 19);
                let mut f = check_cases::<B>(&c960, 3);
                f.extend(check_cases::<B>(&tricky, 6));
                assert!(f.is_empty(), "{f:#?}");
            }

            #[test]
            fn incremental_zobrist_matches_scratch_on_every_node() {
                for pos in key_positions() {
                    keys_agree(&B::from_position(&pos), 3);
                }
            }

            #[test]
            #[ignore = "deep: startpos 7 and the 126-position suite to depth 6"]
            fn deep_startpos_7_and_standard_suite_6() {
                assert_eq!(perft(&B::from_position(&Position::startpos()), 7), 3_195_901_860);
                let f = check_cases::<B>(&suite("perft/plp-perftsuite.epd", false), 6);
                assert!(f.is_empty(), "{f:#?}");
            }

            #[test]
            #[ignore = "deep: Chess960 positions to depth 6 (all 960 for magic and pext, every tenth for the rest)"]
            fn deep_chess960_to_depth_6() {
                // All 960 at depth 6 is 507 G nodes: minutes for the bitboard generators,
                // hours for the array ones, which check a 96-position sample instead.
                let step = if matches!(B::NAME, "magic" | "pext") { 1 } else { 10 };
                let cases: Vec<_> = suite("perft/ethereal-fischer.epd", true).into_iter().step_by(step).collect();
                let f = check_cases::<B>(&cases, 6);
                assert!(f.is_empty(), "{f:#?}");
            }
        }
    )*};
}

repr_tests! {
    magic => polyboard_chess::repr::Magic,
    piecelist => polyboard_chess::repr::PieceList,
    classical => polyboard_chess::repr::Classical,
    rotated => polyboard_chess::repr::Rotated,
    kindergarten => polyboard_chess::repr::Kindergarten,
    quad => polyboard_chess::repr::Quad,
    bb32 => polyboard_chess::repr::Bb32Board,
    ccr => polyboard_chess::repr::Ccr,
    rotatedccr => polyboard_chess::repr::RotatedCcr,
    array8x8 => polyboard_chess::repr::Array8x8,
    mailbox10x12 => polyboard_chess::repr::Mailbox,
    x88 => polyboard_chess::repr::X88,
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
repr_tests! {
    pext => polyboard_chess::repr::PextBoard,
}

/// The names `repr_tests!` covers; every listed representation must be among them.
const TESTED: &[&str] = &[
    "magic",
    "pext",
    "array8x8",
    "mailbox10x12",
    "x88",
    "piecelist",
    "classical",
    "rotated",
    "kindergarten",
    "ccr",
    "rotatedccr",
    "quad",
    "bb32",
];

#[test]
fn every_listed_representation_is_tested() {
    for name in names() {
        assert!(TESTED.contains(&name), "add `{name}` to repr_tests! and TESTED");
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::from_fen(CPW[1].0).unwrap();
    let b = polyboard_chess::repr::Magic::from_position(&pos);
    let d = polyboard_core::perft::divide(&b, 3, false);
    assert_eq!(d.len(), 48);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 97_862);
}

/// Walks the tree to `depth`, checking at every node that the incremental key, the
/// key after make/unmake and the key computed from scratch agree.
fn keys_agree<B: Board>(b: &B, depth: u32) {
    let pos = b.to_position();
    assert_eq!(b.zobrist(), pos.zobrist(), "{} at {}", B::NAME, pos.fen());
    assert_eq!(b.is_check(), pos.is_check());
    if depth == 0 {
        return;
    }
    for mv in b.legal_moves() {
        let mut m = b.clone();
        let undo = m.make(mv);
        keys_agree(&m, depth - 1);
        m.unmake(mv, undo);
        assert_eq!(m.zobrist(), b.zobrist());
    }
}

/// Positions whose trees are walked for the key check: the CPW six, 20 Chess960
/// positions, and en passant captures that are legal for one of two capturers or pinned.
fn key_positions() -> Vec<Position> {
    let mut cases: Vec<Position> = CPW.iter().map(|(fen, _)| Position::from_fen(fen).unwrap()).collect();
    cases.extend(suite("perft/ethereal-fischer.epd", true).into_iter().take(20).map(|c| c.position));
    cases.push(Position::from_fen("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1").unwrap());
    cases.push(Position::from_fen("8/8/3p4/KPp4r/1R2Pp1k/8/6P1/8 w - c6 0 1").unwrap());
    cases
}
