/* The game screen's dialogues (dialog.h): what each says and offers, where its buttons are, what
 * a choice does, and its picture. */
#include "dialog.h"

#include <stdio.h>
#include <string.h>

#include "panels.h"
#include "settings.h"

static void add(VlUiDialog *d, SDL_Keycode key, VlUiChoice choice, const char *label)
{
    if (d->n >= VL_UI_DIALOG_BUTTONS)
        return;
    VlUiDialogButton *b = &d->b[d->n++];
    snprintf(b->label, sizeof b->label, "%.190s", label);
    b->key = key;
    b->choice = choice;
}

/* What the units left could still do, by phase: "fire", "charge", "move". */
static const char *verb_of(VlPhase p)
{
    switch (p) {
    case VL_PHASE_ARTILLERY:
    case VL_PHASE_FIRE: return "fire";
    case VL_PHASE_CHARGE: return "charge";
    case VL_PHASE_MOVEMENT: return "move";
    case VL_PHASE_RALLY: return "rally";
    default: return "act";
    }
}

/* "13th Alabama, 1st Tennessee and 3 others" for @p total units, the first of them in @p u. */
static void name_units(const VlUiApp *app, const int *u, int total, char *buf, size_t size)
{
    const VlScenario *s = &app->scenario;
    if (total == 1)
        snprintf(buf, size, "%s", s->units[u[0]].name);
    else if (total == 2)
        snprintf(buf, size, "%s and %s", s->units[u[0]].name, s->units[u[1]].name);
    else if (total == 3)
        snprintf(buf, size, "%.60s, %.60s and %.60s", s->units[u[0]].name, s->units[u[1]].name, s->units[u[2]].name);
    else
        snprintf(buf, size, "%s, %s and %d others", s->units[u[0]].name, s->units[u[1]].name, total - 2);
}

void vl_ui_dialog_open(VlUiApp *app, VlUiDialogKind kind)
{
    VlUiDialog *d = &app->dialog;
    bool quits = d->leave_quits;
    memset(d, 0, sizeof *d);
    d->kind = kind;
    d->leave_quits = quits;
    char buf[220];
    switch (kind) {
    case VL_DIALOG_NONE: return;
    case VL_DIALOG_END_PHASE: {
        VlPhase p = vl_game_phase(app->game);
        int u[3];
        int n = vl_game_units_able(app->game, u, 3);
        snprintf(d->title, sizeof d->title, "End the %s phase?", vl_phase_name(p));
        name_units(app, u, n, buf, sizeof buf);
        snprintf(d->line[0], sizeof d->line[0], "%.200s could still %s.", buf, verb_of(p));
        snprintf(d->line[1], sizeof d->line[1], "Once the phase ends they cannot %s until next turn.", verb_of(p));
        add(d, SDLK_RETURN, VL_CHOICE_END_PHASE, "Enter  End the phase");
        add(d, SDLK_ESCAPE, VL_CHOICE_RESUME, "Esc  Go back to the table");
        return;
    }
    case VL_DIALOG_GAME_MENU:
        snprintf(d->title, sizeof d->title, "%s", app->scenario.name);
        snprintf(d->line[0], sizeof d->line[0], "Turn %d, %s phase, %s to play.", vl_game_turn(app->game),
                 vl_phase_name(vl_game_phase(app->game)), vl_ui_side_name(&app->scenario, vl_game_active_side(app->game)));
        add(d, SDLK_ESCAPE, VL_CHOICE_RESUME, "Esc  Resume");
        add(d, SDLK_s, VL_CHOICE_SAVE, "S  Save the game");
        add(d, SDLK_l, VL_CHOICE_LOAD, "L  Load the newest save");
        add(d, SDLK_o, VL_CHOICE_SETTINGS, "O  Settings");
        add(d, SDLK_m, VL_CHOICE_MAIN_MENU, "M  Main menu (new game, saves)");
        add(d, SDLK_q, VL_CHOICE_QUIT, "Q  Quit Volley");
        return;
    case VL_DIALOG_SETTINGS: return; /* its own rows and layout: settings_screen.c */
    case VL_DIALOG_LEAVE:
        snprintf(d->title, sizeof d->title, "This game has orders not yet saved.");
        snprintf(d->line[0], sizeof d->line[0], "%s", quits ? "Save before quitting?" : "Save before going to the main menu?");
        add(d, SDLK_s, VL_CHOICE_SAVE_AND_LEAVE, quits ? "S  Save and quit" : "S  Save and go to the menu");
        add(d, SDLK_d, VL_CHOICE_LEAVE, quits ? "D  Quit without saving" : "D  Go without saving");
        add(d, SDLK_ESCAPE, VL_CHOICE_RESUME, "Esc  Keep playing");
        return;
    }
}

/* The height of line @p i of the open dialogue, wrapped to the box (0 when empty). */
static int line_height(const VlUiApp *app, int i, int wrap)
{
    const char *t = app->dialog.line[i];
    if (!t[0])
        return 0;
    int h = app->text ? vl_ui_text_wrapped_height(app->text, 13, t, wrap) : 16;
    return h + 6;
}

void vl_ui_dialog_layout(const VlUiApp *app, VlDialogLayout *l)
{
    const VlUiDialog *d = &app->dialog;
    int w = 520, bh = 34, gap = 8;
    if (w > app->width - 20)
        w = app->width - 20;
    int text_h = line_height(app, 0, w - 40) + line_height(app, 1, w - 40);
    int h = 20 + 30 + text_h + 14 + d->n * (bh + gap) + 12;
    l->box = (SDL_Rect){(app->width - w) / 2, (app->height - h) / 2, w, h};
    int y = l->box.y + 20 + 30 + text_h + 14;
    for (int i = 0; i < VL_UI_DIALOG_BUTTONS; i++)
        l->button[i] = i < d->n ? (SDL_Rect){l->box.x + 20, y + i * (bh + gap), w - 40, bh} : (SDL_Rect){0, 0, 0, 0};
}

