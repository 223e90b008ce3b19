/* The computer commander (src/ai/commander.c).
 *
 * Situations with one clearly right decision, each built as a small scenario:
 *  - an isolated enemy line shows its flank within charge reach: the flank charge is declared;
 *  - cavalry facing an infantry square does not charge it;
 *  - a routed unit that took no action rallies, facing the enemy;
 *  - a regiment with 4 HITs within a fresh enemy's charge reach falls back out of it, and near its
 *    table edge stops 4 in short of it;
 *  - a regiment with 4 HITs holding an objective does not step back to within 5 in of its own guns,
 *    whose back is near the table edge;
 *  - a battery with two targets fires at the more valuable one (in the open, 3 HITs already) rather
 *    than the fresh one in heavy woods;
 *  - on the last turn, a regiment steps within the radius of an objective the enemy holds, denying it;
 *  - on the last turn, a regiment joins a battery likely to retreat from an objective it holds alone,
 *    rather than take a lesser objective nobody holds;
 *  - on the last turn, a regiment sharing an objective with a limbered battery holds its fire and
 *    charges it, to push it off (GOR-CC-6);
 *  - on the last player turn of the game, a regiment steps onto an objective for a sure win rather
 *    than charge for a chance of breaking the enemy's army; and with the enemy still to move, a
 *    regiment whose lead stands if it stays does not charge off its objective for such a chance;
 *  - on the last turn, with the enemy still to move, a regiment at the edge of an objective under
 *    guns steps further in (found by playing the orders out to the end on copies);
 *  - cavalry in a pocket of water finds its way out towards an objective beyond it;
 *  - cavalry in column goes round an enemy square standing across its way to an objective;
 *  - a column just come on at the table edge marches clear of it before turning towards its objective;
 *  - a column that has marched up to the table edge, facing it, about turns to go back to its objective;
 *  - on the last turn, cavalry finds an order of two legs round an enemy line onto an objective;
 *  - orders that lead to the same place are judged once (normal and hard);
 *  - ahead on points, a brigade gathers on the objective it holds rather than closing on the enemy;
 *  - hard plays its postures out on 8 dice streams in a small action;
 * and the properties every level must keep: no command refused over many whole games (random
 * opponents and the commander against itself, every shipped scenario), the same decisions for the
 * same seed, decisions that do not depend on the game's own dice, and a plan that explains itself
 * (in those games no move it calls an advance ends farther from the nearest enemy, no pull back
 * nearer).
 *
 * Geometry as in test_charge.c: a line is two 100 x 50 mm bases (7.874 x 1.969 in), the anchor is
 * the middle of the front face, facing 0 is north (+y), 90 east. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHIPPED(name) VL_SOURCE_ROOT "/scenarios/" name

/* ---- fixture: a scenario written unit by unit, and a game of it ---- */

static struct {
    VlScenario s;
    VlGame *g;
    bool loaded;
} fx;

static VlAiPlan plan;

static void fx_free(void)
{
    if (fx.loaded) {
        vl_game_destroy(fx.g);
        vl_scenario_free(&fx.s);
    }
    memset(&fx, 0, sizeof fx);
    /* a 96 x 48 in table, the Union moving first */
    tu_sb_begin("ai test", 96, 48);
    tu_sb_member("\"first_side\":\"union\"");
    vl_ai_plan_reset(&plan);
}

static void setup(void) { fx_free(); }
static void teardown(void) { fx_free(); }

/* A unit (tu_sb_unit_as): quality seasoned unless extra says otherwise (extra then gives it);
 * infantry and guns rifled, cavalry carbine. */
static void unit(const char *id, const char *side, const char *type, const char *form, double x, double y, double facing,
                 const char *extra)
{
    tu_sb_unit_as(id, side, type, form, NULL, extra ? NULL : "seasoned", x, y, facing, extra);
}

/* Load the scenario written (tu_sb_, testutil.h) and start a game of it. */
static void build(void)
{
    tu_sb_load(&fx.s);
    VlRuleOptions opt = vl_rule_options_default();
    fx.g = vl_game_create(&fx.s, 7, &opt);
    ck_assert_ptr_nonnull(fx.g);
    fx.loaded = true;
    vl_game_start(fx.g);
}

static int U(const char *id)
{
    int i = vl_scenario_find_unit(&fx.s, id);
    ck_assert_msg(i >= 0, "no unit %s", id);
    return i;
}

/* The active players end phases, as a human would, until @p side's (any side's: -1) @p phase. */
static void skip_to_side(int side, VlPhase phase)
{
    VlCommand end;
    memset(&end, 0, sizeof end);
    end.kind = VL_CMD_END_PHASE;
    end.facing = NAN;
    while (vl_game_phase(fx.g) != phase || (side >= 0 && vl_game_active_side(fx.g) != side)) {
        ck_assert_int_ne(vl_game_phase(fx.g), VL_PHASE_OVER);
        ck_assert_int_eq(vl_game_apply(fx.g, &end, NULL), VL_OK);
    }
}

static void skip_to(VlPhase phase) { skip_to_side(-1, phase); }

/* The scenario's victory: @p turns, and one objective worth 2 points, radius 3, at (x, y). */
static void objective(int turns, const char *name, double x, double y)
{
    tu_sb_victory("{\"turns\":%d,\"objectives\":[{\"id\":\"o_x\",\"name\":\"%s\",\"position\":[%.17g,%.17g],"
                  "\"radius\":3,\"points\":2}]}",
                  turns, name, x, y);
}

/* The scenario's victory: @p turns, and two objectives of radius 3, each a name, a place and its
 * points. */
static void two_objectives(int turns, const char *n1, double x1, double y1, int p1, const char *n2, double x2, double y2,
                           int p2)
{
    tu_sb_victory("{\"turns\":%d,\"objectives\":[{\"id\":\"o_1\",\"name\":\"%s\",\"position\":[%.17g,%.17g],\"radius\":3,"
                  "\"points\":%d},{\"id\":\"o_2\",\"name\":\"%s\",\"position\":[%.17g,%.17g],\"radius\":3,\"points\":%d}]}",
                  turns, n1, x1, y1, p1, n2, x2, y2, p2);
}

/* Load the scenario written so far and go to its last turn (of 3), the Union's movement phase
 * (the Union moves first: the Confederates still have their last player turn to come). */
static VlWorld *build_last_turn_movement(void)
{
    build();
    VlWorld *w = tu_world(fx.g);
    w->turn = 3;
    skip_to_side(0, VL_PHASE_MOVEMENT);
    return w;
}

/* The commander plays the current phase; it must not be refused anything. */
static void ai_plays(VlAiLevel level, uint64_t seed)
{
    VlRng rng;
    vl_rng_seed(&rng, seed, 99);
    int n = vl_ai_phase(fx.g, NULL, &rng, level, &plan);
    ck_assert_int_ge(n, 1);
    ck_assert_int_eq(plan.refused, 0);
}

/* The intent of this plan for unit u with a command of this kind that the game accepted, or NULL. */
static const VlAiIntent *issued(VlCommandKind kind, int u)
{
    for (int i = 0; i < plan.n; i++)
        if (plan.items[i].kind == kind && plan.items[i].unit == u && plan.items[i].issued)
            return &plan.items[i];
    return NULL;
}

static bool event_has(const char *clause, const char *text)
{
    int n;
    const VlGameEvent *e = vl_game_events(fx.g, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(e[i].clause, clause) == 0 && strstr(e[i].text, text))
            return true;
    return false;
}

static double gap(int a, int b)
{
    const VlWorld *w = vl_game_world_const(fx.g);
    return vl_footprint_distance(&vl_world_unit(w, a)->fp, &vl_world_unit(w, b)->fp);
}

/* ---- situations ---- */

/* An enemy line facing east (its right flank is its south face, y = 26.06, x 48.03..50) and a Union
 * line 6 in south of that face, facing north: a charge straight ahead strikes the flank (+2 morale,
 * +3 dice: GOR-MOR-3, GOR-CC-2). Nothing else is near. Every level declares it. */
START_TEST(flank_charge_on_an_isolated_unit_is_declared)
{
    for (int level = VL_AI_EASY; level <= VL_AI_HARD; level++) {
        fx_free();
        unit("u_a", "union", "infantry", "line", 49, 20, 0, NULL);
        unit("c_t", "csa", "infantry", "line", 50, 30, 90, NULL);
        unit("u_gen", "union", "general", NULL, 10, 4, 0, "\"quality\":\"seasoned\"");
        unit("c_gen", "csa", "general", NULL, 90, 44, 180, "\"quality\":\"seasoned\"");
        build();
        skip_to(VL_PHASE_CHARGE);
        ai_plays((VlAiLevel)level, 1);
        const VlAiIntent *it = issued(VL_CMD_CHARGE, U("u_a"));
        ck_assert_msg(it != NULL, "%s: no charge declared", vl_ai_level_name((VlAiLevel)level));
        ck_assert_int_eq(it->target, U("c_t"));
        ck_assert_msg(strstr(it->reason, "flank"), "reason: %s", it->reason);
        ck_assert(it->chance > 0.7); /* seasoned, +2 for the flank: 2D6 + 2 > 6, 26/36 */
        ck_assert(event_has("GOR-CHG-3", "declares a charge at c_t"));
    }
}
END_TEST

/* Mounted cavalry 6 in from the front of an infantry square: 3 dice against 3 and -2 morale
 * (GOR-CC-2, GOR-MOR-3). No level charges it. */
START_TEST(cavalry_does_not_charge_a_square)
{
    for (int level = VL_AI_EASY; level <= VL_AI_HARD; level++) {
        fx_free();
        unit("u_cav", "union", "cavalry", "line", 48, 20, 0, NULL);
        unit("c_sq", "csa", "infantry", "square", 48, 28, 180, NULL);
        build();
        skip_to(VL_PHASE_CHARGE);
        ai_plays((VlAiLevel)level, 1);
        ck_assert_msg(issued(VL_CMD_CHARGE, U("u_cav")) == NULL, "%s charged a square", vl_ai_level_name((VlAiLevel)level));
    }
}
END_TEST

/* A routed regiment that has not acted, in the rally phase: it tests (GOR-RALLY-1) and, should it
 * stop routing, faces the enemy. */
