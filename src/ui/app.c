/* The game screen: the session (game + command log), actions from the input function, previews,
 * undo, saving and loading, the computer players, the sandbox, and the menu and hand-over screens.
 * Initialisation / Update / Draw / De-initialisation, as in raylib's examples. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "app.h"

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef VL_SOURCE_ROOT
#define VL_SOURCE_ROOT "."
#endif

VlUiOptions vl_ui_options_default(void)
{
    VlUiOptions o;
    memset(&o, 0, sizeof o);
    o.ai_delay_ms = 350;
    snprintf(o.save_dir, sizeof o.save_dir, "saves");
    if (access("scenarios", R_OK) == 0)
        snprintf(o.scenario_dir, sizeof o.scenario_dir, "scenarios");
    else
        snprintf(o.scenario_dir, sizeof o.scenario_dir, "%s/scenarios", VL_SOURCE_ROOT);
    return o;
}

void vl_ui_app_message(VlUiApp *app, bool bad, const char *fmt, ...)
{
    if (app->nmsg == VL_UI_MESSAGES) {
        memmove(app->msg, app->msg + 1, (VL_UI_MESSAGES - 1) * sizeof app->msg[0]);
        app->nmsg--;
    }
    VlUiMessage *m = &app->msg[app->nmsg++];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->text, sizeof m->text, fmt, ap);
    va_end(ap);
    m->bad = bad;
    m->at = app->now;
}

VlUiApp *vl_ui_app_create(SDL_Renderer *r, int width, int height, const VlUiOptions *opt)
{
    VlUiApp *app = calloc(1, sizeof *app);
    if (!app)
        return NULL;
    app->r = r;
    app->width = width;
    app->height = height;
    app->opt = opt ? *opt : vl_ui_options_default();
    char font[1200];
    app->text = vl_text_create(r, vl_ui_asset_path(VL_UI_FONT_FILE, font, sizeof font));
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    vl_camera_init(&app->cam, (SDL_Rect){0, VL_UI_BAR_H, width, height - VL_UI_BAR_H});
    vl_ui_layout(app);
    vl_ui_gesture_reset(&app->gesture);
    app->selected = app->aim = app->hover = -1;
    app->card_unit = -1;
    app->menu_player[0] = app->menu_player[1] = VL_UI_HUMAN;
    vl_ai_plan_reset(&app->plan[0]);
    vl_ai_plan_reset(&app->plan[1]);
    app->screen = VL_SCREEN_MENU;
    return app;
}

void vl_ui_app_resize(VlUiApp *app, int width, int height)
{
    app->width = width;
    app->height = height;
    vl_ui_layout(app);
}

static void clear_previews(VlUiApp *app)
{
    app->have_move = app->have_charge = app->have_fire = false;
}

static void think_free(struct VlUiThink *t);

static void end_session(VlUiApp *app)
{
    /* A plan being made on its own thread is waited for and dropped before its game goes. */
    think_free(app->think);
    app->think = NULL;
    vl_game_destroy(app->sandbox);
    app->sandbox = NULL;
    vl_game_destroy(app->game);
    app->game = NULL;
    vl_log_free(&app->log);
    if (app->have_replay) {
        vl_replay_close(&app->replay);
        app->have_replay = false;
    }
    vl_ui_free_meshes(app);
    if (app->have_scenario)
        vl_scenario_free(&app->scenario);
    app->have_scenario = false;
    free(app->ai_queue);
    app->ai_queue = NULL;
    app->ai_n = app->ai_next = 0;
    app->ai_thinking = false;
    vl_ai_plan_reset(&app->plan[0]);
    vl_ai_plan_reset(&app->plan[1]);
    free(app->threat);
    app->threat = NULL;
    app->threat_valid = false;
    app->selected = app->aim = app->hover = -1;
    app->card_unit = -1;
    app->confirm_quit = false;
    app->log_scroll = 0;
    vl_ui_gesture_reset(&app->gesture);
    clear_previews(app);
}

void vl_ui_app_destroy(VlUiApp *app)
{
    if (!app)
        return;
    end_session(app);
    free(app->scen_path);
    free(app->scen_name);
    free(app->scen_sides);
    free(app->scen_desc);
    free(app->saves);
    vl_text_destroy(app->text);
    if (app->layer)
        SDL_DestroyTexture(app->layer);
    if (app->table_cache)
        SDL_DestroyTexture(app->table_cache);
    free(app);
}

VlGame *vl_ui_app_shown(VlUiApp *app) { return app->sandbox ? app->sandbox : app->game; }

bool vl_ui_app_dirty(const VlUiApp *app) { return app->game && app->screen != VL_SCREEN_REPLAY && app->log.n != app->saved_n; }

void vl_ui_log_reactions(const VlLog *log, int n, int first_side, unsigned out[2])
{
    out[0] = out[1] = VL_REACT_DEFAULT;
    int ends = 0;
    for (int i = 0; i < n && i < log->n; i++) {
        const VlLogEntry *e = &log->e[i];
        if (e->is_check)
            continue;
        if (e->cmd.kind == VL_CMD_END_PHASE)
            ends++;
        else if (e->cmd.kind == VL_CMD_REACTIONS)
            out[(first_side + ends / 5) % 2] = e->cmd.reactions;
    }
}

static void refresh_reactions(VlUiApp *app)
{
    if (!app->have_scenario)
        return;
    if (app->screen == VL_SCREEN_REPLAY && app->have_replay)
        vl_ui_log_reactions(&app->replay.log, app->replay.k > 0 ? app->replay.entry[app->replay.k - 1] + 1 : 0,
                            app->scenario.first_side, app->reactions);
    else
        vl_ui_log_reactions(&app->log, app->log.n, app->scenario.first_side, app->reactions);
}

