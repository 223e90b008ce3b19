/* The charge path and its search, shared by every charge system (GOR-CHG-2, GOR-CHG-4, D-CHG-1,
 * D-CHG-2, D-CHG-3, D-CHG-4; the struck face for GOR-THREAT-1 and GOR-CC-3).
 *
 * A charge path is an opening (nothing, a drift, or a wheel about either end of the front) and a
 * straight run. The run to contact is exact (geom/sweep.c); the opening is searched: drifts at
 * every offset where a corner of the charger lines up with a corner of the target or of a unit in
 * the way (between those the run changes linearly, so the cheapest drift is at one of them), and
 * wheels turning either way about either end on a fine grid of angles refined by golden-section
 * search, and where a flank lines up with a target corner (docs/rules-decisions.md D-CHG-2). What a path meets comes from the move sweeps (sweepcheck.c). */
#include "charge_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The target's blocks prepared for the many run sweeps of one search (the same answers, less work). */
typedef struct Target {
    int n;
    VlSweepPrepared blocks[VL_MAX_BASES];
} Target;

static void target_init(const VlFootprint *tg, Target *tp)
{
    tp->n = tg->nblocks;
    for (int b = 0; b < tg->nblocks; b++)
        vl_sweep_prepare(tg->blocks[b].p, 4, &tp->blocks[b]);
}

/* Least straight-run distance along unit vector dir from the blocks until they touch the target;
 * INFINITY if never. */
static double contact_run(const VlQuad *blocks, int nblocks, VlVec2 dir, const Target *tg)
{
    double best = INFINITY;
    VlVec2 v = vl_v2_scale(dir, VL_CHARGE_FAR);
    for (int a = 0; a < nblocks; a++)
        for (int b = 0; b < tg->n; b++) {
            double t0, t1;
            if (vl_sweep_translate_prepared(blocks[a].p, 4, &tg->blocks[b], v, &t0, &t1) && t1 >= 0) {
                double run = (t0 > 0 ? t0 : 0) * VL_CHARGE_FAR; /* fmin, inline: run is never -0, and NaN keeps best */
                best = run < best ? run : best;
            }
        }
    return best;
}

static void merge_met_rough(int *rough, int *nrough, const Met *m)
{
    for (int k = 0; k < m->nrough; k++) {
        bool seen = false;
        for (int i = 0; i < *nrough; i++)
            seen |= rough[i] == m->rough[k];
        if (!seen && *nrough < 16)
            rough[(*nrough)++] = m->rough[k];
    }
}

/* The units and terrain a path's sweeps look at (NULL lists: all of them). quick: only whether the
 * path reaches counts, so a blocked path is left as soon as it is known to be blocked. target: the
 * target prepared, or NULL. */
typedef struct Scope {
    const int *units, *terrain;
    int nunits, nterrain;
    bool quick;
    const Target *target;
} Scope;

/* The units and terrain a charge could meet: within its longest move of the charger (searches
 * evaluate many paths in the same area, so they look them up once). */
typedef struct Near {
    int units[1024], terrain[1024];
    int nunits, nterrain;
} Near;

static void near_init(const VlWorld *w, int u, double reach, Near *nr)
{
    VlBox b = vl_world_unit(w, u)->bounds;
    b.lo.x -= reach;
    b.lo.y -= reach;
    b.hi.x += reach;
    b.hi.y += reach;
    nr->nunits = nr->nterrain = 0;
    for (int j = 0; j < w->nunits && nr->nunits < 1024; j++)
        if (vl_box_overlap(vl_world_unit(w, j)->bounds, b, 0))
            nr->units[nr->nunits++] = j;
    int nt = vl_battlefield_terrain_count(w->bf);
    for (int t = 0; t < nt && nr->nterrain < 1024; t++) {
        const VlTerrain *f = vl_battlefield_terrain(w->bf, t);
        if (vl_box_overlap(f->bounds, b, f->width))
            nr->terrain[nr->nterrain++] = t;
    }
}

/* Evaluate a path: opening (kind, amount), then straight ahead (dir NULL) or along *dir. */
static void eval_path_near(const VlWorld *w, int u, int t, VlPreKind kind, double amount, const VlVec2 *dir, Path *p,
                           const Scope *sc);

void vl_charge_eval_path(const VlWorld *w, int u, int t, VlPreKind kind, double amount, const VlVec2 *dir, Path *p)
{
    eval_path_near(w, u, t, kind, amount, dir, p, NULL);
}

/* D-CHG-1: another enemy touched before the target (during the opening, any touch), a friend passed
 * through, a building or water entered: the path is blocked. Notes the blocker (and the table edge) in p. */
static bool met_blocks(const Met *mt, bool opening, Path *p)
{
    if (mt->enemy >= 0 && (opening || mt->enemy_at < 1 - 1e-9))
        p->blocker_unit = mt->enemy;
    else if (mt->friend_ >= 0)
        p->blocker_unit = mt->friend_;
    else if (mt->impassable >= 0)
        p->blocker_feature = mt->impassable;
    p->off_table |= mt->off_table;
    return p->blocker_unit >= 0 || p->blocker_feature >= 0;
}

/* A path's opening (GOR-CHG-4): p is cleared and given its start, opening and the opening's cost;
 * *after receives the pose at the end of the opening. Shared by the evaluation and the struck-face
 * forecast of the search, so both work from the same numbers. */
static void path_opening(const VlPose *pose, const VlFootprint *fp, VlPreKind kind, double amount, Path *p,
                         VlPose *after_out)
{
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->amount = amount;
    p->start = *pose;
    p->blocker_unit = p->blocker_feature = -1;
    p->met_pre = (Met){-1, 0, -1, 0, -1, false, 0, {0}};
    p->met_run = p->met_pre;
    double W = vl_v2_dist(fp->box.p[0], fp->box.p[1]);
    VlPose after = *pose;
    Motion pre = {false, {0, 0}, {0, 0}, 0};
    switch (kind) {
    case VL_PRE_DRIFT:
        pre.v = vl_v2_scale(fp->right, amount);
        after.anchor = vl_v2_add(pose->anchor, pre.v);
        p->pre_cost = fabs(amount);
        break;
    case VL_PRE_WHEEL_LEFT:
    case VL_PRE_WHEEL_RIGHT:
        pre.turn = true;
        pre.deg = amount;
        pre.c = kind == VL_PRE_WHEEL_LEFT ? fp->box.p[0] : fp->box.p[1];
        after.anchor = vl_rotate_about(pose->anchor, pre.c, amount);
        after.facing = pose->facing + amount;
        p->pre_cost = fabs(amount) * VL_CHARGE_PI / 180.0 * W;
        break;
    default: break;
    }
    p->pre = pre;
    *after_out = after;
}

