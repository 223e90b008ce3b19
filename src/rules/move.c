/* The general movement resolver: GOR-MOVE-1 to GOR-MOVE-7, GOR-FORM-7, GOR-TURN-3, GOR-ROUT-1.
 *
 * An order is a list of steps. Each step moves the unit's footprint by a translation or a turn; the
 * sweep (geom/sweep.c) finds what it meets on the way: enemies (never touched in this phase),
 * friends (passed through, after which the move ends: GOR-MOVE-7), impassable ground (buildings,
 * water), the table edge, and the ground that makes the move rough. The cost is the farthest any
 * base travels; the allowance comes from the Movement Table for the ground crossed. */
#include "rules_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DRIFT_LIMIT (50.0 / VL_MM_PER_IN) /* GOR-MOVE-3: 50 mm a turn */
#define PI 3.14159265358979323846

const char *vl_step_kind_name(VlStepKind k)
{
    static const char *const names[] = {"advance", "back", "wheel", "drift", "turn", "about", "pivot", "form"};
    return (unsigned)k < 8 ? names[k] : "?";
}

static void add_interpenetrated(VlMoveVerdict *out, int unit)
{
    for (int i = 0; i < out->ninterpenetrated; i++)
        if (out->interpenetrated[i] == unit)
            return;
    if (out->ninterpenetrated < 8)
        out->interpenetrated[out->ninterpenetrated++] = unit;
}

static void push_path(VlMoveVerdict *out, VlPose p)
{
    if (out->npath < VL_MAX_PATH)
        out->path[out->npath++] = p;
}

static void merge_rough(VlMoveVerdict *out, const Met *met)
{
    for (int k = 0; k < met->nrough; k++) {
        bool seen = false;
        for (int i = 0; i < out->nrough; i++)
            seen |= out->rough[i] == met->rough[k];
        if (!seen && out->nrough < 16)
            out->rough[out->nrough++] = met->rough[k];
    }
}

static const char *uname(const VlWorld *w, int u) { return vl_unit_label(w->scenario, u); }

/* The fraction of a motion at which the moving footprint first touches feature f (its outline or
 * path), or -1 when it does not (or touches it from the start). */
static double first_touch(const VlWorld *w, const Mover *m, const Motion *mo, int f)
{
    const VlTerrain *t = vl_battlefield_terrain(w->bf, f);
    if (!t)
        return -1;
    bool areal = t->type < VL_T_AREAL_COUNT;
    int nseg = areal ? t->npts : t->npts - 1;
    double best = 2;
    for (int a = 0; a < m->fp.nblocks; a++)
        for (int s = 0; s < nseg; s++) {
            VlVec2 seg[2] = {t->pts[s], t->pts[(s + 1) % t->npts]};
            double x;
            if (mo->turn) {
                double first;
                if (vl_sweep_rotate_contact(m->fp.blocks[a].p, 4, seg, 2, mo->c, mo->deg, &first))
                    x = fabs(mo->deg) > 0 ? first / fabs(mo->deg) : 0;
                else
                    continue;
            } else {
                double t0, t1;
                if (!vl_sweep_translate(m->fp.blocks[a].p, 4, seg, 2, mo->v, &t0, &t1) || t1 < 0 || t0 > 1)
                    continue;
                x = t0 > 0 ? t0 : 0;
            }
            if (x < best)
                best = x;
        }
    if (best > 1 || best <= 1e-12)
        return -1;
    return best;
}

/* REP-303, D-REP-1: a column is lined up on a road when the middle of its rear lies on the road too
 * (its head does all along a move that follows the road, D-MOVE-2). */
static bool lined_up(const VlWorld *w, int road, const VlFootprint *fp)
{
    const VlTerrain *f = vl_battlefield_terrain(w->bf, road);
    VlVec2 rear = vl_v2_lerp(fp->box.p[2], fp->box.p[3], 0.5);
    double best = INFINITY;
    for (int i = 0; i + 1 < f->npts; i++)
        best = fmin(best, vl_point_segment_dist(rear, f->pts[i], f->pts[i + 1]));
    return best <= 0.5 * f->width + VL_EPS;
}

