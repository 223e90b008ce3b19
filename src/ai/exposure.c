/* What a place exposes a unit to and offers it, judged where it stands: the shot it would have next
 * turn, the fire it would draw (guns that bear and see, the small arms whose target it is) and what
 * that fire costs, the charges it invites, and the friends it would drag back or be dragged back by
 * (GOR-FOLLOW-1). */
#include "commander_internal.h"

/* Can u fire next turn (small arms or guns), from where it stands? */
static bool can_shoot(const VlWorld *w, int u)
{
    if (!fighter(w, u) || w->units[u].routed)
        return false;
    if (utype(w, u) == VL_ARTILLERY)
        return uform(w, u) == VL_FORM_UNLIMBERED;
    return infantry_like(w, u) && uform(w, u) != VL_FORM_COLUMN;
}

/* Could battery e lay its guns on enemy u where both stand: unlimbered, within its range (the
 * game's: smoothbores reach medium range only) and with u in its arc (GOR-ART-1, GOR-ART-3)? Line
 * of sight aside. */
static bool guns_bear_on(const VlWorld *w, int e, int u)
{
    return utype(w, e) == VL_ARTILLERY && can_shoot(w, e) && vl_world_enemies(w, u, e) &&
           udist(w, e, u) <= vl_artillery_max_range(vl_world_unit(w, e)->weapon) &&
           vl_in_artillery_arc(&vl_world_unit(w, e)->fp, &vl_world_unit(w, u)->fp);
}

/* Does battery e see u, as the game judges a battery's sight (GOR-ART-2: from higher ground over
 * lower units, never over woods or buildings)? */
static bool guns_see(const VlWorld *w, int e, int u) { return vl_world_sees(w, e, u, true); }

bool vl_ai_guns_lay_on(const VlWorld *w, int e, int u) { return guns_bear_on(w, e, u) && guns_see(w, e, u); }

/* The best shot u would have next turn: HITs expected times their worth. */
double vl_ai_shot_value(const VlWorld *w, int u, int *target)
{
    *target = -1;
    if (!can_shoot(w, u))
        return 0;
    if (utype(w, u) == VL_ARTILLERY) {
        double best = 0;
        for (int t = 0; t < w->nunits; t++) {
            if (!fighter(w, t) || !guns_bear_on(w, u, t))
                continue;
            double v = vl_ai_est_hits(w, u, t) * vl_ai_hit_value(w, t);
            if (v > best && guns_see(w, u, t)) { /* the sight, the dearest test, last */
                best = v;
                *target = t;
            }
        }
        return best;
    }
    int blocked;
    int t = vl_fire_target(w, u, &blocked, NULL);
    if (t < 0)
        return 0;
    *target = t;
    return vl_ai_est_hits(w, u, t) * vl_ai_hit_value(w, t);
}

/* The fire u would draw next turn from where it stands: HITs expected from every enemy whose fire
 * would fall on it. */
double vl_ai_incoming_hits(const VlWorld *w, int u)
{
    double hits = 0;
    for (int e = 0; e < w->nunits; e++) {
        if (!can_shoot(w, e) || !vl_world_enemies(w, u, e))
            continue;
        if (utype(w, e) == VL_ARTILLERY) {
            if (vl_ai_guns_lay_on(w, e, u))
                hits += VL_AI_WEIGHTS.exposure.guns_other_target * vl_ai_est_hits(w, e, u); /* it may choose another target */
        } else {
            if (udist(w, e, u) > vl_unit_fire_range(utype(w, e), vl_world_unit(w, e)->weapon))
                continue; /* out of its reach, before the dearer target rule */
            int blocked;
            if (vl_fire_target(w, e, &blocked, NULL) == u)
                hits += vl_ai_est_hits(w, e, u);
        }
    }
    return hits;
}

/* What fire of @p hits HITs expected on u costs, the count taken as Poisson: the HITs, and the
 * morale test each count forces (the first time fired on, or 2 HITs in the phase, GOR-FIRE-5) with
 * the fall-back it may bring, at the standard modifier that many HITs leave with @p nthreat
 * threatened flanks and its commander if he is in contact (GOR-MOR-2); a heavy volley is
 * rare but is the one that breaks a unit. With @p b >= 0, what that costs friend b directly behind
 * u instead (GOR-FOLLOW-1). */
static double fire_cost(const VlWorld *w, int u, double hits, int nthreat, int b)
{
    if (hits <= 0.01)
        return 0;
    double hv = vl_ai_hit_value(w, u), p = exp(-hits), sum = 0;
    for (int k = 0; k <= 12; k++) {
        if (k > 0)
            p *= hits / k;
        bool test = !w->units[u].fired_on || k >= VL_FIRE_TEST_HITS;
        int mod = vl_morale_standard_modifier(w, u, k, nthreat, NULL, 0);
        if (b < 0)
            sum += p * (k * hv + (test ? vl_ai_test_loss(w, u, mod, VL_FIRE_FALL_BACK_PER_POINT, 0) : 0));
        else if (test)
            sum += p * vl_ai_follow_loss(w, u, mod, b, VL_FIRE_FALL_BACK_PER_POINT, 0);
    }
    return sum;
}