/* The opening pre of the blocks of fp touches the target tg before it is done (D-CHG-1). */
static bool opening_touches_target(const VlFootprint *fp, const Motion *pre, const VlFootprint *tg)
{
    double first;
    bool early = false;
    for (int a = 0; a < fp->nblocks && !early; a++)
        for (int b = 0; b < tg->nblocks && !early; b++) {
            if (pre->turn)
                early = vl_sweep_rotate_contact(fp->blocks[a].p, 4, tg->blocks[b].p, 4, pre->c, pre->deg, &first) &&
                        first < fabs(pre->deg) - 1e-9;
            else {
                double t0, t1;
                early = vl_sweep_translate(fp->blocks[a].p, 4, tg->blocks[b].p, 4, pre->v, &t0, &t1) && t0 < 1 - 1e-9 &&
                        t1 > 1e-12;
            }
        }
    return early;
}

static void eval_path_near(const VlWorld *w, int u, int t, VlPreKind kind, double amount, const VlVec2 *dir, Path *p,
                           const Scope *sc)
{
    Mover m;
    vl_mover_init(&m, w, u);
    if (sc) {
        m.near_units = sc->units;
        m.nnear_units = sc->nunits;
        m.near_terrain = sc->terrain;
        m.nnear_terrain = sc->nterrain;
    }
    VlPose after;
    path_opening(&m.pose, &m.fp, kind, amount, p, &after);
    const Motion pre = p->pre;
    if (kind != VL_PRE_NONE && (pre.turn ? pre.deg != 0 : amount != 0)) {
        vl_sweep_check(&m, &pre, t, &p->met_pre);
        if (sc && sc->quick && (met_blocks(&p->met_pre, true, p) || p->off_table))
            return;
        /* The opening must not touch the target before it is done, nor anything else. */
        if (opening_touches_target(&m.fp, &pre, &vl_world_unit(w, t)->fp)) {
            p->blocker_unit = t;
            return;
        }
    }
    vl_mover_set(&m, after);
    p->after_pre = after;
    p->dir = dir ? *dir : m.fp.fwd;
    Target own;
    if (!sc || !sc->target)
        target_init(&vl_world_unit(w, t)->fp, &own);
    p->run = contact_run(m.fp.blocks, m.fp.nblocks, p->dir, sc && sc->target ? sc->target : &own);
    if (!isfinite(p->run))
        return;
    if (p->run > 0) {
        Motion run = {false, vl_v2_scale(p->dir, p->run), {0, 0}, 0};
        vl_sweep_check(&m, &run, t, &p->met_run);
    }
    if (!met_blocks(&p->met_pre, true, p))
        met_blocks(&p->met_run, false, p);
    p->reaches = p->blocker_unit < 0 && p->blocker_feature < 0 && !p->off_table;
}

/* Certainly apart: every block of ch lies more than 2 VL_EPS to one side of the line through the face
 * s0 s1. The separating-axis test of vl_convex_distance (src/geom/poly.c) tries this axis too, with the
 * same arithmetic and a margin of VL_EPS, so it finds the block apart and its distance positive: the
 * answer is the one vl_footprint_distance_to_convex(ch, face) > 0 gives, without the other axes and
 * the closest points. (The face far from the contact always, a flank often, is settled so.) */
static bool face_apart(const VlQuad *blocks, int nblocks, VlVec2 s0, VlVec2 s1)
{
    VlVec2 e = vl_v2_sub(s1, s0);
    double len = vl_v2_len(e);
    if (!(len > 0))
        return false;
    VlVec2 n = vl_v2_scale(vl_v2_perp(e), 1.0 / len);
    double c0 = vl_v2_dot(n, s0), c1 = vl_v2_dot(n, s1);
    double lo = (c0 < c1 ? c0 : c1) - 2 * VL_EPS, hi = (c0 > c1 ? c0 : c1) + 2 * VL_EPS;
    for (int b = 0; b < nblocks; b++) {
        double amin = INFINITY, amax = -INFINITY;
        for (int k = 0; k < 4; k++) {
            double d = vl_v2_dot(n, blocks[b].p[k]);
            amin = d < amin ? d : amin;
            amax = d > amax ? d : amax;
        }
        if (!(amax < lo || amin > hi))
            return false;
    }
    return true;
}

/* The separating-axis test below is convex_separated of src/geom/poly.c step for step (the same axes,
 * products and comparisons, so the same answer): a block and a face are apart when they are more
 * than VL_EPS apart along an edge normal of either. A block's edge normals and its own shadow on
 * each are the same numbers for every face a struck-face test tries, so they are worked out once.
 * skip: an edge of no length (passed over). */
typedef struct BlockAxes {
    VlVec2 n[4];
    double lo[4], hi[4];
    bool skip[4];
} BlockAxes;

static void block_axes(const VlVec2 *a, BlockAxes *ax)
{
    for (int i = 0; i < 4; i++) {
        VlVec2 e = vl_v2_sub(a[(i + 1) % 4], a[i]);
        double len = vl_v2_len(e);
        ax->skip[i] = len <= 0;
        if (ax->skip[i])
            continue;
        VlVec2 n = vl_v2_scale(vl_v2_perp(e), 1.0 / len);
        double amin = INFINITY, amax = -INFINITY;
        for (int k = 0; k < 4; k++) {
            double d = vl_v2_dot(n, a[k]);
            amin = d < amin ? d : amin;
            amax = d > amax ? d : amax;
        }
        ax->n[i] = n;
        ax->lo[i] = amin;
        ax->hi[i] = amax;
    }
}

/* Block a (axes ax) and the face seg apart: the block's axes first, then the face's. */
static bool sat_apart_axes(const VlVec2 *a, const BlockAxes *ax, const VlVec2 seg[2])
{
    for (int i = 0; i < 4; i++) {
        if (ax->skip[i])
            continue;
        VlVec2 n = ax->n[i];
        double bmin = INFINITY, bmax = -INFINITY;
        for (int k = 0; k < 2; k++) {
            double d = vl_v2_dot(n, seg[k]);
            bmin = d < bmin ? d : bmin;
            bmax = d > bmax ? d : bmax;
        }
        if (ax->hi[i] < bmin - VL_EPS || bmax < ax->lo[i] - VL_EPS)
            return true;
    }
    for (int i = 0; i < 2; i++) {
        VlVec2 e = vl_v2_sub(seg[(i + 1) % 2], seg[i]);
        double len = vl_v2_len(e);
        if (len <= 0)
            continue;
        VlVec2 n = vl_v2_scale(vl_v2_perp(e), 1.0 / len);
        double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
        for (int k = 0; k < 4; k++) {
            double d = vl_v2_dot(n, a[k]);
            amin = d < amin ? d : amin;
            amax = d > amax ? d : amax;
        }
        for (int k = 0; k < 2; k++) {
            double d = vl_v2_dot(n, seg[k]);
            bmin = d < bmin ? d : bmin;
            bmax = d > bmax ? d : bmax;
        }
        if (amax < bmin - VL_EPS || bmax < amin - VL_EPS)
            return true;
    }
    return false;
}

