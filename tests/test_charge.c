/* Charges and the rulebook's geometric judgements (src/rules/charge.c).
 *
 * Two kinds of test:
 *  - the rulebook's own worked examples: Good Old Rebel's diagram A-F (the text after the Late-War
 *    table) and the JR III 2008 clarification of the supporting-unit exception, each rebuilt as a
 *    scenario file in tests/scenarios/ and checked against the answer the text states;
 *  - hand-computed charge cases, each named after the checklist clause it proves
 *    (docs/rules-checklist.md).
 *
 * Hand computations use docs/geometry.md: infantry and cavalry bases 100 x 50 mm = 3.937 x 1.9685 in, a line is
 * two bases side by side (7.874 in wide, 1.9685 in deep), the anchor is the front-face midpoint, facing 0 is
 * north (+y), forward f = (sin t, cos t), right r = (cos t, -sin t). An infantry line at anchor (48, 10)
 * facing 0 covers x in [44.063, 51.937], y in [8.031, 10]; facing 180 at (x, y) it covers y in [y, y + 1.969].
 * A general's base is 40 x 40 mm = 1.575 in square. */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HW TU_INF_W        /* half a line's width: one base, 3.937 in */
#define LW (2 * TU_INF_W)  /* a line's width, 7.874 in */
#define D TU_INF_D         /* a base's depth, 1.9685 in */
#define GW TU_GEN_W        /* a general's base, 1.575 in */
#define PI 3.14159265358979323846
#define RAD(deg) ((deg) * PI / 180.0)
#define TOL 1e-9
#define SCEN(name) VL_SOURCE_ROOT "/tests/scenarios/" name

/* ---- fixture: one scenario and its world per test ---- */

static struct {
    VlScenario s;
    VlWorld *w;
    bool loaded;
} fx;

static void fx_free(void)
{
    if (fx.loaded) {
        vl_world_destroy(fx.w);
        vl_scenario_free(&fx.s);
    }
    memset(&fx, 0, sizeof fx);
    tu_sb_begin("charge test", 96, 48);
}

static void setup(void) { fx_free(); }
static void teardown(void) { fx_free(); }

/* The scenario is written with tu_sb_unit() and the like (testutil.h): sides "union" and "csa";
 * quality seasoned; infantry rifled, cavalry carbine. */
#define INF(id, side, x, y, f) tu_sb_unit(id, side, "infantry", "line", x, y, f, NULL)
#define INFB(id, side, x, y, f, brig) tu_sb_unit(id, side, "infantry", "line", x, y, f, "\"brigade\":\"" brig "\"")
#define CAV(id, side, x, y, f) tu_sb_unit(id, side, "cavalry", "line", x, y, f, NULL)
#define GEN(id, side, x, y, brig) tu_sb_unit(id, side, "general", NULL, x, y, 0, "\"brigade\":\"" brig "\"")

/* Load the scenario written and create its world. */
static void build(void)
{
    tu_sb_load(&fx.s);
    fx.w = vl_world_create(&fx.s, 1);
    ck_assert_ptr_nonnull(fx.w);
    fx.loaded = true;
}

/* Load one of tests/scenarios/. */
static void load_file(const char *path)
{
    VlDiagList d;
    vl_diag_init(&d, path);
    VlStatus st = vl_scenario_load_file(path, &fx.s, &d);
    vl_diag_print(&d, stderr, "  ");
    vl_diag_free(&d);
    ck_assert_msg(st == VL_OK, "%s refused (%s)", path, vl_status_str(st));
    fx.w = vl_world_create(&fx.s, 1);
    ck_assert_ptr_nonnull(fx.w);
    fx.loaded = true;
}

static int U(const char *id)
{
    int i = vl_scenario_find_unit(&fx.s, id);
    ck_assert_msg(i >= 0, "no unit %s", id);
    return i;
}

static int T(const char *id)
{
    for (int i = 0; i < fx.s.nterrain; i++)
        if (strcmp(fx.s.terrain[i].id, id) == 0)
            return i;
    ck_abort_msg("no terrain %s", id);
    return -1;
}

static const VlFootprint *FP(const char *id) { return &vl_world_unit(fx.w, U(id))->fp; }

static VlChargeVerdict charge_by(const char *u, const char *t, VlChargeRules rules)
{
    VlChargeOrder o = {.unit = U(u), .target = U(t), .rules = rules, .choose_path = true};
    VlChargeVerdict v;
    vl_resolve_charge(fx.w, &o, &v);
    return v;
}
static VlChargeVerdict charge(const char *u, const char *t) { return charge_by(u, t, VL_RULES_GOR); }

/* A charge with an explicit opening (choose_path false). */
static VlChargeVerdict charge_opening(const char *u, const char *t, VlPreKind kind, double amount)
{
    VlChargeOrder o = {.unit = U(u), .target = U(t), .rules = VL_RULES_GOR, .choose_path = false, .pre_kind = kind,
                       .pre_amount = amount};
    VlChargeVerdict v;
    vl_resolve_charge(fx.w, &o, &v);
    return v;
}

static VlChargeVerdict charge_die(const char *u, const char *t, int die)
{
    VlChargeOrder o = {.unit = U(u), .target = U(t), .rules = VL_RULES_GOR, .choose_path = true, .rough_die = die};
    VlChargeVerdict v;
    vl_resolve_charge(fx.w, &o, &v);
    return v;
}

static void dump(const VlReasons *rs)
{
    for (int i = 0; i < rs->n; i++)
        fprintf(stderr, "    %-10s %s %s\n", rs->r[i].clause, rs->r[i].ok ? "ok  " : "FAIL", rs->r[i].text);
}

/* Some reason with this clause and ok flag. */
static bool has_reason(const VlReasons *rs, const char *clause, bool ok)
{
    for (int i = 0; i < rs->n; i++)
        if (strcmp(rs->r[i].clause, clause) == 0 && rs->r[i].ok == ok)
            return true;
    dump(rs);
    return false;
}

static bool lists(const int *a, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (a[i] == x)
            return true;
    return false;
}

static double norm_deg(double f)
{
    f = fmod(f, 360.0);
    return f < 0 ? f + 360.0 : f;
}

/* ======================================================================================
 * Good Old Rebel, diagram A-F (tests/scenarios/gor-example-*.json)
 * ====================================================================================== */

/* A: u_reg at (48, 10) facing 0, rifled (18 in): its line of fire is x in [44.063, 51.937], y in [10, 28].
 * c_1st at (41, 16) facing 180 covers x in [37.063, 44.937]: 0.874 in of it in the line, 6 in away.
 * c_2nd at (50, 22) facing 180 covers x in [46.063, 53.937]: 5.874 in in the line, 12 in away.
 * The book: the Union can only fire on the 2nd Regiment, which has more of its bases in the line of fire,
 * although the 1st is nearer. */
START_TEST(gor_fire_1_example_a_greatest_frontage_is_the_target)
{
    load_file(SCEN("gor-example-a.json"));
    double e1, e2;
    ck_assert(vl_fire_corridor(FP("u_reg"), 18, FP("c_1st"), &e1));
    ck_assert(vl_fire_corridor(FP("u_reg"), 18, FP("c_2nd"), &e2));
    ck_assert_near(e1, LW - 7.0, 1e-9); /* 44.937 - 44.063 = (41 + 3.937) - (48 - 3.937) */
    ck_assert_near(e2, LW - 2.0, 1e-9); /* 51.937 - 46.063 */
    ck_assert_near(vl_footprint_distance(FP("u_reg"), FP("c_1st")), 6.0, 1e-9);
    ck_assert_near(vl_footprint_distance(FP("u_reg"), FP("c_2nd")), 12.0, 1e-9);
    int blocked;
    VlReasons why = {0};
    ck_assert_int_eq(vl_fire_target(fx.w, U("u_reg"), &blocked, &why), U("c_2nd"));
    ck_assert_int_eq(blocked, -1);
    ck_assert(has_reason(&why, "GOR-FIRE-1", true));
}
END_TEST

/* B: as A but c_2nd at (50, 30), 20 in away: beyond the rifled range of 18 in and out of the line of fire.
 * The book: the Union fires on the 1st Regiment normally, though only a small part of it is in the line.
 * The same holds in A's file when c_2nd is not there at all. */
START_TEST(gor_fire_1_example_b_small_part_in_line_is_still_a_target)
{
    load_file(SCEN("gor-example-b.json"));
    double e;
    ck_assert(!vl_fire_corridor(FP("u_reg"), 18, FP("c_2nd"), &e));
    ck_assert_near(vl_footprint_distance(FP("u_reg"), FP("c_2nd")), 20.0, 1e-9);
    int blocked;
    ck_assert_int_eq(vl_fire_target(fx.w, U("u_reg"), &blocked, NULL), U("c_1st"));
    ck_assert_int_eq(blocked, -1);

    fx_free();
    load_file(SCEN("gor-example-a.json"));
    fx.w->units[U("c_2nd")].removed = true; /* "if the Confederate 2nd Regiment was not there" */
    ck_assert_int_eq(vl_fire_target(fx.w, U("u_reg"), &blocked, NULL), U("c_1st"));
}
END_TEST

/* C: u_reg at (48, 20) facing 0 covers x in [44.063, 51.937], y in [18.031, 20]; its left flank is the
 * segment x = 44.063. c_1st at (36, 19) facing 90 has its front at x = 36 spanning y in [15.063, 22.937]:
 * straight ahead 8.063 in it meets the whole left flank: it threatens it. c_2nd at (42, 30) facing 180
 * covers x in [38.063, 45.937]: a charge straight ahead meets u_reg's front after 10 in, overlapping its
 * left end by 1.874 in; a drift clear of the end only grazes the front-left corner, and no opening of 5 in
 * turns it onto the flank. The book: c_1st threatens the flank, c_2nd does not. */
START_TEST(gor_threat_1_example_c_flank_threat_not_frontal_overlap)
{
    load_file(SCEN("gor-example-c.json"));
    int threat[4];
    VlReasons why = {0};
    vl_threatened_faces(fx.w, U("u_reg"), threat, &why);
    ck_assert_int_eq(threat[VL_FACE_LEFT], U("c_1st"));
    ck_assert_int_eq(threat[VL_FACE_RIGHT], -1);
    ck_assert_int_eq(threat[VL_FACE_REAR], -1);
    ck_assert(has_reason(&why, "GOR-THREAT-1", true));

    VlChargeVerdict v1 = charge("c_1st", "u_reg");
    ck_assert(v1.legal);
    ck_assert_int_eq(v1.face, VL_FACE_LEFT);
    ck_assert_near(v1.distance, 48 - HW - 36, 1e-9); /* 44.063 - 36 = 8.063 */
    VlChargeVerdict v2 = charge("c_2nd", "u_reg");
    ck_assert(v2.legal);
    ck_assert_int_eq(v2.face, VL_FACE_FRONT);
    ck_assert_near(v2.distance, 10.0, 1e-9);
}
END_TEST

/* GOR-MOR-2 takes -1 per threatened flank: in example C the Union regiment counts exactly one (the
 * left flank, by c_1st), which is what `volley threats` reports as threatened_flanks. */
START_TEST(gor_mor_2_example_c_counts_one_threatened_flank)
{
    load_file(SCEN("gor-example-c.json"));
    int threat[4];
    vl_threatened_faces(fx.w, U("u_reg"), threat, NULL);
    int n = (threat[VL_FACE_LEFT] >= 0) + (threat[VL_FACE_RIGHT] >= 0) + (threat[VL_FACE_REAR] >= 0);
    ck_assert_int_eq(n, 1);
}
END_TEST

