//! The CLI contract of DESIGN.md: output forms and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn polyboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_polyboard")).args(args).output().expect("runs")
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn kiwipete_depth_5_json() {
    // Published count: chessprogramming.org, Perft Results, position 2.
    let out = polyboard(&["perft", "--fen", KIWIPETE, "--depth", "5", "--json"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(lines[0].starts_with("{\"variant\":\"chess\",\"repr\":\""), "{text}");
    assert!(lines[0].contains(&format!("\"fen\":\"{KIWIPETE}\",\"depth\":5,\"nodes\":193690690,")), "{text}");
    assert!(lines[0].contains("\"seconds\":") && lines[0].ends_with('}'));
}

#[test]
fn every_repr_full_and_divide() {
    for repr in String::from_utf8(polyboard(&["reprs"]).stdout).unwrap().lines() {
        let out = polyboard(&["perft", "--fen", KIWIPETE, "--depth", "2", "--repr", repr, "--divide", "--full"]);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let is_move =
            |l: &&str| l.split_once(": ").is_some_and(|(m, _)| (4..=5).contains(&m.len()) && !m.contains(' '));
        assert_eq!(text.lines().filter(is_move).count(), 48, "{text}");
        assert!(text.contains("e1g1: ") && text.contains("Nodes searched: 2039"), "{text}");
    }
}

#[test]
fn bad_fen_exits_2_with_the_reason() {
    let out =
        polyboard(&["perft", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("FEN field 4 (en passant): 'e9' is not a square"), "{err}");
    assert_eq!(polyboard(&["perft", "--fen", KIWIPETE, "--depth", "1", "--repr", "nope"]).status.code(), Some(2));
    assert_eq!(polyboard(&["perft", "--fen", KIWIPETE]).status.code(), Some(2));
    assert_eq!(polyboard(&["perft", "--bogus"]).status.code(), Some(2));
}

#[test]
fn suites_exit_1_on_a_wrong_count() {
    let dir = std::env::temp_dir().join(format!("polyboard-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.epd");
    let bad = dir.join("bad.epd");
    std::fs::File::create(&good).unwrap().write_all(format!("{KIWIPETE} ;D1 48 ;D2 2039\n").as_bytes()).unwrap();
    std::fs::File::create(&bad).unwrap().write_all(format!("{KIWIPETE};48;2040\n").as_bytes()).unwrap();
    let ok = polyboard(&["perft", "--epd", good.to_str().unwrap(), "--repr", "all", "--json"]);
    assert!(ok.status.success());
    let text = String::from_utf8(ok.stdout).unwrap();
    assert!(text.lines().all(|l| l.ends_with(",\"ok\":true}")), "{text}");
    let fail = polyboard(&["perft", "--epd", bad.to_str().unwrap()]);
    assert_eq!(fail.status.code(), Some(1));
    assert!(String::from_utf8(fail.stdout).unwrap().contains("FAIL line 1 depth 2"));
    // --max-depth bounds the run, so the wrong depth-2 count is not reached.
    let bounded = polyboard(&["perft", "--epd", bad.to_str().unwrap(), "--max-depth", "1"]);
    assert!(bounded.status.success());
    assert_eq!(polyboard(&["perft", "--epd", "/nonexistent/x.epd"]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shogi_perft_divide_suite_and_errors() {
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let out = polyboard(&["perft", "--variant", "shogi", "--fen", start, "--depth", "3", "--json", "--repr", "all"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.lines().all(|l| l.starts_with("{\"variant\":\"shogi\"") && l.contains("\"nodes\":25470")), "{text}");
    // No first move of Black touches White's 30 moves (the data file: 30 x 30 = 900).
    let out = polyboard(&["perft", "--variant", "shogi", "--fen", start, "--depth", "2", "--divide"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("7g7f: 30") && text.contains("Nodes searched: 900"), "{text}");
    let out = polyboard(&["perft", "--variant", "shogi", "--fen", "startpos", "--depth", "1", "--moves", "7g7f"]);
    assert!(String::from_utf8(out.stdout).unwrap().contains("Nodes searched: 30"));
    // pyffish's FEN of the start position (`sf.start_fen("shogi")`) reads as its SFEN.
    let fsf = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
    let out = polyboard(&["perft", "--variant", "shogi", "--fen", fsf, "--depth", "2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Nodes searched: 900"), "{text} {}", String::from_utf8_lossy(&out.stderr));
    let out = polyboard(&["perft", "--variant", "shogi", "--fen", "4k4/9/9/9/P8/9/P8/9/4K4 b - 1", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("SFEN field 1 (board): two unpromoted pawns"));
    let out = polyboard(&["perft", "--variant", "shogi", "--fen", start, "--depth", "1", "--moves", "7g7e"]);
    assert_eq!(out.status.code(), Some(2));
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft/shogi-perft.txt");
    let suite = polyboard(&["perft", "--variant", "shogi", "--epd", data, "--max-depth", "2"]);
    assert!(suite.status.success(), "{}", String::from_utf8_lossy(&suite.stdout));
    let dir = std::env::temp_dir().join(format!("polyboard-cli-shogi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::File::create(&bad).unwrap().write_all(format!("{start} ;D1 30 ;D2 901\n").as_bytes()).unwrap();
    assert_eq!(polyboard(&["perft", "--variant", "shogi", "--epd", bad.to_str().unwrap()]).status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
    let out = polyboard(&["reprs", "--variant", "shogi"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "fast\nbb128\nbb3x32\nattacktable\nsjaak\n");
}

#[test]
fn reprs_lists_magic() {
    let out = polyboard(&["reprs"]);
    assert!(String::from_utf8(out.stdout).unwrap().lines().any(|l| l == "magic"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_polyboard"))
        .args(["reprs", "--variant", "nosuch"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(2));
    let out = polyboard(&["reprs", "--variant", "xiangqi"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "sjaak\n");
}

/// `--variant chess` (the default) reads a FEN whose castling rights need Chess960 as
/// Chess960, as its suites do; counts from Ethereal's Chess960 suite (tests/data/perft).
#[test]
fn chess_reads_a_chess960_fen() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    for args in
        [&["perft", "--fen", fen, "--depth", "3"][..], &["perft", "--variant", "chess", "--fen", fen, "--depth", "3"]]
    {
        let out = polyboard(args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8(out.stdout).unwrap().contains("Nodes searched: 12189"));
    }
}

#[test]
fn variant_perft_and_a_user_variant_file() {
    let out = polyboard(&["perft", "--variant", "capablanca", "--depth", "2", "--json"]);
    assert!(String::from_utf8(out.stdout).unwrap().contains("\"nodes\":784"));
    let dir = std::env::temp_dir().join(format!("polyboard-variants-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ini = dir.join("bad.ini");
    std::fs::write(&ini, "[mine:chess]\nnoSuchKey = 1\n").unwrap();
    std::fs::write(
        &ini,
        "[mine:chess]\nnoSuchKey = 1\n[fine:chess]\nmaxFile = 9\nstartFen = 9/9/9/9/9/9/9/K7k w - - 0 1\n",
    )
    .unwrap();
    // As Fairy-Stockfish reads a file: the unknown key is left out with a warning naming
    // the line, the section and the key, and the rest of its section loads.
    let out = polyboard(&["perft", "--variants", ini.to_str().unwrap(), "--variant", "mine", "--depth", "1"]);
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 2: section 'mine': key 'noSuchKey' ignored: unsupported key"), "{err}");
    assert!(String::from_utf8(out.stdout).unwrap().contains("Nodes searched: 20"));
    let out = polyboard(&["perft", "--variants", ini.to_str().unwrap(), "--variant", "fine", "--depth", "1"]);
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().contains("Nodes searched: 3"));
    // --strict: the first problem rejects the whole file.
    let out =
        polyboard(&["perft", "--variants", ini.to_str().unwrap(), "--strict", "--variant", "fine", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("line 2: key 'noSuchKey'"));
    // `check` lists every problem, one a line, and fails.
    let out = polyboard(&["check", ini.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let listed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(listed.lines().count(), 1, "{listed}");
    assert!(listed.contains("section 'mine': key 'noSuchKey' ignored"), "{listed}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every `](target)` of `report` names a file in `dir`, no text points to the codec README
/// that does not exist, and every page and section of `docs/` it names exists.
fn assert_no_dead_links(dir: &std::path::Path, report: &str) {
    assert!(!report.contains("README of polyboard-codec"), "a dead pointer");
    crate::docs::assert_docs_pointers("report.md", report);
    for piece in report.split("](").skip(1) {
        let target = &piece[..piece.find(')').expect("a closing parenthesis")];
        assert!(dir.join(target).is_file(), "dead link {target}");
    }
}

/// A fresh empty directory under the system's temp dir.
fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("polyboard-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn bench_writes_its_report_to_the_default_folder() {
    let cwd = fresh_dir("bench-default");
    let out = Command::new(env!("CARGO_BIN_EXE_polyboard"))
        .args(["bench", "--quick", "--repr", "magic"])
        .current_dir(&cwd)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("report written to polyboard-report/report.md"), "{text}");
    let dir = cwd.join("polyboard-report");
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(report.contains("| magic |"), "{report}");
    for chart in ["bulk.svg", "full.svg", "size.svg", "search-time.svg", "search-speed.svg"] {
        assert!(dir.join(chart).is_file(), "{chart}");
    }
    assert_no_dead_links(&dir, &report);
    std::fs::remove_dir_all(&cwd).unwrap();
}

#[test]
fn bench_no_report_writes_nothing() {
    let cwd = fresh_dir("bench-no-report");
    let out = Command::new(env!("CARGO_BIN_EXE_polyboard"))
        .args(["bench", "--variant", "shogi", "--quick", "--repr", "fast", "--no-report"])
        .current_dir(&cwd)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("plain minimax to depth 3") && !text.contains("report written"), "{text}");
    assert_eq!(std::fs::read_dir(&cwd).unwrap().count(), 0, "--no-report wrote into {}", cwd.display());
    // --out and --no-report contradict each other: bad input.
    assert_eq!(polyboard(&["bench", "--no-report", "--out", "x"]).status.code(), Some(2));
    std::fs::remove_dir_all(&cwd).unwrap();
}

#[test]
fn bench_writes_the_report_and_charts() {
    let dir = std::env::temp_dir().join(format!("polyboard-bench-test-{}", std::process::id()));
    let out = polyboard(&["bench", "--quick", "--repr", "magic", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.starts_with("magic ")), "{text}");
    assert!(text.contains(&format!("report written to {}", dir.join("report.md").display())), "{text}");
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(report.contains("| magic |") && report.contains("![bulk perft](bulk.svg)"));
    assert_no_dead_links(&dir, &report);
    for chart in ["bulk.svg", "full.svg", "size.svg"] {
        let svg = std::fs::read_to_string(dir.join(chart)).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains(">magic</text>"), "{chart}");
    }
    assert_eq!(polyboard(&["bench", "--repr", "nope"]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shogi_bench_runs_the_experiment_and_writes_its_report() {
    let dir = std::env::temp_dir().join(format!("polyboard-shogi-bench-test-{}", std::process::id()));
    let args = ["bench", "--variant", "shogi", "--quick", "--repr", "fast,attacktable", "--out", dir.to_str().unwrap()];
    let out = polyboard(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    // Depth 3 over the 100 positions: every representation visits the same nodes.
    assert!(text.contains("plain minimax to depth 3"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("fast ")) && text.contains("48.8%"), "{text}");
    assert!(text.contains("- SEE, bitboards against attack tables"), "{text}");
    assert!(text.contains(&format!("report written to {}", dir.join("shogi-report.md").display())), "{text}");
    let report = std::fs::read_to_string(dir.join("shogi-report.md")).unwrap();
    assert!(report.contains("| attacktable |") && report.contains("## What holds"));
    assert_eq!(polyboard(&["bench", "--variant", "shogi", "--repr", "magic"]).status.code(), Some(2));
    assert_eq!(polyboard(&["bench", "--variant", "go"]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn stderr_of(args: &[&str]) -> (Option<i32>, String) {
    let out = polyboard(args);
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn a_depth_past_the_game_limit_is_an_error() {
    // Chess perft 14 of the start position (61,885,021,521,585,529,237, OEIS A048987)
    // overflows the 64-bit count, so chess stops at 13.
    let (code, err) = stderr_of(&["perft", "--fen", "startpos", "--depth", "300"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--depth 300: chess perft goes to depth 13 at most"), "{err}");
    let (code, err) = stderr_of(&["perft", "--variant", "chess", "--depth", "14"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, err) = stderr_of(&["perft", "--variant", "shogi", "--depth", "13"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("shogi perft goes to depth 12 at most"), "{err}");
    let (code, err) = stderr_of(&["perft", "--variant", "xiangqi", "--depth", "300"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("xiangqi perft goes to depth 12 at most"), "{err}");
    let (code, err) = stderr_of(&["perft", "--fen", "startpos", "--depth", "99999999999"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("'--depth <DEPTH>': 99999999999 plies is more than any game allows"), "{err}");
    // A suite line deeper than the limit, unless --max-depth stops before it.
    let dir = std::env::temp_dir().join(format!("polyboard-cli-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deep = dir.join("deep.epd");
    std::fs::write(&deep, format!("{KIWIPETE} ;D1 48 ;D300 1\n")).unwrap();
    let (code, err) = stderr_of(&["perft", "--epd", deep.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("line 1: depth 300 is deeper than chess allows (13)"), "{err}");
    assert!(polyboard(&["perft", "--epd", deep.to_str().unwrap(), "--max-depth", "1"]).status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_negative_depth_is_named_as_such() {
    for args in [
        &["perft", "--fen", "startpos", "--depth", "-1"][..],
        &["perft", "--variant", "shogi", "--depth=-1"],
        &["perft", "--epd", "x.epd", "--max-depth", "-1"],
    ] {
        let (code, err) = stderr_of(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains("a depth counts plies, so it is 0 or more, not -1"), "{args:?}: {err}");
        assert!(!err.contains("unexpected argument"), "{err}");
    }
    let (code, err) = stderr_of(&["perft", "--fen", "startpos", "--depth", "four"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("'four' is not a whole number of plies"), "{err}");
}

#[test]
fn an_empty_suite_is_an_error() {
    let dir = std::env::temp_dir().join(format!("polyboard-cli-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.epd");
    let comments = dir.join("comments.epd");
    std::fs::write(&empty, "").unwrap();
    std::fs::write(&comments, "# no positions here\n\n").unwrap();
    for (file, variant) in [(&empty, "chess"), (&comments, "chess"), (&empty, "shogi"), (&empty, "xiangqi")] {
        let out = polyboard(&["perft", "--epd", file.to_str().unwrap(), "--variant", variant]);
        assert_eq!(out.status.code(), Some(2), "{variant} {}", file.display());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("no perft counts to check"), "{err}");
        assert!(!String::from_utf8(out.stdout).unwrap().contains("0 of 0 counts agree"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn help(command: &str) -> String {
    let out = polyboard(&[command, "--help"]);
    assert!(out.status.success(), "{command}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn help_texts_say_what_each_command_plays() {
    let uci = help("uci");
    assert!(uci.contains("chess, Chess960 and every variant") && uci.contains("UCI_Variant"), "{uci}");
    let usi = help("usi");
    assert!(usi.contains("shogi and the shogi family") && usi.contains("USI_Variant"), "{usi}");
    let xboard = help("xboard");
    assert!(xboard.contains("chess, Chess960 and every variant") && xboard.contains("`variant`"), "{xboard}");
    let bench = help("bench");
    assert!(!bench.contains("the issue"), "{bench}");
    assert!(bench.contains("--variant-peers") && bench.contains("Fairy-Stockfish"), "{bench}");
    // --variants means a variant file wherever it is shown.
    assert!(!bench.contains("--variants "), "{bench}");
    assert!(help("perft").contains("--variants <VARIANTS>"));
}

#[test]
fn bench_variant_peers_and_its_old_name() {
    // Capablanca's start position at depth 4: 805128 (Fairy-Stockfish's published perft).
    for flag in ["--variant-peers", "--variants"] {
        let out = polyboard(&["bench", flag, "--quick"]);
        assert!(out.status.success(), "{flag}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("| capablanca | 4 | 805128 |"), "{flag}: {text}");
    }
}
