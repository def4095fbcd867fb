//! Any variant of polyboard-variants as a [`Searchable`]: [`Pos`] keeps a stack of
//! [`polyboard_variants::Board`]s (copy-make: making a move pushes a copy and plays the
//! move on it, unmaking pops) with the check flags of the game so far.
//!
//! - A variant's tables (a [`polyboard_variants::Variant`]) and its derived evaluation
//!   ([`eval::Derived`]) are built once when the variant is chosen and live for the
//!   rest of the process (`Box::leak`): a board borrows its tables, and the search
//!   needs `'static` positions. [`Built::new`] keeps
//!   every variant built in a process-wide list, so choosing one again costs nothing
//!   and the memory held grows only with the number of distinct definitions loaded.
//! - Game ends: checkmate and stalemate score as the variant says (`checkmateValue`,
//!   `stalemateValue`, a shogi pawn-drop mate loses for the dropper); a flag piece home
//!   (king of the hill), the last check given (3check), a side without its extinction
//!   types and the n-move rule end the game before any move is searched
//!   ([`Searchable::game_end`]).
//! - Repetition scores `nFoldValue` (a draw unless the variant says otherwise); with
//!   `perpetualCheckIllegal` (xiangqi, shogi) the side that gave check with every one of
//!   its moves through the repetition loses.
//! - The search's move lists hold [`MAX_MOVES`] moves, as the generator's.
//! - [`game`]: a variant game as the engine's front ends play it.

pub mod catalog;
pub mod eval;
pub(crate) mod game;

use eval::{Derived, evaluate, material};
use polyboard_core::MoveList;
use polyboard_search::{Checks, Evaluator, MATE_BOUND, MoveText, NoMoves, Searchable};
use polyboard_variants::bits::Bits;
use polyboard_variants::board::{MAX_MOVES, Part};
use polyboard_variants::rules::Value;
use polyboard_variants::{Board, Move, Moves, Rules, Tables, Variant, VariantError, with_tables};
use std::sync::{Mutex, OnceLock};

/// A variant ready to search: polyboard-variants' [`Variant`] (its tables, on the
/// narrowest bitboard that holds the board) and the evaluation's tables derived from
/// its rules, both kept for the rest of the process.
#[derive(Clone, Copy)]
pub struct Built {
    /// The move generator's tables and the rules.
    pub variant: &'static Variant,
    /// The evaluation's tables.
    pub derived: &'static Derived,
}

/// Every variant built in this process, by its rules (`Debug` text): building the same
/// definition again returns the same tables, so the memory held grows with the number
/// of distinct definitions only, however often engines are created.
fn built() -> &'static Mutex<Vec<(String, Built)>> {
    static BUILT: OnceLock<Mutex<Vec<(String, Built)>>> = OnceLock::new();
    BUILT.get_or_init(Default::default)
}

impl std::fmt::Debug for Built {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Built").field("variant", &self.rules().name).finish_non_exhaustive()
    }
}

impl Built {
    /// Builds the tables and the evaluation of `rules` (kept for the process's life,
    /// once per distinct definition).
    pub fn new(rules: Rules) -> Result<Built, VariantError> {
        let key = format!("{rules:?}");
        let mut list = built().lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, b)) = list.iter().find(|(k, _)| *k == key) {
            return Ok(*b);
        }
        let mut derived = Derived::new(&rules);
        let variant: &'static Variant = Box::leak(Box::new(Variant::new(rules)?));
        // `Variant::new` has read the start position: it reads.
        let total = with_tables!(variant, t => Board::from_fen(t, &t.rules.start_fen)
            .map(|b| material(&b, &derived, 0) + material(&b, &derived, 1))
            .unwrap_or(0));
        derived.start_material = total / 2;
        let b = Built { variant, derived: Box::leak(Box::new(derived)) };
        list.push((key, b));
        Ok(b)
    }

    /// The rules.
    pub fn rules(&self) -> &'static Rules {
        self.variant.rules()
    }
}

/// A variant position as the search walks it.
#[derive(Clone, Debug)]
pub struct Pos<B: Bits + 'static> {
    /// The boards from the search's root to the current one (never empty).
    boards: Vec<Board<'static, B>>,
    derived: &'static Derived,
    /// Whether the side to move stood in check, since the game's start.
    checks: Checks,
    /// The move that led here (a shogi pawn-drop mate loses for the dropper).
    last: Option<Move>,
}

/// What [`Pos::make`] keeps to take a move back (the board is popped off the stack).
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    last: Option<Move>,
}

