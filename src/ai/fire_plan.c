/* Fire: the artillery and small-arms phases. Every possible shot is judged by the rules for the
 * dice it throws, valued by the HITs expected and the morale test they may force
 * (GOR-FIRE-5), and the best go first; a unit holds its fire when a charge, a rally, its move
 * forward or an objective is worth more. */
#include "commander_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Near the end: a unit whose move onto an objective is worth more than its shot @p shot holds its
 * fire (a unit that fires has acted, GOR-TURN-3). Notes the decision; true when it holds. */
static bool holds_fire_for_objective(Ai *ai, int u, int target, double shot)
{
    double obj = vl_ai_objective_move_worth(ai, u);
    if (!(obj > shot))
        return false;
    VlAiIntent it = vl_ai_intent(ai, VL_CMD_END_PHASE, u, target);
    it.score = obj;
    snprintf(it.reason, sizeof it.reason, "holds its fire to move onto an objective (worth %.2f, fire %.2f)", obj, shot);
    vl_ai_note(ai, &it);
    return true;
}

/* How many dice a shot throws and what it needs: the rules' own verdict (tables, cover, enfilade,
 * skirmishers, split batteries), the one the game rolls from (src/game/fire.c: a shot of the
 * artillery phase, or small arms at the target the rules give, all its dice, at most 24 rolled).
 * This was read from the dice log of a trial on a copy of the game, which also played the morale
 * test the shot brings: the same figures at a small part of the cost. The draw that seeded the
 * copy's dice is still made, and the trial still counted, so every later draw of the commander's
 * stream and its plan are as they were. False when the shot is not allowed. */
static bool trial_fire(Ai *ai, const VlCommand *c, int *ndice, int *need)
{
    (void)vl_rng_next(ai->rng);
    if (ai->plan)
        ai->plan->simulated++;
    *ndice = 0;
    *need = 6;
    bool artillery = c->kind == VL_CMD_ARTILLERY_FIRE;
    VlFireVerdict v;
    vl_resolve_fire(W(ai), c->unit, artillery ? c->target : -1, artillery, &v);
    if (v.legal) {
        *ndice = v.dice.dice < 24 ? v.dice.dice : 24;
        *need = v.dice.hit_on > 0 ? v.dice.hit_on : 6;
    }
    return *ndice > 0;
}

/* Near the end of the game: what a failed fire test of enemy unit t (modifier @p mod) is worth
 * through the objectives it stands on. Failing by a point sends it 2 in back (GOR-FIRE-5); once out
 * of an objective's radius it no longer holds or contests it, and the objectives as they would stand
 * at the end change (weighted by ai->endgame). Guns in action limber up where they stand instead. */
static double driven_off_worth(const Ai *ai, int t, int mod, const char **name)
{
    const VlWorld *w = W(ai);
    if (name)
        *name = NULL;
    if (ai->endgame <= 0 || uform(w, t) == VL_FORM_UNLIMBERED)
        return 0;
    double v = 0;
    for (int i = 0; i < w->scenario->nobjectives; i++) {
        const VlObjective *o = &w->scenario->objectives[i];
        double inside = o->radius - vl_footprint_distance_to_convex(&vl_world_unit(w, t)->fp, &o->position, 1);
        if (inside < 0)
            continue;
        bool ours = vl_ai_holds(w, ai->side, o), foes = vl_ai_holds(w, 1 - ai->side, o);
        bool rest = vl_ai_holds_but(w, 1 - ai->side, o, t);
        int before = vl_ai_stand_of(ours, foes), after = vl_ai_stand_of(ours, rest);
        if (after > before) {
            v += (ai->endgame * o->points * (after - before) + vl_ai_result_change(ai, o->points * (after - before))) *
                 vl_morale_fail_chance(vl_ai_morale_level(w, t), mod, (int)floor(inside / 2) + 1);
            if (name)
                *name = o->name;
        }
    }
    return v;
}

/* What @p hits expected HITs from @p ndice dice do to t: the HITs themselves and the morale test they
 * may force (GOR-FIRE-5: first time fired on, or 2 HITs from fire in a phase). *test_chance receives
 * the chance t must test. */
