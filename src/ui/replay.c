/* The replay viewer's model: a saved game re-run to any step k (the log is the game). Stepping
 * forward applies the next commands; stepping back starts again from the nearest snapshot taken
 * every VL_REPLAY_SNAP commands when the log was opened. */
#include "panels.h"

#include <stdlib.h>
#include <string.h>

/* The player turn that ended between @p start and @p g, as the next of the view's summaries. */
static void add_summary(VlReplayView *rv, const VlGame *start, const VlGame *g)
{
    VlTurnSummary *more = realloc(rv->sums, (size_t)(rv->nsums + 1) * sizeof *more);
    if (!more)
        return;
    rv->sums = more;
    vl_summary_between(start, g, &rv->sums[rv->nsums++]);
}

static void record(VlReplayView *rv, int k, const VlGame *g)
{
    rv->turn_at[k] = vl_game_turn(g);
    rv->phase_at[k] = (int)vl_game_phase(g);
    rv->side_at[k] = vl_game_active_side(g);
}

VlStatus vl_ui_replay_view_open(VlReplayView *rv, const char *path, VlScenario *s, VlDiagList *d)
{
    memset(rv, 0, sizeof *rv);
    snprintf(rv->path, sizeof rv->path, "%s", path);
    rv->speed_ms = 400;
    VlStatus st = vl_log_load(path, &rv->log, s, d);
    if (st != VL_OK)
        return st;
    char rules_why[600];
    if (!vl_rule_options_check(&rv->log.options, rules_why, sizeof rules_why)) {
        vl_ui_replay_view_close(rv);
        vl_scenario_free(s);
        return vl_diag_add(d, VL_ERR_INVALID, 1, 1, "options",
                           "this game was played under rules this version cannot replay: %s", rules_why);
    }
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
        vl_ui_replay_view_close(rv);
        vl_scenario_free(s);
        return vl_diag_add(d, VL_ERR_NOMEM, 0, 0, "", "out of memory");
    }
    vl_game_start(g);
    record(rv, 0, g);
    rv->snap[0] = vl_game_clone(g);
    rv->nsnap = 1;
    int k = 0;
    /* Each player turn's summary, cut where the side to play or the turn changes, as the screen's. */
    VlGame *start = vl_game_clone(g);
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
        if (start && (rv->turn_at[k] != rv->turn_at[k - 1] || rv->side_at[k] != rv->side_at[k - 1] || vl_game_over(g, NULL, NULL))) {
            add_summary(rv, start, g);
            vl_game_destroy(start);
            start = vl_game_over(g, NULL, NULL) ? NULL : vl_game_clone(g);
        }
        if (k % VL_REPLAY_SNAP == 0)
            rv->snap[rv->nsnap++] = vl_game_clone(g);
    }
    rv->ncmd = k;
    if (start && k > 0 && (rv->nsums == 0 || rv->sums[rv->nsums - 1].turn != rv->turn_at[k] ||
                           rv->sums[rv->nsums - 1].side != rv->side_at[k]))
        add_summary(rv, start, g); /* the turn the log stops in, as far as it goes */
    vl_game_destroy(start);
    vl_game_destroy(g);
    if (st != VL_OK) {
        vl_ui_replay_view_close(rv);
        vl_scenario_free(s);
    }
    return st;
}

void vl_ui_replay_view_close(VlReplayView *rv)
{
    for (int i = 0; rv->snap && i < rv->nsnap; i++)
        vl_game_destroy(rv->snap[i]);
    free(rv->snap);
    free(rv->entry);
    free(rv->turn_at);
    free(rv->phase_at);
    free(rv->side_at);
    free(rv->sums);
    vl_log_free(&rv->log);
    memset(rv, 0, sizeof *rv);
}

void vl_ui_replay_view_seek(VlReplayView *rv, const VlScenario *s, int k, VlGame **game)
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

int vl_ui_replay_boundary(const VlReplayView *rv, int k, int dir, bool turn)
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

/* ---- the viewer ---- */

VlStatus vl_ui_app_replay(VlUiApp *app, const char *log_path)
{
    vl_ui_session_end(app);
    VlDiagList d;
    vl_diag_init(&d, log_path);
    VlStatus st = vl_ui_replay_view_open(&app->replay, log_path, &app->scenario, &d);
    if (!vl_ui_diags_done(app, st, &d)) {
        app->screen = VL_SCREEN_MENU;
        return st;
    }
    app->have_scenario = true;
    app->replay.open = true;
    app->human[0] = app->human[1] = false;
    vl_ui_replay_view_seek(&app->replay, &app->scenario, 0, &app->game);
    if (!app->game) {
        vl_ui_session_end(app);
        return VL_ERR_NOMEM;
    }
    app->screen = VL_SCREEN_REPLAY;
    vl_ui_open_view(app);
    vl_ui_app_message(app, false, "Replay of %s: %d commands.", log_path, app->replay.ncmd);
    return VL_OK;
}

