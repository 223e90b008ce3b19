/* The scenario editor's screen (issue 38): the edited table drawn by the game's own scene (a VlGame
 * built from the document whenever it changes), the tools on it (select, move, turn, nudge, several
 * selected, a brigade as one; units placed from the palette; terrain drawn corner by corner and
 * reshaped; objectives), undo and redo (every edit is one vl_edit_begin .. vl_edit_end of the core's
 * VlEditDoc), the problems list (the loader's own, found by vl_scenario_check), saving, and play and
 * the sandbox from the edited table. The forms of the side panel are editor_form.c's. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "app.h"
#include "editor.h"
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

#define ED_POLY_MAX 256
#define ED_PI 3.14159265358979323846
#define ED_BTN_MAX 40
#define ED_PROBLEM_ROWS 64

enum { ED_TOOL_SELECT, ED_TOOL_UNIT, ED_TOOL_TERRAIN, ED_TOOL_OBJECTIVE, ED_TOOL_COUNT };
static const char *const TOOL_WORD[ED_TOOL_COUNT] = {"select", "unit", "terrain", "objective"};
static const char *const TOOL_LABEL[ED_TOOL_COUNT] = {"Select (S)", "Unit (U)", "Terrain (T)", "Objective (O)"};

/* The palette's fields (buttons of the top bar that cycle through their choices). */
enum { PAL_SIDE, PAL_TYPE, PAL_FORM, PAL_QUALITY, PAL_WEAPON, PAL_TERRAIN, PAL_LEVEL, PAL_WIDTH, PAL_COUNT };
static const char *const PAL_WORD[PAL_COUNT] = {"side", "type", "formation", "quality", "weapon", "terrain", "level", "width"};

enum { ACT_UNDO, ACT_REDO, ACT_SAVE, ACT_SAVE_AS, ACT_PLAY, ACT_SANDBOX, ACT_LEAVE, ACT_COUNT };
static const char *const ACT_WORD[ACT_COUNT] = {"undo", "redo", "save", "save-as", "play", "sandbox", "leave"};
static const char *const ACT_LABEL[ACT_COUNT] = {"Undo (Ctrl+Z)", "Redo (Ctrl+Y)", "Save (Ctrl+S)", "Save as\xE2\x80\xA6",
                                                 "Play (F5)",     "Sandbox (F6)",  "Leave (Esc)"};

typedef enum { B_TOOL, B_PAL, B_ACT, B_MEASURE } BtnKind;
typedef struct EdBtn {
    SDL_Rect r;
    BtnKind kind;
    int arg;
    char label[64];
    bool on;
} EdBtn;

typedef enum { DRAG_NONE, DRAG_MOVE, DRAG_TURN, DRAG_CORNER, DRAG_BOX, DRAG_PLACE, DRAG_PAN } DragKind;

/* The widths a line feature may be given from the palette, inches. */
static const double WIDTHS[] = {0.1, 0.2, 0.5, 1.0, 2.0, 3.0};
#define NWIDTHS ((int)(sizeof WIDTHS / sizeof WIDTHS[0]))

typedef struct VlUiEdPriv {
    /* the palette: what a new unit or feature is */
    int pal_side;
    VlUnitType pal_type;
    VlFormation pal_form[VL_UNIT_TYPE_COUNT];
    VlQuality pal_quality;
    VlWeapon pal_weapon[VL_UNIT_TYPE_COUNT];
    int pal_brigade[2];          ///< the brigade a new unit of each side joins (the last general's), or -1
    VlTerrainType pal_terrain;
    int pal_level;
    int pal_width;               ///< index into WIDTHS
    /* a feature being drawn with the terrain tool */
    int npoly;
    VlVec2 poly[ED_POLY_MAX];
    /* the gesture on the table */
    DragKind drag;
    bool active;                 ///< it has moved past the threshold (a drag, not a click)
    int press_x, press_y, last_x, last_y;
    VlVec2 press_at;
    int turn_unit;
    int corner_feature, corner_index;
    VlScenario base;             ///< doc.s as the drag began (moves are made from it)
    bool have_base;
    int sel_vertex;              ///< the corner selected on the one feature selected, or -1
    bool view_stale;             ///< doc.s changed in a drag: the table is drawn afresh
    bool confirm_leave, leave_quits;
    bool from_menu;              ///< opened from the menu (Play takes the menu's players)
    bool saveas;                 ///< the Save as box is open, its file name in saveas_field
    VlUiField saveas_field;
} VlUiEdPriv;

/* ---- small helpers ---- */

static double r6(double v) { return round(v * 1e6) / 1e6; }

/* Where a click puts a new unit, objective or corner: the nearest twentieth of an inch (1.3 mm,
 * finer than anyone places a base by hand), so the file reads 12.35, not 12.348214. Drags move by
 * the same steps; a typed position in the form is kept as typed. */
static VlVec2 snap(VlVec2 at) { return vl_v2(round(at.x * 20) / 20, round(at.y * 20) / 20); }

static Uint16 mods(const VlUiApp *app) { return (Uint16)(SDL_GetModState() | app->script_mod); }

static double compass_of(VlVec2 d)
{
    double a = atan2(d.x, d.y) * 180.0 / ED_PI;
    return a < 0 ? a + 360 : a;
}

static double norm_deg(double a)
{
    a = fmod(a, 360.0);
    if (a < 0)
        a += 360.0;
    if (a >= 360.0 - 1e-9)
        a = 0;
    return r6(a);
}

static void unit_fp(const VlScenario *s, int u, VlFootprint *fp)
{
    const VlScenarioUnit *su = &s->units[u];
    vl_footprint_build(fp, su->pose, su->formation, su->spec);
}

static VlVec2 world_at(const VlUiApp *app, int x, int y) { return vl_ui_camera_to_world(&app->cam, (float)x, (float)y); }

static double px_to_in(const VlUiApp *app, double px) { return px / (app->cam.zoom > 0 ? app->cam.zoom : 1); }

static bool is_areal(VlTerrainType t) { return t < VL_T_AREAL_COUNT; }

