//! `huffman-multi`: the survey's multi-table approach. Its categories, its
//! Chess960 and promoted-rook fallbacks, and the survey's arithmetic at the start.

use crate::common;

use common::*;
use polyboard_chess::{CastlingSide, Color, Position};
use polyboard_codec::bits::BitWriter;
use polyboard_codec::huffman_multi::{self, Category, RookState, TableKey};
use polyboard_codec::{ErrorKind, huffman_tuned};

fn key(fen: &str, chess960: bool) -> TableKey {
    TableKey::of(&Position::from_fen_variant(fen, chess960).unwrap())
}

#[test]
fn the_81_categories() {
    let names: std::collections::HashSet<String> =
        (0..Category::COUNT).map(|i| Category::from_index(i).unwrap().name()).collect();
    assert_eq!(names.len(), 81);
    assert!(Category::from_index(81).is_none());
    let all = || (0..Category::COUNT).map(|i| Category::from_index(i).unwrap());
    // The survey: 25 categories where each side has a rook with its right, nine of
    // them with both rooks of each side home.
    let with_rights = all().filter(|c| c.has_right(Color::White) && c.has_right(Color::Black)).count();
    assert_eq!(with_rights, 25);
    let nine: Vec<String> = all().filter(|c| c.is_both_home_with_rights()).map(|c| c.name()).collect();
    assert_eq!(nine, ["KQkq", "RQkq", "KRkq", "KQrq", "RQrq", "KRrq", "KQkr", "RQkr", "KRkr"]);
    assert_eq!(all().filter(|c| c.all_home()).count(), 16);
    let c = Category::from_index(0).unwrap();
    assert_eq!(c.state(Color::Black, CastlingSide::Queen), RookState::Right);
}

#[test]
fn categories_of_positions() {
    for (fen, name) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "KQkq"),
        ("r4rk1/8/8/8/8/8/8/R4RK1 w - - 0 1", "-R-r"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Qq - 0 1", "RQrq"),
        // A white rook on a8 is not black's rook at home.
        ("R2nk2r/8/8/8/8/8/8/r2NK2R w Kk - 0 1", "K-k-"),
        ("8/8/8/8/8/8/8/K6k w - - 0 1", "----"),
    ] {
        let k = key(fen, false);
        assert_eq!((k.category.name(), k.extended), (name.to_string(), false), "{fen}");
    }
}

#[test]
fn start_position_and_the_survey_arithmetic() {
    let start = Position::startpos();
    let mut buf = Vec::new();
    let bits = huffman_multi::encode(&start, &mut buf);
    assert_eq!((bits, buf.len()), (115, 15));
    let k = TableKey::of(&start);
    assert_eq!((k.category.index(), k.bits()), (0, 7));
    // Against huffman-tuned, in its table: kings 12, castling 4, white rooks 2 × 5,
    // black rooks 2 × 4 (huffman-tuned already implies their colour), queens 2 × 1.
    let tuned = huffman_tuned::encode(&start, &mut buf);
    assert_eq!(tuned - (bits - k.bits()), 12 + 4 + 10 + 8 + 2);
}

#[test]
fn edge_positions_round_trip_in_every_format() {
    let mut buf = Vec::new();
    for (fen, chess960, extended) in [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, false),
        ("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 1", false, false),
        // A promoted rook where all four rooks are home: the stream needs the rook code.
        ("r3k2r/1R6/8/8/8/8/8/R3K2R b KQkq - 0 1", false, true),
        ("r3k2r/1R6/8/8/8/8/8/R3K2R b - - 0 1", false, true),
        ("r3k2r/1R6/8/8/8/8/8/R3K2R b Kk - 0 1", false, true),
        // All home but no promoted rook: the rook code is dropped.
        ("r2qk2r/8/8/8/8/8/8/R2QK2R w - - 0 1", false, false),
        ("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", false, false),
        ("r4rk1/8/8/8/8/8/8/R4RK1 w - - 0 1", false, false),
        ("8/8/8/8/8/8/8/K6k w - - 0 1", false, false),
        // Chess960: rights on inner rooks, a king off the e-file, a king on the b-file
        // with its queen-side rook on the a1 corner.
        ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", true, true),
        ("1k6/8/8/8/8/8/8/RK5R w HA - 0 1", true, true),
        ("rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1", true, true),
        ("rk5r/8/8/8/8/8/8/RK5R b - - 0 1", true, false),
        ("2k3r1/8/8/8/8/8/8/1RK5 w Bg - 0 1", true, true),
    ] {
        let pos = Position::from_fen_variant(fen, chess960).unwrap();
        round_trip(&pos, &mut buf);
        assert_eq!(TableKey::of(&pos).extended, extended, "{fen}");
    }
}

