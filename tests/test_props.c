/* Property tests of the geometry model (docs/geometry.md) over random layouts.
 *
 * Every case is drawn from the library's own PCG32 (VlRng) seeded with a fixed seed and the case number
 * as the stream, so a failure names "seed S case C" and that one case replays alone. On a failure the
 * whole layout (types, formations, anchors, facings and polygons, printed with 17 digits) goes to
 * stderr.
 *
 * The reference answers used here (distances between base rectangles, clipping, point in polygon,
 * segment against obstacle interiors) are written independently in this file; the library's own
 * helpers are only ever the thing under test. Cases whose answer lies within ~1e-6 of a threshold (but
 * further than rounding from it) are skipped where a property compares two computations.
 *
 * Each property runs all its cases and then reports how many failed and the first failure; the first
 * few failing layouts are printed in full on stderr. The "shrunk" test case holds the smallest
 * hand-made layouts reproducing each kind of failure the properties found. */
#include "testutil.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NCASES 2000
#define PI 3.14159265358979323846
#define TOL 1e-9

/* ====================================================================================================
 * Failure context
 * ==================================================================================================== */

static char g_ctx[16384];
static char g_first[1024];
static int g_fails, g_failed_cases, g_case, g_last_failed_case;

static void ctx_reset(const char *prop, uint64_t seed, int kase)
{
    g_case = kase;
    snprintf(g_ctx, sizeof g_ctx, "%s: seed %" PRIu64 " case %d", prop, seed, kase);
}

static void ctx_add(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void ctx_add(const char *fmt, ...)
{
    size_t len = strlen(g_ctx);
    if (len + 1 >= sizeof g_ctx)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_ctx + len, sizeof g_ctx - len, fmt, ap);
    va_end(ap);
}

/* A property runs all its cases and then fails once, naming how many checks and cases failed and the
 * first failure; the first few failing cases are printed in full (the whole layout) on stderr. */
static void prop_begin(void)
{
    g_fails = g_failed_cases = 0;
    g_last_failed_case = -1;
    g_first[0] = '\0';
}

static void prop_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void prop_fail(const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (g_case != g_last_failed_case) {
        g_failed_cases++;
        g_last_failed_case = g_case;
        if (g_failed_cases <= 3)
            fprintf(stderr, "FAILED %s\n", g_ctx);
    }
    if (g_failed_cases <= 3)
        fprintf(stderr, "  -> %s\n", msg);
    if (g_fails++ == 0) {
        const char *nl = strchr(g_ctx, '\n');
        int head = nl ? (int)(nl - g_ctx) : (int)strlen(g_ctx);
        snprintf(g_first, sizeof g_first, "%.*s: %s", head, g_ctx, msg);
    }
}

static void prop_end(void)
{
    ck_assert_msg(g_fails == 0, "%d checks failed in %d cases (first few in full on stderr); first: %s", g_fails,
                  g_failed_cases, g_first);
}

#define PCHECK(cond, fmt, ...)                                                                             \
    do {                                                                                                   \
        if (!(cond))                                                                                       \
            prop_fail(fmt, __VA_ARGS__);                                                                   \
    } while (0)

/* ====================================================================================================
 * Independent geometry (reference answers)
 * ==================================================================================================== */

static VlVec2 v2(double x, double y) { return (VlVec2){x, y}; }
static VlVec2 sub(VlVec2 a, VlVec2 b) { return v2(a.x - b.x, a.y - b.y); }
static VlVec2 add(VlVec2 a, VlVec2 b) { return v2(a.x + b.x, a.y + b.y); }
static VlVec2 scl(VlVec2 a, double s) { return v2(a.x * s, a.y * s); }
static double dot(VlVec2 a, VlVec2 b) { return a.x * b.x + a.y * b.y; }
static double crs(VlVec2 a, VlVec2 b) { return a.x * b.y - a.y * b.x; }
static double len(VlVec2 a) { return sqrt(a.x * a.x + a.y * a.y); }
static double rad(double deg) { return deg * (PI / 180.0); }
static VlVec2 fwd_of(double deg) { return v2(sin(rad(deg)), cos(rad(deg))); }
static VlVec2 right_of(double deg) { return v2(cos(rad(deg)), -sin(rad(deg))); }

static double pt_seg(VlVec2 p, VlVec2 a, VlVec2 b)
{
    VlVec2 ab = sub(b, a);
    double l2 = dot(ab, ab), t = l2 > 0 ? dot(sub(p, a), ab) / l2 : 0;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    return len(sub(p, add(a, scl(ab, t))));
}

/* Proper crossing of two segments (strict orientation changes on both). */
static bool seg_cross(VlVec2 a, VlVec2 b, VlVec2 c, VlVec2 d)
{
    double d1 = crs(sub(b, a), sub(c, a)), d2 = crs(sub(b, a), sub(d, a));
    double d3 = crs(sub(d, c), sub(a, c)), d4 = crs(sub(d, c), sub(b, c));
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

static double seg_seg(VlVec2 a, VlVec2 b, VlVec2 c, VlVec2 d)
{
    if (seg_cross(a, b, c, d))
        return 0;
    return fmin(fmin(pt_seg(a, c, d), pt_seg(b, c, d)), fmin(pt_seg(c, a, b), pt_seg(d, a, b)));
}

/* Even-odd point in polygon (any simple polygon); the boundary itself is undecided here. */
static bool pip(const VlVec2 *p, int n, VlVec2 q)
{
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++)
        if ((p[i].y > q.y) != (p[j].y > q.y) &&
            q.x < p[j].x + (q.y - p[j].y) * (p[i].x - p[j].x) / (p[i].y - p[j].y))
            in = !in;
    return in;
}

static double boundary_dist(const VlVec2 *p, int n, VlVec2 q)
{
    double m = INFINITY;
    for (int i = 0; i < n; i++)
        m = fmin(m, pt_seg(q, p[i], p[(i + 1) % n]));
    return m;
}

/* Signed depth: distance to the boundary, positive inside. */
static double depth_in(const VlVec2 *p, int n, VlVec2 q)
{
    double b = boundary_dist(p, n, q);
    return pip(p, n, q) ? b : -b;
}

/* Least distance between two simple polygons (0 when they meet). */
static double poly_dist(const VlVec2 *a, int na, const VlVec2 *b, int nb)
{
    if (pip(b, nb, a[0]) || pip(a, na, b[0]))
        return 0;
    double m = INFINITY;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            m = fmin(m, seg_seg(a[i], a[(i + 1) % na], b[j], b[(j + 1) % nb]));
    return m;
}

/* Least distance from segment pq to polygon p (0 when they meet). */
static double seg_poly_dist(VlVec2 p, VlVec2 q, const VlVec2 *poly, int n)
{
    if (pip(poly, n, p) || pip(poly, n, q))
        return 0;
    double m = INFINITY;
    for (int i = 0; i < n; i++)
        m = fmin(m, seg_seg(p, q, poly[i], poly[(i + 1) % n]));
    return m;
}

/* Footprint = union of its bases (docs/geometry.md): the reference works on fp->bases. */
static double ref_fp_dist(const VlFootprint *a, const VlFootprint *b)
{
    double m = INFINITY;
    for (int i = 0; i < a->nbases; i++)
        for (int j = 0; j < b->nbases; j++)
            m = fmin(m, poly_dist(a->bases[i].p, 4, b->bases[j].p, 4));
    return m;
}

static double ref_fp_poly_dist(const VlFootprint *a, const VlVec2 *poly, int n)
{
    double m = INFINITY;
    for (int i = 0; i < a->nbases; i++)
        m = fmin(m, poly_dist(a->bases[i].p, 4, poly, n));
    return m;
}

/* Keep the part of a convex polygon with dot(nrm, x) >= c - tol. */
static int clip_keep(const VlVec2 *in, int n, VlVec2 nrm, double c, double tol, VlVec2 *out)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        VlVec2 p = in[(i + n - 1) % n], q = in[i];
        double dp = dot(nrm, p) - c, dq = dot(nrm, q) - c;
        bool pin = dp >= -tol, qin = dq >= -tol;
        if (pin != qin) {
            double t = dp / (dp - dq);
            out[m++] = add(p, scl(sub(q, p), t));
        }
        if (qin)
            out[m++] = q;
    }
    return m;
}

