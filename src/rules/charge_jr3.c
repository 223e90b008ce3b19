/* JR III charges (JR3-CHG-1..5, D-JR3-1): the target a charge must take, the order declared charges
 * resolve in, the straight line of charge and its oblique, the theoretical maximum charge move, the
 * point unit's supports and the defender's close support. */
#include "charge_internal.h"

#include <math.h>

int vl_charge_target_jr3(const VlWorld *w, int u, bool *in_zone, VlReasons *why)
{
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    int zone_best = -1, any_best = -1;
    double zone_d = INFINITY, any_d = INFINITY;
    for (int j = 0; j < w->nunits; j++) {
        if (!vl_world_present(w, j) || !vl_world_enemies(w, u, j))
            continue;
        if (!vl_world_sees(w, u, j, false))
            continue; /* JR3-CHG-2: only visible units (the game's sight: REP-601 when on) */
        double d = vl_footprint_distance(fp, &vl_world_unit(w, j)->fp);
        if (vl_in_primary_zone(fp, &vl_world_unit(w, j)->fp) && d < zone_d) {
            zone_d = d;
            zone_best = j;
        }
        if (d < any_d) {
            any_d = d;
            any_best = j;
        }
    }
    /* A unit outside the zone is more threatening only when strictly closer: ties go to the zone. */
    int target = zone_best;
    if (zone_best < 0 || any_d < zone_d)
        target = any_best;
    if (in_zone)
        *in_zone = target >= 0 && target == zone_best;
    if (why && target >= 0)
        vl_reason_add(why, "JR3-CHG-2", true, target == zone_best ? zone_d : any_d, target, -1,
                      target == zone_best ? "%s is the closest visible enemy in the primary zone (%.2f in)"
                                          : "%s, outside the primary zone, is the closest visible enemy (%.2f in)%s",
                      uid(w, target), target == zone_best ? zone_d : any_d,
                      target == zone_best ? "" : zone_best >= 0 ? ", closer than the one in the zone: more threatening" : "");
    return target;
}

