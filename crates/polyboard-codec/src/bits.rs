//! MSB-first bit writer and reader shared by every format.
//!
//! Bit order: the first bit written is the most significant bit of the first
//! byte. A value of `width` bits is written most significant bit first, so
//! `write(0b101, 3)` followed by `write(0b1, 1)` gives the byte `1011_0000`.
//! [`BitWriter::finish`] pads the last byte with zero bits.
//!
//! The writer appends to a caller-provided `Vec<u8>` (cleared by
//! [`BitWriter::new`]), so a reused vector costs no allocation per record. The
//! reader never panics: reading past its end gives a [`DecodeError`] of kind
//! [`ErrorKind::Truncated`] naming the field being read.

use crate::error::{DecodeError, ErrorKind};

/// Bit `i` of `data`, MSB first (bit 0 is the top bit of byte 0), or `None` past the end.
#[inline]
pub fn bit_at(data: &[u8], i: usize) -> Option<bool> {
    data.get(i / 8).map(|b| (b >> (7 - i % 8)) & 1 == 1)
}

/// Writes bits MSB-first into a byte vector.
pub struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    pending: u32,
    bits: usize,
}

impl<'a> BitWriter<'a> {
    /// A writer that clears `out` and appends to it.
    #[inline]
    pub fn new(out: &'a mut Vec<u8>) -> BitWriter<'a> {
        out.clear();
        BitWriter { out, acc: 0, pending: 0, bits: 0 }
    }

    /// Writes the low `width` bits of `value` (`width` at most 32), most
    /// significant first. Higher bits of `value` are ignored.
    ///
    /// Bits collect in a 64-bit accumulator, written out four bytes at a time (no
    /// branch on each byte: the arithmetic coder writes a few bits a symbol).
    #[inline]
    pub fn write(&mut self, value: u32, width: u32) {
        debug_assert!(width <= 32);
        let v = u64::from(value) & ((1u64 << width) - 1);
        self.acc = (self.acc << width) | v;
        self.pending += width;
        self.bits += width as usize;
        if self.pending >= 32 {
            self.pending -= 32;
            self.out.extend_from_slice(&((self.acc >> self.pending) as u32).to_be_bytes());
            self.acc &= (1u64 << self.pending) - 1;
        }
    }

    /// Writes `n` zero bits (any number).
    #[inline]
    pub fn zeros(&mut self, mut n: u32) {
        while n > 0 {
            let k = n.min(32);
            self.write(0, k);
            n -= k;
        }
    }

    /// Writes one bit.
    #[inline]
    pub fn bit(&mut self, b: bool) {
        self.write(u32::from(b), 1);
    }

    /// The number of bits written so far.
    #[inline]
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// Pads the last byte with zero bits and returns the number of bits written
    /// (before padding).
    #[inline]
    pub fn finish(mut self) -> usize {
        while self.pending >= 8 {
            self.pending -= 8;
            self.out.push((self.acc >> self.pending) as u8);
        }
        if self.pending > 0 {
            self.out.push((self.acc << (8 - self.pending)) as u8);
        }
        self.bits
    }
}

/// Reads bits MSB-first from a byte slice, up to an end position in bits.
pub struct BitReader<'a> {
    data: &'a [u8],
    pos: usize,
    end: usize,
}

impl<'a> BitReader<'a> {
    /// A reader over all bits of `data`.
    #[inline]
    pub fn new(data: &'a [u8]) -> BitReader<'a> {
        BitReader { data, pos: 0, end: data.len() * 8 }
    }

    /// A reader over the first `end` bits of `data` (clamped to its length).
    #[inline]
    pub fn with_end(data: &'a [u8], end: usize) -> BitReader<'a> {
        BitReader { data, pos: 0, end: end.min(data.len() * 8) }
    }

    /// The current position in bits.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Bits left before the end.
    #[inline]
    pub fn remaining(&self) -> usize {
        self.end - self.pos
    }

    /// True when no bits are left.
    #[inline]
    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    /// Reads `width` bits (at most 32) as an unsigned number, or fails with
    /// [`ErrorKind::Truncated`] for `field` when fewer are left.
    #[inline]
    pub fn read(&mut self, width: u32, field: &'static str) -> Result<u32, DecodeError> {
        debug_assert!(width <= 32);
        if self.remaining() < width as usize {
            self.pos = self.end;
            return Err(DecodeError::new(field, ErrorKind::Truncated, ""));
        }
        let mut v = 0u64;
        let mut need = width;
        while need > 0 {
            let byte = self.data[self.pos / 8];
            let avail = 8 - (self.pos % 8) as u32;
            let take = avail.min(need);
            let chunk = (u32::from(byte) >> (avail - take)) & ((1u32 << take) - 1);
            v = (v << take) | u64::from(chunk);
            self.pos += take as usize;
            need -= take;
        }
        Ok(v as u32)
    }

    /// Reads one bit.
    #[inline]
    pub fn bit(&mut self, field: &'static str) -> Result<bool, DecodeError> {
        Ok(self.read(1, field)? == 1)
    }

    /// The next bit without consuming it, or `None` at the end.
    #[inline]
    pub fn peek(&self) -> Option<bool> {
        if self.at_end() { None } else { bit_at(self.data, self.pos) }
    }

    /// Checks that every bit from the position to the end of the data (not just
    /// to `end`) is zero: the padding of the last byte, with no bytes after it.
    pub fn expect_zero_padding(&self, field: &'static str) -> Result<(), DecodeError> {
        let total = self.data.len() * 8;
        if total - self.pos >= 8 {
            return Err(DecodeError::new(
                field,
                ErrorKind::TrailingData,
                format!("{} bytes after the record's last bit", (total - self.pos) / 8),
            ));
        }
        if self.pos < total {
            let rest = self.data[self.pos / 8] & (0xffu8 >> (self.pos % 8));
            if rest != 0 {
                return Err(DecodeError::new(field, ErrorKind::TrailingData, "padding bits are not zero"));
            }
        }
        Ok(())
    }
}

/// The number of bits needed to write an index below `n`: 0 for `n <= 1`,
/// otherwise `ceil(log2(n))`.
#[inline]
pub fn index_width(n: u32) -> u32 {
    if n <= 1 { 0 } else { 32 - (n - 1).leading_zeros() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn msb_first_round_trip() {
        let mut buf = Vec::new();
        let mut w = BitWriter::new(&mut buf);
        w.write(0b101, 3);
        w.bit(true);
        w.write(0xdead_beef, 32);
        w.write(0, 0);
        w.write(0x3, 2);
        assert_eq!(w.finish(), 38);
        assert_eq!(buf[0] >> 4, 0b1011);
        assert_eq!(buf.len(), 5);
        let mut r = BitReader::new(&buf);
        assert_eq!(r.read(3, "a").unwrap(), 0b101);
        assert!(r.bit("b").unwrap());
        assert_eq!(r.read(32, "c").unwrap(), 0xdead_beef);
        assert_eq!(r.peek(), Some(true));
        assert_eq!(r.read(2, "d").unwrap(), 3);
        assert!(r.expect_zero_padding("p").is_ok());
        assert_eq!(r.read(2, "e").unwrap(), 0);
        let e = r.read(8, "f").unwrap_err();
        assert_eq!((e.field, e.kind), ("f", ErrorKind::Truncated));
    }

    #[test]
    fn widths() {
        assert_eq!([0, 1, 2, 3, 4, 5, 8, 9].map(index_width), [0, 0, 1, 2, 2, 3, 3, 4]);
    }
}
