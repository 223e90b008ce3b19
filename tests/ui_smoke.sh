#!/usr/bin/env bash
# The real volley binary on a virtual X display (xvfb-run): a script of injected events plays a
# few orders on the tutorial, then a screenshot is written and checked (a PNG, the window's size,
# and not a blank frame). Also: the replay viewer on a saved game, and the text fallback when no
# display can be opened. Saves go where the screen puts them, $XDG_DATA_HOME/volley/saves (a
# scratch one per part here). Skips (exit 77) when xvfb-run is not installed.
# Usage: ui_smoke.sh VOLLEY SOURCE_ROOT
set -euo pipefail
volley=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# Never the tester's own saves folder: each part below names its own.
export XDG_DATA_HOME=$work/data
fail=0
check() { # description, then a command that must succeed
  local what=$1
  shift
  if "$@"; then
    echo "ok - $what"
  else
    echo "not ok - $what"
    fail=1
  fi
}

# A PNG of the expected size with more than a handful of colours (python3 is in the build deps).
png_ok() { # file width height
  python3 - "$@" <<'PY'
import struct, sys, zlib
path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
d = open(path, 'rb').read()
assert d[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
i, idat, ihdr = 8, b'', None
while i < len(d):
    n = struct.unpack('>I', d[i:i + 4])[0]
    t = d[i + 4:i + 8]
    body = d[i + 8:i + 8 + n]
    crc = struct.unpack('>I', d[i + 8 + n:i + 12 + n])[0]
    assert zlib.crc32(t + body) & 0xffffffff == crc, 'bad CRC in ' + t.decode()
    if t == b'IHDR':
        ihdr = struct.unpack('>IIBBBBB', body)
    elif t == b'IDAT':
        idat += body
    i += 12 + n
assert ihdr and ihdr[0] == w and ihdr[1] == h, 'size %r' % (ihdr,)
assert ihdr[2] == 8 and ihdr[3] in (2, 6), '8-bit RGB or RGBA, not %r' % (ihdr,)
bpp = 3 if ihdr[3] == 2 else 4
raw = zlib.decompress(idat)
stride = w * bpp + 1
assert len(raw) == stride * h, 'pixel data length'
# Undo the row filters (none, sub, up, average, Paeth) and count colours on a sample of rows.
prev = bytearray(w * bpp)
colours = set()
n = w * bpp
for y in range(h):
    f, row = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
    assert f <= 4, 'filter %d' % f
    if f == 1:
        for x in range(bpp, n):
            row[x] = (row[x] + row[x - bpp]) & 255
    elif f == 2:
        row = bytearray((a + b) & 255 for a, b in zip(row, prev))
    elif f == 3:
        for x in range(n):
            row[x] = (row[x] + (((row[x - bpp] if x >= bpp else 0) + prev[x]) >> 1)) & 255
    elif f == 4:
        for x in range(n):
            a = row[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if y % 8 == 0:
        colours.update(bytes(row[k:k + 3]) for k in range(0, len(row), bpp * 7))
    prev = row
assert len(colours) > 50, 'only %d colours: a blank frame?' % len(colours)
PY
}

# A scenario that cannot be played: its problems are printed as ever and, with a display (SDL's
# offscreen driver, no X needed), listed in a small window with a Quit button; exit 1 either way.
# SDL's dummy driver draws nowhere: printed only, no window.
broken=$root/tests/malformed/scenarios/duplicate-objective-ids.json
set +e
SDL_VIDEODRIVER=offscreen "$volley" play "$broken" --software --size 900x600 --screenshot broken.png \
  >broken.out 2>broken.err
rc=$?
SDL_VIDEODRIVER=dummy "$volley" play "$broken" --software --screenshot broken-dummy.png >/dev/null 2>broken-dummy.err
rc_dummy=$?
set -e
check "play BROKEN.json: exit 1 with a display" test "$rc" -eq 1
check "play BROKEN.json: the located problem is printed" grep -q 'duplicate-objective-ids.json:13:14: victory.objectives\[1\].id' broken.err
check "play BROKEN.json: the problems' window is drawn (offscreen)" png_ok broken.png 900 600
check "play BROKEN.json: exit 1 and the problem printed under the dummy driver" \
  bash -c "test $rc_dummy -eq 1 && grep -q 'duplicate-objective-ids.json:13:14' broken-dummy.err"
check "play BROKEN.json: no window under the dummy driver" test ! -e broken-dummy.png

if ! command -v xvfb-run >/dev/null; then
  echo "xvfb-run is not installed: skipping the screen smoke test"
  if [ "$fail" -ne 0 ]; then exit 1; fi
  exit 77
fi

cat > play.script <<'SCRIPT'
# Confederate artillery, fire and charge phases pass; then the 1st Tennessee advances 4 in
# and the 13th Alabama turns; overlays 2 and 5 on; the last frame shows a drag in progress.
key Return
key Return
key Return
click-unit c_1tn
drag-unit c_1tn 3 0.6
drag-corner c_13al right 0 -2
key 2
key 5
press-at c_marye
move-at c_marye 2 -1
move-at c_marye 4 -2
SCRIPT
check "play: a scripted game writes a screenshot" \
  xvfb-run -a -s "-screen 0 1400x900x24" "$volley" play "$root/scenarios/tutorial.json" --seed 3 \
  --script play.script --screenshot play.png
check "play: the screenshot is a 1280x800 PNG with a picture in it" png_ok play.png 1280 800
check "play: the screenshot is not trivially small" test "$(stat -c %s play.png)" -gt 20000

# A short computer-vs-computer game on the screen, its plans shown (overlay 6), saved; then the
# replay viewer on that save.
cat > watch.script <<'SCRIPT'
overlay 6 on
wait 20000
key s ctrl
SCRIPT
check "play: two computer players and a save" \
  xvfb-run -a -s "-screen 0 1400x900x24" "$volley" play "$root/scenarios/tutorial.json" --seed 5 \
  --players computer,computer --ai-delay 0 --script watch.script --screenshot watch.png
save=$(ls "$XDG_DATA_HOME"/volley/saves/*.vlog 2>/dev/null | head -n 1 || true)
check "play: the save exists in \$XDG_DATA_HOME/volley/saves" test -n "$save"
if [ -n "$save" ]; then
  check "the save replays" "$volley" replay "$save"
  cat > replay.script <<'SCRIPT'
key End
key Left shift
key Left
SCRIPT
  check "replay --view: stepping through a save writes a screenshot" \
    xvfb-run -a -s "-screen 0 1400x900x24" "$volley" replay "$save" --view --script replay.script \
    --screenshot replay.png
  check "replay --view: the screenshot is a PNG with a picture in it" png_ok replay.png 1280 800
fi

# No scenario named: the new-game menu opens with the players of --players chosen, and Enter starts
# the tutorial with them (the save records who plays).
mkdir -p menu && cd menu
export XDG_DATA_HOME=$work/menu/data
printf 'key Return\nwait 3000\nkey s ctrl\n' > menu.script
check "play: the menu starts a game with the players of --players" \
  xvfb-run -a -s "-screen 0 1400x900x24" "$volley" play --players human,ai:hard --ai-delay 0 \
  --script menu.script --screenshot menu.png
menu_save=$(ls "$XDG_DATA_HOME"/volley/saves/*.vlog 2>/dev/null | head -n 1 || true)
check "play: the menu's game was saved" test -n "$menu_save"
check "play: ...with the Confederates played by the hard commander" grep -q '"players": *"human,ai:hard"' \
  "${menu_save:-/dev/null}"
cd "$work"

# A whole hot-seat game of the tutorial with the mouse alone: clicks on units and buttons, drags to
# move and to charge, End phase and a click on each hand-over to the end, then Save; then the replay
# viewer plays the save by its buttons.
mkdir -p mouse && cd mouse
export XDG_DATA_HOME=$work/mouse/data
saves=$XDG_DATA_HOME/volley/saves
{
  cat <<'SCRIPT'
click-button end-phase
click-button end-phase
click-button end-phase
drag-unit c_1tn 5 0.9
click-unit c_13al
click-button line
click-unit c_marye
click-button limber
click-button end-phase
click-button end-phase
click 300 300
click-button reaction cavalry
click-unit u_calef
click-unit c_13al
click-unit c_13al
click-button end-phase
click-button end-phase
click-button end-phase
click-unit u_8ny
click-button double
drag-unit u_8ny -2 0.2
click-button end-phase
click-button end-phase
click 300 300
click-button end-phase
click-button end-phase
drag-unit-to c_1tn u_8il
SCRIPT
  # The rest of turn 2 (charge, movement, rally), then turns 2 to 8 phase by phase. Once the game
  # is over End phase only says so and a click on the table only selects.
  printf 'click-button end-phase\nclick-button end-phase\nclick-button end-phase\nclick 300 300\n'
  for i in $(seq 13); do
    printf 'click-button end-phase\n%.0s' 1 2 3 4 5
    printf 'click 300 300\n'
  done
  printf 'click-button save\n'
} > game.script
check "play: a whole tutorial game with the mouse alone, saved" \
  xvfb-run -a -s "-screen 0 1400x900x24" "$volley" play "$root/scenarios/tutorial.json" --seed 3 \
  --script game.script --screenshot game.png
msave=$(ls "$saves"/*.vlog 2>/dev/null | head -n 1 || true)
check "play: the mouse-played game was saved" test -n "$msave"
if [ -n "$msave" ]; then
  check "the mouse-played game is over and replays" bash -c "'$volley' replay '$msave' | grep -q '^result: '"
  check "the mouse-played game has a charge, a formation change and standing orders" \
    bash -c "grep -q '\"charge\"' '$msave' && grep -q 'form:line' '$msave' && grep -q '\"reactions\"' '$msave'"
  # The menu lists the saves: an older copy goes second; the newest is watched, played by the
  # viewer's play button.
  cp "$msave" "$saves"/older.vlog && touch -d '1 hour ago' "$saves"/older.vlog
  printf 'click-button save-row 1\nclick-button menu-watch\nclick-button replay-play\nwait 3000\n' > watch.script
  check "menu: watch the newest save, played by the viewer's buttons" \
    xvfb-run -a -s "-screen 0 1400x900x24" "$volley" play --menu --script watch.script --screenshot watch.png
  check "menu: the viewer's picture" png_ok watch.png 1280 800
fi
cd ..

# No display: the text summary, saying why.
check "play without a display falls back to the text summary" \
  bash -c "env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=x11 '$volley' play '$root/scenarios/tutorial.json' \
    >text.out 2>text.err && grep -q 'Chambersburg' text.out && grep -q 'no display' text.err"
check "play --text prints the summary" bash -c "'$volley' play --text '$root/scenarios/tutorial.json' | grep -q 'nearest enemy'"
exit $fail
