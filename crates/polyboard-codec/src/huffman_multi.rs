//! `huffman-multi`: the survey's "Huffman multi-table approach", over the board
//! stream of [`crate::huffman_tuned`].
//!
//! Each of the four rooks has three states with respect to its home square: it
//! is home with its castling right ([`RookState::Right`]), home without it
//! ([`RookState::Home`]), or it has left ([`RookState::Left`]: no rook of its
//! colour stands on its home square). The four states make one of 81 board
//! [`Category`] values, and the survey stores each category in a table of its
//! own. A table implies the rooks it places at home, so they are not in the
//! stream, and every castling right, so there are no castling bits; a colour
//! with a right has its king on its home square, so that king is not stored
//! either. Where all four rooks are home, the stream has no rooks left to code,
//! and the queen takes the rook's shorter branch of the code.
//!
//! # The category: in the record, or the table the record is stored in
//!
//! The survey's tables are where records live, as in a database: the table
//! says the category and the record does not. [`encode`] must return one
//! self-contained record, so it starts with the category in 7 bits. Both costs
//! are measured: `polyboard encode --format huffman-multi --stats` prints, per
//! category, the mean record and the mean without its key ([`TableKey::bits`]),
//! which is what a record costs in its table.
//!
//! # Stored fields
//!
//! As [`crate::huffman_tuned`]: the placement, side to move, castling rights
//! (each names its rook, Chess960 included), en passant square, and the halfmove
//! clock capped at 100. Not stored: the fullmove number (the decoder sets 1) and
//! `chess960` (from the decoder's argument, switched on when the rights need it).
//!
//! # Home squares, and Chess960
//!
//! A rook's home square is the square of its castling right's rook when the
//! right remains (so Chess960 rights are exact), and otherwise the corner on its
//! side: a1 and h1 for white's queen and king side, a8 and h8 for black's. The
//! category is so defined for every position. Where the home square is not
//! known, a Chess960 rook that lost its right on b1 is "left", and its square is
//! in the stream like any other piece: nothing is lost, only the table's saving.
//!
//! The survey's tables assume the standard array: a rook with its right on the
//! corner, and the king of a colour with a right on the e-file. A position that
//! does not fit (a Chess960 game whose array is not `R...K..R`, with a right
//! left) falls back to an **extended record**, which says where those kings and
//! rooks stand.
//!
//! Two departures from the survey's wording, both because the stream is
//! `huffman-tuned`'s: the survey implies the kings in the 25 categories where
//! each side keeps a right, since its code table has one king code for both;
//! `huffman-tuned` stores the king squares apart, so here each colour's king is
//! implied on its own when that colour keeps a right. And the survey's first
//! queen saving (with no king in the stream, the queen needs no last bit) is
//! already taken by `huffman-tuned`, whose queen is `1111c`; the second (with the
//! rooks home, the queen takes the rook's shorter code) is the one used here.
//!
//! # Layout, bit by bit
//!
//! Bits are MSB-first (see [`crate::bits`]); the record is zero-padded to a whole
//! byte and the decoder checks the padding.
//!
//! 1. table key: 7 bits. 0 to 80: the category, standard array. 81: an
//!    extended record; the category follows in 7 bits (0 to 80), then, for white
//!    then black when that colour has a right: its king's file in 3 bits (a = 0),
//!    then the file of its king-side right's rook, then of its queen-side right's
//!    rook, 3 bits each, for the rights it has. (The king-side rook's file must be
//!    above the king's, the queen-side one's below.) 82 to 127 are bad codes.
//!
//!    The category is `s(K) + 3 s(Q) + 9 s(k) + 27 s(q)` over the rooks of
//!    white's king and queen side and black's king and queen side, with
//!    `s` = 0 for [`RookState::Right`], 1 for [`RookState::Home`] and 2 for
//!    [`RookState::Left`]. The starting position is category 0, named `KQkq`;
//!    [`Category::name`] writes a home rook without its right as `R` or `r`, and
//!    a rook that has left as `-`: `-Rkq` is white castled short, its queen's rook
//!    unmoved (rights lost), and black still with both rights.
//! 2. side to move: 1 bit, 0 white, 1 black.
//! 3. halfmove clock: 7 bits, `min(clock, 100)`.
//! 4. king squares: white's, then black's, 6 bits each (a1 = 0 ... h8 = 63),
//!    only for a colour without castling rights. A colour with a right has its
//!    king on e1 or e8 (or where the extended record says).
//! 5. the board stream of [`crate::huffman_tuned`] (its fields 4 to 7: piece
//!    counts, no-pawns flag, empty-square code, then the pieces in square
//!    order) over the squares that fields 1 and 4 leave open: the counts and the
//!    stream leave out the kings and the rooks that the category puts at home.
//!    The code table is `huffman-tuned`'s, except that where all four rooks are
//!    home and the key is not extended, the stream has no rook code and the queen
//!    is `111c` (`11c` in the no-pawns table). A position of those 16 categories
//!    with yet another rook (a promoted one) takes an extended record, whose
//!    stream keeps the rook code.
//! 6. en passant, only where one could be possible: as [`crate::huffman`] (3 bits).
//!
//! There are no castling bits: the category gives every right.
//!
//! A record decodes only to the position it was made from: the decoder refuses
//! a key other than the one the decoded position takes (a rook in the stream on
//! the home square of a rook the category says has left, an extended record for
//! a standard array, ...), so every position has exactly one record.
//!
//! The starting position: 7 (key) + 1 + 7 + 8 (counts: 13 and 13) + 1
//! (empty-square code) = 24 header bits; the board: 16 pawns × 3 + 8 minor pieces
//! × 5 + 2 queens × 4, less 13 colour bits (black's pieces all come after white's
//! last), plus 8 bits for the gap of 32 as a run = 91 bits: 115 bits, 15 bytes;
//! 108 bits in its table.
//!
//! # The survey's 38 bits
//!
//! "For the nine tables with both rooks home, and at least one on each side
//! having castling rights, you always save 38 bits (20 bits for four rooks, 12
//! bits for two kings and 2 bits for the queens and, as in all cases, 4 bits for
//! the castling rights)." Against `huffman-tuned`, the scheme this one extends,
//! in its table (key not counted), a position of those nine tables saves: the
//! two 6-bit king squares (12 bits); the 4 castling bits `huffman-tuned` writes
//! for a king on e1 with rooks on a1 and h1 (more when another rook of that
//! colour stands on the back rank: the rook index); 4 or 5 bits for each rook
//! (its 4-bit code, and its colour bit unless `huffman-tuned` already implies it,
//! as it does for every black piece after white's last one); 1 bit for each queen
//! (none when a queen is gone, more with promoted ones); and whatever merging the
//! gaps on both sides of a rook or king changes in the run-length codes. So the
//! saving is 38 bits only when both queens stand and every rook's colour bit was
//! paid; at the start it is 36. The measured savings are in docs/codecs.md
//! (section "The survey's multi-table approach, measured").
//!
//! # Size
//!
//! A loose bound over every position [`Position`] accepts: 14 key bits, 18
//! geometry bits, 1 + 7 + 12 + 8 + 2 header bits, at most 30 stream pieces of at
//! most 5 bits and 32 empty squares of at most 1 bit, and 3 en passant bits:
//! 247 bits, so [`MAX_BYTES`] = 31.

