/* The turn and phase machine (GOR-TURN-1..3): events, arrivals, the phases with the retreat and
 * rout phases, the movement, rally, attach and occupy commands, and command dispatch with
 * vl_game_apply() and vl_game_check() on top of everything else in src/game. */
#include "game_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *uid(const VlGame *g, int u) { return vl_unit_label(g->w->scenario, u); }

/* ---- turn structure ---- */

static void arrivals(VlGame *g, int side)
{
    VlWorld *w = g->w;
    for (int u = 0; u < w->nunits; u++) {
        VlUnitState *st = &w->units[u];
        if (!st->waiting || vl_world_side(w, u) != side || st->arrive_turn > w->turn)
            continue;
        /* It comes on where the scenario puts it, if that ground is clear (else it waits a turn). */
        if (vl_g_place_blocker(g, u, &vl_world_unit(w, u)->fp, true, true) != VL_PLACE_FREE) {
            st->arrive_turn = w->turn + 1;
            vl_g_event(g, u, -1, "SCN-ARRIVE", "%s cannot come on: its place is taken; it waits a turn", uid(g, u));
            continue;
        }
        vl_world_set_present(w, u, true);
        vl_g_event(g, u, -1, "SCN-ARRIVE", "%s arrives by the %s edge", uid(g, u), w->scenario->units[u].arrive_edge);
        vl_g_make_way(g, u);
    }
}

static void roll_events(VlGame *g)
{
    VlWorld *w = g->w;
    const VlScenario *s = w->scenario;
    int faces[2];
    int total = vl_g_roll(g, 6, 2, faces);
    VlDiceRoll *r = vl_g_log_roll(g, s->first_side, -1, "GOR-TURN-1", faces, 2, 6, 0, 0);
    const VlEvent *e = NULL;
    for (int i = 0; i < s->nevents; i++)
        if (total >= s->events[i].lo && total <= s->events[i].hi)
            e = &s->events[i];
    if (r)
        snprintf(r->result, sizeof r->result, "events table: %d: %.130s", total, e ? e->text : "nothing happens");
    if (!e) {
        vl_g_event(g, -1, -1, "GOR-TURN-1", "events roll %d: nothing happens", total);
        return;
    }
    vl_g_event(g, e->unit, -1, "GOR-TURN-1", "events roll %d: %s", total, e->text);
    if (e->unit < 0)
        return;
    VlUnitState *st = &w->units[e->unit];
    switch (e->effect) {
    case VL_EFFECT_HITS: vl_g_add_hits(g, e->unit, e->amount, -1, "GOR-TURN-1"); break;
    case VL_EFFECT_RALLY:
        st->hits = st->hits > e->amount ? st->hits - e->amount : 0;
        break;
    case VL_EFFECT_ARRIVE:
        if (st->waiting)
            st->arrive_turn = w->turn;
        break;
    case VL_EFFECT_DELAY:
        if (st->waiting)
            st->arrive_turn += e->amount;
        break;
    default: break;
    }
}

static void start_turn(VlGame *g)
{
    VlWorld *w = g->w;
    w->turn++;
    if (w->turn > w->scenario->turns) {
        w->turn--;
        vl_g_end_by_turns(g);
        return;
    }
    for (int u = 0; u < w->nunits; u++) {
        VlUnitState *st = &w->units[u];
        st->charged_last_turn = st->charged;
        st->charged = false;
        st->fired = false;
        st->acted = false;
        if (st->firefight >= 0) { /* REP-505: locked in a firefight until it is fought out */
            st->firefight_acted = false;
            st->acted = true;
        }
        if (st->gun_pending) /* GUN-MOR-1: owing a retreat or rout, it takes no action of its own (D-GUN-11) */
            st->acted = true;
        st->moved = 0;
    }
    w->active_side = w->scenario->first_side;
    g->phase = VL_PHASE_EVENTS;
    roll_events(g);
    arrivals(g, w->active_side);
    vl_g_orders_travel(g, w->active_side);
    g->phase = VL_PHASE_ARTILLERY;
}

