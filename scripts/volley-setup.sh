#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: install what is missing, build, then play (the
# default scenario) or run the tests, in two tiers. Run from anywhere:
#   ./scripts/volley-setup.sh play            install, build, open the default scenario
#   ./scripts/volley-setup.sh test            the first tier, about 4 minutes on 2 cores from a fresh
#                                             clone: every Check suite, the scenario and screen tests,
#                                             a short soak, the core suites under ASan+UBSan and a
#                                             short run of each fuzz target (scenarios, saves)
#   ./scripts/volley-setup.sh soak            the second tier, about 17 minutes: the commander's long
#                                             game batches and the long soak (1000 games a scenario)
#   ./scripts/volley-setup.sh soak --medium   the same with a medium soak (500), about 10 minutes
# Run the second tier before resolving an issue that changes how the game rules. Each ends with the
# line "Summary: N passed, N failed" (tests) and a non-zero status on any failure.
# As root it installs the missing Debian packages itself; otherwise it prints the exact apt-get
# line to run and stops.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
mode=${1:-play}
shift || true

# What the build, the tests and the screen need, by Debian package name.
# libclang-rt-14-dev: the sanitizer and libFuzzer runtimes of the fuzz build, only recommended by
# clang (and this script installs without recommends). The scenario fuzz target draws with the
# screen's code, so it links SDL2, SDL2_ttf, SDL2_image and cglm, listed already for the screen.
# desktop-file-utils and groff-base: the install test checks the desktop entry and the man page.
packages=(gcc meson ninja-build pkg-config python3 libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libcglm-dev check
          libjansson-dev clang libclang-rt-14-dev xvfb xauth desktop-file-utils groff-base)

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

configure() { # dir, then meson options (given again to a build folder set up before)
  local dir=$1
  shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" >/dev/null
  elif (($#)); then
    meson configure "$dir" "$@" >/dev/null
  fi
}

setup_build() { # dir, then meson options: everything
  configure "$@"
  ninja -C "$1" >/dev/null
}

suite_targets() { # dir suite: the executables the suite's tests run, relative to dir
  meson introspect "$1" --tests | python3 -c '
import json, os, sys
top, suite = os.path.realpath(sys.argv[1]), sys.argv[2]
for t in json.load(sys.stdin):
    exe = os.path.realpath(t["cmd"][0])
    if any(s.split(":")[-1] == suite for s in t["suite"]) and exe.startswith(top + os.sep):
        print(os.path.relpath(exe, top))' "$1" "$2" | sort -u
}

setup_suite() { # dir suite, then meson options: only what that suite runs
  local dir=$1 suite=$2
  shift 2
  configure "$dir" "$@"
  local targets
  targets=$(suite_targets "$dir" "$suite")
  [ -n "$targets" ] || { echo "no tests in suite $suite" >&2; return 1; }
  # shellcheck disable=SC2086 # one target a word
  ninja -C "$dir" $targets >/dev/null
}

total_pass=0
total_fail=0
run_suite() { # label, then the meson test command
  local label=$1
  shift
  local log
  log=$(mktemp)
  # shown as it runs (a soak prints nothing for minutes otherwise), and kept to count
  if "$@" 2>&1 | tee "$log"; then status=0; else status=1; fi
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

build_or_fail() { # label, then a build function and its arguments; a failed build counts as a failure
  local label=$1
  shift
  if ! "$@"; then
    echo "== $label: the build failed"
    total_fail=$((total_fail + 1))
    return 1
  fi
}

summary() {
  echo
  echo "Summary: ${total_pass} passed, ${total_fail} failed"
  [ "$total_fail" -eq 0 ]
}

stage() { echo "== $1 ($(date -u +%H:%M:%S))"; }

case "$mode" in
play)
  setup_build build
  exec ./build/volley play "$@"
  ;;
test)
  stage "build (gcc, debugoptimized)"
  if build_or_fail "build" setup_build build; then
    run_suite "all suites but the second tier's" meson test -C build --print-errorlogs \
      --no-suite long --no-suite soak_medium --no-suite soak
  fi

  stage "build with AddressSanitizer and UndefinedBehaviorSanitizer (the core suites)"
  asan_built=false
  build_or_fail "sanitizer build" setup_suite build-asan core \
    -Db_sanitize=address,undefined -Db_lundef=false -Doptimization=1 -Ddebug=true && asan_built=true

  # The fuzz targets build meanwhile: the commander's suite, the longest, keeps only one core busy.
  fuzz_log=$(mktemp)
  (CC=clang setup_suite build-fuzz fuzz -Dfuzz=true -Db_lundef=false -Dtests=true) >"$fuzz_log" 2>&1 &
  fuzz_build=$!

  if $asan_built; then
    stage "the core suites under ASan+UBSan"
    # -O1, as the sanitizers' authors advise: unoptimised, the commander's games ran about three
    # times slower again (the suites took five minutes). Instrumented, the suites still run several
    # times slower than in the build above: their time limits (there to catch a hang; speed is
    # measured by volley bench) stretch with them.
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      CK_TIMEOUT_MULTIPLIER=4 run_suite "core suites under ASan+UBSan" meson test -C build-asan --no-rebuild \
      --suite core --print-errorlogs --timeout-multiplier 4
  fi

  stage "fuzz targets (clang, libFuzzer): the scenario loader and the save reader, a short run each over their seeds"
  if wait "$fuzz_build"; then
    cat "$fuzz_log"
    run_suite "fuzz" meson test -C build-fuzz --no-rebuild --suite fuzz --print-errorlogs
  else
    cat "$fuzz_log"
    echo "== fuzz build: the build failed"
    total_fail=$((total_fail + 1))
  fi
  rm -f "$fuzz_log"
  stage "done"
  summary
  ;;
soak)
  soak=soak
  if [ "${1:-}" = "--medium" ]; then
    soak=soak_medium
  elif [ -n "${1:-}" ]; then
    echo "usage: $0 soak [--medium]" >&2
    exit 2
  fi
  stage "build (gcc, debugoptimized)"
  if build_or_fail "build" setup_build build; then
    run_suite "the commander's long game batches and the soak ($soak)" meson test -C build --print-errorlogs \
      --suite long --suite "$soak"
  fi
  stage "done"
  summary
  ;;
*)
  echo "usage: $0 play|test|soak [--medium]" >&2
  exit 2
  ;;
esac
