/* How good a place is for a unit: its place in the brigade's frame, the fire it gives and draws,
 * the charges it invites or sets up, command, support, objectives, the table edge behind it, the
 * tests its order brings (falling back, passing through friends, double time), and for a commander
 * the regiments he keeps in command and steadies. */
#include "commander_internal.h"

#include <stdio.h>
#include <string.h>

/* What galloping or double time costs (GOR-MOVE-4): double time's 2 HITs after the move, with the
 * retreat tests they may bring; and either way, the once-a-game doubling spent before the last turn,
 * when it might still be wanted. */
static double doubling_cost(const Ai *ai, VlWorld *w, int u, const VlMoveOrder *o, int nthreat)
{
    if (!o->gallop && !o->double_time)
        return 0;
    double c = ai->turns_left > 0 ? VL_AI_WEIGHTS.place.doubling_spent : 0;
    if (o->double_time) {
        int h = w->units[u].hits;
        for (int k = 0; k < 2; k++, w->units[u].hits++)
            c += vl_ai_hit_value(w, u);
        w->units[u].hits = h;
        c += vl_ai_retreat_risk(w, u, h + 2, nthreat) - vl_ai_retreat_risk(w, u, h, nthreat);
    }
    return c;
}

/* What unit m's tests still to come in this player turn cost at modifier @p mod, besides that of
 * its HITs: its rally test if it took no action (GOR-RALLY-1), then its retreat test if it is left
 * with 5 HITs or more (GOR-RETR-1). */
static double turn_tests_loss(const VlWorld *w, int m, int mod)
{
    int h = w->units[m].hits, with_hits = mod + vl_morale_hits_modifier(h);
    return vl_ai_retreat_loss(w, m, h, with_hits) - (w->units[m].acted ? 0 : vl_ai_rally_worth(w, m, with_hits, mod));
}

/* What commander g, standing where he is, gives the units of his brigade he touches: +1 to their
 * morale tests (GOR-MOR-2), in this player turn's rally and retreat phases and against the enemy's
 * fire in his, less his own risk, a survival test each time the unit takes HITs (11 or 12 removes
 * him; 9 or more when it takes 2 at once, GOR-CMDR-1), which costs every unit of the brigade a
 * HIT (GOR-CMD-3). A unit with STEADY_HITS or more comes first, before his other cares (the
 * command radius, his place in the frame), the most hurt first: the +1 stays with it turn after
 * turn in every test it takes, its charges and close combats too, and those one turn's tests
 * count for much less than that. (The brigade action, normal as the Union against easy, seeds
 * 1..1000: 643 won, 621 before he rode up to steady anyone.) */
static double steadying_worth(Ai *ai, const VlWorld *w, int g, const Group *gr, int *steadied)
{
    double v = 0, brigade_hit = VL_AI_WEIGHTS.steady.general_lost;
    *steadied = -1;
    for (int i = 0; gr && i < gr->n; i++)
        if (fighter(w, gr->units[i]))
            brigade_hit += vl_ai_hit_value(w, gr->units[i]);
    for (int i = 0; gr && i < gr->n; i++) {
        int m = gr->units[i];
        if (!fighter(w, m) || udist(w, g, m) > 0)
            continue;
        int nthreat = vl_ai_threatened(ai, m);
        double lam = vl_ai_incoming_hits(w, m);
        /* vl_ai_incoming_cost() counts his +1 where he stands (GOR-MOR-2), and takes a point off per
         * threatened flank: one more is the test without him. */
        int his = vl_world_commander(w, m) == g; /* only its own commander steadies it */
        double gain = turn_tests_loss(w, m, -nthreat) - turn_tests_loss(w, m, his - nthreat) +
                      vl_ai_incoming_cost(w, m, lam, nthreat + his) - vl_ai_incoming_cost(w, m, lam, nthreat);
        double p_kill = vl_ai_p_commander_falls(w, lam);
        v += gain - p_kill * brigade_hit;
        if (w->units[m].hits >= STEADY_HITS) {
            v += VL_AI_WEIGHTS.steady.bonus + VL_AI_WEIGHTS.steady.per_hit * w->units[m].hits;
            *steadied = m;
        }
    }
    return v;
}

