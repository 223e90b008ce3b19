/* volley bench --scale: how cost grows with the size of the battle. Battles of 50, 100, 200 and 400
 * units are generated (scale_scenario: deterministic, on a table that grows with them, read by the
 * scenario loader so that every placement passes its checks), and for each the bench times all-pairs
 * line of sight, a whole game between random-legal players and one player turn of the commander. */
#include "cli.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seconds of the process's processor time: on a machine shared with other work, the time the bench
 * itself ran, whatever the load (a wall clock would count the waits for a core). The commander's
 * look-ahead shares its play-outs among threads, and their time is counted too: the figures are the
 * work done, not the wait on a machine with cores to spare. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Keeps results alive so the compiler cannot drop the measured work. */
static volatile double sink;

/* A growing text buffer for the generated scenario. */
typedef struct Text {
    char *s;
    size_t n, cap;
    bool failed;
} Text;

static void put(Text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = t->cap - t->n;
        int k = t->s ? vsnprintf(t->s + t->n, room, fmt, ap) : -1;
        va_end(ap);
        if (k >= 0 && (size_t)k < room) {
            t->n += (size_t)k;
            return;
        }
        size_t cap = t->cap ? 2 * t->cap : 1 << 16;
        char *s = t->failed ? NULL : realloc(t->s, cap);
        if (!s) {
            t->failed = true;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
}

/* The layout: each side has brigades of five (three regiments of infantry in line, a battery
 * unlimbered at their right and the brigadier behind the centre), in a grid of cells CELL_W wide and
 * CELL_D deep; the two sides' front rows face each other across GAP inches of ground with a wood or
 * a fence in front of every cell, so that some lines of sight are blocked. The table is the grids
 * and the gap with a margin: it grows with the battle, each brigade keeping the same ground. */
#define CELL_W 36.0
#define CELL_D 10.0
#define GAP 24.0
#define MARGIN 6.0
#define PER_BRIGADE 5

typedef struct Layout {
    int brigades, rows, cols; /* per side */
    double width, height;
} Layout;

static Layout layout_for(int units)
{
    Layout l;
    l.brigades = units / (2 * PER_BRIGADE);
    l.rows = (int)ceil(sqrt(l.brigades / 2.0));
    l.cols = (l.brigades + l.rows - 1) / l.rows;
    l.width = l.cols * CELL_W + 2 * MARGIN;
    l.height = 2 * l.rows * CELL_D + GAP + 2 * MARGIN;
    return l;
}

/* The scenario text of a battle of @p units units (a multiple of 10, at most 1000: the loader's
 * limit), or NULL when out of memory. */
static char *scale_scenario(int units, Layout *out)
{
    Layout l = layout_for(units);
    *out = l;
    static const char *const side_id[2] = {"north", "south"};
    static const char *const quality[3] = {"veteran", "seasoned", "raw"};
    Text t = {0};
    put(&t, "{\"format\": \"volley-scenario\", \"version\": 1, \"name\": \"Generated battle of %d units\",\n", units);
    put(&t, "\"table\": {\"width\": %.1f, \"height\": %.1f},\n", l.width, l.height);
    put(&t, "\"sides\": [{\"id\": \"%s\", \"name\": \"North\"}, {\"id\": \"%s\", \"name\": \"South\"}],\n", side_id[0],
        side_id[1]);
    put(&t, "\"first_side\": \"%s\",\n", side_id[0]);
    put(&t, "\"victory\": {\"turns\": 8, \"break_percent\": 50, \"objectives\": [{\"id\": \"o_centre\", \"name\": "
            "\"the centre\", \"position\": [%.2f, %.2f], \"radius\": 4, \"points\": 1}]},\n",
        l.width / 2, l.height / 2);
    put(&t, "\"brigades\": [");
    for (int s = 0; s < 2; s++)
        for (int b = 0; b < l.brigades; b++)
            put(&t, "%s{\"id\": \"b%d_%d\", \"side\": \"%s\", \"commander\": \"g%d_%d\"}", s || b ? ", " : "", s, b,
                side_id[s], s, b);
    put(&t, "],\n\"terrain\": [");
    /* In the middle of the gap, before each column: a wood, or a fence, by turns. */
    double mid = l.height / 2;
    for (int c = 0; c < l.cols; c++) {
        double x = MARGIN + c * CELL_W;
        if (c % 2 == 0)
            put(&t, "%s{\"id\": \"w%d\", \"type\": \"woods\", \"polygon\": [[%.2f, %.2f], [%.2f, %.2f], [%.2f, %.2f], "
                    "[%.2f, %.2f]]}",
                c ? ", " : "", c, x + 8, mid - 4, x + 20, mid - 4, x + 20, mid + 4, x + 8, mid + 4);
        else
            put(&t, "%s{\"id\": \"f%d\", \"type\": \"fence\", \"path\": [[%.2f, %.2f], [%.2f, %.2f]]}", c ? ", " : "", c,
                x + 6, mid, x + 26, mid);
    }
    put(&t, "],\n\"units\": [\n");
    int k = 0;
    for (int s = 0; s < 2; s++)
        for (int b = 0; b < l.brigades; b++) {
            int row = b / l.cols, col = b % l.cols;
            double x = MARGIN + col * CELL_W;
            /* the front of the row: north's front rows face south's across the gap (facing 0 is up
             * the table, towards a larger y) */
            double front = MARGIN + (l.rows - row) * CELL_D;
            double y = s == 0 ? front : l.height - front, back = s == 0 ? -1 : 1, facing = s == 0 ? 0 : 180;
            for (int i = 0; i < 3; i++, k++)
                put(&t, "%s{\"id\": \"i%d_%d_%d\", \"side\": \"%s\", \"type\": \"infantry\", \"formation\": \"line\", "
                        "\"position\": [%.2f, %.2f], \"facing\": %.0f, \"quality\": \"%s\", \"weapon\": \"%s\", "
                        "\"brigade\": \"b%d_%d\"}",
                    k ? ",\n" : "", s, b, i, side_id[s], x + 4.5 + 9.0 * i, y, facing, quality[(b + i) % 3],
                    (b + i) % 2 ? "smoothbore" : "rifled", s, b);
            put(&t, ",\n{\"id\": \"a%d_%d\", \"side\": \"%s\", \"type\": \"artillery\", \"formation\": \"unlimbered\", "
                    "\"position\": [%.2f, %.2f], \"facing\": %.0f, \"quality\": \"%s\", \"weapon\": \"%s\", "
                    "\"brigade\": \"b%d_%d\"}",
                s, b, side_id[s], x + 31.0, y, facing, quality[b % 3], b % 2 ? "smoothbore" : "rifled", s, b);
            put(&t, ",\n{\"id\": \"g%d_%d\", \"side\": \"%s\", \"type\": \"general\", \"position\": [%.2f, %.2f], "
                    "\"facing\": %.0f, \"quality\": \"seasoned\", \"brigade\": \"b%d_%d\"}",
                s, b, side_id[s], x + 13.5, y + back * 4.0, facing, s, b);
            k += 2;
        }
    put(&t, "\n]}\n");
    if (t.failed) {
        free(t.s);
        return NULL;
    }
    return t.s;
}

/* One pass of line of sight over every ordered pair; returns seconds. */
static double sight_pass(const VlBattlefield *bf, long *clear)
{
    int n = vl_battlefield_unit_count(bf);
    long open = 0;
    double t0 = cpu_now();
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j)
                continue;
            VlSight s;
            vl_sight(bf, i, j, &s);
            open += s.clear;
        }
    double t = cpu_now() - t0;
    *clear = open;
    return t;
}

