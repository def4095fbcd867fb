//! The USI front end never panics on any input: every line of the input goes to
//! `polyboard_engine::protocol::Session::handle` (USI). Lines that would only make the run slow
//! (deep `go perft`, a large `USI_Hash`) are skipped; searches are stopped by the next
//! command or at the end.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_engine::protocol::{Dialect, Output, Session};
use std::sync::{Arc, Mutex};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::sink())));
    let mut engine = Session::new(Dialect::Usi, out);
    for line in text.lines().take(64) {
        let t: Vec<&str> = line.split_whitespace().collect();
        let slow = match t.as_slice() {
            ["go", rest @ ..] => rest.contains(&"perft") && !rest.iter().any(|d| matches!(*d, "0" | "1" | "2")),
            ["setoption", rest @ ..] => rest.iter().any(|w| w.to_ascii_lowercase().contains("hash")),
            _ => false,
        };
        if !slow && !engine.handle(line) {
            break;
        }
    }
    engine.stop();
});
