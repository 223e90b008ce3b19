/* The scenario editor's screen (issue 38): the edited table drawn by the game's own scene (a VlGame
 * built from the document whenever it changes), the tools on it (select, move, turn, nudge, several
 * selected, a brigade as one; units placed from the palette; terrain drawn corner by corner and
 * reshaped; objectives), undo and redo (every edit is one vl_edit_begin .. vl_edit_end of the core's
 * VlEditDoc), the problems list (the loader's own, found by vl_scenario_check), saving, and play and
 * the sandbox from the edited table. This file holds the layout, opening and closing, the gestures
 * on the table, the events and the drawing; the edits of the document and the palette are
 * editor_edits.c's, saving and leaving editor_save.c's (editor_internal.h is what they share). The
 * forms of the side panel are editor_form.c's. */
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

/* ---- layout ---- */

typedef struct EdLayout {
    SDL_Rect head;      ///< the scenario's name and file, at the top of the side panel
    SDL_Rect form;      ///< editor_form.c's part
    SDL_Rect problems;  ///< the problems list
    int nrows;
    SDL_Rect row[ED_PROBLEM_ROWS];
    int row_problem[ED_PROBLEM_ROWS];
    int nbtn;
    EdBtn btn[ED_BTN_MAX];
} EdLayout;

static int text_w(VlUiApp *app, int size, const char *s)
{
    int w = 8 * (int)strlen(s), h;
    if (app->text)
        vl_ui_text_size(app->text, size, s, &w, &h);
    return w;
}

void ed_pal_label(VlUiApp *app, int field, char *out, size_t size)
{
    VlUiEdPriv *p = priv(app);
    const VlScenario *s = &app->editor->doc.s;
    switch (field) {
    case PAL_SIDE: snprintf(out, size, "%s", vl_ui_side_name(s, p->pal_side)); break;
    case PAL_TYPE: snprintf(out, size, "%s", vl_unit_type_name(p->pal_type)); break;
    case PAL_FORM: snprintf(out, size, "%s", vl_formation_name(p->pal_form[p->pal_type])); break;
    case PAL_QUALITY: snprintf(out, size, "%s", vl_quality_name(p->pal_quality)); break;
    case PAL_WEAPON: snprintf(out, size, "%s", vl_weapon_name(p->pal_weapon[p->pal_type])); break;
    case PAL_TERRAIN: snprintf(out, size, "%s", vl_terrain_type_name(p->pal_terrain)); break;
    case PAL_LEVEL: snprintf(out, size, "level %d", p->pal_level); break;
    case PAL_WIDTH: snprintf(out, size, "%g in wide", WIDTHS[p->pal_width]); break;
    default: out[0] = 0;
    }
    if (out[0])
        out[0] = (char)toupper((unsigned char)out[0]);
}

static void add_btn(VlUiApp *app, EdLayout *l, int *x, int y, int h, BtnKind kind, int arg, const char *label, bool on)
{
    if (l->nbtn >= ED_BTN_MAX)
        return;
    EdBtn *b = &l->btn[l->nbtn++];
    int w = text_w(app, 13, label) + 18;
    b->r = (SDL_Rect){*x, y, w, h};
    b->kind = kind;
    b->arg = arg;
    b->on = on;
    snprintf(b->label, sizeof b->label, "%s", label);
    *x += w + 4;
}

static void ed_layout(VlUiApp *app, EdLayout *l)
{
    memset(l, 0, sizeof *l);
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    SDL_Rect side = app->rects.side;
    l->head = (SDL_Rect){side.x, side.y, side.w, 58};
    /* The problems take what their rows need, from a line (none) to 45% of the panel; the form the rest. */
    const VlDiagList *all = &ed->doc.problems;
    int need = 40;
    for (int i = 0; i < all->count && i < 20 && need < side.h; i++) {
        char text[600];
        vl_ui_editor_problem_text(&ed->doc.s, &all->items[i], text, sizeof text);
        need += (app->text ? vl_ui_text_wrapped_height(app->text, 12, text, side.w - 34) : 16) + 6;
    }
    int room = side.h - l->head.h, most = room * 45 / 100;
    int form_h = room - (need < most ? need : most);
    l->form = (SDL_Rect){side.x, side.y + l->head.h, side.w, form_h};
    l->problems = (SDL_Rect){side.x, l->form.y + l->form.h, side.w, side.y + side.h - (l->form.y + l->form.h)};
    /* The problem rows, wrapped, as many as fit from the scroll. */
    int y = l->problems.y + 30, bottom = l->problems.y + l->problems.h - 6;
    const VlDiagList *pr = &ed->doc.problems;
    if (ed->problem_scroll > pr->count - 1)
        ed->problem_scroll = pr->count > 0 ? pr->count - 1 : 0;
    for (int i = ed->problem_scroll; i < pr->count && l->nrows < ED_PROBLEM_ROWS; i++) {
        char text[600];
        vl_ui_editor_problem_text(&ed->doc.s, &pr->items[i], text, sizeof text);
        int h = app->text ? vl_ui_text_wrapped_height(app->text, 12, text, side.w - 34) : 16;
        if (y + h > bottom && l->nrows > 0)
            break;
        l->row[l->nrows] = (SDL_Rect){side.x + 8, y - 2, side.w - 16, h + 4};
        l->row_problem[l->nrows++] = i;
        y += h + 6;
    }
    /* The top bar: the tools, then the palette of the tool in hand. */
    SDL_Rect bar = app->rects.bar;
    int x = bar.x + 8, by = bar.y + 5, bh = bar.h - 10;
    for (int t = 0; t < ED_TOOL_COUNT; t++)
        add_btn(app, l, &x, by, bh, B_TOOL, t, TOOL_LABEL[t], ed->tool == t && app->tools.active == VL_TOOL_NONE);
    /* The measuring tape and the sight line (tools.c), as in play. */
    add_btn(app, l, &x, by, bh, B_MEASURE, VL_TOOL_TAPE, "Tape (M)", app->tools.active == VL_TOOL_TAPE);
    add_btn(app, l, &x, by, bh, B_MEASURE, VL_TOOL_SIGHT, "Sight (V)", app->tools.active == VL_TOOL_SIGHT);
    x += 14;
    char lab[64];
    if (ed->tool == ED_TOOL_UNIT) {
        static const int fields[] = {PAL_SIDE, PAL_TYPE, PAL_FORM, PAL_QUALITY, PAL_WEAPON};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
            if (p->pal_type == VL_GENERAL && (fields[k] == PAL_FORM || fields[k] == PAL_WEAPON))
                continue;
            ed_pal_label(app, fields[k], lab, sizeof lab);
            add_btn(app, l, &x, by, bh, B_PAL, fields[k], lab, false);
        }
    } else if (ed->tool == ED_TOOL_TERRAIN) {
        ed_pal_label(app, PAL_TERRAIN, lab, sizeof lab);
        add_btn(app, l, &x, by, bh, B_PAL, PAL_TERRAIN, lab, false);
        if (p->pal_terrain == VL_T_HILL) {
            ed_pal_label(app, PAL_LEVEL, lab, sizeof lab);
            add_btn(app, l, &x, by, bh, B_PAL, PAL_LEVEL, lab, false);
        } else if (!is_areal(p->pal_terrain)) {
            ed_pal_label(app, PAL_WIDTH, lab, sizeof lab);
            add_btn(app, l, &x, by, bh, B_PAL, PAL_WIDTH, lab, false);
        }
    }
    /* The action bar under the table. */
    SDL_Rect act = app->rects.action;
    x = act.x + 8;
    for (int a = 0; a < ACT_COUNT; a++)
        add_btn(app, l, &x, act.y + 9, act.h - 18, B_ACT, a, ACT_LABEL[a], false);
}

