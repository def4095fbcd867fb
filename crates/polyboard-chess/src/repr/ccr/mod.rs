//! `ccr`: the Compact Chessboard Representation of Vučković, "An alternative efficient
//! chessboard representation based on 4-bit piece coding" (Yugoslav Journal of
//! Operations Research 22 (2012) 265-284), implemented as the paper specifies it.
//!
//! # The board: eight `u32` ranks (sections 4.1, 4.2)
//!
//! Every square holds the 4-bit code of Table 1: [`EMPTY`] `0000b`, white [`PAWN`],
//! [`KNIGHT`], [`BISHOP`], [`ROOK`], [`QUEEN`], [`KING`] `0001b`..`0110b`, and the
//! black pieces the same with the colour bit [`BLACK`] set (`1001b`..`1110b`). A rank
//! is one 32-bit register and the board is 32 bytes (`CCR: array [0..7] of
//! cardinal`). The layout is the paper's, checked against its worked examples in the
//! tests: element `d` is rank `8 - d` (rank 8 first; the paper's byte offset `+4d`),
//! and nibble `n` (bits `4n..4n+3`) is file `7 - n`, the a-file in the top nibble.
//!
//! ```text
//!             bits 31-28  27-24  23-20  19-16  15-12  11-8   7-4    3-0
//! ranks[0]         a8     b8     c8     d8     e8     f8     g8     h8
//! ranks[1]         a7     ...                                       h7
//!   ...
//! ranks[7]         a1     b1     c1     d1     e1     f1     g1     h1
//! ```
//!
//! Figure 1 of the paper (black king e8; white knight g4, pawn e3, rook a2, bishop
//! c2, king e2) is `CCR = (57344, 0, 0, 0, 32, 4096, 1076912128, 0)`, that is
//! `0000E000h` for the black king on e8 and `40306000h` for rank 2. The internal
//! square index `i = 8d + n` is polyboard's square `63 - i` (a1 = 0), so the only
//! conversion, at the boundary ([`Board::from_position`], [`Board::to_position`] and
//! the squares of a [`Move`]), is `i ^ 63`.
//!
//! # Memory layout of [`Ccr`]: 56 bytes
//!
//! | field | type | bytes | meaning |
//! | --- | --- | --- | --- |
//! | `ranks` | `[u32; 8]` | 32 | the CCR above |
//! | `zobrist` | `u64` | 8 | polyboard's Zobrist key, kept incrementally (for cross-checking every representation; the CCR key of section 5.4 is computed on demand) |
//! | `halfmove` | `u32` | 4 | halfmove clock |
//! | `fullmove` | `u32` | 4 | fullmove number |
//! | `castling` | `u16` | 2 | rights by rook file: bit `f` for White's rook on file `f` of rank 1, bit `8 + f` for Black's on rank 8 (Chess960-ready) |
//! | `kings` | `[u8; 2]` | 2 | internal index of the white and the black king |
//! | `ep` | `u8` | 1 | file of the en passant square (its rank follows from the side to move), 8 for none; kept only when a legal capture exists |
//! | `turn` | `Color` | 1 | side to move |
//! | `chess960` | `bool` | 1 | Chess960 flag (notation only) |
//!
//! 55 bytes of fields, padded to 56 (alignment 8). The state beyond the paper's 32
//! bytes is what a game needs (side, castling, en passant, clocks), the key every
//! polyboard representation keeps, and the two king squares, cached so that the
//! king is not searched for at every node.
//!
//! Per node the generator derives more tables in the same nibble layout, as section
//! 4.4 describes ("every new symmetric data structure adds 4 bits at every square"),
//! on the stack and never stored: the opponent's attack table, and `1111b` masks of
//! own pieces, occupied squares, legal targets and captures, and pinned pieces (each
//! pinned piece's nibble holds the id of the line it is pinned on).
//!
//! # Move generation (sections 4.3 and 5.1)
//!
//! Section 5.1's two loops: the outer over the ranks (displacements), the inner over
//! the nibbles of a rank, with one call through a jump table indexed by the 4-bit code
//! (`Gen::JUMP`, an array of 16 function pointers; entries other than the mover's
//! pieces are a no-op). Empty squares and the opponent's pieces are skipped with a bit
//! scan over the rank's own-piece markers (section 5.2: "BSF ... then AND 1111b").
//! Each handler works as section 4.3 does: a square is a displacement (rank element)
//! and a mask (`1111b` shifted to the nibble); a vertical step changes the
//! displacement, a horizontal step shifts the mask by 4, and the edges need no test
//! but the displacement's range (a mask shifted past the rank's edge is zero). A target
//! is free when `CCR[d] and MASK = 0`. Knights and kings test their eight (displacement,
//! shift) pairs (Table 3); pawns step, double-step and capture one nibble aside.
//! Sliders run the paper's loops, with the multi-mask speed-up it proposes for attacks:
//! one loop per vertical direction carries the masks of the two diagonals and the file
//! together, each dropped at its first piece; rank moves are one step on the rank's
//! nibble markers (the first blocker on each side found with a bit scan).
//!
//! # Legality from the attack tables (section 4.4)
//!
//! The paper generates pseudo-legal moves; perft counts legal ones, so each node
//! first builds the opponent's attack table (`WHITE_ATTACKS` or `BLACK_ATTACKS`, the
//! paper's attacker bits: pawn `1000b`, knight/bishop `0100b`, rook `0010b`,
//! queen/king `0001b`; see [`Ccr::attacks`]) with the mover's king lifted off, so that
//! a king cannot step back along a checking line. Then:
//! - check: the king's nibble in that table is not zero;
//! - king moves: a target is legal when its nibble in the table is zero;
//! - castling (standard and Chess960): the squares between king, rook and their
//!   targets must be empty but for the two (one AND on the back rank), the king's path
//!   must read zero in the table (one AND), and no rook or queen of the opponent may
//!   stand behind the castling rook on the rank (lifting the rook would let it attack
//!   the path);
//! - pins: a scan from the king along the eight lines (displacement and mask steps on
//!   the CCR) finds an own piece followed by an opponent's slider of that line's kind.
//!   The scan continues past an own piece only when the attack table shows a slider
//!   of that kind attacking it. A pinned piece moves only along its line;
//! - check evasions: when in check, the same scan (and the knight and pawn squares)
//!   gives the checkers; with one, non-king moves must land on the checking ray or the
//!   checker (a `1111b` mask ANDed into the targets); with two, only the king moves;
//! - en passant (rare) is made on a copy of the CCR and kept when the recomputed
//!   attack table leaves the king unattacked; after a double push the en passant
//!   square is stored only if such a legal capture exists.
//!
//! Bulk counting ([`PerftNode::count_moves`]) runs the same generator into a counter:
//! every target mask is counted with a popcount, no move is built. Make and unmake
//! rewrite two or three nibbles and update the Zobrist key and the rights; unmake
//! restores the captured code from [`Undo`].
//!
//! # The key without Zobrist tables (section 5.4): measured
//!
//! [`Ccr::ccr_hash`] folds the eight ranks and a state word (side, castling, en
//! passant) into 64 bits by rotations by prime numbers and XOR (the paper names only
//! "prime numbers as a rotation base"; see the `hash` module). Measured by the ignored
//! test `ccr_hash_collision_rates` on 2,838,521 distinct positions (board, side,
//! castling, en passant: every position of the 126-position suite's trees to depth 4),
//! counting the keys that repeat an earlier key, with the crate's Zobrist key cut to
//! the same widths:
//!
//! | key bits | random key (expected) | Zobrist | CCR key | CCR key, all rotations 7 |
//! | --- | --- | --- | --- | --- |
//! | 64 | 0.0 | 0 | 37,290 (1.3 %) | 117,347 (4.1 %) |
//! | 48 | 0.0 | 0 | 1,352,466 | 1,568,413 |
//! | 40 | 3.7 | 3 | 2,015,744 | 2,054,149 |
//! | 32 | 937.8 | 967 | 2,402,903 | 2,450,807 |
//! | 24 | 227,135 | 228,848 | 2,668,289 | 2,691,021 |
//!
//! Zobrist behaves like a random key at every width. The CCR key does not: it is a
//! linear map in which every board bit lands on exactly one key bit (four board bits
//! per key bit), so two positions collide whenever their differences cancel bit for
//! bit, e.g. the boards `r7/8/4K3/8/5k2/7r/8/7R` and `r6r/4K3/8/8/5k2/8/8/7R` both
//! hash to 0. The paper's "without collisions" does not hold on perft trees, whose
//! positions differ by few pieces. A bijective mixer after the fold (the test prints
//! this column too) leaves the 64-bit collisions as they are but makes the truncated
//! keys behave (38,179 repeats at 32 bits instead of 2.4 million), which matters for
//! a transposition table indexed by low bits.
//!
//! # Conversion to bitboards (section 5.5)
//!
//! [`ccr_to_bitboards`] is the paper's branch-free procedure (`adr := rank and 1111b;
//! bitboards[adr] := bitboards[adr] or bit`), giving the sixteen bitboards of its
//! `tbitboards` record indexed by code, in polyboard's square numbering;
//! [`bitboards_to_ccr`] is the inverse. `from_position` and `to_position` go through
//! them, and a test checks the round trip on every perft-suite position.
//!
//! The paper calls the machine-code form of this loop "extremely fast". Measured
//! (`cargo run --release -p polyboard-chess --example piece_sets_timing`, 5,040
//! positions, ns per conversion, fastest of many passes on a loaded 2-core Xeon):
//! the loop exactly as printed ([`ccr_to_bitboards_as_printed`]) 127 ns; the same
//! loop with four sets of accumulators and the bit kept in a 64-bit register
//! ([`ccr_to_bitboards`], see its documentation) 39 to 43 ns; against 2.2 ns for
//! `magic`, whose twelve sets are twelve ANDs of what it keeps, and 14 ns for
//! `piecelist`'s pass over its lists. What bounds it is its 64 read-modify-writes
//! of memory, one per square, and the chains among them (every empty square
//! addresses bitboard 0): fast enough to convert once per evaluation, as the paper's
//! hybrid proposes, but not free.
//!
//! # The queries a search asks ([`SearchBoard`])
//!
//! - Staged generation: the stage is a const generic of the generator and of every
//!   handler in the jump table, so perft's `ALL` compiles to the generator as it was.
//!   In the noisy stage a piece's targets are the `capture` mask (their pieces on the
//!   legal squares); in the quiet stage `target` keeps only empty nibbles; a pawn's
//!   push to the last rank gives its queen promotion to the noisy stage and its
//!   under-promotions to the quiet one. Castling is quiet, en passant noisy.
//! - `piece_on`: the square's nibble. `piece_sets`: section 5.5's conversion above;
//!   [`PieceSets`] is laid out by Table 1 code so that each nibble addresses its set.
//! - `attackers(sq, occ)`: the attack pass run backwards from the square, on the CCR
//!   thinned to `occ`: pawn, knight and king squares by displacement and nibble
//!   shift, the sliders by the paper's triple mask (one loop per vertical direction
//!   carrying both diagonals and the file, each stopped at its first piece) and the
//!   rank in one step on nibble markers (see the `attacks` module).
//! - The null move: side, clocks, en passant and key change as after any move
//!   (`repr/common.rs`, shared by all of them); the ranks are untouched.
//!
//! # Speed
//!
//! `polyboard bench --quick` (five CPW positions, two shared cores, so a noisy
//! machine; the ratios to `magic` from the same run are the stable part): bulk
//! geomean 128 to 145 Mnps against `magic`'s 447 to 540 (0.27x to 0.29x), full 42 to
//! 59 against 62 to 79 (0.67x to 0.75x).
//!
//! What limits it is the technique's own work per node: the opponent's attack table
//! is rebuilt from scratch at every node (one handler per piece, sliders walked
//! square by square), which costs about as much as generating the moves; every piece
//! is one indirect call and its own short mask loops, where bitboards handle a whole
//! piece type, or all of a piece's targets, in a few instructions; and bulk counting
//! still walks each slider ray. The jump table itself is not the cost (a `match` in
//! place of the move generator's table measured the same). Copy-make is cheap, 56 bytes, so the gap to `magic`
//! narrows when every leaf is played (full perft).

