/* Watching the computer play (src/ui/animate.c, src/ui/think.c) and the turn summary on the screen
 * (src/ui/summary.c, src/game/summary.c): a real app on the tutorial, a human against the computer
 * (which plays the first player turn), time simulated by the updates' clock, drawn by the software
 * renderer on a surface under SDL's dummy video driver. */
#include "testutil.h"

#include "animate.h"
#include "app.h"
#include "lesson.h"
#include "camera.h"
#include "settings.h"
#include "testui.h"
#include "summary.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TUTORIAL VL_SOURCE_ROOT "/scenarios/tutorial.json"

static TuUi g_ui;
static VlUiApp *g_app;
static char g_dir[256];
static uint32_t g_clock;

static void setup(void)
{
    tu_ui_tmpdir(g_dir, sizeof g_dir, "watch");
    VlUiOptions opt = tu_ui_options(g_dir);
    opt.settings_path[0] = 0; /* the defaults: no settings file */
    g_app = tu_ui_open(&g_ui, 1100, 720, &opt);
    g_app->settings.confirm_end_phase = false;
    g_clock = 0;
}

static void teardown(void)
{
    g_ui.app = g_app; /* a test may have made another */
    tu_ui_close(&g_ui);
    tu_ui_rmdir(g_dir);
}

/* A new game on the tutorial, seed @p seed: the human plays the Union (side 0), the computer the
 * Confederates, who move first; animations at @p anim. */
static void new_game(uint64_t seed, int anim)
{
    VlUiPlayer players[2] = {VL_UI_HUMAN, VL_UI_COMPUTER};
    g_app->settings.animation = anim;
    ck_assert_int_eq(vl_ui_app_new_game(g_app, TUTORIAL, seed, players), VL_OK);
    vl_ui_lesson_leave(g_app); /* the tutorial's lesson (test_lesson.c) is not what these watch */
    ck_assert_int_eq(vl_game_active_side(g_app->game), 1);
    g_clock = 0;
    vl_ui_app_update(g_app, g_clock);
}

static bool humans_turn(void)
{
    return !vl_ui_anim_busy(g_app) &&
           (g_app->human[vl_game_active_side(g_app->game)] || vl_game_over(g_app->game, NULL, NULL));
}

/* Let the clock run, 16 ms an update, until the human has the turn and no order is being shown;
 * returns the updates it took, or -1 past @p max. */
static int run_computer_turn(int max)
{
    for (int i = 0; i < max; i++) {
        if (humans_turn())
            return i;
        vl_ui_app_update(g_app, g_clock += 16);
    }
    return -1;
}

static void key(SDL_Keycode k, Uint16 mod)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    e.key.keysym.mod = mod;
    vl_ui_app_event(g_app, &e);
    e.type = SDL_KEYUP;
    vl_ui_app_event(g_app, &e);
}

static void click(int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    vl_ui_app_event(g_app, &e);
    e.type = SDL_MOUSEBUTTONUP;
    vl_ui_app_event(g_app, &e);
}

/* The human ends each phase of its player turn. */
static void human_passes(void)
{
    for (int i = 0; i < 8 && g_app->human[vl_game_active_side(g_app->game)] && !vl_game_over(g_app->game, NULL, NULL); i++) {
        VlUiAction a = {.kind = VL_ACT_COMMAND};
        a.cmd.kind = VL_CMD_END_PHASE;
        a.cmd.unit = a.cmd.target = -1;
        a.cmd.facing = NAN;
        g_app->watch.panel = false;
        vl_ui_app_act(g_app, &a);
        vl_ui_app_update(g_app, g_clock += 16);
    }
}

static Uint32 pixel(int x, int y)
{
    SDL_Rect r = {x, y, 1, 1};
    Uint32 v = 0;
    ck_assert_int_eq(SDL_RenderReadPixels(g_ui.r, &r, SDL_PIXELFORMAT_ARGB8888, &v, 4), 0);
    return v & 0xFFFFFFu;
}

static bool near_rgb(Uint32 got, unsigned want, int tol)
{
    return abs((int)(got >> 16 & 255) - (int)(want >> 16 & 255)) <= tol && abs((int)(got >> 8 & 255) - (int)(want >> 8 & 255)) <= tol &&
           abs((int)(got & 255) - (int)(want & 255)) <= tol;
}

/* ---- the orders shown as they happen ---- */

