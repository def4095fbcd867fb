//! The skeleton of the bitboard family (see the module above): the legal generator,
//! make and unmake, and the queries of [`crate::SearchBoard`], written once for every
//! [`Technique`].

use super::{B, Bitboards, FILE_A, K, N, Occupancy, P, Pieces, Q, R, RANK_1, Tables, Technique, View};
use crate::board::PieceSets;
use crate::position::Position;
use crate::repr::Undo;
use crate::repr::common::{castle_targets, piece_of_code, square};
use crate::repr::sink::{ALL, BitSink, NOISY, QUIET, Stage, promotions};
use crate::types::{Move, MoveKind, Piece, Square};
use crate::zobrist;
use core::marker::PhantomData;
use polyboard_core::bitboard::Bits;
use polyboard_core::perft::PerftNode;

const RANK_3: u64 = RANK_1 << 16;
const RANK_6: u64 = RANK_1 << 40;
const RANK_8: u64 = RANK_1 << 56;
const FILE_H: u64 = FILE_A << 7;

/// The occupancy type of technique `T`'s lookups.
type Occ<T> = <<T as Technique>::Pieces as Pieces>::Occ;

/// Shifts a bitboard one rank forward for the side `W`.
#[inline(always)]
fn up<const W: bool, BB: Bits>(b: BB) -> BB {
    if W { b.shl(8) } else { b.shr(8) }
}

/// Pawn captures towards the a-file (white: +7, black: -9).
#[inline(always)]
fn up_left<const W: bool, BB: Bits>(b: BB) -> BB {
    let b = b & !BB::from_u64(FILE_A);
    if W { b.shl(7) } else { b.shr(9) }
}

/// Pawn captures towards the h-file (white: +9, black: -7).
#[inline(always)]
fn up_right<const W: bool, BB: Bits>(b: BB) -> BB {
    let b = b & !BB::from_u64(FILE_H);
    if W { b.shl(9) } else { b.shr(7) }
}

/// The squares the pawns `pawns` of the side `W` attack.
#[inline(always)]
fn pawn_attacks<const W: bool, BB: Bits>(pawns: BB) -> BB {
    up_left::<W, _>(pawns) | up_right::<W, _>(pawns)
}

/// The back rank of colour index `us`.
#[inline(always)]
fn back_rank<BB: Bits>(us: usize) -> BB {
    BB::from_u64(if us == 0 { RANK_1 } else { RANK_8 })
}

/// The XOR of the castling keys of the rook squares in `rooks`.
#[inline]
fn castle_key<BB: Bits>(mut rooks: BB) -> u64 {
    let mut k = 0;
    while rooks.any() {
        k ^= zobrist::CASTLE[rooks.lsb() & 63];
        rooks = rooks.clear_lsb();
    }
    k
}

impl<T: Technique> Bitboards<T> {
    /// Rook attacks from `sq` that hit `targets`, looked up only when one of `targets`
    /// stands on the rook lines of `sq` on an empty board: one table read and a test
    /// that spares most lookups in king step, castling and check tests. It pays for
    /// every technique (5 to 20% of bulk perft, measured), the cheap lookups too.
    #[inline(always)]
    fn rook_hits(sq: usize, occ: &Occ<T>, targets: T::BB) -> T::BB {
        if (T::BB::rook_rays(sq) & targets).is_empty() {
            return T::BB::EMPTY;
        }
        T::rook(sq, occ) & targets
    }

    /// Bishop attacks from `sq` that hit `targets`, guarded as [`Self::rook_hits`].
    #[inline(always)]
    fn bishop_hits(sq: usize, occ: &Occ<T>, targets: T::BB) -> T::BB {
        if (T::BB::bishop_rays(sq) & targets).is_empty() {
            return T::BB::EMPTY;
        }
        T::bishop(sq, occ) & targets
    }

    /// True when `sq` is attacked by the side other than `W`, given the occupancy `occ`.
    #[inline(always)]
    fn attacked<const W: bool>(v: &View<T::BB>, sq: usize, occ: &Occ<T>) -> bool {
        let us = if W { 0 } else { 1 };
        let theirs = v.color[us ^ 1];
        if ((T::BB::knight(sq) & v.knights | T::BB::pawn(us, sq) & v.pawns | T::BB::king(sq) & v.kings) & theirs).any()
        {
            return true;
        }
        Self::bishop_hits(sq, occ, v.diag & theirs).any() || Self::rook_hits(sq, occ, v.ortho & theirs).any()
    }

