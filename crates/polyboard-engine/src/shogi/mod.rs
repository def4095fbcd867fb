//! Shogi as a [`Searchable`]: [`Shogi`] wraps any [`ShogiBoard`] representation
//! (copy-make: the undo record is the board before the move), and
//! [`with_shogi_repr!`](polyboard_shogi::with_shogi_repr) picks one by name.
//!
//! - Staged generation: the noisy moves are captures and promotions; the quiet ones
//!   are the rest, drops included. A representation generates all legal moves at once,
//!   so the noisy stage generates them into a list kept by ply ([`MoveCache`]) and
//!   returns its share; the quiet stage of the same node takes the rest from that list.
//!   Each node generates once.
//! - Repetition (sennichite) is a draw, except that the side that gave check with every
//!   one of its moves through the repetition loses ([`Searchable::repetition_score`]);
//!   the wrapper keeps, for every position since the game's start, whether the side to
//!   move stood in check.
//! - The null move: [`ShogiBoard`] has none, so the wrapper rebuilds the board from its
//!   position with the other side to move (a few hundred nanoseconds, once a node at
//!   most). Zugzwang hardly exists in shogi, so [`Searchable::null_move_ok`] holds.
//! - Move lists: a shogi position can have up to 593 legal moves (middlegames with a
//!   few pieces in hand pass 256), so the search's lists for shogi hold [`LIST`].
//! - The impasse declaration (jishogi): with a rule set ([`Shogi::with_rule`]), a side
//!   to move that may declare a win under it wins at once ([`Searchable::rule_win`]),
//!   by the conditions of [`polyboard_shogi::Game::declaration`], counted here on any
//!   representation.
//! - Quiescence in check skips evasions that lose material once one evasion holds
//!   ([`Searchable::PRUNE_QUIESCE_EVASIONS`]): interposing drops would multiply.
//! - Quiescence's checks: [`Searchable::may_give_check`] rules out, by geometry, the
//!   quiet moves (drops above all) that neither attack the enemy king from their
//!   target nor leave a line to it, so they are not played to find out.
//! - The wrapper keeps both kings' squares (the evaluation, the declaration and the
//!   check filter read them).
//!
//! - [`eval`]: the hand-written shogi evaluation; [`nnue`]: the network; [`mate`]: the df-pn tsume solver; [`game`]: shogi
//!   as the engine plays it.

pub mod eval;
pub(crate) mod game;
pub mod mate;
pub mod nnue;

use polyboard_core::MoveList;
use polyboard_search::{Checks, MoveText, NoMoves, Searchable};
use polyboard_shogi::types::{SQUARES, file_of, in_zone, rank_of, square};
use polyboard_shogi::{Attackers, impasse_count, lines_through, reaches};
use polyboard_shogi::{Color, ImpasseCount, ImpasseRule, Kind, Move, Moves, Piece, ShogiBoard, Square};
use std::cell::RefCell;
use std::sync::OnceLock;

/// The capacity of the search's move lists: the most legal moves of any shogi
/// position is 593.
pub const LIST: usize = 600;

/// Piece values by kind index (0 unused; pawn .. dragon), for ordering, exchange and
/// delta pruning. Hand-set (the usual proportions of shogi programs), not tuned.
pub const SEE_VALUE: [i32; 15] = [0, 90, 315, 405, 495, 855, 990, 540, 15_000, 540, 540, 540, 540, 945, 1395];

/// The value of a piece of kind `k`.
#[inline(always)]
pub fn value(k: Kind) -> i32 {
    SEE_VALUE[k.index()]
}

/// A shogi position on the representation `B`, with the check flags of the game so far.
#[derive(Clone, Debug)]
pub struct Shogi<B> {
    board: B,
    /// Whether the side to move stood in check, since the game's start.
    checks: Checks,
    /// The kings' squares by colour index ([`NO_KING`] for a missing king).
    kings: [Square; 2],
    /// The occupied squares (bit `s` for square `s`), kept through the moves for the
    /// static exchange: the same on every representation.
    occupied: u128,
    /// The impasse rule the game is played under, if any.
    rule: Option<ImpasseRule>,
    /// The legal moves the noisy stage generated, by ply.
    moves: MoveCache,
}

