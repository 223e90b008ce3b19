/* The new-game menu: the scenarios of opt.scenario_dir, who plays each side (a human or the
 * computer at a level), the saved games newest first (Continue, Watch); its events and its picture. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "panels.h"
#include "rules_screen.h"
#include "editor.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The .json files of @p dir, appended to the list from *k on (room: the arrays' size @p cap). */
static void scan_scenarios(VlUiApp *app, const char *dir, bool user, int cap)
{
    struct dirent **names = NULL;
    int n = dir[0] ? scandir(dir, &names, NULL, alphasort) : -1;
    for (int i = 0; i < n; i++) {
        size_t l = strlen(names[i]->d_name);
        if (app->menu.nscen < cap && l > 5 && strcmp(names[i]->d_name + l - 5, ".json") == 0) {
            char path[512];
            bool fits = snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name) < (int)sizeof path;
            VlScenario s;
            VlDiagList d;
            vl_diag_init(&d, path);
            int k = app->menu.nscen;
            if (fits && vl_scenario_load_file(path, &s, &d) == VL_OK) {
                snprintf(app->menu.scen_path[k], sizeof app->menu.scen_path[0], "%s", path);
                snprintf(app->menu.scen_name[k], sizeof app->menu.scen_name[0], "%s", s.name);
                for (int side = 0; side < 2; side++)
                    snprintf(app->menu.scen_sides[k][side], sizeof app->menu.scen_sides[0][0], "%.95s",
                             side < s.nsides ? s.sides[side].name : "?");
                snprintf(app->menu.scen_desc[k], sizeof app->menu.scen_desc[0], "%s", s.description);
                app->menu.scen_broken[k] = false;
                app->menu.scen_rules[k] = vl_rule_options_for(&s);
                app->menu.scen_user[k] = user;
                app->menu.nscen++;
                vl_scenario_free(&s);
            } else if (fits) {
                /* A file that does not load is listed all the same, greyed, with its first problem:
                 * a scenario that silently vanished from the menu would leave its author guessing
                 * (a table of one's own saved with problems still to fix: Edit it opens it). */
                app->menu.nscen++;
                snprintf(app->menu.scen_path[k], sizeof app->menu.scen_path[0], "%s", path);
                snprintf(app->menu.scen_name[k], sizeof app->menu.scen_name[0], "%.60s (cannot be played)",
                         names[i]->d_name);
                for (int side = 0; side < 2; side++)
                    snprintf(app->menu.scen_sides[k][side], sizeof app->menu.scen_sides[0][0], "%s",
                             side == 0 ? "First side" : "Second side");
                char line[1024] = "";
                if (d.count > 0)
                    vl_diag_format(&d, &d.items[0], line, sizeof line);
                snprintf(app->menu.scen_desc[k], sizeof app->menu.scen_desc[0], "%.500s", line);
                app->menu.scen_broken[k] = true;
                app->menu.scen_rules[k] = vl_rule_options_default();
                app->menu.scen_user[k] = user;
            }
            vl_diag_free(&d);
        }
        free(names[i]);
    }
    free(names);
}

/* The shipped scenarios (opt.scenario_dir), then the player's own tables (the editor saves them in
 * vl_ui_user_scenarios_dir). */
