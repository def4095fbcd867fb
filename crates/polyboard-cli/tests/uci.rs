//! `polyboard uci` driven through its real protocol, as a GUI drives it. No test
//! asserts a time: deadlines below only keep a broken engine from hanging the suite.

use polyboard_chess::{Game, Position, Status, uci};
use std::time::{Duration, Instant};

use crate::uci_engine;

use uci_engine::Engine;

#[test]
fn handshake_lists_the_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    for opt in ["Hash", "Threads", "MultiPV", "Move Overhead", "Clear Hash", "Ponder", "UCI_Chess960", "Repr"] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {opt} type"))), "{opt} missing: {lines:?}");
    }
    assert!(lines.iter().any(|l| l.starts_with("id name")));
    e.ready();
    e.quit();
}

#[test]
fn garbage_is_reported_and_ignored() {
    let mut e = Engine::start();
    let garbage = [
        "hello world",
        "position",
        "position fen",
        "position fen 8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position startpos moves",
        "position startpos junk e2e4",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "setoption",
        "setoption name",
        "setoption name Hash value lots",
        "setoption name Hash value 99999999999999999999",
        "setoption name Threads value 0",
        "setoption name NoSuchOption value 3",
        "setoption name Repr value nosuchrepr",
        "setoption name Ponder value maybe",
        "go depth",
        "go depth -5 nodes x",
        "go perft",
        "go perft abc",
        "bench 0",
        "bench x",
        "stop",
        "ponderhit",
        "   ",
        "\t",
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 zzzz",
    ];
    for g in garbage {
        e.send(g);
    }
    e.send_bytes(b"\xff\xfe\x00garbage\x00\r\n\n\n");
    e.send_bytes(&[b'x'; 100_000]);
    e.send("");
    e.ready();
    e.send("position startpos");
    e.send("go depth 4");
    let (best, lines) = e.bestmove();
    let pos = Position::startpos();
    assert!(uci::parse(&pos, &best).is_ok(), "bestmove '{best}' after {lines:?}");
    e.quit();
}

#[test]
fn an_illegal_move_in_position_is_reported_and_the_rest_ignored() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5 e1e3 g1f3");
    let lines = e.until("info string");
    assert!(lines.last().is_some_and(|l| l.contains("e1e3")), "{lines:?}");
    e.send("d");
    let board = e.until("Repr");
    let after = Position::startpos();
    let after = after.play(uci::parse(&after, "e2e4").unwrap());
    let after = after.play(uci::parse(&after, "e7e5").unwrap());
    assert!(board.iter().any(|l| l == &format!("Fen: {}", after.fen())), "{board:?}");
    e.send("go depth 3");
    let (best, _) = e.bestmove();
    assert!(uci::parse(&after, &best).is_ok());
    e.quit();
}

#[test]
fn stop_and_isready_during_go_infinite() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4 d7d5");
    e.send("go infinite");
    e.until("info depth 3");
    // Answered while the search runs, without a bestmove first.
    e.send("isready");
    let lines = e.until("readyok");
    assert!(lines.iter().all(|l| !l.starts_with("bestmove")), "{lines:?}");
    e.quiet_for("bestmove", Duration::from_millis(300));
    e.send("stop");
    let (best, _) = e.bestmove();
    let mut pos = Position::startpos();
    for m in ["d2d4", "d7d5"] {
        pos = pos.play(uci::parse(&pos, m).unwrap());
    }
    assert!(uci::parse(&pos, &best).is_ok(), "{best}");
    e.quit();
}

#[test]
fn ponder_then_ponderhit() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000 winc 20 binc 20");
    // While pondering the clock does not run: no answer before ponderhit.
    e.quiet_for("bestmove", Duration::from_millis(500));
    e.send("ponderhit");
    let (best, _) = e.bestmove();
    assert!(best.len() >= 4);
    // A ponder search that is stopped answers too.
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 2000 btime 2000");
    e.until("info depth 2");
    e.send("stop");
    e.bestmove();
    e.quit();
}

#[test]
fn go_perft_counts_the_published_numbers() {
    let mut e = Engine::start();
    // chessprogramming.org: startpos 197281 at depth 4; Kiwipete 97862 at depth 3.
    e.send("position startpos");
    e.send("go perft 4");
    let lines = e.until("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 197281");
    assert_eq!(lines.iter().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).count(), 20);
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("go perft 3");
    assert_eq!(e.until("Nodes searched").last().unwrap(), "Nodes searched: 97862");
    e.quit();
}

#[test]
fn finds_mates_and_reports_multipv() {
    let mut e = Engine::start();
    // Mate in two (Qxh7+? no: a back-rank mate): 1. Re8+ Rxe8 2. Rxe8#.
    e.send("position fen 6k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1");
    e.send("go mate 2");
    let (best, lines) = e.bestmove();
    assert_eq!(best, "e2e8");
    assert!(lines.iter().any(|l| l.contains("score mate 1") || l.contains("score mate 2")), "{lines:?}");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 5");
    let (_, lines) = e.bestmove();
    for k in 1..=3 {
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 5 ") && l.contains(&format!("multipv {k} "))),
            "{lines:?}"
        );
    }
    // Checkmated and stalemated roots still answer.
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.bestmove().0, "0000");
    e.quit();
}

/// The first move of an `info` line's principal variation.
fn pv_head(line: &str) -> Option<&str> {
    line.split(" pv ").nth(1)?.split_whitespace().next()
}

