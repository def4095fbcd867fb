//! `huffman-tuned`: the survey's "fine-tuning" of [`crate::huffman`].
//!
//! Of the survey's ideas this takes: run-length codes for empty squares, the
//! king squares stored apart (so the queen code shrinks to 5 bits and the gaps
//! on both sides of a king coalesce), piece counts that make colour bits
//! implicit and end the board without trailing empties, the "eight pawns seen"
//! rule, the shorter code table when no pawns are left, and the per-record bit
//! choosing between plain and run-length empty squares. It leaves out the
//! side-to-move trick (the side to move is a plain bit here) and the
//! multi-table castling categories, which [`crate::huffman_multi`] adds on top
//! of this format's board stream.
//!
//! # Stored fields
//!
//! As [`crate::huffman`]: the placement, side to move, castling rights (each
//! names its rook), en passant square, and the halfmove clock capped at 100.
//! Not stored: the fullmove number (the decoder sets 1) and `chess960` (from the
//! decoder's argument, switched on when the castling rights need it).
//!
//! # Layout, bit by bit
//!
//! Bits are MSB-first (see [`crate::bits`]); the record is zero-padded to a whole
//! byte and the decoder checks the padding.
//!
//! 1. side to move: 1 bit, 0 white, 1 black.
//! 2. halfmove clock: 7 bits, `min(clock, 100)`.
//! 3. white king square, then black king square: 6 bits each (a1 = 0 ... h8 = 63).
//! 4. piece counts: white's pieces other than the king (0-15) in 4 bits, then
//!    black's in 4 bits. Their sum `N` is the number of pieces in the stream.
//! 5. no-pawns flag: only when `N <= 8`, 1 bit, 1 = no pawns on the board (the
//!    short code table below is used).
//! 6. empty-square code: 1 bit, 1 = run codes, 0 = plain (one `0` per empty
//!    square, as in [`crate::huffman`]). The encoder takes whichever makes the
//!    board shorter, plain on a tie: runs pay off in sparse positions and the
//!    opening, plain in crowded middlegames with short gaps.
//! 7. board stream: the 62 squares other than the kings', a1 to h8 order,
//!    until the `N`-th piece; every square after it is empty. Tokens:
//!
//!    | token | code (normal table) | code (no pawns) |
//!    | --- | --- | --- |
//!    | pawn | `10c` | - |
//!    | bishop | `1100c` | `100c` |
//!    | knight | `1101c` | `101c` |
//!    | rook | `1110c` | `110c` |
//!    | queen | `1111c` | `111c` |
//!    | 1 empty square | `0` | `0` |
//!    | 2-9 empty squares (run codes) | `00nnn`, `nnn` = count - 2 | same |
//!    | 10-41 empty squares (run codes) | `00nnn0mm`, `nnnmm` = count - 10 | same |
//!
//!    `c` is the colour bit, 1 = white, 0 = black. It is left out when the
//!    colour is implied: when every white piece (by the count) is already
//!    placed, the piece is black; when every black piece is, white; and a pawn
//!    is black once eight white pawns are placed, white once eight black pawns
//!    are.
//!
//!    With run codes: empty squares always come before a piece, so after `0` (one empty) the
//!    next bit is a piece's leading `1`, and after `00nnn` a `0` can only mean
//!    the extension `0mm`. A gap of more than 41 is written as 41 (`00111011`)
//!    followed by a token for the rest: after an extended run a `0` starts a
//!    new empty token.
//! 8. castling, only where it could apply: as [`crate::huffman`] (per colour and
//!    side with a candidate rook, 1 bit; a rook index when several candidates).
//! 9. en passant, only where one could be possible: as [`crate::huffman`] (3 bits).
//!
//! The starting position: 1 + 7 + 12 + 8 + 1 = 29 header bits (no no-pawns
//! flag: `N` = 30); the board: 16 pawns × 3 + 14 pieces × 5, less 15 colour
//! bits (the black pieces come after the last white one), plus 8 bits for the
//! gap of 32 as a run = 111 bits; castling 4 bits: 144 bits, 18 bytes.
//!
//! # Size
//!
//! Not the survey's "never more than 24 bytes": that figure does not count
//! every state field. A loose bound over every position [`Position`] accepts:
//! 30 header bits, at most 30 pieces of at most 5 bits, at most 32 empty squares
//! at no more than 1 bit each (the encoder never picks runs when they are
//! longer than plain), at most 4 × 4 castling bits and 3 en passant bits:
//! 30 + 150 + 32 + 16 + 3 = 231 bits, so [`MAX_BYTES`] = 29.

use crate::bits::{BitReader, BitWriter};
use crate::error::{DecodeError, ErrorKind};
use crate::setup::{
    Facts, Setup, boards, capped_halfmove, piece_on, read_capped_halfmove, read_castling, read_ep, write_castling,
    write_ep,
};
use polyboard_chess::{Color, Piece, Position, Role, Square};

/// The longest record in bytes (a loose bound; see the module documentation).
pub const MAX_BYTES: usize = 29;