use crate::bits::{BitReader, BitWriter};
use crate::error::{DecodeError, ErrorKind};
use crate::huffman_tuned::{read_board, write_board};
use crate::setup::{Facts, Setup, capped_halfmove, read_capped_halfmove, read_ep, write_ep};
use polyboard_chess::{CastlingSide, Color, Piece, Position, Role, Square};

/// The longest record in bytes (a loose bound; see the module documentation).
pub const MAX_BYTES: usize = 31;

/// The table key's value that marks an extended record.
const EXTENDED: u32 = 81;

/// The four rooks, in the order of a FEN's castling field (`KQkq`).
const SLOTS: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::King),
    (Color::White, CastlingSide::Queen),
    (Color::Black, CastlingSide::King),
    (Color::Black, CastlingSide::Queen),
];

/// A rook's state with respect to its home square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RookState {
    /// On its home square, with its castling right.
    Right,
    /// On its home square, without its castling right.
    Home,
    /// Not on its home square: no rook of its colour stands there.
    Left,
}

/// One of the survey's 81 board categories: the states of the four rooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Category(u8);

impl Category {
    /// The number of categories, 3^4.
    pub const COUNT: usize = 81;

    /// The category's number, 0 to 80 (see the module documentation).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The category with number `i`, if `i < 81`.
    pub const fn from_index(i: usize) -> Option<Category> {
        if i < Category::COUNT { Some(Category(i as u8)) } else { None }
    }

    /// The category of `pos`.
    pub fn of(pos: &Position) -> Category {
        Plan::of(pos).key.category
    }