/* ---- opening and closing ---- */

static void init_priv(VlUiEdPriv *p)
{
    memset(p, 0, sizeof *p);
    p->pal_type = VL_INFANTRY;
    p->pal_form[VL_INFANTRY] = VL_FORM_LINE;
    p->pal_form[VL_CAVALRY] = VL_FORM_LINE;
    p->pal_form[VL_ARTILLERY] = VL_FORM_UNLIMBERED;
    p->pal_form[VL_GENERAL] = VL_FORM_NONE;
    p->pal_weapon[VL_INFANTRY] = VL_RIFLED;
    p->pal_weapon[VL_CAVALRY] = VL_CARBINE;
    p->pal_weapon[VL_ARTILLERY] = VL_SMOOTHBORE;
    p->pal_weapon[VL_GENERAL] = VL_WEAPON_NONE;
    p->pal_quality = VL_SEASONED;
    p->pal_brigade[0] = p->pal_brigade[1] = -1;
    p->pal_terrain = VL_T_WOODS;
    p->pal_level = 1;
    p->pal_width = 1;
    p->sel_vertex = -1;
    p->turn_unit = -1;
}

static VlStatus open_doc(VlUiApp *app, VlEditDoc *doc, bool from_menu)
{
    vl_ui_session_end(app);
    VlUiEditor *ed = calloc(1, sizeof *ed);
    VlUiEdPriv *p = calloc(1, sizeof *p);
    if (!ed || !p) {
        free(ed);
        free(p);
        vl_edit_free(doc);
        return VL_ERR_NOMEM;
    }
    init_priv(p);
    p->from_menu = from_menu;
    ed->doc = *doc;
    ed->priv = p;
    ed->seen_generation = -1;
    app->editor = ed;
    app->screen = VL_SCREEN_EDITOR;
    /* The last brigade of each side is the one new units join. */
    for (int b = 0; b < ed->doc.s.nbrigades; b++)
        if (ed->doc.s.brigades[b].side == 0 || ed->doc.s.brigades[b].side == 1)
            p->pal_brigade[ed->doc.s.brigades[b].side] = b;
    ed_rebuild_view(app);
    vl_ui_fit(app);
    selection_changed(app);
    return VL_OK;
}

VlStatus vl_ui_editor_open(VlUiApp *app, const char *path)
{
    VlEditDoc doc;
    memset(&doc, 0, sizeof doc);
    VlStatus st;
    if (path && path[0]) {
        VlScenario s;
        VlDiagList d;
        vl_diag_init(&d, path);
        /* Kept even with placement problems (a table saved half done reopens): they are listed. */
        bool kept = false;
        st = vl_scenario_load_file_keep(path, &s, &d, &kept);
        if (st == VL_OK)
            vl_diag_free(&d); /* the doc finds the problems kept again */
        else if (!vl_ui_diags_done(app, st, &d))
            return st;
        st = vl_edit_open(&doc, &s, path);
    } else {
        st = vl_edit_new(&doc, 72, 48);
    }
    if (st != VL_OK) {
        vl_ui_app_message(app, true, "The editor cannot open: %s", vl_status_str(st));
        return st;
    }
    st = open_doc(app, &doc, app->screen == VL_SCREEN_MENU);
    if (st == VL_OK)
        vl_ui_app_message(app, false, "%s. Pick a tool above (S select, U unit, T terrain, O objective); Ctrl+S saves.",
                          path && path[0] ? app->editor->doc.s.name : "A new 72 x 48 in table");
    return st;
}

VlStatus vl_ui_editor_from_sandbox(VlUiApp *app)
{
    if (!app->sandbox || !app->have_scenario)
        return VL_ERR_INVALID;
    VlScenario copy;
    if (vl_scenario_clone(&app->scenario, &copy) != VL_OK)
        return VL_ERR_NOMEM;
    const VlWorld *w = vl_game_world_const(app->sandbox);
    for (int u = 0; u < copy.nunits && u < w->nunits; u++) {
        copy.units[u].pose = vl_world_unit(w, u)->pose;
        copy.units[u].pose.anchor = vl_v2(r6(copy.units[u].pose.anchor.x), r6(copy.units[u].pose.anchor.y));
        copy.units[u].pose.facing = ed_norm_deg(copy.units[u].pose.facing);
        copy.units[u].formation = vl_world_unit(w, u)->formation;
    }
    char name[VL_NAME_MAX];
    snprintf(name, sizeof name, "%.70s (from the sandbox)", copy.name);
    snprintf(copy.name, sizeof copy.name, "%s", name);
    VlEditDoc doc;
    memset(&doc, 0, sizeof doc);
    VlStatus st = vl_edit_open(&doc, &copy, NULL);
    if (st != VL_OK) {
        vl_scenario_free(&copy);
        return st;
    }
    doc.dirty = true;
    st = open_doc(app, &doc, false);
    if (st == VL_OK)
        vl_ui_app_message(app, false, "The sandbox's table, as a new scenario: Ctrl+S saves it into your scenarios folder.");
    return st;
}

void vl_ui_editor_close(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    if (!ed)
        return;
    vl_ui_editor_form_free(app);
    if (ed->doc.open)
        vl_edit_cancel(&ed->doc);
    if (ed->priv && ed->priv->saveas)
        vl_ui_field_blur(&ed->priv->saveas_field);
    vl_edit_free(&ed->doc);
    vl_game_destroy(ed->view);
    if (ed->priv)
        ed_drop_base(ed->priv);
    free(ed->priv);
    free(ed);
    app->editor = NULL;
    vl_ui_free_meshes(app);
    if (app->have_scenario)
        vl_scenario_free(&app->scenario);
    app->have_scenario = false;
    if (app->screen == VL_SCREEN_EDITOR)
        app->screen = VL_SCREEN_MENU;
}

/* ---- the gesture on the table ---- */

static bool single_terrain(const VlUiEditor *ed) { return ed->nsel == 1 && ed->sel[0].kind == VL_ED_TERRAIN; }

static int corner_near(const VlTerrain *t, VlVec2 p, double tol)
{
    int best = -1;
    double bd = tol;
    for (int k = 0; k < t->npts; k++) {
        double d = vl_v2_dist(t->pts[k], p);
        if (d <= bd) {
            bd = d;
            best = k;
        }
    }
    return best;
}

/* The edge of @p t near @p p: the index of its first point, or -1. */
static int edge_near(const VlTerrain *t, VlVec2 p, double tol)
{
    int n = is_areal(t->type) ? t->npts : t->npts - 1;
    for (int k = 0; k < n; k++)
        if (vl_point_segment_dist(p, t->pts[k], t->pts[(k + 1) % t->npts]) <= tol)
            return k;
    return -1;
}