void vl_ui_report_diags(VlUiApp *app, VlDiagList *d)
{
    for (int i = 0; i < d->count; i++) {
        char line[1024];
        vl_diag_format(d, &d->items[i], line, sizeof line);
        fprintf(stderr, "%s\n", line);
        if (i == 0)
            vl_ui_app_message(app, true, "%s", line);
    }
}

static void fit(VlUiApp *app)
{
    if (app->have_scenario)
        vl_camera_fit(&app->cam, app->scenario.width, app->scenario.height, 24);
}

static void open_view(VlUiApp *app)
{
    refresh_reactions(app);
    vl_ui_build_meshes(app);
    fit(app);
    app->seen_turn = vl_game_turn(app->game);
    app->seen_side = vl_game_active_side(app->game);
}

/* ---- players ---- */

static void set_players(VlUiApp *app, const VlUiPlayer players[2])
{
    for (int s = 0; s < 2; s++) {
        app->player[s] = players[s];
        app->human[s] = players[s].kind == VL_PLAYER_HUMAN;
    }
    snprintf(app->log.players, sizeof app->log.players, "%s,%s", vl_player_name(players[0]),
             vl_player_name(players[1]));
}

/* The players a save names; a word this screen does not know is a human (who can then decide). */
static void players_of_log(const char *s, VlUiPlayer out[2])
{
    char err[120];
    out[0] = out[1] = VL_UI_HUMAN;
    if (s && s[0] && !vl_players_parse(s, out, err, sizeof err))
        out[0] = out[1] = VL_UI_HUMAN;
}

static void save_path_for(VlUiApp *app)
{
    const char *base = strrchr(app->scenario.file, '/');
    base = base ? base + 1 : app->scenario.file;
    char name[256];
    snprintf(name, sizeof name, "%s", base);
    char *dot = strrchr(name, '.');
    if (dot)
        *dot = 0;
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(app->save_path, sizeof app->save_path, "%s/%s-%s.vlog", app->opt.save_dir, name, stamp);
}

VlStatus vl_ui_app_new_game(VlUiApp *app, const char *scenario_path, uint64_t seed, const VlUiPlayer players[2])
{
    end_session(app);
    /* An absolute path in the log, so that a save in saves/ finds its scenario from anywhere. */
    char abs[PATH_MAX];
    const char *path = realpath(scenario_path, abs) ? abs : scenario_path;
    VlDiagList d;
    vl_diag_init(&d, path);
    VlStatus st = vl_scenario_load_file(path, &app->scenario, &d);
    if (st != VL_OK) {
        vl_ui_report_diags(app, &d);
        vl_diag_free(&d);
        return st;
    }
    vl_diag_free(&d);
    app->have_scenario = true;
    app->game = vl_game_create(&app->scenario, seed, NULL);
    if (!app->game) {
        end_session(app);
        return VL_ERR_NOMEM;
    }
    vl_game_start(app->game);
    app->seed = seed;
    vl_log_init(&app->log, &app->scenario, seed, NULL);
    set_players(app, players);
    vl_rng_seed(&app->ai_rng, seed, 0xA1u);
    save_path_for(app);
    app->saved_n = 0;
    app->screen = VL_SCREEN_GAME;
    open_view(app);
    vl_ui_app_message(app, false, "%s. %s plays first. Press H for the keys.", app->scenario.name,
                      app->scenario.sides[vl_game_active_side(app->game)].name);
    return VL_OK;
}

VlStatus vl_ui_app_load(VlUiApp *app, const char *log_path)
{
    end_session(app);
    VlDiagList d;
    vl_diag_init(&d, log_path);
    VlStatus st = vl_log_load(log_path, &app->log, &app->scenario, &d);
    if (st != VL_OK) {
        vl_ui_report_diags(app, &d);
        vl_diag_free(&d);
        app->screen = VL_SCREEN_MENU;
        return st;
    }
    vl_diag_free(&d);
    app->have_scenario = true;
    VlReplayResult r;
    st = vl_log_replay(&app->log, &app->scenario, &app->game, &r);
    if (st != VL_OK || !app->game) {
        vl_ui_app_message(app, true, "%s: %s", log_path, r.message);
        fprintf(stderr, "%s: %s\n", log_path, r.message);
        end_session(app);
        app->screen = VL_SCREEN_MENU;
        return st != VL_OK ? st : VL_ERR_NOMEM;
    }
    vl_game_start(app->game);
    app->seed = app->log.seed;
    VlUiPlayer players[2];
    players_of_log(app->log.players, players);
    set_players(app, players);
    vl_rng_seed(&app->ai_rng, app->seed ^ (uint64_t)app->log.n, 0xA1u);
    snprintf(app->save_path, sizeof app->save_path, "%s", log_path);
    app->saved_n = app->log.n;
    app->screen = VL_SCREEN_GAME;
    open_view(app);
    vl_ui_app_message(app, false, "Loaded %s: turn %d, %s's %s phase.", log_path, vl_game_turn(app->game),
                      app->scenario.sides[vl_game_active_side(app->game)].name, vl_phase_name(vl_game_phase(app->game)));
    return VL_OK;
}

VlStatus vl_ui_app_replay(VlUiApp *app, const char *log_path)
{
    end_session(app);
    VlDiagList d;
    vl_diag_init(&d, log_path);
    VlStatus st = vl_replay_open(&app->replay, log_path, &app->scenario, &d);
    if (st != VL_OK) {
        vl_ui_report_diags(app, &d);
        vl_diag_free(&d);
        app->screen = VL_SCREEN_MENU;
        return st;
    }
    vl_diag_free(&d);
    app->have_scenario = true;
    app->have_replay = true;
    app->human[0] = app->human[1] = false;
    vl_replay_seek(&app->replay, &app->scenario, 0, &app->game);
    if (!app->game) {
        end_session(app);
        return VL_ERR_NOMEM;
    }
    app->screen = VL_SCREEN_REPLAY;
    open_view(app);
    vl_ui_app_message(app, false, "Replay of %s: %d commands.", log_path, app->replay.ncmd);
    return VL_OK;
}

