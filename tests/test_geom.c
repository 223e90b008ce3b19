/* Geometry contract (docs/geometry.md): bases, formations, faces, distances, zones, the fire
 * corridor, terrain under a unit and the polygon tools. Every expected value here is worked out by hand
 * from the formulas of docs/geometry.md (written down next to each case), never by calling the library's own
 * helpers. Checklist ids: GOR-BASE-1, GOR-BASE-2, GOR-FORM-1..5, JR3-CHG-2, GOR-ART-1, GOR-FIRE-1. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W TU_INF_W             /* infantry / cavalry base width, 100 mm */
#define D TU_INF_D             /* infantry / cavalry / artillery base depth, 50 mm */
#define AW TU_ART_W            /* artillery base width, 33 mm */
#define G TU_GEN_W             /* general base, 40 x 40 mm */
#define TOL 1e-9               /* coordinates */
#define HAIR 1e-6              /* "a hair" beyond a boundary: far above VL_EPS */
#define PI 3.14159265358979323846

/* ---- small helpers (independent of the library) ---- */

static double rad(double deg) { return deg * (PI / 180.0); }
/* docs/geometry.md: forward f = (sin t, cos t), right r = (cos t, -sin t). */
static VlVec2 fwd_of(double deg) { return vl_v2(sin(rad(deg)), cos(rad(deg))); }
static VlVec2 right_of(double deg) { return vl_v2(cos(rad(deg)), -sin(rad(deg))); }
/* a + r*s + f*t: a point given in a unit's own frame (s to the right, t forward). */
static VlVec2 local_pt(VlVec2 a, double deg, double s, double t)
{
    VlVec2 f = fwd_of(deg), r = right_of(deg);
    return vl_v2(a.x + r.x * s + f.x * t, a.y + r.y * s + f.y * t);
}

static void check_pt(const char *what, VlVec2 got, VlVec2 want)
{
    ck_assert_msg(fabs(got.x - want.x) <= TOL && fabs(got.y - want.y) <= TOL,
                  "%s: got (%.17g, %.17g), expected (%.17g, %.17g)", what, got.x, got.y, want.x, want.y);
}

static void check_xy(const char *what, VlVec2 got, double x, double y) { check_pt(what, got, vl_v2(x, y)); }

static void check_quad(const char *what, const VlQuad *q, VlVec2 fl, VlVec2 fr, VlVec2 rr, VlVec2 rl)
{
    static const char *const names[4] = {"FL", "FR", "RR", "RL"};
    VlVec2 want[4] = {fl, fr, rr, rl};
    for (int i = 0; i < 4; i++) {
        char buf[160];
        snprintf(buf, sizeof buf, "%s %s", what, names[i]);
        check_pt(buf, q->p[i], want[i]);
    }
}

static bool same_pt(VlVec2 a, VlVec2 b) { return fabs(a.x - b.x) <= TOL && fabs(a.y - b.y) <= TOL; }

/* A face as an unordered segment (docs/geometry.md fixes the direction of the front face only). */
static void check_segment_unordered(const char *what, VlVec2 a, VlVec2 b, VlVec2 p, VlVec2 q)
{
    ck_assert_msg((same_pt(a, p) && same_pt(b, q)) || (same_pt(a, q) && same_pt(b, p)),
                  "%s: got (%.17g, %.17g)-(%.17g, %.17g), expected (%.17g, %.17g)-(%.17g, %.17g)", what, a.x,
                  a.y, b.x, b.y, p.x, p.y, q.x, q.y);
}

static VlFootprint make(VlUnitType type, VlFormation form, double x, double y, double facing)
{
    VlFootprint fp;
    vl_footprint_build(&fp, (VlPose){{x, y}, facing}, form, vl_base_spec_default(type));
    return fp;
}

static VlFootprint make_at(VlUnitType type, VlFormation form, VlVec2 a, double facing)
{
    return make(type, form, a.x, a.y, facing);
}

/* ====================================================================================================
 * Bases (GOR-BASE-1, GOR-BASE-2)
 * ==================================================================================================== */

START_TEST(gor_base_1_default_sizes_in_inches)
{
    /* 25.4 mm = 1 in exactly: 100 mm = 3.93700787401574803 in, 50 mm = 1.96850393700787402 in,
     * 33 mm = 1.29921259842519685 in, 40 mm = 1.57480314960629921 in. */
    VlBaseSpec inf = vl_base_spec_default(VL_INFANTRY), cav = vl_base_spec_default(VL_CAVALRY);
    VlBaseSpec art = vl_base_spec_default(VL_ARTILLERY), gen = vl_base_spec_default(VL_GENERAL);
    ck_assert_near(inf.width, 3.93700787401574803, 1e-12);
    ck_assert_near(inf.depth, 1.96850393700787402, 1e-12);
    ck_assert_near(cav.width, 3.93700787401574803, 1e-12);
    ck_assert_near(cav.depth, 1.96850393700787402, 1e-12);
    ck_assert_near(art.width, 1.29921259842519685, 1e-12);
    ck_assert_near(art.depth, 1.96850393700787402, 1e-12);
    ck_assert_near(gen.width, 1.57480314960629921, 1e-12);
    ck_assert_near(gen.depth, 1.57480314960629921, 1e-12);
}
END_TEST

START_TEST(gor_base_2_default_base_counts)
{
    ck_assert_int_eq(vl_base_spec_default(VL_INFANTRY).count, 2);
    ck_assert_int_eq(vl_base_spec_default(VL_CAVALRY).count, 2);
    ck_assert_int_eq(vl_base_spec_default(VL_ARTILLERY).count, 4);
    ck_assert_int_eq(vl_base_spec_default(VL_GENERAL).count, 1);
    ck_assert_int_eq(make(VL_INFANTRY, VL_FORM_LINE, 10, 10, 0).nbases, 2);
    ck_assert_int_eq(make(VL_CAVALRY, VL_FORM_SKIRMISH, 10, 10, 0).nbases, 2);
    ck_assert_int_eq(make(VL_INFANTRY, VL_FORM_COLUMN, 10, 10, 0).nbases, 2);
    ck_assert_int_eq(make(VL_INFANTRY, VL_FORM_SQUARE, 10, 10, 0).nbases, 2);
    ck_assert_int_eq(make(VL_ARTILLERY, VL_FORM_UNLIMBERED, 10, 10, 0).nbases, 4);
    ck_assert_int_eq(make(VL_ARTILLERY, VL_FORM_LIMBERED, 10, 10, 0).nbases, 4);
    ck_assert_int_eq(make(VL_GENERAL, VL_FORM_NONE, 10, 10, 0).nbases, 1);
}
END_TEST

/* ====================================================================================================
 * Facing conventions
 * ==================================================================================================== */

START_TEST(facing_0_is_north_and_90_is_east)
{
    /* f = (sin t, cos t), r = (cos t, -sin t); exact at the quarter turns. */
    check_xy("fwd 0", vl_facing_forward(0), 0, 1);
    check_xy("right 0", vl_facing_right(0), 1, 0);
    check_xy("fwd 90", vl_facing_forward(90), 1, 0);
    check_xy("right 90", vl_facing_right(90), 0, -1);
    check_xy("fwd 180", vl_facing_forward(180), 0, -1);
    check_xy("right 180", vl_facing_right(180), -1, 0);
    check_xy("fwd 270", vl_facing_forward(270), -1, 0);
    check_xy("right 270", vl_facing_right(270), 0, 1);
    /* Quarter turns are exact, bit for bit. */
    ck_assert(vl_facing_forward(90).x == 1.0 && vl_facing_forward(90).y == 0.0);
    ck_assert(vl_facing_forward(0).x == 0.0 && vl_facing_forward(0).y == 1.0);
    ck_assert(vl_facing_right(180).x == -1.0 && vl_facing_right(180).y == 0.0);
    /* 37.5 and 300 degrees: sin 37.5 = 0.608761429008720640, cos 37.5 = 0.793353340291235165;
     * sin 300 = -0.866025403784438647, cos 300 = 0.5. */
    check_xy("fwd 37.5", vl_facing_forward(37.5), 0.608761429008720640, 0.793353340291235165);
    check_xy("right 37.5", vl_facing_right(37.5), 0.793353340291235165, -0.608761429008720640);
    check_xy("fwd 300", vl_facing_forward(300), -0.866025403784438647, 0.5);
    check_xy("right 300", vl_facing_right(300), 0.5, 0.866025403784438647);
    /* The footprint carries the same vectors. */
    VlFootprint fp = make(VL_INFANTRY, VL_FORM_LINE, 10, 10, 90);
    check_xy("fp.fwd 90", fp.fwd, 1, 0);
    check_xy("fp.right 90", fp.right, 0, -1);
}
END_TEST

START_TEST(facing_360_equals_0_and_minus_90_equals_270)
{
    VlVec2 a = vl_facing_forward(360), b = vl_facing_forward(0);
    ck_assert(a.x == b.x && a.y == b.y);
    a = vl_facing_forward(-90);
    b = vl_facing_forward(270);
    ck_assert(a.x == b.x && a.y == b.y);
    check_xy("fwd -90", a, -1, 0);
    check_xy("right -90", vl_facing_right(-90), 0, 1);
    check_xy("fwd 450", vl_facing_forward(450), 1, 0);
    check_xy("fwd 397.5", vl_facing_forward(397.5), 0.608761429008720640, 0.793353340291235165);
    check_xy("fwd -322.5", vl_facing_forward(-322.5), 0.608761429008720640, 0.793353340291235165);
    /* Whole footprints agree too. */
    const double pairs[][2] = {{360, 0}, {-90, 270}, {720, 0}, {-270, 90}, {397.5, 37.5}, {-60, 300}};
    for (unsigned k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        VlFootprint p = make(VL_INFANTRY, VL_FORM_LINE, 20, 20, pairs[k][0]);
        VlFootprint q = make(VL_INFANTRY, VL_FORM_LINE, 20, 20, pairs[k][1]);
        for (int i = 0; i < 4; i++) {
            char buf[64];
            snprintf(buf, sizeof buf, "facing %g vs %g corner %d", pairs[k][0], pairs[k][1], i);
            check_pt(buf, p.box.p[i], q.box.p[i]);
        }
    }
}
END_TEST

/* ====================================================================================================
 * Formations, written out in numbers (GOR-FORM-1..5)
 * ==================================================================================================== */

START_TEST(gor_form_1_line_facing_0_in_numbers)
{
    /* Anchor (10, 20), f = (0,1), r = (1,0). Base i centre a + r*((i-1/2)W) - f*(D/2). */
    VlFootprint fp = make(VL_INFANTRY, VL_FORM_LINE, 10, 20, 0);
    ck_assert_int_eq(fp.nbases, 2);
    check_quad("base 0", &fp.bases[0], vl_v2(10 - W, 20), vl_v2(10, 20), vl_v2(10, 20 - D), vl_v2(10 - W, 20 - D));
    check_quad("base 1", &fp.bases[1], vl_v2(10, 20), vl_v2(10 + W, 20), vl_v2(10 + W, 20 - D), vl_v2(10, 20 - D));
    check_quad("box", &fp.box, vl_v2(10 - W, 20), vl_v2(10 + W, 20), vl_v2(10 + W, 20 - D), vl_v2(10 - W, 20 - D));
    VlVec2 a, b;
    vl_footprint_face(&fp, VL_FACE_FRONT, &a, &b);
    check_xy("front FL", a, 10 - W, 20);
    check_xy("front FR", b, 10 + W, 20);
    ck_assert_near(vl_footprint_area(&fp), 2 * W * D, 1e-12);
    ck_assert(!fp.square);
}
END_TEST

