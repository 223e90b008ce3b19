/* The objectives: who holds each as vl_game_points judges it and how it would stand at the end; how
 * many movement phases a unit needs to stand on one (straight, by the orders it could give, by the
 * ground); what moving or charging changes in them near the end; and who is sent to take or hold
 * each (D-GAME-8: the objectives as they stand when the game ends by turns decide it). */
#include "commander_internal.h"

#include <stdio.h>
#include <stdlib.h>

static double reach_need(Ai *ai, int u, const VlObjective *o);

/* An objective held by our side and by the enemy's (or not): 1 ours alone, -1 theirs alone, else 0. */
int vl_ai_stand_of(bool ours, bool foes) { return (ours && !foes) - (foes && !ours); }

/* Inches: how near the radius the quick distance must come for the exact one to be asked. */
#define ON_MARGIN 1e-6

/* Does a unit with this footprint stand within objective @p o's radius? By the distance from the
 * objective's point to each of the footprint's blocks, a rectangle along the unit's axes (its
 * centre, axes and half sizes); vl_footprint_distance_to_convex (the same distance to the same
 * rectangles, from their corners) decides only where the two could fall on different sides of the
 * radius: each is within far less than ON_MARGIN of the true distance on any table. */
bool vl_ai_on_objective(const VlFootprint *fp, const VlObjective *o)
{
    double d2 = vl_footprint_block_dist2(fp, o->position);
    double lo = o->radius - ON_MARGIN, hi = o->radius + ON_MARGIN;
    bool on = lo > 0 && d2 < lo * lo ? true
            : d2 > hi * hi          ? false
                                    : vl_footprint_distance_to_convex(fp, &o->position, 1) <= o->radius;
#ifdef VL_AI_MARK_VERIFY
    if (on != (vl_footprint_distance_to_convex(fp, &o->position, 1) <= o->radius)) {
        fprintf(stderr, "on objective: the quick distance decides otherwise\n");
        abort();
    }
#endif
    return on;
}

/* How far u marches in a turn over open ground as it stands (GOR-MOVE-1). */
double vl_ai_march(const VlWorld *w, int u)
{
    return vl_move_allowance(w, utype(w, u), uform(w, u), w->units[u].mounted, VL_GROUND_OPEN, 0).max;
}

/* Can u still double one move (GOR-MOVE-4): mounted cavalry that has not galloped, or infantry in
 * command that has not gone at double time? */
bool vl_ai_may_double(const VlWorld *w, int u)
{
    const VlUnitState *st = &w->units[u];
    if (mounted_cav(w, u))
        return !st->gallop_used;
    return utype(w, u) == VL_INFANTRY && !st->double_time_used && vl_world_in_command(w, u, NULL);
}

/* Moves of allowance @p a (less a margin) to cover @p gap inches, one of them doubled if @p dbl. */
double vl_ai_moves_for(double gap, double a, bool dbl)
{
    if (!(a > 0.5))
        return INFINITY;
    double m = gap / (a - 0.5);
    return dbl ? (m <= 2 ? m / 2 : m - 1) : m;
}

/* How many of its own movement phases u needs to stand within an objective's radius, going straight
 * over open ground:
 *  - unlimbered guns spend one limbering up (the movement table, GOR-FORM-7);
 *  - a line or skirmish line first wheels to face it, its outer end paying for the arc, or about
 *    turns for half its allowance when it lies behind (GOR-MOVE-3); or it forms column for a move
 *    and then turns freely (GOR-MOVE-2), whichever is quicker; a square re-forms first;
 *  - a unit that may still gallop or go at double time covers two moves' ground in one (GOR-MOVE-4). */
