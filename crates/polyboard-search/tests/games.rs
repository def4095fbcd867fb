//! The search on small games whose exact values are known, searched to the end: no
//! chess, no shogi, only the traits.
//!
//! - Nim (take one, two or three stones; who takes the last stone wins): a heap that is
//!   a multiple of four is lost for the side to move, and the winner needs
//!   `ceil(n / 4)` moves of its own (Bouton's theory of the subtraction game).
//! - Tic-tac-toe: every one of the 5,478 positions reachable from the empty board is
//!   searched, and its score must be the exact minimax value (win, draw or loss, and
//!   for a win or a loss the number of plies to the end with best play) that a plain
//!   minimax over the whole game tree gives. From the empty board the game is a draw.

use polyboard_core::MoveList;
use polyboard_search::search::{Context, Control, Settings, Silent, fixed_depth, search};
use polyboard_search::time::Limits;
use polyboard_search::tt::Table;
use polyboard_search::{Evaluator, MATE, NoMoves, SearchMove, Searchable};
use std::collections::HashMap;

/// A move of either game: stones taken, or the square (1..=9) marked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Mv(u32);

impl SearchMove for Mv {
    fn key(self) -> u32 {
        self.0
    }
}

/// Scores every position 0: the search must find the values by searching.
#[derive(Clone)]
struct Zero;

impl<P> Evaluator<P> for Zero {
    fn evaluate(&mut self, _: &P) -> i32 {
        0
    }
}

#[derive(Clone, Debug)]
struct Nim {
    stones: u32,
    side: usize,
}

impl Searchable for Nim {
    type Move = Mv;
    type Undo = ();
    type List<T: Copy> = MoveList<T, 4>;
    const HISTORY_SIZE: usize = 8;
    fn generate_noisy(&self, _: &mut MoveList<Mv, 4>) {}
    fn generate_quiet(&self, out: &mut MoveList<Mv, 4>) {
        (1..=self.stones.min(3)).for_each(|n| out.push(Mv(n)));
    }
    fn make(&mut self, m: Mv) {
        self.stones -= m.0;
        self.side ^= 1;
    }
    fn unmake(&mut self, m: Mv, _: ()) {
        self.stones += m.0;
        self.side ^= 1;
    }
    fn make_null(&mut self) {
        self.side ^= 1;
    }
    fn unmake_null(&mut self, _: ()) {
        self.side ^= 1;
    }
    fn key(&self) -> u64 {
        (self.stones as u64) << 1 | self.side as u64
    }
    fn in_check(&self) -> bool {
        false
    }
    fn side(&self) -> usize {
        self.side
    }
    fn reversible_plies(&self) -> u32 {
        0
    }
    fn no_moves(&self, _: bool) -> NoMoves {
        NoMoves::Loss
    }
    fn mvv_lva(&self, _: Mv) -> i32 {
        0
    }
    fn gain(&self, _: Mv) -> i32 {
        0
    }
    fn see_ge(&self, _: Mv, threshold: i32) -> bool {
        threshold <= 0
    }
    fn history_index(&self, m: Mv) -> usize {
        m.0 as usize * 2 + self.side
    }
    fn null_move_ok(&self) -> bool {
        false
    }
}

#[test]
fn nim_heaps_are_won_and_lost_as_bouton_says() {
    for stones in 1..=20u32 {
        let o = fixed_depth(&Nim { stones, side: 0 }, &Zero, 30, &mut Silent);
        if stones % 4 == 0 {
            // Lost: every move leaves a won heap; the loser's moves are stones / 4.
            let plies = 2 * (stones / 4) as i32;
            assert_eq!(o.score, -(MATE - plies), "{stones} stones");
        } else {
            // Won by taking stones % 4, and `ceil(stones / 4)` moves of the winner.
            assert_eq!(o.best, Some(Mv(stones % 4)), "{stones} stones");
            let plies = 2 * stones.div_ceil(4) as i32 - 1;
            assert_eq!(o.score, MATE - plies, "{stones} stones");
        }
    }
}

const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// Tic-tac-toe: the marks of the side to move and of the other side, squares 0..9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Ttt {
    marks: [u16; 2],
    side: usize,
}

impl Ttt {
    fn line(marks: u16) -> bool {
        // Every square of one of the lines marked.
        let full = |line: u16| marks & line == line;
        LINES.iter().any(|&l| full(l))
    }
    fn empty(&self) -> impl Iterator<Item = u32> + '_ {
        (0..9).filter(|&s| (self.marks[0] | self.marks[1]) & (1 << s) == 0)
    }
    fn over(&self) -> bool {
        Ttt::line(self.marks[self.side ^ 1])
    }
}

