//! The bitboard family's skeleton: one legal move generator, generic over the
//! bitboard layout and the slider technique ([`Tech`]).
//!
//! What a member chooses: its square numbering (the "internal" squares its bitboards
//! and tables use; moves and [`crate::Position`] stay canonical and are converted at
//! the boundary), its [`Wide`] layout, how it computes lance, rook and bishop attacks,
//! and the state it keeps for that (rotated occupancies, or nothing).
//!
//! The generator, per node: the checkers of the king; king moves tested with the king
//! lifted off the board; on double check nothing else; pinned pieces (a slider of the
//! opponent on a line with our king and exactly one of our pieces between) moved only
//! along their line; every other piece's targets masked by the check mask (the checker
//! and the squares between); promotion sets by the zone and dead-rank masks; drops on
//! the allowed ranks, pawns off the files that hold one of our pawns, and the one pawn
//! drop that checks tested for uchifuzume (king escapes, and captures by pieces that
//! stay legal after capturing, so a pinned defender capturing along its pin line
//! counts). Moves go to a [`Sink`]: a list, or a counter that adds population counts
//! (bulk counting builds no list).

use crate::board::{Moves, ShogiBoard, add_hand};
use crate::position::{Position, offset, steps};
use crate::tactics::{Exchange, ORDER, Tactics, swap};
use crate::types::*;
use crate::zobrist;
use polyboard_core::wide::Wide;

/// How a member of the family numbers squares and computes sliding attacks.
pub trait Tech: Copy + Send + Sync + 'static {
    /// The bitboard layout.
    type B: Wide;
    /// The representation's name.
    const NAME: &'static str;
    /// How far a pawn's forward step moves in the internal numbering (Black moves to
    /// `sq - FORWARD`, White to `sq + FORWARD`).
    const FORWARD: u32;

    /// The internal square of canonical square `sq`.
    fn internal(sq: Square) -> usize;
    /// The canonical square of internal square `i`.
    fn canonical(i: usize) -> Square;
    /// The tables of this member (built once).
    fn tables() -> &'static Tables<Self::B>;
    /// The slider state of a board whose occupancy is `occ`.
    fn new(occ: Self::B) -> Self;
    /// Internal square `i` changed from empty to occupied or back.
    fn toggle(&mut self, i: usize);
    /// Rook attacks from `i`; `occ` is the occupancy this state was kept for.
    fn rook(&self, i: usize, occ: Self::B) -> Self::B;
    /// Bishop attacks from `i`.
    fn bishop(&self, i: usize, occ: Self::B) -> Self::B;
    /// Attacks of a lance of `color` on `i`.
    fn lance(&self, color: Color, i: usize, occ: Self::B) -> Self::B;

    /// The member of the non-empty `set` on the lowest canonical square (SEE's
    /// tie-break), as an internal square.
    #[inline(always)]
    fn first_canonical(set: Self::B) -> usize {
        let mut best = set.lsb();
        let mut rest = set.clear_lsb();
        while rest.any() {
            let i = rest.lsb();
            if Self::canonical(i) < Self::canonical(best) {
                best = i;
            }
            rest = rest.clear_lsb();
        }
        best
    }

    /// `set` in canonical numbering (bit `sq` for canonical square `sq`).
    #[inline(always)]
    fn canonical_set(set: Self::B) -> u128 {
        let mut out = 0u128;
        let mut rest = set;
        while rest.any() {
            out |= 1 << Self::canonical(rest.lsb());
            rest = rest.clear_lsb();
        }
        out
    }
}

