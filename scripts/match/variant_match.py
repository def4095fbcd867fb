#!/usr/bin/env python3
"""Plays polyboard against Sjaak II or Fairy-Stockfish in a chess variant, over UCI with
`UCI_Variant`, with pyffish (Fairy-Stockfish's rules, PyPI) as the referee: it checks
every move, and ends the game on mate, stalemate, the variant's own ends (check
counts, flag regions, xiangqi and shogi repetition rules) and claimable draws
(n-fold repetition, the n-move rule, insufficient material).

Usage, from the repository root (after `cargo build --release`), niced on a shared box:

    nice -n 5 python3 scripts/match/variant_match.py --variant capablanca --opponent sjaakii --games 40 --tc 4+0.04
    nice -n 5 python3 scripts/match/variant_match.py --variant xiangqi --opponent fairy-stockfish --games 10

Opponents (Debian packages: `apt-get install -y sjaakii fairy-stockfish`), one thread,
no pondering: Sjaak II 1.4.1 speaks UCI with UCI_Variant; Fairy-Stockfish likewise.

Self-play between two polyboard builds, time-independent (a loaded machine does not
change the games): `--opponent polyboard --opponent-engine OLD --nodes N` (every move a
`go nodes N`, for both engines):

    nice -n 5 python3 scripts/match/variant_match.py --engine NEW --opponent polyboard \
        --opponent-engine OLD --nodes 20000 --games 100

Each opening (2 random plies from a fixed seed, from the variant's start) is played once
with each colour. Both engines run on their own clocks (`--tc BASE+INC` in seconds;
`0+T` is a fixed T seconds a move, sent as `go movetime`, as in scripts/match/match.py);
a flag fall, an illegal move, a missing `bestmove` or a crash loses for the offender and
is counted. The result line has W/D/L from polyboard's side, the score and the Elo
difference with its 95% interval (scripts/lib/stats.py, as scripts/match/match.py).
Requires pyffish; the engines are driven by scripts/lib/engine.py.

`--protocol usi` plays a shogi-family variant over USI instead (polyboard as `polyboard
usi`, Fairy-Stockfish 11.1 in USI mode, both told `UCI_Variant`, the name 11.1 reads and
polyboard takes as well as `USI_Variant`): positions go out as `position startpos moves`
in USI move text, clocks as `btime` (the first mover's) and `wtime`, `bestmove resign`
loses; the referee is pyffish, the moves translated between USI and its UCI text:

    nice -n 10 python3 scripts/match/variant_match.py --protocol usi --variant minishogi --opponent fairy-stockfish --games 20 --tc 0+0.1
"""
import argparse
import os
import random
import re
import sys
import time

import pyffish as sf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from engine import Engine, EngineGone, EngineTimeout  # noqa: E402
from stats import Tally  # noqa: E402

OPPONENTS = {
    "sjaakii": (["/usr/games/sjaakii"], {"Ponder": "false"}),
    "fairy-stockfish": (["/usr/games/fairy-stockfish"], {"Threads": "1", "Ponder": "false"}),
    # Another polyboard build (--opponent-engine PATH), for self-play.
    "polyboard": (["target/release/polyboard", "uci"], {"Threads": "1"}),
}


# "uci" or "usi" (--protocol); with "usi", the board's files and ranks for the translation.
PROTOCOL = ["uci", 0, 0]


def usi_square(sq):
    """UCI square text (a1) to USI (5e on a 5x5 board)."""
    file, rank = ord(sq[0]) - ord("a"), int(sq[1:]) - 1
    return f"{PROTOCOL[1] - file}{chr(ord('a') + PROTOCOL[2] - 1 - rank)}"


def uci_square(sq):
    """USI square text (5e) to UCI (a1)."""
    n, letter = int(sq[:-1]), sq[-1]
    return f"{chr(ord('a') + PROTOCOL[1] - n)}{PROTOCOL[2] - (ord(letter) - ord('a'))}"


def split_squares(text):
    """A move's squares and suffix: ('P', 'e4', '') for a drop, ('e2', 'e4', '+') else."""
    m = re.fullmatch(r"([A-Z])[@*]([a-z0-9]+)", text)
    if m:
        return m.group(1), m.group(2), ""
    m = re.fullmatch(r"([a-z]\d+|\d+[a-z])([a-z]\d+|\d+[a-z])(.*)", text)
    return (m.group(1), m.group(2), m.group(3)) if m else None


