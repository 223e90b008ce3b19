/* The command log (src/log/log.c): a whole game is a pure function of the scenario, the seed and the
 * commands; a saved game reloads and continues exactly as if it had never been saved; a damaged,
 * edited or foreign log is refused with its line, and nothing is half-loaded; a save never leaves a
 * half-written file.
 *
 * Games are played by the random-legal player (src/ai/random_player.c) with the player streams seeded
 * as `volley sim` seeds them (src/cli/cmd_sim.c, play_one): side 0 from (seed, 101), side 1 from
 * (seed, 202). */
#include "testutil.h"

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BRIGADE VL_SOURCE_ROOT "/scenarios/brigade-action.json"
#define SEED 42
#define MAX_PHASES 100000 /* a safety net: a game of the brigade action has about 100 */


/* ---- helpers ---- */

static void load_scenario(const char *path, VlScenario *s)
{
    VlDiagList d;
    vl_diag_init(&d, path);
    VlStatus st = vl_scenario_load_file(path, s, &d);
    ck_assert_msg(st == VL_OK, "%s does not load: %s", path, d.count ? d.items[0].message : vl_status_str(st));
    vl_diag_free(&d);
}

static void seed_players(VlRng players[2], uint64_t seed)
{
    vl_rng_seed(&players[0], seed, 101);
    vl_rng_seed(&players[1], seed, 202);
}

/* Play one phase for whoever is to act (the first side before the game has started). */
static void play_phase(VlGame *g, VlLog *log, VlRng players[2])
{
    int side = vl_game_turn(g) == 0 ? vl_game_world_const(g)->scenario->first_side : vl_game_active_side(g);
    int n = vl_random_player_phase(g, log, &players[side]);
    ck_assert_msg(n > 0, "the random player's command was refused (turn %d, %s phase)", vl_game_turn(g),
                  vl_phase_name(vl_game_phase(g)));
}

/* Play until the game is over, or (until_turn > 0) until turn until_turn has begun. */
static void play(VlGame *g, VlLog *log, VlRng players[2], int until_turn)
{
    for (int phases = 0; !vl_game_over(g, NULL, NULL); phases++) {
        if (until_turn > 0 && vl_game_turn(g) >= until_turn)
            return;
        ck_assert_msg(phases < MAX_PHASES, "the game does not end");
        play_phase(g, log, players);
    }
}

/* The whole game of the brigade action with seed @p seed; returns the final hash. */
static uint64_t whole_game(const VlScenario *s, uint64_t seed, VlLog *log)
{
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(s, seed, &opt);
    ck_assert_ptr_nonnull(g);
    if (log)
        vl_log_init(log, s, seed, &opt);
    VlRng players[2];
    seed_players(players, seed);
    play(g, log, players, 0);
    ck_assert(vl_game_over(g, NULL, NULL));
    ck_assert_int_le(vl_game_turn(g), s->turns);
    if (log)
        vl_log_checkpoint(log, g);
    uint64_t h = vl_game_hash(g);
    vl_game_destroy(g);
    return h;
}

/* Scratch directories live under one root made by main() and removed by it after the run, so that a
 * failing test (which stops before its own rm_dir) leaves nothing behind either. */
static char g_root[48];

/* A scratch directory, removed (with its files) by rm_dir. */
static void make_dir(char *buf, size_t size)
{
    snprintf(buf, size, "%s/t-XXXXXX", g_root);
    ck_assert_ptr_nonnull(mkdtemp(buf));
}

/* The names in a directory, excluding . and ..; returns how many, and copies up to 8 into names. */
static int list_dir(const char *dir, char names[][256], int max)
{
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (n < max)
            snprintf(names[n], 256, "%s", e->d_name);
        n++;
    }
    closedir(d);
    return n;
}

static void rm_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char p[1200];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
            rm_dir(p);
        else
            unlink(p);
    }
    closedir(d);
    rmdir(dir);
}

static void save_ok(const VlLog *log, const VlScenario *s, const char *path)
{
    VlDiagList d;
    vl_diag_init(&d, path);
    VlStatus st = vl_log_save(log, s, path, &d);
    ck_assert_msg(st == VL_OK, "save %s: %s", path, d.count ? d.items[0].message : vl_status_str(st));
    vl_diag_free(&d);
}

/* A file as lines (each without its newline). */
typedef struct Lines {
    int n;
    char **l;
} Lines;

static Lines read_lines(const char *path)
{
    Lines L = {0, NULL};
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) > 0) {
        if (line[len - 1] == '\n')
            line[len - 1] = 0;
        L.l = realloc(L.l, (size_t)(L.n + 1) * sizeof *L.l);
        ck_assert_ptr_nonnull(L.l);
        L.l[L.n++] = strdup(line);
    }
    free(line);
    fclose(f);
    return L;
}

/* Write the lines back; the last one without its newline when @p cut_last_newline. */
static void write_lines(const char *path, const Lines *L, bool cut_last_newline)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < L->n; i++)
        fprintf(f, "%s%s", L->l[i], i == L->n - 1 && cut_last_newline ? "" : "\n");
    ck_assert_int_eq(fclose(f), 0);
}

static void free_lines(Lines *L)
{
    for (int i = 0; i < L->n; i++)
        free(L->l[i]);
    free(L->l);
    L->n = 0;
    L->l = NULL;
}

static void replace_line(Lines *L, int i, const char *text)
{
    free(L->l[i]);
    L->l[i] = strdup(text);
}

/* Record the whole seed-42 game and save it as dir/game.vlog. */
static void saved_game(const char *dir, char *path, size_t size, VlScenario *s, VlLog *log)
{
    load_scenario(BRIGADE, s);
    whole_game(s, SEED, log);
    snprintf(path, size, "%s/game.vlog", dir);
    save_ok(log, s, path);
}

/* vl_log_load must refuse @p path; the first problem's message must contain @p needle and name
 * line @p line (when > 0); nothing may be left loaded. */
static void load_refused(const char *path, VlStatus status, int line, const char *needle)
{
    VlLog log;
    VlScenario s;
    VlDiagList d;
    vl_diag_init(&d, path);
    memset(&log, 0x5a, sizeof log);
    VlStatus st = vl_log_load(path, &log, &s, &d);
    ck_assert_msg(st == status, "load %s: status %s, expected %s (%s)", path, vl_status_str(st), vl_status_str(status),
                  d.count ? d.items[0].message : "no message");
    ck_assert_int_ge(d.count, 1);
    ck_assert_msg(strstr(d.items[0].message, needle), "message \"%s\" lacks \"%s\"", d.items[0].message, needle);
    if (line > 0)
        ck_assert_int_eq(d.items[0].line, line);
    /* all or nothing */
    ck_assert_int_eq(log.n, 0);
    ck_assert_ptr_null(log.e);
    ck_assert_int_eq(s.nunits, 0);
    ck_assert_ptr_null(s.units);
    vl_diag_free(&d);
}

static void load_ok(const char *path, VlLog *log, VlScenario *s)
{
    VlDiagList d;
    vl_diag_init(&d, path);
    VlStatus st = vl_log_load(path, log, s, &d);
    ck_assert_msg(st == VL_OK, "load %s: %s", path, d.count ? d.items[0].message : vl_status_str(st));
    vl_diag_free(&d);
}

/* ---- determinism ---- */

/* The same seed plays the same game, recording it changes nothing, another seed plays another. The
 * hash this game must end in is a row of the determinism table (tests/data/determinism.tsv:
 * brigade-action, seed 42, random against random), with the other pinned games. */
START_TEST(a_whole_game_repeats_and_recording_leaves_it_alone)
{
    VlScenario s;
    load_scenario(BRIGADE, &s);
    uint64_t h1 = whole_game(&s, SEED, NULL);
    uint64_t h2 = whole_game(&s, SEED, NULL);
    ck_assert_uint_eq(h1, h2);
    /* recording does not change the game */
    VlLog log;
    uint64_t h3 = whole_game(&s, SEED, &log);
    ck_assert_uint_eq(h1, h3);
    /* another seed, another game */
    ck_assert_uint_ne(whole_game(&s, SEED + 1, NULL), h1);
    vl_log_free(&log);
    vl_scenario_free(&s);
}
END_TEST

START_TEST(replaying_a_recorded_game_rebuilds_it)
{
    VlScenario s;
    load_scenario(BRIGADE, &s);
    VlLog log;
    uint64_t h = whole_game(&s, SEED, &log);
    int commands = 0, checks = 0;
    for (int i = 0; i < log.n; i++)
        log.e[i].is_check ? checks++ : commands++;
    ck_assert_int_gt(checks, 1);
    VlReplayResult r;
    VlGame *g = NULL;
    ck_assert_int_eq(vl_log_replay(&log, &s, &g, &r), VL_OK);
    ck_assert_msg(r.ok, "%s", r.message);
    ck_assert_int_eq(r.commands, commands);
    ck_assert_int_eq(r.checks, checks);
    ck_assert_int_eq(r.diverged_line, 0);
    ck_assert_uint_eq(r.final_hash, h);
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(vl_game_hash(g), h);
    ck_assert(vl_game_over(g, NULL, NULL));
    vl_game_destroy(g);
    vl_log_free(&log);
    vl_scenario_free(&s);
}
END_TEST

