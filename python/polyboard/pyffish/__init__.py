"""A drop-in for pyffish's API (Fairy-Stockfish's Python binding, version 0.0.90) over
polyboard's variant engine: ``import polyboard.pyffish as sf`` in place of ``import
pyffish as sf``.

The same names, positional arguments and defaults (the keyword names are those of
pyffish's documentation: ``chess960``, ``sfen``, ``showPromoted``, ``countStarted``,
``notation``, ``count_started``), return types and values, for every variant
polyboard knows (:func:`variants`). Results are from the side to move's view:
``VALUE_MATE`` (won), ``-VALUE_MATE`` (lost), ``VALUE_DRAW``.

Bad input raises what pyffish raises where pyffish raises: ``TypeError`` for an
argument of the wrong type (a tuple for the move list), ``SystemError`` for an illegal
move in a move list (:class:`InvalidMove` is also a ``ValueError``, which pyffish's
``get_san_moves`` raises), ``ValueError`` for an unknown option. Where pyffish goes on
with an undefined answer or crashes (an unknown variant, a FEN that does not read, an
illegal move given to ``get_san`` or ``is_capture``) this module raises ``ValueError``
naming the field and the reason. ``is_immediate_game_end`` and
``is_optional_game_end`` give 0 as the result when the flag is false (pyffish's is
whatever its stack held).

    >>> import polyboard.pyffish as sf
    >>> sf.get_san("chess", sf.start_fen("chess"), "g1f3")
    'Nf3'
"""

import sys
from typing import List, Tuple

from .._native import pyffish as _sf

__all__ = [
    "version", "info", "variants", "set_option", "load_variant_config", "start_fen",
    "two_boards", "captures_to_hand", "legal_moves", "get_fen", "get_san", "get_san_moves",
    "gives_check", "is_capture", "piece_to_partner", "game_result", "is_immediate_game_end",
    "is_optional_game_end", "has_insufficient_material", "validate_fen", "get_fog_fen",
    "error", "InvalidMove",
    "VALUE_MATE", "VALUE_DRAW", "FEN_OK", "FEN_INVALID_PROMOTED_PIECE",
    "NOTATION_DEFAULT", "NOTATION_SAN", "NOTATION_LAN", "NOTATION_SHOGI_HOSKING",
    "NOTATION_SHOGI_HODGES", "NOTATION_SHOGI_HODGES_NUMBER", "NOTATION_JANGGI",
    "NOTATION_XIANGQI_WXF", "NOTATION_THAI_SAN", "NOTATION_THAI_LAN",
]

VALUE_MATE = 32000
VALUE_DRAW = 0
FEN_OK = 1
FEN_INVALID_PROMOTED_PIECE = -12

NOTATION_DEFAULT = 0
NOTATION_SAN = 1
NOTATION_LAN = 2
NOTATION_SHOGI_HOSKING = 3
NOTATION_SHOGI_HODGES = 4
NOTATION_SHOGI_HODGES_NUMBER = 5
NOTATION_JANGGI = 6
NOTATION_XIANGQI_WXF = 7
NOTATION_THAI_SAN = 8
NOTATION_THAI_LAN = 9


class error(Exception):
    """pyffish's ``pyffish.error`` (pyffish 0.0.90 defines it and never raises it)."""


class InvalidMove(SystemError, ValueError):
    """An illegal move in a move list: pyffish raises ``SystemError`` there (from
    ``get_san_moves``, ``ValueError``); this is both."""


def _str(value, position: int) -> str:
    if not isinstance(value, str):
        raise TypeError(f"argument {position} must be str, not {type(value).__name__}")
    return value


def _list(value, position: int) -> List[str]:
    if not isinstance(value, list):
        raise TypeError(f"argument {position} must be list, not {type(value).__name__}")
    for m in value:
        if not isinstance(m, str):
            raise TypeError(f"a move must be str, not {type(m).__name__}")
    return value


def _call(f, *args):
    try:
        return f(*args)
    except ValueError as e:
        text = str(e)
        kind, _, message = text.partition(": ")
        if kind == "move":
            raise InvalidMove(message) from None
        raise ValueError(message or text) from None


def version() -> Tuple[int, int, int]:
    """pyffish's version whose API this is: ``(0, 0, 90)``."""
    return tuple(_sf.version())


def info() -> str:
    """The engine's name and version."""
    return _sf.info()


def variants() -> List[str]:
    """Every variant name."""
    return _sf.variants()


def set_option(name, value) -> None:
    """Accepts Fairy-Stockfish's UCI option names (the answers do not depend on them);
    ``ValueError`` for any other."""
    _call(_sf.set_option, _str(name, 1), str(value))


