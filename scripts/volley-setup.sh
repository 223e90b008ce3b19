#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: install what is missing, build, then either
# play (the default scenario) or run every test. Run from anywhere:
#   ./scripts/volley-setup.sh play     install, build, open the default scenario
#   ./scripts/volley-setup.sh test     install, build, run every test suite
# As root it installs the missing Debian packages itself; otherwise it prints the exact apt-get
# line to run and stops.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
mode=${1:-play}
shift || true

# What the build, the tests and the screen need, by Debian package name.
# libclang-rt-14-dev: the sanitizer and libFuzzer runtimes of the fuzz build, only recommended by
# clang (and this script installs without recommends).
packages=(gcc meson ninja-build pkg-config python3 libsdl2-dev libsdl2-ttf-dev libcglm-dev check
          libjansson-dev clang libclang-rt-14-dev xvfb xauth)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]})); then
  if [ "$(id -u)" -eq 0 ]; then
    echo "volley-setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "volley-setup: these Debian packages are missing: ${missing[*]}" >&2
    echo "Install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    echo "then run this command again." >&2
    exit 1
  fi
fi

setup_build() { # dir, then meson options
  local dir=$1
  shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" >/dev/null
  fi
  ninja -C "$dir" >/dev/null
}

case "$mode" in
play)
  setup_build build
  exec ./build/volley play "$@"
  ;;
test)
  total_pass=0
  total_fail=0
  run_suite() { # label, then the meson test command
    local label=$1
    shift
    local log
    log=$(mktemp)
    if "$@" >"$log" 2>&1; then status=0; else status=1; fi
    cat "$log"
    local ok fail to bad late=""
    ok=$(awk '/^Ok:/{print $2}' "$log" | tail -n1)
    fail=$(awk '/^Fail:/{print $2}' "$log" | tail -n1)
    to=$(awk '/^Timeout:/{print $2}' "$log" | tail -n1)
    rm -f "$log"
    bad=$((${fail:-0} + ${to:-0})) # a suite that timed out failed
    total_pass=$((total_pass + ${ok:-0}))
    total_fail=$((total_fail + bad))
    if [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then
      total_fail=$((total_fail + 1)) # the runner itself failed
    fi
    [ "${to:-0}" -gt 0 ] && late=" (${to} timed out)"
    echo "== $label: ${ok:-0} ok, ${bad} failed${late}"
  }

  build_or_fail() { # label, then setup_build's arguments; a failed build counts as a failure
    local label=$1
    shift
    if ! setup_build "$@"; then
      echo "== $label: the build failed"
      total_fail=$((total_fail + 1))
      return 1
    fi
  }

  echo "== build (gcc, debugoptimized)"
  if build_or_fail "build" build; then
    run_suite "all suites" meson test -C build --print-errorlogs
  fi

  echo "== build with AddressSanitizer and UndefinedBehaviorSanitizer"
  if build_or_fail "sanitizer build" build-asan -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug; then
    # Unoptimised and instrumented, the suites run several times slower than in the build above:
    # their time limits (there to catch a hang; speed is measured by volley bench) stretch with them.
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      CK_TIMEOUT_MULTIPLIER=4 run_suite "core suites under ASan+UBSan" meson test -C build-asan --suite core --print-errorlogs --timeout-multiplier 4
  fi

  echo "== scenario-loader fuzz target (clang, libFuzzer), a short run over the seed corpus"
  if CC=clang build_or_fail "fuzz build" build-fuzz -Dfuzz=true -Db_lundef=false -Dtests=true; then
    run_suite "fuzz" meson test -C build-fuzz --suite fuzz --print-errorlogs
  fi

  echo
  echo "Summary: ${total_pass} passed, ${total_fail} failed"
  [ "$total_fail" -eq 0 ]
  ;;
*)
  echo "usage: $0 play|test" >&2
  exit 2
  ;;
esac
