#!/bin/sh
# Plots a `bislide bench --csv` file: states per second (median, with the
# min-max range of the passes) and bytes per state, one bar per store.
# Usage: scripts/plot-bench.sh [CSV [PNG]]
#   default bench/results/latest.csv -> the same name with .png
# Installs gnuplot (Debian gnuplot-nox) through scripts/deps.sh if missing.
set -eu
csv=${1:-bench/results/latest.csv}
png=${2:-${csv%.csv}.png}
[ -r "$csv" ] || { echo "plot-bench: $csv: cannot read it (run 'make bench' first)" >&2; exit 1; }
head -n 1 "$csv" | grep -q '^store,solved,puzzles,generated,states_per_s_median' ||
  { echo "plot-bench: $csv:1: not a 'bislide bench --csv' file" >&2; exit 1; }
command -v gnuplot >/dev/null 2>&1 || "$(dirname "$0")/deps.sh" plot
title=$(basename "$csv")
gnuplot <<GP
set terminal pngcairo size 1000,460 font "DejaVu Sans,11"
set output "$png"
set datafile separator ","
unset key
set style fill solid 0.75 border -1
set boxwidth 0.6
set grid ytics lc rgb "#dddddd"
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics scale 0
set multiplot layout 1,2 title "bislide bench: arena vs object vs pool ($title)"
set title "throughput: generated states per second (millions)\nmedian of the passes, bar = min..max"
plot "$csv" every ::1 using 0:(\$5/1e6):xtic(1) with boxes lc rgb "#4a7ebb", \
     "" every ::1 using 0:(\$5/1e6):(\$6/1e6):(\$7/1e6) with yerrorbars lc rgb "black" pt 0, \
     "" every ::1 using 0:(\$7/1e6):(sprintf("%.2fM  %.2fx", \$5/1e6, \$12)) with labels offset 0,0.9
set title "memory: peak store bytes per state\n(object and pool: what malloc spent)"
plot "$csv" every ::1 using 0:11:xtic(1) with boxes lc rgb "#d08c3a", \
     "" every ::1 using 0:11:(sprintf("%.1f", \$11)) with labels offset 0,0.8
unset multiplot
GP
echo "plot-bench: wrote $png" >&2
