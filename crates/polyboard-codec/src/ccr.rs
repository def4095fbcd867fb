//! `ccr`: the 32-byte CCR board plus the state. **Not yet available.**
//!
//! Stub: the CCR representation is being written in polyboard-chess, and this
//! format will be wired to it (the board as the paper's 32 bytes of 4-bit piece
//! codes, rank 8 first, followed by the state). Until then [`Format::Ccr`] is
//! listed as unavailable, and [`encode`] and [`decode`] return errors.
//!
//! [`Format::Ccr`]: crate::Format::Ccr

use crate::error::{DecodeError, EncodeError, ErrorKind};
use polyboard_chess::Position;

/// Not yet available: always an [`EncodeError`].
pub fn encode(_pos: &Position, out: &mut Vec<u8>) -> Result<usize, EncodeError> {
    out.clear();
    Err(EncodeError { format: "ccr" })
}

/// Not yet available: always a [`DecodeError`] of kind [`ErrorKind::Unavailable`].
pub fn decode(_bytes: &[u8], _chess960: bool) -> Result<Position, DecodeError> {
    Err(DecodeError::new("format", ErrorKind::Unavailable, "ccr"))
}
