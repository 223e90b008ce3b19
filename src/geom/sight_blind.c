/* REP-601 blind zones (docs/rules-decisions.md D-REP-601-1 .. D-REP-601-4): the casters, their masks for
 * one pair, the evidence, vl_sight_ruled and vl_blind_zones. The decision itself is sight.c's.
 *
 * Heights count in half levels: a hill of level L tops out at 2L, a wood or building half a level above
 * the ground it stands on, 2g + 1; a unit's eye is its ground, 2 * its level (D-ART-1). Each wood,
 * building or hill is, for one spotter and one target: out of play (a hill either of them stands on),
 * an obstacle as in the base case (its top at the spotter's eye or above: the zone runs to infinity),
 * or seen over, casting a zone. A zone is cast from the spotter's anchor a: with k the chart's multiple,
 * it holds the points whose distance from a is at most (1 + k) times the distance to the feature's far
 * edge along the same ray; for a convex feature H (Volley casts from the feature's convex hull) that is
 * exactly the convex hull of H and of H scaled by 1 + k about a, since both touch the same two tangents
 * from a. So a zone is one convex polygon, and the sight question stays exact: the zones are cut out of
 * the target (sight_to_block). */
#include "sight_internal.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool is_caster(const VlTerrain *t) { return t->type == VL_T_HILL || (t->type < VL_T_AREAL_COUNT && vl_terrain_blocks_sight(t->type)); }

int vl_battlefield_level_under(const VlBattlefield *bf, const VlFootprint *fp)
{
    /* D-ART-1: the highest hill level under at least half of the footprint. */
    double area = vl_footprint_area(fp);
    int best = 0;
    for (int t = 0; t < bf->nterrain; t++) {
        const VlTerrain *f = &bf->terrain[t];
        if (f->type != VL_T_HILL || f->level <= best)
            continue;
        double in = 0;
        for (int b = 0; b < fp->nblocks; b++)
            in += vl_convex_poly_overlap_area(fp->blocks[b].p, 4, f->pts, f->npts);
        if (in >= 0.5 * area)
            best = f->level;
    }
    return best;
}

/* D-REP-601-1: a wood or building stands on the highest hill that holds all of its outline. */
static int caster_top(const VlBattlefield *bf, const VlTerrain *t)
{
    if (t->type == VL_T_HILL)
        return 2 * t->level;
    int ground = 0;
    for (int h = 0; h < bf->nterrain; h++) {
        const VlTerrain *hill = &bf->terrain[h];
        if (hill->type != VL_T_HILL || hill->level <= ground)
            continue;
        bool all = true;
        for (int i = 0; i < t->npts && all; i++)
            all = vl_poly_point_side(hill->pts, hill->npts, t->pts[i]) >= 0;
        if (all)
            ground = hill->level;
    }
    return 2 * ground + 1;
}

/* D-REP-601-2: the chart's multiple for a feature topping out at @p top, seen from @p eye, hiding a
 * surface at @p surface (all in half levels): infinity at the eye or above; half a level below it 1, then
 * halved for each further half level; 50% of that more for each half level the hidden surface lies
 * beyond the first below the feature's top; 0 when the surface is not below the top. */
double sight_blind_multiple(int eye, int top, int surface)
{
    if (top >= eye)
        return INFINITY;
    if (top <= surface)
        return 0;
    double m = 1;
    for (int k = eye - top; k > 1; k--)
        m *= 0.5;
    return m * (1 + 0.5 * (top - surface - 1));
}

void sight_blind_free(Blind *bl)
{
    free(bl->c);
    free(bl->hulls);
    free(bl->work);
    free(bl->pool);
    free(bl->masks);
    free(bl->state);
    free(bl->of);
    memset(bl, 0, sizeof *bl);
}

