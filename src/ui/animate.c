/* The computer's orders shown as they happen (animate.h). When the computer plays an order, the
 * game takes it at once (think.c); this file then works out what to show from the game before the
 * order, the game after it, the order and the dice and events it brought:
 *  - the units that moved, each along the path the rules gave it: a move's poses step by step from
 *    the movement verdict (vl_resolve_move, or vl_resolve_move_rolled with the rough-ground die the
 *    game rolled), a charger's along its charge verdict's path (vl_resolve_charge) as far as the
 *    events say it went (home, faltered half way, short), then any straight leg to where it ended
 *    (a fall back after the melee); any other unit that moved (fell back, routed, made way) in a
 *    straight line, after the order's own movement;
 *  - a line from the firer to each target; a declared charge's path, dashed, to the target;
 *  - each die rolled for a unit, a small label beside it: a morale test's total and what it
 *    needed, the HITs of fire and melee dice.
 * The table is drawn from a copy of the game after the order with the moving units placed where
 * the animation has them (vl_game_place_unit on the copy, never on the game played), so what is
 * drawn at the end is the game's state and nothing here can change it. */
#include "animate.h"

#include "panels.h"
#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRACKS 32
#define MARKS 40
#define PATHS 8

typedef struct Track {
    int unit;
    int n;
    VlPose pose[VL_MAX_PATH + 2];
    float t0, t1;       ///< the part of the animation it moves in (0..1)
    bool drawn_path;    ///< its path is drawn as it goes (a charge)
} Track;

typedef enum MarkKind { MARK_FIRE, MARK_TEST } MarkKind;

typedef struct Mark {
    MarkKind kind;
    int side;
    int unit;           ///< a test's unit (labels stack per unit)
    VlVec2 a, b;        ///< fire: firer to target; test: where it was rolled
    char text[96];
    int tone;           ///< test: 1 passed / hit, -1 failed, 0 neither
    float t0;           ///< when it appears (0..1)
} Mark;

typedef struct Path {
    int side;
    int n;
    VlVec2 p[VL_MAX_PATH + 2];
} Path;

typedef struct VlUiAnim {
    uint32_t start, dur;
    float t;            ///< how far it has gone, 0..1
    VlGame *shown;      ///< the game after the order, the moving units at their animated poses
    int ntrack, nmark, npath;
    Track track[TRACKS];
    Mark mark[MARKS];
    Path path[PATHS];   ///< declared charges' paths
    int side;           ///< whose order it is
    char caption[240];  ///< the order in words, with names
} VlUiAnim;

int vl_ui_anim_duration_ms(int setting)
{
    switch (setting) {
    case VL_UI_ANIM_FAST: return 400;
    case VL_UI_ANIM_NORMAL: return 1000;
    case VL_UI_ANIM_SLOW: return 2000;
    default: return 0;
    }
}

bool vl_ui_watching(const VlUiApp *app)
{
    if (!app->game || app->screen != VL_SCREEN_GAME || vl_ui_anim_duration_ms(app->settings.animation) <= 0)
        return false;
    int side = vl_game_active_side(app->game);
    return !app->human[side] && app->human[1 - side];
}

static VlVec2 centre(const VlWorld *w, int u)
{
    VlBox b = vl_world_unit(w, u)->bounds;
    return vl_v2_scale(vl_v2_add(b.lo, b.hi), 0.5);
}

static bool same_pose(VlPose a, VlPose b)
{
    double df = fmod(fabs(a.facing - b.facing), 360.0);
    return vl_v2_dist(a.anchor, b.anchor) < 1e-6 && (df < 1e-6 || df > 360.0 - 1e-6);
}

static Track *add_track(VlUiAnim *an, int u, VlPose from)
{
    for (int i = 0; i < an->ntrack; i++)
        if (an->track[i].unit == u)
            return NULL; /* one track a unit: the first (the order's own) wins */
    if (an->ntrack == TRACKS)
        return NULL;
    Track *t = &an->track[an->ntrack++];
    memset(t, 0, sizeof *t);
    t->unit = u;
    t->pose[t->n++] = from;
    return t;
}

