//! Variant FEN parsing never panics, for every built-in variant, strictly or as
//! Fairy-Stockfish reads it (`from_fen_lenient`: the side not to move may stand in check);
//! whatever parses writes back to a FEN that parses to the same key, and can be searched.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_variants::{Board, Variant, perft::perft, with_tables};
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    static VARIANTS: OnceLock<Vec<Variant>> = OnceLock::new();
    let vs = VARIANTS.get_or_init(Variant::builtin);
    let v = &vs[pick as usize % vs.len()];
    with_tables!(v, t => {
        if let Ok(b) = Board::from_fen_lenient(t, text) {
            let again = Board::from_fen_lenient(t, &b.fen()).expect("our own FEN parses");
            assert_eq!(again.key(), b.key());
            let _ = perft(&b, 2);
        }
        let Ok(b) = Board::from_fen(t, text) else { return };
        let again = Board::from_fen(t, &b.fen()).expect("our own FEN parses");
        assert_eq!(again.fen(), b.fen());
        assert_eq!(again.key(), b.key());
        let _ = perft(&b, 2);
    });
});
