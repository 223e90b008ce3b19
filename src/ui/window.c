/* The game screen's window: volley play on the screen, volley replay LOG --view, and volley bench
 * render. Initialisation (SDL, window, renderer, the app), the loop (events, update, draw, present),
 * and de-initialisation, as in raylib's examples. --script feeds recorded events and --screenshot
 * writes one frame as a PNG, so that the real binary can be tested under a virtual display. */
#include "window.h"
#include "rules_screen.h"

#include "app.h"
#include "editor.h"
#include "gfx.h"
#include "scene.h"
#include "script.h"
#include "volley/paths.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

VlUiWindowArgs vl_ui_window_args_default(void)
{
    VlUiWindowArgs a;
    memset(&a, 0, sizeof a);
    a.players[0] = a.players[1] = VL_UI_HUMAN;
    a.width = 1280;
    a.height = 800;
    a.ai_delay = -1;
    return a;
}

bool vl_ui_display_available(bool scripted, char *why, size_t size)
{
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        snprintf(why, size, "%s", SDL_GetError());
        return false;
    }
    const char *driver = SDL_GetCurrentVideoDriver();
    if (!scripted && driver && (strcmp(driver, "dummy") == 0 || strcmp(driver, "offscreen") == 0)) {
        snprintf(why, size, "the \"%s\" video driver shows nothing", driver);
        SDL_Quit();
        return false;
    }
    return true;
}

/* SIGTERM, SIGINT, SIGHUP: the system or the terminal wants the program gone. SDL's own handlers would
 * turn them into a quit event, which asks the player about unsaved orders: nobody may be there to
 * answer. Volley's handler only notes the signal; the loop then saves the game if it has orders
 * not yet saved and leaves without asking. */
static volatile sig_atomic_t g_stop_signal;

static void on_stop_signal(int sig) { g_stop_signal = sig; }

static void catch_stop_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

typedef struct Screen {
    SDL_Window *win;
    SDL_Renderer *r;
    VlUiApp *app;
} Screen;

static bool open_screen(Screen *s, const VlUiWindowArgs *a, const char *title)
{
    memset(s, 0, sizeof *s);
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    catch_stop_signals();
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "volley: cannot open a display: %s\n", SDL_GetError());
        return false;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    s->win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, a->width, a->height,
                              SDL_WINDOW_RESIZABLE);
    if (!s->win) {
        fprintf(stderr, "volley: cannot open a window: %s\n", SDL_GetError());
        SDL_Quit();
        return false;
    }
    if (!a->software)
        s->r = SDL_CreateRenderer(s->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!s->r)
        s->r = SDL_CreateRenderer(s->win, -1, SDL_RENDERER_SOFTWARE);
    if (!s->r) {
        fprintf(stderr, "volley: cannot draw in the window: %s\n", SDL_GetError());
        SDL_DestroyWindow(s->win);
        SDL_Quit();
        return false;
    }
    int w, h;
    SDL_GetRendererOutputSize(s->r, &w, &h);
    VlUiOptions opt = vl_ui_options_default();
    if (a->ai_delay >= 0)
        opt.ai_delay_ms = a->ai_delay;
    if (a->overlays) /* --overlays: on in every game this run starts (the menu's too) */
        for (const char *p = a->overlays; *p; p++)
            if (*p >= '1' && *p < '1' + VL_OVERLAY_COUNT)
                opt.overlays |= 1u << (*p - '1');
    /* In the live window the computer thinks aside; a scripted run steps frame by frame. */
    opt.think_aside = !a->script && !a->screenshot;
    /* The live window keeps the player's settings; a scripted run plays with the defaults, so that
     * tests and screenshots are the same on every machine. */
    VlUiSettings settings = vl_ui_settings_default();
    char err[1200];
    if (!a->script && !a->screenshot) {
        char dir[900];
        if (vl_paths_config_dir(dir, sizeof dir, false, NULL, 0) == VL_OK &&
            snprintf(opt.settings_path, sizeof opt.settings_path, "%s/settings.json", dir) < (int)sizeof opt.settings_path) {
            if (!vl_ui_settings_load(opt.settings_path, &settings, err, sizeof err))
                fprintf(stderr, "volley: %s (playing with the default settings)\n", err);
        } else {
            opt.settings_path[0] = 0;
        }
        if (a->ai_delay < 0)
            opt.ai_delay_ms = settings.ai_delay_ms;
    }
    s->app = vl_ui_app_create(s->r, w, h, &opt);
    if (!s->app) {
        SDL_DestroyRenderer(s->r);
        SDL_DestroyWindow(s->win);
        SDL_Quit();
        return false;
    }
    settings.ai_delay_ms = s->app->opt.ai_delay_ms;
    if (a->script || a->screenshot)
        settings.confirm_end_phase = false; /* a script ends its phases on purpose ("setting" turns it on) */
    s->app->settings = settings;
    return true;
}

