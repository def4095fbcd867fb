#!/usr/bin/env python3
"""Repr-vs-Repr matches: polyboard against itself, one side on one representation
(`Repr` option), the other on another, at a fixed time per move. With Threads=1 and
the same settings both sides search identical trees, so the only difference is how
fast each gets through them: the result is what a representation's speed is worth in
Elo. Games are played by scripts/match/match.py (`play_match`): its 25 balanced openings in
turn, each with both colours, python-chess keeping the clocks, time forfeits, illegal
moves and crashes counted as losses of the offender.

Usage, from the repository root after `cargo build --release`, niced on a shared box:

    nice -n 5 python3 scripts/match/repr_matches.py                       # pext-ccr and pext-mailbox10x12, 100 games each at 0.1 s a move
    nice -n 5 python3 scripts/match/repr_matches.py --games 20 --movetime 0.05 --pairs pext:magic
    nice -n 5 python3 scripts/match/repr_matches.py --write               # also append the results to the data file

`--write` appends one line per match to crates/polyboard-cli/data/repr-matches.txt
(tab-separated, counts from the first representation's side; the note records the
date, the games and the load average during the match), which `polyboard bench`
compiles in and reports. Requires python-chess.
"""
import argparse
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import match  # noqa: E402  (scripts/match/match.py: the game loop, clocks, faults and Elo)

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "crates", "polyboard-cli", "data", "repr-matches.txt")


def load():
    """The 1-minute load average (Linux), or None."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--pairs", default="pext:ccr,pext:mailbox10x12", help="a:b pairs, comma-separated")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--movetime", type=float, default=0.1, help="seconds a move")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--write", action="store_true", help="append the results to " + os.path.relpath(DATA))
    a = ap.parse_args()

    tc = f"0+{a.movetime:g}"
    lines = []
    for pair in a.pairs.split(","):
        first, _, second = pair.partition(":")

        def starter(repr_name):
            opts = {"Threads": 1, "Hash": a.hash, "Ponder": False, "Repr": repr_name}
            return lambda: match.start([a.engine, "uci"], "uci", opts)

        loads = [load()]
        started = datetime.datetime.now(datetime.timezone.utc)
        r = match.play_match(starter(first), starter(second), second, a.games, tc, our_name=first)
        loads.append(load())
        f = r["faults"]
        print(f"{first} vs {second} at {tc}: W {r['w']} D {r['d']} L {r['l']} of {r['n']}, score "
              f"{100 * r['score']:.1f}%, Elo {r['elo']:+.0f} +/- {r['err']:.0f} (95%); faults ({first}/{second}): "
              + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in f.items()), flush=True)
        known = [x for x in loads if x is not None]
        note = (f"{started:%Y-%m-%d %H:%M} UTC, 2-core machine shared with other jobs, load average "
                + ("/".join(f"{x:.1f}" for x in known) if known else "unknown") + " at start/end")
        counts = [r["w"], r["d"], r["l"], f["forfeit"][0], f["forfeit"][1], f["illegal"][0], f["illegal"][1],
                  f["crash"][0], f["crash"][1]]
        lines.append("\t".join([first, second, tc] + [str(c) for c in counts] + [note]))
    if a.write:
        with open(DATA, "a") as out:
            for line in lines:
                out.write(line + "\n")
        print(f"appended {len(lines)} line(s) to {os.path.relpath(DATA)}")


if __name__ == "__main__":
    main()