static void start_phase(VlGame *g)
{
    for (int u = 0; u < g->w->nunits; u++) {
        g->phase_hits[u] = 0;
        g->phase_tested[u] = false;
    }
    g->ndecl = 0;
}

/* GOR-CMD-3: a replacement commander next to any unit of the brigade, at the start of the rally phase. */
static void replace_commanders(VlGame *g)
{
    VlWorld *w = g->w;
    for (int c = 0; c < w->nunits; c++) {
        if (!g->replace_pending[c] || vl_world_side(w, c) != w->active_side)
            continue;
        for (int u = 0; u < w->nunits; u++) {
            if (!vl_world_present(w, u) || !vl_world_same_brigade(w, u, c) || w->scenario->units[u].type == VL_GENERAL)
                continue;
            /* Just behind the unit's rear face, facing the same way. */
            const VlFieldUnit *fu = vl_world_unit(w, u);
            VlVec2 rear = vl_v2_lerp(fu->fp.box.p[2], fu->fp.box.p[3], 0.5);
            VlPose p = {vl_v2_mad(rear, fu->fp.fwd, -0.1), fu->pose.facing};
            vl_battlefield_set_unit(w->bf, c, p, VL_FORM_NONE);
            if (vl_g_place_blocker(g, c, &vl_world_unit(w, c)->fp, true, true) != VL_PLACE_FREE)
                continue;
            w->units[c].removed = false;
            vl_battlefield_set_active(w->bf, c, true);
            g->replace_pending[c] = false;
            vl_g_event(g, c, u, "GOR-CMD-3", "a new commander for %s's brigade takes the field beside %s", uid(g, c), uid(g, u));
            break;
        }
    }
}

/* GOR-RETR-1: units with 5 or more HITs test; failing ones fall back and take a HIT. */
static void retreat_phase(VlGame *g)
{
    VlWorld *w = g->w;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || vl_world_side(w, u) != w->active_side || w->units[u].routed || w->units[u].hits < VL_RETREAT_TEST_HITS ||
            w->scenario->units[u].type == VL_GENERAL)
            continue;
        MoraleResult m = vl_g_morale(g, u, 0, "GOR-RETR-1", "its 5 or more HITs");
        if (m.pass)
            continue;
        vl_g_fall_back(g, u, w->options.retreat_distance, true, "GOR-RETR-1");
        vl_g_add_hits(g, u, VL_RETREAT_FAIL_HITS, -1, "GOR-RETR-1");
    }
}

/* GOR-ROUT-1: routers that did not rally run a charge move to the rear and take a HIT. */
static void rout_phase(VlGame *g)
{
    VlWorld *w = g->w;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || vl_world_side(w, u) != w->active_side || !w->units[u].routed)
            continue;
        vl_g_rout(g, u, -1, "GOR-ROUT-1");
        if (vl_world_present(w, u))
            vl_g_add_hits(g, u, 1, -1, "GOR-ROUT-1");
    }
}

/* REP-308: at the start of its side's movement, each raw unit alone in the woods that could still
 * move tests; failing, it halts for the turn (D-REP-4). */
static void lost_in_the_woods(VlGame *g)
{
    VlWorld *w = g->w;
    if (!vl_rep_on(&w->options, VL_REP_308))
        return;
    for (int u = 0; u < w->nunits; u++) {
        if (vl_world_side(w, u) != w->active_side || w->units[u].acted || !vl_rep_lost_in_woods_tests(w, u))
            continue;
        MoraleResult m = vl_g_morale(g, u, VL_REP_LOST_MODIFIER, "REP-308", "moving alone in the woods (-1 rough ground)");
        if (m.pass)
            continue;
        w->units[u].lost_turn = w->turn;
        vl_g_event(g, u, -1, "REP-308", "%s is lost in the woods: it halts where it is this turn", uid(g, u));
    }
}

