//! `polyboard usi` driven through its real protocol, as a shogi GUI drives it. The
//! expected values come from cshogi (`tests/data/usi.txt`, made by
//! `scripts/data/gen_usi_data.py`). No test asserts a time: the helper's deadlines only keep a
//! broken engine from hanging the suite.

use polyboard_shogi::{Game, Position, Status, usi};
use std::time::Duration;

use crate::uci_engine;
use uci_engine::Engine;

/// The lines of `tests/data/usi.txt` that start with `kind`, without it.
fn data(kind: &str) -> Vec<String> {
    include_str!("data/usi.txt")
        .lines()
        .filter_map(|l| l.strip_prefix(kind).and_then(|r| r.strip_prefix(' ')))
        .map(str::to_string)
        .collect()
}

const REPRS: [&str; 4] = ["fast", "bb128", "bb3x32", "attacktable"];

#[test]
fn handshake_lists_the_options() {
    let mut e = Engine::run("usi");
    e.send("usi");
    let lines = e.until("usiok");
    for opt in ["USI_Hash", "Threads", "Move Overhead", "Repr"] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {opt} type"))), "{opt} missing: {lines:?}");
    }
    assert!(lines.iter().any(|l| l.starts_with("id name")));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    e.ready();
    e.send("usinewgame");
    e.ready();
    e.quit();
}

#[test]
fn go_perft_matches_cshogi_on_every_representation() {
    let mut e = Engine::run("usi");
    for repr in REPRS {
        e.send(&format!("setoption name Repr value {repr}"));
        for row in data("perft") {
            let mut f = row.splitn(3, ' ');
            let (depth, nodes, args) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
            e.send(&format!("position {args}"));
            e.send(&format!("go perft {depth}"));
            let lines = e.until("Nodes searched");
            assert_eq!(lines.last().unwrap(), &format!("Nodes searched: {nodes}"), "{repr} {args}");
        }
    }
    e.quit();
}

#[test]
fn finds_every_mate_in_one_and_resigns_when_mated() {
    let mut e = Engine::run("usi");
    for repr in REPRS {
        e.send(&format!("setoption name Repr value {repr}"));
        for row in data("mate1") {
            let (sfen, moves) = row.split_once(" | ").unwrap();
            e.send("usinewgame");
            e.send(&format!("position sfen {sfen}"));
            e.send("go depth 3");
            let (best, lines) = e.bestmove();
            assert!(moves.split(' ').any(|m| m == best), "{repr} {sfen}: {best} is not one of {moves}");
            assert!(lines.iter().any(|l| l.contains("score mate 1")), "{repr} {sfen}: {lines:?}");
        }
        for sfen in data("mated") {
            e.send(&format!("position sfen {sfen}"));
            e.send("go btime 1000 wtime 1000 byoyomi 100");
            assert_eq!(e.bestmove().0, "resign", "{repr} {sfen}");
        }
    }
    e.quit();
}

#[test]
fn garbage_is_reported_and_ignored() {
    let mut e = Engine::run("usi");
    let garbage = [
        "hello world",
        "position",
        "position sfen",
        "position sfen 9/9/9 b - 1",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 99P 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position startpos moves",
        "position startpos junk 7g7f",
        "position startpos moves 7g7f 7g7f",
        "position startpos moves P*5e",
        "position startpos moves 1a1b+ zz 9z9y",
        "setoption",
        "setoption name",
        "setoption name USI_Hash value lots",
        "setoption name USI_Hash value 99999999999999999999",
        "setoption name Threads value 0",
        "setoption name NoSuchOption value 3",
        "setoption name Repr value nosuchrepr",
        "go depth",
        "go depth -5 nodes x",
        "go perft",
        "go perft abc",
        "go btime x wtime",
        "go mate soon",
        "go mate",
        "setoption name EvalFile value /nonexistent/shogi_weights.txt",
        "setoption name EnteringKingRule value TryRule",
        "ponderhit",
        "stop",
        "gameover win",
    ];
    for g in garbage {
        e.send(g);
        e.ready();
    }
    e.send_bytes(b"\xff\xfe\x00 position \x80\n");
    e.ready();
    // Still playing: the last good position was after 7g7f from a bad move list.
    e.send("position startpos moves 7g7f 3c3d");
    e.send("go depth 2");
    let (best, _) = e.bestmove();
    let mut game = Game::new(Position::startpos());
    game.play_usi("7g7f").unwrap();
    game.play_usi("3c3d").unwrap();
    assert!(usi::parse(game.position(), &best).is_ok(), "{best}");
    e.quit();
}

