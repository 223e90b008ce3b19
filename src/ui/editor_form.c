/* The editor's forms (issue 38): the properties of what is selected (a unit and its brigade, a
 * terrain feature, an objective, several things at once) or, with nothing selected, the scenario's
 * own. Every change is one edit of the document (vl_edit_begin ... vl_edit_end), so it can be
 * undone; numbers are held to the format's bounds (docs/scenario-format.md "Bounds") and refused
 * with a message naming the range; formations and weapons are offered only where the type allows
 * them (D-SCN-3). Where things stand (overlaps, off the table) is left to the loader's checks,
 * which the editor lists. */
#include "editor_form.h"

#include "panels.h"
#include "theme.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define FONT 13
#define HEAD_FONT 15
#define LABEL_W 116
#define ROW_H 28
#define FIELD_H 22
#define PAD 12

enum {
    K_NONE,
    /* a unit */
    K_U_NAME, K_U_SHORT, K_U_SIDE, K_U_TYPE, K_U_FORM, K_U_MOUNTED, K_U_WEAPON, K_U_QUAL, K_U_BASES, K_U_BRIGADE,
    K_U_X, K_U_Y, K_U_FACING, K_U_ARR_TURN, K_U_ARR_EDGE, K_U_MUSTER,
    /* its brigade */
    K_B_NAME, K_B_COMMANDER,
    /* a feature */
    K_T_TYPE, K_T_NAME, K_T_LEVEL, K_T_WIDTH,
    /* an objective */
    K_O_NAME, K_O_POINTS, K_O_RADIUS, K_O_X, K_O_Y,
    /* several */
    K_M_SIDE, K_M_QUAL, K_M_MUSTER,
    /* the scenario */
    K_S_NAME, K_S_DESC, K_S_YEAR, K_S_THEATRE, K_S_WIDTH, K_S_HEIGHT, K_S_TURNS, K_S_BREAK, K_S_FIRST,
    K_S_SIDE0, K_S_SIDE1, K_S_CHARGES,
};

/* Choice values that are not indexes. */
enum { V_NONE = -1, V_NEW = -2 };

static const char *const EDGES[] = {"north", "south", "east", "west"};

