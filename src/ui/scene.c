/* Drawing the table: ground, terrain, objectives, overlays, units and the previews that explain a
 * ruling (the movement ghost, the charge path and face struck, the line of fire or what blocks it).
 * Everything is measured in inches and turned into pixels by the camera at the last moment. */
#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most tree crowns one wood draws in a frame (the part on the screen): a 1920 x 1080 window
 * at the closest zoom that draws them shows about 40000 lattice points at most. */
#define VL_UI_MAX_CROWNS 200000.0




SDL_Color vl_ui_side_color(int side, Uint8 a) { return vl_ui_rgba(side == 0 ? VL_UI_SIDE0 : VL_UI_SIDE1, a); }
SDL_Color vl_ui_side_dark(int side) { return vl_ui_rgb(side == 0 ? VL_UI_SIDE0_DARK : VL_UI_SIDE1_DARK); }

void vl_ui_to_px(const VlCamera *cam, const VlVec2 *p, int n, SDL_FPoint *out)
{
    for (int i = 0; i < n; i++)
        vl_ui_camera_to_screen(cam, p[i], &out[i].x, &out[i].y);
}

void vl_ui_world_convex(VlUiApp *app, const VlVec2 *p, int n, SDL_Color c)
{
    SDL_FPoint s[64];
    if (n > 64)
        n = 64;
    vl_ui_to_px(&app->cam, p, n, s);
    vl_ui_gfx_convex(app->r, s, n, c);
}

void vl_ui_world_outline(VlUiApp *app, const VlVec2 *p, int n, float width, bool closed, SDL_Color c, bool dashed)
{
    SDL_FPoint stack[64];
    SDL_FPoint *s = n <= 64 ? stack : malloc((size_t)n * sizeof *s);
    if (!s)
        return;
    vl_ui_to_px(&app->cam, p, n, s);
    if (dashed)
        vl_ui_gfx_dashed(app->r, s, n, width, closed, 7, 4, c);
    else
        vl_ui_gfx_polyline(app->r, s, n, width, closed, c);
    if (s != stack)
        free(s);
}

void vl_ui_world_line(VlUiApp *app, VlVec2 a, VlVec2 b, float width, SDL_Color c)
{
    float x0, y0, x1, y1;
    vl_ui_camera_to_screen(&app->cam, a, &x0, &y0);
    vl_ui_camera_to_screen(&app->cam, b, &x1, &y1);
    vl_ui_gfx_line(app->r, x0, y0, x1, y1, width, c);
}

void vl_ui_world_text(VlUiApp *app, VlVec2 p, int size, const char *s, SDL_Color c, float dy)
{
    float x, y;
    vl_ui_camera_to_screen(&app->cam, p, &x, &y);
    vl_ui_text_draw(app->text, size, s, x, y + dy, c, VL_ALIGN_CENTRE);
}

/* Text with a pale box behind it, so it reads on any ground. */
void vl_ui_boxed_text(VlUiApp *app, float x, float y, int size, const char *s, SDL_Color fg, SDL_Color bg, int align)
{
    int w, h;
    vl_ui_text_size(app->text, size, s, &w, &h);
    if (!w)
        return;
    float left = align == VL_ALIGN_CENTRE ? x - (float)w / 2 : align == VL_ALIGN_RIGHT ? x - (float)w : x;
    vl_ui_gfx_rect(app->r, left - 3, y - 1, (float)w + 6, (float)h + 2, bg);
    vl_ui_text_draw(app->text, size, s, left, y, fg, VL_ALIGN_LEFT);
}

SDL_FPoint vl_ui_px_of(const VlUiApp *app, VlVec2 p)
{
    SDL_FPoint q;
    vl_ui_camera_to_screen(&app->cam, p, &q.x, &q.y);
    return q;
}

VlVec2 vl_ui_centre_of(const VlFootprint *fp) { return vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5); }

static void free_labels(VlUiApp *app);

/* ---- terrain ---- */

void vl_ui_invalidate_table(VlUiApp *app) { app->cache.table_valid = false; }

void vl_ui_build_meshes(VlUiApp *app)
{
    vl_ui_free_meshes(app);
    vl_ui_invalidate_table(app);
    const VlScenario *s = &app->scenario;
    app->cache.mesh = calloc((size_t)(s->nterrain ? s->nterrain : 1), sizeof *app->cache.mesh);
    if (!app->cache.mesh)
        return;
    app->cache.nmesh = s->nterrain;
    for (int i = 0; i < s->nterrain; i++) {
        const VlTerrain *t = &s->terrain[i];
        if (t->type >= VL_T_AREAL_COUNT || t->npts < 3)
            continue;
        app->cache.mesh[i].tri = malloc((size_t)(3 * (t->npts - 2)) * sizeof(int));
        if (app->cache.mesh[i].tri)
            app->cache.mesh[i].ntri = vl_ui_triangulate(t->pts, t->npts, app->cache.mesh[i].tri);
    }
}

void vl_ui_free_meshes(VlUiApp *app)
{
    for (int i = 0; i < app->cache.nmesh; i++)
        free(app->cache.mesh[i].tri);
    free(app->cache.mesh);
    app->cache.mesh = NULL;
    app->cache.nmesh = 0;
    free_labels(app);
}

typedef struct TerrainStyle {
    unsigned fill, line;
    float line_px;
    bool dashed;
} TerrainStyle;

static TerrainStyle areal_style(const VlTerrain *t)
{
    switch (t->type) {
    case VL_T_WOODS: return (TerrainStyle){0x8DB574u, 0x3F6B35u, 2, false};
    case VL_T_HEAVY_WOODS: return (TerrainStyle){0x5E8C4Fu, 0x2A4A24u, 2.5f, false};
    case VL_T_ROUGH: return (TerrainStyle){0xCDBE92u, 0x8A7A50u, 1.5f, true};
    case VL_T_BUILDING: return (TerrainStyle){0x9B7B62u, 0x3E3026u, 2, false};
    case VL_T_HILL: {
        unsigned lv[4] = {0xD2C595u, 0xC4B37Du, 0xB39F68u, 0xA08A55u};
        return (TerrainStyle){lv[t->level < 1 ? 0 : t->level > 4 ? 3 : t->level - 1], 0x7A6A45u, 1.5f, false};
    }
    case VL_T_WATER: return (TerrainStyle){0x8FC1E3u, 0x3A7FB0u, 1.5f, false};
    case VL_T_ENTRENCHMENT: return (TerrainStyle){0xA99272u, 0x5A4A30u, 2.5f, false};
    default: return (TerrainStyle){0xCCCCCCu, 0x555555u, 1, false};
    }
}

