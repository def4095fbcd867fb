#!/usr/bin/env python3
"""The size of an enumerative code for chess boards: the route to `compact`'s 160-bit
worst case (issue 4), not implemented yet.

A board is ranked jointly over all material signatures: the two kings (3612
non-adjacent pairs), then the pawns on the 48 squares of ranks 2-7, then the other
pieces on the remaining squares (a multinomial). The code length is log2 of the total.

Constraints:
- per colour: at most 8 pawns, at most 15 pieces besides the king, and promoted pieces
  (those beyond 2 knights, 2 bishops, 2 rooks, 1 queen) at most 8 minus the pawns;
- K: promotions of both colours at most K times the captures (32 minus the pieces on
  the board). K = 3 is sound: a pawn passes the enemy pawn of its file only if one of
  them captured or was captured, and each capture can be charged by at most three
  promotions (the capturing pawn's own, that of the pawn whose blocker was the victim,
  and that of the pawn whose blocker left its file by capturing).

Result (this script): 155.55 bits with K = 3 (152.55 with K = 2, if that could be
proved), which leaves about 3.5 bits for the side to move, castling and en passant
under a 160-bit bound with a mode bit; castling and en passant states have to be folded
into the enumeration (castling rooks and the en passant pawn as extra piece kinds with
restricted squares) rather than appended.

Usage: python3 scripts/compact_bound.py   (about a minute)
"""
from math import comb, factorial, log2


def colour_signatures():
    out = []
    for p in range(9):
        for n in range(11):
            for b in range(11):
                for r in range(11):
                    for q in range(10):
                        extra = max(0, n - 2) + max(0, b - 2) + max(0, r - 2) + max(0, q - 1)
                        if extra <= 8 - p and p + n + b + r + q <= 15:
                            out.append((p, n, b, r, q, extra))
    return out


def main():
    fact = [factorial(i) for i in range(70)]

    def arrangements(n, ks):
        rest = n - sum(ks)
        if rest < 0:
            return 0
        out = fact[n]
        for k in ks:
            out //= fact[k]
        return out // fact[rest]

    sigs = colour_signatures()
    for k_bound in (3, 2):
        total = 0
        for w in sigs:
            for b in sigs:
                captures = 32 - (2 + sum(w[:5]) + sum(b[:5]))
                if w[5] + b[5] > k_bound * captures:
                    continue
                pw, pb = w[0], b[0]
                total += comb(48, pw) * comb(48 - pw, pb) * arrangements(62 - pw - pb, list(w[1:5]) + list(b[1:5])) * 3612
        print(f"K = {k_bound}: {log2(total):.2f} bits for the board")


if __name__ == "__main__":
    main()
