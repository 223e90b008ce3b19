/* What a moving footprint meets: enemies (touch), friends (positive area), impassable and rough
 * ground, the table edge. Shared by the movement and charge resolvers. */
#include "rules_internal.h"

#include <math.h>
#include <string.h>

/* The unit as it moves. */

void vl_mover_init(Mover *m, const VlWorld *w, int u)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    *m = (Mover){w, u, fu->pose, fu->formation, w->units[u].mounted, fu->spec, fu->fp, NULL, 0, NULL, 0};
}

void vl_mover_set(Mover *m, VlPose pose)
{
    m->pose = pose;
    vl_footprint_build(&m->fp, pose, m->form, m->spec);
}

void vl_mover_init_at(Mover *m, const VlWorld *w, int u, VlPose pose)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    m->w = w;
    m->u = u;
    m->form = fu->formation;
    m->mounted = w->units[u].mounted;
    m->spec = fu->spec;
    m->near_units = m->near_terrain = NULL;
    m->nnear_units = m->nnear_terrain = 0;
    vl_mover_set(m, pose); /* the whole footprint, built afresh */
}

bool vl_terrain_rough_area(VlTerrainType t)
{
    /* Rough, for movement, is anything not open, flat and unobstructed (GOR "Rough" definition). */
    return t == VL_T_WOODS || t == VL_T_HEAVY_WOODS || t == VL_T_ROUGH || t == VL_T_ENTRENCHMENT;
}
bool vl_terrain_rough_line(VlTerrainType t) { return t == VL_T_FENCE || t == VL_T_WALL || t == VL_T_HEDGE || t == VL_T_STREAM; }
bool vl_terrain_impassable(VlTerrainType t) { return t == VL_T_BUILDING || t == VL_T_WATER; }

static void add_rough(Met *out, int feature)
{
    for (int i = 0; i < out->nrough; i++)
        if (out->rough[i] == feature)
            return;
    if (out->nrough < 16)
        out->rough[out->nrough++] = feature;
}

bool vl_inside_table(const VlWorld *w, VlBox b)
{
    double W = vl_battlefield_width(w->bf), H = vl_battlefield_height(w->bf);
    return b.lo.x >= -VL_EPS && b.lo.y >= -VL_EPS && b.hi.x <= W + VL_EPS && b.hi.y <= H + VL_EPS;
}

/* What one motion (a translation by v, or a turn of deg about c) meets. */


static VlBox motion_bounds(const VlQuad *q, const Motion *mo)
{
    if (mo->turn)
        return vl_sweep_rotate_bounds(q->p, 4, mo->c, mo->deg);
    VlVec2 pts[8];
    for (int i = 0; i < 4; i++) {
        pts[i] = q->p[i];
        pts[4 + i] = vl_v2_add(q->p[i], mo->v);
    }
    return vl_box_of_points(pts, 8);
}

/* The swept hull of one block under a translation. */
static int swept_hull(const VlQuad *q, VlVec2 v, VlVec2 *hull)
{
    VlVec2 pts[8];
    for (int i = 0; i < 4; i++) {
        pts[i] = q->p[i];
        pts[4 + i] = vl_v2_add(q->p[i], v);
    }
    return vl_convex_hull(pts, 8, hull);
}

/* q lies at least 1e-3 in inside convex polygon p (either winding): a disc of that radius about it
 * is in p. */
static bool deep_inside(VlVec2 q, const VlVec2 *p, int n)
{
    int side = 0;
    for (int i = 0; i < n; i++) {
        VlVec2 e = vl_v2_sub(p[i + 1 < n ? i + 1 : 0], p[i]);
        double len = vl_v2_len(e);
        if (!(len > 0))
            return false;
        double c = vl_v2_cross(e, vl_v2_sub(q, p[i])) / len;
        int s = c >= 1e-3 ? 1 : c <= -1e-3 ? -1 : 0;
        if (s == 0 || (side != 0 && s != side))
            return false;
        side = s;
    }
    return true;
}

/* Quads a and b certainly overlap by more than VL_AREA_EPS: a disc of radius 1e-3 in about a's centre
 * lies in both, and its area (3e-6 square inches) is far above the tolerance and the rounding of the
 * clipped area. Saves the clipping when a passes well through b. */
static bool surely_overlap(const VlVec2 *a, const VlVec2 *b)
{
    VlVec2 q = vl_v2_lerp(a[0], a[2], 0.5);
    return deep_inside(q, a, 4) && deep_inside(q, b, 4);
}

