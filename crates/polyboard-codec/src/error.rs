//! Errors: [`DecodeError`] names the field and the reason. Every format encodes every
//! position, so [`EncodeError`] has no value.

use core::fmt;

/// What went wrong while decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The record ends before the field is complete.
    Truncated,
    /// The field holds a value the format never writes.
    BadCode,
    /// Bytes or non-zero padding bits follow the record's last field.
    TrailingData,
    /// The fields decode, but to a position polyboard-chess rejects (two kings,
    /// a pawn on the last rank, the side not to move in check, castling without
    /// its rook, an en passant square without a legal capture...).
    Impossible,
}

impl ErrorKind {
    /// A short lowercase description.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Truncated => "truncated",
            ErrorKind::BadCode => "bad code",
            ErrorKind::TrailingData => "trailing data",
            ErrorKind::Impossible => "impossible position",
        }
    }
}

/// Why a record could not be decoded: the field, the kind of error and a detail.
///
/// Displayed as `field: kind (detail)`, e.g.
/// `board: bad code (run of 19 empty squares from square 50 passes h8)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// The field being decoded: `board`, `castling`, `en passant`, `halfmove clock`...
    pub field: &'static str,
    /// The kind of error.
    pub kind: ErrorKind,
    /// More detail; may be empty.
    pub detail: String,
}

impl DecodeError {
    /// An error for `field`.
    pub fn new(field: &'static str, kind: ErrorKind, detail: impl Into<String>) -> DecodeError {
        DecodeError { field, kind, detail: detail.into() }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.kind.as_str())?;
        if !self.detail.is_empty() {
            write!(f, " ({})", self.detail)?;
        }
        Ok(())
    }
}

impl std::error::Error for DecodeError {}

/// Why encoding failed: it never does (every format encodes every position), so the
/// type has no value. [`crate::Format::encode`] keeps its `Result` so that callers
/// stay the same if a format that can refuse a position is added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodeError {}

impl fmt::Display for EncodeError {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl std::error::Error for EncodeError {}