/* --overlays over a save just loaded or replayed (a new game takes them from opt.overlays). */
static void command_line_overlays(Screen *s, const VlUiWindowArgs *a)
{
    (void)a;
    for (int o = 0; o < VL_OVERLAY_COUNT; o++)
        if ((s->app->opt.overlays >> o) & 1u)
            s->app->view.overlay[o] = true;
}

static void close_screen(Screen *s)
{
    /* Gone from the screen at once; a computer still planning is told to give up and its thread
     * waited for (vl_ui_app_destroy), which takes a moment more. */
    SDL_HideWindow(s->win);
    vl_ui_app_destroy(s->app);
    SDL_DestroyRenderer(s->r);
    SDL_DestroyWindow(s->win);
    if (TTF_WasInit())
        TTF_Quit();
    SDL_Quit();
}

/* The main loop, or, with --script / --screenshot, the scripted run. */
static int run(Screen *s, const VlUiWindowArgs *a)
{
    if (a->script || a->screenshot) {
        uint32_t clock = 0;
        vl_ui_app_update(s->app, clock);
        if (a->script) {
            char err[512];
            if (!vl_ui_script_run(s->app, a->script, &clock, err, sizeof err)) {
                fprintf(stderr, "volley: %s\n", err);
                return 1;
            }
        }
        vl_ui_app_update(s->app, clock);
        vl_ui_app_draw(s->app);
        int rc = 0;
        if (a->screenshot) {
            if (vl_ui_png_write_renderer(s->r, a->screenshot))
                printf("screenshot: %s\n", a->screenshot);
            else {
                fprintf(stderr, "volley: cannot write the screenshot %s\n", a->screenshot);
                rc = 1;
            }
        }
        SDL_RenderPresent(s->r);
        return rc;
    }
    /* Draw when something changed: after an event, or when the app says it changes by itself
     * (a computer's order, the replay stepping on, a message expiring). In between the window
     * sleeps in SDL_WaitEventTimeout, so an idle window costs no processor time. */
    bool dirty = true;
    while (!s->app->quit) {
        if (g_stop_signal) {
            if (s->app->screen == VL_SCREEN_GAME && vl_ui_app_dirty(s->app) && vl_ui_app_save(s->app))
                fprintf(stderr, "volley: stopped by signal %d; the game is saved in %s\n", (int)g_stop_signal,
                        s->app->save_path);
            if (s->app->screen == VL_SCREEN_EDITOR && s->app->editor && s->app->editor->doc.dirty &&
                vl_ui_editor_save(s->app, NULL))
                fprintf(stderr, "volley: stopped by signal %d; the table is saved in %s\n", (int)g_stop_signal,
                        s->app->editor->doc.path);
            break;
        }
        SDL_Event e;
        uint32_t now = SDL_GetTicks();
        int wait = vl_ui_app_next_change_ms(s->app, now);
        if (!dirty && wait != 0) {
            /* -1: only an event changes the screen; wake a few times a second all the same, cheaply
             * (a stop signal is looked at then). */
            if (SDL_WaitEventTimeout(&e, wait < 0 || wait > 250 ? 250 : wait)) {
                vl_ui_app_event(s->app, &e);
                dirty = true;
            } else if (wait > 0 && wait <= 250) {
                dirty = true;
            }
        }
        while (!s->app->quit && SDL_PollEvent(&e)) {
            vl_ui_app_event(s->app, &e);
            dirty = true;
        }
        if (s->app->quit)
            break;
        vl_ui_app_update(s->app, SDL_GetTicks());
        if (wait == 0)
            dirty = true;
        if (!dirty)
            continue;
        vl_ui_app_draw(s->app);
        SDL_RenderPresent(s->r);
        dirty = false;
        /* Without vsync, do not spin while something moves: about 60 frames a second is plenty. */
        SDL_RendererInfo info;
        if (SDL_GetRendererInfo(s->r, &info) == 0 && !(info.flags & SDL_RENDERER_PRESENTVSYNC))
            SDL_Delay(15);
    }
    return 0;
}

