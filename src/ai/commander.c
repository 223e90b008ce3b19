/* The computer commander (issue: a solo opponent worth playing).
 *
 * It plays one phase at a time through the public API and acts only through commands it has checked
 * with vl_game_check, so it can never break a rule. Its currency is worth: 1.0 is about one enemy
 * unit routed or gone (a victory point); a HIT is worth more on a unit near a morale step, near 5
 * HITs, or near its own table edge, where a failed test can take it off for good (D-GAME-5).
 *  - Artillery and fire: every possible shot is tried on a copy of the game, and the copy's dice log
 *    says how many dice the rules give it (tables, cover, enfilade, skirmishers, split batteries).
 *    Shots are valued by the HITs expected and the morale test they may force (first time fired on,
 *    2 HITs in a phase: GOR-FIRE-5) with what failing it costs; the best go first. A unit holds its
 *    fire when a charge, a rally or its move forward is worth more.
 *  - Charge: every legal charge is valued by the odds: the charger's test (2D6 against its level
 *    with GOR-MOR-2/3 modifiers), the target's reaction (fire, square, skirmishers falling back),
 *    the close combat dice of GOR-CC-2 with their modifiers and the loser's test; flank and rear
 *    charges gain +2 and +3 dice, cover and squares lose. The best are then played out on copies,
 *    with dice of the commander's own, against the same copies without the charge.
 *  - Movement: each brigade gets a goal (an objective, a badly hurt enemy, else the nearest enemy
 *    brigade; a side ahead on the points as they stand gathers on the objective it holds instead of
 *    closing on the enemy) and a frame: where the middle of its front line should stand this turn
 *    and which way it faces. Regiments take places in two lines, the second beyond the 5 in where
 *    it would be dragged back by the first (GOR-FOLLOW-1), the commander between them within 8 in
 *    of both, guns on the flanks, the shaken (3+ HITs) behind; a regiment or two hold the
 *    objectives within reach. Where the straight way to a place runs through woods, water,
 *    buildings or across fences and streams, or past an enemy (no move may touch one, GOR-MOVE-2),
 *    a route over a grid of the table (route.c) finds the way round, taken only when it is clearly
 *    quicker; a unit sent to an objective has arrived anywhere within its radius, and counts the
 *    turns that way round takes; a column may follow it in two legs. Each unit then judges a
 *    handful of different legal orders (normal and hard drop an order that leads where one already
 *    kept does) by the place they lead to, tried on a copy of the world: its place in the frame,
 *    its fire next turn, the fire it draws (each count of HITs with the test it forces; a line
 *    seen from a flank is enfiladed, as the game counts it, so a unit under guns also tries facing
 *    them), the
 *    charges it invites (judged by the same odds, roles swapped), a charge it could make, command,
 *    cover, objectives, the table edge behind it, the friends it would drag back or be dragged back
 *    by (GOR-FOLLOW-1), standing still to rally.
 *  - The clock: as the last turn nears, the objectives as they would stand if the game ended now
 *    count for more, up to their full points on the last turn; in the last four turns every unit
 *    that can reach one the enemy holds is sent to deny it (the turns it needs count the wheel to
 *    face it, or forming column first), and a unit gives up firing or charging when its move could
 *    take or deny an objective that is worth more. In the last two turns a unit sent to an
 *    objective may gallop or go at double time to get there (GOR-MOVE-4, once a game); on the last,
 *    every unit also tries orders aimed at each objective it could reach, and orders of one or two
 *    legs drawn at random that end within the radius of one not ours alone; and fire is worth more
 *    at a unit that alone holds an objective, for the test that may send it back out of the radius.
 *    In the last turns the unit sent is the one the orders it could give now (not a straight line,
 *    blind to units in the way) get there soonest; on the turn before the last, against an
 *    objective the enemy holds, more go (guns too, but only guns the moves left get there) while
 *    none is sure to arrive. On the last movement phase normal and hard try, for each regiment or
 *    battery that could end on an objective, its next best orders too (the units after it then
 *    choosing afresh), and play each set of orders out to the end of the game on copies against
 *    the enemy's last turn, keeping their own unless another clearly wins more (final_search).
 *    The hard commander also plays
 *    the whole movement phase out on copies in several postures (close in, stand off beyond charge
 *    reach, hold, press home) through the enemy's reply, and takes another posture than normal's
 *    only when its copies come out ahead by more than the spread of the dice streams says luck
 *    could give.
 *  - Rally: every unit with HITs, or routed, that took no action tests (a failed test costs nothing).
 * The work is counted in candidates and look-ahead plays, never timed, so a game state, a level and
 * a seed always give the same decisions. */
#include "volley/ai.h"
#include "commander_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Routes go round the enemy (GOR-MOVE-2: no move touches one): the cells within this many inches
 * of an enemy footprint, about half a line's width, are costly ground (route.h). */
#define ENEMY_BAND 3.0

static const Level LEVELS[3] = {
    {5, false, false, 0, 0, 0.10, 0.00, 3.0, 1, 0, 0, false, false, 0, 0},
    {14, true, true, 6, 6, 0.0, 0.04, 4.0, 1, 0, 0, true, true, 200, 1600},
    {26, true, true, 14, 14, 0.0, 0.04, 4.0, 4, 3, 216, true, true, 400, 3200},
};

static const Posture POSTURES[4] = {
    {-1, false, 1.0, "close to short range"},
    {16.5, false, 1.5, "stand off beyond charge reach"},
    {-1, true, 1.0, "hold the line"},
    {1.0, false, 0.6, "press home"},
};

/* p moved, if need be, to lie at least `margin` inches inside every table edge. */
static VlVec2 keep_on_table(const VlWorld *w, VlVec2 p, double margin)
{
    p.x = fmin(fmax(p.x, margin), vl_battlefield_width(w->bf) - margin);
    p.y = fmin(fmax(p.y, margin), vl_battlefield_height(w->bf) - margin);
    return p;
}

/* Whether to give up the phase (vl_ai_phase_interruptible): asked between look-ahead games, units
 * and commands. Once yes, always yes. */
static bool interrupted(Ai *ai)
{
    if (!ai->interrupted && ai->interrupt && ai->interrupt(ai->interrupt_ctx))
        ai->interrupted = true;
    return ai->interrupted;
}

/* Set the interrupt a commander asks (after ai_open, which clears it); a commander playing on a
 * copy for another's look-ahead is given the same. */
static void listen_to(Ai *ai, VlAiInterrupt interrupt, void *ctx)
{
    ai->interrupt = interrupt;
    ai->interrupt_ctx = ctx;
}

static void note(Ai *ai, const VlAiIntent *it)
{
    VlAiPlan *p = ai->plan;
    if (!p)
        return;
    if (p->n < VL_AI_MAX_INTENTS)
        p->items[p->n++] = *it;
    else
        p->dropped++;
}

static VlAiIntent intent(const Ai *ai, VlCommandKind kind, int u, int target)
{
    VlAiIntent it;
    memset(&it, 0, sizeof it);
    it.phase = vl_game_phase(ai->g);
    it.kind = kind;
    it.unit = u;
    it.target = target;
    const VlWorld *w = W(ai);
    it.from = it.to = u >= 0 ? vl_world_unit(w, u)->pose : (VlPose){{0, 0}, 0};
    it.to_formation = u >= 0 ? vl_world_unit(w, u)->formation : VL_FORM_LINE;
    it.goal = (VlVec2){NAN, NAN};
    if (u >= 0 && ai->group_of && ai->group_of[u] >= 0)
        it.goal = ai->groups[ai->group_of[u]].goal;
    return it;
}

static VlCommand blank(VlCommandKind kind, int u)
{
    VlCommand c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    c.unit = u;
    c.target = -1;
    c.facing = NAN;
    c.move.unit = u;
    return c;
}

/* Send a command the game has just accepted in a check. Returns false if it was refused after all. */
static bool send(Ai *ai, const VlCommand *c, VlAiIntent *it)
{
    if (interrupted(ai))
        return false;
    if (!vl_game_check(ai->g, c, NULL))
        return false; /* not legal now (an earlier order changed the table): simply not given */
    VlReasons why = {0};
    VlStatus st = ai->log ? vl_log_apply(ai->log, ai->g, c, &why) : vl_game_apply(ai->g, c, &why);
    if (st != VL_OK) {
        ai->failed = true;
        if (ai->plan)
            ai->plan->refused++;
        return false;
    }
    ai->issued++;
    if (it) {
        it->issued = true;
        if (c->kind == VL_CMD_MOVE && c->unit >= 0) {
            it->to = vl_world_unit(W(ai), c->unit)->pose;
            it->to_formation = vl_world_unit(W(ai), c->unit)->formation;
        }
        note(ai, it);
    }
    return true;
}

static double incoming_cost(const VlWorld *w, int u, double hits, int nthreat);

static double follow_cost(const VlWorld *w, int u, double u_hits, int nthreat);

static double objective_move_worth(Ai *ai, int u);

static double reach_need(Ai *ai, int u, const VlObjective *o);

static bool holds_but(const VlWorld *w, int side, const VlObjective *o, int except);

static bool holds(const VlWorld *w, int side, const VlObjective *o);

/* An objective held by our side and by the enemy's (or not): 1 ours alone, -1 theirs alone, else 0. */
static int stand_of(bool ours, bool foes) { return (ours && !foes) - (foes && !ours); }

/* Does a unit with this footprint stand within objective @p o's radius? */
static bool on_objective(const VlFootprint *fp, const VlObjective *o)
{
    return vl_footprint_distance_to_convex(fp, &o->position, 1) <= o->radius;
}

/* Near the end: a unit whose move onto an objective is worth more than its shot @p shot holds its
 * fire (a unit that fires has acted, GOR-TURN-3). Notes the decision; true when it holds. */
static bool holds_fire_for_objective(Ai *ai, int u, int target, double shot)
{
    double obj = objective_move_worth(ai, u);
    if (!(obj > shot))
        return false;
    VlAiIntent it = intent(ai, VL_CMD_END_PHASE, u, target);
    it.score = obj;
    snprintf(it.reason, sizeof it.reason, "holds its fire to move onto an objective (worth %.2f, fire %.2f)", obj, shot);
    note(ai, &it);
    return true;
}

/* A copy of the game whose dice come from the commander's own stream, never the game's. */
static VlGame *copy_game(Ai *ai, uint64_t seed)
{
    VlGame *c = vl_game_clone(ai->g);
    if (c) {
        vl_rng_seed(&vl_game_world(c)->rng, seed, 0x414955ull); /* stream "AIU" */
        if (ai->plan)
            ai->plan->simulated++;
    }
    return c;
}

/* How many dice a shot throws and what it needs, read from a trial on a copy (the rules' own tables,
 * cover, enfilade, skirmishers, split batteries). False when the shot is not allowed. */
static bool trial_fire(Ai *ai, const VlCommand *c, int *ndice, int *need)
{
    VlGame *copy = copy_game(ai, vl_rng_next(ai->rng));
    if (!copy)
        return false;
    int before;
    vl_game_dice(copy, &before);
    bool ok = vl_game_apply(copy, c, NULL) == VL_OK;
    int after;
    const VlDiceRoll *d = vl_game_dice(copy, &after);
    *ndice = 0;
    *need = 6;
    for (int i = before; ok && i < after; i++)
        if (d[i].unit == c->unit && (strncmp(d[i].clause, "GOR-ART-3", 9) == 0 || strncmp(d[i].clause, "GOR-FIRE-", 9) == 0)) {
            *ndice += d[i].ndice;
            *need = d[i].need > 0 ? d[i].need : 6;
        }
    vl_game_destroy(copy);
    return ok && *ndice > 0;
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
        bool ours = holds(w, ai->side, o), foes = holds(w, 1 - ai->side, o), rest = holds_but(w, 1 - ai->side, o, t);
        int before = stand_of(ours, foes), after = stand_of(ours, rest);
        if (after > before) {
            v += (ai->endgame * o->points * (after - before) + vl_ai_result_change(ai, o->points * (after - before))) *
                 vl_ai_p_fail_by(vl_ai_morale_level(w, t), mod, (int)floor(inside / 2) + 1);
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
    double p = (7 - need) / 6.0, dist[25];
    vl_ai_binomial(ndice, p, dist);
    double eh = ndice * p;
    double v = eh * vl_ai_hit_value(w, t);
    const VlUnitState *st = &w->units[t];
    double test;
    if (!st->fired_on)
        test = 1;
    else if (ai->phase_hits[t] >= 2)
        test = 0; /* tested already this phase */
    else {
        test = 0;
        for (int k = 2 - ai->phase_hits[t]; k <= 24; k++)
            test += dist[k];
    }
    if (st->routed)
        test = 0;
    *test_chance = test;
    if (test > 0) {
        int mod = vl_ai_standard_mod(ai, t, (int)floor(eh + 0.5));
        v += test * (vl_ai_test_loss(w, t, mod, 2, 0) + driven_off_worth(ai, t, mod, NULL));
    }
    /* Guns in action are the enemy's best killers. */
    if (uform(w, t) == VL_FORM_UNLIMBERED)
        v *= 1.2;
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

static void artillery_phase(Ai *ai)
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
            VlCommand c = blank(VL_CMD_ARTILLERY_FIRE, u);
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
        if (W(ai)->units[s.unit].hits >= 4 && rally > 1.5 * s.value + 0.05) {
            VlAiIntent it = intent(ai, VL_CMD_END_PHASE, s.unit, s.target);
            it.score = rally;
            snprintf(it.reason, sizeof it.reason, "holds its fire to rally (%d HITs; rally worth %.2f, fire %.2f)",
                     W(ai)->units[s.unit].hits, rally, s.value);
            note(ai, &it);
            continue;
        }
        VlCommand c = blank(VL_CMD_ARTILLERY_FIRE, s.unit);
        c.target = s.target;
        VlAiIntent it = intent(ai, c.kind, s.unit, s.target);
        it.score = s.value;
        it.expected_hits = s.ndice * (7 - s.need) / 6.0;
        it.chance = s.test;
        fire_reason(it.reason, sizeof it.reason, ai, s.target, s.ndice, s.need, it.expected_hits, s.test);
        int h0 = W(ai)->units[s.target].hits;
        if (send(ai, &c, &it))
            ai->phase_hits[s.target] += W(ai)->units[s.target].hits - h0;
        if (ai->failed)
            break;
    }
    free(shots);
}

static double charge_objective_worth(const Ai *ai, const ChargeEval *e);

static bool non_art_rear_support(const VlWorld *w, int u)
{
    int sup[8];
    int k = vl_rear_supports(w, u, sup, 8, NULL);
    for (int i = 0; i < k; i++)
        if (utype(w, sup[i]) != VL_ARTILLERY)
            return true;
    return false;
}

/* The loser's test after close combat (GOR-CC-4, GOR-MOR-4): the worth lost, by the margin. */
static double loser_cost(Ai *ai, int l, int new_hits)
{
    const VlWorld *w = ai->view;
    int L = vl_ai_morale_level(w, l), m = vl_ai_standard_mod(ai, l, new_hits) - 1;
    double f1 = vl_ai_p_fail_by(L, m, 1), f2 = vl_ai_p_fail_by(L, m, 2), f4 = vl_ai_p_fail_by(L, m, 4);
    bool guns = uform(w, l) == VL_FORM_UNLIMBERED, skirm = uform(w, l) == VL_FORM_SKIRMISH;
    double hv = vl_ai_hit_value(w, l);
    double gone = vl_ai_loss_value(w, l);
    if (guns)
        return (f1 - f2) * hv + f2 * gone; /* overrun: the battery is destroyed */
    return (f1 - f2) * hv * (skirm ? 2 : 1) + (f2 - f4) * 0.35 * gone + f4 * gone;
}

/* Close combat of att dice against def dice (6s hit), the target having taken extra_t HITs on
 * receiving: the expected worth for the charger's side. */
static double combat_value(Ai *ai, int u, int t, int att, int def, int extra_t, double *eh)
{
    const VlWorld *w = ai->view;
    double pt[25], pu[25];
    vl_ai_binomial(att, 1.0 / 6, pt);
    vl_ai_binomial(def, 1.0 / 6, pu);
    double hv_t = vl_ai_hit_value(w, t), hv_u = vl_ai_hit_value(w, u), v = 0;
    double lose_t[25], lose_u[25];
    for (int k = 0; k <= 24; k++)
        lose_t[k] = lose_u[k] = NAN;
    *eh = att / 6.0;
    for (int i = 0; i <= 24; i++) {
        if (pt[i] < 1e-6)
            continue;
        for (int j = 0; j <= 24; j++) {
            double p = pt[i] * pu[j];
            if (p < 1e-7)
                continue;
            double x = i * hv_t - j * hv_u;
            if (i > j) {
                if (isnan(lose_t[i]))
                    lose_t[i] = loser_cost(ai, t, i + extra_t);
                x += lose_t[i];
            } else if (j > i) {
                if (isnan(lose_u[j]))
                    lose_u[j] = loser_cost(ai, u, j);
                x -= lose_u[j];
            }
            v += p * x;
        }
    }
    return v;
}

