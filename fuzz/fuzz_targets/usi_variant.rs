//! The USI front end never panics on any input in a shogi-family variant: the first
//! byte picks one of the variants `USI_Variant` lists, and every line of the rest goes
//! to `Engine::handle` (SFEN and FEN positions, USI moves, `go`, `go perft`, `go mate`,
//! `d`, switching variants). As in the `usi_engine` target, lines that would only make
//! the run slow (deep `go perft`, a large `USI_Hash`) are skipped, and so is
//! `VariantPath` (it reads a file by name); searches are stopped by the next command or
//! at the end.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_engine::protocol::{Dialect, Output, Session};
use polyboard_engine::{Engine, Notation};
use std::sync::{Arc, Mutex, OnceLock};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| Engine::with_notation(Notation::Usi).variants());
    let variant = &names[pick as usize % names.len()];
    let text = String::from_utf8_lossy(rest);
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::sink())));
    let mut engine = Session::new(Dialect::Usi, out);
    engine.handle(&format!("setoption name USI_Variant value {variant}"));
    for line in text.lines().take(64) {
        let t: Vec<&str> = line.split_whitespace().collect();
        let slow = match t.as_slice() {
            ["go", rest @ ..] => rest.contains(&"perft") && !rest.iter().any(|d| matches!(*d, "0" | "1" | "2")),
            ["setoption", rest @ ..] => rest.iter().any(|w| {
                let w = w.to_ascii_lowercase();
                w.contains("hash") || w == "variantpath"
            }),
            _ => false,
        };
        if !slow && !engine.handle(line) {
            break;
        }
    }
    engine.stop();
});
