#!/bin/sh
# Plots a bench/effort.sh CSV: mean moves a board against seconds a board,
# one panel per set, each point labelled with its effort.
# Usage: scripts/plot-effort.sh [CSV [PNG]]
#   default bench/results/effort.csv -> the same name with .png
# Installs gnuplot (Debian gnuplot-nox) through scripts/deps.sh if missing.
set -eu
csv=${1:-bench/results/effort.csv}
png=${2:-${csv%.csv}.png}
[ -r "$csv" ] || { echo "plot-effort: $csv: cannot read it (run bench/effort.sh first)" >&2; exit 1; }
head -n 1 "$csv" | grep -q '^set,mode,effort,boards,solved,moves,mean_moves,seconds,seconds_per_board' ||
  { echo "plot-effort: $csv:1: not a bench/effort.sh file" >&2; exit 1; }
command -v gnuplot >/dev/null 2>&1 || "$(dirname "$0")/deps.sh" plot
sets=$(tail -n +2 "$csv" | cut -d, -f1 | awk '!seen[$0]++' | tr '\n' ' ')
n=$(echo $sets | wc -w)
panels=""
for s in $sets; do
  panels="$panels
set title \"$s\"
plot \"< grep '^$s,' $csv\" using 9:7 with linespoints lw 2 pt 7 lc rgb '#4a7ebb', \\
     \"< grep '^$s,' $csv\" using 9:7:(sprintf('%s', stringcolumn(3))) with labels offset 0.8,0.7"
done
gnuplot <<GP
set terminal pngcairo size 1100,$(( (n + 1) / 2 * 330 + 40 )) font "DejaVu Sans,10"
set output "$png"
set datafile separator ","
set multiplot layout $(( (n + 1) / 2 )),2 title "bislide: mean moves a board against seconds a board (one core); points labelled with the effort"
set grid lc rgb "#dddddd"
set logscale x 2
set xlabel "seconds a board"
set ylabel "mean moves"
set offsets graph 0.08, graph 0.12, graph 0.15, graph 0.1
unset key
$panels
unset multiplot
GP
echo "plot-effort: wrote $png" >&2
