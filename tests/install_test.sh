#!/usr/bin/env bash
# meson install --destdir into a scratch folder, then the installed binary from another folder, with
# no VOLLEY_DATA_DIR: it must find its own data (paths.h: <bindir>/../share/volley), print the
# project's version, validate and play the installed scenarios, and the rest of the install (desktop
# entry, icon, man page, headers, pkg-config file) must be there. The installed screen opens its menu
# with no display (SDL's offscreen driver), a game saved from it lands in $XDG_DATA_HOME/volley/saves,
# and the stripped binary names no folder of the source or build tree.
# Usage: install_test.sh BUILD_ROOT PREFIX BINDIR DATADIR MANDIR VERSION
set -u
build=$1 prefix=$2 bindir=$3 datadir=$4 mandir=$5 version=$6
source_root=$(cd "$(dirname "$0")/.." && pwd -P)
build=$(cd "$build" && pwd -P)
unset VOLLEY_DATA_DIR
dest=$(mktemp -d)
away=$(mktemp -d)
trap 'rm -rf "$dest" "$away"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok   - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL - $1"; }
check() { # description, then a command that must succeed
  local what=$1
  shift
  if "$@" >"$away/out" 2>&1; then ok "$what"; else bad "$what"; sed 's/^/     | /' "$away/out" | head -20; fi
}
under() { # an install path, absolute or relative to the prefix, inside the destdir
  case $1 in /*) echo "$dest$1" ;; *) echo "$dest$prefix/$1" ;; esac
}

# Stripped, as a distribution ships it: what is left is what the program itself holds.
if ! meson install -C "$build" --destdir "$dest" --no-rebuild --strip --quiet >"$away/install.log" 2>&1; then
  sed 's/^/     | /' "$away/install.log" | tail -20
  echo "FAIL - meson install --destdir"
  echo "0 passed, 1 failed"
  exit 1
fi
ok "meson install --destdir"
volley=$(under "$bindir")/volley
data=$(under "$datadir")/volley
cd "$away"

check "the binary is installed" test -x "$volley"
check "volley --version prints the project version" bash -c "[ \"\$('$volley' --version)\" = 'volley $version' ]"
check "volley version says the same" bash -c "[ \"\$('$volley' version)\" = 'volley $version' ]"
for f in "$data"/scenarios/*.json; do
  check "installed $(basename "$f") validates" "$volley" validate "$f"
done
check "the font is installed" test -s "$data/assets/DejaVuSans.ttf"
check "sim plays the installed tutorial from another folder" \
  "$volley" sim "$data/scenarios/tutorial.json" --seed 1 --log "$away/full.vlog"
check "sim finds the tutorial by name in the installed data" "$volley" sim tutorial --seed 1 --log "$away/named.vlog"
check "...and its log names the installed scenario" grep -q "\"scenario\":\"$data/scenarios/tutorial.json\"" "$away/named.vlog"
check "the saved game replays" "$volley" replay "$away/named.vlog"
check "play without a scenario opens the installed tutorial (text)" \
  bash -c "'$volley' play --text | grep -q 'Chambersburg'"
check "a data folder named by VOLLEY_DATA_DIR wins" \
  bash -c "mkdir -p alt && cp -r '$data'/scenarios '$data'/assets alt/ &&
           VOLLEY_DATA_DIR=\$PWD/alt '$volley' sim tutorial --seed 1 --log alt.vlog >/dev/null &&
           grep -q '\"scenario\":\"'\$PWD'/alt/scenarios/tutorial.json\"' alt.vlog"
check "a VOLLEY_DATA_DIR that is no folder is refused, saying so" \
  bash -c "! VOLLEY_DATA_DIR=/nonexistent '$volley' play --text 2>err.txt && grep -q VOLLEY_DATA_DIR err.txt"

# The game screen of the installed binary, from this folder, with no display: the new-game menu
# lists the installed scenarios; Enter starts the tutorial and Ctrl+S saves its opening position,
# before any command, where saves belong (such a save replays: its check is of the started game).
xdg=$away/xdg # not there yet: the first save makes it
png_size() { # file: "WIDTHxHEIGHT" of a PNG
  python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); assert d[:8]==b"\x89PNG\r\n\x1a\n"; print("%dx%d" % struct.unpack(">II", d[16:24]))' "$1"
}
screen() { # the installed screen, offscreen, its saves under $xdg
  env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=offscreen XDG_DATA_HOME="$xdg" "$volley" play --software "$@"
}
printf 'wait 100\n' >menu.script
check "the installed screen opens the menu offscreen and writes a screenshot" \
  screen --script menu.script --screenshot "$away/menu.png"
check "...a 1280x800 PNG" test "$(png_size "$away/menu.png" 2>/dev/null)" = 1280x800
check "...and nothing is saved by looking" test ! -e "$xdg"
printf 'key Return\nkey s ctrl\n' >save.script
check "a game started from the installed menu and saved" screen --script save.script --screenshot "$away/game.png"
saved=$(ls "$xdg"/volley/saves/tutorial-*.vlog 2>/dev/null | head -n 1)
check "...lands in \$XDG_DATA_HOME/volley/saves" test -n "$saved"
check "...a folder of the player's own (mode 700)" bash -c "[ \"\$(stat -c %a '$xdg/volley/saves')\" = 700 ]"
check "...and the save replays" "$volley" replay "${saved:-/nonexistent}"
check "nothing was written into the current folder" bash -c "[ ! -e saves ]"
if command -v strings >/dev/null; then
  check "the installed binary names no source or build folder" \
    bash -c "! strings '$volley' | grep -F -e '$source_root' -e '$build'"
fi

share=$(under "$datadir")
check "the desktop entry is installed" test -s "$share/applications/volley.desktop"
check "the icon is installed" test -s "$share/icons/hicolor/scalable/apps/volley.svg"
man=$(under "$mandir")/man1/volley.1
check "the man page is installed" test -s "$man"
check "desktop-file-validate finds nothing" desktop-file-validate "$share/applications/volley.desktop"
# desktop-file-validate and groff come from desktop-file-utils and groff-base (volley-setup.sh).
check "the man page formats without a warning" bash -c "[ -z \"\$(groff -z -wall -man '$man' 2>&1)\" ]"
check "the headers are installed" test -s "$(under include)/volley/volley.h"
check "a pkg-config file is installed" bash -c "ls '$dest$prefix'/lib*/volley.pc '$dest$prefix'/lib*/*/pkgconfig/volley.pc \
  '$dest$prefix'/lib*/pkgconfig/volley.pc 2>/dev/null | grep -q ."

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
