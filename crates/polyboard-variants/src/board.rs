//! The board: Sjaak's set of bitboards (one per piece type, one per colour, the royal
//! pieces), a byte array of the piece on each square, the holdings, and the status
//! (castling and gating rights, en passant, check counters, clocks, the Zobrist key).
//! Copy-make: a move is played on a copy ([`Board::apply`]); [`Stack`] keeps the
//! boards of a line so that taking a move back is a pop.

use crate::bits::{Bits, squares};
use crate::moves::*;
use crate::rules::MAX_TYPES;
use crate::tables::Tables;
use polyboard_core::MoveList;

mod chase;
mod connect;
mod count;
mod enclosing;
mod janggi;
mod placement;

/// Room for the legal moves of a position (shogi's record is 593; a position of a
/// user's variant with more keeps the first `MAX_MOVES`, never panics).
pub const MAX_MOVES: usize = 4096;
/// A move list large enough for any variant position.
pub type Moves = MoveList<Move, MAX_MOVES>;

/// One position of a variant. `Copy`: a board is a value, the tables are borrowed.
#[derive(Clone, Copy, Debug)]
pub struct Board<'a, B: Bits> {
    pub(crate) t: &'a Tables<B>,
    pub(crate) by_type: [B; MAX_TYPES],
    pub(crate) by_color: [B; 2],
    pub(crate) royal: B,
    /// Pieces that came from a pawn promotion (`~` in FEN): captured, they go to the
    /// hand as pawns.
    pub(crate) promoted: B,
    /// Castling rights, as the squares of the rooks that may still castle.
    pub(crate) castle: [B; 2],
    /// Unmoved back-rank pieces that may still gate a piece from the hand.
    pub(crate) gates: [B; 2],
    /// Wall squares (`*` in FEN): no piece stands on, passes or captures them.
    pub(crate) walls: B,
    /// En passant target (at most one square).
    pub(crate) ep: B,
    /// The pawn an en passant capture takes.
    pub(crate) ep_victim: u8,
    /// 0 = empty, else 1 + type * 2 + colour.
    pub(crate) piece: [u8; 128],
    pub(crate) hand: [[u8; MAX_TYPES]; 2],
    /// Checks still to give (check counting variants).
    pub(crate) checks: [u8; 2],
    /// Per colour, with Shatar's mate rule: that side's unbroken series of checking
    /// moves (its last move gave check, and each of its moves before back to the series'
    /// start) holds a check by a knight, rook or bers (a shak).
    pub(crate) shak: [bool; 2],
    pub(crate) side: u8,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) key: u64,
    /// With passing or the bikjang rule ([`crate::janggi`]): bit 0 the last move was a
    /// pass, bit 1 the move before it was, bit 2 the position before the last move was a
    /// bikjang. 0 at a FEN and after a null move, as Fairy-Stockfish's history starts there.
    pub(crate) jstate: u8,
    /// With `castlingWins`: the last move was a castling that wins.
    pub(crate) castled_win: bool,
}

/// What the generator knows about the node while it emits moves.
struct Node<B> {
    us: usize,
    occ: B,
    enemy: B,
    in_check: bool,
    /// Where a piece leaving may expose a royal piece: its moves are tested.
    danger: B,
    /// Where a piece arriving may become a hopper's screen onto a royal piece: moves
    /// there are tested (a subset of `danger`).
    screens: B,
    /// Which moves to emit.
    part: Part,
}

/// Which legal moves a generation call emits: all of them, or one side of the split
/// the search uses (noisy: `is_capture` or `is_promotion`; quiet: the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Every legal move.
    All,
    /// Captures and promotions.
    Noisy,
    /// The moves that are neither.
    Quiet,
}

impl<'a, B: Bits> Board<'a, B> {
    /// An empty board with White to move.
    pub(crate) fn empty(t: &'a Tables<B>) -> Board<'a, B> {
        Board {
            t,
            by_type: [B::EMPTY; MAX_TYPES],
            by_color: [B::EMPTY; 2],
            royal: B::EMPTY,
            promoted: B::EMPTY,
            castle: [B::EMPTY; 2],
            gates: [B::EMPTY; 2],
            walls: B::EMPTY,
            ep: B::EMPTY,
            ep_victim: 0,
            piece: [0; 128],
            hand: [[0; MAX_TYPES]; 2],
            checks: [0; 2],
            shak: [false; 2],
            jstate: 0,
            castled_win: false,
            side: 0,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    /// The tables the board uses.
    pub fn tables(&self) -> &'a Tables<B> {
        self.t
    }

    /// The side to move: 0 White, 1 Black.
    pub fn side_to_move(&self) -> usize {
        self.side as usize
    }

    /// The piece on `sq`: (type, colour).
    #[inline(always)]
    pub fn piece_on(&self, sq: usize) -> Option<(usize, usize)> {
        let p = self.piece[sq];
        (p != 0).then(|| (((p - 1) >> 1) as usize, ((p - 1) & 1) as usize))
    }

    /// How many pieces of `ty` `color` holds in hand.
    pub fn in_hand(&self, color: usize, ty: usize) -> u32 {
        self.hand[color][ty] as u32
    }

    /// The squares of the pieces of `ty` and `color`.
    pub fn pieces(&self, ty: usize, color: usize) -> B {
        self.by_type[ty] & self.by_color[color]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn pieces_of(&self, color: usize) -> B {
        self.by_color[color]
    }

    /// The board after the side to move passes (a search's null move): the en passant
    /// target goes, the clock runs, the other side moves; nothing else changes.
    pub fn null_move(&self) -> Board<'a, B> {
        let mut b = *self;
        for sq in squares(b.ep) {
            b.key ^= b.t.keys.ep[sq];
        }
        b.ep = B::EMPTY;
        b.halfmove = b.halfmove.saturating_add(1);
        b.shak = [false; 2];
        b.jstate = 0;
        b.castled_win = false;
        if b.side == 1 {
            b.fullmove = b.fullmove.saturating_add(1);
        }
        b.side ^= 1;
        b.key ^= b.t.keys.side;
        b
    }

    /// Every occupied square: the pieces and the walls.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1] | self.walls
    }

    /// The wall squares (`*` in FEN).
    pub fn walls(&self) -> B {
        self.walls
    }

    /// The Zobrist key.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The full-move number (1 at the start, one more after each Black move).
    pub fn fullmove(&self) -> u32 {
        self.fullmove as u32
    }

    /// The halfmove clock (plies since a capture or pawn move).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// Checks still to give, per colour (check counting variants).
    pub fn checks_remaining(&self, color: usize) -> u32 {
        self.checks[color] as u32
    }

    /// True when the side to move has a royal piece under attack.
    pub fn in_check(&self) -> bool {
        self.royals_attacked(self.side as usize, self.occupied())
    }

    /// True when the side to move is in check as Fairy-Stockfish counts it at a game's
    /// end and in pyffish's `gives_check`: a royal piece attacked, or with
    /// `extinctionPseudoRoyal` a pseudo-royal one (not one touching an opponent's under
    /// `blastOnCapture`), or with `dupleCheck` every piece of the extinction types.
    /// [`Board::in_check`] is the royal pieces only, as the generator uses it.
    pub fn checked(&self) -> bool {
        self.in_check() || (self.t.rules.extinction_pseudo_royal && self.pseudo_royals_attacked())
    }

    /// [`Board::checked`]'s pseudo-royal part.
    #[inline(never)]
    fn pseudo_royals_attacked(&self) -> bool {
        let t = self.t;
        let r = &t.rules;
        let Some((_, types)) = r.extinction.as_ref() else { return false };
        let us = self.side as usize;
        let them = us ^ 1;
        let of = |c: usize| types.iter().fold(B::EMPTY, |m, &ty| m | self.pieces(ty, c));
        let theirs = self.pseudo_royals(them) & !self.of_types(r.blast_immune);
        let occ = self.occupied();
        let attacked =
            |sq: usize| (!r.blast_on_capture || (t.adjacent[sq] & theirs).is_empty()) && self.attacked(sq, them, occ);
        if squares(self.pseudo_royals(us)).any(attacked) {
            return true;
        }
        r.duple_check && !of(us).is_empty() && squares(of(us)).all(attacked)
    }

    /// `color`'s pseudo-royal pieces (`extinctionPseudoRoyal`): those of each extinction
    /// type (with the promoted types that move as it) of which it has at most
    /// `extinctionPieceCount + 1`.
    fn pseudo_royals(&self, color: usize) -> B {
        let r = &self.t.rules;
        let limit = r.extinction_counts.piece_count + 1;
        r.extinction_groups
            .iter()
            .map(|&g| self.of_types(g) & self.by_color[color])
            .filter(|b| b.popcount() <= limit)
            .fold(B::EMPTY, |m, b| m | b)
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: usize, ty: usize, c: usize) {
        let b = B::bit(sq);
        self.by_type[ty] |= b;
        self.by_color[c] |= b;
        if self.t.rules.pieces[ty].royal {
            self.royal |= b;
        }
        self.piece[sq] = (1 + ty * 2 + c) as u8;
        self.key ^= self.t.keys.piece[(ty * 2 + c) * 128 + sq];
    }

    #[inline(always)]
    fn hand_key(&self, c: usize, ty: usize) -> u64 {
        self.t.keys.hand[(ty * 2 + c) * 64 + (self.hand[c][ty] as usize).min(63)]
    }

    #[inline(always)]
    pub(crate) fn add_hand(&mut self, c: usize, ty: usize, delta: i32) {
        self.key ^= self.hand_key(c, ty);
        self.hand[c][ty] = (self.hand[c][ty] as i32 + delta).clamp(0, 255) as u8;
        self.key ^= self.hand_key(c, ty);
    }

    /// The key computed from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let k = &self.t.keys;
        let mut key = 0;
        for sq in 0..self.t.nsq {
            if let Some((ty, c)) = self.piece_on(sq) {
                key ^= k.piece[(ty * 2 + c) * 128 + sq];
            }
        }
        for c in 0..2 {
            for ty in 0..self.t.ntypes {
                key ^= self.hand_key(c, ty);
            }
            for sq in squares(self.castle[c]) {
                key ^= k.castle[sq];
            }
            for sq in squares(self.gates[c]) {
                key ^= k.gate[sq];
            }
            key ^= k.checks[c * 8 + (self.checks[c] as usize).min(7)];
        }
        for sq in squares(self.ep) {
            key ^= k.ep[sq];
        }
        for sq in squares(self.walls) {
            key ^= k.wall[sq];
        }
        if self.side == 1 {
            key ^= k.side;
        }
        key
    }

