//! Fairy-Stockfish's counting draw (`countingRule`: makruk, cambodian, asean), as the
//! pyffish API plays it: the counting limit and ply a game carries from move to move,
//! how its FEN writes them (the limit where chess has the en passant square, the ply
//! where it has the halfmove clock), and the optional end they give.
//!
//! A side counts when the opponent is down to its king (the pieces' honour: the limit
//! depends on what the opponent has left) or, in makruk and cambodian, when no pawn is
//! left and it has more than its king (the board's honour). Limits are in full moves;
//! the state holds them doubled, in plies, as Fairy-Stockfish does.

use crate::bits::Bits;
use crate::board::Board;
use crate::moves::Move;
use crate::rules::CountingRule;

/// The counting state of a position: the limit and the count, in plies (0 and 0 when no
/// side counts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counting {
    pub(crate) limit: u32,
    pub(crate) ply: u32,
}

/// The pieces of `color` of the Fairy-Stockfish type `name` (its pawn, rook, khon, ...),
/// both colours with `None`.
fn count<B: Bits>(b: &Board<'_, B>, name: &str, color: Option<usize>) -> u32 {
    let r = &b.t.rules;
    (0..b.t.ntypes)
        .filter(|&ty| r.pieces[ty].name == name && r.pieces[ty].base.is_none())
        .map(|ty| match color {
            Some(c) => b.pieces(ty, c).popcount(),
            None => b.pieces(ty, 0).popcount() + b.pieces(ty, 1).popcount(),
        })
        .sum()
}

fn all<B: Bits>(b: &Board<'_, B>, color: usize) -> u32 {
    b.pieces_of(color).popcount()
}

/// The side to move's ply count from the game's start, as Fairy-Stockfish's `gamePly`.
fn game_ply<B: Bits>(b: &Board<'_, B>) -> u32 {
    2 * b.fullmove().saturating_sub(1) + b.side_to_move() as u32
}

/// Fairy-Stockfish's `count_limit`: the full moves `side` has to mate by the counting
/// rule, 0 when it does not count.
fn count_limit<B: Bits>(b: &Board<'_, B>, rule: CountingRule, side: usize) -> u32 {
    let other = side ^ 1;
    let pawns = count(b, "pawn", None);
    let honour = |steps: [u32; 6]| {
        if count(b, "rook", Some(other)) > 1 {
            steps[0]
        } else if count(b, "rook", Some(other)) == 1 {
            steps[1]
        } else if count(b, "silver", Some(other)) > 1 {
            steps[2]
        } else if count(b, "knight", Some(other)) > 1 {
            steps[3]
        } else if count(b, "silver", Some(other)) == 1 {
            steps[4]
        } else {
            steps[5]
        }
    };
    match rule {
        CountingRule::Makruk => {
            if pawns > 0 || all(b, other) == 1 {
                0
            } else if all(b, side) > 1 {
                64
            } else {
                honour([8, 16, 22, 32, 44, 64])
            }
        }
        CountingRule::Cambodian => {
            if all(b, side) > 3 || all(b, other) == 1 {
                0
            } else if all(b, side) > 1 {
                63
            } else if pawns > 0 {
                0
            } else {
                honour([7, 15, 21, 31, 43, 63])
            }
        }
        CountingRule::Asean => {
            if pawns > 0 || all(b, side) > 1 {
                0
            } else if count(b, "rook", Some(other)) > 0 {
                16
            } else if count(b, "silver", Some(other)) > 0 {
                44
            } else if count(b, "knight", Some(other)) > 0 {
                64
            } else {
                0
            }
        }
    }
}

impl Counting {
    /// The state a FEN gives: its counting field (where chess has en passant) and, with
    /// a limit, its halfmove field as the count.
    pub(crate) fn from_fen(fen: &str) -> Counting {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let number = |i: usize| f.get(i).and_then(|s| s.parse::<u32>().ok());
        match number(3) {
            Some(limit) if limit > 0 => Counting { limit, ply: number(4).unwrap_or(0) },
            _ => Counting::default(),
        }
    }

