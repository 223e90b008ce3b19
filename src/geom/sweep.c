/* Moving shapes: what a footprint meets while it advances, drifts, wheels or turns.
 *
 * Translation is exact through the Minkowski difference: a + t v meets b exactly when t v lies in
 * the convex polygon b ⊕ (−a), so the contact times are a line's interval inside that polygon.
 *
 * Rotation is exact through contact events: a turning polygon first touches another when one of its
 * vertices, running on a circle, meets an edge of the other, or when a vertex of the other, running
 * backwards on a circle in the turning polygon's frame, meets one of its edges. Between two
 * consecutive events nothing changes, so testing the events and the midpoints between them decides
 * every question about the whole turn. */
#include "volley/geom.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_POLY 1024

/* How far (in inches of travel) the times reported may lie inside the times when the shapes are
 * within VL_EPS: see axis_times. */
#define EXACT_SLACK 1e-6

/* The contact times being narrowed, axis by axis. */
typedef struct Times {
    double lo, hi;   /* with the contact tolerance: does contact happen? */
    double lo0, hi0; /* without it: the exact times, held within slack of lo and hi on each axis */
    double slack;    /* EXACT_SLACK of travel, in units of t */
} Times;

static Times times_init(VlVec2 v)
{
    double speed = vl_v2_len(v);
    return (Times){-INFINITY, INFINITY, -INFINITY, INFINITY, speed > 0 ? EXACT_SLACK / speed : 0};
}

static inline VlVec2 edge_axis(const VlVec2 *p, int np, int i)
{
    return vl_v2_perp(vl_v2_sub(p[i + 1 < np ? i + 1 : 0], p[i]));
}


static inline void shadow(VlVec2 n, const VlVec2 *p, int np, double *lo, double *hi)
{
    double mn = INFINITY, mx = -INFINITY;
    for (int k = 0; k < np; k++) {
        double d = vl_v2_dot(n, p[k]);
        mn = d < mn ? d : mn;
        mx = d > mx ? d : mx;
    }
    *lo = mn;
    *hi = mx;
}

/* One axis n (of length len), with the shadows of a and b on it: narrows the times. False when the
 * shadows never meet. */
static inline bool axis_times(VlVec2 n, double len, double amin, double amax, double bmin, double bmax, VlVec2 v,
                              Times *tm)
{
    double eps = VL_EPS * len, sv = vl_v2_dot(n, v);
    /* need amin + t sv <= bmax + eps and amax + t sv >= bmin - eps */
    if (sv == 0)
        return !(amin > bmax + eps || amax < bmin - eps);
    double ta = (bmax + eps - amin) / sv, tb = (bmin - eps - amax) / sv;
    double l = sv > 0 ? tb : ta, h = sv > 0 ? ta : tb;
    tm->lo = l > tm->lo ? l : tm->lo;
    tm->hi = h < tm->hi ? h : tm->hi;
    if (tm->lo > tm->hi)
        return false;
    ta = (bmax - amin) / sv;
    tb = (bmin - amax) / sv;
    double l0 = sv > 0 ? tb : ta, h0 = sv > 0 ? ta : tb;
    /* On an axis nearly parallel to the motion (sv a rounding error, as when a run slides along a
     * flank lined up by a drift, D-CHG-2) the exact times divide gaps of a few 1e-15 in by sv and
     * land inches away from the tolerant ones, early or late. The shapes are within VL_EPS on this
     * axis from l to h (D-GEOM-1), so the exact times are held to at most the slack inside them. */
    l0 = l0 < l + tm->slack ? l0 : l + tm->slack;
    h0 = h0 > h - tm->slack ? h0 : h - tm->slack;
    tm->lo0 = l0 > tm->lo0 ? l0 : tm->lo0;
    tm->hi0 = h0 < tm->hi0 ? h0 : tm->hi0;
    return true;
}

/* Inlined wherever it is used, so that the sweeps of a quadrilateral against a quadrilateral (nearly
 * all of them: bases, boxes and blocks) run with the counts known to the compiler. */
#if defined(__GNUC__)
#define SWEEP_INLINE static inline __attribute__((always_inline))
#else
#define SWEEP_INLINE static inline
#endif

/* The sweep of a against b over the edge axes of polygon p (a's own, or b's). */
SWEEP_INLINE bool axes_of(const VlVec2 *p, int np, const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 v, Times *tm)
{
    for (int i = 0; i < np; i++) {
        VlVec2 n = edge_axis(p, np, i);
        double len = vl_v2_len(n);
        if (len <= 0)
            continue;
        double amin, amax, bmin, bmax;
        shadow(n, a, na, &amin, &amax);
        shadow(n, b, nb, &bmin, &bmax);
        if (!axis_times(n, len, amin, amax, bmin, bmax, v, tm))
            return false;
    }
    return true;
}

