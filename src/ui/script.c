/* Scripted input: each line becomes synthesized SDL events handed to vl_ui_app_event, exactly as
 * the window's events are. Modifier keys held by keydown are carried on the following events. */
#include "script.h"

#include "animate.h"
#include "editor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <math.h>

static void send(VlUiApp *app, SDL_Event *e, uint32_t clock)
{
    e->common.timestamp = clock;
    vl_ui_app_event(app, e);
}

static Uint16 mods_of(SDL_Keycode k)
{
    switch (k) {
    case SDLK_LSHIFT: return KMOD_LSHIFT;
    case SDLK_RSHIFT: return KMOD_RSHIFT;
    case SDLK_LCTRL: return KMOD_LCTRL;
    case SDLK_RCTRL: return KMOD_RCTRL;
    case SDLK_LALT: return KMOD_LALT;
    default: return 0;
    }
}

static void key_event(VlUiApp *app, SDL_Keycode k, bool down, Uint16 mod, uint32_t clock)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = k;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(k);
    e.key.keysym.mod = mod;
    send(app, &e, clock);
}

static void mouse_button(VlUiApp *app, bool down, int x, int y, Uint8 button, uint32_t clock)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.button = button;
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    send(app, &e, clock);
}

static void mouse_move(VlUiApp *app, int x, int y, int dx, int dy, Uint32 buttons, uint32_t clock)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    e.motion.xrel = dx;
    e.motion.yrel = dy;
    e.motion.state = buttons;
    send(app, &e, clock);
}

static void drag(VlUiApp *app, float x0, float y0, float x1, float y1, Uint8 button, uint32_t clock)
{
    int px = (int)lroundf(x0), py = (int)lroundf(y0);
    mouse_button(app, true, px, py, button, clock);
    for (int i = 1; i <= 12; i++) {
        int x = (int)lroundf(x0 + (x1 - x0) * (float)i / 12), y = (int)lroundf(y0 + (y1 - y0) * (float)i / 12);
        mouse_move(app, x, y, x - px, y - py, SDL_BUTTON(button), clock);
        px = x;
        py = y;
    }
    mouse_button(app, false, px, py, button, clock);
}

static Uint8 button_of(const char *s)
{
    if (s && strcasecmp(s, "right") == 0)
        return SDL_BUTTON_RIGHT;
    if (s && strcasecmp(s, "middle") == 0)
        return SDL_BUTTON_MIDDLE;
    return SDL_BUTTON_LEFT;
}

static bool unit_point(VlUiApp *app, const char *id, VlVec2 *centre, const VlFootprint **fp, char *err, size_t errsize)
{
    VlGame *g = vl_ui_app_shown(app);
    if (!g) {
        snprintf(err, errsize, "no game on the screen");
        return false;
    }
    const VlWorld *w = vl_game_world_const(g);
    int u = vl_scenario_find_unit(w->scenario, id);
    if (u < 0) {
        snprintf(err, errsize, "no unit \"%s\" in this scenario", id);
        return false;
    }
    *fp = &vl_world_unit(w, u)->fp;
    *centre = vl_v2_lerp((*fp)->box.p[0], (*fp)->box.p[2], 0.5);
    return true;
}

static void wheel(VlUiApp *app, int x, int y, int amount, uint32_t clock)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEWHEEL;
    e.wheel.y = amount;
    e.wheel.preciseY = (float)amount;
    e.wheel.mouseX = x;
    e.wheel.mouseY = y;
    send(app, &e, clock);
}

/* The window pixel of a unit's middle. */
static bool unit_pixel(VlUiApp *app, const char *id, int *x, int *y, char *err, size_t errsize)
{
    VlVec2 p;
    const VlFootprint *fp;
    if (!unit_point(app, id, &p, &fp, err, errsize))
        return false;
    float fx, fy;
    vl_ui_camera_to_screen(&app->cam, p, &fx, &fy);
    *x = (int)lroundf(fx);
    *y = (int)lroundf(fy);
    return true;
}

/* The rectangle of a button by its script name: the game screen's (end-phase, line, ..., overlay N,
 * reaction square|skirmish|cavalry) or the replay viewer's (replay-play, replay-last, ...). */
