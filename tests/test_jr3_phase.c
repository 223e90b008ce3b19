/* The game's charge phase under JR III (src/game/charge_jr3.c): each clause on a small hand-built
 * situation with fixed dice, then whole games under JR III with no refused command and the soak
 * test's invariants held after every phase (tu_position_problem).
 *
 * Dice, in throw order, for one charge (docs/rules-decisions.md D-JR3-3..D-JR3-9): events 2 at the
 * start (GOR-TURN-1); per charge, closest to its enemy first (JR3-CHG-1): the bonus dice (2, JR3-CHG-3);
 * the range die of the target and of each close support unit able to fire (1 each, JR3-CHG-5), then
 * the fire of each one the charge comes within range of, in the order it meets them (its dice, and the
 * charger's GOR-FIRE-5 test 2 the first time it is fired on); on contact the dice-down, attacker's 2
 * then defender's 2 (JR3-IMP-1); then the loser's fall-back dice (JR3-IMP-1) or the melee (GOR-CC-2,
 * GOR-CC-4).
 *
 * Geometry: a line is two bases, 7.874 x 1.9685 in; the anchor is the middle of the front face;
 * facing 0 is north (+y). Union A at (48, 10) facing 0 and Confederate B at (48, 20) facing 180 are
 * 10 in apart; infantry line normal movement is 10 in (GOR Movement Table, D-JR3-1). */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SCEN(name) VL_SOURCE_ROOT "/scenarios/" name

static struct {
    VlScenario s;
    VlGame *g;
    bool loaded;
} fx;

static void fx_free(void)
{
    if (fx.loaded) {
        vl_game_destroy(fx.g);
        vl_scenario_free(&fx.s);
    }
    memset(&fx, 0, sizeof fx);
    tu_sb_begin("jr3 phase test", 96, 60);
}

static void dump_log(void)
{
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++)
        fprintf(stderr, "  roll %-10s %s\n", r[i].clause, r[i].result);
    const VlGameEvent *e = vl_game_events(fx.g, &n);
    for (int i = 0; i < n; i++)
        fprintf(stderr, "  event %-10s %s\n", e[i].clause, e[i].text);
}

static void setup(void) { fx_free(); }
static void teardown(void)
{
    if (fx.loaded && getenv("VOLLEY_TEST_DUMP"))
        dump_log();
    fx_free();
}

#define INF(id, side, x, y, f) tu_sb_unit(id, side, "infantry", "line", x, y, f, NULL)
#define INFQ(id, side, q, x, y, f) tu_sb_unit_as(id, side, "infantry", "line", NULL, q, x, y, f, NULL)

static void roll(int n, const int *faces) { vl_game_inject_dice(fx.g, faces, n); }
#define ROLL(...)                                                                                                    \
    do {                                                                                                             \
        const int roll_f_[] = {__VA_ARGS__};                                                                         \
        roll((int)(sizeof roll_f_ / sizeof roll_f_[0]), roll_f_);                                                    \
    } while (0)

static void roll_ones(int n)
{
    for (int i = 0; i < n; i++)
        ROLL(1);
}

/* Load, create under JR III, start with events 3 + 4 and go to the first side's charge phase. */
static void build(void)
{
    tu_sb_load(&fx.s);
    VlRuleOptions o = vl_rule_options_default();
    o.charge_rules = VL_RULES_JR3;
    fx.g = vl_game_create(&fx.s, 20240601, &o);
    ck_assert_ptr_nonnull(fx.g);
    fx.loaded = true;
    ROLL(3, 4);
    vl_game_start(fx.g);
    VlCommand end = {.kind = VL_CMD_END_PHASE, .facing = NAN};
    while (vl_game_phase(fx.g) != VL_PHASE_CHARGE)
        ck_assert_int_eq(vl_game_apply(fx.g, &end, NULL), VL_OK);
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}

static int U(const char *id)
{
    int i = vl_scenario_find_unit(&fx.s, id);
    ck_assert_msg(i >= 0, "no unit %s", id);
    return i;
}

