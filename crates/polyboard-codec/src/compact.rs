//! `compact`: polyboard's own format. A static context model with arithmetic coding, and
//! an enumerative numbering of all legal positions that bounds it at 158 bits.
//!
//! # What it stores
//!
//! The EPD part of a position: placement, side to move, castling rights (any rook,
//! so Chess960 is exact) and the en passant square. The clocks are not stored; the
//! decoder sets the halfmove clock to 0 and the fullmove number to 1. (Opening books
//! and position databases key on exactly these fields.)
//!
//! # Layout
//!
//! ```text
//! bits 0..   mode: 0    = model-coded (below), the usual case
//!                  10   = enumerative: the position's number below N < 2^156 follows in
//!                         156 bits, MSB first (see `enumerative.rs`); taken when the
//!                         model-coded record would be longer than these 158 bits
//!                  11   = fallback for positions no game can reach (outside the
//!                         enumeration): a `huffman-tuned` record of the position with its
//!                         clocks cleared follows, taken when it is shorter
//! after 0:   one arithmetic-coded stream, MSB first, zero-padded to a whole byte:
//!   side to move        binary, p = 1/2
//!   64 squares a1..h8   13-symbol alphabet (empty, white P N B R Q K, black P N B R Q K)
//!                       with frequencies BOARD[ctx] from `compact_model.rs`,
//!                       ctx = (rank * 14 + below) * 14 + left, below/left being the
//!                       symbols one rank down / one file left (13 at the edge). Pawns
//!                       on ranks 1 and 8 have frequency 0, and a king colour already
//!                       placed is masked out, so impossible boards cost nothing.
//!   castling            for each colour and side that has candidate rooks (king on the
//!                       back rank, a rook on that side of it): one binary "right kept"
//!                       (p = CASTLE_STANDARD for a corner rook with the king on the e-file,
//!                       CASTLE_OTHER otherwise), then the rook's index among the
//!                       candidates when there are several (uniform).
//!   en passant          when a pawn could just have double-pushed: binary "square set"
//!                       (p = EP_PRESENT), then its index among the candidates (uniform).
//! ```
//! The arithmetic coder is the integer coder of Witten, Neal and Cleary (1987) with
//! underflow bits, on 62-bit registers, terminated with the two bits that pin the final
//! interval. It narrows the range as a range coder does, in whole units of about
//! `range / total` (a multiplication by a precomputed reciprocal), the last symbol of an
//! alphabet taking the remainder, and renormalizes only once the interval is narrower
//! than 2^40, which with totals below 2^20 keeps every unit at least 2^20 wide: most
//! symbols cost two multiplications and write nothing.
//!
//! The model was trained by `scripts/data/gen_compact_model.py` on the even-numbered games of
//! `tests/data/corpus/selfplay.fen` (Stockfish self-play); sizes are reported on the
//! odd-numbered games, which the model never saw.
//!
//! # The bound
//!
//! Every legal position takes at most 158 bits (20 bytes): the model-coded record when
//! it is at most 158 bits long, else the enumerative one, which exists for every
//! position reachable in a game (the argument is in `enumerative.rs`). Positions that no
//! game reaches (ten queens beside eight pawns, say) are still exact, at most
//! [`MAX_BYTES`] long.
//!
//! # Decoding is checked
//!
//! A record must be exactly what the encoder writes for the position it decodes to: a
//! corrupt or truncated record is an error, never a different position. For model-coded
//! records the decoder replays the bits the encoder would write as it goes (their
//! intervals narrow alike) and compares them with the record, padding included; other
//! records are encoded again and compared.

use crate::bits::{BitReader, BitWriter, bit_at};
use crate::compact_model::{BOARD, CASTLE_OTHER, CASTLE_STANDARD, EP_PRESENT};
use crate::enumerative::{self, U192};
use crate::error::{DecodeError, ErrorKind};
use crate::setup::{Facts, Setup};
use polyboard_chess::{CastlingSide, Color, Piece, Position, Role, Square};

