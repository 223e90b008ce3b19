/* The computer players at the screen, and the thread they plan on.
 *
 * The computer plays the phase on a copy of the game; its commands are then shown one by one on
 * the real game (same state, same generator: the same results). The commander notes its decisions
 * in the side's plan, which it starts afresh at each of its player turns (overlay 6 draws it).
 *
 * A VlUiThink holds everything the planning touches: the copy, a scratch log, the computer's
 * generator and the side's plan, all copied in at the start and handed back at the end. The
 * thread that plans (opt.think_aside) therefore shares nothing with the window's thread but the
 * scenario, which neither writes and which lives until the session ends; vl_ui_session_end tells
 * the commander to give up (vl_ui_think_free) and waits for the thread before it frees anything. */
#include "animate.h"
#include "app.h"

#include <stdlib.h>

typedef struct VlUiThink {
    VlGame *copy;
    VlLog scratch;
    VlRng rng;
    VlAiPlan plan;
    VlUiPlayer who;
    int side;
    int issued;             /* what the commander returned: commands issued, -1 if one was refused */
    SDL_threadID planner;   /* the thread that planned */
    SDL_Thread *thread;     /* NULL when planned in line */
    SDL_atomic_t done;
    SDL_atomic_t drop;      /* set when the plan is no longer wanted: the commander gives up */
} VlUiThink;

static int dropped(void *arg) { return SDL_AtomicGet(&((VlUiThink *)arg)->drop); }

static int think(void *arg)
{
    VlUiThink *t = arg;
    t->planner = SDL_ThreadID();
    t->issued = t->who.kind == VL_PLAYER_RANDOM
                    ? vl_random_player_phase(t->copy, &t->scratch, &t->rng)
                    : vl_ai_phase_interruptible(t->copy, &t->scratch, &t->rng, t->who.level, &t->plan, dropped, t);
    SDL_AtomicSet(&t->done, 1);
    return 0;
}

/* Wait for the planning thread, if any: after it, everything it wrote is there to read. */
static void think_join(VlUiThink *t)
{
    if (t->thread)
        SDL_WaitThread(t->thread, NULL);
    t->thread = NULL;
}

/* Drop a VlUiThink: a plan still being made is given up (the commander stops at its next question,
 * within a unit's orders or one look-ahead game) and its thread waited for. */
void vl_ui_think_free(VlUiThink *t)
{
    if (!t)
        return;
    SDL_AtomicSet(&t->drop, 1);
    think_join(t);
    vl_log_free(&t->scratch);
    vl_game_destroy(t->copy);
    free(t);
}

/* Start planning the active side's phase: on a thread of its own with opt.think_aside (if one
 * can be had), else here and now. */
static void think_start(VlUiApp *app)
{
    VlUiThink *t = calloc(1, sizeof *t);
    if (!t || !(t->copy = vl_game_clone(app->game))) {
        free(t);
        return;
    }
    t->side = vl_game_active_side(app->game);
    t->who = app->player[t->side];
    t->rng = app->ai.rng;
    t->plan = app->ai.plan[t->side];
    vl_log_init(&t->scratch, &app->scenario, app->seed, &app->log.options);
    app->ai.think = t;
    if (app->opt.think_aside && (t->thread = SDL_CreateThread(think, "volley-commander", t)))
        return;
    think(t);
}

/* Take the plan of a finished VlUiThink: the generator and the plan back, the commands queued. */
static void think_finish(VlUiApp *app)
{
    VlUiThink *t = app->ai.think;
    app->ai.think = NULL;
    think_join(t);
    app->ai.rng = t->rng;
    app->ai.plan[t->side] = t->plan;
    app->ai.planner = t->planner;
    free(app->ai.queue);
    app->ai.queue = malloc((size_t)(t->scratch.n ? t->scratch.n : 1) * sizeof *app->ai.queue);
    app->ai.n = app->ai.next = 0;
    for (int i = 0; app->ai.queue && i < t->scratch.n; i++)
        if (!t->scratch.e[i].is_check)
            app->ai.queue[app->ai.n++] = t->scratch.e[i].cmd;
    if (t->issued < 0) {
        vl_ui_app_message(app, true, "The computer player sent a refused order (a bug); it hands the side to a human.");
        app->player[t->side] = VL_UI_HUMAN;
        app->human[t->side] = true;
        app->ai.n = 0;
    }
    vl_ui_think_free(t);
}

