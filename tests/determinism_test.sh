#!/usr/bin/env bash
# The determinism table (tests/data/determinism.tsv): each row's game, played by `volley sim`, must
# end in the state hash the table gives, and `volley replay` of the log it wrote must re-run it to
# the same hash. Same scenario, seed and players give the same game, bit for bit.
# Usage: determinism_test.sh VOLLEY SOURCE_ROOT
set -u
volley=$1
root=$2
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

rows=0
while IFS=$'\t' read -r scenario seed players want; do
  case "$scenario" in ''|'#'*) continue ;; esac
  rows=$((rows + 1))
  name="$scenario seed $seed $players"
  log="$tmp/game$rows.vlog"
  out=$("$volley" sim "$root/scenarios/$scenario.json" --seed "$seed" --players "$players" --log "$log" 2>&1)
  got=$(printf '%s\n' "$out" | sed -n 's/.*final state \([0-9a-f]*\).*/\1/p' | tail -n1)
  if [ "$got" = "$want" ]; then
    pass=$((pass + 1)); echo "ok   - $name: $got"
  else
    fail=$((fail + 1)); echo "FAIL - $name: final state ${got:-none}, the table says $want"
    printf '%s\n' "$out" | tail -n 5 | sed 's/^/     | /'
    continue
  fi
  rout=$("$volley" replay "$log" 2>&1)
  rc=$?
  if [ "$rc" -eq 0 ] && printf '%s\n' "$rout" | grep -q "$want"; then
    pass=$((pass + 1)); echo "ok   - $name: the replay ends in $want"
  else
    fail=$((fail + 1)); echo "FAIL - $name: the replay (exit $rc) does not end in $want"
    printf '%s\n' "$rout" | tail -n 5 | sed 's/^/     | /'
  fi
done < "$root/tests/data/determinism.tsv"

if [ "$rows" -lt 12 ]; then
  fail=$((fail + 1)); echo "FAIL - the table has $rows rows, fewer than the 12 it should hold"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
