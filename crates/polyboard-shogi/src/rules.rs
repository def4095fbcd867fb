//! Rules read off any representation through [`ShogiBoard::piece_on`] and
//! [`ShogiBoard::hand`]: whether a square is attacked, whether one piece reaches a
//! square, and the impasse (entering-king) count. A search calls them on the board it
//! searches; [`crate::Game`] counts the impasse with the same code.
//!
//! They walk the board square by square (a mailbox walk), so they work on every
//! representation alike, without the representation's own attack tables. [`Attackers`]
//! also takes the occupied squares as a mask, which a search keeps through its moves,
//! to find the first piece along a line at once.

use crate::board::ShogiBoard;
use crate::types::{Color, Hand, Kind, Piece, SQUARES, Square, file_of, rank_of, square};

/// True when a piece of `by` attacks `sq` on `board`, with the square `vacated` taken
/// as empty (the origin of a move being tested, say; `None` for the board as it is).
///
/// It looks from `sq` outwards: the eight neighbours for the steppers (king, gold and
/// the pieces that move as gold, silver, pawn, and the one-square steps of the horse
/// and the dragon), the two knight squares, then along the eight lines to the first
/// piece for the sliders (lance, bishop, rook, horse, dragon).
pub fn attacked<B: ShogiBoard>(board: &B, sq: Square, by: Color, vacated: Option<Square>) -> bool {
    let f = file_of(sq) as i32;
    let r = rank_of(sq) as i32;
    // Forward for `by` (towards rank a for Black).
    let fw = if by == Color::Black { -1 } else { 1 };
    let at = |df: i32, dr: i32| -> Option<Piece> {
        let (nf, nr) = (f + df, r + dr);
        if !(1..=9).contains(&nf) || !(0..=8).contains(&nr) {
            return None;
        }
        let s = square(nf as usize, nr as usize);
        if Some(s) == vacated { None } else { board.piece_on(s) }
    };
    let on_board = |df: i32, dr: i32| (1..=9).contains(&(f + df)) && (0..=8).contains(&(r + dr));
    // Steps: the attacker stands at sq - d and moves by d (d in `by`'s orientation).
    for (df, dr) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        let Some(p) = at(-df, dr * fw) else { continue };
        if p.color() != by {
            continue;
        }
        use Kind::*;
        let ok = match p.kind() {
            King => true,
            Pawn | Lance => (df, dr) == (0, -1),
            Silver => dr == -1 || (dr == 1 && df != 0),
            Gold | ProPawn | ProLance | ProKnight | ProSilver => dr == -1 || (dr == 0) || (df, dr) == (0, 1),
            Horse => df == 0 || dr == 0,
            Dragon => df != 0 && dr != 0,
            _ => false,
        };
        if ok {
            return true;
        }
    }
    // Knights jump two forward and one aside.
    for df in [-1, 1] {
        if let Some(p) = at(-df, 2 * -fw)
            && p.color() == by
            && p.kind() == Kind::Knight
        {
            return true;
        }
    }
    // Slides: walk away from sq against the direction of travel.
    for (df, dr) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        let (sf, sr) = (-df, dr * fw);
        let mut k = 1;
        while on_board(sf * k, sr * k) {
            if let Some(p) = at(sf * k, sr * k) {
                if p.color() == by {
                    let diag = df != 0 && dr != 0;
                    let ok = match p.kind() {
                        Kind::Lance => (df, dr) == (0, -1),
                        Kind::Bishop | Kind::Horse => diag,
                        Kind::Rook | Kind::Dragon => !diag,
                        _ => false,
                    };
                    if ok {
                        return true;
                    }
                }
                break;
            }
            k += 1;
        }
    }
    false
}

/// The eight lines out of a square, in the order `attackers` reports them: (file step,
/// rank step) with rank a = 0, so (0, -1) looks towards rank a.
const LINES: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// Square masks and attacker masks for [`Attackers`]: for each square and line, the
/// squares along it outwards as a mask (`mask`, bit `s` for square `s`); for each
/// line, the step in square number from one square to the next outwards (`step`: when
/// it is positive the nearest occupied square is the mask's lowest bit, else its
/// highest), and the piece codes ([`Piece`]'s byte, both colors) that attack along it
/// from the next square (`near`) and from farther out (`far`, the sliders).
struct Lines {
    mask: [[u128; 8]; SQUARES],
    step: [i32; 8],
    near: [u32; 8],
    far: [u32; 8],
}

