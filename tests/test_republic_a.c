/* The Republic advanced rules Volley offers as options on a Good Old Rebel game, movement and close
 * combat (docs/rules-decisions.md D-REP-1..10): a test per id on a hand-built situation, each with the
 * option on and, for contrast, off; and whole games with all of them on (the 'games' case).
 *
 * Situations follow tests/test_game_combat.c: Union A at (48, 10) facing 0 (north), Confederate B at
 * (48, 20) facing 180, 10 in apart; the Union moves first. A line is two bases, 7.874 x 1.9685 in.
 * Dice, in throw order for a charge: the events roll 2 (at the start), the charger's morale 2 (GOR-CHG-3),
 * the defender's receiving test 2 (GOR-CHG-6), the attacker's close-combat dice then the defender's
 * (GOR-CC-2), with REP-513 each side's attrition D20, then the loser's test 2 (GOR-CC-4). Seasoned
 * units pass on a total of 7 or more. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCEN_DIR VL_SOURCE_ROOT "/scenarios/"

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
    tu_sb_begin("republic test", 96, 48);
}
static void dump_log(void);
static void setup(void) { fx_free(); }
static void teardown(void)
{
    if (fx.loaded && getenv("VOLLEY_TEST_DUMP"))
        dump_log();
    fx_free();
}

#define INF(id, side, x, y, f) tu_sb_unit(id, side, "infantry", "line", x, y, f, NULL)
#define BIT(o) (1u << (o))

static void dump_log(void)
{
    int n, ne;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++) {
        fprintf(stderr, "    dice %-10s unit %2d n=%2d mod=%+d need=%d [", r[i].clause, r[i].unit, r[i].ndice, r[i].modifier,
                r[i].need);
        for (int k = 0; k < r[i].ndice; k++)
            fprintf(stderr, "%s%d", k ? " " : "", r[i].dice[k]);
        fprintf(stderr, "] %s\n", r[i].result);
    }
    const VlGameEvent *e = vl_game_events(fx.g, &ne);
    for (int i = 0; i < ne; i++)
        fprintf(stderr, "    event %-10s %s\n", e[i].clause, e[i].text);
}

static void inject(int n, const int *faces) { vl_game_inject_dice(fx.g, faces, n); }
#define ROLL(...)                                                                                                    \
    do {                                                                                                             \
        const int roll_f_[] = {__VA_ARGS__};                                                                         \
        inject((int)(sizeof roll_f_ / sizeof roll_f_[0]), roll_f_);                                                  \
    } while (0)
static void roll_sixes(int n, int sixes)
{
    for (int i = 0; i < n; i++)
        ROLL(i < sixes ? 6 : 1);
}

/* Load the scenario written and start a game under the Republic options @p rep. */
static void build(uint32_t rep)
{
    tu_sb_load(&fx.s);
    VlRuleOptions opt = vl_rule_options_default();
    opt.republic = rep;
    fx.g = vl_game_create(&fx.s, 20240601, &opt);
    ck_assert_ptr_nonnull(fx.g);
    fx.loaded = true;
    ROLL(3, 4);
    vl_game_start(fx.g);
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}

static int U(const char *id)
{
    int i = vl_scenario_find_unit(&fx.s, id);
    ck_assert_msg(i >= 0, "no unit %s", id);
    return i;
}
static VlWorld *W(void) { return tu_world(fx.g); }
static VlUnitState *ST(const char *id) { return &W()->units[U(id)]; }
static const VlFieldUnit *FU(const char *id) { return vl_world_unit(W(), U(id)); }
static double gap(const char *a, const char *b) { return vl_footprint_distance(&FU(a)->fp, &FU(b)->fp); }

static void end_phase(void)
{
    VlCommand c = {.kind = VL_CMD_END_PHASE};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, NULL), VL_OK);
}
static void end_phases(int n)
{
    for (int i = 0; i < n; i++)
        end_phase();
}
static void charge(const char *u, const char *t)
{
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
    VlCommand c = {.kind = VL_CMD_CHARGE, .unit = U(u), .target = U(t), .choose_path = true};
    VlReasons why = {0};
    ck_assert_msg(vl_game_apply(fx.g, &c, &why) == VL_OK, "the charge of %s at %s was refused", u, t);
}
/* Resolve the charges: every injected die must have been used. */
static void resolve(void)
{
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
    end_phase();
    if (vl_game_injected_left(fx.g) != 0)
        dump_log();
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}

