/* The tutorial's lesson (src/ui/lesson.c), the "now you can" panel and the rule hovers
 * (src/ui/phasehelp.c): events injected into a real app on the tutorial against the computer, as a
 * player would make them (the script verbs of src/ui/script.c), drawn by the software renderer on a
 * surface under SDL's dummy video driver. */
#include "testutil.h"

#include "app.h"
#include "camera.h"
#include "lesson.h"
#include "phasehelp.h"
#include "script.h"
#include "settings.h"
#include "testui.h"

#include <SDL.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static TuUi g_ui;
static VlUiApp *g_app;
static char g_dir[256];
static uint32_t g_clock;

/* A new tutorial game, the Confederates (who play first) a human here, the Union the computer. */
static void start_game(uint64_t seed)
{
    VlUiPlayer players[2] = {VL_UI_COMPUTER, VL_UI_HUMAN};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json", seed, players), VL_OK);
    g_clock = 0;
    vl_ui_app_update(g_app, g_clock);
}

static void setup(void)
{
    tu_ui_tmpdir(g_dir, sizeof g_dir, "lesson");
    VlUiOptions opt = tu_ui_options(g_dir);
    g_app = tu_ui_open(&g_ui, 1280, 800, &opt);
    g_app->settings.confirm_end_phase = false; /* the run ends its phases on purpose */
    start_game(3);
}

static void teardown(void)
{
    tu_ui_close(&g_ui);
    tu_ui_rmdir(g_dir);
}

