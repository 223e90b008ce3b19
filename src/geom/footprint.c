/* Bases, footprints, faces and zones: docs/geometry.md "Bases", "Formations" and "Measures and zones". */
#include "volley/battlefield.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const unit_type_names[] = {"infantry", "cavalry", "artillery", "general"};
static const char *const formation_names[] = {"none",   "line",       "skirmish", "column",
                                              "square", "unlimbered", "limbered"};
static const char *const weapon_names[] = {"none", "rifled", "smoothbore", "carbine", "breechloader"};
static const char *const quality_names[] = {"raw", "seasoned", "veteran"};
static const char *const terrain_names[] = {"woods", "heavy_woods", "rough",  "building", "hill",  "water",
                                            "entrenchment", "road", "fence", "wall",     "hedge", "stream"};

#define NAME_OF(table, i) (((unsigned)(i) < sizeof table / sizeof table[0]) ? table[i] : "?")

static int parse_name(const char *const *table, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(table[i], s) == 0)
            return i;
    return -1;
}

const char *vl_unit_type_name(VlUnitType t) { return NAME_OF(unit_type_names, t); }
const char *vl_formation_name(VlFormation f) { return NAME_OF(formation_names, f); }
const char *vl_weapon_name(VlWeapon w) { return NAME_OF(weapon_names, w); }
const char *vl_quality_name(VlQuality q) { return NAME_OF(quality_names, q); }
const char *vl_terrain_type_name(VlTerrainType t) { return NAME_OF(terrain_names, t); }
int vl_unit_type_parse(const char *s) { return parse_name(unit_type_names, VL_UNIT_TYPE_COUNT, s); }
/* "none" is internal (generals have no formation field), so it does not parse. */
int vl_formation_parse(const char *s)
{
    int f = parse_name(formation_names, VL_FORMATION_COUNT, s);
    return f == VL_FORM_NONE ? -1 : f;
}
int vl_weapon_parse(const char *s)
{
    int w = parse_name(weapon_names, VL_WEAPON_COUNT, s);
    return w == VL_WEAPON_NONE ? -1 : w;
}
int vl_quality_parse(const char *s) { return parse_name(quality_names, VL_QUALITY_COUNT, s); }
int vl_terrain_type_parse(const char *s) { return parse_name(terrain_names, VL_TERRAIN_TYPE_COUNT, s); }

bool vl_terrain_blocks_sight(VlTerrainType t)
{
    return t == VL_T_WOODS || t == VL_T_HEAVY_WOODS || t == VL_T_BUILDING;
}

double vl_weapon_max_range(VlWeapon w)
{
    switch (w) {
    case VL_RIFLED: return 18.0;      /* GOR-FIRE-2: long range up to 18 in */
    case VL_SMOOTHBORE: return 6.0;   /* GOR-FIRE-3: smoothbore muskets short range only */
    case VL_CARBINE: return 12.0;     /* GOR-FIRE-3: carbines medium range at most */
    case VL_BREECHLOADER: return 24.0; /* GOR-FIRE-4: 8/16/24 in table */
    default: return 0.0;
    }
}

VlBaseSpec vl_base_spec_default(VlUnitType type)
{
    /* GOR-BASE-1 and GOR-BASE-2, converted at exactly 25.4 mm to the inch. */
    switch (type) {
    case VL_ARTILLERY: return (VlBaseSpec){4, 33.0 / VL_MM_PER_IN, 50.0 / VL_MM_PER_IN};
    case VL_GENERAL: return (VlBaseSpec){1, 40.0 / VL_MM_PER_IN, 40.0 / VL_MM_PER_IN};
    default: return (VlBaseSpec){2, 100.0 / VL_MM_PER_IN, 50.0 / VL_MM_PER_IN};
    }
}

/* A rectangle from its centre, its own forward and right unit vectors and its size. */
static VlQuad rect_quad(VlVec2 c, VlVec2 f, VlVec2 r, double w, double d)
{
    VlVec2 front = vl_v2_mad(c, f, d / 2), rear = vl_v2_mad(c, f, -d / 2);
    VlQuad q;
    q.p[0] = vl_v2_mad(front, r, -w / 2);
    q.p[1] = vl_v2_mad(front, r, w / 2);
    q.p[2] = vl_v2_mad(rear, r, w / 2);
    q.p[3] = vl_v2_mad(rear, r, -w / 2);
    return q;
}

/* The half width and the depth of the box of n bases of width w and depth d in formation form: the
 * box that vl_footprint_build and vl_footprint_blocks_at share (docs/geometry.md "Formations"). */
