//! SFEN and USI errors, and the game rules (sennichite, perpetual check, mate, no
//! legal move), on hand-made cases checked by hand.

use crate::common;

use common::Rng;
use polyboard_shogi::game::IllegalMove;
use polyboard_shogi::repr::FastBoard;
use polyboard_shogi::{Color, Game, Move, Position, STARTPOS, ShogiBoard, Status, usi};

fn sfen_error(text: &str) -> String {
    Position::from_sfen(text).unwrap_err().to_string()
}

#[test]
fn sfen_errors_name_the_field_and_the_reason() {
    let cases = [
        ("", "SFEN (position): expected 3 or 4 fields, found 0"),
        ("9/9/9 b - 1", "SFEN field 1 (board): expected 9 ranks separated by '/', found 3"),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
            "SFEN field 1 (board): rank i has 8 squares, expected 9",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
            "SFEN field 1 (board): rank i has more than 9 squares",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1",
            "SFEN field 1 (board): rank i: 'G' cannot be promoted",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSXKGSNL b - 1",
            "SFEN field 1 (board): rank i: 'X' is not a piece letter, digit or '+'",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
            "SFEN field 2 (side to move): 'x' is neither 'b' nor 'w'",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1",
            "SFEN field 3 (hands): 'K' is not a hand piece (P L N S G B R, either case)",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2 1",
            "SFEN field 3 (hands): a count is not followed by a piece letter",
        ),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b PP 1", "SFEN field 3 (hands): 'P' appears twice"),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0",
            "SFEN field 4 (move number): '0' is not a positive integer",
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 x",
            "SFEN (position): expected 3 or 4 fields, found 5 ('x' is extra)",
        ),
        ("4k4/9/9/9/9/9/9/9/9 b - 1", "SFEN field 1 (board): Black has 0 kings, expected 1"),
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "SFEN field 1 (board): the piece on 9a could never move again"),
        ("4k4/9/9/9/9/9/9/n8/4K4 b - 1", "SFEN field 1 (board): the piece on 9h could never move again"),
        ("4k4/9/9/9/P8/9/P8/9/4K4 b - 1", "SFEN field 1 (board): two unpromoted pawns of one side on file 9 (nifu)"),
        ("4k4/9/9/9/9/9/9/9/4K4 b 18P18p4G 1", "SFEN (position): 42 pieces, at most 40 allowed"),
        ("4k4/9/9/9/4R4/9/9/9/4K4 b - 1", "SFEN field 2 (side to move): the side not to move is in check"),
    ];
    for (text, expected) in cases {
        assert_eq!(sfen_error(text), expected, "{text}");
    }
    // Accepted: `startpos`, `sfen ` prefix, no move number, counts of two digits.
    assert_eq!(Position::from_sfen("startpos").unwrap().sfen(), STARTPOS);
    let p = Position::from_sfen("sfen 4k4/9/9/9/9/9/9/9/4K4 b 10P 1").unwrap();
    assert_eq!(p.sfen(), "4k4/9/9/9/9/9/9/9/4K4 b 10P 1");
    assert_eq!(Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w -").unwrap().sfen(), "4k4/9/9/9/9/9/9/9/4K4 w - 1");
}

