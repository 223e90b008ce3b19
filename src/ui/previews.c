/* The previews that explain a ruling before it is given: worked out as the pointer moves (the
 * movement verdict, the charge's path and face struck, the line of fire and the game's verdict on
 * it) and drawn over the table (the ghost where the move ends, the path, what blocks the sight, the
 * first refusal and its clause, or the odds: rules/prospects.c), and the charges declared this
 * phase. */
#include "scene.h"
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void vl_ui_clear_previews(VlUiApp *app)
{
    app->view.have_move = app->view.have_charge = app->view.have_fire = false;
}

void vl_ui_fire_preview(VlUiApp *app, const VlGame *g, int u, int t, bool judge)
{
    const VlWorld *w = vl_game_world_const(g);
    VlFirePreview *f = &app->view.fire;
    memset(f, 0, sizeof *f);
    f->unit = u;
    f->target = t;
    f->rule_target = f->blocked_by = -1;
    f->range = vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, t)->fp);
    bool artillery = w->scenario->units[u].type == VL_ARTILLERY;
    if (artillery)
        vl_artillery_sight(w, u, t, &f->sight);
    else
        vl_world_sight(w, u, t, &f->sight); /* the game's sight: REP-601 when on */
    f->cover = vl_cover(w, u, t);
    if (!artillery)
        f->rule_target = vl_fire_target(w, u, &f->blocked_by, NULL);
    vl_fire_prospect(w, u, t, artillery, &f->odds);
    if (judge) {
        VlCommand c;
        memset(&c, 0, sizeof c);
        c.kind = artillery ? VL_CMD_ARTILLERY_FIRE : VL_CMD_FIRE;
        c.unit = u;
        c.target = artillery ? t : -1;
        c.facing = NAN;
        f->legal = vl_game_check(g, &c, &f->why);
    } else {
        f->legal = f->sight.clear;
    }
    app->view.have_fire = true;
}

void vl_ui_update_previews(VlUiApp *app)
{
    VlGame *g = vl_ui_app_shown(app);
    app->view.have_move = app->view.have_charge = false;
    if (!g)
        return;
    const VlWorld *w = vl_game_world_const(g);
    VlUiGesture *ge = &app->view.gesture;
    if ((ge->kind == VL_GEST_MOVE || ge->fixed > 0) && ge->order.unit >= 0 && !app->sandbox) {
        VlMoveOrder o = ge->order;
        o.nsteps = ge->kind == VL_GEST_MOVE ? ge->order.nsteps : ge->fixed;
        if (o.nsteps > 0) {
            vl_resolve_move(w, &o, &app->view.move);
            app->view.have_move = true;
        }
    }
    if (ge->kind == VL_GEST_CHARGE && ge->target >= 0) {
        VlChargeOrder o = vl_ui_charge_order(w, ge->unit, ge->target);
        vl_resolve_charge(w, &o, &app->view.charge);
        app->view.have_charge = true;
    }
    if (app->sandbox) {
        app->view.have_fire = false;
        int u = app->view.selected, t = app->view.hover;
        if (u >= 0 && t >= 0 && u != t && vl_world_present(w, u) && vl_world_present(w, t) && vl_world_enemies(w, u, t) &&
            w->scenario->units[u].type != VL_GENERAL && w->scenario->units[t].type != VL_GENERAL) {
            /* "If it charged this instant": position only, under each charge system (compare.c). */
            vl_ui_compare_update(app, w, u, t);
            vl_ui_fire_preview(app, g, u, t, false);
        } else
            vl_ui_compare_clear(app);
    }
}


static void ghost(VlUiApp *app, VlPose pose, VlFormation form, VlBaseSpec spec, SDL_Color fill, SDL_Color line, bool dashed)
{
    VlFootprint fp;
    vl_footprint_build(&fp, pose, form, spec);
    for (int b = 0; b < fp.nbases; b++) {
        vl_ui_world_convex(app, fp.bases[b].p, 4, fill);
        vl_ui_world_outline(app, fp.bases[b].p, 4, 2, true, line, dashed);
    }
    vl_ui_world_line(app, fp.box.p[0], fp.box.p[1], 3, line);
}

