#!/usr/bin/env python3
"""Adds a stronger engine's score to Texel training positions: reads `FEN [result]`
lines (as `scripts/tune/texel_data.py` writes them) and writes `FEN [result] score`, with
`score` the engine's search score of the position in centipawns from White's side
(mate scores as +/-3000). The chess tuner (`--example tune -- --lambda L`) blends it
with the game result, as the shogi tuner does.

Usage, from the repository root (heavy; niced):

    nice -n 5 python3 scripts/tune/texel_score.py --in texel.txt --out texel-scored.txt --depth 7

The engine (Debian's Stockfish unless `--engine`) is driven over UCI by
scripts/lib/engine.py, one search a position, with a fresh hash every 1000 positions;
`--from`/`--to` select a line range so that several runs can share the work. No Python
packages are needed.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from engine import Engine, EngineGone  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--in", dest="inp", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--from", dest="start", type=int, default=0)
    ap.add_argument("--to", dest="end", type=int, default=1 << 62)
    a = ap.parse_args()

    try:
        score_file(a)
    except EngineGone:
        sys.exit("engine ended")


def score_file(a):
    eng = Engine([a.engine], "uci", {"Threads": 1, "Hash": 16}, stderr=None)
    with open(a.inp) as inp, open(a.out, "w") as out:
        for n, line in enumerate(inp):
            if n < a.start or n >= a.end:
                continue
            line = line.strip()
            if not line:
                continue
            fen = line[: line.index("[")].strip()
            if n % 1000 == 0:
                eng.new_game()
                eng.isready()
            eng.position(fen=fen)
            kind, value = eng.go(depth=a.depth).info.get("score", (None, None))
            if kind == "cp":
                score = value
            elif kind == "mate":
                score = 3000 if value > 0 else -3000
            else:
                continue
            if fen.split()[1] == "b":
                score = -score
            out.write(f"{line} {score}\n")
            if n % 5000 == 0:
                print(n, file=sys.stderr, flush=True)
    eng.quit()


if __name__ == "__main__":
    main()
