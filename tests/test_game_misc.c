/* Game rules outside fire and combat: attaching independents (GOR-CMD-2), occupying a terrain
 * feature (GOR-MOVE-6), generals making way (D-GAME-11) and the optional orders (GOR-GEN-1). */
#include "testutil.h"

#include <string.h>

/* Start a scenario (tu_sb_, testutil.h): the default 96 x 48 in table, sides without names. */
static void begin(void)
{
    tu_sb_begin("t", 96, 48);
    tu_sb_side_names(NULL, NULL);
}

/* A regiment of rifled infantry in line. */
static void regiment(const char *id, const char *side, const char *quality, double x, double y, double facing,
                     const char *extra)
{
    tu_sb_unit_as(id, side, "infantry", "line", "rifled", quality, x, y, facing, extra);
}

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
    begin();
    tu_sb_brigade("b1", "union", NULL, "g1");
    tu_sb_unit_as("g1", "union", "general", NULL, NULL, "veteran", 40, 10, 0, "\"brigade\":\"b1\"");
    regiment("r1", "union", "raw", 30, 10, 0, "\"brigade\":\"b1\"");
    regiment("ind", "union", "raw", 48, 10, 0, NULL);
    regiment("e", "csa", "raw", 40, 40, 180, NULL);
    VlScenario s;
    tu_sb_load(&s);
    VlGame *g = vl_game_create(&s, 1, NULL);
    VlWorld *w = tu_world(g);
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
    begin();
    tu_sb_rect("w1", "woods", NULL, 20, 15, 40, 25);
    regiment("r1", "union", "raw", 30, 10, 0, NULL);
    regiment("e", "csa", "raw", 80, 40, 180, NULL);
    VlScenario s;
    tu_sb_load(&s);
    VlGame *g = vl_game_create(&s, 1, NULL);
    VlWorld *w = tu_world(g);
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


/* D-GAME-11: a general's base bars no unit's way. r1 (Union line at (30, 10) facing north) advances
 * 6 in onto the base of the Confederate general cg (x 29.21 .. 30.79, y 13.43 .. 15); r2 advances
 * 5 in onto its own general ug's (x 59.21 .. 60.79, y 12.43 .. 14). Both moves stand; each general
 * steps aside to a place clear of every unit and touching no enemy; cg, met by an enemy, takes the
 * survival test (GOR-CMDR-1): 5 + 5 survives, 6 + 5 removes him; ug takes none. */
START_TEST(d_game_11_generals_make_way_for_a_move)
{
    begin();
    regiment("r1", "union", "seasoned", 30, 10, 0, NULL);
    regiment("r2", "union", "seasoned", 60, 10, 0, NULL);
    tu_sb_unit("ug", "union", "general", NULL, 60, 14, 0, NULL);
    tu_sb_unit("cg", "csa", "general", NULL, 30, 15, 0, NULL);
    regiment("e", "csa", "seasoned", 80, 40, 180, NULL);
    for (int k = 0; k < 2; k++) {
        VlScenario s;
        tu_sb_load(&s);
        VlGame *g = vl_game_create(&s, 1, NULL);
        VlWorld *w = tu_world(g);
        int r1 = vl_scenario_find_unit(&s, "r1"), r2 = vl_scenario_find_unit(&s, "r2");
        int cg = vl_scenario_find_unit(&s, "cg"), ug = vl_scenario_find_unit(&s, "ug");
        vl_game_start(g);
        end_phases(g, 3);
        ck_assert_int_eq(vl_game_phase(g), VL_PHASE_MOVEMENT);
        int faces[2] = {k ? 6 : 5, 5};
        vl_game_inject_dice(g, faces, 2);
        VlCommand m = cmd(VL_CMD_MOVE);
        m.move.unit = r1;
        m.move.nsteps = 1;
        m.move.steps[0] = (VlStep){VL_STEP_ADVANCE, 6, VL_PIVOT_LEFT, VL_FORM_NONE, true, -1, NAN};
        VlReasons why = {0};
        ck_assert_msg(vl_game_apply(g, &m, &why) == VL_OK, "r1's move refused: %s", why.n ? why.r[0].text : "");
        ck_assert_near(vl_world_unit(w, r1)->pose.anchor.y, 16, 1e-9);
        int n;
        const VlDiceRoll *d = vl_game_dice(g, &n);
        ck_assert_str_eq(d[n - 1].clause, "GOR-CMDR-1");
        ck_assert_int_eq(d[n - 1].unit, cg);
        ck_assert_int_eq(d[n - 1].modifier, 0);
        if (k == 0) {
            ck_assert(vl_world_present(w, cg));
            ck_assert(vl_footprint_distance(&vl_world_unit(w, cg)->fp, &vl_world_unit(w, r1)->fp) > 0);
        } else {
            ck_assert(!vl_world_present(w, cg));
        }
        m.move.unit = r2;
        m.move.steps[0].amount = 5;
        ck_assert_int_eq(vl_game_apply(g, &m, NULL), VL_OK);
        int n2;
        vl_game_dice(g, &n2);
        ck_assert_int_eq(n2, n); /* no test for a friend */
        ck_assert(vl_world_present(w, ug));
        ck_assert(vl_footprint_overlap_area(&vl_world_unit(w, ug)->fp, &vl_world_unit(w, r2)->fp) <= 1e-9);
        vl_game_destroy(g);
        vl_scenario_free(&s);
    }
}
END_TEST

