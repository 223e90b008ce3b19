/* The Republic options that touch sight and fire: REP-601 line-of-sight blind zones, REP-401
 * preliminary bombardment, REP-201 alert infantry (docs/rules-decisions.md D-REP-601-*, D-REP-401-*,
 * D-REP-201-*).
 *
 * Geometry (docs/geometry.md): facing 0 is north (+y); an infantry line at (x, y) facing 0 covers
 * [x - 3.937, x + 3.937] x [y - 1.9685, y], its anchor (x, y) the middle of its front face; facing 180
 * it covers [x - 3.937, x + 3.937] x [y, y + 1.9685].
 *
 * The REP-601 placement used below: a spotter line S at (20, 10) facing north on a level-2 hill
 * [10, 30] x [4, 11] (eye 4 half levels), a wood W [15, 25] x [20, 24] on the plain (top 1 half level):
 * three half levels below the eye, multiple 1/4, and the target's surface (the plain, 0) half a level
 * below the wood's top, so no increase. Along the ray due north from the anchor the far edge is 14 in
 * away and the zone ends at 14 * 1.25 = 17.5 in, y = 27.5; the zone is the hull of W and of W scaled by
 * 1.25 about (20, 10): (15,20), (25,20), (26.25,22.5), (26.25,27.5), (13.75,27.5), (13.75,22.5). */
#include "testutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define D TU_INF_D

static VlBattlefield *bf;

static void setup(void) { bf = vl_battlefield_create(96, 48); }
static void teardown(void) { vl_battlefield_destroy(bf); }

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

static const VlSightRules REP601 = {.blind_zones = true};

static bool sees(int from, int to)
{
    VlSight s;
    vl_sight_ruled(bf, from, to, &REP601, NULL, NULL, &s);
    /* the all-pairs query must agree on every pair */
    int n = vl_battlefield_unit_count(bf);
    bool *all = malloc((size_t)n * (size_t)n);
    ck_assert(all && vl_sight_all_ruled(bf, &REP601, all));
    bool a = all[from * n + to];
    free(all);
    ck_assert_msg(a == s.clear, "pair query says %d, all-pairs %d", s.clear, a);
    return s.clear;
}

static bool sees_base(int from, int to)
{
    VlSight s;
    vl_sight(bf, from, to, &s);
    return s.clear;
}

/* The placement of the file comment, with a target facing south whose front is at y. */
static int spotter_hill_wood(int *spotter)
{
    add_rect("hill2", VL_T_HILL, 2, 10, 4, 30, 11);
    int w = add_rect("wood", VL_T_WOODS, 0, 15, 20, 25, 24);
    *spotter = add_line(20, 10, 0);
    return w;
}

START_TEST(rep_601_target_inside_the_zone_is_hidden)
{
    int s;
    int w = spotter_hill_wood(&s);
    int t = add_line(20, 25, 180); /* y in [25, 26.97]: inside the zone, which ends at 27.5 */
    ck_assert(!sees_base(s, t)); /* Good Old Rebel: the wood blocks */
    ck_assert(!sees(s, t));
    VlSight v;
    vl_sight_ruled(bf, s, t, &REP601, NULL, NULL, &v);
    ck_assert_int_eq(v.nzones, 1);
    ck_assert_int_eq(v.zones[0].terrain, w);
    ck_assert_double_eq_tol(v.zones[0].multiple, 0.25, 1e-12);
    ck_assert_double_eq_tol(v.zones[0].far_edge, 14, 1e-9);
    ck_assert_double_eq_tol(v.zones[0].depth, 3.5, 1e-9);
    ck_assert_double_eq_tol(v.zones[0].target_at, 15 + D / 2, 1e-9);
}
END_TEST

START_TEST(rep_601_target_beyond_the_zone_is_seen_over_the_wood)
{
    int s;
    spotter_hill_wood(&s);
    int t = add_line(20, 30, 180);
    ck_assert(!sees_base(s, t));
    ck_assert(sees(s, t));
}
END_TEST

START_TEST(rep_601_zone_edge)
{
    int s;
    spotter_hill_wood(&s);
    /* rear just inside the far edge (27.5): hidden; rear just beyond it: seen in part */
    int t = add_line(20, 27.5 - D - 0.01, 180);
    ck_assert(!sees(s, t));
    vl_battlefield_set_unit(bf, t, (VlPose){{20, 27.5 - D + 0.01}, 180}, VL_FORM_LINE);
    ck_assert(sees(s, t));
    /* a front exactly on the far edge: the zone's boundary counts as seen (D-REP-601-3) */
    vl_battlefield_set_unit(bf, t, (VlPose){{20, 27.5}, 180}, VL_FORM_LINE);
    ck_assert(sees(s, t));
}
END_TEST

START_TEST(rep_601_target_in_the_wood_stays_hidden)
{
    int s;
    spotter_hill_wood(&s);
    int t = add_line(20, 21, 180); /* y in [21, 22.97], inside the wood */
    ck_assert(!sees(s, t));
}
END_TEST

START_TEST(rep_601_target_beside_the_shadow_is_seen)
{
    int s;
    spotter_hill_wood(&s);
    /* x in [36.1, 43.9]: outside the zone's cone; the wood is no obstacle either way */
    int t = add_line(40, 25, 180);
    ck_assert(sees_base(s, t));
    ck_assert(sees(s, t));
}
END_TEST

START_TEST(rep_601_partly_hidden_target_is_seen)
{
    int s;
    spotter_hill_wood(&s);
    /* x in [22.1, 29.9], y in [25, 26.97]: its east part sticks out of the zone (x > 26.25) */
    int t = add_line(26, 25, 180);
    ck_assert(sees(s, t));
}
END_TEST