/// The coder's registers hold [`PRECISION`] bits.
const PRECISION: u32 = 62;
const HALF: u64 = 1 << (PRECISION - 1);
const QUARTER: u64 = 1 << (PRECISION - 2);
const TOP: u64 = (1 << PRECISION) - 1;
/// The coder renormalizes once the interval is narrower than this (`high - low < 2^40`),
/// which leaves every symbol at least 2^20 units (totals are below 2^20).
const NARROW: u64 = 1 << 40;
/// Probabilities of binary decisions are given out of this.
const PROB_ONE: u32 = 4096;
/// [`reciprocal`] of [`PROB_ONE`].
const PROB_RECIP: u64 = reciprocal(PROB_ONE);
/// The edge symbol in contexts.
const EDGE: usize = 13;

/// The largest record in bytes, for any position [`Position`] accepts: the fallback's
/// plus the mode bits. Legal positions take at most 20.
pub const MAX_BYTES: usize = crate::huffman_tuned::MAX_BYTES + 1;

/// The longest record in bits of a legal position: an enumerative record (the mode
/// bits `10` and the 156-bit number).
pub const LEGAL_MAX_BITS: usize = 2 + enumerative::BITS as usize;

struct Encoder<'a> {
    low: u64,
    high: u64,
    pending: u64,
    out: BitWriter<'a>,
}

/// Writes the low `width` bits of `value` (`width <= 64`), most significant first.
#[inline]
fn write_wide(out: &mut BitWriter, value: u64, width: u32) {
    if width > 32 {
        out.write((value >> 32) as u32, width - 32);
        out.write(value as u32, 32);
    } else {
        out.write(value as u32, width);
    }
}

impl<'a> Encoder<'a> {
    fn new(out: BitWriter<'a>) -> Self {
        Encoder { low: 0, high: TOP, pending: 0, out }
    }

    /// Writes `bit`, then the `pending` underflow bits, its opposite.
    #[inline]
    fn emit(&mut self, bit: bool) {
        self.out.bit(bit);
        let fill = if bit { 0 } else { u32::MAX };
        while self.pending > 0 {
            let n = self.pending.min(32) as u32;
            self.out.write(fill, n);
            self.pending -= u64::from(n);
        }
    }

    /// Codes the symbol occupying `[cum, cum + freq)` of `total`; `recip` is
    /// [`reciprocal`]`(total)`. Renormalizes only once the interval is narrower than
    /// [`NARROW`], so most symbols cost two multiplications and no bit output.
    #[inline(always)]
    fn encode(&mut self, cum: u32, freq: u32, total: u32, recip: u64) {
        narrow(&mut self.low, &mut self.high, cum, freq, total, recip);
        if self.high - self.low < NARROW {
            self.renormalize();
        }
    }

    /// Witten, Neal and Cleary's loop, run in two strokes: it emits the top bit while
    /// `low` and `high` share it (with the pending underflow bits after the first),
    /// then counts underflows while they straddle the middle (`low` = 01...,
    /// `high` = 10...). Both runs are counted with bit operations instead of a step a
    /// bit: an underflow step leaves the top bits different, so the shared bits all
    /// come first. Afterwards `high - low >= QUARTER`.
    #[inline(never)]
    fn renormalize(&mut self) {
        // low <= high < 2^PRECISION: the leading bits they share (PRECISION when equal).
        let shared = (self.low ^ self.high).leading_zeros() - (64 - PRECISION);
        if shared > 0 {
            let first = (self.low >> (PRECISION - 1)) & 1 == 1;
            self.emit(first);
            let rest = shared - 1;
            write_wide(&mut self.out, self.low >> (PRECISION - shared), rest);
        }
        let low = (self.low << shared) & TOP;
        let high = ((self.high << shared) | ((1u64 << shared) - 1)) & TOP;
        // Now low = 0..., high = 1.... Each underflow step drops the second bit of
        // both (1 in low, 0 in high): as many as the leading positions from there down
        // where low has a 1 and high a 0.
        let under = ((low & !high) << (64 - PRECISION + 1)).leading_ones().min(PRECISION - 2);
        self.pending += u64::from(under);
        self.low = (low << under) & (HALF - 1);
        self.high = ((high << under) | ((1u64 << under) - 1) | HALF) & TOP;
    }

