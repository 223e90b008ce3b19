/* The session: the game being played and its command log (the source of truth), who plays each
 * side, starting, loading and leaving a game, applying commands (with the autosave and the hand-over
 * they may bring), undo, and the test-charge sandbox. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "animate.h"
#include "editor.h"
#include "app.h"
#include "panels.h"
#include "summary.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

VlGame *vl_ui_app_shown(VlUiApp *app)
{
    if (app->screen == VL_SCREEN_EDITOR && app->editor)
        return app->editor->view; /* the edited table (editor.c) */
    return app->sandbox ? app->sandbox : app->game;
}

/* One movement step in words, a tenth of an inch or a whole degree being enough to read. */
static int step_words(const VlStep *st, char *buf, size_t size)
{
    double a = st->amount;
    switch (st->kind) {
    case VL_STEP_ADVANCE: return snprintf(buf, size, "advance %.1f in", a);
    case VL_STEP_BACK: return snprintf(buf, size, "fall back %.1f in", a);
    case VL_STEP_WHEEL: return snprintf(buf, size, "wheel %s %.0f\xC2\xB0", a >= 0 ? "right" : "left", a >= 0 ? a : -a);
    case VL_STEP_DRIFT: return snprintf(buf, size, "drift %s %.1f in", a >= 0 ? "right" : "left", a >= 0 ? a : -a);
    case VL_STEP_TURN: return snprintf(buf, size, "turn %s %.0f\xC2\xB0", a >= 0 ? "right" : "left", a >= 0 ? a : -a);
    case VL_STEP_ABOUT: return snprintf(buf, size, "about turn");
    case VL_STEP_PIVOT: return snprintf(buf, size, "pivot %s %.0f\xC2\xB0", a >= 0 ? "right" : "left", a >= 0 ? a : -a);
    case VL_STEP_FORM:
        return snprintf(buf, size, "form %s%s", vl_formation_name(st->formation),
                        !st->mounted && (st->formation == VL_FORM_SKIRMISH || st->formation == VL_FORM_SQUARE) ? " (dismounted)"
                                                                                                                : "");
    }
    return snprintf(buf, size, "?");
}

void vl_ui_order_text(const VlScenario *s, const VlCommand *c, char *buf, size_t size)
{
    int u = c->kind == VL_CMD_MOVE ? c->move.unit : c->unit;
    const char *who = vl_unit_label(s, u), *at = vl_unit_label(s, c->target);
    switch (c->kind) {
    case VL_CMD_END_PHASE: snprintf(buf, size, "end of the phase"); return;
    case VL_CMD_ARTILLERY_FIRE: snprintf(buf, size, "%s fires at %s", who, at); return;
    case VL_CMD_FIRE: {
        int n = snprintf(buf, size, "%s fires", who);
        for (int i = 0; i < c->ntargets && i < VL_MAX_FIRE_TARGETS && n >= 0 && (size_t)n < size; i++)
            n += snprintf(buf + n, size - (size_t)n, "%s%s", i ? ", " : " at ", vl_unit_label(s, c->targets[i]));
        return;
    }
    case VL_CMD_CHARGE: snprintf(buf, size, "%s charges %s", who, at); return;
    case VL_CMD_MOVE: {
        const VlMoveOrder *o = &c->move;
        if (o->nsteps == 1 && o->steps[0].kind == VL_STEP_FORM) {
            /* A formation change is its own order to the player, not a "move": "forms column". */
            char word[64];
            step_words(&o->steps[0], word, sizeof word);
            snprintf(buf, size, "%s forms%s", who, word + 4);
            return;
        }
        int n = snprintf(buf, size, "%s moves%s:", who, o->gallop ? " at the gallop" : o->double_time ? " at double time" : "");
        for (int i = 0; i < o->nsteps && n >= 0 && (size_t)n < size; i++) {
            n += snprintf(buf + n, size - (size_t)n, "%s", i ? ", " : " ");
            if (n >= 0 && (size_t)n < size)
                n += step_words(&o->steps[i], buf + n, size - (size_t)n);
        }
        return;
    }
    case VL_CMD_RALLY: snprintf(buf, size, "%s tries to rally", who); return;
    case VL_CMD_REACTIONS: snprintf(buf, size, "standing orders"); return;
    case VL_CMD_ATTACH: snprintf(buf, size, "%s is attached to %s's brigade", who, at); return;
    case VL_CMD_OCCUPY: snprintf(buf, size, "%s occupies the feature it reached", who); return;
    case VL_CMD_ORDER:
        snprintf(buf, size, "%s orders to %s", vl_order_name(c->order), vl_brigade_label(s, c->target));
        return;
    }
    snprintf(buf, size, "%s", vl_command_kind_name(c->kind));
}