    /// The state of `color`'s rook on `side`.
    pub const fn state(self, color: Color, side: CastlingSide) -> RookState {
        let slot = 2 * color.index() + matches!(side, CastlingSide::Queen) as usize;
        match (self.0 / [1, 3, 9, 27][slot]) % 3 {
            0 => RookState::Right,
            1 => RookState::Home,
            _ => RookState::Left,
        }
    }

    /// True when `color` keeps a castling right: its king's square is implied.
    pub const fn has_right(self, color: Color) -> bool {
        matches!(self.state(color, CastlingSide::King), RookState::Right)
            || matches!(self.state(color, CastlingSide::Queen), RookState::Right)
    }

    /// True when all four rooks are home (16 categories).
    pub fn all_home(self) -> bool {
        SLOTS.iter().all(|&(c, s)| self.state(c, s) != RookState::Left)
    }

    /// True for the survey's nine tables: both rooks of each colour home, and each
    /// colour with at least one castling right.
    pub fn is_both_home_with_rights(self) -> bool {
        self.all_home() && self.has_right(Color::White) && self.has_right(Color::Black)
    }

    /// The category as four letters in FEN castling order (white's king and queen
    /// side, black's): the right's letter (`KQkq`) when home with the right, `R`/`r`
    /// when home without it, `-` when the rook has left.
    pub fn name(self) -> String {
        SLOTS
            .iter()
            .zip("KQkq".chars())
            .map(|(&(c, s), letter)| match self.state(c, s) {
                RookState::Right => letter,
                RookState::Home if c == Color::White => 'R',
                RookState::Home => 'r',
                RookState::Left => '-',
            })
            .collect()
    }
}

impl core::fmt::Display for Category {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.name())
    }
}

/// The table a position's record belongs in: its category, and whether the record
/// is extended (it says where the castling kings and rooks stand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableKey {
    /// The category.
    pub category: Category,
    /// True for an extended record (key value 81 and the category).
    pub extended: bool,
}

impl TableKey {
    /// The table key of `pos`'s record.
    pub fn of(pos: &Position) -> TableKey {
        Plan::of(pos).key
    }

    /// The bits of the record that name its table: 7, or 14 for an extended record.
    /// A record kept in its table costs its length less these.
    pub const fn bits(self) -> usize {
        if self.extended { 14 } else { 7 }
    }

    /// True when the stream has no rook code.
    fn no_rooks(self) -> bool {
        !self.extended && self.category.all_home()
    }
}

/// The corner that is `color`'s home square on `side` when no right says otherwise.
const fn corner(color: Color, side: CastlingSide) -> Square {
    let file = match side {
        CastlingSide::King => 7,
        CastlingSide::Queen => 0,
    };
    Square::from_coords(file, color.back_rank())
}

/// How a position is filed: its key, the home square of each rook (in [`SLOTS`]
/// order) and the squares whose pieces the key implies.
struct Plan {
    key: TableKey,
    homes: [Square; 4],
    implied: u64,
}

impl Plan {
    fn of(pos: &Position) -> Plan {
        let (mut index, mut weight) = (0u8, 1u8);
        let mut homes = [Square::A1; 4];
        let mut implied = 0u64;
        let mut standard = true;
        for (slot, &(color, side)) in SLOTS.iter().enumerate() {
            let right = pos.castling_rook(color, side);
            let home = right.unwrap_or(corner(color, side));
            let state = if right.is_some() {
                RookState::Right
            } else if pos.pieces(color, Role::Rook) & home.bit() != 0 {
                RookState::Home
            } else {
                RookState::Left
            };
            if state != RookState::Left {
                implied |= home.bit();
            }
            if right.is_some() {
                implied |= pos.king(color).bit();
                standard &= home == corner(color, side) && pos.king(color).file() == 4;
            }
            index += weight * state as u8;
            weight *= 3;
            homes[slot] = home;
        }
        let category = Category(index);
        let promoted_rook = category.all_home() && pos.role_bb(Role::Rook) & !implied != 0;
        Plan { key: TableKey { category, extended: !standard || promoted_rook }, homes, implied }
    }
}

