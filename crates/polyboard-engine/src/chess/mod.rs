//! Chess as a [`Searchable`]: [`Chess`] wraps any representation that implements
//! [`SearchBoard`], and [`polyboard_chess::with_repr!`] picks one by name.
//!
//! - [`eval`]: the chess evaluation, one for every representation (it reads only the
//!   piece sets).
//! - [`game`]: chess as the engine plays it, and the fixed-depth `bench`.

pub mod eval;
pub mod game;
pub mod nnue;

pub use game::{BENCH_DEPTH, BENCH_FENS, bench, search_fixed, search_fixed_metered};

use polyboard_chess::{Color, Move, MoveKind, PieceSets, Role, SearchBoard, Square};
use polyboard_core::MoveList;
use polyboard_search::{MoveText, NoMoves, Searchable};

/// The names of the representations the engine can search, fastest first (the first
/// is the default of the `Repr` option): every chess representation, as each answers
/// [`SearchBoard`]. [`polyboard_chess::with_repr!`] picks one by name.
pub fn names() -> Vec<&'static str> {
    polyboard_chess::repr::names()
}

/// Piece values for move ordering, exchange and delta pruning (pawn .. king).
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// A chess position on the representation `B`, as the search walks it.
#[derive(Clone, Debug)]
pub struct Chess<B>(pub B);

impl<B: SearchBoard> Chess<B> {
    /// The role standing on `sq`, if any.
    #[inline(always)]
    fn role_on(&self, sq: Square) -> Option<Role> {
        self.0.piece_on(sq).map(|p| p.role)
    }

    /// The role `mv` captures (a pawn for en passant), if any.
    #[inline(always)]
    fn victim(&self, mv: Move) -> Option<Role> {
        match mv.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ => self.role_on(mv.to()),
        }
    }
}

impl<B: SearchBoard> Searchable for Chess<B> {
    type Move = Move;
    type Undo = B::Undo;
    type List<T: Copy> = MoveList<T>;
    const HISTORY_SIZE: usize = 12 * 64;

    #[inline(always)]
    fn generate_noisy(&self, out: &mut MoveList<Move>) {
        self.0.generate_noisy(out)
    }
    #[inline(always)]
    fn generate_quiet(&self, out: &mut MoveList<Move>) {
        self.0.generate_quiet(out)
    }
    #[inline(always)]
    fn make(&mut self, mv: Move) -> B::Undo {
        self.0.make(mv)
    }
    #[inline(always)]
    fn unmake(&mut self, mv: Move, undo: B::Undo) {
        self.0.unmake(mv, undo)
    }
    #[inline(always)]
    fn make_null(&mut self) -> B::Undo {
        self.0.make_null()
    }
    #[inline(always)]
    fn unmake_null(&mut self, undo: B::Undo) {
        self.0.unmake_null(undo)
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        self.0.zobrist()
    }
    #[inline(always)]
    fn in_check(&self) -> bool {
        self.0.is_check()
    }
    #[inline(always)]
    fn side(&self) -> usize {
        self.0.turn().index()
    }
    #[inline(always)]
    fn reversible_plies(&self) -> u32 {
        self.0.halfmove()
    }
    #[inline(always)]
    fn rule_draw(&self) -> bool {
        // A mate delivered on the 100th ply still wins; the search sees that one ply
        // earlier, so the rare case is left to the game's arbiter.
        self.0.halfmove() >= 100
    }
    #[inline(always)]
    fn no_moves(&self, in_check: bool) -> NoMoves {
        if in_check { NoMoves::Loss } else { NoMoves::Draw }
    }
    #[inline]
    fn mvv_lva(&self, mv: Move) -> i32 {
        let victim = self.victim(mv).map_or(0, |r| SEE_VALUE[r.index()]);
        let promo = if mv.promotion_role().is_some() { SEE_VALUE[4] } else { 0 };
        let attacker = self.role_on(mv.from()).map_or(0, |r| r.index() as i32);
        (victim + promo) * 8 - attacker
    }
    #[inline]
    fn gain(&self, mv: Move) -> i32 {
        let victim = self.victim(mv).map_or(0, |r| SEE_VALUE[r.index()]);
        let promo = mv.promotion_role().map_or(0, |r| SEE_VALUE[r.index()] - SEE_VALUE[0]);
        victim + promo
    }
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        see_ge(&self.0, mv, threshold)
    }
    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        let piece = self.0.piece_on(mv.from()).map_or(0, |p| p.index());
        piece * 64 + mv.to().index()
    }
    #[inline]
    fn null_move_ok(&self) -> bool {
        let sets = self.0.piece_sets();
        let us = self.0.turn();
        sets.color(us) & !(sets.get(us, Role::Pawn) | sets.get(us, Role::King)) != 0
    }
}

