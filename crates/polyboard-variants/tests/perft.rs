//! Every line of the variant perft table (Fairy-Stockfish / Sjaak II / Stockfish /
//! python-chess counts) and python-chess's crazyhouse set. Counts up to
//! `QUICK_NODES` run by default; the deeper ones are `#[ignore]`d.

use polyboard_variants::{Variant, VariantSet};

const QUICK_NODES: u64 = 300_000;

struct Case {
    variant: String,
    fen: String,
    counts: Vec<(u32, u64)>,
    line: usize,
}

fn table() -> Vec<Case> {
    let text = include_str!("data/variant-perft.txt");
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = l.split(" ; ").collect();
        let counts = f[2]
            .split_whitespace()
            .map(|t| {
                let (d, n) = t.split_once('=').unwrap();
                (d.parse().unwrap(), n.parse().unwrap())
            })
            .collect();
        out.push(Case { variant: f[0].into(), fen: f[1].into(), counts, line: i + 1 });
    }
    out
}

fn crazyhouse_set() -> Vec<Case> {
    let text = include_str!("data/python-chess-crazyhouse.perft");
    let mut out: Vec<Case> = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if let Some(fen) = l.strip_prefix("epd ") {
            out.push(Case { variant: "crazyhouse".into(), fen: fen.into(), counts: Vec::new(), line: i + 1 });
        } else if let Some(p) = l.strip_prefix("perft ") {
            let (d, n) = p.split_once(' ').unwrap();
            out.last_mut().unwrap().counts.push((d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    out
}

/// Runs the cases of the supported variants whose counts are within `max` (or beyond
/// `min`), returning the failures.
fn run(cases: &[Case], min: u64, max: u64) -> Vec<String> {
    let set = VariantSet::builtin();
    let names = set.names();
    let mut fails = Vec::new();
    let mut ran = 0;
    for c in cases {
        if !names.contains(&c.variant) {
            continue;
        }
        let v = Variant::new(set.rules(&c.variant).unwrap()).unwrap();
        for &(d, n) in &c.counts {
            if n > max || n < min {
                continue;
            }
            ran += 1;
            match v.perft(Some(&c.fen), &[], d, false, false) {
                Ok(r) if r.nodes == n => {}
                Ok(r) => fails.push(format!("line {} {} depth {d}: expected {n}, got {} ({})", c.line, c.variant, r.nodes, c.fen)),
                Err(e) => fails.push(format!("line {} {}: {e}", c.line, c.variant)),
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