def to_protocol(mv):
    """A referee (UCI) move in the protocol's text."""
    if PROTOCOL[0] == "uci":
        return mv
    a, b, suffix = split_squares(mv)
    return f"{a}*{usi_square(b)}" if len(a) == 1 else f"{usi_square(a)}{usi_square(b)}{suffix}"


def from_protocol(mv):
    """The protocol's move text as the referee's UCI text (None when it is not a move)."""
    if PROTOCOL[0] == "uci":
        return mv
    parts = split_squares(mv)
    if parts is None:
        return None
    a, b, suffix = parts
    try:
        return f"{a}@{uci_square(b)}" if len(a) == 1 else f"{uci_square(a)}{uci_square(b)}{suffix}"
    except ValueError:
        return None


def openings(variant, n, seed=12):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        moves = []
        for _ in range(2):
            legal = sorted(sf.legal_moves(variant, sf.start_fen(variant), moves))
            moves.append(rng.choice(legal))
        if moves not in out:
            out.append(moves)
    return out


def referee(variant, fen, moves):
    """None while the game goes on, else (result for White: 1, 0.5 or 0, reason)."""
    white_to_move = len(moves) % 2 == 0 if fen.split()[1] == "w" else len(moves) % 2 == 1

    def for_white(v):  # v: pyffish value from the side to move
        s = 1.0 if v > 0 else 0.0 if v < 0 else 0.5
        return s if white_to_move else 1 - s

    if not sf.legal_moves(variant, fen, moves):
        return for_white(sf.game_result(variant, fen, moves)), "no moves"
    end, v = sf.is_immediate_game_end(variant, fen, moves)
    if end:
        return for_white(v), "variant end"
    end, v = sf.is_optional_game_end(variant, fen, moves)
    if end:
        return for_white(v), "repetition or move rule"
    w, b = sf.has_insufficient_material(variant, fen, moves)
    if w and b:
        return 0.5, "insufficient material"
    return None