static void select_brigade_of(VlUiApp *app, int u, bool add)
{
    VlUiEditor *ed = app->editor;
    const VlScenario *s = &ed->doc.s;
    const char *b = s->units[u].brigade_label;
    if (!b[0]) {
        if (!add)
            ed_sel_clear(ed);
        ed_sel_add(ed, VL_ED_UNIT, u);
        vl_ui_app_message(app, false, "%s belongs to no brigade.", vl_unit_label(s, u));
        return;
    }
    if (!add)
        ed_sel_clear(ed);
    int n = 0;
    for (int i = 0; i < s->nunits; i++)
        if (strcmp(s->units[i].brigade_label, b) == 0 ||
            (s->units[u].brigade >= 0 && s->brigades[s->units[u].brigade].commander == i)) {
            ed_sel_add(ed, VL_ED_UNIT, i);
            n++;
        }
    vl_ui_app_message(app, false, "%s selected: %d unit%s.", vl_brigade_label_by_id(s, b), n, n == 1 ? "" : "s");
}

static void table_press(VlUiApp *app, const SDL_MouseButtonEvent *b)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    VlScenario *s = &ed->doc.s;
    VlVec2 at = world_at(app, b->x, b->y);
    p->press_x = p->last_x = b->x;
    p->press_y = p->last_y = b->y;
    p->press_at = at;
    p->active = false;
    p->drag = DRAG_NONE;
    if (b->button == SDL_BUTTON_RIGHT || b->button == SDL_BUTTON_MIDDLE) {
        p->drag = DRAG_PAN;
        return;
    }
    if (b->button != SDL_BUTTON_LEFT)
        return;
    bool shift = (mods(app) & KMOD_SHIFT) != 0;
    double tol = px_to_in(app, 8);
    switch (ed->tool) {
    case ED_TOOL_UNIT: {
        p->pal_side = p->pal_side & 1;
        char name[VL_NAME_MAX], what[128];
        ed_fresh_unit_name(s, p->pal_side, p->pal_type, name);
        snprintf(what, sizeof what, "add %s", name);
        if (!ed_begin(app, what))
            return;
        /* Facing the other side's half of the table until dragged round. */
        int u = ed_add_unit(app, at, at.y < s->height / 2 ? 0 : 180);
        if (u < 0) {
            vl_edit_cancel(&ed->doc);
            return;
        }
        ed_sel_clear(ed);
        ed_sel_add(ed, VL_ED_UNIT, u);
        p->turn_unit = u;
        p->drag = DRAG_PLACE;
        p->view_stale = true;
        return;
    }
    case ED_TOOL_OBJECTIVE: ed_add_objective(app, at); return;
    case ED_TOOL_TERRAIN: {
        bool areal = is_areal(p->pal_terrain);
        if (p->npoly > 0 && b->clicks >= 2 && !areal) {
            ed_finish_feature(app);
            return;
        }
        if (areal && p->npoly >= 3 && vl_v2_dist(at, p->poly[0]) <= tol) {
            ed_finish_feature(app);
            return;
        }
        if (p->npoly > 0 && vl_v2_dist(at, p->poly[p->npoly - 1]) <= 1e-6)
            return; /* the second click of a double click on the same place */
        if (p->npoly >= ED_POLY_MAX) {
            vl_ui_app_message(app, true, "%d points is the most one feature is drawn with here: Enter finishes it.", ED_POLY_MAX);
            return;
        }
        if (at.x < 0 || at.y < 0 || at.x > s->width || at.y > s->height) {
            vl_ui_app_message(app, true, "Terrain lies on the table: click inside its edge.");
            return;
        }
        p->poly[p->npoly++] = snap(at);
        if (p->npoly == 1)
            vl_ui_app_message(app, false, "A new %s: click each %s; %s. Backspace takes back a point, Esc drops it.",
                              vl_terrain_type_name(p->pal_terrain), areal ? "corner" : "point of its path",
                              areal ? "Enter or a click on the first corner closes it" : "Enter or a double click finishes it");
        return;
    }
    default: break;
    }
    /* The select tool: a corner of the one feature selected, one of its edges, a unit's front corner
     * (turns it), a thing (selects, and a drag moves the selection), or nothing (a box). */
    if (single_terrain(ed) && !shift) {
        int f = ed->sel[0].index;
        VlTerrain *t = &s->terrain[f];
        int k = corner_near(t, at, tol);
        if (k >= 0) {
            p->sel_vertex = k;
            p->corner_feature = f;
            p->corner_index = k;
            p->drag = DRAG_CORNER;
            return;
        }
        int e = edge_near(t, at, px_to_in(app, 5) + (is_areal(t->type) ? 0 : t->width / 2));
        if (e >= 0 && t->npts < 1000) {
            char what[128];
            snprintf(what, sizeof what, "add a corner to %s", vl_terrain_label(s, f));
            if (!ed_drag_begin(app, what))
                return;
            t = &s->terrain[f];
            VlVec2 *q = realloc(t->pts, (size_t)(t->npts + 1) * sizeof *q);
            if (!q) {
                vl_edit_cancel(&ed->doc);
                return;
            }
            t->pts = q;
            memmove(&t->pts[e + 2], &t->pts[e + 1], (size_t)(t->npts - e - 1) * sizeof t->pts[0]);
            t->pts[e + 1] = vl_v2(r6(at.x), r6(at.y));
            t->npts++;
            t->bounds = vl_box_of_points(t->pts, t->npts);
            p->sel_vertex = e + 1;
            p->corner_feature = f;
            p->corner_index = e + 1;
            p->drag = DRAG_CORNER;
            p->active = true; /* the edit is open: a click alone adds the corner */
            ed_drop_base(p);
            p->view_stale = true;
            return;
        }
    }
    int cu = ed_corner_unit_at(ed, at, tol); /* Shift here turns it freely, it does not add to the selection */
    if (cu >= 0) {
        if (!ed_sel_has(ed, VL_ED_UNIT, cu)) {
            ed_sel_clear(ed);
            ed_sel_add(ed, VL_ED_UNIT, cu);
            selection_changed(app);
        }
        p->turn_unit = cu;
        p->drag = DRAG_TURN;
        return;
    }
    VlEdRef hit = ed_thing_at(app, at);
    if (hit.kind == VL_ED_NONE) {
        if (!shift)
            ed_sel_clear(ed);
        p->drag = DRAG_BOX;
        selection_changed(app);
        return;
    }
    if (hit.kind == VL_ED_UNIT && b->clicks >= 2) {
        select_brigade_of(app, hit.index, shift);
        selection_changed(app);
        return;
    }
    if (shift) {
        if (ed_sel_has(ed, hit.kind, hit.index))
            ed_sel_remove(ed, hit.kind, hit.index);
        else
            ed_sel_add(ed, hit.kind, hit.index);
    } else if (!ed_sel_has(ed, hit.kind, hit.index)) {
        ed_sel_clear(ed);
        ed_sel_add(ed, hit.kind, hit.index);
    }
    selection_changed(app);
    p->drag = ed->nsel > 0 ? DRAG_MOVE : DRAG_NONE;
}

