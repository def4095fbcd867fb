//! FEN parsing never panics, and whatever parses writes back to a FEN that parses
//! to the same position, in both notations, with a consistent Zobrist key.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_chess::{Board, CastlingNotation, Position, repr::Magic};
use polyboard_core::perft::perft;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for chess960 in [false, true] {
        let Ok(pos) = Position::from_fen_variant(text, chess960) else { continue };
        for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
            let fen = pos.fen_with(notation);
            let again = Position::from_fen_variant(&fen, chess960).expect("our own FEN parses");
            assert_eq!(again, pos, "{fen}");
        }
        let b = Magic::from_position(&pos);
        assert_eq!(b.zobrist(), pos.zobrist());
        assert_eq!(b.to_position(), pos);
        // Every accepted position can be searched without panicking.
        let _ = perft(&b, 2);
    }
});
