/* The screen's layout at small and large windows (src/ui/layout.c, panels.c, menu.c, dialog.c,
 * settings_screen.c, legend.c): at 1024x640, 900x600 and 1920x1080 the status line, the buttons and
 * the panels lie inside the window and do not overlap; the messages keep off the table's labels;
 * the settings screen sets every setting by keys and by mouse and keeps it at once; the key to the
 * unit symbols is drawn with the table's own drawing. A real app on the tutorial, drawn by the
 * software renderer on a surface under SDL's dummy video driver. */
#include "testutil.h"

#include "app.h"
#include "testui.h"
#include "dialog.h"
#include "panels.h"
#include "settings.h"

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static TuUi g_ui;
static VlUiApp *g_app;
static char g_dir[256];

static void open_app(int w, int h)
{
    VlUiOptions opt = tu_ui_options(g_dir);
    snprintf(opt.scenario_dir, sizeof opt.scenario_dir, "%s", VL_SOURCE_ROOT "/scenarios");
    g_app = tu_ui_open(&g_ui, w, h, &opt);
    VlUiPlayer human[2] = {VL_UI_HUMAN, VL_UI_HUMAN};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json", 3, human), VL_OK);
    g_app->settings.confirm_end_phase = false;
    vl_ui_app_update(g_app, 0);
}

static void close_app(void)
{
    tu_ui_close(&g_ui);
    g_app = NULL;
}

static void setup(void)
{
    tu_ui_tmpdir(g_dir, sizeof g_dir, "layout");
}

static void teardown(void)
{
    if (g_app)
        close_app();
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

static void click(SDL_Rect r)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.clicks = 1;
    e.button.x = r.x + r.w / 2;
    e.button.y = r.y + r.h / 2;
    vl_ui_app_event(g_app, &e);
    e.type = SDL_MOUSEBUTTONUP;
    vl_ui_app_event(g_app, &e);
    vl_ui_app_update(g_app, g_app->now);
}

static bool inside(SDL_Rect r, SDL_Rect outer)
{
    return r.w >= 0 && r.h >= 0 && r.x >= outer.x && r.y >= outer.y && r.x + r.w <= outer.x + outer.w &&
           r.y + r.h <= outer.y + outer.h;
}

#define ASSERT_INSIDE(r, outer, what)                                                                                   \
    ck_assert_msg(inside((r), (outer)), "%s (%d,%d %dx%d) is not inside (%d,%d %dx%d) at %dx%d", (what), (r).x, (r).y,  \
                  (r).w, (r).h, (outer).x, (outer).y, (outer).w, (outer).h, g_app->width, g_app->height)
#define ASSERT_APART(a, b, what)                                                                                        \
    ck_assert_msg(!SDL_HasIntersection(&(a), &(b)), "%s overlap: (%d,%d %dx%d) and (%d,%d %dx%d) at %dx%d", (what),   \
                  (a).x, (a).y, (a).w, (a).h, (b).x, (b).y, (b).w, (b).h, g_app->width, g_app->height)

static SDL_Rect window_rect(void) { return (SDL_Rect){0, 0, g_app->width, g_app->height}; }

static void end_phase(void)
{
    VlUiAction a = {.kind = VL_ACT_COMMAND};
    a.cmd.kind = VL_CMD_END_PHASE;
    a.cmd.unit = a.cmd.target = -1;
    a.cmd.facing = NAN;
    vl_ui_app_act(g_app, &a);
}

static int unit_id(const char *id)
{
    for (int i = 0; i < g_app->scenario.nunits; i++)
        if (strcmp(g_app->scenario.units[i].id, id) == 0)
            return i;
    ck_abort_msg("no unit %s", id);
    return -1;
}

