//! `Board::generate_noisy` is exactly the captures and promotions of `Board::generate`,
//! and `Board::generate_quiet` exactly the rest, each in the same order, at every node two plies deep from every position of the perft
//! table (whose full move lists the perft tests prove against Fairy-Stockfish); and
//! `Board::count_moves` (the last ply's count, by set shifts where the rules allow) is the
//! length of `Board::generate`'s list there and one ply from every position of the
//! pyffish table, every one of the 122 variants.

use polyboard_variants::bits::Bits;
use polyboard_variants::{Board, Moves, Variant, VariantSet, with_tables};

fn check<B: Bits>(b: &Board<'_, B>, depth: u32) -> usize {
    let mut all = Moves::new();
    b.generate(&mut all);
    assert_eq!(b.count_moves(), all.len(), "count_moves: {}", b.fen());
    let mut noisy = Moves::new();
    b.generate_noisy(&mut noisy);
    let want: Vec<_> = all.iter().copied().filter(|m| m.is_capture() || m.is_promotion()).collect();
    assert_eq!(noisy.as_slice(), &want[..], "{}", b.fen());
    let mut quiet = Moves::new();
    b.generate_quiet(&mut quiet);
    let want: Vec<_> = all.iter().copied().filter(|m| !m.is_capture() && !m.is_promotion()).collect();
    assert_eq!(quiet.as_slice(), &want[..], "{}", b.fen());
    if depth == 0 {
        return 1;
    }
    all.iter().map(|&m| check(&b.play(m), depth - 1)).sum::<usize>() + 1
}

#[test]
fn noisy_and_quiet_generation_split_the_full_one() {
    let text = include_str!("data/variant-perft.txt");
    let set = VariantSet::builtin();
    let mut nodes = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && l.contains(';')) {
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        let Ok(rules) = set.rules(f[0]) else { continue };
        let v = Variant::new(rules).unwrap();
        nodes += with_tables!(&v, t => check(&Board::from_fen(t, f[1]).unwrap(), 2));
    }
    assert!(nodes > 10_000, "{nodes}");
}

fn counted<B: Bits>(b: &Board<'_, B>, depth: u32) -> usize {
    let mut all = Moves::new();
    b.generate(&mut all);
    assert_eq!(b.count_moves(), all.len(), "count_moves: {}", b.fen());
    if depth == 0 {
        return 1;
    }
    all.iter().map(|&m| counted(&b.play(m), depth - 1)).sum::<usize>() + 1
}

#[test]
fn the_last_ply_count_is_the_list_length() {
    let text = include_str!("data/pyffish-perft.txt");
    let set = VariantSet::builtin();
    let mut nodes = 0;
    let mut variants = std::collections::BTreeSet::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && l.contains(';')) {
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        let Ok(rules) = set.rules(f[0]) else { continue };
        let v = Variant::new(rules).unwrap();
        nodes += with_tables!(&v, t => counted(&Board::from_fen(t, f[1]).unwrap(), 1));
        variants.insert(f[0]);
    }
    assert!(variants.len() >= 121 && nodes > 10_000, "{} variants, {nodes} nodes", variants.len());
}
