//! An efficiently updatable network (NNUE) evaluation for shogi: the chess network's
//! shape ([`Net`]: one 128-wide accumulator a side, then one output) over shogi's
//! features, trained by `examples/train_nnue.rs --shogi` on positions of the engine's
//! own games (`examples/datagen.rs --shogi`) scored by Fairy-Stockfish
//! (`scripts/tune/shogi_fsf_label.py`). Two feature sets: the pieces by square and the
//! hands ([`INPUTS`]), and those with the pieces around each king ([`INPUTS_ZONE`], the
//! built-in network's); a network file's length says which it reads.
//!
//! Like the hand-written evaluation it reads only `piece_on` and the hands (and the
//! kings' squares the search's position keeps), so every representation searches the
//! same tree. [`NnueEval`] keeps the squares, hands and accumulators of the last
//! position it evaluated and brings them to the next by adding and removing only the
//! features that changed (exact: integer sums).

use super::Shogi;
use super::eval::ShogiEval;
use crate::nnue::{HIDDEN, Net, NetError};
use polyboard_search::Evaluator;
use polyboard_shogi::types::SQUARES;
use polyboard_shogi::{Color, Hand, Kind, Piece, ShogiBoard, Square};
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

/// The king-zone features: for each king (own, then the other side's), the pieces on
/// the 24 squares around it within two files and two ranks, by side (own, other), kind
/// and place in the zone. They let the network weigh pieces by their distance to a
/// king, which the board features, fixed to squares, cannot: a network of
/// [`INPUTS_ZONE`] inputs reads them after the [`INPUTS`] ones.
pub const ZONE_FEATURES: usize = 2 * 2 * 14 * 24;
/// Inputs of a network with the king-zone features:
/// `INPUTS + ((king own ? 0 : 2) + (piece own ? 0 : 1)) * 336 + (kind - 1) * 24 + place`,
/// the place being the square's offset from the king (files then ranks, -2..=2 each,
/// the king's own square left out), on the board as `view` sees it.
pub const INPUTS_ZONE: usize = INPUTS + ZONE_FEATURES;

/// True when `sq` is in the zone of a king on `king` (within two files and two ranks,
/// not the king's square).
#[inline(always)]
fn in_zone_of(king: Square, sq: Square) -> bool {
    let (df, dr) = ((sq / 9).abs_diff(king / 9), (sq % 9).abs_diff(king % 9));
    df <= 2 && dr <= 2 && sq != king
}

/// The pieces in the zone of a king on `king` (`piece` tells what stands on a square),
/// with their squares, in ascending square order.
fn zone_pieces<'a>(
    piece: impl Fn(Square) -> Option<Piece> + 'a,
    king: Square,
) -> impl Iterator<Item = (Square, Piece)> + 'a {
    let (file, rank) = (king / 9, king % 9);
    let files = file.saturating_sub(2)..=(file + 2).min(8);
    files
        .flat_map(move |f| (rank.saturating_sub(2)..=(rank + 2).min(8)).map(move |r| 9 * f + r))
        .filter(move |&sq| sq != king)
        .filter_map(move |sq| piece(sq).map(|p| (sq, p)))
}

/// The king-zone input index of `piece` on `sq` in the zone of `owner`'s king on
/// `king`, seen from `view` (`sq` must be in the zone: [`in_zone_of`]).
#[inline(always)]
pub fn zone_feature(view: Color, owner: Color, king: Square, piece: Piece, sq: Square) -> usize {
    let turn = |q: Square| if view == Color::White { SQUARES - 1 - q } else { q };
    let (k, q) = (turn(king), turn(sq));
    let place = (q / 9 + 2 - k / 9) * 5 + (q % 9 + 2 - k % 9);
    let place = if place > 12 { place - 1 } else { place };
    let side = 2 * (owner != view) as usize + (piece.color() != view) as usize;
    INPUTS + side * 14 * 24 + (piece.kind().index() - 1) * 24 + place
}

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
        Codes::of(board).snapshot()
    }

    /// The squares of Black's and White's kings.
    pub fn kings(&self) -> [Option<Square>; 2] {
        let mut kings = [None; 2];
        for (sq, p) in self.board.iter().enumerate() {
            if let Some(p) = p
                && p.kind() == Kind::King
            {
                kings[p.color().index()] = Some(sq);
            }
        }
        kings
    }

    /// Every input index of this position seen from `view`, with the king-zone
    /// features when `zone` holds.
    pub fn features(&self, view: Color, zone: bool) -> impl Iterator<Item = usize> + '_ {
        let board = self.board.iter().enumerate().filter_map(move |(sq, p)| p.map(|p| board_feature(view, p, sq)));
        let hands = [Color::Black, Color::White].into_iter().flat_map(move |owner| {
            (0..7).flat_map(move |slot| {
                (0..self.hands[owner.index()][slot] as usize).map(move |k| hand_feature(view, owner, slot, k))
            })
        });
        let kings = if zone { self.kings() } else { [None; 2] };
        let zones = VIEWS.into_iter().filter_map(move |owner| kings[owner.index()].map(|k| (owner, k))).flat_map(
            move |(owner, king)| {
                zone_pieces(|q| self.board[q], king).map(move |(sq, p)| zone_feature(view, owner, king, p, sq))
            },
        );
        board.chain(hands).chain(zones)
    }
}