START_TEST(routed_unit_rallies)
{
    for (int level = VL_AI_EASY; level <= VL_AI_HARD; level++) {
        fx_free();
        unit("u_r", "union", "infantry", "line", 48, 10, 180, NULL);
        unit("u_x", "union", "infantry", "line", 10, 10, 0, NULL); /* two more: one router in three */
        unit("u_y", "union", "infantry", "line", 86, 10, 0, NULL); /* does not break the army */
        unit("c_e", "csa", "infantry", "line", 48, 40, 180, NULL);
        build();
        VlWorld *w = tu_world(fx.g);
        w->units[U("u_r")].routed = true;
        w->units[U("u_r")].hits = 3;
        skip_to(VL_PHASE_RALLY);
        ai_plays((VlAiLevel)level, 1);
        const VlAiIntent *it = issued(VL_CMD_RALLY, U("u_r"));
        ck_assert_msg(it != NULL, "%s did not rally", vl_ai_level_name((VlAiLevel)level));
        ck_assert(strstr(it->reason, "routed"));
        ck_assert(event_has("GOR-RALLY-1", "u_r tests morale for rallying"));
        if (!w->units[U("u_r")].routed)
            ck_assert_near(vl_world_unit(w, U("u_r"))->pose.facing, 0, 1e-6); /* the enemy is due north */
    }
}
END_TEST

/* Sets up a Union line with 4 HITs facing north at (48, y) and a fresh veteran Confederate line
 * facing it at (48, enemy_y), lets `level` play the Union's movement phase and returns its order
 * for the hurt line (NULL if none); *before is the gap between them before the move. */
static const VlAiIntent *hurt_line_moves(VlAiLevel level, double y, double enemy_y, double *before)
{
    fx_free();
    unit("u_hurt", "union", "infantry", "line", 48, y, 0, NULL);
    unit("c_fresh", "csa", "infantry", "line", 48, enemy_y, 180, "\"quality\":\"veteran\"");
    build();
    tu_world(fx.g)->units[U("u_hurt")].hits = 4;
    *before = gap(U("u_hurt"), U("c_fresh"));
    skip_to(VL_PHASE_MOVEMENT);
    ai_plays(level, 1);
    return issued(VL_CMD_MOVE, U("u_hurt"));
}

/* A regiment with 4 HITs facing a fresh veteran enemy line 8 in away, which could charge it next
 * turn (6 dice against 3, and its morale is down 2). Normal and hard pull it back out of the
 * enemy's 15 in of charge reach; the easy commander is blind to such threats by design. */
START_TEST(badly_hurt_unit_is_pulled_back)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        double before;
        const VlAiIntent *it = hurt_line_moves((VlAiLevel)level, 22, 30, &before);
        ck_assert_msg(it != NULL, "%s left the hurt unit in reach", vl_ai_level_name((VlAiLevel)level));
        ck_assert_msg(gap(U("u_hurt"), U("c_fresh")) > before + 5, "%s: %.2f in, was %.2f", vl_ai_level_name((VlAiLevel)level),
                      gap(U("u_hurt"), U("c_fresh")), before);
        /* ...and says so: a move that ends farther from the enemy is a pull back (or, stepping back
         * facing it, a fall back), never an advance. */
        ck_assert_msg(strncmp(it->reason, "pull back:", 10) == 0 || strncmp(it->reason, "fall back:", 10) == 0,
                      "%s: \"%s\"", vl_ai_level_name((VlAiLevel)level), it->reason);
    }
}
END_TEST

/* The same regiment with 4 HITs, facing north with its back 7 in from the south edge, a fresh
 * enemy line 12 in ahead. The shaken stand 14 in behind their brigade's front, which here lies
 * beyond the table's edge; a shaken unit's place is kept with its middle 4 in or more inside the
 * table (SLOT_MARGIN), so normal and hard pull it back to stand there, its middle 4 in from the
 * edge, not up against the edge (before, they pulled it back to 2.1 in from it, its middle 3.1). */
START_TEST(hurt_unit_pulled_back_keeps_off_the_table_edge)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        double before;
        ck_assert_msg(hurt_line_moves((VlAiLevel)level, 9, 21, &before) != NULL, "%s left it in reach",
                      vl_ai_level_name((VlAiLevel)level));
        VlBox b = vl_footprint_bounds(&vl_world_unit(vl_game_world_const(fx.g), U("u_hurt"))->fp);
        double middle = 0.5 * (b.lo.y + b.hi.y);
        ck_assert_msg(middle >= 4 - 0.1, "%s: its middle %.2f in from the edge", vl_ai_level_name((VlAiLevel)level), middle);
        ck_assert_double_gt(gap(U("u_hurt"), U("c_fresh")), 15);
    }
}
END_TEST

/* A battery facing north with two enemy lines in its arc, both about 20 in away (medium range): one
 * fresh in heavy woods (2 dice), one in the open with 3 HITs (4 dice, and the next HIT costs it a
 * point of morale). Every level fires at the second. */
START_TEST(fire_goes_at_the_most_valuable_target)
{
    for (int level = VL_AI_EASY; level <= VL_AI_HARD; level++) {
        fx_free();
        unit("u_guns", "union", "artillery", "unlimbered", 48, 10, 0, NULL);
        unit("c_woods", "csa", "infantry", "line", 40, 32, 180, NULL);
        unit("c_open", "csa", "infantry", "line", 58, 32, 180, NULL);
        tu_sb_rect("w_heavy", "heavy_woods", NULL, 34, 29, 46, 36);
        build();
        tu_world(fx.g)->units[U("c_open")].hits = 3;
        ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_ARTILLERY);
        ai_plays((VlAiLevel)level, 1);
        const VlAiIntent *it = issued(VL_CMD_ARTILLERY_FIRE, U("u_guns"));
        ck_assert_msg(it != NULL, "%s did not fire", vl_ai_level_name((VlAiLevel)level));
        ck_assert_msg(it->target == U("c_open"), "%s fired at %s: %s", vl_ai_level_name((VlAiLevel)level),
                      fx.s.units[it->target].id, it->reason);
        ck_assert_near(it->expected_hits, 4 / 6.0, 1e-9); /* GOR-ART-3: medium range, open: 4 dice */
    }
}
END_TEST

/* The last turn of the game (of 3), the Union's movement phase. An objective worth 2 points at
 * (46, 31), radius 3, held by a Confederate line standing 2 in from it; a Union line 10 in south,
 * facing north. Whatever else happens, a Union unit within the radius when the game ends denies the
 * Confederates the 2 points (vl_game_points), which decides this game: normal and hard move in.
 * (The easy commander does not watch the clock, by design.) */
/* The scenario written so far, on its last turn (of 3), the Union's movement phase: the Confederates
 * hold the objective at @p o alone (2 points); the commander at @p level moves Union unit @p id
 * within its radius (3 in), which denies them the points. */
static void last_turn_denies(VlAiLevel level, const char *id, VlVec2 o)
{
    const VlWorld *w = build_last_turn_movement();
    double before = vl_footprint_distance_to_convex(&vl_world_unit(w, U(id))->fp, &o, 1);
    ck_assert(before > 3);
    ck_assert_int_eq(vl_game_points(fx.g, 1), 2);
    ai_plays(level, 1);
    double after = vl_footprint_distance_to_convex(&vl_world_unit(w, U(id))->fp, &o, 1);
    ck_assert_msg(after <= 3, "%s: %.2f in from the objective (was %.2f)", vl_ai_level_name(level), after, before);
    ck_assert_int_eq(vl_game_points(fx.g, 1), 0);
}

START_TEST(last_turn_unit_moves_to_deny_an_objective)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(3, "Crossroads", 46, 31);
        unit("u_a", "union", "infantry", "line", 48, 21, 0, NULL);
        unit("c_h", "csa", "infantry", "line", 40, 31, 180, NULL);
        last_turn_denies((VlAiLevel)level, "u_a", (VlVec2){46, 31});
    }
}
END_TEST

/* The last turn (of 3). A Union battery with 7 HITs stands alone within the radius of the
 * Crossroads (2 points, at (40, 32)); in its retreat phase it tests (GOR-RETR-1) and passes a sixth
 * of the time (2D6 over 9), so the Crossroads stays the Union's only by that chance. A fresh
 * regiment can reach either it or the Mill (1 point, at (56, 32)), which nobody holds. With the
 * regiment the Crossroads stands whatever the battery's test: 2 points, against 1 and a sixth of 2
 * at the Mill. Normal and hard send it to the Crossroads. Before a holder was counted by its chance
 * of staying, the battery counted as a sure holder, and the regiment went to the Mill. */
START_TEST(last_turn_a_regiment_joins_a_battery_likely_to_retreat_from_an_objective)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        two_objectives(3, "Crossroads", 40, 32, 2, "Mill", 56, 32, 1);
        unit("u_bat", "union", "artillery", "unlimbered", 39, 32, 0, NULL);
        unit("u_a", "union", "infantry", "line", 48, 25, 0, NULL);
        unit("c_far", "csa", "infantry", "line", 88, 44, 180, NULL);
        build();
        VlWorld *w = tu_world(fx.g);
        w->units[U("u_bat")].hits = 7;
        w->turn = 3;
        skip_to_side(0, VL_PHASE_MOVEMENT);
        ck_assert_int_eq(vl_game_points(fx.g, 0), 2);
        VlVec2 c = {40, 32}, m = {56, 32};
        ai_plays((VlAiLevel)level, 1);
        double dc = vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_a"))->fp, &c, 1);
        double dm = vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_a"))->fp, &m, 1);
        ck_assert_msg(dc <= 3, "%s: the regiment is %.2f in from the Crossroads, %.2f from the Mill",
                      vl_ai_level_name((VlAiLevel)level), dc, dm);
    }
}
END_TEST

/* The last turn (of 3). The Union regiment u_a stands within the radius of the Woods (1 point, at
 * (30, 24)), which a Confederate line also reaches: contested, nobody's. The Ford (2 points, at
 * (44, 24)) is nobody's, a move away for u_a and for u_b. Sending u_a would give the Woods to the
 * enemy for the Ford; u_b takes the Ford and u_a keeps denying the Woods: 2 points to 0. */
