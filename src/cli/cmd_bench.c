/* volley bench: median timings (the clock and the median are in common.c). */
#include "cli.h"
#include "query.h"
#include "window.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Keeps results alive so the compiler cannot drop the measured work. */
static volatile double sink;

/* The figures of one bench run: printed as text lines as they come, or (--json) kept and printed at
 * the end as one JSON object for scripts. */
enum { MAX_FIGURES = 8, MAX_COUNTS = 4 };
typedef struct Figure {
    const char *name, *unit; /* unit: "us" or "ms" */
    double median;
    double *samples;         /* in the unit, in the order they were taken */
    int nsamples;
    int ncounts;
    const char *count_name[MAX_COUNTS];
    double count[MAX_COUNTS];
} Figure;
typedef struct Report {
    bool json;
    const char *bench, *scenario;
    int units, samples;
    long pairs; /* -1 when the bench does not go over pairs */
    int nfig;
    Figure fig[MAX_FIGURES];
} Report;

/* Records a figure from @p n timings in seconds (v is sorted by the median afterwards) and prints its
 * text line unless the report is JSON. @p note is the text line's tail, e.g. "(93 charges)". */
static Figure *report_add(Report *rep, const char *name, const char *unit, int width, double *v, int n,
                          const char *note)
{
    double scale = strcmp(unit, "us") == 0 ? 1e6 : 1e3;
    Figure *f = rep->nfig < MAX_FIGURES ? &rep->fig[rep->nfig++] : NULL;
    if (f) {
        memset(f, 0, sizeof *f);
        f->name = name;
        f->unit = unit;
        f->samples = malloc((size_t)(n ? n : 1) * sizeof *f->samples);
        if (f->samples)
            for (int k = 0; k < n; k++)
                f->samples[k] = v[k] * scale;
        f->nsamples = f->samples ? n : 0;
    }
    double med = vl_cli_median(v, n) * scale;
    if (f)
        f->median = med;
    if (!rep->json)
        printf("  %-*s %10.*f %s%s%s\n", width, name, strcmp(unit, "us") == 0 && width > 28 ? 1 : 3, med, unit,
               note && *note ? "  " : "", note ? note : "");
    return f;
}

static void figure_count(Figure *f, const char *name, double value)
{
    if (f && f->ncounts < MAX_COUNTS) {
        f->count_name[f->ncounts] = name;
        f->count[f->ncounts++] = value;
    }
}

/* Prints the JSON object (when asked for) and frees the samples. */
static void report_finish(Report *rep)
{
    if (rep->json) {
        JsonOut j;
        jo_init(&j, stdout, true);
        jo_begin_object(&j);
        jo_key(&j, "bench");
        jo_string(&j, rep->bench);
        jo_key(&j, "scenario");
        jo_string(&j, rep->scenario);
        jo_key(&j, "units");
        jo_int(&j, rep->units);
        if (rep->pairs >= 0) {
            jo_key(&j, "ordered_pairs");
            jo_int(&j, rep->pairs);
        }
        jo_key(&j, "samples");
        jo_int(&j, rep->samples);
        jo_key(&j, "figures");
        jo_begin_array(&j);
        for (int i = 0; i < rep->nfig; i++) {
            const Figure *f = &rep->fig[i];
            jo_begin_object(&j);
            jo_key(&j, "name");
            jo_string(&j, f->name);
            jo_key(&j, "unit");
            jo_string(&j, f->unit);
            jo_key(&j, "median");
            jo_number(&j, f->median);
            for (int c = 0; c < f->ncounts; c++) {
                jo_key(&j, f->count_name[c]);
                jo_number(&j, f->count[c]);
            }
            jo_key(&j, "samples");
            bool pretty = j.pretty;
            j.pretty = false;
            jo_begin_array(&j);
            for (int k = 0; k < f->nsamples; k++)
                jo_number(&j, f->samples[k]);
            jo_end_array(&j);
            j.pretty = pretty;
            jo_end_object(&j);
        }
        jo_end_array(&j);
        jo_end_object(&j);
        jo_end(&j);
    }
    for (int i = 0; i < rep->nfig; i++)
        free(rep->fig[i].samples);
    rep->nfig = 0;
}

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

