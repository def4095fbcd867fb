#!/usr/bin/env python3
"""polyboard's Python speed: legal moves against python-chess, bulk encoding, and
perft on Ray with 1 and 2 workers (docs/python.md has the results).

    pip install ./python chess ray pyarrow
    python scripts/python/bench.py [--quick] [--skip-ray]

Prints a Markdown report. Timings are wall-clock seconds, best of a few runs.
"""

import argparse
import os
import platform
import random
import time

import chess

import polyboard
import polyboard.chess as pc
import polyboard.codec as codec


CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data", "corpus", "selfplay.fen")


def corpus(n, seed=1):
    """The first n positions of the self-play corpus (Stockfish games,
    tests/data/corpus), else positions from random games (python-chess)."""
    if os.path.exists(CORPUS):
        with open(CORPUS) as f:
            fens = [line.strip() for line in f if line.strip()][:n]
        if len(fens) == n:
            return fens
    rng = random.Random(seed)
    fens = []
    while len(fens) < n:
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 200 and len(fens) < n:
            board.push(rng.choice(list(board.legal_moves)))
            fens.append(board.fen())
    return fens


def best(fn, runs=3):
    """The fastest of `runs` calls of fn, in seconds, and its last result."""
    times, result = [], None
    for _ in range(runs):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return min(times), result


def legal_moves(fens, rows):
    n = len(fens)
    t_pc, ref = best(lambda: [[m.uci() for m in chess.Board(f).legal_moves] for f in fens])
    t_pb, ours = best(lambda: [pc.Board(f).legal_moves for f in fens])
    t_bulk, bulk = best(lambda: pc.legal_moves_many(fens))
    assert [sorted(a) for a in ref] == [sorted(b) for b in ours] == [sorted(c) for c in bulk]
    # Boards built once, then only the moves asked for.
    refs = [chess.Board(f) for f in fens]
    mine = [pc.Board(f) for f in fens]
    t_pc2, _ = best(lambda: [list(b.legal_moves) for b in refs])
    t_pb2, _ = best(lambda: [b.legal_moves for b in mine])
    moves = sum(len(m) for m in ref)
    rows.append(("legal moves from a FEN (board built + moves as UCI)", n, t_pc, t_pb, "Board(fen).legal_moves"))
    rows.append(("legal moves from a FEN, one call for the corpus", n, t_pc, t_bulk, "chess.legal_moves_many(fens)"))
    rows.append(("legal moves of a built board", n, t_pc2, t_pb2, "board.legal_moves"))
    return moves


def encode(fens, out):
    for fmt in codec.FORMATS:
        for threads in (1, 0):
            t, table = best(lambda: codec.encode(fens, fmt, threads=threads))
            t_dec, back = best(lambda: codec.decode(table, fmt, threads=threads), runs=2)
            out.append((fmt, threads or os.cpu_count(), len(fens) / t, len(fens) / t_dec, table.shape[1]))


def ray_perft(depth, split, cpus):
    import ray

    from polyboard import distributed

    ray.shutdown()
    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    distributed.perft(None, 3, split=1)  # workers up and the module imported
    t = time.perf_counter()
    nodes = distributed.perft(None, depth, split=split)
    return time.perf_counter() - t, nodes


def ray_overhead(tasks=2000):
    import ray

    @ray.remote
    def noop(x):
        return x

    ray.get([noop.remote(i) for i in range(100)])
    t = time.perf_counter()
    ray.get([noop.remote(i) for i in range(tasks)])
    batched = (time.perf_counter() - t) / tasks
    t = time.perf_counter()
    for i in range(200):
        ray.get(noop.remote(i))
    serial = (time.perf_counter() - t) / 200
    return batched, serial


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small corpus, perft depth 6")
    ap.add_argument("--skip-ray", action="store_true")
    a = ap.parse_args()
    n = 2000 if a.quick else 20000
    fens = corpus(n)
    print(f"# polyboard Python benchmark\n\n{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, python-chess {chess.__version__}, polyboard {polyboard.__version__}\n")
    rows = []
    moves = legal_moves(fens, rows)
    print(f"## Legal moves: {n} positions (tests/data/corpus/selfplay.fen), {moves} moves\n")
    print("| task | python-chess | polyboard | speed-up | polyboard call |")
    print("| --- | ---: | ---: | ---: | --- |")
    for what, count, t_ref, t_ours, call in rows:
        print(f"| {what} | {count / t_ref:,.0f}/s | {count / t_ours:,.0f}/s | {t_ref / t_ours:.1f}x | `{call}` |")
    big = fens * (10 if a.quick else 25)
    enc = []
    encode(big, enc)
    print(f"\n## Bulk codecs: {len(big):,} FENs to a numpy table and back\n")
    print("| format | threads | encode FEN->row | decode row->FEN | row bytes |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for fmt, threads, e, d, w in enc:
        print(f"| {fmt} | {threads} | {e:,.0f}/s | {d:,.0f}/s | {w} |")
    depth = 6 if a.quick else 7
    t, nodes = best(lambda: polyboard.perft(None, depth), runs=1)
    print(f"\n## Perft {depth} from the start ({nodes:,} nodes)\n")
    print("| how | seconds | nodes/s | speed-up over 1 worker |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| in-process, no Ray (`polyboard.perft`) | {t:.2f} | {nodes / t:,.0f} | |")
    if not a.skip_ray:
        t1, n1 = ray_perft(depth, 2, 1)
        t2, n2 = ray_perft(depth, 2, 2)
        assert n1 == n2 == nodes
        print(f"| Ray, 1 worker, split 2 (400 tasks) | {t1:.2f} | {nodes / t1:,.0f} | 1.00x |")
        print(f"| Ray, 2 workers, split 2 (400 tasks) | {t2:.2f} | {nodes / t2:,.0f} | {t1 / t2:.2f}x |")
        batched, serial = ray_overhead()
        print("\n## Ray per-task overhead (local Ray, 2 workers, a task that returns its argument)\n")
        print(f"- submitted together, then one `ray.get`: {batched * 1e3:.2f} ms a task")
        print(f"- one at a time (submit, wait): {serial * 1e3:.2f} ms a task")
        import ray

        ray.shutdown()


if __name__ == "__main__":
    main()
