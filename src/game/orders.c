/* Generals and orders (GOR-GEN-1, optional): sending, carrying and receiving orders, and what
 * each order allows a brigade's units to do. */
#include "game_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *uid(const VlGame *g, int u) { return vl_unit_label(g->w->scenario, u); }

VlOrder vl_game_brigade_order(const VlGame *g, int b)
{
    return g->w->scenario->orders && b >= 0 && b < g->w->scenario->nbrigades ? g->order[b] : VL_ORDER_NONE;
}

VlOrder vl_game_pending_order(const VlGame *g, int b, double *left)
{
    if (!g->w->scenario->orders || b < 0 || b >= g->w->scenario->nbrigades)
        return VL_ORDER_NONE;
    if (left)
        *left = g->pending_left[b];
    return g->pending[b];
}

static int quality_mod(const VlWorld *w, int general)
{
    VlQuality q = w->scenario->units[general].quality;
    return q == VL_VETERAN ? 1 : q == VL_RAW ? -1 : 0; /* GOR-GEN-1: veteran +1, seasoned 0, raw -1 */
}

/* The brigade index a unit belongs to (its own or the one it is attached to), or -1. */
static int brigade_of(const VlWorld *w, int u)
{
    const char *label = vl_world_brigade(w, u);
    for (int b = 0; label[0] && b < w->scenario->nbrigades; b++)
        if (strcmp(w->scenario->brigades[b].id, label) == 0)
            return b;
    return -1;
}

static int corps_of(const VlScenario *s, int b)
{
    for (int k = 0; k < s->ncorps; k++)
        for (int i = 0; i < s->corps[k].nbrigades; i++)
            if (s->corps[k].brigades[i] == b)
                return k;
    return -1;
}

/* An order that has reached its brigade is received on a 4+ with the brigadier's quality. */
static void receive_order(VlGame *g, int b)
{
    VlWorld *w = g->w;
    const VlBrigade *br = &w->scenario->brigades[b];
    int c = br->commander;
    VlOrder o = g->pending[b];
    g->pending[b] = VL_ORDER_NONE;
    if (c < 0 || !vl_world_present(w, c)) {
        vl_g_event(g, -1, -1, "GOR-GEN-1", "the %s order for %s finds no brigade commander and is lost", vl_order_name(o),
                   vl_brigade_label(w->scenario, b));
        return;
    }
    int face, mod = quality_mod(w, c);
    int total = vl_g_roll(g, 6, 1, &face) + mod;
    VlDiceRoll *r = vl_g_log_roll(g, br->side, c, "GOR-GEN-1", &face, 1, 6, mod, 4);
    if (r)
        snprintf(r->result, sizeof r->result, "%s receives the %s order: %d, %s", uid(g, c), vl_order_name(o), total,
                 total >= 4 ? "understood" : "lost");
    if (total < 4)
        return;
    g->order[b] = o;
    g->hold_at[b] = vl_world_unit(w, c)->pose.anchor;
    vl_g_event(g, c, -1, "GOR-GEN-1", "%s's brigade (%s) is now under %s orders", uid(g, c), vl_brigade_label(w->scenario, b),
               vl_order_name(o));
}

/* At the start of a side's player turn, orders on their way travel 20 in (GOR-GEN-1). */
void vl_g_orders_travel(VlGame *g, int side)
{
    const VlScenario *s = g->w->scenario;
    for (int b = 0; s->orders && b < s->nbrigades; b++) {
        if (g->pending[b] == VL_ORDER_NONE || s->brigades[b].side != side || g->order_sent_turn[b] >= g->w->turn)
            continue;
        g->pending_left[b] -= 20.0;
        if (g->pending_left[b] <= 0)
            receive_order(g, b);
    }
}

