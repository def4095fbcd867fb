//! What players ask of an engine besides its best: weakened play on request
//! (`UCI_LimitStrength` with `UCI_Elo`) and win/draw/loss chances (`UCI_ShowWDL`).
//!
//! **Weakened play** follows Stockfish's skill method, so that it looks human: no random
//! move is ever played. The search looks at least [`Skill::LINES`] lines deep only to a
//! depth the rating allows, and the move is picked among those lines with a random push
//! that favours the better ones; the weaker the player, the larger the push (at level
//! 19 a line 250 cp worse than the best is never picked; at level 0, any of the lines of
//! a one-ply search can be). Level 20, the top, is full strength, as in Stockfish. The
//! rating maps to a level by [`Skill::from_elo`], `Skill Level` directly; ratings above
//! 2000 mix level-10.4 moves with full-strength ones, because the levels between play
//! alike at fast controls.
//!
//! **Win/draw/loss** comes from a logistic model of the score and the material on the
//! board (Stockfish's form), fitted on the engine's own games by
//! `scripts/tune/wdl_fit.py`, which writes [`crate::wdl_model`].

use crate::game::{Score, SearchInfo};
use crate::wdl_model::{WDL_A, WDL_B};
use polyboard_search::MATE;

/// The lowest `UCI_Elo`.
pub const ELO_MIN: u32 = 1350;
/// The highest `UCI_Elo`.
pub const ELO_MAX: u32 = 2850;
/// The highest `Skill Level`: full strength.
pub const SKILL_MAX: u32 = 20;

/// A weakened player: a level, 0 (weakest) to 20, and the chance that a move is played
/// at full strength instead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    level: f64,
    full: f64,
}

impl Skill {
    /// The lines searched at least (MultiPV) to pick a move from.
    pub const LINES: usize = 4;
    /// The largest spread of the random push, in centipawns: Stockfish 15.1's cap, its
    /// middlegame pawn (126 internal units) in its UCI scale (361 units a pawn).
    const SPREAD: i64 = 35;

    /// The player who plays at about `elo` (clamped to [`ELO_MIN`]..=[`ELO_MAX`]): the
    /// level on straight lines between the points of [`Skill::LEVELS`] up to its last
    /// rating, and above it the chance of a full-strength move on straight lines
    /// between the points of [`Skill::FULL`].
    pub fn from_elo(elo: u32) -> Skill {
        let elo = f64::from(elo.clamp(ELO_MIN, ELO_MAX));
        Skill { level: between(&Self::LEVELS, elo).clamp(0.0, 20.0), full: between(&Self::FULL, elo).clamp(0.0, 1.0) }
    }

    /// `(UCI_Elo, level)` points, from 40-game matches against Stockfish 15.1 at the
    /// same `UCI_Elo` with the network evaluation (the default): the level where this
    /// engine scores half, at fixed nodes (Stockfish 100,000 a move, polyboard up to
    /// 3,000,000, so that its depth cap binds), in Elo between the levels measured
    /// around it (1500: level 1.9 scored 34.4% over 80 games, 2.5 47.5%; 2000: level
    /// 10.1 38.8%, 11 68.8%). 1350 is level 0. Every rating above the last point plays at
    /// its level, mixed with full-strength moves ([`Skill::FULL`]).
    const LEVELS: [(f64, f64); 3] = [(1350.0, 0.0), (1500.0, 2.5), (2000.0, 10.4)];

    /// `(UCI_Elo, chance of a full-strength move)` points above the last of
    /// [`Skill::LEVELS`]. With the network, full strength is about 2420 at 10+0.1
    /// (38.8% against 2500 over 40 games; 45.0% at 60+0.6, the control Stockfish's scale
    /// was fitted at, about 2465), and every rating from there plays at full strength.
    /// Between 2000 and full strength the levels do not serve: at 10+0.1 the levels from
    /// 10 to 19 play alike (their four-line search stops short of its depth cap), and a
    /// cliff lies between level 19 and full strength (one line, no cap, no pick). So the
    /// engine plays each move either at level 10.4 or at full strength, the latter with
    /// this chance: the mix whose rate of mistakes is the weighted mean of its two
    /// players', if a player 250 Elo stronger makes a third of the mistakes (2150 and
    /// 2300 are that model's, not measured). See docs/engine.md, section
    /// "Weakened play and win, draw, loss".
    const FULL: [(f64, f64); 4] = [(2000.0, 0.0), (2150.0, 0.57), (2300.0, 0.87), (2420.0, 1.0)];

    /// The player of `level` (`Skill Level`, clamped to 0..=20), who never plays a move
    /// at full strength below level 20.
    pub fn from_level(level: u32) -> Skill {
        Skill { level: f64::from(level.min(SKILL_MAX)), full: 0.0 }
    }

    /// The level, 0 to 20.
    pub fn level(self) -> f64 {
        self.level
    }

