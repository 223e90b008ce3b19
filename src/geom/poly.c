/* Polygon tools. Convex routines accept either winding; simple-polygon routines accept concave
 * polygons. Closed-set tests use VL_EPS (see geom.h). */
#include "volley/geom.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

double vl_point_segment_dist(VlVec2 p, VlVec2 a, VlVec2 b)
{
    VlVec2 ab = vl_v2_sub(b, a);
    double len2 = vl_v2_dot(ab, ab);
    double t = len2 > 0 ? vl_v2_dot(vl_v2_sub(p, a), ab) / len2 : 0.0;
    if (t < 0)
        t = 0;
    else if (t > 1)
        t = 1;
    return vl_v2_dist(p, vl_v2_mad(a, ab, t));
}

static VlVec2 closest_on_segment(VlVec2 p, VlVec2 a, VlVec2 b)
{
    VlVec2 ab = vl_v2_sub(b, a);
    double len2 = vl_v2_dot(ab, ab);
    double t = len2 > 0 ? vl_v2_dot(vl_v2_sub(p, a), ab) / len2 : 0.0;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    return vl_v2_mad(a, ab, t);
}

/* Separating-axis test for two convex polygons: true when some edge normal separates them by
 * more than VL_EPS, i.e. they neither touch nor overlap. */
static bool convex_separated(const VlVec2 *a, int na, const VlVec2 *b, int nb)
{
    for (int pass = 0; pass < 2; pass++) {
        const VlVec2 *p = pass ? b : a;
        int np = pass ? nb : na;
        for (int i = 0; i < np; i++) {
            VlVec2 e = vl_v2_sub(p[i + 1 < np ? i + 1 : 0], p[i]);
            double len = vl_v2_len(e);
            if (len <= 0)
                continue;
            VlVec2 n = vl_v2_scale(vl_v2_perp(e), 1.0 / len);
            double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
            for (int k = 0; k < na; k++) {
                double d = vl_v2_dot(n, a[k]);
                amin = vl_fmin(amin, d);
                amax = vl_fmax(amax, d);
            }
            for (int k = 0; k < nb; k++) {
                double d = vl_v2_dot(n, b[k]);
                bmin = vl_fmin(bmin, d);
                bmax = vl_fmax(bmax, d);
            }
            if (amax < bmin - VL_EPS || bmax < amin - VL_EPS)
                return true;
        }
    }
    return false;
}

/* vl_convex_closest; separated: convex_separated(a, na, b, nb) is known to be true (the test is
 * a plain function of the polygons, so its answer is the one asking again would give). */
static double closest_of(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 *pa, VlVec2 *pb, bool separated)
{
    VlVec2 qa = a[0], qb = b[0];
    double best = INFINITY;
    /* Separated convex polygons: the least distance is between a vertex of one and an edge of the other. */
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            VlVec2 c = closest_on_segment(a[i], b[j], b[(j + 1) % nb]);
            double d = vl_v2_dist(a[i], c);
            if (d < best) {
                best = d;
                qa = a[i];
                qb = c;
            }
        }
    for (int j = 0; j < nb; j++)
        for (int i = 0; i < na; i++) {
            VlVec2 c = closest_on_segment(b[j], a[i], a[(i + 1) % na]);
            double d = vl_v2_dist(b[j], c);
            if (d < best) {
                best = d;
                qa = c;
                qb = b[j];
            }
        }
    if (best <= VL_EPS || !(separated || convex_separated(a, na, b, nb))) {
        /* Touching or overlapping: a common point is any point of a inside b, or the crossing. */
        if (best > VL_EPS) {
            for (int i = 0; i < na; i++)
                if (vl_poly_point_side(b, nb, a[i]) >= 0) {
                    qa = qb = a[i];
                    goto done;
                }
            for (int j = 0; j < nb; j++)
                if (vl_poly_point_side(a, na, b[j]) >= 0) {
                    qa = qb = b[j];
                    goto done;
                }
            /* Edges cross with no vertex inside (a cross of two bars): a crossing point of two edges. */
            for (int i = 0; i < na; i++)
                for (int j = 0; j < nb; j++) {
                    VlVec2 x;
                    if (vl_segment_crossing(a[i], a[(i + 1) % na], b[j], b[(j + 1) % nb], &x)) {
                        qa = qb = x;
                        goto done;
                    }
                }
        }
    done:
        if (pa)
            *pa = qa;
        if (pb)
            *pb = qb;
        return 0.0;
    }
    if (pa)
        *pa = qa;
    if (pb)
        *pb = qb;
    return best;
}

double vl_convex_closest(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 *pa, VlVec2 *pb)
{
    return closest_of(a, na, b, nb, pa, pb, false);
}

bool vl_convex_apart(const VlVec2 *a, int na, const VlVec2 *b, int nb) { return convex_separated(a, na, b, nb); }

double vl_convex_distance(const VlVec2 *a, int na, const VlVec2 *b, int nb)
{
    if (!convex_separated(a, na, b, nb))
        return 0.0;
    return closest_of(a, na, b, nb, NULL, NULL, true); /* separated: not tested a second time */
}

