/* Good Old Rebel charges (GOR-CHG-2..5, GOR-MOVE-1 for cavalry in rough): the path chosen or
 * checked (the search is in charge_path.c), the charge move over the path's ground, the half charge
 * of a failed morale test, and the supports that may follow with the "directly behind" test they
 * share with rear support (GOR-SUPP-1, threats.c). Eligibility (GOR-CHG-1) is in charge.c. */
#include "charge_internal.h"

#include <math.h>
#include <stdio.h>

/* GOR-CHG-5 supports and GOR-SUPP-1 rear support share "at least partly directly behind, within 5 in". */
bool vl_charge_directly_behind(const VlFootprint *front, const VlFootprint *back, double within)
{
    VlFootprint rev;
    /* A footprint facing backwards with its front on the unit's rear face gives the corridor behind. */
    VlVec2 rear_mid = vl_v2_lerp(front->box.p[2], front->box.p[3], 0.5);
    double facing = atan2(-front->fwd.x, -front->fwd.y) * 180.0 / VL_CHARGE_PI;
    double width = vl_v2_dist(front->box.p[2], front->box.p[3]);
    vl_footprint_build(&rev, (VlPose){rear_mid, facing}, VL_FORM_LINE, (VlBaseSpec){1, width, 1e-6});
    double exposure = 0;
    return vl_fire_corridor(&rev, within, back, &exposure) && exposure > VL_EPS;
}

VlSupportBar vl_charge_support_bar(const VlWorld *w, int front, int back)
{
    bool front_in = vl_world_in_command(w, front, NULL), back_in = vl_world_in_command(w, back, NULL);
    if (!vl_world_same_brigade(w, front, back))
        return VL_SUPPORT_OTHER_BRIGADE;
    return !front_in ? VL_SUPPORT_FRONT_OUT : !back_in ? VL_SUPPORT_BACK_OUT : VL_SUPPORT_OK;
}

static void gor_supports(const VlWorld *w, int u, VlChargeVerdict *out)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->units[j].routed)
            continue;
        const VlScenarioUnit *sj = &w->scenario->units[j];
        const VlFieldUnit *fj = vl_world_unit(w, j);
        if (sj->type != su->type || fj->formation == VL_FORM_COLUMN)
            continue;
        if (!vl_charge_directly_behind(fp, &fj->fp, 5.0))
            continue;
        VlSupportBar bar = vl_charge_support_bar(w, u, j);
        if (bar != VL_SUPPORT_OK) {
            vl_reason_add(&out->why, "GOR-CHG-5", true, NAN, j, -1,
                          "%s is behind within 5 in but cannot support: %s", uid(w, j),
                          bar == VL_SUPPORT_OTHER_BRIGADE ? "not of the same brigade"
                          : bar == VL_SUPPORT_FRONT_OUT
                              ? "the charger is out of command (over 8 in from its brigade commander)"
                              : "it is out of command (over 8 in from its brigade commander)");
            continue;
        }
        if (out->nsupports < VL_MAX_SUPPORTS)
            out->supports[out->nsupports++] = j;
        vl_reason_add(&out->why, "GOR-CHG-5", true, NAN, j, -1,
                      "%s may support: same type, partly directly behind within 5 in, in command; it moves up "
                      "behind at charge speed and takes no morale test",
                      uid(w, j));
    }
}

/* GOR-CHG-3: half the charge move along the path, never closer than 3 in. */
static void half_charge(const VlWorld *w, int u, int t, const Path *p, double allowance, VlChargeVerdict *out)
{
    double total = p->pre_cost + p->run;
    double s = 0.5 * allowance;
    if (s > total)
        s = total;
    VlFootprint fp;
    const VlFootprint *tg = &vl_world_unit(w, t)->fp;
    vl_charge_footprint_at(w, u, vl_charge_pose_along(p, s), &fp);
    if (vl_footprint_distance(&fp, tg) < 3.0) {
        /* Find where the distance falls to 3 in: it only shrinks along a charge path. */
        double lo = 0, hi = s;
        vl_charge_footprint_at(w, u, vl_charge_pose_along(p, 0), &fp);
        if (vl_footprint_distance(&fp, tg) < 3.0) {
            hi = 0;
        } else {
            for (int it = 0; it < 60; it++) {
                double mid = 0.5 * (lo + hi);
                vl_charge_footprint_at(w, u, vl_charge_pose_along(p, mid), &fp);
                if (vl_footprint_distance(&fp, tg) >= 3.0)
                    lo = mid;
                else
                    hi = mid;
            }
            hi = lo;
        }
        s = hi;
    }
    out->half_distance = s;
    out->half_pose = vl_charge_pose_along(p, s);
}