START_TEST(rep_601_same_level_blinds_to_infinity)
{
    /* a spotter on the plain: the wood's top is above its eye; no zone, the base case */
    int w = add_rect("wood", VL_T_WOODS, 0, 15, 20, 25, 24);
    int s = add_line(20, 10, 0), t = add_line(20, 45, 180);
    ck_assert(!sees(s, t));
    VlSight v;
    vl_sight_ruled(bf, s, t, &REP601, NULL, NULL, &v);
    ck_assert_int_eq(v.nzones, 0);
    ck_assert_int_eq(v.nblockers, 1);
    ck_assert_int_eq(v.blockers[0].index, w);
    /* a wood on a level-1 hill, seen from a level-1 hill: its top is half a level above the eye */
    vl_battlefield_destroy(bf);
    bf = vl_battlefield_create(96, 48);
    add_rect("hill_s", VL_T_HILL, 1, 10, 4, 30, 11);
    add_rect("hill_w", VL_T_HILL, 1, 14, 19, 26, 25);
    add_rect("wood", VL_T_WOODS, 0, 15, 20, 25, 24);
    s = add_line(20, 10, 0);
    t = add_line(20, 45, 180);
    ck_assert(!sees(s, t));
}
END_TEST

START_TEST(rep_601_multiples_by_height)
{
    VlSight v;
    /* level-1 spotter over a wood on the plain: half a level below, multiple 1, the zone to y 38 */
    add_rect("hill1", VL_T_HILL, 1, 10, 4, 30, 11);
    add_rect("wood", VL_T_WOODS, 0, 15, 20, 25, 24);
    int s = add_line(20, 10, 0), t = add_line(20, 38 - D - 0.01, 180);
    ck_assert(!sees(s, t));
    vl_sight_ruled(bf, s, t, &REP601, NULL, NULL, &v);
    ck_assert_int_eq(v.nzones, 1);
    ck_assert_double_eq_tol(v.zones[0].multiple, 1, 1e-12);
    ck_assert_double_eq_tol(v.zones[0].depth, 14, 1e-9);
    vl_battlefield_set_unit(bf, t, (VlPose){{20, 38 - D + 0.01}, 180}, VL_FORM_LINE);
    ck_assert(sees(s, t));
    /* level-2 spotter over a level-1 hill (one level below: 1/2), the target on the plain half a level
     * further down than the chart's set-up: 50% more, 3/4; far edge 14 in, zone to y 34.5 */
    vl_battlefield_destroy(bf);
    bf = vl_battlefield_create(96, 48);
    add_rect("hill2", VL_T_HILL, 2, 10, 4, 30, 11);
    int h = add_rect("ridge", VL_T_HILL, 1, 12, 20, 28, 24);
    s = add_line(20, 10, 0);
    t = add_line(20, 32, 180);
    ck_assert(sees_base(s, t)); /* Good Old Rebel: hills block nothing */
    ck_assert(!sees(s, t));
    vl_sight_ruled(bf, s, t, &REP601, NULL, NULL, &v);
    ck_assert_int_eq(v.nzones, 1);
    ck_assert_int_eq(v.zones[0].terrain, h);
    ck_assert_double_eq_tol(v.zones[0].multiple, 0.75, 1e-12);
    ck_assert_double_eq_tol(v.zones[0].depth, 10.5, 1e-9);
    vl_battlefield_set_unit(bf, t, (VlPose){{20, 34.5 - D - 0.01}, 180}, VL_FORM_LINE);
    ck_assert(!sees(s, t));
    vl_battlefield_set_unit(bf, t, (VlPose){{20, 34.5 - D + 0.01}, 180}, VL_FORM_LINE);
    ck_assert(sees(s, t));
}
END_TEST

START_TEST(rep_601_hills_block_at_or_above_the_eye_except_underfoot)
{
    /* two lines on the plain with a level-1 hill between: blocked; a target on the hill: seen */
    add_rect("hill", VL_T_HILL, 1, 10, 20, 30, 24);
    int s = add_line(20, 10, 0), t = add_line(20, 40, 180), on = add_line(20, 21, 180);
    ck_assert(sees_base(s, t));
    ck_assert(!sees(s, t));
    ck_assert(sees(s, on));
    /* and from the hill down to the plain: its own hill hides nothing */
    ck_assert(sees(on, s));
}
END_TEST

START_TEST(rep_601_blind_zone_polygons)
{
    int s;
    int w = spotter_hill_wood(&s);
    VlBlindZone *z;
    int n = vl_blind_zones(bf, s, 0, &z);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(z[0].terrain, w);
    ck_assert_int_eq(z[0].npts, 6);
    /* the hexagon of the file comment: 12.5 x 5 above y = 22.5 and a trapezoid (10 to 12.5 wide, 2.5 deep) */
    ck_assert_double_eq_tol(vl_poly_signed_area(z[0].pts, z[0].npts), 62.5 + 28.125, 1e-9);
    vl_blind_zones_free(z, n);
    /* from the plain the wood casts no zone: it blocks */
    int p = add_line(60, 10, 0);
    n = vl_blind_zones(bf, p, 0, &z);
    ck_assert_int_eq(n, 0);
    vl_blind_zones_free(z, n);
}
END_TEST

/* ---- property: random layouts, option on and off ---- */

static uint64_t prng = 88172645463325252ull;
static double rnd(double lo, double hi)
{
    prng ^= prng << 13;
    prng ^= prng >> 7;
    prng ^= prng << 17;
    return lo + (hi - lo) * (double)(prng >> 11) / 9007199254740992.0;
}