mod attacks;
mod convert;
mod hash;
mod movegen;
pub mod rotated;
#[cfg(test)]
mod tests;

pub use attacks::{ATTACK_MINOR, ATTACK_PAWN, ATTACK_QUEEN_KING, ATTACK_ROOK};
pub use convert::{CodeBitboards, bitboards_to_ccr, ccr_to_bitboards, ccr_to_bitboards_as_printed};

use crate::board::PieceSets;
use crate::position::Position;
use crate::repr::Undo;
use crate::repr::common::piece_of_code;
use crate::types::{Color, Move, Piece, Role, Square};
use crate::zobrist;
#[cfg(test)]
use {crate::Board, polyboard_core::perft::PerftNode};

/// Table 1: the code of an empty square.
pub const EMPTY: u32 = 0b0000;
/// Table 1: white pawn (`0001b`); the black pawn is `PAWN | BLACK`.
pub const PAWN: u32 = 0b0001;
/// Table 1: white knight (`0010b`).
pub const KNIGHT: u32 = 0b0010;
/// Table 1: white bishop (`0011b`).
pub const BISHOP: u32 = 0b0011;
/// Table 1: white rook (`0100b`).
pub const ROOK: u32 = 0b0100;
/// Table 1: white queen (`0101b`).
pub const QUEEN: u32 = 0b0101;
/// Table 1: white king (`0110b`).
pub const KING: u32 = 0b0110;
/// Table 1: the colour bit, set for black pieces (`1001b`..`1110b`).
pub const BLACK: u32 = 0b1000;

