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

static void draw_terrain_labels(VlUiApp *app)
{
    const VlScenario *s = &app->scenario;
    if (app->cam.zoom < 7)
        return;
    for (int i = 0; i < s->nterrain; i++) {
        const VlTerrain *t = &s->terrain[i];
        char label[160];
        const char *name = t->name[0] ? t->name : t->id;
        if (t->type == VL_T_HILL)
            snprintf(label, sizeof label, "%s (level %d)", name, t->level);
        else if (t->type == VL_T_BUILDING || t->type >= VL_T_AREAL_COUNT)
            continue;
        else
            snprintf(label, sizeof label, "%s", name);
        VlVec2 c = t->type == VL_T_HILL ? vl_v2(poly_centroid(t->pts, t->npts).x, t->bounds.hi.y - 1.2)
                                        : poly_centroid(t->pts, t->npts);
        vl_ui_world_text(app, c, 12, label, vl_ui_rgba(0x3A3320u, 200), -22); /* above an objective's label */
    }
    /* Linear features: the name at the middle of the path, when zoomed in. */
    if (app->cam.zoom < 12)
        return;
    for (int i = 0; i < s->nterrain; i++) {
        const VlTerrain *t = &s->terrain[i];
        if (t->type < VL_T_AREAL_COUNT || t->npts < 2 || !t->name[0])
            continue;
        VlVec2 mid = vl_v2_lerp(t->pts[t->npts / 2 - (t->npts % 2 == 0)], t->pts[t->npts / 2], 0.5);
        vl_ui_world_text(app, mid, 11, t->name, vl_ui_rgba(0x2B2B2Bu, 170), 4);
    }
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
            ring[k] = (SDL_FPoint){x + r * cosf((float)k * 2 * VL_UI_PI_F / 48), y + r * sinf((float)k * 2 * VL_UI_PI_F / 48)};
        vl_ui_gfx_convex(app->r, ring, 48, vl_ui_rgba(0xE69F00u, 40));
        vl_ui_gfx_dashed(app->r, ring, 48, 2, true, 8, 5, vl_ui_rgba(0xB07800u, 220));
        /* A five-pointed star. */
        SDL_FPoint star[10];
        float R = 7, rr = 3;
        for (int k = 0; k < 10; k++) {
            float a = -VL_UI_PI_F / 2 + (float)k * VL_UI_PI_F / 5, rad = k % 2 ? rr : R;
            star[k] = (SDL_FPoint){x + rad * cosf(a), y + rad * sinf(a)};
        }
        for (int k = 0; k < 5; k++) {
            SDL_FPoint tri[3] = {{x, y}, star[2 * k], star[(2 * k + 1) % 10]};
            SDL_FPoint tri2[3] = {{x, y}, star[(2 * k + 1) % 10], star[(2 * k + 2) % 10]};
            vl_ui_gfx_convex(app->r, tri, 3, vl_ui_rgb(0xB07800u));
            vl_ui_gfx_convex(app->r, tri2, 3, vl_ui_rgb(0xB07800u));
        }
        if (app->cam.zoom >= 6) {
            char label[160];
            snprintf(label, sizeof label, "%s (%d pt%s)", o->name[0] ? o->name : o->id, o->points, o->points == 1 ? "" : "s");
            vl_ui_text_draw(app->text, 11, label, x, y + 8, vl_ui_rgb(0x6B4A00u), VL_ALIGN_CENTRE);
        }
    }
}

/* ---- units ---- */

static void short_name(const VlScenarioUnit *su, char *out, size_t size)
{
    const char *n = su->name[0] ? su->name : su->id;
    snprintf(out, size, "%s", n);
    char *paren = strchr(out, '(');
    if (paren && paren > out) {
        *paren = 0;
        size_t l = strlen(out);
        while (l > 0 && out[l - 1] == ' ')
            out[--l] = 0;
    }
    if (strlen(out) > 26)
        strcpy(out + 23, "...");
}

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
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlUnitState *st = &w->units[u];
    int side = vl_world_side(w, u);
    bool general = su->type == VL_GENERAL;
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
    draw_glyph(app, fu, su->type, vl_ui_rgba(0xFFFFFFu, 200));
    if (general) {
        VlVec2 c = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5);
        float x, y;
        vl_ui_camera_to_screen(&app->cam, c, &x, &y);
        float r = fmaxf(2.5f, (float)(fu->fp.block_hw * app->cam.zoom * 0.55));
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
    vl_ui_gfx_line(app->r, ax, ay, ax + (float)fu->fp.fwd.x * tick, ay - (float)fu->fp.fwd.y * tick, 2.5f, vl_ui_side_dark(side));
}

