/* The game screen's dialogues and window behaviour (src/ui/dialog.c, settings.c, the idle wait
 * and refit in app.c): events injected into a real app on the tutorial, drawn by the software
 * renderer on a surface under SDL's dummy video driver. */
#include "testutil.h"

#include "app.h"
#include "camera.h"
#include "dialog.h"
#include "script.h"
#include "settings.h"
#include "testui.h"
#include "rules_screen.h"
#include "compare.h"
#include "volley/edit.h"

#include <SDL.h>
#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static TuUi g_ui;
static VlUiApp *g_app;
static char g_dir[256];

static void setup(void)
{
    tu_ui_tmpdir(g_dir, sizeof g_dir, "dialogs");
    VlUiOptions opt = tu_ui_options(g_dir);
    g_app = tu_ui_open(&g_ui, 1100, 720, &opt);
    VlUiPlayer human[2] = {VL_UI_HUMAN, VL_UI_HUMAN};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json", 3, human), VL_OK);
    vl_ui_app_update(g_app, 0);
}

static void teardown(void)
{
    tu_ui_close(&g_ui);
    tu_ui_rmdir(g_dir);
}

static void press(SDL_Keycode k)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    vl_ui_app_event(g_app, &e);
    e.type = SDL_KEYUP;
    vl_ui_app_event(g_app, &e);
    vl_ui_app_update(g_app, g_app->now);
}

static void end_phase_as_player(void)
{
    VlUiAction a = {.kind = VL_ACT_COMMAND};
    a.cmd.kind = VL_CMD_END_PHASE;
    a.cmd.unit = a.cmd.target = -1;
    a.cmd.facing = NAN;
    vl_ui_app_act(g_app, &a);
}

/* End phases without being asked until the movement phase (the tutorial's first side has nothing
 * to fire at or charge on turn 1). */
static void to_movement(void)
{
    bool ask = g_app->settings.confirm_end_phase;
    g_app->settings.confirm_end_phase = false;
    while (vl_game_phase(g_app->game) != VL_PHASE_MOVEMENT)
        end_phase_as_player();
    g_app->settings.confirm_end_phase = ask;
}

START_TEST(ending_a_phase_with_units_that_could_still_move_asks_first)
{
    to_movement();
    int able[64];
    int n = vl_game_units_able(g_app->game, able, 64);
    ck_assert_int_gt(n, 0);
    int side = vl_game_active_side(g_app->game);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(g_app->scenario.units[able[i]].side, side);
    /* Enter (through the input function, as a player would) asks; the phase goes on. */
    press(SDLK_RETURN);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_END_PHASE);
    ck_assert_int_eq(vl_game_phase(g_app->game), VL_PHASE_MOVEMENT);
    ck_assert_ptr_nonnull(strstr(g_app->dialog.line[0], "could still move"));
    ck_assert_ptr_nonnull(strstr(g_app->dialog.line[0], g_app->scenario.units[able[0]].name));
    /* Esc goes back to the table; Enter then Enter ends the phase. */
    press(SDLK_ESCAPE);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE);
    ck_assert_int_eq(vl_game_phase(g_app->game), VL_PHASE_MOVEMENT);
    press(SDLK_RETURN);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_END_PHASE);
    press(SDLK_RETURN);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE);
    ck_assert_int_eq(vl_game_phase(g_app->game), VL_PHASE_RALLY);
}
END_TEST

START_TEST(a_phase_with_nobody_left_to_act_or_the_setting_off_ends_at_once)
{
    to_movement();
    g_app->settings.confirm_end_phase = false;
    press(SDLK_RETURN);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE);
    ck_assert_int_eq(vl_game_phase(g_app->game), VL_PHASE_RALLY);
    /* The rally phase with no unit routed: nobody could act, so no question even with it on. */
    g_app->settings.confirm_end_phase = true;
    ck_assert_int_eq(vl_game_units_able(g_app->game, NULL, 0), 0);
    press(SDLK_RETURN);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE);
    ck_assert_int_ne(vl_game_phase(g_app->game), VL_PHASE_RALLY);
}
END_TEST