START_TEST(gor_form_1_line_facing_90_in_numbers)
{
    /* Anchor (10, 20), f = (1,0), r = (0,-1): local (s, t) -> (10 + t, 20 - s). */
    VlFootprint fp = make(VL_INFANTRY, VL_FORM_LINE, 10, 20, 90);
    check_quad("base 0", &fp.bases[0], vl_v2(10, 20 + W), vl_v2(10, 20), vl_v2(10 - D, 20), vl_v2(10 - D, 20 + W));
    check_quad("base 1", &fp.bases[1], vl_v2(10, 20), vl_v2(10, 20 - W), vl_v2(10 - D, 20 - W), vl_v2(10 - D, 20));
    check_quad("box", &fp.box, vl_v2(10, 20 + W), vl_v2(10, 20 - W), vl_v2(10 - D, 20 - W), vl_v2(10 - D, 20 + W));
    VlVec2 a, b;
    vl_footprint_face(&fp, VL_FACE_FRONT, &a, &b);
    check_xy("front FL", a, 10, 20 + W);
    check_xy("front FR", b, 10, 20 - W);
    vl_footprint_face(&fp, VL_FACE_REAR, &a, &b);
    check_segment_unordered("rear", a, b, vl_v2(10 - D, 20 - W), vl_v2(10 - D, 20 + W));
    vl_footprint_face(&fp, VL_FACE_RIGHT, &a, &b);
    check_segment_unordered("right flank", a, b, vl_v2(10, 20 - W), vl_v2(10 - D, 20 - W));
    vl_footprint_face(&fp, VL_FACE_LEFT, &a, &b);
    check_segment_unordered("left flank", a, b, vl_v2(10 - D, 20 + W), vl_v2(10, 20 + W));
}
END_TEST

START_TEST(gor_form_2_skirmish_gap_is_one_base_width)
{
    /* Anchor (10, 20) facing 0: centres a + r*((i-1/2)*2W) - f*(D/2) = (10 -/+ W, 20 - D/2). */
    VlFootprint fp = make(VL_INFANTRY, VL_FORM_SKIRMISH, 10, 20, 0);
    check_quad("base 0", &fp.bases[0], vl_v2(10 - 1.5 * W, 20), vl_v2(10 - 0.5 * W, 20), vl_v2(10 - 0.5 * W, 20 - D),
               vl_v2(10 - 1.5 * W, 20 - D));
    check_quad("base 1", &fp.bases[1], vl_v2(10 + 0.5 * W, 20), vl_v2(10 + 1.5 * W, 20), vl_v2(10 + 1.5 * W, 20 - D),
               vl_v2(10 + 0.5 * W, 20 - D));
    /* The gap: from base 0's FR to base 1's FL, exactly one base width. */
    ck_assert_near(vl_v2_dist(fp.bases[0].p[1], fp.bases[1].p[0]), W, 1e-12);
    /* The front face spans the gap: 3 W wide. */
    VlVec2 a, b;
    vl_footprint_face(&fp, VL_FACE_FRONT, &a, &b);
    check_xy("front FL", a, 10 - 1.5 * W, 20);
    check_xy("front FR", b, 10 + 1.5 * W, 20);
    check_quad("box", &fp.box, vl_v2(10 - 1.5 * W, 20), vl_v2(10 + 1.5 * W, 20), vl_v2(10 + 1.5 * W, 20 - D),
               vl_v2(10 - 1.5 * W, 20 - D));
    /* The gap is not part of the footprint. */
    ck_assert_near(vl_footprint_area(&fp), 2 * W * D, 1e-12);

    /* Facing 90: local (s, t) -> (10 + t, 20 - s); the gap runs along y. */
    fp = make(VL_CAVALRY, VL_FORM_SKIRMISH, 10, 20, 90);
    check_quad("90 base 0", &fp.bases[0], vl_v2(10, 20 + 1.5 * W), vl_v2(10, 20 + 0.5 * W),
               vl_v2(10 - D, 20 + 0.5 * W), vl_v2(10 - D, 20 + 1.5 * W));
    check_quad("90 base 1", &fp.bases[1], vl_v2(10, 20 - 0.5 * W), vl_v2(10, 20 - 1.5 * W),
               vl_v2(10 - D, 20 - 1.5 * W), vl_v2(10 - D, 20 - 0.5 * W));
    ck_assert_near(vl_v2_dist(fp.bases[0].p[1], fp.bases[1].p[0]), W, 1e-12);
}
END_TEST

START_TEST(gor_form_3_column_facing_0_and_180_in_numbers)
{
    /* Facing 0 at (10, 20): base i centre a - f*(D/2 + i D). */
    VlFootprint fp = make(VL_INFANTRY, VL_FORM_COLUMN, 10, 20, 0);
    check_quad("base 0", &fp.bases[0], vl_v2(10 - W / 2, 20), vl_v2(10 + W / 2, 20), vl_v2(10 + W / 2, 20 - D),
               vl_v2(10 - W / 2, 20 - D));
    check_quad("base 1", &fp.bases[1], vl_v2(10 - W / 2, 20 - D), vl_v2(10 + W / 2, 20 - D),
               vl_v2(10 + W / 2, 20 - 2 * D), vl_v2(10 - W / 2, 20 - 2 * D));
    check_quad("box", &fp.box, vl_v2(10 - W / 2, 20), vl_v2(10 + W / 2, 20), vl_v2(10 + W / 2, 20 - 2 * D),
               vl_v2(10 - W / 2, 20 - 2 * D));
    /* Front face: base 0's front edge. */
    VlVec2 a, b;
    vl_footprint_face(&fp, VL_FACE_FRONT, &a, &b);
    check_xy("front FL", a, 10 - W / 2, 20);
    check_xy("front FR", b, 10 + W / 2, 20);
    ck_assert_near(vl_footprint_area(&fp), 2 * W * D, 1e-12);

    /* Facing 180: f = (0,-1), r = (-1,0): local (s, t) -> (10 - s, 20 - t). */
    fp = make(VL_INFANTRY, VL_FORM_COLUMN, 10, 20, 180);
    check_quad("180 base 0", &fp.bases[0], vl_v2(10 + W / 2, 20), vl_v2(10 - W / 2, 20), vl_v2(10 - W / 2, 20 + D),
               vl_v2(10 + W / 2, 20 + D));
    check_quad("180 base 1", &fp.bases[1], vl_v2(10 + W / 2, 20 + D), vl_v2(10 - W / 2, 20 + D),
               vl_v2(10 - W / 2, 20 + 2 * D), vl_v2(10 + W / 2, 20 + 2 * D));
}
END_TEST

START_TEST(gor_form_4_square_rear_base_faces_rearwards)
{
    /* Facing 0 at (10, 20): base 0 centre a - f*(D/2) facing f; base 1 centre a - f*(3D/2) facing -f, so
     * its front-left corner is on the unit's rear edge, on the unit's right (+r) side. */
    VlFootprint fp = make(VL_INFANTRY, VL_FORM_SQUARE, 10, 20, 0);
    ck_assert_int_eq(fp.nbases, 2);
    ck_assert(fp.square);
    check_quad("base 0", &fp.bases[0], vl_v2(10 - W / 2, 20), vl_v2(10 + W / 2, 20), vl_v2(10 + W / 2, 20 - D),
               vl_v2(10 - W / 2, 20 - D));
    check_quad("base 1", &fp.bases[1], vl_v2(10 + W / 2, 20 - 2 * D), vl_v2(10 - W / 2, 20 - 2 * D),
               vl_v2(10 - W / 2, 20 - D), vl_v2(10 + W / 2, 20 - D));
    check_quad("box", &fp.box, vl_v2(10 - W / 2, 20), vl_v2(10 + W / 2, 20), vl_v2(10 + W / 2, 20 - 2 * D),
               vl_v2(10 - W / 2, 20 - 2 * D));
    ck_assert_near(vl_footprint_area(&fp), 2 * W * D, 1e-12);

    /* Facing 90: local (s, t) -> (10 + t, 20 - s). Base 1: FL local (W/2, -2D) -> (10 - 2D, 20 - W/2). */
    fp = make(VL_CAVALRY, VL_FORM_SQUARE, 10, 20, 90);
    check_quad("90 base 1", &fp.bases[1], vl_v2(10 - 2 * D, 20 - W / 2), vl_v2(10 - 2 * D, 20 + W / 2),
               vl_v2(10 - D, 20 + W / 2), vl_v2(10 - D, 20 - W / 2));
}
END_TEST

START_TEST(gor_form_4_only_a_square_has_no_flanks)
{
    ck_assert(make(VL_INFANTRY, VL_FORM_SQUARE, 10, 10, 37.5).square);
    ck_assert(make(VL_CAVALRY, VL_FORM_SQUARE, 10, 10, 300).square);
    ck_assert(!make(VL_INFANTRY, VL_FORM_LINE, 10, 10, 0).square);
    ck_assert(!make(VL_INFANTRY, VL_FORM_SKIRMISH, 10, 10, 0).square);
    ck_assert(!make(VL_INFANTRY, VL_FORM_COLUMN, 10, 10, 0).square);
    ck_assert(!make(VL_ARTILLERY, VL_FORM_UNLIMBERED, 10, 10, 0).square);
    ck_assert(!make(VL_ARTILLERY, VL_FORM_LIMBERED, 10, 10, 0).square);
    ck_assert(!make(VL_GENERAL, VL_FORM_NONE, 10, 10, 0).square);
}
END_TEST

START_TEST(gor_form_5_artillery_unlimbered_and_limbered_in_numbers)
{
    /* Unlimbered facing 0 at (10, 20): base i spans x in [10 + (i-2) AW, 10 + (i-1) AW], y in [20 - D, 20]. */
    VlFootprint fp = make(VL_ARTILLERY, VL_FORM_UNLIMBERED, 10, 20, 0);
    ck_assert_int_eq(fp.nbases, 4);
    for (int i = 0; i < 4; i++) {
        char buf[32];
        snprintf(buf, sizeof buf, "unlimbered base %d", i);
        double x0 = 10 + (i - 2) * AW, x1 = 10 + (i - 1) * AW;
        check_quad(buf, &fp.bases[i], vl_v2(x0, 20), vl_v2(x1, 20), vl_v2(x1, 20 - D), vl_v2(x0, 20 - D));
    }
    check_quad("unlimbered box", &fp.box, vl_v2(10 - 2 * AW, 20), vl_v2(10 + 2 * AW, 20), vl_v2(10 + 2 * AW, 20 - D),
               vl_v2(10 - 2 * AW, 20 - D));
    ck_assert_near(vl_footprint_area(&fp), 4 * AW * D, 1e-12);

    /* Limbered facing 90 at (10, 20): local (s, t) -> (10 + t, 20 - s); base i t in [-(i+1)D, -iD]. */
    fp = make(VL_ARTILLERY, VL_FORM_LIMBERED, 10, 20, 90);
    for (int i = 0; i < 4; i++) {
        char buf[32];
        snprintf(buf, sizeof buf, "limbered base %d", i);
        check_quad(buf, &fp.bases[i], vl_v2(10 - i * D, 20 + AW / 2), vl_v2(10 - i * D, 20 - AW / 2),
                   vl_v2(10 - (i + 1) * D, 20 - AW / 2), vl_v2(10 - (i + 1) * D, 20 + AW / 2));
    }
    check_quad("limbered box", &fp.box, vl_v2(10, 20 + AW / 2), vl_v2(10, 20 - AW / 2), vl_v2(10 - 4 * D, 20 - AW / 2),
               vl_v2(10 - 4 * D, 20 + AW / 2));
    VlVec2 a, b;
    vl_footprint_face(&fp, VL_FACE_FRONT, &a, &b);
    check_xy("limbered front FL", a, 10, 20 + AW / 2);
    check_xy("limbered front FR", b, 10, 20 - AW / 2);
    ck_assert_near(vl_footprint_area(&fp), 4 * AW * D, 1e-12);
}
END_TEST

