/* REP-201 alert infantry: which units go on alert and when they stop being so (D-REP-201-1), and
 * the counter-charge an alert unit makes when an enemy moves through its zone (D-REP-201-2). */
#include "game_internal.h"

static const char *uid(const VlGame *g, int u) { return vl_unit_label(g->w->scenario, u); }

/* D-REP-201-1: infantry of the side that has just moved, on the table, not routed, with no HITs, not
 * raw (Volley's untrained), that did not charge this turn and used at most a quarter of its normal
 * move in the open. */
static bool may_go_on_alert(const VlGame *g, int u)
{
    const VlWorld *w = g->w;
    const VlUnitState *st = &w->units[u];
    const VlScenarioUnit *su = &w->scenario->units[u];
    if (su->type != VL_INFANTRY || !vl_world_present(w, u) || st->routed || st->hits > 0 || su->quality == VL_RAW ||
        st->charged)
        return false;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlAllowance a = vl_move_allowance(w, su->type, fu->formation, st->mounted, VL_GROUND_OPEN, 0);
    return st->moved <= 0.25 * a.max + 1e-9;
}

void vl_g_alert_phase_end(VlGame *g)
{
    VlWorld *w = g->w;
    if (!vl_rep_on(&w->options, VL_REP_201))
        return;
    for (int u = 0; u < w->nunits; u++) {
        VlUnitState *st = &w->units[u];
        if (vl_world_side(w, u) != w->active_side)
            continue;
        bool was = st->alert, now = may_go_on_alert(g, u);
        st->alert = now;
        if (now)
            st->alert_pose = vl_world_unit(w, u)->pose;
        if (now && !was)
            vl_g_event(g, u, -1, "REP-201", "%s is on alert (moved %.2f in this turn)", uid(g, u), st->moved);
        else if (was && !now)
            vl_g_event(g, u, -1, "REP-201", "%s is no longer on alert: it moved more than a quarter move", uid(g, u));
    }
}

void vl_g_alert_lost(VlGame *g)
{
    VlWorld *w = g->w;
    if (!vl_rep_on(&w->options, VL_REP_201))
        return;
    for (int u = 0; u < w->nunits; u++) {
        VlUnitState *st = &w->units[u];
        if (!st->alert)
            continue;
        VlPose p = vl_world_unit(w, u)->pose;
        bool moved = p.anchor.x != st->alert_pose.anchor.x || p.anchor.y != st->alert_pose.anchor.y ||
                     p.facing != st->alert_pose.facing;
        if (!moved && st->hits == 0 && !st->routed && vl_world_present(w, u))
            continue;
        st->alert = false;
        vl_g_event(g, u, -1, "REP-201", "%s is no longer on alert: %s", uid(g, u),
                   moved ? "it moved" : st->hits ? "it took a HIT" : "it is gone or routed");
    }
}

/* D-REP-201-2: the mover passed through the zone when, at one of VL_REP_201_SAMPLES + 1 places
 * evenly along the straight line from where it started to where it ended (its old formation and
 * facing at the start, its new ones after), it stood within VL_REP_201_ZONE in of alert unit a. */
#define VL_REP_201_ZONE 4.0
#define VL_REP_201_SAMPLES 8

static bool passed_zone(const VlWorld *w, int a, int mover, VlPose from, VlFormation from_form)
{
    const VlFieldUnit *mu = vl_world_unit(w, mover);
    const VlFootprint *afp = &vl_world_unit(w, a)->fp;
    for (int k = 0; k <= VL_REP_201_SAMPLES; k++) {
        double s = (double)k / VL_REP_201_SAMPLES;
        VlPose p = {vl_v2_lerp(from.anchor, mu->pose.anchor, s), k == 0 ? from.facing : mu->pose.facing};
        VlFootprint fp;
        vl_footprint_build(&fp, p, k == 0 ? from_form : mu->formation, mu->spec);
        if (vl_footprint_distance(&fp, afp) <= VL_REP_201_ZONE + 1e-9)
            return true;
    }
    return false;
}

void vl_g_alert_react(VlGame *g, int mover, VlPose from, VlFormation from_form, double fraction)
{
    VlWorld *w = g->w;
    if (!vl_rep_on(&w->options, VL_REP_201) || w->scenario->units[mover].type == VL_GENERAL)
        return;
    if (!(fraction > 0))
        return;
    if (fraction > 1)
        fraction = 1;
    for (int a = 0; a < w->nunits; a++) {
        if (!vl_world_present(w, mover) || w->units[mover].routed)
            return;
        VlUnitState *st = &w->units[a];
        if (!st->alert || !vl_world_present(w, a) || st->routed || st->firefight >= 0 ||
            !vl_world_enemies(w, a, mover) || !passed_zone(w, a, mover, from, from_form))
            continue;
        /* Pro-rated: the share of its charge move the mover used of its own allowance. */
        double reach = fraction * vl_g_charge_move(g, a);
        if (vl_g_counter_charge(g, a, mover, reach)) {
            if (st->alert) {
                st->alert = false;
                vl_g_event(g, a, mover, "REP-201", "%s has made its reaction and is no longer on alert", uid(g, a));
            }
        }
    }
}