/// The tables every member shares in kind (each over its own squares and layout).
pub struct Tables<B> {
    /// The non-sliding part of each kind's moves: `[color][kind][square]`.
    pub step: Vec<[[B; SQUARES]; KINDS]>,
    /// Rook attacks on the empty board.
    pub rook_empty: [B; SQUARES],
    /// Bishop attacks on the empty board.
    pub bishop_empty: [B; SQUARES],
    /// Lance attacks on the empty board, `[color][square]`.
    pub lance_empty: [[B; SQUARES]; 2],
    /// The squares strictly between two squares on a line (empty otherwise), `[a * 81 + b]`.
    pub between: Vec<B>,
    /// The whole line through two squares on a line (empty otherwise), `[a * 81 + b]`.
    pub line: Vec<B>,
    /// The promotion zone of each color.
    pub zone: [B; 2],
    /// Where a piece of `[color][kind]` can still move (not on its dead ranks).
    pub alive: [[B; KINDS]; 2],
    /// Each file (1..=9; 0 unused).
    pub file: [B; 10],
    /// Every square.
    pub full: B,
}

/// Builds the tables of a member from the canonical geometry.
pub fn build_tables<T: Tech>() -> Tables<T::B> {
    let bit = |sq: Square| T::B::bit(T::internal(sq));
    let set = |sqs: &[Square]| sqs.iter().fold(T::B::EMPTY, |b, &s| b | bit(s));
    let mut step = vec![[[T::B::EMPTY; SQUARES]; KINDS]; 2];
    let mut rook_empty = [T::B::EMPTY; SQUARES];
    let mut bishop_empty = [T::B::EMPTY; SQUARES];
    let mut lance_empty = [[T::B::EMPTY; SQUARES]; 2];
    let mut between = vec![T::B::EMPTY; SQUARES * SQUARES];
    let mut line = vec![T::B::EMPTY; SQUARES * SQUARES];
    let mut zone = [T::B::EMPTY; 2];
    let mut alive = [[T::B::EMPTY; KINDS]; 2];
    let mut file = [T::B::EMPTY; 10];
    let mut full = T::B::EMPTY;
    for sq in 0..SQUARES {
        let i = T::internal(sq);
        full |= bit(sq);
        file[file_of(sq)] |= bit(sq);
        for c in [Color::Black, Color::White] {
            let flip = if c == Color::White { -1 } else { 1 };
            if in_zone(c, sq) {
                zone[c.index()] |= bit(sq);
            }
            for kind in Kind::ALL {
                if relative_rank(c, sq) >= dead_ranks(kind) {
                    alive[c.index()][kind.index()] |= bit(sq);
                }
                let targets: Vec<Square> =
                    steps(kind).iter().filter(|s| !s.2).filter_map(|&(df, dr, _)| offset(sq, df, dr * flip)).collect();
                step[c.index()][kind.index()][i] = set(&targets);
            }
            let empty = |_| false;
            lance_empty[c.index()][i] = set(&crate::position::attacks_of(c, Kind::Lance, sq, empty));
        }
        rook_empty[i] = set(&crate::position::attacks_of(Color::Black, Kind::Rook, sq, |_| false));
        bishop_empty[i] = set(&crate::position::attacks_of(Color::Black, Kind::Bishop, sq, |_| false));
        for (df, dr) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
            let mut ray = Vec::new();
            let mut s = sq;
            while let Some(t) = offset(s, df, dr) {
                let j = T::internal(t);
                between[i * SQUARES + j] = set(&ray);
                ray.push(t);
                s = t;
            }
            let mut whole = vec![sq];
            for sign in [1, -1] {
                let mut s = sq;
                while let Some(t) = offset(s, df * sign, dr * sign) {
                    whole.push(t);
                    s = t;
                }
            }
            let mut s = sq;
            while let Some(t) = offset(s, df, dr) {
                line[i * SQUARES + T::internal(t)] = set(&whole);
                s = t;
            }
        }
    }
    Tables { step, rook_empty, bishop_empty, lance_empty, between, line, zone, alive, file, full }
}

