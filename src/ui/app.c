/* The game screen as a whole, and the switch between its screens (menu, game, hand-over, replay):
 * Initialisation / Update / Draw / De-initialisation, as in raylib's examples. The game screen's
 * actions from the input function and the quit dialogue are here; the rest is in the screens' own
 * files (session.c, saves.c, think.c, menu.c, replay.c) and the drawing files. */
#include "app.h"
#include "tools.h"
#include "compare.h"
#include "editor.h"

#include "animate.h"
#include "summary.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

VlUiOptions vl_ui_options_default(void)
{
    VlUiOptions o;
    memset(&o, 0, sizeof o);
    o.ai_delay_ms = 350;
    /* Both through paths.h, so the installed program plays from any folder. The saves folder is
     * only named here (made when the first save is written); a folder that cannot be named stays
     * empty, and saving or the menu says why. */
    if (vl_paths_saves_dir(o.save_dir, sizeof o.save_dir, false, NULL, 0) != VL_OK)
        o.save_dir[0] = 0;
    if (vl_paths_data_file("scenarios", o.scenario_dir, sizeof o.scenario_dir, NULL, 0) != VL_OK)
        o.scenario_dir[0] = 0;
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
    vl_ui_clean_saves_dir(app->opt.save_dir); /* a save cut short by a crash leaves its temporary file */
    app->settings = vl_ui_settings_default();
    app->settings.ai_delay_ms = app->opt.ai_delay_ms;
    char font[PATH_MAX], err[512];
    if (vl_paths_data_file("assets/" VL_UI_FONT_FILE, font, sizeof font, err, sizeof err) == VL_OK)
        app->text = vl_ui_text_create(r, font);
    else
        fprintf(stderr, "volley: %s; text is not shown\n", err);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    vl_ui_camera_init(&app->cam, (SDL_Rect){0, VL_UI_BAR_H, width, height - VL_UI_BAR_H});
    vl_ui_layout(app);
    vl_ui_gesture_reset(&app->view.gesture);
    app->view.selected = app->view.aim = app->view.hover = -1;
    app->view.card.unit = -1;
    app->menu.player[0] = app->menu.player[1] = VL_UI_HUMAN;
    vl_ai_plan_reset(&app->ai.plan[0]);
    vl_ai_plan_reset(&app->ai.plan[1]);
    app->screen = VL_SCREEN_MENU;
    return app;
}

void vl_ui_app_resize(VlUiApp *app, int width, int height)
{
    SDL_Rect before = app->rects.map;
    app->width = width;
    app->height = height;
    vl_ui_layout(app);
    /* Keep the same part of the table in view: the centre stays (the camera's target is the map's
     * centre) and the zoom scales with the map, by the tighter of its two sides. */
    SDL_Rect after = app->rects.map;
    if (before.w > 0 && before.h > 0 && after.w > 0 && after.h > 0) {
        float sx = (float)after.w / (float)before.w, sy = (float)after.h / (float)before.h;
        app->cam.zoom *= sx < sy ? sx : sy;
        vl_ui_camera_update(&app->cam);
    }
}

void vl_ui_app_destroy(VlUiApp *app)
{
    if (!app)
        return;
    vl_ui_editor_close(app);
    vl_ui_session_end(app);
    free(app->menu.scen_path);
    free(app->menu.scen_name);
    free(app->menu.scen_sides);
    free(app->menu.scen_desc);
    free(app->menu.scen_broken);
    free(app->menu.scen_rules);
    free(app->menu.scen_user);
    free(app->menu.saves);
    vl_ui_text_destroy(app->text);
    if (app->cache.layer)
        SDL_DestroyTexture(app->cache.layer);
    if (app->cache.table)
        SDL_DestroyTexture(app->cache.table);
    free(app);
}

static void aim_at(VlUiApp *app, int u, int t)
{
    app->view.aim = t;
    app->view.have_fire = false;
    if (u < 0 || t < 0)
        return;
    vl_ui_fire_preview(app, vl_ui_app_shown(app), u, t, true);
}

static void select_unit(VlUiApp *app, int u)
{
    app->view.selected = u;
    app->view.aim = -1;
    app->view.have_fire = false;
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
            vl_ui_app_message(app, true, "%s cannot fire: %s is in the way (GOR-FIRE-6)", vl_unit_label(w->scenario, u),
                              vl_unit_label(w->scenario, blocked));
    }
}