static void draw_areal(VlUiApp *app, int i)
{
    const VlTerrain *t = &app->scenario.terrain[i];
    TerrainStyle st = areal_style(t);
    SDL_FPoint stack[256];
    SDL_FPoint *s = t->npts <= 256 ? stack : malloc((size_t)t->npts * sizeof *s);
    if (!s)
        return;
    vl_ui_to_px(&app->cam, t->pts, t->npts, s);
    if (i < app->cache.nmesh && app->cache.mesh[i].ntri)
        vl_ui_gfx_triangles(app->r, s, t->npts, app->cache.mesh[i].tri, 3 * app->cache.mesh[i].ntri, vl_ui_rgb(st.fill));
    if (st.dashed)
        vl_ui_gfx_dashed(app->r, s, t->npts, st.line_px, true, 6, 4, vl_ui_rgb(st.line));
    else
        vl_ui_gfx_polyline(app->r, s, t->npts, st.line_px, true, vl_ui_rgb(st.line));
    if (t->type == VL_T_WOODS || t->type == VL_T_HEAVY_WOODS) {
        /* A sprinkle of tree crowns on a fixed lattice, clipped to the polygon: woods read as woods
         * without any randomness. */
        float spacing = t->type == VL_T_HEAVY_WOODS ? 1.6f : 2.2f;
        float r = app->cam.zoom * 0.45f;
        /* Only the rows and columns on the screen, counted in integers, and at most VL_UI_MAX_CROWNS
         * lattice points: bounded whatever the feature's size (a scenario built in code skips the
         * loader's bounds), and a float step that no longer moves a huge coordinate cannot spin. */
        VlVec2 c0 = vl_ui_camera_to_world(&app->cam, -r, (float)app->height + r);
        VlVec2 c1 = vl_ui_camera_to_world(&app->cam, (float)app->width + r, -r);
        double y0 = floor(t->bounds.lo.y / spacing) * spacing, x0 = floor(t->bounds.lo.x / spacing) * spacing;
        double klo = fmax(0, floor((fmin(c0.y, c1.y) - y0) / spacing)), khi = (fmin(t->bounds.hi.y, fmax(c0.y, c1.y)) - y0) / spacing;
        double jlo = fmax(0, floor((fmin(c0.x, c1.x) - x0) / spacing) - 1), jhi = (fmin(t->bounds.hi.x, fmax(c0.x, c1.x)) - x0) / spacing;
        if (r >= 2.0f && klo <= khi && jlo <= jhi && khi < 1e9 && jhi < 1e9 &&
            (khi - klo + 1) * (jhi - jlo + 1) <= VL_UI_MAX_CROWNS) {
            SDL_Color crown = vl_ui_rgb(t->type == VL_T_HEAVY_WOODS ? 0x3F6B35u : 0x5F8E4Cu);
            for (long k = (long)klo; k <= (long)khi; k++)
                for (long j = (long)jlo; j <= (long)jhi; j++) {
                    VlVec2 p = {x0 + (double)j * spacing + (k % 2 ? spacing / 2 : 0), y0 + (double)k * spacing};
                    if (p.x > t->bounds.hi.x)
                        continue;
                    if (vl_poly_point_side(t->pts, t->npts, p) <= 0)
                        continue;
                    float sx, sy;
                    vl_ui_camera_to_screen(&app->cam, p, &sx, &sy);
                    if (sx < -r || sy < -r || sx > (float)app->width + r || sy > (float)app->height + r)
                        continue;
                    vl_ui_gfx_disc(app->r, sx, sy, r, crown);
                }
        }
    }
    if (s != stack)
        free(s);
}

static void draw_linear(VlUiApp *app, const VlTerrain *t)
{
    float w = (float)(t->width * app->cam.zoom);
    SDL_FPoint stack[256];
    SDL_FPoint *s = t->npts <= 256 ? stack : malloc((size_t)t->npts * sizeof *s);
    if (!s)
        return;
    vl_ui_to_px(&app->cam, t->pts, t->npts, s);
    switch (t->type) {
    case VL_T_ROAD:
        vl_ui_gfx_polyline(app->r, s, t->npts, fmaxf(w, 2) + 2, false, vl_ui_rgb(0x8C7550u));
        vl_ui_gfx_polyline(app->r, s, t->npts, fmaxf(w, 2), false, vl_ui_rgb(0xC2AA7Fu));
        break;
    case VL_T_STREAM: vl_ui_gfx_polyline(app->r, s, t->npts, fmaxf(w, 2), false, vl_ui_rgb(0x4A90C8u)); break;
    case VL_T_FENCE: vl_ui_gfx_dashed(app->r, s, t->npts, fmaxf(w, 2), false, 6, 3, vl_ui_rgb(0x6B4F2Au)); break;
    case VL_T_HEDGE: vl_ui_gfx_polyline(app->r, s, t->npts, fmaxf(w, 3.5f), false, vl_ui_rgb(0x2F6B2Fu)); break;
    case VL_T_WALL:
        vl_ui_gfx_polyline(app->r, s, t->npts, fmaxf(w, 3.5f), false, vl_ui_rgb(0x55575Au));
        vl_ui_gfx_polyline(app->r, s, t->npts, 1, false, vl_ui_rgb(0xA0A2A5u));
        break;
    default: break;
    }
    if (s != stack)
        free(s);
}

static VlVec2 poly_centroid(const VlVec2 *p, int n)
{
    double a = 0, cx = 0, cy = 0;
    for (int i = 0; i < n; i++) {
        VlVec2 q = p[i], r = p[(i + 1) % n];
        double c = vl_v2_cross(q, r);
        a += c;
        cx += (q.x + r.x) * c;
        cy += (q.y + r.y) * c;
    }
    if (fabs(a) < 1e-12)
        return p[0];
    return vl_v2(cx / (3 * a), cy / (3 * a));
}

static void draw_terrain(VlUiApp *app)
{
    const VlScenario *s = &app->scenario;
    /* Hills first (lowest level first), then the other areas, then lines on top. */
    for (int lv = 0; lv <= 9; lv++)
        for (int i = 0; i < s->nterrain; i++)
            if (s->terrain[i].type == VL_T_HILL && (s->terrain[i].level == lv || (lv == 9 && s->terrain[i].level > 9)))
                draw_areal(app, i);
    static const VlTerrainType order[] = {VL_T_WATER, VL_T_ROUGH, VL_T_ENTRENCHMENT, VL_T_WOODS, VL_T_HEAVY_WOODS};
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
        for (int i = 0; i < s->nterrain; i++)
            if (s->terrain[i].type == order[k])
                draw_areal(app, i);
    static const VlTerrainType lines[] = {VL_T_STREAM, VL_T_ROAD, VL_T_FENCE, VL_T_HEDGE, VL_T_WALL};
    for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++)
        for (int i = 0; i < s->nterrain; i++)
            if (s->terrain[i].type == lines[k])
                draw_linear(app, &s->terrain[i]);
    for (int i = 0; i < s->nterrain; i++)
        if (s->terrain[i].type == VL_T_BUILDING)
            draw_areal(app, i);
}

static void draw_objectives(VlUiApp *app)
{
    const VlScenario *s = &app->scenario;
    for (int i = 0; i < s->nobjectives; i++) {
        const VlObjective *o = &s->objectives[i];
        float x, y;
        vl_ui_camera_to_screen(&app->cam, o->position, &x, &y);
        float r = (float)(o->radius * app->cam.zoom);
        SDL_FPoint ring[48];
        for (int k = 0; k < 48; k++)
            ring[k] = (SDL_FPoint){x + vl_ui_snap(r * cosf((float)k * 2 * VL_UI_PI_F / 48)),
                                   y + vl_ui_snap(r * sinf((float)k * 2 * VL_UI_PI_F / 48))};
        vl_ui_gfx_convex(app->r, ring, 48, vl_ui_rgba(0xE69F00u, 40));
        vl_ui_gfx_dashed(app->r, ring, 48, 2, true, 8, 5, vl_ui_rgba(0xB07800u, 220));
        /* A five-pointed star. */
        SDL_FPoint star[10];
        float R = 7, rr = 3;
        for (int k = 0; k < 10; k++) {
            float a = -VL_UI_PI_F / 2 + (float)k * VL_UI_PI_F / 5, rad = k % 2 ? rr : R;
            star[k] = (SDL_FPoint){x + vl_ui_snap(rad * cosf(a)), y + vl_ui_snap(rad * sinf(a))};
        }
        for (int k = 0; k < 5; k++) {
            SDL_FPoint tri[3] = {{x, y}, star[2 * k], star[(2 * k + 1) % 10]};
            SDL_FPoint tri2[3] = {{x, y}, star[(2 * k + 1) % 10], star[(2 * k + 2) % 10]};
            vl_ui_gfx_convex(app->r, tri, 3, vl_ui_rgb(0xB07800u));
            vl_ui_gfx_convex(app->r, tri2, 3, vl_ui_rgb(0xB07800u));
        }
    }
}

