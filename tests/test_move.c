/* The general movement resolver (vl_resolve_move, vl_move_allowance) against Good Old Rebel:
 * GOR-MOVE-1..7, GOR-FORM-6/7, GOR-TURN-3, GOR-ROUT-1, and the geometry of docs/geometry.md.
 *
 * Every scenario is a JSON text (single quotes, turned into double quotes before loading) with the
 * units placed so that the numbers come out by hand; the hand computations are in the comments.
 *
 * Conventions used throughout (docs/geometry.md): facing t, forward f = (sin t, cos t), right
 * r = (cos t, -sin t); the anchor is the middle of the front face; clockwise turns are positive.
 * Default bases: infantry and cavalry 2 x 100 x 50 mm, so a line is W = 200/25.4 = 7.874016 in wide
 * and D = 50/25.4 = 1.968504 in deep; artillery 4 x 33 x 50 mm; a general 40 x 40 mm. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define HAIR 1e-6                /* beyond the resolver's 1e-9 tolerance, far below any real measure */
#define W_INF (2 * TU_INF_W)     /* front of a 2-base infantry or cavalry line: 7.874016 in */
#define D_INF TU_INF_D           /* depth of one infantry base: 1.968504 in */
#define DRIFT_MAX (50.0 / 25.4)  /* GOR-MOVE-3: 50 mm = 1.968504 in */
#define TOL 1e-9

/* ---- scenarios ---- */

#define HEAD                                                                                               \
    "{'format': 'volley-scenario', 'version': 1, 'name': 'T',"                                            \
    " 'sides': [{'id': 'union', 'name': 'Union'}, {'id': 'csa', 'name': 'Confederate'}],"

/* A unit with a formation and a weapon; EXTRA is appended inside the object (",'key': value"). */
#define UNIT(type, weapon, id, side, form, x, y, f, extra)                                                 \
    "{'id': '" id "', 'side': '" side "', 'type': '" type "', 'formation': '" form "', 'position': [" #x    \
    ", " #y "], 'facing': " #f ", 'quality': 'seasoned', 'weapon': '" weapon "'" extra "}"
#define INF(id, side, form, x, y, f) UNIT("infantry", "rifled", id, side, form, x, y, f, "")
#define INFX(id, side, form, x, y, f, extra) UNIT("infantry", "rifled", id, side, form, x, y, f, extra)
#define CAV(id, side, form, x, y, f) UNIT("cavalry", "carbine", id, side, form, x, y, f, "")
#define DCAV(id, side, x, y, f) UNIT("cavalry", "carbine", id, side, "skirmish", x, y, f, ", 'mounted': false")
#define ART(id, side, form, x, y, f) UNIT("artillery", "rifled", id, side, form, x, y, f, "")
#define GEN(id, side, x, y, f)                                                                             \
    "{'id': '" id "', 'side': '" side "', 'type': 'general', 'position': [" #x ", " #y "], 'facing': " #f    \
    ", 'quality': 'seasoned'}"

/* A rectangle [x0,x1] x [y0,y1] as a polygon. */
#define RECT(x0, y0, x1, y1) "[[" #x0 "," #y0 "],[" #x1 "," #y0 "],[" #x1 "," #y1 "],[" #x0 "," #y1 "]]"
#define AREA(id, type, poly) "{'id': '" id "', 'type': '" type "', 'polygon': " poly "}"
#define PATH(id, type, x0, y0, x1, y1)                                                                     \
    "{'id': '" id "', 'type': '" type "', 'path': [[" #x0 "," #y0 "],[" #x1 "," #y1 "]]}"

static VlScenario g_sc;
static VlWorld *w;
static VlMoveVerdict V;

static void teardown(void)
{
    if (w) {
        vl_world_destroy(w);
        vl_scenario_free(&g_sc);
        w = NULL;
    }
}

/* Each side needs a regiment (D-SCN-9); a situation with none of the Confederates gets one that
 * arrives by the north-east corner in turn 99, off the table (and out of every check) meanwhile.
 * (UNIT writes the side just before the type, so the test below finds a Confederate regiment.) */
#define RESERVE ",{'id': 'csa_reserve', 'side': 'csa', 'type': 'infantry', 'formation': 'line', 'position': [90, 46]," \
                " 'facing': 180, 'quality': 'raw', 'weapon': 'rifled', 'arrives': {'turn': 99, 'edge': 'north'}}"

/* Load HEAD + the optional extra top-level members + terrain + units; build the world. */
static void load(const char *extra, const char *terrain, const char *units)
{
    bool fights = strstr(units, "'side': 'csa', 'type': 'infantry'") || strstr(units, "'side': 'csa', 'type': 'cavalry'") ||
                  strstr(units, "'side': 'csa', 'type': 'artillery'");
    const char *reserve = fights ? "" : RESERVE;
    size_t n = strlen(HEAD) + strlen(extra) + strlen(terrain) + strlen(units) + strlen(reserve) + 64;
    char *t = malloc(n);
    ck_assert_ptr_nonnull(t);
    snprintf(t, n, "%s%s 'terrain': [%s], 'units': [%s%s]}", HEAD, extra, terrain, units, reserve);
    for (char *p = t; *p; p++)
        if (*p == '\'')
            *p = '"';
    tu_load_ok(t, &g_sc);
    free(t);
    w = vl_world_create(&g_sc, 1);
    ck_assert_ptr_nonnull(w);
}

static int uid(const char *id)
{
    int u = vl_scenario_find_unit(&g_sc, id);
    ck_assert_msg(u >= 0, "no unit %s", id);
    return u;
}

static int tid(const char *id)
{
    for (int i = 0; i < g_sc.nterrain; i++)
        if (strcmp(g_sc.terrain[i].id, id) == 0)
            return i;
    ck_abort_msg("no terrain %s", id);
    return -1;
}

/* ---- orders ---- */

static VlMoveOrder order(const char *unit)
{
    VlMoveOrder o;
    memset(&o, 0, sizeof o);
    o.unit = uid(unit);
    return o;
}

static void step(VlMoveOrder *o, VlStepKind k, double amount)
{
    ck_assert_int_lt(o->nsteps, VL_MAX_STEPS);
    o->steps[o->nsteps++] = (VlStep){k, amount, VL_PIVOT_CENTRE, VL_FORM_NONE, true, -1, NAN};
}

static void wheel(VlMoveOrder *o, double deg, VlPivot pivot)
{
    step(o, VL_STEP_WHEEL, deg);
    o->steps[o->nsteps - 1].pivot = pivot;
}

static void pivot(VlMoveOrder *o, double deg, VlPivot p)
{
    step(o, VL_STEP_PIVOT, deg);
    o->steps[o->nsteps - 1].pivot = p;
}

static void form(VlMoveOrder *o, VlFormation f, bool mounted, int keep, double facing)
{
    step(o, VL_STEP_FORM, 0);
    VlStep *s = &o->steps[o->nsteps - 1];
    s->formation = f;
    s->mounted = mounted;
    s->keep_base = keep;
    s->facing = facing;
}

/* One-step orders. */
static const VlMoveVerdict *go(const VlMoveOrder *o)
{
    vl_resolve_move(w, o, &V);
    return &V;
}

static const VlMoveVerdict *go1(const char *unit, VlStepKind k, double amount)
{
    VlMoveOrder o = order(unit);
    step(&o, k, amount);
    return go(&o);
}

/* ---- verdict checks ---- */

static const char *why(const VlMoveVerdict *v)
{
    static char buf[8192];
    size_t len = 0;
    buf[0] = 0;
    len += (size_t)snprintf(buf + len, sizeof buf - len, "[legal %d ground %s allowance %.9g..%.9g cost %.12g]",
                            v->legal, vl_ground_name(v->ground), v->allowance.min, v->allowance.max, v->cost);
    for (int i = 0; i < v->why.n && len < sizeof buf - 1; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, " %s%s: %s;", v->why.r[i].clause,
                                v->why.r[i].ok ? "" : " (refuses)", v->why.r[i].text);
    return buf;
}

static bool has_reason(const VlMoveVerdict *v, const char *clause, bool ok)
{
    for (int i = 0; i < v->why.n; i++)
        if (strcmp(v->why.r[i].clause, clause) == 0 && v->why.r[i].ok == ok)
            return true;
    return false;
}

#define LEGAL(v) ck_assert_msg((v)->legal, "expected legal: %s", why(v))
#define ILLEGAL(v) ck_assert_msg(!(v)->legal, "expected refused: %s", why(v))
/* Refused, with a refusing reason of this clause. */
#define REFUSED_BY(v, clause)                                                                              \
    do {                                                                                                   \
        ILLEGAL(v);                                                                                        \
        ck_assert_msg(has_reason((v), (clause), false), "no refusing %s reason: %s", (clause), why(v));   \
    } while (0)

static double norm_deg(double a)
{
    a = fmod(a, 360.0);
    return a < 0 ? a + 360 : a;
}

/* Facings compared modulo 360. */
#define FACING_NEAR(a, b)                                                                                  \
    do {                                                                                                   \
        double fd_ = fabs(norm_deg(a) - norm_deg(b));                                                     \
        ck_assert_msg(fmin(fd_, 360 - fd_) <= 1e-9, "facing %.17g, expected %.17g", (double)(a), (double)(b)); \
    } while (0)

#define POSE_NEAR(p, x, y, f)                                                                              \
    do {                                                                                                   \
        ck_assert_vec_near((p).anchor, (x), (y), TOL);                                                      \
        FACING_NEAR((p).facing, (f));                                                                      \
    } while (0)

/* The footprint a verdict's final pose and formation give the unit. */
static VlFootprint final_fp(int u, const VlMoveVerdict *v)
{
    VlFootprint fp;
    vl_footprint_build(&fp, v->final_pose, v->final_formation, vl_world_unit(w, u)->spec);
    return fp;
}

static VlVec2 centre(const VlQuad *q) { return vl_v2_lerp(q->p[0], q->p[2], 0.5); }

/* Advance exactly @p allowance (legal) and a hair more (refused, GOR-MOVE-2 cost over allowance). */
static void check_allowance_by_advance(const char *unit, double allowance, VlGround ground)
{
    const VlMoveVerdict *v = go1(unit, VL_STEP_ADVANCE, allowance);
    ck_assert_msg(v->legal, "%s advancing %.6g: %s", unit, allowance, why(v));
    ck_assert_msg(v->ground == ground, "%s: ground %s, expected %s", unit, vl_ground_name(v->ground),
                  vl_ground_name(ground));
    ck_assert_near(v->allowance.max, allowance, TOL);
    ck_assert_near(v->allowance.min, allowance, TOL);
    ck_assert_near(v->cost, allowance, TOL);
    v = go1(unit, VL_STEP_ADVANCE, allowance + HAIR);
    ck_assert_msg(!v->legal && has_reason(v, "GOR-MOVE-2", false), "%s advancing %.6g + 1e-6: %s", unit,
                  allowance, why(v));
}

/* ===================================================================================================
 * GOR-MOVE-1: the Movement Table, as vl_move_allowance gives it
 * =================================================================================================== */

static void load_empty(void) { load("", "", INF("u1", "union", "line", 48, 10, 0)); }

static void expect_allowance(VlUnitType t, VlFormation f, bool mounted, VlGround g, int die, double lo, double hi,
                             bool die_loss)
{
    VlAllowance a = vl_move_allowance(w, t, f, mounted, g, die);
    ck_assert_msg(a.can_move, "%s %s on %s cannot move", vl_unit_type_name(t), vl_formation_name(f), vl_ground_name(g));
    ck_assert_msg(fabs(a.min - lo) <= TOL && fabs(a.max - hi) <= TOL && a.die_loss == die_loss,
                  "%s %s%s on %s (die %d): %.9g..%.9g die_loss %d, expected %.9g..%.9g die_loss %d",
                  vl_unit_type_name(t), vl_formation_name(f), mounted ? "" : " (dismounted)", vl_ground_name(g), die,
                  a.min, a.max, a.die_loss, lo, hi, die_loss);
}

/* Limbered artillery: 10 open, 10 - 5 = 5 rough, 10 + 5 = 15 road. */
START_TEST(gor_move_1_table_limbered_artillery_10_5_15)
{
    load_empty();
    expect_allowance(VL_ARTILLERY, VL_FORM_LIMBERED, false, VL_GROUND_OPEN, 0, 10, 10, false);
    expect_allowance(VL_ARTILLERY, VL_FORM_LIMBERED, false, VL_GROUND_ROUGH, 0, 5, 5, false);
    expect_allowance(VL_ARTILLERY, VL_FORM_LIMBERED, false, VL_GROUND_ROAD, 0, 15, 15, false);
}
END_TEST

/* Infantry line: 10 open, 5 rough, road "-" = no change: 10. */
START_TEST(gor_move_1_table_infantry_line_10_5_10)
{
    load_empty();
    expect_allowance(VL_INFANTRY, VL_FORM_LINE, false, VL_GROUND_OPEN, 0, 10, 10, false);
    expect_allowance(VL_INFANTRY, VL_FORM_LINE, false, VL_GROUND_ROUGH, 0, 5, 5, false);
    expect_allowance(VL_INFANTRY, VL_FORM_LINE, false, VL_GROUND_ROAD, 0, 10, 10, false);
}
END_TEST