/* A game saved once started but before its first command (the screen's opening position) replays:
 * its check is of the started game, and the replay starts it too. */
START_TEST(a_game_saved_before_its_first_command_replays)
{
    VlScenario s;
    load_scenario(BRIGADE, &s);
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(&s, SEED, &opt);
    ck_assert_ptr_nonnull(g);
    vl_game_start(g);
    ck_assert_int_eq(vl_game_turn(g), 1);
    VlLog log;
    vl_log_init(&log, &s, SEED, &opt);
    vl_log_checkpoint(&log, g);
    ck_assert_int_eq(log.n, 1);
    VlReplayResult r;
    VlGame *back = NULL;
    ck_assert_int_eq(vl_log_replay(&log, &s, &back, &r), VL_OK);
    ck_assert_msg(r.ok, "%s", r.message);
    ck_assert_int_eq(r.checks, 1);
    ck_assert_uint_eq(vl_game_hash(back), vl_game_hash(g));
    vl_game_destroy(back);
    vl_game_destroy(g);
    vl_log_free(&log);
    vl_scenario_free(&s);
}
END_TEST

/* Save at the start of turn 6, reload, replay, continue: the same end as never saving. */
START_TEST(save_load_continue_equals_never_saving)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/half.vlog", dir);
    VlScenario s;
    load_scenario(BRIGADE, &s);
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(&s, SEED, &opt);
    VlLog log;
    vl_log_init(&log, &s, SEED, &opt);
    VlRng players[2];
    seed_players(players, SEED);
    play(g, &log, players, 6);
    ck_assert(!vl_game_over(g, NULL, NULL));
    ck_assert_int_eq(vl_game_turn(g), 6);
    /* and a little into turn 6, so the save is mid-turn */
    play_phase(g, &log, players);
    play_phase(g, &log, players);
    vl_log_checkpoint(&log, g);
    save_ok(&log, &s, path);

    VlLog log2;
    VlScenario s2;
    load_ok(path, &log2, &s2);
    ck_assert_str_eq(log2.scenario_path, BRIGADE);
    ck_assert_str_eq(log2.scenario_name, "brigade-action"); /* shipped: named too */
    ck_assert_uint_eq(log2.seed, SEED);
    ck_assert_uint_eq(log2.scenario_hash, vl_log_scenario_hash(&s));
    ck_assert_int_eq(log2.n, log.n);
    VlReplayResult r;
    VlGame *g2 = NULL;
    ck_assert_int_eq(vl_log_replay(&log2, &s2, &g2, &r), VL_OK);
    ck_assert_msg(r.ok, "%s", r.message);
    ck_assert_uint_eq(vl_game_hash(g2), vl_game_hash(g));
    ck_assert_int_eq(vl_game_turn(g2), vl_game_turn(g));
    ck_assert_int_eq(vl_game_phase(g2), vl_game_phase(g));
    ck_assert_int_eq(vl_game_active_side(g2), vl_game_active_side(g));

    /* both continue with the same player states; the reloaded one keeps recording into its log */
    VlRng players2[2] = {players[0], players[1]};
    play(g, &log, players, 0);
    play(g2, &log2, players2, 0);
    ck_assert(vl_game_over(g, NULL, NULL) && vl_game_over(g2, NULL, NULL));
    ck_assert_uint_eq(vl_game_hash(g2), vl_game_hash(g));
    ck_assert_uint_eq(vl_game_hash(g), whole_game(&s, SEED, NULL)); /* saving changed nothing */
    int w1, w2;
    vl_game_over(g, &w1, NULL);
    vl_game_over(g2, &w2, NULL);
    ck_assert_int_eq(w1, w2);

    /* the continued log, saved again, replays to the same end */
    vl_log_checkpoint(&log2, g2);
    save_ok(&log2, &s2, path);
    VlLog log3;
    VlScenario s3;
    load_ok(path, &log3, &s3);
    ck_assert_int_eq(vl_log_replay(&log3, &s3, NULL, &r), VL_OK);
    ck_assert_msg(r.ok, "%s", r.message);
    ck_assert_uint_eq(r.final_hash, vl_game_hash(g));

    vl_game_destroy(g);
    vl_game_destroy(g2);
    vl_log_free(&log);
    vl_log_free(&log2);
    vl_log_free(&log3);
    vl_scenario_free(&s);
    vl_scenario_free(&s2);
    vl_scenario_free(&s3);
    rm_dir(dir);
}
END_TEST

/* Every kind of command, with awkward numbers (not exact in binary, 17 significant digits needed),
 * survives save and load bit for bit. Entries are put in the log by hand: saving does not judge them. */
static VlLogEntry *entry(VlLog *log)
{
    if (log->n == log->cap) {
        log->cap = log->cap ? 2 * log->cap : 32;
        log->e = realloc(log->e, (size_t)log->cap * sizeof *log->e);
        ck_assert_ptr_nonnull(log->e);
    }
    VlLogEntry *e = &log->e[log->n++];
    memset(e, 0, sizeof *e);
    e->cmd.facing = NAN;
    e->cmd.choose_path = true;
    return e;
}

