/* Gunson charges (GUN-CHG-1, GUN-CHG-2, GUN-IMP-1, GUN-CAV-1, GUN-FLANK-1; D-GUN-2..4): the
 * straight charge within musket range, the throw it needs, the impetus table and the cavalry's
 * crash through. */
#include "charge_internal.h"

#include <math.h>

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
        /* GUN-CHG-1: a full-strength unit needs 4, 5 or 6. Volley's units have no figure counts, so
         * every unit is at full strength (D-GUN-3). */
        out->needs_throw = true;
        out->throw_needed = 4;
        vl_reason_add(&out->why, "GUN-CHG-1", true, 4, u, -1,
                      "a full-strength unit charges on 4, 5 or 6; one short refuses, two short retreats a move");
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