/// The legal moves that [`Searchable::generate_noisy`] generated, for
/// [`Searchable::generate_quiet`] at the same node: a slot per ply since the game's
/// start (the nodes of the current line), each with the key of the position it was
/// filled at. A node's children use the slots past its own, so its moves stay until it
/// asks for the quiet ones. A clone starts empty.
#[derive(Debug, Default)]
struct MoveCache(RefCell<Vec<(Option<u64>, Box<Moves>)>>);

impl Clone for MoveCache {
    fn clone(&self) -> MoveCache {
        MoveCache::default()
    }
}

/// The king square of a side without a king (tsume positions): off the board.
pub const NO_KING: Square = SQUARES;

impl<B: ShogiBoard> Shogi<B> {
    /// The position `board`, reached after positions whose check flags are `before`
    /// (oldest first; the same positions whose keys the search gets as history).
    pub fn new(board: B, before: &[bool]) -> Shogi<B> {
        let checks = Checks::new(before, board.is_check());
        let mut kings = [NO_KING; 2];
        let mut occupied = 0u128;
        for sq in 0..SQUARES {
            if let Some(p) = board.piece_on(sq) {
                occupied |= 1 << sq;
                if p.kind() == Kind::King {
                    kings[p.color().index()] = sq;
                }
            }
        }
        Shogi { board, checks, kings, occupied, rule: None, moves: MoveCache::default() }
    }

    /// The same position, played under the impasse rule `rule` (`None`: no declaration).
    pub fn with_rule(mut self, rule: Option<ImpasseRule>) -> Shogi<B> {
        self.rule = rule;
        self
    }

    /// The board.
    pub fn board(&self) -> &B {
        &self.board
    }

    /// The king square of `c` ([`NO_KING`] when it has none).
    pub fn king(&self, c: Color) -> Square {
        self.kings[c.index()]
    }

    /// All legal moves.
    fn all(&self) -> Moves {
        let mut list = Moves::new();
        self.board.generate_moves(&mut list);
        list
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_promotion() || (!mv.is_drop() && self.board.piece_on(mv.to()).is_some())
    }

    /// The kind `mv` captures, if any.
    fn victim(&self, mv: Move) -> Option<Kind> {
        if mv.is_drop() { None } else { self.board.piece_on(mv.to()).map(|p| p.kind()) }
    }

    /// The kind that moves (or is dropped), before promotion.
    fn mover(&self, mv: Move) -> Kind {
        if mv.is_drop() { mv.drop_kind() } else { self.board.piece_on(mv.from()).map_or(Kind::Pawn, |p| p.kind()) }
    }
}

impl<B: ShogiBoard> Searchable for Shogi<B> {
    type Move = Move;
    type Undo = (B, [Square; 2], u128);
    type List<T: Copy> = MoveList<T, LIST>;
    // Piece code (color << 4 | kind, below 32) times the 81 targets.
    const HISTORY_SIZE: usize = 32 * SQUARES;
    const PRUNE_QUIESCE_EVASIONS: bool = true;