static void charge(const char *u, const char *t)
{
    VlCommand c = {.kind = VL_CMD_CHARGE, .unit = U(u), .target = U(t), .choose_path = true, .facing = NAN};
    VlReasons why = {0};
    VlStatus st = vl_game_apply(fx.g, &c, &why);
    if (st != VL_OK)
        for (int i = 0; i < why.n; i++)
            fprintf(stderr, "  %s %s\n", why.r[i].clause, why.r[i].text);
    ck_assert_msg(st == VL_OK, "the charge of %s at %s was refused", u, t);
}

static void resolve(void)
{
    VlCommand end = {.kind = VL_CMD_END_PHASE, .facing = NAN};
    ck_assert_int_eq(vl_game_apply(fx.g, &end, NULL), VL_OK);
    if (vl_game_injected_left(fx.g) != 0)
        dump_log();
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}

/* The nth event (0-based) with this clause whose text holds @p needle, or NULL. */
static const VlGameEvent *find_event(const char *clause, const char *needle, int nth)
{
    int n;
    const VlGameEvent *e = vl_game_events(fx.g, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(e[i].clause, clause) == 0 && strstr(e[i].text, needle) && nth-- == 0)
            return &e[i];
    return NULL;
}

static void must_event(const char *clause, const char *needle)
{
    if (!find_event(clause, needle, 0))
        dump_log();
    ck_assert_msg(find_event(clause, needle, 0), "no %s event saying \"%s\"", clause, needle);
}

static const VlDiceRoll *find_roll(const char *clause, int unit, int nth)
{
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(r[i].clause, clause) == 0 && (unit < 0 || r[i].unit == unit) && nth-- == 0)
            return &r[i];
    return NULL;
}

static VlPose pose(const char *id) { return vl_game_world_const(fx.g)->bf ? vl_world_unit(vl_game_world_const(fx.g), U(id))->pose : (VlPose){{0, 0}, 0}; }
static const VlUnitState *state(const char *id) { return &vl_game_world_const(fx.g)->units[U(id)]; }


/* ---- the clauses ---- */

/* Fire and close combat dice of the situations below (Good Old Rebel's tables, D-JR3-8). */
#define CFIRE 4   /* seasoned line, 3 in, open */
#define BFIRE 4   /* veteran line, 2 in, open */
#define B4FIRE 4  /* seasoned line, 4 in */
#define AVOLLEY 4 /* seasoned line, 3 in */
#define CCA 6     /* GOR-CC-2: infantry attacking a column */
#define CCB 3     /* ...and the column's */

#define COL(id, side, x, y, f) tu_sb_unit(id, side, "infantry", "column", x, y, f, NULL)

/* The modifier of the nth JR3-IMP-1 dice-down roll of unit id. */
static int dice_down_mod(const char *id)
{
    const VlDiceRoll *r = find_roll("JR3-IMP-1", U(id), 0);
    ck_assert_ptr_nonnull(r);
    ck_assert_msg(strstr(r->result, "dices down"), "not a dice-down: %s", r->result);
    return r->modifier;
}

/* JR3-CHG-3: the bonus dice at the start of the charge make its total charge move (normal 10 + 1 +
 * 1 = 12 in); a target 13 in away is not reached: the charge runs out 1 in short. The point unit
 * goes into disorder once it has spent its normal movement (D-JR3-5). */
START_TEST(jr3_chg3_bonus_dice_total_move)
{
    INF("a", "union", 48, 10, 0);
    COL("b", "csa", 48, 23, 180);
    build();
    charge("a", "b");
    ROLL(1, 1); /* JR3-CHG-3 bonus; b, in column, does not fire */
    resolve();
    const VlDiceRoll *r = find_roll("JR3-CHG-3", U("a"), 0);
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(r->ndice, 2);
    ck_assert_near(pose("a").anchor.y, 22.0, 1e-6);
    must_event("JR3-CHG-3", "total charge move 12.00 in");
    must_event("JR3-CHG-3", "runs out 1.00 in short");
    must_event("JR3-CHG-6", "goes into disorder after 10.00 in");
    ck_assert_int_eq(state("b")->hits, 0);
}
END_TEST

/* JR3-CHG-1: a2's charge, 13 in from its target, is resolved before a1's, 14 in away, though a1
 * declared first. */
