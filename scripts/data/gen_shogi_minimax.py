#!/usr/bin/env python3
"""Oracle values for the 2006 experiment's minimax (tests/data/perft/shogi-minimax.txt).

Plain minimax (negamax, no pruning) to depths 2 and 3 with a material-only evaluation over the
100 positions of tests/data/perft/shogi-selfplay-100.sfen, on cshogi 1.1.0's move
generator (pip install cshogi==1.1.0; its legal_moves is the LEGAL_ALL set, optional
non-promotions included). The evaluation counts every board piece and every piece in
hand from the side to move's point of view, with the values of
polyboard_shogi::experiment::VALUE (Apery's piece scores); a side with no legal move
scores -1000000. Nodes: the root and every position played, leaves included.

One line per position: sfen<TAB>depth<TAB>value<TAB>nodes.
Run from the repository root: python3 scripts/data/gen_shogi_minimax.py
"""
import cshogi
from importlib.metadata import version

assert version("cshogi") == "1.1.0", "the data was generated with cshogi 1.1.0"

DEPTHS = (2, 3)
LOST = -1_000_000
# By cshogi piece code & 15 (1 pawn .. 7 gold, 8 king, 9..14 promoted).
VALUE = [0, 90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395]
# cshogi's hand order: pawn, lance, knight, silver, gold, bishop, rook.
HAND_VALUE = [90, 315, 405, 495, 540, 855, 990]


def evaluate(board):
    us = board.turn
    m = 0
    for p in board.pieces:
        if p:
            sign = 1 if (p >> 4) == us else -1
            m += sign * VALUE[p & 15]
    for c, hand in enumerate(board.pieces_in_hand):
        sign = 1 if c == us else -1
        m += sign * sum(n * v for n, v in zip(hand, HAND_VALUE))
    return m


def minimax(board, depth, counter):
    counter[0] += 1
    if depth == 0:
        return evaluate(board)
    best = LOST
    for mv in list(board.legal_moves):
        board.push(mv)
        best = max(best, -minimax(board, depth - 1, counter))
        board.pop()
    return best


def main():
    src = "tests/data/perft/shogi-selfplay-100.sfen"
    out = open("tests/data/perft/shogi-minimax.txt", "w")
    # The header names this script by its path before scripts/ had folders (now scripts/data/): kept, so that
    # the output stays byte-identical to the committed file.
    out.write("# plain minimax, material only (Apery values), depths 2 and 3, cshogi 1.1.0; "
              "scripts/gen_shogi_minimax.py. sfen<TAB>depth<TAB>value<TAB>nodes\n")
    sfens = [l.split("#")[0].strip() for l in open(src)]
    for depth in DEPTHS:
        for sfen in filter(None, sfens):
            board = cshogi.Board(sfen)
            counter = [0]
            value = minimax(board, depth, counter)
            out.write(f"{sfen}\t{depth}\t{value}\t{counter[0]}\n")
            out.flush()


if __name__ == "__main__":
    main()
