//! SFEN, USI, check, legal moves and the impasse declaration against cshogi 1.1.0
//! (tests/data/shogi-games.txt and shogi-impasse.txt, made by scripts/data/gen_shogi.py).

use polyboard_shogi::repr::{AttackTableBoard, Bb3x32Board, Bb128Board, FastBoard};
use polyboard_shogi::{Game, ImpasseRule, Position, ShogiBoard, usi};

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
