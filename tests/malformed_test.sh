#!/usr/bin/env bash
# Malformed inputs handed to the real binary (issue 40): each must be refused with a located message
# and a non-zero exit, promptly and in little memory, never by a crash or a hang.
#
#   tests/malformed/scenarios/NAME.json   run as `volley validate NAME.json` in that folder
#   tests/malformed/saves/NAME.vlog       run as `volley replay NAME.vlog` in that folder (so a save
#                                         can name its scenario by a relative path)
#   NAME.expect beside each               one line: a text the output must contain (not a pattern):
#                                         stderr, or stdout, where `volley validate` writes its report
#
# Besides these, inputs that cannot be committed are made here at run time: a FIFO, /dev/zero and a
# sparse file of 100 MB, each given as a scenario and as a save; a folder and 200,000 lines as a save.
# An .expect with no input beside it fails (a case that tests nothing).
#
# Every case runs under `timeout 5` and `ulimit -v` (MALFORMED_ULIMIT_KB, default 65536 KB; left
# off for a binary built with AddressSanitizer, which reserves terabytes of address space) and must
# exit from 1 to 127 (not killed by a signal), say the expected text, and finish within
# MALFORMED_MAX_MS (default 1000 ms).
# Usage: malformed_test.sh VOLLEY SOURCE_ROOT
set -u
volley=$1
root=$2
dir=$root/tests/malformed
limit_kb=${MALFORMED_ULIMIT_KB:-65536}
max_ms=${MALFORMED_MAX_MS:-1000}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case $volley in /*) ;; *) volley=$PWD/$volley ;; esac
if grep -q -a __asan_init "$volley"; then
  limit_kb=unlimited
fi

ok() { pass=$((pass + 1)); echo "ok   - $1"; }
bad() {
  fail=$((fail + 1))
  echo "FAIL - $1"
  cat "$tmp/out" "$tmp/err" | sed 's/^/     | /' | head -20
}

# run_case NAME FOLDER EXPECTED_TEXT -- command...: the command runs in FOLDER.
run_case() {
  local name=$1 folder=$2 want=$3
  shift 4
  local t0 t1 rc ms
  t0=$(date +%s%N)
  (cd "$folder" && ulimit -v "$limit_kb" && exec timeout 5 "$@") >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  t1=$(date +%s%N)
  ms=$(((t1 - t0) / 1000000))
  if [ "$rc" -eq 0 ]; then
    bad "$name: accepted (exit 0)"
  elif [ "$rc" -eq 124 ]; then
    bad "$name: still running after 5 s (timeout)"
  elif [ "$rc" -ge 128 ]; then
    bad "$name: killed by signal $((rc - 128))"
  elif [ -n "$want" ] && ! cat "$tmp/out" "$tmp/err" | grep -qF -- "$want"; then
    bad "$name: exit $rc, but the output lacks: $want"
  elif [ "$ms" -gt "$max_ms" ]; then
    bad "$name: took $ms ms (at most $max_ms)"
  else
    ok "$name (exit $rc, $ms ms)"
  fi
}

# Committed cases: KIND (scenarios or saves) and the command that reads one.
cases() {
  local kind=$1 ext=$2 cmd=$3 f name want
  for f in "$dir/$kind"/*."$ext"; do
    [ -e "$f" ] || continue
    name=$(basename "$f" ."$ext")
    if [ ! -f "$dir/$kind/$name.expect" ]; then
      : >"$tmp/out"; : >"$tmp/err"
      bad "$kind/$name: no $name.expect beside it"
      continue
    fi
    want=$(head -n 1 "$dir/$kind/$name.expect")
    if [ -z "$want" ]; then
      : >"$tmp/out"; : >"$tmp/err"
      bad "$kind/$name: $name.expect is empty"
      continue
    fi
    run_case "$kind/$name" "$dir/$kind" "$want" -- "$volley" "$cmd" "$(basename "$f")"
  done
}

cases scenarios json validate
cases saves vlog replay

# An expectation with no input beside it would test nothing: each .expect needs its file.
for kind_ext in scenarios:json saves:vlog; do
  kind=${kind_ext%%:*} ext=${kind_ext#*:}
  for e in "$dir/$kind"/*.expect; do
    [ -e "$e" ] || continue
    name=$(basename "$e" .expect)
    if [ ! -f "$dir/$kind/$name.$ext" ]; then
      : >"$tmp/out"; : >"$tmp/err"
      bad "$kind/$name: $name.expect has no $name.$ext beside it"
    fi
  done
done

# Inputs made here. A FIFO with no writer: validate must not wait for one.
mkfifo "$tmp/fifo.json"
run_case "a FIFO as a scenario" "$tmp" "fifo.json: this is a pipe (FIFO), not a scenario file" -- \
  "$volley" validate fifo.json
# A device that never ends.
run_case "/dev/zero as a scenario" "$tmp" "/dev/zero: this is a device, not a scenario file" -- \
  "$volley" validate /dev/zero
# 100 MB of nothing, taking no disk: refused by its size, not read into memory.
truncate -s 100M "$tmp/sparse.json"
run_case "a sparse 100 MB file as a scenario" "$tmp" "sparse.json: the file is 100.0 MiB, more than the 16.0 MiB" -- \
  "$volley" validate sparse.json

# The same for saves: a FIFO, a device, a folder, a sparse 100 MB file, and one line too many times.
mkfifo "$tmp/fifo.vlog"
run_case "a FIFO as a save" "$tmp" "fifo.vlog: this is a pipe (FIFO), not a game log file" -- "$volley" replay fifo.vlog
run_case "/dev/zero as a save" "$tmp" "/dev/zero: this is a device, not a game log file" -- "$volley" replay /dev/zero
mkdir "$tmp/adir.vlog"
run_case "a folder as a save" "$tmp" "adir.vlog: this is a folder, not a game log file" -- "$volley" replay adir.vlog
truncate -s 100M "$tmp/sparse.vlog"
run_case "a sparse 100 MB file as a save" "$tmp" "sparse.vlog: the file is 100.0 MiB, more than the 4.0 MiB" -- \
  "$volley" replay sparse.vlog
head -n 1 "$dir/saves/charge-rules-nosuch.vlog" | sed 's/"nosuch"/"gor"/' >"$tmp/long.vlog"
yes '{"cmd":"end_phase"}' | head -n 200000 >>"$tmp/long.vlog"
run_case "a save of 200,000 lines" "$tmp" "more than the 50002 a game log can have" -- "$volley" replay long.vlog

echo "malformed inputs: $pass passed, $fail failed (ulimit -v $limit_kb KB, at most $max_ms ms each)"
[ "$fail" -eq 0 ]
