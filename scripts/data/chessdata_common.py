"""Shared helpers for the python-chess test-data generators (gen_movetext.py,
gen_status.py, gen_fen.py).

Oracle: python-chess 1.11.2 (`pip install chess==1.11.2`). The generators refuse
to run with another version so that regenerated data stays byte-identical.

Nothing here is imported by the Rust code; the generated files under
tests/data/ are committed so the Rust tests never need Python.
"""

import os
import sys

import chess

PYTHON_CHESS_VERSION = "1.11.2"

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA_DIR = os.path.join(REPO_ROOT, "tests", "data")
PERFT_DIR = os.path.join(DATA_DIR, "perft")


def check_version():
    if chess.__version__ != PYTHON_CHESS_VERSION:
        sys.exit(
            f"python-chess {PYTHON_CHESS_VERSION} required, found {chess.__version__} "
            f"(pip install chess=={PYTHON_CHESS_VERSION})"
        )


def flag(b):
    return "1" if b else "0"


def complete_fen(epd_fen):
    """EPD positions carry 4 fields; append halfmove/fullmove clocks '0 1'."""
    fields = epd_fen.split()
    if len(fields) == 4:
        fields += ["0", "1"]
    return " ".join(fields)


def read_plp_epd(path=None):
    """plp-perftsuite.epd: `FEN;n1;n2;...`. Yields full 6-field FENs."""
    path = path or os.path.join(PERFT_DIR, "plp-perftsuite.epd")
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                yield complete_fen(line.split(";")[0].strip())


def read_ethereal_epd(path):
    """ethereal-*.epd: `FEN ;D1 n ;D2 n ...`. Yields full FENs (clocks kept)."""
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                yield complete_fen(line.split(";")[0].strip())


def read_python_chess_perft(path):
    """python-chess *.perft: blocks of `id X` / `epd FEN4` / `perft d n`.
    Yields (id, full FEN)."""
    ident = None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("id "):
                ident = line[3:].strip()
            elif line.startswith("epd "):
                yield ident, complete_fen(line[4:].strip())


def tricky_needs_chess960(fen):
    """The tricky suite mixes standard positions with X-FEN positions whose
    castling rights only make sense in Chess960 (king not on e1/e8, or rooks
    not in the corners). python-chess in standard mode flags those as
    BAD_CASTLING_RIGHTS (and silently drops the rights), so they are treated
    as Chess960 positions."""
    std = chess.Board(fen).status()
    c960 = chess.Board(fen, chess960=True).status()
    return bool(std & chess.STATUS_BAD_CASTLING_RIGHTS) and not (
        c960 & chess.STATUS_BAD_CASTLING_RIGHTS
    )


def status_names(status):
    """Names of the chess.Status flags set in `status`, joined with '|'."""
    if status == chess.STATUS_VALID:
        return "VALID"
    names = [s.name for s in chess.Status if s.value and (status & s.value)]
    return "|".join(names)
