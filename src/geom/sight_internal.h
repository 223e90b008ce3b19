/* Private to src/geom/sight*.c: the types and functions the three parts of the line of sight share.
 * sight.c decides one pair and all pairs (the method: its head comment), sight_blind.c holds the REP-601
 * blind zones, sight_any.c the sight between any two points or units. */
#ifndef VOLLEY_SIGHT_INTERNAL_H
#define VOLLEY_SIGHT_INTERNAL_H

#include "battlefield_internal.h"

#include <stdbool.h>

/* fmin/fmax must honour NaN and so are library calls here; these are inlined. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

typedef struct Obstacle {
    const VlVec2 *p;
    int n;
    bool convex;
    VlObstacleRef ref;
    VlBox box;
} Obstacle;

#define STACK_OBSTACLES 128

typedef struct Gather {
    const VlBattlefield *bf;
    int from, to;
    VlSightFilter keep;
    void *keep_ctx;
    Obstacle *obs;
    int n, cap;
    Obstacle *heap;
} Gather;

/* REP-601: a blind zone, cut out of the target: a convex polygon (its feature and the ground it hides). */
typedef struct Mask {
    const VlVec2 *p;
    int n;
    VlBox box;
    int terrain;
    double multiple;
} Mask;

/* vl_sight_all: the units to leave out of an obstacle list that holds every unit. */
typedef struct Skip {
    int from, to;
} Skip;

typedef struct Caster {
    int terrain;
    bool hill;
    int top; /* half levels */
    const VlVec2 *hull;
    int nh;
    VlBox box;
} Caster;

typedef struct Blind {
    Caster *c;
    int nc;
    VlVec2 *hulls;    /* the casters' hulls */
    VlVec2 *work;     /* room for one caster's points twice */
    VlVec2 *pool;     /* the masks of one pair */
    Mask *masks;
    int nmasks;
    unsigned char *state; /* per caster for one pair: 0 out of play, 1 obstacle, 2 seen over */
    int *of;              /* per terrain feature: its caster, or -1 */
} Blind;

enum { CASTER_OUT, CASTER_BLOCKS, CASTER_SEEN_OVER };

typedef struct RuledGather {
    VlSightFilter keep;
    void *ctx;
    const Blind *bl;
} RuledGather;

static inline int sight_caster_of(const Blind *bl, int terrain) { return bl->of[terrain]; }

/* sight.c: the obstacles near the way, the cuts, the decision for one target block */
bool sight_push_obstacle(Gather *g, Obstacle o);
bool sight_gather_visit(int item, void *ctx);
bool sight_line_convex_interval(VlVec2 u, VlVec2 d, const VlVec2 *p, int n, double *lo, double *hi);
bool sight_segment_cut(const Obstacle *o, VlVec2 p, VlVec2 q);
void sight_add_blocker(VlSight *out, VlObstacleRef ref);
bool sight_to_block(VlVec2 f0, VlVec2 f1, const VlQuad *t, const Obstacle *all, int nall, Obstacle *near,
                    const Skip *skip, const Mask *masks, int nmasks, Mask *mk, VlSight *out);
bool sight_ruled_keep(VlObstacleRef o, void *ctx);
void sight_run(const VlBattlefield *bf, int from, int to, VlSightFilter keep, void *ctx, const Blind *bl,
               VlSight *out);

/* sight_blind.c: REP-601's casters and masks */
double sight_blind_multiple(int eye, int top, int surface);
void sight_blind_free(Blind *bl);
bool sight_blind_init(const VlBattlefield *bf, Blind *bl);
bool sight_stands_on(const VlFootprint *fp, const VlTerrain *hill);
Mask sight_make_mask(Blind *bl, const Caster *c, VlVec2 a, double k, int *used);
void sight_blind_pair(const VlBattlefield *bf, Blind *bl, int from, int eye, int surface, const bool *on_from,
                      const bool *on_to, const VlBox *reach);
void sight_blind_evidence(const VlBattlefield *bf, const Blind *bl, int from, int to, VlSight *out);
/// sight_blind_evidence for any two ends: from @p a to a target of centre @p c and these blocks.
void sight_blind_evidence_at(const Blind *bl, VlVec2 a, VlVec2 c, const VlQuad *blocks, int nblocks, VlSight *out);
void sight_hills_under(const VlBattlefield *bf, const Blind *bl, int u, bool *on);

#endif