/* D: u_1st at (48, 20) covers x in [44.063, 51.937], y in [18.031, 20]; u_2nd at (52, 15) covers
 * x in [48.063, 55.937], y in [13.031, 15]: 3.874 in of it directly behind, 3.031 in back. Their commander
 * u_gen at (36, 8) covers x in [35.213, 36.787], y in [6.425, 8]: from u_1st sqrt(7.276^2 + 10.031^2) = 12.39 in,
 * from u_2nd sqrt(11.276^2 + 5.031^2) = 12.35 in: both beyond 8 in. The book: u_2nd is directly (partly)
 * behind within 5 in but gives no support, the regiments being out of command radius.
 * With the commander moved to (44, 14) (x in [43.213, 44.787], y in [12.425, 14]): 4.031 in from u_1st,
 * 3.276 in from u_2nd; then it supports, at rest (GOR-SUPP-1) and in a charge (GOR-CHG-5). */
START_TEST(gor_supp_1_example_d_no_support_out_of_command)
{
    load_file(SCEN("gor-example-d.json"));
    double d1, d2;
    ck_assert(!vl_world_in_command(fx.w, U("u_1st"), &d1));
    ck_assert(!vl_world_in_command(fx.w, U("u_2nd"), &d2));
    ck_assert_near(d1, hypot(48 - HW - (36 + GW / 2), 20 - D - 8), 1e-9);
    ck_assert_near(d2, hypot(52 - HW - (36 + GW / 2), 15 - D - 8), 1e-9);
    int sup[4];
    VlReasons why = {0};
    ck_assert_int_eq(vl_rear_supports(fx.w, U("u_1st"), sup, 4, &why), 0);
    ck_assert(has_reason(&why, "GOR-SUPP-1", true)); /* it is behind, and the reason says why it does not count */
    VlChargeVerdict v = charge("u_1st", "c_reg");
    ck_assert(v.legal);
    ck_assert_int_eq(v.nsupports, 0);

    /* The commander within 8 in of both. */
    int g = U("u_gen");
    vl_battlefield_set_unit(fx.w->bf, g, (VlPose){{44, 14}, 0}, vl_world_unit(fx.w, g)->formation);
    ck_assert(vl_world_in_command(fx.w, U("u_1st"), &d1));
    ck_assert(vl_world_in_command(fx.w, U("u_2nd"), &d2));
    ck_assert_near(d1, 20 - D - 14, 1e-9);
    ck_assert_near(d2, 52 - HW - (44 + GW / 2), 1e-9);
    ck_assert_int_eq(vl_rear_supports(fx.w, U("u_1st"), sup, 4, NULL), 1);
    ck_assert_int_eq(sup[0], U("u_2nd"));
    v = charge("u_1st", "c_reg");
    ck_assert_int_eq(v.nsupports, 1);
    ck_assert_int_eq(v.supports[0], U("u_2nd"));
}
END_TEST

/* E: u_y at (48, 10) facing 0, line of fire x in [44.063, 51.937]. u_x at (50, 14) covers x in
 * [46.063, 53.937], y in [12.031, 14]: 2.031 in ahead, 5.874 in of it in the line. c_2nd at (42, 22) facing
 * 180 covers x in [38.063, 45.937]: 12 in ahead, 1.874 in in the line, and in sight (the segment
 * x = 45 from y = 10 to 22 passes left of u_x). The book: Y cannot fire at the 2nd Regiment because X
 * blocks the line of fire, exposing more of itself in it than the enemy. Without X, Y fires at c_2nd. */
START_TEST(gor_fire_6_example_e_friend_blocks_line_of_fire)
{
    load_file(SCEN("gor-example-e.json"));
    double ex, ec;
    ck_assert(vl_fire_corridor(FP("u_y"), 18, FP("u_x"), &ex));
    ck_assert(vl_fire_corridor(FP("u_y"), 18, FP("c_2nd"), &ec));
    ck_assert_near(ex, LW - 2.0, 1e-9);
    ck_assert_near(ec, LW - 6.0, 1e-9);
    VlSight s;
    vl_sight(fx.w->bf, U("u_y"), U("c_2nd"), &s);
    ck_assert(s.clear);
    int blocked;
    VlReasons why = {0};
    ck_assert_int_eq(vl_fire_target(fx.w, U("u_y"), &blocked, &why), -1);
    ck_assert_int_eq(blocked, U("u_x"));
    ck_assert(has_reason(&why, "GOR-FIRE-6", false));

    fx.w->units[U("u_x")].removed = true;
    ck_assert_int_eq(vl_fire_target(fx.w, U("u_y"), &blocked, NULL), U("c_2nd"));
    ck_assert_int_eq(blocked, -1);
}
END_TEST

/* F: the fall-back rule itself (GOR-FOLLOW-1) is not implemented; only its geometry is checked. u_x at
 * (50, 14) covers x in [46.063, 53.937], y in [12.031, 14]; u_y at (48, 10) covers x in [44.063, 51.937],
 * y in [8.031, 10]: 5.874 in of it directly behind u_x, 2.031 in back. Their commander at (40, 10) covers
 * x in [39.213, 40.787], y in [8.425, 10]: 3.276 in from u_y, sqrt(5.276^2 + 2.031^2) = 5.65 in from u_x.
 * So Y is "at least partly directly behind X within 5 in", in command: it supports X from the rear. X is in
 * front of Y, not behind it. */
START_TEST(gor_follow_1_example_f_unit_behind_geometry)
{
    load_file(SCEN("gor-example-f.json"));
    ck_assert(vl_world_in_command(fx.w, U("u_x"), NULL));
    ck_assert(vl_world_in_command(fx.w, U("u_y"), NULL));
    int sup[4];
    VlReasons why = {0};
    ck_assert_int_eq(vl_rear_supports(fx.w, U("u_x"), sup, 4, &why), 1);
    ck_assert_int_eq(sup[0], U("u_y"));
    ck_assert(has_reason(&why, "GOR-SUPP-1", true));
    ck_assert_int_eq(vl_rear_supports(fx.w, U("u_y"), sup, 4, NULL), 0);
}
END_TEST

/* JR III clarification 2, the exception to rule C. u_point at (48, 20) facing 0 charges c_target at
 * (48, 23) facing 180, 3 in ahead in its primary zone (the other enemies are 6.55 in away: c_other covers
 * x in [54.563, 62.437], y in [26, 27.969]; dx = 2.626, dy = 6). u_supp_on_line at (51, 15) covers
 * x in [47.063, 54.937], y in [13.031, 15]: 3.031 in from u_point, 8 in from c_target (further than 3);
 * its primary zone x in [47.063, 54.937], y in [15, 27] holds c_other (x from 54.563, y from 26). The line
 * from c_target's centre (48, 23.984) through u_point's centre (48, 19.016) runs down x = 48 into it: it
 * supports. u_supp_off_line at (41, 15) covers x in [37.063, 44.937]: likewise within 6 in and further
 * from the enemy, with c_other2 (x in [33.563, 41.437], y from 26) in its zone, but x = 48 misses it: it
 * does not. */
START_TEST(jr3_chg_4_support_exception_line_from_target_through_point_unit)
{
    load_file(SCEN("jr3-support-exception.json"));
    ck_assert(vl_in_primary_zone(FP("u_supp_on_line"), FP("c_other")));
    ck_assert(vl_in_primary_zone(FP("u_supp_off_line"), FP("c_other2")));
    ck_assert_near(vl_footprint_distance(FP("u_supp_on_line"), FP("u_point")), 20 - D - 15, 1e-9);
    ck_assert_near(vl_footprint_distance(FP("u_supp_off_line"), FP("u_point")), 20 - D - 15, 1e-9);
    bool in_zone;
    ck_assert_int_eq(vl_charge_target_jr3(fx.w, U("u_point"), &in_zone, NULL), U("c_target"));
    ck_assert(in_zone);
    VlChargeVerdict v = charge_by("u_point", "c_target", VL_RULES_JR3);
    if (!v.legal)
        dump(&v.why);
    ck_assert(v.legal);
    ck_assert_near(v.distance, 3.0, 1e-9);
    ck_assert_int_eq(v.nsupports, 1);
    ck_assert(lists(v.supports, v.nsupports, U("u_supp_on_line")));
    ck_assert(!lists(v.supports, v.nsupports, U("u_supp_off_line")));
    ck_assert(has_reason(&v.why, "JR3-CHG-4", true));
}
END_TEST

/* ======================================================================================
 * GOR-CHG-2: the charge move
 * ====================================================================================== */

/* Infantry line in the open: 10 + 5 = 15 in. a at (48, 10) facing 0 has its front at y = 10; c facing 180
 * at (48, 25) has its front at y = 25: exactly 15 in straight ahead, legal. */
START_TEST(gor_chg_2_reach_exactly_at_limit)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 25, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(v.eligible);
    ck_assert(v.reachable);
    ck_assert(v.legal);
    ck_assert_int_eq(v.ground, VL_GROUND_OPEN);
    ck_assert_near(v.allowance_min, 15.0, TOL);
    ck_assert_near(v.allowance_max, 15.0, TOL);
    ck_assert_near(v.distance, 15.0, 1e-12);
    ck_assert_int_eq(v.pre_kind, VL_PRE_NONE);
    ck_assert_vec_near(v.contact_pose.anchor, 48, 25, 1e-12);
    ck_assert_int_eq(v.face, VL_FACE_FRONT);
}
END_TEST

/* The same target 15.000001 in away is out of reach. */
START_TEST(gor_chg_2_reach_a_millionth_beyond_limit_refused)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 25.000001, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(v.eligible);
    ck_assert(!v.reachable);
    ck_assert(!v.legal);
    ck_assert_near(v.distance, 15.000001, 1e-9);
    ck_assert(has_reason(&v.why, "GOR-CHG-2", false));
}
END_TEST

/* Over rough: a wood (x in [30, 66], y in [13, 16]) across the whole front and every drift or wheel.
 * Infantry line: 10 - 5 + 5 = 10 in. A target 10 in ahead is reached, one 10.5 in ahead is not (it would be
 * in the open). */
START_TEST(gor_chg_2_rough_ground_charge_move_is_10)
{
    tu_sb_rect("w", "woods", NULL, 30, 13, 66, 16);
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 20, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(v.legal);
    ck_assert_int_eq(v.ground, VL_GROUND_ROUGH);
    ck_assert_int_eq(v.nrough, 1);
    ck_assert_int_eq(v.rough[0], T("w"));
    ck_assert_near(v.allowance_min, 10.0, TOL);
    ck_assert_near(v.allowance_max, 10.0, TOL);
    ck_assert_near(v.distance, 10.0, 1e-12);

    fx_free();
    tu_sb_rect("w", "woods", NULL, 30, 13, 66, 16);
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 20.5, 180);
    build();
    v = charge("a", "c");
    ck_assert(!v.reachable);
    ck_assert(!v.legal);
    ck_assert_near(v.distance, 10.5, 1e-9);
    ck_assert(has_reason(&v.why, "GOR-CHG-2", false));
}
END_TEST

/* Cavalry line in rough loses 1D6 (inches, D-MOVE-1): charge move 10 - die + 5, from 9 (a 6) to 14 (a 1).
 * A target 11 in ahead across a wood: reached when 15 - die >= 11, i.e. on a roll of 4 or less. */
