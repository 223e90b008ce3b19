/* The game engine's charge phase and close combat (src/game/combat.c, with the morale, HIT, commander and
 * fall-back helpers of src/game/game.c), driven through commands with fixed dice.
 *
 * Every test builds a small scenario, starts the game with an injected events roll, sends two END_PHASE
 * commands to reach the active side's charge phase, declares charges (VL_CMD_CHARGE, choose_path), injects
 * every die the resolution will throw and sends END_PHASE, which resolves the charges: each charger's
 * morale test and move, each contacted defender's reaction, the close combats in declaration order, then
 * the still-in-contact rule. Tests name the checklist clause they prove (docs/rules-checklist.md).
 *
 * Dice, in throw order (the dice log keeps each roll with its clause): events 2 (GOR-TURN-1); a declared
 * cavalry charge at infantry, the target's square test 2 at declaration (GOR-CHG-9); per charge in
 * declaration order the charger's morale 2 (GOR-CHG-3); per contacted target its receiving test 2
 * (GOR-CHG-6 / GOR-CHG-8) and its free fire (GOR-CHG-6), then the charger's fire test 2 when it is fired on
 * for the first time or takes 2+ HITs (GOR-FIRE-5); per combat the attacker's dice then the defender's
 * (GOR-CC-2), a commander's survival test 2 after each HIT to a unit it touches (GOR-CMDR-1), and the
 * loser's test 2 (GOR-CC-4).
 * Morale: 2D6 + modifiers must exceed raw 7 / seasoned 6 / veteran 5; every unit here is seasoned unless
 * said, so a total of 7 passes and fail_by = 7 - total.
 *
 * Geometry (docs/geometry.md): a base is 100 x 50 mm = 3.937 x 1.9685 in; a line is two bases side by side
 * (7.874 wide, 1.9685 deep); the anchor is the middle of the front face; facing 0 is north (+y),
 * forward f = (sin t, cos t), right r = (cos t, -sin t). A line at (48, 10) facing 0 covers x in
 * [44.063, 51.937], y in [8.031, 10]; facing 180 at (48, 20) it covers the same x and y in [20, 21.969].
 * The usual duel: Union A at (48, 10) facing 0, Confederate B at (48, 20) facing 180: 10 in apart, the
 * infantry charge move is 10 + 5 = 15 in (GOR-CHG-2), and a charge that passes ends with A at (48, 20). */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HW TU_INF_W       /* one base's width, 3.937 in */
#define LW (2 * TU_INF_W) /* a line's width, 7.874 in */
#define D TU_INF_D        /* a base's depth, 1.9685 in */
#define GW TU_GEN_W       /* a general's base, 1.575 in */
#define TOL 1e-6
#define SCEN(name) VL_SOURCE_ROOT "/tests/scenarios/" name

/* ---- fixture: one scenario and one game per test ---- */

static struct {
    VlScenario s;
    VlGame *g;
    bool loaded;
} fx;

#define appendf tu_appendf

static void fx_free(void)
{
    if (fx.loaded) {
        vl_game_destroy(fx.g);
        vl_scenario_free(&fx.s);
    }
    memset(&fx, 0, sizeof fx);
    tu_sb_begin("combat test", 96, 48);
}

static void dump_log(void);
static void setup(void) { fx_free(); }
/* VOLLEY_TEST_DUMP=1 prints every test's dice log and events (to check a hand computation). */
static void teardown(void)
{
    if (fx.loaded && getenv("VOLLEY_TEST_DUMP"))
        dump_log();
    fx_free();
}

/* The scenario is written with tu_sb_unit() and the like (testutil.h): sides "union" and "csa"; quality
 * seasoned; infantry and artillery rifled, cavalry carbine. */
#define INF(id, side, x, y, f) tu_sb_unit(id, side, "infantry", "line", x, y, f, NULL)
#define INFB(id, side, x, y, f, brig) tu_sb_unit(id, side, "infantry", "line", x, y, f, "\"brigade\":\"" brig "\"")
#define CAV(id, side, x, y, f) tu_sb_unit(id, side, "cavalry", "line", x, y, f, NULL)
#define DCAV(id, side, x, y, f) tu_sb_unit(id, side, "cavalry", "skirmish", x, y, f, "\"mounted\":false")
#define SKIRM(id, side, x, y, f) tu_sb_unit(id, side, "infantry", "skirmish", x, y, f, NULL)
#define SQUARE(id, side, x, y, f) tu_sb_unit(id, side, "infantry", "square", x, y, f, NULL)
#define GUNS(id, side, x, y, f) tu_sb_unit(id, side, "artillery", "unlimbered", x, y, f, NULL)
#define GEN(id, side, x, y, brig) tu_sb_unit(id, side, "general", NULL, x, y, 0, "\"brigade\":\"" brig "\"")

/* The Confederates move first (to set their reactions in their own turn, D-GAME-2). */
static void csa_first(void) { tu_sb_member("\"first_side\":\"csa\""); }

static void inject(int n, const int *faces) { vl_game_inject_dice(fx.g, faces, n); }
#define ROLL(...)                                                                                                    \
    do {                                                                                                             \
        const int roll_f_[] = {__VA_ARGS__};                                                                         \
        inject((int)(sizeof roll_f_ / sizeof roll_f_[0]), roll_f_);                                                  \
    } while (0)
/* n dice: `sixes` 6s first, then 1s. */
static void roll_sixes(int n, int sixes)
{
    for (int i = 0; i < n; i++)
        ROLL(i < sixes ? 6 : 1);
}

/* Load the scenario written, create the game and start it with an events roll of 3 + 4 (the
 * scenarios have no events table: nothing happens). */
static void build(void)
{
    tu_sb_load(&fx.s);
    fx.g = vl_game_create(&fx.s, 20240601, NULL);
    ck_assert_ptr_nonnull(fx.g);
    fx.loaded = true;
    ROLL(3, 4);
    vl_game_start(fx.g);
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
    ck_assert_int_eq(vl_game_turn(fx.g), 1);
}

static void load_file(const char *path)
{
    VlDiagList d;
    vl_diag_init(&d, path);
    VlStatus st = vl_scenario_load_file(path, &fx.s, &d);
    vl_diag_free(&d);
    ck_assert_msg(st == VL_OK, "%s refused (%s)", path, vl_status_str(st));
    fx.g = vl_game_create(&fx.s, 20240601, NULL);
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

static void dump_reasons(const VlReasons *rs)
{
    for (int i = 0; i < rs->n; i++)
        fprintf(stderr, "    %-10s %s %s\n", rs->r[i].clause, rs->r[i].ok ? "ok  " : "FAIL", rs->r[i].text);
}

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

static bool has_reason(const VlReasons *rs, const char *clause, bool ok)
{
    for (int i = 0; i < rs->n; i++)
        if (strcmp(rs->r[i].clause, clause) == 0 && rs->r[i].ok == ok)
            return true;
    dump_reasons(rs);
    return false;
}

static void end_phase(void)
{
    VlCommand c = {.kind = VL_CMD_END_PHASE};
    VlReasons why = {0};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, &why), VL_OK);
}

/* From the active side's artillery phase to its charge phase. */
static void to_charge(void)
{
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_ARTILLERY);
    end_phase();
    end_phase();
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
}

/* End the rest of the active side's player turn (from its artillery phase: 5 END_PHASE commands). */
static void pass_player_turn(void)
{
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_ARTILLERY);
    for (int i = 0; i < 5; i++)
        end_phase();
}

static void set_reactions(unsigned bits)
{
    VlCommand c = {.kind = VL_CMD_REACTIONS, .reactions = bits};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, NULL), VL_OK);
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
    if (st != VL_OK)
        dump_reasons(&why);
    ck_assert_msg(st == VL_OK, "the charge of %s at %s was refused", u, t);
}

/* Resolve the declared charges; every injected die must have been used. */
static void resolve(void)
{
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
    end_phase();
    if (vl_game_injected_left(fx.g) != 0)
        dump_log();
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}

/* The nth (0-based) roll with this clause for this unit (-1: any unit), or NULL. */
static const VlDiceRoll *find_roll(const char *clause, int unit, int nth)
{
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(r[i].clause, clause) == 0 && (unit < 0 || r[i].unit == unit) && nth-- == 0)
            return &r[i];
    return NULL;
}

static const VlDiceRoll *must_roll(const char *clause, const char *unit_id, int nth)
{
    const VlDiceRoll *r = find_roll(clause, unit_id ? U(unit_id) : -1, nth);
    if (!r)
        dump_log();
    ck_assert_msg(r != NULL, "no roll #%d of %s for %s", nth, clause, unit_id ? unit_id : "anyone");
    return r;
}

static int count_rolls(const char *clause, int unit)
{
    int n, k = 0;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++)
        k += strcmp(r[i].clause, clause) == 0 && (unit < 0 || r[i].unit == unit);
    return k;
}

/* The clauses of the dice log after the events roll, joined by spaces, must equal `want`. */
static void expect_throws(const char *want)
{
    char got[2048] = "";
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 1; i < n; i++)
        appendf(got, sizeof got, "%s%s", got[0] ? " " : "", r[i].clause);
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

static double gap(const char *a, const char *b) { return vl_footprint_distance(&FU(a)->fp, &FU(b)->fp); }

/* A morale roll's modifier and dice. */
static void expect_morale(const VlDiceRoll *r, int d1, int d2, int modifier, int need)
{
    ck_assert_int_eq(r->ndice, 2);
    ck_assert_int_eq(r->dice[0], d1);
    ck_assert_int_eq(r->dice[1], d2);
    if (r->modifier != modifier)
        dump_log();
    ck_assert_int_eq(r->modifier, modifier);
    ck_assert_int_eq(r->need, need);
}

/* The duel: Union A at (48, 10) facing 0, Confederate B (`btype`, `bform`) at (48, 20) facing 180. */
static void duel_inf_vs(const char *btype, const char *bform, const char *bextra)
{
    INF("a", "union", 48, 10, 0);
    tu_sb_unit("b", "csa", btype, bform, 48, 20, 180, bextra);
}
static void duel(void) { duel_inf_vs("infantry", "line", NULL); }

/* ======================================================================================
 * GOR-CHG-1, GOR-CHG-2: who may charge
 * ====================================================================================== */

/* Each Union unit below faces 0 on the y = 10 row (or y = 30) with the Confederate line B at (48, 20)
 * facing 180 as the target: every refusal must come from the unit, the reason naming the clause. The
 * line u_ok at (48, 10), 10 in from B, is the control and may charge. */