static void advance_phase(VlGame *g)
{
    VlWorld *w = g->w;
    switch (g->phase) {
    case VL_PHASE_ARTILLERY: g->phase = VL_PHASE_FIRE; break;
    case VL_PHASE_FIRE: g->phase = VL_PHASE_CHARGE; break;
    case VL_PHASE_CHARGE:
        vl_g_resolve_charges(g);
        g->phase = VL_PHASE_MOVEMENT;
        vl_g_gunson_pending_moves(g); /* GUN-MOR-1: owed retreats and routs, first (D-GUN-11) */
        lost_in_the_woods(g);
        break;
    case VL_PHASE_MOVEMENT:
        vl_g_alert_phase_end(g); /* REP-201 */
        g->phase = VL_PHASE_RALLY;
        replace_commanders(g);
        break;
    case VL_PHASE_RALLY:
        g->phase = VL_PHASE_RETREAT;
        retreat_phase(g);
        g->phase = VL_PHASE_ROUT;
        rout_phase(g);
        vl_g_check_break(g);
        if (g->over)
            return;
        if (w->active_side == w->scenario->first_side) {
            w->active_side = 1 - w->active_side;
            arrivals(g, w->active_side);
            vl_g_orders_travel(g, w->active_side);
            g->phase = VL_PHASE_ARTILLERY;
        } else {
            start_turn(g);
        }
        break;
    default: break;
    }
    start_phase(g);
    vl_g_check_break(g);
}

/* ---- commands ---- */

/* The checks every unit command shares: own unit, on the table, the phase. */
static bool own_unit(const VlGame *g, int u, VlReasons *why)
{
    const VlWorld *w = g->w;
    if (u < 0 || u >= w->nunits)
        return vl_g_refuse(why, "GOR-TURN-3", -1, "no such unit");
    if (!vl_world_present(w, u))
        return vl_g_refuse(why, "GOR-TURN-3", u, "%s is not on the table", uid(g, u));
    if (vl_world_side(w, u) != w->active_side)
        return vl_g_refuse(why, "GOR-TURN-2", u, "%s is not the active player's", uid(g, u));
    return true;
}

/* A move order (GOR-MOVE-1..7); @p given, when not NULL, is the resolver's verdict on the order with
 * no die (rough_die 0) on this world, asked already by the caller: it is not asked again. */