/// The bytes of the network the engine plays with by default.
const BUILT_IN: &[u8] = include_bytes!("../../nets/shogi.pbnn");

/// The shogi network compiled into the binary (`nets/shogi.pbnn`), read once.
pub fn built_in() -> Arc<Net> {
    static NET: std::sync::OnceLock<Arc<Net>> = std::sync::OnceLock::new();
    Net::built_in(&NET, BUILT_IN, inputs_of(BUILT_IN))
}

/// The input count of a shogi network file of `bytes`: [`INPUTS_ZONE`] for a file of
/// that size, else [`INPUTS`] (and [`Net::from_bytes`] checks the length).
pub fn inputs_of(bytes: &[u8]) -> usize {
    if bytes.len() == crate::nnue::file_size(INPUTS_ZONE) { INPUTS_ZONE } else { INPUTS }
}

/// Reads a shogi network file, of either input count.
pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
    Net::from_bytes(bytes, inputs_of(bytes))
}

/// True when `net` reads the king-zone features.
pub fn has_zone(net: &Net) -> bool {
    net.inputs() == INPUTS_ZONE
}

/// The accumulators (Black's view, White's view) of `s`, from scratch.
pub fn refresh(net: &Net, s: &Snapshot) -> [[i16; HIDDEN]; 2] {
    let zone = has_zone(net);
    VIEWS.map(|view| net.accumulate(s.features(view, zone)))
}

/// The evaluation by `net` of `s` for `stm`, in centipawns, from scratch.
pub fn evaluate(net: &Net, s: &Snapshot, stm: Color) -> i32 {
    let acc = refresh(net, s);
    let us = stm.index();
    net.output(&acc[us], &acc[us ^ 1])
}

/// The view of each accumulator index.
const VIEWS: [Color; 2] = [Color::Black, Color::White];

/// Bytes of [`Codes::board`]: the 81 squares padded to whole 8-byte words.
const CODE_BYTES: usize = 88;

/// A position as the updates compare it: the piece code on each square (`Piece.0`, 0
/// for none; bytes 81..88 stay 0), and the hands. Equal squares are skipped eight at
/// a time, as words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Codes {
    board: [u8; CODE_BYTES],
    hands: [Hand; 2],
}

impl Codes {
    /// The codes of a board's squares and hands.
    fn of<B: ShogiBoard>(board: &B) -> Codes {
        let mut codes = [0; CODE_BYTES];
        for (sq, c) in codes[..SQUARES].iter_mut().enumerate() {
            *c = board.piece_on(sq).map_or(0, |p| p.0);
        }
        Codes { board: codes, hands: [board.hand(Color::Black), board.hand(Color::White)] }
    }

    /// The codes of a snapshot.
    fn of_snapshot(s: &Snapshot) -> Codes {
        let mut codes = [0; CODE_BYTES];
        for (c, p) in codes.iter_mut().zip(&s.board) {
            *c = p.map_or(0, |p| p.0);
        }
        Codes { board: codes, hands: s.hands }
    }

    /// The piece on `sq`.
    #[inline(always)]
    fn piece(&self, sq: Square) -> Option<Piece> {
        let c = self.board[sq];
        (c != 0).then_some(Piece(c))
    }

