#!/usr/bin/env python3
"""Plays polyboard against another engine with python-chess's engine module, the way a
tournament manager does: both engines on their own clocks (sudden death plus increment),
openings from a fixed list played once with each colour, time forfeits, illegal moves
and crashes counted as losses of the offender.

Usage, from the repository root (after `cargo build --release`), niced on a shared box:

    nice -n 10 python3 scripts/match/match.py --opponent glaurung --games 100 --tc 10+0.1 --margin 0.3
    nice -n 10 python3 scripts/match/match.py --opponent toga2 --games 200 --tc 10+0.1 --pgn toga.pgn
    nice -n 10 python3 scripts/match/match.py --opponent self --self-option Repr=ccr --games 200 --tc 0+0.1

Opponents (Debian packages: `apt-get install -y glaurung toga2 phalanx ethereal-chess
stockfish`), each with one thread, no pondering and no own book:

    glaurung   Glaurung 2.2 (UCI)           Threads=1, Ponder=false, OwnBook=false
    toga2      Toga II 3.0 (UCI)            Number of Threads=1, Ponder=false, OwnBook=false
    ethereal   Ethereal 12 (UCI)            Threads=1, Ponder=false
    stockfish  Stockfish (UCI)              Threads=1, Ponder=false
    phalanx    Phalanx XXV (xboard)         started with -b- (no book), -p- (no pondering), -l- (no learning)
    self       polyboard itself, with --self-option NAME=VALUE for the second one

`--tc` is `BASE+INC` in seconds (`10+0.1`), or `0+T` for a fixed T seconds a move
(movetime). The result line gives W/D/L from polyboard's side, the score, the Elo
difference with its 95% interval (normal approximation over the per-game scores) and
the counts of forfeits, illegal moves and crashes per side. Requires python-chess.
"""
import argparse
import datetime
import os
import sys
import time

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from ending import finished  # noqa: E402
from openings import CHESS as OPENINGS  # noqa: E402  (25 balanced openings, each with both colours)
from stats import Thinking, Tally  # noqa: E402


OPPONENTS = {
    "glaurung": (["/usr/games/glaurung"], "uci", {"Threads": 1, "Ponder": False, "OwnBook": False}),
    "toga2": (["/usr/games/toga2"], "uci", {"Number of Threads": 1, "Ponder": False, "OwnBook": False}),
    "ethereal": (["/usr/games/ethereal-chess"], "uci", {"Threads": 1, "Ponder": False}),
    "stockfish": (["/usr/games/stockfish"], "uci", {"Threads": 1, "Ponder": False}),
    "phalanx": (["/usr/games/phalanx", "-b-", "-p-", "-l-"], "xboard", {}),
}


def start(cmd, proto, options):
    eng = (chess.engine.SimpleEngine.popen_uci if proto == "uci" else chess.engine.SimpleEngine.popen_xboard)(cmd)
    # Options python-chess manages itself (Ponder, MultiPV, UCI_Chess960) are set per
    # command by it: `play(..., ponder=False)` sends Ponder false.
    opts = {k: v for k, v in options.items() if k in eng.options and not eng.options[k].is_managed()}
    eng.configure(opts)
    return eng