    fn finish(mut self) -> usize {
        self.renormalize();
        self.pending += 1;
        let bit = self.low >= QUARTER;
        self.emit(bit);
        self.out.finish()
    }
}

/// Narrows `[low, high]` to the symbol `[cum, cum + freq)` of `total`: the range is cut
/// into `total` units of `(range * recip) >> 64` with `recip` = [`reciprocal`]`(total)`
/// (at most `range / total`, and at most 2 below it), and the last symbol also takes the
/// remainder, so no code space is lost.
#[inline(always)]
fn narrow(low: &mut u64, high: &mut u64, cum: u32, freq: u32, total: u32, recip: u64) {
    let range = *high - *low + 1;
    let unit = ((u128::from(range) * u128::from(recip)) >> 64) as u64;
    if cum + freq < total {
        *high = *low + unit * u64::from(cum + freq) - 1;
    }
    *low += unit * u64::from(cum);
}

struct Decoder<'a> {
    low: u64,
    high: u64,
    code: u64,
    input: BitReader<'a>,
    /// The whole record, to hold the bits an encoder would write against it.
    record: &'a [u8],
    /// Bits an encoder would have written so far, after the mode bit.
    written: usize,
    /// Underflow bits an encoder would still owe.
    pending: u64,
    /// False once a bit an encoder would write differs from the record.
    canonical: bool,
}

impl<'a> Decoder<'a> {
    /// A decoder of the stream that follows the mode bit of `record`.
    fn new(record: &'a [u8]) -> Self {
        let mut input = BitReader::new(record);
        let _mode = input.bit("mode");
        let mut code = 0;
        for _ in 0..PRECISION {
            code = (code << 1) | u64::from(input.bit("compact").unwrap_or(false));
        }
        Decoder { low: 0, high: TOP, code, input, record, written: 0, pending: 0, canonical: true }
    }

    /// The encoder, fed the same symbols, narrows `[low, high]` exactly as the decoder
    /// does; this replays the bits it would write and compares them with the record.
    fn expect(&mut self, bit: bool) {
        let i = 1 + self.written;
        self.canonical &= bit_at(self.record, i) == Some(bit);
        self.written += 1;
    }

    fn replay_emit(&mut self, bit: bool) {
        self.expect(bit);
        for _ in 0..self.pending {
            self.expect(!bit);
        }
        self.pending = 0;
    }

    /// Replays the encoder's termination; returns the record length in bits when the
    /// record is exactly what the encoder writes for the decoded symbols (zero
    /// padding included), `None` otherwise.
    fn finish(mut self) -> Option<usize> {
        self.renormalize();
        self.pending += 1;
        let bit = self.low >= QUARTER;
        self.replay_emit(bit);
        let bits = 1 + self.written;
        let padding_clear = (bits..self.record.len() * 8).all(|i| bit_at(self.record, i) == Some(false));
        (self.canonical && self.record.len() == bits.div_ceil(8) && padding_clear).then_some(bits)
    }

    /// The position of the next symbol within `total` (the inverse of [`narrow`];
    /// `recip` is [`reciprocal`]`(total)`).
    fn target(&self, total: u32, recip: u64) -> u32 {
        let unit = ((u128::from(self.high - self.low + 1) * u128::from(recip)) >> 64) as u64;
        let t = self.code.saturating_sub(self.low) / unit.max(1);
        t.min(u64::from(total - 1)) as u32
    }

    /// Narrows as the encoder did, and renormalizes where it did.
    fn consume(&mut self, cum: u32, freq: u32, total: u32, recip: u64) {
        narrow(&mut self.low, &mut self.high, cum, freq, total, recip);
        if self.high - self.low < NARROW {
            self.renormalize();
        }
    }