static void load_scenario_list(VlUiApp *app)
{
    free(app->menu.scen_path);
    free(app->menu.scen_name);
    free(app->menu.scen_sides);
    free(app->menu.scen_desc);
    free(app->menu.scen_broken);
    free(app->menu.scen_rules);
    free(app->menu.scen_user);
    app->menu.scen_broken = NULL;
    app->menu.scen_rules = NULL;
    app->menu.scen_user = NULL;
    app->menu.scen_path = NULL;
    app->menu.scen_name = NULL;
    app->menu.scen_sides = NULL;
    app->menu.scen_desc = NULL;
    app->menu.nscen = 0;
    app->menu.scen_scroll = 0;
    char user[1024] = "";
    if (!vl_ui_user_scenarios_dir(app, user, sizeof user))
        user[0] = 0;
    /* room for every entry of both folders (most are .json files) */
    int cap = 0;
    const char *dirs[2] = {app->opt.scenario_dir, user};
    for (int k = 0; k < 2; k++) {
        DIR *d = dirs[k][0] ? opendir(dirs[k]) : NULL;
        for (struct dirent *e; d && (e = readdir(d));)
            cap++;
        if (d)
            closedir(d);
    }
    size_t room = (size_t)(cap ? cap : 1);
    app->menu.scen_path = calloc(room, sizeof *app->menu.scen_path);
    app->menu.scen_name = calloc(room, sizeof *app->menu.scen_name);
    app->menu.scen_sides = calloc(room, sizeof *app->menu.scen_sides);
    app->menu.scen_desc = calloc(room, sizeof *app->menu.scen_desc);
    app->menu.scen_broken = calloc(room, sizeof *app->menu.scen_broken);
    app->menu.scen_rules = calloc(room, sizeof *app->menu.scen_rules);
    app->menu.scen_user = calloc(room, sizeof *app->menu.scen_user);
    if (!app->menu.scen_path || !app->menu.scen_name || !app->menu.scen_sides || !app->menu.scen_desc ||
        !app->menu.scen_broken || !app->menu.scen_rules || !app->menu.scen_user)
        return;
    scan_scenarios(app, app->opt.scenario_dir, false, cap);
    scan_scenarios(app, user, true, cap);
}

static void load_save_list(VlUiApp *app)
{
    free(app->menu.saves);
    app->menu.nsaves = vl_ui_list_saves(app->opt.save_dir, &app->menu.saves);
    app->menu.save_sel = 0;
    app->menu.save_scroll = 0;
}

/* Scroll the scenario list so that the one chosen is in view. */
static void show_chosen(VlUiApp *app)
{
    VlMenuLayout m;
    vl_ui_menu_layout(app, &m);
    if (app->menu.sel < app->menu.scen_scroll)
        app->menu.scen_scroll = app->menu.sel;
    if (app->menu.sel >= app->menu.scen_scroll + m.scen_rows)
        app->menu.scen_scroll = app->menu.sel - m.scen_rows + 1;
    int most = app->menu.nscen - m.scen_rows;
    if (app->menu.scen_scroll > most)
        app->menu.scen_scroll = most;
    if (app->menu.scen_scroll < 0)
        app->menu.scen_scroll = 0;
}

void vl_ui_app_menu(VlUiApp *app, const char *preselect)
{
    vl_ui_session_end(app);
    load_scenario_list(app);
    load_save_list(app);
    app->menu.sel = 0;
    if (preselect) {
        char want[PATH_MAX], have[PATH_MAX];
        if (realpath(preselect, want))
            for (int i = 0; i < app->menu.nscen; i++)
                if (realpath(app->menu.scen_path[i], have) && strcmp(want, have) == 0)
                    app->menu.sel = i;
    }
    show_chosen(app);
    app->screen = VL_SCREEN_MENU;
}

/* The menu's choice is kept in the settings for the next time (when the window has a settings file). */
static void remember_choice(VlUiApp *app, const char *path, const VlUiPlayer players[2])
{
    const char *slash = strrchr(path, '/');
    snprintf(app->settings.scenario, sizeof app->settings.scenario, "%.255s", slash ? slash + 1 : path);
    app->settings.have_players = true;
    app->settings.player[0] = players[0];
    app->settings.player[1] = players[1];
    char err[600];
    if (app->opt.settings_path[0] && !vl_ui_settings_save(app->opt.settings_path, &app->settings, err, sizeof err))
        fprintf(stderr, "volley: %s\n", err);
}

static void menu_start(VlUiApp *app)
{
    if (app->menu.nscen == 0)
        return;
    if (app->menu.scen_broken[app->menu.sel]) {
        vl_ui_app_message(app, true, "This scenario cannot be played: %s", app->menu.scen_desc[app->menu.sel]);
        return;
    }
    char path[512];
    snprintf(path, sizeof path, "%s", app->menu.scen_path[app->menu.sel]);
    VlUiPlayer players[2] = {app->menu.player[0], app->menu.player[1]};
    remember_choice(app, path, players);
    if (vl_ui_app_new_game(app, path, vl_ui_clock_seed(), players) != VL_OK)
        vl_ui_app_menu(app, path);
}