START_TEST(gor_chg_1_declaration_refused_with_reasons_for_ineligible_units)
{
    INF("u_ok", "union", 48, 10, 0);
    SKIRM("u_skirm", "union", 8, 10, 0);
    tu_sb_unit("u_col", "union", "infantry", "column", 22, 10, 0, NULL);
    SQUARE("u_sq", "union", 30, 10, 0);
    GUNS("u_art", "union", 36, 10, 0);
    DCAV("u_dcav", "union", 70, 10, 0);
    INF("u_fired", "union", 60, 10, 0);
    INF("u_last", "union", 84, 10, 0);
    INF("u_routed", "union", 20, 30, 0);
    GEN("u_gen", "union", 8, 40, "ub");
    INF("b", "csa", 48, 20, 180);
    GEN("c_gen", "csa", 70, 40, "cb");
    INF("c_other", "csa", 84, 40, 180);
    build();
    to_charge();
    ST("u_fired")->fired = true; /* set after the turn began: the start of a turn clears these flags */
    ST("u_last")->charged_last_turn = true;
    ST("u_routed")->routed = true;

    VlCommand ok = {.kind = VL_CMD_CHARGE, .unit = U("u_ok"), .target = U("b"), .choose_path = true};
    VlReasons why = {0};
    ck_assert(vl_game_check(fx.g, &ok, &why));

    struct {
        const char *unit, *target, *clause;
    } cases[] = {
        {"u_skirm", "b", "GOR-FORM-2"},  /* skirmishers cannot charge */
        {"u_col", "b", "GOR-FORM-3"},    /* columns cannot charge */
        {"u_sq", "b", "GOR-CHG-1"},      /* only line charges */
        {"u_art", "b", "GOR-CHG-1"},     /* only infantry and cavalry */
        {"u_dcav", "b", "GOR-CAV-1"},    /* dismounted cavalry cannot charge */
        {"u_fired", "b", "GOR-CHG-1"},   /* fired this turn */
        {"u_last", "b", "GOR-CHG-1"},    /* charged last turn */
        {"u_routed", "b", "GOR-ROUT-1"}, /* routers do nothing */
        {"u_gen", "b", "GOR-CHG-1"},     /* a command base does not charge */
        {"u_ok", "c_gen", "D-GAME-3"},   /* a command base is not a target */
        {"u_ok", "u_skirm", "GOR-CHG-1"}, /* a friend is not a target */
        {"b", "u_ok", "GOR-TURN-2"},     /* not the active player's unit */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        VlCommand c = {.kind = VL_CMD_CHARGE, .unit = U(cases[i].unit), .target = U(cases[i].target), .choose_path = true};
        memset(&why, 0, sizeof why);
        ck_assert_msg(vl_game_apply(fx.g, &c, &why) != VL_OK, "%s at %s was accepted", cases[i].unit, cases[i].target);
        ck_assert_msg(has_reason(&why, cases[i].clause, false), "%s at %s: no refusal citing %s", cases[i].unit,
                      cases[i].target, cases[i].clause);
    }
    /* Nothing was declared, no die thrown: ending the phase resolves nothing. */
    resolve();
    expect_throws("");
    expect_anchor("u_ok", 48, 10);

    /* Charges belong to the charge phase: in the movement phase the control is refused too. */
    memset(&why, 0, sizeof why);
    ck_assert(vl_game_apply(fx.g, &ok, &why) != VL_OK);
    ck_assert(has_reason(&why, "GOR-TURN-2", false));
}
END_TEST

/* A unit that fired in the general fire phase may not charge in the same turn. A at (48, 10) fires at B
 * 10 in away: medium range (up to 12 in), open: 3 dice (GOR-FIRE-2) 1 1 1, no HIT; B, fired on for the
 * first time, tests (GOR-FIRE-5) 4 + 4 = 8 > 6 and stands. A has fired (and acted): refused. */
START_TEST(gor_chg_1_unit_that_fired_cannot_charge)
{
    duel();
    build();
    end_phase(); /* artillery -> fire */
    ROLL(1, 1, 1, 4, 4);
    VlCommand fire = {.kind = VL_CMD_FIRE, .unit = U("a")};
    ck_assert_int_eq(vl_game_apply(fx.g, &fire, NULL), VL_OK);
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
    ck_assert(ST("a")->fired);
    end_phase(); /* fire -> charge */
    VlReasons why = {0};
    ck_assert(try_charge("a", "b", &why) != VL_OK);
    ck_assert(why.n > 0);
    ck_assert(has_reason(&why, "GOR-TURN-3", false) || has_reason(&why, "GOR-CHG-1", false));
}
END_TEST

/* GOR-CHG-1 "Units cannot charge on consecutive turns", through the turn machine. Turn 1: A charges B and
 * fails its test (1 + 1 = 2): it halts 3 in from B (GOR-CHG-3). Turn 2: A's declaration is refused
 * (charged last turn). Turn 3: A did not charge in turn 2, so it may charge again. */
START_TEST(gor_chg_1_no_charge_on_consecutive_turns)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(1, 1);
    resolve();
    ck_assert(ST("a")->charged);
    expect_anchor("a", 48, 17);
    end_phase();        /* movement -> rally */
    end_phase();        /* rally -> retreat, rout -> the Confederates' artillery phase */
    pass_player_turn(); /* Confederate turn: at its end turn 2 begins with its events roll */
    ck_assert_int_eq(vl_game_turn(fx.g), 2);
    ck_assert(ST("a")->charged_last_turn);
    to_charge();
    VlReasons why = {0};
    ck_assert(try_charge("a", "b", &why) != VL_OK);
    ck_assert(has_reason(&why, "GOR-CHG-1", false));
    end_phase();
    end_phase();
    end_phase();
    pass_player_turn();
    ck_assert_int_eq(vl_game_turn(fx.g), 3);
    ck_assert(!ST("a")->charged_last_turn);
    to_charge();
    memset(&why, 0, sizeof why);
    ck_assert_int_eq(try_charge("a", "b", &why), VL_OK);
}
END_TEST

/* GOR-CHG-2: the target must be within the charge move (10 + 5 = 15 in for infantry in line in the open):
 * B1 14.9 in ahead of A1 may be charged, B2 15.1 in ahead of A2 may not. Through woods (rough: 10 - 5 + 5 =
 * 10 in) B3 12 in ahead of A3 is out of reach although it would be within 15 in over open ground. */
START_TEST(gor_chg_2_must_reach_with_the_charge_move)
{
    INF("a1", "union", 12, 10, 0);
    INF("b1", "csa", 12, 24.9, 180);
    INF("a2", "union", 36, 10, 0);
    INF("b2", "csa", 36, 25.1, 180);
    INF("a3", "union", 70, 10, 0);
    INF("b3", "csa", 70, 22, 180);
    tu_sb_rect("wood", "woods", NULL, 60, 13, 80, 19);
    build();
    to_charge();
    VlReasons why = {0};
    ck_assert_int_eq(try_charge("a1", "b1", &why), VL_OK);
    memset(&why, 0, sizeof why);
    ck_assert(try_charge("a2", "b2", &why) != VL_OK);
    ck_assert(has_reason(&why, "GOR-CHG-2", false));
    memset(&why, 0, sizeof why);
    ck_assert(try_charge("a3", "b3", &why) != VL_OK);
    ck_assert(has_reason(&why, "GOR-CHG-2", false));
}
END_TEST

/* ======================================================================================
 * GOR-CHG-3: morale test, then the full or the half charge
 * ====================================================================================== */

/* A passes with 4 + 3 = 7 > 6 (modifier 0: no threatened flank, no HITs, no commander): it charges home,
 * its front on B's front at y = 20, anchor (48, 20). B receives: 1 + 1 = 2, fails, 1 HIT (GOR-CHG-6).
 * Combat: A 6 dice, B 3 dice, all 1s: no HIT, no test. Still in contact: B has more HITs (1 > 0) and
 * falls back 4 in, to (48, 24) (GOR-CC-6); A stays. */
START_TEST(gor_chg_3_charger_passes_and_charges_to_contact)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 3, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 4, 3, 0, 7);
    ck_assert(has_event("GOR-CHG-4", "charges home"));
    expect_anchor("a", 48, 20);
    ck_assert(ST("a")->charged);
    ck_assert_int_eq(HITS("b"), 1);
    expect_anchor("b", 48, 24);
}
END_TEST

/* A fails with 3 + 3 = 6 (by 1): half its charge move is 7.5 in, but 7.5 in would leave it 2.5 in from B:
 * it halts 3 in short, at (48, 17), after 7 in. Only its own test is thrown; B does nothing. */
START_TEST(gor_chg_3_charger_fails_half_move_no_closer_than_3_in)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(3, 3);
    resolve();
    expect_throws("GOR-CHG-3");
    expect_anchor("a", 48, 17);
    ck_assert_near(gap("a", "b"), 3.0, TOL);
    expect_anchor("b", 48, 20);
    ck_assert_int_eq(HITS("a"), 0);
    ck_assert_int_eq(HITS("b"), 0);
    ck_assert(has_event("GOR-CHG-3", "falters"));
}
END_TEST

/* B 14 in away: a failed test (1 + 2) moves A half of 15 = 7.5 in, to (48, 17.5), 6.5 in from B. */
START_TEST(gor_chg_3_charger_fails_half_of_the_charge_move)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 24, 180);
    build();
    to_charge();
    charge("a", "b");
    ROLL(1, 2);
    resolve();
    expect_throws("GOR-CHG-3");
    expect_anchor("a", 48, 17.5);
    ck_assert_near(gap("a", "b"), 6.5, TOL);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-5: supports
 * ====================================================================================== */

/* Brigade ub, commander ug at (53, 13) (its base x in [52.21, 53.79], y in [11.43, 13]) within 8 in of A and
 * C before and after the charge. C at (48, 6) facing 0 is directly behind A, 10 - 1.969 - 6 = 2.031 in back.
 * A passes (4 + 4), B fails (1 + 1, 1 HIT). C moves up with A keeping its distance: (48, 16), no test of its
 * own. In the combat A has +3 for rear support: 9 dice (GOR-CC-3); all 1s against B's three 1s. B (1 HIT)
 * then falls back 4 in (GOR-CC-6). */
static void supported_duel(double y0)
{
    tu_sb_brigade("ub", "union", "ub", "ug");
    INFB("a", "union", 48, y0, 0, "ub");
    INFB("c", "union", 48, y0 - 4, 0, "ub");
    GEN("ug", "union", 53, y0 + 3, "ub");
    INF("b", "csa", 48, y0 + 10, 180);
    build();
    to_charge();
}

START_TEST(gor_chg_5_supports_move_up_and_count_as_rear_support)
{
    supported_duel(10);
    charge("a", "b");
    ROLL(4, 4, 1, 1);
    roll_sixes(9, 0);
    roll_sixes(3, 0);
    resolve();
    /* Only A tests to charge: the support takes no morale test. */
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    ck_assert_int_eq(must_roll("GOR-CHG-3", "a", 0)->unit, U("a"));
    ck_assert(has_event("GOR-CHG-5", "moves up"));
    expect_anchor("a", 48, 20);
    expect_anchor("c", 48, 16);
    ck_assert_near(gap("a", "c"), 10 - D - 6, TOL);
    ck_assert(ST("c")->acted); /* supporting is its action */
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 9);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
    ck_assert_int_eq(HITS("c"), 0);
}
END_TEST

/* A fails (1 + 1): it halts at (48, 17) after 7 in; C moves the same 7 in, to (48, 13). */
START_TEST(gor_chg_5_supports_follow_a_half_charge)
{
    supported_duel(10);
    charge("a", "b");
    ROLL(1, 1);
    resolve();
    expect_throws("GOR-CHG-3");
    expect_anchor("a", 48, 17);
    expect_anchor("c", 48, 13);
}
END_TEST

/* Supports must be of the same type and in command: cavalry k directly behind infantry A may not be named
 * as a support, nor may infantry d of the brigade whose commander is 20 in away. Neither moves with A. */