START_TEST(gor_chg_2_cavalry_in_rough_depends_on_the_die)
{
    tu_sb_rect("w", "woods", NULL, 30, 13, 66, 16);
    CAV("k", "union", 48, 10, 0);
    INF("c", "csa", 48, 21, 180);
    build();
    VlChargeVerdict v = charge("k", "c");
    ck_assert(v.eligible);
    ck_assert_int_eq(v.ground, VL_GROUND_ROUGH);
    ck_assert_near(v.allowance_min, 9.0, TOL);
    ck_assert_near(v.allowance_max, 14.0, TOL);
    ck_assert_near(v.distance, 11.0, 1e-12);
    ck_assert(v.reachable);
    ck_assert(v.depends_on_die);
    ck_assert_int_eq(v.max_die, 4);
    ck_assert(!v.legal); /* not for every die */
    v = charge_die("k", "c", 4);
    ck_assert(v.legal);
    ck_assert_near(v.allowance_max, 11.0, TOL);
    v = charge_die("k", "c", 5);
    ck_assert(!v.legal);
    ck_assert(!v.reachable);
    v = charge_die("k", "c", 1);
    ck_assert(v.legal);
}
END_TEST

/* "Using a road will negate rough for the purposes of movement" (the rulebook's Rough entry), and the
 * charge move is the normal move + 5 in. A 1 in road runs north along x = 48 through a wood
 * (y in [13, 16]); a at (48, 10) keeps its anchor on it all the way to c, 14 in ahead. General movement
 * already rules this ground road, not rough (D-MOVE-2: 10 in advance, legal, ground road). So the normal move
 * is 10 in (a line gains nothing from a road, loses nothing to the rough it negates) and the charge move
 * 15 in: 14 in is within it. */
START_TEST(gor_chg_2_road_negates_rough_for_the_charge_move)
{
    tu_sb_terrain("{\"id\":\"rd\",\"type\":\"road\",\"path\":[[48,0],[48,48]]}");
    tu_sb_rect("w", "woods", NULL, 30, 13, 66, 16);
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 24, 180);
    build();
    VlMoveOrder mo = {.unit = U("a"), .nsteps = 1};
    mo.steps[0] = (VlStep){.kind = VL_STEP_ADVANCE, .amount = 10, .keep_base = -1, .facing = NAN};
    VlMoveVerdict mv;
    vl_resolve_move(fx.w, &mo, &mv);
    ck_assert(mv.legal);
    ck_assert_int_eq(mv.ground, VL_GROUND_ROAD);
    VlChargeVerdict v = charge("a", "c");
    ck_assert_near(v.distance, 14.0, 1e-9);
    if (!v.legal)
        dump(&v.why);
    ck_assert_msg(v.legal, "the road through the wood negates rough: charge move 15 in, but the resolver "
                           "counts %s ground (charge move %g in)", vl_ground_name(v.ground), v.allowance_max);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-1: who may charge
 * ====================================================================================== */

/* Every unit below has an enemy 5 in straight ahead; the only question is whether it may charge. */
static void eligibility_scene(const char *type, const char *form, const char *extra)
{
    tu_sb_unit("a", "union", type, form, 48, 10, 0, extra);
    INF("c", "csa", 48, 15, 180);
    build();
}

/* The die decides only a charge nothing else forbids: the cavalry in rough of the last test, having
 * fired this turn, is refused (GOR-CHG-1) and its verdict does not depend on the die. */
START_TEST(gor_chg_1_the_die_never_rescues_an_ineligible_charge)
{
    tu_sb_rect("w", "woods", NULL, 30, 13, 66, 16);
    CAV("k", "union", 48, 10, 0);
    INF("c", "csa", 48, 21, 180);
    build();
    fx.w->units[U("k")].fired = true;
    VlChargeVerdict v = charge("k", "c");
    ck_assert(!v.eligible);
    ck_assert(v.reachable);
    ck_assert(!v.depends_on_die);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-CHG-1", false));
}
END_TEST

START_TEST(gor_chg_1_line_infantry_and_mounted_cavalry_may_charge)
{
    eligibility_scene("infantry", "line", NULL);
    VlChargeVerdict v = charge("a", "c");
    ck_assert(v.eligible);
    ck_assert(v.legal);
    ck_assert(has_reason(&v.why, "GOR-CHG-1", true));
    fx_free();
    eligibility_scene("cavalry", "line", NULL);
    v = charge("a", "c");
    ck_assert(v.eligible);
    ck_assert(v.legal);
}
END_TEST

START_TEST(gor_chg_1_column_cannot_charge)
{
    eligibility_scene("infantry", "column", NULL);
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.eligible);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-FORM-3", false));
    fx_free();
    eligibility_scene("cavalry", "column", NULL);
    v = charge("a", "c");
    ck_assert(!v.eligible);
    fx_free();
    eligibility_scene("infantry", "square", NULL); /* only line charges */
    v = charge("a", "c");
    ck_assert(!v.eligible);
}
END_TEST

START_TEST(gor_chg_1_skirmish_line_cannot_charge)
{
    eligibility_scene("infantry", "skirmish", NULL);
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.eligible);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-FORM-2", false));
}
END_TEST

START_TEST(gor_chg_1_dismounted_cavalry_cannot_charge)
{
    eligibility_scene("cavalry", "skirmish", "\"mounted\":false");
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.eligible);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-CAV-1", false));
}
END_TEST

START_TEST(gor_chg_1_unit_that_fired_this_turn_cannot_charge)
{
    eligibility_scene("infantry", "line", NULL);
    fx.w->units[U("a")].fired = true;
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.eligible);
    ck_assert(!v.legal);
    ck_assert(v.reachable); /* it could reach: only the state forbids it */
    ck_assert(has_reason(&v.why, "GOR-CHG-1", false));
}
END_TEST

START_TEST(gor_chg_1_unit_that_charged_last_turn_cannot_charge)
{
    eligibility_scene("infantry", "line", NULL);
    fx.w->units[U("a")].charged_last_turn = true;
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.eligible);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-CHG-1", false));
    /* A charge last turn is no bar to a threat this instant (GOR-THREAT-1 ignores the turn's flags). */
}
END_TEST

START_TEST(gor_rout_1_routed_unit_cannot_charge)
{
    eligibility_scene("infantry", "line", NULL);
    fx.w->units[U("a")].routed = true;
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.eligible);
    ck_assert(has_reason(&v.why, "GOR-ROUT-1", false));
}
END_TEST

/* ======================================================================================
 * GOR-CHG-4: opening wheel or drift, then straight ahead
 * ====================================================================================== */

/* a at (48, 10) facing 0 covers x in [44.063, 51.937]. c facing 180 at (48 + 7.874 + 2, 13) covers
 * x in [53.937, 61.811], y in [13, 14.969]: 2 in beyond a's right end, 3 in ahead. Straight ahead misses it.
 * A drift of 2 in right brings a's right end onto c's line (any contact counts: corner to corner), then
 * 3 in straight ahead: 5 in in all. The resolver's path: (48, 10), (50, 10), (50, 13). */
START_TEST(gor_chg_4_offset_target_reached_by_drift)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48 + LW + 2, 13, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    if (!v.legal)
        dump(&v.why);
    ck_assert(v.legal);
    ck_assert_int_eq(v.pre_kind, VL_PRE_DRIFT);
    ck_assert_near(v.pre_amount, 2.0, 1e-9);
    ck_assert_near(v.pre_cost, 2.0, 1e-9);
    ck_assert_near(v.distance, 5.0, 1e-9);
    ck_assert_int_eq(v.npath, 3);
    ck_assert_vec_near(v.path[0].anchor, 48, 10, 1e-12);
    ck_assert_vec_near(v.path[1].anchor, 50, 10, 1e-9);
    ck_assert_vec_near(v.path[2].anchor, 50, 13, 1e-9);
    ck_assert_near(v.path[2].facing, 0, 1e-12);
    ck_assert_vec_near(v.contact_pose.anchor, 50, 13, 1e-9);
    ck_assert_int_eq(v.face, VL_FACE_FRONT); /* a corner contact: front and flank touched, the front met squarely */
    ck_assert(has_reason(&v.why, "GOR-CHG-4", true));

    /* Ordered straight ahead it never meets c. */
    v = charge_opening("a", "c", VL_PRE_NONE, 0);
    ck_assert(!v.reachable);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-CHG-4", false));
    /* Ordered to drift 3 in right: 3 + 3 = 6 in, legal. */
    v = charge_opening("a", "c", VL_PRE_DRIFT, 3);
    ck_assert(v.legal);
    ck_assert_int_eq(v.pre_kind, VL_PRE_DRIFT);
    ck_assert_near(v.distance, 6.0, 1e-9);
    ck_assert_vec_near(v.contact_pose.anchor, 51, 13, 1e-9);
    /* Ordered to drift left: no contact. */
    v = charge_opening("a", "c", VL_PRE_DRIFT, -3);
    ck_assert(!v.reachable);
    ck_assert(!v.legal);
}
END_TEST

/* The drift of D-CHG-2 that lines a's right flank up with c's flank, at facings where rounding leaves
 * the run a hair off parallel to that line. a at A facing t; c facing t + 180 (towards a) with its
 * front-face midpoint at A + f * 3 + r * (LW + 0.5): c's near flank lies 0.5 in beyond a's right end
 * and its front 3 in ahead. Drifting 0.5 in right puts a's right flank on the line of c's, and 3 in
 * straight ahead its front-right corner meets c's corner (any contact counts): 3.5 in in all. The
 * contact pose must touch c (docs/geometry.md "Distance": 0 when they touch, within VL_EPS, D-GEOM-1);
 * the sweep once reported contact inches early, with a and c still apart. */
START_TEST(gor_chg_4_drift_lining_up_flanks_touches_at_contact)
{
    static const double degs[] = {5, 37.5, 123.4, 185, 200, 301.7};
    for (unsigned i = 0; i < sizeof degs / sizeof degs[0]; i++) {
        fx_free();
        double t = degs[i], fx_ = sin(RAD(t)), fy = cos(RAD(t)), rx = cos(RAD(t)), ry = -sin(RAD(t));
        double ax = 48, ay = 24;
        INF("a", "union", ax, ay, t);
        INF("c", "csa", ax + 3 * fx_ + (LW + 0.5) * rx, ay + 3 * fy + (LW + 0.5) * ry, t + 180);
        build();
        VlChargeVerdict v = charge("a", "c");
        if (!v.legal)
            dump(&v.why);
        ck_assert_msg(v.legal, "facing %g", t);
        ck_assert_msg(v.pre_kind == VL_PRE_DRIFT && fabs(v.pre_amount - 0.5) <= 1e-9,
                      "facing %g: opening %s %.17g, expected a drift of 0.5 in", t, vl_pre_kind_name(v.pre_kind),
                      v.pre_amount);
        ck_assert_msg(fabs(v.distance - 3.5) <= 1e-9, "facing %g: contact after %.17g in, expected 3.5", t,
                      v.distance);
        VlFootprint at;
        const VlFieldUnit *fu = vl_world_unit(fx.w, U("a"));
        vl_footprint_build(&at, v.contact_pose, fu->formation, fu->spec);
        double gap = vl_footprint_distance(&at, FP("c"));
        ck_assert_msg(gap == 0.0, "facing %g: %.17g in apart at the contact pose", t, gap);
    }
}
END_TEST

/* c 5.5 in beyond a's right end (x from 57.437), 3 in ahead. A drift of at most 5 in leaves a's right end
 * at 56.937: the straight run passes it by. The widest wheel, 5 in of travel at the far end (5 / 7.874 rad
 * = 36.38 deg about the left end), brings the front-right corner to (44.063 + 7.874 cos 36.38,
 * 10 - 7.874 sin 36.38) = (50.401, 5.328); running along (sin, cos) = (0.5933, 0.8050) it reaches x = 57.437
 * after 11.86 in, at y = 14.87, on c's flank: 16.86 in in all, beyond 15. So the charge is refused. Ordered
 * as a drift of 5.5 in it would reach (5.5 + 3 = 8.5 in) but is refused: at most 5 in of drift. */
