#!/usr/bin/env python3
"""Writes balanced shogi opening lines for matches (`shogi_match.py --openings FILE`):
each of the 12 common lines of scripts/lib/openings.py (SHOGI), continued move by move
with a move drawn at random among Fairy-Stockfish's best moves (MultiPV 4 at a fixed
depth, those within `--window` centipawns of the best), and kept when Fairy-Stockfish
then scores the final position within `--balance` centipawns of even. Lines that reach
a position already written are dropped. The draw is seeded, and Fairy-Stockfish at a
fixed depth with one thread answers the same, so the file comes out the same again.

The 12 lines alone give 24 games with colours reversed; engines that search alike then
replay the same games. These lines give a match many more different games.

Usage, from the repository root (Debian `fairy-stockfish`, `pip install cshogi`):

    python3 scripts/match/shogi_openings.py --count 200 --out scripts/lib/shogi_openings.txt

The output has one line per opening (USI moves from the start position, like SHOGI),
after comment lines starting with `#` that say how it was made.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import cshogi  # noqa: E402
from engine import Engine  # noqa: E402
from openings import SHOGI  # noqa: E402


def ranked(fsf, moves, depth, multipv):
    """Fairy-Stockfish's best moves after `moves` with their centipawn scores (mate
    scores as +-30000), best first."""
    fsf.set_option("MultiPV", multipv)
    fsf.position(moves=moves)
    r = fsf.go(f"depth {depth}", timeout=120)
    last = {}
    for info in r.infos:
        if info.get("depth") == depth and "pv" in info and "score" in info and "bound" not in info:
            kind, value = info["score"]
            last[info.get("multipv", 1)] = (info["pv"][0], value if kind == "cp" else (30000 if value > 0 else -30000))
    return [last[k] for k in sorted(last)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=200, help="openings to write")
    ap.add_argument("--plies", default="4-8", help="plies added to a common line, LO-HI")
    ap.add_argument("--depth", type=int, default=9, help="Fairy-Stockfish's search depth")
    ap.add_argument("--window", type=int, default=40, help="centipawns below the best a drawn move may score")
    ap.add_argument("--balance", type=int, default=150, help="the largest |score| of a kept opening")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.plies.split("-"))
    rng = random.Random(a.seed)
    fsf = Engine([a.engine], "usi", {"Threads": 1, "USI_Hash": 64, "Hash": 64}, known_only=True, timeout=60)
    fsf.new_game()
    lines, seen, tries = [], set(), 0
    while len(lines) < a.count and tries < 20 * a.count:
        base = SHOGI[tries % len(SHOGI)]
        tries += 1
        moves = base.split()
        board = cshogi.Board()
        for m in moves:
            board.push_usi(m)
        for _ in range(rng.randint(lo, hi)):
            best = ranked(fsf, moves, a.depth, 4)
            if not best:
                break
            pick = rng.choice([m for m, v in best if v >= best[0][1] - a.window])
            board.push_usi(pick)
            moves.append(pick)
        final = ranked(fsf, moves, a.depth, 1)
        key = board.sfen().rsplit(" ", 1)[0]
        if not final or abs(final[0][1]) > a.balance or key in seen or board.is_game_over():
            continue
        seen.add(key)
        lines.append(" ".join(moves))
        print(f"{len(lines)}: {lines[-1]} ({final[0][1]:+d})", file=sys.stderr, flush=True)
    fsf.quit()
    with open(a.out, "w") as out:
        out.write("# Shogi openings for matches: the 12 common lines of scripts/lib/openings.py, each continued\n")
        out.write(f"# {lo} to {hi} plies among Fairy-Stockfish's best (MultiPV 4, depth {a.depth}, within "
                  f"{a.window} cp),\n")
        out.write(f"# kept at |score| <= {a.balance} cp. Made by scripts/match/shogi_openings.py --count {a.count} "
                  f"--seed {a.seed}.\n")
        for line in lines:
            out.write(line + "\n")


if __name__ == "__main__":
    main()
