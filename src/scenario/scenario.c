/* Scenario files: docs/scenario-format.md, plus Volley's additions (description, year,
 * theatre, brigades, feature names). Parsed with jansson (duplicate keys refused); every problem
 * found is reported with line, column and JSON path, and the checks go on after the first one so
 * that a designer sees all of them at once. */
#include "volley/scenario.h"

#include "jsonpos.h"
#include "read.h"
#include "volley/edit.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest file we read, and most units / features / points: far beyond any real table, small
 * enough that a hostile file cannot make the checks slow. */
#define MAX_FILE_BYTES (16u << 20)
#define MAX_UNITS 1000
#define MAX_TERRAIN 1000
#define MAX_BRIGADES 200
#define MAX_TOTAL_POINTS 20000 /* all terrain points together: the simplicity checks are quadratic */

/* Bounds on lengths (inches; docs/scenario-format.md "Bounds", D-SCN-8). A wargame table runs from
 * a foot square for a skirmish to some tens of feet for a convention game; 40 ft covers the
 * largest. A base is at least a fifth of an inch (a 6 mm figure's) and at most a foot; a line
 * feature at least a twentieth of an inch wide and at most a foot (a river is water, an area); an
 * objective's radius from a quarter inch to 4 ft. Together they keep every coordinate and every
 * area the screen and the rules work with to a few hundred inches. */
#define TABLE_MIN 12.0
#define TABLE_MAX 480.0
#define BASE_MIN 0.2
#define BASE_MAX 12.0
#define LINE_WIDTH_MIN 0.05
#define LINE_WIDTH_MAX 12.0
#define RADIUS_MIN 0.25
#define RADIUS_MAX 48.0

/* ---- ids ---- */

typedef struct IdRef {
    const char *id;
    char where[48];
} IdRef;

static int find_side(const VlScenario *s, const char *id)
{
    for (int i = 0; i < s->nsides; i++)
        if (strcmp(s->sides[i].id, id) == 0)
            return i;
    return -1;
}

static int find_brigade(const VlScenario *s, const char *id)
{
    for (int i = 0; i < s->nbrigades; i++)
        if (strcmp(s->brigades[i].id, id) == 0)
            return i;
    return -1;
}

int vl_scenario_find_unit(const VlScenario *s, const char *id)
{
    for (int i = 0; i < s->nunits; i++)
        if (strcmp(s->units[i].id, id) == 0)
            return i;
    return -1;
}

/* ---- sections ---- */

static void parse_table(Ctx *cx, json_t *root, VlScenario *s)
{
    static const char *const keys[] = {"width", "height", NULL};
    s->width = 96;
    s->height = 48;
    json_t *t = sc_member(cx, root, "", "table", false);
    cx->table_ok = !t; /* the default table is a good one */
    if (!t || !sc_expect_object(cx, t, "table"))
        return;
    sc_check_keys(cx, t, "table", keys);
    static const char fix[] = "a table is 12 in (1 ft) to 480 in (40 ft) each way";
    bool w = sc_get_range(cx, t, "table", "width", true, TABLE_MIN, TABLE_MAX, fix, &s->width);
    bool h = sc_get_range(cx, t, "table", "height", true, TABLE_MIN, TABLE_MAX, fix, &s->height);
    cx->table_ok = w && h;
}

static void parse_sides(Ctx *cx, json_t *root, VlScenario *s)
{
    static const char *const keys[] = {"id", "name", NULL};
    json_t *arr = sc_get_array(cx, root, "", "sides", true, 2);
    if (!arr)
        return;
    if (json_array_size(arr) != 2) {
        sc_problem(cx, VL_ERR_SCHEMA, "sides", false, "expected exactly 2 sides, found %zu", json_array_size(arr));
    }
    for (size_t i = 0; i < json_array_size(arr) && i < 2; i++) {
        char p[64];
        snprintf(p, sizeof p, "sides[%zu]", i);
        json_t *o = json_array_get(arr, i);
        if (!sc_expect_object(cx, o, p))
            continue;
        sc_check_keys(cx, o, p, keys);
        VlSide *sd = &s->sides[s->nsides++];
        sc_get_id(cx, o, p, "id", true, sd->id);
        if (!sc_get_string(cx, o, p, "name", false, sd->name, sizeof sd->name) || !sd->name[0])
            memcpy(sd->name, sd->id, sizeof sd->id); /* both end in a NUL within VL_ID_MAX <= VL_NAME_MAX */
    }
}

static void parse_brigades(Ctx *cx, json_t *root, VlScenario *s, char (*commander)[VL_ID_MAX], char (*side)[VL_ID_MAX])
{
    static const char *const keys[] = {"id", "side", "name", "short_name", "commander", NULL};
    json_t *arr = sc_get_array(cx, root, "", "brigades", false, MAX_BRIGADES);
    if (!arr)
        return;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[64];
        snprintf(p, sizeof p, "brigades[%zu]", i);
        json_t *o = json_array_get(arr, i);
        VlBrigade *b = &s->brigades[s->nbrigades++];
        b->side = -1;
        b->commander = -1;
        if (!sc_expect_object(cx, o, p))
            continue;
        sc_check_keys(cx, o, p, keys);
        sc_get_id(cx, o, p, "id", true, b->id);
        sc_get_string(cx, o, p, "name", false, b->name, sizeof b->name);
        sc_get_string(cx, o, p, "short_name", false, b->short_name, sizeof b->short_name);
        b->short_given = b->short_name[0] != 0;
        sc_get_id(cx, o, p, "side", true, side[i]);
        sc_get_id(cx, o, p, "commander", false, commander[i]);
    }
}

static const char *const areal_choices = "woods, heavy_woods, rough, building, hill, water, entrenchment, road, fence, "
                                         "wall, hedge, stream";

