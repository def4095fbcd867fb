//! Every decoder of polyboard-codec: none panics on arbitrary bytes, a record decodes
//! only to a position whose own record fits the format's bound, and that record
//! decodes to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_codec::Format;

fuzz_target!(|data: &[u8]| {
    let mut buf = Vec::new();
    for format in Format::available() {
        for chess960 in [false, true] {
            let Ok(pos) = format.decode(data, chess960) else { continue };
            format.encode(&pos, &mut buf).expect("an available format encodes");
            assert!(buf.len() <= format.max_bytes(), "{format}");
            let again = format.decode(&buf, chess960).expect("our own record decodes");
            assert_eq!(again, pos, "{format}: {}", pos.fen());
        }
    }
});
