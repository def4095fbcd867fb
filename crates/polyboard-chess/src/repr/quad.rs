//! `quad`: quad-bitboards, the 4-bit code of every square spread over four bitboards.
//!
//! # Technique
//!
//! The CCR paper codes each square in four bits (its Table 1) and stores a rank's
//! eight nibbles in one 32-bit word; it also proposes keeping bitboards beside the
//! CCR, "complementary", to get the best of both. Quad-bitboards are the bitboard
//! form of the same 4-bit coding: the nibble of square `i` is spread over four `u64`
//! boards, bit `i` of board `k` being bit `k` of the nibble. The position is the 64
//! nibbles and nothing else, 32 bytes, exactly as compact as the CCR, but every piece
//! set is a few boolean operations away, so the move generator is a bitboard one.
//!
//! Table 1's codes fit the scheme well and are used unchanged:
//!
//! ```text
//! code  q3 q2 q1 q0   piece          code  q3 q2 q1 q0   piece
//!   0    0  0  0  0   empty
//!   1    0  0  0  1   white pawn       9    1  0  0  1   black pawn
//!   2    0  0  1  0   white knight    10    1  0  1  0   black knight
//!   3    0  0  1  1   white bishop    11    1  0  1  1   black bishop
//!   4    0  1  0  0   white rook      12    1  1  0  0   black rook
//!   5    0  1  0  1   white queen     13    1  1  0  1   black queen
//!   6    0  1  1  0   white king      14    1  1  1  0   black king
//! ```
//!
//! The low three bits are the role plus one and never all zero for a piece, `q3` is
//! the colour. Derived sets (`!` is complement):
//!
//! ```text
//! occupied          = q0 | q1 | q2          black = q3, white = occupied ^ q3
//! pawns             = q0 & !(q1 | q2)       knights = q1 & !(q0 | q2)
//! bishops + queens  = q0 & (q1 ^ q2)        rooks + queens = q2 & !q1
//! kings             = q1 & q2 & !q0
//! ```
//! Each is derived once per node. Changing a square from code `a` to code `b` is
//! four XORs: board `k` is XORed with bit `k` of `a ^ b` shifted to `sq` (branch-free),
//! so a move is 8 XORs (12 for en passant, 16 for castling; a capture is 8 too, as the
//! target square goes straight from the victim's code to the mover's). The code on a
//! square is read back by gathering its four bits.
//!
//! Sliding attacks: obstruction difference, which needs nothing but the occupancy
//! (here derived, not stored) and a line mask. For each line through the slider,
//! split the line's occupancy into the part below the square and the part above it;
//! with `m` the highest blocker below (or bit 0 when none), `above ^ (above - m)`
//! sets every bit from `m` up to the lowest blocker above, and masking with the line
//! leaves the attacks. One leading-zero count and a subtraction per line, no table
//! indexed by occupancy: rank and file masks are computed by shifts, the two
//! diagonal masks come from a 1 KiB table built at compile time. Knight, king, pawn
//! and `between` tables come from [`crate::attacks`].
//!
//! The move generator is fully legal: checkers, a check mask and rank/file and
//! diagonal pin masks once per node, pawns set-wise by shifts, king steps tested
//! with the king lifted, en passant verified by recomputing slider attacks on the
//! king. Leaves are counted in bulk (a counting sink, no move list).
//!
//! # Layout (64 bytes)
//!
//! ```text
//! q:        [u64; 4]  bit i of q[k] = bit k of the Table 1 code of square i (a1 = 0)
//! castling: u64       rook squares that keep a castling right
//! zobrist:  u64       incremental key
//! halfmove, fullmove: u32
//! ep: u8 (0 = none; a1 is never an en passant square), turn: Color, chess960: bool
//! ```
//! 59 bytes of fields, padded to 64: one cache line, against 96 for `magic`.