START_TEST(general_single_base_in_numbers)
{
    VlFootprint fp = make(VL_GENERAL, VL_FORM_NONE, 10, 20, 0);
    ck_assert_int_eq(fp.nbases, 1);
    check_quad("facing 0", &fp.bases[0], vl_v2(10 - G / 2, 20), vl_v2(10 + G / 2, 20), vl_v2(10 + G / 2, 20 - G),
               vl_v2(10 - G / 2, 20 - G));
    check_quad("facing 0 box", &fp.box, vl_v2(10 - G / 2, 20), vl_v2(10 + G / 2, 20), vl_v2(10 + G / 2, 20 - G),
               vl_v2(10 - G / 2, 20 - G));
    ck_assert_near(vl_footprint_area(&fp), G * G, 1e-12);
    fp = make(VL_GENERAL, VL_FORM_NONE, 10, 20, 180);
    check_quad("facing 180", &fp.bases[0], vl_v2(10 + G / 2, 20), vl_v2(10 - G / 2, 20), vl_v2(10 - G / 2, 20 + G),
               vl_v2(10 + G / 2, 20 + G));
}
END_TEST

/* ---- Every formation for every default base at facings 0, 90, 37.5 and 300 ----
 * Hand layout from the docs/geometry.md table, in the unit's frame (s along r, t along f). */

typedef struct LocRect {
    double s0, s1, t0, t1; /* the base covers s in [s0, s1], t in [t0, t1] */
    bool back;             /* faces -f (the square's rear base) */
} LocRect;

typedef struct Case {
    VlUnitType type;
    VlFormation form;
    VlBaseSpec spec; /* count 0: the default for the type */
} Case;

static const Case cases[] = {
    {VL_INFANTRY, VL_FORM_LINE, {0}},          {VL_INFANTRY, VL_FORM_SKIRMISH, {0}},
    {VL_INFANTRY, VL_FORM_COLUMN, {0}},        {VL_INFANTRY, VL_FORM_SQUARE, {0}},
    {VL_CAVALRY, VL_FORM_LINE, {0}},           {VL_CAVALRY, VL_FORM_SKIRMISH, {0}},
    {VL_CAVALRY, VL_FORM_COLUMN, {0}},         {VL_CAVALRY, VL_FORM_SQUARE, {0}},
    {VL_ARTILLERY, VL_FORM_UNLIMBERED, {0}},   {VL_ARTILLERY, VL_FORM_LIMBERED, {0}},
    {VL_ARTILLERY, VL_FORM_LINE, {0}},         {VL_ARTILLERY, VL_FORM_COLUMN, {0}},
    {VL_ARTILLERY, VL_FORM_SKIRMISH, {0}},     {VL_GENERAL, VL_FORM_NONE, {0}},
    {VL_GENERAL, VL_FORM_LINE, {0}},           {VL_INFANTRY, VL_FORM_LINE, {3, 2.0, 1.25}},
    {VL_INFANTRY, VL_FORM_SKIRMISH, {3, 2.0, 1.25}}, {VL_INFANTRY, VL_FORM_COLUMN, {3, 2.0, 1.25}},
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))
static const double facings[] = {0, 90, 37.5, 300};
#define NFACINGS 4

/* Bases and box in the unit's frame; returns the base count. */
static int hand_layout(VlFormation form, int n, double w, double d, LocRect *b, LocRect *box)
{
    switch (form) {
    case VL_FORM_SKIRMISH: /* centre s = (i - (n-1)/2) * 2w */
        for (int i = 0; i < n; i++) {
            double c = (i - (n - 1) / 2.0) * 2 * w;
            b[i] = (LocRect){c - w / 2, c + w / 2, -d, 0, false};
        }
        *box = (LocRect){-((n - 1) * w + w / 2), (n - 1) * w + w / 2, -d, 0, false};
        return n;
    case VL_FORM_COLUMN:
    case VL_FORM_LIMBERED: /* centre t = -(d/2 + i d) */
        for (int i = 0; i < n; i++)
            b[i] = (LocRect){-w / 2, w / 2, -(i + 1) * d, -i * d, false};
        *box = (LocRect){-w / 2, w / 2, -n * d, 0, false};
        return n;
    case VL_FORM_SQUARE:
        b[0] = (LocRect){-w / 2, w / 2, -d, 0, false};
        b[1] = (LocRect){-w / 2, w / 2, -2 * d, -d, true};
        *box = (LocRect){-w / 2, w / 2, -2 * d, 0, false};
        return 2;
    default: /* line, unlimbered, general: centre s = (i - (n-1)/2) w */
        for (int i = 0; i < n; i++)
            b[i] = (LocRect){(i - n / 2.0) * w, (i - n / 2.0 + 1) * w, -d, 0, false};
        *box = (LocRect){-n * w / 2, n * w / 2, -d, 0, false};
        return n;
    }
}

/* Corners FL, FR, RR, RL of a local rectangle in table coordinates. */
static void world_corners(VlVec2 a, double deg, LocRect q, VlVec2 out[4])
{
    if (!q.back) {
        out[0] = local_pt(a, deg, q.s0, q.t1);
        out[1] = local_pt(a, deg, q.s1, q.t1);
        out[2] = local_pt(a, deg, q.s1, q.t0);
        out[3] = local_pt(a, deg, q.s0, q.t0);
    } else { /* seen facing -f: its front is at t0 and its left is +r */
        out[0] = local_pt(a, deg, q.s1, q.t0);
        out[1] = local_pt(a, deg, q.s0, q.t0);
        out[2] = local_pt(a, deg, q.s0, q.t1);
        out[3] = local_pt(a, deg, q.s1, q.t1);
    }
}

START_TEST(gor_form_every_formation_base_corners_box_faces_area)
{
    const Case *c = &cases[_i / NFACINGS];
    double deg = facings[_i % NFACINGS];
    VlBaseSpec spec = c->spec.count ? c->spec : vl_base_spec_default(c->type);
    VlVec2 a = vl_v2(30.25, 20.5);
    VlFootprint fp;
    vl_footprint_build(&fp, (VlPose){a, deg}, c->form, spec);

    LocRect b[VL_MAX_BASES], box;
    int n = hand_layout(c->form, c->form == VL_FORM_SQUARE ? 2 : spec.count, spec.width, spec.depth, b, &box);
    char what[160];
    snprintf(what, sizeof what, "%s %s (%d x %g x %g) facing %g", vl_unit_type_name(c->type),
             vl_formation_name(c->form), spec.count, spec.width, spec.depth, deg);
    ck_assert_msg(fp.nbases == n, "%s: %d bases, expected %d", what, fp.nbases, n);
    for (int i = 0; i < n; i++) {
        VlVec2 q[4];
        world_corners(a, deg, b[i], q);
        char buf[200];
        snprintf(buf, sizeof buf, "%s base %d", what, i);
        check_quad(buf, &fp.bases[i], q[0], q[1], q[2], q[3]);
    }
    VlVec2 bx[4];
    world_corners(a, deg, box, bx);
    snprintf(what + strlen(what), sizeof what - strlen(what), " box");
    check_quad(what, &fp.box, bx[0], bx[1], bx[2], bx[3]);

    /* Faces: front FL -> FR (ordered); right flank FR-RR, rear RR-RL, left flank RL-FL. */
    VlVec2 p, q;
    vl_footprint_face(&fp, VL_FACE_FRONT, &p, &q);
    check_pt("front face start (FL)", p, bx[0]);
    check_pt("front face end (FR)", q, bx[1]);
    vl_footprint_face(&fp, VL_FACE_RIGHT, &p, &q);
    check_segment_unordered("right flank", p, q, bx[1], bx[2]);
    vl_footprint_face(&fp, VL_FACE_REAR, &p, &q);
    check_segment_unordered("rear", p, q, bx[2], bx[3]);
    vl_footprint_face(&fp, VL_FACE_LEFT, &p, &q);
    check_segment_unordered("left flank", p, q, bx[3], bx[0]);
    /* The anchor is the midpoint of the front face. */
    vl_footprint_face(&fp, VL_FACE_FRONT, &p, &q);
    check_pt("anchor = mid front", vl_v2((p.x + q.x) / 2, (p.y + q.y) / 2), a);

    /* Area: n bases of w x d; skirmish gaps are not counted. */
    ck_assert_near(vl_footprint_area(&fp), n * spec.width * spec.depth, 1e-9);
    ck_assert_msg(fp.square == (c->form == VL_FORM_SQUARE), "%s: square flag", what);
    check_pt("fp.fwd", fp.fwd, fwd_of(deg));
    check_pt("fp.right", fp.right, right_of(deg));
}
END_TEST

/* ====================================================================================================
 * Distance and overlap
 * ==================================================================================================== */

START_TEST(distance_side_by_side_lines_touch_exactly_zero)
{
    /* A spans x in [20-W, 20+W]; B at 20+2W spans [20+W, 20+3W]: they share the edge x = 20+W. */
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlFootprint b = make(VL_INFANTRY, VL_FORM_LINE, 20 + 2 * W, 10, 0);
    VlFootprint c = make(VL_INFANTRY, VL_FORM_LINE, 20 - 2 * W, 10, 0);
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
    ck_assert(vl_footprint_distance(&b, &a) == 0.0);
    ck_assert(vl_footprint_distance(&a, &c) == 0.0);
    ck_assert_near(vl_footprint_overlap_area(&a, &b), 0, 1e-12);
    /* Side by side at 90 degrees (exact vectors). */
    a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 90);
    b = make(VL_INFANTRY, VL_FORM_LINE, 20, 10 - 2 * W, 90);
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
}
END_TEST

START_TEST(distance_rear_to_front_touch_is_zero)
{
    /* B's front face on A's rear edge y = 10 - D. */
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlFootprint b = make(VL_INFANTRY, VL_FORM_LINE, 20, 10 - D, 0);
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
    ck_assert_near(vl_footprint_overlap_area(&a, &b), 0, 1e-12);
    b = make(VL_INFANTRY, VL_FORM_COLUMN, 20 + W, 10 - D, 0); /* half overlapping the rear edge */
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
    b = make(VL_GENERAL, VL_FORM_NONE, 20, 10 - D, 0);
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
}
END_TEST

START_TEST(distance_corner_to_corner_touch_is_zero)
{
    /* B at (20+2W, 10-D): its FL corner (20+W, 10-D) is A's RR corner. */
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlFootprint b = make(VL_INFANTRY, VL_FORM_LINE, 20 + 2 * W, 10 - D, 0);
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
    ck_assert_near(vl_footprint_overlap_area(&a, &b), 0, 1e-12);
    /* B at (20-2W, 10+D): its RR corner (20-W, 10) is A's FL corner. */
    b = make(VL_INFANTRY, VL_FORM_LINE, 20 - 2 * W, 10 + D, 0);
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
    /* A general rotated 45 degrees with its rear-right corner on A's FR corner (20+W, 10):
     * at facing 45 the RR corner is at anchor + (-G/(2 sqrt2), -3G/(2 sqrt2)). */
    double k = sqrt(0.5);
    b = make(VL_GENERAL, VL_FORM_NONE, 20 + W + k * G / 2, 10 + 1.5 * k * G, 45);
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
    ck_assert_near(vl_footprint_overlap_area(&a, &b), 0, 1e-12);
}
END_TEST

