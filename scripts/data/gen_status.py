#!/usr/bin/env python3
"""Generate tests/data/status.txt: game-state detection oracle data.

Run from the repository root:  python3 scripts/data/gen_status.py
Oracle: python-chess 1.11.2 (pip install chess==1.11.2). Deterministic (fixed
seed), so re-running produces a byte-identical file.

One record per line, TAB-separated, 4 columns:

    START_FEN  CHESS960  MOVES  EXPECTED

  START_FEN  6-field FEN of the starting position
  CHESS960   1 if the board is in Chess960 mode, else 0
  MOVES      space-separated UCI moves played from START_FEN (board.uci(move):
             e1g1 castling in standard mode, king-takes-rook in Chess960 mode),
             or '-' for none. Every move is legal.
  EXPECTED   space-separated key=value pairs, always in this order, computed on
             the final board (after all MOVES) by python-chess:

    checkmate=0|1        board.is_checkmate()
    stalemate=0|1        board.is_stalemate()
    insufficient=0|1     board.is_insufficient_material()  (both sides)
    insufficient_w=0|1   board.has_insufficient_material(chess.WHITE)
    insufficient_b=0|1   board.has_insufficient_material(chess.BLACK)
    check=0|1            board.is_check()
    halfmove=N           board.halfmove_clock
    fifty=0|1            board.is_fifty_moves(): halfmove >= 100 AND the side to
                         move has a legal move (so a mate/stalemate on the 100th
                         halfmove gives fifty=0)
    fifty_claim=0|1      board.can_claim_fifty_moves(): fifty, or halfmove >= 99
                         and some legal non-zeroing move reaches 100
    threefold=0|1        board.is_repetition(3): the current position has occurred
                         at least 3 times (counting START_FEN's position, the
                         current one included), NOT counting a repetition the
                         next move could make
    threefold_claim=0|1  board.can_claim_threefold_repetition(): threefold, or a
                         legal move leads to a position occurring the 3rd time
    fivefold=0|1         board.is_fivefold_repetition() (= is_repetition(5))
    seventyfive=0|1      board.is_seventyfive_moves(): halfmove >= 150 and a legal
                         move exists
    outcome=NAME|none    board.outcome().termination.name, without claims:
                         CHECKMATE, STALEMATE, INSUFFICIENT_MATERIAL,
                         SEVENTYFIVE_MOVES, FIVEFOLD_REPETITION (checked in that
                         order, first match wins)
    outcome_claim=NAME|none  board.outcome(claim_draw=True): as outcome, then
                         FIFTY_MOVES (fifty_claim), THREEFOLD_REPETITION
                         (threefold_claim)
    winner=white|black|none  winner of outcome_claim (none for draws / no outcome)

Position identity for repetitions (python-chess _transposition_key): piece
placement, side to move, castling rights (cleaned: only rights backed by a king
and rook on their squares), and the en passant square ONLY if a legal en passant
capture exists. Repetition search stops at the last irreversible move (zeroing
move, move that reduces castling rights, or move made while a legal ep capture
existed).

Cases (see CASES below): repetition sequences (recorded for every prefix),
fifty/seventy-five-move boundaries, insufficient material, stalemates, mates,
and random games (final positions, plus random prefixes of sparse endgames and
repetition-biased games).
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chess  # noqa: E402

from chessdata_common import DATA_DIR, PYTHON_CHESS_VERSION, check_version, flag  # noqa: E402

SEED = 2026
N_RANDOM_STD = 150
N_RANDOM_960 = 50
MAX_RANDOM_PLIES = 300
N_ENDGAME_GAMES = 60
ENDGAME_PREFIXES = 4
REVERSE_P = 0.7

START = chess.STARTING_FEN


def cycle(moves, n):
    return " ".join([moves] * n)


# Move sequences recorded for EVERY prefix: (start FEN, chess960, moves, note).
SEQUENCES = [
    (START, False, cycle("g1f3 g8f6 f3g1 f6g8", 4) + " g1f3",
     "knight shuffle from the start: threefold after 8 plies, fivefold after 16"),
    ("rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3", False,
     "d7d5 " + cycle("g1f3 g8f6 f3g1 f6g8", 3),
     "after d7d5 a legal exd6 ep capture exists: that position differs from the later ones"),
    ("rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1", False,
     "d7d5 " + cycle("g1f3 g8f6 f3g1 f6g8", 3),
     "control: after d7d5 no ep capture is possible, so it counts as the same position"),
    ("7k/2p5/8/KP5r/8/8/8/6N1 b - - 0 1", False,
     "c7c5 " + cycle("g1f3 h8g8 f3g1 g8h8", 3),
     "after c7c5 the ep capture bxc6 is only pseudo-legal (horizontal pin): no ep in the key"),
    ("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2", False,
     cycle("g1f3 b8c6 f3g1 c6b8", 3),
     "start FEN carries an ep square nobody can capture: counts as a repetition"),
    ("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", False,
     cycle("g1f3 b8c6 f3g1 c6b8", 3),
     "start FEN with a legal ep capture: the start position is never repeated"),
    ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", False,
     cycle("e1f1 e8f8 f1e1 f8e8", 3),
     "king moves lose castling rights: start position never repeats; threefold at ply 12"),
    ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", False,
     cycle("h1g1 h8g8 g1h1 g8h8", 3),
     "rook moves lose kingside rights only"),
    ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1", False,
     cycle("h1g1 h8g8 g1h1 g8h8", 2),
     "same shuffle without castling rights: threefold at ply 8"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", False, "-",
     "bare kings"),
    ("8/8/8/8/8/5k2/8/4K2R w K - 0 1", False,
     cycle("e1d1 f3e3 d1e1 e3f3", 3),
     "KR v K: white loses the castling right on the first king move"),
    ("6k1/8/8/8/8/8/8/R5K1 w - - 0 1", False,
     "g1g2 g8h8 g2g1 h8g8 a1a2 g8h8 a2a1 h8g8 g1g2 g8h8 g2g1 h8g8 g1g2 g8h8 g2g1 h8g8",
     "repetitions interleaved with a different cycle"),
    ("7k/8/6K1/8/8/8/8/R7 w - - 97 80", False, "a1a2 h8g8 a2a1 g8h8 a1a8",
     "quiet moves across halfmove 100, then mate"),
    (chess.Board.from_chess960_pos(518).fen(), True, cycle("g1f3 g8f6 f3g1 f6g8", 2),
     "Chess960 mode, standard array: threefold after 8 plies"),
    ("nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1", True,
     "f1g1 f8g8 " + cycle("h1g3 h8g6 g3h1 g6h8", 2),
     "Chess960: castle (king f1/rook g1 swap) then knight shuffle"),
]

# Single positions with their move list (may be '-').
SINGLE = [
    # fifty-move boundary
    ("7k/8/6K1/8/8/8/8/R7 w - - 99 80", False, "-", "halfmove 99, quiet move available -> claimable"),
    ("7k/8/6K1/8/8/8/8/R7 w - - 99 80", False, "a1a2", "halfmove 100 after a quiet move"),
    ("7k/8/6K1/8/8/8/8/R7 w - - 99 80", False, "a1a8", "checkmate on the 100th halfmove: mate wins"),
    ("7k/8/6K1/8/8/8/r7/R7 w - - 99 80", False, "a1a2", "capture at halfmove 99 resets the clock"),
    ("7k/8/6K1/8/8/8/P7/R7 w - - 99 80", False, "a2a3", "pawn move at halfmove 99 resets the clock"),
    ("7k/8/6K1/8/8/8/P7/R7 w - - 99 80", False, "-", "halfmove 99 with pawn and rook moves"),
    ("7k/8/5K2/8/8/8/8/6Q1 w - - 99 80", False, "g1g6", "stalemate on the 100th halfmove"),
    ("7k/8/5K2/8/8/8/8/6Q1 w - - 98 80", False, "-", "halfmove 98: not claimable"),
    ("7k/8/6K1/8/8/8/8/R7 b - - 100 80", False, "-", "halfmove 100 in the FEN"),
    ("7k/8/6K1/8/8/8/8/R7 w - - 149 120", False, "a1a2", "halfmove 150: seventy-five-move rule"),
    ("7k/8/6K1/8/8/8/8/R7 w - - 149 120", False, "a1a8", "checkmate on the 150th halfmove"),
    ("7k/8/6K1/8/8/8/8/R7 w - - 149 120", False, "-", "halfmove 149"),
    ("7k/8/6K1/8/8/8/8/R7 b - - 200 150", False, "-", "halfmove 200 in the FEN"),
    ("k7/8/8/8/8/8/8/KB6 w - - 120 100", False, "-", "insufficient material and halfmove 120"),
    # insufficient material
    ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", False, "-", "KvK"),
    ("8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", False, "-", "KNvK"),
    ("8/8/4k3/8/8/3K4/8/6n1 w - - 0 1", False, "-", "KvKN"),
    ("8/8/4k3/8/8/3K4/8/5B2 w - - 0 1", False, "-", "KBvK light-square bishop"),
    ("8/8/4k3/8/8/3K4/8/2B5 w - - 0 1", False, "-", "KBvK dark-square bishop"),
    ("8/8/4k3/8/8/3K4/8/2b5 b - - 0 1", False, "-", "KvKB"),
    ("5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1", False, "-", "KBvKB same colour (f8, c1 dark)"),
    ("2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1", False, "-", "KBvKB opposite colours (c8 light, c1 dark)"),
    ("8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1", False, "-", "KNNvK"),
    ("8/8/4k3/8/8/3K4/8/1n4n1 b - - 0 1", False, "-", "KvKNN"),
    ("6n1/8/4k3/8/8/3K4/8/1N6 w - - 0 1", False, "-", "KNvKN"),
    ("6n1/8/4k3/8/8/3K4/8/2B5 w - - 0 1", False, "-", "KBvKN"),
    ("6b1/8/4k3/8/8/3K4/8/1N6 w - - 0 1", False, "-", "KNvKB"),
    ("8/8/4k3/8/8/3K4/8/3Q4 w - - 0 1", False, "-", "KQvK"),
    ("8/8/4k3/8/8/3K4/8/3R4 w - - 0 1", False, "-", "KRvK"),
    ("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", False, "-", "KPvK"),
    ("8/8/4k3/8/8/3K4/8/2B2B2 w - - 0 1", False, "-", "KBBvK opposite-colour bishops"),
    ("8/8/4k3/8/8/3K4/3B4/2B5 w - - 0 1", False, "-", "KBBvK same-colour bishops (c1, d2 dark)"),
    ("1b6/b7/4k3/8/8/3K4/3B4/2B5 w - - 0 1", False, "-", "KBBvKBB all four bishops on dark squares"),
    ("b7/1b6/4k3/8/8/3K4/3B4/2B5 w - - 0 1", False, "-", "KBBvKBB black bishops light, white bishops dark"),
    ("b7/1b6/4k3/8/8/3K4/3B4/1B6 w - - 0 1", False, "-", "KBBvKBB mixed colours"),
    ("8/8/4k3/8/8/3K4/8/1NB5 w - - 0 1", False, "-", "KBNvK"),
    ("8/8/4k3/8/8/3K4/8/1N1q4 w - - 0 1", False, "-", "KNvKQ (knight side insufficient, queen side not)"),
    ("8/8/4k3/8/8/3K4/8/1N1r4 w - - 0 1", False, "-", "KNvKR (rook allows selfmate: knight side sufficient)"),
    ("8/8/4k3/4p3/8/3K4/8/2B5 w - - 0 1", False, "-", "KBvKP"),
    ("8/8/4k3/4p3/8/3K4/8/1N6 w - - 0 1", False, "-", "KNvKP"),
    ("8/8/4k3/8/8/3K4/8/2B2q2 w - - 0 1", False, "-", "KBvKQ"),
    ("8/8/4k3/8/8/3K4/8/1N4Nn w - - 0 1", False, "-", "KNNvKN"),
    ("8/8/4k3/8/8/3K4/8/1B5b w - - 0 1", False, "-", "KBvKB same colour (b1, h1 light)"),
    # stalemates
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", False, "-", "KQvK stalemate"),
    ("k7/8/1Q6/8/8/8/8/7K b - - 0 1", False, "-", "KQvK stalemate in the corner"),
    ("k7/P7/1K6/8/8/8/8/8 b - - 0 1", False, "-", "KPvK stalemate"),
    ("k7/2K5/1B6/8/8/8/8/8 b - - 0 1", False, "-", "KBvK stalemate: insufficient material takes precedence"),
    ("k7/2K5/8/1N6/8/8/8/8 b - - 0 1", False, "-", "KNvK stalemate? (b8/b7 covered)"),
    (START, False, "e2e3 a7a5 d1h5 a8a6 h5a5 h7h5 h2h4 a6h6 a5c7 f7f6 c7d7 e8f7 d7b7 d8d3 b7b8 d3h7 b8c8 f7g6 c8e6",
     "Sam Loyd's 10-move stalemate"),
    ("8/8/8/8/8/6k1/5q2/7K w - - 0 1", False, "-", "white stalemated"),
    ("k7/8/8/8/8/8/1r6/K1q5 w - - 0 1", False, "-", "white checkmated by queen c1 + rook b2"),
    # checkmates
    (START, False, "f2f3 e7e5 g2g4 d8h4", "fool's mate"),
    (START, False, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7", "scholar's mate"),
    (START, False, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6", "scholar's mate threatened (not over)"),
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", False, "a1a8", "back-rank mate"),
    ("6rk/6pp/8/6N1/8/8/8/7K w - - 0 1", False, "g5f7", "smothered mate"),
    ("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", False, "-", "mated position given as FEN"),
    ("8/8/8/8/8/5k2/8/5K1q w - - 0 1", False, "-", "queen h1 checks king f1 (x-ray along rank 1)"),
    ("7k/7P/6K1/8/8/8/8/8 b - - 0 1", False, "-", "KPvK stalemate on h-file"),
    ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", False, "e1g1", "castling: not over"),
    ("rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3", False, "d1h5", "mate with an (uncapturable) ep square in the FEN"),
]

# Sparse endgames for the random-prefix section.
ENDGAME_STARTS = [
    "8/8/4k3/8/8/3K4/8/3R4 w - - 0 1",
    "8/8/4k3/8/2r5/3K4/8/3Q4 w - - 0 1",
    "8/5k2/8/8/8/3K4/8/1NB5 w - - 0 1",
    "8/8/4k3/8/8/3K4/8/2B2b2 w - - 0 1",
    "8/8/4k3/4p3/8/3K4/4P3/8 w - - 0 1",
    "6k1/5p2/8/8/8/8/5P2/3R2K1 w - - 90 60",
]


def expected(board):
    out_plain = board.outcome()
    out_claim = board.outcome(claim_draw=True)
    winner = "none"
    if out_claim is not None and out_claim.winner is not None:
        winner = "white" if out_claim.winner == chess.WHITE else "black"
    pairs = [
        ("checkmate", flag(board.is_checkmate())),
        ("stalemate", flag(board.is_stalemate())),
        ("insufficient", flag(board.is_insufficient_material())),
        ("insufficient_w", flag(board.has_insufficient_material(chess.WHITE))),
        ("insufficient_b", flag(board.has_insufficient_material(chess.BLACK))),
        ("check", flag(board.is_check())),
        ("halfmove", str(board.halfmove_clock)),
        ("fifty", flag(board.is_fifty_moves())),
        ("fifty_claim", flag(board.can_claim_fifty_moves())),
        ("threefold", flag(board.is_repetition(3))),
        ("threefold_claim", flag(board.can_claim_threefold_repetition())),
        ("fivefold", flag(board.is_fivefold_repetition())),
        ("seventyfive", flag(board.is_seventyfive_moves())),
        ("outcome", out_plain.termination.name if out_plain else "none"),
        ("outcome_claim", out_claim.termination.name if out_claim else "none"),
        ("winner", winner),
    ]
    return " ".join(f"{k}={v}" for k, v in pairs)


def new_board(fen, chess960, note=""):
    board = chess.Board(fen, chess960=chess960)
    status = board.status()
    if status != chess.STATUS_VALID:
        sys.exit(f"invalid start position {fen!r} ({status!r}) {note}")
    return board


def record(fen, chess960, ucis, board):
    moves = " ".join(ucis) if ucis else "-"
    return "\t".join([fen, flag(chess960), moves, expected(board)])


def play(board, moves):
    """Play space-separated UCI moves (or '-'); returns the list of UCI strings
    as python-chess writes them for this board's mode."""
    out = []
    if moves == "-":
        return out
    for uci in moves.split():
        move = board.parse_uci(uci)  # raises on illegal moves
        out.append(board.uci(move))
        board.push(move)
    return out


