//! `shogi` agrees with polyboard-shogi move for move: seeded random games from the
//! start (a third of the moves chosen among the checks, to reach mates and pawn-drop
//! mates), comparing after every move the legal moves (as USI text, drops and
//! promotions included), check, and the SFEN; a game ends when both find no legal
//! move. The list compared is `Board::generate_playable`, the moves shogi's rules
//! allow. Pawn-drop mate: `Board::generate`, like Fairy-Stockfish 11.1 and Sjaak II
//! (both checked: 84 moves in the hand-made position below, where cshogi and
//! polyboard-shogi have 83), lists a mating pawn drop, which perft counts and which
//! loses for the dropper; `Board::forbids` names it, and the test checks that it is
//! the only difference between the two lists.

use polyboard_core::zobrist::splitmix64;
use polyboard_shogi::{Position, usi};
use polyboard_variants::rules::Value;
use polyboard_variants::{Board, Moves, Tables, VariantSet};

struct Tally {
    plies: usize,
    mates: usize,
    drops: usize,
    promotions: usize,
    pawn_drop_mates: usize,
}

/// Compares the two sides at one position; returns the legal moves in USI text.
fn compare(ours: &Board<u128>, theirs: &Position, tally: &mut Tally) -> Vec<String> {
    let before = tally.pawn_drop_mates;
    let sfen = theirs.sfen();
    let mut expected: Vec<String> = theirs.legal_moves().iter().map(|&m| usi::format(m)).collect();
    let (mut all, mut playable) = (Moves::new(), Moves::new());
    ours.generate(&mut all);
    ours.generate_playable(&mut playable);
    let mut mine: Vec<String> = playable.iter().map(|&m| ours.usi_move_text(m)).collect();
    expected.sort();
    mine.sort();
    assert_eq!(mine, expected, "legal moves differ in {sfen} (ours: {})", ours.sfen());
    assert_eq!(ours.in_check(), theirs.is_check(), "check differs in {sfen}");
    assert_eq!(ours.sfen(), sfen, "SFEN differs");
    tally.drops += playable.iter().filter(|m| m.is_drop()).count();
    tally.promotions += playable.iter().filter(|m| m.is_promotion()).count();
    // What `generate` has beyond the rules is exactly the mating pawn drops, each a
    // loss for the dropper.
    for &m in all.iter().filter(|&&m| ours.forbids(m)) {
        assert!(m.is_drop() && ours.play(m).outcome(false, Some(m)) == Some(Value::Win), "{sfen}");
        tally.pawn_drop_mates += 1;
    }
    assert_eq!(all.len(), playable.len() + tally.pawn_drop_mates - before, "{sfen}");
    mine
}

fn play_games(games: usize, seed: u64) -> Tally {
    let tables: Tables<u128> = Tables::new(VariantSet::builtin().rules("shogi").unwrap());
    let mut rng = seed;
    let mut tally = Tally { plies: 0, mates: 0, drops: 0, promotions: 0, pawn_drop_mates: 0 };
    for _ in 0..games {
        let mut theirs = Position::startpos();
        let mut ours = Board::from_fen(&tables, &tables.rules.start_fen).unwrap();
        for _ in 0..400 {
            let legal = compare(&ours, &theirs, &mut tally);
            if legal.is_empty() {
                // Checkmate or no move at all: a loss in both.
                assert_eq!(ours.outcome(false, None), Some(Value::Loss), "{}", ours.sfen());
                tally.mates += 1;
                break;
            }
            let mut pick = (splitmix64(&mut rng) % legal.len() as u64) as usize;
            if splitmix64(&mut rng).is_multiple_of(3) {
                // Look for a check, starting at the random pick.
                let gives_check = |i: usize| theirs.play(usi::parse(&theirs, &legal[i]).unwrap()).is_check();
                if let Some(i) = (0..legal.len()).map(|k| (pick + k) % legal.len()).find(|&i| gives_check(i)) {
                    pick = i;
                }
            }
            let text = &legal[pick];
            theirs = theirs.play(usi::parse(&theirs, text).unwrap());
            ours = ours.play(ours.parse_usi_move(text).unwrap());
            tally.plies += 1;
        }
    }
    tally
}

#[test]
fn shogi_random_games_agree() {
    let t = play_games(40, 0x5eed_5040);
    eprintln!(
        "{} plies, {} games ended without moves, {} drops and {} promotions compared, {} refused pawn-drop mates",
        t.plies, t.mates, t.drops, t.promotions, t.pawn_drop_mates
    );
    assert!(t.plies > 4000 && t.mates > 0 && t.drops > 0 && t.promotions > 0 && t.pawn_drop_mates > 0);
}

#[test]
fn pawn_drop_mate_is_refused_by_one_and_lost_by_the_other() {
    let tables: Tables<u128> = Tables::new(VariantSet::builtin().rules("shogi").unwrap());
    // Gote's king on 1a, boxed in by golds on 3a and 2c: P*1b would mate.
    let sfen = "6G1k/9/7G1/9/9/9/9/9/4K4 b P 1";
    let theirs = Position::from_sfen(sfen).unwrap();
    let ours = Board::from_sfen(&tables, sfen).unwrap();
    let mut tally = Tally { plies: 0, mates: 0, drops: 0, promotions: 0, pawn_drop_mates: 0 };
    let legal = compare(&ours, &theirs, &mut tally);
    assert!(!legal.contains(&"P*1b".to_string()) && legal.contains(&"P*1c".to_string()));
    assert_eq!(tally.pawn_drop_mates, 1);
    // With the gold on 2c gone, the king could take the pawn: the drop is legal.
    let sfen = "6G1k/9/9/9/9/9/9/9/4K4 b P 1";
    let legal = compare(&Board::from_sfen(&tables, sfen).unwrap(), &Position::from_sfen(sfen).unwrap(), &mut tally);
    assert!(legal.contains(&"P*1b".to_string()));
}
