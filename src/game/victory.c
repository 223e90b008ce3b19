/* Victory: objectives and points, an army's break point, the end after the last turn. */
#include "game_internal.h"

#include <stdio.h>

/* ---- victory ---- */

static bool counts_for_victory(const VlWorld *w, int u) { return w->scenario->units[u].type != VL_GENERAL; }

static bool holds(const VlWorld *w, int side, const VlObjective *o)
{
    VlVec2 pt[1] = {o->position};
    /* A unit whose bounding box lies farther than the radius (and a margin for rounding) from the
     * point is farther itself: the exact distance is taken only for the others. */
    VlBox at = {o->position, o->position};
    for (int u = 0; u < w->nunits; u++)
        if (vl_world_present(w, u) && vl_world_side(w, u) == side && !w->units[u].routed && counts_for_victory(w, u) &&
            vl_box_overlap(vl_world_unit(w, u)->bounds, at, o->radius + 1e-6) &&
            vl_footprint_distance_to_convex(&vl_world_unit(w, u)->fp, pt, 1) <= o->radius)
            return true;
    return false;
}

int vl_objective_holder(const VlWorld *w, int o)
{
    if (o < 0 || o >= w->scenario->nobjectives)
        return -1;
    const VlObjective *ob = &w->scenario->objectives[o];
    bool h0 = holds(w, 0, ob), h1 = holds(w, 1, ob);
    return h0 == h1 ? -1 : h0 ? 0 : 1;
}

int vl_game_points(const VlGame *g, int side)
{
    const VlWorld *w = g->w;
    int pts = 0;
    for (int i = 0; i < w->scenario->nobjectives; i++) {
        const VlObjective *o = &w->scenario->objectives[i];
        if (holds(w, side, o) && !holds(w, 1 - side, o))
            pts += o->points;
    }
    for (int u = 0; u < w->nunits; u++)
        if (vl_world_side(w, u) != side && counts_for_victory(w, u) && (w->units[u].routed || w->units[u].removed))
            pts++;
    return pts;
}

/* The share (percent) of a side's units routed or gone. */
static int broken_percent(const VlWorld *w, int side)
{
    int all = 0, lost = 0;
    for (int u = 0; u < w->nunits; u++) {
        if (vl_world_side(w, u) != side || !counts_for_victory(w, u))
            continue;
        all++;
        lost += w->units[u].routed || w->units[u].removed;
    }
    return all ? lost * 100 / all : 0;
}

void vl_g_check_break(VlGame *g)
{
    if (g->over)
        return;
    const VlScenario *s = g->w->scenario;
    bool b0 = broken_percent(g->w, 0) >= s->break_percent, b1 = broken_percent(g->w, 1) >= s->break_percent;
    if (!b0 && !b1)
        return;
    g->over = true;
    g->phase = VL_PHASE_OVER;
    g->winner = b0 && b1 ? -1 : b0 ? 1 : 0;
    snprintf(g->why, sizeof g->why, "%s", b0 && b1 ? "both armies broke" : b0 ? "the first side's army broke" : "the second side's army broke");
    if (g->winner >= 0)
        snprintf(g->why, sizeof g->why, "%s's army broke: %d%% of its units routed or gone", s->sides[1 - g->winner].name,
                 broken_percent(g->w, 1 - g->winner));
    vl_g_event(g, -1, -1, "VICTORY", "%s", g->why);
}

void vl_g_end_by_turns(VlGame *g)
{
    const VlScenario *s = g->w->scenario;
    int p0 = vl_game_points(g, 0), p1 = vl_game_points(g, 1);
    g->over = true;
    g->phase = VL_PHASE_OVER;
    g->winner = p0 > p1 ? 0 : p1 > p0 ? 1 : -1;
    snprintf(g->why, sizeof g->why, "after %d turns: %.40s %d, %.40s %d points%s", s->turns, s->sides[0].name, p0,
             s->sides[1].name, p1, g->winner < 0 ? " (a draw)" : "");
    vl_g_event(g, -1, -1, "VICTORY", "%s", g->why);
}
