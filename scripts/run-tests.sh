#!/bin/sh
# Runs each Criterion test binary given as an argument, then prints one
# closing line with the totals over all of them:
#
#   tests: N passed, N failed, N skipped
#
# and exits 1 if any test failed or a binary did not report every test.
#
# The counts come from each binary's TAP report (--tap=FILE), written
# beside its usual output, because Criterion 2.4's "Synthesis" line cannot
# give them: it leaves skipped tests out of every field, and its Failing
# already counts the tests that Crashing counts. TAP has one line a test:
#   ok - suite::name  (0.01s)           passed
#   ok - suite::name  # SKIP why        skipped (cr_skip_test, .disabled)
#   not ok - suite::name ...            failed or crashed
# after a plan "1..N" that says how many tests there are.
#
# Each binary gives itself a pattern database cache of its own, runs from
# the top of the tree and unblocks every signal (tests/bs_test.h), so that
# it runs alike from here or by hand.
set -u
pass=0 fail=0 skip=0 rc=0
log=$(mktemp) tap=$(mktemp) status=$(mktemp)
trap 'rm -f "$log" "$tap" "$status"' EXIT
for t in "$@"; do
  : >"$tap"
  { "$t" --jobs=2 --tap="$tap"; echo $? >"$status"; } 2>&1 | tee "$log"
  [ "$(tail -c 1 "$log")" = "" ] || echo
  code=$(cat "$status")
  plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$tap")
  ok=$(grep -c '^ok ' "$tap")
  s=$(grep -Ec '^ok - [^ ]+ +# SKIP' "$tap")
  f=$(grep -c '^not ok ' "$tap")
  p=$((ok - s))
  grep -E '^ok - [^ ]+ +# SKIP' "$tap" | sed "s|^ok - \([^ ]*\) *# SKIP *|$t: skipped \1: |"
  if [ -z "$plan" ]; then
    echo "$t: no TAP report (exit $code): counted as 1 failed"
    f=1
  elif [ $((p + f + s)) -ne "$plan" ]; then
    echo "$t: $((p + f + s)) of $plan tests reported (exit $code): the rest counted as failed"
    f=$((plan - p - s))
  elif [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "$t: exit $code with no failed test: counted as 1 failed"
    f=1
  fi
  pass=$((pass + p))
  fail=$((fail + f))
  skip=$((skip + s))
done
[ "$fail" -eq 0 ] || rc=1
echo "tests: $pass passed, $fail failed, $skip skipped"
exit $rc