#[test]
fn usi_errors_name_the_part_and_the_reason() {
    let pos = Position::startpos();
    let cases = [
        ("7g7", "USI move '7g7' (move): expected 4 or 5 ASCII characters, as in 7g7f, 8h2b+ or P*5e"),
        ("0g7f", "USI move '0g7f' (from): file '0' is not 1-9"),
        ("7j7f", "USI move '7j7f' (from): rank 'j' is not a-i"),
        ("7g7z", "USI move '7g7z' (to): rank 'z' is not a-i"),
        ("7g7f=", "USI move '7g7f=' (promotion): '=' is not '+'"),
        ("K*5e", "USI move 'K*5e' (piece): 'K' is not a droppable piece (P L N S G B R)"),
        ("p*5e", "USI move 'p*5e' (piece): 'p' is not a droppable piece (P L N S G B R)"),
        ("P*5e+", "USI move 'P*5e+' (promotion): a drop never promotes"),
        ("P*5e", "USI move 'P*5e' (piece): the side to move has none in hand"),
        ("5e5d", "USI move '5e5d' (from): no piece on the origin square"),
        ("7c7d", "USI move '7c7d' (from): the piece there belongs to the side not to move"),
        ("7g7e", "USI move '7g7e' (legality): not a legal move in this position"),
        ("7g7g", "USI move '7g7g' (to): the origin and the destination are the same square"),
    ];
    for (text, expected) in cases {
        assert_eq!(usi::parse(&pos, text).unwrap_err().to_string(), expected);
    }
    assert_eq!(usi::format(usi::parse(&pos, "7g7f").unwrap()), "7g7f");
    let p = Position::from_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1").unwrap();
    // Every legal move's text parses back to it (drops, promotions, non-promotions).
    for mv in FastBoard::from_position(&p).legal_moves() {
        assert_eq!(usi::parse(&p, &usi::format(mv)), Ok(mv));
    }
    assert!(usi::parse(&p, "P*5e").is_ok());
}

#[test]
fn mutated_sfen_and_usi_never_panic() {
    let seeds = [
        STARTPOS,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    ];
    let alphabet = b"0123456789+/*- abcdefghiklnprsgbwPLNSGBRK\x00\xff";
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let pos = Position::startpos();
    for i in 0..20_000 {
        let mut bytes = seeds[i % seeds.len()].as_bytes().to_vec();
        for _ in 0..1 + rng.next() % 4 {
            let at = (rng.next() as usize) % (bytes.len() + 1);
            let c = alphabet[(rng.next() as usize) % alphabet.len()];
            match rng.next() % 3 {
                0 if at < bytes.len() => bytes[at] = c,
                1 => bytes.insert(at, c),
                _ if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => {}
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(p) = Position::from_sfen(&text) {
            assert_eq!(Position::from_sfen(&p.sfen()), Ok(p.clone()));
            let _ = FastBoard::from_position(&p).count_moves();
        }
        let mv: String = text.chars().skip(i % 20).take(4 + i % 2).collect();
        if let Ok(m) = usi::parse(&pos, &mv) {
            assert_eq!(usi::format(m), mv);
        }
    }
}

fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        game.play_usi(m).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn fourfold_repetition_is_a_draw() {
    let mut g = Game::new(Position::startpos());
    play(&mut g, "5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a");
    assert_eq!(g.status(), Status::Ongoing, "three occurrences");
    play(&mut g, "5i5h 5a5b 5h5i 5b5a");
    assert_eq!(g.status(), Status::Repetition);
    assert_eq!(g.undo(), Some(usi::parse_syntax("5b5a").unwrap()));
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    let mut g = Game::new(Position::from_sfen("k8/9/9/9/9/9/9/9/1R2K4 b - 1").unwrap());
    let cycle = "8i9i 9a8a 9i8i 8a9a ";
    play(&mut g, &cycle.repeat(2));
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, cycle);
    assert_eq!(g.status(), Status::PerpetualCheck { winner: Color::White });
}

#[test]
fn mate_and_no_legal_move_end_the_game() {
    let mut g = Game::new(Position::from_sfen("8k/9/8P/9/9/9/9/9/4K4 b G 1").unwrap());
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, "G*1b");
    assert_eq!(g.status(), Status::Checkmate { winner: Color::Black });
    // White's king on 1a is not in check but every square it could go to is covered.
    let g = Game::new(Position::from_sfen("8k/6G2/8P/9/9/9/9/9/4K4 w - 1").unwrap());
    assert_eq!(g.status(), Status::NoLegalMove { winner: Color::Black });
    let mut g = Game::new(Position::startpos());
    let bad = Move::normal(0, 40, false);
    assert_eq!(g.play(bad), Err(IllegalMove(bad)));
}
