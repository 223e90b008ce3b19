/* The game's charge phase under Gunson's charge moves (src/game/charge_gunson.c over the tables of
 * src/rules/charge_gunson.c), driven through commands with fixed dice, one test per clause it proves.
 * The whole games under Gunson (random against random, the commander against the random player, with
 * the soak's invariants) are the soak_gunson and soak_gunson_commander tests (tests/meson.build).
 *
 * Dice, in throw order: events 2 (GOR-TURN-1); per declared charge, in the order declared and each to
 * its end (D-GUN-6): the charge throw, one die (GUN-CHG-1 infantry, GUN-CAV-1 cavalry; none on a flank
 * or the rear, GUN-FLANK-1), then the melee: the charger's dice, a die a man and its impetus dice, then
 * the target's, a die a man (GUN-IMP-1; none on a flank or the rear), then the morale throw, one die, of
 * the side with the higher casualty percentage (GUN-MOR-1), then, after a rout, one die for each friend
 * within 12 in (GUN-MOR-1), then the morale throw of a unit charged by cavalry that has not thrown yet
 * (GUN-CAV-1). A unit is VL_GUN_MEN = 12 men less its HITs (D-GUN-5).
 *
 * Geometry as in test_game_combat.c: a line is 7.874 in wide and 1.9685 deep, its anchor the middle of
 * its front; facing 0 is north (+y). The duel: Union A at (48, 20) facing 0, Confederate B at (48, 30)
 * facing 180, 10 in apart; a charge that comes home leaves A's front on B's, at (48, 30). */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOL 1e-6

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
    tu_sb_begin("gunson phase test", 96, 72);
}

static void dump_log(void)
{
    int n, ne;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++) {
        fprintf(stderr, "    dice %-11s unit %2d n=%2d need=%d [", r[i].clause, r[i].unit, r[i].ndice, r[i].need);
        for (int k = 0; k < r[i].ndice; k++)
            fprintf(stderr, "%s%d", k ? " " : "", r[i].dice[k]);
        fprintf(stderr, "] %s\n", r[i].result);
    }
    const VlGameEvent *e = vl_game_events(fx.g, &ne);
    for (int i = 0; i < ne; i++)
        fprintf(stderr, "    event %-11s %s\n", e[i].clause, e[i].text);
}

static void setup(void) { fx_free(); }
static void teardown(void)
{
    if (fx.loaded && getenv("VOLLEY_TEST_DUMP"))
        dump_log();
    fx_free();
}

#define INF(id, side, x, y, f) tu_sb_unit(id, side, "infantry", "line", x, y, f, NULL)
#define CAV(id, side, x, y, f) tu_sb_unit(id, side, "cavalry", "line", x, y, f, NULL)

static void inject(int n, const int *faces) { vl_game_inject_dice(fx.g, faces, n); }
#define ROLL(...)                                                                                                    \
    do {                                                                                                             \
        const int roll_f_[] = {__VA_ARGS__};                                                                         \
        inject((int)(sizeof roll_f_ / sizeof roll_f_[0]), roll_f_);                                                  \
    } while (0)
/* n melee dice: `sixes` 6s first, then 1s. */
static void roll_sixes(int n, int sixes)
{
    for (int i = 0; i < n; i++)
        ROLL(i < sixes ? 6 : 1);
}

/* Load the scenario written and start a game under Gunson's charge rules. */
static void build(void)
{
    tu_sb_load(&fx.s);
    VlRuleOptions opt = vl_rule_options_default();
    opt.charge_rules = VL_RULES_GUNSON;
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
static int HITS(const char *id) { return ST(id)->hits; }

static void end_phase(void)
{
    VlCommand c = {.kind = VL_CMD_END_PHASE};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, NULL), VL_OK);
}

static void to_charge(void)
{
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_ARTILLERY);
    end_phase();
    end_phase();
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
}

static VlStatus try_charge(const char *u, const char *t, VlReasons *why)
{
    VlCommand c = {.kind = VL_CMD_CHARGE, .unit = U(u), .target = U(t), .choose_path = true};
    return vl_game_apply(fx.g, &c, why);
}