const char *vl_ui_first_refusal(const VlReasons *why, const char **clause)
{
    for (int i = 0; i < why->n; i++)
        if (!why->r[i].ok) {
            if (clause)
                *clause = why->r[i].clause;
            return why->r[i].text;
        }
    if (clause)
        *clause = "";
    return NULL;
}

/* The first refusal of a ruling and its clause, white on red, centred at (x, y). False when the
 * ruling gives no refusal. */
static bool refusal_line(VlUiApp *app, float x, float y, const VlReasons *why)
{
    const char *clause;
    const char *text = vl_ui_first_refusal(why, &clause);
    if (!text)
        return false;
    char s[300];
    snprintf(s, sizeof s, "%s: %s", clause, text);
    vl_ui_boxed_text(app, x, y, 11, s, vl_ui_rgb(0xFFFFFFu), vl_ui_rgba(VL_UI_BAD, 235), VL_ALIGN_CENTRE);
    int w, h;
    vl_ui_text_size(app->text, 11, s, &w, &h);
    vl_ui_rule_spot(app, (SDL_Rect){(int)(x - (float)w / 2) - 3, (int)y - 1, w + 6, h + 2}, clause); /* its rule explains itself */
    return true;
}

void vl_ui_draw_move_preview(VlUiApp *app, const VlWorld *w)
{
    const VlMoveVerdict *v = &app->view.move;
    int u = app->view.gesture.order.unit;
    if (u < 0)
        return;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    bool ok = v->legal || v->depends_on_die;
    SDL_Color line = ok ? vl_ui_rgb(0xFFFFFFu) : vl_ui_rgb(VL_UI_BAD);
    SDL_Color fill = ok ? vl_ui_side_color(vl_world_side(w, u), 110) : vl_ui_rgba(VL_UI_BAD, 90);
    /* The path: the middle of the front at each stage. */
    VlVec2 pts[VL_MAX_PATH + 1];
    int n = 0;
    pts[n++] = fu->pose.anchor;
    for (int i = 0; i < v->npath && n < VL_MAX_PATH + 1; i++)
        pts[n++] = v->path[i].anchor;
    vl_ui_world_outline(app, pts, n, 2, false, ok ? vl_ui_rgba(0x000000u, 150) : vl_ui_rgba(VL_UI_BAD, 200), true);
    ghost(app, v->final_pose, v->final_formation, fu->spec, fill, line, !ok);
    /* Cost against allowance, and the first reason it is refused. */
    VlFootprint fp;
    vl_footprint_build(&fp, v->final_pose, v->final_formation, fu->spec);
    VlVec2 c = vl_v2_lerp(fp.box.p[0], fp.box.p[2], 0.5);
    float x, y;
    vl_ui_camera_to_screen(&app->cam, c, &x, &y);
    char s[300];
    const char *pace = app->view.gesture.order.double_time ? ", double time" : app->view.gesture.order.gallop ? ", gallop" : "";
    if (v->allowance.min < v->allowance.max)
        snprintf(s, sizeof s, "%.1f of %.1f-%.1f in (%s%s)", v->cost, v->allowance.min, v->allowance.max,
                 vl_ground_name(v->ground), pace);
    else
        snprintf(s, sizeof s, "%.1f of %.1f in (%s%s)", v->cost, v->allowance.max, vl_ground_name(v->ground), pace);
    const VlUiGesture *ge = &app->view.gesture;
    /* An order of several steps (a wheel then an advance): what each part costs, from the resolver
     * asked about each part's first steps in turn. */
    int nsteps = ge->kind == VL_GEST_MOVE ? ge->order.nsteps : ge->fixed;
    if (nsteps >= 2 && nsteps <= VL_MAX_STEPS && v->steps_done == nsteps) {
        VlMoveOrder o = ge->order;
        double before = 0;
        size_t base = strlen(s), len = base;
        int parts = 0;
        for (int k = 1; k <= nsteps && len + 40 < sizeof s; k++) {
            o.nsteps = k;
            VlMoveVerdict pv;
            vl_resolve_move(w, &o, &pv);
            double part = pv.cost - before;
            before = pv.cost;
            if (part < 0.05)
                continue; /* a free turn */
            int put = snprintf(s + len, sizeof s - len, "%s%s %.1f", parts ? " + " : ": ", vl_step_kind_name(o.steps[k - 1].kind), part);
            if (put > 0)
                len += (size_t)put;
            parts++;
        }
        if (parts < 2) /* one costly part: the total says it */
            s[base] = 0;
    }
    float top = y - 40;
    vl_ui_boxed_text(app, x, top, 12, s, ok ? vl_ui_rgb(0x00412Fu) : vl_ui_rgb(VL_UI_BAD), vl_ui_rgba(0xFFFFFFu, 225), VL_ALIGN_CENTRE);
    if (ge->kind == VL_GEST_NONE && ge->fixed > 0 && ok) {
        /* A held order (D-UI-ORD-1): what is left of the allowance and how to go on. */
        double left = fmax(0, v->allowance.min - v->cost);
        snprintf(s, sizeof s, "held: drag the ghost on for the other %.1f in, or Enter to send it as it is; Esc drops it", left);
        vl_ui_boxed_text(app, x, top - 17, 11, s, vl_ui_rgb(0x222222u), vl_ui_rgba(VL_UI_HIGHLIGHT, 235), VL_ALIGN_CENTRE);
    }
    if ((ok || !refusal_line(app, x, top + 17, &v->why)) && v->depends_on_die) {
        snprintf(s, sizeof s, "legal on a roll of %d or less (cavalry in rough)", v->max_die);
        vl_ui_boxed_text(app, x, top + 17, 11, s, vl_ui_rgb(0x222222u), vl_ui_rgba(VL_UI_HIGHLIGHT, 235), VL_ALIGN_CENTRE);
    }
}

