/* The odds the previews show (src/rules/prospects.c) against the game that rolls them.
 *
 * Every figure is checked against the game itself, not against a hand computation: the level,
 * modifier and score needed of a morale test against the game's dice log for the same situation
 * (VlDiceRoll.modifier and .need, need = level + 1), the chance a test passes against the share of
 * the 36 equally likely 2D6 throws, injected one by one into fresh games, for which the game's roll
 * says "passes", the chance of a close combat against the share of those games that roll one, the
 * close combat and fire dice against the dice the game rolls, and the HITs expected of a shot
 * against the mean HITs the game gives over the six faces. Each test names its clause.
 *
 * Situations (as tests/test_game_combat.c, whose geometry notes apply): the duel, Union A at (48, 10)
 * facing 0 and Confederate B at (48, 20) facing 180, every unit seasoned (level 6) unless said. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HW TU_INF_W
#define D TU_INF_D

static struct {
    VlScenario s;
    VlGame *g;
    bool loaded;
    int csa_reactions; /* the Confederates' standing orders, set in their turn first; -1: the default */
} fx;

#define INF(id, side, x, y, f) tu_sb_unit(id, side, "infantry", "line", x, y, f, NULL)
#define CAV(id, side, x, y, f) tu_sb_unit(id, side, "cavalry", "line", x, y, f, NULL)

static void game_free(void)
{
    if (fx.g)
        vl_game_destroy(fx.g);
    fx.g = NULL;
}

static void setup(void)
{
    memset(&fx, 0, sizeof fx);
    fx.csa_reactions = -1;
    tu_sb_begin("prospects test", 96, 48);
}

static void teardown(void)
{
    game_free();
    if (fx.loaded)
        vl_scenario_free(&fx.s);
}

static void inject2(int a, int b)
{
    int f[2] = {a, b};
    vl_game_inject_dice(fx.g, f, 2);
}

static void end_phase(void)
{
    VlCommand c = {.kind = VL_CMD_END_PHASE};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, NULL), VL_OK);
}

static int U(const char *id)
{
    int i = vl_scenario_find_unit(&fx.s, id);
    ck_assert_msg(i >= 0, "no unit %s", id);
    return i;
}

/* A fresh game from the scenario, at the Union's artillery phase (the Confederates, when they have
 * standing orders to set, move first and set them), seed @p seed. */
static void new_game(uint64_t seed)
{
    game_free();
    fx.g = vl_game_create(&fx.s, seed, NULL);
    ck_assert_ptr_nonnull(fx.g);
    inject2(3, 4); /* the events roll: the scenario has no events */
    vl_game_start(fx.g);
    if (fx.csa_reactions >= 0) {
        VlCommand c = {.kind = VL_CMD_REACTIONS, .reactions = (unsigned)fx.csa_reactions};
        ck_assert_int_eq(vl_game_apply(fx.g, &c, NULL), VL_OK);
        for (int i = 0; i < 5; i++)
            end_phase();
    }
    ck_assert_int_eq(vl_game_active_side(fx.g), 0);
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_ARTILLERY);
}

static void build(void)
{
    if (fx.csa_reactions >= 0)
        tu_sb_member("\"first_side\":\"csa\"");
    tu_sb_load(&fx.s);
    fx.loaded = true;
    new_game(1);
}

static VlWorld *W(void) { return tu_world(fx.g); }

static void to_charge(void)
{
    end_phase();
    end_phase();
    ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_CHARGE);
}

/* The standing orders the game holds for the Confederates, as the screen passes them. */
static VlReactionOrders csa_orders(void)
{
    unsigned r = fx.csa_reactions >= 0 ? (unsigned)fx.csa_reactions : VL_REACT_DEFAULT;
    return (VlReactionOrders){(r & VL_REACT_SQUARE) != 0, (r & VL_REACT_SKIRMISH_BACK) != 0, (r & VL_REACT_CAVALRY_BACK) != 0};
}