int vl_ui_plan_intents(const VlUiApp *app, int u, const VlAiIntent **out, int max)
{
    int n = 0;
    for (int s = 0; s < 2 && u >= 0; s++) {
        const VlAiPlan *p = &app->ai.plan[s];
        if (p->side < 0)
            continue;
        for (int i = 0; i < p->n && n < max; i++) {
            const VlAiIntent *it = &p->items[i];
            if (it->unit == u && (it->issued || it->kind == VL_CMD_END_PHASE))
                out[n++] = it;
        }
    }
    return n;
}

/* Play the next queued command. Watched (a human plays the other side, animations on), it is shown
 * as an animation, and the next one follows when that ends: the pace is the animation's. Else the
 * next follows opt.ai_delay_ms later. */
static void play_next(VlUiApp *app, uint32_t now_ms)
{
    VlCommand c = app->ai.queue[app->ai.next++];
    bool show = vl_ui_watching(app) && !app->watch.skip;
    VlGame *before = show ? vl_game_clone(app->game) : NULL;
    app->watch.quiet = show; /* the animation says what happened: no message for each event */
    bool ok = vl_ui_apply_command(app, &c);
    app->watch.quiet = false;
    if (ok && before)
        vl_ui_anim_start(app, before, &c, now_ms);
    vl_game_destroy(before);
    if (app->game && (app->human[vl_game_active_side(app->game)] || vl_game_over(app->game, NULL, NULL)))
        app->watch.skip = false; /* End skips the computer's turn only */
    app->ai.due = now_ms + (uint32_t)(show || app->watch.skip ? 0 : app->opt.ai_delay_ms);
}

/* The computer's side: say it thinks (one frame), plan (in line or aside), then play the queued
 * commands one by one, each shown as it happens (animate.c) or opt.ai_delay_ms apart. */
void vl_ui_think_update(VlUiApp *app, uint32_t now_ms)
{
    if (app->game && app->human[vl_game_active_side(app->game)])
        app->watch.skip = false; /* End skips the computer's turn only */
    if (app->screen != VL_SCREEN_GAME || !app->game || app->sandbox || app->view.confirm_quit ||
        app->dialog.kind != VL_DIALOG_NONE || vl_ui_anim_busy(app))
        return;
    if (vl_game_over(app->game, NULL, NULL) || app->human[vl_game_active_side(app->game)])
        return;
    if (!app->ai.think && app->ai.next >= app->ai.n) {
        /* Say so in one frame first: the commander may think for a second on a big table. */
        if (!app->ai.thinking) {
            app->ai.thinking = true;
            return;
        }
        think_start(app);
        if (!app->ai.think || app->ai.think->thread)
            return; /* a plan on its own thread is looked at from the next update on */
    }
    if (app->ai.think) {
        /* Planned in line it is done; on its own thread the window goes on until it is. */
        if (!SDL_AtomicGet(&app->ai.think->done))
            return;
        app->ai.thinking = false;
        think_finish(app);
        app->ai.due = now_ms + (uint32_t)(vl_ui_watching(app) || app->watch.skip ? 0 : app->opt.ai_delay_ms);
        return;
    }
    if (now_ms < app->ai.due)
        return;
    play_next(app, now_ms);
    /* Skipping, the rest of the phase's commands at once. */
    while (app->watch.skip && app->ai.next < app->ai.n && app->screen == VL_SCREEN_GAME && !vl_game_over(app->game, NULL, NULL) &&
           !app->human[vl_game_active_side(app->game)])
        play_next(app, now_ms);
}
