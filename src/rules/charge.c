/* Charges: Good Old Rebel (GOR-CHG-1..5, GOR-THREAT-1), JR III (JR3-CHG-1..5) and Gunson
 * (GUN-CHG-1, GUN-CHG-2, GUN-IMP-1, GUN-CAV-1, GUN-FLANK-1).
 *
 * A charge path is an opening (nothing, a drift, or a wheel about either end of the front) and a
 * straight run. The run to contact is exact (geom/sweep.c); the opening is searched: drifts at
 * every offset where a corner of the charger lines up with a corner of the target or of a unit in
 * the way (between those the run changes linearly, so the cheapest drift is at one of them), and
 * wheels on a fine grid of angles refined by golden-section search (docs/rules-decisions.md
 * D-CHG-2). */
#include "rules_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define FAR 500.0 /* longer than any table: the run's search length */

const char *vl_pre_kind_name(VlPreKind k)
{
    static const char *const names[] = {"none", "drift", "wheel-left", "wheel-right"};
    return (unsigned)k < 4 ? names[k] : "?";
}

static const char *uid(const VlWorld *w, int u) { return w->scenario->units[u].id; }

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
    VlVec2 v = vl_v2_scale(dir, FAR);
    for (int a = 0; a < nblocks; a++)
        for (int b = 0; b < tg->n; b++) {
            double t0, t1;
            if (vl_sweep_translate_prepared(blocks[a].p, 4, &tg->blocks[b], v, &t0, &t1) && t1 >= 0) {
                double run = (t0 > 0 ? t0 : 0) * FAR; /* fmin, inline: run is never -0, and NaN keeps best */
                best = run < best ? run : best;
            }
        }
    return best;
}

/* One candidate path and what it meets. */
typedef struct Path {
    VlPreKind kind;
    double amount, pre_cost;
    Motion pre;        /* the opening motion */
    VlPose start, after_pre;
    VlVec2 dir;        /* straight run direction */
    double run;
    bool reaches;      /* contact with the target, path clear */
    int blocker_unit, blocker_feature;
    bool off_table;
    Met met_pre, met_run;
} Path;

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