static void random_layout(int nunits)
{
    vl_battlefield_destroy(bf);
    bf = vl_battlefield_create(60, 40);
    int nh = (int)rnd(1, 4);
    for (int i = 0; i < nh; i++) {
        char id[16];
        snprintf(id, sizeof id, "h%d", i);
        double x = rnd(2, 45), y = rnd(2, 28);
        add_rect(id, VL_T_HILL, (int)rnd(1, 3.99), x, y, x + rnd(4, 14), y + rnd(4, 10));
    }
    int nw = (int)rnd(1, 5);
    for (int i = 0; i < nw; i++) {
        char id[16];
        snprintf(id, sizeof id, "w%d", i);
        double x = rnd(2, 50), y = rnd(2, 32);
        /* a triangle or a rectangle, so that hulls and zones are not all boxes */
        if (i % 2) {
            VlVec2 pts[3] = {{x, y}, {x + rnd(3, 8), y + rnd(-1, 1)}, {x + rnd(0, 5), y + rnd(3, 7)}};
            VlTerrain t = {0};
            snprintf(t.id, sizeof t.id, "%s", id);
            t.type = VL_T_WOODS;
            t.npts = 3;
            t.pts = pts;
            vl_battlefield_add_terrain(bf, &t);
        } else
            add_rect(id, i % 4 ? VL_T_BUILDING : VL_T_WOODS, 0, x, y, x + rnd(2, 7), y + rnd(2, 5));
    }
    for (int i = 0; i < nunits; i++)
        add_line(rnd(6, 54), rnd(4, 36), rnd(0, 360));
}

START_TEST(rep_601_off_changes_nothing)
{
    /* Property: with REP-601 off (NULL rules, or rules with blind_zones false) every answer and its
     * evidence is vl_sight's, on random layouts with hills and woods. */
    VlSightRules off = {.blind_zones = false};
    for (int layout = 0; layout < 60; layout++) {
        random_layout(6);
        int n = vl_battlefield_unit_count(bf);
        bool *a = malloc((size_t)n * n), *b = malloc((size_t)n * n);
        ck_assert(vl_sight_all(bf, a) && vl_sight_all_ruled(bf, &off, b));
        ck_assert(memcmp(a, b, (size_t)n * n) == 0);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                if (i == j)
                    continue;
                VlSight s0, s1, s2;
                vl_sight(bf, i, j, &s0);
                vl_sight_ruled(bf, i, j, &off, NULL, NULL, &s1);
                vl_sight_ruled(bf, i, j, NULL, NULL, NULL, &s2);
                ck_assert(memcmp(&s0, &s1, sizeof s0) == 0 && memcmp(&s0, &s2, sizeof s0) == 0);
            }
        free(a);
        free(b);
    }
}
END_TEST

/* The oracle's own reading of D-REP-601-*: is point q hidden from spotter `from` by caster t? */
static int level_of(int u) { return vl_battlefield_level_under(bf, &vl_battlefield_unit(bf, u)->fp); }

static bool on_hill(int u, const VlTerrain *h)
{
    const VlFootprint *fp = &vl_battlefield_unit(bf, u)->fp;
    for (int b = 0; b < fp->nblocks; b++)
        if (vl_convex_poly_overlap_area(fp->blocks[b].p, 4, h->pts, h->npts) > 1e-9)
            return true;
    return false;
}

static int top_of(const VlTerrain *t)
{
    if (t->type == VL_T_HILL)
        return 2 * t->level;
    int g = 0;
    for (int i = 0; i < vl_battlefield_terrain_count(bf); i++) {
        const VlTerrain *h = vl_battlefield_terrain(bf, i);
        bool all = h->type == VL_T_HILL && h->level > g;
        for (int k = 0; all && k < t->npts; k++)
            all = vl_poly_point_side(h->pts, h->npts, t->pts[k]) >= 0;
        if (all)
            g = h->level;
    }
    return 2 * g + 1;
}

/* Along the ray from a through q: the stretch inside the convex hull of t (every casting feature here
 * is convex, so its hull is itself). */
static bool ray_stretch(VlVec2 a, VlVec2 q, const VlTerrain *t, double *lo, double *hi)
{
    VlVec2 d = vl_v2_sub(q, a);
    double len = vl_v2_len(d);
    d = vl_v2_scale(d, 1 / len);
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < t->npts; i++) {
        VlVec2 p0 = t->pts[i], p1 = t->pts[(i + 1) % t->npts];
        VlVec2 e = vl_v2_sub(p1, p0);
        double den = vl_v2_cross(d, e);
        if (fabs(den) < 1e-15)
            continue;
        VlVec2 w = vl_v2_sub(p0, a);
        double s = vl_v2_cross(w, e) / den, u = vl_v2_cross(w, d) / den;
        if (u >= 0 && u <= 1 && s >= 0) {
            *lo = fmin(*lo, s);
            *hi = fmax(*hi, s);
        }
    }
    return *lo <= *hi;
}

