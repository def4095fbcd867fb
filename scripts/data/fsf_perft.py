#!/usr/bin/env python3
"""Perft with Fairy-Stockfish over UCI: prints node count and seconds.

usage: fsf_perft.py VARIANT DEPTH [FEN] [--variants FILE] [--divide]
Needs `apt-get install -y fairy-stockfish` (binary at /usr/games/fairy-stockfish).
"""
import os, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from engine import Engine  # noqa: E402

def perft(variant, depth, fen=None, variants_file=None, divide=False, engine="/usr/games/fairy-stockfish", position=None):
    options = {"VariantPath": variants_file} if variants_file else {}
    options["UCI_Variant"] = variant
    e = Engine([engine], "uci", options, stderr=None)
    e.send("position " + position if position else (f"position fen {fen}" if fen else "position startpos"))
    t = time.time()
    nodes, rows = e.perft(depth)
    secs = time.time() - t
    e.quit()
    return nodes, secs, rows

if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    vf = None
    if "--variants" in sys.argv:
        vf = sys.argv[sys.argv.index("--variants") + 1]
        args.remove(vf)
    nodes, secs, rows = perft(args[0], int(args[1]), args[2] if len(args) > 2 else None, vf)
    if "--divide" in sys.argv:
        for m in sorted(rows):
            print(f"{m}: {rows[m]}")
    print(f"nodes {nodes} seconds {secs:.3f}")
