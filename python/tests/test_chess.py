"""polyboard.chess.Board against python-chess (an independent implementation) and
published perft counts (chessprogramming.org's perft results)."""

import random

import chess
import pytest

import polyboard.chess as pc

# chessprogramming.org "Perft Results": start, Kiwipete, positions 3, 4, 5.
PERFT = [
    (chess.STARTING_FEN, [20, 400, 8902, 197281]),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [48, 2039, 97862]),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812, 43238]),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467]),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379]),
]


def playouts(games, plies, seed, chess960=False):
    """Random games with python-chess: yields (python-chess board) after each move."""
    rng = random.Random(seed)
    for g in range(games):
        if chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = chess.Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over(claim_draw=True):
                break
            board.push(rng.choice(moves))
            yield board


def test_legal_moves_match_python_chess_on_random_playouts():
    for ref in playouts(40, 120, seed=1):
        ours = pc.Board(ref.fen())
        assert sorted(ours.legal_moves) == sorted(m.uci() for m in ref.legal_moves), ref.fen()
        assert ours.is_check() == ref.is_check()
        assert ours.is_checkmate() == ref.is_checkmate()
        assert ours.is_stalemate() == ref.is_stalemate()
        assert ours.is_insufficient_material() == ref.is_insufficient_material()
        assert ours.fen() == ref.fen()
        assert ours.turn == ref.turn


def test_chess960_legal_moves_match_python_chess():
    for ref in playouts(20, 80, seed=2, chess960=True):
        ours = pc.Board(ref.fen(), chess960=True)
        assert sorted(ours.legal_moves) == sorted(m.uci() for m in ref.legal_moves), ref.fen()


def test_game_replayed_move_by_move_matches_python_chess():
    rng = random.Random(3)
    for _ in range(20):
        ref = chess.Board()
        ours = pc.Board()
        while not ref.is_game_over(claim_draw=True) and ref.ply() < 300:
            move = rng.choice(list(ref.legal_moves))
            san = ref.san(move)
            assert ours.san(move.uci()) == san
            if rng.random() < 0.5:
                assert ours.push_san(san) == move.uci()
            else:
                ours.push(move)
            ref.push(move)
            assert ours.fen() == ref.fen()
        ref_outcome = ref.outcome(claim_draw=True)
        outcome = ours.outcome()
        assert (outcome is None) == (ref_outcome is None)
        if outcome is not None:
            assert outcome.termination == ref_outcome.termination.name
            assert outcome.winner == ref_outcome.winner
            assert outcome.result() == ref_outcome.result()
        assert ours.is_game_over() == ref.is_game_over(claim_draw=True)
        # Take everything back.
        while ref.move_stack:
            assert ours.pop() == ref.pop().uci()
            assert ours.fen() == ref.fen()


def test_copy_and_conversion_with_python_chess():
    ref = chess.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]:
        ref.push_san(san)
    ours = pc.Board.from_chess(ref)
    assert ours.fen() == ref.fen()
    assert ours.move_stack == [m.uci() for m in ref.move_stack]
    copy = ours.copy()
    assert isinstance(copy, pc.Board)
    copy.push_uci("b5c6")
    assert ours.fen() == ref.fen()
    back = copy.to_chess()
    ref.push_uci("b5c6")
    assert back.fen() == ref.fen() and back.move_stack == ref.move_stack


def test_repetition_ends_the_game_like_python_chess():
    ref = chess.Board()
    ours = pc.Board()
    for _ in range(2):
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"]:
            ref.push_uci(m)
            ours.push_uci(m)
    assert ours.outcome().termination == ref.outcome(claim_draw=True).termination.name == "THREEFOLD_REPETITION"
    assert ours.outcome(claim_draw=False) is None and ref.outcome(claim_draw=False) is None


@pytest.mark.parametrize("repr", pc.REPRS)
def test_perft_matches_published_counts_on_every_representation(repr):
    for fen, counts in PERFT:
        board = pc.Board(fen)
        for depth, expected in enumerate(counts, start=1):
            assert board.perft(depth, repr) == expected, (fen, depth, repr)


def test_bad_input_raises_value_error_naming_the_field():
    with pytest.raises(ValueError, match="en passant"):
        pc.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1")
    with pytest.raises(ValueError, match="not a legal move"):
        pc.Board().push_uci("e2e5")
    with pytest.raises(ValueError):
        pc.Board().push_san("Qxh7")
    with pytest.raises(ValueError, match="repr"):
        pc.Board().perft(2, "nosuch")
    with pytest.raises(ValueError, match="depth"):
        pc.Board().perft(99)
    with pytest.raises(IndexError):
        pc.Board().pop()


def test_legal_moves_many_matches_python_chess():
    boards = list(playouts(5, 40, seed=4))
    fens = [b.fen() for b in boards]
    for ref, moves in zip(boards, pc.legal_moves_many(fens)):
        assert sorted(moves) == sorted(m.uci() for m in ref.legal_moves)
    with pytest.raises(ValueError, match=r"fens\[1\]"):
        pc.legal_moves_many([chess.STARTING_FEN, "not a fen"])