START_TEST(jr3_chg1_closest_first)
{
    INF("a1", "union", 20, 10, 0);
    COL("b1", "csa", 20, 24, 180);
    INF("a2", "union", 70, 10, 0);
    COL("b2", "csa", 70, 23, 180);
    build();
    charge("a1", "b1");
    charge("a2", "b2");
    ROLL(1, 1, 1, 1);
    resolve();
    const VlDiceRoll *r1 = find_roll("JR3-CHG-3", U("a1"), 0), *r2 = find_roll("JR3-CHG-3", U("a2"), 0);
    ck_assert_ptr_nonnull(r1);
    ck_assert_ptr_nonnull(r2);
    ck_assert_int_lt(r2->seq, r1->seq);
    must_event("JR3-CHG-1", "closest to its enemy of the 2 left");
    ck_assert_near(pose("a2").anchor.y, 22.0, 1e-6);
    ck_assert_near(pose("a1").anchor.y, 22.0, 1e-6);
}
END_TEST

/* JR3-CHG-2 and a 12 at impact (JR3-IMP-1): a1, closest, beats b1 and rolls it 12: b1 is removed.
 * a3's target b1 has gone before its charge: it charges the one it must now take, b2, and runs out
 * short of it. */
START_TEST(jr3_chg2_target_gone_retargets)
{
    INF("a1", "union", 20, 10, 0);
    COL("b1", "csa", 20, 14, 180);
    INF("a3", "union", 36, 10, 0);
    COL("b2", "csa", 36, 30, 180);
    build();
    VlCommand wrong = {.kind = VL_CMD_CHARGE, .unit = U("a3"), .target = U("b2"), .choose_path = true, .facing = NAN};
    VlReasons why = {0};
    ck_assert_int_ne(vl_game_apply(fx.g, &wrong, &why), VL_OK); /* b1 is closer: the charge must take it */
    charge("a1", "b1");
    charge("a3", "b1");
    ROLL(1, 1);       /* a1's bonus: contact after 4 in */
    ROLL(1, 1, 6, 6); /* dice-down: a1 2 + 5 = 7, b1 12 + 6 = 18 */
    ROLL(6, 6);       /* b1 defeated: 12, disintegrates */
    ROLL(1, 1);       /* a3's bonus */
    resolve();
    ck_assert(!vl_world_present(vl_game_world_const(fx.g), U("b1")));
    must_event("JR3-IMP-1", "flag is taken");
    int n;
    const VlGameEvent *e = vl_game_events(fx.g, &n);
    bool retarget = false;
    for (int i = 0; i < n; i++)
        retarget |= strcmp(e[i].clause, "JR3-CHG-2") == 0 && e[i].unit == U("a3") && e[i].other == U("b2");
    ck_assert_msg(retarget, "a3 did not take b2 as its new target");
    ck_assert_near(pose("a3").anchor.y, 22.0, 1e-6);
}
END_TEST

/* JR3-CHG-4: s, 4 in behind a, supports it: it moves as far as a and takes 1 off a's impact
 * morale (level 6, -1 charging, -1 supporting: +4). b routs on an 11 and falls back 11 in; a follows
 * up the 4 in left of its 12, s with it. */
START_TEST(jr3_chg4_supporter_moves_and_counts)
{
    INF("a", "union", 48, 10, 0);
    INF("s", "union", 48, 4, 0);
    COL("b", "csa", 48, 18, 180);
    build();
    charge("a", "b");
    ROLL(1, 1);       /* bonus: 12 in */
    ROLL(1, 1, 6, 6); /* dice-down 2 + 4 = 6 against 12 + 6 = 18 */
    ROLL(6, 5);       /* b: 11, routed, back 11 in */
    resolve();
    ck_assert_int_eq(dice_down_mod("a"), 4);
    ck_assert_int_eq(dice_down_mod("b"), 6);
    ck_assert(state("b")->routed);
    ck_assert_near(pose("b").anchor.y, 29.0, 1e-6);
    ck_assert_near(pose("a").anchor.y, 22.0, 1e-6);
    ck_assert_near(pose("s").anchor.y, 16.0, 1e-6);
}
END_TEST

/* JR3-CHG-4 with D-JR3-3: a unit with 2 HITs is shaken: it may not lead a charge, and a shaken unit
 * behind a point unit does not support it (the charge is declared without support). */
