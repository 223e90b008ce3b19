/**
 * @file geom.h
 * @brief Doubles-only 2D geometry in inches, used by every rule that measures the table.
 *
 * Offers:
 *  - VlVec2 and short vector verbs (vl_v2_add, vl_v2_sub, vl_v2_scale, vl_v2_dot, vl_v2_cross, vl_v2_perp, ...).
 *  - Facing helpers: vl_facing_forward(), vl_facing_right() (compass degrees, 0 = north = +y).
 *  - VlQuad (a rectangle as four corners) and convex-polygon tools: distance, overlap area, half-plane clipping.
 *  - Simple-polygon tools: signed area, point-in-polygon, simplicity check.
 *
 * Tolerance: every closed-set test ("inside or on", "touching") treats gaps below VL_EPS (1e-9 in,
 * about 25 nanometres) as contact, so that a footprint placed exactly on a boundary in exact arithmetic is
 * still on it after floating-point rounding. Distances below VL_EPS are reported as exactly 0.
 */
#ifndef VOLLEY_GEOM_H
#define VOLLEY_GEOM_H

#include <math.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Contact tolerance in inches (see the file comment).
#define VL_EPS 1e-9
/// Millimetres per inch, exactly.
#define VL_MM_PER_IN 25.4

/// A point or vector on the table, in inches; x east, y north.
typedef struct VlVec2 {
    double x, y;
} VlVec2;

static inline VlVec2 vl_v2(double x, double y) { return (VlVec2){x, y}; }
static inline VlVec2 vl_v2_add(VlVec2 a, VlVec2 b) { return (VlVec2){a.x + b.x, a.y + b.y}; }
static inline VlVec2 vl_v2_sub(VlVec2 a, VlVec2 b) { return (VlVec2){a.x - b.x, a.y - b.y}; }
static inline VlVec2 vl_v2_scale(VlVec2 a, double s) { return (VlVec2){a.x * s, a.y * s}; }
static inline VlVec2 vl_v2_neg(VlVec2 a) { return (VlVec2){-a.x, -a.y}; }
static inline double vl_v2_dot(VlVec2 a, VlVec2 b) { return a.x * b.x + a.y * b.y; }
/// z of the 3D cross product: > 0 when b is counter-clockwise of a.
static inline double vl_v2_cross(VlVec2 a, VlVec2 b) { return a.x * b.y - a.y * b.x; }
/// a turned 90 degrees counter-clockwise.
static inline VlVec2 vl_v2_perp(VlVec2 a) { return (VlVec2){-a.y, a.x}; }
/// a + b * s, written out so no compiler contracts it into a fused multiply-add.
static inline VlVec2 vl_v2_mad(VlVec2 a, VlVec2 b, double s) { return (VlVec2){a.x + b.x * s, a.y + b.y * s}; }
/* Inline: the sweeps and searches call these in their innermost loops. */
static inline double vl_v2_len(VlVec2 a) { return sqrt(a.x * a.x + a.y * a.y); }
static inline double vl_v2_dist(VlVec2 a, VlVec2 b) { return vl_v2_len(vl_v2_sub(a, b)); }
static inline VlVec2 vl_v2_lerp(VlVec2 a, VlVec2 b, double t) { return vl_v2_mad(a, vl_v2_sub(b, a), t); }
/// fmin and fmax inline, with the answers glibc's give on x86-64 (on a tie the second, so the same
/// signed zero; a NaN is passed over, and of two NaNs the first is kept): the geometry's loops call
/// them where a call costs more than the comparison.
static inline double vl_fmin(double x, double y) { return y != y ? x : x < y ? x : y; }
static inline double vl_fmax(double x, double y) { return y != y ? x : x > y ? x : y; }

/// Unit vector pointing along compass bearing @p deg (0 = north = +y, 90 = east = +x): (sin t, cos t).
VlVec2 vl_facing_forward(double deg);
/// Unit vector to the right of a unit facing @p deg: (cos t, -sin t).
VlVec2 vl_facing_right(double deg);
/// sin and cos of an angle in degrees, exact at multiples of 90.
void vl_sincos_deg(double deg, double *s, double *c);

/// A rectangle (or any convex quadrilateral) as four corners. For a base or a face-aligned box the
/// order is front-left, front-right, rear-right, rear-left (clockwise seen from above).
typedef struct VlQuad {
    VlVec2 p[4];
} VlQuad;

/// Axis-aligned bounding box.
typedef struct VlBox {
    VlVec2 lo, hi;
} VlBox;

VlBox vl_box_of_points(const VlVec2 *pts, int n);
static inline bool vl_box_overlap(VlBox a, VlBox b, double pad)
{
    return a.lo.x <= b.hi.x + pad && b.lo.x <= a.hi.x + pad && a.lo.y <= b.hi.y + pad && b.lo.y <= a.hi.y + pad;
}

/// Distance from point p to segment ab.
double vl_point_segment_dist(VlVec2 p, VlVec2 a, VlVec2 b);
/// True when two convex polygons are more than VL_EPS apart (a separating axis exists).
bool vl_convex_apart(const VlVec2 *a, int na, const VlVec2 *b, int nb);
/// Least distance between two convex polygons (either winding); 0 when they touch or overlap
/// (within VL_EPS).
double vl_convex_distance(const VlVec2 *a, int na, const VlVec2 *b, int nb);
/// Closest points of two convex polygons (pa on a, pb on b); returns the distance as above.
double vl_convex_closest(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 *pa, VlVec2 *pb);
/// Area of the intersection of two convex polygons (either winding).
double vl_convex_overlap_area(const VlVec2 *a, int na, const VlVec2 *b, int nb);

