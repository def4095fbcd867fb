//! `binaryfen` is byte-identical to shakmaty 0.30.1's `PackedSetup::pack_standard`,
//! and decodes shakmaty's bytes back to the same position, on every FEN of
//! `tests/data/fen.txt` and every FEN_AFTER of `tests/data/movetext.txt`
//! (standard and Chess960; the FENs are python-chess's, en passant only when legal).

use crate::common;

use common::*;
use polyboard_chess::{CastlingNotation, Position};
use polyboard_codec::binaryfen;
use shakmaty::fen::Fen;
use shakmaty::packed::PackedSetup;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use std::collections::HashSet;

fn fens() -> Vec<(String, bool)> {
    let mut seen = HashSet::new();
    let mut v = Vec::new();
    for line in data("fen.txt").lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        v.push((cols[2].to_string(), cols[1] == "1"));
    }
    v.extend(movetext_after());
    v.retain(|f| seen.insert(f.clone()));
    v
}

#[test]
fn byte_identical_to_shakmaty() {
    let fens = fens();
    assert!(fens.len() > 10_000, "{}", fens.len());
    let (mut ours, mut legal_path, mut chess960) = (Vec::new(), 0, 0);
    for (fen, is960) in &fens {
        let pos = Position::from_fen_variant(fen, *is960).unwrap_or_else(|e| panic!("{fen}: {e}"));
        binaryfen::encode(&pos, &mut ours);
        chess960 += usize::from(*is960);

        // The setup straight from the FEN text.
        let setup = Fen::from_ascii(fen.as_bytes()).unwrap().into_setup();
        let packed = PackedSetup::pack_standard(&setup).unwrap();
        assert_eq!(hex(&ours), hex(packed.as_bytes()), "{fen}");

        // The same through a validated shakmaty position, en passant only when legal.
        let mode = if *is960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        if let Ok(chess) = Fen::from_ascii(fen.as_bytes()).unwrap().into_position::<Chess>(mode) {
            let packed = PackedSetup::pack_standard(&chess.to_setup(EnPassantMode::Legal)).unwrap();
            assert_eq!(hex(&ours), hex(packed.as_bytes()), "{fen} (validated)");
            legal_path += 1;
        }

        // shakmaty's bytes decode to the same position, and ours to shakmaty's setup.
        assert_eq!(binaryfen::decode(packed.as_bytes(), *is960).unwrap(), pos, "{fen}");
        let unpacked = PackedSetup::try_from_bytes(&ours).unwrap().unpack_standard().unwrap();
        assert_eq!(unpacked, setup, "{fen}");
    }
    // shakmaty rejects a few impossible-check positions of the tricky suite (and moves from them).
    assert!(legal_path * 100 > fens.len() * 99, "{legal_path} of {}", fens.len());
    assert!(chess960 > 1_000, "{chess960}");
}

#[test]
fn suite_positions_match_shakmaty() {
    // The suites' positions, written by polyboard in Shredder-FEN (every castling
    // right names its rook), through shakmaty's FEN parser.
    let mut ours = Vec::new();
    for pos in suite_positions() {
        binaryfen::encode(&pos, &mut ours);
        let fen = pos.fen_with(CastlingNotation::Shredder);
        let setup = Fen::from_ascii(fen.as_bytes()).unwrap().into_setup();
        assert_eq!(hex(&ours), hex(PackedSetup::pack_standard(&setup).unwrap().as_bytes()), "{fen}");
    }
}

#[test]
fn trailing_zeros_are_optional() {
    // shakmaty's reader takes missing bytes as zeros, and so does ours.
    let pos = Position::startpos();
    let mut bytes = Vec::new();
    binaryfen::encode(&pos, &mut bytes);
    bytes.extend_from_slice(&[0; 10]);
    assert_eq!(binaryfen::decode(&bytes, false).unwrap(), pos);
    bytes.resize(65, 0);
    assert!(binaryfen::decode(&bytes, false).is_err());
}
