#!/usr/bin/env python3
"""Seeded random games, played to their end, in sections of Fairy-Stockfish's own
variants.ini (crates/polyboard-variants/tests/data/fsf-variants.ini) whose rules end the
game by themselves (connectN and its relatives, the enclosing drops), recorded with
pyffish 0.0.90's answers, for crates/polyboard-variants/tests/fsf_ini.rs.

pyffish loads the whole file with `load_variant_config`. For each listed section GAMES
games from its start position (seeded by the section's name and the game's number), at
most MAX_PLIES plies, recorded as a line

    game ; variant ; the moves from the start, space-separated

and after it a line for each ply (the position after that many of the moves):

    ply ; get_fen ; number of legal moves ; is_immediate_game_end as flag,value ;
    game_result when the game is over (no legal move or an immediate end), else -

(fields separated by ' ; '). pyffish's value is undefined when the flag is 0: it is
written 0 then.

usage: scripts/data/gen_fsf_ini_games.py [OUT] [--only V1,V2,...] [--games N]
default OUT: crates/polyboard-variants/tests/data/fsf-ini-games.txt
"""
import os
import random
import sys

import pyffish as sf

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DATA = os.path.join(HERE, "crates", "polyboard-variants", "tests", "data")
INI = os.path.join(DATA, "fsf-variants.ini")
DEFAULT_OUT = os.path.join(DATA, "fsf-ini-games.txt")
MAX_PLIES = 120
# atlantis (wallOrMove) is played here too: its walls and passes end no game, but its move
# text and FEN are checked; and cannonshogi, for its ranged hoppers (`pB2`, `pR2`), which
# only its promoted pieces have: the number of legal moves at every ply of games long
# enough to promote.
SECTIONS = [
    "tictactoe", "cfour", "picaria", "nineholes", "tictacchess", "asimplegame", "allqueenschess",
    "roll-ing-to-four", "quadwrangle", "quadwrangle7x7", "crusade", "snort", "gale", "teeko",
    "symphony", "cfour-anyside", "cfour-misere", "three-musketeers", "atlantis", "cannonshogi",
]


def main():
    argv = sys.argv[1:]
    opts = {}
    for o in ("--only", "--games"):
        if o in argv:
            i = argv.index(o)
            opts[o] = argv[i + 1]
            del argv[i : i + 2]
    out = argv[0] if argv else DEFAULT_OUT
    games = int(opts.get("--games", 4))
    sections = opts["--only"].split(",") if "--only" in opts else SECTIONS
    sf.load_variant_config(open(INI, encoding="utf-8").read())
    lines = [
        "# fsf-ini-games.txt -- random games in sections of fsf-variants.ini, pyffish 0.0.90",
        f"# Produced by scripts/data/gen_fsf_ini_games.py --games {games} (see its docstring):",
        "#   game ; variant ; moves   then per ply:   ply ; get_fen ; legal moves ; is_immediate_game_end ; game_result or -",
    ]
    for variant in sections:
        start = sf.start_fen(variant)
        for g in range(games):
            rng = random.Random(f"fsf-ini-game-{variant}-{g}")
            moves = []
            plies = []
            while True:
                legal = sorted(sf.legal_moves(variant, start, moves))
                imm, value = sf.is_immediate_game_end(variant, start, moves)
                over = imm or not legal
                result = str(sf.game_result(variant, start, moves)) if over else "-"
                fen = sf.get_fen(variant, start, moves)
                plies.append(" ; ".join([str(len(moves)), fen, str(len(legal)), f"{int(imm)},{value if imm else 0}",
                                         result]))
                if over or len(moves) >= MAX_PLIES:
                    break
                moves.append(rng.choice(legal))
            lines.append(f"game ; {variant} ; {' '.join(moves)}")
            lines += plies
        print(variant, file=sys.stderr)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
