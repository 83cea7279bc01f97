#!/bin/sh
# Makes the stress sets in puzzles/ with `bislide gen`; puzzles/README.md
# lists what they hold. Run from the top directory:
#   scripts/make-stress.sh [BISLIDE [DIR [REAL_SET]]]
# (default build/bislide, puzzles, and the real set at puzzles/devquiz2011.txt
# or ../shared/data/devquiz2011.txt; without it, stress-devquiz.txt is not
# made). The same gen gives the same files, byte for byte.
set -eu
bin=${1:-build/bislide}
dir=${2:-puzzles}
real=${3:-}
if [ -z "$real" ]; then
  real=../shared/data/devquiz2011.txt
  [ -f puzzles/devquiz2011.txt ] && real=puzzles/devquiz2011.txt
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/sets.sh" # gen, join

# stress-WxH.txt: 64 uniformly random (fully scrambled) boards a size, 16
# each with walls on about 10, 20, 30 and 40% of the cells: dead ends, rings
# round walls, passages, walls cutting the board (the open cells always
# connected).
sizes=0
for w in 3 4 5 6; do
  for h in 3 4 5 6; do
    set --
    for pct in 10 20 30 40; do
      k=$(((w * h * pct + 50) / 100))
      gen "$tmp/$w$h-$pct" --size "${w}x$h" --walls "$k" --count 16 --seed "$pct"
      set -- "$@" "$tmp/$w$h-$pct"
    done
    join "$dir/stress-${w}x$h.txt" "$@"
    sizes=$((sizes + 1))
  done
done

# stress-devquiz.txt: 256 uniformly random boards on the wall layouts of the
# real set, drawn uniformly among its boards.
made="$sizes stress-WxH.txt"
if [ -f "$real" ]; then
  gen "$dir/stress-devquiz.txt" --layouts "$real" --count 256 --seed 1
  made="$made, stress-devquiz.txt"
else
  echo "make-stress: $real not found: no stress-devquiz.txt" >&2
fi

# stress-shapes.txt: 400 uniformly random boards, and unsolvable-shapes.txt
# 100 unsolvable ones, on the hand-drawn layouts of puzzles/shapes.txt
# (plain cycles, pillars, figure eights, combs, rooms and corridors), which
# random walls seldom make; drawn uniformly among its layouts.
shapes=$(dirname "$0")/../puzzles/shapes.txt
gen "$dir/stress-shapes.txt" --layouts "$shapes" --count 400 --seed 1
gen "$dir/unsolvable-shapes.txt" --layouts "$shapes" --count 100 --seed 1 --unsolvable
made="$made, stress-shapes.txt, unsolvable-shapes.txt"

# unsolvable.txt: 200 uniformly random unsolvable boards, 25 of each of
# eight sizes and wall counts.
set --
i=0
while read -r size walls; do
  i=$((i + 1))
  gen "$tmp/u$i" --size "$size" --walls "$walls" --count 25 --seed 1 --unsolvable
  set -- "$@" "$tmp/u$i"
done <<PARTS
3x3 0
3x3 2
4x3 2
3x4 3
4x4 4
5x5 6
6x5 8
6x6 10
PARTS
join "$dir/unsolvable.txt" "$@"
echo "make-stress: wrote $made and unsolvable.txt in $dir" >&2