    /// Plays a move of this position's legal list, in place (copy-make: the caller
    /// copies first, see [`Stack`]).
    pub fn apply(&mut self, mv: Move) {
        let t = self.t;
        let k = &t.keys;
        let us = self.side as usize;
        if t.janggi_rules {
            self.jstate = self.next_jstate(mv);
        }
        if t.rules.castling_wins != 0 {
            self.castled_win = mv.is_castling() && t.rules.castling_wins & self.castling_right_bit(us, mv) != 0;
        }
        if !self.ep.is_empty() {
            for sq in squares(self.ep) {
                self.key ^= k.ep[sq];
            }
            self.ep = B::EMPTY;
        }
        // A pass (a piece's move to its own square) leaves the piece and its rights as
        // they are (Fairy-Stockfish: atlantis's wall moves keep the castling rights).
        let np = if mv.is_pass() { 0 } else { mv.pickups() };
        let mover_promoted = np > 0 && self.promoted.has(mv.pickup(0));
        // A promotion that gives a piece a new type (not a demotion back to its base) in
        // a variant with `pieceDemotion`; other variants have no demotion.
        let promotes = mv.is_promotion() && !(t.rules.piece_demotion && self.is_demotion(mv));
        // `petrifyOnCaptureTypes` looks at the piece that moved, not at what it promotes
        // to (a pawn taking and promoting to a knight stays a knight).
        let petrifies = t.rules.petrify_on_capture != 0
            && mv.is_capture()
            && !mv.is_castling()
            && np > 0
            && t.rules.petrify_on_capture >> self.type_on(mv.pickup(0)) & 1 != 0;
        // A pass of a piece whose moves reset the clock resets it (Fairy-Stockfish: the
        // piece cannot move back to where it stands; atlantis's pawn wall moves).
        let mut reset = mv.is_pass() && t.rules.n_move_rule_types[us] >> self.type_on(mv.pickup(0)) & 1 != 0;
        // A mover of `nMoveRuleTypes` that might step straight back: decided after the
        // move (a move the piece can undo does not reset the clock).
        let mut undoable = None;
        for i in 0..np {
            if let Some((ty, c)) = self.lift(mv.pickup(i))
                && (c != us || t.rules.n_move_rule_types[us] >> ty & 1 != 0)
            {
                if c == us && t.maybe_reversible[us] >> ty & 1 != 0 && !mv.is_promotion() && !mv.is_castling() {
                    undoable = Some(ty);
                } else {
                    reset = true;
                }
            }
        }
        for i in 0..if mv.is_pass() { 0 } else { mv.drops() } {
            let (sq, ty) = mv.drop(i);
            self.put(sq, ty, us);
            if i == 0
                && t.rules.captures_to_hand
                && !t.rules.drop_loop
                && ((promotes && t.rules.pieces[ty].base.is_none()) || (mover_promoted && !mv.is_castling()))
            {
                self.promoted |= B::bit(sq);
            }
        }
        if petrifies {
            self.petrify(mv.to());
        }
        if t.rules.blast_on_capture && mv.is_capture() {
            self.blast(mv.to());
        }
        if t.rules.cambodian_moves && mv.drops() > 0 {
            self.rook_aims_at_king(mv.drop(0));
        }
        if t.enclosing && !mv.is_pass() {
            self.flip_enclosed(mv.to(), us, mv.is_drop());
        }
        if t.rules.castling_dropped_piece && mv.is_drop() {
            let (to, ty) = mv.drop(0);
            self.dropped_castling(to, ty, us);
        }
        if let Some(w) = mv.wall() {
            if t.rules.walling == crate::rules::Walling::Duck {
                for sq in squares(self.walls) {
                    self.key ^= k.wall[sq];
                }
                self.walls = B::EMPTY;
            }
            self.walls |= B::bit(w);
            self.key ^= k.wall[w];
        }
        match mv.hand_action() {
            STORE => self.add_hand(us, mv.hand_type(), 1),
            RETRIEVE => self.add_hand(us, mv.hand_type(), -1),
            _ => {}
        }
        // A double step that promotes (epicatomic's pawns promote from their fifth rank)
        // leaves no en passant square, as in Fairy-Stockfish.
        if mv.0 & F_DOUBLE != 0 && !mv.is_promotion() {
            self.set_en_passant(mv);
        }
        if let Some(ty) = undoable
            && !reset
        {
            reset = !self.returns(ty, us, mv.to(), mv.pickup(0));
        }
        // Captures, pawn moves, drops and promotions reset the clock (as Fairy-Stockfish:
        // a shogi piece promoting resets it too, unless `pieceDemotion` lets it go back,
        // as pyffish 0.0.90 counts Kyoto shogi).
        let reset = reset || mv.is_drop() || (promotes && !t.rules.piece_demotion);
        self.halfmove = if reset { 0 } else { self.halfmove.saturating_add(1) };
        if us == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side ^= 1;
        self.key ^= k.side;
        if t.rules.check_counting && self.royals_attacked(us ^ 1, self.occupied()) {
            self.key ^= k.checks[us * 8 + (self.checks[us] as usize).min(7)];
            self.checks[us] = self.checks[us].saturating_sub(1);
            self.key ^= k.checks[us * 8 + (self.checks[us] as usize).min(7)];
        }
        if t.rules.shatar_mate_rule {
            self.update_shak(us);
        }
    }

    /// The `castlingWins` bit of the castling move `mv` of `color` (1 White's kingside,
    /// 2 its queenside, 4 and 8 Black's).
    fn castling_right_bit(&self, color: usize, mv: Move) -> u8 {
        let queenside = mv.pickup(1) < mv.pickup(0);
        1 << (color * 2 + usize::from(queenside))
    }

    /// `castlingWins`' game end for the side to move: a loss after the opponent's
    /// winning castling; else the side (the opponent first) that has lost every one of
    /// its winning castling rights without castling loses.
    #[inline(never)]
    fn castling_wins_end(&self) -> Option<crate::rules::Value> {
        use crate::rules::Value;
        let t = self.t;
        let r = &t.rules;
        if self.castled_win {
            return Some(Value::Loss);
        }
        let us = self.side as usize;
        for c in [us ^ 1, us] {
            let wanted = r.castling_wins >> (2 * c) & 3;
            if wanted == 0 {
                continue;
            }
            // The rights left: a castling rook beside the castling king, on either side.
            let rank = t.rank_masks[r.castling_rank_of(c)];
            let king = r.castling_king.map_or(B::EMPTY, |k| self.pieces(k, c) & rank);
            let mut left = 0u8;
            if let Some(k) = squares(king).find(|&k| k % r.files == r.castling_king_file).or(squares(king).next()) {
                for rsq in squares(self.castle[c]) {
                    left |= if rsq > k { 1 } else { 2 };
                }
            }
            if left & wanted == 0 {
                return Some(if c == us { Value::Loss } else { Value::Win });
            }
        }
        None
    }

    /// The en passant squares after a double (or triple) step `mv`, as Fairy-Stockfish
    /// sets them: the squares passed, in the en passant region, that an enemy piece of
    /// `enPassantTypes` attacks; after a custom pawn's initial move (not the `pawn`
    /// type: berolina, pawnsideways, wolf's sergeant) every square passed and the
    /// landing square, attacked or not (only the passed ones can be taken on).
    #[inline(never)]
    fn set_en_passant(&mut self, mv: Move) {
        let t = self.t;
        let r = &t.rules;
        let us = self.side as usize;
        let them = us ^ 1;
        let (from, (to, ty)) = (mv.pickup(0), mv.drop(0));
        let custom = !r.pieces[ty].pawn;
        let files = r.files as isize;
        let (dx, dy) =
            ((to % r.files) as isize - (from % r.files) as isize, to as isize / files - from as isize / files);
        let n = dx.abs().max(dy.abs());
        let step = dy.signum() * files + dx.signum();
        let mut bits = B::EMPTY;
        for k in 1..n {
            let sq = (from as isize + k * step) as usize;
            if r.en_passant_region >> sq & 1 == 0 {
                continue;
            }
            let mut takers = r.en_passant_types[them];
            let mut attacked = custom;
            while takers != 0 && !attacked {
                let et = takers.trailing_zeros() as usize;
                takers &= takers - 1;
                attacked =
                    !(t.rev_leap[(et * 2 + them) * t.nsq + sq] & self.by_type[et] & self.by_color[them]).is_empty();
            }
            if attacked {
                bits |= B::bit(sq);
            }
        }
        if custom && !bits.is_empty() {
            bits |= B::bit(to);
        }
        for sq in squares(bits) {
            self.key ^= t.keys.ep[sq];
        }
        self.ep = bits;
        self.ep_victim = to as u8;
    }

    /// True when the piece of type `ty` and colour `us` on `to` can step back to `from`
    /// with a quiet move (on the board as it stands).
    #[inline(never)]
    fn returns(&self, ty: usize, us: usize, to: usize, from: usize) -> bool {
        self.reach(ty, us, to, self.occupied(), B::EMPTY).0.has(from)
    }

    /// Takes the piece off `sq` (if any) with what goes with it: its castling rights
    /// (all of its side's when it is the castling king, royal or not: giveaway's and
    /// extinction's king is a commoner), its gate and its promoted mark.
    #[inline(always)]
    fn lift(&mut self, sq: usize) -> Option<(usize, usize)> {
        let t = self.t;
        let k = &t.keys;
        let p = self.piece[sq];
        if p == 0 {
            return None;
        }
        let (ty, c) = (((p - 1) >> 1) as usize, ((p - 1) & 1) as usize);
        let b = B::bit(sq);
        self.by_type[ty] ^= b;
        self.by_color[c] ^= b;
        self.piece[sq] = 0;
        self.key ^= k.piece[(ty * 2 + c) * 128 + sq];
        let royal = self.royal.has(sq);
        if royal {
            self.royal ^= b;
        }
        if (royal || t.rules.castling_king == Some(ty)) && t.rules.castling {
            for r in squares(self.castle[c]) {
                self.key ^= k.castle[r];
            }
            self.castle[c] = B::EMPTY;
        }
        if self.castle[c].has(sq) {
            self.castle[c] ^= b;
            self.key ^= k.castle[sq];
        }
        if self.gates[c].has(sq) {
            self.gates[c] ^= b;
            self.key ^= k.gate[sq];
        }
        self.promoted &= !b;
        Some((ty, c))
    }

    /// Cambodian rules as current Fairy-Stockfish has them: a rook landing on the file
    /// or rank of the opponent's king (whatever stands between) takes away that king's
    /// leap.
    #[cold]
    fn rook_aims_at_king(&mut self, (to, ty): (usize, usize)) {
        let t = self.t;
        if t.rules.pieces[ty].name != "rook" {
            return;
        }
        let them = self.side as usize ^ 1;
        let files = t.rules.files;
        for k in squares(self.gates[them] & self.royal & self.by_color[them]) {
            if k != to && (k % files == to % files || k / files == to / files) {
                self.gates[them] ^= B::bit(k);
                self.key ^= t.keys.gate[k];
            }
        }
    }