/// Which code table the board stream uses: the survey's normal table or its
/// shorter no-pawns table, and, for [`crate::huffman_multi`], either one without
/// the rook code (the queen then takes the rook's shorter branch: `111c`, or
/// `11c` without pawns). `huffman-tuned` itself always keeps the rook code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    /// No pawns on the board: pieces lose their leading bit.
    pub no_pawns: bool,
    /// No rooks in the stream: the queen code loses its last bit.
    pub no_rooks: bool,
}

/// The code of a piece without its colour bit: `(bits, length)`.
#[inline]
const fn code(role: Role, table: Table) -> (u32, u32) {
    let (bits, len) = match (role, table.no_pawns) {
        (Role::Pawn, _) => (0b10, 2),
        (Role::Bishop, false) => (0b1100, 4),
        (Role::Knight, false) => (0b1101, 4),
        (Role::Rook, false) => (0b1110, 4),
        (Role::Queen, false) => (0b1111, 4),
        (Role::Bishop, true) => (0b100, 3),
        (Role::Knight, true) => (0b101, 3),
        (Role::Rook, true) => (0b110, 3),
        (Role::Queen, true) => (0b111, 3),
        (Role::King, _) => (0, 0),
    };
    if table.no_rooks && matches!(role, Role::Queen) { (bits >> 1, len - 1) } else { (bits, len) }
}

/// Bits of a gap of `n` empty squares as run codes.
fn run_cost(mut n: u32) -> u32 {
    let mut bits = 0;
    while n > 0 {
        let run = n.min(41);
        bits += match run {
            1 => 1,
            2..=9 => 5,
            _ => 8,
        };
        n -= run;
    }
    bits
}

/// Bits of all gaps before the pieces (`pieces`, within the stream's squares
/// `squares`) with the gap code `cost`.
fn gap_cost(pieces: u64, squares: u64, cost: impl Fn(u32) -> u32) -> u32 {
    let mut bits = 0;
    let mut prev = 0u64; // squares below the previous piece, inclusive
    let mut rest = pieces;
    while rest != 0 {
        let b = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let below = b - 1;
        bits += cost((squares & below & !prev).count_ones());
        prev = below | b;
    }
    bits
}

fn write_gap(w: &mut BitWriter, mut n: u32) {
    while n > 0 {
        let run = n.min(41);
        match run {
            1 => w.bit(false),
            2..=9 => w.write(run - 2, 5),
            _ => {
                let v = run - 10;
                w.write(v >> 2, 5);
                w.write(v & 3, 3);
            }
        }
        n -= run;
    }
}

/// Tracks placed pieces to decide when a colour bit is implied.
struct Counts {
    left: [u32; 2],
    pawns: [u32; 2],
}

impl Counts {
    fn implied(&self, role: Role) -> Option<Color> {
        if self.left[0] == 0 {
            Some(Color::Black)
        } else if self.left[1] == 0 {
            Some(Color::White)
        } else if role == Role::Pawn && self.pawns[0] >= 8 {
            Some(Color::Black)
        } else if role == Role::Pawn && self.pawns[1] >= 8 {
            Some(Color::White)
        } else {
            None
        }
    }

    fn place(&mut self, p: Piece) {
        self.left[p.color.index()] -= 1;
        if p.role == Role::Pawn {
            self.pawns[p.color.index()] += 1;
        }
    }
}

/// Encodes `pos` into `out` (cleared first) and returns the number of bits
/// before padding. Never allocates once `out` has [`MAX_BYTES`] of capacity.
pub fn encode(pos: &Position, out: &mut Vec<u8>) -> usize {
    let mut w = BitWriter::new(out);
    let turn = pos.turn();
    w.bit(turn == Color::Black);
    w.write(capped_halfmove(pos), 7);
    w.write(pos.king(Color::White).index() as u32, 6);
    w.write(pos.king(Color::Black).index() as u32, 6);
    write_board(&mut w, pos, pos.role_bb(Role::King), false);
    let facts = Facts::of_position(pos);
    write_castling(&mut w, &facts, pos.castling_rooks());
    write_ep(&mut w, &facts, turn, pos.ep_square());
    w.finish()
}

