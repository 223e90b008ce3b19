/* The volley command line: one function per subcommand (cmd_*.c), what several of them share
 * (common.c) and the small JSON writer (json_out.c). */
#ifndef VOLLEY_CLI_H
#define VOLLEY_CLI_H

#include "volley/volley.h"

#include <stdio.h>

int vl_cmd_validate(int argc, char **argv);
int vl_cmd_query(int argc, char **argv);
int vl_cmd_bench(int argc, char **argv);
/* volley bench --scale (bench_scale.c): generated battles of 50 to 400 units. */
int vl_cmd_bench_scale(int argc, char **argv);
int vl_cmd_play(int argc, char **argv);
int vl_cmd_move(int argc, char **argv);
int vl_cmd_charge(int argc, char **argv);
int vl_cmd_threats(int argc, char **argv);
int vl_cmd_rules(int argc, char **argv);
int vl_cmd_sim(int argc, char **argv);
int vl_cmd_replay(int argc, char **argv);
/* The game screen (cmd_play.c parses, src/ui/window.c opens it). scenario_path NULL opens the
 * new-game menu; argv holds the screen's options (--seed, --players, --script, --screenshot, ...). */
int vl_cmd_play_screen(const char *scenario_path, int argc, char **argv);
/* The replay viewer on the screen (volley replay LOG --view). */
int vl_cmd_replay_screen(const char *log_path, int argc, char **argv);
int vl_cmd_muster(int argc, char **argv);
/* volley edit [FILE]: the scenario editor (cmd_edit.c; src/ui/editor.c). */
int vl_cmd_edit(int argc, char **argv);
/* volley sight (cmd_sight.c): the line of sight and the tape between any two points or units. */
int vl_cmd_sight(int argc, char **argv);

/* The words --players takes for a side in volley play (the screen's VlUiPlayer). */
#define VL_PLAYERS_HELP "human, computer (= ai:normal), ai (= ai:normal), ai:easy, ai:normal, ai:hard or random"

/* The scenario the play command opens when given none (see scenarios/README.md): the data
 * folder's tutorial (data.c). NULL, the reason printed to stderr, when no data folder is found. */
const char *vl_default_scenario_path(void);
/* A scenario named on the command line: @p arg itself when such a file exists or it holds a '/';
 * else the data folder's scenarios/ARG or scenarios/ARG.json (into @p buf) when that exists; else
 * @p arg, so that loading it reports the missing file under the name the user gave. */
const char *vl_cli_scenario_path(const char *arg, char *buf, size_t size);

/* ---- common.c: what several subcommands share ---- */

/* Load a scenario (a file, or a shipped one's name: vl_cli_scenario_path), printing every problem
 * to stderr as file:line:column: path: message (escaped: vl_cli_tx); a bare name that is neither a
 * file nor a shipped scenario also gets the list of the shipped ones. Returns VL_OK or the first
 * problem's status. */
VlStatus vl_cli_load(const char *path, VlScenario *s);
/* Text from a file or the command line (names, ids, descriptions, event texts, paths, messages that
 * quote them) made safe to print on a terminal: the C0 controls and DEL as \xNN (\n, \t, \r for
 * those three), the C1 controls U+0080 to U+009F as \u0080, and bytes that are not UTF-8 as \xNN;
 * every other character as it is (the curly quote U+2019 of "Heth's Division" included). Returns
 * @p s itself when nothing needs escaping, else an escaped copy that stays valid for the next 15 calls
 * (enough for one printf). _lines keeps line breaks and tabs (a description's paragraphs). JSON
 * output needs none of this: jansson and jo_string escape controls themselves. */
const char *vl_cli_tx(const char *s);
const char *vl_cli_tx_lines(const char *s);
/* vl_diag_print with each line escaped as vl_cli_tx does (a problem's message may quote the file). */
void vl_cli_diag_print(const VlDiagList *list, FILE *f);
/* A numeric flag's word, strictly: a whole number in [lo, hi] with no trailing text, else a message
 * naming the command, the flag, the range and the word, and false (exit 2). */
bool vl_cli_int_flag(const char *cmd, const char *flag, const char *word, long lo, long hi, long *out);
/* --seed's word: digits only, 0 to 2^64-1; else a message and false. */
bool vl_cli_seed_flag(const char *cmd, const char *word, uint64_t *out);
/// The rule set of a new game of @p s: the scenario's "rules", then --rules @p rules and --option
/// @p options when given (either may be NULL), checked against what this version plays. False with
/// the reason printed ("volley CMD: ...").
bool vl_cli_rules(const char *cmd, const VlScenario *s, const char *rules, const char *options, VlRuleOptions *out);
/* Load a scenario and lay out its battlefield; prints problems and returns 1 on failure. */
int vl_cli_open_battlefield(const char *path, VlScenario *s, VlBattlefield **bf);
/* Load a scenario and make its world; prints problems and returns 1 on failure. */
int vl_cli_open_world(const char *path, VlScenario *s, VlWorld **w);
/* A unit by id, or -1 after printing which ids exist. */
int vl_cli_find_unit(const VlScenario *s, const char *path, const char *id);
/* Seconds on the monotonic clock, for timings (sim, bench). */
double vl_cli_now(void);
/* The median of v[0..n-1], n > 0; sorts v ascending. */
double vl_cli_median(double *v, int n);

/* A minimal streaming JSON writer: it tracks whether a comma is due. */
typedef struct JsonOut {
    FILE *f;
    int depth;
    bool need_comma[64];
    bool pretty;
    bool after_key;
} JsonOut;

void jo_init(JsonOut *j, FILE *f, bool pretty);
void jo_begin_object(JsonOut *j);
void jo_end_object(JsonOut *j);
void jo_begin_array(JsonOut *j);
void jo_end_array(JsonOut *j);
void jo_key(JsonOut *j, const char *key);
void jo_string(JsonOut *j, const char *s);
/* Shortest text that reads back as the same double (at least 9 significant digits when needed). */
void jo_number(JsonOut *j, double x);
void jo_int(JsonOut *j, long long x);
void jo_bool(JsonOut *j, bool b);
void jo_null(JsonOut *j);
void jo_point(JsonOut *j, VlVec2 p);
void jo_end(JsonOut *j);

#endif