    /// The squares of `near` that the side other than `W` attacks, given the occupancy
    /// `occ`: the enemy's attacks set by set (Gigantua's king ban), its pawns by shifts,
    /// a slider looked up only when its empty-board lines reach `near`. For the king's
    /// steps, this costs one lookup per enemy piece where testing each step costs five.
    #[inline(always)]
    fn attacks_on<const W: bool>(v: &View<T::BB>, near: T::BB, occ: &Occ<T>) -> T::BB {
        let theirs = v.color[if W { 1 } else { 0 }];
        let pawns = v.pawns & theirs;
        // Their pawns capture towards our side: down the board when we are White.
        let mut ban = if W { pawn_attacks::<false, _>(pawns) } else { pawn_attacks::<true, _>(pawns) };
        ban |= T::BB::king((v.kings & theirs).lsb());
        let mut knights = v.knights & theirs;
        while knights.any() {
            ban |= T::BB::knight(knights.lsb());
            knights = knights.clear_lsb();
        }
        let mut diag = v.diag & theirs;
        while diag.any() {
            let s = diag.lsb();
            diag = diag.clear_lsb();
            if (T::BB::bishop_rays(s) & near).any() {
                ban |= T::bishop(s, occ);
            }
        }
        let mut ortho = v.ortho & theirs;
        while ortho.any() {
            let s = ortho.lsb();
            ortho = ortho.clear_lsb();
            if (T::BB::rook_rays(s) & near).any() {
                ban |= T::rook(s, occ);
            }
        }
        ban & near
    }

    /// The enemy pieces that attack the king of colour index `us` on `ksq`.
    #[inline(always)]
    fn checkers_of(v: &View<T::BB>, us: usize, ksq: usize, occ: &Occ<T>) -> T::BB {
        let theirs = v.color[us ^ 1];
        ((T::BB::knight(ksq) & v.knights) | (T::BB::pawn(us, ksq) & v.pawns)) & theirs
            | Self::rook_hits(ksq, occ, v.ortho & theirs)
            | Self::bishop_hits(ksq, occ, v.diag & theirs)
    }

    /// The enemy sliders `snipers` (on the king's empty-board lines of one kind) sorted by
    /// what stands between each and the king on `ksq`, in one pass over the `between`
    /// table: nothing (it gives check: the first set) or exactly one piece, ours (it pins:
    /// the squares between and the sniper itself go into the second set, the pin rays).
    /// The slider checks need no lookup of the technique's own this way.
    #[inline(always)]
    fn snipe(mut snipers: T::BB, ksq: usize, occ: T::BB, ours: T::BB) -> (T::BB, T::BB) {
        let mut checkers = T::BB::EMPTY;
        let mut pinned = T::BB::EMPTY;
        while snipers.any() {
            let s = snipers.lsb();
            snipers = snipers.clear_lsb();
            let ray = T::BB::between(ksq, s);
            let blockers = ray & occ;
            if blockers.is_empty() {
                checkers |= T::BB::bit(s);
            } else if !blockers.more_than_one() && (blockers & ours).any() {
                pinned |= ray | T::BB::bit(s);
            }
        }
        (checkers, pinned)
    }

    /// The moves of the sliders `movers` along the lines `attacks` gives, to `target`:
    /// those pinned on a line of the movers' kind (`pin`, the pin rays of that kind)
    /// only along it. Each has role `role`, or is a queen when it is in `queens`.
    #[inline(always)]
    fn slider_moves<S: BitSink<T::BB>>(
        sink: &mut S,
        (movers, role, queens): (T::BB, usize, T::BB),
        pin: T::BB,
        target: T::BB,
        attacks: impl Fn(usize) -> T::BB,
    ) {
        let role_of = |s: usize| role + (Q - role) * queens.get(s);
        let mut free = movers & !pin;
        while free.any() {
            let s = free.lsb();
            free = free.clear_lsb();
            sink.piece(role_of(s), s, attacks(s) & target);
        }
        let mut pinned = movers & pin;
        while pinned.any() {
            let s = pinned.lsb();
            pinned = pinned.clear_lsb();
            sink.piece(role_of(s), s, attacks(s) & target & pin);
        }
    }