/// Writes fields 4 to 7 (piece counts, no-pawns flag, empty-square code, board
/// stream) for the pieces of `pos` outside `known`, the squares whose pieces the
/// record gives elsewhere (the kings here; [`crate::huffman_multi`] adds the rooks
/// its table implies). `no_rooks` drops the rook code; no rook may stand outside
/// `known` then.
pub(crate) fn write_board(w: &mut BitWriter, pos: &Position, known: u64, no_rooks: bool) {
    let pieces = pos.occupied() & !known;
    debug_assert!(!no_rooks || pos.role_bb(Role::Rook) & pieces == 0);
    let left = Color::ALL.map(|c| (pos.color_bb(c) & pieces).count_ones());
    w.write(left[0], 4);
    w.write(left[1], 4);
    let no_pawns = left[0] + left[1] <= 8 && pos.role_bb(Role::Pawn) == 0;
    if left[0] + left[1] <= 8 {
        w.bit(no_pawns);
    }
    let table = Table { no_pawns, no_rooks };
    let runs = gap_cost(pieces, !known, run_cost) < gap_cost(pieces, !known, |g| g);
    w.bit(runs);
    let (by_role, white) = boards(pos);
    let mut counts = Counts { left, pawns: [0; 2] };
    // Piece by piece, ascending: the gap is the stream's squares (all but `known`)
    // between the previous piece and this one, all of them empty.
    let mut prev = 0u64; // squares below the previous piece, inclusive
    let mut rest = pieces;
    while rest != 0 {
        let b = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let below = b - 1;
        let gap = (!known & below & !prev).count_ones();
        prev = below | b;
        let Some(p) = piece_on(&by_role, white, b.trailing_zeros() as usize) else { continue };
        if runs {
            write_gap(w, gap);
        } else {
            w.write(0, gap);
        }
        let (bits, len) = code(p.role, table);
        w.write(bits, len);
        if counts.implied(p.role).is_none() {
            w.bit(p.color == Color::White);
        }
        counts.place(p);
    }
}

fn read_gap(r: &mut BitReader) -> Result<u32, DecodeError> {
    // The leading 0 is already read.
    if r.peek() != Some(false) {
        return Ok(1);
    }
    r.bit("board")?;
    let n = r.read(3, "board")?;
    if r.peek() != Some(false) {
        return Ok(n + 2);
    }
    r.bit("board")?;
    Ok(10 + (n << 2 | r.read(2, "board")?))
}

fn read_role(r: &mut BitReader, table: Table) -> Result<Role, DecodeError> {
    // The leading 1 is already read; without pawns, the piece bits follow it.
    if !table.no_pawns && !r.bit("board")? {
        return Ok(Role::Pawn);
    }
    if !r.bit("board")? {
        return Ok(if r.bit("board")? { Role::Knight } else { Role::Bishop });
    }
    if table.no_rooks || r.bit("board")? { Ok(Role::Queen) } else { Ok(Role::Rook) }
}

/// Decodes a record; see the module documentation. The fullmove number is set
/// to 1; `chess960` marks the result as Chess960 (switched on anyway when the
/// castling rights need it).
pub fn decode(bytes: &[u8], chess960: bool) -> Result<Position, DecodeError> {
    let mut r = BitReader::new(bytes);
    let mut s = Setup::new();
    s.turn = if r.bit("side to move")? { Color::Black } else { Color::White };
    s.halfmove = read_capped_halfmove(&mut r)?;
    let wk = r.read(6, "king squares")? as usize;
    let bk = r.read(6, "king squares")? as usize;
    if wk == bk {
        return Err(DecodeError::new(
            "king squares",
            ErrorKind::BadCode,
            format!("both kings on {}", Square::from_index(wk as u32)),
        ));
    }
    s.put(wk, Piece { color: Color::White, role: Role::King });
    s.put(bk, Piece { color: Color::Black, role: Role::King });
    read_board(&mut r, &mut s, false)?;
    let facts = Facts::of_setup(&s);
    s.castling = read_castling(&mut r, &facts)?;
    s.ep = read_ep(&mut r, &facts, s.turn)?;
    r.expect_zero_padding("end")?;
    s.into_position(chess960)
}

/// Reads fields 4 to 7 written by [`write_board`] into `s`, whose occupied squares
/// are the `known` ones of the writer.
pub(crate) fn read_board(r: &mut BitReader, s: &mut Setup, no_rooks: bool) -> Result<(), DecodeError> {
    let known = s.occupied();
    let left = [r.read(4, "piece counts")?, r.read(4, "piece counts")?];
    let total = left[0] + left[1];
    let no_pawns = total <= 8 && r.bit("no-pawns flag")?;
    let table = Table { no_pawns, no_rooks };
    let runs = r.bit("empty-square code")?;
    let mut counts = Counts { left, pawns: [0; 2] };
    let mut sq = 0usize;
    let mut placed = 0;
    while placed < total {
        let mut gap = 0;
        while !r.bit("board")? {
            gap = if runs { read_gap(r)? } else { 1 }.saturating_add(gap);
        }
        let role = read_role(r, table)?;
        let color = match counts.implied(role) {
            Some(c) => c,
            None => {
                if r.bit("board")? {
                    Color::White
                } else {
                    Color::Black
                }
            }
        };
        // Skip `gap` empty squares outside `known`, then the piece's square.
        let mut skip = gap + 1;
        loop {
            while sq < 64 && known & (1u64 << sq) != 0 {
                sq += 1;
            }
            if sq >= 64 {
                return Err(DecodeError::new(
                    "board",
                    ErrorKind::BadCode,
                    format!("piece {} of {total} falls past h8", placed + 1),
                ));
            }
            skip -= 1;
            if skip == 0 {
                break;
            }
            sq += 1;
        }
        let piece = Piece { color, role };
        s.put(sq, piece);
        counts.place(piece);
        sq += 1;
        placed += 1;
    }
    Ok(())
}