/* Close combat of att dice against def dice (6s hit), the target having taken extra_t HITs on
 * receiving: the chance that the target is the one that leaves. The side that takes more HITs in the
 * combat tests morale and retires or routs when it fails by 2 or more (GOR-CC-4); if both are still
 * in contact, the one with more HITs in all falls back 4 in, the charger when they are equal
 * (GOR-CC-6). */
static double p_target_gives_way(Ai *ai, int u, int t, int att, int def, int extra_t)
{
    const VlWorld *w = ai->view;
    double pt[25], pu[25], p = 0;
    vl_ai_binomial(att, 1.0 / 6, pt);
    vl_ai_binomial(def, 1.0 / 6, pu);
    double ft = vl_ai_p_fail_by(vl_ai_morale_level(w, t), vl_ai_standard_mod(ai, t, 0) - 1, 2);
    double fu = vl_ai_p_fail_by(vl_ai_morale_level(w, u), vl_ai_standard_mod(ai, u, 0) - 1, 2);
    int ht = w->units[t].hits + extra_t, hu = w->units[u].hits;
    for (int i = 0; i <= 24; i++)
        for (int j = 0; j <= 24; j++) {
            double q = pt[i] * pu[j];
            if (q < 1e-9)
                continue;
            double back_t = ht + i > hu + j ? 1 : 0; /* GOR-CC-6, if still in contact */
            if (i > j)
                p += q * (ft + (1 - ft) * back_t);
            else if (j > i)
                p += q * (1 - fu) * back_t;
            else
                p += q * back_t;
        }
    return p;
}

/* Value a legal charge of u at t by the odds (GOR-CHG-3, GOR-MOR-3, GOR-CHG-6..9, GOR-CC-2..4). */
static void charge_odds(Ai *ai, int u, int t, const VlChargeVerdict *given, ChargeEval *e)
{
    const VlWorld *w = ai->view;
    memset(e, 0, sizeof *e);
    e->unit = u;
    e->target = t;
    VlChargeVerdict v;
    if (given)
        v = *given;
    else {
        VlChargeOrder o = {u, t, VL_RULES_GOR, true, VL_PRE_NONE, 0, 0, false};
        vl_resolve_charge(w, &o, &v);
    }
    e->face = v.face;
    e->contact = v.contact_pose;
    e->half = v.half_pose;
    bool flank = v.face != VL_FACE_FRONT || w->units[t].routed;
    VlCover cover = vl_cover(w, u, t);
    e->cover = cover != VL_COVER_OPEN;
    bool skirm_t = uform(w, t) == VL_FORM_SKIRMISH;
    bool cav = mounted_cav(w, u);
    bool sq_now = uform(w, t) == VL_FORM_SQUARE;
    bool may_square = cav && infantry_like(w, t) && !sq_now && !w->units[t].routed;
    int Lt = vl_ai_morale_level(w, t), Lu = vl_ai_morale_level(w, u);
    double p_t = w->units[t].routed ? 0 : vl_ai_p_pass(Lt, vl_ai_standard_mod(ai, t, 0));
    /* GOR-MOR-3: +2 flank, rear or routers, +1 skirmishers, -1 cover, -2 cavalry against a square. */
    int cm = (flank ? 2 : 0) + (skirm_t ? 1 : 0) - (e->cover ? 1 : 0);
    int su = vl_ai_standard_mod(ai, u, 0);
    double p_go = vl_ai_p_pass(Lu, su + cm), p_go_sq = vl_ai_p_pass(Lu, su + cm - 2);
    double hv_u = vl_ai_hit_value(w, u), hv_t = vl_ai_hit_value(w, t);
    int att, def;
    /* One outcome of the target's reaction: square or not. */
    double total = 0, eh_total = 0;
    for (int sq = 0; sq < 2; sq++) {
        double weight = sq ? (sq_now ? 1 : may_square ? p_t : 0) : (sq_now ? 0 : may_square ? 1 - p_t : 1);
        if (weight <= 0)
            continue;
        bool square = sq;
        vl_ai_cc_dice(w, u, t, square, &att, &def);
        if (v.nsupports > 0 || non_art_rear_support(w, u))
            att += 3;
        if (flank)
            att += 3;
        if (skirm_t)
            att += 3;
        if (cover != VL_COVER_OPEN)
            att -= cover == VL_COVER_LIGHT ? 2 : 3;
        if (non_art_rear_support(w, t))
            def += 3;
        if (att < 0)
            att = 0;
        double pg = square && cav ? p_go_sq : p_go;
        double eh, val, pushed;
        if (skirm_t) {
            /* GOR-CHG-8: skirmishers that pass fall back 10 in; failing by 1-2, back with 1 HIT; by
             * more, they stay with 2 HITs and fight. */
            double f1 = vl_ai_p_fail_by(Lt, vl_ai_standard_mod(ai, t, 0), 1), f3 = vl_ai_p_fail_by(Lt, vl_ai_standard_mod(ai, t, 0), 3);
            val = (1 - f1) * 0.04 + (f1 - f3) * (hv_t + 0.1) + f3 * (2 * hv_t + combat_value(ai, u, t, att, def, 2, &eh));
            eh = f3 * eh;
            pushed = 1 - f3 + f3 * p_target_gives_way(ai, u, t, att, def, 2);
        } else if (may_square) {
            /* GOR-CHG-9: it tested at the declaration: formed square instead of firing, or failed
             * and lost its fire; no receiving test either way. */
            val = combat_value(ai, u, t, att, def, 0, &eh);
            pushed = p_target_gives_way(ai, u, t, att, def, 0);
        } else {
            double eh1, eh2;
            double stand = combat_value(ai, u, t, att, def, 0, &eh1) - vl_ai_free_fire_hits(w, t, u) * hv_u;
            double wilt = hv_t + combat_value(ai, u, t, att, def, 1, &eh2);
            val = p_t * stand + (1 - p_t) * wilt;
            eh = p_t * eh1 + (1 - p_t) * eh2;
            pushed = p_t * p_target_gives_way(ai, u, t, att, def, 0) + (1 - p_t) * p_target_gives_way(ai, u, t, att, def, 1);
        }
        /* A charger that fails halts half way, no closer than 3 in, in front of the enemy: its fire
         * at short range next, and the test that may bring. */
        double halt = 0.08 + incoming_cost(w, u, uform(w, t) == VL_FORM_UNLIMBERED ? 1.0 : 0.67, vl_ai_threatened(ai, u));
        total += weight * (pg * val - (1 - pg) * halt);
        eh_total += weight * pg * eh;
        e->p_charge += weight * pg;
        e->p_pushed += weight * pg * pushed;
        if (weight >= 0.5) { /* the dice of the likelier reaction, for the explanation */
            e->att = att;
            e->def = def;
            e->square = square;
        }
    }
    e->p_stand = p_t;
    e->hits_on_target = eh_total;
    e->value = e->odds_value = total;
}

/* Play a charge (or none, when c is NULL) and the rest of the charge phase out on a copy. */
static double play_charge(Ai *ai, const VlCommand *c, uint64_t seed, double *result)
{
    *result = 0;
    VlGame *copy = copy_game(ai, seed);
    if (!copy)
        return 0;
    double v = -1e9;
    if (!c || vl_game_apply(copy, c, NULL) == VL_OK) {
        VlCommand end = blank(VL_CMD_END_PHASE, -1);
        if (vl_game_apply(copy, &end, NULL) == VL_OK) {
            /* On our last player turn the result counts apart from the material: a won game (an
             * army broken), or the points as they stand, as surely as they stand (result_change). */
            int winner;
            if (ai->turns_left > 0) {
                v = vl_ai_evaluate(copy, ai->side);
            } else {
                v = vl_ai_material(copy, ai->side);
                *result = vl_game_over(copy, &winner, NULL)
                              ? vl_ai_result_of(winner, ai->side)
                              : vl_ai_sureness(W(ai), ai->side) *
                                    vl_ai_result_of_lead(vl_game_points(copy, ai->side) - vl_game_points(copy, 1 - ai->side));
            }
        }
    }
    vl_game_destroy(copy);
    return v;
}

static int cmp_charge(const void *a, const void *b)
{
    const ChargeEval *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? 1 : -1;
    return x->unit != y->unit ? x->unit - y->unit : x->target - y->target;
}

/* Every legal charge of our units, valued by the odds. Returns the count; *out is malloc'd. */
static int list_charges(Ai *ai, bool ignore_fired, ChargeEval **out)
{
    const VlWorld *w = W(ai);
    int n = ai->n, k = 0, cap = 64;
    ChargeEval *list = malloc((size_t)cap * sizeof *list);
    *out = list;
    if (!list)
        return 0;
    for (int u = 0; u < n; u++) {
        if (!charger_kind(w, u) || vl_world_side(w, u) != ai->side || w->units[u].acted || w->units[u].charged_last_turn)
            continue;
        if (w->units[u].fired && !ignore_fired)
            continue;
        for (int t = 0; t < n; t++) {
            if (!fighter(w, t) || !vl_world_enemies(w, u, t) || udist(w, u, t) > 16.5)
                continue;
            bool ok;
            if (ignore_fired) {
                /* In the fire phase: would it be legal in the charge phase? Ask the resolver directly. */
                VlChargeOrder o = {u, t, VL_RULES_GOR, true, VL_PRE_NONE, 0, 0, false};
                VlChargeVerdict v;
                vl_resolve_charge(w, &o, &v);
                ok = v.legal || v.depends_on_die;
            } else {
                VlCommand c = blank(VL_CMD_CHARGE, u);
                c.target = t;
                c.choose_path = true;
                ok = vl_game_check(ai->g, &c, NULL);
            }
            if (!ok)
                continue;
            if (ai->plan)
                ai->plan->evaluated++;
            if (k == cap) {
                ChargeEval *m = realloc(list, (size_t)(cap *= 2) * sizeof *list);
                if (!m)
                    break;
                *out = list = m;
            }
            charge_odds(ai, u, t, NULL, &list[k++]);
        }
    }
    return k;
}

static void charge_reason(char *buf, size_t n, const VlWorld *w, const ChargeEval *e, bool looked)
{
    snprintf(buf, n, "%s charge at %.24s: morale %.0f%%, %d dice against %d%s%s%s%s",
             e->face == VL_FACE_FRONT ? "frontal" : e->face == VL_FACE_REAR ? "rear" : "flank", uid(w, e->target),
             100 * e->p_charge, e->att, e->def, w->units[e->target].routed ? ", it is routed" : "",
             e->square ? ", against a square" : "", e->cover ? ", into cover" : "", looked ? ", played out on copies" : "");
}

static void charge_phase(Ai *ai)
{
    ChargeEval *list;
    int k = list_charges(ai, false, &list);
    if (!list)
        return;
    qsort(list, (size_t)k, sizeof *list, cmp_charge);
    /* Look ahead: the best by the odds are played out on copies with the same dice with and without
     * the charge; the difference is the charge's value (the odds count for half, to steady it). */
    int sims = k < ai->L->charge_sims ? k : ai->L->charge_sims;
    if (sims > 0 && ai->L->samples > 0) {
        int S = ai->L->samples;
        uint64_t seeds[32];
        double base[32];
        double base_res[32];
        for (int s = 0; s < S; s++) {
            seeds[s] = ((uint64_t)vl_rng_next(ai->rng) << 32) | vl_rng_next(ai->rng);
            base[s] = play_charge(ai, NULL, seeds[s], &base_res[s]);
        }
        for (int i = 0; i < sims && !interrupted(ai); i++) {
            if (list[i].odds_value < -0.3)
                continue; /* hopeless by the odds */
            VlCommand c = blank(VL_CMD_CHARGE, list[i].unit);
            c.target = list[i].target;
            c.choose_path = true;
            double sum = 0, res = 0;
            for (int s = 0; s < S; s++) {
                double r;
                sum += play_charge(ai, &c, seeds[s], &r) - base[s];
                res += r - base_res[s];
            }
            /* The copies stop at the end of the charge phase: a charger that faltered stands in front
             * of the enemy's fire, which only the odds count. The result, on the last turn, in
             * full. */
            double halted = (1 - list[i].p_charge) * 0.15;
            list[i].value = 0.5 * list[i].odds_value + 0.5 * (sum / S - halted) + res / S;
            list[i].played = true;
        }
    }
    /* At the end of the game a charge changes the objectives as they will stand (the charger may be
     * carried off one, the target pushed off one) and gives up the objective the charger's move
     * could have reached. Then the best first, by the values the look-ahead set. */
    for (int i = 0; i < k; i++)
        list[i].value += charge_objective_worth(ai, &list[i]) - objective_move_worth(ai, list[i].unit);
    qsort(list, (size_t)k, sizeof *list, cmp_charge);
    const VlWorld *w = W(ai);
    for (int i = 0; i < k; i++) {
        ChargeEval *e = &list[i];
        if (e->value < ai->L->charge_min)
            break;
        w = W(ai);
        if (w->units[e->unit].acted || !vl_world_present(w, e->target))
            continue;
        VlCommand c = blank(VL_CMD_CHARGE, e->unit);
        c.target = e->target;
        c.choose_path = true;
        VlAiIntent it = intent(ai, c.kind, e->unit, e->target);
        it.score = e->value;
        it.expected_hits = e->hits_on_target;
        it.chance = e->p_charge;
        charge_reason(it.reason, sizeof it.reason, w, e, i < sims && ai->L->samples > 0);
        send(ai, &c, &it);
        if (ai->failed)
            break;
    }
    free(list);
}

static void fire_phase(Ai *ai)
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
    /* Valued as the charge phase will value them by the odds, with, at the end of the game, what the
     * charge changes in the objectives and the one the charger's move could have reached. */
    ChargeEval *list;
    int k = list_charges(ai, true, &list);
    for (int i = 0; i < k; i++) {
        int u = list[i].unit;
        double v = list[i].value + charge_objective_worth(ai, &list[i]) - objective_move_worth(ai, u);
        if (v > charge_best[u])
            charge_best[u] = v;
    }
    free(list);
    int ns = 0;
    for (int u = 0; u < n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side)
            continue;
        VlCommand c = blank(VL_CMD_FIRE, u);
        if (!vl_game_check(ai->g, &c, NULL))
            continue;
        int blocked;
        int t = vl_fire_target(w, u, &blocked, NULL);
        if (t < 0)
            continue;
        add_shot(ai, &c, u, t, shots, &ns);
    }
    for (;;) {
        int best = next_shot(ai, shots, ns);
        if (best < 0)
            break;
        Shot s = shots[best];
        shots[best].unit = -1;
        w = W(ai);
        VlAiIntent it = intent(ai, VL_CMD_FIRE, s.unit, s.target);
        /* A hurt unit may do better to rally (a unit that fires has acted, GOR-RALLY-1). */
        int hits = w->units[s.unit].hits;
        double rally = vl_ai_rally_worth(w, s.unit, vl_ai_standard_mod(ai, s.unit, 0), 0);
        if (charge_best[s.unit] > s.value + 0.05 && charge_best[s.unit] > ai->L->charge_min + 0.05) {
            it.kind = VL_CMD_END_PHASE;
            it.score = charge_best[s.unit];
            snprintf(it.reason, sizeof it.reason, "holds its fire to charge (charge worth %.2f, fire %.2f)", charge_best[s.unit],
                     s.value);
            note(ai, &it);
            continue;
        }
        /* A weak shot is not worth the move it costs (a unit that fires has acted). */
        double ahead = vl_v2_dot(vl_v2_sub(ai->slot[s.unit], ucentre(w, s.unit)), vl_facing_forward(ai->slot_facing[s.unit]));
        double move_worth = 0.018 * fmin(fmax(ahead, 0), 10) + (vl_ai_room_behind(w, s.unit) < 10 ? 0.08 : 0);
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
            note(ai, &it);
            continue;
        }
        if (hits >= 3 && rally > 1.3 * s.value + 0.03) {
            it.kind = VL_CMD_END_PHASE;
            it.score = rally;
            snprintf(it.reason, sizeof it.reason, "holds its fire to rally (%d HITs)", hits);
            note(ai, &it);
            continue;
        }
        /* The target the rules make it fire at may have changed with earlier fire. */
        int blocked;
        int t = vl_fire_target(w, s.unit, &blocked, NULL);
        if (t < 0)
            continue;
        VlCommand c = blank(VL_CMD_FIRE, s.unit);
        it.target = t;
        it.score = s.value;
        it.expected_hits = s.ndice * (7 - s.need) / 6.0;
        it.chance = s.test;
        fire_reason(it.reason, sizeof it.reason, ai, t, s.ndice, s.need, it.expected_hits, s.test);
        int h0 = w->units[t].hits;
        if (send(ai, &c, &it))
            ai->phase_hits[t] += W(ai)->units[t].hits - h0;
        if (ai->failed)
            break;
    }
    free(shots);
    free(charge_best);
}