/* ---- applying commands ---- */

static void after_change(VlUiApp *app)
{
    VlGame *g = app->game;
    app->aim = -1;
    app->have_fire = false;
    int turn = vl_game_turn(g), side = vl_game_active_side(g);
    bool over = vl_game_over(g, NULL, NULL);
    if ((turn != app->seen_turn && app->seen_turn > 0) || over) {
        /* Autosave at the start of each turn, and at the end. */
        if (vl_ui_app_save(app))
            vl_ui_app_message(app, false, "%s: saved to %s", over ? "Game over" : "New turn", app->save_path);
    }
    app->seen_turn = turn;
    if (side != app->seen_side) {
        app->seen_side = side;
        app->selected = -1;
        app->ai_n = app->ai_next = 0;
        if (app->human[0] && app->human[1] && !over) {
            app->handover_side = side;
            app->screen = VL_SCREEN_HANDOVER;
        }
    }
}

static bool apply_command(VlUiApp *app, const VlCommand *c)
{
    if (app->sandbox) {
        vl_ui_app_message(app, true, "The sandbox is outside the turn sequence: press T to leave it and give orders.");
        return false;
    }
    if (!app->game || app->screen != VL_SCREEN_GAME)
        return false;
    int nev0;
    vl_game_events(app->game, &nev0);
    VlReasons why = {0};
    VlStatus st = vl_log_apply(&app->log, app->game, c, &why);
    if (st != VL_OK) {
        const char *clause;
        const char *text = vl_ui_first_refusal(&why, &clause);
        vl_ui_app_message(app, true, "Refused%s%s%s: %s", clause[0] ? " (" : "", clause, clause[0] ? ")" : "",
                          text ? text : vl_status_str(st));
        return false;
    }
    int nev;
    const VlGameEvent *ev = vl_game_events(app->game, &nev);
    /* Say what happened: the last couple of events the command caused. */
    for (int i = nev - 2 > nev0 ? nev - 2 : nev0; i < nev; i++)
        vl_ui_app_message(app, false, "%s", ev[i].text);
    if (nev == nev0 && c->kind == VL_CMD_CHARGE)
        vl_ui_app_message(app, false, "Charge declared: %s at %s (resolved when the phase ends)",
                          app->scenario.units[c->unit].id, app->scenario.units[c->target].id);
    if (c->kind == VL_CMD_REACTIONS) {
        int side = vl_game_active_side(app->game);
        vl_ui_app_message(app, false, "Standing orders of the %s (D-GAME-2): infantry %s against cavalry, skirmishers %s, "
                          "mounted cavalry %s when charged by infantry.", app->scenario.sides[side].name,
                          c->reactions & VL_REACT_SQUARE ? "tries to form square" : "stands",
                          c->reactions & VL_REACT_SKIRMISH_BACK ? "fall back" : "fire", c->reactions & VL_REACT_CAVALRY_BACK ? "falls back" : "stands");
    }
    if (nev == nev0 && c->kind == VL_CMD_END_PHASE)
        vl_ui_app_message(app, false, "%s's %s phase", app->scenario.sides[vl_game_active_side(app->game)].name,
                          vl_phase_name(vl_game_phase(app->game)));
    app->log_scroll = 0;
    refresh_reactions(app);
    after_change(app);
    return true;
}

bool vl_ui_app_undo(VlUiApp *app)
{
    if (app->sandbox || app->screen != VL_SCREEN_GAME || !app->game) {
        vl_ui_app_message(app, true, "Nothing to undo here.");
        return false;
    }
    int i = app->log.n - 1;
    while (i >= 0 && app->log.e[i].is_check)
        i--;
    if (i < 0) {
        vl_ui_app_message(app, true, "Nothing to undo: no orders yet.");
        return false;
    }
    const VlCommand *last = &app->log.e[i].cmd;
    if (last->kind == VL_CMD_END_PHASE) {
        vl_ui_app_message(app, true, "A phase that has ended stays ended; only orders within this phase can be taken back.");
        return false;
    }
    if (!app->human[vl_game_active_side(app->game)]) {
        vl_ui_app_message(app, true, "The computer's orders stand.");
        return false;
    }
    /* The log is the source of truth: rebuild the game from it without its last command. */
    VlGame *g = vl_game_create(&app->scenario, app->log.seed, &app->log.options);
    if (!g)
        return false;
    vl_game_start(g);
    for (int k = 0; k < i; k++) {
        if (app->log.e[k].is_check)
            continue;
        VlReasons why = {0};
        if (vl_game_apply(g, &app->log.e[k].cmd, &why) != VL_OK) {
            vl_game_destroy(g);
            vl_ui_app_message(app, true, "Undo failed: the log does not replay (command %d).", k + 1);
            return false;
        }
    }
    int nd_now, nd_then;
    const VlDiceRoll *dice = vl_game_dice(app->game, &nd_now);
    vl_game_dice(g, &nd_then);
    if (nd_now != nd_then) {
        vl_ui_app_message(app, true, "The last order has been decided by dice (%s): it stands.", dice[nd_then].clause);
        vl_game_destroy(g);
        return false;
    }
    vl_game_destroy(app->game);
    app->game = g;
    int u = last->kind == VL_CMD_MOVE ? last->move.unit : last->unit;
    vl_ui_app_message(app, false, "Undone: %s %s", vl_command_kind_name(last->kind),
                      u >= 0 && u < app->scenario.nunits ? app->scenario.units[u].id : "");
    app->log.n = i;
    if (app->saved_n > app->log.n)
        app->saved_n = -1; /* the file on disk has the order we took back */
    vl_ui_gesture_reset(&app->gesture);
    clear_previews(app);
    app->aim = -1;
    app->card_unit = -1;
    refresh_reactions(app);
    return true;
}

