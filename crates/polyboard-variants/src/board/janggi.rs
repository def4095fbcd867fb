//! Janggi's rules, each a `variants.ini` key any variant can use: passing (`pass`), the
//! bikjang rule (`bikjangRule`), the game ends that count material (`materialCounting =
//! janggi | unweighted`), the janggi cannon (`janggiCannon`: no janggi cannon screens for
//! it or is taken by it) and the palace's `diagonalLines` hops (the diagonal steps and
//! rides are plain table entries, see [`crate::tables`]).
//!
//! As in Fairy-Stockfish, a pass is the king's move to its own square (`e2e2`); two passes
//! in a row, or a bikjang that the side to move left standing (by passing), end the game,
//! scored by material counting where the variant has it and drawn otherwise.

use super::{Board, Moves, Node, Part};
use crate::bits::Bits;
use crate::moves::Move;
use crate::rules::{MaterialCounting, Value};

impl<B: Bits> Board<'_, B> {
    /// The history bits after `mv` (see [`Board::jstate`]), read before it is played.
    #[inline(never)]
    pub(super) fn next_jstate(&self, mv: Move) -> u8 {
        let bikjang = self.t.rules.bikjang && self.kings_facing();
        u8::from(mv.is_pass()) | (self.jstate & 1) << 1 | u8::from(bikjang) << 2
    }

    /// True when the two kings (one royal piece a side) see each other along a file or
    /// a rank with nothing between: a bikjang under `bikjangRule`.
    pub fn kings_facing(&self) -> bool {
        let (w, b) = (self.royal & self.by_color[0], self.royal & self.by_color[1]);
        if w.is_empty() || b.is_empty() {
            return false;
        }
        let files = self.t.rules.files;
        let (lo, hi) = (w.lsb().min(b.lsb()), w.lsb().max(b.lsb()));
        let step = if lo % files == hi % files {
            files
        } else if lo / files == hi / files {
            1
        } else {
            return false;
        };
        let occ = self.occupied();
        (lo + step..hi).step_by(step).all(|s| !occ.has(s))
    }

    /// The game end of two passes in a row, or of a bikjang that survived a move.
    #[inline(never)]
    pub(super) fn janggi_end(&self) -> Option<Value> {
        let passes = self.jstate & 3 == 3;
        let bikjang = self.t.rules.bikjang && self.jstate & 4 != 0 && self.kings_facing();
        (passes || bikjang).then(|| self.counted_draw())
    }

    /// A game end that is drawn unless the variant counts material
    /// (`materialCounting = janggi | unweighted`): then the count's result for the side to
    /// move.
    pub fn counted_draw(&self) -> Value {
        self.material_result().unwrap_or(Value::Draw)
    }

    /// The result of `materialCounting` for the side to move, `None` without it. Janggi:
    /// chariot 13, cannon 7, horse 5, elephant 3, advisor 3, soldier 2 points, White
    /// (the first player) wins with a lead of more than 1.5 (Black's bonus); unweighted:
    /// more pieces wins, equal counts draw.
    pub fn material_result(&self) -> Option<Value> {
        let r = &self.t.rules;
        let diff = |ty: usize| self.pieces(ty, 0).popcount() as i32 - self.pieces(ty, 1).popcount() as i32;
        let white = match r.material_counting? {
            MaterialCounting::Janggi => {
                let points = |name: &str| match name {
                    "rook" => 13,
                    "janggiCannon" => 7,
                    "horse" => 5,
                    "janggiElephant" | "wazir" => 3,
                    "soldier" => 2,
                    _ => 0,
                };
                let count: i32 = r
                    .pieces
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.base.is_none())
                    .map(|(ty, p)| points(&p.name) * diff(ty))
                    .sum();
                if count - 1 > 0 { Value::Win } else { Value::Loss }
            }
            MaterialCounting::Unweighted => match self.by_color[0].popcount().cmp(&self.by_color[1].popcount()) {
                core::cmp::Ordering::Greater => Value::Win,
                core::cmp::Ordering::Less => Value::Loss,
                core::cmp::Ordering::Equal => Value::Draw,
            },
        };
        Some(if self.side == 0 { white } else { white.reversed() })
    }

    /// In a bikjang (`bikjangRule`) the side to move must separate the kings or pass
    /// (a pass is legal there even in check): the legal moves of `n.part`, and true.
    /// False (nothing emitted) when the kings do not face each other.
    #[inline(never)]
    pub(super) fn janggi_first(&self, n: &Node<B>, out: &mut Moves) -> bool {
        if !self.t.rules.bikjang || !self.kings_facing() {
            return false;
        }
        let mut all = Moves::new();
        self.generate_as::<true>(&mut all, Part::All, Some(n.in_check));
        for &mv in all.iter() {
            if mv.is_pass() || !self.play(mv).kings_facing() {
                self.push(n, mv, false, out);
            }
        }
        true
    }

    /// The pass of `pass`: the king's move to its own square (or, without a king, the
    /// first piece's), not while in check except in a bikjang.
    #[inline(never)]
    pub(super) fn pass_move(&self, n: &Node<B>, out: &mut Moves) {
        if self.t.rules.pass[n.us] {
            self.push_pass(n, out);
        }
    }

    /// `passOnStalemate` (without `pass`): called when `n.part`'s moves are none, the
    /// pass when the side has no other legal move at all.
    #[inline(never)]
    pub(super) fn stalemate_pass(&self, n: &Node<B>, out: &mut Moves) {
        let r = &self.t.rules;
        if r.pass[n.us] || !r.pass_on_stalemate[n.us] || n.part == Part::Noisy {
            return;
        }
        if n.part == Part::Quiet {
            let mut noisy = Moves::new();
            self.generate_as::<true>(&mut noisy, Part::Noisy, Some(n.in_check));
            if !noisy.is_empty() {
                return;
            }
        }
        self.push_pass(n, out);
    }

    fn push_pass(&self, n: &Node<B>, out: &mut Moves) {
        let r = &self.t.rules;
        let own = self.by_color[n.us];
        let kings = self.royal & own;
        let from = if !kings.is_empty() {
            kings.lsb()
        } else if !own.is_empty() {
            own.lsb()
        } else {
            return;
        };
        if n.in_check && !(r.bikjang && self.kings_facing()) {
            return;
        }
        let ty = self.type_on(from);
        self.push(n, Move(0).with_pickup(from).with_drop(from, ty), false, out);
    }

    /// The janggi cannons after `mv` (for the attack test of a move not yet played).
    #[inline(never)]
    pub(super) fn cannons_after(&self, mv: Move) -> B {
        let jc = self.t.jcannons;
        let mut cannons = self.of_types(jc);
        for i in 0..mv.pickups() {
            cannons &= !B::bit(mv.pickup(i));
        }
        for i in 0..mv.drops() {
            let (sq, ty) = mv.drop(i);
            if jc >> ty & 1 != 0 {
                cannons |= B::bit(sq);
            }
        }
        cannons
    }

    /// A janggi cannon's ride along `dir` from `from`: over the first piece, which may
    /// not be a janggi cannon, to the squares beyond up to and including the next piece,
    /// janggi cannons left out.
    #[inline]
    pub(super) fn janggi_cannon_ride(&self, dir: usize, from: usize, occ: B) -> B {
        let t = self.t;
        let cannons = self.of_types(t.jcannons);
        match t.first_blocker(dir, from, occ) {
            Some(screen) if !cannons.has(screen) => t.ray_to_blocker(dir, screen, occ) & !cannons,
            _ => B::EMPTY,
        }
    }

    /// The `diagonalLines` hops of the janggi cannon `tc` (type * 2 + colour) on `from`:
    /// over exactly one piece that is not a janggi cannon, onto a square of the lines
    /// that holds no janggi cannon (the targets, empty or not).
    #[inline(never)]
    pub(super) fn diagonal_hops(&self, tc: usize, from: usize, occ: B) -> B {
        let t = self.t;
        let cannons = self.of_types(t.jcannons);
        let mut out = B::EMPTY;
        for &(to, between) in &t.jhops[tc * t.nsq + from] {
            let screen = between & occ;
            if screen.popcount() == 1 && (screen & cannons).is_empty() && !cannons.has(to as usize) {
                out |= B::bit(to as usize);
            }
        }
        out
    }

    /// True when a janggi cannon of `theirs` (colour `by`) attacks `sq` by a
    /// `diagonalLines` hop under `occ`, with `cannons` the janggi cannons (the board's when
    /// `None`).
    #[inline(never)]
    pub(super) fn diagonal_hop_attack(&self, sq: usize, by: usize, occ: B, theirs: B, cannons: Option<B>) -> bool {
        let t = self.t;
        let cannons = cannons.unwrap_or_else(|| self.of_types(t.jcannons));
        let pieces = cannons & theirs;
        t.rev_jhop[by * t.nsq + sq].iter().any(|&(src, between)| {
            let screen = between & occ;
            pieces.has(src as usize) && screen.popcount() == 1 && (screen & cannons).is_empty()
        })
    }
}
