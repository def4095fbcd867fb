//! `magic`: bitboards with fancy-magic sliding attacks (and `pext`, the same
//! generator with PEXT-indexed tables on CPUs with BMI2).
//!
//! # Layout (88 bytes)
//!
//! ```text
//! by_role:  [u64; 6]  pawns, knights, bishops, rooks, queens, kings (both colours)
//! by_color: [u64; 2]  white, black
//! castling: u64       rook squares that keep a castling right
//! zobrist:  u64       incremental key
//! halfmove, fullmove: u32
//! ep: u8 (0 = none; a real en passant square is never a1), turn: Color, chess960: bool
//! ```
//! Bit i of a bitboard is square i (a1 = 0, h8 = 63).
//!
//! # Move generation
//!
//! Fully legal, in the manner of the fastest generators (Gigantua, cozy-chess):
//! once per node the checkers, a check mask (the squares that block or capture a
//! single checker) and two pin masks (rays of horizontal/vertical and of diagonal
//! pins, each including the pinning piece) are computed. A piece pinned on one kind of
//! ray moves only along that kind, restricted to the mask; as the two rays of a kind
//! through the king are never parallel to the piece's other line of that kind, no
//! per-piece ray is needed. Pawns move set-wise by shifts. King moves and castling
//! test target squares with the king removed from the occupancy. En passant, the one
//! move that removes two pieces from a line, is checked by recomputing slider attacks
//! on the king.
//!
//! The side to move is a const generic (`W`), so each colour gets its own
//! straight-line code. The generator writes into a [`Sink`]: a counter at the leaves
//! (bulk counting, no move list), a move list elsewhere.

use crate::attacks::{self, Fancy, Sliders};
use crate::board::Board;
use crate::position::Position;
use crate::types::{CastlingSide, Color, Move, Role, Square};
use crate::zobrist;
use core::marker::PhantomData;
use polyboard_core::MoveList;
use polyboard_core::perft::{MakeUnmake, PerftNode};

const P: usize = 0;
const N: usize = 1;
const B: usize = 2;
const R: usize = 3;
const Q: usize = 4;
const K: usize = 5;

const RANK_1: u64 = 0xff;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;
const RANK_8: u64 = 0xff << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The bitboard position, generic over the slider lookup `S`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Bitboards<S: Sliders> {
    by_role: [u64; 6],
    by_color: [u64; 2],
    castling: u64,
    zobrist: u64,
    halfmove: u32,
    fullmove: u32,
    ep: u8,
    turn: Color,
    chess960: bool,
    _s: PhantomData<S>,
}

/// Fancy magic bitboards: the `magic` representation.
pub type Magic = Bitboards<Fancy>;

/// PEXT bitboards: the `pext` representation (BMI2 only).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub type PextBoard = Bitboards<attacks::Pext>;

/// Receives generated moves: a counter or a list.
trait Sink {
    /// Normal moves of the piece on `from` to each square of `targets`.
    fn piece(&mut self, from: usize, targets: u64);
    /// Pawn moves to `targets` from `target - delta` (no promotions).
    fn pawns(&mut self, targets: u64, delta: i32);
    /// Promotions to `targets` from `target - delta` (four moves each).
    fn promotions(&mut self, targets: u64, delta: i32);
    /// One special move (en passant or castling).
    fn special(&mut self, mv: Move);
}

struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: usize, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, _delta: i32) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: u64, _delta: i32) {
        self.0 += 4 * targets.count_ones() as u64;
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl Sink for MoveList<Move> {
    #[inline(always)]
    fn piece(&mut self, from: usize, mut targets: u64) {
        let from = Square::from_index(from as u32);
        while targets != 0 {
            self.push(Move::normal(from, Square::from_index(targets.trailing_zeros())));
            targets &= targets - 1;
        }
    }
    #[inline(always)]
    fn pawns(&mut self, mut targets: u64, delta: i32) {
        while targets != 0 {
            let to = targets.trailing_zeros() as i32;
            self.push(Move::normal(Square::from_index((to - delta) as u32), Square::from_index(to as u32)));
            targets &= targets - 1;
        }
    }
    #[inline(always)]
    fn promotions(&mut self, mut targets: u64, delta: i32) {
        while targets != 0 {
            let to = targets.trailing_zeros() as i32;
            let (f, t) = (Square::from_index((to - delta) as u32), Square::from_index(to as u32));
            for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
                self.push(Move::promotion(f, t, role));
            }
            targets &= targets - 1;
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Shifts a bitboard one rank forward for the side `W`.
#[inline(always)]
const fn up<const W: bool>(b: u64) -> u64 {
    if W { b << 8 } else { b >> 8 }
}

/// Pawn captures towards the a-file (white: +7, black: -9).
#[inline(always)]
const fn up_left<const W: bool>(b: u64) -> u64 {
    if W { (b & !FILE_A) << 7 } else { (b & !FILE_A) >> 9 }
}

/// Pawn captures towards the h-file (white: +9, black: -7).
#[inline(always)]
const fn up_right<const W: bool>(b: u64) -> u64 {
    if W { (b & !FILE_H) << 9 } else { (b & !FILE_H) >> 7 }
}

#[inline(always)]
fn lsb(b: u64) -> usize {
    b.trailing_zeros() as usize
}

impl<S: Sliders> Bitboards<S> {
    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The role on an occupied square, without branches.
    #[inline(always)]
    fn role_on(&self, sq: usize) -> usize {
        let bit = |i: usize| ((self.by_role[i] >> sq) & 1) as usize;
        bit(N) + 2 * bit(B) + 3 * bit(R) + 4 * bit(Q) + 5 * bit(K)
    }

    /// True when `sq` is attacked by the side other than `W`, given `occ`.
    #[inline(always)]
    fn attacked<const W: bool>(&self, sq: usize, occ: u64) -> bool {
        let us = if W { 0 } else { 1 };
        let theirs = self.by_color[us ^ 1];
        if (attacks::knight(sq) & self.by_role[N]
            | attacks::pawn(us, sq) & self.by_role[P]
            | attacks::king(sq) & self.by_role[K])
            & theirs
            != 0
        {
            return true;
        }
        let rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        (S::bishop(sq, occ) & bq) != 0 || (S::rook(sq, occ) & rq) != 0
    }

    #[inline(always)]
    fn checkers_of<const W: bool>(&self, ksq: usize, occ: u64) -> u64 {
        let us = if W { 0 } else { 1 };
        let theirs = self.by_color[us ^ 1];
        let rq = self.by_role[R] | self.by_role[Q];
        let bq = self.by_role[B] | self.by_role[Q];
        ((attacks::knight(ksq) & self.by_role[N])
            | (attacks::pawn(us, ksq) & self.by_role[P])
            | (S::rook(ksq, occ) & rq)
            | (S::bishop(ksq, occ) & bq))
            & theirs
    }

    /// Generates every legal move of side `W` into `sink`.
    #[inline(always)]
    fn generate<const W: bool, T: Sink>(&self, sink: &mut T) {
        let us = if W { 0 } else { 1 };
        let ours = self.by_color[us];
        let theirs = self.by_color[us ^ 1];
        let occ = ours | theirs;
        let ksq = lsb(self.by_role[K] & ours);
        let checkers = self.checkers_of::<W>(ksq, occ);

        // King steps.
        let occ_no_king = occ ^ (1u64 << ksq);
        let mut steps = attacks::king(ksq) & !ours;
        let mut king_targets = 0;
        while steps != 0 {
            let t = lsb(steps);
            steps &= steps - 1;
            if !self.attacked::<W>(t, occ_no_king) {
                king_targets |= 1u64 << t;
            }
        }
        sink.piece(ksq, king_targets);

        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check: only the king moves
        }
        let check_mask = if checkers == 0 { !0 } else { attacks::between(ksq, lsb(checkers)) | checkers };

        // Pin rays, each including its pinning piece.
        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let mut pin_hv = 0;
        let mut snipers = attacks::rook_rays(ksq) & their_rq;
        while snipers != 0 {
            let s = lsb(snipers);
            snipers &= snipers - 1;
            let ray = attacks::between(ksq, s);
            let blockers = ray & occ;
            if blockers & blockers.wrapping_sub(1) == 0 && blockers & ours != 0 {
                pin_hv |= ray | (1u64 << s);
            }
        }
        let mut pin_d = 0;
        let mut snipers = attacks::bishop_rays(ksq) & their_bq;
        while snipers != 0 {
            let s = lsb(snipers);
            snipers &= snipers - 1;
            let ray = attacks::between(ksq, s);
            let blockers = ray & occ;
            if blockers & blockers.wrapping_sub(1) == 0 && blockers & ours != 0 {
                pin_d |= ray | (1u64 << s);
            }
        }

        let target = !ours & check_mask;

        // Knights: a pinned knight never moves.
        let mut knights = self.by_role[N] & ours & !(pin_hv | pin_d);
        while knights != 0 {
            let s = lsb(knights);
            knights &= knights - 1;
            sink.piece(s, attacks::knight(s) & target);
        }

        // Diagonal movers (bishops, queens), not pinned on a rank or file.
        let diag = (self.by_role[B] | self.by_role[Q]) & ours & !pin_hv;
        let mut free = diag & !pin_d;
        while free != 0 {
            let s = lsb(free);
            free &= free - 1;
            sink.piece(s, S::bishop(s, occ) & target);
        }
        let mut pinned = diag & pin_d;
        while pinned != 0 {
            let s = lsb(pinned);
            pinned &= pinned - 1;
            sink.piece(s, S::bishop(s, occ) & target & pin_d);
        }

        // Orthogonal movers (rooks, queens), not pinned on a diagonal.
        let ortho = (self.by_role[R] | self.by_role[Q]) & ours & !pin_d;
        let mut free = ortho & !pin_hv;
        while free != 0 {
            let s = lsb(free);
            free &= free - 1;
            sink.piece(s, S::rook(s, occ) & target);
        }
        let mut pinned = ortho & pin_hv;
        while pinned != 0 {
            let s = lsb(pinned);
            pinned &= pinned - 1;
            sink.piece(s, S::rook(s, occ) & target & pin_hv);
        }

        // Pawns, set-wise.
        let pawns = self.by_role[P] & ours;
        let empty = !occ;
        let last = if W { RANK_8 } else { RANK_1 };
        let push_rank = if W { RANK_3 } else { RANK_6 };
        let fwd: i32 = if W { 8 } else { -8 };

        let pushers = pawns & !pin_d;
        let single = (up::<W>(pushers & !pin_hv) | (up::<W>(pushers & pin_hv) & pin_hv)) & empty;
        let double = up::<W>(single & push_rank) & empty & check_mask;
        let single = single & check_mask;
        sink.pawns(single & !last, fwd);
        sink.promotions(single & last, fwd);
        sink.pawns(double, 2 * fwd);

        let capturers = pawns & !pin_hv;
        let enemies = theirs & check_mask;
        let free = capturers & !pin_d;
        let pinned = capturers & pin_d;
        let left = (up_left::<W>(free) | (up_left::<W>(pinned) & pin_d)) & enemies;
        let right = (up_right::<W>(free) | (up_right::<W>(pinned) & pin_d)) & enemies;
        let (dl, dr) = if W { (7, 9) } else { (-9, -7) };
        sink.pawns(left & !last, dl);
        sink.promotions(left & last, dl);
        sink.pawns(right & !last, dr);
        sink.promotions(right & last, dr);

        if self.ep != 0 {
            let ep = self.ep as usize;
            let captured = (ep as i32 - fwd) as usize;
            let mut candidates = attacks::pawn(us ^ 1, ep) & pawns;
            while candidates != 0 {
                let from = lsb(candidates);
                candidates &= candidates - 1;
                let after = occ ^ (1u64 << from) ^ (1u64 << captured) ^ (1u64 << ep);
                let leapers = checkers & (self.by_role[N] | self.by_role[P]) & !(1u64 << captured);
                if leapers == 0 && S::rook(ksq, after) & their_rq == 0 && S::bishop(ksq, after) & their_bq == 0 {
                    sink.special(Move::en_passant(Square::from_index(from as u32), Square::from_index(ep as u32)));
                }
            }
        }

        // Castling.
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
                let without = occ ^ movers;
                let mut path = king_path;
                let mut safe = true;
                while path != 0 {
                    let s = lsb(path);
                    path &= path - 1;
                    if self.attacked::<W>(s, without) {
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

    /// After a double push (the side to move has just become the capturer), true when
    /// a capture onto `ep` is legal: removing the capturer and the pushed pawn must not
    /// expose the capturer's king to a slider, and no knight or other pawn may give check.
    /// Rare (an enemy pawn must stand beside the pushed one), so kept out of line.
    #[cold]
    #[inline(never)]
    fn ep_capture_legal(&self, ep: usize) -> bool {
        let us = self.turn.index();
        let ours = self.by_color[us];
        let theirs = self.by_color[us ^ 1];
        let occ = ours | theirs;
        let ksq = lsb(self.by_role[K] & ours);
        let pushed = if us == 0 { ep - 8 } else { ep + 8 };
        let leapers = ((attacks::knight(ksq) & self.by_role[N]) | (attacks::pawn(us, ksq) & self.by_role[P]))
            & theirs
            & !(1u64 << pushed);
        if leapers != 0 {
            return false;
        }
        let their_rq = (self.by_role[R] | self.by_role[Q]) & theirs;
        let their_bq = (self.by_role[B] | self.by_role[Q]) & theirs;
        let mut capturers = attacks::pawn(us ^ 1, ep) & self.by_role[P] & ours;
        while capturers != 0 {
            let from = lsb(capturers);
            capturers &= capturers - 1;
            let after = occ ^ (1u64 << from) ^ (1u64 << pushed) ^ (1u64 << ep);
            if S::rook(ksq, after) & their_rq == 0 && S::bishop(ksq, after) & their_bq == 0 {
                return true;
            }
        }
        false
    }

    #[inline(always)]
    fn toggle(&mut self, color: usize, role: usize, bits: u64) {
        self.by_role[role] ^= bits;
        self.by_color[color] ^= bits;
    }

    /// Plays `m` in place and returns the captured role (6 for none).
    #[inline(always)]
    fn make_in_place(&mut self, m: Move) -> u8 {
        let us = self.turn.index();
        let them = us ^ 1;
        let color = self.turn;
        let from = m.from().index();
        let to = m.to().index();
        let mut key = self.zobrist ^ zobrist::SIDE;
        if self.ep != 0 {
            key ^= zobrist::EP[(self.ep & 7) as usize];
            self.ep = 0;
        }
        self.halfmove += 1;
        if us == 1 {
            self.fullmove += 1;
        }
        let mut captured = 6u8;
        let old_castling = self.castling;

        if m.is_castle() {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = from & 56;
            let kto = base + side.king_to_file() as usize;
            let rto = base + side.rook_to_file() as usize;
            self.toggle(us, K, 1u64 << from);
            self.toggle(us, R, 1u64 << to);
            self.toggle(us, K, 1u64 << kto);
            self.toggle(us, R, 1u64 << rto);
            key ^= zobrist::piece(color, Role::King, from)
                ^ zobrist::piece(color, Role::King, kto)
                ^ zobrist::piece(color, Role::Rook, to)
                ^ zobrist::piece(color, Role::Rook, rto);
            self.castling &= !(RANK_1 << (56 * us));
        } else {
            let role = self.role_on(from);
            let moved = (1u64 << from) | (1u64 << to);
            if m.is_en_passant() {
                let cap = to ^ 8;
                self.toggle(them, P, 1u64 << cap);
                key ^= zobrist::piece(color.other(), Role::Pawn, cap);
                captured = P as u8;
            } else if self.by_color[them] & (1u64 << to) != 0 {
                let cr = self.role_on(to);
                self.toggle(them, cr, 1u64 << to);
                key ^= zobrist::piece(color.other(), Role::from_index(cr), to);
                captured = cr as u8;
                self.halfmove = 0;
            }
            self.toggle(us, role, moved);
            key ^=
                zobrist::piece(color, Role::from_index(role), from) ^ zobrist::piece(color, Role::from_index(role), to);
            if role == P {
                self.halfmove = 0;
                if let Some(promo) = m.promotion_role() {
                    self.by_role[P] ^= 1u64 << to;
                    self.by_role[promo.index()] ^= 1u64 << to;
                    key ^= zobrist::piece(color, Role::Pawn, to) ^ zobrist::piece(color, promo, to);
                } else if from ^ to == 16 {
                    let ep = (from + to) / 2;
                    if attacks::pawn(us, ep) & self.by_role[P] & self.by_color[them] != 0 {
                        self.turn = color.other();
                        if self.ep_capture_legal(ep) {
                            self.ep = ep as u8;
                            key ^= zobrist::EP[ep & 7];
                        }
                        self.turn = color;
                    }
                }
            } else if role == K {
                // The mover's own back rank: a king can stray onto the other one.
                self.castling &= !(RANK_1 << (56 * us));
            }
            self.castling &= !moved;
        }
        if self.castling != old_castling {
            key ^= zobrist::castling(self.castling ^ old_castling);
        }
        self.zobrist = key;
        self.turn = color.other();
        captured
    }
}

/// What [`MakeUnmake::unmake`] needs to restore a [`Bitboards`] position.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    castling: u64,
    zobrist: u64,
    halfmove: u32,
    ep: u8,
    captured: u8,
}

impl<S: Sliders> PerftNode for Bitboards<S> {
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
        self.make_in_place(mv);
    }
}

impl<S: Sliders> MakeUnmake for Bitboards<S> {
    type Undo = Undo;

    #[inline]
    fn make(&mut self, mv: Move) -> Undo {
        let (castling, zobrist, halfmove, ep) = (self.castling, self.zobrist, self.halfmove, self.ep);
        let captured = self.make_in_place(mv);
        Undo { castling, zobrist, halfmove, ep, captured }
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: Undo) {
        self.turn = self.turn.other();
        let us = self.turn.index();
        let them = us ^ 1;
        if self.turn == Color::Black {
            self.fullmove -= 1;
        }
        let from = m.from().index();
        let to = m.to().index();
        if m.is_castle() {
            let side = if to > from { CastlingSide::King } else { CastlingSide::Queen };
            let base = from & 56;
            let kto = base + side.king_to_file() as usize;
            let rto = base + side.rook_to_file() as usize;
            self.toggle(us, K, 1u64 << kto);
            self.toggle(us, R, 1u64 << rto);
            self.toggle(us, K, 1u64 << from);
            self.toggle(us, R, 1u64 << to);
        } else {
            if let Some(promo) = m.promotion_role() {
                self.by_role[promo.index()] ^= 1u64 << to;
                self.by_role[P] ^= 1u64 << to;
            }
            let role = self.role_on(to);
            self.toggle(us, role, (1u64 << from) | (1u64 << to));
            if undo.captured != 6 {
                let cap = if m.is_en_passant() { to ^ 8 } else { to };
                self.toggle(them, undo.captured as usize, 1u64 << cap);
            }
        }
        self.castling = undo.castling;
        self.zobrist = undo.zobrist;
        self.halfmove = undo.halfmove;
        self.ep = undo.ep;
    }
}

impl<S: Sliders> Board for Bitboards<S> {
    const NAME: &'static str = S::NAME;

    fn from_position(pos: &Position) -> Self {
        Bitboards {
            by_role: pos.by_role,
            by_color: pos.by_color,
            castling: pos.castling,
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            ep: pos.ep.map_or(0, |s| s.index() as u8),
            turn: pos.turn,
            chess960: pos.chess960,
            _s: PhantomData,
        }
    }

    fn to_position(&self) -> Position {
        Position {
            by_role: self.by_role,
            by_color: self.by_color,
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
        let occ = self.occupied();
        let ours = self.by_color[self.turn.index()];
        let ksq = lsb(self.by_role[K] & ours);
        if self.turn == Color::White {
            self.checkers_of::<true>(ksq, occ) != 0
        } else {
            self.checkers_of::<false>(ksq, occ) != 0
        }
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.zobrist
    }
}

impl<S: Sliders> core::fmt::Debug for Bitboards<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}({})", S::NAME, self.to_position().fen())
    }
}
