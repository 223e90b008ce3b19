/* The command log (Doom's demo: a header and the commands). One JSON object a line, so that a
 * damaged line is named by number; doubles are written with 17 significant digits so that a reload
 * gives the same bits. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "volley/log.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void vl_log_init(VlLog *log, const VlScenario *s, uint64_t seed, const VlRuleOptions *options)
{
    memset(log, 0, sizeof *log);
    /* The scenario by its full path, so the log replays from any folder (it is also looked for
     * beside the log). */
    char full[PATH_MAX];
    const char *path = realpath(s->file, full) && strlen(full) < sizeof log->scenario_path ? full : s->file;
    snprintf(log->scenario_path, sizeof log->scenario_path, "%.511s", path);
    log->scenario_hash = s->hash;
    log->seed = seed;
    log->options = options ? *options : vl_rule_options_default();
}

void vl_log_free(VlLog *log)
{
    free(log->e);
    log->e = NULL;
    log->n = log->cap = 0;
}

static VlLogEntry *push(VlLog *log)
{
    if (log->n == log->cap) {
        int cap = log->cap ? log->cap * 2 : 256;
        VlLogEntry *e = realloc(log->e, (size_t)cap * sizeof *e);
        if (!e)
            return NULL;
        log->e = e;
        log->cap = cap;
    }
    VlLogEntry *e = &log->e[log->n++];
    memset(e, 0, sizeof *e);
    return e;
}

void vl_log_checkpoint(VlLog *log, const VlGame *g)
{
    uint64_t h = vl_game_hash(g);
    if (log->n > 0 && log->e[log->n - 1].is_check && log->e[log->n - 1].hash == h)
        return; /* already checked here */
    VlLogEntry *e = push(log);
    if (!e)
        return;
    e->is_check = true;
    e->hash = vl_game_hash(g);
    e->turn = vl_game_turn(g);
}

VlStatus vl_log_apply(VlLog *log, VlGame *g, const VlCommand *c, VlReasons *why)
{
    int turn = vl_game_turn(g);
    VlStatus st = vl_game_apply(g, c, why);
    if (st != VL_OK)
        return st;
    VlLogEntry *e = push(log);
    if (!e)
        return VL_ERR_NOMEM;
    e->cmd = *c;
    if (vl_game_turn(g) != turn || vl_game_over(g, NULL, NULL))
        vl_log_checkpoint(log, g);
    return VL_OK;
}

/* ---- writing ---- */

static json_t *ids(const VlScenario *s, const int *units, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(units[i] >= 0 && units[i] < s->nunits ? s->units[units[i]].id : "?"));
    return a;
}

static const char *uid(const VlScenario *s, int u) { return u >= 0 && u < s->nunits ? s->units[u].id : "?"; }

