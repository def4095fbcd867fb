//! An efficiently updatable network (NNUE) evaluation for shogi: the chess network's
//! shape ([`Net`]: one 128-wide accumulator a side, then one output) over shogi's
//! features, trained by `examples/train_nnue.rs --shogi` on positions of the engine's
//! own games (`examples/datagen.rs --shogi`).
//!
//! Like the hand-written evaluation it reads only `piece_on` and the hands, so every
//! representation searches the same tree. [`NnueEval`] keeps the squares, hands and
//! accumulators of the last position it evaluated and brings them to the next by
//! adding and removing only the features that changed (exact: integer sums).

use super::Shogi;
use super::eval::ShogiEval;
use crate::nnue::{HIDDEN, Net, NetError};
use polyboard_search::Evaluator;
use polyboard_shogi::types::SQUARES;
use polyboard_shogi::{Color, Hand, Piece, ShogiBoard, Square};
use std::sync::Arc;

/// The board features: own, then the other side's pieces, x 14 kinds x 81 squares.
pub const BOARD_FEATURES: usize = 2 * 14 * SQUARES;
/// The most pieces of each hand slot (pawn, lance, knight, silver, bishop, rook, gold).
pub const HAND_MAX: [usize; 7] = [18, 4, 4, 4, 2, 2, 4];
/// The first feature of each hand slot, within one side's hand features.
const HAND_BASE: [usize; 7] = [0, 18, 22, 26, 30, 32, 34];
/// The hand features of one side: one per piece a hand can hold (38).
pub const HAND_FEATURES: usize = 38;
/// Inputs: the board features, then the own hand's and the other side's.
///
/// From `view`'s side, squares turned by 180 degrees (`80 - sq`) when `view` is White:
/// - a piece: `(own ? 0 : 1134) + (kind - 1) * 81 + square` (kinds 1 pawn .. 14 dragon);
/// - the `k`-th piece (from 0) of hand slot `s`: `2268 + (own ? 0 : 38) + HAND_BASE[s] + k`,
///   so a hand of `n` pawns sets the first `n` pawn features.
pub const INPUTS: usize = BOARD_FEATURES + 2 * HAND_FEATURES;

/// The input index of `piece` on `sq`, seen from `view`.
#[inline(always)]
pub fn board_feature(view: Color, piece: Piece, sq: Square) -> usize {
    let other = (piece.color() != view) as usize;
    let sq = if view == Color::White { SQUARES - 1 - sq } else { sq };
    other * (14 * SQUARES) + (piece.kind().index() - 1) * SQUARES + sq
}

/// The input index of the `k`-th piece (from 0) of hand slot `slot` of `owner`, seen
/// from `view` (beyond [`HAND_MAX`], the last feature of the slot).
#[inline(always)]
pub fn hand_feature(view: Color, owner: Color, slot: usize, k: usize) -> usize {
    BOARD_FEATURES + (owner != view) as usize * HAND_FEATURES + HAND_BASE[slot] + k.min(HAND_MAX[slot] - 1)
}

/// What the network reads of a position: the squares and the hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The piece on each square.
    pub board: [Option<Piece>; SQUARES],
    /// The hands of Black and White.
    pub hands: [Hand; 2],
}

impl Snapshot {
    /// The squares and hands of `board`.
    pub fn of<B: ShogiBoard>(board: &B) -> Snapshot {
        let mut squares = [None; SQUARES];
        for (sq, p) in squares.iter_mut().enumerate() {
            *p = board.piece_on(sq);
        }
        Snapshot { board: squares, hands: [board.hand(Color::Black), board.hand(Color::White)] }
    }

    /// Every input index of this position seen from `view`.
    pub fn features(&self, view: Color) -> impl Iterator<Item = usize> + '_ {
        let board = self.board.iter().enumerate().filter_map(move |(sq, p)| p.map(|p| board_feature(view, p, sq)));
        let hands = [Color::Black, Color::White].into_iter().flat_map(move |owner| {
            (0..7).flat_map(move |slot| {
                (0..self.hands[owner.index()][slot] as usize).map(move |k| hand_feature(view, owner, slot, k))
            })
        });
        board.chain(hands)
    }
}