static void contact_times(const Times *tm, double *t0, double *t1)
{
    if (tm->lo0 <= tm->hi0) {
        *t0 = tm->lo0;
        *t1 = tm->hi0;
    } else {
        /* They only come within the tolerance of touching: one moment, kept among the times when
         * they are within it (D-GEOM-1), lo to hi. */
        double mid = 0.5 * (tm->lo0 + tm->hi0);
        mid = mid > tm->hi ? tm->hi : mid;
        *t0 = *t1 = mid < tm->lo ? tm->lo : mid;
    }
}

SWEEP_INLINE bool translate_n(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 v, double *t0, double *t1)
{
    Times tm = times_init(v);
    if (!axes_of(a, na, a, na, b, nb, v, &tm) || !axes_of(b, nb, a, na, b, nb, v, &tm))
        return false;
    contact_times(&tm, t0, t1);
    return true;
}

bool vl_sweep_translate(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 v, double *t0, double *t1)
{
    /* Separating axes, each turned into the times when the shadows overlap: two convex polygons
     * touch exactly when their shadows overlap on every edge normal of both, so the contact times
     * are the intersection of one interval per axis. (Equivalent to the Minkowski difference, with
     * no hull to build.) The same steps for two quadrilaterals, with the counts fixed. */
    if (na < 1 || nb < 1)
        return false;
    if (na == 4 && nb == 4)
        return translate_n(a, 4, b, 4, v, t0, t1);
    return translate_n(a, na, b, nb, v, t0, t1);
}

bool vl_sweep_prepare(const VlVec2 *b, int nb, VlSweepPrepared *out)
{
    out->n = 0;
    if (nb < 1 || nb > VL_SWEEP_PREP_MAX)
        return false;
    out->n = nb;
    for (int i = 0; i < nb; i++)
        out->p[i] = b[i];
    for (int i = 0; i < nb; i++) {
        out->axis[i] = edge_axis(b, nb, i);
        out->len[i] = vl_v2_len(out->axis[i]);
        shadow(out->axis[i], b, nb, &out->lo[i], &out->hi[i]);
    }
    return true;
}

SWEEP_INLINE bool translate_prepared_n(const VlVec2 *a, int na, const VlSweepPrepared *b, int nb, VlVec2 v, double *t0,
                                       double *t1)
{
    Times tm = times_init(v);
    if (!axes_of(a, na, a, na, b->p, nb, v, &tm))
        return false;
    for (int i = 0; i < nb; i++) {
        if (b->len[i] <= 0)
            continue;
        double amin, amax;
        shadow(b->axis[i], a, na, &amin, &amax);
        if (!axis_times(b->axis[i], b->len[i], amin, amax, b->lo[i], b->hi[i], v, &tm))
            return false;
    }
    contact_times(&tm, t0, t1);
    return true;
}

bool vl_sweep_translate_prepared(const VlVec2 *a, int na, const VlSweepPrepared *b, VlVec2 v, double *t0, double *t1)
{
    /* vl_sweep_translate step for step, b's axes and shadows taken from the preparation; two
     * quadrilaterals with the counts fixed. */
    if (na < 1 || b->n < 1)
        return false;
    if (na == 4 && b->n == 4)
        return translate_prepared_n(a, 4, b, 4, v, t0, t1);
    return translate_prepared_n(a, na, b, b->n, v, t0, t1);
}

/* Turn angle (in [0, 360), in the direction of sign) that carries P onto X, both relative to the centre. */
static double turn_to(VlVec2 P, VlVec2 X, double sign)
{
    /* Counter-clockwise angle from P to X, in degrees. */
    double ccw = atan2(vl_v2_cross(P, X), vl_v2_dot(P, X)) * (180.0 / 3.14159265358979323846);
    double cw = -ccw;
    double ang = sign > 0 ? cw : ccw;
    if (ang < 0)
        ang += 360.0;
    return ang;
}

/* Certainly more than @p limit degrees (less than 89) and less than 359 degrees of turn, in the
 * direction of sign, carry P (|P|^2 = r2) onto X: X is a quarter turn or more from P (the cosine of the
 * angle between them below 0.01), or lies the other way round (the sine, taken in the turn's
 * direction, below -0.01). Then turn_to's answer, whose rounding is far inside those margins, is
 * neither within limit + 1e-9 nor 360 - 1e-9 or above, and the event is not listed: the atan2 is
 * skipped. Very short vectors (whose products could lose precision) are left to turn_to. */
