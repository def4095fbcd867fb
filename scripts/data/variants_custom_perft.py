#!/usr/bin/env python3
"""Perft counts of the test-only variant in
crates/polyboard-variants/tests/data/custom-variant.ini, from pyffish (the current
Fairy-Stockfish as a Python module: `pip install pyffish`; the Debian fairy-stockfish
11.1 predates custom pieces). Writes custom-variant.perft beside the ini, in the
python-chess .perft form (id / epd / perft lines).

usage: scripts/data/variants_custom_perft.py [MAX_DEPTH]
"""
import os, sys
import pyffish as sf

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "crates", "polyboard-variants", "tests", "data")
VARIANT = "betzatest"

def perft(fen, moves, depth):
    legal = sf.legal_moves(VARIANT, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)

def random_line(fen, plies):
    """A fixed pseudo-random line (a linear congruential generator, seed 12)."""
    moves, state = [], 12
    for _ in range(plies):
        legal = sorted(sf.legal_moves(VARIANT, fen, moves))
        if not legal:
            break
        state = (state * 1103515245 + 12345) % 2**31
        moves.append(legal[state % len(legal)])
    return moves

def main():
    max_depth = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    sf.load_variant_config(open(os.path.join(HERE, "custom-variant.ini")).read())
    start = sf.start_fen(VARIANT)
    # The start, and two positions reached by moves, so that castling, promotion and the
    # custom pieces' captures show up early.
    positions = [
        ("start", start, []),
        ("random", start, random_line(start, 10)),
        ("promo", "4k4/1P7/9/9/9/9/9/9/R3K3R w KQ - 0 1", []),
    ]
    # The header names this script by its path before scripts/ had folders (now scripts/data/): kept, so that
    # the output stays byte-identical to the committed file.
    out = [f"# {VARIANT} perft counts from pyffish {'.'.join(map(str, sf.version()))}, by scripts/variants_custom_perft.py"]
    for name, fen, moves in positions:
        fen2 = sf.get_fen(VARIANT, fen, moves)
        out.append(f"id {name}")
        out.append(f"epd {fen2}")
        for d in range(1, max_depth + 1):
            n = perft(fen2, [], d)
            out.append(f"perft {d} {n}")
            print(name, d, n, flush=True)
            if n > 300000:
                break
        out.append("")
    with open(os.path.join(HERE, "custom-variant.perft"), "w") as f:
        f.write("\n".join(out))

if __name__ == "__main__":
    main()