static void parse_terrain(Ctx *cx, json_t *root, VlScenario *s)
{
    static const char *const keys[] = {"id", "type", "name", "polygon", "path", "width", "level", NULL};
    json_t *arr = sc_get_array(cx, root, "", "terrain", false, MAX_TERRAIN);
    if (!arr)
        return;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[64], q[96];
        snprintf(p, sizeof p, "terrain[%zu]", i);
        json_t *o = json_array_get(arr, i);
        if (!sc_expect_object(cx, o, p))
            continue;
        sc_check_keys(cx, o, p, keys);
        VlTerrain t = {0};
        int type = -1;
        sc_get_id(cx, o, p, "id", true, t.id);
        sc_get_string(cx, o, p, "name", false, t.name, sizeof t.name);
        if (!sc_get_enum(cx, o, p, "type", true, vl_terrain_type_parse, areal_choices, &type) || type < 0)
            continue;
        t.type = (VlTerrainType)type;
        bool areal = t.type < VL_T_AREAL_COUNT;
        const char *shape = areal ? "polygon" : "path";
        const char *wrong = areal ? "path" : "polygon";
        if (json_object_get(o, wrong)) {
            sc_join(q, sizeof q, p, wrong);
            sc_problem(cx, VL_ERR_SCHEMA, q, true, "%s is %s terrain: give it a \"%s\", not a \"%s\"", t.id,
                    areal ? "areal" : "linear", shape, wrong);
        }
        if (t.type == VL_T_HILL)
            sc_get_int(cx, o, p, "level", true, 1, 9, &t.level);
        else if (json_object_get(o, "level")) {
            sc_join(q, sizeof q, p, "level");
            sc_problem(cx, VL_ERR_SCHEMA, q, true, "only hills have a level");
        }
        if (areal && json_object_get(o, "width")) {
            sc_join(q, sizeof q, p, "width");
            sc_problem(cx, VL_ERR_SCHEMA, q, true, "only linear terrain (road, fence, wall, hedge, stream) has a width");
        }
        if (!areal) {
            /* Defaults: a road or stream about an inch wide, a fence, wall or hedge a thin line. */
            t.width = (t.type == VL_T_ROAD || t.type == VL_T_STREAM) ? 1.0 : 0.2;
            sc_get_range(cx, o, p, "width", false, LINE_WIDTH_MIN, LINE_WIDTH_MAX,
                      "a line feature is 0.05 to 12 in wide (draw a wide river as water, an area)", &t.width);
        }
        json_t *pts = sc_member(cx, o, p, shape, true);
        if (!pts)
            continue;
        sc_join(q, sizeof q, p, shape);
        if (!sc_as_points(cx, pts, q, areal ? 3 : 2, &t.pts, &t.npts))
            continue;
        cx->total_points += t.npts;
        if (cx->total_points > MAX_TOTAL_POINTS) {
            sc_problem(cx, VL_ERR_SCHEMA, q, false, "the terrain has more than %d points in all; simplify the map",
                    MAX_TOTAL_POINTS);
            free(t.pts);
            return;
        }
        /* Terrain lies on the table (D-SCN-4): a point on the edge is on it, so a road may run to
         * the edge and a wood be cut by it. The first point off it is named; the feature is then
         * left out of the checks that follow (its far-off coordinates would only make them slow). */
        if (cx->table_ok) {
            int off = -1;
            for (int k = 0; k < t.npts && off < 0; k++)
                if (!sc_on_table(s, t.pts[k]))
                    off = k;
            if (off >= 0) {
                char r[128];
                snprintf(r, sizeof r, "%s[%d]", q, off);
                sc_problem(cx, VL_ERR_INVALID, r, false,
                        "%s: point %d (%g, %g) is off the %g x %g table; terrain must lie on the table, its edges "
                        "included: cut the feature at the edge (x from 0 to %g, y from 0 to %g)",
                        t.id, off, t.pts[off].x, t.pts[off].y, s->width, s->height, s->width, s->height);
                free(t.pts);
                continue;
            }
        }
        char why[200];
        if (areal && !vl_poly_is_simple(t.pts, t.npts, why, sizeof why))
            sc_problem(cx, VL_ERR_INVALID, q, false, "%s: the polygon is not simple: %s", t.id, why);
        if (!areal)
            for (int k = 0; k + 1 < t.npts; k++)
                if (vl_v2_dist(t.pts[k], t.pts[k + 1]) <= VL_EPS) {
                    sc_problem(cx, VL_ERR_INVALID, q, false, "%s: points %d and %d are the same place", t.id, k, k + 1);
                    break;
                }
        t.bounds = vl_box_of_points(t.pts, t.npts);
        s->terrain[s->nterrain++] = t;
    }
}

static int parse_unit_type(const char *x) { return vl_unit_type_parse(x); }

