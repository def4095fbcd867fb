"""A chess engine playing itself to the end, as the tuning data scripts need it."""
import chess
import chess.engine

from ending import finished


def play_out(eng, board, limit, game, seen, replace=None):
    """Plays `board` on with `eng` (python-chess) at `limit` for both sides, `game`
    marking a new game for the engine. Before each move is pushed, `seen(board, move,
    score)` is called with the engine's score from White's side (a python-chess
    `Score`, or None when it gave none); `replace(board, move)`, if given, may return
    another move to play. Ends by the rules, by adjudication (|score| > 1000 cp for 6
    plies in a row: a win for that side) or at 300 plies (a draw). Returns the result
    from White's side: "1.0", "0.5" or "0.0"."""
    result = None
    streak = [0, 0]
    while finished(board) is None and board.ply() < 300:
        info = eng.play(board, limit, info=chess.engine.INFO_SCORE, game=game)
        score = info.info.get("score")
        mv = info.move
        white = score.white() if score is not None else None
        if white is not None:
            cp = white.score(mate_score=100000)
            streak = [streak[0] + 1 if cp > 1000 else 0, streak[1] + 1 if cp < -1000 else 0]
            if streak[0] >= 6:
                result = "1.0"
            if streak[1] >= 6:
                result = "0.0"
        seen(board, mv, white)
        if replace is not None:
            mv = replace(board, mv)
        board.push(mv)
        if result:
            return result
    end = finished(board)
    return {"1-0": "1.0", "0-1": "0.0"}.get(end[0] if end else "*", "0.5")
