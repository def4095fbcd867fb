//! `polyboard encode` and `polyboard decode`: round trips through the binary on
//! the perft suite for every available format, and clear errors (exit 2, naming
//! the record) on corrupt input.

use polyboard_chess::Position;
use polyboard_codec::Format;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn polyboard(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_polyboard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("finishes");
    writer.join().unwrap();
    out
}

fn suite() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft/plp-perftsuite.epd");
    std::fs::read_to_string(path).unwrap()
}

/// The suite's positions as the format gives them back (see `Format::stored`).
fn expected(format: Format) -> Vec<String> {
    let stored = format.stored();
    suite()
        .lines()
        .map(|l| {
            let pos = Position::from_fen(l.split(';').next().unwrap()).unwrap();
            let fen = pos.fen();
            let f: Vec<&str> = fen.split(' ').collect();
            let halfmove = pos.halfmove_clock().min(stored.halfmove_cap);
            let fullmove = if stored.fullmove { pos.fullmove_number() } else { 1 };
            format!("{} {} {} {} {halfmove} {fullmove}", f[0], f[1], f[2], f[3])
        })
        .collect()
}

#[test]
fn encode_decode_is_exact_on_the_suite() {
    for format in Format::available() {
        for binary in [false, true] {
            let mut args = vec!["encode", "--format", format.name()];
            if binary {
                args.push("--binary");
            }
            let encoded = polyboard(&args, suite().as_bytes());
            assert!(encoded.status.success(), "{format}: {}", String::from_utf8_lossy(&encoded.stderr));
            if !binary {
                let text = String::from_utf8(encoded.stdout.clone()).unwrap();
                assert_eq!(text.lines().count(), 126);
                assert!(text.lines().all(|l| l.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))));
            }
            args[0] = "decode";
            let decoded = polyboard(&args, &encoded.stdout);
            assert!(decoded.status.success(), "{format}: {}", String::from_utf8_lossy(&decoded.stderr));
            let fens: Vec<String> = String::from_utf8(decoded.stdout).unwrap().lines().map(String::from).collect();
            assert_eq!(fens, expected(format), "{format} (binary: {binary})");
        }
    }
}

#[test]
fn chess960_round_trip() {
    let fens = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n\
                nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1\n";
    for format in Format::available() {
        let encoded = polyboard(&["encode", "--format", format.name(), "--chess960"], fens.as_bytes());
        assert!(encoded.status.success());
        let decoded = polyboard(&["decode", "--format", format.name(), "--chess960"], &encoded.stdout);
        let text = String::from_utf8(decoded.stdout).unwrap();
        for (line, fen) in text.lines().zip(fens.lines()) {
            let want = Position::from_fen_variant(fen, true).unwrap();
            let got = Position::from_fen_variant(line, true).unwrap();
            assert_eq!(got.castling_rooks(), want.castling_rooks(), "{format}: {line}");
            assert_eq!(got.occupied(), want.occupied(), "{format}: {line}");
        }
    }
}

#[test]
fn stats_go_to_stderr() {
    let out = polyboard(&["encode", "--format", "huffman", "--stats"], suite().as_bytes());
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("huffman: 126 positions"), "{err}");
    for word in ["mean ", "p50 ", "p99 ", "max "] {
        assert!(err.contains(word), "{err}");
    }
}

#[test]
fn huffman_multi_stats_give_each_table() {
    let fens = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
                r4rk1/8/8/8/8/8/8/R4RK1 w - - 0 1\n\
                nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1\n";
    let out = polyboard(&["encode", "--format", "huffman-multi", "--stats", "--chess960"], fens.as_bytes());
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    // The start position: 115 bits, 108 in its table.
    for row in [
        "KQkq                     1     115.0     108.0",
        "-R-r                     1",
        "KQkq extended            1",
        "the nine tables          1     115.0     108.0",
        "all                      3",
    ] {
        assert!(err.contains(row), "{row}\n{err}");
    }
}

fn assert_bad(out: &Output, needle: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn corrupt_records_exit_2_naming_the_record() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    for format in Format::available() {
        let name = format.name();
        let good = String::from_utf8(polyboard(&["encode", "--format", name], start.as_bytes()).stdout).unwrap();
        let good = good.trim();
        // Not hex.
        assert_bad(&polyboard(&["decode", "--format", name], format!("{good}\nzz\n").as_bytes()), "record 2 (line 2)");
        // Odd length.
        assert_bad(
            &polyboard(&["decode", "--format", name], format!("{good}\n\nabc\n").as_bytes()),
            "record 2 (line 3)",
        );
        // Truncated: half the record.
        let half = &good[..good.len() / 4 * 2];
        let out = polyboard(&["decode", "--format", name], format!("{good}\n{good}\n{half}\n").as_bytes());
        assert_bad(&out, &format!("record 3 (line 3): {name}: "));
        // The records before the bad one are written.
        assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
        // Every one-bit change of the record: an error or a position, never a panic.
        let bytes: Vec<u8> =
            (0..good.len()).step_by(2).map(|i| u8::from_str_radix(&good[i..i + 2], 16).unwrap()).collect();
        let mut lines = String::new();
        for bit in 0..bytes.len() * 8 {
            let mut b = bytes.clone();
            b[bit / 8] ^= 0x80 >> (bit % 8);
            lines.extend(b.iter().map(|x| format!("{x:02x}")));
            lines.push('\n');
        }
        for line in lines.lines() {
            let out = polyboard(&["decode", "--format", name], line.as_bytes());
            assert!(matches!(out.status.code(), Some(0 | 2)), "{name}: {line}");
            assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"), "{name}: {line}");
        }
    }
}

#[test]
fn truncated_binary_record_exits_2() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let encoded = polyboard(&["encode", "--format", "binaryfen", "--binary"], start.repeat(3).as_bytes()).stdout;
    assert_eq!(encoded[0] as usize, encoded.len() / 3 - 1);
    let out = polyboard(&["decode", "--format", "binaryfen", "--binary"], &encoded[..encoded.len() - 1]);
    assert_bad(&out, "record 3 (byte 50): truncated");
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
}

#[test]
fn bad_fen_and_formats_exit_2() {
    let out = polyboard(&["encode", "--format", "huffman"], b"8/8/8/8/8/8/8/8 w - - 0 1\n");
    assert_bad(&out, "record 1 (line 1): FEN field 1 (placement)");
    assert_bad(&polyboard(&["encode", "--format", "nope"], b""), "unknown format 'nope'");
}
