#!/usr/bin/env python3
"""Makes training positions for the shogi Texel tuner (`cargo run --release -p
polyboard-engine --example tune -- --variant shogi DATA`): plays engine games and writes
quiet positions labelled with the game's result and the engine's score, one `SFEN
[result] score` line each (result from Black's side: 1.0, 0.5, 0.0; score: the playing
engine's search score of the position, in its centipawns, from Black's side). The shogi
counterpart of `scripts/tune/texel_data.py`, on the game loop of `scripts/match/shogi_match.py`
(`scripts/lib/shogi_game.py`).

Usage, from the repository root. Heavy: run it niced:

    nice -n 5 python3 scripts/tune/shogi_texel_data.py --games 400 --nodes 3000 --out shogi-texel.txt
    nice -n 5 python3 scripts/tune/shogi_texel_data.py --engine polyboard --nodes 20000 --out shogi-texel.txt

Method: each game starts from one of the match script's opening lines followed by 2 to
6 random legal plies (seeded by `--seed`, so runs repeat), then both sides are the same
engine (Debian's Fairy-Stockfish by default, or `polyboard usi`) at a fixed node count.
Games end by the rules (mate, sennichite, perpetual check, declaration), by
adjudication (the mover's score beyond 2000 cp, or a mate score, for 4 plies in a
row: a win for that side), or at 320 plies (a draw). Positions are kept from ply 20
on when the side to move is not in check and the move the engine chose is quiet (no
capture, no promotion): the static evaluation of such a position stands in for its
quiescence value, which Texel's method needs; so are positions whose score is a mate
score. At most `--per-game` positions a game are kept, spread over the game, to limit
correlation. Requires cshogi.
"""
import argparse
import os
import random
import sys

import cshogi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from openings import SHOGI as OPENINGS  # noqa: E402
from shogi_game import play_game, usi_engine  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="fairy-stockfish", help="fairy-stockfish, or a path to polyboard")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=3000)
    ap.add_argument("--per-game", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default="shogi-texel.txt")
    a = ap.parse_args()

    if a.engine == "fairy-stockfish":
        eng = usi_engine(["/usr/games/fairy-stockfish"], {"Threads": 1}, 16)
    else:
        eng = usi_engine([a.engine, "usi"], {"Threads": 1}, 16)
    rng = random.Random(a.seed)
    kept = 0
    with open(a.out, "w") as out:
        for g in range(a.games):
            board = cshogi.Board()
            for m in OPENINGS[g % len(OPENINGS)].split():
                board.push_usi(m)
            for _ in range(rng.randint(2, 6)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            opening = " ".join(cshogi.move_to_usi(m) for m in board.history)
            candidates = []
            streak = [0, 0]

            def on_move(b, side, best, info):
                parts = (info or "").split()
                score = None
                if "score" in parts:
                    i = parts.index("score")
                    kind, val = parts[i + 1], parts[i + 2]
                    big = kind == "mate" or abs(int(val)) > 2000
                    sign = (1 if not val.startswith("-") else -1) if kind == "mate" else (1 if int(val) > 0 else -1)
                    winner = side if sign > 0 else 1 - side
                    if kind == "cp":
                        score = int(val) if side == 0 else -int(val)
                    streak[winner] = streak[winner] + 1 if big else 0
                    streak[1 - winner] = 0
                    if streak[winner] >= 4:
                        return winner
                mv = b.move_from_usi(best)
                quiet = not b.is_check() and not cshogi.move_is_promotion(mv) and (
                    cshogi.move_is_drop(mv) or b.piece(cshogi.move_to(mv)) == cshogi.NONE)
                if b.move_number >= 20 and quiet and score is not None:
                    candidates.append(f"{b.sfen()} [RESULT] {score}")
                return None

            winner, reason, _, moves = play_game([eng, eng], opening, 0, 0, 320, on_move=on_move,
                                                 limit=f"nodes {a.nodes}")
            result = {0: "1.0", 1: "0.0"}.get(winner, "0.5")
            step = max(1, len(candidates) // a.per_game)
            for line in candidates[::step][:a.per_game]:
                out.write(line.replace("RESULT", result) + "\n")
                kept += 1
            out.flush()
            print(f"game {g + 1}: {result} ({reason}, {len(moves)} plies), {kept} positions", file=sys.stderr,
                  flush=True)
    eng.quit()


if __name__ == "__main__":
    sys.exit(main())
