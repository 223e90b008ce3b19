/* volley sim and volley replay: whole games headless, and re-running a saved one. The command line
 * reads the clock (the core never does) to time the players' decisions. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define MAX_COMMANDS 200000 /* a safety net: a game of the full battle issues a few thousand */

/* Seconds each player turn took to decide, per side, over all the games played. */
typedef struct Timings {
    double *v[2];
    int n[2], cap[2];
} Timings;

static void timing_add(Timings *t, int side, double sec)
{
    if (t->n[side] == t->cap[side]) {
        int cap = t->cap[side] ? 2 * t->cap[side] : 256;
        double *m = realloc(t->v[side], (size_t)cap * sizeof *m);
        if (!m)
            return;
        t->v[side] = m;
        t->cap[side] = cap;
    }
    t->v[side][t->n[side]++] = sec;
}

static double timing_median(Timings *t, int side, double *max)
{
    int n = t->n[side];
    *max = 0;
    if (n == 0)
        return 0;
    double med = vl_cli_median(t->v[side], n);
    *max = t->v[side][n - 1];
    return med;
}

typedef struct SimResult {
    int winner; /* -1 draw */
    int turns;
    int commands;
    char why[200];
    uint64_t hash;
} SimResult;

/* --explain: the commander's decisions of one phase, as it gave them (new ones since @p from). */
static void explain_phase(const VlScenario *s, const VlAiPlan *p, int from, bool *header_done)
{
    if (!*header_done && p->n > from) {
        *header_done = true;
        printf("T%-2d %s (%s)\n", p->turn, vl_cli_tx(s->sides[p->side].name), vl_ai_level_name(p->level));
        for (int k = 0; k < p->ngoals; k++)
            printf("      goal of %s: %s, front to (%.1f, %.1f) facing %.0f\n",
                   vl_cli_tx(vl_unit_label(s, p->goals[k].general >= 0 ? p->goals[k].general : p->goals[k].lead)),
                   vl_cli_tx(p->goals[k].what), p->goals[k].front.x, p->goals[k].front.y, p->goals[k].facing);
    }
    for (int k = from; k < p->n; k++) {
        const VlAiIntent *it = &p->items[k];
        if (it->phase == VL_PHASE_MOVEMENT && k == from && p->posture[0])
            printf("      posture: %s\n", vl_cli_tx(p->posture));
        printf("      %-9s %-24s %-14s %s (score %.2f)\n", vl_phase_name(it->phase),
               it->unit >= 0 ? vl_cli_tx(vl_unit_label(s, it->unit)) : "-",
               it->kind == VL_CMD_END_PHASE ? "holds" : vl_command_kind_name(it->kind), vl_cli_tx(it->reason), it->score);
    }
}

/* Play one game. Returns 0, or 1 on an internal refusal. */
static int play_one(const VlScenario *s, const VlRuleOptions *rules, uint64_t seed, const VlPlayer who[2],
                    const char *log_path, SimResult *res, Timings *times, bool explain)
{
    /* --explain only: the commander keeps its decisions here, afresh each player turn. */
    VlAiPlan *plan = explain ? malloc(sizeof *plan) : NULL;
    if (plan) {
        vl_ai_plan_reset(plan);
        plan->turn = -1;
    }
    VlRuleOptions opt = *rules;
    VlGame *g = vl_game_create(s, seed, &opt);
    if (!g)
        return 1;
    VlLog log;
    vl_log_init(&log, s, seed, &opt);
    snprintf(log.players, sizeof log.players, "%s,%s", vl_player_name(who[0]), vl_player_name(who[1]));
    /* Each side's choices come from its own stream, seeded from the game's seed. */
    VlRng players[2];
    vl_rng_seed(&players[0], seed, 101);
    vl_rng_seed(&players[1], seed, 202);
    int commands = 0, rc = 0;
    /* A player turn's decision time: the sum over its phases, booked when the turn passes on. */
    int cur_side = -1, cur_turn = -1;
    bool header_done = false; /* --explain: the player turn's heading is out */
    double spent = 0;
    while (!vl_game_over(g, NULL, NULL) && commands < MAX_COMMANDS) {
        int side = vl_game_turn(g) == 0 ? s->first_side : vl_game_active_side(g);
        int turn = vl_game_turn(g) == 0 ? 1 : vl_game_turn(g);
        if (side != cur_side || turn != cur_turn) {
            header_done = false;
            if (cur_side >= 0)
                timing_add(times, cur_side, spent);
            cur_side = side;
            cur_turn = turn;
            spent = 0;
        }
        double t0 = vl_cli_now();
        int before = plan && plan->side == side && plan->turn == turn ? plan->n : 0;
        int n = who[side].kind == VL_PLAYER_AI ? vl_ai_phase(g, &log, &players[side], who[side].level, plan)
                             : vl_random_player_phase(g, &log, &players[side]);
        spent += vl_cli_now() - t0;
        if (plan && who[side].kind == VL_PLAYER_AI && n >= 0)
            explain_phase(s, plan, before, &header_done);
        if (n < 0) {
            fprintf(stderr, "volley sim: a command of the %s player was refused (turn %d, %s phase): a bug\n",
                    vl_player_name(who[side]), vl_game_turn(g), vl_phase_name(vl_game_phase(g)));
            rc = 1;
            break;
        }
        commands += n;
    }
    if (cur_side >= 0)
        timing_add(times, cur_side, spent);
    vl_log_checkpoint(&log, g);
    const char *why;
    vl_game_over(g, &res->winner, &why);
    snprintf(res->why, sizeof res->why, "%s", why);
    res->turns = vl_game_turn(g);
    res->commands = commands;
    res->hash = vl_game_hash(g);
    if (log_path && rc == 0) {
        VlDiagList d;
        vl_diag_init(&d, log_path);
        if (vl_log_save(&log, s, log_path, &d) != VL_OK) {
            fprintf(stderr, "%s: %s\n", vl_cli_tx(log_path), vl_cli_tx(d.count ? d.items[0].message : "cannot save"));
            rc = 1;
        }
        vl_diag_free(&d);
    }
    vl_log_free(&log);
    vl_game_destroy(g);
    free(plan);
    return rc;
}

