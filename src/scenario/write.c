/* Writing a scenario as the JSON of docs/scenario-format.md (edit.h): every member the loader
 * (scenario.c) reads, in the order the format page lists them, members at their defaults left
 * out. The tree is built with jansson and dumped by it; its reals come out at 17 significant digits,
 * so each is then rewritten in the shortest form that reads back as the same double (0.1, not
 * 0.10000000000000001), and an array of numbers alone (a point) is put on one line. A whole
 * number is written as an integer (96, not 96.0), which the loader takes wherever it wants a
 * number. */
#include "volley/edit.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A double as a JSON number: an integer when it is a whole number jansson's integers hold exactly
 * (not -0, whose sign an integer would lose), else a real. */
static json_t *num(double x)
{
    if (isfinite(x) && x == floor(x) && fabs(x) <= 9007199254740992.0 && !(x == 0 && signbit(x)))
        return json_integer((json_int_t)x);
    return json_real(x);
}

static json_t *point(VlVec2 p)
{
    json_t *a = json_array();
    json_array_append_new(a, num(p.x));
    json_array_append_new(a, num(p.y));
    return a;
}

static json_t *points(const VlVec2 *pts, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, point(pts[i]));
    return a;
}

static void set_str(json_t *o, const char *key, const char *v) { json_object_set_new(o, key, json_string(v)); }

/* A string member only when it is not empty. */
static void set_opt(json_t *o, const char *key, const char *v)
{
    if (v && v[0])
        set_str(o, key, v);
}

static const char *side_id(const VlScenario *s, int sd) { return sd >= 0 && sd < s->nsides ? s->sides[sd].id : ""; }
static const char *unit_id(const VlScenario *s, int u) { return u >= 0 && u < s->nunits ? s->units[u].id : ""; }
static const char *brigade_id(const VlScenario *s, int b)
{
    return b >= 0 && b < s->nbrigades ? s->brigades[b].id : "";
}

static bool same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static json_t *write_brigade(const VlScenario *s, const VlBrigade *b)
{
    json_t *o = json_object();
    set_str(o, "id", b->id);
    set_str(o, "side", side_id(s, b->side));
    set_opt(o, "name", b->name);
    if (b->short_given)
        set_opt(o, "short_name", b->short_name);
    if (b->commander >= 0)
        set_opt(o, "commander", unit_id(s, b->commander));
    return o;
}

static json_t *write_terrain(const VlTerrain *t)
{
    json_t *o = json_object();
    bool areal = t->type < VL_T_AREAL_COUNT;
    set_str(o, "id", t->id);
    set_str(o, "type", vl_terrain_type_name(t->type));
    set_opt(o, "name", t->name);
    json_object_set_new(o, areal ? "polygon" : "path", points(t->pts, t->npts));
    if (!areal) {
        double def = (t->type == VL_T_ROAD || t->type == VL_T_STREAM) ? 1.0 : 0.2;
        if (!same_double(t->width, def))
            json_object_set_new(o, "width", num(t->width));
    }
    if (t->type == VL_T_HILL)
        json_object_set_new(o, "level", json_integer(t->level));
    return o;
}

static json_t *write_unit(const VlScenario *s, const VlScenarioUnit *u)
{
    json_t *o = json_object();
    set_str(o, "id", u->id);
    set_str(o, "side", side_id(s, u->side));
    set_opt(o, "name", u->name);
    if (u->short_given)
        set_opt(o, "short_name", u->short_name);
    set_str(o, "type", vl_unit_type_name(u->type));
    bool general = u->type == VL_GENERAL;
    if (!general)
        set_str(o, "formation", vl_formation_name(u->formation));
    json_object_set_new(o, "position", point(u->pose.anchor));
    json_object_set_new(o, "facing", num(u->pose.facing));
    set_str(o, "quality", vl_quality_name(u->quality));
    if (!general)
        set_str(o, "weapon", vl_weapon_name(u->weapon));
    /* The brigade as the file named it; a unit placed in a brigade by index alone gets its id. */
    if (u->brigade_label[0])
        set_str(o, "brigade", u->brigade_label);
    else if (u->brigade >= 0)
        set_opt(o, "brigade", brigade_id(s, u->brigade));
    if (u->type == VL_CAVALRY && !u->mounted)
        json_object_set_new(o, "mounted", json_false());
    VlBaseSpec def = vl_base_spec_default(u->type);
    if (u->spec.count != def.count)
        json_object_set_new(o, "bases", json_integer(u->spec.count));
    if (!same_double(u->spec.width, def.width) || !same_double(u->spec.depth, def.depth)) {
        json_t *b = json_object();
        json_object_set_new(b, "width", num(u->spec.width));
        json_object_set_new(b, "depth", num(u->spec.depth));
        json_object_set_new(o, "base", b);
    }
    if (u->arrive_turn > 0) {
        json_t *a = json_object();
        json_object_set_new(a, "turn", json_integer(u->arrive_turn));
        set_str(a, "edge", u->arrive_edge);
        json_object_set_new(o, "arrives", a);
    }
    return o;
}