/* One script line, as a player's events; it must be understood. */
static void act(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void act(const char *fmt, ...)
{
    char line[300], err[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    ck_assert_msg(vl_ui_script_line(g_app, line, &g_clock, err, sizeof err), "%s: %s", line, err);
}

static const char *step_name(void) { return vl_ui_lesson_step_name(g_app->lesson.step); }

static const char *id_of(int u) { return g_app->scenario.units[u].id; }

/* Draw a frame: the lesson sets what it rings as it draws. */
static void frame(void)
{
    vl_ui_app_update(g_app, g_clock);
    vl_ui_app_draw(g_app);
}

/* What a newcomer does at each step, read from the lesson's own words and rings (never from its
 * internals beyond what the screen shows): the whole lesson, whatever the computer did between. */
static void do_step(void)
{
    VlUiLesson *l = &g_app->lesson;
    const char *s = step_name();
    VlGame *g = g_app->game;
    bool mine = vl_game_active_side(g) == l->side;
    frame();
    if (!strcmp(s, "your-turn")) {
        act("wait 500");
    } else if (!strcmp(s, "phases") || !strcmp(s, "end-movement") || !strcmp(s, "close-combat") || !strcmp(s, "result")) {
        act("key Return");
    } else if (!strcmp(s, "select")) {
        ck_assert_int_ge(l->focus_unit, 0);
        act("click-unit %s", id_of(l->focus_unit));
    } else if (!strcmp(s, "forward")) {
        /* About 3 in straight ahead, Ctrl held as the button is let go. */
        const VlFootprint *fp = &vl_world_unit(vl_game_world_const(g), l->unit)->fp;
        act("keydown Left Ctrl");
        act("drag-unit %s %.3f %.3f", id_of(l->unit), fp->fwd.x * 3, fp->fwd.y * 3);
        act("keyup Left Ctrl");
    } else if (!strcmp(s, "wheel")) {
        /* The ringed corner of the ghost, dragged 2 in ahead: about 15 degrees. */
        ck_assert_int_ge(l->focus_corner, 0);
        const VlFootprint *fp = &vl_world_unit(vl_game_world_const(g), l->unit)->fp;
        act("drag-corner %s %s %.3f %.3f", id_of(l->unit), l->focus_corner == 0 ? "left" : "right", fp->fwd.x * 2, fp->fwd.y * 2);
        /* A wheel that leaves allowance is held (D-UI-ORD-1): the prompt says so, and Enter orders
         * the move (one that uses it all went at once). */
        if (g_app->view.gesture.fixed > 0) {
            char held[1200];
            vl_ui_lesson_prompt(g_app, held, sizeof held);
            ck_assert_msg(strstr(held, "held") && strstr(held, "Enter"), "%s", held);
            act("key Return");
        }
    } else if (!strcmp(s, "battery")) {
        act("click-unit %s", id_of(l->focus_unit));
        act("key U");
    } else if (!strcmp(s, "enemy-turn")) {
        if (mine && g_app->human[l->side])
            act("key Return");
        else
            act("wait 500");
    } else if (!strcmp(s, "fire")) {
        ck_assert_int_ge(l->focus_unit2, 0);
        act("click-unit %s", id_of(l->focus_unit));
        act("click-unit %s", id_of(l->focus_unit2));
        act("click-unit %s", id_of(l->focus_unit2));
    } else if (!strcmp(s, "charge")) {
        if (vl_game_phase(g) != VL_PHASE_CHARGE) {
            act("key Return");
        } else {
            ck_assert_int_ge(l->focus_unit2, 0);
            act("drag-unit-to %s %s", id_of(l->unit), id_of(l->focus_unit2));
        }
    } else if (!strcmp(s, "rally")) {
        if (l->focus_unit >= 0) {
            act("click-unit %s", id_of(l->focus_unit));
            act("key R");
        } else {
            act("key Return");
        }
    } else {
        ck_abort_msg("no action for step %s", s);
    }
}

/* Play the lesson to its end; returns which steps were done (bit i) rather than skipped. */
static unsigned play_lesson(void)
{
    for (int guard = 0; guard < 400 && g_app->lesson.active && strcmp(step_name(), "end") != 0; guard++) {
        char prompt[1200];
        vl_ui_lesson_prompt(g_app, prompt, sizeof prompt);
        ck_assert_msg(strlen(prompt) > 40, "step %s has no words", step_name());
        do_step();
    }
    return ((1u << g_app->lesson.step) - 1) & ~g_app->lesson.skipped_steps;
}

static int step_index(const char *name)
{
    for (int i = 0; i < vl_ui_lesson_steps(); i++)
        if (!strcmp(vl_ui_lesson_step_name(i), name))
            return i;
    ck_abort_msg("no step %s", name);
    return -1;
}

START_TEST(the_tutorial_starts_the_lesson_on_its_first_step)
{
    ck_assert(g_app->lesson.active);
    ck_assert_str_eq(step_name(), "phases"); /* the pupil moves first: no wait */
    ck_assert_int_eq(g_app->lesson.side, vl_game_active_side(g_app->game));
    ck_assert_str_eq(id_of(g_app->lesson.unit), "c_1tn");
    ck_assert_str_eq(id_of(g_app->lesson.battery), "c_marye");
    frame();
    ck_assert_int_eq(g_app->lesson.focus_button, VL_BTN_END_PHASE);
    ck_assert_int_gt(g_app->lesson.panel.w, 0);
    /* Another scenario is no lesson. */
    VlUiPlayer players[2] = {VL_UI_COMPUTER, VL_UI_HUMAN};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/brigade-action.json", 3, players), VL_OK);
    ck_assert(!g_app->lesson.active);
}
END_TEST

START_TEST(a_scripted_newcomer_reaches_the_end_of_the_lesson)
{
    unsigned done = play_lesson();
    ck_assert_msg(g_app->lesson.active, "the lesson closed itself");
    ck_assert_str_eq(step_name(), "end");
    /* The steps that depend on nobody but the player were done, not skipped. */
    const char *must[] = {"your-turn", "phases", "select", "forward", "wheel", "battery", "end-movement", "enemy-turn", "fire", "charge"};
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++)
        ck_assert_msg(done & (1u << step_index(must[i])), "step %s was skipped: %s", must[i], g_app->lesson.note);
    /* What the lesson asked for is in the log: the forward step and the wheel in one order, the guns
     * unlimbered and fired, the charge declared. */
    bool wheel = false, fire = false, charge = false;
    for (int k = 0; k < g_app->log.n; k++) {
        const VlCommand *c = &g_app->log.e[k].cmd;
        if (g_app->log.e[k].is_check || c->unit < 0 || g_app->scenario.units[c->unit].side != g_app->lesson.side)
            continue;
        if (c->kind == VL_CMD_MOVE && c->unit == g_app->lesson.unit && c->move.nsteps == 2 &&
            c->move.steps[0].kind == VL_STEP_ADVANCE && c->move.steps[1].kind == VL_STEP_WHEEL)
            wheel = true;
        fire |= c->kind == VL_CMD_ARTILLERY_FIRE;
        charge |= c->kind == VL_CMD_CHARGE && c->unit == g_app->lesson.unit;
    }
    ck_assert(wheel);
    ck_assert(fire);
    ck_assert(charge);
    ck_assert_int_eq(vl_game_turn(g_app->game), 2);
    /* The last step's button closes it; the game goes on. */
    frame();
    SDL_Rect b = g_app->lesson.leave;
    act("click %d %d", b.x + b.w / 2, b.y + b.h / 2);
    ck_assert(!g_app->lesson.active);
    ck_assert_ptr_nonnull(g_app->game);
}
END_TEST

START_TEST(other_seeds_reach_the_end_too)
{
    for (uint64_t seed = 1; seed <= 4; seed++) {
        start_game(seed);
        play_lesson();
        ck_assert_msg(g_app->lesson.active && !strcmp(step_name(), "end"), "seed %llu stopped at %s",
                      (unsigned long long)seed, step_name());
    }
}
END_TEST

/* The menu's first game: the player the Union, the computer the Confederates, who move first. */
START_TEST(the_second_side_as_pupil_waits_for_its_turn_and_reaches_the_end)
{
    VlUiPlayer players[2] = {VL_UI_HUMAN, VL_UI_COMPUTER};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json", 5, players), VL_OK);
    g_clock = 0;
    vl_ui_app_update(g_app, g_clock);
    ck_assert(g_app->lesson.active);
    ck_assert_int_eq(g_app->lesson.side, 0);
    ck_assert_str_eq(step_name(), "your-turn");
    unsigned done = play_lesson();
    ck_assert_str_eq(step_name(), "end");
    const char *must[] = {"your-turn", "phases", "select", "forward", "wheel", "end-movement", "enemy-turn"};
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++)
        ck_assert_msg(done & (1u << step_index(must[i])), "step %s was skipped: %s", must[i], g_app->lesson.note);
    /* Its battery stood unlimbered from the start: that step was skipped, saying so. */
    ck_assert(!(done & (1u << step_index("battery"))));
    /* Nobody here: no lesson. */
    VlUiPlayer none[2] = {VL_UI_COMPUTER, VL_UI_COMPUTER};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json", 5, none), VL_OK);
    ck_assert(!g_app->lesson.active);
}
END_TEST