/* ---- the odds lines (rules/prospects.c: the functions the game rolls with) ---- */

#define DOT " \xC2\xB7 "

/* "7 or more on 2D6 (58%)": the score a morale test needs and its chance. */
void vl_ui_need_text(char *s, size_t size, const VlMoraleProspect *m)
{
    if (m->need <= 2)
        snprintf(s, size, "passes whatever the dice");
    else if (m->need > 12)
        snprintf(s, size, "cannot pass");
    else
        snprintf(s, size, "%d or more on 2D6 (%.0f%%)", m->need, 100 * m->pass);
}

static const char *unit_name(const VlWorld *w, int u)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    return su->name[0] ? su->name : su->id;
}

void vl_ui_charge_prospect(const VlUiApp *app, const VlWorld *w, const VlChargeVerdict *v, VlChargeProspect *p)
{
    unsigned r = app->reactions[vl_world_side(w, v->target) & 1];
    VlReactionOrders orders = {(r & VL_REACT_SQUARE) != 0, (r & VL_REACT_SKIRMISH_BACK) != 0, (r & VL_REACT_CAVALRY_BACK) != 0};
    vl_charge_prospect(w, v, orders, p);
}

/* The odds of a legal GOR charge: the charger's test, the defender's reaction, the close combat. */
static void charge_odds_text(const VlUiApp *app, const VlWorld *w, const VlChargeVerdict *v, char *s, size_t size)
{
    VlChargeProspect p;
    vl_ui_charge_prospect(app, w, v, &p);
    char a[64], b[64], d[160];
    vl_ui_need_text(a, sizeof a, &p.charger);
    int n = snprintf(s, size, "morale test: %s", a);
    if (p.reception == VL_RECEPTION_SQUARE) {
        vl_ui_need_text(b, sizeof b, &p.charger_if_square);
        n += snprintf(s + n, size - (size_t)n, ", %s if it forms square", b);
    }
    switch (p.reception) {
    case VL_RECEPTION_STANDS:
        vl_ui_need_text(b, sizeof b, &p.defender);
        if (p.free_fire.dice > 0)
            snprintf(d, sizeof d, "defender stands: %s, then fires %d dice", b, p.free_fire.dice);
        else
            snprintf(d, sizeof d, "defender stands: %s", b);
        break;
    case VL_RECEPTION_SQUARE:
        vl_ui_need_text(b, sizeof b, &p.defender);
        snprintf(d, sizeof d, "defender tries square now: %s", b);
        break;
    case VL_RECEPTION_SKIRMISHERS:
        vl_ui_need_text(b, sizeof b, &p.defender);
        snprintf(d, sizeof d, "skirmishers: %s to %s; failing by %d+, they fight", b,
                 p.skirmish_back ? "fall back" : "stand and fire", p.skirmish_stay_by);
        break;
    case VL_RECEPTION_FALLS_BACK: snprintf(d, sizeof d, "cavalry falls back a full move: no combat"); break;
    case VL_RECEPTION_ROUTED: snprintf(d, sizeof d, "defender routed: no test, no fire"); break;
    }
    n += snprintf(s + n, size - (size_t)n, DOT "%s", d);
    if (p.p_fight <= 0)
        return;
    n += snprintf(s + n, size - (size_t)n, DOT "close combat %d dice v %d", p.cc.att > 0 ? p.cc.att : 0, p.cc.def);
    if (p.reception == VL_RECEPTION_SQUARE)
        n += snprintf(s + n, size - (size_t)n, ", %d v %d against the square", p.cc_if_square.att > 0 ? p.cc_if_square.att : 0,
                      p.cc_if_square.def);
    if (p.p_fight < 0.995)
        snprintf(s + n, size - (size_t)n, " (%.0f%% chance once it arrives)", 100 * p.p_fight);
}