START_TEST(space_never_ends_a_phase)
{
    VlPhase p = vl_game_phase(g_app->game);
    int n = g_app->log.n;
    press(SDLK_SPACE);
    ck_assert_int_eq(vl_game_phase(g_app->game), p);
    ck_assert_int_eq(g_app->log.n, n);
    ck_assert_ptr_nonnull(strstr(g_app->msg[g_app->nmsg - 1].text, "Space does not end the phase"));
}
END_TEST

START_TEST(esc_opens_the_game_menu_and_its_settings_are_kept_in_the_file)
{
    press(SDLK_ESCAPE);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_GAME_MENU);
    ck_assert_ptr_nonnull(strstr(g_app->dialog.title, g_app->scenario.name));
    /* Every button lies inside the box and none overlaps another. */
    VlDialogLayout l;
    vl_ui_dialog_layout(g_app, &l);
    for (int i = 0; i < g_app->dialog.n; i++) {
        SDL_Rect b = l.button[i];
        ck_assert(b.x >= l.box.x && b.y >= l.box.y && b.x + b.w <= l.box.x + l.box.w && b.y + b.h <= l.box.y + l.box.h);
        for (int j = 0; j < i; j++)
            ck_assert(!SDL_HasIntersection(&b, &l.button[j]));
    }
    vl_ui_app_draw(g_app);
    press(SDLK_o);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_SETTINGS);
    ck_assert(g_app->settings.confirm_end_phase);
    press(SDLK_a); /* the question off */
    press(SDLK_p); /* a faster computer */
    ck_assert(!g_app->settings.confirm_end_phase);
    int pause = g_app->opt.ai_delay_ms;
    VlUiSettings back;
    char err[700];
    ck_assert_msg(vl_ui_settings_load(g_app->opt.settings_path, &back, err, sizeof err), "%s", err);
    ck_assert(!back.confirm_end_phase);
    ck_assert_int_eq(back.ai_delay_ms, pause);
    /* Esc goes back to the menu, Esc again to the table. */
    press(SDLK_ESCAPE);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_GAME_MENU);
    press(SDLK_ESCAPE);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE);
}
END_TEST

START_TEST(a_damaged_or_misspelt_settings_file_is_refused_and_the_defaults_stand)
{
    char path[400];
    snprintf(path, sizeof path, "%s/bad.json", g_dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"confirm_end_phase\": false, \"ai_delay\": 5}\n", f);
    fclose(f);
    VlUiSettings s;
    char err[700];
    ck_assert(!vl_ui_settings_load(path, &s, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "\"ai_delay\""));
    ck_assert(s.confirm_end_phase); /* the defaults, not half the file */
    f = fopen(path, "w");
    fputs("{\"ai_delay_ms\": 123}\n", f);
    fclose(f);
    ck_assert(!vl_ui_settings_load(path, &s, err, sizeof err));
    f = fopen(path, "w");
    fputs("{\"players\": [\"human\", \"ai:hard\"], \"scenario\": \"tutorial.json\"", f);
    fclose(f);
    ck_assert(!vl_ui_settings_load(path, &s, err, sizeof err));
    snprintf(path, sizeof path, "%s/none.json", g_dir);
    ck_assert(vl_ui_settings_load(path, &s, err, sizeof err)); /* no file: the defaults */
    ck_assert(s.confirm_end_phase && !s.have_players);
}
END_TEST

START_TEST(every_setting_survives_a_save_and_a_load)
{
    char path[400];
    snprintf(path, sizeof path, "%s/round.json", g_dir);
    VlUiSettings s = vl_ui_settings_default(), back;
    s.animation = VL_UI_ANIM_SLOW;
    s.label_density = VL_UI_LABELS_FEW;
    s.default_overlays = 1u << VL_OVERLAY_THREATS | 1u << VL_OVERLAY_FIRE;
    s.phase_help = false;
    s.charge_rules = VL_RULES_JR3;
    s.republic = 1u << VL_REP_505 | 1u << VL_REP_601;
    char err[700];
    ck_assert_msg(vl_ui_settings_save(path, &s, err, sizeof err), "%s", err);
    ck_assert_msg(vl_ui_settings_load(path, &back, err, sizeof err), "%s", err);
    ck_assert_int_eq(back.animation, VL_UI_ANIM_SLOW);
    ck_assert_int_eq(back.label_density, VL_UI_LABELS_FEW);
    ck_assert_uint_eq(back.default_overlays, s.default_overlays);
    ck_assert(!back.phase_help);
    ck_assert_int_eq(back.charge_rules, VL_RULES_JR3);
    ck_assert_uint_eq(back.republic, s.republic);
    /* An option named twice, or one Volley does not have, is refused. */
    FILE *f = fopen(path, "w");
    fputs("{\"republic\": [\"REP-505\", \"REP-505\"]}\n", f);
    fclose(f);
    ck_assert(!vl_ui_settings_load(path, &back, err, sizeof err));
    f = fopen(path, "w");
    fputs("{\"republic\": [\"REP-999\"]}\n", f);
    fclose(f);
    ck_assert(!vl_ui_settings_load(path, &back, err, sizeof err));
}
END_TEST

