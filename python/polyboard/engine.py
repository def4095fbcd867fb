"""polyboard's engine from Python, through polyboard-engine's typed API.

    >>> from polyboard import Engine
    >>> engine = Engine("chess")
    >>> result = engine.search(moves=["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"], depth=4)
    >>> result.move, result.mate
    ('h5f7', 1)
"""

from __future__ import annotations

from typing import Iterable, Optional

from ._native import engine as _engine

#: The answer of :meth:`Engine.search`: ``move`` (alias ``best``), ``ponder``, ``cp``
#: or ``mate`` (from the side to move's view; mate in moves, negative when mated),
#: ``score`` (``("cp", n)`` or ``("mate", n)``), ``pv``, ``depth``, ``seldepth``,
#: ``nodes`` and ``time`` (seconds).
SearchResult = _engine.SearchResult


__all__ = ["Engine", "SearchResult"]


class Engine:
    """An engine for ``variant`` (``"chess"``, ``"shogi"``, ``"crazyhouse"``, ... as
    :meth:`variants` lists) with ``threads`` search threads and a ``hash`` MiB table.

    Positions are FEN (SFEN for shogi) and moves UCI (USI for shogi). Searches release
    the GIL, so other Python threads run meanwhile.
    """

    def __init__(self, variant: str = "chess", threads: int = 1, hash: int = 16):
        self._engine = _engine.Engine(variant, threads, hash)

    @property
    def variant(self) -> str:
        """The game or variant played."""
        return self._engine.variant

    def variants(self) -> list:
        """Every game and variant this engine can play."""
        return self._engine.variants()

    def search(
        self,
        fen: Optional[str] = None,
        moves: Iterable[str] = (),
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[float] = None,
    ) -> SearchResult:
        """Searches ``fen`` (the start position when None) after ``moves``, to ``depth``
        plies, ``nodes`` nodes or ``movetime`` seconds, whichever comes first (none
        given: depth 8). Raises ValueError for a bad position, move or limit."""
        self._engine.set_position(fen, list(moves))
        return self._engine.search(depth=depth, nodes=nodes, movetime=movetime)

    def legal_moves(self, fen: Optional[str] = None, moves: Iterable[str] = ()) -> list:
        """The legal moves of ``fen`` after ``moves``."""
        self._engine.set_position(fen, list(moves))
        return self._engine.legal_moves()

    def result(self, fen: Optional[str] = None, moves: Iterable[str] = ()):
        """``(result, reason)`` when the rules end the game at ``fen`` after ``moves``
        (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``), else None. Repetitions count only
        through ``moves``."""
        self._engine.set_position(fen, list(moves))
        return self._engine.result()

    def fen(self, fen: Optional[str] = None, moves: Iterable[str] = ()) -> str:
        """The FEN reached from ``fen`` after ``moves``."""
        self._engine.set_position(fen, list(moves))
        return self._engine.fen()

    def set_option(self, name: str, value) -> None:
        """Sets an engine option (``Repr``, ``UCI_Chess960``, ...)."""
        self._engine.set_option(name, str(value))

    def new_game(self) -> None:
        """Empties the hash table."""
        self._engine.clear_hash()

    def __repr__(self) -> str:
        return f"Engine({self.variant!r})"