/// Where generated moves go: a list, or a counter.
pub trait Sink<B: Wide> {
    /// The board moves from internal square `from` to each square of `to`, promoting or not.
    fn moves<T: Tech<B = B>>(&mut self, from: usize, to: B, promote: bool);
    /// The drops of `kind` on each square of `to`.
    fn drops<T: Tech<B = B>>(&mut self, kind: Kind, to: B);
    /// The board moves to each square `s` of `to` from internal square `s + back`.
    fn shifted<T: Tech<B = B>>(&mut self, to: B, back: isize, promote: bool);
}

impl<B: Wide> Sink<B> for Moves {
    #[inline(always)]
    fn moves<T: Tech<B = B>>(&mut self, from: usize, to: B, promote: bool) {
        let from = T::canonical(from);
        to.for_each(|s| self.push(Move::normal(from, T::canonical(s), promote)));
    }
    #[inline(always)]
    fn drops<T: Tech<B = B>>(&mut self, kind: Kind, to: B) {
        to.for_each(|s| self.push(Move::drop(kind, T::canonical(s))));
    }
    #[inline(always)]
    fn shifted<T: Tech<B = B>>(&mut self, to: B, back: isize, promote: bool) {
        to.for_each(|s| self.push(Move::normal(T::canonical(s.wrapping_add_signed(back)), T::canonical(s), promote)));
    }
}

/// A sink that only counts.
pub struct Count(pub u64);

impl<B: Wide> Sink<B> for Count {
    #[inline(always)]
    fn moves<T: Tech<B = B>>(&mut self, _from: usize, to: B, _promote: bool) {
        self.0 += to.popcount() as u64;
    }
    #[inline(always)]
    fn drops<T: Tech<B = B>>(&mut self, _kind: Kind, to: B) {
        self.0 += to.popcount() as u64;
    }
    #[inline(always)]
    fn shifted<T: Tech<B = B>>(&mut self, to: B, _back: isize, _promote: bool) {
        self.0 += to.popcount() as u64;
    }
}

/// A board of the bitboard family.
///
/// Memory: a mailbox of piece codes by internal square (81 bytes), a bitboard per kind
/// (both colors, index 0 unused) and per color, the occupancy, the member's slider
/// state, the hands, the king squares, side to move, key and move number.
#[derive(Clone, Copy)]
pub struct BitBoard<T: Tech> {
    mailbox: [u8; SQUARES],
    kinds: [T::B; KINDS],
    colors: [T::B; 2],
    occ: T::B,
    tech: T,
    hands: [Hand; 2],
    kings: [u8; 2],
    turn: Color,
    key: u64,
    ply: u32,
}

impl<T: Tech> BitBoard<T> {
    #[inline(always)]
    fn kind(&self, k: Kind) -> T::B {
        self.kinds[k.index()]
    }

    /// Pieces that move like a gold.
    #[inline(always)]
    fn golds(&self) -> T::B {
        self.kind(Kind::Gold)
            | self.kind(Kind::ProPawn)
            | self.kind(Kind::ProLance)
            | self.kind(Kind::ProKnight)
            | self.kind(Kind::ProSilver)
    }

    /// The pieces of `by` that attack internal square `i`, with occupancy `occ` and
    /// slider state `tech`. Sliders are looked up only when one stands on a line
    /// through `i` on the empty board.
    #[inline(always)]
    fn attackers(&self, t: &Tables<T::B>, by: Color, i: usize, occ: T::B, tech: &T) -> T::B {
        let theirs = self.colors[by.index()];
        let mut a = self.step_attackers(t, by, i) & theirs;
        let lances = self.kind(Kind::Lance) & theirs & t.lance_empty[by.flip().index()][i];
        if lances.any() {
            a |= tech.lance(by.flip(), i, occ) & lances;
        }
        a | self.slider_attackers(t, by, i, occ, tech)
    }