static void same_double(double a, double b, const char *what, int i)
{
    ck_assert_msg((isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0, "entry %d: %s %.17g, read back %.17g", i,
                  what, a, b);
}

START_TEST(every_command_kind_round_trips_exactly)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/kinds.vlog", dir);
    VlScenario s;
    load_scenario(BRIGADE, &s);
    ck_assert_int_ge(s.nunits, 8);
    ck_assert_int_ge(s.nterrain, 1);
    VlRuleOptions opt = vl_rule_options_default();
    opt.charge_rules = VL_RULES_JR3;
    opt.cavalry_rough_in_cm = true;
    opt.jr3_bonus_dice = 3;
    opt.retreat_distance = 4.0 / 3.0;
    VlLog log;
    vl_log_init(&log, &s, 0xfedcba9876543210ULL, &opt);
    snprintf(log.players, sizeof log.players, "human,random");
    int last = s.nunits - 1;
    VlLogEntry *e;
    entry(&log)->cmd.kind = VL_CMD_END_PHASE;
    e = entry(&log);
    e->cmd.kind = VL_CMD_ARTILLERY_FIRE, e->cmd.unit = 4, e->cmd.target = last;
    e = entry(&log);
    e->cmd.kind = VL_CMD_FIRE, e->cmd.unit = 0;
    e = entry(&log);
    e->cmd.kind = VL_CMD_FIRE, e->cmd.unit = 1, e->cmd.ntargets = 2;
    e->cmd.targets[0] = last, e->cmd.targets[1] = last - 1, e->cmd.dice[0] = 3, e->cmd.dice[1] = 2;
    e = entry(&log);
    e->cmd.kind = VL_CMD_CHARGE, e->cmd.unit = 2, e->cmd.target = last, e->cmd.nsupports = 2;
    e->cmd.supports[0] = 0, e->cmd.supports[1] = 1;
    e = entry(&log);
    e->cmd.kind = VL_CMD_CHARGE, e->cmd.unit = 3, e->cmd.target = last, e->cmd.choose_path = false;
    e->cmd.pre_kind = VL_PRE_WHEEL_LEFT, e->cmd.pre_amount = 1.0 / 3.0;
    e = entry(&log);
    e->cmd.kind = VL_CMD_MOVE, e->cmd.unit = e->cmd.move.unit = 6, e->cmd.move.nsteps = 4;
    e->cmd.move.steps[0] = (VlStep){VL_STEP_ADVANCE, 0.1 + 0.2, VL_PIVOT_CENTRE, VL_FORM_NONE, true, -1, NAN};
    e->cmd.move.steps[1] = (VlStep){VL_STEP_WHEEL, -44.999999999999993, VL_PIVOT_LEFT, VL_FORM_NONE, true, -1, NAN};
    e->cmd.move.steps[2] = (VlStep){VL_STEP_DRIFT, -1e-7 / 3, VL_PIVOT_CENTRE, VL_FORM_NONE, true, -1, NAN};
    e->cmd.move.steps[3] = (VlStep){VL_STEP_BACK, 2.0 / 3.0, VL_PIVOT_CENTRE, VL_FORM_NONE, true, -1, NAN};
    e->cmd.move.double_time = true;
    e = entry(&log);
    e->cmd.kind = VL_CMD_MOVE, e->cmd.unit = e->cmd.move.unit = 7, e->cmd.move.nsteps = 1;
    e->cmd.move.steps[0] = (VlStep){VL_STEP_FORM, 0, VL_PIVOT_CENTRE, VL_FORM_SKIRMISH, false, 1, 359.99999999999994};
    e->cmd.move.gallop = true;
    e = entry(&log);
    e->cmd.kind = VL_CMD_MOVE, e->cmd.unit = e->cmd.move.unit = 5, e->cmd.move.nsteps = 2;
    e->cmd.move.steps[0] = (VlStep){VL_STEP_TURN, 987654.32109876543, VL_PIVOT_CENTRE, VL_FORM_NONE, true, -1, NAN};
    e->cmd.move.steps[1] = (VlStep){VL_STEP_PIVOT, 5e-324, VL_PIVOT_RIGHT, VL_FORM_NONE, true, -1, NAN};
    e->cmd.move.occupy = true, e->cmd.move.occupy_feature = s.nterrain - 1;
    e = entry(&log);
    e->cmd.kind = VL_CMD_RALLY, e->cmd.unit = 0, e->cmd.facing = 123.45678901234567;
    e = entry(&log);
    e->cmd.kind = VL_CMD_RALLY, e->cmd.unit = 1;
    e = entry(&log);
    e->cmd.kind = VL_CMD_REACTIONS, e->cmd.reactions = VL_REACT_SQUARE | VL_REACT_CAVALRY_BACK;
    e = entry(&log);
    e->cmd.kind = VL_CMD_ATTACH, e->cmd.unit = 2, e->cmd.target = 5;
    e = entry(&log);
    e->cmd.kind = VL_CMD_OCCUPY, e->cmd.unit = 3, e->cmd.pose = (VlPose){{10.0 / 3.0, 0.7}, 271.1};
    e = entry(&log);
    e->is_check = true, e->hash = 0xfedcba9876543210ULL, e->turn = 7;
    e = entry(&log);
    e->is_check = true, e->hash = 1, e->turn = 12;
    save_ok(&log, &s, path);

    VlLog back;
    VlScenario bs;
    load_ok(path, &back, &bs);
    ck_assert_str_eq(back.scenario_path, log.scenario_path);
    ck_assert_uint_eq(back.scenario_hash, log.scenario_hash);
    ck_assert_uint_eq(back.seed, log.seed);
    ck_assert_str_eq(back.players, "human,random");
    ck_assert_int_eq(back.options.charge_rules, VL_RULES_JR3);
    ck_assert(back.options.cavalry_rough_in_cm);
    ck_assert_int_eq(back.options.jr3_bonus_dice, 3);
    same_double(back.options.retreat_distance, opt.retreat_distance, "retreat_distance", -1);
    ck_assert_int_eq(back.n, log.n);
    for (int i = 0; i < log.n; i++) {
        const VlLogEntry *a = &log.e[i], *b = &back.e[i];
        ck_assert_int_eq(b->line, i + 2);
        ck_assert_int_eq(a->is_check, b->is_check);
        if (a->is_check) {
            ck_assert_uint_eq(a->hash, b->hash);
            ck_assert_int_eq(a->turn, b->turn);
            continue;
        }
        const VlCommand *x = &a->cmd, *y = &b->cmd;
        ck_assert_int_eq(x->kind, y->kind);
        switch (x->kind) {
        case VL_CMD_ARTILLERY_FIRE:
        case VL_CMD_ATTACH:
            ck_assert_int_eq(x->unit, y->unit);
            ck_assert_int_eq(x->target, y->target);
            break;
        case VL_CMD_FIRE:
            ck_assert_int_eq(x->unit, y->unit);
            ck_assert_int_eq(x->ntargets, y->ntargets);
            for (int k = 0; k < x->ntargets; k++) {
                ck_assert_int_eq(x->targets[k], y->targets[k]);
                ck_assert_int_eq(x->dice[k], y->dice[k]);
            }
            break;
        case VL_CMD_CHARGE:
            ck_assert_int_eq(x->unit, y->unit);
            ck_assert_int_eq(x->target, y->target);
            ck_assert_int_eq(x->choose_path, y->choose_path);
            if (!x->choose_path) {
                ck_assert_int_eq(x->pre_kind, y->pre_kind);
                same_double(x->pre_amount, y->pre_amount, "opening", i);
            }
            ck_assert_int_eq(x->nsupports, y->nsupports);
            for (int k = 0; k < x->nsupports; k++)
                ck_assert_int_eq(x->supports[k], y->supports[k]);
            break;
        case VL_CMD_MOVE:
            ck_assert_int_eq(x->move.unit, y->move.unit);
            ck_assert_int_eq(y->unit, x->move.unit);
            ck_assert_int_eq(x->move.nsteps, y->move.nsteps);
            ck_assert_int_eq(x->move.gallop, y->move.gallop);
            ck_assert_int_eq(x->move.double_time, y->move.double_time);
            ck_assert_int_eq(x->move.occupy, y->move.occupy);
            if (x->move.occupy)
                ck_assert_int_eq(x->move.occupy_feature, y->move.occupy_feature);
            for (int k = 0; k < x->move.nsteps; k++) {
                const VlStep *p = &x->move.steps[k], *q = &y->move.steps[k];
                ck_assert_int_eq(p->kind, q->kind);
                if (p->kind == VL_STEP_FORM) {
                    ck_assert_int_eq(p->formation, q->formation);
                    ck_assert_int_eq(p->mounted, q->mounted);
                    ck_assert_int_eq(p->keep_base, q->keep_base);
                    same_double(p->facing, q->facing, "form facing", i);
                } else {
                    same_double(p->amount, q->amount, "step amount", i);
                }
                if (p->kind == VL_STEP_WHEEL || p->kind == VL_STEP_PIVOT)
                    ck_assert_int_eq(p->pivot, q->pivot);
            }
            break;
        case VL_CMD_RALLY:
            ck_assert_int_eq(x->unit, y->unit);
            same_double(x->facing, y->facing, "rally facing", i);
            break;
        case VL_CMD_REACTIONS: ck_assert_uint_eq(x->reactions, y->reactions); break;
        case VL_CMD_OCCUPY:
            ck_assert_int_eq(x->unit, y->unit);
            same_double(x->pose.anchor.x, y->pose.anchor.x, "occupy x", i);
            same_double(x->pose.anchor.y, y->pose.anchor.y, "occupy y", i);
            same_double(x->pose.facing, y->pose.facing, "occupy facing", i);
            break;
        default: break;
        }
    }
    /* and what was read is written again byte for byte */
    char again[160];
    snprintf(again, sizeof again, "%s/again.vlog", dir);
    save_ok(&back, &bs, again);
    Lines l1 = read_lines(path), l2 = read_lines(again);
    ck_assert_int_eq(l1.n, l2.n);
    for (int i = 0; i < l1.n; i++)
        ck_assert_str_eq(l1.l[i], l2.l[i]);
    free_lines(&l1);
    free_lines(&l2);
    vl_log_free(&log);
    vl_log_free(&back);
    vl_scenario_free(&s);
    vl_scenario_free(&bs);
    rm_dir(dir);
}
END_TEST

/* ---- edited and damaged logs ---- */

/* Make line i's move a single "advance:<num>" step (the line must be a one-step advance). */
static void set_advance(Lines *L, int i, const char *num)
{
    char *p = strstr(L->l[i], "[\"advance:");
    ck_assert_ptr_nonnull(p);
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s[\"advance:%s\"]}", (int)(p - L->l[i]), L->l[i], num);
    replace_line(L, i, buf);
}

/* The index (0-based) of the first line at or after @p from whose text contains @p needle, or -1. */
static int find_line(const Lines *L, int from, const char *needle)
{
    for (int i = from; i < L->n; i++)
        if (strstr(L->l[i], needle))
            return i;
    return -1;
}

/* Load the edited file and replay it; the replay must fail at line @p lo..hi (1-based). */
static VlReplayResult replay_edited(const char *path, int lo, int hi)
{
    VlLog log;
    VlScenario s;
    load_ok(path, &log, &s);
    VlReplayResult r;
    VlGame *g = NULL;
    VlStatus st = vl_log_replay(&log, &s, &g, &r);
    ck_assert_int_ne(st, VL_OK);
    ck_assert(!r.ok);
    ck_assert_msg(r.diverged_line >= lo && r.diverged_line <= hi, "diverged at line %d, expected %d..%d (%s)",
                  r.diverged_line, lo, hi, r.message);
    char want[32];
    snprintf(want, sizeof want, "line %d:", r.diverged_line);
    ck_assert_msg(strncmp(r.message, want, strlen(want)) == 0, "message \"%s\" does not start with \"%s\"", r.message,
                  want);
    ck_assert_ptr_nonnull(g); /* the game as far as it got */
    vl_game_destroy(g);
    vl_log_free(&log);
    vl_scenario_free(&s);
    return r;
}

START_TEST(an_edited_check_hash_is_the_first_divergence)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    VlScenario s;
    VlLog log;
    saved_game(dir, path, sizeof path, &s, &log);
    Lines L = read_lines(path);
    int first = find_line(&L, 1, "\"check\"");
    int third = find_line(&L, find_line(&L, first + 1, "\"check\"") + 1, "\"check\"");
    ck_assert_int_gt(third, first);
    /* flip the last hex digit of the third check */
    char *q = strstr(L.l[third], "\"check\":\"") + 9;
    q[15] = q[15] == '0' ? '1' : '0';
    write_lines(path, &L, false);
    VlReplayResult r = replay_edited(path, third + 1, third + 1);
    ck_assert_uint_eq(r.expected, strtoull(q, NULL, 16));
    ck_assert_uint_ne(r.expected, r.actual);
    ck_assert_int_eq(r.checks, 2);
    ck_assert_ptr_nonnull(strstr(r.message, "differs"));
    free_lines(&L);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

