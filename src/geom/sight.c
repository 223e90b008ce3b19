/* Exact line of fire / sight (GEOMETRY.md "Line of fire / sight"; GOR-ART-1, GOR-FIRE-1).
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
 * A uniform grid keeps V small: only obstacles that reach into the convex hull of F and T can cut a
 * segment between them. */
#include "battlefield_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Obstacle {
    const VlVec2 *p;
    int n;
    bool convex;
    VlObstacleRef ref;
} Obstacle;

typedef struct Gather {
    const VlBattlefield *bf;
    int from, to;
    Obstacle *obs;
    int n, cap;
    bool nomem;
} Gather;

static bool push_obstacle(Gather *g, Obstacle o)
{
    if (g->n == g->cap) {
        int cap = g->cap ? g->cap * 2 : 32;
        Obstacle *arr = realloc(g->obs, (size_t)cap * sizeof *arr);
        if (!arr) {
            g->nomem = true;
            return false;
        }
        g->obs = arr;
        g->cap = cap;
    }
    g->obs[g->n++] = o;
    return true;
}

static bool gather_visit(int item, void *ctx)
{
    Gather *g = ctx;
    if (item < 0) {
        const VlTerrain *t = &g->bf->terrain[-item - 1];
        return push_obstacle(g, (Obstacle){t->pts, t->npts, false, {VL_OBST_TERRAIN, -item - 1}});
    }
    if (item == g->from || item == g->to)
        return true;
    const VlFootprint *fp = &g->bf->units[item].fp;
    for (int b = 0; b < fp->nblocks; b++)
        if (!push_obstacle(g, (Obstacle){fp->blocks[b].p, 4, true, {VL_OBST_UNIT, item}}))
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
    for (int i = 0; i < n; i++) {
        VlVec2 pa = p[i], pb = p[(i + 1) % n];
        double sa = side_of(u, d, pa), sb = side_of(u, d, pb);
        if (fabs(sa) <= VL_EPS) {
            double t = along(u, d, pa);
            a = fmin(a, t);
            b = fmax(b, t);
        }
        if ((sa > VL_EPS && sb < -VL_EPS) || (sa < -VL_EPS && sb > VL_EPS)) {
            double t = along(u, d, vl_v2_lerp(pa, pb, sa / (sa - sb)));
            a = fmin(a, t);
            b = fmax(b, t);
        }
    }
    *lo = a;
    *hi = b;
    return a <= b;
}

/* Does the open stretch (a, b) of the line enter the interior of obstacle o? */
static bool obstacle_cuts(const Obstacle *o, VlVec2 u, VlVec2 d, double a, double b)
{
    /* A line that does not have vertices strictly on both sides only grazes: clear. */
    bool left = false, right = false;
    for (int i = 0; i < o->n; i++) {
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
        return fmin(hi, b) - fmax(lo, a) > VL_EPS;
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
        double t0 = fmax(ts[i], a), t1 = fmin(ts[i + 1], b);
        if (t1 - t0 <= VL_EPS)
            continue;
        if (vl_poly_point_side(o->p, o->n, vl_v2_mad(u, d, 0.5 * (t0 + t1))) > 0)
            return true;
    }
    return false;
}

typedef struct LineResult {
    bool met;     /* the line meets both F and T */
    bool clear;
    VlVec2 p, q;  /* the gap's ends: p on F, q on T */
    int blocker;  /* index into the obstacle list, or -1 */
} LineResult;

static LineResult try_line(VlVec2 u, VlVec2 v, VlVec2 f0, VlVec2 f1, const VlQuad *t, const Obstacle *obs,
                           int nobs)
{
    LineResult r = {false, false, {0, 0}, {0, 0}, -1};
    VlVec2 dir = vl_v2_sub(v, u);
    double len = vl_v2_len(dir);
    if (len <= VL_EPS)
        return r;
    VlVec2 d = vl_v2_scale(dir, 1.0 / len);
    /* L ∩ F */
    double s0 = side_of(u, d, f0), s1 = side_of(u, d, f1), flo, fhi;
    if (fabs(s0) <= VL_EPS && fabs(s1) <= VL_EPS) {
        flo = fmin(along(u, d, f0), along(u, d, f1));
        fhi = fmax(along(u, d, f0), along(u, d, f1));
    } else if (fabs(s0) <= VL_EPS) {
        flo = fhi = along(u, d, f0);
    } else if (fabs(s1) <= VL_EPS) {
        flo = fhi = along(u, d, f1);
    } else if ((s0 > 0) != (s1 > 0)) {
        flo = fhi = along(u, d, vl_v2_lerp(f0, f1, s0 / (s0 - s1)));
    } else {
        return r;
    }
    /* L ∩ T */
    double tlo, thi;
    if (!line_convex_interval(u, d, t->p, 4, &tlo, &thi))
        return r;
    r.met = true;
    double a, b;
    if (fhi < tlo) {
        a = fhi;
        b = tlo;
        r.p = vl_v2_mad(u, d, a);
        r.q = vl_v2_mad(u, d, b);
    } else if (thi < flo) {
        a = thi;
        b = flo;
        r.p = vl_v2_mad(u, d, b);
        r.q = vl_v2_mad(u, d, a);
    } else {
        /* F reaches into T along this line: a zero-length sight line. */
        double m = fmax(flo, tlo);
        r.p = r.q = vl_v2_mad(u, d, m);
        r.clear = true;
        return r;
    }
    for (int k = 0; k < nobs; k++)
        if (obstacle_cuts(&obs[k], u, d, a, b)) {
            r.blocker = k;
            return r;
        }
    r.clear = true;
    return r;
}

