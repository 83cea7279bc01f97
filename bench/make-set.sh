#!/bin/sh
# Makes bench/set.txt, the default set of `bislide bench`, with the
# project's own generator. Run from the top directory:
#   bench/make-set.sh [BISLIDE]      (default build/bislide)
set -eu
bin=${1:-build/bislide}
out=bench/set.txt
{
  echo "# The default set of 'bislide bench', made by bench/make-set.sh: 16 boards"
  echo "# for the exact search, optimal lengths 18 to 45: uniformly random 4x3 and"
  echo "# 3x4 boards, and 4x4 boards with 4 and 5 walls."
  for spec in "4x3 0 6 21" "3x4 0 3 22" "4x4 4 3 15" "4x4 5 4 32"; do
    set -- $spec
    # gen writes two header lines (move limits, count): the bench needs neither.
    "$bin" gen --size "$1" --walls "$2" --count "$3" --seed "$4" | tail -n +3
    echo
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "make-set: wrote $out" >&2
