#!/usr/bin/env python3
"""Generates the shogi oracle data in tests/data/ with cshogi 1.1.0 (pip install cshogi==1.1.0).

- shogi-games.txt: random games (fixed seed). One line per ply:
    game<TAB>ply<TAB>sfen<TAB>check<TAB>number of legal moves<TAB>move played (USI, '-' at the end)<TAB>legal moves
  where the last column (every 8th ply, else empty) lists every legal move, sorted, space-separated.
  cshogi's legal_moves is the LEGAL_ALL set of the perft data (593 moves in max593).
- shogi-impasse.txt: generated positions with the side to move's king in the opponent's camp,
    sfen<TAB>1 if cshogi's is_nyugyoku() (CSA 27-point declaration) holds, else 0

Run from the repository root: python3 scripts/data/gen_shogi.py
"""
import random
import cshogi

from importlib.metadata import version

assert version("cshogi") == "1.1.0", "the data was generated with cshogi 1.1.0"

STARTS = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "8k/6Sg1/6B2/7N1/9/9/9/9/4K4 b P 1",
]


def games(out, rng, n_games=64, max_plies=160):
    for g in range(n_games):
        board = cshogi.Board(STARTS[g % len(STARTS)])
        for ply in range(max_plies + 1):
            moves = sorted(cshogi.move_to_usi(m) for m in board.legal_moves)
            listed = " ".join(moves) if ply % 8 == 0 else ""
            played = rng.choice(moves) if moves and ply < max_plies else "-"
            out.write(f"{g}\t{ply}\t{board.sfen()}\t{int(board.is_check())}\t{len(moves)}\t{played}\t{listed}\n")
            if played == "-":
                break
            board.push_usi(played)


POOL = {"P": 18, "L": 4, "N": 4, "S": 4, "G": 4, "B": 2, "R": 2}
DEAD = {"P": 1, "L": 1, "N": 2}


def rel_rank(color, rank):  # rank 0 = a
    return rank if color == 0 else 8 - rank


def impasse_position(rng):
    us = rng.randrange(2)
    board = {}
    pool = dict(POOL)
    pawn_files = [set(), set()]

    def put(color, letter, promoted, sq):
        f, r = sq
        if letter in DEAD and not promoted and rel_rank(color, r) < DEAD[letter]:
            return False
        if letter == "P" and not promoted:
            if f in pawn_files[color]:
                return False
            pawn_files[color].add(f)
        s = ("+" if promoted else "") + (letter if color == 0 else letter.lower())
        board[sq] = s
        return True

    zone = [(f, r) for f in range(1, 10) for r in range(9) if rel_rank(us, r) < 3]
    home = [(f, r) for f in range(1, 10) for r in range(9) if rel_rank(us, r) >= 6]
    king = rng.choice(zone)
    board[king] = "K" if us == 0 else "k"
    their_king = rng.choice(home)
    board[their_king] = "k" if us == 0 else "K"
    for _ in range(rng.randrange(6, 16)):
        free = [s for s in zone if s not in board]
        letters = [l for l, n in pool.items() if n > 0]
        if not free or not letters:
            break
        letter = rng.choice(letters)
        if put(us, letter, rng.random() < 0.3 and letter != "G", rng.choice(free)):
            pool[letter] -= 1
    # A few opponent pieces around, and the rest in the hands.
    for _ in range(rng.randrange(0, 6)):
        free = [s for s in home if s not in board]
        letters = [l for l, n in pool.items() if n > 0]
        if free and letters:
            letter = rng.choice(letters)
            if put(1 - us, letter, False, rng.choice(free)):
                pool[letter] -= 1
    hands = ["", ""]
    for letter, n in pool.items():
        mine = rng.randrange(0, n + 1) if rng.random() < 0.5 else 0
        theirs = n - mine if rng.random() < 0.3 else 0
        for color, k in ((us, mine), (1 - us, theirs)):
            if k:
                hands[color] += (str(k) if k > 1 else "") + (letter if color == 0 else letter.lower())
    rows = []
    for r in range(9):
        row, empty = "", 0
        for f in range(9, 0, -1):
            if (f, r) in board:
                row += (str(empty) if empty else "") + board[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    hand = hands[0] + hands[1] or "-"
    return f"{'/'.join(rows)} {'bw'[us]} {hand} 1"


def impasse(out, rng, n=3000):
    written = 0
    while written < n:
        sfen = impasse_position(rng)
        board = cshogi.Board(sfen)
        # Keep positions where the side not to move is not in check (a legal position).
        flipped = sfen.split(" ")
        flipped[1] = "w" if flipped[1] == "b" else "b"
        if cshogi.Board(" ".join(flipped)).is_check():
            continue
        out.write(f"{sfen}\t{int(board.is_nyugyoku())}\n")
        written += 1


def main():
    rng = random.Random(2026)
    with open("tests/data/shogi-games.txt", "w") as out:
        # The header names this script by its path before scripts/ had folders (now scripts/data/): kept, so that
        # the output stays byte-identical to the committed file.
        out.write("# cshogi 1.1.0 random games; see scripts/gen_shogi.py for the columns\n")
        games(out, rng)
    with open("tests/data/shogi-impasse.txt", "w") as out:
        # The header names this script by its path before scripts/ had folders (now scripts/data/): kept, so that
        # the output stays byte-identical to the committed file.
        out.write("# cshogi 1.1.0 is_nyugyoku (CSA 27-point declaration); see scripts/gen_shogi.py\n")
        impasse(out, rng)


if __name__ == "__main__":
    main()
