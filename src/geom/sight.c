/* Exact line of fire / sight (docs/geometry.md "Line of fire / sight"; GOR-ART-1, GOR-FIRE-1).
 *
 * Question: is there a segment from a point of the firer's front face F to a point of the target's
 * footprint that enters no obstacle's interior? Obstacles are closed polygons whose boundary may be
 * grazed, so the set of clear segments is closed. If it is not empty, slide and turn a clear segment
 * while it stays clear and keeps meeting F and the target block T: each motion can only be stopped
 * by a vertex (of an obstacle, of F, or of T) landing on its line. With two degrees of freedom for a
 * line, some clear segment therefore lies on a line through two such vertices. Trying every line
 * through two vertices of V = {ends of F, corners of T, vertices of the obstacles near the way} is
 * thus an exact decision, not a sample of rays. On one line, the best choice is the shortest gap
 * between L ∩ F and L ∩ T, since every other choice contains it.
 *
 * Three things keep this fast without changing any answer:
 *  - a uniform grid finds the obstacles near the way, and only those reaching into the convex hull H
 *    of F and T can cut a segment between them; only their vertices inside H can be on a clear line;
 *  - a stopping vertex is one the line only touches, with its polygon on one side: reflex vertices
 *    and lines that would split a vertex's neighbours are skipped;
 *  - a certificate settles the common blocked case at once: if one convex obstacle, clear of F and T,
 *    cuts both outer edges of H that join F to T (the "bridges"), the chord between those two cuts
 *    lies inside the obstacle and separates F from T within H, so every segment is blocked. */
#include "sight_internal.h"

#include "volley/core.h"

#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A candidate pivot of a sight line: an end of F (no condition), or a corner of T or of an obstacle,
 * which a clear line can only touch with the polygon on one side (its neighbours prev and next). */
typedef struct Pivot {
    VlVec2 p, prev, next;
    bool any_line;
    const VlVec2 *src; /* an obstacle's corner: where it is stored (vl_sight_all's memo of hidden corners) */
} Pivot;

#define STACK_PIVOTS 512

bool sight_push_obstacle(Gather *g, Obstacle o)
{
    if (g->n == g->cap) {
        int cap = g->cap * 2;
        Obstacle *arr = malloc((size_t)cap * sizeof *arr);
        if (!arr)
            return false; /* out of memory: the obstacles gathered so far are all we test */
        memcpy(arr, g->obs, (size_t)g->n * sizeof *arr);
        free(g->heap);
        g->obs = g->heap = arr;
        g->cap = cap;
    }
    g->obs[g->n++] = o;
    return true;
}

bool sight_gather_visit(int item, void *ctx)
{
    Gather *g = ctx;
    if (g->keep && !g->keep((VlObstacleRef){item < 0 ? VL_OBST_TERRAIN : VL_OBST_UNIT, item < 0 ? -item - 1 : item},
                            g->keep_ctx))
        return true;
    if (item < 0) {
        const VlTerrain *t = &g->bf->terrain[-item - 1];
        return sight_push_obstacle(g, (Obstacle){t->pts, t->npts, t->convex, {VL_OBST_TERRAIN, -item - 1}, t->bounds});
    }
    if (item == g->from || item == g->to)
        return true;
    const VlFootprint *fp = &g->bf->units[item].fp;
    for (int b = 0; b < fp->nblocks; b++)
        if (!sight_push_obstacle(g, (Obstacle){fp->blocks[b].p, 4, true, {VL_OBST_UNIT, item}, fp->block_box[b]}))
            return false;
    return true;
}

/* Signed distance of p from the line through u with unit direction d (positive to the left). */
static inline double side_of(VlVec2 u, VlVec2 d, VlVec2 p) { return vl_v2_cross(d, vl_v2_sub(p, u)); }
static inline double along(VlVec2 u, VlVec2 d, VlVec2 p) { return vl_v2_dot(d, vl_v2_sub(p, u)); }

/* The closed interval of the line (u, d) inside convex polygon p; false when they do not meet. */
static bool line_convex_interval(VlVec2 u, VlVec2 d, const VlVec2 *p, int n, double *lo, double *hi)
{
    double a = INFINITY, b = -INFINITY;
    double sa = side_of(u, d, p[0]);
    for (int i = 0; i < n; i++) {
        VlVec2 pa = p[i], pb = p[(i + 1) % n];
        double sb = side_of(u, d, pb);
        if (fabs(sa) <= VL_EPS) {
            double t = along(u, d, pa);
            a = MIN(a, t);
            b = MAX(b, t);
        }
        if ((sa > VL_EPS && sb < -VL_EPS) || (sa < -VL_EPS && sb > VL_EPS)) {
            double t = along(u, d, vl_v2_lerp(pa, pb, sa / (sa - sb)));
            a = MIN(a, t);
            b = MAX(b, t);
        }
        sa = sb;
    }
    *lo = a;
    *hi = b;
    return a <= b;
}

/* line_convex_interval with the vertices' side_of values s[] already worked out: the same sums in the
 * same order, so the same interval to the last bit. */
static inline bool interval_from_sides(VlVec2 u, VlVec2 d, const VlVec2 *p, const double *s, int n, double *lo,
                                       double *hi)
{
    double a = INFINITY, b = -INFINITY;
    for (int i = 0; i < n; i++) {
        int j = i + 1 == n ? 0 : i + 1;
        double sa = s[i], sb = s[j];
        if (fabs(sa) <= VL_EPS) {
            double t = along(u, d, p[i]);
            a = MIN(a, t);
            b = MAX(b, t);
        }
        if ((sa > VL_EPS && sb < -VL_EPS) || (sa < -VL_EPS && sb > VL_EPS)) {
            double t = along(u, d, vl_v2_lerp(p[i], p[j], sa / (sa - sb)));
            a = MIN(a, t);
            b = MAX(b, t);
        }
    }
    *lo = a;
    *hi = b;
    return a <= b;
}

/* Most corners of a convex obstacle whose sides obstacle_cuts keeps at hand (a unit's block has 4). */
#define CUTS_SIDES 16

/* Does the open stretch (a, b) of the line enter the interior of obstacle o? */
static bool obstacle_cuts(const Obstacle *o, VlVec2 u, VlVec2 d, double a, double b)
{
    if (o->convex && o->n <= CUTS_SIDES) {
        /* The general test below, each corner's side worked out once. */
        double sd[CUTS_SIDES];
        bool left = false, right = false;
        for (int i = 0; i < o->n; i++) {
            sd[i] = side_of(u, d, o->p[i]);
            left |= sd[i] > VL_EPS;
            right |= sd[i] < -VL_EPS;
        }
        double lo, hi;
        if (!left || !right || !interval_from_sides(u, d, o->p, sd, o->n, &lo, &hi))
            return false;
        return MIN(hi, b) - MAX(lo, a) > VL_EPS;
    }
    /* A line that does not have vertices strictly on both sides only grazes: clear. */
    bool left = false, right = false;
    for (int i = 0; i < o->n && !(left && right); i++) {
        double s = side_of(u, d, o->p[i]);
        left |= s > VL_EPS;
        right |= s < -VL_EPS;
    }
    if (!left || !right)
        return false;
    if (o->convex) {
        double lo, hi;
        if (!line_convex_interval(u, d, o->p, o->n, &lo, &hi))
            return false;
        return MIN(hi, b) - MAX(lo, a) > VL_EPS;
    }
    /* Concave: split the line at every boundary crossing and test each piece's midpoint. */
    double ts[258];
    int nt = 0;
    for (int i = 0; i < o->n && nt < 256; i++) {
        VlVec2 pa = o->p[i], pb = o->p[(i + 1) % o->n];
        double sa = side_of(u, d, pa), sb = side_of(u, d, pb);
        if (fabs(sa) <= VL_EPS)
            ts[nt++] = along(u, d, pa);
        else if ((sa > VL_EPS && sb < -VL_EPS) || (sa < -VL_EPS && sb > VL_EPS))
            ts[nt++] = along(u, d, vl_v2_lerp(pa, pb, sa / (sa - sb)));
    }
    ts[nt++] = a;
    ts[nt++] = b;
    for (int i = 1; i < nt; i++) /* insertion sort: nt is small */
        for (int j = i; j > 0 && ts[j] < ts[j - 1]; j--) {
            double t = ts[j];
            ts[j] = ts[j - 1];
            ts[j - 1] = t;
        }
    for (int i = 0; i + 1 < nt; i++) {
        double t0 = MAX(ts[i], a), t1 = MIN(ts[i + 1], b);
        if (t1 - t0 <= VL_EPS)
            continue;
        if (vl_poly_point_side(o->p, o->n, vl_v2_mad(u, d, 0.5 * (t0 + t1))) > 0)
            return true;
    }
    return false;
}

