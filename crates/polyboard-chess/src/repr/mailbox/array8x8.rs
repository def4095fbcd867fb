//! `array8x8`: a 64-element array of pieces, the survey's naive baseline.
//!
//! # Technique
//!
//! The board is a plain array of 64 piece codes, a1 = 0 ... h8 = 63, as in the
//! survey's "8x8 two-dimensional array (or, equivalently, a 64 element one-dimensional
//! array)". There is nothing around the board: every step of every piece works on a
//! (file, rank) pair and checks that both are still in 0..8 before it looks at the
//! array ("each move has to be checked to ensure it is on the board"). A step is an
//! index offset (±1 a file, ±8 a rank), whose file part, in -2..=2, and rank part are
//! read back from the offset for that check. There are no piece lists either: the generator finds the
//! pieces of the side to move by scanning the 64 squares. Only the two king squares
//! are kept (in the family's common fields).
//!
//! It is the floor the other representations are measured against, so it is written
//! to be fair, not slow: the family's legal, counting generator.
//!
//! The attack query walks out from the square: the eight rays (each step bounds-checked;
//! the first piece on a ray attacks if it is an enemy slider of that ray's kind, or the
//! enemy king one step away), and the knight and pawn squares around it. Run at the
//! king, the same walks find the checkers and, going on past a first piece of our own
//! to an enemy slider of the ray's kind, the pinned pieces.
//!
//! # Layout (96 bytes)
//!
//! ```text
//! board:    [u8; 64]      square a1 = 0 ... h8 = 63. Per square: 0 empty, else colour | kind:
//!                           bits 0-2 kind: 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king
//!                           bit 3 white (8), bit 4 black (16)
//! ...       the fields of `Mailboxes` after the cells, bit by bit there; its king,
//!           en passant and castling-rook squares are squares 0..64
//! ```

use super::{
    BISHOP, BLACK, CellAccess, Cells, EMPTY, Geometry, KIND, KING, KNIGHT, Lines, Mailboxes, OFF, PAWN, QUEEN, ROOK,
    Technique, Visit, WHITE,
};
use crate::types::Square;

/// The 64 cells of `array8x8`, and nothing beside them.
pub type Cells8x8 = Cells<64, (), ()>;

/// The 64-square array: the `array8x8` representation.
pub type Array8x8 = Mailboxes<Cells8x8>;

/// A step as (index offset, file part in -2..=2, rank part), for the attack query's
/// loops: they are not unrolled, so the parts would be worked out at every step.
type Parts = (i8, i8, i8);

/// The knight's jumps, with their parts.
const KNIGHT_PARTS: [Parts; 8] =
    [(-17, -1, -2), (-15, 1, -2), (-10, -2, -1), (-6, 2, -1), (6, -2, 1), (10, 2, 1), (15, -1, 2), (17, 1, 2)];

/// The rays, with their parts, and the slider kind that attacks along them.
const RAYS: [([Parts; 4], u8); 2] = [
    ([(-8, 0, -1), (-1, -1, 0), (1, 1, 0), (8, 0, 1)], ROOK),
    ([(-9, -1, -1), (-7, 1, -1), (7, -1, 1), (9, 1, 1)], BISHOP),
];

/// One step of `parts` from `s`: [`Geometry::step`] with the offset's parts given.
#[inline(always)]
fn step_by(view: impl Fn(u8) -> u8, s: u8, (d, df, dr): Parts) -> (u8, u8) {
    let f = (s & 7).wrapping_add(df as u8);
    let r = (s >> 3).wrapping_add(dr as u8);
    let t = s.wrapping_add(d as u8);
    if f | r < 8 { (t, view(t)) } else { (t, OFF) }
}

impl Geometry for Cells8x8 {
    const NAME: &'static str = "array8x8";
    const A1: u8 = 0;
    const UP: i8 = 8;
    const EMPTY: Self = Cells { board: [EMPTY; 64], slots: (), lists: () };

    #[inline(always)]
    fn index(sq: Square) -> u8 {
        sq.index() as u8
    }

    #[inline(always)]
    fn square(s: u8) -> Square {
        Square::from_index(s as u32)
    }

    /// The file and rank bounds check: the offset's file part `df` (in -2..=2) and rank
    /// part `dr` are added to the square's file and rank, and both must stay in 0..8.
    #[inline(always)]
    fn step(view: impl Fn(u8) -> u8, s: u8, d: i8) -> (u8, u8) {
        let df = ((d + 2) & 7) - 2;
        step_by(view, s, (d, df, (d - df) >> 3))
    }
}