def play(engines, variant, opening, base, inc, max_plies, grace=1.0, nodes=None):
    """engines[0] plays White. Returns (score for White, reason, offender index or None).
    With `nodes`, every move is a `go nodes N` and the clocks are not kept."""
    fen = sf.start_fen(variant)
    moves = list(opening)
    clocks = [base, base] if base > 0 else [inc, inc]
    for e in engines:
        try:
            e.new_game()
            e.isready(30)
        except (EngineGone, EngineTimeout):
            return (0.0 if e is engines[0] else 1.0), "crash", engines.index(e)
    while len(moves) < max_plies:
        r = referee(variant, fen, moves)
        if r is not None:
            return r[0], r[1], None
        side = len(moves) % 2
        e = engines[side]
        ms = [max(1, int(c * 1000)) for c in clocks]
        timeout = 60 if nodes else clocks[side] + 5
        line = None
        t0 = time.monotonic()
        try:
            e.position(moves=[to_protocol(m) for m in moves])
            t0 = time.monotonic()
            if nodes:
                line = e.go(nodes=nodes, timeout=timeout).lines[-1]
            elif base == 0:
                line = e.go(movetime=int(inc * 1000), timeout=timeout).lines[-1]
            elif PROTOCOL[0] == "usi":
                # USI's b is the side that moves first (the referee's White).
                line = e.go(btime=ms[0], wtime=ms[1], binc=int(inc * 1000), winc=int(inc * 1000),
                            timeout=timeout).lines[-1]
            else:
                line = e.go(wtime=ms[0], btime=ms[1], winc=int(inc * 1000), binc=int(inc * 1000),
                            timeout=timeout).lines[-1]
        except (EngineGone, EngineTimeout):
            pass
        spent = time.monotonic() - t0
        lose = 0.0 if side == 0 else 1.0
        if line is None:
            print(f"  no bestmove at ply {len(moves)} ({spent:.2f} s, clock {clocks[side]:.2f} s)", flush=True)
            return lose, ("crash" if not e.alive() else "forfeit"), side
        if nodes:
            clocks[side] = spent + 1
        elif base == 0:
            # Fixed time a move: late by more than `grace` seconds forfeits.
            spent = max(0.0, spent - grace)
            clocks[side] = inc
        clocks[side] -= spent
        if clocks[side] < 0:
            print(f"  flag fall at ply {len(moves)} ({spent:.2f} s over)", flush=True)
            return lose, "forfeit", side
        clocks[side] += inc
        parts = line.split()
        mv = parts[1] if len(parts) > 1 else "0000"
        if mv == "resign":
            return lose, "resign", None
        mv = from_protocol(mv)
        if mv not in sf.legal_moves(variant, fen, moves):
            print(f"  illegal {mv} after {' '.join(moves)}", flush=True)
            return lose, "illegal", side
        moves.append(mv)
    return 0.5, "max plies", None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--variant", default="capablanca")
    ap.add_argument("--opponent", default="sjaakii", choices=sorted(OPPONENTS))
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--tc", default="4+0.04")
    ap.add_argument("--hash", type=int, default=32)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--protocol", default="uci", choices=["uci", "usi"])
    ap.add_argument("--nodes", type=int, default=None,
                    help="every move a `go nodes N` (time-independent; the --tc clocks are ignored)")
    ap.add_argument("--opponent-engine", default=None,
                    help="the opponent's executable (with --opponent polyboard: the other build)")
    ap.add_argument("--grace", type=float, default=1.0,
                    help="with 0+T: seconds a move may run late before it forfeits (a loaded box delays both)")
    a = ap.parse_args()
    base_s, _, inc_s = a.tc.partition("+")
    base, inc = float(base_s), float(inc_s or 0)
    cmd, options = OPPONENTS[a.opponent]
    if a.opponent_engine:
        cmd = [a.opponent_engine] + cmd[1:]
    PROTOCOL[0] = a.protocol
    board = sf.start_fen(a.variant).split()[0].split("[")[0].split("/")
    PROTOCOL[1] = sum(int(x) if x.isdigit() else 1 for x in re.findall(r"\d+|[A-Za-z]", board[0]))
    PROTOCOL[2] = len(board)
    def engine(cmd, options):
        return Engine(cmd, a.protocol, dict(options, Hash=str(a.hash), UCI_Variant=a.variant))

    ours = engine([a.engine, a.protocol], {"Threads": "1"})
    theirs = engine(cmd, options)
    tally = Tally()
    faults = {"forfeit": [0, 0], "illegal": [0, 0], "crash": [0, 0]}
    books = openings(a.variant, (a.games + 1) // 2)
    for g in range(a.games):
        we_white = g % 2 == 0
        pair = [ours, theirs] if we_white else [theirs, ours]
        names = ["polyboard", a.opponent] if we_white else [a.opponent, "polyboard"]
        s, reason, offender = play(pair, a.variant, books[g // 2], base, inc, a.max_plies, a.grace, a.nodes)
        if offender is not None:
            who = 0 if pair[offender] is ours else 1
            faults[reason][who] += 1
            if reason == "crash" or not pair[offender].alive():
                pair[offender].quit()
                try:
                    pair[offender].start()
                except (EngineGone, EngineTimeout) as err:
                    print(f"  restart failed: {err}", flush=True)
        ours_score = s if we_white else 1 - s
        tally.add(ours_score)
        res = {1.0: "1-0", 0.0: "0-1"}.get(s, "1/2-1/2")
        print(f"game {g + 1}: {names[0]} - {names[1]} {res} ({reason}); polyboard +{tally.w} ={tally.d} -{tally.l}", flush=True)
    e, err = tally.elo()
    tc = f"{a.nodes} nodes a move" if a.nodes else a.tc
    print(f"polyboard vs {a.opponent} in {a.variant} at {tc}: W {tally.w} D {tally.d} L {tally.l} of {tally.n}, "
          f"score {100 * tally.mean:.1f}%, Elo {e:+.0f} +/- {err:.0f} (95%)")
    print("faults (polyboard, opponent): " + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in faults.items()))
    ours.quit()
    theirs.quit()


if __name__ == "__main__":
    sys.exit(main())