VlHalfPlane vl_halfplane_left_of(VlVec2 a, VlVec2 b)
{
    VlVec2 n = vl_v2_perp(vl_v2_sub(b, a));
    double len = vl_v2_len(n);
    if (len > 0)
        n = vl_v2_scale(n, 1.0 / len);
    return (VlHalfPlane){n, vl_v2_dot(n, a)};
}

/* The signed distance of p from the half-plane's line (positive inside), as every clip works it out. */
static inline double hp_dist(VlHalfPlane h, VlVec2 p) { return vl_v2_dot(h.n, p) - h.c; }

/* One Sutherland-Hodgman step by h: a point within VL_EPS outside counts as in, and an edge that
 * crosses over is cut where the distance is zero. Each point's distance is worked out once (where
 * the step used to work it out for both edges of a point: the same expression, so the same
 * numbers), or taken from @p d (d[i] = hp_dist(h, in[i])) when the caller has them already. */
static inline int sh_step(const VlVec2 *in, const double *d, VlHalfPlane h, int n, VlVec2 *out)
{
    int m = 0;
    VlVec2 prev = in[n - 1];
    double dp = d ? d[n - 1] : hp_dist(h, prev);
    bool pin = dp >= -VL_EPS;
    for (int i = 0; i < n; i++) {
        VlVec2 cur = in[i];
        double dc = d ? d[i] : hp_dist(h, cur);
        bool cin = dc >= -VL_EPS;
        if (cin != pin) {
            double t = dp / (dp - dc);
            out[m++] = vl_v2_lerp(prev, cur, t);
        }
        if (cin)
            out[m++] = cur;
        prev = cur;
        dp = dc;
        pin = cin;
    }
    return m;
}

int vl_clip_halfplane(const VlVec2 *in, int n, VlHalfPlane h, VlVec2 *out)
{
    return n > 0 ? sh_step(in, NULL, h, n, out) : 0;
}

/* One step of a convex clip of the m points at *src (at most 64) by h, into buf[*which] when anything
 * changes. A step that keeps every point returns them unchanged, as vl_clip_halfplane would copy them
 * (no edge crosses); one that keeps none returns 0. Returns the new count; *src points at the result. */
static int clip_step(const VlVec2 **src, int m, VlHalfPlane h, VlVec2 (*buf)[64], int *which)
{
    double d[64];
    int in = 0;
    for (int i = 0; i < m; i++) {
        d[i] = hp_dist(h, (*src)[i]);
        in += d[i] >= -VL_EPS;
    }
    if (in == m)
        return m;
    if (in == 0)
        return 0;
    VlVec2 *dst = buf[*which];
    *which ^= 1;
    int k = sh_step(*src, d, h, m, dst);
    *src = dst;
    return k;
}

int vl_clip_convex(const VlVec2 *in, int n, const VlHalfPlane *hs, int nh, VlVec2 *out)
{
    VlVec2 buf[2][64];
    if (n + nh > 63)
        return 0;
    const VlVec2 *src = in;
    int m = n, which = 0;
    for (int k = 0; k < nh && m > 0; k++)
        m = clip_step(&src, m, hs[k], buf, &which);
    if (m > 0)
        memmove(out, src, (size_t)m * sizeof *out);
    return m;
}

double vl_poly_signed_area(const VlVec2 *p, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += vl_v2_cross(p[i], p[i + 1 < n ? i + 1 : 0]);
    return 0.5 * s;
}

double vl_convex_overlap_area(const VlVec2 *a, int na, const VlVec2 *b, int nb)
{
    if (nb > 32 || na + nb > 63)
        return 0;
    bool ccw = vl_poly_signed_area(b, nb) > 0;
    /* vl_clip_convex of a by b's half-planes, each made only when the clip reaches it (a clip that
     * has kept nothing stops): the same half-planes and steps, so the same area. */
    VlVec2 buf[2][64];
    const VlVec2 *src = a;
    int m = na, which = 0;
    for (int j = 0; j < nb && m > 0; j++) {
        VlVec2 p = b[j], q = b[j + 1 < nb ? j + 1 : 0];
        VlHalfPlane h = ccw ? vl_halfplane_left_of(p, q) : vl_halfplane_left_of(q, p);
        m = clip_step(&src, m, h, buf, &which);
    }
    return m >= 3 ? fabs(vl_poly_signed_area(src, m)) : 0.0;
}

int vl_poly_point_side(const VlVec2 *p, int n, VlVec2 q)
{
    bool inside = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        if (vl_point_segment_dist(q, p[j], p[i]) <= VL_EPS)
            return 0;
        if ((p[i].y > q.y) != (p[j].y > q.y)) {
            double x = p[j].x + (q.y - p[j].y) * (p[i].x - p[j].x) / (p[i].y - p[j].y);
            if (q.x < x)
                inside = !inside;
        }
    }
    return inside ? 1 : -1;
}

