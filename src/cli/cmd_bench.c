/* volley bench: median timings (the clock and the median are in common.c). */
#include "cli.h"
#include "query.h"
#include "window.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Keeps results alive so the compiler cannot drop the measured work. */
static volatile double sink;

typedef enum { M_DISTANCE, M_ZONE, M_SIGHT } Measure;

/* Time one pass over every ordered pair; returns seconds per call. */
static double pass(const VlBattlefield *bf, Measure m)
{
    int n = vl_battlefield_unit_count(bf);
    double acc = 0;
    long calls = 0;
    double t0 = vl_cli_now();
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j)
                continue;
            const VlFootprint *a = &vl_battlefield_unit(bf, i)->fp, *b = &vl_battlefield_unit(bf, j)->fp;
            if (m == M_DISTANCE)
                acc += vl_footprint_distance(a, b);
            else if (m == M_ZONE)
                acc += vl_in_primary_zone(a, b);
            else {
                VlSight s;
                vl_sight(bf, i, j, &s);
                acc += s.clear;
            }
            calls++;
        }
    double t = vl_cli_now() - t0;
    sink = acc;
    return calls ? t / (double)calls : 0;
}

static int bench_geom(const char *path, int samples)
{
    VlScenario s;
    VlBattlefield *bf;
    if (vl_cli_open_battlefield(path, &s, &bf))
        return 1;
    int n = s.nunits;
    double *v = malloc((size_t)samples * sizeof *v);
    if (!v) {
        vl_battlefield_destroy(bf);
        vl_scenario_free(&s);
        return 1;
    }
    printf("volley bench geom: %s (%d units, %d ordered pairs), median of %d samples\n", path, n, n * (n - 1),
           samples);
    static const char *const names[] = {"footprint distance", "primary-zone test", "line of sight"};
    for (int m = 0; m < 3; m++) {
        for (int k = 0; k < samples; k++)
            v[k] = pass(bf, (Measure)m);
        printf("  %-28s %10.3f us\n", names[m], vl_cli_median(v, samples) * 1e6);
    }
    int open = 0, blocked = 0;
    for (int k = 0; k < samples; k++) {
        VlQueryResult r;
        double t0 = vl_cli_now();
        if (vl_query_compute(&s, bf, &r) != 0)
            break;
        v[k] = vl_cli_now() - t0;
        if (k == 0)
            for (int p = 0; p < r.npairs; p++)
                r.pairs[p].sight.clear ? open++ : blocked++;
        vl_query_free(&r);
    }
    printf("  %-28s %10.3f ms  (%d lines of sight clear, %d blocked)\n", "query over all pairs",
           vl_cli_median(v, samples) * 1e3, open, blocked);
    free(v);
    vl_battlefield_destroy(bf);
    vl_scenario_free(&s);
    return 0;
}