/* vl_footprint_distance_to_convex(ch, face) > 0, without the distance: vl_convex_distance is 0 exactly
 * when its separating-axis test finds no axis, and otherwise the closest points of two polygons more
 * than VL_EPS apart, which is positive; so the distance is positive exactly when every block is apart.
 * ax: the blocks' axes, worked out on the first face that needs them (*have then true). */
static bool face_clear(const VlQuad *blocks, int nblocks, const VlVec2 seg[2], BlockAxes *ax, bool *have)
{
    if (face_apart(blocks, nblocks, seg[0], seg[1]))
        return true;
    if (!*have) {
        for (int b = 0; b < nblocks; b++)
            block_axes(blocks[b].p, &ax[b]);
        *have = true;
    }
    for (int b = 0; b < nblocks; b++)
        if (!sat_apart_axes(blocks[b].p, &ax[b], seg))
            return false;
    return true;
}

/* The target's face the charger touches at contact (GOR-THREAT-1, GOR-CC-3). */
static VlFace struck_face_of(const VlQuad *blocks, int nblocks, const VlFootprint *tg, VlVec2 dir)
{
    if (tg->square)
        return VL_FACE_FRONT; /* GOR-FORM-4: every side of a square is a front */
    VlFace best = VL_FACE_FRONT;
    double best_score = -INFINITY;
    BlockAxes ax[VL_MAX_BASES];
    bool have_axes = false;
    for (int f = 0; f < 4; f++) {
        VlVec2 seg[2];
        vl_footprint_face(tg, (VlFace)f, &seg[0], &seg[1]);
        if (face_clear(blocks, nblocks, seg, ax, &have_axes))
            continue;
        /* D-CHG-3: touching two faces (a corner), the face that the charge meets most squarely;
         * exact ties go to the front. */
        VlVec2 n = vl_v2_perp(vl_v2_sub(seg[1], seg[0])); /* outward: the box runs clockwise */
        double len = vl_v2_len(n);
        double score = len > 0 ? -vl_v2_dot(n, dir) / len : 0;
        if (score > best_score + 1e-12 || (fabs(score - best_score) <= 1e-12 && f == VL_FACE_FRONT)) {
            best_score = score;
            best = (VlFace)f;
        }
    }
    return best;
}

/* Only the charger's blocks count: the face a charger in contact touches. */
VlFace vl_charge_struck_face(const VlFootprint *ch, const VlFootprint *tg, VlVec2 dir)
{
    return struck_face_of(ch->blocks, ch->nblocks, tg, dir);
}

/* Footprint of unit u at pose p (its own formation). */
void vl_charge_footprint_at(const VlWorld *w, int u, VlPose p, VlFootprint *fp)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    vl_footprint_build(fp, p, fu->formation, fu->spec);
}

/* Pose after travelling s inches along the path. */
VlPose vl_charge_pose_along(const Path *p, double s)
{
    if (s <= p->pre_cost && p->pre_cost > 0) {
        double frac = s / p->pre_cost;
        if (p->pre.turn)
            return (VlPose){vl_rotate_about(p->start.anchor, p->pre.c, p->pre.deg * frac), p->start.facing + p->pre.deg * frac};
        return (VlPose){vl_v2_mad(p->start.anchor, p->pre.v, frac), p->start.facing};
    }
    double r = s - p->pre_cost;
    return (VlPose){vl_v2_mad(p->after_pre.anchor, p->dir, r), p->after_pre.facing};
}

VlVec2 vl_charge_line_at(const VlFieldUnit *fu, const VlFieldUnit *tu)
{
    VlVec2 dir = vl_v2_sub(vl_charge_box_centre(&tu->fp), fu->pose.anchor);
    double len = vl_v2_len(dir);
    return len > 0 ? vl_v2_scale(dir, 1.0 / len) : fu->fp.fwd;
}

/* The drift list being built, with a sorted copy for the duplicate test: an offset within 1e-12 of
 * one already listed is not listed again. Subtraction rounds monotonically, so if any listed offset is
 * that close, so is the nearest one on its side: only the two neighbours in order need testing. */
typedef struct Drifts {
    double *out, sorted[512];
    int n, nsorted, cap;
} Drifts;

static void drift_add(Drifts *d, double s)
{
    if (d->n >= d->cap || fabs(s) > VL_CHARGE_PRE_LIMIT || s == 0)
        return;
    if (isnan(s)) { /* never within 1e-12 of anything: listed, kept out of the order */
        d->out[d->n++] = s;
        return;
    }
    /* The first sorted offset not below s, by halving without branches on the comparisons. */
    const double *base = d->sorted;
    int len = d->nsorted;
    while (len > 1) {
        int half = len / 2;
        base = base[half] < s ? base + half : base;
        len -= half;
    }
    int lo = (int)(base - d->sorted) + (len == 1 && *base < s);
    if ((lo < d->nsorted && fabs(d->sorted[lo] - s) <= 1e-12) || (lo > 0 && fabs(d->sorted[lo - 1] - s) <= 1e-12))
        return;
    memmove(&d->sorted[lo + 1], &d->sorted[lo], (size_t)(d->nsorted - lo) * sizeof d->sorted[0]);
    d->sorted[lo] = s;
    d->nsorted++;
    d->out[d->n++] = s;
}

/* Certainly farther apart than @p gap: their bounding boxes are (the margin covers rounding). */
static bool boxes_farther(VlBox a, VlBox b, double gap)
{
    double g = gap + 1e-6;
    return a.lo.x > b.hi.x + g || b.lo.x > a.hi.x + g || a.lo.y > b.hi.y + g || b.lo.y > a.hi.y + g;
}

/* Certainly no corner of o lines up with a corner of fp within a drift's limit: all of o lies more
 * than the limit to one side of all of fp along r (the margin covers rounding). */
static bool beyond_drift(const VlFootprint *fp, const VlFootprint *o, VlVec2 r)
{
    double flo = INFINITY, fhi = -INFINITY, olo = INFINITY, ohi = -INFINITY;
    for (int a = 0; a < fp->nblocks; a++)
        for (int k = 0; k < 4; k++) {
            double d = vl_v2_dot(fp->blocks[a].p[k], r);
            flo = d < flo ? d : flo;
            fhi = d > fhi ? d : fhi;
        }
    for (int b = 0; b < o->nblocks; b++)
        for (int k = 0; k < 4; k++) {
            double d = vl_v2_dot(o->blocks[b].p[k], r);
            olo = d < olo ? d : olo;
            ohi = d > ohi ? d : ohi;
        }
    double m = VL_CHARGE_PRE_LIMIT + 1e-6;
    return olo - fhi > m || flo - ohi > m;
}