static bool button_rect(VlUiApp *app, const char *name, const char *arg, SDL_Rect *r, char *err, size_t errsize)
{
    static const char *const replay[VL_RB_COUNT] = {"replay-first",   "replay-turn-back",    "replay-phase-back",
                                                    "replay-back",    "replay-play",         "replay-forward",
                                                    "replay-phase-forward", "replay-turn-forward", "replay-last"};
    if (app->screen == VL_SCREEN_MENU) {
        VlMenuLayout m;
        vl_ui_menu_layout(app, &m);
        static const char *const menu[7] = {"menu-start", "menu-continue", "menu-watch", "menu-quit", "menu-settings",
                                            "menu-edit",  "menu-new"};
        const SDL_Rect *rects[7] = {&m.start, &m.load, &m.replay, &m.quit, &m.settings, &m.edit, &m.new_table};
        for (int i = 0; i < 7; i++)
            if (strcmp(name, menu[i]) == 0) {
                *r = *rects[i];
                return true;
            }
        if (strcmp(name, "save-row") == 0) {
            /* The N-th saved game, newest first, scrolled into view. */
            int i = arg ? atoi(arg) - 1 : 0;
            if (i < 0 || i >= app->menu.nsaves) {
                snprintf(err, errsize, "no saved game %d in the menu (it lists %d)", i + 1, app->menu.nsaves);
                return false;
            }
            if (i < app->menu.save_scroll || i >= app->menu.save_scroll + m.save_rows)
                app->menu.save_scroll = i;
            *r = vl_ui_menu_save_row(&m, i - app->menu.save_scroll);
            return true;
        }
        snprintf(err, errsize, "no button \"%s\" on the menu", name);
        return false;
    }
    if (app->screen == VL_SCREEN_REPLAY)
        for (int i = 0; i < VL_RB_COUNT; i++)
            if (strcmp(name, replay[i]) == 0) {
                VlReplayLayout l;
                vl_ui_replay_layout(app, &l);
                *r = l.btn[i];
                return true;
            }
    const VlUiBar *bar = vl_ui_app_buttons(app);
    for (int k = 0; k < VL_BTN_KIND_COUNT; k++) {
        if (strcmp(name, vl_ui_button_name((VlUiButtonKind)k)) != 0)
            continue;
        int want = -1;
        if (k == VL_BTN_OVERLAY)
            want = arg ? atoi(arg) - 1 : 0;
        else if (k == VL_BTN_REACTION)
            want = !arg ? VL_REACT_SQUARE
                 : strcasecmp(arg, "skirmish") == 0 ? VL_REACT_SKIRMISH_BACK
                 : strcasecmp(arg, "cavalry") == 0 ? VL_REACT_CAVALRY_BACK
                                                    : VL_REACT_SQUARE;
        const VlUiButton *btn = vl_ui_button_find(bar, (VlUiButtonKind)k, want);
        if (!btn) {
            snprintf(err, errsize, "no \"%s\" button on the screen", name);
            return false;
        }
        *r = btn->rect;
        return true;
    }
    snprintf(err, errsize, "no button is called \"%s\"", name);
    return false;
}

static SDL_Keycode key_named(const char *name)
{
    SDL_Keycode k = SDL_GetKeyFromName(name);
    if (k == SDLK_UNKNOWN && strlen(name) == 1)
        k = (SDL_Keycode)(unsigned char)(name[0] >= 'A' && name[0] <= 'Z' ? name[0] - 'A' + 'a' : name[0]);
    return k;
}

static void click_rect(VlUiApp *app, SDL_Rect r, uint32_t clock)
{
    int x = r.x + r.w / 2, y = r.y + r.h / 2;
    mouse_move(app, x, y, 0, 0, 0, clock);
    mouse_button(app, true, x, y, SDL_BUTTON_LEFT, clock);
    mouse_button(app, false, x, y, SDL_BUTTON_LEFT, clock);
}

/* @p a and @p b are the same but for spaces ("0.35s" is the choice "0.35 s"). */
static bool same_but_spaces(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ')
            a++;
        while (*b == ' ')
            b++;
        if (*a != *b)
            return false;
        if (!*a)
            return true;
        a++;
        b++;
    }
}

/* "settings ITEM [CHOICE]" on the settings screen: click choice CHOICE of row ITEM (pause,
 * animation, confirm, labels, phase-help), or overlay-N's check box (N 1..6), or back. */
