//! `stream`: the survey's 4-bit stream, plus a trailer with the state.
//!
//! # Stored fields
//!
//! Every field of [`Position`] except `chess960`: the placement, side to move,
//! castling rights (each right names its rook, so Chess960 is exact), en passant
//! square, halfmove clock and fullmove number. The decoder sets `chess960` from
//! its `chess960` argument, or switches it on when the castling rights need it
//! (as [`Position::from_fen`] does).
//!
//! # Layout, bit by bit
//!
//! Bits are written MSB-first (see [`crate::bits`]); the record is zero-padded to
//! a whole byte.
//!
//! **Board**: the squares a1, b1, ..., h1, a2, ..., h8 in order, as 4-bit codes
//! until all 64 squares are covered:
//!
//! | code | meaning |
//! | --- | --- |
//! | 0-5 | white pawn, knight, bishop, rook, queen, king |
//! | 6-11 | black pawn, knight, bishop, rook, queen, king |
//! | 12, 13, 14 | 1, 2, 3 empty squares |
//! | 15 `nnnn` | `nnnn + 4` empty squares (4 to 19) |
//!
//! A run of empty squares is written greedily: while more than 19 are left, a
//! run of 19; then the rest as one code (1 to 19). A run must not pass h8.
//! The starting board takes 8 + 8 + 2 × 8 + 8 + 8 = 36 nibbles = 18 bytes, as the
//! survey says.
//!
//! **Trailer** (the survey's "two bytes for the 50-move rule and such things",
//! here a few more):
//!
//! 1. side to move: 1 bit, 0 white, 1 black.
//! 2. castling: 4 flag bits, white king side, white queen side, black king
//!    side, black queen side (1 = the right remains). Then, for each set flag in
//!    that order, 1 bit: 0 = the right's rook is the outermost rook of that colour
//!    on its back rank on that side of its king (always so in standard chess);
//!    1 = a 3-bit file follows (an inner rook in Chess960).
//! 3. en passant: 1 bit, 1 when there is an en passant square; then its file in
//!    3 bits (the rank follows from the side to move). Only squares with a legal
//!    capture are kept by [`Position`], and the decoder rejects any other.
//! 4. halfmove clock and 5. fullmove number: each as bit-level LEB128: groups of
//!    8 bits, a continuation bit (1 = another group follows) then 7 value bits,
//!    least significant group first; at most 5 groups, and the value must fit in
//!    32 bits.
//!
//! The starting position: 144 board bits + 1 + 4 + 4 + 1 + 8 + 8 = 170 bits, 22 bytes.
//!
//! # Size
//!
//! The board takes at most 64 nibbles (a piece and a single empty square
//! alternating; 32 bytes, as the survey says); the trailer at most
//! 1 + 4 + 16 + 4 + 40 + 40 = 105 bits. [`MAX_BYTES`] = 46.

use crate::bits::{BitReader, BitWriter};
use crate::error::{DecodeError, ErrorKind};
use crate::setup::{Setup, boards, piece_on};
use polyboard_chess::{CastlingSide, Color, Piece, Position, Role, Square};

/// The longest record in bytes.
pub const MAX_BYTES: usize = 46;

/// Bits of the board part alone for `pos` (144 for the starting position).
pub fn board_bits(pos: &Position) -> usize {
    let mut buf = Vec::with_capacity(MAX_BYTES);
    let mut w = BitWriter::new(&mut buf);
    write_board(&mut w, pos);
    w.bits()
}

fn write_run(w: &mut BitWriter, mut n: u32) {
    while n > 0 {
        let run = n.min(19);
        if run >= 4 {
            w.write(15, 4);
            w.write(run - 4, 4);
        } else {
            w.write(11 + run, 4);
        }
        n -= run;
    }
}

fn write_board(w: &mut BitWriter, pos: &Position) {
    let (by_role, white) = boards(pos);
    let mut empty = 0;
    for sq in 0..64 {
        match piece_on(&by_role, white, sq) {
            Some(p) => {
                write_run(w, empty);
                empty = 0;
                w.write(p.index() as u32, 4);
            }
            None => empty += 1,
        }
    }
    write_run(w, empty);
}

/// The outermost rook of `color` on its back rank towards `side` of its king.
fn outermost(rooks_on_back: u64, king: Square, side: CastlingSide) -> Option<Square> {
    let below = king.bit() - 1;
    let b = match side {
        CastlingSide::King => rooks_on_back & !below & !king.bit(),
        CastlingSide::Queen => rooks_on_back & below,
    };
    if b == 0 {
        return None;
    }
    Some(Square::from_index(match side {
        CastlingSide::King => 63 - b.leading_zeros(),
        CastlingSide::Queen => b.trailing_zeros(),
    }))
}