/* Everything the game screen shows now lies inside the window, and nothing overlaps. */
static void check_game_screen(void)
{
    vl_ui_app_update(g_app, g_app->now);
    vl_ui_app_draw(g_app);
    const VlUiRects *R = &g_app->rects;
    SDL_Rect win = window_rect();
    ASSERT_INSIDE(R->bar, win, "the phase bar");
    ASSERT_INSIDE(R->map, win, "the table");
    ASSERT_INSIDE(R->side, win, "the side panel");
    ASSERT_INSIDE(R->action, win, "the action bar");
    ASSERT_INSIDE(R->orders, R->side, "the standing orders");
    ASSERT_INSIDE(R->log, R->side, "the dice log");
    const SDL_Rect *panels[4] = {&R->bar, &R->map, &R->side, &R->action};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < i; j++)
            ASSERT_APART(*panels[i], *panels[j], "two panels");
    ck_assert_msg(R->log.y + R->log.h <= R->orders.y - 23, "the dice log runs into the standing orders' heading");
    /* The buttons: inside the window and their own area, none over another. */
    const VlUiBar *bar = &g_app->view.buttons;
    ck_assert_int_gt(bar->n, 0);
    for (int i = 0; i < bar->n; i++) {
        const VlUiButton *b = &bar->b[i];
        char what[120];
        snprintf(what, sizeof what, "button \"%s\"", b->label);
        ASSERT_INSIDE(b->rect, win, what);
        switch (b->kind) {
        case VL_BTN_OVERLAY: ASSERT_INSIDE(b->rect, R->map, what); break;
        case VL_BTN_REACTION: ASSERT_INSIDE(b->rect, R->orders, what); break;
        case VL_BTN_SANDBOX:
        case VL_BTN_HELP: ASSERT_INSIDE(b->rect, R->bar, what); break;
        default: ASSERT_INSIDE(b->rect, R->action, what); break;
        }
        for (int j = 0; j < i; j++)
            ASSERT_APART(b->rect, bar->b[j].rect, "two buttons");
    }
    /* The status line: the title whole, the score and the hint in the bar, apart from the tools. */
    VlBarLayout l;
    vl_ui_bar_layout(g_app, g_app->game, &l);
    int tw, th;
    vl_ui_text_size(g_app->text, 15, l.title, &tw, &th);
    ck_assert_msg(l.title_r.w == tw, "the status line \"%s\" is cut at %dx%d (%d of %d px)", l.title, g_app->width, g_app->height,
                  l.title_r.w, tw);
    SDL_Rect texts[3] = {l.title_r, l.score_r, l.hint_r};
    for (int k = 0; k < 3; k++) {
        if (texts[k].w == 0)
            continue;
        ASSERT_INSIDE(texts[k], R->bar, "a text of the status line");
        for (int j = 0; j < k; j++)
            if (texts[j].w)
                ASSERT_APART(texts[k], texts[j], "two texts of the status line");
        for (int i = 0; i < bar->n; i++)
            if (bar->b[i].kind == VL_BTN_SANDBOX || bar->b[i].kind == VL_BTN_HELP)
                ASSERT_APART(texts[k], bar->b[i].rect, "the status line and a tool button");
    }
    /* The action bar's line, when there is one: whole, inside the room left of the buttons. */
    VlActionHint ah;
    if (vl_ui_action_hint(g_app, g_app->game, &ah)) {
        ASSERT_INSIDE(ah.room, R->action, "the action bar's room for its line");
        ck_assert_msg(inside(ah.rect, ah.room), "the action bar's line \"%s\" is cut at %dx%d (%dx%d in a room of %dx%d)", ah.text,
                      g_app->width, g_app->height, ah.rect.w, ah.rect.h, ah.room.w, ah.room.h);
        for (int i = 0; i < bar->n; i++)
            ASSERT_APART(ah.rect, bar->b[i].rect, "the action bar's line and a button");
    }
    /* The legend, the key help, the symbols' key and the messages: over the table. */
    float lx, ly, lw, lh;
    vl_ui_legend_box(g_app, &lx, &ly, &lw, &lh);
    ASSERT_INSIDE(((SDL_Rect){(int)lx, (int)ly, (int)lw, (int)lh}), R->map, "the legend");
    SDL_Rect help = vl_ui_help_box(g_app);
    ASSERT_INSIDE(help, R->map, "the key help");
    VlSymbolsLayout sy;
    vl_ui_symbols_layout(g_app, &sy);
    ASSERT_INSIDE(sy.box, R->map, "the symbols' key");
    for (int i = 0; i < VL_UI_SYMBOL_CELLS; i++) {
        ASSERT_INSIDE(sy.cell[i], sy.box, "a symbol");
        ASSERT_APART(sy.cell[i], sy.badges, "a symbol and the badges");
        for (int j = 0; j < i; j++)
            ASSERT_APART(sy.cell[i], sy.cell[j], "two symbols");
        for (int s = 0; s < 2; s++)
            ASSERT_APART(sy.cell[i], sy.side[s], "a symbol and a side");
    }
    ASSERT_INSIDE(sy.badges, sy.box, "the badges");
    int idx[VL_UI_MESSAGES_SHOWN];
    SDL_Rect box[VL_UI_MESSAGES_SHOWN];
    int n = vl_ui_message_layout(g_app, idx, box);
    for (int k = 0; k < n; k++) {
        ASSERT_INSIDE(box[k], R->map, "a message");
        for (int j = 0; j < k; j++)
            ASSERT_APART(box[k], box[j], "two messages");
    }
}

