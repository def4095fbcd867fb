#!/usr/bin/env bash
# Bulk-perft CPU time (user + system, from `perf stat -e task-clock`) of two polyboard
# binaries, side by side: each representation on the five CPW positions, ROUNDS pairs
# of runs each, the two runs of a pair back to back (old first in odd pairs, new first
# in even ones). A pair's ratio old/new is taken while the machine is in one state; the
# median over the pairs is the position's figure, and the geometric mean over the
# positions the representation's. On a shared virtual machine the speed of the same
# binary drifts by 10% or more from minute to minute, which a minimum over separate
# runs does not cancel and a paired median does. Prints milliseconds per position (the
# fastest run of each binary, for scale) and the ratios (above 1: new faster).
#
#   ROUNDS=11 scripts/speed/compare_cpu_time.sh OLD_BINARY NEW_BINARY [REPR...]
#   FULL=1 scripts/speed/compare_cpu_time.sh ...   # full perft (every leaf played), same depths
set -euo pipefail
old=$1; new=$2; shift 2
reprs=("$@")
[ ${#reprs[@]} -eq 0 ] && mapfile -t reprs < <("$new" reprs)
rounds=${ROUNDS:-5}
# The five CPW positions and compare_speed.sh's depths (about 0.1 to 1 s each).
positions=(
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;6"
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1;5"
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1;7"
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1;5"
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8;5"
)
extra=(); [ -n "${FULL:-}" ] && extra=(--full)
ms() { perf stat -x, -e task-clock "$1" perft --fen "$2" --depth "$3" --repr "$4" "${extra[@]}" 2>&1 >/dev/null | awk -F, '/task-clock/{print $1}'; }
for r in "${reprs[@]}"; do
  for k in "${!positions[@]}"; do
    p=${positions[$k]}; fen=${p%;*}; d=${p##*;}
    for i in $(seq "$rounds"); do
      if (( i % 2 )); then o=$(ms "$old" "$fen" "$d" "$r"); n=$(ms "$new" "$fen" "$d" "$r")
      else n=$(ms "$new" "$fen" "$d" "$r"); o=$(ms "$old" "$fen" "$d" "$r"); fi
      echo "$r pos$((k + 1))-d$d $o $n"
    done
  done
done | python3 -c '
import sys, math, statistics
runs = {}
for line in sys.stdin:
    r, d, o, n = line.split()
    runs.setdefault(r, {}).setdefault(d, []).append((float(o), float(n)))
for r, by_pos in runs.items():
    logs = []
    for d, pairs in by_pos.items():
        ratio = statistics.median(o / n for o, n in pairs)
        logs.append(math.log(ratio))
        print(f"{r:14} {d}  old {min(o for o, _ in pairs):8.1f} ms  new {min(n for _, n in pairs):8.1f} ms  "
              f"old/new median {ratio:.3f} of {len(pairs)} pairs")
    print(f"{r:14} geomean old/new {math.exp(sum(logs) / len(logs)):.3f}")
'