static void parse_units(Ctx *cx, json_t *root, VlScenario *s, bool *unit_ok)
{
    static const char *const keys[] = {"id",      "side",    "name",    "short_name", "type",  "formation",
                                       "position", "facing", "quality", "weapon",     "brigade", "mounted",
                                       "bases",   "base",    "arrives", NULL};
    static const char *const arrive_keys[] = {"turn", "edge", NULL};
    static const char *const base_keys[] = {"width", "depth", NULL};
    json_t *arr = sc_get_array(cx, root, "", "units", true, MAX_UNITS);
    if (!arr)
        return;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[64], q[96];
        snprintf(p, sizeof p, "units[%zu]", i);
        json_t *o = json_array_get(arr, i);
        VlScenarioUnit *u = &s->units[s->nunits];
        memset(u, 0, sizeof *u);
        u->side = u->brigade = -1;
        u->mounted = true;
        if (!sc_expect_object(cx, o, p))
            continue;
        int before = cx->diags->count;
        sc_check_keys(cx, o, p, keys);
        sc_get_id(cx, o, p, "id", true, u->id);
        sc_get_string(cx, o, p, "name", false, u->name, sizeof u->name);
        sc_get_string(cx, o, p, "short_name", false, u->short_name, sizeof u->short_name);
        u->short_given = u->short_name[0] != 0;
        char side[VL_ID_MAX] = "";
        if (sc_get_id(cx, o, p, "side", true, side) && side[0]) {
            u->side = find_side(s, side);
            if (u->side < 0 && s->nsides > 0) {
                sc_join(q, sizeof q, p, "side");
                sc_problem(cx, VL_ERR_INVALID, q, false, "%s: no side has id \"%s\" (sides: %s, %s)", u->id, side,
                        s->sides[0].id, s->nsides > 1 ? s->sides[1].id : "-");
            }
        }
        int type = -1;
        sc_get_enum(cx, o, p, "type", true, parse_unit_type, "infantry, cavalry, artillery, general", &type);
        int quality = -1;
        sc_get_enum(cx, o, p, "quality", true, vl_quality_parse, "raw, seasoned, veteran", &quality);
        u->quality = quality < 0 ? VL_SEASONED : (VlQuality)quality;
        json_t *pos = sc_member(cx, o, p, "position", true);
        if (pos) {
            sc_join(q, sizeof q, p, "position");
            /* Its front face's midpoint is on the table if its footprint is: one far off is refused
             * here, before any footprint is worked out from it. */
            if (sc_as_point(cx, pos, q, &u->pose.anchor) && cx->table_ok && !sc_on_table(s, u->pose.anchor)) {
                cx->soft = true;
                sc_problem(cx, VL_ERR_INVALID, q, false,
                        "%s stands at (%g, %g), off the %g x %g table; put it on the table (x from 0 to %g, y from 0 "
                        "to %g)",
                        u->id, u->pose.anchor.x, u->pose.anchor.y, s->width, s->height, s->width, s->height);
                cx->soft = false;
            }
        }
        sc_get_number(cx, o, p, "facing", true, &u->pose.facing);
        json_t *mounted = json_object_get(o, "mounted");
        if (mounted) {
            sc_join(q, sizeof q, p, "mounted");
            if (!json_is_boolean(mounted))
                sc_problem(cx, VL_ERR_SCHEMA, q, false, "expected true or false, found %s", sc_json_kind(mounted));
            else if (type >= 0 && type != VL_CAVALRY)
                sc_problem(cx, VL_ERR_SCHEMA, q, true, "only cavalry can be mounted or dismounted");
            else
                u->mounted = json_is_true(mounted);
        }
        int form = VL_FORM_NONE, weapon = VL_WEAPON_NONE;
        if (type == VL_GENERAL) {
            /* A general is a single command base: no formation, no firearm of its own. */
            for (const char *k = "formation"; k; k = strcmp(k, "formation") == 0 ? "weapon" : NULL)
                if (json_object_get(o, k)) {
                    sc_join(q, sizeof q, p, k);
                    sc_problem(cx, VL_ERR_SCHEMA, q, true, "a general has no %s", k);
                }
        } else if (type >= 0) {
            if (sc_get_enum(cx, o, p, "formation", true, vl_formation_parse,
                         "line, skirmish, column, square, unlimbered, limbered", &form) &&
                json_object_get(o, "formation")) {
                sc_join(q, sizeof q, p, "formation");
                const char *allowed = NULL;
                if (type == VL_ARTILLERY && form != VL_FORM_UNLIMBERED && form != VL_FORM_LIMBERED)
                    allowed = "artillery is unlimbered or limbered";
                else if (type == VL_INFANTRY && (form == VL_FORM_UNLIMBERED || form == VL_FORM_LIMBERED))
                    allowed = "infantry uses line, skirmish, column or square";
                else if (type == VL_CAVALRY && u->mounted && form != VL_FORM_LINE && form != VL_FORM_COLUMN)
                    allowed = "mounted cavalry uses line or column (dismounted cavalry, \"mounted\": false, "
                              "skirmishes or forms square)";
                else if (type == VL_CAVALRY && !u->mounted && form != VL_FORM_SKIRMISH && form != VL_FORM_SQUARE)
                    allowed = "dismounted cavalry is in skirmish order or square (GOR-FORM-6)";
                if (allowed)
                    sc_problem(cx, VL_ERR_INVALID, q, false, "%s: %s, not %s", u->id, allowed,
                            vl_formation_name((VlFormation)form));
            }
            if (sc_get_enum(cx, o, p, "weapon", true, vl_weapon_parse, "rifled, smoothbore, carbine, breechloader",
                         &weapon) &&
                type == VL_ARTILLERY && (weapon == VL_CARBINE || weapon == VL_BREECHLOADER)) {
                sc_join(q, sizeof q, p, "weapon");
                sc_problem(cx, VL_ERR_INVALID, q, false, "%s: artillery pieces are rifled or smoothbore", u->id);
            }
        }
        u->type = type < 0 ? VL_INFANTRY : (VlUnitType)type;
        u->formation = (VlFormation)form;
        u->weapon = (VlWeapon)weapon;
        u->spec = vl_base_spec_default(u->type);
        sc_get_int(cx, o, p, "bases", false, 1, VL_MAX_BASES, &u->spec.count);
        if (form == VL_FORM_SQUARE && u->spec.count != 2 && json_object_get(o, "bases")) {
            sc_join(q, sizeof q, p, "bases");
            sc_problem(cx, VL_ERR_INVALID, q, false, "%s: a square is formed of exactly 2 bases", u->id);
        }
        json_t *base = json_object_get(o, "base");
        if (base) {
            sc_join(q, sizeof q, p, "base");
            if (sc_expect_object(cx, base, q)) {
                sc_check_keys(cx, base, q, base_keys);
                static const char fix[] = "a base is 0.2 to 12 in each way (100 mm is 3.94 in)";
                sc_get_range(cx, base, q, "width", true, BASE_MIN, BASE_MAX, fix, &u->spec.width);
                sc_get_range(cx, base, q, "depth", true, BASE_MIN, BASE_MAX, fix, &u->spec.depth);
            }
        }
        sc_get_id(cx, o, p, "brigade", false, u->brigade_label);
        json_t *arr_o = json_object_get(o, "arrives");
        if (arr_o) {
            sc_join(q, sizeof q, p, "arrives");
            if (sc_expect_object(cx, arr_o, q)) {
                sc_check_keys(cx, arr_o, q, arrive_keys);
                sc_get_int(cx, arr_o, q, "turn", true, 2, 99, &u->arrive_turn);
                if (sc_get_string(cx, arr_o, q, "edge", true, u->arrive_edge, sizeof u->arrive_edge) &&
                    json_object_get(arr_o, "edge") && strcmp(u->arrive_edge, "north") && strcmp(u->arrive_edge, "south") &&
                    strcmp(u->arrive_edge, "east") && strcmp(u->arrive_edge, "west")) {
                    char e[128];
                    sc_join(e, sizeof e, q, "edge");
                    sc_problem(cx, VL_ERR_SCHEMA, e, false, "expected north, south, east or west, found \"%s\"", u->arrive_edge);
                }
            }
        }
        unit_ok[s->nunits] = cx->diags->count == before;
        s->nunits++;
    }
}

/* ---- content checks across sections ---- */

/* One namespace for every id (D-SCN-5): sides, brigades, terrain, units and objectives. Each id is
 * reported at its second use, naming the first. */