static const int sizes[3][2] = {{1024, 640}, {900, 600}, {1920, 1080}};

START_TEST(the_game_screen_holds_at_1024x640_900x600_and_1920x1080)
{
    for (int z = 0; z < 3; z++) {
        open_app(sizes[z][0], sizes[z][1]);
        check_game_screen();                     /* the artillery phase, nothing selected */
        g_app->view.help = true;
        check_game_screen();
        g_app->view.help = false;
        g_app->view.selected = unit_id("c_marye");
        check_game_screen();                     /* a battery's card */
        while (vl_game_phase(g_app->game) != VL_PHASE_MOVEMENT)
            end_phase();
        g_app->view.selected = unit_id("c_13al");
        for (int o = 0; o < VL_OVERLAY_COUNT; o++)
            g_app->view.overlay[o] = true;
        check_game_screen();                     /* the movement phase: formations in the action bar */
        g_app->view.symbols = true;
        check_game_screen();
        g_app->view.symbols = false;
        /* The other side's turn, three messages up. */
        int side = vl_game_active_side(g_app->game);
        while (vl_game_active_side(g_app->game) == side)
            end_phase();
        ck_assert_int_eq(g_app->screen, VL_SCREEN_HANDOVER); /* two humans: the hand-over first */
        vl_ui_app_draw(g_app);
        press(SDLK_RETURN);
        ck_assert_int_eq(g_app->screen, VL_SCREEN_GAME);
        vl_ui_app_message(g_app, true, "A refusal long enough to wrap: %s cannot move there because the woods are rough "
                                       "ground and the wheel costs more than it has left.", "13th Alabama");
        g_app->view.selected = unit_id("u_8il");
        check_game_screen();
        /* To the end of the game: the title says who won, and why when it fits. */
        g_app->view.selected = -1;
        for (int k = 0; k < 400 && !vl_game_over(g_app->game, NULL, NULL); k++) {
            g_app->screen = VL_SCREEN_GAME; /* past each hand-over */
            end_phase();
        }
        ck_assert_msg(vl_game_over(g_app->game, NULL, NULL), "turn %d phase %d", vl_game_turn(g_app->game), vl_game_phase(g_app->game));
        g_app->screen = VL_SCREEN_GAME;
        check_game_screen();
        close_app();
    }
}
END_TEST

START_TEST(the_messages_keep_off_the_tables_labels)
{
    open_app(1024, 640);
    /* Three phases ended: three messages; the default place, under the table's middle, would
     * cover the 8th Illinois Cavalry's name. */
    while (vl_game_phase(g_app->game) != VL_PHASE_RALLY)
        end_phase();
    g_app->view.selected = unit_id("c_13al");
    vl_ui_app_update(g_app, g_app->now);
    vl_ui_app_draw(g_app);
    int idx[VL_UI_MESSAGES_SHOWN];
    SDL_Rect box[VL_UI_MESSAGES_SHOWN];
    int n = vl_ui_message_layout(g_app, idx, box);
    ck_assert_int_eq(n, 3);
    const VlUiLabels *L = &g_app->cache.labels;
    ck_assert_int_gt(L->ndrawn, 5);
    for (int k = 0; k < n; k++)
        for (int i = 0; i < L->ndrawn; i++) {
            SDL_Rect lr = {(int)L->drawn[i].box.x, (int)L->drawn[i].box.y, (int)L->drawn[i].box.w + 1, (int)L->drawn[i].box.h + 1};
            ASSERT_APART(box[k], lr, "a message and a label of the table");
        }
}
END_TEST