int vl_ui_window_play(const char *scenario_path, const char *preselect, const VlUiWindowArgs *a)
{
    Screen s;
    char title[200];
    snprintf(title, sizeof title, "Volley");
    if (!open_screen(&s, a, title))
        return 1;
    VlStatus st = VL_OK;
    if (a->rules)
        snprintf(s.app->rules_words, sizeof s.app->rules_words, "%s", a->rules);
    if (a->options)
        snprintf(s.app->option_words, sizeof s.app->option_words, "%s", a->options);
    if (a->load)
        st = vl_ui_app_load(s.app, a->load);
    else if (!scenario_path || a->menu) {
        /* The scenario and players the menu starts with: those asked for, else the last ones
         * chosen (the settings), else a first game: the player against the computer at normal. */
        const VlUiSettings *set = &s.app->settings;
        char last[1024] = "";
        if (!preselect && set->scenario[0] && s.app->opt.scenario_dir[0] &&
            snprintf(last, sizeof last, "%s/%s", s.app->opt.scenario_dir, set->scenario) < (int)sizeof last)
            preselect = last;
        vl_ui_app_menu(s.app, preselect);
        /* The rule set: as asked for, else the last one chosen when this version still plays it. */
        VlRuleOptions rs = vl_rule_options_default();
        rs.charge_rules = (VlChargeRules)set->charge_rules;
        rs.republic = set->republic;
        char why[700];
        if (!a->rules && !a->options && (rs.charge_rules != VL_RULES_GOR || rs.republic) &&
            vl_rule_options_check(&rs, why, sizeof why))
            vl_ui_rules_set(s.app, &rs); /* Good Old Rebel alone: the scenarios' own rules stand */
        for (int k = 0; k < 2; k++)
            s.app->menu.player[k] = a->have_players ? a->players[k]
                                  : set->have_players ? set->player[k]
                                  : k == 0 ? VL_UI_HUMAN : VL_UI_COMPUTER;
    } else
        st = vl_ui_app_new_game(s.app, scenario_path, a->have_seed ? a->seed : vl_ui_clock_seed(), a->players);
    if (st != VL_OK) {
        close_screen(&s);
        return 1;
    }
    command_line_overlays(&s, a);
    if (s.app->have_scenario) {
        snprintf(title, sizeof title, "Volley \xE2\x80\x94 %s", s.app->scenario.name);
        SDL_SetWindowTitle(s.win, title);
    }
    int rc = run(&s, a);
    close_screen(&s);
    return rc;
}

int vl_ui_window_edit(const char *scenario_path, const VlUiWindowArgs *a)
{
    Screen s;
    if (!open_screen(&s, a, "Volley \xE2\x80\x94 editor"))
        return 1;
    if (vl_ui_editor_open(s.app, scenario_path) != VL_OK) {
        close_screen(&s);
        return 1;
    }
    int rc = run(&s, a);
    close_screen(&s);
    return rc;
}

int vl_ui_window_replay(const char *log_path, const VlUiWindowArgs *a)
{
    Screen s;
    if (!open_screen(&s, a, "Volley \xE2\x80\x94 replay"))
        return 1;
    s.app->opt.exit_after_replay = true;
    if (vl_ui_app_replay(s.app, log_path) != VL_OK) {
        close_screen(&s);
        return 1;
    }
    command_line_overlays(&s, a);
    int rc = run(&s, a);
    close_screen(&s);
    return rc;
}

static int cmp_double(const void *x, const void *y)
{
    double p = *(const double *)x, q = *(const double *)y;
    return (p > q) - (p < q);
}

static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A JSON string for a path (quotes, backslashes and control characters escaped). */
static void json_str(const char *t)
{
    putchar('"');
    for (const unsigned char *c = (const unsigned char *)t; *c; c++)
        if (*c == '"' || *c == '\\')
            printf("\\%c", *c);
        else if (*c < 0x20)
            printf("\\u%04x", *c);
        else
            putchar(*c);
    putchar('"');
}

