//! Perft of every representation against the published counts of
//! tests/data/perft/shogi-perft.txt (provenance in tests/data/README.md).

use polyboard_shogi::repr::{AttackTableBoard, Bb3x32Board, Bb128Board, FastBoard};
use polyboard_shogi::suite::{PerftCase, parse_suite};
use polyboard_shogi::{Position, ShogiBoard, perft, perft_full};

fn suite() -> Vec<PerftCase> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft/shogi-perft.txt");
    let cases = parse_suite(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(cases.len(), 15);
    cases
}

/// Runs every count of the suite up to `max_nodes` nodes (and skips those above).
fn run<B: ShogiBoard>(min_nodes: u64, max_nodes: u64) {
    for case in suite() {
        let b = B::from_position(&case.position);
        for &(depth, nodes) in &case.counts {
            if nodes >= min_nodes && nodes <= max_nodes {
                assert_eq!(perft(&b, depth), nodes, "{} {} depth {depth}", B::NAME, case.id);
            }
        }
    }
}

/// The plain rules of `Position` agree with the counts at depth 1 and 2.
#[test]
fn reference_rules_agree_at_shallow_depths() {
    for case in suite() {
        let pos = &case.position;
        let moves = pos.legal_moves();
        assert_eq!(moves.len() as u64, case.counts[0].1, "{} depth 1", case.id);
        if case.counts[1].1 < 3000 {
            let n: usize = moves.iter().map(|&m| pos.play(m).legal_moves().len()).sum();
            assert_eq!(n as u64, case.counts[1].1, "{} depth 2", case.id);
        }
    }
}

macro_rules! repr_tests {
    ($($module:ident => $ty:ty),* $(,)?) => {$(
        mod $module {
            use super::*;
            type B = $ty;

            /// Every count up to ten million leaves (one million in debug builds; CI
            /// runs release).
            #[test]
            fn counts_up_to_ten_million() {
                run::<B>(0, if cfg!(debug_assertions) { 1_000_000 } else { 10_000_000 });
            }

            #[test]
            fn full_perft_plays_every_leaf() {
                for case in suite() {
                    let b = B::from_position(&case.position);
                    let &(d, n) = case.counts.iter().take_while(|c| c.1 < 200_000).last().unwrap();
                    assert_eq!(perft_full(&b, d), n, "{}", case.id);
                }
            }

            /// The board is a polyboard-core `PerftNode`: core's driver walks it directly,
            /// and divide's rows add up to the count.
            #[test]
            fn core_driver_walks_the_board() {
                for case in suite() {
                    let b = B::from_position(&case.position);
                    let &(d, n) = case.counts.iter().take_while(|c| c.1 < 100_000).last().unwrap();
                    assert_eq!(polyboard_core::perft::perft(&b, d), n, "{}", case.id);
                    let rows = polyboard_core::perft::divide(&b, d, false);
                    assert_eq!(rows.len() as u64, case.counts[0].1, "{}", case.id);
                    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), n, "{}", case.id);
                }
            }

            #[test]
            fn round_trip_and_key() {
                for case in suite() {
                    let b = B::from_position(&case.position);
                    assert_eq!(b.to_position(), case.position);
                    assert_eq!(b.key(), case.position.key());
                    assert_eq!(b.is_check(), case.position.is_check());
                }
            }

            #[test]
            #[ignore]
            fn deep_counts() {
                run::<B>(10_000_001, 1_000_000_000);
            }

            #[test]
            #[ignore]
            fn deepest_counts() {
                run::<B>(1_000_000_001, u64::MAX);
            }
        }
    )*};
}

repr_tests!(fast => FastBoard, bb128 => Bb128Board, bb3x32 => Bb3x32Board, attacktable => AttackTableBoard);

#[test]
fn startpos_parses() {
    assert_eq!(Position::startpos().sfen(), polyboard_shogi::STARTPOS);
}
