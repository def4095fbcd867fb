//! An efficiently updatable neural network (NNUE) evaluation for chess: one hidden
//! layer over the 768 piece-square features seen from each side, trained by
//! `examples/train_nnue.rs` on positions of the engine's own games (`examples/datagen.rs`).
//! The engine plays with [`built_in`], the network in `nets/chess.pbnn` compiled into
//! the binary; docs/engine.md gives the commands that make it again.
//!
//! The network ([`Net`], shared with shogi) is `768 -> HIDDEN` (the accumulator, one a
//! side, shared weights) then `2 * HIDDEN -> 1`. Like the hand-written evaluation it reads only the piece sets, so every
//! representation searches the same tree. [`NnueEval`] keeps the piece sets and the
//! accumulators of the last position it evaluated and brings them to the next by
//! adding and removing only the features that changed: consecutive evaluations in a
//! depth-first search are a few moves apart, so an update costs a few rows, not 32.
//! The result is exact (integer arithmetic): the same as a full refresh.

use super::Chess;
use super::eval::ChessEval;
use polyboard_chess::{Color, PieceSets, Role, SearchBoard};
use polyboard_core::wide::squares;
use polyboard_search::Evaluator;
use std::sync::Arc;

pub use crate::nnue::{HIDDEN, MAGIC, Net, NetError, QA, QB, SCALE};

/// Inputs: colour (own, then the other side's) x role x square, from one side's view.
///
/// Feature of a piece seen from `view`: `(own ? 0 : 384) + role * 64 + square`, the
/// square flipped vertically (`^ 56`) when `view` is Black. Roles pawn 0 .. king 5.
pub const INPUTS: usize = 768;
/// The size in bytes of a chess network file.
pub const FILE_SIZE: usize = crate::nnue::file_size(INPUTS);

/// The bytes of the network the engine plays with by default.
const BUILT_IN: &[u8] = include_bytes!("../../nets/chess.pbnn");

/// The chess network compiled into the binary (`nets/chess.pbnn`), read once.
pub fn built_in() -> Arc<Net> {
    static NET: std::sync::OnceLock<Arc<Net>> = std::sync::OnceLock::new();
    Net::built_in(&NET, BUILT_IN, INPUTS)
}

/// Reads the chess network file at `path`.
pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<Net, NetError> {
    Net::from_file(path, INPUTS)
}

/// The accumulators (White's view, Black's view) of the piece sets `s`, from scratch.
pub fn refresh(net: &Net, s: &PieceSets) -> [[i16; HIDDEN]; 2] {
    [0, 1].map(|view| net.accumulate(pieces(s).map(|(color, role, sq)| feature(view, color, role, sq))))
}

/// The evaluation by `net` of the piece sets `s` for `stm`, in centipawns, from scratch.
pub fn evaluate(net: &Net, s: &PieceSets, stm: Color) -> i32 {
    let acc = refresh(net, s);
    let us = stm.index();
    net.output(&acc[us], &acc[us ^ 1])
}

/// The input index of a piece of `color` and `role` on `sq`, seen from `view` (0 White,
/// 1 Black).
#[inline(always)]
pub fn feature(view: usize, color: Color, role: Role, sq: usize) -> usize {
    let other = (color.index() != view) as usize;
    let sq = if view == 1 { sq ^ 56 } else { sq };
    other * 384 + role.index() * 64 + sq
}

/// Every piece of the piece sets `s`: its colour, role and square.
pub fn pieces(s: &PieceSets) -> impl Iterator<Item = (Color, Role, usize)> + '_ {
    Color::ALL.into_iter().flat_map(move |color| {
        Role::ALL.into_iter().flat_map(move |role| squares(s.get(color, role)).map(move |sq| (color, role, sq)))
    })
}

/// The network evaluation, with the accumulators of the last position it evaluated.
#[derive(Clone, Debug)]
pub struct NnueEval {
    net: Arc<Net>,
    /// The piece sets the accumulators hold (`None` before the first evaluation).
    sets: Option<PieceSets>,
    acc: [[i16; HIDDEN]; 2],
}

impl NnueEval {
    /// An evaluation by `net`.
    pub fn new(net: Arc<Net>) -> NnueEval {
        NnueEval { net, sets: None, acc: [[0; HIDDEN]; 2] }
    }