/* Candidate drifts: where a charger corner lines up with a corner of the target or of a unit nearby. */
static int drift_candidates(const VlWorld *w, int u, int t, double *out, int cap)
{
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    Drifts d = {.out = out, .cap = cap < 512 ? cap : 512};
    d.out[0] = d.sorted[0] = -VL_CHARGE_PRE_LIMIT;
    d.out[1] = d.sorted[1] = VL_CHARGE_PRE_LIMIT;
    d.n = d.nsorted = 2;
    VlVec2 r = fp->right;
    VlBox ub = vl_world_unit(w, u)->bounds;
    for (int j = 0; j < w->nunits && d.n < d.cap; j++) {
        if (j == u || !vl_world_present(w, j))
            continue;
        const VlFootprint *o = &vl_world_unit(w, j)->fp;
        /* Only the target and units the charge could run into can change the cheapest drift. */
        if (j != t && (boxes_farther(ub, vl_world_unit(w, j)->bounds, 25) || beyond_drift(fp, o, r) ||
                       vl_footprint_distance(fp, o) > 25))
            continue;
        for (int a = 0; a < fp->nblocks; a++)
            for (int ca = 0; ca < 4; ca++)
                for (int b = 0; b < o->nblocks; b++)
                    for (int cb = 0; cb < 4; cb++)
                        drift_add(&d, vl_v2_dot(vl_v2_sub(o->blocks[b].p[cb], fp->blocks[a].p[ca]), r));
    }
    /* Where a charger corner lines up with a corner of the ground near the way (woods, rough,
     * buildings, fences, hill edges): there the path starts or stops crossing it, and with it the
     * charge move may change (D-CHG-2). */
    VlBox near = vl_footprint_bounds(fp);
    near.lo.x -= 25;
    near.lo.y -= 25;
    near.hi.x += 25;
    near.hi.y += 25;
    int nt = vl_battlefield_terrain_count(w->bf);
    for (int k = 0; k < nt && d.n < d.cap; k++) {
        const VlTerrain *f = vl_battlefield_terrain(w->bf, k);
        if (f->type == VL_T_ROAD || !vl_box_overlap(f->bounds, near, 0))
            continue;
        for (int v = 0; v < f->npts; v++)
            for (int a = 0; a < fp->nblocks; a++)
                for (int ca = 0; ca < 4; ca++)
                    drift_add(&d, vl_v2_dot(vl_v2_sub(f->pts[v], fp->blocks[a].p[ca]), r));
    }
    return d.n;
}

/* The ground of a path: rough when the opening or the run crosses rough (road ignored: D-CHG-4). */
VlGround vl_charge_path_ground(const VlWorld *w, const Path *p, int *rough, int *nrough)
{
    *nrough = 0;
    merge_met_rough(rough, nrough, &p->met_pre);
    merge_met_rough(rough, nrough, &p->met_run);
    /* D-CHG-4: a road negates rough for a charge as for any move (D-MOVE-2). */
    VlPose poses[2] = {p->start, p->after_pre};
    Motion mo[2] = {p->pre, {false, vl_v2_scale(p->dir, p->run), {0, 0}, 0}};
    bool opening = p->kind != VL_PRE_NONE;
    if (vl_road_followed(w, opening ? poses : poses + 1, opening ? mo : mo + 1, opening ? 2 : 1) >= 0)
        return VL_GROUND_ROAD;
    return *nrough ? VL_GROUND_ROUGH : VL_GROUND_OPEN;
}

/* The longest charge move of u over ground g: normal move + 5 in (GOR-CHG-2); cavalry in rough at its
 * best roll. */
double vl_charge_reach_over(const VlWorld *w, int u, VlGround g)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    VlAllowance a = vl_move_allowance(w, su->type, vl_world_unit(w, u)->formation, w->units[u].mounted, g, 1);
    return (a.can_move ? a.max : 0) + VL_CHARGE_BONUS;
}

#define MAX_CANDS 1024 /* openings a search lists at most */

/* Cost of an opening plus the straight run to the target, ignoring everything else: cheap. A wheel's
 * run and forward vector go to *keep when it is given. */
static double candidate_cost_keep(const VlWorld *w, int u, const Target *tg, VlPreKind kind, double amount, Cand *keep,
                                  const VlVec2 *fwd_known)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlFootprint *fp = &fu->fp;
    double W = vl_v2_dist(fp->box.p[0], fp->box.p[1]);
    VlPose after = fu->pose;
    double pre = 0;
    if (kind == VL_PRE_DRIFT) {
        after.anchor = vl_v2_mad(fu->pose.anchor, fp->right, amount);
        pre = fabs(amount);
    } else if (kind != VL_PRE_NONE) {
        VlVec2 c = kind == VL_PRE_WHEEL_LEFT ? fp->box.p[0] : fp->box.p[1];
        after.anchor = vl_rotate_about(fu->pose.anchor, c, amount);
        after.facing = fu->pose.facing + amount;
        pre = fabs(amount) * VL_CHARGE_PI / 180.0 * W;
    }
    if (kind == VL_PRE_NONE || kind == VL_PRE_DRIFT) {
        /* A drift only translates the blocks: no need to rebuild the footprint. */
        VlQuad moved[VL_MAX_BASES];
        VlVec2 d = vl_v2_sub(after.anchor, fu->pose.anchor);
        for (int b = 0; b < fp->nblocks; b++)
            for (int k = 0; k < 4; k++)
                moved[b].p[k] = vl_v2_add(fp->blocks[b].p[k], d);
        return pre + contact_run(moved, fp->nblocks, fp->fwd, tg);
    }
    /* Only the blocks and the forward vector of the footprint after the wheel: the numbers
     * vl_footprint_build would give, without the rest of it. */
    VlQuad moved[VL_MAX_BASES];
    VlVec2 fwd = fwd_known ? *fwd_known : vl_facing_forward(after.facing);
    int nb = vl_footprint_blocks_at(after.anchor, fwd, fu->formation, fu->spec, moved);
    double run = contact_run(moved, nb, fwd, tg);
    if (keep) {
        keep->has_run = true;
        keep->run = run;
        keep->fwd = fwd;
    }
    return pre + run;
}

static double candidate_cost(const VlWorld *w, int u, const Target *tg, VlPreKind kind, double amount)
{
    return candidate_cost_keep(w, u, tg, kind, amount, NULL, NULL);
}

/* A candidate and its cost (for a wheel, with the run and forward vector kept). */
static Cand cand_make(const VlWorld *w, int u, const Target *tg, VlPreKind kind, double amount)
{
    Cand c = {kind, amount, 0, false, 0, {0, 0}, false, 0};
    c.cost = candidate_cost_keep(w, u, tg, kind, amount, &c, NULL);
    return c;
}

/* What a lower bound on the cost of a drift or a wheel needs: the charger's front corners (the
 * wheels' pivots) and width, its reach forward and its span across before any opening, the target's
 * corners, and the cost above which a search does not need to know a cost exactly. */
typedef struct Bound {
    VlVec2 pivot[2], fwd, right;
    double W, front, across_lo, across_hi, skip;
    const Target *tg;
} Bound;