static void track_to(Track *t, VlPose p)
{
    if (t->n < VL_MAX_PATH + 2 && !same_pose(t->pose[t->n - 1], p))
        t->pose[t->n++] = p;
}

/* The rough-ground die the game rolled for unit u among the new rolls, or 0. */
static int move_die(const VlDiceRoll *d, int n, int u)
{
    for (int i = 0; i < n; i++)
        if (d[i].unit == u && strcmp(d[i].clause, "GOR-MOVE-1") == 0 && d[i].ndice == 1)
            return d[i].dice[0];
    return 0;
}

/* A move order's path: the movement verdict on the world before it, with the die the game rolled. */
static void move_track(VlUiAnim *an, const VlWorld *wb, const VlWorld *wa, const VlCommand *c, const VlDiceRoll *d, int nd)
{
    int u = c->move.unit;
    if (u < 0 || u >= wb->nunits || !vl_world_present(wa, u))
        return;
    VlMoveOrder asked = c->move, done;
    asked.rough_die = 0;
    VlMoveVerdict *v = malloc(sizeof *v);
    if (!v)
        return;
    int die = move_die(d, nd, u);
    if (die)
        vl_resolve_move_rolled(wb, &asked, die, &done, v);
    else
        vl_resolve_move(wb, &asked, v);
    Track *t = add_track(an, u, vl_world_unit(wb, u)->pose);
    for (int i = 0; t && i < v->npath; i++)
        track_to(t, v->path[i]);
    if (t)
        track_to(t, vl_world_unit(wa, u)->pose);
    free(v);
}

/* What the events say of charger u's move: 1 home, 2 halted half way, 3 short or stayed, 0 nothing. */
static int charge_fate(const VlGameEvent *ev, int n, int u)
{
    for (int i = 0; i < n; i++) {
        if (ev[i].unit != u)
            continue;
        if (strcmp(ev[i].clause, "GOR-CHG-4") == 0)
            return 1;
        if (strcmp(ev[i].clause, "GOR-CHG-3") == 0 && strstr(ev[i].text, "falters"))
            return 2;
        if (strcmp(ev[i].clause, "GOR-CHG-2") == 0)
            return 3;
    }
    return 0;
}

/* The charges declared before the order, resolved by it: each charger along its verdict's path. */
static void charge_tracks(VlUiAnim *an, const VlGame *before, const VlWorld *wa, const VlGameEvent *ev, int nev)
{
    const VlWorld *wb = vl_game_world_const(before);
    int units[16], targets[16];
    int n = vl_game_declared_charges(before, units, targets, 16);
    VlChargeVerdict *v = malloc(sizeof *v);
    if (!v)
        return;
    for (int i = 0; i < n; i++) {
        int u = units[i];
        if (!vl_world_present(wa, u))
            continue;
        VlChargeOrder o = vl_ui_charge_order(wb, u, targets[i]);
        vl_resolve_charge(wb, &o, v);
        int fate = charge_fate(ev, nev, u);
        Track *t = add_track(an, u, vl_world_unit(wb, u)->pose);
        if (!t)
            continue;
        t->drawn_path = true;
        VlPose end = vl_world_unit(wa, u)->pose;
        if (fate == 1 || fate == 2) {
            /* Home: the whole path; halted: as far as half its length, never closer than 3 in. */
            VlPose last = fate == 1 ? v->contact_pose : v->half_pose;
            double run = 0;
            VlVec2 prev = vl_world_unit(wb, u)->pose.anchor;
            for (int k = 0; k < v->npath; k++) {
                run += vl_v2_dist(prev, v->path[k].anchor);
                prev = v->path[k].anchor;
                if (fate == 2 && run >= v->half_distance)
                    break;
                track_to(t, v->path[k]);
            }
            track_to(t, last);
        } else if (fate == 3 && v->npath) {
            /* Short of contact: along the path to the point nearest where it stopped. */
            int best = 0;
            for (int k = 1; k < v->npath; k++)
                if (vl_v2_dist(v->path[k].anchor, end.anchor) < vl_v2_dist(v->path[best].anchor, end.anchor))
                    best = k;
            for (int k = 0; k <= best; k++)
                track_to(t, v->path[k]);
        }
        track_to(t, end); /* then to where it ended (a fall back after the melee, in a straight line) */
    }
    free(v);
}

