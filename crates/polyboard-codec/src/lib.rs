//! Compact position encodings over polyboard's [`Position`].
//!
//! Each format is a module with `encode(&Position, &mut Vec<u8>) -> usize` (the
//! vector is cleared and reused, so a loop over positions allocates nothing
//! once it has the format's `MAX_BYTES` of capacity; the result is the bit count
//! before padding) and `decode(&[u8], chess960) -> Result<Position, DecodeError>`.
//! [`Format`] lists them by their command-line names.
//!
//! Decoders never panic and never return a wrong position silently: a record
//! that is truncated, holds a code the format never writes, has data after its
//! last field, or decodes to a position polyboard-chess rejects, is an error
//! naming the field. Every decoded position is validated by polyboard-chess.
//!
//! No format stores `chess960` (whether castling is written king-takes-rook):
//! the decoders take it as an argument, and switch it on anyway when the
//! castling rights need it, as [`Position::from_fen`] does. Castling rights are
//! exact in every format, Chess960 included.
//!
//! | format | module | stores |
//! | --- | --- | --- |
//! | `ccr` | [`ccr`] | the CCR paper's 32-byte board plus the state |
//! | `stream` | [`stream`] | every field |
//! | `huffman` | [`huffman`] | all but the fullmove number; halfmove clock capped at 100 |
//! | `huffman-tuned` | [`huffman_tuned`] | as `huffman` |
//! | `huffman-multi` | [`huffman_multi`] | as `huffman` |
//! | `binaryfen` | [`binaryfen`] | every field |
//! | `compact` | [`compact`] | every field but the clocks; at most 158 bits for a legal position |

//! ```
//! use polyboard_codec::{Format, Position};
//!
//! // Kiwipete (chessprogramming.org), through every format and back.
//! let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let pos = Position::from_fen(fen).unwrap();
//! let mut record = Vec::new();
//! for format in Format::available() {
//!     let bits = format.encode(&pos, &mut record).unwrap();
//!     assert!(bits <= 8 * record.len());
//!     let back = format.decode(&record, false).unwrap();
//!     assert_eq!(back.fen(), fen, "{}", format.name());
//! }
//! ```

#![deny(missing_docs)]

pub mod binaryfen;
pub mod bits;
pub mod ccr;
pub mod compact;
mod compact_model;
mod enumerative;
pub mod error;
pub mod huffman;
pub mod huffman_multi;
pub mod huffman_tuned;
mod setup;
pub mod stream;

pub use error::{DecodeError, EncodeError, ErrorKind};
pub use polyboard_chess::Position;

/// A position encoding, by its `--format` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `ccr`: the 32-byte CCR board plus the state ([`ccr`]).
    Ccr,
    /// `stream`: the survey's 4-bit stream ([`stream`]).
    Stream,
    /// `huffman`: the survey's Huffman scheme ([`huffman`]).
    Huffman,
    /// `huffman-tuned`: the survey's fine-tuned Huffman ([`huffman_tuned`]).
    HuffmanTuned,
    /// `huffman-multi`: the survey's multi-table approach over `huffman-tuned` ([`huffman_multi`]).
    HuffmanMulti,
    /// `binaryfen`: Lichess binary FEN, shakmaty's `PackedSetup` ([`binaryfen`]).
    BinaryFen,
    /// `compact`: polyboard's own ([`compact`]).
    Compact,
}

/// Which fields of [`Position`] a format keeps. Decoding gives back the
/// original in every kept field; the others are filled in as described.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The halfmove clock is kept up to this value; larger values decode as it.
    pub halfmove_cap: u32,
    /// The fullmove number is kept; when not, it decodes as 1.
    pub fullmove: bool,
}

impl Format {
    /// Every format, in the order of the issue's table.
    pub const ALL: [Format; 7] = [
        Format::Ccr,
        Format::Stream,
        Format::Huffman,
        Format::HuffmanTuned,
        Format::HuffmanMulti,
        Format::BinaryFen,
        Format::Compact,
    ];

