/* Gunson charges (GUN-CHG-1, GUN-CHG-2, GUN-IMP-1, GUN-CAV-1, GUN-FLANK-1, GUN-MOR-1; D-GUN-2..5):
 * the straight charge within musket range, the throw it needs and what a throw does, the impetus
 * table, the cavalry's crash through, the melee's dice and the morale throw after it. The game
 * rolls them in src/game/charge_gunson.c. */
#include "charge_internal.h"

#include <math.h>
#include <string.h>

typedef enum GunForm { GUN_SINGLE, GUN_DOUBLE, GUN_TREBLE, GUN_COLUMN, GUN_SQUARE } GunForm;

/* D-GUN-2: Good Old Rebel's formations in Gunson's terms. */
static GunForm gunson_form(VlFormation f)
{
    switch (f) {
    case VL_FORM_COLUMN:
    case VL_FORM_LIMBERED: return GUN_COLUMN;
    case VL_FORM_SQUARE: return GUN_SQUARE;
    default: return GUN_SINGLE;
    }
}

/* GUN-IMP-1: men per extra die; rows the defender's formation, columns the attacker's
 * (single line, double, treble, column). The article's worked example, a double line against a
 * single line, reads 6 from row "single", column "double". */
static const int IMPETUS[5][4] = {
    {5, 6, 7, 8}, /* single line */
    {4, 5, 6, 7}, /* double */
    {3, 4, 5, 6}, /* treble */
    {0, 1, 2, 3}, /* column */
    {0, 1, 2, 5}, /* square */
};

void vl_charge_resolve_gunson(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    int u = o->unit, t = o->target;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u), *tu = vl_world_unit(w, t);
    bool cav = su->type == VL_CAVALRY;
    double d = vl_footprint_distance(&fu->fp, &tu->fp);
    if (d > 18.0 + 1e-9)
        vl_reason_add(&out->why, "GUN-CHG-1", false, d, t, -1, "%s is %.2f in away: charges start within musket range (18 in)",
                      uid(w, t), d);
    double move = cav ? 24.0 : 18.0; /* GUN-CHG-2 */
    out->allowance_min = out->allowance_max = move;
    VlVec2 dir = vl_charge_line_at(fu, tu);
    Path p;
    vl_charge_eval_path(w, u, t, VL_PRE_NONE, 0, &dir, &p);
    out->blocker_unit = p.blocker_unit;
    out->blocker_feature = p.blocker_feature;
    out->ground = vl_charge_path_ground(w, &p, out->rough, &out->nrough);
    if (!isfinite(p.run) || !p.reaches) {
        vl_reason_add(&out->why, "GUN-CHG-2", false, NAN, p.blocker_unit >= 0 ? p.blocker_unit : t, p.blocker_feature,
                      "the way to %s is blocked", uid(w, t));
        return;
    }
    vl_charge_fill_path(w, &p, out);
    VlFootprint ch;
    vl_charge_footprint_at(w, u, out->contact_pose, &ch);
    out->face = vl_charge_struck_face(&ch, &tu->fp, dir);
    if (out->distance <= move + 1e-9) {
        out->reachable = true;
        vl_reason_add(&out->why, "GUN-CHG-2", true, out->distance, t, -1, "%s charges %g in: contact with %s's %s after %.2f in",
                      cav ? "cavalry" : "infantry", move, uid(w, t), vl_face_name(out->face), out->distance);
    } else {
        vl_reason_add(&out->why, "GUN-CHG-2", false, out->distance, t, -1, "%s is %.2f in away; the charge move is %g in",
                      uid(w, t), out->distance, move);
    }
    if (out->face != VL_FACE_FRONT) {
        out->needs_throw = false;
        vl_reason_add(&out->why, "GUN-FLANK-1", true, NAN, t, -1,
                      "a charge on a flank or the rear needs no throw; the target fights with no melee value until it reforms");
    } else if (cav) {
        GunForm tf = gunson_form(tu->formation);
        out->needs_throw = true;
        out->throw_needed = tf == GUN_SQUARE ? 6 : tf == GUN_COLUMN || tf == GUN_TREBLE ? 5 : tf == GUN_DOUBLE ? 4 : 2;
        vl_reason_add(&out->why, "GUN-CAV-1", true, out->throw_needed, t, -1,
                      "cavalry against a %s needs a throw of %d or more; one short splits and swerves, two short retires",
                      vl_formation_name(tu->formation), out->throw_needed);
    } else {
        /* GUN-CHG-1: 4, 5 or 6 at full strength, 5 or 6 below two thirds, 6 below a third (D-GUN-5). */
        out->needs_throw = true;
        out->throw_needed = vl_gunson_infantry_throw(w, u);
        vl_reason_add(&out->why, "GUN-CHG-1", true, out->throw_needed, u, -1,
                      "%s, %d men of %d, charges on a throw of %d or more; one short refuses, two short retreats a move",
                      uid(w, u), vl_gunson_men(w, u), VL_GUN_MEN, out->throw_needed);
    }
    if (cav) {
        /* GUN-IMP-1: no cavalry impetus against troops in woods, on hills or behind walls. */
        VlTerrainUnder tuu;
        vl_terrain_under(w->bf, &tu->fp, &tuu);
        bool walled = vl_line_between(w, u, t, 1u << VL_T_WALL) >= 0;
        bool sheltered = walled || tuu.fraction[VL_T_WOODS] > 0 || tuu.fraction[VL_T_HEAVY_WOODS] > 0 ||
                         tuu.fraction[VL_T_HILL] > 0;
        out->impetus_men_per_die = sheltered ? 0 : 3; /* light cavalry (D-GUN-4) */
        vl_reason_add(&out->why, "GUN-IMP-1", true, out->impetus_men_per_die, t, -1,
                      sheltered ? "no cavalry impetus against troops behind a wall, in woods or on a hill"
                                : "cavalry impetus: one extra die per 3 light horsemen");
        /* GUN-CHG-2: it crashes through to the full extent of its move and reforms facing any way. */
        out->crash_pose = (VlPose){vl_v2_mad(fu->pose.anchor, dir, move), fu->pose.facing};
        vl_reason_add(&out->why, "GUN-CHG-2", true, move, u, -1,
                      "the cavalry crashes through to the full %g in and may then face any way", move);
    } else {
        out->impetus_men_per_die = IMPETUS[gunson_form(tu->formation)][gunson_form(fu->formation) == GUN_COLUMN ? 3 : 0];
        if (out->impetus_men_per_die)
            vl_reason_add(&out->why, "GUN-IMP-1", true, out->impetus_men_per_die, t, -1,
                          "impetus: one extra die per %d men", out->impetus_men_per_die);
        else
            vl_reason_add(&out->why, "GUN-IMP-1", true, 0, t, -1, "no impetus against a %s",
                          vl_formation_name(tu->formation));
    }
}