static void add_mark(VlUiAnim *an, MarkKind kind, int side, int unit, VlVec2 a, VlVec2 b, int tone, const char *text)
{
    if (an->nmark == MARKS)
        return;
    Mark *m = &an->mark[an->nmark++];
    m->kind = kind;
    m->side = side;
    m->unit = unit;
    m->a = a;
    m->b = b;
    m->tone = tone;
    snprintf(m->text, sizeof m->text, "%s", text);
}

/* A die rolled for a unit as a label: a morale test's total against its need, fire and melee dice
 * as their HITs, other rolls (rough ground, a commander's survival, orders) as their faces. */
static void test_mark(VlUiAnim *an, const VlWorld *wb, const VlWorld *wa, const VlDiceRoll *r)
{
    int u = r->unit;
    if (u < 0 || u >= wa->nunits)
        return;
    VlVec2 at = vl_world_present(wa, u) ? centre(wa, u) : centre(wb, u);
    int sum = 0;
    for (int i = 0; i < r->ndice; i++)
        sum += r->dice[i];
    char text[96];
    int tone = 0;
    size_t n = strlen(r->result);
    const char *who = vl_unit_label(wa->scenario, u);
    if (strstr(r->result, " morale for ")) {
        int total = sum + r->modifier;
        tone = total >= r->need ? 1 : -1;
        snprintf(text, sizeof text, "%.24s: morale %d, needs %d, %s", who, total, r->need, tone > 0 ? "passes" : "fails");
    } else if (n >= 4 && (strcmp(r->result + n - 3, "HIT") == 0 || strcmp(r->result + n - 4, "HITs") == 0) && r->need > 0) {
        int hits = 0;
        for (int i = 0; i < r->ndice; i++)
            hits += r->dice[i] >= r->need;
        tone = hits ? 1 : 0;
        snprintf(text, sizeof text, "%.24s: %s %d dice, %d HIT%s", who, strcmp(r->clause, "GOR-CC-2") == 0 ? "melee" : "fire", r->ndice,
                 hits, hits == 1 ? "" : "s");
    } else {
        snprintf(text, sizeof text, "%.24s: %s rolls %d", who, r->clause, sum);
    }
    add_mark(an, MARK_TEST, r->side, u, at, at, tone, text);
}

static void fire_marks(VlUiAnim *an, const VlWorld *wb, const VlCommand *c)
{
    int u = c->unit;
    if (u < 0 || u >= wb->nunits || !vl_world_present(wb, u))
        return;
    int side = vl_world_side(wb, u);
    if (c->kind == VL_CMD_ARTILLERY_FIRE || c->ntargets == 0) {
        int t = c->kind == VL_CMD_ARTILLERY_FIRE ? c->target : vl_fire_target(wb, u, &(int){0}, NULL);
        if (t >= 0 && t < wb->nunits && vl_world_present(wb, t))
            add_mark(an, MARK_FIRE, side, u, centre(wb, u), centre(wb, t), 0, "");
        return;
    }
    for (int i = 0; i < c->ntargets && i < VL_MAX_FIRE_TARGETS; i++) {
        int t = c->targets[i];
        if (t >= 0 && t < wb->nunits && vl_world_present(wb, t))
            add_mark(an, MARK_FIRE, side, u, centre(wb, u), centre(wb, t), 0, "");
    }
}

static void charge_path(VlUiAnim *an, const VlWorld *wb, const VlCommand *c)
{
    if (an->npath == PATHS || c->unit < 0 || c->unit >= wb->nunits || c->target < 0 || c->target >= wb->nunits)
        return;
    VlChargeVerdict *v = malloc(sizeof *v);
    if (!v)
        return;
    VlChargeOrder o = vl_ui_charge_order(wb, c->unit, c->target);
    vl_resolve_charge(wb, &o, v);
    Path *p = &an->path[an->npath];
    p->side = vl_world_side(wb, c->unit);
    p->n = 0;
    p->p[p->n++] = vl_world_unit(wb, c->unit)->pose.anchor;
    for (int k = 0; k < v->npath && p->n < VL_MAX_PATH + 1; k++)
        p->p[p->n++] = v->path[k].anchor;
    if (v->npath == 0)
        p->p[p->n++] = centre(wb, c->target); /* no clear path: the line to the target it was declared at */
    an->npath++;
    free(v);
}

