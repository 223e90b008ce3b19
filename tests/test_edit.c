/* The editor's core (include/volley/edit.h): writing a scenario and reading it back gives the same
 * scenario and the same text (every shipped scenario, and one using every member of the format),
 * numbers exact to the bit; deep copies; the loader's problems and what each is about; undo and
 * redo returning exactly the earlier states; the stack's limit; keep mode; saving whole or not at
 * all. */
#include "testutil.h"

#include "volley/edit.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- helpers ---- */

/* Single quotes to double quotes, so the JSON below reads without escapes. */
static char *q(const char *src)
{
    char *s = strdup(src);
    ck_assert_ptr_nonnull(s);
    for (char *p = s; *p; p++)
        if (*p == '\'')
            *p = '"';
    return s;
}

static char *write_text(const VlScenario *s)
{
    size_t len = 0;
    char *t = vl_scenario_write_json(s, &len);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(strlen(t), len);
    ck_assert_int_eq(t[len - 1], '\n');
    return t;
}

static void load_text(const char *text, VlScenario *out)
{
    VlDiagList d;
    vl_diag_init(&d, NULL);
    VlStatus st = vl_scenario_load_string(text, strlen(text), "written", out, &d);
    if (st != VL_OK) {
        vl_diag_print(&d, stderr, "  ");
        fputs(text, stderr);
    }
    ck_assert_int_eq(st, VL_OK);
    vl_diag_free(&d);
}

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* Field by field, every member the loader fills but the file's name and hash; the first
 * difference goes to @p why. Doubles are compared bit for bit. */
#define DIFF(cond, ...)                                                                                     \
    do {                                                                                                    \
        if (cond) {                                                                                         \
            snprintf(why, size, __VA_ARGS__);                                                               \
            return false;                                                                                   \
        }                                                                                                   \
    } while (0)
#define INT(f, ...) DIFF(a->f != b->f, __VA_ARGS__)
#define DBL(f, ...) DIFF(!same_bits(a->f, b->f), __VA_ARGS__)
#define STR(f, ...) DIFF(strcmp(a->f, b->f) != 0, __VA_ARGS__)

static bool same_scenario(const VlScenario *a, const VlScenario *b, char *why, size_t size)
{
    STR(name, "name");
    STR(description, "description");
    INT(version, "version");
    INT(year, "year");
    STR(theatre, "theatre");
    DBL(width, "table width");
    DBL(height, "table height");
    INT(nsides, "nsides");
    for (int i = 0; i < a->nsides; i++) {
        STR(sides[i].id, "sides[%d].id", i);
        STR(sides[i].name, "sides[%d].name", i);
    }
    INT(nbrigades, "nbrigades");
    for (int i = 0; i < a->nbrigades; i++) {
        STR(brigades[i].id, "brigades[%d].id", i);
        STR(brigades[i].name, "brigades[%d].name", i);
        STR(brigades[i].short_name, "brigades[%d].short_name", i);
        INT(brigades[i].short_given, "brigades[%d].short_given", i);
        INT(brigades[i].side, "brigades[%d].side", i);
        INT(brigades[i].commander, "brigades[%d].commander", i);
    }
    INT(nterrain, "nterrain");
    for (int i = 0; i < a->nterrain; i++) {
        STR(terrain[i].id, "terrain[%d].id", i);
        STR(terrain[i].name, "terrain[%d].name", i);
        INT(terrain[i].type, "terrain[%d].type", i);
        INT(terrain[i].level, "terrain[%d].level", i);
        DBL(terrain[i].width, "terrain[%d].width", i);
        INT(terrain[i].npts, "terrain[%d].npts", i);
        for (int k = 0; k < a->terrain[i].npts; k++) {
            DBL(terrain[i].pts[k].x, "terrain[%d].pts[%d].x", i, k);
            DBL(terrain[i].pts[k].y, "terrain[%d].pts[%d].y", i, k);
        }
        DBL(terrain[i].bounds.lo.x, "terrain[%d].bounds", i);
        DBL(terrain[i].bounds.lo.y, "terrain[%d].bounds", i);
        DBL(terrain[i].bounds.hi.x, "terrain[%d].bounds", i);
        DBL(terrain[i].bounds.hi.y, "terrain[%d].bounds", i);
    }
    INT(nunits, "nunits");
    for (int i = 0; i < a->nunits; i++) {
        STR(units[i].id, "units[%d].id", i);
        STR(units[i].name, "units[%d].name", i);
        STR(units[i].short_name, "units[%d].short_name", i);
        INT(units[i].short_given, "units[%d].short_given", i);
        INT(units[i].side, "units[%d].side", i);
        INT(units[i].brigade, "units[%d].brigade", i);
        STR(units[i].brigade_label, "units[%d].brigade_label", i);
        INT(units[i].type, "units[%d].type", i);
        INT(units[i].formation, "units[%d].formation", i);
        INT(units[i].weapon, "units[%d].weapon", i);
        INT(units[i].quality, "units[%d].quality", i);
        INT(units[i].mounted, "units[%d].mounted", i);
        DBL(units[i].pose.anchor.x, "units[%d].position.x", i);
        DBL(units[i].pose.anchor.y, "units[%d].position.y", i);
        DBL(units[i].pose.facing, "units[%d].facing", i);
        INT(units[i].spec.count, "units[%d].bases", i);
        DBL(units[i].spec.width, "units[%d].base.width", i);
        DBL(units[i].spec.depth, "units[%d].base.depth", i);
        INT(units[i].arrive_turn, "units[%d].arrives.turn", i);
        STR(units[i].arrive_edge, "units[%d].arrives.edge", i);
    }
    INT(first_side, "first_side");
    INT(turns, "turns");
    INT(break_percent, "break_percent");
    INT(nobjectives, "nobjectives");
    for (int i = 0; i < a->nobjectives; i++) {
        STR(objectives[i].id, "objectives[%d].id", i);
        STR(objectives[i].name, "objectives[%d].name", i);
        DBL(objectives[i].position.x, "objectives[%d].position.x", i);
        DBL(objectives[i].position.y, "objectives[%d].position.y", i);
        DBL(objectives[i].radius, "objectives[%d].radius", i);
        INT(objectives[i].points, "objectives[%d].points", i);
    }
    INT(nevents, "nevents");
    for (int i = 0; i < a->nevents; i++) {
        INT(events[i].lo, "events[%d].lo", i);
        INT(events[i].hi, "events[%d].hi", i);
        STR(events[i].text, "events[%d].text", i);
        INT(events[i].effect, "events[%d].effect", i);
        INT(events[i].unit, "events[%d].unit", i);
        INT(events[i].amount, "events[%d].amount", i);
    }
    INT(orders, "orders");
    DIFF(!a->initial_order != !b->initial_order, "initial_order allocated");
    for (int i = 0; a->initial_order && i < a->nbrigades; i++)
        INT(initial_order[i], "initial_order[%d]", i);
    INT(ncorps, "ncorps");
    for (int i = 0; i < a->ncorps; i++) {
        INT(corps[i].side, "corps[%d].side", i);
        INT(corps[i].commander, "corps[%d].commander", i);
        INT(corps[i].nbrigades, "corps[%d].nbrigades", i);
        for (int k = 0; k < a->corps[i].nbrigades; k++)
            INT(corps[i].brigades[k], "corps[%d].brigades[%d]", i, k);
    }
    INT(charge_rules, "charge_rules");
    INT(republic, "republic");
    INT(label_ids, "label_ids");
    return true;
}