START_TEST(gor_chg_5_support_must_be_same_type_and_in_command)
{
    tu_sb_brigade("ub", "union", "ub", "ug");
    tu_sb_brigade("ub2", "union", "ub2", "ug2");
    INFB("a", "union", 30, 10, 0, "ub");
    tu_sb_unit("k", "union", "cavalry", "line", 30, 6, 0, "\"brigade\":\"ub\"");
    GEN("ug", "union", 35, 13, "ub");
    INFB("a2", "union", 70, 10, 0, "ub2");
    INFB("d", "union", 70, 6, 0, "ub2");
    GEN("ug2", "union", 90, 30, "ub2");
    INF("b", "csa", 30, 20, 180);
    INF("b2", "csa", 70, 20, 180);
    build();
    to_charge();
    VlCommand c = {.kind = VL_CMD_CHARGE, .unit = U("a"), .target = U("b"), .choose_path = true, .nsupports = 1};
    c.supports[0] = U("k");
    VlReasons why = {0};
    ck_assert(vl_game_apply(fx.g, &c, &why) != VL_OK);
    ck_assert(has_reason(&why, "GOR-CHG-5", false));
    c = (VlCommand){.kind = VL_CMD_CHARGE, .unit = U("a2"), .target = U("b2"), .choose_path = true, .nsupports = 1};
    c.supports[0] = U("d");
    memset(&why, 0, sizeof why);
    ck_assert(vl_game_apply(fx.g, &c, &why) != VL_OK);
    ck_assert(has_reason(&why, "GOR-CHG-5", false));
    /* Declared without naming supports, neither comes along. */
    charge("a", "b");
    charge("a2", "b2");
    ROLL(1, 1, 1, 1);
    resolve();
    expect_anchor("a", 30, 17);
    expect_anchor("k", 30, 6);
    expect_anchor("a2", 70, 17);
    expect_anchor("d", 70, 6);
}
END_TEST

/* ======================================================================================
 * GOR-MOR-3: the charger's modifiers
 * ====================================================================================== */

/* B faces 90 (east) at (49, 23.937): its box x in [47.031, 49], y in [20, 27.874]; its right flank (r = (0, -1))
 * is the south face y = 20, straight ahead of A 10 in away. A tests at +2 (flank): 2 + 3 + 2 = 7 > 6, passes
 * (without the +2 it would fail). It strikes the right flank. B fails (1 + 1), 1 HIT. Combat: A 6 + 3
 * (flank, GOR-CC-3) = 9 dice, all 1s; B 3. */
START_TEST(gor_mor_3_charging_a_flank_plus_2)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 49, 20 + HW, 90);
    build();
    to_charge();
    charge("a", "b");
    ROLL(2, 3, 1, 1);
    roll_sixes(9, 0);
    roll_sixes(3, 0);
    resolve();
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 2, 3, 2, 7);
    ck_assert(has_event("GOR-CHG-4", "right flank"));
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 9);
}
END_TEST

/* B faces 0 (away) at (48, 21.969): its rear face is y = 20, 10 in ahead of A. +2 (rear): 2 + 3 + 2 = 7
 * passes; it strikes the rear; 6 + 3 = 9 dice. */
START_TEST(gor_mor_3_charging_the_rear_plus_2)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20 + D, 0);
    build();
    to_charge();
    charge("a", "b");
    ROLL(2, 3, 1, 1);
    roll_sixes(9, 0);
    roll_sixes(3, 0);
    resolve();
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 2, 3, 2, 7);
    ck_assert(has_event("GOR-CHG-4", "rear"));
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 9);
}
END_TEST

/* B is routed: +2. A throws 1 + 2 = 3, + 2 = 5: fails by 2 (it would fail by 4 without the modifier); the
 * half charge ends 3 in from B. */
START_TEST(gor_mor_3_charging_routers_plus_2)
{
    duel();
    build();
    to_charge();
    ST("b")->routed = true;
    charge("a", "b");
    ROLL(1, 2);
    resolve();
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 1, 2, 2, 7);
    expect_anchor("a", 48, 17);
}
END_TEST

/* Skirmishers: +1. A throws 3 + 3 + 1 = 7 and passes. B (skirmish line, bases at x in [42.1, 46.0] and
 * [49.9, 53.9], front y = 20) passes 4 + 4 and by its standing order falls back 10 in (GOR-CHG-8): no combat. */
START_TEST(gor_mor_3_charging_skirmishers_plus_1)
{
    duel_inf_vs("infantry", "skirmish", NULL);
    build();
    to_charge();
    charge("a", "b");
    ROLL(3, 3, 4, 4);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-8");
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 3, 3, 1, 7);
    expect_anchor("a", 48, 20);
}
END_TEST

/* Dismounted cavalry: +1, as skirmishers. */
START_TEST(gor_mor_3_charging_dismounted_cavalry_plus_1)
{
    duel_inf_vs("cavalry", "skirmish", "\"mounted\":false");
    build();
    to_charge();
    charge("a", "b");
    ROLL(3, 3, 4, 4);
    resolve();
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 3, 3, 1, 7);
}
END_TEST

/* Cover: -1. B at (48, 18) facing 180 (y in [18, 19.969]) is wholly inside woods x in [40, 56], y in
 * [17.5, 24]: light cover. The path ends in the wood, so the charge move is 10 - 5 + 5 = 10 in, and B is 8 in
 * away. A throws 4 + 3 - 1 = 6: fails by 1 (it would pass without the modifier). Half of 10 is 5 in: A
 * halts at (48, 15), 3 in from B. */
START_TEST(gor_mor_3_charging_a_unit_in_cover_minus_1)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 18, 180);
    tu_sb_rect("wood", "woods", NULL, 40, 17.5, 56, 24);
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 3);
    resolve();
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 4, 3, -1, 7);
    expect_anchor("a", 48, 15);
}
END_TEST

/* Cavalry at a square: -2. Mounted cavalry A (charge move 10 + 5 = 15) at infantry B already in square at
 * (48, 20) facing 180 (one base wide, two deep: x in [46.03, 49.97], y in [20, 23.94]): no square test at
 * declaration. A throws 5 + 4 - 2 = 7: passes. B receives as usual (GOR-CHG-6): fails 1 + 1, 1 HIT.
 * Combat: cavalry against a square 3 <> 3 (GOR-CC-2). */
START_TEST(gor_mor_3_cavalry_charging_a_square_minus_2)
{
    CAV("a", "union", 46, 10, 0);
    SQUARE("b", "csa", 48, 20, 180);
    build();
    to_charge();
    charge("a", "b");
    ck_assert_int_eq(count_rolls("GOR-CHG-9", -1), 0);
    ROLL(5, 4, 1, 1);
    roll_sixes(3, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 5, 4, -2, 7);
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 3);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-6: receiving a charge
 * ====================================================================================== */

/* B fails 1 + 1: no fire, 1 HIT. The only GOR-CHG-6 roll is its test. */
START_TEST(gor_chg_6_defender_fails_no_fire_and_1_hit)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 4, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    expect_morale(must_roll("GOR-CHG-6", "b", 0), 1, 1, 0, 7);
    ck_assert_int_eq(count_rolls("GOR-CHG-6", -1), 1);
    ck_assert_int_eq(HITS("b"), 1);
    ck_assert_int_eq(HITS("a"), 0);
}
END_TEST

/* B passes 4 + 4: it fires at A at short range, free: rifled, short, open: 4 dice (GOR-FIRE-2), 6 1 1 1: 1 HIT
 * on A. A has been fired on before (set) and took one HIT: no fire test. Combat all 1s: 0 <> 0. Still in
 * contact, A has more HITs (1 > 0): A falls back 4 in, to (48, 16) (GOR-CC-6). */
START_TEST(gor_chg_6_defender_passes_free_short_range_fire)
{
    duel();
    build();
    to_charge();
    ST("a")->fired_on = true;
    charge("a", "b");
    ROLL(4, 4, 4, 4, 6, 1, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    const VlDiceRoll *fire = must_roll("GOR-CHG-6", "b", 1);
    ck_assert_int_eq(fire->ndice, 4);
    ck_assert_int_eq(HITS("a"), 1);
    ck_assert_int_eq(HITS("b"), 0);
    ck_assert(!ST("b")->acted); /* the free fire is no action */
    ck_assert(!ST("b")->fired);
    expect_anchor("a", 48, 16);
}
END_TEST

/* The free fire has its consequences: A, fired on for the first time, tests (GOR-FIRE-5): 1 + 1 = 2 fails by 5
 * and A falls back 2 in per point, 10 in, to (48, 10): out of contact, no close combat. */
START_TEST(gor_chg_6_free_fire_consequences_apply_at_once)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 4, 4, 4, 1, 1, 1, 1, 1, 1);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CHG-6 GOR-FIRE-5");
    expect_anchor("a", 48, 10);
    ck_assert_int_eq(count_rolls("GOR-CC-2", -1), 0);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-7: mounted cavalry charged by infantry
 * ====================================================================================== */

/* The Confederates (first this turn) order their cavalry to fall back when charged by infantry. In the Union
 * turn A charges cavalry B (line, at (48, 20) facing 180) and passes: B falls straight back a full move, 10 in,
 * to (48, 30), with no test and no HIT; there is no combat. */
START_TEST(gor_chg_7_cavalry_charged_by_infantry_falls_back_a_full_move)
{
    csa_first();
    duel_inf_vs("cavalry", "line", NULL);
    build();
    set_reactions(VL_REACT_DEFAULT | VL_REACT_CAVALRY_BACK);
    pass_player_turn();
    ck_assert_int_eq(vl_game_active_side(fx.g), 0);
    to_charge();
    charge("a", "b");
    ROLL(4, 4);
    resolve();
    expect_throws("GOR-CHG-3");
    ck_assert(has_event("GOR-CHG-7", NULL));
    expect_anchor("b", 48, 30);
    ck_assert_near(FU("b")->pose.facing, 180, 1e-9);
    ck_assert_int_eq(HITS("b"), 0);
    expect_anchor("a", 48, 20);
}
END_TEST

/* Without the order (the default) the cavalry tests as usual: passes 4 + 4, has no fire (mounted), and
 * fights: infantry against mounted cavalry 4 <> 2 (GOR-CC-2). */
START_TEST(gor_chg_7_by_default_cavalry_stands_and_tests)
{
    duel_inf_vs("cavalry", "line", NULL);
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 4, 4, 4);
    roll_sixes(4, 0);
    roll_sixes(2, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 4);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 2);
}
END_TEST

/* The fall back is for a charge by infantry only: charged by cavalry, B tests (fails 1 + 1, 1 HIT) and
 * fights, cavalry against mounted cavalry 6 <> 4. */
