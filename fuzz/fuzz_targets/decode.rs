//! Every decoder of polyboard-codec: none panics on arbitrary bytes, a record decodes
//! only to a position whose own record fits the format's bound, and that record
//! decodes to the same position. compact, being canonical, must give back the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_codec::Format;

fuzz_target!(|data: &[u8]| {
    let mut buf = Vec::new();
    for format in Format::available() {
        for chess960 in [false, true] {
            let Ok(pos) = format.decode(data, chess960) else { continue };
            format.encode(&pos, &mut buf).expect("an available format encodes");
            if format == Format::Compact {
                // compact accepts only the exact record of a position.
                assert_eq!(buf, data, "compact: a record that is not {}'s own", pos.fen());
            }
            assert!(buf.len() <= format.max_bytes(), "{format}");
            let again = format.decode(&buf, chess960).expect("our own record decodes");
            assert_eq!(again, pos, "{format}: {}", pos.fen());
        }
    }
});
