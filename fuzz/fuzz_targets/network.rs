//! The network files (the `EvalFile` option of chess and shogi) never panic on any
//! bytes; what reads writes back to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_engine::nnue::{HIDDEN, MAGIC, Net, file_size};

fuzz_target!(|data: &[u8]| {
    use polyboard_engine::shogi::nnue::{INPUTS, INPUTS_ZONE};
    for inputs in [polyboard_engine::chess::nnue::INPUTS, INPUTS, INPUTS_ZONE] {
        if let Ok(net) = Net::from_bytes(data, inputs) {
            assert_eq!(net.to_bytes(), data);
        }
        // Random bytes seldom carry the header and the length: give them both.
        let mut framed = MAGIC.to_vec();
        framed.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        framed.extend(data.iter().copied().cycle().take(file_size(inputs) - 8));
        if framed.len() == file_size(inputs)
            && let Ok(net) = Net::from_bytes(&framed, inputs)
        {
            assert_eq!(net.to_bytes(), framed);
        }
    }
});
