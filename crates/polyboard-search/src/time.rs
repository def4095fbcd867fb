//! Time management: the limits of one search, and how long to think.

use std::time::Duration;

/// The limits of one search, as `go` gives them. Times in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Time left on the clocks of white and black.
    pub time: [Option<u64>; 2],
    /// Increments per move of white and black.
    pub inc: [u64; 2],
    /// USI's byoyomi: once a clock is spent, each move may take this long (both
    /// sides); time not used in a period is lost, and none is added to the clock.
    pub byoyomi: u64,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Exactly this long.
    pub movetime: Option<u64>,
    /// At most this many plies.
    pub depth: Option<u32>,
    /// At most about this many nodes.
    pub nodes: Option<u64>,
    /// Look for a mate in at most this many moves.
    pub mate: Option<u32>,
    /// Until `stop`.
    pub infinite: bool,
    /// Pondering: the clock starts at `ponderhit`.
    pub ponder: bool,
    /// Search only these root moves (their [`crate::SearchMove::key`]s); all when empty.
    pub searchmoves: Vec<u32>,
}

impl Limits {
    /// True when the search is bounded by the clock.
    pub fn timed(&self) -> bool {
        self.movetime.is_some() || self.time.iter().any(Option::is_some)
    }
}

/// How long a search may think: stop starting iterations after `soft`, stop at once
/// at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Don't start another iteration after this (scaled by the search's stability).
    pub soft: Duration,
    /// Stop the search now.
    pub hard: Duration,
    /// A fixed time for this move (`movetime`, or USI's byoyomi once the clock is
    /// spent): time not used is lost, so iterations go on until `hard`.
    pub fixed: bool,
}

/// The budget for the side `side` (0 white, 1 black), or `None` when the clock is not
/// a limit. `overhead` is the `Move Overhead` option: time lost per move outside the
/// engine (GUI, pipes, a loaded machine).
///
/// The engine plans for 30 more moves (or `movestogo`), each costing it `overhead`
/// besides its thinking: the pool is the clock plus the increments to come less those
/// overheads, shared evenly. The hard limit never passes the clock less twice the
/// overhead (and 2%), nor 40% of it before the last move of a control. So when the
/// increment does not cover the overhead, as at 1+0.01 on a loaded machine, moves
/// become nearly free instead of draining the clock. With byoyomi the clock is spent
/// differently ([`byoyomi_budget`]).
pub fn budget(limits: &Limits, side: usize, overhead: u64) -> Option<Budget> {
    if let Some(mt) = limits.movetime {
        let t = Duration::from_millis(mt.saturating_sub(overhead).max(1));
        return Some(Budget { soft: t, hard: t, fixed: true });
    }
    let time = limits.time[side & 1]?;
    if limits.byoyomi > 0 {
        return Some(byoyomi_budget(time, limits.byoyomi, overhead));
    }
    let inc = limits.inc[side & 1];
    let mtg = limits.movestogo.unwrap_or(30).clamp(1, 50) as u64;
    let safe = time.saturating_sub(overhead.saturating_mul(2).saturating_add(time / 50));
    let pool = time.saturating_add(inc.saturating_mul(mtg - 1)).saturating_sub(overhead.saturating_mul(mtg));
    // num/den of x, without overflow for any clock.
    let part = |x: u64, num: u128, den: u128| (x as u128 * num / den) as u64;
    let share = if mtg == 1 { part(safe, 7, 10) } else { pool / mtg };
    let cap = if mtg == 1 { part(safe, 9, 10) } else { part(safe, 2, 5) };
    let hard = share.saturating_mul(3).min(cap).max(1);
    let soft = share.min(hard).max(1);
    Some(Budget { soft: Duration::from_millis(soft), hard: Duration::from_millis(hard), fixed: false })
}