static void request_quit(VlUiApp *app)
{
    if (vl_ui_app_dirty(app))
        app->view.confirm_quit = true;
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
    case VL_ACT_PAN: vl_ui_camera_pan(&app->cam, a->dx, a->dy); return;
    case VL_ACT_ZOOM: vl_ui_camera_zoom_at(&app->cam, a->x, a->y, a->factor); return;
    case VL_ACT_FIT: vl_ui_fit(app); return;
    case VL_ACT_PREVIEW:
    case VL_ACT_CANCEL: vl_ui_update_previews(app); return;
    case VL_ACT_COMMAND:
        if (a->cmd.kind == VL_CMD_END_PHASE && vl_ui_end_phase_asks(app))
            return;
        vl_ui_apply_command(app, &a->cmd);
        vl_ui_update_previews(app);
        return;
    case VL_ACT_AIM: aim_at(app, a->unit, a->target); return;
    case VL_ACT_PLACE:
        if (app->sandbox && vl_game_place_unit(app->sandbox, a->unit, a->pose))
            vl_ui_update_previews(app);
        return;
    case VL_ACT_HOVER:
        app->view.hover = a->unit;
        if (app->sandbox)
            vl_ui_update_previews(app);
        return;
    case VL_ACT_UNDO: vl_ui_app_undo(app); return;
    case VL_ACT_OVERLAY:
        if (a->overlay >= 0 && a->overlay < VL_OVERLAY_COUNT)
            app->view.overlay[a->overlay] = !app->view.overlay[a->overlay];
        return;
    case VL_ACT_SANDBOX: vl_ui_toggle_sandbox(app); return;
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
    case VL_ACT_SCROLL_LOG: app->view.log_scroll += (int)a->dy; if (app->view.log_scroll < 0) app->view.log_scroll = 0; return;
    case VL_ACT_MESSAGE: vl_ui_app_message(app, true, "%s", a->text); return;
    case VL_ACT_NOTE: vl_ui_app_message(app, false, "%s", a->text); return;
    case VL_ACT_HELP: app->view.help = !app->view.help; return;
    case VL_ACT_LABELS: {
        static const char *const said[VL_UI_LABELS_COUNT] = {
            "Labels: few (the selected unit, the one pointed at, and the objectives). N for more.",
            "Labels: units (every unit's name and marks, the objectives). N for more.",
            "Labels: all (units, objectives and the terrain's names). N for fewer."};
        int d = app->settings.label_density;
        app->settings.label_density = d = (d >= 0 && d + 1 < VL_UI_LABELS_COUNT) ? d + 1 : 0;
        char err[600];
        if (app->opt.settings_path[0] && !vl_ui_settings_save(app->opt.settings_path, &app->settings, err, sizeof err))
            vl_ui_app_message(app, true, "%s", err);
        else
            vl_ui_app_message(app, false, "%s", said[d]);
        return;
    }
    case VL_ACT_GAME_MENU:
        if (app->screen == VL_SCREEN_GAME && app->game)
            vl_ui_dialog_open(app, VL_DIALOG_GAME_MENU);
        return;
    }
}

/* ---- events per screen ---- */

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
        app->view.confirm_quit = false;
    } else if (choice == 1) {
        app->quit = true;
        app->view.confirm_quit = false;
    } else if (choice == 2) {
        app->view.confirm_quit = false;
    }
}

VlUiInputCtx vl_ui_input_ctx(VlUiApp *app)
{
    VlGame *g = vl_ui_app_shown(app);
    VlUiInputCtx c;
    memset(&c, 0, sizeof c);
    c.game = g;
    c.cam = &app->cam;
    c.selected = app->view.selected;
    c.aim = app->view.aim;
    c.sandbox = app->sandbox != NULL;
    c.can_order = app->screen == VL_SCREEN_GAME && g && !vl_game_over(g, NULL, NULL) && app->human[vl_game_active_side(g)];
    c.map = app->rects.map;
    c.log_rect = app->rects.log;
    c.replay = app->screen == VL_SCREEN_REPLAY;
    c.help = app->view.help;
    for (int i = 0; i < VL_OVERLAY_COUNT; i++)
        c.overlays |= app->view.overlay[i] ? 1u << i : 0u;
    c.reactions = g ? app->reactions[vl_game_active_side(g) & 1] : VL_REACT_DEFAULT;
    app->view.buttons.n = 0;
    if (g && (app->screen == VL_SCREEN_GAME || app->screen == VL_SCREEN_REPLAY)) {
        VlUiBarAreas areas;
        vl_ui_bar_areas(app, &areas);
        vl_ui_buttons(&app->view.buttons, &c, &app->view.gesture, &areas, app->text);
    }
    c.bar = &app->view.buttons;
    return c;
}

