/* The scenario editor's edits of the document (editor.c's screen): the small helpers, what the
 * editor has in hand (the selection), the table drawn from the document, the problems told with
 * names, the edits (move, turn, nudge, delete, add a unit or brigade or objective, duplicate, finish
 * a feature, delete a corner), what is under the pointer, and the palette. */
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

/* ---- small helpers ---- */

double ed_compass_of(VlVec2 d)
{
    double a = atan2(d.x, d.y) * 180.0 / ED_PI;
    return a < 0 ? a + 360 : a;
}

double ed_norm_deg(double a)
{
    a = fmod(a, 360.0);
    if (a < 0)
        a += 360.0;
    if (a >= 360.0 - 1e-9)
        a = 0;
    return r6(a);
}

void ed_unit_fp(const VlScenario *s, int u, VlFootprint *fp)
{
    const VlScenarioUnit *su = &s->units[u];
    vl_footprint_build(fp, su->pose, su->formation, su->spec);
}

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
void ed_fresh_unit_name(const VlScenario *s, int side, VlUnitType type, char out[VL_NAME_MAX])
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

bool ed_sel_has(const VlUiEditor *ed, VlEdKind k, int i)
{
    for (int j = 0; j < ed->nsel; j++)
        if (ed->sel[j].kind == k && ed->sel[j].index == i)
            return true;
    return false;
}

void ed_sel_clear(VlUiEditor *ed)
{
    ed->nsel = 0;
    ed->priv->sel_vertex = -1;
}

void ed_sel_add(VlUiEditor *ed, VlEdKind k, int i)
{
    if (ed_sel_has(ed, k, i) || ed->nsel >= VL_ED_SELECT_MAX)
        return;
    ed->sel[ed->nsel++] = (VlEdRef){k, i};
    ed->priv->sel_vertex = -1;
}

void ed_sel_remove(VlUiEditor *ed, VlEdKind k, int i)
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
void ed_edit_name(const VlUiEditor *ed, const char *verb, char *out, size_t size)
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

/* Drop selection entries that no longer name anything (after an undo, say). */
void ed_sel_validate(VlUiEditor *ed)
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

void ed_rebuild_view(VlUiApp *app)
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
    /* A game keeps a reinforcement off the table until it arrives; the editor shows it where it will
     * come on, its label saying when ("· arrives turn 3"; the drawing's copy only: the document keeps its arrival). On
     * this table the tape and the sight probe count it as there, as the game will once it is. */
    for (int i = 0; i < app->scenario.nunits; i++) {
        VlScenarioUnit *u = &app->scenario.units[i];
        if (u->arrive_turn <= 0)
            continue;
        char label[VL_SHORT_MAX + 32];
        const char *name = vl_unit_label(&app->scenario, i);
        snprintf(label, sizeof label, "%s \xC2\xB7 arrives turn %d", name, u->arrive_turn);
        if (strlen(label) >= sizeof u->short_name)
            snprintf(label, sizeof label, "%s, turn %d", name, u->arrive_turn);
        if (strlen(label) >= sizeof u->short_name)
            snprintf(label, sizeof label, "%.24s\xE2\x80\xA6, turn %d", name, u->arrive_turn);
        snprintf(u->short_name, sizeof u->short_name, "%s", label);
        if (u->name[0]) { /* the table's labels use the whole name where there is room */
            char whole[VL_NAME_MAX + 32];
            snprintf(whole, sizeof whole, "%s \xC2\xB7 arrives turn %d", u->name, u->arrive_turn);
            if (strlen(whole) < sizeof u->name)
                snprintf(u->name, sizeof u->name, "%s", whole);
        }
        u->arrive_turn = 0;
    }
    VlRuleOptions ro = vl_rule_options_for(&app->scenario);
    ed->view = vl_game_create(&app->scenario, 1, &ro);
    vl_ui_build_meshes(app);
}

