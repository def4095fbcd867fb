//! `binaryfen`: Lichess's binary FEN, which shakmaty 0.30 calls `PackedSetup`
//! (`PackedSetup::pack_standard`), byte for byte.
//!
//! Reimplemented from the format; the tests compare bytes with shakmaty's own
//! output on thousands of positions, standard and Chess960.
//!
//! # Stored fields
//!
//! Every field of [`Position`] except `chess960`: the placement, side to move,
//! castling rights (as the squares of their rooks, so Chess960 is exact), en
//! passant square, halfmove clock and fullmove number. The decoder sets
//! `chess960` from its argument, or switches it on when the castling rights need it.
//!
//! # Layout, byte by byte
//!
//! 1. occupancy: the 64-bit set of occupied squares (bit `i` = square `i`, a1 = 0),
//!    8 bytes big-endian.
//! 2. pieces: one nibble per occupied square, in ascending square order, two per
//!    byte: the first square's nibble in the **low** half, the next one's in the
//!    high half; an odd last square leaves the high half 0.
//!
//!    | nibble | piece |
//!    | --- | --- |
//!    | 0, 1 | white, black pawn |
//!    | 2, 3 | white, black knight |
//!    | 4, 5 | white, black bishop |
//!    | 6, 7 | white, black rook (no castling right) |
//!    | 8, 9 | white, black queen |
//!    | 10, 11 | white king, black king with white to move |
//!    | 12 | the pawn that just moved two squares, when there is an en passant square (the square is the pawn's, rank 4 ↔ 3 or 5 ↔ 6); white if on rank 1-4, black otherwise |
//!    | 13, 14 | white, black rook with a castling right |
//!    | 15 | black king with black to move |
//!
//! 3. halfmove clock: unsigned LEB128 (7 bits per byte, least significant group
//!    first, high bit = more), written only when the clock is not 0 or when the
//!    ply field follows.
//! 4. ply: unsigned LEB128 of `2 × (fullmove - 1) + (1 if black to move)`, written
//!    only when the ply is above 1.
//! 5. variant: a byte, never written for standard chess (0).
//!
//! Finally trailing zero bytes are cut (so an odd piece count whose last piece
//! is a white pawn can end in the middle of the pieces); a reader takes missing
//! bytes as zeros. The en passant square is written only when a legal capture
//! exists (shakmaty's `EnPassantMode::Legal`), which is what [`Position`] keeps.
//!
//! The decoder is stricter than shakmaty's where shakmaty accepts bytes that no
//! encoder writes: it rejects records over 64 bytes, a second en passant pawn, a
//! non-zero unused high nibble, LEB128 over 5 bytes or 32 bits, a ply whose parity
//! disagrees with the black king's code, non-zero bytes after the variant byte,
//! and variant bytes other than 0, 2 and 3 (the ones shakmaty's
//! `unpack_standard` reads as chess).
//!
//! A legal position takes at most 8 + 16 + 5 + 5 = 34 bytes ([`MAX_BYTES`]), 24
//! without the counters.

use crate::error::{DecodeError, ErrorKind};
use crate::setup::{Setup, squares};
use polyboard_chess::{Color, Piece, Position, Role, Square};

/// The longest record in bytes.
pub const MAX_BYTES: usize = 34;

/// The longest record the decoder reads (shakmaty's `PackedSetup::MAX_BYTES`).
pub const MAX_INPUT_BYTES: usize = 64;

