//! The shogi evaluation: material on the board and in hand, piece-square terms, king
//! safety and the entering king. It reads only `piece_on` and the hands, so it scores
//! every representation alike.
//!
//! The evaluation is linear in its weights ([`ShogiWeights`]): it is a sum of weight
//! times count over features, which [`features`] lists for the tuner and [`score_black`]
//! adds up for the search, from one walk over the board ([`walk`]) so the two cannot
//! differ. The features, counted for Black and subtracted for White:
//!
//! - `piece[kind]`: a piece on the board; `hand[slot]`: a piece in hand (pawn .. rook,
//!   gold, the [`Kind::HAND`] order).
//! - `rank[group][rr]` and `file[group][e]`: the piece-square terms, by piece group (pawn,
//!   lance, knight, silver, gold and the promoted minors, bishop, rook, horse, dragon,
//!   king), the relative rank (0: the opponent's back rank) and the distance from the
//!   edge file (0 .. 4).
//! - `defend[group][d]`: an own piece at king distance 1 or 2 (Chebyshev) from its own
//!   king; `attack[group][d]`: a piece at distance 1 or 2 from the enemy king.
//! - `king_open`: the squares next to the king not held by its own pieces; `exposed`:
//!   the same count times the pieces in the opponent's hand (drops near an open king).
//! - `enter[0]`: the king in the opponent's camp with at most one enemy piece within
//!   two squares; `enter[1]`: then also per impasse point of its side (pieces in the
//!   camp and in hand, rook and bishop 5, capped at 31): the entering king heads for
//!   the declaration.
//! - `tempo`: for the side to move.
//!
//! The weights in `shogi_weights.txt` were fitted by Texel's method (see
//! `examples/tune.rs` and `scripts/tune/shogi_texel_data.py`; docs/shogi.md, section
//! "Tuning the shogi evaluation", describes the data); `enter` and the start values are set
//! by hand, since the training games hardly reach an entering king.

use super::{NO_KING, SEE_VALUE, Shogi};
use polyboard_search::Evaluator;
use polyboard_shogi::impasse_count;
use polyboard_shogi::types::{SQUARES, file_of, rank_of, relative_rank, square};
use polyboard_shogi::{Color, Kind, ShogiBoard};

/// Offset of `piece[kind]` (by kind index; the king's slot stays 0).
pub const PIECE: usize = 0;
/// Offset of `hand[slot]`.
pub const HAND: usize = PIECE + 15;
/// Offset of `rank[group][rr]`.
pub const RANK: usize = HAND + 7;
/// Offset of `file[group][e]`.
pub const FILE: usize = RANK + GROUPS * 9;
/// Offset of `defend[group][d - 1]`.
pub const DEFEND: usize = FILE + GROUPS * 5;
/// Offset of `attack[group][d - 1]`.
pub const ATTACK: usize = DEFEND + GROUPS * 2;
/// Index of `king_open`.
pub const KING_OPEN: usize = ATTACK + GROUPS * 2;
/// Index of `exposed`.
pub const EXPOSED: usize = KING_OPEN + 1;
/// Index of `tempo`.
pub const TEMPO: usize = EXPOSED + 1;
/// Offset of `enter[0..2]`.
pub const ENTER: usize = TEMPO + 1;
/// The number of weights.
pub const WEIGHTS: usize = ENTER + 2;
/// Piece groups of the square and king-safety tables.
pub const GROUPS: usize = 10;

/// The group of a kind: pawn 0, lance 1, knight 2, silver 3, gold and the promoted
/// minors 4, bishop 5, rook 6, horse 7, dragon 8, king 9.
pub fn group(k: Kind) -> usize {
    use Kind::*;
    match k {
        Pawn => 0,
        Lance => 1,
        Knight => 2,
        Silver => 3,
        Gold | ProPawn | ProLance | ProKnight | ProSilver => 4,
        Bishop => 5,
        Rook => 6,
        Horse => 7,
        Dragon => 8,
        King => 9,
    }
}

/// The weights of the shogi evaluation, one value a feature (see the module
/// documentation for the layout; the offsets are the constants of this module).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShogiWeights {
    /// The values, [`WEIGHTS`] of them.
    pub values: Vec<i32>,
}

