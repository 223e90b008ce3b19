/* Soak test: many whole games of each shipped scenario between random-legal players, and then with
 * the computer commander at every level (AI_GAMES of the tutorial, a twentieth as many of the
 * brigade action), checking the game's invariants after every phase:
 *  - no two units on the table overlap with positive area (units in close-combat contact only touch);
 *  - HITs are never negative;
 *  - every unit is in exactly one of present / removed / waiting, the battlefield agrees (a unit is
 *    active there exactly when it is present), and a routed unit is present or removed, never waiting;
 *  - the players' commands are all accepted (both only send checked commands);
 *  - every game ends with a result (vl_game_over) within the scenario's turn limit.
 *
 * Game k of a scenario is played with seed k + 1 and the player streams `volley sim` uses, so a failing
 * game is replayed by `volley sim scenarios/NAME.json --seed S` (which also saves its log).
 *
 * A broken invariant is reported once a game (per units involved), with the command after which it first
 * holds, found by replaying the game's log one command at a time, and the events that command caused.
 *
 * Usage: soak_test [GAMES [FULL_BATTLE_GAMES [AI_GAMES]]] [--rules gor|jr3|gunson] [--option LIST|all]
 * (defaults 1000, 100 and 0, Good Old Rebel alone). Plain C, no Check: the last line is "N passed, N
 * failed" (games), and the exit status is non-zero on any failure. The first 60 failures are
 * described; VOLLEY_SOAK_REPORTS=N describes N. --rules and --option play every game under that
 * rule set (--option all: every Republic option this version plays, naming those left out); a rule
 * set this version does not play yet is reported as such and the run is skipped (exit status 77,
 * meson's skip), never played in part.
 * Under a rule set other than Good Old Rebel alone the commander plays as many games of the brigade
 * action as of the tutorial. */
#include "volley/volley.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define AREA_EPS 1e-6
/* Detailed reports printed in all (every failing game is counted); VOLLEY_SOAK_REPORTS=N changes it. */
static int max_reports = 60;
/* Every game plays under a rule set other than Good Old Rebel alone (--rules, --option). */
static bool soak_rules_set;
#define MAX_REPORTS max_reports
#define MAX_VIOLATIONS 64
#define MAX_SEEN 256

static int reports;

/* One broken invariant: a key (what and which units, to report each once a game) and the text. */
typedef struct Violation {
    char key[64];
    char text[300];
} Violation;

typedef struct Violations {
    int n;
    Violation v[MAX_VIOLATIONS];
} Violations;

static void add(Violations *vs, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add(Violations *vs, const char *key, const char *fmt, ...)
{
    if (vs->n == MAX_VIOLATIONS)
        return;
    Violation *v = &vs->v[vs->n++];
    snprintf(v->key, sizeof v->key, "%s", key);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->text, sizeof v->text, fmt, ap);
    va_end(ap);
}

static const char *uid(const VlWorld *w, int u) { return w->scenario->units[u].id; }

/* Every invariant of a position. */
static void check_invariants(const VlGame *g, Violations *vs)
{
    const VlWorld *w = vl_game_world_const(g);
    int n = w->nunits;
    char key[64];
    for (int u = 0; u < n; u++) {
        const VlUnitState *st = &w->units[u];
        bool present = vl_world_present(w, u);
        int states = (int)present + (int)st->removed + (int)st->waiting;
        if (st->hits < 0) {
            snprintf(key, sizeof key, "hits %d", u);
            add(vs, key, "%s has %d HITs", uid(w, u), st->hits);
        }
        if (states != 1) {
            snprintf(key, sizeof key, "states %d", u);
            add(vs, key, "%s is in %d states (present %d, removed %d, waiting %d)", uid(w, u), states, present,
                st->removed, st->waiting);
        }
        if (st->routed && st->waiting) {
            snprintf(key, sizeof key, "routed %d", u);
            add(vs, key, "%s is routed but has not arrived", uid(w, u));
        }
        if (vl_world_unit(w, u)->active != present) {
            snprintf(key, sizeof key, "active %d", u);
            add(vs, key, "%s is %s but %s on the battlefield", uid(w, u), present ? "present" : "not present",
                vl_world_unit(w, u)->active ? "active" : "not active");
        }
    }
    for (int a = 0; a < n; a++) {
        if (!vl_world_present(w, a))
            continue;
        const VlFieldUnit *fa = vl_world_unit(w, a);
        for (int b = a + 1; b < n; b++) {
            if (!vl_world_present(w, b))
                continue;
            const VlFieldUnit *fb = vl_world_unit(w, b);
            if (!vl_box_overlap(fa->bounds, fb->bounds, 0))
                continue;
            double area = vl_footprint_overlap_area(&fa->fp, &fb->fp);
            if (area > AREA_EPS) {
                snprintf(key, sizeof key, "overlap %d %d", a, b);
                add(vs, key, "%s (%s %s) and %s (%s %s), %s, overlap by %.4g sq in", uid(w, a),
                    w->scenario->sides[vl_world_side(w, a)].name, vl_formation_name(fa->formation), uid(w, b),
                    w->scenario->sides[vl_world_side(w, b)].name, vl_formation_name(fb->formation),
                    vl_world_enemies(w, a, b) ? "enemies" : "friends", area);
            }
        }
    }
}