use super::sink::{BitSink, Counter};
use crate::attacks;
use crate::board::Board;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Move, Square};
use crate::zobrist;
use polyboard_core::MoveList;
use polyboard_core::perft::{MakeUnmake, PerftNode};

const RANK_1: u64 = 0xff;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;
const RANK_8: u64 = 0xff << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Table 1's code of the piece of colour index `color` (0 white) and role index
/// `role` (pawn 0 .. king 5).
const fn code(color: usize, role: usize) -> u8 {
    ((color << 3) | (role + 1)) as u8
}
const PAWN: u8 = 1;
const KING: u8 = 6;
const ROOK: u8 = 4;
const BLACK: u8 = 8;

// ---------------------------------------------------------------------------
// Obstruction-difference sliders.

/// `DIAGONALS[sq]`: the diagonal (a1-h8 direction) and the anti-diagonal through
/// `sq`, without `sq`.
const fn diagonals() -> [[u64; 2]; 64] {
    let mut t = [[0; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut g = 0;
        while g < 8 {
            let d = r + (g - f);
            let a = r + (f - g);
            if g != f && d >= 0 && d < 8 {
                t[sq][0] |= 1 << (d * 8 + g);
            }
            if g != f && a >= 0 && a < 8 {
                t[sq][1] |= 1 << (a * 8 + g);
            }
            g += 1;
        }
        sq += 1;
    }
    t
}

static DIAGONALS: [[u64; 2]; 64] = diagonals();

/// Attacks along `line` (a line through the slider, without its square) given the
/// occupancy `occ`; `below` is the set of squares under the slider's square.
#[inline(always)]
fn line_attacks(occ: u64, line: u64, below: u64) -> u64 {
    let on_line = occ & line;
    let lower = on_line & below;
    let upper = on_line ^ lower;
    // The highest blocker below the slider, or bit 0 when there is none.
    let m = (1u64 << 63) >> (lower | 1).leading_zeros();
    (upper ^ upper.wrapping_sub(m)) & line
}

/// Rook attacks from `sq` given `occ`.
#[inline(always)]
pub fn rook_attacks(sq: usize, occ: u64) -> u64 {
    let bit = 1u64 << (sq & 63);
    let below = bit - 1;
    line_attacks(occ, (RANK_1 << (sq & 56)) ^ bit, below) | line_attacks(occ, (FILE_A << (sq & 7)) ^ bit, below)
}

/// Bishop attacks from `sq` given `occ`.
#[inline(always)]
pub fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    let sq = sq & 63;
    let below = (1u64 << sq) - 1;
    let [d, a] = DIAGONALS[sq];
    line_attacks(occ, d, below) | line_attacks(occ, a, below)
}

// ---------------------------------------------------------------------------
// The position.

/// The quad-bitboard position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Quad {
    q: [u64; 4],
    castling: u64,
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
    ep: u8,
    turn: Color,
    chess960: bool,
}

/// The piece sets of a node, derived from the four boards.
#[derive(Clone, Copy)]
struct Sets {
    ours: u64,
    theirs: u64,
    occ: u64,
    pawns: u64,
    knights: u64,
    /// Bishops and queens.
    diag: u64,
    /// Rooks and queens.
    ortho: u64,
    kings: u64,
}

impl Quad {
    /// Derives the piece sets, `W` being the side to move.
    #[inline(always)]
    fn sets<const W: bool>(&self) -> Sets {
        let [q0, q1, q2, q3] = self.q;
        let occ = q0 | q1 | q2;
        let white = occ ^ q3;
        let (ours, theirs) = if W { (white, q3) } else { (q3, white) };
        Sets {
            ours,
            theirs,
            occ,
            pawns: q0 & !(q1 | q2),
            knights: q1 & !(q0 | q2),
            diag: q0 & (q1 ^ q2),
            ortho: q2 & !q1,
            kings: q1 & q2 & !q0,
        }
    }

