//! The enumerative half of `compact`: every position that can arise in a game gets a
//! number below `N`, and `N < 2^156`, so 156 bits hold any of them.
//!
//! # What is counted
//!
//! A *position* here is the placement, the side to move, the castling rights (any
//! rook, so Chess960 is included) and the en passant square. The numbering counts a
//! superset of the legal positions, described by these facts, each of which holds in
//! every position reachable from a start position:
//!
//! 1. Each side has one king, at most eight pawns, and pawns stand on ranks 2 to 7.
//! 2. *Visible promotions.* A side with `q` queens, `r` rooks, `b` bishops and `n`
//!    knights has at least `x = max(0, q-1) + max(0, r-2) + max(0, b-2) + max(0, n-2)`
//!    promoted pieces, and `p + x <= 8` for its `p` pawns (a promoted piece was once a
//!    pawn that is no longer one).
//! 3. *Promotions need captures* (Tromp's rule). With `c = 32 - (men on the board)`
//!    captures made so far, White's visible promotions obey
//!    `x_w <= c + (8 - p_b - x_b)`, and Black's likewise. Proof: a white pawn that
//!    promotes either captured at some time, or never left its file, and then the
//!    black pawn that started on that file got out of its way, which it can only
//!    do by capturing (leaving the file) or by being captured. Charge the promotion
//!    to the pawn's own first capture, or else to that black pawn's first capture or
//!    to its capture. Distinct white pawns start on distinct files, so no black pawn
//!    is charged twice, and no capture is charged twice (the first kind are captures
//!    by white pawns, the second by black pawns). So the promotions number at most
//!    the captures plus the black pawns captured as pawns, and the latter are at most
//!    `8 - p_b - x_b`, because at least `x_b` black pawns promoted instead.
//! 4. *Castling.* A side with one right has its king and that rook on its back rank
//!    (56 king and rook squares: 8 king files times 7 rook files); with two rights,
//!    the king stands between the two rooks (56 arrangements again). These men are
//!    fixed; the rest of that side's army is placed freely.
//! 5. *En passant* (kept only when a capture exists, as [`Position`] keeps it): the
//!    pawn that just double-pushed stands on its fourth rank with the two squares it
//!    crossed empty and a pawn of the side to move beside it. Which neighbour is the
//!    fixed capturer is canonical: the one on the lower file. So 14 arrangements
//!    (8 files, two neighbours each except on the a- and h-files), fixing two pawns
//!    and two empty squares.
//!
//! Kings are placed like any other piece (allowing adjacent kings costs 0.15 bits and
//! saves a case split), and every other piece goes anywhere free.
//!
//! # The count
//!
//! For one side to move, castling arrangement and en passant arrangement (a *class*),
//! and one pair of *keys* (per side: pawns, officers, visible promotions), the boards
//! number
//!
//! ```text
//! C(P, wp) * C(P - wp, bp) * C(S, wm + bm) * C(wm + bm, wm) * W * B
//! ```
//!
//! where `P` is the free pawn squares (48, or 44 with en passant), `wp`/`bp` the free
//! pawns, `S = 64 - fixed squares - wp - bp`, `wm`/`bm` the free pieces, and `W`/`B`
//! the number of ways to order each side's free pieces over its squares, summed over
//! the armies with that key (a multinomial per army). The sum over classes and keys
//! is
//!
//! ```text
//! N = 54969221599375696859945774355602813902115467760 ~ 2^155.27
//! ```
//!
//! (`scripts/data/compact_bound.py` computes the same number independently; the test
//! `enumeration_size_matches_the_script` compares them.) So 156 bits number every
//! legal position, and `compact`'s two-bit mode prefix makes 158.
//!
//! # The number, most significant part first
//!
//! ```text
//! rank = class_offset[class]
//!      + ((key_pair_offset + within) * configs(class) + config)
//! within = mixed radix of: white pawn subset, black pawn subset, occupied subset of
//!          the free pieces, which of those are white, white army, black army
//! ```
//!
//! Subsets are ranked in the combinatorial number system over the free squares in
//! ascending order; an army is its offset in the key's army list plus the multinomial
//! rank of its piece sequence (king, queen, rook, bishop, knight) over its squares.

use crate::setup::Setup;
use polyboard_chess::{Color, Piece, Position, Role, Square};
use std::sync::OnceLock;

/// Bits of an enumerative rank.
pub(crate) const BITS: u32 = 156;

/// Ranks 2 to 7, where pawns stand.
const PAWN_ZONE: u64 = 0x00ff_ffff_ffff_ff00;

// ----- 192-bit unsigned integers -----

/// An unsigned integer below `2^192`: limbs least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct U192(pub [u64; 3]);

impl U192 {
    const ZERO: U192 = U192([0; 3]);

    fn from_u64(v: u64) -> U192 {
        U192([v, 0, 0])
    }