/* sbs: each block's motion bounds. */
static void sweep_units(const Mover *m, const Motion *mo, int ignore, const VlBox *sbs, Met *met)
{
    const VlWorld *w = m->w;
    VlBox all = {{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
    for (int a = 0; a < m->fp.nblocks; a++) {
        all.lo.x = vl_fmin(all.lo.x, sbs[a].lo.x);
        all.lo.y = vl_fmin(all.lo.y, sbs[a].lo.y);
        all.hi.x = vl_fmax(all.hi.x, sbs[a].hi.x);
        all.hi.y = vl_fmax(all.hi.y, sbs[a].hi.y);
    }
    int count = m->near_units ? m->nnear_units : w->nunits;
    for (int n = 0; n < count; n++) {
        int j = m->near_units ? m->near_units[n] : n;
        if (j == m->u || j == ignore || !vl_world_present(w, j))
            continue;
        /* The box first, which passes over most units (both are plain tests: their order changes
         * nothing). D-GAME-11: a command base does not bar a unit's way; it makes way. */
        const VlFieldUnit *o = vl_world_unit(w, j);
        if (!vl_box_overlap(all, o->bounds, VL_EPS) || vl_world_makes_way(w, j, m->u))
            continue;
        bool enemy = vl_world_enemies(w, m->u, j);
        for (int a = 0; a < m->fp.nblocks; a++) {
            if (!vl_box_overlap(sbs[a], o->bounds, VL_EPS))
                continue;
            for (int b = 0; b < o->fp.nblocks; b++) {
                const VlVec2 *A = m->fp.blocks[a].p, *B = o->fp.blocks[b].p;
                if (!mo->turn) {
                    double t0, t1;
                    if (!vl_sweep_translate(A, 4, B, 4, mo->v, &t0, &t1) || t0 > 1 || t1 < 0)
                        continue;
                    if (enemy) {
                        /* Contact that lasts into the move (moving away from a touch is not contact). */
                        if (t1 > 1e-12 && (met->enemy < 0 || t0 < met->enemy_at)) {
                            met->enemy = j;
                            met->enemy_at = t0 > 0 ? t0 : 0;
                        }
                    } else {
                        /* Passing through needs positive area, not a slide along a touching edge. */
                        double lo = t0 > 0 ? t0 : 0, hi = t1 < 1 ? t1 : 1;
                        VlVec2 mid[4];
                        for (int k = 0; k < 4; k++)
                            mid[k] = vl_v2_mad(A[k], mo->v, 0.5 * (lo + hi));
                        if (hi > lo && (surely_overlap(mid, B) || vl_convex_overlap_area(mid, 4, B, 4) > VL_AREA_EPS)) {
                            if (met->friend_ < 0)
                                met->friend_ = j;
                            if (t1 > met->friend_exit)
                                met->friend_exit = t1;
                        }
                    }
                } else {
                    if (enemy) {
                        double first;
                        if (vl_sweep_rotate_contact(A, 4, B, 4, mo->c, mo->deg, &first) &&
                            (met->enemy < 0 || first / fabs(mo->deg) < met->enemy_at)) {
                            met->enemy = j;
                            met->enemy_at = mo->deg != 0 ? first / fabs(mo->deg) : 0;
                        }
                    } else if (vl_sweep_rotate_overlaps(A, 4, B, 4, mo->c, mo->deg, VL_AREA_EPS)) {
                        if (met->friend_ < 0)
                            met->friend_ = j;
                        met->friend_exit = 1;
                    }
                }
            }
        }
    }
}

/* sbs: each block's motion bounds. */
static void sweep_terrain(const Mover *m, const Motion *mo, const VlBox *sbs, Met *met)
{
    const VlWorld *w = m->w;
    int nt = vl_battlefield_terrain_count(w->bf);
    for (int a = 0; a < m->fp.nblocks; a++) {
        const VlQuad *q = &m->fp.blocks[a];
        VlBox sb = sbs[a];
        if (!vl_inside_table(w, sb))
            met->off_table = true;
        VlVec2 hull[9];
        int nh = -1; /* the swept hull, built when a feature near the way needs it */
        int count = m->near_terrain ? m->nnear_terrain : nt;
        for (int n = 0; n < count; n++) {
            int t = m->near_terrain ? m->near_terrain[n] : n;
            const VlTerrain *f = vl_battlefield_terrain(w->bf, t);
            if (!vl_box_overlap(f->bounds, sb, VL_EPS + f->width))
                continue;
            if (nh < 0)
                nh = mo->turn ? 0 : swept_hull(q, mo->v, hull);
            if (f->type < VL_T_AREAL_COUNT && (vl_terrain_impassable(f->type) || vl_terrain_rough_area(f->type))) {
                bool enters = mo->turn ? vl_sweep_rotate_overlaps(q->p, 4, f->pts, f->npts, mo->c, mo->deg, VL_AREA_EPS)
                                       : vl_convex_poly_overlap_area(hull, nh, f->pts, f->npts) > VL_AREA_EPS;
                if (enters && vl_terrain_impassable(f->type) && met->impassable < 0)
                    met->impassable = t;
                else if (enters)
                    add_rough(met, t);
                continue;
            }
            /* Hills: going up or down, i.e. crossing the hill's edge, is rough. Linear features:
             * crossing the line is rough. Roads are handled by the anchor's path. */
            bool hill = f->type == VL_T_HILL;
            if (!hill && !vl_terrain_rough_line(f->type))
                continue;
            int nseg = hill ? f->npts : f->npts - 1;
            for (int s = 0; s < nseg; s++) {
                VlVec2 p = f->pts[s], r = f->pts[(s + 1) % f->npts];
                VlVec2 ends[2] = {p, r};
                if (!vl_box_overlap(vl_box_of_points(ends, 2), sb, VL_EPS))
                    continue;
                bool crosses;
                if (mo->turn) {
                    VlVec2 seg[2] = {p, r};
                    double first;
                    crosses = vl_sweep_rotate_contact(q->p, 4, seg, 2, mo->c, mo->deg, &first) && first > 1e-9;
                } else {
                    crosses = vl_segment_enters_convex(p, r, hull, nh);
                }
                if (crosses) {
                    add_rough(met, t);
                    break;
                }
            }
        }
    }
}

/* Distance from p to a polyline. */
static double polyline_dist(VlVec2 p, const VlVec2 *pts, int n)
{
    double best = INFINITY;
    for (int i = 0; i + 1 < n; i++)
        best = vl_fmin(best, vl_point_segment_dist(p, pts[i], pts[i + 1]));
    return best;
}

/* D-MOVE-2: a move uses a road when the unit's anchor (the middle of its front) stays on one road,
 * within half its width, all along the way. Returns the road or -1. */
int vl_road_followed(const VlWorld *w, const VlPose *path, const Motion *motions, int nmotions)
{
    int nt = vl_battlefield_terrain_count(w->bf);
    for (int t = 0; t < nt; t++) {
        const VlTerrain *f = vl_battlefield_terrain(w->bf, t);
        if (f->type != VL_T_ROAD)
            continue;
        double half = 0.5 * f->width + VL_EPS;
        bool on = polyline_dist(path[0].anchor, f->pts, f->npts) <= half;
        for (int k = 0; k < nmotions && on; k++) {
            VlVec2 a0 = path[k].anchor;
            for (int s = 1; s <= 32 && on; s++) {
                double frac = s / 32.0;
                VlVec2 p = motions[k].turn ? vl_rotate_about(a0, motions[k].c, motions[k].deg * frac)
                                           : vl_v2_mad(a0, motions[k].v, frac);
                on = polyline_dist(p, f->pts, f->npts) <= half;
            }
        }
        if (on)
            return t;
    }
    return -1;
}

void vl_sweep_check(const Mover *m, const Motion *mo, int ignore, Met *met)
{
    VlBox sbs[VL_MAX_BASES];
    for (int a = 0; a < m->fp.nblocks; a++)
        sbs[a] = motion_bounds(&m->fp.blocks[a], mo);
    sweep_units(m, mo, ignore, sbs, met);
    sweep_terrain(m, mo, sbs, met);
}

bool vl_formation_allowed(VlUnitType type, bool mounted, VlFormation f)
{
    switch (type) {
    case VL_INFANTRY: return f == VL_FORM_LINE || f == VL_FORM_SKIRMISH || f == VL_FORM_COLUMN || f == VL_FORM_SQUARE;
    case VL_CAVALRY:
        return mounted ? (f == VL_FORM_LINE || f == VL_FORM_COLUMN) : (f == VL_FORM_SKIRMISH || f == VL_FORM_SQUARE);
    case VL_ARTILLERY: return f == VL_FORM_UNLIMBERED || f == VL_FORM_LIMBERED;
    default: return false;
    }
}