static double area_of(const VlVec2 *p, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += crs(p[i], p[(i + 1) % n]);
    return fabs(s) / 2;
}

/* Area of the intersection of two convex quads (bases). */
static double quad_overlap(const VlQuad *a, const VlQuad *b)
{
    VlVec2 buf[2][16];
    int n = 4;
    memcpy(buf[0], a->p, sizeof a->p);
    double sgn = 0;
    for (int i = 0; i < 4; i++)
        sgn += crs(b->p[i], b->p[(i + 1) % 4]);
    int cur = 0;
    for (int i = 0; i < 4 && n > 0; i++) {
        VlVec2 e = sub(b->p[(i + 1) % 4], b->p[i]);
        VlVec2 nrm = sgn > 0 ? v2(-e.y, e.x) : v2(e.y, -e.x);
        n = clip_keep(buf[cur], n, nrm, dot(nrm, b->p[i]), 0, buf[cur ^ 1]);
        cur ^= 1;
    }
    return n >= 3 ? area_of(buf[cur], n) : 0;
}

static double ref_overlap(const VlFootprint *a, const VlFootprint *b)
{
    double s = 0;
    for (int i = 0; i < a->nbases; i++)
        for (int j = 0; j < b->nbases; j++)
            s += quad_overlap(&a->bases[i], &b->bases[j]);
    return s;
}

/* The region ahead of the front face (zone or corridor), depth deep: FL, FR, far right, far left. */
static void ahead_poly(const VlFootprint *fp, double depth, VlVec2 out[4])
{
    out[0] = fp->box.p[0];
    out[1] = fp->box.p[1];
    out[2] = add(fp->box.p[1], scl(fp->fwd, depth));
    out[3] = add(fp->box.p[0], scl(fp->fwd, depth));
}

/* The artillery arc cut off 1000 in ahead (every layout here is far smaller). */
static void arc_poly(const VlFootprint *fp, VlVec2 out[4])
{
    out[0] = fp->box.p[0];
    out[1] = fp->box.p[1];
    out[2] = add(fp->box.p[1], scl(add(fp->fwd, fp->right), 1000));
    out[3] = add(fp->box.p[0], scl(sub(fp->fwd, fp->right), 1000));
}

