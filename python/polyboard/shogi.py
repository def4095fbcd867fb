"""Shogi boards with cshogi's names, on polyboard-shogi.

``Board.legal_moves`` is a list of USI strings (``"7g7f"``, ``"8h2b+"``, ``"P*5e"``),
where cshogi gives integer moves (``cshogi.move_to_usi`` turns one into the same
string). ``turn`` is 0 for black (sente) and 1 for white (gote), as cshogi's
``BLACK`` and ``WHITE``.
"""

from __future__ import annotations

from ._native import shogi as _shogi

#: The representations ``Board.perft`` can count on; the first is the default.
REPRS = list(_shogi.REPRS)
#: The start position.
STARTING_SFEN = _shogi.STARTING_SFEN
BLACK = 0
WHITE = 1

__all__ = ["Board", "REPRS", "STARTING_SFEN", "BLACK", "WHITE"]


class Board(_shogi.Board):
    """A shogi game from ``sfen`` (the start position when None).

    Keeps the moves played, so that ``pop`` takes them back and sennichite is seen.
    Bad input raises ValueError.
    """

    def push(self, move: str) -> None:
        """Plays the USI move ``move`` (as :meth:`push_usi`)."""
        self.push_usi(move)

    def copy(self) -> "Board":
        """A copy with the same moves played."""
        new = type(self).__new__(type(self))
        new._assign(self)
        return new

    def __copy__(self) -> "Board":
        return self.copy()

    def __deepcopy__(self, memo) -> "Board":
        return self.copy()

    @classmethod
    def from_cshogi(cls, board) -> "Board":
        """A Board with the position of a ``cshogi.Board`` (its SFEN; cshogi is not a
        dependency of polyboard)."""
        return cls(board.sfen())

    def to_cshogi(self):
        """A ``cshogi.Board`` with the same start and moves (cshogi is imported here)."""
        import cshogi

        board = cshogi.Board(self.start_sfen())
        for move in self.history:
            board.push_usi(move)
        return board
