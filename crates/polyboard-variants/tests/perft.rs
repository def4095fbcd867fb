//! Every line of the variant perft table (Fairy-Stockfish / Sjaak II / Stockfish /
//! python-chess counts), python-chess's crazyhouse set, and Fairy-Stockfish 11.1's
//! counts of random-game positions in cambodian, sittuyin and shatar. Counts up to
//! `QUICK_NODES` run by default; the deeper ones are `#[ignore]`d.

use polyboard_variants::suite::{self, SuiteCase};
use polyboard_variants::{Variant, VariantSet};

const QUICK_NODES: u64 = 300_000;

fn table() -> Vec<SuiteCase> {
    suite::parse(include_str!("data/variant-perft.txt")).unwrap()
}

fn pyffish_table() -> Vec<SuiteCase> {
    suite::parse(include_str!("data/pyffish-perft.txt")).unwrap()
}

fn pyffish_extra() -> Vec<SuiteCase> {
    suite::parse(include_str!("data/pyffish-perft-extra.txt")).unwrap()
}

fn random_positions() -> Vec<SuiteCase> {
    suite::parse(include_str!("data/variant3-random.txt")).unwrap()
}

fn crazyhouse_set() -> Vec<SuiteCase> {
    let mut cases = suite::parse(include_str!("data/python-chess-crazyhouse.perft")).unwrap();
    for c in &mut cases {
        c.variant = Some("crazyhouse".into());
    }
    cases
}

/// Runs the cases of the supported variants whose counts are within `max` (or beyond
/// `min`), returning the failures.
fn run(cases: &[SuiteCase], min: u64, max: u64) -> Vec<String> {
    let set = VariantSet::builtin();
    let names = set.names();
    let mut fails = Vec::new();
    let mut ran = 0;
    for c in cases {
        let variant = c.variant.clone().unwrap_or_default();
        if !names.contains(&variant) {
            continue;
        }
        let v = Variant::new(set.rules(&variant).unwrap()).unwrap();
        for &(d, n) in &c.counts {
            if n > max || n < min {
                continue;
            }
            ran += 1;
            match v.perft(Some(&c.fen), &[], d, false, false) {
                Ok(r) if r.nodes == n => {}
                Ok(r) => fails
                    .push(format!("line {} {} depth {d}: expected {n}, got {} ({})", c.line, variant, r.nodes, c.fen)),
                Err(e) => fails.push(format!("line {} {variant}: {e}", c.line)),
            }
        }
    }
    assert!(ran > 0);
    fails
}

#[test]
fn variant_table_shallow() {
    let fails = run(&table(), 0, QUICK_NODES);
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// pyffish 0.0.90 (current Fairy-Stockfish): the start position and three positions of
/// a seeded random game in every variant both know.
#[test]
fn pyffish_counts_agree() {
    let fails = run(&pyffish_table(), 0, u64::MAX);
    assert!(fails.is_empty(), "{} failures:\n{}", fails.len(), fails.join("\n"));
}

/// pyffish 0.0.90: games played to their end in the variants added later (explosions,
/// flags, extinction), every tenth position and the last three.
#[test]
fn pyffish_games_to_the_end_agree() {
    let fails = run(&pyffish_extra(), 0, u64::MAX);
    assert!(fails.is_empty(), "{} failures:\n{}", fails.len(), fails.join("\n"));
}

#[test]
fn random_positions_shallow() {
    let fails = run(&random_positions(), 0, QUICK_NODES);
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
#[ignore]
fn random_positions_deep() {
    let fails = run(&random_positions(), QUICK_NODES + 1, u64::MAX);
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
fn crazyhouse_set_shallow() {
    let fails = run(&crazyhouse_set(), 0, QUICK_NODES);
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
#[ignore]
fn variant_table_deep() {
    let fails = run(&table(), QUICK_NODES + 1, 200_000_000);
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
#[ignore]
fn crazyhouse_set_deep() {
    let fails = run(&crazyhouse_set(), QUICK_NODES + 1, u64::MAX);
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
fn perft_errors_name_the_field_or_the_move() {
    use polyboard_variants::PerftError;
    let v = Variant::new(VariantSet::builtin().rules("chess").unwrap()).unwrap();
    match v.perft(Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"), &[], 1, false, false) {
        Err(PerftError::Fen(e)) => assert_eq!(e.field, 2, "{e}"),
        other => panic!("expected a FEN error, got {other:?}"),
    }
    match v.perft(None, &["e2e4", "e2e4"], 1, false, false) {
        Err(e @ PerftError::Move { index: 1, .. }) => {
            assert!(e.to_string().contains("e2e4"), "{e}");
            assert!(std::error::Error::source(&e).is_some());
        }
        other => panic!("expected the second move to fail, got {other:?}"),
    }
}

/// The built-in names against pyffish 0.0.90's `variants()`: how many of them polyboard
/// has, and that each one's start position is pyffish's `start_fen` (both FENs read
/// and written back by polyboard, so that `[-] w 0 1` and `[] w - - 0 1` agree).
#[test]
fn builtin_names_and_start_positions_match_pyffish() {
    use polyboard_variants::{Board, with_tables};
    let set = VariantSet::builtin();
    let names = set.names();
    let mut missing = Vec::new();
    let mut built_in = 0;
    for line in include_str!("data/pyffish-variants.txt").lines().filter(|l| !l.starts_with('#')) {
        let (name, fen) = line.split_once(" ; ").unwrap();
        if !names.iter().any(|n| n == name) {
            missing.push(name);
            continue;
        }
        built_in += 1;
        let v = Variant::new(set.rules(name).unwrap()).unwrap();
        let (ours, theirs) = with_tables!(&v, t => (
            Board::from_fen(t, &v.rules().start_fen).unwrap().fen(),
            Board::from_fen(t, fen).unwrap_or_else(|e| panic!("{name}: {e}")).fen(),
        ));
        assert_eq!(ours, theirs, "{name}: start position");
    }
    // Every name of pyffish 0.0.90 is built in (docs/variants.md).
    assert_eq!((built_in, missing.len()), (121, 0), "still missing: {}", missing.join(" "));
}
