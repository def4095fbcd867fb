"""Chess boards with python-chess's names, on polyboard-chess.

``Board.legal_moves`` is a list of UCI strings (``"e2e4"``, ``"e7e8q"``), not
python-chess ``Move`` objects: strings are what polyboard's speed is for, and
``chess.Move.from_uci(m)`` turns one into a python-chess move when needed. ``push``
takes a UCI string or anything whose ``uci()`` gives one (a ``chess.Move``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ._native import chess as _chess

#: The representations ``Board.perft`` can count on; the first is the default.
REPRS = list(_chess.REPRS)
#: The start position.
STARTING_FEN = _chess.STARTING_FEN
WHITE = True
BLACK = False

__all__ = ["Board", "Outcome", "REPRS", "STARTING_FEN", "WHITE", "BLACK", "legal_moves_many"]


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as python-chess's ``chess.Outcome``.

    ``termination`` is the name of a ``chess.Termination`` member (``"CHECKMATE"``,
    ``"STALEMATE"``, ...); ``winner`` is True (white), False (black) or None (draw).
    """

    termination: str
    winner: Optional[bool]

    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"


class Board(_chess.Board):
    """A chess game from ``fen`` (the start position when None).

    Keeps the moves played, so that ``pop`` takes them back and repetitions are
    seen. ``chess960=True`` marks the game Chess960. Bad input raises ValueError.
    """

    def push(self, move) -> str:
        """Plays ``move``: a UCI string or an object with ``uci()`` (``chess.Move``)."""
        return self.push_uci(move if isinstance(move, str) else move.uci())

    def outcome(self, *, claim_draw: bool = True) -> Optional[Outcome]:
        """The game's end as an :class:`Outcome`, or None while it goes on.

        Fifty moves and threefold repetition end the game as soon as they hold (as
        python-chess's ``outcome(claim_draw=True)``); with ``claim_draw=False`` they
        do not.
        """
        status = self.status()
        if status is None:
            return None
        if not claim_draw and status[0] in ("FIFTY_MOVES", "THREEFOLD_REPETITION"):
            return None
        return Outcome(*status)

    def is_game_over(self, *, claim_draw: bool = True) -> bool:
        """True when :meth:`outcome` is not None."""
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = True) -> str:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, or ``"*"`` while the game goes on."""
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

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
    def from_chess(cls, board) -> "Board":
        """A Board from a python-chess ``chess.Board``, with its move stack replayed
        (so that ``pop`` and repetitions work as there)."""
        root = board.root()
        new = cls(root.fen(), chess960=board.chess960)
        for move in board.move_stack:
            new.push_uci(move.uci())
        return new

    def to_chess(self):
        """A python-chess ``chess.Board`` with the same start and moves (python-chess is
        imported here: it is not a dependency of polyboard)."""
        import chess

        start = self.start_fen()
        board = chess.Board(start, chess960=self.chess960)
        for move in self.move_stack:
            board.push_uci(move)
        return board


def legal_moves_many(fens) -> list:
    """The legal moves (UCI strings) of each FEN, in one call that releases the GIL."""
    return _chess.legal_moves_many(list(fens))
