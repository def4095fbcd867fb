#!/usr/bin/env python3
"""Relabels shogi training positions with Fairy-Stockfish's score: reads the lines that
`cargo run --release -p polyboard-engine --example datagen -- --shogi` writes (`SFEN
[result] score`, result and score from Black's side), has Fairy-Stockfish search each
kept position to a fixed node count, and writes the same line with its score in place
of polyboard's (still from Black's side). Positions whose score is a mate are dropped.

Usage, from the repository root; one process a core, each on its own share:

    python3 scripts/tune/shogi_fsf_label.py sh-1.txt --every 2 --offset 0 --nodes 4000 --out fsf-1a.txt

Method: every `--every`-th line from `--offset` is kept. Fairy-Stockfish (one thread,
16 MiB hash, `usinewgame` every 200 positions; driven by scripts/lib/engine.py) is asked
`go nodes N` and its last reported score is taken. Its centipawns are its own: they run
larger than the hand-written evaluation's (the start position after one move: +280
against +93), and the network learns them as they are (`train_nnue --lambda 1.0`).
Requires Debian's `fairy-stockfish` (or `--engine`).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from engine import Engine  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", help="a datagen --shogi file")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--nodes", type=int, default=4000)
    ap.add_argument("--every", type=int, default=1, help="keep one line in this many")
    ap.add_argument("--offset", type=int, default=0, help="the first line kept")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    fsf = Engine([a.engine], "usi", {"USI_Hash": 16, "Threads": 1}, known_only=True, timeout=60)
    kept = dropped = 0
    with open(a.data) as src, open(a.out, "w") as out:
        for i, line in enumerate(src):
            if i < a.offset or (i - a.offset) % a.every:
                continue
            position, sep, rest = line.rpartition("[")
            if not sep:
                continue
            result = rest.split("]")[0].strip()
            sfen = position.strip()
            if kept % 200 == 0:
                fsf.new_game()
                fsf.isready()
            fsf.position(fen=sfen)
            score = fsf.go(f"nodes {a.nodes}", timeout=600).info.get("score")
            if score is None or score[0] != "cp":
                dropped += 1
                continue
            black = score[1] if sfen.split()[1] == "b" else -score[1]
            out.write(f"{sfen} [{result}] {black}\n")
            kept += 1
    fsf.quit()
    print(f"{kept} positions labelled, {dropped} dropped (mate or no score)", file=sys.stderr)


if __name__ == "__main__":
    main()