    /// The stepping pieces (of both colors) placed to attack `i` as pieces of `by`.
    #[inline(always)]
    fn step_attackers(&self, t: &Tables<T::B>, by: Color, i: usize) -> T::B {
        let o = by.flip().index();
        let step = |k: Kind| t.step[o][k.index()][i];
        (step(Kind::Pawn) & self.kind(Kind::Pawn))
            | (step(Kind::Knight) & self.kind(Kind::Knight))
            | (step(Kind::Silver) & self.kind(Kind::Silver))
            | (step(Kind::Gold) & self.golds())
            | (step(Kind::King) & (self.kind(Kind::King) | self.kind(Kind::Horse) | self.kind(Kind::Dragon)))
    }

    /// True when a piece of `by` attacks `i` (the cheap tests first).
    #[inline(always)]
    fn attacked(&self, t: &Tables<T::B>, by: Color, i: usize, occ: T::B, tech: &T) -> bool {
        let theirs = self.colors[by.index()];
        if (self.step_attackers(t, by, i) & theirs).any() {
            return true;
        }
        let lances = self.kind(Kind::Lance) & theirs & t.lance_empty[by.flip().index()][i];
        (lances.any() && (tech.lance(by.flip(), i, occ) & lances).any())
            || self.slider_attackers(t, by, i, occ, tech).any()
    }

    /// The rooks, bishops, dragons and horses of `by` whose lines reach `i`.
    #[inline(always)]
    fn slider_attackers(&self, t: &Tables<T::B>, by: Color, i: usize, occ: T::B, tech: &T) -> T::B {
        let theirs = self.colors[by.index()];
        let rooks = (self.kind(Kind::Rook) | self.kind(Kind::Dragon)) & theirs & t.rook_empty[i];
        let bishops = (self.kind(Kind::Bishop) | self.kind(Kind::Horse)) & theirs & t.bishop_empty[i];
        let mut a = T::B::EMPTY;
        if rooks.any() {
            a |= tech.rook(i, occ) & rooks;
        }
        if bishops.any() {
            a |= tech.bishop(i, occ) & bishops;
        }
        a
    }

    /// The sliders of `by` (lances included) that attack `i` (a king).
    #[inline(always)]
    fn line_attackers(&self, t: &Tables<T::B>, by: Color, i: usize, occ: T::B, tech: &T) -> T::B {
        self.slider_attackers(t, by, i, occ, tech)
            | (tech.lance(by.flip(), i, occ) & self.kind(Kind::Lance) & self.colors[by.index()])
    }

    /// The attacks of a `kind` of `color` on internal square `i`.
    #[inline(always)]
    fn attacks(&self, t: &Tables<T::B>, color: Color, kind: Kind, i: usize) -> T::B {
        let step = t.step[color.index()][kind.index()][i];
        match kind {
            Kind::Lance => self.tech.lance(color, i, self.occ),
            Kind::Bishop => self.tech.bishop(i, self.occ),
            Kind::Rook => self.tech.rook(i, self.occ),
            Kind::Horse => self.tech.bishop(i, self.occ) | step,
            Kind::Dragon => self.tech.rook(i, self.occ) | step,
            _ => step,
        }
    }

    /// Our pieces pinned to our king on `k`.
    #[inline(always)]
    fn pinned(&self, t: &Tables<T::B>, us: Color, k: usize) -> T::B {
        let them = self.colors[us.flip().index()];
        let mut snipers = ((t.rook_empty[k] & (self.kind(Kind::Rook) | self.kind(Kind::Dragon)))
            | (t.bishop_empty[k] & (self.kind(Kind::Bishop) | self.kind(Kind::Horse)))
            | (t.lance_empty[us.index()][k] & self.kind(Kind::Lance)))
            & them;
        let mut pinned = T::B::EMPTY;
        while snipers.any() {
            let s = snipers.lsb();
            snipers = snipers.clear_lsb();
            let b = t.between[k * SQUARES + s] & self.occ;
            if b.any() && !b.more_than_one() {
                pinned |= b & self.colors[us.index()];
            }
        }
        pinned
    }