START_TEST(gor_chg_4_target_needing_more_than_5_in_refused)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48 + LW + 5.5, 13, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.legal);
    ck_assert(!v.reachable);
    ck_assert(v.pre_cost <= 5.0 + 1e-9);
    if (v.pre_kind != VL_PRE_NONE) { /* the resolver shows its best try: the widest wheel */
        double th = 5.0 / LW;
        double s = (48 + LW + 5.5 - HW - (48 - HW + LW * cos(th))) / sin(th);
        ck_assert_near(v.distance, 5.0 + s, 1e-6);
    }
    v = charge_opening("a", "c", VL_PRE_DRIFT, 5);
    ck_assert(!v.reachable);
    ck_assert(!v.legal);
    v = charge_opening("a", "c", VL_PRE_DRIFT, 5.5);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-CHG-4", false));
}
END_TEST

/* An ordered wheel of 30 deg about the left end (pivot (44.063, 10)): the right end travels
 * 7.874 * pi/6 = 4.1227 in. The anchor swings to (44.063 + 3.937 cos 30, 10 - 3.937 sin 30) =
 * (47.4726, 8.0315), facing 30, forward (0.5, 0.8660). c stands face to face on that line 8 in on, facing
 * 210: contact after 4.1227 + 8 = 12.1227 in, on c's front. The path shows the wheel in stages of at most
 * 15 deg: start, 15 deg, 30 deg, contact. Mirrored: a wheel of -30 deg about the right end (pivot
 * (51.937, 10)) to a target facing 150. A wheel of 40 deg costs 7.874 * 40 pi/180 = 5.497 in: refused. */
START_TEST(gor_chg_4_ordered_wheel_path_and_limit)
{
    double px = 48 - HW, py = 10;
    VlVec2 after = {px + HW * cos(RAD(30)), py - HW * sin(RAD(30))};
    VlVec2 f = {sin(RAD(30)), cos(RAD(30))};
    VlVec2 ca = {after.x + 8 * f.x, after.y + 8 * f.y};
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", ca.x, ca.y, 210);
    /* Mirror image on the other side of the table. */
    double qx = 20 + HW;
    VlVec2 after2 = {qx - HW * cos(RAD(30)), py - HW * sin(RAD(30))};
    VlVec2 f2 = {-sin(RAD(30)), cos(RAD(30))};
    INF("b", "union", 20, 10, 0);
    INF("d", "csa", after2.x + 8 * f2.x, after2.y + 8 * f2.y, 150);
    build();

    VlChargeVerdict v = charge_opening("a", "c", VL_PRE_WHEEL_LEFT, 30);
    if (!v.legal)
        dump(&v.why);
    ck_assert(v.legal);
    ck_assert_int_eq(v.pre_kind, VL_PRE_WHEEL_LEFT);
    ck_assert_near(v.pre_cost, LW * PI / 6, 1e-9);
    ck_assert_near(v.distance, LW * PI / 6 + 8, 1e-9);
    ck_assert_vec_near(v.contact_pose.anchor, ca.x, ca.y, 1e-9);
    ck_assert_near(v.contact_pose.facing, 30, 1e-9);
    ck_assert_int_eq(v.face, VL_FACE_FRONT);
    ck_assert_int_eq(v.npath, 4);
    ck_assert_vec_near(v.path[1].anchor, px + HW * cos(RAD(15)), py - HW * sin(RAD(15)), 1e-9);
    ck_assert_near(v.path[1].facing, 15, 1e-9);
    ck_assert_vec_near(v.path[2].anchor, after.x, after.y, 1e-9);
    ck_assert_near(v.path[2].facing, 30, 1e-9);

    v = charge_opening("b", "d", VL_PRE_WHEEL_RIGHT, -30);
    if (!v.legal)
        dump(&v.why);
    ck_assert(v.legal);
    ck_assert_near(v.pre_cost, LW * PI / 6, 1e-9);
    ck_assert_near(v.distance, LW * PI / 6 + 8, 1e-9);
    ck_assert_vec_near(v.contact_pose.anchor, after2.x + 8 * f2.x, after2.y + 8 * f2.y, 1e-9);
    ck_assert_near(norm_deg(v.contact_pose.facing), 330, 1e-9);
    ck_assert_int_eq(v.face, VL_FACE_FRONT);

    v = charge_opening("a", "c", VL_PRE_WHEEL_LEFT, 40);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-CHG-4", false));
}
END_TEST

/* A forward wheel: the free end swings ahead. a at (48, 10) facing 0; its right end is (51.937, 10).
 * c faces 270 with its front face on x = 57.5, y in [14.563, 22.437]. No drift of 5 in brings a's right
 * end (at most 56.937) onto x = 57.5, and a wheel about the left end turning right (the free end
 * swinging back) needs at least 5 + 11.97 = 16.97 in. Wheeling about the right end turning right, the
 * left end swings forward; the front-right corner stays at (51.937, 10) and then runs along
 * (sin t, cos t): it reaches x = 57.5 after 5.563 / sin t at y = 10 + 5.563 / tan t. The cost
 * 7.874 t + 5.563 / sin t falls all the way to the widest wheel, t = 5 / 7.874 rad = 36.38 deg:
 * 5 + 9.378 = 14.378 in, on c's front at y = 17.55, within the 15 in charge move. The search once
 * tried only the wheels whose free end swings back, and refused the charge it allowed when ordered
 * (35 deg: 4.810 + 9.699 = 14.509 in). A second target d, facing 0 with its left flank on x = 57.5,
 * y in [16.531, 18.5], has that flank threatened by a the same way (GOR-THREAT-1 uses the search). */
START_TEST(gor_chg_4_forward_wheel_reaches_what_no_drift_does)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 57.5, 18.5, 270);
    build();
    double th = 5.0 / LW, run = (57.5 - (48 + HW)) / sin(th);
    VlChargeVerdict v = charge_opening("a", "c", VL_PRE_WHEEL_RIGHT, 35);
    ck_assert_msg(v.legal, "ordered, the forward wheel of 35 deg reaches c");
    ck_assert_near(v.distance, LW * RAD(35) + (57.5 - (48 + HW)) / sin(RAD(35)), 1e-9);
    v = charge("a", "c");
    if (!v.legal)
        dump(&v.why);
    ck_assert_msg(v.legal, "GOR-CHG-4: a forward wheel of up to 5 in reaches c (%.3f in), but the search found "
                           "%s %.3f and %.3f in", 5 + run, vl_pre_kind_name(v.pre_kind), v.pre_amount, v.distance);
    ck_assert_int_eq(v.pre_kind, VL_PRE_WHEEL_RIGHT);
    ck_assert_near(v.pre_amount, th * 180 / PI, 1e-6);
    ck_assert_near(v.pre_cost, 5.0, 1e-6);
    ck_assert_near(v.distance, 5.0 + run, 1e-6);
    ck_assert_near(v.contact_pose.facing, th * 180 / PI, 1e-6);
    ck_assert_int_eq(v.face, VL_FACE_FRONT);

    fx_free();
    INF("a", "union", 48, 10, 0);
    INF("d", "csa", 57.5 + HW, 18.5, 0);
    build();
    v = charge("a", "d");
    if (!v.legal)
        dump(&v.why);
    ck_assert(v.legal);
    ck_assert_int_eq(v.face, VL_FACE_LEFT);
    int threat[4];
    vl_threatened_faces(fx.w, U("d"), threat, NULL);
    ck_assert_int_eq(threat[VL_FACE_LEFT], U("a"));
}
END_TEST

/* A wood x in [40, 46], y in [13, 16] covers the left 1.937 in of a's straight path (a: x in
 * [44.063, 51.937]). c facing 180 at (48, 22): 12 in straight ahead. Straight through the wood the charge
 * move is 10 in: too short. But the rules let the charger open with up to 5 in of drift: 2 in right puts
 * a at x in [46.063, 53.937], clear of the wood, still facing c: 2 + 12 = 14 in over open ground, within
 * 15. So the charge is possible; the resolver should find it (it does when the drift is ordered). */
START_TEST(gor_chg_4_drift_round_a_wood_keeps_open_ground)
{
    tu_sb_rect("w", "woods", NULL, 40, 13, 46, 16);
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 22, 180);
    build();
    VlChargeVerdict v = charge_opening("a", "c", VL_PRE_DRIFT, 2);
    ck_assert(v.legal);
    ck_assert_int_eq(v.ground, VL_GROUND_OPEN);
    ck_assert_near(v.distance, 14, 1e-9);
    v = charge("a", "c");
    if (!v.legal)
        dump(&v.why);
    ck_assert_msg(v.legal, "a legal charge exists (drift 2 in, 14 in over open ground) but the resolver "
                           "chose the shortest path (%g in over %s ground, charge move %g in)",
                  v.distance, vl_ground_name(v.ground), v.allowance_max);
    ck_assert_int_eq(v.ground, VL_GROUND_OPEN);
}
END_TEST

/* ======================================================================================
 * The face struck (GOR-THREAT-1, GOR-CC-3)
 * ====================================================================================== */

/* a at (48, 10) facing 0 charges north. Each target has its near side at y = 20, inside a's x range,
 * so contact comes after 10 in straight ahead:
 *  facing 180 at (48, 20): its front faces south: front.
 *  facing 0 at (48, 20 + 1.9685): its rear is at y = 20: rear.
 *  facing 90 at (49, 23.937): r = (0, -1), so its right flank is its south side y = 23.937 - 3.937: right flank.
 *  facing 270 at (47, 23.937): r = (0, 1), its left flank is the south side: left flank. */
START_TEST(face_struck_front_rear_and_flanks)
{
    static const struct {
        double x, y, f;
        VlFace face;
    } cases[] = {
        {48, 20, 180, VL_FACE_FRONT},
        {48, 20 + D, 0, VL_FACE_REAR},
        {49, 20 + HW, 90, VL_FACE_RIGHT},
        {47, 20 + HW, 270, VL_FACE_LEFT},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fx_free();
        INF("a", "union", 48, 10, 0);
        INF("c", "csa", cases[i].x, cases[i].y, cases[i].f);
        build();
        VlChargeVerdict v = charge("a", "c");
        ck_assert_msg(v.legal, "case %u", i);
        ck_assert_msg(v.face == cases[i].face, "case %u: face %s, expected %s", i, vl_face_name(v.face),
                      vl_face_name(cases[i].face));
        ck_assert_near(v.distance, 10.0, 1e-9);
        ck_assert_int_eq(v.pre_kind, VL_PRE_NONE);
    }
}
END_TEST