START_TEST(last_turn_the_unit_denying_an_objective_stays_while_another_takes_one)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        two_objectives(3, "Woods", 30, 24, 1, "Ford", 42, 24, 2);
        unit("u_a", "union", "infantry", "line", 30, 21, 90, NULL);
        unit("u_b", "union", "infantry", "line", 48, 14, 0, NULL);
        unit("c_a", "csa", "infantry", "line", 30, 26.9, 180, NULL);
        unit("c_far", "csa", "infantry", "line", 80, 46, 180, NULL);
        VlWorld *w = build_last_turn_movement();
        ck_assert_int_eq(vl_game_points(fx.g, 0), 0);
        ck_assert_int_eq(vl_game_points(fx.g, 1), 0);
        ai_plays((VlAiLevel)level, 1);
        VlVec2 wo = {30, 24}, fo = {42, 24};
        fprintf(stderr, "%s: a woods %.2f ford %.2f, b ford %.2f; points %d-%d\n", vl_ai_level_name((VlAiLevel)level),
                vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_a"))->fp, &wo, 1),
                vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_a"))->fp, &fo, 1),
                vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_b"))->fp, &fo, 1), vl_game_points(fx.g, 0), vl_game_points(fx.g, 1));
        ck_assert_msg(vl_game_points(fx.g, 0) == 2 && vl_game_points(fx.g, 1) == 0, "%s: %d points to %d", vl_ai_level_name((VlAiLevel)level),
                      vl_game_points(fx.g, 0), vl_game_points(fx.g, 1));
    }
}
END_TEST

/* The last turn, an objective the enemy holds (as in the test above) a move and a half ahead of a
 * regiment in line facing it: only a doubled move reaches it (GOR-MOVE-4). Normal and hard gallop
 * the cavalry there, or take the infantry at double time (its commander beside it: GOR-CMD-1) and
 * its 2 HITs, and deny the objective. The same regiment three turns from the end keeps its once-a-game
 * doubling. */
#define BRIGADE_UB "\"quality\":\"seasoned\",\"brigade\":\"ub\""

static void doubled_move_denies(const char *type)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++)
        for (int last = 0; last < 2; last++) {
            fx_free();
            objective(last ? 3 : 6, "Crossroads", 46, 31);
            bool cav = strcmp(type, "cavalry") == 0;
            /* Placed once the allowance is known: a move and a half short of the radius (the front's
             * nearest end is 0.06 in east of the objective, so the gap is 31 - 3 - its y), its
             * commander close behind it. */
            unit("u_a", "union", type, "line", 50, 10, 0, BRIGADE_UB);
            unit("u_gen", "union", "general", NULL, 56, 6, 0, BRIGADE_UB);
            unit("c_h", "csa", "infantry", "line", 40, 31, 180, NULL);
            build();
            VlWorld *w = tu_world(fx.g);
            int u = U("u_a");
            double A = vl_move_allowance(w, cav ? VL_CAVALRY : VL_INFANTRY, VL_FORM_LINE, cav, VL_GROUND_OPEN, 0).max;
            double y0 = 31 - 3 - 1.5 * A;
            vl_battlefield_set_unit(w->bf, u, (VlPose){{50, y0}, 0}, VL_FORM_LINE);
            vl_battlefield_set_unit(w->bf, U("u_gen"), (VlPose){{56, y0 - 4}, 0}, VL_FORM_NONE);
            w->turn = 3;
            skip_to(VL_PHASE_MOVEMENT);
            ck_assert_int_eq(vl_game_points(fx.g, 1), 2);
            ai_plays((VlAiLevel)level, 1);
            const VlAiIntent *it = issued(VL_CMD_MOVE, u);
            const char *name = vl_ai_level_name((VlAiLevel)level);
            bool doubled = cav ? w->units[u].gallop_used : w->units[u].double_time_used;
            if (!last) {
                ck_assert_msg(!doubled, "%s: the %s doubled its move three turns from the end", name, type);
                continue;
            }
            ck_assert_msg(it && doubled, "%s: the %s did not double its move (%s)", name, type, it ? it->reason : "no move");
            ck_assert_msg(strstr(it->reason, cav ? "gallop" : "double time"), "%s: reason \"%s\"", name, it->reason);
            VlVec2 o = {46, 31};
            double d = vl_footprint_distance_to_convex(&vl_world_unit(w, u)->fp, &o, 1);
            ck_assert_msg(d <= 3, "%s: the %s is %.2f in from the objective", name, type, d);
            ck_assert_int_eq(vl_game_points(fx.g, 1), 0);
            if (!cav)
                ck_assert_int_eq(w->units[u].hits, 2);
        }
}

START_TEST(last_turn_cavalry_gallops_to_deny_an_objective) { doubled_move_denies("cavalry"); }
END_TEST

START_TEST(last_turn_infantry_double_times_to_deny_an_objective) { doubled_move_denies("infantry"); }
END_TEST

/* The last turn: a battery with two targets at the same range in the open, one standing alone on
 * an objective (its front on the objective's middle), the other off it with a HIT already (more worth
 * hitting, as the test above has it). Both must test morale when fired on for the first time, and a
 * test failed by 2 or more sends the one on the objective back out of its 3 in radius (GOR-FIRE-5:
 * 2 in a point), which takes 2 points from the enemy at the end. Normal and hard fire at it and say
 * so; easy, blind to the clock, fires at the hurt one. */
START_TEST(last_turn_fire_drives_the_enemy_off_an_objective)
{
    for (int level = VL_AI_EASY; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(3, "Crossroads", 38, 32);
        unit("u_guns", "union", "artillery", "unlimbered", 48, 10, 0, NULL);
        unit("c_on", "csa", "infantry", "line", 38, 32, 180, NULL);
        unit("c_off", "csa", "infantry", "line", 58, 32, 180, NULL);
        build();
        tu_world(fx.g)->turn = 3;
        tu_world(fx.g)->units[U("c_off")].hits = 1;
        ck_assert_int_eq(vl_game_phase(fx.g), VL_PHASE_ARTILLERY);
        ck_assert_int_eq(vl_game_points(fx.g, 1), 2);
        ai_plays((VlAiLevel)level, 1);
        const char *name = vl_ai_level_name((VlAiLevel)level);
        const VlAiIntent *it = issued(VL_CMD_ARTILLERY_FIRE, U("u_guns"));
        ck_assert_msg(it != NULL, "%s did not fire", name);
        int want = level == VL_AI_EASY ? U("c_off") : U("c_on");
        ck_assert_msg(it->target == want, "%s fired at %s: %s", name, fx.s.units[it->target].id, it->reason);
        if (level != VL_AI_EASY)
            ck_assert_msg(strstr(it->reason, "drive it off Crossroads"), "%s: reason \"%s\"", name, it->reason);
    }
}
END_TEST

/* The last turn (of 3), the Union's movement phase, the Confederates still to play theirs. A Union
 * line stands on the Ford (2 points, radius 3, at (40, 24)) at the radius' southern edge, facing
 * north, with Confederate guns 12 in north of it, never yet fired on: whatever the guns do to it,
 * it tests morale (GOR-FIRE-5) and, failing, falls back 2 in a point failed, off the Ford at the
 * first point. Standing further in, it keeps the Ford through a small failure. The score of a
 * place sees no difference (on the Ford either way, the same fire drawn) and stays; normal and hard
 * play the orders out to the end on copies, where it comes out clearly ahead, and step in. */
START_TEST(last_turn_holder_steps_in_from_the_edge_of_an_objective_under_guns)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(3, "Ford", 40, 24);
        unit("u_a", "union", "infantry", "line", 40, 21.2, 0, NULL);
        unit("c_guns", "csa", "artillery", "unlimbered", 40, 35, 180, NULL);
        VlWorld *w = build_last_turn_movement();
        ck_assert_int_eq(vl_game_points(fx.g, 0), 2);
        VlVec2 o = {40, 24};
        double before = vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_a"))->fp, &o, 1);
        ai_plays((VlAiLevel)level, 1);
        double after = vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_a"))->fp, &o, 1);
        const VlAiIntent *it = issued(VL_CMD_MOVE, U("u_a"));
        const char *name = vl_ai_level_name((VlAiLevel)level);
        ck_assert_msg(it != NULL && after < before - 1.5, "%s: %.2f in from the Ford's middle (was %.2f)", name, after, before);
        ck_assert_int_eq(vl_game_points(fx.g, 0), 2);
        ck_assert_msg(strstr(it->reason, "played to the end"), "%s: reason \"%s\"", name, it->reason);
    }
}
END_TEST

/* Mounted cavalry in line facing north at the closed end of a pocket of water (walls west, north
 * and east, open to the south), its objective beyond the north wall (no enemy near). Water cannot
 * be entered (GOR-MOVE-1): heading straight for the objective gets it nowhere. Normal and hard find
 * the way out: within three movement phases the regiment is out of the pocket. */
START_TEST(cavalry_finds_its_way_out_of_a_pocket)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(12, "Ridge", 30, 44);
        unit("u_cav", "union", "cavalry", "line", 30, 20, 0, NULL);
        unit("c_far", "csa", "infantry", "line", 90, 44, 180, NULL);
        tu_sb_rect("w_north", "water", NULL, 16, 24, 44, 28);
        tu_sb_rect("w_west", "water", NULL, 16, 12, 20, 24);
        tu_sb_rect("w_east", "water", NULL, 40, 12, 44, 24);
        build();
        const VlWorld *w = vl_game_world_const(fx.g);
        bool out = false;
        for (int turn = 0; turn < 3 && !out; turn++) {
            skip_to(VL_PHASE_MOVEMENT);
            ai_plays((VlAiLevel)level, 1 + (uint64_t)turn);
            VlVec2 c = vl_v2_lerp(vl_world_unit(w, U("u_cav"))->fp.box.p[0], vl_world_unit(w, U("u_cav"))->fp.box.p[2], 0.5);
            out = c.y < 10 || c.x < 16 || c.x > 44;
            /* The Confederates do nothing. */
            skip_to_side(0, VL_PHASE_ARTILLERY);
        }
        ck_assert_msg(out, "%s: still in the pocket at (%.1f, %.1f)", vl_ai_level_name((VlAiLevel)level),
                      vl_world_unit(w, U("u_cav"))->pose.anchor.x, vl_world_unit(w, U("u_cav"))->pose.anchor.y);
    }
}
END_TEST

/* The player words of --players and the saves, shared by the sim and the screen: each word read
 * back to the name it is saved under; anything else refused with what was wrong. */