    /// Witten, Neal and Cleary's loop a bit at a time, replaying the bits the
    /// encoder's two strokes write.
    fn renormalize(&mut self) {
        loop {
            if self.high < HALF {
                self.replay_emit(false);
            } else if self.low >= HALF {
                self.replay_emit(true);
                self.low -= HALF;
                self.high -= HALF;
                self.code = self.code.wrapping_sub(HALF);
            } else if self.low >= QUARTER && self.high < 3 * QUARTER {
                self.pending += 1;
                self.low -= QUARTER;
                self.high -= QUARTER;
                self.code = self.code.wrapping_sub(QUARTER);
            } else {
                break;
            }
            self.low <<= 1;
            self.high = (self.high << 1) | 1;
            self.code = ((self.code << 1) | u64::from(self.input.bit("compact").unwrap_or(false))) & TOP;
        }
    }
}

/// One coding direction: the model walk is written once and run by both.
trait Coder {
    /// Codes (or decodes) a binary decision that is true with probability `p` / 4096.
    fn bit(&mut self, value: bool, p: u32) -> bool;
    /// Codes (or decodes) an index below `n`, uniformly.
    fn index(&mut self, value: u32, n: u32) -> u32;
    /// Codes (or decodes) a square symbol with the frequencies of `row`.
    fn symbol(&mut self, value: usize, row: &Row) -> usize;
}

impl Coder for Encoder<'_> {
    #[inline(always)]
    fn bit(&mut self, value: bool, p: u32) -> bool {
        if value {
            self.encode(0, p, PROB_ONE, PROB_RECIP)
        } else {
            self.encode(p, PROB_ONE - p, PROB_ONE, PROB_RECIP)
        }
        value
    }
    fn index(&mut self, value: u32, n: u32) -> u32 {
        if n > 1 {
            self.encode(value, 1, n, reciprocal(n));
        }
        value
    }
    #[inline(always)]
    fn symbol(&mut self, value: usize, row: &Row) -> usize {
        self.encode(row.cum(value), row.freq(value), row.total(), row.recip);
        value
    }
}

impl Coder for Decoder<'_> {
    fn bit(&mut self, _value: bool, p: u32) -> bool {
        let one = self.target(PROB_ONE, PROB_RECIP) < p;
        if one {
            self.consume(0, p, PROB_ONE, PROB_RECIP)
        } else {
            self.consume(p, PROB_ONE - p, PROB_ONE, PROB_RECIP)
        }
        one
    }
    fn index(&mut self, _value: u32, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let recip = reciprocal(n);
        let i = self.target(n, recip);
        self.consume(i, 1, n, recip);
        i
    }
    fn symbol(&mut self, _value: usize, row: &Row) -> usize {
        let total = row.total();
        let t = self.target(total, row.recip);
        // The last symbol with a cumulative frequency not above t and a frequency.
        let mut sym = 0;
        for s in 0..13 {
            if row.freq(s) > 0 && row.cum(s) <= t {
                sym = s;
            }
        }
        self.consume(row.cum(sym), row.freq(sym), total, row.recip);
        sym
    }
}

/// Cumulative square-symbol frequencies per context: `CUM[ctx][s]` sums `BOARD[ctx][..s]`,
/// and `CUM[ctx][13]` is the row's total.
static CUM: [[u32; 14]; 1568] = cumulative();

const fn cumulative() -> [[u32; 14]; 1568] {
    let mut out = [[0u32; 14]; 1568];
    let mut ctx = 0;
    while ctx < 1568 {
        let mut s = 0;
        while s < 13 {
            out[ctx][s + 1] = out[ctx][s] + BOARD[ctx][s] as u32;
            s += 1;
        }
        ctx += 1;
    }
    out
}

/// White's and Black's king symbols.
const KINGS: [usize; 2] = [6, 12];

/// `(2^64 - 1) / total`: `(range * reciprocal(total)) >> 64` is at most `range / total`
/// (so `total` units fit in the range) and at most 2 below it (the product falls short
/// of `range * 2^64 / total` by less than `range + 2^64`). The coder keeps `range`
/// above 2^40 and totals below 2^20, so a unit is never 0 and the loss is below 2^-19
/// of a symbol's share.
const fn reciprocal(total: u32) -> u64 {
    u64::MAX / if total == 0 { 1 } else { total as u64 }
}