START_TEST(gor_chg_7_not_when_charged_by_cavalry)
{
    csa_first();
    CAV("a", "union", 48, 10, 0);
    CAV("b", "csa", 48, 20, 180);
    build();
    set_reactions(VL_REACT_DEFAULT | VL_REACT_CAVALRY_BACK);
    pass_player_turn();
    to_charge();
    charge("a", "b");
    ROLL(4, 4, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(4, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    ck_assert_int_eq(HITS("b"), 1);
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 6);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 4);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-8: skirmishers charged
 * ====================================================================================== */

/* In every case A throws 3 + 3 + 1 (skirmishers) = 7 and charges home. B's skirmish line at (48, 20) faces
 * 180: falling back 10 in puts it at (48, 30). */
static void skirmish_duel(void)
{
    duel_inf_vs("infantry", "skirmish", NULL);
    build();
    to_charge();
}

/* Pass (4 + 4), default standing order: falls back 10 in, no HIT, no fire, no combat. */
START_TEST(gor_chg_8_skirmishers_pass_fall_back_10_in)
{
    skirmish_duel();
    charge("a", "b");
    ROLL(3, 3, 4, 4);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-8");
    expect_anchor("b", 48, 30);
    ck_assert_int_eq(HITS("b"), 0);
    ck_assert_int_eq(HITS("a"), 0);
}
END_TEST

/* Pass without the standing order to fall back: they stand and fire at short range: 4 dice - 1 (fire by
 * skirmishers, GOR-FIRE-3) = 3 dice, 1 1 1. Then the combat: A 6 + 3 (against skirmishers) = 9 dice. */
START_TEST(gor_chg_8_skirmishers_pass_may_stand_and_fire)
{
    csa_first();
    duel_inf_vs("infantry", "skirmish", NULL);
    build();
    set_reactions(VL_REACT_SQUARE);
    pass_player_turn();
    to_charge();
    ST("a")->fired_on = true;
    charge("a", "b");
    ROLL(3, 3, 4, 4, 1, 1, 1);
    roll_sixes(9, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-8 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    ck_assert_int_eq(must_roll("GOR-CHG-6", "b", 0)->ndice, 3);
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 9);
}
END_TEST

/* Fail by 1 (3 + 3 = 6) and by 2 (2 + 3 = 5): back 10 in, 1 HIT, no combat. */
START_TEST(gor_chg_8_skirmishers_fail_by_1_or_2_fall_back_and_1_hit)
{
    for (int k = 1; k <= 2; k++) {
        skirmish_duel();
        charge("a", "b");
        ROLL(3, 3, 3, 4 - k); /* 3 + (4 - k) = 7 - k: fails by k */
        resolve();
        expect_throws("GOR-CHG-3 GOR-CHG-8");
        ck_assert_int_eq(must_roll("GOR-CHG-8", "b", 0)->modifier, 0);
        expect_anchor("b", 48, 30);
        ck_assert_int_eq(HITS("b"), 1);
        ck_assert_int_eq(count_rolls("GOR-CC-2", -1), 0);
        fx_free();
    }
}
END_TEST

/* Fail by 3 (2 + 2 = 4): they stay, cannot fire and take 2 HITs; the combat follows, A with 6 + 3 = 9 dice
 * (all 1s), B 3 (all 1s); B (2 HITs) then falls back 4 in (GOR-CC-6) to (48, 24). */
START_TEST(gor_chg_8_skirmishers_fail_by_3_stay_and_2_hits)
{
    skirmish_duel();
    charge("a", "b");
    ROLL(3, 3, 2, 2);
    roll_sixes(9, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-8 GOR-CC-2 GOR-CC-2");
    ck_assert_int_eq(HITS("b"), 2);
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 9);
    expect_anchor("b", 48, 24);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-9: forming square against cavalry
 * ====================================================================================== */

/* Mounted cavalry A at (48, 10) declares a charge at infantry B (line, (48, 20) facing 180). At once, before A's
 * own test, B tests to form square: 4 + 4 passes. The square keeps base 0 where it was: base 0 of a line
 * facing 180 is centred at x = 48 + 1.969 (r = (-1, 0)), so the square's anchor is (49.969, 20). At the
 * resolution A tests at -2 (cavalry at a square): 5 + 5 - 2 = 8 passes; B, having formed square instead of
 * firing, makes no receiving test. Combat: cavalry against a square 3 <> 3, all 1s; equal HITs (0), so the
 * charger falls back 4 in (GOR-CC-6): A to (48, 16). */
START_TEST(gor_chg_9_infantry_passes_and_forms_square_at_declaration)
{
    CAV("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    ROLL(4, 4);
    charge("a", "b");
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
    expect_throws("GOR-CHG-9");
    expect_morale(must_roll("GOR-CHG-9", "b", 0), 4, 4, 0, 7);
    ck_assert_int_eq(FU("b")->formation, VL_FORM_SQUARE);
    expect_anchor("b", 48 + HW / 2, 20);
    ROLL(5, 5);
    roll_sixes(3, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-9 GOR-CHG-3 GOR-CC-2 GOR-CC-2");
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 5, 5, -2, 7);
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 3);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
    ck_assert_int_eq(HITS("b"), 0);
    expect_anchor("a", 48, 16);
}
END_TEST

/* B fails (1 + 1): it stays in line and loses its fire: no receiving test, no fire, no HIT for it. A tests
 * without the square's -2 (4 + 4) and charges home; combat cavalry against infantry 7 <> 3. */
START_TEST(gor_chg_9_infantry_fails_stays_in_line_and_loses_its_fire)
{
    CAV("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    ROLL(1, 1);
    charge("a", "b");
    ck_assert_int_eq(FU("b")->formation, VL_FORM_LINE);
    expect_anchor("b", 48, 20);
    ROLL(4, 4);
    ROLL(4, 4); /* "receive the charge as normal": B tests (D-GAME-10) and passes, but has lost its fire */
    roll_sixes(7, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-9 GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 4, 4, 0, 7);
    ck_assert(has_event("GOR-CHG-9", "loses its fire"));
    ck_assert_int_eq(HITS("b"), 0);
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 7);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
}
END_TEST

/* With the square order off, no test at declaration: B receives as usual (GOR-CHG-6). */
START_TEST(gor_chg_9_no_square_without_the_standing_order)
{
    csa_first();
    CAV("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build();
    set_reactions(VL_REACT_SKIRMISH_BACK);
    pass_player_turn();
    to_charge();
    charge("a", "b");
    ck_assert_int_eq(count_rolls("GOR-CHG-9", -1), 0);
    ROLL(4, 4, 1, 1);
    roll_sixes(7, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    ck_assert_int_eq(HITS("b"), 1);
}
END_TEST

/* ======================================================================================
 * GOR-CC-1: pairing
 * ====================================================================================== */

/* A1 at (44.5, 10) (x in [40.56, 48.44]) and A2 at (52.5, 10) (x in [48.56, 56.44]) both charge B at (48, 20)
 * (x in [44.06, 51.94]); both pass (4 + 4 each) and touch B's front. B receives once (1 + 1: 1 HIT). One
 * combat: A1, declared first, is the main attacker, A2 counts +2: 6 + 2 = 8 dice; B 3. */
START_TEST(gor_cc_1_one_combat_per_target_extra_charger_plus_2)
{
    INF("a1", "union", 44.5, 10, 0);
    INF("a2", "union", 52.5, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    charge("a1", "b");
    charge("a2", "b");
    ROLL(4, 4, 4, 4, 1, 1);
    roll_sixes(8, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    ck_assert_int_eq(count_rolls("GOR-CHG-6", -1), 1);
    ck_assert_int_eq(must_roll("GOR-CC-2", "a1", 0)->ndice, 8);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
    ck_assert_int_eq(count_rolls("GOR-CC-2", U("a2")), 0);
}
END_TEST

/* Three chargers at a four-base line B (x in [40.13, 55.87]): 6 + 2 + 2 = 10 dice. */
START_TEST(gor_cc_1_each_extra_charger_plus_2)
{
    INF("a1", "union", 40, 10, 0);
    INF("a2", "union", 48.1, 10, 0);
    INF("a3", "union", 56.2, 10, 0);
    tu_sb_unit("b", "csa", "infantry", "line", 48, 20, 180, "\"bases\":4");
    build();
    to_charge();
    charge("a1", "b");
    charge("a2", "b");
    charge("a3", "b");
    ROLL(4, 4, 4, 4, 4, 4, 1, 1);
    roll_sixes(10, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-3 GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    ck_assert_int_eq(must_roll("GOR-CC-2", "a1", 0)->ndice, 10);
}
END_TEST

/* Two pairs side by side: A1 (x in [42.06, 49.94]) charges B1 (x in [40.06, 47.94]) and also touches B2
 * (x in [48.06, 55.94]); A2 (x in [50.56, 58.44]) charges B2. B2 is engaged in its own combat with A2, so it
 * is not an "otherwise unengaged" unit and cannot support B1 (GOR-CC-1: each unit is in one combat; only
 * unengaged extra units support; GOR-CC-3 +2 "for each additional (otherwise unengaged) unit").
 * Expected: two combats, A1 6 <> B1 3 and A2 6 <> B2 3. Dice: A1 4 4, A2 4 4, B1 fails 1 1 (1 HIT), B2 fails
 * 1 1 (1 HIT), then the combats, all 1s. */
START_TEST(gor_cc_1_defender_engaged_in_its_own_combat_does_not_support)
{
    INF("a1", "union", 46, 10, 0);
    INF("a2", "union", 54.5, 10, 0);
    INF("b1", "csa", 44, 20, 180);
    INF("b2", "csa", 52, 20, 180);
    build();
    to_charge();
    charge("a1", "b1");
    charge("a2", "b2");
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    end_phase();
    const VlDiceRoll *b1 = find_roll("GOR-CC-2", U("b1"), 0);
    if (!b1 || b1->ndice != 3)
        dump_log();
    ck_assert_msg(b1 != NULL, "no combat for b1");
    ck_assert_msg(b1->ndice == 3, "B1 throws %d dice: B2, engaged with A2, was counted as its supporter", b1->ndice);
    ck_assert_msg(find_roll("GOR-CC-2", U("a2"), 0) != NULL, "A2 and B2 never fought although in contact");
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}
END_TEST

/* ======================================================================================
 * GOR-CC-2: the close combat table, and 6s hit
 * ====================================================================================== */

/* Attacker Union A at (48, 10) facing 0, defender Confederate B at (48, 20) facing 180. A passes (5 + 5). For
 * cavalry at infantry in line B tests for square first and fails (1 + 1); then B fails its receiving test
 * (1 + 1, 1 HIT). The combat dice: the attacker's first die 6 and second 5, the rest 1s;
 * the defender's first 6, second 5, the rest 1s: exactly one HIT each (only 6s hit); no loser test. */
static const struct {
    const char *atype, *dtype, *dform, *dextra;
    int att, def;
} CC2[] = {
    {"infantry", "infantry", "line", NULL, 6, 3},
    {"infantry", "cavalry", "line", NULL, 4, 2},
    {"infantry", "artillery", "unlimbered", NULL, 8, 2},
    {"infantry", "infantry", "square", NULL, 5, 2},
    {"cavalry", "infantry", "line", NULL, 7, 3},
    {"cavalry", "cavalry", "line", NULL, 6, 4},
    {"cavalry", "artillery", "unlimbered", NULL, 9, 2},
    {"cavalry", "infantry", "square", NULL, 3, 3},
};

static void faces_65(int n)
{
    for (int i = 0; i < n; i++)
        ROLL(i == 0 ? 6 : i == 1 ? 5 : 1);
}

START_TEST(gor_cc_2_dice_table_and_6s_hit)
{
    int i = _i;
    tu_sb_unit("a", "union", CC2[i].atype, "line", 48, 10, 0, NULL);
    tu_sb_unit("b", "csa", CC2[i].dtype, CC2[i].dform, 48, 20, 180, CC2[i].dextra);
    build();
    to_charge();
    bool square_test = strcmp(CC2[i].atype, "cavalry") == 0 && strcmp(CC2[i].dtype, "infantry") == 0 &&
                       strcmp(CC2[i].dform, "line") == 0;
    if (square_test)
        ROLL(1, 1);
    charge("a", "b");
    bool cav_at_square = strcmp(CC2[i].atype, "cavalry") == 0 && strcmp(CC2[i].dform, "square") == 0;
    ROLL(5, 5);
    ROLL(1, 1); /* B's receiving test fails: 1 HIT (after a failed square test too, D-GAME-10) */
    faces_65(CC2[i].att);
    faces_65(CC2[i].def);
    resolve();
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 5, 5, cav_at_square ? -2 : 0, 7);
    const VlDiceRoll *ra = must_roll("GOR-CC-2", "a", 0), *rb = must_roll("GOR-CC-2", "b", 0);
    ck_assert_msg(ra->ndice == CC2[i].att && rb->ndice == CC2[i].def, "%s vs %s %s: %d <> %d, expected %d <> %d",
                  CC2[i].atype, CC2[i].dtype, CC2[i].dform, ra->ndice, rb->ndice, CC2[i].att, CC2[i].def);
    ck_assert_int_eq(HITS("a"), 1);
    ck_assert_int_eq(HITS("b"), 2);
    ck_assert_int_eq(count_rolls("GOR-CC-4", -1), 0);
}
END_TEST

/* ======================================================================================
 * GOR-CC-3: combat modifiers
 * ====================================================================================== */

/* The charger's rear support: see gor_chg_5_supports_move_up_and_count_as_rear_support (9 dice). Here the
 * defender's: B2 at (48, 24) facing 180 is directly behind B (B's rear y = 21.969, B2's front y = 24: 2.031 in),
 * both of brigade cb, commander cg at (40, 22) (x in [39.21, 40.79], y in [20.43, 22]) 3.3 in from B and 3.8 in
 * from B2. B throws 3 + 3 (rear support) = 6 dice. */
START_TEST(gor_cc_3_rear_support_plus_3)
{
    tu_sb_brigade("cb", "csa", "cb", "cg");
    INF("a", "union", 48, 10, 0);
    INFB("b", "csa", 48, 20, 180, "cb");
    INFB("b2", "csa", 48, 24, 180, "cb");
    GEN("cg", "csa", 40, 22, "cb");
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 4, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(6, 0);
    resolve();
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 6);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 6);
}
END_TEST

/* Extra unengaged defenders: B2 at (54.5, 20) (x in [50.56, 58.44]) is not charged but A (at (50, 10), x in
 * [46.06, 53.94]) touches it as it strikes B1 at (46, 20): B2 supports B1: 3 + 2 = 5 dice. The attackers' +2
 * per extra charger is in gor_cc_1_*. */
START_TEST(gor_cc_3_extra_unengaged_supporter_plus_2)
{
    INF("a", "union", 50, 10, 0);
    INF("b1", "csa", 46, 20, 180);
    INF("b2", "csa", 54.5, 20, 180);
    build();
    to_charge();
    charge("a", "b1");
    ROLL(4, 4, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(5, 0);
    resolve();
    ck_assert_int_eq(must_roll("GOR-CC-2", "b1", 0)->ndice, 5);
}
END_TEST

/* Attacking a flank: B faces 90 (see gor_mor_3_charging_a_flank_plus_2): 6 + 3 = 9 dice; B 3. */
START_TEST(gor_cc_3_flank_attack_plus_3)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 49, 20 + HW, 90);
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 4, 1, 1);
    roll_sixes(9, 0);
    roll_sixes(3, 0);
    resolve();
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 9);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
}
END_TEST

/* Against skirmishers: B skirmishers fail their receiving test by 3 (2 + 2) and stay with 2 HITs; A throws
 * 6 + 3 = 9 dice. */
START_TEST(gor_cc_3_against_skirmishers_plus_3)
{
    skirmish_duel();
    charge("a", "b");
    ROLL(3, 3, 2, 2);
    roll_sixes(9, 0);
    roll_sixes(3, 0);
    resolve();
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 9);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
}
END_TEST