START_TEST(jr3_chg4_shaken_neither_leads_nor_supports)
{
    INF("a", "union", 48, 10, 0);
    INF("s", "union", 48, 4, 0);
    INF("a2", "union", 20, 10, 0);
    COL("b", "csa", 48, 18, 180);
    COL("b2", "csa", 20, 18, 180);
    build();
    tu_world(fx.g)->units[U("s")].hits = 2;
    tu_world(fx.g)->units[U("a2")].hits = 2;
    VlCommand c = {.kind = VL_CMD_CHARGE, .unit = U("a2"), .target = U("b2"), .choose_path = true, .facing = NAN};
    VlReasons why = {0};
    ck_assert_int_ne(vl_game_apply(fx.g, &c, &why), VL_OK);
    bool said = false;
    for (int i = 0; i < why.n; i++)
        said |= !why.r[i].ok && strcmp(why.r[i].clause, "JR3-CHG-4") == 0 && strstr(why.r[i].text, "shaken");
    ck_assert_msg(said, "the refusal does not say a2 is shaken (JR3-CHG-4)");
    charge("a", "b");
    must_event("GOR-CHG-3", "a declares a charge at b");
    ck_assert_ptr_null(find_event("GOR-CHG-3", "with support", 0));
    ck_assert(!state("s")->acted);
}
END_TEST

/* JR3-CHG-5: the target b (veteran: half inches) rolls 4 and fires when a is 2 in away; c, in close
 * support within 2 in of b (seasoned: inches), rolls 3 and fires first, at 3 in. Neither hits; a
 * passes the test of being fired on for the first time (GOR-FIRE-5) and goes in. c's close support
 * takes 1 off b's dice-down (veteran level 5: +4). */
START_TEST(jr3_chg5_defensive_fire_range)
{
    INF("a", "union", 48, 10, 0);
    INFQ("b", "csa", "veteran", 48, 20.5, 180);
    INF("c", "csa", 57, 20.5, 180);
    build();
    charge("a", "b");
    ROLL(1, 1);      /* bonus: 12 in */
    ROLL(4, 3);      /* range dice: b 4 (2 in), c 3 (3 in) */
    roll_ones(CFIRE); /* c's fire at 3 in: no HIT */
    ROLL(6, 6);      /* a's first fire test: passes */
    roll_ones(BFIRE); /* b's fire at 2 in: no HIT */
    ROLL(1, 1, 6, 6); /* dice-down: a 2 + 10 (c threatens its flank; disordered at 10) = 12, b 12 + 4 = 16 */
    ROLL(6, 5, 2, 1); /* b: 11, routs; c: 3, back 3 in */
    resolve();
    const VlDiceRoll *rb = find_roll("JR3-CHG-5", U("b"), 0), *rc = find_roll("JR3-CHG-5", U("c"), 0);
    ck_assert_ptr_nonnull(rb);
    ck_assert_ptr_nonnull(rc);
    ck_assert_msg(strstr(rb->result, "2.0 in away") && strstr(rb->result, "half inches"), "%s", rb->result);
    ck_assert_msg(strstr(rc->result, "3.0 in away"), "%s", rc->result);
    const VlDiceRoll *fb = find_roll("JR3-CHG-5", U("b"), 1), *fc = find_roll("JR3-CHG-5", U("c"), 1);
    ck_assert_ptr_nonnull(fb);
    ck_assert_ptr_nonnull(fc);
    ck_assert_int_lt(fc->seq, fb->seq);
    ck_assert_msg(strstr(fb->result, " 2.0 in"), "%s", fb->result);
    ck_assert_msg(strstr(fc->result, " 3.0 in"), "%s", fc->result);
    ck_assert_int_eq(dice_down_mod("b"), 4);
    ck_assert_int_eq(dice_down_mod("a"), 10);
    ck_assert_near(pose("c").anchor.y, 23.5, 1e-6);
}
END_TEST

/* JR3-CHG-5 with JR3-CHG-6: b's fire at 4 in (seasoned, a 4) hits and a fails its test: it falls
 * back 10 in (GOR-FIRE-5, s directly behind going back with it, GOR-FOLLOW-1) and the charge is
 * halted: no impact. */