static void click(int x, int y)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = x;
    e.button.y = y;
    e.button.clicks = 1;
    vl_ui_app_event(g_app, &e);
    e.type = SDL_MOUSEBUTTONUP;
    vl_ui_app_event(g_app, &e);
    vl_ui_app_update(g_app, g_app->now);
}

/* The menu's Rules screen chooses the charge rules and Republic options of the next game; a choice
 * this version does not play is refused with its reason, one it plays is kept in the settings, and
 * the game started then plays by it. */
START_TEST(the_rules_screen_chooses_the_next_games_rules_and_refuses_what_is_not_played)
{
    vl_ui_app_menu(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json");
    vl_ui_app_draw(g_app);
    SDL_Rect b = vl_ui_rules_menu_button(g_app);
    click(b.x + b.w / 2, b.y + b.h / 2);
    ck_assert(g_app->menu.rules_open);
    vl_ui_app_draw(g_app);
    VlRulesLayout l;
    vl_ui_rules_layout(g_app, &l);
    for (int c = VL_RULES_JR3; c <= VL_RULES_GUNSON; c++) {
        click(l.charge[c].x + 40, l.charge[c].y + 10);
        VlRuleOptions o = vl_ui_rules_chosen(g_app);
        ck_assert_int_eq(o.charge_rules == (VlChargeRules)c, vl_charge_rules_playable((VlChargeRules)c));
        click(l.charge[VL_RULES_GOR].x + 40, l.charge[VL_RULES_GOR].y + 10);
    }
    int playable = -1, not_played = -1;
    for (int k = 0; k < VL_REP_COUNT; k++) {
        if (vl_rep_option_playable((VlRepOption)k) && playable < 0)
            playable = k;
        if (!vl_rep_option_playable((VlRepOption)k) && not_played < 0)
            not_played = k;
    }
    if (not_played >= 0) {
        click(l.rep[not_played].x + 40, l.rep[not_played].y + 8);
        ck_assert(!vl_rep_on(&(VlRuleOptions){.republic = vl_ui_rules_chosen(g_app).republic}, (VlRepOption)not_played));
        ck_assert(g_app->nmsg > 0 && g_app->msg[g_app->nmsg - 1].bad);
        ck_assert_ptr_nonnull(strstr(g_app->msg[g_app->nmsg - 1].text, vl_rep_option_id((VlRepOption)not_played)));
    }
    if (playable >= 0) {
        click(l.rep[playable].x + 40, l.rep[playable].y + 8);
        ck_assert(vl_ui_rules_chosen(g_app).republic == 1u << playable);
        VlUiSettings back;
        char err[700];
        ck_assert_msg(vl_ui_settings_load(g_app->opt.settings_path, &back, err, sizeof err), "%s", err);
        ck_assert_uint_eq(back.republic, 1u << playable);
    }
    vl_ui_app_draw(g_app);
    press(SDLK_ESCAPE);
    ck_assert(!g_app->menu.rules_open);
    ck_assert_int_eq(g_app->screen, VL_SCREEN_MENU);
    press(SDLK_RETURN);
    ck_assert_int_eq(g_app->screen, VL_SCREEN_GAME);
    ck_assert_uint_eq(vl_game_world_const(g_app->game)->options.republic, playable >= 0 ? 1u << playable : 0u);
    ck_assert_uint_eq(g_app->log.options.republic, playable >= 0 ? 1u << playable : 0u);
    /* Words asking for a rule not played: the game does not start, and says why. */
    if (not_played >= 0) {
        snprintf(g_app->option_words, sizeof g_app->option_words, "%s", vl_rep_option_id((VlRepOption)not_played));
        VlUiPlayer human[2] = {VL_UI_HUMAN, VL_UI_HUMAN};
        ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json", 3, human), VL_ERR_INVALID);
        ck_assert(!g_app->game);
    }
}
END_TEST

/* The Rules screen's rows stay inside its panel and clear of its buttons and of each other, from
 * 900x600 to 1920x1080. */
START_TEST(the_rules_screen_fits_small_and_large_windows)
{
    static const int sizes[][2] = {{900, 600}, {1024, 640}, {1280, 800}, {1920, 1080}};
    int w0 = g_app->width, h0 = g_app->height;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        g_app->width = sizes[k][0];
        g_app->height = sizes[k][1];
        VlRulesLayout l;
        vl_ui_rules_layout(g_app, &l);
        SDL_Rect all[3 + VL_REP_COUNT + 2];
        int n = 0;
        for (int c = 0; c < 3; c++)
            all[n++] = l.charge[c];
        for (int r = 0; r < VL_REP_COUNT; r++)
            all[n++] = l.rep[r];
        all[n++] = l.none;
        all[n++] = l.done;
        for (int i = 0; i < n; i++) {
            SDL_Rect x;
            ck_assert_msg(SDL_IntersectRect(&all[i], &l.panel, &x) && SDL_RectEquals(&x, &all[i]),
                          "part %d is outside the panel at %dx%d", i, sizes[k][0], sizes[k][1]);
            ck_assert_int_ge(all[i].h, 20);
            for (int j = 0; j < i; j++)
                ck_assert_msg(!SDL_HasIntersection(&all[i], &all[j]), "parts %d and %d overlap at %dx%d", i, j,
                              sizes[k][0], sizes[k][1]);
        }
    }
    g_app->width = w0;
    g_app->height = h0;
}
END_TEST