/* Union length of intervals (sorted in place). */
static int cmp_iv(const void *a, const void *b)
{
    const double *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

static double union_len(double (*iv)[2], int n)
{
    qsort(iv, (size_t)n, sizeof iv[0], cmp_iv);
    double total = 0, lo = 0, hi = 0;
    for (int i = 0; i < n; i++) {
        if (i == 0 || iv[i][0] > hi) {
            total += hi - lo;
            lo = iv[i][0];
            hi = iv[i][1];
        } else if (iv[i][1] > hi) {
            hi = iv[i][1];
        }
    }
    return total + (hi - lo);
}

/* Width of the target's bases projected on the firer's right vector (gaps excluded). */
static double projected_width(const VlFootprint *from, const VlFootprint *t)
{
    double iv[VL_MAX_BASES][2];
    for (int i = 0; i < t->nbases; i++) {
        iv[i][0] = INFINITY;
        iv[i][1] = -INFINITY;
        for (int k = 0; k < 4; k++) {
            double u = dot(from->right, t->bases[i].p[k]);
            iv[i][0] = fmin(iv[i][0], u);
            iv[i][1] = fmax(iv[i][1], u);
        }
    }
    return union_len(iv, t->nbases);
}

/* Reference corridor exposure: clip each base to the corridor, project on r, take the union. */
static double ref_exposure(const VlFootprint *from, double range, const VlFootprint *t, bool *in)
{
    VlVec2 fl = from->box.p[0], fr = from->box.p[1], f = from->fwd, r = from->right;
    VlVec2 nrm[4] = {f, scl(f, -1), r, scl(r, -1)};
    double c[4] = {dot(f, fl), -(dot(f, fl) + range), dot(r, fl), -dot(r, fr)};
    double iv[VL_MAX_BASES][2];
    int niv = 0;
    for (int i = 0; i < t->nbases; i++) {
        VlVec2 buf[2][16];
        int n = 4, cur = 0;
        memcpy(buf[0], t->bases[i].p, sizeof t->bases[i].p);
        for (int k = 0; k < 4 && n > 0; k++) {
            n = clip_keep(buf[cur], n, nrm[k], c[k], 1e-9, buf[cur ^ 1]);
            cur ^= 1;
        }
        if (n == 0)
            continue;
        iv[niv][0] = INFINITY;
        iv[niv][1] = -INFINITY;
        for (int k = 0; k < n; k++) {
            iv[niv][0] = fmin(iv[niv][0], dot(r, buf[cur][k]));
            iv[niv][1] = fmax(iv[niv][1], dot(r, buf[cur][k]));
        }
        niv++;
    }
    *in = niv > 0;
    return niv ? union_len(iv, niv) : 0;
}

/* A distance to a threshold that is neither rounding-level contact nor clearly apart. */
static bool ambiguous(double d) { return d > 1e-11 && d < 1e-6; }

/* ====================================================================================================
 * Random units and layouts
 * ==================================================================================================== */

typedef struct U {
    VlUnitType type;
    VlFormation form;
    VlWeapon weapon;
    VlBaseSpec spec;
    VlPose pose;
} U;

static double runit(VlRng *r) { return vl_rng_unit(r); }
static double runif(VlRng *r, double a, double b) { return a + (b - a) * vl_rng_unit(r); }

static double rand_facing(VlRng *r)
{
    switch (vl_rng_below(r, 10)) {
    case 0:
    case 1: return 90.0 * vl_rng_below(r, 4);
    case 2:
    case 3: return 22.5 * vl_rng_below(r, 16);
    default: return runif(r, 0, 360);
    }
}

static void rand_kind(VlRng *r, U *u)
{
    static const VlWeapon weapons[] = {VL_RIFLED, VL_SMOOTHBORE, VL_CARBINE, VL_BREECHLOADER};
    u->weapon = weapons[vl_rng_below(r, 4)];
    switch (vl_rng_below(r, 11)) {
    case 0: case 1: case 2: u->type = VL_INFANTRY; u->form = VL_FORM_LINE; break;
    case 3: u->type = VL_INFANTRY; u->form = VL_FORM_SKIRMISH; break;
    case 4: u->type = VL_INFANTRY; u->form = VL_FORM_COLUMN; break;
    case 5: u->type = VL_INFANTRY; u->form = VL_FORM_SQUARE; break;
    case 6: u->type = VL_CAVALRY; u->form = vl_rng_below(r, 2) ? VL_FORM_LINE : VL_FORM_SKIRMISH; break;
    case 7: u->type = VL_ARTILLERY; u->form = VL_FORM_UNLIMBERED; break;
    case 8: u->type = VL_ARTILLERY; u->form = VL_FORM_LIMBERED; break;
    case 9: u->type = VL_GENERAL; u->form = VL_FORM_NONE; break;
    default: /* a scenario override: 3 bases */
        u->type = VL_INFANTRY;
        u->form = vl_rng_below(r, 2) ? VL_FORM_SKIRMISH : VL_FORM_LINE;
        break;
    }
    u->spec = vl_base_spec_default(u->type);
    if (u->type == VL_INFANTRY && u->form != VL_FORM_COLUMN && vl_rng_below(r, 11) == 0)
        u->spec.count = 3;
    if (u->type == VL_GENERAL || u->type == VL_ARTILLERY)
        u->weapon = VL_WEAPON_NONE;
}

static VlFootprint fp_of(const U *u)
{
    VlFootprint fp;
    vl_footprint_build(&fp, u->pose, u->form, u->spec);
    return fp;
}

/* Half-width and depth of the unit's box, from the docs/geometry.md table. */
static void box_extent(const U *u, double *half, double *depth)
{
    int n = u->form == VL_FORM_SQUARE ? 2 : u->spec.count;
    double w = u->spec.width, d = u->spec.depth;
    switch (u->form) {
    case VL_FORM_SKIRMISH: *half = (n - 1) * w + w / 2; *depth = d; break;
    case VL_FORM_COLUMN:
    case VL_FORM_LIMBERED: *half = w / 2; *depth = n * d; break;
    case VL_FORM_SQUARE: *half = w / 2; *depth = 2 * d; break;
    default: *half = n * w / 2; *depth = d; break;
    }
}

/* B's box relative to its anchor, in A's frame (s along r_A, t along f_A), when B faces A + k*90. */
static void box_in_frame(const U *b, int k, double *sl, double *sh, double *tl, double *th)
{
    double h, d;
    box_extent(b, &h, &d);
    switch (k & 3) {
    case 0: *sl = -h; *sh = h; *tl = -d; *th = 0; break;
    case 1: *sl = -d; *sh = 0; *tl = -h; *th = h; break;
    case 2: *sl = -h; *sh = h; *tl = 0; *th = d; break;
    default: *sl = 0; *sh = d; *tl = -h; *th = h; break;
    }
}

static VlVec2 in_frame(const U *a, double s, double t)
{
    VlVec2 f = fwd_of(a->pose.facing), r = right_of(a->pose.facing);
    return add(a->pose.anchor, add(scl(r, s), scl(f, t)));
}

static double rand_gap(VlRng *r)
{
    static const double gaps[] = {1e-5, 1e-3, 0.1};
    unsigned k = vl_rng_below(r, 4);
    return k < 3 ? gaps[k] : runif(r, 0, 2);
}

/* Uniform in [lo, hi], with one chance in four of an end (corner contact). */
static double rand_span(VlRng *r, double lo, double hi)
{
    switch (vl_rng_below(r, 8)) {
    case 0: return lo;
    case 1: return hi;
    default: return runif(r, lo, hi);
    }
}

static const char *const mode_names[] = {"random", "touching", "touching+gap", "zone edge", "arc ray"};

/* A pair of units: A somewhere near (50, 50), B placed by one of the modes above. zone_depth is the
 * depth of A's zone or corridor that mode 3 aims at. */
static int make_pair(VlRng *r, U *a, U *b, double zone_depth)
{
    rand_kind(r, a);
    rand_kind(r, b);
    a->pose = (VlPose){{runif(r, 40, 60), runif(r, 40, 60)}, rand_facing(r)};
    int mode = (int)vl_rng_below(r, 5);
    if (mode == 0) {
        double ang = runif(r, 0, 2 * PI), rho = runif(r, 0, 16);
        b->pose = (VlPose){{a->pose.anchor.x + rho * cos(ang), a->pose.anchor.y + rho * sin(ang)}, rand_facing(r)};
        return mode;
    }
    int k = (int)vl_rng_below(r, 4);
    b->pose.facing = a->pose.facing + 90.0 * k;
    double ha, da, sl, sh, tl, th, s = 0, t = 0;
    box_extent(a, &ha, &da);
    box_in_frame(b, k, &sl, &sh, &tl, &th);
    double gap = mode == 2 || (mode >= 3 && vl_rng_below(r, 2)) ? rand_gap(r) : 0;
    if (mode == 1 || mode == 2) {
        switch (vl_rng_below(r, 4)) {
        case 0: s = ha - sl + gap; t = rand_span(r, -da - th, -tl); break;  /* right flank */
        case 1: s = -ha - sh - gap; t = rand_span(r, -da - th, -tl); break; /* left flank */
        case 2: t = -tl + gap; s = rand_span(r, -ha - sh, ha - sl); break;  /* front */
        default: t = -da - th - gap; s = rand_span(r, -ha - sh, ha - sl); break; /* rear */
        }
    } else if (mode == 3) {
        switch (vl_rng_below(r, 3)) {
        case 0: t = zone_depth - tl + gap; s = rand_span(r, -ha - sh, ha - sl); break; /* far edge */
        case 1: s = ha - sl + gap; t = rand_span(r, -th, zone_depth - tl); break;     /* right side */
        default: s = -ha - sh - gap; t = rand_span(r, -th, zone_depth - tl); break;   /* left side */
        }
    } else {
        /* A corner of B on a 45-degree ray of A's arc, B's body outside it. */
        double u = vl_rng_below(r, 10) == 0 ? 0 : runif(r, 0, 15);
        double g = gap * sqrt(0.5);
        if (vl_rng_below(r, 2)) { /* right ray from (ha, 0) along (1, 1): B's (sl, th) corner there */
            s = ha + u - sl + g;
            t = u - th - g;
        } else { /* left ray from (-ha, 0) along (-1, 1): B's (sh, th) corner there */
            s = -ha - u - sh - g;
            t = u - th - g;
        }
    }
    b->pose.anchor = in_frame(a, s, t);
    return mode;
}

static void describe_unit(const char *name, const U *u)
{
    ctx_add("\n  %s: %s %s bases %d x %.17g x %.17g weapon %s anchor (%.17g, %.17g) facing %.17g", name,
            vl_unit_type_name(u->type), vl_formation_name(u->form), u->spec.count, u->spec.width, u->spec.depth,
            vl_weapon_name(u->weapon), u->pose.anchor.x, u->pose.anchor.y, u->pose.facing);
}

/* A rigid motion: rotate by phi (compass degrees, clockwise) about c, then translate by tr. */
typedef struct Motion {
    VlVec2 c, tr;
    double phi;
} Motion;

static Motion rand_motion(VlRng *r)
{
    Motion m;
    m.c = v2(runif(r, 30, 70), runif(r, 30, 70));
    m.tr = v2(runif(r, -10, 10), runif(r, -10, 10));
    switch (vl_rng_below(r, 4)) {
    case 0: m.phi = 90.0 * (1 + vl_rng_below(r, 3)); break;
    case 1: m.phi = 15.0 * (1 + vl_rng_below(r, 23)); break;
    default: m.phi = runif(r, -360, 360); break;
    }
    return m;
}

static VlVec2 move_pt(const Motion *m, VlVec2 p)
{
    double s = sin(rad(m->phi)), c = cos(rad(m->phi));
    VlVec2 d = sub(p, m->c);
    /* Clockwise by phi: forward (sin t, cos t) goes to (sin(t + phi), cos(t + phi)). */
    return add(add(m->c, v2(d.x * c + d.y * s, -d.x * s + d.y * c)), m->tr);
}

static U move_unit(const Motion *m, const U *u)
{
    U v = *u;
    v.pose.anchor = move_pt(m, u->pose.anchor);
    v.pose.facing = u->pose.facing + m->phi;
    return v;
}

/* ---- Battlefield layouts for line of sight ---- */

#define MAXU 8
#define MAXP 6
#define MAXV 8

typedef struct Layout {
    int nu, np;
    U u[MAXU];
    VlTerrainType ptype[MAXP];
    int npts[MAXP];
    VlVec2 pts[MAXP][MAXV];
} Layout;

static void rand_polygon(VlRng *r, Layout *L, int k, VlTerrainType type)
{
    VlVec2 c = v2(runif(r, 30, 70), runif(r, 30, 70));
    double ang = runif(r, 0, 2 * PI), ca = cos(ang), sa = sin(ang);
    VlVec2 loc[MAXV];
    int n;
    switch (vl_rng_below(r, 3)) {
    case 0: { /* rotated rectangle */
        double hx = runif(r, 0.5, 4), hy = runif(r, 0.5, 4);
        loc[0] = v2(-hx, -hy); loc[1] = v2(hx, -hy); loc[2] = v2(hx, hy); loc[3] = v2(-hx, hy);
        n = 4;
        break;
    }
    case 1: { /* L shape (concave) */
        double a = runif(r, 2, 6), b = runif(r, 2, 6), ta = runif(r, 0.5, a - 0.5), tb = runif(r, 0.5, b - 0.5);
        loc[0] = v2(0, 0); loc[1] = v2(a, 0); loc[2] = v2(a, tb); loc[3] = v2(ta, tb); loc[4] = v2(ta, b);
        loc[5] = v2(0, b);
        n = 6;
        break;
    }
    default: { /* convex polygon on a circle */
        n = 5 + (int)vl_rng_below(r, 3);
        double rho = runif(r, 1, 3.5);
        for (int i = 0; i < n; i++) {
            double t = 2 * PI * (i + runif(r, -0.3, 0.3)) / n;
            loc[i] = v2(rho * cos(t), rho * sin(t));
        }
        break;
    }
    }
    for (int i = 0; i < n; i++)
        L->pts[k][i] = add(c, v2(loc[i].x * ca - loc[i].y * sa, loc[i].x * sa + loc[i].y * ca));
    L->npts[k] = n;
    L->ptype[k] = type;
}

/* Units spread over a 50 x 50 in patch, never touching each other; a few polygons. blocking selects
 * woods / heavy woods / buildings (else only terrain that does not block sight). */
static void rand_layout(VlRng *r, Layout *L, bool blocking)
{
    memset(L, 0, sizeof *L);
    L->np = 2 + (int)vl_rng_below(r, 4);
    for (int k = 0; k < L->np; k++) {
        static const VlTerrainType block[] = {VL_T_WOODS, VL_T_HEAVY_WOODS, VL_T_BUILDING, VL_T_ROUGH};
        static const VlTerrainType open[] = {VL_T_ROUGH, VL_T_HILL, VL_T_WATER, VL_T_ENTRENCHMENT};
        rand_polygon(r, L, k, blocking ? block[vl_rng_below(r, 4)] : open[vl_rng_below(r, 4)]);
    }
    int want = 4 + (int)vl_rng_below(r, 4);
    for (int tries = 0; L->nu < want && tries < 200; tries++) {
        U u;
        rand_kind(r, &u);
        u.pose = (VlPose){{runif(r, 25, 75), runif(r, 25, 75)}, rand_facing(r)};
        VlFootprint f = fp_of(&u);
        bool ok = true;
        for (int i = 0; i < L->nu && ok; i++) {
            VlFootprint g = fp_of(&L->u[i]);
            ok = ref_fp_dist(&f, &g) > 0.05;
        }
        if (ok)
            L->u[L->nu++] = u;
    }
}

static Layout move_layout(const Motion *m, const Layout *L)
{
    Layout M = *L;
    for (int i = 0; i < L->nu; i++)
        M.u[i] = move_unit(m, &L->u[i]);
    for (int k = 0; k < L->np; k++)
        for (int i = 0; i < L->npts[k]; i++)
            M.pts[k][i] = move_pt(m, L->pts[k][i]);
    return M;
}

static VlBattlefield *build(const Layout *L)
{
    VlBattlefield *bf = vl_battlefield_create(100, 100);
    ck_assert_ptr_nonnull(bf);
    for (int k = 0; k < L->np; k++) {
        VlTerrain t = {0};
        snprintf(t.id, sizeof t.id, "p%d", k);
        t.type = L->ptype[k];
        t.level = t.type == VL_T_HILL ? 1 : 0;
        t.npts = L->npts[k];
        t.pts = (VlVec2 *)L->pts[k];
        ck_assert_int_eq(vl_battlefield_add_terrain(bf, &t), k);
    }
    for (int i = 0; i < L->nu; i++)
        ck_assert_int_eq(vl_battlefield_add_unit(bf, L->u[i].pose, L->u[i].type, L->u[i].form, L->u[i].weapon,
                                                 L->u[i].spec),
                         i);
    return bf;
}

static void describe_layout(const Layout *L)
{
    for (int i = 0; i < L->nu; i++) {
        char name[16];
        snprintf(name, sizeof name, "unit %d", i);
        describe_unit(name, &L->u[i]);
    }
    for (int k = 0; k < L->np; k++) {
        ctx_add("\n  polygon %d (%s):", k, vl_terrain_type_name(L->ptype[k]));
        for (int i = 0; i < L->npts[k]; i++)
            ctx_add(" (%.17g, %.17g)", L->pts[k][i].x, L->pts[k][i].y);
    }
}

/* Obstacles to sight between units `from` and `to`, as polygons (docs/geometry.md: woods, heavy woods,
 * buildings, and every other unit's bases). */
typedef struct Obst {
    const VlVec2 *p;
    int n;
    char what[32];
} Obst;

static int obstacles(const Layout *L, const VlFootprint *fps, int from, int to, Obst *out)
{
    int m = 0;
    for (int k = 0; k < L->np; k++)
        if (L->ptype[k] == VL_T_WOODS || L->ptype[k] == VL_T_HEAVY_WOODS || L->ptype[k] == VL_T_BUILDING) {
            out[m] = (Obst){L->pts[k], L->npts[k], ""};
            snprintf(out[m].what, sizeof out[m].what, "polygon %d", k);
            m++;
        }
    for (int i = 0; i < L->nu; i++) {
        if (i == from || i == to)
            continue;
        for (int b = 0; b < fps[i].nbases; b++) {
            out[m] = (Obst){fps[i].bases[b].p, 4, ""};
            snprintf(out[m].what, sizeof out[m].what, "unit %d base %d", i, b);
            m++;
        }
    }
    return m;
}

/* Deepest point of segment pq inside polygon o: the segment is split at every place it meets the
 * boundary (edge crossings and vertices on it), and each piece's midpoint, plus 65 even samples, is
 * measured. Returns the greatest depth (> 0 means inside the interior). */
static double seg_depth_in(VlVec2 p, VlVec2 q, const VlVec2 *o, int n)
{
    double ts[2 * MAXV + 8 + 2];
    int nt = 0;
    VlVec2 d = sub(q, p);
    double l2 = dot(d, d);
    ts[nt++] = 0;
    ts[nt++] = 1;
    for (int i = 0; i < n && l2 > 0; i++) {
        VlVec2 a = o[i], b = o[(i + 1) % n], e = sub(b, a);
        double den = crs(d, e);
        if (den != 0) {
            double t = crs(sub(a, p), e) / den, u = crs(sub(a, p), d) / den;
            if (t > 0 && t < 1 && u >= 0 && u <= 1)
                ts[nt++] = t;
        }
        double ta = dot(sub(a, p), d) / l2;
        if (ta > 0 && ta < 1 && pt_seg(a, p, q) <= 1e-9)
            ts[nt++] = ta;
    }
    for (int i = 1; i < nt; i++)
        for (int j = i; j > 0 && ts[j] < ts[j - 1]; j--) {
            double x = ts[j];
            ts[j] = ts[j - 1];
            ts[j - 1] = x;
        }
    double best = -INFINITY;
    for (int i = 0; i + 1 < nt; i++)
        if (ts[i + 1] > ts[i])
            best = fmax(best, depth_in(o, n, add(p, scl(d, 0.5 * (ts[i] + ts[i + 1])))));
    for (int i = 0; i <= 64; i++)
        best = fmax(best, depth_in(o, n, add(p, scl(d, i / 64.0))));
    return best;
}

static double dist_to_fp(const VlFootprint *fp, VlVec2 q)
{
    double m = INFINITY;
    for (int b = 0; b < fp->nbases; b++) {
        if (pip(fp->bases[b].p, 4, q))
            return 0;
        m = fmin(m, boundary_dist(fp->bases[b].p, 4, q));
    }
    return m;
}

/* ====================================================================================================
 * Properties: distance and overlap
 * ==================================================================================================== */

#define SEED_DIST 0x5eed0001u

START_TEST(prop_distance_symmetric_nonnegative_and_zero_exactly_on_contact)
{
    prop_begin();
    int contacts = 0, apart = 0;
    for (int kase = 0; kase < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_DIST, (uint64_t)kase);
        U a, b;
        int mode = make_pair(&r, &a, &b, 12);
        ctx_reset("distance", SEED_DIST, kase);
        ctx_add(" (%s)", mode_names[mode]);
        describe_unit("A", &a);
        describe_unit("B", &b);
        VlFootprint fa = fp_of(&a), fb = fp_of(&b);
        double dab = vl_footprint_distance(&fa, &fb), dba = vl_footprint_distance(&fb, &fa);
        double ref = ref_fp_dist(&fa, &fb);
        PCHECK(dab >= 0, "distance %.17g < 0", dab);
        PCHECK(fabs(dab - dba) <= 1e-12, "not symmetric: d(A,B) = %.17g, d(B,A) = %.17g", dab, dba);
        PCHECK(fabs(dab - ref) <= TOL, "distance %.17g, reference %.17g", dab, ref);
        if (ref <= 1e-12) {
            PCHECK(dab == 0.0, "footprints meet (reference %.3g) but distance is %.17g", ref, dab);
            contacts++;
        }
        if (ref > 1e-8) {
            PCHECK(dab > 0, "footprints %.17g apart but distance 0", ref);
            apart++;
        }
    }
    prop_end();
    /* The layouts must exercise both sides. */
    ck_assert_int_gt(contacts, NCASES / 5);
    ck_assert_int_gt(apart, NCASES / 5);
}
END_TEST

