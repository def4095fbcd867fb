#!/usr/bin/env python3
"""Builds crates/polyboard-cli/data/search-positions.fen, the positions of the
representation experiment in `polyboard bench` (time to depth, the quiescence share,
the CCR key as the transposition key).

The positions are picked, by fixed rules and without any engine, from
tests/data/corpus/selfplay.fen (160 Stockfish 15.1 self-play games, every position in
game order; see tests/data/README.md):

- eight middlegames: from games 3, 13, 23, ..., 73, the position at ply 24, 27, 30,
  ..., 45 (one more ply while the side to move is in check, has fewer than 10 legal
  moves or fewer than 20 pieces stand on the board);
- eight endgames: from games 8, 18, 28, ..., 78, the first position with at most
  14, 12, 10, 9, 8, 12, 10 and 7 pieces (kings and pawns counted), skipping
  positions in check or with fewer than 4 legal moves; a game that never gets there
  gives way to the next one.

The file lists them interleaved (middlegame, endgame, ...), so that the first N lines,
which `bench --quick` uses, mix both. Each line is `FEN ; id "mgNN-gGGG-pPPP"` (or
`egNN...`), naming the game and the ply. python-chess 1.11.2 checks the FENs.

Usage (from the repository root): python3 scripts/data/gen_search_positions.py
"""
import os

import chess

assert chess.__version__ == "1.11.2", "the committed data was made with python-chess 1.11.2"

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SOURCE = os.path.join(ROOT, "tests", "data", "corpus", "selfplay.fen")
OUT = os.path.join(ROOT, "crates", "polyboard-cli", "data", "search-positions.fen")
START = chess.STARTING_FEN


def games():
    """The games of selfplay.fen: lists of FENs, each starting at the start position."""
    out = []
    with open(SOURCE) as f:
        for line in f:
            fen = line.strip()
            if not fen:
                continue
            if fen == START or not out:
                out.append([])
            out[-1].append(fen)
    return out


def pieces(board):
    return len(board.piece_map())


def middlegame(game, ply):
    for p in range(ply, len(game)):
        b = chess.Board(game[p])
        if not b.is_check() and b.legal_moves.count() >= 10 and pieces(b) >= 20:
            return p, game[p]
    return None


def endgame(game, limit):
    for p, fen in enumerate(game):
        b = chess.Board(fen)
        if pieces(b) <= limit and not b.is_check() and b.legal_moves.count() >= 4 and not b.is_game_over():
            return p, fen
    return None


def main():
    gs = games()
    assert len(gs) == 160, f"selfplay.fen should hold 160 games, found {len(gs)}"
    mgs, egs = [], []
    for k in range(8):
        g = 10 * k + 3
        while (found := middlegame(gs[g], 24 + 3 * k)) is None:
            g += 1
        mgs.append((g, *found))
    for k, limit in enumerate([14, 12, 10, 9, 8, 12, 10, 7]):
        g = 10 * k + 8
        while (found := endgame(gs[g], limit)) is None:
            g += 1
        egs.append((g, *found))
    lines = []
    for k in range(8):
        for kind, (g, p, fen) in (("mg", mgs[k]), ("eg", egs[k])):
            lines.append(f'{fen} ; id "{kind}{k + 1:02}-g{g:03}-p{p:03}"')
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} positions to {OUT}")


if __name__ == "__main__":
    main()
