/**
 * @file route.h
 * @brief The computer commander's routes (internal): the way round woods, buildings, water and
 *        the lines that slow a move, over a grid of the table.
 *
 * GOR charges a whole move at the rough rate as soon as any of it touches rough ground (woods,
 * rough, entrenchments, a hill's edge, a fence, wall, hedge or stream), and buildings and water
 * cannot be entered at all (GOR-MOVE-1). A unit that heads straight for its place can spend turns
 * crawling through a wood it could have gone round. The grid here is only a planning estimate: the
 * move resolver still judges every order exactly.
 */
#ifndef VOLLEY_AI_ROUTE_H
#define VOLLEY_AI_ROUTE_H

#include "volley/world.h"

/// What the ground of each grid cell is for movement (bits).
/// VL_AI_CELL_ENEMY: near an enemy unit, which no move may touch (GOR-MOVE-2): passable at a
/// heavy cost, so that a way round is preferred while a place beside the enemy stays reachable.
enum { VL_AI_CELL_ROUGH = 1, VL_AI_CELL_BLOCKED = 2, VL_AI_CELL_EDGE = 4, VL_AI_CELL_ENEMY = 8 };

/// The table cut into square cells, each classed by the terrain at its middle.
typedef struct VlAiGround {
    int gw, gh;
    double cell;              ///< inches
    unsigned char *cls;       ///< gw * gh cells, row by row from y = 0
    const float *to_blocked;  ///< per cell: inches to the nearest blocked cell (a chamfer estimate)
    const float *to_rough;    ///< per cell: inches to the nearest rough or edge cell
    float *own;               ///< the two above, when this ground made them (else NULL: shared)
    struct VlAiStepCosts *steps; ///< what a step onto each cell costs the units routes were built for
} VlAiGround;

/// Class every cell of @p w's table by its terrain alone (no enemy marked): a new ground, which
/// depends on nothing a command changes, for vl_game_set_terrain_cache(). NULL when out of memory.
VlAiGround *vl_ai_terrain_ground_new(const VlWorld *w);
/// Free a ground from vl_ai_terrain_ground_new() (a void pointer, as the game's cache frees it).
void vl_ai_terrain_ground_free(void *g);
/// A ground of its own for @p g, as @p terrain classes the cells (a copy of its classes, to mark
/// enemies on; its distances shared, so @p terrain must outlive it). False when out of memory.
bool vl_ai_ground_from(VlAiGround *g, const VlAiGround *terrain);
void vl_ai_ground_free(VlAiGround *g);
/// Mark the cells within @p band inches of the footprint of any present, unrouted enemy of @p side
/// (commanders aside) as VL_AI_CELL_ENEMY.
void vl_ai_ground_mark_enemies(VlAiGround *g, const VlWorld *w, int side, double band);
/// True when the straight line from @p a to @p b crosses anything but open ground.
bool vl_ai_ground_obstructed(const VlAiGround *g, VlVec2 a, VlVec2 b);

/// The cost of reaching a goal from every cell, in inches of open ground. Worked out as far as it is
/// asked for: the search from the goal (Dijkstra's) stops when the cells asked about are settled and
/// goes on from there when a farther one is asked about, so that each answer is the one the whole
/// search would give. The ground it was built on must stay as it was while the route lives, and be
/// one's own (vl_ai_ground_from): it keeps the costs of steps the routes built on it work out.
typedef struct VlAiRoute {
    int gw, gh;
    double cell;
    double open, rough, clear; ///< the unit it was built for (vl_ai_route_build)
    float *d;                  ///< the costs so far: final for a cell once the search is past it
    const VlAiGround *g;       ///< the ground the search runs over
    struct VlAiStepCosts *steps; ///< what a step onto each cell costs the unit (the ground's list)
    struct VlAiRouteHeap *heap; ///< the search's open cells, cheapest first
    int nheap;
} VlAiRoute;

/// Costs to within @p radius inches of @p goal (0: its cell) for a unit that moves @p open inches a
/// turn in the open and @p rough inches a turn when the move touches rough ground (0: it cannot
/// enter rough), whose middle must keep @p clear inches from blocked ground and is slowed within
/// @p clear of rough ground (half its width: its flanks would touch it). False when out of memory.
bool vl_ai_route_build(VlAiRoute *r, const VlAiGround *g, VlVec2 goal, double radius, double open, double rough,
                       double clear);
void vl_ai_route_free(VlAiRoute *r);
/// The same costs summed along the straight line from @p a to @p b (INFINITY when it is blocked).
double vl_ai_route_straight_cost(const VlAiGround *g, VlVec2 a, VlVec2 b, double open, double rough, double clear);
/// The same for the ground alone: cells near the enemy cost nothing extra (how far the ground lets a
/// unit go, not which way it should take).
double vl_ai_ground_line_cost(const VlAiGround *g, VlVec2 a, VlVec2 b, double open, double rough, double clear);
/// The cost from point @p p (the nearest cell) to the goal; INFINITY when there is no way.
double vl_ai_route_cost(VlAiRoute *r, VlVec2 p);
/// Where to head from @p from: the farthest point down the route within @p reach inches whose
/// straight line from @p from costs no more than the route there (or the first cell, if none).
VlVec2 vl_ai_route_waypoint(VlAiRoute *r, const VlAiGround *g, VlVec2 from, double reach);

#endif