/// One nibble.
const NIBBLE: u32 = 0xf;
/// The lowest bit of every nibble.
const LSB: u32 = 0x1111_1111;
/// `ep` when there is no en passant square.
const NO_EP: u8 = 8;

/// Markers (bit `4n` set) of the nibbles of `r` that hold a white piece: a code of
/// `0001b`..`0110b`, low three bits not all zero and the colour bit clear.
#[inline(always)]
fn white_lsb(r: u32) -> u32 {
    (r | (r >> 1) | (r >> 2)) & !(r >> 3) & LSB
}

/// Markers of the nibbles of `r` that hold a black piece (colour bit set).
#[inline(always)]
fn black_lsb(r: u32) -> u32 {
    (r >> 3) & LSB
}

/// Markers of the occupied nibbles of `r`.
#[inline(always)]
fn occupied_lsb(r: u32) -> u32 {
    (r | (r >> 1) | (r >> 2) | (r >> 3)) & LSB
}

/// Markers of the nibbles of `r` that hold exactly `code`.
#[inline(always)]
fn code_lsb(r: u32, code: u32) -> u32 {
    !occupied_lsb(r ^ code.wrapping_mul(LSB)) & LSB
}

/// The rank ray of a slider in one step, on nibble markers: `occ` marks the occupied
/// nibbles of the rank, `s` the slider. Returns the markers of every nibble from the
/// slider to the first occupied one on each side (included), or to the edge.
#[inline(always)]
fn rank_ray(occ: u32, s: u32) -> u32 {
    let below_s = s - 1;
    // Towards the a-file (higher nibbles): up to the lowest blocker above; with none,
    // `first - 1` wraps to all ones and the ray runs to the edge.
    let above = occ & !(s | below_s);
    let first = above & above.wrapping_neg();
    let up = (first | first.wrapping_sub(1)) & !(s | below_s);
    // Towards the h-file: down to the highest blocker below (bit 0 stands in for
    // none, which makes the ray run to the edge).
    let below = (occ & below_s) | 1;
    let last = 1u32 << (31 - below.leading_zeros());
    let down = below_s & !(last - 1);
    (up | down) & LSB
}