/* ---- units ---- */

static void draw_glyph(VlUiApp *app, const VlFieldUnit *fu, VlUnitType type, SDL_Color c)
{
    const VlQuad *b = &fu->fp.box;
    float w = app->cam.zoom >= 8 ? 1.5f : 1.0f;
    if (app->cam.zoom < 3)
        return;
    switch (type) {
    case VL_INFANTRY: /* NATO: crossed diagonals */
        vl_ui_world_line(app, b->p[0], b->p[2], w, c);
        vl_ui_world_line(app, b->p[1], b->p[3], w, c);
        break;
    case VL_CAVALRY: /* NATO: one diagonal */ vl_ui_world_line(app, b->p[3], b->p[1], w, c); break;
    case VL_ARTILLERY: {
        /* NATO: a dot in the middle, drawn on the seam between guns so the bases stay clear. */
        VlVec2 m = vl_v2_lerp(b->p[0], b->p[2], 0.5);
        float x, y;
        vl_ui_camera_to_screen(&app->cam, m, &x, &y);
        double half = fu->fp.block_hw < fu->fp.block_hd ? fu->fp.block_hw : fu->fp.block_hd;
        vl_ui_gfx_disc(app->r, x, y, fmaxf(1.5f, fminf(5.0f, (float)(half * app->cam.zoom * 0.3))), c);
        break;
    }
    default: break;
    }
}

static void draw_unit(VlUiApp *app, const VlWorld *w, int u, bool selected)
{
    vl_ui_draw_unit_symbol(app, vl_world_unit(w, u), w->scenario->units[u].type, &w->units[u], vl_world_side(w, u), selected);
}

void vl_ui_draw_unit_symbol(VlUiApp *app, const VlFieldUnit *fu, VlUnitType type, const VlUnitState *st, int side, bool selected)
{
    bool general = type == VL_GENERAL;
    SDL_Color fill = vl_ui_side_color(side, 255);
    if (general)
        fill = vl_ui_rgb(side == 0 ? 0x56B4E9u : 0xF0A860u);
    if (st->routed)
        fill.a = 150;
    if (selected) {
        for (int b = 0; b < fu->fp.nbases; b++)
            vl_ui_world_outline(app, fu->fp.bases[b].p, 4, 7, true, vl_ui_rgb(VL_UI_SELECT), false);
    }
    for (int b = 0; b < fu->fp.nbases; b++)
        vl_ui_world_convex(app, fu->fp.bases[b].p, 4, fill);
    /* Outlines tell the sides apart without colour: solid for the first side, dashed for the second. */
    for (int b = 0; b < fu->fp.nbases; b++)
        vl_ui_world_outline(app, fu->fp.bases[b].p, 4, 1.5f, true, vl_ui_side_dark(side), side == 1);
    draw_glyph(app, fu, type, vl_ui_rgba(0xFFFFFFu, 200));
    if (general) {
        VlVec2 c = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5);
        float x, y;
        vl_ui_camera_to_screen(&app->cam, c, &x, &y);
        float r = vl_ui_snap(fmaxf(2.5f, (float)(fu->fp.block_hw * app->cam.zoom * 0.55)));
        SDL_FPoint d[4] = {{x, y - r}, {x + r, y}, {x, y + r}, {x - r, y}};
        vl_ui_gfx_convex(app->r, d, 4, vl_ui_side_dark(side));
    }
    if (st->routed) {
        /* Routed: a broken-through look, black stripes across the box. */
        for (int k = 1; k < 4; k++) {
            VlVec2 a = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[1], k / 4.0), b = vl_v2_lerp(fu->fp.box.p[3], fu->fp.box.p[2], k / 4.0 - 0.15);
            vl_ui_world_line(app, a, b, 2, vl_ui_rgba(0x000000u, 160));
        }
    }
    /* The front: a white edge and a facing tick from its middle. */
    vl_ui_world_line(app, fu->fp.box.p[0], fu->fp.box.p[1], 2.5f, vl_ui_rgb(0xFFFFFFu));
    float ax, ay;
    vl_ui_camera_to_screen(&app->cam, fu->pose.anchor, &ax, &ay);
    float tick = fmaxf(7.0f, app->cam.zoom * 0.6f);
    vl_ui_gfx_line(app->r, ax, ay, ax + vl_ui_snap(fu->fp.fwd.x * tick), ay - vl_ui_snap(fu->fp.fwd.y * tick), 2.5f,
                   vl_ui_side_dark(side));
}

/* ---- labels ----
 * Every label of the table (the units' names and badges, the objectives', the terrain's) goes
 * through the label placer (labels.c): none overlaps another, and those of the objectives and the
 * terrain keep off the units. The placement is worked out in pixels from the table's top-left
 * corner, so that it holds while the view pans, and made again when the zoom, the game's state or
 * the selection change. Each frame the labels under the pointer are brought forward in full. */

/* Below these zooms (px/in) a kind of label is shown only for the unit or place under the pointer
 * (and the selected unit's always). */
#define NAME_ZOOM 6.0f
#define OBJECTIVE_ZOOM 5.0f
#define TERRAIN_ZOOM 7.0f

static bool labels_room(VlUiLabels *L, int n, int nblocks)
{
    if (n > L->cap) {
        VlUiLabel *a = realloc(L->label, (size_t)n * sizeof *a);
        if (a)
            L->label = a;
        VlLabelItem *b = realloc(L->item, (size_t)n * sizeof *b);
        if (b)
            L->item = b;
        VlLabelPlace *c = realloc(L->base, (size_t)n * sizeof *c);
        if (c)
            L->base = c;
        VlLabelPlace *d = realloc(L->shown, (size_t)n * sizeof *d);
        if (d)
            L->shown = d;
        VlUiDrawnLabel *e = realloc(L->drawn, (size_t)n * sizeof *e);
        if (e)
            L->drawn = e;
        if (!a || !b || !c || !d || !e)
            return false;
        L->cap = n;
    }
    if (nblocks > L->cap_blocks) {
        VlLabelQuad *q = realloc(L->blocks, (size_t)nblocks * sizeof *q);
        if (!q)
            return false;
        L->blocks = q;
        L->cap_blocks = nblocks;
    }
    return true;
}

static void free_labels(VlUiApp *app)
{
    VlUiLabels *L = &app->cache.labels;
    free(L->label);
    free(L->item);
    free(L->base);
    free(L->shown);
    free(L->drawn);
    free(L->blocks);
    memset(L, 0, sizeof *L);
}