/// The budget of a move with `time` left on the clock and a byoyomi of `period` ms.
///
/// The move may run until the clock and one period are spent. While the clock lasts,
/// every millisecond comes off it and the period is not used; once it is spent, each
/// move has one period, used whole or lost. So the clock buys the most when it is
/// spent in a few moves: thinking `x` a move for `k` moves, the sum of `ln x` over
/// the game is largest at `x = e` periods. The engine aims at three periods a move
/// (a stable search stops short of its aim) while more than two remain on the clock,
/// and then uses what remains and the period whole. The hard limit keeps
/// `overhead` and 2% of the clock in hand.
pub fn byoyomi_budget(time: u64, period: u64, overhead: u64) -> Budget {
    let deadline = time.saturating_add(period).saturating_sub(overhead.saturating_add(time / 50)).max(1);
    let ms = Duration::from_millis;
    if time <= period.saturating_mul(2) {
        return Budget { soft: ms(deadline), hard: ms(deadline), fixed: true };
    }
    let soft = period.saturating_sub(overhead).max(1).saturating_mul(3).min(deadline);
    let hard = soft.saturating_mul(3).min(deadline);
    Budget { soft: ms(soft), hard: ms(hard), fixed: false }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sudden(time: u64, inc: u64) -> Limits {
        Limits { time: [Some(time), Some(time)], inc: [inc, inc], ..Limits::default() }
    }

    #[test]
    fn never_plans_past_the_clock() {
        for time in [0, 1, 5, 20, 50, 100, 1_000, 10_000, 60_000, 3_600_000] {
            for inc in [0, 10, 100, 1_000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let l = Limits { movestogo: mtg, ..sudden(time, inc) };
                    let b = budget(&l, 0, 30).unwrap();
                    assert!(b.soft <= b.hard);
                    let hard = b.hard.as_millis() as u64;
                    assert!(hard <= time.saturating_sub(60).max(1), "time {time} inc {inc} mtg {mtg:?}: {hard}");
                }
            }
        }
    }

    #[test]
    fn huge_clocks_do_not_overflow() {
        let l = Limits { time: [Some(u64::MAX - 1), Some(9)], inc: [u64::MAX - 1, 0], ..Limits::default() };
        let b = budget(&l, 0, 5000).unwrap();
        assert!(b.soft <= b.hard);
    }

    #[test]
    fn movetime_and_untimed() {
        let l = Limits { movetime: Some(500), ..Limits::default() };
        assert_eq!(budget(&l, 0, 30).unwrap().hard, Duration::from_millis(470));
        assert!(budget(&l, 0, 30).unwrap().fixed, "a move time is used whole");
        assert!(!budget(&sudden(60_000, 0), 0, 30).unwrap().fixed);
        assert!(budget(&Limits { depth: Some(5), ..Limits::default() }, 0, 30).is_none());
        // Black's clock for black.
        let l = Limits { time: [Some(100_000), Some(1_000)], ..Limits::default() };
        assert!(budget(&l, 1, 10).unwrap().hard < Duration::from_millis(1_000));
    }

    #[test]
    fn byoyomi_spends_the_clock_in_a_few_moves_then_each_period_whole() {
        // 2 s + 0.2 s: three periods less the overhead while the clock lasts.
        let l = Limits { time: [Some(2_000), Some(0)], byoyomi: 200, ..Limits::default() };
        let b = budget(&l, 0, 50).unwrap();
        assert_eq!((b.soft, b.hard, b.fixed), (Duration::from_millis(450), Duration::from_millis(1_350), false));
        // Under two periods left: the clock and the period, whole, less the overhead.
        let b = byoyomi_budget(300, 200, 50);
        assert_eq!((b.soft, b.hard, b.fixed), (Duration::from_millis(444), Duration::from_millis(444), true));
        // Never past the clock and one period.
        for time in [0, 1, 100, 401, 1_000, 60_000, u64::MAX] {
            for period in [1, 30, 200, 10_000, u64::MAX] {
                let b = byoyomi_budget(time, period, 50);
                assert!(b.soft <= b.hard);
                assert!(b.hard.as_millis() <= time.saturating_add(period).max(1) as u128, "{time} {period}");
            }
        }
    }
}
