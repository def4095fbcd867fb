//! `rotatedccr`: the CCR paper's own open idea (section 7: "a very interesting idea is
//! to apply rotated method to the C. C. R. itself, analogue to bitboards"), built. The
//! 4-bit board of [`super::Ccr`] is kept four times, each time with the squares
//! renumbered so that one kind of line is contiguous: ranks, files, a1-h8 diagonals and
//! h1-a8 diagonals. Every line of every square is then one `u32` of nibbles, so a
//! slider's moves along it are read from that one word, as rotated bitboards read a
//! line's occupancy from one byte.
//!
//! # The four 4-bit boards (128 bytes)
//!
//! A square is the CCR's internal index `i = 8d + n`: `d` the rank element (rank
//! `8 - d`, rank 8 first) and `n` the nibble (file `7 - n`, the a-file in the top
//! nibble), as in [`super::Ccr`]; polyboard's square is `i ^ 63`. Every board is eight
//! `u32`, every nibble a Table 1 code (`0000b` empty, `0001b`..`0110b` white pawn..king,
//! `1001b`..`1110b` black). Square `(d, n)` is held in each board at:
//!
//! | board | index | word | nibble | one word holds |
//! | --- | --- | --- | --- | --- |
//! | `boards[RANK]` | 0 | `d` | `n` | a rank: the CCR of the paper, unchanged |
//! | `boards[FILE]` | 1 | `n` | `d` | a file, rank 8 in nibble 0 ("rotated 90": the transposition) |
//! | `boards[DIAG]` | 2 | `(d - n) mod 8` | `n` | an a1-h8 diagonal and its partner ("rotated 45") |
//! | `boards[ANTI]` | 3 | `(d + n) mod 8` | `n` | an h1-a8 diagonal and its partner ("rotated -45") |
//!
//! ```text
//!                 bits 31-28  27-24  23-20  19-16  15-12  11-8   7-4    3-0
//! boards[RANK][0]      a8     b8     c8     d8     e8     f8     g8     h8
//! boards[RANK][7]      a1     b1     c1     d1     e1     f1     g1     h1
//! boards[FILE][0]      h1     h2     h3     h4     h5     h6     h7     h8     (file h)
//! boards[FILE][7]      a1     a2     a3     a4     a5     a6     a7     a8     (file a)
//! boards[DIAG][0]      a1     b2     c3     d4     e5     f6     g7     h8     (the long a1-h8 diagonal)
//! boards[DIAG][1]      a8   | b1     c2     d3     e4     f5     g6     h7     (a8 alone, then b1-h7)
//! boards[DIAG][7]      a2     b3     c4     d5     e6     f7     g8   | h1     (a2-g8, then h1 alone)
//! boards[ANTI][7]      a8     b7     c6     d5     e4     f3     g2     h1     (the long h1-a8 diagonal)
//! boards[ANTI][0]      a7     b6     c5     d4     e3     f2     g1   | h8     (a7-g1, then h8 alone)
//! ```
//!
//! Precisely: a diagonal word `w` holds two diagonals in disjoint nibble ranges. In
//! `boards[DIAG][w]` (squares with `d - n = w` or `w - 8`), nibbles `0..=7 - w` are the
//! diagonal `d - n = w` and nibbles `8 - w..=7` the diagonal `d - n = w - 8`; in
//! `boards[ANTI][w]` (squares with `d + n = w` or `w + 8`), nibbles `0..=w` are the
//! diagonal `d + n = w` and nibbles `w + 1..=7` the diagonal `d + n = w + 8`. The
//! fifteen diagonals of each kind thus fill eight words exactly, and a square keeps
//! its nibble number `n` in both diagonal boards, so a nibble mask moves between the
//! CCR and a diagonal word unchanged. The nibble mask of the line of square `i` in the
//! board of kind `k` is `LINE[i][k]` (all eight nibbles for ranks and files).
//!
//! # Memory layout of [`RotatedCcr`]: 160 bytes
//!
//! | field | type | bytes | meaning |
//! | --- | --- | --- | --- |
//! | `boards` | `[[u32; 8]; 4]` | 128 | the four 4-bit boards above |
//! | `material` | `u64` | 8 | nibble `c` (bits `4c..4c+3`) the number of pieces of Table 1 code `c`; nibble 0 stays 0 |
//! | `zobrist` | `u64` | 8 | polyboard's Zobrist key, kept incrementally |
//! | `halfmove` | `u32` | 4 | halfmove clock |
//! | `fullmove` | `u32` | 4 | fullmove number |
//! | `castling` | `u16` | 2 | rights by rook file, as in [`super::Ccr`]: bit `f` White's rook on file `f`, bit `8 + f` Black's |
//! | `kings` | `[u8; 2]` | 2 | internal index of the white and the black king |
//! | `ep` | `u8` | 1 | en passant file, 8 for none; kept only when a legal capture exists |
//! | `turn` | `Color` | 1 | side to move |
//! | `chess960` | `bool` | 1 | Chess960 flag (notation only) |
//!
//! 159 bytes of fields, padded to 160. The paper's selling point, a 32-byte position,
//! is given up: the rotated boards quadruple it, as they add three occupancies to a
//! bitboard position. The material word is one more 4-bit structure in the paper's
//! manner (a nibble per code): it tells the generator which of the other side's
//! kinds of attacker exist, so that lines and knight squares are only read for
//! pieces that are there.

