/* REP-201 alert infantry: which units go on alert and when they stop being so (D-REP-201-1). The
 * reaction an alert unit is owed when an enemy moves through its zone is not played yet
 * (docs/rules-checklist.md: partly). */
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