static void rally_phase(Ai *ai)
{
    const VlWorld *w = W(ai);
    for (int u = 0; u < ai->n && !ai->failed; u++) {
        w = W(ai);
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side)
            continue;
        const VlUnitState *st = &w->units[u];
        if (st->acted || (st->hits == 0 && !st->routed))
            continue;
        VlCommand c = blank(VL_CMD_RALLY, u);
        /* A router that rallies faces the nearest enemy, so it does not show its back. */
        int near = -1;
        double best = INFINITY;
        for (int e = 0; e < ai->n; e++)
            if (fighter(w, e) && vl_world_enemies(w, u, e) && udist(w, u, e) < best) {
                best = udist(w, u, e);
                near = e;
            }
        if (st->routed && near >= 0)
            c.facing = bearing(ucentre(w, u), ucentre(w, near));
        if (!vl_game_check(ai->g, &c, NULL))
            continue;
        VlAiIntent it = intent(ai, c.kind, u, -1);
        it.chance = vl_ai_p_pass(vl_ai_morale_level(w, u), vl_ai_standard_mod(ai, u, 0));
        it.score = it.chance * (st->routed ? 0.7 : 0) + it.chance * (st->hits < 2 ? st->hits : 2) * vl_ai_hit_value(w, u);
        snprintf(it.reason, sizeof it.reason, "rally: %d HITs%s, passes %.0f%% of the time", st->hits,
                 st->routed ? " and routed" : "", 100 * it.chance);
        send(ai, &c, &it);
    }
}

static double enemy_gap(const VlWorld *w, int side, int u, int *nearest)
{
    double best = INFINITY;
    if (nearest)
        *nearest = -1;
    for (int e = 0; e < w->nunits; e++) {
        if (!fighter(w, e) || vl_world_side(w, e) == side || w->units[e].routed)
            continue;
        double d = udist(w, u, e);
        if (d < best) {
            best = d;
            if (nearest)
                *nearest = e;
        }
    }
    return best;
}

/* How far u marches in a turn over open ground as it stands (GOR-MOVE-1). */
static double march(const VlWorld *w, int u)
{
    return vl_move_allowance(w, utype(w, u), uform(w, u), w->units[u].mounted, VL_GROUND_OPEN, 0).max;
}

/* Can u still double one move (GOR-MOVE-4): mounted cavalry that has not galloped, or infantry in
 * command that has not gone at double time? */
static bool may_double(const VlWorld *w, int u)
{
    const VlUnitState *st = &w->units[u];
    if (mounted_cav(w, u))
        return !st->gallop_used;
    return utype(w, u) == VL_INFANTRY && !st->double_time_used && vl_world_in_command(w, u, NULL);
}

/* Moves of allowance @p a (less a margin) to cover @p gap inches, one of them doubled if @p dbl. */
static double moves_for(double gap, double a, bool dbl)
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
static double turns_needed(const VlWorld *w, int u, const VlObjective *o)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double gap = vl_footprint_distance_to_convex(&fu->fp, &o->position, 1) - o->radius;
    if (gap <= 0)
        return 0;
    VlUnitType type = utype(w, u);
    VlFormation form = uform(w, u);
    if (type == VL_ARTILLERY && form == VL_FORM_UNLIMBERED)
        return 1 + moves_for(gap, vl_move_allowance(w, VL_ARTILLERY, VL_FORM_LIMBERED, false, VL_GROUND_OPEN, 0).max, false);
    bool dbl = may_double(w, u);
    double a = march(w, u);
    if (form == VL_FORM_COLUMN || form == VL_FORM_LIMBERED || type == VL_GENERAL)
        return moves_for(gap, a, dbl);
    bool cav = type == VL_CAVALRY;
    double col = 1 + moves_for(gap, vl_move_allowance(w, type, VL_FORM_COLUMN, cav, VL_GROUND_OPEN, 0).max, dbl);
    if (form == VL_FORM_SQUARE)
        return fmin(col, 1 + moves_for(gap, vl_move_allowance(w, type, VL_FORM_LINE, false, VL_GROUND_OPEN, 0).max, dbl));
    double width = vl_v2_dist(fu->fp.box.p[0], fu->fp.box.p[1]);
    double turn = fabs(turn_to(fu->pose.facing, bearing(centre_of(&fu->fp), o->position)));
    double wheel = turn <= 90 ? turn * PI / 180 * width : 0.5 * a + (180 - turn) * PI / 180 * width;
    return fmin(col, moves_for(gap + wheel, a, dbl));
}

/* Does u count for @p side on objective @p o, as vl_game_points judges it (a unit of the side, not
 * routed, within the radius)? */
static bool stands_on(const VlWorld *w, int side, const VlObjective *o, int u)
{
    return fighter(w, u) && vl_world_side(w, u) == side && !w->units[u].routed && on_objective(&vl_world_unit(w, u)->fp, o);
}

/* Who holds an objective: as vl_game_points judges it. */
static bool holds_but(const VlWorld *w, int side, const VlObjective *o, int except)
{
    for (int u = 0; u < w->nunits; u++)
        if (u != except && stands_on(w, side, o, u))
            return true;
    return false;
}

static bool holds(const VlWorld *w, int side, const VlObjective *o) { return holds_but(w, side, o, -1); }

/* The chance that u, standing on an objective, is still there after its side's retreat phase: with
 * 5 HITs or more it tests there and, failing, goes 10 in back (GOR-RETR-1). */
static double p_stays(const VlWorld *w, int u)
{
    int h = w->units[u].hits;
    return h < 5 ? 1 : vl_ai_p_pass(vl_ai_morale_level(w, u), -h / 2);
}

/* The chance that none of @p side's units on objective @p o, but @p except (-1: none), is still
 * there after its retreat phase, each by p_stays. */
static double p_none_stays(const VlWorld *w, int side, const VlObjective *o, int except)
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
    return 1 - p_none_stays(w, side, o, except) - (holds(w, 1 - side, o) ? 1 : 0);
}

/* Near the end of the game: what moving u this turn could add to the objectives as they would
 * stand at the end (in points, weighted by ai->endgame): reaching the radius of one the enemy holds
 * alone denies it, of one nobody holds takes it. A unit that fires or charges has acted and cannot
 * move (one action a turn, GOR-TURN-3), so this is what firing or charging gives up. */
static double objective_move_worth(Ai *ai, int u)
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
        double now = standing(w, ai->side, o, -1), then = holds(w, 1 - ai->side, o) ? 0 : 1;
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
    return on_objective(&fp, o);
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
static double charge_objective_worth(const Ai *ai, const ChargeEval *e)
{
    const VlWorld *w = W(ai);
    int u = e->unit, t = e->target;
    if (ai->turns_left > 1 || !fighter(w, u) || w->units[u].routed)
        return 0;
    double weight = ai->turns_left == 0 ? 1.0 : 0.25;
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
        bool ours = holds_but(w, ai->side, o, u), foes = holds_but(w, 1 - ai->side, o, t);
        bool t_on = fighter(w, t) && !w->units[t].routed && on_objective(&vl_world_unit(w, t)->fp, o);
        bool t_stays = t_on && pose_on(w, t, t_back, ft, o); /* pushed back, yet within it */
        int now = stand_of(ours || on_objective(&vl_world_unit(w, u)->fp, o), foes || t_on);
        d_half += o->points * (stand_of(ours || pose_on(w, u, e->half, fu, o), foes || t_on) - now);
        d_pushed += o->points * (stand_of(ours || pose_on(w, u, e->contact, fu, o), foes || t_stays) - now);
        d_held += o->points * (stand_of(ours || pose_on(w, u, u_back, fu, o), foes || t_on) - now);
    }
    double v = weight * ((1 - p_in) * d_half + p_pushed * d_pushed + p_held * d_held);
    if (!e->played)
        v += (1 - p_in) * vl_ai_result_change(ai, d_half) + p_pushed * vl_ai_result_change(ai, d_pushed) + p_held * vl_ai_result_change(ai, d_held);
    return v;
}

static int cmp_ranked(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->u - y->u;
}

/* Before the last four turns: the unit to send to objective @p o: not routed, not shaken, not
 * sent elsewhere, the nearest, foot before horse (horsemen are kept for charges if foot is at
 * hand); -1 when none can. */
static int pick_holder(Ai *ai, const VlObjective *o)
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
 * it stands there already. Measured from the middle, it comes out a little above turns_needed()
 * over open ground; pick_end_holder() takes the larger of it and reach_need(). */
