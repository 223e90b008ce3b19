/* A player turn's summary (src/game/summary.c, include/volley/summary.h), on games scripted with
 * fixed dice: the lines it gives and their words, units and objectives by their names.
 *
 * The situation is test_game_combat.c's duel: the Union line "1st Minnesota" at (48, 10) facing 0,
 * the Confederate line "8th Georgia" at (48, 20) facing 180, 10 in apart; an objective, the
 * "Stone Wall", at (48, 22) with radius 3, which the Georgians hold at the start. Dice in throw order:
 * the events roll 3 + 4 (nothing), the charger's test (GOR-CHG-3), the target's test on receiving it
 * and its free fire (GOR-CHG-6), the close-combat dice of each side (GOR-CC-2), the loser's test
 * (GOR-CC-4). Two more Confederate lines stand far off, so that one rout does not break the army. */
#include "testutil.h"

#include <string.h>

static struct {
    VlScenario s;
    VlGame *g, *start;
} fx;

static void roll(int n, const int *faces) { vl_game_inject_dice(fx.g, faces, n); }
#define ROLL(...)                                                                                                    \
    do {                                                                                                             \
        const int f_[] = {__VA_ARGS__};                                                                              \
        roll((int)(sizeof f_ / sizeof f_[0]), f_);                                                                   \
    } while (0)
static void sixes(int n, int k)
{
    for (int i = 0; i < n; i++)
        ROLL(i < k ? 6 : 1);
}

static int U(const char *id)
{
    int i = vl_scenario_find_unit(&fx.s, id);
    ck_assert_msg(i >= 0, "no unit %s", id);
    return i;
}

static void end_phase(void)
{
    VlCommand c = {.kind = VL_CMD_END_PHASE};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, NULL), VL_OK);
}

static void build(void)
{
    tu_sb_begin("summary test", 96, 48);
    tu_sb_side_names("Union", "Confederate");
    tu_sb_unit("a", "union", "infantry", "line", 48, 10, 0, "\"name\":\"1st Minnesota\"");
    tu_sb_unit("b", "csa", "infantry", "line", 48, 20, 180, "\"name\":\"8th Georgia\"");
    /* Two more Confederate lines far off, so that one rout does not break the army (50%). */
    tu_sb_unit("c", "csa", "infantry", "line", 10, 40, 180, "\"name\":\"2nd Georgia\"");
    tu_sb_unit("d", "csa", "infantry", "line", 86, 40, 180, "\"name\":\"3rd Georgia\"");
    tu_sb_victory("{\"turns\":5,\"objectives\":[{\"id\":\"o_wall\",\"name\":\"Stone Wall\",\"position\":[48,22],"
                  "\"radius\":3,\"points\":2}]}");
    tu_sb_load(&fx.s);
    fx.g = vl_game_create(&fx.s, 7, NULL);
    ck_assert_ptr_nonnull(fx.g);
    ROLL(3, 4);
    vl_game_start(fx.g);
    fx.start = vl_game_clone(fx.g);
    ck_assert_int_eq(vl_game_active_side(fx.g), 0);
    ck_assert_int_eq(vl_objective_holder(vl_game_world_const(fx.g), 0), 1);
    tu_world(fx.g)->units[U("a")].fired_on = true; /* no fire test for the charger (GOR-FIRE-5) */
    end_phase();                                    /* artillery */
    end_phase();                                    /* fire */
    VlCommand c = {.kind = VL_CMD_CHARGE, .unit = U("a"), .target = U("b"), .choose_path = true};
    ck_assert_int_eq(vl_game_apply(fx.g, &c, NULL), VL_OK);
}

/* Play out the rest of the Union's player turn. */
static void finish_turn(void)
{
    for (int i = 0; i < 8 && vl_game_active_side(fx.g) == 0; i++)
        end_phase();
    ck_assert_int_eq(vl_game_active_side(fx.g), 1);
    ck_assert_int_eq(vl_game_injected_left(fx.g), 0);
}

static void teardown(void)
{
    vl_game_destroy(fx.g);
    vl_game_destroy(fx.start);
    vl_scenario_free(&fx.s);
    memset(&fx, 0, sizeof fx);
}

static void expect_lines(const VlTurnSummary *sum, const char *const *want, int n)
{
    char got[2048] = "";
    for (int i = 0; i < sum->n; i++) {
        char line[300];
        vl_summary_line_text(&fx.s, sum, i, line, sizeof line);
        tu_appendf(got, sizeof got, "%s\n", line);
    }
    char exp[2048] = "";
    for (int i = 0; i < n; i++)
        tu_appendf(exp, sizeof exp, "%s\n", want[i]);
    ck_assert_str_eq(got, exp);
}