/// The paper's "double mask" (bishop) and "triple mask" (queen): one loop walks the
/// displacement `DD` ranks at a time from rank element `d` and carries up to three
/// masks at once, `l` shifted left (towards the a-file), `v` straight and `r` shifted
/// right, calling `f` with each rank element reached, `l | r` and `v` there. Each
/// mask is dropped after the first square of `blockers` it reaches (that square
/// included); a shift past the rank's edge zeroes it by itself.
#[inline(always)]
fn sweep<const DD: isize>(d: usize, m: [u32; 3], blockers: &[u32; 8], mut f: impl FnMut(usize, u32, u32)) {
    let ([mut l, mut v, mut r], mut d) = (m, d);
    loop {
        d = d.wrapping_add_signed(DD);
        l <<= 4;
        r >>= 4;
        if d > 7 || l | v | r == 0 {
            break;
        }
        f(d, l | r, v);
        let b = blockers[d];
        l &= !b;
        v &= !b;
        r &= !b;
    }
}

/// Table 3's knight squares around the square of mask `m` (its `1111b` nibble or its
/// marker bit) on rank element `d`: calls `f` with each rank element in reach and the
/// squares there, one nibble aside two ranks away and two nibbles aside one rank
/// away. A shift past the rank's edge leaves no bit, so only the displacement is
/// checked.
#[inline(always)]
fn knight_ranks(d: usize, m: u32, f: impl FnMut(usize, u32)) {
    let (one, two) = ((m << 8) | (m >> 8), (m << 4) | (m >> 4));
    each_rank(d, [(-1, one), (-2, two), (1, one), (2, two)], f);
}