/* Draw @p s at (x, y) on one line, or, when long, a line for each of its parts (split at the
 * dots), the next below (@p dir 1) or above (-1) the one before. */
static void odds_lines(VlUiApp *app, float x, float y, char *s, float dir)
{
    SDL_Color fg = vl_ui_rgb(0x222222u), bg = vl_ui_rgba(0xFFFFFFu, 225);
    bool split = strlen(s) > 90;
    for (char *part = s; part; y += dir * 16) {
        char *cut = split ? strstr(part, DOT) : NULL;
        if (cut)
            *cut = 0;
        vl_ui_boxed_text(app, x, y, 11, part, fg, bg, VL_ALIGN_CENTRE);
        part = cut ? cut + strlen(DOT) : NULL;
    }
}

static void highlight_face(VlUiApp *app, const VlFootprint *fp, VlFace f)
{
    VlVec2 a, b;
    vl_footprint_face(fp, f, &a, &b);
    vl_ui_world_line(app, a, b, 8, vl_ui_rgb(0x000000u));
    vl_ui_world_line(app, a, b, 5, vl_ui_rgb(VL_UI_SELECT));
}

void vl_ui_draw_charge_preview(VlUiApp *app, const VlWorld *w, const VlChargeVerdict *v, bool verbose)
{
    const VlFieldUnit *fu = vl_world_unit(w, v->unit), *tu = vl_world_unit(w, v->target);
    bool ok = v->legal;
    SDL_Color col = ok ? vl_ui_rgb(VL_UI_GOOD) : vl_ui_rgb(VL_UI_BAD);
    if (v->npath > 0) {
        VlVec2 pts[VL_MAX_PATH + 1];
        int n = 0;
        pts[n++] = fu->pose.anchor;
        for (int i = 0; i < v->npath && n < VL_MAX_PATH + 1; i++)
            pts[n++] = v->path[i].anchor;
        vl_ui_world_outline(app, pts, n, 3, false, col, !ok);
    }
    if (v->reachable)
        ghost(app, v->contact_pose, fu->formation, fu->spec, vl_ui_rgba(ok ? VL_UI_GOOD : VL_UI_BAD, 70), col, !ok);
    if (v->reachable && v->half_distance > 0) {
        /* GOR-CHG-3: where a failed morale test halts it. */
        VlFootprint hf;
        vl_footprint_build(&hf, v->half_pose, fu->formation, fu->spec);
        vl_ui_world_outline(app, hf.box.p, 4, 1.5f, true, vl_ui_rgba(0x000000u, 160), true);
    }
    if (v->reachable || v->eligible)
        highlight_face(app, &tu->fp, v->face);
    for (int i = 0; i < v->nsupports; i++) {
        const VlFootprint *sf = &vl_world_unit(w, v->supports[i])->fp;
        vl_ui_world_outline(app, sf->box.p, 4, 3, true, vl_ui_rgb(VL_UI_GOOD), true);
    }
    if (v->blocker_unit >= 0)
        vl_ui_world_outline(app, vl_world_unit(w, v->blocker_unit)->fp.box.p, 4, 3, true, vl_ui_rgb(VL_UI_BAD), false);
    if (v->blocker_feature >= 0 && v->blocker_feature < w->scenario->nterrain) {
        const VlTerrain *t = &w->scenario->terrain[v->blocker_feature];
        vl_ui_world_outline(app, t->pts, t->npts, 3, t->type < VL_T_AREAL_COUNT, vl_ui_rgb(VL_UI_BAD), false);
    }
    if (!verbose)
        return;
    VlVec2 c = vl_v2_lerp(tu->fp.box.p[0], tu->fp.box.p[2], 0.5);
    float x, y;
    vl_ui_camera_to_screen(&app->cam, c, &x, &y);
    char s[300];
    if (ok)
        snprintf(s, sizeof s, "charge: %.1f of %.1f in, strikes the %s%s%d support%s", v->distance, v->allowance_min,
                 vl_face_name(v->face), v->depends_on_die ? " (die permitting), " : ", ", v->nsupports,
                 v->nsupports == 1 ? "" : "s");
    else
        snprintf(s, sizeof s, "no charge%s", v->reachable ? "" : v->eligible ? ": out of reach or blocked" : "");
    float top = y + 26;
    vl_ui_boxed_text(app, x, top, 12, s, ok ? vl_ui_rgb(0x00412Fu) : vl_ui_rgb(VL_UI_BAD), vl_ui_rgba(0xFFFFFFu, 230), VL_ALIGN_CENTRE);
    if (!ok)
        refusal_line(app, x, top + 17, &v->why);
    else if (v->rules == VL_RULES_GOR) {
        charge_odds_text(app, w, v, s, sizeof s);
        odds_lines(app, x, top + 17, s, 1);
    }
}