/* The prospect of a's charge at b as the screen asks for it, now (before the declaration). */
static void prospect(const char *a, const char *b, VlChargeProspect *p)
{
    VlChargeOrder o = {U(a), U(b), VL_RULES_GOR, true, VL_PRE_NONE, 0, 0, false};
    VlChargeVerdict v;
    vl_resolve_charge(W(), &o, &v);
    ck_assert_msg(v.legal, "the charge of %s at %s is not legal", a, b);
    vl_charge_prospect(W(), &v, csa_orders(), p);
}

static void declare(const char *a, const char *b)
{
    VlCommand c = {.kind = VL_CMD_CHARGE, .unit = U(a), .target = U(b), .choose_path = true};
    VlReasons why = {0};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, &why), VL_OK);
}

static const VlDiceRoll *find_roll(const char *clause, int unit)
{
    int n;
    const VlDiceRoll *r = vl_game_dice(fx.g, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(r[i].clause, clause) == 0 && (unit < 0 || r[i].unit == unit))
            return &r[i];
    return NULL;
}

/* One game of a's charge at b: @p npre dice first (tests thrown before the one watched), then d1, d2,
 * then the seeded dice. The charge is resolved. */
static void play(const char *a, const char *b, const int *pre, int npre, int d1, int d2, uint64_t seed)
{
    new_game(seed);
    to_charge();
    if (npre)
        vl_game_inject_dice(fx.g, pre, npre);
    inject2(d1, d2);
    declare(a, b);
    end_phase();
}

/* The game's roll under @p clause for @p tester must have the prospect's modifier and need. */
static void expect_test(const VlDiceRoll *r, const VlMoraleProspect *m, const char *clause)
{
    ck_assert_msg(r != NULL, "the game rolled no %s test", clause);
    ck_assert_str_eq(m->clause, clause);
    ck_assert_msg(r->modifier == m->modifier, "%s: the game tests at %+d, the prospect says %+d (%s)", clause, r->modifier,
                  m->modifier, m->why);
    ck_assert_int_eq(r->need, m->level + 1);
}

/* Over the 36 throws of the watched test: the share the game passes, checking each roll against the
 * prospect; *fought gets the share of games with a close combat. */
static double pass_share(const char *a, const char *b, const int *pre, int npre, const char *clause, const char *tester,
                         const VlMoraleProspect *m, double *fought)
{
    int passes = 0, fights = 0;
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = 1; d2 <= 6; d2++) {
            play(a, b, pre, npre, d1, d2, (uint64_t)(100 + 6 * d1 + d2));
            const VlDiceRoll *r = find_roll(clause, U(tester));
            expect_test(r, m, clause);
            ck_assert_int_eq(r->dice[0], d1);
            ck_assert_int_eq(r->dice[1], d2);
            passes += strstr(r->result, "passes") != NULL;
            fights += find_roll("GOR-CC-2", U(a)) != NULL;
        }
    if (fought)
        *fought = fights / 36.0;
    return passes / 36.0;
}

#define EXACT 1e-12

/* The share of @p n seeded games of a's charge at b, a passing its test (6 + 6) and every later die
 * the game's own, with a close combat. */
static double fight_share(const char *a, const char *b, int n)
{
    int fights = 0;
    for (int i = 0; i < n; i++) {
        new_game((uint64_t)(5000 + i));
        to_charge();
        inject2(6, 6);
        declare(a, b);
        end_phase();
        fights += find_roll("GOR-CC-2", U(a)) != NULL;
    }
    return fights / (double)n;
}
/* Seeded games for a share, and the tolerance: four standard deviations of a share near 1/2. */
#define GAMES 1600
#define SHARE_TOL (4 * 0.5 / 40.0)

/* ======================================================================================
 * GOR-CHG-3, GOR-MOR-1: the charger's test
 * ====================================================================================== */