static double fire_value(Ai *ai, int t, int ndice, int need, double *test_chance)
{
    const VlWorld *w = W(ai);
    double p = vl_hit_chance(need), dist[25];
    vl_ai_binomial(ndice, p, dist);
    double eh = ndice * p;
    double v = eh * vl_ai_hit_value(w, t);
    const VlUnitState *st = &w->units[t];
    double test;
    if (!st->fired_on)
        test = 1;
    else if (ai->phase_hits[t] >= VL_FIRE_TEST_HITS)
        test = 0; /* tested already this phase */
    else {
        test = 0;
        for (int k = VL_FIRE_TEST_HITS - ai->phase_hits[t]; k <= 24; k++)
            test += dist[k];
    }
    if (st->routed)
        test = 0;
    *test_chance = test;
    if (test > 0) {
        int mod = vl_ai_standard_mod(ai, t, (int)floor(eh + 0.5));
        v += test * (vl_ai_test_loss(w, t, mod, VL_FIRE_FALL_BACK_PER_POINT, 0) + driven_off_worth(ai, t, mod, NULL));
    }
    /* Guns in action are the enemy's best killers. */
    if (uform(w, t) == VL_FORM_UNLIMBERED)
        v *= VL_AI_WEIGHTS.fire.guns_in_action;
    return v;
}

static void fire_reason(char *buf, size_t n, const Ai *ai, int t, int ndice, int need, double eh, double test)
{
    const VlWorld *w = W(ai);
    int len = snprintf(buf, n, "fire at %.24s: %d dice, %s hit, %.2f HITs expected (it has %d)%s", uid(w, t), ndice,
                       need == 5 ? "5s and 6s" : "6s", eh, w->units[t].hits,
                       !w->units[t].fired_on ? "; first time fired on: it must test morale"
                       : test > 0.3          ? "; a second HIT this phase forces a morale test"
                                             : "");
    const char *at_stake;
    if (test > 0 && driven_off_worth(ai, t, 0, &at_stake) > 0 && len > 0 && (size_t)len < n) {
        /* The objective by name where it fits whole. */
        bool fits = (size_t)len + strlen(", which may drive it off ") + strlen(at_stake) < n;
        snprintf(buf + len, n - (size_t)len, ", which may drive it off %s", fits ? at_stake : "an objective");
    }
}

typedef struct Shot {
    int unit, target, ndice, need;
    double value, test;
} Shot;

static int cmp_shot(const void *a, const void *b)
{
    const Shot *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? 1 : -1;
    return x->unit != y->unit ? x->unit - y->unit : x->target - y->target;
}

/* Trial a legal fire command on a copy and, when it throws dice, keep it as a candidate shot. */
static void add_shot(Ai *ai, const VlCommand *c, int u, int t, Shot *shots, int *ns)
{
    Shot s = {u, t, 0, 6, 0, 0};
    if (ai->plan)
        ai->plan->evaluated++;
    if (trial_fire(ai, c, &s.ndice, &s.need))
        shots[(*ns)++] = s;
}

/* Greedy choice: value the shots still open again (HITs already landed change what a shot is worth:
 * a second HIT in a phase forces a test, a first-time test is spent) and return the best, or -1. */
static int next_shot(Ai *ai, Shot *shots, int ns)
{
    for (int i = 0; i < ns; i++)
        if (shots[i].unit >= 0)
            shots[i].value = fire_value(ai, shots[i].target, shots[i].ndice, shots[i].need, &shots[i].test);
    qsort(shots, (size_t)ns, sizeof *shots, cmp_shot);
    for (int i = 0; i < ns; i++)
        if (shots[i].unit >= 0)
            return i;
    return -1;
}

/* Give shot @p s of unit s->unit at @p t, as command @p c with intent @p it (its score, the HITs
 * expected, the chance the target must test, the reason); the HITs it lands count towards the
 * target's total for the phase (GOR-FIRE-5). */