/* How good is it for unit u to stand where it stands in the scratch world? */
static double place_score(Mover *mv, int u, const Cand *cd, char *why, size_t wn)
{
    Ai *ai = mv->ai;
    const Level *L = ai->L;
    VlWorld *w = mv->scratch;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlUnitType type = utype(w, u);
    VlVec2 c = centre_of(&fu->fp);
    double score = 0;
    double hv = vl_ai_hit_value(w, u);
    const Group *gr = ai->group_of[u] >= 0 ? &ai->groups[ai->group_of[u]] : NULL;
    /* Its place in the brigade's frame: progress towards the goal and the shape of the brigade. */
    /* Lines cannot step sideways (50 mm of drift a turn): a place off to the side costs less than
     * one ahead, or the brigade would never advance until dressed. */
    VlVec2 rel = vl_v2_sub(ai->slot[u], c), sf = vl_facing_forward(ai->slot_facing[u]);
    double ahead = vl_v2_dot(rel, sf), side = fabs(vl_v2_cross(sf, rel));
    double off = vl_v2_dist(c, ai->slot[u]);
    if (mv->routed)
        score -= VL_AI_WEIGHTS.place.per_inch * fmin(vl_ai_route_cost(&mv->route, c), 3 * off + 10); /* the way round counts */
    else
        score -= VL_AI_WEIGHTS.place.per_inch * fabs(ahead) + VL_AI_WEIGHTS.place.per_inch_aside * side;
    double turn = fabs(turn_to(fu->pose.facing, ai->slot_facing[u]));
    bool col = fu->formation == VL_FORM_COLUMN || fu->formation == VL_FORM_LIMBERED;
    if (!col && type != VL_GENERAL)
        score -= VL_AI_WEIGHTS.place.turn_per_90 * turn / 90;
    int ne;
    double dE = vl_ai_enemy_gap(w, ai->side, u, &ne);
    snprintf(why, wn, "%.1f in from its place", off);
    if (type == VL_GENERAL) {
        /* Keep the brigade in command (8 in, GOR-CMD-1), out of harm's way. His place in the frame
         * counts for less than a regiment's: only the command radius needs him near it. */
        score *= VL_AI_WEIGHTS.place.general_share;
        int inc = 0, all = 0;
        if (gr)
            for (int i = 0; i < gr->n; i++) {
                int m = gr->units[i];
                if (!fighter(w, m) || w->units[m].routed)
                    continue;
                all++;
                inc += vl_world_in_command(w, m, NULL);
            }
        score += VL_AI_WEIGHTS.place.general_per_in_command * inc;
        if (dE < 10)
            score -= VL_AI_WEIGHTS.place.general_near_enemy * (10 - dE) / 10;
        /* Not in front of a regiment: there its next move or charge would have him step aside
         * (D-GAME-11), wherever that puts him, and he moves after his regiments. */
        for (int f = 0; f < w->nunits; f++) {
            if (f == u || !fighter(w, f) || vl_world_side(w, f) != ai->side || w->units[f].routed)
                continue;
            const VlFieldUnit *ff = vl_world_unit(w, f);
            VlVec2 d = vl_v2_sub(c, centre_of(&ff->fp));
            double fwd = vl_v2_dot(d, ff->fp.fwd), lat = fabs(vl_v2_dot(d, ff->fp.right));
            double halfw = 0.5 * vl_v2_dist(ff->fp.box.p[0], ff->fp.box.p[1]);
            if (fwd > 0 && fwd < 16 && lat < halfw + 1.5)
                score -= VL_AI_WEIGHTS.place.general_in_front;
        }
        /* Nor where a regiment falling back would carry him off the table (GOR-FOLLOW-1). */
        score -= vl_ai_follow_cost(w, u, 0, 0);
        int steadied;
        score += steadying_worth(ai, w, u, gr, &steadied);
        if (steadied >= 0)
            snprintf(why, wn, "steadies %.20s (%d HITs): +1 to its morale; %d of %d regiments in command", uid(w, steadied),
                     w->units[steadied].hits, inc, all);
        else
            snprintf(why, wn, "keeps %d of %d regiments in command", inc, all);
        return score;
    }
    /* Next turn's fire and the fire it draws. */
    int tgt;
    double mine = vl_ai_shot_value(w, u, &tgt);
    if (type == VL_ARTILLERY && fu->formation == VL_FORM_LIMBERED)
        mine = 0;
    /* In the last player turn there is no next turn to fire or charge in: the enemy's fire and
     * charges still come, ours do not; and when the enemy has moved for the last time too, nothing
     * of his comes either (only our own retreat tests remain). */
    bool last = ai->turns_left == 0;
    bool last_word = last && ai->side != w->scenario->first_side;
    if (last)
        mine = 0;
    /* The charges it would invite (GOR-THREAT-1: flanks and rear count against its morale too). */
    int nthreat = 0;
    double risk = 0;
    if (L->sees_threats && !last_word && vl_ai_charge_danger(w, u, CHARGE_REACH)) {
        risk = vl_ai_charge_risk(ai, w, u, &nthreat);
        score -= risk * ai->posture->risk;
    }
    double in_hits = L->wary && !last_word ? vl_ai_memo_incoming_hits(mv, u, cd) : 0;
    double theirs = vl_ai_incoming_cost(w, u, in_hits, nthreat);
    score += mine - theirs;
    if (!L->sees_threats && dE < 12)
        score -= VL_AI_WEIGHTS.place.easy_near_enemy; /* the easy commander only knows the enemy is close */
    /* Guns and columns do badly in close combat; shaken units keep away. */
    bool danger = !last_word && vl_ai_charge_danger(w, u, 16);
    if (type == VL_ARTILLERY && danger)
        score -= VL_AI_WEIGHTS.place.guns_danger;
    if (col && danger)
        score -= VL_AI_WEIGHTS.place.column_danger;
    if (col && dE < 14 && !last_word)
        score -= VL_AI_WEIGHTS.place.column_near;
    if (fu->formation == VL_FORM_SQUARE) {
        bool cav_near = false;
        for (int e = 0; e < w->nunits && !cav_near; e++)
            cav_near = mounted_cav(w, e) && charger_kind(w, e) && vl_world_enemies(w, u, e) && udist(w, u, e) < 18;
        score += cav_near ? VL_AI_WEIGHTS.place.square_cavalry_near : -VL_AI_WEIGHTS.place.square_no_cavalry;
    }
    if (ai->shaken[u] && danger)
        score -= VL_AI_WEIGHTS.place.shaken_danger + VL_AI_WEIGHTS.place.shaken_per_hit * w->units[u].hits;
    /* A unit with 4 HITs or more faces retreat tests (10 in back, GOR-RETR-1), and a charge lost sends
     * it a charge move back: near its own table edge that can be the end of it. */
    const VlUnitState *st0 = &w->units[u];
    double stand_risk = 0; /* both, for a step back below */
    if (L->wary) {
        double rr = vl_ai_retreat_risk(w, u, st0->hits + (int)floor(in_hits + 0.5), nthreat);
        double fc = vl_ai_follow_cost(w, u, in_hits, nthreat);
        score -= rr;
        score -= fc;
        stand_risk = rr + fc;
    }
    if (L->wary && danger && type != VL_ARTILLERY && vl_ai_room_behind(w, u) < 16)
        score -= VL_AI_WEIGHTS.place.edge_danger * (16 - vl_ai_room_behind(w, u)) / 16;
    /* Support: in command (of the commander's place this turn) and with a friend behind. */
    if (gr && gr->general >= 0 && type != VL_ARTILLERY) {
        /* It starts to cost an inch inside the command radius (GOR-CMD-1). */
        double dc = vl_footprint_distance_to_convex(&fu->fp, &ai->slot[gr->general], 1), reach = VL_COMMAND_RADIUS - 1;
        if (dc > reach)
            score -= VL_AI_WEIGHTS.place.out_of_command_per_inch * (dc - reach) + VL_AI_WEIGHTS.place.out_of_command;
    }
    if (dE < 22 && type != VL_ARTILLERY) {
        int sup[4];
        if (vl_rear_supports(w, u, sup, 4, NULL) > 0)
            score += VL_AI_WEIGHTS.place.rear_support;
    }
    /* A good charge ready for next turn (the enemy moves first, so it counts for half). */
    double setup = 0;
    int setup_t = -1;
    if (L->setups && !last && charger_kind(w, u) && ne >= 0 && dE < 16) {
        const VlWorld *keep = ai->view;
        ai->view = w;
        for (int e = 0; e < w->nunits; e++) {
            if (!fighter(w, e) || !vl_world_enemies(w, u, e) || udist(w, u, e) > 16)
                continue;
            ChargeEval ce;
            if (!vl_ai_charge_next_turn(ai, w, u, e, &ce))
                continue;
            if (ce.value > setup) {
                setup = ce.value;
                setup_t = e;
            }
        }
        ai->view = keep;
        score += VL_AI_WEIGHTS.place.setup_share * setup;
    }
    /* Objectives: standing on one; and, more as the end nears, who would hold each if the game
     * ended now (taking one, or denying it to the enemy by standing within its radius too, is
     * worth its points at the end: the currency of the score). A holder on its way gains for each
     * inch closed that it could still cover in the turns left. */
    const VlScenario *s = w->scenario;
    for (int i = 0; i < s->nobjectives; i++) {
        const VlObjective *o = &s->objectives[i];
        double gap = vl_footprint_distance_to_convex(&fu->fp, &o->position, 1) - o->radius;
        if (gap <= 0) {
            score += (ai->holder_of[u] == i ? VL_AI_WEIGHTS.place.on_objective_holder : VL_AI_WEIGHTS.place.on_objective_other) *
                     o->points;
            if (ai->holder_of[u] == i)
                snprintf(why, wn, "on %s", o->name);
        }
        if (L->wary) {
            bool foes = vl_ai_holds(w, 1 - ai->side, o);
            /* Those on it count by their chance of staying there (p_stays), holders sent there
             * that have yet to move by their chance of getting there (pick_end_holder): a unit
             * need not go where another is on its way. */
            double none_stays = vl_ai_p_none_stays(w, ai->side, o, -1), p_none = none_stays;
            for (int v = 0; v < w->nunits && p_none > 0; v++)
                if (v != u && ai->holder_of[v] == i && ai->hold_p[v] > 0 && !W(ai)->units[v].acted)
                    p_none *= 1 - ai->hold_p[v];
            score += ai->endgame * o->points * (foes ? -p_none : 1 - p_none);
            if (ai->holder_of[u] == i && gap > 0) {
                /* From where this order leaves it: how much of the way is done, and whether the
                 * moves left after this one still get it there (guns must limber first). */
                double need = vl_ai_turns_needed(w, u, o);
                /* The way round what stands across the straight line, when there is one. */
                if (mv->routed && mv->route_obj == i)
                    need = fmax(need, vl_ai_moves_for(vl_ai_route_cost(&mv->route, c), vl_ai_march(w, u), vl_ai_may_double(w, u)));
                double done = fmax(0, 1 - need / (ai->turns_left + 1));
                double in_time = need <= ai->turns_left ? VL_AI_WEIGHTS.place.on_way_in_time : 0;
                double on_way = ai->endgame * o->points * VL_AI_WEIGHTS.place.on_way_share *
                                (VL_AI_WEIGHTS.place.on_way_done * done + in_time);
                /* The turn before the last, within a move of it: most of what standing there at the
                 * end would change (the enemy may yet be in the way): (foes ? 0 : 1) - standing(),
                 * which comes to the chance that none of ours on it stays. */
                if (ai->turns_left == 1 && need <= 1)
                    on_way = fmax(on_way, VL_AI_WEIGHTS.place.before_last_share * o->points * none_stays);
                score += on_way;
            }
        }
    }
    /* Staying leaves it free to rally (GOR-RALLY-1): a failed test costs nothing. */
    const VlUnitState *st = &w->units[u];
    if (cd->stay && st->hits >= 2 && !(type == VL_ARTILLERY && w->units[u].fired))
        score += vl_ai_rally_worth(w, u, vl_morale_hits_modifier(st->hits) - nthreat, 0);
    /* Falling back and passing through friends mean morale tests; a failure is a HIT. */
    if (!cd->stay) {
        bool back = false;
        for (int i = 0; i < cd->c.move.nsteps; i++)
            back |= cd->c.move.steps[i].kind == VL_STEP_BACK;
        double pf = 1 - vl_morale_pass_chance(vl_ai_morale_level(w, u), vl_morale_hits_modifier(st->hits));
        if (back) {
            /* The HIT of a failed test may bring the retreat test on, with whoever stands behind. */
            int h = w->units[u].hits, r = (int)floor(in_hits + 0.5);
            w->units[u].hits = h + 1;
            double after = L->wary ? vl_ai_retreat_risk(w, u, h + 1 + r, nthreat) + vl_ai_follow_cost(w, u, in_hits, nthreat) : 0;
            w->units[u].hits = h;
            score -= pf * (hv + after - stand_risk);
        }
        score -= cd->passed_through * pf * hv * VL_AI_WEIGHTS.place.pass_through_hits;
        score -= doubling_cost(ai, w, u, &cd->c.move, nthreat);
    }
    int len = (int)strlen(why);
    if (mine > 0.01 && tgt >= 0)
        len += snprintf(why + len, wn - (size_t)len, ", fire on %s", uid(w, tgt));
    if (in_hits > 0.05 && (size_t)len < wn)
        len += snprintf(why + len, wn - (size_t)len, ", draws %.1f HITs", in_hits);
    if (setup_t >= 0 && setup > 0.05 && (size_t)len < wn)
        len += snprintf(why + len, wn - (size_t)len, ", a charge at %s next turn", uid(w, setup_t));
    if (risk > 0.03 && (size_t)len < wn)
        len += snprintf(why + len, wn - (size_t)len, ", invites a charge (%.2f)%s", risk, nthreat ? " on a flank" : "");
    (void)len;
    return score;
}

