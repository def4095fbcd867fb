#!/usr/bin/env python3
"""Plays `polyboard usi` against another USI shogi engine the way a tournament manager
does: both engines on their own clocks (sudden death plus increment, in milliseconds),
openings from a fixed list of common lines (or `--openings FILE`, such as the 200
balanced lines of scripts/lib/shogi_openings.txt) played once with each colour, the rules
judged by cshogi, and time forfeits, illegal moves and crashes counted as losses of the
offender.

Usage, from the repository root (after `cargo build --release -p polyboard-cli`), niced
on a shared box:

    nice -n 5 python3 scripts/match/shogi_match.py --opponent sjaakii --games 100 --tc 10+0.1
    nice -n 5 python3 scripts/match/shogi_match.py --opponent fairy-stockfish --games 100 --tc 10+0.1
    nice -n 5 python3 scripts/match/shogi_match.py --opponent self --self-option Repr=bb128 --games 20

Opponents (Debian: `apt-get install -y fairy-stockfish sjaakii`), each with one thread
and no pondering:

    fairy-stockfish  Fairy-Stockfish 11.1 (Debian), /usr/games/fairy-stockfish. It chooses
                     its protocol from the first command it reads: `usi` selects USI
                     (its `Protocol` option then reads usi) and `UCI_Variant` defaults to
                     shogi there. Threads=1, Hash=--hash, Ponder=false, and
                     Move Overhead=100 (ms): with its default of 30 it overstepped
                     byoyomi 0.2 s by over a second in three games of three here.
                     At 2 s + byoyomi 0.2 s with `Move Overhead=30` it oversteps by
                     0.55 to 0.70 s once a game, when its clock runs out: such
                     matches need --grace 1000 to be fair to it.
    sjaakii          Sjaak II 1.4.1 (Debian), `/usr/games/sjaakii -usi` (the -usi switch
                     of its man page; its USI variant defaults to shogi). It is
                     single-threaded; Hash=--hash, Ponder=false. Its USI writes and
                     reads drops as `B@5e`, not `B*5e` (it stops reading a `position`
                     command at a `*` drop), so the script translates both ways.
    self             polyboard itself, with --self-option NAME=VALUE for the second one.

The rules (cshogi is the referee): a side without a legal move loses (mate); the fourth
occurrence of a position (placement, hands, side to move) ends the game, a draw unless
one side gave check with every move since the first occurrence, which then loses
(perpetual check); `bestmove win` is an impasse declaration, judged by cshogi's
`is_nyugyoku` (CSA's 27-point rule; polyboard gets EnteringKingRule=CSARule27): a win
when it holds, else a loss; `bestmove resign` loses; after `--max-plies` plies the game
is a draw. No adjudication by score.

The result line gives W/D/L from polyboard's side, the score, the Elo difference with
its 95% interval (normal approximation over the per-game scores) and the counts of time
forfeits, illegal moves and crashes per side. `--out FILE` keeps every game as a USI
`position startpos moves ...` line with its result. Requires cshogi (`pip install cshogi`).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from openings import SHOGI as OPENINGS  # noqa: E402
from shogi_game import play_game, usi_engine  # noqa: E402  (the cshogi referee loop)
from stats import Thinking, Tally  # noqa: E402


OPPONENTS = {
    "fairy-stockfish": (["/usr/games/fairy-stockfish"], {"Threads": 1, "Ponder": "false", "Move Overhead": 100}),
    "sjaakii": (["/usr/games/sjaakii", "-usi"], {"Ponder": "false"}),
}
# Engines whose USI writes drops with another character than `*`.
DROP_CHAR = {"sjaakii": "@"}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--option", action="append", default=[], help="polyboard option NAME=VALUE, repeatable")
    ap.add_argument("--opponent", default="sjaakii", choices=sorted(OPPONENTS) + ["self"])
    ap.add_argument("--self-option", action="append", default=[], help="the second polyboard's options (--opponent self)")
    ap.add_argument("--self-engine", default=None, help="the second polyboard's binary (--opponent self; default --engine)")
    ap.add_argument("--opponent-option", action="append", default=[], help="the opponent's options NAME=VALUE")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--first-game", type=int, default=0,
                    help="number of the first game (its opening and colours), to split a match into parts")
    ap.add_argument("--openings", default=None,
                    help="a file of opening lines (USI moves, one a line, # comments), such as "
                         "scripts/lib/shogi_openings.txt; default the 12 common lines")
    ap.add_argument("--tc", default="10+0.1", help="BASE+INC in seconds")
    ap.add_argument("--byoyomi", type=float, default=0, help="seconds of byoyomi (then --tc's INC is unused)")
    ap.add_argument("--opponent-byoyomi", type=float, default=None,
                    help="the opponent's byoyomi in seconds, for time odds (default --byoyomi)")
    ap.add_argument("--hash", type=int, default=32)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--grace", type=int, default=0, help="milliseconds a clock may go below zero before a forfeit")
    ap.add_argument("--out", default=None, help="write every game's moves and result here")
    a = ap.parse_args()
    base, inc = (float(x) for x in a.tc.split("+"))
    openings = OPENINGS
    if a.openings:
        with open(a.openings) as f:
            openings = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    base_ms, inc_ms = int(base * 1000), int(inc * 1000)

    def opts(pairs):
        return dict(p.split("=", 1) for p in pairs)

    def start_ours():
        ours_opts = {"Threads": 1, "EnteringKingRule": "CSARule27", **opts(a.option)}
        return usi_engine([a.engine, "usi"], ours_opts, a.hash, "polyboard")

    def start_theirs():
        if a.opponent == "self":
            return usi_engine([a.self_engine or a.engine, "usi"],
                              {"Threads": 1, "EnteringKingRule": "CSARule27", **opts(a.self_option)}, a.hash,
                              "polyboard-2")
        cmd, o = OPPONENTS[a.opponent]
        return usi_engine(cmd, {**o, **opts(a.opponent_option)}, a.hash, drop=DROP_CHAR.get(a.opponent, "*"))

    ours, theirs = start_ours(), start_theirs()
    theirs_byoyomi = a.byoyomi if a.opponent_byoyomi is None else a.opponent_byoyomi
    tc = f"{base:g}s + byoyomi {a.byoyomi:g}s" if a.byoyomi else a.tc
    if theirs_byoyomi != a.byoyomi:
        tc += f" (the opponent's byoyomi {theirs_byoyomi:g}s)"
    print(f"polyboard vs {theirs.name}, {a.games} games, tc {tc}, hash {a.hash} MiB, one thread each", flush=True)
    tally = Tally(ddof=1)
    forfeits, illegal, crashes = [0, 0], [0, 0], [0, 0]
    thought = Thinking()
    out = open(a.out, "w") if a.out else None
    byo = [int(a.byoyomi * 1000), int(theirs_byoyomi * 1000)]  # ours, theirs
    for g in range(a.first_game, a.first_game + a.games):
        opening = openings[(g // 2) % len(openings)]
        ours_black = g % 2 == 0
        engines = [ours, theirs] if ours_black else [theirs, ours]
        spent = [[0.0, 0], [0.0, 0]]
        winner, reason, offender, moves = play_game(engines, opening, base_ms, inc_ms, a.max_plies, a.grace,
                                                    byoyomi_ms=byo if ours_black else byo[::-1], spent_by=spent)
        ours_idx = 0 if ours_black else 1
        thought.add(spent, ours_idx)
        if offender is not None:
            who = 0 if offender == ours_idx else 1
            if reason == "crash":
                crashes[who] += 1
            elif reason.startswith("time forfeit"):
                forfeits[who] += 1
            else:
                illegal[who] += 1
        s = 0.5 if winner is None else 1.0 if winner == ours_idx else 0.0
        tally.add(s)
        print(f"game {g + 1}: polyboard {'black' if ours_black else 'white'}, {s} ({reason}, {len(moves)} plies)",
              flush=True)
        if out:
            out.write(f"position startpos moves {' '.join(moves)} ; {s} {reason}\n")
            out.flush()
        # A crashed engine is restarted for the next game.
        if not ours.alive():
            ours = start_ours()
        if not theirs.alive():
            theirs = start_theirs()
    print(f"\npolyboard vs {theirs.name}: +{tally.w} ={tally.d} -{tally.l} (W/D/L), score {100 * tally.mean:.1f}%, "
          f"Elo {tally.elo_text()} (95%)")
    print(f"time forfeits polyboard {forfeits[0]} opponent {forfeits[1]}; illegal moves polyboard {illegal[0]} "
          f"opponent {illegal[1]}; crashes polyboard {crashes[0]} opponent {crashes[1]}")
    ms = thought.ms()
    print(f"mean thinking time a move: polyboard {ms[0]:.0f} ms, opponent {ms[1]:.0f} ms")
    ours.quit()
    theirs.quit()
    if out:
        out.close()


if __name__ == "__main__":
    sys.exit(main())
