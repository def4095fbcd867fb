#!/usr/bin/env python3
"""Plays polyboard against itself at a fixed node count and writes, for every position
of every game, the search score, the material and the game's result: the data of the
win/draw/loss model behind `UCI_ShowWDL` (fitted by `wdl_fit.py`).

Usage, from the repository root (after `cargo build --release`). Heavy: run it when the
machine is free, or niced (fixed nodes make the games independent of the load):

    nice -n 19 python3 scripts/tune/wdl_data.py --games 1000 --nodes 20000 --out wdl-games.txt

Method: each game starts from one of the match script's openings followed by 2 to 6
random legal plies (seeded by `--seed` plus the game number, so runs repeat and can be
split), then both sides are the same engine at a fixed node count. Games end by the
rules (python-chess, with claimable draws), by adjudication (|score| > 1500 cp for 8
plies in a row: a win for that side) or at 400 plies (a draw). One line a searched
position: `game ply material score result`, where material is Stockfish's count
(pawns + 3 knights + 3 bishops + 5 rooks + 9 queens, both sides, 78 at the start), the
score is the engine's `info score cp` from the side to move (mate scores are written as
`mate`) and the result is the game's from the side to move (1, 0.5 or 0).
Requires python-chess.
"""
import argparse
import os
import random
import sys

import chess
import chess.engine

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from ending import finished  # noqa: E402
from openings import random_start  # noqa: E402

WEIGHTS = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board):
    return sum(w * len(board.pieces(p, c)) for p, w in WEIGHTS.items() for c in chess.COLORS)


def play(eng, limit, g, seed):
    """One game: its rows (ply, material, side to move, score or None) and result."""
    rng = random.Random(seed * 1_000_003 + g)
    board = random_start(g, rng, 2, 6)
    rows, streak, result = [], [0, 0], None
    while finished(board) is None and board.ply() < 400:
        info = eng.play(board, limit, info=chess.engine.INFO_SCORE, game=g)
        score = info.info.get("score")
        if score is not None:
            pov = score.relative
            rows.append((board.ply(), material(board), board.turn, None if pov.is_mate() else pov.score()))
            cp = score.white().score(mate_score=100000)
            streak = [streak[0] + 1 if cp > 1500 else 0, streak[1] + 1 if cp < -1500 else 0]
            if streak[0] >= 8:
                result = 1.0
            if streak[1] >= 8:
                result = 0.0
        board.push(info.move)
        if result is not None:
            break
    if result is None:
        end = finished(board)
        result = {"1-0": 1.0, "0-1": 0.0}.get(end[0] if end else "*", 0.5)
    return rows, result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="number of the first game (to split a run)")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default="wdl-games.txt")
    a = ap.parse_args()

    eng = chess.engine.SimpleEngine.popen_uci([a.engine, "uci"])
    eng.configure({"Threads": 1, "Hash": 16})
    limit = chess.engine.Limit(nodes=a.nodes)
    with open(a.out, "a") as out:
        for g in range(a.first, a.first + a.games):
            rows, result = play(eng, limit, g, a.seed)
            for ply, mat, turn, rel in rows:
                r = result if turn == chess.WHITE else 1.0 - result
                out.write(f"{g} {ply} {mat} {'mate' if rel is None else rel} {r:g}\n")
            out.flush()
            print(f"game {g}: {result:g} after {len(rows)} positions", file=sys.stderr, flush=True)
    eng.quit()


if __name__ == "__main__":
    sys.exit(main())
