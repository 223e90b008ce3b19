/* volley bench: median timings. The core never reads a clock; the command line does, here only. */
#include "cli.h"
#include "query.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Keeps results alive so the compiler cannot drop the measured work. */
static volatile double sink;

typedef enum { M_DISTANCE, M_ZONE, M_SIGHT } Measure;

/* Time one pass over every ordered pair; returns seconds per call. */
static double pass(const VlBattlefield *bf, Measure m)
{
    int n = vl_battlefield_unit_count(bf);
    double acc = 0;
    long calls = 0;
    double t0 = now_sec();
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
    double t = now_sec() - t0;
    sink = acc;
    return calls ? t / (double)calls : 0;
}

static int bench_geom(const char *path, int samples)
{
    VlScenario s;
    if (vl_cli_load(path, &s) != VL_OK)
        return 1;
    VlBattlefield *bf = vl_scenario_battlefield(&s);
    if (!bf) {
        vl_scenario_free(&s);
        return 1;
    }
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
        printf("  %-28s %10.3f us\n", names[m], median(v, samples) * 1e6);
    }
    int open = 0, blocked = 0;
    for (int k = 0; k < samples; k++) {
        VlQueryResult r;
        double t0 = now_sec();
        if (vl_query_compute(&s, bf, &r) != 0)
            break;
        v[k] = now_sec() - t0;
        if (k == 0)
            for (int p = 0; p < r.npairs; p++)
                r.pairs[p].sight.clear ? open++ : blocked++;
        vl_query_free(&r);
    }
    printf("  %-28s %10.3f ms  (%d lines of sight clear, %d blocked)\n", "query over all pairs",
           median(v, samples) * 1e3, open, blocked);
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
        double t0 = now_sec();
        for (int i = 0; i < npairs; i++) {
            VlChargeOrder o = {cu[i], ct[i], VL_RULES_GOR, true, VL_PRE_NONE, 0, 0, false};
            VlChargeVerdict cv;
            vl_resolve_charge(w, &o, &cv);
            legal += cv.legal;
        }
        v[k] = npairs ? (now_sec() - t0) / npairs : 0;
    }
    printf("  %-40s %10.1f us  (%d charges, each at the nearest enemy)\n", "charge verdict with path (GOR)",
           median(v, samples) * 1e6, npairs);
    for (int k = 0; k < samples; k++) {
        double t0 = now_sec();
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
        v[k] = n ? (now_sec() - t0) / n : 0;
    }
    printf("  %-40s %10.1f us  (%d orders)\n", "movement verdict (advance 5, wheel 20)", median(v, samples) * 1e6, n);
    sink = (double)legal;
    free(cu);
    free(ct);
    free(v);
    vl_world_destroy(w);
    vl_scenario_free(&s);
    return 0;
}

int vl_cmd_bench(int argc, char **argv)
{
    const char *what = argc > 0 && argv[0][0] != '-' ? argv[0] : "geom";
    const char *path = NULL;
    int samples = 15;
    for (int i = (argc > 0 && argv[0][0] != '-') ? 1 : 0; i < argc; i++) {
        if (strcmp(argv[i], "--scenario") == 0 && i + 1 < argc)
            path = argv[++i];
        else if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc) {
            samples = atoi(argv[++i]);
            if (samples < 1 || samples > 10000) {
                fprintf(stderr, "volley bench: --samples takes a whole number from 1 to 10000\n");
                return 2;
            }
        } else {
            fprintf(stderr, "volley bench: unknown argument \"%s\" (usage: volley bench geom [--scenario FILE] "
                            "[--samples N])\n", argv[i]);
            return 2;
        }
    }
    char def[1024];
    if (!path) {
        snprintf(def, sizeof def, "%s/scenarios/full-battle.json", VL_SOURCE_ROOT);
        path = def;
    }
    if (strcmp(what, "geom") == 0)
        return bench_geom(path, samples);
    if (strcmp(what, "resolve") == 0)
        return bench_resolve(path, samples);
    if (strcmp(what, "game") == 0 || strcmp(what, "render") == 0) {
        fprintf(stderr,
                "volley bench %s: not built yet. It measures a part of Volley that does not exist in this version "
                "(\"geom\" and \"resolve\" do).\n",
                what);
        return 2;
    }
    fprintf(stderr, "volley bench: unknown benchmark \"%s\" (known: geom, resolve)\n", what);
    return 2;
}