static void eval_path(const VlWorld *w, int u, int t, VlPreKind kind, double amount, const VlVec2 *dir, Path *p)
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
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->amount = amount;
    p->start = m.pose;
    p->blocker_unit = p->blocker_feature = -1;
    p->met_pre = (Met){-1, 0, -1, 0, -1, false, 0, {0}};
    p->met_run = p->met_pre;
    double W = vl_v2_dist(m.fp.box.p[0], m.fp.box.p[1]);
    VlPose after = m.pose;
    Motion pre = {false, {0, 0}, {0, 0}, 0};
    switch (kind) {
    case VL_PRE_DRIFT:
        pre.v = vl_v2_scale(m.fp.right, amount);
        after.anchor = vl_v2_add(m.pose.anchor, pre.v);
        p->pre_cost = fabs(amount);
        break;
    case VL_PRE_WHEEL_LEFT:
    case VL_PRE_WHEEL_RIGHT:
        pre.turn = true;
        pre.deg = amount;
        pre.c = kind == VL_PRE_WHEEL_LEFT ? m.fp.box.p[0] : m.fp.box.p[1];
        after.anchor = vl_rotate_about(m.pose.anchor, pre.c, amount);
        after.facing = m.pose.facing + amount;
        p->pre_cost = fabs(amount) * PI / 180.0 * W;
        break;
    default: break;
    }
    p->pre = pre;
    if (kind != VL_PRE_NONE && (pre.turn ? pre.deg != 0 : amount != 0)) {
        vl_sweep_check(&m, &pre, t, &p->met_pre);
        if (sc && sc->quick && (met_blocks(&p->met_pre, true, p) || p->off_table))
            return;
        /* The opening must not touch the target before it is done, nor anything else. */
        const VlFootprint *tg = &vl_world_unit(w, t)->fp;
        double first;
        bool early = false;
        for (int a = 0; a < m.fp.nblocks && !early; a++)
            for (int b = 0; b < tg->nblocks && !early; b++) {
                if (pre.turn)
                    early = vl_sweep_rotate_contact(m.fp.blocks[a].p, 4, tg->blocks[b].p, 4, pre.c, pre.deg, &first) &&
                            first < fabs(pre.deg) - 1e-9;
                else {
                    double t0, t1;
                    early = vl_sweep_translate(m.fp.blocks[a].p, 4, tg->blocks[b].p, 4, pre.v, &t0, &t1) && t0 < 1 - 1e-9 &&
                            t1 > 1e-12;
                }
            }
        if (early) {
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

/* The target's face the charger touches at contact (GOR-THREAT-1, GOR-CC-3). */
static VlFace struck_face(const VlFootprint *ch, const VlFootprint *tg, VlVec2 dir)
{
    if (tg->square)
        return VL_FACE_FRONT; /* GOR-FORM-4: every side of a square is a front */
    VlFace best = VL_FACE_FRONT;
    double best_score = -INFINITY;
    for (int f = 0; f < 4; f++) {
        VlVec2 seg[2];
        vl_footprint_face(tg, (VlFace)f, &seg[0], &seg[1]);
        if (vl_footprint_distance_to_convex(ch, seg, 2) > 0)
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

/* Footprint of unit u at pose p (its own formation). */
static void footprint_at(const VlWorld *w, int u, VlPose p, VlFootprint *fp)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    vl_footprint_build(fp, p, fu->formation, fu->spec);
}

/* Pose after travelling s inches along the path. */
static VlPose pose_along(const Path *p, double s)
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
static VlGround path_ground(const VlWorld *w, const Path *p, int *rough, int *nrough)
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
static double reach_over(const VlWorld *w, int u, VlGround g)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    VlAllowance a = vl_move_allowance(w, su->type, vl_world_unit(w, u)->formation, w->units[u].mounted, g, 1);
    return (a.can_move ? a.max : 0) + VL_CHARGE_BONUS;
}

/* A candidate opening with its cost to contact against the target alone (no clearance yet). */
typedef struct Cand {
    VlPreKind kind;
    double amount, cost;
} Cand;

#define MAX_CANDS 1024 /* openings a search lists at most */

typedef struct Search {
    Path best;
    bool found;
    Path first_clear; /* the cheapest clear path, within reach or not (to explain a refusal) */
    bool any_clear;
    Cand cheapest;    /* the cheapest opening of all, clear or not (to explain a refusal) */
    bool any;
    Path face_best[4];
    bool face_found[4];
} Search;

/* Cost of an opening plus the straight run to the target, ignoring everything else: cheap. */
static double candidate_cost(const VlWorld *w, int u, const Target *tg, VlPreKind kind, double amount)
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
        pre = fabs(amount) * PI / 180.0 * W;
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
    VlFootprint moved;
    vl_footprint_build(&moved, after, fu->formation, fu->spec);
    return pre + contact_run(moved.blocks, moved.nblocks, moved.fwd, tg);
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

/* Every opening worth trying (GOR-CHG-4). Returns the count. */
static int gor_candidates(const VlWorld *w, int u, int t, const Target *tg, double limit, Cand *c, int cap)
{
    int n = 0;
    c[n++] = (Cand){VL_PRE_NONE, 0, candidate_cost(w, u, tg, VL_PRE_NONE, 0)};
    double drift[512];
    int nd = drift_candidates(w, u, t, drift, 512);
    for (int i = 0; i < nd && n < cap; i++)
        c[n++] = (Cand){VL_PRE_DRIFT, drift[i], candidate_cost(w, u, tg, VL_PRE_DRIFT, drift[i])};
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    double W = vl_v2_dist(fp->box.p[0], fp->box.p[1]);
    double maxdeg = W > 0 ? VL_CHARGE_PRE_LIMIT / W * 180.0 / PI : 0;
    if (maxdeg > 90)
        maxdeg = 90;
    for (int side = 0; side < 2; side++) {
        /* Wheeling about the left end turns the unit right (clockwise), about the right end left. */
        VlPreKind kind = side == 0 ? VL_PRE_WHEEL_LEFT : VL_PRE_WHEEL_RIGHT;
        double sign = side == 0 ? 1 : -1;
        const int N = 24;
        int first = n;
        for (int k = 1; k <= N && n < cap; k++) {
            double deg = sign * maxdeg * k / N;
            c[n++] = (Cand){kind, deg, candidate_cost(w, u, tg, kind, deg)};
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
            for (int it = 0; it < 24; it++) { /* 0.618^24 of a grid step: about 1e-5 degree */
                double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
                if (candidate_cost(w, u, tg, kind, sign * a) <= candidate_cost(w, u, tg, kind, sign * b))
                    hi = b;
                else
                    lo = a;
            }
            double deg = sign * 0.5 * (lo + hi);
            c[n++] = (Cand){kind, deg, candidate_cost(w, u, tg, kind, deg)};
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

/* Certainly blocked: a known blocker stops the path (exact, against the hints alone). */
static bool hints_block(const VlWorld *w, int u, int t, const Target *tg, const Cand *c, const Hints *h)
{
    if (h->nunits == 0 && h->nterrain == 0)
        return false;
    Scope sc = {h->units, h->terrain, h->nunits, h->nterrain, true, tg};
    Path p;
    eval_path_near(w, u, t, c->kind, c->amount, NULL, &p, &sc);
    return !p.reaches;
}

/* The cheapest clear path (and, with want_faces, the cheapest clear path striking each face), trying
 * candidates cheapest first and stopping past @p limit inches. Clearance is the costly part, so only
 * candidates that could matter are swept. */
static void search_gor(const VlWorld *w, int u, int t, double limit, bool want_faces, Search *sr)
{
    memset(sr, 0, sizeof *sr);
    Cand c[MAX_CANDS];
    Target tg;
    target_init(&vl_world_unit(w, t)->fp, &tg);
    int n = gor_candidates(w, u, t, &tg, limit, c, MAX_CANDS);
    int nin = order_candidates(c, n, limit);
    sr->any = n > 0;
    if (n > 0)
        sr->cheapest = c[0];
    int open_faces = 4;
    Near *nr = malloc(sizeof *nr);
    if (nr)
        near_init(w, u, limit + 2.0, nr);
    Scope sc = {nr ? nr->units : NULL, nr ? nr->terrain : NULL, nr ? nr->nunits : 0, nr ? nr->nterrain : 0, true, &tg};
    Hints hints = {{0}, {0}, 0, 0};
    for (int i = 0; i < nin; i++) {
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
        if (total > reach_over(w, u, path_ground(w, &p, rough, &nrough)) + 1e-9)
            continue;
        if (!sr->found) {
            sr->best = p;
            sr->found = true;
            if (!want_faces)
                break;
        }
        VlFootprint ch;
        footprint_at(w, u, pose_along(&p, total), &ch);
        VlFace f = struck_face(&ch, &vl_world_unit(w, t)->fp, p.dir);
        if (!sr->face_found[f]) {
            sr->face_best[f] = p;
            sr->face_found[f] = true;
            if (--open_faces == 0)
                break;
        }
    }
    free(nr);
}

/* GOR-CHG-5 supports and GOR-SUPP-1 rear support share "at least partly directly behind, within 5 in". */
static bool directly_behind(const VlFootprint *front, const VlFootprint *back, double within)
{
    VlFootprint rev;
    /* A footprint facing backwards with its front on the unit's rear face gives the corridor behind. */
    VlVec2 rear_mid = vl_v2_lerp(front->box.p[2], front->box.p[3], 0.5);
    double facing = atan2(-front->fwd.x, -front->fwd.y) * 180.0 / PI;
    double width = vl_v2_dist(front->box.p[2], front->box.p[3]);
    vl_footprint_build(&rev, (VlPose){rear_mid, facing}, VL_FORM_LINE, (VlBaseSpec){1, width, 1e-6});
    double exposure = 0;
    return vl_fire_corridor(&rev, within, back, &exposure) && exposure > VL_EPS;
}

static void gor_supports(const VlWorld *w, int u, VlChargeVerdict *out)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    double cd;
    bool u_in = vl_world_in_command(w, u, &cd);
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->units[j].routed)
            continue;
        const VlScenarioUnit *sj = &w->scenario->units[j];
        const VlFieldUnit *fj = vl_world_unit(w, j);
        if (sj->type != su->type || fj->formation == VL_FORM_COLUMN)
            continue;
        if (!directly_behind(fp, &fj->fp, 5.0))
            continue;
        double dj;
        bool j_in = vl_world_in_command(w, j, &dj);
        if (!u_in || !j_in || !vl_world_same_brigade(w, u, j)) {
            vl_reason_add(&out->why, "GOR-CHG-5", true, NAN, j, -1,
                          "%s is behind within 5 in but cannot support: %s", sj->id,
                          !vl_world_same_brigade(w, u, j) ? "not of the same brigade"
                          : !u_in ? "the charger is out of command (over 8 in from its brigade commander)"
                                  : "it is out of command (over 8 in from its brigade commander)");
            continue;
        }
        if (out->nsupports < VL_MAX_SUPPORTS)
            out->supports[out->nsupports++] = j;
        vl_reason_add(&out->why, "GOR-CHG-5", true, NAN, j, -1,
                      "%s may support: same type, partly directly behind within 5 in, in command; it moves up "
                      "behind at charge speed and takes no morale test",
                      sj->id);
    }
}

/* GOR-CHG-1 eligibility; JR III and Gunson share the type and state checks. */
static bool check_eligible(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    int u = o->unit;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlUnitState *st = &w->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    bool ok = true;
    if (su->type != VL_INFANTRY && !(su->type == VL_CAVALRY && st->mounted)) {
        vl_reason_add(&out->why, su->type == VL_CAVALRY ? "GOR-CAV-1" : "GOR-CHG-1", false, NAN, u, -1,
                      "%s: only infantry and mounted cavalry charge", su->id);
        ok = false;
    }
    if (st->routed) {
        vl_reason_add(&out->why, "GOR-ROUT-1", false, NAN, u, -1, "%s is routed", su->id);
        ok = false;
    }
    if (o->rules == VL_RULES_GOR) {
        if (fu->formation != VL_FORM_LINE) {
            vl_reason_add(&out->why, fu->formation == VL_FORM_SKIRMISH ? "GOR-FORM-2" : fu->formation == VL_FORM_COLUMN ? "GOR-FORM-3" : "GOR-CHG-1",
                          false, NAN, u, -1, "%s is in %s: only units in line charge", su->id,
                          vl_formation_name(fu->formation));
            ok = false;
        }
        if (!o->ignore_turn_flags && st->fired) {
            vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, u, -1, "%s has fired this turn", su->id);
            ok = false;
        }
        if (!o->ignore_turn_flags && st->charged_last_turn) {
            vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, u, -1, "%s charged last turn: no charges on consecutive turns",
                          su->id);
            ok = false;
        }
    } else if (fu->formation == VL_FORM_SKIRMISH || fu->formation == VL_FORM_SQUARE) {
        vl_reason_add(&out->why, o->rules == VL_RULES_JR3 ? "JR3-CHG-4" : "GUN-CHG-1", false, NAN, u, -1,
                      "%s is in %s and cannot lead a charge", su->id, vl_formation_name(fu->formation));
        ok = false;
    }
    if (ok)
        vl_reason_add(&out->why, o->rules == VL_RULES_GOR ? "GOR-CHG-1" : o->rules == VL_RULES_JR3 ? "JR3-CHG-2" : "GUN-CHG-1",
                      true, NAN, u, -1, "%s may charge", su->id);
    return ok;
}