/* At NORMAL the computer's turn plays itself out: each order with something to show is an
 * animation of vl_ui_anim_duration_ms, the next order comes when it ends (no order is played while
 * one is shown), and the whole turn ends within a bounded number of updates. */
START_TEST(the_computers_turn_at_normal_finishes_by_itself)
{
    new_game(3, VL_UI_ANIM_NORMAL);
    int dur = vl_ui_anim_duration_ms(VL_UI_ANIM_NORMAL);
    ck_assert_int_gt(dur, 0);
    int shown_frames = 0, n_at_start = -1, serial = -1, played_while_shown = 0;
    int i = 0;
    for (; i < 20000 && !humans_turn(); i++) {
        if (vl_ui_anim_busy(g_app)) {
            shown_frames++;
            /* While one order is shown (the same serial), the log does not move. */
            if (serial == g_app->watch.shown)
                played_while_shown += g_app->log.n != n_at_start;
            serial = g_app->watch.shown;
            n_at_start = g_app->log.n;
        }
        /* Every frame draws (the table from the animation's copy, the lines and labels). */
        if (i % 7 == 0)
            vl_ui_app_draw(g_app);
        vl_ui_app_update(g_app, g_clock += 16);
    }
    ck_assert_msg(humans_turn(), "the computer's turn did not end within %d updates", i);
    ck_assert_int_gt(g_app->watch.shown, 2);
    ck_assert_int_eq(played_while_shown, 0);
    /* Each order shown took its whole time: at least dur / 16 frames each. */
    ck_assert_int_ge(shown_frames, g_app->watch.shown * (dur / 16 - 1));
    ck_assert_int_le(i, g_app->watch.shown * (dur / 16 + 2) + 200);
}
END_TEST

/* The animations only draw: two of the computer's turns (moves, fire, a charge) end in the same
 * state, with the same log, with them off, fast, normal or slow. */
START_TEST(the_state_is_the_same_with_animations_off_and_on)
{
    uint64_t hash[VL_UI_ANIM_COUNT];
    int logn[VL_UI_ANIM_COUNT], shown[VL_UI_ANIM_COUNT];
    for (int a = 0; a < VL_UI_ANIM_COUNT; a++) {
        new_game(3, a);
        ck_assert_int_ge(run_computer_turn(40000), 0);
        human_passes();
        ck_assert_int_ge(run_computer_turn(40000), 0);
        hash[a] = vl_game_hash(g_app->game);
        logn[a] = g_app->log.n;
        shown[a] = g_app->watch.shown;
    }
    ck_assert_int_eq(shown[VL_UI_ANIM_OFF], 0);
    for (int a = 1; a < VL_UI_ANIM_COUNT; a++) {
        ck_assert_uint_eq(hash[a], hash[VL_UI_ANIM_OFF]);
        ck_assert_int_eq(logn[a], logn[VL_UI_ANIM_OFF]);
        ck_assert_int_gt(shown[a], 0);
    }
}
END_TEST

/* Tab ends the order being shown at once; End (and Shift+Tab) plays the rest of the computer's
 * turn with no animation, in a few updates, to the same state. */
START_TEST(tab_fast_forwards_and_end_skips_the_computers_turn)
{
    new_game(3, VL_UI_ANIM_OFF);
    ck_assert_int_ge(run_computer_turn(40000), 0);
    uint64_t want = vl_game_hash(g_app->game);

    new_game(3, VL_UI_ANIM_SLOW);
    int i = 0;
    for (; i < 5000 && !vl_ui_anim_busy(g_app); i++)
        vl_ui_app_update(g_app, g_clock += 16);
    ck_assert(vl_ui_anim_busy(g_app));
    int n = g_app->log.n, shown = g_app->watch.shown;
    key(SDLK_TAB, KMOD_NONE);
    ck_assert(!vl_ui_anim_busy(g_app));
    ck_assert_int_eq(g_app->log.n, n); /* the key ends the showing, it plays nothing */
    /* The next order comes at the next update. */
    for (i = 0; i < 50 && g_app->watch.shown == shown; i++)
        vl_ui_app_update(g_app, g_clock += 16);
    ck_assert_int_gt(g_app->watch.shown, shown);
    ck_assert_int_lt(i, 50);
    /* End: no more animations, the turn over within a few updates (the commander planning each
     * phase left takes two), and the same state as with animations off. */
    key(SDLK_END, KMOD_NONE);
    ck_assert(!vl_ui_anim_busy(g_app));
    shown = g_app->watch.shown;
    int took = run_computer_turn(60);
    ck_assert_int_ge(took, 0);
    ck_assert_int_eq(g_app->watch.shown, shown);
    ck_assert_uint_eq(vl_game_hash(g_app->game), want);
    ck_assert(!g_app->watch.skip); /* skipping stops at the human's turn */

    /* Shift+Tab skips as End does. */
    new_game(3, VL_UI_ANIM_SLOW);
    for (i = 0; i < 5000 && !vl_ui_anim_busy(g_app); i++)
        vl_ui_app_update(g_app, g_clock += 16);
    ck_assert(vl_ui_anim_busy(g_app));
    key(SDLK_TAB, KMOD_LSHIFT);
    ck_assert(g_app->watch.skip);
    ck_assert_int_ge(run_computer_turn(60), 0);
    ck_assert_uint_eq(vl_game_hash(g_app->game), want);
}
END_TEST