static void give_shot(Ai *ai, const VlCommand *c, VlAiIntent *it, const Shot *s, int t)
{
    it->target = t;
    it->score = s->value;
    it->expected_hits = vl_expected_hits(s->ndice, s->need);
    it->chance = s->test;
    fire_reason(it->reason, sizeof it->reason, ai, t, s->ndice, s->need, it->expected_hits, s->test);
    int h0 = W(ai)->units[t].hits;
    if (vl_ai_send(ai, c, it))
        ai->phase_hits[t] += W(ai)->units[t].hits - h0;
}

void vl_ai_artillery_phase(Ai *ai)
{
    const VlWorld *w = W(ai);
    int n = ai->n, ns = 0, cap = 0;
    for (int u = 0; u < n; u++)
        cap += fighter(w, u) && vl_world_side(w, u) == ai->side && utype(w, u) == VL_ARTILLERY;
    Shot *shots = calloc((size_t)(cap * n + 1), sizeof *shots);
    if (!shots)
        return;
    for (int u = 0; u < n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side || utype(w, u) != VL_ARTILLERY)
            continue;
        for (int t = 0; t < n; t++) {
            if (!fighter(w, t) || !vl_world_enemies(w, u, t))
                continue;
            VlCommand c = vl_ai_blank(VL_CMD_ARTILLERY_FIRE, u);
            c.target = t;
            if (!vl_game_check(ai->g, &c, NULL))
                continue;
            add_shot(ai, &c, u, t, shots, &ns);
        }
    }
    /* Greedy: the best shot first; the rest are valued again as HITs land (a second HIT in the phase
     * forces a test, a first-time test is spent). */
    for (;;) {
        int best = next_shot(ai, shots, ns);
        if (best < 0)
            break;
        Shot s = shots[best];
        for (int i = 0; i < ns; i++)
            if (shots[i].unit == s.unit)
                shots[i].unit = -1;
        /* At the end, a battery sent to an objective limbers up rather than fire. */
        if (holds_fire_for_objective(ai, s.unit, s.target, s.value))
            continue;
        /* Guns are there to fire: only a battery badly hurt stands down to rally, and only for
         * clearly more than its shot is worth. */
        double rally = vl_ai_rally_worth(W(ai), s.unit, vl_ai_standard_mod(ai, s.unit, 0), 0);
        if (W(ai)->units[s.unit].hits >= 4 &&
            rally > VL_AI_WEIGHTS.fire.guns_rally_factor * s.value + VL_AI_WEIGHTS.fire.guns_rally_margin) {
            VlAiIntent it = vl_ai_intent(ai, VL_CMD_END_PHASE, s.unit, s.target);
            it.score = rally;
            snprintf(it.reason, sizeof it.reason, "holds its fire to rally (%d HITs; rally worth %.2f, fire %.2f)",
                     W(ai)->units[s.unit].hits, rally, s.value);
            vl_ai_note(ai, &it);
            continue;
        }
        VlCommand c = vl_ai_blank(VL_CMD_ARTILLERY_FIRE, s.unit);
        c.target = s.target;
        VlAiIntent it = vl_ai_intent(ai, c.kind, s.unit, s.target);
        give_shot(ai, &c, &it, &s, s.target);
        if (ai->failed)
            break;
    }
    free(shots);
}

