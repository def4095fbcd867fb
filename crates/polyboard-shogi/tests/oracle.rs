//! SFEN, USI, check, legal moves and the impasse declaration against cshogi 1.1.0
//! (tests/data/shogi-games.txt and shogi-impasse.txt, made by scripts/data/gen_shogi.py).

use polyboard_shogi::repr::{AttackTableBoard, Bb3x32Board, Bb128Board, FastBoard};
use polyboard_shogi::{
    Color, Game, ImpasseRule, Kind, Move, Piece, Position, ShogiBoard, attacked, impasse_count, reaches, usi,
};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn sorted_usi<B: ShogiBoard>(b: &B) -> Vec<String> {
    let mut v: Vec<String> = b.legal_moves().iter().map(|&m| usi::format(m)).collect();
    v.sort();
    v
}

#[test]
fn random_games_agree_with_cshogi() {
    let text = data("shogi-games.txt");
    let mut pos: Option<Position> = None;
    let mut plies = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let ctx = format!("game {} ply {}", f[0], f[1]);
        if f[1] == "0" {
            pos = Some(Position::from_sfen(f[2]).unwrap());
        }
        let p = pos.as_ref().unwrap();
        assert_eq!(p.sfen(), f[2], "{ctx}");
        assert_eq!(Position::from_sfen(f[2]).as_ref(), Ok(p), "{ctx}");
        assert_eq!(p.is_check(), f[3] == "1", "{ctx}");
        let n: u64 = f[4].parse().unwrap();
        let fast = FastBoard::from_position(p);
        assert_eq!(fast.count_moves(), n, "{ctx} {}", f[2]);
        assert_eq!(Bb128Board::from_position(p).count_moves(), n, "{ctx}");
        assert_eq!(Bb3x32Board::from_position(p).count_moves(), n, "{ctx}");
        assert_eq!(AttackTableBoard::from_position(p).count_moves(), n, "{ctx}");
        if !f[6].is_empty() {
            let listed: Vec<String> = f[6].split(' ').map(String::from).collect();
            assert_eq!(sorted_usi(&fast), listed, "{ctx}");
            let mut reference: Vec<String> = p.legal_moves().iter().map(|&m| usi::format(m)).collect();
            reference.sort();
            assert_eq!(reference, listed, "{ctx}");
        }
        if f[5] != "-" {
            let mv = usi::parse(p, f[5]).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            assert_eq!(usi::format(mv), f[5]);
            pos = Some(p.play(mv));
        }
        plies += 1;
    }
    assert!(plies > 9000);
}

#[test]
fn impasse_declaration_agrees_with_cshogi() {
    let text = data("shogi-impasse.txt");
    let (mut wins, mut total) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (sfen, expected) = line.split_once('\t').unwrap();
        let pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let declares = Game::new(pos).declaration(ImpasseRule::Points27).is_some();
        assert_eq!(declares, expected == "1", "{sfen}");
        wins += usize::from(declares);
        total += 1;
    }
    assert_eq!(total, 3000);
    assert!(wins > 500 && wins < 2500, "both outcomes are covered");
}

/// The king's square of `c` on `b`.
fn king<B: ShogiBoard>(b: &B, c: Color) -> usize {
    (0..81).find(|&sq| b.piece_on(sq) == Some(Piece::new(c, Kind::King))).unwrap()
}

/// `attacked` and `reaches`, on every representation, against cshogi's check flags,
/// and `attacked` with the king's square vacated against cshogi's king moves: a king
/// step to a square not holding its own piece is legal exactly when the opponent does
/// not attack that square once the king has left its own.
fn attacks_agree<B: ShogiBoard>() {
    let text = data("shogi-games.txt");
    let (mut checks, mut steps) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let b = B::from_position(&Position::from_sfen(f[2]).unwrap());
        let (us, them) = (b.turn(), b.turn().flip());
        let k = king(&b, us);
        let in_check = f[3] == "1";
        assert_eq!(attacked(&b, k, them, None), in_check, "{} {}", B::NAME, f[2]);
        let reached = (0..81)
            .any(|sq| b.piece_on(sq).is_some_and(|p| p.color() == them && reaches(&b, p.kind(), them, sq, k, None)));
        assert_eq!(reached, in_check, "{} {}", B::NAME, f[2]);
        checks += usize::from(in_check);
        if f[6].is_empty() {
            continue;
        }
        let listed: Vec<&str> = f[6].split(' ').collect();
        let (kf, kr) = ((k / 9) as i32, (k % 9) as i32);
        for (df, dr) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            let (nf, nr) = (kf + df, kr + dr);
            if !(0..9).contains(&nf) || !(0..9).contains(&nr) {
                continue;
            }
            let to = (nf * 9 + nr) as usize;
            if b.piece_on(to).is_some_and(|p| p.color() == us) {
                continue;
            }
            let text = usi::format(Move::normal(k, to, false));
            assert_eq!(
                !attacked(&b, to, them, Some(k)),
                listed.contains(&text.as_str()),
                "{} {} {text}",
                B::NAME,
                f[2]
            );
            steps += 1;
        }
    }
    assert!(checks > 100 && steps > 1000, "{checks} checks, {steps} king steps");
}

#[test]
fn attack_tests_agree_with_cshogi() {
    attacks_agree::<FastBoard>();
    attacks_agree::<Bb128Board>();
    attacks_agree::<Bb3x32Board>();
    attacks_agree::<AttackTableBoard>();
}

/// The CSA 27-point declaration judged from `impasse_count` on every representation
/// agrees with cshogi's `is_nyugyoku`.
#[test]
fn impasse_count_agrees_with_cshogi() {
    fn declares<B: ShogiBoard>(pos: &Position) -> bool {
        let b = B::from_position(pos);
        let us = b.turn();
        let k = king(&b, us);
        let in_camp = if us == Color::Black { k % 9 < 3 } else { k % 9 >= 6 };
        let count = impasse_count(&b, us);
        in_camp && !b.is_check() && count.pieces >= 10 && count.points >= if us == Color::Black { 28 } else { 27 }
    }
    for line in data("shogi-impasse.txt").lines().filter(|l| !l.starts_with('#')) {
        let (sfen, expected) = line.split_once('\t').unwrap();
        let pos = Position::from_sfen(sfen).unwrap();
        let expected = expected == "1";
        assert_eq!(declares::<FastBoard>(&pos), expected, "{sfen}");
        assert_eq!(declares::<Bb128Board>(&pos), expected, "{sfen}");
        assert_eq!(declares::<Bb3x32Board>(&pos), expected, "{sfen}");
        assert_eq!(declares::<AttackTableBoard>(&pos), expected, "{sfen}");
    }
}