void vl_ui_anim_free(VlUiApp *app)
{
    VlUiAnim *an = app->watch.anim;
    if (!an)
        return;
    vl_game_destroy(an->shown);
    free(an);
    app->watch.anim = NULL;
}

void vl_ui_anim_finish(VlUiApp *app)
{
    vl_ui_anim_free(app);
    vl_ui_invalidate_table(app);
}

bool vl_ui_anim_busy(const VlUiApp *app) { return app->watch.anim != NULL; }

float vl_ui_anim_progress(const VlUiApp *app) { return app->watch.anim ? app->watch.anim->t : -1.0f; }

const VlGame *vl_ui_anim_shown(const VlUiApp *app, const VlGame *g)
{
    return app->watch.anim && app->watch.anim->shown && g == app->game ? app->watch.anim->shown : g;
}

/* The pose a track has at time t (0..1 of the whole animation): along its poses by their length,
 * a degree of turn counting as a tenth of an inch, so that a wheel in place takes time too. */
static VlPose track_pose(const Track *tr, float t)
{
    float s = tr->t1 > tr->t0 ? (t - tr->t0) / (tr->t1 - tr->t0) : 1.0f;
    if (s <= 0 || tr->n < 2)
        return tr->pose[0];
    if (s >= 1)
        return tr->pose[tr->n - 1];
    double len[VL_MAX_PATH + 2], total = 0;
    for (int i = 1; i < tr->n; i++) {
        double df = remainder(tr->pose[i].facing - tr->pose[i - 1].facing, 360.0);
        len[i] = vl_v2_dist(tr->pose[i].anchor, tr->pose[i - 1].anchor) + fabs(df) * 0.1;
        total += len[i];
    }
    double want = s * total, run = 0;
    for (int i = 1; i < tr->n; i++) {
        if (run + len[i] >= want && len[i] > 0) {
            double f = (want - run) / len[i];
            VlPose a = tr->pose[i - 1], b = tr->pose[i];
            double df = remainder(b.facing - a.facing, 360.0);
            return (VlPose){vl_v2_lerp(a.anchor, b.anchor, f), a.facing + df * f};
        }
        run += len[i];
    }
    return tr->pose[tr->n - 1];
}

static void place_units(VlUiAnim *an)
{
    for (int i = 0; i < an->ntrack; i++)
        vl_game_place_unit(an->shown, an->track[i].unit, track_pose(&an->track[i], an->t));
}

