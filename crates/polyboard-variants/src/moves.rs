//! The packed move: Sjaak's pickups, drops and a store or retrieve on the holdings,
//! plus the status changes, in one `u64`.
//!
//! Making a move resolves every pickup (the square is emptied; the piece is read from
//! the board's byte array, so a pickup needs no piece field), then every drop (a piece
//! of the mover's colour is placed), then the holdings action, then the status. The
//! mover's colour is implied: every drop and every holdings action is the mover's.
//!
//! ```text
//! bits  0..2   number of pickups (0..=2)
//! bits  2..4   number of drops (0..=3)
//! bits  4..6   holdings action: 0 none, 1 store (a captured piece into the mover's
//!              hand), 2 retrieve (a piece from the mover's hand: a drop or a gate)
//! bit   6      double step: the square between pickup 0 and drop 0 becomes the
//!              en passant target, drop 0 the pawn to capture
//! bit   7      castling (pickup 0 / drop 0 the king, pickup 1 / drop 1 the rook)
//! bit   8      promotion (drop 0 holds a different type than pickup 0 held)
//! bit   9      capture (a pickup of an opponent's piece)
//! bit  10      gating (the last drop is a piece gated in from the hand)
//! bit  11      en passant capture (pickup 1 is the pawn taken)
//! bits 12..19  pickup 0 square (7 bits): the mover's origin
//! bits 19..26  pickup 1 square: the captured piece, or the castling rook
//! bits 26..38  drop 0: square (7 bits) | type << 7 (5 bits): where the mover lands
//! bits 38..50  drop 1: the castling rook's landing, or the gated piece
//! bits 50..57  drop 2's square: the gated piece of a gating castling move; with bit
//!              63, the wall square instead
//! bits 57..62  holdings action: the piece type (5 bits). It is also drop 2's type
//!              (drop 2 is read as square | type << 7 at bit 50 like the others): drop 2
//!              is only ever a piece gated from the hand, whose type the retrieve names
//! bit  62      unused
//! bit  63      walling (`wallingRule`): a wall goes up on the square in bits 50..57
//! ```
//! Types take 5 bits (up to [`crate::rules::MAX_TYPES`] = 32, with the promoted ones):
//! the room came from drop 2's own type field, which only ever repeated the hand type.
//! A drop move has no pickup, one drop and a retrieve. The null move is 0.

/// A packed move (see the module documentation for the layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u64);

/// Holdings action: a captured piece goes into the mover's hand.
pub const STORE: u64 = 1;
/// Holdings action: a piece leaves the mover's hand.
pub const RETRIEVE: u64 = 2;

pub(crate) const F_DOUBLE: u64 = 1 << 6;
pub(crate) const F_CASTLE: u64 = 1 << 7;
pub(crate) const F_PROMO: u64 = 1 << 8;
pub(crate) const F_CAPTURE: u64 = 1 << 9;
pub(crate) const F_GATE: u64 = 1 << 10;
pub(crate) const F_EP: u64 = 1 << 11;
pub(crate) const F_WALL: u64 = 1 << 63;