START_TEST(an_edited_move_distance_is_caught_by_the_next_check)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    VlScenario s;
    VlLog log;
    saved_game(dir, path, sizeof path, &s, &log);
    Lines L = read_lines(path);
    /* the first plain advance of turn 2 or later: make it a thousandth of an inch (still legal, and a
     * different state: halving could land where a move cut short would have stopped anyway) */
    int edited = find_line(&L, find_line(&L, 1, "\"check\"") + 1, "[\"advance:");
    ck_assert_int_gt(edited, 0);
    set_advance(&L, edited, "0.001");
    int next_check = find_line(&L, edited + 1, "\"check\"");
    write_lines(path, &L, false);
    /* the first state check after it fails, unless a later command is refused first */
    replay_edited(path, edited + 1, next_check + 1);
    free_lines(&L);

    /* a distance no unit can march in one move is refused at its own line */
    save_ok(&log, &s, path);
    L = read_lines(path);
    set_advance(&L, edited, "500");
    write_lines(path, &L, false);
    VlReplayResult r = replay_edited(path, edited + 1, edited + 1);
    ck_assert_ptr_nonnull(strstr(r.message, "refused"));
    free_lines(&L);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

/* The version in a header, as written: {"format":"volley-log","version":N,... */
static char *version_digit(char *header)
{
    char want[32];
    snprintf(want, sizeof want, "\"version\":%d,", VL_LOG_VERSION);
    char *v = strstr(header, want);
    ck_assert_ptr_nonnull(v);
    return v + 10;
}

START_TEST(a_newer_version_is_refused)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    VlScenario s;
    VlLog log;
    saved_game(dir, path, sizeof path, &s, &log);
    Lines L = read_lines(path);
    *version_digit(L.l[0]) = '0' + VL_LOG_VERSION + 1;
    write_lines(path, &L, false);
    load_refused(path, VL_ERR_SCHEMA, 1, "newer Volley");
    free_lines(&L);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

START_TEST(a_damaged_line_is_refused_with_its_number)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    VlScenario s;
    VlLog log;
    saved_game(dir, path, sizeof path, &s, &log);
    Lines L = read_lines(path);
    int n = L.n;
    ck_assert_int_gt(n, 40);

    /* truncated in the middle of line 30 (as a crash while copying would leave it) */
    L.n = 30;
    L.l[29][strlen(L.l[29]) / 2] = 0;
    write_lines(path, &L, true);
    load_refused(path, VL_ERR_SYNTAX, 30, "damaged line");
    L.n = n;
    free_lines(&L);

    /* garbage in the middle */
    save_ok(&log, &s, path);
    L = read_lines(path);
    replace_line(&L, 20, "{\"cmd\":\"move\",\"unit\":");
    write_lines(path, &L, false);
    load_refused(path, VL_ERR_SYNTAX, 21, "damaged line");

    /* well-formed but not a command: an unknown unit */
    replace_line(&L, 20, "{\"cmd\":\"fire\",\"unit\":\"no_such_unit\"}");
    write_lines(path, &L, false);
    load_refused(path, VL_ERR_SCHEMA, 21, "no_such_unit");

    /* not an object */
    replace_line(&L, 20, "[1,2,3]");
    write_lines(path, &L, false);
    load_refused(path, VL_ERR_SYNTAX, 21, "damaged line");

    free_lines(&L);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

START_TEST(a_missing_or_changed_scenario_is_refused)
{
    char dir[64], path[128], copy[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.vlog", dir);
    snprintf(copy, sizeof copy, "%s/elsewhere/brigade-action.json", dir);

    /* a copy of the scenario in a folder of its own, and a short game on it */
    char sub[128];
    snprintf(sub, sizeof sub, "%s/elsewhere", dir);
    ck_assert_int_eq(mkdir(sub, 0700), 0);
    Lines sc = read_lines(BRIGADE);
    write_lines(copy, &sc, false);
    VlScenario s;
    load_scenario(copy, &s);
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(&s, SEED, &opt);
    VlLog log;
    vl_log_init(&log, &s, SEED, &opt);
    VlRng players[2];
    seed_players(players, SEED);
    play(g, &log, players, 3);
    vl_log_checkpoint(&log, g);
    save_ok(&log, &s, path);

    /* it loads while the scenario is there */
    VlLog ok;
    VlScenario os;
    load_ok(path, &ok, &os);
    vl_log_free(&ok);
    vl_scenario_free(&os);

    /* Its layout and wording changed (a space more, a unit renamed): the same scenario, the save
     * loads (the log knows it by its content as loaded, vl_log_scenario_hash) */
    Lines ed = read_lines(copy);
    int at = find_line(&ed, 0, "\"21st Illinois\"");
    ck_assert_int_ge(at, 0);
    char *name = strstr(ed.l[at], "21st Illinois");
    memcpy(name, "22nd", 4);
    write_lines(copy, &ed, false);
    FILE *f = fopen(copy, "a");
    ck_assert_ptr_nonnull(f);
    fputc(' ', f);
    fclose(f);
    load_ok(path, &ok, &os);
    vl_log_free(&ok);
    vl_scenario_free(&os);

    /* A unit moved: the scenario has changed, and the message says which and where it is */
    char *pos = strstr(ed.l[at], "[11.66, 18.32]");
    ck_assert_ptr_nonnull(pos);
    pos[9] = '7';
    write_lines(copy, &ed, false);
    free_lines(&ed);
    load_refused(path, VL_ERR_INVALID, 1, "has changed since this game was saved");
    load_refused(path, VL_ERR_INVALID, 1, copy);

    /* gone: refused */
    ck_assert_int_eq(unlink(copy), 0);
    load_refused(path, VL_ERR_IO, 1, "could not be loaded");

    /* found beside the log when it is no longer where the log says */
    char beside[128];
    snprintf(beside, sizeof beside, "%s/brigade-action.json", dir);
    write_lines(beside, &sc, false);
    load_ok(path, &ok, &os);
    ck_assert_int_eq(ok.n, log.n);
    ck_assert_uint_eq(os.hash, s.hash);
    VlReplayResult r;
    ck_assert_int_eq(vl_log_replay(&ok, &os, NULL, &r), VL_OK);
    ck_assert_uint_eq(r.final_hash, vl_game_hash(g));
    vl_log_free(&ok);
    vl_scenario_free(&os);
    free_lines(&sc);

    vl_game_destroy(g);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

/* ---- a reader as strict as the scenario loader ---- */

/* Replace the first @p from in line @p i with @p to (which must be there). */
static void edit_line(Lines *L, int i, const char *from, const char *to)
{
    char *at = strstr(L->l[i], from);
    ck_assert_msg(at != NULL, "line %d has no \"%s\"", i + 1, from);
    char buf[8192];
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - L->l[i]), L->l[i], to, at + strlen(from));
    replace_line(L, i, buf);
}

/* One edit of a saved game and the refusal it must meet: line @p line (1-based), @p status and a
 * message containing @p needle, with the JSON path @p path when not NULL. In the header (line 1)
 * @p from is replaced by @p to; on a later line the whole line becomes @p to. */
typedef struct Edit {
    int line;
    const char *from, *to;
    VlStatus status;
    const char *path, *needle;
} Edit;

static void refused_edits(const Edit *edits, size_t n)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    VlScenario s;
    VlLog log;
    saved_game(dir, path, sizeof path, &s, &log);
    Lines good = read_lines(path);
    for (size_t k = 0; k < n; k++) {
        const Edit *e = &edits[k];
        Lines L = read_lines(path);
        if (e->line == 1)
            edit_line(&L, 0, e->from, e->to);
        else
            replace_line(&L, e->line - 1, e->to);
        write_lines(path, &L, false);
        VlLog back;
        VlScenario bs;
        VlDiagList d;
        vl_diag_init(&d, path);
        VlStatus st = vl_log_load(path, &back, &bs, &d);
        ck_assert_msg(st == e->status, "edit %zu (%s): status %s, expected %s (%s)", k, e->to, vl_status_str(st),
                      vl_status_str(e->status), d.count ? d.items[0].message : "no message");
        ck_assert_msg(strstr(d.items[0].message, e->needle), "edit %zu: \"%s\" lacks \"%s\"", k, d.items[0].message,
                      e->needle);
        ck_assert_msg(d.items[0].line == e->line, "edit %zu: line %d, expected %d", k, d.items[0].line, e->line);
        if (e->path)
            ck_assert_str_eq(d.items[0].path, e->path);
        ck_assert_ptr_null(back.e);
        ck_assert_ptr_null(bs.units);
        vl_diag_free(&d);
        /* the saves list refuses a bad header as loading does */
        if (e->line == 1) {
            VlLogPeek pk;
            vl_diag_init(&d, path);
            ck_assert_int_eq(vl_log_peek(path, &pk, &d), e->status);
            vl_diag_free(&d);
        }
        free_lines(&L);
        write_lines(path, &good, false);
    }
    vl_log_free(&log);
    vl_scenario_free(&s);
    load_ok(path, &log, &s); /* the unedited game still loads */
    free_lines(&good);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}

