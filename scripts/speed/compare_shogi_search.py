#!/usr/bin/env python3
"""Shogi search speed of two polyboard binaries, side by side in one run.

Usage, from the repository root (after building both binaries in release):

    python3 scripts/speed/compare_shogi_search.py OLD_BINARY NEW_BINARY [--depth 7] [--rounds 3] [--repr NAME]

Each binary runs `polyboard usi` with one thread and a fresh 16 MiB table per position
(`usinewgame`), `go depth N` on a fixed set of positions (the start, middlegames with
pieces in hand, an endgame); the two binaries alternate per position and round, so
machine noise hits both alike. For every position it prints both node counts (they
must be equal when a change keeps the search tree identical; a difference is flagged)
and the least CPU time of each; at the end, nodes/s of each and the ratio new/old.
On a shared machine, report the ratio and say how loaded the machine was.
"""
import argparse
import os
import resource
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from engine import Engine, EngineGone  # noqa: E402

POSITIONS = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL w s 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "lr5nl/2g1kg3/2n1psspp/p1pp1pp2/1p5PP/P1PPPSP2/1PSG1P3/2GK3R1/LN5NL b Bb 1",
    "4k4/9/4P4/9/9/9/9/9/4K4 b RBGSNLrb3g3s3n3l17p 1",
]


def search(binary, sfen, depth, repr_name):
    """(nodes, CPU seconds, bestmove) of one `go depth` on a fresh engine. The time is
    the engine process's user CPU time (steadier than the wall clock on a loaded
    machine; it includes the engine's start, the same for both binaries)."""
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    e = Engine([binary, "usi"], "usi", {"Repr": repr_name} if repr_name else {}, stderr=None)
    e.new_game()
    e.position(fen=sfen)
    try:
        r = e.go(depth=depth)
    except EngineGone:
        e.quit()
        raise RuntimeError(f"{binary}: no bestmove for {sfen}") from None
    nodes = 0
    for info in r.infos:
        if info["line"].split()[:2] == ["info", "depth"] and "nodes" in info:
            nodes = info["nodes"]
    e.quit()  # waits for the process, so that its CPU time is counted
    return nodes, resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - cpu, r.bestmove


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repr", default="")
    a = ap.parse_args()
    total = {"old": [0, 0.0], "new": [0, 0.0]}
    same = True
    print(f"{'position':<12} {'old nodes':>10} {'new nodes':>10} {'old cpu s':>9} {'new cpu s':>9} {'ratio':>6}")
    for i, sfen in enumerate(POSITIONS):
        best = {"old": None, "new": None}
        for _ in range(a.rounds):
            for which in ("old", "new"):
                r = search(getattr(a, which), sfen, a.depth, a.repr)
                if best[which] is None or r[1] < best[which][1]:
                    best[which] = r
        (on, os_, om), (nn, ns, nm) = best["old"], best["new"]
        flag = "" if (on, om) == (nn, nm) else f"  DIFFERENT TREE ({om} vs {nm})"
        same &= not flag
        print(f"{i + 1:<12} {on:>10} {nn:>10} {os_:>9.3f} {ns:>9.3f} {os_ / ns:>6.3f}{flag}")
        for which, (n, s, _) in best.items():
            total[which][0] += n
            total[which][1] += s
    nps = {w: n / s for w, (n, s) in total.items()}
    print(f"nodes/s: old {nps['old']:.0f}, new {nps['new']:.0f}, ratio new/old {nps['new'] / nps['old']:.3f}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
