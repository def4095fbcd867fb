#!/usr/bin/env python3
"""Search speed (nodes per second) of two polyboard binaries, paired: the same searches of
a million nodes (one thread, a fresh hash: the same tree in both builds when the search did
not change) on chess, shogi and variants, the two binaries run back to back in each pair
(old first in odd pairs, new first in even ones). A pair's ratio new/old of the nps is
taken while the machine is in one state; the median over the pairs is the case's figure.
The trees must match: a different node count between the builds is reported.

    scripts/speed/compare_search_nps.py OLD_BINARY NEW_BINARY [--rounds 5]

Prints per case the nodes, the fastest nps of each binary and the median ratio (above
1: new faster)."""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from engine import Engine  # noqa: E402

# (name, protocol, options, fen or None)
CASES = [
    ("chess magic", "uci", {"Repr": "magic"}, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    ("chess mailbox10x12", "uci", {"Repr": "mailbox10x12"}, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    ("chess ccr", "uci", {"Repr": "ccr"}, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    ("shogi", "usi", {}, None),
    ("crazyhouse", "uci", {"UCI_Variant": "crazyhouse"}, None),
    ("capablanca", "uci", {"UCI_Variant": "capablanca"}, None),
    ("xiangqi", "uci", {"UCI_Variant": "xiangqi"}, None),
]


NODES = 1_000_000


def run(binary, case):
    name, proto, options, fen = case
    eng = Engine([binary, proto], proto, {"Threads": 1, **options})
    try:
        eng.new_game()
        eng.position(fen=fen)
        r = eng.go(nodes=NODES, timeout=600)
        # The last line with a node count (after 3 s the engine also reports `currmove`).
        info = next((i for i in reversed(r.infos) if "nodes" in i), {})
        nodes = info.get("nodes", 0)
        ms = max(info.get("time", 1), 1)
        return nodes, nodes * 1000 / ms
    finally:
        eng.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(f"{'case':<20} {'nodes':>10} {'old nps':>10} {'new nps':>10} {'new/old':>8}")
    for case in CASES:
        ratios, best = [], {"old": 0, "new": 0}
        nodes = set()
        for i in range(args.rounds):
            order = [("old", args.old), ("new", args.new)]
            if i % 2:
                order.reverse()
            nps = {}
            for tag, binary in order:
                n, v = run(binary, case)
                nodes.add((tag, n))
                nps[tag] = v
                best[tag] = max(best[tag], v)
            ratios.append(nps["new"] / nps["old"])
        counts = sorted({n for _, n in nodes})
        mark = "" if len(counts) == 1 else f"  (trees differ: {counts})"
        print(f"{case[0]:<20} {counts[0]:>10} {best['old']:>10.0f} {best['new']:>10.0f} "
              f"{statistics.median(ratios):>8.3f}{mark}", flush=True)


if __name__ == "__main__":
    main()