/* The settings screen lies inside the window, its parts inside its box and apart. */
static void check_settings_layout(void)
{
    VlSettingsLayout l;
    vl_ui_settings_layout(g_app, &l);
    ASSERT_INSIDE(l.box, window_rect(), "the settings screen");
    SDL_Rect all[VL_SET_OVERLAY0 * VL_SET_MAX_CHOICES + 6 + 2];
    int n = 0;
    for (int r = 0; r < VL_SET_OVERLAY0; r++) {
        ASSERT_INSIDE(l.row[r], l.box, "a settings row");
        for (int k = 0; k < vl_ui_settings_choices(r); k++) {
            ASSERT_INSIDE(l.choice[r][k], l.row[r], "a settings choice");
            all[n++] = l.choice[r][k];
        }
        for (int q = 0; q < r; q++)
            ASSERT_APART(l.row[r], l.row[q], "two settings rows");
    }
    for (int o = 0; o < 6; o++) {
        ASSERT_INSIDE(l.overlay[o], l.box, "an overlay check box");
        all[n++] = l.overlay[o];
    }
    all[n++] = l.back;
    all[n++] = l.hint;
    ASSERT_INSIDE(l.back, l.box, "Back");
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            ASSERT_APART(all[i], all[j], "two parts of the settings screen");
    vl_ui_app_draw(g_app);
}

START_TEST(the_settings_screen_sets_every_setting_by_key_and_by_mouse_and_keeps_it)
{
    open_app(1024, 640);
    press(SDLK_ESCAPE);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_GAME_MENU);
    press(SDLK_o);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_SETTINGS);
    check_settings_layout();
    VlUiSettings before = g_app->settings;
    int pause = g_app->opt.ai_delay_ms;
    /* Keys: a letter a row, the digits for the overlays. */
    press(SDLK_p);
    press(SDLK_n);
    press(SDLK_a);
    press(SDLK_l);
    press(SDLK_y);
    press(SDLK_3);
    ck_assert_int_eq(g_app->opt.ai_delay_ms, vl_ui_next_ai_pause(pause));
    ck_assert_int_eq(g_app->settings.ai_delay_ms, g_app->opt.ai_delay_ms);
    ck_assert_int_eq(g_app->settings.animation, (before.animation + 1) % VL_UI_ANIM_COUNT);
    ck_assert(g_app->settings.confirm_end_phase != before.confirm_end_phase);
    ck_assert_int_eq(g_app->settings.label_density, (before.label_density + 1) % VL_UI_LABELS_COUNT);
    ck_assert(g_app->settings.phase_help != before.phase_help);
    ck_assert_uint_eq(g_app->settings.default_overlays, before.default_overlays ^ (1u << VL_OVERLAY_COMMAND));
    /* Up/Down and Left/Right: down to the animations, one to the right. */
    press(SDLK_UP);
    press(SDLK_UP);
    press(SDLK_UP);
    press(SDLK_UP);
    press(SDLK_UP);
    press(SDLK_UP); /* from overlay 3 (item 7) up to the animations (item 1) */
    ck_assert_int_eq(g_app->dialog.focus, VL_SET_ANIMATION);
    int anim = g_app->settings.animation;
    press(SDLK_LEFT);
    ck_assert_int_eq(g_app->settings.animation, anim > 0 ? anim - 1 : 0);
    /* The mouse: a choice of a row, and a check box. */
    VlSettingsLayout l;
    vl_ui_settings_layout(g_app, &l);
    click(l.choice[VL_SET_LABELS][VL_UI_LABELS_FEW]);
    ck_assert_int_eq(g_app->settings.label_density, VL_UI_LABELS_FEW);
    click(l.choice[VL_SET_ANIMATION][VL_UI_ANIM_SLOW]);
    ck_assert_int_eq(g_app->settings.animation, VL_UI_ANIM_SLOW);
    click(l.overlay[VL_OVERLAY_ZONES]);
    ck_assert(g_app->settings.default_overlays & (1u << VL_OVERLAY_ZONES));
    /* Each change is in the file already. */
    VlUiSettings back;
    char err[700];
    ck_assert_msg(vl_ui_settings_load(g_app->opt.settings_path, &back, err, sizeof err), "%s", err);
    ck_assert_int_eq(back.ai_delay_ms, g_app->settings.ai_delay_ms);
    ck_assert_int_eq(back.animation, VL_UI_ANIM_SLOW);
    ck_assert_int_eq(back.confirm_end_phase, g_app->settings.confirm_end_phase);
    ck_assert_int_eq(back.label_density, VL_UI_LABELS_FEW);
    ck_assert_int_eq(back.phase_help, g_app->settings.phase_help);
    ck_assert_uint_eq(back.default_overlays, (1u << VL_OVERLAY_COMMAND) | (1u << VL_OVERLAY_ZONES));
    /* Esc: back to the game menu; Back (the mouse) likewise. */
    press(SDLK_ESCAPE);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_GAME_MENU);
    press(SDLK_o);
    vl_ui_settings_layout(g_app, &l);
    click(l.back);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_GAME_MENU);
    press(SDLK_ESCAPE);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE);
    /* A new game starts with the overlays chosen, and only those. */
    g_app->view.overlay[VL_OVERLAY_FIRE] = true;
    VlUiPlayer human[2] = {VL_UI_HUMAN, VL_UI_HUMAN};
    ck_assert_int_eq(vl_ui_app_new_game(g_app, VL_SOURCE_ROOT "/scenarios/tutorial.json", 4, human), VL_OK);
    for (int o = 0; o < VL_OVERLAY_COUNT; o++)
        ck_assert_int_eq(g_app->view.overlay[o], o == VL_OVERLAY_COMMAND || o == VL_OVERLAY_ZONES);
}
END_TEST