#[test]
fn declares_an_impasse_win_when_the_rule_allows() {
    // Black's king in White's camp with ten pieces there and 37 points: cshogi's
    // is_nyugyoku (the 27-point rule) holds here, and not with nine pieces there.
    let win = "KRBGGSS+N+N/+L8/P8/9/9/9/9/9/k8 b RB2G2S2N3L17p 1";
    let nine = "KRBGGSS+N+N/+L8/9/9/9/9/9/9/k8 b RB2G2S2N3LP17p 1";
    let mut e = Engine::run("usi");
    e.send(&format!("position sfen {win}"));
    e.send("go depth 3");
    assert_eq!(e.bestmove().0, "win");
    e.send(&format!("position sfen {nine}"));
    e.send("go depth 3");
    assert_ne!(e.bestmove().0, "win");
    e.send("setoption name EnteringKingRule value NoEnteringKing");
    e.send(&format!("position sfen {win}"));
    e.send("go depth 3");
    assert_ne!(e.bestmove().0, "win");
    e.quit();
}

#[test]
fn infinite_and_ponder_wait_for_stop_and_ponderhit() {
    let mut e = Engine::run("usi");
    e.send("position startpos");
    e.send("go infinite");
    e.quiet_for("bestmove", Duration::from_millis(300));
    e.ready();
    e.send("stop");
    let (best, _) = e.bestmove();
    assert!(usi::parse(&Position::startpos(), &best).is_ok(), "{best}");

    e.send("position startpos moves 7g7f");
    e.send("go ponder btime 100 wtime 100 byoyomi 100");
    e.quiet_for("bestmove", Duration::from_millis(500));
    e.send("ponderhit");
    let (best, _) = e.bestmove();
    let mut game = Game::new(Position::startpos());
    game.play_usi("7g7f").unwrap();
    assert!(usi::parse(game.position(), &best).is_ok(), "{best}");
    e.send("gameover lose");
    e.ready();
    e.quit();
}

#[test]
fn plays_a_short_game_against_itself() {
    let mut e = Engine::run("usi");
    e.send("usinewgame");
    let mut game = Game::new(Position::startpos());
    for ply in 0..40 {
        let moves: Vec<String> = game.moves().iter().map(|&m| usi::format(m)).collect();
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send(&format!("setoption name Repr value {}", REPRS[ply % REPRS.len()]));
        e.send("go btime 0 wtime 0 byoyomi 20 depth 3");
        let (best, _) = e.bestmove();
        if best == "resign" {
            assert!(game.status().is_over(), "resigned in a live position");
            break;
        }
        game.play_usi(&best).unwrap_or_else(|err| panic!("ply {ply}: {err}"));
        if game.status() != Status::Ongoing {
            break;
        }
    }
    e.quit();
}

