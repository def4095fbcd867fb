#!/usr/bin/env python3
"""Records pyffish 0.0.90's is_optional_game_end on xiangqi repetitions, for polyboard's
chasing rule (crates/polyboard-variants/src/board/chase.rs and compat.rs).

Writes crates/polyboard-variants/tests/data/xiangqi-chasing.txt (or --out). From a seeded
random position (a few pieces a side placed at random, or a random game from the start),
each side in turn picks a quiet move that it can play back, and the four moves are played
twice, so that the position is on the board a third time (a repetition that ends the
game; who chased or checked decides the value), sometimes on into a third round. The
sparse positions leave pieces unprotected; some
cycles are made to be chases (a piece attacked, stepping away, attacked again), some are
longer (two moves out and two back a side). Games without captures from a clock near the
n-move rule, White checking wherever it safely can, test the AXF rule that a side's
checks past its tenth do not count toward it.

Format: one record a line, tab-separated (as pyffish-api.txt's opt records):

    opt  <variant> <chess960 0|1> <fen> <moves, space-separated> <flag>,<value>

The value is 0 when the flag is 0 (pyffish leaves it undefined then).

Needs: pip install pyffish==0.0.90. Run from the repository root:
    python3 scripts/data/gen_xiangqi_chasing.py [--cycles 600] [--seed 1]    # about 25 minutes
"""

import argparse
import os
import random

import pyffish as sf

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "crates", "polyboard-variants", "tests", "data", "xiangqi-chasing.txt")
V = "xiangqi"
START = sf.start_fen(V)


def split(m):
    """A move's origin and target squares (xiangqi moves are plain `from to` pairs)."""
    i = 1
    while not m[i].isalpha():
        i += 1
    return m[:i], m[i:]


def origin(m):
    return split(m)[0]


def target(m):
    return split(m)[1]


def reverse(m):
    """The move played backward."""
    a, b = split(m)
    return b + a


def occupied(fen):
    """The occupied squares of a FEN's board, by name."""
    out = set()
    ranks = fen.split(" ")[0].split("[")[0].split("/")
    for r, row in enumerate(ranks):
        f = 0
        num = ""
        for ch in row + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch != " ":
                out.add(f"{chr(ord('a') + f)}{len(ranks) - r}")
                f += 1
    return out


def quiet(fen, moves):
    """The legal moves after `moves` that capture nothing."""
    occ = occupied(sf.get_fen(V, fen, moves))
    return [m for m in sf.legal_moves(V, fen, moves) if target(m) not in occ]


def random_game(rng, plies):
    """The FEN after a random game from the start, captures preferred so the board thins
    out (stepped FEN to FEN: pyffish replays the move list at each call)."""
    fen = START
    for _ in range(plies):
        legal = sf.legal_moves(V, fen, [])
        if not legal:
            break
        occ = occupied(fen)
        caps = [m for m in legal if target(m) in occ]
        m = rng.choice(caps) if caps and rng.random() < 0.6 else rng.choice(legal)
        fen = sf.get_fen(V, fen, [m])
    return fen


FILES = "abcdefghi"
# The kinds of the pieces placed at random, as often as they appear.
KINDS = "rrnnccabp"


def random_position(rng):
    """A random sparse position: the kings in their palaces and one to four other pieces
    a side, each on a point it may stand on; None when it is not valid or the side not to
    move is in check."""
    board = {}

    def place(letter, squares):
        free = [s for s in squares if s not in board]
        if free:
            board[rng.choice(free)] = letter

    for c in (0, 1):
        rank = (lambda r: r) if c == 0 else (lambda r: 11 - r)
        case = str.upper if c == 0 else str.lower
        palace = [f"{f}{rank(r)}" for f in "def" for r in (1, 2, 3)]
        place(case("k"), palace)
        for _ in range(rng.randrange(1, 5)):
            kind = rng.choice(KINDS)
            if kind == "a":
                place(case(kind), [f"{f}{rank(r)}" for f, r in (("d", 1), ("f", 1), ("e", 2), ("d", 3), ("f", 3))])
            elif kind == "b":
                pts = (("c", 1), ("g", 1), ("a", 3), ("e", 3), ("i", 3), ("c", 5), ("g", 5))
                place(case(kind), [f"{f}{rank(r)}" for f, r in pts])
            elif kind == "p":
                own = [f"{f}{rank(r)}" for f in "acegi" for r in (4, 5)]
                place(case(kind), own + [f"{f}{rank(r)}" for f in FILES for r in range(6, 11)])
            else:
                place(case(kind), [f"{f}{r}" for f in FILES for r in range(1, 11)])
    rows = []
    for r in range(10, 0, -1):
        row, empty = "", 0
        for f in FILES:
            p = board.get(f"{f}{r}")
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p
        rows.append(row + (str(empty) if empty else ""))
    fen = "/".join(rows) + f" {rng.choice('wb')} - - 0 1"
    if sf.validate_fen(fen, V) != 1:
        return None
    f = fen.split(" ")
    f[1] = "b" if f[1] == "w" else "w"
    if sf.gives_check(V, " ".join(f), []) or not sf.legal_moves(V, fen, []):
        return None
    return fen


def cycle(rng, fen, moves):
    """A four-move cycle (each side out and back) from the position, or None."""
    out = []
    for _ in range(2):
        legal = quiet(fen, moves + out)
        if not legal:
            return None
        out.append(rng.choice(legal))
    back = [reverse(out[0]), reverse(out[1])]
    c = [out[0], out[1]]
    for m in back:
        if m not in quiet(fen, moves + c):
            return None
        c.append(m)
    return c