/* A table point in pixels from the table's top-left corner at the camera's zoom. */
static void rel_px(const VlUiApp *app, VlVec2 p, float *x, float *y)
{
    *x = (float)(p.x * app->cam.zoom);
    *y = (float)((app->scenario.height - p.y) * app->cam.zoom);
}

static VlUiLabel *new_label(VlUiLabels *L, VlUiLabelKind kind, int owner, int size, int rank, int avoid, bool focus_only)
{
    VlUiLabel *lb = &L->label[L->n];
    VlLabelItem *it = &L->item[L->n];
    memset(lb, 0, sizeof *lb);
    memset(it, 0, sizeof *it);
    lb->kind = kind;
    lb->owner = owner;
    lb->size = size;
    it->rank = rank;
    it->avoid = avoid;
    it->on_focus_only = focus_only;
    L->n++;
    return lb;
}

/* Measure the label's texts (each shorter than the one before, empty ones left out) into its item:
 * a box @p padx and @p pady bigger than the text each way. False when none has a size (no font). */
static bool measure(VlUiApp *app, VlUiLabel *lb, VlLabelItem *it, const char *const texts[], int n, float padx, float pady)
{
    int k = 0;
    for (int i = 0; i < n && k < VL_LABEL_TEXTS; i++) {
        if (!texts[i] || !texts[i][0] || (k > 0 && strlen(texts[i]) >= strlen(lb->text[k - 1])))
            continue;
        int tw, th;
        vl_ui_text_size(app->text, lb->size, texts[i], &tw, &th);
        if (tw <= 0)
            continue;
        snprintf(lb->text[k], sizeof lb->text[k], "%s", texts[i]);
        it->w[k] = (float)tw + 2 * padx;
        it->h[k] = (float)th + 2 * pady;
        k++;
    }
    it->ntexts = k;
    return k > 0;
}

static void add_spot(VlLabelItem *it, float x, float y, float fx, float fy)
{
    if (it->nspots < VL_LABEL_SPOTS)
        it->spot[it->nspots++] = (VlLabelSpot){x, y, fx, fy};
}

/* Spots round a box (x0, y0)-(x1, y1): below and above the middle first, then beside, then the
 * corners. */
static void spots_round(VlLabelItem *it, float x0, float y0, float x1, float y1, float gap)
{
    float cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    add_spot(it, cx, y1 + gap, 0.5f, 0);
    add_spot(it, cx, y0 - gap, 0.5f, 1);
    add_spot(it, x1 + gap, cy, 0, 0.5f);
    add_spot(it, x0 - gap, cy, 1, 0.5f);
    add_spot(it, x0, y1 + gap, 0, 0);
    add_spot(it, x1, y1 + gap, 1, 0);
    add_spot(it, x0, y0 - gap, 0, 1);
    add_spot(it, x1, y0 - gap, 1, 1);
    add_spot(it, x1 + gap, y1 + gap, 0, 0);
    add_spot(it, x0 - gap, y1 + gap, 1, 0);
    add_spot(it, x1 + gap, y0 - gap, 0, 1);
    add_spot(it, x0 - gap, y0 - gap, 1, 1);
}

/* A badge's words: "2 HITs", "ROUTED", "fired", "charged" in full, "2H", "R", "F", "C" short. */
typedef struct Badge {
    char full[16], brief[8];
    unsigned bg;
} Badge;

static int unit_badges(const VlUnitState *st, Badge *b)
{
    int n = 0;
    if (st->hits > 0) {
        snprintf(b[n].full, sizeof b[n].full, "%d HIT%s", st->hits, st->hits == 1 ? "" : "s");
        snprintf(b[n].brief, sizeof b[n].brief, "%dH", st->hits);
        b[n++].bg = VL_UI_BADGE_HITS;
    }
    if (st->routed)
        b[n++] = (Badge){"ROUTED", "R", VL_UI_BADGE_ROUTED};
    if (st->fired)
        b[n++] = (Badge){"fired", "F", VL_UI_BADGE_FIRED};
    if (st->charged)
        b[n++] = (Badge){"charged", "C", VL_UI_BADGE_CHARGED};
    return n;
}

#define BADGE_FONT 10

/* The badges' box: stacked in full (text 0), or in a row of short ones (text 1). */
static void badge_sizes(VlUiApp *app, const Badge *b, int n, float *w, float *h)
{
    float full_w = 0, full_h = 0, row_w = 0, row_h = 0;
    for (int i = 0; i < n; i++) {
        int tw, th;
        vl_ui_text_size(app->text, BADGE_FONT, b[i].full, &tw, &th);
        full_w = fmaxf(full_w, (float)tw + 6);
        full_h += (float)th + 2;
        vl_ui_text_size(app->text, BADGE_FONT, b[i].brief, &tw, &th);
        row_w += (float)tw + 6 + (i ? 2 : 0);
        row_h = fmaxf(row_h, (float)th + 2);
    }
    w[0] = full_w;
    h[0] = full_h;
    w[1] = row_w;
    h[1] = row_h;
}

/* Points inside a polygon for its label: @p first (when inside), then a lattice over its bounds,
 * nearest @p first first. */
static void spots_inside(VlUiApp *app, VlLabelItem *it, const VlTerrain *t, VlVec2 first)
{
    VlVec2 cand[49];
    int n = 0;
    if (vl_poly_point_side(t->pts, t->npts, first) > 0)
        cand[n++] = first;
    VlVec2 lo = t->bounds.lo, hi = t->bounds.hi;
    VlVec2 grid[48];
    int ng = 0;
    for (int j = 1; j <= 6; j++)
        for (int i = 1; i <= 6; i++) {
            VlVec2 p = {lo.x + (hi.x - lo.x) * i / 7.0, lo.y + (hi.y - lo.y) * j / 7.0};
            if (vl_poly_point_side(t->pts, t->npts, p) > 0)
                grid[ng++] = p;
        }
    /* Nearest the first spot first (a selection sort: 36 points at most). */
    for (int i = 0; i < ng; i++) {
        int best = i;
        for (int j = i + 1; j < ng; j++)
            if (vl_v2_dist(grid[j], first) < vl_v2_dist(grid[best], first))
                best = j;
        VlVec2 tmp = grid[i];
        grid[i] = grid[best];
        grid[best] = tmp;
        cand[n++] = grid[i];
    }
    for (int i = 0; i < n && it->nspots < VL_LABEL_SPOTS; i++) {
        float x, y;
        rel_px(app, cand[i], &x, &y);
        add_spot(it, x, y, 0.5f, 0.5f);
    }
}

/* Points along a path for its label: at its middle, then further out either way; the label just
 * below the line, or just above it. */
static void spots_along(VlUiApp *app, VlLabelItem *it, const VlTerrain *t)
{
    double len = 0;
    for (int i = 1; i < t->npts; i++)
        len += vl_v2_dist(t->pts[i - 1], t->pts[i]);
    if (len <= 0)
        return;
    static const double at[] = {0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9, 0.05};
    float off = fmaxf(3.0f, (float)(t->width * app->cam.zoom) / 2 + 2);
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        double want = at[k] * len, run = 0;
        for (int i = 1; i < t->npts; i++) {
            double d = vl_v2_dist(t->pts[i - 1], t->pts[i]);
            if (run + d >= want || i == t->npts - 1) {
                VlVec2 p = vl_v2_lerp(t->pts[i - 1], t->pts[i], d > 0 ? fmin(1, (want - run) / d) : 0);
                float x, y;
                rel_px(app, p, &x, &y);
                add_spot(it, x, y + off, 0.5f, 0);
                add_spot(it, x, y - off, 0.5f, 1);
                break;
            }
            run += d;
        }
    }
}