double vl_ai_score_candidate(Mover *mv, int u, Cand *cd)
{
    VlWorld *w = mv->scratch;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlPose old = fu->pose;
    VlFormation oldf = fu->formation;
    bool oldm = w->units[u].mounted;
    if (!cd->stay) {
        vl_battlefield_set_unit(w->bf, u, cd->pose, cd->formation);
        w->units[u].mounted = cd->mounted;
    }
    double s = place_score(mv, u, cd, cd->why, sizeof cd->why);
    if (!cd->stay) {
        vl_battlefield_set_unit(w->bf, u, old, oldf);
        w->units[u].mounted = oldm;
    }
    if (mv->ai->plan)
        mv->ai->plan->evaluated++;
    mv->ai->scored++;
    if (mv->ai->L->noise > 0)
        s += uniform(mv->ai->rng, -mv->ai->L->noise, mv->ai->L->noise);
    return s;
}

/* A cavalry move in rough, judged over the six rolls of its die (GOR-MOVE-1): up to max_die the
 * whole move (cd->score), above it the move as the game would cut it short (D-MOVE-7), or no move
 * at all when it cannot be cut (stay_s). */
double vl_ai_rolled_score(Mover *mv, int u, const Cand *cd, double stay_s)
{
    double sum = cd->max_die * cd->score;
    for (int die = cd->max_die + 1; die <= 6; die++) {
        VlMoveOrder made;
        VlMoveVerdict v;
        if (!vl_resolve_move_rolled(W(mv->ai), &cd->c.move, die, &made, &v)) {
            sum += stay_s;
            continue;
        }
        Cand t = *cd;
        vl_ai_cand_take(&t, &v);
        sum += vl_ai_score_candidate(mv, u, &t);
    }
    return sum / 6;
}