    /// Generates the legal moves of side `W` of stage `STAGE` into `sink`.
    #[inline(always)]
    fn generate<const W: bool, const STAGE: Stage, S: BitSink<T::BB>>(&self, sink: &mut S) {
        let us = if W { 0 } else { 1 };
        let v = self.pieces.view();
        let lookup_occ = self.pieces.occupancy();
        let ours = v.color[us];
        let theirs = v.color[us ^ 1];
        let occ = v.occ;
        // The targets of the stage: captures, quiet squares, or both.
        let stage_mask = match STAGE {
            NOISY => theirs,
            QUIET => !occ,
            _ => T::BB::FULL,
        };
        let ksq = (v.kings & ours).lsb();
        // Slider checks and pins in one pass over the enemy sliders on the king's lines.
        let (hv_checkers, pin_hv) = Self::snipe(T::BB::rook_rays(ksq) & v.ortho & theirs, ksq, occ, ours);
        let (d_checkers, pin_d) = Self::snipe(T::BB::bishop_rays(ksq) & v.diag & theirs, ksq, occ, ours);
        let checkers =
            ((T::BB::knight(ksq) & v.knights) | (T::BB::pawn(us, ksq) & v.pawns)) & theirs | hv_checkers | d_checkers;

        // King steps: those no enemy piece attacks with the king lifted off the board.
        // One step is tested alone; two or more against the enemy's attacks.
        let steps = T::BB::king(ksq) & !ours & stage_mask;
        let king_targets = if steps.more_than_one() {
            steps & !Self::attacks_on::<W>(&v, steps, &lookup_occ.flip(ksq))
        } else if steps.any() && !Self::attacked::<W>(&v, steps.lsb(), &lookup_occ.flip(ksq)) {
            steps
        } else {
            T::BB::EMPTY
        };
        sink.piece(K, ksq, king_targets);

        if checkers.more_than_one() {
            return; // double check: only the king moves
        }
        let check_mask = if checkers.is_empty() { T::BB::FULL } else { T::BB::between(ksq, checkers.lsb()) | checkers };

        let target = !ours & check_mask & stage_mask;

        // Knights: a pinned knight never moves.
        let mut knights = v.knights & ours & !(pin_hv | pin_d);
        while knights.any() {
            let s = knights.lsb();
            knights = knights.clear_lsb();
            sink.piece(N, s, T::BB::knight(s) & target);
        }

        // Diagonal movers (bishops, queens), not pinned on a rank or file; then
        // orthogonal movers (rooks, queens), not pinned on a diagonal.
        let queens = v.diag & v.ortho;
        Self::slider_moves(sink, (v.diag & ours & !pin_hv, B, queens), pin_d, target, |s| T::bishop(s, &lookup_occ));
        Self::slider_moves(sink, (v.ortho & ours & !pin_d, R, queens), pin_hv, target, |s| T::rook(s, &lookup_occ));

        // Pawns, set-wise.
        let pawns = v.pawns & ours;
        let empty = !occ;
        let last = T::BB::from_u64(if W { RANK_8 } else { RANK_1 });
        let push_rank = T::BB::from_u64(if W { RANK_3 } else { RANK_6 });
        let fwd: i32 = if W { 8 } else { -8 };

        let pushers = pawns & !pin_d;
        let single = (up::<W, _>(pushers & !pin_hv) | (up::<W, _>(pushers & pin_hv) & pin_hv)) & empty;
        let double = up::<W, _>(single & push_rank) & empty & check_mask;
        let single = single & check_mask;
        if STAGE != NOISY {
            sink.pawns(single & !last, fwd);
        }
        sink.promotions::<STAGE>(single & last, fwd);
        if STAGE != NOISY {
            sink.pawns(double, 2 * fwd);
        }
        if STAGE == QUIET {
            self.castle::<W, S>(sink, &v, ksq, &lookup_occ, checkers, king_targets);
            return;
        }

        let capturers = pawns & !pin_hv;
        let enemies = theirs & check_mask;
        let free = capturers & !pin_d;
        let pinned = capturers & pin_d;
        let left = (up_left::<W, _>(free) | (up_left::<W, _>(pinned) & pin_d)) & enemies;
        let right = (up_right::<W, _>(free) | (up_right::<W, _>(pinned) & pin_d)) & enemies;
        let (dl, dr) = if W { (7, 9) } else { (-9, -7) };
        sink.pawns(left & !last, dl);
        sink.promotions::<ALL>(left & last, dl);
        sink.pawns(right & !last, dr);
        sink.promotions::<ALL>(right & last, dr);

        if self.ep != 0 {
            self.ep_captures(&v, ksq, &lookup_occ, self.ep as usize, |mv| {
                sink.special(mv);
                false
            });
        }
        if STAGE == ALL {
            self.castle::<W, S>(sink, &v, ksq, &lookup_occ, checkers, king_targets);
        }
    }

