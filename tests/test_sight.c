/* Line of fire / sight (docs/geometry.md; GOR-ART-1 "clear line from any part of the front to any part of
 * the target", GOR-FIRE-1). These layouts are built so that a handful of sampled rays would give the
 * wrong answer: only an exact method gets them right. */
#include "testutil.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static VlBattlefield *bf;

static void setup(void) { bf = vl_battlefield_create(96, 48); }
static void teardown(void) { vl_battlefield_destroy(bf); }

static int add_line(double x, double y, double facing)
{
    return vl_battlefield_add_unit(bf, (VlPose){{x, y}, facing}, VL_INFANTRY, VL_FORM_LINE, VL_RIFLED,
                                   vl_base_spec_default(VL_INFANTRY));
}

static int add_poly(const char *id, VlTerrainType type, const VlVec2 *pts, int n)
{
    VlTerrain t = {0};
    snprintf(t.id, sizeof t.id, "%s", id);
    t.type = type;
    t.npts = n;
    t.pts = (VlVec2 *)pts;
    return vl_battlefield_add_terrain(bf, &t);
}

static bool has_blocker(const VlSight *s, VlObstacleKind kind, int index)
{
    for (int i = 0; i < s->nblockers; i++)
        if (s->blockers[i].kind == kind && s->blockers[i].index == index)
            return true;
    return false;
}

/* The witness must start on the firer's front face and end on the target's footprint. */
static void check_witness(const VlSight *s, int from, int to)
{
    const VlFootprint *f = &vl_battlefield_unit(bf, from)->fp, *t = &vl_battlefield_unit(bf, to)->fp;
    ck_assert_double_le(vl_point_segment_dist(s->witness[0], f->box.p[0], f->box.p[1]), 1e-9);
    bool on = false;
    for (int b = 0; b < t->nblocks; b++)
        on |= vl_poly_point_side(t->blocks[b].p, 4, s->witness[1]) >= 0;
    ck_assert_msg(on, "witness end (%g, %g) is not on the target", s->witness[1].x, s->witness[1].y);
}

START_TEST(clear_in_the_open)
{
    int a = add_line(12, 10, 0), b = add_line(12, 40, 180);
    VlSight s;
    vl_sight(bf, a, b, &s);
    ck_assert(s.clear);
    check_witness(&s, a, b);
}
END_TEST

/* Two woods leave a slanted channel 0.02 in wide (horizontally) along the line from (12.7, 10) on the
 * firer's front face to (41.3, 40.6) inside the target. Every other line is blocked. */
static void channel(double h, int *wa, int *wb)
{
    VlVec2 p0 = {12.7, 10}, q0 = {41.3, 40.6};
    double k = (q0.x - p0.x) / (q0.y - p0.y);
    double x20 = p0.x + (20 - p0.y) * k, x30 = p0.x + (30 - p0.y) * k;
    static VlVec2 A[4], B[4];
    A[0] = (VlVec2){0, 20};
    A[1] = (VlVec2){x20 - h, 20};
    A[2] = (VlVec2){x30 - h, 30};
    A[3] = (VlVec2){0, 30};
    B[0] = (VlVec2){x20 + h, 20};
    B[1] = (VlVec2){70, 20};
    B[2] = (VlVec2){70, 30};
    B[3] = (VlVec2){x30 + h, 30};
    *wa = add_poly("wa", VL_T_WOODS, A, 4);
    *wb = add_poly("wb", VL_T_HEAVY_WOODS, B, 4);
}

START_TEST(sight_through_a_narrow_slanted_gap_between_two_woods)
{
    int wa, wb;
    channel(0.01, &wa, &wb);
    int a = add_line(12, 10, 0), b = add_line(40, 40, 180);
    VlSight s;
    vl_sight(bf, a, b, &s);
    ck_assert_msg(s.clear, "the channel between the woods was not found");
    check_witness(&s, a, b);
    /* The witness really runs through the channel: at y = 25 it is within 0.03 in of the channel's axis. */
    double t = (25 - s.witness[0].y) / (s.witness[1].y - s.witness[0].y);
    double x = s.witness[0].x + t * (s.witness[1].x - s.witness[0].x);
    double axis = 12.7 + (25 - 10) * (41.3 - 12.7) / (40.6 - 10);
    ck_assert_double_le(fabs(x - axis), 0.03);
}
END_TEST

