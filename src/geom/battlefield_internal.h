/* Private to src/geom: the battlefield's storage and its uniform grid of sight obstacles. */
#ifndef VOLLEY_BATTLEFIELD_INTERNAL_H
#define VOLLEY_BATTLEFIELD_INTERNAL_H

#include "volley/battlefield.h"

#include <stdint.h>

/* Grid cell size in inches. A 96 x 48 table gives 24 x 12 cells; a unit's footprint covers 1 to 4. */
#define VL_GRID_CELL 4.0
/* Most cells along either side of the grid. */
#define VL_GRID_MAX_CELLS 256
/* Most terrain features plus units a battlefield holds (the scenario checker enforces it). */
#define VL_MAX_OBSTACLES 4096

/* An entry of the grid: terrain feature i is encoded as -(i + 1), unit j as j. */
typedef struct VlCell {
    int n, cap;
    int *items;
} VlCell;

struct VlBattlefield {
    double width, height;
    int nterrain, cap_terrain;
    VlTerrain *terrain;
    int nunits, cap_units;
    VlFieldUnit *units;
    double cell; /* cell size in inches */
    int gw, gh;
    VlCell *cells;
    uint64_t terrain_id; /* vl_battlefield_terrain_id */
};

/* Call fn(item, ctx) once for every obstacle (sight-blocking terrain or unit) whose bounding box
 * overlaps @p box. Returns false when fn asked to stop. */
typedef bool (*VlGridVisit)(int item, void *ctx);
bool vl_grid_visit(const VlBattlefield *bf, VlBox box, VlGridVisit fn, void *ctx);
/* The same, skipping grid cells that lie wholly outside one of @p nh half-planes (a convex region). */
bool vl_grid_visit_region(const VlBattlefield *bf, VlBox box, const VlHalfPlane *hp, int nh, VlGridVisit fn,
                          void *ctx);

#endif