    /// The legal en passant captures of the side to move onto `ep`, each passed to
    /// `found` until it returns true; returns whether it did. A knight or pawn check
    /// other than by the captured pawn stands; the capture empties two squares of one
    /// line, so the king's slider lines are looked up again on the board after it.
    #[inline(always)]
    fn ep_captures(
        &self,
        v: &View<T::BB>,
        ksq: usize,
        occ: &Occ<T>,
        ep: usize,
        mut found: impl FnMut(Move) -> bool,
    ) -> bool {
        let us = self.turn.index();
        let theirs = v.color[us ^ 1];
        let captured = if us == 0 { ep - 8 } else { ep + 8 };
        let leapers = (T::BB::knight(ksq) & v.knights) | (T::BB::pawn(us, ksq) & v.pawns);
        if (leapers & theirs & !T::BB::bit(captured)).any() {
            return false;
        }
        let mut capturers = T::BB::pawn(us ^ 1, ep) & v.pawns & v.color[us];
        while capturers.any() {
            let from = capturers.lsb();
            capturers = capturers.clear_lsb();
            if Self::ep_keeps_king_safe(v, theirs, ksq, occ, [from, captured, ep])
                && found(Move::en_passant(square(from), square(ep)))
            {
                return true;
            }
        }
        false
    }

    /// True when no slider of `theirs` attacks the king on `ksq` once the capturer,
    /// the captured pawn and the target square of an en passant capture (`squares`)
    /// are flipped in the occupancy `occ`.
    #[inline(always)]
    fn ep_keeps_king_safe(v: &View<T::BB>, theirs: T::BB, ksq: usize, occ: &Occ<T>, squares: [usize; 3]) -> bool {
        let after = occ.flip(squares[0]).flip(squares[1]).flip(squares[2]);
        Self::rook_hits(ksq, &after, v.ortho & theirs).is_empty()
            && Self::bishop_hits(ksq, &after, v.diag & theirs).is_empty()
    }

    /// The legal castling moves of side `W` (Chess960 rules; standard chess is the
    /// special case), given the king's legal steps `steps`.
    ///
    /// With the king on its e-file square and the rights on the corner rooks (standard
    /// chess, and the Chess960 starts that look like it), the squares to be empty and
    /// crossed are constants, and the square the king crosses is one of its steps,
    /// already tested with the king lifted (lifting a corner rook too uncovers nothing:
    /// nothing stands beyond it on the back rank), so one attack test remains a side.
    /// This costs a third of what the general path below does (each right's squares
    /// looked up in the 32 KiB `between` table, every path square tested), which
    /// measured 13% of bulk perft over the five CPW positions.
    #[inline(always)]
    fn castle<const W: bool, S: BitSink<T::BB>>(
        &self,
        sink: &mut S,
        v: &View<T::BB>,
        ksq: usize,
        occ: &Occ<T>,
        checkers: T::BB,
        steps: T::BB,
    ) {
        let us = if W { 0 } else { 1 };
        let rooks = self.castling & v.color[us];
        if rooks.is_empty() || checkers.any() {
            return;
        }
        let home = if W { 4 } else { 60 };
        let corners = T::BB::bit(home - 4) | T::BB::bit(home + 3);
        if ksq == home && (rooks & !corners).is_empty() {
            let without = occ.flip(ksq);
            // Queen side first (the general path's order, lowest rook square first): b,
            // c and d empty, d a legal step, c not attacked.
            if rooks.has(home - 4)
                && (v.occ & (T::BB::bit(home - 3) | T::BB::bit(home - 2) | T::BB::bit(home - 1))).is_empty()
                && steps.has(home - 1)
                && !Self::attacked::<W>(v, home - 2, &without)
            {
                sink.special(Move::castle(square(ksq), square(home - 4)));
            }
            // King side: f and g empty, f a legal step, g not attacked.
            if rooks.has(home + 3)
                && (v.occ & (T::BB::bit(home + 1) | T::BB::bit(home + 2))).is_empty()
                && steps.has(home + 1)
                && !Self::attacked::<W>(v, home + 2, &without)
            {
                sink.special(Move::castle(square(ksq), square(home + 3)));
            }
            return;
        }
        let mut rooks = rooks;
        while rooks.any() {
            let r = rooks.lsb();
            rooks = rooks.clear_lsb();
            let (kto, rto) = castle_targets(ksq, r);
            let movers = T::BB::bit(ksq) | T::BB::bit(r);
            let king_path = T::BB::between(ksq, kto) | T::BB::bit(kto);
            let must_be_empty = (king_path | T::BB::between(r, rto) | T::BB::bit(rto)) & !movers;
            if (v.occ & must_be_empty).any() {
                continue;
            }
            let without = occ.flip(ksq).flip(r);
            let mut path = king_path;
            let mut safe = true;
            while path.any() {
                let s = path.lsb();
                path = path.clear_lsb();
                if Self::attacked::<W>(v, s, &without) {
                    safe = false;
                    break;
                }
            }
            if safe {
                sink.special(Move::castle(square(ksq), square(r)));
            }
        }
    }