START_TEST(prop_overlap_area_positive_implies_distance_zero)
{
    prop_begin();
    int overlapping = 0;
    for (int kase = 0; kase < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_DIST + 1, (uint64_t)kase);
        U a, b;
        int mode = make_pair(&r, &a, &b, 12);
        if (mode == 0 && vl_rng_below(&r, 2)) /* bring half the random pairs close enough to overlap */
            b.pose.anchor = add(a.pose.anchor, scl(sub(b.pose.anchor, a.pose.anchor), 0.2));
        ctx_reset("overlap", SEED_DIST + 1, kase);
        ctx_add(" (%s)", mode_names[mode]);
        describe_unit("A", &a);
        describe_unit("B", &b);
        VlFootprint fa = fp_of(&a), fb = fp_of(&b);
        double d = vl_footprint_distance(&fa, &fb);
        double ov = vl_footprint_overlap_area(&fa, &fb), ov2 = vl_footprint_overlap_area(&fb, &fa);
        double ref = ref_overlap(&fa, &fb);
        PCHECK(ov >= 0, "overlap %.17g < 0", ov);
        PCHECK(fabs(ov - ov2) <= TOL, "overlap not symmetric: %.17g vs %.17g", ov, ov2);
        PCHECK(fabs(ov - ref) <= TOL, "overlap %.17g, reference %.17g", ov, ref);
        PCHECK(ov <= fmin(vl_footprint_area(&fa), vl_footprint_area(&fb)) + TOL, "overlap %.17g above an area", ov);
        if (ov > TOL) {
            PCHECK(d == 0.0, "overlap %.17g but distance %.17g", ov, d);
            overlapping++;
        }
        if (d > 0)
            PCHECK(ov <= 1e-12, "distance %.17g but overlap %.17g", d, ov);
    }
    prop_end();
    ck_assert_int_gt(overlapping, NCASES / 10);
}
END_TEST