/// [`reciprocal`] of each context's total, by which kings are masked out (bit 0
/// White's, bit 1 Black's), so that the encoder multiplies where it would divide.
static RECIP: [[u64; 4]; 1568] = reciprocals();

const fn reciprocals() -> [[u64; 4]; 1568] {
    let mut out = [[0u64; 4]; 1568];
    let mut ctx = 0;
    while ctx < 1568 {
        let cum = &CUM[ctx];
        let mut placed = 0;
        while placed < 4 {
            let mut total = cum[13];
            if placed & 1 != 0 {
                total -= cum[KINGS[0] + 1] - cum[KINGS[0]];
            }
            if placed & 2 != 0 {
                total -= cum[KINGS[1] + 1] - cum[KINGS[1]];
            }
            out[ctx][placed] = reciprocal(total);
            placed += 1;
        }
        ctx += 1;
    }
    out
}

/// One context's frequencies, with a king already placed masked out.
struct Row {
    cum: &'static [u32; 14],
    /// The frequencies taken out: white king's, black king's (0 when not masked).
    masked: [u32; 2],
    /// [`reciprocal`] of the total.
    recip: u64,
}

impl Row {
    #[inline(always)]
    fn new(ctx: usize, kings_placed: [bool; 2]) -> Row {
        let cum = &CUM[ctx];
        let masked = [0, 1].map(|c| if kings_placed[c] { cum[KINGS[c] + 1] - cum[KINGS[c]] } else { 0 });
        let recip = RECIP[ctx][usize::from(kings_placed[0]) | usize::from(kings_placed[1]) << 1];
        Row { cum, masked, recip }
    }

    #[inline]
    fn cum(&self, s: usize) -> u32 {
        // Only White's king (symbol 6) has symbols after it.
        self.cum[s] - if s > KINGS[0] { self.masked[0] } else { 0 }
    }

    #[inline]
    fn freq(&self, s: usize) -> u32 {
        if KINGS.iter().zip(self.masked).any(|(&k, m)| k == s && m > 0) { 0 } else { self.cum[s + 1] - self.cum[s] }
    }

    #[inline]
    fn total(&self) -> u32 {
        self.cum[13] - self.masked[0] - self.masked[1]
    }
}

fn piece_of(sym: usize) -> Option<Piece> {
    (sym != 0).then(|| Piece {
        color: if sym <= 6 { Color::White } else { Color::Black },
        role: Role::from_index((sym - 1) % 6),
    })
}