/* The oracle's test of one segment p (on the spotter's face) to q (on the target). */
static bool segment_ok(int from, int to, VlVec2 p, VlVec2 q)
{
    VlVec2 a = vl_battlefield_unit(bf, from)->pose.anchor;
    int eye = 2 * level_of(from), surf = 2 * level_of(to);
    int nt = vl_battlefield_terrain_count(bf), n = vl_battlefield_unit_count(bf);
    for (int k = 0; k < nt; k++) {
        const VlTerrain *t = vl_battlefield_terrain(bf, k);
        if (t->type == VL_T_HILL && (on_hill(from, t) || on_hill(to, t)))
            continue;
        int top = top_of(t);
        if (top >= eye) {
            /* an obstacle: the segment must not enter it */
            if (vl_segment_enters_convex(p, q, t->pts, t->npts))
                return false;
            continue;
        }
        double m = 1;
        for (int h = eye - top; h > 1; h--)
            m *= 0.5;
        double k6 = top <= surf ? 0 : m * (1 + 0.5 * (top - surf - 1));
        if (t->type == VL_T_HILL && k6 <= 0)
            continue;
        double lo, hi, at = vl_v2_dist(a, q);
        if (at > 1e-9 && ray_stretch(a, q, t, &lo, &hi) && hi - lo > 1e-6 && at > lo + 1e-6 &&
            at < (1 + k6) * hi - 1e-6)
            return false; /* in the feature or its zone (a ray that only touches the feature grazes: seen) */
    }
    for (int u = 0; u < n; u++) {
        if (u == from || u == to)
            continue;
        const VlFootprint *o = &vl_battlefield_unit(bf, u)->fp;
        for (int ob = 0; ob < o->nblocks; ob++)
            if (vl_segment_enters_convex(p, q, o->blocks[ob].p, 4))
                return false;
    }
    return true;
}

static bool oracle_clear(int from, int to)
{
    const VlFootprint *ff = &vl_battlefield_unit(bf, from)->fp, *tf = &vl_battlefield_unit(bf, to)->fp;
    for (int si = 0; si <= 8; si++) {
        VlVec2 p = vl_v2_lerp(ff->box.p[0], ff->box.p[1], si / 8.0);
        for (int b = 0; b < tf->nblocks; b++)
            for (int ui = 0; ui <= 8; ui++)
                for (int vi = 0; vi <= 8; vi++) {
                    VlVec2 e0 = vl_v2_lerp(tf->blocks[b].p[0], tf->blocks[b].p[1], ui / 8.0);
                    VlVec2 e1 = vl_v2_lerp(tf->blocks[b].p[3], tf->blocks[b].p[2], ui / 8.0);
                    if (segment_ok(from, to, p, vl_v2_lerp(e0, e1, vi / 8.0)))
                        return true;
                }
    }
    return false;
}

START_TEST(rep_601_oracle_and_all_pairs)
{
    /* Property: on random layouts with REP-601 on, the all-pairs query gives the pair query's answer
     * on every pair, and whenever a sampled segment (front face to target) is clear and ends outside
     * every zone by the oracle's own per-ray reading of the rule, the exact answer is clear too. */
    int agree = 0, sampled = 0, hidden = 0;
    for (int layout = 0; layout < 250; layout++) {
        random_layout(5);
        int n = vl_battlefield_unit_count(bf);
        bool *all = malloc((size_t)n * n);
        ck_assert(vl_sight_all_ruled(bf, &REP601, all));
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                if (i == j)
                    continue;
                VlSight s;
                vl_sight_ruled(bf, i, j, &REP601, NULL, NULL, &s);
                ck_assert_msg(s.clear == all[i * n + j], "layout %d pair %d->%d: pair %d, all-pairs %d", layout, i, j,
                              s.clear, all[i * n + j]);
                agree++;
                /* a clear answer's witness passes the oracle's own test (the face of a target in
                 * contact is seen whatever the zones: D-REP-601-3) */
                const VlFootprint *fi = &vl_battlefield_unit(bf, i)->fp, *fj = &vl_battlefield_unit(bf, j)->fp;
                if (s.clear && vl_footprint_distance(fi, fj) > 1e-6)
                    ck_assert_msg(segment_ok(i, j, s.witness[0], s.witness[1]),
                                  "layout %d pair %d->%d: the witness (%g,%g)-(%g,%g) fails the oracle", layout, i, j,
                                  s.witness[0].x, s.witness[0].y, s.witness[1].x, s.witness[1].y);
                if (oracle_clear(i, j)) {
                    sampled++;
                    ck_assert_msg(s.clear, "layout %d pair %d->%d: the oracle found a clear segment", layout, i, j);
                } else if (!s.clear)
                    hidden++;
            }
        free(all);
    }
    ck_assert_int_gt(sampled, 100);
    ck_assert_int_gt(hidden, 20);
    fprintf(stderr, "rep_601 oracle: %d pairs, %d seen by a sampled segment, %d hidden\n", agree, sampled, hidden);
}
END_TEST

/* ---- REP-401 preliminary bombardment ---- */

static VlScenario bs;
static VlGame *bg;

static void bombard_build(uint32_t republic)
{
    tu_sb_begin("bombardment", 96, 48);
    tu_sb_unit_as("a1", "union", "artillery", "unlimbered", "rifled", "seasoned", 48, 10, 0, NULL);
    tu_sb_unit_as("c1", "csa", "infantry", "line", "rifled", "seasoned", 48, 30, 180, NULL);
    tu_sb_load(&bs);
    VlRuleOptions o = vl_rule_options_default();
    o.republic = republic;
    bg = vl_game_create(&bs, 7, &o);
    ck_assert_ptr_nonnull(bg);
}

static void bombard_free(void)
{
    vl_game_destroy(bg);
    vl_scenario_free(&bs);
}

static int rolls_of(const char *clause, const VlDiceRoll **last)
{
    int n, k = 0;
    const VlDiceRoll *r = vl_game_dice(bg, &n);
    for (int i = 0; i < n; i++)
        if (strcmp(r[i].clause, clause) == 0) {
            k++;
            if (last)
                *last = &r[i];
        }
    return k;
}