    /// The Table 1 code on `sq` (0 when empty), gathered from the four boards.
    #[inline(always)]
    fn code_on(&self, sq: usize) -> u8 {
        let bit = |k: usize| ((self.q[k] >> sq) & 1) as u8;
        bit(0) | bit(1) << 1 | bit(2) << 2 | bit(3) << 3
    }

    /// Changes the code on `sq` by `diff` (old code XOR new code): four XORs.
    #[inline(always)]
    fn change(&mut self, sq: usize, diff: u8) {
        for k in 0..4 {
            self.q[k] ^= (((diff >> k) & 1) as u64) << (sq & 63);
        }
    }
}

/// `KEY_BASE[code]`: the offset of a piece's squares in [`zobrist::PIECE`]
/// (`(colour * 6 + role) * 64`); the unused codes 0, 7, 8 and 15 map to 0.
const KEY_BASE: [usize; 16] = {
    let mut t = [0; 16];
    let mut c = 0;
    while c < 16 {
        let role = c & 7;
        if role >= 1 && role <= 6 {
            t[c] = ((c >> 3) * 6 + role - 1) * 64;
        }
        c += 1;
    }
    t
};

/// The Zobrist key of the piece with code `c` on `sq`.
#[inline(always)]
fn piece_key(c: u8, sq: usize) -> u64 {
    zobrist::PIECE[KEY_BASE[(c & 15) as usize] + (sq & 63)]
}

// ---------------------------------------------------------------------------
// Move generation.

/// One rank forward for side `W`.
#[inline(always)]
const fn forward<const W: bool>(b: u64) -> u64 {
    if W { b << 8 } else { b >> 8 }
}

/// Captures towards the a-file (white +7, black -9).
#[inline(always)]
const fn towards_a<const W: bool>(b: u64) -> u64 {
    if W { (b & !FILE_A) << 7 } else { (b & !FILE_A) >> 9 }
}

/// Captures towards the h-file (white +9, black -7).
#[inline(always)]
const fn towards_h<const W: bool>(b: u64) -> u64 {
    if W { (b & !FILE_H) << 9 } else { (b & !FILE_H) >> 7 }
}

#[inline(always)]
fn lsb(b: u64) -> usize {
    b.trailing_zeros() as usize
}

/// The pin rays of the king on `ksq` against `snipers`, each ray with its pinner.
#[inline(always)]
fn pin_rays(ksq: usize, mut snipers: u64, occ: u64, ours: u64) -> u64 {
    let mut pins = 0;
    while snipers != 0 {
        let s = lsb(snipers);
        snipers &= snipers - 1;
        let ray = attacks::between(ksq, s);
        let blockers = ray & occ;
        if blockers & blockers.wrapping_sub(1) == 0 && blockers & ours != 0 {
            pins |= ray | (1u64 << s);
        }
    }
    pins
}

/// True when the pieces `s.theirs` attack `sq` (of side `W`'s view) given `occ`.
#[inline(always)]
fn attacked<const W: bool>(s: &Sets, sq: usize, occ: u64) -> bool {
    let us = if W { 0 } else { 1 };
    if (attacks::knight(sq) & s.knights | attacks::pawn(us, sq) & s.pawns | attacks::king(sq) & s.kings) & s.theirs != 0
    {
        return true;
    }
    (bishop_attacks(sq, occ) & s.diag & s.theirs) != 0 || (rook_attacks(sq, occ) & s.ortho & s.theirs) != 0
}

/// The enemy pieces attacking the king of `W` on `ksq`.
#[inline(always)]
fn checkers<const W: bool>(s: &Sets, ksq: usize) -> u64 {
    let us = if W { 0 } else { 1 };
    ((attacks::knight(ksq) & s.knights)
        | (attacks::pawn(us, ksq) & s.pawns)
        | (rook_attacks(ksq, s.occ) & s.ortho)
        | (bishop_attacks(ksq, s.occ) & s.diag))
        & s.theirs
}

