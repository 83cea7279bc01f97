# Shell functions shared by scripts/make-puzzles.sh and scripts/make-stress.sh
# (sourced, not run). They use $bin, the bislide binary.

# gen OUT ARGS...: one set by one gen command.
gen() {
  out=$1
  shift
  "$bin" gen "$@" -o "$out" 2>/dev/null || { "$bin" gen "$@" -o "$out"; exit 1; }
}

# join OUT SET...: one set from several: the limits (when the parts have
# them) and counts added up, the boards in order. The limits stay
# achievable: the answers behind each part's limits, put together, meet the
# sums.
join() {
  out=$1
  shift
  awk 'FNR == 1 && NF == 4 { for (i = 1; i <= 4; i++) lim[i] += $i; limits = 1; next }
       FNR <= 2 && /^[0-9]+$/ { n += $1; next }
       { board[++k] = $0 }
       END { if (limits) print lim[1], lim[2], lim[3], lim[4]; print n
             for (i = 1; i <= k; i++) print board[i] }' "$@" > "$out.tmp"
  mv "$out.tmp" "$out"
}