START_TEST(rep_401_three_rounds_before_turn_1)
{
    bombard_build(1u << VL_REP_401);
    int c1 = vl_scenario_find_unit(&bs, "c1");
    tu_world(bg)->units[c1].fired_on = true; /* no first-fire test: only the 2-HIT test below */
    /* c1 is 20 in away, medium range in the open: 4 dice a round (GOR-ART-3).
     * round 1: 6 6 1 1, 2 HITs and the GOR-FIRE-5 test 6 6 (passes); round 2: nothing; round 3: one
     * HIT; then turn 1's events roll 1 1. */
    int faces[] = {6, 6, 1, 1, 6, 6, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1};
    vl_game_inject_dice(bg, faces, (int)(sizeof faces / sizeof *faces));
    vl_game_start(bg);
    ck_assert_int_eq(vl_game_injected_left(bg), 0);
    const VlDiceRoll *last = NULL;
    ck_assert_int_eq(rolls_of("REP-401", &last), 3);
    ck_assert_int_eq(rolls_of("GOR-FIRE-5", NULL), 1);
    ck_assert_int_eq(last->turn, 0);
    ck_assert_int_eq(last->ndice, 4);
    ck_assert_ptr_nonnull(strstr(last->result, vl_unit_label(&bs, 0)));
    ck_assert_ptr_nonnull(strstr(last->result, vl_unit_label(&bs, c1)));
    ck_assert_ptr_nonnull(strstr(last->result, "round 3"));
    ck_assert_int_eq(vl_game_world_const(bg)->units[c1].hits, 3);
    ck_assert_int_eq(vl_game_turn(bg), 1);
    int ne;
    const VlGameEvent *ev = vl_game_events(bg, &ne);
    int rounds = 0;
    for (int i = 0; i < ne; i++)
        rounds += strcmp(ev[i].clause, "REP-401") == 0 && strstr(ev[i].text, "preliminary bombardment: round") != NULL;
    ck_assert_int_eq(rounds, 3);
    /* turn 1 starts fresh: the battery may fire again */
    ck_assert(!vl_game_world_const(bg)->units[0].fired);
    bombard_free();
}
END_TEST

START_TEST(rep_401_off_no_bombardment)
{
    bombard_build(0);
    int faces[] = {1, 1};
    vl_game_inject_dice(bg, faces, 2);
    vl_game_start(bg);
    ck_assert_int_eq(vl_game_injected_left(bg), 0);
    ck_assert_int_eq(rolls_of("REP-401", NULL), 0);
    bombard_free();
}
END_TEST

START_TEST(rep_401_same_seed_same_bombardment)
{
    /* The bombardment's dice come from the game's seeded generator: the same seed gives the same
     * game, a check before the start (judged on a started copy) changes nothing, and another seed
     * gives other dice. */
    bombard_build(1u << VL_REP_401);
    VlRuleOptions o = vl_rule_options_default();
    o.republic = 1u << VL_REP_401;
    VlGame *g2 = vl_game_create(&bs, 7, &o), *g3 = vl_game_create(&bs, 8, &o);
    VlCommand end = {.kind = VL_CMD_END_PHASE};
    (void)vl_game_check(g2, &end, NULL);
    ck_assert_int_eq(vl_game_turn(g2), 0);
    vl_game_start(bg);
    vl_game_start(g2);
    vl_game_start(g3);
    ck_assert_int_eq(rolls_of("REP-401", NULL), 3);
    ck_assert_uint_eq(vl_game_hash(bg), vl_game_hash(g2));
    int n2, n3;
    const VlDiceRoll *r2 = vl_game_dice(g2, &n2), *r3 = vl_game_dice(g3, &n3);
    bool differ = n2 != n3;
    for (int i = 0; i < n2 && i < n3 && !differ; i++)
        differ = memcmp(r2[i].dice, r3[i].dice, sizeof r2[i].dice) != 0;
    ck_assert(differ);
    vl_game_destroy(g2);
    vl_game_destroy(g3);
    bombard_free();
}
END_TEST

/* ---- REP-201 alert infantry: the alert state (D-REP-201-1) ---- */

static VlCommand end_phase(void) { return (VlCommand){.kind = VL_CMD_END_PHASE}; }

static VlCommand advance(int u, double in)
{
    VlCommand c = {.kind = VL_CMD_MOVE};
    c.move.unit = u;
    c.move.nsteps = 1;
    c.move.steps[0].kind = VL_STEP_ADVANCE;
    c.move.steps[0].amount = in;
    return c;
}

static void apply_ok(VlCommand c)
{
    VlReasons why = {0};
    ck_assert_msg(vl_game_apply(bg, &c, &why) == VL_OK, "refused: %s", why.n ? why.r[0].text : "?");
}

static void to_phase(VlPhase p, int side)
{
    for (int k = 0; k < 40 && !(vl_game_phase(bg) == p && vl_game_active_side(bg) == side); k++)
        apply_ok(end_phase());
    ck_assert(vl_game_phase(bg) == p && vl_game_active_side(bg) == side);
}

static void alert_build(uint32_t republic)
{
    tu_sb_begin("alert", 96, 48);
    tu_sb_unit_as("u1", "union", "infantry", "line", "rifled", "seasoned", 20, 10, 0, NULL);
    tu_sb_unit_as("u2", "union", "infantry", "line", "rifled", "seasoned", 40, 10, 0, NULL);
    tu_sb_unit_as("u3", "union", "infantry", "line", "rifled", "raw", 60, 10, 0, NULL);
    tu_sb_unit_as("c1", "csa", "infantry", "line", "rifled", "seasoned", 80, 45, 180, NULL);
    tu_sb_load(&bs);
    VlRuleOptions o = vl_rule_options_default();
    o.republic = republic;
    bg = vl_game_create(&bs, 11, &o);
    ck_assert_ptr_nonnull(bg);
    vl_game_start(bg);
}

