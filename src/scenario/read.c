/* Reading the JSON values of a scenario file, with their checks and messages (read.h). */
#include "read.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Report a problem at the value (or, with at_key, the member's key) of @p path. */
void sc_problem(Ctx *cx, VlStatus st, const char *path, bool at_key, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = 0, col = 0;
    const JPosEntry *e = cx->have_pos ? jpos_find(&cx->pos, path) : NULL;
    if (e) {
        line = at_key ? e->key_line : e->line;
        col = at_key ? e->key_col : e->col;
    }
    if (!cx->soft || st == VL_ERR_NOMEM)
        cx->hard++;
    vl_diag_add(cx->diags, st, line, col, path, "%s", msg);
}

void sc_join(char *out, size_t size, const char *parent, const char *key)
{
    snprintf(out, size, "%s%s%s", parent, parent[0] ? "." : "", key);
}

const char *sc_json_kind(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "?";
}

/* Refuse members not in @p allowed (a NULL-terminated list). */
bool sc_check_keys(Ctx *cx, json_t *obj, const char *path, const char *const *allowed)
{
    bool ok = true;
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool known = false;
        for (int i = 0; allowed[i]; i++)
            known |= strcmp(key, allowed[i]) == 0;
        if (!known) {
            char p[160], list[320] = "";
            sc_join(p, sizeof p, path, key);
            for (int i = 0; allowed[i]; i++) {
                strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, allowed[i], sizeof list - strlen(list) - 1);
            }
            sc_problem(cx, VL_ERR_SCHEMA, p, true, "unknown field \"%s\"; expected one of: %s", key, list);
            ok = false;
        }
    }
    return ok;
}

/* Fetch member @p key; when missing and required, say so at the object. */
json_t *sc_member(Ctx *cx, json_t *obj, const char *path, const char *key, bool required)
{
    json_t *v = json_object_get(obj, key);
    if (!v && required)
        sc_problem(cx, VL_ERR_SCHEMA, path, false, "missing required field \"%s\"", key);
    return v;
}

bool sc_get_string(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, char *out,
                       size_t size)
{
    json_t *v = sc_member(cx, obj, path, key, required);
    if (!v)
        return !required;
    char p[160];
    sc_join(p, sizeof p, path, key);
    if (!json_is_string(v)) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected a string, found %s", sc_json_kind(v));
        return false;
    }
    if (json_string_length(v) >= size) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "too long: at most %zu characters", size - 1);
        return false;
    }
    snprintf(out, size, "%s", json_string_value(v));
    return true;
}

bool sc_get_id(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, char *out)
{
    if (!sc_get_string(cx, obj, path, key, required, out, VL_ID_MAX))
        return false;
    if (json_object_get(obj, key) && out[0] == 0) {
        char p[160];
        sc_join(p, sizeof p, path, key);
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "must not be empty");
        return false;
    }
    return true;
}

bool sc_as_number(Ctx *cx, json_t *v, const char *p, double *out)
{
    if (!json_is_number(v)) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected a number, found %s", sc_json_kind(v));
        return false;
    }
    *out = json_number_value(v);
    if (!isfinite(*out)) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected a finite number");
        return false;
    }
    return true;
}

bool sc_get_number(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, double *out)
{
    json_t *v = sc_member(cx, obj, path, key, required);
    if (!v)
        return !required;
    char p[160];
    sc_join(p, sizeof p, path, key);
    return sc_as_number(cx, v, p, out);
}

/* A number from @p lo to @p hi (inches); @p fix says what to do about one out of range. On any problem
 * *out keeps its value (the default). */
bool sc_get_range(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, double lo, double hi,
                      const char *fix, double *out)
{
    double v = *out;
    if (!sc_get_number(cx, obj, path, key, required, &v))
        return false;
    if (!json_object_get(obj, key))
        return true;
    if (!(v >= lo && v <= hi)) {
        char p[160];
        sc_join(p, sizeof p, path, key);
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected a number from %g to %g (inches), found %g; %s", lo, hi, v, fix);
        return false;
    }
    *out = v;
    return true;
}