double vl_ai_turns_needed(const VlWorld *w, int u, const VlObjective *o)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double gap = vl_footprint_distance_to_convex(&fu->fp, &o->position, 1) - o->radius;
    if (gap <= 0)
        return 0;
    VlUnitType type = utype(w, u);
    VlFormation form = uform(w, u);
    if (type == VL_ARTILLERY && form == VL_FORM_UNLIMBERED)
        return 1 + vl_ai_moves_for(gap, vl_move_allowance(w, VL_ARTILLERY, VL_FORM_LIMBERED, false, VL_GROUND_OPEN, 0).max, false);
    bool dbl = vl_ai_may_double(w, u);
    double a = vl_ai_march(w, u);
    if (form == VL_FORM_COLUMN || form == VL_FORM_LIMBERED || type == VL_GENERAL)
        return vl_ai_moves_for(gap, a, dbl);
    bool cav = type == VL_CAVALRY;
    double col = 1 + vl_ai_moves_for(gap, vl_move_allowance(w, type, VL_FORM_COLUMN, cav, VL_GROUND_OPEN, 0).max, dbl);
    if (form == VL_FORM_SQUARE)
        return fmin(col, 1 + vl_ai_moves_for(gap, vl_move_allowance(w, type, VL_FORM_LINE, false, VL_GROUND_OPEN, 0).max, dbl));
    double width = vl_v2_dist(fu->fp.box.p[0], fu->fp.box.p[1]);
    double turn = fabs(turn_to(fu->pose.facing, bearing(centre_of(&fu->fp), o->position)));
    double wheel = turn <= 90 ? turn * PI / 180 * width : 0.5 * a + (180 - turn) * PI / 180 * width;
    return fmin(col, vl_ai_moves_for(gap + wheel, a, dbl));
}

/* Does u count for @p side on objective @p o, as vl_game_points judges it (a unit of the side, not
 * routed, within the radius)? */
static bool stands_on(const VlWorld *w, int side, const VlObjective *o, int u)
{
    return fighter(w, u) && vl_world_side(w, u) == side && !w->units[u].routed && vl_ai_on_objective(&vl_world_unit(w, u)->fp, o);
}

/* Who holds an objective: as vl_game_points judges it. */
bool vl_ai_holds_but(const VlWorld *w, int side, const VlObjective *o, int except)
{
    for (int u = 0; u < w->nunits; u++)
        if (u != except && stands_on(w, side, o, u))
            return true;
    return false;
}

bool vl_ai_holds(const VlWorld *w, int side, const VlObjective *o) { return vl_ai_holds_but(w, side, o, -1); }

/* The chance that u, standing on an objective, is still there after its side's retreat phase: with
 * 5 HITs or more it tests there and, failing, goes 10 in back (GOR-RETR-1). */
static double p_stays(const VlWorld *w, int u)
{
    int h = w->units[u].hits;
    return h < VL_RETREAT_TEST_HITS ? 1 : vl_morale_pass_chance(vl_ai_morale_level(w, u), vl_morale_hits_modifier(h));
}

/* The chance that none of @p side's units on objective @p o, but @p except (-1: none), is still
 * there after its retreat phase, each by p_stays. */
double vl_ai_p_none_stays(const VlWorld *w, int side, const VlObjective *o, int except)
{
    double gone = 1;
    for (int u = 0; u < w->nunits; u++)
        if (u != except && stands_on(w, side, o, u))
            gone *= 1 - p_stays(w, u);
    return gone;
}

/* How objective @p o stands for the side, as vl_game_points counts it (1 ours alone, -1 theirs
 * alone, else 0), with our unit @p except left out (-1: none), and ours on it counted by the
 * chance that one of them is still there after the retreat phase (p_none_stays). A battery with 7
 * HITs alone on an objective holds it for a sixth of its points, not the whole; a regiment sent
 * there too adds the rest. */
static double standing(const VlWorld *w, int side, const VlObjective *o, int except)
{
    return 1 - vl_ai_p_none_stays(w, side, o, except) - (vl_ai_holds(w, 1 - side, o) ? 1 : 0);
}

/* Near the end of the game: what moving u this turn could add to the objectives as they would
 * stand at the end (in points, weighted by ai->endgame): reaching the radius of one the enemy holds
 * alone denies it, of one nobody holds takes it. A unit that fires or charges has acted and cannot
 * move (one action a turn, GOR-TURN-3), so this is what firing or charging gives up. */
double vl_ai_objective_move_worth(Ai *ai, int u)
{
    const VlWorld *w = W(ai);
    if (ai->turns_left > 1 || !fighter(w, u) || w->units[u].routed)
        return 0;
    double best = 0;
    for (int i = 0; i < w->scenario->nobjectives; i++) {
        const VlObjective *o = &w->scenario->objectives[i];
        double need = reach_need(ai, u, o);
        /* Within this move; or, for the unit sent there, within the moves left (guns limber first). */
        if (need <= 0 || need > (ai->holder_of[u] == i ? ai->turns_left + 1 : 1))
            continue;
        double now = standing(w, ai->side, o, -1), then = vl_ai_holds(w, 1 - ai->side, o) ? 0 : 1;
        double v = ai->endgame * o->points * (then - now) + vl_ai_result_change(ai, o->points * (then - now));
        if (v > best)
            best = v;
    }
    return best;
}