/* Infantry skirmish line: 10 everywhere (rough does not slow it). */
START_TEST(gor_move_1_table_infantry_skirmish_10_10_10)
{
    load_empty();
    expect_allowance(VL_INFANTRY, VL_FORM_SKIRMISH, false, VL_GROUND_OPEN, 0, 10, 10, false);
    expect_allowance(VL_INFANTRY, VL_FORM_SKIRMISH, false, VL_GROUND_ROUGH, 0, 10, 10, false);
    expect_allowance(VL_INFANTRY, VL_FORM_SKIRMISH, false, VL_GROUND_ROAD, 0, 10, 10, false);
}
END_TEST

/* Infantry column: 15 open, 15 - 5 = 10 rough, 15 + 5 = 20 road. */
START_TEST(gor_move_1_table_infantry_column_15_10_20)
{
    load_empty();
    expect_allowance(VL_INFANTRY, VL_FORM_COLUMN, false, VL_GROUND_OPEN, 0, 15, 15, false);
    expect_allowance(VL_INFANTRY, VL_FORM_COLUMN, false, VL_GROUND_ROUGH, 0, 10, 10, false);
    expect_allowance(VL_INFANTRY, VL_FORM_COLUMN, false, VL_GROUND_ROAD, 0, 20, 20, false);
}
END_TEST

/* Cavalry line: 10 open, 10 road (no change), rough 10 - 1D6 in: 4..9 without the die, 10 - die with it. */
START_TEST(gor_move_1_table_cavalry_line_10_less_d6_10)
{
    load_empty();
    expect_allowance(VL_CAVALRY, VL_FORM_LINE, true, VL_GROUND_OPEN, 0, 10, 10, false);
    expect_allowance(VL_CAVALRY, VL_FORM_LINE, true, VL_GROUND_ROAD, 0, 10, 10, false);
    expect_allowance(VL_CAVALRY, VL_FORM_LINE, true, VL_GROUND_ROUGH, 0, 4, 9, true);
    for (int die = 1; die <= 6; die++)
        expect_allowance(VL_CAVALRY, VL_FORM_LINE, true, VL_GROUND_ROUGH, die, 10 - die, 10 - die, true);
}
END_TEST

/* Cavalry column: 15 open, 15 + 5 = 20 road, rough 15 - 1D6: 9..14, or 15 - die. */
START_TEST(gor_move_1_table_cavalry_column_15_less_d6_20)
{
    load_empty();
    expect_allowance(VL_CAVALRY, VL_FORM_COLUMN, true, VL_GROUND_OPEN, 0, 15, 15, false);
    expect_allowance(VL_CAVALRY, VL_FORM_COLUMN, true, VL_GROUND_ROAD, 0, 20, 20, false);
    expect_allowance(VL_CAVALRY, VL_FORM_COLUMN, true, VL_GROUND_ROUGH, 0, 9, 14, true);
    for (int die = 1; die <= 6; die++)
        expect_allowance(VL_CAVALRY, VL_FORM_COLUMN, true, VL_GROUND_ROUGH, die, 15 - die, 15 - die, true);
}
END_TEST

/* Brigade commander: 15 on every ground. */
START_TEST(gor_move_1_table_general_15_15_15)
{
    load_empty();
    for (int g = VL_GROUND_OPEN; g <= VL_GROUND_ROAD; g++)
        expect_allowance(VL_GENERAL, VL_FORM_NONE, false, (VlGround)g, 0, 15, 15, false);
}
END_TEST

/* GOR-CAV-1 with the table: dismounted cavalry moves as a skirmish line, 10 everywhere. */
START_TEST(gor_move_1_table_dismounted_cavalry_moves_as_skirmishers)
{
    load_empty();
    for (int g = VL_GROUND_OPEN; g <= VL_GROUND_ROAD; g++)
        expect_allowance(VL_CAVALRY, VL_FORM_SKIRMISH, false, (VlGround)g, 0, 10, 10, false);
}
END_TEST

/* Unlimbered artillery: "-" in every column (it may only pivot); squares are not in the table. */
START_TEST(gor_move_1_table_unlimbered_artillery_and_square_cannot_move)
{
    load_empty();
    for (int g = VL_GROUND_OPEN; g <= VL_GROUND_ROAD; g++) {
        ck_assert(!vl_move_allowance(w, VL_ARTILLERY, VL_FORM_UNLIMBERED, false, (VlGround)g, 0).can_move);
        ck_assert(!vl_move_allowance(w, VL_INFANTRY, VL_FORM_SQUARE, false, (VlGround)g, 0).can_move);
    }
}
END_TEST

/* D-MOVE-1 option: the note's centimetres. Cavalry line in rough: 10 - die/2.54 in, so without the
 * die 10 - 6/2.54 = 7.637795 .. 10 - 1/2.54 = 9.606299; die 3: 10 - 1.181102 = 8.818898.
 * Column: 15 - die/2.54. */
START_TEST(gor_move_1_cavalry_rough_in_cm_option)
{
    load_empty();
    w->options.cavalry_rough_in_cm = true;
    expect_allowance(VL_CAVALRY, VL_FORM_LINE, true, VL_GROUND_ROUGH, 0, 10 - 6 / 2.54, 10 - 1 / 2.54, true);
    expect_allowance(VL_CAVALRY, VL_FORM_LINE, true, VL_GROUND_ROUGH, 3, 10 - 3 / 2.54, 10 - 3 / 2.54, true);
    expect_allowance(VL_CAVALRY, VL_FORM_COLUMN, true, VL_GROUND_ROUGH, 6, 15 - 6 / 2.54, 15 - 6 / 2.54, true);
    /* Open ground is untouched by the option. */
    expect_allowance(VL_CAVALRY, VL_FORM_LINE, true, VL_GROUND_OPEN, 3, 10, 10, false);
}
END_TEST

/* ===================================================================================================
 * GOR-MOVE-1: the ground the resolver finds, and the allowance it applies
 * =================================================================================================== */

/* Every mover in the open: advance exactly its allowance (legal) and a hair more (refused).
 * Units stand well apart, all facing north, nothing ahead of them. */
START_TEST(gor_move_1_open_every_row_exactly_its_allowance)
{
    load("", "",
         INF("line", "union", "line", 8, 10, 0) "," INF("skir", "union", "skirmish", 24, 10, 0) "," INF(
             "col", "union", "column", 38, 10, 0) "," ART("limb", "union", "limbered", 46, 10, 0) "," CAV("cline", "union",
                                                                                                       "line", 56, 10, 0) "," CAV("ccol", "union", "column", 66, 10, 0) "," GEN("gen", "union", 74, 10, 0) "," DCAV("dcav", "union", 86, 10, 0));
    check_allowance_by_advance("line", 10, VL_GROUND_OPEN);
    check_allowance_by_advance("skir", 10, VL_GROUND_OPEN);
    check_allowance_by_advance("col", 15, VL_GROUND_OPEN);
    check_allowance_by_advance("limb", 10, VL_GROUND_OPEN);
    check_allowance_by_advance("cline", 10, VL_GROUND_OPEN);
    check_allowance_by_advance("ccol", 15, VL_GROUND_OPEN);
    check_allowance_by_advance("gen", 15, VL_GROUND_OPEN);
    check_allowance_by_advance("dcav", 10, VL_GROUND_OPEN);
}
END_TEST

/* The same units with their front edge 2 in short of a wood (y = 12 .. 40) that spans the table:
 * line 5, skirmish 10, column 10, limbered 5, general 15. */
START_TEST(gor_move_1_woods_every_row_exactly_its_allowance)
{
    load("", AREA("w1", "woods", RECT(0, 12, 96, 40)),
         INF("line", "union", "line", 8, 10, 0) "," INF("skir", "union", "skirmish", 24, 10, 0) "," INF(
             "col", "union", "column", 38, 10, 0) "," ART("limb", "union", "limbered", 46, 10, 0) "," GEN("gen", "union",
                                                                                                        74, 10, 0) "," DCAV("dcav", "union", 86, 10, 0));
    check_allowance_by_advance("line", 5, VL_GROUND_ROUGH);
    ck_assert_int_eq(V.nrough, 1);
    ck_assert_int_eq(V.rough[0], tid("w1"));
    check_allowance_by_advance("skir", 10, VL_GROUND_ROUGH);
    check_allowance_by_advance("col", 10, VL_GROUND_ROUGH);
    check_allowance_by_advance("limb", 5, VL_GROUND_ROUGH);
    check_allowance_by_advance("gen", 15, VL_GROUND_ROUGH);
    check_allowance_by_advance("dcav", 10, VL_GROUND_ROUGH);
}
END_TEST

/* Areal rough ground (loop over woods, heavy woods, rough): an infantry line at (48, 10) facing
 * north, front at y = 10; the feature starts at y = 12. Entering it makes the move rough: 5 in. */
static const char *const rough_areas[] = {
    AREA("t1", "woods", RECT(20, 12, 76, 30)),
    AREA("t1", "heavy_woods", RECT(20, 12, 76, 30)),
    AREA("t1", "rough", RECT(20, 12, 76, 30)),
};

START_TEST(gor_move_1_infantry_line_rough_is_5_in)
{
    load("", rough_areas[_i], INF("u1", "union", "line", 48, 10, 0));
    check_allowance_by_advance("u1", 5, VL_GROUND_ROUGH);
    ck_assert_int_eq(V.nrough, 1);
    ck_assert_int_eq(V.rough[0], tid("t1"));
    /* Short of the feature: 1.5 in leaves the front at 11.5 < 12: open. */
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 1.5);
    LEGAL(v);
    ck_assert_int_eq(v->ground, VL_GROUND_OPEN);
    ck_assert_int_eq(v->nrough, 0);
}
END_TEST

/* Exactly up to the wood's edge (front at y = 12, touching) is still open ground: 2 in costs 2 of
 * 10. A hair further enters the wood, and then the allowance is 5. */
START_TEST(gor_move_1_reaching_the_woods_edge_is_open_entering_is_rough)
{
    load("", AREA("w1", "woods", RECT(20, 12, 76, 30)), INF("u1", "union", "line", 48, 10, 0));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 2);
    LEGAL(v);
    ck_assert_int_eq(v->ground, VL_GROUND_OPEN);
    ck_assert_near(v->allowance.max, 10, TOL);
    v = go1("u1", VL_STEP_ADVANCE, 2 + HAIR);
    LEGAL(v);
    ck_assert_int_eq(v->ground, VL_GROUND_ROUGH);
    ck_assert_near(v->allowance.max, 5, TOL);
}
END_TEST

/* Crossing a fence, wall, hedge or stream (a path along y = 12 across the line's way) is rough. */
static const char *const rough_lines[] = {
    PATH("t1", "fence", 20, 12, 76, 12),
    PATH("t1", "wall", 20, 12, 76, 12),
    PATH("t1", "hedge", 20, 12, 76, 12),
    PATH("t1", "stream", 20, 12, 76, 12),
};

START_TEST(gor_move_1_crossing_fence_wall_hedge_stream_is_rough)
{
    load("", rough_lines[_i], INF("u1", "union", "line", 48, 10, 0));
    /* Front 10 -> 15 crosses y = 12. */
    check_allowance_by_advance("u1", 5, VL_GROUND_ROUGH);
    ck_assert_int_eq(V.nrough, 1);
    ck_assert_int_eq(V.rough[0], tid("t1"));
    /* Front 10 -> 11: does not reach it. */
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 1);
    ck_assert_int_eq(v->ground, VL_GROUND_OPEN);
}
END_TEST

/* Going up a hill: the hill's edge at y = 12 lies across the way. Rough: 5 in. */
START_TEST(gor_move_1_going_up_a_hill_is_rough)
{
    load("", "{'id': 'h1', 'type': 'hill', 'level': 1, 'polygon': " RECT(20, 12, 76, 30) "}",
         INF("u1", "union", "line", 48, 10, 0));
    check_allowance_by_advance("u1", 5, VL_GROUND_ROUGH);
    ck_assert_int_eq(V.rough[0], tid("h1"));
}
END_TEST

/* Going down: the unit stands on a hill (y 2 .. 12) and walks off its edge at y = 12. Rough. */
START_TEST(gor_move_1_going_down_a_hill_is_rough)
{
    load("", "{'id': 'h1', 'type': 'hill', 'level': 1, 'polygon': " RECT(20, 2, 76, 12) "}",
         INF("u1", "union", "line", 48, 10, 0));
    check_allowance_by_advance("u1", 5, VL_GROUND_ROUGH);
    ck_assert_int_eq(V.rough[0], tid("h1"));
}
END_TEST

/* Moving about on the hill top without crossing its edge is open: the hill runs y 2 .. 30, the
 * front goes 10 -> 20. */
START_TEST(gor_move_1_moving_on_a_hill_top_is_open)
{
    load("", "{'id': 'h1', 'type': 'hill', 'level': 1, 'polygon': " RECT(20, 2, 76, 30) "}",
         INF("u1", "union", "line", 48, 10, 0));
    check_allowance_by_advance("u1", 10, VL_GROUND_OPEN);
}
END_TEST

/* Roads (1 in wide, north-south, at x = 10, 25, 40, 55, 70, 85), each unit's anchor on one, moving
 * along it with the anchor staying on it: line 10 (no change), infantry column 20, limbered 15,
 * cavalry column 20, general 15, cavalry line 10. */