/* A translation sweep against a prepared polygon gives the plain sweep's answers, bit for bit (the
 * charge search relies on it to keep its verdicts). */
START_TEST(prop_prepared_sweep_is_the_plain_sweep_bit_for_bit)
{
    prop_begin();
    int contacts = 0;
    for (int kase = 0; kase < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_DIST + 2, (uint64_t)kase);
        U a, b;
        int mode = make_pair(&r, &a, &b, 12);
        ctx_reset("prepared sweep", SEED_DIST + 2, kase);
        ctx_add(" (%s)", mode_names[mode]);
        describe_unit("A", &a);
        describe_unit("B", &b);
        VlFootprint fa = fp_of(&a), fb = fp_of(&b);
        /* along a's facing (the charge's run), a's side, and any way */
        VlVec2 dirs[3] = {scl(fa.fwd, 500), scl(fa.right, runif(&r, -5, 5)), {runif(&r, -9, 9), runif(&r, -9, 9)}};
        for (int i = 0; i < fa.nblocks; i++)
            for (int j = 0; j < fb.nblocks; j++) {
                VlSweepPrepared pb;
                PCHECK(vl_sweep_prepare(fb.blocks[j].p, 4, &pb), "a quad of %d points could not be prepared", 4);
                for (int k = 0; k < 3; k++) {
                    double t0 = 0, t1 = 0, u0 = 0, u1 = 0;
                    bool hit = vl_sweep_translate(fa.blocks[i].p, 4, fb.blocks[j].p, 4, dirs[k], &t0, &t1);
                    bool hit2 = vl_sweep_translate_prepared(fa.blocks[i].p, 4, &pb, dirs[k], &u0, &u1);
                    PCHECK(hit == hit2, "plain sweep %d, prepared %d", hit, hit2);
                    if (hit && hit2) {
                        PCHECK(memcmp(&t0, &u0, sizeof t0) == 0 && memcmp(&t1, &u1, sizeof t1) == 0,
                               "plain [%.17g, %.17g], prepared [%.17g, %.17g]", t0, t1, u0, u1);
                        contacts++;
                    }
                }
            }
    }
    prop_end();
    ck_assert_int_gt(contacts, NCASES / 5);
}
END_TEST

/* The bounds of a turning polygon as first written: every corner's end point and the circle's extreme
 * points the turn passes, each found with atan2 (the sweep now skips the ones certainly not passed). */
static VlBox ref_rotate_bounds(const VlVec2 *a, int na, VlVec2 c, double deg)
{
    double sign = deg >= 0 ? 1 : -1, limit = fabs(deg);
    VlBox b = {{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
    static const VlVec2 dirs[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    for (int i = 0; i < na; i++) {
        VlVec2 P = vl_v2_sub(a[i], c);
        double r = vl_v2_len(P);
        VlVec2 pts[6];
        int n = 0;
        pts[n++] = a[i];
        pts[n++] = vl_rotate_about(a[i], c, deg);
        for (int k = 0; k < 4 && r > 0; k++) {
            double ccw = atan2(vl_v2_cross(P, dirs[k]), vl_v2_dot(P, dirs[k])) * (180.0 / 3.14159265358979323846);
            double ang = sign > 0 ? -ccw : ccw;
            if (ang < 0)
                ang += 360.0;
            if (ang <= limit)
                pts[n++] = vl_v2_mad(c, dirs[k], r);
        }
        for (int k = 0; k < n; k++) {
            b.lo.x = fmin(b.lo.x, pts[k].x);
            b.lo.y = fmin(b.lo.y, pts[k].y);
            b.hi.x = fmax(b.hi.x, pts[k].x);
            b.hi.y = fmax(b.hi.y, pts[k].y);
        }
    }
    return b;
}

START_TEST(prop_rotate_bounds_is_the_reference_bit_for_bit)
{
    prop_begin();
    for (int kase = 0; kase < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_DIST + 3, (uint64_t)kase);
        U a, b;
        int mode = make_pair(&r, &a, &b, 12);
        ctx_reset("rotate bounds", SEED_DIST + 3, kase);
        ctx_add(" (%s)", mode_names[mode]);
        describe_unit("A", &a);
        VlFootprint fa = fp_of(&a);
        /* about a front corner (a wheel) or anywhere; small turns, near 89 and 90 degrees, and large ones */
        VlVec2 c = vl_rng_below(&r, 2) ? fa.box.p[vl_rng_below(&r, 2)] : (VlVec2){runif(&r, -20, 20), runif(&r, -20, 20)};
        static const double fixed[] = {0, 1e-9, 45, 88.999, 89, 90, 180, 359};
        double deg = vl_rng_below(&r, 3) ? runif(&r, -120, 120) : fixed[vl_rng_below(&r, 8)];
        if (vl_rng_below(&r, 2))
            deg = -deg;
        ctx_add(" centre (%.17g, %.17g), %.17g degrees", c.x, c.y, deg);
        VlBox got = vl_sweep_rotate_bounds(fa.blocks[0].p, 4, c, deg), want = ref_rotate_bounds(fa.blocks[0].p, 4, c, deg);
        PCHECK(memcmp(&got, &want, sizeof got) == 0, "bounds (%.17g, %.17g)-(%.17g, %.17g), reference (%.17g, %.17g)-(%.17g, %.17g)",
               got.lo.x, got.lo.y, got.hi.x, got.hi.y, want.lo.x, want.lo.y, want.hi.x, want.hi.y);
    }
    prop_end();
}
END_TEST

/* ====================================================================================================
 * Properties: zones and the corridor
 * ==================================================================================================== */

#define SEED_ZONE 0x5eed0002u

START_TEST(prop_jr3_chg_2_in_zone_iff_zone_distance_zero)
{
    prop_begin();
    int in = 0, out = 0;
    for (int kase = 0; kase < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_ZONE, (uint64_t)kase);
        U a, b;
        int mode = make_pair(&r, &a, &b, VL_PRIMARY_ZONE_DEPTH);
        ctx_reset("primary zone", SEED_ZONE, kase);
        ctx_add(" (%s)", mode_names[mode]);
        describe_unit("from", &a);
        describe_unit("target", &b);
        VlFootprint fa = fp_of(&a), fb = fp_of(&b);
        VlQuad z = vl_zone_ahead(&fa, VL_PRIMARY_ZONE_DEPTH);
        bool lib_in = vl_in_primary_zone(&fa, &fb);
        double zd = vl_footprint_distance_to_convex(&fb, z.p, 4);
        PCHECK(lib_in == (zd == 0.0), "in_primary_zone %d but distance to the zone %.17g", lib_in, zd);
        /* And against the reference zone. */
        VlVec2 zp[4];
        ahead_poly(&fa, 12, zp);
        double ref = ref_fp_poly_dist(&fb, zp, 4);
        if (!ambiguous(ref))
            PCHECK(lib_in == (ref <= TOL), "in_primary_zone %d, reference distance to the zone %.17g", lib_in, ref);
        lib_in ? in++ : out++;
    }
    prop_end();
    ck_assert_int_gt(in, NCASES / 10);
    ck_assert_int_gt(out, NCASES / 10);
}
END_TEST

START_TEST(prop_gor_art_1_in_arc_matches_reference)
{
    prop_begin();
    int in = 0, out = 0;
    for (int kase = 0; kase < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_ZONE + 1, (uint64_t)kase);
        U a, b;
        int mode = make_pair(&r, &a, &b, 12);
        ctx_reset("artillery arc", SEED_ZONE + 1, kase);
        ctx_add(" (%s)", mode_names[mode]);
        describe_unit("from", &a);
        describe_unit("target", &b);
        VlFootprint fa = fp_of(&a), fb = fp_of(&b);
        VlVec2 ap[4];
        arc_poly(&fa, ap);
        double ref = ref_fp_poly_dist(&fb, ap, 4);
        bool lib_in = vl_in_artillery_arc(&fa, &fb);
        if (!ambiguous(ref))
            PCHECK(lib_in == (ref <= TOL), "in_artillery_arc %d, reference distance to the arc %.17g", lib_in, ref);
        lib_in ? in++ : out++;
    }
    prop_end();
    ck_assert_int_gt(in, NCASES / 10);
    ck_assert_int_gt(out, NCASES / 10);
}
END_TEST