/* A segment from p to q as obstacle_cuts takes it: from p, unit direction d, length len. */
typedef struct Seg {
    VlVec2 p, d;
    double len;
} Seg;

static inline Seg seg_of(VlVec2 p, VlVec2 q)
{
    VlVec2 dir = vl_v2_sub(q, p);
    double len = vl_v2_len(dir);
    return (Seg){p, vl_v2_scale(dir, 1.0 / len), len};
}

/* Does obstacle o cut the open segment s? (A segment shorter than VL_EPS cuts nothing.) */
static inline bool seg_cut(const Obstacle *o, const Seg *s) { return s->len > VL_EPS && obstacle_cuts(o, s->p, s->d, 0, s->len); }

static bool segment_cut(const Obstacle *o, VlVec2 p, VlVec2 q)
{
    Seg s = seg_of(p, q);
    return seg_cut(o, &s);
}

/* The two above for sight_blind.c and sight_any.c; the hot paths here call the static ones, which the
 * compiler inlines (vl_sight_all's speed). */
bool sight_line_convex_interval(VlVec2 u, VlVec2 d, const VlVec2 *p, int n, double *lo, double *hi)
{
    return line_convex_interval(u, d, p, n, lo, hi);
}

bool sight_segment_cut(const Obstacle *o, VlVec2 p, VlVec2 q) { return segment_cut(o, p, q); }

/* The open stretch of the line (u, d) inside mask m's interior; false when the line only grazes it. */
static bool mask_open_interval(const Mask *m, VlVec2 u, VlVec2 d, double *lo, double *hi)
{
    bool left = false, right = false;
    for (int i = 0; i < m->n && !(left && right); i++) {
        double s = side_of(u, d, m->p[i]);
        left |= s > VL_EPS;
        right |= s < -VL_EPS;
    }
    return left && right && line_convex_interval(u, d, m->p, m->n, lo, hi) && *hi - *lo > 2 * VL_EPS;
}

/* The point of [tlo, thi] on the line nearest F (from tlo upwards when forward, else from thi down) that
 * lies in no mask's interior. A zone's boundary counts as seen, as a grazed obstacle counts as clear. */
static bool visible_end(VlVec2 u, VlVec2 d, const Mask *mk, int nm, double tlo, double thi, bool forward, double *at)
{
    double x = forward ? tlo : thi;
    for (bool moved = true; moved;) {
        moved = false;
        for (int k = 0; k < nm; k++) {
            double lo, hi;
            if (mask_open_interval(&mk[k], u, d, &lo, &hi) && x > lo + VL_EPS && x < hi - VL_EPS) {
                x = forward ? hi : lo;
                moved = true;
            }
        }
        if (forward ? x > thi + VL_EPS : x < tlo - VL_EPS)
            return false;
    }
    *at = forward ? MIN(x, thi) : MAX(x, tlo);
    return true;
}

typedef struct LineResult {
    bool met;     /* the line meets both F and T */
    bool clear;
    VlVec2 p, q;  /* the gap's ends: p on F, q on T */
    int blocker;  /* index into the obstacle list, or -1 */
} LineResult;

/* A pivot allows the line (u, d) when the line only touches it: its neighbours are not strictly on
 * opposite sides. */
static inline bool pivot_allows(const Pivot *v, VlVec2 u, VlVec2 d)
{
    if (v->any_line)
        return true;
    double sp = side_of(u, d, v->prev), sn = side_of(u, d, v->next);
    return !((sp > VL_EPS && sn < -VL_EPS) || (sp < -VL_EPS && sn > VL_EPS));
}

/* pivot_allows on the unnormalised direction dir: false only when the neighbours lie on opposite sides
 * by more than 2 VL_EPS after normalisation too (lim as in try_line), where pivot_allows is false. */
static inline bool pivot_allows_early(const Pivot *v, VlVec2 u, VlVec2 dir, double lim)
{
    if (v->any_line)
        return true;
    double sp = vl_v2_cross(dir, vl_v2_sub(v->prev, u)), sn = vl_v2_cross(dir, vl_v2_sub(v->next, u));
    return !(((sp > 0 && sn < 0) || (sp < 0 && sn > 0)) && sp * sp > lim && sn * sn > lim);
}

static LineResult try_line(const Pivot *pu, const Pivot *pv, VlVec2 f0, VlVec2 f1, const VlQuad *t,
                           const Obstacle *obs, int nobs, int first, const Mask *mk, int nm)
{
    LineResult r = {false, false, {0, 0}, {0, 0}, -1};
    VlVec2 u = pu->p;
    VlVec2 dir = vl_v2_sub(pv->p, u);
    /* Most candidate lines miss F or T. Say so before the square root and the division when the miss
     * is beyond doubt: with cross products of the unnormalised direction, a margin of 2 VL_EPS (twice
     * the tolerance below, far above rounding) leaves every such line missing by more than VL_EPS
     * after normalisation too, so the answer is the one the full test below would give. */
    double lim = 4 * VL_EPS * VL_EPS * vl_v2_dot(dir, dir);
    double c0 = vl_v2_cross(dir, vl_v2_sub(f0, u)), c1 = vl_v2_cross(dir, vl_v2_sub(f1, u));
    if (((c0 > 0 && c1 > 0) || (c0 < 0 && c1 < 0)) && c0 * c0 > lim && c1 * c1 > lim)
        return r;
    /* In the same way, before the division: a pivot the line splits beyond doubt (pivot_allows below
     * would refuse it), and a line that passes every corner of T on one side beyond doubt (the interval
     * below would be empty). Each returns what the full test would. */
    if (!pivot_allows_early(pu, u, dir, lim) || !pivot_allows_early(pv, u, dir, lim))
        return r;
    double t0 = vl_v2_cross(dir, vl_v2_sub(t->p[0], u));
    if (t0 * t0 > lim) {
        bool miss = true;
        for (int k = 1; k < 4 && miss; k++) {
            double tk = vl_v2_cross(dir, vl_v2_sub(t->p[k], u));
            miss = ((tk > 0) == (t0 > 0)) && tk != 0 && tk * tk > lim;
        }
        if (miss)
            return r;
    }
    double len = vl_v2_len(dir);
    if (len <= VL_EPS)
        return r;
    VlVec2 d = vl_v2_scale(dir, 1.0 / len);
    /* L ∩ F */
    double s0 = side_of(u, d, f0), s1 = side_of(u, d, f1), flo, fhi;
    if (fabs(s0) <= VL_EPS && fabs(s1) <= VL_EPS) {
        flo = MIN(along(u, d, f0), along(u, d, f1));
        fhi = MAX(along(u, d, f0), along(u, d, f1));
    } else if (fabs(s0) <= VL_EPS) {
        flo = fhi = along(u, d, f0);
    } else if (fabs(s1) <= VL_EPS) {
        flo = fhi = along(u, d, f1);
    } else if ((s0 > 0) != (s1 > 0)) {
        flo = fhi = along(u, d, vl_v2_lerp(f0, f1, s0 / (s0 - s1)));
    } else {
        return r;
    }
    if (!pivot_allows(pu, u, d) || !pivot_allows(pv, u, d))
        return r;
    /* L ∩ T */
    double tlo, thi;
    if (!line_convex_interval(u, d, t->p, 4, &tlo, &thi))
        return r;
    r.met = true;
    double a, b;
    if (fhi < tlo) {
        a = fhi;
        b = tlo;
        if (nm > 0 && !visible_end(u, d, mk, nm, tlo, thi, true, &b))
            return r; /* every point of T on this line lies in a blind zone */
        r.p = vl_v2_mad(u, d, a);
        r.q = vl_v2_mad(u, d, b);
    } else if (thi < flo) {
        a = thi;
        b = flo;
        if (nm > 0 && !visible_end(u, d, mk, nm, tlo, thi, false, &a))
            return r;
        r.p = vl_v2_mad(u, d, b);
        r.q = vl_v2_mad(u, d, a);
    } else {
        /* F reaches into T along this line: a zero-length sight line. */
        double m = MAX(flo, tlo);
        r.p = r.q = vl_v2_mad(u, d, m);
        r.clear = true;
        return r;
    }
    /* The obstacle that blocked the previous line is the likeliest to block this one: try it first. */
    if (first >= 0 && first < nobs && obstacle_cuts(&obs[first], u, d, a, b)) {
        r.blocker = first;
        return r;
    }
    for (int k = 0; k < nobs; k++)
        if (k != first && obstacle_cuts(&obs[k], u, d, a, b)) {
            r.blocker = k;
            return r;
        }
    r.clear = true;
    return r;
}