static void bound_init(const VlFieldUnit *fu, const Target *tg, double limit, Bound *bd)
{
    const VlFootprint *fp = &fu->fp;
    bd->pivot[0] = fp->box.p[0];
    bd->pivot[1] = fp->box.p[1];
    bd->W = vl_v2_dist(fp->box.p[0], fp->box.p[1]);
    bd->fwd = fp->fwd;
    bd->right = fp->right;
    bd->front = -INFINITY;
    bd->across_lo = INFINITY;
    bd->across_hi = -INFINITY;
    for (int k = 0; k < 4; k++) {
        double f = vl_v2_dot(fp->fwd, fp->box.p[k]), r = vl_v2_dot(fp->right, fp->box.p[k]);
        bd->front = f > bd->front ? f : bd->front;
        bd->across_lo = r < bd->across_lo ? r : bd->across_lo;
        bd->across_hi = r > bd->across_hi ? r : bd->across_hi;
    }
    /* Above limit + 1 a cost is neither within the limit nor refined by golden section. */
    bd->skip = limit + 1.0 + 1e-6;
    bd->tg = tg;
}

/* A lower bound on the run of a charger reaching ahead to `front` along f and spanning lo..hi along
 * r = (f.y, -f.x) (both with f): the target's nearest corner ahead, less a margin far larger than
 * the sweep's rounding and its contact tolerance (D-GEOM-1); infinite when the target lies wholly to
 * one side by more than 1e-3 in, since a run along f then never meets it (the sweep finds the
 * charger's flank axis apart at every moment up to far beyond the run's length). */
static double run_bound(const Target *tg, VlVec2 f, double front, double lo, double hi)
{
    VlVec2 r = {f.y, -f.x};
    double ahead = INFINITY, tlo = INFINITY, thi = -INFINITY;
    for (int b = 0; b < tg->n; b++)
        for (int k = 0; k < tg->blocks[b].n; k++) {
            double a = vl_v2_dot(f, tg->blocks[b].p[k]), s = vl_v2_dot(r, tg->blocks[b].p[k]);
            ahead = a < ahead ? a : ahead;
            tlo = s < tlo ? s : tlo;
            thi = s > thi ? s : thi;
        }
    if (thi < lo - 1e-3 || tlo > hi + 1e-3)
        return INFINITY;
    double gap = ahead - front - 1e-6;
    return gap > 0 ? gap : 0;
}

/* A candidate whose cost is worked out only when the search may need it (GOR-CHG-4): when a lower
 * bound on it is above bd->skip it is left deferred, with the cost infinity and the bound kept.
 * No point of a charger lies ahead of its front face, nor beside its front's span: after a wheel
 * about a front corner the front runs from the pivot along the new right vector, and a drift moves
 * the footprint along the right vector alone. A run along f is at least the gap along f from the
 * front to the target's nearest corner. */
static Cand cand_lazy(const VlWorld *w, int u, const Bound *bd, VlPreKind kind, double amount)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double bound;
    VlVec2 f = bd->fwd;
    if (kind == VL_PRE_DRIFT) {
        bound = fabs(amount) + run_bound(bd->tg, f, bd->front, bd->across_lo + amount, bd->across_hi + amount);
    } else {
        /* The same forward vector as candidate_cost_keep's after the wheel. */
        f = vl_facing_forward(fu->pose.facing + amount);
        VlVec2 r = {f.y, -f.x}, P = bd->pivot[kind == VL_PRE_WHEEL_LEFT ? 0 : 1];
        double fP = vl_v2_dot(f, P), rP = vl_v2_dot(r, P);
        double lo = kind == VL_PRE_WHEEL_LEFT ? rP : rP - bd->W, hi = kind == VL_PRE_WHEEL_LEFT ? rP + bd->W : rP;
        bound = fabs(amount) * VL_CHARGE_PI / 180.0 * bd->W + run_bound(bd->tg, f, fP, lo, hi);
    }
    if (bound > bd->skip)
        return (Cand){kind, amount, INFINITY, false, 0, {0, 0}, true, bound};
    Cand c = {kind, amount, 0, false, 0, {0, 0}, false, 0};
    c.cost = candidate_cost_keep(w, u, bd->tg, kind, amount, &c, kind == VL_PRE_DRIFT ? NULL : &f);
    return c;
}

/* Works out the deferred candidates that could still be the cheapest of all (GOR-CHG-4: the opening
 * a refusal is explained with), when none is within the limit: one whose bound is above a cost known
 * costs more than that, so it is neither the cheapest nor tied with it, and stays deferred. */
static void settle_deferred(const VlWorld *w, int u, const Target *tg, Cand *c, int n)
{
    double best = INFINITY;
    for (int i = 0; i < n; i++)
        best = !c[i].deferred && c[i].cost < best ? c[i].cost : best;
    for (int i = 0; i < n; i++)
        if (c[i].deferred && !(c[i].bound > best + 1e-6)) {
            c[i] = cand_make(w, u, tg, c[i].kind, c[i].amount);
            best = c[i].cost < best ? c[i].cost : best;
        }
}

static int cmp_cand(const void *x, const void *y)
{
    const Cand *a = x, *b = y;
    if (a->cost != b->cost)
        return a->cost < b->cost ? -1 : 1;
    /* Equal cost: no opening before a drift before a wheel, then the smaller opening. */
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    return fabs(a->amount) < fabs(b->amount) ? -1 : fabs(a->amount) > fabs(b->amount);
}

/* The cost of the wheel of sign * x degrees, or the cost known for x when x is bit for bit one of the
 * two angles in seen (the cost is a function of the angle alone within one search). */
static double refine_cost(const VlWorld *w, int u, const Target *tg, VlPreKind kind, double sign, double x,
                          const double seen[2], const double seen_cost[2])
{
    for (int i = 0; i < 2; i++)
        if (memcmp(&seen[i], &x, sizeof x) == 0)
            return seen_cost[i];
    return candidate_cost(w, u, tg, kind, sign * x);
}

