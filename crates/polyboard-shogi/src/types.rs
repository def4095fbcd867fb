//! Colors, pieces, squares and moves.

use core::fmt;

/// A side. Black (sente) moves first and moves towards rank a.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Sente, `b` in SFEN, upper-case pieces.
    Black = 0,
    /// Gote, `w` in SFEN, lower-case pieces.
    White = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    /// 0 for Black, 1 for White.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A piece kind, numbered as the tables index it: the seven hand kinds 1..=7, the king
/// 8, and each promoted kind 8 above its unpromoted kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// 歩
    Pawn = 1,
    /// 香
    Lance = 2,
    /// 桂
    Knight = 3,
    /// 銀
    Silver = 4,
    /// 角
    Bishop = 5,
    /// 飛
    Rook = 6,
    /// 金
    Gold = 7,
    /// 玉
    King = 8,
    /// と (promoted pawn)
    ProPawn = 9,
    /// 成香
    ProLance = 10,
    /// 成桂
    ProKnight = 11,
    /// 成銀
    ProSilver = 12,
    /// 馬 (promoted bishop)
    Horse = 13,
    /// 竜 (promoted rook)
    Dragon = 14,
}

/// The number of kind indices (0 unused, 1..=14).
pub const KINDS: usize = 15;

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 14] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Bishop,
        Kind::Rook,
        Kind::Gold,
        Kind::King,
        Kind::ProPawn,
        Kind::ProLance,
        Kind::ProKnight,
        Kind::ProSilver,
        Kind::Horse,
        Kind::Dragon,
    ];
    /// The kinds a hand holds, in index order (hand slot = index - 1).
    pub const HAND: [Kind; 7] =
        [Kind::Pawn, Kind::Lance, Kind::Knight, Kind::Silver, Kind::Bishop, Kind::Rook, Kind::Gold];

    /// The kind of index `i` (1..=14).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Option<Kind> {
        if i >= 1 && i <= 14 { Some(Kind::ALL[i - 1]) } else { None }
    }
    /// The table index (1..=14).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// True for the kinds that may promote (pawn, lance, knight, silver, bishop, rook).
    #[inline(always)]
    pub const fn can_promote(self) -> bool {
        (self as u8) <= 6
    }
    /// True for the promoted kinds.
    #[inline(always)]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 9
    }
    /// The promoted kind (`self` when it cannot promote).
    #[inline(always)]
    pub const fn promoted(self) -> Kind {
        if self.can_promote() { Kind::ALL[self as usize + 7] } else { self }
    }
    /// The kind a capture puts in hand: unpromoted (the king stays the king).
    #[inline(always)]
    pub const fn unpromoted(self) -> Kind {
        if self.is_promoted() { Kind::ALL[self as usize - 9] } else { self }
    }
    /// The USI letter of the unpromoted kind (upper case), e.g. `P`.
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            Kind::Pawn => 'P',
            Kind::Lance => 'L',
            Kind::Knight => 'N',
            Kind::Silver => 'S',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Gold => 'G',
            _ => 'K',
        }
    }
    /// The unpromoted kind of an upper- or lower-case USI letter.
    pub const fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'P' => Kind::Pawn,
            'L' => Kind::Lance,
            'N' => Kind::Knight,
            'S' => Kind::Silver,
            'B' => Kind::Bishop,
            'R' => Kind::Rook,
            'G' => Kind::Gold,
            'K' => Kind::King,
            _ => return None,
        })
    }
}

/// A piece: a kind and a color, packed as `kind | color << 4` (so 0 is no piece and
/// the codes run 1..=14 for Black, 17..=30 for White).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(pub u8);

impl Piece {
    /// The piece of `color` and `kind`.
    #[inline(always)]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece(kind as u8 | (color as u8) << 4)
    }
    /// Its kind.
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        Kind::ALL[((self.0 & 15) as usize).saturating_sub(1) % 14]
    }
    /// Its color.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 & 16 == 0 { Color::Black } else { Color::White }
    }
}

