/* Game rules outside fire and combat: attaching independents (GOR-CMD-2) and occupying a terrain
 * feature (GOR-MOVE-6). */
#include "testutil.h"

#include <string.h>

#define HEAD "{\"format\":\"volley-scenario\",\"version\":1,\"name\":\"t\",\"sides\":[{\"id\":\"union\"},{\"id\":\"csa\"}],"

static VlCommand cmd(VlCommandKind k)
{
    VlCommand c;
    memset(&c, 0, sizeof c);
    c.kind = k;
    c.facing = NAN;
    return c;
}

static void end_phases(VlGame *g, int n)
{
    for (int i = 0; i < n; i++) {
        VlCommand e = cmd(VL_CMD_END_PHASE);
        ck_assert_int_eq(vl_game_apply(g, &e, NULL), VL_OK);
    }
}

/* GOR-CMD-2: an independent regiment attached to a brigade in turn 1 counts as of that brigade: in
 * command within 8 in of the brigade's general. Refused later, or for a unit already brigaded. */
START_TEST(gor_cmd_2_attach_independent_in_turn_1)
{
    const char *json = HEAD
        "\"brigades\":[{\"id\":\"b1\",\"side\":\"union\",\"commander\":\"g1\"}],"
        "\"units\":["
        "{\"id\":\"g1\",\"side\":\"union\",\"type\":\"general\",\"position\":[40,10],\"facing\":0,\"quality\":\"veteran\",\"brigade\":\"b1\"},"
        "{\"id\":\"r1\",\"side\":\"union\",\"type\":\"infantry\",\"formation\":\"line\",\"position\":[30,10],\"facing\":0,\"quality\":\"raw\",\"weapon\":\"rifled\",\"brigade\":\"b1\"},"
        "{\"id\":\"ind\",\"side\":\"union\",\"type\":\"infantry\",\"formation\":\"line\",\"position\":[48,10],\"facing\":0,\"quality\":\"raw\",\"weapon\":\"rifled\"},"
        "{\"id\":\"e\",\"side\":\"csa\",\"type\":\"infantry\",\"formation\":\"line\",\"position\":[40,40],\"facing\":180,\"quality\":\"raw\",\"weapon\":\"rifled\"}]}";
    VlScenario s;
    tu_load_ok(json, &s);
    VlGame *g = vl_game_create(&s, 1, NULL);
    VlWorld *w = vl_game_world(g);
    int ind = vl_scenario_find_unit(&s, "ind"), r1 = vl_scenario_find_unit(&s, "r1");
    ck_assert(!vl_world_in_command(w, ind, NULL));
    VlCommand a = cmd(VL_CMD_ATTACH);
    a.unit = r1; /* already of brigade b1 */
    a.target = ind;
    VlReasons why = {0};
    ck_assert_int_ne(vl_game_apply(g, &a, &why), VL_OK);
    ck_assert_str_eq(why.r[0].clause, "GOR-CMD-2");
    a.unit = ind;
    a.target = r1;
    ck_assert_int_eq(vl_game_apply(g, &a, NULL), VL_OK);
    ck_assert_str_eq(vl_world_brigade(w, ind), "b1");
    ck_assert(vl_world_in_command(w, ind, NULL)); /* 48 - 3.937 - (40 + 0.787) = 3.28 in from the general */
    ck_assert(vl_world_same_brigade(w, ind, r1));
    /* Past turn 1 no attaching: play on to turn 2 and try with a fresh game state. */
    end_phases(g, 12);
    ck_assert_int_eq(vl_game_turn(g), 2);
    VlCommand b = cmd(VL_CMD_ATTACH);
    b.unit = ind;
    b.target = r1;
    ck_assert_int_ne(vl_game_apply(g, &b, NULL), VL_OK);
    vl_game_destroy(g);
    vl_scenario_free(&s);
}
END_TEST