def load_variant_config(config, strict=False) -> None:
    """Adds (or replaces) the variants of a ``variants.ini`` text, read as
    Fairy-Stockfish reads it: a line with an unknown key or a value that does not read
    is left out, and so is a section that cannot load (an unknown parent, a start
    position that does not read), each with a warning on stderr naming the line and the
    key; the rest loads. With ``strict`` (not in pyffish), the first problem raises
    ``ValueError`` and nothing of the text is added."""
    for warning in _call(_sf.load_variant_config, _str(config, 1), bool(strict)):
        print(f"warning: {warning}", file=sys.stderr)


def start_fen(variant) -> str:
    """The variant's start position."""
    return _call(_sf.start_fen, _str(variant, 1))


def two_boards(variant) -> bool:
    """Whether the variant is played on two boards (never, for polyboard's)."""
    return _call(_sf.two_boards, _str(variant, 1))


def captures_to_hand(variant) -> bool:
    """Whether captured pieces go to the capturer's hand."""
    return _call(_sf.captures_to_hand, _str(variant, 1))


def legal_moves(variant, fen, moves, chess960=False) -> List[str]:
    """The legal moves (UCI text) after ``moves`` from ``fen`` (``"startpos"`` allowed)."""
    return _call(_sf.legal_moves, _str(variant, 1), _str(fen, 2), _list(moves, 3), bool(chess960))


def get_fen(variant, fen, moves, chess960=False, sfen=False, showPromoted=False, countStarted=0) -> str:
    """The FEN (SFEN with ``sfen``) after ``moves``."""
    return _call(_sf.get_fen, _str(variant, 1), _str(fen, 2), _list(moves, 3), bool(chess960), bool(sfen),
                 bool(showPromoted), int(countStarted))


def get_san(variant, fen, move, chess960=False, notation=NOTATION_DEFAULT) -> str:
    """``move`` (UCI text) in ``notation`` (the variant's default for NOTATION_DEFAULT)."""
    return _call(_sf.get_san, _str(variant, 1), _str(fen, 2), _str(move, 3), bool(chess960), int(notation))


def get_san_moves(variant, fen, moves, chess960=False, notation=NOTATION_DEFAULT) -> List[str]:
    """Each move of ``moves`` in ``notation``, played in turn."""
    return _call(_sf.get_san_moves, _str(variant, 1), _str(fen, 2), _list(moves, 3), bool(chess960), int(notation))


def gives_check(variant, fen, moves, chess960=False) -> bool:
    """Whether the side to move is in check after ``moves``."""
    return _call(_sf.gives_check, _str(variant, 1), _str(fen, 2), _list(moves, 3), bool(chess960))


def is_capture(variant, fen, moves, move, chess960=False) -> bool:
    """Whether ``move`` captures, after ``moves``."""
    return _call(_sf.is_capture, _str(variant, 1), _str(fen, 2), _list(moves, 3), _str(move, 4), bool(chess960))


def piece_to_partner(variant, fen, moves, chess960=False) -> str:
    """The piece the last of ``moves`` captured, as a bughouse partner would receive it (a
    promoted piece as what it was promoted from); ``''`` when it captured nothing."""
    return _call(_sf.piece_to_partner, _str(variant, 1), _str(fen, 2), _list(moves, 3), bool(chess960))


def game_result(variant, fen, moves, chess960=False) -> int:
    """The result for the side to move of a finished game (a variant's end, else the
    checkmate or stalemate value)."""
    return _call(_sf.game_result, _str(variant, 1), _str(fen, 2), _list(moves, 3), bool(chess960))


def is_immediate_game_end(variant, fen, moves, chess960=False) -> Tuple[bool, int]:
    """Whether a variant rule has ended the game, and the result."""
    return tuple(_call(_sf.is_immediate_game_end, _str(variant, 1), _str(fen, 2), _list(moves, 3), bool(chess960)))


def is_optional_game_end(variant, fen, moves, chess960=False, count_started=0) -> Tuple[bool, int]:
    """Whether a player may claim the game's end (n-move rule, repetition), and the
    result."""
    return tuple(_call(_sf.is_optional_game_end, _str(variant, 1), _str(fen, 2), _list(moves, 3), bool(chess960),
                       int(count_started)))


def has_insufficient_material(variant, fen, moves, chess960=False) -> Tuple[bool, bool]:
    """For White and Black, whether that side can no longer win."""
    return tuple(_call(_sf.has_insufficient_material, _str(variant, 1), _str(fen, 2), _list(moves, 3),
                       bool(chess960)))


def validate_fen(fen, variant, chess960=False) -> int:
    """``FEN_OK`` (1) or pyffish's negative code of the FEN's first fault."""
    return _call(_sf.validate_fen, _str(fen, 1), _str(variant, 2), bool(chess960))


def get_fog_fen(fen, variant, chess960=False) -> str:
    """The FEN with ``*`` on the squares the side to move does not see."""
    return _call(_sf.get_fog_fen, _str(fen, 1), _str(variant, 2), bool(chess960))
