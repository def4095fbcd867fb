//! The UCI front end never panics on any input: every line of the input goes to
//! `Session::handle`. Lines that would only make the run slow (deep `go perft`, `bench`,
//! a large `Hash`) are skipped; searches are stopped by the next command or at the end.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_engine::protocol::{Dialect, Output, Session};
use std::sync::{Arc, Mutex};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::sink())));
    let mut engine = Session::new(Dialect::Uci, out);
    for line in text.lines().take(64) {
        let t: Vec<&str> = line.split_whitespace().collect();
        let slow = match t.as_slice() {
            ["bench", ..] => true,
            ["go", rest @ ..] => rest.contains(&"perft") && !rest.iter().any(|d| matches!(*d, "0" | "1" | "2")),
            ["setoption", rest @ ..] => rest.iter().any(|w| w.eq_ignore_ascii_case("hash")),
            _ => false,
        };
        if !slow && !engine.handle(line) {
            break;
        }
    }
    engine.stop();
});