    /// The squares a capture on `to` clears (`blastOnCapture`): `to` itself and the
    /// pieces next to it but pawns, except the pieces of `blastImmuneTypes`.
    #[inline]
    pub(crate) fn blast_squares(&self, to: usize) -> B {
        let t = self.t;
        let pawns =
            t.rules.pieces.iter().enumerate().filter(|(_, p)| p.pawn).fold(B::EMPTY, |m, (ty, _)| m | self.by_type[ty]);
        let pieces = self.by_color[0] | self.by_color[1];
        let area = (t.adjacent[to] & pieces & !pawns) | B::bit(to);
        area & !self.of_types(t.rules.blast_immune)
    }

    /// `petrifyOnCaptureTypes`: the capturing piece, of one of those types, turns into a
    /// wall where it took.
    #[inline(never)]
    fn petrify(&mut self, to: usize) {
        self.lift(to);
        self.walls |= B::bit(to);
        self.key ^= self.t.keys.wall[to];
    }

    /// Atomic chess's explosion after a capture on `to`.
    #[inline(never)]
    fn blast(&mut self, to: usize) {
        let to_hand = self.t.rules.captures_to_hand;
        for sq in squares(self.blast_squares(to)) {
            // With captures to hand (atomiczh), each piece the blast takes, the capturer
            // too, goes to its opponent's hand, as Fairy-Stockfish plays it.
            let hand = to_hand.then(|| self.hand_type_of(sq));
            if let (Some((_, c)), Some(ty)) = (self.lift(sq), hand) {
                self.add_hand(c ^ 1, ty, 1);
            }
        }
    }

    /// Shatar: after `us`'s move, whether its series of checks holds a shak.
    #[inline(never)]
    fn update_shak(&mut self, us: usize) {
        let checkers = self.checkers();
        let r = &self.t.rules;
        self.shak[us] =
            !checkers.is_empty() && (self.shak[us] || squares(checkers).any(|s| r.is_shak_type(self.type_on(s))));
    }

    /// The pieces of both colours of the types in `mask` (bit `ty` for type `ty`).
    #[inline(always)]
    pub(crate) fn of_types(&self, mut mask: u32) -> B {
        let mut set = B::EMPTY;
        while mask != 0 {
            set |= self.by_type[mask.trailing_zeros() as usize];
            mask &= mask - 1;
        }
        set
    }

    /// True when `mv`, a move of this position, turns a promoted piece back into its
    /// base type (`pieceDemotion`).
    pub fn is_demotion(&self, mv: Move) -> bool {
        mv.is_promotion()
            && mv.pickups() > 0
            && self.piece_on(mv.pickup(0)).is_some_and(|(ty, _)| self.t.rules.pieces[ty].base == Some(mv.drop(0).1))
    }

    /// The type of the piece on the occupied square `sq`.
    #[inline(always)]
    fn type_on(&self, sq: usize) -> usize {
        (self.piece[sq].wrapping_sub(1) >> 1) as usize
    }

    /// True when `mv` (of the side to move) leaves an enemy royal piece attacked.
    fn gives_check(&self, mv: Move) -> bool {
        let after = self.play(mv);
        after.royals_attacked(self.side as usize ^ 1, after.occupied())
    }

