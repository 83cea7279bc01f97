#!/bin/sh
# How short answers to uniformly random wall-free boards can be, as proven:
# exact mode's floors (no answer to a board is shorter; `floor` in the
# JSON) on a new set, against the answers the heuristic mode gives. A mean
# target below the floors' mean cannot be met on that set by any solver.
# Run from the top directory:
#   bench/floors.sh SIZE [COUNT [SEED [BUDGET [PDB_MEM [BISLIDE]]]]]
#     SIZE     WxH, e.g. 6x6
#     COUNT    boards (default 50), `gen --size SIZE --count COUNT --seed SEED`
#     SEED     (default today's date, e.g. 20261203)
#     BUDGET   generated states exact mode may use on a board (default
#              100000000)
#     PDB_MEM  MiB of pattern databases exact mode builds (default 512: on
#              the 6x6, patterns of 5 tiles)
#     BISLIDE  default build/bislide
# Runs `batch --jobs 2 --mem 16G --mode exact` with those settings, tables
# built in memory (each worker builds its own: PDB_MEM twice), then the
# heuristic mode (`--mem 2G`) with the settings of issue 11's figures: on
# the 6x6 effort 4 and the reverse beam, on the 5x5 effort 8, beam_far=1
# and the reverse beam, else the defaults. Prints the mean lower bound,
# the mean floor, its standard deviation, the mean floor less two
# standard errors (what a random board's shortest answer averages at
# least, with about 97.5% confidence, one-sided), how many boards exact
# mode proved, and the heuristic answers' mean and time a board. Needs
# about 16 GB of memory at the defaults, and both cores for minutes (6x6,
# 50 boards: about 6 minutes for the floors).
set -eu
[ $# -ge 1 ] || { echo "usage: bench/floors.sh SIZE [COUNT [SEED [BUDGET [PDB_MEM [BISLIDE]]]]]" >&2; exit 2; }
size=$1
count=${2:-50}
seed=${3:-$(date +%Y%m%d)}
budget=${4:-100000000}
pdb=${5:-512}
bin=${6:-build/bislide}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" gen --size "$size" --count "$count" --seed "$seed" -o "$tmp/set.txt" 2>/dev/null
# The limits gen writes bind its own answers; these runs' must not be dropped.
awk 'NR == 1 { print "99999999 99999999 99999999 99999999"; next } { print }' "$tmp/set.txt" > "$tmp/raised.txt"
"$bin" batch "$tmp/raised.txt" -o "$tmp/e.ans" --jobs 2 --mem 16G --mode exact --set "pdb_mem=$pdb" \
  --set "exact_budget=$budget" --no-pdb-cache --json "$tmp/e.json" 2>/dev/null || true
case $size in
  6x6) settings="--set effort=4 --set beam_reverse=1" ;;
  5x5) settings="--set effort=8 --set beam_far=1 --set beam_reverse=1" ;;
  *) settings="" ;;
esac
# shellcheck disable=SC2086 # the settings are words
"$bin" batch "$tmp/raised.txt" -o "$tmp/h.ans" --jobs 2 --mem 2G --mode heuristic $settings \
  --json "$tmp/h.json" 2>/dev/null || true

# One line a board of a batch --json file: status, length, bound, floor, ms.
rows() {
  sed -n 's/^{"index":[0-9]*,.*"status":"\([a-z-]*\)",.*"length":\([0-9]*\),"bound":\([0-9]*\),"floor":\([0-9]*\),.*"ms":\([0-9.]*\),.*/\1 \2 \3 \4 \5/p' "$1"
}

rows "$tmp/e.json" > "$tmp/e.rows"
rows "$tmp/h.json" > "$tmp/h.rows"

echo "bench/floors.sh: $size, $count boards, seed $seed; exact mode: exact_budget=$budget pdb_mem=$pdb; $bin"
awk -v n="$count" '
  { b += $3; f += $4; ff += $4 * $4; k++; if ($1 == "solved") p++ }
  END {
    if (k != n) { print "exact mode: " k " of " n " boards in its JSON" > "/dev/stderr"; exit 1 }
    m = f / k; sd = k > 1 ? sqrt((ff - k * m * m) / (k - 1)) : 0
    printf "floors: lower bound %.2f, floor %.2f (sd %.2f; less two standard errors %.2f), proven shortest %d\n",
      b / k, m, sd, m - 2 * sd / sqrt(k), p
  }' "$tmp/e.rows"
awk -v n="$count" -v set="${settings:-the defaults}" '
  { if ($1 == "solved") { l += $2; k++ } ms += $5 }
  END {
    if (k != n) { print "heuristic mode: " k " of " n " boards answered" > "/dev/stderr"; exit 1 }
    printf "heuristic mode (%s): %.2f moves, %.2f s a board\n", set, l / k, ms / k / 1000
  }' "$tmp/h.rows"
# A floor above an answer would be a bug in one of the two.
paste -d ' ' "$tmp/e.rows" "$tmp/h.rows" | awk '
  $4 > $7 { print "board " NR ": floor " $4 " above an answer of " $7 > "/dev/stderr"; bad = 1 }
  END { exit bad }'
