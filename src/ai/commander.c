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
 * a seed always give the same decisions.
 *
 * This file is the phase driver: vl_ai_phase() and the setting up of a commander for a phase, its
 * one channel to the game (every command checked, then sent), the levels and postures, and the
 * rally phase. Its parts, over commander_internal.h: players.c (the player words), odds.c (the
 * rules' odds as the commander reads them, a thin layer over src/rules/), worth.c (what things are
 * worth), objectives.c (who holds what, how soon a unit gets there, who is sent), frames.c
 * (brigades: goals, frames, places), fire_plan.c (artillery and small-arms fire), charge_plan.c
 * (charges by the odds and on copies), exposure.c (the fire and charges a place draws and gives),
 * moves.c (candidate orders), place_score.c (how good a place is), movement.c (the movement phase),
 * lookahead.c (play-outs on copies: postures, the last movement phase) and route.c (the way round);
 * weights.h holds the numbers that weigh worth, in one table. */
#include "commander_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Routes go round the enemy (GOR-MOVE-2: no move touches one): the cells within this many inches
 * of an enemy footprint, about half a line's width, are costly ground (route.h). */
#define ENEMY_BAND 3.0

/* The three levels (VlAiLevel). The work is counted here, in candidates and look-ahead plays,
 * never in seconds. */
static const Level LEVELS[] = {
    [VL_AI_EASY] = {
        .move_cands = 5,
        .sees_threats = false,
        .setups = false,
        .charge_sims = 0,
        .samples = 0,
        .noise = 0.10,
        .charge_min = 0.00,
        .standoff = 3.0,
        .postures = 1,
        .posture_samples = 0,
        .posture_plays = 0,
        .wary = false,
        .distinct = false,
        .last_samples = 0,
        .final_plays = 0,
    },
    [VL_AI_NORMAL] = {
        .move_cands = 14,
        .sees_threats = true,
        .setups = true,
        .charge_sims = 6,
        .samples = 6,
        .noise = 0.0,
        .charge_min = 0.04,
        .standoff = 4.0,
        .postures = 1,
        .posture_samples = 0,
        .posture_plays = 0,
        .wary = true,
        .distinct = true,
        .last_samples = 200,
        .final_plays = 1600,
    },
    [VL_AI_HARD] = {
        .move_cands = 26,
        .sees_threats = true,
        .setups = true,
        .charge_sims = 14,
        .samples = 14,
        .noise = 0.0,
        .charge_min = 0.04,
        .standoff = 4.0,
        .postures = 4,
        .posture_samples = 3,
        .posture_plays = 216,
        .wary = true,
        .distinct = true,
        .last_samples = 400,
        .final_plays = 3200,
    },
};
_Static_assert(sizeof LEVELS / sizeof LEVELS[0] == VL_AI_HARD + 1, "a Level for every VlAiLevel");

/* The postures, [0] the one every level plays unless the hard commander's copies find another
 * clearly better (choose_posture). */
const Posture VL_AI_POSTURES[4] = {
    {.standoff = -1, .hold = false, .risk = 1.0, .name = "close to short range"},
    {.standoff = CHARGE_REACH, .hold = false, .risk = 1.5, .name = "stand off beyond charge reach"},
    {.standoff = -1, .hold = true, .risk = 1.0, .name = "hold the line"},
    {.standoff = 1.0, .hold = false, .risk = 0.6, .name = "press home"},
};

/* Whether to give up the phase (vl_ai_phase_interruptible): asked between look-ahead games, units
 * and commands. Once yes, always yes. */
bool vl_ai_interrupted(Ai *ai)
{
    if (!ai->interrupted && ai->interrupt && ai->interrupt(ai->interrupt_ctx))
        ai->interrupted = true;
    return ai->interrupted;
}

/* Set the interrupt a commander asks (after ai_open, which clears it); a commander playing on a
 * copy for another's look-ahead is given the same. */
void vl_ai_listen_to(Ai *ai, VlAiInterrupt interrupt, void *ctx)
{
    ai->interrupt = interrupt;
    ai->interrupt_ctx = ctx;
}

/* Record a decision in the plan (when there is one), counting those beyond its room as dropped. */
void vl_ai_note(Ai *ai, const VlAiIntent *it)
{
    VlAiPlan *p = ai->plan;
    if (!p)
        return;
    if (p->n < VL_AI_MAX_INTENTS)
        p->items[p->n++] = *it;
    else
        p->dropped++;
}

/* A decision of unit u (-1: none) as the plan shows it, from where the unit stands, towards its
 * brigade's goal; the caller adds its score and reason. */
VlAiIntent vl_ai_intent(const Ai *ai, VlCommandKind kind, int u, int target)
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