impl<B: Bits> Pos<B> {
    /// The position `board`, evaluated with `derived` (its variant's), reached after
    /// positions whose check flags are `before` (oldest first).
    pub fn new(derived: &'static Derived, board: Board<'static, B>, before: &[bool]) -> Pos<B> {
        let checks = Checks::new(before, board.in_check());
        let mut boards = Vec::with_capacity(256);
        boards.push(board);
        Pos { boards, derived, checks, last: None }
    }

    /// The board.
    #[inline(always)]
    pub fn board(&self) -> &Board<'static, B> {
        &self.boards[self.boards.len() - 1]
    }

    /// Pushes a copy of the current board to play a move on.
    #[inline(always)]
    fn push_board(&mut self) -> &mut Board<'static, B> {
        let top = *self.board();
        self.boards.push(top);
        let n = self.boards.len();
        &mut self.boards[n - 1]
    }

    /// The variant's tables (and rules).
    pub fn tables(&self) -> &'static Tables<B> {
        self.board().tables()
    }

    /// The variant's evaluation tables.
    pub fn derived(&self) -> &'static Derived {
        self.derived
    }

    /// All legal moves.
    pub fn legal(&self) -> Moves {
        let mut list = Moves::new();
        self.board().generate(&mut list);
        list
    }

    /// The value of the piece that `mv` moves or drops (before promotion).
    fn mover_value(&self, mv: Move) -> i32 {
        let d = self.derived;
        if mv.is_drop() {
            return d.value[mv.drop(0).1];
        }
        self.board().piece_on(mv.pickup(0)).map_or(0, |(ty, _)| d.value[ty])
    }

    /// What a capture takes (its board value), 0 for other moves.
    fn victim_value(&self, mv: Move) -> i32 {
        if !mv.is_capture() || mv.pickups() < 2 {
            return 0;
        }
        self.board().piece_on(mv.pickup(1)).map_or(0, |(ty, _)| self.derived.value[ty])
    }

    /// What a promotion gains.
    fn promo_gain(&self, mv: Move) -> i32 {
        if !mv.is_promotion() {
            return 0;
        }
        (self.derived.value[mv.drop(0).1] - self.mover_value(mv)).max(0)
    }

    fn result(v: Value) -> NoMoves {
        match v {
            Value::Win => NoMoves::Win,
            Value::Loss => NoMoves::Loss,
            Value::Draw => NoMoves::Draw,
        }
    }
}

impl<B: Bits> Searchable for Pos<B> {
    type Move = Move;
    type Undo = Undo;
    type List<T: Copy> = MoveList<T, MAX_MOVES>;
    // Piece code (type * 2 + colour, below 32) times 128 targets.
    const HISTORY_SIZE: usize = 32 * 128;