int vl_ui_bench_render(const char *scenario_path, int samples, bool json)
{
    /* The software renderer on a surface needs no display: the same on every machine. */
    const int W = 1280, H = 800;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = surf ? SDL_CreateSoftwareRenderer(surf) : NULL;
    if (!r) {
        fprintf(stderr, "volley bench render: cannot make a software renderer: %s\n", SDL_GetError());
        SDL_FreeSurface(surf);
        return 1;
    }
    VlUiOptions opt = vl_ui_options_default();
    VlUiApp *app = vl_ui_app_create(r, W, H, &opt);
    VlUiPlayer players[2] = {VL_UI_HUMAN, VL_UI_HUMAN};
    if (!app || vl_ui_app_new_game(app, scenario_path, 1, players) != VL_OK) {
        vl_ui_app_destroy(app);
        SDL_DestroyRenderer(r);
        SDL_FreeSurface(surf);
        return 1;
    }
    app->view.selected = 0;
    double *v = malloc((size_t)samples * sizeof *v);
    if (!v)
        return 1;
    /* Every overlay on: the first frame (threats computed, the table's cache filled), then the
     * frames that follow, the table copied from its cache. */
    for (int i = 0; i < VL_OVERLAY_COUNT; i++)
        app->view.overlay[i] = true;
    app->cache.threat_valid = false;
    double t0 = now_sec();
    vl_ui_app_draw(app);
    double first = now_sec() - t0;
    for (int k = 0; k < samples; k++) {
        double s0 = now_sec();
        vl_ui_app_draw(app);
        v[k] = now_sec() - s0;
    }
    qsort(v, (size_t)samples, sizeof *v, cmp_double);
    double med = samples % 2 ? v[samples / 2] : 0.5 * (v[samples / 2 - 1] + v[samples / 2]);
    /* Panning: the camera moves 4 px every frame, 50 frames one way and 50 back, as a drag does.
     * The table's cache is copied shifted until the view leaves its margin (VL_UI_PAN_MARGIN), then
     * drawn again: the median is the copy; the frames that drew it again are counted and timed
     * apart (with every overlay on). The same for the table alone and each overlay alone, for the
     * breakdown. */
    double pan[VL_OVERLAY_COUNT + 2], redraw_sum = 0;
    int redraws = 0;
    for (int o = -2; o < VL_OVERLAY_COUNT; o++) {
        for (int i = 0; i < VL_OVERLAY_COUNT; i++)
            app->view.overlay[i] = o == -2 || i == o;
        vl_ui_app_draw(app);
        for (int k = 0; k < samples; k++) {
            vl_ui_camera_pan(&app->cam, (k / 50) % 2 ? 4.0f : -4.0f, 0);
            float ox = app->cache.table_ox, oy = app->cache.table_oy;
            double s0 = now_sec();
            vl_ui_app_draw(app);
            v[k] = now_sec() - s0;
            if (o == -2 && (app->cache.table_ox != ox || app->cache.table_oy != oy)) {
                redraws++;
                redraw_sum += v[k];
            }
        }
        qsort(v, (size_t)samples, sizeof *v, cmp_double);
        pan[o + 2] = samples % 2 ? v[samples / 2] : 0.5 * (v[samples / 2 - 1] + v[samples / 2]);
    }
    static const char *const names[VL_OVERLAY_COUNT + 1] = {"panning, no overlay", "panning, 1 fire corridors and arcs only",
                                                            "panning, 2 primary zones only", "panning, 3 command radius only",
                                                            "panning, 4 threatened flanks only", "panning, 5 movement allowance only",
                                                            "panning, 6 computer's plan only"};
    double redraw = redraws ? redraw_sum / redraws : 0.0;
    if (json) {
        /* As volley bench geom|resolve|game --json: every figure in milliseconds, by name. */
        printf("{\n  \"bench\":\"render\",\n  \"scenario\":");
        json_str(scenario_path);
        printf(",\n  \"units\":%d,\n  \"samples\":%d,\n  \"width\":%d,\n  \"height\":%d,\n  \"figures\":[\n", app->scenario.nunits,
               samples, W, H);
        printf("    {\"name\":\"frame\",\"unit\":\"ms\",\"median\":%.17g},\n", med * 1e3);
        printf("    {\"name\":\"first frame\",\"unit\":\"ms\",\"median\":%.17g},\n", first * 1e3);
        printf("    {\"name\":\"panning\",\"unit\":\"ms\",\"median\":%.17g},\n", pan[0] * 1e3);
        printf("    {\"name\":\"panning, the cache drawn again\",\"unit\":\"ms\",\"mean\":%.17g,\"frames\":%d}", redraw * 1e3,
               redraws);
        for (int o = 0; o <= VL_OVERLAY_COUNT; o++)
            printf(",\n    {\"name\":\"%s\",\"unit\":\"ms\",\"median\":%.17g}", names[o], pan[o + 1] * 1e3);
        printf("\n  ]\n}\n");
    } else {
        printf("volley bench render: %s (%d units), %dx%d software renderer, every overlay on, median of %d frames\n",
               scenario_path, app->scenario.nunits, W, H, samples);
        printf("  %-40s %10.2f ms  (%.0f frames/s; the table from its cache)\n", "frame", med * 1e3, med > 0 ? 1.0 / med : 0);
        printf("  %-40s %10.2f ms  (threats computed, the table's cache filled)\n", "first frame", first * 1e3);
        printf("  %-40s %10.2f ms  (4 px a frame: the table's cache copied shifted)\n", "panning", pan[0] * 1e3);
        printf("  %-40s %10.2f ms  (the mean of %d of %d frames: the view past the %d px margin)\n",
               "panning, the cache drawn again", redraw * 1e3, redraws, samples, VL_UI_PAN_MARGIN);
        for (int o = 0; o <= VL_OVERLAY_COUNT; o++)
            printf("  %-40s %10.2f ms\n", names[o], pan[o + 1] * 1e3);
    }
    free(v);
    vl_ui_app_destroy(app);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    if (TTF_WasInit())
        TTF_Quit();
    return 0;
}