static void table_motion(VlUiApp *app, int x, int y)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    VlScenario *s = &ed->doc.s;
    int dxp = x - p->last_x, dyp = y - p->last_y;
    p->last_x = x;
    p->last_y = y;
    if (p->drag == DRAG_NONE)
        return;
    if (p->drag == DRAG_PAN) {
        vl_ui_camera_pan(&app->cam, (float)dxp, (float)dyp);
        return;
    }
    VlVec2 at = world_at(app, x, y);
    if (!p->active) {
        if (abs(x - p->press_x) + abs(y - p->press_y) < 4)
            return;
        p->active = true;
        char what[128];
        switch (p->drag) {
        case DRAG_MOVE: ed_edit_name(ed, "move", what, sizeof what); break;
        case DRAG_TURN: snprintf(what, sizeof what, "turn %s", vl_unit_label(s, p->turn_unit)); break;
        case DRAG_CORNER: snprintf(what, sizeof what, "move a corner of %s", vl_terrain_label(s, p->corner_feature)); break;
        default: what[0] = 0;
        }
        if (what[0] && !ed_drag_begin(app, what)) {
            p->drag = DRAG_NONE;
            return;
        }
    }
    bool free_turn = (mods(app) & (KMOD_SHIFT | KMOD_ALT)) != 0;
    switch (p->drag) {
    case DRAG_MOVE: {
        VlVec2 d = vl_v2_sub(at, p->press_at);
        /* In steps of a twentieth of an inch: positions a player can type back. */
        ed_move_selection(app, vl_v2(round(d.x * 20) / 20, round(d.y * 20) / 20));
        break;
    }
    case DRAG_TURN:
    case DRAG_PLACE: {
        int u = p->turn_unit;
        if (u < 0 || u >= s->nunits)
            break;
        VlPose *ps = &s->units[u].pose;
        double want;
        if (p->drag == DRAG_PLACE)
            want = ed_compass_of(vl_v2_sub(at, ps->anchor));
        else {
            const VlPose *b0 = &p->base.units[u].pose;
            want = b0->facing + ed_compass_of(vl_v2_sub(at, b0->anchor)) - ed_compass_of(vl_v2_sub(p->press_at, b0->anchor));
        }
        if (!free_turn)
            want = round(want / 5) * 5;
        ps->facing = ed_norm_deg(want);
        p->view_stale = true;
        break;
    }
    case DRAG_CORNER: {
        VlTerrain *t = &s->terrain[p->corner_feature];
        if (p->corner_index < t->npts) {
            t->pts[p->corner_index] = snap(at);
            t->bounds = vl_box_of_points(t->pts, t->npts);
        }
        p->view_stale = true;
        break;
    }
    default: break;
    }
}

static void table_release(VlUiApp *app, int x, int y)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    VlScenario *s = &ed->doc.s;
    DragKind k = p->drag;
    p->drag = DRAG_NONE;
    if (k == DRAG_PLACE) {
        ed_end(app);
        p->view_stale = true;
        const VlScenarioUnit *u = &s->units[p->turn_unit];
        vl_ui_app_message(app, false, "Added %s (%s, %s)%s%s.", vl_unit_label(s, p->turn_unit), vl_ui_side_name(s, u->side),
                          vl_unit_type_name(u->type), u->brigade >= 0 ? " to " : "",
                          u->brigade >= 0 ? vl_brigade_label(s, u->brigade) : "");
        return;
    }
    if (k == DRAG_BOX) {
        VlVec2 a = p->press_at, b = world_at(app, x, y);
        if (abs(x - p->press_x) + abs(y - p->press_y) < 4)
            return;
        VlBox box = {{fmin(a.x, b.x), fmin(a.y, b.y)}, {fmax(a.x, b.x), fmax(a.y, b.y)}};
        for (int u = 0; u < s->nunits; u++) {
            VlFootprint fp;
            ed_unit_fp(s, u, &fp);
            VlVec2 c = vl_ui_centre_of(&fp);
            if (c.x >= box.lo.x && c.x <= box.hi.x && c.y >= box.lo.y && c.y <= box.hi.y)
                ed_sel_add(ed, VL_ED_UNIT, u);
        }
        for (int o = 0; o < s->nobjectives; o++) {
            VlVec2 c = s->objectives[o].position;
            if (c.x >= box.lo.x && c.x <= box.hi.x && c.y >= box.lo.y && c.y <= box.hi.y)
                ed_sel_add(ed, VL_ED_OBJECTIVE, o);
        }
        selection_changed(app);
        if (ed->nsel)
            vl_ui_app_message(app, false, "%d selected: drag one of them to move them together.", ed->nsel);
        return;
    }
    if (!p->active || (k != DRAG_MOVE && k != DRAG_TURN && k != DRAG_CORNER))
        return;
    ed_drop_base(p);
    if (k == DRAG_CORNER) {
        const VlTerrain *t = &s->terrain[p->corner_feature];
        char why[200] = "";
        if (is_areal(t->type) && !vl_poly_is_simple(t->pts, t->npts, why, sizeof why)) {
            vl_edit_cancel(&ed->doc);
            p->view_stale = true;
            vl_ui_app_message(app, true, "Refused: the outline of %s would cross itself (%s); the corner goes back.",
                              vl_terrain_label(s, p->corner_feature), why);
            return;
        }
    }
    ed_end(app);
    p->view_stale = true;
}

static void cancel_gesture(VlUiApp *app)
{
    VlUiEdPriv *p = priv(app);
    if (app->editor->doc.open)
        vl_edit_cancel(&app->editor->doc);
    ed_drop_base(p);
    p->drag = DRAG_NONE;
    p->active = false;
    p->view_stale = true;
    ed_sel_validate(app->editor);
}

/* ---- events ---- */

static void press_button(VlUiApp *app, const EdBtn *b, int dir)
{
    switch (b->kind) {
    case B_TOOL:
        vl_ui_tools_drop(app);
        app->editor->tool = b->arg;
        app->editor->priv->npoly = 0;
        return;
    case B_MEASURE: {
        /* As its key would: M or V takes the tool, again puts it down. */
        SDL_Event k;
        memset(&k, 0, sizeof k);
        k.type = SDL_KEYDOWN;
        k.key.keysym.sym = b->arg == VL_TOOL_TAPE ? SDLK_m : SDLK_v;
        vl_ui_tools_event(app, &k, app->editor->view);
        return;
    }
    case B_PAL: ed_palette_step(app, b->arg, dir); return;
    case B_ACT:
        switch (b->arg) {
        case ACT_UNDO: ed_undo_redo(app, false); return;
        case ACT_REDO: ed_undo_redo(app, true); return;
        case ACT_SAVE: vl_ui_editor_save(app, NULL); return;
        case ACT_SAVE_AS: ed_saveas_open(app); return;
        case ACT_PLAY: ed_play_table(app, false); return;
        case ACT_SANDBOX: ed_play_table(app, true); return;
        case ACT_LEAVE: ed_request_leave(app, false); return;
        }
    }
}