static void menu_select_save(VlUiApp *app, int i);

/* The editor on the scenario chosen (it opens one the loader refuses only for its placement too, its
 * problems listed), or on a new table. */
static void menu_edit(VlUiApp *app, bool new_table)
{
    if (new_table) {
        vl_ui_editor_open(app, NULL);
        return;
    }
    if (app->menu.nscen == 0)
        return;
    char path[512];
    snprintf(path, sizeof path, "%s", app->menu.scen_path[app->menu.sel]);
    if (vl_ui_editor_open(app, path) != VL_OK)
        app->screen = VL_SCREEN_MENU;
}

/* Continue (watch false) or watch the save selected in the menu's list. */
static void menu_open_save(VlUiApp *app, bool watch)
{
    if (app->menu.nsaves == 0 || app->menu.save_sel < 0 || app->menu.save_sel >= app->menu.nsaves) {
        vl_ui_app_message(app, true, "No saves in %s/ yet.", app->opt.save_dir);
        return;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s", app->menu.saves[app->menu.save_sel].path);
    VlStatus st = watch ? vl_ui_app_replay(app, path) : vl_ui_app_load(app, path);
    if (st != VL_OK) {
        /* Back to the menu (its message says why), the same save still selected. */
        int sel = app->menu.save_sel;
        vl_ui_app_menu(app, NULL);
        menu_select_save(app, sel);
    }
}

static void menu_scroll_saves(VlUiApp *app, int rows)
{
    VlMenuLayout m;
    vl_ui_menu_layout(app, &m);
    int max = app->menu.nsaves - m.save_rows;
    app->menu.save_scroll += rows;
    if (app->menu.save_scroll > max)
        app->menu.save_scroll = max;
    if (app->menu.save_scroll < 0)
        app->menu.save_scroll = 0;
}

static void menu_select_save(VlUiApp *app, int i)
{
    if (i < 0 || i >= app->menu.nsaves)
        return;
    app->menu.save_sel = i;
    VlMenuLayout m;
    vl_ui_menu_layout(app, &m);
    if (i < app->menu.save_scroll)
        app->menu.save_scroll = i;
    else if (m.save_rows > 0 && i >= app->menu.save_scroll + m.save_rows)
        app->menu.save_scroll = i - m.save_rows + 1;
}

/* Human or computer; the computer the level chosen last (the commander at normal at first). */
static void menu_toggle_player(VlUiApp *app, int s)
{
    VlUiPlayer *p = &app->menu.player[s];
    if (p->kind != VL_PLAYER_HUMAN) {
        app->menu.computer[s] = *p;
        *p = VL_UI_HUMAN;
    } else {
        *p = app->menu.computer[s].kind == VL_PLAYER_HUMAN ? VL_UI_COMPUTER : app->menu.computer[s];
    }
}

void vl_ui_menu_event(VlUiApp *app, const SDL_Event *e)
{
    if (e->type == SDL_QUIT) {
        app->quit = true;
        return;
    }
    if (vl_ui_rules_event(app, e))
        return;
    if (app->dialog.kind != VL_DIALOG_NONE) { /* the settings screen, over the menu */
        vl_ui_dialog_event(app, e);
        return;
    }
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        bool ctrl = (e->key.keysym.mod & KMOD_CTRL) != 0;
        if (k == SDLK_r && !ctrl)
            vl_ui_rules_open(app);
        else if (k == SDLK_UP && app->menu.sel > 0) {
            app->menu.sel--;
            show_chosen(app);
        } else if (k == SDLK_DOWN && app->menu.sel + 1 < app->menu.nscen) {
            app->menu.sel++;
            show_chosen(app);
        }
        else if (k == SDLK_1 || k == SDLK_2)
            menu_toggle_player(app, (int)(k - SDLK_1));
        else if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
            menu_start(app);
        else if (k == SDLK_o && ctrl)
            menu_open_save(app, false);
        else if (k == SDLK_p)
            menu_open_save(app, true);
        else if (k == SDLK_o && !e->key.repeat)
            vl_ui_dialog_open(app, VL_DIALOG_SETTINGS);
        else if ((k == SDLK_e || k == SDLK_n) && !ctrl && !e->key.repeat)
            menu_edit(app, k == SDLK_n);
        else if (k == SDLK_PAGEUP)
            menu_select_save(app, app->menu.save_sel - 1);
        else if (k == SDLK_PAGEDOWN)
            menu_select_save(app, app->menu.save_sel + 1);
        else if (k == SDLK_ESCAPE || (k == SDLK_q && ctrl))
            app->quit = true;
        return;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        int x = e->button.x, y = e->button.y;
        VlMenuLayout m;
        vl_ui_menu_layout(app, &m);
        for (int k = 0; k < m.scen_rows && app->menu.scen_scroll + k < app->menu.nscen; k++)
            if (vl_ui_in_rect(vl_ui_menu_scenario_row(&m, k), x, y))
                app->menu.sel = app->menu.scen_scroll + k;
        for (int s = 0; s < 2; s++) {
            if (vl_ui_in_rect(m.side_btn[s], x, y))
                menu_toggle_player(app, s);
            for (int l = 0; l < 4; l++)
                if (vl_ui_in_rect(m.level_btn[s][l], x, y))
                    app->menu.player[s] = l == 3 ? (VlUiPlayer){VL_PLAYER_RANDOM, VL_AI_NORMAL}
                                                 : (VlUiPlayer){VL_PLAYER_AI, (VlAiLevel)l};
        }
        int row = vl_ui_menu_save_at(app, &m, x, y);
        if (row >= 0) {
            menu_select_save(app, row);
            if (e->button.clicks >= 2)
                menu_open_save(app, false); /* a double click continues it */
        } else if (vl_ui_in_rect(m.start, x, y))
            menu_start(app);
        else if (vl_ui_in_rect(m.edit, x, y))
            menu_edit(app, false);
        else if (vl_ui_in_rect(m.new_table, x, y))
            menu_edit(app, true);
        else if (vl_ui_in_rect(m.load, x, y))
            menu_open_save(app, false);
        else if (vl_ui_in_rect(m.replay, x, y))
            menu_open_save(app, true);
        else if (vl_ui_in_rect(m.quit, x, y))
            app->quit = true;
        else if (vl_ui_in_rect(vl_ui_rules_menu_button(app), x, y))
            vl_ui_rules_open(app);
        else if (vl_ui_in_rect(m.settings, x, y))
            vl_ui_dialog_open(app, VL_DIALOG_SETTINGS);
    }
    if (e->type == SDL_MOUSEWHEEL) {
        VlMenuLayout m;
        vl_ui_menu_layout(app, &m);
        int amount = e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e->wheel.y : e->wheel.y;
        if (vl_ui_in_rect(m.saves, e->wheel.mouseX, e->wheel.mouseY))
            menu_scroll_saves(app, -amount);
        else if (vl_ui_in_rect(m.list, e->wheel.mouseX, e->wheel.mouseY)) {
            int most = app->menu.nscen - m.scen_rows;
            app->menu.scen_scroll -= amount;
            if (app->menu.scen_scroll > most)
                app->menu.scen_scroll = most;
            if (app->menu.scen_scroll < 0)
                app->menu.scen_scroll = 0;
        }
    }
}

