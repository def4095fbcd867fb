//! `huffman`: the survey's Huffman scheme.
//!
//! # Stored fields
//!
//! The placement, side to move, castling rights (each names its rook, Chess960
//! included), en passant square, and the halfmove clock **capped at 100** (the
//! survey's 101 values: 0 to 99, and "100 or more"). Not stored: the fullmove
//! number (the decoder sets 1) and `chess960` (the decoder takes it from its
//! argument, and switches it on when the castling rights need it).
//!
//! # Layout, bit by bit
//!
//! Bits are MSB-first (see [`crate::bits`]).
//!
//! 1. side to move: 1 bit, 0 white, 1 black.
//! 2. halfmove clock: 7 bits, `min(clock, 100)`; 101 to 127 are bad codes.
//! 3. board: squares a1, b1, ..., h1, a2, ..., h8, one code each, where `c` is
//!    the colour bit (1 = white, "LIGHT"; 0 = black, "DARK"):
//!
//!    | square | code | bits |
//!    | --- | --- | --- |
//!    | empty | `0` | 1 |
//!    | pawn | `10c` | 3 |
//!    | bishop | `1100c` | 5 |
//!    | knight | `1101c` | 5 |
//!    | rook | `1110c` | 5 |
//!    | queen | `11110c` | 6 |
//!    | king | `11111c` | 6 |
//!
//! 4. castling, only where it could apply: for white then black, king side then
//!    queen side, when that colour's king stands on its back rank and at least
//!    one of its rooks stands on the back rank on that side of the king, 1 bit
//!    (1 = the right remains): the survey's 4 bits at most. An extension, needed
//!    for exactness in Chess960 (and for promoted rooks beside a castling rook):
//!    when the right remains and `n > 1` rooks are candidates, the index of the
//!    right's rook among them (ascending squares) follows in `ceil(log2 n)` bits.
//!    The rule does not depend on whether the game is Chess960, so a record
//!    decodes the same way in both modes; in standard chess it spends a bit
//!    where a castled king shares the back rank with a rook (about 0.35 bits a
//!    position more than a standard-only rule on the move-text positions).
//! 5. en passant, only where one could be possible: when an opponent pawn
//!    stands on the fourth rank from its side with the two squares behind it
//!    empty and a pawn of the side to move beside it (at most 5 such pawns),
//!    3 bits: 0 = none, `i + 1` = the `i`-th such pawn in ascending squares just
//!    moved two squares.
//! 6. end marker: one `1` bit, then zero bits to the end of the byte.
//!
//! **Omissions.** When fields 4 and 5 are both empty, the board stops after its
//! last piece (trailing empty squares are omitted), and if that last piece is a
//! king, the king is omitted too: its square is the one after the last code.
//! The decoder knows where the board ends because the marker gives the exact
//! bit length: it reads codes until 64 squares are covered or the bits run
//! out; in the second case an absent king goes on the next square and the rest
//! is empty. (When castling or en passant bits follow, they need the whole
//! board to be known, and the decoder could not tell them from board codes; so
//! then the board is written in full. Those positions have a king and rook on
//! the eighth rank or pawns in the middle, so little is lost.)
//!
//! The format has no redundancy: a record cut short can be another valid record
//! (the last remaining `1` bit becomes the marker). Store the record's length
//! with it, as `polyboard encode --binary` does, when records travel in a stream.
//!
//! The starting position: 1 + 7 + 164 (board) + 4 (castling) = 176 bits, plus
//! the marker: 23 bytes. [`board_bits`] gives the board alone.
//!
//! # The maximum: 204 bits
//!
//! Write `P`, `M`, `Q`, `K` for the numbers of pawns, minor pieces and rooks,
//! queens, kings. Since empties cost 1 bit and a piece of length `l` replaces
//! one, the full board costs `64 + 2P + 4M + 5(Q + K)` bits; 164 at the start.
//! From the start, a capture lowers this by at least 2 (a pawn) or 4 (a piece),
//! and a promotion raises it by at most 3 (pawn to queen).
//!
//! How many promotions can `c` captures buy? While neither pawn of a file ever
//! takes part in a capture (as captor or victim), both stay on their file, the
//! white one below the black one, and neither can promote. A capture involves at
//! most two pawns, so it "opens" at most two files; the promoting pawns come
//! from open files, minus the pawns captured. With `cpp` pawn-takes-pawn,
//! `cxp` piece-takes-pawn, `cpx` pawn-takes-piece and `cxx` piece-takes-piece
//! captures, the promotions `p` satisfy `p <= 2(2 cpp + cxp + cpx) - (cpp + cxp)
//! = 3 cpp + cxp + 2 cpx` and `p <= 16 - cpp - cxp`, and the board costs at most
//! `164 + 3p - 2(cpp + cxp) - 4(cpx + cxx)`. The maximum of that over all counts
//! (the test `the_board_bound_is_192` enumerates them) is 192, at `cpp = 4`,
//! `p = 12`: in each of the file pairs ab, cd, ef, gh, one pawn takes the
//! neighbouring pawn (say axb), after which the two white pawns now on b and the
//! black a-pawn all run through; alternating colours, each side ends with
//! seven queens, two rooks, two bishops, two knights and a king and no pawns.
//!
//! Add the state: 1 + 7 bits, castling 4 bits (the kings and rooks back on their
//! home squares, rights lost or not; rooks in place of queens to add Chess960
//! candidates never pays, since each extra candidate costs a 5-bit rook instead
//! of a 6-bit queen and buys at most one index bit), and en passant 3 bits only
//! with at least two pawns left, which costs at least 6 board bits. So the
//! maximum for a legal position is **1 + 7 + 192 + 4 = 204 bits**, the survey's
//! figure. The test `worst_case_is_204_bits` encodes the position the
//! construction above ends in (and checks that polyboard-chess accepts it) in
//! exactly 204 bits, so a bound of 195 bits cannot hold: it undercounts the
//! promotions that four pawn-takes-pawn captures allow. (The construction is
//! argued here, not replayed as a game; castling rights need not survive it,
//! since the bits are spent whenever kings and rooks stand on their squares.)
//! The trailing omissions only shorten a record.
//!
//! Positions that [`Position`] accepts but no game reaches (up to 15 queens a
//! side) cost at most 1 + 7 + 64 + 32 × 5 = 232 bits, plus the marker: so
//! [`MAX_BYTES`] = 30.

