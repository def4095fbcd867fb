"""polyboard.Engine: searches whose answers python-chess and cshogi check."""

import chess
import cshogi
import pytest

from polyboard import Engine


def test_mate_in_one_is_found():
    moves = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"]
    result = Engine("chess").search(moves=moves, depth=4)
    board = chess.Board()
    for m in moves:
        board.push_uci(m)
    board.push_uci(result.move)
    assert board.is_checkmate()
    assert result.mate == 1 and result.cp is None and result.score == ("mate", 1)


def test_search_result_fields_and_pv_are_legal():
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    result = Engine("chess", threads=1, hash=8).search(fen, depth=5)
    assert result.depth >= 5 and result.nodes > 0 and result.time >= 0
    assert result.cp is not None and result.move == result.pv[0]
    board = chess.Board(fen)
    for m in result.pv:
        board.push_uci(m)  # raises when not legal
    if result.ponder is not None:
        assert result.ponder == result.pv[1]


def test_node_and_time_limits():
    engine = Engine("chess")
    assert engine.search(nodes=2000).nodes <= 2000 + 500
    assert engine.search(movetime=0.05).move in {m.uci() for m in chess.Board().legal_moves}


def test_shogi_search_plays_a_legal_move():
    result = Engine("shogi").search(moves=["7g7f"], depth=3)
    board = cshogi.Board()
    board.push_usi("7g7f")
    assert result.move in {cshogi.move_to_usi(m) for m in board.legal_moves}


def test_variant_search():
    engine = Engine("crazyhouse")
    assert "crazyhouse" in engine.variants()
    assert engine.search(depth=2).move is not None


def test_bad_input_raises_value_error():
    with pytest.raises(ValueError, match="variant"):
        Engine("nosuch")
    with pytest.raises(ValueError, match="threads"):
        Engine("chess", threads=0)
    with pytest.raises(ValueError, match="hash"):
        Engine("chess", hash=0)
    engine = Engine("chess")
    with pytest.raises(ValueError, match="position"):
        engine.search("not a fen", depth=1)
    with pytest.raises(ValueError):
        engine.search(moves=["e2e5"], depth=1)
    with pytest.raises(ValueError, match="depth"):
        engine.search(depth=0)
    with pytest.raises(ValueError, match="movetime"):
        engine.search(movetime=-1)


def test_weakened_play_is_legal_and_bad_ratings_raise():
    engine = Engine("chess")
    engine.set_option("UCI_LimitStrength", "true")
    engine.set_option("UCI_Elo", "1350")
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    legal = {m.uci() for m in chess.Board(fen).legal_moves}
    for _ in range(3):
        result = engine.search(fen, depth=8)
        assert result.move in legal and result.depth <= 8
    with pytest.raises(ValueError, match="UCI_Elo"):
        engine.set_option("UCI_Elo", "3000")
    with pytest.raises(ValueError, match="UCI_LimitStrength"):
        engine.set_option("UCI_LimitStrength", "maybe")
