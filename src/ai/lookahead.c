/* Look-ahead plays on copies of the game, with dice of the commander's own: the hard commander's
 * postures for the movement phase, played through the enemy's reply, and the last movement phase at
 * normal and hard, played to the end of the game (final_search); better_choice() takes another
 * choice than the commander's own only when it is ahead by more than the dice's spread. */
#include "commander_internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A copy of the game whose dice come from the commander's own stream, never the game's. */
VlGame *vl_ai_copy_game(Ai *ai, uint64_t seed)
{
    VlGame *c = vl_game_clone(ai->g);
    if (c) {
        vl_game_reseed(c, seed, 0x414955ull); /* stream "AIU" */
        if (ai->plan)
            ai->plan->simulated++;
    }
    return c;
}

/* Play a copy of the game on with the easy commander on both sides until @p side's movement phase
 * of the next turn: its rally, the enemy's whole player turn, then its own fire and charges. Asks
 * @p stop (with @p ctx; NULL: never) before each phase whether to give up, and returns true when it
 * did. It touches nothing but the copy, so play-outs of different copies may run at once. */
static bool play_out(VlAiInterrupt stop, void *ctx, VlGame *copy, int side, uint64_t seed)
{
    VlRng r[2];
    vl_rng_seed(&r[0], seed, 11);
    vl_rng_seed(&r[1], seed, 12);
    int start = vl_game_turn(copy);
    for (int guard = 0; guard < 24 && !vl_game_over(copy, NULL, NULL); guard++) {
        if (stop && stop(ctx))
            return true;
        int act = vl_game_active_side(copy);
        if (act == side && vl_game_phase(copy) == VL_PHASE_MOVEMENT && vl_game_turn(copy) > start)
            break;
        if (vl_ai_phase(copy, NULL, &r[act], VL_AI_EASY, NULL) < 0)
            break;
    }
    return false;
}

/* The posture look-ahead's play-outs, P postures times S dice streams, each on its own clone of its
 * posture's copy: independent of one another, so shared among threads (vl_parallel_run), each
 * writing only its own value. The values, and so the choice, are those of playing them in turn. */
typedef struct PlayOuts {
    VlGame *const *c; /* each posture's copy after our movement phase (NULL: not played) */
    const uint64_t *seeds;
    int P, S, side;
    VlAiInterrupt stop;
    void *stop_ctx;
    double (*v)[8];
    atomic_int next, played;
    atomic_bool failed, stopped;
} PlayOuts;

