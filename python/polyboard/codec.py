"""Compact chess position encodings (polyboard-codec), one at a time or in bulk to
and from numpy.

Every format of ``polyboard encode --format F`` is here (:data:`FORMATS`). A record's
length depends on the position, so a bulk table gives each position one row of
``max_bytes + 1`` bytes: the record's length in bytes, the record, then zeros.
:func:`records` gives back the bare records.

    >>> import polyboard.codec as codec
    >>> table = codec.encode(["8/8/8/8/8/8/8/K6k w - - 0 1"], "compact")
    >>> codec.decode(table, "compact")
    ['8/8/8/8/8/8/8/K6k w - - 0 1']
"""

from __future__ import annotations

from typing import Iterable, List

import numpy as np

from ._native import codec as _codec

#: ``{name: (longest record in bytes, description)}`` in the CLI's order.
FORMATS = {name: (size, text) for name, size, text in _codec.formats()}

__all__ = ["FORMATS", "encode", "decode", "encode_one", "decode_one", "records", "width"]


def width(format: str) -> int:
    """The row width of ``format``'s bulk tables: its longest record plus one."""
    if format not in FORMATS:
        raise ValueError(f"format: unknown format {format!r} (known: {', '.join(FORMATS)})")
    return FORMATS[format][0] + 1


def encode(fens: Iterable[str], format: str = "compact", *, chess960: bool = False, threads: int = 0) -> np.ndarray:
    """Encodes every FEN: a ``uint8`` array of shape ``(len(fens), width(format))``, one
    row a position (length byte, record, zeros). Runs on ``threads`` threads (0: every
    core) without the GIL. A FEN that does not read raises ValueError naming its index.
    """
    fens = fens if isinstance(fens, list) else list(fens)
    data, row = _codec.encode_many(fens, format, chess960=chess960, threads=threads)
    return np.frombuffer(data, dtype=np.uint8).reshape(len(fens), row)


def decode(table, format: str = "compact", *, chess960: bool = False, threads: int = 0) -> List[str]:
    """The FENs of a table that :func:`encode` wrote (any array-like of ``uint8`` rows of
    ``width(format)`` bytes). A bad row raises ValueError naming its index."""
    array = np.ascontiguousarray(table, dtype=np.uint8)
    if array.ndim != 2:
        raise ValueError(f"table: expected a 2-D array of rows, got {array.ndim} dimensions")
    return _codec.decode_many(array.tobytes(), array.shape[1], format, chess960=chess960, threads=threads)


def records(table) -> List[bytes]:
    """The bare records of a bulk table's rows."""
    array = np.ascontiguousarray(table, dtype=np.uint8)
    return [bytes(row[1 : 1 + row[0]]) for row in array]


def encode_one(fen: str, format: str = "compact", *, chess960: bool = False) -> bytes:
    """The record of one FEN."""
    return _codec.encode(fen, format, chess960=chess960)


def decode_one(record: bytes, format: str = "compact", *, chess960: bool = False) -> str:
    """The FEN of one record."""
    return _codec.decode(bytes(record), format, chess960=chess960)