/* Time vl_sight_all over every ordered pair on @p threads threads (0: as vl_sight_all chooses); returns
 * seconds for the whole pass. */
static double pass_all(const VlBattlefield *bf, int threads, bool *clear)
{
    double t0 = vl_cli_now();
    bool ok = vl_sight_all_threads(bf, NULL, threads, clear);
    double t = vl_cli_now() - t0;
    sink = ok ? clear[1] : -1;
    return t;
}

/* The query over all pairs, answers only (as `volley query` prints them) or with each pair's
 * evidence (as `volley query --explain`). Returns seconds, or -1 out of memory; counts the answers. */
static double pass_query(const VlScenario *s, const VlBattlefield *bf, bool explain, int *open, int *blocked)
{
    VlQueryResult r;
    double t0 = vl_cli_now();
    if (vl_query_compute(s, bf, explain, &r) != 0)
        return -1;
    double t = vl_cli_now() - t0;
    *open = *blocked = 0;
    for (int p = 0; p < r.npairs; p++)
        r.pairs[p].sight.clear ? ++*open : ++*blocked;
    vl_query_free(&r);
    return t;
}

static int bench_geom(const char *path, int samples, bool json)
{
    VlScenario s;
    VlBattlefield *bf;
    if (vl_cli_open_battlefield(path, &s, &bf))
        return 1;
    int n = s.nunits, rc = 0;
    double *v = malloc((size_t)samples * sizeof *v);
    bool *clear = malloc(n ? (size_t)n * (size_t)n : 1);
    if (!v || !clear) {
        free(v);
        free(clear);
        vl_battlefield_destroy(bf);
        vl_scenario_free(&s);
        return 1;
    }
    Report rep = {json, "geom", path, n, samples, (long)n * (n - 1), 0, {{0}}};
    if (!json)
        printf("volley bench geom: %s (%d units, %d ordered pairs), median of %d samples\n", path, n, n * (n - 1),
               samples);
    static const char *const names[] = {"footprint distance", "primary-zone test", "line of sight"};
    for (int m = 0; m < 3; m++) {
        for (int k = 0; k < samples; k++)
            v[k] = pass(bf, (Measure)m);
        report_add(&rep, names[m], "us", 28, v, samples, m == 2 ? "(vl_sight: one pair, with its evidence)" : "");
    }
    for (int k = 0; k < samples; k++)
        v[k] = pass_all(bf, 1, clear);
    report_add(&rep, "line of sight, all pairs", "ms", 28, v, samples, "(vl_sight_all: the answers only, one thread)");
    for (int k = 0; k < samples; k++)
        v[k] = pass_all(bf, 0, clear);
    char shared[96];
    snprintf(shared, sizeof shared, "(the same, the firers shared among %d threads)",
             n * (n - 1) < VL_SIGHT_THREAD_MIN_PAIRS ? 1 : vl_threads_default());
    report_add(&rep, "sight, all pairs, threaded", "ms", 28, v, samples, shared);
    for (int e = 0; e < 2 && rc == 0; e++) {
        int open = 0, blocked = 0;
        for (int k = 0; k < samples && rc == 0; k++)
            if ((v[k] = pass_query(&s, bf, e == 1, &open, &blocked)) < 0)
                rc = 1;
        if (rc)
            break;
        char note[96];
        snprintf(note, sizeof note, "(%d lines of sight clear, %d blocked)", open, blocked);
        Figure *f = report_add(&rep, e ? "query with --explain" : "query over all pairs", "ms", 28, v,
                               samples, note);
        figure_count(f, "clear", open);
        figure_count(f, "blocked", blocked);
    }
    if (rc == 0)
        report_finish(&rep);
    else {
        rep.json = false;
        report_finish(&rep);
        fprintf(stderr, "volley bench geom: out of memory\n");
    }
    free(v);
    free(clear);
    vl_battlefield_destroy(bf);
    vl_scenario_free(&s);
    return rc;
}