static bool has_reason(const VlReasons *rs, const char *clause, bool ok)
{
    for (int i = 0; i < rs->n; i++)
        if (strcmp(rs->r[i].clause, clause) == 0 && rs->r[i].ok == ok)
            return true;
    return false;
}
static bool has_event(const char *clause, const char *needle)
{
    int n;
    const VlGameEvent *e = vl_game_events(fx.g, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(e[i].clause, clause) == 0 && (!needle || strstr(e[i].text, needle)))
            return true;
    return false;
}
static int count_rolls(const char *clause)
{
    int n, k = 0;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++)
        k += strcmp(r[i].clause, clause) == 0;
    return k;
}
static const VlDiceRoll *find_roll(const char *clause, int nth)
{
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(r[i].clause, clause) == 0 && nth-- == 0)
            return &r[i];
    return NULL;
}

/* A move order of one step, judged on the game's world as it stands. */
static void judge_move(const char *id, const char *step, VlMoveVerdict *v)
{
    VlMoveOrder o = {.unit = U(id), .nsteps = 1};
    char err[120];
    ck_assert_msg(vl_step_parse(step, &o.steps[0], err, sizeof err), "%s", err);
    vl_resolve_move(W(), &o, v);
}

/* The charge duel: the charger passes (6, 6), the defender fails its receiving test (1, 1: 1 HIT, no
 * fire), then the close-combat dice: the attacker @p att_sixes of its dice, the defender @p def_sixes. */
static void duel_dice(int att_dice, int att_sixes, int def_dice, int def_sixes)
{
    ROLL(6, 6, 1, 1);
    roll_sixes(att_dice, att_sixes);
    roll_sixes(def_dice, def_sixes);
}

/* ---- movement ---- */

START_TEST(rep_303_a_column_lined_up_on_a_road_moves_double)
{
    tu_sb_path("r1", "road", 48, 0, 48, 48);
    tu_sb_unit("a", "union", "infantry", "column", 48, 6, 0, NULL);
    tu_sb_unit("cut", "union", "infantry", "column", 20, 6, 0, NULL);
    INF("z", "csa", 80, 44, 180);
    build(BIT(VL_REP_303));
    VlMoveVerdict v;
    judge_move("a", "advance:25", &v);
    ck_assert_msg(v.legal, "25 in on the road: a column's 15 in doubled is 30");
    ck_assert(v.ground == VL_GROUND_ROAD);
    ck_assert_near(v.allowance.max, 30.0, 1e-9);
    ck_assert(has_reason(&v.why, "REP-303", true));
    judge_move("a", "advance:31", &v);
    ck_assert(!v.legal);
    /* Off the road: the open rate. */
    judge_move("cut", "advance:25", &v);
    ck_assert(!v.legal);
    /* Off, the table's road bonus: 15 + 5. */
    W()->options.republic = 0;
    judge_move("a", "advance:25", &v);
    ck_assert(!v.legal);
    ck_assert_near(v.allowance.max, 20.0, 1e-9);
}
END_TEST

START_TEST(rep_303_a_column_not_lined_up_gets_the_table_bonus_only)
{
    /* The head follows the road; the column stands across it at an angle, its rear off the road. */
    tu_sb_path("r1", "road", 48, 0, 48, 48);
    tu_sb_unit("a", "union", "infantry", "column", 48, 6, 30, NULL);
    INF("z", "csa", 80, 44, 180);
    build(BIT(VL_REP_303));
    VlMoveOrder o = {.unit = U("a"), .nsteps = 2};
    char err[120];
    ck_assert(vl_step_parse("turn:-30", &o.steps[0], err, sizeof err));
    ck_assert(vl_step_parse("advance:18", &o.steps[1], err, sizeof err));
    VlMoveVerdict v;
    vl_resolve_move(W(), &o, &v);
    ck_assert(v.ground == VL_GROUND_ROAD);
    ck_assert(!has_reason(&v.why, "REP-303", true));
    ck_assert_near(v.allowance.max, 20.0, 1e-9);
}
END_TEST

