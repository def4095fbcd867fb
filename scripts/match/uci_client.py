#!/usr/bin/env python3
"""Drives `polyboard uci` with python-chess the way a GUI does, and checks the answers.

Usage, from the repository root (after `cargo build --release`):

    python3 scripts/match/uci_client.py [--engine target/release/polyboard] [--tc 1+0.01] [--games 2]

It runs, in order:
1. the handshake, the option list and `isready`;
2. an analysis with MultiPV 3 to depth 8 (three lines per depth, legal PVs);
3. infinite analysis stopped after one second (the engine must answer `bestmove`);
4. self-play games on the clock given by `--tc` (default 1+0.01, the issue's "never lose
   on time" control) with pondering on: python-chess sends `go ponder` and `ponderhit`
   or `stop` as a GUI does. Every move is checked for legality and every clock for
   overstepping. Exits with status 1 on any failure.
Requires python-chess (`pip install chess`).
"""
import argparse
import sys
import time

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/polyboard")
    ap.add_argument("--tc", default="1+0.01")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    failures = 0

    eng = chess.engine.SimpleEngine.popen_uci([a.engine, "uci"])
    for opt in ["Hash", "Threads", "MultiPV", "Move Overhead", "Clear Hash", "Ponder", "UCI_Chess960", "Repr"]:
        if opt not in eng.options:
            print(f"FAIL: option {opt} missing")
            failures += 1
    print("engine:", eng.id.get("name"), "reprs:", list(eng.options["Repr"].var))
    eng.configure({"Threads": a.threads, "Hash": 32})
    eng.ping()

    board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
    infos = eng.analyse(board, chess.engine.Limit(depth=8), multipv=3)
    for i, info in enumerate(infos):
        pv = info.get("pv", [])
        b = board.copy()
        for m in pv:
            if m not in b.legal_moves:
                print(f"FAIL: multipv {i + 1} has an illegal move {m}")
                failures += 1
                break
            b.push(m)
        print(f"multipv {i + 1}: {info.get('score')} {board.variation_san(pv)}")

    with eng.analysis(chess.Board()) as analysis:
        time.sleep(1.0)
        analysis.stop()
        best = analysis.wait().move
    print("infinite analysis stopped, best", best)
    if best is None:
        failures += 1

    base_s, _, inc_s = a.tc.partition("+")
    base, inc = float(base_s), float(inc_s or 0)
    other = chess.engine.SimpleEngine.popen_uci([a.engine, "uci"])
    other.configure({"Threads": a.threads, "Hash": 32})
    for g in range(a.games):
        board = chess.Board()
        players = [eng, other] if g % 2 == 0 else [other, eng]
        clocks = [base, base]
        while not board.is_game_over(claim_draw=True) and board.ply() < 400:
            side = 0 if board.turn == chess.WHITE else 1
            limit = chess.engine.Limit(white_clock=clocks[0], black_clock=clocks[1], white_inc=inc, black_inc=inc)
            t0 = time.monotonic()
            res = players[side].play(board, limit, ponder=True)
            clocks[side] -= time.monotonic() - t0
            if clocks[side] < 0:
                print(f"FAIL: game {g + 1}: {'white' if side == 0 else 'black'} lost on time at ply {board.ply()}")
                failures += 1
                break
            clocks[side] += inc
            if res.move not in board.legal_moves:
                print(f"FAIL: game {g + 1}: illegal move {res.move}")
                failures += 1
                break
            board.push(res.move)
        print(f"game {g + 1}: {board.result(claim_draw=True)} after {board.ply()} plies, "
              f"clocks left {clocks[0]:.3f} s / {clocks[1]:.3f} s")
    eng.quit()
    other.quit()
    print("OK" if failures == 0 else f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