static void play_outs_work(void *arg, int worker)
{
    PlayOuts *po = arg;
    for (int t; (t = atomic_fetch_add(&po->next, 1)) < po->P * po->S;) {
        int p = t / po->S, k = t % po->S;
        if (!po->c[p] || atomic_load(&po->failed) || atomic_load(&po->stopped))
            continue;
        VlGame *c2 = vl_game_clone(po->c[p]);
        if (!c2) {
            atomic_store(&po->failed, true);
            continue;
        }
        vl_game_reseed(c2, po->seeds[k], 0x414955ull);
        atomic_fetch_add(&po->played, 1);
        if (play_out(po->stop, po->stop_ctx, c2, po->side, po->seeds[k]))
            atomic_store(&po->stopped, true);
        po->v[p][k] = vl_ai_evaluate(c2, po->side);
        vl_game_destroy(c2);
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

/* Our movement phase in each posture, each on its own copy of the game (the same game with the
 * same dice), shared among threads like the play-outs. The postures' commanders share only the
 * memo, whose answers are fixed by their keys (moves.c), so each copy ends as it would alone. */
typedef struct PosturePhases {
    const Ai *ai;
    SettleMemo *memo; /* NULL (out of memory): each settles its own */
    MoveLog *logs;
    uint64_t seed;
    int P;
    VlGame *c[4];   /* each posture's copy after the phase (NULL: not played) */
    int node[4];    /* the history its phase left its copy at (-1: unknown) */
    bool played[4]; /* a copy was made */
    atomic_int next;
    atomic_bool failed, stopped;
} PosturePhases;

static void posture_phases_work(void *arg, int worker)
{
    PosturePhases *pp = arg;
    const Ai *ai = pp->ai;
    for (int p; (p = atomic_fetch_add(&pp->next, 1)) < pp->P;) {
        if (atomic_load(&pp->failed) || atomic_load(&pp->stopped))
            continue;
        if (ai->interrupt && ai->interrupt(ai->interrupt_ctx)) {
            atomic_store(&pp->stopped, true);
            continue;
        }
        VlGame *c = vl_game_clone(ai->g);
        if (!c) {
            atomic_store(&pp->failed, true);
            continue;
        }
        vl_game_reseed(c, pp->seed ^ 0x5bd1e995ull, 0x414955ull); /* as vl_ai_copy_game */
        pp->played[p] = true;
        VlRng r;
        vl_rng_seed(&r, pp->seed, 31);
        Ai sub;
        if (vl_ai_open_memo(&sub, c, &r, ai->level, &VL_AI_POSTURES[p], pp->memo)) {
            sub.nested = true;
            sub.mlog = &pp->logs[p]; /* kept: the phase in the posture chosen is given again from it */
            vl_ai_listen_to(&sub, ai->interrupt, ai->interrupt_ctx);
            vl_ai_movement_phase(&sub);
            if (pp->memo && !sub.failed)
                pp->node[p] = sub.snode;
        }
        if (sub.interrupted)
            atomic_store(&pp->stopped, true);
        vl_ai_close(&sub);
        VlCommand end = vl_ai_blank(VL_CMD_END_PHASE, -1);
        vl_game_apply(c, &end, NULL);
        pp->c[p] = c;
    }
}

/* The hard commander's look-ahead for the movement phase: each posture is played on a copy (our
 * moves as this commander would make them, then the rest as play_out), on the same dice streams,
 * and better_choice() chooses. Our moves on each copy are logged in @p logs (cleared by the
 * caller), so that the phase in the posture chosen need not be judged a second time. The streams
 * are as many as the level's unit-plays pay for: 3 on the full battle with all its 71 regiments
 * and batteries on the table, 8 on the brigade action's 25 or the tutorial's 6. */
int vl_ai_choose_posture(Ai *ai, MoveLog logs[4])
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
    /* First our movement phase in each posture, then every play-out. Every posture's copy is the
     * same game with the same dice: their orders settled on the same history of commands are
     * answered once. */
    PosturePhases pp = {ai, vl_ai_settle_memo_new(), logs, seeds[0], P, {NULL}, {-1, -1, -1, -1}, {false}, 0, false, false};
    if (!vl_ai_interrupted(ai))
        vl_parallel_run(0, posture_phases_work, &pp);
    vl_ai_settle_memo_free(pp.memo);
    ai->interrupted |= atomic_load(&pp.stopped);
    bool ok = !atomic_load(&pp.failed);
    /* A posture whose phase sent the very commands an earlier one sent leaves the same game, and is
     * played on from it with the same dice: its values are that one's, not played again. */
    int same_as[4] = {-1, -1, -1, -1};
    for (int p = 0; p < P; p++) {
        if (pp.played[p] && ai->plan)
            ai->plan->simulated++;
        for (int q = 0; q < p && same_as[p] < 0 && pp.node[p] >= 0; q++)
            if (pp.node[q] == pp.node[p])
                same_as[p] = q;
        if (same_as[p] >= 0) {
            if (ai->plan)
                ai->plan->simulated += S;
            vl_game_destroy(pp.c[p]);
            pp.c[p] = NULL;
        }
    }
    PlayOuts po = {pp.c, seeds, P, S, ai->side, ai->interrupted ? NULL : ai->interrupt, ai->interrupt_ctx, v, 0, 0, false, false};
    if (ok && !ai->interrupted)
        vl_parallel_run(0, play_outs_work, &po);
    for (int p = 0; p < P; p++) {
        vl_game_destroy(pp.c[p]);
        if (same_as[p] >= 0)
            for (int k = 0; k < S; k++)
                v[p][k] = v[same_as[p]][k];
    }
    if (ai->plan)
        ai->plan->simulated += atomic_load(&po.played);
    ai->interrupted |= atomic_load(&po.stopped);
    if (!ok || atomic_load(&po.failed))
        return 0;
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
    bool ok = vl_ai_open(&sub, c, NULL, &r, ai->level, NULL, ai->posture);
    if (ok) {
        sub.nested = true;
        sub.rec = rec;
        sub.fixed = fixed;
        vl_ai_listen_to(&sub, ai->interrupt, ai->interrupt_ctx);
        vl_ai_movement_phase(&sub);
        ai->interrupted |= sub.interrupted;
        ok = !sub.failed && !sub.interrupted;
    }
    vl_ai_close(&sub);
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

bool vl_ai_final_search(Ai *ai)
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
    VlGame *c = ok ? vl_ai_copy_game(ai, plan_seed) : NULL;
    ok = c && plan_on_copy(ai, c, plan_seed, NULL, &var[0]);
    vl_game_destroy(c);
    nv = ok ? 1 : 0;
    /* The variants: the orders before unit i's as the commander gave them, its alternative, and
     * the rest chosen afresh. */
    const FinalPlan *base = &var[0];
    for (int i = 0; ok && i < base->n; i++)
        for (int a = 1; a < base->o[i].nalt && nv < most; a++) {
            FinalPlan *fp = &var[nv];
            if (!(fp->o = calloc((size_t)ai->n, sizeof(FinalOrder))) || !(c = vl_ai_copy_game(ai, plan_seed))) {
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
        for (int k = 0; k < S && (ok = ok && !vl_ai_interrupted(ai)); k++) {
            VlGame *g2 = vl_ai_copy_game(ai, seeds[k]);
            if (!g2) {
                ok = false;
                break;
            }
            give_orders(g2, &var[p]);
            VlCommand end = vl_ai_blank(VL_CMD_END_PHASE, -1);
            vl_game_apply(g2, &end, NULL);
            ai->interrupted |= play_out(ai->interrupted ? NULL : ai->interrupt, ai->interrupt_ctx, g2, ai->side, seeds[k]);
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
            vl_ai_send(ai, &fo->cmd[0], &it);
        else
            vl_ai_note(ai, &it);
    }
    for (int p = 0; p < FINAL_VARIANTS; p++)
        free(var[p].o);
    free(v);
    free(fixed);
    return ok;
}