impl Quad {
    /// Every legal move of side `W`, into `sink`.
    #[inline(always)]
    fn generate<const W: bool, T: BitSink<u64>>(&self, sink: &mut T) {
        let s = self.sets::<W>();
        let (ours, theirs, occ) = (s.ours, s.theirs, s.occ);
        let ksq = lsb(s.kings & ours);
        let checkers = checkers::<W>(&s, ksq);

        let without_king = occ ^ (1u64 << ksq);
        let mut steps = attacks::king(ksq) & !ours;
        let mut king_to = 0;
        while steps != 0 {
            let t = lsb(steps);
            steps &= steps - 1;
            if !attacked::<W>(&s, t, without_king) {
                king_to |= 1u64 << t;
            }
        }
        sink.piece(ksq, king_to);
        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check
        }
        let check_mask = if checkers == 0 { !0 } else { attacks::between(ksq, lsb(checkers)) | checkers };

        let their_rq = s.ortho & theirs;
        let their_bq = s.diag & theirs;
        let rook_rays = (RANK_1 << (ksq & 56)) ^ (FILE_A << (ksq & 7));
        let [d, a] = DIAGONALS[ksq & 63];
        let pin_hv = pin_rays(ksq, rook_rays & their_rq, occ, ours);
        let pin_d = pin_rays(ksq, (d | a) & their_bq, occ, ours);
        let target = !ours & check_mask;

        let mut knights = s.knights & ours & !(pin_hv | pin_d);
        while knights != 0 {
            let sq = lsb(knights);
            knights &= knights - 1;
            sink.piece(sq, attacks::knight(sq) & target);
        }

        let diag = s.diag & ours & !pin_hv;
        let mut free = diag & !pin_d;
        while free != 0 {
            let sq = lsb(free);
            free &= free - 1;
            sink.piece(sq, bishop_attacks(sq, occ) & target);
        }
        let mut pinned = diag & pin_d;
        while pinned != 0 {
            let sq = lsb(pinned);
            pinned &= pinned - 1;
            sink.piece(sq, bishop_attacks(sq, occ) & target & pin_d);
        }

        let ortho = s.ortho & ours & !pin_d;
        let mut free = ortho & !pin_hv;
        while free != 0 {
            let sq = lsb(free);
            free &= free - 1;
            sink.piece(sq, rook_attacks(sq, occ) & target);
        }
        let mut pinned = ortho & pin_hv;
        while pinned != 0 {
            let sq = lsb(pinned);
            pinned &= pinned - 1;
            sink.piece(sq, rook_attacks(sq, occ) & target & pin_hv);
        }

        let pawns = s.pawns & ours;
        let empty = !occ;
        let last = if W { RANK_8 } else { RANK_1 };
        let third = if W { RANK_3 } else { RANK_6 };
        let fwd: i32 = if W { 8 } else { -8 };
        let pushers = pawns & !pin_d;
        let one = (forward::<W>(pushers & !pin_hv) | (forward::<W>(pushers & pin_hv) & pin_hv)) & empty;
        let two = forward::<W>(one & third) & empty & check_mask;
        let one = one & check_mask;
        sink.pawns(one & !last, fwd);
        sink.promotions(one & last, fwd);
        sink.pawns(two, 2 * fwd);

        let capturers = pawns & !pin_hv;
        let victims = theirs & check_mask;
        let free = capturers & !pin_d;
        let pinned = capturers & pin_d;
        let to_a = (towards_a::<W>(free) | (towards_a::<W>(pinned) & pin_d)) & victims;
        let to_h = (towards_h::<W>(free) | (towards_h::<W>(pinned) & pin_d)) & victims;
        let (da, dh) = if W { (7, 9) } else { (-9, -7) };
        sink.pawns(to_a & !last, da);
        sink.promotions(to_a & last, da);
        sink.pawns(to_h & !last, dh);
        sink.promotions(to_h & last, dh);