/* Whether @p p lies on the table, its edges included. */
bool sc_on_table(const VlScenario *s, VlVec2 p)
{
    return p.x >= -VL_EPS && p.y >= -VL_EPS && p.x <= s->width + VL_EPS && p.y <= s->height + VL_EPS;
}

bool sc_get_int(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, int lo, int hi,
                    int *out)
{
    json_t *v = sc_member(cx, obj, path, key, required);
    if (!v)
        return !required;
    char p[160];
    sc_join(p, sizeof p, path, key);
    if (!json_is_integer(v)) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected an integer from %d to %d (no fraction or exponent), found %s", lo,
                hi, sc_json_kind(v));
        return false;
    }
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected an integer from %d to %d, found %lld", lo, hi, (long long)x);
        return false;
    }
    *out = (int)x;
    return true;
}

/* A string member that must be one of a fixed vocabulary; the parser returns -1 for unknown names. */
bool sc_get_enum(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, int (*parse)(const char *),
                     const char *choices, int *out)
{
    char s[64];
    if (!sc_get_string(cx, obj, path, key, required, s, sizeof s))
        return false;
    if (!json_object_get(obj, key))
        return true;
    int x = parse(s);
    if (x < 0) {
        char p[160];
        sc_join(p, sizeof p, path, key);
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "unknown value \"%s\"; expected one of: %s", s, choices);
        return false;
    }
    *out = x;
    return true;
}

bool sc_as_point(Ctx *cx, json_t *v, const char *p, VlVec2 *out)
{
    if (!json_is_array(v) || json_array_size(v) != 2) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected a point [x, y], found %s", sc_json_kind(v));
        return false;
    }
    char q[200];
    snprintf(q, sizeof q, "%s[0]", p);
    bool ok = sc_as_number(cx, json_array_get(v, 0), q, &out->x);
    snprintf(q, sizeof q, "%s[1]", p);
    ok = sc_as_number(cx, json_array_get(v, 1), q, &out->y) && ok;
    return ok;
}

/* An array of points; returns a malloc'ed copy. */
bool sc_as_points(Ctx *cx, json_t *v, const char *p, int min, VlVec2 **out, int *n)
{
    if (!json_is_array(v)) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected an array of points [[x, y], ...], found %s", sc_json_kind(v));
        return false;
    }
    size_t m = json_array_size(v);
    if (m < (size_t)min || m > MAX_POINTS) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected %d to %d points, found %zu", min, MAX_POINTS, m);
        return false;
    }
    VlVec2 *pts = malloc(m * sizeof *pts);
    if (!pts) {
        sc_problem(cx, VL_ERR_NOMEM, p, false, "out of memory");
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < m; i++) {
        char q[200];
        snprintf(q, sizeof q, "%s[%zu]", p, i);
        ok = sc_as_point(cx, json_array_get(v, i), q, &pts[i]) && ok;
    }
    if (!ok) {
        free(pts);
        return false;
    }
    *out = pts;
    *n = (int)m;
    return true;
}

json_t *sc_get_array(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, size_t max)
{
    json_t *v = sc_member(cx, obj, path, key, required);
    if (!v)
        return NULL;
    char p[160];
    sc_join(p, sizeof p, path, key);
    if (!json_is_array(v)) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected an array, found %s", sc_json_kind(v));
        return NULL;
    }
    if (json_array_size(v) > max) {
        sc_problem(cx, VL_ERR_SCHEMA, p, false, "at most %zu entries, found %zu", max, json_array_size(v));
        return NULL;
    }
    return v;
}

bool sc_expect_object(Ctx *cx, json_t *v, const char *p)
{
    if (json_is_object(v))
        return true;
    sc_problem(cx, VL_ERR_SCHEMA, p, false, "expected an object, found %s", sc_json_kind(v));
    return false;
}
