//! polyboard's search, written once for every game: chess on each of its
//! representations, shogi, and every variant of polyboard-variants. It knows no game:
//! it depends on `polyboard-core` alone, and a game plugs in by implementing three
//! traits.
//!
//! # Design
//!
//! The search ([`search::search`]) is generic over three traits, and every call in its
//! hot path is monomorphized (no `dyn`):
//!
//! - [`Searchable`]: a position the search walks. It names its move type
//!   ([`SearchMove`]: a 32-bit key that is unique among a position's moves and gives
//!   the *total order* every tie in move ordering is broken by, and the value the
//!   transposition table, killers and counter-moves store), generates legal moves in
//!   two stages (noisy: what quiescence searches; quiet: the rest), makes and unmakes
//!   moves and the null move (a copy-make game sets `Undo = Self`), and answers the
//!   questions of pruning and ordering: check, the hash key, how far back a repetition
//!   can lie, the rule draws, the score of a position without moves, MVV-LVA, static
//!   exchange, a history index (piece and target, drops included) and whether a null
//!   move is safe.
//! - [`Evaluator`]: the static evaluation of a position, from the side to move.
//! - [`MoveText`]: a protocol's move text, for the front ends.
//!
//! # Identical trees
//!
//! With one thread and a fresh hash, a search to a fixed depth walks exactly the same
//! tree whatever the representation of the game. Nothing in the search depends on the
//! order moves are generated in: the move picker orders by score and breaks every tie
//! by the move's key; root moves are sorted stably from an order fixed the same way;
//! the transposition table is indexed by the game's hash key; and no decision depends
//! on the clock when the limit is a depth or a node count.
//!
//! # Modules
//!
//! - [`search`]: iterative deepening, aspiration windows, PVS, quiescence, null move,
//!   LMR, futility and razoring, killers, history, counter-moves, Lazy SMP.
//! - [`tt`]: the shared, lock-free transposition table.
//! - [`time`]: the limits of a search and how long to think.
//! - [`meter`]: hooks that let a measurement observe the main search; normal play
//!   compiles them away.
//! - [`texel`]: Texel tuning, shared by the chess and shogi tuners.
//!
//! # Example
//!
//! A game of Nim: a heap of stones, each move takes one, two or three, and who takes
//! the last stone wins. A heap that is a multiple of four is lost for the side to
//! move; from seven stones the winner takes three and wins on its second move.
//!
//! ```
//! use polyboard_core::MoveList;
//! use polyboard_search::search::{Silent, fixed_depth};
//! use polyboard_search::{Evaluator, MATE, NoMoves, SearchMove, Searchable};
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
//! struct Take(u32);
//! impl SearchMove for Take {
//!     fn key(self) -> u32 { self.0 }
//! }
//!
//! #[derive(Clone)]
//! struct Nim { stones: u32, side: usize }
//! impl Searchable for Nim {
//!     type Move = Take;
//!     type Undo = ();
//!     type List<T: Copy> = MoveList<T, 4>;
//!     const HISTORY_SIZE: usize = 8;
//!     fn generate_noisy(&self, _: &mut MoveList<Take, 4>) {}
//!     fn generate_quiet(&self, out: &mut MoveList<Take, 4>) {
//!         (1..=self.stones.min(3)).for_each(|n| out.push(Take(n)));
//!     }
//!     fn make(&mut self, m: Take) { self.stones -= m.0; self.side ^= 1; }
//!     fn unmake(&mut self, m: Take, _: ()) { self.stones += m.0; self.side ^= 1; }
//!     fn make_null(&mut self) { self.side ^= 1; }
//!     fn unmake_null(&mut self, _: ()) { self.side ^= 1; }
//!     fn key(&self) -> u64 { (self.stones as u64) << 1 | self.side as u64 }
//!     fn in_check(&self) -> bool { false }
//!     fn side(&self) -> usize { self.side }
//!     fn reversible_plies(&self) -> u32 { 0 }
//!     // Without stones the side to move has lost: the other took the last one.
//!     fn no_moves(&self, _: bool) -> NoMoves { NoMoves::Loss }
//!     fn mvv_lva(&self, _: Take) -> i32 { 0 }
//!     fn gain(&self, _: Take) -> i32 { 0 }
//!     fn see_ge(&self, _: Take, t: i32) -> bool { t <= 0 }
//!     fn history_index(&self, m: Take) -> usize { m.0 as usize * 2 + self.side }
//!     fn null_move_ok(&self) -> bool { false }
//! }
//!
//! #[derive(Clone)]
//! struct Even;
//! impl Evaluator<Nim> for Even {
//!     fn evaluate(&mut self, _: &Nim) -> i32 { 0 }
//! }
//!
//! let outcome = fixed_depth(&Nim { stones: 7, side: 0 }, &Even, 10, &mut Silent);
//! assert_eq!(outcome.best, Some(Take(3)));
//! assert_eq!(outcome.score, MATE - 3); // mate on the third ply
//! ```

