"""`polyboard xboard` driven by a client we did not write: python-chess's
`chess.engine.XBoardProtocol`. It plays whole games (chess and crazyhouse) and runs an
analysis; python-chess checks every move the engine sends against its own rules, and
any protocol error it sees fails the test."""

import os
import random
import chess
import chess.engine
import chess.variant
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("POLYBOARD", os.path.join(ROOT, "target", "release", "polyboard"))


@pytest.fixture
def engine():
    e = chess.engine.SimpleEngine.popen_xboard([BINARY, "xboard"], timeout=30)
    yield e
    e.quit()


def play_out(engine, board, limit, max_plies=300, seed=1):
    """The engine plays White, a random mover Black, until the game ends."""
    rng = random.Random(seed)
    while not board.is_game_over() and board.ply() < max_plies:
        if board.turn == chess.WHITE:
            result = engine.play(board, limit)
            assert result.move in board.legal_moves, f"{result.move} in {board.fen()}"
            board.push(result.move)
        else:
            board.push(rng.choice(list(board.legal_moves)))
    return board


def test_handshake_declares_the_features(engine):
    proto = engine.protocol
    assert proto.features.get("setboard") == 1 and proto.features.get("ping") == 1
    assert proto.features.get("usermove") == 1 and proto.features.get("san") == 0
    variants = str(proto.features.get("variants")).split(",")
    assert "normal" in variants and "crazyhouse" in variants and "xiangqi" in variants
    assert str(engine.id.get("name", "")).startswith("polyboard")


def test_a_whole_chess_game(engine):
    board = play_out(engine, chess.Board(), chess.engine.Limit(depth=3))
    # Against a random mover the engine mates (or the game ends by a rule).
    assert board.is_game_over(), board.fen()
    assert board.outcome().winner in (chess.WHITE, None)


def test_a_game_from_a_set_position_with_a_clock(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
    board = play_out(engine, board, chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.05, black_inc=0.05))
    assert board.is_game_over()


def test_analysis_reaches_its_depth_and_finds_the_mate(engine):
    board = chess.Board()
    info = engine.analyse(board, chess.engine.Limit(depth=6))
    assert info["depth"] >= 6 and info["pv"] and info["pv"][0] in board.legal_moves
    mate = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
    info = engine.analyse(mate, chess.engine.Limit(depth=4))
    assert info["score"].white() == chess.engine.Mate(1)
    assert info["pv"][0] == chess.Move.from_uci("h5f7")


def test_a_whole_crazyhouse_game(engine):
    board = play_out(engine, chess.variant.CrazyhouseBoard(), chess.engine.Limit(depth=2), seed=7)
    assert board.is_game_over(), board.fen()


def test_takebacks_follow_the_client(engine):
    # python-chess sends `undo` and `remove` when its board went back, then the new moves.
    board = chess.Board()
    for _ in range(6):
        board.push(engine.play(board, chess.engine.Limit(depth=3)).move)
    board.pop()
    board.pop()
    board.push_uci("a2a3" if board.turn == chess.WHITE else "a7a6")
    result = engine.play(board, chess.engine.Limit(depth=3))
    assert result.move in board.legal_moves


def test_illegal_moves_and_positions_are_refused(engine):
    # The protocol's own error replies, read straight from the engine.
    proto = engine.protocol
    assert proto.features.get("setboard") == 1
    with pytest.raises(chess.engine.EngineError):
        engine.play(chess.Board("8/8/8/8/8/8/8/8 w - - 0 1"), chess.engine.Limit(depth=2))
