//! `attacktable`: a mailbox with incrementally kept attack tables, the baseline of the
//! slides' 2006 experiment, as the pre-bitboard shogi programs built it.
//!
//! Memory layout: a padded board of 11 columns by 13 rows (index `(rank + 2) * 11 +
//! file`, files 1..=9 in columns 1..=9, ranks a..i in rows 2..=10; every other cell is
//! a wall, two rows deep above and below so a knight's jump needs no bounds test).
//! Each color has a piece list (the cells of its pieces, and each cell's place in the
//! list, so a piece leaves it in one swap). For each color and each cell it keeps
//! - `count`: how many pieces of that color attack the cell (a `u8`);
//! - `long`: which sliders reach the cell, as a bit per direction of travel (a `u8`;
//!   one slider at most per direction, as the nearer one blocks the farther).
//!
//! When a piece leaves a cell its attacks are subtracted and the rays that stopped on
//! the cell (the `long` bits there) are extended past it; when a piece arrives, those
//! rays are cut back and its own attacks added. The generator then reads everything
//! from the tables: check is `count > 0` on the king; the king may step where the
//! opponent's count is 0 and not on the far side of a slider checking it; a piece is
//! pinned when the opponent's `long` bit on it points at our king with nothing
//! between; the checker is found from the king's `long` bits or its neighbours; the
//! uchifuzume test plays the drop on a copy of the tables and reads the king's escapes
//! and the defenders' pins there.

use crate::board::{Moves, ShogiBoard, add_hand};
use crate::position::{MAX_PIECES, Position, steps};
use crate::tactics::{Exchange, ORDER, Tactics, swap};
use crate::types::*;
use crate::zobrist;

const W: usize = 11;
const CELLS: usize = 13 * W;
const WALL: u8 = 0xff;
const EMPTY: u8 = 0;

/// Unit deltas of the eight directions, `(file, rank)`: up (towards rank a), down,
/// towards file 1, towards file 9, then the diagonals.
const DIRS: [(i32, i32); 8] = [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)];

const fn delta(df: i32, dr: i32) -> isize {
    (dr * W as i32 + df) as isize
}

const fn pad(sq: Square) -> usize {
    (sq % 9 + 2) * W + sq / 9 + 1
}

/// The direction opposite each of [`DIRS`].
const OPPOSITE: [usize; 8] = [1, 0, 3, 2, 7, 6, 5, 4];

/// Each kind's place in the exchange order ([`ORDER`]).
const RANK: [u8; KINDS] = {
    let mut r = [0u8; KINDS];
    let mut i = 0;
    while i < ORDER.len() {
        r[ORDER[i] as usize] = i as u8;
        i += 1;
    }
    r
};

/// Canonical square of each cell (0xff for walls).
static CANON: [u8; CELLS] = {
    let mut c = [0xffu8; CELLS];
    let mut sq = 0;
    while sq < SQUARES {
        c[pad(sq)] = sq as u8;
        sq += 1;
    }
    c
};

/// How each piece moves in the padded board.
struct Motion {
    /// Step deltas.
    steps: Vec<isize>,
    /// Slide directions (indices into `DIRS`).
    slides: Vec<usize>,
}

struct Tables {
    /// `[color][kind]`.
    motion: Vec<Vec<Motion>>,
    /// `[color][kind]`: bit `dir` when the piece steps one square in direction `dir`.
    step_dirs: [[u8; KINDS]; 2],
    /// `[color][kind]`: bit `dir` when the piece slides in direction `dir`.
    slide_dirs: [[u8; KINDS]; 2],
    /// `[color]`: where a knight of that color attacks from, relative to its target.
    knight_from: [[isize; 2]; 2],
    /// The direction index of each delta between two adjacent-or-knight cells, for
    /// telling whether a step runs along a line.
    dir_delta: [isize; 8],
}