static void box_extent(VlFormation form, int n, double w, double d, double *half, double *depth)
{
    *depth = d;
    switch (form) {
    case VL_FORM_SKIRMISH: *half = (n - 1) * w + w / 2; break; /* GOR-FORM-2: a base's width between bases */
    case VL_FORM_COLUMN:
    case VL_FORM_LIMBERED: /* GOR-FORM-3, GOR-FORM-5: one behind the other */
        *half = w / 2;
        *depth = n * d;
        break;
    case VL_FORM_SQUARE: /* GOR-FORM-4: two bases back to back */
        *half = w / 2;
        *depth = 2 * d;
        break;
    default: *half = n * w / 2; break; /* GOR-FORM-1, GOR-FORM-5 unlimbered, a general: side by side */
    }
}

/* The box from the front's centre a, the unit vectors f and r, the half width and the depth. */
static VlQuad box_of(VlVec2 a, VlVec2 f, VlVec2 r, double half, double depth)
{
    VlQuad q;
    q.p[0] = vl_v2_mad(a, r, -half);
    q.p[1] = vl_v2_mad(a, r, half);
    q.p[2] = vl_v2_mad(q.p[1], f, -depth);
    q.p[3] = vl_v2_mad(q.p[0], f, -depth);
    return q;
}

static int base_count(VlBaseSpec spec) { return spec.count < 1 ? 1 : (spec.count > VL_MAX_BASES ? VL_MAX_BASES : spec.count); }

/* Skirmish base i of n (GOR-FORM-2: a gap of one base width between bases). */
static VlQuad skirmish_base(VlVec2 a, VlVec2 f, VlVec2 r, int i, int n, double w, double d)
{
    VlVec2 c = vl_v2_mad(vl_v2_mad(a, r, (i - (n - 1) / 2.0) * 2 * w), f, -d / 2);
    return rect_quad(c, f, r, w, d);
}

void vl_footprint_build(VlFootprint *fp, VlPose pose, VlFormation form, VlBaseSpec spec)
{
    memset(fp, 0, sizeof *fp);
    int n = base_count(spec);
    double w = spec.width, d = spec.depth;
    /* r is vl_facing_right's (cos, -sin) from the same sine and cosine: one sincos, not two. */
    VlVec2 a = pose.anchor, f = vl_facing_forward(pose.facing), r = {f.y, -f.x};
    fp->fwd = f;
    fp->right = r;
    double half, depth;
    box_extent(form, n, w, d, &half, &depth);
    switch (form) {
    case VL_FORM_SKIRMISH:
        for (int i = 0; i < n; i++)
            fp->bases[i] = skirmish_base(a, f, r, i, n, w, d);
        break;
    case VL_FORM_COLUMN:
    case VL_FORM_LIMBERED:
        for (int i = 0; i < n; i++)
            fp->bases[i] = rect_quad(vl_v2_mad(a, f, -(d / 2 + i * d)), f, r, w, d);
        break;
    case VL_FORM_SQUARE:
        /* The rear base faces rearwards. */
        n = 2;
        fp->bases[0] = rect_quad(vl_v2_mad(a, f, -d / 2), f, r, w, d);
        fp->bases[1] = rect_quad(vl_v2_mad(a, f, -3 * d / 2), vl_v2_neg(f), vl_v2_neg(r), w, d);
        fp->square = true;
        break;
    case VL_FORM_LINE:
    case VL_FORM_UNLIMBERED:
    case VL_FORM_NONE:
    default:
        for (int i = 0; i < n; i++) {
            VlVec2 c = vl_v2_mad(vl_v2_mad(a, r, (i - (n - 1) / 2.0) * w), f, -d / 2);
            fp->bases[i] = rect_quad(c, f, r, w, d);
        }
        break;
    }
    fp->nbases = n;
    fp->box = box_of(a, f, r, half, depth);
    if (form == VL_FORM_SKIRMISH && n > 1) {
        fp->nblocks = n;
        memcpy(fp->blocks, fp->bases, (size_t)n * sizeof fp->bases[0]);
        fp->block_hw = w / 2;
        fp->block_hd = d / 2;
    } else {
        /* Every other formation's bases touch edge to edge, so their union is the box itself. */
        fp->nblocks = 1;
        fp->blocks[0] = fp->box;
        fp->block_hw = half;
        fp->block_hd = depth / 2;
    }
    for (int i = 0; i < fp->nblocks; i++) {
        fp->block_centre[i] = vl_v2_lerp(fp->blocks[i].p[0], fp->blocks[i].p[2], 0.5);
        fp->block_box[i] = vl_box_of_points(fp->blocks[i].p, 4);
    }
}