START_TEST(player_words_read_and_written)
{
    VlPlayer p[2];
    char err[128];
    ck_assert(vl_players_parse("human,computer", p, err, sizeof err));
    ck_assert_str_eq(vl_player_name(p[0]), "human");
    ck_assert_str_eq(vl_player_name(p[1]), "ai:normal"); /* older saves wrote "computer" */
    ck_assert(vl_players_parse("ai:hard", p, err, sizeof err)); /* one word: both sides */
    ck_assert(p[0].kind == VL_PLAYER_AI && p[0].level == VL_AI_HARD && p[1].level == VL_AI_HARD);
    ck_assert(vl_players_parse("random,ai:easy", p, err, sizeof err));
    ck_assert_str_eq(vl_player_name(p[0]), "random");
    ck_assert_str_eq(vl_player_name(p[1]), "ai:easy");
    ck_assert(!vl_players_parse("ai,ai:expert", p, err, sizeof err));
    ck_assert(strstr(err, "ai:expert"));
    ck_assert(!vl_players_parse("ai,ai,ai", p, err, sizeof err));
    ck_assert(strstr(err, "more than two"));
    ck_assert(!vl_players_parse("", p, err, sizeof err));
}
END_TEST

/* Far from the middle of the table: two more Confederate regiments on the east edge and, with
 * @p union_too, two more Union regiments on the west edge, so that routing one regiment near the
 * middle breaks no army; and a brigade commander a side. */
static void far_off(bool union_too)
{
    if (union_too) {
        unit("u_far1", "union", "infantry", "line", 6, 10, 90, NULL);
        unit("u_far2", "union", "infantry", "line", 6, 40, 90, NULL);
    }
    unit("c_far1", "csa", "infantry", "line", 90, 10, 270, NULL);
    unit("c_far2", "csa", "infantry", "line", 90, 40, 270, NULL);
    unit("u_gen", "union", "general", NULL, 10, 4, 0, "\"quality\":\"seasoned\"");
    unit("c_gen", "csa", "general", NULL, 90, 44, 180, "\"quality\":\"seasoned\"");
}

/* The fixture of the tests below: u_a on the Knoll (and u_b too, with @p pair), the flank of c_t
 * within charge reach, far_off(@p union_far), turn 8 of 8. */
static void lone_holder(bool pair, bool union_far)
{
    fx_free();
    objective(8, "Knoll", 44.5, 19);
    unit("u_a", "union", "infantry", "line", 49, 20, 0, NULL);
    if (pair)
        unit("u_b", "union", "infantry", "line", 39.5, 20, 0, NULL);
    unit("c_t", "csa", "infantry", "line", 50, 30, 90, NULL);
    far_off(union_far);
    build();
    tu_world(fx.g)->turn = 8;
}

/* The flank charge of the first test, on the last turn, by a regiment standing alone on an objective
 * worth 2 points (radius 3), the Confederates having two more regiments far off: the charge ends in
 * contact 10 in away, off the objective, win or lose, and the points decide the game (D-GAME-8), so
 * normal and hard stay. With a second regiment on the objective, the first is free to charge. (The
 * easy commander does not watch the clock, by design.) */
START_TEST(last_turn_lone_holder_does_not_charge_off_its_objective)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        for (int pair = 0; pair < 2; pair++) {
            lone_holder(pair, false);
            skip_to(VL_PHASE_CHARGE);
            ck_assert_int_eq(vl_game_points(fx.g, 0), 2);
            ai_plays((VlAiLevel)level, 1);
            const VlAiIntent *it = issued(VL_CMD_CHARGE, U("u_a"));
            ck_assert_msg((it != NULL) == (pair == 1), "%s, %s on the objective: %s (%s)", vl_ai_level_name((VlAiLevel)level),
                          pair ? "two regiments" : "one regiment", it ? "charged" : "did not charge", it ? it->reason : "");
        }
    }
}
END_TEST

/* The same, a phase earlier: the lone holder, which will not charge, does not give up its fire for
 * the charge either (a unit that fires may not charge, GOR-CHG-1, so the fire phase weighs the
 * charge as the charge phase will, objective and all). With the pair, u_a holds its fire for the
 * charge it will make. */
START_TEST(last_turn_lone_holder_fires_rather_than_wait_for_a_charge)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        for (int pair = 0; pair < 2; pair++) {
            lone_holder(pair, false);
            skip_to(VL_PHASE_FIRE);
            ai_plays((VlAiLevel)level, 1);
            bool held = false;
            for (int i = 0; i < plan.n; i++)
                held |= plan.items[i].unit == U("u_a") && strstr(plan.items[i].reason, "holds its fire to charge") != NULL;
            ck_assert_msg(held == (pair == 1), "%s, %s on the objective: %s", vl_ai_level_name((VlAiLevel)level),
                          pair ? "two regiments" : "one regiment", held ? "held its fire for a charge" : "did not hold its fire");
        }
    }
}
END_TEST

/* The last turn: a Union regiment and a limbered Confederate battery both stand on the Knoll (2
 * points, radius 3), the guns 2.5 in in front of the regiment's face and 0.5 in from the Knoll's
 * middle, so neither side holds it. Close combat is 8 dice against the guns' 2 (GOR-CC-2) and the
 * side with more HITs falls back 4 in (GOR-CC-6), off the Knoll; the charger ends in contact, on it.
 * Fire could only push the guns off by a test failed by 2 or more (2 in a point, GOR-FIRE-5). Normal
 * and hard hold the regiment's fire in the fire phase and charge in the charge phase: a charge that
 * is likely to push the only enemy off a shared objective is worth more than the shot. */
START_TEST(last_turn_charge_pushes_the_enemy_off_a_shared_objective)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(8, "Knoll", 44.5, 21);
        unit("u_a", "union", "infantry", "line", 44.5, 19, 0, NULL);
        unit("c_guns", "csa", "artillery", "limbered", 44.5, 21.5, 180, NULL);
        far_off(true);
        build();
        tu_world(fx.g)->turn = 8;
        const char *name = vl_ai_level_name((VlAiLevel)level);
        skip_to(VL_PHASE_FIRE);
        ck_assert_int_eq(vl_game_points(fx.g, 0), 0);
        ai_plays((VlAiLevel)level, 1);
        const VlAiIntent *fired = issued(VL_CMD_FIRE, U("u_a"));
        ck_assert_msg(fired == NULL, "%s fired rather than charge: %s", name, fired ? fired->reason : "");
        skip_to(VL_PHASE_CHARGE);
        ai_plays((VlAiLevel)level, 1);
        const VlAiIntent *it = issued(VL_CMD_CHARGE, U("u_a"));
        ck_assert_msg(it != NULL && it->target == U("c_guns"), "%s did not charge the guns", name);
    }
}
END_TEST

/* The last player turn of the game, the Confederates' (the Union moves first): points 0-0. The
 * flank of a Union line with 4 HITs lies 10 in ahead of c_a; routing it would break the Union's
 * army of two (50 %) and win outright, but a charge is a gamble, and its contact is off the Knoll
 * (2 points, nobody's), which c_a's front corner is 1.6 in from: after a step onto it the enemy
 * has no move left, a sure win. Normal and hard judge both by the result they bring, and move. */
START_TEST(last_player_turn_the_sure_win_beats_the_gamble)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(8, "Knoll", 44, 24.5);
        unit("c_a", "csa", "infantry", "line", 49, 20, 0, NULL);
        unit("u_t", "union", "infantry", "line", 50, 34, 90, NULL);
        unit("u_far", "union", "infantry", "line", 90, 10, 270, NULL);
        unit("c_far", "csa", "infantry", "line", 6, 40, 90, NULL);
        unit("u_gen", "union", "general", NULL, 90, 4, 0, "\"quality\":\"seasoned\"");
        unit("c_gen", "csa", "general", NULL, 6, 44, 180, "\"quality\":\"seasoned\"");
        build();
        VlWorld *w = tu_world(fx.g);
        w->turn = 8;
        w->units[U("u_t")].hits = 4;
        const char *name = vl_ai_level_name((VlAiLevel)level);
        skip_to_side(1, VL_PHASE_CHARGE);
        ai_plays((VlAiLevel)level, 1);
        const VlAiIntent *it = issued(VL_CMD_CHARGE, U("c_a"));
        ck_assert_msg(it == NULL, "%s charged: %s", name, it ? it->reason : "");
        skip_to_side(1, VL_PHASE_MOVEMENT);
        ai_plays((VlAiLevel)level, 1);
        ck_assert_msg(vl_game_points(fx.g, 1) == 2, "%s: %d points, c_a at (%.1f, %.1f)", name, vl_game_points(fx.g, 1),
                      vl_world_unit(w, U("c_a"))->pose.anchor.x, vl_world_unit(w, U("c_a"))->pose.anchor.y);
    }
}
END_TEST

/* The last turn, the Union's, with the Confederates still to move after it: u_a stands alone on the
 * Knoll (2 points) and the flank of c_t lies within its charge reach, as in the test above. One
 * regiment a side has already routed (a point each), so the Union leads 3-1 and wins if the points
 * stand; a charge carries u_a off the Knoll (a draw) unless it routs c_t, which would break the
 * Confederate army (two of three routed) and win outright. Normal and hard play the charge out on
 * copies and weigh both ways by the result: they do not charge. */
START_TEST(last_turn_a_lead_that_stands_beats_a_gamble_for_a_break)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        lone_holder(false, true);
        VlWorld *w = tu_world(fx.g);
        w->units[U("u_far1")].routed = true;
        w->units[U("c_far2")].routed = true;
        skip_to(VL_PHASE_CHARGE);
        ck_assert_int_eq(vl_game_points(fx.g, 0), 3);
        ck_assert_int_eq(vl_game_points(fx.g, 1), 1);
        ai_plays((VlAiLevel)level, 1);
        const VlAiIntent *it = issued(VL_CMD_CHARGE, U("u_a"));
        ck_assert_msg(it == NULL, "%s charged: %s", vl_ai_level_name((VlAiLevel)level), it ? it->reason : "");
    }
}
END_TEST

/* Turns 7 and 8 of 8 for the Union, its artillery and movement phases played by @p level and the
 * Confederates doing nothing: the battery u_bat holds its fire on turn 7 (and on turn 8 too with
 * @p hold_8), has limbered up after turn 7's move, and ends within the radius of the objective the
 * fixture put at (48, 36), which leaves side @p side @p points points. */