fn tables() -> &'static Tables {
    static T: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let motion: Vec<Vec<Motion>> = [Color::Black, Color::White]
            .iter()
            .map(|&c| {
                let flip = if c == Color::White { -1 } else { 1 };
                (0..KINDS)
                    .map(|k| {
                        let mut m = Motion { steps: Vec::new(), slides: Vec::new() };
                        if let Some(kind) = Kind::from_index(k) {
                            for &(df, dr, slide) in steps(kind) {
                                let dr = dr * flip;
                                if slide {
                                    m.slides.push(DIRS.iter().position(|&d| d == (df, dr)).expect("a direction"));
                                } else {
                                    m.steps.push(delta(df, dr));
                                }
                            }
                        }
                        m
                    })
                    .collect()
            })
            .collect();
        let dir_delta = DIRS.map(|(f, r)| delta(f, r));
        let mut step_dirs = [[0u8; KINDS]; 2];
        let mut slide_dirs = [[0u8; KINDS]; 2];
        let mut knight_from = [[0isize; 2]; 2];
        for c in 0..2 {
            for (k, m) in motion[c].iter().enumerate() {
                for &d in &m.steps {
                    if let Some(dir) = dir_delta.iter().position(|&x| x == d) {
                        step_dirs[c][k] |= 1 << dir;
                    }
                }
                for &dir in &m.slides {
                    slide_dirs[c][k] |= 1 << dir;
                }
            }
            let knight = &motion[c][Kind::Knight.index()].steps;
            knight_from[c] = [-knight[0], -knight[1]];
        }
        Tables { motion, step_dirs, slide_dirs, knight_from, dir_delta }
    })
}

/// A move generator's destination: a list or a counter.
trait Out {
    fn push(&mut self, mv: Move);
}

impl Out for Moves {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        Moves::push(self, mv);
    }
}

impl Out for u64 {
    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        *self += 1;
    }
}

/// The `attacktable` representation.
#[derive(Clone)]
pub struct AttackTableBoard {
    board: [u8; CELLS],
    count: [[u8; CELLS]; 2],
    long: [[u8; CELLS]; 2],
    hands: [Hand; 2],
    kings: [u8; 2],
    /// Files (bit `file`) holding an unpromoted pawn of each color.
    pawn_files: [u16; 2],
    /// Piece lists: the cells of each color's pieces, and each cell's place in its list.
    list: [[u8; MAX_PIECES]; 2],
    len: [u8; 2],
    slot: [u8; CELLS],
    turn: Color,
    key: u64,
    ply: u32,
}

#[inline(always)]
fn at(cell: usize, d: isize) -> usize {
    cell.wrapping_add_signed(d)
}

impl AttackTableBoard {
    /// Adds (`add`) or subtracts the attacks of `piece` on `cell`.
    fn piece_attacks(&mut self, cell: usize, piece: Piece, add: bool) {
        let t = tables();
        let c = piece.color().index();
        let m = &t.motion[c][piece.kind().index()];
        for &d in &m.steps {
            let to = at(cell, d);
            if self.board[to] != WALL {
                self.bump(c, to, add);
            }
        }
        for &dir in &m.slides {
            self.ray(c, cell, dir, add);
        }
    }

    #[inline(always)]
    fn bump(&mut self, c: usize, cell: usize, add: bool) {
        if add {
            self.count[c][cell] += 1;
        } else {
            self.count[c][cell] -= 1;
        }
    }

    /// Adds or removes the ray of a `c` slider from `cell` (exclusive) in direction `dir`.
    fn ray(&mut self, c: usize, cell: usize, dir: usize, add: bool) {
        let d = tables().dir_delta[dir];
        let mut to = at(cell, d);
        while self.board[to] != WALL {
            self.bump(c, to, add);
            if add {
                self.long[c][to] |= 1 << dir;
            } else {
                self.long[c][to] &= !(1 << dir);
            }
            if self.board[to] != EMPTY {
                break;
            }
            to = at(to, d);
        }
    }

    /// The rays that reach `cell` continue past it (`extend`) or stop there.
    fn rays_through(&mut self, cell: usize, extend: bool) {
        for c in 0..2 {
            let mut bits = self.long[c][cell];
            while bits != 0 {
                let dir = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.ray(c, cell, dir, extend);
            }
        }
    }

    fn list_add(&mut self, c: usize, cell: usize) {
        let n = self.len[c] as usize;
        self.list[c][n % MAX_PIECES] = cell as u8;
        self.slot[cell] = n as u8;
        self.len[c] += 1;
    }

    fn list_remove(&mut self, c: usize, cell: usize) {
        self.len[c] -= 1;
        let last = self.list[c][self.len[c] as usize];
        let at = self.slot[cell];
        self.list[c][at as usize] = last;
        self.slot[last as usize] = at;
    }