static double ground_need(Ai *ai, int u, const VlObjective *o)
{
    const VlWorld *w = W(ai);
    VlVec2 c = ucentre(w, u);
    double d = vl_v2_dist(c, o->position);
    if (!ai->ground.cls || d <= o->radius || turns_needed(w, u, o) <= 0)
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
static int pick_end_holder(Ai *ai, const VlObjective *o, double miss, double *p)
{
    const VlWorld *w = W(ai);
    const VlScenario *s = w->scenario;
    int best = -1;
    double bgain = 0.02, bneed = INFINITY;
    int then = holds(w, 1 - ai->side, o) ? 0 : 1;
    for (int u = 0; u < ai->n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side || w->units[u].routed || ai->holder_of[u] >= 0 ||
            (utype(w, u) != VL_INFANTRY && utype(w, u) != VL_CAVALRY && !(utype(w, u) == VL_ARTILLERY && ai->turns_left <= 1)))
            continue;
        /* The straight-line count (a wheel at its worst) may overstate what the orders can do by
         * part of a move, never by more. */
        double need = turns_needed(w, u, o);
        if (!(need <= ai->turns_left + 1.5))
            continue;
        double stays = p_stays(w, u);
        double add = o->points * (then - standing(w, ai->side, o, u));
        double give_up = 0;
        for (int j = 0; j < s->nobjectives; j++) {
            const VlObjective *q = &s->objectives[j];
            if (q != o && on_objective(&vl_world_unit(w, u)->fp, q))
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
        double arrive = need <= 0 ? 1 : need <= fmax(1, ai->turns_left) ? 0.9 : need <= ai->turns_left + 1 ? 0.5 : 0.15;
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

static void build_groups(Ai *ai)
{
    const VlWorld *w = W(ai);
    const VlScenario *s = w->scenario;
    int n = ai->n;
    ai->ngroups = 0;
    for (int u = 0; u < n; u++)
        ai->group_of[u] = -1;
    /* Group the side's units by brigade (attachments included); independents alone. */
    for (int u = 0; u < n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side)
            continue;
        int gi = -1;
        for (int k = 0; k < ai->ngroups && gi < 0; k++)
            if (vl_world_same_brigade(w, u, ai->groups[k].units[0]))
                gi = k;
        if (gi < 0) {
            if (ai->ngroups == (int)(sizeof ai->groups / sizeof ai->groups[0]))
                continue;
            gi = ai->ngroups++;
            memset(&ai->groups[gi], 0, sizeof ai->groups[gi]);
            ai->groups[gi].general = vl_world_commander(w, u);
        }
        Group *gr = &ai->groups[gi];
        if (gr->n < 48) {
            gr->units[gr->n++] = u;
            ai->group_of[u] = gi;
        }
    }
    for (int k = 0; k < ai->ngroups; k++)
        if (ai->groups[k].general >= 0)
            ai->group_of[ai->groups[k].general] = k;
    for (int u = 0; u < n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side)
            continue;
        ai->shaken[u] = w->units[u].hits >= 3 && !w->units[u].routed;
    }
    /* Objectives: how much each is wanted. */
    int no = s->nobjectives;
    double want[64];
    int taken[64] = {0};
    int ours_best = -1; /* the most valuable objective the side alone holds */
    for (int i = 0; i < no && i < 64; i++) {
        const VlObjective *o = &s->objectives[i];
        bool ours = holds(w, ai->side, o), theirs = holds(w, 1 - ai->side, o);
        want[i] = o->points * (ours && !theirs ? 0.6 : theirs ? 1.5 : 1.2);
        if (ours && !theirs && (ours_best < 0 || o->points > s->objectives[ours_best].points))
            ours_best = i;
    }
    /* A holder for each objective within reach, the most valuable first: the regiment already on it,
     * else the nearest fresh one, never more than a third of the side. The brigades then make for
     * the objectives left, or for the enemy. */
    int fresh = 0, nhold = 0;
    for (int u = 0; u < n; u++) {
        ai->holder_of[u] = -1;
        ai->hold_p[u] = 0;
        fresh += fighter(w, u) && vl_world_side(w, u) == ai->side && !w->units[u].routed && !ai->shaken[u] &&
                 utype(w, u) != VL_ARTILLERY;
    }
    /* Small forces hold with up to half their regiments, larger ones with a third; in the last four
     * turns, whoever can get there: the objectives as they stand at the end decide the game. */
    bool last_turns = ai->turns_left <= 3;
    int max_hold = last_turns ? fresh + 2 : fresh <= 3 ? (fresh + 2) / 2 : fresh / 3;
    if (max_hold < 1)
        max_hold = 1;
    bool done[64] = {false};
    /* First those already standing on an objective (at the end of the game every holder is chosen
     * below, by the points it adds: pick_end_holder). */
    for (int i = 0; i < no && i < 64 && !last_turns; i++) {
        const VlObjective *o = &s->objectives[i];
        int best = -1;
        for (int u = 0; u < n; u++)
            if (fighter(w, u) && vl_world_side(w, u) == ai->side && !w->units[u].routed && ai->holder_of[u] < 0 &&
                utype(w, u) != VL_ARTILLERY &&
                on_objective(&vl_world_unit(w, u)->fp, o) &&
                (best < 0 || w->units[u].hits < w->units[best].hits))
                best = u;
        if (best >= 0) {
            ai->holder_of[best] = i;
            taken[i] += 2;
            done[i] = true;
            nhold++;
        }
    }
    for (int round = 0; round < no && round < 64; round++) {
        int i = -1;
        for (int k = 0; k < no && k < 64; k++)
            if (!done[k] && (i < 0 || s->objectives[k].points > s->objectives[i].points))
                i = k;
        if (i < 0 || nhold >= max_hold)
            break;
        done[i] = true;
        const VlObjective *o = &s->objectives[i];
        /* Held by the enemy: a brigade's goal to attack, not a walk; but at the end of the game a
         * unit within its radius denies the enemy its points (vl_game_points), so one goes there. */
        if (holds(w, 1 - ai->side, o) && !last_turns)
            continue;
        double miss = 1, p = 1;
        int best = last_turns ? pick_end_holder(ai, o, miss, &p) : pick_holder(ai, o);
        if (best < 0)
            continue;
        ai->holder_of[best] = i;
        ai->hold_p[best] = last_turns ? p : 0;
        taken[i] += 2;
        nhold++;
        /* In the last two turns, while those sent may well not get there (units in the way may yet
         * stop them, a retreat test send them back), one more goes, up to three, if it adds more
         * than it gives up; the guns too, if they can (they limber now and drive on next turn). */
        miss *= 1 - p;
        for (int more = 0; more < 2 && ai->turns_left <= 1 && miss > 0.2; more++) {
            int next = pick_end_holder(ai, o, miss, &p);
            if (next < 0)
                break;
            ai->holder_of[next] = i;
            ai->hold_p[next] = p;
            nhold++;
            miss *= 1 - p;
        }
    }
    /* Ahead on the points as they stand (vl_game_points), the side has its lead to lose: every
     * brigade gathers on the most valuable objective its side alone holds, facing the way it goes,
     * and leaves the enemy to come to it rather than closing on the nearest. */
    int keep = vl_game_points(ai->g, ai->side) > vl_game_points(ai->g, 1 - ai->side) ? ours_best : -1;
    for (int k = 0; k < ai->ngroups; k++) {
        Group *gr = &ai->groups[k];
        VlVec2 c = {0, 0};
        int m = 0;
        double dE = INFINITY;
        int nearE = -1;
        double fsum_x = 0, fsum_y = 0;
        /* The frame follows the regiments free to manoeuvre: not holding an objective, not shaken,
         * not guns (unless there is nothing else). */
        for (int pass = 0; pass < 2 && m == 0; pass++)
            for (int i = 0; i < gr->n; i++) {
                int u = gr->units[i];
                if (pass == 0 && (ai->shaken[u] || w->units[u].routed || ai->holder_of[u] >= 0 || utype(w, u) == VL_ARTILLERY))
                    continue;
                int e;
                double d = enemy_gap(w, ai->side, u, &e);
                if (d < dE) {
                    dE = d;
                    nearE = e;
                }
                VlVec2 f = vl_facing_forward(vl_world_unit(w, u)->pose.facing);
                fsum_x += f.x;
                fsum_y += f.y;
                c = vl_v2_add(c, ucentre(w, u));
                m++;
            }
        c = vl_v2_scale(c, 1.0 / (m ? m : 1));
        double cur_facing = bearing((VlVec2){0, 0}, (VlVec2){fsum_x, fsum_y});
        /* The goal: the most wanted objective for the distance, shared out among brigades. */
        int best = -1;
        bool objective = false;
        double bscore = 0;
        for (int i = 0; i < no && i < 64; i++) {
            double d = vl_v2_dist(c, s->objectives[i].position);
            double sc = want[i] / (1.0 + d / 20.0) / (1.0 + taken[i]);
            if (sc > bscore) {
                bscore = sc;
                best = i;
            }
        }
        if (keep >= 0) {
            best = keep;
            nearE = -1;
        }
        /* A badly hurt enemy close by: only close combat routs it (GOR-CC-4), and a rout is a point. */
        int prey = -1;
        for (int e = 0; e < n; e++)
            if (fighter(w, e) && vl_world_side(w, e) != ai->side && !w->units[e].routed && w->units[e].hits >= 4 &&
                vl_v2_dist(c, ucentre(w, e)) < 22 &&
                (prey < 0 || w->units[e].hits - 0.2 * vl_v2_dist(c, ucentre(w, e)) >
                                 w->units[prey].hits - 0.2 * vl_v2_dist(c, ucentre(w, prey))))
                prey = e;
        if (prey >= 0) {
            gr->goal = ucentre(w, prey);
            nearE = prey;
            dE = fmin(dE, vl_v2_dist(c, gr->goal));
            snprintf(gr->what, sizeof gr->what, "finish off %s (%d HITs)", uid(w, prey), w->units[prey].hits);
        } else if (best >= 0 && !(holds(w, ai->side, &s->objectives[best]) && !holds(w, 1 - ai->side, &s->objectives[best]) &&
                                  nearE >= 0 && dE < 14)) {
            taken[best]++;
            objective = true;
            gr->goal = s->objectives[best].position;
            snprintf(gr->what, sizeof gr->what, "%s %.60s (%d point%s)",
                     holds(w, ai->side, &s->objectives[best]) ? "hold" : "take", s->objectives[best].name,
                     s->objectives[best].points, s->objectives[best].points == 1 ? "" : "s");
        } else if (nearE >= 0) {
            /* No objective worth it: the nearest enemy brigade's middle. */
            VlVec2 ec = {0, 0};
            int me = 0;
            for (int e = 0; e < n; e++)
                if (fighter(w, e) && !w->units[e].routed && vl_world_enemies(w, gr->units[0], e) &&
                    (e == nearE || vl_world_same_brigade(w, e, nearE))) {
                    ec = vl_v2_add(ec, ucentre(w, e));
                    me++;
                }
            gr->goal = vl_v2_scale(ec, 1.0 / me);
            snprintf(gr->what, sizeof gr->what, "attack %s's brigade", uid(w, nearE));
        } else {
            gr->goal = c;
            snprintf(gr->what, sizeof gr->what, "hold");
        }
        /* Face the enemy once it is near, else the goal. */
        double to_goal = vl_v2_dist(c, gr->goal);
        gr->facing = to_goal > 1 ? bearing(c, gr->goal) : cur_facing;
        if (nearE >= 0 && dE < 30)
            gr->facing = bearing(c, ucentre(w, nearE));
        VlVec2 fwd = vl_facing_forward(gr->facing);
        double to_enemy = nearE >= 0 ? vl_v2_dist(c, ucentre(w, nearE)) : INFINITY;
        VlVec2 dir = to_goal > 1e-9 ? vl_v2_scale(vl_v2_sub(gr->goal, c), 1.0 / to_goal) : fwd;
        /* Is the nearest enemy squarely in the way to the goal? */
        bool in_way = nearE >= 0 && to_enemy < to_goal + 4 &&
                      vl_v2_dot(dir, vl_v2_scale(vl_v2_sub(ucentre(w, nearE), c), 1.0 / fmax(to_enemy, 1e-9))) > 0.7;
        double standoff = ai->posture->standoff >= 0 ? ai->posture->standoff : ai->L->standoff;
        if (ai->posture->hold) {
            gr->front = c;
        } else if (nearE >= 0 && dE < 20 && (!objective || in_way)) {
            /* Engaged: close to the stand-off distance, at most a move. */
            double step = dE - standoff;
            step = step < -4 ? -4 : step > 8 ? 8 : step;
            gr->front = vl_v2_mad(c, fwd, step);
        } else {
            double step = to_goal < 10 ? to_goal : 10;
            if (nearE >= 0 && standoff > 6 && dE - standoff < step)
                step = fmax(0, dE - standoff);
            gr->front = vl_v2_mad(c, dir, step);
            /* On the march, the frame follows the way round what lies across the straight line. */
            if (ai->ground.cls && step > 2 && vl_ai_ground_obstructed(&ai->ground, c, gr->goal)) {
                VlAiRoute r;
                if (vl_ai_route_build(&r, &ai->ground, gr->goal, 0, 10, 5, 3)) {
                    double straight = vl_ai_route_straight_cost(&ai->ground, c, gr->goal, 10, 5, 3);
                    double round = vl_ai_route_cost(&r, c);
                    if (isfinite(round) && (!isfinite(straight) || round < straight - fmax(3, 0.15 * straight)))
                        gr->front = vl_ai_route_waypoint(&r, &ai->ground, c, step);
                    vl_ai_route_free(&r);
                }
            }
        }
        /* Keep the frame on the table. */
        gr->front = keep_on_table(w, gr->front, 4);
    }
}

/* Places in the frame: two lines of regiments, guns on the flanks, the shaken behind, the commander
 * between the lines, where 8 in reaches both. Nobody stands within 5 in directly behind a regiment
 * of the first line: there it would give rear support (GOR-SUPP-1), but be pushed back with it, with
 * 1 HIT, each time it falls back (GOR-FOLLOW-1), which under fire is far more often; a commander is
 * carried along, off the table if it comes to that. (Distances from the front face, inches.) */
#define SECOND_LINE 11.2

#define COMMANDER_BACK 7.9

/* The least distance from a table edge to the middle of a shaken unit's place (inches). */
#define SLOT_MARGIN 4.0

static void assign_slots(Ai *ai)
{
    const VlWorld *w = W(ai);
    for (int k = 0; k < ai->ngroups; k++) {
        Group *gr = &ai->groups[k];
        VlVec2 fwd = vl_facing_forward(gr->facing), right = vl_facing_right(gr->facing);
        Ranked line[48], guns[48], hurt[48];
        int nl = 0, ng = 0, nh = 0;
        for (int i = 0; i < gr->n; i++) {
            int u = gr->units[i];
            VlVec2 rel = vl_v2_sub(ucentre(w, u), gr->front);
            if (ai->holder_of[u] >= 0) {
                /* On its objective: stay there facing the nearest enemy; else make for it. */
                const VlObjective *o = &w->scenario->objectives[ai->holder_of[u]];
                bool on = on_objective(&vl_world_unit(w, u)->fp, o);
                int ne;
                enemy_gap(w, ai->side, u, &ne);
                ai->slot[u] = on ? ucentre(w, u) : o->position;
                ai->slot_facing[u] = ne >= 0 ? bearing(on ? ucentre(w, u) : o->position, ucentre(w, ne)) : gr->facing;
                continue;
            }
            if (utype(w, u) == VL_ARTILLERY)
                guns[ng++] = (Ranked){u, vl_v2_dot(rel, right)};
            else if (ai->shaken[u] || w->units[u].routed)
                hurt[nh++] = (Ranked){u, vl_v2_dot(rel, right)};
            else
                line[nl++] = (Ranked){u, -vl_v2_dot(rel, fwd)}; /* most forward first */
        }
        qsort(line, (size_t)nl, sizeof line[0], cmp_ranked);
        int nfront = (nl + 1) / 2;
        if (nl <= 2)
            nfront = nl;
        double spacing = 8.4;
        /* Front line, then second line, each from left to right. */
        for (int row = 0; row < 2; row++) {
            int lo = row ? nfront : 0, hi = row ? nl : nfront;
            Ranked r[48];
            int m = 0;
            for (int i = lo; i < hi; i++)
                r[m++] = (Ranked){line[i].u, vl_v2_dot(vl_v2_sub(ucentre(w, line[i].u), gr->front), right)};
            qsort(r, (size_t)m, sizeof r[0], cmp_ranked);
            for (int i = 0; i < m; i++) {
                /* The second line lies behind the middle regiments of the first. A brigade spread
                 * wider than its frame closes up a third of the way each turn. */
                double x = (i - (m - 1) / 2.0) * spacing;
                if (fabs(r[i].key) > fabs(x) + 4 && (r[i].key > 0) == (x >= 0))
                    x += (r[i].key - x) * 0.67;
                VlVec2 p = vl_v2_mad(gr->front, right, x);
                p = vl_v2_mad(p, fwd, row ? -SECOND_LINE : -1.0);
                ai->slot[r[i].u] = p;
                ai->slot_facing[r[i].u] = gr->facing;
            }
        }
        qsort(guns, (size_t)ng, sizeof guns[0], cmp_ranked);
        double half = (nfront > 0 ? nfront : 1) * spacing / 2;
        for (int i = 0; i < ng; i++) {
            double x = (i % 2 ? -1 : 1) * (half + 3.0 + 3.5 * (i / 2));
            ai->slot[guns[i].u] = vl_v2_mad(vl_v2_mad(gr->front, right, x), fwd, -2.5);
            ai->slot_facing[guns[i].u] = gr->facing;
        }
        qsort(hurt, (size_t)nh, sizeof hurt[0], cmp_ranked);
        for (int i = 0; i < nh; i++) {
            /* 14 in behind the front can lie beyond the table edge when the brigade stands
             * near its own edge: the hurt unit would march up to the edge and stand against it,
             * where its first failed retreat test takes it off the table (GOR-RETR-1). Its place
             * keeps its middle SLOT_MARGIN inside the table. (Only the shaken's places: keeping
             * the second line's and the guns' on the table too cost hard about 9 points against
             * easy on the brigade action, docs/ai-results.md.) */
            VlVec2 p = vl_v2_mad(vl_v2_mad(gr->front, right, (i - (nh - 1) / 2.0) * spacing), fwd, -14);
            ai->slot[hurt[i].u] = keep_on_table(w, p, SLOT_MARGIN);
            ai->slot_facing[hurt[i].u] = gr->facing;
        }
        if (gr->general >= 0) {
            ai->slot[gr->general] = vl_v2_mad(gr->front, fwd, -COMMANDER_BACK);
            ai->slot_facing[gr->general] = gr->facing;
        }
    }
}

static void record_goals(Ai *ai)
{
    VlAiPlan *p = ai->plan;
    if (!p)
        return;
    p->ngoals = 0;
    for (int k = 0; k < ai->ngroups && p->ngoals < VL_AI_MAX_GOALS; k++) {
        const Group *gr = &ai->groups[k];
        VlAiGoal *gl = &p->goals[p->ngoals++];
        gl->general = gr->general;
        gl->lead = gr->units[0];
        gl->point = gr->goal;
        gl->front = gr->front;
        gl->facing = gr->facing;
        snprintf(gl->what, sizeof gl->what, "%s", gr->what);
    }
}

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
static bool guns_see(const VlWorld *w, int e, int u)
{
    VlSight s;
    vl_game_artillery_sight(w, e, u, &s);
    return s.clear;
}

static bool guns_lay_on(const VlWorld *w, int e, int u) { return guns_bear_on(w, e, u) && guns_see(w, e, u); }

/* The best shot u would have next turn: HITs expected times their worth. */
static double shot_value(const VlWorld *w, int u, int *target)
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
static double incoming_hits(const VlWorld *w, int u)
{
    double hits = 0;
    for (int e = 0; e < w->nunits; e++) {
        if (!can_shoot(w, e) || !vl_world_enemies(w, u, e))
            continue;
        if (utype(w, e) == VL_ARTILLERY) {
            if (guns_lay_on(w, e, u))
                hits += 0.7 * vl_ai_est_hits(w, e, u); /* it may choose another target */
        } else {
            if (udist(w, e, u) > 24)
                continue;
            int blocked;
            if (vl_fire_target(w, e, &blocked, NULL) == u)
                hits += vl_ai_est_hits(w, e, u);
        }
    }
    return hits;
}

/* What fire of @p hits HITs expected on u costs, the count taken as Poisson: the HITs, and the
 * morale test each count forces (the first time fired on, or 2 HITs in the phase, GOR-FIRE-5) with
 * the fall-back it may bring, at the modifier that many HITs leave (GOR-MOR-2); a heavy volley is
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
        bool test = !w->units[u].fired_on || k >= 2;
        int mod = -(w->units[u].hits + k) / 2 - nthreat;
        if (b < 0)
            sum += p * (k * hv + (test ? vl_ai_test_loss(w, u, mod, 2, 0) : 0));
        else if (test)
            sum += p * vl_ai_follow_loss(w, u, mod, b, 2, 0);
    }
    return sum;
}

static double incoming_cost(const VlWorld *w, int u, double hits, int nthreat) { return fire_cost(w, u, hits, nthreat, -1); }

/* Is some enemy that could charge next turn within reach of u? */
static bool charge_danger(const VlWorld *w, int u, double reach)
{
    for (int e = 0; e < w->nunits; e++)
        if (charger_kind(w, e) && vl_world_enemies(w, u, e) && udist(w, u, e) <= reach)
            return true;
    return false;
}

static void add_move(Mover *mv, int u, const VlStep *steps, int nsteps)
{
    if (mv->ncands >= mv->cap)
        return;
    /* Doubling is for going far: a change of formation, a pivot or a fall back gains nothing by it. */
    for (int i = 0; mv->doubled && i < nsteps; i++)
        if (steps[i].kind == VL_STEP_FORM || steps[i].kind == VL_STEP_PIVOT || steps[i].kind == VL_STEP_BACK)
            return;
    Cand *cd = &mv->cands[mv->ncands];
    memset(cd, 0, sizeof *cd);
    cd->c = blank(VL_CMD_MOVE, u);
    cd->c.move.nsteps = nsteps;
    for (int i = 0; i < nsteps; i++)
        cd->c.move.steps[i] = steps[i];
    if (mv->doubled) {
        const VlWorld *w = W(mv->ai);
        cd->c.move.gallop = mounted_cav(w, u);
        cd->c.move.double_time = utype(w, u) == VL_INFANTRY;
    }
    mv->ncands++;
}

static VlStep step(VlStepKind kind, double amount, VlPivot pivot)
{
    VlStep s;
    memset(&s, 0, sizeof s);
    s.kind = kind;
    s.amount = amount;
    s.pivot = pivot;
    s.keep_base = -1;
    s.facing = NAN;
    return s;
}

static VlStep form_step(VlFormation f, bool mounted, double facing)
{
    VlStep s = step(VL_STEP_FORM, 0, VL_PIVOT_LEFT);
    s.formation = f;
    s.mounted = mounted;
    s.facing = facing;
    return s;
}

/* Column orders (GOR-MOVE-2: a column turns freely): straight on for @p lead inches first if
 * @p lead > 0, then a turn to each of @p heads (its place, the way its place faces, the nearest
 * enemy) and on, the whole of @p d (@p d0 towards its place) and half of it. */
static void turn_and_go(Mover *mv, int u, double lead, double d0, double d, const double heads[3])
{
    double facing = vl_world_unit(W(mv->ai), u)->pose.facing;
    VlStep s[3];
    int n = 0;
    if (lead > 0)
        s[n++] = step(VL_STEP_ADVANCE, lead, VL_PIVOT_LEFT);
    for (int k = 0; k < 3; k++) {
        double dist = k == 0 ? d0 : d;
        s[n] = step(VL_STEP_TURN, turn_to(facing, heads[k]), VL_PIVOT_LEFT);
        for (int f = 0; f < 2; f++) {
            s[n + 1] = step(VL_STEP_ADVANCE, f ? dist * 0.5 : dist, VL_PIVOT_LEFT);
            add_move(mv, u, s, n + 2);
        }
    }
}

/* The bearing from c to the enemy battery that would do u the most harm where it stands (the HITs
 * it expects there), if any battery could fire on it: a unit holding ground under guns may do
 * better to face them than the nearest enemy (no enfilade from the front, GOR-ART-4). */
static bool gun_bearing(const VlWorld *w, int u, VlVec2 c, double *brg)
{
    double most = 0.05;
    bool found = false;
    for (int e = 0; e < w->nunits; e++) {
        if (!guns_lay_on(w, e, u))
            continue;
        double h = vl_ai_est_hits(w, e, u);
        if (h > most) {
            most = h;
            *brg = bearing(c, ucentre(w, e));
            found = true;
        }
    }
    return found;
}

/* Commander u's orders that end in contact with a unit of his brigade that needs him (STEADY_HITS
 * or more, the two most hurt within his move @p A): against either flank, level with its rear, or
 * behind its middle, facing its way. Placed exactly: touching is contact (GOR-MOR-2), overlapping a
 * friend is not allowed, and a commander turns freely (D-MOVE-5). */
static void steadying_moves(Mover *mv, int u, const Group *gr, double A)
{
    const VlWorld *w = W(mv->ai);
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double gw = vl_v2_dist(fu->fp.box.p[0], fu->fp.box.p[1]), gd = vl_v2_dist(fu->fp.box.p[1], fu->fp.box.p[2]);
    int first = -1;
    for (int pick = 0; pick < 2; pick++) {
        int m = -1;
        for (int i = 0; gr && i < gr->n; i++) {
            int k = gr->units[i];
            if (k == first || !fighter(w, k) || w->units[k].hits < STEADY_HITS || uform(w, k) == VL_FORM_SQUARE ||
                udist(w, u, k) > A)
                continue;
            if (m < 0 || w->units[k].hits > w->units[m].hits)
                m = k;
        }
        if (m < 0)
            return;
        first = m;
        const VlFieldUnit *mu = vl_world_unit(w, m);
        const VlQuad *b = &mu->fp.box;
        VlVec2 aims[3] = {
            vl_v2_mad(vl_v2_mad(b->p[2], mu->fp.right, gw / 2), mu->fp.fwd, gd), /* right flank */
            vl_v2_mad(vl_v2_mad(b->p[3], mu->fp.right, -gw / 2), mu->fp.fwd, gd), /* left flank */
            vl_v2_lerp(b->p[2], b->p[3], 0.5),                                    /* behind */
        };
        for (int k = 0; k < 3; k++) {
            /* Behind a skirmish line's middle is the gap between its bases: behind its first base. */
            if (k == 2 && mu->formation == VL_FORM_SKIRMISH)
                aims[2] = vl_v2_lerp(mu->fp.bases[0].p[2], mu->fp.bases[0].p[3], 0.5);
            double dd = vl_v2_dist(fu->pose.anchor, aims[k]);
            if (dd > A - 0.05)
                continue;
            VlStep s[3];
            int n = 0;
            double head = fu->pose.facing;
            if (dd > 1e-6) {
                head = bearing(fu->pose.anchor, aims[k]);
                s[n++] = step(VL_STEP_TURN, turn_to(fu->pose.facing, head), VL_PIVOT_LEFT);
                s[n++] = step(VL_STEP_ADVANCE, dd, VL_PIVOT_LEFT);
            }
            if (fabs(turn_to(head, mu->pose.facing)) > 1e-9)
                s[n++] = step(VL_STEP_TURN, turn_to(head, mu->pose.facing), VL_PIVOT_LEFT);
            if (n > 0)
                add_move(mv, u, s, n);
        }
    }
}

/* The candidate orders for one unit: towards its place, to face the enemy, back, re-forming. */
static void gen_moves(Mover *mv, int u)
{
    Ai *ai = mv->ai;
    const VlWorld *w = W(ai);
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlUnitType type = utype(w, u);
    VlFormation form = fu->formation;
    bool mounted = w->units[u].mounted;
    VlAllowance al = vl_move_allowance(w, type, form, mounted, VL_GROUND_OPEN, 0);
    double A = mv->doubled ? 2 * al.max : al.max; /* galloping or double time: twice as far (GOR-MOVE-4) */
    VlVec2 c = ucentre(w, u), slot = mv->aimed ? mv->aim : mv->routed ? mv->waypoint : ai->slot[u];
    double to_slot = vl_v2_dist(c, slot);
    double brg = bearing(c, slot), sf = ai->slot_facing[u];
    int ne;
    double dE = enemy_gap(w, ai->side, u, &ne);
    double ebrg = ne >= 0 ? bearing(c, ucentre(w, ne)) : sf;
    bool column_like = form == VL_FORM_COLUMN || form == VL_FORM_LIMBERED || type == VL_GENERAL;
    /* The guns' way, when it is neither the nearest enemy's nor its place's (those are tried anyway). */
    double gbrg = 0;
    bool face_guns = type != VL_GENERAL && type != VL_ARTILLERY && gun_bearing(w, u, c, &gbrg) &&
                     fabs(turn_to(gbrg, ebrg)) > 15 && fabs(turn_to(gbrg, sf)) > 15;
    VlStep s[4];
    if (type == VL_GENERAL) {
        /* Its place, or beside or behind it (out of a regiment's way). */
        static const double SPOT[5][2] = {{0, 0}, {3, 0}, {-3, 0}, {7, -4}, {-7, -4}};
        for (int k = 0; k < 5; k++) {
            VlVec2 aim = vl_v2_mad(vl_v2_mad(slot, vl_facing_right(sf), SPOT[k][0]), vl_facing_forward(sf), SPOT[k][1]);
            double dd = vl_v2_dist(fu->pose.anchor, aim);
            s[0] = step(VL_STEP_TURN, turn_to(fu->pose.facing, bearing(fu->pose.anchor, aim)), VL_PIVOT_LEFT);
            s[1] = step(VL_STEP_ADVANCE, dd < A ? dd : A - 0.05, VL_PIVOT_LEFT);
            add_move(mv, u, s, 2);
        }
        const Group *gr = ai->group_of[u] >= 0 ? &ai->groups[ai->group_of[u]] : NULL;
        steadying_moves(mv, u, gr, A);
        /* Beside the flank of each of his first regiments, level with its rear: in command of it,
         * and out of the way of its falling back, which would carry him along (GOR-FOLLOW-1). */
        for (int i = 0, done = 0; gr && i < gr->n && done < 2; i++) {
            int m = gr->units[i];
            if (!fighter(w, m) || w->units[m].routed || utype(w, m) == VL_ARTILLERY)
                continue;
            done++;
            const VlFootprint *mf = &vl_world_unit(w, m)->fp;
            for (int side = 0; side < 2; side++) {
                VlVec2 end = side ? mf->box.p[2] : mf->box.p[3];
                VlVec2 aim = vl_v2_mad(end, mf->right, side ? 2.0 : -2.0);
                double dd = vl_v2_dist(fu->pose.anchor, aim);
                s[0] = step(VL_STEP_TURN, turn_to(fu->pose.facing, bearing(fu->pose.anchor, aim)), VL_PIVOT_LEFT);
                s[1] = step(VL_STEP_ADVANCE, dd < A ? dd : A - 0.05, VL_PIVOT_LEFT);
                add_move(mv, u, s, 2);
            }
        }
        return;
    }
    if (type == VL_ARTILLERY) {
        if (form == VL_FORM_UNLIMBERED) {
            double rng = fu->weapon == VL_SMOOTHBORE ? 40 : 60;
            if (ne >= 0 && dE <= rng) {
                for (int k = 0; k < 2; k++) {
                    double d = turn_to(fu->pose.facing, k ? sf : ebrg);
                    if (fabs(d) > 5) {
                        s[0] = step(VL_STEP_PIVOT, d, VL_PIVOT_CENTRE);
                        add_move(mv, u, s, 1);
                    }
                }
            }
            s[0] = form_step(VL_FORM_LIMBERED, false, bearing(c, slot));
            add_move(mv, u, s, 1);
            return;
        }
        /* Limbered: unlimber facing the enemy, or drive towards its place. */
        if (ne >= 0) {
            s[0] = form_step(VL_FORM_UNLIMBERED, false, ebrg);
            add_move(mv, u, s, 1);
            s[0] = form_step(VL_FORM_UNLIMBERED, false, sf);
            add_move(mv, u, s, 1);
        }
    }
    if (column_like) {
        /* Straight on first: a column just come on at the table edge cannot turn (its tail would
         * swing off the table). */
        s[0] = step(VL_STEP_ADVANCE, A - 0.05, VL_PIVOT_LEFT);
        add_move(mv, u, s, 1);
        const double col_heads[3] = {brg, sf, ebrg};
        turn_and_go(mv, u, 0, fmin(to_slot, A), A, col_heads);
        /* On a way round: to the waypoint, then on towards the place with what is left (a column
         * turns freely, GOR-MOVE-2). */
        if (mv->routed && !mv->aimed) {
            double leg = vl_v2_dist(c, mv->waypoint), rest = A - 0.05 - leg;
            if (leg > 1 && rest > 1) {
                s[0] = step(VL_STEP_TURN, turn_to(fu->pose.facing, brg), VL_PIVOT_LEFT);
                s[1] = step(VL_STEP_ADVANCE, leg, VL_PIVOT_LEFT);
                s[2] = step(VL_STEP_TURN, turn_to(brg, bearing(mv->waypoint, ai->slot[u])), VL_PIVOT_LEFT);
                s[3] = step(VL_STEP_ADVANCE, fmin(rest, vl_v2_dist(mv->waypoint, ai->slot[u])), VL_PIVOT_LEFT);
                add_move(mv, u, s, 4);
            }
        }
        /* Its way lies behind it and a table edge lies ahead nearer than its length. A column
         * turns about its head, so one that has marched up to a table edge, facing it, cannot
         * turn there: its tail would swing off the table. About turn first (half the allowance,
         * GOR-MOVE-3: the rear face becomes the front, where it stands), then turn towards its
         * place and go on with what is left. */
        double len = vl_v2_dist(fu->fp.box.p[0], fu->fp.box.p[3]);
        if (to_slot > 2 && fabs(turn_to(fu->pose.facing, brg)) > 90 && vl_ai_room_along(w, u, fu->fp.fwd) < len) {
            s[0] = step(VL_STEP_ABOUT, 0, VL_PIVOT_CENTRE);
            s[1] = step(VL_STEP_TURN, turn_to(fu->pose.facing + 180, brg), VL_PIVOT_LEFT);
            s[2] = step(VL_STEP_ADVANCE, fmin(0.5 * A - 0.05, to_slot), VL_PIVOT_LEFT);
            add_move(mv, u, s, 3);
        }
        if (type != VL_ARTILLERY) {
            s[0] = form_step(VL_FORM_LINE, mounted, sf);
            add_move(mv, u, s, 1);
            s[0] = form_step(VL_FORM_LINE, mounted, ebrg);
            add_move(mv, u, s, 1);
            if (face_guns) {
                s[0] = form_step(VL_FORM_LINE, mounted, gbrg);
                add_move(mv, u, s, 1);
            }
        }
        /* Within half an inch of a table edge (most often just come on there), it may not be able
         * to turn where it stands: its tail would swing off. So also straight on until the tail
         * clears the edge, then turn (GOR-MOVE-2: a column turns freely) and go on with what is
         * left, or half of it: towards its place, the way its place faces, or towards the nearest
         * enemy. */
        VlBox bb = vl_footprint_bounds(&fu->fp);
        double edge = fmin(fmin(bb.lo.x, bb.lo.y), fmin(vl_battlefield_width(w->bf) - bb.hi.x, vl_battlefield_height(w->bf) - bb.hi.y));
        double rest = A - 0.05 - len - 0.5;
        if (edge < 0.5 && rest > 0.5)
            turn_and_go(mv, u, len + 0.5, fmin(rest, fmax(0.5, to_slot - len)), rest, col_heads);
        return;
    }
    if (form == VL_FORM_SQUARE) {
        s[0] = form_step(VL_FORM_LINE, false, sf);
        add_move(mv, u, s, 1);
        s[0] = form_step(VL_FORM_LINE, false, ebrg);
        add_move(mv, u, s, 1);
        return;
    }
    /* Lines and skirmish lines: wheel towards the place (or the way to face), then advance. */
    double W = vl_v2_dist(fu->fp.box.p[0], fu->fp.box.p[1]);
    double per_deg = PI / 180.0 * W;
    /* A regiment sent to an objective also tries a third and two thirds of the wheel towards it:
     * less wheel leaves more of the move to go forward, and a unit in the way may be passed. */
    double toward = turn_to(fu->pose.facing, brg);
    double heads[7] = {to_slot > 2 ? brg : sf, sf, ebrg, fu->pose.facing, fu->pose.facing + toward / 3,
                       fu->pose.facing + 2 * toward / 3};
    int nheads = (ai->holder_of[u] >= 0 || mv->aimed) && to_slot > 2 && fabs(toward) > 15 ? 6 : 4;
    if (face_guns && fabs(turn_to(gbrg, fu->pose.facing)) > 5)
        heads[nheads++] = gbrg; /* to face the guns */
    for (int k = 0; k < nheads; k++) {
        double d = turn_to(fu->pose.facing, heads[k]);
        /* Beyond 90 degrees, a line goes back (fall back) or about-turns; wheel at most that. */
        if (fabs(d) > 100)
            continue;
        double maxd = (A - 0.05) / per_deg;
        if (fabs(d) > maxd)
            d = d > 0 ? maxd : -maxd;
        double left = A - fabs(d) * per_deg - 0.05;
        int n0 = 0;
        if (fabs(d) > 3)
            s[n0++] = step(VL_STEP_WHEEL, d, d > 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT);
        /* Straight on: as far as the place, or the whole allowance. */
        VlVec2 f = vl_facing_forward(fu->pose.facing + d);
        double along = vl_v2_dot(vl_v2_sub(slot, c), f);
        double opts[3] = {left, along, left * 0.5};
        for (int o = 0; o < 3; o++) {
            double a = opts[o];
            if (a > left)
                a = left;
            if (a < 0.3 && n0 == 0)
                continue;
            if (o > 0 && (a <= 0.3 || fabs(a - left) < 0.5))
                continue;
            s[n0] = step(VL_STEP_ADVANCE, a > 0 ? a : 0, VL_PIVOT_LEFT);
            add_move(mv, u, s, a > 0.3 ? n0 + 1 : n0);
        }
    }
    /* Its way lies behind it: about turn (half the allowance, GOR-MOVE-3), then wheel towards it
     * and go on with what is left. */
    double back_d = turn_to(fu->pose.facing, brg);
    if (to_slot > 2 && fabs(back_d) > 100) {
        double d = turn_to(fu->pose.facing + 180, brg);
        double half = 0.5 * A - 0.05;
        double maxd = half / per_deg;
        if (fabs(d) > maxd)
            d = d > 0 ? maxd : -maxd;
        int n0 = 0;
        s[n0++] = step(VL_STEP_ABOUT, 0, VL_PIVOT_CENTRE);
        if (fabs(d) > 3)
            s[n0++] = step(VL_STEP_WHEEL, d, d > 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT);
        double left = half - fabs(d) * per_deg - 0.05;
        if (left > 0.3)
            s[n0++] = step(VL_STEP_ADVANCE, fmin(left, to_slot), VL_PIVOT_LEFT);
        add_move(mv, u, s, n0);
    }
    /* Drift to close a gap or find cover (GOR-MOVE-3: 50 mm a turn). */
    double lat = vl_v2_dot(vl_v2_sub(slot, c), fu->fp.right);
    if (fabs(lat) > 0.5) {
        s[0] = step(VL_STEP_DRIFT, lat > 0 ? fmin(lat, 1.96) : fmax(lat, -1.96), VL_PIVOT_LEFT);
        s[1] = step(VL_STEP_ADVANCE, fmax(0, fmin(A - 2.1, vl_v2_dot(vl_v2_sub(slot, c), fu->fp.fwd))), VL_PIVOT_LEFT);
        add_move(mv, u, s, s[1].amount > 0.3 ? 2 : 1);
    }
    /* Fall back keeping the front to the enemy (GOR-MOVE-5): the way out for the hurt or outflanked. */
    if (dE < 20) {
        s[0] = step(VL_STEP_BACK, A - 0.05, VL_PIVOT_LEFT);
        add_move(mv, u, s, 1);
        s[0] = step(VL_STEP_BACK, (A - 0.05) / 2, VL_PIVOT_LEFT);
        add_move(mv, u, s, 1);
    }
    /* Re-form: column to march far (or to face a place that lies well off to the side: a column
     * turns freely, GOR-MOVE-2), square against cavalry, line from skirmish to charge. */
    if (type == VL_INFANTRY || type == VL_CAVALRY) {
        if ((dE > 28 && to_slot > 20) ||
            ((ai->holder_of[u] >= 0 || mv->routed || mv->aimed) && to_slot > 6 && fabs(turn_to(fu->pose.facing, brg)) > 45)) {
            s[0] = form_step(VL_FORM_COLUMN, type == VL_CAVALRY, brg); /* dismounted cavalry remounts */
            add_move(mv, u, s, 1);
        }
        if (form == VL_FORM_SKIRMISH && type == VL_INFANTRY && dE < 20) {
            s[0] = form_step(VL_FORM_LINE, false, ebrg);
            add_move(mv, u, s, 1);
        }
    }
}

/* Where a verdict leaves the unit, into its candidate. */
static void cand_take(Cand *cd, const VlMoveVerdict *v)
{
    cd->pose = v->final_pose;
    cd->formation = v->final_formation;
    cd->mounted = v->final_mounted;
    cd->passed_through = v->ninterpenetrated;
}

/* Check a candidate against the resolver; shorten a last advance that the ground makes too long.
 * Fills the pose it leads to. False when it is not a legal order. */
static bool settle(Mover *mv, Cand *cd)
{
    const VlWorld *w = W(mv->ai);
    VlMoveVerdict v;
    /* Cavalry in rough loses 1D6 in (GOR-MOVE-1): no longer than the best roll allows. The order
     * leaves the die to the game, which cuts a last straight step short on a worse roll (D-MOVE-7);
     * move_unit judges it over all six rolls. */
    VlMoveOrder o = cd->c.move;
    o.rough_die = 1;
    for (int tries = 0; tries < 3; tries++) {
        vl_resolve_move(w, &o, &v);
        if (v.legal)
            break;
        VlStep *last = &o.steps[o.nsteps - 1];
        double over = v.cost - v.allowance.max;
        if (!(over > 0) || (last->kind != VL_STEP_ADVANCE && last->kind != VL_STEP_BACK) || last->amount <= over + 0.3)
            break;
        last->amount -= over + 0.1;
    }
    cd->c.move = o;
    cd->c.move.rough_die = 0;
    for (int tries = 0; tries < 5; tries++) {
        vl_resolve_move(w, &cd->c.move, &v);
        if (v.legal || v.depends_on_die)
            break;
        VlStep *last = &cd->c.move.steps[cd->c.move.nsteps - 1];
        if (last->kind != VL_STEP_ADVANCE && last->kind != VL_STEP_BACK)
            return false;
        double over = v.cost - v.allowance.max;
        if (over > 0 && last->amount > over + 0.3) {
            last->amount -= over + 0.1;
            continue;
        }
        /* Something in the way (an enemy, a friend it would end on, the table edge): go as far as
         * the way allows, found by halving the interval (to 1/64 of the step). */
        double lo = 0, hi = last->amount;
        for (int k = 0; k < 6; k++) {
            last->amount = 0.5 * (lo + hi);
            vl_resolve_move(w, &cd->c.move, &v);
            if (v.legal || v.depends_on_die)
                lo = last->amount;
            else
                hi = last->amount;
        }
        if (lo < 0.3)
            return false;
        last->amount = lo;
        vl_resolve_move(w, &cd->c.move, &v);
        break;
    }
    cd->max_die = v.depends_on_die ? v.max_die : 6;
    if (!(v.legal || v.depends_on_die) || v.steps_done < cd->c.move.nsteps)
        return false;
    if (!mv->probe && !vl_game_check(mv->ai->g, &cd->c, NULL))
        return false;
    cand_take(cd, &v);
    return true;
}

/* How many of its movement phases u needs to stand within objective o's radius, judged by the
 * orders it could give this turn (those making for it, plainly and, if it may, galloping or at
 * double time: GOR-MOVE-4): the best of them, then turns_needed() from where it leaves the unit;
 * turns_needed() itself when one gets it there. Units in the way, which turns_needed() does not
 * see, show here: a unit hemmed in by friends and enemies needs a turn more than it has. */
static double reach_need(Ai *ai, int u, const VlObjective *o)
{
    const VlWorld *w = W(ai);
    double need = turns_needed(w, u, o);
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
        if (dbl && !may_double(w, u))
            continue;
        mv.ncands = 0;
        mv.doubled = dbl;
        gen_moves(&mv, u);
        for (int i = 0; i < mv.ncands; i++) {
            Cand *cd = &mv.cands[i];
            if (!settle(&mv, cd))
                continue;
            vl_battlefield_set_unit(pw->bf, u, cd->pose, cd->formation);
            pw->units[u].mounted = cd->mounted;
            pw->units[u].gallop_used |= cd->c.move.gallop;
            pw->units[u].double_time_used |= cd->c.move.double_time;
            double after = turns_needed(pw, u, o);
            vl_battlefield_set_unit(pw->bf, u, pose0, form0);
            pw->units[u] = keep;
            best = fmin(best, after <= 0 ? fmin(need, 1) : 1 + after);
        }
    }
    free(mv.cands);
    return *cached = best;
}