impl Technique for Cells8x8 {
    /// By square.
    type Pins = [i8; 64];

    #[inline(always)]
    fn place(&mut self, _side: usize, _s: u8, _kind: usize) {}

    #[inline(always)]
    fn lift(&mut self, _side: usize, _s: u8, _kind: usize) {}

    #[inline(always)]
    fn shift(&mut self, _side: usize, _from: u8, _to: u8) {}

    /// The rays, knight squares and pawn squares around `t` are looked at. Kept out of
    /// line: inlined at each king step, it made the generator slower.
    #[inline(never)]
    fn attacked<const W: bool>(&self, _kings: &[u8; 2], view: impl Fn(u8) -> u8 + Copy, t: u8) -> bool {
        Self::attackers_by(if W { BLACK } else { WHITE }, view, t, |_| true)
    }

    /// The eight rays walked out from the king; knight and pawn checks read off the
    /// squares around it.
    #[inline(always)]
    fn king_lines<const W: bool>(&self, kings: &[u8; 2]) -> Lines<[i8; 64]> {
        let (own, enemy) = if W { (WHITE, BLACK) } else { (BLACK, WHITE) };
        let k = kings[if W { 0 } else { 1 }];
        let at = |x| self.at(x);
        let mut lines = Lines::pawn_checks::<Self, W>(self, k, [0; 64]);
        for d in KNIGHT_PARTS {
            let (p, c) = step_by(at, k, d);
            if c == enemy | KNIGHT {
                lines.check(p, -d.0);
            }
        }
        for (dirs, slider) in RAYS {
            for d in dirs {
                let mut x = k;
                let mut ours = None;
                loop {
                    let (t, c) = step_by(at, x, d);
                    x = t;
                    if c == EMPTY {
                        continue;
                    }
                    let attacker = c == enemy | slider || c == enemy | QUEEN;
                    match ours {
                        None if c & own != 0 => ours = Some(t),
                        None => {
                            if attacker {
                                lines.check(t, -d.0);
                            }
                            break;
                        }
                        Some(p) => {
                            if attacker {
                                lines.pins[(p & 63) as usize] = d.0;
                            }
                            break;
                        }
                    }
                }
            }
        }
        lines
    }

    /// A scan of the 64 squares.
    #[inline(always)]
    fn each_piece<const W: bool, V: Visit>(&self, pins: &[i8; 64], v: &mut V) {
        let own = if W { WHITE } else { BLACK };
        for s in 0..64u8 {
            let c = self.at(s);
            if c & own != 0 {
                v.piece(c & KIND, s, pins[s as usize]);
            }
        }
    }

    /// The rays walked out from `t` over a board on which the squares off `occ` are
    /// empty, and the knight, king and pawn squares around it.
    fn attackers(&self, _kings: &[u8; 2], t: u8, occ: u64) -> u64 {
        let view = |x: u8| if occ >> (x & 63) & 1 != 0 { self.at(x) } else { EMPTY };
        let mut set = 0u64;
        for color in [WHITE, BLACK] {
            Self::attackers_by(color, view, t, |x| {
                set |= 1 << (x & 63);
                false
            });
        }
        set
    }
}

impl Cells8x8 {
    /// Looks for the pieces of `color` that attack `t` in `view`, calling `hit` with
    /// each one's square until it returns true; returns whether it did. The pawn and
    /// knight squares around `t` are read, and the eight rays walked out from it: the
    /// first piece on a ray attacks if it is a slider of that ray's kind, or the king
    /// one step away.
    #[inline(always)]
    fn attackers_by(color: u8, view: impl Fn(u8) -> u8 + Copy, t: u8, mut hit: impl FnMut(u8) -> bool) -> bool {
        let up = if color == WHITE { -Self::UP } else { Self::UP };
        let mut found = |(x, c): (u8, u8), code: u8| c == color | code && hit(x);
        if found(Self::step(view, t, up - 1), PAWN) || found(Self::step(view, t, up + 1), PAWN) {
            return true;
        }
        if KNIGHT_PARTS.into_iter().any(|d| found(step_by(view, t, d), KNIGHT)) {
            return true;
        }
        for (dirs, slider) in RAYS {
            for d in dirs {
                let (mut x, mut c) = step_by(view, t, d);
                if found((x, c), KING) {
                    return true;
                }
                while c == EMPTY {
                    (x, c) = step_by(view, x, d);
                }
                if found((x, c), slider) || found((x, c), QUEEN) {
                    return true;
                }
            }
        }
        false
    }
}