/* In the sandbox a charge is judged under all three charge systems, by the resolver the game uses,
 * and 7, 8, 9 choose whose path the table draws (issue 36, item 5). */
START_TEST(the_sandbox_judges_a_charge_under_each_charge_system_side_by_side)
{
    press(SDLK_t);
    ck_assert_ptr_nonnull(g_app->sandbox);
    const VlScenario *s = &g_app->scenario;
    int u = -1, t = -1;
    for (int i = 0; i < s->nunits; i++) {
        if (strcmp(s->units[i].id, "c_1tn") == 0)
            u = i;
        if (strcmp(s->units[i].id, "u_8il") == 0)
            t = i;
    }
    ck_assert(u >= 0 && t >= 0);
    g_app->view.selected = u;
    g_app->view.hover = t;
    vl_ui_update_previews(g_app);
    ck_assert(g_app->compare.have);
    const VlWorld *w = vl_game_world_const(g_app->sandbox);
    for (int r = 0; r < 3; r++) {
        VlChargeOrder o = vl_ui_charge_order(w, u, t);
        o.rules = (VlChargeRules)r;
        o.ignore_turn_flags = true;
        VlChargeVerdict v;
        vl_resolve_charge(w, &o, &v);
        ck_assert_int_eq(g_app->compare.v[r].rules, r);
        ck_assert_int_eq(g_app->compare.v[r].legal, v.legal);
        ck_assert_int_eq(g_app->compare.v[r].face, v.face);
        ck_assert_int_eq(g_app->compare.v[r].npath, v.npath);
    }
    /* The game's own rules' path first; 8 shows JR III's, 9 Gunson's. */
    ck_assert_int_eq(g_app->view.charge.rules, w->options.charge_rules);
    press(SDLK_8);
    ck_assert_int_eq(g_app->compare.shown, VL_RULES_JR3);
    ck_assert_int_eq(g_app->view.charge.rules, VL_RULES_JR3);
    press(SDLK_9);
    ck_assert_int_eq(g_app->view.charge.rules, VL_RULES_GUNSON);
    vl_ui_app_draw(g_app);
    /* Nothing in hand: no comparison; leaving the sandbox leaves the game as it was. */
    g_app->view.hover = -1;
    vl_ui_update_previews(g_app);
    ck_assert(!g_app->compare.have);
    press(SDLK_t);
    ck_assert_ptr_null(g_app->sandbox);
}
END_TEST