/* The charges the enemy could make at u next turn from where they stand (GOR-THREAT-1 judged by the
 * charge resolver, ignoring this turn's flags), valued by the same odds as our own charges with the
 * roles swapped: the worth the best of them would take from us, plus a share of the others.
 * *flanks receives how many flank or rear faces they can strike. */
static double charge_risk(Ai *ai, const VlWorld *w, int u, int *flanks)
{
    double best = 0, rest = 0;
    bool face_hit[4] = {false};
    const VlWorld *keep = ai->view;
    ai->view = w;
    for (int e = 0; e < w->nunits; e++) {
        if (!charger_kind(w, e) || !vl_world_enemies(w, u, e) || w->units[e].charged || udist(w, u, e) > 16.5)
            continue;
        VlChargeOrder o = {e, u, VL_RULES_GOR, true, VL_PRE_NONE, 0, 1, true};
        VlChargeVerdict v;
        vl_resolve_charge(w, &o, &v);
        if (!(v.legal || v.depends_on_die))
            continue;
        face_hit[v.face] = true;
        ChargeEval ce;
        charge_odds(ai, e, u, &v, &ce);
        double x = ce.value > 0 ? ce.value : 0;
        if (x > best) {
            rest += best;
            best = x;
        } else
            rest += x;
    }
    ai->view = keep;
    *flanks = face_hit[VL_FACE_LEFT] + face_hit[VL_FACE_RIGHT] + face_hit[VL_FACE_REAR];
    return best + 0.3 * rest;
}