/// A closed half-plane { x : dot(n, x) >= c - VL_EPS }, n a unit vector.
typedef struct VlHalfPlane {
    VlVec2 n;
    double c;
} VlHalfPlane;
/// The half-plane to the left of the directed line a→b (inside of a counter-clockwise polygon).
VlHalfPlane vl_halfplane_left_of(VlVec2 a, VlVec2 b);
/// Clip polygon @p in (n points) by a half-plane into @p out (room for n + 1 points); returns the count.
/// Works for concave subjects too (Sutherland–Hodgman): the area of the result is exact.
int vl_clip_halfplane(const VlVec2 *in, int n, VlHalfPlane h, VlVec2 *out);
/// Clip a convex polygon by several half-planes; @p out needs room for n + nh points. Returns the count
/// (0 when nothing of the polygon lies in the closed region).
int vl_clip_convex(const VlVec2 *in, int n, const VlHalfPlane *hs, int nh, VlVec2 *out);

/// Signed area (positive counter-clockwise).
double vl_poly_signed_area(const VlVec2 *p, int n);
/// -1 strictly outside, 0 on the boundary (within VL_EPS), +1 strictly inside.
int vl_poly_point_side(const VlVec2 *p, int n, VlVec2 q);
/// True when the polygon has at least 3 vertices, non-zero area and no edge touches a
/// non-adjacent edge. On failure, *why names the offending edges.
bool vl_poly_is_simple(const VlVec2 *p, int n, char *why, int why_size);
/// True when the polygon (either winding, no repeated points) is convex; collinear points allowed.
bool vl_poly_is_convex(const VlVec2 *p, int n);
/// Convex hull of @p n points (reorders them), counter-clockwise into @p out (room for n + 1).
/// Returns the number of hull vertices; collinear points are dropped.
int vl_convex_hull(VlVec2 *pts, int n, VlVec2 *out);
/// Rotate p about c by @p deg degrees clockwise (the way facings turn).
VlVec2 vl_rotate_about(VlVec2 p, VlVec2 c, double deg);

/* ---- Moving shapes (sweep.c): what a unit meets on its way ---- */

/// The closed interval of t for which convex polygon @p a moved by t * v touches or overlaps convex
/// polygon @p b. False when it never does (or v is zero and they do not touch). Touching is within
/// VL_EPS (D-GEOM-1): *t0 is never before the first moment they are within it nor more than 1e-6 in
/// of travel after it (*t1 likewise at the end), even when the motion runs along an edge.
bool vl_sweep_translate(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 v, double *t0, double *t1);
/// Convex polygon @p b (at most VL_SWEEP_PREP_MAX vertices) with its edge axes and its shadow on each
/// worked out once, for many translation sweeps against it.
#define VL_SWEEP_PREP_MAX 8
typedef struct VlSweepPrepared {
    int n;
    VlVec2 p[VL_SWEEP_PREP_MAX], axis[VL_SWEEP_PREP_MAX];
    double len[VL_SWEEP_PREP_MAX], lo[VL_SWEEP_PREP_MAX], hi[VL_SWEEP_PREP_MAX];
} VlSweepPrepared;
/// False when @p nb is out of range (0 or more than VL_SWEEP_PREP_MAX).
bool vl_sweep_prepare(const VlVec2 *b, int nb, VlSweepPrepared *out);
/// vl_sweep_translate against a prepared polygon: the same answers, bit for bit.
bool vl_sweep_translate_prepared(const VlVec2 *a, int na, const VlSweepPrepared *b, VlVec2 v, double *t0, double *t1);
/// Turning convex polygon @p a about @p c through @p deg degrees (clockwise when positive): the least
/// turn in [0, |deg|] at which it touches polygon @p b (any simple polygon). False when it never does.
bool vl_sweep_rotate_contact(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 c, double deg,
                             double *first);
/// True when, at some moment of the turn, @p a overlaps polygon @p b with positive area (more than
/// area_eps square inches).
bool vl_sweep_rotate_overlaps(const VlVec2 *a, int na, const VlVec2 *b, int nb, VlVec2 c, double deg,
                              double area_eps);
/// Area of convex polygon @p a inside any simple polygon @p p.
double vl_convex_poly_overlap_area(const VlVec2 *a, int na, const VlVec2 *p, int np);
/// True when segment pq passes through the interior of convex polygon @p a (touching is not enough).
bool vl_segment_enters_convex(VlVec2 p, VlVec2 q, const VlVec2 *a, int na);
/// Bounding box of the points that @p a's vertices sweep while turning about c through @p deg degrees.
VlBox vl_sweep_rotate_bounds(const VlVec2 *a, int na, VlVec2 c, double deg);

/// The point where segments ab and cd cross (not parallel); false when they do not.
bool vl_segment_crossing(VlVec2 a, VlVec2 b, VlVec2 c, VlVec2 d, VlVec2 *x);
/// True when segments ab and cd share at least one point (within VL_EPS).
bool vl_segments_touch(VlVec2 a, VlVec2 b, VlVec2 c, VlVec2 d);

#ifdef __cplusplus
}
#endif
#endif