    /// After a double push (the side to move has just become the capturer), true when
    /// a capture onto `ep` is legal. Rare (an enemy pawn must stand beside the pushed
    /// one), so kept out of line.
    #[cold]
    #[inline(never)]
    fn ep_capture_legal(&self, ep: usize) -> bool {
        let v = self.pieces.view();
        let ksq = (v.kings & v.color[self.turn.index()]).lsb();
        self.ep_captures(&v, ksq, &self.pieces.occupancy(), ep, |_| true)
    }

    /// Plays `m` in place and returns what restores the state before it (the
    /// captured role, 6 for none).
    #[inline(always)]
    fn make_in_place(&mut self, m: Move) -> Undo<T::BB> {
        let (from, to, kind) = (m.from().index(), m.to().index(), m.kind());
        let role = match kind {
            MoveKind::Normal => self.pieces.role_on(from),
            MoveKind::Castle => K,
            _ => P,
        };
        self.play_move(role, from, to, kind, None)
    }

    /// Make's body: plays the move of kind `kind` of our piece of role index `role`
    /// from `from` to `to` (for castling, the king on `from` takes its rook on `to`).
    /// Make reads the role off the board; the perft walk passes the role and the kind
    /// the generator knows, and whether the move captures (`capture`, `None` to read it
    /// off the board), so the branches on them fold away.
    #[inline(always)]
    fn play_move(&mut self, role: usize, from: usize, to: usize, kind: MoveKind, capture: Option<bool>) -> Undo<T::BB> {
        let us = self.turn.index();
        let them = us ^ 1;
        let color = self.turn;
        let mut undo = self.undo_record();
        let mut key = self.begin_move();
        let old_castling = self.castling;
        let p = &mut self.pieces;
        let z = zobrist::piece_by_index;

        if kind == MoveKind::Castle {
            Self::castle_pieces(p, us, from, to);
            let (kto, rto) = castle_targets(from, to);
            key ^= z(us, K, from) ^ z(us, K, kto) ^ z(us, R, to) ^ z(us, R, rto);
            self.castling &= !back_rank::<T::BB>(us);
        } else {
            let moved = T::BB::bit(from) | T::BB::bit(to);
            if kind == MoveKind::EnPassant {
                let cap = to ^ 8;
                p.toggle(them, P, T::BB::bit(cap));
                p.flip(cap);
                p.flip(to);
                key ^= z(them, P, cap);
                undo.captured = P as u8;
            } else if capture.unwrap_or_else(|| p.occupied().has(to)) {
                let cr = p.role_on(to);
                p.toggle(them, cr, T::BB::bit(to));
                key ^= z(them, cr, to);
                undo.captured = cr as u8;
                self.halfmove = 0;
            } else {
                p.flip(to);
            }
            p.toggle(us, role, moved);
            p.flip(from);
            key ^= z(us, role, from) ^ z(us, role, to);
            if role == P {
                self.halfmove = 0;
                if let MoveKind::Promotion(promo) = kind {
                    p.retype(us, P, promo.index(), to);
                    key ^= z(us, P, to) ^ z(us, promo.index(), to);
                } else if from ^ to == 16 {
                    let ep = (from + to) / 2;
                    let v = p.view();
                    if (T::BB::pawn(us, ep) & v.pawns & v.color[them]).any() {
                        self.turn = color.other();
                        if self.ep_capture_legal(ep) {
                            self.ep = ep as u8;
                            key ^= zobrist::EP[ep & 7];
                        }
                    }
                }
            } else if role == K {
                // The mover's own back rank: a king can stray onto the other one.
                self.castling &= !back_rank::<T::BB>(us);
            }
            self.castling &= !moved;
        }
        if self.castling != old_castling {
            key ^= castle_key(self.castling ^ old_castling);
        }
        self.zobrist = key;
        self.turn = color.other();
        undo
    }

