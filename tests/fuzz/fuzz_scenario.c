/* libFuzzer target for the scenario loader and what a loaded scenario reaches: any bytes go to
 * vl_scenario_load_string(), which must either accept them or refuse them with at least one located
 * problem, never crash, leak or hit undefined behaviour. What it accepts is then played: the game
 * screen opens it (from a file, as the menu does), the random-legal player plays a few phases of it
 * with a fixed seed, its command log must replay to the same state and load back from a save, and
 * one frame of the game screen (every overlay on, a unit selected) is drawn with SDL's software
 * renderer on a surface (no window, no display).
 *
 * Built by tests/meson.build with -Dfuzz=true (clang). Run long sessions on a copy of the seed
 * corpus so that generated inputs stay out of the repo; the font comes from VOLLEY_DATA_DIR (the
 * source tree when unset):
 *   cp -r tests/fuzz/corpus /tmp/corpus && build-fuzz/tests/fuzz_scenario -max_len=65536 /tmp/corpus */
#include "volley/volley.h"

#include "app.h"

#include <SDL.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant of the loader's contract; a violation is a finding, so stop loudly. */
#define REQUIRE(cond)                                                                                      \
    do {                                                                                                   \
        if (!(cond))                                                                                       \
            __builtin_trap();                                                                              \
    } while (0)

/* How much of an accepted scenario is played: phases until the second turn's events and arrivals,
 * but no new phase once this many commands are in (a big scenario's phase issues one a unit, and
 * each costs the morale and charge checks of every unit near it), so that one execution stays in
 * the tens of milliseconds. */
#define PLAY_PHASES 20
#define PLAY_COMMANDS 60
#define FRAME_W 800
#define FRAME_H 560

static char g_dir[256];          /* scratch folder: the scenario as a file, the save */
static char g_scenario[300], g_save[300];
static SDL_Surface *g_surf;
static SDL_Renderer *g_r;

static void remove_scratch(void)
{
    unlink(g_scenario);
    unlink(g_save);
    char tmp[320];
    snprintf(tmp, sizeof tmp, "%s.tmp", g_save); /* a save's temporary file, if one was left */
    unlink(tmp);
    rmdir(g_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
#ifdef VL_SOURCE_ROOT
    setenv("VOLLEY_DATA_DIR", VL_SOURCE_ROOT, 0); /* the font, unless the caller names another */
#endif
    /* In memory where there is a tmpfs: a save is fsynced, which on a disk costs milliseconds. */
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(g_dir, sizeof g_dir, "%s/volley-fuzz-scenario-XXXXXX", base);
    if (!mkdtemp(g_dir))
        abort();
    snprintf(g_scenario, sizeof g_scenario, "%s/fuzz.json", g_dir);
    snprintf(g_save, sizeof g_save, "%s/fuzz.vlog", g_dir);
    atexit(remove_scratch);
    g_surf = SDL_CreateRGBSurfaceWithFormat(0, FRAME_W, FRAME_H, 32, SDL_PIXELFORMAT_ARGB8888);
    g_r = g_surf ? SDL_CreateSoftwareRenderer(g_surf) : NULL;
    if (!g_r)
        abort();
    return 0;
}

static bool write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, size, f) == size;
    return fclose(f) == 0 && ok;
}

/* The loaded scenario's invariants: what the rest of Volley relies on after a successful load. */
static void check_scenario(const VlScenario *s)
{
    REQUIRE(s->nsides == 2);
    REQUIRE(s->width > 0 && s->height > 0);
    for (int i = 0; i < s->nunits; i++) {
        const VlScenarioUnit *u = &s->units[i];
        REQUIRE(u->side >= 0 && u->side < s->nsides);
        REQUIRE(u->brigade >= -1 && u->brigade < s->nbrigades);
        REQUIRE(u->id[0] != 0);
        REQUIRE(vl_scenario_find_unit(s, u->id) == i);
    }
    for (int i = 0; i < s->nbrigades; i++)
        REQUIRE(s->brigades[i].commander >= -1 && s->brigades[i].commander < s->nunits);
    for (int i = 0; i < s->nterrain; i++)
        REQUIRE(s->terrain[i].pts != NULL && s->terrain[i].npts >= 2);
    VlBattlefield *bf = vl_scenario_battlefield(s);
    if (bf) {
        REQUIRE(vl_battlefield_unit_count(bf) == s->nunits);
        REQUIRE(vl_battlefield_terrain_count(bf) == s->nterrain);
        vl_battlefield_destroy(bf);
    }
}