/* Cover: B at (48, 18) wholly in woods (light): the attacker throws 6 - 2 = 4; in heavy woods 6 - 3 = 3. The
 * defender's 3 are unchanged. A's test is at -1 (cover): 4 + 4 - 1 = 7 passes. */
START_TEST(gor_cc_3_attacker_minus_2_light_minus_3_heavy_cover)
{
    const char *types[2] = {"woods", "heavy_woods"};
    for (int k = 0; k < 2; k++) {
        INF("a", "union", 48, 10, 0);
        INF("b", "csa", 48, 18, 180);
        tu_sb_rect("wood", types[k], NULL, 40, 17.5, 56, 24);
        build();
        to_charge();
        charge("a", "b");
        ROLL(4, 4, 1, 1);
        roll_sixes(k == 0 ? 4 : 3, 0);
        roll_sixes(3, 0);
        resolve();
        expect_morale(must_roll("GOR-CHG-3", "a", 0), 4, 4, -1, 7);
        ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, k == 0 ? 4 : 3);
        ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
        fx_free();
    }
}
END_TEST

/* Cover just in front of the defender: a fence (light) or a wall (heavy) along y = 19, 1 in before B's
 * front (y = 20). A's charge test counts it (-1): 4 + 4 - 1 = 7 passes. The fence is rough, so the charge
 * move is 10 - 5 + 5 = 10 in, and B is exactly 10 in away. B fails its test (1 + 1: 1 HIT, no fire). In
 * contact A's bases have run over the line (A covers y in [18.031, 20]), but B fought from behind it:
 * A throws 6 - 2 = 4 (fence) or 6 - 3 = 3 (wall) dice, judged as the cover stood before contact
 * (D-CC-1). The game once judged it after contact and gave A its full 6. */
START_TEST(gor_cc_3_cover_just_in_front_of_the_defender_still_counts)
{
    const char *types[2] = {"fence", "wall"};
    for (int k = 0; k < 2; k++) {
        INF("a", "union", 48, 10, 0);
        INF("b", "csa", 48, 20, 180);
        tu_sb_path("line", types[k], 40, 19, 56, 19);
        build();
        to_charge();
        charge("a", "b");
        ROLL(4, 4, 1, 1);
        roll_sixes(k == 0 ? 4 : 3, 0);
        roll_sixes(3, 0);
        resolve();
        expect_morale(must_roll("GOR-CHG-3", "a", 0), 4, 4, -1, 7);
        expect_anchor("a", 48, 20);
        ck_assert_msg(must_roll("GOR-CC-2", "a", 0)->ndice == (k == 0 ? 4 : 3),
                      "GOR-CC-3: behind a %s the attacker throws %d dice, not %d", types[k], k == 0 ? 4 : 3,
                      must_roll("GOR-CC-2", "a", 0)->ndice);
        ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
        fx_free();
    }
}
END_TEST

/* ======================================================================================
 * GOR-CC-4, GOR-MOR-4: the loser's test
 * ====================================================================================== */

/* A charges home (4 + 4); B passes (4 + 4) and fires 4 dice (1 1 1 1, no HIT; A has been fired on before).
 * Combat: A 6 dice, two 6s: 2 HITs on B; B 3 dice, no 6: 0 on A. B took the most HITs and tests at -1 (lost)
 * and -1 (2 HITs): modifier -2, so the throw t gives t - 2 and fails by 9 - t. */
static void lost_combat(const char *bform, int t1, int t2)
{
    duel_inf_vs("infantry", bform, NULL);
    build();
    to_charge();
    ST("a")->fired_on = true;
    charge("a", "b");
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    roll_sixes(6, 2);
    roll_sixes(3, 0);
    ROLL(t1, t2);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CHG-6 GOR-CC-2 GOR-CC-2 GOR-CC-4");
    expect_morale(must_roll("GOR-CC-4", "b", 0), t1, t2, -2, 7);
}

/* Pass (6 + 3 - 2 = 7): no effect; still in contact, B (more HITs) then falls back 4 in (GOR-CC-6). */
START_TEST(gor_cc_4_loser_passes_no_effect)
{
    lost_combat("line", 6, 3);
    ck_assert_int_eq(HITS("b"), 2);
    ck_assert(!ST("b")->routed);
    expect_anchor("b", 48, 24);
}
END_TEST

/* The -1 of GOR-MOR-4 is for the loser only: the winner A never tests. */
START_TEST(gor_mor_4_loser_tests_at_minus_1)
{
    lost_combat("line", 6, 3);
    ck_assert_int_eq(count_rolls("GOR-CC-4", U("a")), 0);
    ck_assert_int_eq(count_rolls("GOR-CC-4", U("b")), 1);
}
END_TEST

/* Fail by 1 (5 + 3 - 2 = 6): stays, +1 HIT (3 in all); then falls back 4 in (GOR-CC-6). */
START_TEST(gor_cc_4_fail_by_1_one_more_hit)
{
    lost_combat("line", 5, 3);
    ck_assert_int_eq(HITS("b"), 3);
    ck_assert(!ST("b")->routed);
    expect_anchor("b", 48, 24);
}
END_TEST

/* Fail by 2 (4 + 3) or 3 (3 + 3): retires a charge move, 15 in, keeping its facing: (48, 35); not routed. */
START_TEST(gor_cc_4_fail_by_2_or_3_retires_a_charge_move)
{
    for (int k = 2; k <= 3; k++) {
        lost_combat("line", 6 - k, 3); /* 9 - (6 - k) - 3 = k */
        expect_anchor("b", 48, 35);
        ck_assert_near(FU("b")->pose.facing, 180, 1e-9);
        ck_assert(!ST("b")->routed);
        ck_assert_int_eq(HITS("b"), 2);
        fx_free();
    }
}
END_TEST

/* Fail by 4 (2 + 3 = 5 - 2 = 3): routs a charge move: it turns its back (facing 0; anchor 2 * box centre -
 * anchor = (48, 21.969)) and runs 15 in: (48, 36.969). */
START_TEST(gor_cc_4_fail_by_4_routs_a_charge_move)
{
    lost_combat("line", 2, 3);
    ck_assert(ST("b")->routed);
    expect_anchor("b", 48, 20 + D + 15);
    ck_assert_near(fmod(FU("b")->pose.facing, 360.0), 0, 1e-9);
}
END_TEST

/* A router runs with its back to the enemy (GOR-CC-4 note, GOR-ROUT-1, D-ROUT-1). B faces 0 (away) at
 * (48, 21.969), its rear face y = 20 10 in ahead of A. A charges its rear (2 + 3 + 2 = 7 passes); B fails
 * its test (1 + 1: 1 HIT). Combat: A 6 + 3 = 9 dice, two 6s; B 3 dice, none: B has 3 HITs and tests at
 * -1 (lost) -1 (one full 2 HITs) -1 (A threatens its rear): 1 + 1 - 3 = -1 fails by 8: it routs. Its back is already to A, so it
 * keeps facing 0 and runs 15 in north: (48, 36.969). In its own rout phase it runs 15 in more, the same
 * way: (48, 51.969), with 1 HIT. The game once turned every router about its own facing: B faced A,
 * ran 0.00 in into it, and did so again in every rout phase. The table is 72 in deep here. */
START_TEST(gor_rout_1_routed_from_the_rear_runs_away_from_the_enemy)
{
    tu_sb_begin("combat test", 96, 72);
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20 + D, 0);
    for (int k = 0; k < 3; k++) { /* so that one router does not break the army */
        char id[8];
        snprintf(id, sizeof id, "c%d", k);
        INF(id, "csa", 10 + 12 * k, 66, 180);
    }
    build();
    to_charge();
    charge("a", "b");
    ROLL(2, 3, 1, 1);
    roll_sixes(9, 2);
    roll_sixes(3, 0);
    ROLL(1, 1);
    resolve();
    expect_morale(must_roll("GOR-CC-4", "b", 0), 1, 1, -3, 7);
    ck_assert(ST("b")->routed);
    ck_assert_msg(fabs(FU("b")->pose.anchor.y - (20 + D + 15)) < TOL,
                  "GOR-ROUT-1: routed from the rear, B ran to y = %.3f (facing %.0f), not 15 in away from A",
                  FU("b")->pose.anchor.y, FU("b")->pose.facing);
    expect_anchor("b", 48, 20 + D + 15);
    ck_assert_near(fmod(FU("b")->pose.facing + 360.0, 360.0), 0, 1e-9);
    end_phase();
    end_phase();
    pass_player_turn();
    ck_assert_int_eq(vl_game_turn(fx.g), 2);
    expect_anchor("b", 48, 20 + D + 30);
    ck_assert_int_eq(HITS("b"), 4);
}
END_TEST