START_TEST(rep_306_confused_movement_one_inch_less_per_two_hits)
{
    INF("a", "union", 48, 10, 0);
    INF("z", "csa", 80, 44, 180);
    build(BIT(VL_REP_306));
    ST("a")->hits = 5; /* 2 steps of 2 HITs: 2 in less */
    VlMoveVerdict v;
    judge_move("a", "advance:8.5", &v);
    ck_assert(!v.legal);
    ck_assert_near(v.allowance.max, 8.0, 1e-9);
    ck_assert(has_reason(&v.why, "REP-306", true));
    judge_move("a", "advance:8", &v);
    ck_assert(v.legal);
    W()->options.republic = 0;
    judge_move("a", "advance:8.5", &v);
    ck_assert(v.legal);
    ck_assert_int_eq(vl_rep_confused_loss(1), 0);
    ck_assert_int_eq(vl_rep_confused_loss(4), 2);
}
END_TEST

START_TEST(rep_307_dismounted_cavalry_one_inch_less)
{
    tu_sb_unit("d", "union", "cavalry", "skirmish", 48, 10, 0, "\"mounted\":false");
    INF("i", "union", 20, 10, 0);
    INF("z", "csa", 80, 44, 180);
    build(BIT(VL_REP_307));
    VlMoveVerdict v;
    judge_move("d", "advance:9.5", &v);
    ck_assert(!v.legal);
    ck_assert_near(v.allowance.max, 9.0, 1e-9);
    ck_assert(has_reason(&v.why, "REP-307", true));
    judge_move("i", "advance:9.5", &v); /* infantry keeps its 10 in */
    ck_assert(v.legal);
    W()->options.republic = 0;
    judge_move("d", "advance:9.5", &v);
    ck_assert(v.legal);
}
END_TEST

START_TEST(rep_308_a_raw_unit_alone_in_the_woods_tests_and_halts)
{
    tu_sb_rect("w1", "woods", NULL, 36, 0, 60, 24);
    tu_sb_unit_as("a", "union", "infantry", "line", NULL, "raw", 48, 10, 0, NULL);
    tu_sb_unit_as("b", "union", "infantry", "line", NULL, "raw", 20, 10, 0, NULL); /* in the open */
    INF("z", "csa", 80, 44, 180);
    build(BIT(VL_REP_308));
    ck_assert(vl_rep_lost_in_woods_tests(W(), U("a")));
    ck_assert(!vl_rep_lost_in_woods_tests(W(), U("b")));
    end_phases(2);
    ROLL(1, 1); /* fails */
    end_phase();  /* the charge phase ends: the movement phase begins with the test */
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_MOVEMENT);
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
    ck_assert_int_eq(count_rolls("REP-308"), 1);
    const VlDiceRoll *r = find_roll("REP-308", 0);
    ck_assert_int_eq(r->unit, U("a"));
    ck_assert_int_eq(r->modifier, VL_REP_LOST_MODIFIER);
    ck_assert(has_event("REP-308", "lost in the woods"));
    VlCommand c = {.kind = VL_CMD_MOVE, .move = {.unit = U("a"), .nsteps = 1}};
    char err[120];
    ck_assert(vl_step_parse("advance:2", &c.move.steps[0], err, sizeof err));
    VlReasons why = {0};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, &why), VL_ERR_INVALID);
    ck_assert(has_reason(&why, "REP-308", false));
}
END_TEST

START_TEST(rep_308_a_friend_within_4_in_or_a_seasoned_unit_does_not_test)
{
    tu_sb_rect("w1", "woods", NULL, 20, 0, 76, 24);
    tu_sb_unit_as("a", "union", "infantry", "line", NULL, "raw", 40, 10, 0, NULL);
    tu_sb_unit_as("b", "union", "infantry", "line", NULL, "raw", 51, 10, 0, NULL); /* 3.1 in from a */
    tu_sb_unit_as("c", "union", "infantry", "line", NULL, "seasoned", 66, 10, 0, NULL);
    INF("z", "csa", 80, 44, 180);
    build(BIT(VL_REP_308));
    ck_assert(!vl_rep_lost_in_woods_tests(W(), U("a")));
    ck_assert(!vl_rep_lost_in_woods_tests(W(), U("c")));
    /* Alone once b has gone. */
    vl_world_set_present(W(), U("b"), false);
    ck_assert(vl_rep_lost_in_woods_tests(W(), U("a")));
}
END_TEST

/* ---- close combat ---- */

