"""polyboard.shogi.Board against cshogi (an independent implementation) and the
published shogi perft counts (30, 900, 25470, 719731 from the start)."""

import random

import cshogi
import pytest

import polyboard.shogi as ps


def cshogi_moves(board):
    return {cshogi.move_to_usi(m) for m in board.legal_moves}


def is_optional_non_promotion(move, moves):
    """True for a board move written without '+' whose promoting twin is also legal:
    cshogi's generator leaves out some of these (pawn, bishop and rook
    non-promotions), which the shogi rules allow and polyboard keeps."""
    return "*" not in move and not move.endswith("+") and move + "+" in moves


def test_legal_moves_match_cshogi_on_random_playouts():
    rng = random.Random(5)
    positions = 0
    for _ in range(30):
        ref = cshogi.Board()
        ours = ps.Board()
        for _ in range(150):
            theirs = cshogi_moves(ref)
            mine = set(ours.legal_moves)
            assert theirs <= mine, ref.sfen()
            assert all(is_optional_non_promotion(m, mine) for m in mine - theirs), ref.sfen()
            assert ours.is_check() == bool(ref.is_check())
            assert ours.sfen() == ref.sfen()
            assert ours.turn == ref.turn
            positions += 1
            if not theirs:
                assert ours.is_game_over() and ref.is_game_over()
                break
            move = rng.choice(sorted(theirs))
            ref.push_usi(move)
            ours.push_usi(move)
    assert positions > 1000


def test_pop_and_copy():
    ours = ps.Board()
    ref = cshogi.Board()
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]:
        ours.push_usi(m)
        ref.push_usi(m)
    assert ours.sfen() == ref.sfen()
    copy = ours.copy()
    assert isinstance(copy, ps.Board)
    assert ours.pop() == "B*4e"
    ref.pop()
    assert ours.sfen() == ref.sfen()
    assert copy.sfen() != ours.sfen()
    assert copy.to_cshogi().sfen() == copy.sfen()


@pytest.mark.parametrize("repr", ps.REPRS)
def test_perft_matches_published_counts(repr):
    board = ps.Board()
    for depth, expected in enumerate([30, 900, 25470], start=1):
        assert board.perft(depth, repr) == expected


def test_perft_depth_4():
    assert ps.Board().perft(4) == 719731


def test_bad_input_raises_value_error():
    with pytest.raises(ValueError):
        ps.Board("not an sfen")
    with pytest.raises(ValueError):
        ps.Board().push_usi("7g7e")
    with pytest.raises(ValueError, match="repr"):
        ps.Board().perft(1, "nosuch")
    with pytest.raises(IndexError):
        ps.Board().pop()