/* GOR-GEN-1 (optional Generals and orders). Union: corps commander gc (seasoned, +0) at (10,10); brigade
 * b1's brigadier g1 (seasoned) at (10,40): 40 - 1.575 - 10 = 28.425 in apart; its regiment r1 at (30,30)
 * facing north; the enemy e far north at (30,45). */
static VlGame *orders_game(const char *initial, VlScenario *s)
{
    begin();
    tu_sb_brigade("b1", "union", NULL, "g1");
    tu_sb_brigade("c1", "csa", NULL, NULL);
    tu_sb_member("\"orders\":{\"corps\":[{\"side\":\"union\",\"commander\":\"gc\",\"brigades\":[\"b1\"]}],"
                 "\"initial\":{\"b1\":\"%s\"}}",
                 initial);
    tu_sb_unit("gc", "union", "general", NULL, 10, 10, 0, NULL);
    tu_sb_unit("g1", "union", "general", NULL, 10, 40, 0, "\"brigade\":\"b1\"");
    regiment("r1", "union", "seasoned", 30, 30, 0, "\"brigade\":\"b1\"");
    regiment("e", "csa", "seasoned", 30, 45, 180, "\"brigade\":\"c1\"");
    tu_sb_load(s);
    ck_assert(s->orders);
    VlGame *g = vl_game_create(s, 1, NULL);
    int ev[2] = {3, 4}; /* the events roll (no table: nothing happens) */
    vl_game_inject_dice(g, ev, 2);
    vl_game_start(g);
    return g;
}

static VlCommand move_ahead(const VlScenario *s, const char *id, double inches)
{
    VlCommand m = cmd(VL_CMD_MOVE);
    m.move.unit = vl_scenario_find_unit(s, id);
    m.move.nsteps = 1;
    m.move.steps[0] = (VlStep){inches >= 0 ? VL_STEP_ADVANCE : VL_STEP_BACK, fabs(inches), VL_PIVOT_LEFT, VL_FORM_NONE, true, -1, NAN};
    return m;
}

START_TEST(gor_gen_1_order_sent_on_4_travels_10_then_20_and_is_received)
{
    VlScenario s;
    VlGame *g = orders_game("hold", &s);
    ck_assert_int_eq(vl_game_brigade_order(g, 0), VL_ORDER_HOLD);
    VlCommand o = cmd(VL_CMD_ORDER);
    o.target = 0;
    o.order = VL_ORDER_ATTACK;
    int send = 4; /* 4 + 0 (seasoned): sent */
    vl_game_inject_dice(g, &send, 1);
    ck_assert_int_eq(vl_game_apply(g, &o, NULL), VL_OK);
    double left;
    ck_assert_int_eq(vl_game_pending_order(g, 0, &left), VL_ORDER_ATTACK);
    ck_assert_near(left, 40 - 1.575 * 2 / 2 - 10 - 10, 1e-3); /* 28.425 - 10 (first move) = 18.425 */
    ck_assert_int_eq(vl_game_brigade_order(g, 0), VL_ORDER_HOLD);
    /* A second order to the same brigade this turn is refused. */
    VlReasons why = {0};
    ck_assert_int_ne(vl_game_apply(g, &o, &why), VL_OK);
    ck_assert_str_eq(why.r[0].clause, "GOR-GEN-1");
    /* Next turn: the events roll, then the order rides 20 in and arrives; received on 4+ (seasoned). */
    int next[3] = {2, 5, 4};
    vl_game_inject_dice(g, next, 3);
    end_phases(g, 10);
    ck_assert_int_eq(vl_game_turn(g), 2);
    ck_assert_int_eq(vl_game_injected_left(g), 0);
    ck_assert_int_eq(vl_game_brigade_order(g, 0), VL_ORDER_ATTACK);
    ck_assert_int_eq(vl_game_pending_order(g, 0, NULL), VL_ORDER_NONE);
    vl_game_destroy(g);
    vl_scenario_free(&s);
}
END_TEST

