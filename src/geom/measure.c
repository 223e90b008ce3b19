/* The measuring tape's distances, taken as the rules take them (docs/geometry.md "Measures and zones"):
 * unit to unit the least distance between the footprints, base edge to base edge, which is the range
 * of fire (D-FIRE-4), the charges' distances and the command radius; a point and a unit to the nearest
 * point of the footprint, as an objective's radius is measured; point to point straight. The numbers
 * are vl_footprint_distance's and vl_footprint_distance_to_convex's own; this file only adds where
 * they are taken, so that a tape can be drawn between those two points. */
#include "battlefield_internal.h"

#include <string.h>

/* The closest points of a footprint and a convex polygon, over the footprint's blocks. */
static void closest_blocks(const VlFootprint *fp, const VlVec2 *poly, int n, VlVec2 *pa, VlVec2 *pb)
{
    double best = INFINITY;
    for (int i = 0; i < fp->nblocks; i++) {
        VlVec2 a, b;
        double d = vl_convex_closest(fp->blocks[i].p, 4, poly, n, &a, &b);
        if (d < best) {
            best = d;
            *pa = a;
            *pb = b;
        }
    }
}

bool vl_measure(const VlBattlefield *bf, VlTableEnd a, VlTableEnd b, VlMeasure *out)
{
    memset(out, 0, sizeof *out);
    int n = bf->nunits;
    if ((a.unit >= 0 && a.unit >= n) || (b.unit >= 0 && b.unit >= n))
        return false;
    if (a.unit < 0 && b.unit < 0) {
        out->kind = VL_MEASURE_POINTS;
        out->a = a.at;
        out->b = b.at;
        out->distance = vl_v2_dist(a.at, b.at);
        return true;
    }
    if (a.unit >= 0 && b.unit >= 0) {
        const VlFootprint *fa = &bf->units[a.unit].fp, *fb = &bf->units[b.unit].fp;
        out->kind = VL_MEASURE_UNITS;
        out->distance = vl_footprint_distance(fa, fb);
        double best = INFINITY;
        for (int j = 0; j < fb->nblocks; j++) {
            VlVec2 pa = out->a, pb = out->b;
            closest_blocks(fa, fb->blocks[j].p, 4, &pa, &pb);
            double d = vl_v2_dist(pa, pb);
            if (d < best) {
                best = d;
                out->a = pa;
                out->b = pb;
            }
        }
        return true;
    }
    /* A point and a unit, either way round. */
    bool unit_first = a.unit >= 0;
    const VlFootprint *fp = &bf->units[unit_first ? a.unit : b.unit].fp;
    VlVec2 p[1] = {unit_first ? b.at : a.at}, on = p[0];
    out->kind = VL_MEASURE_POINT_UNIT;
    out->distance = vl_footprint_distance_to_convex(fp, p, 1);
    VlVec2 at = p[0];
    closest_blocks(fp, p, 1, &on, &at);
    out->a = unit_first ? on : p[0];
    out->b = unit_first ? p[0] : on;
    return true;
}