void vl_ui_anim_start(VlUiApp *app, const VlGame *before, const VlCommand *c, uint32_t now_ms)
{
    vl_ui_anim_free(app);
    int dur = vl_ui_anim_duration_ms(app->settings.animation);
    if (dur <= 0 || !before || !app->game)
        return;
    VlUiAnim *an = calloc(1, sizeof *an);
    if (!an)
        return;
    const VlWorld *wb = vl_game_world_const(before), *wa = vl_game_world_const(app->game);
    int nd0, nd1, ne0, ne1;
    vl_game_dice(before, &nd0);
    const VlDiceRoll *dice = vl_game_dice(app->game, &nd1);
    vl_game_events(before, &ne0);
    const VlGameEvent *ev = vl_game_events(app->game, &ne1);
    dice += nd0 < nd1 ? nd0 : nd1;
    ev += ne0 < ne1 ? ne0 : ne1;
    int nd = nd1 > nd0 ? nd1 - nd0 : 0, ne = ne1 > ne0 ? ne1 - ne0 : 0;

    /* The order's own movement first, then whatever else moved. */
    if (c->kind == VL_CMD_MOVE)
        move_track(an, wb, wa, c, dice, nd);
    else if (c->kind == VL_CMD_END_PHASE && vl_game_phase(before) == VL_PHASE_CHARGE)
        charge_tracks(an, before, wa, ev, ne);
    if (c->kind == VL_CMD_FIRE || c->kind == VL_CMD_ARTILLERY_FIRE)
        fire_marks(an, wb, c);
    if (c->kind == VL_CMD_CHARGE)
        charge_path(an, wb, c);
    int own = an->ntrack;
    for (int u = 0; u < wa->nunits && u < wb->nunits; u++) {
        if (!vl_world_present(wa, u) || !vl_world_present(wb, u))
            continue;
        VlPose from = vl_world_unit(wb, u)->pose, to = vl_world_unit(wa, u)->pose;
        if (same_pose(from, to))
            continue;
        Track *t = add_track(an, u, from);
        if (t)
            track_to(t, to);
    }
    bool fire = an->nmark > 0;
    for (int i = 0; i < nd; i++)
        test_mark(an, wb, wa, &dice[i]);
    if (an->ntrack == 0 && an->nmark == 0 && an->npath == 0) {
        free(an);
        return; /* nothing to show: the next order comes at once */
    }
    /* The timeline: the order's own movement (or its fire) in the first part, what followed from it
     * after; each label appears in turn, in the order the dice were thrown. */
    float split = own && an->ntrack > own ? 0.6f : fire && an->ntrack ? 0.4f : 0.0f;
    for (int i = 0; i < an->ntrack; i++) {
        Track *t = &an->track[i];
        t->t0 = i < own ? 0.0f : split;
        t->t1 = i < own ? (split > 0 ? split : 0.85f) : 0.85f;
    }
    int ntests = 0;
    for (int i = 0; i < an->nmark; i++)
        ntests += an->mark[i].kind == MARK_TEST;
    for (int i = 0, k = 0; i < an->nmark; i++)
        if (an->mark[i].kind == MARK_TEST)
            an->mark[i].t0 = 0.1f + 0.6f * (float)k++ / (float)(ntests ? ntests : 1);
    an->shown = vl_game_clone(app->game);
    if (!an->shown) {
        free(an);
        return;
    }
    an->side = vl_game_active_side(before);
    int ncharges = c->kind == VL_CMD_END_PHASE && vl_game_phase(before) == VL_PHASE_CHARGE
                       ? vl_game_declared_charges(before, (int[16]){0}, (int[16]){0}, 16)
                       : 0;
    if (ncharges)
        snprintf(an->caption, sizeof an->caption, "the charge phase ends: %d charge%s go%s in", ncharges, ncharges == 1 ? "" : "s",
                 ncharges == 1 ? "es" : "");
    else if (c->kind == VL_CMD_END_PHASE)
        snprintf(an->caption, sizeof an->caption, "the %s phase ends", vl_phase_name(vl_game_phase(before)));
    else
        vl_ui_order_text(&app->scenario, c, an->caption, sizeof an->caption);
    app->watch.shown++;
    an->start = now_ms;
    an->dur = (uint32_t)dur;
    an->t = 0;
    app->watch.anim = an;
    place_units(an);
}

void vl_ui_anim_update(VlUiApp *app, uint32_t now_ms)
{
    VlUiAnim *an = app->watch.anim;
    if (!an)
        return;
    uint32_t gone = now_ms >= an->start ? now_ms - an->start : 0;
    if (gone >= an->dur) {
        vl_ui_anim_finish(app);
        return;
    }
    an->t = (float)gone / (float)an->dur;
    place_units(an);
}

/* ---- drawing ---- */

static SDL_FPoint px(const VlUiApp *app, VlVec2 p)
{
    SDL_FPoint q;
    vl_ui_camera_to_screen(&app->cam, p, &q.x, &q.y);
    return q;
}

static void arrow_head(SDL_Renderer *r, SDL_FPoint from, SDL_FPoint to, float size, SDL_Color c)
{
    float dx = to.x - from.x, dy = to.y - from.y, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f)
        return;
    dx /= len;
    dy /= len;
    SDL_FPoint tri[3] = {to, {to.x - dx * size - dy * size * 0.5f, to.y - dy * size + dx * size * 0.5f},
                         {to.x - dx * size + dy * size * 0.5f, to.y - dy * size - dx * size * 0.5f}};
    vl_ui_gfx_convex(r, tri, 3, c);
}

