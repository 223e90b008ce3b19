/* Reading a command log (log.h vl_log_load, vl_log_peek) and knowing the scenario it names
 * (vl_log_scenario_hash, the shipped name, the search for the file). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "log_internal.h"

#include "volley/paths.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A log is read as strictly as a scenario (docs/game-log.md): the whole file through the core's
 * bounded reader (never a FIFO or device, never more than VL_LOG_MAX_BYTES, no NUL byte), then line
 * by line from memory. Each line must hold exactly the fields the writer writes, each of its type
 * and in its range; the first problem is reported with its line, the field and how to fix it, and
 * nothing is returned half-read. The game judges the commands again when they are replayed: these
 * checks only make sure that what reaches it is what a game could have written. */

/* Inches or degrees in a command: far beyond any table or turn, so that nothing computed from one
 * can overflow, and never written by a game. */
#define MAX_MEASURE 1e6
/* A split share of small-arms dice: no more dice than one roll holds (VlDiceRoll.dice). */
#define MAX_SHARE_DICE ((int)(sizeof ((VlDiceRoll *)0)->dice / sizeof(int)))
/* The turn a check names: the scenario format allows 99 turns; a game over is checked one later. */
#define MAX_CHECK_TURN 100

/* Where a problem is: the diagnostics, the line being read and the first problem's status. */
typedef struct Rd {
    VlDiagList *diags;
    int line;
    VlStatus st;
    const char *in; ///< the object being read, before a field's name in the path ("options."), or NULL
} Rd;

static bool bad(Rd *r, VlStatus st, const char *path, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Record a problem at the current line (the first one sets the status); always false. */
static bool bad(Rd *r, VlStatus st, const char *path, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char full[128];
    snprintf(full, sizeof full, "%s%s", r->in && path[0] ? r->in : "", path);
    vl_diag_add(r->diags, st, r->line, r->line > 0 ? 1 : 0, full, "%s", msg);
    if (r->st == VL_OK)
        r->st = st;
    return false;
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "a whole number";
    case JSON_REAL: return "a number with a fraction";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "?";
}

/* Refuse a member of @p o not in @p allowed (NULL-terminated); @p what names the line's kind. */
static bool known_fields(Rd *r, json_t *o, const char *what, const char *const *allowed)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        bool known = false;
        for (int i = 0; allowed[i]; i++)
            known |= strcmp(key, allowed[i]) == 0;
        if (known)
            continue;
        char list[320] = "";
        for (int i = 0; allowed[i]; i++) {
            strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, allowed[i], sizeof list - strlen(list) - 1);
        }
        return bad(r, VL_ERR_SCHEMA, key, "unknown field \"%.40s\" in %s; it may have: %s (remove the field)", key,
                   what, list);
    }
    return true;
}

/* Member @p key of @p o of JSON type @p want (JSON_TRUE: a boolean, JSON_REAL: any number); NULL
 * when it is missing (refused when @p required) or of another type (refused). @p expect says what it
 * should be, for the message. */
static json_t *member(Rd *r, json_t *o, const char *key, json_type want, bool required, const char *expect)
{
    json_t *v = json_object_get(o, key);
    if (!v) {
        if (required)
            bad(r, VL_ERR_SCHEMA, key, "\"%s\" is missing; it must be %s", key, expect);
        return NULL;
    }
    bool ok = want == JSON_TRUE ? json_is_boolean(v) : want == JSON_REAL ? json_is_number(v) : json_typeof(v) == want;
    if (!ok) {
        bad(r, VL_ERR_SCHEMA, key, "\"%s\" must be %s, not %s", key, expect, type_name(v));
        return NULL;
    }
    return v;
}

/* A whole number in [lo, hi] at @p v (named @p path); false (refused) otherwise. */
static bool whole_in(Rd *r, json_t *v, const char *path, long long lo, long long hi, const char *what, int *out)
{
    if (!json_is_integer(v))
        return bad(r, VL_ERR_SCHEMA, path, "\"%s\" must be a whole number from %lld to %lld (%s), not %s", path, lo, hi,
                   what, type_name(v));
    json_int_t n = json_integer_value(v);
    if (n < lo || n > hi)
        return bad(r, VL_ERR_INVALID, path, "\"%s\" is %lld; it must be from %lld to %lld (%s)", path, (long long)n, lo,
                   hi, what);
    *out = (int)n;
    return true;
}

/* A finite number with |x| <= MAX_MEASURE at @p v (named @p path). */
static bool measure(Rd *r, json_t *v, const char *path, double *out)
{
    if (!json_is_number(v))
        return bad(r, VL_ERR_SCHEMA, path, "\"%s\" must be a number, not %s", path, type_name(v));
    double x = json_number_value(v);
    if (!(fabs(x) <= MAX_MEASURE))
        return bad(r, VL_ERR_INVALID, path, "\"%s\" is %g; no game writes a distance or angle beyond %g", path, x,
                   MAX_MEASURE);
    *out = x;
    return true;
}

/* Exactly 16 hex digits (the writer's %016llx) into *out. */
static bool hex64(const char *s, uint64_t *out)
{
    if (strlen(s) != 16 || strspn(s, "0123456789abcdefABCDEF") != 16)
        return false;
    *out = strtoull(s, NULL, 16);
    return true;
}

/* A seed: 1 to 20 decimal digits that fit in 64 bits. */
static bool seed64(const char *s, uint64_t *out)
{
    size_t n = strlen(s);
    if (n < 1 || n > 20 || strspn(s, "0123456789") != n)
        return false;
    errno = 0;
    unsigned long long v = strtoull(s, NULL, 10);
    if (errno == ERANGE)
        return false;
    *out = v;
    return true;
}

