/* The battlefield: table, terrain and units, a uniform grid over the sight obstacles, and the
 * area measures (terrain under a unit). docs/geometry.md "Terrain under a unit". */
#include "battlefield_internal.h"

#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The next terrain id: never handed out twice in a process (a 64-bit count), on any thread. */
static atomic_uint_fast64_t next_terrain_id = 1;

static uint64_t new_terrain_id(void) { return (uint64_t)atomic_fetch_add(&next_terrain_id, 1); }

uint64_t vl_battlefield_terrain_id(const VlBattlefield *bf) { return bf->terrain_id; }

VlBattlefield *vl_battlefield_create(double width, double height)
{
    VlBattlefield *bf = calloc(1, sizeof *bf);
    if (!bf)
        return NULL;
    bf->width = width;
    bf->height = height;
    bf->terrain_id = new_terrain_id();
    /* Cells of VL_GRID_CELL inches, made larger on a huge table so the grid stays small. */
    double larger = width > height ? width : height;
    bf->cell = VL_GRID_CELL;
    if (larger / bf->cell > VL_GRID_MAX_CELLS)
        bf->cell = larger / VL_GRID_MAX_CELLS;
    bf->gw = (int)ceil(width / bf->cell);
    bf->gh = (int)ceil(height / bf->cell);
    if (!(bf->gw >= 1))
        bf->gw = 1;
    if (!(bf->gh >= 1))
        bf->gh = 1;
    bf->cells = calloc((size_t)bf->gw * (size_t)bf->gh, sizeof *bf->cells);
    if (!bf->cells) {
        free(bf);
        return NULL;
    }
    return bf;
}

void vl_battlefield_destroy(VlBattlefield *bf)
{
    if (!bf)
        return;
    for (int i = 0; i < bf->nterrain; i++)
        free(bf->terrain[i].pts);
    free(bf->terrain);
    free(bf->units);
    for (int i = 0; i < bf->gw * bf->gh; i++)
        free(bf->cells[i].items);
    free(bf->cells);
    free(bf);
}

double vl_battlefield_width(const VlBattlefield *bf) { return bf->width; }
double vl_battlefield_height(const VlBattlefield *bf) { return bf->height; }
int vl_battlefield_unit_count(const VlBattlefield *bf) { return bf->nunits; }
int vl_battlefield_terrain_count(const VlBattlefield *bf) { return bf->nterrain; }
const VlFieldUnit *vl_battlefield_unit(const VlBattlefield *bf, int unit)
{
    return unit >= 0 && unit < bf->nunits ? &bf->units[unit] : NULL;
}
const VlTerrain *vl_battlefield_terrain(const VlBattlefield *bf, int index)
{
    return index >= 0 && index < bf->nterrain ? &bf->terrain[index] : NULL;
}

static int clamp_cell(double v, int n)
{
    if (!(v >= 0)) /* also NaN */
        return 0;
    if (v >= n - 1)
        return n - 1;
    return (int)floor(v);
}

/* Cells covered by a box, clamped to the grid (things off the table land in the edge cells). */
static void cell_range(const VlBattlefield *bf, VlBox b, int *x0, int *y0, int *x1, int *y1)
{
    /* Clamp in floating point first: a coordinate far off the table must not overflow an int. */
    *x0 = clamp_cell(b.lo.x / bf->cell, bf->gw);
    *y0 = clamp_cell(b.lo.y / bf->cell, bf->gh);
    *x1 = clamp_cell(b.hi.x / bf->cell, bf->gw);
    *y1 = clamp_cell(b.hi.y / bf->cell, bf->gh);
}

static bool grid_insert(VlBattlefield *bf, VlBox b, int item)
{
    int x0, y0, x1, y1;
    cell_range(bf, b, &x0, &y0, &x1, &y1);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            VlCell *c = &bf->cells[y * bf->gw + x];
            if (c->n == c->cap) {
                int cap = c->cap ? c->cap * 2 : 4;
                int *items = realloc(c->items, (size_t)cap * sizeof *items);
                if (!items)
                    return false;
                c->items = items;
                c->cap = cap;
            }
            c->items[c->n++] = item;
        }
    return true;
}