def play_game(engines, names, fen, base, inc, movetime, max_plies, game_id, margin=0.0, overruns=None, spent_by=None,
              nodes=None):
    """engines[0] plays White. Returns (result, reason, offender index or None, game).
    `spent_by`, when given, gathers each side's [seconds thought, moves]. `nodes` is a
    node count for both, or a [white, black] pair of them (None for the clock)."""
    per_side = nodes if isinstance(nodes, (list, tuple)) else [nodes, nodes]
    board = chess.Board(fen)
    game = chess.pgn.Game()
    game.setup(board)
    game.headers["White"], game.headers["Black"] = names
    node = game
    clocks = [base, base]
    while finished(board) is None and board.ply() < max_plies:
        side = 0 if board.turn == chess.WHITE else 1
        nodes = per_side[side]
        if nodes:
            limit = chess.engine.Limit(nodes=nodes)
        elif movetime:
            limit = chess.engine.Limit(time=movetime)
        else:
            limit = chess.engine.Limit(white_clock=clocks[0], black_clock=clocks[1], white_inc=inc, black_inc=inc)
        t0 = time.monotonic()
        try:
            # A new `game` value makes python-chess send ucinewgame first.
            res = engines[side].play(board, limit, ponder=False, game=game_id)
        except chess.engine.EngineTerminatedError:
            return ("0-1" if side == 0 else "1-0"), "crash", side, game
        except chess.engine.EngineError:
            return ("0-1" if side == 0 else "1-0"), "illegal", side, game
        spent = time.monotonic() - t0
        if spent_by is not None:
            spent_by[side][0] += spent
            spent_by[side][1] += 1
        if nodes:
            pass
        elif movetime:
            if spent > movetime + 1.0:
                return ("0-1" if side == 0 else "1-0"), "forfeit", side, game
        else:
            clocks[side] -= spent
            if clocks[side] < -margin:
                return ("0-1" if side == 0 else "1-0"), "forfeit", side, game
            if clocks[side] < 0 and overruns is not None:
                overruns[side] += 1
            clocks[side] = max(clocks[side], 0.0) + inc
        if res.move is None or res.move not in board.legal_moves:
            return ("0-1" if side == 0 else "1-0"), "illegal", side, game
        board.push(res.move)
        node = node.add_variation(res.move)
    end = finished(board)
    if end is not None:
        return end[0], end[1], None, game
    return "1/2-1/2", "max plies", None, game


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--option", action="append", default=[], help="polyboard option NAME=VALUE, repeatable")
    ap.add_argument("--opponent", default="glaurung", choices=sorted(OPPONENTS) + ["self"])
    ap.add_argument("--self-option", action="append", default=[], help="the second polyboard's options (with --opponent self)")
    ap.add_argument("--self-engine", default=None, help="the second polyboard's binary (with --opponent self; default --engine)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first-game", type=int, default=0,
                    help="number of the first game (its opening and colours), to split a match over processes")
    ap.add_argument("--margin", type=float, default=0.0,
                    help="seconds an engine may overrun its clock before it forfeits (cutechess-cli's timemargin)")
    ap.add_argument("--tc", default="10+0.1")
    ap.add_argument("--hash", type=int, default=32)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--pgn", default=None)
    ap.add_argument("--nodes", type=int, default=None,
                    help="a fixed node count a move instead of the clock (self-play tests that the load cannot skew)")
    ap.add_argument("--openings", default=None, help="a file of FENs, one a line, instead of the built-in openings")
    ap.add_argument("--opponent-option", action="append", default=[],
                    help="a UCI opponent's option NAME=VALUE, repeatable (e.g. UCI_LimitStrength=true)")
    ap.add_argument("--opponent-nodes", type=int, default=None,
                    help="the opponent's fixed node count a move (default --nodes)")
    a = ap.parse_args()
    if a.openings:
        with open(a.openings) as f:
            OPENINGS[:] = [line.split(";")[0].strip() for line in f if line.strip()]

    def opts(pairs):
        d = {"Threads": 1, "Hash": a.hash, "Ponder": False}
        for o in pairs:
            k, _, v = o.partition("=")
            d[k] = v
        return d

    def start_ours(pairs, engine=None):
        return start([engine or a.engine, "uci"], "uci", opts(pairs))

    def start_theirs():
        if a.opponent == "self":
            return start_ours(a.self_option, a.self_engine)
        cmd, proto, options = OPPONENTS[a.opponent]
        if proto == "uci":
            options = dict(options, Hash=a.hash)
            options.update(o.partition("=")[::2] for o in a.opponent_option)
        return start(cmd, proto, options)

    their_name = a.opponent if a.opponent != "self" else "polyboard(" + ",".join([a.self_engine or ""] + a.self_option) + ")"
    if a.opponent_option:
        their_name += "(" + ",".join(a.opponent_option) + ")"
    pgn = open(a.pgn, "w") if a.pgn else None
    r = play_match(lambda: start_ours(a.option), start_theirs, their_name, a.games, a.tc, a.max_plies, pgn,
                   first=a.first_game, margin=a.margin, nodes=a.nodes, their_nodes=a.opponent_nodes)
    limit = f"{a.nodes}/{a.opponent_nodes or a.nodes} nodes" if a.nodes or a.opponent_nodes else a.tc
    print(f"polyboard vs {their_name} at {limit}: W {r['w']} D {r['d']} L {r['l']} of {r['n']}, "
          f"score {100 * r['score']:.1f}%, Elo {r['elo']:+.0f} +/- {r['err']:.0f} (95%)")
    print("faults (polyboard, opponent): " + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in r["faults"].items()))
    if a.margin:
        print(f"moves over the clock within the {a.margin:g} s margin (polyboard, opponent): "
              f"{r['overruns'][0]}/{r['overruns'][1]}")