static void check_ids(Ctx *cx, const VlScenario *s)
{
    int total = s->nsides + s->nbrigades + s->nterrain + s->nunits + s->nobjectives;
    IdRef *refs = malloc((size_t)(total > 0 ? total : 1) * sizeof *refs);
    if (!refs)
        return;
    int n = 0;
    for (int i = 0; i < s->nsides; i++) {
        refs[n].id = s->sides[i].id;
        snprintf(refs[n++].where, sizeof refs[0].where, "sides[%d]", i);
    }
    for (int i = 0; i < s->nbrigades; i++) {
        refs[n].id = s->brigades[i].id;
        snprintf(refs[n++].where, sizeof refs[0].where, "brigades[%d]", i);
    }
    for (int i = 0; i < s->nterrain; i++) {
        refs[n].id = s->terrain[i].id;
        snprintf(refs[n++].where, sizeof refs[0].where, "terrain[%d]", i);
    }
    for (int i = 0; i < s->nunits; i++) {
        refs[n].id = s->units[i].id;
        snprintf(refs[n++].where, sizeof refs[0].where, "units[%d]", i);
    }
    for (int i = 0; i < s->nobjectives; i++) {
        refs[n].id = s->objectives[i].id;
        snprintf(refs[n++].where, sizeof refs[0].where, "victory.objectives[%d]", i);
    }
    /* Ids are short and lists small; quadratic is fine and keeps the first use as the reference. */
    for (int i = 0; i < n; i++) {
        if (!refs[i].id[0])
            continue;
        for (int j = 0; j < i; j++)
            if (strcmp(refs[i].id, refs[j].id) == 0) {
                char p[64];
                snprintf(p, sizeof p, "%s.id", refs[i].where);
                sc_problem(cx, VL_ERR_INVALID, p, false,
                        "id \"%s\" is already used by %s; ids must be unique across sides, brigades, terrain, units "
                        "and objectives: rename one of them",
                        refs[i].id, refs[j].where);
                break;
            }
    }
    free(refs);
}

static void resolve_brigades(Ctx *cx, VlScenario *s, char (*commander)[VL_ID_MAX], char (*side)[VL_ID_MAX],
                             bool have_list)
{
    for (int i = 0; i < s->nbrigades; i++) {
        VlBrigade *b = &s->brigades[i];
        char p[64];
        if (side[i][0]) {
            b->side = find_side(s, side[i]);
            if (b->side < 0) {
                snprintf(p, sizeof p, "brigades[%d].side", i);
                sc_problem(cx, VL_ERR_INVALID, p, false, "brigade %s: no side has id \"%s\"", b->id, side[i]);
            }
        }
        if (commander[i][0]) {
            int u = vl_scenario_find_unit(s, commander[i]);
            snprintf(p, sizeof p, "brigades[%d].commander", i);
            if (u < 0) {
                sc_problem(cx, VL_ERR_INVALID, p, false, "brigade %s: no unit has id \"%s\"", b->id, commander[i]);
                continue;
            }
            /* A commander who is not (or no longer) a general of the brigade's side is an edit half
             * done: kept in keep mode, the commander with it, so that writing it back loses nothing. */
            cx->soft = true;
            if (s->units[u].type != VL_GENERAL)
                sc_problem(cx, VL_ERR_INVALID, p, false, "brigade %s: its commander %s is %s, not a general", b->id,
                        commander[i], vl_unit_type_name(s->units[u].type));
            else if (b->side >= 0 && s->units[u].side >= 0 && s->units[u].side != b->side)
                sc_problem(cx, VL_ERR_INVALID, p, false, "brigade %s: its commander %s fights for the other side", b->id,
                        commander[i]);
            else
                b->commander = u;
            cx->soft = false;
            if (cx->keep)
                b->commander = u;
        }
    }
    for (int i = 0; i < s->nunits; i++) {
        VlScenarioUnit *u = &s->units[i];
        if (!u->brigade_label[0] || !have_list)
            continue; /* without a brigades list, brigade ids are free labels (docs/rules-decisions.md) */
        char p[64];
        snprintf(p, sizeof p, "units[%d].brigade", i);
        u->brigade = find_brigade(s, u->brigade_label);
        if (u->brigade < 0)
            sc_problem(cx, VL_ERR_INVALID, p, false, "%s: no brigade has id \"%s\"", u->id, u->brigade_label);
        else if (u->side >= 0 && s->brigades[u->brigade].side >= 0 && s->brigades[u->brigade].side != u->side) {
            cx->soft = true; /* a unit moved to the other side before its brigade: kept in keep mode */
            sc_problem(cx, VL_ERR_INVALID, p, false, "%s: brigade %s belongs to the other side", u->id, u->brigade_label);
            cx->soft = false;
        }
    }
}

static void check_placement(Ctx *cx, const VlScenario *s, const bool *unit_ok)
{
    VlBattlefield *bf = vl_scenario_battlefield(s);
    if (!bf) {
        sc_problem(cx, VL_ERR_NOMEM, "", false, "out of memory");
        return;
    }
    const double area_eps = 1e-9; /* square inches: touching units are allowed */
    for (int i = 0; i < s->nunits; i++) {
        if (!unit_ok[i])
            continue;
        const VlScenarioUnit *u = &s->units[i];
        const VlFootprint *fp = &vl_battlefield_unit(bf, i)->fp;
        char p[64];
        snprintf(p, sizeof p, "units[%d].position", i);
        for (int b = 0; b < fp->nbases; b++) {
            bool off = false;
            for (int k = 0; k < 4; k++) {
                VlVec2 c = fp->bases[b].p[k];
                off |= c.x < -VL_EPS || c.y < -VL_EPS || c.x > s->width + VL_EPS || c.y > s->height + VL_EPS;
            }
            if (off) {
                sc_problem(cx, VL_ERR_INVALID, p, false,
                        "%s: base %d lies partly off the %g x %g table; move the unit or turn it", u->id, b, s->width,
                        s->height);
                break;
            }
        }
        if (u->arrive_turn > 0 && u->arrive_edge[0]) {
            /* A reinforcement comes on by its edge: some base within 1 in of it. */
            VlBox b = vl_footprint_bounds(fp);
            double gap = strcmp(u->arrive_edge, "north") == 0 ? s->height - b.hi.y
                       : strcmp(u->arrive_edge, "south") == 0 ? b.lo.y
                       : strcmp(u->arrive_edge, "east") == 0  ? s->width - b.hi.x
                                                              : b.lo.x;
            if (gap > 1.0 + VL_EPS) {
                char q[80];
                snprintf(q, sizeof q, "units[%d].arrives.edge", i);
                sc_problem(cx, VL_ERR_INVALID, q, false, "%s arrives by the %s edge but stands %.2f in from it (at most 1 in)",
                        u->id, u->arrive_edge, gap);
            }
        }
        double in_building = vl_terrain_cover_area(bf, fp, 1u << VL_T_BUILDING);
        if (in_building > area_eps) {
            int which = -1;
            for (int t = 0; t < s->nterrain && which < 0; t++)
                if (s->terrain[t].type == VL_T_BUILDING &&
                    vl_box_overlap(s->terrain[t].bounds, vl_footprint_bounds(fp), 0))
                    which = t;
            sc_problem(cx, VL_ERR_INVALID, p, false, "%s: footprint overlaps building %s by %.3g sq in", u->id,
                    which >= 0 ? s->terrain[which].id : "?", in_building);
        }
        for (int j = 0; j < i; j++) {
            if (!unit_ok[j])
                continue;
            const VlFootprint *g = &vl_battlefield_unit(bf, j)->fp;
            if (!vl_box_overlap(vl_footprint_bounds(fp), vl_footprint_bounds(g), 0))
                continue;
            double a = vl_footprint_overlap_area(fp, g);
            if (a > area_eps)
                sc_problem(cx, VL_ERR_INVALID, p, false, "%s overlaps %s (units[%d]) by %.3g sq in; units may touch but not overlap",
                        u->id, s->units[j].id, j, a);
        }
    }
    vl_battlefield_destroy(bf);
}

