//! The 2006 experiment's minimax, SEE and pin detection: against cshogi's minimax values
//! (tests/data/perft/shogi-minimax.txt, from scripts/data/gen_shogi_minimax.py), against
//! values worked out by hand from the definitions, and across the four representations.

use polyboard_shogi::experiment::{Minimax, minimax};
use polyboard_shogi::repr::{AttackTableBoard, Bb3x32Board, Bb128Board, FastBoard};
use polyboard_shogi::types::{Color, square};
use polyboard_shogi::{Position, ShogiBoard, Tactics};

const POSITIONS: &str = include_str!("../../../tests/data/perft/shogi-selfplay-100.sfen");
const MINIMAX: &str = include_str!("../../../tests/data/perft/shogi-minimax.txt");
const GAMES: &str = include_str!("../../../tests/data/shogi-games.txt");

/// The 100 positions of the experiment.
fn positions() -> Vec<Position> {
    let out: Vec<Position> = POSITIONS
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| Position::from_sfen(l).unwrap())
        .collect();
    assert_eq!(out.len(), 100);
    out
}

/// The 100 positions and every position one move after them, and every third ply of
/// the random games of tests/data/shogi-games.txt (which hold far more pins).
fn positions_and_children() -> Vec<Position> {
    let mut out: Vec<Position> = GAMES
        .lines()
        .filter(|l| !l.starts_with('#'))
        .step_by(3)
        .map(|l| Position::from_sfen(l.split('\t').nth(2).unwrap()).unwrap())
        .collect();
    for p in positions() {
        for mv in p.legal_moves() {
            out.push(p.play(mv));
        }
        out.push(p);
    }
    out
}

fn check_minimax<B: ShogiBoard>(max_depth: u32) {
    let mut checked = 0;
    for line in MINIMAX.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let depth: u32 = f[1].parse().unwrap();
        if depth > max_depth {
            continue;
        }
        let b = B::from_position(&Position::from_sfen(f[0]).unwrap());
        let want = Minimax { value: f[2].parse().unwrap(), nodes: f[3].parse().unwrap() };
        assert_eq!(minimax(&b, depth), want, "{} depth {depth}: {}", B::NAME, f[0]);
        checked += 1;
    }
    assert!(checked >= 100);
}

macro_rules! minimax_tests {
    ($($name:ident => $ty:ty),* $(,)?) => {$(
        /// Depth 2 everywhere; depth 3 too in release builds (CI).
        #[test]
        fn $name() {
            check_minimax::<$ty>(if cfg!(debug_assertions) { 2 } else { 3 });
        }
    )*};
}

minimax_tests!(
    minimax_fast => FastBoard,
    minimax_bb128 => Bb128Board,
    minimax_bb3x32 => Bb3x32Board,
    minimax_attacktable => AttackTableBoard,
);

/// The SEE of `usi` in `sfen` on every representation.
fn see_all(sfen: &str, usi: &str) -> [i32; 4] {
    let pos = Position::from_sfen(sfen).unwrap();
    let mv = polyboard_shogi::usi::parse(&pos, usi).unwrap();
    [
        FastBoard::from_position(&pos).see(mv),
        Bb128Board::from_position(&pos).see(mv),
        Bb3x32Board::from_position(&pos).see(mv),
        AttackTableBoard::from_position(&pos).see(mv),
    ]
}

/// Values worked out by hand (pawn 90, lance 315, gold 540, rook 990, dragon 1395; a
/// capture gains the piece's value and its unpromoted kind's value in hand).
#[test]
fn see_by_hand() {
    // Rook takes a pawn defended by a gold: +180, then the gold takes the rook (1980).
    assert_eq!(see_all("4k4/4g4/4p4/9/4R4/9/9/9/4K4 b - 1", "5e5c"), [-1800; 4]);
    // The same promoting: +180 +405, the gold takes the dragon (1395 + 990).
    assert_eq!(see_all("4k4/4g4/4p4/9/4R4/9/9/9/4K4 b - 1", "5e5c+"), [-1800; 4]);
    // A lance behind the rook joins (x-ray) and takes the gold: 180 - 1980 + 1080 (the
    // king on 5a does not reach 5c).
    assert_eq!(see_all("4k4/4g4/4p4/9/4R4/9/9/9/4L3K b - 1", "5e5c"), [-720; 4]);
    // The king may not recapture while the lance behind the rook guards the square.
    assert_eq!(see_all("9/4k4/4p4/4R4/9/9/9/9/4L3K b - 1", "5d5c"), [180; 4]);
    // Without the lance it does.
    assert_eq!(see_all("9/4k4/4p4/4R4/9/9/9/9/8K b - 1", "5d5c"), [-1800; 4]);
    // Undefended: the capture alone.
    assert_eq!(see_all("4k4/9/4g4/9/4R4/9/9/9/4K4 b - 1", "5e5c"), [1080; 4]);
}

