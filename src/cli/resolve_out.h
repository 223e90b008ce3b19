/* JSON pieces shared by the resolver commands (volley move, charge, threats): docs/resolvers-json.md. */
#ifndef VOLLEY_CLI_RESOLVE_OUT_H
#define VOLLEY_CLI_RESOLVE_OUT_H

#include "cli.h"

void ro_pose(JsonOut *j, VlPose p);
void ro_reasons(JsonOut *j, const VlWorld *w, const VlReasons *rs);
void ro_unit_list(JsonOut *j, const VlWorld *w, const int *units, int n);
void ro_feature_list(JsonOut *j, const VlWorld *w, const int *features, int n);
/* A unit's (a terrain feature's) id, or null when the index is negative: none. */
void ro_unit_or_null(JsonOut *j, const VlWorld *w, int unit);
void ro_feature_or_null(JsonOut *j, const VlWorld *w, int feature);

#endif