START_TEST(rep_201_quarter_move_goes_on_alert)
{
    alert_build(1u << VL_REP_201);
    const VlWorld *w = vl_game_world_const(bg);
    int u1 = vl_scenario_find_unit(&bs, "u1"), u2 = vl_scenario_find_unit(&bs, "u2"), u3 = vl_scenario_find_unit(&bs, "u3");
    double normal = vl_move_allowance(w, VL_INFANTRY, VL_FORM_LINE, false, VL_GROUND_OPEN, 0).max;
    to_phase(VL_PHASE_MOVEMENT, 0);
    apply_ok(advance(u1, 0.25 * normal));       /* exactly a quarter: may */
    apply_ok(advance(u2, 0.25 * normal + 0.1)); /* more: may not */
    apply_ok(end_phase());
    ck_assert(w->units[u1].alert);
    ck_assert(!w->units[u2].alert);
    ck_assert(!w->units[u3].alert); /* raw: Volley's untrained (D-REP-201-1) */
    /* it stays on alert through the enemy's turn, standing still and unhurt */
    to_phase(VL_PHASE_ARTILLERY, 0);
    ck_assert(w->units[u1].alert);
    /* moving again (any move) loses it at once */
    to_phase(VL_PHASE_MOVEMENT, 0);
    apply_ok(advance(u1, 0.1));
    ck_assert(!w->units[u1].alert);
    int ne;
    const VlGameEvent *ev = vl_game_events(bg, &ne);
    bool said = false;
    for (int i = 0; i < ne; i++)
        said |= strcmp(ev[i].clause, "REP-201") == 0 && strstr(ev[i].text, vl_unit_label(&bs, u1)) &&
                strstr(ev[i].text, "no longer on alert: it moved");
    ck_assert(said);
    /* ...and a quarter move this turn puts it back on alert at the end of the phase */
    apply_ok(end_phase());
    ck_assert(w->units[u1].alert);
    bombard_free();
}
END_TEST

START_TEST(rep_201_a_hit_loses_alert)
{
    alert_build(1u << VL_REP_201);
    int u1 = vl_scenario_find_unit(&bs, "u1");
    to_phase(VL_PHASE_MOVEMENT, 0);
    apply_ok(end_phase()); /* did not move: on alert */
    ck_assert(vl_game_world_const(bg)->units[u1].alert);
    tu_world(bg)->units[u1].hits = 1; /* as a HIT from the enemy's fire would */
    apply_ok(end_phase());
    ck_assert(!vl_game_world_const(bg)->units[u1].alert);
    /* a unit with HITs may not go on alert */
    to_phase(VL_PHASE_MOVEMENT, 0);
    apply_ok(end_phase());
    ck_assert(!vl_game_world_const(bg)->units[u1].alert);
    bombard_free();
}
END_TEST

START_TEST(rep_201_off_never_alert)
{
    alert_build(0);
    to_phase(VL_PHASE_MOVEMENT, 0);
    apply_ok(end_phase());
    for (int u = 0; u < bs.nunits; u++)
        ck_assert(!vl_game_world_const(bg)->units[u].alert);
    bombard_free();
}
END_TEST

/* ---- REP-201 the reaction: an alert unit counter-charges an enemy that moves through its zone (D-REP-201-2) ---- */

/* u1 (union, facing north, front at y = 10) and c1 (csa, facing south) placed so that after c1's full
 * normal move straight ahead it stands @p gap in from u1's front; u1 advances @p u1_share of its normal
 * move in its own movement phase (c1 is placed that much further off). "far" (union) stays well away.
 * Leaves the game in csa's movement phase. */
static void react_build(uint32_t republic, double gap, double u1_share)
{
    double normal = 0;
    for (int pass = 0; pass < 2; pass++) {
        tu_sb_begin("react", 96, 60);
        tu_sb_unit_as("u1", "union", "infantry", "line", "rifled", "seasoned", 40, 10, 0, NULL);
        tu_sb_unit_as("far", "union", "infantry", "line", "rifled", "seasoned", 85, 10, 0, NULL);
        tu_sb_unit_as("c1", "csa", "infantry", "line", "rifled", "seasoned", 40, 10 + gap + (1 + u1_share) * normal, 180,
                      NULL);
        tu_sb_load(&bs);
        VlRuleOptions o = vl_rule_options_default();
        o.republic = republic;
        bg = vl_game_create(&bs, 11, &o);
        ck_assert_ptr_nonnull(bg);
        if (pass == 0) { /* the first pass only learns the normal move, as the game sees it */
            normal = vl_move_allowance(vl_game_world_const(bg), VL_INFANTRY, VL_FORM_LINE, false, VL_GROUND_OPEN, 0).max;
            bombard_free();
        }
    }
    vl_game_start(bg);
    int u1 = vl_scenario_find_unit(&bs, "u1");
    int side = vl_world_side(vl_game_world_const(bg), u1);
    to_phase(VL_PHASE_MOVEMENT, side);
    if (u1_share > 0)
        apply_ok(advance(u1, u1_share * normal));
    to_phase(VL_PHASE_MOVEMENT, 1 - side);
}

static int react_events(const char *text)
{
    int ne, n = 0;
    const VlGameEvent *ev = vl_game_events(bg, &ne);
    for (int i = 0; i < ne; i++)
        n += strcmp(ev[i].clause, "REP-201") == 0 && strstr(ev[i].text, text) != NULL;
    return n;
}