static bool do_move_with(VlGame *g, const VlCommand *c, bool apply, VlReasons *why, const VlMoveVerdict *given)
{
    VlWorld *w = g->w;
    int u = c->move.unit;
    if (g->phase != VL_PHASE_MOVEMENT)
        return vl_g_refuse(why, "GOR-TURN-2", u, "movement orders belong to the general movement phase");
    if (!own_unit(g, u, why))
        return false;
    VlMoveVerdict v;
    VlMoveOrder asked = c->move;
    asked.rough_die = 0; /* the game rolls the die itself (GOR-MOVE-1); a command cannot choose it */
    if (given)
        v = *given;
    else
        vl_resolve_move(w, &asked, &v);
    if (!v.legal && !v.depends_on_die) {
        vl_g_copy_refusals(why, &v.why);
        return false;
    }
    VlFootprint to;
    vl_footprint_build(&to, v.final_pose, v.final_formation, vl_world_unit(w, u)->spec);
    if (!vl_g_order_allows_move(g, u, &to, why))
        return false;
    if (!apply)
        return true;
    VlMoveOrder o = asked;
    if (v.depends_on_die) {
        /* Cavalry in rough: roll the D6 now (GOR-MOVE-1). Short of the allowance, the unit stops
         * where its allowance runs out along the last straight step (D-MOVE-7). */
        int face;
        vl_g_roll(g, 6, 1, &face);
        VlDiceRoll *r = vl_g_log_roll(g, w->active_side, u, "GOR-MOVE-1", &face, 1, 6, 0, 0);
        if (r)
            snprintf(r->result, sizeof r->result, "%s loses %d from its allowance in rough", uid(g, u), face);
        vl_resolve_move_rolled(w, &asked, face, &o, &v);
        if (!v.legal) {
            vl_g_event(g, u, -1, "GOR-MOVE-1", "%s cannot move: the rough ground costs too much with that roll", uid(g, u));
            w->units[u].acted = true;
            return true;
        }
    }
    VlPose from = vl_world_unit(w, u)->pose; /* REP-201: where the move began */
    VlFormation from_form = vl_world_unit(w, u)->formation;
    vl_battlefield_set_unit(w->bf, u, v.final_pose, v.final_formation);
    VlUnitState *st = &w->units[u];
    st->mounted = v.final_mounted;
    st->acted = true;
    if (v.occupied >= 0) {
        st->occupy = v.occupied;
        st->occupy_turn = w->turn;
    }
    if (o.gallop)
        st->gallop_used = true;
    if (o.double_time)
        st->double_time_used = true;
    bool whole = false, formed = false;
    for (int i = 0; i < o.nsteps; i++) {
        whole |= o.steps[i].kind == VL_STEP_FORM || o.steps[i].kind == VL_STEP_PIVOT;
        formed |= o.steps[i].kind == VL_STEP_FORM;
    }
    st->moved += whole ? v.allowance.max : v.cost; /* REP-201: a re-forming or pivot is the whole move */
    if (formed)
        vl_g_event(g, u, -1, "GOR-FORM-7", "%s forms %s (the whole move)", uid(g, u), vl_formation_name(v.final_formation));
    else if (whole)
        vl_g_event(g, u, -1, "GOR-MOVE-3", "%s pivots in place (the whole move)", uid(g, u));
    else
        vl_g_event(g, u, -1, "GOR-MOVE-2", "%s moves (%s ground, %.2f of %.2f in)", uid(g, u), vl_ground_name(v.ground),
                   v.cost, v.allowance.max);
    for (int i = 0; i < v.why.n; i++) /* REP-303, REP-306, REP-307: what the options did to the allowance */
        if (v.why.r[i].ok && strncmp(v.why.r[i].clause, "REP-", 4) == 0)
            vl_g_event(g, u, -1, v.why.r[i].clause, "%s: %s", uid(g, u), v.why.r[i].text);
    vl_g_make_way(g, u);
    if (v.extra_hits)
        vl_g_add_hits(g, u, v.extra_hits, -1, "GOR-MOVE-4");
    bool fell_back = false;
    for (int i = 0; i < o.nsteps; i++)
        fell_back |= o.steps[i].kind == VL_STEP_BACK;
    if (fell_back) {
        /* GOR-MOVE-5: falling back means a morale test; failing costs 1 HIT. */
        MoraleResult m = vl_g_morale(g, u, 0, "GOR-MOVE-5", "falling back");
        if (!m.pass)
            vl_g_add_hits(g, u, 1, -1, "GOR-MOVE-5");
    }
    for (int k = 0; k < v.ninterpenetrated; k++) {
        /* GOR-MOVE-7: both units test; each failure is 1 HIT. */
        int f = v.interpenetrated[k];
        int pair[2] = {u, f};
        for (int j = 0; j < 2; j++) {
            MoraleResult m = vl_g_morale(g, pair[j], 0, "GOR-MOVE-7", "interpenetration");
            if (!m.pass)
                vl_g_add_hits(g, pair[j], 1, -1, "GOR-MOVE-7");
        }
    }
    /* REP-201: alert units whose zone it passed through counter-charge it (D-REP-201-2). */
    double used = whole ? 1.0 : v.allowance.max > 0 ? v.cost / v.allowance.max : 0.0;
    vl_g_alert_react(g, u, from, from_form, used);
    return true;
}