/* ---- a scenario that cannot be played (volley play BROKEN.json) ---- */

typedef struct ProblemsLayout {
    SDL_Rect list; ///< where the problems are listed
    SDL_Rect quit;
} ProblemsLayout;

static void problems_layout(int w, int h, ProblemsLayout *l)
{
    l->list = (SDL_Rect){20, 70, w - 40, h - 70 - 70};
    l->quit = (SDL_Rect){w - 20 - 160, h - 20 - 38, 160, 38};
}

static void draw_problems(SDL_Renderer *r, VlText *text, int w, int h, const char *path, const char *const *lines, int n,
                          bool quit_lit)
{
    SDL_SetRenderDrawColor(r, VL_UI_BACKGROUND >> 16, VL_UI_BACKGROUND >> 8 & 0xFF, VL_UI_BACKGROUND & 0xFF, 0xFF);
    SDL_RenderClear(r);
    ProblemsLayout l;
    problems_layout(w, h, &l);
    vl_ui_text_draw(text, 18, "This scenario cannot be played", 20, 16, vl_ui_rgb(VL_UI_PANEL_FG), VL_ALIGN_LEFT);
    char head[1200];
    const char *base = strrchr(path, '/');
    snprintf(head, sizeof head, "%d problem%s in %s, each with its line, column and place in the file:", n, n == 1 ? "" : "s",
             base ? base + 1 : path);
    int hh = vl_ui_text_draw_wrapped(text, 13, head, 20, 44, vl_ui_rgb(VL_UI_PANEL_DIM), w - 40);
    if (44 + hh + 8 > l.list.y) { /* a long name: the list starts under it */
        l.list.h -= 44 + hh + 8 - l.list.y;
        l.list.y = 44 + hh + 8;
    }
    vl_ui_gfx_rect(r, (float)l.list.x, (float)l.list.y, (float)l.list.w, (float)l.list.h, vl_ui_rgb(VL_UI_PANEL_BG));
    /* As many as fit, wrapped; what does not fit is counted (the terminal has them all). */
    float y = (float)l.list.y + 8;
    int shown = 0;
    for (int i = 0; i < n; i++) {
        int th = vl_ui_text_wrapped_height(text, 13, lines[i], l.list.w - 24);
        if (y + (float)th > (float)(l.list.y + l.list.h - 24) && i > 0)
            break;
        vl_ui_text_draw_wrapped(text, 13, lines[i], (float)l.list.x + 12, y, vl_ui_rgb(0xFF8A80u), l.list.w - 24);
        y += (float)th + 8;
        shown++;
    }
    if (shown < n) {
        char more[120];
        snprintf(more, sizeof more, "and %d more, printed in the terminal", n - shown);
        vl_ui_text_draw(text, 12, more, (float)l.list.x + 12, (float)(l.list.y + l.list.h - 20), vl_ui_rgb(VL_UI_PANEL_DIM),
                        VL_ALIGN_LEFT);
    }
    vl_ui_text_draw(text, 12, "Fix the file and run volley play again; volley validate FILE checks it without a window.", 20,
                    (float)(l.quit.y + 11), vl_ui_rgb(VL_UI_PANEL_DIM), VL_ALIGN_LEFT);
    vl_ui_gfx_rect(r, (float)l.quit.x, (float)l.quit.y, (float)l.quit.w, (float)l.quit.h, vl_ui_rgb(quit_lit ? 0x4A535Du : VL_UI_PANEL_LINE));
    vl_ui_gfx_rect_outline(r, (float)l.quit.x, (float)l.quit.y, (float)l.quit.w, (float)l.quit.h, 1, vl_ui_rgb(0x5A626Cu));
    vl_ui_text_draw(text, 14, "Quit  (Esc)", (float)l.quit.x + (float)l.quit.w / 2, (float)l.quit.y + 10, vl_ui_rgb(VL_UI_PANEL_FG),
                    VL_ALIGN_CENTRE);
}