START_TEST(gor_move_1_road_every_row_exactly_its_allowance)
{
    load("",
         PATH("r10", "road", 10, 0, 10, 48) "," PATH("r25", "road", 25, 0, 25, 48) "," PATH(
             "r40", "road", 40, 0, 40, 48) "," PATH("r55", "road", 55, 0, 55, 48) "," PATH("r70", "road", 70, 0, 70,
                                                                                           48) "," PATH("r85", "road", 85, 0, 85, 48),
         INF("line", "union", "line", 10, 10, 0) "," INF("col", "union", "column", 25, 5, 0) "," ART(
             "limb", "union", "limbered", 40, 10, 0) "," CAV("ccol", "union", "column", 55, 5, 0) "," GEN("gen", "union",
                                                                                                        70, 5, 0) "," CAV("cline", "union", "line", 85, 10, 0));
    check_allowance_by_advance("line", 10, VL_GROUND_ROAD);
    ck_assert_int_eq(V.road, tid("r10"));
    check_allowance_by_advance("col", 20, VL_GROUND_ROAD);
    ck_assert_int_eq(V.road, tid("r25"));
    check_allowance_by_advance("limb", 15, VL_GROUND_ROAD);
    ck_assert_int_eq(V.road, tid("r40"));
    check_allowance_by_advance("ccol", 20, VL_GROUND_ROAD);
    check_allowance_by_advance("gen", 15, VL_GROUND_ROAD);
    check_allowance_by_advance("cline", 10, VL_GROUND_ROAD);
}
END_TEST

/* "Using a road will negate rough": a column on a road that runs through a wood (y 12 .. 30) keeps
 * the road's 20 in; off the road, in the same wood, it has 10. */
START_TEST(gor_move_1_road_negates_rough_for_column)
{
    load("", PATH("r1", "road", 30, 0, 30, 48) "," AREA("w1", "woods", RECT(20, 12, 76, 30)),
         INF("onroad", "union", "column", 30, 5, 0) "," INF("offroad", "union", "column", 60, 5, 0));
    check_allowance_by_advance("onroad", 20, VL_GROUND_ROAD);
    ck_assert_int_eq(V.road, tid("r1"));
    /* The wood was crossed (listed) but the road governs. */
    ck_assert_int_eq(V.nrough, 1);
    check_allowance_by_advance("offroad", 10, VL_GROUND_ROUGH);
}
END_TEST

/* D-MOVE-2: the road counts only while the anchor stays on it. A column on the road at (48, 5)
 * turns east (free) and advances: its anchor leaves the 1 in road at once, so the ground is open
 * and the allowance 15, not 20. */
START_TEST(gor_move_1_road_needs_the_anchor_to_stay_on_it)
{
    load("", PATH("r1", "road", 48, 0, 48, 48), INF("u1", "union", "column", 48, 5, 0));
    VlMoveOrder o = order("u1");
    step(&o, VL_STEP_TURN, 90);
    step(&o, VL_STEP_ADVANCE, 15);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_int_eq(v->ground, VL_GROUND_OPEN);
    ck_assert_int_eq(v->road, -1);
    ck_assert_near(v->allowance.max, 15, TOL);
    o.steps[1].amount = 15 + HAIR;
    REFUSED_BY(go(&o), "GOR-MOVE-2");
    /* Staying on the road: 20. */
    check_allowance_by_advance("u1", 20, VL_GROUND_ROAD);
}
END_TEST

/* Cavalry in rough without the die. Cavalry line at (48, 10) in a wood that starts at y = 12:
 * allowance 10 - D6 = 4..9.
 *   3 in: within 4 for every roll: legal, not dependent on the die.
 *   6 in: needs 10 - die >= 6, die <= 4: depends_on_die, max_die 4, not legal as it stands.
 *   9 in: die <= 1: max_die 1.
 *   9 in + a hair: beyond even the best roll: refused outright. */
START_TEST(gor_move_1_cavalry_rough_without_die_gives_a_range)
{
    load("", AREA("w1", "woods", RECT(20, 12, 76, 30)), CAV("c1", "union", "line", 48, 10, 0));
    const VlMoveVerdict *v = go1("c1", VL_STEP_ADVANCE, 3);
    LEGAL(v);
    ck_assert(!v->depends_on_die);
    ck_assert_int_eq(v->ground, VL_GROUND_ROUGH);
    ck_assert(v->allowance.die_loss);
    ck_assert_near(v->allowance.min, 4, TOL);
    ck_assert_near(v->allowance.max, 9, TOL);

    v = go1("c1", VL_STEP_ADVANCE, 6);
    ck_assert_msg(!v->legal && v->depends_on_die && v->max_die == 4, "6 in: max_die %d: %s", v->max_die, why(v));
    ck_assert(!vl_reasons_refuse(&v->why));

    v = go1("c1", VL_STEP_ADVANCE, 4);
    ck_assert_msg(v->legal && !v->depends_on_die, "4 in is within the worst roll: %s", why(v));

    v = go1("c1", VL_STEP_ADVANCE, 9);
    ck_assert_msg(!v->legal && v->depends_on_die && v->max_die == 1, "9 in: max_die %d: %s", v->max_die, why(v));

    v = go1("c1", VL_STEP_ADVANCE, 9 + HAIR);
    ck_assert_msg(!v->legal && !v->depends_on_die, "9 in + a hair: %s", why(v));
    ck_assert(has_reason(v, "GOR-MOVE-2", false));
}
END_TEST

/* With the die the allowance is exact: die 4 gives 6 in (6 legal, 6 + a hair refused), die 5 gives 5.
 * Cavalry column, same wood: 15 - die; 12 in needs die <= 3. */
START_TEST(gor_move_1_cavalry_rough_with_die_is_exact)
{
    load("", AREA("w1", "woods", RECT(20, 12, 76, 30)),
         CAV("c1", "union", "line", 48, 10, 0) "," CAV("c2", "union", "column", 66, 10, 0));
    VlMoveOrder o = order("c1");
    step(&o, VL_STEP_ADVANCE, 6);
    o.rough_die = 4;
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert(!v->depends_on_die);
    ck_assert_near(v->allowance.min, 6, TOL);
    ck_assert_near(v->allowance.max, 6, TOL);
    o.steps[0].amount = 6 + HAIR;
    REFUSED_BY(go(&o), "GOR-MOVE-2");
    o.steps[0].amount = 6;
    o.rough_die = 5;
    v = go(&o);
    REFUSED_BY(v, "GOR-MOVE-2");
    ck_assert(!v->depends_on_die);
    ck_assert_near(v->allowance.max, 5, TOL);

    VlMoveOrder c = order("c2");
    step(&c, VL_STEP_ADVANCE, 12);
    v = go(&c);
    ck_assert_msg(v->depends_on_die && v->max_die == 3, "column 12 in: %s", why(v));
    ck_assert_near(v->allowance.min, 9, TOL);
    ck_assert_near(v->allowance.max, 14, TOL);
    c.rough_die = 3;
    LEGAL(go(&c));
    c.rough_die = 4;
    REFUSED_BY(go(&c), "GOR-MOVE-2");
}
END_TEST

/* The die decides only a move nothing else forbids. Same wood; an enemy line facing south with its
 * front at y = 15. Advancing 6 in would need a roll of 4 or less, but it meets the enemy after 5 in:
 * refused outright (GOR-MOVE-2), not left to the die. Before the fix the verdict said "depends on the
 * die", the game took the order, rolled, and the unit lost its move whatever the roll. */
START_TEST(gor_move_1_the_die_never_rescues_a_move_refused_for_another_reason)
{
    load("", AREA("w1", "woods", RECT(20, 12, 76, 30)),
         CAV("c1", "union", "line", 48, 10, 0) "," INF("e1", "csa", "line", 48, 15, 180));
    const VlMoveVerdict *v = go1("c1", VL_STEP_ADVANCE, 6);
    REFUSED_BY(v, "GOR-MOVE-2");
    ck_assert_msg(!v->depends_on_die, "a move into contact cannot depend on the die: %s", why(v));
    /* Short of the enemy, the same move still depends on the die alone. */
    v = go1("c1", VL_STEP_ADVANCE, 4.5);
    ck_assert_msg(!v->legal && v->depends_on_die && v->max_die == 5, "4.5 in: %s", why(v));
}
END_TEST

/* D-MOVE-7, the move as made once the die is rolled: the same wood, advance 8 in (needs a roll of 2
 * or less). A 2: the whole 8 in. A 5: cut to the 5 in left (10 - 5). A 6: 4 in. A wheel cannot be
 * cut: c2, inside the wood, wheels 60 degrees, 8.24 in for its 7.874 in front; the die leaves 9 in
 * at best, so with a 1 it is made, with a 6 (4 in) not at all. */
START_TEST(d_move_7_the_die_cuts_the_last_straight_step)
{
    load("", AREA("w1", "woods", RECT(20, 12, 76, 30)),
         CAV("c1", "union", "line", 48, 10, 0) "," CAV("c2", "union", "line", 30, 20, 0));
    VlMoveOrder o = order("c1"), made;
    step(&o, VL_STEP_ADVANCE, 8);
    ck_assert(vl_resolve_move_rolled(w, &o, 2, &made, &V));
    ck_assert_near(made.steps[0].amount, 8, TOL);
    ck_assert(vl_resolve_move_rolled(w, &o, 5, &made, &V));
    ck_assert_near(made.steps[0].amount, 5, 1e-6);
    ck_assert_near(V.final_pose.anchor.y, 15, 1e-6);
    ck_assert(vl_resolve_move_rolled(w, &o, 6, &made, &V));
    ck_assert_near(made.steps[0].amount, 4, 1e-6);
    ck_assert_int_eq(made.rough_die, 6);
    VlMoveOrder wh = order("c2");
    wheel(&wh, 60, VL_PIVOT_LEFT);
    ck_assert(vl_resolve_move_rolled(w, &wh, 1, &made, &V));
    ck_assert(!vl_resolve_move_rolled(w, &wh, 6, &made, &V));
    ck_assert(has_reason(&V, "GOR-MOVE-2", false));
}
END_TEST

/* Centimetre option in the resolver: 8 in needs 10 - die/2.54 >= 8, die <= 5.08: max_die 5.
 * Die 5: 10 - 1.968504 = 8.031496 >= 8, legal. Die 6: 7.637795 < 8, refused. */
START_TEST(gor_move_1_cavalry_rough_in_cm_option_resolver)
{
    load("", AREA("w1", "woods", RECT(20, 12, 76, 30)), CAV("c1", "union", "line", 48, 10, 0));
    w->options.cavalry_rough_in_cm = true;
    VlMoveOrder o = order("c1");
    step(&o, VL_STEP_ADVANCE, 8);
    const VlMoveVerdict *v = go(&o);
    ck_assert_msg(!v->legal && v->depends_on_die && v->max_die == 5, "cm, 8 in: max_die %d: %s", v->max_die, why(v));
    ck_assert_near(v->allowance.min, 10 - 6 / 2.54, TOL);
    ck_assert_near(v->allowance.max, 10 - 1 / 2.54, TOL);
    o.rough_die = 5;
    v = go(&o);
    LEGAL(v);
    ck_assert_near(v->allowance.max, 10 - 5 / 2.54, TOL);
    o.rough_die = 6;
    REFUSED_BY(go(&o), "GOR-MOVE-2");
    /* The inch reading (default) of the same move: 10 - die >= 8, die <= 2. */
    w->options.cavalry_rough_in_cm = false;
    o.rough_die = 0;
    v = go(&o);
    ck_assert_msg(v->depends_on_die && v->max_die == 2, "inches, 8 in: %s", why(v));
}
END_TEST

/* The verdict without a die must agree with the verdicts for each die: legal for die d exactly when
 * d <= max_die. Checked for plain advances of several lengths, a galloping advance, and a drift. */
static void check_die_consistency(const VlMoveOrder *o0)
{
    VlMoveOrder o = *o0;
    o.rough_die = 0;
    VlMoveVerdict none;
    vl_resolve_move(w, &o, &none);
    for (int d = 1; d <= 6; d++) {
        o.rough_die = d;
        VlMoveVerdict vd;
        vl_resolve_move(w, &o, &vd);
        bool expect = none.legal || (none.depends_on_die && d <= none.max_die);
        ck_assert_msg(vd.legal == expect,
                      "die %d: legal %d (cost %.9g, allowance %.9g), but without the die: legal %d depends %d max_die %d "
                      "(cost %.9g)",
                      d, vd.legal, vd.cost, vd.allowance.max, none.legal, none.depends_on_die, none.max_die, none.cost);
    }
}

START_TEST(gor_move_1_cavalry_rough_max_die_agrees_with_each_die)
{
    load("", AREA("w1", "woods", RECT(2, 2, 94, 46)), CAV("c1", "union", "line", 48, 20, 0));
    for (double len = 0.5; len <= 19.5; len += 0.75) {
        VlMoveOrder o = order("c1");
        step(&o, VL_STEP_ADVANCE, len);
        check_die_consistency(&o);
        o.gallop = true;
        check_die_consistency(&o);
    }
    VlMoveOrder o = order("c1");
    step(&o, VL_STEP_DRIFT, 1);
    step(&o, VL_STEP_ADVANCE, 5.5);
    check_die_consistency(&o);
}
END_TEST