START_TEST(prop_gor_fire_1_exposure_bounded_and_zero_outside)
{
    prop_begin();
    int in = 0, out = 0;
    for (int kase = 0; kase < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_ZONE + 2, (uint64_t)kase);
        U a, b;
        static const VlWeapon weapons[] = {VL_RIFLED, VL_SMOOTHBORE, VL_CARBINE, VL_BREECHLOADER};
        VlWeapon w = weapons[vl_rng_below(&r, 4)];
        double range = vl_weapon_max_range(w);
        int mode = make_pair(&r, &a, &b, range);
        ctx_reset("corridor", SEED_ZONE + 2, kase);
        ctx_add(" (%s) weapon %s range %g", mode_names[mode], vl_weapon_name(w), range);
        describe_unit("from", &a);
        describe_unit("target", &b);
        VlFootprint fa = fp_of(&a), fb = fp_of(&b);
        double e = -1;
        bool lib_in = vl_fire_corridor(&fa, range, &fb, &e);
        double pw = projected_width(&fa, &fb), fw = len(sub(fa.box.p[1], fa.box.p[0]));
        PCHECK(e >= 0, "exposure %.17g < 0", e);
        PCHECK(e <= pw + TOL, "exposure %.17g above the target's projected width %.17g", e, pw);
        PCHECK(e <= fw + TOL, "exposure %.17g above the corridor width %.17g", e, fw);
        if (!lib_in)
            PCHECK(e == 0.0, "not in the corridor but exposure %.17g", e);
        VlVec2 cp[4];
        ahead_poly(&fa, range, cp);
        double dist = ref_fp_poly_dist(&fb, cp, 4);
        if (!ambiguous(dist)) {
            bool ref_in;
            double ref_e = ref_exposure(&fa, range, &fb, &ref_in);
            PCHECK(lib_in == (dist <= TOL), "in_fire_corridor %d, reference distance to the corridor %.17g", lib_in,
                   dist);
            PCHECK(fabs(e - ref_e) <= TOL, "exposure %.17g, reference %.17g", e, ref_e);
        }
        lib_in ? in++ : out++;
    }
    prop_end();
    ck_assert_int_gt(in, NCASES / 10);
    ck_assert_int_gt(out, NCASES / 10);
}
END_TEST

/* ====================================================================================================
 * Property: a rigid motion of the whole layout changes no answer
 * ==================================================================================================== */

#define SEED_MOTION 0x5eed0003u

typedef struct PairAnswers {
    double dist, exposure;
    bool zone, arc, corridor;
    double ref_dist, ref_zone, ref_arc, ref_corr;
} PairAnswers;

static PairAnswers answers(const U *a, const U *b, double range)
{
    VlFootprint fa = fp_of(a), fb = fp_of(b);
    PairAnswers p;
    p.dist = vl_footprint_distance(&fa, &fb);
    p.zone = vl_in_primary_zone(&fa, &fb);
    p.arc = vl_in_artillery_arc(&fa, &fb);
    p.corridor = vl_fire_corridor(&fa, range, &fb, &p.exposure);
    VlVec2 poly[4];
    p.ref_dist = ref_fp_dist(&fa, &fb);
    ahead_poly(&fa, 12, poly);
    p.ref_zone = ref_fp_poly_dist(&fb, poly, 4);
    arc_poly(&fa, poly);
    p.ref_arc = ref_fp_poly_dist(&fb, poly, 4);
    ahead_poly(&fa, range, poly);
    p.ref_corr = ref_fp_poly_dist(&fb, poly, 4);
    return p;
}

START_TEST(prop_rigid_motion_preserves_distance_zones_corridor)
{
    prop_begin();
    int compared = 0;
    for (int kase = 0; kase < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_MOTION, (uint64_t)kase);
        U a, b;
        static const double ranges[] = {18, 6, 12, 24};
        double range = ranges[vl_rng_below(&r, 4)];
        int mode = make_pair(&r, &a, &b, vl_rng_below(&r, 2) ? 12 : range);
        Motion m = rand_motion(&r);
        U a2 = move_unit(&m, &a), b2 = move_unit(&m, &b);
        ctx_reset("rigid motion", SEED_MOTION, kase);
        ctx_add(" (%s) range %g, motion: turn %.17g about (%.17g, %.17g), shift (%.17g, %.17g)", mode_names[mode],
                range, m.phi, m.c.x, m.c.y, m.tr.x, m.tr.y);
        describe_unit("A", &a);
        describe_unit("B", &b);
        describe_unit("A moved", &a2);
        describe_unit("B moved", &b2);
        for (int dir = 0; dir < 2; dir++) {
            const U *p = dir ? &b : &a, *q = dir ? &a : &b, *p2 = dir ? &b2 : &a2, *q2 = dir ? &a2 : &b2;
            PairAnswers x = answers(p, q, range), y = answers(p2, q2, range);
            const char *which = dir ? "B->A" : "A->B";
            if (!ambiguous(x.ref_dist) && !ambiguous(y.ref_dist)) {
                PCHECK(fabs(x.dist - y.dist) <= TOL, "%s distance %.17g, moved %.17g", which, x.dist, y.dist);
                PCHECK((x.dist == 0) == (y.dist == 0), "%s distance %.17g, moved %.17g", which, x.dist, y.dist);
            }
            if (!ambiguous(x.ref_zone) && !ambiguous(y.ref_zone))
                PCHECK(x.zone == y.zone, "%s in_primary_zone %d, moved %d (zone distance %.3g)", which, x.zone,
                       y.zone, x.ref_zone);
            if (!ambiguous(x.ref_arc) && !ambiguous(y.ref_arc))
                PCHECK(x.arc == y.arc, "%s in_artillery_arc %d, moved %d (arc distance %.3g)", which, x.arc, y.arc,
                       x.ref_arc);
            if (!ambiguous(x.ref_corr) && !ambiguous(y.ref_corr)) {
                PCHECK(x.corridor == y.corridor, "%s in_fire_corridor %d, moved %d (corridor distance %.3g)", which,
                       x.corridor, y.corridor, x.ref_corr);
                PCHECK(fabs(x.exposure - y.exposure) <= TOL, "%s exposure %.17g, moved %.17g", which, x.exposure,
                       y.exposure);
            }
            compared++;
        }
    }
    prop_end();
    ck_assert_int_eq(compared, 2 * NCASES);
}
END_TEST

/* ====================================================================================================
 * Properties: line of sight
 * ==================================================================================================== */

#define SEED_SIGHT 0x5eed0004u

static VlFootprint g_fps[MAXU];

static void layout_footprints(const Layout *L)
{
    for (int i = 0; i < L->nu; i++)
        g_fps[i] = fp_of(&L->u[i]);
}