/* Every opening worth trying (GOR-CHG-4). Returns the count. */
static int gor_candidates(const VlWorld *w, int u, int t, const Target *tg, double limit, Cand *c, int cap)
{
    int n = 0;
    Bound bd;
    bound_init(vl_world_unit(w, u), tg, limit, &bd);
    c[n++] = cand_make(w, u, tg, VL_PRE_NONE, 0);
    double drift[512];
    int nd = drift_candidates(w, u, t, drift, 512);
    for (int i = 0; i < nd && n < cap; i++)
        c[n++] = cand_lazy(w, u, &bd, VL_PRE_DRIFT, drift[i]);
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    double W = vl_v2_dist(fp->box.p[0], fp->box.p[1]);
    double maxdeg = W > 0 ? VL_CHARGE_PRE_LIMIT / W * 180.0 / VL_CHARGE_PI : 0;
    if (maxdeg > 90)
        maxdeg = 90;
    for (int way = 0; way < 4; way++) {
        /* A wheel may turn either way about either end (GOR-CHG-4, D-CHG-2): about the left end turning
         * right (clockwise) or about the right end turning left, the free end swings back; about the
         * left end turning left or the right end turning right, it swings forward. */
        VlPreKind kind = way % 2 == 0 ? VL_PRE_WHEEL_LEFT : VL_PRE_WHEEL_RIGHT;
        double sign = (way % 2 == 0) == (way < 2) ? 1 : -1;
        const int N = 24;
        int first = n;
        for (int k = 1; k <= N && n < cap; k++) {
            double deg = sign * maxdeg * k / N;
            c[n++] = cand_lazy(w, u, &bd, kind, deg);
        }
        /* Golden-section refinement around each local minimum of the grid (the run's length is smooth in
         * the angle between the moments a corner lines up). */
        int last = n;
        for (int k = first; k < last && n < cap - 1; k++) {
            double here = c[k].cost;
            if (!isfinite(here) || here > limit + 1.0)
                continue; /* refining cannot bring it within reach */
            double prev = k > first ? c[k - 1].cost : c[0].cost, next = k + 1 < last ? c[k + 1].cost : INFINITY;
            if (!(here <= prev && here <= next))
                continue;
            double step = maxdeg / N, lo = fabs(c[k].amount) - step, hi = fabs(c[k].amount) + step;
            lo = lo < 0 ? 0 : lo;
            hi = hi > maxdeg ? maxdeg : hi;
            const double g = 0.6180339887498949;
            /* The last two angles tried and their costs: a new angle that is one of them to the bit
             * (golden section often lands on its earlier point again) takes the cost already known. */
            double seen[2] = {NAN, NAN}, seen_cost[2] = {0, 0};
            for (int it = 0; it < 24; it++) { /* 0.618^24 of a grid step: about 1e-5 degree */
                double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
                double ca = refine_cost(w, u, tg, kind, sign, a, seen, seen_cost);
                double cb = refine_cost(w, u, tg, kind, sign, b, seen, seen_cost);
                seen[0] = a;
                seen_cost[0] = ca;
                seen[1] = b;
                seen_cost[1] = cb;
                if (ca <= cb)
                    hi = b;
                else
                    lo = a;
            }
            double deg = sign * 0.5 * (lo + hi);
            c[n++] = cand_lazy(w, u, &bd, kind, deg);
        }
    }
    /* Exact wheels where a flank of the charger lines up with a corner of the target: there the run
     * has a kink (from the front meeting the corner to the flank passing it), so the grid and its
     * refinement only come near; at the angle itself contact is corner to corner, and the face struck
     * is judged as D-CHG-3 says. With pivot P, the flank through P + k W r passes through corner Q
     * when (Q - P) . r = k W, r = (cos h, -sin h) at the new facing h: |Q - P| cos(h + a) = k W with
     * a the bearing angle atan2(dy, dx). */
    const VlFootprint *tf = &vl_world_unit(w, t)->fp;
    double f0 = vl_world_unit(w, u)->pose.facing * VL_CHARGE_PI / 180.0;
    for (int side = 0; side < 2; side++) {
        VlPreKind kind = side == 0 ? VL_PRE_WHEEL_LEFT : VL_PRE_WHEEL_RIGHT;
        VlVec2 P = side == 0 ? fp->box.p[0] : fp->box.p[1];
        for (int b = 0; b < tf->nblocks; b++)
            for (int q = 0; q < 4; q++) {
                VlVec2 d = vl_v2_sub(tf->blocks[b].p[q], P);
                double R = vl_v2_len(d), a = atan2(d.y, d.x);
                for (int k = 0; k < 2 && n < cap; k++) {
                    double kw = k == 0 ? 0 : side == 0 ? W : -W;
                    if (R <= 0 || fabs(kw) > R)
                        continue;
                    for (int root = -1; root <= 1 && n < cap; root += 2) {
                        double h = -a + root * acos(kw / R);
                        double deg = remainder((h - f0) * 180.0 / VL_CHARGE_PI, 360.0);
                        if (deg != 0 && fabs(deg) <= maxdeg)
                            c[n++] = cand_lazy(w, u, &bd, kind, deg);
                    }
                }
            }
    }
    return n;
}

/* A stable merge sort by cmp_cand (tmp: room for n), with no call through a pointer for each
 * comparison. cmp_cand orders finite costs totally, so any stable sort gives the order glibc's qsort
 * (a stable merge sort) gave. */
static void sort_cands(Cand *c, int n, Cand *tmp)
{
    if (n < 2)
        return;
    int h = n / 2;
    sort_cands(c, h, tmp);
    sort_cands(c + h, n - h, tmp);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = cmp_cand(&c[j], &c[i]) < 0 ? c[j++] : c[i++]; /* a tie keeps the earlier first */
    while (i < h)
        tmp[k++] = c[i++];
    memcpy(c, tmp, (size_t)k * sizeof *c); /* the rest of the right half is in place */
}

static bool within(const Cand *c, double limit) { return isfinite(c->cost) && c->cost <= limit + 1e-9; }

/* Orders the candidates for the search: those within @p limit cheapest first, as a sort of them all
 * would have them (the sort is stable and they keep their order); when none is, the one that sort
 * would put first. Only these are ever tried, so the rest are left unsorted. Returns how many are
 * within the limit. */
static int order_candidates(Cand *c, int n, double limit)
{
    Cand rest[MAX_CANDS];
    int k = 0, r = 0;
    for (int i = 0; i < n && i < MAX_CANDS; i++) {
        if (within(&c[i], limit))
            c[k++] = c[i];
        else
            rest[r++] = c[i];
    }
    memcpy(c + k, rest, (size_t)r * sizeof *c);
    sort_cands(c, k, rest);
    if (k == 0)
        for (int i = 1; i < n; i++)
            if (cmp_cand(&c[i], &c[0]) < 0) {
                Cand x = c[0];
                c[0] = c[i];
                c[i] = x;
            }
    return k;
}

/* The units and features that blocked earlier candidates of one search. Most candidates are blocked
 * by the same few, and paths swept against those alone settle it: a sweep over fewer units and
 * features finds no blocker the whole sweep would not, so a path blocked by them is blocked. */
typedef struct Hints {
    int units[8], terrain[8];
    int nunits, nterrain;
} Hints;

static void hints_add(Hints *h, const Path *p, int t)
{
    if (p->blocker_unit >= 0 && p->blocker_unit != t && h->nunits < 8) {
        bool seen = false;
        for (int i = 0; i < h->nunits; i++)
            seen |= h->units[i] == p->blocker_unit;
        if (!seen)
            h->units[h->nunits++] = p->blocker_unit;
    }
    if (p->blocker_feature >= 0 && h->nterrain < 8) {
        bool seen = false;
        for (int i = 0; i < h->nterrain; i++)
            seen |= h->terrain[i] == p->blocker_feature;
        if (!seen)
            h->terrain[h->nterrain++] = p->blocker_feature;
    }
}

/* Certainly blocked: a known blocker stops the path (exact, against the hints alone). This is
 * !reaches of eval_path_near with the hints as its quick scope, straight ahead: the path is blocked
 * when the opening meets a blocker or leaves the table, or touches the target before it is done, or
 * the run never meets the target, or the run meets a blocker or leaves the table. Each of these is
 * worked out from the same poses and footprints as there, and only whether one holds is asked, so
 * they may be taken in any order: the run first, since a known blocker stands in the way of the run
 * far more often than in the way of the opening (about four times in five, full battle). */