START_TEST(closed_gap_between_two_woods_blocks_and_names_both)
{
    int wa, wb;
    channel(-0.01, &wa, &wb); /* the woods now overlap by 0.02 in */
    int a = add_line(12, 10, 0), b = add_line(40, 40, 180);
    VlSight s;
    vl_sight(bf, a, b, &s);
    ck_assert(!s.clear);
    ck_assert(has_blocker(&s, VL_OBST_TERRAIN, wa));
    ck_assert(has_blocker(&s, VL_OBST_TERRAIN, wb));
}
END_TEST

START_TEST(grazing_two_woods_that_meet_at_a_corner_is_clear)
{
    /* Woods A fills x <= 12.345 for 15 <= y <= 25; woods B fills x >= 12.345 for 25 <= y <= 35. They meet
     * at the single point (12.345, 25): every clear line passes through that pinch point, touching both
     * boundaries and entering neither. Sampled rays have probability zero of finding one. */
    static const VlVec2 A[4] = {{-0.5, 15}, {12.345, 15}, {12.345, 25}, {-0.5, 25}};
    static const VlVec2 B[4] = {{12.345, 25}, {40, 25}, {40, 35}, {12.345, 35}};
    add_poly("a", VL_T_WOODS, A, 4);
    add_poly("b", VL_T_WOODS, B, 4);
    int f = add_line(12, 10, 0), t = add_line(12, 40, 180);
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(s.clear);
    ck_assert_double_le(vl_point_segment_dist((VlVec2){12.345, 25}, s.witness[0], s.witness[1]), 1e-9);
    check_witness(&s, f, t);
}
END_TEST

START_TEST(blocked_by_a_unit_between)
{
    int f = add_line(12, 10, 0);
    int t = vl_battlefield_add_unit(bf, (VlPose){{12, 40}, 180}, VL_GENERAL, VL_FORM_NONE, VL_WEAPON_NONE,
                                    vl_base_spec_default(VL_GENERAL));
    int mid = add_line(12, 25.98, 0);
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(!s.clear);
    ck_assert_int_eq(s.nblockers, 1);
    ck_assert(has_blocker(&s, VL_OBST_UNIT, mid));
}
END_TEST

START_TEST(partly_screened_target_is_seen_round_the_screen)
{
    int f = add_line(12, 10, 0);
    int t = vl_battlefield_add_unit(bf, (VlPose){{12, 40}, 180}, VL_GENERAL, VL_FORM_NONE, VL_WEAPON_NONE,
                                    vl_base_spec_default(VL_GENERAL));
    add_line(15, 25.98, 0); /* moved 3 in right: the left side is open */
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(s.clear);
    check_witness(&s, f, t);
}
END_TEST

START_TEST(firer_and_target_never_block_themselves)
{
    /* The target stands behind the firer: the line passes over the firer's own bases. */
    int f = add_line(12, 10, 0), t = add_line(12, 5, 0);
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(s.clear);
}
END_TEST

START_TEST(target_seen_through_its_own_skirmish_gap_counts)
{
    /* A building hides the right-hand skirmish base; the left one is in plain view. */
    static const VlVec2 house[4] = {{13, 30}, {30, 30}, {30, 33}, {13, 33}};
    add_poly("house", VL_T_BUILDING, house, 4);
    int f = add_line(12, 10, 0);
    int t = vl_battlefield_add_unit(bf, (VlPose){{12, 40}, 180}, VL_INFANTRY, VL_FORM_SKIRMISH, VL_RIFLED,
                                    vl_base_spec_default(VL_INFANTRY));
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(s.clear);
    check_witness(&s, f, t);
}
END_TEST

START_TEST(line_through_a_concave_woods_notch)
{
    /* A U-shaped wood whose notch (x 11.5..12.5) opens straight towards the target. */
    static const VlVec2 U[8] = {{0, 20}, {24, 20}, {24, 30}, {12.5, 30}, {12.5, 21}, {11.5, 21}, {11.5, 30}, {0, 30}};
    int w = add_poly("u", VL_T_WOODS, U, 8);
    int f = add_line(12, 10, 0), t = add_line(12, 40, 180);
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(!s.clear); /* the notch's floor at y = 21 closes it */
    ck_assert(has_blocker(&s, VL_OBST_TERRAIN, w));
}
END_TEST