static bool click_settings(VlUiApp *app, const char *item, const char *choice, uint32_t clock, char *err, size_t errsize)
{
    static const char *const names[VL_SET_OVERLAY0] = {"pause", "animation", "confirm", "labels", "phase-help"};
    if (app->dialog.kind != VL_DIALOG_SETTINGS) {
        snprintf(err, errsize, "settings %s: the settings screen is not open (O opens it)", item);
        return false;
    }
    VlSettingsLayout l;
    vl_ui_settings_layout(app, &l);
    if (strcmp(item, "back") == 0) {
        click_rect(app, l.back, clock);
        return true;
    }
    if (strncmp(item, "overlay-", 8) == 0 && item[8] >= '1' && item[8] < '1' + VL_OVERLAY_COUNT && !item[9]) {
        click_rect(app, l.overlay[item[8] - '1'], clock);
        return true;
    }
    for (int r = 0; r < VL_SET_OVERLAY0; r++) {
        if (strcmp(item, names[r]) != 0)
            continue;
        for (int k = 0; k < vl_ui_settings_choices(r); k++)
            if (same_but_spaces(choice, vl_ui_settings_choice_name(r, k))) {
                click_rect(app, l.choice[r][k], clock);
                return true;
            }
        snprintf(err, errsize, "settings %s: no choice \"%s\"", item, choice);
        return false;
    }
    snprintf(err, errsize, "settings: no item \"%s\" (pause, animation, confirm, labels, phase-help, overlay-1..6, back)", item);
    return false;
}

/* The button of the open dialogue that makes @p word's choice, clicked like a player would. */
static bool click_dialog(VlUiApp *app, const char *word, uint32_t clock, char *err, size_t errsize)
{
    static const struct {
        const char *word;
        VlUiChoice choice;
    } words[] = {{"end-phase", VL_CHOICE_END_PHASE}, {"resume", VL_CHOICE_RESUME},
                 {"save", VL_CHOICE_SAVE},           {"load", VL_CHOICE_LOAD},
                 {"settings", VL_CHOICE_SETTINGS},   {"main-menu", VL_CHOICE_MAIN_MENU},
                 {"quit", VL_CHOICE_QUIT},
                 {"leave", VL_CHOICE_LEAVE},         {"save-and-leave", VL_CHOICE_SAVE_AND_LEAVE}};
    if (app->dialog.kind == VL_DIALOG_NONE) {
        snprintf(err, errsize, "dialog %s: no dialogue is open", word);
        return false;
    }
    if (app->dialog.kind == VL_DIALOG_SETTINGS) {
        if (strcmp(word, "back") != 0) {
            snprintf(err, errsize, "dialog %s: the settings screen has only back (set the rest with \"settings\")", word);
            return false;
        }
        VlSettingsLayout l;
        vl_ui_settings_layout(app, &l);
        click_rect(app, l.back, clock);
        return true;
    }
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
        if (strcmp(words[w].word, word) != 0)
            continue;
        VlDialogLayout l;
        vl_ui_dialog_layout(app, &l);
        for (int i = 0; i < app->dialog.n; i++)
            if (app->dialog.b[i].choice == words[w].choice) {
                int x = l.button[i].x + l.button[i].w / 2, y = l.button[i].y + l.button[i].h / 2;
                mouse_move(app, x, y, 0, 0, 0, clock);
                mouse_button(app, true, x, y, SDL_BUTTON_LEFT, clock);
                mouse_button(app, false, x, y, SDL_BUTTON_LEFT, clock);
                return true;
            }
        snprintf(err, errsize, "dialog %s: the dialogue open has no such button", word);
        return false;
    }
    snprintf(err, errsize, "dialog: no choice \"%s\"", word);
    return false;
}

/* The window pixel of table point (x, y) inches. */
static void table_pixel(VlUiApp *app, double x, double y, int *px, int *py)
{
    float fx, fy;
    vl_ui_camera_to_screen(&app->cam, vl_v2(x, y), &fx, &fy);
    *px = (int)lroundf(fx);
    *py = (int)lroundf(fy);
}

/* Modifier words after an editor verb's numbers: shift, alt, ctrl held for that gesture. */
static Uint16 mod_words(const char *const *w, int n)
{
    Uint16 m = 0;
    for (int i = 0; i < n; i++) {
        if (!w[i] || !w[i][0])
            continue;
        if (strcasecmp(w[i], "shift") == 0)
            m |= KMOD_LSHIFT;
        else if (strcasecmp(w[i], "alt") == 0)
            m |= KMOD_LALT;
        else if (strcasecmp(w[i], "ctrl") == 0)
            m |= KMOD_LCTRL;
    }
    return m;
}

