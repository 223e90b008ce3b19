#!/usr/bin/env bash
# The README's Layout tree must match the code: every source file under src/ is named under its
# folder there, and every file the tree names exists. Usage: readme_layout_test.sh SOURCE_ROOT
set -u
root=$1
cd "$root" || exit 1
listed=$(awk '
  /^## Layout/ { inside = 1; next }
  inside && /^## / { inside = 0 }
  inside && /^    [^ ]/ { dir = $1; next } # a folder and what it holds
  inside && /^     / && dir ~ /^src\// { # the line(s) under it: its files
    for (i = 1; i <= NF; i++) if ($i ~ /^[a-z_0-9]+\.[ch]$/) print dir $i
  }' README.md | sort)
actual=$(find src -type f -name '*.[ch]' | sort)
missing=$(comm -13 <(printf '%s\n' "$listed") <(printf '%s\n' "$actual"))
stale=$(comm -23 <(printf '%s\n' "$listed") <(printf '%s\n' "$actual"))
fail=0
if [ -z "$listed" ]; then
  echo "FAIL - README.md has no Layout tree naming files under src/"
  fail=1
fi
for f in $missing; do echo "FAIL - $f is not in README.md's Layout tree: add it under its folder"; fail=1; done
for f in $stale; do echo "FAIL - README.md's Layout tree names $f, which does not exist: remove it"; fail=1; done
n=$(printf '%s\n' "$actual" | wc -l)
if [ "$fail" -eq 0 ]; then
  echo "ok   - README.md's Layout tree names all $n source files under src/"
  echo "1 passed, 0 failed"
else
  echo "0 passed, 1 failed"
fi
exit "$fail"