bool vl_ui_app_dirty(const VlUiApp *app) { return app->game && app->screen != VL_SCREEN_REPLAY && app->log.n != app->saved_n; }

void vl_ui_session_end(VlUiApp *app)
{
    /* A plan being made on its own thread is waited for and dropped before its game goes. */
    vl_ui_think_free(app->ai.think);
    app->ai.think = NULL;
    app->lesson.active = false;
    app->help.able_valid = false;
    vl_ui_anim_free(app);
    vl_ui_summary_free(app);
    app->watch.skip = false;
    vl_game_destroy(app->sandbox);
    app->sandbox = NULL;
    vl_game_destroy(app->game);
    app->game = NULL;
    vl_log_free(&app->log);
    if (app->replay.open) {
        vl_ui_replay_view_close(&app->replay);
        app->replay.open = false;
    }
    vl_ui_free_meshes(app);
    app->dialog.kind = VL_DIALOG_NONE;
    if (app->have_scenario)
        vl_scenario_free(&app->scenario);
    app->have_scenario = false;
    free(app->ai.queue);
    app->ai.queue = NULL;
    app->ai.n = app->ai.next = 0;
    app->ai.thinking = false;
    vl_ai_plan_reset(&app->ai.plan[0]);
    vl_ai_plan_reset(&app->ai.plan[1]);
    free(app->cache.threat);
    app->cache.threat = NULL;
    app->cache.threat_valid = false;
    app->view.selected = app->view.aim = app->view.hover = -1;
    app->view.card.unit = -1;
    app->view.confirm_quit = false;
    app->view.log_scroll = 0;
    vl_ui_gesture_reset(&app->view.gesture);
    vl_ui_clear_previews(app);
}

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

void vl_ui_refresh_reactions(VlUiApp *app)
{
    if (!app->have_scenario)
        return;
    if (app->screen == VL_SCREEN_REPLAY && app->replay.open)
        vl_ui_log_reactions(&app->replay.log, app->replay.k > 0 ? app->replay.entry[app->replay.k - 1] + 1 : 0,
                            app->scenario.first_side, app->reactions);
    else
        vl_ui_log_reactions(&app->log, app->log.n, app->scenario.first_side, app->reactions);
}

bool vl_ui_diags_done(VlUiApp *app, VlStatus st, VlDiagList *d)
{
    for (int i = 0; st != VL_OK && i < d->count; i++) {
        char line[1024];
        vl_diag_format(d, &d->items[i], line, sizeof line);
        fprintf(stderr, "%s\n", line);
        if (i == 0)
            vl_ui_app_message(app, true, "%s", line);
    }
    vl_diag_free(d);
    return st == VL_OK;
}

void vl_ui_fit(VlUiApp *app)
{
    if (app->have_scenario)
        vl_ui_camera_fit(&app->cam, app->scenario.width, app->scenario.height, 24);
}

void vl_ui_open_view(VlUiApp *app)
{
    vl_ui_refresh_reactions(app);
    vl_ui_build_meshes(app);
    vl_ui_fit(app);
    app->seen_turn = vl_game_turn(app->game);
    app->seen_side = vl_game_active_side(app->game);
    vl_ui_summary_restart(app);
}

