#!/usr/bin/env python3
"""Records pyffish 0.0.90's API answers on seeded random games, for polyboard's pyffish
compatibility layer (crates/polyboard-variants/src/compat.rs and its Python drop-in).

Writes crates/polyboard-variants/tests/data/pyffish-api.txt (or --out). Every variant that
both polyboard (its built-in variants.ini) and pyffish know is played: a few random games
each (some of them shuffle pieces back and forth so that positions repeat), sampled
positions recorded with what pyffish answers. The Rust test
`tests/pyffish_api.rs` replays every record through the compat module.

Format: one record a line, tab-separated fields (FEN and move lists contain no tabs).

    game  <variant> <chess960 0|1> <start fen> <moves, space-separated>
    gsan  <notation> <get_san_moves of the whole game, '|'-separated>
    pos   <ply> <key>=<value> ...     (a position of the last game after <ply> moves)
    opt   <variant> <chess960> <fen> <moves> <is_optional_game_end as flag,value>
    valid <variant> <chess960> <validate_fen code> <fen>

The `pos` keys: fen (get_fen), sfen (get_fen with sfen=True, shogi family), legal
(legal_moves, sorted), check (gives_check), caps (the legal moves is_capture accepts),
san<N> (get_san of each legal move in notation N, in the order of `legal`, '|'-separated),
result (game_result), imm and opt (is_immediate_game_end, is_optional_game_end as
flag,value), insuf (has_insufficient_material as white,black), fog (get_fog_fen).

Needs: pip install pyffish==0.0.90. Run from the repository root:
    python3 scripts/data/gen_pyffish_api.py [--games 4] [--seed 1]

The file holds several runs: `--games 4` for the 30 variants built in first, then, appended,
`--games 2 --append --variants ...` for the 30 built in later, for the four janggi variants,
for ataxx, flipersi, flipello and flipello10, and for koedem, supply and placement (the
header lines name them), which keeps the file near 4 MB. Each variant is played from the seed alone,
so a run of some variants reproduces their records of a run of all.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import pyffish as sf

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
INI = os.path.join(ROOT, "crates", "polyboard-variants", "variants.ini")
OUT = os.path.join(ROOT, "crates", "polyboard-variants", "tests", "data", "pyffish-api.txt")

SHOGI = {"shogi", "minishogi", "judkins", "gorogoro", "euroshogi", "kyotoshogi", "micro", "okisakishogi", "shoshogi"}
XIANGQI = {"xiangqi", "minixiangqi"}
THAI = {"makruk", "cambodian", "asean", "ai-wok", "sittuyin"}
JANGGI = {"janggi", "janggicasual", "janggimodern", "janggitraditional"}
MOVE = re.compile(r"^([a-z][0-9]+)([a-z][0-9]+)$")


def notations(variant):
    """The notations recorded for a variant: its default and the ones made for it."""
    if variant in SHOGI:
        return [0, sf.NOTATION_SHOGI_HOSKING, sf.NOTATION_SHOGI_HODGES, sf.NOTATION_SHOGI_HODGES_NUMBER]
    if variant in XIANGQI:
        return [0, sf.NOTATION_LAN, sf.NOTATION_XIANGQI_WXF, sf.NOTATION_JANGGI]
    if variant in JANGGI:
        return [0, sf.NOTATION_LAN, sf.NOTATION_JANGGI]
    if variant in THAI:
        return [0, sf.NOTATION_LAN, sf.NOTATION_THAI_SAN, sf.NOTATION_THAI_LAN]
    return [0, sf.NOTATION_LAN]


def polyboard_variants():
    names = []
    with open(INI) as f:
        for line in f:
            m = re.match(r"^\[([^\]:]+)", line.strip())
            if m:
                names.append(m.group(1))
    return names


def chess960_start(rng):
    """A random Chess960 start position (bishops on opposite colours, king between rooks)."""
    while True:
        row = rng.sample("RNBQKBNR", 8)
        s = "".join(row)
        b = [i for i, c in enumerate(s) if c == "B"]
        r = [i for i, c in enumerate(s) if c == "R"]
        k = s.index("K")
        if (b[0] + b[1]) % 2 == 1 and r[0] < k < r[1]:
            return f"{s.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{s} w KQkq - 0 1"


def corrupt(rng, fen):
    """A FEN with one random fault (or none), for validate_fen. No digit is inserted next to
    a digit: pyffish 0.0.90's validate_fen writes past its board on a run of digits wider
    than the board (heap corruption, seen as 'corrupted double-linked list')."""
    parts = fen.split(" ")
    board = parts[0]
    kind = rng.randrange(14)
    if kind == 0:
        return ""
    if kind == 1:
        return " ".join(parts[:-1] + ["x"])
    if kind == 2:
        return " ".join(parts[:-2] + ["-x"] + parts[-1:])
    if kind == 3 and len(parts) > 1:
        return " ".join([board, "x"] + parts[2:])
    if kind == 4:
        i = rng.randrange(len(board) + 1)
        return " ".join([board[:i] + rng.choice("?Z!jJ") + board[i:]] + parts[1:])
    if kind == 5:
        ranks = board.split("/")
        return " ".join(["/".join(ranks[1:])] + parts[1:])
    if kind == 6 and len(parts) > 2:
        return " ".join(parts[:2] + [rng.choice(["KQkq", "Z", "kq", "A", "1"])] + parts[3:])
    if kind == 7 and len(parts) > 3:
        return " ".join(parts[:3] + [rng.choice(["e9x", "e", "33", "e3", "-"])] + parts[4:])
    if kind == 8:
        return " ".join(parts + ["0", "1"])
    if kind == 9:
        return board
    if kind == 10:
        return " ".join([board.replace("k", "1", 1)] + parts[1:])
    if kind == 11:
        return " ".join([board.replace("K", "KK", 1)] + parts[1:])
    if kind == 12:
        return " ".join(parts[:2])
    return fen


def overruns(fen, files):
    """True when pyffish 0.0.90's validate_fen would place a piece past the end of a rank
    (its board check only catches a piece at exactly the width): it writes out of bounds
    then, and the process crashes or hangs later. Such FENs are not asked."""
    col = 0
    prev = "?"
    for c in fen.split(" ")[0]:
        if c in " [":
            break
        if c == "*":
            col += 1
        elif c.isdigit():
            col += int(c) + (9 * int(prev) if prev.isdigit() else 0)
        elif c == "/":
            col = 0
        elif c not in "+~-]":
            if col > files:
                return True
            col += 1
        prev = c
    return False


def pos_record(variant, c960, start, moves, nots, shogi):
    legal = sf.legal_moves(variant, start, moves, c960)
    legal.sort()
    # get_san takes a FEN, not a move list: the position after the moves
    here = sf.get_fen(variant, start, moves, c960)
    fields = [f"fen={here}"]
    if shogi:
        fields.append(f"sfen={sf.get_fen(variant, start, moves, c960, True)}")
    fields.append("legal=" + " ".join(legal))
    fields.append(f"check={int(sf.gives_check(variant, start, moves, c960))}")
    caps = [m for m in legal if sf.is_capture(variant, start, moves, m, c960)]
    fields.append("caps=" + " ".join(caps))
    for n in nots:
        fields.append(f"san{n}=" + "|".join(sf.get_san(variant, here, m, c960, n) for m in legal))
    fields.append(f"result={sf.game_result(variant, start, moves, c960)}")
    e, v = sf.is_immediate_game_end(variant, start, moves, c960)
    fields.append(f"imm={int(e)},{v}")
    e, v = sf.is_optional_game_end(variant, start, moves, c960)
    fields.append(f"opt={int(e)},{v}")
    w, b = sf.has_insufficient_material(variant, start, moves, c960)
    fields.append(f"insuf={int(w)},{int(b)}")
    fields.append(f"fog={sf.get_fog_fen(here, variant, c960)}")
    return fields


def quiet_moves(variant, start, moves, legal, c960):
    return [m for m in legal if MOVE.match(m) and not sf.is_capture(variant, start, moves, m, c960)]


def reverse(m):
    a, b = MOVE.match(m).groups()
    return b + a


def play(rng, variant, c960, start, out, nots, shogi, shuffle):
    """One random game; with `shuffle`, now and then two quiet moves played back and forth
    until the position has repeated (or a move of the cycle is not legal)."""
    moves = []
    samples = []
    cycle = []
    while len(moves) < 160:
        legal = sf.legal_moves(variant, start, moves, c960)
        imm, _ = sf.is_immediate_game_end(variant, start, moves, c960)
        opt, _ = sf.is_optional_game_end(variant, start, moves, c960)
        if not legal or imm or opt:
            samples.append(len(moves))
            break
        if rng.random() < 0.12 or cycle:
            samples.append(len(moves))
        if cycle:
            mv = cycle.pop(0)
            if mv not in legal:
                cycle = []
                mv = rng.choice(legal)
            moves.append(mv)
            continue
        if shuffle and len(moves) >= 8 and rng.random() < 0.15:
            quiet = quiet_moves(variant, start, moves, legal, c960)
            if quiet:
                m1 = rng.choice(quiet)
                quiet2 = quiet_moves(variant, start, moves + [m1], sf.legal_moves(variant, start, moves + [m1], c960), c960)
                if quiet2:
                    m2 = rng.choice(quiet2)
                    moves += [m1, m2]
                    cycle = [reverse(m1), reverse(m2), m1, m2, reverse(m1), reverse(m2), m1, m2]
                    samples.append(len(moves))
                    continue
        moves.append(rng.choice(legal))
    out.append(f"game\t{variant}\t{int(c960)}\t{start}\t{' '.join(moves)}")
    for n in nots:
        out.append(f"gsan\t{n}\t" + "|".join(sf.get_san_moves(variant, start, moves, c960, n)))
    for ply in sorted(set(samples)):
        fields = pos_record(variant, c960, start, moves[:ply], nots, shogi)
        out.append(f"pos\t{ply}\t" + "\t".join(fields))
    return moves


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=4, help="random games per variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--variants", help="comma-separated subset")
    ap.add_argument("--append", action="store_true",
                    help="add the records to the end of --out (the variants built in later, fewer games each)")
    args = ap.parse_args()
    if sf.version() != (0, 0, 90):
        sys.exit(f"pyffish 0.0.90 expected, found {sf.version()}")
    rng = random.Random(args.seed)
    known = set(sf.variants())
    names = [v for v in polyboard_variants() if v in known]
    if args.variants:
        names = [v for v in names if v in args.variants.split(",")]
    out = [f"# pyffish {'.'.join(map(str, sf.version()))} ({sf.info()}) via scripts/data/gen_pyffish_api.py "
           f"--games {args.games} --seed {args.seed}"
           + (f" --append --variants {args.variants}" if args.append else "")
           + "; format in the script's docstring"]
    if len(names) > 1:
        # one process a variant (two at a time): a pyffish crash stays in its variant
        def one(variant):
            with tempfile.NamedTemporaryFile("r", suffix=".txt") as tmp:
                subprocess.run([sys.executable, __file__, "--games", str(args.games), "--seed", str(args.seed),
                                "--variants", variant, "--out", tmp.name], check=True, stderr=subprocess.DEVNULL)
                print(variant, file=sys.stderr)
                return tmp.read().splitlines()[1:]
        with ThreadPoolExecutor(2) as pool:
            for lines in pool.map(one, names):
                out += lines
        with open(args.out, "a" if args.append else "w") as f:
            f.write("\n".join(out) + "\n")
        return
    for variant in names:
        first = sf.start_fen(variant).split("/")[0]
        files = sum(int(n) for n in re.findall(r"[0-9]+", first)) + len(re.findall(r"[A-Za-z]", first))
        nots = notations(variant)
        shogi = variant in SHOGI
        starts = [(False, sf.start_fen(variant))] * args.games
        if variant == "chess":
            starts += [(True, chess960_start(rng)) for _ in range(2)]
        for i, (c960, start) in enumerate(starts):
            moves = play(rng, variant, c960, start, out, nots, shogi, shuffle=i % 2 == 1)
            # n-move rule and repetition edges, and validate_fen, on positions of the game
            for ply in sorted(rng.sample(range(len(moves) + 1), min(6, len(moves) + 1))):
                fen = sf.get_fen(variant, start, moves[:ply], c960)
                parts = fen.split(" ")
                for clock in (99, 100, 159, 160):
                    mod = " ".join(parts[:-2] + [str(clock), parts[-1]])
                    legal = sf.legal_moves(variant, mod, [], c960)
                    tail = [rng.choice(legal)] if legal and rng.random() < 0.5 else []
                    e, v = sf.is_optional_game_end(variant, mod, tail, c960)
                    out.append(f"opt\t{variant}\t{int(c960)}\t{mod}\t{' '.join(tail)}\t{int(e)},{v}")
                for _ in range(3):
                    bad = corrupt(rng, fen)
                    if overruns(bad, files):
                        continue
                    out.append(f"valid\t{variant}\t{int(c960)}\t{sf.validate_fen(bad, variant, c960)}\t{bad}")
        print(variant, file=sys.stderr)
    with open(args.out, "a" if args.append else "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