/* A unit's name without what its brackets add ("8th Illinois Cavalry (dismounted)"). */
static void base_name(const VlScenarioUnit *su, char *out, size_t size)
{
    snprintf(out, size, "%s", su->name[0] ? su->name : su->id);
    char *paren = strchr(out, '(');
    if (paren && paren > out) {
        *paren = 0;
        size_t l = strlen(out);
        while (l > 0 && out[l - 1] == ' ')
            out[--l] = 0;
    }
}

static void add_block(VlUiLabels *L, const float x[4], const float y[4]) { L->blocks[L->nblocks++] = vl_label_quad(x, y); }

/* The player's label density (D-UI-ORD-3), a bad value read as every label. */
static int label_density(const VlUiApp *app)
{
    int d = app->settings.label_density;
    return d >= 0 && d < VL_UI_LABELS_COUNT ? d : VL_UI_LABELS_ALL;
}

static void build_unit_labels(VlUiApp *app, const VlWorld *w, int u)
{
    VlUiLabels *L = &app->cache.labels;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlScenarioUnit *su = &w->scenario->units[u];
    float z = app->cam.zoom;
    float qx[4], qy[4];
    for (int k = 0; k < 4; k++)
        rel_px(app, fu->fp.box.p[k], &qx[k], &qy[k]);
    add_block(L, qx, qy);
    VlLabelBox bb = L->blocks[L->nblocks - 1].bound;
    float x0 = bb.x, y0 = bb.y, x1 = bb.x + bb.w, y1 = bb.y + bb.h;
    float cx = (x0 + x1) / 2, cy = (y0 + y1) / 2, reach = hypotf(bb.w, bb.h) / 2 + 14;
    bool focus = u == app->view.selected;
    /* With few labels, the units' names and marks wait for the pointer (the selected unit's stay). */
    bool few = label_density(app) == VL_UI_LABELS_FEW;
    /* The name: in full without what its brackets add, then shortened, then one word. */
    char full[128], brief[128], tiny[128];
    base_name(su, full, sizeof full);
    vl_label_short_name(full, su->type == VL_GENERAL, brief, sizeof brief);
    vl_label_tiny_name(full, su->type == VL_GENERAL, tiny, sizeof tiny);
    VlUiLabel *lb = new_label(L, VL_UI_LABEL_UNIT, u, z >= 14 ? 12 : 10, focus ? VL_LABEL_RANK_FOCUS : VL_LABEL_RANK_UNIT,
                              focus ? VL_LABEL_AVOID_SOFT : VL_LABEL_AVOID_HARD, !focus && (few || z < NAME_ZOOM));
    VlLabelItem *it = &L->item[L->n - 1];
    const char *texts[3] = {full, brief, tiny};
    if (!measure(app, lb, it, texts, 3, 3, 1)) {
        L->n--;
    } else {
        spots_round(it, x0, y0, x1, y1, 2);
        it->leader = true;
        it->ax = cx;
        it->ay = cy;
        it->reach = reach;
    }
    /* The badges. */
    Badge b[4];
    int nb = unit_badges(&w->units[u], b);
    if (nb == 0)
        return;
    lb = new_label(L, VL_UI_LABEL_BADGES, u, BADGE_FONT, focus ? VL_LABEL_RANK_FOCUS : VL_LABEL_RANK_BADGE, VL_LABEL_AVOID_SOFT,
                   !focus && few);
    it = &L->item[L->n - 1];
    badge_sizes(app, b, nb, it->w, it->h);
    if (it->w[0] <= 0) {
        L->n--;
        return;
    }
    snprintf(lb->text[0], sizeof lb->text[0], "%s", b[0].full);
    snprintf(lb->text[1], sizeof lb->text[1], "%s", b[0].brief);
    it->ntexts = 2;
    add_spot(it, x1 + 3, y0 - 2, 0, 0);
    add_spot(it, x0 - 3, y0 - 2, 1, 0);
    add_spot(it, x1 + 3, y1 + 2, 0, 1);
    add_spot(it, x0 - 3, y1 + 2, 1, 1);
    add_spot(it, cx, y0 - 2, 0.5f, 1);
    add_spot(it, cx, y1 + 2, 0.5f, 0);
    add_spot(it, x1 + 3, cy, 0, 0.5f);
    add_spot(it, x0 - 3, cy, 1, 0.5f);
    it->leader = true;
    it->ax = cx;
    it->ay = cy;
    it->reach = reach;
}

static void build_objective_label(VlUiApp *app, int i)
{
    VlUiLabels *L = &app->cache.labels;
    const VlObjective *o = &app->scenario.objectives[i];
    float x, y;
    rel_px(app, o->position, &x, &y);
    float sx[4] = {x - 8, x + 8, x + 8, x - 8}, sy[4] = {y - 8, y - 8, y + 8, y + 8};
    add_block(L, sx, sy); /* the star */
    const char *name = o->name[0] ? o->name : o->id;
    const char *pts = o->points == 1 ? "pt" : "pts";
    char full[160], brief[160], tiny[32], cut[128];
    snprintf(full, sizeof full, "%s (%d %s)", name, o->points, pts);
    vl_label_truncate(name, 18, cut, sizeof cut);
    snprintf(brief, sizeof brief, "%s (%d %s)", cut, o->points, pts);
    snprintf(tiny, sizeof tiny, "%d %s", o->points, pts);
    VlUiLabel *lb = new_label(L, VL_UI_LABEL_OBJECTIVE, i, 11, VL_LABEL_RANK_OBJECTIVE, VL_LABEL_AVOID_HARD,
                              app->cam.zoom < OBJECTIVE_ZOOM);
    VlLabelItem *it = &L->item[L->n - 1];
    const char *texts[3] = {full, brief, tiny};
    if (!measure(app, lb, it, texts, 3, 2, 0)) {
        L->n--;
        return;
    }
    spots_round(it, x - 7, y - 7, x + 7, y + 7, 2);
    it->leader = true;
    it->ax = x;
    it->ay = y;
    it->reach = 26;
}

static void build_terrain_label(VlUiApp *app, int i)
{
    VlUiLabels *L = &app->cache.labels;
    const VlTerrain *t = &app->scenario.terrain[i];
    bool areal = t->type < VL_T_AREAL_COUNT;
    if (t->type == VL_T_BUILDING || (!areal && (!t->name[0] || t->npts < 2)) || (areal && t->npts < 3))
        return;
    const char *name = t->name[0] ? t->name : t->id;
    char full[160], cut[128];
    if (t->type == VL_T_HILL)
        snprintf(full, sizeof full, "%s (level %d)", name, t->level);
    else
        snprintf(full, sizeof full, "%s", name);
    vl_label_truncate(name, 14, cut, sizeof cut);
    /* The terrain's names are for every label only; else they wait for the pointer. */
    VlUiLabel *lb = new_label(L, VL_UI_LABEL_TERRAIN, i, areal ? 12 : 11, VL_LABEL_RANK_TERRAIN, VL_LABEL_AVOID_HARD,
                              app->cam.zoom < TERRAIN_ZOOM || label_density(app) != VL_UI_LABELS_ALL);
    VlLabelItem *it = &L->item[L->n - 1];
    const char *texts[3] = {full, name, cut};
    if (!measure(app, lb, it, texts, 3, 1, 0)) {
        L->n--;
        return;
    }
    if (areal) {
        VlVec2 c = poly_centroid(t->pts, t->npts);
        /* A hill's name near its crest line's top, where its level reads as the hill's. */
        spots_inside(app, it, t, t->type == VL_T_HILL ? vl_v2(c.x, t->bounds.hi.y - 1.2) : c);
    } else {
        spots_along(app, it, t);
    }
    if (it->nspots == 0)
        L->n--;
}