/* Targets turned obliquely. For facing t in (180, 270) the lowest corner is the front-left one,
 * FL = anchor - r * 3.937, shared by the front (outward normal f) and the left flank (outward normal -r); for
 * t in (90, 180) it is the front-right one, FR = anchor + r * 3.937, shared by the front and the right flank
 * (normal r). Each anchor is placed to put that corner where wanted. a charges north, direction (0, 1); a
 * face's squareness to the charge is -n . (0, 1).
 *  210 (turned 30): front -f.(0,1) = cos 30 = 0.866, left 0.5. Corner at (48, 20), inside a's front: both
 *    faces touched at the corner after 10 in; the front is met more squarely: front.
 *  150 (turned 30 the other way): the mirror: front.
 *  240 (turned 60): front 0.5, left flank 0.866. Corner at (48, 20): left flank (met more squarely).
 *  120: the mirror: right flank.
 *  240, corner at (43, 20), left of a's front (x from 44.063): the left flank runs from the corner up and to
 *    the right along (cos 30, sin 30) for 1.9685 in, to x = 44.705; a's front-left corner x = 44.063 meets it
 *    at y = 20 + (44.063 - 43) tan 30 = 20.6137: the left flank, after 10.6137 in.
 *  240, corner at (53, 20), right of a's front (x to 51.937): the front runs from the corner up and to the
 *    left along r = (-0.5, 0.866); a's front-right corner meets it at y = 20 + (53 - 51.937) tan 60 =
 *    21.8412: the front, after 11.8412 in. */
START_TEST(face_struck_oblique_targets_and_corner_contact)
{
    static const struct {
        double f, cx, cy;
        VlFace face;
        double dist;
    } cases[] = {
        {210, 48, 20, VL_FACE_FRONT, 10},
        {150, 48, 20, VL_FACE_FRONT, 10},
        {240, 48, 20, VL_FACE_LEFT, 10},
        {120, 48, 20, VL_FACE_RIGHT, 10},
        {240, 43, 20, VL_FACE_LEFT, -1},
        {240, 53, 20, VL_FACE_FRONT, -2},
    };
    double ax0 = 48 - HW, ax1 = 48 + HW;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double t = RAD(cases[i].f);
        VlVec2 r = {cos(t), -sin(t)};
        double sgn = cases[i].f > 180 ? 1 : -1; /* anchor = FL + r*HW, or FR - r*HW */
        VlVec2 anchor = {cases[i].cx + sgn * r.x * HW, cases[i].cy + sgn * r.y * HW};
        double dist = cases[i].dist;
        if (dist == -1)
            dist = 10 + (ax0 - cases[i].cx) * tan(RAD(30));
        else if (dist == -2)
            dist = 10 + (cases[i].cx - ax1) * tan(RAD(60));
        fx_free();
        INF("a", "union", 48, 10, 0);
        INF("c", "csa", anchor.x, anchor.y, cases[i].f);
        build();
        VlChargeVerdict v = charge_opening("a", "c", VL_PRE_NONE, 0);
        ck_assert_msg(v.legal, "case %u", i);
        ck_assert_msg(v.face == cases[i].face, "case %u (facing %g): face %s, expected %s", i, cases[i].f,
                      vl_face_name(v.face), vl_face_name(cases[i].face));
        ck_assert_near(v.distance, dist, 1e-9);
        if (i == 5) {
            /* Left to choose, the resolver wheels forward about a's right end (51.937, 10) until its right
             * flank, through the pivot, runs onto the corner (53, 20): atan(1.063 / 10) = 6.068 deg,
             * 7.874 x 0.10590 = 0.834 in, then sqrt(1.063^2 + 10^2) = 10.056 in straight: 10.890 in, less
             * than the drift of 1.063 in onto the corner (11.063 in) or straight ahead (11.841). Front and
             * left flank are touched at the corner; the left flank, met more squarely (0.808 against
             * 0.589 along the wheeled direction), is the face struck. */
            v = charge("a", "c");
            ck_assert(v.legal);
            double dx = cases[i].cx - ax1, th = atan(dx / 10);
            ck_assert_int_eq(v.pre_kind, VL_PRE_WHEEL_RIGHT);
            ck_assert_near(v.pre_amount, th * 180 / PI, 1e-9);
            ck_assert_near(v.distance, LW * th + sqrt(dx * dx + 100), 1e-9);
            ck_assert_int_eq(v.face, VL_FACE_LEFT);
        } else {
            VlChargeVerdict c = charge("a", "c"); /* straight ahead is already the shortest */
            ck_assert_int_eq(c.pre_kind, VL_PRE_NONE);
            ck_assert_int_eq(c.face, v.face);
        }
    }
}
END_TEST

/* Corner to corner with the target's back turned: c facing 0 at (48 + 7.874 + 2, 13 + 1.9685) has its rear
 * face y = 13 spanning x in [53.937, 61.811]. a drifts 2 in right and its front-right corner meets c's
 * rear-left corner (53.937, 13), touching c's rear and left flank: the rear, met squarely (1 against 0). */
START_TEST(face_struck_corner_contact_on_rear_corner)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48 + LW + 2, 13 + D, 0);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(v.legal);
    ck_assert_int_eq(v.pre_kind, VL_PRE_DRIFT);
    ck_assert_near(v.distance, 5.0, 1e-9);
    ck_assert_int_eq(v.face, VL_FACE_REAR);
}
END_TEST

/* GOR-FORM-4: a square has no flanks or rear; it is struck in front from any side, and threatened on none. */
START_TEST(face_struck_square_is_always_front)
{
    static const double facings[] = {0, 90, 180, 270, 45};
    for (unsigned i = 0; i < sizeof facings / sizeof facings[0]; i++) {
        fx_free();
        INF("a", "union", 48, 10, 0);
        tu_sb_unit("c", "csa", "infantry", "square", 48, 25, facings[i], NULL);
        INF("k", "union", 70, 25, 270); /* off to its side */
        build();
        VlChargeVerdict v = charge("a", "c");
        ck_assert_msg(v.reachable, "facing %g", facings[i]);
        ck_assert_msg(v.face == VL_FACE_FRONT, "facing %g: %s", facings[i], vl_face_name(v.face));
        int threat[4];
        vl_threatened_faces(fx.w, U("c"), threat, NULL);
        for (int f = 0; f < 4; f++)
            ck_assert_int_eq(threat[f], -1);
    }
}
END_TEST

/* GOR-THREAT-1 with an opening. u at (48, 20) facing 0: left flank x = 44.063, y in [18.031, 20]. Enemy e
 * facing 90 at (34, 19): front x = 34, y in [15.063, 22.937]. Straight ahead it meets the flank after
 * 10.063 in, but through a wood (x in [37, 41], y in [19.5, 24]): rough, charge move 10 in: too short.
 * Drifting 3.437 in to its right (south; e's right is (0, -1)) puts its top end at y = 19.5, clear of the
 * wood and still level with the flank (y in [18.031, 19.5]): 3.437 + 10.063 = 13.5 in over open ground,
 * within 15, striking the left flank (flank met squarely; the rear-left corner touched edge on). So e
 * could charge the flank this instant: it threatens it. */
START_TEST(gor_threat_1_flank_reached_by_drift_round_a_wood)
{
    tu_sb_rect("w", "woods", NULL, 37, 19.5, 41, 24);
    INF("u", "union", 48, 20, 0);
    INF("e", "csa", 34, 19, 90);
    build();
    double drift = (19 + HW) - 19.5;
    VlChargeVerdict v = charge_opening("e", "u", VL_PRE_DRIFT, drift);
    ck_assert(v.legal);
    ck_assert_int_eq(v.ground, VL_GROUND_OPEN);
    ck_assert_int_eq(v.face, VL_FACE_LEFT);
    ck_assert_near(v.distance, drift + (48 - HW - 34), 1e-9);
    int threat[4];
    VlReasons why = {0};
    vl_threatened_faces(fx.w, U("u"), threat, &why);
    if (threat[VL_FACE_LEFT] != U("e"))
        dump(&why);
    ck_assert_msg(threat[VL_FACE_LEFT] == U("e"), "e can charge u's left flank with a 3.437 in drift over open "
                                                  "ground (13.5 in), but no threat is reported");
}
END_TEST

/* ======================================================================================
 * GOR-CHG-3: a failed morale test: half the charge move, never closer than 3 in
 * ====================================================================================== */

/* Target 15 in ahead: half of 15 = 7.5 in, leaving 7.5 in: the unit halts at (48, 17.5). */
START_TEST(gor_chg_3_half_charge_is_half_the_charge_move)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 25, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert_near(v.half_distance, 7.5, 1e-9);
    ck_assert_vec_near(v.half_pose.anchor, 48, 17.5, 1e-9);
    ck_assert(has_reason(&v.why, "GOR-CHG-3", true));
}
END_TEST

/* Target 9 in ahead: 7.5 in would leave 1.5 in; it stops 3 in short, after 6 in, at (48, 16).
 * Target 2 in ahead: already within 3 in, it does not move. Over rough (charge move 10) 12 in ahead: half
 * is 5 in, leaving 7. */
START_TEST(gor_chg_3_half_charge_stops_3_in_from_target)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 19, 180);
    INF("b", "union", 20, 10, 0);
    INF("d", "csa", 20, 12, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(v.legal);
    ck_assert_near(v.half_distance, 6.0, 1e-6);
    ck_assert_vec_near(v.half_pose.anchor, 48, 16, 1e-6);
    v = charge("b", "d");
    ck_assert(v.legal);
    ck_assert_near(v.half_distance, 0.0, 1e-9);
    ck_assert_vec_near(v.half_pose.anchor, 20, 10, 1e-9);

    fx_free();
    tu_sb_rect("w", "woods", NULL, 30, 13, 66, 16);
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 22, 180);
    build();
    v = charge("a", "c");
    ck_assert_int_eq(v.ground, VL_GROUND_ROUGH);
    ck_assert_near(v.half_distance, 5.0, 1e-9);
    ck_assert_vec_near(v.half_pose.anchor, 48, 15, 1e-9);
}
END_TEST

/* ======================================================================================
 * GOR-CHG-5: support in a charge
 * ====================================================================================== */

/* a at (48, 20) facing 0 (x in [44.063, 51.937], rear y = 18.031) charges c 10 in ahead. Brigade b1's
 * commander g at (40, 17): x in [39.213, 40.787], y in [15.425, 17].
 *  s_in at (46, 15): x in [42.063, 49.937], y in [13.031, 15]: 7.874 - 2 = 5.874 in of it behind a, 3.031 in
 *    back; from g sqrt(1.276^2 + 0.425^2) = 1.34 in: in command. It supports.
 *  s_out at (55, 15): x in [51.063, 58.937]: 0.874 in of it behind a, 3.031 in back; from g 10.276 in: out of
 *    command (sqrt(10.276^2 + 0.425^2) = 10.28 in). It does not.
 *  a is 3.43 in from g (sqrt(3.276^2 + 1.031^2)). */
START_TEST(gor_chg_5_supporter_in_command_listed_out_of_command_not)
{
    tu_sb_brigade("b1", "union", "b1", "g");
    INFB("a", "union", 48, 20, 0, "b1");
    INFB("s_in", "union", 46, 15, 0, "b1");
    INFB("s_out", "union", 55, 15, 0, "b1");
    GEN("g", "union", 40, 17, "b1");
    INF("c", "csa", 48, 30, 180);
    build();
    double d;
    ck_assert(vl_world_in_command(fx.w, U("a"), &d));
    ck_assert_near(d, hypot(48 - HW - (40 + GW / 2), 20 - D - 17), 1e-9);
    ck_assert(vl_world_in_command(fx.w, U("s_in"), NULL));
    ck_assert(!vl_world_in_command(fx.w, U("s_out"), &d));
    ck_assert_near(d, hypot(55 - HW - (40 + GW / 2), 17 - GW - 15), 1e-9);
    VlChargeVerdict v = charge("a", "c");
    ck_assert(v.legal);
    ck_assert_int_eq(v.nsupports, 1);
    ck_assert_int_eq(v.supports[0], U("s_in"));
    ck_assert(has_reason(&v.why, "GOR-CHG-5", true));
    int sup[4];
    ck_assert_int_eq(vl_rear_supports(fx.w, U("a"), sup, 4, NULL), 1);
    ck_assert_int_eq(sup[0], U("s_in"));
}
END_TEST