    /// The chance that a move is played at full strength, 0 to 1.
    pub fn full_chance(self) -> f64 {
        self.full
    }

    /// Whether this player is weaker than full strength at all.
    pub fn is_weakened(self) -> bool {
        self.level < f64::from(SKILL_MAX) && self.full < 1.0
    }

    /// How this move is played: `None` at full strength (with the chance
    /// [`Skill::full_chance`], or when the level rounds to 20), else at a whole level,
    /// rounded up with the chance of its fraction (1.3 is level 2 three moves in ten,
    /// level 1 otherwise), as Stockfish rounds a `UCI_Elo` level, so that strength varies
    /// smoothly with the rating although the depth cap is a whole number of plies.
    pub fn rounded(self, random: &mut impl FnMut() -> u64) -> Option<Skill> {
        if self.full * 1024.0 > (random() % 1024) as f64 {
            return None;
        }
        let whole = self.level.floor();
        let up = (self.level - whole) * 1024.0 > (random() % 1024) as f64;
        let level = whole + f64::from(u8::from(up));
        (level < f64::from(SKILL_MAX)).then_some(Skill { level, full: 0.0 })
    }

    /// The deepest iteration searched: one ply more per whole level.
    pub fn depth(self) -> u32 {
        1 + self.level as u32
    }

    /// Picks one of `lines` (each with its score and principal variation, the best
    /// first is not required): Stockfish's rule. Each line's score gets a push of
    /// `(weakness * (top - score) + delta * random(weakness)) / 128`, where `weakness`
    /// is `120 - 2 * level`, `top` the best score and `delta` the spread of the scores
    /// up to [`Skill::SPREAD`]; the highest pushed score wins. `random` gives uniform `u64`s.
    /// `None` when `lines` is empty.
    pub fn pick(self, lines: &[SearchInfo], random: &mut impl FnMut() -> u64) -> Option<usize> {
        let scores: Vec<i64> = lines.iter().map(|l| i64::from(l.score.to_search())).collect();
        let top = *scores.iter().max()?;
        let worst = *scores.iter().min()?;
        let delta = (top - worst).min(Self::SPREAD);
        let weakness = (120.0 - 2.0 * self.level) as i64;
        let mut best = (i64::MIN, 0);
        for (i, &s) in scores.iter().enumerate() {
            let push = (weakness * (top - s) + delta * (random() % weakness as u64) as i64) / 128;
            if s + push > best.0 {
                best = (s + push, i);
            }
        }
        Some(best.1)
    }
}

/// The value at `x` on the straight lines between `points` (sorted by `x`), held at the
/// ends.
fn between(points: &[(f64, f64)], x: f64) -> f64 {
    let k = points.windows(2).position(|w| x <= w[1].0).unwrap_or(points.len() - 2);
    let ((x0, y0), (x1, y1)) = (points[k], points[k + 1]);
    y0 + (y1 - y0) * (x.clamp(x0, x1) - x0) / (x1 - x0)
}