/* Is a unit with this pose and formation within the objective's radius? */
static bool pose_on(const VlWorld *w, int u, VlPose pose, VlFormation form, const VlObjective *o)
{
    VlFootprint fp;
    vl_footprint_build(&fp, pose, form, vl_world_unit(w, u)->spec);
    return vl_ai_on_objective(&fp, o);
}

/* A pose moved @p d inches away from point @p from (a unit falling back from its foe). */
static VlPose pose_back(VlPose p, VlVec2 centre, VlVec2 from, double d)
{
    VlVec2 dir = vl_v2_sub(centre, from);
    double n = vl_v2_len(dir);
    if (n > 1e-9)
        p.anchor = vl_v2_add(p.anchor, vl_v2_scale(dir, d / n));
    return p;
}

/* Near the end of the game: what a charge changes in the objectives as they would stand at the end,
 * against the charger standing where it is (in points, in full on the last turn, a quarter on the
 * one before: there is time to undo it). A charger that falters halts part way (GOR-CHG-3); one that
 * goes in ends in contact, and whichever side takes more HITs falls back at least 4 in, the charger
 * on a tie (GOR-CC-4, GOR-CC-6). So a charge can carry the charger off the objective it alone
 * holds, and it can push off the target that alone kept the charger's side from holding one. On our
 * last player turn each way it can go also counts by the result it leaves (result_change), unless
 * the charge was played out on copies, which count it. */
double vl_ai_charge_objective_worth(const Ai *ai, const ChargeEval *e)
{
    const VlWorld *w = W(ai);
    int u = e->unit, t = e->target;
    if (ai->turns_left > 1 || !fighter(w, u) || w->units[u].routed)
        return 0;
    double weight = ai->turns_left == 0 ? 1.0 : VL_AI_WEIGHTS.charge.before_last;
    VlFormation fu = uform(w, u), ft = uform(w, t);
    VlPose pt = vl_world_unit(w, t)->pose;
    VlFootprint at;
    vl_footprint_build(&at, e->contact, fu, vl_world_unit(w, u)->spec);
    VlVec2 cu = centre_of(&at), ct = ucentre(w, t);
    VlPose u_back = pose_back(e->contact, cu, ct, 4), t_back = pose_back(pt, ct, cu, 4);
    double p_in = e->p_charge, p_pushed = e->p_pushed, p_held = p_in - p_pushed;
    /* The change in points each way it can go: halted, target pushed off, charger pushed off. */
    double d_half = 0, d_pushed = 0, d_held = 0;
    for (int i = 0; i < w->scenario->nobjectives; i++) {
        const VlObjective *o = &w->scenario->objectives[i];
        bool ours = vl_ai_holds_but(w, ai->side, o, u), foes = vl_ai_holds_but(w, 1 - ai->side, o, t);
        bool t_on = fighter(w, t) && !w->units[t].routed && vl_ai_on_objective(&vl_world_unit(w, t)->fp, o);
        bool t_stays = t_on && pose_on(w, t, t_back, ft, o); /* pushed back, yet within it */
        int now = vl_ai_stand_of(ours || vl_ai_on_objective(&vl_world_unit(w, u)->fp, o), foes || t_on);
        d_half += o->points * (vl_ai_stand_of(ours || pose_on(w, u, e->half, fu, o), foes || t_on) - now);
        d_pushed += o->points * (vl_ai_stand_of(ours || pose_on(w, u, e->contact, fu, o), foes || t_stays) - now);
        d_held += o->points * (vl_ai_stand_of(ours || pose_on(w, u, u_back, fu, o), foes || t_on) - now);
    }
    double v = weight * ((1 - p_in) * d_half + p_pushed * d_pushed + p_held * d_held);
    if (!e->played)
        v += (1 - p_in) * vl_ai_result_change(ai, d_half) + p_pushed * vl_ai_result_change(ai, d_pushed) +
             p_held * vl_ai_result_change(ai, d_held);
    return v;
}

/* Before the last four turns: the unit to send to objective @p o: not routed, not shaken, not
 * sent elsewhere, the nearest, foot before horse (horsemen are kept for charges if foot is at
 * hand); -1 when none can. */