/* A shipped scenario's name: a file name in the data folder's scenarios/, without ".json". */
static bool scenario_name_ok(const char *s)
{
    size_t n = strlen(s);
    return n >= 1 && n < 64 && s[0] != '.' && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

/* The rule options, key by key: each must be there, of its type and in its range. */
static bool read_option_values(Rd *r, json_t *o, VlRuleOptions *out)
{
    static const char *const keys[] = {"charge_rules", "cavalry_rough_in_cm", "jr3_bonus_dice", "retreat_distance",
                                       "republic", NULL};
    if (!known_fields(r, o, "the header's \"options\"", keys))
        return false;
    json_t *cr = member(r, o, "charge_rules", JSON_STRING, true, "the charge rules: \"gor\", \"jr3\" or \"gunson\"");
    if (!cr)
        return false;
    int rules = vl_charge_rules_parse(json_string_value(cr));
    if (rules < 0)
        return bad(r, VL_ERR_INVALID, "charge_rules",
                   "unknown charge rules \"%.40s\"; they must be \"gor\", \"jr3\" or \"gunson\"", json_string_value(cr));
    out->charge_rules = (VlChargeRules)rules;
    json_t *cm = member(r, o, "cavalry_rough_in_cm", JSON_TRUE, true, "true or false (D-MOVE-1)");
    if (!cm)
        return false;
    out->cavalry_rough_in_cm = json_is_true(cm);
    /* D-JR3-1: two by default; six (36 in of bonus) is more than any charge across a table needs. */
    json_t *jd = member(r, o, "jr3_bonus_dice", JSON_INTEGER, true, "a whole number of dice from 0 to 6 (D-JR3-1)");
    if (!jd || !whole_in(r, jd, "jr3_bonus_dice", 0, 6, "JR III charge bonus dice, D-JR3-1", &out->jr3_bonus_dice))
        return false;
    /* D-RETR-1: 10 in or 4 in by the texts; up to 24 in leaves room for a house rule. */
    json_t *rd = member(r, o, "retreat_distance", JSON_REAL, true, "a distance in inches over 0 and at most 24 (D-RETR-1)");
    if (!rd)
        return false;
    double d = json_number_value(rd);
    if (!(d > 0 && d <= 24))
        return bad(r, VL_ERR_INVALID, "retreat_distance",
                   "the retreat distance is %g in; it must be over 0 and at most 24 in (D-RETR-1: 10 by default, 4 by the "
                   "sequence of play)", d);
    out->retreat_distance = d;
    /* The Republic options in play, by checklist id; absent when none are. */
    json_t *rep = member(r, o, "republic", JSON_ARRAY, false, "an array of Republic option ids such as \"REP-505\"");
    if (!rep)
        return !json_object_get(o, "republic"); /* absent: none; present but not an array: refused */
    size_t i;
    json_t *x;
    json_array_foreach(rep, i, x)
    {
        int k = json_is_string(x) ? vl_rep_option_parse(json_string_value(x)) : -1;
        if (k < 0)
            return bad(r, VL_ERR_INVALID, "republic",
                       "element %zu is not a Republic option id; each must be one of REP-201, REP-303, REP-306, REP-307, "
                       "REP-308, REP-401, REP-501, REP-505, REP-506A, REP-506B, REP-507, REP-508, REP-509, REP-510, "
                       "REP-513, REP-601 (volley rules lists them)", i);
        if (vl_rep_on(out, (VlRepOption)k))
            return bad(r, VL_ERR_INVALID, "republic", "%s is listed twice; list each option once",
                       vl_rep_option_id((VlRepOption)k));
        out->republic |= 1u << k;
    }
    return true;
}

/* The rule options, with their fields named "options.KEY". */
static bool read_options(Rd *r, json_t *o, VlRuleOptions *out)
{
    *out = vl_rule_options_default();
    r->in = "options.";
    bool ok = read_option_values(r, o, out);
    r->in = NULL;
    return ok;
}

/* The header line: format, version, scenario (path, name, hash), seed, rule options and players
 * (the part of a log that vl_log_load and vl_log_peek share). */
static bool read_header(Rd *r, json_t *o, VlLog *log)
{
    static const char *const keys_v1[] = {"format", "version", "scenario", "scenario_hash", "seed", "options", "players", NULL};
    static const char *const keys[] = {"format",  "version", "scenario", "scenario_name", "scenario_hash",
                                       "seed",    "options", "players",  NULL};
    json_t *fmt = json_object_get(o, "format");
    if (!json_is_string(fmt) || strcmp(json_string_value(fmt), "volley-log") != 0)
        return bad(r, VL_ERR_SCHEMA, "format",
                   "not a Volley game log: its first line must be the header, with \"format\": \"volley-log\"");
    json_t *ver = member(r, o, "version", JSON_INTEGER, true, "the log's version, a whole number");
    if (!ver)
        return false;
    json_int_t v = json_integer_value(ver);
    if (v > VL_LOG_VERSION)
        return bad(r, VL_ERR_SCHEMA, "version",
                   "this log is version %lld, written by a newer Volley; this one reads versions 1 to %d (update Volley)",
                   (long long)v, VL_LOG_VERSION);
    if (v < 1)
        return bad(r, VL_ERR_SCHEMA, "version", "the version is %lld; it must be a whole number from 1 to %d",
                   (long long)v, VL_LOG_VERSION);
    log->version = (int)v;
    if (!known_fields(r, o, "the header", v == 1 ? keys_v1 : keys))
        return false;
    json_t *sp = member(r, o, "scenario", JSON_STRING, true, "the scenario file's path");
    if (!sp)
        return false;
    if (!json_string_value(sp)[0] || strlen(json_string_value(sp)) >= sizeof log->scenario_path)
        return bad(r, VL_ERR_INVALID, "scenario", "the scenario's path must be from 1 to %zu bytes long",
                   sizeof log->scenario_path - 1);
    snprintf(log->scenario_path, sizeof log->scenario_path, "%s", json_string_value(sp));
    json_t *sn = member(r, o, "scenario_name", JSON_STRING, false, "the name of a scenario shipped with Volley");
    if (!sn && r->st != VL_OK)
        return false;
    if (sn && !scenario_name_ok(json_string_value(sn)))
        return bad(r, VL_ERR_INVALID, "scenario_name",
                   "\"%.40s\" is not a scenario's name: letters, digits, '.', '_' and '-', at most 63, as in \"tutorial\"",
                   json_string_value(sn));
    snprintf(log->scenario_name, sizeof log->scenario_name, "%s", sn ? json_string_value(sn) : "");
    json_t *sh = member(r, o, "scenario_hash", JSON_STRING, true, "16 hex digits");
    if (!sh)
        return false;
    if (!hex64(json_string_value(sh), &log->scenario_hash))
        return bad(r, VL_ERR_INVALID, "scenario_hash", "\"%.40s\" is not a scenario hash: it must be 16 hex digits",
                   json_string_value(sh));
    json_t *seed = member(r, o, "seed", JSON_STRING, true, "the seed as a string of decimal digits, e.g. \"42\"");
    if (!seed)
        return false;
    if (!seed64(json_string_value(seed), &log->seed))
        return bad(r, VL_ERR_INVALID, "seed",
                   "\"%.40s\" is not a seed: it must be decimal digits only, from \"0\" to \"18446744073709551615\"",
                   json_string_value(seed));
    json_t *opt = member(r, o, "options", JSON_OBJECT, true, "an object of the rule options");
    if (!opt || !read_options(r, opt, &log->options))
        return false;

    json_t *pl = member(r, o, "players", JSON_STRING, false, "who played each side, e.g. \"human,ai:normal\"");
    if (!pl && r->st != VL_OK)
        return false;
    if (pl) {
        const char *p = json_string_value(pl);
        size_t n = strlen(p);
        if (n >= sizeof log->players || strspn(p, "abcdefghijklmnopqrstuvwxyz:,") != n || !strchr(p, ','))
            return bad(r, VL_ERR_INVALID, "players",
                       "\"%.40s\" does not say who played: two names, first side first, as in \"human,ai:normal\"", p);
        snprintf(log->players, sizeof log->players, "%s", p);
    }
    return true;
}

/* One line of a log as a JSON object; NULL (refused) when it is not one. */
static json_t *read_object(Rd *r, const char *line, size_t len)
{
    json_error_t je;
    json_t *o = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
    if (o && json_is_object(o))
        return o;
    if (o)
        bad(r, VL_ERR_SYNTAX, "", "damaged line: expected a JSON object, one a line");
    else
        vl_diag_add(r->diags, VL_ERR_SYNTAX, r->line, je.column > 0 ? je.column : 1, "",
                    "damaged line: %s (the line was cut short or edited; a save is rewritten whole, never by hand)",
                    je.text);
    if (r->st == VL_OK)
        r->st = VL_ERR_SYNTAX;
    json_decref(o);
    return NULL;
}

/* A log's text, split into lines as it is read. */
typedef struct Text {
    char *buf;
    size_t len, at;
} Text;

/* The next line (without its newline), or false at the end. */
static bool next_line(Text *t, const char **line, size_t *len)
{
    if (t->at >= t->len)
        return false;
    const char *p = t->buf + t->at, *nl = memchr(p, '\n', t->len - t->at);
    *line = p;
    *len = nl ? (size_t)(nl - p) : t->len - t->at;
    t->at += *len + (nl ? 1 : 0);
    return true;
}

static VlStatus read_text(const char *path, Text *t, VlDiagList *diags)
{
    memset(t, 0, sizeof *t);
    return vl_read_text_file(path, VL_LOG_MAX_BYTES, "a game log", &t->buf, &t->len, diags);
}

/* ---- the scenario a log names ---- */

static uint64_t hash_u64(uint64_t h, uint64_t v)
{
    unsigned char b[8]; /* little-endian, so the hash is the same on every machine */
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    return vl_hash_bytes(h, b, sizeof b);
}

static uint64_t hash_int(uint64_t h, long long v) { return hash_u64(h, (uint64_t)v); }

static uint64_t hash_double(uint64_t h, double v)
{
    uint64_t bits;
    v = v == 0 ? 0.0 : v; /* -0 and 0 are one value */
    memcpy(&bits, &v, sizeof bits);
    return hash_u64(h, bits);
}

static uint64_t hash_text(uint64_t h, const char *s)
{
    size_t n = strlen(s);
    return vl_hash_bytes(hash_u64(h, n), s, n);
}

static uint64_t hash_vec(uint64_t h, VlVec2 p) { return hash_double(hash_double(h, p.x), p.y); }

uint64_t vl_log_scenario_hash(const VlScenario *s)
{
    /* Every field of VlScenario and its parts except the prose: the names of the scenario, sides,
     * brigades, features, units and objectives, the description and the events' stories. A field
     * added to the scenario that changes play belongs here too (the replay's state checks would
     * still catch a game that differs, but only as "the state differs"). */
    uint64_t h = hash_text(VL_HASH_INIT, "volley-scenario/1");
    h = hash_int(h, s->version);
    h = hash_int(h, s->year);
    h = hash_text(h, s->theatre);
    h = hash_double(hash_double(h, s->width), s->height);
    h = hash_int(h, s->nsides);
    for (int i = 0; i < s->nsides && i < 2; i++)
        h = hash_text(h, s->sides[i].id);
    h = hash_int(h, s->nbrigades);
    for (int i = 0; i < s->nbrigades; i++) {
        const VlBrigade *b = &s->brigades[i];
        h = hash_int(hash_int(hash_text(h, b->id), b->side), b->commander);
    }
    h = hash_int(h, s->nterrain);
    for (int i = 0; i < s->nterrain; i++) {
        const VlTerrain *t = &s->terrain[i];
        h = hash_int(hash_int(hash_text(h, t->id), t->type), t->level);
        h = hash_int(hash_double(h, t->width), t->npts);
        for (int k = 0; k < t->npts; k++)
            h = hash_vec(h, t->pts[k]);
    }
    h = hash_int(h, s->nunits);
    for (int i = 0; i < s->nunits; i++) {
        const VlScenarioUnit *u = &s->units[i];
        h = hash_int(hash_int(hash_text(h, u->id), u->side), u->brigade);
        h = hash_text(h, u->brigade_label);
        h = hash_int(hash_int(hash_int(hash_int(h, u->type), u->formation), u->weapon), u->quality);
        h = hash_int(h, u->mounted);
        h = hash_double(hash_vec(h, u->pose.anchor), u->pose.facing);
        h = hash_double(hash_double(hash_int(h, u->spec.count), u->spec.width), u->spec.depth);
        h = hash_text(hash_int(h, u->arrive_turn), u->arrive_edge);
    }
    h = hash_int(hash_int(hash_int(h, s->first_side), s->turns), s->break_percent);
    h = hash_int(h, s->nobjectives);
    for (int i = 0; i < s->nobjectives; i++) {
        const VlObjective *o = &s->objectives[i];
        h = hash_int(hash_double(hash_vec(hash_text(h, o->id), o->position), o->radius), o->points);
    }
    h = hash_int(h, s->nevents);
    for (int i = 0; i < s->nevents; i++) {
        const VlEvent *e = &s->events[i];
        h = hash_int(hash_int(hash_int(hash_int(hash_int(h, e->lo), e->hi), e->effect), e->unit), e->amount);
    }
    h = hash_int(hash_int(h, s->orders), s->ncorps);
    for (int i = 0; i < s->ncorps && i < 8; i++) {
        const VlCorps *c = &s->corps[i];
        h = hash_int(hash_int(hash_int(h, c->side), c->commander), c->nbrigades);
        for (int k = 0; k < c->nbrigades && k < 16; k++)
            h = hash_int(h, c->brigades[k]);
    }
    for (int i = 0; s->initial_order && i < s->nbrigades; i++)
        h = hash_int(h, s->initial_order[i]);
    return h;
}

/* A scenario file's name without its folder and ".json" into @p out ("" when it is not a .json). */
static void stem_of(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t n = strlen(base);
    if (n > 5 && strcmp(base + n - 5, ".json") == 0)
        snprintf(out, size, "%.*s", (int)(n - 5), base);
    else
        out[0] = 0;
}

/* The name of a scenario shipped with Volley (a .json file right in the data folder's scenarios/),
 * into @p out; "" for any other scenario. */
void vl_log_shipped_name(const char *file, char *out, size_t size)
{
    out[0] = 0;
    char data[PATH_MAX], real[PATH_MAX], stem[64];
    if (vl_paths_data_dir(data, sizeof data, NULL, 0) != VL_OK || !realpath(file, real))
        return;
    stem_of(real, stem, sizeof stem);
    size_t n = strlen(data);
    if (stem[0] && scenario_name_ok(stem) && strncmp(real, data, n) == 0 && strncmp(real + n, "/scenarios/", 11) == 0 &&
        !strchr(real + n + 11, '/'))
        snprintf(out, size, "%s", stem);
}

/* Load the scenario at @p path into @p out; on failure *why says why (appended to @p why). */
static VlStatus try_scenario(const char *path, VlScenario *out, char *why, size_t size)
{
    memset(out, 0, sizeof *out);
    size_t at = strlen(why);
    const char *sep = at ? "; " : "";
    if (access(path, F_OK) != 0) {
        snprintf(why + at, size - at, "%s%.300s: not found", sep, path);
        return VL_ERR_IO;
    }
    VlDiagList sd;
    vl_diag_init(&sd, path);
    VlStatus st = vl_scenario_load_file(path, out, &sd);
    if (st != VL_OK) {
        char line[512] = "";
        if (sd.count)
            vl_diag_format(&sd, &sd.items[0], line, sizeof line);
        snprintf(why + at, size - at, "%s%s", sep, line[0] ? line : vl_status_str(st));
        memset(out, 0, sizeof *out);
    }
    vl_diag_free(&sd);
    return st;
}

/* Find, load and check the scenario a header names (see vl_log_load); a problem is reported at the
 * header's line. */
static VlStatus open_scenario(const char *log_path, int version, const char *name, const char *spath, uint64_t hash,
                              VlScenario *out, VlDiagList *diags)
{
    Rd r = {.diags = diags, .line = 1};
    /* Where to look: a shipped scenario by its name, wherever Volley is installed; then the path
     * written; then a file of that name beside the log (a save sent with its scenario). The first
     * whose content is the one played wins, so an old copy kept beside a save still serves it. */
    char cand[3][1200];
    int n = 0;
    if (name[0]) {
        char rel[128];
        snprintf(rel, sizeof rel, "scenarios/%s.json", name);
        if (vl_paths_data_file(rel, cand[n], sizeof cand[n], NULL, 0) == VL_OK)
            n++;
    }
    snprintf(cand[n++], sizeof cand[0], "%s", spath);
    const char *slash = strrchr(log_path, '/'), *base = strrchr(spath, '/');
    snprintf(cand[n], sizeof cand[n], "%.*s%s", slash ? (int)(slash - log_path + 1) : 0, log_path, base ? base + 1 : spath);
    if (strcmp(cand[n], cand[n - 1]) != 0 && (n < 2 || strcmp(cand[n], cand[0]) != 0))
        n++;
    char why[800] = "", changed_title[VL_NAME_MAX] = "";
    int changed = -1;
    uint64_t changed_hash = 0;
    VlStatus failed = VL_ERR_IO; /* nowhere to be found, unless one was there but would not load */
    for (int i = 0; i < n; i++) {
        VlStatus st = try_scenario(cand[i], out, why, sizeof why);
        if (st != VL_OK) {
            failed = failed == VL_ERR_IO ? st : failed;
            continue;
        }
        uint64_t have = version == 1 ? out->hash : vl_log_scenario_hash(out);
        if (have == hash)
            return VL_OK;
        if (changed < 0) {
            changed = i;
            snprintf(changed_title, sizeof changed_title, "%s", out->name);
            changed_hash = have;
        }
        vl_scenario_free(out);
        memset(out, 0, sizeof *out);
    }
    if (changed >= 0)
        bad(&r, VL_ERR_INVALID, "scenario_hash",
            "the scenario \"%s\" (%s%s%s%s) has changed since this game was saved: its %s is %016llx, the save's "
            "%016llx; the game cannot be rebuilt on it (put the scenario as it was beside the save, or start a new game)",
            changed_title, name[0] ? "shipped as " : "", name[0] ? name : "", name[0] ? ", " : "", cand[changed],
            version == 1 ? "hash of the file's bytes (a version 1 save)" : "content hash", (unsigned long long)changed_hash,
            (unsigned long long)hash);
    else
        bad(&r, failed, "scenario",
            "the scenario %s could not be loaded (%.300s); put it back where the save says, or beside the save",
            name[0] ? name : spath, why);
    return r.st;
}

/* ---- commands ---- */

static int unit_of(const VlScenario *s, json_t *v)
{
    return json_is_string(v) ? vl_scenario_find_unit(s, json_string_value(v)) : -1;
}

/* A unit named by member @p key (required); -1 refused. */
static int unit_member(Rd *r, const VlScenario *s, json_t *o, const char *key)
{
    json_t *v = member(r, o, key, JSON_STRING, true, "a unit's id");
    if (!v)
        return -1;
    int u = unit_of(s, v);
    if (u < 0)
        bad(r, VL_ERR_SCHEMA, key, "no unit \"%.40s\" in the scenario %s; \"%s\" must be a unit's id", json_string_value(v),
            s->name, key);
    return u;
}

/* An array member @p key of 0..max (1..max when @p nonempty) units into @p units; -1 refused. */
static int unit_list(Rd *r, const VlScenario *s, json_t *a, const char *key, int lo, int max, int *units)
{
    int n = (int)json_array_size(a);
    if (json_array_size(a) < (size_t)lo || json_array_size(a) > (size_t)max) {
        bad(r, VL_ERR_INVALID, key, "\"%s\" names %zu units; it must name from %d to %d", key, json_array_size(a), lo,
            max);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        json_t *v = json_array_get(a, (size_t)i);
        char path[48];
        snprintf(path, sizeof path, "%s[%d]", key, i);
        units[i] = unit_of(s, v);
        if (units[i] >= 0)
            continue;
        if (json_is_string(v))
            bad(r, VL_ERR_SCHEMA, path, "no unit \"%.40s\" in the scenario; each of \"%s\" must be a unit's id",
                json_string_value(v), key);
        else
            bad(r, VL_ERR_SCHEMA, path, "\"%s\" must hold units' ids (strings), not %s", key, type_name(v));
        return -1;
    }
    return n;
}

static bool parse_fire(Rd *r, const VlScenario *s, json_t *o, VlCommand *c)
{
    json_t *ts = json_object_get(o, "targets"), *ds = json_object_get(o, "dice");
    if (!ts && !ds)
        return true; /* the rules choose the target */
    if (!ts || !ds)
        return bad(r, VL_ERR_SCHEMA, ts ? "dice" : "targets",
                   "split fire needs both \"targets\" and \"dice\", or neither for the target the rules choose");
    if (!member(r, o, "targets", JSON_ARRAY, true, "an array of unit ids") ||
        !member(r, o, "dice", JSON_ARRAY, true, "an array of whole numbers of dice"))
        return false;
    int n = unit_list(r, s, ts, "targets", 1, VL_MAX_FIRE_TARGETS, c->targets);
    if (n < 0)
        return false;
    if (json_array_size(ds) != (size_t)n)
        return bad(r, VL_ERR_INVALID, "dice", "split fire gives %zu shares of \"dice\" to %d \"targets\"; give one a target",
                   json_array_size(ds), n);
    for (int i = 0; i < n; i++) {
        char path[32];
        snprintf(path, sizeof path, "dice[%d]", i);
        if (!whole_in(r, json_array_get(ds, (size_t)i), path, 1, MAX_SHARE_DICE, "one target's share of split fire",
                      &c->dice[i]))
            return false;
    }
    c->ntargets = n;
    return true;
}

static bool parse_charge(Rd *r, const VlScenario *s, json_t *o, VlCommand *c)
{
    json_t *op = member(r, o, "opening", JSON_STRING, false, "\"choose\", \"none\", \"drift\", \"wheel-left\" or \"wheel-right\"");
    if (!op && r->st != VL_OK)
        return false;
    const char *opening = op ? json_string_value(op) : "choose";
    c->choose_path = strcmp(opening, "choose") == 0;
    if (!c->choose_path) {
        int pk = -1;
        for (int i = 0; i < 4; i++)
            if (strcmp(opening, vl_pre_kind_name((VlPreKind)i)) == 0)
                pk = i;
        if (pk < 0)
            return bad(r, VL_ERR_INVALID, "opening",
                       "unknown opening \"%.40s\"; it must be choose, none, drift, wheel-left or wheel-right", opening);
        c->pre_kind = (VlPreKind)pk;
    }
    json_t *am = json_object_get(o, "amount");
    if (!c->choose_path && c->pre_kind != VL_PRE_NONE) {
        if (!member(r, o, "amount", JSON_REAL, true, "the opening's inches (drift) or degrees (wheel)") ||
            !measure(r, am, "amount", &c->pre_amount))
            return false;
    } else if (am) {
        return bad(r, VL_ERR_SCHEMA, "amount", "\"amount\" goes only with a drift or wheel opening; remove it");
    }
    json_t *sup = member(r, o, "supports", JSON_ARRAY, false, "an array of unit ids");
    if (!sup && r->st != VL_OK)
        return false;
    if (sup) {
        int n = unit_list(r, s, sup, "supports", 0, VL_MAX_SUPPORTS, c->supports);
        if (n < 0)
            return false;
        c->nsupports = n;
    }
    return true;
}

static bool parse_move(Rd *r, const VlScenario *s, json_t *o, VlCommand *c)
{
    c->move.unit = c->unit;
    json_t *steps = member(r, o, "steps", JSON_ARRAY, true, "an array of steps such as \"advance:5\"");
    if (!steps)
        return false;
    if (json_array_size(steps) < 1 || json_array_size(steps) > VL_MAX_STEPS)
        return bad(r, VL_ERR_INVALID, "steps", "a move has %zu steps; it must have from 1 to %d", json_array_size(steps),
                   VL_MAX_STEPS);
    for (size_t i = 0; i < json_array_size(steps); i++) {
        char path[32], err[200];
        snprintf(path, sizeof path, "steps[%zu]", i);
        json_t *w = json_array_get(steps, i);
        VlStep *st = &c->move.steps[c->move.nsteps++];
        if (!json_is_string(w))
            return bad(r, VL_ERR_SCHEMA, path, "a step must be a string such as \"advance:5\", not %s", type_name(w));
        if (!vl_step_parse(json_string_value(w), st, err, sizeof err))
            return bad(r, VL_ERR_INVALID, path, "%s", err);
        if (!(fabs(st->amount) <= MAX_MEASURE) || (isfinite(st->facing) && !(fabs(st->facing) <= MAX_MEASURE)))
            return bad(r, VL_ERR_INVALID, path, "\"%.40s\": no game writes a distance or angle beyond %g",
                       json_string_value(w), MAX_MEASURE);
        if (st->keep_base < -1 || st->keep_base >= VL_MAX_BASES)
            return bad(r, VL_ERR_INVALID, path, "\"%.40s\": a unit has bases 0 to %d to keep", json_string_value(w),
                       VL_MAX_BASES - 1);
    }
    json_t *occ = member(r, o, "occupy", JSON_STRING, false, "a terrain feature's id");
    if (!occ && r->st != VL_OK)
        return false;
    if (occ) {
        c->move.occupy = true;
        c->move.occupy_feature = -1;
        for (int t = 0; t < s->nterrain; t++)
            if (strcmp(s->terrain[t].id, json_string_value(occ)) == 0)
                c->move.occupy_feature = t;
        if (c->move.occupy_feature < 0)
            return bad(r, VL_ERR_SCHEMA, "occupy", "no terrain feature \"%.40s\" in the scenario", json_string_value(occ));
    }
    const char *flags[] = {"gallop", "double_time"};
    bool *to[] = {&c->move.gallop, &c->move.double_time};
    for (int i = 0; i < 2; i++) {
        json_t *b = member(r, o, flags[i], JSON_TRUE, false, "true or false");
        if (!b && r->st != VL_OK)
            return false;
        *to[i] = json_is_true(b);
    }
    return true;
}

/* The fields each kind of command has, after "cmd" (what command_json writes). */
static const char *const *command_fields(VlCommandKind k)
{
    static const char *const none[] = {"cmd", NULL}, *const unit_target[] = {"cmd", "unit", "target", NULL},
                             *const fire[] = {"cmd", "unit", "targets", "dice", NULL},
                             *const charge[] = {"cmd", "unit", "target", "opening", "amount", "supports", NULL},
                             *const move[] = {"cmd", "unit", "steps", "gallop", "double_time", "occupy", NULL},
                             *const rally[] = {"cmd", "unit", "facing", NULL},
                             *const reactions[] = {"cmd", "square", "skirmish_back", "cavalry_back", NULL},
                             *const occupy[] = {"cmd", "unit", "position", "facing", NULL},
                             *const order[] = {"cmd", "brigade", "order", NULL};
    switch (k) {
    case VL_CMD_ARTILLERY_FIRE:
    case VL_CMD_ATTACH: return unit_target;
    case VL_CMD_FIRE: return fire;
    case VL_CMD_CHARGE: return charge;
    case VL_CMD_MOVE: return move;
    case VL_CMD_RALLY: return rally;
    case VL_CMD_REACTIONS: return reactions;
    case VL_CMD_OCCUPY: return occupy;
    case VL_CMD_ORDER: return order;
    default: return none;
    }
}

/* Parse one command line; false (refused, with the field and why) when it is not one. */
static bool parse_command(Rd *r, const VlScenario *s, json_t *o, VlCommand *c)
{
    memset(c, 0, sizeof *c);
    c->facing = NAN;
    c->choose_path = true;
    json_t *kv = member(r, o, "cmd", JSON_STRING, true, "the command's name");
    if (!kv)
        return false;
    const char *kind = json_string_value(kv);
    static const VlCommandKind kinds[] = {VL_CMD_END_PHASE, VL_CMD_ARTILLERY_FIRE, VL_CMD_FIRE,
                                          VL_CMD_CHARGE,    VL_CMD_MOVE,           VL_CMD_RALLY,
                                          VL_CMD_REACTIONS, VL_CMD_ATTACH,         VL_CMD_OCCUPY,
                                          VL_CMD_ORDER};
    int k = -1;
    for (int i = 0; i < 10; i++)
        if (strcmp(kind, vl_command_kind_name(kinds[i])) == 0)
            k = i;
    if (k < 0)
        return bad(r, VL_ERR_SCHEMA, "cmd",
                   "unknown command \"%.40s\"; a command is end_phase, artillery_fire, fire, charge, move, rally, "
                   "reactions, attach, occupy or order", kind);
    c->kind = kinds[k];
    char what[48];
    snprintf(what, sizeof what, "a%s %s command", c->kind == VL_CMD_ARTILLERY_FIRE || c->kind == VL_CMD_ATTACH ||
                                                          c->kind == VL_CMD_OCCUPY || c->kind == VL_CMD_ORDER || c->kind == VL_CMD_END_PHASE
                                                      ? "n"
                                                      : "",
             kind);
    if (!known_fields(r, o, what, command_fields(c->kind)))
        return false;
    if (c->kind == VL_CMD_ORDER) {
        json_t *b = member(r, o, "brigade", JSON_STRING, true, "a brigade's id");
        json_t *ord = b ? member(r, o, "order", JSON_STRING, true, "attack, advance, hold or retire") : NULL;
        if (!ord)
            return false;
        c->target = -1;
        for (int i = 0; i < s->nbrigades; i++)
            if (strcmp(s->brigades[i].id, json_string_value(b)) == 0)
                c->target = i;
        if (c->target < 0)
            return bad(r, VL_ERR_SCHEMA, "brigade", "no brigade \"%.40s\" in the scenario", json_string_value(b));
        int ov = vl_order_parse(json_string_value(ord));
        if (ov < 0)
            return bad(r, VL_ERR_INVALID, "order", "unknown order \"%.40s\"; it must be attack, advance, hold or retire",
                       json_string_value(ord));
        c->order = (VlOrder)ov;
        return true;
    }
    if (c->kind != VL_CMD_END_PHASE && c->kind != VL_CMD_REACTIONS && (c->unit = unit_member(r, s, o, "unit")) < 0)
        return false;
    if ((c->kind == VL_CMD_ARTILLERY_FIRE || c->kind == VL_CMD_CHARGE || c->kind == VL_CMD_ATTACH) &&
        (c->target = unit_member(r, s, o, "target")) < 0)
        return false;
    switch (c->kind) {
    case VL_CMD_FIRE: return parse_fire(r, s, o, c);
    case VL_CMD_CHARGE: return parse_charge(r, s, o, c);
    case VL_CMD_MOVE: return parse_move(r, s, o, c);
    case VL_CMD_OCCUPY: {
        json_t *pos = member(r, o, "position", JSON_ARRAY, true, "[x, y] in inches");
        if (!pos)
            return false;
        if (json_array_size(pos) != 2)
            return bad(r, VL_ERR_INVALID, "position", "\"position\" must be [x, y], not %zu numbers", json_array_size(pos));
        json_t *f = member(r, o, "facing", JSON_REAL, true, "a facing in degrees");
        return f && measure(r, json_array_get(pos, 0), "position[0]", &c->pose.anchor.x) &&
               measure(r, json_array_get(pos, 1), "position[1]", &c->pose.anchor.y) && measure(r, f, "facing", &c->pose.facing);
    }
    case VL_CMD_RALLY: {
        json_t *f = member(r, o, "facing", JSON_REAL, false, "a facing in degrees");
        return f ? measure(r, f, "facing", &c->facing) : r->st == VL_OK;
    }
    case VL_CMD_REACTIONS: {
        static const char *const keys[] = {"square", "skirmish_back", "cavalry_back"};
        static const unsigned bits[] = {VL_REACT_SQUARE, VL_REACT_SKIRMISH_BACK, VL_REACT_CAVALRY_BACK};
        for (int i = 0; i < 3; i++) {
            json_t *b = member(r, o, keys[i], JSON_TRUE, true, "true or false (D-GAME-2)");
            if (!b)
                return false;
            c->reactions |= json_is_true(b) ? bits[i] : 0;
        }
        return true;
    }
    default: return true;
    }
}

/* A state check line: {"check": 16 hex digits, "turn": N}. */
static bool parse_check(Rd *r, json_t *o, VlLogEntry *e)
{
    static const char *const keys[] = {"check", "turn", NULL};
    if (!known_fields(r, o, "a state check", keys))
        return false;
    json_t *h = member(r, o, "check", JSON_STRING, true, "the state hash, 16 hex digits");
    json_t *t = h ? member(r, o, "turn", JSON_INTEGER, true, "the turn of the check") : NULL;
    if (!t)
        return false;
    if (!hex64(json_string_value(h), &e->hash))
        return bad(r, VL_ERR_INVALID, "check", "\"%.40s\" is not a state hash: it must be 16 hex digits",
                   json_string_value(h));
    e->is_check = true;
    return whole_in(r, t, "turn", 0, MAX_CHECK_TURN, "the turn", &e->turn);
}

/* ---- loading ---- */

/* Read the header of @p t (its first line) into @p log; VL_OK or the problem listed. */
static VlStatus read_first_line(Text *t, VlLog *log, VlDiagList *diags)
{
    Rd r = {.diags = diags, .line = 1};
    const char *line;
    size_t len;
    if (!next_line(t, &line, &len)) {
        bad(&r, VL_ERR_SCHEMA, "", "an empty file is not a game log");
        return r.st;
    }
    json_t *o = read_object(&r, line, len);
    if (o)
        read_header(&r, o, log);
    json_decref(o);
    return r.st;
}

VlStatus vl_log_load(const char *path, VlLog *log, VlScenario *scenario, VlDiagList *diags)
{
    memset(log, 0, sizeof *log);
    memset(scenario, 0, sizeof *scenario);
    Text t;
    VlStatus st = read_text(path, &t, diags);
    if (st != VL_OK)
        return st;
    /* Every line but the header and the closing line is an entry: their number is known before a
     * byte is parsed, so the entries take one allocation of the size they need. */
    size_t lines = 0;
    for (const char *p = t.buf; (p = memchr(p, '\n', t.len - (size_t)(p - t.buf))); p++)
        lines++;
    Rd r = {.diags = diags};
    if (lines > (size_t)VL_LOG_MAX_ENTRIES + 2) {
        bad(&r, VL_ERR_INVALID, "", "the log has %zu lines, more than the %d a game log can have; not read", lines,
            VL_LOG_MAX_ENTRIES + 2);
        free(t.buf);
        return r.st;
    }
    st = read_first_line(&t, log, diags);
    if (st == VL_OK)
        st = open_scenario(path, log->version, log->scenario_name, log->scenario_path, log->scenario_hash, scenario, diags);
    bool ended = false;
    if (st == VL_OK) {
        /* From here on a log of any version carries the hash this Volley writes. */
        log->scenario_hash = vl_log_scenario_hash(scenario);
        log->version = VL_LOG_VERSION;
        log->cap = (int)lines + 1;
        log->e = malloc((size_t)log->cap * sizeof *log->e);
        if (!log->e)
            st = vl_diag_add(diags, VL_ERR_NOMEM, 0, 0, "", "out of memory");
    }
    r.line = 1;
    const char *line;
    size_t len;
    while (st == VL_OK && next_line(&t, &line, &len)) {
        r.line++;
        if (strspn(line, " \t\r") >= len)
            continue; /* a blank line (an editor's) holds nothing */
        json_t *o = read_object(&r, line, len);
        if (!o) {
            st = r.st;
            break;
        }
        if (ended) {
            bad(&r, VL_ERR_SYNTAX, "", "damaged log: a line after the closing line {\"end\": N}; remove it");
            st = r.st;
        } else if (json_object_get(o, "end")) {
            static const char *const keys[] = {"end", NULL};
            int n = 0;
            if (known_fields(&r, o, "the closing line", keys) &&
                whole_in(&r, json_object_get(o, "end"), "end", 0, VL_LOG_MAX_ENTRIES, "the number of entries", &n) &&
                n != log->n)
                bad(&r, VL_ERR_SYNTAX, "end", "damaged log: the closing line counts %d entries, the file has %d", n, log->n);
            ended = true;
            st = r.st;
        } else {
            VlLogEntry *e = vl_log_push(log);
            if (!e) {
                st = vl_diag_add(diags, VL_ERR_NOMEM, r.line, 1, "", "out of memory");
            } else {
                e->line = r.line;
                if (json_object_get(o, "check"))
                    parse_check(&r, o, e);
                else if (json_object_get(o, "cmd"))
                    parse_command(&r, scenario, o, &e->cmd);
                else
                    bad(&r, VL_ERR_SCHEMA, "",
                        "a line must be a command {\"cmd\": ...}, a state check {\"check\": ...} or the closing line "
                        "{\"end\": N}");
                st = r.st;
            }
        }
        json_decref(o);
    }
    free(t.buf);
    if (st == VL_OK && !ended)
        st = vl_diag_add(diags, VL_ERR_SYNTAX, r.line, 0, "",
                         "damaged log: it ends without its closing line {\"end\": N} (cut short?)");
    if (st != VL_OK) {
        vl_log_free(log);
        vl_scenario_free(scenario);
        memset(scenario, 0, sizeof *scenario);
    }
    return st;
}

/* ---- peeking (the saves list) ---- */

/* The latest state check's turn and the closing line's count, from the last lines of a log: a
 * saved game ends with a check and the closing line, so the last few kilobytes hold both. */
#define PEEK_TAIL 4096

static void peek_tail(const Text *t, VlLogPeek *out)
{
    size_t from = t->len > PEEK_TAIL ? t->len - PEEK_TAIL : 0;
    const char *p = t->buf + from, *end = t->buf + t->len;
    if (from > 0) { /* the first line is cut: start after it */
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        json_t *o = json_loadb(p, len, 0, NULL);
        if (json_is_string(json_object_get(o, "check")) && json_is_integer(json_object_get(o, "turn")))
            out->turn = (int)json_integer_value(json_object_get(o, "turn"));
        if (json_is_integer(json_object_get(o, "end")))
            out->entries = (int)json_integer_value(json_object_get(o, "end"));
        json_decref(o);
        p += len + 1;
    }
}

VlStatus vl_log_peek(const char *path, VlLogPeek *out, VlDiagList *diags)
{
    memset(out, 0, sizeof *out);
    out->entries = -1;
    /* The whole file, through the bounded reader: it is at most VL_LOG_MAX_BYTES, read in well
     * under a millisecond, and a pipe or a damaged file is refused here as loading refuses it. */
    Text t;
    VlStatus st = read_text(path, &t, diags);
    if (st != VL_OK)
        return st;
    VlLog head;
    memset(&head, 0, sizeof head);
    st = read_first_line(&t, &head, diags);
    if (st == VL_OK) {
        out->version = head.version;
        snprintf(out->scenario_path, sizeof out->scenario_path, "%s", head.scenario_path);
        snprintf(out->scenario_name, sizeof out->scenario_name, "%s", head.scenario_name);
        out->scenario_hash = head.scenario_hash;
        out->seed = head.seed;
        out->options = head.options;
        snprintf(out->players, sizeof out->players, "%s", head.players);
        peek_tail(&t, out);
    }
    free(t.buf);
    return st;
}

VlStatus vl_log_peek_scenario(const char *log_path, const VlLogPeek *head, VlScenario *out, VlDiagList *diags)
{
    return open_scenario(log_path, head->version, head->scenario_name, head->scenario_path, head->scenario_hash, out,
                         diags);
}
