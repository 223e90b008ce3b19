#!/usr/bin/env bash
# Scenario-level tests of the real binary: shipped scenarios validate, broken files are refused with
# file:line:column messages and a non-zero exit, `volley query` answers match docs/geometry.md by hand.
# Usage: cli_test.sh VOLLEY SOURCE_ROOT
set -u
volley=$1
root=$2
data=$root/tests/data
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); echo "ok   - $1"; }
bad() { fail=$((fail + 1)); echo "FAIL - $1"; }

# expect NAME EXIT_CODE GREP_PATTERN -- command...
expect() {
  local name=$1 code=$2 pattern=$3
  shift 4
  "$@" >"$tmp/out" 2>&1
  local rc=$?
  if [ "$rc" -ne "$code" ]; then
    bad "$name (exit $rc, wanted $code)"
    sed 's/^/     | /' "$tmp/out" | head -20
  elif [ -n "$pattern" ] && ! grep -qE -- "$pattern" "$tmp/out"; then
    bad "$name (output lacks /$pattern/)"
    sed 's/^/     | /' "$tmp/out" | head -20
  else
    ok "$name"
  fi
}

for f in "$root"/scenarios/*.json; do
  [ -e "$f" ] || continue
  expect "shipped scenario $(basename "$f") validates" 0 ": ok$" -- "$volley" validate "$f"
  expect "shipped scenario $(basename "$f") answers query" 0 '"pairs"' -- "$volley" query "$f"
  expect "shipped scenario $(basename "$f") opens in play (text)" 0 "" -- "$volley" play --text "$f"
done
expect "the default play command falls back to text without a screen" 0 "Tutorial" -- "$volley" play --text

expect "a wrong type names file, line, column and path" 1 \
  "broken-facing.json:8:40: units\[0\]\.facing: expected a number" -- "$volley" validate "$data/broken-facing.json"
expect "a syntax error names line and column" 1 "broken-syntax.json:5:9: " -- "$volley" validate "$data/broken-syntax.json"
expect "overlapping units are refused" 1 "units\[1\]\.position: u2 overlaps u1" -- "$volley" validate "$data/broken-overlap.json"
expect "a unit in a building is refused" 1 "u3: footprint overlaps building barn" -- "$volley" validate "$data/broken-overlap.json"
expect "a unit off the table is refused" 1 "u4: base 0 lies partly off the 96 x 48 table" -- "$volley" validate "$data/broken-overlap.json"
expect "every file is checked, good and bad" 1 "mill.json: ok" -- "$volley" validate "$data/broken-facing.json" "$data/mill.json"
expect "a missing file is refused" 1 "no-such-file.json: cannot open" -- "$volley" validate "$tmp/no-such-file.json"
expect "query refuses a broken file" 1 "units\[0\]\.facing" -- "$volley" query "$data/broken-facing.json"
expect "play names the players it takes for a wrong word" 2 '"ai:expert" is not a player; each side is human, computer .*ai:easy, ai:normal, ai:hard or random' \
  -- "$volley" play --text --players human,ai:expert
expect "play refuses three players" 2 "names more than two players" -- "$volley" play --text --players human,ai,random
expect "play takes the computer at a level" 0 "Tutorial" -- "$volley" play --text --players ai:hard,human
expect "play takes the random player and one word for both" 0 "Tutorial" -- "$volley" play --text --players random
expect "sim --explain prints the commander's goals" 0 'goal of Gamble: (take|hold|attack|finish off)' \
  -- "$volley" sim "$root/scenarios/tutorial.json" --seed 3 --players ai,random --log "$tmp/explain.vlog" --explain
expect "sim --explain gives each decision a reason" 0 'artillery +Calef.s Battery A +artillery_fire +fire at [0-9]+[a-z]+ [A-Z][a-z]+: [0-9]+ dice' \
  -- "$volley" sim "$root/scenarios/tutorial.json" --seed 3 --players ai,random --log "$tmp/explain.vlog" --explain
# Issue 37: the text of replay --dice --events names units (ids only behind --ids); a roll made for
# the other side in a player's phase says so.
"$volley" replay "$tmp/explain.vlog" --dice --events >"$tmp/replay.txt" 2>&1
if grep -qE '\b[uc]_[a-z0-9]+\b|\bub1\b|\bcb1\b|\bo_[a-z_]+\b' "$tmp/replay.txt"; then
  bad "replay --dice --events names no unit, brigade or objective by id"
  grep -E '\b[uc]_[a-z0-9]+\b|\bub1\b|\bcb1\b|\bo_[a-z_]+\b' "$tmp/replay.txt" | head -5 | sed 's/^/     | /'
else
  ok "replay --dice --events names no unit, brigade or objective by id"
fi
expect "replay --dice --events names the units" 0 "Calef's Battery A at (1st Tennessee|13th Alabama)" \
  -- "$volley" replay "$tmp/explain.vlog" --dice --events
expect "replay --dice marks a roll made for the other side" 0 '^T1  artillery Union      roll GOR-FIRE-5 +\[[0-9 ]+\]  by Confederate: ' \
  -- "$volley" replay "$tmp/explain.vlog" --dice
expect "replay --ids names units by id" 0 'u_calef at c_(1tn|13al)' -- "$volley" replay "$tmp/explain.vlog" --dice --ids
expect "the morale line says needs N as the dice log does" 0 'tests morale for .*: [0-9]+, needs [0-9]+, (passes|fails by [0-9]+)$' \
  -- "$volley" replay "$tmp/explain.vlog" --events
expect "replay --summary heads each player turn" 0 '^Turn 2, the Union: [0-9]+ HITs? given, [0-9]+ taken$' \
  -- "$volley" replay "$tmp/explain.vlog" --summary
expect "replay --summary names the units that took HITs" 0 "^  (Calef's Battery A|13th Alabama|1st Tennessee|8th [A-Za-z ]+) took [0-9]+ HITs? \\(now [0-9]+\\)$" \
  -- "$volley" replay "$tmp/explain.vlog" --summary
expect "replay --summary names objectives changing hands" 0 '^  (Herbst Woods|Chambersburg Pike crossing of Willoughby Run): (taken by|no longer held by) the (Union|Confederate)$' \
  -- "$volley" replay "$tmp/explain.vlog" --summary
expect "sim refuses a player it does not know" 2 'players "ai:expert,random": give two' \
  -- "$volley" sim "$root/scenarios/tutorial.json" --players ai:expert,random
expect "sim has no screen, so no human" 2 'no side can be human' \
  -- "$volley" sim "$root/scenarios/tutorial.json" --players human,ai
expect "play refuses a broken file" 1 "units\[0\]\.facing" -- "$volley" play --text "$data/broken-facing.json"
expect "edit refuses a file it cannot read, with line and column" 1 "broken-syntax.json:5:9: " \
  -- "$volley" edit "$data/broken-syntax.json"
expect "edit refuses a wrong type, with line and column" 1 "broken-facing.json:8:40: units\[0\]\.facing" \
  -- "$volley" edit "$data/broken-facing.json"
expect "edit: an unknown flag is a usage error" 2 "usage: volley edit" -- "$volley" edit --frob
expect "an unknown command is a usage error" 2 "unknown command" -- "$volley" frobnicate
expect "an unknown query flag is a usage error" 2 "unknown option" -- "$volley" query --frob "$data/mill.json"

# Numeric flags are read strictly: a sign, trailing text, an empty word or a number out of range is a
# usage error naming the flag, its range and the word given, never taken as something else.
tut=$root/scenarios/tutorial.json
expect "sim --seed -5 is refused" 2 '--seed takes a whole number from 0 to 18446744073709551615, not "-5"' -- "$volley" sim "$tut" --seed -5
expect "sim --seed that overflows is refused" 2 'not "99999999999999999999"' -- "$volley" sim "$tut" --seed 99999999999999999999
expect "sim --games 5x is refused" 2 '--games takes a whole number from 1 to 100000, not "5x"' -- "$volley" sim "$tut" --games 5x
expect "sim --games 0 is refused" 2 'not "0"' -- "$volley" sim "$tut" --games 0
expect "muster --count 3x is refused" 2 '--count takes a whole number from 1 to 1000, not "3x"' -- "$volley" muster --count 3x
expect "muster --year 1870 is refused" 2 '--year takes a whole number from 1861 to 1865' -- "$volley" muster --year 1870
expect "move --die 7 is refused" 2 '--die takes a whole number from 1 to 6, not "7"' -- "$volley" move "$data/mill.json" u1 advance:1 --die 7
expect "charge --die 0x1 is refused" 2 'not "0x1"' -- "$volley" charge "$data/mill.json" u1 --die 0x1
expect "bench --samples with nothing in it is refused" 2 '--samples takes a whole number' -- "$volley" bench geom --samples ""
expect "play --seed 1e3 is refused" 2 'not "1e3"' -- "$volley" play --text "$tut" --seed 1e3
# An answer that cannot be written is a failure: /dev/full takes nothing.
expect "query into a full disk fails, saying so" 1 "cannot write the output" -- bash -c "'$volley' query '$tut' >/dev/full"
expect "rules into a full disk fails, saying so" 1 "cannot write the output" -- bash -c "'$volley' rules >/dev/full"
expect "sim --seed 18446744073709551615 is taken" 0 "final state" -- "$volley" sim "$tut" --seed 18446744073709551615 --log "$tmp/max.vlog"
expect "validate with no file is a usage error" 2 "usage" -- "$volley" validate
expect "an unknown bench is a usage error" 2 "unknown benchmark" -- "$volley" bench frobnicate
expect "bench --scale generates a battle the loader accepts and plays it" 0 "   50      120 x 76      2450" -- \
  "$volley" bench --scale --units 50 --samples 1 --level easy
expect "bench --scale wants whole brigades" 2 "give a multiple of 10" -- "$volley" bench --scale --units 55
if "$volley" bench --scale --units 50 --samples 1 --level easy --json >"$tmp/scale.json" 2>"$tmp/scale.err" &&
   python3 - "$tmp/scale.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bench"] == "scale" and d["scenario"] is None and d["level"] == "easy" and d["samples"] == 1, d
(r,) = d["rows"]
assert r["units"] == 50 and r["table"] == [120, 76] and r["ordered_pairs"] == 2450, r
assert 0 < r["clear"] < 2450, r
for k in ("sight_pass_ms", "sight_per_pair_us", "all_pairs_ms", "random_game_ms", "commander_turn_s"):
    assert isinstance(r[k], (int, float)) and r[k] > 0, (k, r)
assert r["turns"] >= 1 and r["commands"] > 0, r
PY
then ok "bench --scale --json parses and has every figure"; else bad "bench --scale --json parses and has every figure"; fi
: >"$tmp/empty.json"
expect "an empty file is refused" 1 "empty.json:" -- "$volley" validate "$tmp/empty.json"
printf '\x00\xff\xfe garbage' >"$tmp/binary.json"
expect "a binary file is refused" 1 "binary.json:" -- "$volley" validate "$tmp/binary.json"

# The resolvers from the command line (docs/resolvers-json.md).
expect "move: a legal advance" 0 '"legal":true' -- "$volley" move "$data/mill.json" u2 advance:3
expect "move: too far is illegal, exit 3" 3 'GOR-MOVE-2' -- "$volley" move "$data/mill.json" u2 advance:11
expect "move: a bad step is a usage error" 2 "cannot read step" -- "$volley" move "$data/mill.json" u2 sideways:3
expect "move: an unknown unit is named" 1 'no unit has id "nobody"' -- "$volley" move "$data/mill.json" nobody advance:1
expect "charge: every enemy gets a verdict" 0 '"target":"u2"' -- "$volley" charge "$data/mill.json" u1
expect "charge: a friend is no target" 3 "same side" -- "$volley" charge "$data/mill.json" u1 --target a1
expect "charge: unknown rules are a usage error" 2 "gor, jr3, gunson or all" -- "$volley" charge "$data/mill.json" u1 --rules napoleon
expect "charge: JR III verdicts" 0 '"rules":"jr3"' -- "$volley" charge "$data/mill.json" u1 --rules jr3
expect "charge: Gunson verdicts" 0 '"rules":"gunson"' -- "$volley" charge "$data/mill.json" u1 --rules gunson
expect "charge: all three charge systems side by side" 0 '"rules":"jr3"' -- "$volley" charge "$data/mill.json" u1 --rules all
expect "threats: one entry per unit" 0 '"threatened"' -- "$volley" threats "$data/mill.json"
expect "rules: every checklist id with its state" 0 "93 rules:" -- "$volley" rules
expect "rules --explain: a rule in plain words" 0 "normal move plus 5 in" -- "$volley" rules --explain GOR-CHG-2
expect "rules --explain: a ruling, the id in any case" 0 "never fired at" -- "$volley" rules --explain d-game-3
expect "rules --explain: an unknown id is refused, saying which ids there are" 1 "no rule \"GOR-NOPE-1\"" -- "$volley" rules --explain GOR-NOPE-1
expect "rules --explain without an id is a usage error" 2 "usage: volley rules --explain ID" -- "$volley" rules --explain

# Every rule the program calls done or partly done has a test that names its clause.
"$volley" rules --json >"$tmp/rules.json" 2>&1
missing=$(python3 - "$tmp/rules.json" "$root/tests" <<'PY'
import json, os, sys
rules = json.load(open(sys.argv[1]))
text = ""
for dirpath, _, files in os.walk(sys.argv[2]):
    for f in files:
        if f.endswith((".c", ".sh", ".json")):
            text += open(os.path.join(dirpath, f), errors="replace").read()
low = text.lower()
for r in rules:
    if r["state"] == "not yet":
        continue
    rid = r["id"]
    if rid not in text and rid.lower().replace("-", "_") not in low:
        print(rid)
PY
)
if [ -z "$missing" ]; then ok "every rule marked done or partly has a test naming it"; else bad "rules marked done or partly with no test naming them: $(echo $missing)"; fi

# Hand-computed answers for tests/data/mill.json (docs/geometry.md). Infantry bases are 100 x 50 mm, so a
# line is 200/25.4 = 7.874015748... in wide and 50/25.4 = 1.968503937... in deep.
"$volley" query "$data/mill.json" --explain >"$tmp/q.json" 2>&1
if python3 - "$tmp/q.json" <<'PY'
import json, sys, math
d = json.load(open(sys.argv[1]))
W, D = 100 / 25.4, 50 / 25.4
u = {x["id"]: x for x in d["units"]}
p = {(x["from"], x["to"]): x for x in d["pairs"]}
def near(a, b, tol=1e-9):
    assert abs(a - b) <= tol, (a, b)
n = len(d["units"])
assert len(d["pairs"]) == n * (n - 1), "every ordered pair once"
# u1: line facing north, anchor (30, 12.5): front face from (30 - W, 12.5) to (30 + W, 12.5).
ff = u["u1"]["front_face"]
near(ff[0][0], 30 - W); near(ff[0][1], 12.5); near(ff[1][0], 30 + W); near(ff[1][1], 12.5)
b0 = u["u1"]["bases"][0]  # front-left, front-right, rear-right, rear-left
near(b0[0][0], 30 - W); near(b0[1][0], 30); near(b0[2][1], 12.5 - D); near(b0[3][0], 30 - W)
# u2 faces south 10 in away, squarely: distance 10, in each other's primary zone and corridor.
x = p[("u1", "u2")]
near(x["distance"], 10); assert x["in_primary_zone"] and x["in_fire_corridor"] and x["in_artillery_arc"]
near(x["corridor_exposure"], 2 * W); assert x["line_of_fire_clear"]
# u3: a column of two bases facing east with its front at x = 15, standing inside woods w1
# ([10,20] x [10,18]): 3.937 x 3.937 box from x 11.063 to 15, y 14.031 to 17.969, wholly in the wood.
near(u["u3"]["terrain_under"]["woods"], 1, 1e-12)
near(u["u3"]["terrain_under"]["open"], 0, 1e-12)
# u1 to u3: corner (30 - W, 12.5) to corner (15, 16 - W/2).
near(p[("u1", "u3")]["distance"], math.hypot(30 - W - 15, (16 - W / 2) - 12.5))
assert not p[("u1", "u3")]["line_of_fire_clear"] and p[("u1", "u3")]["line_of_fire_blockers"] == ["w1"]
# The battery a1 (4 x 33 mm, unlimbered, facing north at (45, 12)) has no small-arms corridor.
assert not p[("a1", "u2")]["in_fire_corridor"] and p[("a1", "u2")]["corridor_exposure"] == 0
# u2 lies inside a1's 45-degree arc; u1, level with the battery's front and to its left, does not.
assert p[("a1", "u2")]["in_artillery_arc"] and not p[("a1", "u1")]["in_artillery_arc"]
# u3's smoothbore corridor is 6 in deep: u1 is 11 in away, so outside it.
assert not p[("u3", "u1")]["in_fire_corridor"]
# Symmetric distances.
for (a, b), v in p.items():
    near(v["distance"], p[(b, a)]["distance"], 0)
PY
then ok "query answers match hand computation (mill.json)"; else bad "query answers match hand computation (mill.json)"; fi

# Text from a scenario or a save goes to the terminal with its control characters escaped: a unit
# name, a scenario name and an event text holding ESC (which starts the terminal's escape sequences)
# and BEL come out as \x1b and \x07, never as the bytes, and the C1 control CSI (U+009B) as
# \u009b; a curly quote (E2 80 99 in UTF-8) and the rest of UTF-8 come out as they are.
python3 - "$tut" "$tmp/controls.json" "$tmp/controls-bad.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
t["name"] = "Ambush \u001b[2J at the \u0007 mill \u009b1m"
t["units"][0]["name"] = "8th \u001b[1m\u0007 Heth\u2019s"
t["events"] = [{"roll": [2, 12], "text": "A storm \u001b[31m breaks \u0007 over the field.", "effect": {"kind": "none"}}]
json.dump(t, open(sys.argv[2], "w"))
t["units"][1]["id"] = "u_\u001b[2Jbad"
t["units"][1]["brigade"] = "no-brigade-\u001b[5m"
json.dump(t, open(sys.argv[3], "w"))
PY
# no_controls NAME PATTERN -- command...: the pattern in the output, and no ESC, BEL or C1 control (CSI) in it
no_controls() {
  local name=$1 pattern=$2
  shift 3
  "$@" >"$tmp/out" 2>&1
  if LC_ALL=C grep -q -e $'[\x1b\x07]' -e $'\xc2[\x80-\x9f]' "$tmp/out"; then
    bad "$name (a raw control character reached the output)"
    sed 's/^/     | /' "$tmp/out" | head -5 | cat -v
  elif ! grep -qF -- "$pattern" "$tmp/out"; then
    bad "$name (output lacks $pattern)"
    sed 's/^/     | /' "$tmp/out" | head -5 | cat -v
  else
    ok "$name"
  fi
}
no_controls "play --text escapes the scenario's name" 'Ambush \x1b[2J at the \x07 mill \u009b1m' -- "$volley" play --text "$tmp/controls.json"
no_controls "play --text escapes a unit's name and keeps its curly quote" $'8th \\x1b[1m\\x07 Heth\xe2\x80\x99s' \
  -- "$volley" play --text "$tmp/controls.json"
no_controls "validate escapes the ids its problems quote" 'no-brigade-\x1b[5m' -- "$volley" validate "$tmp/controls-bad.json"
expect "sim plays the scenario with control characters" 0 "final state" \
  -- "$volley" sim "$tmp/controls.json" --seed 2 --log "$tmp/controls.vlog"
no_controls "replay --events escapes an event's text" 'A storm \x1b[31m breaks \x07 over the field.' \
  -- "$volley" replay "$tmp/controls.vlog" --events

# A scenario named by a word that is neither a file nor a shipped scenario: the file problem, then
# which scenarios are shipped; exit 1 like any file that cannot be read.
expect "sim nosuch says it is no file and no shipped scenario" 1 \
  '"nosuch" is neither a file here nor a shipped scenario; the shipped ones \(in .*\): brigade-action, full-battle, tutorial' \
  -- "$volley" sim nosuch
expect "play --text nosuch says the same" 1 'nosuch: cannot open' -- "$volley" play --text nosuch

# The answers without --explain (all pairs at once, vl_sight_all) are those with it (vl_sight pair by pair).
"$volley" query "$root/scenarios/brigade-action.json" >"$tmp/qa.json" 2>&1
"$volley" query "$root/scenarios/brigade-action.json" --explain >"$tmp/qe.json" 2>&1
if python3 - "$tmp/qa.json" "$tmp/qe.json" <<'PY'
import json, sys
a, e = (json.load(open(f)) for f in sys.argv[1:3])
assert len(a["pairs"]) == len(e["pairs"]) == 31 * 30
for x, y in zip(a["pairs"], e["pairs"]):
    assert (x["from"], x["to"]) == (y["from"], y["to"])
    assert x["line_of_fire_clear"] == y["line_of_fire_clear"], (x["from"], x["to"])
    assert "line_of_fire_witness" not in x and "line_of_fire_blockers" not in x
    assert ("line_of_fire_witness" in y) == y["line_of_fire_clear"]
assert sum(not x["line_of_fire_clear"] for x in a["pairs"]) > 100
PY
then ok "query: the answers without --explain are those with it"; else bad "query: the answers without --explain are those with it"; fi

# volley bench --json: one JSON object with every figure (name, unit, median, samples) for scripts.
for b in geom resolve game; do
  scen=$root/scenarios/tutorial.json
  if "$volley" bench $b --scenario "$scen" --samples 2 --json >"$tmp/bench-$b.json" 2>"$tmp/bench-$b.err" &&
     python3 - "$tmp/bench-$b.json" "$b" "$scen" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bench, scen = sys.argv[2], sys.argv[3]
assert d["bench"] == bench and d["scenario"] == scen and d["units"] == 8, d
want = {"geom": ["footprint distance", "primary-zone test", "line of sight", "line of sight, all pairs",
                 "sight, all pairs, threaded", "query over all pairs", "query with --explain"],
        "resolve": ["charge verdict with path (GOR)", "charge verdict with path (JR III)",
                    "charge verdict with path (Gunson)",
                    "movement verdict (advance 5, wheel 20)"],
        "game": ["whole game", "replay of its log"]}[bench]
assert [f["name"] for f in d["figures"]] == want, [f["name"] for f in d["figures"]]
for f in d["figures"]:
    assert f["unit"] in ("us", "ms"), f
    assert isinstance(f["median"], (int, float)) and f["median"] >= 0, f
    assert len(f["samples"]) == d["samples"] and sorted(f["samples"])[(len(f["samples"]) - 1) // 2] <= f["median"] + 1e-9
if bench == "geom":
    assert d["ordered_pairs"] == 56 and d["samples"] == 2
    q = d["figures"][5]
    assert q["clear"] + q["blocked"] == 56 and q["clear"] == 49, q
PY
  then ok "bench $b --json parses and has every figure"; else bad "bench $b --json parses and has every figure"; fi
done
if SDL_VIDEODRIVER=dummy "$volley" bench render --scenario "$root/scenarios/tutorial.json" --samples 3 --json \
     >"$tmp/render.json" 2>"$tmp/render.err" &&
   python3 - "$tmp/render.json" "$root/scenarios/tutorial.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bench"] == "render" and d["scenario"] == sys.argv[2] and d["units"] == 8 and d["samples"] == 3, d
assert (d["width"], d["height"]) == (1280, 800), d
names = [f["name"] for f in d["figures"]]
assert names[:4] == ["frame", "first frame", "panning", "panning, the cache drawn again"], names
assert len(names) == 11 and names[4] == "panning, no overlay", names
for f in d["figures"]:
    assert f["unit"] == "ms" and (f.get("median", f.get("mean")) or 0) >= 0, f
PY
then ok "bench render --json parses and has every figure"; else bad "bench render --json parses and has every figure"; fi

# volley sight (the sight probe's question from the command line) against volley query --explain: for
# pairs of the brigade action (no battery firing, so no rule of levels; none a reinforcement, which
# query puts on the table and the game not yet), base case and REP-601, the same answer, witness and
# blockers; then from a point on Dyer ridge, a point behind a wood, and a point in a blind zone.
ba=$root/scenarios/brigade-action.json
"$volley" query "$ba" --explain >"$tmp/sq.json" 2>&1 && "$volley" query "$ba" --explain --republic REP-601 >"$tmp/sq601.json" 2>&1
sight_ok=1
for opt in "" REP-601; do
  for pair in u_21il:u_35il u_21il:c_23tn u_81in:c_23tn c_17tn:u_101oh c_39nc:u_17in u_15wi:c_culpeper c_3tn:u_25il u_8ks:c_3tn; do
    "$volley" sight "$ba" --from "${pair%%:*}" --to "${pair##*:}" ${opt:+--option $opt} --json >"$tmp/s.json" 2>&1 || sight_ok=0
    python3 - "$tmp/sq${opt:+601}.json" "$tmp/s.json" "${pair%%:*}" "${pair##*:}" <<'PY' || sight_ok=0
import json, sys
q = json.load(open(sys.argv[1])); s = json.load(open(sys.argv[2]))
p = [p for p in q["pairs"] if p["from"] == sys.argv[3] and p["to"] == sys.argv[4]][0]
assert s["clear"] == p["line_of_fire_clear"], (sys.argv[3:], s, p)
assert abs(s["distance"] - p["distance"]) < 1e-12 and s["measured"] == "base edge to base edge"
if s["clear"]:
    assert s["witness"] == p["line_of_fire_witness"], (s["witness"], p["line_of_fire_witness"])
else:
    assert s["blockers"] == p["line_of_fire_blockers"], (s["blockers"], p["line_of_fire_blockers"])
PY
  done
done
[ "$sight_ok" = 1 ] && ok "volley sight agrees with volley query --explain" || bad "volley sight agrees with volley query --explain"
expect "volley sight from a point on a hill names it" 0 "on Dyer ridge, level 1 to 3rd Tennessee: clear" -- \
  "$volley" sight "$ba" --from 35,6 --to c_3tn
expect "volley sight: a wood between two points blocks" 0 "blocked by Brotherton orchard" -- \
  "$volley" sight "$ba" --from 36,30.5 --to 45,30.5
expect "volley sight: REP-601 hides a point behind the orchard" 0 "hidden in a blind zone" -- \
  "$volley" sight "$ba" --from 35,6 --to 45,36 --option REP-601
expect "volley sight: a bad end is refused" 2 "no_such" -- "$volley" sight "$ba" --from 35,6 --to no_such

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