static void go_to_menu(VlUiApp *app)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", app->log.scenario_path);
    app->dialog.kind = VL_DIALOG_NONE;
    vl_ui_app_menu(app, path[0] ? path : NULL);
}

void vl_ui_dialog_choose(VlUiApp *app, VlUiChoice choice)
{
    VlUiDialog *d = &app->dialog;
    switch (choice) {
    case VL_CHOICE_RESUME: d->kind = VL_DIALOG_NONE; return;
    case VL_CHOICE_END_PHASE: {
        d->kind = VL_DIALOG_NONE;
        VlCommand c;
        memset(&c, 0, sizeof c);
        c.kind = VL_CMD_END_PHASE;
        c.unit = c.target = -1;
        vl_ui_apply_command(app, &c);
        vl_ui_update_previews(app);
        return;
    }
    case VL_CHOICE_SAVE:
        d->kind = VL_DIALOG_NONE;
        if (vl_ui_app_save(app))
            vl_ui_app_message(app, false, "Saved to %s", app->save_path);
        return;
    case VL_CHOICE_LOAD: {
        d->kind = VL_DIALOG_NONE;
        VlUiAction a = {.kind = VL_ACT_LOAD};
        vl_ui_app_act(app, &a);
        return;
    }
    case VL_CHOICE_SETTINGS: vl_ui_dialog_open(app, VL_DIALOG_SETTINGS); return;
    case VL_CHOICE_MAIN_MENU:
        if (vl_ui_app_dirty(app)) {
            d->leave_quits = false;
            vl_ui_dialog_open(app, VL_DIALOG_LEAVE);
        } else {
            go_to_menu(app);
        }
        return;
    case VL_CHOICE_QUIT:
        if (vl_ui_app_dirty(app)) {
            d->leave_quits = true;
            vl_ui_dialog_open(app, VL_DIALOG_LEAVE);
        } else {
            d->kind = VL_DIALOG_NONE;
            app->quit = true;
        }
        return;
    case VL_CHOICE_SAVE_AND_LEAVE:
        if (!vl_ui_app_save(app)) { /* the reason is among the messages; stay */
            d->kind = VL_DIALOG_NONE;
            return;
        }
        /* fall through */
    case VL_CHOICE_LEAVE:
        if (d->leave_quits) {
            d->kind = VL_DIALOG_NONE;
            app->quit = true;
        } else {
            go_to_menu(app);
        }
        return;
    }
}

void vl_ui_dialog_event(VlUiApp *app, const SDL_Event *e)
{
    const VlUiDialog *d = &app->dialog;
    if (d->kind == VL_DIALOG_SETTINGS) {
        vl_ui_settings_event(app, e);
        return;
    }
    int hit = -1;
    if (e->type == SDL_KEYDOWN && !e->key.repeat) {
        SDL_Keycode k = e->key.keysym.sym == SDLK_KP_ENTER ? SDLK_RETURN : e->key.keysym.sym;
        for (int i = 0; i < d->n && hit < 0; i++)
            if (d->b[i].key == k)
                hit = i;
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        VlDialogLayout l;
        vl_ui_dialog_layout(app, &l);
        for (int i = 0; i < d->n && hit < 0; i++)
            if (vl_ui_in_rect(l.button[i], e->button.x, e->button.y))
                hit = i;
    }
    if (hit >= 0)
        vl_ui_dialog_choose(app, d->b[hit].choice);
}

void vl_ui_draw_dialog(VlUiApp *app)
{
    const VlUiDialog *d = &app->dialog;
    if (d->kind == VL_DIALOG_NONE)
        return;
    if (d->kind == VL_DIALOG_SETTINGS) {
        vl_ui_draw_settings(app);
        return;
    }
    VlDialogLayout l;
    vl_ui_dialog_layout(app, &l);
    vl_ui_gfx_rect(app->r, 0, 0, (float)app->width, (float)app->height, vl_ui_rgba(0x000000u, 140));
    vl_ui_gfx_rect(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, vl_ui_rgb(VL_UI_PANEL_BG));
    vl_ui_gfx_rect_outline(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, 2,
                           vl_ui_rgb(VL_UI_HIGHLIGHT));
    float x = (float)l.box.x + 20, y = (float)l.box.y + 20;
    vl_ui_text_draw(app->text, 17, d->title, x, y, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    y += 30;
    for (int i = 0; i < 2; i++)
        if (d->line[i][0]) {
            vl_ui_text_draw_wrapped(app->text, 13, d->line[i], x, y, vl_ui_panel_dim(), l.box.w - 40);
            y += (float)line_height(app, i, l.box.w - 40);
        }
    for (int i = 0; i < d->n; i++) {
        bool lit = vl_ui_in_rect(l.button[i], app->mouse_x, app->mouse_y);
        vl_ui_panel_button(app, l.button[i], d->b[i].label, lit, true);
    }
}

bool vl_ui_end_phase_asks(VlUiApp *app)
{
    if (!app->settings.confirm_end_phase || app->sandbox || !app->game || app->screen != VL_SCREEN_GAME)
        return false;
    VlPhase p = vl_game_phase(app->game);
    if (p != VL_PHASE_ARTILLERY && p != VL_PHASE_FIRE && p != VL_PHASE_CHARGE && p != VL_PHASE_MOVEMENT)
        return false;
    if (vl_game_units_able(app->game, NULL, 0) == 0)
        return false;
    vl_ui_dialog_open(app, VL_DIALOG_END_PHASE);
    return true;
}