    /// True when our pawn dropped on `p` (the square in front of their king) mates.
    fn pawn_drop_mates(&self, t: &Tables<T::B>, us: Color, p: usize) -> bool {
        let them = us.flip();
        let ek = self.kings[them.index()] as usize;
        let occ = self.occ | T::B::bit(p);
        let mut tech = self.tech;
        tech.toggle(p);
        // The king's escapes (taking the pawn included), with the king lifted.
        let mut lifted = tech;
        lifted.toggle(ek);
        let lifted_occ = occ ^ T::B::bit(ek);
        let mut escapes = t.step[them.index()][Kind::King.index()][ek] & !self.colors[them.index()] & t.full;
        while escapes.any() {
            let s = escapes.lsb();
            escapes = escapes.clear_lsb();
            if !self.attacked(t, us, s, lifted_occ, &lifted) {
                return false;
            }
        }
        // Captures by other pieces that leave their king safe.
        let mut takers = self.attackers(t, them, p, occ, &tech) & !self.kind(Kind::King);
        while takers.any() {
            let x = takers.lsb();
            takers = takers.clear_lsb();
            let mut moved = tech;
            moved.toggle(x);
            if self.line_attackers(t, us, ek, occ ^ T::B::bit(x), &moved).is_empty() {
                return false;
            }
        }
        true
    }

    /// The legal moves, into `sink`.
    #[inline(always)]
    fn generate<S: Sink<T::B>>(&self, sink: &mut S) {
        let t = T::tables();
        let us = self.turn;
        let them = us.flip();
        let (u, th) = (us.index(), them.index());
        let own = self.colors[u];
        let k = self.kings[u] as usize;
        let checkers = self.attackers(t, them, k, self.occ, &self.tech);

        // King moves, the king lifted so sliders see through its square.
        let mut lifted = self.tech;
        lifted.toggle(k);
        let lifted_occ = self.occ ^ T::B::bit(k);
        let mut targets = t.step[u][Kind::King.index()][k] & !own & t.full;
        let mut safe = T::B::EMPTY;
        while targets.any() {
            let s = targets.lsb();
            targets = targets.clear_lsb();
            if !self.attacked(t, them, s, lifted_occ, &lifted) {
                safe |= T::B::bit(s);
            }
        }
        sink.moves::<T>(k, safe, false);
        if checkers.more_than_one() {
            return;
        }
        let (target, drop_target) = if checkers.any() {
            let b = t.between[k * SQUARES + checkers.lsb()];
            (b | checkers, b)
        } else {
            (!own & t.full, !self.occ & t.full)
        };
        let pinned = self.pinned(t, us, k);
        let zone = t.zone[u];
        // Unpinned pawns all at once: one shift forward.
        let pawns = self.kind(Kind::Pawn) & own & !pinned;
        let pushed = if us == Color::Black { pawns.shr(T::FORWARD) } else { pawns.shl(T::FORWARD) } & target;
        let back = if us == Color::Black { T::FORWARD as isize } else { -(T::FORWARD as isize) };
        sink.shifted::<T>(pushed & zone, back, true);
        sink.shifted::<T>(pushed & t.alive[u][Kind::Pawn.index()], back, false);
        for kind in Kind::ALL {
            if kind == Kind::King {
                continue;
            }
            let mut from_set = self.kind(kind) & own;
            if kind == Kind::Pawn {
                from_set &= pinned;
            }
            while from_set.any() {
                let from = from_set.lsb();
                from_set = from_set.clear_lsb();
                let mut to = self.attacks(t, us, kind, from) & target;
                if pinned.has(from) {
                    to &= t.line[k * SQUARES + from];
                }
                if kind.can_promote() {
                    let promo = if zone.has(from) { to } else { to & zone };
                    sink.moves::<T>(from, promo, true);
                    sink.moves::<T>(from, to & t.alive[u][kind.index()], false);
                } else {
                    sink.moves::<T>(from, to, false);
                }
            }
        }
        let hand = &self.hands[u];
        if hand.iter().all(|&n| n == 0) || drop_target.is_empty() {
            return;
        }
        for kind in Kind::HAND {
            if hand[kind.index() - 1] == 0 {
                continue;
            }
            let mut to = drop_target & t.alive[u][kind.index()];
            if kind == Kind::Pawn {
                let mut pawns = self.kind(Kind::Pawn) & own;
                while pawns.any() {
                    to &= !t.file[file_of(T::canonical(pawns.lsb()))];
                    pawns = pawns.clear_lsb();
                }
                let front = t.step[th][Kind::Pawn.index()][self.kings[th] as usize] & to;
                if front.any() && self.pawn_drop_mates(t, us, front.lsb()) {
                    to ^= front;
                }
            }
            sink.drops::<T>(kind, to);
        }
    }

