//! `go`'s parameters (time::parse_go) in UCI's and USI's names never panic; whatever
//! the words, a search gets limits the time manager accepts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_engine::protocol::go::{Go, UCI_GO, USI_GO, parse_go};
use polyboard_search::time::budget;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let args: Vec<&str> = text.split_whitespace().collect();
    let names = if pick & 1 == 0 { UCI_GO } else { USI_GO };
    let side = (pick >> 1) as usize & 1;
    let (go, messages) = parse_go(&args, names, side, |m| (m.len() == 4).then_some(1));
    assert!(messages.iter().all(|m| m.len() < 200));
    if let Go::Search(limits) = go {
        if let Some(b) = budget(&limits, side, 30) {
            assert!(b.soft <= b.hard);
        }
    }
});
