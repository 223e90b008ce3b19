/* The replay viewer's model: a saved game re-run to any step k (the log is the game). Stepping
 * forward applies the next commands; stepping back starts again from the nearest snapshot taken
 * every VL_REPLAY_SNAP commands when the log was opened. */
#include "app.h"

#include <stdlib.h>
#include <string.h>

static void record(VlReplayView *rv, int k, const VlGame *g)
{
    rv->turn_at[k] = vl_game_turn(g);
    rv->phase_at[k] = (int)vl_game_phase(g);
    rv->side_at[k] = vl_game_active_side(g);
}

VlStatus vl_replay_open(VlReplayView *rv, const char *path, VlScenario *s, VlDiagList *d)
{
    memset(rv, 0, sizeof *rv);
    snprintf(rv->path, sizeof rv->path, "%s", path);
    rv->speed_ms = 400;
    VlStatus st = vl_log_load(path, &rv->log, s, d);
    if (st != VL_OK)
        return st;
    int n = 0;
    for (int i = 0; i < rv->log.n; i++)
        n += !rv->log.e[i].is_check;
    rv->entry = malloc((size_t)(n + 1) * sizeof *rv->entry);
    rv->turn_at = malloc((size_t)(n + 1) * sizeof *rv->turn_at);
    rv->phase_at = malloc((size_t)(n + 1) * sizeof *rv->phase_at);
    rv->side_at = malloc((size_t)(n + 1) * sizeof *rv->side_at);
    rv->snap = calloc((size_t)(n / VL_REPLAY_SNAP + 2), sizeof *rv->snap);
    VlGame *g = vl_game_create(s, rv->log.seed, &rv->log.options);
    if (!rv->entry || !rv->turn_at || !rv->phase_at || !rv->side_at || !rv->snap || !g) {
        vl_game_destroy(g);
        vl_replay_close(rv);
        vl_scenario_free(s);
        return vl_diag_add(d, VL_ERR_NOMEM, 0, 0, "", "out of memory");
    }
    vl_game_start(g);
    record(rv, 0, g);
    rv->snap[0] = vl_game_clone(g);
    rv->nsnap = 1;
    int k = 0;
    for (int i = 0; i < rv->log.n && st == VL_OK; i++) {
        const VlLogEntry *e = &rv->log.e[i];
        if (e->is_check) {
            if (vl_game_hash(g) != e->hash)
                st = vl_diag_add(d, VL_ERR_INVALID, e->line, 1, "",
                                 "after turn %d the game differs from the saved one: the log or the scenario has changed",
                                 e->turn);
            continue;
        }
        VlReasons why = {0};
        if (vl_game_apply(g, &e->cmd, &why) != VL_OK) {
            st = vl_diag_add(d, VL_ERR_INVALID, e->line, 1, "", "the %s command is refused on replay: %s",
                             vl_command_kind_name(e->cmd.kind), why.n ? why.r[0].text : "no reason given");
            break;
        }
        rv->entry[k++] = i;
        record(rv, k, g);
        if (k % VL_REPLAY_SNAP == 0)
            rv->snap[rv->nsnap++] = vl_game_clone(g);
    }
    rv->ncmd = k;
    vl_game_destroy(g);
    if (st != VL_OK) {
        vl_replay_close(rv);
        vl_scenario_free(s);
    }
    return st;
}

void vl_replay_close(VlReplayView *rv)
{
    for (int i = 0; rv->snap && i < rv->nsnap; i++)
        vl_game_destroy(rv->snap[i]);
    free(rv->snap);
    free(rv->entry);
    free(rv->turn_at);
    free(rv->phase_at);
    free(rv->side_at);
    vl_log_free(&rv->log);
    memset(rv, 0, sizeof *rv);
}

void vl_replay_seek(VlReplayView *rv, const VlScenario *s, int k, VlGame **game)
{
    (void)s;
    if (k < 0)
        k = 0;
    if (k > rv->ncmd)
        k = rv->ncmd;
    int from = rv->k;
    if (!*game || k < from || (k - from) > VL_REPLAY_SNAP) {
        /* Start again from the last snapshot at or before k. */
        int j = k / VL_REPLAY_SNAP;
        if (j >= rv->nsnap)
            j = rv->nsnap - 1;
        VlGame *g = vl_game_clone(rv->snap[j]);
        if (!g)
            return;
        vl_game_destroy(*game);
        *game = g;
        from = j * VL_REPLAY_SNAP;
    }
    for (int c = from; c < k; c++) {
        VlReasons why = {0};
        vl_game_apply(*game, &rv->log.e[rv->entry[c]].cmd, &why);
    }
    rv->k = k;
}

static bool same(const VlReplayView *rv, int a, int b, bool turn)
{
    if (turn)
        return rv->turn_at[a] == rv->turn_at[b];
    return rv->turn_at[a] == rv->turn_at[b] && rv->phase_at[a] == rv->phase_at[b] && rv->side_at[a] == rv->side_at[b];
}

int vl_replay_boundary(const VlReplayView *rv, int k, int dir, bool turn)
{
    if (k < 0)
        k = 0;
    if (k > rv->ncmd)
        k = rv->ncmd;
    if (dir > 0) {
        for (int j = k + 1; j <= rv->ncmd; j++)
            if (!same(rv, j, k, turn))
                return j;
        return rv->ncmd;
    }
    int j = k;
    while (j > 0 && same(rv, j - 1, k, turn))
        j--;
    if (j < k)
        return j;
    if (j == 0)
        return 0;
    int m = j - 1;
    while (m > 0 && same(rv, m - 1, j - 1, turn))
        m--;
    return m;
}