/* ---- the charge phase's tables (src/game/charge_gunson.c rolls them) ---- */

int vl_gunson_men(const VlWorld *w, int u)
{
    int men = VL_GUN_MEN - w->units[u].hits; /* D-GUN-5: one HIT, one man */
    return men < 1 ? 1 : men;
}

int vl_gunson_infantry_throw(const VlWorld *w, int u)
{
    /* GUN-CHG-1: below two thirds of its men a unit needs 5 or 6, below a third 6. Compared in whole
     * numbers: men / VL_GUN_MEN < 2/3 exactly when 3 * men < 2 * VL_GUN_MEN. */
    int men = vl_gunson_men(w, u);
    return 3 * men < VL_GUN_MEN ? 6 : 3 * men < 2 * VL_GUN_MEN ? 5 : 4;
}

VlGunThrow vl_gunson_throw_result(bool cavalry, int need, int face)
{
    if (face >= need)
        return VL_GUN_CHARGES;
    if (face == need - 1)
        return cavalry ? VL_GUN_SWERVES : VL_GUN_REFUSES; /* GUN-CAV-1 / GUN-CHG-1 */
    return VL_GUN_RETREATS;
}

void vl_gunson_melee_dice(const VlWorld *w, const VlChargeVerdict *v, VlGunMelee *out)
{
    memset(out, 0, sizeof *out);
    /* GUN-IMP-1: a die for each man, and an extra die for every so many men of the charger. */
    out->att_men = vl_gunson_men(w, v->unit);
    out->att_impetus = v->impetus_men_per_die > 0 ? out->att_men / v->impetus_men_per_die : 0;
    out->att = out->att_men + out->att_impetus;
    out->def_men = vl_gunson_men(w, v->target);
    /* GUN-FLANK-1: struck on a flank or in the rear, the target has no melee value. Cavalry that did
     * not charge fights with the infantry's value, a die a man, like everyone else (GUN-IMP-1). */
    out->def_no_value = v->face != VL_FACE_FRONT;
    out->def = out->def_no_value ? 0 : out->def_men;
}

VlGunMorale vl_gunson_morale_result(int face)
{
    /* GUN-MOR-1: 5 or 6 stands, 3 or 4 retreats a move, 2 a double move, 1 routs. */
    return face >= 5 ? VL_GUN_STANDS : face >= 3 ? VL_GUN_RETREAT : face == 2 ? VL_GUN_DOUBLE_RETREAT : VL_GUN_ROUTS;
}

bool vl_gunson_joins_rout(int face)
{
    return face <= 3; /* GUN-MOR-1: a friend near a rout joins it on 1, 2 or 3 */
}

int vl_gunson_casualty_cmp(int hits_a, int men_a, int hits_b, int men_b)
{
    /* D-GUN-5: a side's casualty percentage is the HITs it took over the men it fought with; compared
     * by cross-multiplying, so no rounding decides a melee. */
    long a = (long)hits_a * men_b, b = (long)hits_b * men_a;
    return a > b ? 1 : a < b ? -1 : 0;
}

bool vl_gunson_in_building(const VlWorld *w, int u)
{
    /* D-GUN-13: a unit is in a building when one of its bases touches the building's outline (no unit
     * stands inside one: D-MOVE-8). */
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    int n = vl_battlefield_terrain_count(w->bf);
    for (int i = 0; i < n; i++) {
        const VlTerrain *f = vl_battlefield_terrain(w->bf, i);
        if (f->type != VL_T_BUILDING)
            continue;
        for (int k = 0; k < f->npts; k++) {
            VlVec2 seg[2] = {f->pts[k], f->pts[(k + 1) % f->npts]};
            if (vl_footprint_distance_to_convex(fp, seg, 2) <= VL_GUN_TOUCH)
                return true;
        }
    }
    return false;
}

bool vl_gunson_leaves_building(int face)
{
    return face <= 3; /* GUN-MOR-1: the loser of a melee in a house leaves it on 1, 2 or 3 */
}