//! # Make and unmake
//!
//! Every square that fills or empties XORs its code into all four boards (four
//! read-modify-writes where the CCR does one): a quiet move is eight, a capture
//! twelve, castling sixteen. A capture takes one from the captured code's nibble of
//! the material word, a promotion moves one from the pawn's nibble to the new
//! piece's; unmake reverses both.
//!
//! # Move generation: lines read as nibbles
//!
//! A line word's occupancy is its nibble markers (bit `4k` set when nibble `k` is not
//! empty: adding `0111b` to each nibble's low bits carries into bit 3 for a piece), and a slider's reach on it, up to and including the first
//! piece on each side, is the CCR's rank step (`rank_ray` of [`super`]: a subtraction for
//! one side, a leading-zero count for the other) applied to that word, then clipped to
//! the line's nibbles. Because the words hold codes, not bits, the same word also says
//! whose the reached pieces are: a slider's targets are `reach & !own_lsb(line)`, its
//! captures `reach & their_lsb(line)`, counted at the leaves by a popcount. No slider
//! walks square by square anywhere:
//!
//! - **Checks and pins**, once per node: on each of the king's four lines that holds
//!   one of their sliders of the line's kind (one `code_lsb` test), the reach from the
//!   king gives the checkers, and the reach with our first pieces removed gives the
//!   pinners; each pinned piece's nibble in a rank-layout pin table holds the kind of
//!   line it may still move on. Knight and pawn checkers are read from the ranks by
//!   Table 3's displacement and shift pairs. A single checker's ray (or square) is
//!   marked in all four orientations, so every piece's targets, in whatever layout
//!   they are found, are ANDed with it.
//! - **Sliders**: bishops read the two diagonal boards, rooks the rank and the file,
//!   queens all four; a pinned slider only its pin line.
//! - **King steps and castling** test each target for attack: pawns and knights by
//!   displacement and shift on the ranks, the enemy king by distance, sliders by the
//!   reach from the target on its four lines (with our king's nibble cleared, so that
//!   it cannot hide behind itself; for castling, king and rook cleared on the rank).
//!   The CCR's attack table (section 4.4), which [`super::Ccr`] rebuilds at every
//!   node, is not needed: that is where the rotated boards pay.
//! - **Pawns** go a rank at a time on the CCR: the markers of a rank's pawns, shifted
//!   one nibble aside for captures, against the next rank's markers.
//! - **Knights** go by Table 3's (displacement, shift) pairs, one at a time.
//! - **En passant** (rare) is made on a copy of the four boards and kept when the
//!   king is not attacked there.
//!
//! # The queries a search asks
//!
//! `piece_on` reads the CCR's nibble; `piece_sets` is the paper's section 5.5
//! conversion of the CCR ([`super::ccr_to_bitboards`]); `attackers(sq, occ)` clears
//! in a copy of the four boards the squares that `occ` lifts, then reads the four
//! lines through the square (sliders of both colours at the reach's ends) and the
//! ranks (pawns, knights, kings). The stages of generation are the const generic
//! `STAGE` of every handler, as in [`super::Ccr`].