static void aim_at(VlUiApp *app, int u, int t)
{
    app->aim = t;
    app->have_fire = false;
    if (u < 0 || t < 0)
        return;
    vl_ui_fire_preview(app, vl_ui_app_shown(app), u, t, true);
}

static void select_unit(VlUiApp *app, int u)
{
    app->selected = u;
    app->aim = -1;
    app->have_fire = false;
    VlGame *g = vl_ui_app_shown(app);
    if (!g || u < 0 || app->sandbox)
        return;
    const VlWorld *w = vl_game_world_const(g);
    /* In the fire phase, a unit of the side to play shows at once whom it must fire at. */
    if (vl_game_phase(g) == VL_PHASE_FIRE && vl_world_side(w, u) == vl_game_active_side(g) && app->human[vl_game_active_side(g)] &&
        w->scenario->units[u].type != VL_ARTILLERY && w->scenario->units[u].type != VL_GENERAL) {
        int blocked;
        int t = vl_fire_target(w, u, &blocked, NULL);
        if (t >= 0)
            aim_at(app, u, t);
        else if (blocked >= 0)
            vl_ui_app_message(app, true, "%s cannot fire: %s is in the way (GOR-FIRE-6)", w->scenario->units[u].id,
                              w->scenario->units[blocked].id);
    }
}

static void toggle_sandbox(VlUiApp *app)
{
    if (app->sandbox) {
        vl_game_destroy(app->sandbox);
        app->sandbox = NULL;
        clear_previews(app);
        vl_ui_gesture_reset(&app->gesture);
        app->card_unit = -1;
        vl_ui_app_message(app, false, "Left the sandbox: the game is as it was.");
        return;
    }
    if (!app->game || app->screen != VL_SCREEN_GAME)
        return;
    app->sandbox = vl_game_clone(app->game);
    if (!app->sandbox)
        return;
    vl_ui_gesture_reset(&app->gesture);
    clear_previews(app);
    app->aim = -1;
    vl_ui_app_message(app, false, "Sandbox: drag any unit anywhere (a front corner or Shift turns it); select one and hover "
                                  "an enemy to see its charge and line of fire. T leaves; nothing here changes the game.");
}

static void request_quit(VlUiApp *app)
{
    if (vl_ui_app_dirty(app))
        app->confirm_quit = true;
    else
        app->quit = true;
}

void vl_ui_app_act(VlUiApp *app, const VlUiAction *a)
{
    switch (a->kind) {
    case VL_ACT_NONE: return;
    case VL_ACT_SELECT:
        select_unit(app, a->unit);
        vl_ui_update_previews(app);
        return;
    case VL_ACT_PAN: vl_camera_pan(&app->cam, a->dx, a->dy); return;
    case VL_ACT_ZOOM: vl_camera_zoom_at(&app->cam, a->x, a->y, a->factor); return;
    case VL_ACT_FIT: fit(app); return;
    case VL_ACT_PREVIEW:
    case VL_ACT_CANCEL: vl_ui_update_previews(app); return;
    case VL_ACT_COMMAND:
        apply_command(app, &a->cmd);
        vl_ui_update_previews(app);
        return;
    case VL_ACT_AIM: aim_at(app, a->unit, a->target); return;
    case VL_ACT_PLACE:
        if (app->sandbox) {
            VlWorld *w = vl_game_world(app->sandbox);
            vl_battlefield_set_unit(w->bf, a->unit, a->pose, vl_world_unit(w, a->unit)->formation);
            vl_ui_update_previews(app);
        }
        return;
    case VL_ACT_HOVER:
        app->hover = a->unit;
        if (app->sandbox)
            vl_ui_update_previews(app);
        return;
    case VL_ACT_UNDO: vl_ui_app_undo(app); return;
    case VL_ACT_OVERLAY:
        if (a->overlay >= 0 && a->overlay < VL_OVERLAY_COUNT)
            app->overlay[a->overlay] = !app->overlay[a->overlay];
        return;
    case VL_ACT_SANDBOX: toggle_sandbox(app); return;
    case VL_ACT_SAVE:
        if (app->sandbox)
            vl_ui_app_message(app, true, "Leave the sandbox (T) to save the game.");
        else if (vl_ui_app_save(app))
            vl_ui_app_message(app, false, "Saved to %s", app->save_path);
        return;
    case VL_ACT_LOAD: {
        char path[1024];
        if (!vl_ui_newest_save(app->opt.save_dir, path, sizeof path)) {
            vl_ui_app_message(app, true, "No saves in %s/ yet.", app->opt.save_dir);
            return;
        }
        if (vl_ui_app_dirty(app))
            vl_ui_app_save(app);
        vl_ui_app_load(app, path);
        return;
    }
    case VL_ACT_QUIT: request_quit(app); return;
    case VL_ACT_SCROLL_LOG: app->log_scroll += (int)a->dy; if (app->log_scroll < 0) app->log_scroll = 0; return;
    case VL_ACT_MESSAGE: vl_ui_app_message(app, true, "%s", a->text); return;
    case VL_ACT_HELP: app->help = !app->help; return;
    }
}

/* ---- events per screen ---- */