/* A whole game between random-legal players (seeded as volley sim seeds them). Returns the commands
 * given, or -1 when one was refused (a bug). */
static int random_game(const VlScenario *s, uint64_t seed, int *turns)
{
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(s, seed, &opt);
    if (!g)
        return -1;
    VlRng players[2];
    vl_rng_seed(&players[0], seed, 101);
    vl_rng_seed(&players[1], seed, 202);
    int commands = 0;
    while (!vl_game_over(g, NULL, NULL) && commands >= 0 && commands < 1000000) {
        int side = vl_game_turn(g) == 0 ? s->first_side : vl_game_active_side(g);
        int n = vl_random_player_phase(g, NULL, &players[side]);
        commands = n < 0 ? -1 : commands + n;
    }
    sink = (double)vl_game_hash(g);
    *turns = vl_game_turn(g);
    vl_game_destroy(g);
    return commands;
}

/* The commander's first player turn from the opening position: its phases until the other side is
 * to play. Returns seconds, or -1 on a refused command. */
static double commander_turn(const VlScenario *s, uint64_t seed, VlAiLevel level, int *commands)
{
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(s, seed, &opt);
    if (!g)
        return -1;
    VlRng r;
    vl_rng_seed(&r, seed, 101);
    int side = s->first_side, n = 0;
    double t0 = cpu_now();
    do {
        int k = vl_ai_phase(g, NULL, &r, level, NULL);
        n = k < 0 ? -1 : n + k;
    } while (n >= 0 && !vl_game_over(g, NULL, NULL) && vl_game_active_side(g) == side && vl_game_turn(g) == 1);
    double t = cpu_now() - t0;
    *commands = n;
    vl_game_destroy(g);
    return n < 0 ? -1 : t;
}

