//! The [`Board`] trait that every chess representation implements, and the queries a
//! search asks of a board ([`SearchBoard`]).

use crate::position::Position;
use crate::types::{Color, Move, Piece, Role, Square};
use polyboard_core::MoveList;
use polyboard_core::perft::{MakeUnmake, PerftNode};

/// A chess board representation.
///
/// Every representation converts from and to [`Position`], generates exactly the
/// legal moves (in any order), plays them both by copy-make ([`PerftNode::apply`] on a
/// copy) and by make/unmake ([`MakeUnmake`]), counts them in bulk
/// ([`PerftNode::count_moves`]) and keeps the same Zobrist key. The generic perft
/// driver of polyboard-core walks any of them.
pub trait Board: PerftNode<Move = Move> + MakeUnmake + Clone + Send + Sync + 'static {
    /// The name `polyboard perft --repr` selects it by.
    const NAME: &'static str;

    /// The representation of `pos`.
    fn from_position(pos: &Position) -> Self;

    /// Back to the canonical state.
    fn to_position(&self) -> Position;

    /// The side to move.
    fn turn(&self) -> Color;

    /// True when the side to move is in check.
    fn is_check(&self) -> bool;

    /// The Zobrist key (see [`crate::zobrist`]).
    fn zobrist(&self) -> u64;

    /// The legal moves, as a vector (a convenience; the hot path uses `generate_moves`).
    fn legal_moves(&self) -> Vec<Move> {
        let mut list = polyboard_core::MoveList::new();
        self.generate_moves(&mut list);
        list.to_vec()
    }
}

/// The twelve piece sets of a position, one bitboard each, stored in the order of the
/// CCR paper's Table 1 so that its branch-free conversion (section 5.5) writes straight
/// into them.
///
/// # Layout (`[u64; 16]`, 128 bytes)
///
/// ```text
/// index = colour << 3 | (role + 1)     colour: 0 white, 1 black; role: pawn 0 .. king 5
///   0       empty squares
///   1..=6   white pawns, knights, bishops, rooks, queens, king
///   7, 8    unused, always 0
///   9..=14  black pawns, knights, bishops, rooks, queens, king
///   15      unused, always 0
/// ```
/// Bit i of every entry is square i (a1 = 0, h8 = 63).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PieceSets(pub [u64; 16]);

impl PieceSets {
    /// Table 1's code of a piece: the index of its set.
    #[inline(always)]
    pub const fn code(color: Color, role: Role) -> usize {
        (color.index() << 3) | (role.index() + 1)
    }

    /// The squares of the pieces of `color` and `role`.
    #[inline(always)]
    pub const fn get(&self, color: Color, role: Role) -> u64 {
        self.0[Self::code(color, role)]
    }

    /// The squares of `piece`.
    #[inline(always)]
    pub const fn piece(&self, piece: Piece) -> u64 {
        self.get(piece.color, piece.role)
    }

    /// The squares of every piece of `color`.
    #[inline(always)]
    pub const fn color(&self, color: Color) -> u64 {
        let b = color.index() << 3;
        self.0[b + 1] | self.0[b + 2] | self.0[b + 3] | self.0[b + 4] | self.0[b + 5] | self.0[b + 6]
    }

    /// The squares of every piece of `role`, both colours.
    #[inline(always)]
    pub const fn role(&self, role: Role) -> u64 {
        self.0[role.index() + 1] | self.0[role.index() + 9]
    }

    /// The occupied squares.
    #[inline(always)]
    pub const fn occupied(&self) -> u64 {
        !self.0[0]
    }

    /// The empty squares.
    #[inline(always)]
    pub const fn empty(&self) -> u64 {
        self.0[0]
    }

    /// The sets of `pos`: the reference the representations are checked against.
    pub fn of_position(pos: &Position) -> PieceSets {
        let mut s = [0u64; 16];
        for color in Color::ALL {
            for role in Role::ALL {
                s[Self::code(color, role)] = pos.pieces(color, role);
            }
        }
        s[0] = !pos.occupied();
        PieceSets(s)
    }