static void grid_remove(VlBattlefield *bf, VlBox b, int item)
{
    int x0, y0, x1, y1;
    cell_range(bf, b, &x0, &y0, &x1, &y1);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            VlCell *c = &bf->cells[y * bf->gw + x];
            for (int k = 0; k < c->n; k++)
                if (c->items[k] == item) {
                    c->items[k] = c->items[--c->n];
                    break;
                }
        }
}

bool vl_grid_visit(const VlBattlefield *bf, VlBox box, VlGridVisit fn, void *ctx)
{
    return vl_grid_visit_region(bf, box, NULL, 0, fn, ctx);
}

bool vl_grid_visit_region(const VlBattlefield *bf, VlBox box, const VlHalfPlane *hp, int nh, VlGridVisit fn,
                          void *ctx)
{
    /* One bit per obstacle so that an obstacle spanning many cells is visited once. */
    uint64_t seen[(VL_MAX_OBSTACLES + 63) / 64];
    memset(seen, 0, (size_t)((bf->nterrain + bf->nunits + 63) / 64) * sizeof seen[0]);
    int x0, y0, x1, y1;
    cell_range(bf, box, &x0, &y0, &x1, &y1);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            const VlCell *c = &bf->cells[y * bf->gw + x];
            if (c->n == 0)
                continue;
            /* A cell wholly outside one half-plane holds nothing of the region. The edge cells also
             * hold what lies off the table, so only inner cells are skipped. */
            if (nh > 0 && x > 0 && y > 0 && x < bf->gw - 1 && y < bf->gh - 1) {
                const double h = 0.5 * bf->cell, r = h * 1.4142135623730951;
                VlVec2 centre = {(x + 0.5) * bf->cell, (y + 0.5) * bf->cell};
                bool out = false;
                for (int i = 0; i < nh && !out; i++)
                    out = vl_v2_dot(hp[i].n, centre) - hp[i].c < -r - VL_EPS;
                if (out)
                    continue;
            }
            for (int k = 0; k < c->n; k++) {
                int item = c->items[k];
                int bit = item < 0 ? bf->nunits + (-item - 1) : item; /* units first, then terrain */
                if (seen[bit >> 6] & (1ull << (bit & 63)))
                    continue;
                seen[bit >> 6] |= 1ull << (bit & 63);
                VlBox ob = item < 0 ? bf->terrain[-item - 1].bounds : bf->units[item].bounds;
                if (vl_box_overlap(ob, box, VL_EPS) && !fn(item, ctx))
                    return false;
            }
        }
    return true;
}

int vl_battlefield_add_terrain(VlBattlefield *bf, const VlTerrain *t)
{
    if (bf->nterrain + bf->nunits >= VL_MAX_OBSTACLES)
        return -1;
    if (bf->nterrain == bf->cap_terrain) {
        int cap = bf->cap_terrain ? bf->cap_terrain * 2 : 16;
        VlTerrain *arr = realloc(bf->terrain, (size_t)cap * sizeof *arr);
        if (!arr)
            return -1;
        bf->terrain = arr;
        bf->cap_terrain = cap;
    }
    VlTerrain copy = *t;
    copy.pts = malloc((size_t)(t->npts > 0 ? t->npts : 1) * sizeof *copy.pts);
    if (!copy.pts)
        return -1;
    memcpy(copy.pts, t->pts, (size_t)t->npts * sizeof *copy.pts);
    copy.bounds = vl_box_of_points(copy.pts, copy.npts);
    copy.convex = copy.npts >= 3 && vl_poly_is_convex(copy.pts, copy.npts);
    int index = bf->nterrain;
    if (t->type < VL_T_AREAL_COUNT && vl_terrain_blocks_sight(t->type) && !grid_insert(bf, copy.bounds, -(index + 1))) {
        free(copy.pts);
        return -1;
    }
    bf->terrain[bf->nterrain++] = copy;
    bf->terrain_id = new_terrain_id(); /* other terrain now */
    return index;
}