static bool beyond_turn(VlVec2 P, double r2, VlVec2 X, double sign, double limit)
{
    if (!(limit < 89.0))
        return false;
    double q2 = r2 * vl_v2_dot(X, X);
    if (!(q2 > 1e-200) || !(q2 < 1e200))
        return false;
    double q = 0.01 * sqrt(q2); /* 0.01 |P| |X| */
    double along = vl_v2_dot(P, X), across = vl_v2_cross(P, X) * sign; /* > 0: X lies the other way */
    return along < q || across > q;
}

/* Angles in [0, limit] at which point p, turning about c in direction sign, meets segment q1q2. */
static int circle_segment_events(VlVec2 p, VlVec2 c, VlVec2 q1, VlVec2 q2, double sign, double limit, double *out)
{
    VlVec2 P = vl_v2_sub(p, c), A = vl_v2_sub(q1, c), D = vl_v2_sub(q2, q1);
    double r2 = vl_v2_dot(P, P), dd = vl_v2_dot(D, D);
    if (dd <= 0 || r2 <= 0)
        return 0;
    /* |A + s D|^2 = r^2 */
    double bq = 2 * vl_v2_dot(A, D), cq = vl_v2_dot(A, A) - r2;
    double disc = bq * bq - 4 * dd * cq;
    if (disc < 0) {
        /* Tangent within rounding: take the closest approach. */
        double s = -bq / (2 * dd);
        VlVec2 X = vl_v2_mad(A, D, s);
        if (s < 0 || s > 1 || fabs(sqrt(vl_v2_dot(X, X)) - sqrt(r2)) > VL_EPS)
            return 0;
        disc = 0;
    }
    int n = 0;
    double root = sqrt(disc);
    for (int k = 0; k < 2; k++) {
        double s = (-bq + (k ? root : -root)) / (2 * dd);
        if (s < -1e-12 || s > 1 + 1e-12)
            continue;
        VlVec2 X = vl_v2_mad(A, D, s);
        if (beyond_turn(P, r2, X, sign, limit))
            continue; /* turn_to would give an angle neither within the limit nor next to 360 */
        double ang = turn_to(P, X, sign);
        if (ang <= limit + 1e-9)
            out[n++] = ang > limit ? limit : ang;
        else if (ang >= 360.0 - 1e-9)
            out[n++] = 0;
    }
    return n;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The events in increasing order, as qsort with cmp_double leaves them: glibc's qsort is a stable
 * merge sort, and so is this insertion sort (an element moves only past greater ones), so equal
 * angles (0 and -0 among them) keep their order and the list is the same bit for bit. A NaN (the
 * limit of a NaN turn: no event is ever NaN, the tests that list one fail on it) is not ordered
 * consistently by cmp_double, so such a list goes to qsort itself, and so does a long one. */
static void sort_events(double *ev, int n)
{
    bool small = n <= 72; /* a block against a block lists at most 66; longer lists go to qsort */
    for (int i = 0; i < n && small; i++)
        small = !isnan(ev[i]);
    if (!small) {
        qsort(ev, (size_t)n, sizeof *ev, cmp_double);
        return;
    }
    for (int i = 1; i < n; i++) {
        double x = ev[i];
        int j = i;
        while (j > 0 && ev[j - 1] > x) {
            ev[j] = ev[j - 1];
            j--;
        }
        ev[j] = x;
    }
}

/* Room for the events of most turns (a block against a block or a small feature) without the heap. */
#define EVENTS_LOCAL 256

/* All contact events of the turn, sorted, with 0 and |deg| included: in local (room for
 * EVENTS_LOCAL) when they fit, else on the heap, which the caller frees (events_free). */
static double *rotate_events(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 c, double deg, double *local,
                             int *count)
{
    double sign = deg >= 0 ? 1 : -1, limit = fabs(deg);
    int cap = 2 * (2 * na * nb) + 2;
    double *ev = cap <= EVENTS_LOCAL ? local : malloc((size_t)cap * sizeof *ev);
    if (!ev)
        return NULL;
    int n = 0;
    ev[n++] = 0;
    ev[n++] = limit;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            n += circle_segment_events(a[i], c, b[j], b[(j + 1) % nb], sign, limit, ev + n);
    /* In the turning polygon's frame, b's vertices turn the other way. */
    for (int j = 0; j < nb; j++)
        for (int i = 0; i < na; i++)
            n += circle_segment_events(b[j], c, a[i], a[(i + 1) % na], -sign, limit, ev + n);
    sort_events(ev, n);
    *count = n;
    return ev;
}

static void events_free(double *ev, const double *local)
{
    if (ev != local)
        free(ev);
}

static void rotate_poly(const VlVec2 *a, int na, VlVec2 c, double deg, VlVec2 *out)
{
    /* vl_rotate_about for every vertex, with its sine and cosine worked out once. */
    double s, co;
    vl_sincos_deg(deg, &s, &co);
    for (int i = 0; i < na; i++) {
        VlVec2 q = vl_v2_sub(a[i], c);
        out[i] = (VlVec2){c.x + q.x * co + q.y * s, c.y - q.x * s + q.y * co};
    }
}

/* Do the turned a (convex) and b (any simple polygon; b_convex when it is convex) touch? */
static bool touch(const VlVec2 *ra, int na, const VlVec2 *b, int nb, bool b_convex)
{
    if (b_convex)
        return !vl_convex_apart(ra, na, b, nb);
    for (int j = 0; j < nb; j++)
        if (vl_poly_point_side(ra, na, b[j]) >= 0)
            return true;
    for (int i = 0; i < na; i++)
        if (vl_poly_point_side(b, nb, ra[i]) >= 0)
            return true;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (vl_segments_touch(ra[i], ra[(i + 1) % na], b[j], b[(j + 1) % nb]))
                return true;
    return false;
}

/* Can a (turning about c) reach b at all? Not when b's bounding box lies beyond a's farthest vertex. */
static bool within_reach(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 c)
{
    double r2 = 0;
    for (int i = 0; i < na; i++) {
        VlVec2 q = vl_v2_sub(a[i], c);
        double d2 = vl_v2_dot(q, q);
        r2 = d2 > r2 ? d2 : r2;
    }
    VlBox bb = vl_box_of_points(b, nb);
    double dx = c.x < bb.lo.x ? bb.lo.x - c.x : c.x > bb.hi.x ? c.x - bb.hi.x : 0;
    double dy = c.y < bb.lo.y ? bb.lo.y - c.y : c.y > bb.hi.y ? c.y - bb.hi.y : 0;
    double r = sqrt(r2) + VL_EPS;
    return dx * dx + dy * dy <= r * r;
}

bool vl_sweep_rotate_contact(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 c, double deg, double *first)
{
    if (na > 64 || nb > MAX_POLY || !within_reach(a, na, b, nb, c))
        return false;
    int n;
    double local[EVENTS_LOCAL];
    double *ev = rotate_events(a, na, b, nb, c, deg, local, &n);
    if (!ev)
        return false;
    double sign = deg >= 0 ? 1 : -1;
    bool b_convex = nb <= 2 || vl_poly_is_convex(b, nb);
    VlVec2 ra[64];
    bool hit = false;
    for (int k = 0; k < n && !hit; k++) {
        /* At the event itself, and (after the first) at the midpoint before it. */
        for (int pass = (k == 0 ? 1 : 0); pass < 2 && !hit; pass++) {
            double ang = pass == 0 ? 0.5 * (ev[k - 1] + ev[k]) : ev[k];
            rotate_poly(a, na, c, sign * ang, ra);
            if (touch(ra, na, b, nb, b_convex)) {
                hit = true;
                *first = pass == 0 ? ev[k - 1] : ang;
            }
        }
    }
    events_free(ev, local);
    return hit;
}

double vl_convex_poly_overlap_area(const VlVec2 *a, int na, const VlVec2 *p, int np)
{
    /* Clip the (possibly concave) polygon by the convex one: Sutherland–Hodgman's area is exact. */
    if (na > 64 || np > MAX_POLY)
        return 0;
    /* The clipped polygon has at most np + na vertices: on the stack when that is small. */
    VlVec2 local[2 * 129];
    size_t need = (size_t)(np + na + 1) * 2;
    VlVec2 *buf0 = need <= sizeof local / sizeof local[0] ? local : malloc(need * sizeof *buf0);
    if (!buf0)
        return 0;
    VlVec2 *buf[2] = {buf0, buf0 + np + na + 1};
    bool ccw = vl_poly_signed_area(a, na) > 0;
    /* The polygon being clipped: p itself until a step changes it. */
    const VlVec2 *src = p;
    int m = np, next = 0;
    for (int i = 0; i < na && m > 0; i++) {
        VlVec2 u = a[i], v = a[(i + 1) % na];
        VlHalfPlane h = ccw ? vl_halfplane_left_of(u, v) : vl_halfplane_left_of(v, u);
        /* A step that keeps every point (no edge crosses) would copy them unchanged, and one that keeps
         * none leaves nothing: both are known from the points' distances, worked out as the clip works
         * them out, without the copy. */
        int in = 0;
        for (int k = 0; k < m; k++)
            in += vl_v2_dot(h.n, src[k]) - h.c >= -VL_EPS;
        if (in == m)
            continue;
        if (in == 0) {
            m = 0;
            break;
        }
        m = vl_clip_halfplane(src, m, h, buf[next]);
        src = buf[next];
        next ^= 1;
    }
    double area = m >= 3 ? fabs(vl_poly_signed_area(src, m)) : 0;
    if (buf0 != local)
        free(buf0);
    return area;
}

bool vl_sweep_rotate_overlaps(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 c, double deg,
                              double area_eps)
{
    if (na > 64 || nb > MAX_POLY || !within_reach(a, na, b, nb, c))
        return false;
    int n;
    double local[EVENTS_LOCAL];
    double *ev = rotate_events(a, na, b, nb, c, deg, local, &n);
    if (!ev)
        return false;
    double sign = deg >= 0 ? 1 : -1;
    VlVec2 ra[64];
    bool hit = false;
    for (int k = 0; k < n && !hit; k++)
        for (int pass = (k == 0 ? 1 : 0); pass < 2 && !hit; pass++) {
            double ang = pass == 0 ? 0.5 * (ev[k - 1] + ev[k]) : ev[k];
            rotate_poly(a, na, c, sign * ang, ra);
            hit = vl_convex_poly_overlap_area(ra, na, b, nb) > area_eps;
        }
    events_free(ev, local);
    return hit;
}

bool vl_segment_enters_convex(VlVec2 p, VlVec2 q, const VlVec2 *a, int na)
{
    /* Clip the segment to the open interior: what is left must have positive length. */
    bool ccw = vl_poly_signed_area(a, na) > 0;
    double t0 = 0, t1 = 1;
    VlVec2 d = vl_v2_sub(q, p);
    for (int i = 0; i < na; i++) {
        VlVec2 u = a[i], v = a[(i + 1) % na];
        VlHalfPlane h = ccw ? vl_halfplane_left_of(u, v) : vl_halfplane_left_of(v, u);
        double sp = vl_v2_dot(h.n, p) - h.c - VL_EPS, sd = vl_v2_dot(h.n, d);
        /* need sp + t sd > 0 */
        if (sd == 0) {
            if (sp <= 0)
                return false;
        } else if (sd > 0) {
            t0 = vl_fmax(t0, -sp / sd);
        } else {
            t1 = vl_fmin(t1, -sp / sd);
        }
    }
    return (t1 - t0) * vl_v2_len(d) > VL_EPS;
}

/* Certainly more than @p limit degrees (less than 89) of turn, in the direction of sign, carry P onto
 * unit vector d: d is a quarter turn or more from P, or it lies the other way round. turn_to's
 * rounding is far inside the margin of 0.01 |P|. */
static bool certainly_past(VlVec2 P, double r, VlVec2 d, double sign, double limit)
{
    if (!(limit < 89.0))
        return false;
    double along = vl_v2_dot(P, d), across = vl_v2_cross(P, d) * sign; /* > 0: d lies the other way */
    return along < 0.01 * r || across > 0.01 * r;
}

VlBox vl_sweep_rotate_bounds(const VlVec2 *a, int na, VlVec2 c, double deg)
{
    double sign = deg >= 0 ? 1 : -1, limit = fabs(deg);
    /* vl_rotate_about's sine and cosine, once for every corner */
    double sn, cs;
    vl_sincos_deg(deg, &sn, &cs);
    VlBox b = {{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
    for (int i = 0; i < na; i++) {
        VlVec2 P = vl_v2_sub(a[i], c);
        double r = vl_v2_len(P);
        VlVec2 pts[6];
        int n = 0;
        pts[n++] = a[i];
        pts[n++] = (VlVec2){c.x + P.x * cs + P.y * sn, c.y - P.x * sn + P.y * cs}; /* vl_rotate_about */
        /* The circle's extreme points east, north, west and south, when the turn passes them. */
        static const VlVec2 dirs[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        for (int k = 0; k < 4 && r > 0; k++)
            if (!certainly_past(P, r, dirs[k], sign, limit) && turn_to(P, dirs[k], sign) <= limit)
                pts[n++] = vl_v2_mad(c, dirs[k], r);
        for (int k = 0; k < n; k++) {
            b.lo.x = vl_fmin(b.lo.x, pts[k].x);
            b.lo.y = vl_fmin(b.lo.y, pts[k].y);
            b.hi.x = vl_fmax(b.hi.x, pts[k].x);
            b.hi.y = vl_fmax(b.hi.y, pts[k].y);
        }
    }
    return b;
}