/* Each side has a unit that fights, a regiment or a battery, on the table or to come
 * (D-SCN-9): a side with none, or generals alone, could neither hold an objective nor break. */
static void check_forces(Ctx *cx, const VlScenario *s, json_t *root)
{
    if (!json_is_array(json_object_get(root, "units")))
        return; /* missing or of the wrong type: said already */
    if (s->nunits == 0) {
        sc_problem(cx, VL_ERR_INVALID, "units", false,
                "the scenario has no units; give each side at least one regiment or battery");
        return;
    }
    int fighting[2] = {0, 0}, all[2] = {0, 0}, unknown = 0;
    for (int i = 0; i < s->nunits; i++) {
        int sd = s->units[i].side;
        if (sd < 0 || sd > 1) {
            unknown++;
            continue;
        }
        all[sd]++;
        fighting[sd] += s->units[i].type != VL_GENERAL;
    }
    for (int sd = 0; sd < s->nsides && sd < 2; sd++) {
        if (fighting[sd] || !s->sides[sd].id[0] || unknown)
            continue; /* with a unit of an unknown side, whose it is was said already */
        char p[32];
        snprintf(p, sizeof p, "sides[%d]", sd);
        sc_problem(cx, VL_ERR_INVALID, p, false,
                "side %s has %s; give it at least one regiment or battery (\"side\": \"%s\"), on the table or "
                "arriving later",
                s->sides[sd].id, all[sd] ? "only generals, no regiment or battery" : "no units", s->sides[sd].id);
    }
}