static void fill_path(const VlWorld *w, const Path *p, VlChargeVerdict *out)
{
    out->pre_kind = p->kind;
    out->pre_amount = p->amount;
    out->pre_cost = p->pre_cost;
    out->distance = p->pre_cost + p->run;
    out->contact_pose = pose_along(p, out->distance);
    out->npath = 0;
    out->path[out->npath++] = p->start;
    if (p->pre.turn) {
        int k = (int)ceil(fabs(p->pre.deg) / 15);
        for (int j = 1; j <= k && out->npath < VL_MAX_PATH - 1; j++)
            out->path[out->npath++] = pose_along(p, p->pre_cost * j / k);
    } else if (p->pre_cost > 0) {
        out->path[out->npath++] = p->after_pre;
    }
    out->path[out->npath++] = out->contact_pose;
    (void)w;
}

/* GOR-CHG-3: half the charge move along the path, never closer than 3 in. */
static void half_charge(const VlWorld *w, int u, int t, const Path *p, double allowance, VlChargeVerdict *out)
{
    double total = p->pre_cost + p->run;
    double s = 0.5 * allowance;
    if (s > total)
        s = total;
    VlFootprint fp;
    const VlFootprint *tg = &vl_world_unit(w, t)->fp;
    footprint_at(w, u, pose_along(p, s), &fp);
    if (vl_footprint_distance(&fp, tg) < 3.0) {
        /* Find where the distance falls to 3 in: it only shrinks along a charge path. */
        double lo = 0, hi = s;
        footprint_at(w, u, pose_along(p, 0), &fp);
        if (vl_footprint_distance(&fp, tg) < 3.0) {
            hi = 0;
        } else {
            for (int it = 0; it < 60; it++) {
                double mid = 0.5 * (lo + hi);
                footprint_at(w, u, pose_along(p, mid), &fp);
                if (vl_footprint_distance(&fp, tg) >= 3.0)
                    lo = mid;
                else
                    hi = mid;
            }
            hi = lo;
        }
        s = hi;
    }
    out->half_distance = s;
    out->half_pose = pose_along(p, s);
}