void sight_add_blocker(VlSight *out, VlObstacleRef ref)
{
    for (int i = 0; i < out->nblockers; i++)
        if (out->blockers[i].kind == ref.kind && out->blockers[i].index == ref.index)
            return;
    if (out->nblockers < VL_SIGHT_MAX_BLOCKERS)
        out->blockers[out->nblockers++] = ref;
}

static bool is_face_end(VlVec2 p, VlVec2 f0, VlVec2 f1)
{
    return (p.x == f0.x && p.y == f0.y) || (p.x == f1.x && p.y == f1.y);
}

/* The hull's two bridges (the edges with one end on F, one on T) into b[0], b[1]; false when it
 * has not exactly two. */
static bool hull_bridges(VlVec2 f0, VlVec2 f1, const VlVec2 *hull, int nh, Seg *b)
{
    int nb = 0;
    for (int i = 0; i < nh; i++) {
        VlVec2 a = hull[i], c = hull[(i + 1) % nh];
        if (is_face_end(a, f0, f1) == is_face_end(c, f0, f1))
            continue;
        if (nb == 2)
            return false;
        b[nb++] = seg_of(a, c);
    }
    return nb == 2;
}

/* The certificate of the file comment for one obstacle: convex, apart from F and T, cutting both
 * bridges. */
static bool blocks_alone(const Obstacle *o, VlVec2 f0, VlVec2 f1, const VlQuad *t, const Seg *b)
{
    VlVec2 face[2] = {f0, f1};
    return o->convex && seg_cut(o, &b[0]) && seg_cut(o, &b[1]) && vl_convex_apart(o->p, o->n, t->p, 4) &&
           vl_convex_apart(o->p, o->n, face, 2);
}

/* The certificate of the file comment: one convex obstacle, apart from F and T, cutting both bridges. */
static int single_blocker(VlVec2 f0, VlVec2 f1, const VlQuad *t, const VlVec2 *hull, int nh, const Obstacle *near,
                          int nnear, int first)
{
    Seg b[2];
    if (!hull_bridges(f0, f1, hull, nh, b))
        return -1;
    /* near[first] (when first >= 0) is tried before the others: any one that passes settles it. */
    for (int step = first >= 0 && first < nnear ? -1 : 0; step < nnear; step++) {
        int k = step < 0 ? first : step;
        if (step >= 0 && k == first)
            continue;
        if (blocks_alone(&near[k], f0, f1, t, b))
            return k;
    }
    return -1;
}

/* Is p inside the hull H (given by its edges' half-planes), within VL_EPS? A clear segment runs inside
 * H and only points on it can stop it, so pivots outside H are never needed. The corner pivots have
 * always had to be inside; vl_sight keeps crossing pivots outside H (so its witnesses stay what they
 * were), vl_sight_all drops them. That is what lets vl_sight_all take its obstacles from one list for
 * all pairs: beyond those vl_sight's grid gathers, the list can only hold obstacles wholly outside H
 * (the grid skips cells outside H by more than VL_EPS), and such an obstacle cuts no segment inside H
 * and, with this test, gives no pivot. */
static inline bool in_hull(const VlHalfPlane *hp, int nh, VlVec2 p)
{
    for (int e = 0; e < nh; e++)
        if (vl_v2_dot(hp[e].n, p) - hp[e].c < -VL_EPS)
            return false;
    return true;
}


/* The obstacles of all[] that reach into the hull H (its box hb and its nh edges' half-planes hp),
 * in their order, into near[]; the units of skip left out. Returns how many. */
static int near_obstacles(const Obstacle *all, int nall, VlBox hb, const VlHalfPlane *hp, int nh, const Skip *skip,
                          Obstacle *near)
{
    int nnear = 0;
    for (int k = 0; k < nall; k++) {
        const Obstacle *o = &all[k];
        if (!vl_box_overlap(o->box, hb, VL_EPS))
            continue;
        if (skip && o->ref.kind == VL_OBST_UNIT && (o->ref.index == skip->from || o->ref.index == skip->to))
            continue;
        /* An obstacle wholly outside one edge of H cannot reach into it. (Keeping a few that are
         * outside H only diagonally costs time, never an answer.) */
        bool outside = false;
        for (int i = 0; i < nh && !outside; i++) {
            outside = true;
            for (int v = 0; v < o->n && outside; v++)
                outside = vl_v2_dot(hp[i].n, o->p[v]) - hp[i].c < VL_EPS;
        }
        if (!outside)
            near[nnear++] = *o;
    }
    return nnear;
}

/* Room for the pivots gather_pivots may find. */
static int pivot_room(const Obstacle *near, int nnear, const Mask *mk, int nm)
{
    int cap = 6, edges = 0;
    for (int k = 0; k < nnear; k++)
        edges += near[k].n;
    /* corners, plus crossings with F and T's edges, plus (rarely many) crossings between obstacles */
    cap += edges * 6 + (nnear > 1 ? edges * 4 : 0);
    /* REP-601: the zones' corners in T and their crossings with T, with each other and with obstacles */
    int medges = 0;
    for (int k = 0; k < nm; k++)
        medges += mk[k].n;
    cap += medges * 5 + (nm > 1 ? medges * medges : 0) + medges * edges;
    return cap;
}

/* The pivots of one target block into V (room for cap): the ends of F, the corners of T, the convex
 * corners of the obstacles inside H, and the corners of the union (crossings). With skip (vl_sight_all),
 * crossings outside H are left out. Returns how many. */
