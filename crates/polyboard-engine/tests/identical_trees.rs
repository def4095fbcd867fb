//! With one thread and a fresh hash, a fixed-depth search visits exactly the same tree
//! on every searchable representation: same node count, best move and score.

use polyboard_chess::Position;
use polyboard_chess::with_repr;
use polyboard_engine::chess::{BENCH_FENS, names, search_fixed};
use polyboard_search::search::{Outcome, STACK};

/// Positions with castling both ways, en passant, promotions (under-promotions too),
/// checks, a Chess960 start and a pawn endgame.
const EXTRA: [&str; 4] = [
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/P1k5/K7/8/8/8/6p1/8 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "r1bqk2r/pppp1Npp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5",
];

fn run(depth: u32) -> Vec<Vec<Outcome<polyboard_chess::Move>>> {
    let fens: Vec<&str> = BENCH_FENS.iter().chain(EXTRA.iter()).copied().collect();
    names()
        .into_iter()
        .map(|name| {
            let fens = fens.clone();
            std::thread::Builder::new()
                .stack_size(STACK)
                .spawn(move || {
                    fens.iter()
                        .map(|fen| {
                            let pos = Position::from_fen(fen).expect("test FEN");
                            with_repr!(name, B => search_fixed::<B>(&pos, depth)).expect("listed repr")
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
    let results = run(depth);
    let reference = &results[0];
    assert!(reference.iter().all(|o| o.best.is_some() && o.nodes > 0));
    for (name, r) in names().iter().zip(&results).skip(1) {
        for (i, (a, b)) in reference.iter().zip(r).enumerate() {
            assert_eq!(a, b, "position {i}: {} and {name} differ", names()[0]);
        }
    }
}
