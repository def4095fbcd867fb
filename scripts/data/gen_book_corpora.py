#!/usr/bin/env python3
"""Builds tests/data/corpus/openings.fen and tests/data/corpus/endgames.fen.

Two corpora for measuring where the survey's Huffman multi-table approach pays
(issue 13): opening-book positions and endgames. Both come from the same Stockfish
self-play games (Debian's stockfish 15.1, `apt-get install stockfish`, through
python-chess 1.11.2), played with a seed of their own (not the games of
gen_corpus.py, on which compact's model is trained):

- the first 10 plies pick uniformly among Stockfish's top 4 moves (MultiPV 4, 2,000
  nodes), so the games open in many ways; later moves are Stockfish's best at 8,000
  nodes; games end by the rules (draws claimed) or at 300 plies;
- openings.fen: the positions after plies 1 to 20 of every game (the first 20 plies,
  as an opening book holds them), each distinct position once;
- endgames.fen: every position with 10 pieces or fewer (kings and pawns included),
  each distinct position once.

"Distinct" compares the first four FEN fields (placement, side, castling, en passant
square); the first occurrence is kept with its clocks. Files are written in game
order, one FEN a line. Engine node counts are deterministic with one thread, so the
same engine build gives the same files.

Usage: python3 scripts/data/gen_book_corpora.py [GAMES]   (default 300)
"""
import os
import random
import sys

import chess
import chess.engine

assert chess.__version__ == "1.11.2", "the committed data was made with python-chess 1.11.2"

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 300
ENGINE = "/usr/games/stockfish"
DIR = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "corpus")
OPENING_PLIES = 20
RANDOM_PLIES = 10
ENDGAME_PIECES = 10


def key(board):
    return " ".join(board.fen().split(" ")[:4])


def main():
    rng = random.Random(13)
    engine = chess.engine.SimpleEngine.popen_uci(ENGINE)
    engine.configure({"Threads": 1, "Hash": 16})
    openings, endgames = [], []
    seen_o, seen_e = set(), set()
    for game in range(GAMES):
        board = chess.Board()
        engine.protocol.send_line("ucinewgame")
        while not board.is_game_over(claim_draw=True) and board.ply() < 300:
            if board.ply() < RANDOM_PLIES:
                infos = engine.analyse(board, chess.engine.Limit(nodes=2000), multipv=4)
                move = rng.choice([i["pv"][0] for i in infos if "pv" in i])
            else:
                move = engine.play(board, chess.engine.Limit(nodes=8000)).move
            board.push(move)
            k = key(board)
            if board.ply() <= OPENING_PLIES and k not in seen_o:
                seen_o.add(k)
                openings.append(board.fen())
            if len(board.piece_map()) <= ENDGAME_PIECES and k not in seen_e:
                seen_e.add(k)
                endgames.append(board.fen())
        if (game + 1) % 20 == 0:
            print(f"{game + 1} games: {len(openings)} opening, {len(endgames)} endgame positions", file=sys.stderr)
    engine.quit()
    for name, lines in [("openings.fen", openings), ("endgames.fen", endgames)]:
        with open(os.path.join(DIR, name), "w") as f:
            f.write("".join(l + "\n" for l in lines))
        print(f"wrote {len(lines)} positions to {name}", file=sys.stderr)


if __name__ == "__main__":
    main()