static void draw_unit_labels(VlUiApp *app, const VlWorld *w, int u, bool selected)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlUnitState *st = &w->units[u];
    VlBox bb = vl_footprint_bounds(&fu->fp);
    float x0, y0, x1, y1;
    vl_ui_camera_to_screen(&app->cam, bb.lo, &x0, &y1);
    vl_ui_camera_to_screen(&app->cam, bb.hi, &x1, &y0);
    float cx = (x0 + x1) / 2;
    /* Names when there is room for them (or for the unit in hand). */
    if (app->cam.zoom >= 12 || selected || u == app->view.hover) {
        char name[128];
        short_name(su, name, sizeof name);
        vl_ui_boxed_text(app, cx, y1 + 3, app->cam.zoom >= 14 ? 12 : 10, name, vl_ui_rgb(0x1E1E1Eu), vl_ui_rgba(0xFFFFFFu, 170),
                   VL_ALIGN_CENTRE);
    }
    /* Badges: HITs, then routed / fired / charged / acted. */
    float bx = x1 + 3, by = y0 - 2;
    char buf[32];
    if (st->hits > 0) {
        snprintf(buf, sizeof buf, "%d HIT%s", st->hits, st->hits == 1 ? "" : "s");
        vl_ui_boxed_text(app, bx, by, 10, buf, vl_ui_rgb(0xFFFFFFu), vl_ui_rgb(0xA8001Eu), VL_ALIGN_LEFT);
        by += 14;
    }
    struct {
        bool on;
        const char *label;
        unsigned bg;
    } marks[] = {{st->routed, "ROUTED", 0x000000u}, {st->fired, "fired", 0x6A3D9Au}, {st->charged, "charged", 0x8C2D04u}};
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
        if (marks[k].on) {
            vl_ui_boxed_text(app, bx, by, 10, marks[k].label, vl_ui_rgb(0xFFFFFFu), vl_ui_rgb(marks[k].bg), VL_ALIGN_LEFT);
            by += 14;
        }
}

/* ---- the table ---- */

/* What the table's cache depends on: the camera, the window, the game's state, the overlays on and
 * the selection (outlined, and labelled by overlay 5). */
static uint64_t table_key(const VlUiApp *app, const VlGame *g)
{
    struct {
        float tx, ty, zoom;
        SDL_Rect map;
        int w, h;
        uint64_t state;
        unsigned overlays;
        int selected;
    } k;
    memset(&k, 0, sizeof k);
    k.tx = app->cam.target[0];
    k.ty = app->cam.target[1];
    k.zoom = app->cam.zoom;
    k.map = app->rects.map;
    k.w = app->width;
    k.h = app->height;
    k.state = vl_game_hash(g);
    for (int i = 0; i < VL_OVERLAY_COUNT; i++)
        k.overlays |= app->view.overlay[i] ? 1u << i : 0u;
    k.selected = app->view.selected;
    const unsigned char *b = (const unsigned char *)&k;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < sizeof k; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* Ground, terrain, objectives, the area overlays, the terrain labels, the units and the threatened
 * flanks: everything that changes only with the camera, the game's state, the overlays on and the
 * selection. */
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
    draw_terrain_labels(app);
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

/* Draw the base into the cache when its key changed; false when there is no cache to copy. */
static bool cache_base(VlUiApp *app, const VlGame *g)
{
    VlUiTableCache *c = &app->cache;
    if (vl_ui_window_texture(app, &c->table, &c->table_w, &c->table_h, &c->table_failed))
        c->table_valid = false;
    if (!app->cache.table)
        return false;
    uint64_t key = table_key(app, g);
    if (app->cache.table_valid && app->cache.table_key == key)
        return true;
    if (SDL_SetRenderTarget(app->r, app->cache.table) != 0)
        return false;
    app->cache.draw_target = app->cache.table;
    draw_base(app, g);
    app->cache.draw_target = NULL;
    SDL_SetRenderTarget(app->r, NULL);
    app->cache.table_valid = true;
    app->cache.table_key = key;
    return true;
}

void vl_ui_draw_table(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    SDL_Rect clip = app->rects.map;
    if (cache_base(app, g)) {
        SDL_RenderSetClipRect(app->r, NULL);
        SDL_SetTextureBlendMode(app->cache.table, SDL_BLENDMODE_NONE);
        SDL_RenderCopy(app->r, app->cache.table, &clip, &clip);
    } else {
        draw_base(app, g);
    }
    SDL_RenderSetClipRect(app->r, NULL);
    SDL_RenderSetClipRect(app->r, &clip);
    /* Labels follow the unit under the pointer: drawn each frame. */
    for (int u = 0; u < w->nunits; u++)
        if (vl_world_present(w, u))
            draw_unit_labels(app, w, u, u == app->view.selected);
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