/* The game's additions: who moves first, victory conditions, the events table. */
static void parse_game(Ctx *cx, json_t *root, VlScenario *s)
{
    s->turns = 12;
    s->break_percent = 50;
    char first[VL_ID_MAX] = "";
    if (sc_get_id(cx, root, "", "first_side", false, first) && first[0]) {
        s->first_side = find_side(s, first);
        if (s->first_side < 0) {
            sc_problem(cx, VL_ERR_INVALID, "first_side", false, "no side has id \"%s\"", first);
            s->first_side = 0;
        }
    }
    json_t *v = sc_member(cx, root, "", "victory", false);
    if (v && sc_expect_object(cx, v, "victory")) {
        static const char *const keys[] = {"turns", "break_percent", "objectives", NULL};
        static const char *const okeys[] = {"id", "name", "position", "radius", "points", NULL};
        sc_check_keys(cx, v, "victory", keys);
        sc_get_int(cx, v, "victory", "turns", false, 1, 99, &s->turns);
        sc_get_int(cx, v, "victory", "break_percent", false, 1, 100, &s->break_percent);
        json_t *objs = sc_get_array(cx, v, "victory", "objectives", false, 100);
        if (objs) {
            s->objectives = calloc(json_array_size(objs) ? json_array_size(objs) : 1, sizeof *s->objectives);
            for (size_t i = 0; s->objectives && i < json_array_size(objs); i++) {
                char p[64], q[96];
                snprintf(p, sizeof p, "victory.objectives[%zu]", i);
                json_t *o = json_array_get(objs, i);
                if (!sc_expect_object(cx, o, p))
                    continue;
                sc_check_keys(cx, o, p, okeys);
                VlObjective *ob = &s->objectives[s->nobjectives++];
                ob->radius = 3;
                ob->points = 1;
                sc_get_id(cx, o, p, "id", true, ob->id);
                sc_get_string(cx, o, p, "name", false, ob->name, sizeof ob->name);
                json_t *pos = sc_member(cx, o, p, "position", true);
                if (pos) {
                    sc_join(q, sizeof q, p, "position");
                    if (sc_as_point(cx, pos, q, &ob->position) && cx->table_ok && !sc_on_table(s, ob->position)) {
                        cx->soft = true;
                        sc_problem(cx, VL_ERR_INVALID, q, false,
                                "objective %s at (%g, %g) is off the %g x %g table; put its centre on the table (x "
                                "from 0 to %g, y from 0 to %g)",
                                ob->id, ob->position.x, ob->position.y, s->width, s->height, s->width, s->height);
                        cx->soft = false;
                    }
                }
                sc_get_range(cx, o, p, "radius", false, RADIUS_MIN, RADIUS_MAX,
                          "an objective's radius is 0.25 to 48 in (4 ft)", &ob->radius);
                sc_get_int(cx, o, p, "points", false, 0, 100, &ob->points);
            }
        }
    }
    json_t *ev = sc_get_array(cx, root, "", "events", false, 11);
    if (!ev)
        return;
    static const char *const ekeys[] = {"roll", "text", "effect", NULL};
    static const char *const fkeys[] = {"kind", "unit", "amount", NULL};
    s->events = calloc(json_array_size(ev) ? json_array_size(ev) : 1, sizeof *s->events);
    bool covered[13] = {false};
    for (size_t i = 0; s->events && i < json_array_size(ev); i++) {
        char p[64], q[96];
        snprintf(p, sizeof p, "events[%zu]", i);
        json_t *o = json_array_get(ev, i);
        if (!sc_expect_object(cx, o, p))
            continue;
        sc_check_keys(cx, o, p, ekeys);
        VlEvent *e = &s->events[s->nevents++];
        e->unit = -1;
        json_t *roll = sc_member(cx, o, p, "roll", true);
        sc_join(q, sizeof q, p, "roll");
        if (roll && json_is_integer(roll)) {
            e->lo = e->hi = (int)json_integer_value(roll);
        } else if (roll && json_is_array(roll) && json_array_size(roll) == 2 && json_is_integer(json_array_get(roll, 0)) &&
                   json_is_integer(json_array_get(roll, 1))) {
            e->lo = (int)json_integer_value(json_array_get(roll, 0));
            e->hi = (int)json_integer_value(json_array_get(roll, 1));
        } else if (roll) {
            sc_problem(cx, VL_ERR_SCHEMA, q, false, "expected a 2D6 total (2 to 12) or a range [low, high]");
            continue;
        }
        if (e->lo < 2 || e->hi > 12 || e->lo > e->hi) {
            sc_problem(cx, VL_ERR_SCHEMA, q, false, "a 2D6 total runs from 2 to 12; found %d to %d", e->lo, e->hi);
            continue;
        }
        for (int r = e->lo; r <= e->hi; r++) {
            if (covered[r])
                sc_problem(cx, VL_ERR_INVALID, q, false, "the total %d already has an event", r);
            covered[r] = true;
        }
        sc_get_string(cx, o, p, "text", true, e->text, sizeof e->text);
        json_t *f = json_object_get(o, "effect");
        if (!f)
            continue;
        sc_join(q, sizeof q, p, "effect");
        if (!sc_expect_object(cx, f, q))
            continue;
        sc_check_keys(cx, f, q, fkeys);
        static const char *const kinds[] = {"none", "hits", "rally", "arrive", "delay"};
        char kind[16] = "";
        if (!sc_get_string(cx, f, q, "kind", true, kind, sizeof kind))
            continue;
        int k = -1;
        for (int j = 0; j < 5; j++)
            if (strcmp(kind, kinds[j]) == 0)
                k = j;
        if (k < 0) {
            char r[128];
            sc_join(r, sizeof r, q, "kind");
            sc_problem(cx, VL_ERR_SCHEMA, r, false, "unknown effect \"%s\"; expected none, hits, rally, arrive or delay", kind);
            continue;
        }
        e->effect = (VlEffectKind)k;
        if (e->effect == VL_EFFECT_NONE)
            continue;
        char uid[VL_ID_MAX] = "";
        if (sc_get_id(cx, f, q, "unit", true, uid) && uid[0]) {
            e->unit = vl_scenario_find_unit(s, uid);
            char r[128];
            sc_join(r, sizeof r, q, "unit");
            if (e->unit < 0)
                sc_problem(cx, VL_ERR_INVALID, r, false, "no unit has id \"%s\"", uid);
            else if ((e->effect == VL_EFFECT_ARRIVE || e->effect == VL_EFFECT_DELAY) && s->units[e->unit].arrive_turn == 0)
                sc_problem(cx, VL_ERR_INVALID, r, false, "%s is not a reinforcement (it has no \"arrives\")", uid);
        }
        e->amount = 1;
        if (e->effect != VL_EFFECT_ARRIVE)
            sc_get_int(cx, f, q, "amount", false, 1, 12, &e->amount);
    }
}

static const char *const order_names[] = {"none", "attack", "advance", "hold", "retire"};
const char *vl_order_name(VlOrder o) { return (unsigned)o < 5 ? order_names[o] : "?"; }
int vl_order_parse(const char *str)
{
    for (int i = 1; i < 5; i++)
        if (strcmp(str, order_names[i]) == 0)
            return i;
    return -1;
}

/* GOR-GEN-1 (optional): "orders": {"corps": [{"side", "commander", "brigades": [...]}],
 * "initial": {"b1": "attack", ...}}. It needs the brigades list. */
static void parse_orders(Ctx *cx, json_t *root, VlScenario *s)
{
    json_t *o = json_object_get(root, "orders");
    if (!o || !sc_expect_object(cx, o, "orders"))
        return;
    static const char *const keys[] = {"corps", "initial", NULL};
    static const char *const ckeys[] = {"side", "commander", "brigades", NULL};
    sc_check_keys(cx, o, "orders", keys);
    if (s->nbrigades == 0) {
        sc_problem(cx, VL_ERR_INVALID, "orders", false, "orders need a \"brigades\" list to give them to");
        return;
    }
    s->orders = true;
    s->initial_order = calloc((size_t)s->nbrigades, sizeof *s->initial_order);
    if (!s->initial_order) {
        sc_problem(cx, VL_ERR_NOMEM, "orders", false, "out of memory");
        return;
    }
    json_t *corps = sc_get_array(cx, o, "orders", "corps", true, 8);
    for (size_t i = 0; corps && i < json_array_size(corps); i++) {
        char p[64], q[96];
        snprintf(p, sizeof p, "orders.corps[%zu]", i);
        json_t *c = json_array_get(corps, i);
        if (!sc_expect_object(cx, c, p))
            continue;
        sc_check_keys(cx, c, p, ckeys);
        VlCorps *k = &s->corps[s->ncorps++];
        char side[VL_ID_MAX] = "", cmd[VL_ID_MAX] = "";
        k->side = k->commander = -1;
        if (sc_get_id(cx, c, p, "side", true, side) && side[0] && (k->side = find_side(s, side)) < 0) {
            sc_join(q, sizeof q, p, "side");
            sc_problem(cx, VL_ERR_INVALID, q, false, "no side has id \"%s\"", side);
        }
        if (sc_get_id(cx, c, p, "commander", true, cmd) && cmd[0]) {
            k->commander = vl_scenario_find_unit(s, cmd);
            sc_join(q, sizeof q, p, "commander");
            if (k->commander < 0 || s->units[k->commander].type != VL_GENERAL)
                sc_problem(cx, VL_ERR_INVALID, q, false, "\"%s\" is not a general of the scenario", cmd);
            else if (k->side >= 0 && s->units[k->commander].side != k->side)
                sc_problem(cx, VL_ERR_INVALID, q, false, "%s fights for the other side", cmd);
        }
        json_t *bl = sc_get_array(cx, c, p, "brigades", true, 16);
        for (size_t j = 0; bl && j < json_array_size(bl); j++) {
            json_t *b = json_array_get(bl, j);
            int bi = json_is_string(b) ? find_brigade(s, json_string_value(b)) : -1;
            snprintf(q, sizeof q, "%s.brigades[%zu]", p, j);
            if (bi < 0)
                sc_problem(cx, VL_ERR_INVALID, q, false, "no brigade has that id");
            else if (k->side >= 0 && s->brigades[bi].side != k->side)
                sc_problem(cx, VL_ERR_INVALID, q, false, "brigade %s is of the other side", s->brigades[bi].id);
            else
                k->brigades[k->nbrigades++] = bi;
        }
    }
    json_t *init = json_object_get(o, "initial");
    if (init && sc_expect_object(cx, init, "orders.initial")) {
        const char *key;
        json_t *v;
        json_object_foreach(init, key, v) {
            char q[160];
            snprintf(q, sizeof q, "orders.initial.%s", key);
            int bi = find_brigade(s, key);
            int ord = json_is_string(v) ? vl_order_parse(json_string_value(v)) : -1;
            if (bi < 0)
                sc_problem(cx, VL_ERR_INVALID, q, true, "no brigade has id \"%s\"", key);
            else if (ord < 0)
                sc_problem(cx, VL_ERR_SCHEMA, q, false, "expected attack, advance, hold or retire");
            else
                s->initial_order[bi] = (VlOrder)ord;
        }
    }
}

