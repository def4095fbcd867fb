//! Property test of the queries a search asks of a board ([`SearchBoard`]): over random
//! games from the perft suites and Chess960 starts, every representation is compared
//! with the reference after every move. The staged sets are disjoint and together are
//! the legal moves, with the noisy ones exactly the captures and queen promotions; the
//! piece on each square and the twelve piece sets equal `Position`'s; the attackers of
//! every square, under the full occupancy and under thinned ones, equal those that
//! `Position` finds with magic bitboards; a null move gives the reference's key and FEN
//! and its unmaking restores them.

use crate::common;

use common::*;
use polyboard_chess::board::is_noisy;
use polyboard_chess::repr::names;
use polyboard_chess::{Board, Color, Move, PieceSets, Position, SearchBoard, Square, with_repr};
use polyboard_core::MoveList;
use proptest::prelude::*;

fn sorted(list: &MoveList<Move>) -> Vec<u16> {
    let mut v: Vec<u16> = list.iter().map(|m| m.to_u16()).collect();
    v.sort_unstable();
    v
}

/// The position after the side to move passes.
fn null_reference(pos: &Position) -> Position {
    let mut parts = pos.parts();
    parts.turn = pos.turn().other();
    parts.ep = None;
    parts.halfmove = pos.halfmove_clock().wrapping_add(1);
    if pos.turn() == Color::Black {
        parts.fullmove = pos.fullmove_number().wrapping_add(1);
    }
    Position::from_parts(&parts, Some(pos.is_chess960())).expect("a null move of a legal position not in check")
}

/// Checks every query of `b` against the reference `pos`; `salt` thins the occupancy.
fn check_queries<B: SearchBoard>(b: &mut B, pos: &Position, salt: u64) {
    let ctx = format!("{} on {}", B::NAME, pos.fen());
    let (mut noisy, mut quiet) = (MoveList::new(), MoveList::new());
    b.generate_noisy(&mut noisy);
    b.generate_quiet(&mut quiet);
    for m in noisy.iter() {
        assert!(is_noisy(pos, *m), "{m:?} is not noisy: {ctx}");
    }
    for m in quiet.iter() {
        assert!(!is_noisy(pos, *m), "{m:?} is noisy: {ctx}");
    }
    let mut both: Vec<u16> = sorted(&noisy);
    both.extend(sorted(&quiet));
    both.sort_unstable();
    assert_eq!(both, sorted(&pos.legal_moves()), "staged moves: {ctx}");

    for i in 0..64 {
        let sq = Square::from_index(i);
        assert_eq!(b.piece_on(sq), pos.piece_at(sq), "piece on {sq}: {ctx}");
    }
    assert_eq!(b.piece_sets(), PieceSets::of_position(pos), "piece sets: {ctx}");
    assert_eq!(b.halfmove(), pos.halfmove_clock(), "halfmove: {ctx}");

    // Thin the occupancy by a pseudo-random mask, as static exchange does.
    let full = pos.occupied();
    let thin = full & (salt.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 0x8000_0000_0000_0001);
    for occ in [full, thin] {
        for i in 0..64 {
            let sq = Square::from_index(i);
            let expected = (pos.attackers(sq, Color::White, occ) | pos.attackers(sq, Color::Black, occ)) & occ;
            assert_eq!(b.attackers(sq, occ), expected, "attackers of {sq} under {occ:#x}: {ctx}");
        }
    }

    if !pos.is_check() {
        let reference = null_reference(pos);
        let before = b.clone();
        let undo = b.make_null();
        assert_eq!(b.to_position(), reference, "null move: {ctx}");
        assert_eq!(b.zobrist(), reference.zobrist(), "null move key: {ctx}");
        b.unmake_null(undo);
        assert_eq!(b.to_position(), *pos, "null move unmade: {ctx}");
        assert_eq!(b.zobrist(), before.zobrist(), "null move unmade, key: {ctx}");
        let mut copy = b.clone();
        copy.apply_null();
        assert_eq!(copy.to_position(), reference, "null move by copy-make: {ctx}");
        assert_eq!(copy.zobrist(), reference.zobrist(), "null move by copy-make, key: {ctx}");
    }
}

fn run_game<B: SearchBoard>(start: &Position, choices: &[u16]) {
    let mut b = B::from_position(start);
    let mut reference = *start;
    for (ply, &choice) in choices.iter().enumerate() {
        check_queries(&mut b, &reference, choice as u64 ^ (ply as u64) << 16);
        let legal = reference.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[choice as usize % legal.len()];
        if ply % 2 == 1 {
            let _ = b.make(mv);
        } else {
            b.apply(mv);
        }
        reference = reference.play(mv);
    }
}

fn starts() -> Vec<Position> {
    let mut v: Vec<Position> = suite("perft/plp-perftsuite.epd", false).into_iter().map(|c| c.position).collect();
    v.extend(suite("perft/ethereal-fischer.epd", true).into_iter().map(|c| c.position));
    v.extend((0..960).step_by(7).filter_map(Position::chess960_start));
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_representation_answers_the_search_queries(start in any::<prop::sample::Index>(), choices in prop::collection::vec(any::<u16>(), 1..100)) {
        let starts = starts();
        let start = &starts[start.index(starts.len())];
        for name in names() {
            with_repr!(name, B => run_game::<B>(start, &choices)).unwrap();
        }
    }
}

/// The suite positions themselves (promotions, en passant, castling in and out of
/// check), for every representation.
#[test]
fn every_representation_answers_the_search_queries_on_the_suites() {
    for (i, start) in starts().iter().enumerate() {
        for name in names() {
            with_repr!(name, B => check_queries(&mut B::from_position(start), start, i as u64)).unwrap();
        }
    }
}