static void confirm_event(VlUiApp *app, const SDL_Event *e)
{
    VlUiEdPriv *p = priv(app);
    int choice = -1; /* 0 save, 1 discard, 2 cancel */
    if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        choice = k == SDLK_s ? 0 : k == SDLK_d || k == SDLK_q ? 1 : k == SDLK_ESCAPE || k == SDLK_c ? 2 : -1;
    } else if (e->type == SDL_MOUSEBUTTONDOWN) {
        VlConfirmLayout l;
        vl_ui_confirm_layout(app, &l);
        int x = e->button.x, y = e->button.y;
        choice = vl_ui_in_rect(l.save, x, y) ? 0 : vl_ui_in_rect(l.discard, x, y) ? 1 : vl_ui_in_rect(l.cancel, x, y) ? 2 : -1;
    }
    if (choice < 0)
        return;
    p->confirm_leave = false;
    if (choice == 0 && vl_ui_editor_save(app, NULL))
        ed_leave_now(app, p->leave_quits);
    else if (choice == 1)
        ed_leave_now(app, p->leave_quits);
}

static void centre_on_problem(VlUiApp *app, int i)
{
    VlUiEditor *ed = app->editor;
    const VlScenario *s = &ed->doc.s;
    if (i < 0 || i >= ed->doc.problems.count)
        return;
    VlProblemTarget t = vl_scenario_problem_target(ed->doc.problems.items[i].path);
    VlVec2 c;
    bool have = false;
    if (t.kind == VL_PROBLEM_UNIT && t.index >= 0 && t.index < s->nunits) {
        VlFootprint fp;
        ed_unit_fp(s, t.index, &fp);
        c = vl_ui_centre_of(&fp);
        have = true;
        ed_sel_clear(ed);
        ed_sel_add(ed, VL_ED_UNIT, t.index);
    } else if (t.kind == VL_PROBLEM_TERRAIN && t.index >= 0 && t.index < s->nterrain && s->terrain[t.index].npts > 0) {
        c = vl_v2((s->terrain[t.index].bounds.lo.x + s->terrain[t.index].bounds.hi.x) / 2,
                  (s->terrain[t.index].bounds.lo.y + s->terrain[t.index].bounds.hi.y) / 2);
        have = true;
        ed_sel_clear(ed);
        ed_sel_add(ed, VL_ED_TERRAIN, t.index);
    } else if (t.kind == VL_PROBLEM_OBJECTIVE && t.index >= 0 && t.index < s->nobjectives) {
        c = s->objectives[t.index].position;
        have = true;
        ed_sel_clear(ed);
        ed_sel_add(ed, VL_ED_OBJECTIVE, t.index);
    } else if (t.kind == VL_PROBLEM_BRIGADE && t.index >= 0 && t.index < s->nbrigades && s->brigades[t.index].commander >= 0) {
        int u = s->brigades[t.index].commander;
        c = s->units[u].pose.anchor;
        have = true;
        ed_sel_clear(ed);
        ed_sel_add(ed, VL_ED_UNIT, u);
    } else {
        ed_sel_clear(ed); /* a problem of the scenario as a whole: its own form */
    }
    ed->tool = ED_TOOL_SELECT;
    float sx, sy;
    SDL_Rect m = app->rects.map;
    if (have)
        vl_ui_camera_to_screen(&app->cam, c, &sx, &sy);
    if (have && !(sx > (float)m.x + 60 && sx < (float)(m.x + m.w) - 60 && sy > (float)m.y + 90 && sy < (float)(m.y + m.h) - 60)) {
        /* Out of view (or at its edge): brought to the middle. */
        app->cam.target[0] = c.x;
        app->cam.target[1] = c.y;
        vl_ui_camera_update(&app->cam);
    }
    selection_changed(app);
}

static void key_event(VlUiApp *app, const SDL_KeyboardEvent *k)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    SDL_Keycode key = k->keysym.sym;
    Uint16 m = (Uint16)(k->keysym.mod | app->script_mod);
    bool ctrl = (m & KMOD_CTRL) != 0, shift = (m & KMOD_SHIFT) != 0;
    if (key == SDLK_ESCAPE) {
        if (p->drag != DRAG_NONE)
            cancel_gesture(app);
        else if (p->npoly > 0)
            p->npoly = 0;
        else if (ed->nsel > 0) {
            ed_sel_clear(ed);
            selection_changed(app);
        } else
            ed_request_leave(app, false);
        return;
    }
    if (p->drag != DRAG_NONE && p->drag != DRAG_PAN)
        return; /* keys wait for the drag to end */
    if (ctrl) {
        switch (key) {
        case SDLK_z: ed_undo_redo(app, shift); return;
        case SDLK_y: ed_undo_redo(app, true); return;
        case SDLK_s:
            if (shift)
                ed_saveas_open(app);
            else
                vl_ui_editor_save(app, NULL);
            return;
        case SDLK_d: ed_duplicate_selection(app); return;
        case SDLK_a:
            ed_sel_clear(ed);
            for (int u = 0; u < ed->doc.s.nunits; u++)
                ed_sel_add(ed, VL_ED_UNIT, u);
            selection_changed(app);
            return;
        case SDLK_q: ed_request_leave(app, true); return;
        default: return;
        }
    }
    double step = shift ? 0.1 : 0.5;
    switch (key) {
    case SDLK_s: vl_ui_tools_drop(app); ed->tool = ED_TOOL_SELECT; p->npoly = 0; return;
    case SDLK_u: vl_ui_tools_drop(app); ed->tool = ED_TOOL_UNIT; p->npoly = 0; return;
    case SDLK_t: vl_ui_tools_drop(app); ed->tool = ED_TOOL_TERRAIN; return;
    case SDLK_o: vl_ui_tools_drop(app); ed->tool = ED_TOOL_OBJECTIVE; p->npoly = 0; return;
    case SDLK_g:
        vl_ui_tools_drop(app);
        ed->tool = ED_TOOL_UNIT;
        p->pal_type = VL_GENERAL;
        return;
    case SDLK_f:
    case SDLK_HOME: vl_ui_fit(app); return;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        if (ed->tool == ED_TOOL_TERRAIN && p->npoly > 0)
            ed_finish_feature(app);
        return;
    case SDLK_BACKSPACE:
        if (ed->tool == ED_TOOL_TERRAIN && p->npoly > 0) {
            p->npoly--;
            return;
        }
        /* Backspace deletes as Del does */
        __attribute__((fallthrough));
    case SDLK_DELETE:
        if (p->sel_vertex >= 0 && single_terrain(ed))
            ed_delete_corner(app);
        else
            ed_delete_selection(app);
        return;
    case SDLK_b: {
        int u = -1;
        for (int j = 0; j < ed->nsel && u < 0; j++)
            if (ed->sel[j].kind == VL_ED_UNIT)
                u = ed->sel[j].index;
        if (u < 0)
            vl_ui_app_message(app, true, "Select a unit first: B selects its whole brigade.");
        else {
            select_brigade_of(app, u, false);
            selection_changed(app);
        }
        return;
    }
    case SDLK_LEFT: ed_nudge(app, -step, 0); return;
    case SDLK_RIGHT: ed_nudge(app, step, 0); return;
    case SDLK_UP: ed_nudge(app, 0, step); return;
    case SDLK_DOWN: ed_nudge(app, 0, -step); return;
    case SDLK_LEFTBRACKET: ed_turn_by_key(app, shift ? -1 : -5); return;
    case SDLK_RIGHTBRACKET: ed_turn_by_key(app, shift ? 1 : 5); return;
    case SDLK_F5: ed_play_table(app, false); return;
    case SDLK_F6: ed_play_table(app, true); return;
    default: return;
    }
}