START_TEST(jr3_chg5_halted_by_fire)
{
    INF("a", "union", 48, 30, 0);
    INF("s", "union", 48, 24, 0);
    INF("b", "csa", 48, 40, 180);
    build();
    charge("a", "b");
    ROLL(1, 1); /* bonus */
    ROLL(4);    /* b's range: 4 in */
    ROLL(6);
    roll_ones(B4FIRE - 1); /* b's fire: one HIT */
    ROLL(1, 1);            /* a's test: 2 + 0, fails by 5 */
    resolve();
    must_event("JR3-CHG-6", "halted by fire");
    ck_assert_int_eq(state("a")->hits, 1);
    ck_assert_near(pose("a").anchor.y, 36.0 - 10.0, 1e-6); /* 6 in on, then back 10 (GOR-FIRE-5) */
    ck_assert(pose("s").anchor.y < pose("a").anchor.y);
    ck_assert_ptr_null(find_event("JR3-IMP-1", "", 0));
    ck_assert_int_eq(state("b")->hits, 0);
}
END_TEST

/* JR3-CHG-6: a goes into disorder at 10 in; s1, 6 in behind, would reach that line after 16 in and
 * the charge goes 15: s1 stays in order; s2, green, is disordered after half its normal move. a's
 * dice-down: level 6, -1 charging, -2 supporters, +4 disorder = +7. */
START_TEST(jr3_chg6_disorder_line)
{
    INF("a", "union", 48, 10, 0);
    INF("s1", "union", 48, 4, 0);
    INFQ("s2", "union", "raw", 57, 6, 0);
    COL("b", "csa", 48, 25, 180);
    build();
    charge("a", "b");
    ROLL(6, 1);       /* bonus: 17 in */
    ROLL(1, 1, 6, 6); /* dice-down: 2 + 7 = 9 against 18 */
    ROLL(6, 5);       /* b routs, back 11 */
    resolve();
    must_event("JR3-CHG-6", "a goes into disorder after 10.00 in");
    must_event("JR3-CHG-6", "s2, green, is disordered");
    ck_assert_ptr_null(find_event("JR3-CHG-6", "s1", 0));
    ck_assert_int_eq(dice_down_mod("a"), 7);
    ck_assert_near(pose("s1").anchor.y, 4 + 15 + 2, 1e-6); /* 15 to contact, 2 following up */
}
END_TEST

/* JR3-CHG-6: the same with the charge going 17 in: s1 reaches the line through a's disorder point. */
START_TEST(jr3_chg6_supporter_reaches_line)
{
    INF("a", "union", 48, 10, 0);
    INF("s1", "union", 48, 4, 0);
    COL("b", "csa", 48, 27, 180);
    build();
    charge("a", "b");
    ROLL(6, 6);       /* bonus: 22 in */
    ROLL(1, 1, 6, 6); /* dice-down */
    ROLL(6, 5);       /* b routs */
    resolve();
    must_event("JR3-CHG-6", "s1 reaches the disorder line of a (6.00 in behind it, after 16.00 in)");
}
END_TEST

/* JR3-MOVE-1: into rough from open quarters what is left: 4 in of open, then 8 / 4 = 2 in. */
START_TEST(jr3_move1_rough_quarters)
{
    INF("a", "union", 48, 10, 0);
    COL("b", "csa", 48, 26, 180);
    tu_sb_rect("r", "rough", NULL, 40, 14, 56, 40);
    build();
    charge("a", "b");
    ROLL(1, 1);
    resolve();
    must_event("JR3-MOVE-1", "quarters");
    ck_assert_near(pose("a").anchor.y, 16.0, 1e-6);
}
END_TEST

/* JR3-MOVE-1 both ways: across a 2 in belt of rough, 22 in: 2 open, 20 / 4 = 5 in rough inches of
 * which the 3.9685 to clear it (base depth 1.9685) use 15.874; the 4.126 open inches left,
 * quadrupled back from rough inches, take it on to 10.0945 in. Its disorder point (10 open inches
 * spent) falls in the rough, at 2 + 8 / 4 = 4 in. */