/// A square: `9 * (file - 1) + rank`, with rank a = 0 to i = 8 (so 1a = 0, 1i = 8,
/// 2a = 9, 9i = 80), the file-major numbering of YaneuraOu. Representations with
/// their own numbering convert at their boundary.
pub type Square = usize;

/// The number of squares.
pub const SQUARES: usize = 81;

/// The square of `file` (1..=9) and `rank` (0 = a ..= 8 = i).
#[inline(always)]
pub const fn square(file: usize, rank: usize) -> Square {
    9 * (file - 1) + rank
}

/// The file (1..=9) of `sq`.
#[inline(always)]
pub const fn file_of(sq: Square) -> usize {
    sq / 9 + 1
}

/// The rank (0 = a ..= 8 = i) of `sq`.
#[inline(always)]
pub const fn rank_of(sq: Square) -> usize {
    sq % 9
}

/// The rank of `sq` seen from `color`: 0 is the farthest rank (a for Black, i for White).
#[inline(always)]
pub const fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::Black => rank_of(sq),
        Color::White => 8 - rank_of(sq),
    }
}

/// The USI name of `sq`, e.g. `7g`.
pub fn square_name(sq: Square) -> String {
    format!("{}{}", file_of(sq), (b'a' + rank_of(sq) as u8) as char)
}

/// A move in 16 bits.
///
/// ```text
/// bits  0..7   to: the destination square (0..81)
/// bits  7..14  from: the origin square (0..81), or 80 + kind for a drop (81..=87)
/// bit  14      promote
/// bit  15      always 0
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

impl Move {
    /// The board move `from` to `to`, promoting when `promote`.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move(to as u16 | (from as u16) << 7 | (promote as u16) << 14)
    }
    /// The drop of `kind` on `to`.
    #[inline(always)]
    pub const fn drop(kind: Kind, to: Square) -> Move {
        Move(to as u16 | (80 + kind as u16) << 7)
    }
    /// The destination.
    #[inline(always)]
    pub const fn to(self) -> Square {
        (self.0 & 127) as usize
    }
    /// The origin (meaningless for a drop).
    #[inline(always)]
    pub const fn from(self) -> Square {
        ((self.0 >> 7) & 127) as usize
    }
    /// True for a drop.
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        self.from() >= SQUARES
    }
    /// The dropped kind (for a drop).
    #[inline(always)]
    pub const fn drop_kind(self) -> Kind {
        Kind::ALL[(self.from().saturating_sub(81)) % 7]
    }
    /// True when the move promotes.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & (1 << 14) != 0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The USI text of the move: `7g7f`, `8h2b+`, `P*5e`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_drop() {
            write!(f, "{}*{}", self.drop_kind().letter(), square_name(self.to()))
        } else {
            let promote = if self.is_promotion() { "+" } else { "" };
            write!(f, "{}{}{promote}", square_name(self.from() % SQUARES), square_name(self.to() % SQUARES))
        }
    }
}

/// The pieces in one side's hand, counted by hand slot (kind index - 1: pawn, lance,
/// knight, silver, bishop, rook, gold).
pub type Hand = [u8; 7];

/// The promotion zone of `color` (its three farthest ranks).
#[inline(always)]
pub const fn in_zone(color: Color, sq: Square) -> bool {
    relative_rank(color, sq) < 3
}

/// The number of farthest ranks a piece of `kind` may never stand on (it would have no
/// move left): 1 for pawn and lance, 2 for knight, else 0.
#[inline(always)]
pub const fn dead_ranks(kind: Kind) -> usize {
    match kind {
        Kind::Pawn | Kind::Lance => 1,
        Kind::Knight => 2,
        _ => 0,
    }
}

impl polyboard_core::SearchMove for Move {
    /// The packed 16 bits: a legal move never has from == to == 0, so never 0.
    #[inline(always)]
    fn key(self) -> u32 {
        self.0 as u32
    }
}