START_TEST(line_through_a_concave_woods_slot)
{
    /* The same wood with the slot cut right through: a 1 in wide way straight ahead. */
    static const VlVec2 L[4] = {{0, 20}, {11.5, 20}, {11.5, 30}, {0, 30}};
    static const VlVec2 R[6] = {{12.5, 20}, {24, 20}, {24, 30}, {12.5, 30}, {12.5, 26}, {12.5, 24}};
    add_poly("l", VL_T_WOODS, L, 4);
    add_poly("r", VL_T_WOODS, R, 6);
    int f = add_line(12, 10, 0), t = add_line(12, 40, 180);
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(s.clear);
    ck_assert(s.witness[0].x >= 11.5 - 1e-9 && s.witness[0].x <= 12.5 + 1e-9);
}
END_TEST

START_TEST(rough_hill_water_do_not_block_sight)
{
    static const VlVec2 P[4] = {{0, 20}, {40, 20}, {40, 30}, {0, 30}};
    add_poly("h", VL_T_HILL, P, 4);
    add_poly("r", VL_T_ROUGH, P, 4);
    add_poly("w", VL_T_WATER, P, 4);
    int f = add_line(12, 10, 0), t = add_line(12, 40, 180);
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(s.clear);
}
END_TEST

START_TEST(firer_inside_woods_is_blocked_by_the_letter_of_geometry_md)
{
    /* docs/rules-decisions.md: the base-case line of sight treats every wood as an obstacle, the one a
     * unit stands in included; the fire rules will decide how units in woods shoot out. */
    static const VlVec2 P[4] = {{0, 0}, {30, 0}, {30, 20}, {0, 20}};
    add_poly("w", VL_T_WOODS, P, 4);
    int f = add_line(12, 10, 0), t = add_line(12, 40, 180);
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(!s.clear);
}
END_TEST

START_TEST(units_in_contact_see_each_other)
{
    int f = add_line(12, 10, 0), t = add_line(12, 10, 180); /* front to front */
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(s.clear);
    ck_assert_near(vl_v2_dist(s.witness[0], s.witness[1]), 0, 1e-12);
}
END_TEST

START_TEST(moving_a_unit_updates_the_grid)
{
    int f = add_line(12, 10, 0);
    int t = vl_battlefield_add_unit(bf, (VlPose){{12, 40}, 180}, VL_GENERAL, VL_FORM_NONE, VL_WEAPON_NONE,
                                    vl_base_spec_default(VL_GENERAL));
    int mid = add_line(60, 25.98, 0);
    VlSight s;
    vl_sight(bf, f, t, &s);
    ck_assert(s.clear);
    vl_battlefield_set_unit(bf, mid, (VlPose){{12, 25.98}, 0}, VL_FORM_LINE);
    vl_sight(bf, f, t, &s);
    ck_assert(!s.clear);
    vl_battlefield_set_unit(bf, mid, (VlPose){{80, 25.98}, 0}, VL_FORM_LINE);
    vl_sight(bf, f, t, &s);
    ck_assert(s.clear);
}
END_TEST

/* vl_sight_all must give, on every ordered pair, exactly vl_sight's answer; under @p rules (REP-601),
 * vl_sight_all_ruled exactly vl_sight_ruled's. Returns the number of pairs compared; a mismatch fails
 * naming the pair. */
static int compare_all_pairs_ruled(const VlBattlefield *field, const VlSightRules *rules, const char *what)
{
    int n = vl_battlefield_unit_count(field);
    bool *clear = malloc(n ? (size_t)n * (size_t)n : 1);
    ck_assert_ptr_nonnull(clear);
    ck_assert(rules ? vl_sight_all_ruled(field, rules, clear) : vl_sight_all(field, clear));
    /* The rows shared out among 1, 2 or 3 threads: the same answers, byte for byte. */
    bool *again = malloc(n ? (size_t)n * (size_t)n : 1);
    ck_assert_ptr_nonnull(again);
    for (int threads = 1; threads <= 3; threads++) {
        memset(again, 0xAA, n ? (size_t)n * (size_t)n : 1);
        ck_assert(vl_sight_all_threads(field, rules, threads, again));
        ck_assert_msg(memcmp(again, clear, (size_t)n * (size_t)n) == 0, "%s%s: %d threads answer otherwise", what,
                      rules ? " (REP-601)" : "", threads);
    }
    free(again);
    int compared = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j) {
                ck_assert_msg(!clear[i * n + j], "%s: the diagonal %d -> %d is not false", what, i, j);
                continue;
            }
            VlSight s;
            if (rules)
                vl_sight_ruled(field, i, j, rules, NULL, NULL, &s);
            else
                vl_sight(field, i, j, &s);
            ck_assert_msg(s.clear == clear[i * n + j], "%s%s: unit %d -> %d: one pair says %s, all pairs %s", what,
                          rules ? " (REP-601)" : "", i, j, s.clear ? "clear" : "blocked",
                          clear[i * n + j] ? "clear" : "blocked");
            compared++;
        }
    free(clear);
    return compared;
}

