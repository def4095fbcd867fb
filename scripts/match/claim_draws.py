#!/usr/bin/env python3
"""Finds the draws of a match PGN that ended only because a draw could be claimed, and asks
Stockfish who stood better in each.

Before commit e7357a7, `match.py` ended a game as soon as the side to move could claim a
draw (python-chess's `is_game_over(claim_draw=True)`), not when the position had in fact
stood three times or 100 plies had passed. A draw is "claim only" when its final position
is over by neither rule (`scripts/lib/ending.py`) nor by the ply cap. Each such position is
evaluated by Stockfish at a fixed depth and counted as polyboard ahead (at least
`--margin` cp), behind (at most -`--margin`) or even.

Usage, from the repository root (python-chess and Debian's `stockfish`):

    python3 scripts/match/claim_draws.py toga.pgn ethereal.pgn --depth 14
"""

import argparse
import os
import sys

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from ending import finished  # noqa: E402


def claim_only(game):
    """True when `game` is a draw whose final position no rule had yet ended."""
    if game.headers.get("Result") != "1/2-1/2" or game.headers.get("Termination", "").startswith("max"):
        return False
    return finished(game.end().board()) is None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--margin", type=int, default=150)
    a = ap.parse_args()
    eng = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    for path in a.pgn:
        games = draws = 0
        counts = {"ahead": 0, "even": 0, "behind": 0}
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games += 1
                draws += game.headers.get("Result") == "1/2-1/2"
                if not claim_only(game):
                    continue
                board = game.end().board()
                score = eng.analyse(board, chess.engine.Limit(depth=a.depth))["score"].white()
                cp = score.score(mate_score=10000)
                if not game.headers.get("White", "").startswith("polyboard"):
                    cp = -cp
                counts["ahead" if cp >= a.margin else "behind" if cp <= -a.margin else "even"] += 1
        claims = sum(counts.values())
        print(f"{path}: {games} games, {draws} draws, {claims} claim only: polyboard ahead {counts['ahead']}, "
              f"even {counts['even']}, behind {counts['behind']} (Stockfish depth {a.depth}, margin {a.margin} cp)")
    eng.quit()


if __name__ == "__main__":
    main()