static int gather_pivots(VlVec2 f0, VlVec2 f1, const VlQuad *t, const Obstacle *near, int nnear, const VlHalfPlane *hp,
                         int nh, bool skip, const Mask *mk, int nm, Pivot *V, int cap)
{
    VlVec2 face[2] = {f0, f1};
    int m = 0;
    V[m++] = (Pivot){f0, f0, f0, true, NULL};
    V[m++] = (Pivot){f1, f1, f1, true, NULL};
    for (int i = 0; i < 4; i++)
        V[m++] = (Pivot){t->p[i], t->p[i], t->p[i], true, NULL}; /* the sight line may run on into T */
    for (int k = 0; k < nnear; k++) {
        const Obstacle *o = &near[k];
        double orient = o->convex ? 0 : vl_poly_signed_area(o->p, o->n);
        for (int i = 0; i < o->n && m < cap; i++) {
            VlVec2 prev = o->p[(i + o->n - 1) % o->n], cur = o->p[i], next = o->p[(i + 1) % o->n];
            if (!o->convex) {
                double turn = vl_v2_cross(vl_v2_sub(cur, prev), vl_v2_sub(next, cur));
                if ((orient > 0 && turn < 0) || (orient < 0 && turn > 0))
                    continue; /* reflex: every line through it enters the polygon */
            }
            if (!in_hull(hp, nh, cur))
                continue;
            V[m++] = (Pivot){cur, prev, next, false, &o->p[i]};
        }
    }
    /* Corners of the union that are no polygon's corner: where an obstacle's edge crosses the front
     * face, the target's edge or another obstacle's edge. A clear line can be stopped there too. */
    VlBox fbox = vl_box_of_points(face, 2), tbox = vl_box_of_points(t->p, 4);
    for (int k = 0; k < nnear; k++) {
        const Obstacle *o = &near[k];
        bool by_f = vl_box_overlap(o->box, fbox, VL_EPS), by_t = vl_box_overlap(o->box, tbox, VL_EPS);
        for (int i = 0; i < o->n; i++) {
            VlVec2 a = o->p[i], b = o->p[(i + 1) % o->n], x;
            /* Two segments whose boxes are apart do not cross: the box tests only skip work. */
            VlBox eb = vl_box_of_points((VlVec2[2]){a, b}, 2);
            if (by_f && vl_box_overlap(eb, fbox, VL_EPS) && m < cap && vl_segment_crossing(a, b, f0, f1, &x) &&
                (!skip || in_hull(hp, nh, x)))
                V[m++] = (Pivot){x, x, x, true, NULL};
            if (by_t && vl_box_overlap(eb, tbox, VL_EPS))
                for (int e = 0; e < 4; e++)
                    if (m < cap && vl_segment_crossing(a, b, t->p[e], t->p[(e + 1) & 3], &x) &&
                        (!skip || in_hull(hp, nh, x)))
                        V[m++] = (Pivot){x, x, x, true, NULL};
            for (int k2 = k + 1; k2 < nnear; k2++) {
                const Obstacle *o2 = &near[k2];
                if (!vl_box_overlap(eb, o2->box, VL_EPS))
                    continue;
                for (int j = 0; j < o2->n; j++)
                    if (m < cap && vl_segment_crossing(a, b, o2->p[j], o2->p[(j + 1) % o2->n], &x) &&
                        (!skip || in_hull(hp, nh, x)))
                        V[m++] = (Pivot){x, x, x, true, NULL};
            }
        }
    }
    /* REP-601: the corners of what the zones leave of T (a target seen only in part is seen), which
     * stop a sliding sight line as T's corners do: the zones' corners inside T and the crossings of
     * their edges with T's edges, with one another and with the obstacles' edges, inside T. */
    for (int k = 0; k < nm; k++) {
        const Mask *z = &mk[k];
        for (int i = 0; i < z->n; i++) {
            VlVec2 a = z->p[i], b = z->p[(i + 1) % z->n], x;
            if (m < cap && vl_poly_point_side(t->p, 4, a) >= 0)
                V[m++] = (Pivot){a, a, a, true, NULL};
            for (int e = 0; e < 4; e++)
                if (m < cap && vl_segment_crossing(a, b, t->p[e], t->p[(e + 1) & 3], &x))
                    V[m++] = (Pivot){x, x, x, true, NULL};
            for (int k2 = k + 1; k2 < nm; k2++)
                for (int j = 0; j < mk[k2].n; j++)
                    if (m < cap && vl_segment_crossing(a, b, mk[k2].p[j], mk[k2].p[(j + 1) % mk[k2].n], &x) &&
                        vl_poly_point_side(t->p, 4, x) >= 0)
                        V[m++] = (Pivot){x, x, x, true, NULL};
            for (int o = 0; o < nnear; o++)
                for (int j = 0; j < near[o].n; j++)
                    if (m < cap && vl_segment_crossing(a, b, near[o].p[j], near[o].p[(j + 1) % near[o].n], &x) &&
                        vl_poly_point_side(t->p, 4, x) >= 0)
                        V[m++] = (Pivot){x, x, x, true, NULL};
        }
    }
    return m;
}

/* Search one target block. Returns true when a clear segment was found (stored in out). */
bool sight_to_block(VlVec2 f0, VlVec2 f1, const VlQuad *t, const Obstacle *all, int nall, Obstacle *near,
                    const Skip *skip, const Mask *masks, int nmasks, Mask *mk, VlSight *out)
{
    VlVec2 face[2] = {f0, f1}, pts[6] = {f0, f1, t->p[0], t->p[1], t->p[2], t->p[3]}, hull[8];
    if (!vl_convex_apart(face, 2, t->p, 4)) {
        /* The front face touches the target: a sight line of length zero (no blind zone hides a unit
         * in contact, D-REP-601-3). */
        out->clear = true;
        vl_convex_closest(face, 2, t->p, 4, &out->witness[0], &out->witness[1]);
        return true;
    }
    /* REP-601: the blind zones that reach into this block; one that holds it all hides it. */
    int nm = 0;
    VlBox tb = vl_box_of_points(t->p, 4);
    for (int k = 0; k < nmasks; k++) {
        const Mask *z = &masks[k];
        if (!vl_box_overlap(z->box, tb, VL_EPS) || vl_convex_apart(z->p, z->n, t->p, 4))
            continue;
        bool inside = true;
        for (int i = 0; i < 4 && inside; i++)
            inside = vl_poly_point_side(z->p, z->n, t->p[i]) > 0;
        if (inside)
            return false;
        mk[nm++] = *z;
    }
    int nh = vl_convex_hull(pts, 6, hull);
    VlBox hb = vl_box_of_points(hull, nh);
    VlHalfPlane hp[8];
    for (int i = 0; i < nh; i++)
        hp[i] = vl_halfplane_left_of(hull[i], hull[(i + 1) % nh]);
    int nnear = near_obstacles(all, nall, hb, hp, nh, skip, near);
    if (nnear == 0 && nm == 0) {
        out->clear = true;
        vl_convex_closest(face, 2, t->p, 4, &out->witness[0], &out->witness[1]);
        return true;
    }
    int solo = single_blocker(f0, f1, t, hull, nh, near, nnear, -1);
    if (solo >= 0) {
        sight_add_blocker(out, near[solo].ref);
        return false;
    }

    /* Pivots: the ends of F, the corners of T, and the convex corners of the obstacles inside H. */
    Pivot stack[STACK_PIVOTS], *V = stack;
    int cap = pivot_room(near, nnear, mk, nm);
    if (cap > STACK_PIVOTS && !(V = malloc((size_t)cap * sizeof *V)))
        V = stack, cap = STACK_PIVOTS; /* out of memory: fewer pivots, never an overrun */
    int m = gather_pivots(f0, f1, t, near, nnear, hp, nh, skip != NULL, mk, nm, V, cap);
    /* Lines through an end of F and a corner of T first: the likeliest clear ones. Then the rest. */
    int last = -1;
    bool found = false;
    for (int pass = 0; pass < 2 && !found; pass++)
        for (int i = 0; i < m && !found; i++)
            for (int j = i + 1; j < m; j++) {
                bool first = i < 2 && j >= 2 && j < 6;
                if (first != (pass == 0))
                    continue;
                out->lines_tested++;
                LineResult r = try_line(&V[i], &V[j], f0, f1, t, near, nnear, last, mk, nm);
                if (!r.met)
                    continue;
                if (r.clear) {
                    out->clear = true;
                    out->witness[0] = r.p;
                    out->witness[1] = r.q;
                    found = true;
                    break;
                }
                if (r.blocker >= 0) {
                    last = r.blocker;
                    sight_add_blocker(out, near[r.blocker].ref);
                }
            }
    if (V != stack)
        free(V);
    return found;
}

