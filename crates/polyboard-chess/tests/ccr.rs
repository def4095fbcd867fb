//! The `ccr` representation's own tests on the perft suites: the section 5.5
//! conversion to bitboards and back, and the section 4.4 attack tables against
//! polyboard's reference attackers.

use crate::common;

use common::*;
use polyboard_chess::repr::Ccr;
use polyboard_chess::repr::ccr::{
    ATTACK_MINOR, ATTACK_PAWN, ATTACK_QUEEN_KING, ATTACK_ROOK, BLACK, bitboards_to_ccr, ccr_to_bitboards,
    ccr_to_bitboards_as_printed,
};
use polyboard_chess::{Board, Color, Position, Role, Square};

/// Every position of every perft suite in tests/data/perft.
fn suite_positions() -> Vec<Position> {
    let mut out: Vec<Position> = Vec::new();
    for (name, chess960) in [
        ("perft/plp-perftsuite.epd", false),
        ("perft/ethereal-standard.epd", false),
        ("perft/ethereal-fischer.epd", true),
    ] {
        out.extend(suite(name, chess960).into_iter().map(|c| c.position));
    }
    out.extend(python_chess_perft("perft/python-chess-chess960.perft", Some(true)).into_iter().map(|c| c.position));
    out.extend(python_chess_perft("perft/python-chess-tricky.perft", None).into_iter().map(|c| c.position));
    out
}

#[test]
fn ccr_to_bitboards_and_back_is_the_identity_on_every_suite_position() {
    let positions = suite_positions();
    assert_eq!(positions.len(), 126 + 128 + 960 + 960 + 19);
    for pos in &positions {
        let b = Ccr::from_position(pos);
        let bb = ccr_to_bitboards(&b.ranks());
        assert_eq!(bb, ccr_to_bitboards_as_printed(&b.ranks()), "the tuned conversion: {}", pos.fen());
        assert_eq!(bitboards_to_ccr(&bb), b.ranks(), "{}", pos.fen());
        // The bitboards are the position's own, code by code (Table 1).
        for color in Color::ALL {
            for role in Role::ALL {
                let code = (role as usize + 1) | if color == Color::Black { BLACK as usize } else { 0 };
                assert_eq!(bb[code], pos.pieces(color, role), "{} {color:?} {role:?}", pos.fen());
            }
        }
        assert_eq!(bb[0], !pos.occupied(), "empty squares");
        assert_eq!(bb[7] | bb[8] | bb[15], 0, "unused codes");
        assert_eq!(b.to_position(), *pos, "from_position and to_position");
    }
}

#[test]
fn attack_tables_agree_with_the_reference_attackers_on_every_suite_position() {
    for pos in suite_positions() {
        let b = Ccr::from_position(&pos);
        for color in Color::ALL {
            let table = b.attacks(color);
            for i in 0..64u8 {
                let sq = Square::new(i).unwrap();
                // Rank element 7 - rank, nibble 7 - file.
                let nibble = (table[7 - sq.rank() as usize] >> (4 * (7 - sq.file() as u32))) & 0xf;
                let attackers = pos.attackers(sq, color, pos.occupied());
                let has = |roles: &[Role]| roles.iter().any(|&r| attackers & pos.pieces(color, r) != 0);
                let mut expected = 0;
                if has(&[Role::Pawn]) {
                    expected |= ATTACK_PAWN;
                }
                if has(&[Role::Knight, Role::Bishop]) {
                    expected |= ATTACK_MINOR;
                }
                if has(&[Role::Rook]) {
                    expected |= ATTACK_ROOK;
                }
                if has(&[Role::Queen, Role::King]) {
                    expected |= ATTACK_QUEEN_KING;
                }
                assert_eq!(nibble, expected, "{} {color:?} attacks on {sq}", pos.fen());
            }
        }
    }
}

#[test]
fn ccr_hash_is_equal_for_equal_positions_and_covers_the_state() {
    // Equal positions from different FEN clocks hash alike; side, castling and en
    // passant change the key.
    let a = Ccr::from_position(&Position::from_fen("4k3/8/8/8/3pP3/8/8/R3K3 b Q e3 0 1").unwrap());
    let b = Ccr::from_position(&Position::from_fen("4k3/8/8/8/3pP3/8/8/R3K3 b Q e3 7 40").unwrap());
    assert_eq!(a.ccr_hash(), b.ccr_hash());
    for other in ["4k3/8/8/8/3pP3/8/8/R3K3 b - e3 0 1", "4k3/8/8/8/3pP3/8/8/R3K3 b Q - 0 1"] {
        let c = Ccr::from_position(&Position::from_fen(other).unwrap());
        assert_ne!(a.ccr_hash(), c.ccr_hash(), "{other}");
    }
}

#[test]
fn castling_judges_the_path_with_the_rook_lifted() {
    // Queen-side castling with the rook on b1: the black queen on a1 is blocked by the
    // rook, but with king and rook lifted it attacks c1 and d1, so castling is illegal.
    // With a knight on a1 instead, castling stands.
    let castles = |fen: &str| {
        let b = Ccr::from_position(&Position::from_fen(fen).unwrap());
        b.legal_moves().into_iter().filter(|m| m.is_castle()).count()
    };
    assert_eq!(castles("4k3/8/8/8/8/8/8/qR2K3 w B - 0 1"), 0);
    assert_eq!(castles("4k3/8/8/8/8/8/8/nR2K3 w B - 0 1"), 1);
    // A rook of the side to move behind the castling rook does not matter.
    assert_eq!(castles("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1"), 1);
}