int vl_cmd_sim(int argc, char **argv)
{
    const char *path = NULL, *players = "random,random", *log_path = NULL, *rules_arg = NULL, *option_arg = NULL;
    unsigned long long seed = 1;
    int games = 1;
    bool explain = false;
    for (int i = 0; i < argc; i++) {
        bool has = i + 1 < argc;
        if (strcmp(argv[i], "--seed") == 0 && has) {
            uint64_t v;
            if (!vl_cli_seed_flag("sim", argv[++i], &v))
                return 2;
            seed = v;
        } else if (strcmp(argv[i], "--games") == 0 && has) {
            long v;
            if (!vl_cli_int_flag("sim", "--games", argv[++i], 1, 100000, &v))
                return 2;
            games = (int)v;
        } else if (strcmp(argv[i], "--players") == 0 && has) {
            players = argv[++i];
        } else if (strcmp(argv[i], "--log") == 0 && has) {
            log_path = argv[++i];
        } else if (strcmp(argv[i], "--explain") == 0) {
            explain = true;
        } else if (strcmp(argv[i], "--rules") == 0 && has) {
            rules_arg = argv[++i];
        } else if (strcmp(argv[i], "--option") == 0 && has) {
            option_arg = argv[++i];
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "volley sim: unknown option \"%s\" (known: --seed N, --games K, --players A,B, --log FILE, "
                            "--rules R, --option LIST, --explain)\n",
                    argv[i]);
            return 2;
        } else if (!path) {
            path = argv[i];
        } else {
            fprintf(stderr, "volley sim: one scenario at a time\n");
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: volley sim SCENARIO [--seed N] [--games K] [--players A,B] [--log FILE] [--rules R] "
                        "[--option LIST] [--explain]\n"
                        "  players, first side then second: random, ai (= ai:normal), ai:easy, ai:normal, ai:hard\n"
                        "  --rules gor|jr3|gunson: the charge rules; --option REP-505,REP-601 (or all, or none): Republic options;\n"
                        "    both start from the scenario's \"rules\" (volley rules lists what this version plays)\n"
                        "  --explain: print each of the computer commander's decisions and its reason (one game)\n");
        return 2;
    }
    /* The words of the screen's --players and the saves; nobody sits at this one's screen. */
    VlPlayer who[2];
    char err[160];
    bool ok = vl_players_parse(players, who, err, sizeof err) && strchr(players, ',');
    if (ok && (who[0].kind == VL_PLAYER_HUMAN || who[1].kind == VL_PLAYER_HUMAN)) {
        fprintf(stderr, "volley sim: players \"%s\": sim plays without a screen, so no side can be human "
                        "(volley play takes human)\n", players);
        return 2;
    }
    if (!ok) {
        fprintf(stderr, "volley sim: players \"%s\": give two, first side then second, each random, ai, ai:easy, "
                        "ai:normal or ai:hard (e.g. --players ai,random)\n", players);
        return 2;
    }
    VlScenario s;
    if (vl_cli_load(path, &s) != VL_OK)
        return 1;
    VlRuleOptions rules;
    if (!vl_cli_rules("sim", &s, rules_arg, option_arg, &rules)) {
        vl_scenario_free(&s);
        return 2;
    }
    int wins[3] = {0}, rc = 0;
    long turns = 0;
    Timings times = {{NULL, NULL}, {0, 0}, {0, 0}};
    for (int k = 0; k < games && rc == 0; k++) {
        char def[600];
        const char *lp = log_path;
        if (games == 1 && !lp) {
            const char *base = strrchr(path, '/');
            base = base ? base + 1 : path;
            snprintf(def, sizeof def, "%.*s-seed%llu.vlog", (int)(strcspn(base, ".")), base, seed);
            lp = def;
        }
        SimResult r;
        rc = play_one(&s, &rules, seed + (unsigned long long)k, who, games == 1 ? lp : NULL, &r, &times, explain && games == 1);
        if (rc)
            break;
        wins[r.winner + 1]++;
        turns += r.turns;
        if (games == 1) {
            printf("result: %s\n", r.winner < 0 ? "draw" : vl_cli_tx(s.sides[r.winner].name));
            printf("why: %s\n", vl_cli_tx(r.why));
            printf("turns: %d, commands: %d, final state %016llx\n", r.turns, r.commands, (unsigned long long)r.hash);
            printf("log: %s\n", vl_cli_tx(lp));
        }
    }
    if (games > 1 && rc == 0) {
        char desc[400];
        vl_rule_options_describe(&rules, false, desc, sizeof desc);
        printf("rules: %s\n", desc);
        printf("%d games from seed %llu: %s %d (%.1f%%), %s %d (%.1f%%), draws %d (%.1f%%); %.1f turns a game\n", games,
               seed, vl_cli_tx(s.sides[0].name), wins[1], 100.0 * wins[1] / games, vl_cli_tx(s.sides[1].name), wins[2],
               100.0 * wins[2] / games, wins[0], 100.0 * wins[0] / games, (double)turns / games);
        for (int side = 0; side < 2; side++) {
            double max, med = timing_median(&times, side, &max);
            printf("%s (%s): won %.1f%%; decision time a player turn: median %.3f s, longest %.3f s (%d player turns)\n",
                   vl_cli_tx(s.sides[side].name), vl_player_name(who[side]), 100.0 * wins[side + 1] / games, med, max,
                   times.n[side]);
        }
    }
    free(times.v[0]);
    free(times.v[1]);
    vl_scenario_free(&s);
    return rc;
}