static int compare_all_pairs(const VlBattlefield *field, const char *what)
{
    static const VlSightRules rep601 = {.blind_zones = true};
    return compare_all_pairs_ruled(field, NULL, what) + compare_all_pairs_ruled(field, &rep601, what);
}

/* Every scenario the project ships (scenarios/ and tests/scenarios/), as loaded, and again with every
 * third unit off the table (an inactive unit blocks nothing, but is still asked about). */
START_TEST(all_pairs_answer_is_the_per_pair_answer_on_every_shipped_scenario)
{
    static const char *const dirs[] = {VL_SOURCE_ROOT "/scenarios", VL_SOURCE_ROOT "/tests/scenarios"};
    int files = 0, pairs = 0, blocked = 0;
    for (int d = 0; d < 2; d++) {
        DIR *dir = opendir(dirs[d]);
        ck_assert_msg(dir != NULL, "cannot list %s", dirs[d]);
        struct dirent *e;
        while ((e = readdir(dir)) != NULL) {
            size_t len = strlen(e->d_name);
            if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dirs[d], e->d_name);
            VlScenario sc;
            VlDiagList diags = {0};
            ck_assert_msg(vl_scenario_load_file(path, &sc, &diags) == VL_OK, "%s does not load", path);
            VlBattlefield *field = vl_scenario_battlefield(&sc);
            ck_assert_ptr_nonnull(field);
            pairs += compare_all_pairs(field, path);
            for (int i = 0; i < sc.nunits; i++)
                for (int j = 0; j < sc.nunits; j++) {
                    VlSight s;
                    if (i != j) {
                        vl_sight(field, i, j, &s);
                        blocked += !s.clear;
                    }
                }
            for (int u = 0; u < sc.nunits; u += 3)
                vl_battlefield_set_active(field, u, false);
            pairs += compare_all_pairs(field, path);
            vl_battlefield_destroy(field);
            vl_scenario_free(&sc);
            files++;
        }
        closedir(dir);
    }
    ck_assert_int_ge(files, 4);
    ck_assert_int_ge(blocked, 5000); /* the full battle alone has 5,800 blocked pairs */
    ck_assert_int_ge(pairs, 4 * 7482); /* each pair with and without REP-601 */
}
END_TEST

static double rnd_in(uint64_t *state, double lo, double hi)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * (double)(*state >> 11) / 9007199254740992.0;
}

/* Crowded random tables, the all-pairs path's hard case: lines of units shoulder to shoulder with narrow
 * gaps (the pivots between neighbours, the lines through the gaps), columns and skirmishers among them,
 * woods, buildings and hills, some units standing on the hills, one in a wood. Every ordered pair, with
 * and without REP-601. */