/* What the placement depends on: the zoom, the game's state, the selection, the scenario, the font,
 * the label density. */
static uint64_t labels_key(const VlUiApp *app, const VlGame *g)
{
    struct {
        float zoom;
        uint64_t state;
        int selected, density;
        const void *scenario, *text;
        double width, height;
    } k;
    memset(&k, 0, sizeof k);
    k.zoom = app->cam.zoom;
    k.state = vl_game_hash(g);
    k.selected = app->view.selected;
    k.density = label_density(app);
    k.scenario = vl_game_world_const(g)->scenario;
    k.text = app->text;
    k.width = app->scenario.width;
    k.height = app->scenario.height;
    const unsigned char *b = (const unsigned char *)&k;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < sizeof k; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static void build_labels(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    const VlScenario *s = &app->scenario;
    VlUiLabels *L = &app->cache.labels;
    L->n = L->nblocks = 0;
    L->valid = false;
    if (!labels_room(L, 2 * w->nunits + s->nobjectives + s->nterrain + 1, w->nunits + s->nobjectives + 1))
        return;
    /* The table's own objects first in the items (equal ranks keep this order). */
    for (int i = 0; i < s->nobjectives; i++)
        build_objective_label(app, i);
    for (int u = 0; u < w->nunits; u++)
        if (vl_world_present(w, u))
            build_unit_labels(app, w, u);
    for (int i = 0; i < s->nterrain; i++)
        build_terrain_label(app, i);
    float z = app->cam.zoom;
    L->problem = (VlLabelProblem){{0, 0, (float)(s->width * z), (float)(s->height * z)}, L->blocks, L->nblocks, 2};
    vl_labels_place(&L->problem, L->item, L->n, L->base);
    L->key = labels_key(app, g);
    L->valid = true;
}

static int find_label(const VlUiLabels *L, VlUiLabelKind kind, int owner)
{
    for (int i = 0; i < L->n; i++)
        if (L->label[i].kind == kind && L->label[i].owner == owner)
            return i;
    return -1;
}

/* The place under the pointer, when no unit is: an objective (within its radius), else a terrain
 * feature (inside an area, or within a few pixels of a line). Its label index, or -1. */
static int hovered_place(const VlUiApp *app, const VlUiLabels *L)
{
    if (!vl_ui_in_rect(app->rects.map, app->mouse_x, app->mouse_y))
        return -1;
    const VlScenario *s = &app->scenario;
    VlVec2 p = vl_ui_camera_to_world(&app->cam, (float)app->mouse_x, (float)app->mouse_y);
    for (int i = 0; i < s->nobjectives; i++)
        if (vl_v2_dist(p, s->objectives[i].position) <= s->objectives[i].radius)
            return find_label(L, VL_UI_LABEL_OBJECTIVE, i);
    /* Lines before areas: a road across a hill is what the pointer is on. */
    double near = 5.0 / app->cam.zoom;
    for (int i = 0; i < s->nterrain; i++) {
        const VlTerrain *t = &s->terrain[i];
        if (t->type < VL_T_AREAL_COUNT)
            continue;
        for (int k = 1; k < t->npts; k++)
            if (vl_point_segment_dist(p, t->pts[k - 1], t->pts[k]) <= t->width / 2 + near)
                return find_label(L, VL_UI_LABEL_TERRAIN, i);
    }
    for (int i = s->nterrain - 1; i >= 0; i--) {
        const VlTerrain *t = &s->terrain[i];
        if (t->type < VL_T_AREAL_COUNT && t->type != VL_T_BUILDING && t->npts >= 3 && vl_poly_point_side(t->pts, t->npts, p) > 0)
            return find_label(L, VL_UI_LABEL_TERRAIN, i);
    }
    return -1;
}

void vl_ui_draw_badges(VlUiApp *app, const VlUnitState *st, float x, float y, bool brief)
{
    Badge bd[4];
    int nb = unit_badges(st, bd);
    for (int k = 0; k < nb; k++) {
        const char *s = brief ? bd[k].brief : bd[k].full;
        int tw, th;
        vl_ui_text_size(app->text, BADGE_FONT, s, &tw, &th);
        vl_ui_gfx_rect(app->r, x, y, (float)tw + 6, (float)th + 2, vl_ui_rgb(bd[k].bg));
        vl_ui_text_draw(app->text, BADGE_FONT, s, x + 3, y + 1, vl_ui_rgb(0xFFFFFFu), VL_ALIGN_LEFT);
        if (!brief)
            y += (float)th + 2;
        else
            x += (float)tw + 8;
    }
}

static void draw_label(VlUiApp *app, const VlWorld *w, const VlUiLabels *L, int i, float ox, float oy)
{
    const VlUiLabel *lb = &L->label[i];
    const VlLabelPlace *pl = &L->shown[i];
    /* Snapped, so that a label moves with the table by whole pixels exactly (camera.h). */
    VlLabelBox b = {vl_ui_snap(pl->box.x) + ox, vl_ui_snap(pl->box.y) + oy, vl_ui_snap(pl->box.w), vl_ui_snap(pl->box.h)};
    if (pl->leader)
        vl_ui_gfx_line(app->r, vl_ui_snap(pl->lx0) + ox, vl_ui_snap(pl->ly0) + oy, vl_ui_snap(pl->lx1) + ox,
                       vl_ui_snap(pl->ly1) + oy, 1.2f, vl_ui_rgba(VL_UI_LABEL_TEXT, 170));
    switch (lb->kind) {
    case VL_UI_LABEL_UNIT:
        vl_ui_gfx_rect(app->r, b.x, b.y, b.w, b.h, vl_ui_rgba(VL_UI_LABEL_BOX, pl->text ? 200 : 170));
        vl_ui_text_draw(app->text, lb->size, lb->text[pl->text], b.x + 3, b.y + 1, vl_ui_rgb(VL_UI_LABEL_TEXT), VL_ALIGN_LEFT);
        break;
    case VL_UI_LABEL_BADGES: vl_ui_draw_badges(app, &w->units[lb->owner], b.x, b.y, pl->text != 0); break;
    case VL_UI_LABEL_OBJECTIVE:
        vl_ui_gfx_rect(app->r, b.x, b.y, b.w, b.h, vl_ui_rgba(VL_UI_OBJECTIVE_BOX, 150));
        vl_ui_text_draw(app->text, lb->size, lb->text[pl->text], b.x + 2, b.y, vl_ui_rgb(VL_UI_OBJECTIVE_TEXT), VL_ALIGN_LEFT);
        break;
    case VL_UI_LABEL_TERRAIN: {
        bool areal = app->scenario.terrain[lb->owner].type < VL_T_AREAL_COUNT;
        vl_ui_text_draw(app->text, lb->size, lb->text[pl->text], b.x + 1, b.y,
                        areal ? vl_ui_rgba(VL_UI_TERRAIN_TEXT, 210) : vl_ui_rgba(VL_UI_LINE_TEXT, 190), VL_ALIGN_LEFT);
        break;
    }
    }
    VlUiLabels *W = &app->cache.labels;
    if (W->ndrawn < W->cap)
        W->drawn[W->ndrawn++] = (VlUiDrawnLabel){lb->kind, lb->owner, b, pl->text};
}

/* Before the table's cache is looked at: the placement made again if its key changed, then this
 * frame's, with the labels under the pointer brought forward; L->sig says what the bringing forward
 * changed (0: nothing), for the table's key. */
static void update_labels(VlUiApp *app, const VlGame *g)
{
    VlUiLabels *L = &app->cache.labels;
    L->sig = 0;
    if (!app->text)
        return;
    if (!L->valid || L->key != labels_key(app, g))
        build_labels(app, g);
    if (!L->valid)
        return;
    memcpy(L->shown, L->base, (size_t)L->n * sizeof *L->shown);
    /* The unit under the pointer: its badges, then its name in full; else the place under it. The
     * placement covers the whole table; what is brought forward goes where it can be seen. */
    VlLabelProblem seen = L->problem;
    float ox, oy;
    vl_ui_camera_to_screen(&app->cam, vl_v2(0, app->scenario.height), &ox, &oy);
    SDL_Rect m = app->rects.map;
    float x0 = fmaxf(seen.bounds.x, (float)m.x - ox), y0 = fmaxf(seen.bounds.y, (float)m.y - oy);
    float x1 = fminf(seen.bounds.x + seen.bounds.w, (float)(m.x + m.w) - ox);
    float y1 = fminf(seen.bounds.y + seen.bounds.h, (float)(m.y + m.h) - oy);
    seen.bounds = (VlLabelBox){x0, y0, fmaxf(0, x1 - x0), fmaxf(0, y1 - y0)};
    const VlWorld *w = vl_game_world_const(g);
    int hover = app->view.hover;
    if (hover >= 0 && hover < w->nunits && vl_world_present(w, hover)) {
        int badges = find_label(L, VL_UI_LABEL_BADGES, hover), name = find_label(L, VL_UI_LABEL_UNIT, hover);
        vl_labels_promote(&seen, L->item, L->n, L->shown, badges, -1);
        vl_labels_promote(&seen, L->item, L->n, L->shown, name, badges);
    } else if (app->view.gesture.kind == VL_GEST_NONE) {
        vl_labels_promote(&seen, L->item, L->n, L->shown, hovered_place(app, L), -1);
    }
    uint64_t h = 0xcbf29ce484222325ull;
    bool changed = false;
    for (int i = 0; i < L->n; i++) {
        const VlLabelPlace *a = &L->shown[i], *b = &L->base[i];
        if (a->shown == b->shown && (!a->shown || (a->text == b->text && memcmp(&a->box, &b->box, sizeof a->box) == 0)))
            continue;
        changed = true;
        const unsigned char *p = (const unsigned char *)a;
        h = (h ^ (uint64_t)(unsigned)i) * 0x100000001b3ull;
        for (size_t k = 0; k < sizeof *a; k++)
            h = (h ^ p[k]) * 0x100000001b3ull;
    }
    L->sig = changed ? (h ? h : 1) : 0;
}

/* The labels as update_labels left them, over everything else of the table's base. */
static void draw_labels(VlUiApp *app, const VlGame *g)
{
    VlUiLabels *L = &app->cache.labels;
    L->ndrawn = 0;
    if (!app->text || !L->valid)
        return;
    const VlWorld *w = vl_game_world_const(g);
    float ox, oy;
    vl_ui_camera_to_screen(&app->cam, vl_v2(0, app->scenario.height), &ox, &oy);
    L->drawn_x = ox;
    L->drawn_y = oy;
    static const VlUiLabelKind order[] = {VL_UI_LABEL_TERRAIN, VL_UI_LABEL_OBJECTIVE, VL_UI_LABEL_UNIT, VL_UI_LABEL_BADGES};
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
        for (int i = 0; i < L->n; i++)
            if (L->shown[i].shown && L->label[i].kind == order[k])
                draw_label(app, w, L, i, ox, oy);
}

/* ---- the table ---- */

/* What the table's cache depends on: the zoom (not where the camera looks: a pan copies the cache
 * shifted), the window, the game's state, the overlays on, the selection (outlined, and labelled by
 * overlay 5), the labels' placement and those brought forward under the pointer. */
static uint64_t table_key(const VlUiApp *app, const VlGame *g)
{
    struct {
        float zoom;
        SDL_Rect map;
        int w, h;
        uint64_t state;
        unsigned overlays;
        int selected;
        uint64_t labels, placement;
    } k;
    memset(&k, 0, sizeof k);
    k.zoom = app->cam.zoom;
    k.map = app->rects.map;
    k.w = app->width;
    k.h = app->height;
    k.state = vl_game_hash(g);
    for (int i = 0; i < VL_OVERLAY_COUNT; i++)
        k.overlays |= app->view.overlay[i] ? 1u << i : 0u;
    k.selected = app->view.selected;
    k.labels = app->cache.labels.sig;
    k.placement = app->cache.labels.valid ? app->cache.labels.key : 0;
    const unsigned char *b = (const unsigned char *)&k;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < sizeof k; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* Ground, terrain, objectives, the area overlays, the units, the threatened flanks and the labels:
 * everything that changes only with the camera, the game's state, the overlays on, the selection
 * and the label under the pointer. */
static void draw_base(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    const VlScenario *s = w->scenario;
    SDL_Rect clip = app->rects.map;
    SDL_RenderSetClipRect(app->r, NULL);
    SDL_RenderSetClipRect(app->r, &clip);
    vl_ui_gfx_rect(app->r, (float)clip.x, (float)clip.y, (float)clip.w, (float)clip.h, vl_ui_rgb(VL_UI_OUTSIDE));
    VlVec2 table[4] = {{0, 0}, {s->width, 0}, {s->width, s->height}, {0, s->height}};
    vl_ui_world_convex(app, table, 4, vl_ui_rgb(VL_UI_TABLE));
    /* A faint 6-inch grid to judge distances by eye. */
    if (app->cam.zoom >= 4) { /* counted in integers, at most 1000 lines each way whatever the table */
        for (int k = 1; k <= 1000 && 6.0 * k < s->width; k++)
            vl_ui_world_line(app, vl_v2(6.0 * k, 0), vl_v2(6.0 * k, s->height), 1, vl_ui_rgb(VL_UI_GRID));
        for (int k = 1; k <= 1000 && 6.0 * k < s->height; k++)
            vl_ui_world_line(app, vl_v2(0, 6.0 * k), vl_v2(s->width, 6.0 * k), 1, vl_ui_rgb(VL_UI_GRID));
    }
    draw_terrain(app);
    draw_objectives(app);
    vl_ui_world_outline(app, table, 4, 2, true, vl_ui_rgb(0x5A5340u), false);
    /* Overlays are about the table: clip them to it. */
    float tx0, ty0, tx1, ty1;
    vl_ui_camera_to_screen(&app->cam, vl_v2(0, s->height), &tx0, &ty0);
    vl_ui_camera_to_screen(&app->cam, vl_v2(s->width, 0), &tx1, &ty1);
    SDL_Rect table_px = {(int)floorf(tx0), (int)floorf(ty0), (int)ceilf(tx1 - tx0), (int)ceilf(ty1 - ty0)};
    SDL_Rect over;
    if (!SDL_IntersectRect(&table_px, &clip, &over))
        over = (SDL_Rect){clip.x, clip.y, 0, 0};
    SDL_RenderSetClipRect(app->r, &over);
    vl_ui_draw_overlays(app, g, over);
    SDL_RenderSetClipRect(app->r, &clip);
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < w->nunits; u++) {
            if (!vl_world_present(w, u))
                continue;
            /* Generals on top of their regiments. */
            if ((w->scenario->units[u].type == VL_GENERAL) != (pass == 1))
                continue;
            draw_unit(app, w, u, u == app->view.selected);
        }
    if (app->view.overlay[VL_OVERLAY_THREATS])
        vl_ui_draw_threats(app, g);
    /* The labels over all of it (those that must keep off the units are placed clear of them). */
    draw_labels(app, g);
}

bool vl_ui_window_texture(VlUiApp *app, SDL_Texture **tex, int *w, int *h, bool *failed)
{
    bool fresh = false;
    if (*tex && (*w != app->width || *h != app->height)) {
        SDL_DestroyTexture(*tex);
        *tex = NULL;
        fresh = true;
    }
    if (!*tex && !*failed) {
        *tex = SDL_CreateTexture(app->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, app->width, app->height);
        *failed = *tex == NULL;
        *w = app->width;
        *h = app->height;
        fresh = true;
    }
    return fresh;
}

/* Draw the base into the cache when its key changed or the view has left it, and say in @p src
 * which part of it is the view now; false when there is no cache to copy.
 *
 * The cache is drawn as if the window were the view grown by the margin each way: the camera's
 * viewport, the map's rectangle and the window's size are those of the texture while draw_base
 * runs, so that every part of it (the clip, the crowns kept to the screen, the overlay layer, the
 * labels) draws the margin too. A table point lands in the texture exactly the margin's corner off
 * where it lands on the screen; after a pan by whole pixels the view is that part of the texture
 * shifted by the pan. A pan by a fraction of a pixel (a zoom about the pointer, then a pan) would
 * not land on the same pixels: it draws the cache again. */
static bool cache_base(VlUiApp *app, const VlGame *g, SDL_Rect *src)
{
    VlUiTableCache *c = &app->cache;
    SDL_Rect map = app->rects.map;
    const int M = VL_UI_PAN_MARGIN;
    int tw = map.w + 2 * M, th = map.h + 2 * M;
    if (c->table_failed || map.w <= 0 || map.h <= 0)
        return false;
    uint64_t key = table_key(app, g);
    float ox, oy;
    vl_ui_camera_to_screen(&app->cam, vl_v2(0, 0), &ox, &oy);
    float dx = ox - c->table_ox, dy = oy - c->table_oy, rx = roundf(dx), ry = roundf(dy);
    bool whole = fabsf(dx - rx) < 1e-3f && fabsf(dy - ry) < 1e-3f && fabsf(rx) <= (float)M && fabsf(ry) <= (float)M;
    if (!(c->table && c->table_valid && c->table_key == key && c->table_w == tw && c->table_h == th && whole)) {
        /* A pan that left the margin goes on the same way, most likely: the cache is drawn ahead of
         * the view, which then starts at its far edge and has twice the margin to go that way. */
        bool panned_out = c->table && c->table_valid && c->table_key == key && c->table_w == tw && c->table_h == th &&
                          fabsf(dx - rx) < 1e-3f && fabsf(dy - ry) < 1e-3f;
        float bx = panned_out && fabsf(rx) > (float)M ? (rx > 0 ? (float)M : -(float)M) : 0;
        float by = panned_out && fabsf(ry) > (float)M ? (ry > 0 ? (float)M : -(float)M) : 0;
        VlCamera keep_cam = app->cam;
        int keep_w = app->width, keep_h = app->height;
        app->width = tw;
        app->height = th;
        vl_ui_window_texture(app, &c->table, &c->table_w, &c->table_h, &c->table_failed);
        bool ok = c->table && SDL_SetRenderTarget(app->r, c->table) == 0;
        if (ok) {
            app->cam.viewport = (SDL_Rect){0, 0, tw, th};
            vl_ui_camera_update(&app->cam);
            if (bx != 0 || by != 0)
                vl_ui_camera_pan(&app->cam, bx, by); /* whole pixels: every point moves by exactly that */
            app->rects.map = (SDL_Rect){0, 0, tw, th};
            c->draw_target = c->table;
            draw_base(app, g);
            c->draw_target = NULL;
            SDL_SetRenderTarget(app->r, NULL);
        }
        app->cam = keep_cam;
        app->rects.map = map;
        app->width = keep_w;
        app->height = keep_h;
        if (!ok) {
            c->table_valid = false;
            return false;
        }
        c->table_valid = true;
        c->table_key = key;
        c->table_ox = ox + bx;
        c->table_oy = oy + by;
        rx = -bx;
        ry = -by;
    }
    *src = (SDL_Rect){M - (int)rx, M - (int)ry, map.w, map.h};
    /* The labels drawn, where they are on the screen now (the computer's plan keeps clear of them). */
    VlUiLabels *L = &c->labels;
    float lx, ly;
    vl_ui_camera_to_screen(&app->cam, vl_v2(0, app->scenario.height), &lx, &ly);
    float sx = L->ndrawn ? roundf(lx - L->drawn_x) : 0, sy = L->ndrawn ? roundf(ly - L->drawn_y) : 0;
    for (int i = 0; i < L->ndrawn; i++) {
        L->drawn[i].box.x += sx;
        L->drawn[i].box.y += sy;
    }
    L->drawn_x += sx;
    L->drawn_y += sy;
    return true;
}

void vl_ui_draw_table(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    SDL_Rect clip = app->rects.map;
    update_labels(app, g);
    SDL_Rect src;
    if (cache_base(app, g, &src)) {
        SDL_RenderSetClipRect(app->r, NULL);
        SDL_SetTextureBlendMode(app->cache.table, SDL_BLENDMODE_NONE);
        SDL_RenderCopy(app->r, app->cache.table, &src, &clip);
    } else {
        draw_base(app, g);
    }
    SDL_RenderSetClipRect(app->r, NULL);
    SDL_RenderSetClipRect(app->r, &clip);
    vl_ui_draw_declared_charges(app, g);
    if (app->view.overlay[VL_OVERLAY_PLAN] && app->screen == VL_SCREEN_GAME && !app->sandbox)
        vl_ui_draw_plan(app, g);
    /* A chained order's ghost, or the one being dragged. */
    if (app->view.have_move)
        vl_ui_draw_move_preview(app, w);
    if (app->view.gesture.kind == VL_GEST_CHARGE && app->view.gesture.unit >= 0 && app->view.gesture.target < 0) {
        const VlFieldUnit *fu = vl_world_unit(w, app->view.gesture.unit);
        float x, y;
        vl_ui_camera_to_screen(&app->cam, fu->pose.anchor, &x, &y);
        vl_ui_gfx_line(app->r, x, y, app->view.gesture.lastx, app->view.gesture.lasty, 2, vl_ui_rgba(0x000000u, 160));
    }
    /* The line of fire first: the charge's face struck goes on top of the target's outline. */
    if (app->view.have_fire)
        vl_ui_draw_fire_preview(app, w, &app->view.fire);
    if (app->view.have_charge)
        vl_ui_draw_charge_preview(app, w, &app->view.charge, true);
    SDL_RenderSetClipRect(app->r, NULL);
}