    /// Puts `piece` on empty internal square `i`.
    #[inline(always)]
    fn put(&mut self, i: usize, piece: Piece) {
        let b = T::B::bit(i);
        self.mailbox[i] = piece.0;
        self.kinds[piece.kind().index()] ^= b;
        self.colors[piece.color().index()] ^= b;
        self.occ ^= b;
        self.tech.toggle(i);
        self.key ^= zobrist::piece(piece, T::canonical(i));
    }

    /// Takes the piece off internal square `i`.
    #[inline(always)]
    fn take(&mut self, i: usize) -> Piece {
        let piece = Piece(self.mailbox[i]);
        let b = T::B::bit(i);
        self.mailbox[i] = 0;
        self.kinds[piece.kind().index()] ^= b;
        self.colors[piece.color().index()] ^= b;
        self.occ ^= b;
        self.tech.toggle(i);
        self.key ^= zobrist::piece(piece, T::canonical(i));
        piece
    }
}

crate::board::perft_node!(impl[T: Tech] for BitBoard<T>);

impl<T: Tech> ShogiBoard for BitBoard<T> {
    const NAME: &'static str = T::NAME;
    type Perft = Self;

    #[inline(always)]
    fn as_perft(&self) -> &Self {
        self
    }

    fn from_position(pos: &Position) -> Self {
        let mut b = BitBoard {
            mailbox: [0; SQUARES],
            kinds: [T::B::EMPTY; KINDS],
            colors: [T::B::EMPTY; 2],
            occ: T::B::EMPTY,
            tech: T::new(T::B::EMPTY),
            hands: pos.hands,
            kings: [0; 2],
            turn: pos.turn,
            key: 0,
            ply: pos.ply,
        };
        for sq in 0..SQUARES {
            if let Some(p) = pos.board[sq] {
                b.put(T::internal(sq), p);
                if p.kind() == Kind::King {
                    b.kings[p.color().index()] = T::internal(sq) as u8;
                }
            }
        }
        b.key = pos.key();
        b
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn generate_moves(&self, out: &mut Moves) {
        self.generate(out);
    }

    fn count_moves(&self) -> u64 {
        let mut c = Count(0);
        self.generate(&mut c);
        c.0
    }

    #[inline]
    fn apply(&mut self, mv: Move) {
        let us = self.turn;
        let to = T::internal(mv.to());
        if mv.is_drop() {
            let kind = mv.drop_kind();
            add_hand(&mut self.hands, &mut self.key, us, kind.index() - 1, -1);
            self.put(to, Piece::new(us, kind));
        } else {
            let from = T::internal(mv.from());
            if self.mailbox[to] != 0 {
                let captured = self.take(to);
                add_hand(&mut self.hands, &mut self.key, us, captured.kind().unpromoted().index() - 1, 1);
            }
            let piece = self.take(from);
            let kind = if mv.is_promotion() { piece.kind().promoted() } else { piece.kind() };
            if kind == Kind::King {
                self.kings[us.index()] = to as u8;
            }
            self.put(to, Piece::new(us, kind));
        }
        self.turn = us.flip();
        self.key ^= zobrist::SIDE;
        self.ply = self.ply.saturating_add(1);
    }

    fn is_check(&self) -> bool {
        let t = T::tables();
        let k = self.kings[self.turn.index()] as usize;
        self.attacked(t, self.turn.flip(), k, self.occ, &self.tech)
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        let p = self.mailbox[T::internal(sq % SQUARES)];
        (p != 0).then_some(Piece(p))
    }

    fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }
}

