/* Line of sight from anywhere (the sight probe, `volley sight`): vl_sight_between, vl_battlefield_level_at
 * and vl_blind_zones_between, on sight.c's decision and sight_blind.c's zones.
 *
 * vl_sight_between asks the question of vl_sight_ruled with either end a unit or a point. A unit looks
 * from its front face and is seen on any part of its footprint, as in the game; a point looks from
 * itself and is seen at itself: a face of length zero, a target block of area zero. The search of
 * sight_to_block stays exact for them: a line through a point face has one degree of freedom left
 * (turning about the point), which only a vertex landing on it can stop, and the lines through the
 * point and each pivot are among those tried. Two cases the separating-axis test cannot tell (it
 * knows the edges' normals, and a point has no edge) are settled here first: point to point, and a
 * point in line with a unit's front face; in both every segment from face to target lies on one
 * line, and the shortest is in all the others, so that one segment decides.
 *
 * Blind zones (REP-601) are cast from the spotter's anchor (a unit's front-face middle, or the point)
 * at its eye (its level: D-ART-1 for a unit, the highest hill holding a point); a point stands on the
 * hills that hold it. The functions below follow sight_blind_pair and sight_blind_evidence with the
 * anchor and the ends given, so that those stay as the all-pairs path uses them. */
#include "sight_internal.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A point stands on a hill that holds it (its edge included). */
static bool point_on(const VlTerrain *hill, VlVec2 p) { return vl_poly_point_side(hill->pts, hill->npts, p) >= 0; }

int vl_battlefield_level_at(const VlBattlefield *bf, VlVec2 p, int *hill)
{
    int best = 0, which = -1;
    for (int t = 0; t < bf->nterrain; t++) {
        const VlTerrain *f = &bf->terrain[t];
        if (f->type == VL_T_HILL && f->level > best && point_on(f, p)) {
            best = f->level;
            which = t;
        }
    }
    if (hill)
        *hill = which;
    return best;
}

/* The end's face (a unit's front face; a point twice), its anchor, its box and its level. */
typedef struct EndShape {
    VlVec2 f0, f1, anchor, centre;
    int nblocks;
    VlQuad blocks[VL_MAX_BASES];
    VlQuad box;
    int level;
} EndShape;

static bool end_shape(const VlBattlefield *bf, VlTableEnd e, EndShape *s)
{
    memset(s, 0, sizeof *s);
    if (e.unit >= 0) {
        if (e.unit >= bf->nunits)
            return false;
        const VlFieldUnit *u = &bf->units[e.unit];
        s->f0 = u->fp.box.p[0];
        s->f1 = u->fp.box.p[1];
        s->anchor = u->pose.anchor;
        s->centre = vl_v2_scale(vl_v2_add(u->fp.box.p[0], u->fp.box.p[2]), 0.5);
        s->nblocks = u->fp.nblocks;
        memcpy(s->blocks, u->fp.blocks, sizeof s->blocks);
        s->box = u->fp.box;
        s->level = vl_battlefield_level_under(bf, &u->fp);
        return true;
    }
    s->f0 = s->f1 = s->anchor = s->centre = e.at;
    s->nblocks = 1;
    s->blocks[0] = s->box = (VlQuad){{e.at, e.at, e.at, e.at}};
    s->level = vl_battlefield_level_at(bf, e.at, NULL);
    return true;
}

/* Does the end stand on the hill (a unit: more than a touch of it; a point: inside or on it)? */
static bool end_on(const VlBattlefield *bf, VlTableEnd e, const VlTerrain *hill)
{
    return e.unit >= 0 ? sight_stands_on(&bf->units[e.unit].fp, hill) : point_on(hill, e.at);
}

