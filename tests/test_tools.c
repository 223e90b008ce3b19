/* The measuring tape and line of sight from anywhere (src/geom/measure.c, vl_sight_between in
 * src/geom/sight.c, vl_world_sight_between in src/rules/fire.c): distances against hand-made
 * placements worked out here, the unit-to-unit sight against vl_sight_ruled and the game's own sight
 * on every pair of every shipped scenario, and the point cases by hand (a wood between two points, a
 * point in line with a front face, a point on a hill under REP-601's blind zones). */
#include "testutil.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static VlBattlefield *bf;

static void setup(void) { bf = vl_battlefield_create(96, 48); }
static void teardown(void) { vl_battlefield_destroy(bf); }

/* An infantry line: 2 bases of 100 x 50 mm side by side, front face centred on (x, y). */
#define LINE_W (2 * 100.0 / VL_MM_PER_IN)
#define LINE_D (50.0 / VL_MM_PER_IN)

static int add_line(double x, double y, double facing)
{
    return vl_battlefield_add_unit(bf, (VlPose){{x, y}, facing}, VL_INFANTRY, VL_FORM_LINE, VL_RIFLED,
                                   vl_base_spec_default(VL_INFANTRY));
}

static int add_rect(const char *id, VlTerrainType type, int level, double x0, double y0, double x1, double y1)
{
    VlVec2 pts[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    VlTerrain t = {0};
    snprintf(t.id, sizeof t.id, "%s", id);
    t.type = type;
    t.level = level;
    t.npts = 4;
    t.pts = pts;
    return vl_battlefield_add_terrain(bf, &t);
}

static int add_general(double x, double y, double facing)
{
    return vl_battlefield_add_unit(bf, (VlPose){{x, y}, facing}, VL_GENERAL, VL_FORM_NONE, VL_WEAPON_NONE,
                                   vl_base_spec_default(VL_GENERAL));
}

static VlTableEnd unit_end(int u) { return (VlTableEnd){u, {0, 0}}; }
static VlTableEnd point_end(double x, double y) { return (VlTableEnd){-1, {x, y}}; }

static void assert_point(VlVec2 p, double x, double y)
{
    ck_assert_msg(fabs(p.x - x) < 1e-9 && fabs(p.y - y) < 1e-9, "(%.12g, %.12g) is not (%.12g, %.12g)", p.x, p.y, x, y);
}

/* ---- the tape (vl_measure) ---- */

START_TEST(units_touching_measure_zero)
{
    /* Two lines facing each other, front to front: they touch along the whole face. */
    int a = add_line(20, 10, 0), b = add_line(20, 10, 180);
    VlMeasure m;
    ck_assert(vl_measure(bf, unit_end(a), unit_end(b), &m));
    ck_assert_int_eq(m.kind, VL_MEASURE_UNITS);
    ck_assert(m.distance == 0);
    ck_assert_double_le(vl_v2_dist(m.a, m.b), 1e-9);
}
END_TEST

/* D-FIRE-4: the range is the least distance between the footprints; here corner to corner. */
START_TEST(corner_to_corner_is_the_diagonal)
{
    /* A faces north with its front face on y = 10, x 10 -/+ LINE_W/2; B faces north at (30, 20): its
     * rear edge is on y = 20 - LINE_D, from x = 30 - LINE_W/2. Closest: A's front-right corner and B's
     * rear-left corner. */
    int a = add_line(10, 10, 0), b = add_line(30, 20, 0);
    double ax = 10 + LINE_W / 2, ay = 10, bx = 30 - LINE_W / 2, by = 20 - LINE_D;
    double want = sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
    VlMeasure m;
    ck_assert(vl_measure(bf, unit_end(a), unit_end(b), &m));
    ck_assert_double_eq_tol(m.distance, want, 1e-9);
    ck_assert(m.distance == vl_footprint_distance(&vl_battlefield_unit(bf, a)->fp, &vl_battlefield_unit(bf, b)->fp));
    assert_point(m.a, ax, ay);
    assert_point(m.b, bx, by);
    /* the other way round: the same number, the ends swapped */
    VlMeasure r;
    vl_measure(bf, unit_end(b), unit_end(a), &r);
    ck_assert(r.distance == m.distance);
    assert_point(r.a, bx, by);
    assert_point(r.b, ax, ay);
}
END_TEST

START_TEST(turned_unit_corner_to_edge)
{
    /* B turned 45 degrees from north: its front-left corner points at A's flank. A faces north at (10, 10): its
     * right flank is x = 10 + LINE_W/2 from y = 10 - LINE_D to 10. B's front-left corner sits 3 in east
     * of that flank's middle. */
    int a = add_line(10, 10, 0);
    double fx = 10 + LINE_W / 2 + 3, fy = 10 - LINE_D / 2;
    /* facing 315 (north-west): right = (cos 315, -sin 315) = (c, c) and the rear lies along (c, -c), so
     * the front-left corner is B's westmost point; the anchor is that corner plus half the width along
     * right */
    double c = sqrt(0.5);
    int b = add_line(fx + c * LINE_W / 2, fy + c * LINE_W / 2, 315);
    VlMeasure m;
    vl_measure(bf, unit_end(a), unit_end(b), &m);
    ck_assert_double_eq_tol(m.distance, 3, 1e-9);
    assert_point(m.b, fx, fy);
    assert_point(m.a, 10 + LINE_W / 2, fy);
}
END_TEST

START_TEST(point_inside_a_footprint_measures_zero)
{
    int a = add_line(20, 20, 0);
    VlMeasure m;
    ck_assert(vl_measure(bf, point_end(20, 19), unit_end(a), &m));
    ck_assert_int_eq(m.kind, VL_MEASURE_POINT_UNIT);
    ck_assert(m.distance == 0);
    assert_point(m.a, 20, 19);
    assert_point(m.b, 20, 19);
}
END_TEST

START_TEST(point_to_unit_is_to_the_nearest_base_edge)
{
    int a = add_line(20, 20, 0);
    VlMeasure m;
    /* straight ahead of the front face, 5 in */
    vl_measure(bf, unit_end(a), point_end(18, 25), &m);
    ck_assert_double_eq_tol(m.distance, 5, 1e-12);
    assert_point(m.a, 18, 20);
    assert_point(m.b, 18, 25);
    /* off the rear-left corner, a 3-4-5 triangle */
    double rx = 20 - LINE_W / 2, ry = 20 - LINE_D;
    vl_measure(bf, point_end(rx - 3, ry - 4), unit_end(a), &m);
    ck_assert_double_eq_tol(m.distance, 5, 1e-12);
    assert_point(m.b, rx, ry);
    VlVec2 p[1] = {{rx - 3, ry - 4}};
    ck_assert(m.distance == vl_footprint_distance_to_convex(&vl_battlefield_unit(bf, a)->fp, p, 1));
}
END_TEST

START_TEST(point_to_point_is_straight)
{
    VlMeasure m;
    ck_assert(vl_measure(bf, point_end(1, 2), point_end(4, 6), &m));
    ck_assert_int_eq(m.kind, VL_MEASURE_POINTS);
    ck_assert(m.distance == 5);
    ck_assert(!vl_measure(bf, unit_end(3), point_end(0, 0), &m)); /* no such unit */
}
END_TEST

/* ---- sight from anywhere, by hand ---- */

START_TEST(a_wood_between_two_points_blocks)
{
    int w = add_rect("w", VL_T_WOODS, 0, 20, 20, 24, 28);
    VlSight s;
    vl_sight_between(bf, point_end(10, 24), point_end(40, 24), NULL, NULL, NULL, &s);
    ck_assert(!s.clear);
    ck_assert_int_eq(s.nblockers, 1);
    ck_assert_int_eq(s.blockers[0].kind, VL_OBST_TERRAIN);
    ck_assert_int_eq(s.blockers[0].index, w);
    /* past its corner: clear, and the witness is the segment itself */
    vl_sight_between(bf, point_end(10, 30), point_end(40, 30), NULL, NULL, NULL, &s);
    ck_assert(s.clear);
    assert_point(s.witness[0], 10, 30);
    assert_point(s.witness[1], 40, 30);
    /* grazing its edge is clear (D-GEOM-3) */
    vl_sight_between(bf, point_end(10, 28), point_end(40, 28), NULL, NULL, NULL, &s);
    ck_assert(s.clear);
    /* a point inside the wood sees out of it no more than a unit in it does (D-GEOM-4) */
    vl_sight_between(bf, point_end(22, 24), point_end(40, 40), NULL, NULL, NULL, &s);
    ck_assert(!s.clear);
    /* the same point twice: a sight line of length zero */
    vl_sight_between(bf, point_end(40, 40), point_end(40, 40), NULL, NULL, NULL, &s);
    ck_assert(s.clear);
}
END_TEST

START_TEST(a_point_sees_a_unit_round_a_wood)
{
    /* The wood hides the unit's middle from the point, but not its right end: only a line through
     * the wood's corner and the unit's corner region finds it. */
    add_rect("w", VL_T_WOODS, 0, 20, 18, 24, 24);
    int u = add_line(40, 24, 90); /* faces east: its front face runs north-south on x = 40 */
    VlSight s;
    vl_sight_between(bf, point_end(10, 22), unit_end(u), NULL, NULL, NULL, &s);
    ck_assert(s.clear);
    assert_point(s.witness[0], 10, 22);
    /* the witness ends on the unit and grazes the wood at most */
    const VlFootprint *fp = &vl_battlefield_unit(bf, u)->fp;
    bool on = false;
    for (int b = 0; b < fp->nblocks; b++)
        on |= vl_poly_point_side(fp->blocks[b].p, 4, s.witness[1]) >= 0;
    ck_assert(on);
    VlVec2 wood[4] = {{20, 18}, {24, 18}, {24, 24}, {20, 24}};
    ck_assert(!vl_segment_enters_convex(s.witness[0], s.witness[1], wood, 4));
    /* make the wood tall enough and nothing is seen: blocked by it */
    add_rect("w2", VL_T_WOODS, 0, 20, 10, 24, 40);
    vl_sight_between(bf, point_end(10, 22), unit_end(u), NULL, NULL, NULL, &s);
    ck_assert(!s.clear);
    /* and the unit's sight of the point agrees */
    vl_sight_between(bf, unit_end(u), point_end(10, 22), NULL, NULL, NULL, &s);
    ck_assert(!s.clear);
}
END_TEST

START_TEST(a_point_in_line_with_a_front_face)
{
    /* The separating-axis test alone would call a point on the face's line "touching": it is not. */
    int u = add_line(10, 10, 0); /* front face y = 10, x 10 -/+ LINE_W/2 */
    double fr = 10 + LINE_W / 2;
    VlSight s;
    vl_sight_between(bf, unit_end(u), point_end(20, 10), NULL, NULL, NULL, &s);
    ck_assert(s.clear);
    assert_point(s.witness[0], fr, 10);
    assert_point(s.witness[1], 20, 10);
    int w = add_rect("w", VL_T_WOODS, 0, 15, 9, 17, 11);
    vl_sight_between(bf, unit_end(u), point_end(20, 10), NULL, NULL, NULL, &s);
    ck_assert(!s.clear);
    ck_assert_int_eq(s.blockers[0].index, w);
    /* a point on the face itself: seen at once */
    vl_sight_between(bf, unit_end(u), point_end(9, 10), NULL, NULL, NULL, &s);
    ck_assert(s.clear);
    ck_assert_double_le(vl_v2_dist(s.witness[0], s.witness[1]), 1e-9);
}
END_TEST

START_TEST(units_between_points_block_but_not_the_ends)
{
    /* two generals' small bases, a regiment's line between them across the whole way */
    int a = add_general(20, 20, 90), b = add_general(50, 20, 270);
    int mid = add_line(35, 20, 90);
    VlSight s;
    vl_sight_between(bf, point_end(10, 20.5), point_end(60, 20.5), NULL, NULL, NULL, &s);
    ck_assert(!s.clear); /* a point behind a unit is blocked by it, the others too */
    /* from a to b: a and b are the ends, the middle unit blocks */
    vl_sight_between(bf, unit_end(a), unit_end(b), NULL, NULL, NULL, &s);
    VlSight ref;
    vl_sight(bf, a, b, &ref);
    ck_assert_int_eq(s.clear, ref.clear);
    ck_assert(!s.clear);
    ck_assert_int_eq(s.blockers[0].kind, VL_OBST_UNIT);
    ck_assert_int_eq(s.blockers[0].index, mid);
    /* taken off the table, it blocks nothing */
    vl_battlefield_set_active(bf, mid, false);
    vl_sight_between(bf, unit_end(a), unit_end(b), NULL, NULL, NULL, &s);
    ck_assert(s.clear);
}
END_TEST

/* REP-601 (D-REP-601-1..3): from a point on a level-2 hill a low wood is seen over, but for the zone
 * it casts: 0.25 times the distance to its far edge (eye 4 half levels, the wood's top 1). */
START_TEST(rep_601_a_point_on_a_hill_sees_over_a_wood)
{
    int hill = add_rect("ridge", VL_T_HILL, 2, 0, 0, 10, 48);
    int w = add_rect("w", VL_T_WOODS, 0, 20, 20, 24, 28);
    VlSightRules on = {.blind_zones = true};
    int which;
    ck_assert_int_eq(vl_battlefield_level_at(bf, vl_v2(5, 24), &which), 2);
    ck_assert_int_eq(which, hill);
    ck_assert_int_eq(vl_battlefield_level_at(bf, vl_v2(30, 24), &which), 0);
    ck_assert_int_eq(which, -1);
    VlSight s;
    /* the far edge is 19 in away along the ray: the zone runs to 19 * 1.25 = 23.75 in, x = 28.75 */
    vl_sight_between(bf, point_end(5, 24), point_end(35, 24), &on, NULL, NULL, &s);
    ck_assert(s.clear);
    vl_sight_between(bf, point_end(5, 24), point_end(35, 24), NULL, NULL, NULL, &s);
    ck_assert(!s.clear); /* the base case: the wood blocks */
    vl_sight_between(bf, point_end(5, 24), point_end(26, 24), &on, NULL, NULL, &s);
    ck_assert(!s.clear); /* inside the zone */
    ck_assert_int_eq(s.nblockers, 0);
    ck_assert_int_ge(s.nzones, 1);
    ck_assert_int_eq(s.zones[0].terrain, w);
    ck_assert_double_eq_tol(s.zones[0].multiple, 0.25, 1e-12);
    ck_assert_double_eq_tol(s.zones[0].far_edge, 19, 1e-9);
    /* the zone the screen draws holds the hidden point, and stops short of the seen one */
    VlBlindZone *z = NULL;
    int nz = vl_blind_zones_between(bf, point_end(5, 24), point_end(26, 24), &z);
    ck_assert_int_eq(nz, 1);
    ck_assert_int_eq(z[0].terrain, w);
    ck_assert_int_gt(vl_poly_point_side(z[0].pts, z[0].npts, vl_v2(26, 24)), 0);
    ck_assert_int_lt(vl_poly_point_side(z[0].pts, z[0].npts, vl_v2(29, 24)), 0);
    vl_blind_zones_free(z, nz);
    vl_sight_between(bf, point_end(5, 24), point_end(28.5, 24), &on, NULL, NULL, &s);
    ck_assert(!s.clear);
    vl_sight_between(bf, point_end(5, 24), point_end(29, 24), &on, NULL, NULL, &s);
    ck_assert(s.clear);
    /* from the foot of the hill (level 0) the wood is as tall as the eye and blocks */
    vl_sight_between(bf, point_end(15, 24), point_end(35, 24), &on, NULL, NULL, &s);
    ck_assert(!s.clear);
    ck_assert_int_eq(s.nblockers, 1);
    ck_assert_int_eq(s.blockers[0].index, w);
    /* a unit on the ridge looking at a point beyond the zone sees it too */
    int u = add_line(8, 24, 90);
    vl_sight_between(bf, unit_end(u), point_end(35, 24), &on, NULL, NULL, &s);
    ck_assert(s.clear);
}
END_TEST

/* ---- unit to unit: exactly vl_sight_ruled's answer, and the game's ---- */

static int same_answer(const VlSight *x, const VlSight *y)
{
    if (x->clear != y->clear || x->nblockers != y->nblockers || x->nzones != y->nzones)
        return 0;
    if (x->clear && (x->witness[0].x != y->witness[0].x || x->witness[0].y != y->witness[0].y ||
                     x->witness[1].x != y->witness[1].x || x->witness[1].y != y->witness[1].y))
        return 0;
    for (int k = 0; k < x->nblockers; k++)
        if (x->blockers[k].kind != y->blockers[k].kind || x->blockers[k].index != y->blockers[k].index)
            return 0;
    for (int k = 0; k < x->nzones; k++)
        if (x->zones[k].terrain != y->zones[k].terrain || x->zones[k].far_edge != y->zones[k].far_edge)
            return 0;
    return 1;
}

START_TEST(every_pair_of_every_shipped_scenario_agrees_with_vl_sight_ruled)
{
    static const char *const names[] = {"tutorial", "brigade-action", "full-battle"};
    int pairs = 0, blocked = 0, zoned = 0;
    for (size_t f = 0; f < sizeof names / sizeof names[0]; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/scenarios/%s.json", VL_SOURCE_ROOT, names[f]);
        VlScenario sc;
        VlDiagList diags = {0};
        ck_assert_msg(vl_scenario_load_file(path, &sc, &diags) == VL_OK, "%s does not load", path);
        VlBattlefield *field = vl_scenario_battlefield(&sc);
        ck_assert_ptr_nonnull(field);
        for (int r = 0; r < 2; r++) {
            VlSightRules rules = {.blind_zones = r == 1};
            for (int i = 0; i < sc.nunits; i++)
                for (int j = 0; j < sc.nunits; j++) {
                    if (i == j)
                        continue;
                    VlSight ref, got;
                    vl_sight_ruled(field, i, j, &rules, NULL, NULL, &ref);
                    vl_sight_between(field, unit_end(i), unit_end(j), &rules, NULL, NULL, &got);
                    ck_assert_msg(same_answer(&ref, &got), "%s %s: %s to %s differs (clear %d / %d)", names[f],
                                  r ? "REP-601" : "base", sc.units[i].id, sc.units[j].id, ref.clear, got.clear);
                    pairs++;
                    blocked += !ref.clear;
                    zoned += ref.nzones > 0;
                }
        }
        /* The game's sight (a battery's rule of levels included), on the world at the start. */
        VlWorld *w = vl_world_create(&sc, 1);
        ck_assert_ptr_nonnull(w);
        for (int r = 0; r < 2; r++) {
            w->options.republic = r ? 1u << VL_REP_601 : 0;
            for (int i = 0; i < sc.nunits; i++)
                for (int j = 0; j < sc.nunits; j++) {
                    if (i == j)
                        continue;
                    VlSight ref, got;
                    if (sc.units[i].type == VL_ARTILLERY)
                        vl_artillery_sight(w, i, j, &ref);
                    else
                        vl_world_sight(w, i, j, &ref);
                    vl_world_sight_between(w, unit_end(i), unit_end(j), &got);
                    ck_assert_msg(same_answer(&ref, &got), "%s game %s: %s to %s differs", names[f], r ? "REP-601" : "base",
                                  sc.units[i].id, sc.units[j].id);
                }
        }
        vl_world_destroy(w);
        vl_battlefield_destroy(field);
        vl_scenario_free(&sc);
    }
    ck_assert_int_ge(pairs, 2 * 7000);
    ck_assert_int_ge(blocked, 5000);
    ck_assert_int_ge(zoned, 100);
}
END_TEST

/* From points scattered over the brigade action to every unit: a clear answer's witness runs from
 * the point to the unit and enters no obstacle; a blocked answer is never contradicted by a sampled
 * clear ray (a fan of segments from the point to points of the unit's blocks). */
static bool enters_any(const VlBattlefield *field, const VlScenario *sc, VlVec2 p, VlVec2 q, int skip)
{
    for (int t = 0; t < vl_battlefield_terrain_count(field); t++) {
        const VlTerrain *f = vl_battlefield_terrain(field, t);
        if (f->type >= VL_T_AREAL_COUNT || !vl_terrain_blocks_sight(f->type))
            continue;
        /* split the segment where it crosses the polygon's edges; a piece whose middle is strictly
         * inside (by more than a hair) enters it */
        double ts[258];
        int nt = 0;
        ts[nt++] = 0;
        ts[nt++] = 1;
        double len = vl_v2_dist(p, q);
        for (int e = 0; e < f->npts && nt < 258; e++) {
            VlVec2 x;
            if (vl_segment_crossing(p, q, f->pts[e], f->pts[(e + 1) % f->npts], &x))
                ts[nt++] = vl_v2_dist(p, x) / len;
            if (nt < 258 && vl_point_segment_dist(f->pts[e], p, q) < 1e-9)
                ts[nt++] = vl_v2_dist(p, f->pts[e]) / len;
        }
        for (int i = 1; i < nt; i++)
            for (int j = i; j > 0 && ts[j] < ts[j - 1]; j--) {
                double tmp = ts[j];
                ts[j] = ts[j - 1];
                ts[j - 1] = tmp;
            }
        for (int i = 0; i + 1 < nt; i++) {
            if ((ts[i + 1] - ts[i]) * len < 1e-6)
                continue;
            VlVec2 m = vl_v2_lerp(p, q, 0.5 * (ts[i] + ts[i + 1]));
            if (vl_poly_point_side(f->pts, f->npts, m) > 0) {
                double d = INFINITY;
                for (int e = 0; e < f->npts; e++)
                    d = fmin(d, vl_point_segment_dist(m, f->pts[e], f->pts[(e + 1) % f->npts]));
                if (d > 1e-6)
                    return true;
            }
        }
    }
    for (int u = 0; u < sc->nunits; u++) {
        if (u == skip)
            continue;
        const VlFootprint *fp = &vl_battlefield_unit(field, u)->fp;
        for (int b = 0; b < fp->nblocks; b++)
            if (vl_segment_enters_convex(p, q, fp->blocks[b].p, 4))
                return true;
    }
    return false;
}

START_TEST(points_to_units_on_the_brigade_action)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/scenarios/brigade-action.json", VL_SOURCE_ROOT);
    VlScenario sc;
    VlDiagList diags = {0};
    ck_assert(vl_scenario_load_file(path, &sc, &diags) == VL_OK);
    VlBattlefield *field = vl_scenario_battlefield(&sc);
    int clear = 0, blocked = 0;
    for (double x = 3; x < 96; x += 9.5)
        for (double y = 2; y < 48; y += 7.3) {
            VlVec2 p = {x, y};
            bool in_unit = false;
            for (int u = 0; u < sc.nunits && !in_unit; u++) {
                const VlFootprint *fp = &vl_battlefield_unit(field, u)->fp;
                for (int b = 0; b < fp->nblocks; b++)
                    in_unit |= vl_poly_point_side(fp->blocks[b].p, 4, p) >= 0;
            }
            for (int t = 0; t < vl_battlefield_terrain_count(field) && !in_unit; t++) {
                const VlTerrain *f = vl_battlefield_terrain(field, t);
                in_unit = f->type < VL_T_AREAL_COUNT && vl_terrain_blocks_sight(f->type) &&
                          vl_poly_point_side(f->pts, f->npts, p) >= 0; /* in a wood: blocked by it, tested above */
            }
            if (in_unit)
                continue;
            for (int u = 0; u < sc.nunits; u++) {
                VlSight s;
                vl_sight_between(field, point_end(x, y), unit_end(u), NULL, NULL, NULL, &s);
                const VlFootprint *fp = &vl_battlefield_unit(field, u)->fp;
                if (s.clear) {
                    clear++;
                    assert_point(s.witness[0], x, y);
                    bool on = false;
                    for (int b = 0; b < fp->nblocks; b++)
                        on |= vl_poly_point_side(fp->blocks[b].p, 4, s.witness[1]) >= 0;
                    ck_assert_msg(on, "(%g, %g) to %s: the witness does not end on it", x, y, sc.units[u].id);
                    ck_assert_msg(!enters_any(field, &sc, s.witness[0], s.witness[1], u),
                                  "(%g, %g) to %s: the witness enters an obstacle", x, y, sc.units[u].id);
                } else {
                    blocked++;
                    for (int b = 0; b < fp->nblocks; b++)
                        for (int i = 0; i <= 8; i++)
                            for (int j = 0; j <= 4; j++) {
                                VlVec2 q = vl_v2_lerp(vl_v2_lerp(fp->blocks[b].p[0], fp->blocks[b].p[1], i / 8.0),
                                                      vl_v2_lerp(fp->blocks[b].p[3], fp->blocks[b].p[2], i / 8.0), j / 4.0);
                                ck_assert_msg(enters_any(field, &sc, p, q, u), "(%g, %g) to %s: blocked, but a ray is clear",
                                              x, y, sc.units[u].id);
                            }
                }
            }
        }
    ck_assert_int_ge(clear, 200);
    ck_assert_int_ge(blocked, 200);
    vl_battlefield_destroy(field);
    vl_scenario_free(&sc);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("tools");
    TCase *tape = tcase_create("tape");
    tcase_add_checked_fixture(tape, setup, teardown);
    tcase_add_test(tape, units_touching_measure_zero);
    tcase_add_test(tape, corner_to_corner_is_the_diagonal);
    tcase_add_test(tape, turned_unit_corner_to_edge);
    tcase_add_test(tape, point_inside_a_footprint_measures_zero);
    tcase_add_test(tape, point_to_unit_is_to_the_nearest_base_edge);
    tcase_add_test(tape, point_to_point_is_straight);
    suite_add_tcase(s, tape);
    TCase *sight = tcase_create("sight");
    tcase_add_checked_fixture(sight, setup, teardown);
    tcase_add_test(sight, a_wood_between_two_points_blocks);
    tcase_add_test(sight, a_point_sees_a_unit_round_a_wood);
    tcase_add_test(sight, a_point_in_line_with_a_front_face);
    tcase_add_test(sight, units_between_points_block_but_not_the_ends);
    tcase_add_test(sight, rep_601_a_point_on_a_hill_sees_over_a_wood);
    suite_add_tcase(s, sight);
    TCase *all = tcase_create("scenarios");
    tcase_set_timeout(all, 240);
    tcase_add_test(all, every_pair_of_every_shipped_scenario_agrees_with_vl_sight_ruled);
    tcase_add_test(all, points_to_units_on_the_brigade_action);
    suite_add_tcase(s, all);
    return s;
}

int main(void) { return tu_run(suite()); }
