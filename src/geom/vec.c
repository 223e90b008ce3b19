#include "volley/geom.h"

#include <math.h>

void vl_sincos_deg(double deg, double *s, double *c)
{
    /* Reduce to [0, 360) first so that 360 + 90 and 90 give the same bits, and answer the
     * quarter turns exactly: facing 90 must put a base exactly on integer coordinates. */
    /* fmod returns an angle already within a turn either way unchanged (its sign too), so the call
     * is left for the others: the same bits, and most angles asked are within a turn. */
    double d = deg > -360.0 && deg < 360.0 ? deg : fmod(deg, 360.0);
    if (d < 0)
        d += 360.0;
    if (d == 0.0) { *s = 0.0; *c = 1.0; return; }
    if (d == 90.0) { *s = 1.0; *c = 0.0; return; }
    if (d == 180.0) { *s = 0.0; *c = -1.0; return; }
    if (d == 270.0) { *s = -1.0; *c = 0.0; return; }
    double r = d * (3.14159265358979323846 / 180.0);
    *s = sin(r);
    *c = cos(r);
}

VlVec2 vl_facing_forward(double deg)
{
    double s, c;
    vl_sincos_deg(deg, &s, &c);
    return (VlVec2){s, c};
}

VlVec2 vl_facing_right(double deg)
{
    double s, c;
    vl_sincos_deg(deg, &s, &c);
    return (VlVec2){c, -s};
}

/* vl_fmin and vl_fmax (volley/geom.h): boxes are built in the sweeps' inner loops, where calls cost
 * more than the comparisons. */
VlBox vl_box_of_points(const VlVec2 *pts, int n)
{
    VlBox b = {{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
    for (int i = 0; i < n; i++) {
        b.lo.x = vl_fmin(b.lo.x, pts[i].x);
        b.lo.y = vl_fmin(b.lo.y, pts[i].y);
        b.hi.x = vl_fmax(b.hi.x, pts[i].x);
        b.hi.y = vl_fmax(b.hi.y, pts[i].y);
    }
    return b;
}