int vl_battlefield_add_unit(VlBattlefield *bf, VlPose pose, VlUnitType type, VlFormation form, VlWeapon weapon,
                            VlBaseSpec spec)
{
    if (bf->nterrain + bf->nunits >= VL_MAX_OBSTACLES)
        return -1;
    if (bf->nunits == bf->cap_units) {
        int cap = bf->cap_units ? bf->cap_units * 2 : 32;
        VlFieldUnit *arr = realloc(bf->units, (size_t)cap * sizeof *arr);
        if (!arr)
            return -1;
        bf->units = arr;
        bf->cap_units = cap;
    }
    VlFieldUnit *u = &bf->units[bf->nunits];
    memset(u, 0, sizeof *u);
    u->pose = pose;
    u->type = type;
    u->formation = form;
    u->weapon = weapon;
    u->spec = spec;
    vl_footprint_build(&u->fp, pose, form, spec);
    u->bounds = vl_footprint_bounds(&u->fp);
    u->active = true;
    if (!grid_insert(bf, u->bounds, bf->nunits))
        return -1;
    return bf->nunits++;
}

void vl_battlefield_set_unit(VlBattlefield *bf, int unit, VlPose pose, VlFormation form)
{
    if (unit < 0 || unit >= bf->nunits)
        return;
    VlFieldUnit *u = &bf->units[unit];
    if (u->active)
        grid_remove(bf, u->bounds, unit);
    u->pose = pose;
    u->formation = form;
    vl_footprint_build(&u->fp, pose, form, u->spec);
    u->bounds = vl_footprint_bounds(&u->fp);
    if (!u->active)
        return;
    /* A failed insert can only be out of memory; the unit then stays out of the grid's sight
     * look-ups, which is reported nowhere else, so keep trying to grow is not possible here. */
    (void)grid_insert(bf, u->bounds, unit);
}

/* ---- Area of a rectangle covered by a union of polygons (exact slab sweep) ---- */

/* A polygon in the rectangle's local frame: s along the width, t along the depth. */
typedef struct LocalPoly {
    const VlVec2 *pts; /* table coordinates */
    int n;
} LocalPoly;

typedef struct Frame {
    VlVec2 o, us, ut;
    double w, d;
} Frame;