const VlUiBar *vl_ui_app_buttons(VlUiApp *app)
{
    vl_ui_input_ctx(app);
    return &app->view.buttons;
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
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_F11 && !e->key.repeat) {
        /* F11: full screen at the desktop's size, and back. The resize comes as a window event. */
        SDL_Window *win = SDL_RenderGetWindow(app->r);
        if (win) {
            bool full = (SDL_GetWindowFlags(win) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
            if (SDL_SetWindowFullscreen(win, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP) != 0)
                vl_ui_app_message(app, true, "Full screen is not available here: %s", SDL_GetError());
        }
        return;
    }
    /* K shows the key to the unit symbols over the table (the game and the replay); K or Esc hides it. */
    if ((app->screen == VL_SCREEN_GAME || app->screen == VL_SCREEN_REPLAY) && e->type == SDL_KEYDOWN && !e->key.repeat &&
        app->dialog.kind == VL_DIALOG_NONE && !app->view.confirm_quit &&
        (e->key.keysym.sym == SDLK_k || (e->key.keysym.sym == SDLK_ESCAPE && app->view.symbols))) {
        app->view.symbols = e->key.keysym.sym == SDLK_k && !app->view.symbols;
        return;
    }
    switch (app->screen) {
    case VL_SCREEN_MENU: vl_ui_menu_event(app, e); return;
    case VL_SCREEN_HANDOVER:
        if (e->type == SDL_QUIT)
            request_quit(app);
        else if (app->view.confirm_quit)
            confirm_event(app, e);
        else if ((e->type == SDL_KEYDOWN && (e->key.keysym.sym == SDLK_RETURN || e->key.keysym.sym == SDLK_SPACE ||
                                             e->key.keysym.sym == SDLK_KP_ENTER)) ||
                 e->type == SDL_MOUSEBUTTONDOWN)
            app->screen = VL_SCREEN_GAME;
        return;
    case VL_SCREEN_REPLAY:
        if (!vl_ui_summary_event(app, e))
            vl_ui_replay_event(app, e);
        return;
    case VL_SCREEN_EDITOR: vl_ui_editor_event(app, e); return;
    case VL_SCREEN_GAME: break;
    }
    if (app->view.confirm_quit) {
        confirm_event(app, e);
        return;
    }
    if (e->type == SDL_KEYDOWN && vl_ui_compare_key(app, e->key.keysym.sym))
        return;
    if (app->dialog.kind != VL_DIALOG_NONE) {
        if (e->type == SDL_QUIT)
            request_quit(app);
        else
            vl_ui_dialog_event(app, e);
        return;
    }
    /* The computer's turn being watched (Tab, End), then the summary panel after it. */
    if (vl_ui_watch_event(app, e) || vl_ui_summary_event(app, e))
        return;
    if (vl_ui_lesson_event(app, e))
        return;
    if (app->sandbox && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_e && !e->key.repeat &&
        !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT))) {
        /* E in the sandbox: its table, every unit where it now stands, as a new scenario to edit. */
        if (vl_ui_editor_from_sandbox(app) != VL_OK)
            vl_ui_app_message(app, true, "The sandbox's table cannot be opened in the editor (out of memory).");
        return;
    }
    if (vl_ui_tools_event(app, e, vl_ui_app_shown(app)))
        return; /* the tape (M) and the sight probe (V), tools.c */
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_n && !e->key.repeat &&
        !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT))) {
        vl_ui_toggle_phase_help(app); /* N: the "now you can" panel (phasehelp.c) */
        return;
    }
    if (app->view.help && e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE) {
        app->view.help = false;
        return;
    }
    VlUiInputCtx c = vl_ui_input_ctx(app);
    VlUiAction a = vl_ui_input(&app->view.gesture, &c, e);
    vl_ui_app_act(app, &a);
}