fn write_leb(out: &mut Vec<u8>, mut n: u64) {
    while n > 127 {
        out.push(n as u8 | 128);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Encodes `pos` into `out` (cleared first), exactly as shakmaty's
/// `PackedSetup::pack_standard(...).as_bytes()`, and returns the number of bits
/// (8 × bytes). Never allocates once `out` has [`MAX_BYTES`] of capacity.
pub fn encode(pos: &Position, out: &mut Vec<u8>) -> usize {
    out.clear();
    let occ = pos.occupied();
    out.extend_from_slice(&occ.to_be_bytes());
    let ep_pawn = pos.ep_square().map_or(64, |sq| sq.index() ^ 8);
    let castling = pos.castling_rooks();
    let black_to_move = pos.turn() == Color::Black;
    let white = pos.color_bb(Color::White);
    let nibble = |sq: usize| -> u8 {
        let b = 1u64 << sq;
        let w = white & b != 0;
        let role = Role::ALL.into_iter().find(|&r| pos.role_bb(r) & b != 0).unwrap_or(Role::Pawn);
        match role {
            Role::Pawn if sq == ep_pawn => 12,
            Role::Rook if castling & b != 0 => {
                if w {
                    13
                } else {
                    14
                }
            }
            Role::King if !w && black_to_move => 15,
            _ => (role.index() as u8) * 2 + u8::from(!w),
        }
    };
    let mut it = squares(occ);
    while let Some(a) = it.next() {
        let lo = nibble(a);
        let hi = it.next().map_or(0, nibble);
        out.push(lo | hi << 4);
    }
    let ply = (u64::from(pos.fullmove_number()) - 1) * 2 + u64::from(black_to_move);
    let halfmove = pos.halfmove_clock();
    if halfmove > 0 || ply > 1 {
        write_leb(out, u64::from(halfmove));
    }
    if ply > 1 {
        write_leb(out, ply);
    }
    while out.last() == Some(&0) {
        out.pop();
    }
    out.len() * 8
}

struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Bytes<'_> {
    /// The next byte; zero past the end (trailing zeros are cut by the writer).
    fn next(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    fn leb(&mut self, field: &'static str) -> Result<u64, DecodeError> {
        let mut n = 0u64;
        for i in 0..5 {
            let b = self.next();
            n |= u64::from(b & 127) << (7 * i);
            if b & 128 == 0 {
                return Ok(n);
            }
        }
        Err(DecodeError::new(field, ErrorKind::BadCode, "LEB128 longer than 5 bytes"))
    }
}

/// Decodes a record (shakmaty's `PackedSetup` bytes, with or without trailing
/// zeros); see the module documentation. `chess960` marks the result as
/// Chess960 (switched on anyway when the castling rights need it).
pub fn decode(bytes: &[u8], chess960: bool) -> Result<Position, DecodeError> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(DecodeError::new(
            "record",
            ErrorKind::TrailingData,
            format!("{} bytes, at most {MAX_INPUT_BYTES}", bytes.len()),
        ));
    }
    if bytes.len() < 8 {
        return Err(DecodeError::new("occupancy", ErrorKind::Truncated, format!("{} of 8 bytes", bytes.len())));
    }
    let mut r = Bytes { data: bytes, pos: 0 };
    let mut occ = 0u64;
    for _ in 0..8 {
        occ = occ << 8 | u64::from(r.next());
    }
    let mut s = Setup::new();
    let mut black_king_to_move = None;
    let mut ep_pawns = 0;
    let mut byte = 0u8;
    for (i, sq) in squares(occ).enumerate() {
        let code = if i % 2 == 0 {
            byte = r.next();
            byte & 15
        } else {
            byte >> 4
        };
        let (color, role) = match code {
            0..=11 => {
                let color = if code % 2 == 0 { Color::White } else { Color::Black };
                (color, Role::from_index(code as usize / 2))
            }
            12 => {
                ep_pawns += 1;
                if ep_pawns > 1 {
                    return Err(DecodeError::new("board", ErrorKind::BadCode, "two pawns marked for en passant"));
                }
                s.ep = Some(Square::from_index(sq as u32 ^ 8));
                (if sq < 32 { Color::White } else { Color::Black }, Role::Pawn)
            }
            13 | 14 => {
                s.castling |= 1u64 << sq;
                (if code == 13 { Color::White } else { Color::Black }, Role::Rook)
            }
            _ => (Color::Black, Role::King),
        };
        if role == Role::King && color == Color::Black {
            black_king_to_move = Some(code == 15);
        }
        s.put(sq, Piece { color, role });
    }
    if occ.count_ones() % 2 == 1 && byte >> 4 != 0 {
        return Err(DecodeError::new("board", ErrorKind::BadCode, "the unused high nibble is not zero"));
    }
    let halfmove = r.leb("halfmove clock")?;
    s.halfmove = u32::try_from(halfmove)
        .map_err(|_| DecodeError::new("halfmove clock", ErrorKind::BadCode, format!("{halfmove} over 32 bits")))?;
    let ply = r.leb("ply")?;
    let variant = r.next();
    if !matches!(variant, 0 | 2 | 3) {
        return Err(DecodeError::new("variant", ErrorKind::BadCode, format!("{variant} is not standard chess")));
    }
    if bytes.get(r.pos..).is_some_and(|rest| rest.iter().any(|&b| b != 0)) {
        return Err(DecodeError::new("record", ErrorKind::TrailingData, "bytes after the variant"));
    }
    let black = black_king_to_move == Some(true);
    if (ply % 2 == 1 && !black) || (black && ply != 0 && ply % 2 == 0) {
        return Err(DecodeError::new(
            "ply",
            ErrorKind::BadCode,
            format!("ply {ply} disagrees with the side to move of the black king's code"),
        ));
    }
    s.turn = if black || ply % 2 == 1 { Color::Black } else { Color::White };
    s.fullmove = u32::try_from(1 + ply / 2)
        .map_err(|_| DecodeError::new("ply", ErrorKind::BadCode, format!("{ply}: fullmove number over 32 bits")))?;
    s.into_position(chess960)
}