/* Every unit in command (brigade b1 with g1 at (18, 25), b2 with g2 at (42, 25), each 1.3 to 3.3 in from its
 * units), each charger with a target 5 in ahead and one unit behind it (rear faces at y = 28.031), but:
 *  k, cavalry, directly behind within 5 in: not of the charger's type: no GOR-CHG-5 support;
 *  s5, infantry exactly 5 in behind another charger: supports ("no further than 5 inches");
 *  s55, infantry 5.5 in behind a third: does not;
 *  col, infantry in column directly behind a fourth: columns give no support (GOR-FORM-3). */
START_TEST(gor_chg_5_type_distance_and_column)
{
    tu_sb_brigade("b1", "union", "b1", "g1");
    tu_sb_brigade("b2", "union", "b2", "g2");
    INFB("a1", "union", 12, 30, 0, "b1");
    INFB("a2", "union", 24, 30, 0, "b1");
    INFB("a3", "union", 36, 30, 0, "b2");
    INFB("a4", "union", 48, 30, 0, "b2");
    INF("c1", "csa", 12, 35, 180);
    INF("c2", "csa", 24, 35, 180);
    INF("c3", "csa", 36, 35, 180);
    INF("c4", "csa", 48, 35, 180);
    tu_sb_unit("k", "union", "cavalry", "line", 12, 30 - D - 3, 0, "\"brigade\":\"b1\"");
    INFB("s5", "union", 24, 30 - D - 5, 0, "b1");
    INFB("s55", "union", 36, 30 - D - 5.5, 0, "b2");
    tu_sb_unit("col", "union", "infantry", "column", 48, 30 - D - 2, 0, "\"brigade\":\"b2\"");
    GEN("g1", "union", 18, 25, "b1");
    GEN("g2", "union", 42, 25, "b2");
    build();
    const char *all[] = {"a1", "a2", "a3", "a4", "k", "s5", "s55", "col"};
    for (unsigned i = 0; i < 8; i++) {
        double d;
        ck_assert_msg(vl_world_in_command(fx.w, U(all[i]), &d), "%s is %g in from g", all[i], d);
    }
    VlChargeVerdict v = charge("a1", "c1");
    ck_assert(v.legal);
    ck_assert_int_eq(v.nsupports, 0);
    v = charge("a2", "c2");
    ck_assert(v.legal);
    ck_assert_int_eq(v.nsupports, 1);
    ck_assert_int_eq(v.supports[0], U("s5"));
    v = charge("a3", "c3");
    ck_assert_int_eq(v.nsupports, 0);
    v = charge("a4", "c4");
    ck_assert_int_eq(v.nsupports, 0);
    int sup[4];
    ck_assert_int_eq(vl_rear_supports(fx.w, U("a4"), sup, 4, NULL), 0); /* GOR-SUPP-1: no column either */
    ck_assert_int_eq(vl_rear_supports(fx.w, U("a2"), sup, 4, NULL), 1);
}
END_TEST

/* ======================================================================================
 * Blocked paths (D-CHG-1)
 * ====================================================================================== */

/* a at (48, 10) charges c 15 in ahead (front y = 25). In the way, 4 in ahead: a friend (x in
 * [44.063, 51.937], y in [14.031, 16]), then in another case another enemy, then a building x in [40, 56],
 * y in [14, 16]. No drift of 5 in clears a 7.874 in wide unit in line with a, and the widest wheel still
 * drives a's pivot end into it, so every path is blocked and the verdict names what blocks. */
START_TEST(blocking_friend_in_the_way)
{
    INF("a", "union", 48, 10, 0);
    INF("f", "union", 48, 16, 0);
    INF("c", "csa", 48, 25, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.legal);
    ck_assert(!v.reachable);
    ck_assert_int_eq(v.blocker_unit, U("f"));
    ck_assert_int_eq(v.blocker_feature, -1);
    ck_assert(has_reason(&v.why, "GOR-CHG-4", false));
}
END_TEST

/* The charge searches are kept for the questions asked again (src/rules/memo.c), under the units
 * within the search's reach: a friend moved into the way, or out of it, gives the verdict a fresh
 * search gives (GOR-CHG-4, D-CHG-1), on the world and on a copy that shares its table and terrain. */
START_TEST(gor_chg_4_search_asked_again_after_a_unit_moves)
{
    INF("a", "union", 48, 10, 0);
    INF("f", "union", 10, 40, 0); /* 30 in off to the side: beyond the search's reach */
    INF("c", "csa", 48, 18, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(v.legal);
    ck_assert_near(v.distance, 8.0, 1e-9);
    v = charge("a", "c"); /* from the table */
    ck_assert(v.legal);
    ck_assert_near(v.distance, 8.0, 1e-9);
    VlWorld *copy = vl_world_clone(fx.w);
    ck_assert_ptr_nonnull(copy);
    vl_battlefield_set_unit(fx.w->bf, U("f"), (VlPose){{48, 14}, 0}, VL_FORM_LINE);
    v = charge("a", "c");
    ck_assert(!v.legal);
    ck_assert_int_eq(v.blocker_unit, U("f"));
    VlChargeOrder o = {.unit = U("a"), .target = U("c"), .rules = VL_RULES_GOR, .choose_path = true};
    vl_resolve_charge(copy, &o, &v);
    ck_assert(v.legal); /* the copy's friend is still away */
    vl_battlefield_set_unit(fx.w->bf, U("f"), (VlPose){{90, 40}, 0}, VL_FORM_LINE);
    v = charge("a", "c");
    ck_assert(v.legal);
    ck_assert_near(v.distance, 8.0, 1e-9);
    vl_world_destroy(copy);
}
END_TEST

START_TEST(blocking_other_enemy_in_the_way)
{
    INF("a", "union", 48, 10, 0);
    INF("e", "csa", 48, 14, 180);
    INF("c", "csa", 48, 25, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.legal);
    ck_assert(!v.reachable);
    ck_assert_int_eq(v.blocker_unit, U("e"));
    /* Charging the enemy in the way is of course fine. */
    v = charge("a", "e");
    ck_assert(v.legal);
    ck_assert_near(v.distance, 4.0, 1e-9);
}
END_TEST

/* D-GAME-11: a general's base, the enemy's or a friend's, stands 4 in ahead of a as the friend and
 * the enemy above did; it blocks nothing: the charge goes straight on to c, 15 in. */
START_TEST(generals_do_not_block_a_charge)
{
    for (int side = 0; side < 2; side++) {
        fx_free();
        INF("a", "union", 48, 10, 0);
        if (side)
            GEN("g", "csa", 48, 14, "cb");
        else
            GEN("g", "union", 48, 14, "ub");
        INF("c", "csa", 48, 25, 180);
        build();
        VlChargeVerdict v = charge("a", "c");
        ck_assert_msg(v.legal, "a %s general blocked the charge", side ? "Confederate" : "Union");
        ck_assert_int_eq(v.blocker_unit, -1);
        ck_assert_near(v.distance, 15.0, 1e-9);
    }
}
END_TEST

START_TEST(blocking_building_in_the_way)
{
    tu_sb_rect("house", "building", NULL, 40, 14, 56, 16);
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 25, 180);
    build();
    VlChargeVerdict v = charge("a", "c");
    ck_assert(!v.legal);
    ck_assert(!v.reachable);
    ck_assert_int_eq(v.blocker_feature, T("house"));
    ck_assert_int_eq(v.blocker_unit, -1);
}
END_TEST

/* ======================================================================================
 * JR III
 * ====================================================================================== */

/* a at (48, 10) facing 0: primary zone x in [44.063, 51.937], y in [10, 22].
 * t1 at (48, 18) facing 180: in the zone, 8 in. t2 at (55, 21) (x in [51.063, 58.937]): in the zone (0.874 in
 * of it), 11 in. The target is t1. */
START_TEST(jr3_chg_2_closest_visible_in_primary_zone)
{
    INF("a", "union", 48, 10, 0);
    INF("t1", "csa", 48, 18, 180);
    INF("t2", "csa", 55, 21, 180);
    build();
    ck_assert(vl_in_primary_zone(FP("a"), FP("t2")));
    bool in_zone = false;
    VlReasons why = {0};
    ck_assert_int_eq(vl_charge_target_jr3(fx.w, U("a"), &in_zone, &why), U("t1"));
    ck_assert(in_zone);
    ck_assert(has_reason(&why, "JR3-CHG-2", true));
    VlChargeVerdict v = charge_by("a", "t1", VL_RULES_JR3);
    ck_assert(v.legal);
    v = charge_by("a", "t2", VL_RULES_JR3);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "JR3-CHG-2", false));
}
END_TEST

/* t3 at (58, 14) facing 180: x in [54.063, 61.937], outside the zone; sqrt(2.126^2 + 4^2) = 4.53 in away,
 * closer than t1 (8 in): "more threatening", it is the target. */
START_TEST(jr3_chg_2_closer_visible_unit_outside_zone_wins)
{
    INF("a", "union", 48, 10, 0);
    INF("t1", "csa", 48, 18, 180);
    INF("t3", "csa", 58, 14, 180);
    build();
    ck_assert(!vl_in_primary_zone(FP("a"), FP("t3")));
    ck_assert_near(vl_footprint_distance(FP("a"), FP("t3")), hypot(58 - HW - (48 + HW), 4), 1e-9);
    bool in_zone = true;
    ck_assert_int_eq(vl_charge_target_jr3(fx.w, U("a"), &in_zone, NULL), U("t3"));
    ck_assert(!in_zone);
    VlChargeVerdict v = charge_by("a", "t1", VL_RULES_JR3);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "JR3-CHG-2", false));
}
END_TEST

/* A tie: t1 8 in straight ahead in the zone; t3 level with a and 8 in beyond its right end (x from
 * 51.937 + 8 = 59.937, y in [10, 11.969], touching a's y range at y = 10): also 8 in, outside the zone.
 * The clarification: the one in the primary zone. (Checked first that the two distances come out equal.) */
START_TEST(jr3_chg_2_tie_goes_to_primary_zone)
{
    INF("a", "union", 48, 10, 0);
    INF("t1", "csa", 48, 18, 180);
    INF("t3", "csa", 48 + LW + 8, 10, 180);
    build();
    double d1 = vl_footprint_distance(FP("a"), FP("t1")), d3 = vl_footprint_distance(FP("a"), FP("t3"));
    ck_assert_near(d1, 8.0, 1e-12);
    ck_assert_near(d3, 8.0, 1e-12);
    ck_assert(!vl_in_primary_zone(FP("a"), FP("t3")));
    bool in_zone = false;
    int t = vl_charge_target_jr3(fx.w, U("a"), &in_zone, NULL);
    ck_assert_msg(t == U("t1"), "target %s (d1 = %.17g, d3 = %.17g)", t >= 0 ? fx.s.units[t].id : "none", d1, d3);
    ck_assert(in_zone);
}
END_TEST

/* t4 at (59.937, 9) facing 180 (x in [56, 63.874], y in [9, 10.969]) is 4.063 in to a's right, closer than t1
 * (8 in ahead), but a wood x in [53, 55], y in [0, 30] stands between: every line from a's front (y = 10,
 * x <= 51.937) to it passes through the wood. Hidden, it is not chosen: t1 is. */