bool sight_blind_init(const VlBattlefield *bf, Blind *bl)
{
    memset(bl, 0, sizeof *bl);
    int nc = 0, pts = 0, most = 0;
    for (int i = 0; i < bf->nterrain; i++)
        if (is_caster(&bf->terrain[i])) {
            nc++;
            pts += bf->terrain[i].npts + 1;
            most = MAX(most, bf->terrain[i].npts);
        }
    bl->c = malloc((size_t)(nc ? nc : 1) * sizeof *bl->c);
    bl->hulls = malloc((size_t)(pts ? pts : 1) * sizeof *bl->hulls);
    bl->work = malloc((size_t)(2 * most + 2) * sizeof *bl->work);
    bl->pool = malloc((size_t)(2 * pts + 2 * nc + 1) * sizeof *bl->pool);
    bl->masks = malloc((size_t)(nc ? nc : 1) * sizeof *bl->masks);
    bl->state = malloc((size_t)(nc ? nc : 1));
    bl->of = malloc((size_t)(bf->nterrain + 1) * sizeof *bl->of);
    if (!bl->c || !bl->hulls || !bl->work || !bl->pool || !bl->masks || !bl->state || !bl->of) {
        sight_blind_free(bl);
        return false;
    }
    VlVec2 *h = bl->hulls;
    for (int i = 0; i < bf->nterrain; i++) {
        const VlTerrain *t = &bf->terrain[i];
        bl->of[i] = is_caster(t) ? bl->nc : -1;
        if (!is_caster(t))
            continue;
        memcpy(bl->work, t->pts, (size_t)t->npts * sizeof *bl->work);
        int nh = vl_convex_hull(bl->work, t->npts, h);
        bl->c[bl->nc++] = (Caster){i, t->type == VL_T_HILL, caster_top(bf, t), h, nh, t->bounds};
        h += nh + 1;
    }
    return true;
}

/* Does any part of the footprint lie on the hill (more than a touch)? */
bool sight_stands_on(const VlFootprint *fp, const VlTerrain *hill)
{
    for (int b = 0; b < fp->nblocks; b++)
        if (vl_convex_poly_overlap_area(fp->blocks[b].p, 4, hill->pts, hill->npts) > VL_EPS)
            return true;
    return false;
}

/* The zone of caster c with multiple k from anchor a, into bl->pool at *used; returns the mask. */
Mask sight_make_mask(Blind *bl, const Caster *c, VlVec2 a, double k, int *used)
{
    Mask z = {bl->pool + *used, 0, {{0, 0}, {0, 0}}, c->terrain, k};
    VlVec2 *out = bl->pool + *used;
    if (k <= 0) {
        memcpy(out, c->hull, (size_t)c->nh * sizeof *out);
        z.n = c->nh;
    } else {
        for (int i = 0; i < c->nh; i++) {
            bl->work[i] = c->hull[i];
            bl->work[c->nh + i] = vl_v2_add(a, vl_v2_scale(vl_v2_sub(c->hull[i], a), 1 + k));
        }
        z.n = vl_convex_hull(bl->work, 2 * c->nh, out);
    }
    z.box = vl_box_of_points(out, z.n);
    *used += z.n + 1;
    return z;
}

/* Sort out every caster for the pair (from, to) and build the masks that may reach @p reach (the
 * target's bounds; any box when a zone is wanted everywhere). on_from / on_to: hills each stands on. */
void sight_blind_pair(const VlBattlefield *bf, Blind *bl, int from, int eye, int surface, const bool *on_from,
                      const bool *on_to, const VlBox *reach)
{
    VlVec2 a = bf->units[from].pose.anchor;
    int used = 0;
    bl->nmasks = 0;
    for (int i = 0; i < bl->nc; i++) {
        const Caster *c = &bl->c[i];
        bl->state[i] = CASTER_OUT;
        if (c->hill && ((on_from && on_from[i]) || (on_to && on_to[i])))
            continue;
        double k = sight_blind_multiple(eye, c->top, surface);
        if (isinf(k)) {
            bl->state[i] = CASTER_BLOCKS;
            continue;
        }
        bl->state[i] = CASTER_SEEN_OVER;
        if (k <= 0 && c->hill)
            continue; /* a hill hides nothing standing off it at its height or above */
        if (reach) {
            /* the zone's box: the hull's box and that box scaled about a */
            VlVec2 lo = vl_v2_add(a, vl_v2_scale(vl_v2_sub(c->box.lo, a), 1 + k));
            VlVec2 hi = vl_v2_add(a, vl_v2_scale(vl_v2_sub(c->box.hi, a), 1 + k));
            VlBox zb = {{MIN(c->box.lo.x, MIN(lo.x, hi.x)), MIN(c->box.lo.y, MIN(lo.y, hi.y))},
                        {MAX(c->box.hi.x, MAX(lo.x, hi.x)), MAX(c->box.hi.y, MAX(lo.y, hi.y))}};
            if (!vl_box_overlap(zb, *reach, VL_EPS))
                continue;
        }
        bl->masks[bl->nmasks++] = sight_make_mask(bl, c, a, k, &used);
    }
}

/* The evidence: each zone that reaches the target (its @p nblocks blocks), measured along the ray from
 * @p a to the target's centre @p c. */