def captures_from(fen, moves, sq):
    """The squares the piece on `sq` (of the side that just moved) could capture on after
    `moves`."""
    f = sf.get_fen(V, fen, moves).split(" ")
    f[1] = "b" if f[1] == "w" else "w"
    flipped = " ".join(f)
    occ = occupied(flipped)
    return {target(m) for m in sf.legal_moves(V, flipped, []) if origin(m) == sq and target(m) in occ}


def chase_cycle(rng, fen):
    """A four-move cycle in which the side to move attacks a piece with a move out, the
    piece steps away, the attacker goes back and attacks it on its new square, and the
    piece steps back (a chase, if the piece is not protected or is stronger); None when
    the position has none."""
    first = quiet(fen, [])
    rng.shuffle(first)
    for a in first[:10]:
        targets = sorted(captures_from(fen, [a], target(a)))
        rng.shuffle(targets)
        for x in targets[:2]:
            flights = [m for m in quiet(fen, [a]) if origin(m) == x]
            rng.shuffle(flights)
            for b in flights[:3]:
                c = [a, b, reverse(a), reverse(b)]
                if c[2] not in quiet(fen, c[:2]) or target(b) not in captures_from(fen, c[:3], origin(a)):
                    continue
                if c[3] in quiet(fen, c[:3]):
                    return c
    return None


def attacking(fen, c):
    """True when one side's piece of a four-move cycle attacks a piece after both of its
    moves: the cycles a chase can come from."""
    return any(
        captures_from(fen, c[: side + 1], target(c[side])) and captures_from(fen, c[: side + 3], origin(c[side]))
        for side in range(2)
    )


def long_cycle(rng, fen, moves):
    """An eight-move cycle: each side moves one piece twice, then back the same way."""
    seq = []
    path = [[], []]
    for step in range(4):
        side = step % 2
        legal = quiet(fen, moves + seq)
        if step >= 2:
            # The same piece again, from where it landed.
            legal = [m for m in legal if origin(m) == target(path[side][-1])]
        if not legal:
            return None
        m = rng.choice(legal)
        path[side].append(m)
        seq.append(m)
    back = [reverse(path[0][1]), reverse(path[1][1]), reverse(path[0][0]), reverse(path[1][0])]
    for m in back:
        if m not in quiet(fen, moves + seq):
            return None
        seq.append(m)
    return seq


def checking_game(rng, fen, plies):
    """A game from `fen` without captures, as long as it lasts up to `plies`: White checks
    where it can with a piece Black cannot take then, Black (and White otherwise) plays
    a random quiet move."""
    moves = []
    cur = fen
    for _ in range(plies):
        legal = quiet(cur, [])
        if not legal:
            break
        rng.shuffle(legal)
        m = legal[0]
        if cur.split(" ")[1] == "w":
            for c in legal:
                if not sf.gives_check(V, cur, [c]):
                    continue
                after = sf.get_fen(V, cur, [c])
                occ = occupied(after)
                if not any(target(x) in occ for x in sf.legal_moves(V, after, [])):
                    m = c
                    break
        moves.append(m)
        cur = sf.get_fen(V, cur, [m])
    return moves


# Black's king well guarded, White's pieces many: a long series of checks, no mate.
CHECKS = [
    "2bakab2/9/9/9/9/9/9/2N1C1N2/4R4/3K5 w - - {} 1",
    "2bakab2/9/9/9/9/9/9/2N3N2/3RC4/5K3 w - - {} 1",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cycles", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    records = []

    def record(fen, moves):
        e, v = sf.is_optional_game_end(V, fen, moves)
        records.append(f"opt\t{V}\t0\t{fen}\t{' '.join(moves)}\t{int(e)},{v if e else 0}")

    made = 0
    while made < args.cycles:
        fen = random_position(rng) if rng.random() < 0.7 else random_game(rng, rng.choice([10, 30, 60, 90, 120]))
        if fen is None:
            continue
        kind = rng.random()
        c = long_cycle(rng, fen, []) if kind < 0.2 else cycle(rng, fen, []) if kind < 0.5 else chase_cycle(rng, fen)
        # Most cycles kept are ones in which a side attacks with both moves.
        if c is None or (len(c) == 4 and not attacking(fen, c) and rng.random() < 0.8):
            continue
        # Twice round (the FEN's position the first of the three), or on into a third
        # round (the repetition starts after the FEN).
        moves = c * 2 + (c[: rng.randrange(1, len(c))] if rng.random() < 0.4 else [])
        # The repetition is complete after the last move; the ply before it, not yet.
        record(fen, moves[:-1])
        record(fen, moves)
        made += 1
    for _ in range(args.cycles // 40):
        clock = rng.randrange(50, 70)
        fen = rng.choice(CHECKS).format(clock)
        moves = checking_game(rng, fen, 60)
        for k in range(18, len(moves) + 1):
            record(fen, moves[:k])
    with open(args.out, "w") as f:
        f.write("# pyffish 0.0.90 is_optional_game_end on xiangqi repetitions and checking games:\n")
        f.write(f"# scripts/data/gen_xiangqi_chasing.py --cycles {args.cycles} --seed {args.seed}\n")
        for r in records:
            f.write(r + "\n")
    print(len(records), "records")


if __name__ == "__main__":
    main()
