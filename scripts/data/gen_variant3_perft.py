#!/usr/bin/env python3
"""Perft counts of positions from seeded random games in cambodian, sittuyin and shatar,
from the Debian Fairy-Stockfish 11.1 (`apt-get install -y fairy-stockfish`, driven over
UCI: `go perft N` and `d`). Writes the variant-table form (`variant ; FEN ; 1=n 2=n ;
oracle ; notes`) that tests/perft.rs reads.

The games pick each move with a linear congruential generator over Fairy-Stockfish's
own legal move list (sorted), so the lines exercise what the start positions do not:
Cambodian gates after captures, Sittuyin's promotions after the setup phase, Shatar's
bers promotions. A game that ends (no legal move) stops early.

Current Fairy-Stockfish changed Cambodian first moves after 11.1; the committed file's
cambodian lines were then counted again by pyffish with pyffish_recount.py.

usage: scripts/data/gen_variant3_perft.py [OUT] [--games N] [--max-nodes N]
default OUT: crates/polyboard-variants/tests/data/variant3-random.txt
"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from engine import Engine  # noqa: E402

ENGINE = "/usr/games/fairy-stockfish"
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DEFAULT_OUT = os.path.join(HERE, "crates", "polyboard-variants", "tests", "data", "variant3-random.txt")
# (variant, plies at which a position is kept)
PLAN = [
    ("cambodian", [3, 8, 15, 24, 40, 70]),
    ("sittuyin", [10, 17, 24, 36, 50, 70, 100, 140]),
    ("shatar", [6, 14, 25, 40, 70, 110]),
]
# Hand-made positions for rules random games rarely reach: (variant, FEN, what).
EXTRA = [
    ("sittuyin", "8/8/8/8/8/2k5/P7/K7[] w - - 0 1", "the only pawn promotes anywhere"),
    ("sittuyin", "8/8/8/3k4/8/4P3/P7/K7[] w - - 0 1", "two pawns, neither on a long diagonal in the far half"),
    ("sittuyin", "6k1/8/8/3P4/4P3/8/8/K7[] w - - 0 1", "pawns on the long diagonals"),
    ("sittuyin", "4k3/8/8/8/8/3n4/8/4K3[FR] w - - 0 1", "in check in the setup, no drop blocks a knight"),
    ("sittuyin", "4k3/8/8/8/8/8/8/r3K3[FRS] w - - 0 1", "in check in the setup, drops block"),
    ("sittuyin", "8/8/4pppp/pppp4/4PPPP/PPPP4/8/4K3[FRRSSNNkfrrssnn] b - - 0 1", "black drops after a king"),
    ("cambodian", "rnsmksnr/8/pppp1ppp/8/8/PPPPPPPP/4r3/RNSKMSNR w DEde - 0 1", "in check with gates"),
    ("cambodian", "rnsmksnr/8/ppp1pppp/8/8/PPPP1PPP/8/RNSKMSNR w DEde - 0 1", "met leaps to an open file"),
    ("cambodian", "rnsmksnr/8/pppp1ppp/8/8/PPPPnPPP/8/RNSKMSNR w DEde - 0 1", "met leap captures"),
    ("shatar", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "promotions to the bers, bare kings in the tree"),
    ("shatar", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "the opponent's king is bare: no move"),
    ("shatar", "4k3/8/8/8/8/8/8/4K2R b - - 0 1", "the side to move is bare: no move"),
]


class Fsf(Engine):
    """Fairy-Stockfish over UCI in one variant (scripts/lib/engine.py), with its `d` command."""

    def __init__(self, variant):
        super().__init__([ENGINE], "uci", {"UCI_Variant": variant}, stderr=None)

    def fen(self):
        self.send("d")
        lines = self.read_until(lambda l: l.strip().startswith("Checkers:"))
        return next((l.strip()[5:] for l in lines if l.strip().startswith("Fen: ")), None)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opt = lambda name, default: int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default
    games, max_nodes = opt("--games", 4), opt("--max-nodes", 400_000)
    out_path = args[0] if args and not args[0].isdigit() else DEFAULT_OUT
    # The header names this script by its path before scripts/ had folders (now scripts/data/): kept, so that
    # the output stays byte-identical to the committed file.
    out = [
        "# Perft of positions from seeded random games, by scripts/gen_variant3_perft.py, counted by",
        "# Fairy-Stockfish 11.1 (Debian 11.1-1+b1) over UCI; same line format as variant-perft.txt.",
    ]
    for variant, fen, what in EXTRA:
        e = Fsf(variant)
        counts = []
        for d in range(1, 7):
            e.position(fen=fen)
            n, _ = e.perft(d)
            counts.append(f"{d}={n}")
            if n == 0 or n > max_nodes // 30:
                break
        out.append(f"{variant} ; {fen} ; {' '.join(counts)} ; fairy-stockfish-11.1 ; {what}")
        e.quit()
    for variant, keep in PLAN:
        e = Fsf(variant)
        for game in range(games):
            state = 1000 * (game + 1) + len(variant)
            moves = []
            for ply in range(max(keep) + 1):
                e.position(moves=moves)
                if ply in keep:
                    fen = e.fen()
                    counts = []
                    for d in range(1, 6):
                        e.position(moves=moves)
                        n, _ = e.perft(d)
                        counts.append(f"{d}={n}")
                        if n == 0 or n > max_nodes // 30:
                            break
                    out.append(f"{variant} ; {fen} ; {' '.join(counts)} ; fairy-stockfish-11.1 ; random game {game} ply {ply}")
                e.position(moves=moves)
                _, rows = e.perft(1)
                legal = list(rows)
                if not legal:
                    break
                state = (state * 1103515245 + 12345) % 2**31
                moves.append(sorted(legal)[state % len(legal)])
        e.quit()
    with open(out_path, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {len(out) - 2} positions to {out_path}")


if __name__ == "__main__":
    main()