/* sight_blind_pair with the anchor given and the hills each end stands on worked out here. */
static void blind_pair_ends(const VlBattlefield *bf, Blind *bl, VlTableEnd from, VlTableEnd to, VlVec2 a, int eye,
                            int surface, const VlBox *reach)
{
    int used = 0;
    bl->nmasks = 0;
    for (int i = 0; i < bl->nc; i++) {
        const Caster *c = &bl->c[i];
        bl->state[i] = CASTER_OUT;
        if (c->hill && (end_on(bf, from, &bf->terrain[c->terrain]) || end_on(bf, to, &bf->terrain[c->terrain])))
            continue;
        double k = sight_blind_multiple(eye, c->top, surface);
        if (isinf(k)) {
            bl->state[i] = CASTER_BLOCKS;
            continue;
        }
        bl->state[i] = CASTER_SEEN_OVER;
        if (k <= 0 && c->hill)
            continue; /* a hill hides nothing standing off it at its height or above */
        VlVec2 lo = vl_v2_add(a, vl_v2_scale(vl_v2_sub(c->box.lo, a), 1 + k));
        VlVec2 hi = vl_v2_add(a, vl_v2_scale(vl_v2_sub(c->box.hi, a), 1 + k));
        VlBox zb = {{MIN(c->box.lo.x, MIN(lo.x, hi.x)), MIN(c->box.lo.y, MIN(lo.y, hi.y))},
                    {MAX(c->box.hi.x, MAX(lo.x, hi.x)), MAX(c->box.hi.y, MAX(lo.y, hi.y))}};
        if (!vl_box_overlap(zb, *reach, VL_EPS))
            continue;
        bl->masks[bl->nmasks++] = sight_make_mask(bl, c, a, k, &used);
    }
}

/* One segment decides (see above): clear unless an obstacle cuts it or the target point lies inside a
 * blind zone; a segment of length zero is clear. */
static bool one_segment(VlVec2 p, VlVec2 q, const Obstacle *obs, int nobs, const Mask *masks, int nmasks, bool point_target,
                        VlSight *out)
{
    out->lines_tested++;
    for (int k = 0; k < nmasks && point_target; k++)
        if (vl_poly_point_side(masks[k].p, masks[k].n, q) > 0)
            return false; /* hidden in a blind zone: nothing cuts, nothing to list but the zone */
    for (int k = 0; k < nobs; k++)
        if (sight_segment_cut(&obs[k], p, q)) {
            sight_add_blocker(out, obs[k].ref);
            return false;
        }
    out->clear = true;
    out->witness[0] = p;
    out->witness[1] = q;
    return true;
}

static void sight_between(const VlBattlefield *bf, VlTableEnd from, VlTableEnd to, const EndShape *fs,
                          const EndShape *ts, VlSightFilter keep, void *ctx, const Blind *bl, VlSight *out)
{
    VlVec2 f0 = fs->f0, f1 = fs->f1;
    VlVec2 pts[6] = {f0, f1, ts->box.p[0], ts->box.p[1], ts->box.p[2], ts->box.p[3]}, hull[8];
    VlBox box = vl_box_of_points(pts, 6);
    int nh = vl_convex_hull(pts, 6, hull);
    VlHalfPlane hp[8];
    for (int i = 0; i < nh; i++)
        hp[i] = vl_halfplane_left_of(hull[i], hull[(i + 1) % nh]);

    Obstacle stack_obs[STACK_OBSTACLES], stack_near[STACK_OBSTACLES];
    RuledGather rg = {keep, ctx, bl};
    Gather g = {bf, from.unit, to.unit, bl ? sight_ruled_keep : keep, bl ? (void *)&rg : ctx, stack_obs, 0, STACK_OBSTACLES, NULL};
    vl_grid_visit_region(bf, box, hp, nh >= 3 ? nh : 0, sight_gather_visit, &g);
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
    const Mask *masks = bl ? bl->masks : NULL;
    int nmasks = bl ? bl->nmasks : 0;
    /* The cases of one line: point to point, and a point in line with a unit's front face. */
    bool point_face = from.unit < 0, point_target = to.unit < 0;
    VlVec2 q = ts->box.p[0];
    bool in_line = point_target && !point_face &&
                   fabs(vl_v2_cross(vl_v2_sub(f1, f0), vl_v2_sub(q, f0))) <= VL_EPS * vl_v2_dist(f0, f1);
    if (point_face && point_target) {
        one_segment(f0, q, g.obs, g.n, masks, nmasks, true, out);
    } else if (in_line) {
        VlVec2 p = vl_v2_dist(f0, q) <= vl_v2_dist(f1, q) ? f0 : f1;
        double t = vl_v2_dot(vl_v2_sub(q, f0), vl_v2_sub(f1, f0)) / vl_v2_dot(vl_v2_sub(f1, f0), vl_v2_sub(f1, f0));
        if (t >= 0 && t <= 1)
            p = q; /* the point is on the face */
        one_segment(p, q, g.obs, g.n, masks, nmasks, true, out);
    } else {
        for (int b = 0; b < ts->nblocks; b++)
            if (sight_to_block(f0, f1, &ts->blocks[b], g.obs, g.n, near, NULL, masks, nmasks, mk, out)) {
                out->nblockers = 0;
                break;
            }
    }
    if (bl)
        sight_blind_evidence_at(bl, fs->anchor, ts->centre, ts->blocks, ts->nblocks, out);
    free(mk);
    if (near != stack_near)
        free(near);
    free(g.heap);
}