impl ShogiWeights {
    /// The hand-set starting values: the usual proportions of shogi programs for the
    /// pieces (a piece in hand a little above the same piece on the board), simple
    /// formulas for the squares (advance, centre; the king back and off the centre),
    /// and generals near the own king and any piece near the enemy king rewarded.
    pub fn hand_set() -> ShogiWeights {
        let mut v = vec![0; WEIGHTS];
        for k in Kind::ALL {
            if k != Kind::King {
                v[PIECE + k.index()] = SEE_VALUE[k.index()];
            }
        }
        v[HAND..HAND + 7].copy_from_slice(&[100, 350, 450, 550, 950, 1100, 600]);
        for k in Kind::ALL {
            let g = group(k);
            for rr in 0..9 {
                let advance = 8 - rr as i32;
                v[RANK + g * 9 + rr] = match g {
                    0 => advance * 4,
                    2 | 4 => advance * 3,
                    3 => advance.min(5) * 6,
                    6 | 8 => advance * 2,
                    9 => -advance * 12,
                    _ => 0,
                };
            }
            for e in 0..5 {
                let centre = e as i32;
                v[FILE + g * 5 + e] = match g {
                    2 | 4 => centre * 2,
                    3 => centre * 3,
                    5 | 7 => centre * 3,
                    9 => (4 - centre) * 4,
                    _ => 0,
                };
            }
        }
        for g in [3, 4] {
            v[DEFEND + g * 2] = 30;
            v[DEFEND + g * 2 + 1] = 15;
        }
        for g in 0..GROUPS - 1 {
            v[ATTACK + g * 2] = 40;
            v[ATTACK + g * 2 + 1] = 20;
        }
        v[TEMPO] = 20;
        v[ENTER] = 100;
        v[ENTER + 1] = 10;
        ShogiWeights { values: v }
    }

    /// The weights as text, one value a line (what `shogi_weights.txt` holds).
    pub fn to_text(&self) -> String {
        self.values.iter().map(|v| format!("{v}\n")).collect()
    }

    /// Weights from [`ShogiWeights::to_text`]'s format (lines starting with `#` are
    /// comments); `None` unless it holds exactly one integer per weight.
    pub fn from_text(text: &str) -> Option<ShogiWeights> {
        let values = polyboard_search::texel::weight_lines(text)?;
        (values.len() == WEIGHTS).then_some(ShogiWeights { values })
    }
}

/// The weights the engine plays with: `shogi_weights.txt` (written by the tuner) when
/// it holds a full set, else [`ShogiWeights::hand_set`].
impl Default for ShogiWeights {
    fn default() -> ShogiWeights {
        ShogiWeights::from_text(include_str!("shogi_weights.txt")).unwrap_or_else(ShogiWeights::hand_set)
    }
}

/// Walks `board` (whose kings stand on `kings`, [`NO_KING`] for none) and calls `add`
/// with every feature index and its count, from Black's side (White's features count
/// negative). The tempo is not included.
pub fn walk<B: ShogiBoard>(board: &B, kings: [usize; 2], mut add: impl FnMut(usize, i32)) {
    let dist = |a: usize, b: usize| {
        if b == NO_KING {
            99
        } else {
            (file_of(a) as i32 - file_of(b) as i32).abs().max((rank_of(a) as i32 - rank_of(b) as i32).abs())
        }
    };
    // Enemy pieces within two squares of each king (for the entering king).
    let mut near_enemy = [0; 2];
    for sq in 0..SQUARES {
        let Some(p) = board.piece_on(sq) else { continue };
        let c = p.color();
        let sign = if c == Color::Black { 1 } else { -1 };
        let k = p.kind();
        let g = group(k);
        let f = file_of(sq);
        if k != Kind::King {
            add(PIECE + k.index(), sign);
        }
        add(RANK + g * 9 + relative_rank(c, sq), sign);
        add(FILE + g * 5 + (f - 1).min(9 - f), sign);
        if k != Kind::King {
            let d_own = dist(sq, kings[c.index()]);
            if d_own <= 2 {
                add(DEFEND + g * 2 + d_own as usize - 1, sign);
            }
            let d_theirs = dist(sq, kings[c.flip().index()]);
            if d_theirs <= 2 {
                add(ATTACK + g * 2 + d_theirs as usize - 1, sign);
                near_enemy[c.flip().index()] += 1;
            }
        }
    }
    for c in [Color::Black, Color::White] {
        let sign = if c == Color::Black { 1 } else { -1 };
        let hand = board.hand(c);
        for (slot, &n) in hand.iter().enumerate() {
            if n > 0 {
                add(HAND + slot, sign * n as i32);
            }
        }
        let king = kings[c.index()];
        if king == NO_KING {
            continue;
        }
        let (kf, kr) = (file_of(king) as i32, rank_of(king) as i32);
        let mut open = 0;
        for (df, dr) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            let (nf, nr) = (kf + df, kr + dr);
            if (1..=9).contains(&nf)
                && (0..=8).contains(&nr)
                && board.piece_on(square(nf as usize, nr as usize)).is_none_or(|p| p.color() != c)
            {
                open += 1;
            }
        }
        let their_hand: i32 = board.hand(c.flip()).iter().map(|&n| n as i32).sum();
        add(KING_OPEN, sign * open);
        add(EXPOSED, sign * open * their_hand);
        if relative_rank(c, king) <= 2 && near_enemy[c.index()] <= 1 {
            add(ENTER, sign);
            add(ENTER + 1, sign * impasse_count(board, c).points.min(31) as i32);
        }
    }
}