static void load_scenario_list(VlUiApp *app)
{
    free(app->scen_path);
    free(app->scen_name);
    free(app->scen_sides);
    free(app->scen_desc);
    app->scen_path = NULL;
    app->scen_name = NULL;
    app->scen_sides = NULL;
    app->scen_desc = NULL;
    app->nscen = 0;
    struct dirent **names = NULL;
    int n = scandir(app->opt.scenario_dir, &names, NULL, alphasort);
    if (n < 0)
        return;
    app->scen_path = calloc((size_t)(n ? n : 1), sizeof *app->scen_path);
    app->scen_name = calloc((size_t)(n ? n : 1), sizeof *app->scen_name);
    app->scen_sides = calloc((size_t)(n ? n : 1), sizeof *app->scen_sides);
    app->scen_desc = calloc((size_t)(n ? n : 1), sizeof *app->scen_desc);
    for (int i = 0; i < n; i++) {
        size_t l = strlen(names[i]->d_name);
        if (app->scen_path && app->scen_name && app->scen_sides && app->scen_desc && l > 5 && strcmp(names[i]->d_name + l - 5, ".json") == 0) {
            char path[512];
            bool fits = snprintf(path, sizeof path, "%s/%s", app->opt.scenario_dir, names[i]->d_name) < (int)sizeof path;
            VlScenario s;
            VlDiagList d;
            vl_diag_init(&d, path);
            if (fits && vl_scenario_load_file(path, &s, &d) == VL_OK) {
                snprintf(app->scen_path[app->nscen], sizeof app->scen_path[0], "%s", path);
                snprintf(app->scen_name[app->nscen], sizeof app->scen_name[0], "%s", s.name);
                for (int k = 0; k < 2; k++)
                    snprintf(app->scen_sides[app->nscen][k], sizeof app->scen_sides[0][0], "%s",
                             k < s.nsides ? s.sides[k].name : "?");
                snprintf(app->scen_desc[app->nscen], sizeof app->scen_desc[0], "%s", s.description);
                app->nscen++;
                vl_scenario_free(&s);
            }
            vl_diag_free(&d);
        }
        free(names[i]);
    }
    free(names);
}

static void load_save_list(VlUiApp *app)
{
    free(app->saves);
    app->nsaves = vl_ui_list_saves(app->opt.save_dir, &app->saves);
    app->save_sel = 0;
    app->save_scroll = 0;
}

void vl_ui_app_menu(VlUiApp *app, const char *preselect)
{
    end_session(app);
    load_scenario_list(app);
    load_save_list(app);
    app->menu_sel = 0;
    if (preselect) {
        char want[PATH_MAX], have[PATH_MAX];
        if (realpath(preselect, want))
            for (int i = 0; i < app->nscen; i++)
                if (realpath(app->scen_path[i], have) && strcmp(want, have) == 0)
                    app->menu_sel = i;
    }
    app->screen = VL_SCREEN_MENU;
}

uint64_t vl_ui_clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec;
}

static void menu_start(VlUiApp *app)
{
    if (app->nscen == 0)
        return;
    char path[512];
    snprintf(path, sizeof path, "%s", app->scen_path[app->menu_sel]);
    VlUiPlayer players[2] = {app->menu_player[0], app->menu_player[1]};
    if (vl_ui_app_new_game(app, path, vl_ui_clock_seed(), players) != VL_OK)
        vl_ui_app_menu(app, path);
}

static void menu_select_save(VlUiApp *app, int i);

/* Continue (watch false) or watch the save selected in the menu's list. */
static void menu_open_save(VlUiApp *app, bool watch)
{
    if (app->nsaves == 0 || app->save_sel < 0 || app->save_sel >= app->nsaves) {
        vl_ui_app_message(app, true, "No saves in %s/ yet.", app->opt.save_dir);
        return;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s", app->saves[app->save_sel].path);
    VlStatus st = watch ? vl_ui_app_replay(app, path) : vl_ui_app_load(app, path);
    if (st != VL_OK) {
        /* Back to the menu (its message says why), the same save still selected. */
        int sel = app->save_sel;
        vl_ui_app_menu(app, NULL);
        menu_select_save(app, sel);
    }
}

static void menu_scroll_saves(VlUiApp *app, int rows)
{
    VlMenuLayout m;
    vl_ui_menu_layout(app, &m);
    int max = app->nsaves - m.save_rows;
    app->save_scroll += rows;
    if (app->save_scroll > max)
        app->save_scroll = max;
    if (app->save_scroll < 0)
        app->save_scroll = 0;
}

static void menu_select_save(VlUiApp *app, int i)
{
    if (i < 0 || i >= app->nsaves)
        return;
    app->save_sel = i;
    VlMenuLayout m;
    vl_ui_menu_layout(app, &m);
    if (i < app->save_scroll)
        app->save_scroll = i;
    else if (m.save_rows > 0 && i >= app->save_scroll + m.save_rows)
        app->save_scroll = i - m.save_rows + 1;
}

/* Human or computer; the computer the level chosen last (the commander at normal at first). */
static void menu_toggle_player(VlUiApp *app, int s)
{
    VlUiPlayer *p = &app->menu_player[s];
    if (p->kind != VL_PLAYER_HUMAN) {
        app->menu_computer[s] = *p;
        *p = VL_UI_HUMAN;
    } else {
        *p = app->menu_computer[s].kind == VL_PLAYER_HUMAN ? VL_UI_COMPUTER : app->menu_computer[s];
    }
}

static void menu_event(VlUiApp *app, const SDL_Event *e)
{
    if (e->type == SDL_QUIT) {
        app->quit = true;
        return;
    }
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        bool ctrl = (e->key.keysym.mod & KMOD_CTRL) != 0;
        if (k == SDLK_UP && app->menu_sel > 0)
            app->menu_sel--;
        else if (k == SDLK_DOWN && app->menu_sel + 1 < app->nscen)
            app->menu_sel++;
        else if (k == SDLK_1 || k == SDLK_2)
            menu_toggle_player(app, (int)(k - SDLK_1));
        else if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
            menu_start(app);
        else if (k == SDLK_o && ctrl)
            menu_open_save(app, false);
        else if (k == SDLK_p)
            menu_open_save(app, true);
        else if (k == SDLK_PAGEUP)
            menu_select_save(app, app->save_sel - 1);
        else if (k == SDLK_PAGEDOWN)
            menu_select_save(app, app->save_sel + 1);
        else if (k == SDLK_ESCAPE || (k == SDLK_q && ctrl))
            app->quit = true;
        return;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        int x = e->button.x, y = e->button.y;
        VlMenuLayout m;
        vl_ui_menu_layout(app, &m);
        for (int i = 0; i < app->nscen; i++)
            if (vl_ui_in_rect(vl_ui_menu_scenario_row(&m, i), x, y))
                app->menu_sel = i;
        for (int s = 0; s < 2; s++) {
            if (vl_ui_in_rect(m.side_btn[s], x, y))
                menu_toggle_player(app, s);
            for (int l = 0; l < 4; l++)
                if (vl_ui_in_rect(m.level_btn[s][l], x, y))
                    app->menu_player[s] = l == 3 ? (VlUiPlayer){VL_PLAYER_RANDOM, VL_AI_NORMAL}
                                                 : (VlUiPlayer){VL_PLAYER_AI, (VlAiLevel)l};
        }
        int row = vl_ui_menu_save_at(app, &m, x, y);
        if (row >= 0) {
            menu_select_save(app, row);
            if (e->button.clicks >= 2)
                menu_open_save(app, false); /* a double click continues it */
        } else if (vl_ui_in_rect(m.start, x, y))
            menu_start(app);
        else if (vl_ui_in_rect(m.load, x, y))
            menu_open_save(app, false);
        else if (vl_ui_in_rect(m.replay, x, y))
            menu_open_save(app, true);
        else if (vl_ui_in_rect(m.quit, x, y))
            app->quit = true;
    }
    if (e->type == SDL_MOUSEWHEEL) {
        VlMenuLayout m;
        vl_ui_menu_layout(app, &m);
        int amount = e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e->wheel.y : e->wheel.y;
        if (vl_ui_in_rect(m.saves, e->wheel.mouseX, e->wheel.mouseY))
            menu_scroll_saves(app, -amount);
    }
}

