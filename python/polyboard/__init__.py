"""polyboard from Python: fast chess and shogi boards, position codecs to numpy, the
engine, and Ray-distributed perft and training data.

Submodules:

- :mod:`polyboard.chess` -- ``Board`` with python-chess's names.
- :mod:`polyboard.shogi` -- ``Board`` with cshogi's names.
- :mod:`polyboard.codec` -- compact position encodings, in bulk to and from numpy.
- :mod:`polyboard.engine` -- the engine (``polyboard.Engine``).
- :mod:`polyboard.distributed` -- perft and self-play data generation on Ray.
- :mod:`polyboard.pyffish` -- a drop-in for pyffish's API (when built with it).

The native code is in :mod:`polyboard._native`; long calls release the GIL.
"""

from . import _native
from ._native import __version__

__all__ = ["Engine", "SearchResult", "perft", "__version__"]


def __getattr__(name):
    # The engine and perft load on first use, so `import polyboard` stays light.
    if name in ("Engine", "SearchResult"):
        from . import engine

        return getattr(engine, name)
    if name == "perft":
        from .perft import perft

        return perft
    raise AttributeError(f"module 'polyboard' has no attribute {name!r}")
