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

/// Ranges on hoppers in a user's file (tests/data/hopper-range.ini: `pB2`, `cpR3`, `gQ4`,
/// `pB1`, `mpR2`, `pR9` on 8x8 and 10x10 boards, and ranged rides beside longer ones)
/// perft to pyffish 0.0.90's counts (tests/data/hopper-range-perft.txt, made by
/// scripts/data/gen_hopper_range_perft.py): start, a random game's position and two games
/// to their end in each variant.
#[test]
fn hopper_ranges_match_pyffish() {
    let mut set = VariantSet::builtin();
    let added = set.load(include_str!("data/hopper-range.ini"), "hopper-range.ini").unwrap();
    assert_eq!(added, vec!["hoprange".to_string(), "hoprange10".to_string()]);
    let cases = suite::parse(include_str!("data/hopper-range-perft.txt")).unwrap();
    let mut fails = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for c in &cases {
        let name = c.variant.clone().unwrap_or_default();
        let v = Variant::new(set.rules(&name).unwrap()).unwrap();
        for &(d, n) in &c.counts {
            let got = v.perft(Some(&c.fen), &[], d, false, false).unwrap().nodes;
            if got != n {
                fails.push(format!("line {} {name} depth {d}: pyffish {n}, polyboard {got} ({})", c.line, c.fen));
            }
        }
        seen.insert(name);
    }
    assert_eq!(seen.len(), 2);
    assert!(cases.len() > 100, "{}", cases.len());
    assert!(fails.is_empty(), "{} failures:\n{}", fails.len(), fails.join("\n"));
}

/// The `variant_file` fuzz target's path (load, then build each variant and read its
/// start position) with every range on a hopper, in range and out of it (0, two digits),
/// on boards from 4x4 to 16x8: each loads or is an error naming the key, and those that
/// load build and count moves without a panic.
#[test]
fn hopper_ranges_never_panic() {
    let shapes = ["pR", "pB", "pQ", "gR", "gB", "mpR", "cpB", "mRcpR", "gQ"];
    let ranges = ["", "0", "1", "2", "5", "9", "10", "99"];
    let boards = [(4usize, 4usize), (8, 8), (12, 10), (16, 8)];
    let mut built = 0;
    for shape in shapes {
        for range in ranges {
            for (files, ranks) in boards {
                let file = (b'a' + files as u8 - 1) as char;
                let mut rows = vec![format!("{}k", files - 1)];
                rows.extend((0..ranks - 3).map(|_| files.to_string()));
                rows.push(format!("1P{}", files - 2));
                rows.push(format!("A{}K", files - 2));
                let fen = format!("{} w - - 0 1", rows.join("/"));
                let text = format!(
                    "[h:chess]\nmaxFile = {file}\nmaxRank = {ranks}\ncustomPiece1 = a:{shape}{range}\n\
                     castling = false\ndoubleStep = false\npromotionPieceTypes = a\nstartFen = {fen}\n"
                );
                let mut set = VariantSet::builtin();
                match set.load(&text, "hop.ini") {
                    Ok(names) => {
                        // A hopper may check the king from the start (an error, as the
                        // fuzz target takes it).
                        if let Ok(v) = Variant::new(set.rules(&names[0]).unwrap()) {
                            v.perft(None, &[], 2, false, false).unwrap();
                            built += 1;
                        }
                    }
                    Err(e) => assert!(e.key == "customPiece1" && (range == "0" || range.len() > 1), "{text}: {e}"),
                }
            }
        }
    }
    assert!(built > 150, "{built}");
}