static bool has_key(const Violations *vs, const char *key)
{
    for (int i = 0; i < vs->n; i++)
        if (strcmp(vs->v[i].key, key) == 0)
            return true;
    return false;
}

/* A command as one line of text. */
static void describe(const VlWorld *w, const VlCommand *c, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%s", vl_command_kind_name(c->kind));
    int u = c->kind == VL_CMD_MOVE ? c->move.unit : c->unit;
    if (c->kind != VL_CMD_END_PHASE && c->kind != VL_CMD_REACTIONS)
        n += snprintf(buf + n, size - (size_t)n, " %s", uid(w, u));
    if (c->kind == VL_CMD_ARTILLERY_FIRE || c->kind == VL_CMD_CHARGE)
        n += snprintf(buf + n, size - (size_t)n, " at %s", uid(w, c->target));
    for (int i = 0; c->kind == VL_CMD_MOVE && i < c->move.nsteps && (size_t)n < size; i++) {
        char word[128];
        vl_step_format(&c->move.steps[i], word, sizeof word);
        n += snprintf(buf + n, size - (size_t)n, " %s", word);
    }
}

typedef struct Game {
    const char *name;
    uint64_t seed;
    const VlScenario *s;
    VlRuleOptions opt;
    VlGame *g;
    VlLog log;
    bool failed;
    int nseen;
    char seen[MAX_SEEN][64];
} Game;

/* Find the command of the last phase (log entries from n0) after which @p key first breaks, by
 * replaying the game's log from the start on a fresh game, and print it with what it caused. */
static void locate(const Game *x, int n0, const char *key)
{
    VlGame *g = vl_game_create(x->s, x->seed, &x->opt);
    if (!g)
        return;
    const VlWorld *w = vl_game_world_const(g);
    for (int i = 0; i < x->log.n; i++) {
        const VlLogEntry *e = &x->log.e[i];
        if (e->is_check)
            continue;
        int ev0;
        vl_game_events(g, &ev0);
        VlReasons why = {0};
        if (vl_game_apply(g, &e->cmd, &why) != VL_OK) {
            printf("    (the log's command at line %d is refused when replayed: %s)\n", i + 2,
                   why.n ? why.r[0].text : "?");
            break;
        }
        if (i < n0)
            continue;
        Violations vs = {0};
        check_invariants(g, &vs);
        if (!has_key(&vs, key))
            continue;
        char what[600];
        describe(w, &e->cmd, what, sizeof what);
        printf("    first after the command on line %d of the saved log: %s\n", i + 2, what);
        int ev1;
        const VlGameEvent *ev = vl_game_events(g, &ev1);
        for (int k = ev0; k < ev1 && k < ev0 + 12; k++)
            printf("      [%s] %s\n", ev[k].clause, ev[k].text);
        break;
    }
    vl_game_destroy(g);
}

/* Report the violations not reported before in this game. */
static void report(Game *x, int n0, const char *after)
{
    Violations vs = {0};
    check_invariants(x->g, &vs);
    for (int i = 0; i < vs.n; i++) {
        bool seen = false;
        for (int k = 0; k < x->nseen && !seen; k++)
            seen = strcmp(x->seen[k], vs.v[i].key) == 0;
        if (seen)
            continue;
        if (x->nseen < MAX_SEEN)
            snprintf(x->seen[x->nseen++], sizeof x->seen[0], "%s", vs.v[i].key);
        x->failed = true;
        if (reports++ >= MAX_REPORTS) {
            if (reports == MAX_REPORTS + 1)
                printf("  (further failures are counted, not shown)\n");
            continue;
        }
        printf("FAIL %s seed %llu, after %s: %s  [volley sim scenarios/%s.json --seed %llu]\n", x->name,
               (unsigned long long)x->seed, after, vs.v[i].text, x->name, (unsigned long long)x->seed);
        if (n0 >= 0)
            locate(x, n0, vs.v[i].key);
        fflush(stdout);
    }
}