static VlVec2 to_local(const Frame *fr, VlVec2 p)
{
    VlVec2 q = vl_v2_sub(p, fr->o);
    return (VlVec2){vl_v2_dot(q, fr->us), vl_v2_dot(q, fr->ut)};
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Scratch for one sweep; sized for the polygons that overlap one rectangle. */
typedef struct Sweep Sweep;
static bool push_raw(Sweep *sw, double s);

struct Sweep {
    VlVec2 *loc; /* all local vertices, polygon after polygon */
    int *start;  /* start[k]..start[k+1]-1 are polygon k's vertices */
    int npoly, nv;
    double *ev;
    int nev, cap_ev;
    double *iv; /* intervals at one slab */
    int cap_iv;
};

/* Record a slab boundary at s when it falls strictly inside (0, w). */
static bool push_event(Sweep *sw, double s, double w)
{
    if (!(s > 0 && s < w))
        return true;
    return push_raw(sw, s);
}

static bool push_raw(Sweep *sw, double s)
{
    if (sw->nev == sw->cap_ev) {
        int cap = sw->cap_ev ? sw->cap_ev * 2 : 64;
        double *ev = realloc(sw->ev, (size_t)cap * sizeof *ev);
        if (!ev)
            return false;
        sw->ev = ev;
        sw->cap_ev = cap;
    }
    sw->ev[sw->nev++] = s;
    return true;
}

/* Covered length of the vertical line s = sm inside [0, d], over the union of all polygons. */
static double covered_length(Sweep *sw, double sm, double d)
{
    int niv = 0;
    for (int k = 0; k < sw->npoly; k++) {
        const VlVec2 *p = sw->loc + sw->start[k];
        int n = sw->start[k + 1] - sw->start[k];
        double ts[256];
        int nt = 0;
        for (int i = 0, j = n - 1; i < n; j = i++) {
            if ((p[i].x > sm) != (p[j].x > sm) && nt < 256)
                ts[nt++] = p[j].y + (sm - p[j].x) * (p[i].y - p[j].y) / (p[i].x - p[j].x);
        }
        qsort(ts, (size_t)nt, sizeof ts[0], cmp_double);
        for (int i = 0; i + 1 < nt; i += 2) {
            double lo = fmax(ts[i], 0.0), hi = fmin(ts[i + 1], d);
            if (hi > lo && niv + 2 <= sw->cap_iv) {
                sw->iv[niv++] = lo;
                sw->iv[niv++] = hi;
            }
        }
    }
    qsort(sw->iv, (size_t)niv / 2, 2 * sizeof(double), cmp_double);
    double total = 0, clo = 0, chi = -1;
    for (int i = 0; i < niv; i += 2) {
        if (sw->iv[i] > chi) {
            if (chi > clo)
                total += chi - clo;
            clo = sw->iv[i];
            chi = sw->iv[i + 1];
        } else if (sw->iv[i + 1] > chi) {
            chi = sw->iv[i + 1];
        }
    }
    if (chi > clo)
        total += chi - clo;
    return total;
}

/* Area of the rectangle q (FL, FR, RR, RL) covered by the union of the selected polygons. The covered
 * length of a vertical line is linear in s between events (vertices, crossings of two edges, and
 * crossings of an edge with the rectangle's long sides), so the midpoint rule is exact per slab. */
static double rect_cover_area(const VlBattlefield *bf, const VlQuad *q, unsigned mask)
{
    Frame fr;
    fr.o = q->p[0];
    VlVec2 es = vl_v2_sub(q->p[1], q->p[0]), et = vl_v2_sub(q->p[3], q->p[0]);
    fr.w = vl_v2_len(es);
    fr.d = vl_v2_len(et);
    if (fr.w <= 0 || fr.d <= 0)
        return 0;
    fr.us = vl_v2_scale(es, 1.0 / fr.w);
    fr.ut = vl_v2_scale(et, 1.0 / fr.d);
    VlBox qb = vl_box_of_points(q->p, 4);

    Sweep sw = {0};
    int nsel = 0, nvtx = 0;
    for (int i = 0; i < bf->nterrain; i++) {
        const VlTerrain *t = &bf->terrain[i];
        if (t->type < VL_T_AREAL_COUNT && (mask & (1u << t->type)) && vl_box_overlap(t->bounds, qb, 0)) {
            nsel++;
            nvtx += t->npts;
        }
    }
    if (nsel == 0)
        return 0;
    sw.loc = malloc((size_t)nvtx * sizeof *sw.loc);
    sw.start = malloc((size_t)(nsel + 1) * sizeof *sw.start);
    sw.cap_iv = 2 * nvtx + 2;
    sw.iv = malloc((size_t)sw.cap_iv * sizeof *sw.iv);
    double area = 0;
    if (!sw.loc || !sw.start || !sw.iv)
        goto out;
    for (int i = 0; i < bf->nterrain; i++) {
        const VlTerrain *t = &bf->terrain[i];
        if (!(t->type < VL_T_AREAL_COUNT && (mask & (1u << t->type)) && vl_box_overlap(t->bounds, qb, 0)))
            continue;
        sw.start[sw.npoly] = sw.nv;
        for (int k = 0; k < t->npts; k++)
            sw.loc[sw.nv++] = to_local(&fr, t->pts[k]);
        sw.npoly++;
    }
    sw.start[sw.npoly] = sw.nv;

    bool ok = true;
    for (int k = 0; k < sw.npoly && ok; k++) {
        const VlVec2 *p = sw.loc + sw.start[k];
        int n = sw.start[k + 1] - sw.start[k];
        for (int i = 0; i < n && ok; i++) {
            VlVec2 a = p[i], b = p[(i + 1) % n];
            ok = push_event(&sw, a.x, fr.w);
            /* Crossings with the rectangle's sides t = 0 and t = d. */
            for (int side = 0; side < 2 && ok; side++) {
                double tl = side ? fr.d : 0.0;
                if ((a.y > tl) != (b.y > tl))
                    ok = push_event(&sw, a.x + (tl - a.y) * (b.x - a.x) / (b.y - a.y), fr.w);
            }
            /* Crossings with the edges of the other polygons. */
            for (int k2 = k + 1; k2 < sw.npoly && ok; k2++) {
                const VlVec2 *p2 = sw.loc + sw.start[k2];
                int n2 = sw.start[k2 + 1] - sw.start[k2];
                for (int j = 0; j < n2 && ok; j++) {
                    VlVec2 c = p2[j], d = p2[(j + 1) % n2];
                    VlVec2 r = vl_v2_sub(b, a), s = vl_v2_sub(d, c);
                    double den = vl_v2_cross(r, s);
                    if (den == 0)
                        continue;
                    double tt = vl_v2_cross(vl_v2_sub(c, a), s) / den;
                    double uu = vl_v2_cross(vl_v2_sub(c, a), r) / den;
                    if (tt >= 0 && tt <= 1 && uu >= 0 && uu <= 1)
                        ok = push_event(&sw, a.x + tt * r.x, fr.w);
                }
            }
        }
    }
    if (!ok)
        goto out;
    /* The rectangle's own ends bound the first and last slab. */
    if (!push_raw(&sw, 0) || !push_raw(&sw, fr.w))
        goto out;
    qsort(sw.ev, (size_t)sw.nev, sizeof *sw.ev, cmp_double);
    for (int i = 0; i + 1 < sw.nev; i++) {
        double s0 = fmax(sw.ev[i], 0), s1 = fmin(sw.ev[i + 1], fr.w);
        if (s1 <= s0)
            continue;
        area += (s1 - s0) * covered_length(&sw, 0.5 * (s0 + s1), fr.d);
    }
out:
    free(sw.loc);
    free(sw.start);
    free(sw.iv);
    free(sw.ev);
    return area;
}

double vl_terrain_cover_area(const VlBattlefield *bf, const VlFootprint *fp, unsigned type_mask)
{
    double a = 0;
    for (int i = 0; i < fp->nblocks; i++)
        a += rect_cover_area(bf, &fp->blocks[i], type_mask);
    return a;
}

void vl_terrain_under(const VlBattlefield *bf, const VlFootprint *fp, VlTerrainUnder *out)
{
    memset(out, 0, sizeof *out);
    double total = vl_footprint_area(fp);
    if (total <= 0) {
        out->open = 1;
        return;
    }
    for (int t = 0; t < VL_T_AREAL_COUNT; t++)
        out->fraction[t] = vl_terrain_cover_area(bf, fp, 1u << t) / total;
    double any = vl_terrain_cover_area(bf, fp, (1u << VL_T_AREAL_COUNT) - 1) / total;
    out->open = any >= 1 ? 0 : 1 - any;
}

void vl_battlefield_set_active(VlBattlefield *bf, int unit, bool active)
{
    if (unit < 0 || unit >= bf->nunits || bf->units[unit].active == active)
        return;
    VlFieldUnit *u = &bf->units[unit];
    if (active)
        (void)grid_insert(bf, u->bounds, unit);
    else
        grid_remove(bf, u->bounds, unit);
    u->active = active;
}

VlBattlefield *vl_battlefield_clone(const VlBattlefield *src)
{
    VlBattlefield *bf = vl_battlefield_create(src->width, src->height);
    if (!bf)
        return NULL;
    for (int i = 0; i < src->nterrain; i++)
        if (vl_battlefield_add_terrain(bf, &src->terrain[i]) < 0)
            goto fail;
    bf->terrain_id = src->terrain_id; /* the same table and terrain, copied feature by feature */
    for (int i = 0; i < src->nunits; i++) {
        const VlFieldUnit *u = &src->units[i];
        if (vl_battlefield_add_unit(bf, u->pose, u->type, u->formation, u->weapon, u->spec) < 0)
            goto fail;
        vl_battlefield_set_active(bf, i, u->active);
    }
    return bf;
fail:
    vl_battlefield_destroy(bf);
    return NULL;
}