#![deny(missing_docs)]

pub mod meter;
pub mod search;
pub mod texel;
pub mod time;
pub mod tt;

use polyboard_core::MoveList;
pub use polyboard_core::SearchMove;

/// The largest score; no search returns it.
pub const INFINITE: i32 = 32_000;
/// The score of a mate on the board (from the side that mates), less the plies to it.
pub const MATE: i32 = 31_000;
/// Scores at least this far from zero are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// How a game ends for the side to move: without a legal move, or by a rule of the
/// game ([`Searchable::game_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoves {
    /// The side to move has lost (checkmate; in shogi also without check).
    Loss,
    /// The game is drawn (stalemate in chess).
    Draw,
    /// The side to move has won (a variant's `stalemateValue = win`, or the
    /// opponent's last move broke a rule that loses, such as a shogi pawn-drop mate).
    Win,
}

/// A fixed-capacity list the search keeps moves (and their scores) in.
pub trait MoveBuffer<T: Copy>: Default {
    /// Appends `item` (a list is sized so that it never overflows).
    fn push(&mut self, item: T);
    /// The items.
    fn as_slice(&self) -> &[T];
    /// The items, mutably.
    fn as_mut_slice(&mut self) -> &mut [T];
    /// Keeps the first `n` items.
    fn truncate(&mut self, n: usize);
    /// The number of items.
    fn len(&self) -> usize {
        self.as_slice().len()
    }
    /// True when the list holds no item.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<T: Copy, const N: usize> MoveBuffer<T> for MoveList<T, N> {
    #[inline(always)]
    fn push(&mut self, item: T) {
        MoveList::push(self, item)
    }
    #[inline(always)]
    fn as_slice(&self) -> &[T] {
        MoveList::as_slice(self)
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [T] {
        MoveList::as_mut_slice(self)
    }
    #[inline(always)]
    fn truncate(&mut self, n: usize) {
        MoveList::truncate(self, n)
    }
    #[inline(always)]
    fn len(&self) -> usize {
        MoveList::len(self)
    }
}

/// A position the search can walk. See the crate documentation for the contract.
pub trait Searchable: Clone + Send + 'static {
    /// The move type.
    type Move: SearchMove;
    /// What undoing a move (or the null move) needs.
    type Undo;
    /// The game's move list, of a capacity that holds every legal move of any
    /// position (`MoveList<T, 256>` for chess, more for shogi's drops). The move
    /// picker keeps its scores in a list of the same capacity.
    type List<T: Copy>: MoveBuffer<T>;
    /// The size of the history tables; [`Searchable::history_index`] is below it.
    const HISTORY_SIZE: usize;
    /// True when quiescence, in check, skips the evasions that lose material (static
    /// exchange below 0) once one evasion has scored above a mate. Shogi sets it: with
    /// pieces in hand every check has many interposing drops. Chess searches every
    /// evasion.
    const PRUNE_QUIESCE_EVASIONS: bool = false;

