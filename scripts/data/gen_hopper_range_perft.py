#!/usr/bin/env python3
"""Perft counts of the variants of crates/polyboard-variants/tests/data/hopper-range.ini
(ranges on hoppers, Betza `pB2`), from pyffish 0.0.90 (PyPI, `pip install pyffish==0.0.90`),
for crates/polyboard-variants/tests/custom_variant.rs.

For each section of the file: the start position, the position after 20 plies of a
seeded random game, and two seeded games played to their end (at most 300 plies, every
tenth position and the last three), counted as gen_fsf_ini_perft.py counts them (the same
perft by recursion over `legal_moves`, the same line format); depths stop at the first
count whose next depth would cost more than --max-nodes (games: 2000).

usage: scripts/data/gen_hopper_range_perft.py [OUT] [--max-nodes N]
default OUT: crates/polyboard-variants/tests/data/hopper-range-perft.txt
"""
import os
import re
import sys

import pyffish as sf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_fsf_ini_perft import section_lines  # noqa: E402  (the same lines as the variants.ini sections)

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DATA = os.path.join(HERE, "crates", "polyboard-variants", "tests", "data")
INI = os.path.join(DATA, "hopper-range.ini")
DEFAULT_OUT = os.path.join(DATA, "hopper-range-perft.txt")

def main():
    argv = sys.argv[1:]
    max_nodes = 200000
    if "--max-nodes" in argv:
        i = argv.index("--max-nodes")
        max_nodes = int(argv[i + 1])
        del argv[i : i + 2]
    out = argv[0] if argv else DEFAULT_OUT
    text = open(INI, encoding="utf-8").read()
    sections = [m.group(1).split(":")[0].strip() for m in re.finditer(r"^\[([^\]]+)\]", text, re.M)]
    sf.load_variant_config(text)
    lines = []
    for variant in sections:
        lines += section_lines(variant, "hopper-range", max_nodes, True)
        print(variant, file=sys.stderr)
    with open(out, "w", encoding="utf-8") as f:
        f.write("# hopper-range-perft.txt -- the sections of hopper-range.ini (ranges on hoppers), pyffish 0.0.90\n")
        f.write(f"# Produced by scripts/data/gen_hopper_range_perft.py --max-nodes {max_nodes} (see its docstring);\n")
        f.write("# format as pyffish-perft.txt:   variant ; FEN ; depth=nodes ... ; oracle ; note\n")
        f.write("".join(l + "\n" for l in lines))

if __name__ == "__main__":
    main()
