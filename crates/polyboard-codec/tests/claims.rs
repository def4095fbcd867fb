//! The survey's own claims about its formats, as tests, and the sizes the module
//! documentation derives.

use crate::common;

use common::*;
use polyboard_chess::{Color, Position, START_FEN};
use polyboard_codec::{Format, huffman, huffman_tuned, stream};

#[test]
fn stream_start_board_is_18_bytes() {
    // "This allows encoding the starting position in 18 bytes."
    let start = Position::startpos();
    assert_eq!(stream::board_bits(&start), 18 * 8);
    let mut buf = Vec::new();
    // The board plus the documented trailer: 1 + 4 + 4 + 1 + 8 + 8 bits.
    assert_eq!(stream::encode(&start, &mut buf), 144 + 26);
    assert_eq!(buf.len(), 22);
}

#[test]
fn stream_board_is_at_most_32_bytes() {
    // "A hypothetical board alternating a piece and a gap takes the maximum length
    // of 32 bytes": pieces on every other square.
    let pos = Position::from_fen("1k1n1b1r/p1p1p1p1/1q1p1p1p/p1p1p1p1/1P1P1P1P/P1P1P1P1/1P1P1P1P/1K1N1B1R w - - 0 1");
    // That board has too many pawns for polyboard-chess; build a legal one with
    // the same alternation instead.
    assert!(pos.is_err());
    let pos = Position::from_fen("k1n1b1r1/n1b1r1q1/q1r1b1n1/p1p1p1p1/P1P1P1P1/N1B1R1Q1/Q1R1B1N1/K1N1B1R1 w - - 0 1")
        .unwrap();
    assert_eq!(stream::board_bits(&pos), 32 * 8);
    for pos in suite_positions() {
        assert!(stream::board_bits(&pos) <= 32 * 8);
    }
}

#[test]
fn huffman_start_board_is_164_bits() {
    let start = Position::startpos();
    assert_eq!(huffman::board_bits(&start), 164);
    let mut buf = Vec::new();
    // Side 1 + halfmove 7 + board 164 + castling 4; then the end marker.
    assert_eq!(huffman::encode(&start, &mut buf), 176);
    assert_eq!(buf.len(), 23);
}

/// The module documentation's bound: over every count of pawn-takes-pawn (`pp`),
/// piece-takes-pawn (`xp`), pawn-takes-piece (`px`) and piece-takes-piece (`xx`)
/// captures and promotions `p <= 3 pp + xp + 2 px`, `p <= 16 - pp - xp`, the board
/// costs at most `164 + 3p - 2(pp + xp) - 4(px + xx)` bits, and the maximum is 192.
#[test]
fn the_board_bound_is_192() {
    let mut best = (0, [0; 5]);
    for pp in 0..=16i32 {
        for xp in 0..=16 - pp {
            for px in 0..=30 {
                for xx in 0..=30 - px {
                    let p = (3 * pp + xp + 2 * px).min(16 - pp - xp);
                    let bits = 164 + 3 * p - 2 * (pp + xp) - 4 * (px + xx);
                    if bits > best.0 {
                        best = (bits, [pp, xp, px, xx, p]);
                    }
                }
            }
        }
    }
    assert_eq!(best, (192, [4, 0, 0, 0, 12]));
}

/// The position the module documentation derives: each side has seven queens, two
/// rooks, two bishops, two knights and its king, kings and rooks on their home
/// squares (so all four castling bits are written), no pawns (so no en passant
/// bits), and a rook on h8 (so nothing is omitted at the end).
const WORST: &str = "rnbqkbnr/8/qqqqqq2/8/8/QQQQQQ2/8/RNBQKBNR w KQkq - 0 1";

#[test]
fn worst_case_is_204_bits() {
    for fen in [WORST, &WORST.replace(" w ", " b "), &WORST.replace(" KQkq ", " - ")] {
        let pos = Position::from_fen(fen).unwrap();
        assert!(!pos.is_check(), "{fen}");
        assert_eq!(huffman::board_bits(&pos), 192);
        let mut buf = Vec::new();
        assert_eq!(huffman::encode(&pos, &mut buf), huffman::MAX_LEGAL_BITS, "{fen}");
        assert_eq!(Format::Huffman.decode(&buf, false).unwrap(), pos);
    }
}