START_TEST(the_main_menu_from_a_game_with_unsaved_orders_asks_before_leaving)
{
    to_movement(); /* three end-phase commands: orders not yet saved */
    ck_assert(vl_ui_app_dirty(g_app));
    press(SDLK_ESCAPE);
    press(SDLK_m);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_LEAVE);
    ck_assert(!g_app->dialog.leave_quits);
    press(SDLK_ESCAPE); /* keep playing */
    ck_assert_int_eq(g_app->screen, VL_SCREEN_GAME);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE);
    press(SDLK_ESCAPE);
    press(SDLK_m);
    press(SDLK_s); /* save and go */
    ck_assert_int_eq(g_app->screen, VL_SCREEN_MENU);
    ck_assert_int_eq(g_app->menu.nsaves, 1);
    ck_assert(!g_app->quit);
}
END_TEST

START_TEST(quit_from_the_game_menu_asks_only_when_something_would_be_lost)
{
    press(SDLK_ESCAPE);
    press(SDLK_q);
    ck_assert(g_app->quit); /* nothing played yet: nothing to lose */
}
END_TEST

START_TEST(an_idle_screen_asks_for_no_frame_until_something_changes)
{
    /* A human's turn, no message showing: only an event changes the screen. */
    g_app->nmsg = 0;
    ck_assert_int_eq(vl_ui_app_next_change_ms(g_app, 1000), -1);
    /* A message posted at 1000 ms: the next change is when it goes, 12 s later. */
    vl_ui_app_update(g_app, 1000);
    vl_ui_app_message(g_app, false, "hello");
    int wait = vl_ui_app_next_change_ms(g_app, 1000);
    ck_assert_int_gt(wait, 11000);
    ck_assert_int_le(wait, (int)VL_UI_MESSAGE_MS + 1);
    ck_assert_int_eq(vl_ui_app_next_change_ms(g_app, 1000 + VL_UI_MESSAGE_MS + 5), -1);
    /* The computer to play: frames at once while it plans; a dialogue open holds it back. */
    g_app->human[vl_game_active_side(g_app->game)] = false;
    ck_assert_int_eq(vl_ui_app_next_change_ms(g_app, 50000), 0);
    vl_ui_dialog_open(g_app, VL_DIALOG_GAME_MENU);
    ck_assert_int_eq(vl_ui_app_next_change_ms(g_app, 50000), -1);
    int n = g_app->log.n;
    vl_ui_app_update(g_app, 50000);
    vl_ui_app_update(g_app, 60000);
    ck_assert_int_eq(g_app->log.n, n);
}
END_TEST

START_TEST(a_resized_window_keeps_the_centre_and_scales_the_view)
{
    vl_ui_fit(g_app);
    float tx = g_app->cam.target[0], ty = g_app->cam.target[1], zoom = g_app->cam.zoom;
    SDL_Rect before = g_app->rects.map;
    vl_ui_app_resize(g_app, 1100 * 2, 720 * 2);
    SDL_Rect after = g_app->rects.map;
    float sx = (float)after.w / (float)before.w, sy = (float)after.h / (float)before.h;
    ck_assert_float_eq(g_app->cam.target[0], tx);
    ck_assert_float_eq(g_app->cam.target[1], ty);
    ck_assert_float_eq_tol(g_app->cam.zoom, zoom * (sx < sy ? sx : sy), 1e-4);
    /* The table's middle is still at the map's middle. */
    float px, py;
    vl_ui_camera_to_screen(&g_app->cam, vl_v2(tx, ty), &px, &py);
    ck_assert_float_eq_tol(px, (float)after.x + (float)after.w / 2, 0.5);
    ck_assert_float_eq_tol(py, (float)after.y + (float)after.h / 2, 0.5);
}
END_TEST