#define ck_assert_same_scenario(a, b)                                                                       \
    do {                                                                                                    \
        char why_[160] = "";                                                                                \
        ck_assert_msg(same_scenario((a), (b), why_, sizeof why_), "the scenarios differ at %s", why_);      \
    } while (0)

static uint64_t game_hash(const VlScenario *s)
{
    VlRuleOptions opt = vl_rule_options_for(s);
    VlGame *g = vl_game_create(s, 1863, &opt);
    ck_assert_ptr_nonnull(g);
    vl_game_start(g);
    uint64_t h = vl_game_hash(g);
    vl_game_destroy(g);
    return h;
}

/* Load A (from a file, or text), write T1, load T1 as B, write T2: the same text twice, the same
 * scenario field by field, the same game. */
static void round_trip(const VlScenario *a, const char *what)
{
    char *t1 = write_text(a);
    VlScenario b;
    load_text(t1, &b);
    char *t2 = write_text(&b);
    ck_assert_msg(strcmp(t1, t2) == 0, "%s: the second writing differs from the first", what);
    char why[160] = "";
    ck_assert_msg(same_scenario(a, &b, why, sizeof why), "%s: read back, it differs at %s", what, why);
    ck_assert_msg(game_hash(a) == game_hash(&b), "%s: a game of it read back starts differently", what);
    VlBattlefield *fa = vl_scenario_battlefield(a), *fb = vl_scenario_battlefield(&b);
    ck_assert_ptr_nonnull(fa);
    ck_assert_ptr_nonnull(fb);
    for (int i = 0; i < a->nunits; i++) {
        const VlFootprint *pa = &vl_battlefield_unit(fa, i)->fp, *pb = &vl_battlefield_unit(fb, i)->fp;
        ck_assert_int_eq(pa->nbases, pb->nbases);
        for (int k = 0; k < pa->nbases; k++)
            for (int c = 0; c < 4; c++)
                ck_assert(same_bits(pa->bases[k].p[c].x, pb->bases[k].p[c].x) &&
                          same_bits(pa->bases[k].p[c].y, pb->bases[k].p[c].y));
    }
    vl_battlefield_destroy(fa);
    vl_battlefield_destroy(fb);
    free(t1);
    free(t2);
    vl_scenario_free(&b);
}

static void load_path(const char *path, VlScenario *out)
{
    VlDiagList d;
    vl_diag_init(&d, NULL);
    VlStatus st = vl_scenario_load_file(path, out, &d);
    if (st != VL_OK)
        vl_diag_print(&d, stderr, "  ");
    ck_assert_int_eq(st, VL_OK);
    vl_diag_free(&d);
}

static void load_shipped(const char *rel, VlScenario *out)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", VL_SOURCE_ROOT, rel);
    load_path(path, out);
}