START_TEST(jr3_chg_2_enemy_hidden_behind_woods_not_chosen)
{
    tu_sb_rect("w", "woods", NULL, 53, 0, 55, 30);
    INF("a", "union", 48, 10, 0);
    INF("t1", "csa", 48, 18, 180);
    INF("t4", "csa", 56 + HW, 9, 180);
    build();
    ck_assert(vl_footprint_distance(FP("a"), FP("t4")) < 8.0);
    VlSight s;
    vl_sight(fx.w->bf, U("a"), U("t4"), &s);
    ck_assert(!s.clear);
    bool in_zone = false;
    ck_assert_int_eq(vl_charge_target_jr3(fx.w, U("a"), &in_zone, NULL), U("t1"));
    ck_assert(in_zone);
}
END_TEST

/* The line of charge runs from a's anchor (48, 10) to the target's centre. Each target faces back along that
 * line, so its centre is its anchor + (sin b, cos b) * 1.9685/2 for a bearing b from a; its anchor is put at
 * 10 - 0.984 in along the bearing, so its centre is 10 in along it. Bearing 50: oblique 50 deg > 45:
 * disorder. Bearing 40: no disorder. Both are the only enemy, so the target rule is satisfied. */
START_TEST(jr3_chg_3_oblique_over_45_degrees_disorders)
{
    static const double bearings[] = {50, 40, -50, 45.5};
    for (unsigned i = 0; i < 4; i++) {
        double b = RAD(bearings[i]);
        fx_free();
        INF("a", "union", 48, 10, 0);
        INF("c", "csa", 48 + (10 - D / 2) * sin(b), 10 + (10 - D / 2) * cos(b), 180 + bearings[i]);
        build();
        VlChargeVerdict v = charge_by("a", "c", VL_RULES_JR3);
        ck_assert_near(v.oblique, fabs(bearings[i]), 1e-9);
        ck_assert_int_eq(v.disorder, fabs(bearings[i]) > 45);
        ck_assert_msg(v.legal, "bearing %g", bearings[i]);
        ck_assert(has_reason(&v.why, "JR3-CHG-3", true));
    }
}
END_TEST

/* Theoretical maximum: normal move 10 + 2 bonus dice all sixes (D-JR3-1) = 22 in. A target exactly 22 in
 * ahead may be charged; one 22.5 in ahead may not. */
START_TEST(jr3_chg_3_beyond_theoretical_maximum_refused)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 32, 180);
    build();
    VlChargeVerdict v = charge_by("a", "c", VL_RULES_JR3);
    ck_assert_near(v.max_reach, 22.0, TOL);
    ck_assert_near(v.distance, 22.0, 1e-9);
    ck_assert(v.reachable);
    ck_assert(v.legal);
    fx_free();
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 32.5, 180);
    build();
    v = charge_by("a", "c", VL_RULES_JR3);
    ck_assert(!v.reachable);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "JR3-CHG-3", false));
}
END_TEST

/* p at (48, 20) charges t 5 in ahead (t at (48, 25) facing 180: x in [44.063, 51.937], y in [25, 26.969]).
 *  s_ok at (48 - 7.874 - 2, 20): 2 in to p's left, sqrt(2^2 + 5^2) = 5.39 in from t (> 5): supports.
 *  s_far at (48, 20 - 1.9685 - 6.5): 6.5 in behind p: not within 6 in.
 *  s_near at (48 + 7.874 + 1, 23): x in [52.937, 60.811], y in [21.031, 23]: 1 in from p, but
 *    sqrt(1^2 + 2^2) = 2.24 in from t: not further from the enemy than p.
 *  s_skir, skirmishers at (60, 17.031) (bases x in [54.094, 58.031] and [61.969, 65.906], y in
 *    [15.063, 17.031]): 2.39 in from p, 8.2 in from t, but skirmishers do not support. */
START_TEST(jr3_chg_4_supports_within_6_in_and_further_from_enemy)
{
    INF("p", "union", 48, 20, 0);
    INF("t", "csa", 48, 25, 180);
    INF("s_ok", "union", 48 - LW - 2, 20, 0);
    INF("s_far", "union", 48, 20 - D - 6.5, 0);
    INF("s_near", "union", 48 + LW + 1, 23, 0);
    tu_sb_unit("s_skir", "union", "infantry", "skirmish", 60, 20 - D - 1, 0, NULL);
    build();
    ck_assert(vl_footprint_distance(FP("s_skir"), FP("p")) <= 6);
    ck_assert_near(vl_footprint_distance(FP("s_ok"), FP("t")), hypot(2, 5), 1e-9);
    ck_assert_near(vl_footprint_distance(FP("s_near"), FP("t")), hypot(1, 2), 1e-9);
    VlChargeVerdict v = charge_by("p", "t", VL_RULES_JR3);
    ck_assert(v.legal);
    ck_assert_int_eq(v.nsupports, 1);
    ck_assert_int_eq(v.supports[0], U("s_ok"));
}
END_TEST

/* Rule C without the exception: s at (48 - 7.874 - 2, 10) as above, but with enemy e (x in [34.063, 41.937],
 * y from 18) 8 in ahead in its own primary zone, and the line from t's centre (48, 15.984) through p's centre
 * (48, 9.016) runs down x = 48, missing s (x to 42.063): s may not support. */
START_TEST(jr3_chg_4_uncharged_enemy_in_primary_zone_forbids_support)
{
    INF("p", "union", 48, 10, 0);
    INF("t", "csa", 48, 15, 180);
    INF("s", "union", 48 - LW - 2, 10, 0);
    INF("e", "csa", 38, 18, 180);
    build();
    ck_assert(vl_in_primary_zone(FP("s"), FP("e")));
    ck_assert_int_eq(vl_charge_target_jr3(fx.w, U("p"), NULL, NULL), U("t"));
    VlChargeVerdict v = charge_by("p", "t", VL_RULES_JR3);
    ck_assert(v.legal);
    ck_assert_int_eq(v.nsupports, 0);
    ck_assert(has_reason(&v.why, "JR3-CHG-4", true));
}
END_TEST

/* JR3-CHG-5: t at (48, 15) facing 180 (x in [44.063, 51.937]). d1 1.5 in to its side: close support.
 * d2 2.5 in to its other side: not. d3, skirmishers 1 in behind it: not (only non-skirmishers). */
START_TEST(jr3_chg_5_defender_close_support_within_2_in)
{
    INF("p", "union", 48, 10, 0);
    INF("t", "csa", 48, 15, 180);
    INF("d1", "csa", 48 - LW - 1.5, 15, 180);
    INF("d2", "csa", 48 + LW + 2.5, 15, 180);
    tu_sb_unit("d3", "csa", "infantry", "skirmish", 48, 15 + D + 1, 180, NULL);
    build();
    ck_assert_near(vl_footprint_distance(FP("d1"), FP("t")), 1.5, 1e-9);
    ck_assert_near(vl_footprint_distance(FP("d2"), FP("t")), 2.5, 1e-9);
    ck_assert_near(vl_footprint_distance(FP("d3"), FP("t")), 1.0, 1e-9);
    VlChargeVerdict v = charge_by("p", "t", VL_RULES_JR3);
    ck_assert(v.legal);
    ck_assert_int_eq(v.nclose_support, 1);
    ck_assert_int_eq(v.close_support[0], U("d1"));
    ck_assert(has_reason(&v.why, "JR3-CHG-5", true));
}
END_TEST

/* Four declared charges, each straight at a target dead ahead: p1 6 in, p2 3 in, p3 9 in, p4 3 in.
 * Closest first, ties in declaration order: p2, p4, p1, p3. */
START_TEST(jr3_chg_1_closest_charge_resolved_first)
{
    static const double dist[] = {6, 3, 9, 3};
    char id[8];
    for (int i = 0; i < 4; i++) {
        snprintf(id, sizeof id, "p%d", i + 1);
        INF(id, "union", 12 + 20 * i, 10, 0);
        snprintf(id, sizeof id, "t%d", i + 1);
        INF(id, "csa", 12 + 20 * i, 10 + dist[i], 180);
    }
    build();
    int units[4] = {U("p1"), U("p2"), U("p3"), U("p4")};
    int targets[4] = {U("t1"), U("t2"), U("t3"), U("t4")};
    int order[4];
    vl_charge_order_jr3(fx.w, units, targets, 4, order);
    ck_assert_int_eq(order[0], 1);
    ck_assert_int_eq(order[1], 3);
    ck_assert_int_eq(order[2], 0);
    ck_assert_int_eq(order[3], 2);
}
END_TEST

/* ======================================================================================
 * Gunson
 * ====================================================================================== */

/* GUN-CHG-1: the throw for a charge move is made within musket range, 18 in. Infantry 19 in from its enemy:
 * refused. Cavalry 20 in away: refused too, though its charge move is 24 in. Cavalry 17 in away: legal. */
START_TEST(gun_chg_1_beyond_18_in_refused)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 29, 180);
    CAV("k", "union", 20, 10, 0);
    INF("d", "csa", 20, 30, 180);
    CAV("k2", "union", 76, 10, 0);
    INF("e", "csa", 76, 27, 180);
    build();
    VlChargeVerdict v = charge_by("a", "c", VL_RULES_GUNSON);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GUN-CHG-1", false));
    v = charge_by("k", "d", VL_RULES_GUNSON);
    ck_assert(v.reachable); /* 20 <= 24 */
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GUN-CHG-1", false));
    v = charge_by("k2", "e", VL_RULES_GUNSON);
    ck_assert(v.legal);
}
END_TEST

/* GUN-CHG-2: infantry charges 18 in (a target exactly 18 in ahead: reached), cavalry 24 in; cavalry crash
 * through to the full 24 in: from (20, 10) straight ahead to (20, 34). */
START_TEST(gun_chg_2_infantry_18_in_cavalry_24_in)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 28, 180);
    CAV("k", "union", 20, 10, 0);
    INF("d", "csa", 20, 20, 180);
    build();
    VlChargeVerdict v = charge_by("a", "c", VL_RULES_GUNSON);
    ck_assert_near(v.allowance_max, 18.0, TOL);
    ck_assert_near(v.distance, 18.0, 1e-9);
    ck_assert(v.reachable);
    ck_assert(v.legal);
    v = charge_by("k", "d", VL_RULES_GUNSON);
    ck_assert(v.legal);
    ck_assert_near(v.allowance_max, 24.0, TOL);
    ck_assert_near(v.distance, 10.0, 1e-9);
    ck_assert_vec_near(v.crash_pose.anchor, 20, 34, 1e-9);
}
END_TEST

/* GUN-CAV-1: cavalry's throw by the target's formation: a single line needs 2, a square 6. Infantry at full
 * strength needs 4 (GUN-CHG-1). */
START_TEST(gun_cav_1_cavalry_throw_by_target_formation)
{
    CAV("k", "union", 20, 10, 0);
    INF("d", "csa", 20, 20, 180);
    CAV("k2", "union", 60, 10, 0);
    tu_sb_unit("sq", "csa", "infantry", "square", 60, 20, 180, NULL);
    INF("a", "union", 80, 10, 0);
    INF("c", "csa", 80, 20, 180);
    build();
    VlChargeVerdict v = charge_by("k", "d", VL_RULES_GUNSON);
    ck_assert(v.needs_throw);
    ck_assert_int_eq(v.throw_needed, 2);
    ck_assert(has_reason(&v.why, "GUN-CAV-1", true));
    v = charge_by("k2", "sq", VL_RULES_GUNSON);
    ck_assert(v.needs_throw);
    ck_assert_int_eq(v.throw_needed, 6);
    v = charge_by("a", "c", VL_RULES_GUNSON);
    ck_assert(v.needs_throw);
    ck_assert_int_eq(v.throw_needed, 4);
}
END_TEST

