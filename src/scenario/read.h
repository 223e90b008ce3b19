/* The scenario loader's reading of JSON values (src/scenario/read.c): each helper checks a value's
 * kind and bounds and reports a problem with its line, column and JSON path (sc_problem), so that
 * the sections of src/scenario/scenario.c read like the format they check. Internal to the loader. */
#ifndef VOLLEY_SCENARIO_READ_H
#define VOLLEY_SCENARIO_READ_H

#include "jsonpos.h"
#include "volley/scenario.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Most points of one feature. */
#define MAX_POINTS 1000

typedef struct Ctx {
    VlDiagList *diags;
    JPosIndex pos;
    bool have_pos;
    int total_points;
    bool table_ok; /* the table's size is within its bounds: things can be checked against it */
    /* Keep mode (vl_scenario_load_file_keep): problems reported while `soft` is set are the ones a
     * user makes while editing (where things stand, what a side has, who commands a brigade); the
     * others are counted in `hard`. With `keep`, a file whose problems are all soft is kept. */
    bool keep;
    bool soft;
    int hard;
} Ctx;

/* Report a problem at the value (or, with at_key, the member's key) of @p path. */
void sc_problem(Ctx *cx, VlStatus st, const char *path, bool at_key, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void sc_join(char *out, size_t size, const char *parent, const char *key);
const char *sc_json_kind(const json_t *v);
bool sc_check_keys(Ctx *cx, json_t *obj, const char *path, const char *const *allowed);
json_t *sc_member(Ctx *cx, json_t *obj, const char *path, const char *key, bool required);
bool sc_get_string(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, char *out, size_t size);
bool sc_get_id(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, char *out);
bool sc_as_number(Ctx *cx, json_t *v, const char *p, double *out);
bool sc_get_number(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, double *out);
bool sc_get_range(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, double lo, double hi, const char *fix, double *out);
bool sc_on_table(const VlScenario *s, VlVec2 p);
bool sc_get_int(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, int lo, int hi, int *out);
bool sc_get_enum(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, int (*parse)(const char *), const char *choices, int *out);
bool sc_as_point(Ctx *cx, json_t *v, const char *p, VlVec2 *out);
bool sc_as_points(Ctx *cx, json_t *v, const char *p, int min, VlVec2 **out, int *n);
json_t *sc_get_array(Ctx *cx, json_t *obj, const char *path, const char *key, bool required, size_t max);
bool sc_expect_object(Ctx *cx, json_t *v, const char *p);

#endif