    fn add(self, o: U192) -> U192 {
        let mut out = [0; 3];
        let mut carry = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *limb = s;
            carry = c1 || c2;
        }
        U192(out)
    }

    /// `self - o`; callers ensure `o <= self`.
    fn sub(self, o: U192) -> U192 {
        let mut out = [0; 3];
        let mut borrow = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (d, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *limb = d;
            borrow = b1 || b2;
        }
        U192(out)
    }

    /// `self * m + a` (callers keep it below `2^192`).
    fn mul_add(self, m: u64, a: u64) -> U192 {
        let mut out = [0; 3];
        let mut carry = u128::from(a);
        for (i, limb) in out.iter_mut().enumerate() {
            let t = u128::from(self.0[i]) * u128::from(m) + carry;
            *limb = t as u64;
            carry = t >> 64;
        }
        U192(out)
    }

    fn mul(self, m: u64) -> U192 {
        self.mul_add(m, 0)
    }

    /// `(self / d, self % d)` for `d > 0`.
    fn div_rem(self, d: u64) -> (U192, u64) {
        let mut out = [0; 3];
        let mut rem = 0u128;
        for i in (0..3).rev() {
            let cur = (rem << 64) | u128::from(self.0[i]);
            out[i] = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        (U192(out), rem as u64)
    }

    /// The value if it fits in a `u64`.
    fn to_u64(self) -> Option<u64> {
        (self.0[1] == 0 && self.0[2] == 0).then_some(self.0[0])
    }

    /// Bit `i` (0 = least significant).
    pub(crate) fn bit(self, i: u32) -> bool {
        i < 192 && (self.0[(i / 64) as usize] >> (i % 64)) & 1 != 0
    }

    /// Sets bit `i` (below 192).
    pub(crate) fn set_bit(&mut self, i: u32) {
        self.0[(i / 64) as usize] |= 1 << (i % 64);
    }
}

