//! The chess network files (the UCI `EvalFile` option) never panic on any bytes; what
//! reads writes back to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_engine::chess::nnue::{FILE_SIZE, HIDDEN, MAGIC, Net};

fuzz_target!(|data: &[u8]| {
    if let Ok(net) = Net::from_bytes(data) {
        assert_eq!(net.to_bytes(), data);
    }
    // Random bytes seldom carry the header and the length: give them both.
    let mut framed = MAGIC.to_vec();
    framed.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
    framed.extend(data.iter().copied().cycle().take(FILE_SIZE - 8));
    if framed.len() == FILE_SIZE
        && let Ok(net) = Net::from_bytes(&framed)
    {
        assert_eq!(net.to_bytes(), framed);
    }
});