/* GUN-FLANK-1: a charge on a flank or the rear needs no throw. Infantry at (48, 10) on a target 10 in ahead
 * with its back turned (facing 0 at (48, 21.9685)): rear. Cavalry at (20, 10) on a target facing 90
 * ((21, 23.937): its right flank is y = 20): right flank. */
START_TEST(gun_flank_1_flank_or_rear_needs_no_throw)
{
    INF("a", "union", 48, 10, 0);
    INF("c", "csa", 48, 20 + D, 0);
    CAV("k", "union", 20, 10, 0);
    INF("d", "csa", 21, 20 + HW, 90);
    build();
    VlChargeVerdict v = charge_by("a", "c", VL_RULES_GUNSON);
    ck_assert(v.legal);
    ck_assert_int_eq(v.face, VL_FACE_REAR);
    ck_assert(!v.needs_throw);
    ck_assert(has_reason(&v.why, "GUN-FLANK-1", true));
    v = charge_by("k", "d", VL_RULES_GUNSON);
    ck_assert(v.legal);
    ck_assert_int_eq(v.face, VL_FACE_RIGHT);
    ck_assert(!v.needs_throw);
}
END_TEST

/* GUN-IMP-1: men per extra die; the table's columns are the attacker's formation, its rows the defender's
 * (the article's example, double line against single line, reads 6). Single line against single line: 5.
 * Column against single line: 8. Single line against square: 0 (none). Cavalry: 1 die per 3 light horse
 * (3), none against troops in woods. */
START_TEST(gun_imp_1_impetus)
{
    tu_sb_rect("w", "woods", NULL, 66, 18, 82, 24);
    INF("a", "union", 12, 10, 0);
    INF("c", "csa", 12, 20, 180);
    tu_sb_unit("col", "union", "infantry", "column", 28, 10, 0, NULL);
    INF("c2", "csa", 28, 20, 180);
    INF("a3", "union", 44, 10, 0);
    tu_sb_unit("sq", "csa", "infantry", "square", 44, 20, 180, NULL);
    CAV("k", "union", 60, 10, 0);
    INF("c4", "csa", 60, 20, 180);
    CAV("k2", "union", 74, 10, 0);
    INF("cw", "csa", 74, 20, 180); /* inside the wood */
    build();
    ck_assert_int_eq(charge_by("a", "c", VL_RULES_GUNSON).impetus_men_per_die, 5);
    ck_assert_int_eq(charge_by("col", "c2", VL_RULES_GUNSON).impetus_men_per_die, 8);
    ck_assert_int_eq(charge_by("a3", "sq", VL_RULES_GUNSON).impetus_men_per_die, 0);
    ck_assert_int_eq(charge_by("k", "c4", VL_RULES_GUNSON).impetus_men_per_die, 3);
    VlChargeVerdict v = charge_by("k2", "cw", VL_RULES_GUNSON);
    ck_assert_int_eq(v.impetus_men_per_die, 0);
    ck_assert(has_reason(&v.why, "GUN-IMP-1", true));
}
END_TEST

/* GUN-IMP-1: "Cavalry do not get impetus against troops behind walls, in woods, on hills". k at (20, 10)
 * charges d 10 in ahead (front y = 20); a stone wall runs 0.5 in in front of d across its whole front
 * (y = 19.5, x from 14 to 26). d is behind a wall: no impetus. */
START_TEST(gun_imp_1_no_cavalry_impetus_against_troops_behind_a_wall)
{
    tu_sb_terrain("{\"id\":\"wall\",\"type\":\"wall\",\"path\":[[14,19.5],[26,19.5]]}");
    CAV("k", "union", 20, 10, 0);
    INF("d", "csa", 20, 20, 180);
    build();
    VlChargeVerdict v = charge_by("k", "d", VL_RULES_GUNSON);
    ck_assert(v.legal);
    ck_assert_msg(v.impetus_men_per_die == 0, "impetus %d men per die against troops behind a wall",
                  v.impetus_men_per_die);
}
END_TEST

/* ======================================================================================
 * Purity: resolving changes nothing
 * ====================================================================================== */

START_TEST(resolvers_do_not_change_the_world)
{
    static const char *files[] = {SCEN("gor-example-c.json"), SCEN("gor-example-d.json"), SCEN("jr3-support-exception.json")};
    for (unsigned fi = 0; fi < 3; fi++) {
        fx_free();
        load_file(files[fi]);
        fx.w->units[0].hits = 3;
        fx.w->units[0].charged = true;
        int n = fx.w->nunits;
        VlUnitState *before = malloc((size_t)n * sizeof *before);
        VlFieldUnit *fbefore = malloc((size_t)n * sizeof *fbefore);
        ck_assert_ptr_nonnull(before);
        ck_assert_ptr_nonnull(fbefore);
        memcpy(before, fx.w->units, (size_t)n * sizeof *before);
        for (int i = 0; i < n; i++)
            fbefore[i] = *vl_world_unit(fx.w, i);
        VlWorld wcopy = *fx.w;
        for (int u = 0; u < n; u++) {
            for (int t = 0; t < n; t++)
                for (int r = 0; r < 3; r++) {
                    VlChargeOrder o = {.unit = u, .target = t, .rules = (VlChargeRules)r, .choose_path = true};
                    VlChargeVerdict v;
                    vl_resolve_charge(fx.w, &o, &v);
                }
            int threat[4], sup[8], blocked;
            VlReasons why = {0};
            vl_threatened_faces(fx.w, u, threat, &why);
            vl_rear_supports(fx.w, u, sup, 8, &why);
            if (fx.s.units[u].type != VL_GENERAL)
                (void)vl_fire_target(fx.w, u, &blocked, &why);
            (void)vl_charge_target_jr3(fx.w, u, NULL, NULL);
        }
        ck_assert(memcmp(before, fx.w->units, (size_t)n * sizeof *before) == 0);
        for (int i = 0; i < n; i++)
            ck_assert(memcmp(&fbefore[i], vl_world_unit(fx.w, i), sizeof fbefore[i]) == 0);
        ck_assert(memcmp(&wcopy, fx.w, sizeof wcopy) == 0); /* turn, options, the generator's state */
        free(before);
        free(fbefore);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("charge");

    TCase *tc = tcase_create("rulebook-examples");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_fire_1_example_a_greatest_frontage_is_the_target);
    tcase_add_test(tc, gor_fire_1_example_b_small_part_in_line_is_still_a_target);
    tcase_add_test(tc, gor_threat_1_example_c_flank_threat_not_frontal_overlap);
    tcase_add_test(tc, gor_mor_2_example_c_counts_one_threatened_flank);
    tcase_add_test(tc, gor_supp_1_example_d_no_support_out_of_command);
    tcase_add_test(tc, gor_fire_6_example_e_friend_blocks_line_of_fire);
    tcase_add_test(tc, gor_follow_1_example_f_unit_behind_geometry);
    tcase_add_test(tc, jr3_chg_4_support_exception_line_from_target_through_point_unit);
    suite_add_tcase(s, tc);

    tc = tcase_create("gor");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_chg_2_reach_exactly_at_limit);
    tcase_add_test(tc, gor_chg_2_reach_a_millionth_beyond_limit_refused);
    tcase_add_test(tc, gor_chg_2_rough_ground_charge_move_is_10);
    tcase_add_test(tc, gor_chg_2_cavalry_in_rough_depends_on_the_die);
    tcase_add_test(tc, gor_chg_2_road_negates_rough_for_the_charge_move);
    tcase_add_test(tc, gor_chg_1_line_infantry_and_mounted_cavalry_may_charge);
    tcase_add_test(tc, gor_chg_1_column_cannot_charge);
    tcase_add_test(tc, gor_chg_1_skirmish_line_cannot_charge);
    tcase_add_test(tc, gor_chg_1_dismounted_cavalry_cannot_charge);
    tcase_add_test(tc, gor_chg_1_unit_that_fired_this_turn_cannot_charge);
    tcase_add_test(tc, gor_chg_1_the_die_never_rescues_an_ineligible_charge);
    tcase_add_test(tc, gor_chg_1_unit_that_charged_last_turn_cannot_charge);
    tcase_add_test(tc, gor_rout_1_routed_unit_cannot_charge);
    tcase_add_test(tc, gor_chg_4_offset_target_reached_by_drift);
    tcase_add_test(tc, gor_chg_4_drift_lining_up_flanks_touches_at_contact);
    tcase_add_test(tc, gor_chg_4_target_needing_more_than_5_in_refused);
    tcase_add_test(tc, gor_chg_4_ordered_wheel_path_and_limit);
    tcase_add_test(tc, gor_chg_4_forward_wheel_reaches_what_no_drift_does);
    tcase_add_test(tc, gor_chg_4_drift_round_a_wood_keeps_open_ground);
    tcase_add_test(tc, gor_threat_1_flank_reached_by_drift_round_a_wood);
    tcase_add_test(tc, face_struck_front_rear_and_flanks);
    tcase_add_test(tc, face_struck_oblique_targets_and_corner_contact);
    tcase_add_test(tc, face_struck_corner_contact_on_rear_corner);
    tcase_add_test(tc, face_struck_square_is_always_front);
    tcase_add_test(tc, gor_chg_3_half_charge_is_half_the_charge_move);
    tcase_add_test(tc, gor_chg_3_half_charge_stops_3_in_from_target);
    tcase_add_test(tc, gor_chg_5_supporter_in_command_listed_out_of_command_not);
    tcase_add_test(tc, gor_chg_5_type_distance_and_column);
    tcase_add_test(tc, blocking_friend_in_the_way);
    tcase_add_test(tc, gor_chg_4_search_asked_again_after_a_unit_moves);
    tcase_add_test(tc, blocking_other_enemy_in_the_way);
    tcase_add_test(tc, generals_do_not_block_a_charge);
    tcase_add_test(tc, blocking_building_in_the_way);
    suite_add_tcase(s, tc);

    tc = tcase_create("jr3");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, jr3_chg_2_closest_visible_in_primary_zone);
    tcase_add_test(tc, jr3_chg_2_closer_visible_unit_outside_zone_wins);
    tcase_add_test(tc, jr3_chg_2_tie_goes_to_primary_zone);
    tcase_add_test(tc, jr3_chg_2_enemy_hidden_behind_woods_not_chosen);
    tcase_add_test(tc, jr3_chg_3_oblique_over_45_degrees_disorders);
    tcase_add_test(tc, jr3_chg_3_beyond_theoretical_maximum_refused);
    tcase_add_test(tc, jr3_chg_4_supports_within_6_in_and_further_from_enemy);
    tcase_add_test(tc, jr3_chg_4_uncharged_enemy_in_primary_zone_forbids_support);
    tcase_add_test(tc, jr3_chg_5_defender_close_support_within_2_in);
    tcase_add_test(tc, jr3_chg_1_closest_charge_resolved_first);
    suite_add_tcase(s, tc);

    tc = tcase_create("gunson");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gun_chg_1_beyond_18_in_refused);
    tcase_add_test(tc, gun_chg_2_infantry_18_in_cavalry_24_in);
    tcase_add_test(tc, gun_cav_1_cavalry_throw_by_target_formation);
    tcase_add_test(tc, gun_flank_1_flank_or_rear_needs_no_throw);
    tcase_add_test(tc, gun_imp_1_impetus);
    tcase_add_test(tc, gun_imp_1_no_cavalry_impetus_against_troops_behind_a_wall);
    suite_add_tcase(s, tc);

    tc = tcase_create("purity");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, resolvers_do_not_change_the_world);
    suite_add_tcase(s, tc);

    return tu_run(s);
}