static void charge(const char *u, const char *t)
{
    VlReasons why = {0};
    VlStatus st = try_charge(u, t, &why);
    for (int i = 0; st != VL_OK && i < why.n; i++)
        fprintf(stderr, "    %-10s %s %s\n", why.r[i].clause, why.r[i].ok ? "ok  " : "FAIL", why.r[i].text);
    ck_assert_msg(st == VL_OK, "the charge of %s at %s was refused", u, t);
}

static void resolve(void)
{
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
    end_phase();
    if (vl_game_injected_left(fx.g) != 0)
        dump_log();
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}

/* The clauses of the dice log after the events roll, each with its number of dice, must equal `want`. */
static void expect_throws(const char *want)
{
    char got[2048] = "";
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 1; i < n; i++)
        tu_appendf(got, sizeof got, "%s%s/%d", got[0] ? " " : "", r[i].clause, r[i].ndice);
    if (strcmp(got, want) != 0)
        dump_log();
    ck_assert_str_eq(got, want);
}

static bool has_event(const char *clause, const char *needle)
{
    int n;
    const VlGameEvent *e = vl_game_events(fx.g, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(e[i].clause, clause) == 0 && (!needle || strstr(e[i].text, needle)))
            return true;
    dump_log();
    return false;
}

static void expect_anchor(const char *id, double x, double y)
{
    VlVec2 a = FU(id)->pose.anchor;
    if (fabs(a.x - x) > TOL || fabs(a.y - y) > TOL)
        dump_log();
    ck_assert_msg(fabs(a.x - x) <= TOL && fabs(a.y - y) <= TOL, "%s is at (%.6f, %.6f), expected (%.6f, %.6f)", id, a.x, a.y,
                  x, y);
}

static double normal_move(const char *id)
{
    const VlScenarioUnit *su = &fx.s.units[U(id)];
    return vl_move_allowance(W(), su->type, FU(id)->formation, ST(id)->mounted, VL_GROUND_OPEN, 0).max;
}

/* From the charging side's movement phase to the start of the other side's movement phase (its
 * owed moves made, D-GUN-11). No dice are thrown on the way when no unit has 5 or more HITs. */
static void to_own_movement(void)
{
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_MOVEMENT);
    int side = W()->active_side;
    for (int i = 0; i < 5; i++)
        end_phase();
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_MOVEMENT);
    ck_assert_int_eq(W()->active_side, 1 - side);
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}

static void duel(void)
{
    INF("a", "union", 48, 20, 0);
    INF("b", "csa", 48, 30, 180);
}

/* ---- GUN-CHG-1: the charge throw ---- */

/* GUN-CHG-1: one short of the 4 a full-strength unit needs: the charge is refused; A stays, no melee. */
START_TEST(gun_chg_1_one_short_refuses_the_charge)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(3);
    resolve();
    expect_throws("GUN-CHG-1/1");
    ck_assert_int_eq(vl_game_dice(fx.g, &(int){0})[1].need, 4);
    ck_assert(has_event("GUN-CHG-1", "declares a charge"));
    ck_assert(has_event("GUN-CHG-1", "refuses to charge"));
    expect_anchor("a", 48, 20);
    ck_assert(ST("a")->charged);
}
END_TEST

/* GUN-CHG-1: two short retreats a move, the normal move straight back (D-GUN-7). */
START_TEST(gun_chg_1_two_short_retreats_a_move)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(2);
    resolve();
    expect_throws("GUN-CHG-1/1");
    ck_assert(has_event("GUN-CHG-1", "retreats a move"));
    expect_anchor("a", 48, 20 - normal_move("a"));
}
END_TEST

/* GUN-CHG-1: below two thirds of its men (5 HITs: 7 of 12) a unit needs 5, so a 4 refuses; below a
 * third (9 HITs: 3 of 12) it needs 6, so a 4 is two short and retreats. */
START_TEST(gun_chg_1_weakened_units_need_5_or_6)
{
    duel();
    INF("a2", "union", 20, 20, 0);
    INF("b2", "csa", 20, 30, 180);
    build();
    ST("a")->hits = 5;
    ST("a2")->hits = 9;
    to_charge();
    charge("a", "b");
    charge("a2", "b2");
    ROLL(4, 4);
    resolve();
    expect_throws("GUN-CHG-1/1 GUN-CHG-1/1");
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    ck_assert_int_eq(r[1].need, 5);
    ck_assert_int_eq(r[2].need, 6);
    expect_anchor("a", 48, 20);
    expect_anchor("a2", 20, 20 - normal_move("a2"));
    /* 4 HITs (8 men of 12) is still two thirds: 4 charges. */
    ST("a")->hits = 4;
    ck_assert_int_eq(vl_gunson_infantry_throw(W(), U("a")), 4);
}
END_TEST