START_TEST(distance_rotated_37_5_touching_is_zero)
{
    VlVec2 p = vl_v2(30, 20);
    const double t = 37.5;
    VlFootprint a = make_at(VL_INFANTRY, VL_FORM_LINE, p, t);
    VlFootprint side = make_at(VL_INFANTRY, VL_FORM_LINE, local_pt(p, t, 2 * W, 0), t);
    VlFootprint rear = make_at(VL_INFANTRY, VL_FORM_LINE, local_pt(p, t, 0, -D), t);
    VlFootprint front = make_at(VL_INFANTRY, VL_FORM_LINE, local_pt(p, t, 0.7, 0), t + 180);
    VlFootprint corner = make_at(VL_INFANTRY, VL_FORM_LINE, local_pt(p, t, 2 * W, -D), t);
    VlFootprint col = make_at(VL_INFANTRY, VL_FORM_COLUMN, local_pt(p, t, -W - W / 2, 0.5), t);
    const VlFootprint *all[] = {&side, &rear, &front, &corner, &col};
    for (int i = 0; i < 5; i++) {
        ck_assert_msg(vl_footprint_distance(&a, all[i]) == 0.0, "case %d: %.17g", i,
                      vl_footprint_distance(&a, all[i]));
        ck_assert_msg(vl_footprint_distance(all[i], &a) == 0.0, "case %d reversed", i);
        ck_assert_msg(vl_footprint_overlap_area(&a, all[i]) <= 1e-9, "case %d overlap %.17g", i,
                      vl_footprint_overlap_area(&a, all[i]));
    }
}
END_TEST

START_TEST(distance_parallel_separated)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlFootprint b = make(VL_INFANTRY, VL_FORM_LINE, 20 + 2 * W + 3, 10, 0); /* 3 in to the right */
    ck_assert_near(vl_footprint_distance(&a, &b), 3, TOL);
    b = make(VL_INFANTRY, VL_FORM_LINE, 20, 15, 180); /* facing A, front at y = 15 */
    ck_assert_near(vl_footprint_distance(&a, &b), 5, TOL);
    b = make(VL_INFANTRY, VL_FORM_LINE, 20, 10 - D - 2.5, 0); /* 2.5 behind */
    ck_assert_near(vl_footprint_distance(&a, &b), 2.5, TOL);
    /* Rotated 37.5: 1.5 to the right, and 2.5 ahead. */
    VlVec2 p = vl_v2(30, 20);
    a = make_at(VL_INFANTRY, VL_FORM_LINE, p, 37.5);
    b = make_at(VL_INFANTRY, VL_FORM_LINE, local_pt(p, 37.5, 2 * W + 1.5, 0), 37.5);
    ck_assert_near(vl_footprint_distance(&a, &b), 1.5, TOL);
    b = make_at(VL_INFANTRY, VL_FORM_LINE, local_pt(p, 37.5, 0.3, 2.5 + D), 37.5);
    ck_assert_near(vl_footprint_distance(&a, &b), 2.5, TOL);
}
END_TEST

START_TEST(distance_corner_to_edge_and_corner_to_corner)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    /* General at 45 degrees whose lowest (RR) corner is at (20, 12): 2 in above A's front edge. */
    double k = sqrt(0.5);
    VlFootprint b = make(VL_GENERAL, VL_FORM_NONE, 20 + k * G / 2, 12 + 1.5 * k * G, 45);
    check_xy("RR of the diamond", b.bases[0].p[2], 20, 12);
    ck_assert_near(vl_footprint_distance(&a, &b), 2, TOL);
    /* B's RL corner at A's FR (20+W, 10) + (3, 4): distance 5. */
    b = make(VL_INFANTRY, VL_FORM_LINE, 23 + 2 * W, 14 + D, 0);
    ck_assert_near(vl_footprint_distance(&a, &b), 5, TOL);
    ck_assert_near(vl_footprint_distance(&b, &a), 5, TOL);
    /* An edge of A to a corner of B sideways: general at 45 with its leftmost (RL) corner 1 in right of
     * A's right flank, level with A's middle. RL of a facing-45 general is anchor + (-3G/(2 sqrt2),
     * -G/(2 sqrt2)). */
    b = make(VL_GENERAL, VL_FORM_NONE, 20 + W + 1 + 1.5 * k * G, 10 - D / 2 + 0.5 * k * G, 45);
    check_xy("RL of the diamond", b.bases[0].p[3], 20 + W + 1, 10 - D / 2);
    ck_assert_near(vl_footprint_distance(&a, &b), 1, TOL);
}
END_TEST

START_TEST(gor_form_2_general_in_skirmish_gap_is_not_overlapping)
{
    /* Skirmishers at (40, 10) facing 0: bases x in [40-1.5W, 40-0.5W] and [40+0.5W, 40+1.5W].
     * A general (G = 40 mm wide) centred in the 100 mm gap clears each base by (W - G)/2 = 30 mm. */
    VlFootprint s = make(VL_INFANTRY, VL_FORM_SKIRMISH, 40, 10, 0);
    VlFootprint g = make(VL_GENERAL, VL_FORM_NONE, 40, 10, 0);
    ck_assert_near(vl_footprint_distance(&s, &g), 30.0 / 25.4, TOL);
    ck_assert_near(vl_footprint_distance(&g, &s), 30.0 / 25.4, TOL);
    ck_assert_near(vl_footprint_overlap_area(&s, &g), 0, 1e-12);
    /* 0.25 in right of centre: the right-hand base is now (W - G)/2 - 0.25 away. */
    g = make(VL_GENERAL, VL_FORM_NONE, 40.25, 9.7, 0);
    ck_assert_near(vl_footprint_distance(&s, &g), 30.0 / 25.4 - 0.25, TOL);
    /* Rotated 37.5 likewise: the gap is measured along r. */
    VlVec2 p = vl_v2(50, 30);
    s = make_at(VL_CAVALRY, VL_FORM_SKIRMISH, p, 37.5);
    g = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, 37.5, -0.1, -0.2), 37.5);
    ck_assert_near(vl_footprint_distance(&s, &g), 30.0 / 25.4 - 0.1, TOL);
    ck_assert_near(vl_footprint_overlap_area(&s, &g), 0, 1e-12);
}
END_TEST

START_TEST(distance_overlap_is_zero_and_overlap_area)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    /* B at (21, 9.5): x in [21-W, 21+W], y in [9.5-D, 9.5]; shared (2W - 1) x (D - 0.5). */
    VlFootprint b = make(VL_INFANTRY, VL_FORM_LINE, 21, 9.5, 0);
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
    ck_assert_near(vl_footprint_overlap_area(&a, &b), (2 * W - 1) * (D - 0.5), 1e-9);
    ck_assert_near(vl_footprint_overlap_area(&b, &a), (2 * W - 1) * (D - 0.5), 1e-9);
    /* A general turned 90 degrees lying wholly inside A: x in [20-G, 20], y in [9-G/2, 9+G/2]. */
    b = make(VL_GENERAL, VL_FORM_NONE, 20, 9, 90);
    ck_assert(vl_footprint_distance(&a, &b) == 0.0);
    ck_assert_near(vl_footprint_overlap_area(&a, &b), G * G, 1e-9);
    /* A general at 37.5 inside a 10 x 10 single-base unit: overlap G^2. */
    VlFootprint big;
    vl_footprint_build(&big, (VlPose){{20, 10}, 0}, VL_FORM_LINE, (VlBaseSpec){1, 10, 10});
    b = make(VL_GENERAL, VL_FORM_NONE, 20, 5, 37.5);
    ck_assert_near(vl_footprint_overlap_area(&big, &b), G * G, 1e-9);
    ck_assert(vl_footprint_distance(&big, &b) == 0.0);
    /* Skirmishers over a line at the same anchor: each skirmish base shares 0.5 W x D with the line. */
    VlFootprint s = make(VL_INFANTRY, VL_FORM_SKIRMISH, 20, 10, 0);
    ck_assert_near(vl_footprint_overlap_area(&a, &s), W * D, 1e-9);
    ck_assert(vl_footprint_distance(&a, &s) == 0.0);
    /* Two lines crossed at right angles through their centres: A is 2W x D, C (facing 90, centre
     * (20, 10 - D/2)) is D deep along x and 2W along y: the shared part is D x D. */
    VlFootprint c = make(VL_INFANTRY, VL_FORM_LINE, 20 + D / 2, 10 - D / 2, 90);
    ck_assert_near(vl_footprint_overlap_area(&a, &c), D * D, 1e-9);
}
END_TEST

/* ====================================================================================================
 * Primary zone (JR3-CHG-2): 12 in straight ahead of the front face, as wide as it; closed set
 * ==================================================================================================== */

START_TEST(jr3_chg_2_zone_rectangle_in_numbers)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlQuad z = vl_zone_ahead(&a, VL_PRIMARY_ZONE_DEPTH);
    check_quad("zone", &z, vl_v2(20 - W, 10), vl_v2(20 + W, 10), vl_v2(20 + W, 22), vl_v2(20 - W, 22));
    ck_assert_near(VL_PRIMARY_ZONE_DEPTH, 12.0, 0);
    /* Skirmishers: the zone is as wide as the front face, gaps included (3W). */
    VlFootprint s = make(VL_INFANTRY, VL_FORM_SKIRMISH, 20, 10, 90);
    z = vl_zone_ahead(&s, 12);
    check_quad("skirmish zone", &z, vl_v2(20, 10 + 1.5 * W), vl_v2(20, 10 - 1.5 * W), vl_v2(32, 10 - 1.5 * W),
               vl_v2(32, 10 + 1.5 * W));
}
END_TEST

START_TEST(jr3_chg_2_target_inside_zone)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, 20, 15, 180);
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make(VL_INFANTRY, VL_FORM_LINE, 20 + W + 1, 16, 180); /* partly inside */
    ck_assert(vl_in_primary_zone(&a, &t));
    /* Column facing 180 at (20 - 1.5W + 0.01, 21): x in [20 - 2W + 0.01, 20 - W + 0.01], y in [21, 21 + 2D]:
     * 0.01 in of it reaches over the left side line. */
    t = make(VL_INFANTRY, VL_FORM_COLUMN, 20 - W - W / 2 + 0.01, 21, 180);
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make(VL_INFANTRY, VL_FORM_COLUMN, 20 - W - W / 2 - 0.01, 21, 180); /* 0.01 in clear of it */
    ck_assert(!vl_in_primary_zone(&a, &t));
    /* Skirmishers facing 90 at (20, 20): x in [20 - D, 20], bases y in [20 -/+ 1.5W, 20 -/+ 0.5W]. */
    t = make(VL_INFANTRY, VL_FORM_SKIRMISH, 20, 20, 90);
    ck_assert(vl_in_primary_zone(&a, &t));
}
END_TEST

START_TEST(jr3_chg_2_exactly_on_far_boundary_is_in)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, 20, 22, 180); /* front edge on y = 22 */
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, 20, 22 + G, 0); /* rear edge on y = 22 */
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, 20 + W + G / 2, 22 + G, 0); /* only the corner (20+W, 22) */
    ck_assert(vl_in_primary_zone(&a, &t));
}
END_TEST

START_TEST(jr3_chg_2_hair_beyond_12_in_is_out)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, 20, 22 + HAIR, 180);
    ck_assert(!vl_in_primary_zone(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, 20, 22 + G + HAIR, 0);
    ck_assert(!vl_in_primary_zone(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, 20, 40, 180);
    ck_assert(!vl_in_primary_zone(&a, &t));
}
END_TEST

START_TEST(jr3_chg_2_touching_side_boundary_is_in_hair_outside_is_out)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    /* Right side line x = 20 + W: a general whose left edge is on it. */
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, 20 + W + G / 2, 15, 0);
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, 20 + W + G / 2 + HAIR, 15, 0);
    ck_assert(!vl_in_primary_zone(&a, &t));
    /* Left side line x = 20 - W. */
    t = make(VL_GENERAL, VL_FORM_NONE, 20 - W - G / 2, 15, 0);
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, 20 - W - G / 2 - HAIR, 15, 0);
    ck_assert(!vl_in_primary_zone(&a, &t));
    /* Beside the firer (level with its front face), outside the side line: out. */
    t = make(VL_INFANTRY, VL_FORM_LINE, 20 + 2 * W + HAIR, 10, 0);
    ck_assert(!vl_in_primary_zone(&a, &t));
}
END_TEST

