/* Saving the game (a command log written whole, then renamed: vl_log_save) and the list of saved
 * games the menu shows, each described from its header by vl_log_peek, with its scenario looked
 * for as loading would look for it (vl_log_peek_scenario). */
#include "app.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* DIR/NAME.vlog taken: the first of DIR/NAME-2.vlog, DIR/NAME-3.vlog, ... that is free, into @p path. */
static bool free_name(char *path, size_t size)
{
    char stem[1024];
    size_t n = strlen(path);
    if (n < 5 || n >= sizeof stem || strcmp(path + n - 5, ".vlog") != 0)
        return false;
    snprintf(stem, sizeof stem, "%.*s", (int)(n - 5), path);
    for (int k = 2; k < 1000; k++) {
        char next[1100];
        snprintf(next, sizeof next, "%s-%d.vlog", stem, k);
        if (access(next, F_OK) != 0 && strlen(next) < size) {
            snprintf(path, size, "%s", next);
            return true;
        }
    }
    return false;
}

bool vl_ui_app_save(VlUiApp *app)
{
    if (!app->game || app->screen == VL_SCREEN_REPLAY)
        return false;
    char dir[1024], err[512];
    if (!app->opt.save_dir[0]) {
        /* No folder could be named (vl_ui_options_default): ask again for the reason. */
        if (vl_paths_saves_dir(dir, sizeof dir, false, err, sizeof err) != VL_OK)
            vl_ui_app_message(app, true, "Cannot save: %s", err);
        else
            vl_ui_app_message(app, true, "Cannot save: no folder for saves was given");
        return false;
    }
    /* The folder (by default $XDG_DATA_HOME/volley/saves) is made on demand, private to the
     * player as the XDG base directory specification asks. */
    snprintf(dir, sizeof dir, "%s", app->save_path);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = 0;
        if (vl_paths_mkdir_p(dir, 0700, err, sizeof err) != VL_OK) {
            vl_ui_app_message(app, true, "Cannot save: %s", err);
            return false;
        }
    }
    /* A game's first save never replaces another's: two games of one scenario started in the
     * same second are given the same name, so the second takes the next free "-2", "-3", ... */
    if (!app->save_ours && access(app->save_path, F_OK) == 0 && !free_name(app->save_path, sizeof app->save_path)) {
        vl_ui_app_message(app, true, "Cannot save: no free file name beside %s", app->save_path);
        return false;
    }
    /* The saved copy ends with the state hash, so that loading it checks the game it rebuilds. */
    VlLog copy = app->log;
    copy.e = malloc((size_t)(app->log.n + 1) * sizeof *copy.e);
    if (!copy.e)
        return false;
    memcpy(copy.e, app->log.e, (size_t)app->log.n * sizeof *copy.e);
    copy.cap = app->log.n + 1;
    vl_log_checkpoint(&copy, app->game);
    VlDiagList d;
    vl_diag_init(&d, app->save_path);
    VlStatus st = vl_log_save(&copy, &app->scenario, app->save_path, &d);
    free(copy.e);
    if (!vl_ui_diags_done(app, st, &d))
        return false;
    app->saved_n = app->log.n;
    app->save_ours = true;
    return true;
}

/* Whether a save's scenario is there and unchanged, asked once for each scenario a listing meets
 * (every save in the folder names one of a few scenarios: each is loaded once). */
typedef struct ScenarioCheck {
    int version;
    char name[64];
    char path[512];
    uint64_t hash;
    VlStatus st;
} ScenarioCheck;

typedef struct ScenarioChecks {
    int n, cap;
    ScenarioCheck *c;
} ScenarioChecks;

static VlStatus scenario_status(ScenarioChecks *cs, const char *log_path, const VlLogPeek *pk)
{
    for (int i = 0; i < cs->n; i++) {
        const ScenarioCheck *c = &cs->c[i];
        if (c->version == pk->version && c->hash == pk->scenario_hash && strcmp(c->name, pk->scenario_name) == 0 &&
            strcmp(c->path, pk->scenario_path) == 0)
            return c->st;
    }
    VlScenario s;
    VlDiagList d;
    vl_diag_init(&d, log_path);
    VlStatus st = vl_log_peek_scenario(log_path, pk, &s, &d);
    if (st == VL_OK)
        vl_scenario_free(&s);
    vl_diag_free(&d);
    if (cs->n == cs->cap) {
        int cap = cs->cap ? 2 * cs->cap : 8;
        ScenarioCheck *nc = realloc(cs->c, (size_t)cap * sizeof *nc);
        if (!nc)
            return st;
        cs->c = nc;
        cs->cap = cap;
    }
    ScenarioCheck *c = &cs->c[cs->n++];
    c->version = pk->version;
    c->hash = pk->scenario_hash;
    snprintf(c->name, sizeof c->name, "%s", pk->scenario_name);
    snprintf(c->path, sizeof c->path, "%s", pk->scenario_path);
    c->st = st;
    return st;
}

/* What the menu says of a save: the turn of its last check (a save ends with one), the players
 * and when it was written. A save that cannot be continued stays listed, greyed, with the reason
 * first: its file cannot be read, or its scenario is gone or has changed since (a game replayed on
 * another scenario would not be the game saved, so it is not offered with a warning either;
 * Continue and Watch give the full message, naming the scenario and where it was looked for). */
