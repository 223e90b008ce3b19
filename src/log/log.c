/* The command log (Doom's demo: a header and the commands). One JSON object a line, so that a
 * damaged line is named by number; doubles are written with 17 significant digits so that a reload
 * gives the same bits. A log names its scenario three ways: by name when it is shipped with Volley
 * (found in the data folder wherever Volley is installed), by its full path, and by the hash of its
 * content as loaded (vl_log_scenario_hash), so that a change of the scenario is named as one. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "log_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void vl_log_init(VlLog *log, const VlScenario *s, uint64_t seed, const VlRuleOptions *options)
{
    memset(log, 0, sizeof *log);
    log->version = VL_LOG_VERSION;
    /* The scenario by its full path, so the log replays from any folder (it is also looked for
     * beside the log), and by name when it is shipped, so it replays wherever Volley is installed. */
    char full[PATH_MAX];
    const char *path = realpath(s->file, full) && strlen(full) < sizeof log->scenario_path ? full : s->file;
    snprintf(log->scenario_path, sizeof log->scenario_path, "%.511s", path);
    vl_log_shipped_name(s->file, log->scenario_name, sizeof log->scenario_name);
    log->scenario_hash = vl_log_scenario_hash(s);
    log->seed = seed;
    log->options = options ? *options : vl_rule_options_default();
}

void vl_log_free(VlLog *log)
{
    free(log->e);
    log->e = NULL;
    log->n = log->cap = 0;
}

VlLogEntry *vl_log_push(VlLog *log)
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
    VlLogEntry *e = vl_log_push(log);
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
    VlLogEntry *e = vl_log_push(log);
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
    if (log->scenario_name[0])
        json_object_set_new(h, "scenario_name", json_string(log->scenario_name));
    json_object_set_new(h, "scenario_hash", json_string(hash));
    json_object_set_new(h, "seed", json_string(seed));
    json_t *opt = json_object();
    json_object_set_new(opt, "charge_rules", json_string(vl_charge_rules_name(log->options.charge_rules)));
    json_object_set_new(opt, "cavalry_rough_in_cm", json_boolean(log->options.cavalry_rough_in_cm));
    json_object_set_new(opt, "jr3_bonus_dice", json_integer(log->options.jr3_bonus_dice));
    json_object_set_new(opt, "retreat_distance", json_real(log->options.retreat_distance));
    if (log->options.republic) {
        json_t *rep = json_array();
        for (int k = 0; k < VL_REP_COUNT; k++)
            if (vl_rep_on(&log->options, (VlRepOption)k))
                json_array_append_new(rep, json_string(vl_rep_option_id((VlRepOption)k)));
        json_object_set_new(opt, "republic", rep);
    }
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
    /* After the rename the folder is synced too, so a crash just after a save cannot bring back
     * the old file (or none). */
    vl_sync_folder_of(path);
    return VL_OK;
}

VlStatus vl_log_replay(const VlLog *log, const VlScenario *s, VlGame **out_game, VlReplayResult *r)
{
    memset(r, 0, sizeof *r);
    if (out_game)
        *out_game = NULL;
    /* A game is never replayed under other rules than its own, nor under rules this version would
     * partly skip. */
    char rules_why[600];
    if (!vl_rule_options_check(&log->options, rules_why, sizeof rules_why)) {
        snprintf(r->message, sizeof r->message, "this game was played under rules this version cannot replay: %s",
                 rules_why);
        return VL_ERR_INVALID;
    }
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
