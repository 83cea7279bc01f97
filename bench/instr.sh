#!/bin/sh
# Instructions, not seconds: how many instructions two builds of bislide
# run on the same boards, as valgrind counts them (cachegrind without its
# cache model). The count is the same run after run, whatever else the
# machine does, where this shared VM's wall time for one binary on one set
# swings by up to 1.4 times from one minute to the next (stop 65). A count
# is not a time (cache misses and a division's latency cost more than one
# instruction), so it checks a change meant to do less work; a claim of
# speed still needs the two binaries timed in turn (farm-bench).
# Run from the top directory:
#   bench/instr.sh OLD NEW [SET [STEP]]
# Solves every STEP-th board of SET (default: every 200th board of the real
# set, 25 boards) with `solve --mem 40M`, one worker's memory in `make run`,
# under both binaries at once (the counts do not depend on the load), and
# prints each count, NEW/OLD, and whether the answers are the same. About
# 11 s here for the default (stop 65).
set -eu
[ $# -ge 2 ] || { echo "usage: bench/instr.sh OLD NEW [SET [STEP]]" >&2; exit 2; }
old=$1
new=$2
set_in=${3:-puzzles/devquiz2011.txt}
step=${4:-200}
command -v valgrind >/dev/null 2>&1 || scripts/deps.sh valgrind
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every STEP-th board from the first, with a limits line no answer breaks.
awk -v step="$step" 'NR == 1 && NF == 4 { next } NR <= 2 && /^[0-9]+$/ { next }
     { if (k++ % step == 0) b[++n] = $0 }
     END { print "99999999 99999999 99999999 99999999"; print n; for (i = 1; i <= n; i++) print b[i] }' \
  "$set_in" > "$tmp/set.txt"
count() { # BIN NAME: the answers in NAME.ans, the count in NAME.ir
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$1" solve --mem 40M \
    --no-pdb-cache "$tmp/set.txt" > "$tmp/$2.ans" 2> "$tmp/$2.err" || { cat "$tmp/$2.err" >&2; exit 1; }
  sed -n 's/.*I *refs: *//p' "$tmp/$2.err" | tr -d , > "$tmp/$2.ir"
}
count "$old" old &
a=$!
count "$new" new &
b=$!
wait $a
wait $b
o=$(cat "$tmp/old.ir")
n=$(cat "$tmp/new.ir")
echo "boards       $(sed -n 2p "$tmp/set.txt") (one in $step of $set_in, from the first)"
echo "old          $o instructions ($old)"
echo "new          $n instructions ($new)"
awk -v o="$o" -v n="$n" 'BEGIN { printf "new/old      %.4f\n", n / o }'
if cmp -s "$tmp/old.ans" "$tmp/new.ans"; then echo "answers      the same"; else echo "answers      differ"; fi
