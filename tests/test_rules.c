/* The rule tables and verdicts of src/rules/fire.c, morale.c and close_combat.c: one test per table
 * or clause, named by its checklist id, and the fire verdict's explanation. Each test builds its
 * scenario inline (tu_load_ok) and asks the pure functions about a World; nothing is rolled.
 *
 * Geometry (docs/geometry.md): facing 0 is north (+y); the anchor is the middle of the front face.
 * An infantry line is two 100 x 50 mm bases side by side (7.874 x 1.9685 in); a battery four 33 x 50
 * mm bases (5.197 in wide). A firer at (48, 10) facing 0 has its front at y = 10; an enemy at (48, y)
 * facing 180 has its front at y, so the range is y - 10. The Union (side 0) faces north. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static struct {
    VlScenario s;
    VlWorld *w;
    bool loaded;
} fx;

static char g_units[16384], g_terrain[4096];

static void fx_free(void)
{
    if (fx.loaded) {
        vl_world_destroy(fx.w);
        vl_scenario_free(&fx.s);
    }
    memset(&fx, 0, sizeof fx);
    g_units[0] = g_terrain[0] = 0;
}

static void setup(void) { fx_free(); }
static void teardown(void) { fx_free(); }

/* A unit; extra: more JSON members or NULL. */
static void unit(const char *id, const char *side, const char *type, const char *form, const char *weapon, double x,
                 double y, double facing, const char *extra)
{
    tu_appendf(g_units, sizeof g_units, "%s\n{\"id\":\"%s\",\"side\":\"%s\",\"type\":\"%s\",", g_units[0] ? "," : "", id,
               side, type);
    if (strcmp(type, "general") != 0)
        tu_appendf(g_units, sizeof g_units, "\"formation\":\"%s\",\"weapon\":\"%s\",", form, weapon);
    tu_appendf(g_units, sizeof g_units, "\"position\":[%.17g,%.17g],\"facing\":%.17g,\"quality\":\"seasoned\"%s%s}", x, y,
               facing, extra ? "," : "", extra ? extra : "");
}
#define INF(id, side, form, weapon, x, y, f) unit(id, side, "infantry", form, weapon, x, y, f, NULL)
#define ART(id, side, form, weapon, x, y, f) unit(id, side, "artillery", form, weapon, x, y, f, NULL)

static void rect(const char *id, const char *type, double x0, double y0, double x1, double y1, int level)
{
    tu_appendf(g_terrain, sizeof g_terrain, "%s\n{\"id\":\"%s\",\"type\":\"%s\",", g_terrain[0] ? "," : "", id, type);
    if (level)
        tu_appendf(g_terrain, sizeof g_terrain, "\"level\":%d,", level);
    tu_appendf(g_terrain, sizeof g_terrain, "\"polygon\":[[%.17g,%.17g],[%.17g,%.17g],[%.17g,%.17g],[%.17g,%.17g]]}", x0, y0,
               x1, y0, x1, y1, x0, y1);
}

static void build(void)
{
    /* Each side needs a regiment (D-SCN-9); a situation with none of the Confederates gets one that
     * arrives by the north-east corner in turn 99, off the table (and out of every check) meanwhile. */
    if (!strstr(g_units, "\"csa\""))
        tu_appendf(g_units, sizeof g_units,
                   "%s{\"id\":\"csa_reserve\",\"side\":\"csa\",\"type\":\"infantry\",\"formation\":\"line\","
                   "\"weapon\":\"rifled\",\"position\":[90,94],\"facing\":180,\"quality\":\"raw\","
                   "\"arrives\":{\"turn\":99,\"edge\":\"north\"}}",
                   g_units[0] ? "," : "");
    static char text[sizeof g_units + sizeof g_terrain + 512];
    snprintf(text, sizeof text,
             "{\"format\":\"volley-scenario\",\"version\":1,\"name\":\"rules test\",\"table\":{\"width\":96,\"height\":96},"
             "\"sides\":[{\"id\":\"union\",\"name\":\"Union\"},{\"id\":\"csa\",\"name\":\"Confederate\"}],"
             "\"victory\":{\"break_percent\":100},\"terrain\":[%s],\"units\":[%s]}",
             g_terrain, g_units);
    tu_load_ok(text, &fx.s);
    fx.w = vl_world_create(&fx.s, 1);
    ck_assert_ptr_nonnull(fx.w);
    fx.w->turn = 1;
    fx.loaded = true;
}

static void rebuild(void) { fx_free(); }

static int U(const char *id)
{
    for (int i = 0; i < fx.s.nunits; i++)
        if (strcmp(fx.s.units[i].id, id) == 0)
            return i;
    ck_abort_msg("no unit %s", id);
    return -1;
}

static bool has_reason(const VlReasons *r, const char *clause, bool ok)
{
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->r[i].clause, clause) == 0 && r->r[i].ok == ok)
            return true;
    return false;
}