static void describe_save(VlSaveInfo *si, const struct stat *st, ScenarioChecks *cs)
{
    VlLogPeek pk;
    VlDiagList d;
    vl_diag_init(&d, si->path);
    const char *reason = NULL;
    if (vl_log_peek(si->path, &pk, &d) != VL_OK) {
        memset(&pk, 0, sizeof pk);
        reason = "cannot be read";
    } else {
        VlStatus sst = scenario_status(cs, si->path, &pk);
        reason = sst == VL_OK ? NULL : sst == VL_ERR_INVALID ? "its scenario has changed since" : "its scenario is missing";
    }
    vl_diag_free(&d);
    si->unplayable = reason != NULL;
    char when[64] = "";
    struct tm tm;
    time_t t = st->st_mtim.tv_sec;
    localtime_r(&t, &tm);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
    for (char *c = pk.players; *c; c++)
        if (*c == ',')
            *c = '/';
    int n = 0;
    if (reason)
        n = snprintf(si->info, sizeof si->info, "%s%s%s \xC2\xB7 ", reason, pk.scenario_name[0] ? ": " : "",
                     pk.scenario_name);
    n += snprintf(si->info + n, sizeof si->info - (size_t)n, "turn %d", pk.turn > 0 ? pk.turn : 1);
    if (pk.players[0])
        n += snprintf(si->info + n, sizeof si->info - (size_t)n, " \xC2\xB7 %s", pk.players);
    snprintf(si->info + n, sizeof si->info - (size_t)n, " \xC2\xB7 %s", when);
}

static int newer_first(const void *x, const void *y)
{
    const VlSaveInfo *a = x, *b = y;
    if (a->mtime_ns != b->mtime_ns)
        return a->mtime_ns < b->mtime_ns ? 1 : -1;
    return strcmp(b->name, a->name); /* the same instant: the later stamp in the name first */
}

/* A save is written to NAME.vlog.tmp-XXXXXX and renamed (vl_log_save); one still there after ten
 * minutes was left by a save cut short (a crash, a kill), since a save takes milliseconds. */
#define STALE_TEMPORARY_S 600

static void remove_if_stale_temporary(const char *dir_path, const char *name, time_t now)
{
    if (!strstr(name, ".vlog.tmp-"))
        return;
    char path[1024];
    struct stat st;
    if (snprintf(path, sizeof path, "%s/%s", dir_path, name) >= (int)sizeof path || lstat(path, &st) != 0 ||
        !S_ISREG(st.st_mode) || now - st.st_mtime < STALE_TEMPORARY_S)
        return;
    unlink(path);
}

void vl_ui_clean_saves_dir(const char *dir_path)
{
    DIR *dir = dir_path && dir_path[0] ? opendir(dir_path) : NULL;
    if (!dir)
        return;
    time_t now = time(NULL);
    struct dirent *de;
    while ((de = readdir(dir)))
        remove_if_stale_temporary(dir_path, de->d_name, now);
    closedir(dir);
}

int vl_ui_list_saves(const char *dir_path, VlSaveInfo **out)
{
    *out = NULL;
    DIR *dir = opendir(dir_path);
    if (!dir)
        return 0;
    VlSaveInfo *v = NULL;
    int n = 0, cap = 0;
    time_t now = time(NULL);
    ScenarioChecks checks = {0, 0, NULL};
    struct dirent *de;
    while ((de = readdir(dir))) {
        size_t l = strlen(de->d_name);
        remove_if_stale_temporary(dir_path, de->d_name, now);
        if (l < 6 || strcmp(de->d_name + l - 5, ".vlog") != 0)
            continue;
        char path[1024];
        if (snprintf(path, sizeof path, "%s/%s", dir_path, de->d_name) >= (int)sizeof path)
            continue;
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (n == cap) {
            int c = cap ? 2 * cap : 16;
            VlSaveInfo *nv = realloc(v, (size_t)c * sizeof *nv);
            if (!nv)
                break;
            v = nv;
            cap = c;
        }
        VlSaveInfo *si = &v[n++];
        memset(si, 0, sizeof *si);
        snprintf(si->path, sizeof si->path, "%s", path);
        snprintf(si->name, sizeof si->name, "%s", de->d_name);
        si->mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
        describe_save(si, &st, &checks);
    }
    closedir(dir);
    free(checks.c);
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, newer_first);
    *out = v;
    return n;
}

bool vl_ui_newest_save(const char *dir, char *out, size_t size)
{
    VlSaveInfo *v;
    int n = vl_ui_list_saves(dir, &v);
    if (n > 0)
        snprintf(out, size, "%s", v[0].path);
    free(v);
    return n > 0;
}

bool vl_ui_user_scenarios_dir(const VlUiApp *app, char *out, size_t size)
{
    const char *saves = app->opt.save_dir;
    const char *slash = strrchr(saves, '/');
    if (!saves[0] || !slash)
        return false;
    return snprintf(out, size, "%.*s/scenarios", (int)(slash - saves), saves) < (int)size;
}