/// Encodes `pos` into `out` (cleared first) and returns the number of bits
/// before padding. Never allocates once `out` has [`MAX_BYTES`] of capacity.
pub fn encode(pos: &Position, out: &mut Vec<u8>) -> usize {
    let plan = Plan::of(pos);
    let TableKey { category, extended } = plan.key;
    let mut w = BitWriter::new(out);
    if extended {
        w.write(EXTENDED, 7);
        w.write(category.index() as u32, 7);
        for color in Color::ALL {
            if category.has_right(color) {
                w.write(u32::from(pos.king(color).file()), 3);
            }
            for (slot, &(c, side)) in SLOTS.iter().enumerate() {
                if c == color && category.state(c, side) == RookState::Right {
                    w.write(u32::from(plan.homes[slot].file()), 3);
                }
            }
        }
    } else {
        w.write(category.index() as u32, 7);
    }
    let turn = pos.turn();
    w.bit(turn == Color::Black);
    w.write(capped_halfmove(pos), 7);
    for color in Color::ALL {
        if !category.has_right(color) {
            w.write(pos.king(color).index() as u32, 6);
        }
    }
    write_board(&mut w, pos, plan.implied | pos.role_bb(Role::King), plan.key.no_rooks());
    write_ep(&mut w, &Facts::of_position(pos), turn, pos.ep_square());
    w.finish()
}

/// Puts a piece that the key or the king field places, on a square still empty.
fn put_known(s: &mut Setup, sq: Square, piece: Piece, field: &'static str) -> Result<(), DecodeError> {
    if s.occupied() & sq.bit() != 0 {
        return Err(DecodeError::new(field, ErrorKind::BadCode, format!("two pieces on {sq}")));
    }
    s.put(sq.index(), piece);
    Ok(())
}

fn read_key(r: &mut BitReader) -> Result<TableKey, DecodeError> {
    let value = r.read(7, "table")?;
    let (value, extended) = if value == EXTENDED { (r.read(7, "table")?, true) } else { (value, false) };
    match Category::from_index(value as usize) {
        Some(category) => Ok(TableKey { category, extended }),
        None => Err(DecodeError::new(
            "table",
            ErrorKind::BadCode,
            format!("{value} (0-80 are categories{})", if extended { "" } else { ", 81 marks an extended record" }),
        )),
    }
}

/// Decodes a record; see the module documentation. The fullmove number is set
/// to 1; `chess960` marks the result as Chess960 (switched on anyway when the
/// castling rights need it).
pub fn decode(bytes: &[u8], chess960: bool) -> Result<Position, DecodeError> {
    let mut r = BitReader::new(bytes);
    let key = read_key(&mut r)?;
    let category = key.category;
    let mut s = Setup::new();
    for color in Color::ALL {
        let back = color.back_rank();
        let king_file = match (category.has_right(color), key.extended) {
            (false, _) => None,
            (true, false) => Some(4),
            (true, true) => Some(r.read(3, "castling geometry")? as u8),
        };
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let state = category.state(color, side);
            let home = match (state, king_file) {
                (RookState::Right, Some(king)) => {
                    let file =
                        if key.extended { r.read(3, "castling geometry")? as u8 } else { corner(color, side).file() };
                    if file == king || (file > king) != (side == CastlingSide::King) {
                        return Err(DecodeError::new(
                            "castling geometry",
                            ErrorKind::BadCode,
                            format!("a {side:?}-side rook on file {file} beside a king on file {king}"),
                        ));
                    }
                    Square::from_coords(file, back)
                }
                _ => corner(color, side),
            };
            if state != RookState::Left {
                put_known(&mut s, home, Piece { color, role: Role::Rook }, "castling geometry")?;
            }
            if state == RookState::Right {
                s.castling |= home.bit();
            }
        }
        if let Some(file) = king_file {
            put_known(&mut s, Square::from_coords(file, back), Piece { color, role: Role::King }, "castling geometry")?;
        }
    }
    s.turn = if r.bit("side to move")? { Color::Black } else { Color::White };
    s.halfmove = read_capped_halfmove(&mut r)?;
    for color in Color::ALL {
        if !category.has_right(color) {
            let sq = Square::from_index(r.read(6, "king squares")?);
            put_known(&mut s, sq, Piece { color, role: Role::King }, "king squares")?;
        }
    }
    read_board(&mut r, &mut s, key.no_rooks())?;
    s.ep = read_ep(&mut r, &Facts::of_setup(&s), s.turn)?;
    r.expect_zero_padding("end")?;
    let pos = s.into_position(chess960)?;
    let own = TableKey::of(&pos);
    if own != key {
        let name = |k: TableKey| format!("{}{}", k.category, if k.extended { " (extended)" } else { "" });
        return Err(DecodeError::new(
            "table",
            ErrorKind::BadCode,
            format!("the record is filed under {}, but its position belongs under {}", name(key), name(own)),
        ));
    }
    Ok(pos)
}
