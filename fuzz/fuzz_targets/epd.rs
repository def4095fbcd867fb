//! Perft suite lines never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_chess::epd;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = epd::parse_suite(text, false);
    let _ = epd::parse_suite(text, true);
});
