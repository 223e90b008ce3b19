/* Private to src/rules: a unit in motion and what its footprint meets on the way. */
#ifndef VOLLEY_RULES_INTERNAL_H
#define VOLLEY_RULES_INTERNAL_H

#include "volley/rules.h"

#define VL_AREA_EPS 1e-9 /* square inches: less than this is touching, not overlapping */

/* Cover the target has against an attack from point @p from (D-FIRE-2): vl_cover() takes the middle
 * of the firer's front; close combat a point outside the struck face (D-CC-1, close_combat.c). */
VlCover vl_cover_from_point(const VlWorld *w, VlVec2 from, int target);

/* The unit as it moves: a copy of its pose and formation with the footprint they give. */
typedef struct Mover {
    const VlWorld *w;
    int u;
    VlPose pose;
    VlFormation form;
    bool mounted;
    VlBaseSpec spec;
    VlFootprint fp;
    /* Optional look-up lists for repeated sweeps in one area (the charge search): only these units and
     * terrain features are considered. NULL: all. */
    const int *near_units;
    int nnear_units;
    const int *near_terrain;
    int nnear_terrain;
} Mover;

void vl_mover_init(Mover *m, const VlWorld *w, int u);
void vl_mover_set(Mover *m, VlPose pose);
/* vl_mover_init then vl_mover_set(pose), without copying the footprint the set replaces. */
void vl_mover_init_at(Mover *m, const VlWorld *w, int u, VlPose pose);

/* One motion: a translation by v, or a turn of deg degrees (clockwise positive) about c. */
typedef struct Motion {
    bool turn;
    VlVec2 v;
    VlVec2 c;
    double deg;
} Motion;

/* What a motion meets. Fractions are of the motion (0 = start, 1 = end). */
typedef struct Met {
    int enemy;          /* first enemy touched (other than the one ignored), or -1 */
    double enemy_at;
    int friend_;        /* a friend passed through (positive area), or -1 */
    double friend_exit; /* translation: fraction at which it is clear of every friend entered */
    int impassable;     /* building or water entered, or -1 */
    bool off_table;
    int nrough;
    int rough[16];      /* features that make the ground rough */
} Met;

/* Sweep a motion: units (except @p ignore, e.g. a charge's target) and terrain. */
void vl_sweep_check(const Mover *m, const Motion *mo, int ignore, Met *met);
bool vl_inside_table(const VlWorld *w, VlBox b);
/* D-MOVE-2: the road a move follows (the anchor within half the road's width all the way), or -1.
 * path[k] is the pose before motion k. */
int vl_road_followed(const VlWorld *w, const VlPose *path, const Motion *motions, int nmotions);
/* Does formation f suit this unit (docs/rules-decisions.md D-SCN-3)? */
bool vl_formation_allowed(VlUnitType type, bool mounted, VlFormation f);

#endif
