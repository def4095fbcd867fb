//! Property test: every representation agrees with every other after every move of
//! random games from random perft-suite and Chess960 positions, on the legal move
//! set, the FEN, check status and the Zobrist key. Each representation keeps its own
//! state across the game, alternating copy-make and make/unmake, so incremental
//! updates are exercised over many plies.

use crate::common;

use common::*;
use polyboard_chess::repr::names;
use polyboard_chess::{Board, Move, Position, with_repr};
use proptest::prelude::*;

/// A representation behind a trait object, so one game can drive all of them.
trait AnyBoard {
    fn name(&self) -> &'static str;
    fn moves(&self) -> Vec<u16>;
    fn position(&self) -> Position;
    fn check(&self) -> bool;
    fn key(&self) -> u64;
    fn count(&self) -> u64;
    fn play(&mut self, mv: Move, in_place: bool);
}

impl<B: Board> AnyBoard for B {
    fn name(&self) -> &'static str {
        B::NAME
    }
    fn moves(&self) -> Vec<u16> {
        let mut v: Vec<u16> = self.legal_moves().iter().map(|m| m.to_u16()).collect();
        v.sort_unstable();
        v
    }
    fn position(&self) -> Position {
        self.to_position()
    }
    fn check(&self) -> bool {
        self.is_check()
    }
    fn key(&self) -> u64 {
        self.zobrist()
    }
    fn count(&self) -> u64 {
        self.count_moves()
    }
    fn play(&mut self, mv: Move, in_place: bool) {
        if in_place {
            // make, then unmake and make again: unmake must restore the state exactly.
            let before = self.clone();
            let undo = self.make(mv);
            self.unmake(mv, undo);
            assert_eq!(self.to_position(), before.to_position(), "{}: unmake of {mv:?}", B::NAME);
            assert_eq!(self.zobrist(), before.zobrist(), "{}: unmake of {mv:?} (key)", B::NAME);
            let _ = self.make(mv);
        } else {
            self.apply(mv);
        }
    }
}

fn starts() -> Vec<Position> {
    let mut v: Vec<Position> = suite("perft/plp-perftsuite.epd", false).into_iter().map(|c| c.position).collect();
    v.extend(suite("perft/ethereal-fischer.epd", true).into_iter().map(|c| c.position));
    v.extend((0..960).step_by(7).filter_map(Position::chess960_start));
    v
}

fn run_game(start: &Position, choices: &[u16]) {
    let mut boards: Vec<Box<dyn AnyBoard>> = names()
        .into_iter()
        .map(|n| with_repr!(n, B => Box::new(B::from_position(start)) as Box<dyn AnyBoard>).unwrap())
        .collect();
    let mut reference = *start;
    for (ply, &choice) in choices.iter().enumerate() {
        let legal = reference.legal_moves();
        let mut expected: Vec<u16> = legal.iter().map(|m| m.to_u16()).collect();
        expected.sort_unstable();
        for b in &boards {
            let ctx = format!("{} at ply {ply} of {} ({})", b.name(), start.fen(), reference.fen());
            assert_eq!(b.position(), reference, "position: {ctx}");
            assert_eq!(b.moves(), expected, "legal moves: {ctx}");
            assert_eq!(b.count(), expected.len() as u64, "bulk count: {ctx}");
            assert_eq!(b.check(), reference.is_check(), "check: {ctx}");
            assert_eq!(b.key(), reference.zobrist(), "key: {ctx}");
        }
        if legal.is_empty() {
            break;
        }
        let mv = legal[choice as usize % legal.len()];
        for b in boards.iter_mut() {
            b.play(mv, ply % 2 == 1);
        }
        reference = reference.play(mv);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn all_representations_agree_on_random_games(start in any::<prop::sample::Index>(), choices in prop::collection::vec(any::<u16>(), 1..120)) {
        let starts = starts();
        run_game(&starts[start.index(starts.len())], &choices);
    }
}

/// Every legal move of each edge position, played by each representation and by the
/// reference, gives the same moves, positions and keys; unmake restores. Runs in
/// debug builds too, where an overflow would panic.
fn edge_positions_agree<B: Board>() {
    for fen in [
        // Chess960 kings in the corners with a right to the far rook.
        "4k3/8/8/8/8/8/8/K6R w H - 0 1",
        "4k3/8/8/8/8/8/8/R6K w A - 0 1",
        "r6k/8/8/8/8/8/8/4K3 b a - 0 1",
        // En passant pinned along the rank, and a legal one.
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
        "8/8/3p4/KPp4r/1R2Pp1k/8/6P1/8 w - c6 0 1",
        // Checks with castling rights; promotions with captures.
        "r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1",
        "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        // Clocks at the top of their range wrap instead of panicking.
        "4k3/8/8/8/8/8/8/4K2R w K - 4294967295 4294967295",
        "4k3/8/8/8/8/8/8/4K2R b K - 4294967295 4294967295",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let ours = B::from_position(&pos);
        assert_eq!(ours.to_position(), pos, "{} {fen}", B::NAME);
        assert_eq!(ours.is_check(), pos.is_check(), "{} {fen}", B::NAME);
        let mut moves = ours.legal_moves();
        let mut expected = pos.legal_moves().to_vec();
        moves.sort_by_key(|m| m.to_u16());
        expected.sort_by_key(|m| m.to_u16());
        assert_eq!(moves, expected, "{} {fen}", B::NAME);
        assert_eq!(ours.count_moves(), expected.len() as u64, "{} {fen}", B::NAME);
        for mv in moves {
            let mut played = ours.clone();
            let undo = played.make(mv);
            let after = pos.play(mv);
            assert_eq!(played.to_position(), after, "{} {fen} {mv:?}", B::NAME);
            assert_eq!(played.zobrist(), after.zobrist(), "{} {fen} {mv:?}", B::NAME);
            played.unmake(mv, undo);
            assert_eq!(played.to_position(), pos, "{} {fen} {mv:?}", B::NAME);
            assert_eq!(played.zobrist(), ours.zobrist(), "{} {fen} {mv:?}", B::NAME);
        }
    }
}

#[test]
fn every_representation_agrees_on_edge_positions() {
    for name in names() {
        with_repr!(name, B => edge_positions_agree::<B>()).unwrap();
    }
}