void vl_sight(const VlBattlefield *bf, int from, int to, VlSight *out)
{
    vl_sight_filtered(bf, from, to, NULL, NULL, out);
}


/* Every obstacle of the battlefield, as the grid holds them: the sight-blocking areal terrain and the
 * blocks of every unit on the table. */
static int all_obstacles(const VlBattlefield *bf, Obstacle *obs)
{
    int n = 0;
    for (int i = 0; i < bf->nterrain; i++) {
        const VlTerrain *t = &bf->terrain[i];
        if (t->type < VL_T_AREAL_COUNT && vl_terrain_blocks_sight(t->type))
            obs[n++] = (Obstacle){t->pts, t->npts, t->convex, {VL_OBST_TERRAIN, i}, t->bounds};
    }
    for (int u = 0; u < bf->nunits; u++) {
        const VlFieldUnit *fu = &bf->units[u];
        if (!fu->active)
            continue;
        for (int b = 0; b < fu->fp.nblocks; b++)
            obs[n++] = (Obstacle){fu->fp.blocks[b].p, 4, true, {VL_OBST_UNIT, u}, fu->fp.block_box[b]};
    }
    return n;
}

bool sight_ruled_keep(VlObstacleRef o, void *ctx)
{
    RuledGather *rg = ctx;
    if (o.kind == VL_OBST_TERRAIN) {
        int i = sight_caster_of(rg->bl, o.index);
        if (i >= 0 && rg->bl->state[i] != CASTER_BLOCKS)
            return false;
    }
    return !rg->keep || rg->keep(o, rg->ctx);
}

void sight_run(const VlBattlefield *bf, int from, int to, VlSightFilter keep, void *ctx, const Blind *bl,
               VlSight *out)
{
    memset(out, 0, sizeof *out);
    if (from < 0 || from >= bf->nunits || to < 0 || to >= bf->nunits)
        return;
    const VlFootprint *ff = &bf->units[from].fp, *tf = &bf->units[to].fp;
    VlVec2 f0 = ff->box.p[0], f1 = ff->box.p[1];
    VlVec2 pts[6] = {f0, f1, tf->box.p[0], tf->box.p[1], tf->box.p[2], tf->box.p[3]}, hull[8];
    VlBox box = vl_box_of_points(pts, 6);
    int nh = vl_convex_hull(pts, 6, hull);
    VlHalfPlane hp[8];
    for (int i = 0; i < nh; i++)
        hp[i] = vl_halfplane_left_of(hull[i], hull[(i + 1) % nh]);

    Obstacle stack_obs[STACK_OBSTACLES], stack_near[STACK_OBSTACLES];
    RuledGather rg = {keep, ctx, bl};
    Gather g = {bf, from, to, bl ? sight_ruled_keep : keep, bl ? (void *)&rg : ctx, stack_obs, 0, STACK_OBSTACLES, NULL};
    vl_grid_visit_region(bf, box, hp, nh >= 3 ? nh : 0, sight_gather_visit, &g);
    /* REP-601: the hills that block (not in the grid, which holds the base case's obstacles) */
    for (int i = 0; bl && i < bl->nc; i++) {
        const VlTerrain *t = &bf->terrain[bl->c[i].terrain];
        VlObstacleRef ref = {VL_OBST_TERRAIN, bl->c[i].terrain};
        if (bl->c[i].hill && bl->state[i] == CASTER_BLOCKS && vl_box_overlap(t->bounds, box, VL_EPS) &&
            (!keep || keep(ref, ctx)))
            sight_push_obstacle(&g, (Obstacle){t->pts, t->npts, t->convex, ref, t->bounds});
    }
    Obstacle *near = g.n <= STACK_OBSTACLES ? stack_near : malloc((size_t)g.n * sizeof *near);
    Mask *mk = bl && bl->nmasks ? malloc((size_t)bl->nmasks * sizeof *mk) : NULL;
    if (!near || (bl && bl->nmasks && !mk)) {
        if (near != stack_near)
            free(near);
        free(mk);
        free(g.heap);
        return; /* out of memory: reported as not clear, with no blockers */
    }
    for (int b = 0; b < tf->nblocks; b++)
        if (sight_to_block(f0, f1, &tf->blocks[b], g.obs, g.n, near, NULL, bl ? bl->masks : NULL, bl ? bl->nmasks : 0,
                           mk, out)) {
            out->nblockers = 0;
            break;
        }
    if (bl)
        sight_blind_evidence(bf, bl, from, to, out);
    free(mk);
    if (near != stack_near)
        free(near);
    free(g.heap);
}

void vl_sight_filtered(const VlBattlefield *bf, int from, int to, VlSightFilter keep, void *ctx, VlSight *out)
{
    sight_run(bf, from, to, keep, ctx, NULL, out);
}


/* ---- vl_sight_all: sight_to_block's decision, its steps ordered for many pairs ----
 *
 * A pair is clear when one of the target's blocks is, and each block's answer is sight_to_block's: the
 * same tests on the same obstacles and pivots. Only the order of the work changes, cheapest first:
 *  1. block by block, the quick answers (touching, nothing in the way, a blind zone holding it, the
 *     one-obstacle certificate) and the lines from the ends of F to the corners of T (most clear
 *     pairs stop here);
 *  2. only then, for the blocks still open, the full set of pivots and the rest of the lines, less the
 *     pivots no line of which can decide: shut ones (pivot_shut) and hidden ones (HideMemo). */

/* The obstacles of one pair for vl_sight_all: the terrain (under REP-601, what blocks for this pair) and
 * the units' blocks, the same for every pair but the pair's own (left out as they come). */
typedef struct ObsList {
    const Obstacle *terr;
    int nterr;
    const Obstacle *units;
    int nunits;
} ObsList;

/* near_obstacles over both parts of an ObsList. */
static int near_index(const ObsList *ol, VlBox hb, const VlHalfPlane *hp, int nh, const Skip *skip, Obstacle *near)
{
    int n = near_obstacles(ol->terr, ol->nterr, hb, hp, nh, skip, near);
    return n + near_obstacles(ol->units, ol->nunits, hb, hp, nh, skip, near + n);
}

/* Hidden corners. A corner every segment from F to which enters another obstacle C (the one-obstacle
 * certificate on F and the corner: C convex, apart from F and from the corner, cutting the segments from
 * both ends of F to it) lies on no clear segment from F. A clear segment, slid and turned until stopped
 * (the file comment), is stopped by vertices on it, so the lines through such a corner are never the
 * ones that decide: it is dropped from the pivots. Whether F sees a corner does not depend on the
 * target, so vl_sight_all keeps the answer per firer, with the obstacle that hides the corner: it holds
 * for every target but that obstacle's own unit (which is then no obstacle). */
