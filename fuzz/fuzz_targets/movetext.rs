//! UCI and SAN parsing never panic on any text; what parses is legal and writes back
//! to text that parses to the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_chess::{Position, san, uci};

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let pos = Position::from_fen(FENS[which as usize % FENS.len()]).expect("valid");
    if let Ok(mv) = uci::parse(&pos, text) {
        assert!(pos.is_legal(mv));
        assert_eq!(uci::parse(&pos, &uci::format(&pos, mv)), Ok(mv));
    }
    if let Ok(mv) = san::parse(&pos, text) {
        assert!(pos.is_legal(mv));
        assert_eq!(san::parse(&pos, &san::format(&pos, mv)), Ok(mv));
    }
});
