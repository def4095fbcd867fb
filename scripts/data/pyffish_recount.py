#!/usr/bin/env python3
"""Recounts the lines of some variants in a variant-table file (`variant ; FEN ; 1=n
2=n ; oracle ; notes`, tests/perft.rs's format) with pyffish 0.0.90 (current
Fairy-Stockfish; `pip install pyffish==0.0.90`), in place: the same positions and
depths, the oracle field set to `pyffish-0.0.90`. For rules in which Fairy-Stockfish
changed after the release that made the file (Cambodian first moves after 11.1).

pyffish has no perft; it is counted by recursion over `legal_moves` from the line's FEN
with the whole move list, as gen_pyffish_perft.py does. A depth is kept while the count
one ply shallower (the pyffish calls it takes) stays within --max-calls (default 6000).

usage: scripts/data/pyffish_recount.py FILE --variants V1,V2 [--max-calls N]
"""
import sys

import pyffish as sf


def perft(variant, fen, moves, depth):
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


def recount(variant, fen, depths, max_calls):
    out = []
    previous = 1
    for d in depths:
        if previous > max_calls:
            break
        n = perft(variant, fen, [], d)
        out.append(f"{d}={n}")
        previous = n
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opt = lambda name, default: sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default
    path = args[0]
    variants = set(opt("--variants", "").split(","))
    max_calls = int(opt("--max-calls", "6000"))
    lines = open(path).read().splitlines()
    out = []
    for line in lines:
        fields = [f.strip() for f in line.split(";")]
        if line.startswith("#") or len(fields) < 3 or fields[0] not in variants:
            out.append(line)
            continue
        variant, fen, counts = fields[0], fields[1], fields[2]
        depths = [int(c.split("=")[0]) for c in counts.split()]
        got = recount(variant, fen, depths, max_calls)
        out.append(" ; ".join([variant, fen, " ".join(got), "pyffish-0.0.90"] + fields[4:]))
        print(variant, fen, " ".join(got), file=sys.stderr)
    open(path, "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
