//! [`Position`]: the canonical chess state every representation converts from and to.

use crate::attacks;
use crate::types::{CastlingSide, Color, Piece, Role, Square};
use crate::zobrist;
use core::fmt;

/// The complete state of a chess or Chess960 position (not the game history; see
/// [`crate::Game`]).
///
/// Fields, as the survey lists them: placement, side to move, castling rights, en
/// passant square, halfmove clock and fullmove number, plus whether the game is
/// Chess960 (which changes how castling is written, not how it is played).
///
/// Castling rights are the set of rook squares that keep the right ([`castling_rooks`]),
/// so Chess960 needs no special case: the right names its rook.
///
/// The en passant square is kept only when a legal en passant capture exists (as
/// Stockfish does and as python-chess writes FEN by default), so two positions that
/// allow the same moves compare equal and hash alike.
///
/// [`castling_rooks`]: Position::castling_rooks
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_role: [u64; 6],
    pub(crate) by_color: [u64; 2],
    pub(crate) turn: Color,
    pub(crate) castling: u64,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) chess960: bool,
}

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was rejected: the field (1 to 6, 0 for the position as a whole) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// 1 placement, 2 side to move, 3 castling, 4 en passant, 5 halfmove clock,
    /// 6 fullmove number; 0 for the FEN as a whole.
    pub field: u8,
    /// What is wrong.
    pub reason: String,
}

impl FenError {
    fn new(field: u8, reason: impl Into<String>) -> FenError {
        FenError { field, reason: reason.into() }
    }
}

const FIELD_NAMES: [&str; 7] =
    ["position", "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"];

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field == 0 {
            write!(f, "FEN: {}", self.reason)
        } else {
            write!(f, "FEN field {} ({}): {}", self.field, FIELD_NAMES[self.field as usize], self.reason)
        }
    }
}

impl std::error::Error for FenError {}

/// A position's fields before validation: what decoders and position builders fill in.
/// [`Position::from_parts`] checks them as [`Position::from_fen`] checks a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The squares of each role, indexed by [`Role::index`].
    pub by_role: [u64; 6],
    /// The squares of each colour, indexed by [`Color::index`].
    pub by_color: [u64; 2],
    /// The side to move.
    pub turn: Color,
    /// The squares of the rooks that keep a castling right.
    pub castling: u64,
    /// The en passant target square, if a pawn just made a double push.
    pub ep: Option<Square>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmove: u32,
    /// The fullmove number (0 reads as 1, as in a FEN).
    pub fullmove: u32,
}

impl Parts {
    /// No pieces, White to move, no rights, clocks `0 1`.
    pub const EMPTY: Parts = Parts {
        by_role: [0; 6],
        by_color: [0; 2],
        turn: Color::White,
        castling: 0,
        ep: None,
        halfmove: 0,
        fullmove: 1,
    };
}