START_TEST(jr3_move1_out_again_quadruples)
{
    INF("a", "union", 48, 10, 0);
    COL("b", "csa", 48, 26, 180);
    tu_sb_rect("r", "rough", NULL, 40, 12, 56, 14);
    build();
    charge("a", "b");
    ROLL(6, 6);
    resolve();
    must_event("JR3-MOVE-1", "quarters");
    must_event("JR3-MOVE-1", "quadruples");
    must_event("JR3-CHG-6", "goes into disorder after 4.00 in");
    ck_assert_near(pose("a").anchor.y, 10 + 2 + 2 + TU_INF_D + (22 - 2 - 4 * (2 + TU_INF_D)), 1e-6);
}
END_TEST

/* JR3-IMP-1, the attacker wins: b rolls 6 (5 to 8): falls back 6 in and is shaken (2 HITs, D-JR3-3).
 * a follows up the 4 in left of its 12 (step 8). */
START_TEST(jr3_imp1_attacker_wins)
{
    INF("a", "union", 48, 10, 0);
    COL("b", "csa", 48, 18, 180);
    build();
    charge("a", "b");
    ROLL(1, 1);       /* bonus: 12 */
    ROLL(1, 1, 6, 6); /* 2 + 5 = 7 against 12 + 6 = 18 */
    ROLL(3, 3);       /* b: 6 */
    resolve();
    ck_assert_int_eq(state("b")->hits, 2);
    ck_assert(!state("b")->routed);
    ck_assert_near(pose("b").anchor.y, 24.0, 1e-6);
    ck_assert_near(pose("a").anchor.y, 22.0, 1e-6);
    must_event("JR3-IMP-1", "b is shaken");
}
END_TEST

/* JR3-IMP-1: c, in close support of b, is defeated with it and rolls its own 3: back 3 in, as it was
 * (2 to 4). Following up, a runs into c (it stands across a's line) and they melee (GOR-CC-2): equal
 * HITs, so a, the charger, falls back 4 in (GOR-CC-6). c's support took 1 off b's dice-down. */
START_TEST(jr3_imp1_close_support_defeated_follow_up)
{
    INF("a", "union", 48, 10, 0);
    COL("b", "csa", 48, 18, 180);
    COL("c", "csa", 53, 18, 180);
    build();
    charge("a", "b");
    ROLL(1, 1);       /* bonus: 12 */
    ROLL(1, 1, 6, 6); /* 2 + 5 = 7 against 12 + 5 = 17 */
    ROLL(6, 5, 2, 1); /* b 11, routs; c 3 */
    roll_ones(CCA + CCB);
    resolve();
    ck_assert_int_eq(dice_down_mod("b"), 5);
    ck_assert(state("b")->routed);
    ck_assert_int_eq(state("c")->hits, 0);
    ck_assert_near(pose("c").anchor.y, 21.0, 1e-6);
    must_event("JR3-IMP-1", "c, in close support of b, is defeated with it");
    must_event("JR3-IMP-1", "runs into c");
    ck_assert_near(pose("a").anchor.y, 21 - 0.1 - 4, 1e-6);
}
END_TEST

/* JR3-IMP-1, the defender wins: a falls back 1D6 = 3 in; then a and b exchange a volley (b, a column,
 * has no fire; a's misses) and b tests for being fired on the first time. */
START_TEST(jr3_imp1_defender_wins)
{
    INF("a", "union", 48, 10, 0);
    COL("b", "csa", 48, 18, 180);
    build();
    charge("a", "b");
    ROLL(1, 1);       /* bonus */
    ROLL(6, 6, 1, 1); /* 12 + 5 = 17 against 2 + 6 = 8 */
    ROLL(3);          /* a falls back 3 in */
    roll_ones(AVOLLEY);
    ROLL(6, 6); /* b's first fire test */
    resolve();
    ck_assert_near(pose("a").anchor.y, 15.0, 1e-6);
    must_event("JR3-IMP-1", "loses the impact");
    ck_assert_ptr_nonnull(find_roll("JR3-IMP-1", U("a"), 2));
}
END_TEST

/* JR3-IMP-1, mounted cavalry beaten in the open falls back double: 3 x 2 = 6 in. */
START_TEST(jr3_imp1_cavalry_double)
{
    INF("a", "union", 48, 10, 0);
    tu_sb_unit("b", "csa", "cavalry", "line", 48, 18, 180, NULL);
    build();
    charge("a", "b");
    ROLL(1, 1);
    ROLL(1, 1, 6, 6);
    ROLL(2, 1); /* 3: back 6 in, same morale */
    resolve();
    ck_assert_near(pose("b").anchor.y, 24.0, 1e-6);
    ck_assert_int_eq(state("b")->hits, 0);
}
END_TEST