/* "rules": the charge rules and Republic options a game of this scenario plays by. Whether this
 * version of Volley plays each of them is the rules layer's question, asked when a game starts
 * (vl_rule_options_check): a scenario may name an option a later version plays. */
static void parse_rules(Ctx *cx, json_t *root, VlScenario *s)
{
    json_t *r = sc_member(cx, root, "", "rules", false);
    if (!r || !sc_expect_object(cx, r, "rules"))
        return;
    static const char *const keys[] = {"charges", "republic", NULL};
    sc_check_keys(cx, r, "rules", keys);
    char ch[16] = "";
    if (sc_get_string(cx, r, "rules", "charges", false, ch, sizeof ch) && ch[0]) {
        int k = vl_charge_rules_parse(ch);
        if (k < 0)
            sc_problem(cx, VL_ERR_INVALID, "rules.charges", false,
                    "unknown charge rules \"%s\"; expected \"gor\" (Good Old Rebel), \"jr3\" (Johnny Reb III) or "
                    "\"gunson\" (Gunson's charge moves)", ch);
        else
            s->charge_rules = (VlChargeRules)k;
    }
    json_t *rep = sc_get_array(cx, r, "rules", "republic", false, VL_REP_COUNT);
    for (size_t i = 0; rep && i < json_array_size(rep); i++) {
        char p[64];
        snprintf(p, sizeof p, "rules.republic[%zu]", i);
        json_t *x = json_array_get(rep, i);
        int k = json_is_string(x) ? vl_rep_option_parse(json_string_value(x)) : -1;
        if (k < 0)
            sc_problem(cx, VL_ERR_INVALID, p, false,
                    "expected a Republic option id such as \"REP-505\" (volley rules lists them), found %s%.40s%s",
                    json_is_string(x) ? "\"" : "", json_is_string(x) ? json_string_value(x) : sc_json_kind(x),
                    json_is_string(x) ? "\"" : "");
        else if ((s->republic >> k) & 1u)
            sc_problem(cx, VL_ERR_INVALID, p, false, "%s is listed twice; list each option once",
                    vl_rep_option_id((VlRepOption)k));
        else
            s->republic |= 1u << k;
    }
}

static void parse_root(Ctx *cx, json_t *root, VlScenario *s)
{
    static const char *const keys[] = {"format",  "version", "name",    "description", "year",   "theatre",
                                       "table",   "sides",   "brigades", "terrain",    "units",  "first_side",
                                       "victory", "events",  "orders",   "rules",      NULL};
    if (!sc_expect_object(cx, root, ""))
        return;
    sc_check_keys(cx, root, "", keys);
    char fmt[32] = "";
    if (sc_get_string(cx, root, "", "format", true, fmt, sizeof fmt) && json_object_get(root, "format") &&
        strcmp(fmt, "volley-scenario") != 0)
        sc_problem(cx, VL_ERR_SCHEMA, "format", false, "expected \"volley-scenario\", found \"%s\"", fmt);
    json_t *ver = sc_member(cx, root, "", "version", true);
    if (ver) {
        if (!json_is_integer(ver))
            sc_problem(cx, VL_ERR_SCHEMA, "version", false, "expected an integer, found %s", sc_json_kind(ver));
        else if (json_integer_value(ver) > 1)
            sc_problem(cx, VL_ERR_SCHEMA, "version", false,
                    "this file is format version %lld, made by a newer Volley; this one reads version 1",
                    (long long)json_integer_value(ver));
        else if (json_integer_value(ver) < 1)
            sc_problem(cx, VL_ERR_SCHEMA, "version", false, "expected version 1");
        else
            s->version = 1;
    }
    sc_get_string(cx, root, "", "name", true, s->name, sizeof s->name);
    sc_get_string(cx, root, "", "description", false, s->description, sizeof s->description);
    sc_get_int(cx, root, "", "year", false, 1861, 1865, &s->year);
    json_t *th = json_object_get(root, "theatre");
    if (th && json_is_string(th) && strcmp(json_string_value(th), "eastern") != 0 &&
        strcmp(json_string_value(th), "western") != 0)
        sc_problem(cx, VL_ERR_SCHEMA, "theatre", false, "expected \"eastern\" or \"western\", found \"%.40s\"",
                json_string_value(th));
    else
        sc_get_string(cx, root, "", "theatre", false, s->theatre, sizeof s->theatre);
    parse_table(cx, root, s);
    parse_sides(cx, root, s);

    json_t *brig = json_object_get(root, "brigades");
    size_t nb = json_is_array(brig) ? json_array_size(brig) : 0;
    json_t *units = json_object_get(root, "units");
    size_t nu = json_is_array(units) ? json_array_size(units) : 0;
    json_t *terr = json_object_get(root, "terrain");
    size_t nt = json_is_array(terr) ? json_array_size(terr) : 0;
    nb = nb > MAX_BRIGADES ? 0 : nb;
    nu = nu > MAX_UNITS ? 0 : nu;
    nt = nt > MAX_TERRAIN ? 0 : nt;
    s->brigades = calloc(nb ? nb : 1, sizeof *s->brigades);
    s->units = calloc(nu ? nu : 1, sizeof *s->units);
    s->terrain = calloc(nt ? nt : 1, sizeof *s->terrain);
    char(*commander)[VL_ID_MAX] = calloc(nb ? nb : 1, VL_ID_MAX);
    char(*bside)[VL_ID_MAX] = calloc(nb ? nb : 1, VL_ID_MAX);
    bool *unit_ok = calloc(nu ? nu : 1, sizeof *unit_ok);
    if (!s->brigades || !s->units || !s->terrain || !commander || !bside || !unit_ok) {
        sc_problem(cx, VL_ERR_NOMEM, "", false, "out of memory");
    } else {
        parse_brigades(cx, root, s, commander, bside);
        parse_terrain(cx, root, s);
        parse_units(cx, root, s, unit_ok);
        cx->soft = true; /* what a side has: a new table has nothing yet */
        check_forces(cx, s, root);
        cx->soft = false;
        resolve_brigades(cx, s, commander, bside, brig != NULL);
        parse_game(cx, root, s);
        parse_rules(cx, root, s);
        check_ids(cx, s);
        parse_orders(cx, root, s);
        if (s->width > 0 && s->height > 0) {
            cx->soft = true; /* where the units stand: off the table, in a building, on each other */
            check_placement(cx, s, unit_ok);
            cx->soft = false;
        }
        vl_scenario_short_names(s);
    }
    free(commander);
    free(bside);
    free(unit_ok);
}