/// Table 3's king squares around the square of mask `m` on rank element `d`, as
/// [`knight_ranks`] gives a knight's: beside it, and three on each rank next to it.
#[inline(always)]
fn king_ranks(d: usize, m: u32, f: impl FnMut(usize, u32)) {
    let side = (m << 4) | (m >> 4);
    each_rank(d, [(0, side), (-1, side | m), (1, side | m)], f);
}

/// Calls `f` with each rank element `d + dd` of `ranks` that is on the board, and its
/// mask.
#[inline(always)]
fn each_rank<const K: usize>(d: usize, ranks: [(isize, u32); K], mut f: impl FnMut(usize, u32)) {
    for (dd, mask) in ranks {
        let e = d.wrapping_add_signed(dd);
        if e < 8 {
            f(e, mask);
        }
    }
}

/// polyboard's square of internal index `i = d * 8 + n` (`d` the CCR element, rank 8
/// first; `n` the nibble, `7 - file`): square `63 - i`.
#[inline(always)]
fn index_to_square(i: usize) -> Square {
    Square::from_index((i ^ 63) as u32)
}

/// The internal index of a square (the same map: it is its own inverse).
#[inline(always)]
fn square_to_index(sq: Square) -> usize {
    sq.index() ^ 63
}

/// The code of a coloured piece.
#[inline(always)]
const fn code(color: Color, role: Role) -> u32 {
    (color as u32) << 3 | (role as u32 + 1)
}

/// The Zobrist key of the piece with code `code` (a piece, not empty) on internal
/// index `i`.
#[inline(always)]
fn piece_key(code: u32, i: usize) -> u64 {
    // (colour * 6 + role) * 64 + square, with role = (code & 7) - 1.
    let index = (((code >> 3) * 6 + (code & 7)) as usize * 64 + (i ^ 63)).wrapping_sub(64);
    zobrist::PIECE.get(index).copied().unwrap_or(0)
}