/// A small random number generator (xorshift64*), seeded from the clock by default, so
/// that a weakened engine does not repeat itself game after game.
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    /// A generator seeded with `seed` (any value; 0 is moved off the fixed point).
    pub fn new(seed: u64) -> Random {
        Random(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// A generator seeded from the system clock.
    pub fn from_clock() -> Random {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        Random::new(nanos)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Chances of a win, a draw and a loss for the side to move, in permille (they sum to
/// 1000), for `score` with `material` on the board (Stockfish's count: pawns 1, knights
/// and bishops 3, rooks 5, queens 9, both sides; 78 at the start).
pub fn wdl(score: Score, material: u32) -> [u32; 3] {
    match score {
        Score::Mate(p) if p > 0 => [1000, 0, 0],
        Score::Mate(_) => [0, 0, 1000],
        Score::Cp(cp) => {
            let cp = f64::from(cp.clamp(-MATE, MATE));
            let w = win_rate(cp, material);
            let l = win_rate(-cp, material);
            [w, 1000 - w - l, l]
        }
    }
}

/// The permille chance of a win at `cp` centipawns with `material` on the board.
fn win_rate(cp: f64, material: u32) -> u32 {
    let x = f64::from(material.clamp(10, 78)) / 78.0;
    let poly = |c: &[f64; 4]| ((c[0] * x + c[1]) * x + c[2]) * x + c[3];
    let (a, b) = (poly(&WDL_A), poly(&WDL_B).max(1.0));
    (1000.0 / (1.0 + ((a - cp) / b).exp())).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn line(cp: i32, mv: &str) -> SearchInfo {
        SearchInfo {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: Score::Cp(cp),
            bound: None,
            nodes: 0,
            time: Duration::ZERO,
            hashfull: 0,
            pv: vec![mv.into()],
            wdl: None,
        }
    }

    #[test]
    fn fractional_levels_round_up_with_the_chance_of_their_fraction() {
        let mut r = Random::new(3);
        let s = Skill { level: 5.7, full: 0.0 };
        let level = |s: Option<Skill>| s.map_or(20.0, Skill::level);
        let up = (0..10_000).filter(|_| level(s.rounded(&mut || r.next_u64())) == 6.0).count();
        // Level 6 about seven moves in ten.
        assert!((6_700..7_300).contains(&up), "{up}");
        assert_eq!(level(Skill::from_level(4).rounded(&mut || r.next_u64())), 4.0);
        // A level that rounds up to 20 plays that move at full strength.
        let top = Skill { level: 19.5, full: 0.0 };
        let full = (0..10_000).filter(|_| top.rounded(&mut || r.next_u64()).is_none()).count();
        assert!((4_700..5_300).contains(&full), "{full}");
    }

    #[test]
    fn above_2000_moves_are_mixed_with_full_strength_ones() {
        let mut r = Random::new(5);
        let s = Skill::from_elo(2300);
        assert_eq!(s.level(), 10.4);
        assert!((s.full_chance() - 0.87).abs() < 1e-9);
        let full = (0..10_000).filter(|_| s.rounded(&mut || r.next_u64()).is_none()).count();
        assert!((8_400..9_000).contains(&full), "{full}");
        assert!(s.is_weakened());
        assert!(!Skill::from_elo(2420).is_weakened());
        assert!(!Skill::from_level(SKILL_MAX).is_weakened());
        assert!(Skill::from_level(19).is_weakened());
    }

    #[test]
    fn levels_follow_the_calibration() {
        assert_eq!(Skill::from_elo(ELO_MIN).level(), 0.0);
        assert_eq!(Skill::from_elo(1500).level(), 2.5);
        assert!((Skill::from_elo(1750).level() - 6.45).abs() < 1e-9);
        assert_eq!(Skill::from_elo(1999).full_chance(), 0.0);
        assert!((Skill::from_elo(2075).full_chance() - 0.285).abs() < 1e-9);
        assert!((Skill::from_elo(2360).full_chance() - 0.935).abs() < 1e-9);
        assert_eq!(Skill::from_elo(2420).full_chance(), 1.0);
        assert_eq!(Skill::from_elo(2600).full_chance(), 1.0);
        assert_eq!(Skill::from_elo(ELO_MAX).level(), 10.4);
        assert_eq!(Skill::from_elo(0), Skill::from_elo(ELO_MIN));
        assert_eq!(Skill::from_elo(9999), Skill::from_elo(ELO_MAX));
        assert_eq!(Skill::from_elo(ELO_MIN).depth(), 1);
        assert_eq!(Skill::from_level(SKILL_MAX).depth(), 21);
    }

    #[test]
    fn at_the_top_weakened_level_a_line_250_cp_worse_is_never_picked() {
        // Level 19: weakness 82 keeps 46/128 of a 250 cp deficit (89 cp), and the
        // random part (delta capped at 35 cp) adds at most 81 * 35 / 128 = 22 cp.
        let lines = [line(250, "a"), line(0, "b"), line(-10, "c"), line(-20, "d")];
        let mut r = Random::new(7);
        for _ in 0..1000 {
            assert_eq!(Skill::from_level(19).pick(&lines, &mut || r.next_u64()), Some(0));
        }
        assert_eq!(Skill::from_elo(ELO_MIN).pick(&[], &mut || r.next_u64()), None);
        let low = (0..1000).filter(|_| Skill::from_elo(ELO_MIN).pick(&lines, &mut || r.next_u64()) != Some(0));
        assert!(low.count() > 0, "the weakest level sometimes picks another line");
    }

    #[test]
    fn weak_levels_vary_among_close_lines_strong_ones_less() {
        let lines = [line(30, "a"), line(20, "b"), line(10, "c"), line(0, "d")];
        let count = |elo| {
            let mut r = Random::new(11);
            let s = Skill::from_elo(elo);
            (0..2000).filter(|_| s.pick(&lines, &mut || r.next_u64()) != Some(0)).count()
        };
        let (weak, strong) = (count(ELO_MIN), count(ELO_MAX));
        assert!(weak > 500, "{weak}");
        assert!(strong < weak, "{strong} {weak}");
    }

    #[test]
    fn wdl_sums_to_a_thousand_and_is_symmetric() {
        for m in [0, 10, 30, 58, 78, 100] {
            for cp in [-2000, -300, -50, 0, 50, 300, 2000] {
                let [w, d, l] = wdl(Score::Cp(cp), m);
                assert_eq!(w + d + l, 1000);
                assert_eq!(wdl(Score::Cp(-cp), m), [l, d, w]);
            }
        }
        assert_eq!(wdl(Score::Mate(3), 40), [1000, 0, 0]);
        assert_eq!(wdl(Score::Mate(-2), 40), [0, 0, 1000]);
    }
}
