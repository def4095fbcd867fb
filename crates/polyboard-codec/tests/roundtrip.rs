//! Every format gives back every field it keeps: on every perft-suite position,
//! and on 100,000 positions of random games (proptest) from random suite
//! positions and Chess960 starting arrays.

use crate::common;

use common::*;
use polyboard_chess::Position;
use proptest::prelude::*;
use std::sync::OnceLock;

#[test]
fn every_suite_position_round_trips() {
    let positions = suite_positions();
    assert!(positions.len() > 2_000, "{}", positions.len());
    let mut buf = Vec::new();
    for pos in &positions {
        round_trip(pos, &mut buf);
    }
}

#[test]
fn every_movetext_position_round_trips() {
    let mut buf = Vec::new();
    for (fen, chess960) in movetext_after() {
        let pos = Position::from_fen_variant(&fen, chess960).unwrap();
        round_trip(&pos, &mut buf);
    }
}

fn starts() -> &'static [Position] {
    static STARTS: OnceLock<Vec<Position>> = OnceLock::new();
    STARTS.get_or_init(|| {
        let mut v = suite_positions();
        v.extend((0..960).step_by(11).filter_map(Position::chess960_start));
        v
    })
}

/// 1,000 games of up to 100 plies: 100,000 positions (fewer when games end early,
/// so the walk restarts from another suite position to keep the count).
const GAMES: u32 = 1_000;
const PLIES: usize = 100;

proptest! {
    #![proptest_config(ProptestConfig { cases: GAMES, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_round_trip(start in any::<usize>(), choices in proptest::collection::vec(any::<u16>(), PLIES)) {
        let starts = starts();
        let mut pos = starts[start % starts.len()];
        let mut buf = Vec::new();
        for (i, &choice) in choices.iter().enumerate() {
            round_trip(&pos, &mut buf);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                pos = starts[(start + i + 1) % starts.len()];
                continue;
            }
            pos = pos.play(moves[choice as usize % moves.len()]);
        }
    }
}
