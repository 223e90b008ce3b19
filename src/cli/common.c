/* What several volley subcommands share: loading a scenario with its problems printed, opening its
 * world, finding a unit by the id given on the command line, and the clock and median the timing
 * commands (sim, bench) use. The core never reads a clock; the command line does, here only. */
#include "cli.h"

#include <errno.h>

#include <stdlib.h>
#include <time.h>

VlStatus vl_cli_load(const char *arg, VlScenario *s)
{
    char found[4096];
    const char *path = vl_cli_scenario_path(arg, found, sizeof found);
    VlDiagList diags;
    vl_diag_init(&diags, path);
    VlStatus st = vl_scenario_load_file(path, s, &diags);
    vl_diag_print(&diags, stderr, NULL);
    vl_diag_free(&diags);
    return st;
}

bool vl_cli_int_flag(const char *cmd, const char *flag, const char *word, long lo, long hi, long *out)
{
    /* Digits only, with one leading minus where the range allows it: no sign otherwise, no blanks,
     * no trailing text, nothing beyond the range (strtol's overflow included). */
    const char *p = word;
    if (*p == '-' && lo < 0)
        p++;
    bool digits = *p != 0;
    for (; *p; p++)
        digits = digits && *p >= '0' && *p <= '9';
    errno = 0;
    long v = digits ? strtol(word, NULL, 10) : 0;
    if (!digits || errno == ERANGE || v < lo || v > hi) {
        fprintf(stderr, "volley %s: %s takes a whole number from %ld to %ld, not \"%s\"\n", cmd, flag, lo, hi, word);
        return false;
    }
    *out = v;
    return true;
}

bool vl_cli_seed_flag(const char *cmd, const char *word, uint64_t *out)
{
    bool digits = *word != 0;
    for (const char *p = word; *p; p++)
        digits = digits && *p >= '0' && *p <= '9';
    errno = 0;
    unsigned long long v = digits ? strtoull(word, NULL, 10) : 0;
    if (!digits || errno == ERANGE) {
        fprintf(stderr, "volley %s: --seed takes a whole number from 0 to %llu, not \"%s\"\n", cmd,
                (unsigned long long)UINT64_MAX, word);
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

int vl_cli_open_battlefield(const char *path, VlScenario *s, VlBattlefield **bf)
{
    if (vl_cli_load(path, s) != VL_OK)
        return 1;
    *bf = vl_scenario_battlefield(s);
    if (!*bf) {
        fprintf(stderr, "%s: out of memory\n", path);
        vl_scenario_free(s);
        return 1;
    }
    return 0;
}

int vl_cli_open_world(const char *path, VlScenario *s, VlWorld **w)
{
    if (vl_cli_load(path, s) != VL_OK)
        return 1;
    *w = vl_world_create(s, 1);
    if (!*w) {
        fprintf(stderr, "%s: out of memory\n", path);
        vl_scenario_free(s);
        return 1;
    }
    return 0;
}

int vl_cli_find_unit(const VlScenario *s, const char *path, const char *id)
{
    int u = vl_scenario_find_unit(s, id);
    if (u < 0) {
        fprintf(stderr, "%s: no unit has id \"%s\" (units:", path, id);
        for (int i = 0; i < s->nunits && i < 12; i++)
            fprintf(stderr, " %s", s->units[i].id);
        fprintf(stderr, "%s)\n", s->nunits > 12 ? " ..." : "");
    }
    return u;
}

double vl_cli_now(void)
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

double vl_cli_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
