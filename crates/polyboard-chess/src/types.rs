//! Basic chess types: colours, roles, pieces, squares and moves.

use core::fmt;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of the side to move (`w` or `b`).
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The rank index (0..8) of this colour's back rank.
    #[inline(always)]
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
}

/// A kind of piece, without colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// 0 (pawn) to 5 (king).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with index `i` (0..6).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Role {
        Role::ALL[i]
    }

    /// The lowercase letter (`p`, `n`, `b`, `r`, `q`, `k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The uppercase SAN letter (`P` for pawns, though SAN omits it).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role of a letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its colour.
    pub color: Color,
    /// Its role.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for white, lowercase for black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece { color: if c.is_ascii_uppercase() { Color::White } else { Color::Black }, role }),
            None => None,
        }
    }

    /// 0..12: white pawn..king are 0..5, black pawn..king are 6..11.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.role.index()
    }
}

/// A square, a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// a1.
    pub const A1: Square = Square(0);
    /// e1.
    pub const E1: Square = Square(4);
    /// h8.
    pub const H8: Square = Square(63);

    /// The square with index `i`, if `i < 64`.
    #[inline(always)]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 { Some(Square(i)) } else { None }
    }

    /// The square with index `i & 63`.
    #[inline(always)]
    pub const fn from_index(i: u32) -> Square {
        Square((i & 63) as u8)
    }

    /// The square at `file` and `rank` (each 0..8, masked).
    #[inline(always)]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(((rank & 7) << 3) | (file & 7))
    }

    /// 0..64.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (a) to 7 (h).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 (rank 1) to 7 (rank 8).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The one-bit bitboard of this square.
    #[inline(always)]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The same file, rank mirrored (a1 <-> a8).
    #[inline(always)]
    pub const fn flip(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Parses a square name like `e4` (exactly two characters).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Self::from_bytes(b[0], b[1])
    }

    /// The square of a file letter and rank digit.
    pub const fn from_bytes(file: u8, rank: u8) -> Option<Square> {
        if file >= b'a' && file <= b'h' && rank >= b'1' && rank <= b'8' {
            Some(Square::from_coords(file - b'a', rank - b'1'))
        } else {
            None
        }
    }

    /// The file letter, `a` to `h`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1` to `8`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A quiet move or capture of any piece, including a pawn's single or double push.
    Normal,
    /// A pawn reaching the last rank, with the new role.
    Promotion(Role),
    /// An en passant capture; `to` is the square the capturing pawn lands on.
    EnPassant,
    /// Castling; `from` is the king, `to` the castling rook (king takes rook).
    Castle,
}

/// A move packed in 16 bits.
///
/// ```text
///  15 14 | 13 12 | 11 10 9 8 7 6 | 5 4 3 2 1 0
///  kind  | promo |  to square    | from square
/// ```
/// - bits 0-5: from square (0..64, a1 = 0).
/// - bits 6-11: to square. For castling this is the castling rook's square (king
///   takes rook), which covers Chess960 with one encoding.
/// - bits 12-13: promotion role minus 1 (0 knight, 1 bishop, 2 rook, 3 queen); 0
///   unless the kind is promotion.
/// - bits 14-15: kind: 0 normal, 1 promotion, 2 en passant, 3 castling.
///
/// The all-zero value (a1a1, normal) is never a legal move; it serves as the null move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Move(u16);

impl Move {
    /// The null move (a1a1), which is never legal.
    pub const NULL: Move = Move(0);
    const PROMOTION: u16 = 1 << 14;
    const EN_PASSANT: u16 = 2 << 14;
    const CASTLE: u16 = 3 << 14;

    /// A normal move or capture.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 6)
    }

    /// A promotion to `role` (knight, bishop, rook or queen).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 6 | ((role as u16).wrapping_sub(1) & 3) << 12 | Self::PROMOTION)
    }

    /// An en passant capture landing on `to`.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 6 | Self::EN_PASSANT)
    }

    /// Castling of the king on `king` with the rook on `rook`.
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move(king.0 as u16 | (rook.0 as u16) << 6 | Self::CASTLE)
    }

    /// The origin square (the king for castling).
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square((self.0 & 63) as u8)
    }

    /// The target square (the rook for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square(((self.0 >> 6) & 63) as u8)
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 14 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion(Role::ALL[((self.0 >> 12) & 3) as usize + 1]),
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castle,
        }
    }

    /// The promotion role, if any.
    #[inline(always)]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// True for castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.0 >> 14 == 3
    }

    /// True for en passant.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 14 == 2
    }

    /// The raw 16 bits.
    #[inline(always)]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// The move from its raw 16 bits (any value; legality is checked elsewhere).
    #[inline(always)]
    pub const fn from_u16(v: u16) -> Move {
        Move(v)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Normal => Ok(()),
            MoveKind::Promotion(r) => write!(f, "{}", r.char()),
            MoveKind::EnPassant => write!(f, "(ep)"),
            MoveKind::Castle => write!(f, "(castle)"),
        }
    }
}

/// The side of the board a castling goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: king to g, rook to f.
    King,
    /// Towards the a-file: king to c, rook to d.
    Queen,
}

impl CastlingSide {
    /// The king's target file (g or c).
    #[inline(always)]
    pub const fn king_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 6,
            CastlingSide::Queen => 2,
        }
    }

    /// The rook's target file (f or d).
    #[inline(always)]
    pub const fn rook_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 5,
            CastlingSide::Queen => 3,
        }
    }

    /// The side a rook on `rook` is on relative to a king on `king` (same rank).
    #[inline(always)]
    pub const fn of(king: Square, rook: Square) -> CastlingSide {
        if rook.file() > king.file() { CastlingSide::King } else { CastlingSide::Queen }
    }
}

impl polyboard_core::SearchMove for Move {
    /// The packed 16 bits: unique among a position's moves, never 0 for a legal move.
    #[inline(always)]
    fn key(self) -> u32 {
        self.to_u16() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_packing_round_trips_every_field() {
        let e7 = Square::parse("e7").unwrap();
        let d8 = Square::parse("d8").unwrap();
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let m = Move::promotion(e7, d8, role);
            assert_eq!((m.from(), m.to(), m.kind()), (e7, d8, MoveKind::Promotion(role)));
        }
        let m = Move::castle(Square::E1, Square::from_coords(7, 0));
        assert!(m.is_castle());
        assert_eq!(m.to().to_string(), "h1");
        assert_eq!(Move::en_passant(e7, d8).kind(), MoveKind::EnPassant);
        assert_eq!(Move::normal(e7, d8).kind(), MoveKind::Normal);
        assert_eq!(Move::from_u16(Move::normal(e7, d8).to_u16()), Move::normal(e7, d8));
    }

    #[test]
    fn square_names() {
        assert_eq!(Square::parse("a1"), Some(Square::A1));
        assert_eq!(Square::parse("h8"), Some(Square::H8));
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a10"), None);
        assert_eq!(Square::parse("é1"), None);
        assert_eq!(Square::H8.flip().to_string(), "h1");
    }
}