/* One row of the table. */
typedef struct Row {
    int units;
    double width, height;
    long pairs, clear;
    double sight, all, game, turn; /* seconds: the median pass, all-pairs pass, game and commander turn */
    double turns, commands;        /* a game's, on average */
} Row;

/* One pass of vl_sight_all on this thread alone; returns seconds. */
static double all_pass(const VlBattlefield *bf, bool *clear)
{
    double t0 = cpu_now();
    bool ok = vl_sight_all_threads(bf, NULL, 1, clear);
    double t = cpu_now() - t0;
    sink = ok ? (double)clear[1] : -1;
    return ok ? t : -1;
}

/* One row of the table: sight, a whole random game and the commander's turn on @p s, into *row.
 * Returns 0, 1 when out of memory (said on stderr), or -1 on a refused command (the caller says which
 * battle). */
static int bench_row(const VlScenario *s, double *v, int samples, int turn_samples, VlAiLevel level, Row *row)
{
    VlBattlefield *bf = vl_scenario_battlefield(s);
    int n = s->nunits;
    bool *grid = malloc(n ? (size_t)n * (size_t)n : 1);
    if (!bf || !grid) {
        vl_battlefield_destroy(bf);
        free(grid);
        fprintf(stderr, "volley bench --scale: out of memory\n");
        return 1;
    }
    *row = (Row){n, s->width, s->height, (long)n * (n - 1), 0, 0, 0, 0, 0, 0, 0};
    for (int k = 0; k < samples; k++)
        v[k] = sight_pass(bf, &row->clear);
    row->sight = vl_cli_median(v, samples);
    for (int k = 0; k < samples; k++)
        if ((v[k] = all_pass(bf, grid)) < 0) {
            vl_battlefield_destroy(bf);
            free(grid);
            fprintf(stderr, "volley bench --scale: out of memory\n");
            return 1;
        }
    row->all = vl_cli_median(v, samples);
    vl_battlefield_destroy(bf);
    free(grid);
    int turns = 0, commands = 0;
    long all_turns = 0, all_commands = 0;
    for (int k = 0; k < samples; k++) {
        double t0 = cpu_now();
        commands = random_game(s, (uint64_t)k + 1, &turns);
        v[k] = cpu_now() - t0;
        all_turns += turns;
        all_commands += commands;
        if (commands < 0)
            return -1;
    }
    row->game = vl_cli_median(v, samples);
    row->turns = (double)all_turns / samples;
    row->commands = (double)all_commands / samples;
    for (int k = 0; k < turn_samples; k++) {
        v[k] = commander_turn(s, (uint64_t)k + 1, level, &commands);
        if (v[k] < 0)
            return -1;
    }
    row->turn = vl_cli_median(v, turn_samples);
    return 0;
}