static bool hints_block(const VlWorld *w, int u, int t, const Target *tg, const Cand *c, const Hints *h)
{
    if (h->nunits == 0 && h->nterrain == 0)
        return false;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    Path p;
    VlPose after;
    path_opening(&fu->pose, &fu->fp, c->kind, c->amount, &p, &after);
    const Motion pre = p.pre;
    bool opening = c->kind != VL_PRE_NONE && (pre.turn ? pre.deg != 0 : c->amount != 0);
    /* The run, from the pose after the opening. */
    Mover m;
    vl_mover_init_at(&m, w, u, after);
    m.near_units = h->units;
    m.nnear_units = h->nunits;
    m.near_terrain = h->terrain;
    m.nnear_terrain = h->nterrain;
    VlVec2 dir = m.fp.fwd;
    double run = contact_run(m.fp.blocks, m.fp.nblocks, dir, tg);
    if (!isfinite(run))
        return true;
    if (run > 0) {
        Motion mo = {false, vl_v2_scale(dir, run), {0, 0}, 0};
        vl_sweep_check(&m, &mo, t, &p.met_run);
        if (met_blocks(&p.met_run, false, &p) || p.off_table)
            return true;
    }
    if (!opening)
        return false;
    /* The opening, from the unit's own pose and footprint. */
    vl_mover_init(&m, w, u);
    m.near_units = h->units;
    m.nnear_units = h->nunits;
    m.near_terrain = h->terrain;
    m.nnear_terrain = h->nterrain;
    vl_sweep_check(&m, &pre, t, &p.met_pre);
    if (met_blocks(&p.met_pre, true, &p) || p.off_table)
        return true;
    return opening_touches_target(&m.fp, &pre, &vl_world_unit(w, t)->fp);
}

/* The target's face a path that reaches strikes: the charger at the end of the path (GOR-THREAT-1,
 * D-CHG-3). known: the forward vector after the opening (vl_facing_forward of its facing), or NULL. */
static VlFace path_face_fwd(const VlWorld *w, int u, int t, const Path *p, const VlVec2 *known)
{
    double total = p->pre_cost + p->run;
    VlPose at = vl_charge_pose_along(p, total);
    /* Only the charger's blocks there, as vl_charge_footprint_at would build them; a wheel's forward
     * vector, when its cost gave it for the same facing, is the one the build would work out. */
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlVec2 f = known && at.facing == p->after_pre.facing ? *known : vl_facing_forward(at.facing);
    VlQuad blocks[VL_MAX_BASES];
    int nb = vl_footprint_blocks_at(at.anchor, f, fu->formation, fu->spec, blocks);
    return struck_face_of(blocks, nb, &vl_world_unit(w, t)->fp, p->dir);
}



/* The face candidate c strikes if its path reaches the target, or -1 when its run never meets the
 * target (then it cannot reach). The opening, the pose after it, the direction and the run are
 * computed as eval_path_near computes them for a path that reaches (path_opening, vl_mover_set,
 * contact_run with the same prepared target), without the sweeps, which change none of them. */
static int forecast_face(const VlWorld *w, int u, int t, const Target *tg, const Cand *c)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    Path p;
    VlPose after;
    path_opening(&fu->pose, &fu->fp, c->kind, c->amount, &p, &after);
    p.after_pre = after;
    if (c->has_run) {
        /* A wheel: its cost was worked out from the same pose after the opening (the same footprint,
         * built by vl_footprint_build from the same numbers) and the same prepared target, so the
         * run and direction are those the lines below would compute. */
        p.dir = c->fwd;
        p.run = c->run;
    } else {
        /* The blocks vl_mover_set would build, and their forward vector. */
        VlQuad blocks[VL_MAX_BASES];
        p.dir = vl_facing_forward(after.facing);
        int nb = vl_footprint_blocks_at(after.anchor, p.dir, fu->formation, fu->spec, blocks);
        p.run = contact_run(blocks, nb, p.dir, tg);
    }
    if (!isfinite(p.run))
        return -1;
    /* p.dir is the forward vector after the opening, as the build at the end of the path needs it. */
    return (int)path_face_fwd(w, u, t, &p, &p.dir);
}

/* The cheapest clear path (or, with a face mask, the cheapest clear path striking each wanted face),
 * trying candidates cheapest first and stopping past @p limit inches. Clearance is the costly part, so
 * only candidates that could matter are swept. True when the sweeps looked only at the units near
 * (near_init, not out of memory): then the answer may be kept. */
static bool search_gor(const VlWorld *w, int u, int t, double limit, unsigned want_faces, Search *sr)
{
    memset(sr, 0, sizeof *sr);
    Cand c[MAX_CANDS];
    Target tg;
    target_init(&vl_world_unit(w, t)->fp, &tg);
    int n = gor_candidates(w, u, t, &tg, limit, c, MAX_CANDS);
    /* Without a face mask the cheapest opening of all explains a refusal when none is within the
     * limit; with one, only paths within the limit count. */
    if (!want_faces) {
        bool any_within = false;
        for (int i = 0; i < n && !any_within; i++)
            any_within = within(&c[i], limit);
        if (!any_within)
            settle_deferred(w, u, &tg, c, n);
    }
    int nin = order_candidates(c, n, limit);
    sr->any = n > 0;
    if (n > 0)
        sr->cheapest = c[0];
    /* The wanted faces not yet found: a path found for another face changes nothing asked for, so
     * the search ends when none is left (GOR-THREAT-1). */
    unsigned open_faces = want_faces & 0xfu;
    Near *nr = malloc(sizeof *nr);
    if (nr)
        near_init(w, u, limit + 2.0, nr);
    Scope sc = {nr ? nr->units : NULL, nr ? nr->terrain : NULL, nr ? nr->nunits : 0, nr ? nr->nterrain : 0, true, &tg};
    Hints hints = {{0}, {0}, 0, 0};
    for (int i = 0; i < nin; i++) {
        /* With a face mask, a candidate that would strike a face not wanted or already found adds
         * nothing asked for, clear or not: the face is forecast from the opening and the run to the
         * target alone, worked out by the same code as the evaluation below, so it is the face that
         * evaluation would find (D-CHG-3 at a corner, every wheel and drift of GOR-CHG-4), and the
         * sweeps that decide clearance are skipped. The hints only shorten the work (hints_block is
         * exact with any of the blockers found), so skipping a candidate changes no later answer. */
        if (want_faces) {
            int fc = forecast_face(w, u, t, &tg, &c[i]);
            if (fc < 0 || !(open_faces & (1u << fc)))
                continue;
        }
        if (hints_block(w, u, t, &tg, &c[i], &hints))
            continue;
        Path p;
        eval_path_near(w, u, t, c[i].kind, c[i].amount, NULL, &p, &sc);
        if (!p.reaches) {
            hints_add(&hints, &p, t);
            continue;
        }
        double total = p.pre_cost + p.run;
        if (!sr->any_clear) {
            sr->first_clear = p;
            sr->any_clear = true;
        }
        /* A clear path counts only within the charge move over its own ground: a longer way round a
         * wood may be in reach where the short way through it is not. */
        int rough[16], nrough;
        if (total > vl_charge_reach_over(w, u, vl_charge_path_ground(w, &p, rough, &nrough)) + 1e-9)
            continue;
        if (!sr->found) {
            sr->best = p;
            sr->found = true;
            if (!want_faces)
                break;
        }
        VlFace f = path_face_fwd(w, u, t, &p, &p.dir); /* straight ahead: dir is the forward vector */
        if (!sr->face_found[f]) {
            sr->face_best[f] = p;
            sr->face_found[f] = true;
            open_faces &= ~(1u << f);
            if (open_faces == 0)
                break;
        }
    }
    bool scoped = nr != NULL;
    free(nr);
    return scoped;
}