void vl_sight_between(const VlBattlefield *bf, VlTableEnd from, VlTableEnd to, const VlSightRules *rules,
                      VlSightFilter keep, void *ctx, VlSight *out)
{
    memset(out, 0, sizeof *out);
    EndShape fs, ts;
    if (!end_shape(bf, from, &fs) || !end_shape(bf, to, &ts) || (from.unit >= 0 && from.unit == to.unit))
        return;
    if (!rules || !rules->blind_zones) {
        sight_between(bf, from, to, &fs, &ts, keep, ctx, NULL, out);
        return;
    }
    Blind bl;
    if (!sight_blind_init(bf, &bl))
        return; /* out of memory: not clear */
    VlBox reach = vl_box_of_points(ts.box.p, 4);
    blind_pair_ends(bf, &bl, from, to, fs.anchor, 2 * fs.level, 2 * ts.level, &reach);
    sight_between(bf, from, to, &fs, &ts, keep, ctx, &bl, out);
    sight_blind_free(&bl);
}

int vl_blind_zones_between(const VlBattlefield *bf, VlTableEnd from, VlTableEnd to, VlBlindZone **out)
{
    *out = NULL;
    EndShape fs, ts;
    if (!end_shape(bf, from, &fs) || !end_shape(bf, to, &ts))
        return 0;
    Blind bl;
    if (!sight_blind_init(bf, &bl))
        return -1;
    VlBox reach = to.unit >= 0 ? bf->units[to.unit].bounds : vl_box_of_points(ts.box.p, 4);
    blind_pair_ends(bf, &bl, from, to, fs.anchor, 2 * fs.level, 2 * ts.level, &reach);
    VlBlindZone *z = calloc((size_t)(bl.nmasks ? bl.nmasks : 1), sizeof *z);
    int n = 0;
    for (int k = 0; z && k < bl.nmasks; k++) {
        const Mask *m = &bl.masks[k];
        bool reaches = false;
        for (int b = 0; b < ts.nblocks && !reaches; b++)
            reaches = !vl_convex_apart(m->p, m->n, ts.blocks[b].p, 4);
        if (!reaches)
            continue;
        z[n].pts = malloc((size_t)m->n * sizeof *z[n].pts);
        if (!z[n].pts) {
            vl_blind_zones_free(z, n);
            z = NULL;
            break;
        }
        memcpy(z[n].pts, m->p, (size_t)m->n * sizeof *z[n].pts);
        z[n].npts = m->n;
        z[n].terrain = m->terrain;
        z[n].multiple = m->multiple;
        n++;
    }
    sight_blind_free(&bl);
    if (!z)
        return -1;
    *out = z;
    return n;
}
