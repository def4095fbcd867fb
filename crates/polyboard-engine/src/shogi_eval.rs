//! The shogi evaluation: material on the board and in hand, piece-square terms and a
//! simple king safety. It reads only `piece_on` and the hands, so it scores every
//! representation alike.
//!
//! All weights are set by hand (common proportions of shogi programs), not tuned.

use crate::Evaluator;
use crate::shogi::{SEE_VALUE, Shogi};
use polyboard_shogi::types::{SQUARES, file_of, rank_of, relative_rank};
use polyboard_shogi::{Color, Kind, ShogiBoard};

/// Hand values by hand slot (pawn .. gold): a piece in hand is worth a little more
/// than on the board, for the drops it keeps open.
pub const HAND_VALUE: [i32; 7] = [100, 350, 450, 550, 950, 1100, 600];

/// The shogi evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShogiEval;

/// Piece-square bonus of `kind` on relative rank `rr` (0 = the opponent's back rank)
/// and file `file` (1..=9).
fn square_bonus(kind: Kind, rr: usize, file: usize) -> i32 {
    let advance = 8 - rr as i32; // 0 on our back rank .. 8 on theirs
    let centre = 4 - (file as i32 - 5).abs(); // 0 at the edge .. 4 in the centre
    match kind {
        Kind::Pawn => advance * 4,
        Kind::Lance => 0,
        Kind::Knight => advance * 3 + centre * 2,
        Kind::Silver => advance.min(5) * 6 + centre * 3,
        Kind::Gold => -(advance - 2).abs() * 5 + centre * 2,
        Kind::Bishop | Kind::Horse => centre * 3,
        Kind::Rook | Kind::Dragon => advance * 2,
        Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => advance * 3 + centre * 2,
        // The king wants its back ranks and to stay off the centre file.
        Kind::King => -advance * 12 + (4 - centre) * 4,
    }
}

/// The score of `board` for Black.
fn score_black<B: ShogiBoard>(board: &B) -> i32 {
    let mut score = 0;
    let mut kings = [None; 2];
    for sq in 0..SQUARES {
        if let Some(p) = board.piece_on(sq)
            && p.kind() == Kind::King
        {
            kings[p.color().index()] = Some(sq);
        }
    }
    for sq in 0..SQUARES {
        let Some(p) = board.piece_on(sq) else { continue };
        let c = p.color();
        let sign = if c == Color::Black { 1 } else { -1 };
        let k = p.kind();
        let mut v = if k == Kind::King { 0 } else { SEE_VALUE[k.index()] };
        v += square_bonus(k, relative_rank(c, sq), file_of(sq));
        // King safety: own generals near the own king, enemy pieces near the enemy
        // king (an attack).
        let near = |ksq: Option<usize>| {
            ksq.map_or(99, |ksq| {
                (file_of(sq) as i32 - file_of(ksq) as i32).abs().max((rank_of(sq) as i32 - rank_of(ksq) as i32).abs())
            })
        };
        if k != Kind::King {
            let d_own = near(kings[c.index()]);
            if matches!(k, Kind::Gold | Kind::Silver) && d_own <= 2 {
                v += if d_own == 1 { 30 } else { 15 };
            }
            let d_theirs = near(kings[c.flip().index()]);
            if d_theirs <= 2 {
                v += if d_theirs == 1 { 40 } else { 20 };
            }
        }
        score += sign * v;
    }
    for c in [Color::Black, Color::White] {
        let sign = if c == Color::Black { 1 } else { -1 };
        let hand = board.hand(c);
        for (slot, &n) in hand.iter().enumerate() {
            score += sign * HAND_VALUE[slot] * n as i32;
        }
    }
    score
}

impl<B: ShogiBoard> Evaluator<Shogi<B>> for ShogiEval {
    fn evaluate(&mut self, pos: &Shogi<B>) -> i32 {
        let s = score_black(pos.board());
        let tempo = 20;
        if pos.board().turn() == Color::Black { s + tempo } else { tempo - s }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_shogi::Position;
    use polyboard_shogi::repr::{AttackTableBoard, FastBoard};

    fn eval<B: ShogiBoard>(sfen: &str) -> i32 {
        let b = B::from_position(&Position::from_sfen(sfen).unwrap());
        ShogiEval.evaluate(&Shogi::new(b, &[]))
    }

    #[test]
    fn start_is_balanced_and_material_counts() {
        let s = polyboard_shogi::STARTPOS;
        assert_eq!(eval::<FastBoard>(s), 20);
        // Black has an extra rook in hand.
        let r = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1";
        assert!(eval::<FastBoard>(r) > 1500);
        assert_eq!(eval::<FastBoard>(r), eval::<AttackTableBoard>(r));
    }
}