static void draw_sight(VlUiApp *app, const VlWorld *w, const VlSight *s)
{
    if (s->clear) {
        vl_ui_world_line(app, s->witness[0], s->witness[1], 4, vl_ui_rgb(0xFFFFFFu));
        vl_ui_world_line(app, s->witness[0], s->witness[1], 2, vl_ui_rgb(VL_UI_SIGHT));
        return;
    }
    for (int i = 0; i < s->nblockers; i++) {
        if (s->blockers[i].kind == VL_OBST_UNIT) {
            const VlFootprint *bf = &vl_world_unit(w, s->blockers[i].index)->fp;
            vl_ui_world_outline(app, bf->box.p, 4, 3, true, vl_ui_rgb(VL_UI_BAD), false);
        } else if (s->blockers[i].index < w->scenario->nterrain) {
            const VlTerrain *t = &w->scenario->terrain[s->blockers[i].index];
            vl_ui_world_outline(app, t->pts, t->npts, 3, true, vl_ui_rgb(VL_UI_BAD), false);
        }
    }
}

void vl_ui_draw_fire_preview(VlUiApp *app, const VlWorld *w, const VlFirePreview *f)
{
    const VlFieldUnit *fu = vl_world_unit(w, f->unit), *tu = vl_world_unit(w, f->target);
    draw_sight(app, w, &f->sight);
    if (!f->sight.clear) {
        VlVec2 a = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[1], 0.5), b = vl_v2_lerp(tu->fp.box.p[0], tu->fp.box.p[2], 0.5);
        vl_ui_world_line(app, a, b, 1.5f, vl_ui_rgba(VL_UI_BAD, 200));
    }
    vl_ui_world_outline(app, tu->fp.box.p, 4, 3, true, f->legal ? vl_ui_rgb(VL_UI_GOOD) : vl_ui_rgb(VL_UI_BAD), false);
    if (f->rule_target >= 0 && f->rule_target != f->target)
        vl_ui_world_outline(app, vl_world_unit(w, f->rule_target)->fp.box.p, 4, 3, true, vl_ui_rgb(VL_UI_SELECT), true);
    VlVec2 c = vl_v2_lerp(tu->fp.box.p[0], tu->fp.box.p[2], 0.5);
    float x, y;
    vl_ui_camera_to_screen(&app->cam, c, &x, &y);
    char s[300];
    bool sandbox = app->sandbox != NULL;
    snprintf(s, sizeof s, "%s%.1f in, %s, %s%s", sandbox ? "fire: " : "", f->range,
             f->sight.clear ? "line of fire clear" : "line of fire blocked", vl_cover_name(f->cover),
             f->legal && !sandbox ? " - click again to fire" : "");
    /* In the sandbox the charge verdict sits below the target: the line of fire goes above. */
    float top = sandbox ? y - 46 : y + 26;
    vl_ui_boxed_text(app, x, top, 12, s, f->legal ? vl_ui_rgb(0x00412Fu) : vl_ui_rgb(VL_UI_BAD), vl_ui_rgba(0xFFFFFFu, 230), VL_ALIGN_CENTRE);
    if (!f->legal) {
        refusal_line(app, x, top + 17, &f->why);
    } else if (f->odds.dice > 0) {
        /* The dice the game would roll (vl_fire_prospect); small arms go at the rule's target. */
        const VlFireProspect *o = &f->odds;
        char at[80] = "";
        if (o->target != f->target)
            snprintf(at, sizeof at, "at %.60s: ", unit_name(w, o->target));
        char hit[16] = "6";
        if (o->hit_on < 6)
            snprintf(hit, sizeof hit, "%d-6", o->hit_on);
        snprintf(s, sizeof s, "%s%d %s, hit on %s, %.1f HIT%s expected", at, o->dice, o->dice == 1 ? "die" : "dice", hit,
                 o->expected, o->expected == 1.0 ? "" : "s");
        /* In the sandbox the charge's lines go below the target: these go above the line of fire. */
        odds_lines(app, x, sandbox ? top - 17 : top + 17, s, sandbox ? -1 : 1);
    }
}