impl Move {
    /// Number of pickups.
    #[inline(always)]
    pub fn pickups(self) -> usize {
        (self.0 & 3) as usize
    }
    /// Number of drops.
    #[inline(always)]
    pub fn drops(self) -> usize {
        ((self.0 >> 2) & 3) as usize
    }
    /// The holdings action (0, [`STORE`] or [`RETRIEVE`]).
    #[inline(always)]
    pub fn hand_action(self) -> u64 {
        (self.0 >> 4) & 3
    }
    /// The piece type of the holdings action.
    #[inline(always)]
    pub fn hand_type(self) -> usize {
        ((self.0 >> 57) & 31) as usize
    }
    /// Pickup `i`'s square.
    #[inline(always)]
    pub fn pickup(self, i: usize) -> usize {
        ((self.0 >> (12 + 7 * i)) & 127) as usize
    }
    /// Drop `i`: (square, type).
    #[inline(always)]
    pub fn drop(self, i: usize) -> (usize, usize) {
        let d = self.0 >> (26 + 12 * i);
        ((d & 127) as usize, ((d >> 7) & 31) as usize)
    }
    /// The square a walling move puts a wall on (`wallingRule`).
    #[inline(always)]
    pub fn wall(self) -> Option<usize> {
        (self.0 & F_WALL != 0).then_some(((self.0 >> 50) & 127) as usize)
    }
    /// The move with a wall put up on `sq`.
    #[inline(always)]
    pub(crate) fn with_wall(self, sq: usize) -> Move {
        Move((self.0 & !(0x7f << 50)) | (sq as u64) << 50 | F_WALL)
    }
    /// True for a capture.
    #[inline(always)]
    pub fn is_capture(self) -> bool {
        self.0 & F_CAPTURE != 0
    }
    /// True for a castling move.
    #[inline(always)]
    pub fn is_castling(self) -> bool {
        self.0 & F_CASTLE != 0
    }
    /// True for a promotion.
    #[inline(always)]
    pub fn is_promotion(self) -> bool {
        self.0 & F_PROMO != 0
    }
    /// True for a drop from the hand.
    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.pickups() == 0 && self.drops() > 0
    }
    /// True for a pass (`pass`): a piece's move to its own square, not a promotion in
    /// place.
    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self.pickups() == 1 && self.drops() == 1 && self.pickup(0) == self.drop(0).0 && !self.is_promotion()
    }
    /// True when a piece is gated in from the hand.
    #[inline(always)]
    pub fn is_gating(self) -> bool {
        self.0 & F_GATE != 0
    }
    /// True for an en passant capture.
    #[inline(always)]
    pub fn is_en_passant(self) -> bool {
        self.0 & F_EP != 0
    }
    /// The origin square (pickup 0), or `None` for a drop.
    pub fn from(self) -> Option<usize> {
        (self.pickups() > 0).then(|| self.pickup(0))
    }
    /// The destination square (drop 0).
    pub fn to(self) -> usize {
        self.drop(0).0
    }

    /// Adds a pickup.
    #[inline(always)]
    pub(crate) fn with_pickup(self, sq: usize) -> Move {
        let n = self.pickups();
        Move((self.0 | (sq as u64) << (12 + 7 * n)) + 1)
    }
    /// Adds a drop of `ty` on `sq`. A third drop is a piece gated from the hand: its
    /// type is the hand type, set with [`Move::with_hand`] (to the same `ty`).
    #[inline(always)]
    pub(crate) fn with_drop(self, sq: usize, ty: usize) -> Move {
        let n = self.drops();
        debug_assert!(n < 2 || self.hand_type() == 0 || self.hand_type() == ty);
        Move((self.0 | ((sq as u64) | (ty as u64) << 7) << (26 + 12 * n)) + (1 << 2))
    }
    /// Sets the holdings action.
    #[inline(always)]
    pub(crate) fn with_hand(self, action: u64, ty: usize) -> Move {
        Move(self.0 & !(3 << 4 | 31 << 57) | action << 4 | (ty as u64) << 57)
    }
    /// Sets flag bits.
    #[inline(always)]
    pub(crate) fn with(self, flags: u64) -> Move {
        Move(self.0 | flags)
    }
    /// Replaces drop 0's type (a promotion).
    #[inline(always)]
    pub(crate) fn with_drop0_type(self, ty: usize) -> Move {
        Move(self.0 & !(31 << 33) | (ty as u64) << 33 | F_PROMO)
    }
}

impl polyboard_core::SearchMove for Move {
    /// Unique among a position's legal moves and never 0 (see the comment inside).
    #[inline(always)]
    fn key(self) -> u32 {
        // Unique among a position's legal moves: origin (or "drop"), target, the type
        // landing there, castling, and the gated piece with where it is gated. Bit 31
        // keeps it from 0.
        // Read straight from the packed bits (see polyboard_variants::moves): pickup 0
        // at 12, drop 0's square and type at 26 (12 bits), castling at 7; a drop has no
        // pickup, so its origin bits are 0 and "drop" is bit 7 of the origin. Bits 0..8
        // origin, 8..20 drop 0, 20 castling, 21..27 gated type + 1, 27 gated elsewhere.
        let m = self.0;
        let drop = (m & 3 == 0 && m & 12 != 0) as u32;
        let from = ((m >> 12) & 127) as u32 | drop << 7;
        let mut k = from | (((m >> 26) & 0xfff) as u32) << 8 | (((m >> 7) & 1) as u32) << 20;
        if self.is_gating() {
            let (gsq, gty) = self.drop(self.drops() - 1);
            k |= (gty as u32 + 1) << 21 | ((gsq != self.pickup(0)) as u32) << 27;
        }
        k | 1 << 31
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = Move(0).with_pickup(4).with_pickup(7).with_drop(6, 5).with_drop(5, 3).with(F_CASTLE);
        assert_eq!((m.pickups(), m.drops()), (2, 2));
        assert_eq!((m.pickup(0), m.pickup(1)), (4, 7));
        assert_eq!((m.drop(0), m.drop(1)), ((6, 5), (5, 3)));
        assert!(m.is_castling() && !m.is_capture());
        let g = m.with_drop(127, 31).with_hand(RETRIEVE, 31).with(F_GATE);
        assert_eq!(g.drop(2), (127, 31));
        assert_eq!((g.drop(0), g.drop(1)), ((6, 5), (5, 3)));
        assert_eq!((g.hand_action(), g.hand_type()), (RETRIEVE, 31));
        assert_eq!(g.0 >> 62, 0);
        let p = Move(0).with_pickup(120).with_drop(127, 0).with_drop0_type(31);
        assert_eq!(p.drop(0), (127, 31));
        assert!(p.is_promotion());
        let w = Move(0).with_pickup(3).with_drop(127, 31).with_hand(STORE, 30).with_wall(127);
        assert_eq!((w.drop(0), w.wall(), w.hand_type()), ((127, 31), Some(127), 30));
    }
}