#[test]
fn every_chess960_start_round_trips() {
    let mut buf = Vec::new();
    let mut extended = 0;
    for n in 0..960 {
        let pos = Position::chess960_start(n).unwrap();
        let k = TableKey::of(&pos);
        assert_eq!(k.category.name(), "KQkq", "{n}");
        extended += usize::from(k.extended);
        huffman_multi::encode(&pos, &mut buf);
        assert_eq!(huffman_multi::decode(&buf, true).unwrap(), pos, "{n}");
    }
    // Only the arrays R...K..R fit the survey's tables: a dark-square bishop on c or
    // g, a light one on b, d or f, and the queen on one of the three squares left.
    assert_eq!(960 - extended, 2 * 3 * 3);
}

/// A record from `(value, width)` fields, then the bits `from..to` of `tail`.
fn record(fields: &[(u32, u32)], tail: &[u8], from: usize, to: usize) -> Vec<u8> {
    let mut buf = Vec::new();
    let mut w = BitWriter::new(&mut buf);
    for &(v, n) in fields {
        w.write(v, n);
    }
    for i in from..to {
        w.bit(tail[i / 8] >> (7 - i % 8) & 1 == 1);
    }
    w.finish();
    buf
}

#[test]
fn bad_and_misfiled_records_are_errors() {
    let e = huffman_multi::decode(&record(&[(82, 7)], &[], 0, 0), false).unwrap_err();
    assert_eq!(e.to_string(), "table: bad code (82 (0-80 are categories, 81 marks an extended record))");
    let e = huffman_multi::decode(&record(&[(81, 7), (81, 7)], &[], 0, 0), false).unwrap_err();
    assert_eq!(e.to_string(), "table: bad code (81 (0-80 are categories))");
    let e = huffman_multi::decode(&[], false).unwrap_err();
    assert_eq!((e.field, e.kind), ("table", ErrorKind::Truncated));
    // An extended record whose white king-side rook stands left of its king.
    let e = huffman_multi::decode(&record(&[(81, 7), (0, 7), (4, 3), (2, 3)], &[], 0, 0), false).unwrap_err();
    assert_eq!(e.to_string(), "castling geometry: bad code (a King-side rook on file 2 beside a king on file 4)");

    // Both sides' rooks home with their rights and nothing else but the kings: the
    // stream is the same with or without the rook code, so the standard record's
    // body after an extended key (e, h, a for both colours) decodes, to a position
    // that belongs in the standard table.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let mut buf = Vec::new();
    let bits = huffman_multi::encode(&pos, &mut buf);
    let geometry = [(4, 3), (7, 3), (0, 3)];
    let fields: Vec<(u32, u32)> = [(81, 7), (0, 7)].into_iter().chain(geometry).chain(geometry).collect();
    let e = huffman_multi::decode(&record(&fields, &buf, 7, bits), false).unwrap_err();
    assert_eq!(
        e.to_string(),
        "table: bad code (the record is filed under KQkq (extended), but its position belongs under KQkq)"
    );

    // A white rook on a1 written in the stream of table `----` (80): it belongs in
    // `-R--` (77), with the rook implied. Key, side, clock, kings e1 and e8, counts
    // 1 and 0, no-pawns flag, plain empties, then the rook on a1 (`110`, its colour
    // implied).
    let fields = [(80, 7), (0, 1), (0, 7), (4, 6), (60, 6), (1, 4), (0, 4), (1, 1), (0, 1), (0b110, 3)];
    let e = huffman_multi::decode(&record(&fields, &[], 0, 0), false).unwrap_err();
    assert_eq!(e.to_string(), "table: bad code (the record is filed under ----, but its position belongs under -R--)");
    // The same position's own record decodes.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    huffman_multi::encode(&pos, &mut buf);
    assert_eq!(TableKey::of(&pos).category.index(), 77);
    assert_eq!(huffman_multi::decode(&buf, false).unwrap(), pos);
}

#[test]
fn kept_in_its_table_a_record_is_shorter_than_huffman_tuned_on_the_suites() {
    let mut buf = Vec::new();
    let (mut multi, mut tuned) = (0, 0);
    for pos in suite_positions() {
        multi += huffman_multi::encode(&pos, &mut buf) - TableKey::of(&pos).bits();
        tuned += huffman_tuned::encode(&pos, &mut buf);
    }
    assert!(multi < tuned, "{multi} {tuned}");
}