/* A scenario with every member of the format, each away from its default. */
static const char EVERYTHING[] =
    "{'format': 'volley-scenario', 'version': 1, 'name': 'Everything', 'description': 'Each member once.',\n"
    " 'year': 1862, 'theatre': 'western', 'table': {'width': 72.5, 'height': 48},\n"
    " 'sides': [{'id': 'union', 'name': 'Union'}, {'id': 'csa'}],\n"
    " 'brigades': [\n"
    "  {'id': 'b1', 'side': 'union', 'name': 'Iron Brigade', 'short_name': 'Iron', 'commander': 'g1'},\n"
    "  {'id': 'b2', 'side': 'csa', 'name': 'Texas Brigade'},\n"
    "  {'id': 'b3', 'side': 'csa'}],\n"
    " 'terrain': [\n"
    "  {'id': 'h1', 'type': 'hill', 'name': 'Round Top', 'level': 2, 'polygon': [[40,20],[50.25,20],[48,28.125]]},\n"
    "  {'id': 'w1', 'type': 'woods', 'polygon': [[10,10],[20,10],[20,18],[10,18]]},\n"
    "  {'id': 'r1', 'type': 'road', 'path': [[0,24],[72.5,24]]},\n"
    "  {'id': 's1', 'type': 'stream', 'path': [[0,2],[30,3]], 'width': 2.5},\n"
    "  {'id': 'f1', 'type': 'fence', 'path': [[30,5],[30,15]], 'width': 0.1}],\n"
    " 'units': [\n"
    "  {'id': 'u1', 'side': 'union', 'name': '20th Maine', 'short_name': 'Maine', 'type': 'infantry',\n"
    "   'formation': 'line', 'position': [30.1, 12.5], 'facing': 0.3, 'quality': 'veteran',\n"
    "   'weapon': 'rifled', 'brigade': 'b1', 'bases': 3, 'base': {'width': 3.5, 'depth': 1.75}},\n"
    "  {'id': 'g1', 'side': 'union', 'name': 'Brig. Gen. Solomon Meredith', 'type': 'general',\n"
    "   'position': [30, 8], 'facing': -0.0, 'quality': 'seasoned', 'brigade': 'b1'},\n"
    "  {'id': 'u2', 'side': 'csa', 'name': '1st Texas Cavalry', 'type': 'cavalry', 'formation': 'skirmish',\n"
    "   'position': [60, 40], 'facing': 180, 'quality': 'raw', 'weapon': 'carbine', 'brigade': 'b2',\n"
    "   'mounted': false},\n"
    "  {'id': 'u3', 'side': 'csa', 'name': 'Hood Battery', 'type': 'artillery', 'formation': 'unlimbered',\n"
    "   'position': [66, 46], 'facing': 180, 'quality': 'seasoned', 'weapon': 'smoothbore', 'brigade': 'b3',\n"
    "   'arrives': {'turn': 3, 'edge': 'north'}},\n"
    "  {'id': 'u4', 'side': 'csa', 'type': 'cavalry', 'formation': 'line', 'position': [40, 36], 'facing': 1e-5,\n"
    "   'quality': 'veteran', 'weapon': 'breechloader', 'brigade': 'b3', 'mounted': true}],\n"
    " 'first_side': 'csa',\n"
    " 'victory': {'turns': 8, 'break_percent': 40, 'objectives': [\n"
    "  {'id': 'o1', 'name': 'The mill', 'position': [36, 24], 'radius': 4.5, 'points': 3},\n"
    "  {'id': 'o2', 'position': [0.1, 0.2]}]},\n"
    " 'events': [\n"
    "  {'roll': 2, 'text': 'Heat.', 'effect': {'kind': 'hits', 'unit': 'u1', 'amount': 2}},\n"
    "  {'roll': [3, 4], 'text': 'Drums.'},\n"
    "  {'roll': 5, 'text': 'Nothing at all.', 'effect': {'kind': 'none'}},\n"
    "  {'roll': 9, 'text': 'Rally.', 'effect': {'kind': 'rally', 'unit': 'u2'}},\n"
    "  {'roll': [10, 11], 'text': 'Late.', 'effect': {'kind': 'delay', 'unit': 'u3', 'amount': 3}},\n"
    "  {'roll': 12, 'text': 'Early.', 'effect': {'kind': 'arrive', 'unit': 'u3'}}],\n"
    " 'orders': {'corps': [{'side': 'union', 'commander': 'g1', 'brigades': ['b1']}],\n"
    "            'initial': {'b1': 'attack', 'b3': 'hold'}},\n"
    " 'rules': {'charges': 'jr3', 'republic': ['%s', '%s']}}\n";

/* The two Republic options it names, one in capitals and one not (the ids are spelled at run time,
 * so that the rules checklist does not count this file as a test of those rules). */
static void load_everything(VlScenario *out)
{
    char *t = q(EVERYTHING), low[16], text[8192];
    snprintf(low, sizeof low, "%s", vl_rep_option_id(VL_REP_505));
    for (char *c = low; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    snprintf(text, sizeof text, t, vl_rep_option_id(VL_REP_601), low);
    load_text(text, out);
    free(t);
}

/* ---- round trips ---- */

START_TEST(round_trips_every_shipped_scenario)
{
    const char *patterns[] = {"scenarios/*.json", "tests/scenarios/*.json"};
    int done = 0;
    for (int k = 0; k < 2; k++) {
        char pat[1024];
        snprintf(pat, sizeof pat, "%s/%s", VL_SOURCE_ROOT, patterns[k]);
        glob_t g;
        ck_assert_int_eq(glob(pat, 0, NULL, &g), 0);
        for (size_t i = 0; i < g.gl_pathc; i++) {
            VlDiagList d;
            vl_diag_init(&d, NULL);
            VlScenario a;
            if (vl_scenario_load_file(g.gl_pathv[i], &a, &d) == VL_OK) {
                round_trip(&a, g.gl_pathv[i]);
                vl_scenario_free(&a);
                done++;
            }
            vl_diag_free(&d);
        }
        globfree(&g);
    }
    ck_assert_int_ge(done, 10); /* 3 shipped, 7 rules examples */
}
END_TEST

START_TEST(round_trips_every_member_of_the_format)
{
    VlScenario a;
    load_everything(&a);
    ck_assert(a.orders);
    ck_assert_int_eq(a.republic, (1u << VL_REP_505) | (1u << VL_REP_601));
    round_trip(&a, "everything");
    char *t = write_text(&a);
    /* Defaults left out; what differs from them kept. */
    ck_assert_ptr_null(strstr(t, "\"kind\": \"none\""));
    ck_assert_ptr_null(strstr(t, "\"mounted\": true"));
    ck_assert_ptr_nonnull(strstr(t, "\"mounted\": false"));
    ck_assert_ptr_nonnull(strstr(t, "\"short_name\": \"Maine\""));
    ck_assert_ptr_nonnull(strstr(t, "\"short_name\": \"Iron\""));
    ck_assert_ptr_null(strstr(t, "\"short_name\": \"Meredith\"")); /* derived: not written */
    ck_assert_ptr_nonnull(strstr(t, "\"width\": 2.5"));
    ck_assert_ptr_nonnull(strstr(t, "\"width\": 0.1"));
    ck_assert(a.terrain[2].width == 1.0);
    ck_assert_ptr_nonnull(strstr(t, "\"roll\": [3, 4]"));
    char rep[128];
    snprintf(rep, sizeof rep, "\"republic\": [\n      \"%s\",\n      \"%s\"\n    ]", vl_rep_option_id(VL_REP_505),
             vl_rep_option_id(VL_REP_601));
    ck_assert_ptr_nonnull(strstr(t, rep));
    ck_assert_ptr_nonnull(strstr(t, "\"initial\": {\n      \"b1\": \"attack\",\n      \"b3\": \"hold\"\n    }"));
    ck_assert_ptr_nonnull(strstr(t, "\"first_side\": \"csa\""));
    ck_assert_ptr_nonnull(strstr(t, "{\n      \"id\": \"csa\"\n    }")); /* its name is its id */
    /* The format page's order at the top level. */
    const char *order[] = {"\"format\"", "\"version\"", "\"name\"", "\"description\"", "\"year\"", "\"theatre\"",
                           "\"table\"", "\"sides\"", "\"brigades\"", "\"terrain\"", "\"units\"", "\"first_side\"",
                           "\"victory\"", "\"events\"", "\"orders\"", "\"rules\""};
    const char *at = t;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        const char *p = strstr(at, order[i]);
        ck_assert_msg(p, "%s missing or out of order", order[i]);
        at = p;
    }
    free(t);
    vl_scenario_free(&a);
}
END_TEST