/// How castling rights are written in FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingNotation {
    /// `KQkq` where unambiguous, file letters otherwise (X-FEN). Standard chess
    /// always gets plain `KQkq`.
    XFen,
    /// Always file letters (`HAha`).
    Shredder,
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// The Chess960 starting position with Scharnagl number `n` (0..960; 518 is the
    /// standard array).
    pub fn chess960_start(n: u32) -> Option<Position> {
        if n >= 960 {
            return None;
        }
        let mut back = [None::<Role>; 8];
        let mut n = n as usize;
        let free = |back: &[Option<Role>; 8], mut k: usize| {
            (0..8).find(|&i| {
                if back[i].is_none() {
                    if k == 0 {
                        return true;
                    }
                    k -= 1;
                }
                false
            })
        };
        back[(n % 4) * 2 + 1] = Some(Role::Bishop);
        n /= 4;
        back[(n % 4) * 2] = Some(Role::Bishop);
        n /= 4;
        let q = free(&back, n % 6)?;
        back[q] = Some(Role::Queen);
        n /= 6;
        let (a, b) = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n];
        let (na, nb) = (free(&back, a)?, free(&back, b)?);
        back[na] = Some(Role::Knight);
        back[nb] = Some(Role::Knight);
        for role in [Role::Rook, Role::King, Role::Rook] {
            let i = free(&back, 0)?;
            back[i] = Some(role);
        }
        let mut pos = Position::empty();
        for (file, role) in back.iter().enumerate() {
            let role = (*role)?;
            pos.put(Square::from_coords(file as u8, 0), Piece { color: Color::White, role });
            pos.put(Square::from_coords(file as u8, 7), Piece { color: Color::Black, role });
            pos.put(Square::from_coords(file as u8, 1), Piece { color: Color::White, role: Role::Pawn });
            pos.put(Square::from_coords(file as u8, 6), Piece { color: Color::Black, role: Role::Pawn });
        }
        pos.castling = pos.by_role[Role::Rook.index()] & 0xff00_0000_0000_00ff;
        pos.chess960 = true;
        Some(pos)
    }

    fn empty() -> Position {
        Position::raw(&Parts::EMPTY, false)
    }

    /// The fields as they are, unchecked.
    const fn raw(p: &Parts, chess960: bool) -> Position {
        Position {
            by_role: p.by_role,
            by_color: p.by_color,
            turn: p.turn,
            castling: p.castling,
            ep: p.ep,
            halfmove: p.halfmove,
            fullmove: p.fullmove,
            chess960,
        }
    }

    fn put(&mut self, sq: Square, p: Piece) {
        self.by_role[p.role.index()] |= sq.bit();
        self.by_color[p.color.index()] |= sq.bit();
    }

    /// Parses standard FEN, Shredder-FEN or X-FEN. Chess960 is switched on when the
    /// castling rights need it (a king off the e-file or a rook off the a/h-files).
    ///
    /// Four to six fields are accepted; missing clocks default to `0 1`, as in EPD.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::parse_fen(fen, None)
    }

    /// Parses a FEN for the given game: `chess960 = false` rejects castling rights that
    /// standard chess cannot have; `true` marks the position as Chess960.
    pub fn from_fen_variant(fen: &str, chess960: bool) -> Result<Position, FenError> {
        Position::parse_fen(fen, Some(chess960))
    }

    fn parse_fen(fen: &str, chess960: Option<bool>) -> Result<Position, FenError> {
        // The fields without a vector: bulk encoders read millions of FENs.
        let mut fields = [""; 6];
        let mut count = 0;
        for (i, field) in fen.split_ascii_whitespace().enumerate() {
            if let Some(f) = fields.get_mut(i) {
                *f = field;
            }
            count = i + 1;
        }
        if !(4..=6).contains(&count) {
            return Err(FenError::new(0, format!("expected 6 fields (4 to 6 accepted), found {count}")));
        }
        let fields = &fields[..count];
        let mut pos = Position::empty();
        parse_placement(&mut pos, fields[0])?;
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(FenError::new(2, format!("'{}' is not 'w' or 'b'", clip(s)))),
        };
        pos.validate_material()?;
        pos.castling = parse_castling(&pos, fields[2])?;
        pos.validate_castling()?;
        pos.set_game(chess960)?;
        if let Some(sq) = parse_ep(fields[3])? {
            pos.validate_ep(sq)?;
            pos.ep = Some(sq);
        }
        if let Some(s) = fields.get(4) {
            pos.halfmove =
                s.parse().map_err(|_| FenError::new(5, format!("'{}' is not a non-negative integer", clip(s))))?;
        }
        if let Some(s) = fields.get(5) {
            // A fullmove number of 0, written by some tools, reads as 1 (as in python-chess).
            let n: u32 =
                s.parse().map_err(|_| FenError::new(6, format!("'{}' is not a non-negative integer", clip(s))))?;
            pos.fullmove = n.max(1);
        }
        pos.finish()
    }

    /// Builds a position from its fields with the checks of [`Position::from_fen`] and
    /// the same errors (naming the FEN field), without text: the constructor for
    /// decoders. `chess960` is as in [`Position::from_fen_variant`], `None` as in
    /// [`Position::from_fen`]. As there, an en passant square without a legal capture
    /// is dropped and a fullmove number of 0 reads as 1.
    pub fn from_parts(parts: &Parts, chess960: Option<bool>) -> Result<Position, FenError> {
        let mut seen = 0u64;
        for bb in parts.by_role {
            if seen & bb != 0 {
                return Err(FenError::new(1, "two pieces on one square"));
            }
            seen |= bb;
        }
        if seen != parts.by_color[0] | parts.by_color[1] || parts.by_color[0] & parts.by_color[1] != 0 {
            return Err(FenError::new(1, "the colour boards do not match the pieces"));
        }
        let mut pos = Position::raw(parts, false);
        pos.ep = None;
        pos.fullmove = parts.fullmove.max(1);
        pos.validate_material()?;
        pos.validate_castling()?;
        pos.set_game(chess960)?;
        if let Some(sq) = parts.ep {
            pos.validate_ep(sq)?;
            pos.ep = Some(sq);
        }
        pos.finish()
    }

    /// The position's fields, as [`Position::from_parts`] takes them.
    pub fn parts(&self) -> Parts {
        Parts {
            by_role: self.by_role,
            by_color: self.by_color,
            turn: self.turn,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        }
    }

    /// Sets the Chess960 flag: as asked (refusing rights standard chess cannot have),
    /// or, with `None`, when the rights need it.
    fn set_game(&mut self, chess960: Option<bool>) -> Result<(), FenError> {
        let needs_960 = self.castling_needs_960();
        self.chess960 = match chess960 {
            Some(false) if needs_960 => {
                return Err(FenError::new(3, "needs Chess960: a castling king or rook is off its standard square"));
            }
            Some(c) => c,
            None => needs_960,
        };
        Ok(())
    }

    /// The last checks, once every field is in: the kings, and en passant kept only
    /// when a legal capture exists.
    fn finish(mut self) -> Result<Position, FenError> {
        self.validate_checks()?;
        if self.ep.is_some() && !self.has_legal_en_passant() {
            self.ep = None;
        }
        Ok(self)
    }

    /// Each castling rook is a rook of its colour on that colour's back rank, with the
    /// king on the back rank too, on another file, and at most one right per side.
    fn validate_castling(&self) -> Result<(), FenError> {
        let mut rooks = self.castling;
        while rooks != 0 {
            let rook = Square::from_index(rooks.trailing_zeros());
            rooks &= rooks - 1;
            let color = match rook.rank() {
                0 => Color::White,
                7 => Color::Black,
                _ => return Err(FenError::new(3, format!("a castling rook on {rook}, off the back ranks"))),
            };
            let name = if color == Color::White { "white" } else { "black" };
            if self.pieces(color, Role::Rook) & rook.bit() == 0 {
                return Err(FenError::new(3, format!("{name} has no rook on {rook} for a castling right")));
            }
            let king = self.king(color);
            if king.rank() != color.back_rank() {
                return Err(FenError::new(3, format!("the {name} king is not on its back rank")));
            }
            if rook.file() == king.file() {
                return Err(FenError::new(3, format!("the castling rook on {rook} stands on the king's file")));
            }
            let side = CastlingSide::of(king, rook);
            let mut others = self.castling & (0xffu64 << (8 * color.back_rank())) & !rook.bit();
            while others != 0 {
                let other = Square::from_index(others.trailing_zeros());
                others &= others - 1;
                if CastlingSide::of(king, other) == side {
                    return Err(FenError::new(3, format!("{name} has two castling rights on one side")));
                }
            }
        }
        Ok(())
    }

    /// The en passant square lies behind an enemy pawn that could just have made a
    /// double push: on the right rank, with the squares it crossed empty.
    fn validate_ep(&self, sq: Square) -> Result<(), FenError> {
        let (rank, dir): (u8, i8) = if self.turn == Color::White { (5, -8) } else { (2, 8) };
        if sq.rank() != rank {
            return Err(FenError::new(4, format!("'{sq}' is not on rank {} for the side to move", rank + 1)));
        }
        let pawn_sq = Square::from_index((sq.index() as i8 + dir) as u32);
        let from_sq = Square::from_index((sq.index() as i8 - dir) as u32);
        if self.pieces(self.turn.other(), Role::Pawn) & pawn_sq.bit() == 0 {
            return Err(FenError::new(
                4,
                format!("'{sq}': no pawn stands on {pawn_sq} that could have just moved two squares"),
            ));
        }
        if self.occupied() & (sq.bit() | from_sq.bit()) != 0 {
            return Err(FenError::new(4, format!("'{sq}': {sq} and {from_sq} must be empty after a double pawn push")));
        }
        Ok(())
    }

    fn validate_material(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let name = if color == Color::White { "white" } else { "black" };
            let kings = (self.by_role[Role::King.index()] & self.by_color[color.index()]).count_ones();
            if kings != 1 {
                return Err(FenError::new(1, format!("{name} has {kings} kings, exactly one is needed")));
            }
            let pawns = (self.by_role[Role::Pawn.index()] & self.by_color[color.index()]).count_ones();
            if pawns > 8 {
                return Err(FenError::new(1, format!("{name} has {pawns} pawns, at most 8 are possible")));
            }
            let all = self.by_color[color.index()].count_ones();
            if all > 16 {
                return Err(FenError::new(1, format!("{name} has {all} pieces, at most 16 are possible")));
            }
        }
        if self.by_role[Role::Pawn.index()] & 0xff00_0000_0000_00ff != 0 {
            return Err(FenError::new(1, "a pawn stands on rank 1 or rank 8"));
        }
        Ok(())
    }

    fn validate_checks(&self) -> Result<(), FenError> {
        let them = self.turn.other();
        if self.attackers(self.king(them), self.turn, self.occupied()) != 0 {
            return Err(FenError::new(0, "the side not to move is in check"));
        }
        let checkers = self.checkers();
        if checkers.count_ones() > 2 {
            return Err(FenError::new(
                0,
                format!("the side to move is in check from {} pieces", checkers.count_ones()),
            ));
        }
        Ok(())
    }

    fn castling_needs_960(&self) -> bool {
        let mut rooks = self.castling;
        while rooks != 0 {
            let sq = Square::from_index(rooks.trailing_zeros());
            rooks &= rooks - 1;
            let color = if sq.rank() == 0 { Color::White } else { Color::Black };
            if self.king(color).file() != 4 || (sq.file() != 0 && sq.file() != 7) {
                return true;
            }
        }
        false
    }

    /// Writes the FEN: X-FEN castling (plain `KQkq` unless a Chess960 right is ambiguous).
    pub fn fen(&self) -> String {
        self.fen_with(CastlingNotation::XFen)
    }

    /// Writes the FEN with the chosen castling notation.
    pub fn fen_with(&self, notation: CastlingNotation) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.turn.char());
        s.push(' ');
        s.push_str(&self.castling_field(notation));
        s.push(' ');
        match self.ep {
            Some(sq) => s.push_str(&sq.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    fn castling_field(&self, notation: CastlingNotation) -> String {
        let mut s = String::new();
        for color in Color::ALL {
            for side in [CastlingSide::King, CastlingSide::Queen] {
                let Some(rook) = self.castling_rook(color, side) else {
                    continue;
                };
                let outermost = self.outermost_rook(color, side) == Some(rook);
                let letter = if notation == CastlingNotation::XFen && (outermost || !self.chess960) {
                    if side == CastlingSide::King { 'k' } else { 'q' }
                } else {
                    rook.file_char()
                };
                s.push(if color == Color::White { letter.to_ascii_uppercase() } else { letter });
            }
        }
        if s.is_empty() { "-".to_string() } else { s }
    }

    /// The rook on the far side of `color`'s king on its back rank, towards `side`.
    fn outermost_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king(color);
        let rooks = self.pieces(color, Role::Rook) & (0xffu64 << (8 * color.back_rank()));
        let mut candidates = rooks;
        let mut best = None;
        while candidates != 0 {
            let sq = Square::from_index(candidates.trailing_zeros());
            candidates &= candidates - 1;
            match side {
                CastlingSide::King if sq.file() > king.file() => best = Some(sq),
                CastlingSide::Queen if sq.file() < king.file() && best.is_none() => best = Some(sq),
                _ => {}
            }
        }
        best
    }

    // ----- accessors -----

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = sq.bit();
        let color = if self.by_color[0] & b != 0 {
            Color::White
        } else if self.by_color[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL.into_iter().find(|r| self.by_role[r.index()] & b != 0)?;
        Some(Piece { color, role })
    }

    /// The squares of `color`'s pieces of `role`, as a bitboard (bit i = square i).
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> u64 {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// All squares of `role`, either colour.
    #[inline]
    pub fn role_bb(&self, role: Role) -> u64 {
        self.by_role[role.index()]
    }

    /// All squares of `color`.
    #[inline]
    pub fn color_bb(&self, color: Color) -> u64 {
        self.by_color[color.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        Square::from_index(self.pieces(color, Role::King).trailing_zeros())
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The squares of the rooks that keep a castling right (both colours).
    #[inline]
    pub fn castling_rooks(&self) -> u64 {
        self.castling
    }

    /// The rook that `color` may castle with towards `side`, if the right remains.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king(color);
        let rooks = self.castling & (0xffu64 << (8 * color.back_rank()));
        let mut b = rooks;
        while b != 0 {
            let sq = Square::from_index(b.trailing_zeros());
            b &= b - 1;
            if CastlingSide::of(king, sq) == side {
                return Some(sq);
            }
        }
        None
    }

    /// The en passant target square, present only when a legal en passant capture exists.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Halfmoves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The fullmove number, starting at 1 and increased after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// True for a Chess960 position (castling written king-takes-rook in UCI).
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Marks the position as Chess960 or not. Standard-mode castling moves are then
    /// written king-two-squares in UCI.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    /// Pieces of `by` that attack `sq`, given the occupancy `occ`.
    pub fn attackers(&self, sq: Square, by: Color, occ: u64) -> u64 {
        use crate::attacks::{Fancy, Sliders};
        let s = sq.index();
        let them = self.by_color[by.index()];
        let rq = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bq = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        them & ((attacks::knight(s) & self.by_role[Role::Knight.index()])
            | (attacks::king(s) & self.by_role[Role::King.index()])
            | (attacks::pawn(by.other().index(), s) & self.by_role[Role::Pawn.index()])
            | (Fancy::rook(s, occ) & rq)
            | (Fancy::bishop(s, occ) & bq))
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> u64 {
        self.attackers(self.king(self.turn), self.turn.other(), self.occupied())
    }

    /// True when the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// The Zobrist key (see [`crate::zobrist`]), computed from scratch.
    pub fn zobrist(&self) -> u64 {
        let mut k = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                let mut b = self.pieces(color, role);
                while b != 0 {
                    k ^= zobrist::piece(color, role, b.trailing_zeros() as usize);
                    b &= b - 1;
                }
            }
        }
        if self.turn() == Color::Black {
            k ^= zobrist::SIDE;
        }
        k ^= zobrist::castling(self.castling_rooks());
        if let Some(sq) = self.ep_square() {
            k ^= zobrist::EP[sq.file() as usize];
        }
        k
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

/// The first 20 characters of untrusted text, for error messages.
pub(crate) fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(20).collect();
    if s.chars().count() > 20 {
        out.push('…');
    }
    out
}

/// [`Piece::from_char`] by a table (its `match` costs a seventh of reading a FEN).
#[inline]
fn piece_letter(c: char) -> Option<Piece> {
    // 1 + the piece's index (white pawn..king, black pawn..king) by ASCII code; 0 for none.
    const LETTERS: [u8; 128] = {
        let mut t = [0u8; 128];
        let letters = b"PNBRQKpnbrqk";
        let mut i = 0;
        while i < letters.len() {
            t[letters[i] as usize] = i as u8 + 1;
            i += 1;
        }
        t
    };
    let i = *LETTERS.get(c as usize)? as usize;
    (i > 0)
        .then(|| Piece { color: if i <= 6 { Color::White } else { Color::Black }, role: Role::from_index((i - 1) % 6) })
}

fn parse_placement(pos: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks = field.bytes().filter(|&b| b == b'/').count() + 1;
    if ranks != 8 {
        return Err(FenError::new(1, format!("expected 8 ranks separated by '/', found {ranks}")));
    }
    let mut rest = field;
    for i in 0..8 {
        let (text, after) = rest.split_at(rest.bytes().position(|b| b == b'/').unwrap_or(rest.len()));
        rest = after.get(1..).unwrap_or("");
        let rank = 7 - i as u8;
        let mut file = 0u32;
        let mut last_digit = false;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) || last_digit {
                    return Err(FenError::new(
                        1,
                        format!("rank {}: '{}' is not a valid empty-square count", rank + 1, c),
                    ));
                }
                file += d;
                last_digit = true;
            } else if let Some(p) = piece_letter(c) {
                if file < 8 {
                    pos.put(Square::from_coords(file as u8, rank), p);
                }
                file += 1;
                last_digit = false;
            } else {
                return Err(FenError::new(1, format!("rank {}: '{}' is not a piece letter", rank + 1, c)));
            }
            if file > 8 {
                return Err(FenError::new(1, format!("rank {} has more than 8 squares", rank + 1)));
            }
        }
        if file != 8 {
            return Err(FenError::new(1, format!("rank {} has {} squares, not 8", rank + 1, file)));
        }
    }
    Ok(())
}

