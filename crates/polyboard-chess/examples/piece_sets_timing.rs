//! How long [`SearchBoard::piece_sets`] and [`SearchBoard::attackers`] take on each
//! representation that answers them: ns per call over the positions of the perft suite and of a fixed
//! pseudo-random walk from each. The CCR's is the paper's section 5.5 conversion;
//! the procedure exactly as printed is timed beside it. Run with
//! `cargo run --release -p polyboard-chess --example piece_sets_timing`. A quick
//! measurement, not a benchmark harness: many short passes, the fastest kept, so
//! that a loaded machine disturbs it less.

use polyboard_chess::repr::ccr::ccr_to_bitboards_as_printed;
use polyboard_chess::repr::{Ccr, Magic, PieceList};
use polyboard_chess::{Board, Position, SearchBoard, Square, epd};
use std::hint::black_box;
use std::time::Instant;

/// The suite positions and those of a 40-ply walk from each.
fn positions() -> Vec<Position> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft/plp-perftsuite.epd");
    let text = std::fs::read_to_string(path).expect("the perft suite");
    let mut out = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for case in epd::parse_suite(&text, false).expect("a valid suite") {
        let mut pos = case.position;
        for _ in 0..40 {
            out.push(pos);
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            pos = pos.play(legal[(seed >> 33) as usize % legal.len()]);
        }
    }
    out
}

/// Nanoseconds per call of `f` on each of `boards`: the fastest of many passes.
fn time<B>(boards: &[B], f: impl Fn(&B) -> u64) -> f64 {
    let mut best = f64::MAX;
    let mut acc = 0u64;
    for _ in 0..(2_000_000 / boards.len().max(1)).max(20) {
        let start = Instant::now();
        for b in boards {
            acc ^= f(black_box(b));
        }
        best = best.min(start.elapsed().as_nanos() as f64 / boards.len() as f64);
    }
    black_box(acc);
    best
}

/// All sixteen sets XORed, so that none of them can be left uncomputed.
fn fold(sets: &[u64; 16]) -> u64 {
    sets.iter().fold(0, |a, s| a ^ s)
}

/// Nanoseconds per `piece_sets` call of representation `B`.
fn piece_sets<B: SearchBoard>(positions: &[Position]) -> f64 {
    let boards: Vec<B> = positions.iter().map(B::from_position).collect();
    time(&boards, |b| fold(&b.piece_sets().0))
}

/// Nanoseconds per `attackers` call of representation `B`, over every square under
/// the full occupancy.
fn attackers<B: SearchBoard>(positions: &[Position]) -> f64 {
    let boards: Vec<(B, u64)> = positions.iter().map(|p| (B::from_position(p), p.occupied())).collect();
    let squares: Vec<Square> = (0..64).map(Square::from_index).collect();
    time(&boards, |(b, occ)| squares.iter().fold(0, |a, &sq| a ^ b.attackers(sq, *occ))) / 64.0
}

fn main() {
    let positions = positions();
    println!("{} positions; ns per call, fastest pass", positions.len());
    println!("repr       piece_sets attackers");
    println!("magic      {:10.2} {:9.2}", piece_sets::<Magic>(&positions), attackers::<Magic>(&positions));
    println!("piecelist  {:10.2} {:9.2}", piece_sets::<PieceList>(&positions), attackers::<PieceList>(&positions));
    println!("ccr        {:10.2} {:9.2}", piece_sets::<Ccr>(&positions), attackers::<Ccr>(&positions));
    let ranks: Vec<[u32; 8]> = positions.iter().map(|p| Ccr::from_position(p).ranks()).collect();
    println!("ccr, 5.5 as printed {:6.2}", time(&ranks, |r| fold(&ccr_to_bitboards_as_printed(r))));
}