/// Static exchange evaluation on any [`SearchBoard`]: true when `mv` wins at least
/// `threshold` centipawns after both sides recapture on its target with their least
/// valuable attacker for as long as it pays (the swap algorithm).
pub fn see_ge<B: SearchBoard>(board: &B, mv: Move, threshold: i32) -> bool {
    if mv.is_castle() {
        return threshold <= 0;
    }
    let from = mv.from();
    let to = mv.to();
    let mut swap = match mv.kind() {
        MoveKind::EnPassant => SEE_VALUE[0],
        _ => board.piece_on(to).map_or(0, |p| SEE_VALUE[p.role.index()]),
    } - threshold;
    let mut next = board.piece_on(from).map_or(Role::Pawn, |p| p.role);
    if let Some(promo) = mv.promotion_role() {
        swap += SEE_VALUE[promo.index()] - SEE_VALUE[0];
        next = promo;
    }
    if swap < 0 {
        return false;
    }
    swap = SEE_VALUE[next.index()] - swap;
    if swap <= 0 {
        return true;
    }
    let sets = board.piece_sets();
    let mut occ = sets.occupied() ^ from.bit() ^ to.bit();
    if mv.is_en_passant() {
        occ ^= Square::from_index(to.index() as u32 ^ 8).bit();
    }
    let mut side = board.turn().other();
    let mut result = 1;
    loop {
        let attackers = board.attackers(to, occ) & occ;
        let ours = attackers & sets.color(side);
        if ours == 0 {
            break;
        }
        // The least valuable attacker of `side`.
        let mut role = Role::King;
        let mut bb = 0;
        for r in Role::ALL {
            let b = ours & sets.get(side, r);
            if b != 0 {
                role = r;
                bb = b;
                break;
            }
        }
        result ^= 1;
        if role == Role::King {
            // The king may take only when the other side has no attacker left.
            let theirs = attackers & sets.color(side.other());
            return if theirs != 0 { result == 0 } else { result == 1 };
        }
        swap = SEE_VALUE[role.index()] - swap;
        if swap < result {
            break;
        }
        occ ^= bb & bb.wrapping_neg();
        side = side.other();
    }
    result == 1
}

/// UCI move text for chess positions (king-takes-rook castling in Chess960).
#[derive(Clone, Copy, Debug, Default)]
pub struct UciText;

impl<B: SearchBoard> MoveText<Chess<B>> for UciText {
    fn format(&self, pos: &Chess<B>, mv: Move) -> String {
        polyboard_chess::uci::format(&pos.0.to_position(), mv)
    }
}

/// The piece sets of a chess position on any representation.
#[inline(always)]
pub fn sets<B: SearchBoard>(pos: &Chess<B>) -> PieceSets {
    pos.0.piece_sets()
}

/// The side to move of a chess position.
#[inline(always)]
pub fn turn<B: SearchBoard>(pos: &Chess<B>) -> Color {
    pos.0.turn()
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_chess::{Board, Position, repr::Magic};

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).unwrap();
        let m = polyboard_chess::uci::parse(&pos, mv).unwrap();
        see_ge(&Magic::from_position(&pos), m, threshold)
    }

    #[test]
    fn static_exchange_on_textbook_cases() {
        // Rook takes a pawn defended by a pawn: loses the exchange.
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(fen, "e1e5", 100));
        assert!(!see(fen, "e1e5", 101));
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        // Nxe5: knight for pawn after the recaptures (the x-ray queen behind the bishop).
        assert!(!see(fen, "d3e5", 0));
        assert!(see(fen, "d3e5", -220));
    }
}