/// The attackers of one square during an exchange: the occupancy and slider state with
/// the pieces that have captured taken off, and every piece of either color that
/// attacks the square through them.
struct BitExchange<'a, T: Tech> {
    b: &'a BitBoard<T>,
    t: &'static Tables<T::B>,
    to: usize,
    occ: T::B,
    tech: T,
    attackers: T::B,
}

impl<'a, T: Tech> BitExchange<'a, T> {
    /// The exchange on internal square `to` once the piece on `from` (if any) has left.
    #[inline(always)]
    fn new(b: &'a BitBoard<T>, to: usize, from: Option<usize>) -> Self {
        let t = T::tables();
        let mut ex = BitExchange { b, t, to, occ: b.occ, tech: b.tech, attackers: T::B::EMPTY };
        if let Some(from) = from {
            ex.occ ^= T::B::bit(from);
            ex.tech.toggle(from);
        }
        ex.attackers = (b.attackers(t, Color::Black, to, ex.occ, &ex.tech)
            | b.attackers(t, Color::White, to, ex.occ, &ex.tech))
            & ex.occ;
        ex
    }

    /// Takes internal square `i` off and adds the sliders it uncovers.
    #[inline(always)]
    fn remove(&mut self, i: usize) {
        let (b, t, to) = (self.b, self.t, self.to);
        self.occ ^= T::B::bit(i);
        self.tech.toggle(i);
        self.attackers &= self.occ;
        if t.rook_empty[to].has(i) {
            let rooks = b.kind(Kind::Rook) | b.kind(Kind::Dragon);
            let lances = (self.tech.lance(Color::White, to, self.occ) & b.colors[0]
                | self.tech.lance(Color::Black, to, self.occ) & b.colors[1])
                & b.kind(Kind::Lance);
            self.attackers |= (self.tech.rook(to, self.occ) & rooks | lances) & self.occ;
        } else if t.bishop_empty[to].has(i) {
            let bishops = b.kind(Kind::Bishop) | b.kind(Kind::Horse);
            self.attackers |= self.tech.bishop(to, self.occ) & bishops & self.occ;
        }
    }
}

impl<T: Tech> Exchange for BitExchange<'_, T> {
    #[inline(always)]
    fn pop_least(&mut self, side: Color) -> Option<Kind> {
        let mine = self.attackers & self.b.colors[side.index()];
        if mine.is_empty() {
            return None;
        }
        for kind in ORDER {
            let set = mine & self.b.kind(kind);
            if set.any() {
                self.remove(T::first_canonical(set));
                return Some(kind);
            }
        }
        None
    }

    #[inline(always)]
    fn any(&mut self, side: Color) -> bool {
        (self.attackers & self.b.colors[side.index()]).any()
    }
}

impl<T: Tech> Tactics for BitBoard<T> {
    fn see(&self, mv: Move) -> i32 {
        let to = T::internal(mv.to());
        let captured = (self.mailbox[to] != 0).then(|| Piece(self.mailbox[to]).kind());
        let (from, moved) = if mv.is_drop() {
            (None, mv.drop_kind())
        } else {
            let from = T::internal(mv.from());
            (Some(from), Piece(self.mailbox[from]).kind())
        };
        let mut ex = BitExchange::new(self, to, from);
        swap(&mut ex, mv, moved, captured, self.turn.flip())
    }

    fn pinned_squares(&self, color: Color) -> u128 {
        let t = T::tables();
        T::canonical_set(self.pinned(t, color, self.kings[color.index()] as usize))
    }
}