typedef struct HideMemo {
    const VlVec2 **base; /* each obstacle's corners in storage, sorted by address */
    int *count, *first, nobs;
    unsigned char *state; /* per corner, for the current firer: 0 not asked, 1 not shown hidden, 2 hidden */
    VlObstacleRef *by;    /* for state 2: what hides it */
    int ncorners;
} HideMemo;

enum { HIDE_UNKNOWN, HIDE_NO, HIDE_YES };

/* The corner's number in the memo, or -1 when it is not one of the list's (REP-601's blocking hills). */
static int memo_corner(const HideMemo *hm, const VlVec2 *src)
{
    int a = 0, b = hm->nobs;
    while (a < b) {
        int mid = a + (b - a) / 2;
        if ((uintptr_t)hm->base[mid] <= (uintptr_t)src)
            a = mid + 1;
        else
            b = mid;
    }
    if (a == 0)
        return -1;
    ptrdiff_t off = src - hm->base[a - 1];
    return off >= 0 && off < hm->count[a - 1] ? hm->first[a - 1] + (int)off : -1;
}

/* Does one of near[] hide corner u (stored at src) from F? Its hider into *by. */
static bool corner_hidden(VlVec2 f0, VlVec2 f1, VlVec2 u, const VlVec2 *src, const Obstacle *near, int nnear,
                          VlObstacleRef *by)
{
    VlVec2 face[2] = {f0, f1};
    Seg s0 = seg_of(f0, u), s1 = seg_of(f1, u);
    for (int k = 0; k < nnear; k++) {
        const Obstacle *o = &near[k];
        if (!o->convex || (src >= o->p && src < o->p + o->n))
            continue;
        if (!seg_cut(o, &s0) || !seg_cut(o, &s1))
            continue;
        if (vl_convex_apart(o->p, o->n, face, 2) && vl_convex_apart(o->p, o->n, &u, 1)) {
            *by = o->ref;
            return true;
        }
    }
    return false;
}

/* The last obstacles that settled a block alone, for one firer (vl_sight_all). Neighbours in a
 * brigade are often hidden by the same few units: these are tried before the obstacles near the pair
 * are listed. An obstacle that passes the certificate reaches into the hull, so it is one of those
 * the list would hold, and the block is blocked whatever else is near. */
#define SOLOS 4
typedef struct Solos {
    Obstacle o[SOLOS];
    int n, next;
} Solos;

/* One target block of a pair between the steps. */
typedef struct BlockJob {
    const VlQuad *t;
    int nh;
    VlVec2 hull[8];
    VlHalfPlane hp[8];
    Obstacle *near;
    int nnear;
    Mask *mk;
    int nm;
    int last; /* the obstacle that blocked the last line tried */
    HideMemo *hm; /* NULL: no hidden corners dropped */
    int target;   /* the target unit (a hider of that unit does not count) */
    bool terrain_varies; /* REP-601: a feature that hides for one pair may be seen over for another */
    const VlVec2 **solo;  /* the corners of the obstacle that last settled a block of this firer alone */
    Solos *solos;         /* the last few obstacles that settled a block of this firer alone */
} BlockJob;

enum { JOB_OPEN, JOB_CLEAR, JOB_BLOCKED };

/* sight_to_block up to its lines: JOB_CLEAR or JOB_BLOCKED when that settles the block, else JOB_OPEN
 * with the block's hull, obstacles and blind zones in jb (jb->near and jb->mk supplied by the caller). */
static int job_prepare(BlockJob *jb, VlVec2 f0, VlVec2 f1, const VlQuad *t, const ObsList *ol, const Skip *skip,
                       const Mask *masks, int nmasks)
{
    VlVec2 face[2] = {f0, f1}, pts[6] = {f0, f1, t->p[0], t->p[1], t->p[2], t->p[3]};
    jb->t = t;
    jb->last = -1;
    jb->nnear = jb->nm = 0;
    if (!vl_convex_apart(face, 2, t->p, 4))
        return JOB_CLEAR;
    VlBox tb = vl_box_of_points(t->p, 4);
    for (int k = 0; k < nmasks; k++) {
        const Mask *z = &masks[k];
        if (!vl_box_overlap(z->box, tb, VL_EPS) || vl_convex_apart(z->p, z->n, t->p, 4))
            continue;
        bool inside = true;
        for (int i = 0; i < 4 && inside; i++)
            inside = vl_poly_point_side(z->p, z->n, t->p[i]) > 0;
        if (inside)
            return JOB_BLOCKED;
        jb->mk[jb->nm++] = *z;
    }
    jb->nh = vl_convex_hull(pts, 6, jb->hull);
    VlBox hb = vl_box_of_points(jb->hull, jb->nh);
    /* The edges for the obstacle filter with the bridges (one end on F, one on T) first: an obstacle
     * inside H's box but not in H is most often outside a bridge, and the filter stops at the first
     * edge it is outside (which edge does not change the answer). */
    VlHalfPlane order[8];
    int nb = 0, nr = jb->nh;
    for (int i = 0; i < jb->nh; i++) {
        VlVec2 a = jb->hull[i], b = jb->hull[(i + 1) % jb->nh];
        jb->hp[i] = vl_halfplane_left_of(a, b);
        if (is_face_end(a, f0, f1) != is_face_end(b, f0, f1))
            order[nb++] = jb->hp[i];
        else
            order[--nr] = jb->hp[i];
    }
    Seg bridges[2];
    if (jb->solos && jb->solos->n && hull_bridges(f0, f1, jb->hull, jb->nh, bridges))
        for (int i = 0; i < jb->solos->n; i++) {
            const Obstacle *o = &jb->solos->o[i];
            /* the pair's own units are no obstacle; under REP-601 a feature may be seen over here */
            if (o->ref.kind == VL_OBST_UNIT ? o->ref.index == skip->from || o->ref.index == skip->to
                                            : jb->terrain_varies)
                continue;
            if (blocks_alone(o, f0, f1, t, bridges))
                return JOB_BLOCKED;
        }
    jb->nnear = near_index(ol, hb, order, jb->nh, skip, jb->near);
    if (jb->nnear == 0 && jb->nm == 0)
        return JOB_CLEAR;
    /* The obstacle that settled the firer's last block alone is tried first: the targets come in the
     * units' order, so neighbours of a brigade, often hidden behind the same unit, follow one another. */
    int first = -1;
    for (int k = 0; k < jb->nnear && *jb->solo; k++)
        if (jb->near[k].p == *jb->solo) {
            first = k;
            break;
        }
    int solo = single_blocker(f0, f1, t, jb->hull, jb->nh, jb->near, jb->nnear, first);
    if (solo >= 0) {
        *jb->solo = jb->near[solo].p;
        if (jb->solos) {
            jb->solos->o[jb->solos->next] = jb->near[solo];
            jb->solos->next = (jb->solos->next + 1) % SOLOS;
            jb->solos->n += jb->solos->n < SOLOS;
        }
        return JOB_BLOCKED;
    }
    return JOB_OPEN;
}

/* Is every direction d[0..n-1] strictly inside the corner's angle between e1 and e2 (or all inside the
 * opposite angle), by a margin that outlasts the tolerance? */
static bool inside_corner(VlVec2 e1, VlVec2 e2, const VlVec2 *d, int n)
{
    double turn = vl_v2_cross(e1, e2);
    if (turn == 0)
        return false;
    double m1 = 1e-7 + 1e-6 * vl_v2_len(e1), m2 = 1e-7 + 1e-6 * vl_v2_len(e2);
    int way = 0;
    for (int k = 0; k < n; k++) {
        double len = vl_v2_len(d[k]);
        if (!(len > 1e-2))
            return false;
        double a = vl_v2_cross(e1, d[k]) / len, b = vl_v2_cross(d[k], e2) / len;
        if (fabs(a) <= m1 || fabs(b) <= m2)
            return false;
        int w = (a > 0) == (turn > 0) && (b > 0) == (turn > 0) ? 1 : (a > 0) != (turn > 0) && (b > 0) != (turn > 0) ? -1 : 0;
        if (w == 0 || (way != 0 && w != way))
            return false;
        way = w;
    }
    return true;
}

