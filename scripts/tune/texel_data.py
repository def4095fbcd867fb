#!/usr/bin/env python3
"""Makes training positions for the Texel tuner (`cargo run --release -p polyboard-engine
--example tune`): plays engine games and writes quiet positions labelled with the game's
result, one `FEN [result]` line each (result from White's side: 1.0, 0.5, 0.0).

Usage, from the repository root (after `cargo build --release`). Heavy: run it when the
machine is free, niced:

    nice -n 10 python3 scripts/tune/texel_data.py --games 20000 --nodes 20000 --out texel.txt
    nice -n 10 python3 scripts/tune/texel_data.py --engine /usr/games/stockfish --depth 6 --games 20000 --out texel.txt

Method: each game starts from one of the match script's openings followed by 4 to 8
random legal plies (seeded by `--seed`, so runs repeat), then both sides are the same
engine at a fixed node count (or depth). Games end by the rules, by adjudication
(|score| > 1000 cp for 6 plies in a row: a win for that side), or at 300 plies (draw).
Positions are kept from ply 16 on when the side to move is not in check and the move
the engine chose is quiet (no capture, no promotion): the static evaluation of such a
position is a fair stand-in for its quiescence value, which Texel's method needs. At
most `--per-game` positions a game (10 unless told) are kept, spread over the game, to limit correlation.
Requires python-chess.
"""
import argparse
import os
import random
import sys

import chess
import chess.engine

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from openings import random_start  # noqa: E402
from selfplay import play_out  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--depth", type=int, default=0, help="a depth instead of a node count")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default="texel.txt")
    ap.add_argument("--per-game", type=int, default=10, help="positions kept at most per game")
    a = ap.parse_args()

    cmd = [a.engine, "uci"] if a.engine.endswith("polyboard") else [a.engine]
    eng = chess.engine.SimpleEngine.popen_uci(cmd)
    eng.configure({k: v for k, v in {"Threads": 1, "Hash": 16}.items() if k in eng.options})
    rng = random.Random(a.seed)
    limit = chess.engine.Limit(depth=a.depth) if a.depth else chess.engine.Limit(nodes=a.nodes)
    kept = 0
    with open(a.out, "w") as out:
        for g in range(a.games):
            board = random_start(g, rng, 4, 8)
            if board.is_game_over():
                continue
            candidates = []

            def seen(board, mv, _score):
                if (board.ply() >= 16 and not board.is_check() and not board.is_capture(mv)
                        and mv.promotion is None):
                    candidates.append(board.fen())

            result = play_out(eng, board, limit, g, seen)
            step = max(1, len(candidates) // a.per_game)
            for fen in candidates[::step][:a.per_game]:
                out.write(f"{fen} [{result}]\n")
                kept += 1
            print(f"game {g + 1}: {result}, {kept} positions", file=sys.stderr, flush=True)
    eng.quit()


if __name__ == "__main__":
    sys.exit(main())
