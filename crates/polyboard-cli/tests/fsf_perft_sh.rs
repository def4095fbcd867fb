//! Fairy-Stockfish's own perft checks (its `tests/perft.sh` at c19b5f6c, as facts in
//! crates/polyboard-variants/tests/data/fsf-perft-sh.txt, made by
//! scripts/data/gen_fsf_perft_sh.py), played over `polyboard uci` exactly as the script
//! plays them against `./stockfish`: `setoption name UCI_Chess960`, `setoption name
//! UCI_Variant`, `position ...`, `go perft N`, and the count of the `Nodes searched:`
//! line. The checks of more than [`QUICK_NODES`] nodes run with `--ignored`.
//! `scripts/data/fsf_perft_sh.sh` runs the script itself, with `expect`.

use crate::uci_engine::Engine;

/// The largest count checked in the default run; 145 of the 155 checks are that small.
const QUICK_NODES: u64 = 1_000_000;

/// One check: (group, variant, position, depth, nodes, chess960).
type Check = (String, String, String, u32, u64, String);

fn checks() -> Vec<Check> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../polyboard-variants/tests/data/fsf-perft-sh.txt");
    let text = std::fs::read_to_string(path).expect("fsf-perft-sh.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(" ; ").collect();
            assert_eq!(f.len(), 6, "{l}");
            (f[0].into(), f[1].into(), f[2].into(), f[3].parse().unwrap(), f[4].parse().unwrap(), f[5].into())
        })
        .collect()
}

/// Plays every check whose count `pick` takes, one engine for all (as the script's
/// options carry over, each check sets both); returns the checks that failed.
fn run(pick: impl Fn(u64) -> bool) -> usize {
    let all = checks();
    assert_eq!(all.len(), 155);
    let mut e = Engine::start();
    let mut fails = Vec::new();
    let mut ran = 0;
    for (group, variant, position, depth, nodes, chess960) in all.iter().filter(|c| pick(c.4)) {
        e.send(&format!("setoption name UCI_Chess960 value {chess960}"));
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send(&format!("position {position}"));
        e.send(&format!("go perft {depth}"));
        let got = e.until("Nodes searched").pop().unwrap_or_default();
        if got != format!("Nodes searched: {nodes}") {
            fails.push(format!(
                "{group} {variant} '{position}' depth {depth}: Fairy-Stockfish {nodes}, polyboard '{got}'"
            ));
        }
        ran += 1;
    }
    e.quit();
    assert!(fails.is_empty(), "{} of {ran} checks differ:\n{}", fails.len(), fails.join("\n"));
    ran
}

#[test]
fn fairy_stockfish_perft_sh_small_checks() {
    assert!(run(|n| n <= QUICK_NODES) >= 140);
}

#[test]
#[ignore = "about 480 million nodes of chess and 30 million of variants: run with --ignored"]
fn fairy_stockfish_perft_sh_deep_checks() {
    run(|n| n > QUICK_NODES);
}