/// Walks the model: codes `pos` with an encoder, or fills `setup` with a decoder.
fn walk(c: &mut impl Coder, pos: Option<&Position>, setup: &mut Setup) {
    let turn_black = c.bit(pos.is_some_and(|p| p.turn() == Color::Black), PROB_ONE / 2);
    setup.turn = if turn_black { Color::Black } else { Color::White };
    // The symbols to encode, read off the bitboards once (all empty when decoding).
    let mut given = [0usize; 64];
    if let Some(p) = pos {
        for color in Color::ALL {
            for role in Role::ALL {
                let mut b = p.pieces(color, role);
                while b != 0 {
                    given[b.trailing_zeros() as usize] = 1 + color.index() * 6 + role.index();
                    b &= b - 1;
                }
            }
        }
    }
    let mut syms = [0usize; 64];
    let mut kings = [false; 2];
    for sq in 0..64 {
        let (rank, file) = (sq / 8, sq % 8);
        let below = if rank > 0 { syms[sq - 8] } else { EDGE };
        let left = if file > 0 { syms[sq - 1] } else { EDGE };
        let row = Row::new((rank * 14 + below) * 14 + left, kings);
        let s = c.symbol(given[sq], &row);
        syms[sq] = s;
        if let Some(p) = piece_of(s) {
            if p.role == Role::King {
                kings[p.color.index()] = true;
            }
            setup.put(sq, p);
        }
    }
    let facts = Facts::of_setup(setup);
    for color in Color::ALL {
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let candidates = facts.castling_candidates(color, side);
            if candidates == 0 {
                continue;
            }
            let back = u32::from(color.back_rank()) * 8;
            let corner = back + if side == CastlingSide::King { 7 } else { 0 };
            let standard = setup.pieces(color, Role::King) == 1u64 << (back + 4) && candidates & (1u64 << corner) != 0;
            let right = pos.and_then(|p| p.castling_rook(color, side));
            let kept = c.bit(right.is_some(), if standard { CASTLE_STANDARD } else { CASTLE_OTHER });
            if kept {
                let n = candidates.count_ones();
                let value = right.map_or(0, |r| (candidates & ((1u64 << r.index()) - 1)).count_ones());
                let i = c.index(value, n);
                setup.castling |= nth_bit(candidates, i);
            }
        }
    }
    let candidates = facts.ep_candidates(setup.turn);
    if candidates != 0 {
        // The pawn that may just have double-pushed stands on the capturer's 5th rank;
        // the en passant square is one step behind it.
        let pawn_of = |ep: Square| if setup.turn == Color::White { ep.index() - 8 } else { ep.index() + 8 };
        let actual = pos.and_then(|p| p.ep_square()).map(pawn_of);
        if c.bit(actual.is_some(), EP_PRESENT) {
            let value = actual.map_or(0, |a| (candidates & ((1u64 << a) - 1)).count_ones());
            let i = c.index(value, candidates.count_ones());
            let pawn = nth_bit(candidates, i).trailing_zeros();
            let ep = if setup.turn == Color::White { pawn + 8 } else { pawn - 8 };
            setup.ep = Some(Square::from_index(ep));
        }
    }
}

/// The `i`-th set bit of `b` (from the lowest), as a one-bit bitboard.
fn nth_bit(mut b: u64, i: u32) -> u64 {
    for _ in 0..i {
        b &= b.wrapping_sub(1);
    }
    b & b.wrapping_neg()
}

/// Encodes `pos` into `out` (cleared first); returns the number of bits used.
pub fn encode(pos: &Position, out: &mut Vec<u8>) -> usize {
    out.clear();
    let mut w = BitWriter::new(out);
    w.bit(false);
    let mut enc = Encoder::new(w);
    walk(&mut enc, Some(pos), &mut Setup::new());
    let bits = enc.finish();
    if bits <= LEGAL_MAX_BITS {
        return bits;
    }
    // A position the model finds unlikely: number it, if it can arise in a game.
    if let Some(rank) = enumerative::rank(pos) {
        out.clear();
        let mut w = BitWriter::new(out);
        w.bit(true);
        w.bit(false);
        for i in (0..enumerative::BITS).rev() {
            w.bit(rank.bit(i));
        }
        return w.finish();
    }
    // Not a legal position: take the huffman-tuned record if it is shorter.
    let mut fallback = Vec::with_capacity(MAX_BYTES);
    let n = encode_fallback(pos, &mut fallback);
    if n + 2 < bits {
        out.clear();
        let mut w = BitWriter::new(out);
        w.bit(true);
        w.bit(true);
        let mut r = BitReader::new(&fallback);
        for _ in 0..n {
            w.bit(r.bit("fallback").unwrap_or(false));
        }
        return w.finish();
    }
    bits
}

/// The fallback: a huffman-tuned record of the position with its clocks cleared.
fn encode_fallback(pos: &Position, out: &mut Vec<u8>) -> usize {
    let mut parts = pos.parts();
    parts.halfmove = 0;
    parts.fullmove = 1;
    let cleared =
        Position::from_parts(&parts, Some(pos.is_chess960())).expect("a position with its clocks cleared is valid");
    crate::huffman_tuned::encode(&cleared, out)
}

fn not_canonical() -> DecodeError {
    DecodeError::new("record", ErrorKind::BadCode, "not the encoding of any position (corrupt or truncated)")
}