/* The same agreement with an about turn (half the allowance) in the order. Cavalry line standing in a
 * wood turns about and advances 3 in. For die d the allowance is A = 10 - d and the cost A/2 + 3,
 * legal when A >= 6, i.e. d <= 4 (the resolver agrees die by die: die 4 costs 3 + 3 = 6 of 6, die 5
 * costs 2.5 + 3 = 5.5 of 5). Without the die the verdict must therefore say max_die 4. */
START_TEST(gor_move_1_cavalry_about_turn_in_rough_max_die_agrees_with_each_die)
{
    load("", AREA("w1", "woods", RECT(30, 2, 66, 30)), CAV("c1", "union", "line", 48, 15, 0));
    VlMoveOrder o = order("c1");
    step(&o, VL_STEP_ABOUT, 0);
    step(&o, VL_STEP_ADVANCE, 3);
    o.rough_die = 4;
    LEGAL(go(&o));
    o.rough_die = 5;
    REFUSED_BY(go(&o), "GOR-MOVE-2");
    o.rough_die = 0;
    const VlMoveVerdict *v = go(&o);
    ck_assert_msg(v->depends_on_die && v->max_die == 4, "about + 3 in, no die: max_die %d, expected 4: %s", v->max_die,
                  why(v));
    check_die_consistency(&o);
}
END_TEST

/* ===================================================================================================
 * Exact limits: allowance, drift, wheels
 * =================================================================================================== */

/* Infantry line at (48, 10), open: advance 10 legal and ends at (48, 20); 10 + 1e-6 refused. */
START_TEST(gor_move_2_advance_exactly_the_allowance_and_a_hair_beyond)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 10);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48, 20, 0);
    ck_assert_near(v->cost, 10, TOL);
    ck_assert_int_eq(v->steps_done, 1);
    v = go1("u1", VL_STEP_ADVANCE, 10 + HAIR);
    REFUSED_BY(v, "GOR-MOVE-2");
    /* Two advances add up: 4 + 6 = 10 legal, 4 + 6 + a hair refused. */
    VlMoveOrder o = order("u1");
    step(&o, VL_STEP_ADVANCE, 4);
    step(&o, VL_STEP_ADVANCE, 6);
    LEGAL(go(&o));
    o.steps[1].amount = 6 + HAIR;
    REFUSED_BY(go(&o), "GOR-MOVE-2");
}
END_TEST

/* GOR-MOVE-3: drift 50 mm = 1.968504 in to the right: legal, anchor (48 + 1.968504, 10); a hair
 * more refused. Left likewise. */
START_TEST(gor_move_3_drift_exactly_50_mm_and_a_hair_beyond)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0));
    const VlMoveVerdict *v = go1("u1", VL_STEP_DRIFT, DRIFT_MAX);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48 + DRIFT_MAX, 10, 0);
    ck_assert_near(v->cost, DRIFT_MAX, TOL);
    v = go1("u1", VL_STEP_DRIFT, DRIFT_MAX + HAIR);
    REFUSED_BY(v, "GOR-MOVE-3");
    v = go1("u1", VL_STEP_DRIFT, -DRIFT_MAX);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48 - DRIFT_MAX, 10, 0);
    REFUSED_BY(go1("u1", VL_STEP_DRIFT, -DRIFT_MAX - HAIR), "GOR-MOVE-3");
}
END_TEST

/* Drifts add up over the turn (50 mm per turn, either way), and a drift spends allowance:
 * drift 1 right + 0.968504 left = 50 mm: legal; 1 + 1 = 2 in > 50 mm: refused.
 * drift 50 mm + advance (10 - 1.968504) = 10: legal; a hair more: refused on cost. */
START_TEST(gor_move_3_drift_totals_over_the_turn_and_costs_allowance)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0));
    VlMoveOrder o = order("u1");
    step(&o, VL_STEP_DRIFT, 1);
    step(&o, VL_STEP_DRIFT, -(DRIFT_MAX - 1));
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48 + 1 - (DRIFT_MAX - 1), 10, 0);
    o.steps[1].amount = -1;
    REFUSED_BY(go(&o), "GOR-MOVE-3");

    o = order("u1");
    step(&o, VL_STEP_DRIFT, DRIFT_MAX);
    step(&o, VL_STEP_ADVANCE, 10 - DRIFT_MAX);
    v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48 + DRIFT_MAX, 10 + 10 - DRIFT_MAX, 0);
    o.steps[1].amount = 10 - DRIFT_MAX + HAIR;
    v = go(&o);
    REFUSED_BY(v, "GOR-MOVE-2");
    ck_assert(!has_reason(v, "GOR-MOVE-3", false));
}
END_TEST

/* Wheel cost (GOR-MOVE-2, no base beyond its allowance): the far end of the front travels
 * angle (rad) x front width for an end pivot, half that for a centre pivot.
 * Infantry line, W = 7.874016 in, allowance 10:
 *   end pivot: the largest wheel is 10 / W rad = 1.270000 rad = 72.765643 deg;
 *   centre pivot: 10 / (W/2) = 2.54 rad = 145.531286 deg.
 * Exactly those are legal (cost 10), a hair more refused. */
START_TEST(gor_move_2_wheel_cost_at_the_limit_end_and_centre_pivot)
{
    load("", "", INF("u1", "union", "line", 48, 20, 0));
    double end_deg = 10 / W_INF * 180 / PI, centre_deg = 10 / (W_INF / 2) * 180 / PI;
    ck_assert_near(end_deg, 72.765643, 1e-5);
    ck_assert_near(centre_deg, 145.531286, 1e-5);
    struct {
        double deg;
        VlPivot p;
    } cases[] = {{-end_deg, VL_PIVOT_LEFT}, {end_deg, VL_PIVOT_RIGHT}, {centre_deg, VL_PIVOT_CENTRE},
                 {-centre_deg, VL_PIVOT_CENTRE}};
    for (int i = 0; i < 4; i++) {
        VlMoveOrder o = order("u1");
        wheel(&o, cases[i].deg, cases[i].p);
        const VlMoveVerdict *v = go(&o);
        ck_assert_msg(v->legal, "wheel %.9g pivot %d: %s", cases[i].deg, cases[i].p, why(v));
        ck_assert_near(v->cost, 10, 1e-9);
        o.steps[0].amount += cases[i].deg > 0 ? HAIR : -HAIR;
        v = go(&o);
        ck_assert_msg(!v->legal && has_reason(v, "GOR-MOVE-2", false), "wheel %.9g + hair: %s", cases[i].deg, why(v));
    }
    /* 30 deg about an end: pi/6 x W = 4.122811 in. About the centre: half, 2.061406 in. */
    VlMoveOrder o = order("u1");
    wheel(&o, 30, VL_PIVOT_RIGHT);
    ck_assert_near(go(&o)->cost, PI / 6 * W_INF, 1e-9);
    o.steps[0].pivot = VL_PIVOT_CENTRE;
    ck_assert_near(go(&o)->cost, PI / 6 * W_INF / 2, 1e-9);
    /* A wheel and an advance share the allowance: 30 deg (4.122811) + 5.877189 = 10 legal. */
    o.steps[0].pivot = VL_PIVOT_RIGHT;
    step(&o, VL_STEP_ADVANCE, 10 - PI / 6 * W_INF);
    LEGAL(go(&o));
    o.steps[1].amount += HAIR;
    REFUSED_BY(go(&o), "GOR-MOVE-2");
}
END_TEST

/* Final poses of wheels, on a line of two 3 x 1.5 in bases (W = 6) at anchor (48, 20) facing north:
 * front-left FL = (45, 20), front-right FR = (51, 20).
 * Wheel right (clockwise, +a) about FR: the anchor, 3 in west of FR, turns clockwise:
 *   (-3, 0) -> (-3 cos a, 3 sin a).
 *   a = 30: anchor (51 - 2.598076, 21.5) = (48.401924, 21.5), facing 30, cost pi/6 x 6 = pi.
 *   a = 90: anchor (51, 23), facing 90, cost 3 pi = 9.424778 (within 10). The new FL is (51, 26).
 * Wheel left (anticlockwise, -a) about FL: (3, 0) -> (3 cos a, 3 sin a).
 *   a = 30: anchor (47.598076, 21.5), facing 330, cost pi.
 *   a = 90: anchor (45, 23), facing 270; the new FR is (45, 26).
 * The pivot corner does not move. */
START_TEST(gor_move_2_wheel_final_poses_left_and_right_ends_30_and_90)
{
    load("", "", INFX("u1", "union", "line", 48, 20, 0, ", 'base': {'width': 3, 'depth': 1.5}"));
    int u = uid("u1");
    double c30 = 3 * cos(PI / 6), s30 = 3 * sin(PI / 6);
    struct {
        double deg;
        VlPivot p;
        double x, y, f, cost;
    } cases[] = {
        {30, VL_PIVOT_RIGHT, 51 - c30, 20 + s30, 30, PI},
        {90, VL_PIVOT_RIGHT, 51, 23, 90, 3 * PI},
        {-30, VL_PIVOT_LEFT, 45 + c30, 20 + s30, 330, PI},
        {-90, VL_PIVOT_LEFT, 45, 23, 270, 3 * PI},
    };
    for (int i = 0; i < 4; i++) {
        VlMoveOrder o = order("u1");
        wheel(&o, cases[i].deg, cases[i].p);
        const VlMoveVerdict *v = go(&o);
        ck_assert_msg(v->legal, "wheel %g: %s", cases[i].deg, why(v));
        POSE_NEAR(v->final_pose, cases[i].x, cases[i].y, cases[i].f);
        ck_assert_near(v->cost, cases[i].cost, 1e-9);
        ck_assert_int_eq(v->final_formation, VL_FORM_LINE);
        VlFootprint fp = final_fp(u, v);
        if (cases[i].p == VL_PIVOT_RIGHT)
            ck_assert_vec_near(fp.box.p[1], 51, 20, TOL);
        else
            ck_assert_vec_near(fp.box.p[0], 45, 20, TOL);
        if (cases[i].deg == 90)
            ck_assert_vec_near(fp.box.p[0], 51, 26, TOL);
        if (cases[i].deg == -90)
            ck_assert_vec_near(fp.box.p[1], 45, 26, TOL);
        /* The path ends at the final pose and the wheel is drawn in stages of at most 15 deg. */
        ck_assert_int_eq(v->npath, 1 + (int)ceil(fabs(cases[i].deg) / 15));
        POSE_NEAR(v->path[v->npath - 1], cases[i].x, cases[i].y, cases[i].f);
    }
    /* About the centre (the anchor): the anchor stays, the facing turns; 90 deg costs pi/2 x 3. */
    VlMoveOrder o = order("u1");
    wheel(&o, 90, VL_PIVOT_CENTRE);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48, 20, 90);
    ck_assert_near(v->cost, 1.5 * PI, 1e-9);
}
END_TEST

/* ===================================================================================================
 * GOR-MOVE-2: never to contact; off table; impassable ground; column turns, lines wheel
 * =================================================================================================== */

/* Enemy line facing south with its front at y = 15, straight ahead of u1 (front at y = 10).
 * Advancing 5 ends exactly touching: refused (a general move never goes to contact). 5 - 1e-6 stops
 * 1e-6 short: legal. */
START_TEST(gor_move_2_moving_into_contact_with_an_enemy_is_refused)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0) "," INF("e1", "csa", "line", 48, 15, 180));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 5);
    REFUSED_BY(v, "GOR-MOVE-2");
    bool names_enemy = false;
    for (int i = 0; i < v->why.n; i++)
        names_enemy |= !v->why.r[i].ok && v->why.r[i].unit == uid("e1");
    ck_assert_msg(names_enemy, "the refusal should name e1: %s", why(v));
    LEGAL(go1("u1", VL_STEP_ADVANCE, 5 - HAIR));
}
END_TEST

/* Sideways contact. u1: two 4 x 2 in bases at (48, 10): x 44 .. 52. Enemy e1 the same at (57, 10):
 * x 53 .. 61, a 1 in gap. Drift 1 in right touches: refused; 0.9 in: legal. */
START_TEST(gor_move_2_drifting_into_contact_is_refused)
{
    load("", "",
         INFX("u1", "union", "line", 48, 10, 0, ", 'base': {'width': 4, 'depth': 2}") "," INFX(
             "e1", "csa", "line", 57, 10, 0, ", 'base': {'width': 4, 'depth': 2}"));
    REFUSED_BY(go1("u1", VL_STEP_DRIFT, 1), "GOR-MOVE-2");
    LEGAL(go1("u1", VL_STEP_DRIFT, 0.9));
}
END_TEST

/* Moving through an enemy: a column at (48, 10) advances 14 in; an enemy column (3.937 in square,
 * facing south, front at y = 13, x 46.03 .. 49.97) lies across its way and the column would end well
 * past it (rear at 24 - 3.937 = 20.06). Refused, and the enemy is not a friend passed through. */
START_TEST(gor_move_2_moving_through_an_enemy_is_refused)
{
    load("", "", INF("u1", "union", "column", 48, 10, 0) "," INF("e1", "csa", "column", 48, 13, 180));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 14);
    REFUSED_BY(v, "GOR-MOVE-2");
    ck_assert_int_eq(v->ninterpenetrated, 0);
}
END_TEST

