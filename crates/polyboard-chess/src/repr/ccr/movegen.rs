//! Sections 4.3 and 5.1 of the paper: move generation by rank displacement and mask
//! shifts, dispatched through a jump table on the 4-bit code; made legal with the
//! attack table of section 4.4 and a pin scan on the CCR.

use super::attacks::{ATTACK_MINOR, ATTACK_QUEEN_KING, ATTACK_ROOK, attack_table};
use super::{
    BISHOP, BLACK, Ccr, KING, KNIGHT, LSB, NIBBLE, NO_EP, PAWN, QUEEN, ROOK, black_lsb, code_lsb, each_rank,
    index_to_square, king_ranks, knight_ranks, occupied_lsb, rank_ray, sweep, white_lsb,
};
use crate::repr::sink::{ALL, NOISY, QUIET, Stage, promotions, push_promotions};
use crate::types::Move;
use polyboard_core::MoveList;

/// Pin line ids, kept per pinned piece in the `pins` nibbles: the line through the
/// king along which the piece may still move.
const FILE: u32 = 1;
/// Along the rank (displacement constant, mask shifted).
const RANK: u32 = 2;
/// Displacement and shift with the same sign: the a1-h8 diagonals.
const DIAG: u32 = 3;
/// Displacement and shift with opposite signs: the h1-a8 diagonals.
const ANTI: u32 = 4;

/// Receives generated moves: a counter (bulk counting) or a move list.
pub(super) trait Sink {
    /// Normal moves from internal index `from` to every `1111b` nibble of `t`, on
    /// rank element `d`.
    fn targets(&mut self, from: usize, d: usize, t: u32);
    /// The promotions of stage `STAGE` ([`promotions`]) from `from` to every `1111b`
    /// nibble of `t` on `d`.
    fn promotions<const STAGE: Stage>(&mut self, from: usize, d: usize, t: u32);
    /// One castling or en passant move.
    fn special(&mut self, mv: Move);
}

use crate::repr::sink::Counter;

