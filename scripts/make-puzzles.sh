#!/bin/sh
# Makes every set in puzzles/ with `bislide gen`; puzzles/README.md lists the
# same commands. Run from the top directory:
#   scripts/make-puzzles.sh [BISLIDE [DIR]]    (default build/bislide, puzzles)
# The same gen gives the same files, byte for byte (tests/test_gen.c checks).
set -eu
bin=${1:-build/bislide}
dir=${2:-puzzles}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/sets.sh" # gen, join

# mixed.txt: what `make run-mixed` solves: 33 boards, 3x3 to 6x6, some with walls;
# uniformly random up to 12 cells, random walks of 26 to 30 moves beyond.
set --
i=0
while read -r size walls count depth; do
  i=$((i + 1))
  if [ "$depth" = - ]; then
    gen "$tmp/mixed$i" --size "$size" --walls "$walls" --count "$count" --seed 1
  else
    gen "$tmp/mixed$i" --size "$size" --walls "$walls" --count "$count" --seed 1 --depth "$depth"
  fi
  set -- "$@" "$tmp/mixed$i"
done <<PARTS
3x3 0 4 -
3x3 3 2 -
4x3 0 2 -
3x4 2 2 -
4x4 0 3 30
4x4 3 2 30
5x4 4 2 30
4x5 0 2 30
5x5 0 2 28
5x5 4 2 28
6x4 2 2 28
6x5 5 2 26
5x6 0 2 26
6x6 0 2 26
6x6 6 2 26
PARTS
join "$dir/mixed.txt" "$@"

# exact-bench.txt: 20 uniformly random 4x3 and 3x4 boards whose optimal
# lengths are 30 to 44 (the first seeds whose ten boards all fall in 30 to
# 50, so nothing is filtered).
gen "$tmp/bench1" --size 4x3 --count 10 --seed 6
gen "$tmp/bench2" --size 3x4 --count 10 --seed 1
join "$dir/exact-bench.txt" "$tmp/bench1" "$tmp/bench2"

# size-WxH.txt: 20 uniformly random boards without walls, for each size.
for w in 2 3 4 5 6; do
  for h in 2 3 4 5 6; do
    gen "$dir/size-${w}x$h.txt" --size "${w}x$h" --count 20 --seed 1
  done
done
echo "make-puzzles: wrote $dir/mixed.txt, $dir/exact-bench.txt and 25 $dir/size-WxH.txt" >&2
