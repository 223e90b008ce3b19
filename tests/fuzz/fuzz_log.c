/* libFuzzer target for the command-log reader (saves and replays, docs/game-log.md): any bytes are
 * written to a scratch file, read as a saves list reads it (vl_log_peek) and as loading a game reads
 * it (vl_log_load), which must accept them or refuse them with a located problem, never crash, leak,
 * hang or hit undefined behaviour. What loads is replayed against the scenario its header names
 * (the shipped scenarios are copied beside the scratch file, so a header naming one by any path that
 * ends in its file name finds it there), played on for a few phases by the random-legal player, and
 * saved and loaded back, which must give the same log and the same replay.
 *
 * Built by tests/meson.build with -Dfuzz=true (clang). Run long sessions on a copy of the seed
 * corpus so that generated inputs stay out of the repo:
 *   cp -r tests/fuzz/log-corpus /tmp/lc && build-fuzz/tests/fuzz_log -max_len=65536 /tmp/lc */
#include "volley/volley.h"

#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(cond)                                                                                      \
    do {                                                                                                   \
        if (!(cond))                                                                                       \
            __builtin_trap();                                                                              \
    } while (0)

/* Phases the random player goes on with a loaded game (the replay itself is bounded by the input). */
#define PLAY_PHASES 4

#ifndef VL_SOURCE_ROOT
#define VL_SOURCE_ROOT "."
#endif

static char g_dir[256];
static char g_log[300], g_back[300];
static char g_copied[32][300]; /* the scenarios copied into g_dir, removed at exit */
static int g_ncopied;

static void remove_scratch(void)
{
    unlink(g_log);
    unlink(g_back);
    char tmp[320];
    snprintf(tmp, sizeof tmp, "%s.tmp", g_back);
    unlink(tmp);
    for (int i = 0; i < g_ncopied; i++)
        unlink(g_copied[i]);
    rmdir(g_dir);
}

static bool copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        return false;
    FILE *out = fopen(to, "wb");
    if (!out) {
        fclose(in);
        return false;
    }
    char buf[8192];
    size_t n;
    bool ok = true;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = ok && fwrite(buf, 1, n, out) == n;
    ok = ok && !ferror(in);
    fclose(in);
    return fclose(out) == 0 && ok;
}

/* Every *.json of @p folder (under the source tree) into the scratch folder, under its own name. */
static void copy_scenarios(const char *folder)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/%s", VL_SOURCE_ROOT, folder);
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && g_ncopied < 32) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        char from[800];
        snprintf(from, sizeof from, "%s/%s", dir, e->d_name);
        snprintf(g_copied[g_ncopied], sizeof g_copied[0], "%s/%.200s", g_dir, e->d_name);
        if (copy_file(from, g_copied[g_ncopied]))
            g_ncopied++;
    }
    closedir(d);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(g_dir, sizeof g_dir, "%s/volley-fuzz-log-XXXXXX", base);
    if (!mkdtemp(g_dir))
        abort();
    snprintf(g_log, sizeof g_log, "%s/fuzz.vlog", g_dir);
    snprintf(g_back, sizeof g_back, "%s/back.vlog", g_dir);
    atexit(remove_scratch);
    copy_scenarios("scenarios");
    copy_scenarios("tests/scenarios");
    copy_scenarios("tests/fuzz/corpus"); /* every-section.json among them */
    if (g_ncopied == 0) {
        fprintf(stderr, "fuzz_log: no scenarios found under %s\n", VL_SOURCE_ROOT);
        abort();
    }
    return 0;
}

static void check_refusal(const VlDiagList *d)
{
    REQUIRE(d->count > 0);
    for (int i = 0; i < d->count; i++) {
        REQUIRE(d->items[i].status != VL_OK);
        REQUIRE(d->items[i].line >= 0 && d->items[i].column >= 0);
        REQUIRE(memchr(d->items[i].message, 0, sizeof d->items[i].message) != NULL);
        char line[1024];
        vl_diag_format(d, &d->items[i], line, sizeof line);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(g_log, "wb");
    if (!f)
        abort(); /* the scratch folder is ours: not the input's fault */
    if (fwrite(data, 1, size, f) != size)
        abort();
    if (fclose(f) != 0)
        abort();

    /* As the saves list reads it. */
    VlDiagList d;
    vl_diag_init(&d, g_log);
    VlLogPeek peek;
    VlStatus pst = vl_log_peek(g_log, &peek, &d);
    if (pst != VL_OK)
        check_refusal(&d);
    else
        REQUIRE(d.count == 0);
    vl_diag_free(&d);

    /* As loading a game reads it: all or nothing. */
    VlLog log;
    VlScenario s;
    vl_diag_init(&d, g_log);
    VlStatus st = vl_log_load(g_log, &log, &s, &d);
    if (st != VL_OK) {
        check_refusal(&d);
        REQUIRE(log.n == 0 && log.e == NULL && s.nunits == 0 && s.units == NULL);
        vl_diag_free(&d);
        return 0;
    }
    REQUIRE(d.count == 0);
    vl_diag_free(&d);
    REQUIRE(log.n >= 0 && log.n <= log.cap);
    for (int i = 0; i < log.n; i++)
        REQUIRE(log.e[i].line >= 1);
    /* What the saves list showed of it: the same header (both read the first line alike, so a save
     * that loads is one the list could peek at). */
    REQUIRE(pst == VL_OK);
    {
        REQUIRE(strcmp(peek.scenario_path, log.scenario_path) == 0);
        REQUIRE(peek.scenario_hash == log.scenario_hash && peek.seed == log.seed);
        REQUIRE(strcmp(peek.players, log.players) == 0);
        REQUIRE(peek.entries == -1 || peek.entries == log.n);
    }

    /* Replayed, then played on a little from wherever the replay stopped. */
    VlReplayResult r;
    VlGame *g = NULL;
    VlStatus rst = vl_log_replay(&log, &s, &g, &r);
    REQUIRE((rst == VL_OK) == r.ok);
    REQUIRE(memchr(r.message, 0, sizeof r.message) != NULL);
    REQUIRE(r.commands >= 0 && r.commands <= log.n && r.checks >= 0 && r.checks <= log.n);
    if (g) {
        REQUIRE(r.final_hash == vl_game_hash(g));
        vl_game_start(g);
        VlRng rng;
        vl_rng_seed(&rng, 5, 202);
        for (int k = 0; k < PLAY_PHASES && !vl_game_over(g, NULL, NULL); k++)
            REQUIRE(vl_random_player_phase(g, NULL, &rng) >= 0);
        vl_game_destroy(g);
    }

    /* Saved and loaded back: the same entries and the same replay. */
    vl_diag_init(&d, g_back);
    REQUIRE(vl_log_save(&log, &s, g_back, &d) == VL_OK);
    vl_diag_free(&d);
    VlLog back;
    VlScenario bs;
    vl_diag_init(&d, g_back);
    REQUIRE(vl_log_load(g_back, &back, &bs, &d) == VL_OK);
    vl_diag_free(&d);
    REQUIRE(back.n == log.n && back.seed == log.seed && back.scenario_hash == log.scenario_hash);
    VlReplayResult r2;
    VlStatus rst2 = vl_log_replay(&back, &bs, NULL, &r2);
    REQUIRE(rst2 == rst && r2.commands == r.commands && r2.checks == r.checks && r2.final_hash == r.final_hash);
    vl_log_free(&back);
    vl_scenario_free(&bs);

    vl_log_free(&log);
    vl_scenario_free(&s);
    return 0;
}