static void confirm_event(VlUiApp *app, const SDL_Event *e)
{
    int choice = -1; /* 0 save, 1 discard, 2 cancel */
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        choice = k == SDLK_s ? 0 : k == SDLK_q || k == SDLK_d ? 1 : k == SDLK_ESCAPE || k == SDLK_c ? 2 : -1;
    } else if (e->type == SDL_MOUSEBUTTONDOWN) {
        VlConfirmLayout l;
        vl_ui_confirm_layout(app, &l);
        choice = vl_ui_in_rect(l.save, e->button.x, e->button.y) ? 0 : vl_ui_in_rect(l.discard, e->button.x, e->button.y) ? 1
               : vl_ui_in_rect(l.cancel, e->button.x, e->button.y)                                            ? 2
                                                                                                    : -1;
    }
    if (choice == 0) {
        if (vl_ui_app_save(app))
            app->quit = true;
        app->confirm_quit = false;
    } else if (choice == 1) {
        app->quit = true;
        app->confirm_quit = false;
    } else if (choice == 2) {
        app->confirm_quit = false;
    }
}

static VlUiInputCtx input_ctx(VlUiApp *app)
{
    VlGame *g = vl_ui_app_shown(app);
    VlUiInputCtx c;
    memset(&c, 0, sizeof c);
    c.game = g;
    c.cam = &app->cam;
    c.selected = app->selected;
    c.aim = app->aim;
    c.sandbox = app->sandbox != NULL;
    c.can_order = app->screen == VL_SCREEN_GAME && g && !vl_game_over(g, NULL, NULL) && app->human[vl_game_active_side(g)];
    c.map = app->map_rect;
    c.log_rect = app->log_rect;
    c.replay = app->screen == VL_SCREEN_REPLAY;
    c.help = app->help;
    for (int i = 0; i < VL_OVERLAY_COUNT; i++)
        c.overlays |= app->overlay[i] ? 1u << i : 0u;
    c.reactions = g ? app->reactions[vl_game_active_side(g) & 1] : VL_REACT_DEFAULT;
    app->buttons.n = 0;
    if (g && (app->screen == VL_SCREEN_GAME || app->screen == VL_SCREEN_REPLAY)) {
        VlUiBarAreas areas;
        vl_ui_bar_areas(app, &areas);
        vl_ui_buttons(&app->buttons, &c, &app->gesture, &areas, app->text);
    }
    c.bar = &app->buttons;
    return c;
}

const VlUiBar *vl_ui_app_buttons(VlUiApp *app)
{
    input_ctx(app);
    return &app->buttons;
}

static void replay_seek(VlUiApp *app, int k)
{
    vl_replay_seek(&app->replay, &app->scenario, k, &app->game);
    app->card_unit = -1;
    app->log_scroll = 0;
    refresh_reactions(app);
}