static const char *ordinal_suffix(int n)
{
    int t = n % 100;
    if (t >= 11 && t <= 13)
        return "th";
    return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

static bool name_used(const VlScenario *s, const char *name)
{
    for (int i = 0; i < s->nunits; i++)
        if (strcmp(s->units[i].name, name) == 0)
            return true;
    return false;
}

/* A name for a new unit a player can read and tell apart: "3rd Union Infantry", "1st Confederate
 * Battery", "Brig. Gen. Baker" (a surname from a short list; the form renames it). */
static void fresh_unit_name(const VlScenario *s, int side, VlUnitType type, char out[VL_NAME_MAX])
{
    static const char *const surnames[2][12] = {
        {"Adams", "Baker", "Carter", "Dawson", "Ellis", "Fuller", "Gibbs", "Harper", "Irwin", "Jarvis", "Keller", "Lowell"},
        {"Avery", "Blount", "Crane", "Drake", "Ewing", "Fry", "Gaines", "Hale", "Iverson", "Jenkins", "King", "Lane"}};
    const char *side_name = side >= 0 && side < s->nsides ? s->sides[side].name : "New";
    for (int n = 1; n < 10000; n++) {
        if (type == VL_GENERAL) {
            if (n <= 12)
                snprintf(out, VL_NAME_MAX, "Brig. Gen. %s", surnames[side & 1][n - 1]);
            else
                snprintf(out, VL_NAME_MAX, "Brig. Gen. %s %d", surnames[side & 1][(n - 1) % 12], n / 12 + 1);
        } else {
            const char *what = type == VL_CAVALRY ? "Cavalry" : type == VL_ARTILLERY ? "Battery" : "Infantry";
            snprintf(out, VL_NAME_MAX, "%d%s %.40s %s", n, ordinal_suffix(n), side_name, what);
        }
        if (!name_used(s, out))
            return;
    }
}

/* "Woods 2", "Fence 1": a feature's name until the form gives it a better one. */
static void fresh_feature_name(const VlScenario *s, VlTerrainType type, char out[96])
{
    for (int n = 1; n < 10000; n++) {
        snprintf(out, 96, "%s %d", vl_terrain_type_name(type), n);
        out[0] = (char)toupper((unsigned char)out[0]);
        bool used = false;
        for (int i = 0; i < s->nterrain && !used; i++)
            used = strcmp(s->terrain[i].name, out) == 0;
        if (!used)
            return;
    }
}

/* ---- what the editor has in hand ---- */

static VlUiEdPriv *priv(VlUiApp *app) { return app->editor ? app->editor->priv : NULL; }

static bool sel_has(const VlUiEditor *ed, VlEdKind k, int i)
{
    for (int j = 0; j < ed->nsel; j++)
        if (ed->sel[j].kind == k && ed->sel[j].index == i)
            return true;
    return false;
}

static void sel_clear(VlUiEditor *ed)
{
    ed->nsel = 0;
    ed->priv->sel_vertex = -1;
}

static void sel_add(VlUiEditor *ed, VlEdKind k, int i)
{
    if (sel_has(ed, k, i) || ed->nsel >= VL_ED_SELECT_MAX)
        return;
    ed->sel[ed->nsel++] = (VlEdRef){k, i};
    ed->priv->sel_vertex = -1;
}

static void sel_remove(VlUiEditor *ed, VlEdKind k, int i)
{
    for (int j = 0; j < ed->nsel; j++)
        if (ed->sel[j].kind == k && ed->sel[j].index == i) {
            memmove(&ed->sel[j], &ed->sel[j + 1], (size_t)(ed->nsel - j - 1) * sizeof ed->sel[0]);
            ed->nsel--;
            return;
        }
}

static const char *ref_label(const VlScenario *s, VlEdRef r)
{
    switch (r.kind) {
    case VL_ED_UNIT: return vl_unit_label(s, r.index);
    case VL_ED_TERRAIN: return vl_terrain_label(s, r.index);
    case VL_ED_OBJECTIVE: return vl_objective_label(s, r.index);
    default: return "nothing";
    }
}

/* "move 3rd Union Infantry", or "move 3 things" for several. */
static void edit_name(const VlUiEditor *ed, const char *verb, char *out, size_t size)
{
    if (ed->nsel == 1)
        snprintf(out, size, "%s %s", verb, ref_label(&ed->doc.s, ed->sel[0]));
    else {
        bool units = true;
        for (int i = 0; i < ed->nsel; i++)
            units &= ed->sel[i].kind == VL_ED_UNIT;
        snprintf(out, size, "%s %d %s", verb, ed->nsel, units ? "units" : "things");
    }
}

/* The selection changed, or the document did: the form reads its fields afresh. */
static void selection_changed(VlUiApp *app) { vl_ui_editor_form_refresh(app); }

/* Drop selection entries that no longer name anything (after an undo, say). */
static void sel_validate(VlUiEditor *ed)
{
    const VlScenario *s = &ed->doc.s;
    int k = 0;
    for (int j = 0; j < ed->nsel; j++) {
        VlEdRef r = ed->sel[j];
        int n = r.kind == VL_ED_UNIT ? s->nunits : r.kind == VL_ED_TERRAIN ? s->nterrain : r.kind == VL_ED_OBJECTIVE ? s->nobjectives : 0;
        if (r.index >= 0 && r.index < n)
            ed->sel[k++] = r;
    }
    ed->nsel = k;
    if (ed->priv->sel_vertex >= 0 && !(ed->nsel == 1 && ed->sel[0].kind == VL_ED_TERRAIN &&
                                       ed->priv->sel_vertex < s->terrain[ed->sel[0].index].npts))
        ed->priv->sel_vertex = -1;
}

/* ---- the table drawn: a game of the document, rebuilt when it changes ---- */

static void rebuild_view(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    vl_game_destroy(ed->view);
    ed->view = NULL;
    if (app->have_scenario)
        vl_scenario_free(&app->scenario);
    app->have_scenario = false;
    ed->seen_generation = ed->doc.generation;
    ed->priv->view_stale = false;
    if (vl_scenario_clone(&ed->doc.s, &app->scenario) != VL_OK)
        return;
    app->have_scenario = true;
    VlRuleOptions ro = vl_rule_options_for(&app->scenario);
    ed->view = vl_game_create(&app->scenario, 1, &ro);
    vl_ui_build_meshes(app);
}

static void ensure_view(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    if (ed->seen_generation != ed->doc.generation || ed->priv->view_stale || !app->have_scenario) {
        rebuild_view(app);
        sel_validate(ed);
    }
}

/* ---- the problems: the loader's, told with names ---- */

static bool id_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '-'; }

static const char *label_of_id(const VlScenario *s, const char *id)
{
    for (int i = 0; i < s->nunits; i++)
        if (strcmp(s->units[i].id, id) == 0)
            return vl_unit_label(s, i);
    for (int i = 0; i < s->nterrain; i++)
        if (strcmp(s->terrain[i].id, id) == 0)
            return vl_terrain_label(s, i);
    for (int i = 0; i < s->nobjectives; i++)
        if (strcmp(s->objectives[i].id, id) == 0)
            return vl_objective_label(s, i);
    for (int i = 0; i < s->nbrigades; i++)
        if (strcmp(s->brigades[i].id, id) == 0)
            return vl_brigade_label(s, i);
    for (int i = 0; i < s->nsides; i++)
        if (strcmp(s->sides[i].id, id) == 0)
            return s->sides[i].name;
    return NULL;
}