/// The bytes of the network the engine plays with by default.
const BUILT_IN: &[u8] = include_bytes!("../../nets/shogi.pbnn");

/// The shogi network compiled into the binary (`nets/shogi.pbnn`), read once.
pub fn built_in() -> Arc<Net> {
    static NET: std::sync::OnceLock<Arc<Net>> = std::sync::OnceLock::new();
    Net::built_in(&NET, BUILT_IN, INPUTS)
}

/// Reads the shogi network file at `path`.
pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<Net, NetError> {
    Net::from_file(path, INPUTS)
}

/// The accumulators (Black's view, White's view) of `s`, from scratch.
pub fn refresh(net: &Net, s: &Snapshot) -> [[i16; HIDDEN]; 2] {
    [Color::Black, Color::White].map(|view| net.accumulate(s.features(view)))
}

/// The evaluation by `net` of `s` for `stm`, in centipawns, from scratch.
pub fn evaluate(net: &Net, s: &Snapshot, stm: Color) -> i32 {
    let acc = refresh(net, s);
    let us = stm.index();
    net.output(&acc[us], &acc[us ^ 1])
}

/// The view of each accumulator index.
const VIEWS: [Color; 2] = [Color::Black, Color::White];

/// The network evaluation, with the accumulators of the last position it evaluated.
#[derive(Clone, Debug)]
pub struct NnueEval {
    net: Arc<Net>,
    /// The position the accumulators hold (`None` before the first evaluation).
    last: Option<Snapshot>,
    acc: [[i16; HIDDEN]; 2],
}

impl NnueEval {
    /// An evaluation by `net`.
    pub fn new(net: Arc<Net>) -> NnueEval {
        NnueEval { net, last: None, acc: [[0; HIDDEN]; 2] }
    }

    /// Brings the accumulators to `s`: the changed features only, or a refresh when
    /// more than `REFRESH` changed.
    fn update(&mut self, s: &Snapshot) {
        const REFRESH: usize = 24;
        let Some(old) = self.last.as_mut() else {
            self.acc = refresh(&self.net, s);
            self.last = Some(*s);
            return;
        };
        let moved = old.board.iter().zip(&s.board).filter(|(a, b)| a != b).count();
        let in_hand: usize =
            old.hands.iter().flatten().zip(s.hands.iter().flatten()).map(|(a, b)| a.abs_diff(*b) as usize).sum();
        if 2 * moved + in_hand > REFRESH {
            self.acc = refresh(&self.net, s);
        } else if moved + in_hand > 0 {
            let (net, acc) = (&self.net, &mut self.acc);
            for sq in 0..SQUARES {
                let (was, now) = (old.board[sq], s.board[sq]);
                if was == now {
                    continue;
                }
                if let Some(p) = was {
                    net.sub_feature(acc, |v| board_feature(VIEWS[v], p, sq));
                }
                if let Some(p) = now {
                    net.add_feature(acc, |v| board_feature(VIEWS[v], p, sq));
                }
            }
            for owner in VIEWS {
                for slot in 0..7 {
                    let (was, now) = (old.hands[owner.index()][slot] as usize, s.hands[owner.index()][slot] as usize);
                    for k in now..was {
                        net.sub_feature(acc, |v| hand_feature(VIEWS[v], owner, slot, k));
                    }
                    for k in was..now {
                        net.add_feature(acc, |v| hand_feature(VIEWS[v], owner, slot, k));
                    }
                }
            }
        }
        *old = *s;
    }

    /// The evaluation of `s` for `stm`, in centipawns.
    pub fn evaluate_snapshot(&mut self, s: &Snapshot, stm: Color) -> i32 {
        self.update(s);
        let us = stm.index();
        self.net.output(&self.acc[us], &self.acc[us ^ 1])
    }
}

impl<B: ShogiBoard> Evaluator<Shogi<B>> for NnueEval {
    #[inline]
    fn evaluate(&mut self, pos: &Shogi<B>) -> i32 {
        self.evaluate_snapshot(&Snapshot::of(pos.board()), pos.board().turn())
    }
}