    /// Moves king and rook for castling with the king on `from` and the rook on `to`,
    /// or back (every change is an exclusive or).
    #[inline(always)]
    fn castle_pieces(p: &mut T::Pieces, us: usize, from: usize, to: usize) {
        let (kto, rto) = castle_targets(from, to);
        p.toggle(us, K, T::BB::bit(from) ^ T::BB::bit(kto));
        p.toggle(us, R, T::BB::bit(to) ^ T::BB::bit(rto));
        for s in [from, to, kto, rto] {
            p.flip(s);
        }
    }
}

representation!(impl[T: Technique] Bitboards<T>, T::NAME, BitSink<T::BB>, T::BB, u8, 6, 0, walk = perft_walk);

/// The family's own perft walk, in the manner of Gigantua: the generator's sink plays
/// each move as the generator finds it (copy-make into a child on this frame) and
/// walks below it. No move list is written and read back, and make is given the
/// mover's role and the move's kind, which the generator knows, instead of reading
/// them off the board and the move. `FULL`: the last ply is played, not counted.
struct Walk<'a, T: Technique, const FULL: bool> {
    parent: &'a Bitboards<T>,
    /// The parent's occupied squares: a target among them is a capture.
    occ: T::BB,
    /// Plies left below the parent (at least 1; at least 2 when counting in bulk).
    depth: u32,
    nodes: u64,
}

impl<T: Technique, const FULL: bool> Walk<'_, T, FULL> {
    /// Plays one move into a child and walks below it. The child is a `clone`, which
    /// copies field by field (see `Clone for Bitboards`), not `*self.parent`.
    #[allow(clippy::clone_on_copy)]
    #[inline(always)]
    fn visit(&mut self, role: usize, from: usize, to: usize, kind: MoveKind, capture: bool) {
        let mut child = self.parent.clone();
        child.play_move(role, from, to, kind, Some(capture));
        self.below(&child);
    }

    /// Counts the leaves below `child`.
    #[inline(always)]
    fn below(&mut self, child: &Bitboards<T>) {
        self.nodes += if FULL && self.depth == 1 {
            core::hint::black_box(child);
            1
        } else {
            child.walk_below::<FULL>(self.depth - 1)
        };
    }
}

impl<T: Technique, const FULL: bool> BitSink<T::BB> for Walk<'_, T, FULL> {
    #[inline(always)]
    fn piece(&mut self, role: usize, from: usize, targets: T::BB) {
        // Captures, then quiet moves: make branches on neither.
        let mut captures = targets & self.occ;
        while captures.any() {
            let to = captures.lsb();
            captures = captures.clear_lsb();
            self.visit(role, from, to, MoveKind::Normal, true);
        }
        let mut quiet = targets & !self.occ;
        while quiet.any() {
            let to = quiet.lsb();
            quiet = quiet.clear_lsb();
            self.visit(role, from, to, MoveKind::Normal, false);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, mut targets: T::BB, delta: i32) {
        while targets.any() {
            let to = targets.lsb();
            targets = targets.clear_lsb();
            self.visit(P, (to as i32 - delta) as usize, to, MoveKind::Normal, delta & 7 != 0);
        }
    }

    #[inline(always)]
    fn promotions<const STAGE: Stage>(&mut self, mut targets: T::BB, delta: i32) {
        while targets.any() {
            let to = targets.lsb();
            targets = targets.clear_lsb();
            for &role in promotions::<STAGE>() {
                self.visit(P, (to as i32 - delta) as usize, to, MoveKind::Promotion(role), delta & 7 != 0);
            }
        }
    }

    #[allow(clippy::clone_on_copy)]
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        let mut child = self.parent.clone();
        child.make_in_place(mv);
        self.below(&child);
    }
}