/* What friend b directly behind f is expected to lose to f's retreat test, with the @p f_hits
 * HITs f is expected to draw added to those it has: at 5 or more it tests in every retreat phase
 * and, failing, falls back 10 in (GOR-RETR-1), guns too, and b goes with it (GOR-FOLLOW-1). */
static double retreat_follow(const VlWorld *w, int f, double f_hits, int nthreat, int b)
{
    int hits = w->units[f].hits + (int)floor(f_hits + 0.5);
    if (hits < 5)
        return 0;
    return vl_ai_follow_loss(w, f, -hits / 2 - nthreat, b, 0, w->options.retreat_distance);
}

/* What standing where it stands costs u and the friends in line with it through GOR-FOLLOW-1:
 * behind a friend within 5 in of its rear, u goes back with it (1 HIT, and off the table if there is
 * no room); in front of one, it drags that one back. Judged by the fire each front unit draws
 * (@p u_hits for u itself), plus a little for the other ways of being forced back. Two units so
 * placed tend to stay so (guns, and a regiment holding an objective, seldom move), and each turn
 * brings the enemy's fire and the retreat tests of a hurt front unit again, so the risk of one turn
 * is counted FOLLOW_TURNS times. (The tutorial, the Confederates against the random player, games
 * on seeds 5001..5200: their battery, standing behind the regiment that held the crossing, was
 * dragged off the table with it in 18 games counting one turn; in 12 counting three, with the
 * lead kept as build_groups() now keeps it.) */
#define FOLLOW_TURNS 3.0

static double follow_cost(const VlWorld *w, int u, double u_hits, int nthreat)
{
    double c = 0;
    int behind[8];
    int nb = utype(w, u) == VL_GENERAL ? 0 : vl_world_units_behind(w, u, behind, 8);
    for (int k = 0; k < nb; k++)
        if (fighter(w, behind[k]))
            c += 0.04 + fire_cost(w, u, u_hits, nthreat, behind[k]) + retreat_follow(w, u, u_hits, nthreat, behind[k]);
    for (int f = 0; f < w->nunits; f++) {
        if (f == u || !fighter(w, f) || vl_world_enemies(w, u, f) || w->units[f].routed || udist(w, u, f) > 5.5)
            continue;
        nb = vl_world_units_behind(w, f, behind, 8);
        for (int k = 0; k < nb; k++)
            if (behind[k] == u) {
                double f_hits = incoming_hits(w, f);
                c += 0.04 + fire_cost(w, f, f_hits, 0, u) + retreat_follow(w, f, f_hits, 0, u);
            }
    }
    return FOLLOW_TURNS * c;
}

/* What galloping or double time costs (GOR-MOVE-4): double time's 2 HITs after the move, with the
 * retreat tests they may bring; and either way, the once-a-game doubling spent before the last turn,
 * when it might still be wanted. */
static double doubling_cost(const Ai *ai, VlWorld *w, int u, const VlMoveOrder *o, int nthreat)
{
    if (!o->gallop && !o->double_time)
        return 0;
    double c = ai->turns_left > 0 ? 0.1 : 0;
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
    int h = w->units[m].hits;
    return vl_ai_retreat_loss(w, m, h, mod - h / 2) - (w->units[m].acted ? 0 : vl_ai_rally_worth(w, m, mod - h / 2, mod));
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
    double v = 0, brigade_hit = 0.1;
    *steadied = -1;
    for (int i = 0; gr && i < gr->n; i++)
        if (fighter(w, gr->units[i]))
            brigade_hit += vl_ai_hit_value(w, gr->units[i]);
    for (int i = 0; gr && i < gr->n; i++) {
        int m = gr->units[i];
        if (!fighter(w, m) || udist(w, g, m) > 0)
            continue;
        int nthreat = vl_ai_threatened(ai, m);
        double lam = incoming_hits(w, m);
        /* incoming_cost() takes a point off the modifier per threatened flank: one fewer is his +1. */
        double gain = turn_tests_loss(w, m, -nthreat) - turn_tests_loss(w, m, 1 - nthreat) +
                      incoming_cost(w, m, lam, nthreat) - incoming_cost(w, m, lam, nthreat - 1);
        double p_kill = vl_ai_p_commander_falls(lam);
        v += gain - p_kill * brigade_hit;
        if (w->units[m].hits >= STEADY_HITS) {
            v += 1.0 + 0.1 * w->units[m].hits;
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
        score -= 0.06 * fmin(vl_ai_route_cost(&mv->route, c), 3 * off + 10); /* the way round counts */
    else
        score -= 0.06 * fabs(ahead) + 0.03 * side;
    double turn = fabs(turn_to(fu->pose.facing, ai->slot_facing[u]));
    bool col = fu->formation == VL_FORM_COLUMN || fu->formation == VL_FORM_LIMBERED;
    if (!col && type != VL_GENERAL)
        score -= 0.15 * turn / 90;
    int ne;
    double dE = enemy_gap(w, ai->side, u, &ne);
    snprintf(why, wn, "%.1f in from its place", off);
    if (type == VL_GENERAL) {
        /* Keep the brigade in command (8 in, GOR-CMD-1), out of harm's way. His place in the frame
         * counts for less than a regiment's: only the command radius needs him near it. */
        score *= 0.4;
        int inc = 0, all = 0;
        if (gr)
            for (int i = 0; i < gr->n; i++) {
                int m = gr->units[i];
                if (!fighter(w, m) || w->units[m].routed)
                    continue;
                all++;
                inc += vl_world_in_command(w, m, NULL);
            }
        score += 0.12 * inc;
        if (dE < 10)
            score -= 0.3 * (10 - dE) / 10;
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
                score -= 0.6;
        }
        /* Nor where a regiment falling back would carry him off the table (GOR-FOLLOW-1). */
        score -= follow_cost(w, u, 0, 0);
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
    double mine = shot_value(w, u, &tgt);
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
    if (L->sees_threats && !last_word && charge_danger(w, u, 16.5)) {
        risk = charge_risk(ai, w, u, &nthreat);
        score -= risk * ai->posture->risk;
    }
    double in_hits = L->wary && !last_word ? incoming_hits(w, u) : 0;
    double theirs = incoming_cost(w, u, in_hits, nthreat);
    score += mine - theirs;
    if (!L->sees_threats && dE < 12)
        score -= 0.05; /* the easy commander only knows the enemy is close */
    /* Guns and columns do badly in close combat; shaken units keep away. */
    bool danger = !last_word && charge_danger(w, u, 16);
    if (type == VL_ARTILLERY && danger)
        score -= 0.35;
    if (col && danger)
        score -= 0.3;
    if (col && dE < 14 && !last_word)
        score -= 0.15;
    if (fu->formation == VL_FORM_SQUARE) {
        bool cav_near = false;
        for (int e = 0; e < w->nunits && !cav_near; e++)
            cav_near = mounted_cav(w, e) && charger_kind(w, e) && vl_world_enemies(w, u, e) && udist(w, u, e) < 18;
        score += cav_near ? 0.25 : -0.3;
    }
    if (ai->shaken[u] && danger)
        score -= 0.25 + 0.05 * w->units[u].hits;
    /* A unit with 4 HITs or more faces retreat tests (10 in back, GOR-RETR-1), and a charge lost sends
     * it a charge move back: near its own table edge that can be the end of it. */
    const VlUnitState *st0 = &w->units[u];
    double stand_risk = 0; /* both, for a step back below */
    if (L->wary) {
        double rr = vl_ai_retreat_risk(w, u, st0->hits + (int)floor(in_hits + 0.5), nthreat), fc = follow_cost(w, u, in_hits, nthreat);
        score -= rr;
        score -= fc;
        stand_risk = rr + fc;
    }
    if (L->wary && danger && type != VL_ARTILLERY && vl_ai_room_behind(w, u) < 16)
        score -= 0.1 * (16 - vl_ai_room_behind(w, u)) / 16;
    /* Support: in command (of the commander's place this turn) and with a friend behind. */
    if (gr && gr->general >= 0 && type != VL_ARTILLERY) {
        double dc = vl_footprint_distance_to_convex(&fu->fp, &ai->slot[gr->general], 1);
        if (dc > 7)
            score -= 0.02 * (dc - 7) + 0.08;
    }
    if (dE < 22 && type != VL_ARTILLERY) {
        int sup[4];
        if (vl_rear_supports(w, u, sup, 4, NULL) > 0)
            score += 0.06;
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
            VlChargeOrder o = {u, e, VL_RULES_GOR, true, VL_PRE_NONE, 0, 1, true};
            VlChargeVerdict v;
            vl_resolve_charge(w, &o, &v);
            if (!(v.legal || v.depends_on_die))
                continue;
            ChargeEval ce;
            charge_odds(ai, u, e, &v, &ce);
            if (ce.value > setup) {
                setup = ce.value;
                setup_t = e;
            }
        }
        ai->view = keep;
        score += 0.5 * setup;
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
            score += (ai->holder_of[u] == i ? 0.4 : 0.15) * o->points;
            if (ai->holder_of[u] == i)
                snprintf(why, wn, "on %s", o->name);
        }
        if (L->wary) {
            bool foes = holds(w, 1 - ai->side, o);
            /* Those on it count by their chance of staying there (p_stays), holders sent there
             * that have yet to move by their chance of getting there (pick_end_holder): a unit
             * need not go where another is on its way. */
            double none_stays = p_none_stays(w, ai->side, o, -1), p_none = none_stays;
            for (int v = 0; v < w->nunits && p_none > 0; v++)
                if (v != u && ai->holder_of[v] == i && ai->hold_p[v] > 0 && !W(ai)->units[v].acted)
                    p_none *= 1 - ai->hold_p[v];
            score += ai->endgame * o->points * (foes ? -p_none : 1 - p_none);
            if (ai->holder_of[u] == i && gap > 0) {
                /* From where this order leaves it: how much of the way is done, and whether the
                 * moves left after this one still get it there (guns must limber first). */
                double need = turns_needed(w, u, o);
                /* The way round what stands across the straight line, when there is one. */
                if (mv->routed && mv->route_obj == i)
                    need = fmax(need, moves_for(vl_ai_route_cost(&mv->route, c), march(w, u), may_double(w, u)));
                double done = fmax(0, 1 - need / (ai->turns_left + 1));
                double on_way = ai->endgame * o->points * 0.5 * (0.5 * done + (need <= ai->turns_left ? 0.5 : 0));
                /* The turn before the last, within a move of it: most of what standing there at the
                 * end would change (the enemy may yet be in the way): (foes ? 0 : 1) - standing(),
                 * which comes to the chance that none of ours on it stays. */
                if (ai->turns_left == 1 && need <= 1)
                    on_way = fmax(on_way, 0.6 * o->points * none_stays);
                score += on_way;
            }
        }
    }
    /* Staying leaves it free to rally (GOR-RALLY-1): a failed test costs nothing. */
    const VlUnitState *st = &w->units[u];
    if (cd->stay && st->hits >= 2 && !(type == VL_ARTILLERY && w->units[u].fired))
        score += vl_ai_rally_worth(w, u, -st->hits / 2 - nthreat, 0);
    /* Falling back and passing through friends mean morale tests; a failure is a HIT. */
    if (!cd->stay) {
        bool back = false;
        for (int i = 0; i < cd->c.move.nsteps; i++)
            back |= cd->c.move.steps[i].kind == VL_STEP_BACK;
        double pf = 1 - vl_ai_p_pass(vl_ai_morale_level(w, u), -st->hits / 2);
        if (back) {
            /* The HIT of a failed test may bring the retreat test on, with whoever stands behind. */
            int h = w->units[u].hits, r = (int)floor(in_hits + 0.5);
            w->units[u].hits = h + 1;
            double after = L->wary ? vl_ai_retreat_risk(w, u, h + 1 + r, nthreat) + follow_cost(w, u, in_hits, nthreat) : 0;
            w->units[u].hits = h;
            score -= pf * (hv + after - stand_risk);
        }
        score -= cd->passed_through * pf * hv * 2.2;
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

static double score_candidate(Mover *mv, int u, Cand *cd)
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
    if (mv->ai->L->noise > 0)
        s += uniform(mv->ai->rng, -mv->ai->L->noise, mv->ai->L->noise);
    return s;
}

/* A cavalry move in rough, judged over the six rolls of its die (GOR-MOVE-1): up to max_die the
 * whole move (cd->score), above it the move as the game would cut it short (D-MOVE-7), or no move
 * at all when it cannot be cut (stay_s). */
static double rolled_score(Mover *mv, int u, const Cand *cd, double stay_s)
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
        cand_take(&t, &v);
        sum += score_candidate(mv, u, &t);
    }
    return sum / 6;
}

/* Does an order already kept leave the unit as @p cd does (the same place, facing, formation and
 * die to roll)? Several ways of asking for a move often settle on the same one; each kept
 * candidate should be a different choice, or the level's budget is spent on copies. */