/* A command of @p kind for unit u with nothing else set: no target, no facing, no steps. */
VlCommand vl_ai_blank(VlCommandKind kind, int u)
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
bool vl_ai_send(Ai *ai, const VlCommand *c, VlAiIntent *it)
{
    if (vl_ai_interrupted(ai))
        return false;
    /* The game judges a command and applies it in one pass, and one it refuses changes nothing (nor
     * is it logged): not legal now (an earlier order changed the table), it is simply not given. So
     * it is not judged once more beforehand. */
    VlReasons why = {0};
    VlStatus st = ai->log ? vl_log_apply(ai->log, ai->g, c, &why) : vl_game_apply(ai->g, c, &why);
    if (st == VL_ERR_INVALID)
        return false;
    if (st != VL_OK) {
        ai->failed = true;
        ai->snode = -1; /* the game may be half changed: nothing more is answered from the memo */
        if (ai->plan)
            ai->plan->refused++;
        return false;
    }
    ai->issued++;
    if (ai->smemo && ai->snode >= 0)
        ai->snode = vl_ai_settle_memo_after(ai->smemo, ai->snode, c);
    if (it) {
        it->issued = true;
        if (c->kind == VL_CMD_MOVE && c->unit >= 0) {
            it->to = vl_world_unit(W(ai), c->unit)->pose;
            it->to_formation = vl_world_unit(W(ai), c->unit)->formation;
        }
        vl_ai_note(ai, it);
    }
    return true;
}

/* The rally phase: every unit with HITs, or routed, that took no action tests (GOR-RALLY-1; a failed
 * test costs nothing). */
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
        VlCommand c = vl_ai_blank(VL_CMD_RALLY, u);
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
        VlAiIntent it = vl_ai_intent(ai, c.kind, u, -1);
        it.chance = vl_morale_pass_chance(vl_ai_morale_level(w, u), vl_ai_standard_mod(ai, u, 0));
        it.score = it.chance * (st->routed ? VL_AI_WEIGHTS.test.router_back : 0) +
                   it.chance * (st->hits - vl_rally_hits_after(st->hits)) * vl_ai_hit_value(w, u);
        snprintf(it.reason, sizeof it.reason, "rally: %d HITs%s, passes %.0f%% of the time", st->hits,
                 st->routed ? " and routed" : "", 100 * it.chance);
        vl_ai_send(ai, &c, &it);
    }
}

void vl_ai_plan_reset(VlAiPlan *plan)
{
    if (!plan)
        return;
    memset(plan, 0, sizeof *plan);
    plan->side = plan->turn = -1;
}

/* Set a commander up for the active side's current phase of @p g. False when out of memory. */
static bool open_with(Ai *ai, VlGame *g, VlLog *log, VlRng *rng, VlAiLevel level, VlAiPlan *plan, const Posture *posture,
                      SettleMemo *memo);

bool vl_ai_open(Ai *ai, VlGame *g, VlLog *log, VlRng *rng, VlAiLevel level, VlAiPlan *plan, const Posture *posture)
{
    return open_with(ai, g, log, rng, level, plan, posture, NULL);
}

bool vl_ai_open_memo(Ai *ai, VlGame *g, VlRng *rng, VlAiLevel level, const Posture *posture, SettleMemo *memo)
{
    return open_with(ai, g, NULL, rng, level, NULL, posture, memo);
}

static bool open_with(Ai *ai, VlGame *g, VlLog *log, VlRng *rng, VlAiLevel level, VlAiPlan *plan, const Posture *posture,
                      SettleMemo *memo)
{
    memset(ai, 0, sizeof *ai);
    ai->smemo = memo;
    ai->snode = memo ? 0 : -1;
    ai->g = g;
    ai->log = log;
    ai->rng = rng;
    ai->level = level;
    ai->L = &LEVELS[level];
    ai->plan = plan;
    ai->cur_k = -1;
    ai->posture = posture ? posture : &VL_AI_POSTURES[0];
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
    int clock_left = ai->turns_left; /* the turns as they are, whatever the level makes of them */
    if (!ai->L->wary) {
        /* The easy commander does not watch the clock: every turn is like the first. */
        ai->turns_left = ai->view->scenario->turns;
        ai->endgame = 0;
    }
    for (int u = 0; u < ai->n; u++)
        ai->group_of[u] = ai->holder_of[u] = -1;
    /* The brigades (their goals, frames and places, who holds what) are read by the movement phase;
     * by the fire phase (a unit holds its fire to move up to its place); near the end by the worth
     * of a move onto an objective (turns_left <= 1), which the artillery and charge phases weigh
     * against their shots and charges; and by the plan, which shows each decision with its
     * brigade's goal. Nothing else reads them, and building them draws no dice: a commander that
     * keeps no plan (one on a copy for a look-ahead, above all) does without them in the artillery,
     * charge and rally phases while the end is still two turns off. */
    VlPhase phase = vl_game_phase(g);
    if (!plan && ai->turns_left > 1 && phase != VL_PHASE_MOVEMENT && phase != VL_PHASE_FIRE)
        return true;
    /* The ground for routes: only the movement phase moves anyone; in the last turns the holders
     * of the objectives are chosen by it too (ground_need), in every phase alike. */
    if (phase == VL_PHASE_MOVEMENT || clock_left <= 3) {
        /* What the terrain makes of the cells is the same all game: worked out once, kept with the
         * game and shared by its copies; each commander marks the enemy on a copy of the classes. */
        const VlAiGround *terrain = vl_game_terrain_cache(g);
        if (!terrain) {
            VlAiGround *t = vl_ai_terrain_ground_new(ai->view);
            if (!t || !vl_game_set_terrain_cache(g, t, vl_ai_terrain_ground_free))
                return false;
            terrain = t;
        }
        if (!vl_ai_ground_from(&ai->ground, terrain))
            return false;
        vl_ai_ground_mark_enemies(&ai->ground, ai->view, ai->side, ENEMY_BAND);
    }
    vl_ai_build_groups(ai);
    vl_ai_assign_slots(ai);
    /* The orders reach_need() tried while the groups were built head partly for places not yet
     * given out (gen_moves): forget its answers now that they are. */
    vl_world_destroy(ai->probe);
    ai->probe = NULL;
    return true;
}

