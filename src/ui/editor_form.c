/* The editor's forms (issue 38): the properties of what is selected (a unit and its brigade, a
 * terrain feature, an objective, several things at once) or, with nothing selected, the scenario's
 * own. Every change is one edit of the document (vl_edit_begin ... vl_edit_end), so it can be
 * undone; numbers are held to the format's bounds (docs/scenario-format.md "Bounds") and refused
 * with a message naming the range; formations and weapons are offered only where the type allows
 * them (D-SCN-3). Where things stand (overlaps, off the table) is left to the loader's checks,
 * which the editor lists. This file holds the form's state, its rows, layout, focus, events and
 * drawing; a field committed as an edit is editor_form_commit.c's (editor_form_internal.h is what
 * they share). */
#include "editor_form.h"
#include "editor_form_internal.h"

#include "panels.h"
#include "theme.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Text into a member of @p size bytes (the field's cap already holds it to the member's). */
void ef_copy(char *dst, size_t size, const char *src)
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

struct VlUiForm *ef_form_of(VlUiApp *app)
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
    struct VlUiForm *f = ef_form_of(app);
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

void ef_say(VlUiApp *app, bool bad, const char *fmt, ...)
{
    struct VlUiForm *f = ef_form_of(app);
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
        ef_copy(r->words[0], VL_FORM_WORD, caption);
        r->f.words[0] = r->words[0];
    }
}

/* D-SCN-3: the formations a unit of this type (cavalry: mounted or not) may take. */
int ef_allowed_formations(VlUnitType type, bool mounted, VlFormation out[4])
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

bool ef_formation_allowed(VlUnitType type, bool mounted, VlFormation f)
{
    VlFormation a[4];
    int n = ef_allowed_formations(type, mounted, a);
    for (int i = 0; i < n; i++)
        if (a[i] == f)
            return true;
    return n == 0 && f == VL_FORM_NONE;
}

/* D-SCN-3: artillery has rifled or smoothbore guns; a general no weapon; the others any firearm. */
int ef_allowed_weapons(VlUnitType type, VlWeapon out[4])
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

bool ef_side_confederate(const VlScenario *s, int side)
{
    if (side < 0 || side >= s->nsides)
        return false;
    const VlSide *sd = &s->sides[side];
    return strcasecmp(sd->id, "csa") == 0 || strcasecmp(sd->id, "cs") == 0 || holds_word(sd->id, "confed") ||
           holds_word(sd->id, "rebel") || holds_word(sd->name, "confed") || holds_word(sd->name, "rebel");
}

/* The distinct free brigade labels of a side's units (a scenario without a brigades list). */
int ef_free_labels(const VlScenario *s, int side, const char *out[VL_FIELD_WORDS_MAX], int max)
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
    int nf = ef_allowed_formations(su->type, su->mounted, forms);
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
    int nw = ef_allowed_weapons(su->type, weapons);
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
        int n = ef_free_labels(s, su->side, labels, VL_FIELD_WORDS_MAX - 2);
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
int ef_selected_units(const VlUiEditor *ed, int *out)
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
    int nu = ef_selected_units(ed, us);
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
    struct VlUiForm *f = ef_form_of(app);
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
    if (app->editor && ef_form_of(app))
        build(app);
}

static struct VlUiForm *synced(VlUiApp *app)
{
    struct VlUiForm *f = ef_form_of(app);
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
    if ((r->f.kind == VL_FIELD_TEXT || r->f.kind == VL_FIELD_NUMBER) && !ef_commit(app, r))
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
            ef_commit(app, r);
            build(app);
            int k = row_of_key(f, key);
            if (k >= 0) {
                f->focus = k;
                f->rows[k].f.focus = true;
            }
        }
        return true;
    }
    case SDL_MOUSEBUTTONUP:
        return vl_ui_in_rect(area, e->button.x, e->button.y); /* the end of a click taken above */
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
            ef_say(app, true, "%s: %s.", r->text, r->f.why);
            break;
        case VL_FIELD_REVERTED:
            focus_row(f, -1);
            break;
        case VL_FIELD_COMMIT: {
            bool typed = r->f.kind == VL_FIELD_TEXT || r->f.kind == VL_FIELD_NUMBER;
            if (!ef_commit(app, r))
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
            if (typed && !ef_commit(app, r))
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
