#include "testutil.h"

#include "../src/game/game_internal.h" /* tu_world: the tests' one look inside the game */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tu_load_ok(const char *json, VlScenario *out)
{
    VlDiagList d;
    vl_diag_init(&d, "test.json");
    VlStatus st = vl_scenario_load_string(json, strlen(json), "test.json", out, &d);
    if (st != VL_OK)
        vl_diag_print(&d, stderr, "  ");
    ck_assert_msg(st == VL_OK, "scenario refused (%s), see stderr", vl_status_str(st));
    vl_diag_free(&d);
}

void tu_load_bad(const char *json, VlDiagList *diags)
{
    VlScenario s;
    vl_diag_init(diags, "test.json");
    VlStatus st = vl_scenario_load_string(json, strlen(json), "test.json", &s, diags);
    ck_assert_msg(st != VL_OK, "a broken scenario was accepted");
    ck_assert_int_gt(diags->count, 0);
}

bool tu_has_problem(const VlDiagList *d, const char *path, const char *needle)
{
    for (int i = 0; i < d->count; i++)
        if (strcmp(d->items[i].path, path) == 0 && strstr(d->items[i].message, needle))
            return true;
    vl_diag_print(d, stderr, "  ");
    return false;
}

int tu_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

static void vappendf(char *buf, size_t cap, const char *fmt, va_list ap)
{
    size_t n = strlen(buf);
    int k = vsnprintf(buf + n, cap - n, fmt, ap);
    ck_assert_msg(k >= 0 && (size_t)k < cap - n, "test scenario text too long");
}

void tu_appendf(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vappendf(buf, cap, fmt, ap);
    va_end(ap);
}

/* ---- the scenario builder ---- */

static struct {
    char name[128];
    double width, height;
    const char *side_name[2];
    char members[8192], brigades[4096], victory[2048], terrain[8192], units[65536];
    char text[8192 + 4096 + 2048 + 8192 + 65536 + 1024];
} sb;

void tu_sb_begin(const char *name, double width, double height)
{
    memset(&sb, 0, sizeof sb);
    snprintf(sb.name, sizeof sb.name, "%s", name);
    sb.width = width;
    sb.height = height;
    sb.side_name[0] = "Union";
    sb.side_name[1] = "Confederate";
}

void tu_sb_side_names(const char *union_name, const char *csa_name)
{
    sb.side_name[0] = union_name;
    sb.side_name[1] = csa_name;
}

void tu_sb_member(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vappendf(sb.members, sizeof sb.members, fmt, ap);
    va_end(ap);
    tu_appendf(sb.members, sizeof sb.members, ",");
}

void tu_sb_victory(const char *fmt, ...)
{
    sb.victory[0] = 0;
    va_list ap;
    va_start(ap, fmt);
    vappendf(sb.victory, sizeof sb.victory, fmt, ap);
    va_end(ap);
}

void tu_sb_brigade(const char *id, const char *side, const char *name, const char *commander)
{
    tu_appendf(sb.brigades, sizeof sb.brigades, "%s{\"id\":\"%s\",\"side\":\"%s\"", sb.brigades[0] ? "," : "", id, side);
    if (name)
        tu_appendf(sb.brigades, sizeof sb.brigades, ",\"name\":\"%s\"", name);
    if (commander)
        tu_appendf(sb.brigades, sizeof sb.brigades, ",\"commander\":\"%s\"", commander);
    tu_appendf(sb.brigades, sizeof sb.brigades, "}");
}

void tu_sb_unit_as(const char *id, const char *side, const char *type, const char *form, const char *weapon,
                   const char *quality, double x, double y, double facing, const char *extra)
{
    tu_appendf(sb.units, sizeof sb.units, "%s\n{\"id\":\"%s\",\"side\":\"%s\",\"type\":\"%s\",", sb.units[0] ? "," : "", id,
               side, type);
    if (strcmp(type, "general") != 0)
        tu_appendf(sb.units, sizeof sb.units, "\"formation\":\"%s\",\"weapon\":\"%s\",", form,
                   weapon ? weapon : strcmp(type, "cavalry") == 0 ? "carbine" : "rifled");
    tu_appendf(sb.units, sizeof sb.units, "\"position\":[%.17g,%.17g],\"facing\":%.17g", x, y, facing);
    if (quality)
        tu_appendf(sb.units, sizeof sb.units, ",\"quality\":\"%s\"", quality);
    if (extra)
        tu_appendf(sb.units, sizeof sb.units, ",%s", extra);
    tu_appendf(sb.units, sizeof sb.units, "}");
}

void tu_sb_unit(const char *id, const char *side, const char *type, const char *form, double x, double y, double facing,
                const char *extra)
{
    tu_sb_unit_as(id, side, type, form, NULL, "seasoned", x, y, facing, extra);
}

void tu_sb_rect(const char *id, const char *type, const char *extra, double x0, double y0, double x1, double y1)
{
    tu_appendf(sb.terrain, sizeof sb.terrain,
               "%s\n{\"id\":\"%s\",\"type\":\"%s\",%s%s\"polygon\":[[%.17g,%.17g],[%.17g,%.17g],[%.17g,%.17g],[%.17g,%.17g]]}",
               sb.terrain[0] ? "," : "", id, type, extra ? extra : "", extra ? "," : "", x0, y0, x1, y0, x1, y1, x0, y1);
}