/* Every rout move is forced, so a friend in the router's way goes back with it each time (GOR-FOLLOW-1,
 * GOR-ROUT-1, D-ROUT-1). As above B routs from the rear and runs north, but friend F (facing 0, y in
 * [30, 31.969]) stands 8 in ahead of it, too far to go back with it then: B stops 0.1 in short, front
 * at y = 29.9 (anchor (48, 29.9)), after 7.931 in. In B's rout phase F is directly behind it as it runs:
 * F goes back 15 in first, to (48, 46.969), with 1 HIT, and B runs its 15 in, to (48, 44.9). The game
 * once left F where it stood, and B ran 0.00 in in that and every later rout phase. */
START_TEST(gor_follow_1_a_friend_in_a_routers_way_goes_back_with_it)
{
    tu_sb_begin("combat test", 96, 72);
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20 + D, 0);
    INF("f", "csa", 48, 30 + D, 0);
    for (int k = 0; k < 3; k++) {
        char id[8];
        snprintf(id, sizeof id, "c%d", k);
        INF(id, "csa", 10 + 12 * k, 66, 180);
    }
    build();
    to_charge();
    charge("a", "b");
    ROLL(2, 3, 1, 1);
    roll_sixes(9, 2);
    roll_sixes(3, 0);
    ROLL(1, 1);
    resolve();
    ck_assert(ST("b")->routed);
    expect_anchor("b", 48, 29.9);
    expect_anchor("f", 48, 30 + D);
    ck_assert_int_eq(HITS("f"), 0);
    end_phase();
    end_phase();
    pass_player_turn();
    ck_assert_msg(fabs(FU("b")->pose.anchor.y - 44.9) < TOL, "GOR-ROUT-1: in its rout phase B ran to y = %.3f, not 15 in",
                  FU("b")->pose.anchor.y);
    expect_anchor("f", 48, 45 + D);
    ck_assert_int_eq(HITS("f"), 1);
}
END_TEST

/* Struck in the right flank, a router turns 90 deg to put its back to the enemy. B faces 90 (east) with its
 * front face on x = 49, y in [20, 27.874]: its right flank is y = 20, 10 in ahead of A (box x in
 * [47.031, 49], centre (48.016, 23.937)). A charges the flank (+2: 7 passes); B fails its test (1 HIT);
 * A 9 dice, two 6s; B none; B's 1 + 1 - 2 fails by 7: it routs. A is south of it, so it turns about its
 * box centre to face 0 (north): anchor (48.016, 23.937 + 0.984) = (48.016, 24.922), and runs 15 in:
 * (48.016, 39.922). */
START_TEST(gor_rout_1_routed_from_a_flank_turns_away_from_the_enemy)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 49, 20 + HW, 90);
    build();
    to_charge();
    charge("a", "b");
    ROLL(2, 3, 1, 1);
    roll_sixes(9, 2);
    roll_sixes(3, 0);
    ROLL(1, 1);
    resolve();
    ck_assert(has_event("GOR-CHG-4", "right flank"));
    ck_assert(ST("b")->routed);
    ck_assert_near(fmod(FU("b")->pose.facing + 360.0, 360.0), 0, 1e-9);
    expect_anchor("b", 49 - D / 2, 20 + HW + D / 2 + 15);
}
END_TEST

/* Skirmishers failing by 1 take 2 HITs. B's skirmishers fail their receiving test by 4 (1 + 2): they stay
 * with 2 HITs. Combat: A 9 dice, one 6: B has 3 HITs; B 3 dice, no 6. B tests at -1 (lost) -1 (3 HITs: one
 * full 2) = -2: 4 + 4 - 2 = 6 fails by 1: +2 HITs, 5 in all. */
START_TEST(gor_cc_4_skirmishers_failing_by_1_take_2_hits)
{
    skirmish_duel();
    charge("a", "b");
    ROLL(3, 3, 1, 2);
    roll_sixes(9, 1);
    roll_sixes(3, 0);
    ROLL(4, 4);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-8 GOR-CC-2 GOR-CC-2 GOR-CC-4");
    expect_morale(must_roll("GOR-CC-4", "b", 0), 4, 4, -2, 7);
    ck_assert_int_eq(HITS("b"), 5);
}
END_TEST

/* Unlimbered artillery B (4 bases, x in [45.4, 50.6]) fails its receiving test (1 + 1: 1 HIT). Combat: A 8
 * dice, one 6 (B: 2 HITs); B 2 dice, no 6. B tests at -2: fail by 1 (5 + 3): +1 HIT; by 2 (4 + 3) or 4
 * (2 + 3): the battery is destroyed. */
START_TEST(gor_cc_4_unlimbered_artillery_destroyed_on_fail_by_2_or_more)
{
    const int t1[3] = {5, 4, 2};
    for (int k = 0; k < 3; k++) {
        duel_inf_vs("artillery", "unlimbered", NULL);
        build();
        to_charge();
        charge("a", "b");
        ROLL(4, 4, 1, 1);
        roll_sixes(8, 1);
        roll_sixes(2, 0);
        ROLL(t1[k], 3);
        resolve();
        expect_morale(must_roll("GOR-CC-4", "b", 0), t1[k], 3, -2, 7);
        if (k == 0) {
            ck_assert(vl_world_present(W(), U("b")));
            ck_assert_int_eq(HITS("b"), 3);
        } else {
            ck_assert(!vl_world_present(W(), U("b")));
            ck_assert(ST("b")->removed);
            ck_assert(has_event("GOR-CC-4", "destroyed"));
        }
        fx_free();
    }
}
END_TEST

/* Equal HITs: A one 6, B one 6: 1 each, nobody tests. Still in contact with equal HITs (1 = 1): the charger
 * falls back 4 in (GOR-CC-6). */
START_TEST(gor_cc_4_equal_hits_no_test)
{
    duel();
    build();
    to_charge();
    ST("a")->fired_on = true;
    charge("a", "b");
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    roll_sixes(6, 1);
    roll_sixes(3, 1);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CHG-6 GOR-CC-2 GOR-CC-2");
    ck_assert_int_eq(HITS("a"), 1);
    ck_assert_int_eq(HITS("b"), 1);
    expect_anchor("a", 48, 16);
    expect_anchor("b", 48, 20);
}
END_TEST

/* The attacker can lose: B's two 6s put 2 HITs on A. A tests at -2 and fails by 2 (4 + 3): it retires 15 in,
 * straight back: (48, 5). */
START_TEST(gor_cc_4_charger_that_loses_tests_and_retires)
{
    duel();
    build();
    to_charge();
    ST("a")->fired_on = true;
    charge("a", "b");
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(3, 2);
    ROLL(4, 3);
    resolve();
    expect_morale(must_roll("GOR-CC-4", "a", 0), 4, 3, -2, 7);
    expect_anchor("a", 48, 5);
    expect_anchor("b", 48, 20);
}
END_TEST

/* ======================================================================================
 * GOR-CC-5, GOR-FOLLOW-1: units behind fall back with the loser
 * ====================================================================================== */

/* B2 at (48, 24) facing 180 is directly behind B, 2.031 in back (no brigade: no rear support). B loses and
 * fails by 2 (as lost_combat): B retires 15 in to (48, 35); B2 falls back the same 15 in, to (48, 39), and
 * takes 1 HIT. */
START_TEST(gor_cc_5_unit_behind_the_loser_falls_back_with_it_and_1_hit)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    INF("b2", "csa", 48, 24, 180);
    build();
    to_charge();
    ST("a")->fired_on = true;
    charge("a", "b");
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    roll_sixes(6, 2);
    roll_sixes(3, 0);
    ROLL(4, 3);
    resolve();
    expect_anchor("b", 48, 35);
    expect_anchor("b2", 48, 39);
    ck_assert_int_eq(HITS("b2"), 1);
    ck_assert_near(gap("b", "b2"), 24 - 20 - D, TOL);
}
END_TEST

/* The charger's support falls back with it: A at (48, 14) with C at (48, 10) behind it (brigade ub,
 * commander ug at (53, 17)), B at (48, 24). A passes, C moves up to (48, 20); B fails its test (1 HIT).
 * Combat: A 9 dice (rear support) no 6; B 3 dice, two 6s: A has 2 HITs and tests at -2: 4 + 3 fails by 2:
 * A retires 15 in to (48, 9) and C, behind it, to (48, 5) with 1 HIT. */
START_TEST(gor_cc_5_supporting_unit_falls_back_with_the_charger)
{
    supported_duel(14);
    charge("a", "b");
    ROLL(4, 4, 1, 1);
    roll_sixes(9, 0);
    roll_sixes(3, 2);
    ROLL(4, 3);
    resolve();
    expect_morale(must_roll("GOR-CC-4", "a", 0), 4, 3, -2, 7);
    expect_anchor("a", 48, 9);
    expect_anchor("c", 48, 5);
    ck_assert_int_eq(HITS("c"), 1);
}
END_TEST

/* Example F (tests/scenarios/gor-example-f.json): Union Y is partly directly behind Union X, 2.031 in back, both
 * within 8 in of their commander. In the Confederate turn c_2nd ((50, 26) facing 180) charges X ((50, 14)
 * facing 0), 12 in away: passes 4 + 4. X fails 1 + 1 (1 HIT). Combat: c_2nd 6 dice, three 6s; X 3 + 3 (Y's rear
 * support) = 6 dice, no 6. X (4 HITs) tests at -1 (lost) -2 (4 HITs) = -3: 5 + 5 - 3 = 7 passes. Still in
 * contact with more HITs, X falls back 4 in (GOR-CC-6) to (50, 10): "Y would have to fall back an equal
 * distance and would also suffer 1 HIT ... though it would maintain its facing": Y to (48, 6), 1 HIT. */
START_TEST(gor_follow_1_example_f_unit_behind_falls_back_the_same_distance)
{
    load_file(SCEN("gor-example-f.json"));
    pass_player_turn(); /* the Union turn */
    to_charge();
    charge("c_2nd", "u_x");
    ROLL(4, 4, 1, 1);
    roll_sixes(6, 3);
    roll_sixes(6, 0);
    ROLL(5, 5);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CC-2 GOR-CC-2 GOR-CC-4");
    ck_assert_int_eq(must_roll("GOR-CC-2", "u_x", 0)->ndice, 6);
    expect_morale(must_roll("GOR-CC-4", "u_x", 0), 5, 5, -3, 7);
    expect_anchor("u_x", 50, 10);
    expect_anchor("u_y", 48, 6);
    ck_assert_near(FU("u_y")->pose.facing, 0, 1e-9);
    ck_assert_int_eq(HITS("u_y"), 1);
    ck_assert_int_eq(HITS("u_x"), 4);
}
END_TEST

/* Example F's "forced to fall back or rout": when the front unit routs, the unit behind it falls back the
 * same distance with 1 HIT. B routs (fails by 4, as lost_combat): it turns and runs 15 in. B2, directly behind
 * it at (48, 24) facing 180, must fall back 15 in to (48, 39) keeping its facing, and take 1 HIT. */
START_TEST(gor_follow_1_unit_behind_a_router_falls_back_too)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    INF("b2", "csa", 48, 24, 180);
    build();
    to_charge();
    ST("a")->fired_on = true;
    charge("a", "b");
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    roll_sixes(6, 2);
    roll_sixes(3, 0);
    ROLL(2, 3);
    resolve();
    ck_assert(ST("b")->routed);
    if (HITS("b2") != 1)
        dump_log();
    ck_assert_msg(HITS("b2") == 1, "B2, directly behind the router B, took %d HITs, expected 1", HITS("b2"));
    expect_anchor("b2", 48, 39);
    ck_assert_near(FU("b2")->pose.facing, 180, 1e-9);
}
END_TEST

