//! Reading a variants.ini never panics, strictly or as Fairy-Stockfish reads it
//! (`load_lenient`); whatever loads builds tables and reads its own start position
//! (Variant::new checks it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_variants::{Variant, VariantSet};
use std::sync::OnceLock;

fuzz_target!(|data: &[u8]| {
    static BASE: OnceLock<VariantSet> = OnceLock::new();
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lenient = BASE.get_or_init(VariantSet::builtin).clone();
    for n in lenient.load_lenient(text, "fuzz.ini").names {
        let rules = lenient.rules(&n).expect("a loaded variant builds");
        Variant::new(rules).expect("a variant that loads leniently has a start position that reads");
    }
    let mut set = BASE.get_or_init(VariantSet::builtin).clone();
    let Ok(names) = set.load(text, "fuzz.ini") else { return };
    for n in names {
        let rules = set.rules(&n).expect("a loaded variant builds");
        let _ = Variant::new(rules);
    }
});
