#!/usr/bin/env python3
"""Generate tests/data/movetext.txt: move notation / make-move oracle data.

Run from the repository root:  python3 scripts/data/gen_movetext.py
Oracle: python-chess 1.11.2 (pip install chess==1.11.2). Deterministic: the
random games use a fixed seed, so re-running produces a byte-identical file.

One record per line, TAB-separated, 6 columns:

    FEN  CHESS960  UCI  SAN  FEN_AFTER  SHREDDER_FEN_AFTER

  FEN                 position before the move (6-field FEN, as written in the
                      source or as printed by python-chess' board.fen())
  CHESS960            1 if the board is in Chess960 mode, else 0
  UCI                 board.uci(move): standard mode writes castling as the king's
                      two-square move (e1g1); Chess960 mode as king-takes-own-rook
                      (e1h1, g1h1, f1g1, ...)
  SAN                 board.san(move), with +/# suffixes, =Q promotions, O-O/O-O-O
  FEN_AFTER           board.fen() after board.push(move): en passant square only
                      if a legal en passant capture exists; castling written as
                      KQkq where unambiguous, X-FEN file letters otherwise
  SHREDDER_FEN_AFTER  board.fen(shredder=True) after the move (castling always as
                      rook file letters, e.g. HAha)

Lines starting with '#' are comments (only at the top of the file).

Content, in this order:
  1. every legal move of every position in tests/data/perft/plp-perftsuite.epd
     (standard chess)
  2. every legal move of every position in tests/data/perft/python-chess-tricky.perft;
     the X-FEN positions in it whose castling rights are only meaningful in
     Chess960 (python-chess standard mode reports BAD_CASTLING_RIGHTS) are
     recorded with CHESS960=1, the rest with 0
  3. every legal move of hand-crafted positions (HANDCRAFTED, HANDCRAFTED_960
     below, each together with its colour-mirrored twin)
  (sections 1-3 list each (FEN, CHESS960) position once; later duplicates are
  skipped)
  4. every move played in random games: N_STD_GAMES standard games and
     N_960_GAMES Chess960 games, uniform random legal moves, until the game is
     over (python-chess board.is_game_over(), i.e. without claims) or MAX_PLIES
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chess  # noqa: E402

from chessdata_common import (  # noqa: E402
    DATA_DIR,
    PERFT_DIR,
    PYTHON_CHESS_VERSION,
    check_version,
    flag,
    read_plp_epd,
    read_python_chess_perft,
    tricky_needs_chess960,
)

SEED = 2026
N_STD_GAMES = 120
N_960_GAMES = 120
MAX_PLIES = 200

# Hand-crafted standard-chess positions: (FEN, what it tests).
HANDCRAFTED = [
    ("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "knights b1/f1 both reach d2: file disambiguation Nbd2/Nfd2"),
    ("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "rooks a1/a5 both reach a3: rank disambiguation R1a3/R5a3"),
    ("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "queens a1/a3/c1 all reach b2: Qa1b2 needs the full square"),
    ("8/k7/8/7Q/8/8/8/3QK2Q w - - 0 1", "queens d1/h1/h5: Qh1d5, Qh1f3 need the full square; Q5h3, Qhg4, Qdf3 ..."),
    ("7k/8/2N1N3/8/8/8/2N1N3/4K3 w - - 0 1", "knights c2/e2/c6/e6 all reach d4: Nc2d4 etc. need the full square"),
    ("4r2k/8/8/8/8/8/2N1N3/4K3 w - - 0 1", "knight e2 pinned: Nc2-d4 written Nd4 (pinned knight does not disambiguate)"),
    ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "rooks a1/h1 with the king between them (no shared targets); castling both sides"),
    ("3r3k/4P1pp/8/8/8/8/8/K7 w - - 0 1", "promotion: exd8=Q#, exd8=R#, e8=Q+, e8=R+, underpromotions"),
    ("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "promotion with capture and check: bxa8=Q+, b8=Q+"),
    ("1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1", "two pawns capture-promote onto b8: axb8=Q vs cxb8=Q"),
    ("8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 2", "en passant exd6+ gives check by the capturing pawn"),
    ("4k3/8/8/3pP3/8/8/8/K3R3 w - d6 0 2", "en passant exd6+ gives discovered check along the e-file"),
    ("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "en passant bxc6 illegal: horizontal pin of both pawns (must not appear)"),
    ("8/8/8/KPp4r/8/8/8/7k w - - 0 2", "control: same position without an ep square"),
    ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "en passant exd3 captures the checking pawn (legal evasion)"),
    ("4k3/8/8/8/3pP3/8/8/3RK3 b - e3 0 1", "en passant dxe3 legal; black pawn on d4 in front of rook d1"),
    ("3rk3/8/8/8/3pP3/8/8/3K4 b - e3 0 1", "en passant dxe3+ discovers check by rook d8 (capturing pawn leaves the d-file)"),
    ("4k3/1b6/8/8/3pP3/8/8/7K b - e3 0 1", "en passant dxe3+ discovers check by bishop b7 through the captured pawn's square e4"),
    ("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", "en passant exd3 illegal: horizontal pin by queen h4"),
    ("8/8/8/8/1k1PpQ2/8/8/3K4 b - d3 0 1", "en passant exd3 illegal: queen f4 next to the pawns pins along rank 4"),
    ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "castling O-O+ (rook f1 checks f8)"),
    ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "castling O-O-O+ (rook d1 checks d8)"),
    ("5k2/4p1p1/3N3N/8/8/8/8/4K2R w K - 0 1", "castling O-O# (mate)"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling both sides available"),
    ("1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", "O-O-O legal although b1 is attacked"),
    ("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O illegal: f1 attacked"),
    ("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O illegal: c1 attacked"),
    ("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "in check along rank 1: no castling"),
    ("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "O-O-O blocked by knight b1"),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "black castling both sides"),
    ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "fool's mate available: Qh4#"),
    ("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "several mating queen moves (Qg7#, Qf8#, Qe8#, Qh7#)"),
    ("k7/8/1K6/8/8/8/8/7R w - - 0 1", "rook mates Rh8#"),
]

# Hand-crafted Chess960 positions (parsed with chess960=True).
HANDCRAFTED_960 = [
    ("6kr/pppppppp/8/8/8/8/PPPPPPPP/6KR w Hh - 0 1", "king already on g1, rook h1 -> f1 (O-O = g1h1)"),
    ("r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", "king g1 on target square; both castlings (O-O g1h1, O-O-O g1a1)"),
    ("r1k5/pppppppp/8/8/8/8/PPPPPPPP/R1K5 w Aa - 0 1", "king already on c1, rook a1 -> d1 (O-O-O = c1a1)"),
    ("1rk5/pppppppp/8/8/8/8/PPPPPPPP/1RK5 w Bb - 0 1", "king already on c1, rook b1 -> d1 (O-O-O = c1b1)"),
    ("4kr2/pppppppp/8/8/8/8/PPPPPPPP/4KR2 w Ff - 0 1", "rook already on f1, king e1 -> g1 (O-O = e1f1)"),
    ("rk3r2/pppppppp/8/8/8/8/PPPPPPPP/RK3R2 w FAfa - 0 1", "king b1: O-O king b1->g1 with rook staying on f1; O-O-O king b1->c1, rook a1->d1"),
    ("3rk3/pppppppp/8/8/8/8/PPPPPPPP/3RK3 w Dd - 0 1", "rook already on d1, king e1 -> c1 (O-O-O = e1d1)"),
    ("3r1k2/pppppppp/8/8/8/8/PPPPPPPP/3R1K2 w Dd - 0 1", "rook already on d1, king f1 -> c1 through e1/d1"),
    ("5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1", "king f1 and rook g1 swap (O-O = f1g1)"),
    ("2rk4/pppppppp/8/8/8/8/PPPPPPPP/2RK4 w Cc - 0 1", "king d1 and rook c1 swap (O-O-O = d1c1)"),
    ("rk6/pppppppp/8/8/8/8/PPPPPPPP/RK6 w Aa - 0 1", "king b1, rook a1: O-O-O king -> c1, rook -> d1"),
    ("1kr5/pppppppp/8/8/8/8/PPPPPPPP/1KR5 w Cc - 0 1", "king b1, rook c1 is the kingside rook: O-O king -> g1, rook -> f1"),
    ("4k3/8/8/8/8/8/8/5KRr w G - 0 1", "O-O illegal: after f1g1 the king on g1 is attacked by rook h1 (rook g1 shielded it)"),
    ("4k3/8/8/8/8/8/8/1rRK4 w C - 0 1", "O-O-O illegal: after d1c1 the king on c1 is attacked by rook b1"),
    ("4k3/8/8/8/8/8/8/qR2K2R w KQ - 0 1", "queen a1 behind rook b1: O-O-O would expose c1 -> illegal"),
    ("1r2k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", "inner rooks b1/g1 (X-FEN needs file letters), black has no rights"),
    ("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1", "start-like position, castling paths blocked"),
    ("4rkr1/pppppppp/8/8/8/8/PPPPPPPP/4RKR1 w GEge - 0 1", "king f1 between rooks e1/g1: O-O f1g1 (swap), O-O-O f1e1 -> king c1 rook d1"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "standard corners in Chess960 mode: UCI e1h1/e1a1"),
    ("4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "rook already on d1, nothing else on the board: O-O-O = e1d1, king -> c1"),
    ("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "king e1 -> g1 past own rook f1, no attackers"),
    ("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", "king g1 with rooks b1/h1: O-O-O needs b1..f1 path checks"),
    ("6rk/pppppppp/8/8/8/8/PPPPPPPP/6RK w Gg - 0 1", "king h1, rook g1: O-O-O king h1->c1, rook g1->d1"),
    ("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1", "king b1, rooks a1 and e1: two possible rook files"),
    ("rr2k3/pppppppp/8/8/8/8/PPPPPPPP/RR2K3 w Bb - 0 1", "inner queenside rook b1 castles (X-FEN needs 'B'); Ra1 moves keep it"),
    ("r3k1rr/pppppppp/8/8/8/8/PPPPPPPP/R3K1RR w GQgq - 0 1", "inner kingside rook g1 castles (X-FEN 'G'), outer a1 queenside"),
    ("4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1", "inner rooks b1/g1 castle, outer a1/h1 do not: X-FEN 'GB' after quiet moves"),
]


def row(board, fen_before, move):
    uci = board.uci(move)
    san = board.san(move)
    board.push(move)
    after = board.fen()
    after_shredder = board.fen(shredder=True)
    board.pop()
    return "\t".join([fen_before, flag(board.chess960), uci, san, after, after_shredder])


def checked_board(fen, chess960, what):
    board = chess.Board(fen, chess960=chess960)
    if not board.is_valid():
        sys.exit(f"hand-crafted position invalid ({board.status()!r}): {fen} -- {what}")
    return board


def with_mirror(fen, chess960, what):
    board = checked_board(fen, chess960, what)
    yield fen, board
    m = board.mirror()
    mfen = m.fen()
    yield mfen, checked_board(mfen, chess960, what + " (mirrored)")


def main():
    check_version()
    out = []
    counts = {}
    seen = set()  # (fen, chess960): positions whose moves were already listed

    def legal_move_rows(board, fen_before):
        if (fen_before, board.chess960) in seen:
            return []
        seen.add((fen_before, board.chess960))
        return [row(board, fen_before, move) for move in board.legal_moves]

    # 1. plp perft suite (standard chess).
    n = 0
    for fen in read_plp_epd():
        board = chess.Board(fen)
        rows = legal_move_rows(board, fen)
        out += rows
        n += len(rows)
    counts["plp-perftsuite"] = n

    # 2. python-chess tricky suite.
    n = 0
    for _ident, fen in read_python_chess_perft(os.path.join(PERFT_DIR, "python-chess-tricky.perft")):
        c960 = tricky_needs_chess960(fen)
        board = chess.Board(fen, chess960=c960)
        rows = legal_move_rows(board, fen)
        out += rows
        n += len(rows)
    counts["tricky"] = n

    # 3. hand-crafted positions (+ mirrored twins).
    n = 0
    for fen, what in HANDCRAFTED:
        for f, board in with_mirror(fen, False, what):
            rows = legal_move_rows(board, f)
            out += rows
            n += len(rows)
    counts["handcrafted"] = n
    n = 0
    for fen, what in HANDCRAFTED_960:
        for f, board in with_mirror(fen, True, what):
            rows = legal_move_rows(board, f)
            out += rows
            n += len(rows)
    counts["handcrafted960"] = n

    # 4. random games.
    rng = random.Random(SEED)
    for label, games, c960 in (("random-std", N_STD_GAMES, False), ("random-960", N_960_GAMES, True)):
        n = 0
        for _ in range(games):
            if c960:
                board = chess.Board.from_chess960_pos(rng.randint(0, 959))
            else:
                board = chess.Board()
            plies = 0
            while plies < MAX_PLIES and not board.is_game_over():
                moves = list(board.legal_moves)
                move = moves[rng.randrange(len(moves))]
                out.append(row(board, board.fen(), move))
                board.push(move)
                plies += 1
                n += 1
        counts[label] = n

    # The header names this script by its path before scripts/ had folders (now scripts/data/): kept, so that
    # the output stays byte-identical to the committed file.
    header = [
        "# movetext.txt -- generated by scripts/gen_movetext.py; do not edit by hand.",
        f"# Oracle: python-chess {PYTHON_CHESS_VERSION}. Random games: seed {SEED}, "
        f"{N_STD_GAMES} standard + {N_960_GAMES} Chess960 games, max {MAX_PLIES} plies.",
        "# Columns (TAB-separated): FEN  CHESS960(0|1)  UCI  SAN  FEN_AFTER  SHREDDER_FEN_AFTER",
        "#   UCI = board.uci(move): castling e1g1 in standard mode, king-takes-rook (e1h1) in Chess960 mode.",
        "#   SAN = board.san(move). FEN_AFTER = board.fen() after the move (ep square only if a legal",
        "#   ep capture exists; X-FEN castling). SHREDDER_FEN_AFTER = board.fen(shredder=True).",
        "# Sections (rows): " + ", ".join(f"{k}={v}" for k, v in counts.items()),
    ]
    path = os.path.join(DATA_DIR, "movetext.txt")
    with open(path, "w", newline="\n") as f:
        f.write("\n".join(header + out) + "\n")
    print(f"wrote {path}: {len(out)} records; {counts}")


if __name__ == "__main__":
    main()