impl Sink for Counter {
    #[inline(always)]
    fn targets(&mut self, _from: usize, _d: usize, t: u32) {
        self.0 += u64::from(t.count_ones() / 4);
    }
    #[inline(always)]
    fn promotions<const STAGE: Stage>(&mut self, _from: usize, _d: usize, t: u32) {
        self.0 += u64::from(t.count_ones() / 4) * promotions::<STAGE>().len() as u64;
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl Sink for MoveList<Move> {
    #[inline(always)]
    fn targets(&mut self, from: usize, d: usize, mut t: u32) {
        let from = index_to_square(from);
        while t != 0 {
            let n = (t.trailing_zeros() / 4) as usize;
            t &= !(NIBBLE << (4 * n));
            self.push(Move::normal(from, index_to_square(d * 8 + n)));
        }
    }
    #[inline(always)]
    fn promotions<const STAGE: Stage>(&mut self, from: usize, d: usize, mut t: u32) {
        while t != 0 {
            let n = (t.trailing_zeros() / 4) as usize;
            t &= !(NIBBLE << (4 * n));
            push_promotions::<STAGE>(self, index_to_square(from), index_to_square(d * 8 + n));
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// The state of one generation: the CCR, the masks the handlers test targets
/// against, and the sink. Every mask is in the CCR layout, `1111b` per square.
pub(super) struct Gen<'a, S, const W: bool, const STAGE: Stage> {
    ranks: &'a [u32; 8],
    /// Squares a piece other than the king may move to: not our own, and on the
    /// check-evasion squares (the checker and the squares between) when in check.
    /// In the quiet stage, the empty ones only.
    target: [u32; 8],
    /// `target` restricted to enemy pieces: pawn captures, and every capture in the
    /// noisy stage.
    capture: [u32; 8],
    /// A line id (FILE, RANK, DIAG, ANTI) in the nibble of each pinned piece.
    pins: [u32; 8],
    /// The other side's attack table (section 4.4), computed with our king lifted.
    their: [u32; 8],
    /// Our own pieces.
    own: [u32; 8],
    /// Every occupied nibble.
    occupied: [u32; 8],
    /// Our castling rights: bit `f` for a rook on file `f` of our back rank.
    castling: u32,
    in_check: bool,
    sink: &'a mut S,
}

/// A move handler of the jump table: generates the moves of our piece on rank
/// element `d`, nibble `n`.
type Handler<S, const W: bool, const STAGE: Stage> = fn(&mut Gen<'_, S, W, STAGE>, usize, usize);

/// The rank element and nibble mask of the square of rank element `d` and mask `m`
/// after a step of `DD` ranks and `DN` nibbles (-1, 0 or 1): off the board, a rank
/// element past 7 or a mask of 0.
#[inline(always)]
fn step<const DD: isize, const DN: i32>(d: usize, m: u32) -> (usize, u32) {
    (d.wrapping_add_signed(DD), if DN < 0 { m >> 4 } else { m << (4 * DN) })
}

impl<'a, S: Sink, const W: bool, const STAGE: Stage> Gen<'a, S, W, STAGE> {
    /// Section 5.1's jump table: the handler of every 4-bit code. Only our own codes
    /// are ever dispatched; the others point to a no-op.
    const JUMP: [Handler<S, W, STAGE>; 16] = {
        let none: Handler<S, W, STAGE> = nothing::<S, W, STAGE>;
        let mut table = [none; 16];
        let base = if W { 0 } else { BLACK as usize };
        table[base + PAWN as usize] = pawn::<S, W, STAGE>;
        table[base + KNIGHT as usize] = knight::<S, W, STAGE>;
        table[base + BISHOP as usize] = bishop::<S, W, STAGE>;
        table[base + ROOK as usize] = rook::<S, W, STAGE>;
        table[base + QUEEN as usize] = queen::<S, W, STAGE>;
        table[base + KING as usize] = king::<S, W, STAGE>;
        table
    };

    /// Code of one of our pieces.
    const fn ours(role: u32) -> u32 {
        if W { role } else { role | BLACK }
    }

    /// Code of one of their pieces.
    const fn theirs(role: u32) -> u32 {
        if W { role | BLACK } else { role }
    }

    /// Nibble markers (bit `4n`) of our pieces in rank `r`.
    #[inline(always)]
    fn own_lsb(r: u32) -> u32 {
        if W { white_lsb(r) } else { black_lsb(r) }
    }

    /// Nibble markers of their pieces in rank `r`.
    #[inline(always)]
    fn their_lsb(r: u32) -> u32 {
        if W { black_lsb(r) } else { white_lsb(r) }
    }

    /// The pin line id of our piece on (`d`, `n`), 0 when not pinned.
    #[inline(always)]
    fn pin(&self, d: usize, n: usize) -> u32 {
        (self.pins[d & 7] >> (4 * n)) & NIBBLE
    }

    /// Walks from the king along one line (`DD` ranks, `DN` nibbles per step). The
    /// first piece met decides: one of their sliders of the line's kind is a checker
    /// (its ray is ORed into `evasion`, returns 1); one of ours is pinned when the
    /// next piece beyond it is such a slider. A piece of ours that the attack table
    /// shows no slider of that kind attacking cannot be pinned, so the walk stops.
    #[inline(always)]
    fn scan<const DD: isize, const DN: i32, const LINE: u32>(
        &mut self,
        kd: usize,
        kn: usize,
        evasion: &mut [u32; 8],
    ) -> u32 {
        let ortho = LINE == FILE || LINE == RANK;
        let (slider, queen) =
            if ortho { (Self::theirs(ROOK), Self::theirs(QUEEN)) } else { (Self::theirs(BISHOP), Self::theirs(QUEEN)) };
        let slider_bits = if ortho { ATTACK_ROOK | ATTACK_QUEEN_KING } else { ATTACK_MINOR | ATTACK_QUEEN_KING };
        let (mut d, mut m) = (kd, NIBBLE << (4 * kn));
        loop {
            (d, m) = step::<DD, DN>(d, m);
            if d > 7 || m == 0 {
                return 0;
            }
            let r = self.ranks[d];
            if r & m == 0 {
                continue;
            }
            let shift = m.trailing_zeros();
            let p = (r >> shift) & NIBBLE;
            if Self::own_lsb(r) & m != 0 {
                if (self.their[d] >> shift) & slider_bits == 0 {
                    return 0;
                }
                let (pd, pm) = (d, m);
                loop {
                    (d, m) = step::<DD, DN>(d, m);
                    if d > 7 || m == 0 {
                        return 0;
                    }
                    let r = self.ranks[d];
                    if r & m != 0 {
                        let q = (r >> m.trailing_zeros()) & NIBBLE;
                        if q == slider || q == queen {
                            self.pins[pd] |= LINE << pm.trailing_zeros();
                        }
                        return 0;
                    }
                }
            }
            if self.in_check && (p == slider || p == queen) {
                // The checking ray: every square from the king to the checker.
                let (mut d2, mut m2) = (kd, NIBBLE << (4 * kn));
                loop {
                    (d2, m2) = step::<DD, DN>(d2, m2);
                    evasion[d2 & 7] |= m2;
                    if d2 == d && m2 == m {
                        return 1;
                    }
                }
            }
            return 0;
        }
    }

    /// Knight and pawn checkers of the king on (`kd`, `kn`), ORed into `evasion`.
    fn leaper_checkers(&self, kd: usize, kn: usize, evasion: &mut [u32; 8]) -> u32 {
        let b = 1u32 << (4 * kn);
        let mut count = 0;
        let mut probe = |d: usize, bits: u32, code: u32| {
            let hit = bits & code_lsb(self.ranks[d], code);
            count += hit.count_ones();
            evasion[d] |= hit * NIBBLE;
        };
        knight_ranks(kd, b, |e, m| probe(e, m, Self::theirs(KNIGHT)));
        // Their pawns attack towards us: a black pawn above a white king, and so on.
        each_rank(kd, [(if W { -1 } else { 1 }, (b << 4) | (b >> 4))], |e, m| probe(e, m, Self::theirs(PAWN)));
        count
    }

    /// Castling for our king on (`kd`, `kn`), not in check: the squares between
    /// king, rook and their targets must be empty but for the two, the king's path
    /// unattacked (one AND with the attack table's back rank), and no rook or queen of
    /// theirs may stand behind the castling rook on the rank (it would attack the path
    /// once the rook is lifted).
    fn castle(&mut self, kd: usize, kn: usize) {
        let mut rights = self.castling;
        let kfile = 7 - kn;
        let rank = self.ranks[kd & 7];
        while rights != 0 {
            let rfile = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            let rn = 7 - rfile;
            let king_side = rfile > kfile;
            let (kt, rt) = if king_side { (6, 5) } else { (2, 3) };
            let kspan = span(kfile, kt);
            let movers = (NIBBLE << (4 * kn)) | (NIBBLE << (4 * rn));
            if rank & !movers & (kspan | span(rfile, rt)) != 0 || self.their[kd & 7] & kspan != 0 {
                continue;
            }
            // Behind the rook, away from the king.
            let mut m = NIBBLE << (4 * rn);
            loop {
                m = if king_side { m >> 4 } else { m << 4 };
                if m == 0 || rank & m != 0 {
                    break;
                }
            }
            if m != 0 {
                let p = (rank >> m.trailing_zeros()) & NIBBLE;
                if p == Self::theirs(ROOK) || p == Self::theirs(QUEEN) {
                    continue;
                }
            }
            self.sink.special(Move::castle(index_to_square(kd * 8 + kn), index_to_square(kd * 8 + rn)));
        }
    }

    /// En passant onto file `file`: made on a copy of the CCR, then legal when the
    /// recomputed attack table leaves our king unattacked.
    #[cold]
    #[inline(never)]
    fn en_passant(&mut self, file: usize, kd: usize, kn: usize) {
        let en = 7 - file;
        let (ed, pd) = if W { (2, 3) } else { (5, 4) };
        let pawn = Self::ours(PAWN);
        for nn in [en + 1, en.wrapping_sub(1)] {
            if nn > 7 || (self.ranks[pd] >> (4 * nn)) & NIBBLE != pawn {
                continue;
            }
            let mut after = *self.ranks;
            after[pd] &= !((NIBBLE << (4 * nn)) | (NIBBLE << (4 * en)));
            after[ed] |= pawn << (4 * en);
            let att = attack_table(&after, !W, 0, 0);
            if (att[kd & 7] >> (4 * kn)) & NIBBLE == 0 {
                self.sink.special(Move::en_passant(index_to_square(pd * 8 + nn), index_to_square(ed * 8 + en)));
            }
        }
    }
}

/// Nibble mask of the files `a..=b` (either order) of one rank.
#[inline(always)]
fn span(a: usize, b: usize) -> u32 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    // File f is nibble 7 - f.
    (u32::MAX >> (4 * lo)) & (u32::MAX << (4 * (7 - hi)))
}

impl Ccr {
    /// Generates the legal moves of stage `STAGE` (see [`crate::repr::sink::Stage`]) of
    /// the side `W` (white when true) into `sink`.
    #[inline(always)]
    pub(super) fn generate<const W: bool, const STAGE: Stage, S: Sink>(&self, sink: &mut S) {
        let ranks = &self.ranks;
        let us = if W { 0 } else { 1 };
        let ksq = self.kings[us] as usize;
        let (kd, kn) = (ksq >> 3, ksq & 7);
        let kmask = NIBBLE << (4 * kn);

        // Their attacks, with our king lifted off so that it cannot step back along a
        // checking line.
        let their = attack_table(ranks, !W, kd, kmask);
        let in_check = their[kd] & kmask != 0;

        let mut g = Gen::<S, W, STAGE> {
            ranks,
            target: [0; 8],
            capture: [0; 8],
            pins: [0; 8],
            their,
            own: [0; 8],
            occupied: [0; 8],
            castling: u32::from(self.castling >> (8 * us)) & 0xff,
            in_check,
            sink,
        };

        let mut evasion = if in_check { [0u32; 8] } else { [u32::MAX; 8] };
        let mut checkers = g.scan::<-1, 0, FILE>(kd, kn, &mut evasion)
            + g.scan::<1, 0, FILE>(kd, kn, &mut evasion)
            + g.scan::<0, 1, RANK>(kd, kn, &mut evasion)
            + g.scan::<0, -1, RANK>(kd, kn, &mut evasion)
            + g.scan::<-1, -1, DIAG>(kd, kn, &mut evasion)
            + g.scan::<1, 1, DIAG>(kd, kn, &mut evasion)
            + g.scan::<-1, 1, ANTI>(kd, kn, &mut evasion)
            + g.scan::<1, -1, ANTI>(kd, kn, &mut evasion);
        if in_check {
            checkers += g.leaper_checkers(kd, kn, &mut evasion);
        }
        // One pass over the ranks for the masks of this node.
        for (d, &r) in ranks.iter().enumerate() {
            g.own[d] = Gen::<S, W, STAGE>::own_lsb(r) * NIBBLE;
            g.occupied[d] = occupied_lsb(r) * NIBBLE;
            let free = if STAGE == QUIET { !g.occupied[d] } else { !g.own[d] };
            g.target[d] = free & evasion[d];
            g.capture[d] = g.target[d] & (Gen::<S, W, STAGE>::their_lsb(r) * NIBBLE);
        }
        if checkers > 1 {
            king(&mut g, kd, kn);
            return;
        }

        // Section 5.1: the outer loop over the ranks (displacements), the inner over the
        // nibbles, one table jump per piece. Empty squares and their pieces are skipped
        // with a bit scan over the rank's own-piece markers, as section 5.2 suggests.
        for (d, &r) in ranks.iter().enumerate() {
            let mut bits = Gen::<S, W, STAGE>::own_lsb(r);
            while bits != 0 {
                let shift = bits.trailing_zeros();
                bits &= bits - 1;
                let code = (r >> shift) & NIBBLE;
                (Gen::<S, W, STAGE>::JUMP[code as usize])(&mut g, d, (shift / 4) as usize);
            }
        }

        if STAGE != QUIET && self.ep != NO_EP {
            g.en_passant(self.ep as usize, kd, kn);
        }
    }
}

fn nothing<S: Sink, const W: bool, const STAGE: Stage>(_: &mut Gen<'_, S, W, STAGE>, _: usize, _: usize) {}

/// Pawn: one step forward (displacement -4 for white, +4 for black), two from the
/// starting rank, captures one nibble aside; promotions on the last rank. The
/// single push and both captures land on one rank, so they go out as one mask.
fn pawn<S: Sink, const W: bool, const STAGE: Stage>(g: &mut Gen<'_, S, W, STAGE>, d: usize, n: usize) {
    let pin = g.pin(d, n);
    let m = NIBBLE << (4 * n);
    let from = d * 8 + n;
    let d1 = (if W { d.wrapping_sub(1) } else { d + 1 }) & 7;
    // Which of push, capture left (shl 4, towards the a-file) and capture right a
    // pin on each line leaves: a white pawn captures left along the h1-a8
    // diagonal, a black one along the a1-h8 diagonal.
    let (left_line, right_line) = if W { (ANTI, DIAG) } else { (DIAG, ANTI) };
    let keep = |line: u32| if pin == 0 || pin == line { u32::MAX } else { 0 };
    let push = m & !g.occupied[d1] & keep(FILE);
    let captures = ((m << 4) & keep(left_line) | (m >> 4) & keep(right_line)) & g.capture[d1];
    let quiet = push & g.target[d1];
    let promoting = d1 == (if W { 0 } else { 7 });
    match STAGE {
        ALL if promoting => g.sink.promotions::<ALL>(from, d1, quiet | captures),
        ALL => g.sink.targets(from, d1, quiet | captures),
        NOISY if promoting => {
            g.sink.promotions::<ALL>(from, d1, captures);
            g.sink.promotions::<NOISY>(from, d1, quiet);
        }
        NOISY => g.sink.targets(from, d1, captures),
        _ if promoting => g.sink.promotions::<QUIET>(from, d1, quiet),
        _ => g.sink.targets(from, d1, quiet),
    }
    if STAGE != NOISY && d == (if W { 6 } else { 1 }) && push != 0 {
        let d2 = if W { 4 } else { 3 };
        g.sink.targets(from, d2, m & !g.occupied[d2] & g.target[d2]);
    }
}

/// Knight: the eight (displacement, rotation) pairs of section 4.3 ([`knight_ranks`]);
/// a pinned knight never moves.
fn knight<S: Sink, const W: bool, const STAGE: Stage>(g: &mut Gen<'_, S, W, STAGE>, d: usize, n: usize) {
    if g.pin(d, n) != 0 {
        return;
    }
    // The targets of a piece's move: `capture` in the noisy stage, else `target`.
    let target = if STAGE == NOISY { &g.capture } else { &g.target };
    knight_ranks(d, NIBBLE << (4 * n), |e, m| g.sink.targets(d * 8 + n, e, target[e] & m));
}

/// The moves of a slider, `diag` and `ortho` telling which lines it moves on. A
/// pinned slider keeps only the rays of its pin line. Up the board (displacement
/// -4) the a1-h8 diagonal shifts right and the h1-a8 diagonal left; down, the
/// reverse. The rank is done in one step on the rank's nibble markers.
#[inline(always)]
fn slider<S: Sink, const W: bool, const STAGE: Stage>(
    g: &mut Gen<'_, S, W, STAGE>,
    d: usize,
    n: usize,
    diag: bool,
    ortho: bool,
) {
    let pin = g.pin(d, n);
    let m = NIBBLE << (4 * n);
    let on = |line: u32| if pin == 0 || pin == line { m } else { 0 };
    let (a1h8, h1a8) = if diag { (on(DIAG), on(ANTI)) } else { (0, 0) };
    let file = if ortho { on(FILE) } else { 0 };
    // The slider loops of section 4.3 with the paper's double and triple masks
    // ([`sweep`]): a mask moves on while its square is empty and drops to zero after
    // the first piece (a capture if it is theirs).
    let target = if STAGE == NOISY { &g.capture } else { &g.target };
    let mut add = |e: usize, lr: u32, v: u32| g.sink.targets(d * 8 + n, e, (lr | v) & target[e]);
    sweep::<-1>(d, [h1a8, file, a1h8], &g.occupied, &mut add);
    sweep::<1>(d, [a1h8, file, h1a8], &g.occupied, &mut add);
    if ortho && (pin == 0 || pin == RANK) {
        let ray = rank_ray(g.occupied[d & 7] & LSB, 1 << (4 * n));
        g.sink.targets(d * 8 + n, d & 7, (ray * NIBBLE) & target[d & 7]);
    }
}

fn bishop<S: Sink, const W: bool, const STAGE: Stage>(g: &mut Gen<'_, S, W, STAGE>, d: usize, n: usize) {
    slider(g, d, n, true, false);
}

fn rook<S: Sink, const W: bool, const STAGE: Stage>(g: &mut Gen<'_, S, W, STAGE>, d: usize, n: usize) {
    slider(g, d, n, false, true);
}

fn queen<S: Sink, const W: bool, const STAGE: Stage>(g: &mut Gen<'_, S, W, STAGE>, d: usize, n: usize) {
    slider(g, d, n, true, true);
}

/// King: Table 3's eight neighbours, each legal when not ours and zero in their
/// attack table (computed with the king lifted); then castling.
fn king<S: Sink, const W: bool, const STAGE: Stage>(g: &mut Gen<'_, S, W, STAGE>, d: usize, n: usize) {
    king_ranks(d, NIBBLE << (4 * n), |e, mask| {
        let a = g.their[e];
        let attacked = (a | a >> 1 | a >> 2 | a >> 3) & LSB;
        let stage = match STAGE {
            NOISY => g.occupied[e],
            QUIET => !g.occupied[e],
            _ => u32::MAX,
        };
        g.sink.targets(d * 8 + n, e, mask & !g.own[e] & !(attacked * NIBBLE) & stage);
    });
    if STAGE != NOISY && !g.in_check && g.castling != 0 {
        g.castle(d, n);
    }
}