static void replay_event(VlUiApp *app, const SDL_Event *e)
{
    VlReplayView *rv = &app->replay;
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        bool shift = (e->key.keysym.mod & KMOD_SHIFT) != 0, ctrl = (e->key.keysym.mod & KMOD_CTRL) != 0;
        int dir = k == SDLK_RIGHT ? 1 : k == SDLK_LEFT ? -1 : 0;
        if (dir) {
            replay_seek(app, shift || ctrl ? vl_replay_boundary(rv, rv->k, dir, ctrl) : rv->k + dir);
            return;
        }
        if (k == SDLK_UP || k == SDLK_DOWN) {
            replay_seek(app, vl_replay_boundary(rv, rv->k, k == SDLK_UP ? 1 : -1, true));
            return;
        }
        if (k == SDLK_HOME || k == SDLK_END) {
            replay_seek(app, k == SDLK_HOME ? 0 : rv->ncmd);
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
            replay_seek(app, (int)lround((double)(x - l.slider.x) / l.slider.w * rv->ncmd));
            return;
        }
        for (int b = 0; b < VL_RB_COUNT; b++) {
            if (!vl_ui_in_rect(l.btn[b], x, y))
                continue;
            switch (b) {
            case VL_RB_FIRST: replay_seek(app, 0); break;
            case VL_RB_TURN_BACK: replay_seek(app, vl_replay_boundary(rv, rv->k, -1, true)); break;
            case VL_RB_PHASE_BACK: replay_seek(app, vl_replay_boundary(rv, rv->k, -1, false)); break;
            case VL_RB_BACK: replay_seek(app, rv->k - 1); break;
            case VL_RB_PLAY:
                rv->playing = !rv->playing;
                rv->due = app->now;
                break;
            case VL_RB_FWD: replay_seek(app, rv->k + 1); break;
            case VL_RB_PHASE_FWD: replay_seek(app, vl_replay_boundary(rv, rv->k, 1, false)); break;
            case VL_RB_TURN_FWD: replay_seek(app, vl_replay_boundary(rv, rv->k, 1, true)); break;
            case VL_RB_LAST: replay_seek(app, rv->ncmd); break;
            default: break;
            }
        }
        return;
    }
    if (e->type == SDL_MOUSEMOTION && rv->dragging) {
        replay_seek(app, (int)lround((double)(e->motion.x - l.slider.x) / l.slider.w * rv->ncmd));
        return;
    }
    if (e->type == SDL_MOUSEBUTTONUP && rv->dragging) {
        rv->dragging = false;
        return;
    }
    /* Everything else (pan, zoom, select, overlays) as on the game screen; no orders. */
    VlUiInputCtx c = input_ctx(app);
    VlUiAction a = vl_ui_input(&app->gesture, &c, e);
    if (a.kind != VL_ACT_COMMAND && a.kind != VL_ACT_UNDO && a.kind != VL_ACT_SANDBOX && a.kind != VL_ACT_SAVE &&
        a.kind != VL_ACT_MESSAGE)
        vl_ui_app_act(app, &a);
}

void vl_ui_app_event(VlUiApp *app, const SDL_Event *e)
{
    if (e->type == SDL_RENDER_TARGETS_RESET || e->type == SDL_RENDER_DEVICE_RESET)
        vl_ui_invalidate_table(app);
    if (e->type == SDL_MOUSEMOTION) {
        app->mouse_x = e->motion.x;
        app->mouse_y = e->motion.y;
    } else if (e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) {
        app->mouse_x = e->button.x;
        app->mouse_y = e->button.y;
    }
    if (e->type == SDL_WINDOWEVENT && e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        vl_ui_app_resize(app, e->window.data1, e->window.data2);
        return;
    }
    switch (app->screen) {
    case VL_SCREEN_MENU: menu_event(app, e); return;
    case VL_SCREEN_HANDOVER:
        if (e->type == SDL_QUIT)
            request_quit(app);
        else if (app->confirm_quit)
            confirm_event(app, e);
        else if ((e->type == SDL_KEYDOWN && (e->key.keysym.sym == SDLK_RETURN || e->key.keysym.sym == SDLK_SPACE ||
                                             e->key.keysym.sym == SDLK_KP_ENTER)) ||
                 e->type == SDL_MOUSEBUTTONDOWN)
            app->screen = VL_SCREEN_GAME;
        return;
    case VL_SCREEN_REPLAY: replay_event(app, e); return;
    case VL_SCREEN_GAME: break;
    }
    if (app->confirm_quit) {
        confirm_event(app, e);
        return;
    }
    if (app->help && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE) {
        app->help = false;
        return;
    }
    VlUiInputCtx c = input_ctx(app);
    VlUiAction a = vl_ui_input(&app->gesture, &c, e);
    vl_ui_app_act(app, &a);
}

/* ---- update ---- */

/* The computer plays the phase on a copy of the game; its commands are then shown one by one on
 * the real game (same state, same generator: the same results). The commander notes its decisions
 * in the side's plan, which it starts afresh at each of its player turns (overlay 6 draws it).
 *
 * A VlUiThink holds everything the planning touches: the copy, a scratch log, the computer's
 * generator and the side's plan, all copied in at the start and handed back at the end. The
 * thread that plans (opt.think_aside) therefore shares nothing with the window's thread but the
 * scenario, which neither writes and which lives until the session ends; end_session tells the
 * commander to give up (think_free) and waits for the thread before it frees anything. */
typedef struct VlUiThink {
    VlGame *copy;
    VlLog scratch;
    VlRng rng;
    VlAiPlan plan;
    VlUiPlayer who;
    int side;
    int issued;             /* what the commander returned: commands issued, -1 if one was refused */
    SDL_threadID planner;   /* the thread that planned */
    SDL_Thread *thread;     /* NULL when planned in line */
    SDL_atomic_t done;
    SDL_atomic_t drop;      /* set when the plan is no longer wanted: the commander gives up */
} VlUiThink;

static int dropped(void *arg) { return SDL_AtomicGet(&((VlUiThink *)arg)->drop); }

static int think(void *arg)
{
    VlUiThink *t = arg;
    t->planner = SDL_ThreadID();
    t->issued = t->who.kind == VL_PLAYER_RANDOM
                    ? vl_random_player_phase(t->copy, &t->scratch, &t->rng)
                    : vl_ai_phase_interruptible(t->copy, &t->scratch, &t->rng, t->who.level, &t->plan, dropped, t);
    SDL_AtomicSet(&t->done, 1);
    return 0;
}

