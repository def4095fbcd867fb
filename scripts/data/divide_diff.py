#!/usr/bin/env python3
"""Finds the first position where polyboard and Fairy-Stockfish disagree, by walking
down the divide of both.
usage: divide_diff.py VARIANT DEPTH [FEN] [--variants FILE] [--moves "m1 m2"] [--pyffish]
(DEPTH counts from FEN, before the moves). With --pyffish the other side is pyffish
(current Fairy-Stockfish, /tmp/myvenv/bin/python or any Python with pyffish 0.0.90),
counted by recursion over its legal_moves as gen_pyffish_perft.py counts; without it,
Fairy-Stockfish 11.1 over UCI (fsf_perft.py)."""
import subprocess, sys
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from fsf_perft import perft

def ours(variant, depth, fen, moves, vf):
    cmd = ["./target/release/polyboard", "perft", "--variant", variant, "--depth", str(depth), "--divide"]
    if fen: cmd += ["--fen", fen]
    if moves: cmd += ["--moves", " ".join(moves)]
    if vf: cmd += ["--variants", vf]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return {l.split(": ")[0]: int(l.split(": ")[1]) for l in out.splitlines() if ": " in l and not l.startswith(("Nodes", "repr"))}

def fsf(variant, depth, fen, moves, vf):
    pos = (fen or "startpos") 
    f = None
    if moves:
        # FSF: use 'position ... moves'
        f = (f"fen {fen}" if fen else "startpos") + " moves " + " ".join(moves)
    import fsf_perft
    return fsf_perft.perft(variant, depth, None, vf, position=f)[2] if f else perft(variant, depth, fen, vf)[2]

def pyffish_divide(variant, depth, fen, moves, vf):
    import pyffish as sf
    from gen_pyffish_perft import perft as pf_perft
    if vf:
        sf.load_variant_config(open(vf).read())
    fen = fen or sf.start_fen(variant)
    if depth == 1:
        return {m: 1 for m in sf.legal_moves(variant, fen, moves)}
    return {m: pf_perft(variant, fen, moves + [m], depth - 1, False) for m in sf.legal_moves(variant, fen, moves)}

args = [a for a in sys.argv[1:]]
if "--pyffish" in args:
    args.remove("--pyffish"); fsf = pyffish_divide
vf = None
if "--variants" in args:
    i = args.index("--variants"); vf = args[i+1]; del args[i:i+2]
moves = []
if "--moves" in args:
    i = args.index("--moves"); moves = args[i+1].split(); del args[i:i+2]
variant, depth = args[0], int(args[1]); fen = args[2] if len(args) > 2 else None
if fen is None:
    out = subprocess.run(["./target/release/polyboard", "perft", "--variant", variant, "--depth", "0", "--json"]
                         + (["--variants", vf] if vf else []), capture_output=True, text=True, check=True).stdout
    fen = out.split('"fen":"')[1].split('"')[0]
depth -= len(moves)
while depth >= 1:
    a, b = ours(variant, depth, fen, moves, vf), fsf(variant, depth, fen, moves, vf)
    bad = [m for m in set(a) | set(b) if a.get(m) != b.get(m)]
    if not bad:
        print("agree at", moves); break
    print("moves", moves, "differ:", [(m, a.get(m), b.get(m)) for m in sorted(bad)][:10])
    m = next((m for m in bad if m in a and m in b), None)
    if m is None: break
    moves.append(m); depth -= 1
