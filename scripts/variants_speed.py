#!/usr/bin/env python3
"""Bulk perft speed of polyboard-variants against Fairy-Stockfish and Sjaak II on the issue's three
positions, side by side in one run. Reports CPU (user) seconds of each process as well
as wall time, since the machine may be shared; the ratio is of CPU seconds.

usage: scripts/variants_speed.py [--quick] [--deep]   (needs apt-get install -y fairy-stockfish sjaakii)
"""
import os, subprocess, sys, time

POLY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "polyboard")
FSF = "/usr/games/fairy-stockfish"
SJAAK = "/usr/games/sjaakii"
TICK = os.sysconf("SC_CLK_TCK")

CASES = [
    ("capablanca", 5, None),
    ("crazyhouse", 3, "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1"),
    ("xiangqi", 4, None),
]
# With --deep, one more line long enough to time well.
DEEP = [("xiangqi", 5, None)]

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

def sjaak(variant, depth, fen):
    """Sjaak II through its xboard console: `perft N` prints one line per depth."""
    if not os.path.exists(SJAAK):
        return None
    p = subprocess.Popen([SJAAK], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    w = lambda s: (p.stdin.write(s + "\n"), p.stdin.flush())
    w("xboard")
    w("new")
    w(f"variant {variant}")
    if fen:
        w(f"setboard {fen}")
    u0, t0 = utime(p.pid), time.time()
    w(f"perft {depth}")
    nodes = None
    while True:
        line = p.stdout.readline()
        if not line:
            break
        f = line.split()
        if len(f) >= 4 and f[0] == str(depth) and f[-1].endswith("nps"):
            nodes = int(f[1])
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
    for variant, depth, fen in CASES + (DEEP if "--deep" in sys.argv else []):
        d = depth - 1 if quick else depth
        a, b, c = ours(variant, d, fen), fsf(variant, d, fen), sjaak(variant, d, fen)
        agree = "agree" if a[0] == b[0] and (c is None or c[0] == a[0]) else f"DISAGREE ({a[0]} / {b[0]} / {c and c[0]})"
        line = (f"{variant} d{d}: nodes {a[0]} ({agree}); polyboard {a[1]:.2f} s cpu / {a[2]:.2f} s wall, "
                f"fairy-stockfish {b[1]:.2f} s cpu / {b[2]:.2f} s wall ({b[1] / max(a[1], 1e-3):.2f}x)")
        if c:
            line += f", sjaakii {c[1]:.2f} s cpu / {c[2]:.2f} s wall ({c[1] / max(a[1], 1e-3):.2f}x)"
        print(line)

if __name__ == "__main__":
    main()