fn lines() -> &'static Lines {
    static LINES_TABLE: std::sync::OnceLock<Lines> = std::sync::OnceLock::new();
    LINES_TABLE.get_or_init(|| {
        let mut t = Lines { mask: [[0; 8]; SQUARES], step: [0; 8], near: [0; 8], far: [0; 8] };
        for sq in 0..SQUARES {
            let (f, r) = (file_of(sq) as i32, rank_of(sq) as i32);
            for (d, &(ef, er)) in LINES.iter().enumerate() {
                let mut k = 1;
                while (1..=9).contains(&(f + ef * k)) && (0..=8).contains(&(r + er * k)) {
                    t.mask[sq][d] |= 1 << square((f + ef * k) as usize, (r + er * k) as usize);
                    k += 1;
                }
            }
        }
        for (d, &(ef, er)) in LINES.iter().enumerate() {
            // A square's number is 9 (file - 1) + rank.
            t.step[d] = 9 * ef + er;
            for code in 0..32u8 {
                let p = Piece(code);
                if code & 15 == 0 || code & 15 > 14 {
                    continue;
                }
                // From the piece to the square, forward positive for its side.
                let step = |k: i32| (-ef * k, if p.color() == Color::Black { er * k } else { -er * k });
                let (df, dr) = step(1);
                t.near[d] |= (moves_by(p.kind(), df, dr, || true) as u32) << code;
                let (df, dr) = step(2);
                t.far[d] |= (moves_by(p.kind(), df, dr, || true) as u32) << code;
            }
        }
        t
    })
}

/// Every piece of either side that attacks a square, with some squares taken as
/// empty, kept so that an exchange can take capturers off one by one: one slot per
/// line (the first piece along it when it moves towards the square that far) and one
/// per knight square. Taking a piece off rescans only its own line, so the piece
/// behind it (a rook behind a rook, a lance behind a pawn) joins in.
#[derive(Clone, Copy, Debug)]
pub struct Attackers {
    sq: Square,
    /// Slots 0-7: the lines in [`LINES`] order; 8-11: the knight squares, a Black
    /// knight's two (file -1, +1) and then a White knight's.
    slots: [Option<(Square, Piece)>; 12],
}

impl Attackers {
    /// The attackers of `sq` on `board`, where `occupied` (bit `s` for square `s`; see
    /// [`occupancy`]) holds the squares taken as occupied: the board's, less those
    /// whose pieces an exchange has taken off.
    pub fn new<B: ShogiBoard>(board: &B, sq: Square, occupied: u128) -> Attackers {
        let mut slots = [None; 12];
        for (d, slot) in slots.iter_mut().take(8).enumerate() {
            *slot = Self::line(board, sq, d, occupied);
        }
        let (f, r) = (file_of(sq) as i32, rank_of(sq) as i32);
        // Knights: a Black knight stands two ranks below its target, a White one above.
        let mut i = 8;
        for (c, dr) in [(Color::Black, 2), (Color::White, -2)] {
            for df in [-1, 1] {
                if (1..=9).contains(&(f + df)) && (0..=8).contains(&(r + dr)) {
                    let s = square((f + df) as usize, (r + dr) as usize);
                    if occupied >> s & 1 != 0
                        && let Some(p) = board.piece_on(s)
                        && p == Piece::new(c, Kind::Knight)
                    {
                        slots[i] = Some((s, p));
                    }
                }
                i += 1;
            }
        }
        Attackers { sq, slots }
    }

    /// The first piece along line `d` from `sq` (of the squares in `occupied`), when it
    /// attacks `sq`.
    #[inline]
    fn line<B: ShogiBoard>(board: &B, sq: Square, d: usize, occupied: u128) -> Option<(Square, Piece)> {
        let t = lines();
        let on = t.mask[sq][d] & occupied;
        if on == 0 {
            return None;
        }
        let s = if t.step[d] > 0 { on.trailing_zeros() } else { 127 - on.leading_zeros() } as Square;
        let p = board.piece_on(s)?;
        let mask = if s as i32 - sq as i32 == t.step[d] { t.near[d] } else { t.far[d] };
        (mask >> p.0 & 1 != 0).then_some((s, p))
    }

