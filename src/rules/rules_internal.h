/* Private to src/rules: a unit in motion and what its footprint meets on the way. */
#ifndef VOLLEY_RULES_INTERNAL_H
#define VOLLEY_RULES_INTERNAL_H

#include "volley/rules.h"

#include <pthread.h>
#include <stdint.h>

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

/* Answers asked again (memo.c): a fixed table of sets × ways answers of size bytes, each kept under
 * the whole key of what its question read, the one used longest ago in its set making room. One
 * table serves every thread under its lock; an answer is found only under a key equal word for word,
 * so it is the one the question would give (docs/architecture.md: threads share only what an answer
 * is fixed by). Declare one with VL_MEMO_INIT; it is made at the first answer kept. */
typedef struct VlMemo {
    pthread_mutex_t lock;
    int sets, ways;
    size_t size;
    unsigned char *e;
    bool failed; /* out of memory: nothing is kept */
    uint64_t clock;
} VlMemo;
#define VL_MEMO_INIT(sets, ways, size) {PTHREAD_MUTEX_INITIALIZER, (sets), (ways), (size), NULL, false, 0}

/* The answer kept under key[0..n) into *answer, or false. n <= 0: false. */
bool vl_memo_find(VlMemo *m, const uint64_t *key, int n, void *answer);
/* Keep an answer under key[0..n) (out of memory: not kept). */
void vl_memo_keep(VlMemo *m, const uint64_t *key, int n, const void *answer);
/* A double as a key word: its bits (-0 and 0, and NaNs, told apart). */
uint64_t vl_memo_double(double x);
/* Words of a key per unit (vl_memo_units). */
#define VL_MEMO_PER_UNIT 6
/* Append to key[n..cap) what a question may read of every unit whose box comes within pad of
 * region, and of units a and b wherever they are: its index, side, types, formation, weapon, bases,
 * presence, activity, mounting and pose (its footprint and box are built from these alone, by
 * vl_battlefield_add_unit and _set_unit). Returns the new length, or 0 when it would pass cap or a
 * field does not fit its bits (then the answer is not kept). */
int vl_memo_units(const VlWorld *w, VlBox region, double pad, int a, int b, uint64_t *key, int n, int cap);

#endif