/* GUN-CHG-1: a charge starts within musket range, 18 in: a target 19 in away is refused at the
 * declaration with the clause. */
START_TEST(gun_chg_1_charge_starts_within_18_in)
{
    INF("a", "union", 48, 11, 0);
    INF("b", "csa", 48, 30, 180);
    build();
    to_charge();
    VlReasons why = {0};
    ck_assert_int_eq(try_charge("a", "b", &why), VL_ERR_INVALID);
    bool named = false;
    for (int i = 0; i < why.n; i++)
        named |= strcmp(why.r[i].clause, "GUN-CHG-1") == 0 && !why.r[i].ok;
    ck_assert(named);
}
END_TEST

/* ---- GUN-CHG-2: the charge move ---- */

/* GUN-CHG-2: a throw of 4 charges home: A ends front to front with B, then the melee. No GOR morale
 * test, no receiving test, no free fire. */
START_TEST(gun_chg_2_the_charge_comes_home_and_fights)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(4);
    roll_sixes(14, 0);
    roll_sixes(12, 0);
    resolve();
    expect_throws("GUN-CHG-1/1 GUN-IMP-1/14 GUN-IMP-1/12");
    expect_anchor("a", 48, 30);
    ck_assert(has_event("GUN-CHG-2", "charges home"));
    ck_assert(has_event("GUN-MOR-1", "neither throws"));
}
END_TEST

/* GUN-CHG-2: cavalry charges 24 in and crashes through to the full extent of its move: from (48, 20)
 * to (48, 44), beyond B; the melee is then decided. */
START_TEST(gun_chg_2_cavalry_crashes_through_the_full_24_in)
{
    CAV("k", "union", 48, 20, 0);
    INF("b", "csa", 48, 30, 180);
    build();
    to_charge();
    charge("k", "b");
    ROLL(2);          /* GUN-CAV-1: a line needs 2 */
    roll_sixes(16, 0); /* 12 men and 12 / 3 impetus dice */
    roll_sixes(12, 0);
    ROLL(5);          /* B, charged by cavalry, throws for morale and stands */
    resolve();
    expect_throws("GUN-CAV-1/1 GUN-IMP-1/16 GUN-IMP-1/12 GUN-MOR-1/1");
    expect_anchor("k", 48, 44);
    ck_assert(has_event("GUN-CHG-2", "crashes through"));
    expect_anchor("b", 48, 30);
}
END_TEST

/* ---- GUN-CAV-1: the cavalry's throw by the target's formation ---- */

/* GUN-CAV-1: against a column cavalry needs 5 (D-GUN-2: as against a treble line): a 4 splits
 * and swerves (it stays, no melee); against a square 6: a 4 is two short and it retires a move. */
START_TEST(gun_cav_1_throw_by_formation_swerve_and_retire)
{
    CAV("k", "union", 48, 20, 0);
    tu_sb_unit("col", "csa", "infantry", "column", 48, 30, 180, NULL);
    CAV("k2", "union", 16, 40, 0);
    tu_sb_unit("sq", "csa", "infantry", "square", 16, 50, 180, NULL);
    build();
    to_charge();
    charge("k", "col");
    charge("k2", "sq");
    ROLL(4, 4);
    resolve();
    expect_throws("GUN-CAV-1/1 GUN-CAV-1/1");
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    ck_assert_int_eq(r[1].need, 5);
    ck_assert_int_eq(r[2].need, 6);
    ck_assert(has_event("GUN-CAV-1", "splits and swerves"));
    expect_anchor("k", 48, 20);
    ck_assert(has_event("GUN-CAV-1", "retires a move"));
    expect_anchor("k2", 16, 40 - normal_move("k2"));
}
END_TEST

/* GUN-CAV-1: a unit charged by cavalry throws for morale even when it did not lose the melee, and one
 * that must retreat but cannot get clear surrenders. B's back is against a building, so the cavalry
 * cannot crash through (it stays in contact) and B, throwing 3 (retreat), surrenders. */