/* Skirmishers that fail their receiving test by 1 or 2 are forced back 10 in ("they have no choice"): the unit
 * directly behind them (B2 at (48, 24), 2.031 in back) falls back the same 10 in, to (48, 34), with 1 HIT. */
START_TEST(gor_follow_1_unit_behind_forced_back_skirmishers_falls_back_too)
{
    INF("a", "union", 48, 10, 0);
    SKIRM("b", "csa", 48, 20, 180);
    INF("b2", "csa", 48, 24, 180);
    build();
    to_charge();
    charge("a", "b");
    ROLL(3, 3, 3, 3);
    resolve();
    ck_assert_int_eq(HITS("b"), 1);
    if (HITS("b2") != 1)
        dump_log();
    ck_assert_msg(HITS("b2") == 1, "B2, directly behind skirmishers forced back, took %d HITs, expected 1", HITS("b2"));
    expect_anchor("b2", 48, 34);
    expect_anchor("b", 48, 30);
}
END_TEST

/* ======================================================================================
 * GOR-CC-6: still in contact after the phase
 * ====================================================================================== */

/* Nobody hit: A and B still touch with equal HITs (0): the charger falls back 4 in, to (48, 16); B stays. */
START_TEST(gor_cc_6_equal_hits_the_charger_falls_back_4_in)
{
    duel();
    build();
    to_charge();
    ST("a")->fired_on = true;
    charge("a", "b");
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    resolve();
    ck_assert(has_event("GOR-CC-6", NULL));
    expect_anchor("a", 48, 16);
    expect_anchor("b", 48, 20);
    ck_assert_near(gap("a", "b"), 4, TOL);
}
END_TEST

/* B with more HITs (1 from failing its test, none in the combat) falls back 4 in, to (48, 24). */
START_TEST(gor_cc_6_more_hits_falls_back_4_in)
{
    duel();
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 4, 1, 1);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    resolve();
    expect_anchor("a", 48, 20);
    expect_anchor("b", 48, 24);
    ck_assert_near(FU("b")->pose.facing, 180, 1e-9);
}
END_TEST

/* Supporting formations fall back the same distance: A (with C behind) and B, no HITs, B passes and fires
 * without effect (A fired on before); equal: A falls back 4 in to (48, 16) and C to (48, 12). */
START_TEST(gor_cc_6_supports_fall_back_the_same_distance)
{
    supported_duel(10);
    ST("a")->fired_on = true;
    charge("a", "b");
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    roll_sixes(9, 0);
    roll_sixes(3, 0);
    resolve();
    expect_anchor("a", 48, 16);
    expect_anchor("c", 48, 12);
}
END_TEST

/* A unit struck in the flank falls back along the charger's front: B (facing 90, see
 * gor_mor_3_charging_a_flank_plus_2) has more HITs (1 from failing its test, 0 <> 0 in the combat) and must fall
 * back 4 in, straight backwards (-x), to (45, 23.937). Its south face slides along A's front (y = 20): A is
 * not in its way (D-GAME-4 stops a unit short of an enemy "in its way"), so nothing should stop it. */
START_TEST(gor_cc_6_unit_struck_in_the_flank_falls_back_4_in)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 49, 20 + HW, 90);
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 4, 1, 1);
    roll_sixes(9, 0);
    roll_sixes(3, 0);
    resolve();
    ck_assert_int_eq(HITS("b"), 1);
    ck_assert(has_event("GOR-CC-6", "b falls back 4 in"));
    expect_anchor("b", 45, 20 + HW);
}
END_TEST

/* ======================================================================================
 * GOR-CMDR-1, GOR-CMD-3: commanders
 * ====================================================================================== */

/* General cg (brigade cb, B's commander) stands touching B's rear: its base faces 0 at (48, 21.969 + 1.575), so
 * it covers y in [21.969, 23.544]. It gives B +1 (commander in contact, GOR-MOR-2). */
static void commander_duel(const char *atype, const char *btype)
{
    tu_sb_brigade("cb", "csa", "cb", "cg");
    tu_sb_unit("a", "union", atype, "line", 48, 10, 0, NULL);
    tu_sb_unit("b", "csa", btype, "line", 48, 20, 180, "\"brigade\":\"cb\"");
    GEN("cg", "csa", 48, 20 + D + GW, "cb");
    INFB("b2", "csa", 10, 40, 180, "cb");
    build();
    to_charge();
    ck_assert_near(gap("b", "cg"), 0, 1e-9);
}

/* B fails its receiving test (1 + 1 + 1 = 3): 1 HIT from infantry: cg tests 2D6 with no modifier: 5 + 5 = 10:
 * survives. Combat all 1s. */
START_TEST(gor_cmdr_1_commander_survives_on_10)
{
    commander_duel("infantry", "infantry");
    charge("a", "b");
    ROLL(4, 4, 1, 1, 5, 5);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    resolve();
    expect_throws("GOR-CHG-3 GOR-CHG-6 GOR-CMDR-1 GOR-CC-2 GOR-CC-2");
    expect_morale(must_roll("GOR-CHG-6", "b", 0), 1, 1, 1, 7);
    const VlDiceRoll *r = must_roll("GOR-CMDR-1", "cg", 0);
    ck_assert_int_eq(r->modifier, 0);
    ck_assert(vl_world_present(W(), U("cg")));
    ck_assert_int_eq(HITS("b"), 1);
}
END_TEST

/* GOR-CC-6 with the commander behind: as above, cg survives (5 + 5); B (1 HIT) must fall back 4 in, to
 * (48, 24). A command base is no obstacle (D-GAME-3; D-GAME-4: a unit falling back passes through friends),
 * so it must not hold B in contact with A. */
START_TEST(gor_cc_6_command_base_behind_does_not_stop_the_fall_back)
{
    commander_duel("infantry", "infantry");
    charge("a", "b");
    ROLL(4, 4, 1, 1, 5, 5);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    resolve();
    ck_assert(vl_world_present(W(), U("cg")));
    ck_assert_int_eq(HITS("b"), 1);
    expect_anchor("b", 48, 24);
    ck_assert(gap("a", "b") > 0);
}
END_TEST

/* The same with 5 + 6 = 11: cg is removed, and every unit of its brigade takes 1 HIT (GOR-CMD-3): B 1 + 1 = 2,
 * B2 (far away) 1. */
START_TEST(gor_cmdr_1_commander_removed_on_11)
{
    commander_duel("infantry", "infantry");
    charge("a", "b");
    ROLL(4, 4, 1, 1, 5, 6);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    resolve();
    ck_assert(!vl_world_present(W(), U("cg")));
    ck_assert_int_eq(HITS("b"), 2);
    ck_assert_int_eq(HITS("b2"), 1);
}
END_TEST

/* +2 when the unit took 2 or more HITs: B passes (4 + 4 + 1) and fires (no effect); A's two 6s: 2 HITs on B at
 * once: cg tests at +2: 4 + 5 + 2 = 11: removed; B takes 1 more (GOR-CMD-3): 3. B, the loser, tests without
 * the commander now: -1 (lost) -1 (3 HITs) = -2: 6 + 6 passes. With 4 + 4 + 2 = 10 cg survives. */
START_TEST(gor_cmdr_1_plus_2_when_the_unit_takes_2_hits)
{
    for (int k = 0; k < 2; k++) {
        commander_duel("infantry", "infantry");
        ST("a")->fired_on = true;
        charge("a", "b");
        ROLL(4, 4, 4, 4, 1, 1, 1, 1);
        roll_sixes(6, 2);
        roll_sixes(3, 0);
        ROLL(4, k == 0 ? 5 : 4, 6, 6);
        resolve();
        const VlDiceRoll *r = must_roll("GOR-CMDR-1", "cg", 0);
        ck_assert_int_eq(r->modifier, 2);
        ck_assert_int_eq(r->need, 11);
        if (k == 0) {
            ck_assert(!vl_world_present(W(), U("cg")));
            ck_assert_int_eq(HITS("b"), 3);
            expect_morale(must_roll("GOR-CC-4", "b", 0), 6, 6, -2, 7);
        } else {
            ck_assert(vl_world_present(W(), U("cg")));
            ck_assert_int_eq(HITS("b"), 2);
            /* with the commander still in contact: -1 (lost) -1 (2 HITs) +1 (commander) */
            expect_morale(must_roll("GOR-CC-4", "b", 0), 6, 6, -1, 7);
        }
        fx_free();
    }
}
END_TEST

/* +2 against mounted cavalry: cavalry A charges cavalry B (no square question); B fails (1 + 1 + 1), 1 HIT
 * from mounted cavalry: cg tests at +2: 4 + 5 + 2 = 11: removed. */
START_TEST(gor_cmdr_1_plus_2_against_mounted_cavalry)
{
    commander_duel("cavalry", "cavalry");
    charge("a", "b");
    ROLL(4, 4, 1, 1, 4, 5);
    roll_sixes(6, 0);
    roll_sixes(4, 0);
    resolve();
    const VlDiceRoll *r = must_roll("GOR-CMDR-1", "cg", 0);
    ck_assert_int_eq(r->modifier, 2);
    ck_assert(!vl_world_present(W(), U("cg")));
}
END_TEST

/* GOR-CMD-3: cg is killed in the Union charge phase of turn 1 (as gor_cmdr_1_commander_removed_on_11): B and
 * B2 take 1 HIT each. No replacement in the Union's rally phase; at the start of the Confederates' next rally
 * phase (the same game turn) a new commander stands beside a unit of the brigade (0.1 in behind its rear). */
START_TEST(gor_cmd_3_killed_commander_hits_brigade_and_is_replaced_next_rally)
{
    commander_duel("infantry", "infantry");
    charge("a", "b");
    ROLL(4, 4, 1, 1, 5, 6);
    roll_sixes(6, 0);
    roll_sixes(3, 0);
    resolve();
    ck_assert(!vl_world_present(W(), U("cg")));
    ck_assert(has_event("GOR-CMD-3", "brigade commander has fallen"));
    ck_assert_int_eq(HITS("b"), 2);
    ck_assert_int_eq(HITS("b2"), 1);
    end_phase(); /* Union: movement -> rally */
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_RALLY);
    ck_assert(!vl_world_present(W(), U("cg")));
    end_phase(); /* -> Confederate artillery */
    ck_assert_int_eq(vl_game_active_side(fx.g), 1);
    for (int i = 0; i < 3; i++) {
        end_phase();
        ck_assert(!vl_world_present(W(), U("cg")));
    }
    end_phase(); /* Confederate: movement -> rally */
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_RALLY);
    ck_assert(vl_world_present(W(), U("cg")));
    double d = fmin(gap("cg", "b"), gap("cg", "b2"));
    ck_assert_msg(d <= 0.1 + 1e-9, "the new commander is %.3f in from the nearest unit of its brigade", d);
    ck_assert_int_eq(vl_world_commander(W(), U("b")), U("cg"));
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}
END_TEST

/* A command base is no follower (GOR-FOLLOW-1 against GOR-CMDR-1, GOR-CMD-3, D-GAME-11, D-FOLLOW-1). B at (48, 30)
 * facing 180 covers y in [30, 31.969]; its brigadier cg stands 3.031 in directly behind it, y in
 * [35, 36.575], 11.4 in from the north edge. A charges home (4 + 4); B fails its test (1 + 1: 1 HIT);
 * A 6 dice, two 6s: B has 3 HITs; B none. B tests at -2 (lost, one full 2 HITs): 3 + 3 - 2 = 4 fails by 3
 * and retires 15 in, to (48, 45), y in [45, 46.969], still on the table. cg stays where he stands: B
 * passes over him and does not end on him; no survival test, no HIT to the brigade. The game once
 * carried him 15 in along with B, off the table, and lost him without the brigade's HIT or a
 * replacement. */
