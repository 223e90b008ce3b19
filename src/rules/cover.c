/* Cover (Good Old Rebel, Terms & References: "Light cover", "Heavy cover"), shared by fire, close
 * combat, morale and Gunson's impetus; and the artillery's enfilade (GOR-ART-4), which the fire
 * and the computer commander both ask about. */
#include "rules_internal.h"

#include <math.h>
#include <string.h>

const char *vl_cover_name(VlCover c)
{
    static const char *const names[] = {"open", "light cover", "heavy cover"};
    return (unsigned)c < 3 ? names[c] : "?";
}

/* The first fence, hedge or wall (of type_mask) crossing the segment from point a to the middle of the
 * target's box within 2 in of the target; a wall wins over a fence or hedge. -1 if none. */
static int line_from(const VlWorld *w, VlVec2 a, int target, unsigned type_mask)
{
    const VlFootprint *fp = &vl_world_unit(w, target)->fp;
    VlVec2 b = vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5);
    int found = -1;
    int nt = vl_battlefield_terrain_count(w->bf);
    for (int t = 0; t < nt; t++) {
        const VlTerrain *f = vl_battlefield_terrain(w->bf, t);
        if ((unsigned)f->type >= 32 || !(type_mask & (1u << f->type)))
            continue;
        for (int s = 0; s + 1 < f->npts; s++) {
            VlVec2 x, seg[2] = {f->pts[s], f->pts[s + 1]};
            if (!vl_segment_crossing(a, b, seg[0], seg[1], &x) || vl_footprint_distance_to_convex(fp, seg, 2) > 2.0)
                continue;
            if (found < 0 || f->type == VL_T_WALL)
                found = t;
        }
    }
    return found;
}

VlCover vl_cover_from_point(const VlWorld *w, VlVec2 from, int target)
{
    /* D-FIRE-2: areal cover counts when it holds at least half of the target's footprint; a fence,
     * hedge or wall counts when it crosses the line from the firer's front to the target within 2 in
     * of the target. Light: woods, fences, hedges (and rough scrub); heavy: heavy woods, buildings,
     * entrenchments, walls. */
    const VlFootprint *fp = &vl_world_unit(w, target)->fp;
    VlTerrainUnder tu;
    vl_terrain_under(w->bf, fp, &tu);
    VlCover c = VL_COVER_OPEN;
    if (tu.fraction[VL_T_HEAVY_WOODS] >= 0.5 || tu.fraction[VL_T_BUILDING] >= 0.5 || tu.fraction[VL_T_ENTRENCHMENT] >= 0.5)
        return VL_COVER_HEAVY;
    if (tu.fraction[VL_T_WOODS] >= 0.5 || tu.fraction[VL_T_ROUGH] >= 0.5)
        c = VL_COVER_LIGHT;
    int f = line_from(w, from, target, (1u << VL_T_FENCE) | (1u << VL_T_HEDGE) | (1u << VL_T_WALL));
    if (f >= 0 && vl_battlefield_terrain(w->bf, f)->type == VL_T_WALL)
        return VL_COVER_HEAVY;
    if (f >= 0)
        c = VL_COVER_LIGHT;
    return c;
}

static VlVec2 front_middle(const VlWorld *w, int u)
{
    const VlFootprint *ff = &vl_world_unit(w, u)->fp;
    return vl_v2_lerp(ff->box.p[0], ff->box.p[1], 0.5);
}

VlCover vl_cover(const VlWorld *w, int firer, int target) { return vl_cover_from_point(w, front_middle(w, firer), target); }

int vl_line_between(const VlWorld *w, int from, int target, unsigned type_mask)
{
    return line_from(w, front_middle(w, from), target, type_mask);
}

/* The face of the target that the firer sees most squarely: the face whose outward region, judged
 * against the box's own proportions, holds the middle of the firer's front. */
static VlFace face_seen(const VlWorld *w, int firer, int target)
{
    const VlFootprint *tf = &vl_world_unit(w, target)->fp, *uf = &vl_world_unit(w, firer)->fp;
    VlVec2 c = vl_v2_lerp(tf->box.p[0], tf->box.p[2], 0.5), from = vl_v2_lerp(uf->box.p[0], uf->box.p[1], 0.5);
    VlVec2 d = vl_v2_sub(from, c);
    double along = vl_v2_dot(d, tf->fwd), side = vl_v2_dot(d, tf->right);
    double depth = vl_v2_dist(tf->box.p[1], tf->box.p[2]), width = vl_v2_dist(tf->box.p[0], tf->box.p[1]);
    if (fabs(along) * width >= fabs(side) * depth)
        return along >= 0 ? VL_FACE_FRONT : VL_FACE_REAR;
    return side >= 0 ? VL_FACE_RIGHT : VL_FACE_LEFT;
}

bool vl_enfiladed(const VlWorld *w, int firer, int target)
{
    /* GOR-ART-4 and its note: the shot runs along the target's depth: the flank of a line or of an
     * unlimbered battery, the head or tail of a column or limbered battery; a square always. */
    VlFormation f = vl_world_unit(w, target)->formation;
    if (f == VL_FORM_SQUARE)
        return true;
    VlFace seen = face_seen(w, firer, target);
    bool flank = seen == VL_FACE_LEFT || seen == VL_FACE_RIGHT;
    if (f == VL_FORM_LINE || f == VL_FORM_UNLIMBERED)
        return flank;
    if (f == VL_FORM_COLUMN || f == VL_FORM_LIMBERED)
        return !flank;
    return false;
}
