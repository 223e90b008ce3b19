/* The computer commander's routes: a grid of the table classed by its ground, and the cost of
 * reaching a place from every cell (Dijkstra over the 8 neighbours). See route.h. */
#include "route.h"

#include "volley/rules.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELL_INCHES 1.0
/* The 8 neighbours of a cell: the 4 sides first, then the 4 diagonals. */
static const int DX[8] = {1, -1, 0, 0, 1, 1, -1, -1}, DY[8] = {0, 0, 1, -1, 1, -1, 1, -1};
#define ENEMY_SLOW 6.0 /* an inch beside an enemy costs this many: in effect, go round */
#define BAND 0.75 /* a cell this near a hill's edge or a line of fence, wall, hedge or stream crosses it */

static void steps_free(struct VlAiStepCosts *s);

static double polyline_dist(VlVec2 p, const VlVec2 *pts, int n, bool closed)
{
    double best = INFINITY;
    int nseg = closed ? n : n - 1;
    for (int i = 0; i < nseg; i++)
        best = fmin(best, vl_point_segment_dist(p, pts[i], pts[(i + 1) % n]));
    return best;
}

/* Inches from each cell to the nearest cell with any of the bits of @p mask: two chamfer passes
 * (steps of one cell and of a diagonal). */
static void chamfer(const VlAiGround *g, float *d, unsigned char mask)
{
    const float s1 = (float)g->cell, s2 = (float)(g->cell * 1.41421356);
    int W = g->gw, H = g->gh;
    for (int i = 0; i < W * H; i++)
        d[i] = (g->cls[i] & mask) ? 0.0f : 1e9f;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float *c = &d[y * W + x];
            if (x > 0)
                *c = fminf(*c, d[y * W + x - 1] + s1);
            if (y > 0) {
                *c = fminf(*c, d[(y - 1) * W + x] + s1);
                if (x > 0)
                    *c = fminf(*c, d[(y - 1) * W + x - 1] + s2);
                if (x + 1 < W)
                    *c = fminf(*c, d[(y - 1) * W + x + 1] + s2);
            }
        }
    for (int y = H - 1; y >= 0; y--)
        for (int x = W - 1; x >= 0; x--) {
            float *c = &d[y * W + x];
            if (x + 1 < W)
                *c = fminf(*c, d[y * W + x + 1] + s1);
            if (y + 1 < H) {
                *c = fminf(*c, d[(y + 1) * W + x] + s1);
                if (x + 1 < W)
                    *c = fminf(*c, d[(y + 1) * W + x + 1] + s2);
                if (x > 0)
                    *c = fminf(*c, d[(y + 1) * W + x - 1] + s2);
            }
        }
}

/* The cells (clamped to the table) that box @p b grown by @p pad inches covers. */
static void cell_span(const VlAiGround *g, VlBox b, double pad, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = (int)floor((b.lo.x - pad) / g->cell);
    *y0 = (int)floor((b.lo.y - pad) / g->cell);
    *x1 = (int)ceil((b.hi.x + pad) / g->cell);
    *y1 = (int)ceil((b.hi.y + pad) / g->cell);
    *x0 = *x0 < 0 ? 0 : *x0;
    *y0 = *y0 < 0 ? 0 : *y0;
    *x1 = *x1 > g->gw - 1 ? g->gw - 1 : *x1;
    *y1 = *y1 > g->gh - 1 ? g->gh - 1 : *y1;
}