static void resolve_gor(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    int u = o->unit, t = o->target;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    Path best;
    bool found;
    if (o->choose_path) {
        /* The longest charge move there could be: the open-ground allowance plus 5 in. */
        VlAllowance open = vl_move_allowance(w, su->type, fu->formation, w->units[u].mounted, VL_GROUND_OPEN, 0);
        Search sr;
        search_gor(w, u, t, open.max + VL_CHARGE_BONUS, false, &sr);
        found = sr.found;
        best = sr.best;
        if (!found && sr.any_clear) {
            best = sr.first_clear; /* clear, but out of reach: the distance says why */
            found = true;
        } else if (!found) {
            /* Explain with the cheapest opening, whatever stops it. */
            eval_path(w, u, t, sr.any ? sr.cheapest.kind : VL_PRE_NONE, sr.any ? sr.cheapest.amount : 0, NULL, &best);
            found = best.reaches; /* clear, but longer than any charge move: the distance says why */
        }
    } else {
        double limit_deg = VL_CHARGE_PRE_LIMIT;
        if (o->pre_kind == VL_PRE_DRIFT && fabs(o->pre_amount) > limit_deg + 1e-9)
            vl_reason_add(&out->why, "GOR-CHG-4", false, o->pre_amount, u, -1, "a drift of %.2f in: at most 5 in",
                          o->pre_amount);
        eval_path(w, u, t, o->pre_kind, o->pre_amount, NULL, &best);
        if (best.pre_cost > VL_CHARGE_PRE_LIMIT + 1e-9)
            vl_reason_add(&out->why, "GOR-CHG-4", false, best.pre_cost, u, -1,
                          "the opening costs %.2f in: at most 5 in of wheel or drift", best.pre_cost);
        found = best.reaches;
    }
    VlGround g = path_ground(w, &best, out->rough, &out->nrough);
    out->ground = g;
    VlAllowance al = vl_move_allowance(w, su->type, fu->formation, w->units[u].mounted, g, o->rough_die);
    if (!al.can_move) {
        al.min = al.max = 0;
    }
    out->allowance_min = al.min + VL_CHARGE_BONUS;
    out->allowance_max = al.max + VL_CHARGE_BONUS;
    vl_reason_add(&out->why, "GOR-CHG-2", true, out->allowance_max, u, -1,
                  "charge move = normal move over %s ground + 5 in = %s%.2f in", vl_ground_name(g),
                  al.die_loss && o->rough_die == 0 ? "up to " : "", out->allowance_max);
    if (g == VL_GROUND_ROUGH)
        vl_reason_add(&out->why, "GOR-MOVE-1", true, NAN, -1, out->rough[0], "the path crosses %s %s: rough ground",
                      vl_terrain_type_name(w->scenario->terrain[out->rough[0]].type), w->scenario->terrain[out->rough[0]].id);
    out->blocker_unit = best.blocker_unit;
    out->blocker_feature = best.blocker_feature;
    if (!isfinite(best.run) && best.blocker_unit < 0) {
        vl_reason_add(&out->why, "GOR-CHG-4", false, NAN, t, -1,
                      "no opening of up to 5 in of wheel or drift brings %s onto a straight line into %s", su->id, uid(w, t));
        return;
    }
    if (!found) {
        if (best.blocker_unit >= 0)
            vl_reason_add(&out->why, "GOR-CHG-4", false, NAN, best.blocker_unit, -1, "the way to %s is blocked by %s %s",
                          uid(w, t), vl_world_enemies(w, u, best.blocker_unit) ? "enemy" : "friend",
                          uid(w, best.blocker_unit));
        else if (best.blocker_feature >= 0)
            vl_reason_add(&out->why, "GOR-CHG-4", false, NAN, -1, best.blocker_feature, "the way is blocked by %s %s",
                          vl_terrain_type_name(w->scenario->terrain[best.blocker_feature].type),
                          w->scenario->terrain[best.blocker_feature].id);
        else
            vl_reason_add(&out->why, "GOR-CHG-4", false, NAN, u, -1, "the way leaves the table");
        return;
    }
    fill_path(w, &best, out);
    VlFootprint ch;
    footprint_at(w, u, out->contact_pose, &ch);
    out->face = struck_face(&ch, &vl_world_unit(w, t)->fp, best.dir);
    char opening[96] = "";
    if (best.kind == VL_PRE_DRIFT)
        snprintf(opening, sizeof opening, "drift %.2f in %s, then ", fabs(best.amount), best.amount > 0 ? "right" : "left");
    else if (best.kind != VL_PRE_NONE)
        snprintf(opening, sizeof opening, "wheel %.1f deg about the %s end (%.2f in), then ", fabs(best.amount),
                 best.kind == VL_PRE_WHEEL_LEFT ? "left" : "right", best.pre_cost);
    vl_reason_add(&out->why, "GOR-CHG-4", true, out->distance, t, -1,
                  "%s%.2f in straight ahead: contact with %s's %s after %.2f in", opening, best.run, uid(w, t),
                  vl_face_name(out->face), out->distance);
    if (out->distance <= out->allowance_min + 1e-9) {
        out->reachable = true;
        vl_reason_add(&out->why, "GOR-CHG-2", true, out->distance, t, -1, "%.2f in is within the charge move of %.2f in",
                      out->distance, out->allowance_min);
    } else if (out->distance <= out->allowance_max + 1e-9) {
        out->reachable = true;
        out->depends_on_die = true;
        double unit = w->options.cavalry_rough_in_cm ? 1.0 / 2.54 : 1.0;
        out->max_die = (int)floor((out->allowance_max + unit - out->distance) / unit + 1e-9);
        vl_reason_add(&out->why, "GOR-MOVE-1", true, out->distance, t, -1,
                      "cavalry in rough loses 1D6: it reaches on a roll of %d or less", out->max_die);
    } else {
        vl_reason_add(&out->why, "GOR-CHG-2", false, out->distance, t, -1, "%s is %.2f in away along the path; the charge "
                      "move is %.2f in",
                      uid(w, t), out->distance, out->allowance_max);
    }
    half_charge(w, u, t, &best, out->allowance_min, out);
    vl_reason_add(&out->why, "GOR-CHG-3", true, out->half_distance, u, -1,
                  "if its morale test fails it advances %.2f in (half the charge move, never within 3 in) and halts",
                  out->half_distance);
    gor_supports(w, u, out);
}