START_TEST(gun_cav_1_charged_by_cavalry_throws_and_surrenders_when_it_cannot_retreat)
{
    CAV("k", "union", 48, 20, 0);
    INF("b", "csa", 48, 30, 180);
    INF("far", "csa", 88, 64, 180); /* so that the army does not break when B surrenders */
    tu_sb_rect("house", "building", NULL, 40, 32.0, 56, 50);
    tu_sb_victory("{\"break_percent\":100}");
    build();
    to_charge();
    charge("k", "b");
    ROLL(6);
    roll_sixes(16, 0);
    roll_sixes(12, 0);
    ROLL(3);
    resolve();
    expect_throws("GUN-CAV-1/1 GUN-IMP-1/16 GUN-IMP-1/12 GUN-MOR-1/1");
    ck_assert(has_event("GUN-CHG-2", "stays in contact"));
    /* The retreat, and so the surrender, comes in B's own move (GUN-MOR-1, D-GUN-11). */
    ck_assert(vl_world_present(W(), U("b")));
    to_own_movement();
    ck_assert(has_event("GUN-CAV-1", "surrenders"));
    ck_assert(!vl_world_present(W(), U("b")));
}
END_TEST

/* ---- GUN-IMP-1: impetus ---- */

/* GUN-IMP-1: a die a man and an extra die per so many men: a line against a line 12 + 12 / 5 = 14;
 * a column against a line 12 + 12 / 8 = 13; a line of 7 men (5 HITs) 7 + 7 / 5 = 8. Sixes kill one
 * man, a HIT each: 2 sixes on B, 1 on A. */
START_TEST(gun_imp_1_impetus_dice_in_the_melee)
{
    duel();
    tu_sb_unit("c", "union", "infantry", "column", 20, 20, 0, NULL);
    INF("d", "csa", 20, 30, 180);
    INF("e", "union", 80, 20, 0);
    INF("f", "csa", 80, 30, 180);
    build();
    ST("e")->hits = 5;
    to_charge();
    charge("a", "b");
    charge("c", "d");
    charge("e", "f");
    ROLL(6);
    roll_sixes(14, 2);
    roll_sixes(12, 1);
    ROLL(5); /* B lost 2 of 12, A 1 of 12: B throws, and stands */
    ROLL(6);
    roll_sixes(13, 0);
    roll_sixes(12, 0);
    ROLL(5); /* e at 7 men needs 5 */
    roll_sixes(8, 0);
    roll_sixes(12, 0);
    resolve();
    expect_throws("GUN-CHG-1/1 GUN-IMP-1/14 GUN-IMP-1/12 GUN-MOR-1/1 GUN-CHG-1/1 GUN-IMP-1/13 GUN-IMP-1/12 "
                  "GUN-CHG-1/1 GUN-IMP-1/8 GUN-IMP-1/12");
    ck_assert_int_eq(HITS("b"), 2);
    ck_assert_int_eq(HITS("a"), 1);
    ck_assert(has_event("GUN-MOR-1", "stands firm"));
}
END_TEST

/* ---- GUN-MOR-1: morale after the melee ---- */

/* GUN-MOR-1: the side with the higher casualty percentage throws: 3 or 4 retreats a move, 2 a double
 * move. A kills 2 of B's 12; B kills 2 of A's 6 (6 HITs already): A's share is higher, A throws 3 and
 * retreats a move. Then C kills 3 of D, D none: D throws 2 and retreats twice its move. */
START_TEST(gun_mor_1_higher_percentage_throws_retreat_and_double_retreat)
{
    duel();
    INF("c", "union", 20, 20, 0);
    INF("d", "csa", 20, 30, 180);
    build();
    ST("a")->hits = 6;
    to_charge();
    charge("a", "b");
    charge("c", "d");
    ROLL(6);
    roll_sixes(7, 2); /* 6 men, 6 / 5 impetus */
    roll_sixes(12, 2);
    ROLL(3);
    ROLL(6);
    roll_sixes(14, 3);
    roll_sixes(12, 0);
    ROLL(2);
    resolve();
    expect_throws("GUN-CHG-1/1 GUN-IMP-1/7 GUN-IMP-1/12 GUN-MOR-1/1 GUN-CHG-1/1 GUN-IMP-1/14 GUN-IMP-1/12 GUN-MOR-1/1");
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    ck_assert_int_eq(r[4].unit, U("a"));
    ck_assert_int_eq(r[8].unit, U("d"));
    /* A's own movement phase follows the charge phase: its retreat is made there (D-GUN-11). D's
     * double retreat is owed until the Confederates' movement. */
    expect_anchor("a", 48, 30 - normal_move("a"));
    ck_assert_int_eq(ST("a")->gun_pending, VL_GUN_PENDING_NONE);
    expect_anchor("b", 48, 30);
    ck_assert(has_event("GUN-MOR-1", "a double move"));
    expect_anchor("d", 20, 30);
    ck_assert_int_eq(ST("d")->gun_pending, VL_GUN_PENDING_RETREAT);
    ck_assert_double_eq_tol(ST("d")->gun_pending_dist, 2 * normal_move("d"), TOL);
}
END_TEST

