"""polyboard.distributed on a local Ray (two CPUs): perft against the published
counts, and self-play shards whose positions python-chess checks."""

import os
import subprocess
import sys

import chess
import pytest

import polyboard
import polyboard.codec as codec
from polyboard import distributed

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

# Under pytest-xdist (test.sh runs `-n 2 --dist loadgroup`) one worker runs this whole
# module, so a single local Ray starts.
pytestmark = pytest.mark.xdist_group("ray")


def test_perft_depth_6_from_the_start(ray_local):
    # chessprogramming.org: perft(6) of the start position.
    assert distributed.perft(None, 6, split=2) == 119_060_324


def test_perft_split_anywhere_gives_the_same_count(ray_local):
    # Kiwipete perft(3) = 97,862 (chessprogramming.org).
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    for split in (0, 1, 2, 3, 5):
        assert distributed.perft(kiwipete, 3, split=split, tasks=7) == 97_862


def test_shogi_perft(ray_local):
    assert distributed.perft(None, 4, variant="shogi", split=1) == 719_731


def test_datagen_shards_decode_are_legal_and_carry_results(ray_local, tmp_path):
    paths = distributed.datagen(str(tmp_path), games=6, nodes=300, games_per_shard=2, max_plies=120, seed=7)
    assert len(paths) == 3 and all(os.path.exists(p) for p in paths)
    table = pa.concat_tables([pq.read_table(p) for p in paths])
    assert table.num_rows > 0
    assert pq.read_schema(paths[0]).metadata[b"polyboard.format"] == b"compact"
    rows = table.to_pylist()
    assert {r["game_id"] for r in rows} == set(range(6))
    results = {}
    for r in rows:
        fen = codec.decode_one(r["position"], "compact")
        board = chess.Board(fen)
        assert board.is_valid(), fen
        # The record holds the row's position (compact keeps no clocks).
        assert fen.split()[:4] == chess.Board(r["fen"]).fen().split()[:4]
        assert chess.Move.from_uci(r["move"]) in board.legal_moves
        assert r["result"] in (-1, 0, 1)
        assert r["stm"] == (0 if board.turn == chess.WHITE else 1)
        assert r["score"] is not None
        results.setdefault(r["game_id"], set()).add(r["result"])
    # One result a game.
    assert all(len(v) == 1 for v in results.values())


def test_cli_perft_without_ray():
    out = subprocess.run(
        [sys.executable, "-m", "polyboard", "perft", "--depth", "4"], capture_output=True, text=True, check=True
    )
    assert '"nodes": 197281' in out.stdout


def test_cli_bad_input_exits_2():
    out = subprocess.run([sys.executable, "-m", "polyboard", "perft", "--depth", "3", "--fen", "nonsense"], capture_output=True, text=True)
    assert out.returncode == 2 and "fen" in out.stderr


def test_local_perft_and_split_agree_with_published_counts():
    assert polyboard.perft(None, 4) == 197_281
    assert sum(n for _, n in polyboard.split(None, 3)) == 8_902


def test_cli_joins_a_running_ray_by_its_address(ray_local, tmp_path):
    # The session's Ray is "a cluster" here: the CLI connects to it by address.
    address = ray_local.get_runtime_context().gcs_address
    run = [sys.executable, "-m", "polyboard"]
    out = subprocess.run(run + ["perft", "--depth", "5", "--ray", address], capture_output=True, text=True, check=True)
    assert '"nodes": 4865609' in out.stdout
    shards = tmp_path / "shards"
    args = ["datagen", "--out", str(shards), "--games", "2", "--nodes", "200", "--max-plies", "40", "--ray", address]
    subprocess.run(run + args, capture_output=True, text=True, check=True)
    table = pq.read_table(str(shards))
    assert table.num_rows > 0 and set(table.column("game_id").to_pylist()) == {0, 1}