void vl_ui_editor_event(VlUiApp *app, const SDL_Event *e)
{
    VlUiEditor *ed = app->editor;
    if (!ed)
        return;
    VlUiEdPriv *p = ed->priv;
    ed_ensure_view(app);
    if (e->type == SDL_QUIT) {
        ed_request_leave(app, true);
        return;
    }
    if (p->confirm_leave) {
        confirm_event(app, e);
        return;
    }
    if (p->saveas) {
        ed_saveas_event(app, e);
        return;
    }
    /* The form first (a click in it, typing in its field with the focus), then the tape and the
     * sight line (M, V; their drags while in hand), but for Backspace while
     * the editor has something of its own to take back or delete. */
    bool editors_backspace = e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_BACKSPACE && (p->npoly > 0 || ed->nsel > 0);
    bool on_bar = e->type == SDL_MOUSEBUTTONDOWN && !vl_ui_in_rect(app->rects.map, e->button.x, e->button.y);
    if (p->drag == DRAG_NONE) {
        EdLayout fl;
        ed_layout(app, &fl);
        if (vl_ui_editor_form_event(app, e, fl.form))
            return;
    }
    if (p->drag == DRAG_NONE && !editors_backspace && !on_bar && vl_ui_tools_event(app, e, ed->view))
        return;
    switch (e->type) {
    case SDL_KEYDOWN: key_event(app, &e->key); return;
    case SDL_MOUSEBUTTONDOWN: {
        int x = e->button.x, y = e->button.y;
        EdLayout l;
        ed_layout(app, &l);
        for (int i = 0; i < l.nbtn; i++)
            if (vl_ui_in_rect(l.btn[i].r, x, y)) {
                press_button(app, &l.btn[i], e->button.button == SDL_BUTTON_RIGHT ? -1 : 1);
                return;
            }
        for (int i = 0; i < l.nrows; i++)
            if (vl_ui_in_rect(l.row[i], x, y)) {
                centre_on_problem(app, l.row_problem[i]);
                return;
            }
        if (vl_ui_in_rect(app->rects.map, x, y))
            table_press(app, &e->button);
        return;
    }
    case SDL_MOUSEMOTION: table_motion(app, e->motion.x, e->motion.y); return;
    case SDL_MOUSEBUTTONUP: table_release(app, e->button.x, e->button.y); return;
    case SDL_MOUSEWHEEL: {
        int amount = e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e->wheel.y : e->wheel.y;
        EdLayout l;
        ed_layout(app, &l);
        if (vl_ui_in_rect(l.problems, e->wheel.mouseX, e->wheel.mouseY)) {
            ed->problem_scroll -= amount;
            if (ed->problem_scroll < 0)
                ed->problem_scroll = 0;
        } else if (vl_ui_in_rect(app->rects.map, e->wheel.mouseX, e->wheel.mouseY) && amount)
            vl_ui_camera_zoom_at(&app->cam, (float)e->wheel.mouseX, (float)e->wheel.mouseY, amount > 0 ? 1.15f : 1 / 1.15f);
        return;
    }
    default: return;
    }
}

void vl_ui_editor_update(VlUiApp *app, uint32_t now_ms)
{
    (void)now_ms;
    if (app->editor)
        ed_ensure_view(app);
}

/* ---- for scripts and tests ---- */

bool vl_ui_editor_button_rect(VlUiApp *app, const char *word, SDL_Rect *r)
{
    if (!app->editor)
        return false;
    EdLayout l;
    ed_layout(app, &l);
    for (int i = 0; i < l.nbtn; i++) {
        const EdBtn *b = &l.btn[i];
        const char *w = b->kind == B_TOOL     ? TOOL_WORD[b->arg]
                      : b->kind == B_ACT      ? ACT_WORD[b->arg]
                      : b->kind == B_MEASURE ? (b->arg == VL_TOOL_TAPE ? "tape" : "sight")
                                              : PAL_WORD[b->arg];
        if (strcmp(w, word) == 0) {
            *r = b->r;
            return true;
        }
    }
    return false;
}

bool vl_ui_editor_problem_rect(VlUiApp *app, int i, SDL_Rect *r)
{
    if (!app->editor)
        return false;
    EdLayout l;
    ed_layout(app, &l);
    for (int k = 0; k < l.nrows; k++)
        if (l.row_problem[k] == i) {
            *r = l.row[k];
            return true;
        }
    return false;
}

/* ---- drawing ---- */

static SDL_Color sel_colour(void) { return vl_ui_rgb(VL_UI_HIGHLIGHT); }

static void outline_terrain(VlUiApp *app, const VlTerrain *t, float width, SDL_Color c)
{
    if (t->npts < 2)
        return;
    vl_ui_world_outline(app, t->pts, t->npts, width, is_areal(t->type), c, false);
}

static void outline_unit(VlUiApp *app, const VlScenario *s, int u, float width, SDL_Color c, double grow_px)
{
    VlFootprint fp;
    ed_unit_fp(s, u, &fp);
    VlVec2 box[4] = {fp.box.p[0], fp.box.p[1], fp.box.p[2], fp.box.p[3]};
    /* Drawn a little outside the box, so that the unit's own edge stays seen. */
    VlVec2 c0 = vl_ui_centre_of(&fp);
    double grow_in = px_to_in(app, grow_px);
    for (int k = 0; k < 4; k++) {
        VlVec2 d = vl_v2_sub(box[k], c0);
        double len = vl_v2_len(d);
        if (len > 1e-9)
            box[k] = vl_v2_add(box[k], vl_v2_scale(d, grow_in / len));
    }
    vl_ui_world_outline(app, box, 4, width, true, c, false);
}

static void ring(VlUiApp *app, VlVec2 at, double r_in, float width, SDL_Color c)
{
    VlVec2 pts[40];
    for (int k = 0; k < 40; k++)
        pts[k] = vl_v2(at.x + r_in * cos(k * 2 * ED_PI / 40), at.y + r_in * sin(k * 2 * ED_PI / 40));
    vl_ui_world_outline(app, pts, 40, width, true, c, false);
}

static void handle(VlUiApp *app, VlVec2 at, bool lit)
{
    float x, y;
    vl_ui_camera_to_screen(&app->cam, at, &x, &y);
    vl_ui_gfx_rect(app->r, x - 4, y - 4, 8, 8, lit ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_rgb(0xFFFFFFu));
    vl_ui_gfx_rect_outline(app->r, x - 4, y - 4, 8, 8, 1, vl_ui_rgb(0x202020u));
}

