//! Shared helpers of the integration tests: data files from `tests/data` at the
//! repository root (see its README for provenance).
#![allow(dead_code)]

use polyboard_chess::epd::{self, PerftCase};
use polyboard_chess::{Board, Position};

/// Reads a data file from `tests/data`.
pub fn data(name: &str) -> String {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// Non-comment, non-empty lines of a tab-separated data file, split on tabs.
pub fn rows(name: &str) -> Vec<Vec<String>> {
    data(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// Parses a FEN for the game named by a `0`/`1` column.
pub fn parse(fen: &str, chess960: &str) -> Position {
    Position::from_fen_variant(fen, chess960 == "1").unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The cases of an EPD perft suite.
pub fn suite(name: &str, chess960: bool) -> Vec<PerftCase> {
    epd::parse_suite(&data(name), chess960).unwrap()
}

/// Cases of python-chess's `.perft` format (`id`, `epd`, `perft N count` lines).
/// `chess960: None` detects Chess960 from each FEN's castling rights.
pub fn python_chess_perft(name: &str, chess960: Option<bool>) -> Vec<PerftCase> {
    let mut out: Vec<PerftCase> = Vec::new();
    for (i, line) in data(name).lines().enumerate() {
        if let Some(fen) = line.strip_prefix("epd ") {
            let position = match chess960 {
                Some(c) => Position::from_fen_variant(fen, c),
                None => Position::from_fen(fen),
            }
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
            out.push(PerftCase { line: i + 1, fen: fen.to_string(), position, counts: Vec::new() });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let v: Vec<u64> = rest.split_whitespace().map(|x| x.parse().unwrap()).collect();
            out.last_mut().unwrap().counts.push((v[0] as u32, v[1]));
        }
    }
    out
}

/// Checks every count up to `max_depth` with representation `B`; returns the failures.
pub fn check_cases<B: Board>(cases: &[PerftCase], max_depth: u32) -> Vec<String> {
    let mut failures = Vec::new();
    for case in cases {
        let b = B::from_position(&case.position);
        for &(d, n) in case.counts.iter().filter(|c| c.0 <= max_depth) {
            let got = polyboard_core::perft::perft(&b, d);
            if got != n {
                failures.push(format!("{} {} depth {d}: expected {n}, got {got}", B::NAME, case.fen));
            }
        }
    }
    failures
}