static const char *side_name(const VlScenario *s, int side)
{
    return side >= 0 && side < s->nsides ? s->sides[side].name : "-";
}

/* The dice log and the event log of a game, one line each, in order. Each line starts with the
 * turn, the phase and whose player turn it is; a roll made by the other side (a target's morale
 * test in the enemy's fire phase) says so, so the line never reads as that side firing. */
static void print_logs(const VlGame *g, const VlScenario *s, bool dice, bool events)
{
    int nd = 0, ne = 0;
    const VlDiceRoll *d = vl_game_dice(g, &nd);
    const VlGameEvent *e = vl_game_events(g, &ne);
    int i = 0, j = 0;
    /* Interleave in the order they happened, so a roll sits beside what it decided. */
    while ((dice && i < nd) || (events && j < ne)) {
        bool take_die = dice && i < nd && (!events || j >= ne || d[i].seq < e[j].seq);
        if (take_die) {
            const VlDiceRoll *r = &d[i++];
            bool own = r->side == r->phase_side || r->phase == VL_PHASE_EVENTS;
            printf("T%-2d %-9s %-10s roll %-12s", r->turn, vl_phase_name(r->phase), vl_cli_tx(side_name(s, r->phase_side)),
                   r->clause);
            printf(" [");
            for (int k = 0; k < r->ndice; k++)
                printf("%s%d", k ? " " : "", r->dice[k]);
            printf("]  %s%s%s%s\n", own ? "" : "by ", own ? "" : vl_cli_tx(side_name(s, r->side)), own ? "" : ": ",
                   vl_cli_tx(r->result));
        } else {
            const VlGameEvent *v = &e[j++];
            printf("T%-2d %-9s %-10s      %-12s %s\n", v->turn, vl_phase_name(v->phase), vl_cli_tx(side_name(s, v->side)),
                   v->clause, vl_cli_tx(v->text));
        }
    }
}

static void print_summary(const VlScenario *s, const VlGame *start, const VlGame *now)
{
    VlTurnSummary sum;
    vl_summary_between(start, now, &sum);
    char buf[400];
    vl_summary_title(s, &sum, buf, sizeof buf);
    printf("%s\n", vl_cli_tx(buf));
    for (int i = 0; i < sum.n; i++) {
        vl_summary_line_text(s, &sum, i, buf, sizeof buf);
        printf("  %s\n", vl_cli_tx(buf));
    }
    if (sum.more)
        printf("  and %d more\n", sum.more);
    if (!sum.n)
        printf("  no losses, routs, charges or objectives changing hands\n");
}