    /// The sets of a position kept as `by_role` (pawn..king, both colours) and
    /// `by_color` (white, black) bitboards: twelve ANDs.
    #[inline(always)]
    pub fn from_sets(by_role: &[u64; 6], by_color: &[u64; 2]) -> PieceSets {
        let mut s = [0u64; 16];
        for r in 0..6 {
            s[r + 1] = by_role[r] & by_color[0];
            s[r + 9] = by_role[r] & by_color[1];
        }
        s[0] = !(by_color[0] | by_color[1]);
        PieceSets(s)
    }

    /// The inverse of [`PieceSets::from_sets`]: the `by_role` (pawn..king, both
    /// colours) and `by_color` (white, black) bitboards.
    #[inline]
    pub fn to_sets(&self) -> ([u64; 6], [u64; 2]) {
        (Role::ALL.map(|r| self.role(r)), Color::ALL.map(|c| self.color(c)))
    }
}

/// What a search asks of a board, beyond [`Board`]. This is the contract a new
/// representation fulfils to be searched by `polyboard-engine`; each representation
/// answers every query with its own technique (none calls another's generator or
/// converts to another representation to answer).
///
/// - **Staged generation.** [`SearchBoard::generate_noisy`] yields the *noisy* legal
///   moves: every capture (en passant included, with any promotion piece) and every
///   promotion to a queen. [`SearchBoard::generate_quiet`] yields the rest: the other
///   legal moves (non-captures, under-promotions without capture, castling). The two
///   sets are disjoint and together are exactly the legal moves; quiescence searches
///   the first. Castling is quiet in Chess960 too, though written king-takes-rook.
/// - **Reading the board.** [`SearchBoard::piece_on`] and [`SearchBoard::piece_sets`]
///   (the twelve bitboards the evaluation reads, whatever the representation keeps).
/// - **Static exchange.** [`SearchBoard::attackers`]: the pieces of both colours that
///   attack a square when only the pieces on a given occupancy stand on the board.
/// - **Null move.** [`SearchBoard::make_null`] / [`SearchBoard::unmake_null`] and the
///   copy-make form [`SearchBoard::apply_null`]: the side to move passes.
/// - **Clocks.** [`SearchBoard::halfmove`], for the 50-move rule.
pub trait SearchBoard: Board {
    /// Appends the noisy legal moves (captures and queen promotions) to `out`.
    fn generate_noisy(&self, out: &mut MoveList<Move>);

    /// Appends the quiet legal moves (every legal move that is not noisy) to `out`.
    fn generate_quiet(&self, out: &mut MoveList<Move>);

    /// The piece on `sq`, if any.
    fn piece_on(&self, sq: Square) -> Option<Piece>;

    /// The twelve piece sets.
    fn piece_sets(&self) -> PieceSets;

    /// The pieces of both colours that attack `sq` when the board holds only the pieces
    /// standing on `occ` (a subset of the occupied squares): those off `occ` neither
    /// attack nor block. Static exchange evaluation lifts pieces off `occ` one by one,
    /// which uncovers the sliders behind them.
    fn attackers(&self, sq: Square, occ: u64) -> u64;

    /// The side to move passes: the turn changes, the en passant square is cleared,
    /// the halfmove clock counts one more ply (and the fullmove number after Black),
    /// and the key follows. Only for a side not in check.
    fn make_null(&mut self) -> Self::Undo;

    /// Takes back [`SearchBoard::make_null`] with the value it returned.
    fn unmake_null(&mut self, undo: Self::Undo);

    /// The null move in place, keeping nothing to undo it with (copy-make).
    #[inline]
    fn apply_null(&mut self) {
        let _ = self.make_null();
    }

    /// The halfmove clock: plies since the last capture or pawn move.
    fn halfmove(&self) -> u32;
}

/// True when `mv` is noisy on `pos` in the sense of [`SearchBoard`]: a capture (en
/// passant included) or a promotion to a queen. The reference the staged generators
/// are checked against.
pub fn is_noisy(pos: &Position, mv: Move) -> bool {
    if mv.is_castle() {
        return false;
    }
    mv.is_en_passant()
        || pos.color_bb(pos.turn().other()) & mv.to().bit() != 0
        || mv.promotion_role() == Some(Role::Queen)
}