static double seg_seg_dist(VlVec2 a, VlVec2 b, VlVec2 c, VlVec2 d)
{
    double d1 = vl_v2_cross(vl_v2_sub(b, a), vl_v2_sub(c, a));
    double d2 = vl_v2_cross(vl_v2_sub(b, a), vl_v2_sub(d, a));
    double d3 = vl_v2_cross(vl_v2_sub(d, c), vl_v2_sub(a, c));
    double d4 = vl_v2_cross(vl_v2_sub(d, c), vl_v2_sub(b, c));
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
        return 0.0;
    double m = vl_point_segment_dist(a, c, d);
    m = vl_fmin(m, vl_point_segment_dist(b, c, d));
    m = vl_fmin(m, vl_point_segment_dist(c, a, b));
    m = vl_fmin(m, vl_point_segment_dist(d, a, b));
    return m;
}

bool vl_segments_touch(VlVec2 a, VlVec2 b, VlVec2 c, VlVec2 d) { return seg_seg_dist(a, b, c, d) <= VL_EPS; }

bool vl_poly_is_simple(const VlVec2 *p, int n, char *why, int why_size)
{
    if (n < 3) {
        snprintf(why, (size_t)why_size, "a polygon needs at least 3 points, this one has %d", n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (vl_v2_dist(p[i], p[(i + 1) % n]) <= VL_EPS) {
            snprintf(why, (size_t)why_size,
                     "points %d and %d are the same place%s", i, (i + 1) % n,
                     (i + 1) % n == 0 ? " (do not repeat the first point at the end; the ring closes itself)" : "");
            return false;
        }
    }

    for (int i = 0; i < n; i++) {
        VlVec2 a = p[i], b = p[(i + 1) % n];
        for (int j = i + 1; j < n; j++) {
            VlVec2 c = p[j], d = p[(j + 1) % n];
            bool adjacent = j == i + 1 || (i == 0 && j == n - 1);
            if (adjacent) {
                /* Neighbours share a vertex; they must not fold back over each other. */
                VlVec2 shared = j == i + 1 ? b : a;
                VlVec2 u = j == i + 1 ? vl_v2_sub(a, shared) : vl_v2_sub(b, shared);
                VlVec2 v = j == i + 1 ? vl_v2_sub(d, shared) : vl_v2_sub(c, shared);
                double cr = vl_v2_cross(u, v) / (vl_v2_len(u) * vl_v2_len(v));
                if (fabs(cr) <= 1e-12 && vl_v2_dot(u, v) > 0) {
                    snprintf(why, (size_t)why_size, "edges %d and %d fold back over each other", i, j);
                    return false;
                }
                continue;
            }
            if (seg_seg_dist(a, b, c, d) <= VL_EPS) {
                snprintf(why, (size_t)why_size,
                         "edge %d (%g,%g)-(%g,%g) touches or crosses edge %d (%g,%g)-(%g,%g)", i, a.x, a.y, b.x,
                         b.y, j, c.x, c.y, d.x, d.y);
                return false;
            }
        }
    }
    /* Checked after the crossings, so that a symmetric bow-tie (whose signed area is zero) is
     * reported as the crossing it is. */
    if (fabs(vl_poly_signed_area(p, n)) <= VL_EPS) {
        snprintf(why, (size_t)why_size, "the polygon has no area (its points lie on one line)");
        return false;
    }
    return true;
}

bool vl_poly_is_convex(const VlVec2 *p, int n)
{
    int sign = 0;
    for (int i = 0; i < n; i++) {
        double c = vl_v2_cross(vl_v2_sub(p[(i + 1) % n], p[i]), vl_v2_sub(p[(i + 2) % n], p[(i + 1) % n]));
        int sg = c > 0 ? 1 : (c < 0 ? -1 : 0);
        if (sg && sign && sg != sign)
            return false;
        if (sg)
            sign = sg;
    }
    return sign != 0;
}

int vl_convex_hull(VlVec2 *pts, int n, VlVec2 *h)
{
    /* Andrew's monotone chain; insertion sort, as n is small wherever it is used. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (pts[j].x < pts[j - 1].x || (pts[j].x == pts[j - 1].x && pts[j].y < pts[j - 1].y));
             j--) {
            VlVec2 t = pts[j];
            pts[j] = pts[j - 1];
            pts[j - 1] = t;
        }
    if (n < 3) {
        for (int i = 0; i < n; i++)
            h[i] = pts[i];
        return n;
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

VlVec2 vl_rotate_about(VlVec2 p, VlVec2 c, double deg)
{
    double s, co;
    vl_sincos_deg(deg, &s, &co);
    VlVec2 q = vl_v2_sub(p, c);
    return (VlVec2){c.x + q.x * co + q.y * s, c.y - q.x * s + q.y * co};
}

bool vl_segment_crossing(VlVec2 a, VlVec2 b, VlVec2 c, VlVec2 d, VlVec2 *x)
{
    VlVec2 r = vl_v2_sub(b, a), q = vl_v2_sub(d, c);
    double den = vl_v2_cross(r, q);
    if (den == 0)
        return false;
    double t = vl_v2_cross(vl_v2_sub(c, a), q) / den, u = vl_v2_cross(vl_v2_sub(c, a), r) / den;
    if (t < 0 || t > 1 || u < 0 || u > 1)
        return false;
    *x = vl_v2_mad(a, r, t);
    return true;
}