/* ---- JR III ---- */

static VlVec2 box_centre(const VlFootprint *fp) { return vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5); }

int vl_charge_target_jr3(const VlWorld *w, int u, bool *in_zone, VlReasons *why)
{
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    int zone_best = -1, any_best = -1;
    double zone_d = INFINITY, any_d = INFINITY;
    for (int j = 0; j < w->nunits; j++) {
        if (!vl_world_present(w, j) || !vl_world_enemies(w, u, j))
            continue;
        VlSight s;
        vl_sight(w->bf, u, j, &s);
        if (!s.clear)
            continue; /* JR3-CHG-2: only visible units */
        double d = vl_footprint_distance(fp, &vl_world_unit(w, j)->fp);
        if (vl_in_primary_zone(fp, &vl_world_unit(w, j)->fp) && d < zone_d) {
            zone_d = d;
            zone_best = j;
        }
        if (d < any_d) {
            any_d = d;
            any_best = j;
        }
    }
    /* A unit outside the zone is more threatening only when strictly closer: ties go to the zone. */
    int target = zone_best;
    if (zone_best < 0 || any_d < zone_d)
        target = any_best;
    if (in_zone)
        *in_zone = target >= 0 && target == zone_best;
    if (why && target >= 0)
        vl_reason_add(why, "JR3-CHG-2", true, target == zone_best ? zone_d : any_d, target, -1,
                      target == zone_best ? "%s is the closest visible enemy in the primary zone (%.2f in)"
                                          : "%s, outside the primary zone, is the closest visible enemy (%.2f in)%s",
                      uid(w, target), target == zone_best ? zone_d : any_d,
                      target == zone_best ? "" : zone_best >= 0 ? ", closer than the one in the zone: more threatening" : "");
    return target;
}