/* A pivot every line of which toward F, or toward T, runs between its neighbours beyond doubt: try_line
 * refuses each line through it (pivot_allows, or the line misses F or T), so none need be tried. The
 * directions from it to F (or T) fill the angle between those to F's ends (T's corners), and a line is
 * between the neighbours for the whole of that angle when it is at its ends (the sine is concave); the
 * margins in inside_corner cover the tolerance of "meeting" F or T. */
static bool pivot_shut(const Pivot *v, VlVec2 f0, VlVec2 f1, const VlQuad *t)
{
    if (v->any_line)
        return false;
    VlVec2 e1 = vl_v2_sub(v->prev, v->p), e2 = vl_v2_sub(v->next, v->p);
    VlVec2 df[2] = {vl_v2_sub(f0, v->p), vl_v2_sub(f1, v->p)};
    if (inside_corner(e1, e2, df, 2))
        return true;
    VlVec2 dt[4];
    for (int k = 0; k < 4; k++)
        dt[k] = vl_v2_sub(t->p[k], v->p);
    return inside_corner(e1, e2, dt, 4);
}

/* sight_to_block's lines through pivots V[i], V[j] (i < j) of one pass: 0, from an end of F (V[0], V[1])
 * to a corner of T (V[2] .. V[5]); 1, the rest. True at the first clear one. Lines through a shut pivot,
 * and lines try_line's first test would find missing F, are passed over here (try_line would refuse
 * them: the same test, on the same numbers). */
static bool job_lines(BlockJob *jb, VlVec2 f0, VlVec2 f1, const Pivot *V, int m, int pass)
{
    bool shut_stack[STACK_PIVOTS], *shut = m <= STACK_PIVOTS ? shut_stack : malloc((size_t)m);
    for (int i = 0; i < m; i++) {
        if (!shut)
            break;
        shut[i] = pass == 1 && pivot_shut(&V[i], f0, f1, jb->t);
        if (pass != 1 || shut[i] || V[i].any_line || !V[i].src || !jb->hm)
            continue;
        HideMemo *hm = jb->hm;
        int id = memo_corner(hm, V[i].src);
        if (id >= 0 && hm->state[id] == HIDE_YES &&
            (hm->by[id].kind == VL_OBST_UNIT ? hm->by[id].index != jb->target : !jb->terrain_varies)) {
            shut[i] = true;
            continue;
        }
        if (id >= 0 && hm->state[id] == HIDE_NO)
            continue;
        VlObstacleRef by;
        shut[i] = corner_hidden(f0, f1, V[i].p, V[i].src, jb->near, jb->nnear, &by);
        if (id >= 0 && hm->state[id] == HIDE_UNKNOWN &&
            (!shut[i] || by.kind == VL_OBST_UNIT || !jb->terrain_varies)) {
            hm->state[id] = shut[i] ? HIDE_YES : HIDE_NO;
            hm->by[id] = by;
        }
    }
    bool found = false;
    for (int i = 0; i < m && !found; i++) {
        if (shut && shut[i])
            continue;
        VlVec2 u = V[i].p, a0 = vl_v2_sub(f0, u), a1 = vl_v2_sub(f1, u);
        for (int j = i + 1; j < m; j++) {
            bool first = i < 2 && j >= 2 && j < 6;
            if (first != (pass == 0) || (shut && shut[j]))
                continue;
            VlVec2 dir = vl_v2_sub(V[j].p, u);
            double lim = 4 * VL_EPS * VL_EPS * vl_v2_dot(dir, dir);
            double c0 = vl_v2_cross(dir, a0), c1 = vl_v2_cross(dir, a1);
            if (((c0 > 0 && c1 > 0) || (c0 < 0 && c1 < 0)) && c0 * c0 > lim && c1 * c1 > lim)
                continue;
            LineResult r = try_line(&V[i], &V[j], f0, f1, jb->t, jb->near, jb->nnear, jb->last, jb->mk, jb->nm);
            if (!r.met)
                continue;
            if (r.clear) {
                found = true;
                break;
            }
            if (r.blocker >= 0)
                jb->last = r.blocker;
        }
    }
    if (shut != shut_stack)
        free(shut);
    return found;
}

/* Is the target (footprint tf) in sight of the face f0 f1, by the steps above? ol: every obstacle (the
 * units of skip left out as they come); near: room for VL_MAX_BASES lists of all of ol; mk: VL_MAX_BASES
 * lists of nmasks. */
static bool pair_clear(VlVec2 f0, VlVec2 f1, const VlFootprint *tf, const ObsList *ol, const Skip *skip,
                       Obstacle *near, const Mask *masks, int nmasks, Mask *mk, HideMemo *hm, bool terrain_varies,
                       const VlVec2 **solo, Solos *solos)
{
    BlockJob jobs[VL_MAX_BASES];
    int open[VL_MAX_BASES], nopen = 0;
    for (int b = 0; b < tf->nblocks; b++) {
        BlockJob *jb = &jobs[b];
        jb->near = near + (size_t)b * (size_t)(ol->nterr + ol->nunits);
        jb->mk = mk ? mk + (size_t)b * (size_t)nmasks : NULL;
        jb->hm = hm;
        jb->target = skip->to;
        jb->terrain_varies = terrain_varies;
        jb->solo = solo;
        jb->solos = solos;
        int st = job_prepare(jb, f0, f1, &tf->blocks[b], ol, skip, masks, nmasks);
        if (st == JOB_CLEAR)
            return true;
        if (st == JOB_BLOCKED)
            continue;
        Pivot ends[6] = {{f0, f0, f0, true, NULL}, {f1, f1, f1, true, NULL}};
        for (int i = 0; i < 4; i++)
            ends[2 + i] = (Pivot){jb->t->p[i], jb->t->p[i], jb->t->p[i], true, NULL};
        if (job_lines(jb, f0, f1, ends, 6, 0))
            return true;
        open[nopen++] = b;
    }
    bool found = false;
    for (int k = 0; k < nopen && !found; k++) {
        BlockJob *jb = &jobs[open[k]];
        Pivot stack[STACK_PIVOTS], *V = stack;
        int cap = pivot_room(jb->near, jb->nnear, jb->mk, jb->nm);
        if (cap > STACK_PIVOTS && !(V = malloc((size_t)cap * sizeof *V)))
            V = stack, cap = STACK_PIVOTS; /* out of memory: fewer pivots, never an overrun */
        int m = gather_pivots(f0, f1, jb->t, jb->near, jb->nnear, jb->hp, jb->nh, true, jb->mk, jb->nm, V, cap);
        found = job_lines(jb, f0, f1, V, m, 1);
        if (V != stack)
            free(V);
    }
    return found;
}

/* What every worker of sight_all shares: read-only but for the next row to take and the rows' answers. */
typedef struct AllShared {
    const VlBattlefield *bf;
    bool blind;
    Blind *bl0; /* the caller's REP-601 state, for worker 0 */
    const Obstacle *all;
    int nall, nterr;
    const HideMemo *hm; /* the memo's index (base, count, first); each worker keeps its own states */
    const bool *on;     /* REP-601: the hills under each unit */
    const int *level;
    bool *clear;
    atomic_int next;  /* the next firer's row to take */
    atomic_bool fail; /* a worker ran out of memory */
} AllShared;