    fn place(&mut self, cell: usize, piece: Piece) {
        self.list_add(piece.color().index(), cell);
        self.board[cell] = piece.0;
        self.rays_through(cell, false);
        self.piece_attacks(cell, piece, true);
        self.key ^= zobrist::piece(piece, CANON[cell] as usize);
        if piece.kind() == Kind::Pawn {
            self.pawn_files[piece.color().index()] ^= 1 << file_of(CANON[cell] as usize);
        }
    }

    fn lift(&mut self, cell: usize) -> Piece {
        let piece = Piece(self.board[cell]);
        self.list_remove(piece.color().index(), cell);
        self.piece_attacks(cell, piece, false);
        self.board[cell] = EMPTY;
        self.rays_through(cell, true);
        self.key ^= zobrist::piece(piece, CANON[cell] as usize);
        if piece.kind() == Kind::Pawn {
            self.pawn_files[piece.color().index()] ^= 1 << file_of(CANON[cell] as usize);
        }
        piece
    }

    /// A capture: `piece` replaces what stands on `cell` (no ray changes).
    fn replace(&mut self, cell: usize, piece: Piece) -> Piece {
        let old = Piece(self.board[cell]);
        self.list_remove(old.color().index(), cell);
        self.list_add(piece.color().index(), cell);
        self.piece_attacks(cell, old, false);
        self.key ^= zobrist::piece(old, CANON[cell] as usize) ^ zobrist::piece(piece, CANON[cell] as usize);
        if old.kind() == Kind::Pawn {
            self.pawn_files[old.color().index()] ^= 1 << file_of(CANON[cell] as usize);
        }
        self.board[cell] = piece.0;
        self.piece_attacks(cell, piece, true);
        if piece.kind() == Kind::Pawn {
            self.pawn_files[piece.color().index()] ^= 1 << file_of(CANON[cell] as usize);
        }
        old
    }

    fn piece_at(&self, cell: usize) -> Option<Piece> {
        let p = self.board[cell];
        (p != EMPTY && p != WALL).then_some(Piece(p))
    }

    /// The direction a piece of `color` on `cell` is pinned along (towards its king),
    /// if it is pinned.
    fn pin_dir(&self, color: Color, cell: usize) -> Option<usize> {
        let them = color.flip().index();
        let mut bits = self.long[them][cell];
        let t = tables();
        let k = self.kings[color.index()] as usize;
        while bits != 0 {
            let dir = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let d = t.dir_delta[dir];
            let mut s = at(cell, d);
            while self.board[s] == EMPTY {
                s = at(s, d);
            }
            if s == k {
                return Some(dir);
            }
        }
        None
    }

    /// The opponent's pieces (at most 2) checking `color`'s king, each with the
    /// squares between it and the king.
    fn checker(&self, color: Color) -> (usize, Vec<usize>) {
        let t = tables();
        let them = color.flip();
        let k = self.kings[color.index()] as usize;
        let bits = self.long[them.index()][k];
        if bits != 0 {
            let d = t.dir_delta[bits.trailing_zeros() as usize];
            let mut between = Vec::new();
            let mut s = at(k, -d);
            while self.board[s] == EMPTY {
                between.push(s);
                s = at(s, -d);
            }
            return (s, between);
        }
        for (kind_index, m) in t.motion[them.index()].iter().enumerate() {
            for &d in &m.steps {
                let s = at(k, -d);
                if self.board[s] == Piece::new(them, Kind::from_index(kind_index).unwrap_or(Kind::King)).0 {
                    return (s, Vec::new());
                }
            }
        }
        (k, Vec::new())
    }