/// The features of `board` from Black's side, tempo included for the side to move
/// (index, count), as the tuner reads them.
pub fn features<B: ShogiBoard>(pos: &Shogi<B>) -> Vec<(u16, i16)> {
    let mut counts = vec![0i32; WEIGHTS];
    walk(pos.board(), [pos.king(Color::Black), pos.king(Color::White)], |i, n| counts[i] += n);
    counts[TEMPO] += if pos.board().turn() == Color::Black { 1 } else { -1 };
    counts.iter().enumerate().filter(|(_, n)| **n != 0).map(|(i, &n)| (i as u16, n as i16)).collect()
}

/// The score of `pos` for Black with the weights `w`, tempo included.
pub fn score_black<B: ShogiBoard>(pos: &Shogi<B>, w: &[i32]) -> i32 {
    let mut s = 0;
    walk(pos.board(), [pos.king(Color::Black), pos.king(Color::White)], |i, n| s += w[i] * n);
    s + if pos.board().turn() == Color::Black { w[TEMPO] } else { -w[TEMPO] }
}

/// The shogi evaluation, with its weights.
#[derive(Clone, Debug, Default)]
pub struct ShogiEval {
    /// The weights.
    pub weights: ShogiWeights,
}

impl<B: ShogiBoard> Evaluator<Shogi<B>> for ShogiEval {
    fn evaluate(&mut self, pos: &Shogi<B>) -> i32 {
        let s = score_black(pos, &self.weights.values);
        if pos.board().turn() == Color::Black { s } else { -s }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_shogi::Position;
    use polyboard_shogi::repr::{AttackTableBoard, FastBoard};

    fn eval<B: ShogiBoard>(sfen: &str) -> i32 {
        let b = B::from_position(&Position::from_sfen(sfen).unwrap());
        ShogiEval::default().evaluate(&Shogi::new(b, &[]))
    }

    #[test]
    fn start_is_balanced_and_material_counts() {
        let w = ShogiWeights::default();
        let s = polyboard_shogi::STARTPOS;
        assert_eq!(eval::<FastBoard>(s), w.values[TEMPO]);
        // Black has an extra rook in hand.
        let r = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1";
        assert!(eval::<FastBoard>(r) > 1000);
        assert_eq!(eval::<FastBoard>(r), eval::<AttackTableBoard>(r));
        // The same position from White's side scores the negation (tempo apart).
        let rw = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w R 1";
        assert_eq!(eval::<FastBoard>(r) - w.values[TEMPO], -(eval::<FastBoard>(rw) - w.values[TEMPO]));
    }

    #[test]
    fn features_dotted_with_the_weights_give_the_score() {
        let w = ShogiWeights::default();
        for sfen in [
            polyboard_shogi::STARTPOS,
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL w s 1",
        ] {
            let pos = Shogi::new(FastBoard::from_position(&Position::from_sfen(sfen).unwrap()), &[]);
            let dot: i32 = features(&pos).iter().map(|&(i, n)| w.values[i as usize] * n as i32).sum();
            assert_eq!(dot, score_black(&pos, &w.values), "{sfen}");
        }
    }

    #[test]
    fn the_weights_file_is_complete() {
        assert!(ShogiWeights::from_text(include_str!("shogi_weights.txt")).is_some());
        assert_eq!(ShogiWeights::from_text(&ShogiWeights::hand_set().to_text()), Some(ShogiWeights::hand_set()));
    }
}
