/* The volley command line: one function per subcommand, and the small JSON writer they share. */
#ifndef VOLLEY_CLI_H
#define VOLLEY_CLI_H

#include "volley/volley.h"

#include <stdio.h>

int vl_cmd_validate(int argc, char **argv);
int vl_cmd_query(int argc, char **argv);
int vl_cmd_bench(int argc, char **argv);
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

/* The words --players takes for a side in volley play (the screen's VlUiPlayer). */
#define VL_PLAYERS_HELP "human, computer (= ai:normal), ai (= ai:normal), ai:easy, ai:normal, ai:hard or random"

/* The scenario the play command opens when given none (see scenarios/README.md). */
const char *vl_default_scenario_path(void);

/* Load a scenario, printing every problem to stderr as file:line:column: path: message.
 * Returns VL_OK or the first problem's status. */
VlStatus vl_cli_load(const char *path, VlScenario *s);

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