START_TEST(every_field_of_the_header_is_checked)
{
    static const Edit edits[] = {
        {1, "{\"format\"", "{\"colour\":\"blue\",\"format\"", VL_ERR_SCHEMA, "colour", "unknown field \"colour\" in the header"},
        {1, "\"version\":2", "\"version\":\"2\"", VL_ERR_SCHEMA, "version", "must be the log's version, a whole number"},
        {1, "\"version\":2", "\"version\":0", VL_ERR_SCHEMA, "version", "it must be a whole number from 1"},
        {1, "\"seed\":\"42\"", "\"seed\":42", VL_ERR_SCHEMA, "seed", "\"seed\" must be the seed as a string"},
        {1, "\"seed\":\"42\"", "\"seed\":\"-5\"", VL_ERR_INVALID, "seed", "\"-5\" is not a seed"},
        {1, "\"seed\":\"42\"", "\"seed\":\"abc\"", VL_ERR_INVALID, "seed", "\"abc\" is not a seed"},
        {1, "\"seed\":\"42\"", "\"seed\":\"99999999999999999999999\"", VL_ERR_INVALID, "seed", "is not a seed"},
        {1, "\"seed\":\"42\"", "\"seed\":\"18446744073709551616\"", VL_ERR_INVALID, "seed", "is not a seed"},
        {1, "\"seed\":\"42\"", "\"seed\":\"\"", VL_ERR_INVALID, "seed", "is not a seed"},
        {1, "\"scenario_hash\":\"", "\"scenario_hash\":\"zz", VL_ERR_INVALID, "scenario_hash", "is not a scenario hash"},
        {1, "\"scenario_name\":\"brigade-action\"", "\"scenario_name\":\"../../etc/passwd\"", VL_ERR_INVALID,
         "scenario_name", "is not a scenario's name"},
        {1, "\"scenario_name\":\"brigade-action\"", "\"scenario_name\":7", VL_ERR_SCHEMA, "scenario_name",
         "must be the name of a scenario shipped"},
        {1, "10.0}}", "10.0},\"players\":\"robot\"}", VL_ERR_INVALID, "players", "does not say who played"},
        {1, "\"options\":{", "\"options\":{\"fog\":true,", VL_ERR_SCHEMA, "options.fog",
         "unknown field \"fog\" in the header's \"options\""},
        {1, "\"options\":{\"charge_rules\":\"gor\",\"cavalry_rough_in_cm\":false,\"jr3_bonus_dice\":2,\"retreat_distance\":10.0}",
         "\"options\":[]", VL_ERR_SCHEMA, "options", "\"options\" must be an object of the rule options, not an array"},
        {1, "\"charge_rules\":\"gor\"", "\"charge_rules\":\"nosuch\"", VL_ERR_INVALID, "options.charge_rules",
         "unknown charge rules \"nosuch\""},
        {1, "\"charge_rules\":\"gor\"", "\"charge_rules\":1", VL_ERR_SCHEMA, "options.charge_rules", "not a whole number"},
        {1, "\"charge_rules\":\"gor\",", "", VL_ERR_SCHEMA, "options.charge_rules", "\"charge_rules\" is missing"},
        {1, "\"cavalry_rough_in_cm\":false", "\"cavalry_rough_in_cm\":\"no\"", VL_ERR_SCHEMA,
         "options.cavalry_rough_in_cm", "must be true or false"},
        {1, "\"jr3_bonus_dice\":2", "\"jr3_bonus_dice\":1000000", VL_ERR_INVALID, "options.jr3_bonus_dice",
         "is 1000000; it must be from 0 to 6"},
        {1, "\"jr3_bonus_dice\":2", "\"jr3_bonus_dice\":-1", VL_ERR_INVALID, "options.jr3_bonus_dice",
         "is -1; it must be from 0 to 6"},
        {1, "\"jr3_bonus_dice\":2", "\"jr3_bonus_dice\":2.5", VL_ERR_SCHEMA, "options.jr3_bonus_dice",
         "not a number with a fraction"},
        {1, "\"retreat_distance\":10.0", "\"retreat_distance\":-4", VL_ERR_INVALID, "options.retreat_distance",
         "the retreat distance is -4 in"},
        {1, "\"retreat_distance\":10.0", "\"retreat_distance\":1e308", VL_ERR_INVALID, "options.retreat_distance",
         "the retreat distance is 1e+308 in"},
        {1, "\"retreat_distance\":10.0", "\"retreat_distance\":0", VL_ERR_INVALID, "options.retreat_distance",
         "must be over 0"},
        {1, "\"retreat_distance\":10.0", "\"retreat_distance\":\"10\"", VL_ERR_SCHEMA, "options.retreat_distance",
         "not a string"},
    };
    refused_edits(edits, sizeof edits / sizeof edits[0]);
}
END_TEST

START_TEST(every_field_of_a_command_is_checked)
{
    /* u_21il and u_38il are Union infantry of the brigade action, c_* its Confederates; line 2 of the
     * saved game becomes each of these. */
    static const Edit edits[] = {
        {2, NULL, "{\"cmd\":\"fire\",\"unit\":\"u_21il\",\"colour\":\"red\"}", VL_ERR_SCHEMA, "colour",
         "unknown field \"colour\" in a fire command"},
        {2, NULL, "{\"cmd\":\"end_phase\",\"unit\":\"u_21il\"}", VL_ERR_SCHEMA, "unit",
         "unknown field \"unit\" in an end_phase command"},
        {2, NULL, "{\"cmd\":\"fire\",\"unit\":7}", VL_ERR_SCHEMA, "unit", "\"unit\" must be a unit's id, not a whole number"},
        {2, NULL, "{\"cmd\":7}", VL_ERR_SCHEMA, "cmd", "\"cmd\" must be the command's name"},
        {2, NULL, "{\"cmd\":\"teleport\"}", VL_ERR_SCHEMA, "cmd", "unknown command \"teleport\""},
        {2, NULL, "{\"cmd\":\"fire\",\"unit\":\"nobody\"}", VL_ERR_SCHEMA, "unit", "no unit \"nobody\""},
        {2, NULL, "{\"cmd\":\"fire\",\"unit\":\"u_21il\",\"targets\":[\"c_1\"]}", VL_ERR_SCHEMA, "dice",
         "split fire needs both"},
        {2, NULL, "{\"cmd\":\"fire\",\"unit\":\"u_21il\",\"targets\":[\"u_38il\",\"u_21il\"],\"dice\":[1000000,1]}",
         VL_ERR_INVALID, "dice[0]", "\"dice[0]\" is 1000000; it must be from 1 to 24"},
        {2, NULL, "{\"cmd\":\"fire\",\"unit\":\"u_21il\",\"targets\":[\"u_38il\",\"u_21il\"],\"dice\":[2,-5]}",
         VL_ERR_INVALID, "dice[1]", "\"dice[1]\" is -5; it must be from 1 to 24"},
        {2, NULL, "{\"cmd\":\"fire\",\"unit\":\"u_21il\",\"targets\":[\"u_38il\"],\"dice\":[1.5]}", VL_ERR_SCHEMA,
         "dice[0]", "must be a whole number"},
        {2, NULL, "{\"cmd\":\"fire\",\"unit\":\"u_21il\",\"targets\":[\"u_38il\"],\"dice\":[1,2]}", VL_ERR_INVALID, "dice",
         "gives 2 shares"},
        {2, NULL,
         "{\"cmd\":\"fire\",\"unit\":\"u_21il\",\"targets\":[\"u_38il\",\"u_38il\",\"u_38il\",\"u_38il\",\"u_38il\"],"
         "\"dice\":[1,1,1,1,1]}",
         VL_ERR_INVALID, "targets", "names 5 units; it must name from 1 to 4"},
        {2, NULL,
         "{\"cmd\":\"charge\",\"unit\":\"u_21il\",\"target\":\"u_38il\",\"supports\":[\"u_21il\",\"u_21il\",\"u_21il\","
         "\"u_21il\",\"u_21il\",\"u_21il\",\"u_21il\",\"u_21il\",\"u_21il\"]}",
         VL_ERR_INVALID, "supports", "names 9 units; it must name from 0 to 8"},
        {2, NULL, "{\"cmd\":\"charge\",\"unit\":\"u_21il\",\"target\":\"u_38il\",\"opening\":\"choose\",\"amount\":3}",
         VL_ERR_SCHEMA, "amount", "goes only with a drift or wheel opening"},
        {2, NULL, "{\"cmd\":\"charge\",\"unit\":\"u_21il\",\"target\":\"u_38il\",\"opening\":\"drift\"}", VL_ERR_SCHEMA,
         "amount", "\"amount\" is missing"},
        {2, NULL, "{\"cmd\":\"move\",\"unit\":\"u_21il\",\"steps\":[\"advance:1e9\"]}", VL_ERR_INVALID, "steps[0]",
         "beyond"},
        {2, NULL, "{\"cmd\":\"move\",\"unit\":\"u_21il\",\"steps\":[\"form:line:keep=99\"]}", VL_ERR_INVALID, "steps[0]",
         "bases 0 to 7"},
        {2, NULL, "{\"cmd\":\"move\",\"unit\":\"u_21il\",\"steps\":[]}", VL_ERR_INVALID, "steps", "from 1 to 16"},
        {2, NULL, "{\"cmd\":\"move\",\"unit\":\"u_21il\",\"steps\":[\"advance:1\"],\"gallop\":1}", VL_ERR_SCHEMA, "gallop",
         "must be true or false"},
        {2, NULL, "{\"cmd\":\"rally\",\"unit\":\"u_21il\",\"facing\":\"north\"}", VL_ERR_SCHEMA, "facing",
         "must be a facing in degrees, not a string"},
        {2, NULL, "{\"cmd\":\"occupy\",\"unit\":\"u_21il\",\"position\":[1,2,3],\"facing\":0}", VL_ERR_INVALID, "position",
         "must be [x, y]"},
        {2, NULL, "{\"cmd\":\"reactions\",\"square\":true,\"skirmish_back\":true}", VL_ERR_SCHEMA, "cavalry_back",
         "\"cavalry_back\" is missing"},
        {2, NULL, "{\"cmd\":\"order\",\"brigade\":\"nosuch\",\"order\":\"attack\"}", VL_ERR_SCHEMA, "brigade",
         "no brigade \"nosuch\""},
        {2, NULL, "{\"check\":\"0123456789abcdef\",\"turn\":1,\"note\":1}", VL_ERR_SCHEMA, "note",
         "unknown field \"note\" in a state check"},
        {2, NULL, "{\"check\":\"0123456789abcdeg\",\"turn\":1}", VL_ERR_INVALID, "check", "is not a state hash"},
        {2, NULL, "{\"check\":\"0123456789abcdef\",\"turn\":1000}", VL_ERR_INVALID, "turn", "it must be from 0 to 100"},
        {2, NULL, "{\"end\":0,\"extra\":1}", VL_ERR_SCHEMA, "extra", "unknown field \"extra\" in the closing line"},
        {2, NULL, "{\"end\":-1}", VL_ERR_INVALID, "end", "it must be from 0"},
        {2, NULL, "{\"hello\":1}", VL_ERR_SCHEMA, "", "a line must be a command"},
    };
    refused_edits(edits, sizeof edits / sizeof edits[0]);
}
END_TEST

