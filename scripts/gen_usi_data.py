#!/usr/bin/env python3
"""Writes crates/polyboard-cli/tests/data/usi.txt: the values the USI integration
tests (crates/polyboard-cli/tests/usi.rs) assert, all computed by cshogi
(pip install cshogi), never by polyboard.

Lines:
  perft <depth> <nodes> <position command arguments>
  mate1 <sfen> | <every legal move that mates at once, USI, space separated>
  mated <sfen>            (the side to move is checkmated)
  mate3 <sfen>            (no mate in one, but cshogi's mate_move(3) finds one)
"""
import random
import cshogi

OUT = "crates/polyboard-cli/tests/data/usi.txt"


def perft(b, d):
    if d == 0:
        return 1
    n = 0
    for m in b.legal_moves:
        b.push(m)
        n += perft(b, d - 1)
        b.pop()
    return n


def mating_moves(b):
    found = []
    for m in b.legal_moves:
        b.push(m)
        if b.is_game_over() and b.is_check():
            found.append(cshogi.move_to_usi(m))
        b.pop()
    return sorted(found)


def main():
    lines = []
    for args, depth in [("startpos", 3), ("startpos moves 7g7f 3c3d", 3), ("startpos moves 7g7f 3c3d 8h2b+", 2)]:
        b = cshogi.Board()
        for m in args.split()[2:]:
            b.push_usi(m)
        lines.append(f"perft {depth} {perft(b, depth)} {args}")
    # A hand-made tsume (gold drop) and mates found on random games (seeded).
    b = cshogi.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    lines.append(f"mate1 {b.sfen()} | {' '.join(mating_moves(b))}")
    rng = random.Random(11)
    mates, mated = 0, 0
    while mates < 4 or mated < 2:
        b = cshogi.Board()
        for _ in range(300):
            if b.is_game_over():
                if b.is_check() and mated < 2:
                    lines.append(f"mated {b.sfen()}")
                    mated += 1
                break
            if b.mate_move_in_1ply() and mates < 4 and b.move_number > 40:
                lines.append(f"mate1 {b.sfen()} | {' '.join(mating_moves(b))}")
                mates += 1
            b.push(rng.choice(list(b.legal_moves)))
    rng = random.Random(12)
    mate3 = 0
    while mate3 < 4:
        b = cshogi.Board()
        for _ in range(300):
            if b.is_game_over():
                break
            if b.move_number > 40 and not b.is_check() and not b.mate_move_in_1ply() and b.mate_move(3):
                lines.append(f"mate3 {b.sfen()}")
                mate3 += 1
                break
            b.push(rng.choice(list(b.legal_moves)))
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
