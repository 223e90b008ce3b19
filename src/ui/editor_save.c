/* The scenario editor's saving and leaving (editor.c's screen): the file written, the Save as box
 * (a file name typed, textfield.c), leaving (with the question when there are unsaved changes),
 * playing and the sandbox from the edited table, and undo/redo. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "app.h"
#include "editor.h"
#include "editor_internal.h"
#include "panels.h"
#include "scene.h"
#include "textfield.h"
#include "tools.h"
#include "volley/paths.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- saving ---- */

static void file_stem(const char *name, char *out, size_t size)
{
    size_t n = 0;
    bool dash = false;
    for (const char *c = name; *c && n + 2 < size; c++) {
        if (isalnum((unsigned char)*c)) {
            out[n++] = (char)tolower((unsigned char)*c);
            dash = false;
        } else if (!dash && n > 0) {
            out[n++] = '-';
            dash = true;
        }
    }
    while (n > 0 && out[n - 1] == '-')
        n--;
    out[n] = 0;
    if (!n)
        snprintf(out, size, "my-table");
}

static bool save_to(VlUiApp *app, const char *path)
{
    VlUiEditor *ed = app->editor;
    VlDiagList d;
    vl_diag_init(&d, path ? path : ed->doc.path);
    VlStatus st = vl_edit_save(&ed->doc, path, &d);
    if (st != VL_OK) {
        char line[1024] = "";
        if (d.count > 0)
            vl_diag_format(&d, &d.items[0], line, sizeof line);
        vl_ui_app_message(app, true, "Not saved: %s", line[0] ? line : vl_status_str(st));
        vl_diag_free(&d);
        return false;
    }
    vl_diag_free(&d);
    int np = ed->doc.problems.count;
    if (np)
        vl_ui_app_message(app, false, "Saved to %s. It has %d problem%s to fix before it can be played (listed at the right).",
                          ed->doc.path, np, np == 1 ? "" : "s");
    else
        vl_ui_app_message(app, false, "Saved to %s.", ed->doc.path);
    return true;
}

bool vl_ui_editor_save(VlUiApp *app, const char *path)
{
    VlUiEditor *ed = app->editor;
    if (!ed)
        return false;
    if (path && path[0])
        return save_to(app, path);
    /* A shipped scenario is not written over: its edits go into a file of the user's own. */
    char real_dir[PATH_MAX], real_doc[PATH_MAX];
    bool shipped = app->opt.scenario_dir[0] && ed->doc.path[0] && realpath(app->opt.scenario_dir, real_dir) &&
                   realpath(ed->doc.path, real_doc) && strncmp(real_doc, real_dir, strlen(real_dir)) == 0 &&
                   real_doc[strlen(real_dir)] == '/';
    if (ed->doc.path[0] && !shipped)
        return save_to(app, NULL);
    /* A new table (or a shipped one's copy): into the user's scenarios folder, named after it. */
    char dir[700], err[300], stem[80], file[1024];
    if (!vl_ui_user_scenarios_dir(app, dir, sizeof dir)) {
        vl_ui_app_message(app, true, "Not saved: no folder for your scenarios can be named here (is HOME set?).");
        return false;
    }
    if (vl_paths_mkdir_p(dir, 0700, err, sizeof err) != VL_OK) {
        vl_ui_app_message(app, true, "Not saved: %s", err);
        return false;
    }
    file_stem(ed->doc.s.name, stem, sizeof stem);
    struct stat sb;
    snprintf(file, sizeof file, "%s/%s.json", dir, stem);
    for (int k = 2; stat(file, &sb) == 0 && k < 1000; k++)
        snprintf(file, sizeof file, "%s/%s-%d.json", dir, stem, k);
    return save_to(app, file);
}

/* ---- Save as: a file name typed (textfield.c) ---- */

static SDL_Rect saveas_box(const VlUiApp *app)
{
    SDL_Rect m = app->rects.map;
    int w = m.w - 80 < 620 ? m.w - 80 : 620;
    return (SDL_Rect){m.x + (m.w - w) / 2, m.y + m.h / 2 - 80, w, 150};
}

void ed_saveas_open(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    char start[1024];
    if (ed->doc.path[0])
        snprintf(start, sizeof start, "%s", ed->doc.path);
    else {
        char dir[700], stem[80];
        file_stem(ed->doc.s.name, stem, sizeof stem);
        if (vl_ui_user_scenarios_dir(app, dir, sizeof dir))
            snprintf(start, sizeof start, "%s/%s.json", dir, stem);
        else
            snprintf(start, sizeof start, "%s.json", stem);
    }
    vl_ui_field_text(&p->saveas_field, start, VL_FIELD_TEXT_MAX - 1);
    SDL_Rect b = saveas_box(app);
    p->saveas_field.rect = (SDL_Rect){b.x + 20, b.y + 56, b.w - 40, 30};
    vl_ui_field_focus(&p->saveas_field);
    p->saveas = true;
}

static void saveas_close(VlUiApp *app)
{
    VlUiEdPriv *p = priv(app);
    vl_ui_field_blur(&p->saveas_field);
    p->saveas = false;
}

