//! What decoders build before validation ([`Setup`]), the validation itself, and
//! the conditional castling and en passant fields that the Huffman formats share.

use crate::bits::{BitReader, BitWriter, index_width};
use crate::error::{DecodeError, ErrorKind};
use polyboard_chess::{CastlingSide, Color, Parts, Piece, Position, Role, Square};

const RANK_4: u64 = 0xff << 24;
const RANK_5: u64 = 0xff << 32;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// An unvalidated position as a decoder reads it: polyboard-chess's [`Parts`] (whose
/// fields it derefs to) with the helpers decoders need.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Setup(Parts);

impl core::ops::Deref for Setup {
    type Target = Parts;
    fn deref(&self) -> &Parts {
        &self.0
    }
}

impl core::ops::DerefMut for Setup {
    fn deref_mut(&mut self) -> &mut Parts {
        &mut self.0
    }
}

impl Setup {
    pub fn new() -> Setup {
        Setup(Parts::EMPTY)
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> u64 {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// Puts `piece` on the empty square `sq` (0..64).
    #[inline]
    pub fn put(&mut self, sq: usize, piece: Piece) {
        let b = 1u64 << sq;
        debug_assert!(self.occupied() & b == 0);
        self.by_role[piece.role.index()] |= b;
        self.by_color[piece.color.index()] |= b;
    }

    /// Validates through [`Position::from_parts`] (`chess960 = false`: Chess960 is
    /// switched on when the castling rights need it) and returns the position, or an
    /// error naming the field. Nothing is dropped or normalized silently: an en passant
    /// square without a legal capture, or a fullmove number of 0, is an error here.
    pub fn into_position(self, chess960: bool) -> Result<Position, DecodeError> {
        let impossible = |field, detail: String| DecodeError::new(field, ErrorKind::Impossible, detail);
        if self.fullmove == 0 {
            return Err(impossible("fullmove number", "0 (numbers start at 1)".into()));
        }
        let pos = Position::from_parts(&self.0, chess960.then_some(true)).map_err(|e| {
            let field = match e.field {
                1 => "board",
                2 => "side to move",
                3 => "castling",
                4 => "en passant",
                5 => "halfmove clock",
                6 => "fullmove number",
                _ => "position",
            };
            impossible(field, e.reason)
        })?;
        if pos.ep_square() != self.ep {
            let sq = self.ep.map_or_else(String::new, |s| s.to_string());
            return Err(impossible("en passant", format!("{sq}: no legal en passant capture")));
        }
        Ok(pos)
    }
}

// ----- conditional castling and en passant fields (huffman, huffman-tuned) -----

/// The board facts the conditional fields depend on.
#[derive(Clone, Copy)]
pub(crate) struct Facts {
    pub kings: [u64; 2],
    pub rooks: [u64; 2],
    pub pawns: [u64; 2],
    pub occupied: u64,
}

impl Facts {
    pub fn of_position(pos: &Position) -> Facts {
        Facts {
            kings: [pos.pieces(Color::White, Role::King), pos.pieces(Color::Black, Role::King)],
            rooks: [pos.pieces(Color::White, Role::Rook), pos.pieces(Color::Black, Role::Rook)],
            pawns: [pos.pieces(Color::White, Role::Pawn), pos.pieces(Color::Black, Role::Pawn)],
            occupied: pos.occupied(),
        }
    }

    pub fn of_setup(s: &Setup) -> Facts {
        Facts {
            kings: [s.pieces(Color::White, Role::King), s.pieces(Color::Black, Role::King)],
            rooks: [s.pieces(Color::White, Role::Rook), s.pieces(Color::Black, Role::Rook)],
            pawns: [s.pieces(Color::White, Role::Pawn), s.pieces(Color::Black, Role::Pawn)],
            occupied: s.occupied(),
        }
    }

    /// The rooks of `color` that could hold its castling right towards `side`:
    /// its rooks on its back rank on that side of its king, when its (single)
    /// king stands on the back rank; empty otherwise.
    pub fn castling_candidates(&self, color: Color, side: CastlingSide) -> u64 {
        let king = self.kings[color.index()];
        let back = 0xffu64 << (8 * color.back_rank());
        if king.count_ones() != 1 || king & back == 0 {
            return 0;
        }
        let below = king - 1;
        let mask = match side {
            CastlingSide::King => back & !below & !king,
            CastlingSide::Queen => back & below,
        };
        self.rooks[color.index()] & mask
    }

    /// The pawns that could have just made a double push and be captured en
    /// passant by the side to move `turn`: the opponent's pawns on the fourth
    /// rank from its side, with the two squares behind them empty and a pawn of
    /// `turn` beside them.
    pub fn ep_candidates(&self, turn: Color) -> u64 {
        let (ours, theirs) = (self.pawns[turn.index()], self.pawns[turn.other().index()]);
        let occ = self.occupied;
        let (rank, behind_empty) = match turn {
            Color::White => (RANK_5, !(occ >> 8) & !(occ >> 16)),
            Color::Black => (RANK_4, !(occ << 8) & !(occ << 16)),
        };
        let ours = ours & rank;
        let beside = ((ours & !FILE_H) << 1) | ((ours & !FILE_A) >> 1);
        theirs & rank & behind_empty & beside
    }

    /// True when castling or en passant bits would be written.
    pub fn has_conditional_fields(&self, turn: Color) -> bool {
        Color::ALL.into_iter().any(|c| {
            self.castling_candidates(c, CastlingSide::King) != 0
                || self.castling_candidates(c, CastlingSide::Queen) != 0
        }) || self.ep_candidates(turn) != 0
    }
}

const SIDES: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

/// Writes the castling field: for white then black, king side then queen side,
/// one bit when there is at least one candidate rook (1 = the right remains),
/// then, when the right remains and there are `n > 1` candidates, the index of
/// its rook among them (ascending square order) in `ceil(log2 n)` bits.
pub(crate) fn write_castling(w: &mut BitWriter, facts: &Facts, castling: u64) {
    for color in Color::ALL {
        for side in SIDES {
            let cands = facts.castling_candidates(color, side);
            if cands == 0 {
                continue;
            }
            let right = cands & castling;
            w.bit(right != 0);
            let n = cands.count_ones();
            if right != 0 && n > 1 {
                let index = (cands & (right - 1)).count_ones();
                w.write(index, index_width(n));
            }
        }
    }
}

/// Reads the castling field written by [`write_castling`].
pub(crate) fn read_castling(r: &mut BitReader, facts: &Facts) -> Result<u64, DecodeError> {
    let mut castling = 0u64;
    for color in Color::ALL {
        for side in SIDES {
            let cands = facts.castling_candidates(color, side);
            if cands == 0 || !r.bit("castling")? {
                continue;
            }
            let n = cands.count_ones();
            let index = r.read(index_width(n), "castling")?;
            if index >= n {
                return Err(DecodeError::new(
                    "castling",
                    ErrorKind::BadCode,
                    format!("rook index {index} of {n} candidates"),
                ));
            }
            let mut b = cands;
            for _ in 0..index {
                b &= b - 1;
            }
            castling |= b & b.wrapping_neg();
        }
    }
    Ok(castling)
}

/// Writes the en passant field: 3 bits when there is at least one candidate
/// pawn, 0 for none or `i + 1` for the `i`-th candidate in ascending square order.
pub(crate) fn write_ep(w: &mut BitWriter, facts: &Facts, turn: Color, ep: Option<Square>) {
    let cands = facts.ep_candidates(turn);
    if cands == 0 {
        return;
    }
    let value = match ep {
        None => 0,
        Some(sq) => {
            let pawn = match turn {
                Color::White => sq.index() - 8,
                Color::Black => sq.index() + 8,
            };
            debug_assert!(cands & (1u64 << pawn) != 0, "a legal en passant pawn is a candidate");
            (cands & ((1u64 << pawn) - 1)).count_ones() + 1
        }
    };
    w.write(value, 3);
}

/// Reads the en passant field written by [`write_ep`].
pub(crate) fn read_ep(r: &mut BitReader, facts: &Facts, turn: Color) -> Result<Option<Square>, DecodeError> {
    let cands = facts.ep_candidates(turn);
    if cands == 0 {
        return Ok(None);
    }
    let value = r.read(3, "en passant")?;
    if value == 0 {
        return Ok(None);
    }
    let n = cands.count_ones();
    if value > n {
        return Err(DecodeError::new(
            "en passant",
            ErrorKind::BadCode,
            format!("candidate {value} of {n} pawns that could have just moved two squares"),
        ));
    }
    let mut b = cands;
    for _ in 1..value {
        b &= b - 1;
    }
    let pawn = b.trailing_zeros();
    Ok(Some(Square::from_index(match turn {
        Color::White => pawn + 8,
        Color::Black => pawn - 8,
    })))
}

/// The state fields that [`crate::huffman`] and [`crate::huffman_tuned`] store in
/// 7 bits: the halfmove clock capped at 100 (the survey's 101 values).
pub(crate) fn capped_halfmove(pos: &Position) -> u32 {
    pos.halfmove_clock().min(100)
}

/// Reads the 7-bit capped halfmove clock.
pub(crate) fn read_capped_halfmove(r: &mut BitReader) -> Result<u32, DecodeError> {
    let h = r.read(7, "halfmove clock")?;
    if h > 100 {
        return Err(DecodeError::new("halfmove clock", ErrorKind::BadCode, format!("{h} (at most 100 is written)")));
    }
    Ok(h)
}

/// The squares of a bitboard, ascending.
pub(crate) fn squares(mut b: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let s = b.trailing_zeros() as usize;
            b &= b - 1;
            Some(s)
        }
    })
}

/// The piece on square `sq` of `pos`, from bitboards (faster than `piece_at`).
#[inline]
pub(crate) fn piece_on(by_role: &[u64; 6], white: u64, sq: usize) -> Option<Piece> {
    let b = 1u64 << sq;
    for role in Role::ALL {
        if by_role[role.index()] & b != 0 {
            let color = if white & b != 0 { Color::White } else { Color::Black };
            return Some(Piece { color, role });
        }
    }
    None
}

/// `[by_role; 6]` and the white bitboard of a position.
#[inline]
pub(crate) fn boards(pos: &Position) -> ([u64; 6], u64) {
    (Role::ALL.map(|r| pos.role_bb(r)), pos.color_bb(Color::White))
}