/* GUN-MOR-1: a 1 routs, and every friend within 12 in throws: 1, 2 or 3 joins the rout. B routs; B2
 * (8 in away) throws 3 and joins, B3 (10 in away) throws 4 and stays; B4, 30 in away, does not throw. */
START_TEST(gun_mor_1_rout_and_friends_within_12_in_join_it)
{
    duel();
    INF("b2", "csa", 64, 30, 180);
    INF("b3", "csa", 30, 34, 180);
    INF("b4", "csa", 88, 50, 180);
    build();
    to_charge();
    charge("a", "b");
    ROLL(5);
    roll_sixes(14, 3);
    roll_sixes(12, 0);
    ROLL(1, 3, 4);
    resolve();
    expect_throws("GUN-CHG-1/1 GUN-IMP-1/14 GUN-IMP-1/12 GUN-MOR-1/1 GUN-MOR-1/1 GUN-MOR-1/1");
    ck_assert(ST("b")->routed);
    ck_assert(ST("b2")->routed);
    ck_assert(!ST("b3")->routed);
    ck_assert(!ST("b4")->routed);
    ck_assert(has_event("GUN-MOR-1", "joins the rout"));
}
END_TEST

/* GUN-MOR-1, D-GUN-11: retreating troops do not move until their own move. A kills 3 of B, B none:
 * B throws 3 (retreat a move) and stays in contact through the Union's movement, rally and the
 * Confederates' fire and charge phases, taking no action of its own (its charge is refused), then
 * retreats at the start of the Confederates' movement. */
START_TEST(gun_mor_1_a_retreat_is_made_in_the_units_own_next_move)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(6);
    roll_sixes(14, 3);
    roll_sixes(12, 0);
    ROLL(3);
    resolve();
    expect_anchor("b", 48, 30);
    ck_assert_int_eq(ST("b")->gun_pending, VL_GUN_PENDING_RETREAT);
    ck_assert(has_event("GUN-MOR-1", "b will make its retreat"));
    for (int i = 0; i < 4; i++) /* to the Confederates' charge phase */
        end_phase();
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
    ck_assert_int_eq(W()->active_side, vl_world_side(W(), U("b")));
    expect_anchor("b", 48, 30);
    VlReasons why = {0};
    ck_assert_int_ne(try_charge("b", "a", &why), VL_OK);
    bool acted = false;
    for (int i = 0; i < why.n; i++)
        acted = acted || strstr(why.r[i].text, "already acted") != NULL;
    ck_assert_msg(acted, "b's charge should be refused because it owes its retreat");
    end_phase();
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_MOVEMENT);
    expect_anchor("b", 48, 30 + normal_move("b"));
    ck_assert_int_eq(ST("b")->gun_pending, VL_GUN_PENDING_NONE);
    ck_assert(ST("b")->acted);
    ck_assert(has_event("GUN-MOR-1", "b makes its retreat of 10 in now"));
}
END_TEST

/* GUN-MOR-1, D-GUN-11: a retreat owed across a new turn. The Confederates (the second side) charge:
 * B kills 3 of A, A none, and A throws 4 (retreat a move). A's own next movement is the Union's of
 * turn 2: through the turn's start A still may not act (its charge is refused), and it retreats at
 * the start of that movement. */