/// Decodes a record made by [`encode`].
pub fn decode(bytes: &[u8], chess960: bool) -> Result<Position, DecodeError> {
    let mut r = BitReader::new(bytes);
    // Mode: 0 = model-coded, 10 = enumerative, 11 = huffman-tuned fallback.
    let model = !r.bit("mode")?;
    let pos = if model {
        let mut dec = Decoder::new(bytes);
        let mut setup = Setup::new();
        walk(&mut dec, None, &mut setup);
        let bits = dec.finish();
        let pos = setup.into_position(chess960)?;
        match bits {
            // The encoder writes exactly this record for this position and keeps it,
            // being no longer than an enumerative one: no need to encode again.
            Some(bits) if bits <= LEGAL_MAX_BITS => return Ok(pos),
            Some(_) => pos,
            None => return Err(not_canonical()),
        }
    } else if !r.bit("mode")? {
        let mut rank = U192::default();
        for i in (0..enumerative::BITS).rev() {
            if r.bit("rank")? {
                rank.set_bit(i);
            }
        }
        let setup = enumerative::unrank(rank)
            .ok_or_else(|| DecodeError::new("rank", ErrorKind::BadCode, "beyond the last numbered position"))?;
        setup.into_position(chess960)?
    } else {
        // The fallback record follows, shifted by the mode bits.
        let mut inner = Vec::with_capacity(bytes.len());
        let mut w = BitWriter::new(&mut inner);
        while let Ok(b) = r.bit("fallback") {
            w.bit(b);
        }
        w.finish();
        let short = &inner[..inner.len().saturating_sub(1)];
        crate::huffman_tuned::decode(short, chess960).or_else(|_| crate::huffman_tuned::decode(&inner, chess960))?
    };
    // The record must be this position's own: re-encode into a per-thread buffer (no
    // allocation per record).
    thread_local! {
        static AGAIN: core::cell::RefCell<Vec<u8>> = core::cell::RefCell::new(Vec::with_capacity(MAX_BYTES));
    }
    let same = AGAIN.with(|again| {
        let mut again = again.borrow_mut();
        encode(&pos, &mut again);
        *again == bytes
    });
    if !same {
        return Err(not_canonical());
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position without its clocks (the bound covers the board and state only).
    fn epd(pos: &Position) -> String {
        pos.fen().rsplitn(3, ' ').nth(2).unwrap().to_string()
    }

    #[test]
    fn reciprocals_cut_whole_units_close_to_the_quotient() {
        // Every total a context can have, and the ranges the coder meets (2^40 <= range
        // <= 2^62) at their edges and at multiples of the total.
        for (ctx, row) in RECIP.iter().enumerate() {
            for (placed, &recip) in row.iter().enumerate() {
                let cum = &CUM[ctx];
                let masked = |k: usize| if placed >> k & 1 == 1 { cum[KINGS[k] + 1] - cum[KINGS[k]] } else { 0 };
                let total = u64::from(cum[13] - masked(0) - masked(1));
                assert!(total > 0 && total < 1 << 20, "{ctx}: total {total}");
                let top = (1u64 << PRECISION) / total * total;
                for range in [1 << PRECISION, NARROW, NARROW + 1, top, top - 1, top - total, top - total - 1] {
                    let unit = ((u128::from(range) * u128::from(recip)) >> 64) as u64;
                    assert!(unit * total <= range && unit + 2 >= range / total, "{range} / {total}: {unit}");
                }
            }
        }
    }

    #[test]
    fn every_enumerated_position_fits_the_bound_and_decodes_back() {
        // Whatever its class, compact keeps it within the bound, exactly.
        let mut buf = Vec::new();
        for (_, pos) in enumerative::sample_positions().0 {
            let bits = encode(&pos, &mut buf);
            assert!(bits <= LEGAL_MAX_BITS, "{}: {bits} bits", pos.fen());
            let back = decode(&buf, pos.is_chess960()).unwrap();
            assert_eq!(epd(&back), epd(&pos));
        }
    }
}