/* Frontal duel, both seasoned: level 6, no modifier, needs 7 on 2D6: 21 of 36. */
START_TEST(gor_chg_3_frontal_charger_test_and_its_chance)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    ck_assert_int_eq(p.charger.level, 6);
    ck_assert_int_eq(p.charger.modifier, 0);
    ck_assert_int_eq(p.charger.need, 7);
    double share = pass_share("a", "b", NULL, 0, "GOR-CHG-3", "a", &p.charger, NULL);
    ck_assert_near(p.charger.pass, share, EXACT);
    ck_assert_near(share, 21.0 / 36, EXACT);
}
END_TEST

/* GOR-MOR-3: a flank charge, +2 (B faces 90, its right flank straight ahead of A); A raw (level 7).
 * Needs 6: 26 of 36. */
START_TEST(gor_mor_3_flank_charge_plus_2_raw_charger)
{
    tu_sb_unit_as("a", "union", "infantry", "line", NULL, "raw", 48, 10, 0, NULL);
    INF("b", "csa", 49, 20 + HW, 90);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    ck_assert_int_eq(p.face, VL_FACE_RIGHT);
    ck_assert_int_eq(p.charger.level, 7);
    ck_assert_int_eq(p.charger.extra, 2);
    ck_assert_int_eq(p.charger.need, 6);
    double share = pass_share("a", "b", NULL, 0, "GOR-CHG-3", "a", &p.charger, NULL);
    ck_assert_near(p.charger.pass, share, EXACT);
}
END_TEST

/* GOR-MOR-2, GOR-MOR-3: A with 2 HITs (-1) charges B in woods (-1 cover): -2, needs 9: 10 of 36. */
START_TEST(gor_mor_2_hits_and_cover_minus_2)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 18, 180);
    tu_sb_rect("wood", "woods", NULL, 40, 17.5, 56, 24);
    build();
    to_charge();
    W()->units[U("a")].hits = 2;
    VlChargeProspect p;
    prospect("a", "b", &p);
    ck_assert_int_eq(p.charger.standard, -1);
    ck_assert_int_eq(p.charger.extra, -1);
    ck_assert_int_eq(p.charger.need, 9);
    /* Each fresh game needs the HITs again: play by hand. */
    int passes = 0;
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = 1; d2 <= 6; d2++) {
            new_game((uint64_t)(200 + 6 * d1 + d2));
            to_charge();
            W()->units[U("a")].hits = 2;
            inject2(d1, d2);
            declare("a", "b");
            end_phase();
            const VlDiceRoll *r = find_roll("GOR-CHG-3", U("a"));
            expect_test(r, &p.charger, "GOR-CHG-3");
            passes += strstr(r->result, "passes") != NULL;
        }
    ck_assert_near(p.charger.pass, passes / 36.0, EXACT);
    ck_assert_near(p.charger.pass, 10.0 / 36, EXACT);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-6: the defender stands and tests on contact
 * ====================================================================================== */

/* A passes (6 + 6); B tests at its level with its standard modifiers: 21 of 36. It always fights. */
START_TEST(gor_chg_6_defender_stands_test_and_its_chance)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    ck_assert_int_eq(p.reception, VL_RECEPTION_STANDS);
    ck_assert(p.defender.taken);
    const int pre[2] = {6, 6};
    double share = pass_share("a", "b", pre, 2, "GOR-CHG-6", "b", &p.defender, NULL);
    ck_assert_near(p.defender.pass, share, EXACT);
}
END_TEST

/* GOR-CHG-6 with GOR-FIRE-5: B passes (6 + 6) and fires at short range; A, fired on for the first
 * time, tests and falls back out of contact if it fails. The free fire's dice and score are the
 * game's; the chance A is driven off is, for each count k of hitting dice (injected), the share of
 * A's 36 throws the game fails, weighed by the chance of k hits. The chance of a combat is the share
 * of seeded games with one. */