static void click_at(VlUiApp *app, int x, int y, int clicks, uint32_t clock)
{
    SDL_Event e;
    mouse_move(app, x, y, 0, 0, 0, clock);
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.state = SDL_PRESSED;
    e.button.clicks = (Uint8)clicks;
    e.button.x = x;
    e.button.y = y;
    send(app, &e, clock);
    e.type = SDL_MOUSEBUTTONUP;
    e.button.state = SDL_RELEASED;
    send(app, &e, clock);
}

/* The editor's verbs (editor.h): edit-open, edit-tool, edit-palette, edit-click, edit-dclick,
 * edit-drag, edit-press / edit-move / edit-release, edit-button, edit-problem, edit-save-as. */
static bool editor_line(VlUiApp *app, const char *cmd, const char *const *w, int nw, uint32_t clock, char *err, size_t errsize)
{
    if (strcmp(cmd, "edit-open") == 0) {
        const char *path = nw >= 1 && w[0][0] && strcmp(w[0], "new") != 0 ? w[0] : NULL;
        if (vl_ui_editor_open(app, path) != VL_OK) {
            snprintf(err, errsize, "edit-open: the editor cannot open %s", path ? path : "a new table");
            return false;
        }
        return true;
    }
    if (app->screen != VL_SCREEN_EDITOR || !app->editor) {
        snprintf(err, errsize, "%s: the editor is not open (edit-open, or the menu's New table)", cmd);
        return false;
    }
    if (strcmp(cmd, "edit-tool") == 0 && nw >= 1) {
        if (!vl_ui_editor_set_tool(app, w[0])) {
            snprintf(err, errsize, "edit-tool: no tool \"%s\" (select, unit, terrain, objective)", w[0]);
            return false;
        }
        return true;
    }
    if (strcmp(cmd, "edit-palette") == 0 && nw >= 2) {
        if (!vl_ui_editor_set_palette(app, w[0], w[1])) {
            snprintf(err, errsize, "edit-palette: no choice \"%s\" for %s", w[1], w[0]);
            return false;
        }
        return true;
    }
    if ((strcmp(cmd, "edit-click") == 0 || strcmp(cmd, "edit-dclick") == 0) && nw >= 2) {
        int x, y;
        table_pixel(app, atof(w[0]), atof(w[1]), &x, &y);
        Uint16 keep = app->script_mod;
        app->script_mod |= mod_words(w + 2, nw - 2);
        click_at(app, x, y, 1, clock);
        if (cmd[5] == 'd')
            click_at(app, x, y, 2, clock);
        app->script_mod = keep;
        return true;
    }
    if (strcmp(cmd, "edit-drag") == 0 && nw >= 4) {
        int x0, y0, x1, y1;
        table_pixel(app, atof(w[0]), atof(w[1]), &x0, &y0);
        table_pixel(app, atof(w[2]), atof(w[3]), &x1, &y1);
        Uint16 keep = app->script_mod;
        app->script_mod |= mod_words(w + 4, nw - 4);
        mouse_move(app, x0, y0, 0, 0, 0, clock);
        drag(app, (float)x0, (float)y0, (float)x1, (float)y1, SDL_BUTTON_LEFT, clock);
        app->script_mod = keep;
        return true;
    }
    if ((strcmp(cmd, "edit-press") == 0 || strcmp(cmd, "edit-move") == 0 || strcmp(cmd, "edit-release") == 0) && nw >= 2) {
        int x, y;
        table_pixel(app, atof(w[0]), atof(w[1]), &x, &y);
        if (cmd[5] == 'p')
            mouse_button(app, true, x, y, SDL_BUTTON_LEFT, clock);
        else if (cmd[5] == 'r')
            mouse_button(app, false, x, y, SDL_BUTTON_LEFT, clock);
        else
            mouse_move(app, x, y, x - app->mouse_x, y - app->mouse_y, SDL_BUTTON(SDL_BUTTON_LEFT), clock);
        return true;
    }
    if (strcmp(cmd, "edit-button") == 0 && nw >= 1) {
        SDL_Rect r;
        if (!vl_ui_editor_button_rect(app, w[0], &r)) {
            snprintf(err, errsize, "edit-button: no button \"%s\" on the editor's bars now", w[0]);
            return false;
        }
        click_rect(app, r, clock);
        return true;
    }
    if (strcmp(cmd, "edit-problem") == 0 && nw >= 1) {
        SDL_Rect r;
        int i = atoi(w[0]) - 1;
        if (!vl_ui_editor_problem_rect(app, i, &r)) {
            snprintf(err, errsize, "edit-problem: problem %s is not listed (the list has %d)", w[0],
                     app->editor->doc.problems.count);
            return false;
        }
        click_rect(app, r, clock);
        return true;
    }
    if (strcmp(cmd, "edit-save-as") == 0 && nw >= 1) {
        if (!vl_ui_editor_save(app, w[0])) {
            snprintf(err, errsize, "edit-save-as: %s was not saved", w[0]);
            return false;
        }
        return true;
    }
    snprintf(err, errsize, "unknown or incomplete command \"%s\"", cmd);
    return false;
}