    /// Brings the accumulators to the piece sets `s`: the changed features only, or a
    /// refresh when more than `REFRESH` changed.
    fn update(&mut self, s: &PieceSets) {
        const REFRESH: u32 = 12;
        let Some(old) = self.sets else {
            self.acc = refresh(&self.net, s);
            self.sets = Some(*s);
            return;
        };
        let changed: u32 = (1..15).map(|i| (old.0[i] ^ s.0[i]).count_ones()).sum();
        if changed > REFRESH {
            self.acc = refresh(&self.net, s);
        } else if changed > 0 {
            for color in Color::ALL {
                for role in Role::ALL {
                    let (was, now) = (old.get(color, role), s.get(color, role));
                    for sq in squares(was & !now) {
                        self.net.sub_feature(&mut self.acc, |view| feature(view, color, role, sq));
                    }
                    for sq in squares(now & !was) {
                        self.net.add_feature(&mut self.acc, |view| feature(view, color, role, sq));
                    }
                }
            }
        }
        self.sets = Some(*s);
    }

    /// The evaluation of the piece sets `s` for `stm`, in centipawns.
    pub fn evaluate_sets(&mut self, s: &PieceSets, stm: Color) -> i32 {
        self.update(s);
        let us = stm.index();
        self.net.output(&self.acc[us], &self.acc[us ^ 1])
    }
}

impl<B: SearchBoard> Evaluator<Chess<B>> for NnueEval {
    #[inline]
    fn evaluate(&mut self, pos: &Chess<B>) -> i32 {
        self.evaluate_sets(&pos.0.piece_sets(), pos.0.turn())
    }
}

/// The chess evaluation the engine searches with: the hand-written one or a network
/// (the `EvalFile` option). One type, so that the search is compiled once for both.
// One value a search thread, made once a search: the size difference costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// The hand-written evaluation (`chess::eval`).
    Hand(ChessEval),
    /// A network's.
    Net(NnueEval),
}

impl Evaluation {
    /// The evaluation of the network `net`, or the hand-written one for `None`.
    pub fn of(net: Option<&Arc<Net>>) -> Evaluation {
        match net {
            Some(n) => Evaluation::Net(NnueEval::new(n.clone())),
            None => Evaluation::Hand(ChessEval::default()),
        }
    }
}

impl<B: SearchBoard> Evaluator<Chess<B>> for Evaluation {
    #[inline]
    fn evaluate(&mut self, pos: &Chess<B>) -> i32 {
        match self {
            Evaluation::Hand(e) => e.evaluate(pos),
            Evaluation::Net(e) => e.evaluate(pos),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_chess::Position;

    fn random_net() -> Net {
        crate::nnue::random_net(INPUTS)
    }

    #[test]
    fn the_built_in_network_reads() {
        let net = built_in();
        assert_eq!(net.to_bytes(), BUILT_IN);
        // The start position is about level for the side to move.
        let s = PieceSets::of_position(&Position::startpos());
        assert!(evaluate(&net, &s, Color::White).abs() < 60);
    }

    #[test]
    fn updates_equal_refreshes_along_games() {
        // Walk every legal move of a few positions and back: the incremental
        // accumulators must equal a refresh of each position exactly.
        let net = Arc::new(random_net());
        let mut eval = NnueEval::new(net.clone());
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for &m in pos.legal_moves().iter() {
                let after = pos.play(m);
                for &m2 in after.legal_moves().iter() {
                    let two = after.play(m2);
                    let s = PieceSets::of_position(&two);
                    assert_eq!(
                        eval.evaluate_sets(&s, two.turn()),
                        evaluate(&net, &s, two.turn()),
                        "{fen} {m:?} {m2:?}"
                    );
                }
                let s = PieceSets::of_position(&after);
                assert_eq!(eval.evaluate_sets(&s, after.turn()), evaluate(&net, &s, after.turn()));
            }
        }
    }

    #[test]
    fn the_views_mirror() {
        // A position and its colour-flipped mirror score the same for their side to move.
        let net = random_net();
        let a = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
        let b = Position::from_fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3").unwrap();
        let (sa, sb) = (PieceSets::of_position(&a), PieceSets::of_position(&b));
        assert_eq!(evaluate(&net, &sa, Color::White), evaluate(&net, &sb, Color::Black));
    }
}