/* The file itself: a FIFO, a device or a folder is refused without being read (so without
 * blocking), a file over VL_LOG_MAX_BYTES from its size, one of more than VL_LOG_MAX_ENTRIES lines
 * before a line is parsed, a NUL byte at its line and column; the saves list refuses each too. */
START_TEST(a_pipe_a_device_a_huge_file_and_a_nul_byte_are_refused_unread)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    VlScenario s;
    VlLog log;
    saved_game(dir, path, sizeof path, &s, &log);
    Lines good = read_lines(path);
    struct {
        char path[160];
        VlStatus status;
        int line, column;
        const char *needle;
    } cases[5] = {{"", VL_ERR_IO, 0, 0, "a pipe (FIFO)"},
                  {"/dev/zero", VL_ERR_IO, 0, 0, "a device"},
                  {"", VL_ERR_IO, 0, 0, "more than the 4.0 MiB"},
                  {"", VL_ERR_INVALID, 0, 0, "more than the 50002 a game log can have"},
                  {"", VL_ERR_SYNTAX, 3, 7, "a NUL byte"}};
    snprintf(cases[0].path, sizeof cases[0].path, "%s/fifo.vlog", dir);
    ck_assert_int_eq(mkfifo(cases[0].path, 0600), 0);
    snprintf(cases[2].path, sizeof cases[2].path, "%s/huge.vlog", dir);
    ck_assert_int_eq(truncate(path, 0), 0);
    ck_assert_int_eq(rename(path, cases[2].path), 0);
    ck_assert_int_eq(truncate(cases[2].path, (off_t)VL_LOG_MAX_BYTES + 1), 0); /* sparse: no disk used */
    snprintf(cases[3].path, sizeof cases[3].path, "%s/long.vlog", dir);
    FILE *f = fopen(cases[3].path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%s\n", good.l[0]);
    for (int i = 0; i <= VL_LOG_MAX_ENTRIES + 1; i++)
        fputs("{\"cmd\":\"end_phase\"}\n", f);
    fprintf(f, "{\"end\":%d}\n", VL_LOG_MAX_ENTRIES + 2);
    ck_assert_int_eq(fclose(f), 0);
    snprintf(cases[4].path, sizeof cases[4].path, "%s/nul.vlog", dir);
    f = fopen(cases[4].path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%s\n%s\n{\"cmd\"", good.l[0], good.l[1]);
    fputc(0, f);
    fputs(":\"end_phase\"}\n", f);
    ck_assert_int_eq(fclose(f), 0);
    for (int k = 0; k < 5; k++) {
        load_refused(cases[k].path, cases[k].status, cases[k].line, cases[k].needle);
        VlLogPeek pk;
        VlDiagList d;
        vl_diag_init(&d, cases[k].path);
        VlStatus st = vl_log_peek(cases[k].path, &pk, &d);
        if (k == 3) { /* the saves list reads a long log's header and tail only */
            ck_assert_int_eq(st, VL_OK);
        } else {
            ck_assert_int_eq(st, cases[k].status);
            ck_assert_ptr_nonnull(strstr(d.items[0].message, cases[k].needle));
            ck_assert_int_eq(d.items[0].column, cases[k].column);
        }
        vl_diag_free(&d);
    }
    free_lines(&good);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

/* ---- the game does not trust a log ---- */

/* GOR-FIRE-4: what the reader lets through the game judges again. A breech-loader u1 has 3 dice at
 * c1 (the target the rules choose) and may share them with c2 (the position of test_game_fire.c's
 * split-fire test). Shares of INT_MAX + INT_MAX + 5 once summed, overflowing, to 3 and were taken:
 * now each share is checked against the dice left to share, and the number of shares against the
 * most a command holds, before anything is added. */
START_TEST(the_game_refuses_split_fire_out_of_range_whatever_a_log_says)
{
    tu_sb_begin("split fire", 96, 48);
    tu_sb_unit_as("u1", "union", "infantry", "skirmish", "breechloader", "seasoned", 48, 10, 0, NULL);
    tu_sb_unit_as("c1", "csa", "infantry", "line", "rifled", "seasoned", 44, 17, 180, NULL);
    tu_sb_unit_as("c2", "csa", "infantry", "line", "rifled", "seasoned", 54, 17, 180, NULL);
    VlScenario s;
    tu_sb_load(&s);
    VlGame *g = vl_game_create(&s, SEED, NULL);
    ck_assert_ptr_nonnull(g);
    vl_game_start(g);
    VlCommand end = {.kind = VL_CMD_END_PHASE, .facing = NAN, .choose_path = true};
    for (int i = 0; i < 24 && !(vl_game_phase(g) == VL_PHASE_FIRE && vl_game_active_side(g) == 0); i++)
        ck_assert_int_eq(vl_game_apply(g, &end, NULL), VL_OK);
    ck_assert_int_eq(vl_game_phase(g), VL_PHASE_FIRE);
    int u1 = vl_scenario_find_unit(&s, "u1"), c1 = vl_scenario_find_unit(&s, "c1"), c2 = vl_scenario_find_unit(&s, "c2");
    VlCommand c = {.kind = VL_CMD_FIRE, .unit = u1, .facing = NAN, .choose_path = true};
    c.ntargets = 2, c.targets[0] = c1, c.targets[1] = c2, c.dice[0] = 2, c.dice[1] = 1;
    VlReasons why = {0};
    ck_assert_msg(vl_game_check(g, &c, &why), "a fair split is refused: %s", why.n ? why.r[0].text : "");
    static const struct {
        int n, dice[VL_MAX_FIRE_TARGETS];
    } bad[] = {
        {3, {INT_MAX, INT_MAX, 5}}, /* sums to 3 modulo 2^32 */
        {2, {1000000, 1}},
        {2, {-5, 8}},
        {4, {INT_MAX, 1, 1, 1}},
        {VL_MAX_FIRE_TARGETS + 1, {1, 1, 1}},
        {-1, {3}},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        c.ntargets = bad[k].n;
        for (int i = 0; i < VL_MAX_FIRE_TARGETS; i++) {
            c.targets[i] = i % 2 ? c2 : c1;
            c.dice[i] = bad[k].dice[i];
        }
        memset(&why, 0, sizeof why);
        ck_assert_msg(!vl_game_check(g, &c, &why), "split %zu (%d shares, %d + %d + ...) is taken", k, bad[k].n,
                      bad[k].dice[0], bad[k].dice[1]);
        bool named = false;
        for (int i = 0; i < why.n; i++)
            named |= !why.r[i].ok && strcmp(why.r[i].clause, "GOR-FIRE-4") == 0;
        ck_assert_msg(named, "split %zu is refused, but not by GOR-FIRE-4", k);
    }
    vl_game_destroy(g);
    vl_scenario_free(&s);
}
END_TEST

/* A shipped scenario is named in the save, and found by that name in the data folder wherever
 * Volley is installed ($VOLLEY_DATA_DIR here stands for another install); its content, not its
 * path or layout, is what must not have changed. */
START_TEST(a_shipped_scenario_is_found_by_name_wherever_volley_is)
{
    char dir[64], path[128], alt[128], sub[160], copy[200];
    make_dir(dir, sizeof dir);
    VlScenario s;
    VlLog log;
    saved_game(dir, path, sizeof path, &s, &log);
    ck_assert_str_eq(log.scenario_name, "brigade-action");
    snprintf(alt, sizeof alt, "%s/alt", dir);
    ck_assert_int_eq(mkdir(alt, 0700), 0);
    snprintf(sub, sizeof sub, "%s/assets", alt);
    ck_assert_int_eq(mkdir(sub, 0700), 0);
    snprintf(sub, sizeof sub, "%s/scenarios", alt);
    ck_assert_int_eq(mkdir(sub, 0700), 0);
    snprintf(copy, sizeof copy, "%s/brigade-action.json", sub);
    Lines sc = read_lines(BRIGADE);
    for (int i = 0; i < sc.n; i++) { /* re-indented: the same scenario */
        char buf[4096];
        snprintf(buf, sizeof buf, "  %s", sc.l[i]);
        replace_line(&sc, i, buf);
    }
    write_lines(copy, &sc, false);
    setenv(VL_PATHS_DATA_ENV, alt, 1);

    /* the old install is gone: the save names a path that no longer exists */
    Lines L = read_lines(path);
    edit_line(&L, 0, BRIGADE, "/nonexistent/old-install/scenarios/brigade-action.json");
    write_lines(path, &L, false);
    VlLog back;
    VlScenario bs;
    load_ok(path, &back, &bs);
    ck_assert_str_eq(bs.file, copy);
    VlReplayResult r;
    ck_assert_int_eq(vl_log_replay(&back, &bs, NULL, &r), VL_OK);
    ck_assert_msg(r.ok, "%s", r.message);
    vl_log_free(&back);
    vl_scenario_free(&bs);

    /* the new install's scenario differs (a unit moved): said so, by name and path */
    int at = find_line(&sc, 0, "[11.66, 18.32]");
    ck_assert_int_ge(at, 0);
    edit_line(&sc, at, "[11.66, 18.32]", "[11.66, 17.32]");
    write_lines(copy, &sc, false);
    load_refused(path, VL_ERR_INVALID, 1, "has changed since this game was saved");
    load_refused(path, VL_ERR_INVALID, 1, "shipped as brigade-action");
    load_refused(path, VL_ERR_INVALID, 1, copy);

    /* a save that does not name it is not found there */
    edit_line(&L, 0, "\"scenario_name\":\"brigade-action\",", "");
    write_lines(path, &L, false);
    load_refused(path, VL_ERR_IO, 1, "could not be loaded");
    load_refused(path, VL_ERR_IO, 1, "/nonexistent/old-install/scenarios/brigade-action.json: not found");

    free_lines(&L);
    free_lines(&sc);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

/* A save of version 1 (the scenario known by the hash of its file's bytes, no scenario_name) still
 * loads, replays, and is written again as the current version. */
START_TEST(a_version_1_save_still_loads)
{
    char dir[64], path[128], copy[160];
    make_dir(dir, sizeof dir);
    VlScenario s;
    VlLog log;
    saved_game(dir, path, sizeof path, &s, &log);
    Lines L = read_lines(path);
    char want[32], old[32];
    snprintf(want, sizeof want, "\"version\":%d,", VL_LOG_VERSION);
    edit_line(&L, 0, want, "\"version\":1,");
    edit_line(&L, 0, "\"scenario_name\":\"brigade-action\",", "");
    snprintf(want, sizeof want, "%016llx", (unsigned long long)vl_log_scenario_hash(&s));
    snprintf(old, sizeof old, "%016llx", (unsigned long long)s.hash);
    edit_line(&L, 0, want, old);
    write_lines(path, &L, false);
    VlLog back;
    VlScenario bs;
    load_ok(path, &back, &bs);
    ck_assert_uint_eq(back.scenario_hash, vl_log_scenario_hash(&s)); /* brought up to date */
    VlReplayResult r;
    ck_assert_int_eq(vl_log_replay(&back, &bs, NULL, &r), VL_OK);
    ck_assert_msg(r.ok, "%s", r.message);
    save_ok(&back, &bs, path);
    Lines again = read_lines(path);
    snprintf(want, sizeof want, "\"version\":%d,", VL_LOG_VERSION);
    ck_assert_ptr_nonnull(strstr(again.l[0], want));
    free_lines(&again);
    vl_log_free(&back);
    vl_scenario_free(&bs);

    /* version 1 has no scenario_name */
    edit_line(&L, 0, "\"scenario\":", "\"scenario_name\":\"brigade-action\",\"scenario\":");
    write_lines(path, &L, false);
    load_refused(path, VL_ERR_SCHEMA, 1, "unknown field \"scenario_name\" in the header");
    edit_line(&L, 0, "\"scenario_name\":\"brigade-action\",", "");

    /* and its scenario is known by its bytes: a space more is a change, said to be of the bytes */
    snprintf(copy, sizeof copy, "%s/brigade-action.json", dir);
    Lines sc = read_lines(BRIGADE);
    write_lines(copy, &sc, false);
    edit_line(&L, 0, BRIGADE, copy);
    write_lines(path, &L, false);
    load_ok(path, &back, &bs);
    vl_log_free(&back);
    vl_scenario_free(&bs);
    FILE *f = fopen(copy, "a");
    ck_assert_ptr_nonnull(f);
    fputc(' ', f);
    fclose(f);
    load_refused(path, VL_ERR_INVALID, 1, "hash of the file's bytes (a version 1 save)");
    free_lines(&sc);
    free_lines(&L);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

/* ---- saving ---- */

START_TEST(saving_replaces_the_file_whole_and_leaves_no_temporary)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.vlog", dir);
    VlScenario s;
    load_scenario(BRIGADE, &s);
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(&s, SEED, &opt);
    VlLog log;
    vl_log_init(&log, &s, SEED, &opt);
    VlRng players[2];
    seed_players(players, SEED);
    play(g, &log, players, 2);
    save_ok(&log, &s, path);
    int short_n = log.n;
    play(g, &log, players, 5);
    ck_assert_int_gt(log.n, short_n);
    save_ok(&log, &s, path); /* over the old file */

    char names[8][256];
    ck_assert_int_eq(list_dir(dir, names, 8), 1);
    ck_assert_str_eq(names[0], "game.vlog");
    VlLog back;
    VlScenario bs;
    load_ok(path, &back, &bs);
    ck_assert_int_eq(back.n, log.n); /* the new file, complete */
    vl_log_free(&back);
    vl_scenario_free(&bs);

    /* saving over a folder fails, and leaves neither a temporary nor a changed folder */
    char sub[128];
    snprintf(sub, sizeof sub, "%s/afolder", dir);
    ck_assert_int_eq(mkdir(sub, 0700), 0);
    VlDiagList d;
    vl_diag_init(&d, sub);
    ck_assert_int_eq(vl_log_save(&log, &s, sub, &d), VL_ERR_IO);
    vl_diag_free(&d);
    ck_assert_int_eq(list_dir(dir, names, 8), 2);
    ck_assert_int_eq(list_dir(sub, names, 8), 0);
    for (int i = 0; i < 2; i++)
        ck_assert_ptr_null(strstr(names[i], ".tmp-"));

    /* into a folder that does not exist: VL_ERR_IO, nothing written */
    char missing[160];
    snprintf(missing, sizeof missing, "%s/no-such-folder/game.vlog", dir);
    vl_diag_init(&d, missing);
    ck_assert_int_eq(vl_log_save(&log, &s, missing, &d), VL_ERR_IO);
    ck_assert_int_ge(d.count, 1);
    vl_diag_free(&d);
    struct stat st;
    ck_assert_int_ne(stat(missing, &st), 0);
    snprintf(missing, sizeof missing, "%s/no-such-folder", dir);
    ck_assert_int_ne(stat(missing, &st), 0);
    ck_assert_int_eq(list_dir(dir, names, 8), 2);
    ck_assert_str_ne(names[0], names[1]);
    for (int i = 0; i < 2; i++)
        ck_assert_msg(strcmp(names[i], "game.vlog") == 0 || strcmp(names[i], "afolder") == 0, "left behind: %s",
                      names[i]);

    /* the good file is still the complete new one */
    load_ok(path, &back, &bs);
    ck_assert_int_eq(back.n, log.n);
    vl_log_free(&back);
    vl_scenario_free(&bs);

    vl_game_destroy(g);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

/* ---- peeking at a save (the menu's list) ---- */

/* The last state check's turn in a log (what the saves list shows). */
static int last_check_turn(const VlLog *log)
{
    int turn = 0;
    for (int i = 0; i < log->n; i++)
        if (log->e[i].is_check)
            turn = log->e[i].turn;
    return turn;
}

START_TEST(peeking_reads_the_header_and_the_last_turn_only)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    VlScenario s;
    VlLog log;
    saved_game(dir, path, sizeof path, &s, &log);
    snprintf(log.players, sizeof log.players, "ai:hard,random");
    save_ok(&log, &s, path);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_gt(st.st_size, 4096); /* the last turn is found in the file's tail, past a cut line */

    VlLogPeek pk;
    VlDiagList d;
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_log_peek(path, &pk, &d), VL_OK);
    ck_assert_int_eq(d.count, 0);
    vl_diag_free(&d);
    ck_assert_str_eq(pk.scenario_path, log.scenario_path);
    ck_assert_int_eq(pk.version, VL_LOG_VERSION);
    ck_assert_str_eq(pk.scenario_name, "brigade-action");
    ck_assert_uint_eq(pk.scenario_hash, vl_log_scenario_hash(&s));
    ck_assert_uint_eq(pk.seed, SEED);
    ck_assert_str_eq(pk.players, "ai:hard,random");
    ck_assert_int_eq(pk.options.charge_rules, log.options.charge_rules);
    ck_assert_int_gt(last_check_turn(&log), 1);
    ck_assert_int_eq(pk.turn, last_check_turn(&log));
    ck_assert_int_eq(pk.entries, log.n);

    /* The scenario is not loaded: a save whose scenario has gone is still listed (loading it is
     * refused). */
    Lines L = read_lines(path);
    char *sp = strstr(L.l[0], "\"scenario\":\"");
    ck_assert_ptr_nonnull(sp);
    char head[4096];
    snprintf(head, sizeof head, "%.*s\"scenario\":\"/nonexistent/gone.json\"%s", (int)(sp - L.l[0]), L.l[0],
             strchr(sp + 12, '"') + 1);
    char *name = strstr(head, "\"scenario_name\":\"brigade-action\",");
    ck_assert_ptr_nonnull(name); /* and not shipped either, else it is found by its name */
    memmove(name, name + 33, strlen(name + 33) + 1);
    replace_line(&L, 0, head);
    write_lines(path, &L, false);
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_log_peek(path, &pk, &d), VL_OK);
    vl_diag_free(&d);
    ck_assert_str_eq(pk.scenario_path, "/nonexistent/gone.json");
    ck_assert_int_eq(pk.turn, last_check_turn(&log));
    load_refused(path, VL_ERR_IO, 1, "could not be loaded");

    /* A newer version and a file that is not a log are refused as vl_log_load refuses them. */
    *version_digit(L.l[0]) = '0' + VL_LOG_VERSION + 1;
    write_lines(path, &L, false);
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_log_peek(path, &pk, &d), VL_ERR_SCHEMA);
    ck_assert_ptr_nonnull(strstr(d.items[0].message, "newer Volley"));
    vl_diag_free(&d);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"format\":\"something-else\"}\n", f);
    fclose(f);
    vl_diag_init(&d, path);
    ck_assert_int_eq(vl_log_peek(path, &pk, &d), VL_ERR_SCHEMA);
    ck_assert_ptr_nonnull(strstr(d.items[0].message, "not a Volley game log"));
    vl_diag_free(&d);
    free_lines(&L);
    vl_log_free(&log);
    vl_scenario_free(&s);
    rm_dir(dir);
}
END_TEST