void vl_ai_close(Ai *ai)
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
    MoveLog logs[4] = {{0}}; /* the movement phase in each posture, as played on copies */
    int posture = 0;
    bool ok = phase != VL_PHASE_OVER && vl_ai_open(&ai, g, log, rng, level, plan_out, NULL);
    vl_ai_listen_to(&ai, interrupt, ctx);
    if (ok && !vl_ai_interrupted(&ai)) {
        /* Standing orders once, at the side's first phase: mounted cavalry charged by infantry
         * falls back rather than fight on foot's terms (GOR-CHG-7). */
        if (vl_game_turn(g) == 1 && phase == VL_PHASE_ARTILLERY) {
            VlCommand c = vl_ai_blank(VL_CMD_REACTIONS, -1);
            c.reactions = VL_REACT_DEFAULT | VL_REACT_CAVALRY_BACK;
            vl_ai_send(&ai, &c, NULL);
        }
        if (phase == VL_PHASE_MOVEMENT) {
            int p = posture = vl_ai_choose_posture(&ai, logs);
            if (plan_out) {
                char *ps = plan_out->posture;
                if (ai.L->postures < 2)
                    snprintf(ps, sizeof plan_out->posture, "%s", VL_AI_POSTURES[p].name);
                else if (p)
                    snprintf(ps, sizeof plan_out->posture, "%s (on copies, clearly better than %s)", VL_AI_POSTURES[p].name,
                             VL_AI_POSTURES[0].name);
                else
                    snprintf(ps, sizeof plan_out->posture, "%s (no other clearly better on copies)", VL_AI_POSTURES[p].name);
            }
            if (p != 0 && !ai.interrupted) {
                /* Rebuild the frames for the posture chosen. */
                vl_ai_close(&ai);
                ok = vl_ai_open(&ai, g, log, rng, level, plan_out, &VL_AI_POSTURES[p]);
                vl_ai_listen_to(&ai, interrupt, ctx);
            }
        }
    }
    if (ok && !ai.interrupted) {
        vl_ai_record_goals(&ai);
        switch (phase) {
        case VL_PHASE_ARTILLERY: vl_ai_artillery_phase(&ai); break;
        case VL_PHASE_FIRE: vl_ai_fire_phase(&ai); break;
        case VL_PHASE_CHARGE: vl_ai_charge_phase(&ai); break;
        case VL_PHASE_MOVEMENT: vl_ai_movement_phase_from(&ai, &logs[posture]); break;
        case VL_PHASE_RALLY: rally_phase(&ai); break;
        default: break;
        }
    }
    bool failed = ai.failed;
    int issued = ai.issued;
    vl_ai_close(&ai);
    for (int p = 0; p < 4; p++)
        vl_ai_move_log_free(&logs[p]);
    if (failed)
        return -1;
    if (ai.interrupted)
        return VL_AI_INTERRUPTED;
    if (vl_game_phase(g) == VL_PHASE_OVER)
        return issued;
    VlCommand end = vl_ai_blank(VL_CMD_END_PHASE, -1);
    VlReasons why = {0};
    VlStatus st = log ? vl_log_apply(log, g, &end, &why) : vl_game_apply(g, &end, &why);
    if (st != VL_OK) {
        if (plan_out)
            plan_out->refused++;
        return -1;
    }
    return issued + 1;
}