void vl_ui_editor_problem_text(const VlScenario *s, const VlDiag *d, char *out, size_t size)
{
    /* Every id in the loader's words becomes the thing's name; "(units[3])" and the like go. */
    size_t n = 0;
    const char *m = d->message;
    out[0] = 0;
    while (*m && n + 1 < size) {
        if (*m == ' ' && m[1] == '(' && (strncmp(m + 2, "units[", 6) == 0 || strncmp(m + 2, "terrain[", 8) == 0)) {
            const char *close = strchr(m, ')');
            if (close) {
                m = close + 1;
                continue;
            }
        }
        if (id_char(*m) && (m == d->message || !id_char(m[-1]))) {
            size_t len = 0;
            while (id_char(m[len]))
                len++;
            char id[VL_ID_MAX];
            const char *label = NULL;
            if (len < sizeof id) {
                memcpy(id, m, len);
                id[len] = 0;
                label = label_of_id(s, id);
            }
            const char *put = label ? label : m;
            size_t plen = label ? strlen(label) : len;
            if (n + plen >= size)
                plen = size - n - 1;
            memcpy(out + n, put, plen);
            n += plen;
            m += len;
            continue;
        }
        out[n++] = *m++;
    }
    out[n] = 0;
    if (n > 0)
        out[0] = (char)toupper((unsigned char)out[0]);
}

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

static void pal_label(VlUiApp *app, int field, char *out, size_t size)
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
            pal_label(app, fields[k], lab, sizeof lab);
            add_btn(app, l, &x, by, bh, B_PAL, fields[k], lab, false);
        }
    } else if (ed->tool == ED_TOOL_TERRAIN) {
        pal_label(app, PAL_TERRAIN, lab, sizeof lab);
        add_btn(app, l, &x, by, bh, B_PAL, PAL_TERRAIN, lab, false);
        if (p->pal_terrain == VL_T_HILL) {
            pal_label(app, PAL_LEVEL, lab, sizeof lab);
            add_btn(app, l, &x, by, bh, B_PAL, PAL_LEVEL, lab, false);
        } else if (!is_areal(p->pal_terrain)) {
            pal_label(app, PAL_WIDTH, lab, sizeof lab);
            add_btn(app, l, &x, by, bh, B_PAL, PAL_WIDTH, lab, false);
        }
    }
    /* The action bar under the table. */
    SDL_Rect act = app->rects.action;
    x = act.x + 8;
    for (int a = 0; a < ACT_COUNT; a++)
        add_btn(app, l, &x, act.y + 9, act.h - 18, B_ACT, a, ACT_LABEL[a], false);
}

/* ---- edits of the document ---- */

static bool begin(VlUiApp *app, const char *what)
{
    if (vl_edit_begin(&app->editor->doc, what) != VL_OK) {
        vl_ui_app_message(app, true, "Cannot start the edit \"%s\": out of memory.", what);
        return false;
    }
    return true;
}

static void end(VlUiApp *app)
{
    vl_edit_end(&app->editor->doc);
    sel_validate(app->editor);
    selection_changed(app);
}

static void drop_base(VlUiEdPriv *p)
{
    if (p->have_base)
        vl_scenario_free(&p->base);
    p->have_base = false;
}

/* A drag's edit: begun on its first move, doc.s as it was kept to make the moves from. */
static bool drag_begin(VlUiApp *app, const char *what)
{
    VlUiEdPriv *p = priv(app);
    if (!begin(app, what))
        return false;
    drop_base(p);
    if (vl_scenario_clone(&app->editor->doc.s, &p->base) != VL_OK) {
        vl_edit_cancel(&app->editor->doc);
        return false;
    }
    p->have_base = true;
    return true;
}

/* Move everything selected by @p d from where it was when the drag began. */
static void move_selection(VlUiApp *app, VlVec2 d)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    VlScenario *s = &ed->doc.s;
    const VlScenario *b = &p->base;
    for (int j = 0; j < ed->nsel; j++) {
        int i = ed->sel[j].index;
        switch (ed->sel[j].kind) {
        case VL_ED_UNIT:
            s->units[i].pose.anchor = vl_v2(r6(b->units[i].pose.anchor.x + d.x), r6(b->units[i].pose.anchor.y + d.y));
            break;
        case VL_ED_OBJECTIVE:
            s->objectives[i].position = vl_v2(r6(b->objectives[i].position.x + d.x), r6(b->objectives[i].position.y + d.y));
            break;
        case VL_ED_TERRAIN:
            for (int k = 0; k < s->terrain[i].npts && k < b->terrain[i].npts; k++)
                s->terrain[i].pts[k] = vl_v2(r6(b->terrain[i].pts[k].x + d.x), r6(b->terrain[i].pts[k].y + d.y));
            s->terrain[i].bounds = vl_box_of_points(s->terrain[i].pts, s->terrain[i].npts);
            break;
        default: break;
        }
    }
    p->view_stale = true;
}

/* Turn the selected units (or the one given) by @p deg about each one's front middle. */
static void turn_units(VlUiApp *app, double deg)
{
    VlUiEditor *ed = app->editor;
    for (int j = 0; j < ed->nsel; j++)
        if (ed->sel[j].kind == VL_ED_UNIT) {
            VlPose *ps = &ed->doc.s.units[ed->sel[j].index].pose;
            ps->facing = norm_deg(ps->facing + deg);
        }
    ed->priv->view_stale = true;
}

static int count_kind(const VlUiEditor *ed, VlEdKind k)
{
    int n = 0;
    for (int j = 0; j < ed->nsel; j++)
        n += ed->sel[j].kind == k;
    return n;
}

static void nudge(VlUiApp *app, double dx, double dy)
{
    VlUiEditor *ed = app->editor;
    if (ed->nsel == 0) {
        vl_ui_app_message(app, true, "Select something first: the arrow keys move what is selected.");
        return;
    }
    char what[64];
    edit_name(ed, "move", what, sizeof what);
    if (!drag_begin(app, what))
        return;
    move_selection(app, vl_v2(dx, dy));
    drop_base(ed->priv);
    end(app);
}

static void turn_by_key(VlUiApp *app, double deg)
{
    VlUiEditor *ed = app->editor;
    if (count_kind(ed, VL_ED_UNIT) == 0) {
        vl_ui_app_message(app, true, "Select a unit first: [ and ] turn the units selected.");
        return;
    }
    char what[64];
    edit_name(ed, "turn", what, sizeof what);
    if (!begin(app, what))
        return;
    turn_units(app, deg);
    end(app);
}