    fn generate_noisy(&self, out: &mut MoveList<Move, MAX_MOVES>) {
        // Quiescence asks for these alone: the generator skips the quiet moves' work.
        // The check flag kept from `make` spares the generator its attack test.
        self.board().generate_part(out, Part::Noisy, Some(self.in_check()));
    }
    fn generate_quiet(&self, out: &mut MoveList<Move, MAX_MOVES>) {
        self.board().generate_part(out, Part::Quiet, Some(self.in_check()));
    }
    #[inline]
    fn make(&mut self, mv: Move) -> Undo {
        let undo = Undo { last: self.last };
        let b = self.push_board();
        b.apply(mv);
        let check = b.in_check();
        self.last = Some(mv);
        self.checks.push(check);
        undo
    }
    #[inline]
    fn unmake(&mut self, _mv: Move, undo: Undo) {
        self.boards.pop();
        self.last = undo.last;
        self.checks.pop();
    }
    fn make_null(&mut self) -> Undo {
        let undo = Undo { last: self.last };
        let b = self.push_board();
        *b = b.null_move();
        self.last = None;
        self.checks.push(false);
        undo
    }
    fn unmake_null(&mut self, undo: Undo) {
        self.boards.pop();
        self.last = undo.last;
        self.checks.pop();
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        self.board().key()
    }
    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checks.current()
    }
    #[inline(always)]
    fn side(&self) -> usize {
        self.board().side_to_move()
    }
    fn reversible_plies(&self) -> u32 {
        if self.tables().rules.drops {
            // A captured piece can come back by a drop: any position may recur.
            self.checks.plies()
        } else {
            self.board().halfmove_clock()
        }
    }
    fn game_end(&self) -> Option<NoMoves> {
        self.board().outcome(true, self.last).map(Self::result)
    }
    fn no_moves(&self, _in_check: bool) -> NoMoves {
        self.board().outcome(false, self.last).map_or(NoMoves::Draw, Self::result)
    }
    fn repetition_score(&self, back: usize) -> i32 {
        let r = &self.tables().rules;
        if r.perpetual_check_illegal
            && let Some(score) = self.checks.perpetual(back)
        {
            return score;
        }
        let score = match r.n_fold_value {
            Value::Draw => 0,
            Value::Win => MATE_BOUND - 1,
            Value::Loss => -(MATE_BOUND - 1),
        };
        // An absolute value is the first player's; the second player scores its opposite.
        if r.n_fold_value_absolute && self.board().side_to_move() == 1 { -score } else { score }
    }
    fn mvv_lva(&self, mv: Move) -> i32 {
        (self.victim_value(mv) + self.promo_gain(mv)) * 16 - self.mover_value(mv) / 64
    }
    fn gain(&self, mv: Move) -> i32 {
        let victim = self.victim_value(mv);
        // With captures to hand, the victim also joins our hand.
        let hand = if self.tables().rules.captures_to_hand { victim } else { 0 };
        victim + hand + self.promo_gain(mv)
    }
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        // One exchange: what the move wins, less the moved piece when the opponent
        // attacks the target with the origin vacated. Recaptures beyond the first
        // are not followed.
        let moved = self.mover_value(mv) + self.promo_gain(mv);
        let win = self.victim_value(mv) + self.promo_gain(mv);
        if win - moved >= threshold {
            return true;
        }
        if win < threshold || mv.is_castling() {
            return win >= threshold;
        }
        let mut occ = self.board().occupied();
        if let Some(from) = mv.from() {
            occ &= !B::bit(from);
        }
        occ |= B::bit(mv.to());
        !self.board().attacked(mv.to(), self.side() ^ 1, occ)
    }
    fn history_index(&self, mv: Move) -> usize {
        let (to, ty) = mv.drop(0);
        (ty * 2 + self.side()) * 128 + to
    }
    fn quiet_checks(&self) -> bool {
        !self.tables().rules.drops
    }
    fn null_move_ok(&self) -> bool {
        let b = self.board();
        let us = b.side_to_move();
        let r = &self.tables().rules;
        (0..r.pieces.len()).any(|ty| {
            let p = &r.pieces[ty];
            !p.royal && !p.pawn && !p.shogi_pawn && (!b.pieces(ty, us).is_empty() || b.in_hand(us, ty) > 0)
        })
    }
}

/// Fairy-Stockfish's UCI move text.
#[derive(Clone, Copy, Debug, Default)]
pub struct FsfText;

impl<B: Bits> MoveText<Pos<B>> for FsfText {
    fn format(&self, pos: &Pos<B>, mv: Move) -> String {
        pos.board().move_text(mv)
    }
}

/// The generic variant evaluation (see [`eval`]), the same for every variant: what
/// it knows of a variant it derived from the rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct VariantEval;

impl<B: Bits> Evaluator<Pos<B>> for VariantEval {
    #[inline]
    fn evaluate(&mut self, pos: &Pos<B>) -> i32 {
        evaluate(pos.board(), pos.derived)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_search::SearchMove;
    use polyboard_variants::VariantSet;

    fn pos(variant: &str, fen: &str, before: &[bool]) -> Pos<u128> {
        let b = Built::new(VariantSet::builtin().rules(variant).unwrap()).unwrap();
        let Variant::Wide(t) = b.variant else { panic!("{variant} runs on u128") };
        Pos::new(b.derived, Board::from_fen(t, fen).unwrap(), before)
    }

    #[test]
    fn perpetual_check_loses_in_xiangqi_and_draws_in_capablanca() {
        // The side to move now stood in check at every one of its turns through the
        // 4-ply cycle: the opponent checked perpetually and loses.
        let fen = "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1";
        let p = pos("xiangqi", fen, &[true, false, true, false]);
        assert!(p.repetition_score(4) >= MATE_BOUND - 1);
        let p = pos("xiangqi", fen, &[false, false, true, false]);
        assert_eq!(p.repetition_score(4), 0);
        let p = pos("capablanca", "4k5/10/10/10/10/10/10/4K5 w - - 0 1", &[true, false, true, false]);
        assert_eq!(p.repetition_score(4), 0);
    }

    #[test]
    fn move_keys_are_unique_and_never_zero() {
        for (variant, fen) in [
            ("capablanca", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1"),
            ("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        ] {
            let p = pos(variant, fen, &[]);
            let keys: Vec<u32> = p.legal().iter().map(|m| m.key()).collect();
            let mut unique = keys.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), keys.len(), "{variant}");
            assert!(keys.iter().all(|&k| k != 0));
        }
    }
}