    /// The snapshot these codes stand for.
    fn snapshot(&self) -> Snapshot {
        Snapshot { board: std::array::from_fn(|sq| self.piece(sq)), hands: self.hands }
    }

    /// The squares whose piece differs between `self` and `other`, in ascending order.
    fn changed<'a>(&'a self, other: &'a Codes) -> impl Iterator<Item = Square> + 'a {
        let (a, b) = (self.board.as_chunks::<8>().0, other.board.as_chunks::<8>().0);
        a.iter().zip(b).enumerate().flat_map(|(w, (x, y))| {
            let mut diff = u64::from_le_bytes(*x) ^ u64::from_le_bytes(*y);
            std::iter::from_fn(move || {
                (diff != 0).then(|| {
                    let byte = diff.trailing_zeros() as usize / 8;
                    diff &= !(0xff << (8 * byte));
                    8 * w + byte
                })
            })
        })
    }
}

/// The network evaluation, with the accumulators of the last position it evaluated.
#[derive(Clone, Debug)]
pub struct NnueEval {
    net: Arc<Net>,
    /// The position the accumulators hold (`None` before the first evaluation).
    last: Option<Codes>,
    acc: [[i16; HIDDEN]; 2],
    /// The network reads the king-zone features.
    zone: bool,
    /// The kings' squares in `last` (with `zone` only).
    kings: [Option<Square>; 2],
}

impl NnueEval {
    /// An evaluation by `net`.
    pub fn new(net: Arc<Net>) -> NnueEval {
        NnueEval { zone: has_zone(&net), net, last: None, acc: [[0; HIDDEN]; 2], kings: [None; 2] }
    }