    fn generate_noisy(&self, out: &mut MoveList<Move, LIST>) {
        let mut cache = self.moves.0.borrow_mut();
        let ply = self.checks.plies() as usize;
        if cache.len() <= ply {
            cache.resize_with(ply + 1, Default::default);
        }
        let (key, moves) = &mut cache[ply];
        *key = Some(self.board.key());
        moves.clear();
        self.board.generate_moves(moves);
        for &mv in moves.iter().filter(|&&mv| self.is_noisy(mv)) {
            out.push(mv);
        }
    }
    fn generate_quiet(&self, out: &mut MoveList<Move, LIST>) {
        let cache = self.moves.0.borrow();
        // The same key at the same ply is the same position (a key collision aside):
        // the node whose noisy stage filled the slot.
        let all = match cache.get(self.checks.plies() as usize) {
            Some((key, moves)) if *key == Some(self.board.key()) => moves,
            _ => &self.all(),
        };
        for &mv in all.iter().filter(|&&mv| !self.is_noisy(mv)) {
            out.push(mv);
        }
    }
    #[inline]
    fn make(&mut self, mv: Move) -> (B, [Square; 2], u128) {
        let before = (self.board.clone(), self.kings, self.occupied);
        if !mv.is_drop() {
            self.occupied &= !(1 << mv.from());
            if self.board.piece_on(mv.from()).is_some_and(|p| p.kind() == Kind::King) {
                self.kings[self.board.turn().index()] = mv.to();
            }
        }
        self.occupied |= 1 << mv.to();
        self.board.apply(mv);
        self.checks.push(self.board.is_check());
        before
    }
    #[inline]
    fn unmake(&mut self, _mv: Move, undo: (B, [Square; 2], u128)) {
        (self.board, self.kings, self.occupied) = undo;
        self.checks.pop();
    }
    fn make_null(&mut self) -> (B, [Square; 2], u128) {
        // Passing is not a ShogiBoard operation: the board is rebuilt from its
        // position with the other side to move (the key follows, as it hashes the side).
        let before = (self.board.clone(), self.kings, self.occupied);
        let mut p = self.board.to_position();
        p.turn = p.turn.flip();
        self.board = B::from_position(&p);
        self.checks.push(false);
        before
    }
    fn unmake_null(&mut self, undo: (B, [Square; 2], u128)) {
        (self.board, self.kings, self.occupied) = undo;
        self.checks.pop();
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        self.board.key()
    }
    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checks.current()
    }
    #[inline(always)]
    fn side(&self) -> usize {
        self.board.turn().index()
    }
    #[inline(always)]
    fn reversible_plies(&self) -> u32 {
        // Every shogi move can in principle recur (captured pieces come back by drops).
        self.checks.plies()
    }
    #[inline(always)]
    fn no_moves(&self, _in_check: bool) -> NoMoves {
        NoMoves::Loss
    }
    fn repetition_score(&self, back: usize) -> i32 {
        self.checks.perpetual(back).unwrap_or(0)
    }
    fn mvv_lva(&self, mv: Move) -> i32 {
        let victim = self.victim(mv).map_or(0, value);
        let promo = if mv.is_promotion() { value(self.mover(mv).promoted()) - value(self.mover(mv)) } else { 0 };
        (victim + promo) * 16 - self.mover(mv).index() as i32
    }
    fn gain(&self, mv: Move) -> i32 {
        let victim = self.victim(mv).map_or(0, value);
        let promo = if mv.is_promotion() { value(self.mover(mv).promoted()) - value(self.mover(mv)) } else { 0 };
        // A captured piece also goes to our hand: count it twice (off their side, onto ours).
        2 * victim + promo
    }
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        // The static exchange on the target (the swap algorithm): each side recaptures
        // with its least valuable attacker while that does not lose, the pieces behind
        // a capturer joining in. Promotions after the move itself are not counted.
        let to = mv.to();
        let mover = self.mover(mv);
        let placed = if mv.is_promotion() { mover.promoted() } else { mover };
        let mut swap = self.victim(mv).map_or(0, value) + value(placed) - value(mover) - threshold;
        if swap < 0 {
            return false;
        }
        swap = value(placed) - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = if mv.is_drop() { self.occupied } else { self.occupied & !(1 << mv.from()) };
        let mut stm = self.board.turn();
        let mut res = true;
        let mut att = Attackers::new(&self.board, to, occupied);
        loop {
            stm = stm.flip();
            let mut least: Option<(usize, Square, Kind)> = None;
            let mut other = false;
            for (slot, s, p) in att.iter() {
                if p.color() != stm {
                    other = true;
                } else if least.is_none_or(|(_, _, k)| value(p.kind()) < value(k)) {
                    least = Some((slot, s, p.kind()));
                }
            }
            let Some((slot, s, k)) = least else { break };
            res = !res;
            if k == Kind::King {
                // The king takes only when nothing takes back.
                return if other { !res } else { res };
            }
            swap = value(k) - swap;
            if swap < res as i32 {
                break;
            }
            occupied &= !(1 << s);
            att.remove(&self.board, slot, occupied);
        }
        res
    }
    fn history_index(&self, mv: Move) -> usize {
        let code = Piece::new(self.board.turn(), self.mover(mv)).0 as usize;
        code * SQUARES + mv.to()
    }
    fn null_move_ok(&self) -> bool {
        // Zugzwang hardly exists in shogi (drops); the search asks only out of check.
        true
    }
    fn rule_win(&self) -> bool {
        let Some(rule) = self.rule else { return false };
        let us = self.board.turn();
        let king = self.kings[us.index()];
        if king == NO_KING || !in_zone(us, king) || self.in_check() {
            return false;
        }
        let ImpasseCount { pieces, points } = impasse_count(&self.board, us);
        pieces >= 10
            && match rule {
                ImpasseRule::Points27 => points >= if us == Color::Black { 28 } else { 27 },
                ImpasseRule::Points24 => points >= 31,
            }
    }
    fn may_give_check(&self, mv: Move) -> bool {
        let king = self.kings[self.board.turn().flip().index()];
        if king == NO_KING {
            return false;
        }
        let near = &check_squares()[king];
        let vacated = if mv.is_drop() { None } else { Some(mv.from()) };
        // A discovered check needs the origin on a line through the king.
        if let Some(from) = vacated
            && near.lines >> from & 1 != 0
        {
            return true;
        }
        // A piece checks from its target only on a line through the king or a
        // knight's jump from it.
        if near.reach >> mv.to() & 1 == 0 {
            return false;
        }
        let kind = if mv.is_promotion() { self.mover(mv).promoted() } else { self.mover(mv) };
        reaches(&self.board, kind, self.board.turn(), mv.to(), king, vacated)
    }
}