static void draw_marks(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    const VlScenario *s = &ed->doc.s;
    SDL_Rect clip = app->rects.map;
    SDL_RenderSetClipRect(app->r, &clip);
    /* The selection. */
    for (int j = 0; j < ed->nsel; j++) {
        int i = ed->sel[j].index;
        if (ed->sel[j].kind == VL_ED_UNIT) {
            outline_unit(app, s, i, 2, sel_colour(), 2.5);
            if (s->units[i].type != VL_GENERAL && ed->nsel <= 8) {
                VlFootprint fp;
                ed_unit_fp(s, i, &fp);
                handle(app, fp.box.p[0], false);
                handle(app, fp.box.p[1], false);
            }
        } else if (ed->sel[j].kind == VL_ED_TERRAIN) {
            outline_terrain(app, &s->terrain[i], 2, sel_colour());
            if (ed->nsel == 1)
                for (int k = 0; k < s->terrain[i].npts; k++)
                    handle(app, s->terrain[i].pts[k], k == p->sel_vertex);
        } else if (ed->sel[j].kind == VL_ED_OBJECTIVE) {
            ring(app, s->objectives[i].position, s->objectives[i].radius, 2, sel_colour());
        }
    }
    /* The reinforcements, dashed: not on the table until their turn (the label says which). */
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].arrive_turn > 0) {
            VlFootprint fp;
            ed_unit_fp(s, i, &fp);
            vl_ui_world_outline(app, fp.box.p, 4, 2, true, vl_ui_rgb(0x1A1A1Au), true);
        }
    /* The problems' things in red. */
    SDL_Color bad = vl_ui_rgb(0xE0202Au);
    for (int i = 0; i < ed->doc.problems.count; i++) {
        VlProblemTarget t = vl_scenario_problem_target(ed->doc.problems.items[i].path);
        if (t.kind == VL_PROBLEM_UNIT && t.index >= 0 && t.index < s->nunits)
            outline_unit(app, s, t.index, 3, bad, 6);
        else if (t.kind == VL_PROBLEM_TERRAIN && t.index >= 0 && t.index < s->nterrain)
            outline_terrain(app, &s->terrain[t.index], 3, bad);
        else if (t.kind == VL_PROBLEM_OBJECTIVE && t.index >= 0 && t.index < s->nobjectives)
            ring(app, s->objectives[t.index].position, s->objectives[t.index].radius, 3, bad);
        else if (t.kind == VL_PROBLEM_BRIGADE && t.index >= 0 && t.index < s->nbrigades && s->brigades[t.index].commander >= 0 &&
                 s->brigades[t.index].commander < s->nunits)
            outline_unit(app, s, s->brigades[t.index].commander, 3, bad, 6);
    }
    /* The feature being drawn: its points, and the line on to the pointer. */
    if (ed->tool == ED_TOOL_TERRAIN && p->npoly > 0) {
        VlVec2 pts[ED_POLY_MAX + 1];
        memcpy(pts, p->poly, (size_t)p->npoly * sizeof pts[0]);
        int n = p->npoly;
        if (vl_ui_in_rect(app->rects.map, app->mouse_x, app->mouse_y))
            pts[n++] = world_at(app, app->mouse_x, app->mouse_y);
        if (n >= 2)
            vl_ui_world_outline(app, pts, n, 2, false, vl_ui_rgb(0x1A1A1Au), true);
        for (int k = 0; k < p->npoly; k++)
            handle(app, p->poly[k], k == 0 && is_areal(p->pal_terrain) && p->npoly >= 3);
    }
    /* The box being dragged. */
    if (p->drag == DRAG_BOX && p->press_x != p->last_x) {
        int x0 = p->press_x < p->last_x ? p->press_x : p->last_x, y0 = p->press_y < p->last_y ? p->press_y : p->last_y;
        int w = abs(p->last_x - p->press_x), h = abs(p->last_y - p->press_y);
        vl_ui_gfx_rect(app->r, (float)x0, (float)y0, (float)w, (float)h, vl_ui_rgba(VL_UI_HIGHLIGHT, 40));
        vl_ui_gfx_rect_outline(app->r, (float)x0, (float)y0, (float)w, (float)h, 1, sel_colour());
    }
    SDL_RenderSetClipRect(app->r, NULL);
}

static void draw_button(VlUiApp *app, const EdBtn *b)
{
    SDL_Rect r = b->r;
    bool hover = vl_ui_hovered(app, r);
    unsigned bg = b->on ? 0x3B6EA5u : hover ? 0x4A535Du : b->kind == B_PAL ? 0x2C3B2Cu : VL_UI_PANEL_LINE;
    vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, vl_ui_rgb(bg));
    vl_ui_gfx_rect_outline(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, 1, vl_ui_rgb(hover ? 0x8A949Eu : 0x5A626Cu));
    int tw = 0, th = 14;
    if (app->text)
        vl_ui_text_size(app->text, 13, b->label, &tw, &th);
    vl_ui_text_draw(app->text, 13, b->label, (float)r.x + (float)r.w / 2, (float)r.y + (float)(r.h - th) / 2, vl_ui_panel_fg(),
                    VL_ALIGN_CENTRE);
}

/* What the tool in hand does, in a line under the tools. */
static const char *tool_hint(const VlUiEditor *ed)
{
    static char buf[400];
    const VlUiEdPriv *p = ed->priv;
    switch (ed->tool) {
    case ED_TOOL_UNIT:
        return "Click the table to place a unit of the kind chosen above; drag from the click to face it. A general starts a "
               "brigade that the units placed after him join. G: a general.";
    case ED_TOOL_TERRAIN: {
        char type[40];
        snprintf(type, sizeof type, "%s", vl_terrain_type_name(p->pal_terrain));
        type[0] = (char)toupper((unsigned char)type[0]);
        if (is_areal(p->pal_terrain))
            snprintf(buf, sizeof buf, "%s: click each corner of the area; Enter or a click on the first corner closes it. "
                     "The button above changes the kind of ground.", type);
        else
            snprintf(buf, sizeof buf, "%s: click each point of its line; Enter or a double click ends it. The buttons above "
                     "change the kind and the width.", type);
        return buf;
    }
    case ED_TOOL_OBJECTIVE: return "Click the table to place an objective; drag it with the select tool to move it.";
    default:
        return "Click to select (Shift adds, a box selects several, a double click or B a brigade); drag to move, a front "
               "corner to turn (Shift: free); the arrows move 0.5 in, [ ] turn 5\xC2\xB0; Ctrl+D duplicates, Del deletes.";
    }
}