/* Charges declared this phase (GOR-CHG-3: declared first, resolved together when the phase ends).
 * The log is the source of truth: the charge commands since the last end of phase. */
static int declared_charges(const VlUiApp *app, const VlGame *g, const VlCommand **out, int max)
{
    if (vl_game_phase(g) != VL_PHASE_CHARGE)
        return 0;
    const VlLog *log = app->screen == VL_SCREEN_REPLAY ? &app->replay.log : &app->log;
    int end = log->n;
    if (app->screen == VL_SCREEN_REPLAY)
        end = app->replay.k > 0 ? app->replay.entry[app->replay.k - 1] + 1 : 0;
    int n = 0;
    for (int i = end - 1; i >= 0 && n < max; i--) {
        const VlLogEntry *e = &log->e[i];
        if (e->is_check)
            continue;
        if (e->cmd.kind == VL_CMD_END_PHASE)
            break;
        if (e->cmd.kind == VL_CMD_CHARGE)
            out[n++] = &e->cmd;
    }
    return n;
}

void vl_ui_draw_declared_charges(VlUiApp *app, const VlGame *g)
{
    const VlCommand *decl[64];
    int n = declared_charges(app, g, decl, 64);
    const VlWorld *w = vl_game_world_const(g);
    for (int i = 0; i < n; i++) {
        int u = decl[i]->unit, t = decl[i]->target;
        if (u < 0 || t < 0 || u >= w->nunits || t >= w->nunits || !vl_world_present(w, u) || !vl_world_present(w, t))
            continue;
        const VlFootprint *uf = &vl_world_unit(w, u)->fp, *tf = &vl_world_unit(w, t)->fp;
        VlVec2 a = vl_v2_lerp(uf->box.p[0], uf->box.p[1], 0.5), b = vl_v2_lerp(tf->box.p[0], tf->box.p[2], 0.5);
        float x0, y0, x1, y1;
        vl_ui_camera_to_screen(&app->cam, a, &x0, &y0);
        vl_ui_camera_to_screen(&app->cam, b, &x1, &y1);
        float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
        if (len < 1)
            continue;
        dx /= len;
        dy /= len;
        SDL_Color c = vl_ui_side_color(vl_world_side(w, u), 255);
        SDL_FPoint line[2] = {{x0, y0}, {x1 - dx * 10, y1 - dy * 10}};
        vl_ui_gfx_dashed(app->r, line, 2, 3, false, 10, 5, c);
        SDL_FPoint head[3] = {{x1, y1}, {x1 - dx * 14 - dy * 7, y1 - dy * 14 + dx * 7}, {x1 - dx * 14 + dy * 7, y1 - dy * 14 - dx * 7}};
        vl_ui_gfx_convex(app->r, head, 3, c);
        vl_ui_boxed_text(app, (x0 + x1) / 2, (y0 + y1) / 2 - 8, 11, "charge declared", vl_ui_rgb(0xFFFFFFu), c, VL_ALIGN_CENTRE);
    }
}
