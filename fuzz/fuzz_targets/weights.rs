//! The evaluation weights files (chess `weights.txt`, shogi `shogi_weights.txt`, the
//! USI `EvalFile` option) never panic on any text; what parses writes back to text
//! that parses to the same weights.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_engine::chess::eval::Weights;
use polyboard_engine::shogi::eval::ShogiWeights;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Some(w) = ShogiWeights::from_text(text) {
        assert_eq!(ShogiWeights::from_text(&w.to_text()), Some(w));
    }
    if let Some(w) = Weights::from_text(text) {
        assert!(Weights::from_text(&w.to_text()).is_some());
    }
});