    /// Appends the noisy legal moves: those quiescence searches (captures and
    /// promotions to the strongest piece in chess).
    fn generate_noisy(&self, out: &mut Self::List<Self::Move>);
    /// Appends the other legal moves. Together with the noisy ones, exactly the legal
    /// moves, each once.
    fn generate_quiet(&self, out: &mut Self::List<Self::Move>);
    /// Plays a legal move in place.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;
    /// Takes back the last move made.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);
    /// The side to move passes (only when not in check).
    fn make_null(&mut self) -> Self::Undo;
    /// Takes back [`Searchable::make_null`].
    fn unmake_null(&mut self, undo: Self::Undo);
    /// The hash key (the same for the same position on every representation).
    fn key(&self) -> u64;
    /// True when the side to move is in check.
    fn in_check(&self) -> bool;
    /// 0 or 1: the side to move (history tables are kept per side).
    fn side(&self) -> usize;
    /// How many plies back a repetition of this position can lie (the plies since
    /// the last irreversible move).
    fn reversible_plies(&self) -> u32;
    /// True when a rule other than repetition draws the game now (the 50-move rule).
    /// None by default.
    #[inline(always)]
    fn rule_draw(&self) -> bool {
        false
    }
    /// The result of a game the rules have already ended in this position, whatever
    /// moves it has (a variant's flag region reached, the last check given, a side
    /// without its royal pieces); `None` while the game goes on. Chess and shogi end
    /// only by the rules above.
    #[inline(always)]
    fn game_end(&self) -> Option<NoMoves> {
        None
    }
    /// The result when the side to move has no legal move.
    fn no_moves(&self, in_check: bool) -> NoMoves;
    /// Ordering value of a noisy move: most valuable victim, then least valuable
    /// attacker.
    fn mvv_lva(&self, mv: Self::Move) -> i32;
    /// The material a noisy move wins at most, for delta pruning.
    fn gain(&self, mv: Self::Move) -> i32;
    /// Static exchange: true when `mv` wins at least `threshold` after the best
    /// sequence of recaptures on its target square.
    fn see_ge(&self, mv: Self::Move, threshold: i32) -> bool;
    /// The history slot of `mv` (the piece moved or dropped and its target).
    fn history_index(&self, mv: Self::Move) -> usize;
    /// The score (for the side to move) of a position that occurred `back` plies
    /// before: a draw in chess; in shogi a perpetual check loses for the checker.
    fn repetition_score(&self, back: usize) -> i32 {
        let _ = back;
        0
    }
    /// True when quiescence should try the quiet moves that give check (at its first
    /// ply). The variant engine's drop games answer false (every drop next to the king
    /// would be tried); chess and shogi keep the default.
    #[inline(always)]
    fn quiet_checks(&self) -> bool {
        true
    }
    /// True when a null move is unlikely to fall into zugzwang (the side to move has
    /// more than pawns and king).
    fn null_move_ok(&self) -> bool;
    /// True when the side to move wins now by a rule, without a move: shogi's impasse
    /// declaration. The search scores such a node as a mate in one. Never in chess.
    fn rule_win(&self) -> bool {
        false
    }
    /// False only when the move `mv` cannot give check: the search then prunes a move
    /// it would prune unless it checked (quiescence's quiet moves, the main search's
    /// late moves) without playing it. The default (true) plays every such move to
    /// find out.
    fn may_give_check(&self, mv: Self::Move) -> bool {
        let _ = mv;
        true
    }
}

/// For every position from a game's start to the current one, whether its side to move
/// stood in check: the in-check flag of a copy-make game, and what repetition scores
/// need where perpetual check loses (shogi, xiangqi).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checks(Vec<bool>);

impl Checks {
    /// The flags of the positions `before` the current one (oldest first), then the
    /// current one's, `now`.
    pub fn new(before: &[bool], now: bool) -> Checks {
        let mut flags = before.to_vec();
        flags.push(now);
        Checks(flags)
    }

    /// A move (or the null move) reached a position whose side to move stands in
    /// check when `check`.
    #[inline(always)]
    pub fn push(&mut self, check: bool) {
        self.0.push(check);
    }

    /// The last move was taken back.
    #[inline(always)]
    pub fn pop(&mut self) {
        self.0.pop();
    }

    /// True when the side to move stands in check.
    #[inline(always)]
    pub fn current(&self) -> bool {
        self.0.last().copied().unwrap_or(false)
    }

    /// The plies since the game's start (how far back a repetition can lie in a game
    /// with drops, where captured pieces come back).
    #[inline(always)]
    pub fn plies(&self) -> u32 {
        self.0.len().saturating_sub(1) as u32
    }

    /// The score for the side to move when the position `back` plies before repeats
    /// and one side gave check with every one of its moves through the repetition:
    /// that side loses. `None` when neither did.
    pub fn perpetual(&self, back: usize) -> Option<i32> {
        let n = self.0.len();
        if back == 0 || back >= n {
            return None;
        }
        // Positions n-1, n-3, .. have us to move; n-2, n-4, .. the opponent.
        let all_checked = |first: usize| (first..=back).step_by(2).all(|i| self.0[n - 1 - i]);
        if all_checked(0) {
            // The opponent checked with every move: it loses.
            Some(MATE_BOUND - 1)
        } else if all_checked(1) {
            Some(-(MATE_BOUND - 1))
        } else {
            None
        }
    }
}

/// A static evaluation, in centipawns from the side to move.
pub trait Evaluator<P>: Clone + Send + 'static {
    /// The score of `pos` for the side to move.
    fn evaluate(&mut self, pos: &P) -> i32;
}

/// A protocol's move text.
pub trait MoveText<P: Searchable> {
    /// The text of a legal move of `pos`.
    fn format(&self, pos: &P, mv: P::Move) -> String;
}
