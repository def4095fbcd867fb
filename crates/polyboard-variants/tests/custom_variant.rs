//! A variant defined only in this test's own file (a 9x9 board with two custom Betza
//! pieces) perfts to the counts Fairy-Stockfish (pyffish) gives; the script that made
//! them is scripts/data/variants_custom_perft.py.

use polyboard_variants::{Variant, VariantSet, suite};

#[test]
fn user_variant_matches_fairy_stockfish() {
    let mut set = VariantSet::builtin();
    let added = set.load(include_str!("data/custom-variant.ini"), "custom-variant.ini").unwrap();
    assert_eq!(added, vec!["betzatest".to_string()]);
    let v = Variant::new(set.rules("betzatest").unwrap()).unwrap();
    assert_eq!(v.width(), "u128");
    let cases = suite::parse(include_str!("data/custom-variant.perft")).unwrap();
    assert_eq!(cases.len(), 3);
    for c in &cases {
        for &(d, n) in &c.counts {
            let got = v.perft(Some(&c.fen), &[], d, false, false).unwrap().nodes;
            assert_eq!(got, n, "line {} depth {d}: {}", c.line, c.fen);
        }
    }
}
