/* volley: the command line. Only the dispatch to each subcommand (cmd_*.c) and the usage text; what
 * several subcommands share is in common.c. */
#include "cli.h"

#include <errno.h>
#include <string.h>

/* meson's project version (meson.build passes it); the header's copy is checked against it there. */
#ifndef VL_VERSION
#define VL_VERSION VOLLEY_VERSION_STRING
#endif

static void usage(FILE *f)
{
    const char *def = vl_default_scenario_path();
    fprintf(f,
            "usage: volley [COMMAND] [ARGS]\n"
            "\n"
            "  play [SCENARIO] [--text] [--players A,B] [--load SAVE]   (A, B: human, computer = ai:normal,\n"
            "                           ai, ai:easy|normal|hard, random)\n"
            "                           the game screen (the new-game menu without SCENARIO; default\n"
            "                           scenario %s); --text or no display: the order of battle;\n"
            "                           key 6 shows the computer's plan\n"
            "  edit [FILE] [--size WxH] [--software] [--script FILE] [--screenshot FILE.png]\n"
            "                           the scenario editor on FILE or a new table (Ctrl+S saves, F5 plays it)\n"
            "  validate FILE...         check scenario files; prints ok or every problem found\n"
            "  query SCENARIO [--explain] [--republic REP-601]\n"
            "                           geometry of every unit and ordered pair as JSON (docs/geometry.md)\n"
            "  sight SCENARIO --from X,Y|UNIT --to X,Y|UNIT [--option REP-601] [--json]\n"
            "                           the line of sight from a point or unit to a point or unit, and the distance\n"
            "  move SCENARIO UNIT STEP... [--gallop] [--double-time] [--die N]\n"
            "                           can this unit make this move? verdict, cost, path and reasons as JSON\n"
            "  charge SCENARIO UNIT [--target ID] [--rules gor|jr3|gunson] [--straight | --drift IN |\n"
            "         --wheel-left DEG | --wheel-right DEG] [--die N]\n"
            "                           can this unit charge that one (or each enemy)? path, face struck, reasons\n"
            "  threats SCENARIO         per unit: threatened flanks, rear support, command, fire target\n"
            "  sim SCENARIO [--seed N] [--games K] [--players A,B] [--log FILE] [--explain]   (A, B: random, ai, ai:easy|normal|hard)\n"
            "                           play whole games headless; one game writes its log (the save)\n"
            "  replay LOG [--dice] [--events] [--summary] [--ids] [--view]\n"
            "                           re-run a saved game and report the first divergence, if any;\n"
            "                           --dice prints every roll with its clause, --events what happened,\n"
            "                           --summary each player turn's losses, routs, charges and objectives,\n"
            "                           --ids names units by id there, --view steps through it on the screen\n"
            "  muster [--year Y] [--side union|confederate] [--type T] [--theatre T] [--count N] [--seed N]\n"
            "                           roll quality and arms for new units with the rulebook's tables\n"
            "  rules [--json]           every rule of the checklist and whether Volley does it yet\n"
            "  rules --explain ID       one rule (GOR-CHG-2) or ruling (D-GAME-3) in plain words\n"
            "  bench geom|resolve|game|render [--scenario FILE] [--samples N] [--json]\n"
            "                           median timings of the geometric queries (--json: as one JSON object)\n"
            "  bench --scale [--units N | --scenario FILE] [--samples N] [--level easy|normal|hard]\n"
            "                           sight, a whole game and a commander turn on 50 to 400 units\n"
            "  version, --version       the version of Volley\n"
            "  help                     this text\n"
            "\n"
            "SCENARIO is a file, or the name of a shipped scenario (tutorial, brigade-action, full-battle).\n"
            "Exit status: 0 success, 1 a file was refused or the output could not be written, 2 a wrong\n"
            "command line, 3 the order is illegal.\n"
            "See volley(1).\n",
            def ? def : "not found");
}

/* Each subcommand, by the word that names it. */
static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} COMMANDS[] = {
    {"play", vl_cmd_play},       {"validate", vl_cmd_validate}, {"query", vl_cmd_query},
    {"move", vl_cmd_move},       {"charge", vl_cmd_charge},     {"threats", vl_cmd_threats},
    {"sim", vl_cmd_sim},         {"replay", vl_cmd_replay},     {"muster", vl_cmd_muster},
    {"rules", vl_cmd_rules},     {"bench", vl_cmd_bench},       {"edit", vl_cmd_edit},
    {"sight", vl_cmd_sight},
};

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return vl_cmd_play(0, argv + 1);
    const char *cmd = argv[1];
    for (size_t k = 0; k < sizeof COMMANDS / sizeof COMMANDS[0]; k++)
        if (strcmp(cmd, COMMANDS[k].name) == 0)
            return COMMANDS[k].run(argc - 2, argv + 2);
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("volley %s\n", VL_VERSION);
        return 0;
    }
    fprintf(stderr, "volley: unknown command \"%s\"\n\n", cmd);
    usage(stderr);
    return 2;
}

int main(int argc, char **argv)
{
    int rc = dispatch(argc, argv);
    /* An answer that could not be written (a full disk, a closed pipe) is a failure, not a success. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "volley: cannot write the output: %s\n", strerror(errno));
        return rc ? rc : 1;
    }
    return rc;
}