/// Every capture in those positions: the four
/// representations give the same SEE.
#[test]
fn see_agrees_across_representations() {
    let mut captures = 0;
    for pos in positions_and_children() {
        let (a, b, c, d) = (
            FastBoard::from_position(&pos),
            Bb128Board::from_position(&pos),
            Bb3x32Board::from_position(&pos),
            AttackTableBoard::from_position(&pos),
        );
        for mv in pos.legal_moves() {
            if mv.is_drop() || pos.board[mv.to()].is_none() {
                continue;
            }
            let v = a.see(mv);
            assert_eq!([b.see(mv), c.see(mv), d.see(mv)], [v; 3], "{mv} in {}", pos.sfen());
            captures += 1;
        }
    }
    assert!(captures > 20_000, "{captures}");
}

/// Pins worked out by hand.
#[test]
fn pins_by_hand() {
    let pins = |sfen: &str, c: Color| {
        let pos = Position::from_sfen(sfen).unwrap();
        [
            FastBoard::from_position(&pos).pinned_squares(c),
            Bb128Board::from_position(&pos).pinned_squares(c),
            Bb3x32Board::from_position(&pos).pinned_squares(c),
            AttackTableBoard::from_position(&pos).pinned_squares(c),
        ]
    };
    let at = |f, r| 1u128 << square(f, r);
    // A rook pins the gold on 5b; a lance pins the silver; a bishop pins the gold on 8b.
    assert_eq!(pins("4k4/4g4/9/9/4R4/9/9/9/4K4 w - 1", Color::White), [at(5, 1); 4]);
    assert_eq!(pins("4k4/4s4/9/9/9/9/9/9/4L3K w - 1", Color::White), [at(5, 1); 4]);
    assert_eq!(pins("k8/1g7/9/9/9/9/9/7B1/4K4 w - 1", Color::White), [at(8, 1); 4]);
    // Two pieces between, or nothing behind: no pin.
    assert_eq!(pins("4k4/4g4/4s4/9/4R4/9/9/9/4K4 w - 1", Color::White), [0; 4]);
    assert_eq!(pins("4k4/4g4/9/9/9/9/9/9/4K4 w - 1", Color::White), [0; 4]);
    // The side not to move: Black's gold on 5h pinned by White's lance on 5a.
    assert_eq!(pins("3kl4/9/9/9/9/9/9/4G4/4K4 w - 1", Color::Black), [at(5, 7); 4]);
}

/// The pins of `c` by the plain rules, for a king not in check: the pieces of `c`
/// whose removal would leave the king attacked.
fn pins_by_removal(pos: &Position, c: Color) -> u128 {
    let k = pos.king(c);
    let mut pins = 0u128;
    for sq in 0..81 {
        if sq != k && pos.board[sq].is_some_and(|p| p.color() == c) {
            let mut without = pos.clone();
            without.board[sq] = None;
            if without.attacked(k, c.flip()) {
                pins |= 1 << sq;
            }
        }
    }
    pins
}

/// Pins of both colors in those positions: all agree,
/// and with the plain rules' answer where the king is not in check.
#[test]
fn pins_agree_across_representations() {
    let mut pinned = 0;
    for pos in positions_and_children() {
        for c in [Color::Black, Color::White] {
            let v = FastBoard::from_position(&pos).pinned_squares(c);
            if !pos.in_check(c) {
                assert_eq!(v, pins_by_removal(&pos, c), "{c:?} in {}", pos.sfen());
            }
            let others = [
                Bb128Board::from_position(&pos).pinned_squares(c),
                Bb3x32Board::from_position(&pos).pinned_squares(c),
                AttackTableBoard::from_position(&pos).pinned_squares(c),
            ];
            assert_eq!(others, [v; 3], "{c:?} in {}", pos.sfen());
            pinned += v.count_ones();
        }
    }
    assert!(pinned > 200, "{pinned}");
}