/// Resolves the castling letters to rook squares; [`Position::validate_castling`]
/// checks the rights themselves.
fn parse_castling(pos: &Position, field: &str) -> Result<u64, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0u64;
    for (i, c) in field.char_indices() {
        if field[..i].chars().any(|d| d == c) {
            return Err(FenError::new(3, format!("'{c}' appears twice")));
        }
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let name = if color == Color::White { "white" } else { "black" };
        if pos.king(color).rank() != color.back_rank() {
            return Err(FenError::new(3, format!("'{c}': the {name} king is not on its back rank")));
        }
        let rook = match c.to_ascii_lowercase() {
            'k' => pos.outermost_rook(color, CastlingSide::King),
            'q' => pos.outermost_rook(color, CastlingSide::Queen),
            f @ 'a'..='h' => {
                let sq = Square::from_coords(f as u8 - b'a', color.back_rank());
                (pos.pieces(color, Role::Rook) & sq.bit() != 0).then_some(sq)
            }
            _ => {
                return Err(FenError::new(3, format!("'{c}' is not a castling letter (KQkq, A-H, a-h or '-')")));
            }
        };
        let Some(rook) = rook else {
            return Err(FenError::new(3, format!("'{c}': {name} has no rook for this castling right")));
        };
        rights |= rook.bit();
    }
    Ok(rights)
}

