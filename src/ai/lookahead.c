/* Look-ahead plays on copies of the game, with dice of the commander's own: the hard commander's
 * postures for the movement phase, played through the enemy's reply, and the last movement phase at
 * normal and hard, played to the end of the game (final_search); better_choice() takes another
 * choice than the commander's own only when it is ahead by more than the dice's spread. */
#include "commander_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

void vl_ai_gate_open(StopGate *gate, Ai *ai)
{
    gate->ask = ai->interrupt;
    gate->ctx = ai->interrupt_ctx;
    gate->owner = pthread_self();
    atomic_init(&gate->stopped, vl_ai_interrupted(ai));
}

int vl_ai_gate_ask(void *arg)
{
    StopGate *gate = arg;
    if (atomic_load(&gate->stopped))
        return 1;
    if (!gate->ask || !pthread_equal(pthread_self(), gate->owner) || !gate->ask(gate->ctx))
        return 0;
    atomic_store(&gate->stopped, true);
    return 1;
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

/* The posture look-ahead's work, shared among threads (vl_parallel_run): first our movement phase
 * in each posture, each on its own copy of the game (the same game with the same dice), then the
 * play-outs, P postures times S dice streams, each on its own clone of its posture's copy. A
 * play-out of posture p waits until the phases of postures 0 to p are done: only then is it known
 * whether p sent the same commands as an earlier posture, whose values it then takes instead.
 * The postures' commanders share only the memo, whose answers are fixed by their keys (moves.c),
 * and each play writes only its own value, so every value, and so the choice, is that of playing
 * them one after the other. */
typedef struct Look {
    const Ai *ai;
    SettleMemo *memo; /* NULL (out of memory): each posture settles its own */
    MoveLog *logs;
    const uint64_t *seeds;
    int P, S;
    double (*v)[8];
    StopGate *gate;       /* asked between tasks, units and phases */
    pthread_mutex_t lock; /* guards what follows */
    pthread_cond_t ready; /* a posture's phase is done, or the look-ahead gives up */
    int next;             /* the next task: postures 0..P-1, then play-out (p, k) as P + p * S + k */
    int settled;          /* postures 0..settled-1 are done and compared with the ones before */
    bool done[4];         /* posture p's phase is done */
    VlGame *c[4];         /* each posture's copy after the phase (NULL: not played, or the same as another) */
    int node[4];          /* the history its phase left its copy at (-1: unknown) */
    int same_as[4];       /* the earlier posture that sent the same commands (-1: none) */
    int copies, played;   /* copies made for the phases, play-outs played */
    bool failed, stopped;
} Look;

/* Posture p's movement phase on a copy of the game (called without the lock). */
static void posture_phase(Look *lk, int p)
{
    const Ai *ai = lk->ai;
    VlGame *c = vl_game_clone(ai->g);
    bool stopped = false;
    if (c) {
        vl_game_reseed(c, lk->seeds[0] ^ 0x5bd1e995ull, 0x414955ull); /* as vl_ai_copy_game */
        VlRng r;
        vl_rng_seed(&r, lk->seeds[0], 31);
        Ai sub;
        if (vl_ai_open_memo(&sub, c, &r, ai->level, &VL_AI_POSTURES[p], lk->memo)) {
            sub.nested = true;
            sub.mlog = &lk->logs[p]; /* kept: the phase in the posture chosen is given again from it */
            vl_ai_listen_to(&sub, vl_ai_gate_ask, lk->gate);
            vl_ai_movement_phase(&sub);
            if (lk->memo && !sub.failed)
                lk->node[p] = sub.snode;
        }
        stopped = sub.interrupted;
        vl_ai_close(&sub);
        VlCommand end = vl_ai_blank(VL_CMD_END_PHASE, -1);
        vl_game_apply(c, &end, NULL);
    }
    pthread_mutex_lock(&lk->lock);
    lk->copies += c != NULL;
    lk->failed |= c == NULL;
    lk->stopped |= stopped;
    lk->c[p] = c;
    lk->done[p] = true;
    /* A posture whose phase sent the very commands an earlier one sent leaves the same game, and is
     * played on from it with the same dice: its values are that one's, not played again. */
    for (; lk->settled < lk->P && lk->done[lk->settled]; lk->settled++) {
        int q = lk->settled;
        for (int e = 0; e < q && lk->same_as[q] < 0 && lk->node[q] >= 0; e++)
            if (lk->node[e] == lk->node[q])
                lk->same_as[q] = e;
        if (lk->same_as[q] >= 0) {
            vl_game_destroy(lk->c[q]);
            lk->c[q] = NULL;
        }
    }
    pthread_cond_broadcast(&lk->ready);
    pthread_mutex_unlock(&lk->lock);
}

/* Play-out k of posture p (called without the lock; its posture's copy is settled and kept until
 * the look-ahead ends). */
static void posture_play_out(Look *lk, VlGame *from, int p, int k)
{
    const Ai *ai = lk->ai;
    VlGame *c2 = vl_game_clone(from);
    bool stopped = false;
    if (c2) {
        vl_game_reseed(c2, lk->seeds[k], 0x414955ull);
        stopped = play_out(vl_ai_gate_ask, lk->gate, c2, ai->side, lk->seeds[k]);
        lk->v[p][k] = vl_ai_evaluate(c2, ai->side);
        vl_game_destroy(c2);
    }
    pthread_mutex_lock(&lk->lock);
    lk->played += c2 != NULL;
    lk->failed |= c2 == NULL;
    if (stopped && !lk->stopped) {
        lk->stopped = true;
        pthread_cond_broadcast(&lk->ready);
    }
    pthread_mutex_unlock(&lk->lock);
}

/* Asked with the lock held: is the look-ahead to give up? Tells the others when it is. */
static bool look_stops(Look *lk)
{
    if (!lk->stopped && vl_ai_gate_ask(lk->gate)) {
        lk->stopped = true;
        pthread_cond_broadcast(&lk->ready);
    }
    return lk->stopped;
}

static void look_work(void *arg, int worker)
{
    Look *lk = arg;
    pthread_mutex_lock(&lk->lock);
    while (lk->next < lk->P * (1 + lk->S) && !lk->failed && !look_stops(lk)) {
        int t = lk->next++;
        int p = t < lk->P ? t : (t - lk->P) / lk->S;
        while (t >= lk->P && lk->settled <= p && !lk->failed && !look_stops(lk)) {
            if (worker == 0) {
                /* The thread that plans asks the interrupt now and then while it waits. */
                struct timespec until;
                clock_gettime(CLOCK_REALTIME, &until);
                until.tv_nsec += 20 * 1000 * 1000;
                if (until.tv_nsec >= 1000 * 1000 * 1000) {
                    until.tv_sec++;
                    until.tv_nsec -= 1000 * 1000 * 1000;
                }
                pthread_cond_timedwait(&lk->ready, &lk->lock, &until);
            } else {
                pthread_cond_wait(&lk->ready, &lk->lock);
            }
        }
        if (lk->failed || lk->stopped)
            break;
        VlGame *from = lk->c[p];
        pthread_mutex_unlock(&lk->lock);
        if (t < lk->P)
            posture_phase(lk, p);
        else if (from)
            posture_play_out(lk, from, p, (t - lk->P) % lk->S);
        pthread_mutex_lock(&lk->lock);
    }
    pthread_mutex_unlock(&lk->lock);
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
    StopGate gate;
    vl_ai_gate_open(&gate, ai);
    Look lk = {.ai = ai, .logs = logs, .seeds = seeds, .P = P, .S = S, .v = v, .gate = &gate};
    for (int p = 0; p < 4; p++)
        lk.node[p] = lk.same_as[p] = -1;
    if (pthread_mutex_init(&lk.lock, NULL) != 0)
        return 0;
    if (pthread_cond_init(&lk.ready, NULL) != 0) {
        pthread_mutex_destroy(&lk.lock);
        return 0;
    }
    /* Every posture's copy is the same game with the same dice: their orders settled on the same
     * history of commands are answered once. */
    lk.memo = vl_ai_settle_memo_new();
    if (!atomic_load(&gate.stopped))
        vl_parallel_run(0, look_work, &lk);
    vl_ai_settle_memo_free(lk.memo);
    pthread_cond_destroy(&lk.ready);
    pthread_mutex_destroy(&lk.lock);
    for (int p = 0; p < P; p++) {
        vl_game_destroy(lk.c[p]);
        if (lk.same_as[p] >= 0) {
            for (int k = 0; k < S; k++)
                v[p][k] = v[lk.same_as[p]][k];
            lk.played += S; /* counted as played, as the values are */
        }
    }
    if (ai->plan)
        ai->plan->simulated += lk.copies + lk.played;
    ai->interrupted |= lk.stopped || atomic_load(&gate.stopped);
    if (lk.failed || ai->interrupted)
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
