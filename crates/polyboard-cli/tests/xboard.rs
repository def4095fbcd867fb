//! `polyboard xboard` driven over CECP v2 as XBoard drives it: the features, a game
//! with the engine's moves checked by polyboard-chess, takebacks, variants, analysis,
//! and bad input answered with the protocol's error lines. python-chess's client plays
//! it too (`tests/python/test_xboard.py`). No test asserts a time.

use crate::uci_engine;

use polyboard_chess::{Game, Position};
use uci_engine::Engine;

fn xboard() -> Engine {
    let mut e = Engine::run("xboard");
    e.send("xboard");
    e.send("protover 2");
    e
}

/// The engine's next `move`, after the lines before it.
fn engine_move(e: &mut Engine) -> String {
    let lines = e.until("move ");
    lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or_default().to_string()
}

fn ping(e: &mut Engine, n: u32) -> Vec<String> {
    e.send(&format!("ping {n}"));
    e.until(&format!("pong {n}"))
}

#[test]
fn protover_declares_the_features_and_every_variant() {
    let mut e = xboard();
    let lines = e.until("feature ");
    let f = lines.last().unwrap();
    for want in ["setboard=1", "usermove=1", "ping=1", "san=0", "sigint=0", "myname=\"polyboard", "done=1"] {
        assert!(f.contains(want), "{want} missing: {f}");
    }
    let variants = f.split("variants=\"").nth(1).and_then(|v| v.split('"').next()).unwrap();
    for v in ["normal", "fischerandom", "crazyhouse", "capablanca", "xiangqi", "shogi", "minishogi"] {
        assert!(variants.split(',').any(|x| x == v), "{v} missing: {variants}");
    }
    e.quit();
}

#[test]
fn plays_both_sides_of_a_game_with_takebacks() {
    let mut e = xboard();
    e.send("new");
    e.send("sd 3");
    e.send("post");
    let mut game = Game::new(Position::startpos());
    // The engine plays black against a few fixed moves of white.
    for white in ["e2e4", "g1f3", "f1c4"] {
        e.send(&format!("usermove {white}"));
        game.play_uci(white).unwrap();
        let lines = e.until("move ");
        assert!(lines.iter().any(|l| l.starts_with("3 ")), "thinking lines: {lines:?}");
        let black = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
        game.play_uci(&black).unwrap_or_else(|err| panic!("{black}: {err}"));
    }
    ping(&mut e, 1);
    // Take back a full move, then let the engine play white from there.
    e.send("remove");
    game.undo();
    game.undo();
    e.send("go");
    let white = engine_move(&mut e);
    game.play_uci(&white).unwrap_or_else(|err| panic!("{white}: {err}"));
    ping(&mut e, 2);
    e.send("force");
    e.send("undo");
    game.undo();
    e.send("usermove a2a3");
    game.play_uci("a2a3").unwrap();
    e.send("go");
    let black = engine_move(&mut e);
    game.play_uci(&black).unwrap_or_else(|err| panic!("{black}: {err}"));
    e.quit();
}

#[test]
fn mates_from_a_set_board_and_analyses_until_exit() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("setboard r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    e.send("st 1");
    e.send("go");
    assert_eq!(engine_move(&mut e), "h5f7");
    e.send("force");
    e.send("setboard 6k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1");
    e.send("post");
    e.send("analyze");
    // Mate in one: the score is 100000 plus the moves.
    let lines = e.until("4 100001");
    assert!(lines.last().unwrap().contains("e2e8"), "{lines:?}");
    e.send("exit");
    let lines = ping(&mut e, 3);
    assert!(lines.iter().all(|l| !l.starts_with("move")), "{lines:?}");
    e.quit();
}

#[test]
fn plays_variants() {
    let mut e = xboard();
    for (variant, reply) in [("crazyhouse", "e2e4"), ("capablanca", "e2e4"), ("xiangqi", "h3e3")] {
        e.send("new");
        e.send(&format!("variant {variant}"));
        e.send("sd 3");
        e.send(&format!("usermove {reply}"));
        let m = engine_move(&mut e);
        assert!(!m.is_empty(), "{variant}");
    }
    e.send("variant nosuchvariant");
    assert!(e.until("Error").last().unwrap().starts_with("Error (unknown variant)"));
    e.quit();
}

#[test]
fn bad_input_gets_the_protocols_error_lines() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e5");
    assert_eq!(e.until("Illegal").last().unwrap(), "Illegal move: e2e5");
    e.send("setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    assert!(e.until("Error").last().unwrap().starts_with("Error (illegal position)"));
    e.send("go");
    assert!(e.until("Error").last().unwrap().starts_with("Error (illegal position)"));
    e.send("frobnicate");
    assert!(e.until("Error").last().unwrap().starts_with("Error (unknown command)"));
    e.send_bytes(b"\xff\xfe\x00garbage\x00\r\n\n\nlevel x y z\nsd -3\ntime abc\nmemory 0\n");
    e.send("new");
    e.send("sd 2");
    e.send("go");
    let m = engine_move(&mut e);
    assert!(Game::new(Position::startpos()).play_uci(&m).is_ok(), "{m}");
    e.quit();
}