/// The shogi evaluation the engine searches with: the hand-written one (with its
/// weights) or a network (the `EvalFile` option). One type, so that the search is
/// compiled once for both.
// One value a search thread, made once a search: the size difference costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// The hand-written evaluation (`shogi::eval`).
    Hand(ShogiEval),
    /// A network's.
    Net(NnueEval),
}

impl Evaluation {
    /// The evaluation of the network `net`, or the hand-written one (its tuned
    /// weights) for `None`.
    pub fn of(net: Option<&Arc<Net>>) -> Evaluation {
        match net {
            Some(n) => Evaluation::Net(NnueEval::new(n.clone())),
            None => Evaluation::Hand(ShogiEval::default()),
        }
    }
}

impl<B: ShogiBoard> Evaluator<Shogi<B>> for Evaluation {
    #[inline]
    fn evaluate(&mut self, pos: &Shogi<B>) -> i32 {
        match self {
            Evaluation::Hand(e) => e.evaluate(pos),
            Evaluation::Net(e) => e.evaluate(pos),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_shogi::Position;

    fn snapshot(pos: &Position) -> Snapshot {
        Snapshot { board: pos.board, hands: pos.hands }
    }

    #[test]
    fn the_built_in_network_reads() {
        let net = built_in();
        assert_eq!(net.to_bytes(), BUILT_IN);
        // The start position is about level for the side to move.
        assert!(evaluate(&net, &snapshot(&Position::startpos()), Color::Black).abs() < 150);
    }

    #[test]
    fn every_feature_is_in_range_and_distinct() {
        let pos = Position::from_sfen("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124")
            .unwrap();
        for view in VIEWS {
            let mut f: Vec<usize> = snapshot(&pos).features(view).collect();
            assert_eq!(f.len(), 40, "one feature a piece, on the board or in hand");
            assert!(f.iter().all(|&i| i < INPUTS));
            f.sort_unstable();
            f.dedup();
            assert_eq!(f.len(), 40);
        }
        // Every hand feature of a full hand is reachable and the last is the last input.
        assert_eq!(hand_feature(Color::Black, Color::White, 6, 3), INPUTS - 1);
        assert_eq!(hand_feature(Color::Black, Color::Black, 0, 17), BOARD_FEATURES + 17);
    }

    #[test]
    fn updates_equal_refreshes_along_games() {
        // Every legal move of a few positions and every reply: the incremental
        // accumulators must equal a refresh exactly.
        let net = Arc::new(crate::nnue::random_net(INPUTS));
        let mut eval = NnueEval::new(net.clone());
        for sfen in [
            polyboard_shogi::STARTPOS,
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL w s 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            for m in pos.legal_moves() {
                let after = pos.play(m);
                for m2 in after.legal_moves().into_iter().step_by(3) {
                    let two = after.play(m2);
                    let s = snapshot(&two);
                    assert_eq!(
                        eval.evaluate_snapshot(&s, two.turn),
                        evaluate(&net, &s, two.turn),
                        "{sfen} {m:?} {m2:?}"
                    );
                }
                let s = snapshot(&after);
                assert_eq!(eval.evaluate_snapshot(&s, after.turn), evaluate(&net, &s, after.turn));
            }
        }
    }

    #[test]
    fn the_views_turn() {
        // A position and the same turned by 180 degrees, colours and hands swapped,
        // score the same for their side to move.
        let net = crate::nnue::random_net(INPUTS);
        let a = Position::from_sfen("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L b Sbgn3p 1")
            .unwrap();
        let mut b = a.clone();
        for sq in 0..SQUARES {
            b.board[SQUARES - 1 - sq] = a.board[sq].map(|p| Piece::new(p.color().flip(), p.kind()));
        }
        b.hands = [a.hands[1], a.hands[0]];
        b.turn = Color::White;
        assert_eq!(evaluate(&net, &snapshot(&a), Color::Black), evaluate(&net, &snapshot(&b), Color::White));
    }
}
