//! Every representation plays the same random games and must agree after every move
//! on the legal moves, the SFEN, check and the Zobrist key, with each other and with
//! the plain rules of `Position` (the reference written without any representation's
//! technique).

use polyboard_shogi::repr::{AttackTableBoard, Bb3x32Board, Bb128Board, FastBoard};
use polyboard_shogi::{Move, Position, ShogiBoard, usi};

use crate::common;

use common::Rng;

fn sorted<B: ShogiBoard>(b: &B) -> Vec<u16> {
    let mut v: Vec<u16> = b.legal_moves().iter().map(|m| m.0).collect();
    v.sort_unstable();
    v
}

/// One state of every representation.
struct All(FastBoard, Bb128Board, Bb3x32Board, AttackTableBoard);

impl All {
    fn new(p: &Position) -> All {
        All(
            FastBoard::from_position(p),
            Bb128Board::from_position(p),
            Bb3x32Board::from_position(p),
            AttackTableBoard::from_position(p),
        )
    }

    fn apply(&mut self, mv: Move) {
        self.0.apply(mv);
        self.1.apply(mv);
        self.2.apply(mv);
        self.3.apply(mv);
    }

    /// Checks every representation against `pos`; `reference` also compares the moves
    /// with `Position`'s own generator (slow, so not on every ply).
    fn check(&self, pos: &Position, reference: bool, ctx: &str) -> Vec<u16> {
        let moves = sorted(&self.0);
        macro_rules! agree {
            ($b:expr) => {{
                let b = &$b;
                assert_eq!(sorted(b), moves, "{} moves differ from fast: {ctx}", ShogiBoardName::name(b));
                assert_eq!(b.to_position().sfen(), pos.sfen(), "{ctx}");
                assert_eq!(b.key(), pos.key(), "{} key: {ctx}", ShogiBoardName::name(b));
                assert_eq!(b.is_check(), pos.is_check(), "{ctx}");
                assert_eq!(b.count_moves(), moves.len() as u64, "{ctx}");
                for sq in 0..81 {
                    assert_eq!(b.piece_on(sq), pos.board[sq], "{ctx}");
                }
                assert_eq!([b.hand(polyboard_shogi::Color::Black), b.hand(polyboard_shogi::Color::White)], pos.hands);
            }};
        }
        agree!(self.0);
        agree!(self.1);
        agree!(self.2);
        agree!(self.3);
        if reference {
            let mut r: Vec<u16> = pos.legal_moves().iter().map(|m| m.0).collect();
            r.sort_unstable();
            assert_eq!(r, moves, "Position's rules differ: {ctx}");
        }
        moves
    }
}

trait ShogiBoardName {
    fn name(&self) -> &'static str;
}

impl<B: ShogiBoard> ShogiBoardName for B {
    fn name(&self) -> &'static str {
        B::NAME
    }
}

/// Plays `games` random games (a quarter as many in debug builds; CI runs release).
fn play_games(starts: &[&str], games: usize, max_plies: usize, seed: u64) {
    let games = if cfg!(debug_assertions) { games / 4 } else { games };
    let mut rng = Rng(seed);
    for g in 0..games {
        let mut pos = Position::from_sfen(starts[g % starts.len()]).unwrap();
        let mut all = All::new(&pos);
        let mut line = String::new();
        for ply in 0..max_plies {
            let ctx = format!("game {g} after '{line}' from {}", starts[g % starts.len()]);
            let moves = all.check(&pos, ply % 8 == 0, &ctx);
            if moves.is_empty() {
                break;
            }
            let mv = Move(moves[(rng.next() % moves.len() as u64) as usize]);
            let text = usi::format(mv);
            assert_eq!(usi::parse(&pos, &text), Ok(mv), "{ctx}");
            line.push_str(&text);
            line.push(' ');
            pos = pos.play(mv);
            all.apply(mv);
        }
    }
}

#[test]
fn random_games_from_the_start_agree() {
    play_games(&[polyboard_shogi::STARTPOS], 200, 256, 2026);
}

#[test]
fn random_games_from_the_suite_positions_agree() {
    let starts = [
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
        "8k/6Sg1/6B2/7N1/9/9/9/9/4K4 b P 1",
        "3gkg3/9/4p4/L4PS1N/2N6/3+P5/7B1/1R7/4K4 b PLNpl 1",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
        "R6sk/9/7G1/9/9/9/9/9/4K4 b P 1",
        "4k4/2G6/4g4/3N5/4R4/9/9/9/K4L3 b P 1",
    ];
    play_games(&starts, 240, 160, 7);
}