/* Mid-animation the table shows the moving unit between where it stood and where it ends, and
 * the order's caption is drawn at the table's top. */
START_TEST(a_move_is_drawn_along_its_path)
{
    new_game(3, VL_UI_ANIM_NORMAL);
    const VlScenario *s = &g_app->scenario;
    bool seen = false;
    for (int i = 0; i < 20000 && !humans_turn() && !seen; i++) {
        vl_ui_app_update(g_app, g_clock += 16);
        if (!vl_ui_anim_busy(g_app) || vl_ui_anim_progress(g_app) < 0.3f || vl_ui_anim_progress(g_app) > 0.6f)
            continue;
        int k = g_app->log.n - 1;
        const VlCommand *c = &g_app->log.e[k].cmd;
        if (c->kind != VL_CMD_MOVE)
            continue;
        int u = c->move.unit;
        const VlGame *shown = vl_ui_anim_shown(g_app, g_app->game);
        ck_assert_ptr_ne(shown, g_app->game);
        VlVec2 now = vl_world_unit(vl_game_world_const(shown), u)->pose.anchor;
        VlVec2 end = vl_world_unit(vl_game_world_const(g_app->game), u)->pose.anchor;
        if (vl_v2_dist(now, end) < 0.5)
            continue; /* a formation change or a wheel in place */
        seen = true;
        /* The game itself already has the unit where it ends. */
        ck_assert_uint_ne(vl_game_hash(shown), vl_game_hash(g_app->game));
        vl_ui_app_draw(g_app);
        SDL_Rect m = g_app->rects.map;
        ck_assert(near_rgb(pixel(m.x + m.w / 2, m.y + 9), VL_UI_BAR_BG, 12)); /* the caption's box, above its text */
        (void)s;
    }
    ck_assert_msg(seen, "no move of the computer's was shown");
    ck_assert_int_ge(run_computer_turn(20000), 0);
    ck_assert_ptr_eq(vl_ui_anim_shown(g_app, g_app->game), g_app->game);
}
END_TEST

/* ---- the summary ---- */

/* The same summary as the core's, from a replay of the log to the end of the turn. */
static void core_summary(int upto, VlTurnSummary *out)
{
    VlGame *g = vl_game_create(&g_app->scenario, g_app->log.seed, &g_app->log.options);
    ck_assert_ptr_nonnull(g);
    vl_game_start(g);
    VlGame *start = NULL;
    int side = -1;
    for (int k = 0; k < upto; k++) {
        if (g_app->log.e[k].is_check)
            continue;
        if (vl_game_active_side(g) != side) {
            vl_game_destroy(start);
            start = vl_game_clone(g);
            side = vl_game_active_side(g);
        }
        ck_assert_int_eq(vl_game_apply(g, &g_app->log.e[k].cmd, NULL), VL_OK);
    }
    vl_summary_between(start, g, out);
    vl_game_destroy(start);
    vl_game_destroy(g);
}

/* After the computer's turn a panel lists its summary, line by line as the core words it; a click
 * on a line centres the table on it and selects its unit; a click elsewhere puts it away. */