/* A name without a folder goes into the user's scenarios folder; ".json" is added when missing. */
static void saveas_commit(VlUiApp *app)
{
    VlUiEdPriv *p = priv(app);
    char path[1024], dir[700], err[300];
    const char *name = p->saveas_field.text;
    while (*name == ' ')
        name++;
    if (!name[0]) {
        vl_ui_app_message(app, true, "Type a file name to save the table as, or Esc.");
        return;
    }
    size_t n = strlen(name);
    const char *ext = n > 5 && strcmp(name + n - 5, ".json") == 0 ? "" : ".json";
    if (!strchr(name, '/') && vl_ui_user_scenarios_dir(app, dir, sizeof dir)) {
        if (vl_paths_mkdir_p(dir, 0700, err, sizeof err) != VL_OK) {
            vl_ui_app_message(app, true, "Not saved: %s", err);
            return;
        }
        snprintf(path, sizeof path, "%.700s/%.300s%s", dir, name, ext);
    } else
        snprintf(path, sizeof path, "%.1000s%s", name, ext);
    if (vl_ui_editor_save(app, path))
        saveas_close(app);
}

bool ed_saveas_event(VlUiApp *app, const SDL_Event *e)
{
    VlUiEdPriv *p = priv(app);
    if (e->type == SDL_MOUSEBUTTONDOWN && !vl_ui_in_rect(saveas_box(app), e->button.x, e->button.y)) {
        saveas_close(app); /* a click away drops it */
        return true;
    }
    switch (vl_ui_field_event(&p->saveas_field, e, app->text, 14)) {
    case VL_FIELD_COMMIT: saveas_commit(app); break;
    case VL_FIELD_REVERTED: saveas_close(app); break;
    case VL_FIELD_REFUSED: vl_ui_app_message(app, true, "%s", p->saveas_field.why); break;
    default: break;
    }
    return true;
}

void ed_saveas_draw(VlUiApp *app)
{
    VlUiEdPriv *p = priv(app);
    SDL_Rect b = saveas_box(app);
    vl_ui_gfx_rect(app->r, (float)b.x, (float)b.y, (float)b.w, (float)b.h, vl_ui_rgb(VL_UI_PANEL_BG));
    vl_ui_gfx_rect_outline(app->r, (float)b.x, (float)b.y, (float)b.w, (float)b.h, 2, vl_ui_rgb(VL_UI_HIGHLIGHT));
    vl_ui_text_draw(app->text, 16, "Save the table as", (float)b.x + 20, (float)b.y + 14, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    vl_ui_text_draw(app->text, 12, "A name alone goes into your scenarios folder; .json is added.", (float)b.x + 20,
                    (float)b.y + 36, vl_ui_panel_dim(), VL_ALIGN_LEFT);
    vl_ui_field_draw(app->r, app->text, 14, &p->saveas_field);
    vl_ui_text_draw(app->text, 12, "Enter saves, Esc leaves it as it was", (float)b.x + 20, (float)b.y + 100,
                    vl_ui_panel_dim(), VL_ALIGN_LEFT);
}

/* ---- leaving, playing ---- */

void ed_leave_now(VlUiApp *app, bool quit)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", app->editor->doc.path);
    vl_ui_editor_close(app);
    if (quit)
        app->quit = true;
    else
        vl_ui_app_menu(app, path[0] ? path : NULL);
}

void ed_request_leave(VlUiApp *app, bool quit)
{
    VlUiEdPriv *p = priv(app);
    if (app->editor->doc.dirty) {
        p->confirm_leave = true;
        p->leave_quits = quit;
        return;
    }
    ed_leave_now(app, quit);
}

/* Play (sandbox false) or open the sandbox on the edited table: saved first, then a game of it. */
void ed_play_table(VlUiApp *app, bool sandbox)
{
    VlUiEditor *ed = app->editor;
    if (ed->doc.problems.count > 0) {
        char text[600];
        vl_ui_editor_problem_text(&ed->doc.s, &ed->doc.problems.items[0], text, sizeof text);
        vl_ui_app_message(app, true, "Fix the table's %d problem%s first (the list at the right): %s", ed->doc.problems.count,
                          ed->doc.problems.count == 1 ? "" : "s", text);
        return;
    }
    app->nmsg = 0; /* the editor's messages are not the game's */
    if ((ed->doc.dirty || !ed->doc.path[0]) && !vl_ui_editor_save(app, NULL))
        return;
    char path[1024];
    snprintf(path, sizeof path, "%s", ed->doc.path);
    VlUiPlayer players[2] = {VL_UI_HUMAN, VL_UI_COMPUTER};
    if (sandbox)
        players[1] = VL_UI_HUMAN;
    else if (ed->priv->from_menu) {
        players[0] = app->menu.player[0];
        players[1] = app->menu.player[1];
    }
    vl_ui_editor_close(app);
    if (vl_ui_app_new_game(app, path, vl_ui_clock_seed(), players) != VL_OK) {
        vl_ui_editor_open(app, path);
        return;
    }
    if (sandbox)
        vl_ui_toggle_sandbox(app);
}

void ed_undo_redo(VlUiApp *app, bool redo)
{
    VlUiEditor *ed = app->editor;
    char what[64] = "";
    bool ok = redo ? vl_edit_redo(&ed->doc, what, sizeof what) : vl_edit_undo(&ed->doc, what, sizeof what);
    if (!ok) {
        vl_ui_app_message(app, true, redo ? "Nothing to redo." : "Nothing to undo.");
        return;
    }
    ed->priv->npoly = 0;
    ed_sel_validate(ed);
    selection_changed(app);
    vl_ui_app_message(app, false, "%s: %s", redo ? "Redone" : "Undone", what);
}