void vl_ui_app_update(VlUiApp *app, uint32_t now_ms)
{
    app->now = now_ms;
    if (app->screen == VL_SCREEN_REPLAY && app->replay.open)
        vl_ui_replay_update(app, now_ms);
    else if (app->screen == VL_SCREEN_GAME) {
        vl_ui_anim_update(app, now_ms);
        vl_ui_think_update(app, now_ms);
    } else if (app->screen == VL_SCREEN_EDITOR)
        vl_ui_editor_update(app, now_ms);
    vl_ui_lesson_update(app);
    /* The buttons of the frame to be drawn, built from what the screen now shows: drawing only
     * reads them. (Each event builds them afresh too, as the one before may have changed them.) */
    vl_ui_app_buttons(app);
}

static int due_in(uint32_t due, uint32_t now_ms)
{
    return due > now_ms ? (int)(due - now_ms) : 0;
}

static int sooner(int a, int b)
{
    return a < 0 ? b : b < 0 ? a : a < b ? a : b;
}

int vl_ui_app_next_change_ms(const VlUiApp *app, uint32_t now_ms)
{
    int next = -1;
    for (int i = 0; i < app->nmsg; i++)
        if (now_ms - app->msg[i].at <= VL_UI_MESSAGE_MS)
            next = sooner(next, due_in(app->msg[i].at + VL_UI_MESSAGE_MS + 1, now_ms));
    if (app->screen == VL_SCREEN_REPLAY && app->replay.open && app->replay.playing)
        return sooner(next, due_in(app->replay.due, now_ms));
    if (app->screen != VL_SCREEN_GAME || !app->game || app->sandbox || app->view.confirm_quit ||
        app->dialog.kind != VL_DIALOG_NONE)
        return next;
    if (vl_ui_anim_busy(app))
        return 0; /* an order being shown: a frame each time */
    if (vl_game_over(app->game, NULL, NULL) || app->human[vl_game_active_side(app->game)])
        return next;
    /* The computer's turn: planning (in line or on its thread) wants frames; between its orders the
     * window sleeps until the next falls due. */
    if (app->ai.thinking || app->ai.think || app->ai.next >= app->ai.n)
        return 0;
    return sooner(next, due_in(app->ai.due, now_ms));
}

/* ---- draw ---- */

void vl_ui_app_draw(VlUiApp *app)
{
    SDL_SetRenderDrawBlendMode(app->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->r, VL_UI_BACKGROUND >> 16, VL_UI_BACKGROUND >> 8 & 0xFF, VL_UI_BACKGROUND & 0xFF, 0xFF);
    SDL_RenderClear(app->r);
    vl_ui_rule_spots_clear(app);
    switch (app->screen) {
    case VL_SCREEN_MENU: vl_ui_draw_menu(app); return;
    case VL_SCREEN_HANDOVER:
        vl_ui_draw_handover(app);
        vl_ui_summary_draw_handover(app);
        if (app->view.confirm_quit)
            vl_ui_draw_confirm(app);
        return;
    case VL_SCREEN_EDITOR: vl_ui_editor_draw(app); return;
    case VL_SCREEN_GAME:
    case VL_SCREEN_REPLAY: break;
    }
    VlGame *g = vl_ui_app_shown(app);
    if (!g)
        return;
    vl_ui_draw_table(app, vl_ui_anim_shown(app, g)); /* the units where the order being shown has them */
    vl_ui_anim_draw(app);
    vl_ui_lesson_draw_marks(app);
    if (app->screen == VL_SCREEN_GAME)
        vl_ui_tools_draw(app, g);
    if (app->screen == VL_SCREEN_REPLAY)
        vl_ui_draw_replay_controls(app);
    vl_ui_draw_panels(app, g);
    /* The phase and lesson panels wait while the turn summary is up: it is read first. */
    if (!app->view.help && !app->view.symbols && !app->view.confirm_quit && !app->watch.panel) {
        vl_ui_draw_phase_help(app, g);
        vl_ui_lesson_draw(app);
    }
    vl_ui_summary_draw(app);
    if (app->dialog.kind == VL_DIALOG_NONE && !app->view.confirm_quit)
        vl_ui_rule_hover_draw(app);
    if (app->screen == VL_SCREEN_GAME && !app->view.confirm_quit)
        vl_ui_draw_dialog(app);
}