double vl_ai_incoming_cost(const VlWorld *w, int u, double hits, int nthreat) { return fire_cost(w, u, hits, nthreat, -1); }

/* Is some enemy that could charge next turn within reach of u? */
bool vl_ai_charge_danger(const VlWorld *w, int u, double reach)
{
    for (int e = 0; e < w->nunits; e++)
        if (charger_kind(w, e) && vl_world_enemies(w, u, e) && udist(w, u, e) <= reach)
            return true;
    return false;
}

/* The charges the enemy could make at u next turn from where they stand (GOR-THREAT-1 judged by the
 * charge resolver, ignoring this turn's flags), valued by the same odds as our own charges with the
 * roles swapped: the worth the best of them would take from us, plus a share of the others.
 * *flanks receives how many flank or rear faces they can strike. */
double vl_ai_charge_risk(Ai *ai, const VlWorld *w, int u, int *flanks)
{
    double best = 0, rest = 0;
    bool face_hit[4] = {false};
    const VlWorld *keep = ai->view;
    ai->view = w;
    for (int e = 0; e < w->nunits; e++) {
        if (!charger_kind(w, e) || !vl_world_enemies(w, u, e) || w->units[e].charged || udist(w, u, e) > CHARGE_REACH)
            continue;
        ChargeEval ce;
        if (!vl_ai_charge_next_turn(ai, w, e, u, &ce))
            continue;
        face_hit[ce.face] = true;
        double x = ce.value > 0 ? ce.value : 0;
        if (x > best) {
            rest += best;
            best = x;
        } else
            rest += x;
    }
    ai->view = keep;
    *flanks = face_hit[VL_FACE_LEFT] + face_hit[VL_FACE_RIGHT] + face_hit[VL_FACE_REAR];
    return best + VL_AI_WEIGHTS.exposure.other_charges * rest;
}

/* What friend b directly behind f is expected to lose to f's retreat test, with the @p f_hits
 * HITs f is expected to draw added to those it has: at 5 or more it tests in every retreat phase
 * and, failing, falls back 10 in (GOR-RETR-1), guns too, and b goes with it (GOR-FOLLOW-1). */
static double retreat_follow(const VlWorld *w, int f, double f_hits, int nthreat, int b)
{
    int hits = w->units[f].hits + (int)floor(f_hits + 0.5);
    if (hits < VL_RETREAT_TEST_HITS)
        return 0;
    return vl_ai_follow_loss(w, f, vl_morale_hits_modifier(hits) - nthreat, b, 0, w->options.retreat_distance);
}

/* What standing where it stands costs u and the friends in line with it through GOR-FOLLOW-1:
 * behind a friend within 5 in of its rear, u goes back with it (1 HIT, and off the table if there is
 * no room); in front of one, it drags that one back. Judged by the fire each front unit draws
 * (@p u_hits for u itself), plus a little for the other ways of being forced back. Two units so
 * placed tend to stay so (guns, and a regiment holding an objective, seldom move), and each turn
 * brings the enemy's fire and the retreat tests of a hurt front unit again, so the risk of one turn
 * is counted several times (VL_AI_WEIGHTS.exposure.follow_turns). (The tutorial, the Confederates
 * against the random player, games on seeds 5001..5200: their battery, standing behind the
 * regiment that held the crossing, was dragged off the table with it in 18 games counting one
 * turn; in 12 counting three, with the lead kept as vl_ai_build_groups() now keeps it.) */
double vl_ai_follow_cost(const VlWorld *w, int u, double u_hits, int nthreat)
{
    double c = 0;
    int behind[8];
    int nb = utype(w, u) == VL_GENERAL ? 0 : vl_world_units_behind(w, u, behind, 8);
    for (int k = 0; k < nb; k++)
        if (fighter(w, behind[k]))
            c += VL_AI_WEIGHTS.exposure.follow + fire_cost(w, u, u_hits, nthreat, behind[k]) +
                 retreat_follow(w, u, u_hits, nthreat, behind[k]);
    for (int f = 0; f < w->nunits; f++) {
        if (f == u || !fighter(w, f) || vl_world_enemies(w, u, f) || w->units[f].routed || udist(w, u, f) > 5.5)
            continue;
        nb = vl_world_units_behind(w, f, behind, 8);
        for (int k = 0; k < nb; k++)
            if (behind[k] == u) {
                double f_hits = vl_ai_incoming_hits(w, f);
                c += VL_AI_WEIGHTS.exposure.follow + fire_cost(w, f, f_hits, 0, u) + retreat_follow(w, f, f_hits, 0, u);
            }
    }
    return VL_AI_WEIGHTS.exposure.follow_turns * c;
}
