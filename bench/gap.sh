#!/bin/sh
# How far the default answers are from the shortest ones, on the boards
# whose shortest answers exact mode can prove. Run from the top directory:
#   bench/gap.sh SET [BUDGET [BISLIDE]]   (default BUDGET 10000000 generated
#                                        states a board, build/bislide)
# Solves SET twice with `batch --jobs 2 --json`: at the default settings
# (--mem 80M, as `make run`), and in exact mode with 16 MiB of pattern
# databases a layout, built in memory, within BUDGET states a board (--mem
# 2G). Both runs get SET with its limits line raised, so that no answer is
# dropped to keep within the limits (the real set's default answers keep
# within them anyway). Prints the boards, how many exact mode proved, the
# default's moves on those and the proven shortest, the gap in percent,
# how many default answers are already shortest, and the default's moves
# and lower bound on the boards left unproven. The two runs use both cores
# for minutes (every 10th real board: about 4 minutes here).
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

# One line a solved board of a batch --json file: index, length, bound.
lines() { sed -n 's/^{"index":\([0-9]*\),.*"status":"solved",.*"length":\([0-9]*\),"bound":\([0-9]*\),.*/\1 \2 \3/p' "$1"; }
lines "$tmp/e.json" > "$tmp/e.txt"
lines "$tmp/d.json" > "$tmp/d.txt"
echo "bench/gap.sh: $set_in, $bin; default --mem 80M against exact (pdb_mem=16, exact_budget=$budget)"
awk 'NR == FNR { opt[$1] = $2; next }
     { n++
       if ($1 in opt) { p++; d += $2; o += opt[$1]; same += $2 == opt[$1]; if ($2 < opt[$1]) bad++ }
       else { rest += $2; bound += $3 } }
     END { printf "boards answered by default %d, proven shortest by exact %d\n", n, p
           if (p) printf "on those: default %d moves, shortest %d, gap %.2f%%, default already shortest on %d\n", d, o, 100 * (d - o) / o, same
           printf "on the rest: default %d moves, lower bound %d\n", rest, bound
           if (bad) { printf "FAILED: %d default answers shorter than a proven shortest one\n", bad; exit 1 } }' \
  "$tmp/e.txt" "$tmp/d.txt"