/* Load @p text; with @p keep, a scenario whose problems are all soft ones (Ctx) is kept and *kept set. */
static VlStatus load_string(const char *text, size_t len, const char *name, VlScenario *out, VlDiagList *diags,
                            bool keep, bool *kept)
{
    memset(out, 0, sizeof *out);
    snprintf(out->file, sizeof out->file, "%s", name ? name : "<input>");
    uint64_t hash = vl_hash_bytes(VL_HASH_INIT, text, len);
    if (!diags->file[0])
        snprintf(diags->file, sizeof diags->file, "%s", out->file);
    int before = diags->count;
    json_error_t err;
    /* A UTF-8 byte order mark is no part of the JSON text; editors on some systems write one. The
     * position index skips it too, so columns stay right. */
    size_t skip = len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
                  (unsigned char)text[2] == 0xBF ? 3 : 0;
    /* No JSON_ALLOW_NUL: a string with a \u0000 in it would be cut short at the NUL wherever Volley
     * reads it as a C string, so two different ids could read as one, or an id as empty. */
    json_t *root = json_loadb(text + skip, len - skip, JSON_REJECT_DUPLICATES, &err);
    if (!root) {
        bool nul = strstr(err.text, "u0000") != NULL;
        vl_diag_add(diags, VL_ERR_SYNTAX, err.line > 0 ? err.line : 0, err.column > 0 ? err.column : 0, "", "%s",
                    nul ? "a string holds \\u0000 (a NUL character), which no name or id may; remove it" : err.text);
        return VL_ERR_SYNTAX;
    }
    Ctx cx = {.diags = diags, .keep = keep};
    cx.have_pos = jpos_build(&cx.pos, text, len) == 0;
    parse_root(&cx, root, out);
    jpos_free(&cx.pos);
    json_decref(root);
    out->hash = hash;
    if (diags->count > before && keep && cx.hard == 0) {
        *kept = true;
        return VL_OK;
    }
    if (diags->count > before) {
        VlStatus st = diags->items ? diags->items[before].status : VL_ERR_INVALID;
        vl_scenario_free(out);
        return st;
    }
    return VL_OK;
}

VlStatus vl_scenario_load_string(const char *text, size_t len, const char *name, VlScenario *out, VlDiagList *diags)
{
    return load_string(text, len, name, out, diags, false, NULL);
}

VlStatus vl_scenario_load_string_keep(const char *text, size_t len, const char *name, VlScenario *out,
                                      VlDiagList *diags, bool *kept)
{
    *kept = false;
    return load_string(text, len, name, out, diags, true, kept);
}

static VlStatus load_file(const char *path, VlScenario *out, VlDiagList *diags, bool keep, bool *kept)
{
    memset(out, 0, sizeof *out);
    if (!diags->file[0])
        snprintf(diags->file, sizeof diags->file, "%s", path);
    char *buf = NULL;
    size_t len = 0;
    VlStatus rd = vl_read_text_file(path, MAX_FILE_BYTES, "a scenario", &buf, &len, diags);
    if (rd != VL_OK)
        return rd;
    VlStatus st = load_string(buf, len, path, out, diags, keep, kept);
    free(buf);
    return st;
}

VlStatus vl_scenario_load_file(const char *path, VlScenario *out, VlDiagList *diags)
{
    return load_file(path, out, diags, false, NULL);
}

VlStatus vl_scenario_load_file_keep(const char *path, VlScenario *out, VlDiagList *diags, bool *kept)
{
    *kept = false;
    return load_file(path, out, diags, true, kept);
}

void vl_scenario_free(VlScenario *s)
{
    for (int i = 0; i < s->nterrain; i++)
        free(s->terrain[i].pts);
    free(s->terrain);
    free(s->units);
    free(s->brigades);
    free(s->objectives);
    free(s->events);
    free(s->initial_order);
    s->initial_order = NULL;
    s->orders = false;
    s->objectives = NULL;
    s->events = NULL;
    s->nobjectives = s->nevents = 0;
    s->terrain = NULL;
    s->units = NULL;
    s->brigades = NULL;
    s->nterrain = s->nunits = s->nbrigades = 0;
}

VlBattlefield *vl_scenario_battlefield(const VlScenario *s)
{
    VlBattlefield *bf = vl_battlefield_create(s->width, s->height);
    if (!bf)
        return NULL;
    for (int i = 0; i < s->nterrain; i++)
        if (vl_battlefield_add_terrain(bf, &s->terrain[i]) < 0)
            goto fail;
    for (int i = 0; i < s->nunits; i++) {
        const VlScenarioUnit *u = &s->units[i];
        if (vl_battlefield_add_unit(bf, u->pose, u->type, u->formation, u->weapon, u->spec) < 0)
            goto fail;
    }
    return bf;
fail:
    vl_battlefield_destroy(bf);
    return NULL;
}