mod movegen;
#[cfg(test)]
mod tests;

use super::{
    CASTLE_BIT, KING, NIBBLE, NO_EP, PAWN, bitboards_to_ccr, castle_keys, ccr_to_bitboards, code, index_to_square,
    piece_key, square_to_index,
};
use crate::board::PieceSets;
use crate::position::Position;
use crate::repr::Undo;
use crate::repr::common::piece_of_code;
use crate::types::{Color, Move, Piece, Role, Square};
use crate::zobrist;

/// The board of ranks (the CCR).
const RANK: usize = 0;
/// The board of files.
const FILE: usize = 1;
/// The board of a1-h8 diagonals (`d - n` constant).
const DIAG: usize = 2;
/// The board of h1-a8 diagonals (`d + n` constant).
const ANTI: usize = 3;

/// Where internal index `i` lies in the board of `kind`: its word and the shift of its
/// nibble (`4 * nibble`).
#[inline(always)]
const fn place(kind: usize, i: usize) -> (usize, u32) {
    let (d, n) = ((i >> 3) & 7, i & 7);
    match kind {
        RANK => (d, 4 * n as u32),
        FILE => (n, 4 * d as u32),
        DIAG => (d.wrapping_sub(n) & 7, 4 * n as u32),
        _ => ((d + n) & 7, 4 * n as u32),
    }
}

/// The internal index of nibble `k` of word `w` in the board of `kind` (the inverse
/// of [`place`]).
#[inline(always)]
const fn index_of(kind: usize, w: usize, k: usize) -> usize {
    match kind {
        RANK => w * 8 + k,
        FILE => k * 8 + w,
        DIAG => ((w + k) & 7) * 8 + k,
        _ => (w.wrapping_sub(k) & 7) * 8 + k,
    }
}

const fn build_lines() -> [[u32; 4]; 64] {
    let mut t = [[0u32; 4]; 64];
    let mut i = 0;
    while i < 64 {
        let (d, n) = ((i >> 3) as i32, (i & 7) as i32);
        t[i][RANK] = super::LSB;
        t[i][FILE] = super::LSB;
        let mut k = 0;
        while k < 8 {
            let diag = d - n + k;
            if diag >= 0 && diag < 8 {
                t[i][DIAG] |= 1 << (4 * k);
            }
            let anti = d + n - k;
            if anti >= 0 && anti < 8 {
                t[i][ANTI] |= 1 << (4 * k);
            }
            k += 1;
        }
        i += 1;
    }
    t
}

/// `LINE[i][kind]`: the nibble markers (bit `4k` for nibble `k`) of the squares on the
/// line of `kind` through internal index `i`, in that board's word (see the module
/// documentation: a diagonal word holds two diagonals).
static LINE: [[u32; 4]; 64] = build_lines();

/// Nibble 0 of the material word, which counts nothing.
const NIBBLE64: u64 = 0xf;

/// The four 4-bit boards.
type Boards = [[u32; 8]; 4];