use crate::bits::{BitReader, BitWriter};
use crate::error::{DecodeError, ErrorKind};
use crate::setup::{
    Facts, Setup, boards, capped_halfmove, piece_on, read_capped_halfmove, read_castling, read_ep, write_castling,
    write_ep,
};
use polyboard_chess::{Color, Piece, Position, Role};

/// The longest record in bytes, for any position [`Position`] accepts.
pub const MAX_BYTES: usize = 30;

/// The proven maximum of [`encode`]'s bit count (before the end marker) over
/// legal positions; see the module documentation.
pub const MAX_LEGAL_BITS: usize = 204;

/// The code of a piece without its colour bit: `(bits, length)`.
#[inline]
const fn code(role: Role) -> (u32, u32) {
    match role {
        Role::Pawn => (0b10, 2),
        Role::Bishop => (0b1100, 4),
        Role::Knight => (0b1101, 4),
        Role::Rook => (0b1110, 4),
        Role::Queen => (0b11110, 5),
        Role::King => (0b11111, 5),
    }
}

/// Bits of the full 64-square board of `pos` (164 for the starting position).
pub fn board_bits(pos: &Position) -> usize {
    64 + Role::ALL.iter().map(|&r| pos.role_bb(r).count_ones() as usize * code(r).1 as usize).sum::<usize>()
}