/* Median over samples of the mean time per call over a set of orders. */
static int bench_resolve(const char *path, int samples, bool json)
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
    Report rep = {json, "resolve", path, n, samples, -1, 0, {{0}}};
    if (!json)
        printf("volley bench resolve: %s (%d units), median of %d samples\n", path, n, samples);
    char note[96];
    long legal = 0;
    /* The same charges judged under each system: Good Old Rebel's verdict searches openings, JR III's
     * finds its target, line, supports and close support (JR3-CHG-2..5), Gunson's runs straight at
     * the target (D-GUN-1). */
    static const struct { VlChargeRules rules; const char *name; } systems[] = {
        {VL_RULES_GOR, "charge verdict with path (GOR)"},
        {VL_RULES_JR3, "charge verdict with path (JR III)"},
        {VL_RULES_GUNSON, "charge verdict with path (Gunson)"}};
    for (int r = 0; r < 3; r++) {
        for (int k = 0; k < samples; k++) {
            double t0 = vl_cli_now();
            for (int i = 0; i < npairs; i++) {
                VlChargeOrder o = {cu[i], ct[i], systems[r].rules, true, VL_PRE_NONE, 0, 0, false};
                VlChargeVerdict cv;
                vl_resolve_charge(w, &o, &cv);
                legal += cv.legal;
            }
            v[k] = npairs ? (vl_cli_now() - t0) / npairs : 0;
        }
        snprintf(note, sizeof note, "(%d charges, each at the nearest enemy)", npairs);
        figure_count(report_add(&rep, systems[r].name, "us", 40, v, samples, note), "charges", npairs);
    }
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
    snprintf(note, sizeof note, "(%d orders)", n);
    figure_count(report_add(&rep, "movement verdict (advance 5, wheel 20)", "us", 40, v, samples, note), "orders", n);
    report_finish(&rep);
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
    *hash = 0;
    *turns = 0;
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
static int bench_game(const char *path, int samples, bool json)
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
    Report rep = {json, "game", path, s.nunits, total, -1, 0, {{0}}};
    if (!json)
        printf("volley bench game: %s (%d units), random-legal players, %d seeds x %d samples\n", path, s.nunits,
               SEEDS, per);
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
        char note[96];
        snprintf(note, sizeof note, "(%.1f turns, %.0f commands a game)", (double)turns / SEEDS,
                 (double)commands / SEEDS);
        Figure *f = report_add(&rep, "whole game", "ms", 28, vg, total, note);
        figure_count(f, "turns_a_game", (double)turns / SEEDS);
        figure_count(f, "commands_a_game", (double)commands / SEEDS);
        snprintf(note, sizeof note, "(%.0f log entries a game)", (double)entries / SEEDS);
        figure_count(report_add(&rep, "replay of its log", "ms", 28, vr, total, note), "log_entries_a_game",
                     (double)entries / SEEDS);
        report_finish(&rep);
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
    bool json = false;
    for (int i = (argc > 0 && argv[0][0] != '-') ? 1 : 0; i < argc; i++) {
        if (strcmp(argv[i], "--scenario") == 0 && i + 1 < argc)
            path = vl_cli_scenario_path(argv[++i], named, sizeof named);
        else if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc) {
            long v;
            if (!vl_cli_int_flag("bench", "--samples", argv[++i], 1, 10000, &v))
                return 2;
            samples = (int)v;
        } else if (strcmp(argv[i], "--json") == 0)
            json = true;
        else {
            fprintf(stderr, "volley bench: unknown argument \"%s\" (usage: volley bench geom|resolve|game|render "
                            "[--scenario FILE] [--samples N] [--json], or volley bench --scale)\n", argv[i]);
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
        return bench_geom(path, samples, json);
    if (strcmp(what, "resolve") == 0)
        return bench_resolve(path, samples, json);
    if (strcmp(what, "game") == 0)
        return bench_game(path, samples, json);
    if (strcmp(what, "render") == 0)
        return vl_ui_bench_render(path, samples, json);
    fprintf(stderr, "volley bench: unknown benchmark \"%s\" (known: geom, resolve, game, render, and --scale)\n", what);
    return 2;
}