void vl_ui_anim_draw(VlUiApp *app)
{
    VlUiAnim *an = app->watch.anim;
    if (!an)
        return;
    SDL_Rect map = app->rects.map;
    SDL_RenderSetClipRect(app->r, &map);
    float t = an->t;
    /* Declared charges: the path, dashed, with its head at the target. */
    for (int i = 0; i < an->npath; i++) {
        const Path *p = &an->path[i];
        SDL_FPoint pts[VL_MAX_PATH + 2];
        for (int k = 0; k < p->n; k++)
            pts[k] = px(app, p->p[k]);
        SDL_Color c = vl_ui_side_color(p->side, 230);
        vl_ui_gfx_dashed(app->r, pts, p->n, 3, false, 10, 6, c);
        if (p->n >= 2)
            arrow_head(app->r, pts[p->n - 2], pts[p->n - 1], 14, c);
    }
    /* Units moving: the path each goes along (a charge's bolder), with its head where it ends. */
    for (int i = 0; i < an->ntrack; i++) {
        const Track *tr = &an->track[i];
        if (tr->n < 2)
            continue;
        SDL_FPoint pts[VL_MAX_PATH + 2];
        for (int k = 0; k < tr->n; k++)
            pts[k] = px(app, tr->pose[k].anchor);
        SDL_Color c = vl_ui_side_color(vl_world_side(vl_game_world_const(an->shown), tr->unit), tr->drawn_path ? 230 : 200);
        vl_ui_gfx_dashed(app->r, pts, tr->n, tr->drawn_path ? 3.5f : 2.5f, false, 8, 5, vl_ui_rgba(0x101010u, 110));
        vl_ui_gfx_dashed(app->r, pts, tr->n, tr->drawn_path ? 2.5f : 1.5f, false, 8, 5, c);
        arrow_head(app->r, pts[tr->n - 2], pts[tr->n - 1], tr->drawn_path ? 14 : 10, c);
    }
    /* Fire: a line from the firer that reaches the target in the first fifth, then stays. */
    for (int i = 0; i < an->nmark; i++) {
        const Mark *m = &an->mark[i];
        if (m->kind != MARK_FIRE)
            continue;
        float f = t / 0.2f > 1 ? 1 : t / 0.2f;
        SDL_FPoint a = px(app, m->a), b = px(app, m->b);
        SDL_FPoint e = {a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f};
        vl_ui_gfx_line(app->r, a.x, a.y, e.x, e.y, 5, vl_ui_rgba(0x101010u, 150));
        vl_ui_gfx_line(app->r, a.x, a.y, e.x, e.y, 3, vl_ui_rgba(0xFF8C1Au, 240));
        arrow_head(app->r, a, e, 14, vl_ui_rgba(0xFF8C1Au, 240));
        vl_ui_gfx_disc(app->r, a.x, a.y, 5, vl_ui_rgba(0xFFD27Au, 240));
    }
    /* The dice: a label above the unit it was rolled for, in the order thrown; one that would
     * cover a label already placed (the same unit's, or a unit in contact's) goes above it. */
    SDL_FRect placed[MARKS];
    int nplaced = 0;
    const VlWorld *ws = vl_game_world_const(an->shown);
    for (int i = 0; i < an->nmark; i++) {
        const Mark *m = &an->mark[i];
        if (m->kind != MARK_TEST || t < m->t0)
            continue;
        /* Beside the unit where it is drawn now (it may be moving). */
        SDL_FPoint p = px(app, m->unit >= 0 && m->unit < ws->nunits && vl_world_present(ws, m->unit) ? centre(ws, m->unit) : m->a);
        int w = 0, h = 0;
        vl_ui_text_size(app->text, 13, m->text, &w, &h);
        if (h == 0)
            h = 16;
        SDL_FRect b = {p.x - ((float)w + 16) / 2, p.y - 34, (float)w + 16, (float)h + 6};
        for (int tries = 0; tries < MARKS; tries++) {
            bool clear = true;
            for (int j = 0; j < nplaced && clear; j++)
                clear = b.x + b.w <= placed[j].x || placed[j].x + placed[j].w <= b.x || b.y + b.h <= placed[j].y ||
                        placed[j].y + placed[j].h <= b.y;
            if (clear)
                break;
            b.y -= b.h + 3;
        }
        placed[nplaced++] = b;
        Uint32 edge = m->tone > 0 ? 0x4CAF50u : m->tone < 0 ? 0xE53935u : 0x9AA0A6u;
        vl_ui_gfx_rect(app->r, b.x, b.y, b.w, b.h, vl_ui_rgba(VL_UI_BAR_BG, 225));
        vl_ui_gfx_rect(app->r, b.x, b.y, 4, b.h, vl_ui_rgb(edge));
        vl_ui_gfx_rect_outline(app->r, b.x, b.y, b.w, b.h, 1, vl_ui_rgb(edge));
        vl_ui_text_draw(app->text, 13, m->text, b.x + 10, b.y + 3, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    }
    /* What the order is, at the table's top: the computer's words for it, and how to hurry it. */
    if (an->caption[0]) {
        char buf[320];
        snprintf(buf, sizeof buf, "%s: %s", vl_ui_side_name(&app->scenario, an->side), an->caption);
        int w = 0, h = 0;
        vl_ui_text_size(app->text, 14, buf, &w, &h);
        const char *keys = "Tab: next order \xC2\xB7 End: skip the turn";
        int kw = 0, kh = 0;
        vl_ui_text_size(app->text, 12, keys, &kw, &kh);
        /* Left of the lesson's panel when it is up at the table's top right. */
        float lo = (float)map.x + 10, hi = (float)(map.x + map.w) - 10;
        if (app->lesson.active && map.w > VL_UI_LESSON_PANEL_W + 300)
            hi = (float)(map.x + map.w - 10 - VL_UI_LESSON_PANEL_W) - 10;
        float bw = (float)(w + kw + 44), bh = 26;
        if (bw > hi - lo)
            bw = hi - lo;
        float bx = lo + (hi - lo - bw) / 2, by = (float)map.y + 8;
        vl_ui_gfx_rect(app->r, bx, by, bw, bh, vl_ui_rgba(VL_UI_BAR_BG, 230));
        vl_ui_gfx_rect(app->r, bx, by, 5, bh, vl_ui_side_color(an->side, 255));
        vl_ui_gfx_rect(app->r, bx, by + bh - 3, (bw - 5) * t + 5, 3, vl_ui_side_color(an->side, 200));
        SDL_Rect clip = {(int)bx, (int)by, (int)bw, (int)bh};
        SDL_RenderSetClipRect(app->r, &clip);
        vl_ui_text_draw(app->text, 14, buf, bx + 14, by + 4, vl_ui_panel_fg(), VL_ALIGN_LEFT);
        if ((float)(w + kw + 44) <= bw) /* the keys' hint only where both fit */
            vl_ui_text_draw(app->text, 12, keys, bx + bw - 10, by + 6, vl_ui_panel_dim(), VL_ALIGN_RIGHT);
        SDL_RenderSetClipRect(app->r, &map);
    }
    SDL_RenderSetClipRect(app->r, NULL);
}

/* ---- keys ---- */

bool vl_ui_watch_event(VlUiApp *app, const SDL_Event *e)
{
    if (e->type != SDL_KEYDOWN || !app->game || app->human[vl_game_active_side(app->game)])
        return false;
    SDL_Keycode k = e->key.keysym.sym;
    bool shift = (e->key.keysym.mod & KMOD_SHIFT) != 0;
    if (k == SDLK_END || (k == SDLK_TAB && shift)) {
        /* The rest of the computer's turn at once: this order's animation ends, and the next ones
         * are played without one until a human has the turn. */
        app->watch.skip = true;
        vl_ui_anim_finish(app);
        return true;
    }
    if (k == SDLK_TAB) {
        vl_ui_anim_finish(app);
        return true;
    }
    return false;
}
