#!/usr/bin/env python3
"""Perft counts of every section of Fairy-Stockfish's own variants.ini, from pyffish 0.0.90
(PyPI, `pip install pyffish==0.0.90`), for crates/polyboard-variants/tests/fsf_ini.rs.

pyffish loads the whole file with `load_variant_config` (it accepts all of its sections),
then for each section: the start position (pyffish's `start_fen`) and the position after
PLY plies of a seeded random game (when the game lasts that long). Perft is counted as
gen_pyffish_perft.py counts it: recursion over `legal_moves(variant, root_fen, moves)`
with the whole move list from the root, 0 below a finished game; depths stop at the first
count whose next depth would cost more than --max-nodes.

usage: scripts/data/gen_fsf_ini_perft.py [OUT] [--max-nodes N] [--only V1,V2,...] [--deep V1,V2,...]
default OUT: crates/polyboard-variants/tests/data/fsf-ini-perft.txt
(--only recounts the listed sections and keeps the other lines of OUT as they are;
--deep adds, for the listed sections, two seeded games played to their end (at most 300
plies), every tenth position and the last three, as gen_pyffish_perft.py --extra does,
so that rules that act late (castling wins, triple steps and their en passant) are
counted where they happen)
"""
import os
import random
import re
import sys

import pyffish as sf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_pyffish_perft import counts, game_to_the_end, line  # noqa: E402  (the same perft, games and line format)

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DATA = os.path.join(HERE, "crates", "polyboard-variants", "tests", "data")
INI = os.path.join(DATA, "fsf-variants.ini")
DEFAULT_OUT = os.path.join(DATA, "fsf-ini-perft.txt")
PLY = 20


def section_lines(variant, seed, max_nodes, deep):
    """The perft lines of one loaded section: its start position, the position after PLY
    seeded random moves (seed `seed-variant`), and with `deep` two seeded games to their
    end (seeds `seed-deep-variant-g`, counted to 2,000 nodes)."""
    start = sf.start_fen(variant)
    lines = [line(variant, start, counts(variant, start, max_nodes), "start position")]
    rng = random.Random(f"{seed}-{variant}")
    moves = []
    for _ in range(PLY):
        legal = sorted(sf.legal_moves(variant, start, moves))
        if not legal:
            break
        moves.append(rng.choice(legal))
    else:
        fen = sf.get_fen(variant, start, moves)
        lines.append(line(variant, fen, counts(variant, fen, max_nodes), f"random game ply {PLY}"))
    if deep:
        for g in range(2):
            rng = random.Random(f"{seed}-deep-{variant}-{g}")
            for ply, fen in game_to_the_end(variant, start, rng):
                lines.append(line(variant, fen, counts(variant, fen, 2000), f"game {g} to the end, ply {ply}"))
    return lines


def main():
    argv = sys.argv[1:]
    opts = {}
    for o in ("--max-nodes", "--only", "--deep"):
        if o in argv:
            i = argv.index(o)
            opts[o] = argv[i + 1]
            del argv[i : i + 2]
    out = argv[0] if argv else DEFAULT_OUT
    max_nodes = int(opts.get("--max-nodes", 5000))
    text = open(INI, encoding="utf-8").read()
    sections = [m.group(1).split(":")[0].strip() for m in re.finditer(r"^\[([^\]]+)\]", text, re.M)]
    sf.load_variant_config(text)
    only = opts["--only"].split(",") if "--only" in opts else sections
    keep = {}
    if "--only" in opts and os.path.exists(out):
        for t in open(out, encoding="utf-8"):
            t = t.rstrip("\n")
            if t and not t.startswith("#"):
                keep.setdefault(t.split(" ; ")[0], []).append(t)
    for variant in sections:
        if variant not in only:
            continue
        keep[variant] = section_lines(variant, "fsf-ini", max_nodes, variant in opts.get("--deep", "").split(","))
        print(variant, file=sys.stderr)
    with open(out, "w", encoding="utf-8") as f:
        f.write("# fsf-ini-perft.txt -- the sections of fsf-variants.ini (Fairy-Stockfish's variants.ini), pyffish 0.0.90\n")
        f.write("# Produced by scripts/data/gen_fsf_ini_perft.py (see its docstring); format as pyffish-perft.txt:\n")
        f.write("#   variant ; FEN (pyffish's start_fen / get_fen) ; depth=nodes ... ; oracle ; note\n")
        for variant in sections:
            f.write("".join(l + "\n" for l in keep.get(variant, [])))


if __name__ == "__main__":
    main()
