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
pub fn python_chess_perft(name: &str, chess960: bool) -> Vec<(String, Position, Vec<(u32, u64)>)> {
    let mut out: Vec<(String, Position, Vec<(u32, u64)>)> = Vec::new();
    for line in data(name).lines() {
        if let Some(fen) = line.strip_prefix("epd ") {
            let pos = Position::from_fen_variant(fen, chess960).unwrap_or_else(|e| panic!("{fen}: {e}"));
            out.push((fen.to_string(), pos, Vec::new()));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace().map(|x| x.parse::<u64>().unwrap());
            let (d, n) = (it.next().unwrap(), it.next().unwrap());
            out.last_mut().unwrap().2.push((d as u32, n));
        }
    }
    out
}

/// Checks every count up to `max_depth` with representation `B`; returns the failures.
pub fn check_cases<B: Board>(
    cases: impl IntoIterator<Item = (String, Position, Vec<(u32, u64)>)>,
    max_depth: u32,
) -> Vec<String> {
    let mut failures = Vec::new();
    for (fen, pos, counts) in cases {
        let b = B::from_position(&pos);
        for (d, n) in counts.into_iter().filter(|c| c.0 <= max_depth) {
            let got = polyboard_core::perft::perft(&b, d);
            if got != n {
                failures.push(format!("{} {fen} depth {d}: expected {n}, got {got}", B::NAME));
            }
        }
    }
    failures
}

/// EPD cases as tuples for [`check_cases`].
pub fn tuples(cases: Vec<PerftCase>) -> Vec<(String, Position, Vec<(u32, u64)>)> {
    cases.into_iter().map(|c| (c.fen, c.position, c.counts)).collect()
}