static bool do_rally(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    int u = c->unit;
    if (g->phase != VL_PHASE_RALLY)
        return vl_g_refuse(why, "GOR-TURN-2", u, "rallying belongs to the rally phase");
    if (!own_unit(g, u, why))
        return false;
    VlUnitState *st = &w->units[u];
    if (w->scenario->units[u].type == VL_GENERAL)
        return vl_g_refuse(why, "GOR-RALLY-1", u, "a general does not rally");
    if (st->acted)
        return vl_g_refuse(why, "GOR-RALLY-1", u, "%s has acted this turn: only units that took no action may rally", uid(g, u));
    if (st->hits == 0 && !st->routed)
        return vl_g_refuse(why, "GOR-RALLY-1", u, "%s has no HITs and is not routed: nothing to rally from", uid(g, u));
    if (!apply)
        return true;
    st->acted = true;
    int yell = vl_rep_rally_modifier(w, u); /* REP-509: -1 for Confederates */
    MoraleResult m = vl_g_morale(g, u, yell, yell ? "REP-509" : "GOR-RALLY-1", yell ? "rallying (-1 rebel yell)" : "rallying");
    if (!m.pass)
        return true;
    /* GOR-RALLY-1: pass removes 2 HITs; a router stops routing and may face any way. */
    st->hits = vl_rally_hits_after(st->hits);
    if (st->routed) {
        st->routed = false;
        const VlFieldUnit *fu = vl_world_unit(w, u);
        if (isfinite(c->facing)) {
            /* It turns about its centre; if that would put it on top of another unit, in a building or
             * off the table, it keeps its facing (D-GAME-9). */
            VlVec2 centre = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5);
            VlFootprint probe;
            vl_footprint_build(&probe, (VlPose){{0, 0}, c->facing}, fu->formation, fu->spec);
            VlVec2 pc = vl_v2_lerp(probe.box.p[0], probe.box.p[2], 0.5);
            VlPose np = {vl_v2_sub(centre, pc), c->facing};
            VlFootprint nf;
            vl_footprint_build(&nf, np, fu->formation, fu->spec);
            if (vl_g_place_blocker(g, u, &nf, false, false) == VL_PLACE_FREE) {
                vl_battlefield_set_unit(w->bf, u, np, fu->formation);
                vl_g_make_way(g, u);
            } else
                vl_g_event(g, u, -1, "GOR-RALLY-1", "%s has no room to turn and keeps its facing (D-GAME-9)", uid(g, u));
        }
        vl_g_event(g, u, -1, "GOR-RALLY-1", "%s stops routing", uid(g, u));
    }
    vl_g_event(g, u, -1, "GOR-RALLY-1", "%s rallies: now %d HITs", uid(g, u), st->hits);
    return true;
}

/* GOR-CMD-2: an independent unit attached to a brigade at the start of play. */
static bool do_attach(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    int u = c->unit, t = c->target;
    if (!own_unit(g, u, why))
        return false;
    if (w->turn != 1 || w->units[u].acted)
        return vl_g_refuse(why, "GOR-CMD-2", u, "independent units are attached at the start of play (turn 1, before they act)");
    if (w->scenario->units[u].brigade_label[0] || w->units[u].attached_to >= 0)
        return vl_g_refuse(why, "GOR-CMD-2", u, "%s already belongs to a brigade", uid(g, u));
    if (t < 0 || t >= w->nunits || t == u || vl_world_enemies(w, u, t) || !vl_world_brigade(w, t)[0])
        return vl_g_refuse(why, "GOR-CMD-2", t, "attach to a friendly unit of a brigade (or its general)");
    if (apply) {
        w->units[u].attached_to = t;
        vl_g_event(g, u, t, "GOR-CMD-2", "%s is attached to %s's brigade (%s)", uid(g, u), uid(g, t),
                   vl_brigade_label_by_id(w->scenario, vl_world_brigade(w, t)));
    }
    return true;
}