START_TEST(gun_mor_1_a_retreat_owed_across_a_new_turn_waits_for_it)
{
    duel();
    build();
    for (int i = 0; i < 7; i++) /* to the Confederates' charge phase of turn 1 */
        end_phase();
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
    ck_assert_int_eq(W()->active_side, vl_world_side(W(), U("b")));
    charge("b", "a");
    ROLL(6);
    roll_sixes(14, 3);
    roll_sixes(12, 0);
    ROLL(4);
    resolve();
    expect_anchor("a", 48, 20);
    ck_assert_int_eq(ST("a")->gun_pending, VL_GUN_PENDING_RETREAT);
    ROLL(3, 4); /* the events roll of turn 2 */
    end_phase();
    end_phase();
    ck_assert_int_eq(W()->turn, 2);
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_ARTILLERY);
    ck_assert(ST("a")->acted);
    end_phase();
    end_phase();
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
    VlReasons why = {0};
    ck_assert_int_ne(try_charge("a", "b", &why), VL_OK);
    bool acted = false;
    for (int i = 0; i < why.n; i++)
        acted = acted || strstr(why.r[i].text, "already acted") != NULL;
    ck_assert_msg(acted, "a's charge should be refused because it owes its retreat");
    expect_anchor("a", 48, 20);
    end_phase();
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_MOVEMENT);
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
    expect_anchor("a", 48, 20 - normal_move("a"));
    ck_assert_int_eq(ST("a")->gun_pending, VL_GUN_PENDING_NONE);
}
END_TEST

/* GUN-MOR-1, D-GUN-11: routed troops likewise, and the friends that join the rout. B throws 1 and
 * routs, B2 throws 3 and joins, B3 throws 4 and stands: B and B2 count as routed at once but stay
 * where they are until the Confederates' movement, when they turn their backs and run a charge move. */
START_TEST(gun_mor_1_a_rout_and_friends_joining_it_run_in_their_own_move)
{
    duel();
    INF("b2", "csa", 64, 30, 180);
    INF("b3", "csa", 30, 34, 180);
    tu_sb_victory("{\"break_percent\":100}");
    build();
    to_charge();
    charge("a", "b");
    ROLL(5);
    roll_sixes(14, 3);
    roll_sixes(12, 0);
    ROLL(1, 3, 4);
    resolve();
    ck_assert(ST("b")->routed && ST("b2")->routed && !ST("b3")->routed);
    ck_assert_int_eq(ST("b")->gun_pending, VL_GUN_PENDING_ROUT);
    ck_assert_int_eq(ST("b2")->gun_pending, VL_GUN_PENDING_ROUT);
    ck_assert_int_eq(ST("b3")->gun_pending, VL_GUN_PENDING_NONE);
    expect_anchor("b", 48, 30);
    expect_anchor("b2", 64, 30);
    to_own_movement();
    ck_assert_int_eq(ST("b")->gun_pending, VL_GUN_PENDING_NONE);
    ck_assert_int_eq(ST("b2")->gun_pending, VL_GUN_PENDING_NONE);
    ck_assert(ST("b")->routed && ST("b2")->routed);
    /* Backs to the enemy and a charge move away: B about turns (facing 0, north); A is on B2's flank,
     * so B2 turns a quarter away from it (D-ROUT-1). */
    ck_assert_double_eq_tol(remainder(FU("b")->pose.facing, 360.0), 0, TOL);
    ck_assert(FU("b")->pose.anchor.y > 30 + normal_move("b"));
    ck_assert(vl_v2_dist(FU("b2")->pose.anchor, (VlVec2){64, 30}) > normal_move("b2"));
    expect_anchor("b3", 30, 34);
    ck_assert(has_event("GUN-MOR-1", "b, routed, makes its rout move now"));
    ck_assert(has_event("GUN-MOR-1", "b2, routed, makes its rout move now"));
}
END_TEST

/* GUN-MOR-1: the loser of a melee in a building (a base touching its outline, D-GUN-13) throws to
 * leave it: 4 holds it, 2 retreats a move from it. B and D each stand against a house on their right. */