/* Class every cell of @p w's table by its terrain into @p g, which then owns all it holds. */
static bool ground_build(VlAiGround *g, const VlWorld *w)
{
    memset(g, 0, sizeof *g);
    g->cell = CELL_INCHES;
    g->gw = (int)ceil(vl_battlefield_width(w->bf) / g->cell);
    g->gh = (int)ceil(vl_battlefield_height(w->bf) / g->cell);
    if (g->gw < 1 || g->gh < 1)
        return false;
    g->cls = calloc((size_t)g->gw * (size_t)g->gh, 1);
    if (!g->cls)
        return false;
    int nt = vl_battlefield_terrain_count(w->bf);
    for (int t = 0; t < nt; t++) {
        const VlTerrain *f = vl_battlefield_terrain(w->bf, t);
        bool areal = f->type < VL_T_AREAL_COUNT;
        bool blocked = vl_terrain_impassable(f->type);
        if (!(blocked || vl_terrain_rough_area(f->type) || f->type == VL_T_HILL || vl_terrain_rough_line(f->type)) || f->npts < 2)
            continue;
        int x0, y0, x1, y1;
        cell_span(g, f->bounds, BAND + f->width, &x0, &y0, &x1, &y1);
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                VlVec2 q = {(x + 0.5) * g->cell, (y + 0.5) * g->cell};
                unsigned char *c = &g->cls[y * g->gw + x];
                if (areal && (blocked || vl_terrain_rough_area(f->type))) {
                    if (vl_poly_point_side(f->pts, f->npts, q) >= 0)
                        *c |= blocked ? VL_AI_CELL_BLOCKED : VL_AI_CELL_ROUGH;
                } else if (f->type == VL_T_HILL) {
                    if (polyline_dist(q, f->pts, f->npts, true) < BAND)
                        *c |= VL_AI_CELL_EDGE;
                } else if (!areal && polyline_dist(q, f->pts, f->npts, false) < BAND + 0.5 * f->width) {
                    *c |= VL_AI_CELL_EDGE;
                }
            }
    }
    size_t n = (size_t)g->gw * (size_t)g->gh;
    g->own = malloc(2 * n * sizeof *g->own);
    if (!g->own) {
        vl_ai_ground_free(g);
        return false;
    }
    chamfer(g, g->own, VL_AI_CELL_BLOCKED);
    chamfer(g, g->own + n, VL_AI_CELL_ROUGH | VL_AI_CELL_EDGE);
    g->to_blocked = g->own;
    g->to_rough = g->own + n;
    return true;
}

VlAiGround *vl_ai_terrain_ground_new(const VlWorld *w)
{
    VlAiGround *g = malloc(sizeof *g);
    if (g && !ground_build(g, w)) {
        free(g);
        g = NULL;
    }
    return g;
}

void vl_ai_terrain_ground_free(void *g)
{
    if (g)
        vl_ai_ground_free(g);
    free(g);
}

bool vl_ai_ground_from(VlAiGround *g, const VlAiGround *terrain)
{
    size_t n = (size_t)terrain->gw * (size_t)terrain->gh;
    *g = *terrain;
    g->own = NULL;
    g->steps = NULL;
    g->cls = malloc(n);
    if (!g->cls) {
        memset(g, 0, sizeof *g);
        return false;
    }
    memcpy(g->cls, terrain->cls, n);
    return true;
}

/* Inches: how near the band a cell's quick distance must come for the exact one to be asked. */
#define MARGIN 1e-6

void vl_ai_ground_mark_enemies(VlAiGround *g, const VlWorld *w, int side, double band)
{
    steps_free(g->steps); /* the costs of steps follow the classes */
    g->steps = NULL;
    const double lo = fmax(band - MARGIN, 0), hi = band + MARGIN;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || vl_world_side(w, u) == side || w->units[u].routed ||
            w->scenario->units[u].type == VL_GENERAL)
            continue;
        const VlFootprint *fp = &vl_world_unit(w, u)->fp;
        int x0, y0, x1, y1;
        cell_span(g, vl_footprint_bounds(fp), band, &x0, &y0, &x1, &y1);
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                unsigned char *c = &g->cls[y * g->gw + x];
                if (*c & VL_AI_CELL_ENEMY)
                    continue; /* marked for another unit already */
                VlVec2 q = {(x + 0.5) * g->cell, (y + 0.5) * g->cell};
                /* The distance to the footprint's blocks, each a rectangle along the unit's axes,
                 * decides first; vl_footprint_distance_to_convex (the same distance to the same
                 * rectangles, from their corners) only where the two could come out on different
                 * sides of the band. Each is within far less than MARGIN of the true distance on
                 * any table, so outside MARGIN of the band they agree. */
                double d2 = vl_footprint_block_dist2(fp, q);
                bool near = d2 < lo * lo ? true : d2 > hi * hi ? false : vl_footprint_distance_to_convex(fp, &q, 1) < band;
#ifdef VL_AI_MARK_VERIFY
                if (near != (vl_footprint_distance_to_convex(fp, &q, 1) < band)) {
                    fprintf(stderr, "enemy marks: the quick distance decides otherwise (unit %d)\n", u);
                    abort();
                }
#endif
                if (near)
                    *c |= VL_AI_CELL_ENEMY;
            }
    }
}