static json_t *command_json(const VlScenario *s, const VlCommand *c)
{
    json_t *o = json_object();
    json_object_set_new(o, "cmd", json_string(vl_command_kind_name(c->kind)));
    switch (c->kind) {
    case VL_CMD_ARTILLERY_FIRE:
        json_object_set_new(o, "unit", json_string(uid(s, c->unit)));
        json_object_set_new(o, "target", json_string(uid(s, c->target)));
        break;
    case VL_CMD_FIRE:
        json_object_set_new(o, "unit", json_string(uid(s, c->unit)));
        if (c->ntargets > 0) {
            json_object_set_new(o, "targets", ids(s, c->targets, c->ntargets));
            json_t *d = json_array();
            for (int i = 0; i < c->ntargets; i++)
                json_array_append_new(d, json_integer(c->dice[i]));
            json_object_set_new(o, "dice", d);
        }
        break;
    case VL_CMD_CHARGE:
        json_object_set_new(o, "unit", json_string(uid(s, c->unit)));
        json_object_set_new(o, "target", json_string(uid(s, c->target)));
        json_object_set_new(o, "opening", json_string(c->choose_path ? "choose" : vl_pre_kind_name(c->pre_kind)));
        if (!c->choose_path && c->pre_kind != VL_PRE_NONE)
            json_object_set_new(o, "amount", json_real(c->pre_amount));
        if (c->nsupports)
            json_object_set_new(o, "supports", ids(s, c->supports, c->nsupports));
        break;
    case VL_CMD_MOVE: {
        json_object_set_new(o, "unit", json_string(uid(s, c->move.unit)));
        json_t *steps = json_array();
        for (int i = 0; i < c->move.nsteps; i++) {
            char word[128];
            vl_step_format(&c->move.steps[i], word, sizeof word);
            json_array_append_new(steps, json_string(word));
        }
        json_object_set_new(o, "steps", steps);
        if (c->move.gallop)
            json_object_set_new(o, "gallop", json_true());
        if (c->move.double_time)
            json_object_set_new(o, "double_time", json_true());
        if (c->move.occupy) {
            const char *fid = c->move.occupy_feature >= 0 && c->move.occupy_feature < s->nterrain
                                  ? s->terrain[c->move.occupy_feature].id
                                  : "?";
            json_object_set_new(o, "occupy", json_string(fid));
        }
        break;
    }
    case VL_CMD_RALLY:
        json_object_set_new(o, "unit", json_string(uid(s, c->unit)));
        if (isfinite(c->facing))
            json_object_set_new(o, "facing", json_real(c->facing));
        break;
    case VL_CMD_ORDER:
        json_object_set_new(o, "brigade",
                            json_string(c->target >= 0 && c->target < s->nbrigades ? s->brigades[c->target].id : "?"));
        json_object_set_new(o, "order", json_string(vl_order_name(c->order)));
        break;
    case VL_CMD_ATTACH:
        json_object_set_new(o, "unit", json_string(uid(s, c->unit)));
        json_object_set_new(o, "target", json_string(uid(s, c->target)));
        break;
    case VL_CMD_OCCUPY:
        json_object_set_new(o, "unit", json_string(uid(s, c->unit)));
        json_object_set_new(o, "position", json_pack("[ff]", c->pose.anchor.x, c->pose.anchor.y));
        json_object_set_new(o, "facing", json_real(c->pose.facing));
        break;
    case VL_CMD_REACTIONS:
        json_object_set_new(o, "square", json_boolean(c->reactions & VL_REACT_SQUARE));
        json_object_set_new(o, "skirmish_back", json_boolean(c->reactions & VL_REACT_SKIRMISH_BACK));
        json_object_set_new(o, "cavalry_back", json_boolean(c->reactions & VL_REACT_CAVALRY_BACK));
        break;
    default: break;
    }
    return o;
}

static bool write_line(FILE *f, json_t *o)
{
    char *text = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(17) | JSON_PRESERVE_ORDER);
    json_decref(o);
    if (!text)
        return false;
    bool ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    free(text);
    return ok;
}

/* After the rename, the folder's entry for the new file is made durable too, so that a crash just
 * after a save cannot bring back the old file (or none). Best effort: a file system that cannot
 * sync a folder (EINVAL) still has the save, whole, under its name. */
static void sync_folder_of(const char *path)
{
    char dir[1100];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

VlStatus vl_log_save(const VlLog *log, const VlScenario *s, const char *path, VlDiagList *diags)
{
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "cannot write beside %s: %s", path, strerror(errno));
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(tmp);
        return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "cannot write %s: %s", tmp, strerror(errno));
    }
    char hash[32], seed[32];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)log->scenario_hash);
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)log->seed);
    json_t *h = json_object();
    json_object_set_new(h, "format", json_string("volley-log"));
    json_object_set_new(h, "version", json_integer(VL_LOG_VERSION));
    json_object_set_new(h, "scenario", json_string(log->scenario_path));
    json_object_set_new(h, "scenario_hash", json_string(hash));
    json_object_set_new(h, "seed", json_string(seed));
    json_t *opt = json_object();
    json_object_set_new(opt, "charge_rules", json_string(vl_charge_rules_name(log->options.charge_rules)));
    json_object_set_new(opt, "cavalry_rough_in_cm", json_boolean(log->options.cavalry_rough_in_cm));
    json_object_set_new(opt, "jr3_bonus_dice", json_integer(log->options.jr3_bonus_dice));
    json_object_set_new(opt, "retreat_distance", json_real(log->options.retreat_distance));
    json_object_set_new(h, "options", opt);
    if (log->players[0])
        json_object_set_new(h, "players", json_string(log->players));
    bool ok = write_line(f, h);
    for (int i = 0; ok && i < log->n; i++) {
        const VlLogEntry *e = &log->e[i];
        if (e->is_check) {
            json_t *c = json_object();
            snprintf(hash, sizeof hash, "%016llx", (unsigned long long)e->hash);
            json_object_set_new(c, "check", json_string(hash));
            json_object_set_new(c, "turn", json_integer(e->turn));
            ok = write_line(f, c);
        } else {
            ok = write_line(f, command_json(s, &e->cmd));
        }
    }
    if (ok) {
        /* The closing line: a log cut short at a line boundary is then still caught on loading. */
        json_t *end = json_object();
        json_object_set_new(end, "end", json_integer(log->n));
        ok = write_line(f, end);
    }
    ok = fflush(f) == 0 && ok;
    ok = fsync(fileno(f)) == 0 && ok;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        int err = errno;
        unlink(tmp);
        return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "could not save %s: %s (the old file, if any, is untouched)", path,
                           strerror(err));
    }
    sync_folder_of(path);
    return VL_OK;
}