START_TEST(gor_chg_6_free_fire_and_the_chance_it_drives_the_charger_off)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    int n = p.free_fire.dice;
    ck_assert_int_gt(n, 0);
    double q = p.free_fire.p_hit, off = 0;
    for (int k = 0; k <= n; k++) {
        int fails = 0;
        for (int d1 = 1; d1 <= 6; d1++)
            for (int d2 = 1; d2 <= 6; d2++) {
                new_game((uint64_t)(400 + 36 * k + 6 * d1 + d2));
                to_charge();
                int pre[4 + 24 + 2] = {6, 6, 6, 6}, m = 4;
                for (int i = 0; i < n; i++)
                    pre[m++] = i < k ? 6 : 1;
                pre[m++] = d1;
                pre[m++] = d2;
                vl_game_inject_dice(fx.g, pre, m);
                declare("a", "b");
                end_phase();
                const VlDiceRoll *f = find_roll("GOR-CHG-6", U("b"));
                ck_assert_ptr_nonnull(f);
                f++; /* the free fire follows the test */
                ck_assert_str_eq(f->clause, "GOR-CHG-6");
                ck_assert_int_eq(f->ndice, n);
                ck_assert_int_eq(f->need, p.free_fire.hit_on);
                const VlDiceRoll *t = find_roll("GOR-FIRE-5", U("a"));
                ck_assert_ptr_nonnull(t);
                fails += strstr(t->result, "passes") == NULL;
                ck_assert_int_eq(find_roll("GOR-CC-2", U("a")) != NULL, strstr(t->result, "passes") != NULL);
            }
        double ways = 1;
        for (int i = 0; i < k; i++)
            ways = ways * (n - i) / (i + 1);
        off += ways * pow(q, k) * pow(1 - q, n - k) * fails / 36.0;
    }
    ck_assert_near(p.p_driven_off, off, EXACT);
    ck_assert_near(p.p_fight, 1 - p.defender.pass * p.p_driven_off, EXACT);
    ck_assert_near(p.p_fight, fight_share("a", "b", GAMES), SHARE_TOL);
}
END_TEST

/* The flank charge: B struck in its right flank tests as the prospect says (its flanks judged on the
 * table as it stands). */
START_TEST(gor_chg_6_defender_struck_in_the_flank)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 49, 20 + HW, 90);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    const int pre[2] = {6, 6};
    double share = pass_share("a", "b", pre, 2, "GOR-CHG-6", "b", &p.defender, NULL);
    ck_assert_near(p.defender.pass, share, EXACT);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-9: infantry charged by mounted cavalry tries to form square
 * ====================================================================================== */

/* The square test at the declaration (GOR-CHG-9): its chance is the game's share; the charger then
 * tests with -2 once the square stands (GOR-MOR-3), and without it when the attempt failed. */
START_TEST(gor_chg_9_square_test_and_the_charger_either_way)
{
    CAV("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    ck_assert_int_eq(p.reception, VL_RECEPTION_SQUARE);
    ck_assert_str_eq(p.defender.clause, "GOR-CHG-9");
    ck_assert_int_eq(p.charger_if_square.extra, p.charger.extra - 2);
    ck_assert_str_eq(p.defender_if_failed.clause, "GOR-CHG-6");
    int passes = 0;
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = 1; d2 <= 6; d2++) {
            play("a", "b", NULL, 0, d1, d2, (uint64_t)(300 + 6 * d1 + d2));
            const VlDiceRoll *r = find_roll("GOR-CHG-9", U("b"));
            expect_test(r, &p.defender, "GOR-CHG-9");
            bool pass = strstr(r->result, "passes") != NULL;
            passes += pass;
            const VlDiceRoll *c = find_roll("GOR-CHG-3", U("a"));
            expect_test(c, pass ? &p.charger_if_square : &p.charger, "GOR-CHG-3");
        }
    ck_assert_near(p.defender.pass, passes / 36.0, EXACT);
}
END_TEST