void sight_blind_evidence_at(const Blind *bl, VlVec2 a, VlVec2 c, const VlQuad *blocks, int nblocks, VlSight *out)
{
    double dist = vl_v2_dist(a, c);
    for (int k = 0; k < bl->nmasks && out->nzones < VL_SIGHT_MAX_ZONES; k++) {
        const Mask *z = &bl->masks[k];
        bool reaches = false;
        for (int b = 0; b < nblocks && !reaches; b++)
            reaches = !vl_convex_apart(z->p, z->n, blocks[b].p, 4);
        if (!reaches)
            continue;
        const Caster *cs = &bl->c[sight_caster_of(bl, z->terrain)];
        double lo = 0, hi = 0, far = 0;
        if (dist > VL_EPS && sight_line_convex_interval(a, vl_v2_scale(vl_v2_sub(c, a), 1 / dist), cs->hull, cs->nh, &lo, &hi) &&
            hi > 0)
            far = hi;
        out->zones[out->nzones++] = (VlBlindHit){z->terrain, z->multiple, far, far * z->multiple, dist};
    }
}

/* The same for two units: from the firer's anchor to the target's centre. */
void sight_blind_evidence(const VlBattlefield *bf, const Blind *bl, int from, int to, VlSight *out)
{
    const VlFootprint *tf = &bf->units[to].fp;
    VlVec2 c = vl_v2_scale(vl_v2_add(tf->box.p[0], tf->box.p[2]), 0.5);
    sight_blind_evidence_at(bl, bf->units[from].pose.anchor, c, tf->blocks, tf->nblocks, out);
}

/* The hills a unit stands on, per caster. */
void sight_hills_under(const VlBattlefield *bf, const Blind *bl, int u, bool *on)
{
    for (int i = 0; i < bl->nc; i++)
        on[i] = bl->c[i].hill && sight_stands_on(&bf->units[u].fp, &bf->terrain[bl->c[i].terrain]);
}

void vl_sight_ruled(const VlBattlefield *bf, int from, int to, const VlSightRules *rules, VlSightFilter keep, void *ctx,
                    VlSight *out)
{
    if (!rules || !rules->blind_zones || from < 0 || from >= bf->nunits || to < 0 || to >= bf->nunits) {
        sight_run(bf, from, to, keep, ctx, NULL, out);
        return;
    }
    Blind bl;
    bool *on = NULL;
    if (!sight_blind_init(bf, &bl) || !(on = malloc((size_t)(2 * bl.nc + 1) * sizeof *on))) {
        sight_blind_free(&bl);
        memset(out, 0, sizeof *out);
        return; /* out of memory: not clear */
    }
    sight_hills_under(bf, &bl, from, on);
    sight_hills_under(bf, &bl, to, on + bl.nc);
    VlBox reach = bf->units[to].bounds;
    sight_blind_pair(bf, &bl, from, 2 * vl_battlefield_level_under(bf, &bf->units[from].fp),
               2 * vl_battlefield_level_under(bf, &bf->units[to].fp), on, on + bl.nc, &reach);
    sight_run(bf, from, to, keep, ctx, &bl, out);
    free(on);
    sight_blind_free(&bl);
}
int vl_blind_zones(const VlBattlefield *bf, int from, int target_level, VlBlindZone **out)
{
    *out = NULL;
    if (from < 0 || from >= bf->nunits)
        return 0;
    Blind bl;
    bool *on = NULL;
    if (!sight_blind_init(bf, &bl) || !(on = malloc((size_t)(bl.nc + 1) * sizeof *on))) {
        sight_blind_free(&bl);
        return -1;
    }
    sight_hills_under(bf, &bl, from, on);
    sight_blind_pair(bf, &bl, from, 2 * vl_battlefield_level_under(bf, &bf->units[from].fp), 2 * target_level, on, NULL, NULL);
    VlBlindZone *z = calloc((size_t)(bl.nmasks ? bl.nmasks : 1), sizeof *z);
    int n = 0;
    for (int k = 0; z && k < bl.nmasks; k++) {
        if (bl.masks[k].multiple <= 0)
            continue; /* the feature alone: nothing hidden behind it */
        z[n].pts = malloc((size_t)bl.masks[k].n * sizeof *z[n].pts);
        if (!z[n].pts) {
            vl_blind_zones_free(z, n);
            z = NULL;
            break;
        }
        memcpy(z[n].pts, bl.masks[k].p, (size_t)bl.masks[k].n * sizeof *z[n].pts);
        z[n].npts = bl.masks[k].n;
        z[n].terrain = bl.masks[k].terrain;
        z[n].multiple = bl.masks[k].multiple;
        n++;
    }
    free(on);
    sight_blind_free(&bl);
    if (!z)
        return -1;
    *out = z;
    return n;
}

void vl_blind_zones_free(VlBlindZone *zones, int n)
{
    for (int i = 0; zones && i < n; i++)
        free(zones[i].pts);
    free(zones);
}