static bool same_as_kept(const Cand *kept, int n, const Cand *cd)
{
    for (int i = 0; i < n; i++)
        if (vl_v2_dist(kept[i].pose.anchor, cd->pose.anchor) < 0.05 &&
            fabs(turn_to(kept[i].pose.facing, cd->pose.facing)) < 0.5 && kept[i].formation == cd->formation &&
            kept[i].mounted == cd->mounted && kept[i].max_die == cd->max_die)
            return true;
    return false;
}

/* Generate orders that make for @p aim (galloping or at double time when @p doubled) and keep up to
 * @p most legal ones that lead somewhere no kept order does, after the @p keep kept. Returns the new
 * number kept. */
static int extra_orders(Mover *mv, int u, int keep, VlVec2 aim, bool doubled, int most)
{
    Cand *cs = mv->cands;
    mv->ncands = keep;
    mv->doubled = doubled;
    mv->aimed = true;
    mv->aim = aim;
    gen_moves(mv, u);
    mv->doubled = mv->aimed = false;
    for (int i = keep, extra = 0; i < mv->ncands && extra < most; i++)
        if (settle(mv, &cs[i]) && !same_as_kept(cs, keep, &cs[i])) {
            cs[keep++] = cs[i];
            extra++;
        }
    return keep;
}

/* The last movement phase: the objectives as they then stand decide the game (D-GAME-8), and the
 * way onto one may need a path the generated orders do not try (round a unit, wheel then wheel
 * back). Draw orders at random, one or two legs of a turn or wheel and an advance, half of them
 * heading roughly for the objective, plainly or doubled (GOR-MOVE-4), and keep up to EXTRA_CANDS
 * legal ones per objective that end within its radius, those that need no lucky die first (cavalry
 * in rough, GOR-MOVE-1). Only objectives not ours alone, within reach. Returns the new number kept. */
static int sampled_orders(Mover *mv, int u, int keep)
{
    Ai *ai = mv->ai;
    const VlWorld *w = W(ai);
    const VlScenario *sc = w->scenario;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlFormation form = fu->formation;
    if (utype(w, u) == VL_GENERAL || (utype(w, u) == VL_ARTILLERY && form == VL_FORM_UNLIMBERED) || form == VL_FORM_SQUARE)
        return keep;
    bool dbl_ok = may_double(w, u);
    double A = march(w, u);
    bool column_like = form == VL_FORM_COLUMN || form == VL_FORM_LIMBERED;
    for (int i = 0; i < sc->nobjectives; i++) {
        const VlObjective *o = &sc->objectives[i];
        double gap = vl_footprint_distance_to_convex(&fu->fp, &o->position, 1) - o->radius;
        if (gap <= 0 || gap > (dbl_ok ? 2 : 1) * A + 1 || (holds(w, ai->side, o) && !holds(w, 1 - ai->side, o)))
            continue;
        Cand found[EXTRA_CANDS];
        int nf = 0;
        for (int k = 0; k < ai->L->last_samples && keep < mv->cap; k++) {
            Cand cd;
            memset(&cd, 0, sizeof cd);
            cd.c = blank(VL_CMD_MOVE, u);
            cd.c.move.gallop = dbl_ok && mounted_cav(w, u) && vl_rng_below(ai->rng, 2);
            cd.c.move.double_time = dbl_ok && !mounted_cav(w, u) && vl_rng_below(ai->rng, 2);
            double reach = (cd.c.move.gallop || cd.c.move.double_time ? 2 : 1) * A;
            int legs = 1 + (int)vl_rng_below(ai->rng, 2), n = 0;
            double facing = fu->pose.facing;
            for (int l = 0; l < legs; l++) {
                double to = l == 0 && vl_rng_below(ai->rng, 2) ? bearing(ucentre(w, u), o->position) + uniform(ai->rng, -45, 45)
                                                                 : facing + uniform(ai->rng, -100, 100);
                /* A line wheels only part of the way: its outer end's arc is paid out of the move. */
                double d = turn_to(facing, to);
                if (column_like)
                    cd.c.move.steps[n++] = step(VL_STEP_TURN, d, VL_PIVOT_LEFT);
                else
                    cd.c.move.steps[n++] = step(VL_STEP_WHEEL, 0.6 * d, d > 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT);
                facing += column_like ? d : 0.6 * d;
                cd.c.move.steps[n++] = step(VL_STEP_ADVANCE, uniform(ai->rng, 0.5, reach), VL_PIVOT_LEFT);
            }
            cd.c.move.nsteps = n;
            /* As far as the legs' turns and wheels and whatever stands in the way allow. */
            if (!settle(mv, &cd))
                continue;
            VlFootprint at;
            vl_footprint_build(&at, cd.pose, cd.formation, fu->spec);
            bool on = on_objective(&at, o);
            if (!on || same_as_kept(mv->cands, keep, &cd) || same_as_kept(found, nf, &cd))
                continue;
            if (nf < EXTRA_CANDS) {
                found[nf++] = cd;
            } else {
                int worst = 0;
                for (int j = 1; j < nf; j++)
                    worst = found[j].max_die < found[worst].max_die ? j : worst;
                if (cd.max_die > found[worst].max_die)
                    found[worst] = cd;
            }
        }
        for (int j = 0; j < nf && keep < mv->cap; j++)
            mv->cands[keep++] = found[j];
    }
    return keep;
}

/* The word for a move in the plan: "pull back" when it leaves the unit farther from the nearest
 * enemy (the one nearest where it stands) than it was, "advance" when nearer, "move" when about as
 * far or with no enemy left. */
static const char *move_word(const VlWorld *w, int side, int u, const Cand *cd)
{
    int ne;
    double before = enemy_gap(w, side, u, &ne);
    if (ne < 0)
        return "move";
    VlFootprint fp;
    vl_footprint_build(&fp, cd->pose, cd->formation, vl_world_unit(w, u)->spec);
    double after = vl_footprint_distance(&fp, &vl_world_unit(w, ne)->fp);
    return after > before + 0.5 ? "pull back" : after < before - 0.5 ? "advance" : "move";
}

/* The intent for order @p cd of unit u (a hold when it stays), with its score and reason. */
static VlAiIntent order_intent(const Ai *ai, int u, const Cand *cd)
{
    const VlWorld *w = W(ai);
    VlAiIntent it = intent(ai, cd->stay ? VL_CMD_END_PHASE : VL_CMD_MOVE, u, -1);
    it.score = cd->score;
    if (cd->stay) {
        snprintf(it.reason, sizeof it.reason, "hold: %s", cd->why);
        it.to = cd->pose;
        return it;
    }
    const char *verb;
    const VlStep *s0 = &cd->c.move.steps[0];
    if (s0->kind == VL_STEP_FORM)
        verb = s0->formation == VL_FORM_UNLIMBERED ? "unlimber" : s0->formation == VL_FORM_LIMBERED ? "limber up"
             : s0->formation == VL_FORM_COLUMN                                       ? "form column to march"
             : s0->formation == VL_FORM_SQUARE                                       ? "form square against cavalry"
                                                                                     : "form line";
    else if (s0->kind == VL_STEP_BACK)
        verb = "fall back";
    else if (s0->kind == VL_STEP_PIVOT)
        verb = "pivot to the enemy";
    else if (cd->c.move.gallop)
        verb = "gallop";
    else if (cd->c.move.double_time)
        verb = "double time";
    else
        verb = utype(w, u) != VL_GENERAL             ? move_word(w, ai->side, u, cd)
             : strncmp(cd->why, "steadies ", 9) == 0 ? "ride up"
                                                      : "follow the brigade";
    snprintf(it.reason, sizeof it.reason, "%s: %s", verb, cd->why);
    it.to = cd->pose;
    it.to_formation = cd->formation;
    return it;
}

/* The last movement phase, played first on a copy (final_search): u's order @p best (-1: it stays)
 * and, for a regiment or battery that could stand on an objective at the end, the next best orders
 * by the score, to be tried against it on playouts. */
static void record_final(Ai *ai, int u, const Cand *cs, int keep, int best, const Cand *stay)
{
    FinalPlan *fp = ai->rec;
    if (fp->n >= ai->n)
        return;
    FinalOrder *fo = &fp->o[fp->n++];
    fo->unit = u;
    fo->nalt = 1;
    const Cand *first = best < 0 ? stay : &cs[best];
    fo->move[0] = !first->stay;
    fo->cmd[0] = first->c;
    fo->it[0] = order_intent(ai, u, first);
    const VlWorld *w = W(ai);
    bool near = false;
    for (int i = 0; i < w->scenario->nobjectives && !near; i++)
        near = turns_needed(w, u, &w->scenario->objectives[i]) <= 1;
    if (!fighter(w, u) || !near)
        return;
    bool used[65] = {false}; /* [0]: stay; [i + 1]: cs[i] */
    used[best + 1] = true;
    for (int a = 1; a <= FINAL_ALTS; a++) {
        int pick = -1;
        double ps = -INFINITY;
        for (int i = -1; i < keep && i < 64; i++) {
            const Cand *cd = i < 0 ? stay : &cs[i];
            if (!used[i + 1] && cd->score > ps) {
                ps = cd->score;
                pick = i;
            }
        }
        if (ps == -INFINITY)
            break;
        used[pick + 1] = true;
        const Cand *cd = pick < 0 ? stay : &cs[pick];
        fo->move[a] = !cd->stay;
        fo->cmd[a] = cd->c;
        fo->it[a] = order_intent(ai, u, cd);
        fo->nalt++;
    }
}

static void move_unit(Mover *mv, int u)
{
    Ai *ai = mv->ai;
    const VlWorld *w = W(ai);
    if (!fighter(w, u) && utype(w, u) != VL_GENERAL)
        return;
    if (!vl_world_present(w, u) || w->units[u].acted || w->units[u].routed || (ai->fixed && ai->fixed[u]))
        return;
    if (utype(w, u) == VL_ARTILLERY && uform(w, u) == VL_FORM_UNLIMBERED && w->units[u].fired)
        return;
    mv->ncands = 0;
    /* The way to its place: round what slows or stops it, if the straight line does not do. */
    mv->routed = false;
    mv->route_obj = -1;
    VlVec2 c0 = ucentre(w, u);
    if (utype(w, u) != VL_GENERAL && vl_v2_dist(c0, ai->slot[u]) > 3) {
        /* A unit sent to an objective has arrived anywhere within its radius (less a margin for
         * its depth). */
        double radius = 0;
        int h = ai->holder_of[u];
        if (h >= 0 && vl_v2_dist(ai->slot[u], w->scenario->objectives[h].position) < 1e-9) {
            mv->route_obj = h;
            radius = fmax(0, w->scenario->objectives[h].radius - 1);
        }
        if (ai->ground.cls && vl_ai_ground_obstructed(&ai->ground, c0, ai->slot[u])) {
            VlVec2 end = vl_v2_lerp(ai->slot[u], c0, radius / vl_v2_dist(c0, ai->slot[u]));
            double open = march(w, u);
            double rough = vl_move_allowance(w, utype(w, u), uform(w, u), w->units[u].mounted, VL_GROUND_ROUGH, 4).max;
            const VlFootprint *fp = &vl_world_unit(w, u)->fp;
            double clear = 0.5 * vl_v2_dist(fp->box.p[0], fp->box.p[1]) + 0.3;
            if (open > 0 && vl_ai_route_build(&mv->route, &ai->ground, ai->slot[u], radius, open, rough, clear)) {
                /* Only a way round that is clearly better than the straight line is taken. */
                double straight = vl_ai_route_straight_cost(&ai->ground, c0, end, open, rough, clear);
                double round = vl_ai_route_cost(&mv->route, c0);
                if (isfinite(round) && (!isfinite(straight) || round < straight - fmax(3, 0.15 * straight))) {
                    mv->routed = true;
                    mv->waypoint = vl_ai_route_waypoint(&mv->route, &ai->ground, c0, open);
                } else {
                    vl_ai_route_free(&mv->route);
                    mv->route_obj = -1;
                }
            }
        }
    }
    gen_moves(mv, u);
    /* Keep the level's number of legal candidates, in the order generated (most purposeful first);
     * at normal and hard, each one a different choice. */
    Cand *cs = mv->cands;
    int keep = 0;
    for (int i = 0; i < mv->ncands && keep < ai->L->move_cands; i++)
        if (settle(mv, &cs[i]) && !(ai->L->distinct && same_as_kept(cs, keep, &cs[i])))
            cs[keep++] = cs[i];
    /* The end of the game: the objectives as they stand after the last move decide it (D-GAME-8).
     * In the last two turns a unit sent to an objective also judges orders that make straight for
     * it, and on the last turn every unit for each objective it could reach, whatever its place;
     * each way plainly and, if it may, galloping or at double time (GOR-MOVE-4, once a game: the
     * commanders who watch the clock keep it for this). */
    if (ai->L->wary && ai->turns_left <= 1) {
        const VlScenario *sc = w->scenario;
        for (int i = 0; i < sc->nobjectives; i++) {
            double need = turns_needed(w, u, &sc->objectives[i]);
            bool sent = ai->holder_of[u] == i;
            if (!(need > 0) || need > ai->turns_left + 1 || (!sent && ai->turns_left > 0))
                continue;
            for (int dbl = 0; dbl < 2; dbl++)
                if (!dbl || may_double(w, u))
                    keep = extra_orders(mv, u, keep, sc->objectives[i].position, dbl, EXTRA_CANDS);
        }
    }
    if (ai->L->last_samples > 0 && ai->turns_left == 0 && !mv->probe)
        keep = sampled_orders(mv, u, keep);
    /* Standing still is always a candidate. */
    Cand stay;
    memset(&stay, 0, sizeof stay);
    stay.stay = true;
    stay.pose = vl_world_unit(w, u)->pose;
    double best_s = score_candidate(mv, u, &stay);
    int best = -1;
    double stay_s = best_s;
    stay.score = stay_s;
    for (int i = 0; i < keep; i++) {
        cs[i].score = score_candidate(mv, u, &cs[i]);
        if (cs[i].max_die < 6)
            cs[i].score = rolled_score(mv, u, &cs[i], stay_s);
        if (cs[i].score > best_s + 0.01) {
            best_s = cs[i].score;
            best = i;
        }
    }
    if (ai->rec)
        record_final(ai, u, cs, keep, best, &stay);
    VlAiIntent it = order_intent(ai, u, best < 0 ? &stay : &cs[best]);
    if (best < 0)
        note(ai, &it);
    else
        send(ai, &cs[best].c, &it);
}

static bool final_search(Ai *ai);

static void movement_phase(Ai *ai)
{
    if (!ai->nested && ai->L->final_plays > 0 && ai->turns_left == 0 && final_search(ai))
        return;
    const VlWorld *w = W(ai);
    Mover mv = {.ai = ai, .cap = 64};
    mv.cands = malloc((size_t)mv.cap * sizeof *mv.cands);
    Ranked *order = malloc((size_t)ai->n * sizeof *order);
    if (!mv.cands || !order) {
        free(mv.cands);
        free(order);
        return;
    }
    /* Regiments nearest the enemy first (the second line then fills in behind), then the guns, then
     * the commanders, who follow their brigades. */
    int no = 0;
    for (int u = 0; u < ai->n; u++) {
        if (!vl_world_present(w, u) || vl_world_side(w, u) != ai->side)
            continue;
        double d = enemy_gap(w, ai->side, u, NULL);
        double key = utype(w, u) == VL_GENERAL ? 2000 + d : utype(w, u) == VL_ARTILLERY ? 1000 + d : d;
        order[no++] = (Ranked){u, key};
    }
    qsort(order, (size_t)no, sizeof *order, cmp_ranked);
    for (int k = 0; k < no && !ai->failed && !interrupted(ai); k++) {
        int u = order[k].u;
        vl_world_destroy(mv.scratch);
        mv.scratch = vl_world_clone(W(ai));
        if (!mv.scratch)
            break;
        move_unit(&mv, u);
        vl_ai_route_free(&mv.route);
        mv.routed = false;
    }
    vl_world_destroy(mv.scratch);
    free(mv.cands);
    free(order);
}

void vl_ai_plan_reset(VlAiPlan *plan)
{
    if (!plan)
        return;
    memset(plan, 0, sizeof *plan);
    plan->side = plan->turn = -1;
}

