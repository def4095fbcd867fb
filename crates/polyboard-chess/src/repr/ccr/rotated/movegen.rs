//! Legal move generation on the four 4-bit boards: slider lines read as contiguous
//! nibbles, leapers and pawns on the CCR's ranks (see the module documentation of
//! [`super`]).

use super::super::attacks::{gather, role_lsb};
use super::super::{
    BISHOP, BLACK, KING, KNIGHT, LSB, NIBBLE, NO_EP, PAWN, QUEEN, ROOK, each_rank, king_ranks, knight_ranks, rank_ray,
};
use super::{ANTI, Boards, DIAG, FILE, LINE, RANK, RotatedCcr, index_of, place, square, toggle};
use crate::repr::sink::{ALL, Counter, NOISY, QUIET, Stage, promotions, push_promotions};
use crate::types::Move;
use polyboard_core::MoveList;

/// Receives generated moves: a counter (bulk counting) or a move list. Targets come
/// as nibble markers (bit `4k` for nibble `k`) of one word of one board.
pub(super) trait Sink {
    /// Normal moves from internal index `from` to the marked nibbles of rank element
    /// `d` (the board of ranks).
    fn targets(&mut self, from: usize, d: usize, t: u32);
    /// Normal moves from `from` to the marked nibbles of word `w` of the board of
    /// `kind`.
    fn line(&mut self, from: usize, kind: usize, w: usize, t: u32);
    /// Pawn moves to the marked nibbles of rank element `d`, each from the internal
    /// index `to + delta`.
    fn pawns(&mut self, d: usize, t: u32, delta: isize);
    /// The promotions of stage `STAGE` ([`promotions`]) to the marked nibbles of rank
    /// element `d`, each from `to + delta`.
    fn promotions<const STAGE: Stage>(&mut self, d: usize, t: u32, delta: isize);
    /// One castling or en passant move.
    fn special(&mut self, mv: Move);
}