int vl_ai_pick_holder(Ai *ai, const VlObjective *o)
{
    const VlWorld *w = W(ai);
    int best = -1;
    double bd = 40;
    for (int u = 0; u < ai->n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side || w->units[u].routed || ai->shaken[u] ||
            ai->holder_of[u] >= 0 || (utype(w, u) != VL_INFANTRY && utype(w, u) != VL_CAVALRY))
            continue;
        double d = vl_footprint_distance_to_convex(&vl_world_unit(w, u)->fp, &o->position, 1) + (infantry_like(w, u) ? 0 : 12);
        if (d < bd) {
            bd = d;
            best = u;
        }
    }
    return best;
}

/* The moves u needs to stand within objective @p o's radius by the ground: the straight line from
 * its middle to 1 in inside the radius, priced as the route grid classes the ground (rough at the
 * rough rate, GOR-MOVE-1; the band near the enemy at no extra cost), guns limbering first; 0 when
 * it stands there already. Measured from the middle, it comes out a little above vl_ai_turns_needed()
 * over open ground; vl_ai_pick_end_holder() takes the larger of it and reach_need(). */
static double ground_need(Ai *ai, int u, const VlObjective *o)
{
    const VlWorld *w = W(ai);
    VlVec2 c = ucentre(w, u);
    double d = vl_v2_dist(c, o->position);
    if (!ai->ground.cls || d <= o->radius || vl_ai_turns_needed(w, u, o) <= 0)
        return 0;
    bool unlimbered = uform(w, u) == VL_FORM_UNLIMBERED;
    VlFormation f = unlimbered ? VL_FORM_LIMBERED : uform(w, u);
    double open = vl_move_allowance(w, utype(w, u), f, w->units[u].mounted, VL_GROUND_OPEN, 0).max;
    double rough = vl_move_allowance(w, utype(w, u), f, w->units[u].mounted, VL_GROUND_ROUGH, 4).max;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    VlVec2 end = vl_v2_lerp(o->position, c, (o->radius - 1) / d);
    double cost = vl_ai_ground_line_cost(&ai->ground, c, end, open, rough, 0.5 * vl_v2_dist(fp->box.p[0], fp->box.p[1]) + 0.3);
    return (unlimbered ? 1 : 0) + (open > 0.5 ? cost / (open - 0.5) : INFINITY);
}

/* The end of the game (the last four turns): the unit to send to objective @p o, judged in points
 * at the end. Sent there, u adds the objective's points times the change its standing there makes
 * (taking it, or denying it to the enemy), times the chance that it gets there in the moves left (by
 * the orders it could really give: reach_need) and stays (p_stays), times @p miss, the chance that
 * none of those already sent gets there; less what it gives up, standing now on another objective
 * that needs it. Routed units, units sent elsewhere, and guns but in the last two turns are left
 * out. Returns -1 when nobody adds anything; *p the chance of the one chosen. */
int vl_ai_pick_end_holder(Ai *ai, const VlObjective *o, double miss, double *p)
{
    const VlWorld *w = W(ai);
    const VlScenario *s = w->scenario;
    int best = -1;
    double bgain = VL_AI_WEIGHTS.objective.least_gain, bneed = INFINITY;
    int then = vl_ai_holds(w, 1 - ai->side, o) ? 0 : 1;
    for (int u = 0; u < ai->n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side || w->units[u].routed || ai->holder_of[u] >= 0 ||
            (utype(w, u) != VL_INFANTRY && utype(w, u) != VL_CAVALRY && !(utype(w, u) == VL_ARTILLERY && ai->turns_left <= 1)))
            continue;
        /* The straight-line count (a wheel at its worst) may overstate what the orders can do by
         * part of a move, never by more. */
        double need = vl_ai_turns_needed(w, u, o);
        if (!(need <= ai->turns_left + 1.5))
            continue;
        double stays = p_stays(w, u);
        double add = o->points * (then - standing(w, ai->side, o, u));
        double give_up = 0;
        for (int j = 0; j < s->nobjectives; j++) {
            const VlObjective *q = &s->objectives[j];
            if (q != o && vl_ai_on_objective(&vl_world_unit(w, u)->fp, q))
                give_up += q->points * (standing(w, ai->side, q, -1) - standing(w, ai->side, q, u));
        }
        /* The most it could add: prune on that before judging its orders. */
        if (miss * stays * add - stays * give_up <= bgain)
            continue;
        need = reach_need(ai, u, o);
        if (!(need <= ai->turns_left + 1))
            continue;
        /* The count above goes over open ground; across woods, a hill's edge or a stream the
         * moves after this one go at the rough rate (the grid's estimate of the straight line). */
        need = fmax(need, ground_need(ai, u, o));
        /* Guns sent limber up and hold their fire from now on: they go only when the moves left
         * get them there (give or take half a move: the ground count runs from the middle), not on
         * the long chance of a last move that falls short (GOR-MOVE-3). */
        if (uform(w, u) == VL_FORM_UNLIMBERED && need > ai->turns_left + 1.5)
            continue;
        /* This move reaches it, or the moves left with a move to spare; or only just (the enemy
         * may yet be in the way, or the last move fall short). */
        double arrive = need <= 0                         ? 1
                      : need <= fmax(1, ai->turns_left) ? VL_AI_WEIGHTS.objective.arrive_spare
                      : need <= ai->turns_left + 1      ? VL_AI_WEIGHTS.objective.arrive_just
                                                         : VL_AI_WEIGHTS.objective.arrive_long;
        double gain = miss * arrive * stays * add - stays * give_up;
        if (gain > bgain + 1e-9 || (gain > bgain - 1e-9 && need < bneed)) {
            bgain = gain;
            bneed = need;
            best = u;
            *p = arrive * stays;
        }
    }
    return best;
}