def main():
    check_version()
    rows = []
    counts = {}

    n = 0
    for fen, c960, moves, note in SEQUENCES:
        board = new_board(fen, c960, note)
        rows.append(record(fen, c960, [], board))
        n += 1
        ucis = []
        for uci in ([] if moves == "-" else moves.split()):
            move = board.parse_uci(uci)
            ucis.append(board.uci(move))
            board.push(move)
            rows.append(record(fen, c960, ucis, board))
            n += 1
    counts["sequences"] = n

    n = 0
    for fen, c960, moves, note in SINGLE:
        board = new_board(fen, c960, note)
        ucis = play(board, moves)
        rows.append(record(fen, c960, ucis, board))
        n += 1
    counts["single"] = n

    rng = random.Random(SEED)

    # Random full games (final positions).
    n = 0
    for i in range(N_RANDOM_STD + N_RANDOM_960):
        c960 = i >= N_RANDOM_STD
        board = chess.Board.from_chess960_pos(rng.randint(0, 959)) if c960 else chess.Board()
        fen = board.fen()
        ucis = []
        while len(ucis) < MAX_RANDOM_PLIES and not board.is_game_over():
            moves = list(board.legal_moves)
            move = moves[rng.randrange(len(moves))]
            ucis.append(board.uci(move))
            board.push(move)
        rows.append(record(fen, c960, ucis, board))
        n += 1
    counts["random-games"] = n

    # Random sparse endgames (and, every third game, the standard start
    # position): final position plus random prefixes, for broad coverage of
    # repetition / fifty-move states. Odd-numbered games are "repetition
    # biased": with probability REVERSE_P the side to move takes back its own
    # previous move (moves the same piece back) when that is legal.
    n = 0
    for i in range(N_ENDGAME_GAMES):
        fen = START if i % 3 == 2 else ENDGAME_STARTS[i % len(ENDGAME_STARTS)]
        board = new_board(fen, False)
        played = []
        while len(played) < MAX_RANDOM_PLIES and not board.is_game_over():
            moves = list(board.legal_moves)
            move = moves[rng.randrange(len(moves))]
            if i % 2 == 1 and len(played) >= 2 and rng.random() < REVERSE_P:
                prev = played[-2]
                back = chess.Move(prev.to_square, prev.from_square)
                if back in moves:
                    move = back
            played.append(move)
            board.push(move)
        cuts = sorted(set(rng.randrange(len(played) + 1) for _ in range(ENDGAME_PREFIXES)) | {len(played)})
        for cut in cuts:
            b = new_board(fen, False)
            ucis = []
            for move in played[:cut]:
                ucis.append(b.uci(move))
                b.push(move)
            rows.append(record(fen, False, ucis, b))
            n += 1
    counts["endgame-prefixes"] = n

    # The header names this script by its path before scripts/ had folders (now scripts/data/): kept, so that
    # the output stays byte-identical to the committed file.
    header = [
        "# status.txt -- generated by scripts/gen_status.py; do not edit by hand.",
        f"# Oracle: python-chess {PYTHON_CHESS_VERSION}. Seed {SEED}.",
        "# Columns (TAB-separated): START_FEN  CHESS960(0|1)  MOVES(space-separated UCI, '-' = none)  EXPECTED",
        "# EXPECTED keys, in order: checkmate stalemate insufficient insufficient_w insufficient_b check halfmove",
        "#   fifty fifty_claim threefold threefold_claim fivefold seventyfive outcome outcome_claim winner",
        "#   (semantics in the docstring of scripts/gen_status.py; threefold = board.is_repetition(3))",
        "# Sections (rows): " + ", ".join(f"{k}={v}" for k, v in counts.items()),
    ]
    path = os.path.join(DATA_DIR, "status.txt")
    with open(path, "w", newline="\n") as f:
        f.write("\n".join(header + rows) + "\n")
    print(f"wrote {path}: {len(rows)} records; {counts}")


if __name__ == "__main__":
    main()