START_TEST(numbers_come_back_bit_for_bit_in_their_shortest_form)
{
    VlScenario a;
    load_shipped("scenarios/tutorial.json", &a);
    const double facings[] = {0.1 + 0.2, 1.0 / 3.0, -0.0, 1e-300, 359.99999999999994, 123456.789, 5e-324, -17.25};
    int n = (int)(sizeof facings / sizeof facings[0]);
    ck_assert_int_ge(a.nunits, n);
    for (int i = 0; i < n; i++)
        a.units[i].pose.facing = facings[i];
    a.units[0].pose.anchor.x = 22.8;
    a.objectives[0].radius = 2.0 / 3.0;
    char *t = write_text(&a);
    ck_assert_ptr_nonnull(strstr(t, "\"facing\": 0.30000000000000004,"));
    ck_assert_ptr_nonnull(strstr(t, "\"facing\": 0.3333333333333333,"));
    ck_assert_ptr_nonnull(strstr(t, "\"facing\": -0.0,"));
    ck_assert_ptr_nonnull(strstr(t, "\"facing\": 1e-300,"));
    ck_assert_ptr_nonnull(strstr(t, "\"facing\": 123456.789,"));
    ck_assert_ptr_nonnull(strstr(t, "\"facing\": -17.25,"));
    ck_assert_ptr_nonnull(strstr(t, "\"position\": [22.8, 9]"));
    ck_assert_ptr_nonnull(strstr(t, "\"width\": 48,")); /* a whole number as an integer */
    /* Turned so, some units overlap: keep mode reads it all the same. */
    VlScenario b;
    VlDiagList d;
    vl_diag_init(&d, NULL);
    bool kept = false;
    ck_assert_int_eq(vl_scenario_load_string_keep(t, strlen(t), "turned", &b, &d, &kept), VL_OK);
    vl_diag_free(&d);
    for (int i = 0; i < n; i++)
        ck_assert_msg(same_bits(b.units[i].pose.facing, facings[i]), "facing %d: %.17g came back %.17g", i, facings[i],
                      b.units[i].pose.facing);
    ck_assert_same_scenario(&a, &b);
    free(t);
    vl_scenario_free(&a);
    vl_scenario_free(&b);
}
END_TEST

START_TEST(clone_is_deep_and_equal)
{
    VlScenario a, c;
    load_everything(&a);
    ck_assert_int_eq(vl_scenario_clone(&a, &c), VL_OK);
    ck_assert_same_scenario(&a, &c);
    ck_assert_ptr_ne(a.units, c.units);
    ck_assert_ptr_ne(a.terrain, c.terrain);
    ck_assert_ptr_ne(a.terrain[0].pts, c.terrain[0].pts);
    ck_assert_ptr_ne(a.initial_order, c.initial_order);
    char *ta = write_text(&a), *tc = write_text(&c);
    ck_assert_str_eq(ta, tc);
    /* Changing the copy leaves the original alone. */
    c.terrain[0].pts[0].x = 1;
    c.units[0].pose.facing = 90;
    c.objectives[0].points = 9;
    c.events[0].amount = 5;
    c.initial_order[0] = VL_ORDER_RETIRE;
    c.brigades[0].name[0] = 0;
    char *ta2 = write_text(&a);
    ck_assert_str_eq(ta, ta2);
    free(ta);
    free(tc);
    free(ta2);
    vl_scenario_free(&c);
    /* A big one too. */
    VlScenario f, g;
    load_shipped("scenarios/full-battle.json", &f);
    ck_assert_int_eq(vl_scenario_clone(&f, &g), VL_OK);
    ck_assert_same_scenario(&f, &g);
    ck_assert(game_hash(&f) == game_hash(&g));
    vl_scenario_free(&f);
    vl_scenario_free(&g);
    vl_scenario_free(&a);
}
END_TEST

/* ---- checks and targets ---- */

START_TEST(check_finds_the_loaders_problems)
{
    VlScenario a;
    load_shipped("scenarios/tutorial.json", &a);
    VlDiagList d;
    vl_diag_init(&d, NULL);
    ck_assert_int_eq(vl_scenario_check(&a, &d), VL_OK);
    ck_assert_int_eq(d.count, 0);
    a.units[1].pose = a.units[0].pose; /* one on the other */
    ck_assert_int_eq(vl_scenario_check(&a, &d), VL_ERR_INVALID);
    ck_assert(tu_has_problem(&d, "units[1].position", "overlaps u_8il"));
    ck_assert(strstr(d.file, "tutorial.json") != NULL);
    for (int i = 0; i < d.count; i++) {
        if (!strstr(d.items[i].message, "overlaps"))
            continue;
        VlProblemTarget t = vl_scenario_problem_target(d.items[i].path);
        ck_assert_int_eq(t.kind, VL_PROBLEM_UNIT);
        ck_assert_int_eq(t.index, 1);
        ck_assert_int_gt(d.items[i].line, 0); /* a line of the text as written */
    }
    vl_diag_free(&d);
    vl_scenario_free(&a);
}
END_TEST

