//! With one thread and a fresh hash, a fixed-depth search visits exactly the same tree
//! on every searchable representation: same node count, best move and score.

use polyboard_chess::Position;
use polyboard_chess::with_repr;
use polyboard_engine::chess::nnue::{Evaluation, INPUTS, Net};
use polyboard_engine::chess::{BENCH_FENS, Chess, names, search_fixed, search_fixed_metered};
use polyboard_search::meter::NoMeter;
use polyboard_search::search::{Outcome, STACK};
use std::sync::Arc;

/// Positions with castling both ways, en passant, promotions (under-promotions too),
/// checks, a Chess960 start and a pawn endgame.
const EXTRA: [&str; 4] = [
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/P1k5/K7/8/8/8/6p1/8 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "r1bqk2r/pppp1Npp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5",
];

/// A network of pseudo-random weights: any network must give the same tree on every
/// representation.
fn random_net() -> Arc<Net> {
    Arc::new(polyboard_engine::nnue::random_net(INPUTS))
}

fn run(depth: u32, net: Option<Arc<Net>>) -> Vec<Vec<Outcome<polyboard_chess::Move>>> {
    let fens: Vec<&str> = BENCH_FENS.iter().chain(EXTRA.iter()).copied().collect();
    names()
        .into_iter()
        .map(|name| {
            let fens = fens.clone();
            let net = net.clone();
            std::thread::Builder::new()
                .stack_size(STACK)
                .spawn(move || {
                    fens.iter()
                        .map(|fen| {
                            let pos = Position::from_fen(fen).expect("test FEN");
                            match &net {
                                None => with_repr!(name, B => search_fixed::<B>(&pos, depth)),
                                Some(n) => with_repr!(name, B => {
                                    let root = Chess(<B as polyboard_chess::Board>::from_position(&pos));
                                    search_fixed_metered(&root, &Evaluation::of(Some(n)), depth, NoMeter).0
                                }),
                            }
                            .expect("listed repr")
                        })
                        .collect()
                })
                .expect("thread")
                .join()
                .expect("search thread")
        })
        .collect()
}

#[test]
fn every_representation_searches_the_same_tree() {
    let depth = if cfg!(debug_assertions) { 5 } else { 9 };
    same_trees(run(depth, None));
}

#[test]
fn every_representation_searches_the_same_tree_with_a_network() {
    let depth = if cfg!(debug_assertions) { 4 } else { 7 };
    same_trees(run(depth, Some(random_net())));
}

fn same_trees(results: Vec<Vec<Outcome<polyboard_chess::Move>>>) {
    let reference = &results[0];
    assert!(reference.iter().all(|o| o.best.is_some() && o.nodes > 0));
    for (name, r) in names().iter().zip(&results).skip(1) {
        for (i, (a, b)) in reference.iter().zip(r).enumerate() {
            assert_eq!(a, b, "position {i}: {} and {name} differ", names()[0]);
        }
    }
}
