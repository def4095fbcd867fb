//! `ccr`: the Compact Chessboard Representation of Vučković (2012), "An alternative
//! efficient chessboard representation based on 4-bit piece coding".
//!
//! DOC-PLACEHOLDER

mod attacks;
mod convert;
mod hash;
mod movegen;
#[cfg(test)]
mod tests;

pub use attacks::{ATTACK_MINOR, ATTACK_PAWN, ATTACK_QUEEN_KING, ATTACK_ROOK};
pub use convert::{CodeBitboards, bitboards_to_ccr, ccr_to_bitboards};

use crate::board::Board;
use crate::position::Position;
use crate::types::{Color, Move, Role, Square};
use crate::zobrist;
use polyboard_core::MoveList;
use polyboard_core::perft::{MakeUnmake, PerftNode};

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

/// What [`MakeUnmake::unmake`] needs to restore a [`Ccr`].
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    zobrist: u64,
    halfmove: u32,
    castling: u16,
    ep: u8,
    captured: u8,
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

    /// Plays `m` in place; returns the captured code (0 for none).
    #[inline(always)]
    fn make_in_place(&mut self, m: Move) -> u8 {
        let us = self.turn.index();
        let color = self.turn;
        let from = square_to_index(m.from());
        let to = square_to_index(m.to());
        let mut key = self.zobrist ^ zobrist::SIDE;
        if self.ep != NO_EP {
            key ^= zobrist::EP[(self.ep & 7) as usize];
            self.ep = NO_EP;
        }
        self.halfmove = self.halfmove.wrapping_add(1);
        if us == 1 {
            self.fullmove = self.fullmove.wrapping_add(1);
        }
        let old_castling = self.castling;
        let mut captured = 0;
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
            if m.is_en_passant() {
                // The captured pawn stands beside the mover: the mover's rank, the
                // target's nibble.
                let cap = (from & !7) | (to & 7);
                captured = self.nibble(cap);
                self.clear(cap);
                key ^= piece_key(captured, cap);
            } else {
                captured = self.nibble(to);
                if captured != EMPTY {
                    self.clear(to);
                    key ^= piece_key(captured, to);
                    self.halfmove = 0;
                }
            }
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
        captured as u8
    }
}

impl PerftNode for Ccr {
    type Move = Move;

    #[inline]
    fn generate_moves(&self, out: &mut MoveList<Move>) {
        if self.turn == Color::White {
            movegen::generate::<true, _>(self, out);
        } else {
            movegen::generate::<false, _>(self, out);
        }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        let mut c = movegen::Counter(0);
        if self.turn == Color::White {
            movegen::generate::<true, _>(self, &mut c);
        } else {
            movegen::generate::<false, _>(self, &mut c);
        }
        c.0
    }

    #[inline(always)]
    fn apply(&mut self, mv: Move) {
        self.make_in_place(mv);
    }
}

impl MakeUnmake for Ccr {
    type Undo = Undo;

    #[inline]
    fn make(&mut self, mv: Move) -> Undo {
        let (zobrist, halfmove, castling, ep) = (self.zobrist, self.halfmove, self.castling, self.ep);
        let captured = self.make_in_place(mv);
        Undo { zobrist, halfmove, castling, ep, captured }
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: Undo) {
        self.turn = self.turn.other();
        let color = self.turn;
        let us = color.index();
        if color == Color::Black {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        let from = square_to_index(m.from());
        let to = square_to_index(m.to());
        if m.is_castle() {
            let (kt, rt) = Self::castle_targets(from, to);
            self.clear(kt);
            self.clear(rt);
            self.put(from, code(color, Role::King));
            self.put(to, code(color, Role::Rook));
            self.kings[us] = from as u8;
        } else {
            let placed = self.nibble(to);
            let moving = if m.promotion_role().is_some() { code(color, Role::Pawn) } else { placed };
            self.clear(to);
            self.put(from, moving);
            if m.is_en_passant() {
                self.put((from & !7) | (to & 7), u32::from(undo.captured));
            } else {
                self.put(to, u32::from(undo.captured));
            }
            if moving & 7 == KING {
                self.kings[us] = from as u8;
            }
        }
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.castling = undo.castling;
        self.ep = undo.ep;
    }
}

impl Board for Ccr {
    const NAME: &'static str = "ccr";

    fn from_position(pos: &Position) -> Self {
        let mut bitboards = [0u64; 16];
        for color in Color::ALL {
            for role in Role::ALL {
                bitboards[code(color, role) as usize] = pos.pieces(color, role);
            }
        }
        bitboards[EMPTY as usize] = !pos.occupied();
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

    fn to_position(&self) -> Position {
        let bb = ccr_to_bitboards(&self.ranks);
        let mut by_role = [0u64; 6];
        let mut by_color = [0u64; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                let b = bb[code(color, role) as usize];
                by_role[role.index()] |= b;
                by_color[color.index()] |= b;
            }
        }
        let ep_rank = if self.turn == Color::White { 5 } else { 2 };
        Position {
            by_role,
            by_color,
            turn: self.turn,
            castling: u64::from(self.castling & 0xff) | u64::from(self.castling >> 8) << 56,
            ep: (self.ep != NO_EP).then(|| Square::from_coords(self.ep, ep_rank)),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            chess960: self.chess960,
        }
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn is_check(&self) -> bool {
        let king = self.kings[self.turn.index()] as usize;
        let att = attacks::attack_table(&self.ranks, self.turn == Color::Black, 0, 0);
        (att[king >> 3] >> (4 * (king & 7))) & NIBBLE != 0
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.zobrist
    }
}

impl core::fmt::Debug for Ccr {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "ccr({})", self.to_position().fen())
    }
}