/* One worker: takes firers' rows until none is left, each row's answers into sh->clear. bl: the worker's
 * own REP-601 state (sight_blind_pair writes it), or NULL without blind zones. Rows do not depend on one
 * another (each firer starts its memo afresh), so how rows are shared out never changes an answer. */
static bool all_rows(AllShared *sh, Blind *bl)
{
    const VlBattlefield *bf = sh->bf;
    int n = bf->nunits, nall = sh->nall, nterr = sh->nterr;
    const Obstacle *all = sh->all;
    size_t cap = (size_t)nall + 1;
    Obstacle *near = malloc(cap * VL_MAX_BASES * sizeof *near), *mine = sh->blind ? malloc(cap * sizeof *mine) : NULL;
    Mask *mk = sh->blind ? malloc(((size_t)bl->nc + 1) * VL_MAX_BASES * sizeof *mk) : NULL;
    HideMemo hm = sh->hm ? *sh->hm : (HideMemo){0};
    size_t nc = (size_t)(hm.ncorners ? hm.ncorners : 1);
    hm.state = sh->hm ? malloc(nc) : NULL;
    hm.by = sh->hm ? malloc(nc * sizeof *hm.by) : NULL;
    bool hm_ok = sh->hm && hm.state && hm.by;
    bool ok = near && (!sh->blind || (mine && mk));
    ObsList base = {all, nterr, all + nterr, nall - nterr};
    for (int i; ok && !atomic_load(&sh->fail) && (i = atomic_fetch_add(&sh->next, 1)) < n;) {
        const VlFootprint *ff = &bf->units[i].fp;
        VlVec2 f0 = ff->box.p[0], f1 = ff->box.p[1];
        if (hm_ok)
            memset(hm.state, HIDE_UNKNOWN, nc);
        const VlVec2 *solo = NULL;
        Solos solos = {.n = 0, .next = 0};
        for (int j = 0; j < n; j++) {
            bool c = false;
            if (j != i) {
                const VlFootprint *tf = &bf->units[j].fp;
                Skip skip = {i, j};
                ObsList ol = base;
                if (sh->blind) {
                    /* this pair's obstacles: the base list less what is seen over, plus blocking hills */
                    sight_blind_pair(bf, bl, i, 2 * sh->level[i], 2 * sh->level[j], sh->on + (size_t)i * (size_t)bl->nc,
                                     sh->on + (size_t)j * (size_t)bl->nc, &bf->units[j].bounds);
                    int nobs = 0;
                    for (int k = 0; k < nterr; k++) {
                        int ci = all[k].ref.kind == VL_OBST_TERRAIN ? sight_caster_of(bl, all[k].ref.index) : -1;
                        if (ci < 0 || bl->state[ci] == CASTER_BLOCKS)
                            mine[nobs++] = all[k];
                    }
                    for (int k = 0; k < bl->nc; k++)
                        if (bl->c[k].hill && bl->state[k] == CASTER_BLOCKS) {
                            const VlTerrain *t = &bf->terrain[bl->c[k].terrain];
                            mine[nobs++] = (Obstacle){t->pts, t->npts, t->convex, {VL_OBST_TERRAIN, bl->c[k].terrain}, t->bounds};
                        }
                    ol.terr = mine;
                    ol.nterr = nobs;
                }
                c = pair_clear(f0, f1, tf, &ol, &skip, near, sh->blind ? bl->masks : NULL, sh->blind ? bl->nmasks : 0, mk,
                               hm_ok ? &hm : NULL, sh->blind, &solo, &solos);
            }
            sh->clear[(size_t)i * (size_t)n + (size_t)j] = c;
        }
    }
    free(near);
    free(mine);
    free(mk);
    free(hm.state);
    free(hm.by);
    if (!ok)
        atomic_store(&sh->fail, true);
    return ok;
}

/* vl_parallel_run's work: worker 0 uses the caller's REP-601 state, the others their own. */
static void all_work(void *ctx, int worker)
{
    AllShared *sh = ctx;
    if (worker == 0 || !sh->blind) {
        all_rows(sh, worker == 0 ? sh->bl0 : NULL);
        return;
    }
    Blind bl = {0};
    if (sight_blind_init(sh->bf, &bl))
        all_rows(sh, &bl);
    else
        atomic_store(&sh->fail, true);
    sight_blind_free(&bl);
}

static bool sight_all(const VlBattlefield *bf, const VlSightRules *rules, int threads, bool *clear)
{
    int n = bf->nunits;
    bool blind = rules && rules->blind_zones;
    size_t cap = (size_t)bf->nterrain + (size_t)bf->nunits * VL_MAX_BASES;
    Obstacle *all = malloc((cap ? cap : 1) * sizeof *all);
    Blind bl = {0};
    bool *on = NULL;
    int *level = NULL;
    bool ok = all != NULL;
    if (ok && blind) {
        ok = sight_blind_init(bf, &bl) && (on = malloc(((size_t)n * (size_t)bl.nc + 1) * sizeof *on)) &&
             (level = malloc(((size_t)n + 1) * sizeof *level));
        for (int u = 0; ok && u < n; u++) {
            sight_hills_under(bf, &bl, u, on + (size_t)u * (size_t)bl.nc);
            level[u] = vl_battlefield_level_under(bf, &bf->units[u].fp);
        }
    }
    if (!ok) {
        free(all);
        free(on);
        free(level);
        sight_blind_free(&bl);
        return false;
    }
    int nall = all_obstacles(bf, all);
    /* all_obstacles lists the terrain first, then the units' blocks */
    int nterr = 0;
    while (nterr < nall && all[nterr].ref.kind == VL_OBST_TERRAIN)
        nterr++;
    /* the memo of hidden corners: every corner of the list, found by where it is stored */
    HideMemo hm = {0};
    int *order = malloc((size_t)(nall ? nall : 1) * sizeof *order);
    hm.base = malloc((size_t)(nall ? nall : 1) * sizeof *hm.base);
    hm.count = malloc((size_t)(nall ? nall : 1) * sizeof *hm.count);
    hm.first = malloc((size_t)(nall ? nall : 1) * sizeof *hm.first);
    bool hm_ok = order && hm.base && hm.count && hm.first;
    if (hm_ok) {
        /* insertion sort by address: the list is a few hundred long, and this runs once */
        for (int k = 0; k < nall; k++) {
            int q = k;
            while (q > 0 && (uintptr_t)all[order[q - 1]].p > (uintptr_t)all[k].p) {
                order[q] = order[q - 1];
                q--;
            }
            order[q] = k;
        }
        int at = 0;
        for (int q = 0; q < nall; q++) {
            hm.base[q] = all[order[q]].p;
            hm.count[q] = all[order[q]].n;
            hm.first[q] = at;
            at += all[order[q]].n;
        }
        hm.nobs = nall;
        hm.ncorners = at;
    }
    AllShared sh = {bf, blind, blind ? &bl : NULL, all, nall, nterr, hm_ok ? &hm : NULL, on, level, clear, 0, false};
    vl_parallel_run((long)n * (n - 1) < VL_SIGHT_THREAD_MIN_PAIRS ? 1 : threads, all_work, &sh);
    free(order);
    free(hm.base);
    free(hm.count);
    free(hm.first);
    free(all);
    free(on);
    free(level);
    sight_blind_free(&bl);
    return !atomic_load(&sh.fail);
}

bool vl_sight_all(const VlBattlefield *bf, bool *clear) { return sight_all(bf, NULL, 0, clear); }

bool vl_sight_all_ruled(const VlBattlefield *bf, const VlSightRules *rules, bool *clear)
{
    return sight_all(bf, rules, 0, clear);
}

bool vl_sight_all_threads(const VlBattlefield *bf, const VlSightRules *rules, int threads, bool *clear)
{
    return sight_all(bf, rules, threads, clear);
}
