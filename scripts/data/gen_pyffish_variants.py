#!/usr/bin/env python3
"""Every variant name of pyffish 0.0.90 (`pip install pyffish==0.0.90`) with its start FEN,
one `name ; FEN` line each, sorted by name, for the test that compares polyboard's
built-in variants with pyffish's list (crates/polyboard-variants/tests/perft.rs).

usage: scripts/data/gen_pyffish_variants.py [OUT]
default OUT: crates/polyboard-variants/tests/data/pyffish-variants.txt
"""
import os
import sys

import pyffish as sf

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DEFAULT_OUT = os.path.join(HERE, "crates", "polyboard-variants", "tests", "data", "pyffish-variants.txt")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    version = ".".join(str(n) for n in sf.version())
    with open(out, "w") as f:
        f.write(f"# pyffish-variants.txt -- pyffish {version}'s variants() and start_fen(), by scripts/data/gen_pyffish_variants.py\n")
        for name in sorted(sf.variants()):
            f.write(f"{name} ; {sf.start_fen(name)}\n")


if __name__ == "__main__":
    main()