/* The close combat either way: against the square (6 + 6 for it, then A passes 6 + 6) 3 v 3, and
 * against the line that failed (1 + 1; A 6 + 6; B's own test 6 + 6) 7 v 3, as GOR-CC-2 rolls them. */
START_TEST(gor_cc_2_dice_against_the_square_or_the_line)
{
    CAV("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    const int formed[2] = {6, 6}, failed[2] = {1, 1};
    play("a", "b", formed, 2, 6, 6, 7);
    ck_assert_int_eq(find_roll("GOR-CC-2", U("a"))->ndice, p.cc_if_square.att);
    ck_assert_int_eq(find_roll("GOR-CC-2", U("b"))->ndice, p.cc_if_square.def);
    ck_assert_int_eq(p.cc_if_square.att, 3);
    const int pre[4] = {1, 1, 6, 6};
    play("a", "b", pre, 4, 6, 6, 8);
    (void)failed;
    ck_assert_int_eq(find_roll("GOR-CC-2", U("a"))->ndice, p.cc.att);
    ck_assert_int_eq(find_roll("GOR-CC-2", U("b"))->ndice, p.cc.def);
    ck_assert_int_eq(p.cc.att, 7);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-8: skirmishers
 * ====================================================================================== */

/* Skirmishers by the default order fall back when they pass; they fight only when they fail by 3 or
 * more: the test's chance and the chance of a combat are the game's shares. */
START_TEST(gor_chg_8_skirmishers_test_and_the_chance_they_fight)
{
    INF("a", "union", 48, 10, 0);
    tu_sb_unit("b", "csa", "infantry", "skirmish", 48, 20, 180, NULL);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    ck_assert_int_eq(p.reception, VL_RECEPTION_SKIRMISHERS);
    ck_assert(p.skirmish_back);
    ck_assert_int_eq(p.skirmish_stay_by, 3);
    const int pre[2] = {6, 6};
    double fought;
    double share = pass_share("a", "b", pre, 2, "GOR-CHG-8", "b", &p.defender, &fought);
    ck_assert_near(p.defender.pass, share, EXACT);
    ck_assert_near(p.p_fight, fought, EXACT);
    ck_assert(p.p_fight > 0 && p.p_fight < p.defender.pass);
}
END_TEST

/* Without the order they stand and fire when they pass: they fight then too, unless their fire
 * drives the charger off (GOR-FIRE-5); the chance of a combat is the share of seeded games. */
START_TEST(gor_chg_8_skirmishers_that_stand_fight_when_they_pass)
{
    fx.csa_reactions = VL_REACT_SQUARE;
    INF("a", "union", 48, 10, 0);
    tu_sb_unit("b", "csa", "infantry", "skirmish", 48, 20, 180, NULL);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    ck_assert(!p.skirmish_back);
    const int pre[2] = {6, 6};
    pass_share("a", "b", pre, 2, "GOR-CHG-8", "b", &p.defender, NULL);
    ck_assert_int_gt(p.free_fire.dice, 0);
    ck_assert_near(p.p_fight, fight_share("a", "b", GAMES), SHARE_TOL);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-7: mounted cavalry charged by infantry falls back by order
 * ====================================================================================== */

START_TEST(gor_chg_7_cavalry_falls_back_no_test_no_combat)
{
    fx.csa_reactions = VL_REACT_DEFAULT | VL_REACT_CAVALRY_BACK;
    INF("a", "union", 48, 10, 0);
    CAV("b", "csa", 48, 20, 180);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    ck_assert_int_eq(p.reception, VL_RECEPTION_FALLS_BACK);
    ck_assert(!p.defender.taken);
    ck_assert_near(p.p_fight, 0, EXACT);
    play("a", "b", NULL, 0, 6, 6, 9);
    ck_assert_ptr_null(find_roll("GOR-CHG-6", U("b")));
    ck_assert_ptr_null(find_roll("GOR-CC-2", -1));
}
END_TEST

/* ======================================================================================
 * GOR-CC-2, GOR-CC-3: the close combat dice with a supporter moving up
 * ====================================================================================== */

/* Brigade ub (commander ug): C behind A supports (GOR-CHG-5) and moves up: +3 rear support, 9 v 3. */
START_TEST(gor_cc_3_supported_charge_dice_as_rolled)
{
    tu_sb_brigade("ub", "union", "ub", "ug");
    tu_sb_unit("a", "union", "infantry", "line", 48, 10, 0, "\"brigade\":\"ub\"");
    tu_sb_unit("c", "union", "infantry", "line", 48, 6, 0, "\"brigade\":\"ub\"");
    tu_sb_unit("ug", "union", "general", NULL, 53, 13, 0, "\"brigade\":\"ub\"");
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    ck_assert_int_eq(p.cc.att, 9);
    const int pre[2] = {6, 6};
    play("a", "b", pre, 2, 6, 6, 10); /* A passes, B passes */
    ck_assert_int_eq(find_roll("GOR-CC-2", U("a"))->ndice, p.cc.att);
    ck_assert_int_eq(find_roll("GOR-CC-2", U("b"))->ndice, p.cc.def);
}
END_TEST

/* The same with C in column (GOR-FORM-3: columns give no support): the dice are the game's. */
START_TEST(gor_cc_3_supporter_in_column_dice_as_rolled)
{
    tu_sb_brigade("ub", "union", "ub", "ug");
    tu_sb_unit("a", "union", "infantry", "line", 48, 10, 0, "\"brigade\":\"ub\"");
    tu_sb_unit("c", "union", "infantry", "column", 48, 6, 0, "\"brigade\":\"ub\"");
    tu_sb_unit("ug", "union", "general", NULL, 53, 13, 0, "\"brigade\":\"ub\"");
    INF("b", "csa", 48, 20, 180);
    build();
    to_charge();
    VlChargeProspect p;
    prospect("a", "b", &p);
    const int pre[2] = {6, 6};
    play("a", "b", pre, 2, 6, 6, 10);
    ck_assert_int_eq(find_roll("GOR-CC-2", U("a"))->ndice, p.cc.att);
    ck_assert_int_eq(find_roll("GOR-CC-2", U("b"))->ndice, p.cc.def);
}
END_TEST

/* ======================================================================================
 * GOR-FIRE-2, GOR-FIRE-4, GOR-ART-3: the dice of a shot, the score needed, the HITs expected
 * ====================================================================================== */

/* Fire (@p kind) by a at b with every die showing @p face; the game's roll and b's HITs after. */
static const VlDiceRoll *shoot(VlCommandKind kind, const char *clause, int face, int ndice, int *hits)
{
    new_game(11);
    if (kind == VL_CMD_FIRE)
        end_phase();
    int f[24];
    for (int i = 0; i < ndice; i++)
        f[i] = face;
    vl_game_inject_dice(fx.g, f, ndice);
    inject2(6, 6); /* b's first test under fire (GOR-FIRE-5) passes */
    VlCommand c = {.kind = kind, .unit = U("a"), .target = kind == VL_CMD_ARTILLERY_FIRE ? U("b") : -1};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, NULL), VL_OK);
    *hits = W()->units[U("b")].hits;
    return find_roll(clause, U("a"));
}

/* The prospect's dice and score against the game's roll; its HITs expected against the mean over the
 * six faces of the HITs the game gives. */
static void expect_shot(VlCommandKind kind, const char *clause, int dice, int hit_on)
{
    new_game(11);
    if (kind == VL_CMD_FIRE)
        end_phase();
    VlFireProspect fp;
    vl_fire_prospect(W(), U("a"), U("b"), kind == VL_CMD_ARTILLERY_FIRE, &fp);
    ck_assert_int_eq(fp.target, U("b"));
    ck_assert_int_eq(fp.dice, dice);
    ck_assert_int_eq(fp.hit_on, hit_on);
    double sum = 0;
    for (int face = 1; face <= 6; face++) {
        int hits;
        const VlDiceRoll *r = shoot(kind, clause, face, fp.dice, &hits);
        ck_assert_ptr_nonnull(r);
        ck_assert_str_eq(r->clause, clause);
        ck_assert_int_eq(r->ndice, fp.dice);
        ck_assert_int_eq(r->need, fp.hit_on);
        sum += hits;
    }
    ck_assert_near(fp.expected, sum / 6, EXACT);
    ck_assert_near(fp.p_hit * fp.dice, fp.expected, EXACT);
}

/* GOR-FIRE-2: a rifled line at 5 in: 4 dice, 6s hit. */
START_TEST(gor_fire_2_small_arms_dice_score_and_hits_expected)
{
    INF("a", "union", 48, 10, 0);
    INF("b", "csa", 48, 15, 180);
    build();
    expect_shot(VL_CMD_FIRE, "GOR-FIRE-2", 4, 6);
}
END_TEST

/* GOR-FIRE-4: breech-loaders hit on 5s and 6s. */
START_TEST(gor_fire_4_breech_loaders_hit_on_5)
{
    tu_sb_unit_as("a", "union", "infantry", "line", "breechloader", "seasoned", 48, 10, 0, NULL);
    INF("b", "csa", 48, 15, 180);
    build();
    VlFireProspect fp;
    vl_fire_prospect(W(), U("a"), U("b"), false, &fp);
    expect_shot(VL_CMD_FIRE, "GOR-FIRE-4", fp.dice, 5);
}
END_TEST

/* GOR-ART-3: a battery at 10 in, open: 6 dice, 6s hit. */
START_TEST(gor_art_3_battery_dice_score_and_hits_expected)
{
    tu_sb_unit("a", "union", "artillery", "unlimbered", 48, 10, 0, NULL);
    INF("b", "csa", 48, 20, 180);
    build();
    expect_shot(VL_CMD_ARTILLERY_FIRE, "GOR-ART-3", 6, 6);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("prospects");
    TCase *tc = tcase_create("charge");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_chg_3_frontal_charger_test_and_its_chance);
    tcase_add_test(tc, gor_mor_3_flank_charge_plus_2_raw_charger);
    tcase_add_test(tc, gor_mor_2_hits_and_cover_minus_2);
    tcase_add_test(tc, gor_chg_6_defender_stands_test_and_its_chance);
    tcase_add_test(tc, gor_chg_6_defender_struck_in_the_flank);
    tcase_add_test(tc, gor_chg_6_free_fire_and_the_chance_it_drives_the_charger_off);
    tcase_add_test(tc, gor_chg_9_square_test_and_the_charger_either_way);
    tcase_add_test(tc, gor_cc_2_dice_against_the_square_or_the_line);
    tcase_add_test(tc, gor_chg_8_skirmishers_test_and_the_chance_they_fight);
    tcase_add_test(tc, gor_chg_8_skirmishers_that_stand_fight_when_they_pass);
    tcase_add_test(tc, gor_chg_7_cavalry_falls_back_no_test_no_combat);
    tcase_add_test(tc, gor_cc_3_supported_charge_dice_as_rolled);
    tcase_add_test(tc, gor_cc_3_supporter_in_column_dice_as_rolled);
    suite_add_tcase(s, tc);
    TCase *tf = tcase_create("fire");
    tcase_add_checked_fixture(tf, setup, teardown);
    tcase_add_test(tf, gor_fire_2_small_arms_dice_score_and_hits_expected);
    tcase_add_test(tf, gor_fire_4_breech_loaders_hit_on_5);
    tcase_add_test(tf, gor_art_3_battery_dice_score_and_hits_expected);
    suite_add_tcase(s, tf);
    return s;
}

int main(void) { return tu_run(suite()); }
