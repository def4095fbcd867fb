#!/usr/bin/env python3
"""The depth polyboard reaches in a fixed time with 4, 3, 2 and 1 lines (MultiPV), from
the first twelve match openings, a fresh engine (and hash) for every search: how much
the weakened play's four-line search costs at a given control (docs/engine.md,
section "Weakened play and win, draw, loss").

Usage, from the repository root after `cargo build --release` (needs python-chess):

    python3 scripts/speed/multipv_depth.py [--engine target/release/polyboard] [--time 0.15]
"""
import argparse
import os
import statistics
import sys

import chess
import chess.engine

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from openings import CHESS as OPENINGS  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--time", type=float, default=0.15, help="seconds a search")
    ap.add_argument("--positions", type=int, default=12)
    args = ap.parse_args()
    for lines in [4, 3, 2, 1]:
        depths = []
        for fen in OPENINGS[: args.positions]:
            with chess.engine.SimpleEngine.popen_uci([args.engine, "uci"]) as eng:
                infos = eng.analyse(chess.Board(fen), chess.engine.Limit(time=args.time), multipv=lines)
                depths.append(infos[0].get("depth", 0))
        print(f"MultiPV {lines}: mean depth {statistics.mean(depths):.2f} {depths}", flush=True)


if __name__ == "__main__":
    main()
