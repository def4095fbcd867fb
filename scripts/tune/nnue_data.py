#!/usr/bin/env python3
"""Makes training positions for the network evaluation (`cargo run --release -p
polyboard-engine --example train_nnue`): Stockfish plays itself at a fixed depth, and
every quiet position of the game is written with the score Stockfish's search gave it
and the game's result, one `FEN [result] score` line each (result 1.0, 0.5, 0.0 and
score in centipawns, both from White's side).

Usage, from the repository root. Heavy: one process a core, with its own seed:

    nice -n 10 python3 scripts/tune/nnue_data.py --games 20000 --depth 8 --seed 1 --out nnue-1.txt

Method: each game starts from one of the match script's openings followed by 4 to 9
random legal plies (seeded by `--seed`, so runs repeat with the same Stockfish), then
Stockfish (one thread, 16 MiB hash, a fresh game each time) plays both sides at
`--depth`. The score is the one its search reports for the move it plays, so labelling
costs nothing beyond the game. Games end by the rules, by adjudication (|score| > 1000 cp
for 6 plies in a row: a win for that side), or at 300 plies (draw). Positions are kept
from ply 12 on when the side to move is not in check, the move played is quiet (no
capture, no promotion) and the score is not a mate: such a position's static value is
its search value, which the network learns. With `--random-move P`, each move from ply
12 on is a random legal one with chance P (the position before it is still labelled by
Stockfish's search): games then reach the lopsided positions a search tree holds.
Requires python-chess and Stockfish.
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
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="nnue.txt")
    ap.add_argument("--random-move", type=float, default=0.0,
                    help="chance that a move (from ply 12) is a random legal one instead of Stockfish's")
    a = ap.parse_args()

    eng = chess.engine.SimpleEngine.popen_uci([a.engine])
    eng.configure({k: v for k, v in {"Threads": 1, "Hash": 16}.items() if k in eng.options})
    rng = random.Random(a.seed)
    limit = chess.engine.Limit(depth=a.depth)
    kept = 0
    with open(a.out, "w") as out:
        for g in range(a.games):
            board = random_start(g, rng, 4, 9)
            if board.is_game_over():
                continue
            kept_here = []

            def seen(board, mv, white):
                if (white is not None and board.ply() >= 12 and not white.is_mate() and not board.is_check()
                        and not board.is_capture(mv) and mv.promotion is None):
                    kept_here.append((board.fen(), white.score()))

            def replace(board, mv):
                if board.ply() >= 12 and rng.random() < a.random_move:
                    return rng.choice(list(board.legal_moves))
                return mv

            result = play_out(eng, board, limit, (a.seed, g), seen, replace)
            for fen, cp in kept_here:
                out.write(f"{fen} [{result}] {cp}\n")
            kept += len(kept_here)
            out.flush()
            print(f"game {g + 1}: {result}, {kept} positions", file=sys.stderr, flush=True)
    eng.quit()


if __name__ == "__main__":
    sys.exit(main())