static void add_blocker(VlSight *out, VlObstacleRef ref)
{
    for (int i = 0; i < out->nblockers; i++)
        if (out->blockers[i].kind == ref.kind && out->blockers[i].index == ref.index)
            return;
    if (out->nblockers < VL_SIGHT_MAX_BLOCKERS)
        out->blockers[out->nblockers++] = ref;
}

/* Convex hull of a few points (Andrew's monotone chain), counter-clockwise. */
static int hull_of(VlVec2 *pts, int n, VlVec2 *h)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (pts[j].x < pts[j - 1].x || (pts[j].x == pts[j - 1].x && pts[j].y < pts[j - 1].y));
             j--) {
            VlVec2 t = pts[j];
            pts[j] = pts[j - 1];
            pts[j - 1] = t;
        }
    int k = 0;
    for (int i = 0; i < n; i++) {
        while (k >= 2 && vl_v2_cross(vl_v2_sub(h[k - 1], h[k - 2]), vl_v2_sub(pts[i], h[k - 2])) <= 0)
            k--;
        h[k++] = pts[i];
    }
    for (int i = n - 2, lo = k + 1; i >= 0; i--) {
        while (k >= lo && vl_v2_cross(vl_v2_sub(h[k - 1], h[k - 2]), vl_v2_sub(pts[i], h[k - 2])) <= 0)
            k--;
        h[k++] = pts[i];
    }
    return k > 1 ? k - 1 : k;
}

/* Search one target block. Returns true when a clear segment was found (stored in out). */
static bool sight_to_block(VlVec2 f0, VlVec2 f1, const VlQuad *t, const Obstacle *all, int nall, Obstacle *near,
                           VlSight *out, VlVec2 **verts, int *cap_verts)
{
    VlVec2 face[2] = {f0, f1}, pts[6] = {f0, f1, t->p[0], t->p[1], t->p[2], t->p[3]}, hull[8];
    VlVec2 pa, pb;
    if (vl_convex_closest(face, 2, t->p, 4, &pa, &pb) == 0) {
        out->clear = true;
        out->witness[0] = pa;
        out->witness[1] = pb;
        return true;
    }
    int nh = hull_of(pts, 6, hull);
    VlBox hb = vl_box_of_points(hull, nh);
    int nnear = 0, nv = 6;
    for (int k = 0; k < nall; k++) {
        const Obstacle *o = &all[k];
        VlBox ob = vl_box_of_points(o->p, o->n);
        if (!vl_box_overlap(ob, hb, VL_EPS))
            continue;
        if (o->convex && vl_convex_distance(o->p, o->n, hull, nh) > 0)
            continue;
        near[nnear++] = *o;
        nv += o->n;
    }
    if (nnear == 0) {
        out->clear = true;
        out->witness[0] = pa;
        out->witness[1] = pb;
        return true;
    }
    if (nv > *cap_verts) {
        VlVec2 *v = realloc(*verts, (size_t)nv * sizeof *v);
        if (!v)
            return false;
        *verts = v;
        *cap_verts = nv;
    }
    VlVec2 *V = *verts;
    V[0] = f0;
    V[1] = f1;
    for (int i = 0; i < 4; i++)
        V[2 + i] = t->p[i];
    int m = 6;
    for (int k = 0; k < nnear; k++)
        for (int i = 0; i < near[k].n; i++)
            V[m++] = near[k].p[i];
    /* Lines through an end of F and a corner of T first: the likeliest clear ones. Then the rest. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < m; i++)
            for (int j = i + 1; j < m; j++) {
                bool first = i < 2 && j >= 2 && j < 6;
                if (first != (pass == 0))
                    continue;
                out->lines_tested++;
                LineResult r = try_line(V[i], V[j], f0, f1, t, near, nnear);
                if (!r.met)
                    continue;
                if (r.clear) {
                    out->clear = true;
                    out->witness[0] = r.p;
                    out->witness[1] = r.q;
                    return true;
                }
                if (r.blocker >= 0)
                    add_blocker(out, near[r.blocker].ref);
            }
    return false;
}

void vl_sight(const VlBattlefield *bf, int from, int to, VlSight *out)
{
    memset(out, 0, sizeof *out);
    if (from < 0 || from >= bf->nunits || to < 0 || to >= bf->nunits)
        return;
    const VlFootprint *ff = &bf->units[from].fp, *tf = &bf->units[to].fp;
    VlVec2 f0 = ff->box.p[0], f1 = ff->box.p[1];
    VlVec2 pts[6] = {f0, f1, tf->box.p[0], tf->box.p[1], tf->box.p[2], tf->box.p[3]};
    VlBox box = vl_box_of_points(pts, 6);

    Gather g = {bf, from, to, NULL, 0, 0, false};
    vl_grid_visit(bf, box, gather_visit, &g);
    Obstacle *near = g.n ? malloc((size_t)g.n * sizeof *near) : NULL;
    VlVec2 *verts = NULL;
    int cap_verts = 0;
    for (int b = 0; b < tf->nblocks; b++)
        if (sight_to_block(f0, f1, &tf->blocks[b], g.obs, g.n, near, out, &verts, &cap_verts)) {
            out->nblockers = 0;
            break;
        }
    free(verts);
    free(near);
    free(g.obs);
}