void vl_ai_ground_free(VlAiGround *g)
{
    free(g->cls);
    free(g->own);
    steps_free(g->steps);
    memset(g, 0, sizeof *g);
}

static int cell_of(int gw, int gh, double cell, VlVec2 p)
{
    int x = (int)floor(p.x / cell), y = (int)floor(p.y / cell);
    x = x < 0 ? 0 : x >= gw ? gw - 1 : x;
    y = y < 0 ? 0 : y >= gh ? gh - 1 : y;
    return y * gw + x;
}

bool vl_ai_ground_obstructed(const VlAiGround *g, VlVec2 a, VlVec2 b)
{
    double len = vl_v2_dist(a, b);
    int steps = (int)ceil(len / (0.5 * g->cell));
    for (int i = 0; i <= steps; i++)
        if (g->cls[cell_of(g->gw, g->gh, g->cell, vl_v2_lerp(a, b, steps ? (double)i / steps : 0))])
            return true;
    return false;
}

/* A binary heap of (cost, cell) for Dijkstra. */
typedef struct VlAiRouteHeap {
    float d;
    int c;
} HeapItem;

static void heap_push(HeapItem *h, int *n, HeapItem it)
{
    int i = (*n)++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (h[p].d <= it.d)
            break;
        h[i] = h[p];
        i = p;
    }
    h[i] = it;
}

static HeapItem heap_pop(HeapItem *h, int *n)
{
    HeapItem top = h[0], last = h[--(*n)];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        float md = last.d;
        if (l < *n && h[l].d < md) {
            m = l;
            md = h[l].d;
        }
        if (r < *n && h[r].d < md)
            m = r;
        if (m == i)
            break;
        h[i] = h[m];
        i = m;
    }
    if (*n > 0)
        h[i] = last;
    return top;
}

/* What an inch of each cell costs a unit, in inches of open ground (INFINITY: it cannot go there). */
typedef struct Costs {
    double slow;  /* an inch of rough ground */
    double cross; /* extra for a cell of the band along a line or a hill's edge */
    double clear; /* inches the unit's middle keeps from blocked ground */
    double enemy; /* the factor for a cell near the enemy */
} Costs;

static Costs costs_for(const VlAiGround *g, double open, double rough, double clear)
{
    Costs k;
    /* Crossing a line costs what the move loses by it, spread over the band either side of it. */
    k.slow = open > 0 && rough > 0 ? open / rough : 8.0;
    k.cross = open > 0 ? (rough > 0 ? open - rough : open) / (2 * BAND / g->cell + 1) : 0;
    k.clear = clear;
    k.enemy = ENEMY_SLOW;
    return k;
}

static double step_cost(const VlAiGround *g, const Costs *k, int c, double len)
{
    unsigned char cls = g->cls[c];
    if ((cls & VL_AI_CELL_BLOCKED) || g->to_blocked[c] < k->clear)
        return INFINITY;
    if (g->to_rough[c] < k->clear)
        cls |= VL_AI_CELL_ROUGH; /* its flanks would touch the rough */
    return len * ((cls & VL_AI_CELL_ROUGH) ? k->slow : 1.0) * ((cls & VL_AI_CELL_ENEMY) ? k->enemy : 1.0) +
           ((cls & VL_AI_CELL_EDGE) ? k->cross * len / g->cell : 0);
}

/* The cost of a step onto each cell for the units of one set of Costs (step_cost's figures, the
 * same expression on the same numbers), to the side ([2 c]) and diagonally ([2 c + 1]); NAN until
 * first asked. Worked out once for all the routes built on the ground for such units, not again for
 * each neighbour of each cell each search takes: a ground keeps a short list of them. */
typedef struct VlAiStepCosts {
    Costs k;
    double *cost;
    struct VlAiStepCosts *next;
} StepCosts;

static void steps_free(StepCosts *s)
{
    while (s) {
        StepCosts *next = s->next;
        free(s->cost);
        free(s);
        s = next;
    }
}