void vl_charge_order_jr3(const VlWorld *w, const int *units, const int *targets, int n, int *order)
{
    double key[256];
    for (int i = 0; i < n; i++) {
        order[i] = i;
        key[i] = i < 256 ? vl_footprint_distance(&vl_world_unit(w, units[i])->fp, &vl_world_unit(w, targets[i])->fp) : 0;
    }
    /* JR3-CHG-1: closest to its enemy first; insertion sort keeps declaration order for ties. */
    for (int i = 1; i < n && i < 256; i++)
        for (int j = i; j > 0 && key[order[j]] < key[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* Does the ray from a through b hit any base of fp? */
static bool ray_hits(VlVec2 a, VlVec2 b, const VlFootprint *fp)
{
    VlVec2 d = vl_v2_sub(b, a);
    double len = vl_v2_len(d);
    if (len <= 0)
        return false;
    VlVec2 far = vl_v2_mad(a, d, FAR / len);
    for (int i = 0; i < fp->nbases; i++) {
        VlVec2 seg[2] = {a, far};
        if (!vl_convex_apart(seg, 2, fp->bases[i].p, 4))
            return true;
    }
    return false;
}

static void resolve_jr3(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    int u = o->unit, t = o->target;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlFieldUnit *tu = vl_world_unit(w, t);
    bool in_zone;
    int must = vl_charge_target_jr3(w, u, &in_zone, &out->why);
    if (must < 0)
        vl_reason_add(&out->why, "JR3-CHG-2", false, NAN, u, -1, "%s sees no enemy to charge", su->id);
    else if (must != t)
        vl_reason_add(&out->why, "JR3-CHG-2", false, NAN, must, -1, "%s must charge %s, not %s", su->id, uid(w, must),
                      uid(w, t));
    /* JR3-CHG-3: straight at the target; an oblique of over 45 degrees disorders. */
    VlVec2 dir = vl_v2_sub(box_centre(&tu->fp), fu->pose.anchor);
    double len = vl_v2_len(dir);
    dir = len > 0 ? vl_v2_scale(dir, 1.0 / len) : fu->fp.fwd;
    double c = vl_v2_dot(dir, fu->fp.fwd);
    out->oblique = acos(c > 1 ? 1 : (c < -1 ? -1 : c)) * 180.0 / PI;
    out->disorder = out->oblique > 45.0 + 1e-9;
    vl_reason_add(&out->why, "JR3-CHG-3", true, out->oblique, t, -1,
                  "the line of charge runs %.1f degrees off the unit's front%s", out->oblique,
                  out->disorder ? ": over 45, the unit goes into disorder" : "");
    Path p;
    eval_path(w, u, t, VL_PRE_NONE, 0, &dir, &p);
    VlGround g = path_ground(w, &p, out->rough, &out->nrough);
    out->ground = g;
    /* Normal movement over this ground; cavalry in rough at its best (a roll of 1): the maximum. */
    VlAllowance al = vl_move_allowance(w, su->type, fu->formation, w->units[u].mounted, g, 1);
    int dice = w->options.jr3_bonus_dice;
    out->max_reach = al.max + 6.0 * dice;
    out->allowance_min = al.max + dice;
    out->allowance_max = out->max_reach;
    vl_reason_add(&out->why, "JR3-CHG-3", true, out->max_reach, u, -1,
                  "theoretical maximum charge move: normal %.2f in + %d bonus dice all sixes = %.2f in (D-JR3-1)", al.max,
                  dice, out->max_reach);
    out->blocker_unit = p.blocker_unit;
    out->blocker_feature = p.blocker_feature;
    if (!isfinite(p.run) || !p.reaches) {
        vl_reason_add(&out->why, "JR3-CHG-3", false, NAN, p.blocker_unit >= 0 ? p.blocker_unit : t, p.blocker_feature,
                      "the straight line to %s is blocked%s%s", uid(w, t), p.blocker_unit >= 0 ? " by " : "",
                      p.blocker_unit >= 0 ? uid(w, p.blocker_unit) : "");
        return;
    }
    fill_path(w, &p, out);
    VlFootprint ch;
    footprint_at(w, u, out->contact_pose, &ch);
    out->face = struck_face(&ch, &tu->fp, dir);
    if (out->distance <= out->max_reach + 1e-9) {
        out->reachable = true;
        vl_reason_add(&out->why, "JR3-CHG-3", true, out->distance, t, -1, "contact with %s's %s after %.2f in", uid(w, t),
                      vl_face_name(out->face), out->distance);
    } else {
        vl_reason_add(&out->why, "JR3-CHG-3", false, out->distance, t, -1,
                      "%s is %.2f in away: beyond the theoretical maximum charge move", uid(w, t), out->distance);
    }
    /* JR3-CHG-4: supporting units. */
    double point_d = vl_footprint_distance(&fu->fp, &tu->fp);
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->units[j].routed)
            continue;
        const VlFieldUnit *fj = vl_world_unit(w, j);
        const VlScenarioUnit *sj = &w->scenario->units[j];
        if (fj->formation == VL_FORM_SKIRMISH || sj->type == VL_GENERAL || sj->type == VL_ARTILLERY)
            continue;
        if (vl_footprint_distance(&fj->fp, &fu->fp) > 6.0)
            continue;
        if (vl_footprint_distance(&fj->fp, &tu->fp) <= point_d) {
            vl_reason_add(&out->why, "JR3-CHG-4", true, NAN, j, -1, "%s is within 6 in but not further from the enemy",
                          sj->id);
            continue;
        }
        int other = -1;
        for (int k = 0; k < w->nunits && other < 0; k++)
            if (k != t && vl_world_present(w, k) && vl_world_enemies(w, u, k) &&
                vl_in_primary_zone(&fj->fp, &vl_world_unit(w, k)->fp))
                other = k;
        if (other >= 0) {
            if (!ray_hits(box_centre(&tu->fp), box_centre(&fu->fp), &fj->fp)) {
                vl_reason_add(&out->why, "JR3-CHG-4", true, NAN, j, -1,
                              "%s cannot support: uncharged enemy %s is in its primary zone", sj->id, uid(w, other));
                continue;
            }
            vl_reason_add(&out->why, "JR3-CHG-4", true, NAN, j, -1,
                          "%s supports although %s is in its primary zone: the line from %s's centre through %s reaches it",
                          sj->id, uid(w, other), uid(w, t), su->id);
        }
        if (out->nsupports < VL_MAX_SUPPORTS)
            out->supports[out->nsupports++] = j;
        vl_reason_add(&out->why, "JR3-CHG-4", true, NAN, j, -1,
                      "%s supports: within 6 in, further from the enemy; -1 to the point unit's impact morale", sj->id);
    }
    /* JR3-CHG-5: the defender's close support within 2 in. */
    for (int j = 0; j < w->nunits; j++) {
        if (j == t || !vl_world_present(w, j) || vl_world_enemies(w, t, j) || w->units[j].routed)
            continue;
        const VlFieldUnit *fj = vl_world_unit(w, j);
        if (fj->formation == VL_FORM_SKIRMISH || w->scenario->units[j].type == VL_GENERAL)
            continue;
        if (vl_footprint_distance(&fj->fp, &tu->fp) <= 2.0 && out->nclose_support < VL_MAX_SUPPORTS) {
            out->close_support[out->nclose_support++] = j;
            vl_reason_add(&out->why, "JR3-CHG-5", true, NAN, j, -1, "%s is within 2 in of %s: close support", uid(w, j),
                          uid(w, t));
        }
    }
}

/* ---- Gunson ---- */

typedef enum GunForm { GUN_SINGLE, GUN_DOUBLE, GUN_TREBLE, GUN_COLUMN, GUN_SQUARE } GunForm;

/* D-GUN-2: Good Old Rebel's formations in Gunson's terms. */
static GunForm gunson_form(VlFormation f)
{
    switch (f) {
    case VL_FORM_COLUMN:
    case VL_FORM_LIMBERED: return GUN_COLUMN;
    case VL_FORM_SQUARE: return GUN_SQUARE;
    default: return GUN_SINGLE;
    }
}

/* GUN-IMP-1: men per extra die; rows the defender's formation, columns the attacker's
 * (single line, double, treble, column). The article's worked example, a double line against a
 * single line, reads 6 from row "single", column "double". */
static const int IMPETUS[5][4] = {
    {5, 6, 7, 8}, /* single line */
    {4, 5, 6, 7}, /* double */
    {3, 4, 5, 6}, /* treble */
    {0, 1, 2, 3}, /* column */
    {0, 1, 2, 5}, /* square */
};

static void resolve_gunson(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    int u = o->unit, t = o->target;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u), *tu = vl_world_unit(w, t);
    bool cav = su->type == VL_CAVALRY;
    double d = vl_footprint_distance(&fu->fp, &tu->fp);
    if (d > 18.0 + 1e-9)
        vl_reason_add(&out->why, "GUN-CHG-1", false, d, t, -1, "%s is %.2f in away: charges start within musket range (18 in)",
                      uid(w, t), d);
    double move = cav ? 24.0 : 18.0; /* GUN-CHG-2 */
    out->allowance_min = out->allowance_max = move;
    VlVec2 dir = vl_v2_sub(box_centre(&tu->fp), fu->pose.anchor);
    double len = vl_v2_len(dir);
    dir = len > 0 ? vl_v2_scale(dir, 1.0 / len) : fu->fp.fwd;
    Path p;
    eval_path(w, u, t, VL_PRE_NONE, 0, &dir, &p);
    out->blocker_unit = p.blocker_unit;
    out->blocker_feature = p.blocker_feature;
    out->ground = path_ground(w, &p, out->rough, &out->nrough);
    if (!isfinite(p.run) || !p.reaches) {
        vl_reason_add(&out->why, "GUN-CHG-2", false, NAN, p.blocker_unit >= 0 ? p.blocker_unit : t, p.blocker_feature,
                      "the way to %s is blocked", uid(w, t));
        return;
    }
    fill_path(w, &p, out);
    VlFootprint ch;
    footprint_at(w, u, out->contact_pose, &ch);
    out->face = struck_face(&ch, &tu->fp, dir);
    if (out->distance <= move + 1e-9) {
        out->reachable = true;
        vl_reason_add(&out->why, "GUN-CHG-2", true, out->distance, t, -1, "%s charges %g in: contact with %s's %s after %.2f in",
                      cav ? "cavalry" : "infantry", move, uid(w, t), vl_face_name(out->face), out->distance);
    } else {
        vl_reason_add(&out->why, "GUN-CHG-2", false, out->distance, t, -1, "%s is %.2f in away; the charge move is %g in",
                      uid(w, t), out->distance, move);
    }
    if (out->face != VL_FACE_FRONT) {
        out->needs_throw = false;
        vl_reason_add(&out->why, "GUN-FLANK-1", true, NAN, t, -1,
                      "a charge on a flank or the rear needs no throw; the target fights with no melee value until it reforms");
    } else if (cav) {
        GunForm tf = gunson_form(tu->formation);
        out->needs_throw = true;
        out->throw_needed = tf == GUN_SQUARE ? 6 : tf == GUN_COLUMN || tf == GUN_TREBLE ? 5 : tf == GUN_DOUBLE ? 4 : 2;
        vl_reason_add(&out->why, "GUN-CAV-1", true, out->throw_needed, t, -1,
                      "cavalry against a %s needs a throw of %d or more; one short splits and swerves, two short retires",
                      vl_formation_name(tu->formation), out->throw_needed);
    } else {
        /* GUN-CHG-1: a full-strength unit needs 4, 5 or 6. Volley's units have no figure counts, so
         * every unit is at full strength (D-GUN-3). */
        out->needs_throw = true;
        out->throw_needed = 4;
        vl_reason_add(&out->why, "GUN-CHG-1", true, 4, u, -1,
                      "a full-strength unit charges on 4, 5 or 6; one short refuses, two short retreats a move");
    }
    if (cav) {
        /* GUN-IMP-1: no cavalry impetus against troops in woods, on hills or behind walls. */
        VlTerrainUnder tuu;
        vl_terrain_under(w->bf, &tu->fp, &tuu);
        bool walled = vl_line_between(w, u, t, 1u << VL_T_WALL) >= 0;
        bool sheltered = walled || tuu.fraction[VL_T_WOODS] > 0 || tuu.fraction[VL_T_HEAVY_WOODS] > 0 ||
                         tuu.fraction[VL_T_HILL] > 0;
        out->impetus_men_per_die = sheltered ? 0 : 3; /* light cavalry (D-GUN-4) */
        vl_reason_add(&out->why, "GUN-IMP-1", true, out->impetus_men_per_die, t, -1,
                      sheltered ? "no cavalry impetus against troops behind a wall, in woods or on a hill"
                                : "cavalry impetus: one extra die per 3 light horsemen");
        /* GUN-CHG-2: it crashes through to the full extent of its move and reforms facing any way. */
        out->crash_pose = (VlPose){vl_v2_mad(fu->pose.anchor, dir, move), fu->pose.facing};
        vl_reason_add(&out->why, "GUN-CHG-2", true, move, u, -1,
                      "the cavalry crashes through to the full %g in and may then face any way", move);
    } else {
        out->impetus_men_per_die = IMPETUS[gunson_form(tu->formation)][gunson_form(fu->formation) == GUN_COLUMN ? 3 : 0];
        if (out->impetus_men_per_die)
            vl_reason_add(&out->why, "GUN-IMP-1", true, out->impetus_men_per_die, t, -1,
                          "impetus: one extra die per %d men", out->impetus_men_per_die);
        else
            vl_reason_add(&out->why, "GUN-IMP-1", true, 0, t, -1, "no impetus against a %s",
                          vl_formation_name(tu->formation));
    }
}