/* The scenario without unit @p u: the indices that pointed past it move down one. */
static void remove_unit(VlScenario *s, int u)
{
    for (int b = 0; b < s->nbrigades; b++)
        if (s->brigades[b].commander == u)
            s->brigades[b].commander = -1;
        else if (s->brigades[b].commander > u)
            s->brigades[b].commander--;
    for (int e = 0; e < s->nevents; e++)
        if (s->events[e].unit == u) {
            s->events[e].unit = -1;
            s->events[e].effect = VL_EFFECT_NONE;
        } else if (s->events[e].unit > u)
            s->events[e].unit--;
    for (int c = 0; c < s->ncorps; c++)
        if (s->corps[c].commander > u)
            s->corps[c].commander--;
    memmove(&s->units[u], &s->units[u + 1], (size_t)(s->nunits - u - 1) * sizeof s->units[0]);
    s->nunits--;
}

static void remove_terrain(VlScenario *s, int t)
{
    free(s->terrain[t].pts);
    memmove(&s->terrain[t], &s->terrain[t + 1], (size_t)(s->nterrain - t - 1) * sizeof s->terrain[0]);
    s->nterrain--;
}

static void remove_objective(VlScenario *s, int o)
{
    memmove(&s->objectives[o], &s->objectives[o + 1], (size_t)(s->nobjectives - o - 1) * sizeof s->objectives[0]);
    s->nobjectives--;
}

static int cmp_desc(const void *a, const void *b) { return *(const int *)b - *(const int *)a; }

static void delete_selection(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    if (ed->nsel == 0) {
        vl_ui_app_message(app, true, "Nothing is selected to delete.");
        return;
    }
    char what[64];
    edit_name(ed, "delete", what, sizeof what);
    if (ed->nsel == 1) /* named before it goes */
        snprintf(what, sizeof what, "delete %s", ref_label(&ed->doc.s, ed->sel[0]));
    if (!begin(app, what))
        return;
    for (int kind = VL_ED_UNIT; kind <= VL_ED_OBJECTIVE; kind++) {
        int idx[VL_ED_SELECT_MAX], n = 0;
        for (int j = 0; j < ed->nsel; j++)
            if ((int)ed->sel[j].kind == kind)
                idx[n++] = ed->sel[j].index;
        qsort(idx, (size_t)n, sizeof idx[0], cmp_desc);
        for (int k = 0; k < n; k++) {
            if (kind == VL_ED_UNIT)
                remove_unit(&ed->doc.s, idx[k]);
            else if (kind == VL_ED_TERRAIN)
                remove_terrain(&ed->doc.s, idx[k]);
            else
                remove_objective(&ed->doc.s, idx[k]);
        }
    }
    sel_clear(ed);
    end(app);
    vl_ui_app_message(app, false, "Deleted: %s. Ctrl+Z brings it back.", what + 7);
}

static bool grow(void **arr, int n, size_t elem)
{
    void *q = realloc(*arr, (size_t)(n + 1) * elem);
    if (!q)
        return false;
    *arr = q;
    return true;
}

/* A brigade for a new general of side @p side, commanded by unit @p u: "Baker's Brigade". */
static int add_brigade(VlScenario *s, int side, int u)
{
    if (!grow((void **)&s->brigades, s->nbrigades, sizeof s->brigades[0]))
        return -1;
    if (s->initial_order && !grow((void **)&s->initial_order, s->nbrigades, sizeof s->initial_order[0]))
        return -1;
    VlBrigade *b = &s->brigades[s->nbrigades];
    memset(b, 0, sizeof *b);
    vl_edit_fresh_id(s, "b", b->id);
    const char *gen = s->units[u].name;
    const char *sur = strrchr(gen, ' ');
    snprintf(b->name, sizeof b->name, "%.80s's Brigade", sur ? sur + 1 : gen);
    b->side = side;
    b->commander = u;
    if (s->initial_order)
        s->initial_order[s->nbrigades] = VL_ORDER_NONE;
    return s->nbrigades++;
}

/* A new unit of the palette's choice at @p at facing @p facing; its index, or -1. */
static int add_unit(VlUiApp *app, VlVec2 at, double facing)
{
    VlUiEdPriv *p = priv(app);
    VlScenario *s = &app->editor->doc.s;
    if (!grow((void **)&s->units, s->nunits, sizeof s->units[0]))
        return -1;
    VlScenarioUnit *u = &s->units[s->nunits];
    memset(u, 0, sizeof *u);
    vl_edit_fresh_id(s, "u", u->id);
    u->side = p->pal_side;
    u->type = p->pal_type;
    fresh_unit_name(s, u->side, u->type, u->name);
    u->formation = u->type == VL_GENERAL ? VL_FORM_NONE : p->pal_form[u->type];
    u->weapon = u->type == VL_GENERAL ? VL_WEAPON_NONE : p->pal_weapon[u->type];
    u->quality = p->pal_quality;
    u->mounted = true;
    u->pose.anchor = snap(at);
    u->pose.facing = norm_deg(facing);
    u->spec = vl_base_spec_default(u->type);
    u->brigade = -1;
    int i = s->nunits++;
    if (u->type == VL_GENERAL) {
        int b = add_brigade(s, u->side, i);
        if (b >= 0) {
            s->units[i].brigade = b;
            snprintf(s->units[i].brigade_label, sizeof s->units[i].brigade_label, "%s", s->brigades[b].id);
            p->pal_brigade[u->side & 1] = b;
        }
    } else {
        int b = p->pal_brigade[u->side & 1];
        if (b >= 0 && b < s->nbrigades && s->brigades[b].side == u->side) {
            s->units[i].brigade = b;
            snprintf(s->units[i].brigade_label, sizeof s->units[i].brigade_label, "%s", s->brigades[b].id);
        }
    }
    vl_scenario_short_names(s);
    return i;
}

