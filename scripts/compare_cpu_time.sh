#!/usr/bin/env bash
# Bulk-perft CPU time (user + system, from `perf stat -e task-clock`) of two polyboard
# binaries, side by side: each representation on the five CPW positions, the two
# binaries interleaved, fastest of ROUNDS runs each. CPU time is far less disturbed than
# wall time when other jobs share the cores (compare_speed.sh measures wall time).
# Prints milliseconds per position and the geometric mean of old/new (above 1: new faster).
#
#   scripts/compare_cpu_time.sh OLD_BINARY NEW_BINARY [REPR...]
set -euo pipefail
old=$1; new=$2; shift 2
reprs=("$@")
[ ${#reprs[@]} -eq 0 ] && mapfile -t reprs < <("$new" reprs)
rounds=${ROUNDS:-3}
# The five CPW positions and compare_speed.sh's depths (about 0.1 to 1 s each).
positions=(
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;6"
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1;5"
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1;7"
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1;5"
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8;5"
)
ms() { perf stat -x, -e task-clock "$1" perft --fen "$2" --depth "$3" --repr "$4" 2>&1 >/dev/null | awk -F, '/task-clock/{print $1}'; }
for r in "${reprs[@]}"; do
  for p in "${positions[@]}"; do
    fen=${p%;*}; d=${p##*;}
    bo=; bn=
    for _ in $(seq "$rounds"); do
      o=$(ms "$old" "$fen" "$d" "$r"); n=$(ms "$new" "$fen" "$d" "$r")
      bo=$(python3 -c "print(min(x for x in [$o, ${bo:-$o}]))"); bn=$(python3 -c "print(min(x for x in [$n, ${bn:-$n}]))")
    done
    echo "$r $bo $bn"
  done
done | awk '{x=$2/$3; printf "%-14s old %8.1f ms  new %8.1f ms  old/new %.3f\n", $1, $2, $3, x; l[$1]+=log(x); n[$1]++}
  END {for (r in l) printf "%-14s geomean old/new %.3f\n", r, exp(l[r]/n[r])}'