/* GOR-MOVE-6: the turn after touching a feature it moved to occupy, the unit is placed on it. */
static bool do_occupy(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    int u = c->unit;
    if (g->phase != VL_PHASE_MOVEMENT)
        return vl_g_refuse(why, "GOR-TURN-2", u, "occupying a feature belongs to the general movement phase");
    if (!own_unit(g, u, why))
        return false;
    VlUnitState *st = &w->units[u];
    if (st->occupy < 0 || st->occupy_turn != w->turn - 1)
        return vl_g_refuse(why, "GOR-MOVE-6", u, "%s did not reach a feature to occupy last turn", uid(g, u));
    if (st->acted || st->routed)
        return vl_g_refuse(why, "GOR-MOVE-6", u, "%s has acted this turn or is routed", uid(g, u));
    const VlFieldUnit *fu = vl_world_unit(w, u);
    if (!isfinite(c->pose.anchor.x) || !isfinite(c->pose.anchor.y) || !isfinite(c->pose.facing))
        return vl_g_refuse(why, "GOR-MOVE-6", u, "the new place is not a number");
    VlFootprint fp;
    vl_footprint_build(&fp, c->pose, fu->formation, fu->spec);
    const VlTerrain *f = vl_battlefield_terrain(w->bf, st->occupy);
    /* It must stand on the feature (touching its outline or path, or on top of an area), within a
     * normal move of where it is (D-MOVE-8), on the table, clear of units, buildings and water. */
    bool on = false;
    int nseg = f->type < VL_T_AREAL_COUNT ? f->npts : f->npts - 1;
    for (int s = 0; s < nseg && !on; s++) {
        VlVec2 seg[2] = {f->pts[s], f->pts[(s + 1) % f->npts]};
        on = vl_footprint_distance_to_convex(&fp, seg, 2) <= (f->type < VL_T_AREAL_COUNT ? 0 : 0.5 * f->width);
    }
    if (!on && f->type < VL_T_AREAL_COUNT)
        on = vl_poly_point_side(f->pts, f->npts, fp.block_centre[0]) > 0;
    if (!on)
        return vl_g_refuse(why, "GOR-MOVE-6", u, "the new place does not occupy %s", vl_terrain_label(w->scenario, st->occupy));
    if (vl_rep_on(&w->options, VL_REP_308) && st->lost_turn == w->turn)
        return vl_g_refuse(why, "REP-308", u, "%s is lost in the woods this turn: it may not move", uid(g, u));
    VlAllowance a = vl_unit_move_allowance(w, u, fu->formation, st->mounted, VL_GROUND_OPEN, false, 1, NULL);
    if (vl_v2_dist(c->pose.anchor, fu->pose.anchor) > a.max + 1e-9)
        return vl_g_refuse(why, "GOR-MOVE-6", u, "the new place is more than a normal move (%.1f in) away", a.max);
    int blocker = vl_g_place_blocker(g, u, &fp, true, false);
    if (blocker == VL_PLACE_EDGE)
        return vl_g_refuse(why, "GOR-MOVE-6", u, "the new place is off the table");
    if (blocker == VL_PLACE_GROUND)
        return vl_g_refuse(why, "GOR-MOVE-6", u, "a unit cannot stand in a building or water");
    if (blocker >= 0)
        return vl_g_refuse(why, "GOR-MOVE-6", blocker, "the new place is taken by %s", uid(g, blocker));
    if (apply) {
        vl_battlefield_set_unit(w->bf, u, c->pose, fu->formation);
        st->acted = true;
        st->occupy = -1;
        vl_g_event(g, u, -1, "GOR-MOVE-6", "%s is placed to occupy %s", uid(g, u), vl_terrain_label(w->scenario, st->occupy));
        vl_g_make_way(g, u);
    }
    return true;
}


static bool do_move(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    return do_move_with(g, c, apply, why, NULL);
}

