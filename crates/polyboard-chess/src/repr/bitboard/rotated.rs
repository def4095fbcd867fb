//! `rotated`: Robert Hyatt's rotated bitboards (Crafty).
//!
//! # Technique
//!
//! A sliding piece's attacks along one line depend only on which squares of that line
//! are occupied. On the ordinary board a rank is eight consecutive bits, so a shift
//! and a mask give its occupancy state, and a table indexed by square and state
//! gives the attacks. Files and diagonals are not contiguous, so the occupancy is
//! kept three more times with the squares renumbered such that each of those lines
//! is contiguous too:
//!
//! - `occ[RANK]`: the ordinary board, square `8 * rank + file`; ranks are contiguous.
//! - `occ[FILE]`: "rotated 90": square (file, rank) is bit `8 * file + rank`; files
//!   are contiguous (strictly a transposition, which is what the rotation is for).
//! - `occ[DIAG]`: "rotated 45", a1h8 diagonals (file - rank constant) one after the
//!   other, from the one-square a8 diagonal up to the one-square h1 diagonal, each in
//!   order of rising rank.
//! - `occ[ANTI]`: "rotated 45" the other way, h1a8 diagonals (file + rank constant)
//!   from a1 to h8, each in order of rising rank.
//!
//! All four are updated incrementally by make and unmake: every square that empties or
//! fills XORs its bit into each of them (`ROTATED_BITS` holds the four bits of each
//! square). A lookup extracts only the inner squares of the line (the end squares
//! are attacked whether or not they are occupied), so a state is at most 6 bits: for
//! a square and line kind, `state = (occ[kind] >> shift) & mask`, and
//! `ATTACKS[sq][kind][state]` is the attack set in ordinary coordinates. Rook =
//! rank | file, bishop = a1h8 | h1a8. The rotation maps and the 128 KiB of tables are
//! computed by `const fn` at compile time.
//!
//! Attacks against a changed occupancy (the king lifted for its own steps, king and
//! rook lifted for castling, the two pawns of an en passant capture) flip the same
//! squares in a local copy of the four boards.
//!
//! The skeleton asks for attacks under an arbitrary occupancy too (static exchange
//! lifts pieces one by one): the squares where it differs from the board's are
//! flipped in a local copy the same way ([`Occupancy::changed_to`]).
//!
//! Knight, king and pawn attacks and the `between` squares of two aligned squares
//! come from [`crate::attacks`] (through [`super::Tables`]). Move generation, make
//! and unmake are the family's skeleton ([`super`]); make and unmake call
//! [`Pieces::flip`] for every square that empties or fills.
//!
//! # Layout (128 bytes)
//!
//! The pieces, [`RotatedPieces`], in the family's [`super::Bitboards`] (whose other
//! fields the module [`super`] gives bit by bit):
//!
//! ```text
//! sets  Sets<u64>  by_role [u64; 6] and by_color [u64; 2], as in `magic`           64 bytes
//! occ   [u64; 4]   occupied: ordinary, rotated 90, rotated 45 a1h8, 45 h1a8         32
//! ```
//!
//! Bit i of the sets and of `occ[RANK]` is square i (a1 = 0, h8 = 63); the other
//! three boards number the squares as above.

use super::{Occupancy, Pieces, Sets, View, attacks_on_line};
use crate::board::PieceSets;

/// Line kinds, which are also the indices of the four occupancy boards.
const RANK: usize = 0;
const FILE: usize = 1;
const DIAG: usize = 2;
const ANTI: usize = 3;

/// Where a square lies on its line of one kind: the line's first square (file,
/// rank), the step along it, the square's position on it, the line's length and the
/// bit of the line's first square in that kind's board.
#[derive(Clone, Copy)]
struct Place {
    first: (i32, i32),
    step: (i32, i32),
    pos: u32,
    len: u32,
    start: u32,
}

/// Length of the a1h8 (or h1a8) diagonal number `d` (0..15), in the order stored.
const fn diagonal_len(d: u32) -> u32 {
    if d < 8 { d + 1 } else { 15 - d }
}

/// The first bit of diagonal `d` in a 45-degree board: the lengths of those before it.
const fn diagonal_start(d: u32) -> u32 {
    let mut s = 0;
    let mut i = 0;
    while i < d {
        s += diagonal_len(i);
        i += 1;
    }
    s
}