void ed_ensure_view(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    if (ed->seen_generation != ed->doc.generation || ed->priv->view_stale || !app->have_scenario) {
        ed_rebuild_view(app);
        ed_sel_validate(ed);
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

/* ---- edits of the document ---- */

bool ed_begin(VlUiApp *app, const char *what)
{
    if (vl_edit_begin(&app->editor->doc, what) != VL_OK) {
        vl_ui_app_message(app, true, "Cannot start the edit \"%s\": out of memory.", what);
        return false;
    }
    return true;
}

void ed_end(VlUiApp *app)
{
    vl_edit_end(&app->editor->doc);
    ed_sel_validate(app->editor);
    selection_changed(app);
}

void ed_drop_base(VlUiEdPriv *p)
{
    if (p->have_base)
        vl_scenario_free(&p->base);
    p->have_base = false;
}

/* A drag's edit: begun on its first move, doc.s as it was kept to make the moves from. */
bool ed_drag_begin(VlUiApp *app, const char *what)
{
    VlUiEdPriv *p = priv(app);
    if (!ed_begin(app, what))
        return false;
    ed_drop_base(p);
    if (vl_scenario_clone(&app->editor->doc.s, &p->base) != VL_OK) {
        vl_edit_cancel(&app->editor->doc);
        return false;
    }
    p->have_base = true;
    return true;
}

/* Move everything selected by @p d from where it was when the drag began. */
void ed_move_selection(VlUiApp *app, VlVec2 d)
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
            ps->facing = ed_norm_deg(ps->facing + deg);
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

void ed_nudge(VlUiApp *app, double dx, double dy)
{
    VlUiEditor *ed = app->editor;
    if (ed->nsel == 0) {
        vl_ui_app_message(app, true, "Select something first: the arrow keys move what is selected.");
        return;
    }
    char what[64];
    ed_edit_name(ed, "move", what, sizeof what);
    if (!ed_drag_begin(app, what))
        return;
    ed_move_selection(app, vl_v2(dx, dy));
    ed_drop_base(ed->priv);
    ed_end(app);
}

void ed_turn_by_key(VlUiApp *app, double deg)
{
    VlUiEditor *ed = app->editor;
    if (count_kind(ed, VL_ED_UNIT) == 0) {
        vl_ui_app_message(app, true, "Select a unit first: [ and ] turn the units selected.");
        return;
    }
    char what[64];
    ed_edit_name(ed, "turn", what, sizeof what);
    if (!ed_begin(app, what))
        return;
    turn_units(app, deg);
    ed_end(app);
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

void ed_delete_selection(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    if (ed->nsel == 0) {
        vl_ui_app_message(app, true, "Nothing is selected to delete.");
        return;
    }
    char what[64];
    ed_edit_name(ed, "delete", what, sizeof what);
    if (ed->nsel == 1) /* named before it goes */
        snprintf(what, sizeof what, "delete %s", ref_label(&ed->doc.s, ed->sel[0]));
    if (!ed_begin(app, what))
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
    ed_sel_clear(ed);
    ed_end(app);
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
int ed_add_unit(VlUiApp *app, VlVec2 at, double facing)
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
    ed_fresh_unit_name(s, u->side, u->type, u->name);
    u->formation = u->type == VL_GENERAL ? VL_FORM_NONE : p->pal_form[u->type];
    u->weapon = u->type == VL_GENERAL ? VL_WEAPON_NONE : p->pal_weapon[u->type];
    u->quality = p->pal_quality;
    u->mounted = true;
    u->pose.anchor = snap(at);
    u->pose.facing = ed_norm_deg(facing);
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

void ed_duplicate_selection(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    if (ed->nsel == 0) {
        vl_ui_app_message(app, true, "Select something first: Ctrl+D duplicates what is selected.");
        return;
    }
    char what[64];
    ed_edit_name(ed, "duplicate", what, sizeof what);
    if (!ed_begin(app, what))
        return;
    VlScenario *s = &ed->doc.s;
    VlEdRef made[VL_ED_SELECT_MAX];
    int nmade = 0;
    for (int j = 0; j < ed->nsel; j++) {
        int i = ed->sel[j].index;
        if (ed->sel[j].kind == VL_ED_UNIT && grow((void **)&s->units, s->nunits, sizeof s->units[0])) {
            VlScenarioUnit u = s->units[i];
            VlFootprint fp;
            ed_unit_fp(s, i, &fp);
            /* Beside the original, to its right, half an inch clear. */
            double w = vl_v2_dist(fp.box.p[0], fp.box.p[1]) + 0.5;
            u.pose.anchor = vl_v2(r6(u.pose.anchor.x + fp.right.x * w), r6(u.pose.anchor.y + fp.right.y * w));
            vl_edit_fresh_id(s, "u", u.id);
            ed_fresh_unit_name(s, u.side, u.type, u.name);
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
    ed_sel_clear(ed);
    for (int k = 0; k < nmade; k++)
        ed_sel_add(ed, made[k].kind, made[k].index);
    ed_end(app);
}

void ed_add_objective(VlUiApp *app, VlVec2 at)
{
    VlUiEditor *ed = app->editor;
    VlScenario *s = &ed->doc.s;
    char name[VL_NAME_MAX];
    snprintf(name, sizeof name, "Objective %d", s->nobjectives + 1);
    char what[128];
    snprintf(what, sizeof what, "add %s", name);
    if (!ed_begin(app, what))
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
    ed_sel_clear(ed);
    ed_sel_add(ed, VL_ED_OBJECTIVE, i);
    ed_end(app);
    vl_ui_app_message(app, false, "Added %s (3 in round, 1 point): drag it to move it; the form sets its name and points.", name);
}

/* The feature drawn with the terrain tool is done: added when its shape is one the loader takes. */
void ed_finish_feature(VlUiApp *app)
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
    if (!ed_begin(app, what))
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
    ed_sel_clear(ed);
    ed_sel_add(ed, VL_ED_TERRAIN, i);
    ed_end(app);
    vl_ui_app_message(app, false, "Added a %s of %d points. Drag a corner to move it, click an edge to add one.",
                      vl_terrain_type_name(t->type), i >= 0 ? s->terrain[i].npts : 0);
}

void ed_delete_corner(VlUiApp *app)
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
    if (!ed_begin(app, what))
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
    ed_end(app);
}

/* ---- what is under the pointer ---- */

static int unit_at(const VlScenario *s, VlVec2 p)
{
    for (int pass = 0; pass < 2; pass++) /* generals are drawn on top: found first */
        for (int u = s->nunits - 1; u >= 0; u--) {
            if ((s->units[u].type == VL_GENERAL) != (pass == 0))
                continue;
            VlFootprint fp;
            ed_unit_fp(s, u, &fp);
            if (vl_poly_point_side(fp.box.p, 4, p) >= 0)
                return u;
        }
    return -1;
}

/* A unit's front corner within @p tol inches of @p p (selected units first); its index, or -1. */
int ed_corner_unit_at(const VlUiEditor *ed, VlVec2 p, double tol)
{
    const VlScenario *s = &ed->doc.s;
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < s->nunits; u++) {
            if (ed_sel_has(ed, VL_ED_UNIT, u) != (pass == 0) || s->units[u].type == VL_GENERAL)
                continue;
            VlFootprint fp;
            ed_unit_fp(s, u, &fp);
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

VlEdRef ed_thing_at(const VlUiApp *app, VlVec2 p)
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

void ed_palette_step(VlUiApp *app, int field, int dir)
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
            ed_pal_label(app, f, lab, sizeof lab);
            if (strcasecmp(lab, value) == 0 || (f == PAL_SIDE && atoi(value) == p->pal_side + 1))
                return true;
            ed_palette_step(app, f, 1);
        }
        return false;
    }
    return false;
}
