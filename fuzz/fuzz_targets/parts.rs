//! `Position::from_parts` never panics on arbitrary fields, and what it accepts is the
//! position its own FEN parses to (so the two constructors agree), with its fields
//! kept as given (the en passant square aside, dropped without a legal capture).
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboard_chess::{Color, Parts, Position, Square};

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 * 8 + 12 {
        return;
    }
    let word = |i: usize| u64::from_le_bytes(data[8 * i..8 * i + 8].try_into().unwrap());
    let rest = &data[64..];
    let mut parts = Parts {
        by_role: [word(0), word(1), word(2), word(3), word(4), word(5)],
        by_color: [word(6), word(7)],
        turn: if rest[0] & 1 == 0 { Color::White } else { Color::Black },
        castling: u64::from_le_bytes(rest[1..9].try_into().unwrap()),
        ep: Square::new(rest[9] & 127),
        halfmove: u32::from(rest[10]),
        fullmove: u32::from(rest[11]),
    };
    // Bias towards plausible boards: every piece coloured, some rights and squares kept.
    if rest[0] & 2 != 0 {
        let all = parts.by_role.iter().fold(0, |a, b| a | b);
        parts.by_color = [all & !parts.by_color[1], all & parts.by_color[1]];
    }
    let chess960 = match rest[0] >> 2 & 3 {
        0 => None,
        1 => Some(false),
        _ => Some(true),
    };
    let Ok(pos) = Position::from_parts(&parts, chess960) else { return };
    let again = Position::from_fen_variant(&pos.fen(), pos.is_chess960()).expect("an accepted position's FEN parses");
    assert_eq!(again, pos, "{}", pos.fen());
    let kept = pos.parts();
    assert_eq!(
        (kept.by_role, kept.by_color, kept.turn, kept.castling),
        (parts.by_role, parts.by_color, parts.turn, parts.castling)
    );
});
