//! Variant SFEN and USI move parsing never panic, for every built-in variant: the first
//! byte picks the variant, the first line of the rest is an SFEN, the others USI moves.
//! Whatever SFEN parses writes back to an SFEN that parses to the same position, and
//! every legal move's USI text reads back as that move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_variants::{Board, Moves, Variant, with_tables};
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    static VARIANTS: OnceLock<Vec<Variant>> = OnceLock::new();
    let vs = VARIANTS.get_or_init(Variant::builtin);
    let v = &vs[pick as usize % vs.len()];
    let mut lines = text.lines();
    let Some(sfen) = lines.next() else { return };
    with_tables!(v, t => {
        let Ok(mut b) = Board::from_sfen(t, sfen) else { return };
        let again = Board::from_sfen(t, &b.sfen()).expect("our own SFEN parses");
        assert_eq!(again.sfen(), b.sfen());
        let mut list = Moves::new();
        b.generate(&mut list);
        for &m in list.iter() {
            assert_eq!(b.parse_usi_move(&b.usi_move_text(m)), Ok(m));
        }
        for line in lines.take(16) {
            if let Ok(m) = b.parse_usi_move(line) {
                b = b.play(m);
            }
        }
    });
});