START_TEST(x_leaves_the_lesson_and_the_game_goes_on)
{
    act("key Return");
    ck_assert(g_app->lesson.active);
    act("key X");
    ck_assert(!g_app->lesson.active);
    frame();
    ck_assert_int_eq(g_app->lesson.panel.w, 0);
    /* The game is still played: the next phase ends as before, with no lesson to follow it. */
    VlPhase before = vl_game_phase(g_app->game);
    act("key Return");
    ck_assert_int_ne(vl_game_phase(g_app->game), before);
    ck_assert(!g_app->lesson.active);
}
END_TEST

START_TEST(a_regiment_gone_skips_its_steps_with_a_word)
{
    /* The regiment the lesson follows is lost before its movement phase. */
    int u = g_app->lesson.unit;
    tu_world(g_app->game)->units[u].removed = true;
    act("key Return");
    act("key Return");
    act("key Return");
    frame();
    ck_assert_str_eq(step_name(), "battery");
    ck_assert_ptr_nonnull(strstr(g_app->lesson.note, vl_unit_label(&g_app->scenario, u)));
    ck_assert_ptr_nonnull(strstr(g_app->lesson.note, "gone"));
    ck_assert_int_ge(g_app->lesson.skipped, 3);
}
END_TEST

START_TEST(an_order_sent_without_ctrl_asks_for_undo_and_the_wheel_still_counts)
{
    act("key Return");
    act("key Return");
    act("key Return");
    VlUiLesson *l = &g_app->lesson;
    act("click-unit %s", id_of(l->unit));
    const VlFootprint *fp = &vl_world_unit(vl_game_world_const(g_app->game), l->unit)->fp;
    act("drag-unit %s %.3f %.3f", id_of(l->unit), fp->fwd.x * 3, fp->fwd.y * 3);
    ck_assert_str_eq(step_name(), "wheel");
    char prompt[1200];
    vl_ui_lesson_prompt(g_app, prompt, sizeof prompt);
    ck_assert_ptr_nonnull(strstr(prompt, "Undo"));
    frame();
    ck_assert_int_eq(l->focus_button, VL_BTN_UNDO);
    act("key z ctrl");
    ck_assert_str_eq(step_name(), "wheel");
    vl_ui_lesson_prompt(g_app, prompt, sizeof prompt);
    ck_assert_ptr_null(strstr(prompt, "Undo"));
    /* Forward with Ctrl, then the corner: the wheel step is done. */
    fp = &vl_world_unit(vl_game_world_const(g_app->game), l->unit)->fp;
    act("keydown Left Ctrl");
    act("drag-unit %s %.3f %.3f", id_of(l->unit), fp->fwd.x * 3, fp->fwd.y * 3);
    act("keyup Left Ctrl");
    frame();
    act("drag-corner %s %s %.3f %.3f", id_of(l->unit), l->focus_corner == 0 ? "left" : "right", fp->fwd.x * 2, fp->fwd.y * 2);
    ck_assert_str_eq(step_name(), "wheel"); /* held, not yet ordered */
    act("key Return");
    ck_assert_str_eq(step_name(), "battery");
}
END_TEST