/* JR3-IMP-1, a tie: they melee by Good Old Rebel's close combat (D-JR3-6). */
START_TEST(jr3_imp1_tie_melee)
{
    INF("a", "union", 48, 10, 0);
    COL("b", "csa", 48, 18, 180);
    build();
    charge("a", "b");
    ROLL(1, 1);
    ROLL(3, 3, 2, 3); /* 6 + 5 = 11 against 5 + 6 = 11 */
    roll_ones(CCA + CCB); /* no HITs either way: neither gives way, and GOR-CC-6 sends a back 4 in */
    resolve();
    must_event("JR3-IMP-1", "a tie: they melee");
    ck_assert_ptr_nonnull(find_roll("GOR-CC-2", U("a"), 0));
    must_event("GOR-CC-6", "still in contact");
    ck_assert_near(pose("a").anchor.y, 14.0, 1e-6);
}
END_TEST

/* ---- whole games ---- */

/* Over a batch: how many events of each JR III clause the games gave (the batch must play charges). */
static struct {
    int charges, fire, impacts, move, disorder;
} seen;

/* Play one game under JR III; fails on a refused command, a broken invariant or no result. */
static void play(const char *file, uint64_t seed, int p0, int p1)
{
    VlScenario s;
    VlDiagList d;
    vl_diag_init(&d, file);
    ck_assert_int_eq(vl_scenario_load_file(file, &s, &d), VL_OK);
    vl_diag_free(&d);
    VlRuleOptions o = vl_rule_options_default();
    o.charge_rules = VL_RULES_JR3;
    VlGame *g = vl_game_create(&s, seed, &o);
    ck_assert_ptr_nonnull(g);
    VlLog log;
    vl_log_init(&log, &s, seed, &o);
    VlRng rng[2];
    vl_rng_seed(&rng[0], seed, 101);
    vl_rng_seed(&rng[1], seed, 202);
    int who[2] = {p0, p1};
    long phases = 0, max_phases = 20L * (s.turns + 1) * 2;
    vl_game_start(g);
    char msg[200];
    while (!vl_game_over(g, NULL, NULL) && phases < max_phases) {
        int side = vl_game_active_side(g);
        int k = who[side] < 0 ? vl_random_player_phase(g, &log, &rng[side])
                              : vl_ai_phase(g, &log, &rng[side], (VlAiLevel)who[side], NULL);
        phases++;
        ck_assert_msg(k >= 0, "%s seed %llu: turn %d, a command of side %d's %s player was refused", file,
                      (unsigned long long)seed, vl_game_turn(g), side, who[side] < 0 ? "random" : "computer");
        bool bad = tu_position_problem(g, msg, sizeof msg);
        ck_assert_msg(!bad, "%s seed %llu, turn %d: %s", file, (unsigned long long)seed, vl_game_turn(g), msg);
    }
    ck_assert_msg(vl_game_over(g, NULL, NULL), "%s seed %llu: no result", file, (unsigned long long)seed);
    /* The game played JR III charges: every charge-phase event of the rules is a JR III or GOR-CC one. */
    int n;
    const VlGameEvent *e = vl_game_events(g, &n);
    for (int i = 0; i < n; i++) {
        ck_assert_msg(strcmp(e[i].clause, "GOR-CHG-2") != 0 && strcmp(e[i].clause, "GOR-CHG-4") != 0,
                      "a Good Old Rebel charge move in a JR III game: %s", e[i].text);
        seen.charges += strcmp(e[i].clause, "JR3-CHG-3") == 0 && strstr(e[i].text, "total charge move");
        seen.impacts += strcmp(e[i].clause, "JR3-IMP-1") == 0 && strncmp(e[i].text, "impact: ", 8) == 0;
        seen.move += strcmp(e[i].clause, "JR3-MOVE-1") == 0;
        seen.disorder += strcmp(e[i].clause, "JR3-CHG-6") == 0;
    }
    const VlDiceRoll *r = vl_game_dice(g, &n);
    for (int i = 0; i < n; i++)
        seen.fire += strcmp(r[i].clause, "JR3-CHG-5") == 0 && strstr(r[i].result, "HIT");
    /* The saved game names JR III and replays to the same state (the log header's charge rules). */
    char path[] = "/tmp/volley-jr3-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    VlDiagList dl;
    vl_diag_init(&dl, path);
    ck_assert_int_eq(vl_log_save(&log, &s, path, &dl), VL_OK);
    VlLog back;
    VlScenario s2;
    ck_assert_int_eq(vl_log_load(path, &back, &s2, &dl), VL_OK);
    vl_diag_free(&dl);
    unlink(path);
    ck_assert_int_eq(back.options.charge_rules, VL_RULES_JR3);
    VlReplayResult rr;
    VlGame *g2 = NULL;
    ck_assert_int_eq(vl_log_replay(&back, &s2, &g2, &rr), VL_OK);
    ck_assert_msg(rr.ok && vl_game_hash(g2) == vl_game_hash(g), "%s seed %llu: the replay differs: %s", file,
                  (unsigned long long)seed, rr.message);
    vl_game_destroy(g2);
    vl_log_free(&back);
    vl_scenario_free(&s2);
    vl_log_free(&log);
    vl_game_destroy(g);
    vl_scenario_free(&s);
}