bool vl_ui_script_line(VlUiApp *app, const char *line, uint32_t *clock, char *err, size_t errsize)
{
    char cmd[32] = "", a[256] = "", b[64] = "", c[64] = "", d[64] = "", e5[64] = "";
    int n = sscanf(line, "%31s %255s %63s %63s %63s %63s", cmd, a, b, c, d, e5);
    if (n <= 0)
        return true;
    if (strcmp(cmd, "key") == 0 || strcmp(cmd, "keydown") == 0 || strcmp(cmd, "keyup") == 0) {
        /* Key names may have a space ("Left Shift"): join the words that are not modifiers. */
        char name[128];
        snprintf(name, sizeof name, "%s", a);
        Uint16 extra = 0;
        const char *words[4] = {b, c, d, e5};
        for (int i = 0; i < 4; i++) {
            if (!words[i][0])
                continue;
            char joined[200];
            snprintf(joined, sizeof joined, "%s %s", name, words[i]);
            if (i == 0 && SDL_GetKeyFromName(joined) != SDLK_UNKNOWN) {
                /* "Left Ctrl" is a key (held with keydown), not Left with the ctrl modifier */
                memcpy(name, joined, sizeof name - 1);
                name[sizeof name - 1] = 0;
                continue;
            }
            if (strcasecmp(words[i], "ctrl") == 0)
                extra |= KMOD_LCTRL;
            else if (strcasecmp(words[i], "shift") == 0)
                extra |= KMOD_LSHIFT;
            else {
                size_t l = strlen(name);
                snprintf(name + l, sizeof name - l, " %s", words[i]);
            }
        }
        SDL_Keycode k = key_named(name);
        if (k == SDLK_UNKNOWN) {
            snprintf(err, errsize, "unknown key \"%s\"", name);
            return false;
        }
        Uint16 m = mods_of(k);
        if (strcmp(cmd, "keydown") == 0) {
            app->script_mod |= m;
            key_event(app, k, true, app->script_mod | extra, *clock);
        } else if (strcmp(cmd, "keyup") == 0) {
            app->script_mod &= (Uint16)~m;
            key_event(app, k, false, app->script_mod | extra, *clock);
        } else {
            key_event(app, k, true, app->script_mod | extra | m, *clock);
            key_event(app, k, false, app->script_mod | extra, *clock);
        }
    } else if (strcmp(cmd, "click") == 0 && n >= 3) {
        mouse_button(app, true, atoi(a), atoi(b), button_of(n >= 4 ? c : NULL), *clock);
        mouse_button(app, false, atoi(a), atoi(b), button_of(n >= 4 ? c : NULL), *clock);
    } else if (strcmp(cmd, "press") == 0 && n >= 3) {
        mouse_button(app, true, atoi(a), atoi(b), button_of(n >= 4 ? c : NULL), *clock);
    } else if (strcmp(cmd, "release") == 0 && n >= 3) {
        mouse_button(app, false, atoi(a), atoi(b), button_of(n >= 4 ? c : NULL), *clock);
    } else if (strcmp(cmd, "move") == 0 && n >= 3) {
        mouse_move(app, atoi(a), atoi(b), 0, 0, 0, *clock);
    } else if (strcmp(cmd, "drag") == 0 && n >= 5) {
        drag(app, (float)atof(a), (float)atof(b), (float)atof(c), (float)atof(d), button_of(n >= 6 ? e5 : NULL), *clock);
    } else if (strcmp(cmd, "wheel") == 0 && n >= 4) {
        wheel(app, atoi(a), atoi(b), atoi(c), *clock);
    } else if (strcmp(cmd, "wheel-at") == 0 && n >= 3) {
        int x, y;
        if (!unit_pixel(app, a, &x, &y, err, errsize))
            return false;
        wheel(app, x, y, atoi(b), *clock);
    } else if (strcmp(cmd, "view") == 0 && n >= 4) {
        /* Look at table point (X, Y) at ZOOM pixels per inch. */
        app->cam.target[0] = atof(a);
        app->cam.target[1] = atof(b);
        app->cam.zoom = (float)atof(c);
        vl_ui_camera_update(&app->cam);
    } else if ((strcmp(cmd, "tape") == 0 || strcmp(cmd, "sight") == 0) && n >= 5) {
        /* The tape (M) or the sight probe (V) dragged from table point (X0, Y0) to (X1, Y1), inches;
         * "pin" pins it (P). tools.c takes the drag. */
        bool tape = cmd[0] == 't';
        float x0, y0, x1, y1;
        vl_ui_camera_to_screen(&app->cam, vl_v2(atof(a), atof(b)), &x0, &y0);
        vl_ui_camera_to_screen(&app->cam, vl_v2(atof(c), atof(d)), &x1, &y1);
        if (!vl_ui_in_rectf(&app->rects.map, x0, y0) || !vl_ui_in_rectf(&app->rects.map, x1, y1)) {
            snprintf(err, errsize, "%s: a point is off the table's view (look there first with view X Y ZOOM)", cmd);
            return false;
        }
        if (app->tools.active != (tape ? VL_TOOL_TAPE : VL_TOOL_SIGHT)) {
            key_event(app, tape ? SDLK_m : SDLK_v, true, app->script_mod, *clock);
            key_event(app, tape ? SDLK_m : SDLK_v, false, app->script_mod, *clock);
        }
        drag(app, x0, y0, x1, y1, SDL_BUTTON_LEFT, *clock);
        if (n >= 6 && strcmp(e5, "pin") == 0) {
            key_event(app, SDLK_p, true, app->script_mod, *clock);
            key_event(app, SDLK_p, false, app->script_mod, *clock);
        }
    } else if (strcmp(cmd, "click-unit") == 0 && n >= 2) {
        int x, y;
        if (!unit_pixel(app, a, &x, &y, err, errsize))
            return false;
        mouse_button(app, true, x, y, SDL_BUTTON_LEFT, *clock);
        mouse_button(app, false, x, y, SDL_BUTTON_LEFT, *clock);
    } else if ((strcmp(cmd, "drag-unit") == 0 && n >= 4) || (strcmp(cmd, "drag-unit-to") == 0 && n >= 3)) {
        VlVec2 p, q;
        const VlFootprint *fp, *tf;
        if (!unit_point(app, a, &p, &fp, err, errsize))
            return false;
        if (cmd[9] == '-') {
            if (!unit_point(app, b, &q, &tf, err, errsize))
                return false;
        } else {
            q = vl_v2_add(p, vl_v2(atof(b), atof(c)));
        }
        float x0, y0, x1, y1;
        vl_ui_camera_to_screen(&app->cam, p, &x0, &y0);
        vl_ui_camera_to_screen(&app->cam, q, &x1, &y1);
        drag(app, x0, y0, x1, y1, SDL_BUTTON_LEFT, *clock);
    } else if (strcmp(cmd, "drag-corner") == 0 && n >= 5) {
        VlVec2 p;
        const VlFootprint *fp;
        if (!unit_point(app, a, &p, &fp, err, errsize))
            return false;
        /* A chained order pending for this unit: its ghost is where the corner is grabbed. */
        VlFootprint ghost;
        const VlWorld *gw = vl_game_world_const(vl_ui_app_shown(app));
        if (app->view.gesture.fixed > 0 && app->view.gesture.order.unit == vl_scenario_find_unit(gw->scenario, a)) {
            VlPose pose;
            VlFormation form;
            vl_ui_gesture_pose(gw, &app->view.gesture, &pose, &form, &ghost);
            fp = &ghost;
            p = vl_v2_lerp(ghost.box.p[0], ghost.box.p[2], 0.5);
        }
        VlVec2 corner = strcasecmp(b, "left") == 0 ? fp->box.p[0] : fp->box.p[1];
        /* Just inside the corner, so that the press lands on the unit. */
        VlVec2 in = vl_v2_lerp(corner, p, 0.02);
        VlVec2 to = vl_v2_add(in, vl_v2(atof(c), atof(d)));
        float x0, y0, x1, y1;
        vl_ui_camera_to_screen(&app->cam, in, &x0, &y0);
        vl_ui_camera_to_screen(&app->cam, to, &x1, &y1);
        drag(app, x0, y0, x1, y1, SDL_BUTTON_LEFT, *clock);
    } else if ((strcmp(cmd, "press-at") == 0 || strcmp(cmd, "move-at") == 0 || strcmp(cmd, "release-at") == 0) && n >= 2) {
        /* A point of a unit: its middle or a front corner, plus an offset in inches. */
        VlVec2 p;
        const VlFootprint *fp;
        if (!unit_point(app, a, &p, &fp, err, errsize))
            return false;
        const char *where = n >= 3 ? b : "centre";
        int off = 2;
        if (strcasecmp(where, "left") == 0)
            p = vl_v2_lerp(fp->box.p[0], p, 0.02);
        else if (strcasecmp(where, "right") == 0)
            p = vl_v2_lerp(fp->box.p[1], p, 0.02);
        else if (strcasecmp(where, "centre") != 0)
            off = 1; /* no place word: the offset follows the id */
        const char *dxs = off == 2 ? c : b, *dys = off == 2 ? d : c;
        if (dxs[0] && dys[0])
            p = vl_v2_add(p, vl_v2(atof(dxs), atof(dys)));
        float x, y;
        vl_ui_camera_to_screen(&app->cam, p, &x, &y);
        int px = (int)lroundf(x), py = (int)lroundf(y);
        if (cmd[0] == 'p')
            mouse_button(app, true, px, py, SDL_BUTTON_LEFT, *clock);
        else if (cmd[0] == 'r')
            mouse_button(app, false, px, py, SDL_BUTTON_LEFT, *clock);
        else
            mouse_move(app, px, py, 0, 0, SDL_BUTTON(SDL_BUTTON_LEFT), *clock);
    } else if (strcmp(cmd, "click-button") == 0 && n >= 2) {
        SDL_Rect r;
        if (!button_rect(app, a, n >= 3 ? b : NULL, &r, err, errsize))
            return false;
        int x = r.x + r.w / 2, y = r.y + r.h / 2;
        mouse_move(app, x, y, 0, 0, 0, *clock);
        mouse_button(app, true, x, y, SDL_BUTTON_LEFT, *clock);
        mouse_button(app, false, x, y, SDL_BUTTON_LEFT, *clock);
    } else if (strcmp(cmd, "hover-rule") == 0 && n >= 2) {
        /* The pointer on the newest place the screen drew rule id ID (a frame is drawn to find it). */
        vl_ui_app_update(app, *clock);
        vl_ui_app_draw(app);
        int found = -1;
        bool in_log = n >= 3 && strcasecmp(b, "log") == 0;
        for (int i = app->help.spots.n - 1; i >= 0 && found < 0; i--)
            for (int k = 0; k < app->help.spots.spot[i].nids; k++)
                if (strcasecmp(app->help.spots.spot[i].id[k], a) == 0 &&
                    (!in_log || SDL_HasIntersection(&app->help.spots.spot[i].rect, &app->rects.log)))
                    found = i;
        if (found < 0) {
            snprintf(err, errsize, "hover-rule: no rule id %s is on the screen", a);
            return false;
        }
        SDL_Rect r = app->help.spots.spot[found].rect;
        mouse_move(app, r.x + r.w / 2, r.y + r.h / 2, 0, 0, 0, *clock);
    } else if (strcmp(cmd, "wait") == 0 && n >= 2) {
        int ms = atoi(a);
        for (int t = 0; t < ms; t += 16) {
            *clock += 16;
            vl_ui_app_update(app, *clock);
        }
    } else if (strcmp(cmd, "screenshot") == 0 && n >= 2) {
        vl_ui_app_update(app, *clock);
        vl_ui_app_draw(app);
        if (!vl_ui_png_write_renderer(app->r, a)) {
            snprintf(err, errsize, "cannot write the screenshot %s", a);
            return false;
        }
    } else if (strcmp(cmd, "overlay") == 0 && n >= 2) {
        /* An overlay by its number, toggled, or set with on / off (as its key would, without a key). */
        int o = atoi(a) - 1;
        if (o < 0 || o >= VL_OVERLAY_COUNT) {
            snprintf(err, errsize, "no overlay \"%s\" (1 to %d)", a, VL_OVERLAY_COUNT);
            return false;
        }
        if (n >= 3 && strcasecmp(b, "on") != 0 && strcasecmp(b, "off") != 0) {
            snprintf(err, errsize, "overlay %s: \"%s\" is neither on nor off", a, b);
            return false;
        }
        app->view.overlay[o] = n >= 3 ? strcasecmp(b, "on") == 0 : !app->view.overlay[o];
    } else if (strcmp(cmd, "resize") == 0 && n >= 3) {
        vl_ui_app_resize(app, atoi(a), atoi(b));
    } else if (strcmp(cmd, "setting") == 0 && n >= 3 && strcmp(a, "confirm-end-phase") == 0) {
        if (strcasecmp(b, "on") != 0 && strcasecmp(b, "off") != 0) {
            snprintf(err, errsize, "setting %s: \"%s\" is neither on nor off", a, b);
            return false;
        }
        app->settings.confirm_end_phase = strcasecmp(b, "on") == 0;
    } else if (strcmp(cmd, "settings") == 0 && n >= 2) {
        if (!click_settings(app, a, n >= 3 ? b : "", *clock, err, errsize))
            return false;
    } else if (strcmp(cmd, "setting") == 0 && n >= 3 && strcmp(a, "animation") == 0) {
        static const char *const names[VL_UI_ANIM_COUNT] = {"off", "fast", "normal", "slow"};
        int k = 0;
        while (k < VL_UI_ANIM_COUNT && strcasecmp(b, names[k]) != 0)
            k++;
        if (k == VL_UI_ANIM_COUNT) {
            snprintf(err, errsize, "setting animation: \"%s\" is none of off, fast, normal, slow", b);
            return false;
        }
        app->settings.animation = k;
    } else if ((strcmp(cmd, "wait-order") == 0 || strcmp(cmd, "wait-human") == 0) && n >= 2) {
        bool order = strcmp(cmd, "wait-order") == 0;
        double frac = order && n >= 3 ? atof(b) : 0.5;
        int ms = atoi(a), first = app->watch.shown + (vl_ui_anim_busy(app) && vl_ui_anim_progress(app) < frac ? 0 : 1);
        bool done = false;
        for (int t = 0; t <= ms && !done; t += 16) {
            if (order) /* the next order shown from here (the one being shown counts if not yet that far) */
                done = (app->watch.shown >= first && vl_ui_anim_progress(app) >= frac) ||
                       (app->game && !vl_ui_anim_busy(app) &&
                        (app->human[vl_game_active_side(app->game)] || vl_game_over(app->game, NULL, NULL)));
            else
                done = app->game && !vl_ui_anim_busy(app) &&
                       (app->human[vl_game_active_side(app->game)] || vl_game_over(app->game, NULL, NULL));
            if (!done) {
                *clock += 16;
                vl_ui_app_update(app, *clock);
            }
        }
        if (!done) {
            snprintf(err, errsize, "%s %s: %s within %d ms", cmd, a, order ? "no order of the computer's was shown, nor a human's turn came," : "no human's turn came", ms);
            return false;
        }
        return true; /* no update more: the frame stays where it was found */
    } else if (strcmp(cmd, "type") == 0 && n >= 2) {
        /* The rest of the line as typed text (SDL_TEXTINPUT), in pieces SDL's event can hold. */
        const char *t = strstr(line, "type") + 4;
        while (*t == ' ')
            t++;
        size_t len = strcspn(t, "\r\n");
        while (len > 0) {
            SDL_Event e;
            memset(&e, 0, sizeof e);
            e.type = SDL_TEXTINPUT;
            size_t k = len < sizeof e.text.text - 1 ? len : sizeof e.text.text - 1;
            while (k > 0 && k < len && ((unsigned char)t[k] & 0xC0) == 0x80)
                k--; /* whole UTF-8 characters */
            memcpy(e.text.text, t, k);
            send(app, &e, *clock);
            t += k;
            len -= k;
        }
    } else if (strncmp(cmd, "edit-", 5) == 0) {
        const char *w[5] = {a, b, c, d, e5};
        if (!editor_line(app, cmd, w, n - 1, *clock, err, errsize))
            return false;
    } else if (strcmp(cmd, "dialog") == 0 && n >= 2) {
        if (!click_dialog(app, a, *clock, err, errsize))
            return false;
    } else {
        snprintf(err, errsize, "unknown or incomplete command \"%s\"", cmd);
        return false;
    }
    vl_ui_app_update(app, *clock);
    return true;
}

bool vl_ui_script_run(VlUiApp *app, const char *path, uint32_t *clock, char *err, size_t errsize)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errsize, "%s: cannot open", path);
        return false;
    }
    app->script_mod = 0;
    char line[512];
    int lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char msg[300];
        if (!vl_ui_script_line(app, line, clock, msg, sizeof msg)) {
            snprintf(err, errsize, "%s:%d: %s", path, lineno, msg);
            ok = false;
        }
    }
    fclose(f);
    return ok;
}