/* D-GAME-11: a general's base bars no unit's way. The column of the test above passes an enemy
 * general standing where the enemy column stood, and a line advances onto its own general's base
 * (no interpenetration: he makes way, in the game). A general moving into that enemy general is still
 * refused (generals keep out of each other's way). */
START_TEST(d_game_11_a_general_does_not_bar_a_move)
{
    load("", "",
         INF("u1", "union", "column", 48, 10, 0) "," GEN("g1", "csa", 48, 13, 180) "," INF("u2", "union", "line", 70, 10, 0)
             "," GEN("g2", "union", 70, 13, 180) "," GEN("g3", "union", 30, 10, 0) "," GEN("g4", "csa", 30, 13, 180));
    LEGAL(go1("u1", VL_STEP_ADVANCE, 14));
    const VlMoveVerdict *v = go1("u2", VL_STEP_ADVANCE, 4);
    LEGAL(v);
    ck_assert_int_eq(v->ninterpenetrated, 0);
    REFUSED_BY(go1("g3", VL_STEP_ADVANCE, 5), "GOR-MOVE-2");
}
END_TEST

/* Moving away from an enemy it already touches is not moving to contact: u1 and e1 stand front to
 * front (u1's front and e1's front both on y = 20). Falling back 3 in is legal; advancing is not. */
START_TEST(gor_move_2_moving_away_from_a_touching_enemy_is_allowed)
{
    load("", "", INF("u1", "union", "line", 48, 20, 0) "," INF("e1", "csa", "line", 48, 20, 180));
    const VlMoveVerdict *v = go1("u1", VL_STEP_BACK, 3);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48, 17, 0);
    REFUSED_BY(go1("u1", VL_STEP_ADVANCE, 1), "GOR-MOVE-2");
}
END_TEST

/* Table edge (height 48): a line at (48, 40) reaches the edge with its front after 8 in (legal, still
 * on the table); a hair more leaves it. A drift off the west edge likewise: the line at x = 5 has its
 * left end at 5 - 3.937008 = 1.062992; a 1.5 in drift left puts it at -0.437: refused. */
START_TEST(gor_move_2_off_the_table_is_refused)
{
    load("", "", INF("u1", "union", "line", 48, 40, 0) "," INF("u2", "union", "line", 5, 10, 0));
    LEGAL(go1("u1", VL_STEP_ADVANCE, 8));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 8 + HAIR);
    REFUSED_BY(v, "GOR-MOVE-2");
    REFUSED_BY(go1("u2", VL_STEP_DRIFT, -1.5), "GOR-MOVE-2");
    LEGAL(go1("u2", VL_STEP_DRIFT, -1));
}
END_TEST

/* A building (y 14 .. 20) ahead of the line's front at y = 10: 4 in brings the front to its wall
 * (touching: legal), 5 in goes in: refused. Water the same. */
static const char *const impassable[] = {
    AREA("t1", "building", RECT(40, 14, 56, 20)),
    AREA("t1", "water", RECT(40, 14, 56, 20)),
};

START_TEST(gor_move_2_into_a_building_or_water_is_refused)
{
    load("", impassable[_i], INF("u1", "union", "line", 48, 10, 0));
    LEGAL(go1("u1", VL_STEP_ADVANCE, 4));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 5);
    REFUSED_BY(v, "GOR-MOVE-2");
    bool names = false;
    for (int i = 0; i < v->why.n; i++)
        names |= !v->why.r[i].ok && v->why.r[i].feature == tid("t1");
    ck_assert_msg(names, "the refusal should name t1: %s", why(v));
}
END_TEST

/* A column changes direction at no cost: turn 90 (about its head, the anchor) costs 0, so it can then
 * still advance its full 15 in: from (48, 10) facing east to (63, 10). */
START_TEST(gor_move_2_column_turns_freely)
{
    load("", "", INF("u1", "union", "column", 48, 10, 0) "," ART("a1", "union", "limbered", 20, 20, 0) "," GEN(
                     "g1", "union", 80, 20, 0));
    VlMoveOrder o = order("u1");
    step(&o, VL_STEP_TURN, 90);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_near(v->cost, 0, 0);
    POSE_NEAR(v->final_pose, 48, 10, 90);
    ck_assert_int_eq(v->final_formation, VL_FORM_COLUMN);
    step(&o, VL_STEP_ADVANCE, 15);
    v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 63, 10, 90);
    ck_assert_near(v->cost, 15, TOL);
    o.steps[1].amount = 15 + HAIR;
    REFUSED_BY(go(&o), "GOR-MOVE-2");
    /* Several turns are still free. */
    o = order("u1");
    step(&o, VL_STEP_TURN, 45);
    step(&o, VL_STEP_TURN, -135);
    v = go(&o);
    LEGAL(v);
    ck_assert_near(v->cost, 0, 0);
    FACING_NEAR(v->final_pose.facing, 270);
    /* Limbered guns and a general turn freely too. */
    o = order("a1");
    step(&o, VL_STEP_TURN, -90);
    step(&o, VL_STEP_ADVANCE, 10);
    v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 10, 20, 270);
    o = order("g1");
    step(&o, VL_STEP_TURN, 180);
    step(&o, VL_STEP_ADVANCE, 15);
    v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 80, 5, 180);
}
END_TEST

/* D-UI-ORD-2: a general rides straight to any point within his 15 in, whatever its bearing
 * (GOR-MOVE-1: 15 in on any ground; GOR-MOVE-2, D-MOVE-5: he turns at no cost), facing the way he
 * rode; one hair beyond 15 in is refused with the allowance named. A line given the same steps is
 * refused: it must wheel. */
START_TEST(gor_move_2_a_general_rides_to_any_point_within_his_allowance)
{
    load("", "", GEN("g1", "union", 50, 25, 0) "," INF("u1", "union", "line", 20, 10, 0));
    static const double bearings[] = {0, 45, 135, 180, 200, 270, 315};
    for (size_t k = 0; k < sizeof bearings / sizeof bearings[0]; k++) {
        VlPose from = vl_world_unit(w, uid("g1"))->pose;
        VlVec2 f = vl_facing_forward(bearings[k]);
        VlVec2 to = vl_v2_add(from.anchor, vl_v2_scale(f, 15));
        VlMoveOrder o = order("g1");
        o.nsteps = vl_move_ride_to(from, to, 0, 0, o.steps);
        ck_assert_int_eq(o.nsteps, bearings[k] == 0 ? 1 : 2);
        const VlMoveVerdict *v = go(&o);
        LEGAL(v);
        ck_assert_near(v->cost, 15, 1e-9);
        ck_assert_near(v->final_pose.anchor.x, to.x, 1e-9);
        ck_assert_near(v->final_pose.anchor.y, to.y, 1e-9);
        FACING_NEAR(v->final_pose.facing, bearings[k]);
        to = vl_v2_add(from.anchor, vl_v2_scale(f, 15 + HAIR));
        o.nsteps = vl_move_ride_to(from, to, 0, 0, o.steps);
        v = go(&o);
        REFUSED_BY(v, "GOR-MOVE-2");
        ck_assert_msg(strstr(why(v), "allowance is 15.00 in"), "the refusal names the allowance: %s", why(v));
    }
    /* Rounded as the screen rounds a drag: to half a degree and a twentieth of an inch. */
    VlPose from = vl_world_unit(w, uid("g1"))->pose;
    VlMoveOrder o = order("g1");
    o.nsteps = vl_move_ride_to(from, vl_v2_add(from.anchor, vl_v2(3.01, -4.02)), 0.5, 0.05, o.steps);
    ck_assert_int_eq(o.nsteps, 2);
    ck_assert_double_eq(o.steps[1].amount, 5.0);
    ck_assert_double_eq(o.steps[0].amount, 143.0);
    LEGAL(go(&o));
    /* Not for a line: its turn is refused. */
    VlMoveOrder l = order("u1");
    VlPose lf = vl_world_unit(w, uid("u1"))->pose;
    l.nsteps = vl_move_ride_to(lf, vl_v2_add(lf.anchor, vl_v2(5, 0)), 0, 0, l.steps);
    REFUSED_BY(go(&l), "GOR-MOVE-2");
}
END_TEST

/* A line may not "turn": it must wheel. Skirmish lines likewise. */
START_TEST(gor_move_2_line_cannot_turn)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0) "," INF("u2", "union", "skirmish", 20, 30, 0));
    REFUSED_BY(go1("u1", VL_STEP_TURN, 90), "GOR-MOVE-2");
    REFUSED_BY(go1("u2", VL_STEP_TURN, 10), "GOR-MOVE-2");
}
END_TEST

/* Only lines (and skirmish lines) wheel; a column, limbered guns, unlimbered guns and a general
 * cannot. A skirmish line (W = 3 x 3.937008 = 11.811024) wheels 30 deg about its right end for
 * pi/6 x 11.811024 = 6.184217 in. */
START_TEST(gor_move_2_only_lines_wheel)
{
    load("", "",
         INF("col", "union", "column", 10, 20, 0) "," ART("limb", "union", "limbered", 25, 20, 0) "," ART(
             "unl", "union", "unlimbered", 40, 20, 0) "," GEN("gen", "union", 55, 20, 0) "," INF("skir", "union",
                                                                                                  "skirmish", 75, 20, 0));
    const char *no[] = {"col", "limb", "unl", "gen"};
    for (int i = 0; i < 4; i++) {
        VlMoveOrder o = order(no[i]);
        wheel(&o, 30, VL_PIVOT_RIGHT);
        const VlMoveVerdict *v = go(&o);
        ck_assert_msg(!v->legal && has_reason(v, "GOR-MOVE-2", false), "%s wheeling: %s", no[i], why(v));
    }
    VlMoveOrder o = order("skir");
    wheel(&o, 30, VL_PIVOT_RIGHT);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_near(v->cost, PI / 6 * 3 * TU_INF_W, 1e-9);
}
END_TEST

/* A wheel that would sweep a base into an enemy is refused. Line at (48, 20) wheels 60 deg about its
 * right end (51.937, 20): the left end swings forward along the circle of radius W about the pivot,
 * from due west of it to 60 deg round towards north. An enemy column at (48, 25) facing south
 * (x 46.03 .. 49.97, y 25 .. 28.94) has its corner (46.03, 25) in that sweep (7.74 in from the
 * pivot, less than W, about 40 deg round from west). */
START_TEST(gor_move_2_wheeling_into_an_enemy_is_refused)
{
    load("", "", INF("u1", "union", "line", 48, 20, 0) "," INF("e1", "csa", "column", 48, 25, 180));
    VlMoveOrder o = order("u1");
    wheel(&o, 60, VL_PIVOT_RIGHT);
    REFUSED_BY(go(&o), "GOR-MOVE-2");
}
END_TEST

/* ===================================================================================================
 * GOR-MOVE-3: about turn; unlimbered artillery pivots
 * =================================================================================================== */

/* About turn: the footprint stays, the facing turns 180, and the anchor moves to the old rear face's
 * middle: (48, 20 - D) = (48, 18.031496). It costs half the allowance (5 of 10): about + advance 5 is
 * legal (south to (48, 13.031496)); + a hair refused. */
START_TEST(gor_move_3_about_turn_costs_half_and_keeps_the_footprint)
{
    load("", "", INF("u1", "union", "line", 48, 20, 0));
    int u = uid("u1");
    VlFootprint before = vl_world_unit(w, u)->fp;
    VlMoveOrder o = order("u1");
    step(&o, VL_STEP_ABOUT, 0);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_near(v->cost, 5, TOL);
    POSE_NEAR(v->final_pose, 48, 20 - D_INF, 180);
    VlFootprint after = final_fp(u, v);
    /* Same rectangle, corners renamed: new FL = old RR, new FR = old RL, new RR = old FL, new RL = old FR. */
    for (int k = 0; k < 4; k++)
        ck_assert_vec_near(after.box.p[k], before.box.p[(k + 2) % 4].x, before.box.p[(k + 2) % 4].y, TOL);
    step(&o, VL_STEP_ADVANCE, 5);
    v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48, 20 - D_INF - 5, 180);
    ck_assert_near(v->cost, 10, TOL);
    o.steps[1].amount = 5 + HAIR;
    REFUSED_BY(go(&o), "GOR-MOVE-2");
    /* Two about turns cost the whole allowance and leave the unit as it was. */
    o = order("u1");
    step(&o, VL_STEP_ABOUT, 0);
    step(&o, VL_STEP_ABOUT, 0);
    v = go(&o);
    LEGAL(v);
    ck_assert_near(v->cost, 10, TOL);
    POSE_NEAR(v->final_pose, 48, 20, 0);
}
END_TEST

/* A column of two bases about-turns: its rear face is 2D behind the head: new anchor (48, 20 - 2D),
 * facing 180, cost 7.5 (half of 15). */
START_TEST(gor_move_3_column_about_turn)
{
    load("", "", INF("u1", "union", "column", 48, 20, 0));
    VlMoveOrder o = order("u1");
    step(&o, VL_STEP_ABOUT, 0);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_near(v->cost, 7.5, TOL);
    POSE_NEAR(v->final_pose, 48, 20 - 2 * D_INF, 180);
}
END_TEST

