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
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from engine import Engine  # noqa: E402

FSF = "/usr/games/fairy-stockfish"
# variant, games, most plies a game
PLAN = [("minishogi", 4, 80), ("judkins", 2, 60), ("gorogoro", 2, 60), ("euroshogi", 2, 50), ("shogi", 2, 50)]
SEED = 20260612


def state(fsf, moves):
    """Fairy-Stockfish's SFEN, FEN (from `d`) and sorted legal moves (`go perft 1`) after `moves`."""
    fsf.position(moves=moves)
    fsf.send("d")
    lines = fsf.read_until(lambda l: l.startswith("Checkers:"))
    fen = next(l[5:] for l in lines if l.startswith("Fen: "))
    sfen = next(l[6:] for l in lines if l.startswith("Sfen: "))
    _, rows = fsf.perft(1)
    return sfen, fen, sorted(m for m, n in rows.items() if n == 1)


def main():
    fsf = Engine([FSF], "usi", stderr=None)
    rng = random.Random(SEED)
    # The header names this script by its path before scripts/ had folders (now scripts/data/): kept, so that
    # the output stays byte-identical to the committed file.
    out = [
        "# usi-variants.txt: positions of seeded random games as Fairy-Stockfish 11.1 (Debian 11.1-1+b1) writes",
        "# them over USI, and for shogi cshogi's SFEN; written by scripts/gen_usi_variant_data.py (format there).",
    ]
    for variant, games, plies in PLAN:
        fsf.set_option("UCI_Variant", variant)
        for _ in range(games):
            moves = []
            board = None
            if variant == "shogi":
                import cshogi
                board = cshogi.Board()
            for _ in range(plies + 1):
                sfen, fen, legal = state(fsf, moves)
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
    fsf.quit()
    print("\n".join(out))


if __name__ == "__main__":
    main()
