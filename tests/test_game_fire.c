/* The game engine's fire, morale and phase rules (src/game/game.c, src/game/fire.c), driven through
 * commands with fixed dice.
 *
 * Each test builds its scenario inline, creates the game with vl_game_create(&s, seed, NULL) (or with
 * rule options), injects every die the game will throw (vl_game_inject_dice) and checks the outcome,
 * the dice log (clause ids, counts, faces, modifiers) and that every injected die was used. Test names
 * carry the checklist id they prove (docs/rules-checklist.md).
 *
 * The dice, in the order the game throws them:
 *  - the events roll, 2 dice, at the start of every game turn (the first command or vl_game_start);
 *  - a morale test, 2 dice: 2D6 + modifiers must EXCEED raw 7 / seasoned 6 / veteran 5; "fails by k"
 *    is level + 1 - total (a total equal to the level fails by 1);
 *  - fire: all its dice in one throw, then the target's morale test (GOR-FIRE-5) when due;
 *  - a commander's survival test, 2 dice (no test here puts a general in contact with a unit that is hit).
 * "events 1+1" below is a roll of 2 on a scenario without an events table: nothing happens.
 *
 * Geometry (docs/geometry.md): facing 0 is north (+y), f = (sin t, cos t), r = (cos t, -sin t); the anchor is
 * the middle of the front face. Infantry and cavalry bases are 100 x 50 mm = 3.937 x 1.9685 in, a line is
 * two bases side by side (7.874 in wide, 1.9685 in deep); artillery bases 33 x 50 mm = 1.2992 x 1.9685 in,
 * four in a row (5.197 in); a general 40 x 40 mm = 1.575 in square.
 *   - An infantry line at (48, 10) facing 0 covers x in [44.063, 51.937], y in [8.031, 10]; its fire
 *     corridor (rifled: 18 in) is x in [44.063, 51.937], y in [10, 28].
 *   - An enemy line at (x, y) facing 180 covers y in [y, y + 1.969]: its front is at y, so a firer whose
 *     front is at y0 is y - y0 away.
 *   - A battery at (48, 10) facing 0 has its front face x in [45.402, 50.598] at y = 10.
 * Union (side 0) faces north and moves first; the Confederates (side 1) face south. Unless a test says
 * otherwise the break percentage is 100 so that no army breaks in the middle of a test. */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LW (2 * TU_INF_W) /* a line's width, 7.874 in */
#define D TU_INF_D        /* a base's depth, 1.9685 in */
#define AW TU_ART_W       /* an artillery base's width, 1.2992 in */
#define GW TU_GEN_W       /* a general's base, 1.575 in */
#define TOL 1e-9

/* ---- fixture: one scenario and one game per test (a test may build several in turn) ---- */

static struct {
    VlScenario s;
    VlGame *g;
    bool loaded;
} fx;

static VlReasons R; /* the reasons of the last command */

static void fx_free(void)
{
    if (fx.loaded) {
        vl_game_destroy(fx.g);
        vl_scenario_free(&fx.s);
    }
    memset(&fx, 0, sizeof fx);
    tu_sb_begin("fire test", 96, 48);
    tu_sb_victory("{\"break_percent\":100}"); /* unless a test sets its own */
    memset(&R, 0, sizeof R);
}

static void setup(void) { fx_free(); }
static void teardown(void) { fx_free(); }

/* The scenario is written with tu_sb_unit_as() and the like (testutil.h): side "union" or "csa".
 * INF: seasoned rifled infantry in line. HILL: a rectangle's extra member for a hill of level 1. */
#define INF(id, side, x, y, f) tu_sb_unit_as(id, side, "infantry", "line", "rifled", "seasoned", x, y, f, NULL)
#define INFB(id, side, x, y, f, brig) tu_sb_unit_as(id, side, "infantry", "line", "rifled", "seasoned", x, y, f, "\"brigade\":\"" brig "\"")
#define INFF(id, side, form, weapon, x, y, f) tu_sb_unit_as(id, side, "infantry", form, weapon, "seasoned", x, y, f, NULL)
#define INFQ(id, side, quality, x, y, f) tu_sb_unit_as(id, side, "infantry", "line", "rifled", quality, x, y, f, NULL)
#define ART(id, side, form, weapon, x, y, f) tu_sb_unit_as(id, side, "artillery", form, weapon, "seasoned", x, y, f, NULL)
#define GEN(id, side, x, y, brig) tu_sb_unit_as(id, side, "general", NULL, NULL, "seasoned", x, y, 0, "\"brigade\":\"" brig "\"")
#define HILL "\"level\":1"

/* Load the scenario written (its victory: break_percent 100 unless the test set one) and create the game. */
static void build_with(uint64_t seed, const VlRuleOptions *opt)
{
    tu_sb_load(&fx.s);
    fx.g = vl_game_create(&fx.s, seed, opt);
    ck_assert_ptr_nonnull(fx.g);
    fx.loaded = true;
}
static void build(void) { build_with(1, NULL); }

/* Start over with a new scenario inside one test. */
static void rebuild_reset(void) { fx_free(); }

static VlWorld *W(void) { return tu_world(fx.g); }

static int U(const char *id)
{
    int i = vl_scenario_find_unit(&fx.s, id);
    ck_assert_msg(i >= 0, "no unit %s", id);
    return i;
}
static VlUnitState *ST(const char *id) { return &W()->units[U(id)]; }
static const VlFieldUnit *FU(const char *id) { return vl_world_unit(W(), U(id)); }
static VlVec2 centre(const char *id)
{
    const VlFootprint *fp = &FU(id)->fp;
    return vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5);
}
static VlVec2 base_centre(const char *id, int b)
{
    const VlFootprint *fp = &FU(id)->fp;
    return vl_v2_lerp(fp->bases[b].p[0], fp->bases[b].p[2], 0.5);
}

/* ---- dice ---- */

#define INJ(...)                                                                                           \
    do {                                                                                                   \
        int inj_[] = {__VA_ARGS__};                                                                        \
        vl_game_inject_dice(fx.g, inj_, (int)(sizeof inj_ / sizeof inj_[0]));                             \
    } while (0)

/* Inject n dice all showing face. */
static void inj_n(int n, int face)
{
    for (int i = 0; i < n; i++)
        vl_game_inject_dice(fx.g, &face, 1);
}

/* The dice log as text, for failure messages. */
static const char *dice_log(void)
{
    static char buf[16384];
    buf[0] = 0;
    int n;
    const VlDiceRoll *d = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(buf);
        char faces[80] = "";
        for (int k = 0; k < d[i].ndice && k < 16; k++)
            snprintf(faces + strlen(faces), sizeof faces - strlen(faces), "%d", d[i].dice[k]);
        snprintf(buf + len, sizeof buf - len, "\n  [%d] t%d %s %s side %d unit %d [%s] mod %+d need %d: %s", i, d[i].turn,
                 vl_phase_name(d[i].phase), d[i].clause, d[i].side, d[i].unit, faces, d[i].modifier, d[i].need, d[i].result);
        if (strlen(buf) > sizeof buf - 400)
            break;
    }
    return buf;
}

static int nrolls(const char *clause)
{
    int n, k = 0;
    const VlDiceRoll *d = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++)
        k += strcmp(d[i].clause, clause) == 0;
    return k;
}

/* The k-th (0-based) roll with this clause. */
static const VlDiceRoll *roll_k(const char *clause, int k)
{
    int n;
    const VlDiceRoll *d = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(d[i].clause, clause) == 0 && k-- == 0)
            return &d[i];
    ck_abort_msg("no roll %s in the dice log:%s", clause, dice_log());
    return NULL;
}

static const VlDiceRoll *last_roll(const char *clause)
{
    int n;
    const VlDiceRoll *d = vl_game_dice(fx.g, &n);
    for (int i = n - 1; i >= 0; i--)
        if (strcmp(d[i].clause, clause) == 0)
            return &d[i];
    ck_abort_msg("no roll %s in the dice log:%s", clause, dice_log());
    return NULL;
}

#define ALL_DICE_USED()                                                                                    \
    ck_assert_msg(vl_game_injected_left(fx.g) == 0, "%d injected dice left unused; dice log:%s",            \
                  vl_game_injected_left(fx.g), dice_log())

/* ---- commands ---- */

static void dump_reasons(const VlReasons *rs)
{
    for (int i = 0; i < rs->n; i++)
        fprintf(stderr, "    %-10s %s %s\n", rs->r[i].clause, rs->r[i].ok ? "ok  " : "FAIL", rs->r[i].text);
}

static const char *reasons_text(void)
{
    static char buf[4096];
    buf[0] = 0;
    for (int i = 0; i < R.n; i++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "\n    %s %s %s", R.r[i].clause, R.r[i].ok ? "ok" : "FAIL",
                 R.r[i].text);
    return buf;
}

/* A refusing reason of the last command with this clause. */
static const VlReason *refusal(const char *clause)
{
    for (int i = 0; i < R.n; i++)
        if (!R.r[i].ok && strcmp(R.r[i].clause, clause) == 0)
            return &R.r[i];
    dump_reasons(&R);
    return NULL;
}

static VlCommand cmd0(VlCommandKind k)
{
    VlCommand c;
    memset(&c, 0, sizeof c);
    c.kind = k;
    c.unit = c.target = -1;
    c.facing = NAN;
    return c;
}

static VlStatus apply(const VlCommand *c)
{
    memset(&R, 0, sizeof R);
    VlStatus st = vl_game_apply(fx.g, c, &R);
    /* DBG=1 in the environment prints every refusal with its reasons. */
    if (getenv("DBG") && st != VL_OK) { fprintf(stderr, "refused %d, %d reasons\n", st, R.n); dump_reasons(&R); }
    return st;
}

static bool check(const VlCommand *c)
{
    memset(&R, 0, sizeof R);
    return vl_game_check(fx.g, c, &R);
}

