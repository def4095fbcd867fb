#!/usr/bin/env python3
"""The perft checks of Fairy-Stockfish's own tests/perft.sh as a data file, for
crates/polyboard-cli/tests/fsf_perft_sh.rs (which plays them over `polyboard uci` as
perft.sh does: `setoption name UCI_Chess960`, `setoption name UCI_Variant`, `position ...`,
`go perft N`, and the count on the `Nodes searched:` line).

perft.sh is GPL-3.0 code and is not copied into polyboard; this script reads each of its
`expect perft.exp VARIANT POSITION DEPTH NODES [CHESS960]` lines and writes the facts
(the variant, the position, the depth, Fairy-Stockfish's count, the group perft.sh runs it
in) one a line:

    group ; variant ; position ; depth ; nodes ; chess960

usage: scripts/data/gen_fsf_perft_sh.py PERFT_SH [OUT]
  PERFT_SH: Fairy-Stockfish's tests/perft.sh (c19b5f6c: ../shared/peers/, unpacked)
  default OUT: crates/polyboard-variants/tests/data/fsf-perft-sh.txt
"""
import os
import re
import shlex
import sys

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DEFAULT_OUT = os.path.join(HERE, "crates", "polyboard-variants", "tests", "data", "fsf-perft-sh.txt")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    src = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else DEFAULT_OUT
    group = None
    rows = []
    for raw in open(src, encoding="utf-8"):
        line = raw.strip()
        if line.startswith("if [[") and "$1" in line:
            names = re.findall(r'\$1 == "(\w*)"', line)
            group = next((n for n in names if n and n != "all"), "all")
            if names and names[0] == "":
                group = "chess"
            continue
        if not line.startswith("expect perft.exp "):
            continue
        words = shlex.split(line.split(">")[0])[2:]
        variant, pos, depth, nodes = words[:4]
        chess960 = words[4] if len(words) > 4 else "false"
        rows.append((group, variant, pos, depth, nodes, chess960))
    with open(out, "w", encoding="utf-8") as f:
        f.write("# fsf-perft-sh.txt -- the perft checks of Fairy-Stockfish's tests/perft.sh (c19b5f6c)\n")
        f.write("# Produced by scripts/data/gen_fsf_perft_sh.py; one check a line:\n")
        f.write("#   group ; variant ; position (as given to `position`) ; depth ; nodes ; chess960\n")
        for r in rows:
            f.write(" ; ".join(r) + "\n")
    print(f"{len(rows)} checks written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