/* The list's entry for @p k, made if need be (NULL when out of memory). */
static StepCosts *step_costs(const VlAiGround *g, const Costs *k)
{
    StepCosts *s = g->steps;
    for (; s; s = s->next)
        if (s->k.slow == k->slow && s->k.cross == k->cross && s->k.clear == k->clear && s->k.enemy == k->enemy)
            return s;
    size_t n = (size_t)g->gw * (size_t)g->gh;
    s = malloc(sizeof *s);
    double *cost = malloc(2 * n * sizeof *cost);
    if (!s || !cost) {
        free(s);
        free(cost);
        return NULL;
    }
    for (size_t i = 0; i < 2 * n; i++)
        cost[i] = NAN;
    s->k = *k;
    s->cost = cost;
    s->next = g->steps;
    ((VlAiGround *)g)->steps = s; /* the ground's own list: routes are built on a ground of one's own */
    return s;
}

/* What a step onto cell c costs by @p s, diagonally or not. */
static inline double step_of(const VlAiGround *g, StepCosts *s, int c, bool diagonal)
{
    double *cost = &s->cost[2 * c];
    if (isnan(cost[0])) {
        cost[0] = step_cost(g, &s->k, c, 1.0 * g->cell);
        cost[1] = step_cost(g, &s->k, c, 1.41421356 * g->cell);
    }
    return cost[diagonal];
}

static double straight_cost(const VlAiGround *g, const Costs *k, VlVec2 a, VlVec2 b)
{
    double len = vl_v2_dist(a, b), sum = 0;
    int steps = (int)ceil(len / (0.5 * g->cell));
    int start = cell_of(g->gw, g->gh, g->cell, a);
    for (int i = 1; i <= steps; i++) {
        int c = cell_of(g->gw, g->gh, g->cell, vl_v2_lerp(a, b, (double)i / steps));
        if (c == start)
            continue; /* the ground it stands on now does not hold it back */
        sum += step_cost(g, k, c, len / steps);
    }
    return sum;
}

double vl_ai_route_straight_cost(const VlAiGround *g, VlVec2 a, VlVec2 b, double open, double rough, double clear)
{
    Costs k = costs_for(g, open, rough, clear);
    return straight_cost(g, &k, a, b);
}

double vl_ai_ground_line_cost(const VlAiGround *g, VlVec2 a, VlVec2 b, double open, double rough, double clear)
{
    Costs k = costs_for(g, open, rough, clear);
    k.enemy = 1.0;
    return straight_cost(g, &k, a, b);
}

bool vl_ai_route_build(VlAiRoute *r, const VlAiGround *g, VlVec2 goal, double radius, double open, double rough,
                       double clear)
{
    memset(r, 0, sizeof *r);
    r->gw = g->gw;
    r->gh = g->gh;
    r->cell = g->cell;
    r->open = open;
    r->rough = rough;
    r->clear = clear;
    r->g = g;
    Costs k = costs_for(g, open, rough, clear);
    if (!(r->steps = step_costs(g, &k)))
        return false;
    size_t n = (size_t)g->gw * (size_t)g->gh;
    r->d = malloc(n * sizeof *r->d);
    /* Each cell is pushed at most once per neighbour that lowers it: 8 n bounds the heap. */
    HeapItem *h = r->heap = malloc(8 * n * sizeof *h + sizeof *h);
    if (!r->d || !h) {
        vl_ai_route_free(r);
        return false;
    }
    for (size_t i = 0; i < n; i++)
        r->d[i] = INFINITY;
    int start = cell_of(g->gw, g->gh, g->cell, goal), nh = 0;
    r->d[start] = 0;
    heap_push(h, &nh, (HeapItem){0, start});
    /* Every cell within the radius is the goal too (an objective is held from anywhere within it). */
    int rc = (int)ceil(radius / g->cell);
    for (int y = start / g->gw - rc; rc > 0 && y <= start / g->gw + rc; y++)
        for (int x = start % g->gw - rc; x <= start % g->gw + rc; x++) {
            if (x < 0 || y < 0 || x >= g->gw || y >= g->gh)
                continue;
            int c = y * g->gw + x;
            VlVec2 q = {(x + 0.5) * g->cell, (y + 0.5) * g->cell};
            if (c != start && vl_v2_dist(q, goal) <= radius && !(g->cls[c] & VL_AI_CELL_BLOCKED)) {
                r->d[c] = 0;
                heap_push(h, &nh, (HeapItem){0, c});
            }
        }
    r->nheap = nh;
    return true;
}

/* The cost of cell c, the search run on until it is final: every cell still open costs at least
 * the heap's least, and a step adds to it, so nothing left can lower a cell that costs no more
 * than that. The cells are taken in the order the whole search takes them, so each cost is the
 * one it would give. */
