#!/bin/sh
# Writes on stdout a set made the way bench/set.txt, the default set of
# `bislide bench`, was made at stop 1 (commit ab612f3), with the project's
# own generator. gen has been rewritten since (uniform draws), so today the
# same seeds give other boards; bench/set.txt stays as it was made, since
# the bench's pinned signature and every stop's bench figures are on it.
# Run from the top directory:
#   bench/make-set.sh [BISLIDE] > FILE      (default build/bislide)
set -eu
bin=${1:-build/bislide}
echo "# A set for 'bislide bench', made by bench/make-set.sh: 16 boards for the"
echo "# exact search: uniformly random 4x3 and 3x4 boards, and 4x4 boards with"
echo "# 4 and 5 walls."
for spec in "4x3 0 6 21" "3x4 0 3 22" "4x4 4 3 15" "4x4 5 4 32"; do
  set -- $spec
  # gen writes two header lines (move limits, count): the bench needs neither.
  "$bin" gen --size "$1" --walls "$2" --count "$3" --seed "$4" | tail -n +3
  echo
done