START_TEST(jr3_chg_2_behind_front_face_is_out)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, 20, 10 - D - 1, 0);
    ck_assert(!vl_in_primary_zone(&a, &t));
    t = make(VL_INFANTRY, VL_FORM_LINE, 20, 10 - D, 0); /* right behind, touching A's rear */
    ck_assert(!vl_in_primary_zone(&a, &t));
    /* Skirmishers at (40, 10): a general in the gap with its front a hair behind the front face is
     * out; with its front on the front-face line it is in (closed set). */
    VlFootprint s = make(VL_INFANTRY, VL_FORM_SKIRMISH, 40, 10, 0);
    t = make(VL_GENERAL, VL_FORM_NONE, 40, 10 - HAIR, 0);
    ck_assert(!vl_in_primary_zone(&s, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, 40, 10, 0);
    ck_assert(vl_in_primary_zone(&s, &t));
}
END_TEST

START_TEST(jr3_chg_2_rotated_37_5)
{
    const double th = 37.5;
    VlVec2 p = vl_v2(30, 20);
    VlFootprint a = make_at(VL_INFANTRY, VL_FORM_LINE, p, th);
    /* Far boundary: a general facing back at a + 12 f. */
    VlFootprint t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, 0, 12), th + 180);
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, 0, 12 + HAIR), th + 180);
    ck_assert(!vl_in_primary_zone(&a, &t));
    /* Side line s = W: a general facing th with its left edge on it. */
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, W + G / 2, 5), th);
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, W + G / 2 + HAIR, 5), th);
    ck_assert(!vl_in_primary_zone(&a, &t));
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, -W - G / 2, 5), th);
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, -W - G / 2 - HAIR, 5), th);
    ck_assert(!vl_in_primary_zone(&a, &t));
    /* Inside, and behind. */
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, 0.5, 6), th + 90);
    ck_assert(vl_in_primary_zone(&a, &t));
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, 0, -D - 1), th);
    ck_assert(!vl_in_primary_zone(&a, &t));
    /* Zone corners. */
    VlQuad z = vl_zone_ahead(&a, 12);
    check_quad("rotated zone", &z, local_pt(p, th, -W, 0), local_pt(p, th, W, 0), local_pt(p, th, W, 12),
               local_pt(p, th, -W, 12));
}
END_TEST

/* ====================================================================================================
 * Artillery arc (GOR-ART-1): ahead of the front face, between rays turned 45 degrees outward
 * ==================================================================================================== */

/* Battery at (40, 10) facing 0: front face x in [40 - 2AW, 40 + 2AW] at y = 10. The right ray runs from
 * (xR, 10) along (1, 1); inside it means x - xR <= y - 10. The left ray mirrors it. */
#define XL (40 - 2 * AW)
#define XR (40 + 2 * AW)

START_TEST(gor_art_1_target_on_45_degree_ray_is_in)
{
    VlFootprint a = make(VL_ARTILLERY, VL_FORM_UNLIMBERED, 40, 10, 0);
    /* General whose FL corner (xR + 5, 15) is on the right ray; the rest of it lies outside. */
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, XR + 5 + G / 2, 15, 0);
    check_xy("corner on the ray", t.bases[0].p[0], XR + 5, 15);
    ck_assert(vl_in_artillery_arc(&a, &t));
    /* Mirror: FR corner (xL - 5, 15) on the left ray. */
    t = make(VL_GENERAL, VL_FORM_NONE, XL - 5 - G / 2, 15, 0);
    ck_assert(vl_in_artillery_arc(&a, &t));
}
END_TEST

START_TEST(gor_art_1_hair_outside_the_ray_is_out)
{
    VlFootprint a = make(VL_ARTILLERY, VL_FORM_UNLIMBERED, 40, 10, 0);
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, XR + 5 + G / 2 + HAIR, 15, 0);
    ck_assert(!vl_in_artillery_arc(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, XL - 5 - G / 2 - HAIR, 15, 0);
    ck_assert(!vl_in_artillery_arc(&a, &t));
    /* Level with the face, well to the side: out. */
    t = make(VL_GENERAL, VL_FORM_NONE, XR + 3, 11, 0);
    ck_assert(!vl_in_artillery_arc(&a, &t));
}
END_TEST

START_TEST(gor_art_1_arc_is_unbounded_ahead)
{
    VlFootprint a = make(VL_ARTILLERY, VL_FORM_UNLIMBERED, 40, 10, 0);
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, 40, 1000, 180);
    ck_assert(vl_in_artillery_arc(&a, &t));
    /* Far out towards the right ray: its rear-left corner (540 - G/2, 510 - G) has x - xR = 500 - 2AW - G/2
     * <= y - 10 = 500 - G. */
    t = make(VL_GENERAL, VL_FORM_NONE, 540, 510, 0);
    ck_assert(vl_in_artillery_arc(&a, &t));
    /* Inside the arc but outside the front face's own width. */
    t = make(VL_GENERAL, VL_FORM_NONE, XR + 3, 20, 0);
    ck_assert(vl_in_artillery_arc(&a, &t));
    ck_assert(!vl_in_primary_zone(&a, &t));
}
END_TEST

START_TEST(gor_art_1_behind_is_out)
{
    VlFootprint a = make(VL_ARTILLERY, VL_FORM_UNLIMBERED, 40, 10, 0);
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, 40, 5, 0);
    ck_assert(!vl_in_artillery_arc(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, 10, 9, 0);
    ck_assert(!vl_in_artillery_arc(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, 40, 10 - HAIR, 0); /* front a hair behind the face line */
    ck_assert(!vl_in_artillery_arc(&a, &t));
}
END_TEST

START_TEST(gor_art_1_point_touching_at_the_face_end_is_in)
{
    /* General whose FL corner is the battery's FR corner (xR, 10); its body lies right of and behind it,
     * so that single point is all it shares with the arc. */
    VlFootprint a = make(VL_ARTILLERY, VL_FORM_UNLIMBERED, 40, 10, 0);
    VlFootprint t = make(VL_GENERAL, VL_FORM_NONE, XR + G / 2, 10, 0);
    ck_assert(vl_in_artillery_arc(&a, &t));
    t = make(VL_GENERAL, VL_FORM_NONE, XR + G / 2 + HAIR, 10, 0);
    ck_assert(!vl_in_artillery_arc(&a, &t));
    /* Left end likewise: FR corner on (xL, 10). */
    t = make(VL_GENERAL, VL_FORM_NONE, XL - G / 2, 10, 0);
    ck_assert(vl_in_artillery_arc(&a, &t));
}
END_TEST

START_TEST(gor_art_1_rotated_37_5)
{
    const double th = 37.5;
    VlVec2 p = vl_v2(40, 20);
    VlFootprint a = make_at(VL_ARTILLERY, VL_FORM_UNLIMBERED, p, th);
    /* Right ray from FR = (s, t) = (2AW, 0) along (1, 1)/sqrt2 in the unit's frame: a general with its
     * FL corner at (2AW + 5, 5) and its body at s >= 2AW + 5, t <= 5 touches it at that corner. */
    VlFootprint t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, 2 * AW + 5 + G / 2, 5), th);
    ck_assert(vl_in_artillery_arc(&a, &t));
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, 2 * AW + 5 + G / 2 + HAIR, 5), th);
    ck_assert(!vl_in_artillery_arc(&a, &t));
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, -2 * AW - 5 - G / 2, 5), th);
    ck_assert(vl_in_artillery_arc(&a, &t));
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, -2 * AW - 5 - G / 2 - HAIR, 5), th);
    ck_assert(!vl_in_artillery_arc(&a, &t));
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, 0, -5), th);
    ck_assert(!vl_in_artillery_arc(&a, &t));
}
END_TEST

/* ====================================================================================================
 * Fire corridor (GOR-FIRE-1) and exposure
 * ==================================================================================================== */

START_TEST(gor_fire_1_weapon_ranges)
{
    ck_assert_near(vl_weapon_max_range(VL_RIFLED), 18, 0);
    ck_assert_near(vl_weapon_max_range(VL_SMOOTHBORE), 6, 0);
    ck_assert_near(vl_weapon_max_range(VL_CARBINE), 12, 0);
    ck_assert_near(vl_weapon_max_range(VL_BREECHLOADER), 24, 0);
    ck_assert_near(vl_weapon_max_range(VL_WEAPON_NONE), 0, 0);
}
END_TEST

/* Firer: infantry line at (20, 10) facing 0. Corridor x in [20 - W, 20 + W], y in [10, 10 + range]. */
static double exposure_of(const VlFootprint *from, double range, const VlFootprint *t, bool *in)
{
    double e = -1;
    *in = vl_fire_corridor(from, range, t, &e);
    return e;
}

START_TEST(gor_fire_1_full_exposure_squarely_ahead)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    VlFootprint t = make(VL_INFANTRY, VL_FORM_LINE, 20, 20, 180);
    bool in;
    double e = exposure_of(&a, vl_weapon_max_range(VL_RIFLED), &t, &in);
    ck_assert(in);
    ck_assert_near(e, 2 * W, TOL);
    /* A target reaching past the far end (y in [27, 27 + D], corridor to 28): still the full width. */
    t = make(VL_INFANTRY, VL_FORM_LINE, 20, 27, 180);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert(in);
    ck_assert_near(e, 2 * W, TOL);
}
END_TEST

START_TEST(gor_fire_1_partial_exposure_when_offset)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    bool in;
    /* Target x in [21 - W, 21 + W]: shared with [20 - W, 20 + W] is 2W - 1. */
    VlFootprint t = make(VL_INFANTRY, VL_FORM_LINE, 21, 20, 180);
    double e = exposure_of(&a, 18, &t, &in);
    ck_assert(in);
    ck_assert_near(e, 2 * W - 1, TOL);
    /* Target x in [20, 20 + 2W]: shared W. */
    t = make(VL_INFANTRY, VL_FORM_LINE, 20 + W, 20, 180);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert_near(e, W, TOL);
    /* Touching the side line only: in, exposure 0. */
    t = make(VL_INFANTRY, VL_FORM_LINE, 20 + 2 * W, 20, 0);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert(in);
    ck_assert_near(e, 0, TOL);
    /* A general turned 45 degrees wholly inside: its shadow on r is G (cos 45 + sin 45) = G sqrt2. */
    t = make(VL_GENERAL, VL_FORM_NONE, 20, 20, 45);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert(in);
    ck_assert_near(e, G * sqrt(2.0), TOL);
}
END_TEST

