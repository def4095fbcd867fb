#!/usr/bin/env python3
"""Makes shogi network training positions from games polyboard plays against
Fairy-Stockfish, every kept position labelled with Fairy-Stockfish's score: the positions
the engine reaches against the opponent it has to beat, where its own self-play
(`datagen --shogi`) may not go. Writes the lines `datagen --shogi` writes (`SFEN [result]
score`, both from Black's side), so `train_nnue --shogi` reads them as they are.

Usage, from the repository root, one process a core (each with its own `--seed`):

    python3 scripts/tune/shogi_fsf_games.py --games 600 --seed 1 --out vs-1.txt

Method: each game starts from a line of scripts/lib/shogi_openings.txt (in turn, each
twice so that polyboard plays both colours) and 0 to 4 random legal plies (seeded by
`--seed`, so runs repeat; drawn again while Fairy-Stockfish scores the start beyond
`--balance` centipawns). polyboard (`--engine`, its built-in network unless `--option
EvalFile=...`) searches `--nodes` nodes a move, Fairy-Stockfish (Debian 11.1, one
thread, 16 MiB) `--fsf-nodes`. Fairy-Stockfish also searches each position where
polyboard is to move, to the same node count, so every position has its score; on its
own moves the score of the search that chose the move is taken. A position is kept when
the side to move is not in check, the move played is neither a capture nor a promotion,
and the score is not a mate. A game ends by the rules (cshogi referee, as in
scripts/lib/shogi_game.py), when Fairy-Stockfish's score passes `--adjudicate`
centipawns (or is a mate) for 4 plies in a row (a win for that side), or at 320 plies
(a draw). Requires cshogi and Debian's `fairy-stockfish`.
"""
import argparse
import os
import random
import sys

import cshogi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from engine import parse_info  # noqa: E402
from shogi_game import play_game, search, usi_engine  # noqa: E402

OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib", "shogi_openings.txt")


def black_score(line, turn):
    """The score of an info line from Black's side, as ("cp" | "mate", n), or None."""
    score = parse_info(line).get("score") if line else None
    if score is None:
        return None
    kind, n = score[:2]
    return kind, n if turn == cshogi.BLACK else -n


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--option", action="append", default=[], help="polyboard option NAME=VALUE, repeatable")
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=8000, help="polyboard's nodes a move")
    ap.add_argument("--fsf-nodes", type=int, default=4000, help="Fairy-Stockfish's nodes a move and a label")
    ap.add_argument("--adjudicate", type=int, default=3000)
    ap.add_argument("--balance", type=int, default=500, help="the most |score| of a start")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    lines = [s.strip() for s in open(OPENINGS) if s.strip() and not s.startswith("#")]
    ours = usi_engine([a.engine, "usi"], dict(o.split("=", 1) for o in a.option) | {"Threads": 1}, 16)
    fsf = usi_engine([a.fsf], {"Threads": 1}, 16)
    limits = (f"nodes {a.nodes}", f"nodes {a.fsf_nodes}")
    rng = random.Random(a.seed)
    kept = 0
    with open(a.out, "w") as out:
        for g in range(a.games):
            opening = start(lines[(g // 2) % len(lines)], rng, fsf, limits[1], a.balance)
            ours_black = g % 2 == 0
            engines = [ours, fsf] if ours_black else [fsf, ours]
            game, run = [], [0, None]  # kept (sfen, score) of this game; adjudication run

            def on_move(board, side, best, line, ours_black=ours_black, game=game, run=run):
                if (side == 0) == ours_black:  # polyboard to move: Fairy-Stockfish labels it
                    line = search(fsf, [cshogi.move_to_usi(m) for m in board.history], limits[1], 60)[2]
                score = black_score(line, board.turn)
                if score is None:
                    return None
                kind, n = score
                # A mate, or a score past the bound, 4 plies running ends the game.
                winner = (0 if n > 0 else 1) if kind == "mate" or abs(n) >= a.adjudicate else None
                run[0], run[1] = (run[0] + 1, winner) if winner is not None and winner == run[1] else (1, winner)
                if winner is not None and run[0] >= 4:
                    return winner
                mv = board.move_from_usi(best)
                quiet = cshogi.move_is_drop(mv) or not (
                    cshogi.move_is_promotion(mv) or board.piece(cshogi.move_to(mv)) != cshogi.NONE)
                if kind == "cp" and quiet and not board.is_check():
                    game.append((board.sfen(), n))
                return None

            winner, reason, _, _ = play_game(engines, " ".join(opening), 0, 0, 320, on_move=on_move,
                                             limit=limits if ours_black else limits[::-1])
            result = "0.5" if winner is None else "1.0" if winner == 0 else "0.0"
            for sfen, n in game:
                out.write(f"{sfen} [{result}] {n}\n")
            out.flush()
            kept += len(game)
            print(f"game {g + 1}: polyboard {'black' if ours_black else 'white'}, {reason}, "
                  f"{'draw' if winner is None else 'black' if winner == 0 else 'white'} won, {len(game)} kept", flush=True)
    print(f"{kept} positions", file=sys.stderr)
    ours.quit()
    fsf.quit()


def start(line, rng, fsf, limit, bound):
    """The opening `line` and 0 to 4 random legal plies, drawn again (up to 8 times, then
    none) while Fairy-Stockfish scores the result beyond `bound` centipawns either way."""
    for _ in range(8):
        board = cshogi.Board()
        moves = line.split()
        for m in moves:
            board.push_usi(m)
        for _ in range(rng.randint(0, 4)):
            legal = list(board.legal_moves)
            if not legal:
                break
            moves.append(cshogi.move_to_usi(rng.choice(legal)))
            board.push_usi(moves[-1])
        fsf.new_game()
        score = parse_info(search(fsf, moves, limit, 60)[2] or "").get("score")
        if score and score[0] == "cp" and abs(score[1]) <= bound:
            return moves
    return line.split()


if __name__ == "__main__":
    main()