void vl_resolve_charge(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    memset(out, 0, sizeof *out);
    out->rules = o->rules;
    out->unit = o->unit;
    out->target = o->target;
    out->blocker_unit = out->blocker_feature = -1;
    int u = o->unit, t = o->target;
    if (u < 0 || u >= w->nunits || t < 0 || t >= w->nunits || !vl_world_present(w, u) || !vl_world_present(w, t)) {
        vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, -1, -1, "no such unit on the table");
        return;
    }
    if (!vl_world_enemies(w, u, t)) {
        vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, t, -1, "%s is a friend", uid(w, t));
        return;
    }
    out->eligible = check_eligible(w, o, out);
    switch (o->rules) {
    case VL_RULES_JR3: resolve_jr3(w, o, out); break;
    case VL_RULES_GUNSON: resolve_gunson(w, o, out); break;
    default: resolve_gor(w, o, out); break;
    }
    /* The die only decides a charge nothing else forbids (see vl_resolve_move). */
    if (!out->eligible || !out->reachable || vl_reasons_refuse(&out->why))
        out->depends_on_die = false;
    out->legal = out->eligible && out->reachable && !out->depends_on_die && !vl_reasons_refuse(&out->why);
}

/* ---- judgements ---- */

void vl_threatened_faces(const VlWorld *w, int u, int threat[4], VlReasons *why)
{
    for (int f = 0; f < 4; f++)
        threat[f] = -1;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    if (fp->square)
        return; /* a square has no flanks or rear */
    /* Faces a friend touches are not open (D-THREAT-2). */
    bool open[4] = {true, true, true, true};
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->scenario->units[j].type == VL_GENERAL)
            continue;
        for (int f = 1; f < 4; f++) {
            VlVec2 seg[2];
            vl_footprint_face(fp, (VlFace)f, &seg[0], &seg[1]);
            if (vl_footprint_distance_to_convex(&vl_world_unit(w, j)->fp, seg, 2) == 0)
                open[f] = false;
        }
    }
    for (int e = 0; e < w->nunits; e++) {
        if (!vl_world_present(w, e) || !vl_world_enemies(w, u, e))
            continue;
        /* No point of a charger travels farther than its path's length, opening included, so an enemy
         * farther than its charge move from every open face cannot strike one. */
        const VlFootprint *ef = &vl_world_unit(w, e)->fp;
        const VlScenarioUnit *se0 = &w->scenario->units[e];
        double reach = reach_over(w, e, VL_GROUND_OPEN);
        if (se0->type == VL_GENERAL || se0->type == VL_ARTILLERY || vl_footprint_distance(ef, fp) > reach)
            continue;
        bool near_open = false;
        for (int f = 1; f < 4 && !near_open; f++) {
            VlVec2 seg[2];
            vl_footprint_face(fp, (VlFace)f, &seg[0], &seg[1]);
            near_open = open[f] && vl_footprint_distance_to_convex(ef, seg, 2) <= reach;
        }
        if (!near_open)
            continue;
        VlChargeOrder o = {e, u, VL_RULES_GOR, true, VL_PRE_NONE, 0, 1, true};
        VlChargeVerdict probe;
        memset(&probe, 0, sizeof probe);
        if (!check_eligible(w, &o, &probe))
            continue;
        const VlScenarioUnit *sen = &w->scenario->units[e];
        VlAllowance best_case = vl_move_allowance(w, sen->type, vl_world_unit(w, e)->formation, w->units[e].mounted,
                                                  VL_GROUND_OPEN, 0);
        Search sr;
        search_gor(w, e, u, best_case.max + VL_CHARGE_BONUS, true, &sr);
        for (int f = 1; f < 4; f++) {
            if (!sr.face_found[f] || !open[f] || threat[f] >= 0)
                continue;
            const Path *p = &sr.face_best[f];
            int rough[16], nrough;
            VlGround g = path_ground(w, p, rough, &nrough);
            const VlScenarioUnit *se = &w->scenario->units[e];
            /* Best case for cavalry in rough: a roll of 1 (the enemy "could" reach). */
            VlAllowance al = vl_move_allowance(w, se->type, vl_world_unit(w, e)->formation, w->units[e].mounted, g, 1);
            double over_ground = al.max + VL_CHARGE_BONUS;
            double dist = p->pre_cost + p->run;
            if (dist <= over_ground + 1e-9) {
                threat[f] = e;
                if (why)
                    vl_reason_add(why, "GOR-THREAT-1", true, dist, e, -1,
                                  "%s threatens the %s of %s: a legal charge of %.2f in (charge move %.2f in) strikes it",
                                  se->id, vl_face_name((VlFace)f), uid(w, u), dist, over_ground);
            }
        }
    }
}