/// XORs `code` into the nibble of internal index `i` in all four boards: puts a piece
/// on an empty square or takes it off.
#[inline(always)]
fn toggle(b: &mut Boards, i: usize, code: u32) {
    let (d, n) = ((i >> 3) & 7, i & 7);
    b[RANK][d] ^= code << (4 * n);
    b[FILE][n] ^= code << (4 * d);
    b[DIAG][d.wrapping_sub(n) & 7] ^= code << (4 * n);
    b[ANTI][(d + n) & 7] ^= code << (4 * n);
}

/// The CCR with rotated 4-bit boards: the four boards plus the rest of the game state.
/// See the module documentation for the layout.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RotatedCcr {
    boards: Boards,
    material: u64,
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
    castling: u16,
    kings: [u8; 2],
    ep: u8,
    turn: Color,
    chess960: bool,
}

impl RotatedCcr {
    /// The CCR proper (the board of ranks): eight ranks, rank 8 first, nibble
    /// `7 - file` holding the Table 1 code, as [`super::Ccr::ranks`] gives it.
    #[inline]
    pub fn ranks(&self) -> [u32; 8] {
        self.boards[RANK]
    }

    /// The four 4-bit boards: ranks, files, a1-h8 diagonals, h1-a8 diagonals (see the
    /// module documentation for where each square is).
    #[inline]
    pub fn boards(&self) -> [[u32; 8]; 4] {
        self.boards
    }

    /// The 4-bit code on `sq`.
    #[inline]
    pub fn code_at(&self, sq: Square) -> u32 {
        self.nibble(square_to_index(sq))
    }

    /// The nibble of internal index `i`.
    #[inline(always)]
    fn nibble(&self, i: usize) -> u32 {
        (self.boards[RANK][(i >> 3) & 7] >> (4 * (i & 7))) & NIBBLE
    }

    /// After a double push, with the capturer now to move: true when one of its pawns
    /// can legally capture onto `ep` (internal index). Made on a copy of the boards.
    #[cold]
    #[inline(never)]
    fn ep_capture_legal(&self, ep: usize) -> bool {
        let white = self.turn == Color::White;
        let pawn = code(self.turn, Role::Pawn);
        let pushed = if white { ep + 8 } else { ep - 8 };
        for from in [pushed + 1, pushed.wrapping_sub(1)] {
            if from >> 3 != pushed >> 3 || self.nibble(from) != pawn {
                continue;
            }
            if self.en_passant_safe(from, ep) {
                return true;
            }
        }
        false
    }