/// Encodes `pos` into `out` (cleared first) and returns the number of bits
/// before the end marker. Never allocates once `out` has [`MAX_BYTES`] of capacity.
pub fn encode(pos: &Position, out: &mut Vec<u8>) -> usize {
    let mut w = BitWriter::new(out);
    let turn = pos.turn();
    w.bit(turn == Color::Black);
    w.write(capped_halfmove(pos), 7);
    let facts = Facts::of_position(pos);
    let conditional = facts.has_conditional_fields(turn);
    let (by_role, white) = boards(pos);
    let end = if conditional {
        64
    } else {
        let last = 63 - pos.occupied().leading_zeros() as usize;
        if pos.role_bb(Role::King) & (1u64 << last) != 0 { last } else { last + 1 }
    };
    // Piece by piece: a 0 for each empty square before it, then its code.
    let mut next = 0; // the first square not yet written
    let mut rest = pos.occupied() & if end == 64 { u64::MAX } else { (1u64 << end) - 1 };
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        w.zeros((sq - next) as u32);
        next = sq + 1;
        if let Some(p) = piece_on(&by_role, white, sq) {
            let (bits, len) = code(p.role);
            w.write(bits << 1 | u32::from(p.color == Color::White), len + 1);
        }
    }
    w.zeros((end - next) as u32);
    if conditional {
        write_castling(&mut w, &facts, pos.castling_rooks());
        write_ep(&mut w, &facts, turn, pos.ep_square());
    }
    let bits = w.bits();
    w.bit(true);
    w.finish();
    bits
}

/// The exact bit length before the end marker: the position of the last `1` bit.
pub(crate) fn marked_length(bytes: &[u8]) -> Result<usize, DecodeError> {
    match bytes.last() {
        None => Err(DecodeError::new("end marker", ErrorKind::Truncated, "empty record")),
        Some(0) => Err(DecodeError::new("end marker", ErrorKind::TrailingData, "the last byte is zero")),
        Some(&b) => Ok(bytes.len() * 8 - 1 - b.trailing_zeros() as usize),
    }
}

fn read_role(r: &mut BitReader) -> Result<Role, DecodeError> {
    // The leading 1 is already read.
    Ok(if !r.bit("board")? {
        Role::Pawn
    } else if !r.bit("board")? {
        if r.bit("board")? { Role::Knight } else { Role::Bishop }
    } else if !r.bit("board")? {
        Role::Rook
    } else if r.bit("board")? {
        Role::King
    } else {
        Role::Queen
    })
}

/// Decodes a record; see the module documentation. The fullmove number is set
/// to 1; `chess960` marks the result as Chess960 (switched on anyway when the
/// castling rights need it).
pub fn decode(bytes: &[u8], chess960: bool) -> Result<Position, DecodeError> {
    let len = marked_length(bytes)?;
    let mut r = BitReader::with_end(bytes, len);
    let mut s = Setup::new();
    s.turn = if r.bit("side to move")? { Color::Black } else { Color::White };
    s.halfmove = read_capped_halfmove(&mut r)?;
    let mut sq = 0;
    while sq < 64 && !r.at_end() {
        if r.bit("board")? {
            let role = read_role(&mut r)?;
            let color = if r.bit("board")? { Color::White } else { Color::Black };
            s.put(sq, Piece { color, role });
        }
        sq += 1;
    }
    if sq < 64 {
        match (s.pieces(Color::White, Role::King) == 0, s.pieces(Color::Black, Role::King) == 0) {
            (false, false) => {}
            (true, false) => s.put(sq, Piece { color: Color::White, role: Role::King }),
            (false, true) => s.put(sq, Piece { color: Color::Black, role: Role::King }),
            (true, true) => return Err(DecodeError::new("board", ErrorKind::Impossible, "no king of either colour")),
        }
        if Facts::of_setup(&s).has_conditional_fields(s.turn) {
            return Err(DecodeError::new(
                "castling",
                ErrorKind::Truncated,
                "the board ends early, but castling or en passant bits are due",
            ));
        }
    } else {
        let facts = Facts::of_setup(&s);
        s.castling = read_castling(&mut r, &facts)?;
        s.ep = read_ep(&mut r, &facts, s.turn)?;
        if !r.at_end() {
            return Err(DecodeError::new("end marker", ErrorKind::TrailingData, "bits after the last field"));
        }
    }
    s.into_position(chess960)
}
