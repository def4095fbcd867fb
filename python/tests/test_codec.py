"""Bulk codecs: every format of `polyboard encode` round-trips positions that
python-chess generates, through numpy, keeping the fields each format stores."""

import random

import chess
import numpy as np
import pytest

import polyboard.codec as codec

# The formats of `polyboard encode --help` (crates/polyboard-codec).
CLI_FORMATS = ["ccr", "stream", "huffman", "huffman-tuned", "huffman-multi", "binaryfen", "compact"]
# Fields each format keeps: (halfmove clock cap, fullmove number kept).
KEPT = {"huffman": (100, False), "huffman-tuned": (100, False), "huffman-multi": (100, False), "compact": (0, False)}


def corpus(n, seed):
    rng = random.Random(seed)
    fens = []
    while len(fens) < n:
        board = chess.Board()
        for _ in range(rng.randrange(1, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen())
    return fens[:n]


def expected_fen(fen, format):
    """The FEN a format gives back: the clocks it does not keep are filled in."""
    cap, fullmove = KEPT.get(format, (None, True))
    fields = fen.split()
    if cap is not None:
        fields[4] = str(min(int(fields[4]), cap))
    if not fullmove:
        fields[5] = "1"
    return " ".join(fields)


def test_every_cli_format_is_there():
    assert list(codec.FORMATS) == CLI_FORMATS


@pytest.mark.parametrize("format", CLI_FORMATS)
def test_bulk_round_trip(format):
    fens = corpus(3000, seed=hash(format) % 1000)
    table = codec.encode(fens, format)
    assert table.dtype == np.uint8 and table.shape == (len(fens), codec.width(format))
    assert (table[:, 0] >= 1).all() and (table[:, 0] < table.shape[1]).all()
    back = codec.decode(table, format)
    for fen, got in zip(fens, back):
        # python-chess normalizes both (en passant written when legal, as polyboard).
        assert chess.Board(got).fen() == expected_fen(fen, format)
    # One at a time gives the same records.
    records = codec.records(table)
    assert records[0] == codec.encode_one(fens[0], format)
    assert codec.decode_one(records[-1], format) == back[-1]
    # Threads change nothing.
    assert np.array_equal(codec.encode(fens, format, threads=1), table)


def test_chess960_round_trip():
    fens = []
    for n in (0, 518, 959):
        board = chess.Board.from_chess960_pos(n)
        fens.append(board.fen())
    table = codec.encode(fens, "compact", chess960=True)
    back = codec.decode(table, "compact", chess960=True)
    for fen, got in zip(fens, back):
        assert chess.Board(got, chess960=True).fen() == expected_fen(fen, "compact")


def test_bad_input_raises_value_error():
    with pytest.raises(ValueError, match=r"fens\[1\]"):
        codec.encode([chess.STARTING_FEN, "8/8/8 w - - 0 1"], "stream")
    with pytest.raises(ValueError, match="format"):
        codec.encode([chess.STARTING_FEN], "nosuch")
    table = codec.encode([chess.STARTING_FEN], "stream")
    bad = table.copy()
    bad[0, 0] = 0
    with pytest.raises(ValueError, match=r"rows\[0\]"):
        codec.decode(bad, "stream")
    with pytest.raises(ValueError, match="rows of"):
        codec.decode(table[:, :-1], "stream")
    with pytest.raises(ValueError, match="record"):
        codec.decode_one(b"\xff" * 5, "huffman")