START_TEST(the_summary_panel_follows_the_computers_turn)
{
    new_game(3, VL_UI_ANIM_FAST);
    ck_assert_int_ge(run_computer_turn(40000), 0);
    ck_assert(g_app->watch.panel);
    const VlTurnSummary *s = vl_ui_summary_shown(g_app);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(s->side, 1);
    ck_assert_int_eq(s->turn, 1);
    VlTurnSummary want;
    core_summary(g_app->log.n, &want);
    ck_assert_int_eq(s->n, want.n);
    ck_assert_int_gt(s->n, 0);
    char got_line[300], want_line[300];
    for (int i = 0; i < s->n; i++) {
        vl_summary_line_text(&g_app->scenario, s, i, got_line, sizeof got_line);
        vl_summary_line_text(&g_app->scenario, &want, i, want_line, sizeof want_line);
        ck_assert_str_eq(got_line, want_line);
    }
    /* Each line names what it is about by its name (on seed 3 the first is "Chambersburg Pike
     * crossing of Willoughby Run: taken by the Confederate"). */
    for (int i = 0; i < s->n; i++) {
        const VlSummaryLine *ln = &s->line[i];
        vl_summary_line_text(&g_app->scenario, s, i, got_line, sizeof got_line);
        const char *name = ln->unit >= 0 ? vl_unit_label(&g_app->scenario, ln->unit) : vl_objective_label(&g_app->scenario, ln->other);
        ck_assert_msg(strncmp(got_line, name, strlen(name)) == 0, "\"%s\" does not start with \"%s\"", got_line, name);
    }
    /* Drawn: the panel's ground where its layout says (the "now you can" panel, which stands in
     * the same corner when no summary is up, is put away so the corner shows the table after). */
    g_app->settings.phase_help = false;
    VlUiSummaryLayout l;
    vl_ui_summary_layout(g_app, s, &l);
    vl_ui_app_draw(g_app);
    ck_assert(near_rgb(pixel(l.box.x + l.box.w - 4, l.box.y + 4), VL_UI_BAR_BG, 12));
    /* A click on the line: the table's centre is the objective. */
    VlVec2 at = s->line[0].at;
    click(l.row[0].x + l.row[0].w / 2, l.row[0].y + l.row[0].h / 2);
    ck_assert_near(g_app->cam.target[0], at.x, 1e-3);
    ck_assert_near(g_app->cam.target[1], at.y, 1e-3);
    ck_assert(g_app->watch.panel);
    /* A click elsewhere puts it away; the table is under that corner again. */
    click(g_app->rects.map.x + 5, g_app->rects.map.y + g_app->rects.map.h - 5);
    ck_assert(!g_app->watch.panel);
    ck_assert_ptr_null(vl_ui_summary_shown(g_app));
    vl_ui_app_draw(g_app);
    ck_assert(!near_rgb(pixel(l.box.x + l.box.w - 4, l.box.y + 4), VL_UI_BAR_BG, 12));
}
END_TEST

/* The first of the computer's turns with a line about a unit (turn 2 on seed 3: a charge that
 * falters): the line, clicked, centres the table on that unit and selects it. Escape puts the panel
 * away and opens no menu. */
START_TEST(a_click_on_a_units_line_centres_the_table_on_it)
{
    new_game(3, VL_UI_ANIM_OFF);
    const VlTurnSummary *s = NULL;
    int k = -1;
    for (int turn = 1; turn <= 6 && k < 0 && !vl_game_over(g_app->game, NULL, NULL); turn++) {
        if (turn > 1)
            human_passes();
        ck_assert_int_ge(run_computer_turn(40000), 0);
        s = vl_ui_summary_shown(g_app);
        ck_assert_ptr_nonnull(s);
        ck_assert_int_eq(s->turn, turn);
        for (int i = 0; i < s->n && k < 0; i++)
            if (s->line[i].unit >= 0)
                k = i;
    }
    ck_assert_msg(k >= 0, "no line about a unit in the computer's first six turns");
    VlUiSummaryLayout l;
    vl_ui_summary_layout(g_app, s, &l);
    ck_assert_int_lt(k, l.nrows);
    int u = s->line[k].unit;
    const VlWorld *w = vl_game_world_const(g_app->game);
    VlBox b = vl_world_unit(w, u)->bounds;
    click(l.row[k].x + 40, l.row[k].y + l.row[k].h / 2);
    ck_assert_int_eq(g_app->view.selected, u);
    ck_assert_near(g_app->cam.target[0], (b.lo.x + b.hi.x) / 2, 1e-3);
    ck_assert_near(g_app->cam.target[1], (b.lo.y + b.hi.y) / 2, 1e-3);
    /* The unit is now at the table's centre on the screen. */
    float sx, sy;
    vl_ui_camera_to_screen(&g_app->cam, vl_v2_scale(vl_v2_add(b.lo, b.hi), 0.5), &sx, &sy);
    ck_assert_near(sx, g_app->rects.map.x + g_app->rects.map.w / 2.0, 1.0);
    key(SDLK_ESCAPE, KMOD_NONE);
    ck_assert(!g_app->watch.panel);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE);
}
END_TEST

