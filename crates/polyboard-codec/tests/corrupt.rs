//! Damaged records: decoders never panic, and where a format's structure allows
//! it, a truncated record is always an error.

use crate::common;

use common::*;
use polyboard_codec::{ErrorKind, Format};

/// Every proper prefix of every suite record, and every one-bit change of it.
#[test]
fn prefixes_and_bit_flips() {
    let positions = suite_positions();
    let mut buf = Vec::new();
    for format in Format::available() {
        let mut prefixes_decoded = 0;
        for pos in positions.iter().step_by(3) {
            format.encode(pos, &mut buf).unwrap();
            for len in 0..buf.len() {
                if format.decode(&buf[..len], pos.is_chess960()).is_ok() {
                    prefixes_decoded += 1;
                }
            }
            for bit in 0..buf.len() * 8 {
                let mut b = buf.clone();
                b[bit / 8] ^= 0x80 >> (bit % 8);
                if let Ok(p) = format.decode(&b, pos.is_chess960()) {
                    // Whatever decodes is a valid position that round-trips.
                    let mut again = Vec::new();
                    format.encode(&p, &mut again).unwrap();
                    assert_eq!(format.decode(&again, p.is_chess960()).unwrap(), p, "{format}");
                }
            }
        }
        match format {
            // Both are self-delimiting: a cut record always lacks a field.
            Format::Stream | Format::HuffmanTuned | Format::HuffmanMulti => assert_eq!(prefixes_decoded, 0, "{format}"),
            // binaryfen cuts trailing zero bytes, and huffman's end marker moves
            // with the cut: a prefix can be another valid record.
            _ => {}
        }
        eprintln!("{format}: {prefixes_decoded} prefixes decode");
    }
}

#[test]
fn errors_name_the_field() {
    let e = Format::Huffman.decode(&[], false).unwrap_err();
    assert_eq!(e.to_string(), "end marker: truncated (empty record)");
    let e = Format::Huffman.decode(&[0x80, 0], false).unwrap_err();
    assert_eq!((e.field, e.kind), ("end marker", ErrorKind::TrailingData));
    // Side, halfmove clock 127: a bad code.
    let e = Format::Huffman.decode(&[0x7f, 0x80], false).unwrap_err();
    assert_eq!(e.to_string(), "halfmove clock: bad code (127 (at most 100 is written))");
    let e = Format::Stream.decode(&[0xf0], false).unwrap_err();
    assert_eq!(e.to_string(), "board: truncated");
    // 4 × run of 19 passes h8.
    let e = Format::Stream.decode(&[0xff, 0xff, 0xff, 0xff], false).unwrap_err();
    assert_eq!(e.to_string(), "board: bad code (run of 19 empty squares from square 57 passes h8)");
    // Kings on the same square.
    let e = Format::HuffmanTuned.decode(&[0, 0, 0, 0, 0], false).unwrap_err();
    assert_eq!(e.to_string(), "king squares: bad code (both kings on a1)");
    // An empty board in binaryfen.
    let e = Format::BinaryFen.decode(&[0; 8], false).unwrap_err();
    assert_eq!((e.field, e.kind), ("board", ErrorKind::Impossible));
    // A CCR board without its state, and a nibble that is no Table 1 code.
    let e = Format::Ccr.decode(&[0; 32], false).unwrap_err();
    assert_eq!((e.field, e.kind), ("side to move", ErrorKind::Truncated));
    let e = Format::Ccr.decode(&[0x70; 33], false).unwrap_err();
    assert_eq!((e.field, e.kind), ("board", ErrorKind::BadCode));
    let e = Format::Ccr.decode(&[0; 31], false).unwrap_err();
    assert_eq!((e.field, e.kind), ("board", ErrorKind::Truncated));
}

#[test]
fn impossible_positions_are_rejected() {
    let mut buf = Vec::new();
    // A legal position, then the same bytes with the side to move flipped, which
    // puts the side not to move in check.
    let pos = polyboard_chess::Position::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1").unwrap();
    Format::Stream.encode(&pos, &mut buf).unwrap();
    let e = Format::Stream.decode(&buf, false).map(|p| p.fen());
    assert!(e.is_ok());
    // Flip the side-to-move bit (the first bit after the board: 3 runs/pieces...).
    let board_bits = polyboard_codec::stream::board_bits(&pos);
    buf[board_bits / 8] ^= 0x80 >> (board_bits % 8);
    let e = Format::Stream.decode(&buf, false).unwrap_err();
    assert_eq!(e.to_string(), "position: impossible position (the side not to move is in check)");
}
