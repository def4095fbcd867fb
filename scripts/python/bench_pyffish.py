#!/usr/bin/env python3
"""Speed of polyboard.pyffish against pyffish 0.0.90 on the same calls: legal_moves,
get_fen, get_san_moves and game_result over positions of seeded random games in several
variants (each call with the game's start FEN and the moves played so far, as a server
like pychess.org calls it). Prints calls per second of each and the ratio.

Needs: pip install ./python pyffish==0.0.90. Run from the repository root (timings:
nothing else running, e.g. under `flock /tmp/polyboard-release.lock`):
    python3 scripts/python/bench_pyffish.py [--games 3] [--plies 60]
"""

import argparse
import random
import time

import pyffish as sf

import polyboard.pyffish as pf

VARIANTS = ["chess", "crazyhouse", "capablanca", "shogi", "xiangqi", "makruk", "seirawan", "3check"]


def corpus(games, plies):
    """(variant, start, moves) of every position of seeded random games (pyffish plays)."""
    rng = random.Random(7)
    out = []
    for variant in VARIANTS:
        start = sf.start_fen(variant)
        for _ in range(games):
            moves = []
            for _ in range(plies):
                out.append((variant, start, list(moves)))
                legal = sf.legal_moves(variant, start, moves)
                if not legal:
                    break
                moves.append(rng.choice(legal))
    return out


def timed(f, calls):
    t = time.perf_counter()
    for args in calls:
        f(*args)
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--plies", type=int, default=60)
    args = ap.parse_args()
    positions = corpus(args.games, args.plies)
    calls = {
        "legal_moves": [(v, s, m) for v, s, m in positions],
        "get_fen": [(v, s, m) for v, s, m in positions],
        "get_san_moves": [(v, s, m) for v, s, m in positions],
        "game_result": [(v, s, m) for v, s, m in positions],
    }
    print(f"{len(positions)} positions in {', '.join(VARIANTS)}")
    print(f"{'call':<15} {'pyffish/s':>12} {'polyboard/s':>12} {'ratio':>7}")
    for name, c in calls.items():
        a = timed(getattr(sf, name), c)
        b = timed(getattr(pf, name), c)
        print(f"{name:<15} {len(c) / a:>12.0f} {len(c) / b:>12.0f} {a / b:>6.1f}x")


if __name__ == "__main__":
    main()