#[test]
fn the_bound_holds_on_every_test_position() {
    let mut buf = Vec::new();
    let mut max = 0;
    for pos in suite_positions() {
        max = max.max(huffman::encode(&pos, &mut buf));
    }
    for (fen, chess960) in movetext_after() {
        let pos = Position::from_fen_variant(&fen, chess960).unwrap();
        max = max.max(huffman::encode(&pos, &mut buf));
    }
    assert!(max <= huffman::MAX_LEGAL_BITS, "{max}");
}

#[test]
fn any_accepted_position_fits_max_bytes() {
    // Fifteen queens a side: what Position accepts beyond legal play.
    let fen = "qqqqqqqk/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQQQQK w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let mut buf = Vec::new();
    for format in Format::available() {
        format.encode(&pos, &mut buf).unwrap();
        assert!(buf.len() <= format.max_bytes(), "{format}: {}", buf.len());
        let back = format.decode(&buf, false).unwrap_or_else(|e| panic!("{format}: {e} ({})", hex(&buf)));
        assert_eq!(back.fen(), expected(format, &pos), "{format}");
    }
    // 1 + 7 + 64 + 32 × 5 = 232 bits when the last piece is not a king.
    let pos = Position::from_fen("kqqqqqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQQQQK w - - 0 1").unwrap();
    assert_eq!(huffman::encode(&pos, &mut buf), 232);
    assert_eq!(buf.len(), huffman::MAX_BYTES);
}

#[test]
fn huffman_omits_trailing_empties_and_the_last_king() {
    let mut buf = Vec::new();
    // Black king last: 1 + 7 + (4 + 6) for e1 and the squares before it, then 59
    // squares to e8 (58 empty + ... ) with the king omitted.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let bits = huffman::encode(&pos, &mut buf);
    assert_eq!(bits, 8 + 4 + 6 + (60 - 5));
    assert_eq!(huffman::decode(&buf, false).unwrap(), pos);
    // A white pawn last: the empties after it are omitted.
    let pos = Position::from_fen("8/8/8/8/8/8/2P5/K1k5 b - - 0 1").unwrap();
    assert_eq!(huffman::encode(&pos, &mut buf), 8 + 6 + 1 + 6 + 5 + 2 + 3);
    assert_eq!(huffman::decode(&buf, false).unwrap(), pos);
}

#[test]
fn tuned_start_is_144_bits() {
    let mut buf = Vec::new();
    assert_eq!(huffman_tuned::encode(&Position::startpos(), &mut buf), 144);
    assert_eq!(buf.len(), 18);
}

#[test]
fn tuned_is_never_longer_than_huffman_on_the_suites() {
    // Not a property of the formats in general, but of realistic positions.
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut total = [0usize; 2];
    for pos in suite_positions() {
        total[0] += huffman::encode(&pos, &mut a);
        total[1] += huffman_tuned::encode(&pos, &mut b);
    }
    assert!(total[1] < total[0], "{total:?}");
}

#[test]
fn start_fen_sizes() {
    let start = Position::from_fen(START_FEN).unwrap();
    assert_eq!(start.turn(), Color::White);
    let mut buf = Vec::new();
    let sizes: Vec<(&str, usize)> = Format::available()
        .filter(|&f| f != Format::Compact) // the survey's and Lichess's formats, sized by their specs
        .map(|f| (f.name(), (f.encode(&start, &mut buf).unwrap(), buf.len()).1))
        .collect();
    // ccr: the paper's 32-byte board, then side (1 bit), four castling rights with one
    // candidate rook each (4 bits) and two one-group clocks (16 bits): 35 bytes.
    assert_eq!(
        sizes,
        [("ccr", 35), ("stream", 22), ("huffman", 23), ("huffman-tuned", 18), ("huffman-multi", 15), ("binaryfen", 24)]
    );
}