START_TEST(gun_mor_1_loser_in_a_building_leaves_it_on_1_to_3)
{
    duel();
    INF("c", "union", 16, 20, 0);
    INF("d", "csa", 16, 30, 180);
    tu_sb_rect("house1", "building", NULL, 52.0, 28, 58, 36);
    tu_sb_rect("house2", "building", NULL, 20.0, 28, 26, 36);
    build();
    ck_assert(vl_gunson_in_building(W(), U("b")));
    ck_assert(vl_gunson_in_building(W(), U("d")));
    ck_assert(!vl_gunson_in_building(W(), U("a")));
    to_charge();
    charge("a", "b");
    charge("c", "d");
    ROLL(6);
    roll_sixes(14, 2);
    roll_sixes(12, 0);
    ROLL(4);
    ROLL(6);
    roll_sixes(14, 2);
    roll_sixes(12, 0);
    ROLL(2);
    resolve();
    expect_throws("GUN-CHG-1/1 GUN-IMP-1/14 GUN-IMP-1/12 GUN-MOR-1/1 GUN-CHG-1/1 GUN-IMP-1/14 GUN-IMP-1/12 GUN-MOR-1/1");
    ck_assert(has_event("GUN-MOR-1", "holds the building"));
    expect_anchor("b", 48, 30);
    ck_assert(has_event("GUN-MOR-1", "retreats from the building"));
    expect_anchor("d", 16, 30); /* the retreat is made in D's own move (D-GUN-11) */
    ck_assert_int_eq(ST("d")->gun_pending, VL_GUN_PENDING_RETREAT);
    ck_assert_double_eq_tol(ST("d")->gun_pending_dist, normal_move("d"), TOL);
}
END_TEST

/* ---- GUN-FLANK-1 ---- */

/* GUN-FLANK-1: a charge on a flank needs no throw, and the target has no melee value: only the
 * charger's dice are rolled. B faces east, A strikes its right flank from the south. */
START_TEST(gun_flank_1_no_throw_and_no_melee_value)
{
    INF("a", "union", 48, 14, 0);
    INF("b", "csa", 48, 24, 90);
    build();
    to_charge();
    charge("a", "b");
    roll_sixes(14, 1);
    ROLL(5);
    resolve();
    expect_throws("GUN-IMP-1/14 GUN-MOR-1/1");
    ck_assert(has_event("GUN-FLANK-1", "no throw needed"));
    ck_assert(has_event("GUN-FLANK-1", "no melee value"));
    ck_assert_int_eq(HITS("b"), 1);
    ck_assert_int_eq(HITS("a"), 0);
}
END_TEST

/* Good Old Rebel is untouched: the same duel under the default rules rolls the GOR charge morale test
 * (two dice), not a Gunson throw. */
START_TEST(gun_chg_1_good_old_rebel_games_roll_their_own_test)
{
    duel();
    tu_sb_load(&fx.s);
    fx.g = vl_game_create(&fx.s, 20240601, NULL);
    fx.loaded = true;
    ROLL(3, 4);
    vl_game_start(fx.g);
    to_charge();
    charge("a", "b");
    ROLL(1, 1);
    resolve();
    expect_throws("GOR-CHG-3/2");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gunson_phase");
    TCase *tc = tcase_create("gunson");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gun_chg_1_one_short_refuses_the_charge);
    tcase_add_test(tc, gun_chg_1_two_short_retreats_a_move);
    tcase_add_test(tc, gun_chg_1_weakened_units_need_5_or_6);
    tcase_add_test(tc, gun_chg_1_charge_starts_within_18_in);
    tcase_add_test(tc, gun_chg_1_good_old_rebel_games_roll_their_own_test);
    tcase_add_test(tc, gun_chg_2_the_charge_comes_home_and_fights);
    tcase_add_test(tc, gun_chg_2_cavalry_crashes_through_the_full_24_in);
    tcase_add_test(tc, gun_cav_1_throw_by_formation_swerve_and_retire);
    tcase_add_test(tc, gun_cav_1_charged_by_cavalry_throws_and_surrenders_when_it_cannot_retreat);
    tcase_add_test(tc, gun_imp_1_impetus_dice_in_the_melee);
    tcase_add_test(tc, gun_mor_1_higher_percentage_throws_retreat_and_double_retreat);
    tcase_add_test(tc, gun_mor_1_rout_and_friends_within_12_in_join_it);
    tcase_add_test(tc, gun_mor_1_a_retreat_is_made_in_the_units_own_next_move);
    tcase_add_test(tc, gun_mor_1_a_rout_and_friends_joining_it_run_in_their_own_move);
    tcase_add_test(tc, gun_mor_1_a_retreat_owed_across_a_new_turn_waits_for_it);
    tcase_add_test(tc, gun_mor_1_loser_in_a_building_leaves_it_on_1_to_3);
    tcase_add_test(tc, gun_flank_1_no_throw_and_no_melee_value);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