int vl_footprint_blocks_at(VlVec2 anchor, VlVec2 fwd, VlFormation form, VlBaseSpec spec, VlQuad *blocks)
{
    /* vl_footprint_build's blocks, by the same steps from the same numbers. */
    int n = base_count(spec);
    double w = spec.width, d = spec.depth;
    VlVec2 r = {fwd.y, -fwd.x};
    if (form == VL_FORM_SKIRMISH && n > 1) {
        for (int i = 0; i < n; i++)
            blocks[i] = skirmish_base(anchor, fwd, r, i, n, w, d);
        return n;
    }
    double half, depth;
    box_extent(form, n, w, d, &half, &depth);
    blocks[0] = box_of(anchor, fwd, r, half, depth);
    return 1;
}

/* Squared distance from p to the rectangle (centre c, unit axes r and f = perp(r), half sizes hw, hd). */
static double point_rect_dist2(VlVec2 p, VlVec2 c, VlVec2 r, VlVec2 f, double hw, double hd)
{
    VlVec2 q = vl_v2_sub(p, c);
    double dx = fabs(vl_v2_dot(q, r)) - hw, dy = fabs(vl_v2_dot(q, f)) - hd;
    dx = dx > 0 ? dx : 0;
    dy = dy > 0 ? dy : 0;
    return dx * dx + dy * dy;
}

double vl_footprint_block_dist2(const VlFootprint *fp, VlVec2 p)
{
    double d2 = INFINITY;
    for (int i = 0; i < fp->nblocks; i++)
        d2 = fmin(d2, point_rect_dist2(p, fp->block_centre[i], fp->right, fp->fwd, fp->block_hw, fp->block_hd));
    return d2;
}

/* Least distance between block i of a and block j of b: both are rectangles along their unit's
 * axes, so a four-axis separation test decides contact, and otherwise the least distance is from a
 * corner of one to the other rectangle. */
static double block_distance(const VlFootprint *a, int i, const VlFootprint *b, int j)
{
    VlVec2 d = vl_v2_sub(b->block_centre[j], a->block_centre[i]);
    const VlVec2 axes[4] = {a->right, a->fwd, b->right, b->fwd};
    bool separated = false;
    for (int k = 0; k < 4 && !separated; k++) {
        double ra = a->block_hw * fabs(vl_v2_dot(a->right, axes[k])) + a->block_hd * fabs(vl_v2_dot(a->fwd, axes[k]));
        double rb = b->block_hw * fabs(vl_v2_dot(b->right, axes[k])) + b->block_hd * fabs(vl_v2_dot(b->fwd, axes[k]));
        separated = fabs(vl_v2_dot(d, axes[k])) > ra + rb + VL_EPS;
    }
    if (!separated)
        return 0.0;
    double best = INFINITY;
    for (int c = 0; c < 4; c++) {
        best = vl_fmin(best, point_rect_dist2(a->blocks[i].p[c], b->block_centre[j], b->right, b->fwd, b->block_hw,
                                           b->block_hd));
        best = vl_fmin(best, point_rect_dist2(b->blocks[j].p[c], a->block_centre[i], a->right, a->fwd, a->block_hw,
                                           a->block_hd));
    }
    best = sqrt(best);
    return best <= VL_EPS ? 0.0 : best;
}

const char *vl_face_name(VlFace face)
{
    static const char *const names[] = {"front", "right flank", "rear", "left flank"};
    return (unsigned)face < 4 ? names[face] : "?";
}

void vl_footprint_face(const VlFootprint *fp, VlFace face, VlVec2 *a, VlVec2 *b)
{
    int i = (int)face & 3;
    *a = fp->box.p[i];
    *b = fp->box.p[(i + 1) & 3];
}

double vl_footprint_area(const VlFootprint *fp)
{
    double s = 0;
    for (int i = 0; i < fp->nblocks; i++)
        s += fabs(vl_poly_signed_area(fp->blocks[i].p, 4));
    return s;
}

VlBox vl_footprint_bounds(const VlFootprint *fp) { return vl_box_of_points(fp->box.p, 4); }

double vl_footprint_distance_to_convex(const VlFootprint *fp, const VlVec2 *poly, int n)
{
    double best = INFINITY;
    for (int i = 0; i < fp->nblocks && best > 0; i++)
        best = vl_fmin(best, vl_convex_distance(fp->blocks[i].p, 4, poly, n));
    return best;
}

double vl_footprint_distance(const VlFootprint *a, const VlFootprint *b)
{
    double best = INFINITY;
    for (int i = 0; i < a->nblocks && best > 0; i++)
        for (int j = 0; j < b->nblocks && best > 0; j++)
            best = vl_fmin(best, block_distance(a, i, b, j));
    return best;
}