bool vl_rep_lost_in_woods_tests(const VlWorld *w, int u)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    if (!vl_world_present(w, u) || su->type == VL_GENERAL || su->quality != VL_RAW || w->units[u].routed)
        return false;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    double area = vl_footprint_area(fp);
    if (area <= 0 ||
        vl_terrain_cover_area(w->bf, fp, (1u << VL_T_WOODS) | (1u << VL_T_HEAVY_WOODS)) < 0.5 * area - VL_AREA_EPS)
        return false;
    for (int j = 0; j < w->nunits; j++)
        if (j != u && vl_world_present(w, j) && !vl_world_enemies(w, u, j) && w->scenario->units[j].type != VL_GENERAL &&
            vl_footprint_distance(fp, &vl_world_unit(w, j)->fp) <= VL_REP_LOST_ALONE)
            return false;
    return true;
}

static VlVec2 base_centre(const VlQuad *q) { return vl_v2_lerp(q->p[0], q->p[2], 0.5); }

void vl_resolve_move(const VlWorld *w, const VlMoveOrder *o, VlMoveVerdict *out)
{
    memset(out, 0, sizeof *out);
    out->road = -1;
    out->occupied = -1;
    out->max_die = 0;
    VlReasons *why = &out->why;
    int u = o->unit;
    if (u < 0 || u >= w->nunits || !vl_world_present(w, u)) {
        vl_reason_add(why, "GOR-TURN-3", false, NAN, u, -1, "no such unit on the table");
        return;
    }
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlUnitState *st = &w->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    Mover m;
    vl_mover_init(&m, w, u);
    out->final_pose = fu->pose;
    out->final_formation = fu->formation;
    out->final_mounted = st->mounted;
    push_path(out, fu->pose);

    if (st->routed)
        vl_reason_add(why, "GOR-ROUT-1", false, NAN, u, -1, "%s is routed: routers do nothing until they rally", uname(w, u));
    if (st->acted)
        vl_reason_add(why, "GOR-TURN-3", false, NAN, u, -1, "%s has already acted this turn (one action per unit)",
                      uname(w, u));
    if (vl_rep_on(&w->options, VL_REP_308) && st->lost_turn == w->turn)
        vl_reason_add(why, "REP-308", false, NAN, u, -1,
                      "%s is lost in the woods this turn: it may not move or change facing", uname(w, u));
    if (o->nsteps < 1 || o->nsteps > VL_MAX_STEPS) {
        vl_reason_add(why, "GOR-MOVE-2", false, NAN, u, -1, "an order needs 1 to %d steps", VL_MAX_STEPS);
        return;
    }

    /* Doubling (GOR-MOVE-4). */
    double factor = 1;
    if (o->gallop) {
        if (su->type != VL_CAVALRY || !st->mounted)
            vl_reason_add(why, "GOR-MOVE-4", false, NAN, u, -1, "only mounted cavalry may gallop");
        else if (st->gallop_used)
            vl_reason_add(why, "GOR-MOVE-4", false, NAN, u, -1, "%s has galloped already: once per game", uname(w, u));
        else {
            factor = VL_MOVE_DOUBLING;
            vl_reason_add(why, "GOR-MOVE-4", true, VL_MOVE_DOUBLING, u, -1, "galloping: the allowance is doubled (once per game)");
        }
    }
    if (o->double_time) {
        double cd;
        if (su->type != VL_INFANTRY)
            vl_reason_add(why, "GOR-MOVE-4", false, NAN, u, -1, "only infantry may move at double time");
        else if (st->double_time_used)
            vl_reason_add(why, "GOR-MOVE-4", false, NAN, u, -1, "%s has used double time already: once per game",
                          uname(w, u));
        else if (!vl_world_in_command(w, u, &cd))
            vl_reason_add(why, "GOR-MOVE-4", false, cd, u, -1,
                          "double time needs the brigade commander within 8 in (GOR-CMD-1)");
        else {
            factor = VL_MOVE_DOUBLING;
            out->extra_hits = VL_DOUBLE_TIME_HITS;
            vl_reason_add(why, "GOR-MOVE-4", true, VL_MOVE_DOUBLING, u, -1, "double time: allowance doubled, %d HITs after moving",
                          VL_DOUBLE_TIME_HITS);
        }
    }

    double cost = 0, drift = 0;
    int halves = 0;         /* about turns: each costs half the allowance */
    bool whole_move = false; /* formation change or artillery pivot */
    Motion motions[VL_MAX_STEPS];
    int nmotions = 0;
    VlPose motion_start[VL_MAX_STEPS + 1];
    bool ended = false;

    for (int i = 0; i < o->nsteps && !ended; i++) {
        const VlStep *s = &o->steps[i];
        /* Nothing before the last step reads it, and a reason once given is never taken back. */
        if (i == o->nsteps - 1)
            out->refused_early = vl_reasons_refuse(why);
        double W = vl_v2_dist(m.fp.box.p[0], m.fp.box.p[1]);
        Motion mo = {false, {0, 0}, {0, 0}, 0};
        bool moves = true;
        VlPose next = m.pose;
        if (!(isfinite(s->amount))) {
            vl_reason_add(why, "GOR-MOVE-2", false, NAN, u, -1, "step %d: the amount is not a number", i + 1);
            return;
        }
        switch (s->kind) {
        case VL_STEP_ADVANCE:
        case VL_STEP_BACK: {
            if (s->amount < 0) {
                vl_reason_add(why, "GOR-MOVE-2", false, s->amount, u, -1, "step %d: a distance cannot be negative",
                              i + 1);
                return;
            }
            if (s->kind == VL_STEP_BACK && m.form != VL_FORM_LINE && m.form != VL_FORM_SKIRMISH)
                vl_reason_add(why, "GOR-MOVE-5", false, NAN, u, -1,
                              "step %d: only a line or skirmish line falls back; a %s turns and advances", i + 1,
                              vl_formation_name(m.form));
            mo.v = vl_v2_scale(m.fp.fwd, s->kind == VL_STEP_BACK ? -s->amount : s->amount);
            next.anchor = vl_v2_add(m.pose.anchor, mo.v);
            cost += s->amount;
            if (s->kind == VL_STEP_BACK)
                vl_reason_add(why, "GOR-MOVE-5", true, s->amount, u, -1,
                              "falling back %.2f in keeping facing: the unit then tests morale, 1 HIT if it fails",
                              s->amount);
            break;
        }
        case VL_STEP_DRIFT:
            drift += fabs(s->amount);
            if (drift > DRIFT_LIMIT + 1e-9)
                vl_reason_add(why, "GOR-MOVE-3", false, drift, u, -1,
                              "drift totals %.3f in; at most 50 mm (%.3f in) a turn", drift, DRIFT_LIMIT);
            mo.v = vl_v2_scale(m.fp.right, s->amount);
            next.anchor = vl_v2_add(m.pose.anchor, mo.v);
            cost += fabs(s->amount);
            break;
        case VL_STEP_WHEEL: {
            if (m.form != VL_FORM_LINE && m.form != VL_FORM_SKIRMISH)
                vl_reason_add(why, "GOR-MOVE-2", false, NAN, u, -1,
                              "step %d: only lines wheel; a %s turns (column, limbered guns) or pivots "
                              "(unlimbered guns)",
                              i + 1, vl_formation_name(m.form));
            mo.turn = true;
            mo.deg = s->amount;
            mo.c = s->pivot == VL_PIVOT_LEFT ? m.fp.box.p[0]
                 : s->pivot == VL_PIVOT_RIGHT ? m.fp.box.p[1]
                                              : m.pose.anchor;
            next.anchor = vl_rotate_about(m.pose.anchor, mo.c, mo.deg);
            next.facing = m.pose.facing + mo.deg;
            /* GOR-MOVE-2: no base beyond its allowance; the end farthest from the pivot travels most. */
            double arm = s->pivot == VL_PIVOT_CENTRE ? W / 2 : W;
            double arc = fabs(s->amount) * PI / 180.0 * arm;
            cost += arc;
            vl_reason_add(why, "GOR-MOVE-2", true, arc, u, -1, "wheel %.1f deg about the %s: the outer end travels %.2f in",
                          s->amount, s->pivot == VL_PIVOT_LEFT ? "left end" : s->pivot == VL_PIVOT_RIGHT ? "right end" : "centre",
                          arc);
            break;
        }
        case VL_STEP_TURN:
            if (m.form != VL_FORM_COLUMN && m.form != VL_FORM_LIMBERED && su->type != VL_GENERAL)
                vl_reason_add(why, "GOR-MOVE-2", false, NAN, u, -1,
                              "step %d: only a column, limbered guns or a general turn freely; a %s must wheel",
                              i + 1, vl_formation_name(m.form));
            mo.turn = true;
            mo.deg = s->amount;
            mo.c = m.pose.anchor;
            next.facing = m.pose.facing + s->amount;
            vl_reason_add(why, "GOR-MOVE-2", true, 0, u, -1, "a %s changes direction at no cost (turns about its head)",
                          su->type == VL_GENERAL ? "general" : vl_formation_name(m.form));
            break;
        case VL_STEP_ABOUT:
            if (m.form == VL_FORM_UNLIMBERED)
                vl_reason_add(why, "GOR-MOVE-3", false, NAN, u, -1, "unlimbered guns pivot instead of about-turning");
            /* The footprint stays where it is; the old rear face becomes the front. */
            moves = false;
            next.anchor = vl_v2_lerp(m.fp.box.p[2], m.fp.box.p[3], 0.5);
            next.facing = m.pose.facing + 180;
            halves++;
            vl_reason_add(why, "GOR-MOVE-3", true, NAN, u, -1, "about turn: half the movement allowance");
            break;
        case VL_STEP_PIVOT:
            if (m.form != VL_FORM_UNLIMBERED)
                vl_reason_add(why, "GOR-MOVE-3", false, NAN, u, -1, "only unlimbered artillery pivots in place");
            if (o->nsteps != 1)
                vl_reason_add(why, "GOR-MOVE-3", false, NAN, u, -1, "a pivot takes the whole move: it must be the only step");
            mo.turn = true;
            mo.deg = s->amount;
            mo.c = s->pivot == VL_PIVOT_LEFT ? m.fp.box.p[0]
                 : s->pivot == VL_PIVOT_RIGHT ? m.fp.box.p[1]
                                              : vl_v2_lerp(m.fp.box.p[0], m.fp.box.p[2], 0.5);
            next.anchor = vl_rotate_about(m.pose.anchor, mo.c, mo.deg);
            next.facing = m.pose.facing + mo.deg;
            whole_move = true;
            vl_reason_add(why, "GOR-MOVE-3", true, NAN, u, -1, "unlimbered guns pivot: the whole move");
            break;
        case VL_STEP_FORM: {
            moves = false;
            if (o->nsteps != 1)
                vl_reason_add(why, "GOR-FORM-7", false, NAN, u, -1,
                              "a formation change takes the whole move: it must be the only step");
            bool mounted = su->type == VL_CAVALRY ? s->mounted : false;
            if (s->formation == m.form && mounted == m.mounted) {
                vl_reason_add(why, "GOR-FORM-7", false, NAN, u, -1, "%s is already in %s", uname(w, u),
                              vl_formation_name(s->formation));
                return;
            }
            if (!vl_formation_allowed(su->type, mounted, s->formation)) {
                vl_reason_add(why, "GOR-FORM-7", false, NAN, u, -1, "%s cannot take up %s%s", uname(w, u),
                              vl_formation_name(s->formation),
                              su->type == VL_CAVALRY ? (mounted ? " mounted" : " dismounted") : "");
                return;
            }
            int keep = s->keep_base < 0 ? 0 : s->keep_base;
            VlBaseSpec nspec = m.spec;
            VlFootprint probe;
            double nf = isfinite(s->facing) ? s->facing : m.pose.facing;
            vl_footprint_build(&probe, (VlPose){{0, 0}, nf}, s->formation, nspec);
            if (keep >= m.fp.nbases || keep >= probe.nbases) {
                vl_reason_add(why, "GOR-FORM-7", false, keep, u, -1, "there is no base %d to keep in place", keep);
                return;
            }
            /* GOR-FORM-7: one base stays (it may pivot), the others form round it. */
            VlVec2 keep_c = base_centre(&m.fp.bases[keep]);
            next.anchor = vl_v2_sub(keep_c, base_centre(&probe.bases[keep]));
            next.facing = nf;
            m.form = s->formation;
            m.mounted = mounted;
            whole_move = true;
            vl_reason_add(why, su->type == VL_CAVALRY && mounted != st->mounted ? "GOR-FORM-6" : "GOR-FORM-7", true,
                          NAN, u, -1, "%s to %s%s, base %d staying in place: the whole move",
                          vl_formation_name(fu->formation), vl_formation_name(s->formation),
                          su->type == VL_CAVALRY ? (mounted ? " (mounted)" : " (dismounted)") : "", keep);
            break;
        }
        default:
            vl_reason_add(why, "GOR-MOVE-2", false, NAN, u, -1, "step %d: unknown kind", i + 1);
            return;
        }

        if (moves && o->occupy && (mo.turn ? mo.deg != 0 : (mo.v.x != 0 || mo.v.y != 0))) {
            /* GOR-MOVE-6: moving to occupy a feature, the unit stops as soon as a base touches it. */
            double frac = first_touch(w, &m, &mo, o->occupy_feature);
            if (frac >= 0 && frac < 1) {
                if (mo.turn) {
                    mo.deg *= frac;
                    next.anchor = vl_rotate_about(m.pose.anchor, mo.c, mo.deg);
                    next.facing = m.pose.facing + mo.deg;
                } else {
                    cost -= (1 - frac) * vl_v2_len(mo.v);
                    mo.v = vl_v2_scale(mo.v, frac);
                    next.anchor = vl_v2_add(m.pose.anchor, mo.v);
                }
                out->occupied = o->occupy_feature;
                ended = true;
                vl_reason_add(why, "GOR-MOVE-6", true, NAN, -1, o->occupy_feature,
                              "touches %s and stops: next turn it may be placed to occupy it",
                              vl_terrain_label(w->scenario, o->occupy_feature));
            }
        }
        if (moves && (mo.turn ? mo.deg != 0 : (mo.v.x != 0 || mo.v.y != 0))) {
            Met met = {-1, 0, -1, 0, -1, false, 0, {0}};
            vl_sweep_check(&m, &mo, -1, &met);
            if (su->type == VL_GENERAL)
                met.friend_ = -1; /* D-MOVE-9: a command base rides through its own troops */
            if (met.friend_ >= 0 && !mo.turn && met.friend_exit < 1) {
                /* GOR-MOVE-7: through a friend, the move ends once it is clear on the other side; only
                 * the part actually moved meets anything. */
                int friend_ = met.friend_;
                double frac = met.friend_exit;
                cost -= (1 - frac) * vl_v2_len(mo.v);
                mo.v = vl_v2_scale(mo.v, frac);
                next.anchor = vl_v2_add(m.pose.anchor, mo.v);
                met = (Met){-1, 0, -1, 0, -1, false, 0, {0}};
                vl_sweep_check(&m, &mo, -1, &met);
                met.friend_ = friend_;
                met.friend_exit = 1;
                ended = true;
                vl_reason_add(why, "GOR-MOVE-7", true, vl_v2_len(mo.v), friend_, -1,
                              "passes through %s and stops beyond it after %.2f in; both units test morale",
                              uname(w, friend_), vl_v2_len(mo.v));
            } else if (met.friend_ >= 0) {
                ended = true;
                vl_reason_add(why, "GOR-MOVE-7", true, NAN, met.friend_, -1,
                              "passes through %s: the move ends here; both units test morale", uname(w, met.friend_));
            }
            merge_rough(out, &met);
            if (met.enemy >= 0)
                vl_reason_add(why, "GOR-MOVE-2", false, NAN, met.enemy, -1,
                              "step %d would touch enemy %s; units never move to contact in general movement "
                              "(only a charge does, GOR-CHG-2)",
                              i + 1, uname(w, met.enemy));
            if (met.impassable >= 0)
                vl_reason_add(why, "GOR-MOVE-2", false, NAN, -1, met.impassable, "step %d would enter %s", i + 1,
                              vl_terrain_label(w->scenario, met.impassable));
            if (met.off_table)
                vl_reason_add(why, "GOR-MOVE-2", false, NAN, u, -1, "step %d would leave the table", i + 1);
            if (met.friend_ >= 0)
                add_interpenetrated(out, met.friend_);
            motion_start[nmotions] = m.pose;
            motions[nmotions++] = mo;
        }
        vl_mover_set(&m, next);
        out->steps_done = i + 1;
        /* Path for drawing: turns in stages of at most 15 degrees. */
        if (mo.turn && fabs(mo.deg) > 15) {
            int k = (int)ceil(fabs(mo.deg) / 15);
            const VlPose *from = &motion_start[nmotions - 1];
            for (int j = 1; j < k; j++) {
                double d = mo.deg * j / k;
                push_path(out, (VlPose){vl_rotate_about(from->anchor, mo.c, d), from->facing + d});
            }
        }
        push_path(out, next);
        if (ended && i + 1 < o->nsteps)
            vl_reason_add(why, "GOR-MOVE-7", true, NAN, u, -1, "steps %d to %d are not carried out", i + 2, o->nsteps);
    }

    /* The end position: no overlap with a friend, not in a building (GOR-MOVE-7, scenario rules). A
     * general's base is no obstacle to a unit: he makes way (D-GAME-11). */
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || vl_world_makes_way(w, j, u))
            continue;
        if (vl_footprint_overlap_area(&m.fp, &vl_world_unit(w, j)->fp) > VL_AREA_EPS)
            vl_reason_add(why, "GOR-MOVE-7", false, NAN, j, -1, "the move ends on top of %s", uname(w, j));
    }
    if (whole_move || nmotions == 0) {
        /* A re-formed or turned-about unit must fit where it now stands. */
        for (int j = 0; j < w->nunits; j++)
            if (j != u && vl_world_present(w, j) && vl_world_enemies(w, u, j) &&
                !vl_world_makes_way(w, j, u) &&
                vl_footprint_distance(&m.fp, &vl_world_unit(w, j)->fp) == 0)
                vl_reason_add(why, "GOR-MOVE-2", false, NAN, j, -1, "the new formation would touch enemy %s",
                              uname(w, j));
        if (!vl_inside_table(w, vl_footprint_bounds(&m.fp)))
            vl_reason_add(why, "GOR-MOVE-2", false, NAN, u, -1, "the new formation would not fit on the table");
        if (vl_terrain_cover_area(w->bf, &m.fp, (1u << VL_T_BUILDING) | (1u << VL_T_WATER)) > VL_AREA_EPS)
            vl_reason_add(why, "GOR-MOVE-2", false, NAN, u, -1, "the new formation would stand in a building or water");
    }

    /* Ground and allowance (GOR-MOVE-1). Road negates rough. */
    motion_start[nmotions] = m.pose;
    out->road = nmotions > 0 ? vl_road_followed(w, motion_start, motions, nmotions) : -1;
    /* GOR "Rough": interpenetrating other friendly formations counts as rough too. */
    out->ground = out->road >= 0                                      ? VL_GROUND_ROAD
                : out->nrough > 0 || out->ninterpenetrated > 0 ? VL_GROUND_ROUGH
                                                                      : VL_GROUND_OPEN;
    bool lined = out->road >= 0 && lined_up(w, out->road, &fu->fp) && lined_up(w, out->road, &m.fp);
    VlAllowance al = vl_unit_move_allowance(w, u, fu->formation, st->mounted, out->ground, lined, o->rough_die, why);
    al.min *= factor;
    al.max *= factor;
    out->allowance = al;
    if (!al.can_move && !whole_move && !(halves > 0 && fu->formation == VL_FORM_SQUARE))
        vl_reason_add(why, fu->formation == VL_FORM_SQUARE ? "D-MOVE-3" : "GOR-MOVE-1", false, NAN, u, -1,
                      "%s %s cannot move: it may only %s", vl_unit_type_name(su->type), vl_formation_name(fu->formation),
                      fu->formation == VL_FORM_UNLIMBERED ? "pivot, or limber up" : "re-form or about-turn");
    if (out->ground == VL_GROUND_ROUGH && out->nrough > 0)
        vl_reason_add(why, "GOR-MOVE-1", true, al.max, -1, out->rough[0], "rough ground (%s): allowance %s",
                      vl_terrain_label(w->scenario, out->rough[0]),
                      al.die_loss && o->rough_die == 0 ? "less 1D6" : "reduced");
    else if (out->ground == VL_GROUND_ROUGH)
        vl_reason_add(why, "GOR-MOVE-1", true, al.max, out->interpenetrated[0], -1,
                      "passing through %s counts as rough ground: allowance %s", uname(w, out->interpenetrated[0]),
                      al.die_loss && o->rough_die == 0 ? "less 1D6" : "reduced");
    else if (out->ground == VL_GROUND_ROAD)
        vl_reason_add(why, "GOR-MOVE-1", true, al.max, -1, out->road, "on %s all the way",
                      w->scenario->terrain[out->road].name[0] || w->scenario->label_ids
                          ? vl_terrain_label(w->scenario, out->road)
                          : "the road");
    /* The reference allowance for whole moves and about turns: the best the unit could have. */
    double full = al.max;
    if (whole_move)
        cost = full;
    cost += halves * 0.5 * full;
    out->cost = cost;
    out->final_pose = m.pose;
    out->final_formation = m.form;
    out->final_mounted = m.mounted;

    if (!whole_move && al.can_move) {
        if (al.die_loss && o->rough_die == 0) {
            /* Cavalry in rough: the allowance is base - die, and about turns cost half of it, so solve
             * die by die. Legal for every die up to max_die. */
            double fixed = cost - halves * 0.5 * full;
            int best = 0;
            for (int d = 1; d <= 6; d++) {
                VlAllowance ad = vl_unit_move_allowance(w, u, fu->formation, st->mounted, out->ground, lined, d, NULL);
                double a = ad.max * factor;
                if (fixed + halves * 0.5 * a > a + 1e-9)
                    break;
                best = d;
            }
            out->cost = cost = fixed + halves * 0.5 * al.min;
            if (best == 0)
                vl_reason_add(why, "GOR-MOVE-2", false, fixed + halves * 0.5 * al.max, u, -1,
                              "the move costs more than the allowance even on a roll of 1 (%.2f in)", al.max);
            else if (best < 6) {
                out->depends_on_die = true;
                out->max_die = best;
                vl_reason_add(why, "GOR-MOVE-1", true, fixed, u, -1,
                              "cavalry in rough loses 1D6: the move needs a roll of %d or less", best);
            }
        } else if (cost > al.max + 1e-9) {
            vl_reason_add(why, "GOR-MOVE-2", false, cost, u, -1, "the move costs %.2f in; the allowance is %.2f in",
                          cost, al.max);
        }
    }
    /* The die only decides a move that nothing else forbids: an order refused for another reason
     * (an enemy touched, ground it may not enter) is refused whatever the roll, not left to it. */
    if (vl_reasons_refuse(why))
        out->depends_on_die = false;
    out->legal = !vl_reasons_refuse(why) && !out->depends_on_die;
}