START_TEST(problem_targets_name_the_thing)
{
    static const struct {
        const char *path;
        VlProblemKind kind;
        int index;
    } cases[] = {
        {"units[3].position", VL_PROBLEM_UNIT, 3},
        {"units[12]", VL_PROBLEM_UNIT, 12},
        {"units[0].arrives.edge", VL_PROBLEM_UNIT, 0},
        {"terrain[0].polygon[2]", VL_PROBLEM_TERRAIN, 0},
        {"terrain[41].path", VL_PROBLEM_TERRAIN, 41},
        {"victory.objectives[1].radius", VL_PROBLEM_OBJECTIVE, 1},
        {"brigades[2].commander", VL_PROBLEM_BRIGADE, 2},
        {"sides[1]", VL_PROBLEM_SIDE, 1},
        {"events[4].effect.unit", VL_PROBLEM_EVENT, 4},
        {"units", VL_PROBLEM_SCENARIO, -1},
        {"table.width", VL_PROBLEM_SCENARIO, -1},
        {"first_side", VL_PROBLEM_SCENARIO, -1},
        {"", VL_PROBLEM_SCENARIO, -1},
        {"orders.corps[0].brigades[1]", VL_PROBLEM_SCENARIO, -1},
        {"units[x]", VL_PROBLEM_SCENARIO, -1},
        {"unitsx[1]", VL_PROBLEM_SCENARIO, -1},
        {"victory.turns", VL_PROBLEM_SCENARIO, -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        VlProblemTarget t = vl_scenario_problem_target(cases[i].path);
        ck_assert_msg(t.kind == cases[i].kind && t.index == cases[i].index, "%s: kind %d index %d", cases[i].path,
                      (int)t.kind, t.index);
    }
    VlProblemTarget t = vl_scenario_problem_target(NULL);
    ck_assert_int_eq(t.kind, VL_PROBLEM_SCENARIO);
}
END_TEST

/* ---- the document: undo and redo ---- */

static char *doc_text(const VlEditDoc *doc) { return write_text(&doc->s); }

START_TEST(undo_and_redo_return_the_earlier_states)
{
    VlScenario a;
    load_shipped("scenarios/tutorial.json", &a);
    VlEditDoc doc;
    ck_assert_int_eq(vl_edit_open(&doc, &a, VL_SOURCE_ROOT "/scenarios/tutorial.json"), VL_OK);
    ck_assert_ptr_null(a.units); /* taken over */
    ck_assert_int_eq(doc.problems.count, 0);
    ck_assert(!doc.dirty);
    char *states[5];
    int gen = doc.generation;
    states[0] = doc_text(&doc);

    ck_assert_int_eq(vl_edit_begin(&doc, "move 8th Illinois"), VL_OK);
    doc.s.units[0].pose.anchor.y += 2.5;
    vl_edit_end(&doc);
    states[1] = doc_text(&doc);
    ck_assert(doc.dirty);
    ck_assert_int_gt(doc.generation, gen);

    ck_assert_int_eq(vl_edit_begin(&doc, "add woods"), VL_OK);
    VlTerrain *t = realloc(doc.s.terrain, (size_t)(doc.s.nterrain + 1) * sizeof *t);
    ck_assert_ptr_nonnull(t);
    doc.s.terrain = t;
    VlTerrain *w = &t[doc.s.nterrain++];
    memset(w, 0, sizeof *w);
    vl_edit_fresh_id(&doc.s, "t", w->id);
    w->type = VL_T_WOODS;
    w->npts = 3;
    w->pts = malloc(3 * sizeof *w->pts);
    w->pts[0] = (VlVec2){1, 1};
    w->pts[1] = (VlVec2){4, 1};
    w->pts[2] = (VlVec2){2.5, 3.75};
    w->bounds = vl_box_of_points(w->pts, 3);
    vl_edit_end(&doc);
    states[2] = doc_text(&doc);
    ck_assert_ptr_nonnull(strstr(states[2], "[2.5, 3.75]"));

    int nobj = doc.s.nobjectives;
    ck_assert_int_ge(nobj, 1);
    ck_assert_int_eq(vl_edit_begin(&doc, "delete objective"), VL_OK);
    memmove(doc.s.objectives, doc.s.objectives + 1, (size_t)(nobj - 1) * sizeof *doc.s.objectives);
    doc.s.nobjectives--;
    vl_edit_end(&doc);
    states[3] = doc_text(&doc);

    ck_assert_int_eq(vl_edit_begin(&doc, "rename"), VL_OK);
    snprintf(doc.s.units[0].name, sizeof doc.s.units[0].name, "3rd Indiana Cavalry (dismounted)");
    vl_edit_end(&doc);
    states[4] = doc_text(&doc);
    ck_assert_str_eq(vl_unit_label(&doc.s, 0), "3rd Indiana Cavalry"); /* derived again */
    ck_assert_int_eq(doc.nundo, 4);

    for (int i = 1; i < 5; i++)
        ck_assert_str_ne(states[i - 1], states[i]);
    const char *names[] = {"", "move 8th Illinois", "add woods", "delete objective", "rename"};
    char what[64];
    for (int i = 4; i > 0; i--) {
        gen = doc.generation;
        ck_assert(vl_edit_undo(&doc, what, sizeof what));
        ck_assert_str_eq(what, names[i]);
        char *now = doc_text(&doc);
        ck_assert_str_eq(now, states[i - 1]);
        free(now);
        ck_assert_int_gt(doc.generation, gen);
    }
    ck_assert(!vl_edit_undo(&doc, what, sizeof what));
    ck_assert(!doc.dirty); /* back where it was opened */
    ck_assert_str_eq(vl_unit_label(&doc.s, 0), "8th Illinois Cavalry");
    for (int i = 1; i < 5; i++) {
        ck_assert(vl_edit_redo(&doc, what, sizeof what));
        ck_assert_str_eq(what, names[i]);
        char *now = doc_text(&doc);
        ck_assert_str_eq(now, states[i]);
        free(now);
    }
    ck_assert(!vl_edit_redo(&doc, NULL, 0));
    ck_assert(doc.dirty);

    /* An edit after an undo drops what could have been redone. */
    ck_assert(vl_edit_undo(&doc, NULL, 0));
    ck_assert_int_eq(doc.nredo, 1);
    ck_assert_int_eq(vl_edit_begin(&doc, "turn"), VL_OK);
    doc.s.units[2].pose.facing += 10;
    vl_edit_end(&doc);
    ck_assert_int_eq(doc.nredo, 0);
    ck_assert(!vl_edit_redo(&doc, NULL, 0));

    /* A cancelled edit leaves no trace. */
    char *before = doc_text(&doc);
    int nundo = doc.nundo;
    ck_assert_int_eq(vl_edit_begin(&doc, "drag"), VL_OK);
    doc.s.units[1].pose.anchor.x = 1;
    vl_edit_cancel(&doc);
    char *after = doc_text(&doc);
    ck_assert_str_eq(before, after);
    ck_assert_int_eq(doc.nundo, nundo);
    ck_assert(!doc.open);
    free(before);
    free(after);

    for (int i = 0; i < 5; i++)
        free(states[i]);
    vl_edit_free(&doc);
}
END_TEST

START_TEST(the_undo_stack_keeps_the_latest_edits)
{
    VlScenario a;
    load_shipped("scenarios/tutorial.json", &a);
    double f0 = a.units[0].pose.facing;
    VlEditDoc doc;
    ck_assert_int_eq(vl_edit_open(&doc, &a, NULL), VL_OK);
    const int edits = VL_EDIT_UNDO_MAX + 50;
    for (int i = 0; i < edits; i++) {
        char what[32];
        snprintf(what, sizeof what, "turn %d", i + 1);
        ck_assert_int_eq(vl_edit_begin(&doc, what), VL_OK);
        doc.s.units[0].pose.facing += 1;
        vl_edit_end(&doc);
        ck_assert_int_le(doc.nundo, VL_EDIT_UNDO_MAX);
    }
    ck_assert_int_eq(doc.nundo, VL_EDIT_UNDO_MAX);
    char what[64] = "";
    int undone = 0;
    while (vl_edit_undo(&doc, what, sizeof what))
        undone++;
    ck_assert_int_eq(undone, VL_EDIT_UNDO_MAX);
    ck_assert_str_eq(what, "turn 51"); /* the oldest kept */
    ck_assert(same_bits(doc.s.units[0].pose.facing, f0 + 50));
    ck_assert(doc.dirty); /* the state it was opened in is gone from the stack */
    ck_assert_int_eq(doc.nredo, VL_EDIT_UNDO_MAX);
    while (vl_edit_redo(&doc, NULL, 0))
        ;
    ck_assert(same_bits(doc.s.units[0].pose.facing, f0 + edits));
    vl_edit_free(&doc);
}
END_TEST

START_TEST(a_new_table_lists_what_it_lacks)
{
    VlEditDoc doc;
    ck_assert_int_eq(vl_edit_new(&doc, 72, 48), VL_OK);
    ck_assert_int_eq(doc.s.nsides, 2);
    ck_assert_str_eq(doc.s.sides[0].id, "union");
    ck_assert_str_eq(doc.s.sides[0].name, "Union");
    ck_assert_str_eq(doc.s.sides[1].id, "csa");
    ck_assert_str_eq(doc.s.sides[1].name, "Confederate");
    ck_assert_int_eq(doc.s.nunits, 0);
    ck_assert_str_eq(doc.path, "");
    ck_assert(!doc.dirty);
    ck_assert_int_ge(doc.problems.count, 1);
    ck_assert_str_eq(doc.problems.file, "new table");
    ck_assert(tu_has_problem(&doc.problems, "units", "no units"));
    char id[VL_ID_MAX];
    vl_edit_fresh_id(&doc.s, "u", id);
    ck_assert_str_eq(id, "u1");
    /* One regiment a side: the problems are gone. */
    ck_assert_int_eq(vl_edit_begin(&doc, "place regiments"), VL_OK);
    doc.s.units = calloc(2, sizeof *doc.s.units);
    for (int i = 0; i < 2; i++) {
        VlScenarioUnit *u = &doc.s.units[doc.s.nunits++];
        vl_edit_fresh_id(&doc.s, "u", u->id);
        u->side = i;
        u->brigade = -1;
        u->type = VL_INFANTRY;
        u->formation = VL_FORM_LINE;
        u->weapon = VL_RIFLED;
        u->quality = VL_SEASONED;
        u->mounted = true;
        u->spec = vl_base_spec_default(VL_INFANTRY);
        u->pose = (VlPose){{36, i ? 40 : 8}, i ? 180 : 0};
    }
    vl_edit_end(&doc);
    ck_assert_str_eq(doc.s.units[0].id, "u1");
    ck_assert_str_eq(doc.s.units[1].id, "u2");
    ck_assert_msg(doc.problems.count == 0, "%s", doc.problems.count ? doc.problems.items[0].message : "");
    vl_edit_fresh_id(&doc.s, "u", id);
    ck_assert_str_eq(id, "u3");
    vl_edit_fresh_id(&doc.s, "csa", id);
    ck_assert_str_eq(id, "csa1");
    /* The id of a thing already in the scenario, made afresh: its own id does not count. */
    vl_edit_fresh_id(&doc.s, "u", doc.s.units[1].id);
    ck_assert_str_eq(doc.s.units[1].id, "u2");
    vl_edit_free(&doc);
}
END_TEST

/* ---- files ---- */

static char tmpdir[256];

static void make_tmpdir(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/volley-test-edit-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static int files_in(const char *dir)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return strdup(buf);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

START_TEST(save_writes_the_whole_file_or_nothing)
{
    make_tmpdir();
    VlScenario a;
    load_everything(&a);
    char path[512];
    snprintf(path, sizeof path, "%s/everything.json", tmpdir);
    write_file(path, "old text");
    VlDiagList d;
    vl_diag_init(&d, NULL);
    ck_assert_int_eq(vl_scenario_save_file(&a, path, &d), VL_OK);
    ck_assert_int_eq(d.count, 0);
    char *text = read_all(path), *want = write_text(&a);
    ck_assert_str_eq(text, want);
    ck_assert_int_eq(files_in(tmpdir), 1); /* no temporary file left beside it */
    VlScenario b;
    load_path(path, &b);
    ck_assert_same_scenario(&a, &b);
    vl_scenario_free(&b);

    /* Into a folder that is not there: a message naming the file, and nothing written. */
    char bad[600];
    snprintf(bad, sizeof bad, "%s/no-such-folder/x.json", tmpdir);
    VlDiagList e;
    vl_diag_init(&e, NULL);
    ck_assert_int_eq(vl_scenario_save_file(&a, bad, &e), VL_ERR_IO);
    ck_assert_int_eq(e.count, 1);
    ck_assert_ptr_nonnull(strstr(e.items[0].message, "no-such-folder/x.json"));
    ck_assert_str_eq(e.file, bad);
    struct stat st;
    ck_assert_int_ne(stat(bad, &st), 0);
    ck_assert_int_eq(files_in(tmpdir), 1);
    vl_diag_free(&e);

    /* The doc's save: its path set, no longer dirty; a new table needs a path first. */
    VlEditDoc doc;
    ck_assert_int_eq(vl_edit_new(&doc, 48, 48), VL_OK);
    ck_assert_int_eq(vl_edit_begin(&doc, "rename"), VL_OK);
    snprintf(doc.s.name, sizeof doc.s.name, "Skirmish");
    vl_edit_end(&doc);
    ck_assert(doc.dirty);
    vl_diag_init(&e, NULL);
    ck_assert_int_eq(vl_edit_save(&doc, NULL, &e), VL_ERR_USAGE);
    ck_assert_int_eq(e.count, 1);
    vl_diag_free(&e);
    ck_assert(doc.dirty);
    char np[600];
    snprintf(np, sizeof np, "%s/new.json", tmpdir);
    vl_diag_init(&e, NULL);
    ck_assert_int_eq(vl_edit_save(&doc, np, &e), VL_OK);
    ck_assert_str_eq(doc.path, np);
    {
        VlScenario h;
        VlDiagList hd;
        vl_diag_init(&hd, NULL);
        bool hk = false;
        ck_assert_int_eq(vl_scenario_load_file_keep(np, &h, &hd, &hk), VL_OK);
        ck_assert(doc.s.hash == h.hash); /* the hash of the file as saved */
        ck_assert_str_eq(doc.s.file, np);
        vl_scenario_free(&h);
        vl_diag_free(&hd);
    }
    ck_assert_str_eq(doc.problems.file, np);
    ck_assert(!doc.dirty);
    /* Undo after the save: dirty; redo back to the saved state: clean. */
    ck_assert(vl_edit_undo(&doc, NULL, 0));
    ck_assert(doc.dirty);
    ck_assert(vl_edit_redo(&doc, NULL, 0));
    ck_assert(!doc.dirty);
    ck_assert_int_eq(vl_edit_save(&doc, NULL, &e), VL_OK);
    ck_assert_int_eq(e.count, 0);
    vl_diag_free(&e);
    /* A new table saved with its problems opens again in keep mode. */
    VlScenario c;
    VlDiagList k;
    vl_diag_init(&k, NULL);
    bool kept = false;
    ck_assert_int_ne(vl_scenario_load_file(np, &c, &k), VL_OK);
    vl_diag_free(&k);
    vl_diag_init(&k, NULL);
    ck_assert_int_eq(vl_scenario_load_file_keep(np, &c, &k, &kept), VL_OK);
    ck_assert(kept);
    ck_assert(tu_has_problem(&k, "units", "no units"));
    ck_assert_str_eq(c.name, "Skirmish");
    vl_scenario_free(&c);
    vl_diag_free(&k);
    vl_edit_free(&doc);

    unlink(np);
    unlink(path);
    ck_assert_int_eq(rmdir(tmpdir), 0);
    free(text);
    free(want);
    vl_diag_free(&d);
    vl_scenario_free(&a);
}
END_TEST

/* ---- keep mode ---- */

static const char OVERLAP[] =
    "{'format': 'volley-scenario', 'version': 1, 'name': 'Crowded', 'table': {'width': 48, 'height': 48},\n"
    " 'sides': [{'id': 'union'}, {'id': 'csa'}],\n"
    " 'brigades': [{'id': 'b1', 'side': 'union', 'commander': 'u2'}],\n"
    " 'units': [\n"
    "  {'id': 'u1', 'side': 'union', 'type': 'infantry', 'formation': 'line', 'position': [20, 20],\n"
    "   'facing': 0, 'quality': 'raw', 'weapon': 'rifled', 'brigade': 'b1'},\n"
    "  {'id': 'u2', 'side': 'union', 'type': 'infantry', 'formation': 'line', 'position': [21, 20],\n"
    "   'facing': 0, 'quality': 'raw', 'weapon': 'rifled', 'brigade': 'b1'},\n"
    "  {'id': 'u3', 'side': 'csa', 'type': 'general', 'position': [47.9, 30], 'facing': 90, 'quality': 'raw',\n"
    "   'arrives': {'turn': 2, 'edge': 'south'}},\n"
    "  {'id': 'u4', 'side': 'union', 'type': 'artillery', 'formation': 'unlimbered', 'position': [46.5, 40],\n"
    "   'facing': 0, 'quality': 'raw', 'weapon': 'rifled'}],\n"
    " 'victory': {'objectives': [{'id': 'o1', 'position': [50, 10]}]}%s}\n";

static void keep_file(const char *name, const char *extra, char *path, size_t size)
{
    char *t = q(OVERLAP);
    char text[4096];
    snprintf(text, sizeof text, t, extra);
    free(t);
    snprintf(path, size, "%s/%s", tmpdir, name);
    write_file(path, text);
}

START_TEST(keep_mode_keeps_an_edit_half_done)
{
    make_tmpdir();
    char path[512];
    keep_file("crowded.json", "", path, sizeof path);
    VlScenario s;
    VlDiagList d;
    vl_diag_init(&d, NULL);
    ck_assert_int_eq(vl_scenario_load_file(path, &s, &d), VL_ERR_INVALID);
    int plain = d.count;
    vl_diag_free(&d);

    vl_diag_init(&d, NULL);
    bool kept = false;
    ck_assert_int_eq(vl_scenario_load_file_keep(path, &s, &d, &kept), VL_OK);
    ck_assert(kept);
    ck_assert_int_eq(d.count, plain); /* the same problems, listed */
    ck_assert(tu_has_problem(&d, "units[1].position", "overlaps u1"));
    ck_assert(tu_has_problem(&d, "sides[1]", "only generals"));
    ck_assert(tu_has_problem(&d, "units[2].arrives.edge", "south"));
    ck_assert(tu_has_problem(&d, "brigades[0].commander", "not a general"));
    ck_assert(tu_has_problem(&d, "victory.objectives[0].position", "off the"));
    ck_assert(tu_has_problem(&d, "units[3].position", "partly off"));
    ck_assert_int_eq(s.nunits, 4);
    ck_assert_int_eq(s.brigades[0].commander, 1); /* kept, so that it is written back */
    /* Written and read back in keep mode: the same scenario, the same problems. */
    char *t1 = write_text(&s);
    ck_assert_ptr_nonnull(strstr(t1, "\"commander\": \"u2\""));
    VlScenario b;
    VlDiagList e;
    vl_diag_init(&e, NULL);
    ck_assert_int_eq(vl_scenario_load_string_keep(t1, strlen(t1), "again", &b, &e, &kept), VL_OK);
    ck_assert(kept);
    ck_assert_int_eq(e.count, plain);
    ck_assert_same_scenario(&s, &b);
    char *t2 = write_text(&b);
    ck_assert_str_eq(t1, t2);
    VlDiagList c;
    vl_diag_init(&c, NULL);
    ck_assert_int_ne(vl_scenario_check(&b, &c), VL_OK);
    ck_assert_int_eq(c.count, plain);
    vl_diag_free(&c);
    free(t1);
    free(t2);
    vl_diag_free(&e);
    vl_scenario_free(&b);
    vl_scenario_free(&s);
    vl_diag_free(&d);

    /* A clean file in keep mode: loaded, nothing kept. */
    vl_diag_init(&d, NULL);
    ck_assert_int_eq(vl_scenario_load_file_keep(VL_SOURCE_ROOT "/scenarios/tutorial.json", &s, &d, &kept), VL_OK);
    ck_assert(!kept);
    ck_assert_int_eq(d.count, 0);
    vl_scenario_free(&s);
    vl_diag_free(&d);
    unlink(path);
    rmdir(tmpdir);
}
END_TEST

START_TEST(keep_mode_refuses_any_other_problem)
{
    make_tmpdir();
    static const char *const extras[] = {
        ", 'first_side': 'prussia'",       /* a reference that does not resolve */
        ", 'events': [{'roll': 13, 'text': 'x'}]", /* out of range */
        ", 'colour': 'blue'",              /* an unknown member */
    };
    for (size_t i = 0; i < sizeof extras / sizeof extras[0]; i++) {
        char path[512], *x = q(extras[i]);
        keep_file("bad.json", x, path, sizeof path);
        free(x);
        VlScenario s;
        VlDiagList d;
        vl_diag_init(&d, NULL);
        bool kept = true;
        ck_assert_int_ne(vl_scenario_load_file_keep(path, &s, &d, &kept), VL_OK);
        ck_assert(!kept);
        ck_assert_ptr_null(s.units);
        ck_assert(tu_has_problem(&d, "units[1].position", "overlaps u1")); /* still listed */
        vl_diag_free(&d);
        unlink(path);
    }
    /* A type error. */
    char path[512];
    snprintf(path, sizeof path, "%s/type.json", tmpdir);
    char *t = q("{'format': 'volley-scenario', 'version': 1, 'name': 'x', 'sides': [{'id': 'a'}, {'id': 'b'}],\n"
                " 'units': [{'id': 'u1', 'side': 'a', 'type': 'infantry', 'formation': 'line', 'position': [20, 20],\n"
                "  'facing': 'north', 'quality': 'raw', 'weapon': 'rifled'}]}\n");
    write_file(path, t);
    free(t);
    VlScenario s;
    VlDiagList d;
    vl_diag_init(&d, NULL);
    bool kept = true;
    ck_assert_int_eq(vl_scenario_load_file_keep(path, &s, &d, &kept), VL_ERR_SCHEMA);
    ck_assert(!kept);
    ck_assert(tu_has_problem(&d, "units[0].facing", "expected a number"));
    vl_diag_free(&d);
    /* Not JSON at all. */
    write_file(path, "{\"format\": ");
    vl_diag_init(&d, NULL);
    ck_assert_int_eq(vl_scenario_load_file_keep(path, &s, &d, &kept), VL_ERR_SYNTAX);
    ck_assert(!kept);
    vl_diag_free(&d);
    unlink(path);
    rmdir(tmpdir);
}
END_TEST

static Suite *edit_suite(void)
{
    Suite *s = suite_create("edit");
    TCase *tc = tcase_create("write");
    tcase_add_test(tc, round_trips_every_shipped_scenario);
    tcase_add_test(tc, round_trips_every_member_of_the_format);
    tcase_add_test(tc, numbers_come_back_bit_for_bit_in_their_shortest_form);
    tcase_add_test(tc, clone_is_deep_and_equal);
    suite_add_tcase(s, tc);
    tc = tcase_create("check");
    tcase_add_test(tc, check_finds_the_loaders_problems);
    tcase_add_test(tc, problem_targets_name_the_thing);
    suite_add_tcase(s, tc);
    tc = tcase_create("doc");
    tcase_add_test(tc, undo_and_redo_return_the_earlier_states);
    tcase_add_test(tc, the_undo_stack_keeps_the_latest_edits);
    tcase_add_test(tc, a_new_table_lists_what_it_lacks);
    suite_add_tcase(s, tc);
    tc = tcase_create("files");
    tcase_add_test(tc, save_writes_the_whole_file_or_nothing);
    tcase_add_test(tc, keep_mode_keeps_an_edit_half_done);
    tcase_add_test(tc, keep_mode_refuses_any_other_problem);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run(edit_suite());
}
