#!/usr/bin/env python3
"""Perft counts for every variant of current Fairy-Stockfish, from pyffish 0.0.90 (PyPI,
`pip install pyffish==0.0.90`): the start position and positions of seeded random games.

pyffish has no perft; this counts it by recursion over `pyffish.legal_moves(variant,
root_fen, moves)`, passing the whole move list from the root so that rules that read the
game's history (repetition, counting) see it. A position where the game has ended has no
legal moves in pyffish, so it counts 0 below it, as Fairy-Stockfish's own perft does.

Writes the variant-table form (`variant ; FEN ; 1=n 2=n ; oracle ; notes`) that
crates/polyboard-variants/tests/perft.rs reads. Depths stop at the first count above
--max-nodes (default 12,000 (pyffish takes about 3 ms a call); a depth is counted when the branching so far predicts at most that) so the whole table recomputes in minutes.

usage: scripts/data/gen_pyffish_perft.py [OUT] [--max-nodes N] [--games N]
       scripts/data/gen_pyffish_perft.py --extra OUT --only V1,V2,... [--games N] [--max-nodes N]
default OUT: crates/polyboard-variants/tests/data/pyffish-perft.txt

--extra writes games played to their end (at most 300 plies) in the listed variants, each
from its own seed (the variant's name), keeping every tenth position and the last three
before the end, so that the game ends the rules bring (explosions, flags, extinction) are
counted too; the lines of other variants in OUT are kept as they are.
"""
import os
import random
import sys

import pyffish as sf

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DEFAULT_OUT = os.path.join(HERE, "crates", "polyboard-variants", "tests", "data", "pyffish-perft.txt")
PLIES = [9, 30, 70]  # random-game plies at which a position is kept
MAX_DEPTH = 5


def perft(variant, fen, moves, depth, chess960):
    legal = sf.legal_moves(variant, fen, moves, chess960)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1, chess960) for m in legal)


def counts(variant, fen, max_nodes, chess960=False):
    out = []
    prev = 1
    for d in range(1, MAX_DEPTH + 1):
        n = perft(variant, fen, [], d, chess960)
        out.append((d, n))
        # The next depth would cost about n * (n / prev) legal_moves results.
        if n == 0 or n * max(n / prev, 1) > max_nodes:
            break
        prev = n
    return out


def line(variant, fen, cs, note):
    text = " ".join(f"{d}={n}" for d, n in cs)
    return f"{variant} ; {fen} ; {text} ; pyffish-{sf.version()[0]}.{sf.version()[1]}.{sf.version()[2]} ; {note}"


def game_to_the_end(variant, start, rng, max_plies=300):
    """A random game from `start` to its end (at most `max_plies`), moves drawn by `rng`:
    (ply, FEN) of every tenth position and of the last three."""
    moves, fens = [], []
    for ply in range(1, max_plies + 1):
        legal = sorted(sf.legal_moves(variant, start, moves))
        if not legal:
            break
        moves.append(rng.choice(legal))
        fens.append((ply, sf.get_fen(variant, start, moves)))
    return [f for f in fens if f[0] % 10 == 0] + [f for f in fens[-3:] if f[0] % 10 != 0]


def extra(out, only, games, max_nodes):
    keep = {}
    if os.path.exists(out):
        for text in open(out):
            text = text.rstrip("\n")
            if text and not text.startswith("#"):
                keep.setdefault(text.split(" ; ")[0], []).append(text)
    for variant in only:
        start = sf.start_fen(variant)
        rng = random.Random(f"20261126-{variant}")
        lines = []
        for g in range(games):
            for ply, fen in game_to_the_end(variant, start, rng):
                lines.append(line(variant, fen, counts(variant, fen, max_nodes), f"game {g} to the end, ply {ply}"))
        keep[variant] = lines
        print(variant, len(lines), file=sys.stderr)
    with open(out, "w") as f:
        f.write("# pyffish-perft-extra.txt -- games to their end in the variants issue 20 added later, pyffish 0.0.90\n")
        f.write("# Produced by scripts/data/gen_pyffish_perft.py --extra (see its docstring); format as pyffish-perft.txt\n")
        for variant in sorted(keep):
            f.write("".join(l + "\n" for l in keep[variant]))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    args = [a for a in args if a not in (sys.argv[sys.argv.index(o) + 1] for o in ("--extra", "--only", "--games", "--max-nodes") if o in sys.argv)]
    opt = lambda name, default: int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default
    out = args[0] if args else DEFAULT_OUT
    max_nodes = opt("--max-nodes", 12_000)
    games = opt("--games", 1)
    if "--extra" in sys.argv:
        only = sys.argv[sys.argv.index("--only") + 1].split(",")
        extra(sys.argv[sys.argv.index("--extra") + 1], only, opt("--games", 2), opt("--max-nodes", 4_000))
        return
    rng = random.Random(20261126)
    lines = [
        "# pyffish-perft.txt -- perft counts of every pyffish 0.0.90 variant (current Fairy-Stockfish)",
        "# Produced by scripts/data/gen_pyffish_perft.py (see its docstring); format as variant-perft.txt:",
        "#   variant ; FEN (pyffish's get_fen) ; depth=nodes ... ; oracle ; note",
        "# Counts are pyffish's legal_moves recursed from the position (0 below a finished game).",
    ]
    for variant in sorted(sf.variants()):
        start = sf.start_fen(variant)
        lines.append(line(variant, start, counts(variant, start, max_nodes), "start position"))
        for g in range(games):
            moves = []
            keep = set(PLIES)
            for ply in range(1, max(PLIES) + 1):
                legal = sorted(sf.legal_moves(variant, start, moves))
                if not legal:
                    break
                moves.append(rng.choice(legal))
                if ply in keep:
                    fen = sf.get_fen(variant, start, moves)
                    lines.append(line(variant, fen, counts(variant, fen, max_nodes), f"random game {g} ply {ply}"))
        print(variant, file=sys.stderr)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
