#!/usr/bin/env python3
"""Writes crates/polyboard-cli/tests/data/usi.txt: the values the USI integration
tests (crates/polyboard-cli/tests/usi.rs) assert, all computed by cshogi
(pip install cshogi), never by polyboard.

Lines:
  perft <depth> <nodes> <position command arguments>
  mate1 <sfen> | <every legal move that mates at once, USI, space separated>
  mated <sfen>            (the side to move is checkmated)
  mate3 <sfen>            (no mate in one, but cshogi's mate_move(3) finds one)
  tsume <n> <sfen> | <first move>
                          (a published tsume problem, mate in n: cshogi's mate_move
                          finds no mate in n - 2 and this first move of a mate in n)

The tsume problems are from YaneuraOu's published set of five million mate problems
taken from games ("Christmas present 2020",
https://yaneuraou.yaneu.com/2020/12/25/christmas-present/, files mate3.sfen, mate5.sfen
and mate7.sfen; the first lines of each, as quoted in public solver tests).
"""
import random
import cshogi

OUT = "crates/polyboard-cli/tests/data/usi.txt"


TSUME = [
    (3, "lns+R4l/1p1p5/p1pkppB1p/6p2/1R7/6P1P/P1PPnPS2/2+b1G1g2/L3K1sNL b 2GS3Pnp 51"),
    (3, "lnsG5/4g4/prpp1p1pp/1p4p2/4+B3k/2P1P4/P+b1PSP1LP/4K2SL/2G2G1r1 b SP3nl3p 71"),
    (3, "l5+R1l/4kS3/p4pnpp/2Pppb3/6p1P/P2s5/NP2+nPPR1/2+bS2GK1/L6NL b 3GSP4p 93"),
    (5, "ln5+Pl/3s1kg+R1/p2ppl2p/2ps1Bp2/P8/2P3P1P/N2gP4/5KS2/L+r3G1N+b b GS3Pn3p 57"),
    (5, "l3k3l/1r1sg1B2/3p2+R1p/2p1pN2P/9/pPP1PP3/3PK1P2/2G1sg3/LNS2+n1NL b 5Pbgsp 69"),
    (5, "ln1+P1GBnl/s8/p1p1p1kpp/3P2p2/5p3/Pp3PPP1/1P1SP3P/2R6/1N1GKG1NL b BGLr2sp 67"),
    (7, "ln1g2B+Rl/2s6/pPppppk2/6p1p/9/4P1P1P/P1PPSP3/3+psK3/L+r3G1NL b SNb2gn2p 39"),
    (7, "l6nl/3k2+B2/p1n1g2pp/2G1ppp2/2P2N1P1/3P2P1P/Ps1GP4/1+rSK2R2/LN6L b G3Pb2s2p 77"),
    (7, "3g4l/+R1sg2S2/p1npk1s+Rp/2pb2p2/4g2N1/1p7/P1PP1PP1P/1P1S5/LNK2G1+lL b N3Pb2p 71"),
]


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
    for n, sfen in TSUME:
        b = cshogi.Board(sfen)
        assert n == 3 or not b.mate_move(n - 2), sfen
        first = b.mate_move(n)
        assert first, sfen
        lines.append(f"tsume {n} {sfen} | {cshogi.move_to_usi(first)}")
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