def play_match(start_ours, start_theirs, their_name, games, tc, max_plies=400, pgn=None, our_name="polyboard",
               first=0, margin=0.0, nodes=None, their_nodes=None):
    """Plays `games` games between the engines the two functions start (`our_name`
    is the first), openings in turn, each with both colours. `tc` is `BASE+INC` or `0+T`.
    Returns W/D/L from the first engine's side, the score, Elo and its 95% half-width,
    and the faults per side: {"forfeit": [ours, theirs], "illegal": ..., "crash": ...}, and the
    moves over the clock within `margin` seconds (cutechess-cli's timemargin) per side.
    `first` numbers the first game (its opening and colours), to split a match.
    `nodes` (and `their_nodes`, the second engine's, default `nodes`) replace the clock
    by a fixed node count a move."""
    their_nodes = their_nodes or nodes
    base_s, _, inc_s = tc.partition("+")
    base, inc = float(base_s), float(inc_s or 0)
    movetime = inc if base == 0 else None
    ours, theirs = start_ours(), start_theirs()
    tally = Tally()
    faults = {"forfeit": [0, 0], "illegal": [0, 0], "crash": [0, 0]}
    overruns = [0, 0]
    thought = Thinking()
    for g in range(first, first + games):
        fen = OPENINGS[(g // 2) % len(OPENINGS)]
        we_white = g % 2 == 0
        pair = [ours, theirs] if we_white else [theirs, ours]
        names = [our_name, their_name] if we_white else [their_name, our_name]
        over = [0, 0]
        spent_by = [[0.0, 0], [0.0, 0]]
        side_nodes = [nodes, their_nodes] if we_white else [their_nodes, nodes]
        result, reason, offender, game = play_game(pair, names, fen, base, inc, movetime, max_plies, g, margin, over,
                                                   spent_by, side_nodes)
        for side in (0, 1):
            who = 0 if pair[side] is ours else 1
            overruns[who] += over[side]
        thought.add(spent_by, 0 if we_white else 1)
        if offender is not None:
            who = 0 if pair[offender] is ours else 1
            faults[reason][who] += 1
            if reason == "crash":
                # Restart whoever crashed.
                if who == 0:
                    ours = start_ours()
                else:
                    theirs = start_theirs()
        s = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        s = s if we_white else 1 - s
        tally.add(s)
        game.headers["Result"] = result
        game.headers["Event"] = f"polyboard match {tc}"
        game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
        game.headers["Termination"] = reason
        if pgn:
            print(game, file=pgn, end="\n\n", flush=True)
        ms = thought.ms()
        print(f"game {g + 1}: {names[0]} - {names[1]} {result} ({reason}); "
              f"{our_name} +{tally.w} ={tally.d} -{tally.l}; "
              f"ms a move so far {ms[0]:.0f}/{ms[1]:.0f}", flush=True)
    e, err = tally.elo()
    for eng in (ours, theirs):
        try:
            eng.quit()
        except Exception:
            pass
    return {"w": tally.w, "d": tally.d, "l": tally.l, "n": tally.n, "score": tally.mean, "elo": e, "err": err,
            "faults": faults, "overruns": overruns}


if __name__ == "__main__":
    sys.exit(main())