    /// The `--format` name.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Ccr => "ccr",
            Format::Stream => "stream",
            Format::Huffman => "huffman",
            Format::HuffmanTuned => "huffman-tuned",
            Format::HuffmanMulti => "huffman-multi",
            Format::BinaryFen => "binaryfen",
            Format::Compact => "compact",
        }
    }

    /// The format with this `--format` name.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// True when the format can encode and decode.
    pub const fn is_available(self) -> bool {
        true
    }

    /// The formats that can encode and decode.
    pub fn available() -> impl Iterator<Item = Format> {
        Format::ALL.into_iter().filter(|f| f.is_available())
    }

    /// A one-line description.
    pub const fn description(self) -> &'static str {
        match self {
            Format::Ccr => "the 32-byte CCR board (Vučković's eight 4-bit-coded ranks) plus the state",
            Format::Stream => "the survey's 4-bit stream: piece codes and empty-square runs, then the state",
            Format::Huffman => "the survey's Huffman scheme: empty 0, pawn 10c, ...; 204 bits at most",
            Format::HuffmanTuned => "the survey's fine-tuned Huffman: empty runs, kings apart, implicit colours",
            Format::HuffmanMulti => {
                "the survey's multi-table Huffman: 81 rook categories imply home rooks, castling and kings"
            }
            Format::BinaryFen => "Lichess binary FEN (shakmaty PackedSetup), byte-identical",
            Format::Compact => {
                "polyboard's own: a static context model with arithmetic coding (placement, side, castling, en passant)"
            }
        }
    }

    /// The longest record in bytes.
    pub const fn max_bytes(self) -> usize {
        match self {
            Format::Stream => stream::MAX_BYTES,
            Format::Huffman => huffman::MAX_BYTES,
            Format::HuffmanTuned => huffman_tuned::MAX_BYTES,
            Format::HuffmanMulti => huffman_multi::MAX_BYTES,
            Format::BinaryFen => binaryfen::MAX_BYTES,
            Format::Compact => compact::MAX_BYTES,
            Format::Ccr => ccr::MAX_BYTES,
        }
    }

    /// Which fields the format keeps.
    pub const fn stored(self) -> Stored {
        match self {
            Format::Huffman | Format::HuffmanTuned | Format::HuffmanMulti => {
                Stored { halfmove_cap: 100, fullmove: false }
            }
            Format::Compact => Stored { halfmove_cap: 0, fullmove: false },
            _ => Stored { halfmove_cap: u32::MAX, fullmove: true },
        }
    }

    /// Encodes `pos` into `out` (cleared first); returns the bit count before
    /// padding. Allocates nothing once `out` has [`Format::max_bytes`] of capacity.
    pub fn encode(self, pos: &Position, out: &mut Vec<u8>) -> Result<usize, EncodeError> {
        match self {
            Format::Stream => Ok(stream::encode(pos, out)),
            Format::Huffman => Ok(huffman::encode(pos, out)),
            Format::HuffmanTuned => Ok(huffman_tuned::encode(pos, out)),
            Format::HuffmanMulti => Ok(huffman_multi::encode(pos, out)),
            Format::BinaryFen => Ok(binaryfen::encode(pos, out)),
            Format::Ccr => Ok(ccr::encode(pos, out)),
            Format::Compact => Ok(compact::encode(pos, out)),
        }
    }

    /// Decodes a record. `chess960` marks the result as Chess960 (it is switched
    /// on anyway when the castling rights need it).
    pub fn decode(self, bytes: &[u8], chess960: bool) -> Result<Position, DecodeError> {
        match self {
            Format::Stream => stream::decode(bytes, chess960),
            Format::Huffman => huffman::decode(bytes, chess960),
            Format::HuffmanTuned => huffman_tuned::decode(bytes, chess960),
            Format::HuffmanMulti => huffman_multi::decode(bytes, chess960),
            Format::BinaryFen => binaryfen::decode(bytes, chess960),
            Format::Ccr => ccr::decode(bytes, chess960),
            Format::Compact => compact::decode(bytes, chess960),
        }
    }
}

impl core::fmt::Display for Format {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