/// The squares around a king square that a check can come from, bit `s` for square `s`:
/// `lines`, the eight lines out of it (file, rank, diagonals) to the board's edge; `reach`,
/// those and the four squares a knight of either side jumps to it from.
struct CheckSquares {
    lines: u128,
    reach: u128,
}

/// [`CheckSquares`] for every king square.
fn check_squares() -> &'static [CheckSquares; SQUARES] {
    static TABLE: OnceLock<[CheckSquares; SQUARES]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|king| {
            let (kf, kr) = (file_of(king) as i32, rank_of(king) as i32);
            let knights = [(-1, -2), (1, -2), (-1, 2), (1, 2)].iter().fold(0u128, |m, &(df, dr)| {
                let (f, r) = (kf + df, kr + dr);
                if (1..=9).contains(&f) && (0..=8).contains(&r) { m | 1 << square(f as usize, r as usize) } else { m }
            });
            let lines = lines_through(king);
            CheckSquares { lines, reach: lines | knights }
        })
    })
}

/// USI move text for shogi positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct UsiText;

impl<B: ShogiBoard> MoveText<Shogi<B>> for UsiText {
    fn format(&self, _pos: &Shogi<B>, mv: Move) -> String {
        polyboard_shogi::usi::format(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_search::MATE_BOUND;
    use polyboard_shogi::repr::FastBoard;
    use polyboard_shogi::{Position, attacked, occupancy};

    fn pos(sfen: &str) -> Shogi<FastBoard> {
        Shogi::new(FastBoard::from_position(&Position::from_sfen(sfen).unwrap()), &[])
    }

    #[test]
    fn the_kept_occupancy_follows_the_moves() {
        // Every move of a few positions and every reply (captures, promotions, drops,
        // king moves), then the null move: the mask kept through make equals the
        // board's, and unmake restores it.
        for sfen in [
            polyboard_shogi::STARTPOS,
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        ] {
            let mut p = pos(sfen);
            let start = p.occupied;
            assert_eq!(start, occupancy(p.board()));
            for m in p.board().legal_moves() {
                let undo = p.make(m);
                assert_eq!(p.occupied, occupancy(p.board()), "{sfen} {m:?}");
                for m2 in p.board().legal_moves() {
                    let undo2 = p.make(m2);
                    assert_eq!(p.occupied, occupancy(p.board()), "{sfen} {m:?} {m2:?}");
                    p.unmake(m2, undo2);
                }
                if !p.in_check() {
                    let undo2 = p.make_null();
                    assert_eq!(p.occupied, occupancy(p.board()), "{sfen} {m:?} null");
                    p.unmake_null(undo2);
                }
                p.unmake(m, undo);
                assert_eq!(p.occupied, start, "{sfen} {m:?}");
            }
        }
    }

    #[test]
    fn stages_partition_the_legal_moves() {
        // Middlegames with captures, promotions and drops available.
        for sfen in [
            "ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL w s 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        ] {
            let mut p = pos(sfen);
            let (mut noisy, mut quiet) = (MoveList::<Move, LIST>::new(), MoveList::<Move, LIST>::new());
            p.generate_noisy(&mut noisy);
            // A child's stages between the node's own do not disturb its quiet moves.
            let undo = p.make(noisy[0]);
            p.generate_noisy(&mut MoveList::new());
            p.unmake(noisy[0], undo);
            p.generate_quiet(&mut quiet);
            // The quiet stage alone (no noisy stage before it) generates them itself.
            let mut alone = MoveList::<Move, LIST>::new();
            pos(sfen).generate_quiet(&mut alone);
            assert_eq!(alone.as_slice(), quiet.as_slice());
            let mut both: Vec<u16> = noisy.iter().chain(quiet.iter()).map(|m| m.0).collect();
            both.sort();
            let mut all: Vec<u16> = p.board().legal_moves().iter().map(|m| m.0).collect();
            all.sort();
            assert_eq!(both, all);
            assert!(noisy.iter().all(|m| m.is_promotion() || p.board().piece_on(m.to()).is_some()));
            assert!(!noisy.is_empty() && quiet.iter().any(|m| m.is_drop()));
        }
    }

    #[test]
    fn attacks_agree_with_the_reference_position() {
        for sfen in [
            polyboard_shogi::STARTPOS,
            "ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL w s 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        ] {
            let p = Position::from_sfen(sfen).unwrap();
            let b = FastBoard::from_position(&p);
            for sq in 0..SQUARES {
                for by in [Color::Black, Color::White] {
                    assert_eq!(attacked(&b, sq, by, None), p.attacked(sq, by), "{sfen} {sq} {by:?}");
                }
            }
        }
    }

    #[test]
    fn exchanges_follow_every_recapture() {
        // Values worked by hand from SEE_VALUE (pawn 90, silver 495, gold 540, rook 990),
        // each the best either side can do by capturing or standing pat.
        let see = |sfen: &str, usi: &str| {
            let p = pos(sfen);
            let mv = polyboard_shogi::usi::parse(&Position::from_sfen(sfen).unwrap(), usi).unwrap();
            // The largest threshold the move meets.
            let v = (-2_000..2_000).rev().find(|&t| p.see_ge(mv, t)).unwrap();
            assert!(!p.see_ge(mv, v + 1));
            v
        };
        // Rook takes a pawn the gold defends: 90 - 990.
        assert_eq!(see("k8/9/4g4/4p4/4R4/9/9/9/8K b - 1", "5e5d"), -900);
        // Pawn takes pawn; the gold would take back but the lance behind the pawn would
        // take the gold, so White stands pat: 90.
        assert_eq!(see("k8/9/4g4/4p4/4P4/9/9/9/4L3K b - 1", "5e5d"), 90);
        // Without the lance, the gold takes back: 90 - 90.
        assert_eq!(see("k8/9/4g4/4p4/4P4/9/9/9/8K b - 1", "5e5d"), 0);
        // The king alone defends: it takes back the rook (90 - 990), unless the lance
        // behind the rook guards the square, when it cannot (90).
        assert_eq!(see("9/9/4k4/4p4/4R4/9/9/9/8K b - 1", "5e5d"), -900);
        assert_eq!(see("9/9/4k4/4p4/4R4/9/9/9/4L3K b - 1", "5e5d"), 90);
        // A silver dropped where a pawn takes it: -495; where nothing does: 0.
        assert_eq!(see("k8/9/9/4p4/9/9/9/9/8K b S 1", "S*5e"), -495);
        assert_eq!(see("k8/9/9/4p4/9/9/9/9/8K b S 1", "S*5f"), 0);
        // A promotion counts what the piece gains: pawn takes a pawn on 5c and becomes
        // a tokin (90 + 540 - 90) that the gold on 5b takes: 540 - 540.
        assert_eq!(see("k8/4g4/4p4/4P4/9/9/9/9/8K b - 1", "5d5c+"), 0);
        assert_eq!(see("k8/9/4p4/4P4/9/9/9/9/8K b - 1", "5d5c+"), 540);
    }

    #[test]
    fn perpetual_check_loses_for_the_checker() {
        let b = FastBoard::from_position(&Position::startpos());
        // Flags oldest first; the last is the current position (us to move).
        let score = |flags: &[bool], back| {
            let (now, before) = flags.split_last().unwrap();
            Shogi { checks: Checks::new(before, *now), ..Shogi::new(b, &[]) }.repetition_score(back)
        };
        // We were in check in every position with us to move: the opponent checked
        // perpetually and loses.
        assert_eq!(score(&[true, false, true, false, true], 4), MATE_BOUND - 1);
        // The opponent stood in check at every turn of theirs: we lose.
        assert_eq!(score(&[false, true, false, true, false], 4), -(MATE_BOUND - 1));
        // A check missing on each side: an ordinary draw.
        assert_eq!(score(&[true, false, false, true, true], 4), 0);
    }

    #[test]
    fn the_593_move_position_fits_the_search_list() {
        // The most legal moves in shogi: the search's lists hold all of them.
        let p = pos("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1");
        assert_eq!(p.board().legal_moves().len(), 593);
        let mut list = MoveList::<Move, LIST>::new();
        p.generate_noisy(&mut list);
        p.generate_quiet(&mut list);
        assert_eq!(list.len(), 593);
    }

    #[test]
    fn the_check_filter_keeps_every_checking_move() {
        // Positions with drops, promotions, discovered lines and a king in the open;
        // every legal move that gives check must pass the filter, and most quiet
        // moves that do not must be ruled out.
        let (mut ruled_out, mut quiet) = (0, 0);
        for sfen in [
            "ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL w s 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "4k4/9/4P4/9/9/9/9/9/4K4 b RBGSNLrb3g3s3n3l17p 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        ] {
            let p = pos(sfen);
            for mv in p.board().legal_moves() {
                let checks = p.board().play(mv).is_check();
                assert!(!checks || p.may_give_check(mv), "{sfen} {}", polyboard_shogi::usi::format(mv));
                if !p.is_noisy(mv) {
                    quiet += 1;
                    ruled_out += !p.may_give_check(mv) as usize;
                }
            }
        }
        assert!(ruled_out * 2 > quiet, "{ruled_out} of {quiet}");
    }

    #[test]
    fn the_declaration_follows_the_rule() {
        // Black's king in White's camp with ten pieces there (rook and bishop among
        // them: 5 + 5 + 8 = 18 points), and in hand a rook, a bishop and nine more
        // pieces (19 points): 37 >= 28.
        let win = "KRBGGSS+N+N/+L8/P8/9/9/9/9/9/k8 b RB2G2S2N3L17p 1";
        let p = pos(win).with_rule(Some(ImpasseRule::Points27));
        assert!(p.rule_win());
        assert_eq!(
            polyboard_shogi::Game::new(Position::from_sfen(win).unwrap()).declaration(ImpasseRule::Points27),
            Some(polyboard_shogi::Declaration::Win)
        );
        assert!(!pos(win).rule_win(), "no rule, no declaration");
        // Nine pieces in the camp: no declaration.
        let nine = "KRBGGSS+N+N/+L8/9/9/9/9/9/9/k8 b RB2G2S2N3LP17p 1";
        assert!(!pos(nine).with_rule(Some(ImpasseRule::Points27)).rule_win());
    }
}
