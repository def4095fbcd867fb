//! Reproducible positions for benchmarks: every ply of random games.

use crate::Position;

/// Every position of `games` random games of at most `plies` plies from the standard
/// start position, in order, each move drawn uniformly from the legal ones by a
/// xorshift generator seeded with `seed`. The same arguments give the same positions
/// on every machine, so runs measure the same set.
pub fn random_game_positions(games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut out = Vec::with_capacity(games * plies);
    let mut x = seed | 1;
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            pos = pos.play(moves[(x % moves.len() as u64) as usize]);
            out.push(pos);
        }
    }
    out
}