    /// The attackers, in slot order: (slot, square, piece).
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (usize, Square, Piece)> + '_ {
        self.slots.iter().enumerate().filter_map(|(i, a)| a.map(|(s, p)| (i, s, p)))
    }

    /// Takes the attacker in `slot` off (`occupied` must no longer hold its square): the
    /// next piece along its line, if it attacks, takes its place.
    #[inline]
    pub fn remove<B: ShogiBoard>(&mut self, board: &B, slot: usize, occupied: u128) {
        self.slots[slot] = if slot < 8 { Self::line(board, self.sq, slot, occupied) } else { None };
    }
}

/// The squares on the eight lines out of `sq` (file, rank and diagonals, to the board's
/// edge), bit `s` for square `s`.
pub fn lines_through(sq: Square) -> u128 {
    lines().mask[sq].iter().fold(0, |m, line| m | line)
}

/// The occupied squares of `board` (bit `s` for square `s`), read square by square.
pub fn occupancy<B: ShogiBoard>(board: &B) -> u128 {
    (0..SQUARES).filter(|&s| board.piece_on(s).is_some()).fold(0, |m, s| m | 1 << s)
}

/// Every piece of either side that attacks `sq` on `board`, with the squares set in
/// `removed` (bit `s` for square `s`) taken as empty: the first piece along each of the
/// eight lines when it moves towards `sq` that far, and the knights. Written into `out`
/// (at most 12: eight lines and four knight squares); returns how many. An exchange
/// on `sq` removes each capturer in turn and asks again, so the pieces behind it (a
/// rook behind a rook, a lance behind a pawn) join in; [`Attackers`] does the same
/// rescanning only the capturer's line.
pub fn attackers<B: ShogiBoard>(board: &B, sq: Square, removed: u128, out: &mut [(Square, Piece); 12]) -> usize {
    let mut n = 0;
    for (_, s, p) in Attackers::new(board, sq, occupancy(board) & !removed).iter() {
        out[n] = (s, p);
        n += 1;
    }
    n
}

/// True when a piece of `kind` and color `c` standing on `from` attacks `target` on
/// `board`, with the square `vacated` taken as empty. Only the squares between `from`
/// and `target` are read (for the sliders); what stands on `from` and `target` does
/// not matter, so it also answers where a piece would attack from a square it has not
/// reached yet (a drop, a move's destination).
pub fn reaches<B: ShogiBoard>(
    board: &B,
    kind: Kind,
    c: Color,
    from: Square,
    target: Square,
    vacated: Option<Square>,
) -> bool {
    let df = file_of(target) as i32 - file_of(from) as i32;
    // Forward for `c` is positive.
    let dr = (rank_of(target) as i32 - rank_of(from) as i32) * if c == Color::Black { -1 } else { 1 };
    let clear = || {
        let (sf, sr) = (df.signum(), (rank_of(target) as i32 - rank_of(from) as i32).signum());
        let n = df.abs().max(dr.abs());
        (1..n).all(|i| {
            let s = square((file_of(from) as i32 + sf * i) as usize, (rank_of(from) as i32 + sr * i) as usize);
            Some(s) == vacated || board.piece_on(s).is_none()
        })
    };
    moves_by(kind, df, dr, clear)
}

/// True when a piece of `kind` moves by `(df, dr)` (files, and ranks with forward
/// positive for its side), `clear` telling whether the squares between are empty: the
/// pieces' moves, for [`reaches`] and [`attackers`].
#[inline]
fn moves_by(kind: Kind, df: i32, dr: i32, clear: impl FnOnce() -> bool) -> bool {
    let adjacent = df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0);
    use Kind::*;
    match kind {
        Pawn => (df, dr) == (0, 1),
        Lance => df == 0 && dr > 0 && clear(),
        Knight => df.abs() == 1 && dr == 2,
        Silver => adjacent && (dr == 1 || (dr == -1 && df != 0)),
        Gold | ProPawn | ProLance | ProKnight | ProSilver => adjacent && (dr >= 0 || df == 0),
        King => adjacent,
        Bishop => df.abs() == dr.abs() && df != 0 && clear(),
        Horse => adjacent || (df.abs() == dr.abs() && clear()),
        Rook => (df == 0) != (dr == 0) && clear(),
        Dragon => adjacent || ((df == 0) != (dr == 0) && clear()),
    }
}