/* ---- what a person reads names things, never their ids (issue 37) ---- */

/* Every event, roll result and the game's verdict of game @p g: the number of texts that hold an
 * id of @p s (the first kept in @p where). */
static int texts_with_ids(const VlGame *g, const VlScenario *s, char *where, size_t size)
{
    int ne, nd, bad = 0;
    const VlGameEvent *e = vl_game_events(g, &ne);
    const VlDiceRoll *d = vl_game_dice(g, &nd);
    for (int i = 0; i < ne + nd; i++) {
        const char *text = i < ne ? e[i].text : d[i - ne].result;
        const char *id = tu_id_in(s, text);
        if (id && bad++ == 0)
            snprintf(where, size, "\"%s\" in \"%s\"", id, text);
    }
    const char *why;
    if (vl_game_over(g, NULL, &why) && tu_id_in(s, why) && bad++ == 0)
        snprintf(where, size, "the verdict \"%s\"", why);
    return bad;
}

/* A whole game of each shipped scenario by the random players, and its replay: no event, roll or
 * verdict text names a unit, brigade, feature or objective by its id; with vl_scenario_label_by_ids
 * (volley replay --ids) the same replay does, which shows the check can see them. */
START_TEST(the_texts_of_a_whole_game_name_units_not_ids)
{
    static const char *const names[] = {"tutorial", "brigade-action", "full-battle"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        char path[512];
        snprintf(path, sizeof path, VL_SOURCE_ROOT "/scenarios/%s.json", names[k]);
        VlScenario s;
        load_scenario(path, &s);
        VlRuleOptions opt = vl_rule_options_default();
        VlGame *g = vl_game_create(&s, 11, &opt);
        VlLog log;
        vl_log_init(&log, &s, 11, &opt);
        VlRng players[2];
        seed_players(players, 11);
        play(g, &log, players, 0);
        int ne;
        vl_game_events(g, &ne);
        ck_assert_msg(ne > 50, "%s: a whole game has only %d events", names[k], ne);
        char where[400] = "";
        int bad = texts_with_ids(g, &s, where, sizeof where);
        ck_assert_msg(bad == 0, "%s: %d texts name an id, first %s", names[k], bad, where);
        vl_game_destroy(g);
        /* The replay, once by names and once by ids. */
        for (int ids = 0; ids < 2; ids++) {
            if (ids)
                vl_scenario_label_by_ids(&s);
            VlGame *r = NULL;
            VlReplayResult res;
            ck_assert_int_eq(vl_log_replay(&log, &s, &r, &res), VL_OK);
            bad = texts_with_ids(r, &s, where, sizeof where);
            if (ids)
                ck_assert_msg(bad > 50, "%s: with --ids only %d texts name an id", names[k], bad);
            else
                ck_assert_msg(bad == 0, "%s replayed: %d texts name an id, first %s", names[k], bad, where);
            vl_game_destroy(r);
        }
        vl_log_free(&log);
        vl_scenario_free(&s);
    }
}
END_TEST