/// The castling-right bit of a rook on internal index `i`: bit `file` on rank 1
/// (white), bit `8 + file` on rank 8 (black), none elsewhere.
const CASTLE_BIT: [u16; 64] = {
    let mut t = [0u16; 64];
    let mut n = 0;
    while n < 8 {
        t[n] = 1 << (8 + 7 - n); // d = 0: rank 8
        t[56 + n] = 1 << (7 - n); // d = 7: rank 1
        n += 1;
    }
    t
};

/// The Zobrist castling keys of the rights in `bits` (the `castling` layout).
#[inline]
fn castle_keys(bits: u16) -> u64 {
    let white = u64::from(bits & 0xff);
    let black = u64::from(bits >> 8) << 56;
    zobrist::castling(white | black)
}

/// The Compact Chessboard Representation: the paper's eight `u32` ranks plus the
/// rest of the game state. See the module documentation for the layout.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Ccr {
    ranks: [u32; 8],
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
    castling: u16,
    kings: [u8; 2],
    ep: u8,
    turn: Color,
    chess960: bool,
}

impl Ccr {
    /// The CCR proper: eight ranks, rank 8 first, the nibble `7 - file` of each
    /// holding the Table 1 code of its square (the paper's `CCR: array [0..7] of
    /// cardinal`).
    #[inline]
    pub fn ranks(&self) -> [u32; 8] {
        self.ranks
    }

    /// The 4-bit code on `sq`.
    #[inline]
    pub fn code_at(&self, sq: Square) -> u32 {
        let i = square_to_index(sq);
        (self.ranks[i >> 3] >> (4 * (i & 7))) & NIBBLE
    }

    /// Section 4.4's attack table of `color` (`WHITE_ATTACKS` or `BLACK_ATTACKS`):
    /// eight ranks in the CCR layout, each nibble the OR of the attacker bits
    /// ([`ATTACK_PAWN`], [`ATTACK_MINOR`], [`ATTACK_ROOK`], [`ATTACK_QUEEN_KING`]) of
    /// that colour's pieces attacking the square.
    pub fn attacks(&self, color: Color) -> [u32; 8] {
        attacks::attack_table(&self.ranks, color == Color::White, 0, 0)
    }

    /// Section 5.5: the sixteen bitboards of the CCR, indexed by code (see
    /// [`ccr_to_bitboards`]).
    pub fn to_bitboards(&self) -> CodeBitboards {
        ccr_to_bitboards(&self.ranks)
    }

    /// Section 5.4: the 64-bit transposition key computed from the CCR without
    /// Zobrist tables (rotations by primes and XOR; see the module documentation).
    /// It covers the board, the side to move, the castling rights and the en passant
    /// file, like the Zobrist key, and is computed on demand.
    #[inline]
    pub fn ccr_hash(&self) -> u64 {
        hash::fold(&self.ranks, self.state_word(), &hash::ROTATIONS)
    }

    /// Side, castling rights and en passant file in one word, for the CCR hash.
    #[inline]
    fn state_word(&self) -> u32 {
        let ep = if self.ep == NO_EP { 0 } else { u32::from(self.ep) + 1 };
        self.turn as u32 | u32::from(self.castling) << 1 | ep << 17
    }

    /// The nibble of internal index `i`.
    #[inline(always)]
    fn nibble(&self, i: usize) -> u32 {
        (self.ranks[(i >> 3) & 7] >> (4 * (i & 7))) & NIBBLE
    }

    /// Writes `code` into the (empty) nibble of internal index `i`.
    #[inline(always)]
    fn put(&mut self, i: usize, code: u32) {
        self.ranks[(i >> 3) & 7] |= code << (4 * (i & 7));
    }

