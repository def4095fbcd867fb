#!/usr/bin/env python3
"""Perft with Fairy-Stockfish over UCI: prints node count and seconds.

usage: fsf_perft.py VARIANT DEPTH [FEN] [--variants FILE] [--divide]
Needs `apt-get install -y fairy-stockfish` (binary at /usr/games/fairy-stockfish).
"""
import subprocess, sys, time

def perft(variant, depth, fen=None, variants_file=None, divide=False, engine="/usr/games/fairy-stockfish", position=None):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()
    send("uci")
    if variants_file:
        send(f"setoption name VariantPath value {variants_file}")
    send(f"setoption name UCI_Variant value {variant}")
    send("isready")
    while p.stdout.readline().strip() != "readyok":
        pass
    send("position " + position if position else (f"position fen {fen}" if fen else "position startpos"))
    t = time.time()
    send(f"go perft {depth}")
    rows = {}
    while True:
        line = p.stdout.readline()
        if not line:
            raise RuntimeError("engine exited")
        line = line.strip()
        if line.startswith("Nodes searched"):
            nodes = int(line.split(":")[1])
            break
        if ": " in line and not line.startswith("info"):
            m, n = line.split(": ")
            rows[m] = int(n)
    secs = time.time() - t
    send("quit")
    p.wait()
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