const fn place(kind: usize, sq: usize) -> Place {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    match kind {
        RANK => Place { first: (0, r), step: (1, 0), pos: f as u32, len: 8, start: 8 * r as u32 },
        FILE => Place { first: (f, 0), step: (0, 1), pos: r as u32, len: 8, start: 8 * f as u32 },
        DIAG => {
            // Number the a1h8 diagonals from a8 (file - rank = -7) to h1 (+7).
            let d = (f - r + 7) as u32;
            let m = if f < r { f } else { r };
            Place { first: (f - m, r - m), step: (1, 1), pos: m as u32, len: diagonal_len(d), start: diagonal_start(d) }
        }
        _ => {
            // h1a8 diagonals from a1 (file + rank = 0) to h8 (14), each by rising rank.
            let d = (f + r) as u32;
            let r0 = if f + r > 7 { f + r - 7 } else { 0 };
            Place {
                first: (f + r - r0, r0),
                step: (-1, 1),
                pos: (r - r0) as u32,
                len: diagonal_len(d),
                start: diagonal_start(d),
            }
        }
    }
}

const fn build_rotated_bits() -> [[u64; 4]; 64] {
    let mut t = [[0u64; 4]; 64];
    let mut i = 0;
    while i < 256 {
        let (sq, kind) = (i / 4, i % 4);
        let p = place(kind, sq);
        t[sq][kind] = 1u64 << (p.start + p.pos);
        i += 1;
    }
    t
}

/// `ROTATED_BITS[sq][kind]`: the bit of square `sq` in the occupancy board of `kind`.
static ROTATED_BITS: [[u64; 4]; 64] = build_rotated_bits();

/// How to extract a line's inner occupancy: `(board >> shift) & mask`.
#[derive(Clone, Copy)]
struct Extract {
    shift: u8,
    mask: u8,
}

const fn build_extract() -> [[Extract; 4]; 64] {
    let mut t = [[Extract { shift: 0, mask: 0 }; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut kind = 0;
        while kind < 4 {
            let p = place(kind, sq);
            // Lines of one or two squares have no inner squares: state 0 always.
            t[sq][kind] = if p.len >= 3 {
                Extract { shift: (p.start + 1) as u8, mask: ((1u32 << (p.len - 2)) - 1) as u8 }
            } else {
                Extract { shift: 0, mask: 0 }
            };
            kind += 1;
        }
        sq += 1;
    }
    t
}

static EXTRACT: [[Extract; 4]; 64] = build_extract();

const fn build_attacks() -> [[[u64; 64]; 4]; 64] {
    let mut t = [[[0u64; 64]; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut kind = 0;
        while kind < 4 {
            let p = place(kind, sq);
            let mut state = 0u32;
            while state < 64 {
                // Bit i - 1 of `state` is the occupancy of inner square i of the line.
                let on_line = attacks_on_line(p.pos, state << 1, p.len);
                let mut att = 0u64;
                let mut i = 0;
                while i < p.len {
                    if (on_line >> i) & 1 != 0 {
                        att |= 1u64 << ((p.first.1 + p.step.1 * i as i32) * 8 + p.first.0 + p.step.0 * i as i32);
                    }
                    i += 1;
                }
                t[sq][kind][state as usize] = att;
                state += 1;
            }
            kind += 1;
        }
        sq += 1;
    }
    t
}

/// `ATTACKS[sq][kind][state]`: the attacks along the line of `kind` through `sq` when
/// its inner squares are occupied as the bits of `state` say (ordinary coordinates).
/// One square's four line tables are 2 KiB together.
static ATTACKS: [[[u64; 64]; 4]; 64] = build_attacks();

/// The four occupancy boards, indexed by line kind.
type Boards = [u64; 4];

/// Attacks along the line of `kind` through `s`, looked up by the line's state.
#[inline(always)]
fn line_attacks(s: usize, kind: usize, occ: &Boards) -> u64 {
    let s = s & 63;
    let e = EXTRACT[s][kind];
    ATTACKS[s][kind][((occ[kind] >> e.shift) & e.mask as u64) as usize]
}

/// Rook attacks from `s`: the rank from the ordinary board, the file from the 90 board.
#[inline(always)]
fn rook_attacks(s: usize, occ: &Boards) -> u64 {
    line_attacks(s, RANK, occ) | line_attacks(s, FILE, occ)
}

/// Bishop attacks from `s`: one diagonal from each 45 board.
#[inline(always)]
fn bishop_attacks(s: usize, occ: &Boards) -> u64 {
    line_attacks(s, DIAG, occ) | line_attacks(s, ANTI, occ)
}

/// `occ` with square `s` flipped in all four boards.
#[inline(always)]
fn flipped(mut occ: Boards, s: usize) -> Boards {
    for (board, bit) in occ.iter_mut().zip(ROTATED_BITS[s & 63]) {
        *board ^= bit;
    }
    occ
}

/// The occupancy flipped square by square in all four boards.
impl Occupancy<u64> for Boards {
    #[inline(always)]
    fn flip(self, sq: usize) -> Boards {
        flipped(self, sq)
    }
    /// These boards with every square where `occ` differs from them flipped.
    #[inline]
    fn changed_to(self, occ: u64) -> Boards {
        let mut boards = self;
        let mut diff = occ ^ self[RANK];
        while diff != 0 {
            boards = flipped(boards, diff.trailing_zeros() as usize);
            diff &= diff - 1;
        }
        boards
    }
}

/// The pieces of `rotated`: the role and colour sets, and the occupancy in four
/// orientations, kept up to date by make and unmake.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RotatedPieces {
    sets: Sets<u64>,
    /// The four boards (see the module's layout).
    occ: Boards,
}

impl Pieces for RotatedPieces {
    type BB = u64;
    type Occ = Boards;

    fn new(by_role: &[u64; 6], by_color: &[u64; 2]) -> Self {
        let mut occ = [0; 4];
        let mut all = by_color[0] | by_color[1];
        while all != 0 {
            occ = flipped(occ, all.trailing_zeros() as usize);
            all &= all - 1;
        }
        RotatedPieces { sets: Sets::new(by_role, by_color), occ }
    }
    #[inline(always)]
    fn view(&self) -> View<u64> {
        View { occ: self.occ[RANK], ..self.sets.view() }
    }
    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.occ[RANK]
    }
    #[inline(always)]
    fn occupancy(&self) -> Boards {
        self.occ
    }
    #[inline(always)]
    fn role_on(&self, sq: usize) -> usize {
        self.sets.role_on(sq)
    }
    #[inline(always)]
    fn code_on(&self, sq: usize) -> usize {
        self.sets.code_on(sq)
    }
    #[inline(always)]
    fn toggle(&mut self, color: usize, role: usize, bits: u64) {
        self.sets.toggle(color, role, bits)
    }
    #[inline(always)]
    fn retype(&mut self, color: usize, from: usize, to: usize, sq: usize) {
        self.sets.retype(color, from, to, sq)
    }
    #[inline(always)]
    fn flip(&mut self, sq: usize) {
        self.occ = flipped(self.occ, sq);
    }
    fn piece_sets(&self) -> PieceSets {
        self.sets.piece_sets()
    }
}