    /// Clears the nibble of internal index `i`.
    #[inline(always)]
    fn clear(&mut self, i: usize) {
        self.ranks[(i >> 3) & 7] &= !(NIBBLE << (4 * (i & 7)));
    }

    /// The king targets of a castling move: internal indices of the king's and the
    /// rook's target squares on the back rank of the king on `from`.
    #[inline(always)]
    fn castle_targets(from: usize, rook: usize) -> (usize, usize) {
        let base = from & !7;
        // File f is nibble 7 - f: king side g/f are nibbles 1/2, queen side c/d 5/4.
        if rook < from { (base + 1, base + 2) } else { (base + 5, base + 4) }
    }

    /// After a double push, with the capturer now to move: true when one of its pawns
    /// can legally capture onto `ep` (internal index). Made on a copy of the CCR and
    /// judged by the recomputed attack table, as in move generation.
    #[cold]
    #[inline(never)]
    fn ep_capture_legal(&self, ep: usize) -> bool {
        let white = self.turn == Color::White;
        let pawn = code(self.turn, Role::Pawn);
        let pushed = if white { ep + 8 } else { ep - 8 };
        let king = self.kings[self.turn.index()] as usize;
        for from in [pushed + 1, pushed.wrapping_sub(1)] {
            // Same rank as the pushed pawn, one nibble aside.
            if from >> 3 != pushed >> 3 || self.nibble(from) != pawn {
                continue;
            }
            let mut after = *self;
            after.clear(from);
            after.clear(pushed);
            after.put(ep, pawn);
            let att = attacks::attack_table(&after.ranks, !white, 0, 0);
            if (att[king >> 3] >> (4 * (king & 7))) & NIBBLE == 0 {
                return true;
            }
        }
        false
    }

    /// Plays `m` in place; returns what restores the state before it (the captured
    /// code, 0 for none).
    #[inline(always)]
    fn make_in_place(&mut self, m: Move) -> Undo<u16> {
        let us = self.turn.index();
        let color = self.turn;
        let from = square_to_index(m.from());
        let to = square_to_index(m.to());
        let mut undo = self.undo_record();
        let mut key = self.begin_move();
        let old_castling = self.castling;
        let mut ep_square = None;

        if m.is_castle() {
            let (kt, rt) = Self::castle_targets(from, to);
            let (k, r) = (code(color, Role::King), code(color, Role::Rook));
            self.clear(from);
            self.clear(to);
            self.put(kt, k);
            self.put(rt, r);
            key ^= piece_key(k, from) ^ piece_key(k, kt) ^ piece_key(r, to) ^ piece_key(r, rt);
            self.kings[us] = kt as u8;
            self.castling &= !(0xff << (8 * us));
        } else {
            let moving = self.nibble(from);
            let mut placed = moving;
            // The captured pawn of en passant stands beside the mover: the mover's rank,
            // the target's nibble.
            let cap = if m.is_en_passant() { (from & !7) | (to & 7) } else { to };
            let captured = self.nibble(cap);
            if captured != EMPTY {
                self.clear(cap);
                key ^= piece_key(captured, cap);
                self.halfmove = 0;
            }
            undo.captured = captured as u8;
            if let Some(role) = m.promotion_role() {
                placed = code(color, role);
            }
            self.clear(from);
            self.put(to, placed);
            key ^= piece_key(moving, from) ^ piece_key(placed, to);
            match moving & 7 {
                PAWN => {
                    self.halfmove = 0;
                    if from.abs_diff(to) == 16 {
                        ep_square = Some((from + to) / 2);
                    }
                }
                KING => {
                    self.kings[us] = to as u8;
                    self.castling &= !(0xff << (8 * us));
                }
                _ => {}
            }
            self.castling &= !(CASTLE_BIT[from] | CASTLE_BIT[to]);
        }
        if self.castling != old_castling {
            key ^= castle_keys(self.castling ^ old_castling);
        }
        self.turn = color.other();
        if let Some(ep) = ep_square {
            // Keep the square only if the opponent has a legal en passant capture.
            let their_pawn = code(self.turn, Role::Pawn);
            let beside = |i: usize| i >> 3 == to >> 3 && self.nibble(i) == their_pawn;
            if (beside(to + 1) || beside(to.wrapping_sub(1))) && self.ep_capture_legal(ep) {
                self.ep = (7 - (ep & 7)) as u8;
                key ^= zobrist::EP[self.ep as usize];
            }
        }
        self.zobrist = key;
        undo
    }
}

