"""Deep perft and self-play training data on a Ray cluster.

Ray (PyPI ``ray``) and pyarrow are imported on first use: they are needed only here.
Both functions connect with ``ray.init(address=address)`` unless Ray is already
initialized, so they run unchanged on one machine (``address=None`` starts a local
Ray) and on a cluster (``address="ray://head:10001"`` or ``"auto"``). On a cluster,
every node needs polyboard installed (``pip install ./python``, or a Ray
``runtime_env``).

- :func:`perft` cuts the tree at ply ``split`` into Ray tasks, each a Rust perft from
  the positions there (transpositions merged, with their path counts), and sums them.
- :func:`datagen` plays engine self-play games at a fixed node count on Ray workers
  and writes Parquet shards: one row a position, with its codec record, the search's
  score, the game's result and the game's id.
"""

from __future__ import annotations

import os
import random
from typing import Dict, List, Optional

__all__ = ["perft", "datagen", "SCORE_MATE"]

#: The score written for a mate: ``SCORE_MATE - moves`` when the side to move mates,
#: ``-(SCORE_MATE - moves)`` when it is mated.
SCORE_MATE = 32000

_remote: Dict[str, object] = {}


def _ray(address: Optional[str], **init):
    """Ray, initialized: connects to ``address`` (None: a local Ray) unless it is."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, **init)
    return ray


def _count(rows, depth: int, variant: str, repr: Optional[str]) -> int:
    """The perft sum of ``rows`` (``(fen, paths)`` pairs), ``depth`` plies below each."""
    from ._native import perft as native

    return sum(paths * native.perft(fen, depth, variant, repr, []) for fen, paths in rows)


def _task(ray, name: str, fn):
    """``fn`` as a Ray remote function, made once."""
    if name not in _remote:
        _remote[name] = ray.remote(fn)
    return _remote[name]


def perft(
    fen: Optional[str] = None,
    depth: int = 6,
    variant: str = "chess",
    split: int = 2,
    *,
    address: Optional[str] = None,
    repr: Optional[str] = None,
    tasks: Optional[int] = None,
) -> int:
    """Perft of ``fen`` (the variant's start position when None) at ``depth``, on Ray.

    The tree is cut at ply ``split`` (at most ``depth``): every distinct position there
    becomes work for a Ray task, which counts ``depth - split`` plies below it in Rust
    and multiplies by the number of move paths that reach it. ``tasks`` caps the number
    of Ray tasks (positions are dealt round-robin; default: one a position, at most
    2000). ``address`` is the cluster's (None: a local Ray, unless already connected).
    """
    from ._native import perft as native

    if depth < 0:
        raise ValueError(f"depth: {depth}; perft counts 0 or more plies")
    if split < 0:
        raise ValueError(f"split: {split}; the cut is 0 or more plies deep")
    split = min(split, depth)
    roots = native.split(fen, split, variant, [])
    rest = depth - split
    if rest == 0:
        return sum(paths for _, paths in roots)
    count = min(len(roots), tasks or 2000)
    chunks = [roots[i::count] for i in range(count)]
    ray = _ray(address)
    remote = _task(ray, "perft", _count)
    return sum(ray.get([remote.remote(chunk, rest, variant, repr) for chunk in chunks]))


def _score(result) -> Optional[int]:
    """A search's score in centipawns, mates as ``±(SCORE_MATE - moves)``."""
    if result.mate is not None:
        moves = abs(result.mate)
        return (SCORE_MATE - moves) if result.mate > 0 else -(SCORE_MATE - moves)
    return result.cp


def _play(game_ids, variant, nodes, random_plies, max_plies, format, seed, hash) -> dict:
    """Plays the games ``game_ids``; returns their positions as columns."""
    from ._native import codec
    from ._native import engine as native

    columns = {k: [] for k in ("game_id", "ply", "fen", "position", "score", "move", "stm", "result")}
    for game_id in game_ids:
        rng = random.Random(seed * 1_000_003 + game_id)
        engine = native.Engine(variant, 1, hash)
        engine.set_position(None, [])
        rows = []
        result = None
        ply = 0
        while result is None:
            ended = engine.result()
            if ended is not None:
                result = ended[0]
                break
            legal = engine.legal_moves()
            if not legal:
                result = "1/2-1/2"
                break
            if ply >= max_plies:
                result = "1/2-1/2"  # adjudicated: too long
                break
            if ply < random_plies:
                engine.play(rng.choice(legal))
            else:
                found = engine.search(nodes=nodes)
                if found.best is None:
                    result = "1/2-1/2"
                    break
                fen = engine.fen()
                stm = engine.side_to_move()
                rows.append((ply, fen, _score(found), found.best, stm))
                engine.play(found.best)
            ply += 1
        white = {"1-0": 1, "0-1": -1}.get(result, 0)
        for ply_, fen, score, best, stm in rows:
            if format == "fen":
                record = fen.encode()
            else:
                record = codec.encode(fen, format, chess960=variant == "chess960")
            columns["game_id"].append(game_id)
            columns["ply"].append(ply_)
            columns["fen"].append(fen)
            columns["position"].append(record)
            columns["score"].append(score)
            columns["move"].append(best)
            columns["stm"].append(stm)
            columns["result"].append(white)
    return columns


def datagen(
    out: str,
    games: int = 100,
    nodes: int = 5000,
    variant: str = "chess",
    *,
    games_per_shard: int = 10,
    random_plies: int = 8,
    max_plies: int = 400,
    format: Optional[str] = None,
    seed: int = 0,
    hash: int = 16,
    address: Optional[str] = None,
) -> List[str]:
    """Plays ``games`` self-play games at ``nodes`` nodes a move on Ray workers and
    writes Parquet shards into the folder ``out``; returns their paths.

    Each Ray task plays ``games_per_shard`` games (game ids ``0 .. games - 1``), opening
    with ``random_plies`` random moves (from ``seed`` and the game id, so a run is
    reproducible) and adjudicating a draw after ``max_plies`` plies. The driver writes
    each task's rows as ``out/shard-NNNNN.parquet`` (no shared file system needed).

    Columns: ``game_id`` (int64), ``ply`` (int32, from the start), ``fen`` (string),
    ``position`` (binary: the position's record in ``format``, default ``compact``
    for chess and chess960; other variants store the FEN's bytes, format ``fen``),
    ``score`` (int32, centipawns from the side to move's view; a mate as
    ``±(SCORE_MATE - moves)``), ``move`` (the move played), ``stm`` (int8, 0 for the
    side that moves first) and ``result`` (int8, the game's result from the first
    player's view: 1 win, 0 draw, -1 loss). The format is in the file's metadata.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    if games < 1:
        raise ValueError(f"games: {games}; play 1 or more")
    if nodes < 1:
        raise ValueError(f"nodes: {nodes}; search 1 or more")
    if games_per_shard < 1:
        raise ValueError(f"games_per_shard: {games_per_shard}; 1 or more")
    if format is None:
        format = "compact" if variant in ("chess", "chess960") else "fen"
    if format != "fen" and variant not in ("chess", "chess960"):
        raise ValueError(f"format: {format!r} encodes chess positions; {variant} stores 'fen'")
    from .codec import FORMATS

    if format != "fen" and format not in FORMATS:
        raise ValueError(f"format: unknown format {format!r} (known: fen, {', '.join(FORMATS)})")
    from .engine import Engine

    Engine(variant)  # a bad variant fails here, not on a worker
    os.makedirs(out, exist_ok=True)
    ray = _ray(address)
    remote = _task(ray, "play", _play)
    shards = [list(range(g, min(g + games_per_shard, games))) for g in range(0, games, games_per_shard)]
    pending = {
        remote.remote(ids, variant, nodes, random_plies, max_plies, format, seed, hash): i
        for i, ids in enumerate(shards)
    }
    schema = pa.schema(
        [
            ("game_id", pa.int64()),
            ("ply", pa.int32()),
            ("fen", pa.string()),
            ("position", pa.binary()),
            ("score", pa.int32()),
            ("move", pa.string()),
            ("stm", pa.int8()),
            ("result", pa.int8()),
        ],
        metadata={"polyboard.variant": variant, "polyboard.format": format, "polyboard.nodes": str(nodes)},
    )
    paths = []
    while pending:
        done, _ = ray.wait(list(pending), num_returns=1)
        index = pending.pop(done[0])
        columns = ray.get(done[0])
        table = pa.table(columns, schema=schema)
        path = os.path.join(out, f"shard-{index:05d}.parquet")
        pq.write_table(table, path)
        paths.append(path)
    return sorted(paths)
