#!/usr/bin/env python3
"""Time to depth with Threads=1 against Threads=N (Lazy SMP speed-up).

Usage (after `cargo build --release`; needs a quiet machine to mean anything):

    python3 scripts/speed/smp_speedup.py [--depth 14] [--threads 2] [--engine target/release/polyboard]

Searches each of a few middlegame positions to a fixed depth with a fresh hash, once
per thread count, and prints the times and their ratio (geometric mean).
Requires python-chess.
"""
import argparse
import math
import time

import chess
import chess.engine

FENS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2QK2R b KQ - 3 9",
    "2r3k1/pp3ppp/4p3/3pP3/3P1P2/P1R5/1P4PP/6K1 b - - 0 25",
]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    eng = chess.engine.SimpleEngine.popen_uci([a.engine, "uci"])
    times = {1: [], a.threads: []}
    for fen in FENS:
        for t in (1, a.threads):
            eng.configure({"Threads": t, "Hash": 64, "Clear Hash": None})
            t0 = time.monotonic()
            info = eng.analyse(chess.Board(fen), chess.engine.Limit(depth=a.depth), game=object())
            dt = time.monotonic() - t0
            times[t].append(dt)
            print(f"threads {t}: {dt:7.2f} s, {info.get('nodes')} nodes  {fen}", flush=True)
    ratio = math.exp(sum(math.log(x / y) for x, y in zip(times[1], times[a.threads])) / len(FENS))
    print(f"time-to-depth speed-up with {a.threads} threads: {ratio:.2f}x (geometric mean)")
    eng.quit()


if __name__ == "__main__":
    main()