void vl_charge_order_jr3(const VlWorld *w, const int *units, const int *targets, int n, int *order)
{
    double key[256];
    for (int i = 0; i < n; i++) {
        order[i] = i;
        key[i] = i < 256 ? vl_footprint_distance(&vl_world_unit(w, units[i])->fp, &vl_world_unit(w, targets[i])->fp) : 0;
    }
    /* JR3-CHG-1: closest to its enemy first; insertion sort keeps declaration order for ties. */
    for (int i = 1; i < n && i < 256; i++)
        for (int j = i; j > 0 && key[order[j]] < key[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* Does the ray from a through b hit any base of fp? */
static bool ray_hits(VlVec2 a, VlVec2 b, const VlFootprint *fp)
{
    VlVec2 d = vl_v2_sub(b, a);
    double len = vl_v2_len(d);
    if (len <= 0)
        return false;
    VlVec2 far = vl_v2_mad(a, d, VL_CHARGE_FAR / len);
    for (int i = 0; i < fp->nbases; i++) {
        VlVec2 seg[2] = {a, far};
        if (!vl_convex_apart(seg, 2, fp->bases[i].p, 4))
            return true;
    }
    return false;
}

void vl_charge_resolve_jr3(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    int u = o->unit, t = o->target;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlFieldUnit *tu = vl_world_unit(w, t);
    bool in_zone;
    int must = vl_charge_target_jr3(w, u, &in_zone, &out->why);
    if (must < 0)
        vl_reason_add(&out->why, "JR3-CHG-2", false, NAN, u, -1, "%s sees no enemy to charge", uid(w, u));
    else if (must != t)
        vl_reason_add(&out->why, "JR3-CHG-2", false, NAN, must, -1, "%s must charge %s, not %s", uid(w, u), uid(w, must),
                      uid(w, t));
    /* JR3-CHG-3: straight at the target; an oblique of over 45 degrees disorders. */
    VlVec2 dir = vl_charge_line_at(fu, tu);
    double c = vl_v2_dot(dir, fu->fp.fwd);
    out->oblique = acos(c > 1 ? 1 : (c < -1 ? -1 : c)) * 180.0 / VL_CHARGE_PI;
    out->disorder = out->oblique > 45.0 + 1e-9;
    vl_reason_add(&out->why, "JR3-CHG-3", true, out->oblique, t, -1,
                  "the line of charge runs %.1f degrees off the unit's front%s", out->oblique,
                  out->disorder ? ": over 45, the unit goes into disorder" : "");
    Path p;
    vl_charge_eval_path(w, u, t, VL_PRE_NONE, 0, &dir, &p);
    VlGround g = vl_charge_path_ground(w, &p, out->rough, &out->nrough);
    out->ground = g;
    /* Normal movement over this ground; cavalry in rough at its best (a roll of 1): the maximum. */
    VlAllowance al = vl_move_allowance(w, su->type, fu->formation, w->units[u].mounted, g, 1);
    int dice = w->options.jr3_bonus_dice;
    out->max_reach = al.max + 6.0 * dice;
    out->allowance_min = al.max + dice;
    out->allowance_max = out->max_reach;
    vl_reason_add(&out->why, "JR3-CHG-3", true, out->max_reach, u, -1,
                  "theoretical maximum charge move: normal %.2f in + %d bonus dice all sixes = %.2f in (D-JR3-1)", al.max,
                  dice, out->max_reach);
    out->blocker_unit = p.blocker_unit;
    out->blocker_feature = p.blocker_feature;
    if (!isfinite(p.run) || !p.reaches) {
        vl_reason_add(&out->why, "JR3-CHG-3", false, NAN, p.blocker_unit >= 0 ? p.blocker_unit : t, p.blocker_feature,
                      "the straight line to %s is blocked%s%s", uid(w, t), p.blocker_unit >= 0 ? " by " : "",
                      p.blocker_unit >= 0 ? uid(w, p.blocker_unit) : "");
        return;
    }
    vl_charge_fill_path(w, &p, out);
    VlFootprint ch;
    vl_charge_footprint_at(w, u, out->contact_pose, &ch);
    out->face = vl_charge_struck_face(&ch, &tu->fp, dir);
    if (out->distance <= out->max_reach + 1e-9) {
        out->reachable = true;
        vl_reason_add(&out->why, "JR3-CHG-3", true, out->distance, t, -1, "contact with %s's %s after %.2f in", uid(w, t),
                      vl_face_name(out->face), out->distance);
    } else {
        vl_reason_add(&out->why, "JR3-CHG-3", false, out->distance, t, -1,
                      "%s is %.2f in away: beyond the theoretical maximum charge move", uid(w, t), out->distance);
    }
    /* JR3-CHG-4: supporting units. */
    double point_d = vl_footprint_distance(&fu->fp, &tu->fp);
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->units[j].routed)
            continue;
        const VlFieldUnit *fj = vl_world_unit(w, j);
        const VlScenarioUnit *sj = &w->scenario->units[j];
        if (fj->formation == VL_FORM_SKIRMISH || sj->type == VL_GENERAL || sj->type == VL_ARTILLERY)
            continue;
        if (vl_footprint_distance(&fj->fp, &fu->fp) > 6.0)
            continue;
        if (w->units[j].hits >= 2 || (!o->ignore_turn_flags && w->units[j].acted)) {
            /* Only units in good morale support (D-JR3-3: 2 HITs or more is shaken), and a unit that
             * has acted this turn has no action left to support with (GOR-TURN-3). */
            vl_reason_add(&out->why, "JR3-CHG-4", true, NAN, j, -1, "%s cannot support: %s", uid(w, j),
                          w->units[j].hits >= 2 ? "shaken (D-JR3-3)" : "it has acted this turn");
            continue;
        }
        if (vl_footprint_distance(&fj->fp, &tu->fp) <= point_d) {
            vl_reason_add(&out->why, "JR3-CHG-4", true, NAN, j, -1, "%s is within 6 in but not further from the enemy",
                          uid(w, j));
            continue;
        }
        int other = -1;
        for (int k = 0; k < w->nunits && other < 0; k++)
            if (k != t && vl_world_present(w, k) && vl_world_enemies(w, u, k) &&
                vl_in_primary_zone(&fj->fp, &vl_world_unit(w, k)->fp))
                other = k;
        if (other >= 0) {
            if (!ray_hits(vl_charge_box_centre(&tu->fp), vl_charge_box_centre(&fu->fp), &fj->fp)) {
                vl_reason_add(&out->why, "JR3-CHG-4", true, NAN, j, -1,
                              "%s cannot support: uncharged enemy %s is in its primary zone", uid(w, j), uid(w, other));
                continue;
            }
            vl_reason_add(&out->why, "JR3-CHG-4", true, NAN, j, -1,
                          "%s supports although %s is in its primary zone: the line from %s's centre through %s reaches it",
                          uid(w, j), uid(w, other), uid(w, t), uid(w, u));
        }
        if (out->nsupports < VL_MAX_SUPPORTS)
            out->supports[out->nsupports++] = j;
        vl_reason_add(&out->why, "JR3-CHG-4", true, NAN, j, -1,
                      "%s supports: within 6 in, further from the enemy; -1 to the point unit's impact morale", uid(w, j));
    }
    /* JR3-CHG-5: the defender's close support within 2 in. */
    for (int j = 0; j < w->nunits; j++) {
        if (j == t || !vl_world_present(w, j) || vl_world_enemies(w, t, j) || w->units[j].routed)
            continue;
        const VlFieldUnit *fj = vl_world_unit(w, j);
        if (fj->formation == VL_FORM_SKIRMISH || w->scenario->units[j].type == VL_GENERAL)
            continue;
        if (vl_footprint_distance(&fj->fp, &tu->fp) <= 2.0 && out->nclose_support < VL_MAX_SUPPORTS) {
            out->close_support[out->nclose_support++] = j;
            vl_reason_add(&out->why, "JR3-CHG-5", true, NAN, j, -1, "%s is within 2 in of %s: close support", uid(w, j),
                          uid(w, t));
        }
    }
}
