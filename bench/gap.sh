#!/bin/sh
# How far the default answers are from the shortest ones: exactly on the
# boards whose shortest answers exact mode can prove, and at most how far
# on the others, by the floor exact mode proves there (no answer is
# shorter; `floor` in the JSON). Run from the top directory:
#   bench/gap.sh SET [BUDGET [BISLIDE]]   (default BUDGET 10000000 generated
#                                        states a board, build/bislide)
# Solves SET twice with `batch --jobs 2 --json`: at the default settings
# (--mem 80M, as `make run`), and in exact mode with 16 MiB of pattern
# databases a layout, built in memory, within BUDGET states a board (--mem
# 2G). Both runs get SET with its limits line raised, so that no answer is
# dropped to keep within the limits (the real set's default answers keep
# within them anyway). Prints the boards, how many exact mode proved, the
# default's moves on those and the proven shortest, the gap in percent,
# how many default answers are already shortest; the default's moves on
# the boards left unproven, their lower bound and the larger of the two
# runs' floors, and the gap at most; and the same over every board. The
# two runs use both cores for minutes (every 10th real board: about 4
# minutes here).
set -eu
[ $# -ge 1 ] || { echo "usage: bench/gap.sh SET [BUDGET [BISLIDE]]" >&2; exit 2; }
set_in=$1
budget=${2:-10000000}
bin=${3:-build/bislide}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A set without a limits line (one of unsolvable boards) has none to raise.
awk 'NR == 1 && NF == 4 { print "99999999 99999999 99999999 99999999"; next } { print }' "$set_in" > "$tmp/set.txt"
"$bin" batch "$tmp/set.txt" -o "$tmp/d.ans" --jobs 2 --mem 80M --json "$tmp/d.json" 2>/dev/null || true
"$bin" batch "$tmp/set.txt" -o "$tmp/e.ans" --jobs 2 --mem 2G --mode exact --set pdb_mem=16 \
  --set "exact_budget=$budget" --no-pdb-cache --json "$tmp/e.json" 2>/dev/null || true

# One line a board of a batch --json file that is not unsolvable: index,
# status, length, bound, floor, optimal.
lines() {
  sed -n 's/^{"index":\([0-9]*\),.*"status":"\([a-z-]*\)",.*"length":\([0-9]*\),"bound":\([0-9]*\),"floor":\([0-9]*\),"optimal":\([a-z]*\),.*/\1 \2 \3 \4 \5 \6/p' "$1"
}
lines "$tmp/e.json" > "$tmp/e.txt"
lines "$tmp/d.json" > "$tmp/d.txt"
echo "bench/gap.sh: $set_in, $bin; default --mem 80M against exact (pdb_mem=16, exact_budget=$budget)"
awk 'NR == FNR { floor[$1] = $5; if ($6 == "true") opt[$1] = $3; next }
     $2 != "solved" { next }
     { n++; f = $5 > floor[$1] ? $5 : floor[$1]
       if (f > $3) bad++
       if ($1 in opt) { p++; d += $3; o += opt[$1]; same += $3 == opt[$1] }
       else { rest += $3; bound += $4; fl += f } }
     END { printf "boards answered by default %d, proven shortest by exact %d\n", n, p
           if (p) printf "on those: default %d moves, shortest %d, gap %.2f%%, default already shortest on %d\n", d, o, 100 * (d - o) / o, same
           if (n > p) printf "on the rest: default %d moves, lower bound %d, floor %d (gap at most %.2f%%)\n", rest, bound, fl, 100 * (rest - fl) / fl
           if (n) printf "on all: default %d moves, shortest at least %d (gap at most %.2f%%)\n", d + rest, o + fl, 100 * (d + rest - o - fl) / (o + fl)
           if (bad) { printf "FAILED: %d default answers shorter than a proven floor\n", bad; exit 1 } }' \
  "$tmp/e.txt" "$tmp/d.txt"
