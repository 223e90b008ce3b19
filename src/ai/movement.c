/* The movement phase: each unit in turn (regiments nearest the enemy first, then guns, then
 * commanders) judges its candidate orders on a copy of the world by the place they lead to and
 * gives the best, or holds; on the last movement phase each order is noted for final_search. */
#include "commander_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The word for a move in the plan: "pull back" when it leaves the unit farther from the nearest
 * enemy (the one nearest where it stands) than it was, "advance" when nearer, "move" when about as
 * far or with no enemy left. */
static const char *move_word(const VlWorld *w, int side, int u, const Cand *cd)
{
    int ne;
    double before = vl_ai_enemy_gap(w, side, u, &ne);
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
    VlAiIntent it = vl_ai_intent(ai, cd->stay ? VL_CMD_END_PHASE : VL_CMD_MOVE, u, -1);
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
        near = vl_ai_turns_needed(w, u, &w->scenario->objectives[i]) <= 1;
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
    int scored0 = ai->scored;
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
            double open = vl_ai_march(w, u);
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
    vl_ai_gen_moves(mv, u);
    /* Keep the level's number of legal candidates, in the order generated (most purposeful first);
     * at normal and hard, each one a different choice. */
    Cand *cs = mv->cands;
    int keep = 0;
    for (int i = 0; i < mv->ncands && keep < ai->L->move_cands; i++)
        if (vl_ai_settle(mv, &cs[i]) && !(ai->L->distinct && vl_ai_same_as_kept(cs, keep, &cs[i])))
            cs[keep++] = cs[i];
    /* The end of the game: the objectives as they stand after the last move decide it (D-GAME-8).
     * In the last two turns a unit sent to an objective also judges orders that make straight for
     * it, and on the last turn every unit for each objective it could reach, whatever its place;
     * each way plainly and, if it may, galloping or at double time (GOR-MOVE-4, once a game: the
     * commanders who watch the clock keep it for this). */
    if (ai->L->wary && ai->turns_left <= 1) {
        const VlScenario *sc = w->scenario;
        for (int i = 0; i < sc->nobjectives; i++) {
            double need = vl_ai_turns_needed(w, u, &sc->objectives[i]);
            bool sent = ai->holder_of[u] == i;
            if (!(need > 0) || need > ai->turns_left + 1 || (!sent && ai->turns_left > 0))
                continue;
            for (int dbl = 0; dbl < 2; dbl++)
                if (!dbl || vl_ai_may_double(w, u))
                    keep = vl_ai_extra_orders(mv, u, keep, sc->objectives[i].position, dbl, EXTRA_CANDS);
        }
    }
    if (ai->L->last_samples > 0 && ai->turns_left == 0 && !mv->probe)
        keep = vl_ai_sampled_orders(mv, u, keep);
    /* Standing still is always a candidate. */
    Cand stay;
    memset(&stay, 0, sizeof stay);
    stay.stay = true;
    stay.pose = vl_world_unit(w, u)->pose;
    double best_s = vl_ai_score_candidate(mv, u, &stay);
    int best = -1;
    double stay_s = best_s;
    stay.score = stay_s;
    for (int i = 0; i < keep; i++) {
        cs[i].score = vl_ai_score_candidate(mv, u, &cs[i]);
        if (cs[i].max_die < 6)
            cs[i].score = vl_ai_rolled_score(mv, u, &cs[i], stay_s);
        if (cs[i].score > best_s + VL_AI_WEIGHTS.place.move_over_stay) {
            best_s = cs[i].score;
            best = i;
        }
    }
    if (ai->rec)
        record_final(ai, u, cs, keep, best, &stay);
    VlAiIntent it = order_intent(ai, u, best < 0 ? &stay : &cs[best]);
    MoveStep *ms = NULL;
    MoveLog *ml = ai->mlog;
    if (ml && ml->n == ml->cap) {
        int cap = ml->cap ? 2 * ml->cap : 64;
        MoveStep *grown = realloc(ml->s, (size_t)cap * sizeof *grown);
        if (grown) {
            ml->s = grown;
            ml->cap = cap;
        } else {
            ai->mlog = NULL; /* out of memory: the log stays incomplete, and is not replayed */
            ml = NULL;
        }
    }
    if (ml) {
        ms = &ml->s[ml->n++];
        *ms = (MoveStep){.k = ai->cur_k, .sent = best >= 0, .scored = ai->scored - scored0, .it = it};
        if (best >= 0)
            ms->cmd = cs[best].c;
    }
    if (best < 0) {
        vl_ai_note(ai, &it);
    } else {
        VlRng before = W(ai)->rng;
        int inj = vl_game_injected_left(ai->g);
        vl_ai_send(ai, &cs[best].c, &it);
        if (ms)
            ms->rolled = memcmp(&before, &W(ai)->rng, sizeof before) != 0 || inj != vl_game_injected_left(ai->g);
    }
}