/// `UCI_LimitStrength` at the lowest `UCI_Elo` searches four lines two plies deep and
/// plays the first move of one of them; ratings out of range are refused.
/// `UCI_ShowWDL` puts `wdl W D L` (permille, summing to 1000) after every score.
#[test]
fn weakened_play_and_win_draw_loss() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    for opt in [
        "Skill Level type spin default 20 min 0 max 20",
        "UCI_LimitStrength type check",
        "UCI_Elo type spin default 1350 min 1350 max 2850",
        "UCI_ShowWDL type check",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("option name {opt}"))), "{opt} missing: {lines:?}");
    }
    e.send("setoption name UCI_Elo value 1000");
    assert!(e.until("info string").last().is_some_and(|l| l.contains("UCI_Elo")));
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1350");
    let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
    for _ in 0..4 {
        e.send(&format!("position fen {}", pos.fen()));
        e.send("go depth 8");
        let (best, lines) = e.bestmove();
        uci::parse(&pos, &best).unwrap_or_else(|err| panic!("{best}: {err}"));
        let info: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
        assert!(info.iter().all(|l| l.starts_with("info depth 1 ") || l.starts_with("info depth 2 ")), "{lines:?}");
        for k in 1..=4 {
            assert!(info.iter().any(|l| l.contains(&format!(" multipv {k} "))), "{lines:?}");
        }
        assert!(info.iter().any(|l| pv_head(l) == Some(best.as_str())), "{best} is not a line's move: {lines:?}");
    }
    e.send("setoption name UCI_LimitStrength value false");
    e.send("setoption name UCI_ShowWDL value true");
    e.send("position startpos");
    e.send("go depth 6");
    let (_, lines) = e.bestmove();
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score cp ")).collect();
    assert!(scored.iter().any(|l| l.starts_with("info depth 6 ")), "{lines:?}");
    for l in scored {
        let wdl: Vec<u32> =
            l.split(" wdl ").nth(1).expect(l).split_whitespace().take(3).map(|t| t.parse().unwrap()).collect();
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{l}");
    }
    // Stockfish's Skill Level: 0 searches one ply, four lines, and picks among them.
    e.send("setoption name Skill Level value 21");
    assert!(e.until("info string").last().is_some_and(|l| l.contains("Skill Level")));
    e.send("setoption name Skill Level value 0");
    e.send("position startpos");
    e.send("go depth 8");
    let (best, lines) = e.bestmove();
    let info: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(info.iter().all(|l| l.starts_with("info depth 1 ")), "{lines:?}");
    assert!(info.iter().any(|l| l.contains(" multipv 4 ")), "{lines:?}");
    assert!(info.iter().any(|l| pv_head(l) == Some(best.as_str())), "{best} is not a line's move: {lines:?}");
    e.quit();
}

/// Plays one game against itself on a fast clock, checking every move with the rules
/// core, until the game ends by the rules or 300 plies pass.
#[test]
fn a_whole_game_against_itself() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Hash value 8");
    e.send("ucinewgame");
    e.ready();
    let mut game = Game::new(Position::startpos());
    let mut moves: Vec<String> = Vec::new();
    let mut clock = [3_000i64, 3_000i64];
    while game.status() == Status::Ongoing && moves.len() < 300 {
        let side = moves.len() % 2;
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send(&format!("go wtime {} btime {} winc 30 binc 30", clock[0].max(1), clock[1].max(1)));
        let started = Instant::now();
        let (best, lines) = e.bestmove();
        clock[side] += 30 - started.elapsed().as_millis() as i64;
        let mv = game.play_uci(&best).unwrap_or_else(|err| panic!("ply {}: {err}; {lines:?}", moves.len()));
        let _ = mv;
        moves.push(best);
    }
    assert!(moves.len() >= 10);
    e.quit();
}

#[test]
fn bench_signature_is_the_same_on_every_representation() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    let reprs: Vec<String> = lines
        .iter()
        .find(|l| l.starts_with("option name Repr"))
        .map(|l| l.split(" var ").skip(1).map(str::to_string).collect())
        .unwrap_or_default();
    assert!(reprs.len() >= 2, "{lines:?}");
    let mut signatures = Vec::new();
    for r in &reprs {
        e.send(&format!("setoption name Repr value {r}"));
        e.send("bench 6");
        let lines = e.until("Nodes searched");
        let per_position: Vec<String> = lines.iter().filter(|l| l.starts_with("Position:")).cloned().collect();
        signatures.push((lines.last().cloned().unwrap_or_default(), per_position));
        e.until("Nodes/second");
    }
    assert!(signatures[0].0.split(':').nth(1).and_then(|n| n.trim().parse::<u64>().ok()).is_some_and(|n| n > 0));
    assert!(signatures.iter().all(|s| s == &signatures[0]), "{signatures:?}");
    // The same tree through `go depth`, position by position, after ucinewgame.
    let mut lasts = Vec::new();
    for r in &reprs {
        e.send(&format!("setoption name Repr value {r}"));
        let mut last = Vec::new();
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            e.send("ucinewgame");
            e.send(&format!("position fen {fen}"));
            e.send("go depth 8");
            let (best, lines) = e.bestmove();
            let info = lines.iter().rev().find(|l| l.starts_with("info depth 8 ")).cloned().unwrap_or_default();
            let fields: Vec<&str> = info.split_whitespace().collect();
            let pick = |k: &str| fields.iter().position(|&f| f == k).map(|i| fields[i + 1..i + 3].join(" "));
            last.push((best, pick("score"), pick("nodes").map(|s| s.split(' ').next().unwrap_or("").to_string())));
        }
        lasts.push(last);
    }
    assert!(lasts.iter().all(|l| l == &lasts[0]), "{lasts:?}");
    assert_eq!(lasts[0][0].0, "h5f7", "Scholar's mate");
    e.quit();
}
