//! Variant UCI move parsing never panics; a parsed move writes text that parses back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_variants::{Board, Variant, with_tables};
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    static VARIANTS: OnceLock<Vec<Variant>> = OnceLock::new();
    let vs = VARIANTS.get_or_init(Variant::builtin);
    let v = &vs[pick as usize % vs.len()];
    with_tables!(v, t => {
        let b = Board::from_fen(t, &t.rules.start_fen).unwrap();
        // Up to four moves, separated by spaces, from the start.
        let mut b = b;
        for m in text.split(' ').take(4) {
            match b.parse_move(m) {
                Ok(mv) => {
                    assert_eq!(b.parse_move(&b.move_text(mv)), Ok(mv));
                    b = b.play(mv);
                }
                Err(_) => break,
            }
        }
    });
});