/* Median over samples of the mean time per call over a set of orders. */
static int bench_resolve(const char *path, int samples)
{
    VlScenario s;
    if (vl_cli_load(path, &s) != VL_OK)
        return 1;
    VlWorld *w = vl_world_create(&s, 1);
    double *v = malloc((size_t)samples * sizeof *v);
    if (!w || !v) {
        free(v);
        vl_world_destroy(w);
        vl_scenario_free(&s);
        return 1;
    }
    /* Each unit that can charge, at its nearest enemy; each unit, a 5 in advance then a 20 degree wheel
     * or turn (the kind of order a drag on the screen asks about). */
    int n = s.nunits, npairs = 0;
    int *cu = malloc((size_t)(n ? n : 1) * sizeof *cu), *ct = malloc((size_t)(n ? n : 1) * sizeof *ct);
    for (int u = 0; cu && ct && u < n; u++) {
        if (s.units[u].type == VL_GENERAL || s.units[u].type == VL_ARTILLERY)
            continue;
        int best = -1;
        double bd = 1e300;
        for (int e = 0; e < n; e++)
            if (vl_world_enemies(w, u, e)) {
                double d = vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, e)->fp);
                if (d < bd) {
                    bd = d;
                    best = e;
                }
            }
        if (best >= 0) {
            cu[npairs] = u;
            ct[npairs++] = best;
        }
    }
    printf("volley bench resolve: %s (%d units), median of %d samples\n", path, n, samples);
    long legal = 0;
    for (int k = 0; k < samples; k++) {
        double t0 = vl_cli_now();
        for (int i = 0; i < npairs; i++) {
            VlChargeOrder o = {cu[i], ct[i], VL_RULES_GOR, true, VL_PRE_NONE, 0, 0, false};
            VlChargeVerdict cv;
            vl_resolve_charge(w, &o, &cv);
            legal += cv.legal;
        }
        v[k] = npairs ? (vl_cli_now() - t0) / npairs : 0;
    }
    printf("  %-40s %10.1f us  (%d charges, each at the nearest enemy)\n", "charge verdict with path (GOR)",
           vl_cli_median(v, samples) * 1e6, npairs);
    for (int k = 0; k < samples; k++) {
        double t0 = vl_cli_now();
        for (int u = 0; u < n; u++) {
            VlMoveOrder o = {0};
            o.unit = u;
            o.nsteps = 2;
            o.steps[0] = (VlStep){VL_STEP_ADVANCE, 5, VL_PIVOT_LEFT, VL_FORM_NONE, true, -1, NAN};
            bool column = vl_world_unit(w, u)->formation == VL_FORM_COLUMN || s.units[u].type == VL_GENERAL;
            o.steps[1] = (VlStep){column ? VL_STEP_TURN : VL_STEP_WHEEL, 20, VL_PIVOT_RIGHT, VL_FORM_NONE, true, -1, NAN};
            VlMoveVerdict mv;
            vl_resolve_move(w, &o, &mv);
            legal += mv.legal;
        }
        v[k] = n ? (vl_cli_now() - t0) / n : 0;
    }
    printf("  %-40s %10.1f us  (%d orders)\n", "movement verdict (advance 5, wheel 20)", vl_cli_median(v, samples) * 1e6, n);
    sink = (double)legal;
    free(cu);
    free(ct);
    free(v);
    vl_world_destroy(w);
    vl_scenario_free(&s);
    return 0;
}

/* One whole game between random-legal players, seeded as `volley sim` seeds them; recorded into @p log
 * when given. Returns the number of commands, or -1 on a refused command (a bug). */
static int play_game(const VlScenario *s, uint64_t seed, VlLog *log, uint64_t *hash, int *turns)
{
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(s, seed, &opt);
    if (!g)
        return -1;
    if (log)
        vl_log_init(log, s, seed, &opt);
    VlRng players[2];
    vl_rng_seed(&players[0], seed, 101);
    vl_rng_seed(&players[1], seed, 202);
    int commands = 0;
    while (!vl_game_over(g, NULL, NULL) && commands < 200000) {
        int side = vl_game_turn(g) == 0 ? s->first_side : vl_game_active_side(g);
        int n = vl_random_player_phase(g, log, &players[side]);
        if (n < 0) {
            commands = -1;
            break;
        }
        commands += n;
    }
    if (log)
        vl_log_checkpoint(log, g);
    *hash = vl_game_hash(g);
    *turns = vl_game_turn(g);
    vl_game_destroy(g);
    return commands;
}

/* Whole games between random-legal players over several seeds (median over every timed game), and
 * the replay of each game's log (vl_log_replay, median likewise). */
