//! The `ccr` decoder never panics on arbitrary bytes, and a position it
//! decodes re-encodes to a record that decodes to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_codec::Format;

const FORMAT: Format = Format::Ccr;

fuzz_target!(|data: &[u8]| {
    let mut buf = Vec::new();
    for chess960 in [false, true] {
        let Ok(pos) = FORMAT.decode(data, chess960) else { continue };
        FORMAT.encode(&pos, &mut buf).expect("an available format encodes");
        assert!(buf.len() <= FORMAT.max_bytes());
        let again = FORMAT.decode(&buf, chess960).expect("our own record decodes");
        assert_eq!(again, pos, "{}", pos.fen());
    }
});
