#!/usr/bin/env python3
"""Plays `polyboard usi` against another USI shogi engine the way a tournament manager
does: both engines on their own clocks (sudden death plus increment, in milliseconds),
openings from a fixed list of common lines played once with each colour, the rules
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
import math
import os
import queue
import subprocess
import sys
import threading
import time

import cshogi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from stats import elo_text  # noqa: E402

# Common opening lines (USI), each played once with either colour: Static Rook against
# Ranging Rook and Static Rook, Double Wing, Bishop Exchange, Yagura, Central Rook,
# Third and Fourth File Rook, Right Fourth File, Ai-Gakari and a quick bishop trade.
OPENINGS = [
    "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c",
    "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e",
    "2g2f 8c8d 2f2e 8d8e 7g7f 4a3b",
    "7g7f 3c3d 8h2b+ 3a2b 2g2f 8c8d",
    "7g7f 8c8d 6g6f 3c3d 6f6e 7a6b",
    "7g7f 3c3d 5g5f 8c8d 2h5h 8d8e",
    "7g7f 3c3d 6g6f 8c8d 2h6h 7a6b",
    "7g7f 8c8d 7i6h 3c3d 6g6f 7a6b",
    "2g2f 3c3d 7g7f 4c4d 3i4h 3a4b",
    "7g7f 3c3d 2h7h 8c8d 7i6h 7a6b",
    "5g5f 3c3d 2h5h 8c8d 5f5e 8d8e",
    "2g2f 8c8d 7g7f 8d8e 8h7g 3c3d",
]

OPPONENTS = {
    "fairy-stockfish": (["/usr/games/fairy-stockfish"], {"Threads": 1, "Ponder": "false", "Move Overhead": 100}),
    "sjaakii": (["/usr/games/sjaakii", "-usi"], {"Ponder": "false"}),
}
# Engines whose USI writes drops with another character than `*`.
DROP_CHAR = {"sjaakii": "@"}


class EngineGone(Exception):
    """The engine exited or closed its output."""


class Engine:
    """A USI engine in a subprocess, its output read by a thread into a queue."""

    def __init__(self, cmd, options, hash_mb, name=None, drop="*"):
        self.cmd = cmd
        self.drop = drop
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("usi")
        self.options = set()
        self.name = name
        for line in self.until("usiok", 30):
            if line.startswith("id name ") and not self.name:
                self.name = line[8:].strip()
            if line.startswith("option name "):
                self.options.add(line[len("option name "):].split(" type ")[0].strip())
        opts = dict(options)
        opts.setdefault("USI_Hash", hash_mb)
        opts.setdefault("Hash", hash_mb)
        for k, v in opts.items():
            if k in self.options:
                self.send(f"setoption name {k} value {v}")
        self.send("isready")
        list(self.until("readyok", 60))

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineGone(str(e)) from e

    def until(self, prefix, timeout):
        """Yields lines up to and including the first starting with `prefix`."""
        end = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(prefix) from None
            if line is None:
                raise EngineGone("end of output")
            yield line
            if line.startswith(prefix):
                return

    def go(self, position, limit, timeout):
        """Sends the position and `go <limit>`; returns (bestmove text, seconds spent, last
        info line with a score)."""
        self.send(position.replace("*", self.drop))
        t0 = time.monotonic()
        self.send(f"go {limit}")
        last = None
        for line in self.until("bestmove", timeout):
            if line.startswith("info") and " score " in line:
                last = line
            if line.startswith("bestmove"):
                parts = line.replace(self.drop, "*").split()
                return (parts[1] if len(parts) > 1 else ""), time.monotonic() - t0, last
        raise EngineGone("no bestmove")

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def play_game(engines, opening, base_ms, inc_ms, max_plies, grace_ms=0, on_move=None, limit=None, byoyomi_ms=0):
    """engines[0] plays Black (sente). Returns (winner 0/1/None, reason, offender, moves).

    `on_move(board, side, bestmove, score_line)` is called before each move is played and
    may end the game by returning a winner (0 or 1) (the data script adjudicates so).
    `limit` (for example `nodes 20000`) replaces the clocks. With `byoyomi_ms`, the
    clocks run down to zero and then every move may take one period (`inc_ms` unused)."""
    board = cshogi.Board()
    moves = []
    for m in opening.split():
        board.push_usi(m)
        moves.append(m)
    for e in engines:
        e.send("usinewgame")
    clocks = [base_ms, base_ms]
    seen = {}
    checks = []  # per ply played: did it give check
    keys = [board.zobrist_hash()]
    seen[keys[0]] = [len(keys) - 1]
    while len(moves) < max_plies:
        side = 0 if board.turn == cshogi.BLACK else 1
        if not list(board.legal_moves):
            return 1 - side, "mate", None, moves
        pos = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        try:
            go = f"btime {max(0, int(clocks[0]))} wtime {max(0, int(clocks[1]))} " + (
                f"byoyomi {byoyomi_ms}" if byoyomi_ms else f"binc {inc_ms} winc {inc_ms}")
            best, spent, score = engines[side].go(pos, limit or go, 60 if limit else (clocks[side] + byoyomi_ms) / 1000 + 30)
        except (EngineGone, TimeoutError):
            return 1 - side, "crash", side, moves
        clocks[side] -= 0 if limit else spent * 1000
        if clocks[side] < -grace_ms - byoyomi_ms:
            return 1 - side, f"time forfeit, {-clocks[side] - byoyomi_ms:.0f} ms over", side, moves
        clocks[side] = max(clocks[side], 0) + (0 if byoyomi_ms else inc_ms)
        if best == "resign":
            return 1 - side, "resign", None, moves
        if best == "win":
            return (side, "declaration", None, moves) if board.is_nyugyoku() else (1 - side, "false declaration", side, moves)
        legal = {cshogi.move_to_usi(m) for m in board.legal_moves}
        if best not in legal:
            return 1 - side, f"illegal move {best}", side, moves
        if on_move:
            adjudged = on_move(board, side, best, score)
            if adjudged is not None:
                return adjudged, "adjudication", None, moves
        board.push_usi(best)
        moves.append(best)
        checks.append(board.is_check())
        key = board.zobrist_hash()
        keys.append(key)
        seen.setdefault(key, []).append(len(keys) - 1)
        if len(seen[key]) >= 4:
            first, now = seen[key][0], len(keys) - 1
            # checks[i] is the move from position i to i + 1; the last one (now - 1)
            # was `side`'s, and the sides alternate before it.
            for mover in (side, 1 - side):
                mine = [checks[i] for i in range(first, now) if ((now - 1 - i) % 2 == 0) == (mover == side)]
                if mine and all(mine):
                    return 1 - mover, "perpetual check", None, moves
            return None, "repetition", None, moves
    return None, "max plies", None, moves


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--option", action="append", default=[], help="polyboard option NAME=VALUE, repeatable")
    ap.add_argument("--opponent", default="sjaakii", choices=sorted(OPPONENTS) + ["self"])
    ap.add_argument("--self-option", action="append", default=[], help="the second polyboard's options (--opponent self)")
    ap.add_argument("--self-engine", default=None, help="the second polyboard's binary (--opponent self; default --engine)")
    ap.add_argument("--opponent-option", action="append", default=[], help="the opponent's options NAME=VALUE")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--tc", default="10+0.1", help="BASE+INC in seconds")
    ap.add_argument("--byoyomi", type=float, default=0, help="seconds of byoyomi (then --tc's INC is unused)")
    ap.add_argument("--hash", type=int, default=32)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--grace", type=int, default=0, help="milliseconds a clock may go below zero before a forfeit")
    ap.add_argument("--out", default=None, help="write every game's moves and result here")
    a = ap.parse_args()
    base, inc = (float(x) for x in a.tc.split("+"))
    base_ms, inc_ms = int(base * 1000), int(inc * 1000)

    def opts(pairs):
        return dict(p.split("=", 1) for p in pairs)

    ours_opts = {"Threads": 1, "EnteringKingRule": "CSARule27", **opts(a.option)}
    ours = Engine([a.engine, "usi"], ours_opts, a.hash, "polyboard")
    if a.opponent == "self":
        theirs = Engine([a.self_engine or a.engine, "usi"],
                        {"Threads": 1, "EnteringKingRule": "CSARule27", **opts(a.self_option)}, a.hash, "polyboard-2")
    else:
        cmd, o = OPPONENTS[a.opponent]
        theirs = Engine(cmd, {**o, **opts(a.opponent_option)}, a.hash, drop=DROP_CHAR.get(a.opponent, "*"))
    tc = f"{base:g}s + byoyomi {a.byoyomi:g}s" if a.byoyomi else a.tc
    print(f"polyboard vs {theirs.name}, {a.games} games, tc {tc}, hash {a.hash} MiB, one thread each", flush=True)
    w = d = l = 0
    scores = []
    forfeits, illegal, crashes = [0, 0], [0, 0], [0, 0]
    out = open(a.out, "w") if a.out else None
    for g in range(a.games):
        opening = OPENINGS[(g // 2) % len(OPENINGS)]
        ours_black = g % 2 == 0
        engines = [ours, theirs] if ours_black else [theirs, ours]
        winner, reason, offender, moves = play_game(engines, opening, base_ms, inc_ms, a.max_plies, a.grace,
                                                    byoyomi_ms=int(a.byoyomi * 1000))
        ours_idx = 0 if ours_black else 1
        if offender is not None:
            who = 0 if offender == ours_idx else 1
            if reason == "crash":
                crashes[who] += 1
            elif reason.startswith("time forfeit"):
                forfeits[who] += 1
            else:
                illegal[who] += 1
        if winner is None:
            d += 1
            s = 0.5
        elif winner == ours_idx:
            w += 1
            s = 1.0
        else:
            l += 1
            s = 0.0
        scores.append(s)
        print(f"game {g + 1}: polyboard {'black' if ours_black else 'white'}, {s} ({reason}, {len(moves)} plies)",
              flush=True)
        if out:
            out.write(f"position startpos moves {' '.join(moves)} ; {s} {reason}\n")
            out.flush()
        # A crashed engine is restarted for the next game.
        for i, e in enumerate((ours, theirs)):
            if e.proc.poll() is not None:
                if i == 0:
                    ours = Engine([a.engine, "usi"], ours_opts, a.hash, "polyboard")
                elif a.opponent == "self":
                    theirs = Engine([a.self_engine or a.engine, "usi"], {"Threads": 1, **opts(a.self_option)}, a.hash,
                                    "polyboard-2")
                else:
                    cmd, o = OPPONENTS[a.opponent]
                    theirs = Engine(cmd, {**o, **opts(a.opponent_option)}, a.hash, drop=DROP_CHAR.get(a.opponent, "*"))
    n = len(scores)
    mean = sum(scores) / n if n else 0
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(1, n - 1)) if n else 0
    print(f"\npolyboard vs {theirs.name}: +{w} ={d} -{l} (W/D/L), score {100 * mean:.1f}%, "
          f"Elo {elo_text(mean, n, sd)} (95%)")
    print(f"time forfeits polyboard {forfeits[0]} opponent {forfeits[1]}; illegal moves polyboard {illegal[0]} "
          f"opponent {illegal[1]}; crashes polyboard {crashes[0]} opponent {crashes[1]}")
    ours.quit()
    theirs.quit()
    if out:
        out.close()


if __name__ == "__main__":
    sys.exit(main())