/* The computer commander's reasons (the plan card, volley sim --explain) name units too: a whole
 * game of the tutorial, the easy commander on both sides. */
START_TEST(the_commanders_reasons_name_units_not_ids)
{
    VlScenario s;
    load_scenario(VL_SOURCE_ROOT "/scenarios/tutorial.json", &s);
    VlRuleOptions opt = vl_rule_options_default();
    VlGame *g = vl_game_create(&s, 5, &opt);
    VlRng players[2];
    seed_players(players, 5);
    VlAiPlan *plan = malloc(sizeof *plan);
    ck_assert_ptr_nonnull(plan);
    vl_ai_plan_reset(plan);
    int reasons = 0;
    for (int phases = 0; !vl_game_over(g, NULL, NULL); phases++) {
        ck_assert_msg(phases < MAX_PHASES, "the game does not end");
        int side = vl_game_turn(g) == 0 ? s.first_side : vl_game_active_side(g);
        int from = plan->side == side && plan->turn == (vl_game_turn(g) ? vl_game_turn(g) : 1) ? plan->n : 0;
        ck_assert_int_ge(vl_ai_phase(g, NULL, &players[side], VL_AI_EASY, plan), 1);
        for (int i = from; i < plan->n && i < VL_AI_MAX_INTENTS; i++, reasons++) {
            const char *id = tu_id_in(&s, plan->items[i].reason);
            ck_assert_msg(!id, "the reason \"%s\" names %s", plan->items[i].reason, id);
        }
        for (int i = 0; i < plan->ngoals; i++) {
            const char *id = tu_id_in(&s, plan->goals[i].what);
            ck_assert_msg(!id, "the goal \"%s\" names %s", plan->goals[i].what, id);
        }
    }
    ck_assert_int_gt(reasons, 20);
    char where[400] = "";
    int bad = texts_with_ids(g, &s, where, sizeof where);
    ck_assert_msg(bad == 0, "%d texts name an id, first %s", bad, where);
    free(plan);
    vl_game_destroy(g);
    vl_scenario_free(&s);
}
END_TEST

static Suite *log_suite(void)
{
    Suite *s = suite_create("log");
    TCase *tc = tcase_create("determinism");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, a_whole_game_repeats_and_recording_leaves_it_alone);
    tcase_add_test(tc, replaying_a_recorded_game_rebuilds_it);
    tcase_add_test(tc, save_load_continue_equals_never_saving);
    tcase_add_test(tc, every_command_kind_round_trips_exactly);
    suite_add_tcase(s, tc);

    tc = tcase_create("refusals");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, an_edited_check_hash_is_the_first_divergence);
    tcase_add_test(tc, an_edited_move_distance_is_caught_by_the_next_check);
    tcase_add_test(tc, a_newer_version_is_refused);
    tcase_add_test(tc, a_damaged_line_is_refused_with_its_number);
    tcase_add_test(tc, a_missing_or_changed_scenario_is_refused);
    tcase_add_test(tc, a_shipped_scenario_is_found_by_name_wherever_volley_is);
    tcase_add_test(tc, a_version_1_save_still_loads);
    tcase_add_test(tc, the_game_refuses_split_fire_out_of_range_whatever_a_log_says);
    tcase_add_test(tc, every_field_of_the_header_is_checked);
    tcase_add_test(tc, every_field_of_a_command_is_checked);
    tcase_add_test(tc, a_pipe_a_device_a_huge_file_and_a_nul_byte_are_refused_unread);
    suite_add_tcase(s, tc);

    tc = tcase_create("saving");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, saving_replaces_the_file_whole_and_leaves_no_temporary);
    tcase_add_test(tc, peeking_reads_the_header_and_the_last_turn_only);
    tcase_add_test(tc, a_game_saved_before_its_first_command_replays);
    suite_add_tcase(s, tc);

    tc = tcase_create("texts");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, the_texts_of_a_whole_game_name_units_not_ids);
    tcase_add_test(tc, the_commanders_reasons_name_units_not_ids);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    snprintf(g_root, sizeof g_root, "/tmp/volley-test-log-XXXXXX");
    if (!mkdtemp(g_root)) {
        perror("mkdtemp");
        return 1;
    }
    int rc = tu_run(log_suite());
    rm_dir(g_root);
    return rc;
}