/* ---- the picture ---- */

void vl_ui_draw_menu(VlUiApp *app)
{
    vl_ui_gfx_rect(app->r, 0, 0, (float)app->width, (float)app->height, vl_ui_rgb(VL_UI_BACKGROUND));
    vl_ui_text_draw(app->text, 40, "Volley", 60, 40, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    vl_ui_text_draw(app->text, 15, "American Civil War battles on a gridless table \xC2\xB7 I'm a Good Old Rebel", 62, 92, vl_ui_panel_dim(),
                 VL_ALIGN_LEFT);
    VlMenuLayout m;
    vl_ui_menu_layout(app, &m);
    vl_ui_text_draw(app->text, 14, "Scenario (Up/Down)", (float)m.list.x, (float)m.list.y - 26, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    for (int k = 0; k < m.scen_rows && app->menu.scen_scroll + k < app->menu.nscen; k++) {
        int i = app->menu.scen_scroll + k;
        SDL_Rect r = vl_ui_menu_scenario_row(&m, k);
        bool sel = i == app->menu.sel;
        vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, sel ? vl_ui_rgb(0x2F4B6Bu) : vl_ui_rgb(VL_UI_PANEL_BG));
        vl_ui_text_draw(app->text, 15, app->menu.scen_name[i], (float)r.x + 12, (float)r.y + 6,
                        app->menu.scen_broken[i] ? vl_ui_panel_dim() : vl_ui_panel_fg(), VL_ALIGN_LEFT);
        const char *base = strrchr(app->menu.scen_path[i], '/');
        char file[600];
        snprintf(file, sizeof file, "%s%s", app->menu.scen_user[i] ? "your table \xC2\xB7 " : "",
                 base ? base + 1 : app->menu.scen_path[i]);
        vl_ui_text_draw(app->text, 12, file, (float)r.x + 12, (float)r.y + 27, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    }
    if (app->menu.nscen > m.scen_rows) {
        /* the list scrolls: say how many lie above and below */
        char more[120];
        int above = app->menu.scen_scroll, below = app->menu.nscen - m.scen_rows - above;
        snprintf(more, sizeof more, "%d more above, %d below (Up/Down, the wheel)", above, below);
        vl_ui_text_draw(app->text, 12, more, (float)(m.list.x + m.list.w), (float)m.list.y - 24, vl_ui_panel_dim(),
                        VL_ALIGN_RIGHT);
    }
    if (app->menu.nscen == 0) {
        char none[600];
        if (app->opt.scenario_dir[0])
            snprintf(none, sizeof none, "No scenarios found in %s/.", app->opt.scenario_dir);
        else
            snprintf(none, sizeof none, "No data folder found: set %s to the folder holding scenarios/.", VL_PATHS_DATA_ENV);
        vl_ui_text_draw_wrapped(app->text, 14, none, (float)m.list.x, (float)m.list.y, vl_ui_panel_dim(), m.list.w);
    } else
        vl_ui_text_draw_wrapped(app->text, 13, app->menu.scen_desc[app->menu.sel], (float)m.list.x,
                                (float)(m.list.y + m.list.h + 16),
                                app->menu.scen_broken[app->menu.sel] ? vl_ui_rgb(VL_UI_BAD) : vl_ui_panel_dim(), m.list.w);
    vl_ui_text_draw(app->text, 14, "Players (click or 1 / 2 to switch; test: random legal orders)", (float)m.side_btn[0].x,
                 (float)m.side_btn[0].y - 26, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    static const char *const default_names[2] = {"First side", "Second side"};
    /* The fourth is no level of the commander: the random-legal player, there to test the rules. */
    static const char *const levels[4] = {"easy", "normal", "hard", "test"};
    for (int s = 0; s < 2; s++) {
        const VlUiPlayer *p = &app->menu.player[s];
        char buf[160];
        snprintf(buf, sizeof buf, "%s: %s", app->menu.nscen ? app->menu.scen_sides[app->menu.sel][s] : default_names[s],
                 p->kind == VL_PLAYER_HUMAN ? "human" : p->kind == VL_PLAYER_RANDOM ? "test player" : "computer");
        SDL_Rect r = m.side_btn[s];
        /* The label after the swatch, shortened until it fits. */
        SDL_Rect label = {r.x + 26, r.y, r.w - 30, r.h};
        vl_ui_panel_button(app, r, "", false, true);
        vl_ui_swatch(app, (float)r.x + 10, (float)r.y + 11, 16, s);
        SDL_RenderSetClipRect(app->r, &label);
        int tw, th;
        vl_ui_text_size(app->text, 14, buf, &tw, &th);
        float tx = tw <= label.w ? (float)label.x + (float)(label.w - tw) / 2 : (float)label.x + 2;
        vl_ui_text_draw(app->text, 14, buf, tx, (float)r.y + (float)(r.h - th) / 2, vl_ui_panel_fg(), VL_ALIGN_LEFT);
        SDL_RenderSetClipRect(app->r, NULL);
        /* The levels: lit for the computer chosen; dim (but clickable) while the side is a human. */
        for (int l = 0; l < 4; l++) {
            SDL_Rect b = m.level_btn[s][l];
            bool on = p->kind == (l == 3 ? VL_PLAYER_RANDOM : VL_PLAYER_AI) && (l == 3 || (int)p->level == l);
            bool computer = p->kind != VL_PLAYER_HUMAN;
            vl_ui_gfx_rect(app->r, (float)b.x, (float)b.y, (float)b.w, (float)b.h,
                        on ? vl_ui_rgb(0x3B6EA5u) : computer ? vl_ui_rgb(vl_ui_hovered(app, b) ? 0x4A535Du : VL_UI_PANEL_LINE) : vl_ui_rgb(0x2A2E33u));
            vl_ui_gfx_rect_outline(app->r, (float)b.x, (float)b.y, (float)b.w, (float)b.h, 1, vl_ui_rgb(0x5A626Cu));
            int lw, lh;
            int size = b.w >= 48 ? 12 : 11;
            vl_ui_text_size(app->text, size, levels[l], &lw, &lh);
            vl_ui_text_draw(app->text, size, levels[l], (float)b.x + (float)b.w / 2, (float)b.y + (float)(b.h - lh) / 2,
                         on || computer ? vl_ui_panel_fg() : vl_ui_rgb(0x7A8088u), VL_ALIGN_CENTRE);
        }
    }
    vl_ui_panel_button(app, m.start, "Start  (Enter)", true, app->menu.nscen > 0);
    vl_ui_panel_button(app, m.edit, m.edit.w >= 120 ? "Edit it  (E)" : "Edit (E)", false, app->menu.nscen > 0);
    vl_ui_panel_button(app, m.new_table, m.new_table.w >= 120 ? "New table  (N)" : "New (N)", false, true);
    /* The saved games. */
    /* The heading as long as the column holds; the folder goes under the buttons. */
    static const char *const heads[3] = {"Saved games, newest first (click one; PgUp/PgDn)", "Saved games (click; PgUp/PgDn)",
                                         "Saved games"};
    int more_w = 0, hw, hh;
    if (app->menu.nsaves > m.save_rows) /* room for the "more" marker at its right */
        vl_ui_text_size(app->text, 11, "\xE2\x96\xB2 \xE2\x96\xBC 999 more", &more_w, &hh);
    int k0 = 0;
    for (; k0 < 2; k0++) {
        vl_ui_text_size(app->text, 14, heads[k0], &hw, &hh);
        if (hw + more_w + 12 <= m.saves.w)
            break;
    }
    vl_ui_text_draw(app->text, 14, heads[k0], (float)m.saves.x, (float)m.saves.y - 26, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    vl_ui_gfx_rect(app->r, (float)m.saves.x, (float)m.saves.y, (float)m.saves.w, (float)m.saves.h, vl_ui_rgb(0x1C1F23u));
    for (int k = 0; k < m.save_rows && app->menu.save_scroll + k < app->menu.nsaves; k++) {
        int i = app->menu.save_scroll + k;
        const VlSaveInfo *si = &app->menu.saves[i];
        SDL_Rect r = vl_ui_menu_save_row(&m, k);
        bool sel = i == app->menu.save_sel;
        bool hover = !sel && vl_ui_hovered(app, r);
        vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h,
                    sel ? vl_ui_rgb(0x2F4B6Bu) : hover ? vl_ui_rgb(0x2C3137u) : vl_ui_rgb(VL_UI_PANEL_BG));
        SDL_Rect clip = {r.x + 8, r.y, r.w - 16, r.h};
        SDL_RenderSetClipRect(app->r, &clip);
        /* A save that cannot be continued (saves.c) is greyed, its reason in the warning colour. */
        vl_ui_text_draw(app->text, 14, si->name, (float)r.x + 10, (float)r.y + 4,
                        si->unplayable ? vl_ui_panel_dim() : vl_ui_panel_fg(), VL_ALIGN_LEFT);
        /* The info's last part (when it was written) goes up beside the name when the line does not
         * hold it all, so that the row is not cut. */
        char info[sizeof si->info];
        snprintf(info, sizeof info, "%s", si->info);
        int iw, ih;
        vl_ui_text_size(app->text, 12, info, &iw, &ih);
        char *when = strrchr(info, 0xB7); /* the last " \xC2\xB7 " */
        if (iw > clip.w - 4 && when && when > info + 2 && when[-1] == (char)0xC2) {
            when[-2] = 0;
            vl_ui_text_draw(app->text, 12, when + 2, (float)(r.x + r.w - 10), (float)r.y + 5, vl_ui_panel_dim(), VL_ALIGN_RIGHT);
        }
        vl_ui_text_draw(app->text, 12, info, (float)r.x + 10, (float)r.y + 22,
                        si->unplayable ? vl_ui_rgb(0xFF8A80u) : vl_ui_panel_dim(), VL_ALIGN_LEFT);
        SDL_RenderSetClipRect(app->r, NULL);
    }
    if (app->menu.nsaves == 0)
        vl_ui_text_draw(app->text, 13, "None yet: a game saves itself at each turn.", (float)m.saves.x + 10, (float)m.saves.y + 10, vl_ui_panel_dim(),
                     VL_ALIGN_LEFT);
    /* How many more there are above and below, on the heading's line (never over a row). */
    int above = app->menu.save_scroll, below = app->menu.nsaves - app->menu.save_scroll - m.save_rows;
    if (above > 0 || below > 0) {
        char more[64];
        snprintf(more, sizeof more, "%s%s%d more", above > 0 ? "\xE2\x96\xB2 " : "", below > 0 ? "\xE2\x96\xBC " : "",
                 above + (below > 0 ? below : 0));
        vl_ui_text_draw(app->text, 11, more, (float)(m.saves.x + m.saves.w - 4), (float)m.saves.y - 22, vl_ui_panel_dim(), VL_ALIGN_RIGHT);
    }
    vl_ui_panel_button(app, m.load, "Continue it  (Ctrl+O)", false, app->menu.nsaves > 0);
    vl_ui_panel_button(app, m.replay, "Watch it  (P)", false, app->menu.nsaves > 0);
    vl_ui_panel_button(app, m.settings, "Settings  (O)", vl_ui_hovered(app, m.settings), true);
    vl_ui_panel_button(app, m.quit, "Quit  (Esc)", false, true);
    vl_ui_draw_rules_button(app);
    char folder[700];
    snprintf(folder, sizeof folder, "Saves are kept in %s/", app->opt.save_dir);
    vl_ui_text_draw_wrapped(app->text, 11, folder, (float)m.settings.x, (float)(m.quit.y + m.quit.h + 8),
                            vl_ui_panel_dim(), m.saves.w);
    int nmsg = app->nmsg;
    if (nmsg > 0 && !app->menu.rules_open) {
        const VlUiMessage *msg = &app->msg[nmsg - 1];
        /* Under the scenarios, in their column (the saves' folder is under the buttons on the right). */
        int h = vl_ui_text_wrapped_height(app->text, 13, msg->text, m.list.w);
        vl_ui_text_draw_wrapped(app->text, 13, msg->text, (float)m.list.x, (float)(app->height - 24 - h),
                                msg->bad ? vl_ui_rgb(0xFF8A80u) : vl_ui_panel_fg(), m.list.w);
    }
    vl_ui_draw_rules(app);
    vl_ui_draw_dialog(app); /* the settings screen, when open over the menu */
}