pub(crate) fn write_leb(w: &mut BitWriter, mut v: u32) {
    loop {
        let more = v >= 128;
        w.bit(more);
        w.write(v & 127, 7);
        v >>= 7;
        if !more {
            break;
        }
    }
}

pub(crate) fn read_leb(r: &mut BitReader, field: &'static str) -> Result<u32, DecodeError> {
    let mut v = 0u64;
    for group in 0..5 {
        let more = r.bit(field)?;
        v |= u64::from(r.read(7, field)?) << (7 * group);
        if !more {
            return u32::try_from(v)
                .map_err(|_| DecodeError::new(field, ErrorKind::BadCode, format!("{v} does not fit in 32 bits")));
        }
    }
    Err(DecodeError::new(field, ErrorKind::BadCode, "more than 5 LEB128 groups"))
}

const SIDES: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

/// Encodes `pos` into `out` (cleared first) and returns the number of bits
/// before padding. Never allocates once `out` has [`MAX_BYTES`] of capacity.
pub fn encode(pos: &Position, out: &mut Vec<u8>) -> usize {
    let mut w = BitWriter::new(out);
    write_board(&mut w, pos);
    w.bit(pos.turn() == Color::Black);
    let mut rooks = [None; 4];
    for (i, (color, side)) in Color::ALL.into_iter().flat_map(|c| SIDES.map(|s| (c, s))).enumerate() {
        rooks[i] = pos.castling_rook(color, side);
        w.bit(rooks[i].is_some());
    }
    for (i, (color, side)) in Color::ALL.into_iter().flat_map(|c| SIDES.map(|s| (c, s))).enumerate() {
        let Some(rook) = rooks[i] else { continue };
        let back = pos.pieces(color, Role::Rook) & (0xffu64 << (8 * color.back_rank()));
        if outermost(back, pos.king(color), side) == Some(rook) {
            w.bit(false);
        } else {
            w.bit(true);
            w.write(u32::from(rook.file()), 3);
        }
    }
    match pos.ep_square() {
        Some(sq) => {
            w.bit(true);
            w.write(u32::from(sq.file()), 3);
        }
        None => w.bit(false),
    }
    write_leb(&mut w, pos.halfmove_clock());
    write_leb(&mut w, pos.fullmove_number());
    w.finish()
}

/// Decodes a record; see the module documentation. `chess960` marks the result
/// as Chess960 (it is switched on anyway when the castling rights need it).
pub fn decode(bytes: &[u8], chess960: bool) -> Result<Position, DecodeError> {
    let mut r = BitReader::new(bytes);
    let mut s = Setup::new();
    let mut sq = 0usize;
    while sq < 64 {
        let code = r.read(4, "board")?;
        let run = match code {
            0..=11 => {
                let color = if code < 6 { Color::White } else { Color::Black };
                s.put(sq, Piece { color, role: Role::from_index(code as usize % 6) });
                sq += 1;
                continue;
            }
            12..=14 => code as usize - 11,
            _ => r.read(4, "board")? as usize + 4,
        };
        if sq + run > 64 {
            return Err(DecodeError::new(
                "board",
                ErrorKind::BadCode,
                format!("run of {run} empty squares from square {sq} passes h8"),
            ));
        }
        sq += run;
    }
    s.turn = if r.bit("side to move")? { Color::Black } else { Color::White };
    let mut flags = [false; 4];
    for f in &mut flags {
        *f = r.bit("castling")?;
    }
    for (i, (color, side)) in Color::ALL.into_iter().flat_map(|c| SIDES.map(|s| (c, s))).enumerate() {
        if !flags[i] {
            continue;
        }
        let kings = s.pieces(color, Role::King);
        let back = s.pieces(color, Role::Rook) & (0xffu64 << (8 * color.back_rank()));
        let rook = if r.bit("castling")? {
            Some(Square::from_coords(r.read(3, "castling")? as u8, color.back_rank()))
        } else if kings.count_ones() == 1 {
            outermost(back, Square::from_index(kings.trailing_zeros()), side)
        } else {
            None
        };
        let king = Square::from_index(kings.trailing_zeros());
        match rook {
            Some(rook) if back & rook.bit() != 0 && kings.count_ones() == 1 && CastlingSide::of(king, rook) == side => {
                s.castling |= rook.bit()
            }
            _ => {
                return Err(DecodeError::new(
                    "castling",
                    ErrorKind::Impossible,
                    "a castling right without its rook on the back rank",
                ));
            }
        }
    }
    if r.bit("en passant")? {
        let file = r.read(3, "en passant")? as u8;
        s.ep = Some(Square::from_coords(file, if s.turn == Color::White { 5 } else { 2 }));
    }
    s.halfmove = read_leb(&mut r, "halfmove clock")?;
    s.fullmove = read_leb(&mut r, "fullmove number")?;
    r.expect_zero_padding("end")?;
    s.into_position(chess960)
}