bool vl_ui_problems_display(bool scripted)
{
    char why[256];
    if (!vl_ui_display_available(scripted, why, sizeof why))
        return false;
    /* The dummy driver draws nowhere, not even for a screenshot: the messages printed are all. */
    const char *driver = SDL_GetCurrentVideoDriver();
    bool real = !driver || strcmp(driver, "dummy") != 0;
    SDL_Quit();
    return real;
}

int vl_ui_window_problems(const char *path, const char *const *lines, int n, const VlUiWindowArgs *a)
{
    VlUiWindowArgs defaults = vl_ui_window_args_default();
    /* A small window, unless --size asked for another. */
    int w = a->width == defaults.width && a->height == defaults.height ? 860 : a->width;
    int h = a->width == defaults.width && a->height == defaults.height ? 420 : a->height;
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        return 1;
    char title[600];
    const char *base = strrchr(path, '/');
    snprintf(title, sizeof title, "Volley \xE2\x80\x94 %s cannot be played", base ? base + 1 : path);
    SDL_Window *win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h, 0);
    SDL_Renderer *r = win ? SDL_CreateRenderer(win, -1, a->software ? SDL_RENDERER_SOFTWARE : 0) : NULL;
    if (win && !r)
        r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
    char font[1024], err[512];
    VlText *text = NULL;
    if (r && vl_paths_data_file("assets/" VL_UI_FONT_FILE, font, sizeof font, err, sizeof err) == VL_OK)
        text = vl_ui_text_create(r, font);
    if (r) {
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        SDL_GetRendererOutputSize(r, &w, &h);
        ProblemsLayout l;
        problems_layout(w, h, &l);
        if (a->script || a->screenshot) {
            /* A scripted run: one frame, written when asked (scripts have nothing to press here). */
            draw_problems(r, text, w, h, path, lines, n, false);
            if (a->screenshot) {
                if (vl_ui_png_write_renderer(r, a->screenshot))
                    printf("screenshot: %s\n", a->screenshot);
                else
                    fprintf(stderr, "volley: cannot write the screenshot %s\n", a->screenshot);
            }
        } else {
            bool done = false;
            int mx = -1, my = -1;
            while (!done) {
                draw_problems(r, text, w, h, path, lines, n, mx >= l.quit.x && my >= l.quit.y && mx < l.quit.x + l.quit.w &&
                                                                    my < l.quit.y + l.quit.h);
                SDL_RenderPresent(r);
                SDL_Event e;
                if (!SDL_WaitEvent(&e))
                    break;
                if (e.type == SDL_QUIT)
                    done = true;
                else if (e.type == SDL_KEYDOWN && (e.key.keysym.sym == SDLK_ESCAPE || e.key.keysym.sym == SDLK_RETURN ||
                                                   e.key.keysym.sym == SDLK_KP_ENTER || e.key.keysym.sym == SDLK_q))
                    done = true;
                else if (e.type == SDL_MOUSEMOTION) {
                    mx = e.motion.x;
                    my = e.motion.y;
                } else if (e.type == SDL_MOUSEBUTTONUP && e.button.button == SDL_BUTTON_LEFT && e.button.x >= l.quit.x &&
                           e.button.y >= l.quit.y && e.button.x < l.quit.x + l.quit.w && e.button.y < l.quit.y + l.quit.h)
                    done = true;
            }
        }
    }
    vl_ui_text_destroy(text);
    if (r)
        SDL_DestroyRenderer(r);
    if (win)
        SDL_DestroyWindow(win);
    if (TTF_WasInit())
        TTF_Quit();
    SDL_Quit();
    return 1;
}