void vl_ai_move_log_free(MoveLog *ml)
{
    free(ml->s);
    free(ml->threat_at);
    free(ml->threat_v);
    *ml = (MoveLog){0};
}

/* Give unit u's decision @p ms of a copy's phase again: the same hold noted, or the same command
 * sent (checked again, as then). True when the units after it may be replayed too: no dice were
 * drawn for the command, on the copy or here, so the table is as it was there. */
static bool replay_step(Ai *ai, const MoveStep *ms)
{
    if (ai->plan)
        ai->plan->evaluated += ms->scored;
    ai->scored += ms->scored;
    VlAiIntent it = ms->it;
    if (!ms->sent) {
        vl_ai_note(ai, &it);
        return true;
    }
    VlRng before = W(ai)->rng;
    int inj = vl_game_injected_left(ai->g);
    vl_ai_send(ai, &ms->cmd, &it);
    bool rolled = memcmp(&before, &W(ai)->rng, sizeof before) != 0 || inj != vl_game_injected_left(ai->g);
    return !ms->rolled && !rolled && !ai->failed;
}

void vl_ai_movement_phase(Ai *ai) { vl_ai_movement_phase_from(ai, NULL); }

/* The movement phase; with @p ml, a log of the same phase played on a copy in the same posture
 * (vl_ai_choose_posture), its decisions are given again, unit by unit, for as long as the table is
 * the same as it was there, and the units after that choose afresh. */
void vl_ai_movement_phase_from(Ai *ai, const MoveLog *ml)
{
    if (!ai->nested && ai->L->final_plays > 0 && ai->turns_left == 0 && vl_ai_final_search(ai))
        return;
    /* Only a phase that draws nothing from the commander's stream chooses on the copy as it would
     * here: no misjudgement drawn (noise), no orders drawn on the last turn. */
    if (ml && (!ml->complete || ai->L->noise > 0 || ai->turns_left == 0 || ai->mlog))
        ml = NULL;
    const VlWorld *w = W(ai);
    Mover mv = {.ai = ai, .cap = 64};
    mv.cands = malloc((size_t)mv.cap * sizeof *mv.cands);
    Ranked *order = malloc((size_t)ai->n * sizeof *order);
    if (!mv.cands || !order) {
        free(mv.cands);
        free(order);
        return;
    }
    if (ai->mlog) {
        /* Recording: the threatened-flank cache as filled during each unit's decision. */
        MoveLog *rec = ai->mlog;
        rec->threat_at = malloc((size_t)(ai->n ? ai->n : 1) * sizeof *rec->threat_at);
        rec->threat_v = malloc((size_t)(ai->n ? ai->n : 1) * sizeof *rec->threat_v);
        if (!rec->threat_at || !rec->threat_v) {
            ai->mlog = NULL;
        } else {
            for (int u = 0; u < ai->n; u++) {
                rec->threat_at[u] = INT_MAX;
                rec->threat_v[u] = -1;
            }
        }
    }
    MoveLog *recording = ai->mlog;
    /* Regiments nearest the enemy first (the second line then fills in behind), then the guns, then
     * the commanders, who follow their brigades. */
    int no = 0;
    for (int u = 0; u < ai->n; u++) {
        if (!vl_world_present(w, u) || vl_world_side(w, u) != ai->side)
            continue;
        double d = vl_ai_enemy_gap(w, ai->side, u, NULL);
        double key = utype(w, u) == VL_GENERAL ? 2000 + d : utype(w, u) == VL_ARTILLERY ? 1000 + d : d;
        order[no++] = (Ranked){u, key};
    }
    qsort(order, (size_t)no, sizeof *order, vl_ai_cmp_ranked);
    int j = 0; /* the next step of ml */
    bool whole = true; /* every unit was given its turn to decide */
    for (int k = 0; k < no && !ai->failed && !vl_ai_interrupted(ai); k++) {
        int u = order[k].u;
        if (ml) {
            bool same = true;
            for (; j < ml->n && ml->s[j].k == k && same; j++)
                same = replay_step(ai, &ml->s[j]);
            if (same)
                continue;
            /* The table differs from here on: the units after this one choose afresh, with the
             * threatened flanks cached as the copy had them by now. */
            for (int v = 0; v < ai->n; v++)
                if (ml->threat_at[v] <= k)
                    ai->threat_n[v] = ml->threat_v[v];
            ml = NULL;
            continue;
        }
        ai->cur_k = k;
        vl_world_destroy(mv.scratch);
        mv.scratch = vl_world_clone(W(ai));
        if (!mv.scratch) {
            whole = false;
            break;
        }
        move_unit(&mv, u);
        vl_ai_route_free(&mv.route);
        mv.routed = false;
    }
    ai->cur_k = -1;
    if (recording && ai->mlog == recording)
        recording->complete = whole && !ai->failed && !ai->interrupted && !vl_ai_interrupted(ai);
    vl_world_destroy(mv.scratch);
    free(mv.cands);
    free(order);
}
