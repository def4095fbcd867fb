"""The fixed opening lists of the match and tuning scripts: CHESS (FENs, for
scripts/match/match.py, repr_matches.py and scripts/tune/texel_data.py) and SHOGI (USI
move lines from the start, for scripts/match/shogi_match.py and
scripts/tune/shogi_texel_data.py). Each is played once with either colour. random_start
begins the self-play games of scripts/tune/texel_data.py and wdl_data.py."""

# Balanced openings (after 2-4 moves of common lines), each played with both colours.
CHESS = [
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pp1ppppp/2p5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2",
    "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "r1bqkbnr/pp1ppppp/2n5/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkbnr/pp2pppp/2p5/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    "rnbqkbnr/ppp2ppp/4p3/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3",
    "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    "rnbqkb1r/pppppp1p/5np1/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3",
    "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2",
    "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/ppp1pppp/8/3p4/8/5NP1/PPPPPP1P/RNBQKB1R b KQkq - 0 2",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4",
    "rnbqk2r/ppppppbp/5np1/8/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
    "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    "rnbqkbnr/pp3ppp/4p3/2pp4/3PP3/8/PPPN1PPP/R1BQKBNR w KQkq - 0 4",
    "rn1qkbnr/pp2pppp/2p5/3p1b2/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 4",
]

# Common opening lines (USI), each played once with either colour: Static Rook against
# Ranging Rook and Static Rook, Double Wing, Bishop Exchange, Yagura, Central Rook,
# Third and Fourth File Rook, Right Fourth File, Ai-Gakari and a quick bishop trade.
SHOGI = [
    "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c",
    "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e",
    "2g2f 8c8d 2f2e 8d8e 7g7f 4a3b",
    "7g7f 3c3d 8h2b+ 3a2b 2g2f 8c8d",
    "7g7f 8c8d 6g6f 3c3d 6f6e 7a6b",
    "7g7f 3c3d 5g5f 8c8d 2h5h 8d8e",
    "7g7f 3c3d 6g6f 8c8d 2h6h 7a6b",
    "7g7f 8c8d 7i6h 3c3d 6g6f 7a6b",
    "2g2f 3c3d 7g7f 4c4d 3i4h 3a4b",
    "7g7f 3c3d 2h7h 8c8d 7i6h 7a6b",
    "5g5f 3c3d 2h5h 8c8d 5f5e 8d8e",
    "2g2f 8c8d 7g7f 8d8e 8h7g 3c3d",
]


def random_start(index, rng, lo, hi):
    """A python-chess board: CHESS opening number `index` (cycling) followed by `lo` to
    `hi` random legal plies drawn from `rng` (a random.Random); for self-play data."""
    import chess

    board = chess.Board(CHESS[index % len(CHESS)])
    for _ in range(rng.randint(lo, hi)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board
