//! An efficiently updatable neural network (NNUE) evaluation for chess: one hidden
//! layer over the 768 piece-square features seen from each side, trained by
//! `examples/train_nnue.rs` on positions of the engine's own games (`examples/datagen.rs`).
//! The engine plays with [`built_in`], the network in `nets/chess.pbnn` compiled into
//! the binary; docs/engine.md gives the commands that make it again.
//!
//! The network is `768 -> HIDDEN` (the accumulator, one a side, shared weights) then
//! `2 * HIDDEN -> 1`: the side to move's accumulator first, each clipped to `0..=QA`.
//! Like the hand-written evaluation it reads only the piece sets, so every
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

/// The accumulator's width.
pub const HIDDEN: usize = 128;
/// Inputs: colour (own, then the other side's) x role x square, from one side's view.
pub const INPUTS: usize = 768;
/// The quantization of the first layer: 1.0 is `QA`.
pub const QA: i32 = 255;
/// The quantization of the output weights: 1.0 is `QB`.
pub const QB: i32 = 64;
/// The output times `SCALE` is centipawns.
pub const SCALE: i32 = 400;
/// The file's magic, then `HIDDEN` as a little-endian `u32`.
pub const MAGIC: &[u8; 4] = b"PBNN";

/// The bytes of the network the engine plays with by default.
const BUILT_IN: &[u8] = include_bytes!("../../nets/chess.pbnn");

/// A network's file.
///
/// # Layout (little-endian)
///
/// ```text
/// bytes 0..4            "PBNN"
/// bytes 4..8            HIDDEN (u32), must be 128
/// then INPUTS x HIDDEN  i16: feature weights, row by row (a row per feature), x QA
/// then HIDDEN           i16: accumulator biases, x QA
/// then 2 x HIDDEN       i16: output weights (side to move's half first), x QB
/// then 1                i32: output bias, x QA x QB
/// ```
/// Feature of a piece seen from `view`: `(own ? 0 : 384) + role * 64 + square`, the
/// square flipped vertically (`^ 56`) when `view` is Black. Roles pawn 0 .. king 5.
#[derive(Clone, Debug)]
pub struct Net {
    /// Feature weights, `[feature][hidden]`.
    pub w1: Vec<[i16; HIDDEN]>,
    /// Accumulator biases.
    pub b1: [i16; HIDDEN],
    /// Output weights: the side to move's half, then the other's.
    pub w2: [[i16; HIDDEN]; 2],
    /// Output bias.
    pub b2: i32,
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(pub String);

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "network file: {}", self.0)
    }
}

impl std::error::Error for NetError {}

/// The size in bytes of a network file.
pub const FILE_SIZE: usize = 8 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