    /// Brings the accumulators to `s`, whose kings stand on `kings` (read with the
    /// king-zone features only): the changed features only (a king that moved swaps
    /// its zone's rows), or a refresh when more than `REFRESH` changed.
    fn update(&mut self, s: &Codes, kings: [Option<Square>; 2]) {
        const REFRESH: usize = 24;
        let kings = if self.zone { kings } else { [None; 2] };
        let old_kings = std::mem::replace(&mut self.kings, kings);
        let Some(old) = self.last.as_mut() else {
            self.acc = refresh(&self.net, &s.snapshot());
            self.last = Some(*s);
            return;
        };
        let moved = old.changed(s).count();
        let in_hand: usize =
            old.hands.iter().flatten().zip(s.hands.iter().flatten()).map(|(a, b)| a.abs_diff(*b) as usize).sum();
        if 2 * moved + in_hand > REFRESH {
            self.acc = refresh(&self.net, &s.snapshot());
        } else if moved + in_hand > 0 {
            let (net, acc) = (&self.net, &mut self.acc);
            // A king that moved takes its zone along: the old zone's features go (as
            // the old position had them) and the new zone's come (as the new one has).
            let mut zone = |codes: &Codes, owner: Color, king: Square, add: bool| {
                for (sq, p) in zone_pieces(|q| codes.piece(q), king) {
                    let f = |v: usize| zone_feature(VIEWS[v], owner, king, p, sq);
                    if add { net.add_feature(acc, f) } else { net.sub_feature(acc, f) }
                }
            };
            let mut steady = [None; 2];
            for owner in VIEWS {
                let i = owner.index();
                if old_kings[i] == kings[i] {
                    steady[i] = kings[i];
                    continue;
                }
                if let Some(k) = old_kings[i] {
                    zone(old, owner, k, false);
                }
                if let Some(k) = kings[i] {
                    zone(s, owner, k, true);
                }
            }
            for sq in old.changed(s) {
                let (was, now) = (old.piece(sq), s.piece(sq));
                if let Some(p) = was {
                    net.sub_feature(acc, |v| board_feature(VIEWS[v], p, sq));
                }
                if let Some(p) = now {
                    net.add_feature(acc, |v| board_feature(VIEWS[v], p, sq));
                }
                for owner in VIEWS {
                    let Some(king) = steady[owner.index()] else { continue };
                    if !in_zone_of(king, sq) {
                        continue;
                    }
                    if let Some(p) = was {
                        net.sub_feature(acc, |v| zone_feature(VIEWS[v], owner, king, p, sq));
                    }
                    if let Some(p) = now {
                        net.add_feature(acc, |v| zone_feature(VIEWS[v], owner, king, p, sq));
                    }
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
        let kings = if self.zone { s.kings() } else { [None; 2] };
        self.evaluate_with_kings(&Codes::of_snapshot(s), kings, stm)
    }

    /// [`NnueEval::evaluate_snapshot`] with the kings' squares known.
    fn evaluate_with_kings(&mut self, s: &Codes, kings: [Option<Square>; 2], stm: Color) -> i32 {
        self.update(s, kings);
        let us = stm.index();
        self.net.output(&self.acc[us], &self.acc[us ^ 1])
    }
}

impl<B: ShogiBoard> Evaluator<Shogi<B>> for NnueEval {
    #[inline]
    fn evaluate(&mut self, pos: &Shogi<B>) -> i32 {
        let king = |c: Color| Some(pos.king(c)).filter(|&k| k != super::NO_KING);
        self.evaluate_with_kings(&Codes::of(pos.board()), [king(Color::Black), king(Color::White)], pos.board().turn())
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
        // The start position: Black, to move, a little ahead, as Fairy-Stockfish 11.1
        // (whose scores the network learned) sees it: +234 at depth 10.
        let v = evaluate(&net, &snapshot(&Position::startpos()), Color::Black);
        assert!((0..400).contains(&v), "{v}");
    }

    #[test]
    fn a_board_reads_as_its_position() {
        // Snapshot::of reads through the codes: every piece, every hand slot, both colors.
        let pos = Position::from_sfen("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124")
            .unwrap();
        let board = polyboard_shogi::repr::FastBoard::from_position(&pos);
        assert_eq!(Snapshot::of(&board), snapshot(&pos));
    }

    #[test]
    fn every_feature_is_in_range_and_distinct() {
        let pos = Position::from_sfen("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124")
            .unwrap();
        for view in VIEWS {
            let mut f: Vec<usize> = snapshot(&pos).features(view, false).collect();
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
    fn zone_features_are_in_range_and_distinct() {
        // Both kings in the middle, pieces all around them.
        let pos =
            Position::from_sfen("l2g1g2l/2s3s2/1ppkp1pp1/p2n1n2p/3PBP3/P2N1N2P/1PP1PKPP1/2S3S2/L2G1G2L b RrB2p 1")
                .unwrap();
        let s = snapshot(&pos);
        let kings = s.kings();
        let around =
            |k: Option<Square>| (0..SQUARES).filter(|&q| s.board[q].is_some() && in_zone_of(k.unwrap(), q)).count();
        for view in VIEWS {
            let mut f: Vec<usize> = s.features(view, true).collect();
            assert_eq!(f.len(), 40 + around(kings[0]) + around(kings[1]));
            assert!(f.iter().all(|&i| i < INPUTS_ZONE));
            assert!(f.iter().filter(|&&i| i >= INPUTS).count() > 20);
            let n = f.len();
            f.sort_unstable();
            f.dedup();
            assert_eq!(f.len(), n);
        }
        // The corners of the input space: the other king's zone, the other side's dragon,
        // the last place (two files and two ranks past the king).
        let dragon = Piece::new(Color::White, Kind::Dragon);
        assert_eq!(zone_feature(Color::Black, Color::White, 40, dragon, 40 + 2 * 9 + 2), INPUTS_ZONE - 1);
        assert_eq!(
            zone_feature(Color::Black, Color::Black, 40, Piece::new(Color::Black, Kind::Pawn), 40 - 2 * 9 - 2),
            INPUTS
        );
    }

    #[test]
    fn updates_equal_refreshes_along_games() {
        // Every legal move of a few positions and every reply: the incremental
        // accumulators must equal a refresh exactly, with the king-zone features or not.
        for inputs in [INPUTS, INPUTS_ZONE] {
            updates_equal_refreshes(inputs);
        }
    }

    fn updates_equal_refreshes(inputs: usize) {
        let net = Arc::new(crate::nnue::random_net(inputs));
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
        for inputs in [INPUTS, INPUTS_ZONE] {
            views_turn(inputs);
        }
    }

    fn views_turn(inputs: usize) {
        let net = crate::nnue::random_net(inputs);
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
