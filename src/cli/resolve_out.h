#ifndef VOLLEY_CLI_RESOLVE_OUT_H
#define VOLLEY_CLI_RESOLVE_OUT_H

#include "cli.h"

void ro_pose(JsonOut *j, VlPose p);
void ro_reasons(JsonOut *j, const VlWorld *w, const VlReasons *rs);
void ro_unit_list(JsonOut *j, const VlWorld *w, const int *units, int n);
void ro_feature_list(JsonOut *j, const VlWorld *w, const int *features, int n);
/* Load a scenario and make its world; prints problems and returns 1 on failure. */
int ro_open_world(const char *path, VlScenario *s, VlWorld **w);
/* A unit by id, or -1 after printing which ids exist. */
int ro_find_unit(const VlScenario *s, const char *path, const char *id);

/* The JSON of a movement verdict (shared with the charge command's half-charge). */
void vl_move_print(JsonOut *j, const VlWorld *w, int unit, const VlMoveVerdict *v);

#endif
