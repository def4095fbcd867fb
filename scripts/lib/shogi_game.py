"""The shogi game loop shared by scripts/match/shogi_match.py and
scripts/tune/shogi_texel_data.py: two USI engines (scripts/lib/engine.py) play a game from
an opening line, cshogi (`pip install cshogi`) is the referee. The rules are those
shogi_match.py's doc gives: mate, the fourth occurrence of a position (a draw, or a loss
for the side that checked with every move since the first), `bestmove win` judged by
`is_nyugyoku` (CSA 27-point rule), `resign`, time forfeits, illegal moves and crashes."""
import cshogi

from engine import Engine, EngineGone


def usi_engine(cmd, options, hash_mb, name=None, drop="*"):
    """A USI engine with `options` set when it has them (USI_Hash and Hash default to
    `hash_mb`). `drop`: the character its drops use instead of `*` (Sjaak II writes and
    reads `B@5e`); `search` translates both ways."""
    opts = dict(options)
    opts.setdefault("USI_Hash", hash_mb)
    opts.setdefault("Hash", hash_mb)
    eng = Engine(cmd, "usi", opts, name=name, known_only=True, timeout=60)
    eng.drop = drop
    return eng


def search(engine, moves, limit, timeout):
    """Sends `position startpos moves ...` and `go <limit>`; returns (bestmove, seconds
    spent, the last info line with a score or None)."""
    drop = getattr(engine, "drop", "*")
    engine.position(moves=[m.replace("*", drop) for m in moves])
    r = engine.go(limit, timeout=timeout)
    return r.bestmove.replace(drop, "*"), r.seconds, r.info.get("line")


def play_game(engines, opening, base_ms, inc_ms, max_plies, grace_ms=0, on_move=None, limit=None, byoyomi_ms=0,
              spent_by=None):
    """engines[0] plays Black (sente). Returns (winner 0/1/None, reason, offender, moves).

    `on_move(board, side, bestmove, score_line)` is called before each move is played and
    may end the game by returning a winner (0 or 1) (the data script adjudicates so).
    `limit` (for example `nodes 20000`, or a pair: Black's, White's) replaces the
    clocks. With `byoyomi_ms`, the clocks run down to zero and then every move may take
    one period (`inc_ms` unused); a pair (Black's, White's) gives the sides different
    periods.
    `spent_by`, when given, gathers each side's [seconds thought, moves]."""
    board = cshogi.Board()
    moves = []
    for m in opening.split():
        board.push_usi(m)
        moves.append(m)
    for e in engines:
        e.new_game()
    clocks = [base_ms, base_ms]
    # Black's and White's byoyomi (one number: the same for both).
    byoyomi = list(byoyomi_ms) if isinstance(byoyomi_ms, (list, tuple)) else [byoyomi_ms, byoyomi_ms]
    seen = {}
    checks = []  # per ply played: did it give check
    keys = [board.zobrist_hash()]
    seen[keys[0]] = [len(keys) - 1]
    while len(moves) < max_plies:
        side = 0 if board.turn == cshogi.BLACK else 1
        if not list(board.legal_moves):
            return 1 - side, "mate", None, moves
        try:
            byo = byoyomi[side]
            go = f"btime {max(0, int(clocks[0]))} wtime {max(0, int(clocks[1]))} " + (
                f"byoyomi {byo}" if byo else f"binc {inc_ms} winc {inc_ms}")
            mine = limit[side] if isinstance(limit, (list, tuple)) else limit
            best, spent, score = search(engines[side], moves, mine or go,
                                        60 if limit else (clocks[side] + byo) / 1000 + 30)
        except (EngineGone, TimeoutError):
            return 1 - side, "crash", side, moves
        clocks[side] -= 0 if limit else spent * 1000
        if spent_by is not None:
            spent_by[side][0] += spent
            spent_by[side][1] += 1
        if clocks[side] < -grace_ms - byo:
            return 1 - side, f"time forfeit, {-clocks[side] - byo:.0f} ms over", side, moves
        clocks[side] = max(clocks[side], 0) + (0 if byo else inc_ms)
        if best == "resign":
            return 1 - side, "resign", None, moves
        if best == "win":
            return (side, "declaration", None, moves) if board.is_nyugyoku() else (1 - side, "false declaration", side, moves)
        legal = {cshogi.move_to_usi(m) for m in board.legal_moves}
        if best not in legal:
            return 1 - side, f"illegal move {best}", side, moves
        if on_move:
            adjudged = on_move(board, side, best, score)
            if adjudged is not None:
                return adjudged, "adjudication", None, moves
        board.push_usi(best)
        moves.append(best)
        checks.append(board.is_check())
        key = board.zobrist_hash()
        keys.append(key)
        seen.setdefault(key, []).append(len(keys) - 1)
        if len(seen[key]) >= 4:
            first, now = seen[key][0], len(keys) - 1
            # checks[i] is the move from position i to i + 1; the last one (now - 1)
            # was `side`'s, and the sides alternate before it.
            for mover in (side, 1 - side):
                mine = [checks[i] for i in range(first, now) if ((now - 1 - i) % 2 == 0) == (mover == side)]
                if mine and all(mine):
                    return 1 - mover, "perpetual check", None, moves
            return None, "repetition", None, moves
    return None, "max plies", None, moves