/* Open the accepted bytes as the game screen would, play a few phases, check the log, draw. */
static void play_and_draw(const uint8_t *data, size_t size)
{
    if (!write_file(g_scenario, data, size))
        abort(); /* the scratch folder is ours: not the input's fault */
    VlUiOptions opt = vl_ui_options_default();
    opt.ai_delay_ms = 0;
    opt.think_aside = false;
    snprintf(opt.save_dir, sizeof opt.save_dir, "%s", g_dir);
    snprintf(opt.scenario_dir, sizeof opt.scenario_dir, "%s", g_dir);
    VlUiApp *app = vl_ui_app_create(g_r, FRAME_W, FRAME_H, &opt);
    REQUIRE(app != NULL);
    VlUiPlayer human[2] = {VL_UI_HUMAN, VL_UI_HUMAN};
    /* The same bytes from a file: accepted again (the file reader refuses a NUL byte, which the
     * string loader's JSON parser has refused already). */
    REQUIRE(vl_ui_app_new_game(app, g_scenario, 1, human) == VL_OK);
    VlGame *g = app->game;
    VlRng rng;
    vl_rng_seed(&rng, 7, 101);
    int commands = 0;
    for (int phase = 0; phase < PLAY_PHASES && commands < PLAY_COMMANDS && !vl_game_over(g, NULL, NULL); phase++) {
        /* The random player sends only commands vl_game_check accepted: a refusal is a bug. */
        int n = vl_random_player_phase(g, &app->log, &rng);
        REQUIRE(n >= 0);
        commands += n;
    }
    vl_log_checkpoint(&app->log, g);

    /* A save of the game loads back and replays to the same state. */
    VlDiagList d;
    vl_diag_init(&d, g_save);
    REQUIRE(vl_log_save(&app->log, &app->scenario, g_save, &d) == VL_OK);
    vl_diag_free(&d);
    VlLog back;
    VlScenario bs;
    vl_diag_init(&d, g_save);
    REQUIRE(vl_log_load(g_save, &back, &bs, &d) == VL_OK);
    vl_diag_free(&d);
    REQUIRE(back.n == app->log.n);
    VlReplayResult r;
    REQUIRE(vl_log_replay(&back, &bs, NULL, &r) == VL_OK);
    REQUIRE(r.final_hash == vl_game_hash(g));
    vl_log_free(&back);
    vl_scenario_free(&bs);

    /* One frame of the game screen, with everything it can draw about the table. */
    for (int i = 0; i < VL_OVERLAY_COUNT; i++)
        app->view.overlay[i] = true;
    app->view.selected = app->scenario.nunits > 0 ? 0 : -1;
    vl_ui_app_update(app, 1000);
    vl_ui_app_draw(app);
    vl_ui_app_destroy(app);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Copy into an exact-size buffer so that ASan catches any read past @p size (the loader takes a
     * length and must not rely on a terminating NUL). */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    if (size)
        memcpy(text, data, size);

    VlDiagList diags;
    vl_diag_init(&diags, "fuzz.json");
    VlScenario s;
    VlStatus st = vl_scenario_load_string(text, size, "fuzz.json", &s, &diags);
    free(text);

    /* Refused if and only if some problem was reported; every problem carries a non-OK status. */
    REQUIRE((st == VL_OK) == (diags.count == 0));
    for (int i = 0; i < diags.count; i++) {
        const VlDiag *d = &diags.items[i];
        REQUIRE(d->status != VL_OK);
        REQUIRE(d->line >= 0 && d->column >= 0);
        REQUIRE(memchr(d->path, 0, sizeof d->path) != NULL);
        REQUIRE(memchr(d->message, 0, sizeof d->message) != NULL);
        char line[1024];
        vl_diag_format(&diags, d, line, sizeof line);
    }
    vl_diag_free(&diags);

    if (st == VL_OK) {
        check_scenario(&s);
        vl_scenario_free(&s);
        play_and_draw(data, size);
    } else {
        /* The loader frees a refused scenario itself; freeing again must be harmless. */
        vl_scenario_free(&s);
    }
    return 0;
}