bool vl_g_order_command(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    const VlScenario *s = w->scenario;
    int b = c->target;
    if (!s->orders)
        return vl_g_refuse(why, "GOR-GEN-1", -1, "this scenario does not play the optional Generals and orders rule");
    if (b < 0 || b >= s->nbrigades || s->brigades[b].side != w->active_side)
        return vl_g_refuse(why, "GOR-GEN-1", -1, "orders go to one of your own brigades");
    if (c->order < VL_ORDER_ATTACK || c->order > VL_ORDER_RETIRE)
        return vl_g_refuse(why, "GOR-GEN-1", -1, "the orders are attack, advance, hold and retire");
    int k = corps_of(s, b);
    if (k < 0 || !vl_world_present(w, s->corps[k].commander))
        return vl_g_refuse(why, "GOR-GEN-1", -1, "%s has no corps commander on the table to send it orders",
                           vl_brigade_label(s, b));
    if (g->order_sent_turn[b] == w->turn)
        return vl_g_refuse(why, "GOR-GEN-1", -1, "an order has already been sent to %s this turn", vl_brigade_label(s, b));
    if (!apply)
        return true;
    int cc = s->corps[k].commander, mod = quality_mod(w, cc), face;
    g->order_sent_turn[b] = w->turn;
    int total = vl_g_roll(g, 6, 1, &face) + mod;
    VlDiceRoll *r = vl_g_log_roll(g, w->active_side, cc, "GOR-GEN-1", &face, 1, 6, mod, 4);
    if (r)
        snprintf(r->result, sizeof r->result, "%s sends %s to %s: %d, %s", uid(g, cc), vl_order_name(c->order),
                 vl_brigade_label(s, b), total, total >= 4 ? "sent" : "not sent");
    if (total < 4)
        return true;
    /* It rides from the corps commander to the brigadier: 10 in this turn, 20 in each turn after. */
    int bc = s->brigades[b].commander;
    double dist = bc >= 0 && vl_world_present(w, bc)
                      ? vl_footprint_distance(&vl_world_unit(w, cc)->fp, &vl_world_unit(w, bc)->fp)
                      : 0;
    g->pending[b] = c->order;
    g->pending_left[b] = dist - 10.0;
    vl_g_event(g, cc, bc, "GOR-GEN-1", "%s sends %s orders to %s (%.1f in away)", uid(g, cc), vl_order_name(c->order),
               vl_brigade_label(s, b), dist);
    if (g->pending_left[b] <= 0)
        receive_order(g, b);
    return true;
}

/* Does the brigade's order allow this unit to end up at fp (GOR-GEN-1)? Generals and artillery act
 * on their own initiative. */
bool vl_g_order_allows_move(const VlGame *g, int u, const VlFootprint *to, VlReasons *why)
{
    const VlWorld *w = g->w;
    int b = brigade_of(w, u);
    VlOrder o = vl_game_brigade_order(g, b);
    VlUnitType type = w->scenario->units[u].type;
    if (o == VL_ORDER_NONE || type == VL_GENERAL || type == VL_ARTILLERY)
        return true;
    const VlFootprint *from = &vl_world_unit(w, u)->fp;
    double before = INFINITY, after = INFINITY;
    for (int j = 0; j < w->nunits; j++)
        if (vl_world_present(w, j) && vl_world_enemies(w, u, j) && w->scenario->units[j].type != VL_GENERAL) {
            before = fmin(before, vl_footprint_distance(from, &vl_world_unit(w, j)->fp));
            after = fmin(after, vl_footprint_distance(to, &vl_world_unit(w, j)->fp));
        }
    const double slack = 1e-6;
    switch (o) {
    case VL_ORDER_ATTACK:
        if (after > before + slack)
            return vl_g_refuse(why, "GOR-GEN-1", u, "under Attack orders %s moves towards the enemy, not away", uid(g, u));
        break;
    case VL_ORDER_ADVANCE:
        if (after > before + slack)
            return vl_g_refuse(why, "GOR-GEN-1", u, "under Advance orders %s moves towards the enemy, not away", uid(g, u));
        if (after < before - slack && w->units[u].shot_at_turn >= w->turn - 1 && w->units[u].shot_at_turn > 0)
            return vl_g_refuse(why, "GOR-GEN-1", u, "under Advance orders %s halts once fired on", uid(g, u));
        break;
    case VL_ORDER_HOLD: {
        VlVec2 at[1] = {g->hold_at[b]};
        double d0 = vl_footprint_distance_to_convex(from, at, 1), d1 = vl_footprint_distance_to_convex(to, at, 1);
        if (d1 > VL_COMMAND_RADIUS + slack && d1 > d0 + slack)
            return vl_g_refuse(why, "GOR-GEN-1", u, "under Hold orders %s stays within 8 in of the position held", uid(g, u));
        break;
    }
    case VL_ORDER_RETIRE:
        if (after < before - slack)
            return vl_g_refuse(why, "GOR-GEN-1", u, "under Retire orders %s does not move towards the enemy", uid(g, u));
        break;
    default: break;
    }
    return true;
}

bool vl_g_order_allows_charge(const VlGame *g, int u, VlReasons *why)
{
    const VlWorld *w = g->w;
    VlOrder o = vl_game_brigade_order(g, brigade_of(w, u));
    if (o == VL_ORDER_NONE || o == VL_ORDER_ATTACK)
        return true;
    return vl_g_refuse(why, "GOR-GEN-1", u, "only brigades under Attack orders charge; %s's brigade is under %s orders", uid(g, u),
                  vl_order_name(o));
}