START_TEST(gor_fire_1_skirmish_gap_on_corridor_edge_does_not_count)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    bool in;
    /* Skirmishers facing 180 at ax = 20 + W - 0.3: bases [ax - 1.5W, ax - 0.5W] (inside the corridor) and
     * [ax + 0.5W, ax + 1.5W] (outside); the gap [ax - 0.5W, ax + 0.5W] straddles the edge x = 20 + W.
     * Exposure is the inside base only: W (counting the gap would give 1.5W + 0.3). */
    VlFootprint t = make(VL_INFANTRY, VL_FORM_SKIRMISH, 20 + W - 0.3, 20, 180);
    double e = exposure_of(&a, 18, &t, &in);
    ck_assert(in);
    ck_assert_near(e, W, TOL);
    /* Centred skirmishers: 0.5W of each base is inside, the gap W in the middle does not count. */
    t = make(VL_INFANTRY, VL_FORM_SKIRMISH, 20, 20, 180);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert_near(e, W, TOL);
    /* ax = 20 + 1.5W - 0.01: base 0 = [20 + 2W - 0.01, ...] is wholly right of the corridor, base 1 =
     * [20 - 0.01, 20 + W - 0.01] wholly inside, the gap [20 + W - 0.01, 20 + 2W - 0.01] on the edge: W. */
    t = make(VL_INFANTRY, VL_FORM_SKIRMISH, 20 + 1.5 * W - 0.01, 20, 180);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert_near(e, W, TOL);
    /* A corridor wholly inside a gap: skirmishers of 2 bases 1 x 1 in at (50, 15) facing 180 have bases
     * x in [48.5, 49.5] and [50.5, 51.5]; a firer 0.8 in wide at x = 50 has the corridor [49.6, 50.4]. */
    VlFootprint narrow;
    vl_footprint_build(&narrow, (VlPose){{50, 10}, 0}, VL_FORM_LINE, (VlBaseSpec){1, 0.8, 1});
    VlFootprint sk;
    vl_footprint_build(&sk, (VlPose){{50, 15}, 180}, VL_FORM_SKIRMISH, (VlBaseSpec){2, 1, 1});
    e = exposure_of(&narrow, 18, &sk, &in);
    ck_assert(!in);
    ck_assert_near(e, 0, 0);
}
END_TEST

START_TEST(gor_fire_1_column_end_on_exposure_is_column_width)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    bool in;
    VlFootprint t = make(VL_INFANTRY, VL_FORM_COLUMN, 20, 15, 180);
    double e = exposure_of(&a, 18, &t, &in);
    ck_assert(in);
    ck_assert_near(e, W, TOL);
    t = make(VL_INFANTRY, VL_FORM_COLUMN, 20.5, 24, 0);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert_near(e, W, TOL);
    /* Seen side-on (facing 90, x in [20 - D, 20 + D]): exposure 2D. */
    t = make(VL_INFANTRY, VL_FORM_COLUMN, 20 + D, 20, 90);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert_near(e, 2 * D, TOL);
    /* A limbered battery end-on: AW. */
    t = make(VL_ARTILLERY, VL_FORM_LIMBERED, 19, 14, 180);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert_near(e, AW, TOL);
}
END_TEST

START_TEST(gor_fire_1_range_by_weapon_just_beyond_is_out)
{
    static const VlWeapon weapons[] = {VL_RIFLED, VL_SMOOTHBORE, VL_CARBINE, VL_BREECHLOADER};
    static const double ranges[] = {18, 6, 12, 24};
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    for (int k = 0; k < 4; k++) {
        double r = vl_weapon_max_range(weapons[k]);
        ck_assert_near(r, ranges[k], 0);
        bool in;
        /* Target front edge exactly at range: in, full exposure. */
        VlFootprint t = make(VL_INFANTRY, VL_FORM_LINE, 20, 10 + ranges[k], 180);
        double e = exposure_of(&a, r, &t, &in);
        ck_assert_msg(in, "%s at range", vl_weapon_name(weapons[k]));
        ck_assert_near(e, 2 * W, TOL);
        /* Rear edge exactly at range (facing away). */
        t = make(VL_INFANTRY, VL_FORM_LINE, 20, 10 + ranges[k] + D, 0);
        e = exposure_of(&a, r, &t, &in);
        ck_assert_msg(in, "%s rear at range", vl_weapon_name(weapons[k]));
        /* A hair beyond: out, exposure 0. */
        t = make(VL_INFANTRY, VL_FORM_LINE, 20, 10 + ranges[k] + HAIR, 180);
        e = exposure_of(&a, r, &t, &in);
        ck_assert_msg(!in, "%s beyond range", vl_weapon_name(weapons[k]));
        ck_assert_near(e, 0, 0);
    }
}
END_TEST

START_TEST(gor_fire_1_not_in_corridor_gives_zero)
{
    VlFootprint a = make(VL_INFANTRY, VL_FORM_LINE, 20, 10, 0);
    bool in;
    VlFootprint t = make(VL_INFANTRY, VL_FORM_LINE, 20 + 2 * W + 1, 20, 180); /* beside */
    double e = exposure_of(&a, 18, &t, &in);
    ck_assert(!in);
    ck_assert_near(e, 0, 0);
    t = make(VL_INFANTRY, VL_FORM_LINE, 20, 5, 0); /* behind */
    e = exposure_of(&a, 18, &t, &in);
    ck_assert(!in);
    ck_assert_near(e, 0, 0);
}
END_TEST

START_TEST(gor_fire_1_rotated_firer_37_5)
{
    const double th = 37.5;
    VlVec2 p = vl_v2(30, 20);
    VlFootprint a = make_at(VL_INFANTRY, VL_FORM_LINE, p, th);
    bool in;
    VlFootprint t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, 0, 10), th + 180);
    double e = exposure_of(&a, 18, &t, &in);
    ck_assert(in);
    ck_assert_near(e, G, TOL);
    /* Centred on the right edge s = W: half its width is inside. */
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, W, 10), th + 180);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert(in);
    ck_assert_near(e, G / 2, TOL);
    /* At 18 + a hair: out. */
    t = make_at(VL_GENERAL, VL_FORM_NONE, local_pt(p, th, 0, 18 + HAIR), th + 180);
    e = exposure_of(&a, 18, &t, &in);
    ck_assert(!in);
    ck_assert_near(e, 0, 0);
}
END_TEST

/* ====================================================================================================
 * Terrain under a unit
 * ==================================================================================================== */

static int add_poly(VlBattlefield *bf, VlTerrainType type, const VlVec2 *pts, int n)
{
    VlTerrain t = {0};
    snprintf(t.id, sizeof t.id, "t%d", vl_battlefield_terrain_count(bf));
    t.type = type;
    t.level = type == VL_T_HILL ? 1 : 0;
    t.npts = n;
    t.pts = (VlVec2 *)pts;
    int i = vl_battlefield_add_terrain(bf, &t);
    ck_assert_int_ge(i, 0);
    return i;
}