static void duplicate_selection(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    if (ed->nsel == 0) {
        vl_ui_app_message(app, true, "Select something first: Ctrl+D duplicates what is selected.");
        return;
    }
    char what[64];
    edit_name(ed, "duplicate", what, sizeof what);
    if (!begin(app, what))
        return;
    VlScenario *s = &ed->doc.s;
    VlEdRef made[VL_ED_SELECT_MAX];
    int nmade = 0;
    for (int j = 0; j < ed->nsel; j++) {
        int i = ed->sel[j].index;
        if (ed->sel[j].kind == VL_ED_UNIT && grow((void **)&s->units, s->nunits, sizeof s->units[0])) {
            VlScenarioUnit u = s->units[i];
            VlFootprint fp;
            unit_fp(s, i, &fp);
            /* Beside the original, to its right, half an inch clear. */
            double w = vl_v2_dist(fp.box.p[0], fp.box.p[1]) + 0.5;
            u.pose.anchor = vl_v2(r6(u.pose.anchor.x + fp.right.x * w), r6(u.pose.anchor.y + fp.right.y * w));
            vl_edit_fresh_id(s, "u", u.id);
            fresh_unit_name(s, u.side, u.type, u.name);
            u.short_name[0] = 0;
            u.short_given = false;
            s->units[s->nunits] = u;
            made[nmade++] = (VlEdRef){VL_ED_UNIT, s->nunits++};
        } else if (ed->sel[j].kind == VL_ED_TERRAIN && grow((void **)&s->terrain, s->nterrain, sizeof s->terrain[0])) {
            VlTerrain t = s->terrain[i];
            t.pts = malloc((size_t)t.npts * sizeof *t.pts);
            if (!t.pts)
                continue;
            for (int k = 0; k < t.npts; k++)
                t.pts[k] = vl_v2(r6(s->terrain[i].pts[k].x + 2), r6(s->terrain[i].pts[k].y - 2));
            t.bounds = vl_box_of_points(t.pts, t.npts);
            vl_edit_fresh_id(s, "t", t.id);
            fresh_feature_name(s, t.type, t.name);
            s->terrain[s->nterrain] = t;
            made[nmade++] = (VlEdRef){VL_ED_TERRAIN, s->nterrain++};
        } else if (ed->sel[j].kind == VL_ED_OBJECTIVE &&
                   grow((void **)&s->objectives, s->nobjectives, sizeof s->objectives[0])) {
            VlObjective o = s->objectives[i];
            o.position = vl_v2(r6(o.position.x + 3), o.position.y);
            vl_edit_fresh_id(s, "o", o.id);
            snprintf(o.name, sizeof o.name, "Objective %d", s->nobjectives + 1);
            s->objectives[s->nobjectives] = o;
            made[nmade++] = (VlEdRef){VL_ED_OBJECTIVE, s->nobjectives++};
        }
    }
    vl_scenario_short_names(s);
    sel_clear(ed);
    for (int k = 0; k < nmade; k++)
        sel_add(ed, made[k].kind, made[k].index);
    end(app);
}

static void add_objective(VlUiApp *app, VlVec2 at)
{
    VlUiEditor *ed = app->editor;
    VlScenario *s = &ed->doc.s;
    char name[VL_NAME_MAX];
    snprintf(name, sizeof name, "Objective %d", s->nobjectives + 1);
    char what[128];
    snprintf(what, sizeof what, "add %s", name);
    if (!begin(app, what))
        return;
    if (!grow((void **)&s->objectives, s->nobjectives, sizeof s->objectives[0])) {
        vl_edit_cancel(&ed->doc);
        return;
    }
    VlObjective *o = &s->objectives[s->nobjectives];
    memset(o, 0, sizeof *o);
    vl_edit_fresh_id(s, "o", o->id);
    snprintf(o->name, sizeof o->name, "%s", name);
    o->position = snap(at);
    o->radius = 3;
    o->points = 1;
    int i = s->nobjectives++;
    sel_clear(ed);
    sel_add(ed, VL_ED_OBJECTIVE, i);
    end(app);
    vl_ui_app_message(app, false, "Added %s (3 in round, 1 point): drag it to move it; the form sets its name and points.", name);
}

/* The feature drawn with the terrain tool is done: added when its shape is one the loader takes. */
static void finish_feature(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    bool areal = is_areal(p->pal_terrain);
    int need = areal ? 3 : 2;
    if (p->npoly < need) {
        vl_ui_app_message(app, true, "A %s needs at least %d points (it has %d): click more, or Esc to drop it.",
                          vl_terrain_type_name(p->pal_terrain), need, p->npoly);
        return;
    }
    char why[200] = "";
    if (areal && !vl_poly_is_simple(p->poly, p->npoly, why, sizeof why)) {
        vl_ui_app_message(app, true, "This outline crosses itself (%s): Backspace takes back the last corner.", why);
        return;
    }
    char what[96];
    snprintf(what, sizeof what, "add %s", vl_terrain_type_name(p->pal_terrain));
    VlScenario *s = &ed->doc.s;
    if (!begin(app, what))
        return;
    if (!grow((void **)&s->terrain, s->nterrain, sizeof s->terrain[0])) {
        vl_edit_cancel(&ed->doc);
        return;
    }
    VlTerrain *t = &s->terrain[s->nterrain];
    memset(t, 0, sizeof *t);
    t->pts = malloc((size_t)p->npoly * sizeof *t->pts);
    if (!t->pts) {
        vl_edit_cancel(&ed->doc);
        return;
    }
    memcpy(t->pts, p->poly, (size_t)p->npoly * sizeof *t->pts);
    t->npts = p->npoly;
    t->type = p->pal_terrain;
    t->level = t->type == VL_T_HILL ? p->pal_level : 0;
    t->width = areal ? 0 : WIDTHS[p->pal_width];
    t->bounds = vl_box_of_points(t->pts, t->npts);
    vl_edit_fresh_id(s, "t", t->id);
    fresh_feature_name(s, t->type, t->name);
    int i = s->nterrain++;
    p->npoly = 0;
    sel_clear(ed);
    sel_add(ed, VL_ED_TERRAIN, i);
    end(app);
    vl_ui_app_message(app, false, "Added a %s of %d points. Drag a corner to move it, click an edge to add one.",
                      vl_terrain_type_name(t->type), i >= 0 ? s->terrain[i].npts : 0);
}

static void delete_corner(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    int f = ed->sel[0].index, k = p->sel_vertex;
    VlTerrain *t = &ed->doc.s.terrain[f];
    int least = is_areal(t->type) ? 3 : 2;
    if (t->npts <= least) {
        vl_ui_app_message(app, true, "%s keeps its last %d %s: delete the whole feature instead (select it, Del).",
                          vl_terrain_label(&ed->doc.s, f), least, is_areal(t->type) ? "corners" : "points");
        return;
    }
    char what[128];
    snprintf(what, sizeof what, "delete a corner of %s", vl_terrain_label(&ed->doc.s, f));
    if (!begin(app, what))
        return;
    t = &ed->doc.s.terrain[f];
    memmove(&t->pts[k], &t->pts[k + 1], (size_t)(t->npts - k - 1) * sizeof t->pts[0]);
    t->npts--;
    t->bounds = vl_box_of_points(t->pts, t->npts);
    char why[200] = "";
    if (is_areal(t->type) && !vl_poly_is_simple(t->pts, t->npts, why, sizeof why)) {
        vl_edit_cancel(&ed->doc);
        vl_ui_app_message(app, true, "Refused: without that corner the outline would cross itself (%s).", why);
        return;
    }
    p->sel_vertex = -1;
    end(app);
}

/* ---- what is under the pointer ---- */