static json_t *write_victory(const VlScenario *s)
{
    json_t *v = json_object();
    if (s->turns != 12)
        json_object_set_new(v, "turns", json_integer(s->turns));
    if (s->break_percent != 50)
        json_object_set_new(v, "break_percent", json_integer(s->break_percent));
    if (s->nobjectives > 0) {
        json_t *a = json_array();
        for (int i = 0; i < s->nobjectives; i++) {
            const VlObjective *ob = &s->objectives[i];
            json_t *o = json_object();
            set_str(o, "id", ob->id);
            set_opt(o, "name", ob->name);
            json_object_set_new(o, "position", point(ob->position));
            if (!same_double(ob->radius, 3.0))
                json_object_set_new(o, "radius", num(ob->radius));
            if (ob->points != 1)
                json_object_set_new(o, "points", json_integer(ob->points));
            json_array_append_new(a, o);
        }
        json_object_set_new(v, "objectives", a);
    }
    if (json_object_size(v) == 0) {
        json_decref(v);
        return NULL;
    }
    return v;
}

static json_t *write_events(const VlScenario *s)
{
    static const char *const kinds[] = {"none", "hits", "rally", "arrive", "delay"};
    json_t *a = json_array();
    for (int i = 0; i < s->nevents; i++) {
        const VlEvent *e = &s->events[i];
        json_t *o = json_object();
        if (e->lo == e->hi) {
            json_object_set_new(o, "roll", json_integer(e->lo));
        } else {
            json_t *r = json_array();
            json_array_append_new(r, json_integer(e->lo));
            json_array_append_new(r, json_integer(e->hi));
            json_object_set_new(o, "roll", r);
        }
        set_str(o, "text", e->text);
        if (e->effect != VL_EFFECT_NONE && (unsigned)e->effect < 5) {
            json_t *f = json_object();
            set_str(f, "kind", kinds[e->effect]);
            set_str(f, "unit", unit_id(s, e->unit));
            if (e->effect != VL_EFFECT_ARRIVE && e->amount != 1)
                json_object_set_new(f, "amount", json_integer(e->amount));
            json_object_set_new(o, "effect", f);
        }
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *write_orders(const VlScenario *s)
{
    json_t *o = json_object();
    json_t *corps = json_array();
    for (int i = 0; i < s->ncorps && i < 8; i++) {
        const VlCorps *k = &s->corps[i];
        json_t *c = json_object();
        set_str(c, "side", side_id(s, k->side));
        set_str(c, "commander", unit_id(s, k->commander));
        json_t *bl = json_array();
        for (int j = 0; j < k->nbrigades && j < 16; j++)
            json_array_append_new(bl, json_string(brigade_id(s, k->brigades[j])));
        json_object_set_new(c, "brigades", bl);
        json_array_append_new(corps, c);
    }
    json_object_set_new(o, "corps", corps);
    if (s->initial_order) {
        json_t *init = json_object();
        for (int b = 0; b < s->nbrigades; b++)
            if (s->initial_order[b] != VL_ORDER_NONE)
                set_str(init, s->brigades[b].id, vl_order_name(s->initial_order[b]));
        if (json_object_size(init) > 0)
            json_object_set_new(o, "initial", init);
        else
            json_decref(init);
    }
    return o;
}

static json_t *write_rules(const VlScenario *s)
{
    if (s->charge_rules == VL_RULES_GOR && s->republic == 0)
        return NULL;
    json_t *r = json_object();
    if (s->charge_rules != VL_RULES_GOR)
        set_str(r, "charges", vl_charge_rules_name(s->charge_rules));
    if (s->republic) {
        json_t *a = json_array();
        for (int k = 0; k < VL_REP_COUNT; k++)
            if ((s->republic >> k) & 1u)
                json_array_append_new(a, json_string(vl_rep_option_id((VlRepOption)k)));
        json_object_set_new(r, "republic", a);
    }
    return r;
}

static json_t *write_root(const VlScenario *s)
{
    json_t *root = json_object();
    set_str(root, "format", "volley-scenario");
    json_object_set_new(root, "version", json_integer(1));
    set_str(root, "name", s->name);
    set_opt(root, "description", s->description);
    if (s->year)
        json_object_set_new(root, "year", json_integer(s->year));
    set_opt(root, "theatre", s->theatre);
    /* The table always, default or not: it is the first thing a reader of the file wants. */
    json_t *t = json_object();
    json_object_set_new(t, "width", num(s->width));
    json_object_set_new(t, "height", num(s->height));
    json_object_set_new(root, "table", t);
    json_t *sides = json_array();
    for (int i = 0; i < s->nsides && i < 2; i++) {
        json_t *o = json_object();
        set_str(o, "id", s->sides[i].id);
        if (strcmp(s->sides[i].name, s->sides[i].id) != 0)
            set_opt(o, "name", s->sides[i].name);
        json_array_append_new(sides, o);
    }
    json_object_set_new(root, "sides", sides);
    if (s->nbrigades > 0) {
        json_t *a = json_array();
        for (int i = 0; i < s->nbrigades; i++)
            json_array_append_new(a, write_brigade(s, &s->brigades[i]));
        json_object_set_new(root, "brigades", a);
    }
    if (s->nterrain > 0) {
        json_t *a = json_array();
        for (int i = 0; i < s->nterrain; i++)
            json_array_append_new(a, write_terrain(&s->terrain[i]));
        json_object_set_new(root, "terrain", a);
    }
    json_t *units = json_array();
    for (int i = 0; i < s->nunits; i++)
        json_array_append_new(units, write_unit(s, &s->units[i]));
    json_object_set_new(root, "units", units);
    if (s->first_side > 0 && s->first_side < s->nsides)
        set_str(root, "first_side", s->sides[s->first_side].id);
    json_t *v = write_victory(s);
    if (v)
        json_object_set_new(root, "victory", v);
    if (s->nevents > 0)
        json_object_set_new(root, "events", write_events(s));
    if (s->orders)
        json_object_set_new(root, "orders", write_orders(s));
    json_t *r = write_rules(s);
    if (r)
        json_object_set_new(root, "rules", r);
    return root;
}

/* The shortest text of the double jansson printed as @p tok (17 digits) that reads back as the
 * same double, with a '.' or an exponent kept so that it stays a real. */
static void shortest(const char *tok, size_t n, char *out, size_t size)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.*s", (int)n, tok);
    double x = strtod(buf, NULL);
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, size, "%.*g", prec, x);
        if (strtod(out, NULL) == x && signbit(strtod(out, NULL)) == signbit(x))
            break;
    }
    if (!strpbrk(out, ".eEn"))
        strncat(out, ".0", size - strlen(out) - 1);
}

