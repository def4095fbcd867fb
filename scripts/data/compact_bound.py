#!/usr/bin/env python3
"""Counts the positions that `compact`'s enumerative record numbers (issue 4), as an
independent check of crates/polyboard-codec/src/enumerative.rs.

The numbering covers every position reachable in a game (standard or Chess960): the
placement, the side to move, the castling rights and the en passant square. It counts
boards obeying:

- per side: one king, at most 8 pawns on ranks 2-7, and visible promotions
  x = max(0, q-1) + max(0, r-2) + max(0, b-2) + max(0, n-2) with p + x <= 8;
- Tromp's rule, promotions need captures: x_w <= c + (8 - p_b - x_b) and likewise for
  Black, where c = 32 - men on the board (the proof is in enumerative.rs);
- castling: one right fixes the king and that rook on the back rank (8 x 7 = 56
  arrangements), two rights fix the king between both rooks (56 arrangements);
- en passant: the pawn that double-pushed, the capturer beside it (the lower file when
  there are two) and the two squares it crossed are fixed (14 arrangements).

Kings are otherwise placed like any other piece. The count is summed over the side to
move, the castling and en passant classes and the army pairs. The Rust test
`enumeration_size_matches_the_script` asserts the number printed here.

Usage: python3 scripts/data/compact_bound.py   (under a second)
"""
from collections import defaultdict
from math import comb, factorial, log2


def armies(fixed_rooks, fixed_pawns):
    """Army keys (pawns, officers, promotions) -> (free pawns, free pieces, orderings)."""
    king = 1 if fixed_rooks == 0 else 0
    out = {}
    weight = defaultdict(int)
    for p in range(fixed_pawns, 9):
        for q in range(10):
            for r in range(fixed_rooks, 11):
                for b in range(11):
                    for n in range(11):
                        x = max(0, q - 1) + max(0, r - 2) + max(0, b - 2) + max(0, n - 2)
                        if p + x > 8:
                            continue
                        free = [king, q, r - fixed_rooks, b, n]
                        orderings = factorial(sum(free))
                        for c in free:
                            orderings //= factorial(c)
                        key = (p, q + r + b + n, x)
                        weight[key] += orderings
                        out[key] = (p - fixed_pawns, sum(free))
    return {k: (v[0], v[1], weight[k]) for k, v in out.items()}


def main():
    tables = {(f, e): armies(f, e) for f in range(3) for e in range(2)}
    total = 0
    for wfix in range(3):
        for bfix in range(3):
            for ep in range(2):
                configs = (56 if wfix else 1) * (56 if bfix else 1) * (14 if ep else 1)
                fixed = sum(1 + f for f in (wfix, bfix) if f) + 4 * ep
                pawn_space = 48 - 4 * ep
                inner = 0
                for (wp, wo, wx), (wpf, wm, ww) in tables[(wfix, ep)].items():
                    for (bp, bo, bx), (bpf, bm, bw) in tables[(bfix, ep)].items():
                        captures = 32 - (2 + wp + wo + bp + bo)
                        if wx > captures + (8 - bp - bx) or bx > captures + (8 - wp - wx):
                            continue
                        space = 64 - fixed - wpf - bpf
                        if wm + bm > space:
                            continue
                        inner += (comb(pawn_space, wpf) * comb(pawn_space - wpf, bpf)
                                  * comb(space, wm + bm) * comb(wm + bm, wm) * ww * bw)
                total += configs * inner
    total *= 2  # side to move
    print(f"N = {total}")
    print(f"log2 N = {log2(total):.2f}, so {total.bit_length()} bits number every legal position")


if __name__ == "__main__":
    main()