/* ---- reading ---- */

/* The header line: format, version, scenario, its hash, seed, rule options and players (the part of
 * a log that vl_log_load and vl_log_peek share). */
static VlStatus read_header(json_t *o, int lineno, VlLog *log, VlDiagList *diags)
{
    const char *fmt = json_string_value(json_object_get(o, "format"));
    json_t *ver = json_object_get(o, "version");
    const char *spath = json_string_value(json_object_get(o, "scenario"));
    const char *shash = json_string_value(json_object_get(o, "scenario_hash"));
    const char *seed = json_string_value(json_object_get(o, "seed"));
    if (!fmt || strcmp(fmt, "volley-log") != 0)
        return vl_diag_add(diags, VL_ERR_SCHEMA, lineno, 1, "format", "not a Volley game log");
    if (!json_is_integer(ver) || json_integer_value(ver) < 1)
        return vl_diag_add(diags, VL_ERR_SCHEMA, lineno, 1, "version", "the version must be a whole number from 1");
    if (json_integer_value(ver) > VL_LOG_VERSION)
        return vl_diag_add(diags, VL_ERR_SCHEMA, lineno, 1, "version",
                           "this log is version %lld, written by a newer Volley; this one reads version %d",
                           (long long)json_integer_value(ver), VL_LOG_VERSION);
    if (!spath || !shash || !seed)
        return vl_diag_add(diags, VL_ERR_SCHEMA, lineno, 1, "", "the header needs scenario, scenario_hash and seed");
    snprintf(log->scenario_path, sizeof log->scenario_path, "%s", spath);
    log->scenario_hash = strtoull(shash, NULL, 16);
    log->seed = strtoull(seed, NULL, 10);
    log->options = vl_rule_options_default();
    json_t *opt = json_object_get(o, "options");
    if (json_is_object(opt)) {
        const char *cr = json_string_value(json_object_get(opt, "charge_rules"));
        if (cr && vl_charge_rules_parse(cr) >= 0)
            log->options.charge_rules = (VlChargeRules)vl_charge_rules_parse(cr);
        log->options.cavalry_rough_in_cm = json_is_true(json_object_get(opt, "cavalry_rough_in_cm"));
        if (json_is_integer(json_object_get(opt, "jr3_bonus_dice")))
            log->options.jr3_bonus_dice = (int)json_integer_value(json_object_get(opt, "jr3_bonus_dice"));
        if (json_is_number(json_object_get(opt, "retreat_distance")))
            log->options.retreat_distance = json_number_value(json_object_get(opt, "retreat_distance"));
    }
    const char *players = json_string_value(json_object_get(o, "players"));
    if (players)
        snprintf(log->players, sizeof log->players, "%s", players);
    return VL_OK;
}

/* Open a log to read, named in @p diags; NULL (the problem listed) when it cannot be. */
static FILE *open_log(const char *path, VlDiagList *diags)
{
    if (!diags->file[0])
        snprintf(diags->file, sizeof diags->file, "%s", path);
    FILE *f = fopen(path, "r");
    if (!f)
        vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "cannot open: %s", strerror(errno));
    return f;
}