/* The Minnesotans charge home (4 + 4 passes); the Georgians pass (4 + 4) and fire 1 1 1 1 (no HIT).
 * Melee: 6 dice with two 6s against 3 with none: 2 HITs on the Georgians, who test at -2 and throw
 * 2 + 3: fail by 4, rout (GOR-CC-4). The Minnesotans stand where the Georgians stood, within the Stone
 * Wall's 3 in: it changes hands. */
START_TEST(summary_of_a_won_charge_names_losses_rout_and_objective)
{
    build();
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    sixes(6, 2);
    sixes(3, 0);
    ROLL(2, 3);
    finish_turn();
    VlTurnSummary sum;
    vl_summary_between(fx.start, fx.g, &sum);
    ck_assert_int_eq(sum.turn, 1);
    ck_assert_int_eq(sum.side, 0);
    ck_assert_int_eq(sum.hits[1], 2);
    ck_assert_int_eq(sum.hits[0], 0);
    static const char *const want[] = {
        "1st Minnesota charged 8th Georgia: won the melee; the target routed",
        "8th Georgia routed",
        "Stone Wall: taken by the Union",
        "8th Georgia took 2 HITs (now 2)",
    };
    expect_lines(&sum, want, 4);
    ck_assert_int_eq(sum.line[0].kind, VL_SUM_CHARGE);
    ck_assert_int_eq(sum.line[0].outcome, VL_CHARGE_WON);
    ck_assert_int_eq(sum.line[0].unit, U("a"));
    ck_assert_int_eq(sum.line[1].unit, U("b"));
    ck_assert_int_eq(sum.line[2].from, 1);
    ck_assert_int_eq(sum.line[2].to, 0);
    ck_assert_int_eq(sum.line[3].unit, U("b"));
    /* Each line points at where it happened: the charger where it stands, the objective's point. */
    VlBox b = vl_world_unit(vl_game_world_const(fx.g), U("a"))->bounds;
    ck_assert_vec_near(sum.line[0].at, (b.lo.x + b.hi.x) / 2, (b.lo.y + b.hi.y) / 2, 1e-9);
    ck_assert_vec_near(sum.line[2].at, 48, 22, 1e-12);
    char title[200];
    vl_summary_title(&fx.s, &sum, title, sizeof title);
    ck_assert_str_eq(title, "Turn 1, the Union: 2 HITs given, 0 taken");
}
END_TEST

/* The charge test fails (1 + 1): the Minnesotans falter half way; nothing else happens, and the
 * objective stays with the Georgians. */
START_TEST(summary_of_a_faltered_charge)
{
    build();
    ROLL(1, 1);
    finish_turn();
    VlTurnSummary sum;
    vl_summary_between(fx.start, fx.g, &sum);
    static const char *const want[] = {"1st Minnesota charged 8th Georgia: faltered and halted (charge test failed)"};
    expect_lines(&sum, want, 1);
    ck_assert_int_eq(sum.line[0].outcome, VL_CHARGE_FALTERED);
}
END_TEST

/* The same summary from the worlds and the events directly; an empty turn has no lines, and a summary
 * with no room left counts what it left off. */
START_TEST(summary_build_from_worlds_and_events)
{
    build();
    ROLL(4, 4, 4, 4, 1, 1, 1, 1);
    sixes(6, 2);
    sixes(3, 0);
    ROLL(2, 3);
    finish_turn();
    int n0, n1;
    vl_game_events(fx.start, &n0);
    const VlGameEvent *ev = vl_game_events(fx.g, &n1);
    VlTurnSummary sum;
    vl_summary_build(vl_game_world_const(fx.start), vl_game_world_const(fx.g), ev + n0, n1 - n0, 1, 0, &sum);
    ck_assert_int_eq(sum.n, 4);
    ck_assert_int_eq(sum.more, 0);
    vl_summary_build(vl_game_world_const(fx.g), vl_game_world_const(fx.g), ev, 0, 1, 1, &sum);
    ck_assert_int_eq(sum.n, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("summary");
    TCase *tc = tcase_create("summary");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, summary_of_a_won_charge_names_losses_rout_and_objective);
    tcase_add_test(tc, summary_of_a_faltered_charge);
    tcase_add_test(tc, summary_build_from_worlds_and_events);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