    /// The board after `mv` (copy-make).
    #[inline(always)]
    pub fn play(&self, mv: Move) -> Board<'a, B> {
        let mut b = *self;
        b.apply(mv);
        b
    }

    /// True when a royal piece of `color` is attacked (under occupancy `occ`).
    #[inline]
    pub(crate) fn royals_attacked(&self, color: usize, occ: B) -> bool {
        let mut r = self.royal & self.by_color[color];
        while !r.is_empty() {
            if self.attacked(r.pop(), color ^ 1, occ) {
                return true;
            }
        }
        false
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> B {
        let us = self.side as usize;
        let occ = self.occupied();
        let mut out = B::EMPTY;
        for sq in squares(self.by_color[us ^ 1]) {
            if squares(self.royal & self.by_color[us]).any(|k| self.attacked_by(k, us ^ 1, occ, B::bit(sq))) {
                out |= B::bit(sq);
            }
        }
        out
    }

    /// True when a piece of `by` attacks (could capture on) `sq`.
    #[inline]
    pub fn attacked(&self, sq: usize, by: usize, occ: B) -> bool {
        self.attacked_by(sq, by, occ, self.by_color[by])
    }

    /// True when one of the pieces `theirs` (of colour `by`) attacks `sq` under the
    /// occupancy `occ`: the test behind legality, with the board as it would be after
    /// a move (captured pieces left out of `theirs`).
    pub(crate) fn attacked_by(&self, sq: usize, by: usize, occ: B, theirs: B) -> bool {
        self.attacked_by_with(sq, by, occ, theirs, None)
    }

    /// [`Board::attacked_by`]; `cannons`, when given, are the janggi cannons after the
    /// move being tested (else the board's own).
    #[inline]
    pub(crate) fn attacked_by_with(&self, sq: usize, by: usize, occ: B, theirs: B, cannons: Option<B>) -> bool {
        let t = self.t;
        let nsq = t.nsq;
        for &ty in &t.leap_types {
            let tc = ty * 2 + by;
            if !(t.rev_leap[tc * nsq + sq] & self.by_type[ty] & theirs).is_empty() {
                return true;
            }
        }
        for &ty in &t.lame_types {
            let at = (ty * 2 + by) * nsq + sq;
            let pcs = self.by_type[ty] & theirs & t.rev_lame_from[at];
            if pcs.is_empty() {
                continue;
            }
            for &(src, block) in &t.rev_lame[at] {
                if pcs.has(src as usize) && (block & occ).is_empty() {
                    return true;
                }
            }
        }
        // The pieces that attack along some line: a line without one is skipped.
        let on_lines = self.of_types(t.line_types[by]) & theirs;
        if !on_lines.is_empty() {
            for line in &t.lines[by] {
                if (t.rays[line.dir * nsq + sq] & on_lines).is_empty() {
                    continue;
                }
                if self.line_attack(line, sq, by, occ, theirs, cannons) {
                    return true;
                }
            }
        }
        if t.rules.flying_general {
            for d in 0..2 {
                if let Some(b) = t.first_blocker(d, sq, occ)
                    && theirs.has(b)
                    && self.royal.has(b)
                {
                    return true;
                }
            }
        }
        if t.has_jhops && self.diagonal_hop_attack(sq, by, occ, theirs, cannons) {
            return true;
        }
        false
    }

    /// True when a piece of `theirs` (colour `by`) attacks `sq` along `line` (sliding, as a limited
    /// rider, as a cannon over one screen (a ranged one from within its range), or as a
    /// grasshopper over the adjacent one).
    #[inline(always)]
    fn line_attack(
        &self,
        line: &crate::tables::LineAttack,
        sq: usize,
        by: usize,
        occ: B,
        theirs: B,
        cannons: Option<B>,
    ) -> bool {
        let t = self.t;
        let nsq = t.nsq;
        let Some(b) = t.first_blocker(line.dir, sq, occ) else { return false };
        if theirs.has(b) {
            let ty = self.type_on(b);
            if line.sliders >> ty & 1 != 0 && t.mobility[ty * 2 + by].has(sq) {
                return true;
            }
            for &(lt, limit) in &line.limited {
                if lt == ty && (t.ray_to_blocker(line.dir, sq, occ).popcount() as u8) <= limit {
                    return true;
                }
            }
        }
        if line.cannons != 0
            && let Some(c) = t.first_blocker(line.dir, b, occ)
            && theirs.has(c)
            && line.cannons >> self.type_on(c) & 1 != 0
        {
            return true;
        }
        if line.rcannons != 0
            && let Some(c) = t.first_blocker(line.dir, b, occ)
            && theirs.has(c)
            && line.rcannons >> self.type_on(c) & 1 != 0
        {
            let ty = self.type_on(c);
            let steps = t.steps(sq, c);
            if t.mobility[ty * 2 + by].has(sq) && line.ranged.iter().any(|&(rt, l)| rt == ty && steps <= l as usize) {
                return true;
            }
        }
        if line.jcannons != 0
            && !cannons.unwrap_or_else(|| self.of_types(t.jcannons)).has(b)
            && let Some(c) = t.first_blocker(line.dir, b, occ)
            && theirs.has(c)
            && line.jcannons >> self.type_on(c) & 1 != 0
        {
            return true;
        }
        if line.grass != 0
            && t.step[line.dir * nsq + sq] as usize == b
            && let Some(g) = t.first_blocker(line.dir, b, occ)
            && theirs.has(g)
            && line.grass >> self.type_on(g) & 1 != 0
        {
            return true;
        }
        false
    }

    /// For the side to move with its royal pieces `kings`: the squares a piece leaving
    /// may expose one of them from, and those a piece arriving on may (as a hopper's
    /// screen); see [`Node`].
    #[inline]
    fn danger(&self, kings: B, occ: B) -> (B, B) {
        let t = self.t;
        let us = self.side as usize;
        let (mut danger, mut screens) = (B::EMPTY, B::EMPTY);
        let theirs = self.by_color[us ^ 1];
        for k in squares(kings) {
            let (pins, lines) = self.pinned(k, us, occ);
            let screens_k = t.screens[us * t.nsq + k] | lines;
            danger |= pins | screens_k;
            screens |= screens_k;
            // The block squares of the opponent's lame leapers that would attack `k`.
            for &ty in &t.lame_types {
                let at = (ty * 2 + (us ^ 1)) * t.nsq + k;
                let pcs = self.by_type[ty] & theirs & t.rev_lame_from[at];
                if pcs.is_empty() {
                    continue;
                }
                for &(src, block) in &t.rev_lame[at] {
                    if pcs.has(src as usize) {
                        danger |= block;
                    }
                }
            }
        }
        (danger, screens)
    }

    /// The squares where a move may expose the royal on `k`, besides the static
    /// lame-leaper blocks: own pieces alone between it and an enemy slider (or, with the
    /// flying-general rule, the enemy royal), and whole lines holding an enemy cannon;
    /// and the second set alone, where a piece arriving may make a screen.
    #[inline]
    fn pinned(&self, k: usize, us: usize, occ: B) -> (B, B) {
        let t = self.t;
        let theirs = self.by_color[us ^ 1];
        let own = self.by_color[us];
        let mut pins = B::EMPTY;
        let mut line = |dir: usize, sliders: u32, limited: bool, royal: bool| {
            let Some(b1) = t.first_blocker(dir, k, occ) else { return };
            if !own.has(b1) {
                return;
            }
            let Some(b2) = t.first_blocker(dir, b1, occ) else { return };
            if theirs.has(b2) && (sliders >> self.type_on(b2) & 1 != 0 || limited || royal && self.royal.has(b2)) {
                pins |= B::bit(b1);
            }
        };
        for l in &t.lines[us ^ 1] {
            if l.sliders != 0 || !l.limited.is_empty() {
                line(l.dir, l.sliders, !l.limited.is_empty(), false);
            }
        }
        if t.rules.flying_general {
            line(0, 0, false, true);
            line(1, 0, false, true);
        }
        // A cannon (or grasshopper) line holding one with at most two pieces between it
        // and the royal piece: any piece arriving on it or leaving it may make or break
        // a screen. A move changes the count between by one at most, and every hopper
        // attacks over exactly one.
        let mut lines = B::EMPTY;
        for l in &t.lines[us ^ 1] {
            let hoppers = l.cannons | l.grass | l.jcannons | l.rcannons;
            if hoppers == 0 {
                continue;
            }
            let ray = t.rays[l.dir * t.nsq + k];
            let on = self.of_types(hoppers) & theirs;
            if (ray & on).is_empty() {
                continue;
            }
            let mut sq = k;
            for _ in 0..3 {
                match t.first_blocker(l.dir, sq, occ) {
                    Some(b) if on.has(b) => {
                        lines |= ray;
                        break;
                    }
                    Some(b) => sq = b,
                    None => break,
                }
            }
        }
        (pins | lines, lines)
    }

    /// The result for the side to move if the game is over, given whether it has a
    /// legal move and the move that led here: a flag piece of the opponent in its flag
    /// region, the opponent's last check given (check counting), a side without any of
    /// the extinction types, checkmate (a checkmate by a shogi pawn drop loses for the
    /// dropper when `shogiPawnDropMateIllegal` is set), stalemate, and the n-move rule.
    /// Repetition needs the game's history and is left to the caller.
    pub fn outcome(&self, has_moves: bool, last: Option<Move>) -> Option<crate::rules::Value> {
        self.outcome_before_odds(has_moves, last).map(|v| self.draw_odds(v))
    }

    /// A drawn result as `materialCounting`'s draw odds make it: a win for the colour
    /// that has them (armageddon's Black); any other result as it is.
    pub fn draw_odds(&self, v: crate::rules::Value) -> crate::rules::Value {
        use crate::rules::Value;
        match self.t.rules.draw_odds {
            Some(c) if v == Value::Draw => {
                if c == self.side as usize {
                    Value::Win
                } else {
                    Value::Loss
                }
            }
            _ => v,
        }
    }

    fn outcome_before_odds(&self, has_moves: bool, last: Option<Move>) -> Option<crate::rules::Value> {
        use crate::rules::Value;
        let r = &self.t.rules;
        let us = self.side as usize;
        let them = us ^ 1;
        if let Some(v) = self.immediate_end() {
            return Some(v);
        }
        if let Some(v) = self.bare_king_result() {
            return Some(v);
        }
        if !has_moves {
            if !self.checked() {
                return Some(self.stalemate_result());
            }
            if r.shatar_mate_rule {
                let checkers = self.checkers();
                if squares(checkers).all(|s| r.pieces[self.type_on(s)].name == "knight") {
                    return Some(Value::Win);
                }
                return Some(if self.shak[them] { r.checkmate_value } else { Value::Draw });
            }
            let pawn_drop = last.is_some_and(|m| m.is_drop() && r.pieces[m.drop(0).1].shogi_pawn);
            return Some(if r.pawn_drop_mate_illegal && pawn_drop { Value::Win } else { r.checkmate_value });
        }
        if r.n_move_rule > 0 && self.halfmove as u32 >= 2 * r.n_move_rule {
            return Some(self.counted_draw());
        }
        if r.sittuyin_promotion && self.sittuyin_promotion_stalemate() {
            return Some(Value::Draw);
        }
        None
    }

    /// The result of a stalemate for the side to move: the variant's `stalemateValue`,
    /// or with `stalematePieceCount` (suicide) a win for the side with fewer pieces and
    /// a draw at equal counts.
    pub fn stalemate_result(&self) -> crate::rules::Value {
        use crate::rules::Value;
        let r = &self.t.rules;
        if !r.stalemate_piece_count {
            return r.stalemate_value;
        }
        let us = self.side as usize;
        match self.by_color[us].popcount().cmp(&self.by_color[us ^ 1].popcount()) {
            core::cmp::Ordering::Less => r.stalemate_value,
            core::cmp::Ordering::Equal => Value::Draw,
            core::cmp::Ordering::Greater => r.stalemate_value.reversed(),
        }
    }

    /// Fairy-Stockfish's extinction rule ([`crate::rules::ExtinctionCounts`]): a side
    /// (the opponent first) with at most `piece_count` of an extinction type, or of all
    /// its pieces with `*`, on the board and in hand, while the other side has at least
    /// `opponent_count` (one more for the side to move with `claim`), ends the game: the
    /// extinction value for the side to move if it is that side, the reverse if not.
    pub fn extinction_counted(&self) -> Option<crate::rules::Value> {
        let r = &self.t.rules;
        let (v, _) = r.extinction.as_ref()?;
        let groups = &r.extinction_groups;
        // Pseudo-royal pieces end the game by mate, not by extinction (coregal, sho
        // shogi), unless captures explode (atomic).
        if r.extinction_pseudo_royal && !r.blast_on_capture {
            return None;
        }
        let ec = r.extinction_counts;
        let us = self.side as usize;
        let hand = |c: usize| self.hand[c].iter().map(|&n| u32::from(n)).sum::<u32>();
        let all = |c: usize| self.by_color[c].popcount() + hand(c);
        let of = |c: usize, g: u32| {
            (self.of_types(g) & self.by_color[c]).popcount()
                + (0..self.t.ntypes).filter(|&t| g >> t & 1 != 0).map(|t| self.in_hand(c, t)).sum::<u32>()
        };
        for c in [us ^ 1, us] {
            let need = ec.opponent_count + u32::from(ec.claim && c == us);
            let ends = if ec.all {
                all(c) <= ec.piece_count && all(c ^ 1) >= need
            } else {
                groups.iter().any(|&g| of(c, g) <= ec.piece_count && of(c ^ 1, g) >= need)
            };
            if ends {
                return Some(if c == us { *v } else { v.reversed() });
            }
        }
        None
    }

    /// The result for the side to move when a rule ends the game whatever the moves:
    /// extinction, the opponent's flag piece in its flag region, the opponent's last
    /// check given (check counting). Current Fairy-Stockfish has no legal move there
    /// (pyffish's `legal_moves` is empty, its perft stops).
    pub fn immediate_end(&self) -> Option<crate::rules::Value> {
        use crate::rules::Value;
        let r = &self.t.rules;
        let us = self.side as usize;
        let them = us ^ 1;
        if let Some(v) = self.extinction_counted() {
            return Some(v);
        }
        if r.flag_move {
            if let Some(v) = self.flag_move_end() {
                return Some(v);
            }
        } else if r.flag_region[them] != 0 || r.flag_region[us] != 0 {
            // As Fairy-Stockfish: with `flagPieceSafe`, a side with exactly as many flag
            // pieces in its region as it needs has reached the flag only while none of
            // them is attacked.
            let reached = |c: usize| {
                let there = self.flag_pieces(c) & B::from_u128(r.flag_region[c]);
                self.flag_count_reached(c, there)
                    && (!r.flag_piece_safe
                        || there.popcount() != r.flag_piece_count
                        || self.unattacked(there, c ^ 1) == there)
            };
            // A flag piece that stood its ground for a move has won, or drawn when the
            // opponent's stands too.
            if r.flag_piece_safe && reached(us) {
                return Some(if reached(them) { Value::Draw } else { Value::Win });
            }
            if reached(them) {
                return Some(Value::Loss);
            }
        }
        if r.check_counting && self.checks[them] == 0 {
            return Some(Value::Loss);
        }
        if self.t.connect
            && let Some(v) = self.connect_end()
        {
            return Some(v);
        }
        if r.castling_wins != 0
            && let Some(v) = self.castling_wins_end()
        {
            return Some(v);
        }
        if r.adjudicate_full_board && self.board_full() {
            return Some(self.counted_draw());
        }
        if self.t.janggi_rules {
            return self.janggi_end();
        }
        None
    }

    /// `color`'s flag pieces: those of its flag type, or all its pieces when the variant
    /// names none (`flagPiece = *`, Fairy-Stockfish's default); none without a flag
    /// region.
    #[inline]
    pub(crate) fn flag_pieces(&self, color: usize) -> B {
        let r = &self.t.rules;
        if r.flag_region[color] == 0 {
            return B::EMPTY;
        }
        match r.flag_piece[color] {
            Some(_) => self.of_types(r.flag_types[color]) & self.by_color[color],
            None => self.by_color[color],
        }
    }

    /// The squares of `set` that no piece of `by` attacks.
    fn unattacked(&self, set: B, by: usize) -> B {
        let occ = self.occupied();
        squares(set).filter(|&sq| !self.attacked(sq, by, occ)).fold(B::EMPTY, |m, sq| m | B::bit(sq))
    }

    /// True when `there` (flag pieces of `color` in its region) reaches the flag: at
    /// least `flagPieceCount` of them, or with `flagPieceBlockedWin` at least one while
    /// every square of the region is occupied.
    fn flag_count_reached(&self, color: usize, there: B) -> bool {
        let r = &self.t.rules;
        !there.is_empty()
            && (there.popcount() >= r.flag_piece_count
                || (r.flag_piece_blocked_win
                    && (B::from_u128(r.flag_region[color]) & self.t.all & !self.occupied()).is_empty()))
    }

    /// `flagMove`'s game end, as current Fairy-Stockfish: the side to move with its flag
    /// piece in its region has won (drawn when it is White and Black's is in Black's
    /// region too); the opponent's royal flag piece in its region wins for the opponent
    /// unless the side to move is Black, not in check, with a legal royal move into its
    /// own region.
    #[inline(never)]
    fn flag_move_end(&self) -> Option<crate::rules::Value> {
        use crate::rules::Value;
        let r = &self.t.rules;
        let us = self.side as usize;
        let them = us ^ 1;
        let reached = |c: usize| self.flag_count_reached(c, self.flag_pieces(c) & B::from_u128(r.flag_region[c]));
        if reached(us) {
            return Some(if us == 0 && reached(them) { Value::Draw } else { Value::Win });
        }
        let royal_flag = r.flag_piece[them].is_some_and(|f| r.pieces[f].royal);
        if !royal_flag || !reached(them) {
            return None;
        }
        if us == 1 && !self.in_check() {
            let region = B::from_u128(r.flag_region[us]);
            let mut list = Moves::new();
            self.generate_as::<true>(&mut list, Part::All, Some(false));
            let answer = list.iter().any(|&m| {
                !m.is_drop()
                    && self.royal.has(m.pickup(0))
                    && region.has(m.to())
                    && (r.checking || !self.gives_check(m))
            });
            if answer {
                return None;
            }
        }
        Some(Value::Loss)
    }

    /// The bare-king rule's result for the side to move, if it ends the game. As Fairy-
    /// Stockfish 11.1 plays it (its perft stops there too): without `bareKingMove`, a
    /// side with nothing but royal pieces ends the game, whichever side is to move; with
    /// it, the game ends when the opponent is bare and the side to move is not (the bare
    /// side has had its move).
    #[inline(never)]
    fn bare_king_result(&self) -> Option<crate::rules::Value> {
        let r = &self.t.rules;
        let v = r.bare_king_value?;
        let us = self.side as usize;
        let bare = |c: usize| (self.by_color[c] & !self.royal).is_empty();
        if r.bare_king_move {
            (bare(us ^ 1) && !bare(us)).then(|| v.reversed())
        } else if bare(us) {
            Some(v)
        } else {
            bare(us ^ 1).then(|| v.reversed())
        }
    }

    /// Sittuyin's stalemate by an optional promotion: a side with a king and one pawn,
    /// not in check, whose every legal move is a promotion (Fairy-Stockfish's rule 3.9
    /// c.7) draws.
    fn sittuyin_promotion_stalemate(&self) -> bool {
        let us = self.side as usize;
        let own = self.by_color[us];
        let pawns = self.t.rules.pieces.iter().position(|p| p.pawn).map_or(B::EMPTY, |p| self.pieces(p, us));
        if own.popcount() != 2 || pawns.popcount() != 1 || self.in_check() {
            return false;
        }
        let mut list = Moves::new();
        self.generate(&mut list);
        list.iter().all(|m| m.is_promotion())
    }

    /// Appends every legal move to `out`.
    pub fn generate(&self, out: &mut Moves) {
        self.generate_part(out, Part::All, None)
    }

    /// Appends the legal captures and promotions (the moves whose `is_capture` or
    /// `is_promotion` is true; with gating, those with a gate too): exactly the moves
    /// of [`Board::generate`] that pass that test, in the same order, with the quiet
    /// ones skipped before their legality test.
    pub fn generate_noisy(&self, out: &mut Moves) {
        self.generate_part(out, Part::Noisy, None)
    }

    /// Appends the legal moves that [`Board::generate_noisy`] leaves out, in the order
    /// of [`Board::generate`]; the captures are not generated at all.
    pub fn generate_quiet(&self, out: &mut Moves) {
        self.generate_part(out, Part::Quiet, None)
    }

    /// Appends the legal moves of `part`. `in_check`, when the caller knows it, must be
    /// [`Board::in_check`] (a search keeps it from making the move): the generator then
    /// skips its own attack test.
    pub fn generate_part(&self, out: &mut Moves, part: Part, in_check: Option<bool>) {
        self.generate_as::<false>(out, part, in_check)
    }

    /// [`Board::generate_part`]; with `FREE`, the pieces' legal moves without the game
    /// ends that leave none and without the filters of `mustCapture`, `checking = false`
    /// and `makpongRule` (which run it so, out of line, for the few variants that have
    /// them).
    #[inline(always)]
    fn generate_as<const FREE: bool>(&self, out: &mut Moves, part: Part, in_check: Option<bool>) {
        let t = self.t;
        if !FREE && t.special_rules && t.post_filter {
            self.filtered(out, part, in_check);
            return;
        }
        let us = self.side as usize;
        let occ = self.occupied();
        let own = self.by_color[us];
        let kings = self.royal & own;
        let in_check = !kings.is_empty() && in_check.unwrap_or_else(|| self.royals_attacked(us, occ));
        let (danger, screens) = self.danger(kings, occ);
        let n = Node { us, occ, enemy: self.by_color[us ^ 1], in_check, danger, screens, part };
        let start = out.len();
        if t.special_rules && self.special_first(&n, out, FREE) {
            return;
        }
        for ty in 0..t.ntypes {
            let mut bb = self.by_type[ty] & own;
            while !bb.is_empty() {
                let from = bb.pop();
                self.piece_moves(&n, ty, from, out);
            }
        }
        if t.adds_moves {
            self.special_moves(&n, out);
        }
        if part == Part::Noisy {
            return;
        }
        if t.rules.castling && !in_check && !self.castle[us].is_empty() {
            self.castling_moves(&n, out);
        }
        if t.rules.drops {
            self.drop_moves(&n, out);
        }
        if t.janggi_rules && out.len() == start {
            self.stalemate_pass(&n, out);
        }
    }

    /// The legal moves of `part` under the rules that filter the pieces' moves: none
    /// when the game has ended; with `checking = false` none that gives check; with
    /// `makpongRule` no move of a royal piece in check but the capture of its one
    /// checker; with `mustCapture` only captures when the side to move has one.
    #[inline(never)]
    fn filtered(&self, out: &mut Moves, part: Part, in_check: Option<bool>) {
        let t = self.t;
        let r = &t.rules;
        if t.immediate_rules && self.immediate_end().is_some() {
            return;
        }
        let mut all = Moves::new();
        self.generate_as::<true>(&mut all, Part::All, in_check);
        let checkers =
            if r.makpong && in_check.unwrap_or_else(|| self.in_check()) { self.checkers() } else { B::EMPTY };
        let walling = r.walling != crate::rules::Walling::None;
        let mut list = Moves::new();
        for &m in all.iter() {
            let royal_move = !m.is_drop() && self.royal.has(m.pickup(0));
            if (r.mutually_immune != 0 && self.mutually_immune(m))
                || (r.extinction_pseudo_royal && !walling && !self.pseudo_royal_safe(m))
                || (!r.checking && self.gives_check(m))
                || (!checkers.is_empty() && royal_move && !(checkers.popcount() == 1 && checkers.has(m.to())))
            {
                continue;
            }
            list.push(m);
        }
        if walling {
            list = self.with_walls(&list);
            if r.extinction_pseudo_royal {
                let mut safe = Moves::new();
                for &m in list.iter().filter(|&&m| self.pseudo_royal_safe(m)) {
                    safe.push(m);
                }
                list = safe;
            }
        }
        let forced = r.must_capture && list.iter().any(|m| m.is_capture());
        for &mv in list.iter() {
            let noisy = mv.is_capture() || mv.is_promotion();
            let wanted = match part {
                Part::All => true,
                Part::Noisy => noisy,
                Part::Quiet => !noisy,
            };
            if wanted && (!forced || mv.is_capture()) && out.len() < MAX_MOVES {
                out.push(mv);
            }
        }
    }

    /// `wallingRule`: each move of `moves` with each wall it may put up.
    fn with_walls(&self, moves: &Moves) -> Moves {
        use crate::rules::Walling;
        let t = self.t;
        let r = &t.rules;
        let us = self.side as usize;
        let mut out = Moves::new();
        if r.wall_or_move {
            return self.wall_or_move(moves);
        }
        for &m in moves.iter() {
            let mut occ = self.occupied();
            if let Some(f) = m.from() {
                occ &= !B::bit(f);
            }
            for i in 1..m.pickups() {
                occ &= !B::bit(m.pickup(i));
            }
            for i in 0..m.drops() {
                occ |= B::bit(m.drop(i).0);
            }
            let region = B::from_u128(r.walling_region[us]) & t.all;
            let (to, ty) = m.drop(0);
            let walls = match r.walling {
                Walling::None => continue,
                Walling::Past => m.from().map_or(B::EMPTY, B::bit),
                Walling::Static | Walling::Duck => !occ & region,
                Walling::Edge => !occ & region & self.edge_walls(),
                Walling::Arrow => self.reach(ty, us, to, occ, B::EMPTY).0 & region,
            };
            for w in squares(walls) {
                if out.len() < MAX_MOVES {
                    out.push(m.with_wall(w));
                }
            }
        }
        out
    }

    /// `wallingRule = edge`: the board's edge and the squares orthogonally next to a wall.
    fn edge_walls(&self) -> B {
        let t = self.t;
        let r = &t.rules;
        let mut m = t.file_masks[0] | t.file_masks[r.files - 1] | t.rank_masks[0] | t.rank_masks[r.ranks - 1];
        for w in squares(self.walls) {
            m |= t.adjacent[w] & (t.file_masks[w % r.files] | t.rank_masks[w / r.files]);
        }
        m
    }

    /// `wallOrMove`: the moves as they are, and, not in check, the first piece's move to
    /// its own square with each wall `wallingRule` allows.
    #[inline(never)]
    fn wall_or_move(&self, moves: &Moves) -> Moves {
        let t = self.t;
        let r = &t.rules;
        let us = self.side as usize;
        let mut out = Moves::new();
        for &m in moves.iter() {
            out.push(m);
        }
        let own = self.by_color[us];
        if own.is_empty() || self.in_check() {
            return out;
        }
        let from = own.lsb();
        let pass = Move(0).with_pickup(from).with_drop(from, self.type_on(from));
        let occ = self.occupied();
        let region = B::from_u128(r.walling_region[us]) & t.all;
        let walls = match r.walling {
            crate::rules::Walling::Edge => !occ & region & self.edge_walls(),
            crate::rules::Walling::Past | crate::rules::Walling::Arrow | crate::rules::Walling::None => B::EMPTY,
            crate::rules::Walling::Static | crate::rules::Walling::Duck => !occ & region,
        };
        for w in squares(walls) {
            if out.len() < MAX_MOVES {
                out.push(pass.with_wall(w));
            }
        }
        out
    }

    /// `mutuallyImmuneTypes`: true when `mv` captures a piece of its own type, one of
    /// those types.
    fn mutually_immune(&self, mv: Move) -> bool {
        if !mv.is_capture() || mv.is_drop() || mv.is_castling() {
            return false;
        }
        let (mover, victim) = (self.type_on(mv.pickup(0)), self.type_on(mv.pickup(1)));
        mover == victim && self.t.rules.mutually_immune >> mover & 1 != 0
    }

    /// `extinctionPseudoRoyal`, as Fairy-Stockfish tests it: after `mv` no pseudo-royal
    /// piece of the mover (an extinction type of which it has at most
    /// `extinctionPieceCount + 1`) is blown up or attacked, unless the move removes one
    /// of the opponent's; with `blastOnCapture`, a piece touching an opponent's
    /// pseudo-royal one is not attacked (capturing it would blow up the capturer's own).
    /// A castling king may not pass an attacked square either.
    fn pseudo_royal_safe(&self, mv: Move) -> bool {
        let t = self.t;
        let r = &t.rules;
        let Some((_, types)) = r.extinction.as_ref() else { return true };
        let us = self.side as usize;
        let them = us ^ 1;
        let limit = r.extinction_counts.piece_count + 1;
        let (mut ours, theirs) = (self.pseudo_royals(us), self.pseudo_royals(them));
        let immune = self.of_types(r.blast_immune);
        let touching = |sq: usize| r.blast_on_capture && !(t.adjacent[sq] & theirs & !immune).is_empty();
        let mut occ = self.occupied();
        let to = mv.to();
        let from = (!mv.is_drop()).then(|| mv.pickup(0));
        if let Some(f) = from {
            occ &= !B::bit(f);
        }
        if mv.is_castling() {
            let (ksq, rsq, rto) = (mv.pickup(0), mv.pickup(1), mv.drop(1).0);
            if ours.has(ksq) {
                let mut s = ksq;
                loop {
                    if !touching(s) && self.attacked_by(s, them, occ, self.by_color[them]) {
                        return false;
                    }
                    let next = if to > s {
                        s + 1
                    } else if to < s {
                        s - 1
                    } else {
                        break;
                    };
                    if next == to {
                        break;
                    }
                    s = next;
                }
            }
            occ = (occ & !B::bit(rsq)) | B::bit(rto);
        }
        occ |= B::bit(to);
        if mv.0 & F_EP != 0 {
            occ &= !B::bit(mv.pickup(1));
        }
        if mv.is_capture() && r.blast_on_capture {
            occ &= !self.blast_squares(to);
        }
        // The wall the move puts up shields too (atomicduck: the duck blocks a check).
        if let Some(w) = mv.wall() {
            if r.walling == crate::rules::Walling::Duck {
                occ &= !self.walls;
            }
            occ |= B::bit(w);
        }
        if let Some(f) = from
            && ours.has(f)
        {
            // A pseudo-royal piece may not take and turn to stone (petrified's king).
            if mv.is_capture() && r.petrify_on_capture >> mv.drop(0).1 & 1 != 0 {
                return false;
            }
            // (A Chess960 castling king may stay on its square.)
            ours = (ours & !B::bit(f)) | B::bit(to);
        }
        // A promotion or drop onto a listed type (not a shogi-style promotion to a type
        // that moves as one: the set stays the one before the move, as Fairy-Stockfish's
        // `legal` keeps it).
        let landed = mv.drop(0).1;
        if (mv.is_promotion() || mv.is_drop())
            && let Some(i) = types.iter().position(|&t| t == landed)
        {
            let group = self.of_types(r.extinction_groups[i]) & self.by_color[us];
            if mv.is_promotion() && group.popcount() >= limit {
                ours &= !group;
            } else {
                ours |= B::bit(to);
            }
        }
        if !(ours & !occ).is_empty() {
            return false;
        }
        // The opponent's pieces of a pseudo-royal type that petrifies do not attack: taking
        // would turn their own king to stone.
        let petrified_royals = r.petrify_on_capture & types.iter().fold(0u32, |m, &ty| m | 1 << ty);
        let attackers =
            self.by_color[them] & occ & !B::bit(to) & !(self.of_types(petrified_royals) & self.by_color[them]);
        let attacked = |sq: usize| !touching(sq) && self.attacked_by(sq, them, occ, attackers);
        // A move that removes an opponent's pseudo-royal piece is legal whatever it leaves
        // attacked, but for the duple check.
        if (theirs & !occ).is_empty() && squares(ours).any(attacked) {
            return false;
        }
        // `dupleCheck`: every piece of the extinction types attacked is a check too.
        if r.duple_check {
            let mut all = types.iter().fold(B::EMPTY, |m, &ty| m | self.pieces(ty, us));
            if let Some(f) = from
                && all.has(f)
            {
                all ^= B::bit(f) | B::bit(to);
            }
            if mv.is_promotion() && types.contains(&landed) {
                all |= B::bit(to);
            }
            if !all.is_empty() && squares(all).all(attacked) {
                return false;
            }
        }
        true
    }

    /// True when the rules forbid `mv` although [`Board::generate`] lists it: a shogi
    /// pawn drop that mates, with `shogiPawnDropMateIllegal` set. Fairy-Stockfish and
    /// Sjaak II generate that drop (their perft counts it: 81 of minishogi's 132,680,698
    /// leaves at depth 7) and end the game with the dropper's loss, which
    /// [`Board::outcome`] does too; shogi's rules, cshogi and polyboard-shogi do not
    /// allow it at all.
    pub fn forbids(&self, mv: Move) -> bool {
        let r = &self.t.rules;
        if !r.pawn_drop_mate_illegal || !mv.is_drop() || !r.pieces[mv.drop(0).1].shogi_pawn {
            return false;
        }
        let after = self.play(mv);
        after.in_check() && after.count_moves() == 0
    }

    /// Appends the moves that the rules allow: those of [`Board::generate`] that
    /// [`Board::forbids`] does not refuse. This is the move list of shogi's rules;
    /// [`Board::generate`] is Fairy-Stockfish's, which perft counts.
    pub fn generate_playable(&self, out: &mut Moves) {
        let mut all = Moves::new();
        self.generate(&mut all);
        for &mv in all.iter() {
            if !self.forbids(mv) {
                out.push(mv);
            }
        }
    }

    #[inline(always)]
    fn push(&self, n: &Node<B>, mv: Move, test: bool, out: &mut Moves) {
        match n.part {
            Part::All => {}
            Part::Noisy if mv.is_capture() || mv.is_promotion() => {}
            Part::Quiet if !mv.is_capture() && !mv.is_promotion() => {}
            _ => return,
        }
        if (!test || self.safe_after(n, mv)) && out.len() < MAX_MOVES {
            out.push(mv);
        }
    }

    /// True when `mv` leaves no royal piece of the mover attacked. The board is not
    /// copied: the attack test runs on the occupancy after the move, with the captured
    /// pieces left out (castling, rare, is played on a copy).
    #[inline]
    fn safe_after(&self, n: &Node<B>, mv: Move) -> bool {
        let mut royals = self.royal & self.by_color[n.us];
        // With no royal piece on the board only a drop may bring one (a king dropped from
        // hand in a placement phase, which must not land attacked).
        if royals.is_empty() && !mv.is_drop() {
            return true;
        }
        if mv.is_castling() {
            let child = self.play(mv);
            return !child.royals_attacked(n.us, child.occupied());
        }
        let (mut occ, mut theirs) = (n.occ, n.enemy);
        for i in 0..mv.pickups() {
            let b = B::bit(mv.pickup(i));
            occ &= !b;
            theirs &= !b;
            royals &= !b;
        }
        for i in 0..mv.drops() {
            let (sq, ty) = mv.drop(i);
            occ |= B::bit(sq);
            if self.t.rules.pieces[ty].royal {
                royals |= B::bit(sq);
            }
        }
        let cannons = if self.t.jcannons != 0 { Some(self.cannons_after(mv)) } else { None };
        while !royals.is_empty() {
            if self.attacked_by_with(royals.pop(), n.us ^ 1, occ, theirs, cannons) {
                return false;
            }
        }
        true
    }

    /// The squares a piece of type `ty` and colour `us` on `from` reaches under the
    /// occupancy `occ` with `enemy` the opponent's pieces: (quiet targets, captures),
    /// pseudo-legal (the piece's own moves only: no castling, en passant, double step).
    /// With `enemy` every square, the captures are every square the piece attacks
    /// (empty, own or enemy), for an evaluation's attack maps. Always inlined: it is
    /// the generator's hot path, and with the Sittuyin promotions calling it too the
    /// compiler stopped inlining it (capablanca perft 11% slower).
    #[inline(always)]
    pub fn reach(&self, ty: usize, us: usize, from: usize, occ: B, enemy: B) -> (B, B) {
        let t = self.t;
        let nsq = t.nsq;
        let tc = ty * 2 + us;
        let empty = !occ;
        let mut quiet = t.leap_quiet[tc * nsq + from] & empty;
        let mut caps = t.leap_capture[tc * nsq + from] & enemy;
        if t.has_lame {
            for &(to, block, q, c) in &t.lame[tc * nsq + from] {
                if (block & occ).is_empty() {
                    let b = B::bit(to as usize);
                    if q {
                        quiet |= b & empty;
                    }
                    if c {
                        caps |= b & enemy;
                    }
                }
            }
        }
        for r in &t.rides[tc] {
            let a = match r.hop {
                0 => {
                    let a = t.ray_to_blocker(r.dir, from, occ);
                    match &r.span {
                        Some(span) => a & B::from_u128(span[from]),
                        None => a,
                    }
                }
                1 => match t.first_blocker(r.dir, from, occ) {
                    Some(screen) => t.ray_to_blocker(r.dir, screen, occ),
                    None => B::EMPTY,
                },
                2 => match t.first_blocker(r.dir, from, occ) {
                    Some(screen) if t.step[r.dir * nsq + screen] != 0xff => {
                        B::bit(t.step[r.dir * nsq + screen] as usize)
                    }
                    _ => B::EMPTY,
                },
                3 => self.janggi_cannon_ride(r.dir, from, occ),
                4 => self.diagonal_hops(tc, from, occ),
                // A ranged cannon (`pB2`): a cannon's hop, landing within its range of `from`.
                _ => match (t.first_blocker(r.dir, from, occ), &r.span) {
                    (Some(screen), Some(span)) => t.ray_to_blocker(r.dir, screen, occ) & B::from_u128(span[from]),
                    _ => B::EMPTY,
                },
            };
            if r.quiet {
                quiet |= a & empty;
            }
            if r.capture {
                caps |= a & enemy;
            }
        }
        let mob = t.mobility[tc];
        (quiet & mob, caps & mob)
    }

    /// The number of pseudo-legal targets (empty squares and captures) of `color`'s
    /// pieces of type `ty`, for an evaluation's mobility term.
    pub fn mobility(&self, color: usize, ty: usize) -> u32 {
        let occ = self.occupied();
        let enemy = self.by_color[color ^ 1];
        let mut n = 0;
        for from in squares(self.by_type[ty] & self.by_color[color]) {
            let (q, c) = self.reach(ty, color, from, occ, enemy);
            n += q.popcount() + c.popcount();
        }
        n
    }

    fn piece_moves(&self, n: &Node<B>, ty: usize, from: usize, out: &mut Moves) {
        let t = self.t;
        let nsq = t.nsq;
        let tc = ty * 2 + n.us;
        // Quiet moves alone: no capture is generated.
        let enemy = if n.part == Part::Quiet { B::EMPTY } else { n.enemy };
        let (mut quiet, mut caps) = self.reach(ty, n.us, from, n.occ, enemy);
        let mob = t.mobility[tc];
        let p = &t.rules.pieces[ty];
        if n.part == Part::Noisy {
            // Keep only the quiet moves that can promote ([`Board::push`] drops the
            // rest; this only saves their work).
            let promo = t.promo[n.us];
            quiet &= if t.rules.promotes_as_pawn(n.us, ty) {
                promo
            } else if t.rules.piece_promotion_on_capture {
                B::EMPTY
            } else if p.promotes_to.or(p.demotes_to).is_some() {
                if promo.has(from) { quiet } else { promo }
            } else {
                B::EMPTY
            };
        }
        let test_from = n.in_check || self.royal.has(from) || n.danger.has(from);
        let hop_test = t.has_hoppers;
        let base = Move(0).with_pickup(from);
        // En passant (by a type of `enPassantTypes`): onto the square passed, by a capture
        // move; a move there is the en passant capture only (a king-stepping pawn).
        let ep_capture = !self.ep.is_empty()
            && t.rules.en_passant_types[n.us] >> ty & 1 != 0
            && !(t.leap_capture[tc * nsq + from] & self.ep & !n.occ).is_empty();
        if ep_capture {
            quiet &= !self.ep;
        }
        while !quiet.is_empty() {
            let to = quiet.pop();
            let test = test_from || hop_test && n.screens.has(to);
            self.emit(n, ty, base.with_drop(to, ty), test, out);
        }
        while !caps.is_empty() {
            let to = caps.pop();
            let test = test_from || hop_test && n.screens.has(to);
            self.emit(n, ty, self.capture_move(from, to, ty), test, out);
        }
        if t.initial_types >> ty & 1 != 0 && n.part != Part::Noisy {
            self.initial_moves(n, ty, from, out);
        }
        if p.pawn {
            let fwd = n.us; // direction 0 is (0, 1), 1 is (0, -1)
            let double = t.rules.double_step && t.double[n.us].has(from);
            if n.part != Part::Noisy && (double || t.triple[n.us].has(from)) {
                let s1 = t.step[fwd * nsq + from];
                if s1 != 0xff && !n.occ.has(s1 as usize) {
                    let s2 = t.step[fwd * nsq + s1 as usize];
                    if double && s2 != 0xff && !n.occ.has(s2 as usize) && mob.has(s2 as usize) {
                        let to = s2 as usize;
                        let test = test_from || hop_test && n.screens.has(to);
                        self.emit(n, ty, base.with_drop(to, ty).with(F_DOUBLE), test, out);
                    }
                    // A triple step (`tripleStepRegion...`), past two empty squares.
                    if t.triple[n.us].has(from) && s2 != 0xff && !n.occ.has(s2 as usize) {
                        let s3 = t.step[fwd * nsq + s2 as usize];
                        if s3 != 0xff && !n.occ.has(s3 as usize) && mob.has(s3 as usize) {
                            let to = s3 as usize;
                            let test = test_from || hop_test && n.screens.has(to);
                            self.emit(n, ty, base.with_drop(to, ty).with(F_DOUBLE), test, out);
                        }
                    }
                }
            }
        }
        if ep_capture && n.part != Part::Quiet {
            let victim = self.ep_victim as usize;
            if self.piece_on(victim).is_some_and(|(_, c)| c != n.us) {
                for to in squares(t.leap_capture[tc * nsq + from] & self.ep & !n.occ) {
                    let mut mv = base.with_pickup(victim).with_drop(to, ty).with(F_CAPTURE | F_EP);
                    if t.rules.captures_to_hand {
                        mv = mv.with_hand(STORE, self.hand_type_of(victim));
                    }
                    self.emit(n, ty, mv, true, out);
                }
            }
        }
    }

    /// Initial moves (Betza `i`) of the piece on `from`, when it stands on its side's
    /// double-step region: onto empty squares, past an empty block square for a lame
    /// leap. One that passes a square (a two-square step) marks it for en passant.
    #[inline(never)]
    fn initial_moves(&self, n: &Node<B>, ty: usize, from: usize, out: &mut Moves) {
        let t = self.t;
        if !t.rules.double_step || !t.double[n.us].has(from) {
            return;
        }
        let base = Move(0).with_pickup(from);
        let files = t.rules.files;
        for &(to, block) in &t.initial[(ty * 2 + n.us) * t.nsq + from] {
            let to = to as usize;
            if n.occ.has(to) || !(block & n.occ).is_empty() {
                continue;
            }
            let (dx, dy) =
                ((to % files) as isize - (from % files) as isize, (to / files) as isize - (from / files) as isize);
            let passes = dx.abs().max(dy.abs()) == 2 && (dx == 0 || dy == 0 || dx.abs() == dy.abs());
            let mv = if passes { base.with_drop(to, ty).with(F_DOUBLE) } else { base.with_drop(to, ty) };
            self.emit(n, ty, mv, true, out);
        }
    }

    /// The capture of the piece on `to` by the piece of type `ty` on `from`, storing
    /// the victim in the hand where the rules say so.
    #[inline(always)]
    fn capture_move(&self, from: usize, to: usize, ty: usize) -> Move {
        let mv = Move(0).with_pickup(from).with_pickup(to).with_drop(to, ty).with(F_CAPTURE);
        if self.t.rules.captures_to_hand { mv.with_hand(STORE, self.hand_type_of(to)) } else { mv }
    }

    /// The type a piece captured on `sq` becomes in the capturer's hand.
    #[inline]
    fn hand_type_of(&self, sq: usize) -> usize {
        let ty = self.type_on(sq);
        let r = &self.t.rules;
        if let Some(b) = r.pieces[ty].base {
            b
        } else if self.promoted.has(sq) && !r.drop_loop {
            r.main_pawn().unwrap_or(ty)
        } else {
            ty
        }
    }

    /// Emits a move of a piece with its promotion and gating choices.
    #[inline]
    fn emit(&self, n: &Node<B>, ty: usize, mv: Move, test: bool, out: &mut Moves) {
        let (from, to) = (mv.pickup(0), mv.to());
        let t = self.t;
        let r = &t.rules;
        let p = &r.pieces[ty];
        let immobile = r.immobility_illegal && !t.mobile[ty * 2 + n.us].has(to);
        if r.promotes_as_pawn(n.us, ty) && t.promo[n.us].has(to) {
            for &pt in &r.promotion_types[n.us] {
                if let Some(&(_, limit)) = r.promotion_limit.iter().find(|l| l.0 == pt)
                    && self.pieces(pt, n.us).popcount() >= limit
                {
                    continue;
                }
                self.gated(n, from, mv.with_drop0_type(pt), test, out);
            }
            // A pawn with a `promotedPieceType` (wolf's elephant) may also become that,
            // as Fairy-Stockfish's piece promotion on a pawn's move into the region.
            if let Some(pt) = p.promotes_to {
                self.gated(n, from, mv.with_drop0_type(pt), test, out);
            }
            if !r.mandatory_pawn_promotion && !immobile {
                self.gated(n, from, mv, test, out);
            }
            return;
        }
        // A promotion, or with `pieceDemotion` a promoted piece's demotion, where the move
        // starts or ends in the region; with `piecePromotionOnCapture` by a capture only.
        if let Some(pt) = p.promotes_to.or(p.demotes_to)
            && (t.promo[n.us].has(to) || t.promo[n.us].has(from))
            && (!r.piece_promotion_on_capture || mv.is_capture())
        {
            self.gated(n, from, mv.with_drop0_type(pt), test, out);
            if r.mandatory_piece_promotion || immobile {
                return;
            }
        }
        if !immobile {
            self.gated(n, from, mv, test, out);
        }
    }

    /// Emits `mv`, and with a gate on `from` each piece the hand can gate.
    #[inline]
    fn gated(&self, n: &Node<B>, from: usize, mv: Move, test: bool, out: &mut Moves) {
        self.push(n, mv, test, out);
        if self.t.rules.seirawan_gating {
            self.gates_on(n, from, mv, test, out);
        }
    }

    /// Emits `mv` with each piece of the hand gated on `sq`, when `sq` is a gate. A
    /// gate is on the first rank, where a pawn may not be dropped (S-house's captured
    /// pawns) unless `firstRankPawnDrops` says so: Fairy-Stockfish gates only what it
    /// could drop there.
    #[inline(never)]
    fn gates_on(&self, n: &Node<B>, sq: usize, mv: Move, test: bool, out: &mut Moves) {
        let r = &self.t.rules;
        if r.seirawan_gating && self.gates[n.us].has(sq) {
            for gt in 0..self.t.ntypes {
                if self.hand[n.us][gt] > 0 && (r.first_rank_pawn_drops || !r.pieces[gt].pawn) {
                    let g = mv.with_drop(sq, gt).with_hand(RETRIEVE, gt).with(F_GATE);
                    self.push(n, g, test, out);
                }
            }
        }
    }

    fn castling_moves(&self, n: &Node<B>, out: &mut Moves) {
        let t = self.t;
        let r = &t.rules;
        let Some(kt) = r.castling_king else { return };
        let rooks = self.of_types(r.castling_rooks) & self.by_color[n.us];
        let rank = r.castling_rank_of(n.us);
        let rank_bb = t.rank_masks[rank];
        let kings = self.pieces(kt, n.us) & rank_bb;
        if kings.popcount() != 1 {
            return;
        }
        let ksq = kings.lsb();
        for rsq in squares(self.castle[n.us] & rooks) {
            let rt = self.type_on(rsq);
            let kingside = rsq > ksq;
            let kto = r.square(if kingside { r.castling_kingside_file } else { r.castling_queenside_file }, rank);
            let rto = if kingside { kto - 1 } else { kto + 1 };
            let lo = ksq.min(kto).min(rsq).min(rto);
            let hi = ksq.max(kto).max(rsq).max(rto);
            let mut span = B::EMPTY;
            for s in lo..=hi {
                span |= B::bit(s);
            }
            if !(span & n.occ & !(B::bit(ksq) | B::bit(rsq))).is_empty() {
                continue;
            }
            // A castling king that is not royal passes attacked squares (Fairy-Stockfish;
            // `extinctionPseudoRoyal` tests its own king afterwards).
            let (a, b) = (ksq.min(kto), ksq.max(kto));
            if r.pieces[kt].royal && (a..=b).any(|s| s != ksq && self.attacked(s, n.us ^ 1, n.occ)) {
                continue;
            }
            // `oppositeCastling`: not on the side where the opponent's castling rook stands
            // castled.
            if r.opposite_castling {
                let their_rank = r.castling_rank_of(n.us ^ 1);
                let f = if kingside { r.castling_kingside_file - 1 } else { r.castling_queenside_file + 1 };
                if (self.of_types(r.castling_rooks) & self.by_color[n.us ^ 1]).has(r.square(f, their_rank)) {
                    continue;
                }
            }
            let mv = Move(0).with_pickup(ksq).with_pickup(rsq).with_drop(kto, kt).with_drop(rto, rt).with(F_CASTLE);
            self.push(n, mv, true, out);
            // A gate needs its square empty after the castling (not so in Chess960,
            // where the king or the rook may land on the other's square).
            if ksq != rto {
                self.gates_on(n, ksq, mv, true, out);
            }
            if rsq != kto {
                self.gates_on(n, rsq, mv, true, out);
            }
        }
    }

    /// The drops (always inlined into the generator, as before `must_drop` called it too).
    #[inline(always)]
    fn drop_moves(&self, n: &Node<B>, out: &mut Moves) {
        let t = self.t;
        let r = &t.rules;
        let own = self.by_color[n.us];
        let (region, free) = if t.enclosing { (self.enclosing_targets(n.us), r.free_drops) } else { (t.all, false) };
        // In check, the squares where a drop answers it, found once for every type.
        let answers = if n.in_check { self.check_blocks(n) } else { None };
        for gt in 0..t.ntypes {
            if self.hand[n.us][gt] == 0 && !free {
                continue;
            }
            let p = &r.pieces[gt];
            let mut targets = !n.occ & region & t.drop_region[n.us] & t.mobility[gt * 2 + n.us];
            if p.pawn {
                if !r.first_rank_pawn_drops {
                    targets &= !t.rank_masks[if n.us == 0 { 0 } else { r.ranks - 1 }];
                }
                if !r.promotion_zone_pawn_drops {
                    targets &= !t.promo[n.us];
                }
            }
            if r.immobility_illegal {
                targets &= t.mobile[gt * 2 + n.us];
            }
            if r.sittuyin_rook_drop && p.name == "rook" {
                targets &= t.rank_masks[if n.us == 0 { 0 } else { r.ranks - 1 }];
            }
            if r.drop_no_doubled == Some(gt) {
                for f in &t.file_masks {
                    if (*f & self.by_type[gt] & own).popcount() >= r.drop_no_doubled_count {
                        targets &= !*f;
                    }
                }
            }
            // A dropped royal piece (Sittuyin's king) must not land attacked.
            let mut test_all = n.in_check || p.royal;
            if let Some(answers) = answers
                && !p.royal
            {
                targets &= answers;
                test_all = false;
            }
            if r.drop_promoted
                && let Some(pt) = p.promotes_to
            {
                self.promoted_drops(n, gt, pt, targets, test_all, out);
            }
            self.push_drops(n, gt, gt, targets, test_all, out);
        }
    }

    /// In check, without hoppers and with one royal piece: the empty squares where a
    /// piece dropped answers every check. A dropped piece can only block, so only the
    /// squares on the attack lines out of the king up to their first piece, and the
    /// block squares of the opponent's lame leapers, are tried; each one once, whatever
    /// the type dropped. `None` when every drop must be tested.
    #[inline(never)]
    fn check_blocks(&self, n: &Node<B>) -> Option<B> {
        let t = self.t;
        let kings = self.royal & self.by_color[n.us];
        if t.has_hoppers || kings.popcount() != 1 {
            return None;
        }
        let (k, them) = (kings.lsb(), n.us ^ 1);
        let theirs = self.by_color[them];
        let mut tried = B::EMPTY;
        for l in &t.lines[them] {
            tried |= t.ray_to_blocker(l.dir, k, n.occ);
        }
        if t.rules.flying_general {
            tried |= t.ray_to_blocker(0, k, n.occ) | t.ray_to_blocker(1, k, n.occ);
        }
        for &ty in &t.lame_types {
            let at = (ty * 2 + them) * t.nsq + k;
            let pcs = self.by_type[ty] & theirs & t.rev_lame_from[at];
            for &(src, block) in t.rev_lame[at].iter().filter(|_| !pcs.is_empty()) {
                if pcs.has(src as usize) {
                    tried |= block;
                }
            }
        }
        let mut answers = B::EMPTY;
        for sq in squares(tried & !n.occ & t.all) {
            if !self.attacked_by(k, them, n.occ | B::bit(sq), theirs) {
                answers |= B::bit(sq);
            }
        }
        Some(answers)
    }

    /// `dropPromoted`: the piece of type `gt` in hand dropped as its promoted type `pt` on
    /// the squares where it may be dropped as itself. Out of line: no other variant
    /// pays for it in the drop loop.
    #[inline(never)]
    fn promoted_drops(&self, n: &Node<B>, gt: usize, pt: usize, targets: B, test_all: bool, out: &mut Moves) {
        self.push_drops(n, gt, pt, targets, test_all, out);
    }

    /// Emits the drops of the hand's piece of type `gt`, landing as type `landed`, on each
    /// of `targets`: tested when `test_all` or onto a hopper's screen square, and without
    /// those `dropChecks = false` or `dropOppositeBishop` forbid.
    #[inline(always)]
    fn push_drops(&self, n: &Node<B>, gt: usize, landed: usize, mut targets: B, test_all: bool, out: &mut Moves) {
        let t = self.t;
        let r = &t.rules;
        while !targets.is_empty() {
            let to = targets.pop();
            let mv = Move(0).with_drop(to, landed).with_hand(RETRIEVE, gt);
            let test = test_all || t.has_hoppers && n.screens.has(to);
            if (r.drop_checks || !self.gives_check(mv))
                && (!r.drop_opposite_bishop || self.bishop_drop_ok(n.us, gt, to))
            {
                self.push(n, mv, test, out);
            }
        }
    }

    /// The rules that decide before the pieces move, out of the generator's hot path:
    /// true when no other move is legal. A bare king ends the game (Fairy-Stockfish
    /// lists no move, and its perft counts none); with `mustDrop`, a side holding a
    /// piece that has a legal drop must drop (the drops of `n.part` are emitted). Out of
    /// line, so that the generator's frame does not carry a second move list.
    #[inline(never)]
    fn special_first(&self, n: &Node<B>, out: &mut Moves, free: bool) -> bool {
        let r = &self.t.rules;
        if r.bare_king_value.is_some() && self.bare_king_result().is_some() {
            return true;
        }
        if !free && self.t.immediate_rules && self.immediate_end().is_some() {
            return true;
        }
        if !free && self.t.janggi_rules && self.janggi_first(n, out) {
            return true;
        }
        r.must_drop && self.forced_drops(n, out)
    }

    /// `mustDrop`: the drops of `n.part` when the side to move holds a piece (of
    /// `mustDropType`) with a legal drop, and true; false when it need not drop. Its own
    /// frame: the move lists here would make every caller of [`Board::special_first`]
    /// probe 32 KiB of stack.
    #[inline(never)]
    fn forced_drops(&self, n: &Node<B>, out: &mut Moves) -> bool {
        let r = &self.t.rules;
        let holding = match r.must_drop_type {
            Some(mt) => self.hand[n.us][mt] > 0,
            None => self.hand[n.us].iter().any(|&c| c > 0),
        };
        if !holding {
            return false;
        }
        let all = Node { part: Part::All, ..*n };
        let mut drops = Moves::new();
        self.drop_moves(&all, &mut drops);
        if let Some(mt) = r.must_drop_type {
            let mut kept = Moves::new();
            for &m in drops.iter().filter(|m| m.drop(0).1 == mt) {
                kept.push(m);
            }
            drops = kept;
        }
        if drops.is_empty() {
            return false;
        }
        if n.part != Part::Noisy {
            for &mv in drops.iter() {
                if out.len() < MAX_MOVES {
                    out.push(mv);
                }
            }
        }
        true
    }

    /// The moves of the rules that add to the pieces' own: Sittuyin promotions and
    /// Cambodian first moves.
    #[inline(never)]
    fn special_moves(&self, n: &Node<B>, out: &mut Moves) {
        let r = &self.t.rules;
        if r.sittuyin_promotion && n.part != Part::Quiet {
            self.sittuyin_promotions(n, out);
        }
        if r.cambodian_moves && !self.gates[n.us].is_empty() {
            self.cambodian_moves(n, out);
        }
        if self.t.janggi_rules && n.part != Part::Noisy {
            self.pass_move(n, out);
        }
    }

    /// Cambodian first moves of the pieces still on their gates: the king's leap (a
    /// knight's leap onto the rank one step ahead, to an empty square, not out of
    /// check) and the fers's two steps straight ahead, to an empty square (current
    /// Fairy-Stockfish; 11.1 let the fers capture there).
    fn cambodian_moves(&self, n: &Node<B>, out: &mut Moves) {
        let t = self.t;
        let r = &t.rules;
        let fwd: isize = if n.us == 0 { 1 } else { -1 };
        let at = |sq: usize, dx: isize, dy: isize| -> Option<usize> {
            let x = (sq % r.files) as isize + dx;
            let y = (sq / r.files) as isize + dy;
            (x >= 0 && y >= 0 && (x as usize) < r.files && (y as usize) < r.ranks)
                .then(|| r.square(x as usize, y as usize))
        };
        for from in squares(self.gates[n.us] & self.by_color[n.us]) {
            let ty = self.type_on(from);
            let base = Move(0).with_pickup(from);
            if r.pieces[ty].royal {
                if n.in_check {
                    continue;
                }
                for dx in [-2, 2] {
                    if let Some(to) = at(from, dx, fwd)
                        && !n.occ.has(to)
                    {
                        self.push(n, base.with_drop(to, ty), true, out);
                    }
                }
            } else if r.pieces[ty].name == "fers"
                && let Some(to) = at(from, 0, 2 * fwd)
                && !n.occ.has(to)
            {
                self.push(n, base.with_drop(to, ty), true, out);
            }
        }
    }

    /// Sittuyin promotions: a pawn (any, when it is the side's only one; else one on a
    /// long diagonal in the opponent's half) becomes a promotion type in place or on an
    /// empty square that type attacks, within the promotion limit, where the new piece
    /// attacks no enemy piece, and without giving check.
    #[inline(never)]
    fn sittuyin_promotions(&self, n: &Node<B>, out: &mut Moves) {
        let t = self.t;
        let r = &t.rules;
        let Some(pawn) = r.pieces.iter().position(|p| p.pawn) else { return };
        let mut pawns = self.pieces(pawn, n.us);
        if pawns.popcount() > 1 {
            pawns &= t.sittuyin_zone[n.us];
        }
        for from in squares(pawns) {
            for &pt in &r.promotion_types[n.us] {
                if let Some(&(_, limit)) = r.promotion_limit.iter().find(|l| l.0 == pt)
                    && self.pieces(pt, n.us).popcount() >= limit
                {
                    continue;
                }
                let (_, attacks) = self.reach(pt, n.us, from, n.occ, t.all);
                for to in squares((attacks & !n.occ) | B::bit(from)) {
                    // The new piece may not attack an enemy piece from its square.
                    let occ = (n.occ & !B::bit(from)) | B::bit(to);
                    if !(self.reach(pt, n.us, to, occ, t.all).1 & n.enemy).is_empty() {
                        continue;
                    }
                    let mv = Move(0).with_pickup(from).with_drop(to, pawn).with_drop0_type(pt);
                    if !self.gives_check(mv) {
                        self.push(n, mv, true, out);
                    }
                }
            }
        }
    }
}

/// Copy-make over a stack of boards: making a move copies the top board and plays the
/// move on the copy; unmaking is a pop.
#[derive(Clone, Debug)]
pub struct Stack<'a, B: Bits> {
    boards: Vec<Board<'a, B>>,
}

impl<'a, B: Bits> Stack<'a, B> {
    /// A stack holding `root`.
    pub fn new(root: Board<'a, B>) -> Stack<'a, B> {
        let mut boards = Vec::with_capacity(256);
        boards.push(root);
        Stack { boards }
    }
    /// The current board.
    #[inline(always)]
    pub fn top(&self) -> &Board<'a, B> {
        self.boards.last().expect("a stack always holds its root")
    }
    /// Plays a legal move of the current board.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let b = self.top().play(mv);
        self.boards.push(b);
    }
    /// Takes back the last move (the root stays).
    #[inline]
    pub fn unmake(&mut self) {
        if self.boards.len() > 1 {
            self.boards.pop();
        }
    }
    /// Number of moves made since the root.
    pub fn ply(&self) -> usize {
        self.boards.len() - 1
    }
    /// The boards from the root to the current one (for repetition checks).
    pub fn boards(&self) -> &[Board<'a, B>] {
        &self.boards
    }
}