START_TEST(prop_rigid_motion_preserves_line_of_sight)
{
    prop_begin();
    int pairs = 0, clear = 0, blocked = 0;
    for (int kase = 0; pairs < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_SIGHT, (uint64_t)kase);
        Layout L;
        rand_layout(&r, &L, true);
        Motion m = rand_motion(&r);
        Layout M = move_layout(&m, &L);
        ctx_reset("sight under motion", SEED_SIGHT, kase);
        ctx_add(" motion: turn %.17g about (%.17g, %.17g), shift (%.17g, %.17g)", m.phi, m.c.x, m.c.y, m.tr.x,
                m.tr.y);
        describe_layout(&L);
        VlBattlefield *b1 = build(&L), *b2 = build(&M);
        for (int i = 0; i < L.nu; i++)
            for (int j = 0; j < L.nu; j++) {
                if (i == j)
                    continue;
                VlSight s1, s2;
                vl_sight(b1, i, j, &s1);
                vl_sight(b2, i, j, &s2);
                PCHECK(s1.clear == s2.clear, "sight %d -> %d: %s, after the motion %s", i, j,
                       s1.clear ? "clear" : "blocked", s2.clear ? "clear" : "blocked");
                pairs++;
                s1.clear ? clear++ : blocked++;
            }
        vl_battlefield_destroy(b1);
        vl_battlefield_destroy(b2);
    }
    prop_end();
    ck_assert_int_gt(clear, NCASES / 10);
    ck_assert_int_gt(blocked, NCASES / 20);
}
END_TEST

/* The witness of a clear answer: starts on the front face, ends on the target, enters no obstacle. */
static void check_witness(const Layout *L, const VlSight *s, int from, int to)
{
    const VlFootprint *ff = &g_fps[from], *tf = &g_fps[to];
    VlVec2 p = s->witness[0], q = s->witness[1];
    double df = pt_seg(p, ff->box.p[0], ff->box.p[1]);
    PCHECK(df <= TOL, "sight %d -> %d: witness start (%.17g, %.17g) is %.3g off the front face", from, to, p.x, p.y,
           df);
    double dt = dist_to_fp(tf, q);
    PCHECK(dt <= TOL, "sight %d -> %d: witness end (%.17g, %.17g) is %.3g off the target", from, to, q.x, q.y, dt);
    Obst obs[MAXP + MAXU * VL_MAX_BASES];
    int no = obstacles(L, g_fps, from, to, obs);
    for (int k = 0; k < no; k++) {
        double depth = seg_depth_in(p, q, obs[k].p, obs[k].n);
        PCHECK(depth <= 1e-7, "sight %d -> %d: witness (%.17g, %.17g)-(%.17g, %.17g) enters %s %.3g deep", from, to,
               p.x, p.y, q.x, q.y, obs[k].what, depth);
    }
}

START_TEST(prop_sight_clear_without_obstacles)
{
    prop_begin();
    int pairs = 0;
    for (int kase = 0; pairs < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_SIGHT + 1, (uint64_t)kase);
        /* Two units alone, with only terrain that does not block sight (rough, hill, water, entrenchment). */
        Layout L;
        rand_layout(&r, &L, false);
        U a, b;
        int mode = make_pair(&r, &a, &b, 12);
        L.nu = 2;
        L.u[0] = a;
        L.u[1] = b;
        ctx_reset("sight without obstacles", SEED_SIGHT + 1, kase);
        ctx_add(" (%s)", mode_names[mode]);
        describe_layout(&L);
        layout_footprints(&L);
        VlBattlefield *bf = build(&L);
        for (int dir = 0; dir < 2; dir++) {
            VlSight s;
            vl_sight(bf, dir, 1 - dir, &s);
            PCHECK(s.clear, "sight %d -> %d blocked with no obstacle (%d blockers)", dir, 1 - dir, s.nblockers);
            check_witness(&L, &s, dir, 1 - dir);
            pairs++;
        }
        vl_battlefield_destroy(bf);
    }
    prop_end();
}
END_TEST

START_TEST(prop_sight_witness_is_a_clear_segment)
{
    prop_begin();
    int checked = 0;
    for (int kase = 0; checked < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_SIGHT + 2, (uint64_t)kase);
        Layout L;
        rand_layout(&r, &L, true);
        ctx_reset("sight witness", SEED_SIGHT + 2, kase);
        describe_layout(&L);
        layout_footprints(&L);
        VlBattlefield *bf = build(&L);
        for (int i = 0; i < L.nu; i++)
            for (int j = 0; j < L.nu; j++) {
                if (i == j)
                    continue;
                VlSight s;
                vl_sight(bf, i, j, &s);
                if (!s.clear)
                    continue;
                check_witness(&L, &s, i, j);
                checked++;
            }
        vl_battlefield_destroy(bf);
    }
    prop_end();
}
END_TEST

/* vl_sight_all (one obstacle list for all pairs, no grid) gives exactly vl_sight's answer on every
 * ordered pair of a random layout, blocking terrain or not, with a unit taken off the table now and
 * then (it must then block nothing). */
START_TEST(prop_sight_all_pairs_is_vl_sight_pair_by_pair)
{
    prop_begin();
    int compared = 0, blocked = 0;
    for (int kase = 0; compared < 4 * NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_SIGHT + 5, (uint64_t)kase);
        Layout L;
        rand_layout(&r, &L, vl_rng_below(&r, 8) != 0);
        int off = vl_rng_below(&r, 4) == 0 ? (int)vl_rng_below(&r, (uint32_t)L.nu) : -1;
        ctx_reset("sight all pairs", SEED_SIGHT + 5, kase);
        ctx_add(" unit off the table: %d", off);
        describe_layout(&L);
        VlBattlefield *bf = build(&L);
        if (off >= 0)
            vl_battlefield_set_active(bf, off, false);
        bool clear[MAXU * MAXU];
        PCHECK(vl_sight_all(bf, clear), "vl_sight_all failed (%d units)", L.nu);
        for (int i = 0; i < L.nu; i++)
            for (int j = 0; j < L.nu; j++) {
                if (i == j)
                    continue;
                VlSight s;
                vl_sight(bf, i, j, &s);
                PCHECK(s.clear == clear[i * L.nu + j], "sight %d -> %d: vl_sight %s, vl_sight_all %s", i, j,
                       s.clear ? "clear" : "blocked", clear[i * L.nu + j] ? "clear" : "blocked");
                blocked += !s.clear;
                compared++;
            }
        vl_battlefield_destroy(bf);
    }
    prop_end();
    ck_assert_int_ge(blocked, NCASES / 4);
}
END_TEST

/* A blocked answer must leave no clear segment: sample segments from the front face to the target and
 * require that none stays 1e-6 clear of every obstacle. */
START_TEST(prop_sight_blocked_has_no_clear_sampled_segment)
{
    prop_begin();
    int checked = 0;
    for (int kase = 0; checked < NCASES; kase++) {
        VlRng r;
        vl_rng_seed(&r, SEED_SIGHT + 3, (uint64_t)kase);
        Layout L;
        rand_layout(&r, &L, true);
        ctx_reset("sight blocked", SEED_SIGHT + 3, kase);
        describe_layout(&L);
        layout_footprints(&L);
        VlBattlefield *bf = build(&L);
        for (int i = 0; i < L.nu; i++)
            for (int j = 0; j < L.nu; j++) {
                if (i == j)
                    continue;
                VlSight s;
                vl_sight(bf, i, j, &s);
                if (s.clear)
                    continue;
                PCHECK(s.nblockers > 0, "sight %d -> %d blocked but names no blocker", i, j);
                Obst obs[MAXP + MAXU * VL_MAX_BASES];
                int no = obstacles(&L, g_fps, i, j, obs);
                const VlFootprint *ff = &g_fps[i], *tf = &g_fps[j];
                for (int k = 0; k < 300; k++) {
                    double u = k < 2 ? k : runit(&r);
                    VlVec2 p = add(ff->box.p[0], scl(sub(ff->box.p[1], ff->box.p[0]), u));
                    const VlQuad *tb = &tf->bases[vl_rng_below(&r, (uint32_t)tf->nbases)];
                    double x = runit(&r), y = runit(&r);
                    if (k % 3 == 0) { /* a corner */
                        x = (double)vl_rng_below(&r, 2);
                        y = (double)vl_rng_below(&r, 2);
                    }
                    VlVec2 top = add(tb->p[0], scl(sub(tb->p[1], tb->p[0]), x));
                    VlVec2 bot = add(tb->p[3], scl(sub(tb->p[2], tb->p[3]), x));
                    VlVec2 q = add(top, scl(sub(bot, top), y));
                    double m = INFINITY;
                    for (int o = 0; o < no && m > 1e-6; o++)
                        m = fmin(m, seg_poly_dist(p, q, obs[o].p, obs[o].n));
                    PCHECK(m <= 1e-6,
                           "sight %d -> %d reported blocked, but (%.17g, %.17g)-(%.17g, %.17g) clears every "
                           "obstacle by %.3g",
                           i, j, p.x, p.y, q.x, q.y, m);
                }
                checked++;
            }
        vl_battlefield_destroy(bf);
    }
    prop_end();
}
END_TEST

