//! SFEN parsing never panics; whatever parses writes back to an SFEN that parses to the
//! same position, and every shogi representation takes it with the same key and can
//! walk two plies of it without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_shogi::repr::{AttackTableBoard, Bb3x32Board, Bb128Board, FastBoard};
use polyboard_shogi::{Position, ShogiBoard, perft};

fn walk<B: ShogiBoard>(pos: &Position) -> u64 {
    let b = B::from_position(pos);
    assert_eq!(b.key(), pos.key());
    assert_eq!(&b.to_position(), pos);
    perft(&b, 2)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = Position::from_sfen(text) else { return };
    let again = Position::from_sfen(&pos.sfen()).expect("our own SFEN parses");
    assert_eq!(again, pos);
    let n = walk::<FastBoard>(&pos);
    assert_eq!(walk::<Bb128Board>(&pos), n);
    assert_eq!(walk::<Bb3x32Board>(&pos), n);
    assert_eq!(walk::<AttackTableBoard>(&pos), n);
});