double vl_footprint_overlap_area(const VlFootprint *a, const VlFootprint *b)
{
    double s = 0;
    for (int i = 0; i < a->nblocks; i++)
        for (int j = 0; j < b->nblocks; j++)
            s += vl_convex_overlap_area(a->blocks[i].p, 4, b->blocks[j].p, 4);
    return s;
}

VlQuad vl_zone_ahead(const VlFootprint *fp, double depth)
{
    VlQuad z;
    z.p[0] = fp->box.p[0];
    z.p[1] = fp->box.p[1];
    z.p[2] = vl_v2_mad(fp->box.p[1], fp->fwd, depth);
    z.p[3] = vl_v2_mad(fp->box.p[0], fp->fwd, depth);
    return z;
}

/* The closed rectangle ahead of the front face, @p depth deep, as four half-planes. */
static void ahead_halfplanes(const VlFootprint *fp, double depth, VlHalfPlane hs[4])
{
    VlVec2 fl = fp->box.p[0], fr = fp->box.p[1], f = fp->fwd, r = fp->right;
    hs[0] = (VlHalfPlane){f, vl_v2_dot(f, fl)};
    hs[1] = (VlHalfPlane){vl_v2_neg(f), -(vl_v2_dot(f, fl) + depth)};
    hs[2] = (VlHalfPlane){r, vl_v2_dot(r, fl)};
    hs[3] = (VlHalfPlane){vl_v2_neg(r), -vl_v2_dot(r, fr)};
}

/* Does any block of @p target keep a point after clipping by the closed region? */
static bool touches_region(const VlFootprint *target, const VlHalfPlane *hs, int nh)
{
    VlVec2 out[16];
    for (int i = 0; i < target->nblocks; i++)
        if (vl_clip_convex(target->blocks[i].p, 4, hs, nh, out) > 0)
            return true;
    return false;
}

bool vl_in_primary_zone(const VlFootprint *from, const VlFootprint *target)
{
    /* JR3-CHG-2: 12 in straight ahead, exactly as wide as the front face; closed set. */
    VlHalfPlane hs[4];
    ahead_halfplanes(from, VL_PRIMARY_ZONE_DEPTH, hs);
    return touches_region(target, hs, 4);
}

bool vl_in_artillery_arc(const VlFootprint *from, const VlFootprint *target)
{
    /* GOR-ART-1: ahead of the front face, between rays from its ends turned 45 degrees outward.
     * The inward normal of the left ray is (f + r)/sqrt2, of the right ray (f - r)/sqrt2. */
    const double k = 0.70710678118654752440;
    VlVec2 f = from->fwd, r = from->right, fl = from->box.p[0], fr = from->box.p[1];
    VlVec2 nl = vl_v2_scale(vl_v2_add(f, r), k), nr = vl_v2_scale(vl_v2_sub(f, r), k);
    VlHalfPlane hs[3] = {{f, vl_v2_dot(f, fl)}, {nl, vl_v2_dot(nl, fl)}, {nr, vl_v2_dot(nr, fr)}};
    return touches_region(target, hs, 3);
}

static int cmp_interval(const void *pa, const void *pb)
{
    const double *a = pa, *b = pb;
    return (a[0] > b[0]) - (a[0] < b[0]);
}

bool vl_fire_corridor(const VlFootprint *from, double range, const VlFootprint *target, double *exposure)
{
    /* GOR-FIRE-1: the corridor straight ahead of the front face as deep as the weapon's range.
     * Exposure is the union of the clipped blocks' shadows on the firer's right vector. */
    VlHalfPlane hs[4];
    ahead_halfplanes(from, range, hs);
    double iv[VL_MAX_BASES][2];
    int niv = 0;
    VlVec2 out[16];
    for (int i = 0; i < target->nblocks; i++) {
        int m = vl_clip_convex(target->blocks[i].p, 4, hs, 4, out);
        if (m == 0)
            continue;
        double lo = INFINITY, hi = -INFINITY;
        for (int k = 0; k < m; k++) {
            double u = vl_v2_dot(from->right, out[k]);
            lo = vl_fmin(lo, u);
            hi = vl_fmax(hi, u);
        }
        iv[niv][0] = lo;
        iv[niv][1] = hi;
        niv++;
    }
    qsort(iv, (size_t)niv, sizeof iv[0], cmp_interval);
    double total = 0, cur_lo = 0, cur_hi = 0;
    for (int i = 0; i < niv; i++) {
        if (i == 0 || iv[i][0] > cur_hi) {
            total += cur_hi - cur_lo;
            cur_lo = iv[i][0];
            cur_hi = iv[i][1];
        } else {
            cur_hi = vl_fmax(cur_hi, iv[i][1]);
        }
    }
    total += cur_hi - cur_lo;
    if (exposure)
        *exposure = niv ? total : 0.0;
    return niv > 0;
}
