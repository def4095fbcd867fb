#!/usr/bin/env python3
"""Bulk perft speed of polyboard-variants against Fairy-Stockfish on the issue's three
positions, side by side in one run. Reports CPU (user) seconds of each process as well
as wall time, since the machine may be shared; the ratio is of CPU seconds.

usage: scripts/variants_speed.py [--quick]   (needs apt-get install -y fairy-stockfish)
"""
import os, subprocess, sys, time

POLY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "polyboard")
FSF = "/usr/games/fairy-stockfish"
TICK = os.sysconf("SC_CLK_TCK")

CASES = [
    ("capablanca", 5, None),
    ("crazyhouse", 3, "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1"),
    ("xiangqi", 4, None),
]

def utime(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICK  # utime is field 14 overall

def fsf(variant, depth, fen):
    p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    w = lambda s: (p.stdin.write(s + "\n"), p.stdin.flush())
    w(f"setoption name UCI_Variant value {variant}")
    w("isready")
    while p.stdout.readline().strip() != "readyok":
        pass
    u0, t0 = utime(p.pid), time.time()
    w(f"position fen {fen}" if fen else "position startpos")
    w(f"go perft {depth}")
    while True:
        line = p.stdout.readline()
        if line.startswith("Nodes searched"):
            nodes = int(line.split(":")[1])
            break
    wall, cpu = time.time() - t0, utime(p.pid) - u0
    w("quit")
    p.wait()
    return nodes, cpu, wall

def ours(variant, depth, fen):
    cmd = [POLY, "perft", "--variant", variant, "--depth", str(depth), "--json"] + (["--fen", fen] if fen else [])
    t0 = time.time()
    r0 = os.times()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    r1 = os.times()
    nodes = int(out.split('"nodes":')[1].split(",")[0])
    return nodes, r1.children_user - r0.children_user, time.time() - t0

def main():
    quick = "--quick" in sys.argv
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    for variant, depth, fen in CASES:
        d = depth - 1 if quick else depth
        a, b = ours(variant, d, fen), fsf(variant, d, fen)
        agree = "agree" if a[0] == b[0] else f"DISAGREE ({a[0]} vs {b[0]})"
        print(f"{variant} d{d}: nodes {a[0]} ({agree}); polyboard {a[1]:.2f} s cpu / {a[2]:.2f} s wall, "
              f"fairy-stockfish {b[1]:.2f} s cpu / {b[2]:.2f} s wall; ratio {b[1] / max(a[1], 1e-3):.2f}x")

if __name__ == "__main__":
    main()