static void print_row(const Row *r)
{
    char table[32];
    snprintf(table, sizeof table, "%.0f x %.0f", r->width, r->height);
    printf("  %5d %13s %9ld %9.3f ms %7.2f us %9.3f ms %9.1f ms %8.1f %10.0f %12.3f s\n", r->units, table, r->pairs,
           r->sight * 1e3, r->sight / (double)r->pairs * 1e6, r->all * 1e3, r->game * 1e3, r->turns, r->commands, r->turn);
    printf("        (%ld of the %ld lines of sight clear)\n", r->clear, r->pairs);
    fflush(stdout);
}

static void print_head(int samples, int turn_samples, VlAiLevel level)
{
    printf("volley bench --scale: processor time (all threads), median of %d samples (%d for the commander's turn at %s)\n", samples,
           turn_samples, vl_ai_level_name(level));
    printf("  %5s %13s %9s %12s %10s %12s %12s %8s %10s %14s\n", "units", "table (in)", "pairs", "sight pass", "per pair",
           "all pairs", "random game", "turns", "commands", "commander turn");
}

/* The rows as one JSON object (--json), every figure in milliseconds but the commander's turn (s). */
static void print_json(const Row *rows, int nrows, int samples, int turn_samples, VlAiLevel level, const char *path)
{
    JsonOut j;
    jo_init(&j, stdout, true);
    jo_begin_object(&j);
    jo_key(&j, "bench");
    jo_string(&j, "scale");
    jo_key(&j, "scenario");
    if (path)
        jo_string(&j, path);
    else
        jo_null(&j);
    jo_key(&j, "level");
    jo_string(&j, vl_ai_level_name(level));
    jo_key(&j, "samples");
    jo_int(&j, samples);
    jo_key(&j, "commander_samples");
    jo_int(&j, turn_samples);
    jo_key(&j, "rows");
    jo_begin_array(&j);
    for (int i = 0; i < nrows; i++) {
        const Row *r = &rows[i];
        jo_begin_object(&j);
        jo_key(&j, "units");
        jo_int(&j, r->units);
        jo_key(&j, "table");
        jo_point(&j, (VlVec2){r->width, r->height});
        jo_key(&j, "ordered_pairs");
        jo_int(&j, r->pairs);
        jo_key(&j, "clear");
        jo_int(&j, r->clear);
        jo_key(&j, "sight_pass_ms");
        jo_number(&j, r->sight * 1e3);
        jo_key(&j, "sight_per_pair_us");
        jo_number(&j, r->sight / (double)r->pairs * 1e6);
        jo_key(&j, "all_pairs_ms");
        jo_number(&j, r->all * 1e3);
        jo_key(&j, "random_game_ms");
        jo_number(&j, r->game * 1e3);
        jo_key(&j, "turns");
        jo_number(&j, r->turns);
        jo_key(&j, "commands");
        jo_number(&j, r->commands);
        jo_key(&j, "commander_turn_s");
        jo_number(&j, r->turn);
        jo_end_object(&j);
    }
    jo_end_array(&j);
    jo_end_object(&j);
    jo_end(&j);
}