START_TEST(games_random_vs_random)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        play(SCEN("tutorial.json"), seed, -1, -1);
        play(SCEN("brigade-action.json"), seed, -1, -1);
    }
    fprintf(stderr, "random games: %d JR III charges, %d impacts, %d defensive fires, %d terrain changes, %d disorder events\n",
            seen.charges, seen.impacts, seen.fire, seen.move, seen.disorder);
    ck_assert_int_gt(seen.charges, 0);
    ck_assert_int_gt(seen.impacts, 0);
}
END_TEST

START_TEST(games_commander_vs_random)
{
    for (uint64_t seed = 1; seed <= 20; seed++)
        play(SCEN("tutorial.json"), seed, seed % 2 ? VL_AI_NORMAL : -1, seed % 2 ? -1 : VL_AI_NORMAL);
    for (uint64_t seed = 1; seed <= 4; seed++)
        play(SCEN("brigade-action.json"), seed, seed % 2 ? VL_AI_NORMAL : -1, seed % 2 ? -1 : VL_AI_NORMAL);
    fprintf(stderr, "commander games: %d JR III charges, %d impacts, %d defensive fires, %d terrain changes, %d disorder events\n",
            seen.charges, seen.impacts, seen.fire, seen.move, seen.disorder);
    ck_assert_int_gt(seen.charges, 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("jr3_phase");
    TCase *tc = tcase_create("clauses");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, jr3_chg1_closest_first);
    tcase_add_test(tc, jr3_chg2_target_gone_retargets);
    tcase_add_test(tc, jr3_chg3_bonus_dice_total_move);
    tcase_add_test(tc, jr3_chg4_supporter_moves_and_counts);
    tcase_add_test(tc, jr3_chg4_shaken_neither_leads_nor_supports);
    tcase_add_test(tc, jr3_chg5_defensive_fire_range);
    tcase_add_test(tc, jr3_chg5_halted_by_fire);
    tcase_add_test(tc, jr3_chg6_disorder_line);
    tcase_add_test(tc, jr3_chg6_supporter_reaches_line);
    tcase_add_test(tc, jr3_move1_rough_quarters);
    tcase_add_test(tc, jr3_move1_out_again_quadruples);
    tcase_add_test(tc, jr3_imp1_attacker_wins);
    tcase_add_test(tc, jr3_imp1_close_support_defeated_follow_up);
    tcase_add_test(tc, jr3_imp1_defender_wins);
    tcase_add_test(tc, jr3_imp1_cavalry_double);
    tcase_add_test(tc, jr3_imp1_tie_melee);
    suite_add_tcase(s, tc);
    TCase *gm = tcase_create("games");
    tcase_set_timeout(gm, 600);
    tcase_add_test(gm, games_random_vs_random);
    tcase_add_test(gm, games_commander_vs_random);
    suite_add_tcase(s, gm);
    return s;
}

int main(void) { return tu_run(suite()); }