#[test]
fn go_depth_searches_the_same_tree_on_every_representation() {
    let mut e = Engine::run("usi");
    for args in [
        "startpos moves 7g7f 3c3d 2g2f",
        "sfen 8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    ] {
        let mut seen = Vec::new();
        for repr in REPRS {
            e.send(&format!("setoption name Repr value {repr}"));
            e.send("usinewgame");
            e.send(&format!("position {args}"));
            e.send("go depth 5");
            let (best, lines) = e.bestmove();
            let last = lines.iter().rev().find(|l| l.starts_with("info depth 5 ")).expect("depth 5 reported").clone();
            let nodes = last.split_whitespace().skip_while(|&w| w != "nodes").nth(1).unwrap().to_string();
            seen.push((repr, best, nodes));
        }
        assert!(seen.windows(2).all(|w| (&w[0].1, &w[0].2) == (&w[1].1, &w[1].2)), "{args}: {seen:?}");
    }
    e.quit();
}

#[test]
fn go_mate_solves_published_tsume_problems() {
    // Published problems (mate in 3, 5 and 7; see tests/data/README.md). The answer
    // must be a line of checks that mates. (Its length may differ from the problem's:
    // the solver proves a mate, not the shortest, and the defence it reads back from
    // its table need not be the longest.)
    let mut e = Engine::run("usi");
    e.send("setoption name USI_Hash value 64");
    for row in data("tsume") {
        let (head, _first) = row.split_once(" | ").unwrap();
        let (_n, sfen) = head.split_once(' ').unwrap();
        e.send(&format!("position sfen {sfen}"));
        e.send("go mate 120000");
        let answer = e.until("checkmate").last().unwrap().clone();
        let moves: Vec<&str> = answer.split_whitespace().skip(1).collect();
        assert!(!moves.is_empty() && moves[0] != "nomate" && moves[0] != "timeout", "{sfen}: {answer}");
        assert!(moves.len() % 2 == 1, "{sfen}: {answer}");
        let mut game = Game::new(Position::from_sfen(sfen).unwrap());
        for (i, m) in moves.iter().enumerate() {
            game.play_usi(m).unwrap_or_else(|err| panic!("{sfen}: {answer}: {err}"));
            assert!(i % 2 == 1 || game.position().is_check(), "{sfen}: {answer}: {m} is no check");
        }
        assert!(matches!(game.status(), Status::Checkmate { .. }), "{sfen}: {answer} does not mate");
    }
    e.quit();
}

#[test]
fn go_mate_answers_with_a_mating_line() {
    let mut e = Engine::run("usi");
    let sfens: Vec<String> =
        data("mate1").iter().map(|r| r.split(" | ").next().unwrap().to_string()).chain(data("mate3")).collect();
    for (i, sfen) in sfens.iter().enumerate() {
        e.send(&format!("setoption name Repr value {}", REPRS[i % REPRS.len()]));
        e.send(&format!("position sfen {sfen}"));
        e.send("go mate 60000");
        let lines = e.until("checkmate");
        let answer = lines.last().unwrap();
        let moves: Vec<&str> = answer.split_whitespace().skip(1).collect();
        assert!(!moves.is_empty() && moves[0] != "nomate" && moves[0] != "timeout", "{sfen}: {answer}");
        let mut game = Game::new(Position::from_sfen(sfen).unwrap());
        for m in &moves {
            game.play_usi(m).unwrap_or_else(|err| panic!("{sfen}: {answer}: {err}"));
        }
        assert!(matches!(game.status(), Status::Checkmate { .. }), "{sfen}: {answer} does not mate");
    }
    // A mated side to move has no mate; a lone gold in hand gives none either.
    for sfen in data("mated").iter().map(String::as_str).chain(["9/9/9/9/4k4/9/9/9/4K4 b G 1"]) {
        e.send(&format!("position sfen {sfen}"));
        e.send("go mate infinite");
        assert_eq!(e.until("checkmate").last().unwrap(), "checkmate nomate", "{sfen}");
    }
    // Stopped at once: an answer all the same.
    e.send("position sfen 9/9/9/9/4k4/9/9/9/4K4 b GGRRBBSS 1");
    e.send("go mate infinite");
    e.send("stop");
    assert!(e.until("checkmate").last().unwrap().starts_with("checkmate "));
    e.ready();
    e.quit();
}