START_TEST(a_script_answers_the_dialogue_like_a_player)
{
    uint32_t clock = 0;
    char err[300];
    to_movement();
    ck_assert(vl_ui_script_line(g_app, "setting confirm-end-phase on", &clock, err, sizeof err));
    ck_assert(vl_ui_script_line(g_app, "key Return", &clock, err, sizeof err));
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_END_PHASE);
    ck_assert(!vl_ui_script_line(g_app, "dialog quit", &clock, err, sizeof err)); /* not on this dialogue */
    ck_assert_ptr_nonnull(strstr(err, "no such button"));
    ck_assert(vl_ui_script_line(g_app, "dialog end-phase", &clock, err, sizeof err));
    ck_assert_int_eq(vl_game_phase(g_app->game), VL_PHASE_RALLY);
    ck_assert(!vl_ui_script_line(g_app, "dialog end-phase", &clock, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "no dialogue is open"));
    ck_assert(!vl_ui_script_line(g_app, "setting confirm-end-phase maybe", &clock, err, sizeof err));
}
END_TEST

START_TEST(the_screen_clears_a_crashed_saves_temporary_file_when_it_starts)
{
    char dir[400], stale[500], fresh[500];
    snprintf(dir, sizeof dir, "%s/saves", g_dir);
    ck_assert_int_eq(mkdir(dir, 0700) == 0 || errno == EEXIST, 1);
    snprintf(stale, sizeof stale, "%s/old.vlog.tmp-Ab12Cd", dir);
    snprintf(fresh, sizeof fresh, "%s/now.vlog.tmp-Xy34Zw", dir);
    FILE *f = fopen(stale, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    f = fopen(fresh, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    struct timespec hour_ago[2] = {{time(NULL) - 3600, 0}, {time(NULL) - 3600, 0}};
    ck_assert_int_eq(utimensat(AT_FDCWD, stale, hour_ago, 0), 0);
    /* A new screen on that folder, before any save or saves list. */
    VlUiOptions opt = vl_ui_options_default();
    snprintf(opt.save_dir, sizeof opt.save_dir, "%s", dir);
    VlUiApp *app = vl_ui_app_create(g_ui.r, 1100, 720, &opt);
    ck_assert_ptr_nonnull(app);
    ck_assert_int_ne(access(stale, F_OK), 0);  /* ten minutes old and more: a save cut short */
    ck_assert_int_eq(access(fresh, F_OK), 0);  /* may be a save being written right now */
    vl_ui_app_destroy(app);
}
END_TEST

START_TEST(a_scenario_that_does_not_load_is_listed_greyed_with_its_first_problem)
{
    char dir[400], cmd[2000];
    snprintf(dir, sizeof dir, "%s/scen", g_dir);
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' && cp '%s/scenarios/tutorial.json' '%s/' && printf '{\"format\": 3' > '%s/broken.json'",
             dir, VL_SOURCE_ROOT, dir, dir);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(g_app->opt.scenario_dir, sizeof g_app->opt.scenario_dir, "%s", dir);
    vl_ui_app_menu(g_app, NULL);
    ck_assert_int_eq(g_app->menu.nscen, 2);
    int broken = -1;
    for (int i = 0; i < 2; i++)
        if (g_app->menu.scen_broken[i])
            broken = i;
    ck_assert_int_ge(broken, 0);
    ck_assert_ptr_nonnull(strstr(g_app->menu.scen_name[broken], "broken.json"));
    ck_assert_ptr_nonnull(strstr(g_app->menu.scen_desc[broken], "broken.json:1:")); /* file:line:column */
    ck_assert(!g_app->menu.scen_broken[1 - broken]);
    vl_ui_app_draw(g_app);
    /* Start on it: a message, and the menu stays. */
    g_app->menu.sel = broken;
    press(SDLK_RETURN);
    ck_assert_int_eq(g_app->screen, VL_SCREEN_MENU);
    ck_assert_ptr_nonnull(strstr(g_app->msg[g_app->nmsg - 1].text, "cannot be played"));
}
END_TEST

/* The editor saves a player's tables beside the saves (vl_ui_user_scenarios_dir): the menu lists
 * them after the shipped ones, marked as theirs, and its list scrolls to keep the chosen in view. */
START_TEST(the_menu_lists_the_players_own_tables_after_the_shipped_ones_and_scrolls)
{
    char ship[400], mine[1024], cmd[2000], src[600];
    snprintf(ship, sizeof ship, "%s/ship", g_dir);
    ck_assert(vl_ui_user_scenarios_dir(g_app, mine, sizeof mine));
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' '%s' && cp '%s/scenarios/tutorial.json' '%s/'", ship, mine, VL_SOURCE_ROOT, ship);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(src, sizeof src, "%s/scenarios/tutorial.json", VL_SOURCE_ROOT);
    for (int i = 1; i <= 9; i++) {
        VlScenario sc;
        VlDiagList d;
        vl_diag_init(&d, src);
        ck_assert_int_eq(vl_scenario_load_file(src, &sc, &d), VL_OK);
        snprintf(sc.name, sizeof sc.name, "Table %d", i);
        char path[1100];
        snprintf(path, sizeof path, "%s/t%d.json", mine, i);
        ck_assert_int_eq(vl_scenario_save_file(&sc, path, &d), VL_OK);
        vl_scenario_free(&sc);
        vl_diag_free(&d);
    }
    snprintf(g_app->opt.scenario_dir, sizeof g_app->opt.scenario_dir, "%s", ship);
    vl_ui_app_menu(g_app, NULL);
    ck_assert_int_eq(g_app->menu.nscen, 10);
    ck_assert(!g_app->menu.scen_user[0]);
    ck_assert_str_eq(g_app->menu.scen_name[1], "Table 1");
    for (int i = 1; i < 10; i++)
        ck_assert(g_app->menu.scen_user[i]);
    VlMenuLayout m;
    vl_ui_menu_layout(g_app, &m);
    ck_assert_int_lt(m.scen_rows, 10); /* at this window's height the list scrolls */
    for (int i = 0; i < 9; i++)
        press(SDLK_DOWN);
    ck_assert_int_eq(g_app->menu.sel, 9);
    ck_assert_int_eq(g_app->menu.scen_scroll, 10 - m.scen_rows);
    /* the chosen row is drawn where a click finds it */
    SDL_Rect last = vl_ui_menu_scenario_row(&m, m.scen_rows - 1);
    vl_ui_app_draw(g_app);
    press(SDLK_UP);
    SDL_Event c = {0};
    c.type = SDL_MOUSEBUTTONDOWN;
    c.button.button = SDL_BUTTON_LEFT;
    c.button.x = last.x + 20;
    c.button.y = last.y + 10;
    vl_ui_app_event(g_app, &c);
    ck_assert_int_eq(g_app->menu.sel, 9);
    /* the list's bottom stays above the Rules button */
    ck_assert_int_lt(m.list.y + m.list.h + 40, vl_ui_rules_menu_button(g_app).y);
}
END_TEST

static Suite *dialogs_suite(void)
{
    Suite *s = suite_create("ui_dialogs");
    TCase *tc = tcase_create("dialogs");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, ending_a_phase_with_units_that_could_still_move_asks_first);
    tcase_add_test(tc, a_phase_with_nobody_left_to_act_or_the_setting_off_ends_at_once);
    tcase_add_test(tc, space_never_ends_a_phase);
    tcase_add_test(tc, esc_opens_the_game_menu_and_its_settings_are_kept_in_the_file);
    tcase_add_test(tc, a_damaged_or_misspelt_settings_file_is_refused_and_the_defaults_stand);
    tcase_add_test(tc, every_setting_survives_a_save_and_a_load);
    tcase_add_test(tc, the_rules_screen_fits_small_and_large_windows);
    tcase_add_test(tc, the_sandbox_judges_a_charge_under_each_charge_system_side_by_side);
    tcase_add_test(tc, the_rules_screen_chooses_the_next_games_rules_and_refuses_what_is_not_played);
    tcase_add_test(tc, the_main_menu_from_a_game_with_unsaved_orders_asks_before_leaving);
    tcase_add_test(tc, quit_from_the_game_menu_asks_only_when_something_would_be_lost);
    tcase_add_test(tc, an_idle_screen_asks_for_no_frame_until_something_changes);
    tcase_add_test(tc, a_resized_window_keeps_the_centre_and_scales_the_view);
    tcase_add_test(tc, a_script_answers_the_dialogue_like_a_player);
    tcase_add_test(tc, the_screen_clears_a_crashed_saves_temporary_file_when_it_starts);
    tcase_add_test(tc, a_scenario_that_does_not_load_is_listed_greyed_with_its_first_problem);
    tcase_add_test(tc, the_menu_lists_the_players_own_tables_after_the_shipped_ones_and_scrolls);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(dialogs_suite()); }