/* Unlimbered artillery (4 x 33 mm = 5.196850 wide, D deep) at (48, 20): it may pivot in place, as its
 * whole move. About the centre of its box (48, 20 - D/2), 90 deg clockwise: the anchor, D/2 north of
 * the centre, goes to D/2 east of it: (48 + D/2, 20 - D/2), facing 90. On its left corner
 * (48 - 2.598425, 20), -90: the anchor (W/2 east of it) goes W/2 north: (45.401575, 22.598425),
 * facing 270. */
START_TEST(gor_move_3_unlimbered_artillery_pivots_as_its_whole_move)
{
    load("", "", ART("a1", "union", "unlimbered", 48, 20, 0));
    VlMoveOrder o = order("a1");
    pivot(&o, 90, VL_PIVOT_CENTRE);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48 + D_INF / 2, 20 - D_INF / 2, 90);
    ck_assert_int_eq(v->final_formation, VL_FORM_UNLIMBERED);
    ck_assert(has_reason(v, "GOR-MOVE-3", true));
    double hw = 2 * TU_ART_W;
    o = order("a1");
    pivot(&o, -90, VL_PIVOT_LEFT);
    v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48 - hw, 20 + hw, 270);
    /* The pivot is the whole move: nothing else with it. */
    o = order("a1");
    pivot(&o, 45, VL_PIVOT_CENTRE);
    pivot(&o, 45, VL_PIVOT_CENTRE);
    REFUSED_BY(go(&o), "GOR-MOVE-3");
    o = order("a1");
    pivot(&o, 45, VL_PIVOT_CENTRE);
    step(&o, VL_STEP_ADVANCE, 1);
    ILLEGAL(go(&o));
}
END_TEST

/* Unlimbered guns cannot advance, fall back, drift or about-turn (they pivot instead), and only they
 * pivot: limbered guns and a line are refused a pivot. */
START_TEST(gor_move_3_unlimbered_artillery_cannot_advance)
{
    load("", "", ART("a1", "union", "unlimbered", 48, 20, 0) "," ART("a2", "union", "limbered", 20, 20, 0) "," INF(
                     "u1", "union", "line", 75, 20, 0));
    REFUSED_BY(go1("a1", VL_STEP_ADVANCE, 1), "GOR-MOVE-1");
    ILLEGAL(go1("a1", VL_STEP_BACK, 1));
    REFUSED_BY(go1("a1", VL_STEP_DRIFT, 0.5), "GOR-MOVE-1");
    REFUSED_BY(go1("a1", VL_STEP_ABOUT, 0), "GOR-MOVE-3");
    VlMoveOrder o = order("a2");
    pivot(&o, 45, VL_PIVOT_CENTRE);
    REFUSED_BY(go(&o), "GOR-MOVE-3");
    o = order("u1");
    pivot(&o, 45, VL_PIVOT_CENTRE);
    REFUSED_BY(go(&o), "GOR-MOVE-3");
}
END_TEST

/* ===================================================================================================
 * GOR-MOVE-4: galloping cavalry, double time
 * =================================================================================================== */

/* Galloping doubles the mounted cavalry line's 10 to 20: 20 legal, 20 + a hair refused. Once per
 * game: refused when gallop_used. Infantry and dismounted cavalry may not gallop. */
START_TEST(gor_move_4_gallop_doubles_mounted_cavalry_once_per_game)
{
    load("", "", CAV("c1", "union", "line", 48, 10, 0) "," INF("u1", "union", "line", 20, 10, 0) "," DCAV(
                     "d1", "union", 75, 10, 0));
    VlMoveOrder o = order("c1");
    o.gallop = true;
    step(&o, VL_STEP_ADVANCE, 20);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_near(v->allowance.max, 20, TOL);
    ck_assert(has_reason(v, "GOR-MOVE-4", true));
    POSE_NEAR(v->final_pose, 48, 30, 0);
    ck_assert_int_eq(v->extra_hits, 0);
    o.steps[0].amount = 20 + HAIR;
    REFUSED_BY(go(&o), "GOR-MOVE-2");

    w->units[uid("c1")].gallop_used = true;
    o.steps[0].amount = 5;
    v = go(&o);
    REFUSED_BY(v, "GOR-MOVE-4");
    ck_assert_near(v->allowance.max, 10, TOL);

    o = order("u1");
    o.gallop = true;
    step(&o, VL_STEP_ADVANCE, 5);
    REFUSED_BY(go(&o), "GOR-MOVE-4");
    o = order("d1");
    o.gallop = true;
    step(&o, VL_STEP_ADVANCE, 5);
    REFUSED_BY(go(&o), "GOR-MOVE-4");
}
END_TEST

/* Double time needs the brigade commander within 8 in (GOR-CMD-1). u1: line of two 4 x 2 in bases at
 * (48, 10) facing north: x 44..52, y 8..10. Its commander g1 (2 x 2 in base) at anchor (35, 10):
 * x 34..36, y 8..10, exactly 8 in from u1: in command. Double time gives 20 in and 2 HITs after. */
#define BRIGADE_HEAD " 'brigades': [{'id': 'b1', 'side': 'union', 'name': 'First', 'commander': 'g1'}],"
#define BRIGADE_UNITS(gx)                                                                                  \
    INFX("u1", "union", "line", 48, 10, 0, ", 'brigade': 'b1', 'base': {'width': 4, 'depth': 2}")         \
    ",{'id': 'g1', 'side': 'union', 'type': 'general', 'position': [" #gx ", 10], 'facing': 0,"             \
    " 'quality': 'seasoned', 'brigade': 'b1', 'base': {'width': 2, 'depth': 2}}"                          \
    "," CAV("c1", "union", "line", 30, 30, 0) "," INF("lone", "union", "line", 70, 30, 0)

START_TEST(gor_move_4_double_time_in_command_doubles_and_costs_2_hits)
{
    load(BRIGADE_HEAD, "", BRIGADE_UNITS(35));
    double d;
    ck_assert(vl_world_in_command(w, uid("u1"), &d));
    ck_assert_near(d, 8, 0);
    VlMoveOrder o = order("u1");
    o.double_time = true;
    step(&o, VL_STEP_ADVANCE, 20);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_near(v->allowance.max, 20, TOL);
    ck_assert_int_eq(v->extra_hits, 2);
    POSE_NEAR(v->final_pose, 48, 30, 0);
    o.steps[0].amount = 20 + HAIR;
    REFUSED_BY(go(&o), "GOR-MOVE-2");
    /* Without double time, 10 and no HITs. */
    o.double_time = false;
    o.steps[0].amount = 10;
    v = go(&o);
    LEGAL(v);
    ck_assert_int_eq(v->extra_hits, 0);
    /* Once per game. */
    w->units[uid("u1")].double_time_used = true;
    o.double_time = true;
    v = go(&o);
    REFUSED_BY(v, "GOR-MOVE-4");
    ck_assert_int_eq(v->extra_hits, 0);
}
END_TEST

/* The commander 0.01 in too far (anchor x 34.99: 8.01 in away): no double time. Not infantry, or with
 * no brigade at all: no double time either. */
START_TEST(gor_move_4_double_time_refused_out_of_command_or_not_infantry)
{
    load(BRIGADE_HEAD, "", BRIGADE_UNITS(34.99));
    VlMoveOrder o = order("u1");
    o.double_time = true;
    step(&o, VL_STEP_ADVANCE, 5);
    const VlMoveVerdict *v = go(&o);
    REFUSED_BY(v, "GOR-MOVE-4");
    ck_assert_int_eq(v->extra_hits, 0);
    ck_assert_near(v->allowance.max, 10, TOL);
    o = order("c1");
    o.double_time = true;
    step(&o, VL_STEP_ADVANCE, 5);
    REFUSED_BY(go(&o), "GOR-MOVE-4");
    o = order("lone");
    o.double_time = true;
    step(&o, VL_STEP_ADVANCE, 5);
    REFUSED_BY(go(&o), "GOR-MOVE-4");
}
END_TEST

/* ===================================================================================================
 * GOR-MOVE-5: falling back
 * =================================================================================================== */

/* A line falls back its normal allowance keeping its facing: from (48, 20) back 10 to (48, 10),
 * facing still 0; a hair more refused. A skirmish line likewise. A column may not (it turns). */
START_TEST(gor_move_5_line_and_skirmish_fall_back_column_cannot)
{
    load("", "", INF("u1", "union", "line", 48, 20, 0) "," INF("s1", "union", "skirmish", 20, 40, 0) "," INF(
                     "c1", "union", "column", 80, 30, 0) "," CAV("k1", "union", "line", 20, 20, 90));
    const VlMoveVerdict *v = go1("u1", VL_STEP_BACK, 10);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48, 10, 0);
    ck_assert_near(v->cost, 10, TOL);
    ck_assert(has_reason(v, "GOR-MOVE-5", true));
    REFUSED_BY(go1("u1", VL_STEP_BACK, 10 + HAIR), "GOR-MOVE-2");
    v = go1("s1", VL_STEP_BACK, 10);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 20, 30, 0);
    REFUSED_BY(go1("c1", VL_STEP_BACK, 1), "GOR-MOVE-5");
    /* A cavalry line facing east falls back west: (20, 20) -> (10, 20). */
    v = go1("k1", VL_STEP_BACK, 10);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 10, 20, 90);
}
END_TEST

/* ===================================================================================================
 * GOR-MOVE-7: interpenetration
 * =================================================================================================== */

/* u1: line at (48, 10), y 8.031496 .. 10. Friend f1: line at (48, 11 + D), y 11 .. 12.968504.
 * Advancing 8, u1 passes through f1 and must stop once its rear (10 - D + s) reaches f1's front
 * (11 + D): s = 1 + 2D = 4.937008. Final anchor (48, 14.937008), footprints touching. f1 is listed;
 * the second step (drift) is not carried out. Cost 4.937008 (within 5 even if the ground were rough). */
START_TEST(gor_move_7_through_a_friend_stops_just_beyond_it)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0) "," INF("f1", "union", "line", 48, 12.968503937007874, 0));
    int u = uid("u1"), f = uid("f1");
    VlMoveOrder o = order("u1");
    step(&o, VL_STEP_ADVANCE, 8);
    step(&o, VL_STEP_DRIFT, 1);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    double s = 1 + 2 * D_INF;
    POSE_NEAR(v->final_pose, 48, 10 + s, 0);
    ck_assert_near(v->cost, s, TOL);
    ck_assert_int_eq(v->steps_done, 1);
    ck_assert_int_eq(v->ninterpenetrated, 1);
    ck_assert_int_eq(v->interpenetrated[0], f);
    ck_assert(has_reason(v, "GOR-MOVE-7", true));
    VlFootprint fp = final_fp(u, v);
    ck_assert_near(vl_footprint_distance(&fp, &vl_world_unit(w, f)->fp), 0, 0);
    ck_assert_near(vl_footprint_overlap_area(&fp, &vl_world_unit(w, f)->fp), 0, 1e-9);
    /* Rear edge of u1 on f1's front edge. */
    ck_assert_near(fp.box.p[3].y, 11 + D_INF, TOL);
}
END_TEST

/* Ending on top of a friend is refused: 3 in brings u1's front to y = 13, inside f1 (11 .. 12.97). */
START_TEST(gor_move_7_ending_on_top_of_a_friend_is_refused)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0) "," INF("f1", "union", "line", 48, 12.968503937007874, 0));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 3);
    REFUSED_BY(v, "GOR-MOVE-7");
    /* Up to f1 (1 in: touching) is fine and passes through nothing. */
    v = go1("u1", VL_STEP_ADVANCE, 1);
    LEGAL(v);
    ck_assert_int_eq(v->ninterpenetrated, 0);
}
END_TEST

/* Sliding past a friend whose flank touches ours is not interpenetration: f1 stands right of u1,
 * edge to edge (x = 51.937008). u1 advances 5: legal, nothing passed through. */
START_TEST(gor_move_7_sliding_along_a_touching_friend_is_not_interpenetration)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0) "," INF("f1", "union", "line", 55.874015748031496, 10, 0));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 5);
    LEGAL(v);
    ck_assert_int_eq(v->ninterpenetrated, 0);
    ck_assert_int_eq(v->steps_done, 1);
    POSE_NEAR(v->final_pose, 48, 15, 0);
}
END_TEST

/* GOR "Rough" (Terms & References): "Rough would typically include ... interpenetrating other friendly
 * formations." f1 now stands 2 in ahead: line at (48, 12 + D), y 12 .. 13.968504. u1 must go
 * s = 2 + 2D = 5.937008 in to clear it. Through a friend the ground is rough, the line's allowance 5,
 * so the move is refused (5.937 > 5). */
START_TEST(gor_move_7_interpenetration_is_rough_ground)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0) "," INF("f1", "union", "line", 48, 13.968503937007874, 0));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 8);
    ck_assert_int_eq(v->ninterpenetrated, 1);
    ck_assert_near(v->cost, 2 + 2 * D_INF, TOL);
    ck_assert_msg(v->ground == VL_GROUND_ROUGH && v->allowance.max == 5,
                  "passing through a friend should be rough (allowance 5): %s", why(v));
    REFUSED_BY(v, "GOR-MOVE-2");
}
END_TEST

