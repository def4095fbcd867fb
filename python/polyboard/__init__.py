"""polyboard from Python: fast chess and shogi boards, position codecs to numpy, the
engine, and Ray-distributed perft and training data.

Submodules:

- :mod:`polyboard.chess` -- ``Board`` with python-chess's names.
- :mod:`polyboard.shogi` -- ``Board`` with cshogi's names.
- :mod:`polyboard.codec` -- compact position encodings, in bulk to and from numpy.
- :mod:`polyboard.engine` -- the engine (``polyboard.Engine``).
- :mod:`polyboard.distributed` -- perft and self-play data generation on Ray.
- :mod:`polyboard.pyffish` -- a drop-in for pyffish's API (``import polyboard.pyffish as sf``).

The native code is in :mod:`polyboard._native`; long calls release the GIL.
"""

from typing import Iterable, List, Optional, Tuple

from . import _native
from ._native import __version__
from ._native import perft as _perft
from .engine import Engine, SearchResult

__all__ = ["Engine", "SearchResult", "perft", "split", "__version__"]


def perft(
    fen: Optional[str] = None,
    depth: int = 1,
    variant: str = "chess",
    repr: Optional[str] = None,
    moves: Iterable[str] = (),
) -> int:
    """Leaves ``depth`` plies below ``fen`` (the variant's start position when None)
    after ``moves``. ``chess``/``chess960`` count on polyboard-chess's representations
    (``repr``), ``shogi`` (SFEN, USI moves) on polyboard-shogi's, other variants on the
    engine's board. Releases the GIL."""
    return _perft.perft(fen, depth, variant, repr, list(moves))


def split(fen: Optional[str] = None, ply: int = 1, variant: str = "chess", moves: Iterable[str] = ()) -> List[Tuple[str, int]]:
    """Every position ``ply`` plies below, with the number of move paths reaching it
    (transpositions merged): perft at depth ``ply + d`` is the sum of
    ``count * perft(position, d)``."""
    return _perft.split(fen, ply, variant, list(moves))