uint64_t vl_ui_clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec;
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
    vl_ui_session_end(app);
    /* An absolute path in the log, so that a save finds its scenario from any folder. */
    char abs[PATH_MAX];
    const char *path = realpath(scenario_path, abs) ? abs : scenario_path;
    VlDiagList d;
    vl_diag_init(&d, path);
    VlStatus st = vl_scenario_load_file(path, &app->scenario, &d);
    if (!vl_ui_diags_done(app, st, &d))
        return st;
    app->have_scenario = true;
    /* The rule set: the scenario's, then the words asked for; refused when this version would skip
     * a part of it (vl_rule_options_check). */
    VlRuleOptions rules = vl_rule_options_for(&app->scenario);
    char why[700];
    if (!vl_rule_options_parse(app->rules_words[0] ? app->rules_words : NULL,
                               app->option_words[0] ? app->option_words : NULL, &rules, why, sizeof why) ||
        !vl_rule_options_check(&rules, why, sizeof why)) {
        fprintf(stderr, "%s: %s\n", path, why);
        vl_ui_app_message(app, true, "%s", why);
        vl_ui_session_end(app);
        return VL_ERR_INVALID;
    }
    app->game = vl_game_create(&app->scenario, seed, &rules);
    if (!app->game) {
        vl_ui_session_end(app);
        return VL_ERR_NOMEM;
    }
    vl_game_start(app->game);
    app->seed = seed;
    vl_log_init(&app->log, &app->scenario, seed, &rules);
    set_players(app, players);
    vl_rng_seed(&app->ai.rng, seed, 0xA1u);
    save_path_for(app);
    app->saved_n = 0;
    app->save_ours = false;
    app->screen = VL_SCREEN_GAME;
    vl_ui_open_view(app);
    for (int o = 0; o < VL_OVERLAY_COUNT; o++) /* the overlays a new game starts with (settings) */
        app->view.overlay[o] = ((app->settings.default_overlays | app->opt.overlays) >> o) & 1u;
    vl_ui_app_message(app, false, "%s. %s plays first. Press H for the keys.", app->scenario.name,
                      app->scenario.sides[vl_game_active_side(app->game)].name);
    vl_ui_lesson_start(app); /* the tutorial is played as a lesson (lesson.c) */
    return VL_OK;
}

VlStatus vl_ui_app_load(VlUiApp *app, const char *log_path)
{
    vl_ui_session_end(app);
    VlDiagList d;
    vl_diag_init(&d, log_path);
    VlStatus st = vl_log_load(log_path, &app->log, &app->scenario, &d);
    if (!vl_ui_diags_done(app, st, &d)) {
        app->screen = VL_SCREEN_MENU;
        return st;
    }
    app->have_scenario = true;
    VlReplayResult r;
    st = vl_log_replay(&app->log, &app->scenario, &app->game, &r);
    if (st != VL_OK || !app->game) {
        vl_ui_app_message(app, true, "%s: %s", log_path, r.message);
        fprintf(stderr, "%s: %s\n", log_path, r.message);
        vl_ui_session_end(app);
        app->screen = VL_SCREEN_MENU;
        return st != VL_OK ? st : VL_ERR_NOMEM;
    }
    vl_game_start(app->game);
    app->seed = app->log.seed;
    VlUiPlayer players[2];
    players_of_log(app->log.players, players);
    set_players(app, players);
    vl_rng_seed(&app->ai.rng, app->seed ^ (uint64_t)app->log.n, 0xA1u);
    snprintf(app->save_path, sizeof app->save_path, "%s", log_path);
    app->saved_n = app->log.n;
    app->save_ours = true;
    app->screen = VL_SCREEN_GAME;
    vl_ui_open_view(app);
    vl_ui_app_message(app, false, "Loaded %s: turn %d, %s's %s phase.", log_path, vl_game_turn(app->game),
                      app->scenario.sides[vl_game_active_side(app->game)].name, vl_phase_name(vl_game_phase(app->game)));
    return VL_OK;
}

/* ---- applying commands ---- */

static void after_change(VlUiApp *app, int side_before)
{
    VlGame *g = app->game;
    app->view.aim = -1;
    app->view.have_fire = false;
    int turn = vl_game_turn(g), side = vl_game_active_side(g);
    bool over = vl_game_over(g, NULL, NULL);
    if ((turn != app->seen_turn && app->seen_turn > 0) || over) {
        /* Autosave at the start of each turn, and at the end. */
        if (vl_ui_app_save(app))
            vl_ui_app_message(app, false, "%s: saved to %s", over ? "Game over" : "New turn", app->save_path);
    }
    app->seen_turn = turn;
    vl_ui_summary_after_command(app, side_before); /* before the hand-over, which shows it */
    if (side != app->seen_side) {
        app->seen_side = side;
        app->view.selected = -1;
        app->ai.n = app->ai.next = 0;
        if (app->human[0] && app->human[1] && !over) {
            app->handover.side = side;
            app->screen = VL_SCREEN_HANDOVER;
        }
    }
}

