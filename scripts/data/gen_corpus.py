#!/usr/bin/env python3
"""Builds tests/data/corpus/selfplay.fen: realistic positions from Stockfish self-play.

The compact encodings of polyboard-codec are judged on positions from engine games, not
random walks. This script plays Stockfish (Debian's stockfish 15.1, `apt-get install
stockfish`) against itself through python-chess 1.11.2 and writes every position of
every game, one FEN per line, in game order (the first half of the games is the
training part of polyboard's static model, the second half the evaluation part).

Diversity: the first 8 plies of each game pick uniformly among Stockfish's top 4 moves
(MultiPV 4, 2,000 nodes); later moves are Stockfish's best at 8,000 nodes. Games end
by the rules or at 300 plies. A fixed seed makes the move choice reproducible given
the same engine build (engine node counts are deterministic with one thread).

Usage: python3 scripts/data/gen_corpus.py [GAMES]   (default 160)
"""
import os
import random
import sys

import chess
import chess.engine

assert chess.__version__ == "1.11.2", "the committed data was made with python-chess 1.11.2"

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 160
ENGINE = "/usr/games/stockfish"
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "corpus", "selfplay.fen")


def main():
    rng = random.Random(2026)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    engine = chess.engine.SimpleEngine.popen_uci(ENGINE)
    engine.configure({"Threads": 1, "Hash": 16})
    out = open(OUT, "w")
    count = 0
    for game in range(GAMES):
        lines = []
        board = chess.Board()
        engine.protocol.send_line("ucinewgame")
        while not board.is_game_over(claim_draw=True) and board.ply() < 300:
            lines.append(board.fen())
            if board.ply() < 8:
                infos = engine.analyse(board, chess.engine.Limit(nodes=2000), multipv=4)
                move = rng.choice([i["pv"][0] for i in infos if "pv" in i])
            else:
                move = engine.play(board, chess.engine.Limit(nodes=8000)).move
            board.push(move)
        lines.append(board.fen())
        out.write("".join(l + "\n" for l in lines))
        out.flush()
        count += len(lines)
        if (game + 1) % 20 == 0:
            print(f"{game + 1} games, {count} positions", file=sys.stderr)
    engine.quit()
    out.close()
    print(f"wrote {count} positions from {GAMES} games to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
