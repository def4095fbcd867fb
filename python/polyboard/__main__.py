"""``python -m polyboard``: perft (locally or on Ray) and self-play data generation.

    python -m polyboard perft --depth 7 [--fen FEN] [--variant V] [--ray [ADDRESS]] [--split K]
    python -m polyboard datagen --out DIR [--games N] [--nodes N] [--ray [ADDRESS]]

``--ray`` alone starts a local Ray; ``--ray ADDRESS`` joins a cluster (``auto``,
``ray://head:10001``). Without ``--ray``, perft counts in this process.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def main(argv=None) -> int:
    """Runs the command line; returns the exit status (0 ok, 2 bad input)."""
    parser = argparse.ArgumentParser(prog="python -m polyboard", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)

    p = commands.add_parser("perft", help="count the leaves of a game tree")
    p.add_argument("--fen", help="the position (SFEN for shogi); default: the variant's start")
    p.add_argument("--depth", type=int, required=True, help="plies to count")
    p.add_argument("--variant", default="chess", help="chess, chess960, shogi or any polyboard variant")
    p.add_argument("--repr", help="the representation (chess and shogi)")
    p.add_argument("--ray", nargs="?", const="local", help="count on Ray: no value for a local Ray, or a cluster address")
    p.add_argument("--split", type=int, default=2, help="the ply where the tree is cut into Ray tasks (default 2)")
    p.add_argument("--num-cpus", type=int, help="CPUs of a local Ray (default: all)")

    d = commands.add_parser("datagen", help="self-play games to Parquet shards")
    d.add_argument("--out", required=True, help="the folder for the shards")
    d.add_argument("--games", type=int, default=100)
    d.add_argument("--nodes", type=int, default=5000, help="nodes a move")
    d.add_argument("--variant", default="chess")
    d.add_argument("--games-per-shard", type=int, default=10)
    d.add_argument("--random-plies", type=int, default=8, help="random opening plies")
    d.add_argument("--max-plies", type=int, default=400, help="adjudicate a draw after this many plies")
    d.add_argument("--format", help="the position record's codec (default compact; fen for non-chess variants)")
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--ray", nargs="?", const="local", default="local", help="a cluster address (default: a local Ray)")
    d.add_argument("--num-cpus", type=int, help="CPUs of a local Ray (default: all)")

    a = parser.parse_args(argv)
    try:
        if a.ray is not None:
            import ray

            address = None if a.ray == "local" else a.ray
            init = {"num_cpus": a.num_cpus} if address is None and a.num_cpus else {}
            ray.init(address=address, **init)
        start = time.perf_counter()
        if a.command == "perft":
            if a.ray is None:
                from . import perft

                nodes = perft(a.fen, a.depth, a.variant, a.repr)
            else:
                from .distributed import perft

                nodes = perft(a.fen, a.depth, a.variant, a.split, repr=a.repr)
            secs = time.perf_counter() - start
            line = {"variant": a.variant, "fen": a.fen or "startpos", "depth": a.depth, "nodes": nodes}
            line.update(seconds=round(secs, 3), nps=int(nodes / secs) if secs > 0 else 0)
            print(json.dumps(line))
        else:
            from .distributed import datagen

            paths = datagen(
                a.out,
                a.games,
                a.nodes,
                a.variant,
                games_per_shard=a.games_per_shard,
                random_plies=a.random_plies,
                max_plies=a.max_plies,
                format=a.format,
                seed=a.seed,
            )
            secs = time.perf_counter() - start
            print(json.dumps({"shards": len(paths), "out": a.out, "games": a.games, "seconds": round(secs, 3)}))
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