/* ---- searches asked again ----
 *
 * A search is a function of what it reads of the world: the charger, the target, the limit and the
 * face mask; the charger's mounting; the rule options (the charge moves); the table and terrain,
 * which vl_battlefield_terrain_id names; and, of the units, only those whose boxes come within
 * reach of the charger's: presence, side, type, pose, formation and bases (a footprint and box are
 * built from these alone, by vl_battlefield_add_unit and _set_unit). The sweeps look only at the
 * units within the longest charge move and 2 in of the charger's box (near_init), the drifts only at
 * units within 25 in (drift_candidates), so a unit farther than both, and 1 in more, is never read.
 *
 * The commander asks the same search again and again on copies of one game: the charge look-ahead
 * plays the same declarations on every dice stream, the odds, the check and the apply judge one
 * charge three times, and the postures' play-outs list charges on tables that differ only where
 * units moved. So answers are kept under all of that, in one table for every thread (VlMemo,
 * memo.c): an answer taken from there is the one the search would give. */

#define MEMO_UNITS 512 /* units in a key at most; beyond that the search is not kept */
#define MEMO_HEAD 12    /* words of the key before the units */
#define MEMO_KEY (MEMO_HEAD + MEMO_UNITS * VL_MEMO_PER_UNIT)

static VlMemo memo = VL_MEMO_INIT(512, 4, sizeof(Search));

/* The key of a search (see above) into key; returns its length, or 0 when it is not kept. */
static int memo_key(const VlWorld *w, int u, int t, double limit, unsigned want, uint64_t *key)
{
    if (u < 0 || u >= w->nunits || t < 0 || t >= w->nunits || !(limit < 1e6))
        return 0;
    int n = 0;
    key[n++] = (uint64_t)w->nunits;
    key[n++] = (uint64_t)(int64_t)u;
    key[n++] = (uint64_t)(int64_t)t;
    key[n++] = vl_memo_double(limit);
    key[n++] = want;
    key[n++] = vl_battlefield_terrain_id(w->bf);
    key[n++] = (uint64_t)w->options.charge_rules;
    key[n++] = w->options.republic;
    key[n++] = w->options.cavalry_rough_in_cm;
    key[n++] = (uint64_t)(int64_t)w->options.jr3_bonus_dice;
    key[n++] = vl_memo_double(w->options.retreat_distance);
    key[n++] = w->units[u].mounted;
    /* Within reach: more than near_init's and drift_candidates' reaches, so no rounding decides. */
    double reach = (limit + 2.0 > 25.0 ? limit + 2.0 : 25.0) + 1.0;
    return vl_memo_units(w, vl_world_unit(w, u)->bounds, reach, u, t, key, n, MEMO_KEY);
}

#ifdef VL_RULES_MEMO_VERIFY
/* A build with -DVL_RULES_MEMO_VERIFY searches again on every answer found kept and aborts when
 * the two differ in anything a verdict reads (the doubles by their bits). */
#include <stdio.h>

#define SAME(a, b) (memcmp(&(a), &(b), sizeof(a)) == 0)

static bool same_met(const Met *a, const Met *b)
{
    bool same = a->enemy == b->enemy && SAME(a->enemy_at, b->enemy_at) && a->friend_ == b->friend_ &&
                SAME(a->friend_exit, b->friend_exit) && a->impassable == b->impassable && a->off_table == b->off_table &&
                a->nrough == b->nrough;
    for (int i = 0; same && i < a->nrough && i < 16; i++)
        same = a->rough[i] == b->rough[i];
    return same;
}

static bool same_path(const Path *a, const Path *b)
{
    return a->kind == b->kind && SAME(a->amount, b->amount) && SAME(a->pre_cost, b->pre_cost) && a->pre.turn == b->pre.turn &&
           SAME(a->pre.v, b->pre.v) && SAME(a->pre.c, b->pre.c) && SAME(a->pre.deg, b->pre.deg) && SAME(a->start, b->start) &&
           SAME(a->after_pre, b->after_pre) && SAME(a->dir, b->dir) && SAME(a->run, b->run) && a->reaches == b->reaches &&
           a->blocker_unit == b->blocker_unit && a->blocker_feature == b->blocker_feature && a->off_table == b->off_table &&
           same_met(&a->met_pre, &b->met_pre) && same_met(&a->met_run, &b->met_run);
}

static void memo_verify(const VlWorld *w, int u, int t, double limit, unsigned want, const Search *kept)
{
    Search sr;
    search_gor(w, u, t, limit, want, &sr);
    const Cand *a = &sr.cheapest, *b = &kept->cheapest;
    bool same = sr.found == kept->found && (!sr.found || same_path(&sr.best, &kept->best)) && sr.any_clear == kept->any_clear &&
                (!sr.any_clear || same_path(&sr.first_clear, &kept->first_clear)) && sr.any == kept->any &&
                (!sr.any || (a->kind == b->kind && SAME(a->amount, b->amount) && SAME(a->cost, b->cost)));
    for (int f = 0; same && f < 4; f++)
        same = sr.face_found[f] == kept->face_found[f] && (!sr.face_found[f] || same_path(&sr.face_best[f], &kept->face_best[f]));
    if (!same) {
        fprintf(stderr, "charge memo: the kept answer for %d at %d (limit %.17g, faces %u) is not the search's\n", u, t, limit,
                want);
        abort();
    }
}
#endif

void vl_charge_search_gor(const VlWorld *w, int u, int t, double limit, unsigned want_faces, Search *sr)
{
    uint64_t *key = malloc(MEMO_KEY * sizeof *key);
    int n = key ? memo_key(w, u, t, limit, want_faces, key) : 0;
    bool found = vl_memo_find(&memo, key, n, sr);
#ifdef VL_RULES_MEMO_VERIFY
    if (found)
        memo_verify(w, u, t, limit, want_faces, sr);
#endif
    if (!found && search_gor(w, u, t, limit, want_faces, sr))
        vl_memo_keep(&memo, key, n, sr);
    free(key);
}