impl Sink for Counter {
    #[inline(always)]
    fn targets(&mut self, _from: usize, _d: usize, t: u32) {
        self.0 += u64::from(t.count_ones());
    }
    #[inline(always)]
    fn line(&mut self, _from: usize, _kind: usize, _w: usize, t: u32) {
        self.0 += u64::from(t.count_ones());
    }
    #[inline(always)]
    fn pawns(&mut self, _d: usize, t: u32, _delta: isize) {
        self.0 += u64::from(t.count_ones());
    }
    #[inline(always)]
    fn promotions<const STAGE: Stage>(&mut self, _d: usize, t: u32, _delta: isize) {
        self.0 += u64::from(t.count_ones()) * promotions::<STAGE>().len() as u64;
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl Sink for MoveList<Move> {
    #[inline(always)]
    fn targets(&mut self, from: usize, d: usize, mut t: u32) {
        while t != 0 {
            let k = (t.trailing_zeros() / 4) as usize;
            t &= t - 1;
            self.push(Move::normal(square(from), square(d * 8 + k)));
        }
    }
    #[inline(always)]
    fn line(&mut self, from: usize, kind: usize, w: usize, mut t: u32) {
        while t != 0 {
            let k = (t.trailing_zeros() / 4) as usize;
            t &= t - 1;
            self.push(Move::normal(square(from), square(index_of(kind, w, k))));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, d: usize, mut t: u32, delta: isize) {
        while t != 0 {
            let to = d * 8 + (t.trailing_zeros() / 4) as usize;
            t &= t - 1;
            self.push(Move::normal(square(to.wrapping_add_signed(delta)), square(to)));
        }
    }
    #[inline(always)]
    fn promotions<const STAGE: Stage>(&mut self, d: usize, mut t: u32, delta: isize) {
        while t != 0 {
            let to = d * 8 + (t.trailing_zeros() / 4) as usize;
            t &= t - 1;
            push_promotions::<STAGE>(self, square(to.wrapping_add_signed(delta)), square(to));
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Code of one of the pieces of the side that is not `W`.
#[inline(always)]
const fn theirs<const W: bool>(role: u32) -> u32 {
    if W { role | BLACK } else { role }
}

/// The low three bits of every nibble.
const LOW3: u32 = 0x7777_7777;
/// The top bit, the colour bit, of every nibble.
const HIGH: u32 = 0x8888_8888;

/// Markers of the occupied nibbles of `r`. No piece's low three bits are all zero, so
/// adding `0111b` to them carries into bit 3 exactly for the pieces: four operations
/// where the OR of four shifts (`occupied_lsb`) takes seven.
#[inline(always)]
fn occupied(r: u32) -> u32 {
    (((r & LOW3) + LOW3) & HIGH) >> 3
}

/// Markers of the nibbles of `r` that hold exactly `code`: the nibbles where
/// `r ^ code` is zero, found with the same carry as [`occupied`] (the colour bit
/// ORed in).
#[inline(always)]
fn code_markers(r: u32, code: u32) -> u32 {
    let x = r ^ code.wrapping_mul(LSB);
    (!(((x & LOW3) + LOW3) | x) & HIGH) >> 3
}

/// Markers of `W`'s pieces in the word `r` of any board.
#[inline(always)]
fn own_lsb<const W: bool>(r: u32) -> u32 {
    if W { (((r & LOW3) + LOW3) & !r & HIGH) >> 3 } else { (r & HIGH) >> 3 }
}

/// Markers of the other side's pieces in `r`.
#[inline(always)]
fn their_lsb<const W: bool>(r: u32) -> u32 {
    if W { (r & HIGH) >> 3 } else { (((r & LOW3) + LOW3) & !r & HIGH) >> 3 }
}

/// Markers of the nibbles above marker `s` in a word (towards nibble 7).
#[inline(always)]
fn above(s: u32) -> u32 {
    !(s | (s - 1))
}

/// Markers of the pieces of either colour in `line` that slide along lines of `kind`:
/// rooks (`100b`) and queens (`101b`) on ranks and files, bishops (`011b`) and queens
/// on diagonals, told apart by their role bits in a few operations.
#[inline(always)]
fn line_sliders(kind: usize, line: u32) -> u32 {
    if kind < DIAG { (line >> 2) & !(line >> 1) & LSB } else { line & ((line >> 1) ^ (line >> 2)) & LSB }
}

/// The markers of the other side's sliders that move along lines of `kind` in the
/// word `line`.
#[inline(always)]
fn sliders_of<const W: bool>(kind: usize, line: u32) -> u32 {
    line_sliders(kind, line) & if W { line >> 3 } else { !(line >> 3) }
}

/// What the side that is not to move has that can attack, read from the material
/// word (see [`RotatedCcr`]'s layout): its king's square, and whether it has rooks or
/// queens, bishops or queens, knights. Lines and knight squares are only looked at
/// for pieces that exist.
#[derive(Clone, Copy)]
pub(super) struct Foes {
    king: usize,
    ortho: bool,
    diag: bool,
    knights: bool,
}

impl Foes {
    /// The foes of side `W` (white when true): black's pieces for white.
    #[inline(always)]
    pub(super) fn of<const W: bool>(material: u64, king: usize) -> Foes {
        let has = |role: u32| (material >> (4 * theirs::<W>(role))) & 0xf != 0;
        Foes { king, ortho: has(ROOK) || has(QUEEN), diag: has(BISHOP) || has(QUEEN), knights: has(KNIGHT) }
    }

    /// Whether they have a slider that moves along lines of `kind`.
    #[inline(always)]
    fn slide_on(self, kind: usize) -> bool {
        if kind < DIAG { self.ortho } else { self.diag }
    }
}

/// True when the square of internal index `t` is attacked by the side that is not
/// `W` (`foes`). `adjust(kind, word, line)` gives the line
/// words to read, so that pieces can be lifted off the lines (our king for its own
/// steps, king and rook for castling). Pawns and knights are read on the ranks by
/// displacement and shift, the king by distance, sliders by the reach from `t` on
/// each of its four lines.
#[inline(always)]
pub(super) fn attacked<const W: bool>(
    b: &Boards,
    foes: Foes,
    t: usize,
    adjust: impl Fn(usize, usize, u32) -> u32,
) -> bool {
    let (d, n) = (t >> 3, t & 7);
    let m = 1u32 << (4 * n);
    // Their pawns attack towards us: a black pawn one rank above a white king.
    let pd = if W { d.wrapping_sub(1) } else { d + 1 };
    if pd < 8 && code_markers(b[RANK][pd], theirs::<W>(PAWN)) & ((m << 4) | (m >> 4)) != 0 {
        return true;
    }
    let (ed, en) = (foes.king >> 3, foes.king & 7);
    if ed.abs_diff(d) <= 1 && en.abs_diff(n) <= 1 {
        return true;
    }
    if foes.knights {
        let mut hit = 0;
        knight_ranks(d, m, |e, mm| hit |= mm & code_markers(b[RANK][e], theirs::<W>(KNIGHT)));
        if hit != 0 {
            return true;
        }
    }
    for kind in [RANK, FILE, DIAG, ANTI] {
        if !foes.slide_on(kind) {
            continue;
        }
        let (w, s) = place(kind, t);
        let line = adjust(kind, w, b[kind][w]);
        let sl = sliders_of::<W>(kind, line) & line_mask(t, kind);
        if sl != 0 && rank_ray(occupied(line), 1 << s) & sl != 0 {
            return true;
        }
    }
    false
}

/// The markers of the line of `kind` through internal index `i` in its word: all eight
/// nibbles on ranks and files, a table for the diagonals (see [`LINE`]).
#[inline(always)]
fn line_mask(i: usize, kind: usize) -> u32 {
    if kind < DIAG { LSB } else { LINE[i & 63][kind] }
}

/// Marks internal index `i` in the evasion markers of all four boards.
#[inline(always)]
fn mark(ev: &mut Boards, i: usize) {
    for (kind, board) in ev.iter_mut().enumerate() {
        let (w, s) = place(kind, i);
        board[w] |= 1 << s;
    }
}

/// The state of one generation. Rank-layout masks are nibble markers.
struct Gen<'a, S, const W: bool, const STAGE: Stage> {
    b: &'a Boards,
    /// The squares a non-king piece may move to in each board when in check (the
    /// checker and the squares between it and the king), as markers.
    evasion: Boards,
    in_check: bool,
    /// Per rank: the empty squares a non-king piece may move to.
    empty: [u32; 8],
    /// Per rank: their pieces a non-king piece may capture.
    their: [u32; 8],
    /// The line kind plus one in the nibble of each pinned piece (rank layout).
    pins: [u32; 8],
    pinned: bool,
    sink: &'a mut S,
}

impl<S: Sink, const W: bool, const STAGE: Stage> Gen<'_, S, W, STAGE> {
    /// The pin of the piece on internal index `i`: its line kind plus one, 0 if free.
    #[inline(always)]
    fn pin(&self, i: usize) -> usize {
        if self.pinned { ((self.pins[i >> 3] >> (4 * (i & 7))) & NIBBLE) as usize } else { 0 }
    }

    /// The targets of a non-king piece on rank element `e`, by stage.
    #[inline(always)]
    fn targets(&self, e: usize) -> u32 {
        match STAGE {
            NOISY => self.their[e],
            QUIET => self.empty[e],
            _ => self.empty[e] | self.their[e],
        }
    }

    /// The moves of the slider on `i` along its line of `kind`: the reach on the line
    /// word, up to the first piece each way, without our own pieces.
    #[inline(always)]
    fn slide(&mut self, i: usize, kind: usize) {
        let (w, s) = place(kind, i);
        let line = self.b[kind][w];
        let occ = occupied(line);
        let reach = rank_ray(occ, 1 << s) & line_mask(i, kind);
        let mut t = match STAGE {
            NOISY => reach & their_lsb::<W>(line),
            QUIET => reach & !occ,
            _ => reach & !own_lsb::<W>(line),
        };
        if self.in_check {
            t &= self.evasion[kind][w];
        }
        self.sink.line(i, kind, w, t);
    }

    /// A slider on `i` moving along the lines `kinds`; a pinned one only along its pin
    /// line.
    #[inline(always)]
    fn slider<const K: usize>(&mut self, i: usize, kinds: [usize; K]) {
        let pin = self.pin(i);
        for kind in kinds {
            if pin == 0 || pin == kind + 1 {
                self.slide(i, kind);
            }
        }
    }

    /// The moves of the knight on (`d`, `n`): Table 3's (displacement, shift) pairs.
    #[inline(always)]
    fn knight(&mut self, d: usize, n: usize) {
        let i = d * 8 + n;
        if self.pin(i) != 0 {
            return;
        }
        knight_ranks(d, 1 << (4 * n), |e, m| {
            let t = m & self.targets(e);
            self.sink.targets(i, e, t);
        });
    }

    /// The pawns of rank element `d` (markers `pawns`), set-wise: the rank's markers
    /// against the next rank's, shifted one nibble aside for captures.
    #[inline(always)]
    fn pawns(&mut self, d: usize, pawns: u32) {
        let (d1, fwd) = if W { (d - 1, 8isize) } else { (d + 1, -8isize) };
        // A white pawn captures towards the a-file (nibble + 1) along the h1-a8
        // diagonal, towards the h-file along the a1-h8 one; a black one the reverse.
        let (left_kind, right_kind) = if W { (ANTI, DIAG) } else { (DIAG, ANTI) };
        let (mut push, mut left, mut right) = (pawns, pawns, pawns);
        if self.pinned && self.pins[d] != 0 {
            let p = self.pins[d];
            let free = code_markers(p, 0);
            push &= free | code_markers(p, FILE as u32 + 1);
            left &= free | code_markers(p, left_kind as u32 + 1);
            right &= free | code_markers(p, right_kind as u32 + 1);
        }
        let one = push & !self.occupied(d1);
        let quiet = one & self.empty[d1];
        let capl = (left << 4) & self.their[d1];
        let capr = (right >> 4) & self.their[d1];
        // From `to`: back one rank (fwd), and one nibble back for a capture.
        let (dq, dl, dr) = (fwd, fwd - 1, fwd + 1);
        if d1 == (if W { 0 } else { 7 }) {
            match STAGE {
                ALL => {
                    self.sink.promotions::<ALL>(d1, quiet, dq);
                    self.sink.promotions::<ALL>(d1, capl, dl);
                    self.sink.promotions::<ALL>(d1, capr, dr);
                }
                NOISY => {
                    self.sink.promotions::<NOISY>(d1, quiet, dq);
                    self.sink.promotions::<ALL>(d1, capl, dl);
                    self.sink.promotions::<ALL>(d1, capr, dr);
                }
                _ => self.sink.promotions::<QUIET>(d1, quiet, dq),
            }
            return;
        }
        if STAGE != QUIET {
            self.sink.pawns(d1, capl, dl);
            self.sink.pawns(d1, capr, dr);
        }
        if STAGE != NOISY {
            self.sink.pawns(d1, quiet, dq);
            if d == (if W { 6 } else { 1 }) {
                let d2 = if W { 4 } else { 3 };
                self.sink.pawns(d2, one & self.empty[d2], 2 * fwd);
            }
        }
    }

    /// Markers of the occupied nibbles of rank element `d`.
    #[inline(always)]
    fn occupied(&self, d: usize) -> u32 {
        occupied(self.b[RANK][d & 7])
    }
}

const fn build_spans() -> [[u32; 8]; 8] {
    let mut t = [[0u32; 8]; 8];
    let mut a = 0;
    while a < 8 {
        let mut b = 0;
        while b < 8 {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            let mut f = lo;
            while f <= hi {
                // File f is nibble 7 - f.
                t[a][b] |= 1 << (4 * (7 - f));
                f += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// `SPAN[a][b]`: the nibble markers of the files `a..=b` (either order) of one rank.
static SPAN: [[u32; 8]; 8] = build_spans();

impl RotatedCcr {
    /// Generates the legal moves of stage `STAGE` (see [`crate::repr::sink::Stage`]) of
    /// the side `W` (white when true) into `sink`.
    #[inline(always)]
    pub(super) fn generate<const W: bool, const STAGE: Stage, S: Sink>(&self, sink: &mut S) {
        let b = &self.boards;
        let us = if W { 0 } else { 1 };
        let k = self.kings[us] as usize;
        let foes = Foes::of::<W>(self.material, self.kings[us ^ 1] as usize);
        let (kd, kn) = (k >> 3, k & 7);
        let kb = 1u32 << (4 * kn);

        // Knight and pawn checkers, read on the ranks.
        let mut evasion = [[0u32; 8]; 4];
        let mut checkers = 0;
        let mut probe = |e: usize, m: u32, c: u32, ev: &mut Boards| {
            let mut hit = m & code_markers(b[RANK][e], c);
            while hit != 0 {
                checkers += 1;
                mark(ev, e * 8 + (hit.trailing_zeros() / 4) as usize);
                hit &= hit - 1;
            }
        };
        if foes.knights {
            knight_ranks(kd, kb, |e, m| probe(e, m, theirs::<W>(KNIGHT), &mut evasion));
        }
        each_rank(kd, [(if W { -1 } else { 1 }, (kb << 4) | (kb >> 4))], |e, m| {
            probe(e, m, theirs::<W>(PAWN), &mut evasion)
        });

        // The king's four lines: checkers, and the pins behind our first pieces.
        let mut pins = [0u32; 8];
        let mut pinned = false;
        for kind in [RANK, FILE, DIAG, ANTI] {
            if !foes.slide_on(kind) {
                continue;
            }
            let (w, s) = place(kind, k);
            let line = b[kind][w];
            let lm = line_mask(k, kind);
            let sl = sliders_of::<W>(kind, line) & lm;
            if sl == 0 {
                continue;
            }
            let ks = 1u32 << s;
            let occ = occupied(line);
            let reach = rank_ray(occ, ks) & lm;
            let mut check = reach & sl;
            while check != 0 {
                let c = check & check.wrapping_neg();
                check ^= c;
                checkers += 1;
                let mut ray = reach & if c > ks { above(ks) } else { ks - 1 };
                while ray != 0 {
                    mark(&mut evasion, index_of(kind, w, (ray.trailing_zeros() / 4) as usize));
                    ray &= ray - 1;
                }
            }
            let blockers = reach & own_lsb::<W>(line);
            if blockers != 0 {
                let mut pinners = rank_ray(occ & !blockers, ks) & lm & sl & !reach;
                while pinners != 0 {
                    let p = pinners & pinners.wrapping_neg();
                    pinners ^= p;
                    let piece = blockers & if p > ks { above(ks) } else { ks - 1 };
                    let i = index_of(kind, w, (piece.trailing_zeros() / 4) as usize);
                    pins[i >> 3] |= (kind as u32 + 1) << (4 * (i & 7));
                    pinned = true;
                }
            }
        }
        let in_check = checkers > 0;

        let mut g = Gen::<S, W, STAGE> { b, evasion, in_check, empty: [0; 8], their: [0; 8], pins, pinned, sink };
        for (d, &r) in b[RANK].iter().enumerate() {
            let ev = if in_check { g.evasion[RANK][d] } else { LSB };
            g.empty[d] = !occupied(r) & ev & LSB;
            g.their[d] = their_lsb::<W>(r) & ev;
        }

        // The king: each step not onto our own piece is tested with the king lifted off
        // its lines.
        let lifted: [(usize, u32); 4] = core::array::from_fn(|kind| {
            let (w, s) = place(kind, k);
            (w, NIBBLE << s)
        });
        king_ranks(kd, kb, |e, m| {
            let r = b[RANK][e];
            let free = match STAGE {
                NOISY => their_lsb::<W>(r),
                QUIET => !occupied(r) & LSB,
                _ => !own_lsb::<W>(r) & LSB,
            };
            let mut c = m & free;
            let mut t = 0;
            while c != 0 {
                let bit = c & c.wrapping_neg();
                c ^= bit;
                let to = e * 8 + (bit.trailing_zeros() / 4) as usize;
                let lift = |kind: usize, w: usize, l: u32| if w == lifted[kind].0 { l & !lifted[kind].1 } else { l };
                if !attacked::<W>(b, foes, to, lift) {
                    t |= bit;
                }
            }
            g.sink.targets(k, e, t);
        });
        if checkers > 1 {
            return;
        }
        if STAGE != NOISY && !in_check && (self.castling >> (8 * us)) & 0xff != 0 {
            self.castle::<W, S>(g.sink, kd, kn, foes);
        }

        // The other pieces, rank by rank: pawns set-wise, the others one at a time.
        for (d, &r) in b[RANK].iter().enumerate() {
            let own = own_lsb::<W>(r);
            if own == 0 {
                continue;
            }
            let pawns = code_markers(r, if W { PAWN } else { PAWN | BLACK });
            if pawns != 0 {
                g.pawns(d, pawns);
            }
            let mut bits = own & !pawns;
            while bits != 0 {
                let shift = bits.trailing_zeros();
                bits &= bits - 1;
                let n = (shift / 4) as usize;
                let i = d * 8 + n;
                match (r >> shift) & 7 {
                    KNIGHT => g.knight(d, n),
                    BISHOP => g.slider(i, [DIAG, ANTI]),
                    ROOK => g.slider(i, [RANK, FILE]),
                    QUEEN => g.slider(i, [RANK, FILE, DIAG, ANTI]),
                    _ => {}
                }
            }
        }

        if STAGE != QUIET && self.ep != NO_EP {
            self.en_passant::<W, S>(g.sink);
        }
    }

    /// Castling for our king on (`kd`, `kn`), not in check: the squares between king,
    /// rook and their targets empty but for the two (one AND on the back rank), and the
    /// king's path unattacked with king and rook lifted off the rank.
    #[inline(always)]
    fn castle<const W: bool, S: Sink>(&self, sink: &mut S, kd: usize, kn: usize, foes: Foes) {
        let us = if W { 0 } else { 1 };
        let mut rights = u32::from(self.castling >> (8 * us)) & 0xff;
        let kfile = 7 - kn;
        let rank = occupied(self.boards[RANK][kd]);
        while rights != 0 {
            let rfile = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            let rn = 7 - rfile;
            let (kt, rt) = if rfile > kfile { (6, 5) } else { (2, 3) };
            let movers = (1 << (4 * kn)) | (1 << (4 * rn));
            if rank & !movers & (SPAN[kfile][kt] | SPAN[rfile & 7][rt]) != 0 {
                continue;
            }
            let lift = |kind: usize, _: usize, l: u32| if kind == RANK { l & !(movers * NIBBLE) } else { l };
            // The king's path: the squares after its own up to its target.
            let path = SPAN[kfile][kt] & !(if kfile == kt { 0 } else { 1 << (4 * kn) });
            let mut p = path;
            let mut safe = true;
            while p != 0 {
                let to = kd * 8 + (p.trailing_zeros() / 4) as usize;
                p &= p - 1;
                if attacked::<W>(&self.boards, foes, to, lift) {
                    safe = false;
                    break;
                }
            }
            if safe {
                sink.special(Move::castle(square(kd * 8 + kn), square(kd * 8 + rn)));
            }
        }
    }

    /// En passant onto the stored file: each capturer's move made on a copy of the
    /// boards, kept when the king is not attacked there.
    #[cold]
    #[inline(never)]
    fn en_passant<const W: bool, S: Sink>(&self, sink: &mut S) {
        let en = 7 - self.ep as usize;
        let (ed, pd) = if W { (2, 3) } else { (5, 4) };
        let pawn = if W { PAWN } else { PAWN | BLACK };
        for nn in [en + 1, en.wrapping_sub(1)] {
            if nn > 7 || (self.boards[RANK][pd] >> (4 * nn)) & NIBBLE != pawn {
                continue;
            }
            if self.en_passant_safe(pd * 8 + nn, ed * 8 + en) {
                sink.special(Move::en_passant(square(pd * 8 + nn), square(ed * 8 + en)));
            }
        }
    }
}

/// The pieces of both colours that attack the square of internal index `i` when only
/// the pieces on `occ` (a bitboard in polyboard's numbering) stand on the board, as a
/// bitboard in polyboard's numbering.
///
/// The pieces `occ` lifts are cleared in a copy of the four boards (bit-reversing
/// `occ` puts internal index `i` at bit `i`). Then pawns, knights and kings are read
/// on the ranks by displacement and shift, and each of the four lines through the
/// square by the reach from it: the sliders of that line's kind at its ends attack.
pub(super) fn attackers(boards: &Boards, i: usize, occ: u64) -> u64 {
    let rev = occ.reverse_bits();
    let mut b = *boards;
    let mut lifted = (0..8).fold(0u64, |acc, d| acc | u64::from(gather(occupied(b[RANK][d]))) << (8 * d)) & !rev;
    while lifted != 0 {
        let j = lifted.trailing_zeros() as usize;
        lifted &= lifted - 1;
        let code = (b[RANK][j >> 3] >> (4 * (j & 7))) & NIBBLE;
        toggle(&mut b, j, code);
    }
    let (d, m) = (i >> 3 & 7, 1u32 << (4 * (i & 7)));
    let side = (m << 4) | (m >> 4);
    let mut found = [0u32; 8];
    each_rank(d, [(1, side)], |e, mm| found[e] |= mm & code_markers(b[RANK][e], PAWN));
    each_rank(d, [(-1, side)], |e, mm| found[e] |= mm & code_markers(b[RANK][e], PAWN | BLACK));
    knight_ranks(d, m, |e, mm| found[e] |= mm & role_lsb(b[RANK][e], KNIGHT));
    king_ranks(d, m, |e, mm| found[e] |= mm & role_lsb(b[RANK][e], KING));
    let mut internal = found.iter().enumerate().fold(0u64, |acc, (e, &f)| acc | u64::from(gather(f)) << (8 * e));
    for kind in [RANK, FILE, DIAG, ANTI] {
        let (w, s) = place(kind, i);
        let line = b[kind][w];
        let sl = line_sliders(kind, line);
        let mut hits = rank_ray(occupied(line), 1 << s) & line_mask(i, kind) & sl;
        while hits != 0 {
            internal |= 1u64 << index_of(kind, w, (hits.trailing_zeros() / 4) as usize);
            hits &= hits - 1;
        }
    }
    internal.reverse_bits()
}