/* c1 advances its full move; the check agrees with apply; returns whether u1 changed place. */
static bool react_move(void)
{
    const VlWorld *w = vl_game_world_const(bg);
    int u1 = vl_scenario_find_unit(&bs, "u1"), c1 = vl_scenario_find_unit(&bs, "c1");
    double normal = vl_move_allowance(w, VL_INFANTRY, VL_FORM_LINE, false, VL_GROUND_OPEN, 0).max;
    VlPose before = vl_world_unit(w, u1)->pose;
    VlCommand c = advance(c1, normal);
    VlReasons why = {0};
    ck_assert_msg(vl_game_check(bg, &c, &why), "check refused: %s", why.n ? why.r[0].text : "?");
    apply_ok(c);
    VlPose after = vl_world_unit(w, u1)->pose;
    return before.anchor.x != after.anchor.x || before.anchor.y != after.anchor.y;
}

START_TEST(rep_201_alert_unit_counter_charges_enemy_moving_into_its_zone)
{
    react_build(1u << VL_REP_201, 3.0, 0);
    const VlWorld *w = vl_game_world_const(bg);
    int u1 = vl_scenario_find_unit(&bs, "u1"), c1 = vl_scenario_find_unit(&bs, "c1");
    ck_assert(w->units[u1].alert);
    int nd0;
    vl_game_dice(bg, &nd0);
    bool moved = react_move();
    ck_assert_int_eq(react_events("counter-charges"), 1);
    int ne;
    const VlGameEvent *ev = vl_game_events(bg, &ne);
    bool named = false;
    for (int i = 0; i < ne; i++)
        named |= strcmp(ev[i].clause, "REP-201") == 0 && strstr(ev[i].text, "counter-charges") &&
                 strstr(ev[i].text, vl_unit_label(&bs, u1)) && strstr(ev[i].text, vl_unit_label(&bs, c1));
    ck_assert(named);
    /* its morale test for charging is rolled through the game's dice */
    int nd;
    const VlDiceRoll *dr = vl_game_dice(bg, &nd);
    bool tested = false;
    for (int i = nd0; i < nd; i++)
        tested |= strcmp(dr[i].clause, "GOR-CHG-3") == 0 && dr[i].unit == u1;
    ck_assert(tested);
    ck_assert(moved); /* it charged (home, or half way on a failed test) */
    ck_assert(!w->units[u1].alert);
    ck_assert(!w->units[u1].charged); /* not its own turn's charge (D-REP-201-2) */
    /* the far unit, never within 4 in of c1, does not react */
    ck_assert(w->units[vl_scenario_find_unit(&bs, "far")].alert);
    bombard_free();
}
END_TEST

START_TEST(rep_201_no_reaction_outside_the_zone)
{
    react_build(1u << VL_REP_201, 4.5, 0);
    int u1 = vl_scenario_find_unit(&bs, "u1");
    ck_assert(vl_game_world_const(bg)->units[u1].alert);
    ck_assert(!react_move());
    ck_assert_int_eq(react_events("counter-charges"), 0);
    ck_assert(vl_game_world_const(bg)->units[u1].alert);
    bombard_free();
}
END_TEST

START_TEST(rep_201_no_reaction_when_not_on_alert)
{
    react_build(1u << VL_REP_201, 3.0, 0.5); /* u1 moved half a move: not on alert */
    int u1 = vl_scenario_find_unit(&bs, "u1");
    ck_assert(!vl_game_world_const(bg)->units[u1].alert);
    ck_assert(!react_move());
    ck_assert_int_eq(react_events("counter-charges"), 0);
    bombard_free();
}
END_TEST

START_TEST(rep_201_no_reaction_with_the_option_off)
{
    react_build(0, 3.0, 0);
    int u1 = vl_scenario_find_unit(&bs, "u1");
    ck_assert(!vl_game_world_const(bg)->units[u1].alert);
    tu_world(bg)->units[u1].alert = true; /* even marked so, with the option off it never reacts */
    ck_assert(!react_move());
    ck_assert_int_eq(react_events("counter-charges"), 0);
    bombard_free();
}
END_TEST

/* ---- whole games with the options on ---- */

#define SHIPPED(name) VL_SOURCE_ROOT "/scenarios/" name

/* One game with REP-201, REP-401 and REP-601 on: every command through the log, none refused, and the saved
 * log replays to the same state. who: -1 the random player, else a commander level. */
static int bombard_rolls; /* REP-401 rolls over a batch: the shipped scenarios do have guns in range */
static int counter_charges; /* REP-201 reactions over a batch (D-REP-201-2) */