/* --summary: each player turn's summary (summary.h), the log re-run command by command and cut
 * wherever the side to play or the turn changes. A command the game refuses ends the list; the
 * replay below says why. */
static void print_summaries(const VlLog *log, const VlScenario *s)
{
    VlGame *g = vl_game_create(s, log->seed, &log->options);
    if (!g)
        return;
    vl_game_start(g);
    VlGame *start = vl_game_clone(g);
    for (int i = 0; start && i < log->n; i++) {
        if (log->e[i].is_check)
            continue;
        int turn = vl_game_turn(g), side = vl_game_active_side(g);
        VlReasons why = {0};
        if (vl_game_apply(g, &log->e[i].cmd, &why) != VL_OK)
            break;
        if (vl_game_turn(g) != turn || vl_game_active_side(g) != side || vl_game_over(g, NULL, NULL)) {
            print_summary(s, start, g);
            vl_game_destroy(start);
            start = vl_game_over(g, NULL, NULL) ? NULL : vl_game_clone(g);
        }
    }
    if (start) {
        int n0, n1;
        vl_game_events(start, &n0);
        vl_game_events(g, &n1);
        if (n1 > n0) {
            printf("(in progress) ");
            print_summary(s, start, g);
        }
    }
    vl_game_destroy(start);
    vl_game_destroy(g);
}

int vl_cmd_replay(int argc, char **argv)
{
    /* --view: the replay viewer on the screen (src/ui/window.c), which takes the screen's options. */
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--view") == 0) {
            static const char *const with_value[] = {"--size", "--script", "--screenshot", "--overlays"};
            const char *log_path = NULL;
            char *rest[64];
            int nrest = 0;
            for (int j = 0; j < argc && nrest < 62; j++) {
                if (j == i)
                    continue;
                if (argv[j][0] != '-' && !log_path) {
                    log_path = argv[j];
                    continue;
                }
                rest[nrest++] = argv[j];
                for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
                    if (strcmp(argv[j], with_value[k]) == 0 && j + 1 < argc)
                        rest[nrest++] = argv[++j];
            }
            if (!log_path) {
                fprintf(stderr, "usage: volley replay LOG --view [--size WxH] [--script FILE] [--screenshot FILE]\n");
                return 2;
            }
            return vl_cmd_replay_screen(log_path, nrest, rest);
        }
    bool dice = false, events = false, ids = false, summary = false;
    const char *path = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--dice") == 0)
            dice = true;
        else if (strcmp(argv[i], "--events") == 0)
            events = true;
        else if (strcmp(argv[i], "--ids") == 0)
            ids = true;
        else if (strcmp(argv[i], "--summary") == 0)
            summary = true;
        else if (argv[i][0] == '-' || path) {
            fprintf(stderr, "usage: volley replay LOG [--dice] [--events] [--summary] [--ids] [--view]\n");
            return 2;
        } else
            path = argv[i];
    }
    if (!path) {
        fprintf(stderr, "usage: volley replay LOG [--dice] [--events] [--summary] [--ids] [--view]\n");
        return 2;
    }
    argv[0] = (char *)path;
    VlLog log;
    VlScenario s;
    VlDiagList d;
    vl_diag_init(&d, argv[0]);
    if (vl_log_load(argv[0], &log, &s, &d) != VL_OK) {
        vl_cli_diag_print(&d, stderr);
        vl_diag_free(&d);
        return 1;
    }
    vl_diag_free(&d);
    /* --ids: the texts name units, brigades and features by the scenario's ids, not their names. */
    if (ids)
        vl_scenario_label_by_ids(&s);
    VlReplayResult r;
    VlGame *g = NULL;
    VlStatus st = vl_log_replay(&log, &s, &g, &r);
    if (g && (dice || events))
        print_logs(g, &s, dice, events);
    if (g && summary)
        print_summaries(&log, &s);
    if (st == VL_OK) {
        int winner;
        const char *why;
        bool over = vl_game_over(g, &winner, &why);
        printf("%s: %s\n", vl_cli_tx(argv[0]), vl_cli_tx(r.message));
        char rules[400];
        vl_rule_options_describe(&log.options, true, rules, sizeof rules);
        printf("rules: %s\n", rules);
        if (over)
            printf("result: %s (%s)\n", winner < 0 ? "draw" : vl_cli_tx(s.sides[winner].name), vl_cli_tx(why));
        else
            printf("in progress: turn %d, %s's %s phase\n", vl_game_turn(g), vl_cli_tx(s.sides[vl_game_active_side(g)].name),
                   vl_phase_name(vl_game_phase(g)));
    } else {
        fprintf(stderr, "%s: %s\n", vl_cli_tx(argv[0]), vl_cli_tx(r.message));
    }
    vl_game_destroy(g);
    vl_log_free(&log);
    vl_scenario_free(&s);
    return st == VL_OK ? 0 : 1;
}