/* Hot seat: the hand-over screen shows the summary of the turn that just ended. */
START_TEST(the_hand_over_shows_the_turn_that_ended)
{
    VlUiPlayer humans[2] = {VL_UI_HUMAN, VL_UI_HUMAN};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, TUTORIAL, 3, humans), VL_OK);
    int first = vl_game_active_side(g_app->game);
    for (int i = 0; i < 8 && vl_game_active_side(g_app->game) == first; i++) {
        VlUiAction a = {.kind = VL_ACT_COMMAND};
        a.cmd.kind = VL_CMD_END_PHASE;
        a.cmd.unit = a.cmd.target = -1;
        a.cmd.facing = NAN;
        vl_ui_app_act(g_app, &a);
    }
    ck_assert_int_eq(g_app->screen, VL_SCREEN_HANDOVER);
    ck_assert(g_app->watch.have_summary);
    ck_assert(!g_app->watch.panel);
    ck_assert_int_eq(g_app->watch.summary.side, first);
    VlTurnSummary want;
    core_summary(g_app->log.n, &want);
    ck_assert_int_eq(g_app->watch.summary.n, want.n);
    VlUiSummaryLayout l;
    vl_ui_summary_layout(g_app, &g_app->watch.summary, &l);
    vl_ui_app_draw(g_app);
    ck_assert(near_rgb(pixel(l.box.x + l.box.w - 4, l.box.y + 4), VL_UI_BAR_BG, 12));
}
END_TEST

/* The replay viewer shows the summary of the turn being viewed; Tab hides and shows it. */
START_TEST(the_replay_viewer_shows_the_viewed_turns_summary)
{
    new_game(3, VL_UI_ANIM_OFF);
    ck_assert_int_ge(run_computer_turn(40000), 0);
    human_passes();
    ck_assert_int_ge(run_computer_turn(40000), 0);
    VlTurnSummary want;
    core_summary(g_app->log.n, &want);
    ck_assert(vl_ui_app_save(g_app));
    char path[1024];
    snprintf(path, sizeof path, "%s", g_app->save_path);
    ck_assert_int_eq(vl_ui_app_replay(g_app, path), VL_OK);
    /* The last command: the end of the computer's second turn. */
    vl_ui_replay_seek(g_app, g_app->replay.ncmd - 1);
    const VlTurnSummary *s = vl_ui_summary_shown(g_app);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(s->turn, 2);
    ck_assert_int_eq(s->side, 1);
    ck_assert_int_eq(s->n, want.n);
    for (int i = 0; i < s->n; i++) {
        char a[300], b[300];
        vl_summary_line_text(&g_app->scenario, s, i, a, sizeof a);
        vl_summary_line_text(&g_app->scenario, &want, i, b, sizeof b);
        ck_assert_str_eq(a, b);
    }
    vl_ui_replay_seek(g_app, 1);
    s = vl_ui_summary_shown(g_app);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(s->turn, 1);
    vl_ui_app_draw(g_app);
    key(SDLK_TAB, KMOD_NONE);
    ck_assert_ptr_null(vl_ui_summary_shown(g_app));
    key(SDLK_TAB, KMOD_NONE);
    ck_assert_ptr_nonnull(vl_ui_summary_shown(g_app));
}
END_TEST

static Suite *watch_suite(void)
{
    Suite *s = suite_create("ui_watch");
    TCase *tc = tcase_create("watch");
    tcase_set_timeout(tc, 240);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, the_computers_turn_at_normal_finishes_by_itself);
    tcase_add_test(tc, the_state_is_the_same_with_animations_off_and_on);
    tcase_add_test(tc, tab_fast_forwards_and_end_skips_the_computers_turn);
    tcase_add_test(tc, a_move_is_drawn_along_its_path);
    tcase_add_test(tc, the_summary_panel_follows_the_computers_turn);
    tcase_add_test(tc, a_click_on_a_units_line_centres_the_table_on_it);
    tcase_add_test(tc, the_hand_over_shows_the_turn_that_ended);
    tcase_add_test(tc, the_replay_viewer_shows_the_viewed_turns_summary);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(watch_suite()); }