static void whole_game(const char *path, uint64_t seed, const int who[2])
{
    VlScenario sc;
    VlDiagList d;
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_scenario_load_file(path, &sc, &d), VL_OK);
    vl_diag_free(&d);
    VlRuleOptions opt = vl_rule_options_default();
    opt.republic = (1u << VL_REP_201) | (1u << VL_REP_401) | (1u << VL_REP_601);
    VlGame *g = vl_game_create(&sc, seed, &opt);
    VlLog log;
    vl_log_init(&log, &sc, seed, &opt);
    VlRng rng[2];
    vl_rng_seed(&rng[0], seed, 101);
    vl_rng_seed(&rng[1], seed, 202);
    static VlAiPlan p;
    vl_ai_plan_reset(&p);
    for (int guard = 0; guard < 20000 && !vl_game_over(g, NULL, NULL); guard++) {
        int side = vl_game_turn(g) == 0 ? sc.first_side : vl_game_active_side(g);
        int n = who[side] < 0 ? vl_random_player_phase(g, &log, &rng[side])
                              : vl_ai_phase(g, &log, &rng[side], (VlAiLevel)who[side], &p);
        ck_assert_msg(n >= 0 && !(who[side] >= 0 && p.refused), "%s seed %llu: a command was refused (turn %d, %s)", path,
                      (unsigned long long)seed, vl_game_turn(g), vl_phase_name(vl_game_phase(g)));
    }
    ck_assert(vl_game_over(g, NULL, NULL));
    int nd;
    const VlDiceRoll *dr = vl_game_dice(g, &nd);
    for (int i = 0; i < nd; i++)
        bombard_rolls += strcmp(dr[i].clause, "REP-401") == 0 && dr[i].turn == 0;
    int ne;
    const VlGameEvent *ev = vl_game_events(g, &ne);
    for (int i = 0; i < ne; i++)
        counter_charges += strcmp(ev[i].clause, "REP-201") == 0 && strstr(ev[i].text, "counter-charges") != NULL;
    vl_log_checkpoint(&log, g);
    char tmp[] = "/tmp/volley_repb_XXXXXX";
    int fd = mkstemp(tmp);
    ck_assert_int_ge(fd, 0);
    close(fd);
    VlDiagList dd;
    vl_diag_init(&dd, tmp);
    ck_assert_int_eq(vl_log_save(&log, &sc, tmp, &dd), VL_OK);
    VlLog back;
    VlScenario sc2;
    ck_assert_int_eq(vl_log_load(tmp, &back, &sc2, &dd), VL_OK);
    ck_assert_uint_eq(back.options.republic, opt.republic);
    VlReplayResult r;
    VlGame *rg = NULL;
    ck_assert_int_eq(vl_log_replay(&back, &sc2, &rg, &r), VL_OK);
    ck_assert_msg(r.ok, "%s seed %llu: replay: %s", path, (unsigned long long)seed, r.message);
    ck_assert_uint_eq(vl_game_hash(rg), vl_game_hash(g));
    vl_game_destroy(rg);
    vl_log_free(&back);
    vl_scenario_free(&sc2);
    vl_diag_free(&dd);
    unlink(tmp);
    vl_log_free(&log);
    vl_game_destroy(g);
    vl_scenario_free(&sc);
}

START_TEST(rep_201_rep_401_rep_601_whole_games)
{
    /* The quick tier plays 2 seeds of each; VOLLEY_LONG_TESTS=1 plays 20. */
    int seeds = getenv("VOLLEY_LONG_TESTS") ? 20 : 2;
    const int rr[2] = {-1, -1}, ar[2] = {VL_AI_NORMAL, -1};
    bombard_rolls = 0;
    counter_charges = 0;
    for (int k = 0; k < seeds; k++) {
        whole_game(SHIPPED("tutorial.json"), 500 + (uint64_t)k, rr);
        whole_game(SHIPPED("brigade-action.json"), 500 + (uint64_t)k, rr);
        whole_game(SHIPPED("tutorial.json"), 500 + (uint64_t)k, ar);
        whole_game(SHIPPED("brigade-action.json"), 500 + (uint64_t)k, ar);
    }
    fprintf(stderr, "REP-201/REP-401/REP-601 whole games: %d, %d bombardment rolls, %d REP-201 counter-charges\n",
            4 * seeds, bombard_rolls, counter_charges);
    ck_assert_int_gt(bombard_rolls, 0);
}
END_TEST

static Suite *republic_b_suite(void)
{
    Suite *s = suite_create("republic_b");
    TCase *t = tcase_create("rep_601");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, rep_601_target_inside_the_zone_is_hidden);
    tcase_add_test(t, rep_601_target_beyond_the_zone_is_seen_over_the_wood);
    tcase_add_test(t, rep_601_zone_edge);
    tcase_add_test(t, rep_601_target_in_the_wood_stays_hidden);
    tcase_add_test(t, rep_601_target_beside_the_shadow_is_seen);
    tcase_add_test(t, rep_601_partly_hidden_target_is_seen);
    tcase_add_test(t, rep_601_same_level_blinds_to_infinity);
    tcase_add_test(t, rep_601_multiples_by_height);
    tcase_add_test(t, rep_601_hills_block_at_or_above_the_eye_except_underfoot);
    tcase_add_test(t, rep_601_blind_zone_polygons);
    suite_add_tcase(s, t);
    TCase *p = tcase_create("rep_601_props");
    tcase_add_checked_fixture(p, setup, teardown);
    tcase_set_timeout(p, 300);
    tcase_add_test(p, rep_601_off_changes_nothing);
    tcase_add_test(p, rep_601_oracle_and_all_pairs);
    suite_add_tcase(s, p);
    TCase *b = tcase_create("rep_401");
    tcase_add_test(b, rep_401_three_rounds_before_turn_1);
    tcase_add_test(b, rep_401_off_no_bombardment);
    tcase_add_test(b, rep_401_same_seed_same_bombardment);
    suite_add_tcase(s, b);
    TCase *al = tcase_create("rep_201");
    tcase_add_test(al, rep_201_quarter_move_goes_on_alert);
    tcase_add_test(al, rep_201_a_hit_loses_alert);
    tcase_add_test(al, rep_201_off_never_alert);
    tcase_add_test(al, rep_201_alert_unit_counter_charges_enemy_moving_into_its_zone);
    tcase_add_test(al, rep_201_no_reaction_outside_the_zone);
    tcase_add_test(al, rep_201_no_reaction_when_not_on_alert);
    tcase_add_test(al, rep_201_no_reaction_with_the_option_off);
    suite_add_tcase(s, al);
    TCase *wg = tcase_create("whole_games");
    tcase_set_timeout(wg, 1800);
    tcase_add_test(wg, rep_201_rep_401_rep_601_whole_games);
    suite_add_tcase(s, wg);
    return s;
}

int main(void) { return tu_run(republic_b_suite()); }