START_TEST(rep_501_unopposed_overlap_two_dice)
{
    INF("a", "union", 48, 10, 0);
    tu_sb_unit("g", "csa", "artillery", "unlimbered", 48, 10, 180, NULL); /* 5.2 in of front against 7.9 */
    build(BIT(VL_REP_501));
    VlCcDice cd;
    vl_cc_dice(W(), U("a"), U("g"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert_msg(strstr(cd.att_why, "REP-501") != NULL, "%s", cd.att_why);
    ck_assert_int_eq(cd.att_mod, VL_REP_OVERLAP_DICE);
    /* Not with the flank modifier. */
    vl_cc_dice(W(), U("a"), U("g"), VL_FACE_LEFT, false, 0, 0, 0, &cd);
    ck_assert(strstr(cd.att_why, "REP-501") == NULL);
    W()->options.republic = 0;
    vl_cc_dice(W(), U("a"), U("g"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert_int_eq(cd.att_mod, 0);
}
END_TEST

START_TEST(rep_501_an_enemy_near_the_flank_opposes_the_overlap)
{
    INF("a", "union", 48, 10, 0);
    tu_sb_unit("g", "csa", "artillery", "unlimbered", 48, 10, 180, NULL);
    INF("c", "csa", 58, 14, 180); /* 2.1 in off a's right end */
    INF("e", "union", 20, 10, 0);
    INF("f", "csa", 20, 10, 180); /* as wide as e: no overlap */
    build(BIT(VL_REP_501));
    ck_assert(!vl_rep_overlap(W(), U("a"), U("g"), VL_FACE_FRONT));
    ck_assert(!vl_rep_overlap(W(), U("e"), U("f"), VL_FACE_FRONT));
    vl_world_set_present(W(), U("c"), false);
    ck_assert(vl_rep_overlap(W(), U("a"), U("g"), VL_FACE_FRONT));
}
END_TEST

START_TEST(rep_505_an_undecided_firefight_goes_on_next_player_turn)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build(BIT(VL_REP_505));
    end_phases(2);
    charge("a", "b");
    duel_dice(6, 0, 3, 0); /* no HITs either way: undecided */
    resolve();
    ck_assert(has_event("REP-505", "firefight"));
    ck_assert_msg(gap("a", "b") == 0, "GOR-CC-6 would have parted them; the firefight keeps them at grips");
    ck_assert_int_eq(ST("a")->firefight, U("b"));
    ck_assert_int_eq(ST("b")->firefight, U("a"));
    ck_assert(ST("a")->acted && ST("b")->acted);
    /* The Union's movement and rally, then the Confederates' artillery and fire: nobody fights. */
    end_phases(4);
    ck_assert_int_eq(vl_game_active_side(fx.g), 1);
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
    ck_assert(gap("a", "b") == 0);
    /* The Confederates' charge phase: one more round, a scores a HIT, b holds (6, 6), then GOR-CC-6. */
    roll_sixes(6, 1);
    roll_sixes(3, 0);
    ROLL(6, 6);
    resolve();
    ck_assert(has_event("REP-505", "to a finish"));
    ck_assert_int_eq(ST("a")->firefight, -1);
    ck_assert_int_eq(ST("b")->firefight, -1);
    ck_assert_int_eq(ST("b")->hits, 2);
    ck_assert_msg(gap("a", "b") > 3.9, "b, with more HITs, falls back 4 in (GOR-CC-6)");
    /* The lock is lifted: a charged this turn; b had not acted and may still move. */
    ck_assert(ST("a")->acted);
    ck_assert(!ST("b")->acted);
}
END_TEST

START_TEST(rep_505_off_or_not_infantry_the_combat_is_parted_at_once)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build(0);
    end_phases(2);
    charge("a", "b");
    duel_dice(6, 0, 3, 0);
    resolve();
    ck_assert(!has_event("REP-505", NULL));
    ck_assert(gap("a", "b") > 3.9);
    ck_assert_int_eq(ST("a")->firefight, -1);
}
END_TEST

START_TEST(rep_506a_point_blank_volley_conditions_need_alert)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    tu_sb_unit_as("r", "csa", "infantry", "line", NULL, "raw", 20, 20, 180, NULL);
    tu_sb_unit("c", "csa", "infantry", "column", 80, 20, 180, NULL);
    build(BIT(VL_REP_506A));
    ck_assert(vl_rep_point_blank(W(), U("b"), true));
    ck_assert(!vl_rep_point_blank(W(), U("b"), false)); /* not on alert */
    ck_assert(!vl_rep_point_blank(W(), U("r"), true));  /* raw */
    ck_assert(!vl_rep_point_blank(W(), U("c"), true));  /* not in line */
    ST("b")->hits = 1;
    ck_assert(!vl_rep_point_blank(W(), U("b"), true)); /* HITs */
    /* The game grants it to a defender on REP-201's alert, and only then. */
    ST("b")->hits = 0;
    VlCcDice cd;
    vl_cc_dice(W(), U("a"), U("b"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert(strstr(cd.def_why, "REP-506A") == NULL);
    int before = cd.def;
    ST("b")->alert = true;
    vl_cc_dice(W(), U("a"), U("b"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert_ptr_nonnull(strstr(cd.def_why, "REP-506A"));
    ck_assert_int_eq(cd.def, before + 2);
}
END_TEST

START_TEST(rep_506b_prepared_defence_in_broken_ground)
{
    tu_sb_rect("w1", "woods", NULL, 40, 19, 56, 30);
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180); /* in the woods */
    INF("o", "csa", 20, 20, 180); /* in the open */
    tu_sb_unit_as("r", "csa", "infantry", "line", NULL, "raw", 80, 20, 180, NULL);
    tu_sb_rect("h1", "hill", "\"level\":1", 72, 19, 90, 30);
    build(BIT(VL_REP_506B));
    VlCcDice cd;
    vl_cc_dice(W(), U("a"), U("b"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert_msg(strstr(cd.def_why, "REP-506B") != NULL, "%s", cd.def_why);
    ck_assert_int_eq(cd.def_mod, VL_REP_PREPARED_DICE);
    ck_assert(!vl_rep_prepared_defence(W(), U("o")));
    ck_assert(!vl_rep_prepared_defence(W(), U("r"))); /* raw, though on the hill */
    ST("b")->hits = 1;
    ck_assert(!vl_rep_prepared_defence(W(), U("b")));
    ST("b")->hits = 0;
    W()->options.republic = 0;
    vl_cc_dice(W(), U("a"), U("b"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert_int_eq(cd.def_mod, 0);
}
END_TEST

static void trapped_setup(bool woods)
{
    if (woods)
        tu_sb_rect("w1", "woods", NULL, 40, 20, 56, 30);
    INF("a", "union", 48, 15, 0);
    tu_sb_unit("g", "csa", "artillery", "limbered", 48, 20, 180, NULL);
}

START_TEST(rep_507_a_battery_in_the_woods_that_must_give_ground_is_captured)
{
    trapped_setup(true);
    build(BIT(VL_REP_507));
    ck_assert(vl_rep_trapped_artillery(W(), U("g")));
    end_phases(2);
    charge("a", "g");
    duel_dice(6, 0, 2, 0); /* 8 dice less 2 for the woods' light cover; equal: g, with its 1 HIT, must fall
                            * back (GOR-CC-6) */
    resolve();
    ck_assert(has_event("REP-507", "captured"));
    ck_assert(!vl_world_present(W(), U("g")));
}
END_TEST

START_TEST(rep_507_off_or_in_the_open_the_battery_falls_back)
{
    trapped_setup(false);
    build(BIT(VL_REP_507));
    ck_assert(!vl_rep_trapped_artillery(W(), U("g")));
    end_phases(2);
    charge("a", "g");
    duel_dice(8, 0, 2, 0);
    resolve();
    ck_assert(!has_event("REP-507", NULL));
    ck_assert(vl_world_present(W(), U("g")));
}
END_TEST

static void rally_setup(void)
{
    INF("a", "union", 48, 10, 0);
    tu_sb_unit("b", "csa", "infantry", "line", 48, 20, 180, "\"brigade\":\"cb\"");
    tu_sb_unit("gb", "csa", "general", NULL, 53.5, 21.9, 0, "\"brigade\":\"cb\""); /* 0.8 in off b's flank */
}

START_TEST(rep_508_emergency_rally_then_the_combat_is_fought_again)
{
    rally_setup();
    build(BIT(VL_REP_508));
    end_phases(2);
    charge("a", "b");
    duel_dice(6, 2, 3, 0); /* b loses by 2 HITs */
    ROLL(1, 1);            /* b's test fails badly: it would rout */
    ROLL(1, 2);            /* gb survives (3) */
    ROLL(6, 6);            /* and rallies b */
    roll_sixes(6, 0);      /* the combat fought again: equal */
    roll_sixes(3, 0);
    resolve();
    ck_assert_int_eq(count_rolls("REP-508"), 2);
    const VlDiceRoll *r = find_roll("REP-508", 1);
    ck_assert_int_eq(r->unit, U("b"));
    ck_assert(has_event("REP-508", "fought again"));
    ck_assert(!ST("b")->routed);
    ck_assert(vl_world_present(W(), U("gb")));
    ck_assert_int_eq(vl_rep_emergency_rally_modifier(W(), U("b"), U("gb")), 2);
}
END_TEST

START_TEST(rep_508_off_the_loser_routs)
{
    rally_setup();
    build(0);
    end_phases(2);
    charge("a", "b");
    duel_dice(6, 2, 3, 0);
    ROLL(1, 1);
    resolve();
    ck_assert_int_eq(count_rolls("REP-508"), 0);
    ck_assert(ST("b")->routed);
}
END_TEST

START_TEST(rep_509_rebel_yell_attack_and_rally)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build(BIT(VL_REP_509));
    ck_assert(vl_rep_confederate(W(), U("b")));
    ck_assert(!vl_rep_confederate(W(), U("a")));
    VlCcDice cd;
    vl_cc_dice(W(), U("b"), U("a"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert_msg(strstr(cd.att_why, "REP-509") != NULL, "%s", cd.att_why);
    ck_assert_int_eq(cd.att_mod, VL_REP_REBEL_YELL_DICE);
    vl_cc_dice(W(), U("a"), U("b"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert_int_eq(cd.att_mod, 0); /* a Union attacker; and never for the defender */
    ck_assert_int_eq(cd.def_mod, 0);
    /* The Confederates' rally phase: b rallies at -1. */
    ST("b")->hits = 1;
    end_phases(5);
    end_phases(4);
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_RALLY);
    ROLL(4, 3);
    VlCommand c = {.kind = VL_CMD_RALLY, .unit = U("b"), .facing = NAN};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, NULL), VL_OK);
    const VlDiceRoll *r = find_roll("REP-509", 0);
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(r->modifier, VL_REP_REBEL_YELL_RALLY);
    ck_assert_int_eq(ST("b")->hits, 1); /* 7 - 1 = 6: fails where a Union unit would pass */
    W()->options.republic = 0;
    ck_assert_int_eq(vl_rep_rally_modifier(W(), U("b")), 0);
}
END_TEST

START_TEST(rep_509_the_charge_preview_counts_the_dice_the_game_rolls)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build(BIT(VL_REP_509));
    end_phases(5); /* the Union's player turn */
    end_phases(2);
    VlChargeOrder o = {.unit = U("b"), .target = U("a"), .rules = VL_RULES_GOR, .choose_path = true};
    VlChargeVerdict v;
    vl_resolve_charge(W(), &o, &v);
    ck_assert(v.legal);
    VlChargeProspect p;
    vl_charge_prospect(W(), &v, (VlReactionOrders){0}, &p);
    ck_assert_int_eq(p.cc.att, 6 + VL_REP_REBEL_YELL_DICE);
    charge("b", "a");
    duel_dice(p.cc.att, 0, 3, 0);
    resolve();
    const VlDiceRoll *r = find_roll("GOR-CC-2", 0);
    ck_assert_int_eq(r->unit, U("b"));
    ck_assert_int_eq(r->ndice, p.cc.att);
    ck_assert_msg(strstr(r->result, "REP-509") != NULL, "%s", r->result);
}
END_TEST

START_TEST(rep_510_the_first_close_combat_sets_lasting_modifiers)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build(BIT(VL_REP_510));
    end_phases(2);
    charge("a", "b");
    duel_dice(6, 3, 3, 0); /* 3 HITs to none: half of 3 is 1 */
    ROLL(6, 6);            /* b holds */
    resolve();
    ck_assert(ST("a")->weapon_set && ST("b")->weapon_set);
    ck_assert_int_eq(ST("a")->weapon_mod, 1);
    ck_assert_int_eq(ST("b")->weapon_mod, -1);
    ck_assert(has_event("REP-510", NULL));
    VlCcDice cd;
    vl_cc_dice(W(), U("a"), U("b"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert_msg(strstr(cd.att_why, "REP-510") && strstr(cd.def_why, "REP-510"), "%s /%s", cd.att_why, cd.def_why);
    ck_assert_int_eq(cd.att_mod, 1);
    ck_assert_int_eq(cd.def_mod, -1);
    ck_assert_int_eq(vl_rep_weapon_mod(0, 5), -2);
    ck_assert_int_eq(vl_rep_weapon_mod(1, 0), 0);
}
END_TEST

START_TEST(rep_513_the_attrition_die_costs_its_roller_a_hit)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build(BIT(VL_REP_513));
    end_phases(2);
    charge("a", "b");
    duel_dice(6, 0, 3, 0);
    ROLL(13, 12); /* a's attrition die shows 13, b's 12 */
    resolve();
    ck_assert_int_eq(count_rolls("REP-513"), 2);
    const VlDiceRoll *r = find_roll("REP-513", 0);
    ck_assert_int_eq(r->sides, VL_REP_ATTRITION_SIDES);
    ck_assert_int_eq(r->unit, U("a"));
    ck_assert_int_eq(ST("a")->hits, 1);
    ck_assert_int_eq(ST("b")->hits, 1); /* its receiving test only */
}
END_TEST

/* ---- whole games with every option of this file on ---- */

static const VlRepOption MINE[] = {VL_REP_303, VL_REP_306, VL_REP_307, VL_REP_308, VL_REP_501, VL_REP_505, VL_REP_506A,
                                   VL_REP_506B, VL_REP_507, VL_REP_508, VL_REP_509, VL_REP_510, VL_REP_513};
#define NMINE ((int)(sizeof MINE / sizeof MINE[0]))

/* The soak's invariants (tests/soak_test.c) with the options' own: no two units on the table overlap,
 * HITs are never negative, a firefight's two units name each other. Empty when they hold. */
static void invariants(const VlWorld *w, char *msg, size_t msize)
{
    for (int u = 0; u < w->nunits; u++) {
        const VlUnitState *st = &w->units[u];
        if (st->hits < 0)
            snprintf(msg, msize, "unit %d has %d HITs", u, st->hits);
        if (st->firefight >= 0 && (st->firefight >= w->nunits || w->units[st->firefight].firefight != u))
            snprintf(msg, msize, "unit %d's firefight with %d is one-sided", u, st->firefight);
        if (!vl_world_present(w, u))
            continue;
        for (int j = u + 1; j < w->nunits; j++)
            if (vl_world_present(w, j) &&
                vl_footprint_overlap_area(&vl_world_unit(w, u)->fp, &vl_world_unit(w, j)->fp) > 1e-6)
                snprintf(msg, msize, "units %d and %d overlap", u, j);
    }
}

/* Play one game; count each option's entries in the logs into seen[]. False when a command was refused. */
static bool play(const VlScenario *s, uint64_t seed, bool ai, int seen[NMINE], char *msg, size_t msize)
{
    VlRuleOptions opt = vl_rule_options_default();
    for (int i = 0; i < NMINE; i++)
        if (vl_rep_option_playable((VlRepOption)MINE[i])) /* a game refuses one only partly played (D-RULES-1) */
            opt.republic |= BIT(MINE[i]);
    VlGame *g = vl_game_create(s, seed, &opt);
    VlLog log;
    vl_log_init(&log, s, seed, &opt);
    VlRng players[2];
    vl_rng_seed(&players[0], seed, 101);
    vl_rng_seed(&players[1], seed, 202);
    bool ok = true;
    for (int k = 0; k < 20000 && !vl_game_over(g, NULL, NULL); k++) {
        int side = vl_game_turn(g) == 0 ? s->first_side : vl_game_active_side(g);
        int n = ai && side == 0 ? vl_ai_phase(g, &log, &players[side], VL_AI_NORMAL, NULL)
                                : vl_random_player_phase(g, &log, &players[side]);
        if (n < 0) {
            snprintf(msg, msize, "%s seed %llu: a command was refused (turn %d, %s phase)", s->name,
                     (unsigned long long)seed, vl_game_turn(g), vl_phase_name(vl_game_phase(g)));
            ok = false;
            break;
        }
        char broken[200] = "";
        invariants(vl_game_world_const(g), broken, sizeof broken);
        if (broken[0]) {
            snprintf(msg, msize, "%s seed %llu, turn %d, %s phase: %s", s->name, (unsigned long long)seed, vl_game_turn(g),
                     vl_phase_name(vl_game_phase(g)), broken);
            ok = false;
            break;
        }
    }
    if (ok && !vl_game_over(g, NULL, NULL)) {
        snprintf(msg, msize, "%s seed %llu: the game did not end", s->name, (unsigned long long)seed);
        ok = false;
    }
    int nd, ne;
    const VlDiceRoll *d = vl_game_dice(g, &nd);
    const VlGameEvent *e = vl_game_events(g, &ne);
    for (int i = 0; i < NMINE; i++) {
        const char *id = vl_rep_option_id(MINE[i]);
        for (int j = 0; j < nd; j++)
            seen[i] += strcmp(d[j].clause, id) == 0 || strstr(d[j].result, id) != NULL;
        for (int j = 0; j < ne; j++)
            seen[i] += strcmp(e[j].clause, id) == 0 || strstr(e[j].text, id) != NULL;
    }
    if (ok) {
        /* The log replays the game bit for bit, the options' state included. */
        vl_log_checkpoint(&log, g);
        VlReplayResult r;
        vl_log_replay(&log, s, NULL, &r);
        if (!r.ok || r.final_hash != vl_game_hash(g)) {
            snprintf(msg, msize, "%s seed %llu: the replay differs: %.300s", s->name, (unsigned long long)seed, r.message);
            ok = false;
        }
    }
    vl_log_free(&log);
    vl_game_destroy(g);
    return ok;
}

START_TEST(games)
{
    /* The quick tier plays a few seeds; VOLLEY_LONG_TESTS=1 the full 20 of each pairing. */
    int seeds = getenv("VOLLEY_LONG_TESTS") ? 20 : 3;
    const char *files[] = {SCEN_DIR "brigade-action.json", SCEN_DIR "tutorial.json"};
    int seen[NMINE] = {0}, played = 0;
    for (int f = 0; f < 2; f++) {
        VlScenario s;
        VlDiagList dl;
        vl_diag_init(&dl, files[f]);
        ck_assert_int_eq(vl_scenario_load_file(files[f], &s, &dl), VL_OK);
        vl_diag_free(&dl);
        for (int ai = 0; ai < 2; ai++)
            for (int k = 0; k < seeds; k++) {
                char msg[600] = "";
                bool ok = play(&s, 1 + (uint64_t)k, ai, seen, msg, sizeof msg);
                ck_assert_msg(ok, "%s", msg);
                played++;
            }
        vl_scenario_free(&s);
    }
    fprintf(stderr, "republic options, %d whole games (random vs random, ai:normal vs random): log entries by option:", played);
    for (int i = 0; i < NMINE; i++)
        fprintf(stderr, " %s %d", vl_rep_option_id(MINE[i]), seen[i]);
    fprintf(stderr, "\n");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("republic_a");
    TCase *t = tcase_create("rules");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, rep_303_a_column_lined_up_on_a_road_moves_double);
    tcase_add_test(t, rep_303_a_column_not_lined_up_gets_the_table_bonus_only);
    tcase_add_test(t, rep_306_confused_movement_one_inch_less_per_two_hits);
    tcase_add_test(t, rep_307_dismounted_cavalry_one_inch_less);
    tcase_add_test(t, rep_308_a_raw_unit_alone_in_the_woods_tests_and_halts);
    tcase_add_test(t, rep_308_a_friend_within_4_in_or_a_seasoned_unit_does_not_test);
    tcase_add_test(t, rep_501_unopposed_overlap_two_dice);
    tcase_add_test(t, rep_501_an_enemy_near_the_flank_opposes_the_overlap);
    tcase_add_test(t, rep_505_an_undecided_firefight_goes_on_next_player_turn);
    tcase_add_test(t, rep_505_off_or_not_infantry_the_combat_is_parted_at_once);
    tcase_add_test(t, rep_506a_point_blank_volley_conditions_need_alert);
    tcase_add_test(t, rep_506b_prepared_defence_in_broken_ground);
    tcase_add_test(t, rep_507_a_battery_in_the_woods_that_must_give_ground_is_captured);
    tcase_add_test(t, rep_507_off_or_in_the_open_the_battery_falls_back);
    tcase_add_test(t, rep_508_emergency_rally_then_the_combat_is_fought_again);
    tcase_add_test(t, rep_508_off_the_loser_routs);
    tcase_add_test(t, rep_509_rebel_yell_attack_and_rally);
    tcase_add_test(t, rep_509_the_charge_preview_counts_the_dice_the_game_rolls);
    tcase_add_test(t, rep_510_the_first_close_combat_sets_lasting_modifiers);
    tcase_add_test(t, rep_513_the_attrition_die_costs_its_roller_a_hit);
    suite_add_tcase(s, t);
    TCase *gm = tcase_create("games");
    tcase_set_timeout(gm, 900);
    tcase_add_test(gm, games);
    suite_add_tcase(s, gm);
    return s;
}

int main(void) { return tu_run(suite()); }
