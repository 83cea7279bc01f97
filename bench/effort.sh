#!/bin/sh
# Moves against time for a few values of the effort setting: one solve
# per (set, effort) on one thread, one CSV row each. The sets are made
# here (bislide gen: uniformly random wall-free boards of fixed seeds),
# plus Korf's 100 and every 50th board of the real set. random-5x5-forward
# is random-5x5 again with its beams' backward side waiting throughout
# (--set beam_far=1), which pays on those boards at a high effort;
# random-5x5-both is that with the first beam run from the goal too
# (--set beam_reverse=1), and random-6x6-both is random-6x6 so.
#
#   bench/effort.sh [BIN [CSV]]   BIN: build/bislide, built first;
#                                 CSV: bench/results/effort.csv
#   EFFORTS="1 2 4 8 12"          the efforts to run
# Then scripts/plot-effort.sh CSV draws it. Seconds are the sum of the
# solves' own "ms" fields (wall clock of each board's search on one core),
# so they carry the machine's load; "generated" is what the budgets count.
set -eu
# BIN and CSV, when given, are read from where the script was started.
from=$PWD
cd "$(dirname "$0")/.."
bin=${1:-build/bislide}
csv=${2:-bench/results/effort.csv}
case $# in 0) ;; *) case $bin in /*) ;; *) bin=$from/$bin ;; esac ;; esac
case $# in 0 | 1) ;; *) case $csv in /*) ;; *) csv=$from/$csv ;; esac ;; esac
[ $# -gt 0 ] || make -s "$bin"
efforts=${EFFORTS:-1 2 4 8 12}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" gen --size 5x5 --count 20 --seed 101 >"$tmp/random-5x5.txt" 2>/dev/null
"$bin" gen --size 6x6 --count 10 --seed 102 >"$tmp/random-6x6.txt" 2>/dev/null
cp puzzles/korf100.txt "$tmp/korf100-4x4.txt"
awk 'NR == 1 { print; next } NR == 2 { next } (NR - 3) % 50 == 0' puzzles/devquiz2011.txt >"$tmp/body"
{ head -n 1 "$tmp/body"; tail -n +2 "$tmp/body" | wc -l; tail -n +2 "$tmp/body"; } >"$tmp/devquiz-every50th.txt"

echo "set,mode,effort,boards,solved,moves,mean_moves,seconds,seconds_per_board,generated" >"$csv.tmp"
for set in random-6x6 random-6x6-both random-5x5 random-5x5-forward random-5x5-both korf100-4x4 devquiz-every50th; do
  mode=heuristic file=$set extra=
  [ "$set" = devquiz-every50th ] && mode=auto
  [ "$set" = random-5x5-forward ] && file=random-5x5 extra="--set beam_far=1"
  [ "$set" = random-5x5-both ] && file=random-5x5 extra="--set beam_far=1 --set beam_reverse=1"
  [ "$set" = random-6x6-both ] && file=random-6x6 extra="--set beam_reverse=1"
  for e in $efforts; do
    # shellcheck disable=SC2086 # extra is empty or words to split
    "$bin" solve --json --mode "$mode" --mem 256M --set "effort=$e" $extra "$tmp/$file.txt" 2>/dev/null |
      awk -v set="$set" -v mode="$mode" -v e="$e" '
        { n++
          if ($0 ~ /"status":"solved"/) { s++; match($0, /"length":[0-9]+/); m += substr($0, RSTART + 9, RLENGTH - 9) }
          match($0, /"ms":[0-9.]+/); ms += substr($0, RSTART + 5, RLENGTH - 5)
          match($0, /"generated":[0-9]+/); g += substr($0, RSTART + 12, RLENGTH - 12) }
        END { printf "%s,%s,%s,%d,%d,%d,%.2f,%.2f,%.4f,%d\n", set, mode, e, n, s, m, m / s, ms / 1e3, ms / 1e3 / n, g }' \
      | tee -a "$csv.tmp"
  done
done
mv "$csv.tmp" "$csv"
echo "effort: wrote $csv" >&2