static bool dispatch(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    if (g->over)
        return vl_g_refuse(why, "VICTORY", -1, "the game is over: %s", g->why);
    switch (c->kind) {
    case VL_CMD_END_PHASE:
        if (apply)
            advance_phase(g);
        return true;
    case VL_CMD_REACTIONS:
        if (apply)
            g->reactions[g->w->active_side] = c->reactions;
        return true;
    case VL_CMD_ARTILLERY_FIRE:
        if (g->phase != VL_PHASE_ARTILLERY)
            return vl_g_refuse(why, "GOR-TURN-2", c->unit, "artillery fires in the artillery phase");
        if (!own_unit(g, c->unit, why))
            return false;
        return vl_g_artillery_fire(g, c->unit, c->target, apply, why);
    case VL_CMD_FIRE:
        if (g->phase != VL_PHASE_FIRE)
            return vl_g_refuse(why, "GOR-TURN-2", c->unit, "small arms fire in the general fire phase");
        if (!own_unit(g, c->unit, why))
            return false;
        return vl_g_small_arms(g, c, apply, why);
    case VL_CMD_CHARGE:
        if (g->phase != VL_PHASE_CHARGE)
            return vl_g_refuse(why, "GOR-TURN-2", c->unit, "charges are declared in the charge phase");
        if (!own_unit(g, c->unit, why))
            return false;
        return vl_g_declare(g, c, apply, why);
    case VL_CMD_MOVE: return do_move(g, c, apply, why);
    case VL_CMD_RALLY: return do_rally(g, c, apply, why);
    case VL_CMD_ATTACH: return do_attach(g, c, apply, why);
    case VL_CMD_OCCUPY: return do_occupy(g, c, apply, why);
    case VL_CMD_ORDER: return vl_g_order_command(g, c, apply, why);
    }
    return vl_g_refuse(why, "GOR-TURN-2", -1, "unknown command");
}

/* Before turn 1: the REP-401 bombardment when it is in play, then the first turn. */
static void begin_game(VlGame *g)
{
    vl_g_bombardment(g);
    if (!g->over)
        start_turn(g);
}

void vl_game_start(VlGame *g)
{
    if (g->w->turn == 0 && !g->over)
        begin_game(g);
}

VlStatus vl_game_apply(VlGame *g, const VlCommand *c, VlReasons *why)
{
    vl_game_start(g); /* the first command starts the game */
    /* One pass judges and applies: every command's checks come before its first change of state (each
     * handler returns at `if (!apply)` before it changes anything), so a refused command changes
     * nothing, and an accepted one is not judged twice (a charge's path search or a move's sweep is
     * the most of a command's cost). */
    VlReasons local = {0};
    bool ok = dispatch(g, c, true, why ? why : &local);
    vl_g_alert_lost(g); /* REP-201: moved again or hit */
    return ok ? VL_OK : VL_ERR_INVALID;
}

bool vl_game_check(const VlGame *g, const VlCommand *c, VlReasons *why)
{
    if (g->w->turn == 0) {
        /* Not started: judge on a started copy. */
        VlGame *copy = vl_game_clone(g);
        if (!copy)
            return false;
        begin_game(copy);
        bool ok = dispatch(copy, c, false, why);
        vl_game_destroy(copy);
        return ok;
    }
    return dispatch((VlGame *)g, c, false, why);
}

bool vl_game_check_move(const VlGame *g, const VlCommand *c, const VlMoveVerdict *given, VlReasons *why)
{
    /* The same path as vl_game_check's (the game over first, then the move's own checks). */
    if (c->kind != VL_CMD_MOVE || g->w->turn == 0 || !given)
        return vl_game_check(g, c, why);
    if (g->over)
        return vl_g_refuse(why, "VICTORY", -1, "the game is over: %s", g->why);
    return do_move_with((VlGame *)g, c, false, why, given);
}
