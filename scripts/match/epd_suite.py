#!/usr/bin/env python3
"""Runs an EPD tactics suite (`bm`/`am` operations) against a UCI engine.

Usage, from the repository root (after `cargo build --release`):

    nice -n 10 python3 scripts/match/epd_suite.py tests/data/tactics/wac-normalized.epd \
        --time 0.5 --threads 1 [--engine target/release/polyboard] [--option Repr=pext]

`--nodes N` searches a fixed node count instead (the same result on any machine load).

Prints each failure and the count solved. A position counts as solved when the move
the engine plays after the given time per position is one of `bm` (and none of `am`).
Requires python-chess (`pip install chess`).
"""
import argparse
import sys

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("epd")
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--args", default="uci", help="engine arguments (default: uci)")
    ap.add_argument("--time", type=float, default=0.5, help="seconds per position")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    ap.add_argument("--limit", type=int, default=0, help="only the first N positions")
    ap.add_argument("--nodes", type=int, default=0,
                    help="a node count per position instead of a time (repeatable on a loaded machine)")
    a = ap.parse_args()

    engine = chess.engine.SimpleEngine.popen_uci([a.engine] + a.args.split())
    opts = {"Threads": a.threads, "Hash": a.hash}
    for o in a.option:
        k, _, v = o.partition("=")
        opts[k] = v
    engine.configure(opts)
    solved = total = 0
    with open(a.epd) as f:
        lines = [l for l in f if l.strip()]
    if a.limit:
        lines = lines[: a.limit]
    for line in lines:
        board, ops = chess.Board.from_epd(line)
        best = ops.get("bm", [])
        avoid = ops.get("am", [])
        engine.send_ucinewgame = True
        limit = chess.engine.Limit(nodes=a.nodes) if a.nodes else chess.engine.Limit(time=a.time)
        result = engine.play(board, limit, game=object())
        ok = (not best or result.move in best) and result.move not in avoid
        total += 1
        solved += ok
        if not ok:
            want = " ".join(board.san(m) for m in best) or "not " + " ".join(board.san(m) for m in avoid)
            print(f"FAIL {ops.get('id', total)}: played {board.san(result.move)}, wanted {want}", flush=True)
    engine.quit()
    print(f"solved {solved}/{total}")


if __name__ == "__main__":
    sys.exit(main())
