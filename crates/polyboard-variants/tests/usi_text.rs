//! SFEN and USI move text against Fairy-Stockfish 11.1 speaking USI (and cshogi for
//! shogi): positions of random games in the shogi-family variants, from
//! tests/data/usi-variants.txt (written by scripts/data/gen_usi_variant_data.py). For every
//! position, Fairy-Stockfish's SFEN must read as the same position as its FEN, the
//! legal moves written in USI must be Fairy-Stockfish's, every one must read back, and
//! the SFEN written must be Fairy-Stockfish's (its hands compared as a multiset: 11.1
//! writes them in its own piece order) and, in shogi, exactly cshogi's.

use polyboard_variants::{Board, Moves, Variant, VariantSet, with_tables};
use std::collections::HashMap;

/// The hand field of an SFEN as sorted (letter, count) pairs.
fn hand_multiset(hand: &str) -> Vec<(char, u32)> {
    let mut counts: HashMap<char, u32> = HashMap::new();
    let mut n = 0;
    for c in hand.chars().filter(|&c| c != '-') {
        if let Some(d) = c.to_digit(10) {
            n = n * 10 + d;
        } else {
            *counts.entry(c).or_default() += n.max(1);
            n = 0;
        }
    }
    let mut v: Vec<(char, u32)> = counts.into_iter().collect();
    v.sort();
    v
}

#[test]
fn sfen_and_usi_moves_match_fairy_stockfish_and_cshogi() {
    let text = include_str!("data/usi-variants.txt");
    let set = VariantSet::builtin();
    let mut variants: HashMap<String, Variant> = HashMap::new();
    let mut positions = 0;
    let mut seen_drop = false;
    let mut seen_promotion = false;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(" ; ").collect();
        let (name, sfen, fen, moves) = (f[0], f[1], f[2], f[3]);
        let v = variants.entry(name.to_string()).or_insert_with(|| Variant::new(set.rules(name).unwrap()).unwrap());
        with_tables!(v, t => {
            let b = Board::from_sfen(t, sfen).unwrap_or_else(|e| panic!("{name} {sfen}: {e}"));
            let theirs = Board::from_fen(t, fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
            let (ours_fen, their_fen) = (b.fen(), theirs.fen());
            let strip_clock = |s: &str| {
                let mut w: Vec<String> = s.split(' ').map(str::to_string).collect();
                w.remove(4);
                w.join(" ")
            };
            assert_eq!(strip_clock(&ours_fen), strip_clock(&their_fen), "{name}: {sfen} read as another position than {fen}");
            let mut list = Moves::new();
            b.generate(&mut list);
            let mut mine: Vec<String> = list.iter().map(|&m| b.usi_move_text(m)).collect();
            mine.sort();
            let expected: Vec<String> =
                if moves == "-" { Vec::new() } else { moves.split(' ').map(str::to_string).collect() };
            assert_eq!(mine, expected, "{name} {sfen}: legal moves");
            for &m in list.iter() {
                let text = b.usi_move_text(m);
                assert_eq!(b.parse_usi_move(&text), Ok(m), "{name} {sfen}: {text} reads back");
                seen_drop |= m.is_drop();
                seen_promotion |= m.is_promotion();
            }
            let written = b.sfen();
            let (w, s): (Vec<&str>, Vec<&str>) = (written.split(' ').collect(), sfen.split(' ').collect());
            assert_eq!((w[0], w[1], w[3]), (s[0], s[1], s[3]), "{name}: wrote {written} for {sfen}");
            assert_eq!(hand_multiset(w[2]), hand_multiset(s[2]), "{name}: wrote {written} for {sfen}");
            if let Some(cshogi) = f.get(4) {
                assert_eq!(&written, cshogi, "{name}: cshogi's SFEN");
            }
        });
        positions += 1;
    }
    assert!(positions > 600 && seen_drop && seen_promotion);
    for name in ["minishogi", "judkins", "gorogoro", "euroshogi", "shogi"] {
        assert!(variants.contains_key(name), "{name} has no positions");
    }
}

/// Fairy-Stockfish's FEN of each position (`board[hands] w - - 0 1`, as pyffish writes
/// it) read wherever an SFEN is read: as the same position as Fairy-Stockfish's SFEN, by
/// the variant board's SFEN reader and, for shogi, by polyboard-shogi's.
#[test]
fn fairy_stockfish_fens_read_as_sfens() {
    let text = include_str!("data/usi-variants.txt");
    let set = VariantSet::builtin();
    let mut variants: HashMap<String, Variant> = HashMap::new();
    let mut shogi = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(" ; ").collect();
        let (name, sfen, fen) = (f[0], f[1], f[2]);
        let v = variants.entry(name.to_string()).or_insert_with(|| Variant::new(set.rules(name).unwrap()).unwrap());
        with_tables!(v, t => {
            let a = Board::from_sfen(t, sfen).unwrap_or_else(|e| panic!("{name} {sfen}: {e}"));
            let b = Board::from_sfen(t, fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
            assert_eq!(a.sfen(), b.sfen(), "{name}: {fen}");
        });
        if name == "shogi" {
            let a = polyboard_shogi::Position::from_sfen(sfen).unwrap();
            let b = polyboard_shogi::Position::from_sfen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(a.sfen(), b.sfen(), "{fen}");
            shogi += 1;
        }
    }
    assert!(shogi >= 100, "{shogi}");
}