static int bench_scale(const int *sizes, int nsizes, int samples, VlAiLevel level, bool json)
{
    int turn_samples = samples < 3 ? samples : 3; /* a commander turn at 400 units takes seconds */
    double *v = malloc((size_t)samples * sizeof *v);
    Row rows[4];
    if (!v)
        return 1;
    if (!json)
        print_head(samples, turn_samples, level);
    int rc = 0, nrows = 0;
    for (int z = 0; z < nsizes && z < 4 && rc == 0; z++) {
        int units = sizes[z];
        Layout l;
        char *text = scale_scenario(units, &l);
        char name[64];
        snprintf(name, sizeof name, "generated-%d.json", units);
        VlScenario s;
        VlDiagList d;
        vl_diag_init(&d, name);
        if (!text || vl_scenario_load_string(text, strlen(text), name, &s, &d) != VL_OK) {
            fprintf(stderr, "volley bench --scale: the generated battle of %d units is refused (a bug):\n", units);
            vl_diag_print(&d, stderr, "  ");
            vl_diag_free(&d);
            free(text);
            rc = 1;
            break;
        }
        vl_diag_free(&d);
        free(text);
        int row = bench_row(&s, v, samples, turn_samples, level, &rows[nrows]);
        if (row < 0)
            fprintf(stderr, "volley bench --scale: a player's command was refused on the battle of %d units: a bug\n",
                    units);
        else if (row == 0 && !json)
            print_row(&rows[nrows]);
        nrows += row == 0;
        rc = row != 0;
        vl_scenario_free(&s);
    }
    if (json && rc == 0)
        print_json(rows, nrows, samples, turn_samples, level, NULL);
    free(v);
    return rc;
}

int vl_cmd_bench_scale(int argc, char **argv)
{
    int samples = 5, sizes[4] = {50, 100, 200, 400}, nsizes = 4;
    const char *path = NULL;
    char named[4096];
    VlAiLevel level = VL_AI_HARD;
    bool json = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--scenario") == 0 && i + 1 < argc) {
            path = vl_cli_scenario_path(argv[++i], named, sizeof named);
        } else if (strcmp(argv[i], "--units") == 0 && i + 1 < argc) {
            long v;
            if (!vl_cli_int_flag("bench --scale", "--units", argv[++i], 10, 1000, &v))
                return 2;
            if (v % (2 * PER_BRIGADE) != 0) {
                fprintf(stderr, "volley bench --scale: --units %ld: give a multiple of %d (brigades of %d a side)\n", v,
                        2 * PER_BRIGADE, PER_BRIGADE);
                return 2;
            }
            sizes[0] = (int)v;
            nsizes = 1;
        } else if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc) {
            long v;
            if (!vl_cli_int_flag("bench --scale", "--samples", argv[++i], 1, 1000, &v))
                return 2;
            samples = (int)v;
        } else if (strcmp(argv[i], "--level") == 0 && i + 1 < argc) {
            int l = vl_ai_level_parse(argv[++i]);
            if (l < 0) {
                fprintf(stderr, "volley bench --scale: --level \"%s\": give easy, normal or hard\n", argv[i]);
                return 2;
            }
            level = (VlAiLevel)l;
        } else {
            fprintf(stderr, "volley bench --scale: unknown argument \"%s\" (usage: volley bench --scale [--units N | --scenario FILE] "
                            "[--samples N] [--level easy|normal|hard] [--json])\n", argv[i]);
            return 2;
        }
    }
    if (path) {
        /* A given scenario instead of the generated ones: the same row for it. */
        VlScenario s;
        if (vl_cli_load(path, &s) != VL_OK)
            return 1;
        double *v = malloc((size_t)samples * sizeof *v);
        int turn_samples = samples < 3 ? samples : 3, rc = v ? 0 : 1;
        Row row;
        if (v) {
            if (!json)
                print_head(samples, turn_samples, level);
            rc = bench_row(&s, v, samples, turn_samples, level, &row);
            if (rc < 0)
                fprintf(stderr, "volley bench --scale: a player's command was refused on %s: a bug\n", path);
            else if (rc == 0 && json)
                print_json(&row, 1, samples, turn_samples, level, path);
            else if (rc == 0)
                print_row(&row);
        }
        free(v);
        vl_scenario_free(&s);
        return rc ? 1 : 0;
    }
    return bench_scale(sizes, nsizes, samples, level, json);
}