        if self.ep != 0 {
            let us = if W { 0 } else { 1 };
            let ep = self.ep as usize;
            let captured = (ep as i32 - fwd) as usize;
            let mut from_squares = attacks::pawn(us ^ 1, ep) & pawns;
            while from_squares != 0 {
                let from = lsb(from_squares);
                from_squares &= from_squares - 1;
                let after = occ ^ (1u64 << from) ^ (1u64 << captured) ^ (1u64 << ep);
                let leapers = checkers & (s.knights | s.pawns) & !(1u64 << captured);
                if leapers == 0
                    && rook_attacks(ksq, after) & their_rq == 0
                    && bishop_attacks(ksq, after) & their_bq == 0
                {
                    sink.special(Move::en_passant(Square::from_index(from as u32), Square::from_index(ep as u32)));
                }
            }
        }

        if checkers == 0 {
            let mut rooks = self.castling & ours;
            while rooks != 0 {
                let r = lsb(rooks);
                rooks &= rooks - 1;
                let side = if r > ksq { CastlingSide::King } else { CastlingSide::Queen };
                let base = ksq & 56;
                let kto = base + side.king_to_file() as usize;
                let rto = base + side.rook_to_file() as usize;
                let movers = (1u64 << ksq) | (1u64 << r);
                let king_path = attacks::between(ksq, kto) | (1u64 << kto);
                let must_be_empty = (king_path | attacks::between(r, rto) | (1u64 << rto)) & !movers;
                if occ & must_be_empty != 0 {
                    continue;
                }
                let lifted = occ ^ movers;
                let mut path = king_path;
                let mut safe = true;
                while path != 0 {
                    let sq = lsb(path);
                    path &= path - 1;
                    if attacked::<W>(&s, sq, lifted) {
                        safe = false;
                        break;
                    }
                }
                if safe {
                    sink.special(Move::castle(Square::from_index(ksq as u32), Square::from_index(r as u32)));
                }
            }
        }
    }

    /// With the capturer to move after a double push: true when an en passant capture
    /// onto `ep` is legal. Out of line (it needs an enemy pawn beside the pushed one).
    #[cold]
    #[inline(never)]
    fn ep_capture_legal(&self, ep: usize) -> bool {
        if self.turn == Color::White { self.ep_legal_for::<true>(ep) } else { self.ep_legal_for::<false>(ep) }
    }

    fn ep_legal_for<const W: bool>(&self, ep: usize) -> bool {
        let us = if W { 0 } else { 1 };
        let s = self.sets::<W>();
        let ksq = lsb(s.kings & s.ours);
        let pushed = if W { ep - 8 } else { ep + 8 };
        let leapers =
            ((attacks::knight(ksq) & s.knights) | (attacks::pawn(us, ksq) & s.pawns)) & s.theirs & !(1u64 << pushed);
        if leapers != 0 {
            return false;
        }
        let mut capturers = attacks::pawn(us ^ 1, ep) & s.pawns & s.ours;
        while capturers != 0 {
            let from = lsb(capturers);
            capturers &= capturers - 1;
            let after = s.occ ^ (1u64 << from) ^ (1u64 << pushed) ^ (1u64 << ep);
            if rook_attacks(ksq, after) & s.ortho & s.theirs == 0 && bishop_attacks(ksq, after) & s.diag & s.theirs == 0
            {
                return true;
            }
        }
        false
    }

    /// Plays `m` and returns the code that stood on the captured square (0 for none).
    #[inline(always)]
    fn play_move(&mut self, m: Move) -> u8 {
        let us = self.turn.index();
        let color_bit = (us as u8) << 3;
        let from = m.from().index();
        let to = m.to().index();
        let mut key = self.zobrist ^ zobrist::SIDE;
        if self.ep != 0 {
            key ^= zobrist::EP[(self.ep & 7) as usize];
            self.ep = 0;
        }
        self.halfmove = self.halfmove.wrapping_add(1);
        self.fullmove = self.fullmove.wrapping_add(us as u32);
        let old_castling = self.castling;
        let own_rank = RANK_1 << (56 * us);
        let mut captured = 0u8;

        if m.is_castle() {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = from & 56;
            let kto = base + side.king_to_file() as usize;
            let rto = base + side.rook_to_file() as usize;
            let (king, rook) = (KING | color_bit, ROOK | color_bit);
            self.change(from, king);
            self.change(to, rook);
            self.change(kto, king);
            self.change(rto, rook);
            key ^= piece_key(king, from) ^ piece_key(king, kto) ^ piece_key(rook, to) ^ piece_key(rook, rto);
            self.castling &= !own_rank;
        } else {
            let mover = self.code_on(from);
            let landed = match m.promotion_role() {
                Some(promo) => code(us, promo.index()),
                None => mover,
            };
            if m.is_en_passant() {
                let cap = to ^ 8;
                captured = PAWN | (color_bit ^ BLACK);
                self.change(cap, captured);
                key ^= piece_key(captured, cap);
            } else {
                captured = self.code_on(to);
                if captured != 0 {
                    key ^= piece_key(captured, to);
                    self.halfmove = 0;
                }
            }
            self.change(from, mover);
            self.change(to, if m.is_en_passant() { landed } else { captured ^ landed });
            key ^= piece_key(mover, from) ^ piece_key(landed, to);
            let role = mover & 7;
            if role == PAWN {
                self.halfmove = 0;
                if from ^ to == 16 {
                    let ep = (from + to) / 2;
                    let [q0, q1, q2, q3] = self.q;
                    let their_pawns = q0 & !(q1 | q2) & if us == 0 { q3 } else { !q3 };
                    if attacks::pawn(us, ep) & their_pawns != 0 {
                        self.turn = self.turn.other();
                        if self.ep_capture_legal(ep) {
                            self.ep = ep as u8;
                            key ^= zobrist::EP[ep & 7];
                        }
                    }
                }
            } else if role == KING {
                self.castling &= !own_rank;
            }
            self.castling &= !((1u64 << from) | (1u64 << to));
        }
        if self.castling != old_castling {
            key ^= zobrist::castling(self.castling ^ old_castling);
        }
        self.zobrist = key;
        self.turn = if us == 0 { Color::Black } else { Color::White };
        captured
    }
}

