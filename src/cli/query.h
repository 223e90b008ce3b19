/* The all-pairs geometric query behind `volley query` and `volley bench geom`. */
#ifndef VOLLEY_CLI_QUERY_H
#define VOLLEY_CLI_QUERY_H

#include "volley/volley.h"

#include <stdio.h>

typedef struct VlPairInfo {
    int from, to;
    double distance;
    bool in_primary_zone, in_artillery_arc, in_fire_corridor;
    double corridor_exposure;
    VlSight sight;
} VlPairInfo;

typedef struct VlQueryResult {
    int nunits, npairs;
    VlTerrainUnder *under;
    VlPairInfo *pairs;
} VlQueryResult;

/* Compute every unit's terrain and every ordered pair's measures. With @p explain each pair's sight
 * also has its evidence (a witness or the blockers); without, only the answer. 0 on success, -1 out
 * of memory. */
int vl_query_compute(const VlScenario *s, const VlBattlefield *bf, bool explain, VlQueryResult *r);
/* The same under optional sight rules (REP-601 blind zones); NULL is the base case. */
int vl_query_compute_ruled(const VlScenario *s, const VlBattlefield *bf, bool explain, const VlSightRules *rules,
                           VlQueryResult *r);
void vl_query_free(VlQueryResult *r);
void vl_query_print(FILE *f, const VlScenario *s, const VlBattlefield *bf, const VlQueryResult *r, bool explain);

#endif