bool vl_ui_apply_command(VlUiApp *app, const VlCommand *c)
{
    if (app->sandbox) {
        vl_ui_app_message(app, true, "The sandbox is outside the turn sequence: press T to leave it and give orders.");
        return false;
    }
    if (!app->game || app->screen != VL_SCREEN_GAME)
        return false;
    int nev0, side_before = vl_game_active_side(app->game);
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
    /* Say what happened: the last couple of events the command caused (unless an animation shows it). */
    for (int i = nev - 2 > nev0 ? nev - 2 : nev0; i < nev && !app->watch.quiet; i++)
        vl_ui_app_message(app, false, "%s", ev[i].text);
    if (nev == nev0 && c->kind == VL_CMD_CHARGE && !app->watch.quiet)
        vl_ui_app_message(app, false, "Charge declared: %s at %s (resolved when the phase ends)",
                          vl_unit_label(&app->scenario, c->unit), vl_unit_label(&app->scenario, c->target));
    if (c->kind == VL_CMD_REACTIONS) {
        int side = vl_game_active_side(app->game);
        vl_ui_app_message(app, false, "Standing orders of the %s (D-GAME-2): infantry %s against cavalry, skirmishers %s, "
                          "mounted cavalry %s when charged by infantry.", app->scenario.sides[side].name,
                          c->reactions & VL_REACT_SQUARE ? "tries to form square" : "stands",
                          c->reactions & VL_REACT_SKIRMISH_BACK ? "fall back" : "fire", c->reactions & VL_REACT_CAVALRY_BACK ? "falls back" : "stands");
    }
    if (nev == nev0 && c->kind == VL_CMD_END_PHASE && !app->watch.quiet)
        vl_ui_app_message(app, false, "%s's %s phase", app->scenario.sides[vl_game_active_side(app->game)].name,
                          vl_phase_name(vl_game_phase(app->game)));
    app->view.log_scroll = 0;
    vl_ui_refresh_reactions(app);
    after_change(app, side_before);
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
        vl_ui_app_message(app, true, "%s (%s): it stands.",
                          last->kind == VL_CMD_END_PHASE ? "Dice were rolled when the phase ended"
                                                         : "The last order has been decided by dice",
                          dice[nd_then].clause);
        vl_game_destroy(g);
        return false;
    }
    /* An ended phase can be taken back while no die has been rolled since and the turn is still
     * this player's (a phase that handed the turn over stays ended: the other player has it now). */
    if (last->kind == VL_CMD_END_PHASE && vl_game_active_side(g) != vl_game_active_side(app->game)) {
        vl_ui_app_message(app, true, "The turn has passed to the %s: the phase stays ended.",
                          vl_ui_side_name(&app->scenario, vl_game_active_side(app->game)));
        vl_game_destroy(g);
        return false;
    }
    vl_game_destroy(app->game);
    app->game = g;
    char what[200];
    if (last->kind == VL_CMD_END_PHASE)
        snprintf(what, sizeof what, "the end of the %s phase (it goes on)", vl_phase_name(vl_game_phase(g)));
    else
        vl_ui_order_text(&app->scenario, last, what, sizeof what);
    vl_ui_app_message(app, false, "Undone: %s", what);
    app->log.n = i;
    if (app->saved_n > app->log.n)
        app->saved_n = -1; /* the file on disk has the order we took back */
    vl_ui_gesture_reset(&app->view.gesture);
    vl_ui_clear_previews(app);
    app->view.aim = -1;
    app->view.card.unit = -1;
    vl_ui_refresh_reactions(app);
    return true;
}

void vl_ui_toggle_sandbox(VlUiApp *app)
{
    if (app->sandbox) {
        vl_game_destroy(app->sandbox);
        app->sandbox = NULL;
        vl_ui_clear_previews(app);
        vl_ui_gesture_reset(&app->view.gesture);
        app->view.card.unit = -1;
        vl_ui_app_message(app, false, "Left the sandbox: the game is as it was.");
        return;
    }
    if (!app->game || app->screen != VL_SCREEN_GAME)
        return;
    app->sandbox = vl_game_clone(app->game);
    if (!app->sandbox)
        return;
    vl_ui_gesture_reset(&app->view.gesture);
    vl_ui_clear_previews(app);
    app->view.aim = -1;
    app->compare.have = false;
    app->compare.shown = -1; /* the game's own charge rules' path first */
    /* under 240 bytes, a message's room */
    vl_ui_app_message(app, false, "Sandbox: drag any unit (a front corner or Shift turns it); select one and hover an "
                                  "enemy for its charge under each system (7, 8, 9 show each path) and its line of fire. "
                                  "T leaves, E edits this table; nothing here changes the game.");
}
