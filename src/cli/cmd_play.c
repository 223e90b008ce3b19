/* volley play: the main job. With a display it opens the game screen (src/ui/window.c, given the
 * options parsed here); without one, or with --text, it loads the scenario, checks it, and prints the
 * order of battle and a geometry summary. Also volley replay LOG --view's options. */
#include "cli.h"

#include "window.h"

#include <stdlib.h>
#include <string.h>

/* The text summary: the order of battle with each unit's nearest enemy and whether it is in sight. */
static int play_text(const char *path)
{
    VlScenario s;
    VlBattlefield *bf;
    if (vl_cli_open_battlefield(path, &s, &bf))
        return 1;
    printf("%s\n", vl_cli_tx(s.name));
    if (s.description[0])
        printf("%s\n", vl_cli_tx_lines(s.description));
    printf("Table %g x %g in; %d terrain features; %d units.\n", s.width, s.height, s.nterrain, s.nunits);
    printf("\nFor every pair of units, `volley query %s` prints the full measures as JSON.\n", vl_cli_tx(path));
    for (int side = 0; side < s.nsides; side++) {
        printf("\n%s\n", vl_cli_tx(s.sides[side].name));
        for (int i = 0; i < s.nunits; i++) {
            const VlScenarioUnit *u = &s.units[i];
            if (u->side != side)
                continue;
            const VlFootprint *fp = &vl_battlefield_unit(bf, i)->fp;
            /* The nearest enemy and whether this unit can see it. */
            int near = -1;
            double best = 1e300;
            for (int k = 0; k < s.nunits; k++) {
                if (s.units[k].side == side)
                    continue;
                double d = vl_footprint_distance(fp, &vl_battlefield_unit(bf, k)->fp);
                if (d < best) {
                    best = d;
                    near = k;
                }
            }
            char what[64];
            if (u->type == VL_GENERAL)
                snprintf(what, sizeof what, "general");
            else
                snprintf(what, sizeof what, "%s %s, %s", vl_unit_type_name(u->type), vl_formation_name(u->formation),
                         vl_weapon_name(u->weapon));
            printf("  %-6s %-30.30s %-34s at (%5.1f,%5.1f) facing %5.1f", vl_cli_tx(u->id),
                   vl_cli_tx(u->name[0] ? u->name : u->id), what, u->pose.anchor.x, u->pose.anchor.y, u->pose.facing);
            if (near >= 0) {
                VlSight sight;
                vl_sight(bf, i, near, &sight);
                printf("  nearest enemy %s at %.1f in, %s", vl_cli_tx(vl_unit_label(&s, near)), best,
                       sight.clear ? "in sight" : "out of sight");
            }
            printf("\n");
        }
    }
    vl_battlefield_destroy(bf);
    vl_scenario_free(&s);
    return 0;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: volley play [SCENARIO] [--text] [--seed N] [--players A,B] [--load SAVE] [--size WxH]\n"
            "                   [--software] [--overlays 123456] [--script FILE] [--screenshot FILE.png]\n"
            "                   [--ai-delay MS] [--rules gor|jr3|gunson] [--option REP-505,REP-601|all|none]\n"
            "  players, first side then second (one word: both): %s\n", VL_PLAYERS_HELP);
}

