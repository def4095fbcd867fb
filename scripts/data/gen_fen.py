#!/usr/bin/env python3
"""Generate FEN parsing / normalization oracle data:

  tests/data/fen.txt          valid inputs and python-chess' normalized output
  tests/data/fen-lenient.txt  non-canonical inputs python-chess accepts anyway
  tests/data/fen-invalid.txt  inputs python-chess rejects

Run from the repository root:  python3 scripts/data/gen_fen.py
Oracle: python-chess 1.11.2 (pip install chess==1.11.2). No randomness.

fen.txt, TAB-separated, 5 columns:

    INPUT_FEN  CHESS960  PYTHON_FEN  SHREDDER_FEN  XFEN_EP_FEN

  INPUT_FEN     a 6-field FEN (EPD suite positions get ' 0 1' appended)
  CHESS960      1 = parsed with chess.Board(fen, chess960=True), else 0
  PYTHON_FEN    board.fen(): en passant square only if a LEGAL ep capture
                exists; castling as KQkq, with X-FEN file letters only where
                KQkq would be ambiguous (inner rooks)
  SHREDDER_FEN  board.fen(shredder=True): castling as rook files (HAha)
  XFEN_EP_FEN   board.fen(en_passant="xfen"): like PYTHON_FEN but keeps the ep
                square whenever a PSEUDO-legal ep capture exists (e.g. by a
                pinned pawn)
  Every input satisfies board.is_valid() (status VALID) in its mode.

fen-lenient.txt: same 5 columns plus a 6th, CATEGORY. Inputs that are not
canonical 6-field FENs but that python-chess 1.11.2 accepts and normalizes
(missing clock fields, fullmove 0, '+1', leading zeros, extra whitespace).
A stricter parser may reject these; they are kept apart so tests can choose.

fen-invalid.txt, TAB-separated, 3 columns:

    FEN  CATEGORY  PYTHON_CHESS_REASON

  Each FEN is rejected by python-chess in BOTH standard and Chess960 mode,
  either by chess.Board(fen) raising ValueError (REASON = 'error: <message>')
  or by board.status() != VALID (REASON = 'status: <FLAG|FLAG...>', as in
  standard mode).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chess  # noqa: E402

from chessdata_common import (  # noqa: E402
    DATA_DIR,
    PERFT_DIR,
    PYTHON_CHESS_VERSION,
    check_version,
    read_ethereal_epd,
    read_plp_epd,
    read_python_chess_perft,
    status_names,
    tricky_needs_chess960,
)

START = chess.STARTING_FEN

# (FEN, chess960, note). Notes are documentation only.
HANDCRAFTED = [
    # --- en passant normalization ---
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", False, "ep square after 1.e4, no black pawn can capture: dropped"),
    ("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", False, "legal ep exd6: kept"),
    ("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2", False, "two pawns can capture ep: kept"),
    ("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", False, "ep capture only pseudo-legal (horizontal pin): dropped by fen(), kept by xfen"),
    ("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", False, "black ep pseudo-legal only (horizontal pin by queen): dropped"),
    ("7b/8/8/3pP3/8/8/8/K6k w - d6 0 2", False, "pawn pinned on a diagonal, ep leaves the pin line: dropped"),
    ("1b6/8/8/3pP3/8/8/7K/k7 w - d6 0 2", False, "pawn pinned on a diagonal, ep stays on the pin line: kept"),
    ("2b1k3/8/8/3pP3/8/7K/8/8 w - d6 0 2", False, "double push discovered a bishop check; ep does not resolve it: dropped"),
    ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", False, "ep captures the checking pawn: kept"),
    ("rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2", False, "black legal ep exd3: kept"),
    ("rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq a3 0 1", False, "a-file double push, no capturer: dropped"),
    ("rnbqkbnr/ppppppp1/8/6Pp/8/8/PPPPPP1P/RNBQKBNR w KQkq h6 0 3", False, "h-file ep gxh6: kept"),
    ("4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1", False, "edge-file ep bxa3: kept"),
    ("4k3/8/8/8/pP6/8/8/4K3 b - b3 0 1", False, "black pawn a4 captures b3 en passant: kept"),
    ("4k3/8/8/8/1P6/8/8/4K3 b - b3 0 1", False, "ep square valid but no black pawn at all: dropped"),
    # --- castling notation, standard mode ---
    (START, False, "start position"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", False, "Shredder castling accepted in standard mode, printed KQkq"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1", False, "Shredder letters in another order"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qk - 0 1", False, "partial rights"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1", False, "partial rights"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", False, "no rights"),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 17 42", False, "clocks preserved"),
    ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", False, "single rook"),
    # --- castling notation, Chess960 mode ---
    (START, True, "standard array in Chess960 mode"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", True, "Shredder input, standard array"),
    ("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1", True, "Shredder input, 960 array: printed KQkq"),
    ("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1", True, "X-FEN input, 960 array"),
    ("rr2k3/pppppppp/8/8/8/8/PPPPPPPP/RR2K3 w Bb - 0 1", True, "inner queenside rook b1 castles: needs file letter B"),
    ("rr2k3/pppppppp/8/8/8/8/PPPPPPPP/RR2K3 w Qq - 0 1", True, "X-FEN Q = outermost queenside rook (a1)"),
    ("rr2k3/pppppppp/8/8/8/8/PPPPPPPP/RR2K3 w Aa - 0 1", True, "Shredder A (outer rook): printed Q"),
    ("4k1rr/pppppppp/8/8/8/8/PPPPPPPP/4K1RR w Gg - 0 1", True, "inner kingside rook g1: needs file letter G"),
    ("4k1rr/pppppppp/8/8/8/8/PPPPPPPP/4K1RR w Kk - 0 1", True, "X-FEN K = outermost kingside rook (h1)"),
    ("r3k1rr/pppppppp/8/8/8/8/PPPPPPPP/R3K1RR w GQgq - 0 1", True, "inner kingside + outer queenside"),
    ("r3k1rr/pppppppp/8/8/8/8/PPPPPPPP/R3K1RR w GAga - 0 1", True, "same in Shredder letters"),
    ("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1", True, "single inner rooks: KQkq unambiguous"),
    ("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", True, "same in Shredder letters"),
    ("rk4rr/pppppppp/8/8/8/8/PPPPPPPP/RK4RR w GAga - 0 1", True, "king b1, inner kingside rook g1"),
    ("rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w CAca - 0 1", True, "king b1 between rooks a1, c1"),
    ("6kr/pppppppp/8/8/8/8/PPPPPPPP/6KR w Hh - 0 1", True, "king g1, rook h1"),
    ("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w Bb - 0 1", True, "queenside rook b1 only"),
    ("r5rk/pppppppp/8/8/8/8/PPPPPPPP/R5RK w Gg - 0 1", True, "king h1: both rooks on the queenside, inner g1 castles"),
    ("r5rk/pppppppp/8/8/8/8/PPPPPPPP/R5RK w Qq - 0 1", True, "king h1: Q = a1"),
    ("rk3r2/pppppppp/8/8/8/8/PPPPPPPP/RK3R2 w Ff - 0 1", True, "kingside rook f1 only"),
    ("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", True, "king f1, rook g1"),
    ("4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1", True, "king f1 with corner rooks: invalid in standard mode, fine in 960"),
    ("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", True, "tricky xfen-00"),
    ("2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", True, "tricky xfen-03"),
    ("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", True, "tricky xfen-04"),
]

# (FEN, chess960, category) -- accepted by python-chess although not canonical.
LENIENT = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", False, "4-fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5", False, "5-fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", False, "3-fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", False, "2-fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", False, "1-field"),
    ("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6", False, "4-fields"),
    ("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge -", True, "4-fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", False, "fullmove-0"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 00 01", False, "leading-zeros"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +1 +1", False, "plus-sign"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1", False, "extra-whitespace"),
    ("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1  ", False, "extra-whitespace"),
]

# (FEN, category) -- rejected by python-chess in both modes.
INVALID = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "field-count"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1", "field-count"),
    ("", "field-count"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad-piece"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNx w KQkq - 0 1", "bad-piece"),
    ("rnbqkbnr/pppppppp/8/8/3?4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad-piece"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank-9-squares"),
    ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank-9-squares"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1 w KQkq - 0 1", "rank-9-squares"),
    ("rnbqkbnr/pppppppp/8/8/p7p/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank-9-squares"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank-7-squares"),
    ("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank-7-squares"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank-7-squares"),
    ("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7-ranks"),
    ("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9-ranks"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", "9-ranks"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "no-white-king"),
    ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "no-black-king"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "empty-board"),
    ("4k3/8/8/8/3k4/8/8/4K3 w - - 0 1", "two-black-kings"),
    ("4k3/8/8/8/3K4/8/8/4K3 w - - 0 1", "two-white-kings"),
    ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn-rank-1"),
    ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn-rank-1"),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn-rank-8"),
    ("p3k3/8/8/8/8/8/8/4K3 b - - 0 1", "pawn-rank-8"),
    ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "opposite-check"),
    ("rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3", "opposite-check"),
    ("4k3/8/8/8/8/8/4q3/4K3 b - - 0 1", "opposite-check"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "ep-wrong-rank"),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "ep-wrong-rank"),
    ("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 2", "ep-wrong-rank"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "ep-no-pawn"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", "ep-no-pawn"),
    ("4k3/8/8/3nP3/8/8/8/4K3 w - d6 0 2", "ep-no-pawn"),
    ("4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 2", "ep-no-pawn"),
    ("rnbqkbnr/ppppppp1/8/4pP2/8/8/PPPPP1PP/RNBQKBNR w KQkq e6 0 3", "ep-origin-occupied"),
    ("4k3/8/3p4/3pP3/8/8/8/4K3 w - d6 0 2", "ep-square-occupied"),
    ("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", "castling-no-king"),
    ("r6r/4k3/8/8/8/8/8/4K3 w kq - 0 1", "castling-no-king"),
    ("rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling-no-king"),
    ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "castling-no-rook"),
    ("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "castling-no-rook"),
    ("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "castling-no-rook"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling-no-rook"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", "castling-syntax"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqq - 0 1", "castling-syntax"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "ep-syntax"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "ep-syntax"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "bad-side"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "bad-side"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", "bad-side"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove-negative"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove-nonnumeric"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1.5 1", "halfmove-nonnumeric"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "fullmove-nonnumeric"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", "fullmove-negative"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "fullmove-nonnumeric"),
]


def out_row(fen, c960, board):
    return [
        fen,
        "1" if c960 else "0",
        board.fen(),
        board.fen(shredder=True),
        board.fen(en_passant="xfen"),
    ]


def valid_board(fen, c960, what):
    board = chess.Board(fen, chess960=c960)
    if not board.is_valid():
        sys.exit(f"expected a valid position ({status_names(board.status())}): {fen!r} {what}")
    return board


def reject_reason(fen, c960):
    """None if python-chess accepts `fen` as a valid position, else a reason."""
    try:
        board = chess.Board(fen, chess960=c960)
    except ValueError as e:
        return f"error: {e}"
    status = board.status()
    if status != chess.STATUS_VALID:
        return f"status: {status_names(status)}"
    return None


def perft_positions():
    """(fen, chess960) for every position in the copied perft suites."""
    for fen in read_plp_epd():
        yield fen, False
    for fen in read_ethereal_epd(os.path.join(PERFT_DIR, "ethereal-standard.epd")):
        yield fen, False
    for fen in read_ethereal_epd(os.path.join(PERFT_DIR, "ethereal-fischer.epd")):
        yield fen, True
    for _ident, fen in read_python_chess_perft(os.path.join(PERFT_DIR, "python-chess-chess960.perft")):
        yield fen, True
    for _ident, fen in read_python_chess_perft(os.path.join(PERFT_DIR, "python-chess-tricky.perft")):
        yield fen, tricky_needs_chess960(fen)


def main():
    check_version()

    # fen.txt
    rows, seen, skipped = [], set(), []
    for fen, c960, what in HANDCRAFTED:
        board = valid_board(fen, c960, what)
        if (fen, c960) not in seen:
            seen.add((fen, c960))
            rows.append(out_row(fen, c960, board))
    n_hand = len(rows)
    seen4 = {(" ".join(f.split()[:4]), c) for f, c in seen}
    for fen, c960 in perft_positions():
        # The suites overlap (plp / ethereal-standard; ethereal-fischer /
        # python-chess-chess960 differ only in clocks): keep the first
        # occurrence of each position.
        key4 = (" ".join(fen.split()[:4]), c960)
        if key4 in seen4:
            continue
        seen4.add(key4)
        board = chess.Board(fen, chess960=c960)
        if not board.is_valid():
            skipped.append(f"{fen} ({status_names(board.status())})")
            continue
        rows.append(out_row(fen, c960, board))
    # The three headers name this script by its path before scripts/ had folders (now scripts/data/): kept,
    # so that the output stays byte-identical to the committed files.
    header = [
        "# fen.txt -- generated by scripts/gen_fen.py; do not edit by hand.",
        f"# Oracle: python-chess {PYTHON_CHESS_VERSION}. {n_hand} hand-crafted inputs, then the perft-suite positions.",
        "# Columns (TAB-separated): INPUT_FEN  CHESS960(0|1)  PYTHON_FEN  SHREDDER_FEN  XFEN_EP_FEN",
        "#   PYTHON_FEN = board.fen() (ep only if a legal ep capture exists; KQkq, file letters when ambiguous)",
        "#   SHREDDER_FEN = board.fen(shredder=True); XFEN_EP_FEN = board.fen(en_passant='xfen') (ep if pseudo-legal)",
        f"# Perft-suite positions skipped because python-chess reports them invalid: {len(skipped)}",
    ] + [f"#   {s}" for s in skipped]
    write("fen.txt", header, ["\t".join(r) for r in rows])

    # fen-lenient.txt
    lrows = []
    for fen, c960, cat in LENIENT:
        board = valid_board(fen, c960, cat)
        lrows.append("\t".join(out_row(fen, c960, board) + [cat]))
    lheader = [
        "# fen-lenient.txt -- generated by scripts/gen_fen.py; do not edit by hand.",
        f"# Non-canonical FENs that python-chess {PYTHON_CHESS_VERSION} nevertheless accepts and normalizes.",
        "# Columns (TAB-separated): INPUT_FEN  CHESS960(0|1)  PYTHON_FEN  SHREDDER_FEN  XFEN_EP_FEN  CATEGORY",
    ]
    write("fen-lenient.txt", lheader, lrows)

    # fen-invalid.txt
    irows = []
    for fen, cat in INVALID:
        if "\t" in fen or "\n" in fen:
            sys.exit(f"invalid FEN may not contain TAB/newline: {fen!r}")
        reason = reject_reason(fen, False)
        reason960 = reject_reason(fen, True)
        if reason is None or reason960 is None:
            sys.exit(f"python-chess accepts {fen!r} (std: {reason}, 960: {reason960}); category {cat}")
        irows.append("\t".join([fen, cat, reason]))
    iheader = [
        "# fen-invalid.txt -- generated by scripts/gen_fen.py; do not edit by hand.",
        f"# FENs rejected by python-chess {PYTHON_CHESS_VERSION} in both standard and Chess960 mode.",
        "# Columns (TAB-separated): FEN  CATEGORY  PYTHON_CHESS_REASON",
        "#   reason 'error: ...' = chess.Board(fen) raised ValueError; 'status: ...' = board.status() flags",
        "#   (standard mode). The FEN column of the 'field-count' row with an empty FEN is the empty string.",
    ]
    write("fen-invalid.txt", iheader, irows)


def write(name, header, rows):
    path = os.path.join(DATA_DIR, name)
    with open(path, "w", newline="\n") as f:
        f.write("\n".join(header + rows) + "\n")
    print(f"wrote {path}: {len(rows)} records")


if __name__ == "__main__":
    main()