impl<T: Technique> Bitboards<T> {
    /// The leaf count at `depth >= 1` ([`Walk`]).
    fn walk_below<const FULL: bool>(&self, depth: u32) -> u64 {
        if !FULL && depth == 1 {
            return PerftNode::count_moves(self);
        }
        let mut walk = Walk::<T, FULL> { parent: self, occ: self.pieces.occupied(), depth, nodes: 0 };
        self.generate_stage::<ALL, _>(&mut walk);
        walk.nodes
    }

    /// `PerftNode::walk`: the family's own walk ([`Walk`]).
    fn perft_walk(&self, depth: u32, full: bool) -> u64 {
        if full { self.walk_below::<true>(depth) } else { self.walk_below::<false>(depth) }
    }
}

/// The representation's side of [`representation!`]: conversion, unmake of the pieces
/// and the queries, with the technique's own state and lookups.
impl<T: Technique> Bitboards<T> {
    fn of_position(pos: &Position) -> Self {
        Bitboards {
            pieces: T::Pieces::new(&pos.by_role, &pos.by_color),
            castling: T::BB::from_u64(pos.castling),
            zobrist: pos.zobrist(),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
            ep: pos.ep.map_or(0, |s| s.index() as u8),
            turn: pos.turn,
            chess960: pos.chess960,
            _t: PhantomData,
        }
    }

    fn castling_bits(&self) -> u64 {
        self.castling.to_u64()
    }

    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        (self.ep != 0).then(|| square(self.ep as usize))
    }

    /// Puts the pieces back as they stood before `m` (the side to move is already
    /// back).
    #[inline(always)]
    fn take_back(&mut self, m: Move, undo: &Undo<T::BB>) {
        let us = self.turn.index();
        let them = us ^ 1;
        let from = m.from().index();
        let to = m.to().index();
        let p = &mut self.pieces;
        if m.is_castle() {
            Self::castle_pieces(p, us, from, to);
            return;
        }
        if let Some(promo) = m.promotion_role() {
            p.retype(us, promo.index(), P, to);
        }
        let role = p.role_on(to);
        p.toggle(us, role, T::BB::bit(from) | T::BB::bit(to));
        p.flip(from);
        if undo.captured == 6 {
            p.flip(to);
        } else if m.is_en_passant() {
            p.toggle(them, P, T::BB::bit(to ^ 8));
            p.flip(to ^ 8);
            p.flip(to);
        } else {
            p.toggle(them, undo.captured as usize, T::BB::bit(to));
        }
    }

    fn in_check(&self) -> bool {
        let (v, us) = (self.pieces.view(), self.turn.index());
        Self::checkers_of(&v, us, (v.kings & v.color[us]).lsb(), &self.pieces.occupancy()).any()
    }

    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of_code(self.pieces.code_on(sq.index()))
    }

    #[inline]
    fn sets(&self) -> PieceSets {
        self.pieces.piece_sets()
    }

    /// The leapers from the tables, the sliders looked up by the technique under `occ`
    /// in its own form ([`Pieces::occupancy_of`]).
    #[inline]
    fn attackers_of(&self, sq: Square, occ: u64) -> u64 {
        let s = sq.index();
        let v = self.pieces.view();
        let occ = T::BB::from_u64(occ);
        let lookup_occ = self.pieces.occupancy_of(occ);
        let pawns = (T::BB::pawn(0, s) & v.color[1] | T::BB::pawn(1, s) & v.color[0]) & v.pawns;
        let set = (T::BB::knight(s) & v.knights)
            | (T::BB::king(s) & v.kings)
            | pawns
            | (T::rook(s, &lookup_occ) & v.ortho)
            | (T::bishop(s, &lookup_occ) & v.diag);
        (set & occ).to_u64()
    }
}