void vl_ai_fire_phase(Ai *ai)
{
    const VlWorld *w = W(ai);
    int n = ai->n;
    /* Who would rather charge? A unit that fires may not charge this turn (GOR-CHG-1). */
    double *charge_best = calloc((size_t)n, sizeof *charge_best);
    Shot *shots = calloc((size_t)n + 1, sizeof *shots);
    if (!charge_best || !shots) {
        free(charge_best);
        free(shots);
        return;
    }
    int ns = 0;
    for (int u = 0; u < n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side)
            continue;
        VlCommand c = vl_ai_blank(VL_CMD_FIRE, u);
        if (!vl_game_check(ai->g, &c, NULL))
            continue;
        int blocked;
        int t = vl_fire_target(w, u, &blocked, NULL);
        if (t < 0)
            continue;
        add_shot(ai, &c, u, t, shots, &ns);
    }
    /* Valued as the charge phase will value them by the odds, with, at the end of the game, what the
     * charge changes in the objectives and the one the charger's move could have reached. Only a
     * unit with a shot weighs its charges against it; a commander that fills no threat cache and
     * keeps no plan (the easy one playing on a copy for a look-ahead) values the charges of those
     * alone, the others every charge, as the plan counts them and the cache keeps what it found. */
    bool *only = NULL;
    if (!ai->L->sees_threats && !ai->plan && (only = calloc((size_t)n, sizeof *only)) != NULL)
        for (int i = 0; i < ns; i++)
            only[shots[i].unit] = true;
    ChargeEval *list;
    int k = vl_ai_list_charges(ai, true, only, &list);
    for (int i = 0; i < k; i++) {
        int u = list[i].unit;
        double v = list[i].value + vl_ai_charge_objective_worth(ai, &list[i]) - vl_ai_objective_move_worth(ai, u);
        if (v > charge_best[u])
            charge_best[u] = v;
    }
    free(list);
    free(only);
    for (;;) {
        int best = next_shot(ai, shots, ns);
        if (best < 0)
            break;
        Shot s = shots[best];
        shots[best].unit = -1;
        w = W(ai);
        VlAiIntent it = vl_ai_intent(ai, VL_CMD_FIRE, s.unit, s.target);
        /* A hurt unit may do better to rally (a unit that fires has acted, GOR-RALLY-1). */
        int hits = w->units[s.unit].hits;
        double rally = vl_ai_rally_worth(w, s.unit, vl_ai_standard_mod(ai, s.unit, 0), 0);
        if (charge_best[s.unit] > s.value + VL_AI_WEIGHTS.fire.charge_margin &&
            charge_best[s.unit] > ai->L->charge_min + VL_AI_WEIGHTS.fire.charge_margin) {
            it.kind = VL_CMD_END_PHASE;
            it.score = charge_best[s.unit];
            snprintf(it.reason, sizeof it.reason, "holds its fire to charge (charge worth %.2f, fire %.2f)", charge_best[s.unit],
                     s.value);
            vl_ai_note(ai, &it);
            continue;
        }
        /* A weak shot is not worth the move it costs (a unit that fires has acted). */
        double ahead = vl_v2_dot(vl_v2_sub(ai->slot[s.unit], ucentre(w, s.unit)), vl_facing_forward(ai->slot_facing[s.unit]));
        double move_worth = VL_AI_WEIGHTS.fire.move_up_per_inch * fmin(fmax(ahead, 0), 10) +
                            (vl_ai_room_behind(w, s.unit) < 10 ? VL_AI_WEIGHTS.fire.off_edge : 0);
        if (holds_fire_for_objective(ai, s.unit, s.target, s.value))
            continue;
        if (move_worth > s.value && !ai->shaken[s.unit]) {
            it.kind = VL_CMD_END_PHASE;
            it.score = move_worth;
            if (ahead > 0.5)
                snprintf(it.reason, sizeof it.reason, "holds its fire to move up (%.1f in to its place; fire worth %.2f)",
                         ahead, s.value);
            else
                snprintf(it.reason, sizeof it.reason, "holds its fire to move off its table edge (fire worth %.2f)", s.value);
            vl_ai_note(ai, &it);
            continue;
        }
        if (hits >= 3 && rally > VL_AI_WEIGHTS.fire.rally_factor * s.value + VL_AI_WEIGHTS.fire.rally_margin) {
            it.kind = VL_CMD_END_PHASE;
            it.score = rally;
            snprintf(it.reason, sizeof it.reason, "holds its fire to rally (%d HITs)", hits);
            vl_ai_note(ai, &it);
            continue;
        }
        /* The target the rules make it fire at may have changed with earlier fire. */
        int blocked;
        int t = vl_fire_target(w, s.unit, &blocked, NULL);
        if (t < 0)
            continue;
        VlCommand c = vl_ai_blank(VL_CMD_FIRE, s.unit);
        give_shot(ai, &c, &it, &s, t);
        if (ai->failed)
            break;
    }
    free(shots);
    free(charge_best);
}