static int parse_args(int argc, char **argv, VlUiWindowArgs *a)
{
    *a = vl_ui_window_args_default();
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        bool more = i + 1 < argc;
        if (strcmp(s, "--seed") == 0 && more) {
            if (!vl_cli_seed_flag("play", argv[++i], &a->seed))
                return 2;
            a->have_seed = true;
        } else if (strcmp(s, "--players") == 0 && more) {
            char err[160];
            if (!vl_players_parse(argv[++i], a->players, err, sizeof err)) {
                fprintf(stderr, "volley play: --players: %s; each side is %s (e.g. human,ai:hard)\n", err, VL_PLAYERS_HELP);
                return 2;
            }
            a->have_players = true;
        } else if (strcmp(s, "--script") == 0 && more) {
            a->script = argv[++i];
        } else if (strcmp(s, "--screenshot") == 0 && more) {
            a->screenshot = argv[++i];
        } else if (strcmp(s, "--load") == 0 && more) {
            a->load = argv[++i];
        } else if (strcmp(s, "--size") == 0 && more) {
            if (sscanf(argv[++i], "%dx%d", &a->width, &a->height) != 2 || a->width < 320 || a->height < 240 ||
                a->width > 8192 || a->height > 8192) {
                fprintf(stderr, "volley play: --size takes WIDTHxHEIGHT, e.g. 1280x800\n");
                return 2;
            }
        } else if (strcmp(s, "--software") == 0) {
            a->software = true;
        } else if (strcmp(s, "--ai-delay") == 0 && more) {
            long v;
            if (!vl_cli_int_flag("play", "--ai-delay", argv[++i], 0, 60000, &v))
                return 2;
            a->ai_delay = (int)v;
        } else if (strcmp(s, "--overlays") == 0 && more) {
            a->overlays = argv[++i];
        } else if (strcmp(s, "--rules") == 0 && more) {
            a->rules = argv[++i];
        } else if (strcmp(s, "--option") == 0 && more) {
            a->options = argv[++i];
        } else if (strcmp(s, "--menu") == 0) {
            a->menu = true;
        } else {
            fprintf(stderr, "volley play: unknown argument \"%s\"\n", s);
            usage();
            return 2;
        }
    }
    /* The words of --rules and --option are checked now; what this version plays, when the game
     * starts (its scenario's "rules" may add to them). */
    VlRuleOptions probe = vl_rule_options_default();
    char why[700];
    if ((a->rules || a->options) && !vl_rule_options_parse(a->rules, a->options, &probe, why, sizeof why)) {
        fprintf(stderr, "volley play: %s\n", vl_cli_tx(why));
        return 2;
    }
    if (a->load && (a->rules || a->options)) {
        fprintf(stderr, "volley play: a saved game keeps the rules it was played under; --rules and --option are for "
                        "a new game\n");
        return 2;
    }
    return 0;
}

/* The problems of a scenario that does not load, in a window when there is a display (they are
 * printed already). Returns the exit code: 1. */
static int show_problems(const char *path, int nrest, char **rest, bool scripted)
{
    if (!vl_ui_problems_display(scripted))
        return 1;
    VlUiWindowArgs a;
    if (parse_args(nrest, rest, &a))
        return 1;
    VlScenario s;
    VlDiagList d;
    vl_diag_init(&d, path);
    VlStatus st = vl_scenario_load_file(path, &s, &d);
    if (st == VL_OK) { /* it loads after all (changed meanwhile): nothing to show */
        vl_scenario_free(&s);
        vl_diag_free(&d);
        return 1;
    }
    int n = d.count > 0 ? d.count : 1;
    char **lines = calloc((size_t)n, sizeof *lines);
    int k = 0;
    for (int i = 0; lines && i < d.count; i++) {
        lines[k] = malloc(1024);
        if (!lines[k])
            break;
        vl_diag_format(&d, &d.items[i], lines[k], 1024);
        k++;
    }
    if (lines && d.count == 0 && (lines[0] = malloc(300)) != NULL) {
        snprintf(lines[0], 300, "%s: %s", path, vl_status_str(st));
        k = 1;
    }
    int rc = vl_ui_window_problems(path, (const char *const *)lines, k, &a);
    for (int i = 0; lines && i < k; i++)
        free(lines[i]);
    free(lines);
    vl_diag_free(&d);
    return rc;
}