static void fail(Game *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(Game *x, const char *fmt, ...)
{
    x->failed = true;
    if (reports++ >= MAX_REPORTS)
        return;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char rules[300] = "";
    if (x->opt.charge_rules != VL_RULES_GOR)
        snprintf(rules, sizeof rules, " --rules %s", vl_charge_rules_name(x->opt.charge_rules));
    for (int k = 0; k < VL_REP_COUNT; k++)
        if (vl_rep_on(&x->opt, (VlRepOption)k))
            snprintf(rules + strlen(rules), sizeof rules - strlen(rules), "%s%s", strstr(rules, "--option") ? "," : " --option ",
                     vl_rep_option_id((VlRepOption)k));
    printf("FAIL %s seed %llu: %s  [volley sim scenarios/%s.json --seed %llu%s]\n", x->name, (unsigned long long)x->seed,
           msg, x->name, (unsigned long long)x->seed, rules);
    fflush(stdout);
}

/* Play one game (recording it, as `volley sim` does); returns true when every invariant held. */
static VlRuleOptions g_rules; /* every game's rule set (--rules, --option) */

static bool play_game(const char *name, const VlScenario *s, uint64_t seed, const int who[2], long *phases_out)
{
    static Game x; /* large: the seen-keys table */
    VlRuleOptions opt = g_rules;
    memset(&x, 0, sizeof x);
    x.opt = opt;
    x.name = name;
    x.seed = seed;
    x.s = s;
    x.g = vl_game_create(s, seed, &opt);
    if (!x.g) {
        fail(&x, "out of memory");
        return false;
    }
    vl_log_init(&x.log, s, seed, &opt);
    VlRng players[2];
    vl_rng_seed(&players[0], seed, 101);
    vl_rng_seed(&players[1], seed, 202);
    /* a turn is two sides' seven phases: allow far more than the turn limit needs */
    long max_phases = 20L * (s->turns + 1) * 2, phases = 0;
    vl_game_start(x.g);
    report(&x, -1, "the start");
    while (!vl_game_over(x.g, NULL, NULL) && phases < max_phases) {
        int side = vl_game_active_side(x.g);
        char what[80];
        snprintf(what, sizeof what, "turn %d, side %d's %s phase", vl_game_turn(x.g), side,
                 vl_phase_name(vl_game_phase(x.g)));
        int n0 = x.log.n;
        int k = who[side] < 0 ? vl_random_player_phase(x.g, &x.log, &players[side])
                              : vl_ai_phase(x.g, &x.log, &players[side], (VlAiLevel)who[side], NULL);
        phases++;
        if (k < 0) {
            fail(&x, "in %s a command of the %s player was refused", what,
                 who[side] < 0 ? "random" : vl_ai_level_name((VlAiLevel)who[side]));
            break;
        }
        report(&x, n0, what);
        if (vl_game_turn(x.g) > s->turns)
            fail(&x, "after %s: turn %d is past the turn limit %d", what, vl_game_turn(x.g), s->turns);
    }
    int winner = -2;
    const char *why = NULL;
    if (!vl_game_over(x.g, &winner, &why))
        fail(&x, "no result after %ld phases (turn %d)", phases, vl_game_turn(x.g));
    else if (winner < -1 || winner > 1 || !why || !why[0])
        fail(&x, "a result without a winner or reason (winner %d, \"%s\")", winner, why ? why : "(null)");
    else if (vl_game_turn(x.g) > s->turns)
        fail(&x, "ended on turn %d, past the limit %d", vl_game_turn(x.g), s->turns);
    *phases_out += phases;
    vl_log_free(&x.log);
    vl_game_destroy(x.g);
    return !x.failed;
}

static double now_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    const char *rules = NULL, *option = NULL;
    int counts[3] = {1000, 100, 0}, ncounts = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rules") == 0 && i + 1 < argc)
            rules = argv[++i];
        else if (strcmp(argv[i], "--option") == 0 && i + 1 < argc)
            option = argv[++i];
        else if (ncounts < 3 && argv[i][0] != '-')
            counts[ncounts++] = atoi(argv[i]);
        else {
            fprintf(stderr, "usage: soak_test [GAMES [FULL_BATTLE_GAMES [AI_GAMES]]] [--rules R] [--option LIST|all]\n");
            return 2;
        }
    }
    int games = counts[0], full_games = counts[1], ai_games = counts[2];
    if (games < 0 || full_games < 0 || ai_games < 0) {
        fprintf(stderr, "usage: soak_test [GAMES [FULL_BATTLE_GAMES [AI_GAMES]]] [--rules R] [--option LIST|all]\n");
        return 2;
    }
    g_rules = vl_rule_options_default();
    char why[700];
    if (!vl_rule_options_parse(rules, option && strcmp(option, "all") == 0 ? NULL : option, &g_rules, why, sizeof why)) {
        fprintf(stderr, "soak_test: %s\n", why);
        return 2;
    }
    if (option && strcmp(option, "all") == 0) /* every Republic option this version plays; the others said */
        for (int k = 0; k < VL_REP_COUNT; k++) {
            if (vl_rep_option_playable((VlRepOption)k))
                g_rules.republic |= 1u << k;
            else
                printf("left out: %s (%s), not yet played whole by this version\n", vl_rep_option_id((VlRepOption)k),
                       vl_rep_option_title((VlRepOption)k));
        }
    char desc[400];
    vl_rule_options_describe(&g_rules, false, desc, sizeof desc);
    if (!vl_rule_options_check(&g_rules, why, sizeof why)) {
        printf("SKIP %s: %s\n", desc, why);
        return 77;
    }
    printf("rules: %s\n", desc);
    soak_rules_set = g_rules.charge_rules != VL_RULES_GOR || g_rules.republic != 0;
    if (getenv("VOLLEY_SOAK_REPORTS"))
        max_reports = atoi(getenv("VOLLEY_SOAK_REPORTS"));
    static const char *const names[] = {"tutorial", "brigade-action", "full-battle"};
    int passed = 0, failed = 0;
    for (int i = 0; i < 3; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/scenarios/%s.json", VL_SOURCE_ROOT, names[i]);
        VlScenario s;
        VlDiagList d;
        vl_diag_init(&d, path);
        if (vl_scenario_load_file(path, &s, &d) != VL_OK) {
            printf("FAIL %s: does not load: %s\n", path, d.count ? d.items[0].message : "?");
            vl_diag_free(&d);
            failed++;
            continue;
        }
        vl_diag_free(&d);
        int n = i == 2 ? full_games : games, bad = 0;
        long phases = 0;
        double t0 = now_sec();
        static const int RANDOM[2] = {-1, -1};
        for (int k = 0; k < n; k++) {
            if (!play_game(names[i], &s, (uint64_t)k + 1, RANDOM, &phases))
                bad++;
        }
        double t = now_sec() - t0;
        printf("%-15s %5d games (seeds 1..%d), %d failed; %.1f phases a game, %.3f s a game\n", names[i], n, n, bad,
               n ? (double)phases / n : 0.0, n ? t / n : 0.0);
        fflush(stdout);
        passed += n - bad;
        failed += bad;
        /* The computer commander: every level on each side, against the random player and against
         * another level, on the tutorial (and a twentieth as many on the brigade action). */
        static const int MATCHES[6][2] = {{VL_AI_NORMAL, -1}, {-1, VL_AI_NORMAL}, {VL_AI_EASY, -1},
                                          {-1, VL_AI_HARD},   {VL_AI_NORMAL, VL_AI_EASY}, {VL_AI_HARD, VL_AI_NORMAL}};
        /* Under another rule set, as many games of the brigade action as of the tutorial. */
        int na = i == 0 ? ai_games : i == 1 ? (soak_rules_set ? ai_games : ai_games / 20) : 0;
        if (na > 0) {
            bad = 0;
            phases = 0;
            t0 = now_sec();
            for (int k = 0; k < na; k++)
                if (!play_game(names[i], &s, (uint64_t)k + 1, MATCHES[k % 6], &phases))
                    bad++;
            t = now_sec() - t0;
            printf("%-15s %5d games with the computer commander (seeds 1..%d), %d failed; %.1f phases a game, %.3f s a game\n",
                   names[i], na, na, bad, (double)phases / na, t / na);
            fflush(stdout);
            passed += na - bad;
            failed += bad;
        }
        vl_scenario_free(&s);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