/// What [`MakeUnmake::unmake`] needs to restore a [`Quad`] position.
#[derive(Clone, Copy, Debug)]
pub struct QuadUndo {
    castling: u64,
    zobrist: u64,
    halfmove: u32,
    ep: u8,
    /// The code that stood on the captured square (0 for none).
    captured: u8,
}

impl PerftNode for Quad {
    type Move = Move;

    #[inline]
    fn generate_moves(&self, out: &mut MoveList<Move>) {
        if self.turn == Color::White { self.generate::<true, _>(out) } else { self.generate::<false, _>(out) }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        let mut c = Counter(0);
        if self.turn == Color::White {
            self.generate::<true, _>(&mut c)
        } else {
            self.generate::<false, _>(&mut c)
        }
        c.0
    }

    #[inline(always)]
    fn apply(&mut self, mv: Move) {
        self.play_move(mv);
    }
}

impl MakeUnmake for Quad {
    type Undo = QuadUndo;

    #[inline]
    fn make(&mut self, mv: Move) -> QuadUndo {
        let (castling, zobrist, halfmove, ep) = (self.castling, self.zobrist, self.halfmove, self.ep);
        let captured = self.play_move(mv);
        QuadUndo { castling, zobrist, halfmove, ep, captured }
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: QuadUndo) {
        self.turn = self.turn.other();
        let us = self.turn.index();
        let color_bit = (us as u8) << 3;
        self.fullmove = self.fullmove.wrapping_sub(us as u32);
        let from = m.from().index();
        let to = m.to().index();
        if m.is_castle() {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = from & 56;
            let kto = base + side.king_to_file() as usize;
            let rto = base + side.rook_to_file() as usize;
            let (king, rook) = (KING | color_bit, ROOK | color_bit);
            self.change(kto, king);
            self.change(rto, rook);
            self.change(from, king);
            self.change(to, rook);
        } else {
            let landed = self.code_on(to);
            let mover = if m.promotion_role().is_some() { PAWN | color_bit } else { landed };
            if m.is_en_passant() {
                self.change(to, landed);
                self.change(to ^ 8, undo.captured);
            } else {
                self.change(to, landed ^ undo.captured);
            }
            self.change(from, mover);
        }
        self.castling = undo.castling;
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.ep = undo.ep;
    }
}