/// Reads the en passant field; [`Position::validate_ep`] checks the square.
fn parse_ep(field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    Square::parse(field).map(Some).ok_or_else(|| FenError::new(4, format!("'{}' is not a square", clip(field))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let p = Position::startpos();
        assert_eq!(p.fen(), START_FEN);
        assert_eq!(p.occupied().count_ones(), 32);
        assert_eq!(p.castling_rooks(), 0x8100_0000_0000_0081);
        assert!(!p.is_chess960());
    }

    #[test]
    fn parts_round_trip_and_are_checked() {
        for n in [0, 518, 959] {
            let p = Position::chess960_start(n).unwrap();
            assert_eq!(Position::from_parts(&p.parts(), Some(true)), Ok(p));
        }
        let fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 7";
        let p = Position::from_fen(fen).unwrap();
        assert_eq!(Position::from_parts(&p.parts(), None), Ok(p));
        let field = |parts: &Parts| Position::from_parts(parts, None).unwrap_err().field;
        let mut overlap = p.parts();
        overlap.by_role[Role::Queen.index()] |= Square::E1.bit();
        assert_eq!(field(&overlap), 1);
        let mut no_rook = p.parts();
        no_rook.castling |= Square::E1.bit();
        assert_eq!(field(&no_rook), 3);
        let mut off_rank = p.parts();
        off_rank.castling |= 1 << 36;
        assert_eq!(field(&off_rank), 3);
        let mut bad_ep = p.parts();
        bad_ep.ep = Square::parse("e6");
        assert_eq!(field(&bad_ep), 4);
        assert_eq!(Position::from_parts(&Parts::EMPTY, None).unwrap_err().field, 1);
        // A right standard chess cannot have.
        let mut b1 = p.parts();
        b1.by_role[Role::Rook.index()] ^= Square::from_index(0).bit() | Square::from_index(1).bit();
        b1.by_color[0] ^= Square::from_index(0).bit() | Square::from_index(1).bit();
        b1.castling = Square::from_index(1).bit();
        assert_eq!(Position::from_parts(&b1, Some(false)).unwrap_err().field, 3);
        assert!(Position::from_parts(&b1, None).unwrap().is_chess960());
    }

    #[test]
    fn scharnagl_518_is_the_standard_array() {
        let p = Position::chess960_start(518).unwrap();
        assert_eq!(p.fen(), START_FEN);
        assert_eq!(
            Position::chess960_start(0).unwrap().fen_with(CastlingNotation::Shredder),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
        );
        assert!(Position::chess960_start(960).is_none());
    }

    #[test]
    fn errors_name_the_field() {
        let e = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1").unwrap_err();
        assert_eq!(e.to_string(), "FEN field 4 (en passant): 'e9' is not a square");
    }
}
