//! Shared test helpers: the repository's test data and random games.
#![allow(dead_code)]

use polyboard_chess::{Position, epd};
use polyboard_codec::Format;

/// The text of `tests/data/<name>` at the repository root.
pub fn data(name: &str) -> String {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every position of the perft suites (`tests/data/perft/*.epd`, `*.perft`).
pub fn suite_positions() -> Vec<Position> {
    let mut v = Vec::new();
    for (name, chess960) in [
        ("perft/plp-perftsuite.epd", false),
        ("perft/ethereal-standard.epd", false),
        ("perft/ethereal-fischer.epd", true),
    ] {
        v.extend(epd::parse_suite(&data(name), chess960).unwrap().into_iter().map(|c| c.position));
    }
    for (name, chess960) in [("perft/python-chess-chess960.perft", true), ("perft/python-chess-tricky.perft", false)] {
        for line in data(name).lines() {
            if let Some(fen) = line.strip_prefix("epd ") {
                let pos = if chess960 { Position::from_fen_variant(fen, true) } else { Position::from_fen(fen) };
                v.push(pos.unwrap_or_else(|e| panic!("{fen}: {e}")));
            }
        }
    }
    v
}

/// The FEN_AFTER positions of `tests/data/movetext.txt`, with their Chess960 flag.
pub fn movetext_after() -> Vec<(String, bool)> {
    data("movetext.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols[4].to_string(), cols[1] == "1")
        })
        .collect()
}

/// `pos` as the format gives it back: the kept fields as they are, the others
/// filled in as the format's documentation says.
pub fn expected(format: Format, pos: &Position) -> String {
    let stored = format.stored();
    let fen = pos.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let halfmove = pos.halfmove_clock().min(stored.halfmove_cap);
    let fullmove = if stored.fullmove { pos.fullmove_number() } else { 1 };
    format!("{} {} {} {} {halfmove} {fullmove}", fields[0], fields[1], fields[2], fields[3])
}

/// Encodes and decodes `pos` with every available format and checks every kept field.
pub fn round_trip(pos: &Position, buf: &mut Vec<u8>) {
    for format in Format::available() {
        let bits = format.encode(pos, buf).unwrap();
        assert!(bits <= buf.len() * 8 && buf.len() <= format.max_bytes(), "{format}: {} bytes for {pos}", buf.len());
        let back =
            format.decode(buf, pos.is_chess960()).unwrap_or_else(|e| panic!("{format}: {e} for {pos} ({})", hex(buf)));
        assert_eq!(back.fen(), expected(format, pos), "{format} ({})", hex(buf));
        assert_eq!(back.castling_rooks(), pos.castling_rooks(), "{format}: {pos}");
        assert_eq!(back.is_chess960(), pos.is_chess960(), "{format}: {pos}");
    }
}

/// Lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