impl Searchable for Ttt {
    type Move = Mv;
    type Undo = ();
    type List<T: Copy> = MoveList<T, 9>;
    const HISTORY_SIZE: usize = 20;
    fn generate_noisy(&self, _: &mut MoveList<Mv, 9>) {}
    fn generate_quiet(&self, out: &mut MoveList<Mv, 9>) {
        self.empty().for_each(|s| out.push(Mv(s + 1)));
    }
    fn make(&mut self, m: Mv) {
        self.marks[self.side] |= 1 << (m.0 - 1);
        self.side ^= 1;
    }
    fn unmake(&mut self, m: Mv, _: ()) {
        self.side ^= 1;
        self.marks[self.side] &= !(1 << (m.0 - 1));
    }
    fn make_null(&mut self) {
        self.side ^= 1;
    }
    fn unmake_null(&mut self, _: ()) {
        self.side ^= 1;
    }
    fn key(&self) -> u64 {
        // Unique: nine trits (empty, side 0's, side 1's) and the side to move.
        let trit = |s: u32| (self.marks[0] >> s & 1) as u64 + 2 * (self.marks[1] >> s & 1) as u64;
        (0..9).fold(self.side as u64 + 1, |k, s| k * 3 + trit(s)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn in_check(&self) -> bool {
        false
    }
    fn side(&self) -> usize {
        self.side
    }
    fn reversible_plies(&self) -> u32 {
        // No position repeats: every move adds a mark.
        0
    }
    fn game_end(&self) -> Option<NoMoves> {
        // The side that just moved made a line: the side to move has lost.
        self.over().then_some(NoMoves::Loss)
    }
    fn no_moves(&self, _: bool) -> NoMoves {
        NoMoves::Draw
    }
    fn mvv_lva(&self, _: Mv) -> i32 {
        0
    }
    fn gain(&self, _: Mv) -> i32 {
        0
    }
    fn see_ge(&self, _: Mv, threshold: i32) -> bool {
        threshold <= 0
    }
    fn history_index(&self, m: Mv) -> usize {
        m.0 as usize * 2 + self.side
    }
    fn null_move_ok(&self) -> bool {
        false
    }
}

/// Plain minimax over the whole game: the score for the side to move, `MATE - plies`
/// for a win in `plies`, `-(MATE - plies)` for a loss, 0 for a draw.
fn minimax(p: Ttt, ply: i32, memo: &mut HashMap<Ttt, i32>) -> i32 {
    if let Some(&v) = memo.get(&p) {
        return if v > 0 {
            v - ply
        } else if v < 0 {
            v + ply
        } else {
            0
        };
    }
    let v = if p.over() {
        -MATE
    } else if p.empty().next().is_none() {
        0
    } else {
        let mut best = -MATE - 1;
        for s in p.empty().collect::<Vec<_>>() {
            let mut q = p;
            q.make(Mv(s + 1));
            best = best.max(-minimax(q, 0, memo));
        }
        // One ply further from the end than the best child.
        if best > 0 {
            best - 1
        } else if best < 0 {
            best + 1
        } else {
            0
        }
    };
    memo.insert(p, v);
    if v > 0 {
        v - ply
    } else if v < 0 {
        v + ply
    } else {
        0
    }
}

fn reachable(p: Ttt, seen: &mut Vec<Ttt>) {
    if seen.contains(&p) {
        return;
    }
    seen.push(p);
    if p.over() {
        return;
    }
    for s in p.empty().collect::<Vec<_>>() {
        let mut q = p;
        q.make(Mv(s + 1));
        reachable(q, seen);
    }
}

#[test]
fn tic_tac_toe_is_a_draw_and_every_position_has_its_minimax_value() {
    let empty = Ttt { marks: [0, 0], side: 0 };
    assert_eq!(fixed_depth(&empty, &Zero, 12, &mut Silent).score, 0);

    let mut all = Vec::new();
    reachable(empty, &mut all);
    assert_eq!(all.len(), 5478);
    let mut memo = HashMap::new();
    let tt = Table::new(1);
    let limits = Limits { depth: Some(12), ..Limits::default() };
    let settings = Settings::default();
    for p in all.into_iter().filter(|p| !p.over() && p.empty().next().is_some()) {
        let exact = minimax(p, 0, &mut memo);
        tt.clear();
        let control = Control::new(false);
        let cx = Context { history: &[], limits: &limits, settings: &settings, tt: &tt, control: &control };
        let o = search(&p, &Zero, cx, &mut Silent);
        assert_eq!(o.score, exact, "{p:?}");
    }
}