START_TEST(all_pairs_answer_is_the_per_pair_answer_on_crowded_random_tables)
{
    uint64_t st = 39;
    int pairs = 0, tables = 0;
    for (int table = 0; table < 12; table++) {
        VlBattlefield *f = vl_battlefield_create(72, 48);
        ck_assert_ptr_nonnull(f);
        for (int h = 0; h < 2; h++) {
            double x = rnd_in(&st, 5, 50), y = rnd_in(&st, 5, 30), w = rnd_in(&st, 8, 18), d = rnd_in(&st, 6, 12);
            VlVec2 pts[4] = {{x, y}, {x + w, y}, {x + w, y + d}, {x, y + d}};
            VlTerrain t = {0};
            snprintf(t.id, sizeof t.id, "hill%d", h);
            t.type = VL_T_HILL;
            t.level = 1 + h;
            t.npts = 4;
            t.pts = pts;
            ck_assert_int_ge(vl_battlefield_add_terrain(f, &t), 0);
        }
        for (int w = 0; w < 4; w++) {
            double x = rnd_in(&st, 4, 62), y = rnd_in(&st, 4, 40);
            /* a concave wood (an L), a triangle, a building */
            VlVec2 ell[6] = {{x, y}, {x + 6, y}, {x + 6, y + 2}, {x + 2, y + 2}, {x + 2, y + 5}, {x, y + 5}};
            VlVec2 tri[3] = {{x, y}, {x + rnd_in(&st, 3, 7), y + rnd_in(&st, -1, 1)}, {x + 2, y + rnd_in(&st, 3, 6)}};
            VlVec2 box[4] = {{x, y}, {x + 3, y}, {x + 3, y + 2}, {x, y + 2}};
            VlTerrain t = {0};
            snprintf(t.id, sizeof t.id, "w%d", w);
            t.type = w == 3 ? VL_T_BUILDING : VL_T_WOODS;
            t.pts = w == 0 ? ell : w == 3 ? box : tri;
            t.npts = w == 0 ? 6 : w == 3 ? 4 : 3;
            ck_assert_int_ge(vl_battlefield_add_terrain(f, &t), 0);
        }
        /* two opposing lines of units, gaps of a fraction of an inch to a few inches */
        for (int side = 0; side < 2; side++) {
            double y = side ? rnd_in(&st, 30, 40) : rnd_in(&st, 8, 18), x = rnd_in(&st, 4, 10);
            double facing = side ? 180 : 0;
            for (int k = 0; k < 7 && x < 64; k++) {
                VlFormation form = k % 5 == 3 ? VL_FORM_COLUMN : VL_FORM_LINE;
                VlUnitType type = k % 4 == 2 ? VL_CAVALRY : VL_INFANTRY;
                double turn = rnd_in(&st, -12, 12);
                int u = vl_battlefield_add_unit(f, (VlPose){{x, y + rnd_in(&st, -2, 2)}, facing + turn}, type, form,
                                                VL_RIFLED, vl_base_spec_default(type));
                ck_assert_int_ge(u, 0);
                x += vl_battlefield_unit(f, u)->bounds.hi.x - vl_battlefield_unit(f, u)->bounds.lo.x +
                     rnd_in(&st, 0.05, 3);
            }
        }
        /* a few units anywhere, skirmishers among them */
        for (int k = 0; k < 6; k++) {
            VlFormation form = k % 2 ? VL_FORM_SKIRMISH : VL_FORM_LINE;
            ck_assert_int_ge(vl_battlefield_add_unit(f, (VlPose){{rnd_in(&st, 6, 66), rnd_in(&st, 6, 42)},
                                                                 rnd_in(&st, 0, 360)},
                                                     VL_INFANTRY, form, VL_RIFLED, vl_base_spec_default(VL_INFANTRY)),
                             0);
        }
        char what[32];
        snprintf(what, sizeof what, "crowded table %d", table);
        pairs += compare_all_pairs(f, what);
        vl_battlefield_set_active(f, table % vl_battlefield_unit_count(f), false);
        pairs += compare_all_pairs(f, what);
        vl_battlefield_destroy(f);
        tables++;
    }
    ck_assert_int_eq(tables, 12);
    ck_assert_int_ge(pairs, 12 * 4 * 15 * 14);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sight");
    TCase *tc = tcase_create("sight");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, clear_in_the_open);
    tcase_add_test(tc, sight_through_a_narrow_slanted_gap_between_two_woods);
    tcase_add_test(tc, closed_gap_between_two_woods_blocks_and_names_both);
    tcase_add_test(tc, grazing_two_woods_that_meet_at_a_corner_is_clear);
    tcase_add_test(tc, blocked_by_a_unit_between);
    tcase_add_test(tc, partly_screened_target_is_seen_round_the_screen);
    tcase_add_test(tc, firer_and_target_never_block_themselves);
    tcase_add_test(tc, target_seen_through_its_own_skirmish_gap_counts);
    tcase_add_test(tc, line_through_a_concave_woods_notch);
    tcase_add_test(tc, line_through_a_concave_woods_slot);
    tcase_add_test(tc, rough_hill_water_do_not_block_sight);
    tcase_add_test(tc, firer_inside_woods_is_blocked_by_the_letter_of_geometry_md);
    tcase_add_test(tc, units_in_contact_see_each_other);
    tcase_add_test(tc, moving_a_unit_updates_the_grid);
    tcase_add_test(tc, all_pairs_answer_is_the_per_pair_answer_on_every_shipped_scenario);
    tcase_add_test(tc, all_pairs_answer_is_the_per_pair_answer_on_crowded_random_tables);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