static void battery_last_two_turns(VlAiLevel level, bool hold_8, int side, int points)
{
    VlWorld *w = tu_world(fx.g);
    const char *name = vl_ai_level_name(level);
    w->turn = 7;
    for (int turn = 7; turn <= 8; turn++) {
        skip_to_side(0, VL_PHASE_ARTILLERY);
        ai_plays(level, (uint64_t)turn);
        if (turn == 7 || hold_8)
            ck_assert_msg(issued(VL_CMD_ARTILLERY_FIRE, U("u_bat")) == NULL, "%s: the battery fired on turn %d", name, turn);
        skip_to_side(0, VL_PHASE_MOVEMENT);
        ai_plays(level, (uint64_t)turn);
        if (turn == 7) {
            ck_assert_msg(vl_world_unit(w, U("u_bat"))->formation == VL_FORM_LIMBERED, "%s: the battery did not limber up", name);
            skip_to_side(1, VL_PHASE_ARTILLERY); /* the Confederates do nothing */
        }
    }
    VlVec2 o = {48, 36};
    double d = vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_bat"))->fp, &o, 1);
    ck_assert_msg(d <= 3, "%s: the battery is %.2f in from the objective at the end", name, d);
    ck_assert_int_eq(vl_game_points(fx.g, side), points);
}

/* An unlimbered battery 9 in short of the radius of an objective nobody holds (2 points), an enemy
 * regiment in its arc and range (two more far off), two turns to go. Guns cannot move until limbered (the movement
 * table; GOR-FORM-7), so reaching the objective takes both turns: normal and hard hold their fire,
 * limber up, and stand within the radius at the end. The Confederates do nothing. */
START_TEST(battery_limbers_up_in_time_to_reach_an_objective)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(8, "Crossroads", 48, 36);
        unit("u_bat", "union", "artillery", "unlimbered", 48, 24, 0, NULL);
        unit("c_t", "csa", "infantry", "line", 62, 42, 270, NULL);
        unit("c_far1", "csa", "infantry", "line", 90, 10, 270, NULL);
        unit("c_far2", "csa", "infantry", "line", 90, 30, 270, NULL);
        build();
        VlVec2 o = {48, 36};
        ck_assert(vl_footprint_distance_to_convex(&vl_world_unit(tu_world(fx.g), U("u_bat"))->fp, &o, 1) > 3 + 5);
        battery_last_two_turns((VlAiLevel)level, true, 0, 2);
    }
}
END_TEST

/* Two turns to go; an objective worth 2 held by a lone enemy regiment. The nearest Union unit by the
 * straight-line count is a cavalry regiment 15 in from the radius that could gallop there, but an
 * enemy line stands 2 in in front of it: every advance or wheel towards the objective would touch it,
 * and units never move to contact in general movement (GOR-MOVE-2). An unlimbered battery 9 in short
 * of the radius has a clear road. Normal and hard send the guns as well (they limber up on the turn
 * before the last, holding their fire, and drive on), and the objective is denied at the end.
 * The Confederates do nothing. */
START_TEST(guns_go_too_when_the_regiment_sent_is_hemmed_in)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(8, "Crossroads", 48, 36);
        unit("u_bat", "union", "artillery", "unlimbered", 48, 24, 0, NULL);
        unit("u_cav", "union", "cavalry", "line", 30, 36, 90, NULL);
        unit("c_block", "csa", "infantry", "line", 32, 36, 270, NULL);
        unit("c_hold", "csa", "infantry", "line", 48, 36, 180, NULL);
        build();
        ck_assert_int_eq(vl_game_points(fx.g, 1), 2);
        battery_last_two_turns((VlAiLevel)level, false, 1, 0);
    }
}
END_TEST

/* Two turns to go, as above, but a belt of rough ground 6 in deep lies across the battery's road
 * (limbered guns go 5 in a move there, not 10: the movement table). Limbering up (a move), then
 * crossing the belt, cannot bring the guns within the radius by the end, so sending them would only
 * throw away two turns of fire at the regiment holding the objective. Normal and hard fire on turn 7
 * and leave the guns unlimbered. Before guns were held to the moves left, normal held its fire on
 * turn 7 to limber up for the long chance. */
START_TEST(guns_do_not_limber_for_an_objective_beyond_their_moves)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(8, "Crossroads", 48, 36);
        unit("u_bat", "union", "artillery", "unlimbered", 48, 24, 0, NULL);
        unit("c_hold", "csa", "infantry", "line", 48, 36, 180, NULL);
        tu_sb_rect("t_rough", "rough", NULL, 30, 26.5, 66, 32.5);
        build();
        VlWorld *w = tu_world(fx.g);
        const char *name = vl_ai_level_name((VlAiLevel)level);
        ck_assert_int_eq(vl_game_points(fx.g, 1), 2);
        w->turn = 7;
        skip_to_side(0, VL_PHASE_ARTILLERY);
        ai_plays((VlAiLevel)level, 7);
        ck_assert_msg(issued(VL_CMD_ARTILLERY_FIRE, U("u_bat")) != NULL, "%s: the battery held its fire", name);
        skip_to_side(0, VL_PHASE_MOVEMENT);
        VlRng rng;
        vl_rng_seed(&rng, 7, 99);
        ck_assert_int_ge(vl_ai_phase(fx.g, NULL, &rng, (VlAiLevel)level, &plan), 0);
        ck_assert_int_eq(plan.refused, 0);
        ck_assert_msg(vl_world_unit(w, U("u_bat"))->formation == VL_FORM_UNLIMBERED, "%s: the battery limbered up", name);
    }
}
END_TEST

/* A regiment in line 8 in from its own table edge, facing an enemy battery that will fire on it; it
 * has acted this turn and stays. Its brigade commander stands 3 in directly behind it: there he is
 * carried back with it whenever it fails a fire test, and a test failed by 4 or more (8 in) takes
 * him off the table for good (GOR-FOLLOW-1, D-GAME-5). Normal and hard move him out from behind it,
 * still within 8 in of it (GOR-CMD-1). */
START_TEST(commander_keeps_out_from_behind_a_regiment_near_the_edge)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        unit("u_reg", "union", "infantry", "line", 8, 24, 90, BRIGADE_UB);
        unit("u_gen", "union", "general", NULL, 4, 24, 90, BRIGADE_UB);
        unit("c_bat", "csa", "artillery", "unlimbered", 30, 24, 270, NULL);
        unit("c_inf", "csa", "infantry", "line", 60, 30, 270, NULL);
        build();
        VlWorld *w = tu_world(fx.g);
        const char *name = vl_ai_level_name((VlAiLevel)level);
        skip_to_side(0, VL_PHASE_MOVEMENT);
        w->units[U("u_reg")].acted = true;
        int behind[8];
        ck_assert_int_eq(vl_world_units_behind(w, U("u_reg"), behind, 8), 1);
        ck_assert_int_eq(behind[0], U("u_gen"));
        ai_plays((VlAiLevel)level, 1);
        ck_assert_msg(vl_world_in_command(w, U("u_reg"), NULL), "%s: the regiment is out of command", name);
        int nb = vl_world_units_behind(w, U("u_reg"), behind, 8);
        for (int k = 0; k < nb; k++)
            ck_assert_msg(behind[k] != U("u_gen"), "%s: the commander stands directly behind the regiment", name);
    }
}
END_TEST

/* Two regiments of a brigade, both having acted this turn, 10 in apart, the enemy 30 in off; one has
 * 4 HITs (-2 to its morale, a HIT from its first retreat test, GOR-MOR-2 and GOR-RETR-1). A
 * commander touching a unit adds 1 to its morale tests (GOR-MOR-2): normal and hard ride their
 * commander up to the hurt regiment and leave him in contact with it, and say why. */
START_TEST(commander_rides_up_to_steady_a_hurt_regiment)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        unit("u_hurt", "union", "infantry", "line", 30, 18, 90, BRIGADE_UB);
        unit("u_fresh", "union", "infantry", "line", 30, 30, 90, BRIGADE_UB);
        unit("u_gen", "union", "general", NULL, 22, 24, 90, BRIGADE_UB);
        unit("c_inf", "csa", "infantry", "line", 62, 24, 270, NULL);
        build();
        VlWorld *w = tu_world(fx.g);
        const char *name = vl_ai_level_name((VlAiLevel)level);
        skip_to_side(0, VL_PHASE_MOVEMENT);
        w->units[U("u_hurt")].hits = 4;
        w->units[U("u_hurt")].acted = w->units[U("u_fresh")].acted = true;
        ck_assert(vl_footprint_distance(&vl_world_unit(w, U("u_gen"))->fp, &vl_world_unit(w, U("u_hurt"))->fp) > 3);
        ai_plays((VlAiLevel)level, 1);
        const VlAiIntent *it = issued(VL_CMD_MOVE, U("u_gen"));
        ck_assert_msg(it != NULL, "%s: the commander stayed", name);
        ck_assert_msg(vl_footprint_distance(&vl_world_unit(w, U("u_gen"))->fp, &vl_world_unit(w, U("u_hurt"))->fp) == 0,
                      "%s: the commander is %.2f in from the hurt regiment: %s", name,
                      vl_footprint_distance(&vl_world_unit(w, U("u_gen"))->fp, &vl_world_unit(w, U("u_hurt"))->fp), it->reason);
        ck_assert_msg(strncmp(it->reason, "ride up: steadies u_hurt (4 HITs)", 33) == 0, "%s: \"%s\"", name, it->reason);
        ck_assert_msg(vl_world_in_command(w, U("u_fresh"), NULL), "%s: the other regiment is out of command", name);
    }
}
END_TEST

/* A Union regiment in column holds the Ford (its middle at (40, 24)), facing east: its head faces an
 * enemy battery 14 in away (short range), which enfilades a column seen end on and a line seen from
 * its flank (+3 dice, GOR-ART-4). The nearest enemy is a skirmish line in woods 12.5 in to the north.
 * Staying in column, or forming line to face the skirmishers, leaves it enfiladed; a line facing the
 * guns draws the least fire, keeps the Ford and may charge them next turn. Normal and hard form line
 * facing the guns. Before the commander judged enfilade by the face the battery sees (and offered a
 * line facing the guns that would do it most harm), normal formed line facing the skirmishers, its
 * flank to the guns, counting that line as not enfiladed. */
