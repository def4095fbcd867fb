//! `ccr`: the 32-byte Compact Chessboard Representation of Vučković (2012) plus the
//! state the board does not hold.
//!
//! # Layout
//!
//! ```text
//! bytes 0..32   the CCR: eight u32 ranks, rank 8 first, each big-endian; within a
//!               rank, bits 4*(7-file)..4*(7-file)+3 hold the square's Table 1 code
//!               (0 empty, 1..6 white pawn, knight, bishop, rook, queen, king; 9..14
//!               the black ones). Exactly `polyboard_chess::repr::Ccr::ranks()`.
//! then, MSB first:
//!   1 bit       side to move (1 = black)
//!   castling    for each colour and side with candidate rooks (king on its back
//!               rank, a rook on that side): 1 bit "right kept"; when set, 0 = the
//!               outermost rook, 1 = a 3-bit file follows (shared with `stream`)
//!   en passant  when a pawn may just have double-pushed: 1 bit, then its index
//!               among the candidates when there are several (shared with `stream`)
//!   halfmove    clock, LEB128 in 8-bit groups (7 value bits and a continuation bit)
//!   fullmove    number, the same
//!   padding     zero bits to a whole byte
//! ```
//! Every field of the position is stored. The start position takes 32 bytes plus 5
//! bits of castling, 1 of side and 16 of clocks: 35 bytes.

use crate::bits::{BitReader, BitWriter};
use crate::error::{DecodeError, ErrorKind};
use crate::setup::{Facts, Setup, read_castling, read_ep, write_castling, write_ep};
use crate::stream::{read_leb, write_leb};
use polyboard_chess::repr::Ccr;
use polyboard_chess::repr::ccr::ccr_to_bitboards;
use polyboard_chess::{Board, Color, Piece, Position, Role};

/// The largest record: 32 bytes of board, 1 + 4 * 4 castling bits, 1 + 3 en passant
/// bits, and two clocks of at most five LEB128 groups each.
pub const MAX_BYTES: usize = 32 + (1 + 16 + 4 + 80usize).div_ceil(8);

/// Encodes `pos` into `out` (cleared first); returns the number of bits.
pub fn encode(pos: &Position, out: &mut Vec<u8>) -> usize {
    let mut w = BitWriter::new(out);
    for rank in Ccr::from_position(pos).ranks() {
        w.write(rank >> 16, 16);
        w.write(rank & 0xffff, 16);
    }
    w.bit(pos.turn() == Color::Black);
    let facts = Facts::of_position(pos);
    write_castling(&mut w, &facts, pos.castling_rooks());
    write_ep(&mut w, &facts, pos.turn(), pos.ep_square());
    write_leb(&mut w, pos.halfmove_clock());
    write_leb(&mut w, pos.fullmove_number());
    w.finish()
}

/// Decodes a record made by [`encode`].
pub fn decode(bytes: &[u8], chess960: bool) -> Result<Position, DecodeError> {
    if bytes.len() < 32 {
        return Err(DecodeError::new("board", ErrorKind::Truncated, format!("{} of 32 bytes", bytes.len())));
    }
    let mut ranks = [0u32; 8];
    for (i, r) in ranks.iter_mut().enumerate() {
        *r = u32::from_be_bytes([bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]]);
    }
    let codes = ccr_to_bitboards(&ranks);
    if codes[7] | codes[8] | codes[15] != 0 {
        return Err(DecodeError::new("board", ErrorKind::BadCode, "a nibble holds 7, 8 or 15 (not in Table 1)"));
    }
    let mut setup = Setup::new();
    for (code, &bb) in codes.iter().enumerate() {
        let (color, role) = match code {
            1..=6 => (Color::White, Role::from_index(code - 1)),
            9..=14 => (Color::Black, Role::from_index(code - 9)),
            _ => continue,
        };
        let mut b = bb;
        while b != 0 {
            setup.put(b.trailing_zeros() as usize, Piece { color, role });
            b &= b - 1;
        }
    }
    let mut r = BitReader::new(&bytes[32..]);
    setup.turn = if r.bit("side to move")? { Color::Black } else { Color::White };
    let facts = Facts::of_setup(&setup);
    setup.castling = read_castling(&mut r, &facts)?;
    setup.ep = read_ep(&mut r, &facts, setup.turn)?;
    setup.halfmove = read_leb(&mut r, "halfmove clock")?;
    setup.fullmove = read_leb(&mut r, "fullmove number")?;
    r.expect_zero_padding("padding")?;
    setup.into_position(chess960)
}