/* The move ends just beyond the friend, so what lies past that point is never reached. f1 as in the
 * first GOR-MOVE-7 test (u1 stops with its front at 14.937008). An enemy line facing south with its
 * front at y = 16.5 is 1.56 in beyond the stop: the move, as carried out, never touches it: legal. */
START_TEST(gor_move_7_an_enemy_beyond_the_stop_is_not_met)
{
    load("", "",
         INF("u1", "union", "line", 48, 10, 0) "," INF("f1", "union", "line", 48, 12.968503937007874,
                                                       0) "," INF("e1", "csa", "line", 48, 16.5, 180));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 8);
    POSE_NEAR(v->final_pose, 48, 11 + 2 * D_INF, 0);
    ck_assert_msg(v->legal, "the move stops 1.56 in short of e1: %s", why(v));
}
END_TEST

/* Likewise a wood that begins at y = 16, beyond the stop (front 14.937): never entered, open ground. */
START_TEST(gor_move_7_woods_beyond_the_stop_are_not_crossed)
{
    load("", AREA("w1", "woods", RECT(30, 16, 66, 30)),
         INF("u1", "union", "line", 48, 10, 0) "," INF("f1", "union", "line", 48, 12.968503937007874, 0));
    const VlMoveVerdict *v = go1("u1", VL_STEP_ADVANCE, 8);
    LEGAL(v);
    ck_assert_msg(v->nrough == 0, "the wood beyond the stop is listed as crossed: %s", why(v));
}
END_TEST

/* ===================================================================================================
 * GOR-FORM-7 / GOR-FORM-6 / GOR-FORM-5: changing formation
 * =================================================================================================== */

/* Line at (48, 20) facing north: base 0 (left) centre (48 - w/2, 20 - D/2) = (46.031496, 19.015748),
 * base 1 (right) (49.968504, 19.015748), w = 3.937008.
 * To column keeping base 0: base 0 stays; column base 0 centre = a - f D/2, so a = (46.031496, 20),
 * base 1 behind it at (46.031496, 20 - 3D/2).
 * Keeping base 1: a - f (D/2 + D) = (49.968504, 19.015748), a = (49.968504, 19.015748 + 1.5 D).
 * Keeping base 0 and facing east: a = centre + f D/2 = (46.031496 + D/2, 19.015748), facing 90.
 * It is the whole move: cost = the allowance (10). */
START_TEST(gor_form_7_line_to_column_keeps_the_chosen_base_in_place)
{
    load("", "", INF("u1", "union", "line", 48, 20, 0));
    int u = uid("u1");
    const VlFootprint *fp0 = &vl_world_unit(w, u)->fp;
    VlVec2 c0 = centre(&fp0->bases[0]), c1 = centre(&fp0->bases[1]);
    ck_assert_vec_near(c0, 48 - TU_INF_W / 2, 20 - D_INF / 2, TOL);
    ck_assert_vec_near(c1, 48 + TU_INF_W / 2, 20 - D_INF / 2, TOL);

    VlMoveOrder o = order("u1");
    form(&o, VL_FORM_COLUMN, false, 0, NAN);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_int_eq(v->final_formation, VL_FORM_COLUMN);
    ck_assert_near(v->cost, 10, TOL);
    ck_assert(has_reason(v, "GOR-FORM-7", true));
    POSE_NEAR(v->final_pose, 48 - TU_INF_W / 2, 20, 0);
    VlFootprint fp = final_fp(u, v);
    ck_assert_vec_near(centre(&fp.bases[0]), c0.x, c0.y, TOL);
    ck_assert_vec_near(centre(&fp.bases[1]), c0.x, 20 - 1.5 * D_INF, TOL);

    o = order("u1");
    form(&o, VL_FORM_COLUMN, false, 1, NAN);
    v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48 + TU_INF_W / 2, 20 - D_INF / 2 + 1.5 * D_INF, 0);
    fp = final_fp(u, v);
    ck_assert_vec_near(centre(&fp.bases[1]), c1.x, c1.y, TOL);

    /* keep_base -1 means base 0. */
    o = order("u1");
    form(&o, VL_FORM_COLUMN, false, -1, 90);
    v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, c0.x + D_INF / 2, c0.y, 90);
    fp = final_fp(u, v);
    ck_assert_vec_near(centre(&fp.bases[0]), c0.x, c0.y, TOL);
}
END_TEST

/* Column at (48, 20) to line keeping base 1 (the rear base, centre (48, 20 - 1.5 D)): line base 1
 * centre = a + r w/2 - f D/2, so a = (48 - w/2, 20 - 1.5D + D/2) = (46.031496, 20 - D).
 * To skirmish keeping base 0 (centre (48, 20 - D/2)): skirmish base 0 centre = a - r w - f D/2,
 * a = (48 + w, 20). Column to square keeping base 0: square base 0 centre = a - f D/2: a = (48, 20). */
START_TEST(gor_form_7_column_to_line_skirmish_square)
{
    load("", "", INF("u1", "union", "column", 48, 20, 0));
    int u = uid("u1");
    VlVec2 c1 = centre(&vl_world_unit(w, u)->fp.bases[1]);
    ck_assert_vec_near(c1, 48, 20 - 1.5 * D_INF, TOL);
    VlMoveOrder o = order("u1");
    form(&o, VL_FORM_LINE, false, 1, NAN);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    POSE_NEAR(v->final_pose, 48 - TU_INF_W / 2, 20 - D_INF, 0);
    VlFootprint fp = final_fp(u, v);
    ck_assert_vec_near(centre(&fp.bases[1]), c1.x, c1.y, TOL);
    ck_assert_near(v->cost, 15, TOL);

    o = order("u1");
    form(&o, VL_FORM_SKIRMISH, false, 0, NAN);
    v = go(&o);
    LEGAL(v);
    ck_assert_int_eq(v->final_formation, VL_FORM_SKIRMISH);
    POSE_NEAR(v->final_pose, 48 + TU_INF_W, 20, 0);

    o = order("u1");
    form(&o, VL_FORM_SQUARE, false, 0, NAN);
    v = go(&o);
    LEGAL(v);
    ck_assert_int_eq(v->final_formation, VL_FORM_SQUARE);
    POSE_NEAR(v->final_pose, 48, 20, 0);
}
END_TEST

/* A formation change takes the whole move: it must be the only step, before or after anything else. */
START_TEST(gor_form_7_formation_change_must_be_the_only_step)
{
    load("", "", INF("u1", "union", "line", 48, 20, 0));
    VlMoveOrder o = order("u1");
    form(&o, VL_FORM_COLUMN, false, 0, NAN);
    step(&o, VL_STEP_ADVANCE, 1);
    REFUSED_BY(go(&o), "GOR-FORM-7");
    o = order("u1");
    step(&o, VL_STEP_ADVANCE, 1);
    form(&o, VL_FORM_COLUMN, false, 0, NAN);
    REFUSED_BY(go(&o), "GOR-FORM-7");
    o = order("u1");
    form(&o, VL_FORM_COLUMN, false, 0, NAN);
    form(&o, VL_FORM_LINE, false, 0, NAN);
    REFUSED_BY(go(&o), "GOR-FORM-7");
}
END_TEST

/* GOR-FORM-6: cavalry that dismounts goes into skirmish line (mounted false); it remounts into line
 * or column. Base 0 stays: line at (48, 20) base 0 centre (46.031496, 19.015748); skirmish base 0
 * centre = a - r w - f D/2, a = (46.031496 + w, 20) = (49.968504, 20). */
START_TEST(gor_form_6_cavalry_dismounts_to_skirmish_and_remounts)
{
    load("", "", CAV("c1", "union", "line", 48, 20, 0) "," DCAV("d1", "union", 20, 30, 0));
    int c = uid("c1");
    VlVec2 c0 = centre(&vl_world_unit(w, c)->fp.bases[0]);
    VlMoveOrder o = order("c1");
    form(&o, VL_FORM_SKIRMISH, false, 0, NAN);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_int_eq(v->final_formation, VL_FORM_SKIRMISH);
    ck_assert(!v->final_mounted);
    ck_assert(has_reason(v, "GOR-FORM-6", true));
    POSE_NEAR(v->final_pose, c0.x + TU_INF_W, 20, 0);
    VlFootprint fp = final_fp(c, v);
    ck_assert_vec_near(centre(&fp.bases[0]), c0.x, c0.y, TOL);

    o = order("d1");
    form(&o, VL_FORM_LINE, true, 0, NAN);
    v = go(&o);
    LEGAL(v);
    ck_assert_int_eq(v->final_formation, VL_FORM_LINE);
    ck_assert(v->final_mounted);
    ck_assert(has_reason(v, "GOR-FORM-6", true));
    o = order("d1");
    form(&o, VL_FORM_COLUMN, true, 1, NAN);
    v = go(&o);
    LEGAL(v);
    ck_assert(v->final_mounted);
    /* A plain move leaves mounted as it was. */
    v = go1("c1", VL_STEP_ADVANCE, 1);
    ck_assert(v->final_mounted);
    v = go1("d1", VL_STEP_ADVANCE, 1);
    ck_assert(!v->final_mounted);
}
END_TEST

/* GOR-FORM-5: artillery limbers (unlimbered -> limbered) and unlimbers, as the whole move, the kept
 * base staying. Unlimbered at (48, 20): base 0 centre (48 - 1.5 x 1.299213, 20 - D/2) =
 * (46.051181, 19.015748); limbered base 0 centre = a - f D/2: a = (46.051181, 20). */
START_TEST(gor_form_5_artillery_limbers_and_unlimbers)
{
    load("", "", ART("a1", "union", "unlimbered", 48, 20, 0) "," ART("a2", "union", "limbered", 20, 30, 0));
    int a = uid("a1");
    VlVec2 c0 = centre(&vl_world_unit(w, a)->fp.bases[0]);
    ck_assert_vec_near(c0, 48 - 1.5 * TU_ART_W, 20 - D_INF / 2, TOL);
    VlMoveOrder o = order("a1");
    form(&o, VL_FORM_LIMBERED, false, 0, NAN);
    const VlMoveVerdict *v = go(&o);
    LEGAL(v);
    ck_assert_int_eq(v->final_formation, VL_FORM_LIMBERED);
    POSE_NEAR(v->final_pose, c0.x, 20, 0);
    o = order("a2");
    form(&o, VL_FORM_UNLIMBERED, false, 0, 180);
    v = go(&o);
    LEGAL(v);
    ck_assert_int_eq(v->final_formation, VL_FORM_UNLIMBERED);
    VlFootprint fp = final_fp(uid("a2"), v);
    VlVec2 k = centre(&vl_world_unit(w, uid("a2"))->fp.bases[0]);
    ck_assert_vec_near(centre(&fp.bases[0]), k.x, k.y, TOL);
    FACING_NEAR(v->final_pose.facing, 180);
}
END_TEST

/* Formations a unit cannot take are refused: infantry limbered, artillery in line, mounted cavalry in
 * skirmish or square, a general in column; and a base that does not exist cannot be kept. */
START_TEST(gor_form_7_impossible_formations_are_refused)
{
    load("", "", INF("u1", "union", "line", 10, 20, 0) "," ART("a1", "union", "limbered", 30, 20, 0) "," CAV(
                     "c1", "union", "line", 50, 20, 0) "," GEN("g1", "union", 80, 20, 0));
    struct {
        const char *u;
        VlFormation f;
        bool mounted;
    } bad[] = {{"u1", VL_FORM_LIMBERED, false}, {"u1", VL_FORM_UNLIMBERED, false}, {"a1", VL_FORM_LINE, false},
               {"a1", VL_FORM_COLUMN, false},   {"c1", VL_FORM_SKIRMISH, true},    {"c1", VL_FORM_SQUARE, true},
               {"g1", VL_FORM_COLUMN, false},   {"g1", VL_FORM_LINE, false}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        VlMoveOrder o = order(bad[i].u);
        form(&o, bad[i].f, bad[i].mounted, 0, NAN);
        const VlMoveVerdict *v = go(&o);
        ck_assert_msg(!v->legal && has_reason(v, "GOR-FORM-7", false), "%s to %s: %s", bad[i].u,
                      vl_formation_name(bad[i].f), why(v));
    }
    VlMoveOrder o = order("u1");
    form(&o, VL_FORM_COLUMN, false, 2, NAN);
    REFUSED_BY(go(&o), "GOR-FORM-7");
}
END_TEST

/* A new formation must fit: a line at (48, 20) (x 44.06 .. 51.94, y 18.03 .. 20) re-forming to column
 * keeping base 0 reaches back to y = 20 - 2D = 16.06 at x 44.06 .. 48; an enemy line facing north at
 * (46, 17) (x 42.06 .. 49.94, y 15.03 .. 17) is in the way. */
START_TEST(gor_form_7_new_formation_touching_an_enemy_is_refused)
{
    load("", "", INF("u1", "union", "line", 48, 20, 0) "," INF("e1", "csa", "line", 46, 17, 0));
    VlMoveOrder o = order("u1");
    form(&o, VL_FORM_COLUMN, false, 0, NAN);
    REFUSED_BY(go(&o), "GOR-MOVE-2");
    /* To skirmish, keeping base 0, it stays one base deep: legal. */
    o = order("u1");
    form(&o, VL_FORM_SKIRMISH, false, 0, NAN);
    LEGAL(go(&o));
}
END_TEST