bool vl_resolve_move_rolled(const VlWorld *w, const VlMoveOrder *o, int die, VlMoveOrder *done, VlMoveVerdict *out)
{
    *done = *o;
    done->rough_die = die;
    vl_resolve_move(w, done, out);
    /* D-MOVE-7: short of the allowance, the last straight step stops where the allowance runs out. */
    for (int tries = 0; !out->legal && done->nsteps > 0 && tries < 60; tries++) {
        VlStep *last = &done->steps[done->nsteps - 1];
        if (last->kind != VL_STEP_ADVANCE && last->kind != VL_STEP_BACK && last->kind != VL_STEP_DRIFT)
            break;
        double over = out->cost - out->allowance.max;
        double left = fmax(0, fabs(last->amount) - fmax(over, 1e-6));
        last->amount = last->amount > 0 ? left : -left;
        vl_resolve_move(w, done, out);
    }
    return out->legal;
}

/* A general's ride to a point: he faces it and goes straight there. A general turns at no cost
 * (GOR-MOVE-2, D-MOVE-5) and his allowance is the same on any ground (GOR-MOVE-1), so this reaches
 * any point within it in any direction; vl_resolve_move judges it like any other order (D-UI-ORD-2). */
int vl_move_ride_to(VlPose from, VlVec2 to, double deg_step, double in_step, VlStep steps[2])
{
    VlVec2 d = vl_v2_sub(to, from.anchor);
    double dist = vl_v2_len(d);
    double bearing = dist > 0 ? atan2(d.x, d.y) * 180.0 / PI : from.facing;
    double turn = fmod(bearing - from.facing, 360.0);
    if (turn > 180)
        turn -= 360;
    if (turn <= -180)
        turn += 360;
    if (deg_step > 0)
        turn = round(turn / deg_step) * deg_step;
    if (in_step > 0)
        dist = round(dist / in_step) * in_step;
    VlStep base = {VL_STEP_TURN, 0, VL_PIVOT_LEFT, VL_FORM_NONE, false, -1, NAN};
    int n = 0;
    if (turn != 0) {
        steps[n] = base;
        steps[n++].amount = turn;
    }
    steps[n] = base;
    steps[n].kind = VL_STEP_ADVANCE;
    steps[n++].amount = dist;
    return n;
}