/* One line of a log as a JSON object; NULL (the problem listed, *st set) when it is not one. */
static json_t *read_object(const char *line, int lineno, VlDiagList *diags, VlStatus *st)
{
    json_error_t je;
    json_t *o = json_loads(line, JSON_REJECT_DUPLICATES, &je);
    if (o && json_is_object(o))
        return o;
    *st = vl_diag_add(diags, VL_ERR_SYNTAX, lineno, o ? 1 : je.column, "", "damaged line: %s",
                      o ? "expected a JSON object" : je.text);
    json_decref(o);
    return NULL;
}

/* The last lines of a log: its latest state check's turn and the closing line's count. A saved
 * game ends with a check and the closing line, so the last few kilobytes hold both. */
#define PEEK_TAIL 4096

static void peek_tail(FILE *f, VlLogPeek *out)
{
    if (fseek(f, 0, SEEK_END) != 0)
        return;
    long size = ftell(f), from = size > PEEK_TAIL ? size - PEEK_TAIL : 0;
    char tail[PEEK_TAIL + 1];
    if (size < 0 || fseek(f, from, SEEK_SET) != 0)
        return;
    size_t n = fread(tail, 1, PEEK_TAIL, f);
    tail[n] = 0;
    char *p = tail;
    if (from > 0) { /* the first line is cut: start after it */
        p = strchr(p, '\n');
        p = p ? p + 1 : tail + n;
    }
    while (*p) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        json_t *o = json_loads(p, 0, NULL);
        if (json_is_string(json_object_get(o, "check")) && json_is_integer(json_object_get(o, "turn")))
            out->turn = (int)json_integer_value(json_object_get(o, "turn"));
        if (json_is_integer(json_object_get(o, "end")))
            out->entries = (int)json_integer_value(json_object_get(o, "end"));
        json_decref(o);
        if (!nl)
            break;
        p = nl + 1;
    }
}

VlStatus vl_log_peek(const char *path, VlLogPeek *out, VlDiagList *diags)
{
    memset(out, 0, sizeof *out);
    out->entries = -1;
    FILE *f = open_log(path, diags);
    if (!f)
        return VL_ERR_IO;
    char *line = NULL;
    size_t cap = 0;
    VlStatus st;
    if (getline(&line, &cap, f) <= 0) {
        st = vl_diag_add(diags, VL_ERR_SCHEMA, 0, 0, "", "an empty file is not a game log");
    } else {
        json_t *o = read_object(line, 1, diags, &st);
        VlLog head;
        memset(&head, 0, sizeof head);
        if (o)
            st = read_header(o, 1, &head, diags);
        json_decref(o);
        if (st == VL_OK) {
            snprintf(out->scenario_path, sizeof out->scenario_path, "%s", head.scenario_path);
            out->scenario_hash = head.scenario_hash;
            out->seed = head.seed;
            out->options = head.options;
            snprintf(out->players, sizeof out->players, "%s", head.players);
            peek_tail(f, out);
        }
    }
    free(line);
    fclose(f);
    return st;
}

static int unit_of(const VlScenario *s, json_t *v)
{
    return json_is_string(v) ? vl_scenario_find_unit(s, json_string_value(v)) : -1;
}