static void add_rect(VlBattlefield *bf, VlTerrainType type, double x0, double y0, double x1, double y1)
{
    VlVec2 p[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    add_poly(bf, type, p, 4);
}

static VlTerrainUnder under(VlBattlefield *bf, VlUnitType type, VlFormation form, VlVec2 a, double facing)
{
    int u = vl_battlefield_add_unit(bf, (VlPose){a, facing}, type, form, VL_RIFLED, vl_base_spec_default(type));
    ck_assert_int_ge(u, 0);
    VlTerrainUnder tu;
    vl_terrain_under(bf, &vl_battlefield_unit(bf, u)->fp, &tu);
    return tu;
}

static void check_under(const VlTerrainUnder *tu, const double want[VL_T_AREAL_COUNT], double open)
{
    for (int t = 0; t < VL_T_AREAL_COUNT; t++)
        ck_assert_msg(fabs(tu->fraction[t] - want[t]) <= 1e-9, "%s: %.17g, expected %.17g",
                      vl_terrain_type_name((VlTerrainType)t), tu->fraction[t], want[t]);
    ck_assert_msg(fabs(tu->open - open) <= 1e-9, "open: %.17g, expected %.17g", tu->open, open);
}

START_TEST(terrain_under_half_in_woods)
{
    /* Unit x in [20 - W, 20 + W], y in [20 - D, 20]; woods x in [10, 20]: half. */
    VlBattlefield *bf = vl_battlefield_create(96, 48);
    add_rect(bf, VL_T_WOODS, 10, 10, 20, 30);
    VlTerrainUnder tu = under(bf, VL_INFANTRY, VL_FORM_LINE, vl_v2(20, 20), 0);
    double want[VL_T_AREAL_COUNT] = {0};
    want[VL_T_WOODS] = 0.5;
    check_under(&tu, want, 0.5);
    vl_battlefield_destroy(bf);
}
END_TEST

START_TEST(terrain_under_overlapping_woods_count_once)
{
    VlBattlefield *bf = vl_battlefield_create(96, 48);
    add_rect(bf, VL_T_WOODS, 10, 10, 20, 30);
    add_rect(bf, VL_T_WOODS, 15, 0, 20, 40);
    add_rect(bf, VL_T_WOODS, 19, 19, 19.5, 19.5);
    add_rect(bf, VL_T_HEAVY_WOODS, 60, 10, 70, 20); /* elsewhere */
    VlTerrainUnder tu = under(bf, VL_INFANTRY, VL_FORM_LINE, vl_v2(20, 20), 0);
    double want[VL_T_AREAL_COUNT] = {0};
    want[VL_T_WOODS] = 0.5;
    check_under(&tu, want, 0.5);
    vl_battlefield_destroy(bf);
}
END_TEST

START_TEST(terrain_under_wooded_hill_union)
{
    /* Woods x in [10, 20] covers x in [20 - W, 20]: 1/2. Hill x in [19, 21] covers 2 of 2W: 1/W.
     * Union x in [20 - W, 21]: (W + 1)/(2W); open (W - 1)/(2W). */
    VlBattlefield *bf = vl_battlefield_create(96, 48);
    add_rect(bf, VL_T_WOODS, 10, 10, 20, 30);
    add_rect(bf, VL_T_HILL, 19, 0, 21, 40);
    VlTerrainUnder tu = under(bf, VL_INFANTRY, VL_FORM_LINE, vl_v2(20, 20), 0);
    double want[VL_T_AREAL_COUNT] = {0};
    want[VL_T_WOODS] = 0.5;
    want[VL_T_HILL] = 1 / W;
    check_under(&tu, want, (W - 1) / (2 * W));
    ck_assert_near(tu.open, 0.37299999999999999822, 1e-9); /* (W - 1)/(2W) = 0.373 */
    vl_battlefield_destroy(bf);
}
END_TEST

START_TEST(terrain_under_concave_l_polygon)
{
    /* L: (0,0) (20,0) (20,19) (40,19) (40,40) (0,40). Unit x in [20 - W, 20 + W], y in [20 - D, 20]:
     * left half wholly covered (W D), right half covered above y = 19 (W x 1). Fraction (D + 1)/(2D). */
    VlBattlefield *bf = vl_battlefield_create(96, 48);
    VlVec2 L[6] = {{0, 0}, {20, 0}, {20, 19}, {40, 19}, {40, 40}, {0, 40}};
    add_poly(bf, VL_T_ROUGH, L, 6);
    VlTerrainUnder tu = under(bf, VL_INFANTRY, VL_FORM_LINE, vl_v2(20, 20), 0);
    double want[VL_T_AREAL_COUNT] = {0};
    want[VL_T_ROUGH] = (D + 1) / (2 * D);
    check_under(&tu, want, 1 - (D + 1) / (2 * D));
    vl_battlefield_destroy(bf);
    /* The same L wound clockwise. */
    bf = vl_battlefield_create(96, 48);
    VlVec2 Lcw[6] = {{0, 40}, {40, 40}, {40, 19}, {20, 19}, {20, 0}, {0, 0}};
    add_poly(bf, VL_T_ROUGH, Lcw, 6);
    tu = under(bf, VL_INFANTRY, VL_FORM_LINE, vl_v2(20, 20), 0);
    check_under(&tu, want, 1 - (D + 1) / (2 * D));
    vl_battlefield_destroy(bf);
}
END_TEST

START_TEST(terrain_under_rotated_unit_37_5)
{
    /* Line at a = (48, 24) facing 37.5 (box 2W x D). Corner heights above a: FL +W sin, FR -W sin,
     * RL +W sin - D cos, RR -W sin - D cos. Woods y >= RL.y holds only the right triangle FL, RL, P with
     * legs |FL RL| = D and |FL P| = D cot 37.5: area D^2 cot/2, fraction D cot 37.5 / (4W). */
    double th = rad(37.5);
    VlVec2 a = vl_v2(48, 24);
    double yc = a.y + W * sin(th) - D * cos(th);
    VlBattlefield *bf = vl_battlefield_create(96, 48);
    add_rect(bf, VL_T_WOODS, 0, yc, 96, 48);
    VlTerrainUnder tu = under(bf, VL_INFANTRY, VL_FORM_LINE, a, 37.5);
    double want[VL_T_AREAL_COUNT] = {0};
    want[VL_T_WOODS] = D / tan(th) / (4 * W);
    check_under(&tu, want, 1 - want[VL_T_WOODS]);
    vl_battlefield_destroy(bf);

    /* A general at 37.5 cut by x >= its centre's x: half, by its point symmetry. Centre a - f G/2. */
    bf = vl_battlefield_create(96, 48);
    VlVec2 c = local_pt(vl_v2(30, 30), 37.5, 0, -G / 2);
    add_rect(bf, VL_T_WATER, c.x, 0, 96, 48);
    tu = under(bf, VL_GENERAL, VL_FORM_NONE, vl_v2(30, 30), 37.5);
    double want2[VL_T_AREAL_COUNT] = {0};
    want2[VL_T_WATER] = 0.5;
    check_under(&tu, want2, 0.5);
    vl_battlefield_destroy(bf);
}
END_TEST

START_TEST(terrain_under_skirmish_gap_is_not_footprint)
{
    /* Skirmishers at (50, 20): bases x in [50 - 1.5W, 50 - 0.5W], [50 + 0.5W, 50 + 1.5W]. */
    VlBattlefield *bf = vl_battlefield_create(96, 48);
    add_rect(bf, VL_T_WOODS, 50 - 0.5 * W, 0, 50 + 0.5 * W, 40); /* exactly the gap */
    VlTerrainUnder tu = under(bf, VL_INFANTRY, VL_FORM_SKIRMISH, vl_v2(50, 20), 0);
    double want[VL_T_AREAL_COUNT] = {0};
    check_under(&tu, want, 1);
    vl_battlefield_destroy(bf);
    /* Woods x in [50 - W, 50 + 0.5W]: half of base 0 (0.5 W D of 2 W D) = 1/4. */
    bf = vl_battlefield_create(96, 48);
    add_rect(bf, VL_T_WOODS, 50 - W, 0, 50 + 0.5 * W, 40);
    tu = under(bf, VL_INFANTRY, VL_FORM_SKIRMISH, vl_v2(50, 20), 0);
    want[VL_T_WOODS] = 0.25;
    check_under(&tu, want, 0.75);
    vl_battlefield_destroy(bf);
}
END_TEST

START_TEST(terrain_under_open_ground_and_full_cover)
{
    VlBattlefield *bf = vl_battlefield_create(96, 48);
    add_rect(bf, VL_T_BUILDING, 70, 30, 90, 45);
    VlTerrainUnder tu = under(bf, VL_ARTILLERY, VL_FORM_UNLIMBERED, vl_v2(20, 20), 300);
    double want[VL_T_AREAL_COUNT] = {0};
    check_under(&tu, want, 1);
    tu = under(bf, VL_ARTILLERY, VL_FORM_LIMBERED, vl_v2(80, 40), 37.5);
    want[VL_T_BUILDING] = 1;
    check_under(&tu, want, 0);
    vl_battlefield_destroy(bf);
}
END_TEST

START_TEST(terrain_under_thin_strips_count)
{
    /* Unit x in [20 - W, 20 + W], y in [20 - D, 20]. A hill strip 0.005 in tall across it covers 0.005 / D;
     * a woods strip 0.005 in wide, full height, covers 0.005 / (2W). */
    VlBattlefield *bf = vl_battlefield_create(96, 48);
    add_rect(bf, VL_T_HILL, 0, 19, 96, 19.005);
    add_rect(bf, VL_T_WOODS, 20, 0, 20.005, 48);
    VlTerrainUnder tu = under(bf, VL_INFANTRY, VL_FORM_LINE, vl_v2(20, 20), 0);
    double want[VL_T_AREAL_COUNT] = {0};
    want[VL_T_HILL] = 0.005 / D;
    want[VL_T_WOODS] = 0.005 / (2 * W);
    /* Union: the strips share a 0.005 x 0.005 square. */
    double both = 0.005 * 0.005 / (2 * W * D);
    check_under(&tu, want, 1 - want[VL_T_HILL] - want[VL_T_WOODS] + both);
    vl_battlefield_destroy(bf);
}
END_TEST

/* ====================================================================================================
 * Polygon tools
 * ==================================================================================================== */

static bool simple(const VlVec2 *p, int n)
{
    char why[256] = "";
    bool ok = vl_poly_is_simple(p, n, why, sizeof why);
    if (!ok)
        ck_assert_msg(why[0] != '\0', "a refusal must say why");
    return ok;
}

START_TEST(poly_is_simple_refuses_bow_tie)
{
    VlVec2 p[4] = {{0, 0}, {2, 2}, {2, 0}, {0, 2}};
    ck_assert(!simple(p, 4));
    VlVec2 q[5] = {{0, 0}, {4, 0}, {4, 4}, {2, -1}, {0, 4}}; /* edge 2-3 crosses edge 0-1 */
    ck_assert(!simple(q, 5));
}
END_TEST

START_TEST(poly_is_simple_refuses_repeated_closing_point)
{
    VlVec2 p[5] = {{0, 0}, {4, 0}, {4, 3}, {0, 3}, {0, 0}};
    char why[256] = "";
    ck_assert(!vl_poly_is_simple(p, 5, why, sizeof why));
    ck_assert_msg(why[0] != '\0', "a refusal must say why");
    VlVec2 q[5] = {{0, 0}, {4, 0}, {4, 0}, {4, 3}, {0, 3}}; /* a doubled point inside */
    ck_assert(!simple(q, 5));
}
END_TEST

START_TEST(poly_is_simple_refuses_collinear_points)
{
    VlVec2 p[3] = {{0, 0}, {1, 0}, {2, 0}};
    ck_assert(!simple(p, 3));
    VlVec2 q[4] = {{0, 0}, {1, 1}, {2, 2}, {3, 3}};
    ck_assert(!simple(q, 4));
    VlVec2 s[4] = {{0, 0}, {4, 0}, {4, 4}, {4, 2}}; /* a spike folding back on itself */
    ck_assert(!simple(s, 4));
}
END_TEST

START_TEST(poly_is_simple_refuses_fewer_than_3_points)
{
    VlVec2 p[2] = {{0, 0}, {1, 0}};
    ck_assert(!simple(p, 2));
    ck_assert(!simple(p, 1));
    ck_assert(!simple(p, 0));
}
END_TEST

START_TEST(poly_is_simple_accepts_concave_and_either_winding)
{
    VlVec2 L[6] = {{0, 0}, {20, 0}, {20, 19}, {40, 19}, {40, 40}, {0, 40}};
    ck_assert(simple(L, 6));
    VlVec2 Lcw[6] = {{0, 40}, {40, 40}, {40, 19}, {20, 19}, {20, 0}, {0, 0}};
    ck_assert(simple(Lcw, 6));
    VlVec2 arrow[7] = {{0, 0}, {3, 1}, {6, 0}, {6, 4}, {3, 2}, {0, 4}, {1, 2}};
    ck_assert(simple(arrow, 7));
    VlVec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    ck_assert(simple(tri, 3));
    ck_assert_near(vl_poly_signed_area(L, 6), 20 * 19 + 40 * 21, 1e-12);
    ck_assert_near(vl_poly_signed_area(Lcw, 6), -(20.0 * 19 + 40 * 21), 1e-12);
}
END_TEST

START_TEST(poly_point_side_inside_on_outside)
{
    VlVec2 L[6] = {{0, 0}, {20, 0}, {20, 19}, {40, 19}, {40, 40}, {0, 40}};
    VlVec2 Lcw[6] = {{0, 40}, {40, 40}, {40, 19}, {20, 19}, {20, 0}, {0, 0}};
    const VlVec2 *polys[2] = {L, Lcw};
    for (int k = 0; k < 2; k++) {
        const VlVec2 *P = polys[k];
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(5, 30)), 1);
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(30, 30)), 1);
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(10, 10)), 1);
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(30, 10)), -1); /* in the notch */
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(50, 50)), -1);
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(-1, 20)), -1);
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(10, 0)), 0);  /* on an edge */
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(20, 10)), 0); /* on the notch's edge */
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(20, 19)), 0); /* the reflex vertex */
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(0, 40)), 0);  /* a convex vertex */
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(10, 1e-10)), 0);
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(10, HAIR)), 1);
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(10, -HAIR)), -1);
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(30, 19 - HAIR)), -1);
        ck_assert_int_eq(vl_poly_point_side(P, 6, vl_v2(30, 19 + HAIR)), 1);
    }
}
END_TEST

static bool in_box(VlVec2 p, double x0, double y0, double x1, double y1)
{
    return p.x >= x0 - TOL && p.x <= x1 + TOL && p.y >= y0 - TOL && p.y <= y1 + TOL;
}