void vl_ui_replay_seek(VlUiApp *app, int k)
{
    vl_ui_replay_view_seek(&app->replay, &app->scenario, k, &app->game);
    app->view.card.unit = -1;
    app->view.log_scroll = 0;
    vl_ui_refresh_reactions(app);
}

/* Keys, the controls under the table, and the slider; the rest (pan, zoom, select, overlays) as on
 * the game screen, without orders. */
void vl_ui_replay_event(VlUiApp *app, const SDL_Event *e)
{
    VlReplayView *rv = &app->replay;
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        bool shift = (e->key.keysym.mod & KMOD_SHIFT) != 0, ctrl = (e->key.keysym.mod & KMOD_CTRL) != 0;
        int dir = k == SDLK_RIGHT ? 1 : k == SDLK_LEFT ? -1 : 0;
        if (dir) {
            vl_ui_replay_seek(app, shift || ctrl ? vl_ui_replay_boundary(rv, rv->k, dir, ctrl) : rv->k + dir);
            return;
        }
        if (k == SDLK_UP || k == SDLK_DOWN) {
            vl_ui_replay_seek(app, vl_ui_replay_boundary(rv, rv->k, k == SDLK_UP ? 1 : -1, true));
            return;
        }
        if (k == SDLK_HOME || k == SDLK_END) {
            vl_ui_replay_seek(app, k == SDLK_HOME ? 0 : rv->ncmd);
            return;
        }
        if (k == SDLK_SPACE) {
            rv->playing = !rv->playing;
            rv->due = app->now;
            return;
        }
        if (k == SDLK_ESCAPE || (k == SDLK_q && ctrl)) {
            if (app->opt.exit_after_replay)
                app->quit = true;
            else
                vl_ui_app_menu(app, NULL);
            return;
        }
    }
    if (e->type == SDL_QUIT) {
        app->quit = true;
        return;
    }
    VlReplayLayout l;
    vl_ui_replay_layout(app, &l);
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT && vl_ui_in_rect(l.bar, e->button.x, e->button.y)) {
        int x = e->button.x, y = e->button.y;
        SDL_Rect hit = {l.slider.x - 4, l.slider.y - 8, l.slider.w + 8, l.slider.h + 16};
        if (vl_ui_in_rect(hit, x, y)) {
            rv->dragging = true;
            vl_ui_replay_seek(app, (int)lround((double)(x - l.slider.x) / l.slider.w * rv->ncmd));
            return;
        }
        for (int b = 0; b < VL_RB_COUNT; b++) {
            if (!vl_ui_in_rect(l.btn[b], x, y))
                continue;
            switch (b) {
            case VL_RB_FIRST: vl_ui_replay_seek(app, 0); break;
            case VL_RB_TURN_BACK: vl_ui_replay_seek(app, vl_ui_replay_boundary(rv, rv->k, -1, true)); break;
            case VL_RB_PHASE_BACK: vl_ui_replay_seek(app, vl_ui_replay_boundary(rv, rv->k, -1, false)); break;
            case VL_RB_BACK: vl_ui_replay_seek(app, rv->k - 1); break;
            case VL_RB_PLAY:
                rv->playing = !rv->playing;
                rv->due = app->now;
                break;
            case VL_RB_FWD: vl_ui_replay_seek(app, rv->k + 1); break;
            case VL_RB_PHASE_FWD: vl_ui_replay_seek(app, vl_ui_replay_boundary(rv, rv->k, 1, false)); break;
            case VL_RB_TURN_FWD: vl_ui_replay_seek(app, vl_ui_replay_boundary(rv, rv->k, 1, true)); break;
            case VL_RB_LAST: vl_ui_replay_seek(app, rv->ncmd); break;
            default: break;
            }
        }
        return;
    }
    if (e->type == SDL_MOUSEMOTION && rv->dragging) {
        vl_ui_replay_seek(app, (int)lround((double)(e->motion.x - l.slider.x) / l.slider.w * rv->ncmd));
        return;
    }
    if (e->type == SDL_MOUSEBUTTONUP && rv->dragging) {
        rv->dragging = false;
        return;
    }
    /* Everything else (pan, zoom, select, overlays) as on the game screen; no orders. */
    VlUiInputCtx c = vl_ui_input_ctx(app);
    VlUiAction a = vl_ui_input(&app->view.gesture, &c, e);
    if (a.kind != VL_ACT_COMMAND && a.kind != VL_ACT_UNDO && a.kind != VL_ACT_SANDBOX && a.kind != VL_ACT_SAVE &&
        a.kind != VL_ACT_MESSAGE && a.kind != VL_ACT_NOTE)
        vl_ui_app_act(app, &a);
}

