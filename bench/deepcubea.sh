#!/bin/sh
# bislide against DeepCubeA on DeepCubeA's own test boards. Run from the
# top directory:
#   bench/deepcubea.sh [SIZE [COUNT [BISLIDE]]]
# SIZE 4, 5 or 6 (default: all three), the first COUNT boards of that set
# (default: all), BISLIDE the binary (default build/bislide).
# puzzles/deepcubea-SxS.txt holds DeepCubeA's published test boards and
# puzzles/deepcubea-SxS.lengths the length of its answer to each
# (puzzles/README.md says where they come from). Each set is solved with
# `batch --jobs 2 --json` (both cores, one board a worker at a time), with
# the settings the README gives for the size:
#   4x4  exact mode (its 64 MiB of tables, built in memory), 2 GiB a worker
#   5x5  heuristic, effort=8 beam_far=1 beam_reverse=1, 512 MiB a worker
#   6x6  heuristic, effort=8 beam_reverse=1, 2 GiB a worker
# and prints, on the same boards, bislide's mean moves against DeepCubeA's,
# the seconds a board (mean, most, how many over 2 s), how many answers
# are shorter, as long and longer than DeepCubeA's, and how many are
# proven shortest. Exits 1 if a board is not answered, or if a proven
# shortest answer is longer than DeepCubeA's (which would disprove the
# proof). The whole run takes about 10 minutes here, 6x6 most of it.
set -eu
sizes=${1:-"4 5 6"}
count=${2:-0}
bin=${3:-build/bislide}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for s in $sizes; do
  case $s in
  4) mem=4G; set -- --mode exact --no-pdb-cache ;;
  5) mem=1G; set -- --mode heuristic --set effort=8 --set beam_far=1 --set beam_reverse=1 ;;
  6) mem=4G; set -- --mode heuristic --set effort=8 --set beam_reverse=1 ;;
  *) echo "bench/deepcubea.sh: SIZE is 4, 5 or 6" >&2; exit 2 ;;
  esac
  set_in=puzzles/deepcubea-${s}x$s.txt
  lengths=puzzles/deepcubea-${s}x$s.lengths
  # The first COUNT boards, the count line set to match.
  awk -v n="$count" 'NR == 1 { print; next } NR == 2 { t = $1; if (n > 0 && n < t) t = n; print t; next }
                     NR - 2 <= t { print }' "$set_in" > "$tmp/set.txt"
  "$bin" batch "$tmp/set.txt" -o "$tmp/a.ans" --jobs 2 --mem $mem --json "$tmp/a.json" "$@" 2>/dev/null || true
  # index, status, length, optimal, ms of each board
  sed -n 's/^{"index":\([0-9]*\),.*"status":"\([a-z -]*\)",.*"length":\([0-9]*\),.*"optimal":\([a-z]*\),.*"ms":\([0-9.]*\),.*/\1 \2 \3 \4 \5/p' \
    "$tmp/a.json" > "$tmp/a.txt"
  echo "bench/deepcubea.sh: ${s}x$s, $bin $*"
  awk -v want="$(sed -n 2p "$tmp/set.txt")" '
    NR == FNR { dc[FNR] = $1; next }
    { n++
      if ($2 != "solved") { failed++; next }
      ours += $3; theirs += dc[$1]; ms += $5; if ($5 > most) most = $5; slow += $5 > 2000
      shorter += $3 < dc[$1]; same += $3 == dc[$1]; longer += $3 > dc[$1]
      if ($4 == "true") { proven++; if ($3 > dc[$1]) bad++ } }
    END { solved = n - failed
          printf "boards %d, answered %d, proven shortest %d\n", want, solved, proven
          if (solved) printf "moves: bislide %.2f, DeepCubeA %.2f a board (%+.2f%%); %.2f s a board, at most %.2f s, %d over 2 s\n",
                             ours / solved, theirs / solved, 100 * (ours - theirs) / theirs, ms / solved / 1000, most / 1000, slow
          printf "bislide shorter on %d, as long on %d, longer on %d\n", shorter, same, longer
          if (n != want || failed) { printf "FAILED: %d of %d boards not answered\n", want - solved, want; exit 1 }
          if (bad) { printf "FAILED: %d proven shortest answers longer than DeepCubeA'"'"'s\n", bad; exit 1 } }' \
    "$lengths" "$tmp/a.txt" || status=1
done
exit $status