void tu_sb_path(const char *id, const char *type, double x0, double y0, double x1, double y1)
{
    tu_appendf(sb.terrain, sizeof sb.terrain, "%s\n{\"id\":\"%s\",\"type\":\"%s\",\"path\":[[%.17g,%.17g],[%.17g,%.17g]]}",
               sb.terrain[0] ? "," : "", id, type, x0, y0, x1, y1);
}

void tu_sb_terrain(const char *fmt, ...)
{
    if (sb.terrain[0])
        tu_appendf(sb.terrain, sizeof sb.terrain, ",");
    va_list ap;
    va_start(ap, fmt);
    vappendf(sb.terrain, sizeof sb.terrain, fmt, ap);
    va_end(ap);
}

static void side_json(char *buf, size_t cap, const char *id, const char *name)
{
    if (name)
        snprintf(buf, cap, "{\"id\":\"%s\",\"name\":\"%s\"}", id, name);
    else
        snprintf(buf, cap, "{\"id\":\"%s\"}", id);
}

const char *tu_sb_json(void)
{
    char sides[2][256];
    side_json(sides[0], sizeof sides[0], "union", sb.side_name[0]);
    side_json(sides[1], sizeof sides[1], "csa", sb.side_name[1]);
    sb.text[0] = 0;
    tu_appendf(sb.text, sizeof sb.text,
               "{\"format\":\"volley-scenario\",\"version\":1,\"name\":\"%s\",\"table\":{\"width\":%.17g,\"height\":%.17g},"
               "\"sides\":[%s,%s],%s",
               sb.name, sb.width, sb.height, sides[0], sides[1], sb.members);
    if (sb.brigades[0])
        tu_appendf(sb.text, sizeof sb.text, "\"brigades\":[%s],", sb.brigades);
    if (sb.victory[0])
        tu_appendf(sb.text, sizeof sb.text, "\"victory\":%s,", sb.victory);
    tu_appendf(sb.text, sizeof sb.text, "\"terrain\":[%s],\"units\":[%s]}", sb.terrain, sb.units);
    return sb.text;
}

void tu_sb_load(VlScenario *out) { tu_load_ok(tu_sb_json(), out); }

VlWorld *tu_world(VlGame *g) { return g->w; }

/* ---- ids in texts ---- */

static bool id_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'; }

/* The first id of a unit, brigade, terrain feature or objective of @p s standing as a word of
 * @p text (ids that are also English words would show up only as whole words), or NULL. */
const char *tu_id_in(const VlScenario *s, const char *text)
{
    for (int kind = 0; kind < 4; kind++) {
        int n = kind == 0 ? s->nunits : kind == 1 ? s->nbrigades : kind == 2 ? s->nterrain : s->nobjectives;
        for (int i = 0; i < n; i++) {
            const char *id = kind == 0 ? s->units[i].id : kind == 1 ? s->brigades[i].id : kind == 2 ? s->terrain[i].id
                                                                                                 : s->objectives[i].id;
            size_t len = strlen(id);
            for (const char *p = strstr(text, id); p; p = strstr(p + 1, id))
                if ((p == text || !id_char(p[-1])) && !id_char(p[len]))
                    return id;
        }
    }
    return NULL;
}

/* ---- a position's invariants (the soak test's, tests/soak_test.c, for the suites' whole games) ---- */

bool tu_position_problem(const VlGame *g, char *msg, size_t cap)
{
    const VlWorld *w = vl_game_world_const(g);
    for (int u = 0; u < w->nunits; u++) {
        const VlUnitState *st = &w->units[u];
        bool present = vl_world_present(w, u);
        int states = (int)present + (int)st->removed + (int)st->waiting;
        if (st->hits < 0)
            return snprintf(msg, cap, "%s has %d HITs", w->scenario->units[u].id, st->hits), true;
        if (states != 1)
            return snprintf(msg, cap, "%s is in %d states", w->scenario->units[u].id, states), true;
        if (st->routed && st->waiting)
            return snprintf(msg, cap, "%s is routed but has not arrived", w->scenario->units[u].id), true;
        if (vl_world_unit(w, u)->active != present)
            return snprintf(msg, cap, "%s: present %d, active on the battlefield %d", w->scenario->units[u].id, present,
                            vl_world_unit(w, u)->active),
                   true;
    }
    for (int a = 0; a < w->nunits; a++)
        for (int b = a + 1; b < w->nunits && vl_world_present(w, a); b++) {
            if (!vl_world_present(w, b))
                continue;
            double area = vl_footprint_overlap_area(&vl_world_unit(w, a)->fp, &vl_world_unit(w, b)->fp);
            if (area > 1e-6)
                return snprintf(msg, cap, "%s and %s overlap by %.4g sq in", w->scenario->units[a].id,
                                w->scenario->units[b].id, area),
                       true;
        }
    return false;
}
