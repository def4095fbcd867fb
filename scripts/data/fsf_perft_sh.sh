#!/usr/bin/env bash
# Runs Fairy-Stockfish's own tests/perft.sh (GPL-3.0; not in polyboard) against
# `polyboard uci`: the script spawns `./stockfish` from its working folder, and here that
# is a two-line wrapper that execs `polyboard uci`. Needs `expect` (Debian: expect).
#
# usage: scripts/data/fsf_perft_sh.sh PERFT_SH [GROUP] [POLYBOARD]
#   PERFT_SH: Fairy-Stockfish's tests/perft.sh (c19b5f6c: ../shared/peers/, unpacked)
#   GROUP: perft.sh's argument: chess (its default), variant, largeboard or all
#          (all runs every group but chess; run chess too for every line)
#   POLYBOARD: the binary (default target/release/polyboard)
# crates/polyboard-cli/tests/fsf_perft_sh.rs plays the same checks, from the data file
# scripts/data/gen_fsf_perft_sh.py makes, without expect or the peer's source.
set -euo pipefail
perft_sh=$(realpath "$1")
group=${2:-chess}
polyboard=$(realpath "${3:-target/release/polyboard}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '#!/bin/sh\nexec "%s" uci\n' "$polyboard" > "$work/stockfish"
chmod +x "$work/stockfish"
cd "$work"
bash "$perft_sh" "$group"