/* Text into a member of @p size bytes (the field's cap already holds it to the member's). */
static void copy(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* ---- the form's state ---- */

static struct VlUiForm *form_of(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    if (!ed)
        return NULL;
    if (!ed->form) {
        ed->form = calloc(1, sizeof *ed->form);
        if (!ed->form)
            return NULL;
        ed->form->focus = -1;
        /* The live window rolls from the clock; tests and scripts (no thread aside) from a fixed
         * seed, so that their rolls repeat. */
        vl_rng_seed(&ed->form->dice, app->opt.think_aside ? vl_ui_clock_seed() : 1, 1863);
    }
    return ed->form;
}

void vl_ui_editor_form_seed(VlUiApp *app, uint64_t seed)
{
    struct VlUiForm *f = form_of(app);
    if (f)
        vl_rng_seed(&f->dice, seed, 1863);
}

static uint64_t selection_key(const VlUiEditor *ed)
{
    uint64_t h = 0xcbf29ce484222325ull;
    h = (h ^ (uint64_t)(unsigned)ed->nsel) * 0x100000001b3ull;
    for (int i = 0; i < ed->nsel; i++) {
        h = (h ^ (uint64_t)ed->sel[i].kind) * 0x100000001b3ull;
        h = (h ^ (uint64_t)(unsigned)ed->sel[i].index) * 0x100000001b3ull;
    }
    return h;
}

static uint64_t shown_key(const VlUiEditor *ed)
{
    return (selection_key(ed) ^ (uint64_t)(unsigned)ed->doc.generation) * 0x100000001b3ull;
}

static void say(VlUiApp *app, bool bad, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(VlUiApp *app, bool bad, const char *fmt, ...)
{
    struct VlUiForm *f = form_of(app);
    char buf[240];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    vl_ui_app_message(app, bad, "%s", buf);
    if (f) {
        snprintf(f->note, sizeof f->note, "%s", buf);
        f->note_bad = bad;
    }
}

/* ---- building the rows ---- */

static VlFormRow *add_row(struct VlUiForm *f, VlFormRowKind kind, const char *text)
{
    if (f->nrows == VL_FORM_ROWS)
        return NULL;
    VlFormRow *r = &f->rows[f->nrows++];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    snprintf(r->text, sizeof r->text, "%s", text);
    return r;
}

static void head(struct VlUiForm *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void head(struct VlUiForm *f, const char *fmt, ...)
{
    char buf[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    add_row(f, VL_FORM_HEAD, buf);
}

static void note(struct VlUiForm *f, const char *text) { add_row(f, VL_FORM_NOTE, text); }

static VlFormRow *field(struct VlUiForm *f, const char *label, int key)
{
    VlFormRow *r = add_row(f, VL_FORM_FIELD, label);
    if (r)
        r->key = key;
    return r;
}

static void text_field(struct VlUiForm *f, const char *label, int key, const char *value, int cap)
{
    VlFormRow *r = field(f, label, key);
    if (r)
        vl_ui_field_text(&r->f, value, cap);
}

static void number_field(struct VlUiForm *f, const char *label, int key, double value, double lo, double hi, bool integer,
                         const char *unit, bool may_be_empty)
{
    VlFormRow *r = field(f, label, key);
    if (!r)
        return;
    vl_ui_field_number(&r->f, value, lo, hi, integer, unit);
    r->f.may_be_empty = may_be_empty;
}

/* A choice: the caller adds words with word(), then sets the one chosen with choose(). */
static VlFormRow *choice_field(struct VlUiForm *f, const char *label, int key)
{
    VlFormRow *r = field(f, label, key);
    if (r)
        vl_ui_field_choice(&r->f, NULL, 0, -1);
    return r;
}

static void word(VlFormRow *r, const char *w, int val)
{
    if (!r || r->f.nwords == VL_FIELD_WORDS_MAX)
        return;
    int i = r->f.nwords++;
    snprintf(r->words[i], VL_FORM_WORD, "%s", w);
    r->f.words[i] = r->words[i];
    r->vals[i] = val;
}

static void choose(VlFormRow *r, int val)
{
    if (!r)
        return;
    r->f.index = -1;
    for (int i = 0; i < r->f.nwords; i++)
        if (r->vals[i] == val)
            r->f.index = i;
}

/* Row pointers move when rows are added, so words are added straight after the choice is made. */

static void button_field(struct VlUiForm *f, const char *label, int key, const char *caption)
{
    VlFormRow *r = field(f, label, key);
    if (r) {
        vl_ui_field_button(&r->f, "");
        copy(r->words[0], VL_FORM_WORD, caption);
        r->f.words[0] = r->words[0];
    }
}

/* D-SCN-3: the formations a unit of this type (cavalry: mounted or not) may take. */
static int allowed_formations(VlUnitType type, bool mounted, VlFormation out[4])
{
    switch (type) {
    case VL_INFANTRY:
        out[0] = VL_FORM_LINE, out[1] = VL_FORM_SKIRMISH, out[2] = VL_FORM_COLUMN, out[3] = VL_FORM_SQUARE;
        return 4;
    case VL_CAVALRY:
        if (mounted) {
            out[0] = VL_FORM_LINE, out[1] = VL_FORM_COLUMN;
        } else {
            out[0] = VL_FORM_SKIRMISH, out[1] = VL_FORM_SQUARE;
        }
        return 2;
    case VL_ARTILLERY:
        out[0] = VL_FORM_UNLIMBERED, out[1] = VL_FORM_LIMBERED;
        return 2;
    default:
        return 0;
    }
}

static bool formation_allowed(VlUnitType type, bool mounted, VlFormation f)
{
    VlFormation a[4];
    int n = allowed_formations(type, mounted, a);
    for (int i = 0; i < n; i++)
        if (a[i] == f)
            return true;
    return n == 0 && f == VL_FORM_NONE;
}

/* D-SCN-3: artillery has rifled or smoothbore guns; a general no weapon; the others any firearm. */
static int allowed_weapons(VlUnitType type, VlWeapon out[4])
{
    if (type == VL_GENERAL)
        return 0;
    out[0] = VL_RIFLED, out[1] = VL_SMOOTHBORE;
    if (type == VL_ARTILLERY)
        return 2;
    out[2] = VL_CARBINE, out[3] = VL_BREECHLOADER;
    return 4;
}

/* D-REP-8's reading of a side: Confederate when its id is "csa" or "cs", or its id or name says
 * "confed" or "rebel" (any case); otherwise Union. The muster tables need it (GOR-QUAL-1). */
static bool holds_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    for (; *s; s++)
        if (strncasecmp(s, w, n) == 0)
            return true;
    return false;
}

static bool side_confederate(const VlScenario *s, int side)
{
    if (side < 0 || side >= s->nsides)
        return false;
    const VlSide *sd = &s->sides[side];
    return strcasecmp(sd->id, "csa") == 0 || strcasecmp(sd->id, "cs") == 0 || holds_word(sd->id, "confed") ||
           holds_word(sd->id, "rebel") || holds_word(sd->name, "confed") || holds_word(sd->name, "rebel");
}

/* The distinct free brigade labels of a side's units (a scenario without a brigades list). */
static int free_labels(const VlScenario *s, int side, const char *out[VL_FIELD_WORDS_MAX], int max)
{
    int n = 0;
    for (int i = 0; i < s->nunits && n < max; i++) {
        const VlScenarioUnit *u = &s->units[i];
        if (u->side != side || !u->brigade_label[0])
            continue;
        bool seen = false;
        for (int k = 0; k < n && !seen; k++)
            seen = strcmp(out[k], u->brigade_label) == 0;
        if (!seen)
            out[n++] = u->brigade_label;
    }
    return n;
}

static void unit_rows(struct VlUiForm *f, const VlScenario *s, int u)
{
    const VlScenarioUnit *su = &s->units[u];
    char buf[200];
    head(f, "%s", vl_unit_full_name(s, u));
    text_field(f, "Name", K_U_NAME, su->name, VL_NAME_MAX - 1);
    text_field(f, "Short name", K_U_SHORT, su->short_name, VL_SHORT_MAX - 1);
    VlFormRow *r = choice_field(f, "Side", K_U_SIDE);
    for (int i = 0; i < s->nsides; i++)
        word(r, vl_ui_side_name(s, i), i);
    choose(r, su->side);
    r = choice_field(f, "Type", K_U_TYPE);
    for (int t = 0; t < VL_UNIT_TYPE_COUNT; t++)
        word(r, vl_unit_type_name((VlUnitType)t), t);
    choose(r, su->type);
    VlFormation forms[4];
    int nf = allowed_formations(su->type, su->mounted, forms);
    if (nf) {
        r = choice_field(f, "Formation", K_U_FORM);
        for (int i = 0; i < nf; i++)
            word(r, vl_formation_name(forms[i]), forms[i]);
        choose(r, su->formation);
    }
    if (su->type == VL_CAVALRY) {
        r = field(f, "Mounted", K_U_MOUNTED);
        if (r)
            vl_ui_field_check(&r->f, su->mounted);
    }
    VlWeapon weapons[4];
    int nw = allowed_weapons(su->type, weapons);
    if (nw) {
        r = choice_field(f, "Weapon", K_U_WEAPON);
        for (int i = 0; i < nw; i++)
            word(r, vl_weapon_name(weapons[i]), weapons[i]);
        choose(r, su->weapon);
    }
    r = choice_field(f, "Quality", K_U_QUAL);
    for (int q = 0; q < VL_QUALITY_COUNT; q++)
        word(r, vl_quality_name((VlQuality)q), q);
    choose(r, su->quality);
    number_field(f, "Bases", K_U_BASES, su->spec.count, 1, VL_MAX_BASES, true, NULL, false);
    r = choice_field(f, "Brigade", K_U_BRIGADE);
    word(r, "none (independent)", V_NONE);
    if (s->nbrigades > 0) {
        for (int b = 0; b < s->nbrigades; b++)
            if (s->brigades[b].side == su->side)
                word(r, vl_brigade_label(s, b), b);
        choose(r, su->brigade);
    } else {
        const char *labels[VL_FIELD_WORDS_MAX];
        int n = free_labels(s, su->side, labels, VL_FIELD_WORDS_MAX - 2);
        int chosen = V_NONE;
        for (int i = 0; i < n; i++) {
            word(r, vl_brigade_label_by_id(s, labels[i]), 1000 + i);
            if (strcmp(labels[i], su->brigade_label) == 0)
                chosen = 1000 + i;
        }
        choose(r, chosen);
    }
    word(r, "new brigade", V_NEW);
    number_field(f, "Position x", K_U_X, su->pose.anchor.x, 0, s->width, false, "in", false);
    number_field(f, "Position y", K_U_Y, su->pose.anchor.y, 0, s->height, false, "in", false);
    number_field(f, "Facing", K_U_FACING, su->pose.facing, -INFINITY, INFINITY, false, "deg", false);
    number_field(f, "Arrives turn", K_U_ARR_TURN, su->arrive_turn > 0 ? su->arrive_turn : NAN, 2, 99, true, NULL, true);
    if (su->arrive_turn > 0) {
        r = choice_field(f, "Arrives by", K_U_ARR_EDGE);
        int chosen = -1;
        for (int i = 0; i < 4; i++) {
            word(r, EDGES[i], i);
            if (strcmp(su->arrive_edge, EDGES[i]) == 0)
                chosen = i;
        }
        choose(r, chosen);
    }
    snprintf(buf, sizeof buf, su->type == VL_INFANTRY || su->type == VL_ARTILLERY ? "Roll quality and arms" : "Roll quality");
    button_field(f, "Muster", K_U_MUSTER, buf);
    if (su->brigade >= 0 && su->brigade < s->nbrigades) {
        const VlBrigade *b = &s->brigades[su->brigade];
        head(f, "Brigade: %s", vl_brigade_label(s, su->brigade));
        text_field(f, "Brigade name", K_B_NAME, b->name, VL_NAME_MAX - 1);
        r = choice_field(f, "Commander", K_B_COMMANDER);
        word(r, "none", V_NONE);
        for (int i = 0; i < s->nunits; i++)
            if (s->units[i].type == VL_GENERAL && s->units[i].side == b->side)
                word(r, vl_unit_label(s, i), i);
        choose(r, b->commander);
    }
}

static void terrain_rows(struct VlUiForm *f, const VlScenario *s, int t)
{
    const VlTerrain *tr = &s->terrain[t];
    bool areal = tr->type < VL_T_AREAL_COUNT;
    head(f, "%s (%s)", vl_terrain_label(s, t), areal ? "an area" : "a line");
    VlFormRow *r = choice_field(f, "Type", K_T_TYPE);
    for (int k = areal ? 0 : VL_T_AREAL_COUNT; k < (areal ? VL_T_AREAL_COUNT : VL_TERRAIN_TYPE_COUNT); k++)
        word(r, vl_terrain_type_name((VlTerrainType)k), k);
    choose(r, tr->type);
    text_field(f, "Name", K_T_NAME, tr->name, VL_NAME_MAX - 1);
    if (tr->type == VL_T_HILL)
        number_field(f, "Hill level", K_T_LEVEL, tr->level, 1, 9, true, NULL, false);
    if (!areal)
        number_field(f, "Width", K_T_WIDTH, tr->width, 0.05, 12, false, "in", false);
    char buf[120];
    snprintf(buf, sizeof buf, "%d %s; drag them on the table to reshape it.", tr->npts, areal ? "corners" : "points");
    note(f, buf);
}

static void objective_rows(struct VlUiForm *f, const VlScenario *s, int o)
{
    const VlObjective *ob = &s->objectives[o];
    head(f, "Objective: %s", vl_objective_label(s, o));
    text_field(f, "Name", K_O_NAME, ob->name, VL_NAME_MAX - 1);
    number_field(f, "Points", K_O_POINTS, ob->points, 0, 100, true, NULL, false);
    number_field(f, "Radius", K_O_RADIUS, ob->radius, 0.25, 48, false, "in", false);
    number_field(f, "Position x", K_O_X, ob->position.x, 0, s->width, false, "in", false);
    number_field(f, "Position y", K_O_Y, ob->position.y, 0, s->height, false, "in", false);
}

/* The selection's units, in the order selected. */
static int selected_units(const VlUiEditor *ed, int *out)
{
    int n = 0;
    for (int i = 0; i < ed->nsel; i++)
        if (ed->sel[i].kind == VL_ED_UNIT && ed->sel[i].index >= 0 && ed->sel[i].index < ed->doc.s.nunits)
            out[n++] = ed->sel[i].index;
    return n;
}

static void several_rows(struct VlUiForm *f, const VlUiEditor *ed)
{
    const VlScenario *s = &ed->doc.s;
    int nk[4] = {0};
    for (int i = 0; i < ed->nsel; i++)
        nk[ed->sel[i].kind]++;
    head(f, "%d selected", ed->nsel);
    char buf[200];
    int n = 0;
    buf[0] = '\0';
    static const char *const one[] = {"", "unit", "terrain feature", "objective"}, *const many[] = {"", "units", "terrain features", "objectives"};
    for (int k = 1; k < 4; k++)
        if (nk[k])
            n += snprintf(buf + n, sizeof buf - (size_t)n, "%s%d %s", n ? ", " : "", nk[k], nk[k] == 1 ? one[k] : many[k]);
    note(f, buf);
    int us[VL_ED_SELECT_MAX];
    int nu = selected_units(ed, us);
    if (nu == 0) {
        note(f, "Drag them on the table to move them together.");
        return;
    }
    note(f, nu == 1 ? "What the unit has:" : "What the units share (a change sets it for all):");
    int side = s->units[us[0]].side, qual = s->units[us[0]].quality;
    for (int i = 1; i < nu; i++) {
        if (s->units[us[i]].side != side)
            side = -1;
        if ((int)s->units[us[i]].quality != qual)
            qual = -1;
    }
    VlFormRow *r = choice_field(f, "Side", K_M_SIDE);
    for (int i = 0; i < s->nsides; i++)
        word(r, vl_ui_side_name(s, i), i);
    choose(r, side);
    r = choice_field(f, "Quality", K_M_QUAL);
    for (int q = 0; q < VL_QUALITY_COUNT; q++)
        word(r, vl_quality_name((VlQuality)q), q);
    choose(r, qual);
    snprintf(buf, sizeof buf, "Roll for the %d unit%s", nu, nu == 1 ? "" : "s");
    button_field(f, "Muster", K_M_MUSTER, buf);
}

static void scenario_rows(struct VlUiForm *f, const VlScenario *s, VlText *text)
{
    head(f, "Scenario");
    text_field(f, "Name", K_S_NAME, s->name, VL_NAME_MAX - 1);
    text_field(f, "Description", K_S_DESC, s->description, (int)sizeof s->description - 1);
    /* The field shows the start of a long description; the whole of it is read under it. */
    int tw, th, room = (f->area.w > 0 ? f->area.w : VL_UI_SIDE_PANEL_W) - 2 * PAD - LABEL_W - 18;
    vl_ui_text_size(text, FONT, s->description, &tw, &th);
    if (tw > room)
        note(f, s->description);
    number_field(f, "Year", K_S_YEAR, s->year ? s->year : NAN, 1861, 1865, true, NULL, true);
    VlFormRow *r = choice_field(f, "Theatre", K_S_THEATRE);
    word(r, "none", 0);
    word(r, "eastern", 1);
    word(r, "western", 2);
    choose(r, strcmp(s->theatre, "eastern") == 0 ? 1 : strcmp(s->theatre, "western") == 0 ? 2 : 0);
    number_field(f, "Table width", K_S_WIDTH, s->width, 12, 480, false, "in", false);
    number_field(f, "Table height", K_S_HEIGHT, s->height, 12, 480, false, "in", false);
    head(f, "Victory");
    number_field(f, "Turns", K_S_TURNS, s->turns, 1, 99, true, NULL, false);
    number_field(f, "Break percent", K_S_BREAK, s->break_percent, 1, 100, true, NULL, false);
    r = choice_field(f, "First to move", K_S_FIRST);
    for (int i = 0; i < s->nsides; i++)
        word(r, vl_ui_side_name(s, i), i);
    choose(r, s->first_side);
    head(f, "Sides and rules");
    text_field(f, "Side 1 name", K_S_SIDE0, s->nsides > 0 ? s->sides[0].name : "", VL_NAME_MAX - 1);
    text_field(f, "Side 2 name", K_S_SIDE1, s->nsides > 1 ? s->sides[1].name : "", VL_NAME_MAX - 1);
    r = choice_field(f, "Charges", K_S_CHARGES);
    word(r, "Good Old Rebel", VL_RULES_GOR);
    word(r, "Johnny Reb III", VL_RULES_JR3);
    word(r, "Gunson", VL_RULES_GUNSON);
    choose(r, s->charge_rules);
}

static bool selection_valid(const VlUiEditor *ed, VlEdRef ref)
{
    const VlScenario *s = &ed->doc.s;
    switch (ref.kind) {
    case VL_ED_UNIT: return ref.index >= 0 && ref.index < s->nunits;
    case VL_ED_TERRAIN: return ref.index >= 0 && ref.index < s->nterrain;
    case VL_ED_OBJECTIVE: return ref.index >= 0 && ref.index < s->nobjectives;
    default: return false;
    }
}

static void build(VlUiApp *app)
{
    VlUiEditor *ed = app->editor;
    struct VlUiForm *f = form_of(app);
    if (!f)
        return;
    /* Keep the keyboard on the same field across the rebuild; typing not yet committed stays. */
    int key = -1;
    VlUiField kept;
    memset(&kept, 0, sizeof kept);
    bool had_typed = false;
    if (f->focus >= 0 && f->focus < f->nrows) {
        key = f->rows[f->focus].key;
        kept = f->rows[f->focus].f;
        had_typed = kept.kind == VL_FIELD_TEXT || kept.kind == VL_FIELD_NUMBER;
    }
    /* Another selection takes the keyboard away from the field; an edit (or undo) keeps it. */
    uint64_t sel = selection_key(ed);
    if (f->built && sel != f->sel_shown) {
        key = -1;
        f->note[0] = '\0'; /* what it said was about the thing selected before */
        f->scroll = 0;
    }
    f->sel_shown = sel;
    f->nrows = 0;
    f->focus = -1;
    const VlScenario *s = &ed->doc.s;
    int valid = 0;
    for (int i = 0; i < ed->nsel; i++)
        valid += selection_valid(ed, ed->sel[i]);
    if (valid == 0)
        scenario_rows(f, s, app->text);
    else if (ed->nsel == 1 && ed->sel[0].kind == VL_ED_UNIT)
        unit_rows(f, s, ed->sel[0].index);
    else if (ed->nsel == 1 && ed->sel[0].kind == VL_ED_TERRAIN)
        terrain_rows(f, s, ed->sel[0].index);
    else if (ed->nsel == 1 && ed->sel[0].kind == VL_ED_OBJECTIVE)
        objective_rows(f, s, ed->sel[0].index);
    else
        several_rows(f, ed);
    f->shown = shown_key(ed);
    f->built = true;
    for (int i = 0; key >= 0 && i < f->nrows; i++)
        if (f->rows[i].kind == VL_FORM_FIELD && f->rows[i].key == key) {
            VlUiField *nf = &f->rows[i].f;
            nf->focus = true;
            if (kept.edited && nf->kind == kept.kind) {
                memcpy(nf->text, kept.text, sizeof nf->text);
                nf->cursor = kept.cursor;
                nf->edited = true;
            }
            memcpy(nf->saved, nf->text, sizeof nf->saved);
            if (kept.edited)
                memcpy(nf->saved, kept.saved, sizeof nf->saved);
            f->focus = i;
            return;
        }
    if (had_typed)
        SDL_StopTextInput();
}

void vl_ui_editor_form_refresh(VlUiApp *app)
{
    if (app->editor && form_of(app))
        build(app);
}

static struct VlUiForm *synced(VlUiApp *app)
{
    struct VlUiForm *f = form_of(app);
    if (f && (!f->built || f->shown != shown_key(app->editor)))
        build(app);
    return f;
}

/* ---- layout ---- */

static void layout(VlUiApp *app, struct VlUiForm *f, SDL_Rect area)
{
    f->area = area;
    int y = 10, width = area.w - 2 * PAD;
    for (int i = 0; i < f->nrows; i++) {
        VlFormRow *r = &f->rows[i];
        if (r->kind == VL_FORM_HEAD) {
            if (i > 0)
                y += 8;
            r->h = vl_ui_text_wrapped_height(app->text, HEAD_FONT, r->text, width) + 6;
            if (r->h < 20)
                r->h = 20;
        } else if (r->kind == VL_FORM_NOTE) {
            r->h = vl_ui_text_wrapped_height(app->text, FONT, r->text, width) + 4;
            if (r->h < 16)
                r->h = 16;
        } else {
            r->h = ROW_H;
        }
        r->y = y;
        y += r->h;
    }
    if (f->note[0])
        y += 8 + vl_ui_text_wrapped_height(app->text, FONT, f->note, width) + 4;
    f->content_h = y + 10;
    int most = f->content_h - area.h;
    if (f->scroll > most)
        f->scroll = most;
    if (f->scroll < 0)
        f->scroll = 0;
    for (int i = 0; i < f->nrows; i++) {
        VlFormRow *r = &f->rows[i];
        if (r->kind != VL_FORM_FIELD)
            continue;
        int fx = area.x + PAD + LABEL_W, fw = area.w - 2 * PAD - LABEL_W;
        if (f->content_h > area.h)
            fw -= 6; /* room for the scroll bar */
        r->f.rect = (SDL_Rect){fx, area.y + r->y - f->scroll + (ROW_H - FIELD_H) / 2, fw, FIELD_H};
    }
}

static void scroll_to(struct VlUiForm *f, int row)
{
    const VlFormRow *r = &f->rows[row];
    if (r->y - 4 < f->scroll)
        f->scroll = r->y - 4;
    else if (r->y + r->h + 4 > f->scroll + f->area.h)
        f->scroll = r->y + r->h + 4 - f->area.h;
}

bool vl_ui_editor_form_field_rect(VlUiApp *app, SDL_Rect area, const char *label, SDL_Rect *out)
{
    if (!app->editor)
        return false;
    struct VlUiForm *f = synced(app);
    if (!f)
        return false;
    layout(app, f, area);
    for (int i = 0; i < f->nrows; i++)
        if (f->rows[i].kind == VL_FORM_FIELD && strcasecmp(f->rows[i].text, label) == 0) {
            scroll_to(f, i);
            layout(app, f, area);
            *out = f->rows[i].f.rect;
            return true;
        }
    return false;
}

/* ---- committing: each change one edit of the document ---- */

static bool begin(VlUiApp *app, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool begin(VlUiApp *app, const char *fmt, ...)
{
    char what[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (vl_edit_begin(&app->editor->doc, what) != VL_OK) {
        say(app, true, "Out of memory: the change is not made.");
        return false;
    }
    return true;
}

static void end(VlUiApp *app) { vl_edit_end(&app->editor->doc); }

/* A new brigade of @p side for unit @p u: its index, or -1 when out of memory. A scenario that
 * named its brigades only by labels gets a brigades list with each label in it first (with a list,
 * every unit's brigade must be in it). */
static int add_brigade(VlScenario *s, int side, const char *label_for)
{
    if (s->nbrigades == 0) {
        for (int i = 0; i < s->nunits; i++) {
            VlScenarioUnit *su = &s->units[i];
            if (!su->brigade_label[0])
                continue;
            int b = -1;
            for (int k = 0; k < s->nbrigades && b < 0; k++)
                if (strcmp(s->brigades[k].id, su->brigade_label) == 0)
                    b = k;
            if (b < 0) {
                VlBrigade *nb = realloc(s->brigades, (size_t)(s->nbrigades + 1) * sizeof *nb);
                if (!nb)
                    return -1;
                s->brigades = nb;
                b = s->nbrigades++;
                memset(&nb[b], 0, sizeof nb[b]);
                snprintf(nb[b].id, sizeof nb[b].id, "%s", su->brigade_label);
                nb[b].side = su->side;
                nb[b].commander = -1;
            }
            su->brigade = b;
        }
    }
    VlBrigade *nb = realloc(s->brigades, (size_t)(s->nbrigades + 1) * sizeof *nb);
    if (!nb)
        return -1;
    s->brigades = nb;
    if (s->initial_order) {
        VlOrder *no = realloc(s->initial_order, (size_t)(s->nbrigades + 1) * sizeof *no);
        if (!no)
            return -1;
        s->initial_order = no;
        no[s->nbrigades] = VL_ORDER_NONE;
    }
    int b = s->nbrigades;
    memset(&nb[b], 0, sizeof nb[b]);
    vl_edit_fresh_id(s, "b", nb[b].id);
    s->nbrigades++;
    char name[VL_NAME_MAX + 16];
    snprintf(name, sizeof name, "%s's Brigade", label_for);
    copy(nb[b].name, sizeof nb[b].name, name);
    nb[b].side = side;
    nb[b].commander = -1;
    return b;
}

static const char *edge_nearest(const VlScenario *s, VlVec2 p)
{
    double d[4] = {s->height - p.y, p.y, s->width - p.x, p.x};
    int best = 0;
    for (int i = 1; i < 4; i++)
        if (d[i] < d[best])
            best = i;
    return EDGES[best];
}

/* GOR-QUAL-1 and GOR-ARM-1 for unit @p u, as `volley muster` rolls them: a D6 for quality, then for
 * infantry and artillery a D10 for arms; cavalry carry carbines. Says what was rolled in @p buf. */
static void muster_unit(struct VlUiForm *f, VlScenario *s, int u, char *buf, size_t size)
{
    VlScenarioUnit *su = &s->units[u];
    int year = s->year ? s->year : 1863;
    bool western = strcmp(s->theatre, "western") == 0, confederate = side_confederate(s, su->side);
    int d6 = vl_rng_d6(&f->dice);
    su->quality = vl_quality_roll(year, confederate, su->type, d6);
    int n = snprintf(buf, size, "%s: quality D6 %d, %s", vl_unit_label(s, u), d6, vl_quality_name(su->quality));
    if (su->type == VL_INFANTRY || su->type == VL_ARTILLERY) {
        int d10 = (int)vl_rng_below(&f->dice, 10) + 1;
        su->weapon = vl_arming_smoothbore(year, confederate, western, d10) ? VL_SMOOTHBORE : VL_RIFLED;
        snprintf(buf + n, size - (size_t)n, "; arms D10 %d, %s", d10, vl_weapon_name(su->weapon));
    } else if (su->type == VL_CAVALRY) {
        su->weapon = VL_CARBINE;
        snprintf(buf + n, size - (size_t)n, "; carbines");
    }
}

static void muster_context(const VlScenario *s, int side, char *buf, size_t size)
{
    snprintf(buf, size, "(%s, %d%s, %s theatre; GOR-QUAL-1, GOR-ARM-1)", side_confederate(s, side) ? "Confederate" : "Union",
             s->year ? s->year : 1863, s->year ? "" : " as no year is set", strcmp(s->theatre, "western") == 0 ? "western" : "eastern");
}

static void set_side(VlScenario *s, int u, int side, int *cut)
{
    VlScenarioUnit *su = &s->units[u];
    if (su->side == side)
        return;
    su->side = side;
    if (su->brigade >= 0 && su->brigade < s->nbrigades && s->brigades[su->brigade].side != side) {
        su->brigade = -1;
        su->brigade_label[0] = '\0';
        (*cut)++;
    } else if (s->nbrigades == 0 && su->brigade_label[0]) {
        su->brigade_label[0] = '\0';
        (*cut)++;
    }
}

static void set_type(VlScenarioUnit *su, VlUnitType t)
{
    su->type = t;
    su->spec = vl_base_spec_default(t);
    su->mounted = t == VL_CAVALRY;
    if (!formation_allowed(t, su->mounted, su->formation)) {
        VlFormation a[4];
        su->formation = allowed_formations(t, su->mounted, a) ? a[0] : VL_FORM_NONE;
    }
    VlWeapon w[4];
    int nw = allowed_weapons(t, w);
    bool ok = false;
    for (int i = 0; i < nw; i++)
        ok = ok || w[i] == su->weapon;
    if (!ok)
        su->weapon = nw ? w[0] : VL_WEAPON_NONE;
}

/* A number field's value, or false with the refusal said. */
static bool number_of(VlUiApp *app, VlFormRow *r, double *v)
{
    char why[240];
    if (!vl_ui_field_value(&r->f, r->text, v, why, sizeof why)) {
        say(app, true, "%s", why);
        return false;
    }
    return true;
}

static int chosen(const VlFormRow *r) { return r->f.index >= 0 ? r->vals[r->f.index] : V_NONE; }

/* Commit row @p r's field. False when its value is refused (the field keeps it, to be corrected). */
static bool commit(VlUiApp *app, VlFormRow *r)
{
    VlUiEditor *ed = app->editor;
    struct VlUiForm *f = form_of(app);
    VlScenario *s = &ed->doc.s;
    bool typed = r->f.kind == VL_FIELD_TEXT || r->f.kind == VL_FIELD_NUMBER;
    if (typed && !r->f.edited)
        return true;
    double v = 0;
    if (r->f.kind == VL_FIELD_NUMBER && !number_of(app, r, &v))
        return false;
    const char *text = r->f.text;
    int u = ed->nsel == 1 && ed->sel[0].kind == VL_ED_UNIT ? ed->sel[0].index : -1;
    int t = ed->nsel == 1 && ed->sel[0].kind == VL_ED_TERRAIN ? ed->sel[0].index : -1;
    int o = ed->nsel == 1 && ed->sel[0].kind == VL_ED_OBJECTIVE ? ed->sel[0].index : -1;
    VlScenarioUnit *su = u >= 0 && u < s->nunits ? &s->units[u] : NULL;
    VlTerrain *tr = t >= 0 && t < s->nterrain ? &s->terrain[t] : NULL;
    VlObjective *ob = o >= 0 && o < s->nobjectives ? &s->objectives[o] : NULL;
    char label[VL_NAME_MAX];
    snprintf(label, sizeof label, "%s", su ? vl_unit_label(s, u) : tr ? vl_terrain_label(s, t) : ob ? vl_objective_label(s, o) : s->name);
    int c = chosen(r);
    r->f.edited = false;
    switch (r->key) {
    /* ---- a unit ---- */
    case K_U_NAME:
        if (!su || !begin(app, "rename %s", label))
            break;
        copy(su->name, sizeof su->name, text);
        end(app);
        break;
    case K_U_SHORT:
        if (!su || !begin(app, "set %s's short name", label))
            break;
        copy(su->short_name, sizeof su->short_name, text);
        su->short_given = text[0] != '\0'; /* empty: derived from the name again */
        end(app);
        break;
    case K_U_SIDE: {
        if (!su || c < 0 || c == su->side || !begin(app, "move %s to %s", label, vl_ui_side_name(s, c)))
            break;
        int cut = 0;
        set_side(s, u, c, &cut);
        end(app);
        if (cut)
            say(app, false, "%s left its brigade, which is of the other side.", label);
        break;
    }
    case K_U_TYPE:
        if (!su || c < 0 || c == (int)su->type || !begin(app, "make %s %s", label, vl_unit_type_name((VlUnitType)c)))
            break;
        set_type(su, (VlUnitType)c);
        end(app);
        break;
    case K_U_FORM:
        if (!su || c < 0 || c == (int)su->formation || !begin(app, "set %s's formation", label))
            break;
        su->formation = (VlFormation)c;
        if (c == VL_FORM_SQUARE && su->spec.count != 2) {
            su->spec.count = 2;
            end(app);
            say(app, false, "%s forms square: a square is always 2 bases, so Bases is now 2.", label);
            break;
        }
        end(app);
        break;
    case K_U_MOUNTED:
        if (!su || !begin(app, r->f.on ? "mount %s" : "dismount %s", label))
            break;
        su->mounted = r->f.on;
        if (!formation_allowed(su->type, su->mounted, su->formation)) {
            VlFormation a[4] = {VL_FORM_LINE, VL_FORM_LINE, VL_FORM_LINE, VL_FORM_LINE};
            allowed_formations(su->type, su->mounted, a);
            su->formation = a[0];
        }
        end(app);
        break;
    case K_U_WEAPON:
        if (!su || c < 0 || c == (int)su->weapon || !begin(app, "arm %s with %s", label, vl_weapon_name((VlWeapon)c)))
            break;
        su->weapon = (VlWeapon)c;
        end(app);
        break;
    case K_U_QUAL:
        if (!su || c < 0 || c == (int)su->quality || !begin(app, "make %s %s", label, vl_quality_name((VlQuality)c)))
            break;
        su->quality = (VlQuality)c;
        end(app);
        break;
    case K_U_BASES:
        if (!su)
            break;
        if (su->formation == VL_FORM_SQUARE && (int)v != 2) {
            say(app, true, "Bases: a square is always 2 bases; change the formation first.");
            r->f.edited = true;
            return false;
        }
        if ((int)v == su->spec.count || !begin(app, "set %s's bases", label))
            break;
        su->spec.count = (int)v;
        end(app);
        break;
    case K_U_BRIGADE: {
        if (!su)
            break;
        if (c == V_NEW) {
            if (!begin(app, "new brigade for %s", label))
                break;
            int b = add_brigade(s, su->side, label);
            if (b < 0) {
                vl_edit_cancel(&ed->doc);
                say(app, true, "Out of memory: no brigade was added.");
                break;
            }
            su->brigade = b;
            copy(su->brigade_label, sizeof su->brigade_label, s->brigades[b].id);
            end(app);
            say(app, false, "%s is in a new brigade: name it and give it a commander below.", label);
        } else if (c == V_NONE) {
            if ((su->brigade < 0 && !su->brigade_label[0]) || !begin(app, "make %s independent", label))
                break;
            su->brigade = -1;
            su->brigade_label[0] = '\0';
            end(app);
        } else if (s->nbrigades > 0) {
            if (c == su->brigade || !begin(app, "put %s in %s", label, vl_brigade_label(s, c)))
                break;
            su->brigade = c;
            copy(su->brigade_label, sizeof su->brigade_label, s->brigades[c].id);
            end(app);
        } else {
            const char *labels[VL_FIELD_WORDS_MAX];
            int n = free_labels(s, su->side, labels, VL_FIELD_WORDS_MAX - 2), i = c - 1000;
            if (i < 0 || i >= n || strcmp(labels[i], su->brigade_label) == 0)
                break;
            char id[VL_ID_MAX];
            snprintf(id, sizeof id, "%s", labels[i]);
            if (!begin(app, "put %s in %s", label, vl_brigade_label_by_id(s, id)))
                break;
            copy(su->brigade_label, sizeof su->brigade_label, id);
            end(app);
        }
        break;
    }
    case K_U_X:
    case K_U_Y:
        if (!su || !begin(app, "place %s", label))
            break;
        if (r->key == K_U_X)
            su->pose.anchor.x = v;
        else
            su->pose.anchor.y = v;
        end(app);
        break;
    case K_U_FACING:
        if (!su || !begin(app, "turn %s", label))
            break;
        v = fmod(v, 360.0);
        su->pose.facing = v < 0 ? v + 360.0 : v;
        end(app);
        break;
    case K_U_ARR_TURN:
        if (!su)
            break;
        if (isnan(v)) {
            if (su->arrive_turn == 0 || !begin(app, "%s on the table from the start", label))
                break;
            su->arrive_turn = 0;
            su->arrive_edge[0] = '\0';
        } else {
            if ((int)v == su->arrive_turn || !begin(app, "%s arrives in turn %d", label, (int)v))
                break;
            su->arrive_turn = (int)v;
            if (!su->arrive_edge[0])
                copy(su->arrive_edge, sizeof su->arrive_edge, edge_nearest(s, su->pose.anchor));
        }
        end(app);
        break;
    case K_U_ARR_EDGE:
        if (!su || c < 0 || c > 3 || !begin(app, "%s arrives by the %s edge", label, EDGES[c]))
            break;
        copy(su->arrive_edge, sizeof su->arrive_edge, EDGES[c]);
        end(app);
        break;
    case K_U_MUSTER: {
        if (!su || !begin(app, "muster %s", label))
            break;
        char buf[200], ctx[120];
        muster_unit(f, s, u, buf, sizeof buf);
        muster_context(s, su->side, ctx, sizeof ctx);
        end(app);
        say(app, false, "Mustered %s %s.", buf, ctx);
        break;
    }
    /* ---- its brigade ---- */
    case K_B_NAME:
    case K_B_COMMANDER: {
        int b = su ? su->brigade : -1;
        if (b < 0 || b >= s->nbrigades)
            break;
        VlBrigade *br = &s->brigades[b];
        if (r->key == K_B_NAME) {
            if (!begin(app, "rename %s", vl_brigade_label(s, b)))
                break;
            copy(br->name, sizeof br->name, text);
        } else {
            if (c == br->commander || !begin(app, "%s commands %s", c >= 0 ? vl_unit_label(s, c) : "nobody", vl_brigade_label(s, b)))
                break;
            br->commander = c >= 0 ? c : -1;
        }
        end(app);
        break;
    }
    /* ---- a feature ---- */
    case K_T_TYPE:
        if (!tr || c < 0 || c == (int)tr->type || !begin(app, "make %s %s", label, vl_terrain_type_name((VlTerrainType)c)))
            break;
        tr->type = (VlTerrainType)c;
        tr->level = tr->type == VL_T_HILL ? (tr->level > 0 ? tr->level : 1) : 0;
        end(app);
        break;
    case K_T_NAME:
        if (!tr || !begin(app, "rename %s", label))
            break;
        copy(tr->name, sizeof tr->name, text);
        end(app);
        break;
    case K_T_LEVEL:
        if (!tr || (int)v == tr->level || !begin(app, "set %s's level", label))
            break;
        tr->level = (int)v;
        end(app);
        break;
    case K_T_WIDTH:
        if (!tr || v == tr->width || !begin(app, "set %s's width", label))
            break;
        tr->width = v;
        end(app);
        break;
    /* ---- an objective ---- */
    case K_O_NAME:
        if (!ob || !begin(app, "rename %s", label))
            break;
        copy(ob->name, sizeof ob->name, text);
        end(app);
        break;
    case K_O_POINTS:
        if (!ob || (int)v == ob->points || !begin(app, "set %s's points", label))
            break;
        ob->points = (int)v;
        end(app);
        break;
    case K_O_RADIUS:
        if (!ob || v == ob->radius || !begin(app, "set %s's radius", label))
            break;
        ob->radius = v;
        end(app);
        break;
    case K_O_X:
    case K_O_Y:
        if (!ob || !begin(app, "place %s", label))
            break;
        if (r->key == K_O_X)
            ob->position.x = v;
        else
            ob->position.y = v;
        end(app);
        break;
    /* ---- several ---- */
    case K_M_SIDE:
    case K_M_QUAL:
    case K_M_MUSTER: {
        int us[VL_ED_SELECT_MAX];
        int nu = selected_units(ed, us);
        if (nu == 0 || (r->key != K_M_MUSTER && c < 0))
            break;
        if (r->key == K_M_SIDE) {
            if (!begin(app, "move %d units to %s", nu, vl_ui_side_name(s, c)))
                break;
            int cut = 0;
            for (int i = 0; i < nu; i++)
                set_side(s, us[i], c, &cut);
            end(app);
            if (cut)
                say(app, false, "%d of them left their brigades, which are of the other side.", cut);
        } else if (r->key == K_M_QUAL) {
            if (!begin(app, "make %d units %s", nu, vl_quality_name((VlQuality)c)))
                break;
            for (int i = 0; i < nu; i++)
                s->units[us[i]].quality = (VlQuality)c;
            end(app);
        } else {
            if (!begin(app, "muster %d units", nu))
                break;
            char buf[200], first[200] = "", list[240] = "";
            int n = 0, listed = 0;
            for (int i = 0; i < nu; i++) {
                muster_unit(f, s, us[i], buf, sizeof buf);
                if (i == 0)
                    snprintf(first, sizeof first, "%s", buf);
                /* Each in short: "1st Tennessee raw, smoothbore", while there is room. */
                const VlScenarioUnit *mu = &s->units[us[i]];
                char one[160];
                snprintf(one, sizeof one, "%s%s %s%s%s", i ? "; " : "", vl_unit_label(s, us[i]), vl_quality_name(mu->quality),
                         mu->type == VL_GENERAL ? "" : ", ", mu->type == VL_GENERAL ? "" : vl_weapon_name(mu->weapon));
                if (listed == i && n + (int)strlen(one) < 150) {
                    n += snprintf(list + n, sizeof list - (size_t)n, "%s", one);
                    listed++;
                }
            }
            char ctx[120];
            muster_context(s, s->units[us[0]].side, ctx, sizeof ctx);
            end(app);
            if (nu == 1)
                say(app, false, "Mustered %s %s.", first, ctx);
            else if (listed == nu)
                say(app, false, "Mustered %d units %s: %s.", nu, ctx, list);
            else
                say(app, false, "Mustered %d units %s: %s; and %d more.", nu, ctx, list, nu - listed);
        }
        break;
    }
    /* ---- the scenario ---- */
    case K_S_NAME:
        if (!begin(app, "rename the scenario"))
            break;
        copy(s->name, sizeof s->name, text);
        end(app);
        break;
    case K_S_DESC:
        if (!begin(app, "describe the scenario"))
            break;
        copy(s->description, sizeof s->description, text);
        end(app);
        break;
    case K_S_YEAR: {
        int y = isnan(v) ? 0 : (int)v;
        if (y == s->year || !begin(app, y ? "set the year to %d" : "set no year", y))
            break;
        s->year = y;
        end(app);
        break;
    }
    case K_S_THEATRE: {
        static const char *const th[] = {"", "eastern", "western"};
        if (c < 0 || c > 2 || strcmp(th[c], s->theatre) == 0 || !begin(app, "set the theatre"))
            break;
        copy(s->theatre, sizeof s->theatre, th[c]);
        end(app);
        break;
    }
    case K_S_WIDTH:
    case K_S_HEIGHT: {
        double *d = r->key == K_S_WIDTH ? &s->width : &s->height;
        if (v == *d || !begin(app, "resize the table"))
            break;
        *d = v;
        end(app);
        break;
    }
    case K_S_TURNS:
        if ((int)v == s->turns || !begin(app, "set the turns to %d", (int)v))
            break;
        s->turns = (int)v;
        end(app);
        break;
    case K_S_BREAK:
        if ((int)v == s->break_percent || !begin(app, "set the break percent to %d", (int)v))
            break;
        s->break_percent = (int)v;
        end(app);
        break;
    case K_S_FIRST:
        if (c < 0 || c == s->first_side || !begin(app, "%s moves first", vl_ui_side_name(s, c)))
            break;
        s->first_side = c;
        end(app);
        break;
    case K_S_SIDE0:
    case K_S_SIDE1: {
        int k = r->key == K_S_SIDE0 ? 0 : 1;
        if (k >= s->nsides || !begin(app, "rename %s", vl_ui_side_name(s, k)))
            break;
        /* A side without a name is called by its id (the format's default). */
        copy(s->sides[k].name, sizeof s->sides[k].name, text[0] ? text : s->sides[k].id);
        end(app);
        break;
    }
    case K_S_CHARGES:
        if (c < 0 || c == (int)s->charge_rules || !begin(app, "play %s's charges", r->f.words[r->f.index]))
            break;
        s->charge_rules = (VlChargeRules)c;
        end(app);
        break;
    default:
        break;
    }
    return true;
}

/* ---- focus ---- */

static void focus_row(struct VlUiForm *f, int row)
{
    if (f->focus == row)
        return;
    if (f->focus >= 0 && f->focus < f->nrows)
        vl_ui_field_blur(&f->rows[f->focus].f);
    f->focus = row;
    if (row >= 0) {
        vl_ui_field_focus(&f->rows[row].f);
        scroll_to(f, row);
    }
}

/* The next field from @p row in direction @p dir (wrapping), or -1. */
static int next_field(const struct VlUiForm *f, int row, int dir)
{
    for (int k = 1; k <= f->nrows; k++) {
        int i = ((row + dir * k) % f->nrows + f->nrows) % f->nrows;
        if (f->rows[i].kind == VL_FORM_FIELD && f->rows[i].f.enabled)
            return i;
    }
    return -1;
}

/* The focused field is committed and let go (a click elsewhere); a refused value is dropped. */
static void leave_focus(VlUiApp *app, struct VlUiForm *f)
{
    if (f->focus < 0 || f->focus >= f->nrows)
        return;
    VlFormRow *r = &f->rows[f->focus];
    /* Only typing waits to be committed: a choice, a box or a button acted when it was used. */
    if ((r->f.kind == VL_FIELD_TEXT || r->f.kind == VL_FIELD_NUMBER) && !commit(app, r))
        vl_ui_field_set_text(&r->f, r->f.saved);
    build(app); /* the document may have changed: the rows afresh, the focus kept on the field */
    focus_row(f, -1);
}

static int row_of_key(const struct VlUiForm *f, int key)
{
    for (int i = 0; i < f->nrows; i++)
        if (f->rows[i].kind == VL_FORM_FIELD && f->rows[i].key == key)
            return i;
    return -1;
}

bool vl_ui_editor_form_event(VlUiApp *app, const SDL_Event *e, SDL_Rect area)
{
    if (!app->editor)
        return false;
    struct VlUiForm *f = synced(app);
    if (!f)
        return false;
    layout(app, f, area);
    switch (e->type) {
    case SDL_MOUSEBUTTONDOWN: {
        int x = e->button.x, y = e->button.y;
        bool inside = vl_ui_in_rect(area, x, y);
        int hit = -1;
        for (int i = 0; inside && i < f->nrows && hit < 0; i++)
            if (f->rows[i].kind == VL_FORM_FIELD && vl_ui_in_rect(f->rows[i].f.rect, x, y))
                hit = i;
        if (f->focus >= 0 && f->focus != hit) {
            int key = hit >= 0 ? f->rows[hit].key : -1;
            leave_focus(app, f);
            layout(app, f, area);
            hit = key >= 0 ? row_of_key(f, key) : -1;
        }
        if (hit < 0)
            return inside;
        VlFormRow *r = &f->rows[hit];
        int key = r->key;
        VlUiFieldResult res = vl_ui_field_event(&r->f, e, app->text, FONT);
        if (r->f.kind == VL_FIELD_TEXT || r->f.kind == VL_FIELD_NUMBER) {
            if (f->focus != hit) {
                r->f.focus = false;
                int cur = r->f.cursor;
                focus_row(f, hit);
                r->f.cursor = cur;
            }
            return true;
        }
        if (res == VL_FIELD_COMMIT) {
            f->focus = -1;
            commit(app, r);
            build(app);
            int k = row_of_key(f, key);
            if (k >= 0) {
                f->focus = k;
                f->rows[k].f.focus = true;
            }
        }
        return true;
    }
    case SDL_MOUSEWHEEL:
        if (!vl_ui_in_rect(area, app->mouse_x, app->mouse_y))
            return false;
        f->scroll -= e->wheel.y * 3 * ROW_H / 2;
        layout(app, f, area);
        return true;
    case SDL_TEXTINPUT:
    case SDL_KEYDOWN: {
        if (f->focus < 0 || f->focus >= f->nrows)
            return false;
        VlFormRow *r = &f->rows[f->focus];
        int key = r->key;
        if (e->type == SDL_KEYDOWN && (e->key.keysym.mod & KMOD_CTRL) && !r->f.edited) {
            /* Ctrl+Z, Ctrl+S and the like with nothing typed are the editor's: the field lets go. */
            focus_row(f, -1);
            return false;
        }
        if (r->f.kind != VL_FIELD_TEXT && r->f.kind != VL_FIELD_NUMBER) {
            if (e->type == SDL_TEXTINPUT)
                return false; /* a choice takes no typing: the letter is the editor's */
            SDL_Keycode k = e->key.keysym.sym;
            bool ours = k == SDLK_LEFT || k == SDLK_RIGHT || k == SDLK_UP || k == SDLK_DOWN || k == SDLK_SPACE ||
                        k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_TAB || k == SDLK_ESCAPE;
            if (!ours) {
                focus_row(f, -1); /* another key (a tool's letter, Delete) goes to the editor */
                return false;
            }
        }
        VlUiFieldResult res = vl_ui_field_event(&r->f, e, app->text, FONT);
        switch (res) {
        case VL_FIELD_REFUSED:
            say(app, true, "%s: %s.", r->text, r->f.why);
            break;
        case VL_FIELD_REVERTED:
            focus_row(f, -1);
            break;
        case VL_FIELD_COMMIT: {
            bool typed = r->f.kind == VL_FIELD_TEXT || r->f.kind == VL_FIELD_NUMBER;
            if (!commit(app, r))
                break;
            if (typed)
                focus_row(f, -1); /* Enter: done with the field, the keys go back to the table */
            build(app);
            layout(app, f, area);
            break;
        }
        case VL_FIELD_NEXT:
        case VL_FIELD_PREV: {
            bool typed = r->f.kind == VL_FIELD_TEXT || r->f.kind == VL_FIELD_NUMBER;
            if (typed && !commit(app, r))
                break;
            build(app);
            layout(app, f, area);
            int at = f->focus >= 0 ? f->focus : row_of_key(f, key);
            int next = next_field(f, at >= 0 ? at : 0, res == VL_FIELD_NEXT ? +1 : -1);
            focus_row(f, next);
            break;
        }
        default:
            break;
        }
        return true;
    }
    case SDL_KEYUP:
        return f->focus >= 0;
    default:
        return false;
    }
}

/* ---- drawing ---- */

void vl_ui_editor_form_draw(VlUiApp *app, SDL_Rect area)
{
    if (!app->editor)
        return;
    struct VlUiForm *f = synced(app);
    if (!f)
        return;
    layout(app, f, area);
    SDL_Renderer *r = app->r;
    vl_ui_gfx_rect(r, (float)area.x, (float)area.y, (float)area.w, (float)area.h, vl_ui_rgb(VL_UI_PANEL_BG));
    SDL_Rect old;
    bool had = SDL_RenderIsClipEnabled(r);
    SDL_RenderGetClipRect(r, &old);
    SDL_RenderSetClipRect(r, &area);
    int x = area.x + PAD, width = area.w - 2 * PAD;
    const VlUiEditor *ed = app->editor;
    for (int i = 0; i < f->nrows; i++) {
        const VlFormRow *row = &f->rows[i];
        int y = area.y + row->y - f->scroll;
        if (y + row->h < area.y || y > area.y + area.h)
            continue;
        if (row->kind == VL_FORM_HEAD) {
            if (i > 0)
                vl_ui_gfx_rect(r, (float)x, (float)y - 5, (float)width, 1, vl_ui_rgb(VL_UI_PANEL_LINE));
            float tx = (float)x;
            /* A unit's heading has its side's colour before it. */
            if (i == 0 && ed->nsel == 1 && ed->sel[0].kind == VL_ED_UNIT && ed->sel[0].index < ed->doc.s.nunits) {
                vl_ui_swatch(app, tx, (float)y + 3, 14, ed->doc.s.units[ed->sel[0].index].side);
                tx += 22;
            }
            vl_ui_text_draw_wrapped(app->text, HEAD_FONT, row->text, tx, (float)y, vl_ui_panel_fg(), width - (int)(tx - (float)x));
        } else if (row->kind == VL_FORM_NOTE) {
            vl_ui_text_draw_wrapped(app->text, FONT, row->text, (float)x, (float)y, vl_ui_panel_dim(), width);
        } else {
            int lh = vl_ui_text_line(app->text, FONT);
            vl_ui_text_draw_fit(app, FONT, row->text, (float)x, (float)row->f.rect.y + (float)(FIELD_H - lh) / 2, LABEL_W - 8,
                                row->f.focus ? vl_ui_panel_fg() : vl_ui_panel_dim());
            vl_ui_field_draw(r, app->text, FONT, &row->f);
        }
    }
    if (f->note[0] && f->nrows > 0) {
        const VlFormRow *last = &f->rows[f->nrows - 1];
        int y = area.y + last->y + last->h + 8 - f->scroll;
        vl_ui_text_draw_wrapped(app->text, FONT, f->note, (float)x, (float)y,
                                f->note_bad ? vl_ui_rgb(0xFF8A80u) : vl_ui_rgb(VL_UI_HIGHLIGHT), width);
    }
    if (f->content_h > area.h) {
        float track = (float)area.h - 8, bar = track * (float)area.h / (float)f->content_h;
        float top = (float)area.y + 4 + (track - bar) * (float)f->scroll / (float)(f->content_h - area.h);
        vl_ui_gfx_rect(r, (float)(area.x + area.w - 6), top, 3, bar, vl_ui_rgb(0x5A626Cu));
    }
    SDL_RenderSetClipRect(r, had ? &old : NULL);
}

static bool send(VlUiApp *app, SDL_Rect area, SDL_Event *e) { return vl_ui_editor_form_event(app, e, area); }

static bool click_label(VlUiApp *app, SDL_Rect area, const char *label)
{
    SDL_Rect r;
    if (!vl_ui_editor_form_field_rect(app, area, label, &r))
        return false;
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = r.x + r.w - 3;
    e.button.y = r.y + r.h / 2;
    return send(app, area, &e);
}

static void press(VlUiApp *app, SDL_Rect area, SDL_Keycode sym)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = sym;
    send(app, area, &e);
}

static const VlFormRow *labelled(const struct VlUiForm *f, const char *label)
{
    for (int i = 0; i < f->nrows; i++)
        if (f->rows[i].kind == VL_FORM_FIELD && strcasecmp(f->rows[i].text, label) == 0)
            return &f->rows[i];
    return NULL;
}

bool vl_ui_editor_form_enter(VlUiApp *app, SDL_Rect area, const char *label, const char *value)
{
    struct VlUiForm *f = app->editor ? synced(app) : NULL;
    const VlFormRow *r = f ? labelled(f, label) : NULL;
    if (!r)
        return false;
    int gen = app->editor->doc.generation;
    switch (r->f.kind) {
    case VL_FIELD_TEXT:
    case VL_FIELD_NUMBER: {
        if (!click_label(app, area, label))
            return false;
        press(app, area, SDLK_END);
        for (int i = (int)strlen(f->rows[f->focus >= 0 ? f->focus : 0].f.text); i > 0; i--)
            press(app, area, SDLK_BACKSPACE);
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = SDL_TEXTINPUT;
        /* SDL hands typing over in pieces of at most 31 bytes, whole characters each. */
        for (size_t at = 0, n = strlen(value); at < n;) {
            size_t k = n - at < sizeof e.text.text - 1 ? n - at : sizeof e.text.text - 1;
            while (k > 0 && at + k < n && ((unsigned char)value[at + k] & 0xC0) == 0x80)
                k--;
            memcpy(e.text.text, value + at, k);
            e.text.text[k] = '\0';
            send(app, area, &e);
            at += k;
        }
        press(app, area, SDLK_RETURN);
        bool held = f->focus >= 0; /* a refusal keeps the field, and its text, for correcting */
        if (held)
            press(app, area, SDLK_ESCAPE);
        return !held;
    }
    case VL_FIELD_CHOICE:
        for (int k = 0; k <= r->f.nwords; k++) {
            r = labelled(f, label);
            if (!r)
                return false;
            if (r->f.index >= 0 && strcasecmp(r->f.words[r->f.index], value) == 0)
                return true;
            if (!click_label(app, area, label))
                return false;
        }
        return false;
    case VL_FIELD_CHECK: {
        bool want = strcasecmp(value, "yes") == 0 || strcasecmp(value, "on") == 0 || strcmp(value, "1") == 0;
        if (r->f.on != want)
            click_label(app, area, label);
        r = labelled(f, label);
        return r && r->f.on == want;
    }
    case VL_FIELD_BUTTON:
        click_label(app, area, label);
        return app->editor->doc.generation != gen;
    }
    return false;
}

void vl_ui_editor_form_free(VlUiApp *app)
{
    if (!app->editor || !app->editor->form)
        return;
    struct VlUiForm *f = app->editor->form;
    if (f->focus >= 0 && f->focus < f->nrows)
        vl_ui_field_blur(&f->rows[f->focus].f);
    free(f);
    app->editor->form = NULL;
}