static float settled_below(VlAiRoute *r, int c, float bound);

static float settled(VlAiRoute *r, int c) { return settled_below(r, c, INFINITY); }

/* The same, for a caller that asks only whether cell c costs less than @p bound: the search stops
 * as soon as it knows. Every cell still open costs at least the heap's least, so when that is
 * @p bound or more, a cell whose cost is not yet below @p bound never will be; and one that is
 * below it is final (it is no more than the heap's least). The answer is the cost, final, when it
 * is below @p bound, else some figure no lower than @p bound. */
static float settled_below(VlAiRoute *r, int c, float bound)
{
    const VlAiGround *g = r->g;
    HeapItem *h = r->heap;
    if (!h)
        return r->d[c];
    StepCosts *steps = r->steps;
    int gw = g->gw, gh = g->gh;
    size_t n = (size_t)gw * (size_t)gh;
    const int off[8] = {DX[0] + DY[0] * gw, DX[1] + DY[1] * gw, DX[2] + DY[2] * gw, DX[3] + DY[3] * gw,
                        DX[4] + DY[4] * gw, DX[5] + DY[5] * gw, DX[6] + DY[6] * gw, DX[7] + DY[7] * gw};
    int nh = r->nheap;
    while (nh > 0 && h[0].d < r->d[c] && h[0].d < bound) {
        HeapItem it = heap_pop(h, &nh);
        if (it.d > r->d[it.c])
            continue;
        int x = it.c % gw, y = it.c / gw;
        bool inside = x > 0 && y > 0 && x < gw - 1 && y < gh - 1; /* all 8 neighbours on the table */
        for (int d = 0; d < 8; d++) {
            if (!inside) {
                int nx = x + DX[d], ny = y + DY[d];
                if (nx < 0 || ny < 0 || nx >= gw || ny >= gh)
                    continue;
            }
            int nc = it.c + off[d];
            double cost = step_of(g, steps, nc, d >= 4);
            if (!(cost < INFINITY))
                continue;
            float nd = (float)(it.d + cost);
            if (nd < r->d[nc]) {
                r->d[nc] = nd;
                if (nh < (int)(8 * n))
                    heap_push(h, &nh, (HeapItem){nd, nc});
            }
        }
    }
    r->nheap = nh;
    return r->d[c];
}

void vl_ai_route_free(VlAiRoute *r)
{
    free(r->d);
    free(r->heap);
    memset(r, 0, sizeof *r);
}

double vl_ai_route_cost(VlAiRoute *r, VlVec2 p)
{
    if (!r->d)
        return INFINITY;
    return settled(r, cell_of(r->gw, r->gh, r->cell, p));
}

VlVec2 vl_ai_route_waypoint(VlAiRoute *r, const VlAiGround *g, VlVec2 from, double reach)
{
    int c = cell_of(r->gw, r->gh, r->cell, from);
    float d0 = settled(r, c);
    VlVec2 best = from, first = from;
    bool have_first = false;
    for (int guard = 0; guard < 4 * (r->gw + r->gh); guard++) {
        int x = c % r->gw, y = c / r->gw, next = -1;
        float bd = settled(r, c);
        for (int k = 0; k < 8; k++) {
            int nx = x + DX[k], ny = y + DY[k];
            if (nx < 0 || ny < 0 || nx >= r->gw || ny >= r->gh)
                continue;
            int nc = ny * r->gw + nx;
            float dn = settled_below(r, nc, bd); /* only a cheaper neighbour is taken */
            if (dn < bd) {
                bd = dn;
                next = nc;
            }
        }
        if (next < 0)
            break; /* at the goal, or no way on */
        c = next;
        VlVec2 p = {(c % r->gw + 0.5) * r->cell, (c / r->gw + 0.5) * r->cell};
        if (vl_v2_dist(from, p) > reach)
            break;
        if (!have_first && vl_v2_dist(from, p) >= 2.0) {
            first = p;
            have_first = true;
        }
        /* Straight there, at no more than the route's cost (a cell's worth of slack). */
        if (vl_ai_route_straight_cost(g, from, p, r->open, r->rough, r->clear) <= 1.05 * (d0 - r->d[c]) + g->cell)
            best = p;
    }
    return vl_v2_dist(best, from) >= 1.0 ? best : have_first ? first : best;
}
