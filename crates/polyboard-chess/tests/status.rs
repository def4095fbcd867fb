//! Game status: repetition, the 50- and 75-move rules, insufficient material, mate and
//! stalemate, against python-chess 1.11.2 (tests/data/status.txt, scripts/data/gen_status.py).

use crate::common;

use common::*;
use polyboard_chess::{Color, Game, Status};

fn flag(expected: &std::collections::HashMap<&str, &str>, key: &str) -> bool {
    expected[key] == "1"
}

#[test]
fn status_matches_python_chess() {
    let rows = rows("status.txt");
    assert!(rows.len() > 700);
    for r in &rows {
        let mut game = Game::new(parse(&r[0], &r[1]));
        if r[2] != "-" {
            for m in r[2].split(' ') {
                game.play_uci(m).unwrap_or_else(|e| panic!("{}: {e}", r[0]));
            }
        }
        let exp: std::collections::HashMap<&str, &str> = r[3].split(' ').filter_map(|kv| kv.split_once('=')).collect();
        let pos = game.position();
        let ctx = format!("{} after {}", r[0], r[2]);
        assert_eq!(pos.is_checkmate(), flag(&exp, "checkmate"), "checkmate: {ctx}");
        assert_eq!(pos.is_stalemate(), flag(&exp, "stalemate"), "stalemate: {ctx}");
        assert_eq!(pos.is_insufficient_material(), flag(&exp, "insufficient"), "insufficient: {ctx}");
        assert_eq!(pos.has_insufficient_material(Color::White), flag(&exp, "insufficient_w"), "{ctx}");
        assert_eq!(pos.has_insufficient_material(Color::Black), flag(&exp, "insufficient_b"), "{ctx}");
        assert_eq!(pos.is_check(), flag(&exp, "check"), "check: {ctx}");
        assert_eq!(pos.halfmove_clock().to_string(), exp["halfmove"], "halfmove: {ctx}");
        assert_eq!(game.repetitions() >= 3, flag(&exp, "threefold"), "threefold: {ctx}");
        assert_eq!(game.repetitions() >= 5, flag(&exp, "fivefold"), "fivefold: {ctx}");
        // python-chess's outcome(claim_draw=True), except that its threefold and
        // fifty-move claims also count a draw the next move would reach; polyboard's
        // status() reports what holds now.
        let expected = match (exp["outcome"], exp["outcome_claim"]) {
            ("CHECKMATE", _) => {
                Status::Checkmate { winner: if exp["winner"] == "white" { Color::White } else { Color::Black } }
            }
            ("INSUFFICIENT_MATERIAL", _) => Status::InsufficientMaterial,
            ("STALEMATE", _) => Status::Stalemate,
            ("SEVENTYFIVE_MOVES", _) => Status::SeventyFiveMoves,
            ("FIVEFOLD_REPETITION", _) => Status::FivefoldRepetition,
            (_, _) if flag(&exp, "fifty") => Status::FiftyMoves,
            (_, _) if flag(&exp, "threefold") => Status::ThreefoldRepetition,
            _ => Status::Ongoing,
        };
        assert_eq!(game.status(), expected, "status: {ctx} ({})", r[3]);
    }
}
