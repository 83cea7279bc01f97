#!/bin/sh
# Runs each Criterion test binary given as an argument, then prints one
# closing line with the totals over all of them. Exits 1 if any failed.
set -u
pass=0 fail=0 rc=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "$@"; do
  "$t" --jobs=2 2>&1 | tee "$log"
  [ "$(tail -c 1 "$log")" = "" ] || echo
  line=$(grep 'Synthesis:' "$log" | tail -n 1)
  p=$(echo "$line" | sed -n 's/.*Passing: \([0-9]*\).*/\1/p')
  f=$(echo "$line" | sed -n 's/.*Failing: \([0-9]*\) | Crashing: \([0-9]*\).*/\1 \2/p')
  if [ -z "$p" ]; then
    echo "$t: no result line (crashed?)"
    rc=1
    fail=$((fail + 1))
    continue
  fi
  pass=$((pass + p))
  for n in $f; do fail=$((fail + n)); done
done
[ "$fail" -eq 0 ] || rc=1
echo "tests: $pass passed, $fail failed"
exit $rc