START_TEST(the_settings_screen_opens_from_the_main_menu_and_esc_closes_it)
{
    for (int z = 0; z < 2; z++) {
        open_app(sizes[z][0], sizes[z][1]);
        vl_ui_app_menu(g_app, NULL);
        vl_ui_app_update(g_app, 0);
        VlMenuLayout m;
        vl_ui_menu_layout(g_app, &m);
        /* The menu's buttons inside the window and apart. */
        SDL_Rect b[8 + 5] = {m.start, m.load, m.replay, m.quit, m.settings, m.side_btn[0], m.side_btn[1], m.saves};
        int n = 8;
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < 2; k++)
                b[n++] = m.level_btn[s][k * 3]; /* the first and last level of each side */
        for (int i = 0; i < n; i++) {
            ASSERT_INSIDE(b[i], window_rect(), "a button of the menu");
            for (int j = 0; j < i; j++)
                ASSERT_APART(b[i], b[j], "two buttons of the menu");
        }
        vl_ui_app_draw(g_app);
        click(m.settings);
        ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_SETTINGS);
        check_settings_layout();
        press(SDLK_ESCAPE);
        ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE);
        ck_assert_int_eq(g_app->screen, VL_SCREEN_MENU);
        press(SDLK_o);
        ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_SETTINGS);
        /* Every key goes to it while it is open: Down does not move the menu's choice. */
        int sel = g_app->menu.sel;
        press(SDLK_DOWN);
        ck_assert_int_eq(g_app->menu.sel, sel);
        ck_assert_int_eq(g_app->dialog.focus, 1);
        press(SDLK_ESCAPE);
        ck_assert_int_eq(g_app->screen, VL_SCREEN_MENU);
        close_app();
    }
}
END_TEST

