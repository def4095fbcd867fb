//! The UCI front end never panics on any input in a variant: the first byte picks one
//! of the built-in variants (`UCI_Variant`), and every line of the rest goes to
//! `Engine::handle` (positions in Fairy-Stockfish FEN, its move text, `go`, `d`,
//! `go perft`, switching variants). As in the `uci` target, lines that would only make
//! the run slow (deep `go perft`, `bench`, a large `Hash`) are skipped, and so is
//! `VariantPath` (it reads a file by name); searches are stopped by the next command or
//! at the end.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_engine::protocol::{Dialect, Output, Session};
use polyboard_variants::VariantSet;
use std::sync::{Arc, Mutex};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let names = VariantSet::builtin().names();
    let variant = &names[pick as usize % names.len()];
    let text = String::from_utf8_lossy(rest);
    let out: Output = Arc::new(Mutex::new(Box::new(std::io::sink())));
    let mut engine = Session::new(Dialect::Uci, out);
    engine.handle(&format!("setoption name UCI_Variant value {variant}"));
    for line in text.lines().take(64) {
        let t: Vec<&str> = line.split_whitespace().collect();
        let slow = match t.as_slice() {
            ["bench", ..] => true,
            ["go", rest @ ..] => rest.contains(&"perft") && !rest.iter().any(|d| matches!(*d, "0" | "1" | "2")),
            ["setoption", rest @ ..] => {
                rest.iter().any(|w| w.eq_ignore_ascii_case("hash") || w.eq_ignore_ascii_case("variantpath"))
            }
            _ => false,
        };
        if !slow && !engine.handle(line) {
            break;
        }
    }
    engine.stop();
});