    /// The state after `mv` took `before` to `after` (Fairy-Stockfish's `do_move`): the
    /// count goes on, and a side that starts to count (or whose opponent just lost its
    /// last piece or pawn) gets its limit.
    pub(crate) fn after<B: Bits>(
        self,
        rule: CountingRule,
        before: &Board<'_, B>,
        mv: Move,
        after: &Board<'_, B>,
    ) -> Counting {
        let mut c = self;
        if c.limit > 0 {
            c.ply += 1;
        }
        let stm = after.side_to_move();
        let mover = stm ^ 1;
        let captured = mv
            .is_capture()
            .then(|| (0..mv.pickups()).find_map(|i| before.piece_on(mv.pickup(i)).filter(|&(_, col)| col != mover)));
        let captured = captured.flatten();
        let pawn_taken = captured.is_some_and(|(ty, _)| before.t.rules.pieces[ty].name == "pawn");
        let pieces = all(after, 0) + all(after, 1);
        if rule != CountingRule::Asean
            && pawn_taken
            && all(after, mover) == 1
            && count(after, "pawn", None) == 0
            && count_limit(after, rule, mover) > 0
        {
            c = Counting { limit: 2 * count_limit(after, rule, mover), ply: 2 * pieces - 1 };
        }
        let limit = count_limit(after, rule, stm);
        if (c.limit == 0 || ((captured.is_some() || mv.is_promotion()) && all(after, stm) == 1)) && limit > 0 {
            let ply = if rule == CountingRule::Asean || all(after, stm) > 1 { 0 } else { 2 * pieces };
            c = Counting { limit: 2 * limit, ply };
        }
        c
    }

    /// Cambodian's board's honour counted from the game's ply `count_started` (0: the
    /// state's own count, below 0: none).
    fn board_ply<B: Bits>(self, b: &Board<'_, B>, count_started: i64) -> u32 {
        match count_started {
            0 => self.ply,
            s if s < 0 => 0,
            s => (1 + i64::from(game_ply(b)) - s).max(0) as u32,
        }
    }

    fn board_shorter<B: Bits>(self, b: &Board<'_, B>, rule: CountingRule, count_started: i64) -> bool {
        rule == CountingRule::Cambodian
            && 126i64 - i64::from(self.board_ply(b, count_started)) < i64::from(self.limit) - i64::from(self.ply)
    }

    /// The limit as the FEN writes it (Fairy-Stockfish's `counting_limit`).
    pub(crate) fn shown_limit<B: Bits>(self, b: &Board<'_, B>, rule: CountingRule, count_started: i64) -> u32 {
        if self.board_shorter(b, rule, count_started) { 126 } else { self.limit }
    }

    /// The count as the FEN writes it (Fairy-Stockfish's `counting_ply`).
    pub(crate) fn shown_ply<B: Bits>(self, b: &Board<'_, B>, rule: CountingRule, count_started: i64) -> u32 {
        let bare = all(b, 0) <= 1 || all(b, 1) <= 1;
        if count(b, "pawn", None) == 0 && bare && !self.board_shorter(b, rule, count_started) {
            self.ply
        } else {
            self.board_ply(b, count_started)
        }
    }

    /// Whether the count has run past its limit: a draw may be claimed.
    pub(crate) fn expired<B: Bits>(self, b: &Board<'_, B>, rule: CountingRule, count_started: i64) -> bool {
        self.limit > 0 && self.shown_ply(b, rule, count_started) > self.shown_limit(b, rule, count_started)
    }

    /// `fen` with the counting fields in place of the en passant square and the
    /// halfmove clock, when a side counts.
    pub(crate) fn write<B: Bits>(
        self,
        fen: String,
        b: &Board<'_, B>,
        rule: CountingRule,
        count_started: i64,
    ) -> String {
        if self.limit == 0 {
            return fen;
        }
        let mut f: Vec<String> = fen.split(' ').map(str::to_string).collect();
        if f.len() >= 6 {
            let n = f.len();
            f[n - 3] = self.shown_limit(b, rule, count_started).to_string();
            f[n - 2] = self.shown_ply(b, rule, count_started).to_string();
        }
        f.join(" ")
    }
}