/* Playback: one command further every speed_ms. */
void vl_ui_replay_update(VlUiApp *app, uint32_t now_ms)
{
    VlReplayView *rv = &app->replay;
    if (rv->playing && now_ms >= rv->due) {
        if (rv->k >= rv->ncmd)
            rv->playing = false;
        else
            vl_ui_replay_seek(app, rv->k + 1);
        rv->due = now_ms + (uint32_t)rv->speed_ms;
    }
}

void vl_ui_draw_replay_controls(VlUiApp *app)
{
    VlReplayLayout l;
    vl_ui_replay_layout(app, &l);
    const VlReplayView *rv = &app->replay;
    vl_ui_gfx_rect(app->r, (float)l.bar.x, (float)l.bar.y, (float)l.bar.w, (float)l.bar.h, vl_ui_rgb(VL_UI_BAR_BG));
    vl_ui_gfx_rect(app->r, (float)l.bar.x, (float)l.bar.y, (float)l.bar.w, 1, vl_ui_rgb(VL_UI_PANEL_LINE));
    static const char *const labels[VL_RB_COUNT] = {"|<", "<<T", "<P", "<", "", ">", "P>", "T>>", ">|"};
    for (int i = 0; i < VL_RB_COUNT; i++)
        vl_ui_panel_button(app, l.btn[i], i == VL_RB_PLAY ? (rv->playing ? "||" : "\xE2\x96\xB6") : labels[i], i == VL_RB_PLAY && rv->playing,
               true);
    char buf[200];
    int k = rv->k;
    char rules[300];
    vl_rule_options_describe(&rv->log.options, false, rules, sizeof rules);
    snprintf(buf, sizeof buf, "command %d of %d  \xC2\xB7  turn %d  \xC2\xB7  %s  \xC2\xB7  %s phase  \xC2\xB7  %.100s", k,
             rv->ncmd, rv->turn_at ? rv->turn_at[k] : 0, vl_ui_side_name(&app->scenario, rv->side_at ? rv->side_at[k] : 0),
             vl_phase_name(rv->phase_at ? (VlPhase)rv->phase_at[k] : VL_PHASE_EVENTS), rules);
    int bw, bh;
    vl_ui_text_size(app->text, 13, buf, &bw, &bh);
    if (bw > l.status.w) /* a small window: the short form */
        snprintf(buf, sizeof buf, "%d/%d \xC2\xB7 T%d \xC2\xB7 %s \xC2\xB7 %s", k, rv->ncmd, rv->turn_at ? rv->turn_at[k] : 0,
                 vl_ui_side_name(&app->scenario, rv->side_at ? rv->side_at[k] : 0),
                 vl_phase_name(rv->phase_at ? (VlPhase)rv->phase_at[k] : VL_PHASE_EVENTS));
    vl_ui_text_draw_fit(app, 13, buf, (float)l.status.x, (float)l.status.y, l.status.w, vl_ui_panel_fg());
    if (k > 0 && k <= rv->ncmd) {
        /* The command that led here, in words with names. */
        const VlCommand *c = &rv->log.e[rv->entry[k - 1]].cmd;
        char what[200];
        vl_ui_order_text(&app->scenario, c, what, sizeof what);
        snprintf(buf, sizeof buf, "last order: %.180s", what);
        vl_ui_text_draw_fit(app, 12, buf, (float)l.status.x, (float)l.status.y + 17, l.status.w, vl_ui_panel_dim());
    }
    SDL_Rect s = l.slider;
    vl_ui_gfx_rect(app->r, (float)s.x, (float)s.y + 3, (float)s.w, 4, vl_ui_rgb(0x5A626Cu));
    /* Turn ticks. */
    for (int i = 1; rv->turn_at && i <= rv->ncmd; i++)
        if (rv->turn_at[i] != rv->turn_at[i - 1]) {
            float tx = (float)s.x + (float)s.w * (float)i / (float)(rv->ncmd ? rv->ncmd : 1);
            vl_ui_gfx_rect(app->r, tx - 1, (float)s.y, 2, 10, vl_ui_rgb(VL_UI_PANEL_DIM));
        }
    float kx = (float)s.x + (float)s.w * (float)k / (float)(rv->ncmd ? rv->ncmd : 1);
    vl_ui_gfx_disc(app->r, kx, (float)s.y + 5, 7, vl_ui_rgb(VL_UI_HIGHLIGHT));
}
