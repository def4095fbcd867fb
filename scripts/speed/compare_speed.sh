#!/usr/bin/env bash
# Bulk-perft speed of two polyboard binaries, side by side in one run: each
# representation on the five CPW positions, the two binaries interleaved, best of
# ROUNDS runs each; prints Mnps per binary and the ratio of geometric means.
#
#   scripts/speed/compare_speed.sh OLD_BINARY NEW_BINARY [REPR...]
set -euo pipefail
old=$1; new=$2; shift 2
reprs=("$@")
[ ${#reprs[@]} -eq 0 ] && mapfile -t reprs < <("$new" reprs)
rounds=${ROUNDS:-3}
# The five CPW positions (chessprogramming.org/Perft_Results), depths for ~0.3-1 s each.
positions=(
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;6"
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1;5"
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1;7"
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1;5"
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8;5"
)
nps() { "$1" perft --fen "$2" --depth "$3" --repr "$4" --json | sed 's/.*"nps":\([0-9]*\).*/\1/'; }
printf "%-14s %10s %10s %7s\n" repr old_Mnps new_Mnps ratio
for r in "${reprs[@]}"; do
  lo=0; ln=0
  for p in "${positions[@]}"; do
    fen=${p%;*}; d=${p##*;}
    # Slow representations get one ply less.
    case $r in pext|magic|rotated|kindergarten|quad|classical|bb32) ;; *) d=$((d-1));; esac
    bo=0; bn=0
    for _ in $(seq "$rounds"); do
      o=$(nps "$old" "$fen" "$d" "$r"); n=$(nps "$new" "$fen" "$d" "$r")
      [ "$o" -gt "$bo" ] && bo=$o; [ "$n" -gt "$bn" ] && bn=$n
    done
    lo=$(python3 -c "import math;print($lo+math.log($bo))"); ln=$(python3 -c "import math;print($ln+math.log($bn))")
  done
  python3 -c "import math;o=math.exp($lo/5)/1e6;n=math.exp($ln/5)/1e6;print(f'%-14s {o:10.0f} {n:10.0f} {n/o:7.3f}' % '$r')"
done