/* ====================================================================================================
 * Shrunk counterexamples: the smallest hand-made layouts showing each kind of property failure seen
 * above, so that a fix can be checked directly. Expected answers are worked out in the comments.
 * ==================================================================================================== */

static void rect_poly(Layout *L, VlTerrainType type, double x0, double y0, double x1, double y1)
{
    int k = L->np++;
    L->ptype[k] = type;
    L->npts[k] = 4;
    L->pts[k][0] = v2(x0, y0);
    L->pts[k][1] = v2(x1, y0);
    L->pts[k][2] = v2(x1, y1);
    L->pts[k][3] = v2(x0, y1);
}

static void add_u(Layout *L, VlUnitType type, VlFormation form, double x, double y, double facing)
{
    U *u = &L->u[L->nu++];
    u->type = type;
    u->form = form;
    u->weapon = type == VL_INFANTRY || type == VL_CAVALRY ? VL_RIFLED : VL_WEAPON_NONE;
    u->spec = vl_base_spec_default(type);
    u->pose = (VlPose){{x, y}, facing};
}

/* Sight from unit 0 to unit 1 must be clear, with a valid witness. */
static void expect_clear(const char *name, const Layout *L)
{
    prop_begin();
    g_case = 0;
    snprintf(g_ctx, sizeof g_ctx, "%s", name);
    describe_layout(L);
    layout_footprints(L);
    VlBattlefield *bf = build(L);
    VlSight s;
    vl_sight(bf, 0, 1, &s);
    PCHECK(s.clear, "sight 0 -> 1 reported blocked (%d blockers, %d lines tested)", s.nblockers, s.lines_tested);
    if (s.clear)
        check_witness(L, &s, 0, 1);
    vl_battlefield_destroy(bf);
    prop_end();
}

START_TEST(shrunk_sight_front_face_crossing_target_gives_witness_on_both)
{
    /* Skirmishers at (40, 10) facing 0: front face y = 10, x in [40 - 1.5W, 40 + 1.5W], spanning the gap
     * x in [40 - 0.5W, 40 + 0.5W]. A general at (40, 10.5) facing 0 (x in [40 - G/2, 40 + G/2], y in
     * [10.5 - G, 10.5]) stands in the gap, 30 mm clear of both bases, and the front face crosses it with no
     * corner of either on the other. Clear, with a zero-length witness at a common point such as (40, 10). */
    Layout L;
    memset(&L, 0, sizeof L);
    add_u(&L, VL_INFANTRY, VL_FORM_SKIRMISH, 40, 10, 0);
    add_u(&L, VL_GENERAL, VL_FORM_NONE, 40, 10.5, 0);
    expect_clear("front face crossing the target", &L);
}
END_TEST

START_TEST(shrunk_sight_target_corner_below_woods_edge_is_clear)
{
    /* Firer: line at (48, 10) facing 0, front face x in [48 - W, 48 + W]. Target: a general at facing 45
     * whose lowest corner is (48, 20); its other corners (48 -/+ G/sqrt2, 20 + G/sqrt2) and (48, 20 + G sqrt2)
     * are inside woods that start at y = 20.3. The segment (48, 10)-(48, 20) enters nothing: clear. */
    Layout L;
    memset(&L, 0, sizeof L);
    double k = sqrt(0.5), g = TU_GEN_W;
    add_u(&L, VL_INFANTRY, VL_FORM_LINE, 48, 10, 0);
    add_u(&L, VL_GENERAL, VL_FORM_NONE, 48 + k * g / 2, 20 + 1.5 * k * g, 45);
    rect_poly(&L, VL_T_WOODS, 30, 20.3, 70, 40);
    expect_clear("target corner below the woods edge", &L);
}
END_TEST

START_TEST(shrunk_sight_slot_between_woods_over_target_is_clear)
{
    /* Firer: line at (48, 10) facing 0. Target: line at (48, 20) facing 180, x in [48 - W, 48 + W], y in
     * [20, 20 + D]. Woods x <= 47.9 and x >= 48.1 for y in [19, 40] cover all of the target but the slot
     * x in (47.9, 48.1). The segment (48, 10)-(48, 20) passes up the slot: clear. */
    Layout L;
    memset(&L, 0, sizeof L);
    add_u(&L, VL_INFANTRY, VL_FORM_LINE, 48, 10, 0);
    add_u(&L, VL_INFANTRY, VL_FORM_LINE, 48, 20, 180);
    rect_poly(&L, VL_T_WOODS, 20, 19, 47.9, 40);
    rect_poly(&L, VL_T_WOODS, 48.1, 19, 80, 40);
    expect_clear("slot between two woods", &L);
}
END_TEST

START_TEST(shrunk_sight_front_face_flanks_in_woods_middle_is_clear)
{
    /* Firer: line at (48, 10) facing 0, front face x in [48 - W, 48 + W] = [44.06, 51.94]. Woods x in
     * [40, 45] and [51, 56], y in [5, 40], hold both ends of the front face and both ends of the target
     * (line at (48, 30) facing 180, x in [44.06, 51.94], y in [30, 30 + D]). The front face is free for x in
     * (45, 51): the segment (48, 10)-(48, 30) enters nothing, so the line is clear by docs/geometry.md. */
    Layout L;
    memset(&L, 0, sizeof L);
    add_u(&L, VL_INFANTRY, VL_FORM_LINE, 48, 10, 0);
    add_u(&L, VL_INFANTRY, VL_FORM_LINE, 48, 30, 180);
    rect_poly(&L, VL_T_WOODS, 40, 5, 45, 40);
    rect_poly(&L, VL_T_WOODS, 51, 5, 56, 40);
    expect_clear("front face flanks in woods", &L);
}
END_TEST

static Suite *props_suite(void)
{
    Suite *s = suite_create("props");
    TCase *tc = tcase_create("measures");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, prop_distance_symmetric_nonnegative_and_zero_exactly_on_contact);
    tcase_add_test(tc, prop_overlap_area_positive_implies_distance_zero);
    tcase_add_test(tc, prop_prepared_sweep_is_the_plain_sweep_bit_for_bit);
    tcase_add_test(tc, prop_rotate_bounds_is_the_reference_bit_for_bit);
    tcase_add_test(tc, prop_jr3_chg_2_in_zone_iff_zone_distance_zero);
    tcase_add_test(tc, prop_gor_art_1_in_arc_matches_reference);
    tcase_add_test(tc, prop_gor_fire_1_exposure_bounded_and_zero_outside);
    tcase_add_test(tc, prop_rigid_motion_preserves_distance_zones_corridor);
    suite_add_tcase(s, tc);
    tc = tcase_create("sight");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, prop_rigid_motion_preserves_line_of_sight);
    tcase_add_test(tc, prop_sight_clear_without_obstacles);
    tcase_add_test(tc, prop_sight_witness_is_a_clear_segment);
    tcase_add_test(tc, prop_sight_blocked_has_no_clear_sampled_segment);
    tcase_add_test(tc, prop_sight_all_pairs_is_vl_sight_pair_by_pair);
    suite_add_tcase(s, tc);
    tc = tcase_create("shrunk");
    tcase_add_test(tc, shrunk_sight_front_face_crossing_target_gives_witness_on_both);
    tcase_add_test(tc, shrunk_sight_target_corner_below_woods_edge_is_clear);
    tcase_add_test(tc, shrunk_sight_slot_between_woods_over_target_is_clear);
    tcase_add_test(tc, shrunk_sight_front_face_flanks_in_woods_middle_is_clear);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(props_suite()); }