/* ===================================================================================================
 * GOR-TURN-3 / GOR-ROUT-1
 * =================================================================================================== */

START_TEST(gor_turn_3_a_unit_that_has_acted_is_refused)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0));
    LEGAL(go1("u1", VL_STEP_ADVANCE, 1));
    w->units[uid("u1")].acted = true;
    REFUSED_BY(go1("u1", VL_STEP_ADVANCE, 1), "GOR-TURN-3");
    VlMoveOrder o = order("u1");
    form(&o, VL_FORM_COLUMN, false, 0, NAN);
    REFUSED_BY(go(&o), "GOR-TURN-3");
}
END_TEST

START_TEST(gor_rout_1_a_routed_unit_is_refused)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0) "," CAV("c1", "union", "line", 20, 10, 0));
    w->units[uid("u1")].routed = true;
    REFUSED_BY(go1("u1", VL_STEP_ADVANCE, 1), "GOR-ROUT-1");
    REFUSED_BY(go1("u1", VL_STEP_BACK, 1), "GOR-ROUT-1");
    w->units[uid("c1")].routed = true;
    VlMoveOrder o = order("c1");
    o.gallop = true;
    step(&o, VL_STEP_ADVANCE, 1);
    REFUSED_BY(go(&o), "GOR-ROUT-1");
    /* A removed unit is not on the table at all. */
    w->units[uid("c1")].removed = true;
    ILLEGAL(go(&o));
}
END_TEST

/* ===================================================================================================
 * Purity
 * =================================================================================================== */

START_TEST(purity_resolving_a_move_changes_nothing)
{
    load("", AREA("w1", "woods", RECT(60, 2, 90, 30)),
         INF("u1", "union", "line", 48, 10, 0) "," INF("f1", "union", "line", 48, 12.968503937007874, 0) "," CAV(
             "c1", "union", "line", 75, 15, 0) "," ART("a1", "union", "unlimbered", 20, 20, 0) "," INF("e1", "csa",
                                                                                                      "line", 20, 30, 180));
    int n = w->nunits;
    VlFieldUnit before[8];
    VlUnitState st_before[8];
    ck_assert_int_le(n, 8);
    for (int i = 0; i < n; i++) {
        before[i] = *vl_world_unit(w, i);
        st_before[i] = w->units[i];
    }
    VlRuleOptions opt = w->options;
    VlRng rng = w->rng;

    VlMoveOrder orders[6];
    orders[0] = order("u1");
    step(&orders[0], VL_STEP_ADVANCE, 8); /* through f1 */
    orders[1] = order("u1");
    form(&orders[1], VL_FORM_COLUMN, false, 1, 90);
    orders[2] = order("c1");
    step(&orders[2], VL_STEP_ABOUT, 0);
    step(&orders[2], VL_STEP_ADVANCE, 3);
    orders[2].gallop = true;
    orders[3] = order("a1");
    pivot(&orders[3], 30, VL_PIVOT_LEFT);
    orders[4] = order("c1");
    form(&orders[4], VL_FORM_SKIRMISH, false, 0, NAN);
    orders[5] = order("a1");
    form(&orders[5], VL_FORM_LIMBERED, false, 3, NAN);
    for (int k = 0; k < 6; k++) {
        go(&orders[k]);
        for (int i = 0; i < n; i++) {
            /* Field by field (struct padding is not compared). */
            const VlFieldUnit *now = vl_world_unit(w, i), *was = &before[i];
            ck_assert_msg(now->pose.anchor.x == was->pose.anchor.x && now->pose.anchor.y == was->pose.anchor.y &&
                              now->pose.facing == was->pose.facing && now->formation == was->formation &&
                              now->type == was->type && now->spec.count == was->spec.count &&
                              now->spec.width == was->spec.width && now->spec.depth == was->spec.depth,
                          "order %d changed unit %d's pose or formation", k, i);
            ck_assert_int_eq(now->fp.nbases, was->fp.nbases);
            for (int b = 0; b < now->fp.nbases; b++)
                for (int c = 0; c < 4; c++)
                    ck_assert_msg(now->fp.bases[b].p[c].x == was->fp.bases[b].p[c].x &&
                                      now->fp.bases[b].p[c].y == was->fp.bases[b].p[c].y,
                                  "order %d moved a base of unit %d", k, i);
            ck_assert(now->bounds.lo.x == was->bounds.lo.x && now->bounds.lo.y == was->bounds.lo.y &&
                      now->bounds.hi.x == was->bounds.hi.x && now->bounds.hi.y == was->bounds.hi.y);
            const VlUnitState *s = &w->units[i], *t = &st_before[i];
            ck_assert_msg(s->hits == t->hits && s->routed == t->routed && s->mounted == t->mounted &&
                              s->fired == t->fired && s->charged == t->charged &&
                              s->charged_last_turn == t->charged_last_turn && s->acted == t->acted &&
                              s->gallop_used == t->gallop_used && s->double_time_used == t->double_time_used &&
                              s->removed == t->removed,
                          "order %d changed unit %d's game state", k, i);
        }
        ck_assert(w->options.charge_rules == opt.charge_rules &&
                  w->options.cavalry_rough_in_cm == opt.cavalry_rough_in_cm &&
                  w->options.jr3_bonus_dice == opt.jr3_bonus_dice);
        ck_assert(memcmp(&w->rng, &rng, sizeof rng) == 0);
        ck_assert_int_eq(w->turn, 1);
        ck_assert_int_eq(w->nunits, n);
    }
}
END_TEST

/* Bad orders: no steps, negative distance, a NaN amount, no such unit. */
START_TEST(gor_move_2_malformed_orders_are_refused)
{
    load("", "", INF("u1", "union", "line", 48, 10, 0));
    VlMoveOrder o = order("u1");
    ILLEGAL(go(&o));
    ILLEGAL(go1("u1", VL_STEP_ADVANCE, -1));
    ILLEGAL(go1("u1", VL_STEP_BACK, -1));
    ILLEGAL(go1("u1", VL_STEP_ADVANCE, NAN));
    o = order("u1");
    o.unit = 7;
    step(&o, VL_STEP_ADVANCE, 1);
    ILLEGAL(go(&o));
}
END_TEST

static Suite *move_suite(void)
{
    Suite *s = suite_create("move");
    TCase *tc = tcase_create("table");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, gor_move_1_table_limbered_artillery_10_5_15);
    tcase_add_test(tc, gor_move_1_table_infantry_line_10_5_10);
    tcase_add_test(tc, gor_move_1_table_infantry_skirmish_10_10_10);
    tcase_add_test(tc, gor_move_1_table_infantry_column_15_10_20);
    tcase_add_test(tc, gor_move_1_table_cavalry_line_10_less_d6_10);
    tcase_add_test(tc, gor_move_1_table_cavalry_column_15_less_d6_20);
    tcase_add_test(tc, gor_move_1_table_general_15_15_15);
    tcase_add_test(tc, gor_move_1_table_dismounted_cavalry_moves_as_skirmishers);
    tcase_add_test(tc, gor_move_1_table_unlimbered_artillery_and_square_cannot_move);
    tcase_add_test(tc, gor_move_1_cavalry_rough_in_cm_option);
    suite_add_tcase(s, tc);

    tc = tcase_create("ground");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, gor_move_1_open_every_row_exactly_its_allowance);
    tcase_add_test(tc, gor_move_1_woods_every_row_exactly_its_allowance);
    tcase_add_loop_test(tc, gor_move_1_infantry_line_rough_is_5_in, 0, 3);
    tcase_add_test(tc, gor_move_1_reaching_the_woods_edge_is_open_entering_is_rough);
    tcase_add_loop_test(tc, gor_move_1_crossing_fence_wall_hedge_stream_is_rough, 0, 4);
    tcase_add_test(tc, gor_move_1_going_up_a_hill_is_rough);
    tcase_add_test(tc, gor_move_1_going_down_a_hill_is_rough);
    tcase_add_test(tc, gor_move_1_moving_on_a_hill_top_is_open);
    tcase_add_test(tc, gor_move_1_road_every_row_exactly_its_allowance);
    tcase_add_test(tc, gor_move_1_road_negates_rough_for_column);
    tcase_add_test(tc, gor_move_1_road_needs_the_anchor_to_stay_on_it);
    tcase_add_test(tc, gor_move_1_cavalry_rough_without_die_gives_a_range);
    tcase_add_test(tc, gor_move_1_cavalry_rough_with_die_is_exact);
    tcase_add_test(tc, gor_move_1_the_die_never_rescues_a_move_refused_for_another_reason);
    tcase_add_test(tc, d_move_7_the_die_cuts_the_last_straight_step);
    tcase_add_test(tc, gor_move_1_cavalry_rough_in_cm_option_resolver);
    tcase_add_test(tc, gor_move_1_cavalry_rough_max_die_agrees_with_each_die);
    tcase_add_test(tc, gor_move_1_cavalry_about_turn_in_rough_max_die_agrees_with_each_die);
    suite_add_tcase(s, tc);

    tc = tcase_create("limits");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, gor_move_2_advance_exactly_the_allowance_and_a_hair_beyond);
    tcase_add_test(tc, gor_move_3_drift_exactly_50_mm_and_a_hair_beyond);
    tcase_add_test(tc, gor_move_3_drift_totals_over_the_turn_and_costs_allowance);
    tcase_add_test(tc, gor_move_2_wheel_cost_at_the_limit_end_and_centre_pivot);
    tcase_add_test(tc, gor_move_2_wheel_final_poses_left_and_right_ends_30_and_90);
    suite_add_tcase(s, tc);

    tc = tcase_create("contact");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, gor_move_2_moving_into_contact_with_an_enemy_is_refused);
    tcase_add_test(tc, gor_move_2_drifting_into_contact_is_refused);
    tcase_add_test(tc, gor_move_2_moving_through_an_enemy_is_refused);
    tcase_add_test(tc, d_game_11_a_general_does_not_bar_a_move);
    tcase_add_test(tc, gor_move_2_moving_away_from_a_touching_enemy_is_allowed);
    tcase_add_test(tc, gor_move_2_off_the_table_is_refused);
    tcase_add_loop_test(tc, gor_move_2_into_a_building_or_water_is_refused, 0, 2);
    tcase_add_test(tc, gor_move_2_wheeling_into_an_enemy_is_refused);
    tcase_add_test(tc, gor_move_2_malformed_orders_are_refused);
    suite_add_tcase(s, tc);

    tc = tcase_create("manoeuvre");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, gor_move_2_column_turns_freely);
    tcase_add_test(tc, gor_move_2_line_cannot_turn);
    tcase_add_test(tc, gor_move_2_a_general_rides_to_any_point_within_his_allowance);
    tcase_add_test(tc, gor_move_2_only_lines_wheel);
    tcase_add_test(tc, gor_move_3_about_turn_costs_half_and_keeps_the_footprint);
    tcase_add_test(tc, gor_move_3_column_about_turn);
    tcase_add_test(tc, gor_move_3_unlimbered_artillery_pivots_as_its_whole_move);
    tcase_add_test(tc, gor_move_3_unlimbered_artillery_cannot_advance);
    tcase_add_test(tc, gor_move_4_gallop_doubles_mounted_cavalry_once_per_game);
    tcase_add_test(tc, gor_move_4_double_time_in_command_doubles_and_costs_2_hits);
    tcase_add_test(tc, gor_move_4_double_time_refused_out_of_command_or_not_infantry);
    tcase_add_test(tc, gor_move_5_line_and_skirmish_fall_back_column_cannot);
    suite_add_tcase(s, tc);

    tc = tcase_create("interpenetration");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, gor_move_7_through_a_friend_stops_just_beyond_it);
    tcase_add_test(tc, gor_move_7_ending_on_top_of_a_friend_is_refused);
    tcase_add_test(tc, gor_move_7_sliding_along_a_touching_friend_is_not_interpenetration);
    tcase_add_test(tc, gor_move_7_interpenetration_is_rough_ground);
    tcase_add_test(tc, gor_move_7_an_enemy_beyond_the_stop_is_not_met);
    tcase_add_test(tc, gor_move_7_woods_beyond_the_stop_are_not_crossed);
    suite_add_tcase(s, tc);

    tc = tcase_create("formation");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, gor_form_7_line_to_column_keeps_the_chosen_base_in_place);
    tcase_add_test(tc, gor_form_7_column_to_line_skirmish_square);
    tcase_add_test(tc, gor_form_7_formation_change_must_be_the_only_step);
    tcase_add_test(tc, gor_form_6_cavalry_dismounts_to_skirmish_and_remounts);
    tcase_add_test(tc, gor_form_5_artillery_limbers_and_unlimbers);
    tcase_add_test(tc, gor_form_7_impossible_formations_are_refused);
    tcase_add_test(tc, gor_form_7_new_formation_touching_an_enemy_is_refused);
    suite_add_tcase(s, tc);

    tc = tcase_create("state");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, gor_turn_3_a_unit_that_has_acted_is_refused);
    tcase_add_test(tc, gor_rout_1_a_routed_unit_is_refused);
    tcase_add_test(tc, purity_resolving_a_move_changes_nothing);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(move_suite()); }
