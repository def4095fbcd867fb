//! The game registry of `perft` and `reprs`: a variant's start position when no FEN
//! is given, `--fen startpos`, and one listing for every game.

use std::process::{Command, Output};

fn polyboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_polyboard")).args(args).output().expect("runs")
}

fn stdout(args: &[&str]) -> String {
    let out = polyboard(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_start_position_when_no_fen_is_given() {
    // chessprogramming.org, Perft Results: the start position, depth 3: 8902.
    assert!(stdout(&["perft", "--variant", "chess", "--depth", "3"]).contains("Nodes searched: 8902"));
    assert!(stdout(&["perft", "--fen", "startpos", "--depth", "3"]).contains("Nodes searched: 8902"));
    // Chess960 position 518 is the standard start: 20 moves, castling or not.
    assert!(stdout(&["perft", "--variant", "chess960", "--depth", "2"]).contains("Nodes searched: 400"));
    // Shogi from the start: 30 moves, 900 at depth 2 (the published shogi perft table).
    assert!(stdout(&["perft", "--variant", "shogi", "--depth", "2"]).contains("Nodes searched: 900"));
    // --moves from the start position: after 1.e4 e5 White has 29 legal moves.
    let text = stdout(&["perft", "--variant", "chess", "--moves", "e2e4 e7e5", "--depth", "1"]);
    assert!(text.contains("Nodes searched: 29"), "{text}");
    // Without --variant and --fen: chess from its start position, as UCI's `position startpos`.
    assert!(stdout(&["perft", "--depth", "3"]).contains("Nodes searched: 8902"));
    // Without --depth there is nothing to count (exit 2).
    let out = polyboard(&["perft"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give --depth N"));
}

#[test]
fn chess_start_position_deeper_without_a_fen() {
    // chessprogramming.org, Perft Results, initial position: depth 4 197281, depth 5 4865609.
    let text = stdout(&["perft", "--fen", "startpos", "--depth", "4"]);
    assert!(text.contains("Nodes searched: 197281\n"), "{text}");
    let text = stdout(&["perft", "--variant", "chess", "--depth", "5"]);
    assert!(text.contains("Nodes searched: 4865609\n"), "{text}");
    let text = stdout(&["perft", "--variant", "chess", "--fen", "startpos", "--depth", "4", "--json"]);
    assert!(text.contains("\"depth\":4,\"nodes\":197281,"), "{text}");
}

#[test]
fn every_game_lists_and_runs_its_representations() {
    for (variant, depth, nodes) in [("chess", 2, 400), ("shogi", 1, 30), ("xiangqi", 1, 44)] {
        for repr in stdout(&["reprs", "--variant", variant]).lines() {
            let text = stdout(&["perft", "--variant", variant, "--repr", repr, "--depth", &depth.to_string()]);
            assert!(text.contains(&format!("Nodes searched: {nodes}")), "{variant} {repr}: {text}");
        }
    }
    let out = polyboard(&["perft", "--variant", "xiangqi", "--repr", "magic", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown representation 'magic'"));
}

#[test]
fn reprs_lists_the_default_then_by_measured_speed() {
    let text = stdout(&["reprs"]);
    let names: Vec<&str> = text.lines().collect();
    // The first is the representation perft runs without --repr.
    let json = stdout(&["perft", "--fen", "startpos", "--depth", "1", "--json"]);
    assert!(json.contains(&format!("\"repr\":\"{}\"", names[0])), "{json}");
    // docs/representations.md's speed table (bulk Mnps): array8x8 the slowest (140), ccr next
    // (175), quad (706) above rotated (658) above classical (518); sjaak, the variant engine, last.
    let at = |n: &str| names.iter().position(|l| *l == n).unwrap_or_else(|| panic!("{n} missing: {text}"));
    assert_eq!(names[names.len() - 2..], ["array8x8", "sjaak"], "{text}");
    assert_eq!(at("ccr") + 1, at("array8x8"));
    assert!(at("quad") < at("rotated") && at("rotated") < at("classical"), "{text}");
    // docs/representations.md, section "The rotated CCR": 246 Mnps, between mailbox10x12
    // (254) and piecelist (195).
    assert!(at("mailbox10x12") < at("rotatedccr") && at("rotatedccr") < at("piecelist"), "{text}");
    // Shogi (the table in docs/shogi.md): fast, bb128, bb3x32, attacktable.
    assert_eq!(stdout(&["reprs", "--variant", "shogi"]), "fast\nbb128\nbb3x32\nattacktable\nsjaak\n");
    let help = stdout(&["reprs", "--help"]);
    assert!(help.contains("the default of `perft` first") && help.contains("fastest first"), "{help}");
}