impl Board for Quad {
    const NAME: &'static str = "quad";

    fn from_position(pos: &Position) -> Self {
        let mut q = [0u64; 4];
        for color in 0..2 {
            for role in 0..6 {
                let set = pos.by_role[role] & pos.by_color[color];
                let c = code(color, role);
                for (k, board) in q.iter_mut().enumerate() {
                    if (c >> k) & 1 != 0 {
                        *board |= set;
                    }
                }
            }
        }
        Quad {
            q,
            castling: pos.castling,
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            ep: pos.ep.map_or(0, |s| s.index() as u8),
            turn: pos.turn,
            chess960: pos.chess960,
        }
    }

    fn to_position(&self) -> Position {
        let s = self.sets::<true>();
        let queens = s.diag & s.ortho;
        Position {
            by_role: [s.pawns, s.knights, s.diag & !queens, s.ortho & !queens, queens, s.kings],
            by_color: [s.ours, s.theirs],
            turn: self.turn,
            castling: self.castling,
            ep: if self.ep == 0 { None } else { Square::new(self.ep) },
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
        if self.turn == Color::White {
            let s = self.sets::<true>();
            checkers::<true>(&s, lsb(s.kings & s.ours)) != 0
        } else {
            let s = self.sets::<false>();
            checkers::<false>(&s, lsb(s.kings & s.ours)) != 0
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.zobrist
    }
}

impl core::fmt::Debug for Quad {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "quad({})", self.to_position().fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::attacks::walk_rays as walk;

    #[test]
    fn sliders_match_ray_walking() {
        let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let mut x = 0x1234_5678_9abc_def1u64;
        for i in 0..40_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = if i % 2 == 0 { x } else { x & x.rotate_left(17) };
            let sq = (x >> 58) as usize;
            assert_eq!(rook_attacks(sq, occ), walk(sq, occ, &rook), "rook {sq} {occ:#x}");
            assert_eq!(bishop_attacks(sq, occ), walk(sq, occ, &bishop), "bishop {sq} {occ:#x}");
        }
        for sq in 0..64 {
            for occ in [0, u64::MAX] {
                assert_eq!(rook_attacks(sq, occ), walk(sq, occ, &rook));
                assert_eq!(bishop_attacks(sq, occ), walk(sq, occ, &bishop));
            }
        }
    }

    #[test]
    fn boards_hold_table_1_codes() {
        let b = Quad::from_position(&Position::startpos());
        // a1 white rook 0100, e1 white king 0110, e8 black king 1110, d7 black pawn 1001.
        assert_eq!(b.code_on(0), 4);
        assert_eq!(b.code_on(4), 6);
        assert_eq!(b.code_on(60), 14);
        assert_eq!(b.code_on(51), 9);
        assert_eq!(b.code_on(27), 0);
        assert_eq!(b.to_position(), Position::startpos());
    }

    #[test]
    fn layout_size() {
        assert_eq!(core::mem::size_of::<Quad>(), 64);
    }
}
