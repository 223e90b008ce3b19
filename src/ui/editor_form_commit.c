/* The editor's forms committed (editor_form.c's fields): each change of a field one edit of the
 * document (vl_edit_begin ... vl_edit_end), numbers held to the format's bounds and refused with a
 * message naming the range, a new brigade made for a unit, the muster rolls, a unit's side and type
 * changed with what follows from them. */
#include "editor_form.h"
#include "editor_form_internal.h"

#include "panels.h"
#include "theme.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
        ef_say(app, true, "Out of memory: the change is not made.");
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
    ef_copy(nb[b].name, sizeof nb[b].name, name);
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
    bool western = strcmp(s->theatre, "western") == 0, confederate = ef_side_confederate(s, su->side);
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
    snprintf(buf, size, "(%s, %d%s, %s theatre; GOR-QUAL-1, GOR-ARM-1)", ef_side_confederate(s, side) ? "Confederate" : "Union",
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
    if (!ef_formation_allowed(t, su->mounted, su->formation)) {
        VlFormation a[4];
        su->formation = ef_allowed_formations(t, su->mounted, a) ? a[0] : VL_FORM_NONE;
    }
    VlWeapon w[4];
    int nw = ef_allowed_weapons(t, w);
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
        ef_say(app, true, "%s", why);
        return false;
    }
    return true;
}

static int chosen(const VlFormRow *r) { return r->f.index >= 0 ? r->vals[r->f.index] : V_NONE; }

/* Commit row @p r's field. False when its value is refused (the field keeps it, to be corrected). */
bool ef_commit(VlUiApp *app, VlFormRow *r)
{
    VlUiEditor *ed = app->editor;
    struct VlUiForm *f = ef_form_of(app);
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
        ef_copy(su->name, sizeof su->name, text);
        end(app);
        break;
    case K_U_SHORT:
        if (!su || !begin(app, "set %s's short name", label))
            break;
        ef_copy(su->short_name, sizeof su->short_name, text);
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
            ef_say(app, false, "%s left its brigade, which is of the other side.", label);
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
            ef_say(app, false, "%s forms square: a square is always 2 bases, so Bases is now 2.", label);
            break;
        }
        end(app);
        break;
    case K_U_MOUNTED:
        if (!su || !begin(app, r->f.on ? "mount %s" : "dismount %s", label))
            break;
        su->mounted = r->f.on;
        if (!ef_formation_allowed(su->type, su->mounted, su->formation)) {
            VlFormation a[4] = {VL_FORM_LINE, VL_FORM_LINE, VL_FORM_LINE, VL_FORM_LINE};
            ef_allowed_formations(su->type, su->mounted, a);
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
            ef_say(app, true, "Bases: a square is always 2 bases; change the formation first.");
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
                ef_say(app, true, "Out of memory: no brigade was added.");
                break;
            }
            su->brigade = b;
            ef_copy(su->brigade_label, sizeof su->brigade_label, s->brigades[b].id);
            end(app);
            ef_say(app, false, "%s is in a new brigade: name it and give it a commander below.", label);
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
            ef_copy(su->brigade_label, sizeof su->brigade_label, s->brigades[c].id);
            end(app);
        } else {
            const char *labels[VL_FIELD_WORDS_MAX];
            int n = ef_free_labels(s, su->side, labels, VL_FIELD_WORDS_MAX - 2), i = c - 1000;
            if (i < 0 || i >= n || strcmp(labels[i], su->brigade_label) == 0)
                break;
            char id[VL_ID_MAX];
            snprintf(id, sizeof id, "%s", labels[i]);
            if (!begin(app, "put %s in %s", label, vl_brigade_label_by_id(s, id)))
                break;
            ef_copy(su->brigade_label, sizeof su->brigade_label, id);
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
                ef_copy(su->arrive_edge, sizeof su->arrive_edge, edge_nearest(s, su->pose.anchor));
        }
        end(app);
        break;
    case K_U_ARR_EDGE:
        if (!su || c < 0 || c > 3 || !begin(app, "%s arrives by the %s edge", label, EDGES[c]))
            break;
        ef_copy(su->arrive_edge, sizeof su->arrive_edge, EDGES[c]);
        end(app);
        break;
    case K_U_MUSTER: {
        if (!su || !begin(app, "muster %s", label))
            break;
        char buf[200], ctx[120];
        muster_unit(f, s, u, buf, sizeof buf);
        muster_context(s, su->side, ctx, sizeof ctx);
        end(app);
        ef_say(app, false, "Mustered %s %s.", buf, ctx);
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
            ef_copy(br->name, sizeof br->name, text);
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
        ef_copy(tr->name, sizeof tr->name, text);
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
        ef_copy(ob->name, sizeof ob->name, text);
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
        int nu = ef_selected_units(ed, us);
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
                ef_say(app, false, "%d of them left their brigades, which are of the other side.", cut);
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
                ef_say(app, false, "Mustered %s %s.", first, ctx);
            else if (listed == nu)
                ef_say(app, false, "Mustered %d units %s: %s.", nu, ctx, list);
            else
                ef_say(app, false, "Mustered %d units %s: %s; and %d more.", nu, ctx, list, nu - listed);
        }
        break;
    }
    /* ---- the scenario ---- */
    case K_S_NAME:
        if (!begin(app, "rename the scenario"))
            break;
        ef_copy(s->name, sizeof s->name, text);
        end(app);
        break;
    case K_S_DESC:
        if (!begin(app, "describe the scenario"))
            break;
        ef_copy(s->description, sizeof s->description, text);
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
        ef_copy(s->theatre, sizeof s->theatre, th[c]);
        end(app);
        break;
    }
    case K_S_WIDTH:
    case K_S_HEIGHT: {
        double *d = r->key == K_S_WIDTH ? &s->width : &s->height;
        /* Terrain must lie on the table (D-SCN-4), so the table holds every feature's points; a
         * unit left off it is one of the problems listed (and moved back by hand). */
        double reach = 0;
        int far = -1;
        for (int k = 0; k < s->nterrain; k++)
            for (int p = 0; p < s->terrain[k].npts; p++) {
                double at = r->key == K_S_WIDTH ? s->terrain[k].pts[p].x : s->terrain[k].pts[p].y;
                if (at > reach)
                    reach = at, far = k;
            }
        if (far >= 0 && v < reach) {
            char lim[32];
            vl_ui_field_format(reach, lim, sizeof lim);
            ef_say(app, true, "%s: %s reaches %s in; the table must hold all its terrain (at least %s in), or reshape it first.",
                r->text, vl_terrain_label(s, far), lim, lim);
            r->f.edited = true;
            return false;
        }
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
        ef_copy(s->sides[k].name, sizeof s->sides[k].name, text[0] ? text : s->sides[k].id);
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