/* How many of its movement phases u needs to stand within objective o's radius, judged by the
 * orders it could give this turn (those making for it, plainly and, if it may, galloping or at
 * double time: GOR-MOVE-4): the best of them, then vl_ai_turns_needed() from where it leaves the unit;
 * vl_ai_turns_needed() itself when one gets it there. Units in the way, which vl_ai_turns_needed() does not
 * see, show here: a unit hemmed in by friends and enemies needs a turn more than it has. */
static double reach_need(Ai *ai, int u, const VlObjective *o)
{
    const VlWorld *w = W(ai);
    double need = vl_ai_turns_needed(w, u, o);
    if (!(need > 0) || !isfinite(need))
        return need;
    int no = w->scenario->nobjectives;
    if (ai->probe && ai->probe_issued != ai->issued) {
        vl_world_destroy(ai->probe);
        ai->probe = NULL;
    }
    if (!ai->probe) {
        if (!ai->reach)
            ai->reach = malloc((size_t)ai->n * (size_t)no * sizeof *ai->reach);
        if (!ai->reach || !(ai->probe = vl_world_clone(w)))
            return need;
        for (int k = 0; k < ai->n * no; k++)
            ai->reach[k] = NAN;
        ai->probe_issued = ai->issued;
    }
    double *cached = &ai->reach[u * no + (int)(o - w->scenario->objectives)];
    if (!isnan(*cached))
        return *cached;
    Mover mv = {.ai = ai, .scratch = ai->probe, .cap = 64, .aimed = true, .aim = o->position, .probe = true};
    mv.cands = malloc((size_t)mv.cap * sizeof *mv.cands);
    if (!mv.cands)
        return need;
    VlWorld *pw = ai->probe;
    VlUnitState keep = pw->units[u];
    const VlFieldUnit *fu = vl_world_unit(pw, u);
    VlPose pose0 = fu->pose;
    VlFormation form0 = fu->formation;
    double best = 1 + need; /* no order helps: it loses this turn */
    for (int dbl = 0; dbl < 2; dbl++) {
        if (dbl && !vl_ai_may_double(w, u))
            continue;
        mv.ncands = 0;
        mv.doubled = dbl;
        vl_ai_gen_moves(&mv, u);
        for (int i = 0; i < mv.ncands; i++) {
            Cand *cd = &mv.cands[i];
            if (!vl_ai_settle(&mv, cd))
                continue;
            vl_battlefield_set_unit(pw->bf, u, cd->pose, cd->formation);
            pw->units[u].mounted = cd->mounted;
            pw->units[u].gallop_used |= cd->c.move.gallop;
            pw->units[u].double_time_used |= cd->c.move.double_time;
            double after = vl_ai_turns_needed(pw, u, o);
            vl_battlefield_set_unit(pw->bf, u, pose0, form0);
            pw->units[u] = keep;
            best = fmin(best, after <= 0 ? fmin(need, 1) : 1 + after);
        }
    }
    free(mv.cands);
    return *cached = best;
}