    /// True when the side to move's pawn on `from` capturing en passant onto `to`
    /// leaves its king unattacked: the capture made on a copy of the boards.
    fn en_passant_safe(&self, from: usize, to: usize) -> bool {
        let pawn = code(self.turn, Role::Pawn);
        let captured = (from & !7) | (to & 7);
        let mut after = self.boards;
        toggle(&mut after, from, pawn);
        toggle(&mut after, captured, pawn ^ super::BLACK);
        toggle(&mut after, to, pawn);
        !self.king_attacked(&after)
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
            let (kt, rt) = super::Ccr::castle_targets(from, to);
            let (k, r) = (code(color, Role::King), code(color, Role::Rook));
            toggle(&mut self.boards, from, k);
            toggle(&mut self.boards, to, r);
            toggle(&mut self.boards, kt, k);
            toggle(&mut self.boards, rt, r);
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
            if captured != super::EMPTY {
                toggle(&mut self.boards, cap, captured);
                self.material -= 1 << (4 * captured);
                key ^= piece_key(captured, cap);
                self.halfmove = 0;
            }
            undo.captured = captured as u8;
            if let Some(role) = m.promotion_role() {
                placed = code(color, role);
                self.material = self.material + (1 << (4 * placed)) - (1 << (4 * moving));
            }
            toggle(&mut self.boards, from, moving);
            toggle(&mut self.boards, to, placed);
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

representation!(impl RotatedCcr, "rotatedccr", movegen::Sink, u16, u8, 0, NO_EP);

/// The representation's side of [`representation!`]: conversion, unmake of the boards
/// and the queries.
impl RotatedCcr {
    fn of_position(pos: &Position) -> Self {
        let ranks = bitboards_to_ccr(&PieceSets::of_position(pos).0);
        let mut boards = [[0u32; 8]; 4];
        let mut material = 0u64;
        for i in 0..64 {
            let code = (ranks[i >> 3] >> (4 * (i & 7))) & NIBBLE;
            toggle(&mut boards, i, code);
            material += u64::from(code != 0) << (4 * code);
        }
        RotatedCcr {
            boards,
            material,
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            castling: (pos.castling & 0xff) as u16 | (((pos.castling >> 56) & 0xff) as u16) << 8,
            kings: [square_to_index(pos.king(Color::White)) as u8, square_to_index(pos.king(Color::Black)) as u8],
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

    /// Puts the nibbles of all four boards back as they stood before `m` (the side to
    /// move is already back).
    #[inline(always)]
    fn take_back(&mut self, m: Move, undo: &Undo<u16>) {
        let color = self.turn;
        let us = color.index();
        let from = square_to_index(m.from());
        let to = square_to_index(m.to());
        if m.is_castle() {
            let (kt, rt) = super::Ccr::castle_targets(from, to);
            let (k, r) = (code(color, Role::King), code(color, Role::Rook));
            toggle(&mut self.boards, kt, k);
            toggle(&mut self.boards, rt, r);
            toggle(&mut self.boards, from, k);
            toggle(&mut self.boards, to, r);
            self.kings[us] = from as u8;
            return;
        }
        let placed = self.nibble(to);
        let moving = if m.promotion_role().is_some() { code(color, Role::Pawn) } else { placed };
        toggle(&mut self.boards, to, placed);
        toggle(&mut self.boards, from, moving);
        let cap = if m.is_en_passant() { (from & !7) | (to & 7) } else { to };
        let captured = u32::from(undo.captured);
        toggle(&mut self.boards, cap, captured);
        // Nibble 0 counts empty squares nowhere: adding `1 << 0` for "nothing captured"
        // is taken back by the mask below.
        self.material = (self.material + (1 << (4 * captured)) - (1 << (4 * placed)) + (1 << (4 * moving))) & !NIBBLE64;
        if moving & 7 == KING {
            self.kings[us] = from as u8;
        }
    }

    fn in_check(&self) -> bool {
        self.king_attacked(&self.boards)
    }

    /// True when the side to move's king is attacked on the boards `b` (this
    /// position's, or a copy with a move made on it that leaves the kings and the
    /// other side's pieces but one pawn as they are).
    fn king_attacked(&self, b: &Boards) -> bool {
        let us = self.turn.index();
        let (king, them) = (self.kings[us] as usize, self.kings[us ^ 1] as usize);
        if self.turn == Color::White {
            movegen::attacked::<true>(b, movegen::Foes::of::<true>(self.material, them), king, |_, _, l| l)
        } else {
            movegen::attacked::<false>(b, movegen::Foes::of::<false>(self.material, them), king, |_, _, l| l)
        }
    }

    /// The square's nibble: colour bit and role, by Table 1.
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of_code(self.code_at(sq) as usize)
    }

    /// Section 5.5's branch-free conversion of the board of ranks.
    #[inline]
    fn sets(&self) -> PieceSets {
        PieceSets(ccr_to_bitboards(&self.boards[RANK]))
    }

    /// The pieces lifted by `occ` cleared in a copy of the four boards, then the four
    /// lines through the square and the leaper squares read there (see the `movegen`
    /// module).
    #[inline]
    fn attackers_of(&self, sq: Square, occ: u64) -> u64 {
        movegen::attackers(&self.boards, square_to_index(sq), occ)
    }
}

/// polyboard's square of an internal index, for the move sinks.
#[inline(always)]
fn square(i: usize) -> Square {
    index_to_square(i)
}