#define OK(expr)                                                                                           \
    do {                                                                                                   \
        VlStatus ok_st_ = (expr);                                                                          \
        ck_assert_msg(ok_st_ == VL_OK, "%s refused:%s", #expr, reasons_text());                            \
    } while (0)

#define REFUSED(expr, clause)                                                                              \
    do {                                                                                                   \
        VlStatus rf_st_ = (expr);                                                                          \
        ck_assert_msg(rf_st_ != VL_OK, "%s was accepted; dice log:%s", #expr, dice_log());                 \
        ck_assert_msg(refusal(clause) != NULL, "%s refused, but not by %s:%s", #expr, clause, reasons_text()); \
    } while (0)

static VlStatus end_phase(void)
{
    VlCommand c = cmd0(VL_CMD_END_PHASE);
    return apply(&c);
}

/* End phases until the given phase of the given side (at most two game turns of them). */
static void to_phase(VlPhase p, int side)
{
    for (int i = 0; i < 24; i++) {
        if (vl_game_phase(fx.g) == p && vl_game_active_side(fx.g) == side)
            return;
        ck_assert_msg(!vl_game_over(fx.g, NULL, NULL), "the game ended on the way to the %s phase", vl_phase_name(p));
        OK(end_phase());
    }
    ck_abort_msg("never reached the %s phase of side %d", vl_phase_name(p), side);
}

static VlStatus fire(const char *u)
{
    VlCommand c = cmd0(VL_CMD_FIRE);
    c.unit = U(u);
    return apply(&c);
}

static VlStatus fire_at(const char *u, const char *t)
{
    VlCommand c = cmd0(VL_CMD_FIRE);
    c.unit = U(u);
    c.ntargets = 1;
    c.targets[0] = U(t);
    c.dice[0] = 0;
    return apply(&c);
}

static VlStatus fire_split(const char *u, const char *t1, int d1, const char *t2, int d2)
{
    VlCommand c = cmd0(VL_CMD_FIRE);
    c.unit = U(u);
    c.ntargets = 2;
    c.targets[0] = U(t1);
    c.dice[0] = d1;
    c.targets[1] = U(t2);
    c.dice[1] = d2;
    return apply(&c);
}

static VlStatus art(const char *u, const char *t)
{
    VlCommand c = cmd0(VL_CMD_ARTILLERY_FIRE);
    c.unit = U(u);
    c.target = U(t);
    return apply(&c);
}

static VlStatus rally(const char *u, double facing)
{
    VlCommand c = cmd0(VL_CMD_RALLY);
    c.unit = U(u);
    c.facing = facing;
    return apply(&c);
}

static VlMoveOrder order(const char *u)
{
    VlMoveOrder o;
    memset(&o, 0, sizeof o);
    o.unit = U(u);
    return o;
}

static void step(VlMoveOrder *o, VlStepKind k, double amount)
{
    ck_assert_int_lt(o->nsteps, VL_MAX_STEPS);
    o->steps[o->nsteps++] = (VlStep){k, amount, VL_PIVOT_CENTRE, VL_FORM_NONE, true, -1, NAN};
}

static VlCommand move_cmd(const VlMoveOrder *o)
{
    VlCommand c = cmd0(VL_CMD_MOVE);
    c.unit = o->unit;
    c.move = *o;
    return c;
}

static VlStatus move(const VlMoveOrder *o)
{
    VlCommand c = move_cmd(o);
    return apply(&c);
}

static VlStatus move1(const char *u, VlStepKind k, double amount)
{
    VlMoveOrder o = order(u);
    step(&o, k, amount);
    return move(&o);
}

#define POSE_NEAR(id, px, py, pf)                                                                          \
    do {                                                                                                   \
        const VlFieldUnit *pn_ = FU(id);                                                                   \
        ck_assert_near(pn_->pose.anchor.x, (px), 1e-6);                                                    \
        ck_assert_near(pn_->pose.anchor.y, (py), 1e-6);                                                    \
        ck_assert_near(fmod(fmod(pn_->pose.facing, 360.0) + 360.0, 360.0), (pf), 1e-6);                    \
    } while (0)

/* ===================================================================================================
 * GOR-TURN-1..3: events, phases, one action per unit
 * =================================================================================================== */

/* GOR-TURN-1: "At the start of every game turn, one of the players rolls two dice (D6), adds the score
 * and checks the result on the events table. Any result immediately takes effect."
 * Table: 7 -> u1 takes 1 HIT; 10..12 -> u1 rallies 1 HIT.
 *   turn 1: 3 + 4 = 7: u1 takes 1 HIT (0 -> 1), before the first artillery phase.
 *   turn 2: 5 + 6 = 11: u1 loses 1 HIT (1 -> 0).
 *   turn 3: 1 + 2 = 3: no entry, nothing happens.
 * Nothing else throws a die in between (no unit has 5 HITs, none is routed). */
START_TEST(gor_turn_1_events_roll_each_turn_applies_the_entry)
{
    tu_sb_member("\"events\":[{\"roll\":7,\"text\":\"A sharpshooter finds the colonel\",\"effect\":{\"kind\":\"hits\",\"unit\":\"u1\",\"amount\":1}},"
                 "{\"roll\":[10,12],\"text\":\"Fresh water\",\"effect\":{\"kind\":\"rally\",\"unit\":\"u1\",\"amount\":1}}]");
    INF("u1", "union", 48, 10, 0);
    INF("c1", "csa", 48, 40, 180);
    build();
    INJ(3, 4);
    vl_game_start(fx.g);
    ck_assert_int_eq(vl_game_turn(fx.g), 1);
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_ARTILLERY);
    ck_assert_int_eq(vl_game_active_side(fx.g), 0);
    ck_assert_int_eq(ST("u1")->hits, 1);
    ck_assert_int_eq(nrolls("GOR-TURN-1"), 1);
    const VlDiceRoll *r = roll_k("GOR-TURN-1", 0);
    ck_assert_int_eq(r->ndice, 2);
    ck_assert_int_eq(r->dice[0], 3);
    ck_assert_int_eq(r->dice[1], 4);
    ck_assert_int_eq(r->turn, 1);
    ck_assert_int_eq(r->phase, VL_PHASE_EVENTS);

    INJ(5, 6);
    to_phase(VL_PHASE_RALLY, 1);
    ck_assert_int_eq(ST("u1")->hits, 1); /* nothing in between */
    OK(end_phase());
    ck_assert_int_eq(vl_game_turn(fx.g), 2);
    ck_assert_int_eq(ST("u1")->hits, 0);
    ck_assert_int_eq(nrolls("GOR-TURN-1"), 2);
    ck_assert_int_eq(roll_k("GOR-TURN-1", 1)->turn, 2);

    INJ(1, 2);
    to_phase(VL_PHASE_RALLY, 1);
    OK(end_phase());
    ck_assert_int_eq(vl_game_turn(fx.g), 3);
    ck_assert_int_eq(ST("u1")->hits, 0);
    ck_assert_int_eq(nrolls("GOR-TURN-1"), 3);
    int n;
    vl_game_dice(fx.g, &n);
    ck_assert_msg(n == 3, "only the three events rolls were thrown:%s", dice_log());
    ALL_DICE_USED();
}
END_TEST

/* GOR-TURN-2: artillery, general fire, charge, general movement, rally (retreat and rout run by
 * themselves), then the other player's turn in the same order; after both, a new game turn. */
START_TEST(gor_turn_2_phases_run_in_order_for_each_side)
{
    INF("u1", "union", 48, 10, 0);
    INF("c1", "csa", 48, 40, 180);
    build();
    INJ(1, 1, 1, 1); /* events, turns 1 and 2 */
    vl_game_start(fx.g);
    static const struct {
        VlPhase p;
        int side, turn;
    } seq[] = {
        {VL_PHASE_ARTILLERY, 0, 1}, {VL_PHASE_FIRE, 0, 1},     {VL_PHASE_CHARGE, 0, 1}, {VL_PHASE_MOVEMENT, 0, 1},
        {VL_PHASE_RALLY, 0, 1},     {VL_PHASE_ARTILLERY, 1, 1}, {VL_PHASE_FIRE, 1, 1},   {VL_PHASE_CHARGE, 1, 1},
        {VL_PHASE_MOVEMENT, 1, 1},  {VL_PHASE_RALLY, 1, 1},     {VL_PHASE_ARTILLERY, 0, 2},
    };
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        ck_assert_msg(vl_game_phase(fx.g) == seq[i].p && vl_game_active_side(fx.g) == seq[i].side &&
                          vl_game_turn(fx.g) == seq[i].turn,
                      "step %zu: %s side %d turn %d, expected %s side %d turn %d", i, vl_phase_name(vl_game_phase(fx.g)),
                      vl_game_active_side(fx.g), vl_game_turn(fx.g), vl_phase_name(seq[i].p), seq[i].side, seq[i].turn);
        if (i + 1 < sizeof seq / sizeof seq[0])
            OK(end_phase());
    }
    ALL_DICE_USED();
}
END_TEST

/* GOR-TURN-2: a command in the wrong phase, or for the other player's unit, is refused with a reason and
 * changes nothing; the same command is accepted in its own phase.
 * u1 at (48, 10) facing 0; c1 at (48, 15) facing 180 (5 in ahead); a1 a battery at (36, 10) facing 0:
 * its right ray from (38.598, 10) runs at 45 degrees, reaching x = 43.6 at y = 15, so c1 (x >= 44.063
 * ... 51.937, y 15 .. 16.97) is in the arc at y = 16.97 (ray x = 45.57). */
START_TEST(gor_turn_2_commands_out_of_phase_are_refused_with_a_reason)
{
    INF("u1", "union", 48, 10, 0);
    ART("a1", "union", "unlimbered", "rifled", 36, 10, 0);
    INF("c1", "csa", 48, 15, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    uint64_t h0 = vl_game_hash(fx.g);
    int n0;
    vl_game_dice(fx.g, &n0);

    /* Artillery phase. */
    VlCommand f = cmd0(VL_CMD_FIRE);
    f.unit = U("u1");
    REFUSED(apply(&f), "GOR-TURN-2");
    REFUSED(move1("u1", VL_STEP_ADVANCE, 1), "GOR-TURN-2");
    VlCommand ch = cmd0(VL_CMD_CHARGE);
    ch.unit = U("u1");
    ch.target = U("c1");
    ch.choose_path = true;
    REFUSED(apply(&ch), "GOR-TURN-2");
    ST("u1")->hits = 1;
    REFUSED(rally("u1", NAN), "GOR-TURN-2");
    ST("u1")->hits = 0;
    VlCommand a = cmd0(VL_CMD_ARTILLERY_FIRE);
    a.unit = U("a1");
    a.target = U("c1");
    ck_assert_msg(check(&a), "a1 may fire in the artillery phase:%s", reasons_text());
    ck_assert_msg(vl_game_hash(fx.g) == h0, "a refused command changed the game");
    int n1;
    vl_game_dice(fx.g, &n1);
    ck_assert_int_eq(n1, n0);

    /* General fire phase. */
    OK(end_phase());
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_FIRE);
    REFUSED(apply(&a), "GOR-TURN-2");
    VlCommand fc = cmd0(VL_CMD_FIRE);
    fc.unit = U("c1");
    REFUSED(apply(&fc), "GOR-TURN-2"); /* not the active player's unit */
    ck_assert_msg(check(&f), "u1 may fire in the fire phase:%s", reasons_text());

    /* Movement phase: fire and artillery refused, the move accepted. */
    OK(end_phase());
    OK(end_phase());
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_MOVEMENT);
    REFUSED(apply(&f), "GOR-TURN-2");
    VlMoveOrder o = order("u1");
    step(&o, VL_STEP_BACK, 1);
    VlCommand mc = move_cmd(&o);
    ck_assert_msg(check(&mc), "u1 may move in the movement phase:%s", reasons_text());
    ALL_DICE_USED();
}
END_TEST

/* GOR-TURN-3: one action per unit per turn; the retreat and rout phases are compulsory all the same.
 * u1 at (48, 20) facing 0 with 5 HITs fires at c1, 5 in ahead (front at 25): short, open: 4 dice.
 * It may not fire again, move or rally this turn. In the retreat phase it still tests: 5 HITs -> -2;
 * 1 + 1 - 2 = 0, not over 6: it falls back 10 in (anchor (48, 10)) and takes a HIT (6).
 * u2 has routed (set by hand, its back to the enemy: facing 180, at (20, 30)) and counts as having acted;
 * in the rout phase it still runs a charge move (10 + 5 = 15 in) to (20, 15) and takes a HIT.
 * The rulebook's own example: a1, a battery at (76, 10), fires at c2 (76, 30), 20 in: medium, open,
 * 4 dice, in the artillery phase; it may not limber up in the movement phase.
 * Dice: events 1+1; a1's fire 1,1,1,1 and c2's first-fire test 6+6; u1's fire 1,1,1,1 (no HIT); c1's
 * first-fire test 6+6 (passes); u1's retreat test 1+1. */