technique! {
    /// The technique of `rotated`: line states read from the rotated occupancies.
    struct RotatedLookup;
    /// Rotated bitboards: the `rotated` representation.
    type Rotated;
    "rotated", u64, RotatedPieces, |s, o| rook_attacks(s, &o), |s, o| bishop_attacks(s, &o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::board::Board;
    use polyboard_core::perft::{MakeUnmake, PerftNode};

    /// The four boards of an ordinary occupancy, built square by square.
    fn rotate(occ: u64) -> Boards {
        let mut o = [0; 4];
        for s in 0..64 {
            if occ & (1u64 << s) != 0 {
                o = flipped(o, s);
            }
        }
        o
    }

    #[test]
    fn rotation_maps_are_permutations_with_contiguous_lines() {
        for kind in 0..4 {
            let all = ROTATED_BITS.iter().enumerate().fold(0u64, |acc, (s, bits)| {
                assert_eq!(acc & bits[kind], 0, "kind {kind} square {s} collides");
                acc | bits[kind]
            });
            assert_eq!(all, u64::MAX);
        }
        assert_eq!(ROTATED_BITS[0][RANK], 1);
        // b1 is bit 8 of the 90 board (file b first, then rank 1).
        assert_eq!(ROTATED_BITS[1][FILE], 1 << 8);
        // a8 is the first a1h8 diagonal, h1 the last; a1 the first h1a8 diagonal, h8 the last.
        assert_eq!(ROTATED_BITS[56][DIAG], 1);
        assert_eq!(ROTATED_BITS[7][DIAG], 1 << 63);
        assert_eq!(ROTATED_BITS[0][ANTI], 1);
        assert_eq!(ROTATED_BITS[63][ANTI], 1 << 63);
    }

    #[test]
    fn make_and_unmake_keep_the_rotated_boards() {
        let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
        let b = Rotated::from_position(&pos);
        for mv in b.legal_moves() {
            let mut c = b;
            let undo = c.make(mv);
            assert_eq!(c.pieces.occ, rotate(c.pieces.sets.occupied()), "{mv:?}");
            for reply in c.legal_moves() {
                let mut d = c;
                d.apply(reply);
                assert_eq!(d.pieces.occ, rotate(d.pieces.sets.occupied()), "{mv:?} {reply:?}");
            }
            c.unmake(mv, undo);
            assert_eq!(c, b);
        }
    }
}