void vl_charge_resolve_gor(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    int u = o->unit, t = o->target;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    Path best;
    bool found;
    if (o->choose_path) {
        /* The longest charge move there could be: the open-ground allowance plus 5 in. */
        VlAllowance open = vl_move_allowance(w, su->type, fu->formation, w->units[u].mounted, VL_GROUND_OPEN, 0);
        Search sr;
        vl_charge_search_gor(w, u, t, open.max + VL_CHARGE_BONUS, 0, &sr);
        found = sr.found;
        best = sr.best;
        if (!found && sr.any_clear) {
            best = sr.first_clear; /* clear, but out of reach: the distance says why */
            found = true;
        } else if (!found) {
            /* Explain with the cheapest opening, whatever stops it. */
            vl_charge_eval_path(w, u, t, sr.any ? sr.cheapest.kind : VL_PRE_NONE, sr.any ? sr.cheapest.amount : 0,
                                NULL, &best);
            found = best.reaches; /* clear, but longer than any charge move: the distance says why */
        }
    } else {
        double limit_deg = VL_CHARGE_PRE_LIMIT;
        if (o->pre_kind == VL_PRE_DRIFT && fabs(o->pre_amount) > limit_deg + 1e-9)
            vl_reason_add(&out->why, "GOR-CHG-4", false, o->pre_amount, u, -1, "a drift of %.2f in: at most 5 in",
                          o->pre_amount);
        vl_charge_eval_path(w, u, t, o->pre_kind, o->pre_amount, NULL, &best);
        if (best.pre_cost > VL_CHARGE_PRE_LIMIT + 1e-9)
            vl_reason_add(&out->why, "GOR-CHG-4", false, best.pre_cost, u, -1,
                          "the opening costs %.2f in: at most 5 in of wheel or drift", best.pre_cost);
        found = best.reaches;
    }
    VlGround g = vl_charge_path_ground(w, &best, out->rough, &out->nrough);
    out->ground = g;
    VlAllowance al = vl_move_allowance(w, su->type, fu->formation, w->units[u].mounted, g, o->rough_die);
    if (!al.can_move) {
        al.min = al.max = 0;
    }
    out->allowance_min = al.min + VL_CHARGE_BONUS;
    out->allowance_max = al.max + VL_CHARGE_BONUS;
    vl_reason_add(&out->why, "GOR-CHG-2", true, out->allowance_max, u, -1,
                  "charge move = normal move over %s ground + 5 in = %s%.2f in", vl_ground_name(g),
                  al.die_loss && o->rough_die == 0 ? "up to " : "", out->allowance_max);
    if (g == VL_GROUND_ROUGH)
        vl_reason_add(&out->why, "GOR-MOVE-1", true, NAN, -1, out->rough[0], "the path crosses %s: rough ground",
                      vl_terrain_label(w->scenario, out->rough[0]));
    out->blocker_unit = best.blocker_unit;
    out->blocker_feature = best.blocker_feature;
    if (!isfinite(best.run) && best.blocker_unit < 0) {
        vl_reason_add(&out->why, "GOR-CHG-4", false, NAN, t, -1,
                      "no opening of up to 5 in of wheel or drift brings %s onto a straight line into %s", uid(w, u), uid(w, t));
        return;
    }
    if (!found) {
        if (best.blocker_unit >= 0)
            vl_reason_add(&out->why, "GOR-CHG-4", false, NAN, best.blocker_unit, -1, "the way to %s is blocked by %s %s",
                          uid(w, t), vl_world_enemies(w, u, best.blocker_unit) ? "enemy" : "friend",
                          uid(w, best.blocker_unit));
        else if (best.blocker_feature >= 0)
            vl_reason_add(&out->why, "GOR-CHG-4", false, NAN, -1, best.blocker_feature, "the way is blocked by %s",
                          vl_terrain_label(w->scenario, best.blocker_feature));
        else
            vl_reason_add(&out->why, "GOR-CHG-4", false, NAN, u, -1, "the way leaves the table");
        return;
    }
    vl_charge_fill_path(w, &best, out);
    VlFootprint ch;
    vl_charge_footprint_at(w, u, out->contact_pose, &ch);
    out->face = vl_charge_struck_face(&ch, &vl_world_unit(w, t)->fp, best.dir);
    char opening[96] = "";
    if (best.kind == VL_PRE_DRIFT)
        snprintf(opening, sizeof opening, "drift %.2f in %s, then ", fabs(best.amount), best.amount > 0 ? "right" : "left");
    else if (best.kind != VL_PRE_NONE)
        snprintf(opening, sizeof opening, "wheel %.1f deg about the %s end (%.2f in), then ", fabs(best.amount),
                 best.kind == VL_PRE_WHEEL_LEFT ? "left" : "right", best.pre_cost);
    vl_reason_add(&out->why, "GOR-CHG-4", true, out->distance, t, -1,
                  "%s%.2f in straight ahead: contact with %s's %s after %.2f in", opening, best.run, uid(w, t),
                  vl_face_name(out->face), out->distance);
    if (out->distance <= out->allowance_min + 1e-9) {
        out->reachable = true;
        vl_reason_add(&out->why, "GOR-CHG-2", true, out->distance, t, -1, "%.2f in is within the charge move of %.2f in",
                      out->distance, out->allowance_min);
    } else if (out->distance <= out->allowance_max + 1e-9) {
        out->reachable = true;
        out->depends_on_die = true;
        double unit = w->options.cavalry_rough_in_cm ? 1.0 / 2.54 : 1.0;
        out->max_die = (int)floor((out->allowance_max + unit - out->distance) / unit + 1e-9);
        vl_reason_add(&out->why, "GOR-MOVE-1", true, out->distance, t, -1,
                      "cavalry in rough loses 1D6: it reaches on a roll of %d or less", out->max_die);
    } else {
        vl_reason_add(&out->why, "GOR-CHG-2", false, out->distance, t, -1, "%s is %.2f in away along the path; the charge "
                      "move is %.2f in",
                      uid(w, t), out->distance, out->allowance_max);
    }
    half_charge(w, u, t, &best, out->allowance_min, out);
    vl_reason_add(&out->why, "GOR-CHG-3", true, out->half_distance, u, -1,
                  "if its morale test fails it advances %.2f in (half the charge move, never within 3 in) and halts",
                  out->half_distance);
    gor_supports(w, u, out);
}
