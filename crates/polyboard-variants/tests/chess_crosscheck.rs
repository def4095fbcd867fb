//! `chess` and `chess960` agree with polyboard-chess move for move: random games from
//! the standard start and from Chess960 starts, comparing after every move the legal
//! moves (as UCI text), check, the placement, the side to move and the clocks.

use polyboard_chess::{Position, uci};
use polyboard_core::zobrist::splitmix64;
use polyboard_variants::{Board, Moves, Tables, VariantSet};

fn play_games(variant: &str, starts: &[Position], games_per_start: usize, seed: u64) -> usize {
    let set = VariantSet::builtin();
    let tables: Tables<u64> = Tables::new(set.rules(variant).unwrap());
    let mut rng = seed;
    let mut plies = 0;
    for start in starts {
        for _ in 0..games_per_start {
            let mut pos = *start;
            let mut ours = Board::from_fen(&tables, &pos.fen()).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
            for _ in 0..300 {
                let fen = pos.fen();
                let mut theirs: Vec<String> = pos.legal_moves().iter().map(|&m| uci::format(&pos, m)).collect();
                let mut list = Moves::new();
                ours.generate(&mut list);
                let mut mine: Vec<String> = list.iter().map(|&m| ours.move_text(m)).collect();
                theirs.sort();
                mine.sort();
                assert_eq!(mine, theirs, "legal moves differ in {fen} (ours: {})", ours.fen());
                assert_eq!(ours.in_check(), pos.is_check(), "check differs in {fen}");
                let a: Vec<&str> = fen.split(' ').collect();
                let of = ours.fen();
                let b: Vec<&str> = of.split(' ').collect();
                assert_eq!((a[0], a[1], a[4], a[5]), (b[0], b[1], b[4], b[5]), "FEN differs: {fen} vs {of}");
                if theirs.is_empty() {
                    break;
                }
                let text = &theirs[(splitmix64(&mut rng) % theirs.len() as u64) as usize];
                pos = pos.play(uci::parse(&pos, text).unwrap());
                ours = ours.play(ours.parse_move(text).unwrap());
                plies += 1;
            }
        }
    }
    plies
}

#[test]
fn chess_random_games_agree() {
    let plies = play_games("chess", &[Position::startpos()], 60, 0x5eed_0001);
    assert!(plies > 5000);
}

#[test]
fn chess960_random_games_agree() {
    let starts: Vec<Position> = (0..960).step_by(16).map(|n| Position::chess960_start(n).unwrap()).collect();
    let plies = play_games("chess960", &starts, 2, 0x5eed_0960);
    assert!(plies > 5000);
}