/// What a side brings to an impasse declaration: the count that the 24- and 27-point
/// rules judge ([`crate::Game::declaration`] adds the king's conditions and the
/// thresholds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ImpasseCount {
    /// The side's pieces in the opponent's camp (its promotion zone), the king left out.
    pub pieces: u32,
    /// The points of those pieces plus the side's hand: 5 for a rook or bishop,
    /// promoted or not, 1 for every other piece.
    pub points: u32,
}

/// The impasse count of `us` on `board`: its pieces other than the king in the
/// opponent's camp (the three farthest ranks), and their points plus the hand's (rook
/// and bishop, promoted or not, 5; every other piece 1).
pub fn impasse_count<B: ShogiBoard>(board: &B, us: Color) -> ImpasseCount {
    count_impasse(|sq| board.piece_on(sq), &board.hand(us), us)
}

/// [`impasse_count`] over a placement read by `piece_on` and the hand of `us`.
#[inline(always)]
pub(crate) fn count_impasse(piece_on: impl Fn(Square) -> Option<Piece>, hand: &Hand, us: Color) -> ImpasseCount {
    let value = |k: Kind| if matches!(k.unpromoted(), Kind::Rook | Kind::Bishop) { 5 } else { 1 };
    let ranks = if us == Color::Black { 0..3 } else { 6..9 };
    let mut count = ImpasseCount::default();
    for rank in ranks {
        for file in 1..=9 {
            if let Some(p) = piece_on(square(file, rank))
                && p.color() == us
                && p.kind() != Kind::King
            {
                count.pieces += 1;
                count.points += value(p.kind());
            }
        }
    }
    for (slot, &n) in hand.iter().enumerate() {
        count.points += value(Kind::HAND[slot]) * n as u32;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{Position, attacks_of};
    use crate::repr::FastBoard;
    use crate::types::SQUARES;

    #[test]
    fn attackers_agree_with_the_reference_attacks() {
        // For every square, with nothing and then with each of a few squares removed,
        // the attackers are exactly the pieces whose reference attack set (on the
        // board less the removed squares) holds the square.
        for sfen in [
            crate::STARTPOS,
            "ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL w s 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        ] {
            let p = Position::from_sfen(sfen).unwrap();
            let b = FastBoard::from_position(&p);
            let occupied: Vec<Square> = (0..SQUARES).filter(|&s| p.board[s].is_some()).collect();
            for removed in std::iter::once(0u128).chain(occupied.iter().step_by(5).map(|&s| 1u128 << s)) {
                for sq in 0..SQUARES {
                    let mut out = [(0, Piece::new(Color::Black, Kind::Pawn)); 12];
                    let n = attackers(&b, sq, removed, &mut out);
                    let mut got: Vec<Square> = out[..n].iter().map(|&(s, _)| s).collect();
                    got.sort();
                    let empty = |s: Square| removed >> s & 1 != 0 || p.board[s].is_none();
                    let want: Vec<Square> = (0..SQUARES)
                        .filter(|&s| s != sq && removed >> s & 1 == 0)
                        .filter(|&s| {
                            p.board[s].is_some_and(|q| attacks_of(q.color(), q.kind(), s, |t| !empty(t)).contains(&sq))
                        })
                        .collect();
                    assert_eq!(got, want, "{sfen} square {sq} removed {removed:#x}");
                    assert!(out[..n].iter().all(|&(s, q)| p.board[s] == Some(q)));
                }
            }
        }
    }

    #[test]
    fn taking_an_attacker_off_rescans_as_a_fresh_look_would() {
        // Take the attackers of every square off one by one, in slot order: after each,
        // the kept set equals the set found afresh with every taken square removed.
        for sfen in [
            "ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL w s 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "4k4/4l4/4r4/4p4/4+B4/4P4/4L4/4R4/4K4 b - 1",
        ] {
            let b = FastBoard::from_position(&Position::from_sfen(sfen).unwrap());
            for sq in 0..SQUARES {
                let mut occupied = occupancy(&b);
                let mut att = Attackers::new(&b, sq, occupied);
                loop {
                    let first = att.iter().next();
                    let Some((slot, s, _)) = first else { break };
                    occupied &= !(1 << s);
                    att.remove(&b, slot, occupied);
                    let kept: Vec<_> = att.iter().collect();
                    let fresh: Vec<_> = Attackers::new(&b, sq, occupied).iter().collect();
                    assert_eq!(kept, fresh, "{sfen} square {sq} occupied {occupied:#x}");
                }
            }
        }
    }
}