/* Rewrite every real of jansson's text (a number token with a '.' or an exponent, outside the
 * strings) in its shortest exact form. */
static char *shorten_reals(const char *text, size_t *len)
{
    size_t n = strlen(text);
    char *out = malloc(n + 2);
    if (!out)
        return NULL;
    size_t o = 0, flat_end = 0; /* text up to flat_end is an array of numbers put on one line */
    bool in_str = false;
    for (size_t i = 0; i < n;) {
        char c = text[i];
        if (in_str) {
            out[o++] = c;
            i++;
            if (c == '\\' && i < n)
                out[o++] = text[i++];
            else if (c == '"')
                in_str = false;
            continue;
        }
        if (c == '"') {
            in_str = true;
            out[o++] = text[i++];
            continue;
        }
        if (c == '[' && i >= flat_end) {
            /* An array of numbers alone (a point, a roll's range) goes on one line: "[27, 2]". */
            size_t j = i + 1;
            while (j < n && !strchr("[{\"]", text[j]))
                j++;
            if (j < n && text[j] == ']')
                flat_end = j;
        }
        if (i < flat_end && (c == ' ' || c == '\n')) {
            i++;
            continue;
        }
        if (i < flat_end && c == ',') {
            out[o++] = ',';
            out[o++] = ' ';
            i++;
            continue;
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            size_t j = i;
            bool real = false;
            while (j < n && strchr("+-0123456789.eE", text[j])) {
                real |= text[j] == '.' || text[j] == 'e' || text[j] == 'E';
                j++;
            }
            if (real) {
                char sh[40];
                shortest(text + i, j - i, sh, sizeof sh);
                size_t k = strlen(sh);
                if (k > j - i) { /* never longer than the 17 digits, but guard the buffer anyway */
                    memcpy(out + o, text + i, j - i);
                    o += j - i;
                } else {
                    memcpy(out + o, sh, k);
                    o += k;
                }
            } else {
                memcpy(out + o, text + i, j - i);
                o += j - i;
            }
            i = j;
            continue;
        }
        out[o++] = text[i++];
    }
    out[o++] = '\n';
    out[o] = 0;
    *len = o;
    return out;
}

char *vl_scenario_write_json(const VlScenario *s, size_t *len)
{
    size_t dummy;
    if (!len)
        len = &dummy;
    *len = 0;
    json_t *root = write_root(s);
    if (!root)
        return NULL;
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(root);
    if (!text)
        return NULL;
    char *out = shorten_reals(text, len);
    free(text);
    return out;
}

VlStatus vl_scenario_save_file(const VlScenario *s, const char *path, VlDiagList *diags)
{
    if (diags && !diags->file[0])
        snprintf(diags->file, sizeof diags->file, "%s", path);
    size_t len = 0;
    char *text = vl_scenario_write_json(s, &len);
    if (!text) {
        if (diags)
            vl_diag_add(diags, VL_ERR_NOMEM, 0, 0, "", "out of memory writing the scenario %s", path);
        return VL_ERR_NOMEM;
    }
    char err[1400];
    bool ok = vl_write_text_file(path, text, len, err, sizeof err);
    free(text);
    if (!ok) {
        if (diags)
            vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "%.380s", err);
        return VL_ERR_IO;
    }
    return VL_OK;
}