    fn generate<O: Out>(&self, out: &mut O) {
        let t = tables();
        let us = self.turn;
        let (u, th) = (us.index(), us.flip().index());
        let k = self.kings[u] as usize;
        let checks = self.count[th][k];

        // King moves: not attacked, and not behind the king on a checking slider's line.
        let mut behind = [usize::MAX; 2];
        let mut bits = self.long[th][k];
        let mut n = 0;
        while bits != 0 && n < 2 {
            behind[n] = at(k, t.dir_delta[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
            n += 1;
        }
        for &d in &t.motion[u][Kind::King.index()].steps {
            let to = at(k, d);
            let p = self.board[to];
            if p == WALL || (p != EMPTY && Piece(p).color() == us) {
                continue;
            }
            if self.count[th][to] == 0 && !behind.contains(&to) {
                out.push(Move::normal(CANON[k] as usize, CANON[to] as usize, false));
            }
        }
        if checks >= 2 {
            return;
        }
        // In check: the targets are the checker and the squares between.
        let mut allowed = [true; CELLS];
        let mut block = Vec::new();
        if checks == 1 {
            allowed = [false; CELLS];
            let (checker, between) = self.checker(us);
            allowed[checker] = true;
            for &s in &between {
                allowed[s] = true;
            }
            block = between;
        }
        for &from in &self.list[u][..self.len[u] as usize] {
            let from = from as usize;
            let p = Piece(self.board[from]);
            if p.kind() == Kind::King {
                continue;
            }
            let sq = CANON[from] as usize;
            let kind = p.kind();
            let pin = self.pin_dir(us, from).map(|d| t.dir_delta[d]);
            let m = &t.motion[u][kind.index()];
            let emit = |to: usize, out: &mut O| {
                if !allowed[to] {
                    return;
                }
                let to_sq = CANON[to] as usize;
                if kind.can_promote() && (in_zone(us, sq) || in_zone(us, to_sq)) {
                    out.push(Move::normal(sq, to_sq, true));
                }
                if relative_rank(us, to_sq) >= dead_ranks(kind) {
                    out.push(Move::normal(sq, to_sq, false));
                }
            };
            for &d in &m.steps {
                if pin.is_some_and(|pd| pd != d && pd != -d) {
                    continue;
                }
                let to = at(from, d);
                let q = self.board[to];
                if q != WALL && (q == EMPTY || Piece(q).color() != us) {
                    emit(to, out);
                }
            }
            for &dir in &m.slides {
                let d = t.dir_delta[dir];
                if pin.is_some_and(|pd| pd != d && pd != -d) {
                    continue;
                }
                let mut to = at(from, d);
                loop {
                    let q = self.board[to];
                    if q == WALL || (q != EMPTY && Piece(q).color() == us) {
                        break;
                    }
                    emit(to, out);
                    if q != EMPTY {
                        break;
                    }
                    to = at(to, d);
                }
            }
        }
        // Drops.
        let hand = self.hands[u];
        if hand.iter().all(|&n| n == 0) {
            return;
        }
        let their_king = self.kings[th] as usize;
        let pawn_check_cell = at(their_king, -t.motion[u][Kind::Pawn.index()].steps[0]);
        let drop_on = |to: usize, out: &mut O| {
            let sq = CANON[to] as usize;
            for kind in Kind::HAND {
                if hand[kind.index() - 1] == 0 || relative_rank(us, sq) < dead_ranks(kind) {
                    continue;
                }
                if kind == Kind::Pawn
                    && (self.pawn_files[u] >> file_of(sq) & 1 != 0
                        || (to == pawn_check_cell && self.pawn_drop_mates(to)))
                {
                    continue;
                }
                out.push(Move::drop(kind, sq));
            }
        };
        if checks == 1 {
            for &to in &block {
                drop_on(to, out);
            }
        } else {
            for sq in 0..SQUARES {
                if self.board[pad(sq)] == EMPTY {
                    drop_on(pad(sq), out);
                }
            }
        }
    }

    /// True when the side to move's pawn dropped on `cell` (in front of the opponent's
    /// king) mates: tested on a copy with the drop played.
    fn pawn_drop_mates(&self, cell: usize) -> bool {
        let us = self.turn;
        let them = us.flip();
        let mut after = self.clone();
        after.place(cell, Piece::new(us, Kind::Pawn));
        let ek = self.kings[them.index()] as usize;
        let t = tables();
        // The king's escapes, the pawn's square included (the king lifted off its square).
        let mut lifted = after.clone();
        let king = lifted.lift(ek);
        for &d in &t.motion[them.index()][Kind::King.index()].steps {
            let to = at(ek, d);
            let p = lifted.board[to];
            if p == WALL || (p != EMPTY && Piece(p).color() == them) {
                continue;
            }
            if lifted.count[us.index()][to] == 0 {
                return false;
            }
        }
        let _ = king;
        // Captures by other pieces that are not pinned (after the drop).
        for (kind_index, m) in t.motion[them.index()].iter().enumerate() {
            let Some(kind) = Kind::from_index(kind_index) else { continue };
            if kind == Kind::King {
                continue;
            }
            let piece = Piece::new(them, kind).0;
            for &d in &m.steps {
                let s = at(cell, -d);
                if after.board[s] == piece && after.pin_dir(them, s).is_none() {
                    return false;
                }
            }
        }
        // Sliding captures: the long bits of `them` on the pawn's cell.
        let mut bits = after.long[them.index()][cell];
        while bits != 0 {
            let d = t.dir_delta[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            let mut s = at(cell, -d);
            while after.board[s] == EMPTY {
                s = at(s, -d);
            }
            if after.pin_dir(them, s).is_none() {
                return false;
            }
        }
        true
    }
}

crate::board::perft_node!(impl[] for AttackTableBoard);

impl ShogiBoard for AttackTableBoard {
    const NAME: &'static str = "attacktable";
    type Perft = Self;

    #[inline(always)]
    fn as_perft(&self) -> &Self {
        self
    }

    fn from_position(pos: &Position) -> Self {
        let mut board = [WALL; CELLS];
        for sq in 0..SQUARES {
            board[pad(sq)] = EMPTY;
        }
        let mut b = AttackTableBoard {
            board,
            count: [[0; CELLS]; 2],
            long: [[0; CELLS]; 2],
            hands: pos.hands,
            kings: [0; 2],
            pawn_files: [0; 2],
            list: [[0; MAX_PIECES]; 2],
            len: [0; 2],
            slot: [0; CELLS],
            turn: pos.turn,
            key: 0,
            ply: pos.ply,
        };
        for sq in 0..SQUARES {
            if let Some(p) = pos.board[sq] {
                b.place(pad(sq), p);
                if p.kind() == Kind::King {
                    b.kings[p.color().index()] = pad(sq) as u8;
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
        let mut n = 0u64;
        self.generate(&mut n);
        n
    }

    fn apply(&mut self, mv: Move) {
        let us = self.turn;
        let to = pad(mv.to() % SQUARES);
        if mv.is_drop() {
            let kind = mv.drop_kind();
            add_hand(&mut self.hands, &mut self.key, us, kind.index() - 1, -1);
            self.place(to, Piece::new(us, kind));
        } else {
            let from = pad(mv.from() % SQUARES);
            let piece = self.lift(from);
            let kind = if mv.is_promotion() { piece.kind().promoted() } else { piece.kind() };
            let moved = Piece::new(us, kind);
            if self.board[to] != EMPTY {
                let captured = self.replace(to, moved);
                add_hand(&mut self.hands, &mut self.key, us, captured.kind().unpromoted().index() - 1, 1);
            } else {
                self.place(to, moved);
            }
            if kind == Kind::King {
                self.kings[us.index()] = to as u8;
            }
        }
        self.turn = us.flip();
        self.key ^= zobrist::SIDE;
        self.ply = self.ply.saturating_add(1);
    }

    fn is_check(&self) -> bool {
        self.count[self.turn.flip().index()][self.kings[self.turn.index()] as usize] > 0
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.piece_at(pad(sq % SQUARES))
    }

    fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }
}

/// The attackers of one square during an exchange, read off the mailbox: in each of the
/// eight directions the nearest piece not yet used (a queue along the line, so the
/// piece behind one that captured comes next: x-rays), and the knights' two squares.
struct TableExchange<'a> {
    b: &'a AttackTableBoard,
    to: usize,
    /// The nearest unused piece's cell in each direction (a wall when none).
    front: [usize; 8],
    /// The cells a knight of each color attacks `to` from (0 when empty or used).
    knights: [[usize; 2]; 2],
}

impl<'a> TableExchange<'a> {
    /// The exchange on `to` once the piece on `from` (if any) has left.
    fn new(b: &'a AttackTableBoard, to: usize, from: Option<usize>) -> Self {
        let t = tables();
        let mut ex = TableExchange { b, to, front: [0; 8], knights: [[0; 2]; 2] };
        for (d, f) in ex.front.iter_mut().enumerate() {
            *f = b.next_piece(to, t.dir_delta[d]);
        }
        for c in [Color::Black, Color::White] {
            for (i, &d) in t.knight_from[c.index()].iter().enumerate() {
                let s = to.wrapping_add_signed(d);
                if b.board.get(s).is_some_and(|&p| p == Piece::new(c, Kind::Knight).0) {
                    ex.knights[c.index()][i] = s;
                }
            }
        }
        if let Some(from) = from {
            ex.take(from);
        }
        ex
    }

    /// Marks the piece on `cell` used: its line's queue moves on past it.
    fn take(&mut self, cell: usize) {
        let t = tables();
        for d in 0..8 {
            if self.front[d] == cell {
                self.front[d] = self.b.next_piece(cell, t.dir_delta[d]);
                return;
            }
        }
        for k in self.knights.iter_mut().flatten() {
            if *k == cell {
                *k = 0;
            }
        }
    }

    /// The attacker of `side` the exchange uses next: `(rank in ORDER, square, cell)`.
    fn least(&self, side: Color) -> Option<(u8, u8, usize)> {
        let t = tables();
        let c = side.index();
        let mut best: Option<(u8, u8, usize)> = None;
        let mut consider = |cell: usize, kind: Kind| {
            let key = (RANK[kind.index()], CANON[cell], cell);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        };
        for ((&cell, &opposite), &delta) in self.front.iter().zip(&OPPOSITE).zip(&t.dir_delta) {
            let p = self.b.board[cell];
            if p == WALL || Piece(p).color() != side {
                continue;
            }
            let kind = Piece(p).kind();
            let back = 1 << opposite;
            let adjacent = cell == at(self.to, delta);
            if (adjacent && t.step_dirs[c][kind.index()] & back != 0) || t.slide_dirs[c][kind.index()] & back != 0 {
                consider(cell, kind);
            }
        }
        for &cell in &self.knights[c] {
            if cell != 0 {
                consider(cell, Kind::Knight);
            }
        }
        best
    }
}

impl Exchange for TableExchange<'_> {
    fn pop_least(&mut self, side: Color) -> Option<Kind> {
        let (rank, _, cell) = self.least(side)?;
        self.take(cell);
        Some(ORDER[rank as usize])
    }

    fn any(&mut self, side: Color) -> bool {
        self.least(side).is_some()
    }
}

impl AttackTableBoard {
    /// The first cell that is not empty from `cell` (exclusive) in steps of `d`.
    #[inline(always)]
    fn next_piece(&self, cell: usize, d: isize) -> usize {
        let mut s = at(cell, d);
        while self.board[s] == EMPTY {
            s = at(s, d);
        }
        s
    }
}

impl Tactics for AttackTableBoard {
    /// The attack counts answer the common case at once: when the opponent attacks the
    /// target not at all (and no slider of theirs stands behind the mover on its
    /// line), the exchange is the first capture. Otherwise the exchange walks the lines.
    fn see(&self, mv: Move) -> i32 {
        let t = tables();
        let them = self.turn.flip();
        let to = pad(mv.to() % SQUARES);
        let captured = self.piece_at(to).map(|p| p.kind());
        let (from, moved) = if mv.is_drop() {
            (None, mv.drop_kind())
        } else {
            let from = pad(mv.from() % SQUARES);
            (Some(from), Piece(self.board[from]).kind())
        };
        if self.count[them.index()][to] == 0 {
            let behind = from.is_some_and(|f| {
                (0..8).any(|d| self.long[them.index()][f] >> d & 1 != 0 && self.next_piece(f, t.dir_delta[d]) == to)
            });
            if !behind {
                return swap(&mut NoAttackers, mv, moved, captured, them);
            }
        }
        let mut ex = TableExchange::new(self, to, from);
        swap(&mut ex, mv, moved, captured, them)
    }

    /// From the king along each of the eight lines: the first piece, when it is ours
    /// and the opponent's `long` table says one of their sliders' rays reaches it
    /// travelling towards the king, is pinned.
    fn pinned_squares(&self, color: Color) -> u128 {
        let t = tables();
        let k = self.kings[color.index()] as usize;
        let them = color.flip().index();
        let mut pinned = 0u128;
        for (&delta, &opposite) in t.dir_delta.iter().zip(&OPPOSITE) {
            let s = self.next_piece(k, delta);
            let p = self.board[s];
            if p != WALL && Piece(p).color() == color && self.long[them][s] >> opposite & 1 != 0 {
                pinned |= 1 << CANON[s];
            }
        }
        pinned
    }
}

/// An exchange in which nobody recaptures.
struct NoAttackers;

impl Exchange for NoAttackers {
    fn pop_least(&mut self, _side: Color) -> Option<Kind> {
        None
    }
    fn any(&mut self, _side: Color) -> bool {
        false
    }
}