START_TEST(the_phase_panel_says_what_the_phase_allows_and_n_toggles_it_saved)
{
    act("key X"); /* the lesson hides the panel while it is shown */
    act("key Return");
    act("key Return");
    act("key Return");
    ck_assert_int_eq(vl_game_phase(g_app->game), VL_PHASE_MOVEMENT);
    char lines[8][200];
    int n = vl_ui_phase_help_lines(g_app, g_app->game, lines, 8);
    ck_assert_int_ge(n, 3);
    ck_assert_ptr_nonnull(strstr(lines[0], "front corner to wheel"));
    char want[64];
    snprintf(want, sizeof want, "%d of your units can still move", vl_game_units_able(g_app->game, NULL, 0));
    bool found = false;
    for (int i = 0; i < n; i++)
        found |= strstr(lines[i], want) != NULL;
    ck_assert_msg(found, "no line says \"%s\"", want);
    /* One order: one unit fewer. */
    act("click-unit c_13al");
    act("key L");
    n = vl_ui_phase_help_lines(g_app, g_app->game, lines, 8);
    snprintf(want, sizeof want, "%d of your units can still move", vl_game_units_able(g_app->game, NULL, 0));
    found = false;
    for (int i = 0; i < n; i++)
        found |= strstr(lines[i], want) != NULL;
    ck_assert_msg(found, "no line says \"%s\" after an order", want);
    ck_assert(g_app->settings.phase_help);
    act("key N");
    ck_assert(!g_app->settings.phase_help);
    VlUiSettings back;
    char err[300];
    ck_assert_msg(vl_ui_settings_load(g_app->opt.settings_path, &back, err, sizeof err), "%s", err);
    ck_assert(!back.phase_help);
    act("key N");
    ck_assert(g_app->settings.phase_help);
    ck_assert(vl_ui_settings_load(g_app->opt.settings_path, &back, err, sizeof err));
    ck_assert(back.phase_help);
}
END_TEST

START_TEST(pointing_at_a_rule_id_shows_its_explanation)
{
    /* The events roll's heading in the dice log names GOR-TURN-1. */
    act("hover-rule GOR-TURN-1");
    frame();
    int i = g_app->help.spots.shown;
    ck_assert_int_ge(i, 0);
    ck_assert_str_eq(g_app->help.spots.spot[i].id[0], "GOR-TURN-1");
    /* The standing orders' toggles name their rules too; away from every id, no box. */
    act("hover-rule GOR-CHG-9");
    frame();
    ck_assert_int_ge(g_app->help.spots.shown, 0);
    act("move 5 5");
    frame();
    ck_assert_int_eq(g_app->help.spots.shown, -1);
    /* Ids are found in running text, known ones only. */
    char ids[4][16];
    ck_assert_int_eq(vl_ui_rule_ids_in("cannot fire: in the way (GOR-FIRE-6); see D-GAME-3 and XGOR-FIRE-1, GOR-NOPE-9", ids, 4), 2);
    ck_assert_str_eq(ids[0], "GOR-FIRE-6");
    ck_assert_str_eq(ids[1], "D-GAME-3");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lesson");
    TCase *tc = tcase_create("lesson");
    tcase_set_timeout(tc, 240);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, the_tutorial_starts_the_lesson_on_its_first_step);
    tcase_add_test(tc, a_scripted_newcomer_reaches_the_end_of_the_lesson);
    tcase_add_test(tc, other_seeds_reach_the_end_too);
    tcase_add_test(tc, the_second_side_as_pupil_waits_for_its_turn_and_reaches_the_end);
    tcase_add_test(tc, x_leaves_the_lesson_and_the_game_goes_on);
    tcase_add_test(tc, a_regiment_gone_skips_its_steps_with_a_word);
    tcase_add_test(tc, an_order_sent_without_ctrl_asks_for_undo_and_the_wheel_still_counts);
    tcase_add_test(tc, the_phase_panel_says_what_the_phase_allows_and_n_toggles_it_saved);
    tcase_add_test(tc, pointing_at_a_rule_id_shows_its_explanation);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