/* Set a commander up for the active side's current phase of @p g. False when out of memory. */
static bool ai_open(Ai *ai, VlGame *g, VlLog *log, VlRng *rng, VlAiLevel level, VlAiPlan *plan, const Posture *posture)
{
    memset(ai, 0, sizeof *ai);
    ai->g = g;
    ai->log = log;
    ai->rng = rng;
    ai->level = level;
    ai->L = &LEVELS[level];
    ai->plan = plan;
    ai->posture = posture ? posture : &POSTURES[0];
    ai->side = vl_game_active_side(g);
    ai->view = W(ai);
    ai->n = ai->view->nunits;
    size_t n = (size_t)(ai->n ? ai->n : 1);
    ai->threat_n = malloc(n * sizeof *ai->threat_n);
    ai->phase_hits = calloc(n, sizeof *ai->phase_hits);
    ai->group_of = malloc(n * sizeof *ai->group_of);
    ai->slot = calloc(n, sizeof *ai->slot);
    ai->slot_facing = calloc(n, sizeof *ai->slot_facing);
    ai->shaken = calloc(n, sizeof *ai->shaken);
    ai->holder_of = malloc(n * sizeof *ai->holder_of);
    ai->hold_p = calloc(n, sizeof *ai->hold_p);
    if (!ai->threat_n || !ai->phase_hits || !ai->group_of || !ai->slot || !ai->slot_facing || !ai->shaken || !ai->holder_of ||
        !ai->hold_p)
        return false;
    for (int u = 0; u < ai->n; u++)
        ai->threat_n[u] = -1;
    ai->turns_left = ai->view->scenario->turns - ai->view->turn;
    if (ai->turns_left < 0)
        ai->turns_left = 0;
    ai->endgame = 1.0 / (1 + ai->turns_left);
    /* The ground for routes: only the movement phase moves anyone; in the last turns the holders
     * of the objectives are chosen by it too (ground_need), in every phase alike. */
    if (vl_game_phase(g) == VL_PHASE_MOVEMENT || ai->turns_left <= 3) {
        if (!vl_ai_ground_build(&ai->ground, ai->view))
            return false;
        vl_ai_ground_mark_enemies(&ai->ground, ai->view, ai->side, ENEMY_BAND);
    }
    if (!ai->L->wary) {
        /* The easy commander does not watch the clock: every turn is like the first. */
        ai->turns_left = ai->view->scenario->turns;
        ai->endgame = 0;
    }
    build_groups(ai);
    assign_slots(ai);
    /* The orders reach_need() tried while the groups were built head partly for places not yet
     * given out (gen_moves): forget its answers now that they are. */
    vl_world_destroy(ai->probe);
    ai->probe = NULL;
    return true;
}

static void ai_close(Ai *ai)
{
    vl_ai_ground_free(&ai->ground);
    vl_world_destroy(ai->probe);
    free(ai->reach);
    free(ai->threat_n);
    free(ai->phase_hits);
    free(ai->group_of);
    free(ai->slot);
    free(ai->slot_facing);
    free(ai->shaken);
    free(ai->holder_of);
    free(ai->hold_p);
}

/* Play a copy of the game on with the easy commander on both sides until @p side's movement phase
 * of the next turn: its rally, the enemy's whole player turn, then its own fire and charges. */
static void play_out(Ai *ai, VlGame *copy, int side, uint64_t seed)
{
    VlRng r[2];
    vl_rng_seed(&r[0], seed, 11);
    vl_rng_seed(&r[1], seed, 12);
    int start = vl_game_turn(copy);
    for (int guard = 0; guard < 24 && !vl_game_over(copy, NULL, NULL) && !interrupted(ai); guard++) {
        int act = vl_game_active_side(copy);
        if (act == side && vl_game_phase(copy) == VL_PHASE_MOVEMENT && vl_game_turn(copy) > start)
            break;
        if (vl_ai_phase(copy, NULL, &r[act], VL_AI_EASY, NULL) < 0)
            break;
    }
}

/* Which of @p P choices the look-ahead's values favour, v[p * stride + k] the value of choice p on
 * dice stream k. Each is set against the first (the commander's own) on the same dice streams, and
 * kept only when its mean difference, less one standard error of those differences, is still above
 * nothing (and above any other's): a choice that wins on one lucky stream of three does not turn
 * the brigades about. */
static int better_choice(const double *v, int stride, int P, int S)
{
    int best = 0;
    double bestv = 0;
    for (int p = 1; p < P; p++) {
        double m = 0, ss = 0;
        for (int k = 0; k < S; k++)
            m += v[p * stride + k] - v[k];
        m /= S;
        for (int k = 0; k < S; k++)
            ss += (v[p * stride + k] - v[k] - m) * (v[p * stride + k] - v[k] - m);
        double lo = m - (S > 1 ? sqrt(ss / (S - 1) / S) : 0);
        if (lo > bestv + 1e-9) {
            bestv = lo;
            best = p;
        }
    }
    return best;
}

/* The regiments and batteries on the table, both sides: what a look-ahead's play costs grows with
 * them, so the level's unit-plays are divided by this. */
static int fighting_units(const Ai *ai)
{
    int n = 0;
    for (int u = 0; u < ai->n; u++)
        n += fighter(W(ai), u);
    return n;
}

/* The hard commander's look-ahead for the movement phase: each posture is played on a copy (our
 * moves as this commander would make them, then the rest as play_out), on the same dice streams,
 * and better_choice() chooses. The streams are as many as the level's unit-plays pay for: 3 on
 * the full battle with all its 71 regiments and batteries on the table, 8 on the brigade action's
 * 25 or the tutorial's 6. */
static int choose_posture(Ai *ai)
{
    int P = ai->L->postures < 4 ? ai->L->postures : 4;
    if (P <= 1)
        return 0;
    int fighting = fighting_units(ai);
    int S = fighting > 0 ? ai->L->posture_plays / fighting : 0;
    S = S < ai->L->posture_samples ? ai->L->posture_samples : S > 8 ? 8 : S;
    if (S <= 0)
        return 0;
    uint64_t seeds[8];
    for (int k = 0; k < S; k++)
        seeds[k] = ((uint64_t)vl_rng_next(ai->rng) << 32) | vl_rng_next(ai->rng);
    double v[4][8] = {{0}};
    for (int p = 0; p < P && !interrupted(ai); p++) {
        VlGame *c = copy_game(ai, seeds[0] ^ 0x5bd1e995ull);
        if (!c)
            return 0;
        VlRng r;
        vl_rng_seed(&r, seeds[0], 31);
        Ai sub;
        if (ai_open(&sub, c, NULL, &r, ai->level, NULL, &POSTURES[p])) {
            sub.nested = true;
            listen_to(&sub, ai->interrupt, ai->interrupt_ctx);
            movement_phase(&sub);
        }
        ai->interrupted |= sub.interrupted;
        ai_close(&sub);
        VlCommand end = blank(VL_CMD_END_PHASE, -1);
        vl_game_apply(c, &end, NULL);
        for (int k = 0; k < S; k++) {
            VlGame *c2 = vl_game_clone(c);
            if (!c2) {
                vl_game_destroy(c);
                return 0;
            }
            vl_rng_seed(&vl_game_world(c2)->rng, seeds[k], 0x414955ull);
            if (ai->plan)
                ai->plan->simulated++;
            play_out(ai, c2, ai->side, seeds[k]);
            v[p][k] = vl_ai_evaluate(c2, ai->side);
            vl_game_destroy(c2);
        }
        vl_game_destroy(c);
    }
    return better_choice(&v[0][0], 8, P, S);
}

/* Give the orders of @p fp in sequence on copy @p g (one an earlier order has made illegal is
 * not given). */
static void give_orders(VlGame *g, const FinalPlan *fp)
{
    for (int i = 0; i < fp->n; i++) {
        const FinalOrder *fo = &fp->o[i];
        if (fo->move[0] && vl_game_check(g, &fo->cmd[0], NULL))
            vl_game_apply(g, &fo->cmd[0], NULL);
    }
}

/* Play the movement phase of copy @p c as a commander of @p ai's level and posture would, for the
 * units not marked in @p fixed, noting its orders in @p rec. False when it cannot. */
static bool plan_on_copy(Ai *ai, VlGame *c, uint64_t seed, const bool *fixed, FinalPlan *rec)
{
    VlRng r;
    vl_rng_seed(&r, seed, 41);
    Ai sub;
    bool ok = ai_open(&sub, c, NULL, &r, ai->level, NULL, ai->posture);
    if (ok) {
        sub.nested = true;
        sub.rec = rec;
        sub.fixed = fixed;
        listen_to(&sub, ai->interrupt, ai->interrupt_ctx);
        movement_phase(&sub);
        ai->interrupted |= sub.interrupted;
        ok = !sub.failed && !sub.interrupted;
    }
    ai_close(&sub);
    return ok;
}

/* The last movement phase at normal and hard, where each unit ends decides the game (D-GAME-8).
 * The commander first plays its own orders on a copy, noting for each regiment or battery that
 * could stand on an objective at the end its next best orders by the score (record_final). Each
 * variant swaps one unit's order for one of those, the units before it moving as before and the
 * units after it choosing afresh on a copy (a regiment that stays off the objective may leave
 * another to go). Its own orders and the variants are then played from the real position to the
 * end of the game on copies, through our rally and retreat phases and the enemy's last player turn
 * (play_out, each side as the easy commander), on the same dice streams; better_choice() keeps the
 * commander's own unless another comes out clearly ahead in the result. The orders chosen are
 * given in the same sequence (one an earlier order has made illegal is simply not given). False,
 * and nothing given, when it is not played (a large battle) or cannot be (no memory). */
#define FINAL_VARIANTS 16

/* Not played with more regiments and batteries than this on the table (both sides). On the full
 * battle's 71 the budget paid for only 4 dice streams and 5 sets at normal, too few to tell orders
 * apart, and each set's plan costs hard about a second there: the last player turn took up to
 * 5.4 s at normal and 7 to 19 s at hard, where the turn before it takes under 1 s and 4 s. */
#define FINAL_MOST_UNITS 32

static bool final_search(Ai *ai)
{
    int fighting = fighting_units(ai);
    if (fighting > FINAL_MOST_UNITS)
        return false;
    /* The level's unit-plays pay for the dice streams times the sets of orders played (each play
     * and each plan of a variant takes about one unit-play per unit on the table): on the
     * tutorial 16 streams and 16 sets at normal, on the brigade action 8 and 8. */
    double per = fighting > 0 ? (double)ai->L->final_plays / fighting : 0;
    int S = (int)sqrt(per);
    S = S < 4 ? 4 : S > 16 ? 16 : S;
    int most = (int)(per / S);
    most = most < 2 ? 2 : most > FINAL_VARIANTS ? FINAL_VARIANTS : most;
    uint64_t seeds[16];
    for (int k = 0; k < S; k++)
        seeds[k] = ((uint64_t)vl_rng_next(ai->rng) << 32) | vl_rng_next(ai->rng);
    uint64_t plan_seed = seeds[0] ^ 0x5bd1e995ull;
    FinalPlan var[FINAL_VARIANTS];
    int vo[FINAL_VARIANTS] = {-1}, nv = 0;
    for (int p = 0; p < FINAL_VARIANTS; p++)
        var[p] = (FinalPlan){0, NULL};
    double *v = malloc((size_t)FINAL_VARIANTS * 16 * sizeof *v);
    bool *fixed = calloc((size_t)ai->n, sizeof *fixed);
    bool ok = v && fixed && (var[0].o = calloc((size_t)ai->n, sizeof(FinalOrder)));
    VlGame *c = ok ? copy_game(ai, plan_seed) : NULL;
    ok = c && plan_on_copy(ai, c, plan_seed, NULL, &var[0]);
    vl_game_destroy(c);
    nv = ok ? 1 : 0;
    /* The variants: the orders before unit i's as the commander gave them, its alternative, and
     * the rest chosen afresh. */
    const FinalPlan *base = &var[0];
    for (int i = 0; ok && i < base->n; i++)
        for (int a = 1; a < base->o[i].nalt && nv < most; a++) {
            FinalPlan *fp = &var[nv];
            if (!(fp->o = calloc((size_t)ai->n, sizeof(FinalOrder))) || !(c = copy_game(ai, plan_seed))) {
                ok = false;
                break;
            }
            memset(fixed, 0, (size_t)ai->n * sizeof *fixed);
            for (int j = 0; j <= i; j++) {
                FinalOrder *fo = &fp->o[fp->n++];
                const FinalOrder *bo = &base->o[j];
                int k = j == i ? a : 0;
                *fo = (FinalOrder){.unit = bo->unit, .nalt = 1, .move = {bo->move[k]}, .cmd = {bo->cmd[k]}, .it = {bo->it[k]}};
                fixed[bo->unit] = true;
            }
            give_orders(c, fp);
            ok = plan_on_copy(ai, c, plan_seed, fixed, fp);
            vl_game_destroy(c);
            vo[nv++] = i;
        }
    for (int p = 0; ok && nv > 1 && p < nv; p++)
        for (int k = 0; k < S && (ok = ok && !interrupted(ai)); k++) {
            VlGame *g2 = copy_game(ai, seeds[k]);
            if (!g2) {
                ok = false;
                break;
            }
            give_orders(g2, &var[p]);
            VlCommand end = blank(VL_CMD_END_PHASE, -1);
            vl_game_apply(g2, &end, NULL);
            play_out(ai, g2, ai->side, seeds[k]);
            v[p * 16 + k] = vl_ai_evaluate(g2, ai->side);
            vl_game_destroy(g2);
        }
    int pick = ok && nv > 1 ? better_choice(v, 16, nv, S) : 0;
    for (int i = 0; ok && i < var[pick].n && !ai->failed; i++) {
        const FinalOrder *fo = &var[pick].o[i];
        VlAiIntent it = fo->it[0];
        it.from = vl_world_unit(W(ai), it.unit)->pose;
        if (pick > 0 && i == vo[pick]) {
            int won[2] = {0, 0};
            for (int k = 0; k < S; k++) {
                won[0] += v[k] > 50;
                won[1] += v[pick * 16 + k] > 50;
            }
            size_t len = strlen(it.reason);
            snprintf(it.reason + len, sizeof it.reason - len, "; played to the end %d times: won %d, the first choice %d", S,
                     won[1], won[0]);
        }
        if (fo->move[0])
            send(ai, &fo->cmd[0], &it);
        else
            note(ai, &it);
    }
    for (int p = 0; p < FINAL_VARIANTS; p++)
        free(var[p].o);
    free(v);
    free(fixed);
    return ok;
}

int vl_ai_phase(VlGame *g, VlLog *log, VlRng *rng, VlAiLevel level, VlAiPlan *plan_out)
{
    return vl_ai_phase_interruptible(g, log, rng, level, plan_out, NULL, NULL);
}

int vl_ai_phase_interruptible(VlGame *g, VlLog *log, VlRng *rng, VlAiLevel level, VlAiPlan *plan_out,
                              VlAiInterrupt interrupt, void *ctx)
{
    vl_game_start(g);
    if ((unsigned)level > VL_AI_HARD)
        level = VL_AI_NORMAL;
    VlPhase phase = vl_game_phase(g);
    int side = vl_game_active_side(g);
    if (plan_out && (plan_out->side != side || plan_out->turn != vl_game_turn(g))) {
        vl_ai_plan_reset(plan_out);
        plan_out->side = side;
        plan_out->turn = vl_game_turn(g);
    }
    if (plan_out)
        plan_out->level = level;
    Ai ai;
    memset(&ai, 0, sizeof ai);
    bool ok = phase != VL_PHASE_OVER && ai_open(&ai, g, log, rng, level, plan_out, NULL);
    listen_to(&ai, interrupt, ctx);
    if (ok && !interrupted(&ai)) {
        /* Standing orders once, at the side's first phase: mounted cavalry charged by infantry
         * falls back rather than fight on foot's terms (GOR-CHG-7). */
        if (vl_game_turn(g) == 1 && phase == VL_PHASE_ARTILLERY) {
            VlCommand c = blank(VL_CMD_REACTIONS, -1);
            c.reactions = VL_REACT_DEFAULT | VL_REACT_CAVALRY_BACK;
            send(&ai, &c, NULL);
        }
        if (phase == VL_PHASE_MOVEMENT) {
            int p = choose_posture(&ai);
            if (plan_out) {
                char *ps = plan_out->posture;
                if (ai.L->postures < 2)
                    snprintf(ps, sizeof plan_out->posture, "%s", POSTURES[p].name);
                else if (p)
                    snprintf(ps, sizeof plan_out->posture, "%s (on copies, clearly better than %s)", POSTURES[p].name,
                             POSTURES[0].name);
                else
                    snprintf(ps, sizeof plan_out->posture, "%s (no other clearly better on copies)", POSTURES[p].name);
            }
            if (p != 0 && !ai.interrupted) {
                /* Rebuild the frames for the posture chosen. */
                ai_close(&ai);
                ok = ai_open(&ai, g, log, rng, level, plan_out, &POSTURES[p]);
                listen_to(&ai, interrupt, ctx);
            }
        }
    }
    if (ok && !ai.interrupted) {
        record_goals(&ai);
        switch (phase) {
        case VL_PHASE_ARTILLERY: artillery_phase(&ai); break;
        case VL_PHASE_FIRE: fire_phase(&ai); break;
        case VL_PHASE_CHARGE: charge_phase(&ai); break;
        case VL_PHASE_MOVEMENT: movement_phase(&ai); break;
        case VL_PHASE_RALLY: rally_phase(&ai); break;
        default: break;
        }
    }
    bool failed = ai.failed;
    int issued = ai.issued;
    ai_close(&ai);
    if (failed)
        return -1;
    if (ai.interrupted)
        return VL_AI_INTERRUPTED;
    if (vl_game_phase(g) == VL_PHASE_OVER)
        return issued;
    VlCommand end = blank(VL_CMD_END_PHASE, -1);
    VlReasons why = {0};
    VlStatus st = log ? vl_log_apply(log, g, &end, &why) : vl_game_apply(g, &end, &why);
    if (st != VL_OK) {
        if (plan_out)
            plan_out->refused++;
        return -1;
    }
    return issued + 1;
}