int vl_rear_supports(const VlWorld *w, int u, int *out, int max, VlReasons *why)
{
    int n = 0;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    double du;
    bool u_in = vl_world_in_command(w, u, &du);
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->units[j].routed)
            continue;
        const VlFieldUnit *fj = vl_world_unit(w, j);
        const VlScenarioUnit *sj = &w->scenario->units[j];
        if (sj->type == VL_GENERAL || sj->type == VL_ARTILLERY || !directly_behind(fp, &fj->fp, 5.0))
            continue;
        if (fj->formation == VL_FORM_COLUMN) {
            if (why)
                vl_reason_add(why, "GOR-FORM-3", true, NAN, j, -1, "%s is behind but in column: columns give no support", sj->id);
            continue;
        }
        double dj;
        bool j_in = vl_world_in_command(w, j, &dj);
        if (!vl_world_same_brigade(w, u, j) || !u_in || !j_in) {
            if (why)
                vl_reason_add(why, "GOR-SUPP-1", true, NAN, j, -1,
                              "%s is partly directly behind within 5 in but does not support: %s", sj->id,
                              !vl_world_same_brigade(w, u, j) ? "another brigade"
                              : !u_in ? "the front unit is out of command radius (8 in)"
                                      : "it is out of command radius (8 in)");
            continue;
        }
        if (n < max)
            out[n++] = j;
        if (why)
            vl_reason_add(why, "GOR-SUPP-1", true, NAN, j, -1,
                          "%s supports from the rear: same brigade, both in command, partly directly behind within 5 in",
                          sj->id);
    }
    return n;
}

VlPose vl_charge_pose_at(const VlWorld *w, const VlChargeVerdict *v, double s)
{
    if (v->npath < 2)
        return v->npath ? v->path[0] : vl_world_unit(w, v->unit)->pose;
    VlPose start = v->path[0];
    VlPose end = v->contact_pose;
    if (s <= 0)
        return start;
    if (s >= v->distance)
        s = v->distance;
    const VlFieldUnit *fu = vl_world_unit(w, v->unit);
    VlFootprint fp;
    vl_footprint_build(&fp, start, fu->formation, fu->spec);
    VlPose after = start;
    if (v->pre_kind == VL_PRE_DRIFT) {
        after.anchor = vl_v2_mad(start.anchor, fp.right, v->pre_amount);
    } else if (v->pre_kind == VL_PRE_WHEEL_LEFT || v->pre_kind == VL_PRE_WHEEL_RIGHT) {
        VlVec2 c = v->pre_kind == VL_PRE_WHEEL_LEFT ? fp.box.p[0] : fp.box.p[1];
        after.anchor = vl_rotate_about(start.anchor, c, v->pre_amount);
        after.facing = start.facing + v->pre_amount;
    }
    if (s < v->pre_cost && v->pre_cost > 0) {
        double frac = s / v->pre_cost;
        if (v->pre_kind == VL_PRE_DRIFT)
            return (VlPose){vl_v2_mad(start.anchor, fp.right, v->pre_amount * frac), start.facing};
        VlVec2 c = v->pre_kind == VL_PRE_WHEEL_LEFT ? fp.box.p[0] : fp.box.p[1];
        return (VlPose){vl_rotate_about(start.anchor, c, v->pre_amount * frac), start.facing + v->pre_amount * frac};
    }
    /* The straight run: from the end of the opening towards the contact pose. */
    double run = v->distance - v->pre_cost;
    if (run <= 0)
        return end;
    return (VlPose){vl_v2_lerp(after.anchor, end.anchor, (s - v->pre_cost) / run), end.facing};
}