START_TEST(holder_under_guns_forms_line_facing_them)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(8, "Ford", 40, 24);
        unit("u_reg", "union", "infantry", "column", 42, 24, 90, BRIGADE_UB);
        unit("u_gen", "union", "general", NULL, 30, 20, 90, BRIGADE_UB);
        unit("c_bat", "csa", "artillery", "unlimbered", 56, 24, 270, NULL);
        unit("c_skr", "csa", "infantry", "skirmish", 38, 38, 180, NULL);
        tu_sb_rect("t_woods", "woods", NULL, 30, 36.5, 46, 44);
        build();
        VlWorld *w = tu_world(fx.g);
        const char *name = vl_ai_level_name((VlAiLevel)level);
        ck_assert(vl_enfiladed(w, U("c_bat"), U("u_reg")));
        skip_to_side(0, VL_PHASE_MOVEMENT);
        ai_plays((VlAiLevel)level, 1);
        VlVec2 ford = {40, 24};
        ck_assert_msg(vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_reg"))->fp, &ford, 1) <= 3, "%s: it left the Ford",
                      name);
        ck_assert_msg(!vl_enfiladed(w, U("c_bat"), U("u_reg")), "%s: it stands enfiladed by the guns (%s facing %.0f)", name,
                      vl_formation_name(vl_world_unit(w, U("u_reg"))->formation), vl_world_unit(w, U("u_reg"))->pose.facing);
    }
}
END_TEST

/* A Union regiment holds a Mill with a friendly line 8 in in front of it and an enemy battery 22 in
 * beyond that; no other enemy is near. Guns on higher ground see over lower units (GOR-ART-2), not
 * over units on their own level: with the battery on a hill, the place the regiment holds draws its
 * fire, and the commander's explanation says so; on the flat, the friend screens it and nothing is
 * drawn. Before the commander judged the guns' sight as the game does, it took the friend for a
 * screen either way. */
START_TEST(guns_on_a_hill_see_over_a_friend_in_front)
{
    for (int hill = 0; hill < 2; hill++) {
        fx_free();
        objective(8, "Mill", 40, 24);
        unit("u_reg", "union", "infantry", "line", 40, 24, 90, BRIGADE_UB);
        unit("u_screen", "union", "infantry", "line", 48, 24, 90, BRIGADE_UB);
        unit("u_gen", "union", "general", NULL, 36, 30, 90, BRIGADE_UB);
        unit("c_bat", "csa", "artillery", "unlimbered", 70, 24, 270, NULL);
        if (hill)
            tu_sb_rect("t_hill", "hill", "\"level\":1", 66, 18, 76, 30);
        build();
        VlWorld *w = tu_world(fx.g);
        VlSight s;
        vl_artillery_sight(w, U("c_bat"), U("u_reg"), &s);
        ck_assert(s.clear == (hill == 1));
        skip_to_side(0, VL_PHASE_MOVEMENT);
        w->units[U("u_screen")].acted = true;
        ai_plays(VL_AI_NORMAL, 1);
        const VlAiIntent *it = NULL;
        for (int i = 0; i < plan.n; i++)
            if (plan.items[i].unit == U("u_reg"))
                it = &plan.items[i];
        ck_assert(it != NULL);
        ck_assert_msg((strstr(it->reason, "draws") != NULL) == (hill == 1), "%s: \"%s\"", hill ? "on the hill" : "on the flat",
                      it->reason);
    }
}
END_TEST

/* A regiment with 4 HITs holds an objective (the Knoll, centre 3 in behind its front), facing east
 * 14 in from a fresh enemy line, within its charge reach; its own battery stands 8 in behind it, the
 * guns' back 4 in from the west edge. A step back that keeps the Knoll is a morale test (GOR-MOVE-5);
 * failed, its HIT is the fifth, and the retreat test that brings (GOR-RETR-1) would take the
 * regiment 10 in back with the guns, within 5 in directly behind it by then, off the table
 * (GOR-FOLLOW-1). Without that second step counted, normal steps back onto the guns (3.1 in from
 * them); every level that weighs the risk keeps them out from behind it. */
START_TEST(hurt_regiment_does_not_fall_back_onto_its_guns)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(8, "Knoll", 13, 24);
        unit("u_reg", "union", "infantry", "line", 16, 24, 90, BRIGADE_UB);
        unit("u_bat", "union", "artillery", "unlimbered", 6, 24, 90, BRIGADE_UB);
        unit("u_gen", "union", "general", NULL, 10, 34, 90, BRIGADE_UB);
        unit("c_fresh", "csa", "infantry", "line", 30, 24, 270, "\"quality\":\"veteran\"");
        build();
        VlWorld *w = tu_world(fx.g);
        w->units[U("u_reg")].hits = 4;
        skip_to_side(0, VL_PHASE_MOVEMENT);
        w->units[U("u_bat")].acted = true;
        ai_plays((VlAiLevel)level, 1);
        int behind[8];
        int nb = vl_world_units_behind(w, U("u_reg"), behind, 8);
        for (int k = 0; k < nb; k++)
            ck_assert_msg(behind[k] != U("u_bat"), "%s: the regiment stands within 5 in in front of its guns",
                          vl_ai_level_name((VlAiLevel)level));
    }
}
END_TEST

/* The Union leads 2-0: its regiment u_hold stands alone on the objective (2 points) at (20, 24).
 * Its second regiment stands 15 in east of it, an enemy line 12 in further east facing it, eight
 * turns to go. Were the Union not ahead, its brigade would close on the enemy line (without the
 * rule normal and hard end 5 in from it, easy where it stood); ahead, it has its lead to lose, so
 * the free regiment gathers on the objective instead: it ends no closer to the enemy line and
 * closer to the objective. */
START_TEST(ahead_on_points_the_brigade_gathers_on_its_objective)
{
    for (int level = VL_AI_EASY; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(8, "Mill", 20, 24);
        unit("u_hold", "union", "infantry", "line", 20, 24, 90, BRIGADE_UB);
        unit("u_free", "union", "infantry", "line", 36, 24, 90, BRIGADE_UB);
        unit("u_gen", "union", "general", NULL, 28, 18, 90, BRIGADE_UB);
        unit("c_inf", "csa", "infantry", "line", 48, 24, 270, NULL);
        build();
        skip_to_side(0, VL_PHASE_MOVEMENT);
        ck_assert_int_eq(vl_game_points(fx.g, 0), 2);
        ck_assert_int_eq(vl_game_points(fx.g, 1), 0);
        const VlWorld *w = vl_game_world_const(fx.g);
        VlVec2 o = {20, 24};
        double enemy0 = gap(U("u_free"), U("c_inf"));
        double obj0 = vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_free"))->fp, &o, 1);
        ai_plays((VlAiLevel)level, 1);
        const char *name = vl_ai_level_name((VlAiLevel)level);
        double enemy1 = gap(U("u_free"), U("c_inf"));
        double obj1 = vl_footprint_distance_to_convex(&vl_world_unit(w, U("u_free"))->fp, &o, 1);
        ck_assert_msg(enemy1 >= enemy0 - 1e-9, "%s: the free regiment closed on the enemy (%.2f in, was %.2f)", name, enemy1,
                      enemy0);
        ck_assert_msg(obj1 < obj0 - 1, "%s: the free regiment is %.2f in from the objective (was %.2f)", name, obj1, obj0);
    }
}
END_TEST

/* The Union commander at @p level plays its movement phases (the Confederates doing nothing), at
 * most two, until unit @p id stands within the radius (3 in) of the objective at @p o: it must. */
static void reaches_in_two_moves(VlAiLevel level, const char *id, VlVec2 o)
{
    const VlWorld *w = vl_game_world_const(fx.g);
    double d = INFINITY;
    for (int turn = 0; turn < 2 && d > 3; turn++) {
        skip_to_side(0, VL_PHASE_MOVEMENT);
        ai_plays(level, 1 + (uint64_t)turn);
        d = vl_footprint_distance_to_convex(&vl_world_unit(w, U(id))->fp, &o, 1);
        skip_to_side(0, VL_PHASE_ARTILLERY);
    }
    ck_assert_msg(d <= 3, "%s: still %.1f in from the objective, at (%.1f, %.1f)", vl_ai_level_name(level), d,
                  vl_world_unit(w, U(id))->pose.anchor.x, vl_world_unit(w, U(id))->pose.anchor.y);
}

/* A cavalry regiment in column facing north, an objective 16 in straight ahead that nobody holds,
 * and an enemy square standing across the way 1 in in front of it. No move may touch the square
 * (GOR-MOVE-2), so the straight way is refused; the way round is aside and on. In two of its
 * movement phases normal and hard get it within the objective's radius. */
START_TEST(way_round_an_enemy_square_across_the_road)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(3, "Ford", 48, 40);
        unit("u_horse", "union", "cavalry", "column", 48, 20, 0, NULL);
        unit("c_square", "csa", "infantry", "square", 48, 28, 180, NULL);
        build();
        reaches_in_two_moves((VlAiLevel)level, "u_horse", (VlVec2){48, 40});
    }
}
END_TEST

/* A Union column at `at` facing `facing`, an objective nobody holds at `farm`, one Confederate line
 * far off at `far` facing `far_facing`: the column must start within 0.1 in of a table edge, and
 * `level` must get it within the objective's radius in two of its movement phases. */
static void column_by_the_edge_reaches(VlAiLevel level, VlVec2 at, double facing, VlVec2 farm, VlVec2 far,
                                       double far_facing)
{
    fx_free();
    objective(3, "Farm", farm.x, farm.y);
    unit("u_col", "union", "infantry", "column", at.x, at.y, facing, NULL);
    unit("c_far", "csa", "infantry", "line", far.x, far.y, far_facing, NULL);
    build();
    const VlWorld *w = vl_game_world_const(fx.g);
    VlBox b = vl_footprint_bounds(&vl_world_unit(w, U("u_col"))->fp);
    double edge = fmin(fmin(b.lo.x, b.lo.y),
                       fmin(vl_battlefield_width(w->bf) - b.hi.x, vl_battlefield_height(w->bf) - b.hi.y));
    ck_assert_double_le(edge, 0.1 + 1e-9);
    reaches_in_two_moves(level, "u_col", farm);
}

/* A regiment in column (two bases, 3.94 in deep) just come on at the east edge: facing west, its
 * tail 0.1 in from the table's edge. Its objective, nobody's, lies 14 in north. Turned where it
 * stands, its tail would swing off the table (GOR-MOVE-2), so the only order straight from where it
 * is goes west, away from the objective; the way there is straight on until the tail clears the
 * edge, then a turn north (a column turns freely) and on. Normal and hard get within the
 * objective's radius in two of their movement phases (the Confederates, far off, do nothing). */
START_TEST(column_at_the_table_edge_turns_once_clear_of_it)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++)
        column_by_the_edge_reaches((VlAiLevel)level, (VlVec2){95.9 - 2 * 50 / 25.4, 24}, 270, (VlVec2){92, 38},
                                   (VlVec2){10, 6}, 0);
}
END_TEST