/* Parse one command object; on failure *err says why. */
static bool parse_command(const VlScenario *s, json_t *o, VlCommand *c, char *err, size_t size)
{
    memset(c, 0, sizeof *c);
    c->facing = NAN;
    c->choose_path = true;
    const char *kind = json_string_value(json_object_get(o, "cmd"));
    if (!kind) {
        snprintf(err, size, "a command needs \"cmd\"");
        return false;
    }
    static const VlCommandKind kinds[] = {VL_CMD_END_PHASE, VL_CMD_ARTILLERY_FIRE, VL_CMD_FIRE,
                                          VL_CMD_CHARGE,    VL_CMD_MOVE,           VL_CMD_RALLY,
                                          VL_CMD_REACTIONS, VL_CMD_ATTACH,         VL_CMD_OCCUPY,
                                          VL_CMD_ORDER};
    int k = -1;
    for (int i = 0; i < 10; i++)
        if (strcmp(kind, vl_command_kind_name(kinds[i])) == 0)
            k = i;
    if (k < 0) {
        snprintf(err, size, "unknown command \"%.40s\"", kind);
        return false;
    }
    c->kind = kinds[k];
    json_t *unit = json_object_get(o, "unit");
    if (c->kind == VL_CMD_ORDER) {
        const char *b = json_string_value(json_object_get(o, "brigade"));
        const char *ord = json_string_value(json_object_get(o, "order"));
        c->target = -1;
        for (int i = 0; b && i < s->nbrigades; i++)
            if (strcmp(s->brigades[i].id, b) == 0)
                c->target = i;
        int ov = ord ? vl_order_parse(ord) : -1;
        if (c->target < 0 || ov < 0) {
            snprintf(err, size, "an order needs a known \"brigade\" and \"order\" (attack, advance, hold, retire)");
            return false;
        }
        c->order = (VlOrder)ov;
        return true;
    }
    if (c->kind != VL_CMD_END_PHASE && c->kind != VL_CMD_REACTIONS) {
        c->unit = unit_of(s, unit);
        if (c->unit < 0) {
            snprintf(err, size, "no unit \"%.40s\" in the scenario", json_is_string(unit) ? json_string_value(unit) : "?");
            return false;
        }
    }
    json_t *target = json_object_get(o, "target");
    if (c->kind == VL_CMD_ARTILLERY_FIRE || c->kind == VL_CMD_CHARGE || c->kind == VL_CMD_ATTACH) {
        c->target = unit_of(s, target);
        if (c->target < 0) {
            snprintf(err, size, "no target unit \"%.40s\"", json_is_string(target) ? json_string_value(target) : "?");
            return false;
        }
    }
    if (c->kind == VL_CMD_FIRE) {
        json_t *ts = json_object_get(o, "targets"), *ds = json_object_get(o, "dice");
        if (ts) {
            if (!json_is_array(ts) || !json_is_array(ds) || json_array_size(ts) != json_array_size(ds) ||
                json_array_size(ts) > VL_MAX_FIRE_TARGETS) {
                snprintf(err, size, "split fire needs \"targets\" and \"dice\" of the same length (at most %d)", VL_MAX_FIRE_TARGETS);
                return false;
            }
            c->ntargets = (int)json_array_size(ts);
            for (int i = 0; i < c->ntargets; i++) {
                c->targets[i] = unit_of(s, json_array_get(ts, (size_t)i));
                c->dice[i] = (int)json_integer_value(json_array_get(ds, (size_t)i));
                if (c->targets[i] < 0) {
                    snprintf(err, size, "unknown target in split fire");
                    return false;
                }
            }
        }
    }
    if (c->kind == VL_CMD_CHARGE) {
        const char *opening = json_string_value(json_object_get(o, "opening"));
        c->choose_path = !opening || strcmp(opening, "choose") == 0;
        if (!c->choose_path) {
            int pk = -1;
            for (int i = 0; i < 4; i++)
                if (strcmp(opening, vl_pre_kind_name((VlPreKind)i)) == 0)
                    pk = i;
            if (pk < 0) {
                snprintf(err, size, "unknown opening \"%.40s\"", opening);
                return false;
            }
            c->pre_kind = (VlPreKind)pk;
            c->pre_amount = json_number_value(json_object_get(o, "amount"));
        }
        json_t *sup = json_object_get(o, "supports");
        for (size_t i = 0; json_is_array(sup) && i < json_array_size(sup) && i < VL_MAX_SUPPORTS; i++) {
            c->supports[c->nsupports] = unit_of(s, json_array_get(sup, i));
            if (c->supports[c->nsupports++] < 0) {
                snprintf(err, size, "unknown supporting unit");
                return false;
            }
        }
    }
    if (c->kind == VL_CMD_MOVE) {
        c->move.unit = c->unit;
        json_t *steps = json_object_get(o, "steps");
        if (!json_is_array(steps) || json_array_size(steps) < 1 || json_array_size(steps) > VL_MAX_STEPS) {
            snprintf(err, size, "a move needs 1 to %d \"steps\"", VL_MAX_STEPS);
            return false;
        }
        for (size_t i = 0; i < json_array_size(steps); i++) {
            const char *word = json_string_value(json_array_get(steps, i));
            if (!word || !vl_step_parse(word, &c->move.steps[c->move.nsteps++], err, size))
                return false;
        }
        const char *occ = json_string_value(json_object_get(o, "occupy"));
        if (occ) {
            c->move.occupy = true;
            c->move.occupy_feature = -1;
            for (int t = 0; t < s->nterrain; t++)
                if (strcmp(s->terrain[t].id, occ) == 0)
                    c->move.occupy_feature = t;
            if (c->move.occupy_feature < 0) {
                snprintf(err, size, "no terrain feature \"%.40s\"", occ);
                return false;
            }
        }
        c->move.gallop = json_is_true(json_object_get(o, "gallop"));
        c->move.double_time = json_is_true(json_object_get(o, "double_time"));
    }
    if (c->kind == VL_CMD_OCCUPY) {
        json_t *pos = json_object_get(o, "position");
        if (!json_is_array(pos) || json_array_size(pos) != 2 || !json_is_number(json_object_get(o, "facing"))) {
            snprintf(err, size, "occupy needs \"position\" [x, y] and \"facing\"");
            return false;
        }
        c->pose.anchor.x = json_number_value(json_array_get(pos, 0));
        c->pose.anchor.y = json_number_value(json_array_get(pos, 1));
        c->pose.facing = json_number_value(json_object_get(o, "facing"));
    }
    if (c->kind == VL_CMD_RALLY && json_is_number(json_object_get(o, "facing")))
        c->facing = json_number_value(json_object_get(o, "facing"));
    if (c->kind == VL_CMD_REACTIONS)
        c->reactions = (json_is_true(json_object_get(o, "square")) ? VL_REACT_SQUARE : 0) |
                       (json_is_true(json_object_get(o, "skirmish_back")) ? VL_REACT_SKIRMISH_BACK : 0) |
                       (json_is_true(json_object_get(o, "cavalry_back")) ? VL_REACT_CAVALRY_BACK : 0);
    return true;
}