/* Wait for the planning thread, if any: after it, everything it wrote is there to read. */
static void think_join(VlUiThink *t)
{
    if (t->thread)
        SDL_WaitThread(t->thread, NULL);
    t->thread = NULL;
}

/* Drop a VlUiThink: a plan still being made is given up (the commander stops at its next question,
 * within a unit's orders or one look-ahead game) and its thread waited for. */
static void think_free(VlUiThink *t)
{
    if (!t)
        return;
    SDL_AtomicSet(&t->drop, 1);
    think_join(t);
    vl_log_free(&t->scratch);
    vl_game_destroy(t->copy);
    free(t);
}

/* Start planning the active side's phase: on a thread of its own with opt.think_aside (if one
 * can be had), else here and now. */
static void think_start(VlUiApp *app)
{
    VlUiThink *t = calloc(1, sizeof *t);
    if (!t || !(t->copy = vl_game_clone(app->game))) {
        free(t);
        return;
    }
    t->side = vl_game_active_side(app->game);
    t->who = app->player[t->side];
    t->rng = app->ai_rng;
    t->plan = app->plan[t->side];
    vl_log_init(&t->scratch, &app->scenario, app->seed, &app->log.options);
    app->think = t;
    if (app->opt.think_aside && (t->thread = SDL_CreateThread(think, "volley-commander", t)))
        return;
    think(t);
}

/* Take the plan of a finished VlUiThink: the generator and the plan back, the commands queued. */
static void think_finish(VlUiApp *app)
{
    VlUiThink *t = app->think;
    app->think = NULL;
    think_join(t);
    app->ai_rng = t->rng;
    app->plan[t->side] = t->plan;
    app->planner = t->planner;
    free(app->ai_queue);
    app->ai_queue = malloc((size_t)(t->scratch.n ? t->scratch.n : 1) * sizeof *app->ai_queue);
    app->ai_n = app->ai_next = 0;
    for (int i = 0; app->ai_queue && i < t->scratch.n; i++)
        if (!t->scratch.e[i].is_check)
            app->ai_queue[app->ai_n++] = t->scratch.e[i].cmd;
    if (t->issued < 0) {
        vl_ui_app_message(app, true, "The computer player sent a refused order (a bug); it hands the side to a human.");
        app->player[t->side] = VL_UI_HUMAN;
        app->human[t->side] = true;
        app->ai_n = 0;
    }
    think_free(t);
}

int vl_ui_plan_intents(const VlUiApp *app, int u, const VlAiIntent **out, int max)
{
    int n = 0;
    for (int s = 0; s < 2 && u >= 0; s++) {
        const VlAiPlan *p = &app->plan[s];
        if (p->side < 0)
            continue;
        for (int i = 0; i < p->n && n < max; i++) {
            const VlAiIntent *it = &p->items[i];
            if (it->unit == u && (it->issued || it->kind == VL_CMD_END_PHASE))
                out[n++] = it;
        }
    }
    return n;
}

void vl_ui_app_update(VlUiApp *app, uint32_t now_ms)
{
    app->now = now_ms;
    if (app->screen == VL_SCREEN_REPLAY && app->have_replay) {
        VlReplayView *rv = &app->replay;
        if (rv->playing && now_ms >= rv->due) {
            if (rv->k >= rv->ncmd)
                rv->playing = false;
            else
                replay_seek(app, rv->k + 1);
            rv->due = now_ms + (uint32_t)rv->speed_ms;
        }
        return;
    }
    if (app->screen != VL_SCREEN_GAME || !app->game || app->sandbox || app->confirm_quit)
        return;
    if (vl_game_over(app->game, NULL, NULL) || app->human[vl_game_active_side(app->game)])
        return;
    if (!app->think && app->ai_next >= app->ai_n) {
        /* Say so in one frame first: the commander may think for a second on a big table. */
        if (!app->ai_thinking) {
            app->ai_thinking = true;
            return;
        }
        think_start(app);
        if (!app->think || app->think->thread)
            return; /* a plan on its own thread is looked at from the next update on */
    }
    if (app->think) {
        /* Planned in line it is done; on its own thread the window goes on until it is. */
        if (!SDL_AtomicGet(&app->think->done))
            return;
        app->ai_thinking = false;
        think_finish(app);
        app->ai_due = now_ms + (uint32_t)app->opt.ai_delay_ms;
        return;
    }
    if (now_ms < app->ai_due)
        return;
    apply_command(app, &app->ai_queue[app->ai_next++]);
    app->ai_due = now_ms + (uint32_t)app->opt.ai_delay_ms;
}

/* ---- draw ---- */

void vl_ui_app_draw(VlUiApp *app)
{
    SDL_SetRenderDrawBlendMode(app->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->r, VL_UI_BACKGROUND >> 16, VL_UI_BACKGROUND >> 8 & 0xFF, VL_UI_BACKGROUND & 0xFF, 0xFF);
    SDL_RenderClear(app->r);
    switch (app->screen) {
    case VL_SCREEN_MENU: vl_ui_draw_menu(app); return;
    case VL_SCREEN_HANDOVER:
        vl_ui_draw_handover(app);
        if (app->confirm_quit)
            vl_ui_draw_confirm(app);
        return;
    case VL_SCREEN_GAME:
    case VL_SCREEN_REPLAY: break;
    }
    VlGame *g = vl_ui_app_shown(app);
    if (!g)
        return;
    vl_ui_draw_table(app, g);
    if (app->screen == VL_SCREEN_REPLAY)
        vl_ui_draw_replay_controls(app);
    vl_ui_draw_panels(app, g);
}
