//! USI move parsing never panics on any text; what parses is legal, agrees with the
//! representations' move lists, and writes back to the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_shogi::repr::FastBoard;
use polyboard_shogi::{Position, ShogiBoard, usi};

const SFENS: [&str; 4] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "8k/6Sg1/6B2/7N1/9/9/9/9/4K4 b P 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let _ = usi::parse_syntax(text);
    let pos = Position::from_sfen(SFENS[which as usize % SFENS.len()]).expect("valid");
    if let Ok(mv) = usi::parse(&pos, text) {
        assert!(FastBoard::from_position(&pos).legal_moves().contains(&mv));
        assert_eq!(usi::format(mv), text);
    }
});