impl PartialOrd for U192 {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for U192 {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

// ----- binomials, subsets, multinomials -----

/// `C(n, k)` for `n <= 64` (the largest, `C(64, 32)`, fits in a `u64`).
static BINOM: [[u64; 65]; 65] = binomials();

const fn binomials() -> [[u64; 65]; 65] {
    let mut t = [[0u64; 65]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}

fn binom(n: usize, k: usize) -> u64 {
    if k > n || n > 64 { 0 } else { BINOM[n][k] }
}

/// The rank of the subset `set` of `mask` among all subsets of `mask` of its size,
/// both read in ascending square order (combinatorial number system).
fn subset_rank(set: u64, mask: u64) -> u64 {
    let mut rank = 0;
    let mut b = set;
    let mut i = 1;
    while b != 0 {
        let sq = b.trailing_zeros();
        b &= b - 1;
        let c = (mask & ((1u64 << sq) - 1)).count_ones() as usize;
        rank += binom(c, i);
        i += 1;
    }
    rank
}

/// The `k`-subset of `mask` with rank `rank` (below `C(|mask|, k)`).
fn subset_unrank(mut rank: u64, mask: u64, k: usize) -> u64 {
    let n = mask.count_ones() as usize;
    let mut out = 0;
    let mut c = n;
    for i in (1..=k).rev() {
        // The largest c with C(c, i) <= rank.
        c -= 1;
        while binom(c, i) > rank {
            c -= 1;
        }
        rank -= binom(c, i);
        out |= nth_square(mask, c);
    }
    out
}

/// The `i`-th set bit of `mask` (from the lowest) as a one-bit bitboard.
fn nth_square(mut mask: u64, i: usize) -> u64 {
    for _ in 0..i {
        mask &= mask.wrapping_sub(1);
    }
    mask & mask.wrapping_neg()
}

/// The roles of an army's free pieces, in coding order.
const ARMY_ROLES: [Role; 5] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Orderings of a multiset with these counts (at most 15 pieces, so it fits).
fn multinomial(counts: &[u8; 5]) -> u64 {
    let mut n = 0;
    let mut out = 1;
    for &c in counts {
        n += usize::from(c);
        out *= binom(n, usize::from(c));
    }
    out
}

/// The rank of the sequence `seq` (role indices into `ARMY_ROLES`) among the orderings
/// of its multiset.
fn multiset_rank(seq: &[u8], counts: &[u8; 5]) -> u64 {
    let mut counts = *counts;
    let mut m = multinomial(&counts);
    let mut rank = 0;
    for (i, &t) in seq.iter().enumerate() {
        let rem = (seq.len() - i) as u64;
        for &c in &counts[..usize::from(t)] {
            rank += m * u64::from(c) / rem;
        }
        m = m * u64::from(counts[usize::from(t)]) / rem;
        counts[usize::from(t)] -= 1;
    }
    rank
}

/// The ordering with rank `rank` of the multiset `counts`, into `seq`.
fn multiset_unrank(mut rank: u64, counts: &[u8; 5], seq: &mut [u8]) {
    let mut counts = *counts;
    let mut m = multinomial(&counts);
    let len = seq.len();
    for (i, slot) in seq.iter_mut().enumerate() {
        let rem = (len - i) as u64;
        for (t, count) in counts.iter_mut().enumerate() {
            if *count == 0 {
                continue;
            }
            let block = m * u64::from(*count) / rem;
            if rank < block || t == 4 {
                *slot = t as u8;
                m = block;
                *count -= 1;
                break;
            }
            rank -= block;
        }
    }
}

// ----- armies and keys -----

/// The armies of one side sharing pawns, officers and visible promotions.
struct Key {
    pawns: u8,
    officers: u8,
    promoted: u8,
    /// Pawns left to place once the fixed ones are down.
    free_pawns: u8,
    /// Pieces (king included when it is free) left to place.
    free_pieces: u8,
    /// The sum of the armies' orderings.
    weight: u64,
    /// Free counts per `ARMY_ROLES` and the offset of each army's orderings.
    armies: Vec<([u8; 5], u64)>,
}

/// The keys of one side for one number of fixed rooks (0, 1 or 2 castling rights; the
/// king is fixed with any) and fixed pawns (1 with en passant).
struct ArmyTable {
    keys: Vec<Key>,
    /// Key index by pawns, officers and promotions (`u16::MAX` when absent).
    index: [[[u16; 9]; 16]; 9],
}

fn promoted(q: u8, r: u8, b: u8, n: u8) -> u8 {
    q.saturating_sub(1) + r.saturating_sub(2) + b.saturating_sub(2) + n.saturating_sub(2)
}

impl ArmyTable {
    fn new(fixed_rooks: u8, fixed_pawns: u8) -> ArmyTable {
        let mut keys: Vec<Key> = Vec::new();
        let mut index = [[[u16::MAX; 9]; 16]; 9];
        let king = u8::from(fixed_rooks == 0);
        for p in fixed_pawns..=8 {
            for q in 0..=9u8 {
                for r in fixed_rooks..=10u8 {
                    for b in 0..=10u8 {
                        for n in 0..=10u8 {
                            let x = promoted(q, r, b, n);
                            if x + p > 8 {
                                continue;
                            }
                            let officers = q + r + b + n;
                            let slot = &mut index[usize::from(p)][usize::from(officers)][usize::from(x)];
                            if *slot == u16::MAX {
                                *slot = keys.len() as u16;
                                keys.push(Key {
                                    pawns: p,
                                    officers,
                                    promoted: x,
                                    free_pawns: p - fixed_pawns,
                                    free_pieces: king + officers - fixed_rooks,
                                    weight: 0,
                                    armies: Vec::new(),
                                });
                            }
                            let key = &mut keys[usize::from(*slot)];
                            let counts = [king, q, r - fixed_rooks, b, n];
                            key.armies.push((counts, key.weight));
                            key.weight += multinomial(&counts);
                        }
                    }
                }
            }
        }
        ArmyTable { keys, index }
    }

    fn lookup(&self, pawns: u32, officers: u32, promoted: u32) -> Option<usize> {
        let i = *self.index.get(pawns as usize)?.get(officers as usize)?.get(promoted as usize)?;
        (i != u16::MAX).then_some(usize::from(i))
    }
}

/// Squares fixed by `n` castling rights (the king and its rooks).
fn castle_fixed(n: u8) -> u32 {
    if n == 0 { 0 } else { 1 + u32::from(n) }
}

/// One class: castling rights per side (0, 1 or 2 each) and en passant or not.
struct Class {
    fix: [u8; 2],
    ep: bool,
    /// Castling and en passant arrangements.
    configs: u64,
    /// Boards per arrangement.
    inner: U192,
    /// Boards before each white key (one more entry than keys: the last is `inner`).
    white_offsets: Vec<U192>,
}

impl Class {
    fn pawn_space(&self) -> u32 {
        48 - 4 * u32::from(self.ep)
    }

    fn fixed_squares(&self) -> u32 {
        castle_fixed(self.fix[0]) + castle_fixed(self.fix[1]) + 4 * u32::from(self.ep)
    }
}

struct Tables {
    /// By fixed rooks, then fixed pawns.
    armies: [[ArmyTable; 2]; 3],
    classes: Vec<Class>,
    /// Positions before each (side to move, class), side to move outermost.
    class_offsets: Vec<U192>,
    total: U192,
    /// Castling arrangements of one side with two rights: king file, rook files.
    two_rights: Vec<(u8, u8, u8)>,
}

impl Tables {
    fn table(&self, fix: u8, ep: bool) -> &ArmyTable {
        &self.armies[usize::from(fix)][usize::from(ep)]
    }

    /// Boards of `class` with white key `w` and black key `b` are `white_factor(w)`
    /// times this, which is `None` when the pair breaks a promotion rule or cannot fit.
    /// (The split lets a sum over black keys be taken first and multiplied once.)
    fn pair_rest(&self, class: &Class, w: &Key, b: &Key) -> Option<U192> {
        let men = 2 + u32::from(w.pawns + w.officers + b.pawns + b.officers);
        let captures = 32u32.checked_sub(men)?;
        let (wx, bx) = (u32::from(w.promoted), u32::from(b.promoted));
        let white_pawns_taken = 8 - u32::from(w.pawns + w.promoted);
        let black_pawns_taken = 8 - u32::from(b.pawns + b.promoted);
        if wx > captures + black_pawns_taken || bx > captures + white_pawns_taken {
            return None;
        }
        let ps = class.pawn_space() as usize;
        let (wp, bp) = (usize::from(w.free_pawns), usize::from(b.free_pawns));
        let space = (64 - class.fixed_squares() as usize).checked_sub(wp + bp)?;
        let (wm, bm) = (usize::from(w.free_pieces), usize::from(b.free_pieces));
        if wm + bm > space {
            return None;
        }
        // C(48, 8) * C(30, 15) < 2^57 and C(64, 32) * weight < 2^128, so only the last
        // product needs three limbs.
        let small = binom(ps - wp, bp) * binom(wm + bm, wm);
        let big = u128::from(binom(space, wm + bm)) * u128::from(b.weight);
        Some(U192([big as u64, (big >> 64) as u64, 0]).mul(small))
    }

    /// The factor of a pair's count that depends on the white key alone.
    fn white_factor(&self, class: &Class, w: &Key) -> u64 {
        binom(class.pawn_space() as usize, usize::from(w.free_pawns)) * w.weight
    }

    fn build() -> Tables {
        let armies = [0u8, 1, 2].map(|fix| [0u8, 1].map(|ep| ArmyTable::new(fix, ep)));
        let mut two_rights = Vec::new();
        for king in 1..7u8 {
            for lo in 0..king {
                for hi in king + 1..8 {
                    two_rights.push((king, lo, hi));
                }
            }
        }
        let mut tables =
            Tables { armies, classes: Vec::new(), class_offsets: Vec::new(), total: U192::ZERO, two_rights };
        let mut classes = Vec::new();
        for wfix in 0..3u8 {
            for bfix in 0..3u8 {
                for ep in [false, true] {
                    let configs = castle_configs(wfix) * castle_configs(bfix) * if ep { 14 } else { 1 };
                    let mut class =
                        Class { fix: [wfix, bfix], ep, configs, inner: U192::ZERO, white_offsets: Vec::new() };
                    let (wt, bt) = (tables.table(wfix, ep), tables.table(bfix, ep));
                    let mut acc = U192::ZERO;
                    let mut offsets = Vec::with_capacity(wt.keys.len() + 1);
                    for w in &wt.keys {
                        offsets.push(acc);
                        let mut rest = U192::ZERO;
                        for b in &bt.keys {
                            if let Some(n) = tables.pair_rest(&class, w, b) {
                                rest = rest.add(n);
                            }
                        }
                        acc = acc.add(rest.mul(tables.white_factor(&class, w)));
                    }
                    offsets.push(acc);
                    class.inner = acc;
                    class.white_offsets = offsets;
                    classes.push(class);
                }
            }
        }
        let mut offsets = Vec::new();
        let mut acc = U192::ZERO;
        for _turn in 0..2 {
            for class in &classes {
                offsets.push(acc);
                acc = acc.add(class.inner.mul(class.configs));
            }
        }
        offsets.push(acc);
        tables.classes = classes;
        tables.class_offsets = offsets;
        tables.total = acc;
        tables
    }
}

/// Castling arrangements of one side with `n` rights.
fn castle_configs(n: u8) -> u64 {
    if n == 0 { 1 } else { 56 }
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}

/// The number of positions the enumeration covers.
#[cfg(test)]
pub(crate) fn total() -> U192 {
    tables().total
}

/// En passant arrangements: (file of the pawn that double-pushed, file of the capturer).
fn ep_configs() -> impl Iterator<Item = (u8, u8)> {
    (0..8u8).flat_map(|f| [f.checked_sub(1), (f < 7).then_some(f + 1)].into_iter().flatten().map(move |c| (f, c)))
}

/// The rank (0-7) of the pawn that can be taken en passant when `turn` is to move.
fn ep_rank(turn: Color) -> u8 {
    if turn == Color::White { 4 } else { 3 }
}

/// The square `steps` ranks behind `sq` for the opponent of `turn`, whose pawns move
/// away from it: the squares a pawn that just double-pushed to `sq` crossed.
fn behind(turn: Color, sq: u8, steps: u8) -> u8 {
    if turn == Color::White { sq + 8 * steps } else { sq - 8 * steps }
}

// ----- ranking -----

/// Per side: men on the board by role (index `Role::index`).
type Men = [[u64; 6]; 2];

/// The rank of `pos`, or `None` when it lies outside the enumeration (then it is not
/// a legal position).
pub(crate) fn rank(pos: &Position) -> Option<U192> {
    let t = tables();
    let turn = pos.turn();
    let mut men: Men = [[0; 6]; 2];
    for color in Color::ALL {
        for role in Role::ALL {
            men[color.index()][role.index()] = pos.pieces(color, role);
        }
    }
    // Castling: the fixed king and rooks per side.
    let mut fixed = 0u64;
    let mut fix = [0u8; 2];
    let mut castle_cfg = [0u64; 2];
    for color in Color::ALL {
        let c = color.index();
        let back = 0xffu64 << (8 * color.back_rank());
        let rooks = pos.castling_rooks() & back;
        if rooks == 0 {
            continue;
        }
        let king = men[c][Role::King.index()];
        if king & back == 0 || rooks & !men[c][Role::Rook.index()] != 0 {
            return None;
        }
        let kf = (king.trailing_zeros() % 8) as u8;
        let lo = (rooks.trailing_zeros() % 8) as u8;
        let hi = (63 - rooks.leading_zeros()) as u8 % 8;
        match rooks.count_ones() {
            1 if lo != kf => {
                fix[c] = 1;
                castle_cfg[c] = u64::from(kf) * 7 + u64::from(if lo < kf { lo } else { lo - 1 });
            }
            2 => {
                fix[c] = 2;
                castle_cfg[c] = t.two_rights.iter().position(|&cfg| cfg == (kf, lo, hi))? as u64;
            }
            _ => return None,
        }
        fixed |= king | rooks;
        men[c][Role::King.index()] = 0;
        men[c][Role::Rook.index()] &= !rooks;
    }
    // En passant: the pawn that double-pushed, the canonical capturer, two empty squares.
    let (us, them) = (turn.index(), turn.other().index());
    let mut ep_cfg = 0u64;
    if let Some(ep) = pos.ep_square() {
        // The pawn stands on its fourth rank, in front of the en passant square.
        let f = ep.file();
        let pawn = ep_rank(turn) * 8 + f;
        let (ep, origin) = (behind(turn, pawn, 1), behind(turn, pawn, 2));
        if ep != pos.ep_square()?.index() as u8
            || men[them][Role::Pawn.index()] & (1u64 << pawn) == 0
            || pos.occupied() & (1u64 << ep | 1u64 << origin) != 0
        {
            return None;
        }
        let capturer = [f.checked_sub(1), (f < 7).then_some(f + 1)]
            .into_iter()
            .flatten()
            .find(|&cf| men[us][Role::Pawn.index()] & (1u64 << (pawn - f + cf)) != 0)?;
        ep_cfg = ep_configs().position(|cfg| cfg == (f, capturer))? as u64;
        let cap_sq = pawn - f + capturer;
        fixed |= 1u64 << pawn | 1u64 << cap_sq | 1u64 << ep | 1u64 << origin;
        men[them][Role::Pawn.index()] &= !(1u64 << pawn);
        men[us][Role::Pawn.index()] &= !(1u64 << cap_sq);
    }
    let ep = pos.ep_square().is_some();
    let class_index = (usize::from(fix[0]) * 3 + usize::from(fix[1])) * 2 + usize::from(ep);
    let class = &t.classes[class_index];
    // Keys (from the whole army, fixed men included).
    let mut key_index = [0usize; 2];
    for color in Color::ALL {
        let count = |role: Role| pos.pieces(color, role).count_ones();
        let (q, r, b, n) = (count(Role::Queen), count(Role::Rook), count(Role::Bishop), count(Role::Knight));
        if q > 9 || r > 10 || b > 10 || n > 10 {
            return None;
        }
        let x = promoted(q as u8, r as u8, b as u8, n as u8);
        key_index[color.index()] =
            t.table(fix[color.index()], ep).lookup(count(Role::Pawn), q + r + b + n, u32::from(x))?;
    }
    let (wt, bt) = (t.table(fix[0], ep), t.table(fix[1], ep));
    let (wk, bk) = (&wt.keys[key_index[0]], &bt.keys[key_index[1]]);
    t.pair_rest(class, wk, bk)?;
    let mut before = U192::ZERO;
    for b in &bt.keys[..key_index[1]] {
        if let Some(n) = t.pair_rest(class, wk, b) {
            before = before.add(n);
        }
    }
    let pair_offset = class.white_offsets[key_index[0]].add(before.mul(t.white_factor(class, wk)));
    // Within the key pair: pawns, occupied squares, colours, armies.
    let pawn_space = PAWN_ZONE & !fixed;
    let (wpawns, bpawns) = (men[0][Role::Pawn.index()], men[1][Role::Pawn.index()]);
    if (wpawns | bpawns) & !pawn_space != 0 {
        return None;
    }
    let piece_space = !fixed & !wpawns & !bpawns;
    let pieces = |c: usize| ARMY_ROLES.iter().fold(0u64, |acc, r| acc | men[c][r.index()]);
    let (wpieces, bpieces) = (pieces(0), pieces(1));
    let occ = wpieces | bpieces;
    let (wp, bp) = (usize::from(wk.free_pawns), usize::from(bk.free_pawns));
    let (wm, bm) = (usize::from(wk.free_pieces), usize::from(bk.free_pieces));
    if wpieces.count_ones() as usize != wm || bpieces.count_ones() as usize != bm {
        return None;
    }
    let space = piece_space.count_ones() as usize;
    let mut within = U192::from_u64(subset_rank(wpawns, pawn_space));
    let black_pawn_space = pawn_space.count_ones() as usize - wp;
    within = within.mul_add(binom(black_pawn_space, bp), subset_rank(bpawns, pawn_space & !wpawns));
    within = within.mul_add(binom(space, wm + bm), subset_rank(occ, piece_space));
    within = within.mul_add(binom(wm + bm, wm), subset_rank(wpieces, occ));
    within = within.mul_add(wk.weight, army_rank(wk, &men[0], wpieces)?);
    within = within.mul_add(bk.weight, army_rank(bk, &men[1], bpieces)?);
    let inner = pair_offset.add(within);
    let config = (castle_cfg[0] * castle_configs(fix[1]) + castle_cfg[1]) * if ep { 14 } else { 1 } + ep_cfg;
    let in_class = inner.mul_add(class.configs, config);
    Some(t.class_offsets[turn.index() * t.classes.len() + class_index].add(in_class))
}

/// The rank of one side's free pieces (on `squares`) among its key's orderings.
fn army_rank(key: &Key, men: &[u64; 6], squares: u64) -> Option<u64> {
    let counts = ARMY_ROLES.map(|r| men[r.index()].count_ones() as u8);
    let &(_, offset) = key.armies.iter().find(|(c, _)| *c == counts)?;
    let mut seq = [0u8; 16];
    let mut len = 0;
    let mut b = squares;
    while b != 0 {
        let sq = b & b.wrapping_neg();
        b &= b - 1;
        seq[len] = ARMY_ROLES.iter().position(|r| men[r.index()] & sq != 0)? as u8;
        len += 1;
    }
    Some(offset + multiset_rank(&seq[..len], &counts))
}

/// The king and rook squares of one side's castling arrangement `cfg` with `n` rights.
fn castle_squares(t: &Tables, color: Color, n: u8, cfg: u64) -> Option<(u64, u64)> {
    let back = 8 * u32::from(color.back_rank());
    let (king, rooks) = match n {
        1 => {
            let (k, r) = ((cfg / 7) as u32, (cfg % 7) as u32);
            (k, 1u64 << if r < k { r } else { r + 1 })
        }
        _ => {
            let &(k, lo, hi) = t.two_rights.get(cfg as usize)?;
            (u32::from(k), 1u64 << lo | 1u64 << hi)
        }
    };
    Some((1u64 << (back + king), rooks << back))
}

/// The position with rank `rank`, as an unvalidated setup, or `None` when `rank` is
/// not below [`total`].
pub(crate) fn unrank(rank: U192) -> Option<Setup> {
    let t = tables();
    if rank >= t.total {
        return None;
    }
    let slot = t.class_offsets.partition_point(|o| *o <= rank).checked_sub(1)?;
    let turn = if slot >= t.classes.len() { Color::Black } else { Color::White };
    let class = t.classes.get(slot % t.classes.len())?;
    let (inner, cfg) = rank.sub(t.class_offsets[slot]).div_rem(class.configs);
    let mut setup = Setup::new();
    setup.turn = turn;
    let ep_n = if class.ep { 14 } else { 1 };
    let (cfg, ep_cfg) = (cfg / ep_n, cfg % ep_n);
    let castle_cfg = [cfg / castle_configs(class.fix[1]), cfg % castle_configs(class.fix[1])];
    let mut fixed = 0u64;
    for color in Color::ALL {
        let c = color.index();
        if class.fix[c] == 0 {
            continue;
        }
        let (king, rooks) = castle_squares(t, color, class.fix[c], castle_cfg[c])?;
        put_all(&mut setup, king, Piece { color, role: Role::King });
        put_all(&mut setup, rooks, Piece { color, role: Role::Rook });
        setup.castling |= rooks;
        fixed |= king | rooks;
    }
    if class.ep {
        let (f, capturer) = ep_configs().nth(ep_cfg as usize)?;
        let pawn = ep_rank(turn) * 8 + f;
        let cap_sq = pawn - f + capturer;
        let ep = behind(turn, pawn, 1);
        put_all(&mut setup, 1u64 << pawn, Piece { color: turn.other(), role: Role::Pawn });
        put_all(&mut setup, 1u64 << cap_sq, Piece { color: turn, role: Role::Pawn });
        setup.ep = Some(Square::from_index(u32::from(ep)));
        fixed |= 1u64 << pawn | 1u64 << cap_sq | 1u64 << ep | 1u64 << behind(turn, pawn, 2);
    }
    // The key pair.
    let (wt, bt) = (t.table(class.fix[0], class.ep), t.table(class.fix[1], class.ep));
    let wi = class.white_offsets.partition_point(|o| *o <= inner).checked_sub(1)?.min(wt.keys.len() - 1);
    let wk = &wt.keys[wi];
    // Every pair count with this white key is a multiple of its white factor.
    let factor = t.white_factor(class, wk);
    let (mut units, low) = inner.sub(class.white_offsets[wi]).div_rem(factor);
    let mut found = None;
    for b in &bt.keys {
        if let Some(n) = t.pair_rest(class, wk, b) {
            if units < n {
                found = Some(b);
                break;
            }
            units = units.sub(n);
        }
    }
    let bk = found?;
    let rest = units.mul_add(factor, low);
    // Within: least significant digit first.
    let (wp, bp) = (usize::from(wk.free_pawns), usize::from(bk.free_pawns));
    let (wm, bm) = (usize::from(wk.free_pieces), usize::from(bk.free_pieces));
    let pawn_space = PAWN_ZONE & !fixed;
    let space = 64 - fixed.count_ones() as usize - wp - bp;
    let (rest, black_army) = rest.div_rem(bk.weight);
    let (rest, white_army) = rest.div_rem(wk.weight);
    let (rest, colours) = rest.div_rem(binom(wm + bm, wm));
    let (rest, occ_rank) = rest.div_rem(binom(space, wm + bm));
    let (rest, bpawn_rank) = rest.div_rem(binom(pawn_space.count_ones() as usize - wp, bp));
    let wpawn_rank = rest.to_u64()?;
    let wpawns = subset_unrank(wpawn_rank, pawn_space, wp);
    let bpawns = subset_unrank(bpawn_rank, pawn_space & !wpawns, bp);
    put_all(&mut setup, wpawns, Piece { color: Color::White, role: Role::Pawn });
    put_all(&mut setup, bpawns, Piece { color: Color::Black, role: Role::Pawn });
    let piece_space = !fixed & !wpawns & !bpawns;
    let occ = subset_unrank(occ_rank, piece_space, wm + bm);
    let wpieces = subset_unrank(colours, occ, wm);
    army_unrank(&mut setup, wk, Color::White, wpieces, white_army)?;
    army_unrank(&mut setup, bk, Color::Black, occ & !wpieces, black_army)?;
    Some(setup)
}

/// Puts `piece` on every square of `squares`.
fn put_all(setup: &mut Setup, mut squares: u64, piece: Piece) {
    while squares != 0 {
        setup.put(squares.trailing_zeros() as usize, piece);
        squares &= squares - 1;
    }
}

/// Places one side's free pieces on `squares` from their rank among the key's orderings.
fn army_unrank(setup: &mut Setup, key: &Key, color: Color, squares: u64, rank: u64) -> Option<()> {
    let at = key.armies.partition_point(|&(_, offset)| offset <= rank).checked_sub(1)?;
    let (counts, offset) = key.armies[at];
    let n = squares.count_ones() as usize;
    let mut seq = [0u8; 16];
    multiset_unrank(rank - offset, &counts, seq.get_mut(..n)?);
    let mut b = squares;
    for &t in &seq[..n] {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        setup.put(sq, Piece { color, role: ARMY_ROLES[usize::from(t)] });
    }
    Some(())
}

/// Numbers spread over the whole range, through every class, that unrank to a valid
/// position: each number with its position, and how many fell in each class. Shared
/// by the tests of this module and of `compact` (which checks its bound on them).
#[cfg(test)]
pub(crate) fn sample_positions() -> (Vec<(U192, Position)>, [usize; 18]) {
    let t = tables();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut out = Vec::new();
    let mut classes = [0usize; 18];
    for i in 0..20_000u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let slot = (i as usize) % (t.class_offsets.len() - 1);
        let size = t.class_offsets[slot + 1].sub(t.class_offsets[slot]);
        // A number inside the class: about its size times x / 2^64.
        let within = match size.to_u64() {
            Some(s) => U192::from_u64(x % s),
            None => U192([size.0[1], size.0[2], 0]).mul(x),
        };
        let r = t.class_offsets[slot].add(within);
        let setup = unrank(r).expect("every number below N is a board");
        if let Ok(pos) = setup.into_position(false).or_else(|_| setup.into_position(true)) {
            classes[slot % t.classes.len()] += 1;
            out.push((r, pos));
        }
    }
    (out, classes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `N` as `scripts/data/compact_bound.py` computes it (an independent count in Python).
    const SCRIPT_TOTAL: &str = "54969221599375696859945774355602813902115467760";

    fn decimal(mut v: U192) -> String {
        let mut digits = Vec::new();
        while v != U192::ZERO {
            let (q, r) = v.div_rem(10);
            digits.push(b'0' + r as u8);
            v = q;
        }
        digits.reverse();
        String::from_utf8(digits).unwrap()
    }

    #[test]
    fn enumeration_size_matches_the_script() {
        let n = total();
        assert_eq!(decimal(n), SCRIPT_TOTAL);
        assert!(!n.bit(BITS) && n.0[2] >> (BITS - 128) == 0, "below 2^156");
        assert!(n.bit(BITS - 1), "and needs all 156 bits");
    }

    #[test]
    fn u192_agrees_with_u128() {
        let mut x: u128 = 0x0123_4567_89ab_cdef_0fed_cba9_8765_4321;
        for m in [1u64, 3, 10, 0xffff_ffff, u64::MAX / 7] {
            let a = U192([x as u64, (x >> 64) as u64, 0]);
            let small = (x % (u128::from(u64::MAX) / 2)) as u64;
            let prod = a.mul_add(m, small);
            let (q, r) = prod.div_rem(m);
            assert_eq!(q.mul_add(m, r), prod);
            assert!(r < m);
            assert_eq!(prod.sub(a).add(a), prod);
            assert!(prod >= a);
            x = x.rotate_left(17) ^ u128::from(m);
        }
        assert!(U192([0, 0, 1]) > U192([u64::MAX, u64::MAX, 0]));
    }

    #[test]
    fn subsets_and_multisets_round_trip() {
        let mask = 0x00ff_00f0_0f00_ff0fu64;
        let n = mask.count_ones() as usize;
        for k in 0..=4 {
            let mut seen = vec![false; binom(n, k) as usize];
            for r in 0..binom(n, k) {
                let set = subset_unrank(r, mask, k);
                assert_eq!(set.count_ones() as usize, k);
                assert_eq!(set & !mask, 0);
                assert_eq!(subset_rank(set, mask), r);
                seen[r as usize] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
        let counts = [1u8, 2, 0, 3, 1];
        let m = multinomial(&counts);
        assert_eq!(m, 7 * 6 * 5 * 4 * 3 * 2 / (2 * 6));
        for r in 0..m {
            let mut seq = [0u8; 7];
            multiset_unrank(r, &counts, &mut seq);
            assert_eq!(multiset_rank(&seq, &counts), r);
        }
    }

    const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/");

    /// True for a standard or Chess960 start position.
    fn is_start(fen: &str) -> bool {
        let ranks: Vec<&str> = fen.split(' ').next().unwrap().split('/').collect();
        let mut back: Vec<char> = ranks[7].chars().collect();
        back.sort_unstable();
        ranks[1..7] == ["pppppppp", "8", "8", "8", "8", "PPPPPPPP"]
            && ranks[0] == ranks[7].to_lowercase()
            && back.iter().collect::<String>() == "BBKNNQRR"
    }

    /// Positions reached in games from a start position: all of them must be numbered.
    fn reachable() -> Vec<Position> {
        let root = ROOT;
        let mut v: Vec<Position> = (0..960).filter_map(Position::chess960_start).collect();
        let corpus = std::fs::read_to_string(format!("{root}corpus/selfplay.fen")).unwrap();
        v.extend(corpus.lines().map(|l| Position::from_fen(l).unwrap()));
        // Positions from python-chess's random games that begin at a start position
        // (standard or Chess960; the other games start from composed positions).
        let movetext = std::fs::read_to_string(format!("{root}movetext.txt")).unwrap();
        let (mut previous, mut from_start) = (String::new(), false);
        for line in movetext.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols[0] != previous {
                from_start = is_start(cols[0]);
            }
            if from_start {
                v.push(Position::from_fen_variant(cols[4], cols[1] == "1").unwrap());
            }
            previous = cols[4].to_string();
        }
        v
    }

    /// The placement, side, castling and en passant of `pos` (what is numbered).
    fn epd(pos: &Position) -> String {
        pos.fen().rsplitn(3, ' ').nth(2).unwrap().to_string()
    }

    #[test]
    fn composed_positions_round_trip_when_numbered() {
        let mut numbered = 0;
        for (name, chess960) in [("perft/ethereal-fischer.epd", true), ("perft/plp-perftsuite.epd", false)] {
            let text = std::fs::read_to_string(format!("{ROOT}{name}")).unwrap();
            for case in polyboard_chess::epd::parse_suite(&text, chess960).unwrap() {
                if let Some(r) = rank(&case.position) {
                    let back = unrank(r).unwrap().into_position(chess960).unwrap();
                    assert_eq!(epd(&back), epd(&case.position));
                    numbered += 1;
                }
            }
        }
        assert!(numbered > 500, "{numbered}");
    }

    #[test]
    fn ranks_round_trip_on_reachable_positions() {
        let mut ep = 0;
        let mut castling = 0;
        for pos in reachable() {
            let r = rank(&pos).unwrap_or_else(|| panic!("{} is legal but not numbered", pos.fen()));
            assert!(r < total());
            let back = unrank(r).unwrap().into_position(pos.is_chess960()).unwrap();
            assert_eq!(epd(&back), epd(&pos));
            ep += usize::from(pos.ep_square().is_some());
            castling += usize::from(pos.castling_rooks() != 0);
        }
        assert!(ep > 20 && castling > 1000, "{ep} en passant, {castling} castling");
    }

    #[test]
    fn every_number_unranks_and_valid_ones_rank_back() {
        let (samples, classes) = sample_positions();
        assert!(samples.len() > 1000, "{}", samples.len());
        assert!(classes.iter().all(|&n| n > 0), "a valid position in every class: {classes:?}");
        for (r, pos) in &samples {
            if pos.ep_square().is_none() {
                assert_eq!(rank(pos), Some(*r), "{}", pos.fen());
            }
        }
        assert!(unrank(total()).is_none());
    }
}