int vl_cmd_play(int argc, char **argv)
{
    static const char *const with_value[] = {"--seed", "--players", "--script", "--screenshot",
                                             "--load", "--size", "--ai-delay", "--overlays", "--rules", "--option"};
    bool text = false, scripted = false;
    const char *scenario = NULL;
    char *rest[64];
    int nrest = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--text") == 0) {
            text = true;
            continue;
        }
        if (argv[i][0] != '-') {
            if (scenario) {
                fprintf(stderr, "usage: volley play [SCENARIO] [--text] [screen options: volley play --help]\n");
                return 2;
            }
            scenario = argv[i];
            continue;
        }
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: volley play [SCENARIO] [--text] [--seed N] [--players A,B] [--load SAVE] [--size WxH]\n"
                   "                   [--software] [--overlays 123456] [--script FILE] [--screenshot FILE.png]\n"
                   "                   [--ai-delay MS] [--menu]\n"
                   "Opens the game screen (the new-game menu without SCENARIO); --text prints the order of battle\n"
                   "instead, as happens by itself when no display is available.\n"
                   "  --players: who plays the first side, then the second (one word: both sides), each\n"
                   "             %s; default human,human.\n"
                   "             The computer's plan is overlay 6 (key 6).\n", VL_PLAYERS_HELP);
            return 0;
        }
        if (nrest >= 62) {
            fprintf(stderr, "volley play: too many arguments\n");
            return 2;
        }
        if (strcmp(argv[i], "--script") == 0 || strcmp(argv[i], "--screenshot") == 0)
            scripted = true;
        if (strcmp(argv[i], "--players") == 0) {
            /* Checked here too, so that the text summary refuses what the screen would refuse. */
            VlPlayer players[2];
            char err[160];
            if (i + 1 >= argc) {
                fprintf(stderr, "volley play: --players needs a value; each side is %s (e.g. human,ai:hard)\n", VL_PLAYERS_HELP);
                return 2;
            }
            if (!vl_players_parse(argv[i + 1], players, err, sizeof err)) {
                fprintf(stderr, "volley play: --players: %s; each side is %s (e.g. human,ai:hard)\n", err, VL_PLAYERS_HELP);
                return 2;
            }
        }
        rest[nrest++] = argv[i];
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
            if (strcmp(argv[i], with_value[k]) == 0 && i + 1 < argc) {
                rest[nrest++] = argv[++i];
                break;
            }
    }
    /* The screen's options are checked now, so that a wrong one is refused with the text summary
     * (--text, or no display) as it is with the screen. */
    VlUiWindowArgs checked;
    int bad = parse_args(nrest, rest, &checked);
    if (bad)
        return bad;
    /* A shipped scenario may be named ("tutorial"); with none, the data folder's tutorial. */
    char found[4096];
    if (scenario)
        scenario = vl_cli_scenario_path(scenario, found, sizeof found);
    const char *path = scenario ? scenario : vl_default_scenario_path();
    if (!path)
        return 1;
    if (text)
        return play_text(path);
    if (scenario) {
        /* A broken file is reported before the game's window opens: printed, and with a display
         * shown in a small window of its own too. */
        VlScenario s;
        if (vl_cli_load(scenario, &s) != VL_OK)
            return text ? 1 : show_problems(scenario, nrest, rest, scripted);
        vl_scenario_free(&s);
    }
    char why[256];
    if (!vl_ui_display_available(scripted, why, sizeof why)) {
        fprintf(stderr, "volley play: no display to open the game screen on (%s); printing the text summary instead "
                        "(--text asks for it directly).\n", why);
        return play_text(path);
    }
    return vl_cmd_play_screen(scenario, nrest, rest);
}

int vl_cmd_play_screen(const char *scenario_path, int argc, char **argv)
{
    VlUiWindowArgs a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc;
    return vl_ui_window_play(scenario_path, scenario_path ? scenario_path : vl_default_scenario_path(), &a);
}

int vl_cmd_replay_screen(const char *log_path, int argc, char **argv)
{
    VlUiWindowArgs a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc;
    return vl_ui_window_replay(log_path, &a);
}