/* The dice of firer a at target t. */
static VlFireDice dice_of(const char *a, const char *t, unsigned flags)
{
    VlFireDice d;
    vl_fire_dice(fx.w, U(a), U(t), flags, &d, NULL);
    return d;
}

/* ---- fire ---- */

START_TEST(gor_art_3_artillery_dice_by_band_and_cover)
{
    /* Open ground: short 6, medium 4, long 3; 6s hit. */
    const double ranges[] = {10, 20, 50};
    const int expect[] = {6, 4, 3};
    for (int i = 0; i < 3; i++) {
        rebuild();
        ART("bat", "union", "unlimbered", "rifled", 48, 10, 0);
        INF("reb", "csa", "line", "rifled", 48, 10 + ranges[i], 180);
        build();
        VlFireDice d = dice_of("bat", "reb", 0);
        ck_assert(d.artillery && d.in_range);
        ck_assert_int_eq(d.band, i);
        ck_assert_int_eq(d.cover, VL_COVER_OPEN);
        ck_assert_int_eq(d.table, expect[i]);
        ck_assert_int_eq(d.dice, expect[i]);
        ck_assert_int_eq(d.hit_on, 6);
        ck_assert_near(vl_fire_expected_hits(fx.w, U("bat"), U("reb"), 0), expect[i] / 6.0, 1e-12);
    }
    /* Heavy cover (heavy woods holding the target): short 3, long 1. */
    const int heavy[] = {3, 2, 1};
    for (int i = 0; i < 3; i++) {
        rebuild();
        ART("bat", "union", "unlimbered", "rifled", 48, 10, 0);
        INF("reb", "csa", "line", "rifled", 48, 10 + ranges[i], 180);
        rect("hw", "heavy_woods", 40, 9 + ranges[i], 56, 14 + ranges[i], 0);
        build();
        VlFireDice d = dice_of("bat", "reb", 0);
        ck_assert_int_eq(d.cover, VL_COVER_HEAVY);
        ck_assert_int_eq(d.dice, heavy[i]);
    }
    /* Beyond long range (60 in): no fire. */
    rebuild();
    ART("bat", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("reb", "csa", "line", "rifled", 48, 75, 180);
    build();
    VlFireDice d = dice_of("bat", "reb", 0);
    ck_assert_int_eq(d.band, VL_BAND_BEYOND);
    ck_assert(!d.in_range);
    ck_assert_int_eq(d.dice, 0);
}
END_TEST

START_TEST(gor_art_4_artillery_modifiers)
{
    /* -1 against skirmishers. */
    ART("bat", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("skr", "csa", "skirmish", "rifled", 48, 20, 180);
    build();
    VlFireDice d = dice_of("bat", "skr", 0);
    ck_assert_int_eq(d.modifier, -1);
    ck_assert_int_eq(d.dice, 5);
    ck_assert_str_eq(d.mods, " -1 skirmishers");
    /* +3 against a square. */
    rebuild();
    ART("bat", "union", "unlimbered", "rifled", 48, 10, 0);
    unit("sq", "csa", "infantry", "square", "rifled", 48, 20, 180, "\"bases\":2");
    build();
    d = dice_of("bat", "sq", 0);
    ck_assert(d.enfilade);
    ck_assert_int_eq(d.dice, 9);
    ck_assert_str_eq(d.mods, " +3 against a square");
    /* GOR-CHG-6 free fire takes none of the +3, and planning may assume it. */
    ck_assert_int_eq(dice_of("bat", "sq", VL_FIRE_FREE).dice, 6);
    /* +1 for a friend of the target within 50 mm beyond it. */
    rebuild();
    ART("bat", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("reb", "csa", "line", "rifled", 48, 20, 180);
    INF("reb2", "csa", "line", "rifled", 48, 23, 180);
    build();
    d = dice_of("bat", "reb", 0);
    ck_assert(d.beyond && !d.enfilade);
    ck_assert_int_eq(d.dice, 7);
    ck_assert_int_eq(dice_of("bat", "reb", VL_FIRE_ASSUME_ENFILADE).dice, 9);
}
END_TEST

START_TEST(gor_art_5_smoothbore_range_and_split_battery)
{
    /* A smoothbore battery has no long range. */
    ART("sb", "union", "unlimbered", "smoothbore", 48, 10, 0);
    INF("reb", "csa", "line", "rifled", 48, 55, 180);
    build();
    VlFireDice d = dice_of("sb", "reb", 0);
    ck_assert_int_eq(d.band, VL_BAND_LONG);
    ck_assert(!d.in_range);
    ck_assert_int_eq(d.dice, 0);
    ck_assert_near(vl_artillery_max_range(VL_SMOOTHBORE), 40.0, 0);
    ck_assert_near(vl_artillery_max_range(VL_RIFLED), 60.0, 0);
    /* Two guns of four roll half, rounded down: 6 * 2 / 4 = 3. */
    rebuild();
    unit("half", "union", "artillery", "unlimbered", "rifled", 48, 10, 0, "\"bases\":2");
    INF("reb", "csa", "line", "rifled", 48, 20, 180);
    build();
    d = dice_of("half", "reb", 0);
    ck_assert(d.split);
    ck_assert_int_eq(d.dice, 3);
}
END_TEST

START_TEST(gor_art_2_unit_level_and_sight)
{
    /* The battery on a level-1 hill sees over a lower unit between it and its target. */
    rect("hill", "hill", 40, 0, 56, 12, 1);
    ART("bat", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("mid", "csa", "line", "rifled", 48, 20, 180);
    INF("reb", "csa", "line", "rifled", 48, 30, 180);
    build();
    ck_assert_int_eq(vl_unit_level(fx.w, U("bat")), 1);
    ck_assert_int_eq(vl_unit_level(fx.w, U("reb")), 0);
    VlSight plain, guns;
    vl_sight(fx.w->bf, U("bat"), U("reb"), &plain);
    vl_artillery_sight(fx.w, U("bat"), U("reb"), &guns);
    ck_assert(!plain.clear);
    ck_assert(guns.clear);
}
END_TEST

/* Whether a line is clear is kept for the questions asked again (src/rules/memo.c), under the units
 * that may stand in the way: a unit moved into the line, or out of it, gives the sight's own answer,
 * on the world and on a copy that shares its table and terrain. GOR-FIRE-1 (out of sight, no
 * target) and GOR-ART-2 (the battery on its hill sees over lower units) read it. */
START_TEST(gor_fire_1_sight_asked_again_after_a_unit_moves)
{
    rect("hill", "hill", 40, 0, 56, 12, 1);
    ART("bat", "union", "unlimbered", "rifled", 48, 10, 0);
    INF("u1", "union", "line", "rifled", 30, 10, 0);
    unit("mid", "csa", "infantry", "line", "rifled", 8, 40, 180, "\"bases\":3"); /* wider than the others */
    INF("reb", "csa", "line", "rifled", 48, 30, 180);
    INF("reb2", "csa", "line", "rifled", 30, 24, 180);
    build();
    int bat = U("bat"), u1 = U("u1"), mid = U("mid"), reb = U("reb"), reb2 = U("reb2");
    for (int ask = 0; ask < 2; ask++) { /* the second time from the table */
        ck_assert(vl_world_sees(fx.w, bat, reb, false));
        ck_assert(vl_world_sees(fx.w, bat, reb, true));
        ck_assert(vl_world_sees(fx.w, u1, reb2, false));
        ck_assert_int_eq(vl_fire_target(fx.w, u1, NULL, NULL), reb2);
    }
    VlWorld *copy = vl_world_clone(fx.w);
    ck_assert_ptr_nonnull(copy);
    /* mid steps between the battery and reb: the plain line is shut, the battery sees over it. */
    vl_battlefield_set_unit(fx.w->bf, mid, (VlPose){{48, 20}, 180}, VL_FORM_LINE);
    VlSight s;
    vl_world_sight(fx.w, bat, reb, &s);
    ck_assert(!s.clear);
    ck_assert(!vl_world_sees(fx.w, bat, reb, false));
    vl_artillery_sight(fx.w, bat, reb, &s);
    ck_assert(s.clear);
    ck_assert(vl_world_sees(fx.w, bat, reb, true));
    ck_assert(vl_world_sees(copy, bat, reb, false)); /* the copy's mid is still away */
    /* Then between u1 and reb2: u1 has no target in sight. */
    vl_battlefield_set_unit(fx.w->bf, mid, (VlPose){{30, 17}, 180}, VL_FORM_LINE);
    ck_assert(vl_world_sees(fx.w, bat, reb, false));
    ck_assert(!vl_world_sees(fx.w, u1, reb2, false));
    ck_assert_int_ne(vl_fire_target(fx.w, u1, NULL, NULL), reb2);
    ck_assert_int_eq(vl_fire_target(copy, u1, NULL, NULL), reb2);
    /* And far away again: both lines clear. */
    vl_battlefield_set_unit(fx.w->bf, mid, (VlPose){{90, 40}, 180}, VL_FORM_LINE);
    ck_assert(vl_world_sees(fx.w, bat, reb, false));
    ck_assert(vl_world_sees(fx.w, u1, reb2, false));
    vl_world_destroy(copy);
}
END_TEST

START_TEST(gor_fire_2_small_arms_dice_by_range)
{
    /* Rifled muskets in the open: 6 in 4 dice, 12 in 3, 18 in 2, beyond none; 6s hit. */
    const double ranges[] = {4, 10, 16, 20};
    const int expect[] = {4, 3, 2, 0};
    for (int i = 0; i < 4; i++) {
        rebuild();
        INF("u1", "union", "line", "rifled", 48, 10, 0);
        INF("c1", "csa", "line", "rifled", 48, 10 + ranges[i], 180);
        build();
        VlFireDice d = dice_of("u1", "c1", 0);
        ck_assert(!d.artillery);
        ck_assert_int_eq(d.band, i);
        ck_assert_int_eq(d.in_range, i < 3);
        ck_assert_int_eq(d.dice, expect[i]);
        ck_assert_int_eq(d.hit_on, 6);
    }
}
END_TEST

START_TEST(gor_fire_2_never_below_one_die)
{
    /* A square (-2) at long range (2 dice) against skirmishers (-1): still 1 die. */
    unit("sq", "union", "infantry", "square", "rifled", 48, 10, 0, "\"bases\":2");
    INF("skr", "csa", "skirmish", "rifled", 48, 25, 180);
    build();
    VlFireDice d = dice_of("sq", "skr", 0);
    ck_assert_int_eq(d.table, 2);
    ck_assert_int_eq(d.modifier, -3);
    ck_assert_int_eq(d.dice, 1);
}
END_TEST

START_TEST(d_fire_5_no_dice_at_long_range_in_heavy_cover)
{
    /* The table gives 0 dice at long range against heavy cover: no fire, no expected HITs (the
     * commander's old estimate counted 1 die here). */
    INF("u1", "union", "line", "rifled", 48, 10, 0);
    INF("c1", "csa", "line", "rifled", 48, 26, 180);
    rect("ent", "entrenchment", 40, 25, 56, 30, 0); /* heavy cover that does not hide it */
    build();
    VlFireDice d = dice_of("u1", "c1", 0);
    ck_assert_int_eq(d.cover, VL_COVER_HEAVY);
    ck_assert(d.in_range);
    ck_assert_int_eq(d.table, 0);
    ck_assert_int_eq(d.dice, 0);
    ck_assert_near(vl_fire_expected_hits(fx.w, U("u1"), U("c1"), 0), 0.0, 0);
    VlFireVerdict v;
    vl_resolve_fire(fx.w, U("u1"), -1, false, &v);
    ck_assert(v.may_fire && !v.legal);
    ck_assert_int_eq(v.rule_target, U("c1"));
    ck_assert(has_reason(&v.why, "GOR-FIRE-2", false));
}
END_TEST

START_TEST(gor_fire_3_weapon_ranges_and_modifiers)
{
    /* Smoothbores reach short range only; carbines medium. */
    INF("sb", "union", "line", "smoothbore", 20, 10, 0);
    INF("c1", "csa", "line", "rifled", 20, 18, 180);
    INF("cb", "union", "line", "carbine", 48, 10, 0);
    INF("c2", "csa", "line", "rifled", 48, 24, 180);
    INF("sk", "union", "skirmish", "rifled", 76, 10, 0);
    INF("c3", "csa", "skirmish", "rifled", 76, 14, 180);
    build();
    ck_assert(!dice_of("sb", "c1", 0).in_range);
    ck_assert(!dice_of("cb", "c2", 0).in_range);
    /* By skirmishers -1 and against skirmishers -1: 4 - 2 at short range. */
    VlFireDice d = dice_of("sk", "c3", 0);
    ck_assert_int_eq(d.modifier, -2);
    ck_assert_int_eq(d.dice, 2);
    ck_assert_str_eq(d.mods, " -1 against skirmishers -1 by skirmishers");
}
END_TEST

START_TEST(gor_fire_4_breech_loader_dice_hit_on_five)
{
    /* 8/16/24 in: 3, 2, 1 dice in the open; 5s and 6s hit. */
    const double ranges[] = {6, 12, 20};
    const int expect[] = {3, 2, 1};
    for (int i = 0; i < 3; i++) {
        rebuild();
        INF("bl", "union", "line", "breechloader", 48, 10, 0);
        INF("c1", "csa", "line", "rifled", 48, 10 + ranges[i], 180);
        build();
        VlFireDice d = dice_of("bl", "c1", 0);
        ck_assert_int_eq(d.dice, expect[i]);
        ck_assert_int_eq(d.hit_on, 5);
        ck_assert_near(vl_fire_expected_hits(fx.w, U("bl"), U("c1"), 0), expect[i] * 2 / 6.0, 1e-12);
    }
}
END_TEST

START_TEST(gor_fire_1_resolve_fire_explains_small_arms)
{
    INF("u1", "union", "line", "rifled", 48, 10, 0);
    INF("c1", "csa", "line", "rifled", 48, 20, 180);
    INF("c2", "csa", "line", "rifled", 20, 20, 180);
    build();
    VlFireVerdict v;
    vl_resolve_fire(fx.w, U("u1"), -1, false, &v);
    ck_assert(v.may_fire && v.legal && !v.artillery);
    ck_assert_int_eq(v.target, U("c1"));
    ck_assert_int_eq(v.rule_target, U("c1"));
    ck_assert_int_eq(v.dice.dice, 3);
    ck_assert(has_reason(&v.why, "GOR-FIRE-1", true));
    ck_assert(has_reason(&v.why, "GOR-FIRE-2", true));
    ck_assert(!vl_reasons_refuse(&v.why));
    /* Another target than the rule's is refused to a rifled musket. */
    vl_resolve_fire(fx.w, U("u1"), U("c2"), false, &v);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-FIRE-1", false));
    /* A unit that has acted may not fire at all. */
    fx.w->units[U("u1")].acted = true;
    vl_resolve_fire(fx.w, U("u1"), -1, false, &v);
    ck_assert(!v.may_fire && !v.legal);
    ck_assert(has_reason(&v.why, "GOR-TURN-3", false));
    /* Nor does a column (GOR-FORM-3). */
    rebuild();
    INF("u1", "union", "column", "rifled", 48, 10, 0);
    INF("c1", "csa", "line", "rifled", 48, 20, 180);
    build();
    vl_resolve_fire(fx.w, U("u1"), -1, false, &v);
    ck_assert(!v.may_fire);
    ck_assert(has_reason(&v.why, "GOR-FORM-3", false));
}
END_TEST

START_TEST(gor_fire_4_resolve_fire_breech_loader_share)
{
    /* Two enemies in a breech-loader's line of fire: the wider part shown is the rule's target; the
     * other may take a share of its dice; one outside the line of fire may not. */
    INF("bl", "union", "line", "breechloader", 48, 10, 0);
    INF("c1", "csa", "line", "rifled", 46, 20, 180);
    INF("c2", "csa", "line", "rifled", 55, 20, 180);
    INF("c3", "csa", "line", "rifled", 80, 20, 180);
    build();
    VlFireVerdict v;
    vl_resolve_fire(fx.w, U("bl"), -1, false, &v);
    ck_assert(v.legal && !v.share_only);
    ck_assert_int_eq(v.rule_target, U("c1"));
    ck_assert_int_eq(v.dice.dice, 2);
    ck_assert_int_eq(v.dice.hit_on, 5);
    vl_resolve_fire(fx.w, U("bl"), U("c2"), false, &v);
    ck_assert(v.legal && v.share_only);
    ck_assert_int_eq(v.target, U("c2"));
    ck_assert_int_eq(v.rule_target, U("c1"));
    ck_assert(has_reason(&v.why, "GOR-FIRE-4", true));
    vl_resolve_fire(fx.w, U("bl"), U("c3"), false, &v);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-FIRE-4", false));
}
END_TEST

START_TEST(gor_art_1_resolve_fire_explains_artillery)
{
    ART("bat", "union", "unlimbered", "rifled", 48, 10, 0);
    ART("lim", "union", "limbered", "rifled", 20, 10, 0);
    unit("sk", "csa", "infantry", "skirmish", "rifled", 48, 20, 180, NULL);
    INF("side", "csa", "line", "rifled", 90, 12, 270);
    build();
    VlFireVerdict v;
    vl_resolve_fire(fx.w, U("bat"), U("sk"), true, &v);
    ck_assert(v.artillery && v.may_fire && v.legal);
    ck_assert_int_eq(v.dice.dice, 5);
    ck_assert(has_reason(&v.why, "GOR-ART-2", true)); /* the line of fire is clear */
    ck_assert(has_reason(&v.why, "GOR-ART-3", true)); /* band, cover, dice */
    ck_assert(has_reason(&v.why, "GOR-ART-4", true)); /* -1 skirmishers */
    /* Outside the arc. */
    vl_resolve_fire(fx.w, U("bat"), U("side"), true, &v);
    ck_assert(v.may_fire && !v.legal);
    ck_assert(has_reason(&v.why, "GOR-ART-1", false));
    /* Limbered guns do not fire. */
    vl_resolve_fire(fx.w, U("lim"), U("sk"), true, &v);
    ck_assert(!v.may_fire);
    ck_assert(has_reason(&v.why, "GOR-ART-1", false));
    /* Beyond range. */
    rebuild();
    ART("sb", "union", "unlimbered", "smoothbore", 48, 10, 0);
    INF("reb", "csa", "line", "rifled", 48, 55, 180);
    build();
    vl_resolve_fire(fx.w, U("sb"), U("reb"), true, &v);
    ck_assert(!v.legal);
    ck_assert(has_reason(&v.why, "GOR-ART-5", false));
}
END_TEST

/* ---- morale ---- */

START_TEST(gor_mor_1_levels_and_odds)
{
    ck_assert_int_eq(vl_morale_level(VL_RAW), 7);
    ck_assert_int_eq(vl_morale_level(VL_SEASONED), 6);
    ck_assert_int_eq(vl_morale_level(VL_VETERAN), 5);
    /* The total must exceed the level; equal fails by 1. */
    ck_assert_int_eq(vl_morale_fail_by(6, 7), 0);
    ck_assert_int_eq(vl_morale_fail_by(6, 6), 1);
    ck_assert_int_eq(vl_morale_fail_by(6, 3), 4);
    ck_assert_near(vl_morale_pass_chance(6, 0), 21 / 36.0, 1e-12);
    ck_assert_near(vl_morale_pass_chance(7, -1), 10 / 36.0, 1e-12);
    ck_assert_near(vl_morale_pass_chance(5, 10), 1.0, 0);
    ck_assert_near(vl_morale_fail_chance(6, 0, 1), 15 / 36.0, 1e-12);
    ck_assert_near(vl_morale_fail_chance(6, 0, 4), 3 / 36.0, 1e-12); /* 2D6 <= 3 */
}
END_TEST

START_TEST(gor_mor_2_standard_modifiers)
{
    unit("u1", "union", "infantry", "line", "rifled", 48, 10, 0, "\"brigade\":\"b1\"");
    unit("gen", "union", "general", NULL, NULL, 48, 10 - TU_INF_D, 0, "\"brigade\":\"b1\"");
    build();
    int u = U("u1");
    char why[96];
    fx.w->units[u].hits = 3;
    /* -1 for 2 of the 3 HITs, +1 the commander touching its rear. */
    int m0 = vl_morale_standard_modifier(fx.w, u, 0, -1, why, sizeof why);
    int touching = vl_footprint_distance(&vl_world_unit(fx.w, u)->fp, &vl_world_unit(fx.w, U("gen"))->fp) == 0;
    ck_assert_int_eq(touching, 1);
    ck_assert_int_eq(m0, -1 + touching);
    ck_assert_str_eq(why, "0 threatened flanks, -1 for HITs, +1 commander in contact");
    /* One HIT more makes 4: -2; two threatened flanks given: -2 more. */
    ck_assert_int_eq(vl_morale_standard_modifier(fx.w, u, 1, -1, NULL, 0), -2 + touching);
    ck_assert_int_eq(vl_morale_standard_modifier(fx.w, u, 1, 2, why, sizeof why), -4 + touching);
    ck_assert_int_eq(vl_threatened_flanks(fx.w, u), 0);
}
END_TEST

START_TEST(gor_mor_3_charge_modifiers)
{
    unit("cav", "union", "cavalry", "line", "carbine", 48, 10, 0, NULL);
    unit("sq", "csa", "infantry", "square", "rifled", 48, 14, 180, "\"bases\":2");
    INF("skr", "csa", "skirmish", "rifled", 20, 14, 180);
    build();
    char why[96];
    ck_assert_int_eq(vl_morale_charge_modifier(fx.w, U("cav"), U("sq"), VL_FACE_FRONT, true, why, sizeof why), -2);
    ck_assert_str_eq(why, " -2 cavalry against square");
    ck_assert_int_eq(vl_morale_charge_modifier(fx.w, U("cav"), U("skr"), VL_FACE_LEFT, false, why, sizeof why), 3);
    /* Planning: the same charge at a line that may form square. */
    ck_assert_int_eq(vl_morale_charge_modifier(fx.w, U("cav"), U("skr"), VL_FACE_LEFT, true, NULL, 0), 1);
    ck_assert_int_eq(VL_MORALE_CC_LOSER, -1); /* GOR-MOR-4 */
}
END_TEST

START_TEST(gor_cmdr_1_survival_odds)
{
    unit("cav", "union", "cavalry", "line", "carbine", 48, 10, 0, NULL);
    INF("inf", "union", "line", "rifled", 20, 10, 0);
    build();
    ck_assert_int_eq(vl_cmdr_survival_modifier(fx.w, -1, 1), 0);
    ck_assert_int_eq(vl_cmdr_survival_modifier(fx.w, -1, 2), 2);
    ck_assert_int_eq(vl_cmdr_survival_modifier(fx.w, U("cav"), 0), 2);
    ck_assert_int_eq(vl_cmdr_survival_modifier(fx.w, U("inf"), 1), 0);
    ck_assert(vl_cmdr_removed(11) && !vl_cmdr_removed(10));
    ck_assert_near(vl_cmdr_loss_chance(fx.w, -1, 1), 3 / 36.0, 1e-12);
    ck_assert_near(vl_cmdr_loss_chance(fx.w, -1, 2), 10 / 36.0, 1e-12);
    ck_assert_near(vl_cmdr_loss_chance(fx.w, U("cav"), 0), 10 / 36.0, 1e-12);
}
END_TEST

/* ---- close combat ---- */

START_TEST(gor_cc_2_close_combat_table)
{
    INF("inf", "union", "line", "rifled", 10, 10, 0);
    unit("cav", "union", "cavalry", "line", "carbine", 30, 10, 0, NULL);
    INF("dinf", "csa", "line", "rifled", 10, 40, 180);
    unit("dcav", "csa", "cavalry", "line", "carbine", 30, 40, 180, NULL);
    ART("dart", "csa", "unlimbered", "rifled", 50, 40, 180);
    build();
    const char *def[3] = {"dinf", "dcav", "dart"};
    const int by_inf[4][2] = {{6, 3}, {4, 2}, {8, 2}, {5, 2}}, by_cav[4][2] = {{7, 3}, {6, 4}, {9, 2}, {3, 3}};
    int a, d;
    for (int i = 0; i < 4; i++) {
        int t = U(def[i < 3 ? i : 0]);
        vl_cc_table_dice(fx.w, U("inf"), t, i == 3, &a, &d);
        ck_assert_int_eq(a, by_inf[i][0]);
        ck_assert_int_eq(d, by_inf[i][1]);
        vl_cc_table_dice(fx.w, U("cav"), t, i == 3, &a, &d);
        ck_assert_int_eq(a, by_cav[i][0]);
        ck_assert_int_eq(d, by_cav[i][1]);
    }
}
END_TEST

START_TEST(gor_cc_3_close_combat_modifiers)
{
    INF("att", "union", "line", "rifled", 48, 10, 0);
    INF("skr", "csa", "skirmish", "rifled", 48, 10, 180);
    build();
    VlCcDice cd;
    /* At the flank (+3) of skirmishers (+3), with 2 more attackers (+4) and 1 defender beside (+2). */
    vl_cc_dice(fx.w, U("att"), U("skr"), VL_FACE_LEFT, false, 2, 1, 0, &cd);
    ck_assert_int_eq(cd.att_table, 6);
    ck_assert_int_eq(cd.att_mod, 10);
    ck_assert_int_eq(cd.att, 16);
    ck_assert_int_eq(cd.def_mod, 2);
    ck_assert_int_eq(cd.def, 5);
    ck_assert_str_eq(cd.att_why, " +4 supporting units +3 flank/rear +3 against skirmishers");
    /* A skirmishing attacker gives the defender +3; heavy cover costs the attacker 3. */
    rebuild();
    INF("att", "union", "skirmish", "rifled", 48, 10, 0);
    INF("def", "csa", "line", "rifled", 48, 10, 180);
    rect("hw", "heavy_woods", 40, 9, 56, 14, 0);
    build();
    vl_cc_dice(fx.w, U("att"), U("def"), VL_FACE_FRONT, false, 0, 0, 0, &cd);
    ck_assert_int_eq(cd.att_mod, -3);
    ck_assert_int_eq(cd.def_mod, 3);
    ck_assert_str_eq(cd.att_why, " -3 heavy cover");
    /* Planning: the charge's supporters will stand behind it (+3), the defender may form square. */
    vl_cc_dice(fx.w, U("att"), U("def"), VL_FACE_FRONT, true, 0, 0, VL_CC_ASSUME_SUPPORT, &cd);
    ck_assert_int_eq(cd.att_table, 5);
    ck_assert_int_eq(cd.att_mod, 0);
    ck_assert_str_eq(cd.att_why, " +3 rear support -3 heavy cover");
}
END_TEST

START_TEST(gor_cc_4_loser_results)
{
    INF("inf", "union", "line", "rifled", 10, 10, 0);
    INF("skr", "union", "skirmish", "rifled", 30, 10, 0);
    ART("guns", "union", "unlimbered", "rifled", 50, 10, 0);
    build();
    int h;
    ck_assert_int_eq(vl_cc_loser_result(fx.w, U("inf"), 0, &h), VL_CC_HOLDS);
    ck_assert_int_eq(vl_cc_loser_result(fx.w, U("inf"), 1, &h), VL_CC_HITS);
    ck_assert_int_eq(h, 1);
    ck_assert_int_eq(vl_cc_loser_result(fx.w, U("skr"), 1, &h), VL_CC_HITS);
    ck_assert_int_eq(h, 2);
    ck_assert_int_eq(vl_cc_loser_result(fx.w, U("inf"), 2, &h), VL_CC_RETIRES);
    ck_assert_int_eq(vl_cc_loser_result(fx.w, U("inf"), 3, &h), VL_CC_RETIRES);
    ck_assert_int_eq(vl_cc_loser_result(fx.w, U("inf"), 4, &h), VL_CC_ROUTS);
    ck_assert_int_eq(vl_cc_loser_result(fx.w, U("guns"), 2, &h), VL_CC_OVERRUN);
    ck_assert_int_eq(vl_cc_loser_result(fx.w, U("guns"), 1, &h), VL_CC_HITS);
}
END_TEST

/* GOR-ART-3, GOR-FIRE-4, GOR-CC-2: a die hitting on 6s, or 5s and 6s. */
START_TEST(gor_fire_4_hit_chance_and_expected_hits)
{
    ck_assert(vl_hit_chance(6) == 1.0 / 6);
    ck_assert(vl_hit_chance(VL_CC_HIT_ON) == 1.0 / 6); /* GOR-CC-2: 6s hit */
    ck_assert(vl_hit_chance(5) == 2 / 6.0);
    ck_assert(vl_expected_hits(7, 6) == 7 / 6.0);
    ck_assert(vl_expected_hits(5, 5) == 10 / 6.0);
    ck_assert(vl_expected_hits(0, 6) == 0);
}
END_TEST

/* GOR-FIRE-5: the test after 2 HITs in a phase; 2 in back a point failed. */
START_TEST(gor_fire_5_fire_test_fall_back)
{
    ck_assert_int_eq(VL_FIRE_TEST_HITS, 2);
    ck_assert(vl_fire_test_fall_back(1) == 2.0);
    ck_assert(vl_fire_test_fall_back(3) == 6.0);
    ck_assert(vl_fire_test_fall_back(0) == 0.0);
}
END_TEST

/* GOR-RALLY-1: a passed rally takes 2 HITs off; GOR-RETR-1: 5 HITs bring the retreat test. */
START_TEST(gor_rally_1_two_hits_off)
{
    ck_assert_int_eq(vl_rally_hits_after(5), 3);
    ck_assert_int_eq(vl_rally_hits_after(2), 0);
    ck_assert_int_eq(vl_rally_hits_after(1), 0);
    ck_assert_int_eq(vl_rally_hits_after(0), 0);
    ck_assert_int_eq(VL_RETREAT_TEST_HITS, 5); /* GOR-RETR-1 */
    ck_assert_int_eq(VL_RETREAT_FAIL_HITS, 1);
}
END_TEST

/* GOR-CHG-8: skirmishers receiving a charge: pass, may fall back 10 in; fail by 1-2, back 10 in with
 * 1 HIT; by more, stay with 2 HITs. */
START_TEST(gor_chg_8_skirmishers_receiving_a_charge)
{
    double back;
    int hits;
    ck_assert_int_eq(vl_skirmisher_charge_result(0, &back, &hits), VL_SKIRM_PASSES);
    ck_assert(back == 10.0);
    ck_assert_int_eq(hits, 0);
    for (int k = 1; k <= 2; k++) {
        ck_assert_int_eq(vl_skirmisher_charge_result(k, &back, &hits), VL_SKIRM_FALLS_BACK);
        ck_assert(back == 10.0);
        ck_assert_int_eq(hits, 1);
    }
    for (int k = 3; k <= 12; k++) {
        ck_assert_int_eq(vl_skirmisher_charge_result(k, &back, &hits), VL_SKIRM_STAYS);
        ck_assert(back == 0.0);
        ck_assert_int_eq(hits, 2);
    }
    ck_assert_int_eq(vl_skirmisher_charge_result(4, NULL, NULL), VL_SKIRM_STAYS);
}
END_TEST

static Suite *rules_suite(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("fire");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_art_3_artillery_dice_by_band_and_cover);
    tcase_add_test(tc, gor_art_4_artillery_modifiers);
    tcase_add_test(tc, gor_art_5_smoothbore_range_and_split_battery);
    tcase_add_test(tc, gor_art_2_unit_level_and_sight);
    tcase_add_test(tc, gor_fire_1_sight_asked_again_after_a_unit_moves);
    tcase_add_test(tc, gor_fire_2_small_arms_dice_by_range);
    tcase_add_test(tc, gor_fire_2_never_below_one_die);
    tcase_add_test(tc, d_fire_5_no_dice_at_long_range_in_heavy_cover);
    tcase_add_test(tc, gor_fire_3_weapon_ranges_and_modifiers);
    tcase_add_test(tc, gor_fire_4_breech_loader_dice_hit_on_five);
    tcase_add_test(tc, gor_fire_1_resolve_fire_explains_small_arms);
    tcase_add_test(tc, gor_fire_4_resolve_fire_breech_loader_share);
    tcase_add_test(tc, gor_art_1_resolve_fire_explains_artillery);
    tcase_add_test(tc, gor_fire_4_hit_chance_and_expected_hits);
    tcase_add_test(tc, gor_fire_5_fire_test_fall_back);
    suite_add_tcase(s, tc);
    tc = tcase_create("morale");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_mor_1_levels_and_odds);
    tcase_add_test(tc, gor_mor_2_standard_modifiers);
    tcase_add_test(tc, gor_mor_3_charge_modifiers);
    tcase_add_test(tc, gor_cmdr_1_survival_odds);
    tcase_add_test(tc, gor_rally_1_two_hits_off);
    suite_add_tcase(s, tc);
    tc = tcase_create("close_combat");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gor_cc_2_close_combat_table);
    tcase_add_test(tc, gor_cc_3_close_combat_modifiers);
    tcase_add_test(tc, gor_cc_4_loser_results);
    tcase_add_test(tc, gor_chg_8_skirmishers_receiving_a_charge);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(rules_suite()); }