/* A regiment in column that has marched up to the south edge facing it: its head 0.1 in from the
 * edge, its objective, nobody's, 16 in north, behind it. A column turns about its head, so any turn
 * where it stands would swing its tail off the table (GOR-MOVE-2), and straight on is the edge. The
 * way out is an about turn (half the allowance, GOR-MOVE-3: the rear face becomes the front) and on
 * with the other half. Normal and hard get within the objective's radius in two of their movement
 * phases; before they judged the about turn they stood there, turn after turn (the tutorial's 13th
 * Alabama, `volley sim` seed 7269, turns 4 to 8). */
START_TEST(column_facing_the_table_edge_about_turns_to_go_back)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++)
        column_by_the_edge_reaches((VlAiLevel)level, (VlVec2){48, 0.1}, 180, (VlVec2){48, 16}, (VlVec2){10, 44}, 180);
}
END_TEST

/* The last turn: a cavalry regiment in line facing north (x 44.1..51.9), an objective the enemy
 * holds 14 in ahead and 4 in to the right, and an enemy line 6 in ahead whose right end (x 45.9)
 * overlaps the regiment's left by 2 in, so that going straight on runs into it (GOR-MOVE-2). With
 * only the generated orders (one wheel or turn, then on) normal ended 6.1 in from the objective's
 * middle, 3.1 in outside its radius; among the orders drawn at random on the last turn, one of two
 * legs, galloping (GOR-MOVE-4), gets within it. Normal and hard deny the objective. */
START_TEST(last_turn_order_of_two_legs_round_an_enemy_line)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(3, "Mill", 52, 34);
        unit("u_horse", "union", "cavalry", "line", 48, 20, 0, NULL);
        unit("c_wall", "csa", "infantry", "line", 42, 26, 180, NULL);
        unit("c_hold", "csa", "infantry", "line", 52, 35, 0, NULL);
        last_turn_denies((VlAiLevel)level, "u_horse", (VlVec2){52, 34});
    }
}
END_TEST

/* A lone regiment in line facing north, its objective 30 in straight ahead, the one enemy straight
 * beyond it: the way to its place, the place's facing, the enemy and its own front are all the same
 * heading, so the orders the commander generates repeat one another (each heading gives the whole
 * move and half of it). Normal and hard judge each different order once: the whole advance, half of
 * it, forming column to march (nothing within 28 in), and standing still. Judging the repeats
 * instead (ten orders) would spend the level's budget on copies. */
START_TEST(only_different_orders_are_judged)
{
    for (int level = VL_AI_NORMAL; level <= VL_AI_HARD; level++) {
        fx_free();
        objective(12, "Ridge", 48, 40);
        unit("u_a", "union", "infantry", "line", 48, 10, 0, NULL);
        unit("c_far", "csa", "infantry", "line", 48, 46, 180, NULL);
        build();
        skip_to(VL_PHASE_MOVEMENT);
        ai_plays((VlAiLevel)level, 1);
        ck_assert_msg(issued(VL_CMD_MOVE, U("u_a")) != NULL, "%s: the regiment did not move", vl_ai_level_name((VlAiLevel)level));
        ck_assert_msg(plan.evaluated == 4, "%s: %d orders judged (4 different ones)", vl_ai_level_name((VlAiLevel)level),
                      plan.evaluated);
    }
}
END_TEST

/* A regiment a side, far apart, and an objective between them; the Union's movement phase. */
static void two_regiments_far_apart(void)
{
    objective(12, "Ridge", 48, 40);
    unit("u_a", "union", "infantry", "line", 48, 10, 0, NULL);
    unit("c_far", "csa", "infantry", "line", 48, 46, 180, NULL);
    build();
    skip_to(VL_PHASE_MOVEMENT);
}

/* Hard judges the postures of a movement phase on copies (choose_posture): each posture's moves are
 * made on one copy, which is then played on through the enemy's reply on several dice streams, as
 * many as the level's budget of unit-plays pays for. With two regiments on the table that is the
 * most, 8 streams: 4 postures, each 1 copy and 8 plays of it. */
START_TEST(hard_plays_its_postures_on_eight_streams_in_a_small_action)
{
    two_regiments_far_apart();
    ai_plays(VL_AI_HARD, 1);
    ck_assert_int_eq(plan.simulated, 4 * (1 + 8));
}
END_TEST

/* An interrupt that says "stop" from its (after + 1)th question on, counting the questions. */
typedef struct Asker {
    int asked, after;
} Asker;

static int stop_after(void *ctx)
{
    Asker *a = ctx;
    return ++a->asked > a->after;
}

/* Told to stop (the screen does when a new game or quitting drops a plan being made on its own
 * thread), the commander gives up at once: nothing more is issued, not even the end of the phase,
 * and it asks no more. Never told, it decides as vl_ai_phase does, look-ahead and all. */
START_TEST(an_interrupted_commander_gives_up_its_phase_at_once)
{
    two_regiments_far_apart();
    uint64_t before = vl_game_hash(fx.g);
    /* The same position four times over: stopped at the first question; stopped early in the
     * postures' look-ahead (4 postures, 8 streams each: tests above), on one thread, where the
     * questions come in a fixed sequence, and on three, at the look-ahead's first question (the
     * third: how many the planning thread asks after it depends on how the threads share the
     * work); never stopped. Only the thread that plans asks (the look-ahead's other threads are
     * told), so nothing is asked after the stop. */
    const int afters[4] = {0, 5, 2, 1 << 30};
    const char *threads[4] = {NULL, "1", "3", NULL};
    uint64_t hash[4];
    for (int k = 0; k < 4; k++) {
        if (threads[k])
            setenv("VOLLEY_THREADS", threads[k], 1);
        else
            unsetenv("VOLLEY_THREADS");
        VlGame *g = vl_game_clone(fx.g);
        VlRng rng;
        vl_rng_seed(&rng, 1, 99);
        static VlAiPlan p;
        vl_ai_plan_reset(&p);
        Asker a = {0, afters[k]};
        int n = vl_ai_phase_interruptible(g, NULL, &rng, VL_AI_HARD, &p, stop_after, &a);
        hash[k] = vl_game_hash(g);
        if (k < 3) {
            ck_assert_int_eq(n, VL_AI_INTERRUPTED);
            ck_assert_int_eq(a.asked, afters[k] + 1);
            ck_assert_int_eq(vl_game_phase(g), VL_PHASE_MOVEMENT);
            ck_assert_uint_eq(hash[k], before); /* the postures are tried on copies: nothing moved yet */
            if (k == 1)
                ck_assert_int_lt(p.simulated, 4 * (1 + 8));
        } else {
            ck_assert_int_ge(n, 1);
            ck_assert_int_gt(a.asked, 2);
            ck_assert_int_eq(p.simulated, 4 * (1 + 8));
        }
        vl_game_destroy(g);
    }
    unsetenv("VOLLEY_THREADS");
    /* Never interrupted: the same game as the plain call. */
    ai_plays(VL_AI_HARD, 1);
    ck_assert_uint_eq(vl_game_hash(fx.g), hash[3]);
    ck_assert_uint_ne(hash[3], before);
}
END_TEST

/* ---- properties ---- */

typedef struct Tally {
    int games, commands, refused, wins[3];
} Tally;

/* The word a plan gives each move just played in a movement phase matches where the move left the
 * unit: after "pull back" no nearer the enemy unit that was nearest it (enemies do not move in our
 * movement phase, so they stand as they stood), after "advance" no farther. The word is for the
 * order; cavalry in rough ground can fall short of it on its die (GOR-MOVE-1), even stay where it
 * was, but not go the other way. A hurt regiment sent forward, to an objective say, is not
 * "pulling back". */
static void moves_say_which_way(const VlGame *g, const VlAiPlan *p, int side)
{
    const VlWorld *w = vl_game_world_const(g);
    for (int i = 0; i < p->n; i++) {
        const VlAiIntent *it = &p->items[i];
        bool back = strncmp(it->reason, "pull back:", 10) == 0, fwd = strncmp(it->reason, "advance:", 8) == 0;
        if (it->phase != VL_PHASE_MOVEMENT || it->kind != VL_CMD_MOVE || !it->issued || (!back && !fwd))
            continue;
        const VlFieldUnit *fu = vl_world_unit(w, it->unit);
        VlFootprint from, to;
        vl_footprint_build(&from, it->from, it->to_formation, fu->spec);
        vl_footprint_build(&to, it->to, it->to_formation, fu->spec);
        double before = INFINITY, after = 0;
        for (int e = 0; e < w->nunits; e++) {
            if (!vl_world_present(w, e) || vl_world_side(w, e) == side || w->scenario->units[e].type == VL_GENERAL ||
                w->units[e].routed)
                continue;
            double d = vl_footprint_distance(&from, &vl_world_unit(w, e)->fp);
            if (d < before) {
                before = d;
                after = vl_footprint_distance(&to, &vl_world_unit(w, e)->fp);
            }
        }
        ck_assert_msg(back ? after >= before : after <= before, "%s: \"%s\", %.2f in from the nearest enemy, was %.2f",
                      w->scenario->units[it->unit].id, it->reason, after, before);
    }
}

/* One whole game; who[side] is a level, or -1 for the random player. */
static uint64_t play_game(const char *path, uint64_t seed, const int who[2], Tally *t)
{
    VlScenario s;
    VlDiagList d;
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_scenario_load_file(path, &s, &d), VL_OK);
    vl_diag_free(&d);
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(&s, seed, &opt);
    VlRng rng[2];
    vl_rng_seed(&rng[0], seed, 101);
    vl_rng_seed(&rng[1], seed, 202);
    static VlAiPlan p;
    vl_ai_plan_reset(&p);
    for (int guard = 0; guard < 5000 && !vl_game_over(g, NULL, NULL); guard++) {
        vl_game_start(g);
        int side = vl_game_active_side(g);
        VlPhase phase = vl_game_phase(g);
        int n = who[side] < 0 ? vl_random_player_phase(g, NULL, &rng[side])
                              : vl_ai_phase(g, NULL, &rng[side], (VlAiLevel)who[side], &p);
        if (n < 0 || p.refused) {
            t->refused++;
            break;
        }
        t->commands += n;
        if (who[side] >= 0) {
            for (int i = 0; i < p.n; i++)
                ck_assert_msg(p.items[i].reason[0], "an intent without a reason");
            if (phase == VL_PHASE_MOVEMENT)
                moves_say_which_way(g, &p, side);
        }
    }
    int winner;
    ck_assert(vl_game_over(g, &winner, NULL));
    t->wins[winner + 1]++;
    t->games++;
    uint64_t h = vl_game_hash(g);
    vl_game_destroy(g);
    vl_scenario_free(&s);
    return h;
}

