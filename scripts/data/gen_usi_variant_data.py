#!/usr/bin/env python3
"""Writes crates/polyboard-variants/tests/data/usi-variants.txt: positions of seeded random
games in the shogi-family variants, as Fairy-Stockfish writes them when it speaks USI,
for the SFEN and USI move text test (crates/polyboard-variants/tests/usi_text.rs).

Fairy-Stockfish 11.1 (Debian: `apt-get install -y fairy-stockfish`) runs in USI mode
(`usi`, then `setoption name UCI_Variant value V`, the option's name in that version).
For every position of each game it gives, through `d`, its FEN and its SFEN, and through
`go perft 1` every legal move in USI text; the game goes on with a move drawn from those
by Python's `random.Random(seed)`. For shogi, cshogi (PyPI, `pip install cshogi`) reads
the same moves: its SFEN (hands in the canonical RBGSNLP order, which Fairy-Stockfish
11.1 does not keep) is added, and its legal moves must equal Fairy-Stockfish's, or the
script stops.

Line format (fields separated by " ; "):
    variant ; FSF SFEN ; FSF FEN ; legal moves (FSF USI text, sorted, space-separated; "-" for none) [; cshogi SFEN]

Usage, from the repository root:
    python3 scripts/data/gen_usi_variant_data.py > crates/polyboard-variants/tests/data/usi-variants.txt
"""
import random
import subprocess
import sys

FSF = "/usr/games/fairy-stockfish"
# variant, games, most plies a game
PLAN = [("minishogi", 4, 80), ("judkins", 2, 60), ("gorogoro", 2, 60), ("euroshogi", 2, 50), ("shogi", 2, 50)]
SEED = 20260612


class Fsf:
    def __init__(self):
        self.p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("usi")
        self.until(lambda l: l == "usiok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, stop):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            line = line.rstrip("\n")
            lines.append(line)
            if stop(line):
                return lines

    def state(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        lines = self.until(lambda l: l.startswith("Checkers:"))
        fen = next(l[5:] for l in lines if l.startswith("Fen: "))
        sfen = next(l[6:] for l in lines if l.startswith("Sfen: "))
        self.send("go perft 1")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        legal = sorted(l.split(":")[0] for l in lines if l.endswith(": 1") and not l.startswith("Nodes"))
        return sfen, fen, legal


def main():
    fsf = Fsf()
    rng = random.Random(SEED)
    out = [
        "# usi-variants.txt: positions of seeded random games as Fairy-Stockfish 11.1 (Debian 11.1-1+b1) writes",
        "# them over USI, and for shogi cshogi's SFEN; written by scripts/gen_usi_variant_data.py (format there).",
    ]
    for variant, games, plies in PLAN:
        fsf.send(f"setoption name UCI_Variant value {variant}")
        for _ in range(games):
            moves = []
            board = None
            if variant == "shogi":
                import cshogi
                board = cshogi.Board()
            for _ in range(plies + 1):
                sfen, fen, legal = fsf.state(moves)
                fields = [variant, sfen, fen, " ".join(legal) if legal else "-"]
                if board is not None:
                    theirs = sorted(cshogi.move_to_usi(m) for m in board.legal_moves)
                    if theirs != legal:
                        sys.exit(f"cshogi and Fairy-Stockfish differ at {sfen}: {theirs} vs {legal}")
                    fields.append(board.sfen())
                out.append(" ; ".join(fields))
                if not legal:
                    break
                mv = rng.choice(legal)
                moves.append(mv)
                if board is not None:
                    board.push_usi(mv)
    fsf.send("quit")
    print("\n".join(out))


if __name__ == "__main__":
    main()
