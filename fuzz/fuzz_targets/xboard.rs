//! The XBoard front end never panics on any input: every line goes to
//! `Session::handle`. A variant is chosen from the first byte; lines that would only
//! make the run slow (long time controls, a large `memory`) are skipped, and every
//! search is limited to depth 2, so the engine's own moves come back at once.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_engine::protocol::{Dialect, Output, Session};
use std::sync::{Arc, Mutex};

const VARIANTS: [&str; 6] = ["normal", "crazyhouse", "capablanca", "xiangqi", "shogi", "fischerandom"];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::sink())));
    let mut session = Session::new(Dialect::Xboard, out);
    session.handle("protover 2");
    session.handle(&format!("variant {}", VARIANTS[first as usize % VARIANTS.len()]));
    session.handle("sd 2");
    for line in text.lines().take(64) {
        let t: Vec<&str> = line.split_whitespace().collect();
        let slow = matches!(t.as_slice(), ["memory" | "st" | "level" | "sd" | "nps" | "analyze" | "time" | "otim", ..]);
        if !slow && !session.handle(line) {
            break;
        }
    }
    session.stop();
});