START_TEST(the_replay_viewer_holds_at_1024x640_and_900x600)
{
    for (int z = 0; z < 2; z++) {
        open_app(sizes[z][0], sizes[z][1]);
        for (int k = 0; k < 14; k++) {
            g_app->screen = VL_SCREEN_GAME;
            end_phase();
        }
        ck_assert(vl_ui_app_save(g_app));
        char path[1024];
        snprintf(path, sizeof path, "%s", g_app->save_path);
        ck_assert_int_eq(vl_ui_app_replay(g_app, path), VL_OK);
        ck_assert_int_eq(g_app->screen, VL_SCREEN_REPLAY);
        vl_ui_app_update(g_app, 0);
        vl_ui_app_draw(g_app);
        VlReplayLayout l;
        vl_ui_replay_layout(g_app, &l);
        ASSERT_INSIDE(l.bar, window_rect(), "the replay controls");
        ASSERT_INSIDE(l.status, l.bar, "the replay's words");
        ASSERT_INSIDE(l.slider, l.bar, "the replay's slider");
        ASSERT_APART(l.status, l.slider, "the replay's words and slider");
        for (int i = 0; i < VL_RB_COUNT; i++) {
            ASSERT_INSIDE(l.btn[i], l.bar, "a replay button");
            ASSERT_APART(l.btn[i], l.status, "a replay button and the words");
            ASSERT_APART(l.btn[i], l.slider, "a replay button and the slider");
            for (int j = 0; j < i; j++)
                ASSERT_APART(l.btn[i], l.btn[j], "two replay buttons");
        }
        ck_assert_int_ge(l.status.w, 150); /* room for the short form */
        VlBarLayout b;
        vl_ui_bar_layout(g_app, vl_ui_app_shown(g_app), &b);
        ASSERT_INSIDE(b.title_r, g_app->rects.bar, "the replay's status line");
        ASSERT_APART(b.replay, b.title_r, "REPLAY and the status line");
        close_app();
    }
}
END_TEST

/* Whether a pixel of colour @p rgb is in @p r of the surface drawn. */
static bool colour_in(SDL_Rect r, unsigned rgb)
{
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++) {
            Uint32 p = ((Uint32 *)g_ui.surf->pixels)[y * (g_ui.surf->pitch / 4) + x];
            Uint8 cr, cg, cb;
            SDL_GetRGB(p, g_ui.surf->format, &cr, &cg, &cb);
            if ((unsigned)(cr << 16 | cg << 8 | cb) == rgb)
                return true;
        }
    return false;
}

START_TEST(k_shows_the_key_to_the_unit_symbols_drawn_as_the_table_draws_them)
{
    open_app(1024, 640);
    press(SDLK_k);
    ck_assert(g_app->view.symbols);
    vl_ui_app_draw(g_app);
    VlSymbolsLayout l;
    vl_ui_symbols_layout(g_app, &l);
    /* Each side's sample in its side's colour; a routed one is not in the full colour. */
    for (int s = 0; s < 2; s++) {
        SDL_Rect sample = {l.side[s].x, l.side[s].y, 112, l.side[s].h};
        ck_assert_msg(colour_in(sample, s == 0 ? VL_UI_SIDE0 : VL_UI_SIDE1), "side %d's sample is not drawn", s);
    }
    for (int i = 0; i < VL_UI_SYMBOL_CELLS; i++) {
        SDL_Rect sample = {l.cell[i].x, l.cell[i].y, 112, l.cell[i].h};
        bool routed = i == 9, general = i == 8;
        if (general) /* a general's lighter colour */
            ck_assert(colour_in(sample, 0x56B4E9u));
        else
            ck_assert_msg(colour_in(sample, VL_UI_SIDE0) != routed, "sample %d", i);
    }
    ck_assert(colour_in((SDL_Rect){l.cell[10].x, l.cell[10].y, 112, l.cell[10].h}, VL_UI_SELECT)); /* the ring */
    ck_assert(colour_in((SDL_Rect){l.badges.x, l.badges.y, 112, l.badges.h}, VL_UI_BADGE_HITS));
    press(SDLK_ESCAPE);
    ck_assert(!g_app->view.symbols);
    ck_assert_int_eq(g_app->dialog.kind, VL_DIALOG_NONE); /* Esc closed the key, not opened the menu */
    press(SDLK_k);
    press(SDLK_k);
    ck_assert(!g_app->view.symbols);
}
END_TEST

static Suite *layout_suite(void)
{
    Suite *s = suite_create("ui_layout");
    TCase *tc = tcase_create("layout");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, the_game_screen_holds_at_1024x640_900x600_and_1920x1080);
    tcase_add_test(tc, the_messages_keep_off_the_tables_labels);
    tcase_add_test(tc, the_settings_screen_sets_every_setting_by_key_and_by_mouse_and_keeps_it);
    tcase_add_test(tc, the_settings_screen_opens_from_the_main_menu_and_esc_closes_it);
    tcase_add_test(tc, the_replay_viewer_holds_at_1024x640_and_900x600);
    tcase_add_test(tc, k_shows_the_key_to_the_unit_symbols_drawn_as_the_table_draws_them);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return tu_run(layout_suite()); }
