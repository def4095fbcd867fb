//! Every decoder of polyboard-codec: none panics on arbitrary bytes, a record decodes
//! only to a position whose own record fits the format's bound, and that record
//! decodes to the same position. compact, being canonical, must give back the input;
//! huffman-multi must have filed the record under its position's table.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_codec::Format;
use polyboard_codec::huffman_multi::TableKey;

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
            if format == Format::HuffmanMulti {
                // The key: 7 bits, and 7 more after the extended mark 81.
                let first = usize::from(data[0] >> 1);
                let filed = if first == 81 {
                    (usize::from((data[0] & 1) << 6 | data.get(1).copied().unwrap_or(0) >> 2), true)
                } else {
                    (first, false)
                };
                let key = TableKey::of(&pos);
                assert_eq!(filed, (key.category.index(), key.extended), "huffman-multi: {}", pos.fen());
            }
            assert!(buf.len() <= format.max_bytes(), "{format}");
            let again = format.decode(&buf, chess960).expect("our own record decodes");
            assert_eq!(again, pos, "{format}: {}", pos.fen());
        }
    }
});