START_TEST(convex_closest_points_lie_on_both_polygons)
{
    VlVec2 pa, pb;
    /* Separated: [0,1]^2 and [3,4] x [0.5,2] are 2 apart; the closest points face each other on x = 1 and
     * x = 3 at one height in [0.5, 1]. */
    VlVec2 a[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, b[4] = {{3, 0.5}, {4, 0.5}, {4, 2}, {3, 2}};
    ck_assert_near(vl_convex_closest(a, 4, b, 4, &pa, &pb), 2, TOL);
    ck_assert_near(vl_convex_distance(a, 4, b, 4), 2, TOL);
    ck_assert_msg(in_box(pa, 1, 0.5, 1, 1) && in_box(pb, 3, 0.5, 3, 1) && fabs(pa.y - pb.y) <= TOL,
                  "closest points (%g, %g) and (%g, %g)", pa.x, pa.y, pb.x, pb.y);
}
END_TEST

START_TEST(convex_closest_points_are_common_when_edges_cross)
{
    VlVec2 pa, pb;
    /* A plus sign: bars [-5,5] x [-1,1] and [-1,1] x [-5,5] cross with no corner of either inside the
     * other. Distance 0, and the "closest points" must be a common point: in [-1,1] x [-1,1]. */
    VlVec2 h[4] = {{-5, -1}, {5, -1}, {5, 1}, {-5, 1}}, v[4] = {{-1, -5}, {1, -5}, {1, 5}, {-1, 5}};
    ck_assert(vl_convex_distance(h, 4, v, 4) == 0.0);
    ck_assert(vl_convex_closest(h, 4, v, 4, &pa, &pb) == 0.0);
    ck_assert_msg(in_box(pa, -1, -1, 1, 1), "pa (%.17g, %.17g) is not in both bars", pa.x, pa.y);
    ck_assert_msg(in_box(pb, -1, -1, 1, 1), "pb (%.17g, %.17g) is not in both bars", pb.x, pb.y);
    /* A segment (a two-point polygon, as the sight code passes a front face) through a rectangle:
     * y = 0, x in [0, 10] across [4, 6] x [-1, 0.5]. Common points: y = 0, x in [4, 6]. */
    VlVec2 seg[2] = {{0, 0}, {10, 0}}, r[4] = {{4, -1}, {6, -1}, {6, 0.5}, {4, 0.5}};
    ck_assert(vl_convex_closest(seg, 2, r, 4, &pa, &pb) == 0.0);
    ck_assert_msg(in_box(pa, 4, 0, 6, 0), "pa (%.17g, %.17g) is not on the segment inside the rectangle", pa.x,
                  pa.y);
    ck_assert_msg(in_box(pb, 4, 0, 6, 0), "pb (%.17g, %.17g) is not on the segment inside the rectangle", pb.x,
                  pb.y);
}
END_TEST

/* GOR-FIRE-3: smoothbore muskets reach short range only (6 in), carbines medium at most (12 in): the
 * corridor ends there. A target 5.9 in ahead is in a smoothbore's corridor, one 6.1 in ahead is not. */
START_TEST(gor_fire_3_smoothbore_6_in_carbine_12_in)
{
    ck_assert_near(vl_weapon_max_range(VL_SMOOTHBORE), 6.0, 0);
    ck_assert_near(vl_weapon_max_range(VL_CARBINE), 12.0, 0);
    ck_assert_near(vl_weapon_max_range(VL_RIFLED), 18.0, 0);
    VlFootprint f, near, far;
    VlBaseSpec inf = vl_base_spec_default(VL_INFANTRY);
    vl_footprint_build(&f, (VlPose){{20, 10}, 0}, VL_FORM_LINE, inf);
    vl_footprint_build(&near, (VlPose){{20, 15.9}, 180}, VL_FORM_LINE, inf); /* front 5.9 in ahead */
    vl_footprint_build(&far, (VlPose){{20, 16.1}, 180}, VL_FORM_LINE, inf);  /* front 6.1 in ahead */
    double e;
    ck_assert(vl_fire_corridor(&f, vl_weapon_max_range(VL_SMOOTHBORE), &near, &e));
    ck_assert(!vl_fire_corridor(&f, vl_weapon_max_range(VL_SMOOTHBORE), &far, &e));
    ck_assert(vl_fire_corridor(&f, vl_weapon_max_range(VL_CARBINE), &far, &e));
}
END_TEST

/* GOR-FIRE-4: breech-loaders fire on the 8/16/24 in table: the corridor is 24 in deep. */
START_TEST(gor_fire_4_breechloader_reaches_24_in)
{
    ck_assert_near(vl_weapon_max_range(VL_BREECHLOADER), 24.0, 0);
    VlFootprint f, t;
    VlBaseSpec inf = vl_base_spec_default(VL_INFANTRY);
    vl_footprint_build(&f, (VlPose){{20, 10}, 0}, VL_FORM_SKIRMISH, inf);
    vl_footprint_build(&t, (VlPose){{20, 33.9}, 180}, VL_FORM_LINE, inf);
    double e;
    ck_assert(vl_fire_corridor(&f, vl_weapon_max_range(VL_BREECHLOADER), &t, &e));
    ck_assert(!vl_fire_corridor(&f, vl_weapon_max_range(VL_RIFLED), &t, &e));
}
END_TEST

/* ====================================================================================================
 * Sweeps: the first touch of a straight move
 * ==================================================================================================== */

/* A 4 x 2 in rectangle in its own frame: front face from (-2, 0) to (2, 0), 2 in deep, corners
 * front-left, front-right, rear-right, rear-left (docs/geometry.md "Bases"). */
static void rect_at(VlVec2 a, double deg, double sx, VlVec2 out[4])
{
    out[0] = local_pt(a, deg, sx - 2, 0);
    out[1] = local_pt(a, deg, sx + 2, 0);
    out[2] = local_pt(a, deg, sx + 2, -2);
    out[3] = local_pt(a, deg, sx - 2, -2);
}

/* The graze a drift candidate makes (D-CHG-2: corners lined up): B stands GAP in ahead of A and one
 * width (4 in) to its right, so A's right flank and B's left flank lie on one line, and A running
 * straight ahead slides along B's flank. docs/geometry.md "Distance" (0 when they touch) with D-GEOM-1
 * (a gap below VL_EPS is contact): they first touch when A's front-right corner reaches B's
 * rear-left corner after exactly GAP in, and part when A's rear passes B's front after GAP + 4 in.
 * Rounding leaves the shared line a few 1e-15 in apart or overlapping, and the motion parallel to
 * it within 1e-15 radians; the sweep must still give the first touch, not a moment inches early
 * (or late) made by dividing those rounding errors. */
START_TEST(sweep_graze_along_a_shared_flank_first_touch_is_exact)
{
    static const double degs[] = {5, 37.5, 123.4, 185, 200, 301.7};
    static const double gaps[] = {0.5, 3.25, 7.07, 11.9};
    const double far = 500; /* the charge search's run length: t = 1 is 500 in */
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 4; j++) {
            double deg = degs[i], gap = gaps[j];
            VlVec2 o = vl_v2(40, 30), a[4], b[4];
            rect_at(o, deg, 0, a);
            rect_at(local_pt(o, deg, 0, gap + 2), deg, 4, b); /* B's rear face gap in ahead of A's front */
            VlVec2 v = vl_v2_scale(fwd_of(deg), far);
            double t0 = NAN, t1 = NAN, u0 = NAN, u1 = NAN;
            VlSweepPrepared pb;
            ck_assert(vl_sweep_prepare(b, 4, &pb));
            bool hit = vl_sweep_translate(a, 4, b, 4, v, &t0, &t1);
            bool hit2 = vl_sweep_translate_prepared(a, 4, &pb, v, &u0, &u1);
            ck_assert_msg(hit && hit2, "facing %g gap %g: no contact (plain %d, prepared %d)", deg, gap, hit, hit2);
            ck_assert_msg(t0 == u0 && t1 == u1, "facing %g gap %g: plain [%.17g, %.17g], prepared [%.17g, %.17g]",
                          deg, gap, t0, t1, u0, u1);
            ck_assert_msg(fabs(t0 * far - gap) <= HAIR && fabs(t1 * far - (gap + 4)) <= HAIR,
                          "facing %g gap %g: contact from %.17g to %.17g in, expected %g to %g", deg, gap, t0 * far,
                          t1 * far, gap, gap + 4);
            VlVec2 m[4];
            for (int k = 0; k < 4; k++)
                m[k] = vl_v2_mad(a[k], v, t0);
            ck_assert_msg(vl_convex_distance(m, 4, b, 4) == 0.0, "facing %g gap %g: %.17g in apart at the contact",
                          deg, gap, vl_convex_distance(m, 4, b, 4));
        }
}
END_TEST

static Suite *geom_suite(void)
{
    Suite *s = suite_create("geom");
    TCase *tc = tcase_create("bases_and_formations");
    tcase_add_test(tc, gor_base_1_default_sizes_in_inches);
    tcase_add_test(tc, gor_base_2_default_base_counts);
    tcase_add_test(tc, facing_0_is_north_and_90_is_east);
    tcase_add_test(tc, facing_360_equals_0_and_minus_90_equals_270);
    tcase_add_test(tc, gor_form_1_line_facing_0_in_numbers);
    tcase_add_test(tc, gor_form_1_line_facing_90_in_numbers);
    tcase_add_test(tc, gor_form_2_skirmish_gap_is_one_base_width);
    tcase_add_test(tc, gor_form_3_column_facing_0_and_180_in_numbers);
    tcase_add_test(tc, gor_form_4_square_rear_base_faces_rearwards);
    tcase_add_test(tc, gor_form_4_only_a_square_has_no_flanks);
    tcase_add_test(tc, gor_form_5_artillery_unlimbered_and_limbered_in_numbers);
    tcase_add_test(tc, general_single_base_in_numbers);
    tcase_add_loop_test(tc, gor_form_every_formation_base_corners_box_faces_area, 0, NCASES * NFACINGS);
    suite_add_tcase(s, tc);

    tc = tcase_create("distance");
    tcase_add_test(tc, distance_side_by_side_lines_touch_exactly_zero);
    tcase_add_test(tc, distance_rear_to_front_touch_is_zero);
    tcase_add_test(tc, distance_corner_to_corner_touch_is_zero);
    tcase_add_test(tc, distance_rotated_37_5_touching_is_zero);
    tcase_add_test(tc, distance_parallel_separated);
    tcase_add_test(tc, distance_corner_to_edge_and_corner_to_corner);
    tcase_add_test(tc, gor_form_2_general_in_skirmish_gap_is_not_overlapping);
    tcase_add_test(tc, distance_overlap_is_zero_and_overlap_area);
    suite_add_tcase(s, tc);

    tc = tcase_create("zones");
    tcase_add_test(tc, jr3_chg_2_zone_rectangle_in_numbers);
    tcase_add_test(tc, jr3_chg_2_target_inside_zone);
    tcase_add_test(tc, jr3_chg_2_exactly_on_far_boundary_is_in);
    tcase_add_test(tc, jr3_chg_2_hair_beyond_12_in_is_out);
    tcase_add_test(tc, jr3_chg_2_touching_side_boundary_is_in_hair_outside_is_out);
    tcase_add_test(tc, jr3_chg_2_behind_front_face_is_out);
    tcase_add_test(tc, jr3_chg_2_rotated_37_5);
    tcase_add_test(tc, gor_art_1_target_on_45_degree_ray_is_in);
    tcase_add_test(tc, gor_art_1_hair_outside_the_ray_is_out);
    tcase_add_test(tc, gor_art_1_arc_is_unbounded_ahead);
    tcase_add_test(tc, gor_art_1_behind_is_out);
    tcase_add_test(tc, gor_art_1_point_touching_at_the_face_end_is_in);
    tcase_add_test(tc, gor_art_1_rotated_37_5);
    suite_add_tcase(s, tc);

    tc = tcase_create("fire_corridor");
    tcase_add_test(tc, gor_fire_1_weapon_ranges);
    tcase_add_test(tc, gor_fire_1_full_exposure_squarely_ahead);
    tcase_add_test(tc, gor_fire_1_partial_exposure_when_offset);
    tcase_add_test(tc, gor_fire_1_skirmish_gap_on_corridor_edge_does_not_count);
    tcase_add_test(tc, gor_fire_1_column_end_on_exposure_is_column_width);
    tcase_add_test(tc, gor_fire_1_range_by_weapon_just_beyond_is_out);
    tcase_add_test(tc, gor_fire_1_not_in_corridor_gives_zero);
    tcase_add_test(tc, gor_fire_1_rotated_firer_37_5);
    suite_add_tcase(s, tc);

    tc = tcase_create("terrain_under");
    tcase_add_test(tc, terrain_under_half_in_woods);
    tcase_add_test(tc, terrain_under_overlapping_woods_count_once);
    tcase_add_test(tc, terrain_under_wooded_hill_union);
    tcase_add_test(tc, terrain_under_concave_l_polygon);
    tcase_add_test(tc, terrain_under_rotated_unit_37_5);
    tcase_add_test(tc, terrain_under_skirmish_gap_is_not_footprint);
    tcase_add_test(tc, terrain_under_open_ground_and_full_cover);
    tcase_add_test(tc, terrain_under_thin_strips_count);
    suite_add_tcase(s, tc);

    tc = tcase_create("sweeps");
    tcase_add_test(tc, sweep_graze_along_a_shared_flank_first_touch_is_exact);
    suite_add_tcase(s, tc);

    tc = tcase_create("polygons");
    tcase_add_test(tc, poly_is_simple_refuses_bow_tie);
    tcase_add_test(tc, poly_is_simple_refuses_repeated_closing_point);
    tcase_add_test(tc, poly_is_simple_refuses_collinear_points);
    tcase_add_test(tc, poly_is_simple_refuses_fewer_than_3_points);
    tcase_add_test(tc, poly_is_simple_accepts_concave_and_either_winding);
    tcase_add_test(tc, poly_point_side_inside_on_outside);
    tcase_add_test(tc, convex_closest_points_lie_on_both_polygons);
    tcase_add_test(tc, convex_closest_points_are_common_when_edges_cross);
    tcase_add_test(tc, gor_fire_3_smoothbore_6_in_carbine_12_in);
    tcase_add_test(tc, gor_fire_4_breechloader_reaches_24_in);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(geom_suite()); }