VlStatus vl_log_load(const char *path, VlLog *log, VlScenario *scenario, VlDiagList *diags)
{
    memset(log, 0, sizeof *log);
    memset(scenario, 0, sizeof *scenario);
    FILE *f = open_log(path, diags);
    if (!f)
        return VL_ERR_IO;
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0;
    VlStatus st = VL_OK;
    bool header = false, have_scenario = false, ended = false;
    while (st == VL_OK && getline(&line, &cap, f) > 0) {
        lineno++;
        if (line[0] == '\n')
            continue;
        json_t *o = read_object(line, lineno, diags, &st);
        if (!o)
            break;
        if (!header) {
            header = true;
            st = read_header(o, lineno, log, diags);
            if (st != VL_OK) {
                json_decref(o);
                break;
            }
            const char *spath = json_string_value(json_object_get(o, "scenario"));
            const char *shash = json_string_value(json_object_get(o, "scenario_hash"));
            /* The scenario: as written, or beside the log. */
            VlDiagList sd;
            vl_diag_init(&sd, spath);
            VlStatus ss = vl_scenario_load_file(spath, scenario, &sd);
            if (ss == VL_ERR_IO) {
                vl_diag_free(&sd);
                char dirbuf[1024], alt[1600];
                snprintf(dirbuf, sizeof dirbuf, "%s", path);
                char base[512];
                snprintf(base, sizeof base, "%s", spath);
                snprintf(alt, sizeof alt, "%s/%s", dirname(dirbuf), basename(base));
                vl_diag_init(&sd, alt);
                ss = vl_scenario_load_file(alt, scenario, &sd);
            }
            if (ss != VL_OK) {
                st = vl_diag_add(diags, ss, lineno, 1, "scenario", "the scenario %s could not be loaded: %s", spath,
                                 sd.count ? sd.items[0].message : vl_status_str(ss));
                vl_diag_free(&sd);
                json_decref(o);
                break;
            }
            vl_diag_free(&sd);
            have_scenario = true;
            if (scenario->hash != log->scenario_hash) {
                st = vl_diag_add(diags, VL_ERR_INVALID, lineno, 1, "scenario_hash",
                                 "the scenario %s has changed since this game was saved (hash %016llx, the log expects %s)",
                                 spath, (unsigned long long)scenario->hash, shash);
                json_decref(o);
                break;
            }
            json_decref(o);
            continue;
        }
        if (ended) {
            st = vl_diag_add(diags, VL_ERR_SYNTAX, lineno, 1, "", "damaged log: a line after the closing line");
            json_decref(o);
            break;
        }
        json_t *endv = json_object_get(o, "end");
        if (endv) {
            if (!json_is_integer(endv) || json_integer_value(endv) != log->n)
                st = vl_diag_add(diags, VL_ERR_SYNTAX, lineno, 1, "end",
                                 "damaged log: the closing line counts %lld entries, the file has %d",
                                 (long long)json_integer_value(endv), log->n);
            ended = true;
            json_decref(o);
            continue;
        }
        VlLogEntry *e = push(log);
        if (!e) {
            st = vl_diag_add(diags, VL_ERR_NOMEM, lineno, 1, "", "out of memory");
            json_decref(o);
            break;
        }
        e->line = lineno;
        const char *check = json_string_value(json_object_get(o, "check"));
        if (check) {
            e->is_check = true;
            e->hash = strtoull(check, NULL, 16);
            e->turn = (int)json_integer_value(json_object_get(o, "turn"));
        } else {
            char err[200];
            if (!parse_command(scenario, o, &e->cmd, err, sizeof err))
                st = vl_diag_add(diags, VL_ERR_SCHEMA, lineno, 1, "", "%s", err);
        }
        json_decref(o);
    }
    free(line);
    if (st == VL_OK && ferror(f))
        st = vl_diag_add(diags, VL_ERR_IO, lineno, 0, "", "read error");
    fclose(f);
    if (st == VL_OK && !header)
        st = vl_diag_add(diags, VL_ERR_SCHEMA, 0, 0, "", "an empty file is not a game log");
    else if (st == VL_OK && !ended)
        st = vl_diag_add(diags, VL_ERR_SYNTAX, lineno, 0, "", "damaged log: it ends without its closing line (cut short?)");
    if (st != VL_OK) {
        vl_log_free(log);
        if (have_scenario)
            vl_scenario_free(scenario);
        memset(scenario, 0, sizeof *scenario);
    }
    return st;
}