static void draw_side(VlUiApp *app, const EdLayout *l)
{
    VlUiEditor *ed = app->editor;
    const VlScenario *s = &ed->doc.s;
    SDL_Rect side = app->rects.side;
    vl_ui_gfx_rect(app->r, (float)side.x, (float)side.y, (float)side.w, (float)side.h, vl_ui_rgb(VL_UI_PANEL_BG));
    char buf[1200];
    snprintf(buf, sizeof buf, "%s%s", s->name[0] ? s->name : "A new table", ed->doc.dirty ? "  (not saved)" : "");
    vl_ui_text_draw_fit(app, 16, buf, (float)l->head.x + 12, (float)l->head.y + 8, l->head.w - 24, vl_ui_panel_fg());
    if (ed->doc.path[0]) {
        const char *base = strrchr(ed->doc.path, '/');
        snprintf(buf, sizeof buf, "%s", base ? base + 1 : ed->doc.path);
    } else
        snprintf(buf, sizeof buf, "Not saved yet: Ctrl+S puts it in your scenarios folder");
    vl_ui_text_draw_fit(app, 12, buf, (float)l->head.x + 12, (float)l->head.y + 32, l->head.w - 24, vl_ui_panel_dim());
    vl_ui_gfx_rect(app->r, (float)side.x + 8, (float)(l->form.y - 1), (float)side.w - 16, 1, vl_ui_rgb(VL_UI_PANEL_LINE));
    vl_ui_editor_form_draw(app, l->form);
    /* The problems. */
    SDL_Rect pr = l->problems;
    vl_ui_gfx_rect(app->r, (float)pr.x, (float)pr.y, (float)pr.w, (float)pr.h, vl_ui_rgb(0x1E2226u));
    int n = ed->doc.problems.count;
    if (n == 0)
        snprintf(buf, sizeof buf, "No problems: the table can be played");
    else
        snprintf(buf, sizeof buf, "%d problem%s (click one to find it)", n, n == 1 ? "" : "s");
    vl_ui_text_draw_fit(app, 14, buf, (float)pr.x + 12, (float)pr.y + 7, pr.w - 24,
                        n ? vl_ui_rgb(0xFF8A80u) : vl_ui_rgb(0x8FD19Eu));
    for (int i = 0; i < l->nrows; i++) {
        SDL_Rect r = l->row[i];
        if (vl_ui_hovered(app, r))
            vl_ui_gfx_rect(app->r, (float)r.x, (float)r.y, (float)r.w, (float)r.h, vl_ui_rgb(0x2C3137u));
        vl_ui_gfx_disc(app->r, (float)r.x + 6, (float)r.y + 9, 3, vl_ui_rgb(0xE0202Au));
        char text[600];
        vl_ui_editor_problem_text(s, &ed->doc.problems.items[l->row_problem[i]], text, sizeof text);
        vl_ui_text_draw_wrapped(app->text, 12, text, (float)r.x + 14, (float)r.y + 2, vl_ui_panel_fg(), r.w - 18);
    }
    int shown_to = l->nrows ? l->row_problem[l->nrows - 1] + 1 : 0;
    if (n > shown_to || ed->problem_scroll > 0) {
        snprintf(buf, sizeof buf, "%d more (the wheel scrolls)", n - (shown_to - ed->problem_scroll));
        vl_ui_text_draw(app->text, 11, buf, (float)(pr.x + pr.w - 10), (float)pr.y + 9, vl_ui_panel_dim(), VL_ALIGN_RIGHT);
    }
}

static void draw_confirm(VlUiApp *app)
{
    vl_ui_gfx_rect(app->r, 0, 0, (float)app->width, (float)app->height, vl_ui_rgba(0x000000u, 140));
    VlConfirmLayout l;
    vl_ui_confirm_layout(app, &l);
    vl_ui_gfx_rect(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, vl_ui_rgb(VL_UI_PANEL_BG));
    vl_ui_gfx_rect_outline(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, 2, vl_ui_rgb(VL_UI_HIGHLIGHT));
    vl_ui_text_draw(app->text, 17, "This table has edits not yet saved.", (float)l.box.x + 20, (float)l.box.y + 20,
                    vl_ui_panel_fg(), VL_ALIGN_LEFT);
    vl_ui_text_draw(app->text, 13, "Save them before leaving the editor?", (float)l.box.x + 20, (float)l.box.y + 50,
                    vl_ui_panel_dim(), VL_ALIGN_LEFT);
    vl_ui_panel_button(app, l.save, "S  Save and leave", false, true);
    vl_ui_panel_button(app, l.discard, "D  Leave, don't save", false, true);
    vl_ui_panel_button(app, l.cancel, "Esc  Keep editing", false, true);
}

void vl_ui_editor_draw(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    if (!ed)
        return;
    ed_ensure_view(app);
    EdLayout l;
    ed_layout(app, &l);
    if (ed->view) {
        /* Every name on the table while editing; the player's own setting comes back after. */
        int density = app->settings.label_density;
        app->settings.label_density = VL_UI_LABELS_ALL;
        app->view.selected = app->view.hover = -1;
        vl_ui_draw_table(app, ed->view);
        app->settings.label_density = density;
        draw_marks(app);
        vl_ui_tools_draw(app, ed->view);
    } else {
        SDL_Rect m = app->rects.map;
        vl_ui_gfx_rect(app->r, (float)m.x, (float)m.y, (float)m.w, (float)m.h, vl_ui_rgb(VL_UI_OUTSIDE));
        vl_ui_text_draw(app->text, 15, "The table cannot be drawn (out of memory).", (float)m.x + 20, (float)m.y + 20,
                        vl_ui_panel_fg(), VL_ALIGN_LEFT);
    }
    /* The top bar: the tools and the palette; the hint under them, over the table's top edge. */
    SDL_Rect bar = app->rects.bar;
    vl_ui_gfx_rect(app->r, (float)bar.x, (float)bar.y, (float)bar.w, (float)bar.h, vl_ui_rgb(VL_UI_PANEL_BG));
    SDL_Rect act = app->rects.action;
    vl_ui_gfx_rect(app->r, (float)act.x, (float)act.y, (float)act.w, (float)act.h, vl_ui_rgb(VL_UI_PANEL_BG));
    for (int i = 0; i < l.nbtn; i++)
        draw_button(app, &l.btn[i]);
    if (l.nbtn > 0) {
        int last_top = 0;
        for (int i = 0; i < l.nbtn; i++)
            if (l.btn[i].kind != B_ACT)
                last_top = l.btn[i].r.x + l.btn[i].r.w;
        if (ed->tool == ED_TOOL_OBJECTIVE && app->tools.active == VL_TOOL_NONE) {
            const char *what = "A new objective is 3 in round and worth 1 point";
            vl_ui_text_draw_fit(app, 12, what, (float)last_top + 18, (float)bar.y + 11, bar.w - last_top - 26, vl_ui_panel_dim());
        }
    }
    SDL_Rect m = app->rects.map;
    /* What the tool in hand does, over the table's top edge (the tape and the sight line say it
     * themselves, tools.c), and the newest message under it. */
    int top = m.y;
    if (app->tools.active == VL_TOOL_NONE) {
        const char *hint = tool_hint(ed);
        int hh = app->text ? vl_ui_text_wrapped_height(app->text, 12, hint, m.w - 24) : 16;
        vl_ui_gfx_rect(app->r, (float)m.x, (float)m.y, (float)m.w, (float)hh + 8, vl_ui_rgba(0x101316u, 200));
        vl_ui_text_draw_wrapped(app->text, 12, hint, (float)m.x + 12, (float)m.y + 4, vl_ui_panel_fg(), m.w - 24);
        top += hh + 8;
    }
    if (app->nmsg > 0 && app->now - app->msg[app->nmsg - 1].at <= VL_UI_MESSAGE_MS) {
        const VlUiMessage *msg = &app->msg[app->nmsg - 1];
        int h = app->text ? vl_ui_text_wrapped_height(app->text, 13, msg->text, m.w - 24) : 16;
        if (app->tools.active != VL_TOOL_NONE)
            top = m.y + m.h - h - 10; /* the tape's or sight line's own line is at the top (tools.c) */
        vl_ui_gfx_rect(app->r, (float)m.x, (float)top, (float)m.w, (float)h + 10, vl_ui_rgba(0x2A3A4Au, 225));
        vl_ui_text_draw_wrapped(app->text, 13, msg->text, (float)m.x + 12, (float)top + 5,
                                msg->bad ? vl_ui_rgb(0xFF8A80u) : vl_ui_panel_fg(), m.w - 24);
    }
    draw_side(app, &l);
    if (ed->priv->saveas)
        ed_saveas_draw(app);
    if (ed->priv->confirm_leave)
        draw_confirm(app);
}
