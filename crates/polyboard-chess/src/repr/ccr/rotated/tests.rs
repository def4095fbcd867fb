//! Unit tests: the layout of the four boards, and make and unmake keeping them.

use super::*;
use crate::Board;
use polyboard_core::perft::{MakeUnmake, PerftNode};

/// The four boards rebuilt from the board of ranks alone, square by square.
fn rebuilt(ranks: &[u32; 8]) -> Boards {
    let mut b = [[0u32; 8]; 4];
    for i in 0..64 {
        toggle(&mut b, i, (ranks[i >> 3] >> (4 * (i & 7))) & NIBBLE);
    }
    b
}

/// The material word counted from the board of ranks: nibble `c` the number of
/// pieces of code `c`.
fn counted(ranks: &[u32; 8]) -> u64 {
    (0..64).map(|i| (ranks[i >> 3] >> (4 * (i & 7))) & NIBBLE).filter(|&c| c != 0).map(|c| 1u64 << (4 * c)).sum()
}

/// The square of nibble `k` (0 = bits 3-0) of word `w` of the board of `kind`.
fn square_name(kind: usize, w: usize, k: usize) -> String {
    index_to_square(index_of(kind, w, k)).to_string()
}

/// The rows the module documentation draws, top nibble first.
#[test]
fn layout_is_as_documented() {
    let row = |kind: usize, w: usize| (0..8).rev().map(|k| square_name(kind, w, k)).collect::<Vec<_>>().join(" ");
    assert_eq!(row(RANK, 0), "a8 b8 c8 d8 e8 f8 g8 h8");
    assert_eq!(row(RANK, 7), "a1 b1 c1 d1 e1 f1 g1 h1");
    assert_eq!(row(FILE, 0), "h1 h2 h3 h4 h5 h6 h7 h8");
    assert_eq!(row(FILE, 7), "a1 a2 a3 a4 a5 a6 a7 a8");
    assert_eq!(row(DIAG, 0), "a1 b2 c3 d4 e5 f6 g7 h8");
    assert_eq!(row(DIAG, 1), "a8 b1 c2 d3 e4 f5 g6 h7");
    assert_eq!(row(DIAG, 7), "a2 b3 c4 d5 e6 f7 g8 h1");
    assert_eq!(row(ANTI, 7), "a8 b7 c6 d5 e4 f3 g2 h1");
    assert_eq!(row(ANTI, 0), "a7 b6 c5 d4 e3 f2 g1 h8");
    // Every board numbers the 64 squares once, and `place` inverts `index_of`.
    for kind in 0..4 {
        let mut seen = [false; 64];
        for w in 0..8 {
            for k in 0..8 {
                let i = index_of(kind, w, k);
                assert!(!seen[i]);
                seen[i] = true;
                assert_eq!(place(kind, i), (w, 4 * k as u32));
            }
        }
    }
    // The line masks: b1's a1-h8 diagonal is b1-h7 (nibbles 0..=6 of word 1), its
    // h1-a8 diagonal a2-b1 (nibbles 6, 7 of word 5 of the other board, after h3-c8).
    let b1 = square_to_index(Square::parse("b1").unwrap());
    assert_eq!(LINE[b1][DIAG], 0x0111_1111);
    assert_eq!(LINE[b1][ANTI], 0x1100_0000);
    assert_eq!(place(ANTI, b1).0, 5);
}

#[test]
fn the_board_of_ranks_is_the_ccr() {
    // Figure 1 of the paper: "CCR = (57344,0,0,0,32,4096,1076912128,0)".
    let b = RotatedCcr::from_position(&Position::from_fen("4k3/8/8/8/6N1/4P3/R1B1K3/8 w - - 0 1").unwrap());
    assert_eq!(b.ranks(), [57344, 0, 0, 0, 32, 4096, 1_076_912_128, 0]);
    // The a-file holds the rook on a2 (rank 2: nibble d = 6) and nothing else.
    assert_eq!(b.boards()[FILE][7], u32::from(super::super::ROOK as u8) << 24);
}

#[test]
fn make_and_unmake_keep_the_four_boards() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        // Promotions with and without captures, for both sides.
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    ] {
        let b = RotatedCcr::from_position(&Position::from_fen(fen).unwrap());
        for mv in b.legal_moves() {
            let mut c = b;
            let undo = c.make(mv);
            assert_eq!(c.boards, rebuilt(&c.boards[RANK]), "{mv:?}");
            assert_eq!(c.material, counted(&c.boards[RANK]), "{mv:?}");
            for reply in c.legal_moves() {
                let mut d = c;
                d.apply(reply);
                assert_eq!(d.boards, rebuilt(&d.boards[RANK]), "{mv:?} {reply:?}");
                assert_eq!(d.material, counted(&d.boards[RANK]), "{mv:?} {reply:?}");
            }
            c.unmake(mv, undo);
            assert_eq!(c, b);
        }
    }
}