representation!(impl Ccr, "ccr", movegen::Sink, u16, u8, 0, NO_EP);

/// The representation's side of [`representation!`]: conversion, unmake of the ranks
/// and the queries, on the CCR.
impl Ccr {
    fn of_position(pos: &Position) -> Self {
        // The sets are laid out by Table 1 code: the paper's `tbitboards`.
        let bitboards = PieceSets::of_position(pos).0;
        let kings = [square_to_index(pos.king(Color::White)) as u8, square_to_index(pos.king(Color::Black)) as u8];
        Ccr {
            ranks: bitboards_to_ccr(&bitboards),
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            castling: (pos.castling & 0xff) as u16 | (((pos.castling >> 56) & 0xff) as u16) << 8,
            kings,
            ep: pos.ep.map_or(NO_EP, |s| s.file()),
            turn: pos.turn,
            chess960: pos.chess960,
        }
    }

    fn castling_bits(&self) -> u64 {
        u64::from(self.castling & 0xff) | u64::from(self.castling >> 8) << 56
    }

    /// The square of the en passant file: on the sixth rank when White is to move, the
    /// third when Black is.
    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        let rank = if self.turn == Color::White { 5 } else { 2 };
        (self.ep != NO_EP).then(|| Square::from_coords(self.ep, rank))
    }

    /// Puts the nibbles back as they stood before `m` (the side to move is already
    /// back).
    #[inline(always)]
    fn take_back(&mut self, m: Move, undo: &Undo<u16>) {
        let color = self.turn;
        let us = color.index();
        let from = square_to_index(m.from());
        let to = square_to_index(m.to());
        if m.is_castle() {
            let (kt, rt) = Self::castle_targets(from, to);
            self.clear(kt);
            self.clear(rt);
            self.put(from, code(color, Role::King));
            self.put(to, code(color, Role::Rook));
            self.kings[us] = from as u8;
            return;
        }
        let placed = self.nibble(to);
        let moving = if m.promotion_role().is_some() { code(color, Role::Pawn) } else { placed };
        self.clear(to);
        self.put(from, moving);
        let cap = if m.is_en_passant() { (from & !7) | (to & 7) } else { to };
        self.put(cap, u32::from(undo.captured));
        if moving & 7 == KING {
            self.kings[us] = from as u8;
        }
    }

    fn in_check(&self) -> bool {
        let king = self.kings[self.turn.index()] as usize;
        let att = attacks::attack_table(&self.ranks, self.turn == Color::Black, 0, 0);
        (att[king >> 3] >> (4 * (king & 7))) & NIBBLE != 0
    }

    /// The square's nibble: colour bit and role, by Table 1.
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of_code(self.code_at(sq) as usize)
    }

    /// Section 5.5's branch-free conversion ([`ccr_to_bitboards`]): [`PieceSets`] is
    /// laid out by Table 1 code, so each nibble addresses its set directly.
    #[inline]
    fn sets(&self) -> PieceSets {
        PieceSets(ccr_to_bitboards(&self.ranks))
    }

    /// By rank displacement and nibble masks from the square outwards, on the CCR
    /// thinned to `occ` (see the `attacks` module).
    #[inline]
    fn attackers_of(&self, sq: Square, occ: u64) -> u64 {
        attacks::attackers(&self.ranks, square_to_index(sq), occ)
    }
}