impl Net {
    /// Reads a network file (see [`Net`] for the layout).
    pub fn from_bytes(b: &[u8]) -> Result<Net, NetError> {
        if b.len() < 8 || &b[..4] != MAGIC {
            return Err(NetError("magic: not a PBNN file".into()));
        }
        let hidden = u32::from_le_bytes([b[4], b[5], b[6], b[7]]) as usize;
        if hidden != HIDDEN {
            return Err(NetError(format!("hidden: {hidden}, this build reads {HIDDEN}")));
        }
        if b.len() != FILE_SIZE {
            return Err(NetError(format!("length: {} bytes, expected {FILE_SIZE}", b.len())));
        }
        let mut words = b[8..FILE_SIZE - 4].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            for (x, w) in r.iter_mut().zip(&mut words) {
                *x = w;
            }
            r
        };
        let w1 = (0..INPUTS).map(|_| row()).collect();
        let b1 = row();
        let w2 = [row(), row()];
        let t = &b[FILE_SIZE - 4..];
        let b2 = i32::from_le_bytes([t[0], t[1], t[2], t[3]]);
        Ok(Net { w1, b1, w2, b2 })
    }

    /// The network compiled into the binary (`nets/chess.pbnn`), read once.
    pub fn built_in() -> Arc<Net> {
        static NET: std::sync::OnceLock<Arc<Net>> = std::sync::OnceLock::new();
        NET.get_or_init(|| {
            // The file is checked when the crate is tested (`the_built_in_network_reads`).
            Arc::new(Net::from_bytes(BUILT_IN).expect("nets/chess.pbnn is a network file"))
        })
        .clone()
    }

    /// Reads the network file at `path` (see [`Net`] for the layout).
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<Net, NetError> {
        Net::from_bytes(&std::fs::read(path).map_err(|e| NetError(e.to_string()))?)
    }

    /// The file of this network (the inverse of [`Net::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_SIZE);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        for r in self.w1.iter().chain([&self.b1, &self.w2[0], &self.w2[1]]) {
            for w in r {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }

    /// The output for the accumulators of the side to move and the other side, in
    /// centipawns.
    #[inline]
    pub fn output(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        let half = |acc: &[i16; HIDDEN], w: &[i16; HIDDEN]| {
            acc.iter().zip(w).map(|(&a, &w)| (a as i32).clamp(0, QA) * w as i32).sum::<i32>()
        };
        let sum = half(us, &self.w2[0]) + half(them, &self.w2[1]) + self.b2;
        sum * SCALE / (QA * QB)
    }

    /// The accumulator of the input indices `features`, from scratch.
    pub fn accumulate(&self, features: impl IntoIterator<Item = usize>) -> [i16; HIDDEN] {
        let mut acc = self.b1;
        for f in features {
            add(&mut acc, &self.w1[f]);
        }
        acc
    }

    /// The accumulators (White's view, Black's view) of the piece sets `s`, from scratch.
    pub fn refresh(&self, s: &PieceSets) -> [[i16; HIDDEN]; 2] {
        [0, 1].map(|view| self.accumulate(pieces(s).map(|(color, role, sq)| feature(view, color, role, sq))))
    }

    /// The evaluation of the piece sets `s` for `stm`, in centipawns, from scratch.
    pub fn evaluate(&self, s: &PieceSets, stm: Color) -> i32 {
        let acc = self.refresh(s);
        let us = stm.index();
        self.output(&acc[us], &acc[us ^ 1])
    }
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

#[inline(always)]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

#[inline(always)]
fn sub(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
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
            self.acc = self.net.refresh(s);
            self.sets = Some(*s);
            return;
        };
        let changed: u32 = (1..15).map(|i| (old.0[i] ^ s.0[i]).count_ones()).sum();
        if changed > REFRESH {
            self.acc = self.net.refresh(s);
        } else if changed > 0 {
            for color in Color::ALL {
                for role in Role::ALL {
                    let (was, now) = (old.get(color, role), s.get(color, role));
                    for sq in squares(was & !now) {
                        for (view, a) in self.acc.iter_mut().enumerate() {
                            sub(a, &self.net.w1[feature(view, color, role, sq)]);
                        }
                    }
                    for sq in squares(now & !was) {
                        for (view, a) in self.acc.iter_mut().enumerate() {
                            add(a, &self.net.w1[feature(view, color, role, sq)]);
                        }
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

    /// A network of small pseudo-random weights (a fixed linear congruential sequence).
    fn random_net() -> Net {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((x >> 33) % 401) as i16 - 200
        };
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            r.iter_mut().for_each(|w| *w = next());
            r
        };
        Net { w1: (0..INPUTS).map(|_| row()).collect(), b1: row(), w2: [row(), row()], b2: 1234 }
    }

    #[test]
    fn the_built_in_network_reads() {
        let net = Net::built_in();
        assert_eq!(net.to_bytes(), BUILT_IN);
        // The start position is about level for the side to move.
        let s = PieceSets::of_position(&Position::startpos());
        assert!(net.evaluate(&s, Color::White).abs() < 60);
    }

    #[test]
    fn file_round_trip_and_refusals() {
        let net = random_net();
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), FILE_SIZE);
        let back = Net::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert!(Net::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err().0.starts_with("length"));
        assert!(Net::from_bytes(b"PBN").unwrap_err().0.starts_with("magic"));
        let mut wide = bytes.clone();
        wide[4] = 64;
        assert!(Net::from_bytes(&wide).unwrap_err().0.starts_with("hidden"));
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
                    assert_eq!(eval.evaluate_sets(&s, two.turn()), net.evaluate(&s, two.turn()), "{fen} {m:?} {m2:?}");
                }
                let s = PieceSets::of_position(&after);
                assert_eq!(eval.evaluate_sets(&s, after.turn()), net.evaluate(&s, after.turn()));
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
        assert_eq!(net.evaluate(&sa, Color::White), net.evaluate(&sb, Color::Black));
    }
}
