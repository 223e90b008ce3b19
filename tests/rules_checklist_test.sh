#!/usr/bin/env bash
# docs/rules-checklist.md is generated (scripts/gen-rules-checklist.sh) from the program's rule table
# and from where src/ and tests/ cite each id: regenerate it to a temporary file and fail when the
# page in the tree differs, so the page never tells a reader something the code no longer does.
# Usage: rules_checklist_test.sh VOLLEY SOURCE_ROOT
set -u
volley=$1
root=$2
if ! git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "skip - $root is not a git checkout (the generator needs git grep)"
  exit 77
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
if ! "$root/scripts/gen-rules-checklist.sh" "$volley" "$tmp" >/dev/null; then
  echo "FAIL - scripts/gen-rules-checklist.sh failed"
  exit 1
fi
if diff -u "$root/docs/rules-checklist.md" "$tmp"; then
  echo "ok   - docs/rules-checklist.md is up to date"
  exit 0
fi
echo "FAIL - docs/rules-checklist.md is out of date (the diff above turns it into what the code says)."
echo "       Run ./scripts/gen-rules-checklist.sh $volley and commit docs/rules-checklist.md."
exit 1