START_TEST(gor_follow_1_command_base_behind_a_retiring_unit_stays)
{
    tu_sb_brigade("cb", "csa", "cb", "cg");
    INF("a", "union", 48, 20, 0);
    INFB("b", "csa", 48, 30, 180, "cb");
    GEN("cg", "csa", 48, 35 + GW, "cb");
    INFB("b2", "csa", 10, 10, 180, "cb");
    build();
    to_charge();
    charge("a", "b");
    ROLL(4, 4, 1, 1);
    roll_sixes(6, 2);
    roll_sixes(3, 0);
    ROLL(3, 3);
    resolve();
    expect_morale(must_roll("GOR-CC-4", "b", 0), 3, 3, -2, 7);
    expect_anchor("b", 48, 45);
    ck_assert_msg(vl_world_present(W(), U("cg")), "the brigadier behind B was carried off the table");
    expect_anchor("cg", 48, 35 + GW);
    ck_assert_int_eq(count_rolls("GOR-CMDR-1", U("cg")), 0);
    ck_assert_int_eq(HITS("b"), 3);
    ck_assert_int_eq(HITS("b2"), 0);
}
END_TEST

/* ======================================================================================
 * GOR-CAV-1, GOR-FORM-4
 * ====================================================================================== */

/* Dismounted cavalry B (skirmish, (48, 20) facing 180) fails its receiving test by 1 (3 + 3): forced back 10 in,
 * it remounts at once: line, mounted, base 0 kept (skirmish base 0 centred at x = 48 + 3.937, so the line's
 * anchor is x = 51.937 - 1.969 = 49.969), then 10 in back: (49.969, 30), 1 HIT. */
START_TEST(gor_cav_1_dismounted_cavalry_forced_back_remounts)
{
    duel_inf_vs("cavalry", "skirmish", "\"mounted\":false");
    build();
    to_charge();
    charge("a", "b");
    ROLL(3, 3, 3, 3);
    resolve();
    ck_assert(ST("b")->mounted);
    ck_assert_int_eq(FU("b")->formation, VL_FORM_LINE);
    expect_anchor("b", 48 + HW / 2, 30);
    ck_assert_int_eq(HITS("b"), 1);
    ck_assert(has_event("GOR-CAV-1", "remounts"));
}
END_TEST

/* Losing a close combat and retiring: B fails its receiving test by 4 (1 + 2; 2 HITs, stays); A 9 dice one 6
 * (3 HITs); B tests at -2 and fails by 2 (4 + 3): it remounts and retires a charge move, 15 in. */
START_TEST(gor_cav_1_dismounted_cavalry_retiring_from_combat_remounts)
{
    duel_inf_vs("cavalry", "skirmish", "\"mounted\":false");
    build();
    to_charge();
    charge("a", "b");
    ROLL(3, 3, 1, 2);
    roll_sixes(9, 1);
    roll_sixes(3, 0);
    ROLL(4, 3);
    resolve();
    ck_assert(ST("b")->mounted);
    ck_assert_int_eq(FU("b")->formation, VL_FORM_LINE);
    expect_anchor("b", 48 + HW / 2, 35);
}
END_TEST

/* A square has no flanks: mounted cavalry A facing 90 at (36.031, 21.969) (x in [34.06, 36.03], y in [18.03,
 * 25.91]) charges east into the west side of square B ((48, 20) facing 180, one base wide: x in [46.03, 49.97],
 * y in [20, 23.94]),
 * which for a line facing 180 would be its right flank. It strikes the front: A tests at -2 (square) and
 * no +2 (5 + 4 - 2 = 7 passes), and fights 3 <> 3 with no +3. */
START_TEST(gor_form_4_square_has_no_flanks)
{
    tu_sb_unit("a", "union", "cavalry", "line", 48 - HW / 2 - 10, 20 + D, 90, NULL);
    SQUARE("b", "csa", 48, 20, 180);
    build();
    to_charge();
    ck_assert_near(gap("a", "b"), 10, 1e-6);
    charge("a", "b");
    ROLL(5, 4, 1, 1);
    roll_sixes(3, 0);
    roll_sixes(3, 0);
    resolve();
    expect_morale(must_roll("GOR-CHG-3", "a", 0), 5, 4, -2, 7);
    ck_assert(has_event("GOR-CHG-4", "front"));
    ck_assert_int_eq(must_roll("GOR-CC-2", "a", 0)->ndice, 3);
    ck_assert_int_eq(must_roll("GOR-CC-2", "b", 0)->ndice, 3);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("game_combat");
    TCase *tc = tcase_create("charge");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_chg_1_declaration_refused_with_reasons_for_ineligible_units);
    tcase_add_test(tc, gor_chg_1_unit_that_fired_cannot_charge);
    tcase_add_test(tc, gor_chg_1_no_charge_on_consecutive_turns);
    tcase_add_test(tc, gor_chg_2_must_reach_with_the_charge_move);
    tcase_add_test(tc, gor_chg_3_charger_passes_and_charges_to_contact);
    tcase_add_test(tc, gor_chg_3_charger_fails_half_move_no_closer_than_3_in);
    tcase_add_test(tc, gor_chg_3_charger_fails_half_of_the_charge_move);
    tcase_add_test(tc, gor_chg_5_supports_move_up_and_count_as_rear_support);
    tcase_add_test(tc, gor_chg_5_supports_follow_a_half_charge);
    tcase_add_test(tc, gor_chg_5_support_must_be_same_type_and_in_command);
    tcase_add_test(tc, gor_mor_3_charging_a_flank_plus_2);
    tcase_add_test(tc, gor_mor_3_charging_the_rear_plus_2);
    tcase_add_test(tc, gor_mor_3_charging_routers_plus_2);
    tcase_add_test(tc, gor_mor_3_charging_skirmishers_plus_1);
    tcase_add_test(tc, gor_mor_3_charging_dismounted_cavalry_plus_1);
    tcase_add_test(tc, gor_mor_3_charging_a_unit_in_cover_minus_1);
    tcase_add_test(tc, gor_mor_3_cavalry_charging_a_square_minus_2);
    suite_add_tcase(s, tc);

    tc = tcase_create("receive");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_chg_6_defender_fails_no_fire_and_1_hit);
    tcase_add_test(tc, gor_chg_6_defender_passes_free_short_range_fire);
    tcase_add_test(tc, gor_chg_6_free_fire_consequences_apply_at_once);
    tcase_add_test(tc, gor_chg_7_cavalry_charged_by_infantry_falls_back_a_full_move);
    tcase_add_test(tc, gor_chg_7_by_default_cavalry_stands_and_tests);
    tcase_add_test(tc, gor_chg_7_not_when_charged_by_cavalry);
    tcase_add_test(tc, gor_chg_8_skirmishers_pass_fall_back_10_in);
    tcase_add_test(tc, gor_chg_8_skirmishers_pass_may_stand_and_fire);
    tcase_add_test(tc, gor_chg_8_skirmishers_fail_by_1_or_2_fall_back_and_1_hit);
    tcase_add_test(tc, gor_chg_8_skirmishers_fail_by_3_stay_and_2_hits);
    tcase_add_test(tc, gor_chg_9_infantry_passes_and_forms_square_at_declaration);
    tcase_add_test(tc, gor_chg_9_infantry_fails_stays_in_line_and_loses_its_fire);
    tcase_add_test(tc, gor_chg_9_no_square_without_the_standing_order);
    suite_add_tcase(s, tc);

    tc = tcase_create("close_combat");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_cc_1_one_combat_per_target_extra_charger_plus_2);
    tcase_add_test(tc, gor_cc_1_each_extra_charger_plus_2);
    tcase_add_test(tc, gor_cc_1_defender_engaged_in_its_own_combat_does_not_support);
    tcase_add_loop_test(tc, gor_cc_2_dice_table_and_6s_hit, 0, (int)(sizeof CC2 / sizeof CC2[0]));
    tcase_add_test(tc, gor_cc_3_rear_support_plus_3);
    tcase_add_test(tc, gor_cc_3_extra_unengaged_supporter_plus_2);
    tcase_add_test(tc, gor_cc_3_flank_attack_plus_3);
    tcase_add_test(tc, gor_cc_3_against_skirmishers_plus_3);
    tcase_add_test(tc, gor_cc_3_attacker_minus_2_light_minus_3_heavy_cover);
    tcase_add_test(tc, gor_cc_3_cover_just_in_front_of_the_defender_still_counts);
    tcase_add_test(tc, gor_cc_4_loser_passes_no_effect);
    tcase_add_test(tc, gor_mor_4_loser_tests_at_minus_1);
    tcase_add_test(tc, gor_cc_4_fail_by_1_one_more_hit);
    tcase_add_test(tc, gor_cc_4_fail_by_2_or_3_retires_a_charge_move);
    tcase_add_test(tc, gor_cc_4_fail_by_4_routs_a_charge_move);
    tcase_add_test(tc, gor_rout_1_routed_from_the_rear_runs_away_from_the_enemy);
    tcase_add_test(tc, gor_rout_1_routed_from_a_flank_turns_away_from_the_enemy);
    tcase_add_test(tc, gor_follow_1_a_friend_in_a_routers_way_goes_back_with_it);
    tcase_add_test(tc, gor_cc_4_skirmishers_failing_by_1_take_2_hits);
    tcase_add_test(tc, gor_cc_4_unlimbered_artillery_destroyed_on_fail_by_2_or_more);
    tcase_add_test(tc, gor_cc_4_equal_hits_no_test);
    tcase_add_test(tc, gor_cc_4_charger_that_loses_tests_and_retires);
    tcase_add_test(tc, gor_cc_5_unit_behind_the_loser_falls_back_with_it_and_1_hit);
    tcase_add_test(tc, gor_cc_5_supporting_unit_falls_back_with_the_charger);
    tcase_add_test(tc, gor_follow_1_example_f_unit_behind_falls_back_the_same_distance);
    tcase_add_test(tc, gor_follow_1_unit_behind_a_router_falls_back_too);
    tcase_add_test(tc, gor_follow_1_unit_behind_forced_back_skirmishers_falls_back_too);
    tcase_add_test(tc, gor_cc_6_equal_hits_the_charger_falls_back_4_in);
    tcase_add_test(tc, gor_cc_6_more_hits_falls_back_4_in);
    tcase_add_test(tc, gor_cc_6_supports_fall_back_the_same_distance);
    tcase_add_test(tc, gor_cc_6_unit_struck_in_the_flank_falls_back_4_in);
    suite_add_tcase(s, tc);

    tc = tcase_create("commanders_and_formations");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_cmdr_1_commander_survives_on_10);
    tcase_add_test(tc, gor_cmdr_1_commander_removed_on_11);
    tcase_add_test(tc, gor_cc_6_command_base_behind_does_not_stop_the_fall_back);
    tcase_add_test(tc, gor_follow_1_command_base_behind_a_retiring_unit_stays);
    tcase_add_test(tc, gor_cmdr_1_plus_2_when_the_unit_takes_2_hits);
    tcase_add_test(tc, gor_cmdr_1_plus_2_against_mounted_cavalry);
    tcase_add_test(tc, gor_cmd_3_killed_commander_hits_brigade_and_is_replaced_next_rally);
    tcase_add_test(tc, gor_cav_1_dismounted_cavalry_forced_back_remounts);
    tcase_add_test(tc, gor_cav_1_dismounted_cavalry_retiring_from_combat_remounts);
    tcase_add_test(tc, gor_form_4_square_has_no_flanks);
    suite_add_tcase(s, tc);

    return tu_run(s);
}