static int bench_game(const char *path, int samples)
{
    VlScenario s;
    if (vl_cli_load(path, &s) != VL_OK)
        return 1;
    enum { SEEDS = 5 };
    int per = (samples + SEEDS - 1) / SEEDS, total = per * SEEDS, rc = 0;
    double *vg = malloc((size_t)total * sizeof *vg), *vr = malloc((size_t)total * sizeof *vr);
    VlLog *logs = calloc(SEEDS, sizeof *logs);
    if (!vg || !vr || !logs) {
        free(vg);
        free(vr);
        free(logs);
        vl_scenario_free(&s);
        return 1;
    }
    printf("volley bench game: %s (%d units), random-legal players, %d seeds x %d samples\n", path, s.nunits, SEEDS,
           per);
    long commands = 0, turns = 0, entries = 0;
    int k = 0;
    for (int i = 0; i < SEEDS && rc == 0; i++) {
        uint64_t seed = (uint64_t)i + 1, h0, h;
        int t;
        /* the log, recorded once (untimed) */
        int n = play_game(&s, seed, &logs[i], &h0, &t);
        if (n < 0) {
            fprintf(stderr, "volley bench game: a random player's command was refused (seed %llu): a bug\n",
                    (unsigned long long)seed);
            rc = 1;
            break;
        }
        commands += n;
        turns += t;
        entries += logs[i].n;
        for (int j = 0; j < per; j++) {
            double t0 = vl_cli_now();
            int m = play_game(&s, seed, NULL, &h, &t);
            vg[k] = vl_cli_now() - t0;
            VlReplayResult r;
            t0 = vl_cli_now();
            VlStatus st = vl_log_replay(&logs[i], &s, NULL, &r);
            vr[k++] = vl_cli_now() - t0;
            if (m != n || h != h0 || st != VL_OK || r.final_hash != h0) {
                fprintf(stderr, "volley bench game: seed %llu is not deterministic (%016llx, %016llx, replay %016llx: %s)\n",
                        (unsigned long long)seed, (unsigned long long)h0, (unsigned long long)h,
                        (unsigned long long)r.final_hash, r.message);
                rc = 1;
                break;
            }
        }
    }
    if (rc == 0) {
        printf("  %-28s %10.3f ms  (%.1f turns, %.0f commands a game)\n", "whole game", vl_cli_median(vg, total) * 1e3,
               (double)turns / SEEDS, (double)commands / SEEDS);
        printf("  %-28s %10.3f ms  (%.0f log entries a game)\n", "replay of its log", vl_cli_median(vr, total) * 1e3,
               (double)entries / SEEDS);
    }
    for (int i = 0; i < SEEDS; i++)
        vl_log_free(&logs[i]);
    free(logs);
    free(vg);
    free(vr);
    vl_scenario_free(&s);
    return rc;
}

int vl_cmd_bench(int argc, char **argv)
{
    if (argc > 0 && strcmp(argv[0], "--scale") == 0)
        return vl_cmd_bench_scale(argc - 1, argv + 1); /* bench_scale.c */
    const char *what = argc > 0 && argv[0][0] != '-' ? argv[0] : "geom";
    const char *path = NULL;
    char named[4096];
    int samples = 15;
    for (int i = (argc > 0 && argv[0][0] != '-') ? 1 : 0; i < argc; i++) {
        if (strcmp(argv[i], "--scenario") == 0 && i + 1 < argc)
            path = vl_cli_scenario_path(argv[++i], named, sizeof named);
        else if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc) {
            long v;
            if (!vl_cli_int_flag("bench", "--samples", argv[++i], 1, 10000, &v))
                return 2;
            samples = (int)v;
        } else {
            fprintf(stderr, "volley bench: unknown argument \"%s\" (usage: volley bench geom|resolve|game "
                            "[--scenario FILE] [--samples N])\n", argv[i]);
            return 2;
        }
    }
    char def[4096];
    if (!path) {
        /* whole games on the brigade action; the geometry and resolvers on the full battle */
        char err[512];
        if (vl_paths_data_file(strcmp(what, "game") == 0 ? "scenarios/brigade-action.json" : "scenarios/full-battle.json",
                               def, sizeof def, err, sizeof err) != VL_OK) {
            fprintf(stderr, "volley bench: %s\n", err);
            return 1;
        }
        path = def;
    }
    if (strcmp(what, "geom") == 0)
        return bench_geom(path, samples);
    if (strcmp(what, "resolve") == 0)
        return bench_resolve(path, samples);
    if (strcmp(what, "game") == 0)
        return bench_game(path, samples);
    if (strcmp(what, "render") == 0)
        return vl_ui_bench_render(path, samples);
    fprintf(stderr, "volley bench: unknown benchmark \"%s\" (known: geom, resolve, game)\n", what);
    return 2;
}