static int unit_at(const VlScenario *s, VlVec2 p)
{
    for (int pass = 0; pass < 2; pass++) /* generals are drawn on top: found first */
        for (int u = s->nunits - 1; u >= 0; u--) {
            if ((s->units[u].type == VL_GENERAL) != (pass == 0))
                continue;
            VlFootprint fp;
            unit_fp(s, u, &fp);
            if (vl_poly_point_side(fp.box.p, 4, p) >= 0)
                return u;
        }
    return -1;
}

/* A unit's front corner within @p tol inches of @p p (selected units first); its index, or -1. */
static int corner_unit_at(const VlUiEditor *ed, VlVec2 p, double tol)
{
    const VlScenario *s = &ed->doc.s;
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < s->nunits; u++) {
            if (sel_has(ed, VL_ED_UNIT, u) != (pass == 0) || s->units[u].type == VL_GENERAL)
                continue;
            VlFootprint fp;
            unit_fp(s, u, &fp);
            if (vl_v2_dist(fp.box.p[0], p) <= tol || vl_v2_dist(fp.box.p[1], p) <= tol)
                return u;
        }
    return -1;
}

static int objective_at(const VlScenario *s, VlVec2 p, double tol, bool whole)
{
    for (int o = s->nobjectives - 1; o >= 0; o--) {
        double d = vl_v2_dist(p, s->objectives[o].position);
        if (d <= tol || (whole && d <= s->objectives[o].radius))
            return o;
    }
    return -1;
}

static int terrain_at(const VlScenario *s, VlVec2 p, double tol)
{
    for (int i = s->nterrain - 1; i >= 0; i--) {
        const VlTerrain *t = &s->terrain[i];
        if (is_areal(t->type))
            continue;
        for (int k = 1; k < t->npts; k++)
            if (vl_point_segment_dist(p, t->pts[k - 1], t->pts[k]) <= t->width / 2 + tol)
                return i;
    }
    for (int pass = 0; pass < 2; pass++) /* buildings over the areas they stand in */
        for (int i = s->nterrain - 1; i >= 0; i--) {
            const VlTerrain *t = &s->terrain[i];
            if (!is_areal(t->type) || (t->type == VL_T_BUILDING) != (pass == 0) || t->npts < 3)
                continue;
            if (vl_poly_point_side(t->pts, t->npts, p) >= 0)
                return i;
        }
    return -1;
}