START_TEST(gor_gen_1_order_not_sent_on_3_and_lost_when_not_received)
{
    VlScenario s;
    VlGame *g = orders_game("hold", &s);
    VlCommand o = cmd(VL_CMD_ORDER);
    o.target = 0;
    o.order = VL_ORDER_RETIRE;
    int three = 3;
    vl_game_inject_dice(g, &three, 1);
    ck_assert_int_eq(vl_game_apply(g, &o, NULL), VL_OK);
    ck_assert_int_eq(vl_game_pending_order(g, 0, NULL), VL_ORDER_NONE);
    /* Next turn send again (4), it travels; the turn after it arrives and is not received (3). */
    int t2[3] = {2, 2, 4};
    vl_game_inject_dice(g, t2, 2);
    end_phases(g, 10);
    vl_game_inject_dice(g, t2 + 2, 1);
    ck_assert_int_eq(vl_game_apply(g, &o, NULL), VL_OK);
    ck_assert_int_eq(vl_game_pending_order(g, 0, NULL), VL_ORDER_RETIRE);
    int t3[3] = {2, 2, 3};
    vl_game_inject_dice(g, t3, 3);
    end_phases(g, 10);
    ck_assert_int_eq(vl_game_injected_left(g), 0);
    ck_assert_int_eq(vl_game_brigade_order(g, 0), VL_ORDER_HOLD);
    ck_assert_int_eq(vl_game_pending_order(g, 0, NULL), VL_ORDER_NONE);
    vl_game_destroy(g);
    vl_scenario_free(&s);
}
END_TEST

START_TEST(gor_gen_1_orders_bind_moves_and_charges)
{
    /* Retire: no step towards the enemy; a step back is allowed. */
    VlScenario s;
    VlGame *g = orders_game("retire", &s);
    end_phases(g, 3); /* to movement */
    VlCommand fwd = move_ahead(&s, "r1", 2), back = move_ahead(&s, "r1", -2);
    VlReasons why = {0};
    ck_assert(!vl_game_check(g, &fwd, &why));
    ck_assert_str_eq(why.r[0].clause, "GOR-GEN-1");
    ck_assert(vl_game_check(g, &back, NULL));
    vl_game_destroy(g);
    vl_scenario_free(&s);
    /* Attack: forward yes, back no; a charge may be declared. */
    g = orders_game("attack", &s);
    end_phases(g, 2); /* to charge */
    VlCommand ch = cmd(VL_CMD_CHARGE);
    ch.unit = vl_scenario_find_unit(&s, "r1");
    ch.target = vl_scenario_find_unit(&s, "e");
    ch.choose_path = true;
    ck_assert(vl_game_check(g, &ch, NULL)); /* 15 in away, exactly in reach */
    end_phases(g, 1);
    ck_assert(vl_game_check(g, &fwd, NULL));
    ck_assert(!vl_game_check(g, &back, NULL));
    vl_game_destroy(g);
    vl_scenario_free(&s);
    /* Advance: no charges; forward yes until fired on, then it halts. */
    g = orders_game("advance", &s);
    end_phases(g, 2);
    memset(&why, 0, sizeof why);
    ck_assert(!vl_game_check(g, &ch, &why));
    ck_assert_str_eq(why.r[0].clause, "GOR-GEN-1");
    end_phases(g, 1);
    ck_assert(vl_game_check(g, &fwd, NULL));
    tu_world(g)->units[vl_scenario_find_unit(&s, "r1")].shot_at_turn = 1;
    ck_assert(!vl_game_check(g, &fwd, NULL));
    vl_game_destroy(g);
    vl_scenario_free(&s);
    /* Hold: within 8 in of where the brigadier stood (10, 40) when it took the order; r1 starts 15.9 in away,
     * so it may close in but not move farther off. */
    g = orders_game("hold", &s);
    end_phases(g, 3);
    ck_assert(!vl_game_check(g, &back, NULL));
    VlCommand left = cmd(VL_CMD_MOVE);
    left.move.unit = vl_scenario_find_unit(&s, "r1");
    left.move.nsteps = 1;
    left.move.steps[0] = (VlStep){VL_STEP_DRIFT, -1.9, VL_PIVOT_LEFT, VL_FORM_NONE, true, -1, NAN};
    ck_assert(vl_game_check(g, &left, NULL));
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
    tcase_add_test(tc, d_game_11_generals_make_way_for_a_move);
    tcase_add_test(tc, gor_gen_1_order_sent_on_4_travels_10_then_20_and_is_received);
    tcase_add_test(tc, gor_gen_1_order_not_sent_on_3_and_lost_when_not_received);
    tcase_add_test(tc, gor_gen_1_orders_bind_moves_and_charges);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