/* The batches of whole games are the suite's long part (50 tutorial games take about 40 s, several
 * times that under the sanitizers). The quick tier (./scripts/volley-setup.sh test) plays a small batch that
 * still has every level on each side, against the random player and against another level;
 * VOLLEY_LONG_TESTS=1 (the second tier, ./scripts/volley-setup.sh soak) plays the full one. */
static bool long_tests(void)
{
    const char *e = getenv("VOLLEY_LONG_TESTS");
    return e && strcmp(e, "1") == 0;
}

/* Fifty games of the tutorial (six in the quick tier) against the random player and against itself,
 * every level on each side: the commander checks every order first, so the game refuses none. */
START_TEST(no_command_refused_in_many_games)
{
    Tally t = {0};
    int games = long_tests() ? 50 : 6;
    for (int k = 0; k < games; k++) {
        int level = k % 3, other = k % 5 < 3 ? -1 : (k + 1) % 3;
        int who[2] = {k % 2 ? other : level, k % 2 ? level : other};
        play_game(SHIPPED("tutorial.json"), 1000 + (uint64_t)k, who, &t);
    }
    ck_assert_int_eq(t.games, games);
    ck_assert_int_eq(t.refused, 0);
    ck_assert_int_gt(t.commands, games * 40);
}
END_TEST

/* The two larger scenarios, a few games each, every level. The quick tier plays the first only
 * (hard against easy on the brigade action; about 3 s, 20 under the sanitizers); the soak plays
 * the brigade action against the random player too. */
START_TEST(no_command_refused_on_the_larger_scenarios)
{
    Tally t = {0};
    int who[2] = {VL_AI_HARD, VL_AI_EASY};
    play_game(SHIPPED("brigade-action.json"), 3, who, &t);
    if (long_tests()) {
        who[0] = -1;
        who[1] = VL_AI_NORMAL;
        play_game(SHIPPED("brigade-action.json"), 4, who, &t);
        who[0] = VL_AI_NORMAL;
        who[1] = VL_AI_EASY;
        play_game(SHIPPED("full-battle.json"), 5, who, &t);
    }
    ck_assert_int_eq(t.refused, 0);
    ck_assert_int_eq(t.games, long_tests() ? 3 : 1);
}
END_TEST

/* The work is counted, not timed: the same seed gives the same game, bit for bit. */
START_TEST(same_seed_same_game)
{
    Tally t = {0};
    int who[2] = {VL_AI_HARD, VL_AI_NORMAL};
    uint64_t a = play_game(SHIPPED("tutorial.json"), 42, who, &t);
    uint64_t b = play_game(SHIPPED("tutorial.json"), 42, who, &t);
    ck_assert_uint_eq(a, b);
}
END_TEST

/* The commander's look-ahead rolls its own dice: its charge declarations are the same whatever
 * state the game's generator is in. */
START_TEST(decisions_do_not_depend_on_the_game_dice)
{
    unit("u_a", "union", "infantry", "line", 49, 20, 0, NULL);
    unit("u_b", "union", "infantry", "line", 30, 20, 0, NULL);
    unit("c_t", "csa", "infantry", "line", 50, 30, 90, NULL);
    unit("c_u", "csa", "infantry", "line", 30, 31, 180, NULL);
    build();
    skip_to(VL_PHASE_CHARGE);
    VlGame *other = vl_game_clone(fx.g);
    vl_game_reseed(other, 123456, 1);
    VlRng r1, r2;
    vl_rng_seed(&r1, 5, 5);
    vl_rng_seed(&r2, 5, 5);
    static VlAiPlan p1, p2;
    vl_ai_plan_reset(&p1);
    vl_ai_plan_reset(&p2);
    ck_assert_int_ge(vl_ai_phase(fx.g, NULL, &r1, VL_AI_HARD, &p1), 1);
    ck_assert_int_ge(vl_ai_phase(other, NULL, &r2, VL_AI_HARD, &p2), 1);
    ck_assert_int_eq(p1.n, p2.n);
    for (int i = 0; i < p1.n; i++) {
        ck_assert_int_eq(p1.items[i].unit, p2.items[i].unit);
        ck_assert_int_eq(p1.items[i].target, p2.items[i].target);
        ck_assert_int_eq(p1.items[i].kind, p2.items[i].kind);
    }
    vl_game_destroy(other);
}
END_TEST

/* The plan a screen draws: goals per brigade, and every decision with its reason. */
START_TEST(plan_explains_itself)
{
    unit("u_a", "union", "infantry", "line", 40, 10, 0, "\"quality\":\"seasoned\",\"brigade\":\"ub\"");
    unit("u_b", "union", "infantry", "line", 50, 10, 0, "\"quality\":\"seasoned\",\"brigade\":\"ub\"");
    unit("u_gen", "union", "general", NULL, 45, 6, 0, "\"quality\":\"seasoned\",\"brigade\":\"ub\"");
    unit("c_t", "csa", "infantry", "line", 45, 40, 180, NULL);
    build();
    skip_to(VL_PHASE_MOVEMENT);
    ai_plays(VL_AI_NORMAL, 3);
    ck_assert_int_eq(plan.side, 0);
    ck_assert_int_eq(plan.turn, 1);
    ck_assert_int_ge(plan.ngoals, 1);
    ck_assert(plan.goals[0].what[0]);
    ck_assert_int_gt(plan.evaluated, 0);
    int moves = 0;
    const VlWorld *w = vl_game_world_const(fx.g);
    for (int i = 0; i < plan.n; i++) {
        const VlAiIntent *it = &plan.items[i];
        ck_assert(it->reason[0]);
        if (it->kind == VL_CMD_MOVE && it->issued) {
            moves++;
            if (it->unit != U("u_gen"))
                ck_assert_msg(strncmp(it->reason, "advance:", 8) == 0, "\"%s\"", it->reason);
            /* Where and in what formation the order left it: as it stands now (one order a unit). */
            ck_assert_int_eq(it->to_formation, vl_world_unit(w, it->unit)->formation);
            ck_assert_near(it->to.anchor.x, vl_world_unit(w, it->unit)->pose.anchor.x, 1e-9);
        }
    }
    ck_assert_int_ge(moves, 2); /* the two regiments advance on the enemy: the game has no objectives */
    ck_assert_str_eq(vl_ai_level_name(VL_AI_HARD), "hard");
    ck_assert_int_eq(vl_ai_level_parse("easy"), VL_AI_EASY);
    ck_assert_int_eq(vl_ai_level_parse("brilliant"), -1);
}
END_TEST

static Suite *ai_suite(void)
{
    Suite *s = suite_create("ai");
    TCase *tc = tcase_create("situations");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, flank_charge_on_an_isolated_unit_is_declared);
    tcase_add_test(tc, cavalry_does_not_charge_a_square);
    tcase_add_test(tc, routed_unit_rallies);
    tcase_add_test(tc, badly_hurt_unit_is_pulled_back);
    tcase_add_test(tc, hurt_unit_pulled_back_keeps_off_the_table_edge);
    tcase_add_test(tc, fire_goes_at_the_most_valuable_target);
    tcase_add_test(tc, last_turn_fire_drives_the_enemy_off_an_objective);
    tcase_add_test(tc, last_turn_unit_moves_to_deny_an_objective);
    tcase_add_test(tc, last_turn_the_unit_denying_an_objective_stays_while_another_takes_one);
    tcase_add_test(tc, last_turn_a_regiment_joins_a_battery_likely_to_retreat_from_an_objective);
    tcase_add_test(tc, last_turn_cavalry_gallops_to_deny_an_objective);
    tcase_add_test(tc, last_turn_infantry_double_times_to_deny_an_objective);
    tcase_add_test(tc, last_turn_holder_steps_in_from_the_edge_of_an_objective_under_guns);
    tcase_add_test(tc, cavalry_finds_its_way_out_of_a_pocket);
    tcase_add_test(tc, way_round_an_enemy_square_across_the_road);
    tcase_add_test(tc, column_at_the_table_edge_turns_once_clear_of_it);
    tcase_add_test(tc, column_facing_the_table_edge_about_turns_to_go_back);
    tcase_add_test(tc, last_turn_order_of_two_legs_round_an_enemy_line);
    tcase_add_test(tc, last_turn_lone_holder_does_not_charge_off_its_objective);
    tcase_add_test(tc, last_turn_lone_holder_fires_rather_than_wait_for_a_charge);
    tcase_add_test(tc, last_turn_charge_pushes_the_enemy_off_a_shared_objective);
    tcase_add_test(tc, last_player_turn_the_sure_win_beats_the_gamble);
    tcase_add_test(tc, last_turn_a_lead_that_stands_beats_a_gamble_for_a_break);
    tcase_add_test(tc, battery_limbers_up_in_time_to_reach_an_objective);
    tcase_add_test(tc, guns_go_too_when_the_regiment_sent_is_hemmed_in);
    tcase_add_test(tc, guns_do_not_limber_for_an_objective_beyond_their_moves);
    tcase_add_test(tc, commander_keeps_out_from_behind_a_regiment_near_the_edge);
    tcase_add_test(tc, hurt_regiment_does_not_fall_back_onto_its_guns);
    tcase_add_test(tc, holder_under_guns_forms_line_facing_them);
    tcase_add_test(tc, guns_on_a_hill_see_over_a_friend_in_front);
    tcase_add_test(tc, ahead_on_points_the_brigade_gathers_on_its_objective);
    tcase_add_test(tc, commander_rides_up_to_steady_a_hurt_regiment);
    tcase_add_test(tc, only_different_orders_are_judged);
    tcase_add_test(tc, hard_plays_its_postures_on_eight_streams_in_a_small_action);
    tcase_add_test(tc, an_interrupted_commander_gives_up_its_phase_at_once);
    tcase_add_test(tc, player_words_read_and_written);
    tcase_add_test(tc, decisions_do_not_depend_on_the_game_dice);
    tcase_add_test(tc, plan_explains_itself);
    suite_add_tcase(s, tc);
    tc = tcase_create("games");
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, no_command_refused_in_many_games);
    tcase_add_test(tc, no_command_refused_on_the_larger_scenarios);
    tcase_add_test(tc, same_seed_same_game);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(ai_suite()); }