static VlEdRef thing_at(const VlUiApp *app, VlVec2 p)
{
    const VlScenario *s = &app->editor->doc.s;
    double tol = px_to_in(app, 6);
    int i;
    if ((i = unit_at(s, p)) >= 0)
        return (VlEdRef){VL_ED_UNIT, i};
    if ((i = objective_at(s, p, px_to_in(app, 10), false)) >= 0)
        return (VlEdRef){VL_ED_OBJECTIVE, i};
    if ((i = terrain_at(s, p, tol)) >= 0)
        return (VlEdRef){VL_ED_TERRAIN, i};
    if ((i = objective_at(s, p, 0, true)) >= 0)
        return (VlEdRef){VL_ED_OBJECTIVE, i};
    return (VlEdRef){VL_ED_NONE, -1};
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
    rebuild_view(app);
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
        copy.units[u].pose.facing = norm_deg(copy.units[u].pose.facing);
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
        drop_base(ed->priv);
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

/* ---- saving ---- */

/* The user's own scenarios folder: beside the saves ($XDG_DATA_HOME/volley/scenarios). */
static bool user_scenarios_dir(const VlUiApp *app, char *out, size_t size)
{
    const char *saves = app->opt.save_dir;
    const char *slash = strrchr(saves, '/');
    if (!saves[0] || !slash)
        return false;
    return snprintf(out, size, "%.*s/scenarios", (int)(slash - saves), saves) < (int)size;
}

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
    if (!user_scenarios_dir(app, dir, sizeof dir)) {
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

static void saveas_open(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    VlUiEdPriv *p = ed->priv;
    char start[1024];
    if (ed->doc.path[0])
        snprintf(start, sizeof start, "%s", ed->doc.path);
    else {
        char dir[700], stem[80];
        file_stem(ed->doc.s.name, stem, sizeof stem);
        if (user_scenarios_dir(app, dir, sizeof dir))
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
    if (!strchr(name, '/') && user_scenarios_dir(app, dir, sizeof dir)) {
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

static bool saveas_event(VlUiApp *app, const SDL_Event *e)
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

static void saveas_draw(VlUiApp *app)
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

static void leave_now(VlUiApp *app, bool quit)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", app->editor->doc.path);
    vl_ui_editor_close(app);
    if (quit)
        app->quit = true;
    else
        vl_ui_app_menu(app, path[0] ? path : NULL);
}

static void request_leave(VlUiApp *app, bool quit)
{
    VlUiEdPriv *p = priv(app);
    if (app->editor->doc.dirty) {
        p->confirm_leave = true;
        p->leave_quits = quit;
        return;
    }
    leave_now(app, quit);
}

/* Play (sandbox false) or open the sandbox on the edited table: saved first, then a game of it. */
static void play_table(VlUiApp *app, bool sandbox)
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

static void undo_redo(VlUiApp *app, bool redo)
{
    VlUiEditor *ed = app->editor;
    char what[64] = "";
    bool ok = redo ? vl_edit_redo(&ed->doc, what, sizeof what) : vl_edit_undo(&ed->doc, what, sizeof what);
    if (!ok) {
        vl_ui_app_message(app, true, redo ? "Nothing to redo." : "Nothing to undo.");
        return;
    }
    ed->priv->npoly = 0;
    sel_validate(ed);
    selection_changed(app);
    vl_ui_app_message(app, false, "%s: %s", redo ? "Redone" : "Undone", what);
}

/* ---- the palette ---- */

static const VlFormation *forms_of(VlUnitType t, int *n)
{
    static const VlFormation inf[] = {VL_FORM_LINE, VL_FORM_COLUMN, VL_FORM_SKIRMISH, VL_FORM_SQUARE};
    static const VlFormation cav[] = {VL_FORM_LINE, VL_FORM_COLUMN};
    static const VlFormation art[] = {VL_FORM_UNLIMBERED, VL_FORM_LIMBERED};
    static const VlFormation gen[] = {VL_FORM_NONE};
    switch (t) {
    case VL_INFANTRY: *n = 4; return inf;
    case VL_CAVALRY: *n = 2; return cav;
    case VL_ARTILLERY: *n = 2; return art;
    default: *n = 1; return gen;
    }
}

static const VlWeapon *weapons_of(VlUnitType t, int *n)
{
    static const VlWeapon inf[] = {VL_RIFLED, VL_SMOOTHBORE, VL_BREECHLOADER};
    static const VlWeapon cav[] = {VL_CARBINE, VL_BREECHLOADER, VL_RIFLED, VL_SMOOTHBORE};
    static const VlWeapon art[] = {VL_SMOOTHBORE, VL_RIFLED};
    static const VlWeapon gen[] = {VL_WEAPON_NONE};
    switch (t) {
    case VL_INFANTRY: *n = 3; return inf;
    case VL_CAVALRY: *n = 4; return cav;
    case VL_ARTILLERY: *n = 2; return art;
    default: *n = 1; return gen;
    }
}

static int wrap(int v, int n) { return ((v % n) + n) % n; }

static void palette_step(VlUiApp *app, int field, int dir)
{
    VlUiEdPriv *p = priv(app);
    int n;
    switch (field) {
    case PAL_SIDE: p->pal_side = wrap(p->pal_side + dir, 2); break;
    case PAL_TYPE: p->pal_type = (VlUnitType)wrap((int)p->pal_type + dir, VL_UNIT_TYPE_COUNT); break;
    case PAL_FORM: {
        const VlFormation *f = forms_of(p->pal_type, &n);
        int k = 0;
        while (k < n && f[k] != p->pal_form[p->pal_type])
            k++;
        p->pal_form[p->pal_type] = f[wrap(k + dir, n)];
        break;
    }
    case PAL_QUALITY: p->pal_quality = (VlQuality)wrap((int)p->pal_quality + dir, VL_QUALITY_COUNT); break;
    case PAL_WEAPON: {
        const VlWeapon *w = weapons_of(p->pal_type, &n);
        int k = 0;
        while (k < n && w[k] != p->pal_weapon[p->pal_type])
            k++;
        p->pal_weapon[p->pal_type] = w[wrap(k + dir, n)];
        break;
    }
    case PAL_TERRAIN:
        p->pal_terrain = (VlTerrainType)wrap((int)p->pal_terrain + dir, VL_T_STREAM + 1);
        p->npoly = 0;
        break;
    case PAL_LEVEL: p->pal_level = wrap(p->pal_level - 1 + dir, 4) + 1; break;
    case PAL_WIDTH: p->pal_width = wrap(p->pal_width + dir, NWIDTHS); break;
    default: break;
    }
}

bool vl_ui_editor_set_tool(VlUiApp *app, const char *word)
{
    if (!app->editor)
        return false;
    for (int t = 0; t < ED_TOOL_COUNT; t++)
        if (strcmp(word, TOOL_WORD[t]) == 0) {
            app->editor->tool = t;
            app->editor->priv->npoly = 0;
            return true;
        }
    return false;
}

bool vl_ui_editor_set_palette(VlUiApp *app, const char *field, const char *value)
{
    if (!app->editor)
        return false;
    VlUiEdPriv *p = app->editor->priv;
    for (int f = 0; f < PAL_COUNT; f++) {
        if (strcmp(field, PAL_WORD[f]) != 0)
            continue;
        if (f == PAL_LEVEL) {
            int v = atoi(value);
            if (v < 1 || v > 9)
                return false;
            p->pal_level = v;
            return true;
        }
        if (f == PAL_WIDTH) {
            double v = atof(value);
            for (int k = 0; k < NWIDTHS; k++)
                if (fabs(WIDTHS[k] - v) < 1e-9) {
                    p->pal_width = k;
                    return true;
                }
            return false;
        }
        /* The others by their words: step through the choices until the label matches. */
        for (int k = 0; k < 16; k++) {
            char lab[64];
            pal_label(app, f, lab, sizeof lab);
            if (strcasecmp(lab, value) == 0 || (f == PAL_SIDE && atoi(value) == p->pal_side + 1))
                return true;
            palette_step(app, f, 1);
        }
        return false;
    }
    return false;
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
            sel_clear(ed);
        sel_add(ed, VL_ED_UNIT, u);
        vl_ui_app_message(app, false, "%s belongs to no brigade.", vl_unit_label(s, u));
        return;
    }
    if (!add)
        sel_clear(ed);
    int n = 0;
    for (int i = 0; i < s->nunits; i++)
        if (strcmp(s->units[i].brigade_label, b) == 0 ||
            (s->units[u].brigade >= 0 && s->brigades[s->units[u].brigade].commander == i)) {
            sel_add(ed, VL_ED_UNIT, i);
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
        fresh_unit_name(s, p->pal_side, p->pal_type, name);
        snprintf(what, sizeof what, "add %s", name);
        if (!begin(app, what))
            return;
        /* Facing the other side's half of the table until dragged round. */
        int u = add_unit(app, at, at.y < s->height / 2 ? 0 : 180);
        if (u < 0) {
            vl_edit_cancel(&ed->doc);
            return;
        }
        sel_clear(ed);
        sel_add(ed, VL_ED_UNIT, u);
        p->turn_unit = u;
        p->drag = DRAG_PLACE;
        p->view_stale = true;
        return;
    }
    case ED_TOOL_OBJECTIVE: add_objective(app, at); return;
    case ED_TOOL_TERRAIN: {
        bool areal = is_areal(p->pal_terrain);
        if (p->npoly > 0 && b->clicks >= 2 && !areal) {
            finish_feature(app);
            return;
        }
        if (areal && p->npoly >= 3 && vl_v2_dist(at, p->poly[0]) <= tol) {
            finish_feature(app);
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
            if (!drag_begin(app, what))
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
            drop_base(p);
            p->view_stale = true;
            return;
        }
    }
    int cu = corner_unit_at(ed, at, tol); /* Shift here turns it freely, it does not add to the selection */
    if (cu >= 0) {
        if (!sel_has(ed, VL_ED_UNIT, cu)) {
            sel_clear(ed);
            sel_add(ed, VL_ED_UNIT, cu);
            selection_changed(app);
        }
        p->turn_unit = cu;
        p->drag = DRAG_TURN;
        return;
    }
    VlEdRef hit = thing_at(app, at);
    if (hit.kind == VL_ED_NONE) {
        if (!shift)
            sel_clear(ed);
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
        if (sel_has(ed, hit.kind, hit.index))
            sel_remove(ed, hit.kind, hit.index);
        else
            sel_add(ed, hit.kind, hit.index);
    } else if (!sel_has(ed, hit.kind, hit.index)) {
        sel_clear(ed);
        sel_add(ed, hit.kind, hit.index);
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
        case DRAG_MOVE: edit_name(ed, "move", what, sizeof what); break;
        case DRAG_TURN: snprintf(what, sizeof what, "turn %s", vl_unit_label(s, p->turn_unit)); break;
        case DRAG_CORNER: snprintf(what, sizeof what, "move a corner of %s", vl_terrain_label(s, p->corner_feature)); break;
        default: what[0] = 0;
        }
        if (what[0] && !drag_begin(app, what)) {
            p->drag = DRAG_NONE;
            return;
        }
    }
    bool free_turn = (mods(app) & (KMOD_SHIFT | KMOD_ALT)) != 0;
    switch (p->drag) {
    case DRAG_MOVE: {
        VlVec2 d = vl_v2_sub(at, p->press_at);
        /* In steps of a twentieth of an inch: positions a player can type back. */
        move_selection(app, vl_v2(round(d.x * 20) / 20, round(d.y * 20) / 20));
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
            want = compass_of(vl_v2_sub(at, ps->anchor));
        else {
            const VlPose *b0 = &p->base.units[u].pose;
            want = b0->facing + compass_of(vl_v2_sub(at, b0->anchor)) - compass_of(vl_v2_sub(p->press_at, b0->anchor));
        }
        if (!free_turn)
            want = round(want / 5) * 5;
        ps->facing = norm_deg(want);
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
        end(app);
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
            unit_fp(s, u, &fp);
            VlVec2 c = vl_ui_centre_of(&fp);
            if (c.x >= box.lo.x && c.x <= box.hi.x && c.y >= box.lo.y && c.y <= box.hi.y)
                sel_add(ed, VL_ED_UNIT, u);
        }
        for (int o = 0; o < s->nobjectives; o++) {
            VlVec2 c = s->objectives[o].position;
            if (c.x >= box.lo.x && c.x <= box.hi.x && c.y >= box.lo.y && c.y <= box.hi.y)
                sel_add(ed, VL_ED_OBJECTIVE, o);
        }
        selection_changed(app);
        if (ed->nsel)
            vl_ui_app_message(app, false, "%d selected: drag one of them to move them together.", ed->nsel);
        return;
    }
    if (!p->active || (k != DRAG_MOVE && k != DRAG_TURN && k != DRAG_CORNER))
        return;
    drop_base(p);
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
    end(app);
    p->view_stale = true;
}

static void cancel_gesture(VlUiApp *app)
{
    VlUiEdPriv *p = priv(app);
    if (app->editor->doc.open)
        vl_edit_cancel(&app->editor->doc);
    drop_base(p);
    p->drag = DRAG_NONE;
    p->active = false;
    p->view_stale = true;
    sel_validate(app->editor);
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
    case B_PAL: palette_step(app, b->arg, dir); return;
    case B_ACT:
        switch (b->arg) {
        case ACT_UNDO: undo_redo(app, false); return;
        case ACT_REDO: undo_redo(app, true); return;
        case ACT_SAVE: vl_ui_editor_save(app, NULL); return;
        case ACT_SAVE_AS: saveas_open(app); return;
        case ACT_PLAY: play_table(app, false); return;
        case ACT_SANDBOX: play_table(app, true); return;
        case ACT_LEAVE: request_leave(app, false); return;
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
        leave_now(app, p->leave_quits);
    else if (choice == 1)
        leave_now(app, p->leave_quits);
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
        unit_fp(s, t.index, &fp);
        c = vl_ui_centre_of(&fp);
        have = true;
        sel_clear(ed);
        sel_add(ed, VL_ED_UNIT, t.index);
    } else if (t.kind == VL_PROBLEM_TERRAIN && t.index >= 0 && t.index < s->nterrain && s->terrain[t.index].npts > 0) {
        c = vl_v2((s->terrain[t.index].bounds.lo.x + s->terrain[t.index].bounds.hi.x) / 2,
                  (s->terrain[t.index].bounds.lo.y + s->terrain[t.index].bounds.hi.y) / 2);
        have = true;
        sel_clear(ed);
        sel_add(ed, VL_ED_TERRAIN, t.index);
    } else if (t.kind == VL_PROBLEM_OBJECTIVE && t.index >= 0 && t.index < s->nobjectives) {
        c = s->objectives[t.index].position;
        have = true;
        sel_clear(ed);
        sel_add(ed, VL_ED_OBJECTIVE, t.index);
    } else if (t.kind == VL_PROBLEM_BRIGADE && t.index >= 0 && t.index < s->nbrigades && s->brigades[t.index].commander >= 0) {
        int u = s->brigades[t.index].commander;
        c = s->units[u].pose.anchor;
        have = true;
        sel_clear(ed);
        sel_add(ed, VL_ED_UNIT, u);
    } else {
        sel_clear(ed); /* a problem of the scenario as a whole: its own form */
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
            sel_clear(ed);
            selection_changed(app);
        } else
            request_leave(app, false);
        return;
    }
    if (p->drag != DRAG_NONE && p->drag != DRAG_PAN)
        return; /* keys wait for the drag to end */
    if (ctrl) {
        switch (key) {
        case SDLK_z: undo_redo(app, shift); return;
        case SDLK_y: undo_redo(app, true); return;
        case SDLK_s:
            if (shift)
                saveas_open(app);
            else
                vl_ui_editor_save(app, NULL);
            return;
        case SDLK_d: duplicate_selection(app); return;
        case SDLK_a:
            sel_clear(ed);
            for (int u = 0; u < ed->doc.s.nunits; u++)
                sel_add(ed, VL_ED_UNIT, u);
            selection_changed(app);
            return;
        case SDLK_q: request_leave(app, true); return;
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
            finish_feature(app);
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
            delete_corner(app);
        else
            delete_selection(app);
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
    case SDLK_LEFT: nudge(app, -step, 0); return;
    case SDLK_RIGHT: nudge(app, step, 0); return;
    case SDLK_UP: nudge(app, 0, step); return;
    case SDLK_DOWN: nudge(app, 0, -step); return;
    case SDLK_LEFTBRACKET: turn_by_key(app, shift ? -1 : -5); return;
    case SDLK_RIGHTBRACKET: turn_by_key(app, shift ? 1 : 5); return;
    case SDLK_F5: play_table(app, false); return;
    case SDLK_F6: play_table(app, true); return;
    default: return;
    }
}

void vl_ui_editor_event(VlUiApp *app, const SDL_Event *e)
{
    VlUiEditor *ed = app->editor;
    if (!ed)
        return;
    VlUiEdPriv *p = ed->priv;
    ensure_view(app);
    if (e->type == SDL_QUIT) {
        request_leave(app, true);
        return;
    }
    if (p->confirm_leave) {
        confirm_event(app, e);
        return;
    }
    if (p->saveas) {
        saveas_event(app, e);
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
        ensure_view(app);
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
    unit_fp(s, u, &fp);
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
                unit_fp(s, i, &fp);
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
    ensure_view(app);
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
        saveas_draw(app);
    if (ed->priv->confirm_leave)
        draw_confirm(app);
}