START_TEST(gor_turn_3_a_unit_that_fired_cannot_act_again_but_retreats_and_routs)
{
    INF("u1", "union", 48, 20, 0);
    INF("u2", "union", 20, 30, 180);
    ART("a1", "union", "unlimbered", "rifled", 76, 10, 0);
    INF("c1", "csa", 48, 25, 180);
    INF("c2", "csa", 76, 30, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("u1")->hits = 5;
    ST("u2")->routed = true;
    ST("u2")->acted = true;
    INJ(1, 1, 1, 1, 6, 6);
    OK(art("a1", "c2"));
    ck_assert(ST("a1")->acted);
    INJ(1, 1, 1, 1, 6, 6, 1, 1);
    to_phase(VL_PHASE_FIRE, 0);
    OK(fire("u1"));
    ck_assert_int_eq(last_roll("GOR-FIRE-2")->ndice, 4);
    ck_assert(ST("u1")->acted && ST("u1")->fired);
    REFUSED(fire("u1"), "GOR-TURN-3"); /* each formation fires once a turn */
    REFUSED(fire("u2"), "GOR-ROUT-1");
    to_phase(VL_PHASE_MOVEMENT, 0);
    REFUSED(move1("u1", VL_STEP_ADVANCE, 1), "GOR-TURN-3");
    VlMoveOrder lim = order("a1");
    step(&lim, VL_STEP_FORM, 0);
    lim.steps[0].formation = VL_FORM_LIMBERED;
    REFUSED(move(&lim), "GOR-TURN-3");
    ck_assert_int_eq(FU("a1")->formation, VL_FORM_UNLIMBERED);
    OK(end_phase());
    REFUSED(rally("u1", NAN), "GOR-RALLY-1");
    POSE_NEAR("u1", 48, 20, 0);
    POSE_NEAR("u2", 20, 30, 180);
    OK(end_phase()); /* retreat and rout */
    ck_assert_int_eq(vl_game_active_side(fx.g), 1);
    ck_assert_int_eq(nrolls("GOR-RETR-1"), 1);
    ck_assert_int_eq(last_roll("GOR-RETR-1")->unit, U("u1"));
    ck_assert_int_eq(last_roll("GOR-RETR-1")->modifier, -2);
    POSE_NEAR("u1", 48, 10, 0);
    ck_assert_int_eq(ST("u1")->hits, 6);
    POSE_NEAR("u2", 20, 15, 180);
    ck_assert_int_eq(ST("u2")->hits, 1);
    ck_assert(ST("u2")->routed);
    ALL_DICE_USED();
}
END_TEST

/* ===================================================================================================
 * GOR-ART-1..5: artillery fire
 * =================================================================================================== */

/* GOR-ART-1: only unlimbered artillery fires, out of its front face plus 45 degrees either side.
 *   a1 unlimbered at (48, 10) facing 0; c1 at (48, 30) facing 180: 20 in, medium, open: 4 dice.
 *   c2 at (10, 20) facing 90 covers x in [8.03, 10], y in [16.06, 23.94]; a1's left ray from (45.402, 10)
 *     runs north-west and is at x = 35.4 when y = 20: c2 is far outside the arc: refused.
 *   a2 limbered at (20, 10): refused, whatever the target. u1, infantry: refused.
 *   a1 fires once: 6,1,1,1 -> 1 HIT on c1; c1's first-fire test 6+6 passes. A second shot is refused
 *   (each battery fires once a turn). */
START_TEST(gor_art_1_unlimbered_guns_fire_in_their_arc_once)
{
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    ART("a2", "union", "limbered", "rifled", 20, 10, 0);
    INF("u1", "union", 76, 10, 0);
    INF("c1", "csa", 48, 30, 180);
    INF("c2", "csa", 10, 20, 90);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ck_assert(!vl_in_artillery_arc(&FU("a1")->fp, &FU("c2")->fp));
    REFUSED(art("a1", "c2"), "GOR-ART-1");
    REFUSED(art("a2", "c1"), "GOR-ART-1");
    REFUSED(art("u1", "c1"), "GOR-ART-1");
    INJ(6, 1, 1, 1, 6, 6);
    OK(art("a1", "c1"));
    const VlDiceRoll *r = last_roll("GOR-ART-3");
    ck_assert_int_eq(r->ndice, 4);
    ck_assert_int_eq(r->unit, U("a1"));
    ck_assert_int_eq(ST("c1")->hits, 1);
    ck_assert_int_eq(nrolls("GOR-FIRE-5"), 1);
    REFUSED(art("a1", "c1"), "GOR-TURN-3");
    ALL_DICE_USED();
}
END_TEST

/* GOR-ART-1, GOR-ART-2: a clear line of fire is needed; at one level, units are obstructions.
 * a1 at (48, 10); friend f1 at (48, 20) facing 0 (x 44.063 .. 51.937, y 18.03 .. 20); c1 at (48, 30).
 * Every segment from a1's front (x 45.4 .. 50.6, y 10) to c1 (x 44.063 .. 51.937, y >= 30) crosses
 * y = 19 at an x between 44.063 and 51.937: through f1. f1 is 10 in from c1 (more than 6 in): only the
 * line of fire refuses. */
START_TEST(gor_art_1_a_unit_in_between_at_the_same_level_blocks)
{
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("f1", "union", 48, 20, 0);
    INF("c1", "csa", 48, 30, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    REFUSED(art("a1", "c1"), "GOR-ART-2");
    const VlReason *why = refusal("GOR-ART-2");
    ck_assert_int_eq(why->unit, U("f1"));
    ck_assert_int_eq(nrolls("GOR-ART-3"), 0);
    ALL_DICE_USED();
}
END_TEST

/* GOR-ART-2: woods block, and a hill under the gun does not help.
 * Woods w1: x 40 .. 56, y 20 .. 24, between a1 (front y = 10) and c1 (front y = 30): every segment
 * crosses y = 22 at x within [44.063, 51.937], inside the wood. With the hill h1 (level 1, y 2 .. 14)
 * under a1 the answer is the same: woods are never seen over. */
START_TEST(gor_art_2_woods_block_even_from_a_hill)
{
    for (int hill = 0; hill < 2; hill++) {
        rebuild_reset();
        tu_sb_rect("w1", "woods", NULL, 40, 20, 56, 24);
        if (hill)
            tu_sb_rect("h1", "hill", HILL, 38, 2, 58, 14);
        ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
        INF("c1", "csa", 48, 30, 180);
        build();
        ck_assert_int_eq(vl_unit_level(W(), U("a1")), hill);
        INJ(1, 1);
        vl_game_start(fx.g);
        REFUSED(art("a1", "c1"), "GOR-ART-2");
        ck_assert_int_eq(refusal("GOR-ART-2")->feature, 0);
        ALL_DICE_USED();
    }
}
END_TEST

/* GOR-ART-2: "If either the firer or the target is on higher ground than the other, then the firer can
 * 'see over' friendly units ... at the lower level".
 *   case 0: no hill: f1 (48, 20), 10 in short of c1, blocks (as above).
 *   case 1: a1 on hill h1 (level 1, y 2 .. 14); f1 at level 0: seen over. c1 at (48, 40): 30 in,
 *           medium, open: 4 dice 1,1,1,1 and c1's first-fire test 6+6.
 *   case 2: no hill under a1; c1 on hill h2 (level 1, y 38 .. 46); f1 at level 0: seen over too. */
START_TEST(gor_art_2_higher_ground_sees_over_a_lower_friend)
{
    for (int c = 0; c < 3; c++) {
        rebuild_reset();
        if (c == 1)
            tu_sb_rect("h1", "hill", HILL, 38, 2, 58, 14);
        if (c == 2)
            tu_sb_rect("h2", "hill", HILL, 38, 38, 58, 46);
        ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
        INF("f1", "union", 48, 20, 0);
        INF("c1", "csa", 48, 40, 180);
        build();
        INJ(1, 1);
        vl_game_start(fx.g);
        if (c == 0) {
            REFUSED(art("a1", "c1"), "GOR-ART-2");
        } else {
            INJ(1, 1, 1, 1, 6, 6);
            OK(art("a1", "c1"));
            ck_assert_int_eq(last_roll("GOR-ART-3")->ndice, 4);
        }
        ALL_DICE_USED();
    }
}
END_TEST

/* GOR-ART-2: "artillery can never fire over friendly units to reach a target that is within 6 inches of
 * those friendly units". a1 on the hill as above; f2 at (48, 35) facing 0 (y 33.03 .. 35) is 5 in from
 * c1's front (40): refused even though a1 is higher; the reason names f2. Moved to (48, 33) (7 in from
 * c1) the same shot is allowed. */
START_TEST(gor_art_2_never_over_friends_within_6_in_of_the_target)
{
    tu_sb_rect("h1", "hill", HILL, 38, 2, 58, 14);
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("f2", "union", 48, 35, 0);
    INF("c1", "csa", 48, 40, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    REFUSED(art("a1", "c1"), "GOR-ART-2");
    ck_assert_int_eq(refusal("GOR-ART-2")->unit, U("f2"));
    vl_battlefield_set_unit(W()->bf, U("f2"), (VlPose){{48, 33}, 0}, VL_FORM_LINE);
    INJ(1, 1, 1, 1, 6, 6);
    OK(art("a1", "c1"));
    ck_assert_int_eq(last_roll("GOR-ART-3")->ndice, 4);
    ALL_DICE_USED();
}
END_TEST

/* One artillery shot across the table (west to east): a1 at (4, 24) facing 90 (front face x = 4,
 * y 21.4 .. 26.6); the target c1 at (4 + range, 24) facing 270 (x from 4 + range to 5.97 + range, y 20.06
 * .. 27.94): range inches away. cover: NULL open, else a "fence" or "wall" crossing the line 1 in in
 * front of c1 (within 2 in of it: light / heavy cover, D-FIRE-2). c1 has been fired on before (no
 * first-fire test); every die shows 1 (no HIT, so no test at all). Returns the number of dice thrown, or
 * -1 when the shot is refused. bases: the battery's base count (4 = full). */
static int art_shot(double range, const char *cover, const char *weapon, int bases, int expect)
{
    rebuild_reset();
    if (cover)
        tu_sb_path("k1", cover, 3 + range, 14, 3 + range, 34);
    char extra[64];
    snprintf(extra, sizeof extra, "\"bases\":%d", bases);
    tu_sb_unit_as("a1", "union", "artillery", "unlimbered", weapon, "seasoned", 4, 24, 90, extra);
    INF("c1", "csa", 4 + range, 24, 270);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("c1")->fired_on = true;
    ck_assert_near(vl_footprint_distance(&FU("a1")->fp, &FU("c1")->fp), range, 1e-9);
    if (expect > 0)
        inj_n(expect, 1);
    if (art("a1", "c1") != VL_OK) {
        ck_assert_msg(expect <= 0, "range %g %s, %d bases: refused:%s", range, cover ? cover : "open", bases, reasons_text());
        return -1;
    }
    int n = last_roll("GOR-ART-3")->ndice;
    ck_assert_msg(n == expect, "range %g %s %s, %d bases: %d dice, expected %d", range, cover ? cover : "open", weapon, bases,
                  n, expect);
    ALL_DICE_USED();
    return n;
}

/* GOR-ART-3: the Artillery Fire Table, full battery.
 *            short 0-15  medium 15-40  long 40-60
 *   open        6            4            3
 *   light       4            3            2        (a fence 1 in in front of the target)
 *   heavy       3            2            1        (a wall)
 * Ranges used: 10, 20, 50; and the band edges 14.9 / 15.1, 39.9 / 40.1, 59.9 / 60.1 (beyond: refused). */
START_TEST(gor_art_3_dice_by_band_and_cover)
{
    art_shot(10, NULL, "rifled", 4, 6);
    art_shot(20, NULL, "rifled", 4, 4);
    art_shot(50, NULL, "rifled", 4, 3);
    art_shot(10, "fence", "rifled", 4, 4);
    art_shot(20, "fence", "rifled", 4, 3);
    art_shot(50, "fence", "rifled", 4, 2);
    art_shot(10, "wall", "rifled", 4, 3);
    art_shot(20, "wall", "rifled", 4, 2);
    art_shot(50, "wall", "rifled", 4, 1);
    art_shot(14.9, NULL, "rifled", 4, 6);
    art_shot(15.1, NULL, "rifled", 4, 4);
    art_shot(39.9, NULL, "rifled", 4, 4);
    art_shot(40.1, NULL, "rifled", 4, 3);
    art_shot(59.9, NULL, "rifled", 4, 3);
    ck_assert_int_eq(art_shot(60.1, NULL, "rifled", 4, 0), -1);
    ck_assert_msg(refusal("GOR-ART-3") != NULL, "beyond 60 in: %s", reasons_text());
}
END_TEST

/* GOR-ART-3: "Only die rolls of '6' count as a 'HIT'." Short, open: 6 dice 6,6,5,4,3,2 -> 2 HITs (the 5
 * does not hit). Two HITs in the phase: c1 tests (GOR-FIRE-5): 6 + 6 - 1 (2 HITs) = 11, passes. */
START_TEST(gor_art_3_only_sixes_hit)
{
    ART("a1", "union", "unlimbered", "rifled", 4, 24, 90);
    INF("c1", "csa", 14, 24, 270);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("c1")->fired_on = true;
    INJ(6, 6, 5, 4, 3, 2, 6, 6);
    OK(art("a1", "c1"));
    const VlDiceRoll *r = last_roll("GOR-ART-3");
    ck_assert_int_eq(r->ndice, 6);
    ck_assert_int_eq(r->need, 6);
    ck_assert_int_eq(ST("c1")->hits, 2);
    ck_assert_int_eq(nrolls("GOR-FIRE-5"), 1);
    ck_assert_int_eq(last_roll("GOR-FIRE-5")->modifier, -1);
    ALL_DICE_USED();
}
END_TEST

/* Build a1 at (48, 10) facing 0 and whatever the test adds, fire at c1 with n dice of 1 (c1 fired on
 * before: no test), and return the dice thrown. */
static void art_expect(const char *target, int n)
{
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST(target)->fired_on = true;
    inj_n(n, 1);
    OK(art("a1", target));
    ck_assert_msg(last_roll("GOR-ART-3")->ndice == n, "%d dice, expected %d:%s", last_roll("GOR-ART-3")->ndice, n, dice_log());
    ALL_DICE_USED();
}

/* GOR-ART-4: "+1 extra dice if the target has a friendly unit within 50mm of its far side".
 * a1 at (48, 10); c1 at (48, 30) facing 180 (y 30 .. 31.97): 20 in, medium, open: 4 dice.
 *   c2 at (48, 33) facing 180 (y 33 .. 34.97): 1.03 in (26 mm) beyond c1: 4 + 1 = 5 dice.
 *   c2 at (48, 34.5): 2.53 in (64 mm) beyond: no bonus, 4 dice. */
START_TEST(gor_art_4_friend_within_50_mm_beyond_the_target)
{
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("c1", "csa", 48, 30, 180);
    INF("c2", "csa", 48, 33, 180);
    art_expect("c1", 5);
    ck_assert_int_eq(last_roll("GOR-ART-3")->modifier, 1);

    rebuild_reset();
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("c1", "csa", 48, 30, 180);
    INF("c2", "csa", 48, 34.5, 180);
    art_expect("c1", 4);
}
END_TEST

/* GOR-ART-4: "+3 extra dice for enfilade fire or against square".
 *   c1 a line at (48, 30) facing 270: x 48 .. 49.97, y 26.06 .. 33.94, its left flank towards a1:
 *     16.06 in, medium, open: 4 + 3 = 7.
 *   c1 a column at (48, 30) facing 180 (y 30 .. 33.94), seen from the front: deep: 7.
 *   c1 a square at (48, 30) facing 180: 7.
 *   The flanked line with c2 just beyond its far end (c2 at (48, 35) facing 180, y 35 .. 36.97: 1.06 in
 *   beyond c1's north end at 33.94): still 7, not 8 ("+1 ... OR +3"). */
START_TEST(gor_art_4_enfilade_and_square_add_three)
{
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("c1", "csa", 48, 30, 270);
    art_expect("c1", 7);
    ck_assert_int_eq(last_roll("GOR-ART-3")->modifier, 3);

    rebuild_reset();
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INFF("c1", "csa", "column", "rifled", 48, 30, 180);
    art_expect("c1", 7);

    rebuild_reset();
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INFF("c1", "csa", "square", "rifled", 48, 30, 180);
    art_expect("c1", 7);

    rebuild_reset();
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("c1", "csa", 48, 30, 270);
    INF("c2", "csa", 48, 35, 180);
    art_expect("c1", 7);
}
END_TEST

/* GOR-ART-4 and its note: enfilade is the shot along the target's depth, judged by the face the
 * battery sees (vl_enfiladed, which this fire and the computer commander both use). a1 at (48, 10)
 * facing 0, c1 20 in north of it (medium range, open: 4 dice):
 *   a line facing 180 shows a1 its front, facing 0 its rear: 4 dice; facing 270 or 90 its flank: 7;
 *   a column facing 180 or 0 shows its head or tail: 7; facing 90 or 270 its side: 4;
 *   a skirmish line is never enfiladed: facing 270 it shows a1 its flank, its south end 14.1 in
 *   away (short range: 6 - 1 = 5); a square always is (7). */
START_TEST(gor_art_4_enfilade_is_judged_by_the_face_seen)
{
    static const struct {
        const char *form;
        double facing;
        bool enfiladed;
        int dice;
    } CASES[] = {{"line", 180, false, 4},    {"line", 0, false, 4},     {"line", 270, true, 7},
                 {"line", 90, true, 7},      {"column", 180, true, 7},  {"column", 0, true, 7},
                 {"column", 90, false, 4},   {"column", 270, false, 4}, {"skirmish", 270, false, 5},
                 {"square", 90, true, 7}};
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
        rebuild_reset();
        ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
        INFF("c1", "csa", CASES[k].form, "rifled", 48, 30, CASES[k].facing);
        art_expect("c1", CASES[k].dice);
        ck_assert_msg(vl_enfiladed(W(), U("a1"), U("c1")) == CASES[k].enfiladed, "%s facing %g: enfiladed should be %d",
                      CASES[k].form, CASES[k].facing, CASES[k].enfiladed);
    }
}
END_TEST

/* GOR-ART-4: "-1 dice if firing at a skirmishing unit". c1 in skirmish order at (48, 30) facing 180:
 * 20 in, medium, open: 4 - 1 = 3. At 10 in (short): 6 - 1 = 5. */
START_TEST(gor_art_4_skirmishers_take_one_die_less)
{
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INFF("c1", "csa", "skirmish", "rifled", 48, 30, 180);
    art_expect("c1", 3);
    ck_assert_int_eq(last_roll("GOR-ART-3")->modifier, -1);

    rebuild_reset();
    ART("a1", "union", "unlimbered", "rifled", 48, 10, 0);
    INFF("c1", "csa", "skirmish", "rifled", 48, 20, 180);
    art_expect("c1", 5);
}
END_TEST

/* GOR-ART-5: "smoothbore artillery cannot fire beyond medium range": 45 in refused, 35 in medium 4 dice.
 * "Round down any split batteries value in D6's": a battery of 2 bases (half of 4) rolls half:
 *   short open 6 -> 3; medium open 4 -> 2; long open 3 -> 1 (1.5 down); medium light 3 -> 1;
 *   long heavy 1 -> 0: no dice, refused. */
START_TEST(gor_art_5_smoothbore_range_and_split_batteries)
{
    ck_assert_int_eq(art_shot(45, NULL, "smoothbore", 4, 0), -1);
    ck_assert_msg(refusal("GOR-ART-5") != NULL, "smoothbore at 45 in:%s", reasons_text());
    art_shot(35, NULL, "smoothbore", 4, 4);
    art_shot(10, NULL, "smoothbore", 4, 6);

    art_shot(10, NULL, "rifled", 2, 3);
    art_shot(20, NULL, "rifled", 2, 2);
    art_shot(50, NULL, "rifled", 2, 1);
    art_shot(20, "fence", "rifled", 2, 1);
    ck_assert_int_eq(art_shot(50, "wall", "rifled", 2, 0), -1);
}
END_TEST

/* ===================================================================================================
 * GOR-FIRE-1..6: small arms
 * =================================================================================================== */

/* GOR-FIRE-1: the target is the enemy presenting the greatest frontage in the line of fire; asking for
 * another is refused; the whole unit is the target even if only part of it is in the line.
 * u1 at (48, 10): corridor x 44.063 .. 51.937.
 *   c1 at (44, 15) facing 180: x 40.063 .. 47.937: 3.874 in in the corridor, 5 in away.
 *   c2 at (54, 13) facing 180: x 50.063 .. 57.937: 1.874 in in the corridor, 3 in away (nearer).
 * The target is c1: short, open: 4 dice 6,6,1,1 -> 2 HITs on c1; c1's first-fire test (also 2 HITs):
 * 6 + 6 - 1 = 11, passes. c2 is untouched. */
START_TEST(gor_fire_1_greatest_frontage_is_the_forced_target)
{
    INF("u1", "union", 48, 10, 0);
    INF("c1", "csa", 44, 15, 180);
    INF("c2", "csa", 54, 13, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    int blocked;
    ck_assert_int_eq(vl_fire_target(W(), U("u1"), &blocked, NULL), U("c1"));
    to_phase(VL_PHASE_FIRE, 0);
    REFUSED(fire_at("u1", "c2"), "GOR-FIRE-1");
    ck_assert_int_eq(refusal("GOR-FIRE-1")->unit, U("c1"));
    INJ(6, 6, 1, 1, 6, 6);
    OK(fire("u1"));
    const VlDiceRoll *r = last_roll("GOR-FIRE-2");
    ck_assert_int_eq(r->ndice, 4);
    ck_assert_int_eq(r->need, 6);
    ck_assert_int_eq(ST("c1")->hits, 2);
    ck_assert_int_eq(ST("c2")->hits, 0);
    ck_assert(!ST("c2")->fired_on);
    ck_assert_int_eq(nrolls("GOR-FIRE-5"), 1);
    ck_assert_int_eq(last_roll("GOR-FIRE-5")->unit, U("c1"));
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-1, D-FIRE-1: equal frontage goes to the nearer. c1 at (44, 16): 3.874 in, 6 in away;
 * c2 at (52, 13): x 48.063 .. 55.937, 3.874 in, 3 in away: c2 is the target; naming c2 is accepted. */
START_TEST(gor_fire_1_equal_frontage_the_nearer_is_the_target)
{
    INF("u1", "union", 48, 10, 0);
    INF("c1", "csa", 44, 16, 180);
    INF("c2", "csa", 52, 13, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ck_assert_int_eq(vl_fire_target(W(), U("u1"), NULL, NULL), U("c2"));
    to_phase(VL_PHASE_FIRE, 0);
    REFUSED(fire_at("u1", "c1"), "GOR-FIRE-1");
    INJ(1, 1, 1, 1, 6, 6);
    OK(fire_at("u1", "c2"));
    ck_assert(ST("c2")->fired_on);
    ck_assert(!ST("c1")->fired_on);
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-1 with GOR-CMDR-1: "Normal combat results (i.e. HITS) have no effect on a command base", and
 * docs/rules-decisions.md D-GAME-3: "Generals are never the target of fire or of a charge". An
 * enemy general cg, anchor (48, 16.575) facing 0 (its base x 47.21 .. 48.79, y 15 .. 16.575: 1.575 in
 * in u1's corridor, 5 in away), stands in front of u1; c1 at (55.5, 16) facing 180 (x 51.563 .. 59.437) shows 0.374 in, 6 in
 * away, in sight past the general's right. The target must be c1 (short, open: 4 dice; first-fire test
 * 6+6), and the general must take neither HITs nor a morale test. */
START_TEST(gor_fire_1_an_enemy_general_is_not_a_small_arms_target)
{
    INF("u1", "union", 48, 10, 0);
    GEN("cg", "csa", 48, 16.575, "cb");
    tu_sb_unit_as("c1", "csa", "infantry", "line", "rifled", "seasoned", 55.5, 16, 180, "\"brigade\":\"cb\"");
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ck_assert_msg(vl_fire_target(W(), U("u1"), NULL, NULL) == U("c1"), "u1's target is %d (cg %d, c1 %d)",
                  vl_fire_target(W(), U("u1"), NULL, NULL), U("cg"), U("c1"));
    to_phase(VL_PHASE_FIRE, 0);
    INJ(6, 1, 1, 1, 6, 6);
    OK(fire("u1"));
    ck_assert_int_eq(ST("cg")->hits, 0);
    for (int i = 0; i < nrolls("GOR-FIRE-5"); i++)
        ck_assert_msg(roll_k("GOR-FIRE-5", i)->unit != U("cg"), "the general took a morale test:%s", dice_log());
    ck_assert_int_eq(ST("c1")->hits, 1);
}
END_TEST

/* One small-arms shot: u1 (firer) at (48, 10) facing 0, c1 at (48, 10 + range) facing 180, both as the
 * caller gives type/formation/weapon; cover NULL, "fence" or "wall" 1 in in front of c1. c1 has been
 * fired on (no first-fire test); every die shows 1. Returns the dice thrown, -1 when refused. */
static int arms_shot(const char *ftype, const char *fform, const char *fweapon, const char *fextra, const char *tform,
                     double range, const char *cover, int expect)
{
    rebuild_reset();
    if (cover)
        tu_sb_path("k1", cover, 30, 9 + range, 66, 9 + range);
    tu_sb_unit_as("u1", "union", ftype, fform, fweapon, "seasoned", 48, 10, 0, fextra);
    tu_sb_unit_as("c1", "csa", "infantry", tform, "rifled", "seasoned", 48, 10 + range, 180, NULL);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("c1")->fired_on = true;
    ck_assert_near(vl_footprint_distance(&FU("u1")->fp, &FU("c1")->fp), range, 1e-9);
    to_phase(VL_PHASE_FIRE, 0);
    if (expect > 0)
        inj_n(expect, 1);
    if (fire("u1") != VL_OK) {
        ck_assert_msg(expect <= 0, "%s %s %s at %s %g in %s: refused:%s", ftype, fform, fweapon, tform, range,
                      cover ? cover : "open", reasons_text());
        return -1;
    }
    int n = nrolls("GOR-FIRE-2") ? last_roll("GOR-FIRE-2")->ndice : last_roll("GOR-FIRE-4")->ndice;
    ck_assert_msg(n == expect, "%s %s %s at %s %g in %s: %d dice, expected %d", ftype, fform, fweapon, tform, range,
                  cover ? cover : "open", n, expect);
    ALL_DICE_USED();
    return n;
}
#define RIFLE_LINE "infantry", "line", "rifled", NULL

/* GOR-FIRE-2: the small arms table (dice per formation; a 6 hits).
 *            short <= 6   medium <= 12   long <= 18
 *   open        4             3              2
 *   light       3             2              1       (fence)
 *   heavy       2             1              0       (wall; the 0 cell has its own test)
 * Ranges 5, 10, 15, and the edges 5.9 / 6.1, 11.9 / 12.1, 17.9 (18.1 is out of the line of fire). */
START_TEST(gor_fire_2_small_arms_table_cells)
{
    arms_shot(RIFLE_LINE, "line", 5, NULL, 4);
    arms_shot(RIFLE_LINE, "line", 10, NULL, 3);
    arms_shot(RIFLE_LINE, "line", 15, NULL, 2);
    arms_shot(RIFLE_LINE, "line", 5, "fence", 3);
    arms_shot(RIFLE_LINE, "line", 10, "fence", 2);
    arms_shot(RIFLE_LINE, "line", 15, "fence", 1);
    arms_shot(RIFLE_LINE, "line", 5, "wall", 2);
    arms_shot(RIFLE_LINE, "line", 10, "wall", 1);
    arms_shot(RIFLE_LINE, "line", 5.9, NULL, 4);
    arms_shot(RIFLE_LINE, "line", 6.1, NULL, 3);
    arms_shot(RIFLE_LINE, "line", 11.9, NULL, 3);
    arms_shot(RIFLE_LINE, "line", 12.1, NULL, 2);
    arms_shot(RIFLE_LINE, "line", 17.9, NULL, 2);
    ck_assert_int_eq(arms_shot(RIFLE_LINE, "line", 18.1, NULL, 0), -1);
}
END_TEST

/* GOR-FIRE-2: the table's cell for heavy cover at long range is 0 dice. "Modifiers can never reduce the
 * number of die rolls to less than '1'" speaks of modifiers; here there is none, and the table itself
 * says 0: rifled line at 15 in against a line behind a wall fires no dice (the command is refused, as
 * artillery with no dice is, GOR-ART-3 "no dice"). */
START_TEST(gor_fire_2_heavy_cover_at_long_range_is_zero_dice)
{
    int n = arms_shot(RIFLE_LINE, "line", 15, "wall", 0);
    ck_assert_msg(n == -1, "a rifled line fired %d dice at long range into heavy cover; the table says 0:%s", n, dice_log());
}
END_TEST

/* GOR-FIRE-2: "Modifiers can never reduce the number of die rolls to less than '1'."
 *   skirmishers firing at skirmishers behind a wall at short range: 2 - 1 - 1 = 0 -> 1 die.
 *   a square firing at a line behind a wall at medium range: 1 - 2 = -1 -> 1 die. (The square's line of
 *   fire is one base wide, x 46.03 .. 49.97: it would fall in the gap of skirmishers centred ahead.) */
START_TEST(gor_fire_2_modifiers_never_below_one_die)
{
    arms_shot("infantry", "skirmish", "rifled", NULL, "skirmish", 5, "wall", 1);
    arms_shot("infantry", "square", "rifled", NULL, "line", 10, "wall", 1);
}
END_TEST

/* GOR-FIRE-3 (and GOR-FORM-2): the modifiers, at 5 in (short, open, 4 dice) unless said.
 *   at skirmishers -1: 3.   by skirmishers -1: 3.   skirmishers at skirmishers: 2.
 *   by dismounted cavalry in skirmish order, carbines: no penalty: 4.   from a square -2: 2.
 *   smoothbore: 4 at 5 in; at 7 in (medium) it cannot fire: refused.
 *   carbines: medium at 10 in: 3; at 13 in (long) refused. */
START_TEST(gor_fire_3_modifiers_and_weapon_ranges)
{
    arms_shot(RIFLE_LINE, "skirmish", 5, NULL, 3);
    arms_shot("infantry", "skirmish", "rifled", NULL, "line", 5, NULL, 3);
    arms_shot("infantry", "skirmish", "rifled", NULL, "skirmish", 5, NULL, 2);
    arms_shot("cavalry", "skirmish", "carbine", "\"mounted\":false", "line", 5, NULL, 4);
    arms_shot("infantry", "square", "rifled", NULL, "line", 5, NULL, 2);
    arms_shot("infantry", "line", "smoothbore", NULL, "line", 5, NULL, 4);
    ck_assert_int_eq(arms_shot("infantry", "line", "smoothbore", NULL, "line", 7, NULL, 0), -1);
    arms_shot("cavalry", "skirmish", "carbine", "\"mounted\":false", "line", 10, NULL, 3);
    ck_assert_int_eq(arms_shot("cavalry", "skirmish", "carbine", "\"mounted\":false", "line", 13, NULL, 0), -1);
}
END_TEST

/* GOR-FORM-3: "Units in column cannot fire". u1 in column at (48, 10) with c1 5 in ahead: refused. */
START_TEST(gor_form_3_column_cannot_fire)
{
    INFF("u1", "union", "column", "rifled", 48, 10, 0);
    INF("c1", "csa", 48, 15, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    to_phase(VL_PHASE_FIRE, 0);
    REFUSED(fire("u1"), "GOR-FORM-3");
    ck_assert(!ST("u1")->acted);
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-4: the breech-loading table (8 / 16 / 24 in), 5s and 6s hit; breech-loaders (skirmishers)
 * pay no "by skirmishers" penalty (the section lists only -1 at skirmishers).
 *            short <= 8   medium <= 16   long <= 24
 *   open        3             2              1
 *   light       2             1              1
 *   heavy       1             1              1
 * Firer: infantry skirmishers with breech-loaders. */
START_TEST(gor_fire_4_breechloader_table)
{
#define BREECH "infantry", "skirmish", "breechloader", NULL
    arms_shot(BREECH, "line", 7, NULL, 3);
    arms_shot(BREECH, "line", 12, NULL, 2);
    arms_shot(BREECH, "line", 20, NULL, 1);
    arms_shot(BREECH, "line", 7, "fence", 2);
    arms_shot(BREECH, "line", 12, "fence", 1);
    arms_shot(BREECH, "line", 20, "fence", 1);
    arms_shot(BREECH, "line", 7, "wall", 1);
    arms_shot(BREECH, "line", 20, "wall", 1);
    arms_shot(BREECH, "skirmish", 7, NULL, 2);
    ck_assert_int_eq(arms_shot(BREECH, "line", 24.1, NULL, 0), -1);
    /* Breech-loading cavalry carbines: medium at most: 12 in 2 dice; 20 in refused. */
    arms_shot("cavalry", "skirmish", "breechloader", "\"mounted\":false", "line", 12, NULL, 2);
    ck_assert_int_eq(arms_shot("cavalry", "skirmish", "breechloader", "\"mounted\":false", "line", 20, NULL, 0), -1);
#undef BREECH
}
END_TEST

/* GOR-FIRE-4: "Only die rolls of '5 or 6' counts as a 'HIT'". Short, open, 3 dice 5,6,4 -> 2 HITs;
 * c1's first-fire test 6 + 6 - 1 = 11 passes. */
START_TEST(gor_fire_4_fives_and_sixes_hit)
{
    INFF("u1", "union", "skirmish", "breechloader", 48, 10, 0);
    INF("c1", "csa", 48, 17, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    to_phase(VL_PHASE_FIRE, 0);
    INJ(5, 6, 4, 6, 6);
    OK(fire("u1"));
    const VlDiceRoll *r = last_roll("GOR-FIRE-4");
    ck_assert_int_eq(r->ndice, 3);
    ck_assert_int_eq(r->need, 5);
    ck_assert_int_eq(ST("c1")->hits, 2);
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-4: breech-loaders "may split their fire power D6s" among the enemies in their line of fire.
 * u1 skirmishers with breech-loaders at (48, 10): bases x 42.09 .. 46.03 and 49.97 .. 53.91; corridor
 * x 42.09 .. 53.91, 24 in deep.
 *   c1 at (44, 17) facing 180: x 40.063 .. 47.937: 5.85 in in the corridor, 7 in: the forced target,
 *     short, open: 3 dice.
 *   c2 at (54, 17) facing 180: x 50.063 .. 57.937: 3.85 in.
 * Splits must share exactly the 3 dice, each target at least 1: {2, 2}, {1, 1} and {3, 0} are refused; a rifled
 * line may not split at all. {2 at c1, 1 at c2}: c1 5,6 -> 2 HITs, first-fire test 6+6; c2 5 -> 1 HIT,
 * first-fire test 6+6. */
START_TEST(gor_fire_4_split_fire_sums_exactly)
{
    INFF("u1", "union", "skirmish", "breechloader", 48, 10, 0);
    INF("u2", "union", 20, 10, 0);
    INF("c1", "csa", 44, 17, 180);
    INF("c2", "csa", 54, 17, 180);
    INF("c3", "csa", 16, 15, 180);
    INF("c4", "csa", 24, 13, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    to_phase(VL_PHASE_FIRE, 0);
    ck_assert_int_eq(vl_fire_target(W(), U("u1"), NULL, NULL), U("c1"));
    REFUSED(fire_split("u1", "c1", 2, "c2", 2), "GOR-FIRE-4");
    REFUSED(fire_split("u1", "c1", 1, "c2", 1), "GOR-FIRE-4");
    REFUSED(fire_split("u1", "c1", 3, "c2", 0), "GOR-FIRE-4");
    REFUSED(fire_split("u2", "c3", 2, "c4", 2), "GOR-FIRE-1");
    INJ(5, 6, 6, 6, 5, 6, 6);
    OK(fire_split("u1", "c1", 2, "c2", 1));
    ck_assert_int_eq(nrolls("GOR-FIRE-4"), 2);
    ck_assert_int_eq(roll_k("GOR-FIRE-4", 0)->ndice, 2);
    ck_assert_int_eq(roll_k("GOR-FIRE-4", 1)->ndice, 1);
    ck_assert_int_eq(ST("c1")->hits, 2);
    ck_assert_int_eq(ST("c2")->hits, 1);
    ck_assert_int_eq(nrolls("GOR-FIRE-5"), 2);
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-3, GOR-FIRE-4: the line of fire of a breech-loading carbine reaches its medium range (16 in),
 * not the breech-loader's 24 in. Dismounted cavalry u1 with breech-loaders at (48, 10) (corridor x 42.09
 * .. 53.91); c1 at (48, 28) facing 180: 18 in away, 7.874 in in the corridor but beyond the carbine's
 * reach; c2 at (56, 19) facing 180: x 52.063 .. 59.937, 1.85 in, 9 in away (medium). c1 is not in u1's
 * line of fire (D-FIRE-4: breech-loading carbines keep the carbine's limit of medium range), so u1 fires
 * at c2: medium, open, 2 dice. */
START_TEST(gor_fire_4_carbine_line_of_fire_ends_at_medium_range)
{
    tu_sb_unit_as("u1", "union", "cavalry", "skirmish", "breechloader", "seasoned", 48, 10, 0, "\"mounted\":false");
    INF("c1", "csa", 48, 28, 180);
    INF("c2", "csa", 56, 19, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("c1")->fired_on = ST("c2")->fired_on = true;
    to_phase(VL_PHASE_FIRE, 0);
    INJ(1, 1);
    OK(fire("u1"));
    ck_assert_int_eq(last_roll("GOR-FIRE-4")->ndice, 2);
    ck_assert(strstr(last_roll("GOR-FIRE-4")->result, "at c2") != NULL);
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-5: "the very first time that a unit is fired upon in the game ... it must take a morale
 * check. If it fails this check, it must fall directly backwards 2 inches for every '1' point on the die
 * that it failed the test by." u1 fires at c1 (seasoned, 5 in): 1,1,1,1, no HIT; still c1 tests:
 * 1 + 2 = 3, needs over 6 (7): fails by 4 -> 8 in straight back (c1 faces 180: back is north):
 * (48, 15) -> (48, 23), facing kept. */
START_TEST(gor_fire_5_first_time_fired_on_tests_and_falls_back_2_in_a_point)
{
    INF("u1", "union", 48, 10, 0);
    INF("c1", "csa", 48, 15, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    to_phase(VL_PHASE_FIRE, 0);
    ck_assert(!ST("c1")->fired_on);
    INJ(1, 1, 1, 1, 1, 2);
    OK(fire("u1"));
    ck_assert_int_eq(ST("c1")->hits, 0);
    ck_assert(ST("c1")->fired_on);
    ck_assert_int_eq(nrolls("GOR-FIRE-5"), 1);
    const VlDiceRoll *m = last_roll("GOR-FIRE-5");
    ck_assert_int_eq(m->unit, U("c1"));
    ck_assert_int_eq(m->need, 7);
    ck_assert_int_eq(m->modifier, 0);
    POSE_NEAR("c1", 48, 23, 180);
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-5, GOR-MOR-1: a total equal to the level fails by 1: 2 in. Raw c1 (level 7): 3 + 4 = 7,
 * fails by 1: (48, 15) -> (48, 17). A veteran c2 (level 5) rolling 2 + 3 = 5 fails by 1 too; 3 + 3
 * passes and stays. */
START_TEST(gor_fire_5_failing_by_one_falls_back_2_in)
{
    INF("u1", "union", 48, 10, 0);
    INFQ("c1", "csa", "raw", 48, 15, 180);
    INF("u2", "union", 20, 10, 0);
    INFQ("c2", "csa", "veteran", 20, 15, 180);
    INF("u3", "union", 76, 10, 0);
    INFQ("c3", "csa", "veteran", 76, 15, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    to_phase(VL_PHASE_FIRE, 0);
    INJ(1, 1, 1, 1, 3, 4);
    OK(fire("u1"));
    POSE_NEAR("c1", 48, 17, 180);
    INJ(1, 1, 1, 1, 2, 3);
    OK(fire("u2"));
    POSE_NEAR("c2", 20, 17, 180);
    INJ(1, 1, 1, 1, 3, 3);
    OK(fire("u3"));
    POSE_NEAR("c3", 76, 15, 180);
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-5: after the first time, only 2 or more HITs from fire in one phase make a unit test, once.
 * u1 at (48, 10) and u2 at (56, 10) both have c1 (52, 15) facing 180 in their corridors (3.874 in each,
 * 5 in: short, open: 4 dice); c1 has been fired on before.
 *   artillery phase: a1 at (41, 10) (front x 38.4 .. 43.6, left of u1) fires at c1: its right ray reaches
 *     x = 50.57 at c1's rear (y 16.97), so c1 is in the arc; 6.7 in from (43.6, 10) to c1's corner (48.06,
 *     15): short, open, seen from the front: 6 dice
 *     6,1,1,1,1,1: 1 HIT, no test;
 *   fire phase: u1 6,1,1,1: 1 HIT (1 this phase, 2 in all): no test;
 *               u2 6,1,1,1: 1 HIT (2 this phase): c1 tests, 6 + 6 - 1 (one full 2 of 3 HITs) = 11, passes;
 *               u3, skirmishers at (64, 17) facing 270 (bases y 11.09 .. 15.03 and 18.97 .. 22.91, front
 *               x = 64), have c1 (x up to 55.94, y 15 .. 16.97) 8.06 in straight ahead: medium 3 - 1 (by
 *               skirmishers) = 2 dice 6,1: a third HIT this phase, no second test. (Skirmishers cannot
 *               charge, so u3 does not threaten c1's flank.) */
START_TEST(gor_fire_5_two_hits_in_one_phase_test_once)
{
    ART("a1", "union", "unlimbered", "rifled", 41, 10, 0);
    INF("u1", "union", 48, 10, 0);
    INF("u2", "union", 56, 10, 0);
    INFF("u3", "union", "skirmish", "rifled", 64, 17, 270);
    INF("c1", "csa", 52, 15, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("c1")->fired_on = true;
    INJ(6, 1, 1, 1, 1, 1);
    OK(art("a1", "c1"));
    ck_assert_int_eq(last_roll("GOR-ART-3")->ndice, 6);
    ck_assert_int_eq(ST("c1")->hits, 1);
    ck_assert_int_eq(nrolls("GOR-FIRE-5"), 0);
    to_phase(VL_PHASE_FIRE, 0);
    INJ(6, 1, 1, 1);
    OK(fire("u1"));
    ck_assert_int_eq(ST("c1")->hits, 2);
    ck_assert_msg(nrolls("GOR-FIRE-5") == 0, "1 HIT in the artillery phase and 1 in the fire phase:%s", dice_log());
    INJ(6, 1, 1, 1, 6, 6);
    OK(fire("u2"));
    ck_assert_int_eq(ST("c1")->hits, 3);
    ck_assert_int_eq(nrolls("GOR-FIRE-5"), 1);
    ck_assert_int_eq(last_roll("GOR-FIRE-5")->modifier, -1);
    INJ(6, 1);
    OK(fire("u3"));
    ck_assert_int_eq(last_roll("GOR-FIRE-2")->ndice, 2);
    ck_assert_int_eq(ST("c1")->hits, 4);
    ck_assert_int_eq(nrolls("GOR-FIRE-5"), 1);
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-5: "Unlimbered artillery that fail this test, automatically limber up but remain in place."
 * cg, a Confederate battery unlimbered at (48, 15) facing 180, is fired on by u1 (5 in, 4 dice, 1,1,1,1)
 * and fails its first test (1 + 1): it limbers; its base 0 stays where it was; it does not fall back. */
START_TEST(gor_fire_5_unlimbered_artillery_limbers_in_place)
{
    INF("u1", "union", 48, 10, 0);
    ART("cg", "csa", "unlimbered", "rifled", 48, 15, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    VlVec2 b0 = base_centre("cg", 0);
    to_phase(VL_PHASE_FIRE, 0);
    INJ(1, 1, 1, 1, 1, 1);
    OK(fire("u1"));
    ck_assert_int_eq(nrolls("GOR-FIRE-5"), 1);
    ck_assert_int_eq(FU("cg")->formation, VL_FORM_LIMBERED);
    ck_assert_near(FU("cg")->pose.facing, 180, TOL);
    ck_assert_vec_near(base_centre("cg", 0), b0.x, b0.y, 1e-9);
    ALL_DICE_USED();
}
END_TEST

/* GOR-FIRE-6 (example E): "the friendly unit is exposing a greater target area within the line of fire
 * than the enemy unit is": the fire is blocked. u1 at (48, 10); friend x1 at (42, 13) facing 0 (x 38.063
 * .. 45.937, y 11.03 .. 13): 1.874 in in the corridor, 1.03 in away; c1 at (55, 15) facing 180 (x 51.063
 * .. 58.937): 0.874 in, 5 in away, in sight past x1. Refused with GOR-FIRE-6. With x1 moved to (36, 13)
 * (out of the corridor) the same fire goes: short, open, 4 dice, and c1's first-fire test. */
START_TEST(gor_fire_6_a_nearer_friend_showing_more_blocks_the_fire)
{
    INF("u1", "union", 48, 10, 0);
    INF("x1", "union", 42, 13, 0);
    INF("c1", "csa", 55, 15, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    to_phase(VL_PHASE_FIRE, 0);
    int blocked;
    ck_assert_int_eq(vl_fire_target(W(), U("u1"), &blocked, NULL), -1);
    ck_assert_int_eq(blocked, U("x1"));
    REFUSED(fire("u1"), "GOR-FIRE-6");
    ck_assert_int_eq(refusal("GOR-FIRE-6")->unit, U("x1"));
    ck_assert(!ST("u1")->acted);
    vl_battlefield_set_unit(W()->bf, U("x1"), (VlPose){{36, 13}, 0}, VL_FORM_LINE);
    INJ(1, 1, 1, 1, 6, 6);
    OK(fire("u1"));
    ck_assert_int_eq(last_roll("GOR-FIRE-2")->ndice, 4);
    ALL_DICE_USED();
}
END_TEST

/* ===================================================================================================
 * GOR-MOR-1, GOR-MOR-2: morale
 * =================================================================================================== */

/* GOR-MOR-1: 2D6 must exceed raw 7, seasoned 6, veteran 5. Six units with 1 HIT each (no modifier)
 * rally (a plain morale test):
 *   r1 raw 3+4 = 7: fails;   r2 raw 4+4 = 8: passes (1 -> 0 HITs)
 *   s1 seasoned 3+3 = 6: fails;   s2 seasoned 3+4 = 7: passes
 *   v1 veteran 2+3 = 5: fails;   v2 veteran 3+3 = 6: passes */
START_TEST(gor_mor_1_levels_must_be_exceeded)
{
    INFQ("r1", "union", "raw", 8, 10, 0);
    INFQ("r2", "union", "raw", 20, 10, 0);
    INFQ("s1", "union", "seasoned", 32, 10, 0);
    INFQ("s2", "union", "seasoned", 44, 10, 0);
    INFQ("v1", "union", "veteran", 56, 10, 0);
    INFQ("v2", "union", "veteran", 68, 10, 0);
    INF("c1", "csa", 48, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    static const char *const ids[] = {"r1", "r2", "s1", "s2", "v1", "v2"};
    static const int faces[6][2] = {{3, 4}, {4, 4}, {3, 3}, {3, 4}, {2, 3}, {3, 3}};
    static const int need[6] = {8, 8, 7, 7, 6, 6};
    for (int i = 0; i < 6; i++)
        ST(ids[i])->hits = 1;
    to_phase(VL_PHASE_RALLY, 0);
    for (int i = 0; i < 6; i++) {
        INJ(faces[i][0], faces[i][1]);
        OK(rally(ids[i], NAN));
        const VlDiceRoll *r = last_roll("GOR-RALLY-1");
        ck_assert_int_eq(r->need, need[i]);
        ck_assert_int_eq(r->modifier, 0);
        ck_assert_msg(ST(ids[i])->hits == (i % 2 ? 0 : 1), "%s: %d HITs after rolling %d+%d", ids[i], ST(ids[i])->hits,
                      faces[i][0], faces[i][1]);
    }
    ALL_DICE_USED();
}
END_TEST

/* GOR-MOR-2: -1 for every full 2 HITs. Rally tests of seasoned units (need over 6), 4+4 = 8 each:
 *   h1 1 HIT: 0 -> 8 passes (0 HITs);  h3 3 HITs: -1 -> 7 passes (1);  h4 4 HITs: -2 -> 6 fails (4);
 *   h5 5 HITs: -2 -> 6 fails (5). */
START_TEST(gor_mor_2_minus_one_per_full_two_hits)
{
    INF("h1", "union", 8, 10, 0);
    INF("h3", "union", 20, 10, 0);
    INF("h4", "union", 32, 10, 0);
    INF("h5", "union", 44, 10, 0);
    INF("c1", "csa", 48, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    static const char *const ids[] = {"h1", "h3", "h4", "h5"};
    static const int hits[] = {1, 3, 4, 5}, mod[] = {0, -1, -2, -2}, after[] = {0, 1, 4, 5};
    for (int i = 0; i < 4; i++)
        ST(ids[i])->hits = hits[i];
    to_phase(VL_PHASE_RALLY, 0);
    for (int i = 0; i < 4; i++) {
        INJ(4, 4);
        OK(rally(ids[i], NAN));
        ck_assert_int_eq(last_roll("GOR-RALLY-1")->modifier, mod[i]);
        ck_assert_int_eq(ST(ids[i])->hits, after[i]);
    }
    ALL_DICE_USED();
}
END_TEST

/* GOR-MOR-2: -1 per own flank threatened by the enemy (GOR-THREAT-1; the glossary counts the rear too:
 * "within charge range of being able to contact that formation's open flank or rear"). u1 at (48, 10)
 * facing 0 (x 44.063 .. 51.937, y 8.03 .. 10), 1 HIT.
 *   cl at (38, 9) facing 90 (front x = 38, y 5.06 .. 12.94): 6.06 in straight ahead it meets u1's whole
 *   left flank; cr at (58, 9) facing 270 likewise on the right; cb at (48, 4) facing 0 (y 2.03 .. 4):
 *   4.03 in straight ahead it meets u1's rear.
 * Rally 4+4 = 8, needs over 6: both flanks: 8 - 2 = 6 fails; left only: 7 passes; none: 8 passes;
 * left, right and rear: 8 - 3 = 5 fails. */
static void flank_case(bool left, bool right, bool rear, int want_mod, bool pass)
{
    rebuild_reset();
    INF("u1", "union", 48, 10, 0);
    if (left)
        INF("cl", "csa", 38, 9, 90);
    if (right)
        INF("cr", "csa", 58, 9, 270);
    if (rear)
        INF("cb", "csa", 48, 4, 0);
    INF("c9", "csa", 48, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    int threat[4];
    vl_threatened_faces(W(), U("u1"), threat, NULL);
    ck_assert_int_eq(threat[VL_FACE_LEFT], left ? U("cl") : -1);
    ck_assert_int_eq(threat[VL_FACE_RIGHT], right ? U("cr") : -1);
    ck_assert_int_eq(threat[VL_FACE_REAR], rear ? U("cb") : -1);
    ST("u1")->hits = 1;
    to_phase(VL_PHASE_RALLY, 0);
    INJ(4, 4);
    OK(rally("u1", NAN));
    ck_assert_int_eq(last_roll("GOR-RALLY-1")->modifier, want_mod);
    ck_assert_int_eq(ST("u1")->hits, pass ? 0 : 1);
    ALL_DICE_USED();
}

START_TEST(gor_mor_2_minus_one_per_threatened_flank)
{
    flank_case(true, true, false, -2, false);
    flank_case(true, false, false, -1, true);
    flank_case(false, false, false, 0, true);
    flank_case(true, true, true, -3, false);
}
END_TEST

/* GOR-MOR-2: +1 if the unit's commander is in base contact. u1 (brigade b1) at (48, 10), its general g1
 * with its front on u1's rear edge (anchor (48, 10 - D): touching). u2 (brigade b2) at (20, 10), its
 * general g2 0.5 in behind it (not in contact). Both seasoned with 1 HIT, rally 3+3 = 6:
 *   u1: 6 + 1 = 7 passes (0 HITs);  u2: 6 fails (1 HIT). */
START_TEST(gor_mor_2_commander_in_contact_adds_one)
{
    INFB("u1", "union", 48, 10, 0, "b1");
    GEN("g1", "union", 48, 10 - D, "b1");
    INFB("u2", "union", 20, 10, 0, "b2");
    GEN("g2", "union", 20, 10 - D - 0.5, "b2");
    INF("c1", "csa", 48, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ck_assert_near(vl_footprint_distance(&FU("u1")->fp, &FU("g1")->fp), 0, 0);
    ST("u1")->hits = ST("u2")->hits = 1;
    to_phase(VL_PHASE_RALLY, 0);
    INJ(3, 3, 3, 3);
    OK(rally("u1", NAN));
    ck_assert_int_eq(last_roll("GOR-RALLY-1")->modifier, 1);
    ck_assert_int_eq(ST("u1")->hits, 0);
    OK(rally("u2", NAN));
    ck_assert_int_eq(last_roll("GOR-RALLY-1")->modifier, 0);
    ck_assert_int_eq(ST("u2")->hits, 1);
    ALL_DICE_USED();
}
END_TEST

/* ===================================================================================================
 * GOR-RALLY-1, GOR-RETR-1, GOR-ROUT-1
 * =================================================================================================== */

/* GOR-RALLY-1: units that took no action test morale; a pass takes off 2 HITs, and a router stops
 * routing and is pivoted to the facing its owner chooses.
 *   u1 3 HITs: 5+5 - 1 = 9 passes -> 1 HIT.     u2 3 HITs: 1+1 - 1 = 1 fails -> 3.
 *   u3 routed, its back to the enemy (facing 180 at (70, 20), box y 20 .. 21.97), 2 HITs: 6+6 - 1 = 11
 *     passes: 0 HITs, not routed, now facing 0 about the same centre (70, 20.98).
 *   u4 routed (facing 180 at (32, 30)), 0 HITs: 1+1 fails: still routed; in the rout phase it runs 15 in
 *     to (32, 15) and takes a HIT.
 *   u5 moved (advance 2) in the movement phase: may not rally.   u6 has nothing to rally from. */
START_TEST(gor_rally_1_pass_takes_off_two_hits_and_stops_a_rout)
{
    INF("u1", "union", 8, 10, 0);
    INF("u2", "union", 20, 10, 0);
    INF("u3", "union", 70, 20, 180);
    INF("u4", "union", 32, 30, 180);
    INF("u5", "union", 44, 10, 0);
    INF("u6", "union", 56, 10, 0);
    INF("c1", "csa", 88, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("u1")->hits = 3;
    ST("u2")->hits = 3;
    ST("u3")->hits = 2;
    ST("u3")->routed = true;
    ST("u4")->routed = true;
    ST("u5")->hits = 2;
    VlVec2 c3 = centre("u3");
    to_phase(VL_PHASE_MOVEMENT, 0);
    REFUSED(move1("u3", VL_STEP_ADVANCE, 1), "GOR-ROUT-1");
    OK(move1("u5", VL_STEP_ADVANCE, 2));
    OK(end_phase());
    INJ(5, 5, 1, 1, 6, 6, 1, 1);
    OK(rally("u1", NAN));
    ck_assert_int_eq(ST("u1")->hits, 1);
    OK(rally("u2", NAN));
    ck_assert_int_eq(ST("u2")->hits, 3);
    OK(rally("u3", 0));
    ck_assert_int_eq(ST("u3")->hits, 0);
    ck_assert(!ST("u3")->routed);
    ck_assert_near(FU("u3")->pose.facing, 0, TOL);
    ck_assert_vec_near(centre("u3"), c3.x, c3.y, 1e-9);
    OK(rally("u4", 90));
    ck_assert(ST("u4")->routed);
    POSE_NEAR("u4", 32, 30, 180);
    REFUSED(rally("u5", NAN), "GOR-RALLY-1");
    REFUSED(rally("u6", NAN), "GOR-RALLY-1");
    REFUSED(rally("u1", NAN), "GOR-RALLY-1"); /* once */
    ck_assert_int_eq(nrolls("GOR-RALLY-1"), 4);
    OK(end_phase());
    POSE_NEAR("u4", 32, 15, 180);
    ck_assert_int_eq(ST("u4")->hits, 1);
    POSE_NEAR("u3", FU("u3")->pose.anchor.x, FU("u3")->pose.anchor.y, 0);
    ck_assert_vec_near(centre("u3"), c3.x, c3.y, 1e-9); /* a rallied unit no longer runs */
    ALL_DICE_USED();
}
END_TEST

/* GOR-RETR-1: in its own retreat phase every unit of the phasing player with 5 or more HITs tests;
 * failing, it falls straight back 10 in (Volley's default) and takes a HIT; off the table it is routed for
 * good; routers do not test.
 *   u1 (48, 20) 5 HITs: 1+1 - 2 = 0 fails: (48, 10), 6 HITs.
 *   u2 4 HITs: no test.   u3 (76, 20) 5 HITs: 6+6 - 2 = 10 passes: stays, 5 HITs.
 *   u4 (8, 5) 6 HITs: 1+1 - 3 fails: 10 in back is off the south edge: gone, routed.
 *   u5 routed, 7 HITs: no test (its rout move: (88, 30) -> (88, 15), 8 HITs).
 *   c1 (Confederate) 6 HITs: not in the Union's retreat phase; in its own, 6+5 - 3 = 8 passes. */
START_TEST(gor_retr_1_five_hits_test_in_their_own_retreat_phase)
{
    INF("u1", "union", 48, 20, 0);
    INF("u2", "union", 20, 20, 0);
    INF("u3", "union", 76, 20, 0);
    INF("u4", "union", 8, 5, 0);
    INF("u5", "union", 88, 30, 180);
    INF("c1", "csa", 48, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("u1")->hits = 5;
    ST("u2")->hits = 4;
    ST("u3")->hits = 5;
    ST("u4")->hits = 6;
    ST("u5")->hits = 7;
    ST("u5")->routed = true;
    ST("c1")->hits = 6;
    to_phase(VL_PHASE_RALLY, 0);
    INJ(1, 1, 6, 6, 1, 1);
    OK(end_phase());
    ck_assert_int_eq(nrolls("GOR-RETR-1"), 3);
    ck_assert_int_eq(roll_k("GOR-RETR-1", 0)->unit, U("u1"));
    ck_assert_int_eq(roll_k("GOR-RETR-1", 1)->unit, U("u3"));
    ck_assert_int_eq(roll_k("GOR-RETR-1", 2)->unit, U("u4"));
    ck_assert_int_eq(roll_k("GOR-RETR-1", 0)->modifier, -2);
    ck_assert_int_eq(roll_k("GOR-RETR-1", 2)->modifier, -3);
    POSE_NEAR("u1", 48, 10, 0);
    ck_assert_int_eq(ST("u1")->hits, 6);
    POSE_NEAR("u2", 20, 20, 0);
    POSE_NEAR("u3", 76, 20, 0);
    ck_assert_int_eq(ST("u3")->hits, 5);
    ck_assert(ST("u4")->removed && ST("u4")->routed);
    ck_assert(!vl_world_present(W(), U("u4")));
    POSE_NEAR("u5", 88, 15, 180);
    ck_assert_int_eq(ST("u5")->hits, 8);
    POSE_NEAR("c1", 48, 45, 180);

    INJ(6, 5, 1, 1); /* c1's retreat test, then the events roll of turn 2 */
    to_phase(VL_PHASE_RALLY, 1);
    OK(end_phase());
    ck_assert_int_eq(nrolls("GOR-RETR-1"), 4);
    const VlDiceRoll *r = last_roll("GOR-RETR-1");
    ck_assert_int_eq(r->unit, U("c1"));
    ck_assert_int_eq(r->side, 1);
    ck_assert_int_eq(r->modifier, -3);
    POSE_NEAR("c1", 48, 45, 180);
    ck_assert_int_eq(ST("c1")->hits, 6);
    ALL_DICE_USED();
}
END_TEST

/* GOR-RETR-1: the sequence of play says 4 in; options.retreat_distance = 4 plays it so: u1 (48, 20) with
 * 5 HITs fails (1+1): (48, 16), 6 HITs. */
START_TEST(gor_retr_1_four_inch_option)
{
    INF("u1", "union", 48, 20, 0);
    INF("c1", "csa", 48, 45, 180);
    VlRuleOptions o = vl_rule_options_default();
    ck_assert_near(o.retreat_distance, 10, 0);
    o.retreat_distance = 4;
    build_with(1, &o);
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("u1")->hits = 5;
    to_phase(VL_PHASE_RALLY, 0);
    INJ(1, 1);
    OK(end_phase());
    POSE_NEAR("u1", 48, 16, 0);
    ck_assert_int_eq(ST("u1")->hits, 6);
    ALL_DICE_USED();
}
END_TEST

/* GOR-ROUT-1: routers cannot fire or move; in their own rout phase they run a charge move (normal + 5)
 * to the rear and take a HIT; off the table they are gone.
 *   u1 line routed at (48, 30) facing 180: 10 + 5 = 15 in: (48, 15), +1 HIT.
 *   u2 column routed at (20, 30) facing 180: 15 + 5 = 20 in: (20, 10), +1 HIT.
 *   u3 line routed at (76, 8) facing 180: 15 in takes it off the south edge: removed.
 *   c1 routed (its back to the Union: facing 0 at (80, 40)) does not run in the Union's rout phase; in the
 *   Confederate one it runs north off the table. */
START_TEST(gor_rout_1_routers_run_a_charge_move_and_take_a_hit)
{
    INF("u1", "union", 48, 30, 180);
    INFF("u2", "union", "column", "rifled", 20, 30, 180);
    INF("u3", "union", 76, 8, 180);
    INF("u4", "union", 60, 5, 0);
    INF("c1", "csa", 80, 40, 0);
    INF("c2", "csa", 10, 45, 180);
    build();
    INJ(1, 1, 1, 1);
    vl_game_start(fx.g);
    ST("u1")->routed = ST("u2")->routed = ST("u3")->routed = ST("c1")->routed = true;
    to_phase(VL_PHASE_FIRE, 0);
    REFUSED(fire("u1"), "GOR-ROUT-1");
    to_phase(VL_PHASE_MOVEMENT, 0);
    REFUSED(move1("u1", VL_STEP_ADVANCE, 1), "GOR-ROUT-1");
    to_phase(VL_PHASE_RALLY, 0);
    OK(end_phase());
    POSE_NEAR("u1", 48, 15, 180);
    ck_assert_int_eq(ST("u1")->hits, 1);
    POSE_NEAR("u2", 20, 10, 180);
    ck_assert_int_eq(ST("u2")->hits, 1);
    ck_assert(ST("u3")->removed && ST("u3")->routed);
    ck_assert_int_eq(ST("u3")->hits, 0);
    POSE_NEAR("c1", 80, 40, 0);
    ck_assert(!ST("c1")->removed);
    to_phase(VL_PHASE_RALLY, 1);
    OK(end_phase());
    ck_assert(ST("c1")->removed && ST("c1")->routed);
    ck_assert_int_eq(vl_game_turn(fx.g), 2);
    ALL_DICE_USED();
}
END_TEST

/* ===================================================================================================
 * GOR-MOVE-1, -4, -5, -7: the dice and HITs of movement
 * =================================================================================================== */

/* GOR-MOVE-1: cavalry in rough loses 1D6 in (D-MOVE-1), rolled when it moves. Rough ground y 12 .. 30.
 *   v1 cavalry line at (48, 10), advance 6: die 3, allowance 10 - 3 = 7: the whole 6 in: (48, 16).
 *   v2 cavalry line at (20, 10), advance 6: die 6, allowance 4: it stops at 4 in (D-MOVE-7): (20, 14). */
START_TEST(gor_move_1_cavalry_in_rough_rolls_the_die_during_the_move)
{
    tu_sb_rect("r1", "rough", NULL, 2, 12, 94, 30);
    tu_sb_unit_as("v1", "union", "cavalry", "line", "carbine", "seasoned", 48, 10, 0, NULL);
    tu_sb_unit_as("v2", "union", "cavalry", "line", "carbine", "seasoned", 20, 10, 0, NULL);
    INF("c1", "csa", 48, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    to_phase(VL_PHASE_MOVEMENT, 0);
    INJ(3);
    OK(move1("v1", VL_STEP_ADVANCE, 6));
    ck_assert_int_eq(nrolls("GOR-MOVE-1"), 1);
    ck_assert_int_eq(last_roll("GOR-MOVE-1")->ndice, 1);
    ck_assert_int_eq(last_roll("GOR-MOVE-1")->dice[0], 3);
    POSE_NEAR("v1", 48, 16, 0);
    INJ(6);
    OK(move1("v2", VL_STEP_ADVANCE, 6));
    ck_assert_int_eq(nrolls("GOR-MOVE-1"), 2);
    POSE_NEAR("v2", 20, 14, 0);
    ALL_DICE_USED();
}
END_TEST

/* GOR-MOVE-4: "Once per game ... an infantry unit that is within command range of it's commander can
 * double it's movement allowance. After moving, it suffers 2 HITs."
 * u1 (brigade b1) at (48, 10), its general g1 at (38, 6) (x 37.2 .. 38.8, y 4.4 .. 6: 5.3 in away, in
 * command, not in contact). Advance 18 is refused without double time (allowance 10), allowed with it
 * (20): (48, 28), 2 HITs. u2 (brigade b2, no general) may not double. Next turn u1 may not again. */
START_TEST(gor_move_4_double_time_costs_two_hits_once_per_game)
{
    INFB("u1", "union", 48, 10, 0, "b1");
    GEN("g1", "union", 38, 6, "b1");
    INFB("u2", "union", 20, 10, 0, "b2");
    INF("c1", "csa", 80, 45, 180);
    build();
    INJ(1, 1, 1, 1);
    vl_game_start(fx.g);
    ck_assert(vl_world_in_command(W(), U("u1"), NULL));
    to_phase(VL_PHASE_MOVEMENT, 0);
    REFUSED(move1("u1", VL_STEP_ADVANCE, 18), "GOR-MOVE-2");
    VlMoveOrder o = order("u2");
    step(&o, VL_STEP_ADVANCE, 12);
    o.double_time = true;
    REFUSED(move(&o), "GOR-MOVE-4");
    o = order("u1");
    step(&o, VL_STEP_ADVANCE, 18);
    o.double_time = true;
    OK(move(&o));
    POSE_NEAR("u1", 48, 28, 0);
    ck_assert_int_eq(ST("u1")->hits, 2);
    ck_assert(ST("u1")->double_time_used);
    to_phase(VL_PHASE_RALLY, 1);
    to_phase(VL_PHASE_MOVEMENT, 0); /* turn 2 */
    ck_assert_int_eq(vl_game_turn(fx.g), 2);
    o = order("u1");
    step(&o, VL_STEP_BACK, 2);
    o.double_time = true;
    REFUSED(move(&o), "GOR-MOVE-4");
    ALL_DICE_USED();
}
END_TEST

/* GOR-MOVE-5: falling back (a back step) means a morale test; failing costs 1 HIT.
 *   u1 (48, 20) back 5: (48, 15); 1+1 fails: 1 HIT.   u2 (20, 20) back 5: 6+6 passes: no HIT.
 *   u3 advancing 5 takes no test. */
START_TEST(gor_move_5_falling_back_tests_morale)
{
    INF("u1", "union", 48, 20, 0);
    INF("u2", "union", 20, 20, 0);
    INF("u3", "union", 76, 20, 0);
    INF("c1", "csa", 48, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    to_phase(VL_PHASE_MOVEMENT, 0);
    INJ(1, 1, 6, 6);
    OK(move1("u1", VL_STEP_BACK, 5));
    POSE_NEAR("u1", 48, 15, 0);
    ck_assert_int_eq(ST("u1")->hits, 1);
    OK(move1("u2", VL_STEP_BACK, 5));
    POSE_NEAR("u2", 20, 15, 0);
    ck_assert_int_eq(ST("u2")->hits, 0);
    OK(move1("u3", VL_STEP_ADVANCE, 5));
    ck_assert_int_eq(nrolls("GOR-MOVE-5"), 2);
    ck_assert_int_eq(roll_k("GOR-MOVE-5", 0)->unit, U("u1"));
    ck_assert_int_eq(roll_k("GOR-MOVE-5", 1)->unit, U("u2"));
    ALL_DICE_USED();
}
END_TEST

/* GOR-MOVE-7: passing through a friend, both units test; each failure is 1 HIT.
 * u1 at (48, 10) advances 8 through f1 (front at 12.9685, y 11 .. 12.97): it stops beyond f1 at
 * (48, 14.937) (1 + 2D). u1 1+1 fails (1 HIT), f1 6+6 passes. The same at x = 20 with u2 and f2:
 * u2 6+6 passes, f2 2+2 fails (1 HIT). */
START_TEST(gor_move_7_interpenetration_both_test)
{
    INF("u1", "union", 48, 10, 0);
    INF("f1", "union", 48, 11 + D, 0);
    INF("u2", "union", 20, 10, 0);
    INF("f2", "union", 20, 11 + D, 0);
    INF("c1", "csa", 48, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    to_phase(VL_PHASE_MOVEMENT, 0);
    INJ(1, 1, 6, 6, 6, 6, 2, 2);
    OK(move1("u1", VL_STEP_ADVANCE, 8));
    POSE_NEAR("u1", 48, 11 + 2 * D, 0);
    ck_assert_int_eq(ST("u1")->hits, 1);
    ck_assert_int_eq(ST("f1")->hits, 0);
    OK(move1("u2", VL_STEP_ADVANCE, 8));
    ck_assert_int_eq(ST("u2")->hits, 0);
    ck_assert_int_eq(ST("f2")->hits, 1);
    ck_assert_int_eq(nrolls("GOR-MOVE-7"), 4);
    ck_assert_int_eq(roll_k("GOR-MOVE-7", 0)->unit, U("u1"));
    ck_assert_int_eq(roll_k("GOR-MOVE-7", 1)->unit, U("f1"));
    ck_assert_int_eq(roll_k("GOR-MOVE-7", 2)->unit, U("u2"));
    ck_assert_int_eq(roll_k("GOR-MOVE-7", 3)->unit, U("f2"));
    ALL_DICE_USED();
}
END_TEST

/* ===================================================================================================
 * Victory and determinism
 * =================================================================================================== */

/* break_percent: a side with that share of its units routed or gone has lost. Break at 50: u1 (48, 5)
 * with 5 HITs fails its retreat test (1+1) and falls off the south edge: 1 of the Union's 2 units is gone
 * (50 %): the Confederates win at once; every command is refused afterwards. */
START_TEST(victory_break_percent_ends_the_game)
{
    tu_sb_victory("{\"break_percent\":50}");
    INF("u1", "union", 48, 5, 0);
    INF("u2", "union", 20, 20, 0);
    INF("c1", "csa", 48, 45, 180);
    INF("c2", "csa", 20, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ST("u1")->hits = 5;
    to_phase(VL_PHASE_RALLY, 0);
    INJ(1, 1);
    OK(end_phase());
    int winner;
    const char *why;
    ck_assert(vl_game_over(fx.g, &winner, &why));
    ck_assert_int_eq(winner, 1);
    ck_assert_msg(strstr(why, "broke") != NULL, "why: %s", why);
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_OVER);
    ck_assert_int_ne(end_phase(), VL_OK);
    ck_assert_msg(refusal("VICTORY") != NULL, "%s", reasons_text());
    ALL_DICE_USED();
}
END_TEST

/* The turn limit: after the last turn the side with more points wins. Objectives: o1 at (48, 20) worth 2,
 * held by u1 (its front edge passes through it); o2 at (20, 40) worth 1, held by c1. One turn: Union 2,
 * Confederates 1: the Union wins; no events roll for a turn that does not happen. */
START_TEST(victory_turn_limit_objectives_decide_by_points)
{
    tu_sb_victory("{\"turns\":1,\"break_percent\":100,\"objectives\":[{\"id\":\"o1\",\"name\":\"Mill\",\"position\":[48,20],"
                  "\"radius\":3,\"points\":2},{\"id\":\"o2\",\"position\":[20,40],\"radius\":3,\"points\":1}]}");
    INF("u1", "union", 48, 20, 0);
    INF("c1", "csa", 20, 40, 180);
    INF("c2", "csa", 80, 45, 180);
    build();
    INJ(1, 1);
    vl_game_start(fx.g);
    ck_assert_int_eq(vl_game_points(fx.g, 0), 2);
    ck_assert_int_eq(vl_game_points(fx.g, 1), 1);
    to_phase(VL_PHASE_RALLY, 1);
    OK(end_phase());
    int winner;
    const char *why;
    ck_assert(vl_game_over(fx.g, &winner, &why));
    ck_assert_int_eq(winner, 0);
    ck_assert_int_eq(vl_game_turn(fx.g), 1);
    ck_assert_int_eq(nrolls("GOR-TURN-1"), 1);
    ALL_DICE_USED();
}
END_TEST

/* Two games of the same scenario with the same seed and the same commands (dice from the generator)
 * end in equal states: equal hashes and dice logs. A third with another seed differs. */
static uint64_t play(uint64_t seed, int *ndice)
{
    rebuild_reset();
    INF("u1", "union", 48, 10, 0);
    ART("a1", "union", "unlimbered", "rifled", 30, 10, 0);
    INF("c1", "csa", 48, 15, 180);
    INF("c2", "csa", 30, 30, 180);
    build_with(seed, NULL);
    OK(art("a1", "c2"));
    OK(end_phase());
    OK(fire("u1"));
    to_phase(VL_PHASE_FIRE, 1);
    if (vl_world_present(W(), U("c1")))
        fire("c1");
    to_phase(VL_PHASE_ARTILLERY, 0);
    vl_game_dice(fx.g, ndice);
    return vl_game_hash(fx.g);
}

START_TEST(victory_same_seed_same_commands_same_hash)
{
    int n1, n2, n3;
    uint64_t h1 = play(42, &n1);
    int n;
    const VlDiceRoll *d = vl_game_dice(fx.g, &n);
    VlDiceRoll *copy = malloc((size_t)n * sizeof *copy);
    ck_assert_ptr_nonnull(copy);
    memcpy(copy, d, (size_t)n * sizeof *copy);
    uint64_t h2 = play(42, &n2);
    ck_assert(h1 == h2);
    ck_assert_int_eq(n1, n2);
    d = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(d[i].ndice, copy[i].ndice);
        ck_assert_mem_eq(d[i].dice, copy[i].dice, sizeof d[i].dice);
    }
    free(copy);
    uint64_t h3 = play(43, &n3);
    ck_assert(h3 != h1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("game_fire");
    TCase *tc = tcase_create("turn");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_turn_1_events_roll_each_turn_applies_the_entry);
    tcase_add_test(tc, gor_turn_2_phases_run_in_order_for_each_side);
    tcase_add_test(tc, gor_turn_2_commands_out_of_phase_are_refused_with_a_reason);
    tcase_add_test(tc, gor_turn_3_a_unit_that_fired_cannot_act_again_but_retreats_and_routs);
    suite_add_tcase(s, tc);

    tc = tcase_create("artillery");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_art_1_unlimbered_guns_fire_in_their_arc_once);
    tcase_add_test(tc, gor_art_1_a_unit_in_between_at_the_same_level_blocks);
    tcase_add_test(tc, gor_art_2_woods_block_even_from_a_hill);
    tcase_add_test(tc, gor_art_2_higher_ground_sees_over_a_lower_friend);
    tcase_add_test(tc, gor_art_2_never_over_friends_within_6_in_of_the_target);
    tcase_add_test(tc, gor_art_3_dice_by_band_and_cover);
    tcase_add_test(tc, gor_art_3_only_sixes_hit);
    tcase_add_test(tc, gor_art_4_friend_within_50_mm_beyond_the_target);
    tcase_add_test(tc, gor_art_4_enfilade_and_square_add_three);
    tcase_add_test(tc, gor_art_4_enfilade_is_judged_by_the_face_seen);
    tcase_add_test(tc, gor_art_4_skirmishers_take_one_die_less);
    tcase_add_test(tc, gor_art_5_smoothbore_range_and_split_batteries);
    suite_add_tcase(s, tc);

    tc = tcase_create("small-arms");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_fire_1_greatest_frontage_is_the_forced_target);
    tcase_add_test(tc, gor_fire_1_equal_frontage_the_nearer_is_the_target);
    tcase_add_test(tc, gor_fire_1_an_enemy_general_is_not_a_small_arms_target);
    tcase_add_test(tc, gor_fire_2_small_arms_table_cells);
    tcase_add_test(tc, gor_fire_2_heavy_cover_at_long_range_is_zero_dice);
    tcase_add_test(tc, gor_fire_2_modifiers_never_below_one_die);
    tcase_add_test(tc, gor_fire_3_modifiers_and_weapon_ranges);
    tcase_add_test(tc, gor_form_3_column_cannot_fire);
    tcase_add_test(tc, gor_fire_4_breechloader_table);
    tcase_add_test(tc, gor_fire_4_fives_and_sixes_hit);
    tcase_add_test(tc, gor_fire_4_split_fire_sums_exactly);
    tcase_add_test(tc, gor_fire_4_carbine_line_of_fire_ends_at_medium_range);
    tcase_add_test(tc, gor_fire_5_first_time_fired_on_tests_and_falls_back_2_in_a_point);
    tcase_add_test(tc, gor_fire_5_failing_by_one_falls_back_2_in);
    tcase_add_test(tc, gor_fire_5_two_hits_in_one_phase_test_once);
    tcase_add_test(tc, gor_fire_5_unlimbered_artillery_limbers_in_place);
    tcase_add_test(tc, gor_fire_6_a_nearer_friend_showing_more_blocks_the_fire);
    suite_add_tcase(s, tc);

    tc = tcase_create("morale");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_mor_1_levels_must_be_exceeded);
    tcase_add_test(tc, gor_mor_2_minus_one_per_full_two_hits);
    tcase_add_test(tc, gor_mor_2_minus_one_per_threatened_flank);
    tcase_add_test(tc, gor_mor_2_commander_in_contact_adds_one);
    tcase_add_test(tc, gor_rally_1_pass_takes_off_two_hits_and_stops_a_rout);
    tcase_add_test(tc, gor_retr_1_five_hits_test_in_their_own_retreat_phase);
    tcase_add_test(tc, gor_retr_1_four_inch_option);
    tcase_add_test(tc, gor_rout_1_routers_run_a_charge_move_and_take_a_hit);
    suite_add_tcase(s, tc);

    tc = tcase_create("movement");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_move_1_cavalry_in_rough_rolls_the_die_during_the_move);
    tcase_add_test(tc, gor_move_4_double_time_costs_two_hits_once_per_game);
    tcase_add_test(tc, gor_move_5_falling_back_tests_morale);
    tcase_add_test(tc, gor_move_7_interpenetration_both_test);
    suite_add_tcase(s, tc);

    tc = tcase_create("victory");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, victory_break_percent_ends_the_game);
    tcase_add_test(tc, victory_turn_limit_objectives_decide_by_points);
    tcase_add_test(tc, victory_same_seed_same_commands_same_hash);
    suite_add_tcase(s, tc);

    return tu_run(s);
}