/* GOR-MOVE-6: moving to occupy a wood edge 5 in ahead, the regiment stops where its front touches the
 * wood (5 in, not the 8 ordered); next turn it may be placed on the wood within a normal move. */
START_TEST(gor_move_6_occupy_stops_at_first_touch_then_placed)
{
    const char *json = HEAD
        "\"terrain\":[{\"id\":\"w1\",\"type\":\"woods\",\"polygon\":[[20,15],[40,15],[40,25],[20,25]]}],"
        "\"units\":["
        "{\"id\":\"r1\",\"side\":\"union\",\"type\":\"infantry\",\"formation\":\"line\",\"position\":[30,10],\"facing\":0,\"quality\":\"raw\",\"weapon\":\"rifled\"},"
        "{\"id\":\"e\",\"side\":\"csa\",\"type\":\"infantry\",\"formation\":\"line\",\"position\":[80,40],\"facing\":180,\"quality\":\"raw\",\"weapon\":\"rifled\"}]}";
    VlScenario s;
    tu_load_ok(json, &s);
    VlGame *g = vl_game_create(&s, 1, NULL);
    VlWorld *w = vl_game_world(g);
    int r1 = vl_scenario_find_unit(&s, "r1");
    /* The resolver alone. */
    VlMoveOrder o;
    memset(&o, 0, sizeof o);
    o.unit = r1;
    o.nsteps = 2;
    o.steps[0] = (VlStep){VL_STEP_ADVANCE, 8, VL_PIVOT_LEFT, VL_FORM_NONE, true, -1, NAN};
    o.steps[1] = (VlStep){VL_STEP_ADVANCE, 1, VL_PIVOT_LEFT, VL_FORM_NONE, true, -1, NAN};
    o.occupy = true;
    o.occupy_feature = 0;
    VlMoveVerdict v;
    vl_resolve_move(w, &o, &v);
    ck_assert(v.legal);
    ck_assert_int_eq(v.occupied, 0);
    ck_assert_int_eq(v.steps_done, 1);
    ck_assert_near(v.final_pose.anchor.y, 15.0, 1e-9);
    ck_assert_near(v.cost, 5.0, 1e-9);
    /* In the game: movement phase is the fourth phase. */
    end_phases(g, 3);
    VlCommand m = cmd(VL_CMD_MOVE);
    m.move = o;
    ck_assert_int_eq(vl_game_apply(g, &m, NULL), VL_OK);
    ck_assert_int_eq(w->units[r1].occupy, 0);
    /* Placing it at once is refused: the following turn. */
    VlCommand p = cmd(VL_CMD_OCCUPY);
    p.unit = r1;
    p.pose = (VlPose){{30, 22}, 0};
    ck_assert_int_ne(vl_game_apply(g, &p, NULL), VL_OK);
    /* Next turn's movement phase: end movement and rally (2), the other side's five phases, then
     * this side's artillery, fire and charge (3). */
    end_phases(g, 2 + 5 + 3);
    ck_assert_int_eq(vl_game_turn(g), 2);
    ck_assert_int_eq(vl_game_phase(g), VL_PHASE_MOVEMENT);
    VlCommand far = p;
    far.pose = (VlPose){{30, 40}, 0}; /* not on the wood */
    VlReasons why = {0};
    ck_assert_int_ne(vl_game_apply(g, &far, &why), VL_OK);
    ck_assert_str_eq(why.r[0].clause, "GOR-MOVE-6");
    ck_assert_int_eq(vl_game_apply(g, &p, NULL), VL_OK);
    ck_assert_near(vl_world_unit(w, r1)->pose.anchor.y, 22.0, 0);
    ck_assert(w->units[r1].acted);
    vl_game_destroy(g);
    vl_scenario_free(&s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("game_misc");
    TCase *tc = tcase_create("game_misc");
    tcase_add_test(tc, gor_cmd_2_attach_independent_in_turn_1);
    tcase_add_test(tc, gor_move_6_occupy_stops_at_first_touch_then_placed);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