VlStatus vl_log_replay(const VlLog *log, const VlScenario *s, VlGame **out_game, VlReplayResult *r)
{
    memset(r, 0, sizeof *r);
    if (out_game)
        *out_game = NULL;
    VlGame *g = vl_game_create(s, log->seed, &log->options);
    if (!g) {
        snprintf(r->message, sizeof r->message, "out of memory");
        return VL_ERR_NOMEM;
    }
    r->ok = true;
    for (int i = 0; i < log->n && r->ok; i++) {
        const VlLogEntry *e = &log->e[i];
        if (e->is_check) {
            /* A check taken after the game started, before its first command (the screen starts a
             * game to show the opening position, and may save it then): start the game here too.
             * Starting is idempotent and rolls only the game's own dice, so it is the state the
             * first command would have started anyway. */
            if (e->turn > 0)
                vl_game_start(g);
            uint64_t h = vl_game_hash(g);
            if (h != e->hash) {
                r->ok = false;
                r->diverged_line = e->line;
                r->expected = e->hash;
                r->actual = h;
                snprintf(r->message, sizeof r->message,
                         "line %d: in turn %d the state differs from the saved game (expected %016llx, got %016llx)",
                         e->line, e->turn, (unsigned long long)e->hash, (unsigned long long)h);
            } else {
                r->checks++;
            }
            continue;
        }
        VlReasons why = {0};
        if (vl_game_apply(g, &e->cmd, &why) != VL_OK) {
            r->ok = false;
            r->diverged_line = e->line;
            snprintf(r->message, sizeof r->message, "line %d: the %s command is refused on replay: %s", e->line,
                     vl_command_kind_name(e->cmd.kind), why.n ? why.r[0].text : "no reason given");
            break;
        }
        r->commands++;
    }
    r->final_hash = vl_game_hash(g);
    if (r->ok)
        snprintf(r->message, sizeof r->message, "ok: %d commands, %d state checks, final state %016llx", r->commands,
                 r->checks, (unsigned long long)r->final_hash);
    if (out_game)
        *out_game = g;
    else
        vl_game_destroy(g);
    return r->ok ? VL_OK : VL_ERR_INVALID;
}
