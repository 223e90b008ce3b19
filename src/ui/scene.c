/* Drawing the table: ground, terrain, objectives, overlays, units and the previews that explain a
 * ruling (the movement ghost, the charge path and face struck, the line of fire or what blocks it).
 * Everything is measured in inches and turned into pixels by the camera at the last moment. */
#include "app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI_F 3.14159265f



SDL_Color vl_ui_side_color(int side, Uint8 a) { return vl_rgba(side == 0 ? VL_UI_SIDE0 : VL_UI_SIDE1, a); }
static SDL_Color side_dark(int side) { return vl_rgb(side == 0 ? VL_UI_SIDE0_DARK : VL_UI_SIDE1_DARK); }

static void to_px(const VlCamera *cam, const VlVec2 *p, int n, SDL_FPoint *out)
{
    for (int i = 0; i < n; i++)
        vl_camera_to_screen(cam, p[i], &out[i].x, &out[i].y);
}

static void world_convex(VlUiApp *app, const VlVec2 *p, int n, SDL_Color c)
{
    SDL_FPoint s[64];
    if (n > 64)
        n = 64;
    to_px(&app->cam, p, n, s);
    vl_gfx_convex(app->r, s, n, c);
}

static void world_outline(VlUiApp *app, const VlVec2 *p, int n, float width, bool closed, SDL_Color c, bool dashed)
{
    SDL_FPoint stack[64];
    SDL_FPoint *s = n <= 64 ? stack : malloc((size_t)n * sizeof *s);
    if (!s)
        return;
    to_px(&app->cam, p, n, s);
    if (dashed)
        vl_gfx_dashed(app->r, s, n, width, closed, 7, 4, c);
    else
        vl_gfx_polyline(app->r, s, n, width, closed, c);
    if (s != stack)
        free(s);
}

static void world_line(VlUiApp *app, VlVec2 a, VlVec2 b, float width, SDL_Color c)
{
    float x0, y0, x1, y1;
    vl_camera_to_screen(&app->cam, a, &x0, &y0);
    vl_camera_to_screen(&app->cam, b, &x1, &y1);
    vl_gfx_line(app->r, x0, y0, x1, y1, width, c);
}

static void world_text(VlUiApp *app, VlVec2 p, int size, const char *s, SDL_Color c, float dy)
{
    float x, y;
    vl_camera_to_screen(&app->cam, p, &x, &y);
    vl_text_draw(app->text, size, s, x, y + dy, c, VL_ALIGN_CENTRE);
}

/* Text with a pale box behind it, so it reads on any ground. */
static void boxed_text(VlUiApp *app, float x, float y, int size, const char *s, SDL_Color fg, SDL_Color bg, int align)
{
    int w, h;
    vl_text_size(app->text, size, s, &w, &h);
    if (!w)
        return;
    float left = align == VL_ALIGN_CENTRE ? x - (float)w / 2 : align == VL_ALIGN_RIGHT ? x - (float)w : x;
    vl_gfx_rect(app->r, left - 3, y - 1, (float)w + 6, (float)h + 2, bg);
    vl_text_draw(app->text, size, s, left, y, fg, VL_ALIGN_LEFT);
}

/* ---- terrain ---- */

void vl_ui_invalidate_table(VlUiApp *app) { app->table_cache_valid = false; }

void vl_ui_build_meshes(VlUiApp *app)
{
    vl_ui_free_meshes(app);
    vl_ui_invalidate_table(app);
    const VlScenario *s = &app->scenario;
    app->mesh = calloc((size_t)(s->nterrain ? s->nterrain : 1), sizeof *app->mesh);
    if (!app->mesh)
        return;
    app->nmesh = s->nterrain;
    for (int i = 0; i < s->nterrain; i++) {
        const VlTerrain *t = &s->terrain[i];
        if (t->type >= VL_T_AREAL_COUNT || t->npts < 3)
            continue;
        app->mesh[i].tri = malloc((size_t)(3 * (t->npts - 2)) * sizeof(int));
        if (app->mesh[i].tri)
            app->mesh[i].ntri = vl_triangulate(t->pts, t->npts, app->mesh[i].tri);
    }
}

void vl_ui_free_meshes(VlUiApp *app)
{
    for (int i = 0; i < app->nmesh; i++)
        free(app->mesh[i].tri);
    free(app->mesh);
    app->mesh = NULL;
    app->nmesh = 0;
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
    to_px(&app->cam, t->pts, t->npts, s);
    if (i < app->nmesh && app->mesh[i].ntri)
        vl_gfx_triangles(app->r, s, t->npts, app->mesh[i].tri, 3 * app->mesh[i].ntri, vl_rgb(st.fill));
    if (st.dashed)
        vl_gfx_dashed(app->r, s, t->npts, st.line_px, true, 6, 4, vl_rgb(st.line));
    else
        vl_gfx_polyline(app->r, s, t->npts, st.line_px, true, vl_rgb(st.line));
    if (t->type == VL_T_WOODS || t->type == VL_T_HEAVY_WOODS) {
        /* A sprinkle of tree crowns on a fixed lattice, clipped to the polygon: woods read as woods
         * without any randomness. */
        float spacing = t->type == VL_T_HEAVY_WOODS ? 1.6f : 2.2f;
        float r = app->cam.zoom * 0.45f;
        if (r >= 2.0f) {
            SDL_Color crown = vl_rgb(t->type == VL_T_HEAVY_WOODS ? 0x3F6B35u : 0x5F8E4Cu);
            int k = 0;
            for (double y = floor(t->bounds.lo.y / spacing) * spacing; y <= t->bounds.hi.y; y += spacing, k++)
                for (double x = floor(t->bounds.lo.x / spacing) * spacing + (k % 2 ? spacing / 2 : 0); x <= t->bounds.hi.x;
                     x += spacing) {
                    VlVec2 p = {x, y};
                    if (vl_poly_point_side(t->pts, t->npts, p) <= 0)
                        continue;
                    float sx, sy;
                    vl_camera_to_screen(&app->cam, p, &sx, &sy);
                    if (sx < -r || sy < -r || sx > (float)app->width + r || sy > (float)app->height + r)
                        continue;
                    vl_gfx_disc(app->r, sx, sy, r, crown);
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
    to_px(&app->cam, t->pts, t->npts, s);
    switch (t->type) {
    case VL_T_ROAD:
        vl_gfx_polyline(app->r, s, t->npts, fmaxf(w, 2) + 2, false, vl_rgb(0x8C7550u));
        vl_gfx_polyline(app->r, s, t->npts, fmaxf(w, 2), false, vl_rgb(0xC2AA7Fu));
        break;
    case VL_T_STREAM: vl_gfx_polyline(app->r, s, t->npts, fmaxf(w, 2), false, vl_rgb(0x4A90C8u)); break;
    case VL_T_FENCE: vl_gfx_dashed(app->r, s, t->npts, fmaxf(w, 2), false, 6, 3, vl_rgb(0x6B4F2Au)); break;
    case VL_T_HEDGE: vl_gfx_polyline(app->r, s, t->npts, fmaxf(w, 3.5f), false, vl_rgb(0x2F6B2Fu)); break;
    case VL_T_WALL:
        vl_gfx_polyline(app->r, s, t->npts, fmaxf(w, 3.5f), false, vl_rgb(0x55575Au));
        vl_gfx_polyline(app->r, s, t->npts, 1, false, vl_rgb(0xA0A2A5u));
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
        world_text(app, c, 12, label, vl_rgba(0x3A3320u, 200), -22); /* above an objective's label */
    }
    /* Linear features: the name at the middle of the path, when zoomed in. */
    if (app->cam.zoom < 12)
        return;
    for (int i = 0; i < s->nterrain; i++) {
        const VlTerrain *t = &s->terrain[i];
        if (t->type < VL_T_AREAL_COUNT || t->npts < 2 || !t->name[0])
            continue;
        VlVec2 mid = vl_v2_lerp(t->pts[t->npts / 2 - (t->npts % 2 == 0)], t->pts[t->npts / 2], 0.5);
        world_text(app, mid, 11, t->name, vl_rgba(0x2B2B2Bu, 170), 4);
    }
}

static void draw_objectives(VlUiApp *app)
{
    const VlScenario *s = &app->scenario;
    for (int i = 0; i < s->nobjectives; i++) {
        const VlObjective *o = &s->objectives[i];
        float x, y;
        vl_camera_to_screen(&app->cam, o->position, &x, &y);
        float r = (float)(o->radius * app->cam.zoom);
        SDL_FPoint ring[48];
        for (int k = 0; k < 48; k++)
            ring[k] = (SDL_FPoint){x + r * cosf((float)k * 2 * PI_F / 48), y + r * sinf((float)k * 2 * PI_F / 48)};
        vl_gfx_convex(app->r, ring, 48, vl_rgba(0xE69F00u, 40));
        vl_gfx_dashed(app->r, ring, 48, 2, true, 8, 5, vl_rgba(0xB07800u, 220));
        /* A five-pointed star. */
        SDL_FPoint star[10];
        float R = 7, rr = 3;
        for (int k = 0; k < 10; k++) {
            float a = -PI_F / 2 + (float)k * PI_F / 5, rad = k % 2 ? rr : R;
            star[k] = (SDL_FPoint){x + rad * cosf(a), y + rad * sinf(a)};
        }
        for (int k = 0; k < 5; k++) {
            SDL_FPoint tri[3] = {{x, y}, star[2 * k], star[(2 * k + 1) % 10]};
            SDL_FPoint tri2[3] = {{x, y}, star[(2 * k + 1) % 10], star[(2 * k + 2) % 10]};
            vl_gfx_convex(app->r, tri, 3, vl_rgb(0xB07800u));
            vl_gfx_convex(app->r, tri2, 3, vl_rgb(0xB07800u));
        }
        if (app->cam.zoom >= 6) {
            char label[160];
            snprintf(label, sizeof label, "%s (%d pt%s)", o->name[0] ? o->name : o->id, o->points, o->points == 1 ? "" : "s");
            vl_text_draw(app->text, 11, label, x, y + 8, vl_rgb(0x6B4A00u), VL_ALIGN_CENTRE);
        }
    }
}

/* ---- overlays ----
 * Area overlays are drawn in two passes: the fills, written with the overlay's alpha (not blended)
 * into a layer texture that is then laid over the table once (so overlapping zones do not darken,
 * and the software renderer writes pixels instead of blending every shape, then blends the layer
 * with its fast per-pixel-alpha blitter, which skips the empty pixels), and the outlines and labels
 * on top. Without a layer (a renderer without texture targets) fills are blended directly. */

/* GOR-ART-3, GOR-ART-5: artillery reaches 60 in (rifled), 40 in (smoothbore). */

typedef enum Pass { PASS_FILL, PASS_LINES } Pass;

static bool layer_begin(VlUiApp *app, SDL_Rect area)
{
    if (app->layer && (app->layer_w != app->width || app->layer_h != app->height)) {
        SDL_DestroyTexture(app->layer);
        app->layer = NULL;
    }
    if (!app->layer && !app->layer_failed) {
        app->layer = SDL_CreateTexture(app->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, app->width, app->height);
        app->layer_failed = app->layer == NULL;
        app->layer_w = app->width;
        app->layer_h = app->height;
        if (app->layer)
            SDL_SetTextureBlendMode(app->layer, SDL_BLENDMODE_BLEND);
    }
    if (!app->layer || SDL_SetRenderTarget(app->r, app->layer) != 0)
        return false;
    /* Only the part that will be laid over the table needs clearing. Fills are then written as
     * they are, alpha included (layer_end restores blending). */
    SDL_SetRenderDrawBlendMode(app->r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(app->r, 0, 0, 0, 0);
    SDL_RenderFillRect(app->r, &area);
    return true;
}

static void layer_end(VlUiApp *app, SDL_Rect clip)
{
    SDL_SetRenderDrawBlendMode(app->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderTarget(app->r, app->draw_target);
    /* SDL skips a clip rectangle equal to the last one queued, even across a change of target:
     * clear it first so that the window's clip is really set. */
    SDL_RenderSetClipRect(app->r, NULL);
    SDL_RenderSetClipRect(app->r, &clip);
    SDL_SetTextureAlphaMod(app->layer, 255);
    SDL_RenderCopy(app->r, app->layer, &clip, &clip);
}

/* Each overlay's alpha when its fills are laid over the table as one layer (4, the threatened
 * flanks, has no fills). */
static const Uint8 layer_alpha[VL_OVERLAY_COUNT] = {56, VL_UI_ZONE_ALPHA, 40, 0, 60};

/* Fill colour for a pass: the layer's alpha into the layer, or translucent when drawn directly. */
static SDL_Color fill_of(unsigned rgb, Uint8 direct_alpha, bool layered, int overlay)
{
    return vl_rgba(rgb, layered ? layer_alpha[overlay] : direct_alpha);
}

static void overlay_fire(VlUiApp *app, const VlWorld *w, Pass pass, bool layered)
{
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || w->units[u].routed)
            continue;
        const VlFieldUnit *fu = vl_world_unit(w, u);
        int side = vl_world_side(w, u);
        unsigned rgb = side == 0 ? VL_UI_SIDE0 : VL_UI_SIDE1;
        VlVec2 poly[16];
        int n = 0;
        if (fu->type == VL_ARTILLERY) {
            if (fu->formation != VL_FORM_UNLIMBERED)
                continue;
            /* GOR-ART-1: ahead of the front face, 45 degrees either side, out to the range. */
            double R = vl_artillery_max_range(fu->weapon);
            VlVec2 fl = fu->fp.box.p[0], fr = fu->fp.box.p[1], mid = vl_v2_lerp(fl, fr, 0.5);
            poly[n++] = fl;
            for (int k = 0; k <= 8; k++) {
                double a = (-45.0 + 90.0 * k / 8) * 3.14159265358979 / 180;
                VlVec2 d = vl_v2_add(vl_v2_scale(fu->fp.fwd, cos(a)), vl_v2_scale(fu->fp.right, sin(a)));
                poly[n++] = vl_v2_mad(k < 4 ? fl : k > 4 ? fr : mid, d, R);
            }
            poly[n++] = fr;
        } else {
            double range = vl_weapon_max_range(fu->weapon);
            if (range <= 0 || fu->type == VL_GENERAL)
                continue;
            /* GOR-FIRE-1: the corridor straight ahead of the front face, as deep as the range. */
            VlQuad c = vl_zone_ahead(&fu->fp, range);
            memcpy(poly, c.p, sizeof c.p);
            n = 4;
        }
        if (pass == PASS_FILL)
            world_convex(app, poly, n, fill_of(rgb, 28, layered, VL_OVERLAY_FIRE));
        else
            world_outline(app, poly, n, 1.5f, true, vl_rgba(rgb, 170), true);
    }
}

static void overlay_zones(VlUiApp *app, const VlWorld *w, Pass pass, bool layered)
{
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || w->scenario->units[u].type == VL_GENERAL)
            continue;
        VlQuad z = vl_zone_ahead(&vl_world_unit(w, u)->fp, VL_PRIMARY_ZONE_DEPTH);
        if (pass == PASS_FILL)
            world_convex(app, z.p, 4, fill_of(VL_UI_ZONE_TINT, VL_UI_ZONE_ALPHA, layered, VL_OVERLAY_ZONES));
        else
            world_outline(app, z.p, 4, 1, true, vl_rgba(0x8E4F75u, 160), false);
    }
}

/* The set of points within r of a convex polygon: its outline pushed out with round corners. */
static int offset_convex(const VlVec2 *p, int n, double r, VlVec2 *out, int max)
{
    VlVec2 c = {0, 0};
    for (int i = 0; i < n; i++)
        c = vl_v2_add(c, p[i]);
    c = vl_v2_scale(c, 1.0 / n);
    int m = 0;
    for (int i = 0; i < n; i++) {
        VlVec2 prev = p[(i + n - 1) % n], cur = p[i], next = p[(i + 1) % n];
        VlVec2 e0 = vl_v2_sub(cur, prev), e1 = vl_v2_sub(next, cur);
        VlVec2 n0 = vl_v2_scale(vl_v2_perp(e0), 1 / vl_v2_len(e0)), n1 = vl_v2_scale(vl_v2_perp(e1), 1 / vl_v2_len(e1));
        if (vl_v2_dot(n0, vl_v2_sub(vl_v2_lerp(prev, cur, 0.5), c)) < 0)
            n0 = vl_v2_neg(n0);
        if (vl_v2_dot(n1, vl_v2_sub(vl_v2_lerp(cur, next, 0.5), c)) < 0)
            n1 = vl_v2_neg(n1);
        double a0 = atan2(n0.y, n0.x), a1 = atan2(n1.y, n1.x);
        double da = a1 - a0;
        while (da > 3.14159265358979)
            da -= 2 * 3.14159265358979;
        while (da < -3.14159265358979)
            da += 2 * 3.14159265358979;
        for (int k = 0; k <= 6 && m < max; k++) {
            double a = a0 + da * k / 6;
            out[m++] = vl_v2(cur.x + r * cos(a), cur.y + r * sin(a));
        }
    }
    return m;
}

static void overlay_command(VlUiApp *app, const VlWorld *w, Pass pass, bool layered)
{
    for (int g = 0; g < w->nunits; g++) {
        if (!vl_world_present(w, g) || w->scenario->units[g].type != VL_GENERAL)
            continue;
        VlVec2 ring[64];
        int n = offset_convex(vl_world_unit(w, g)->fp.box.p, 4, VL_COMMAND_RADIUS, ring, 64);
        int side = vl_world_side(w, g);
        unsigned rgb = side == 0 ? 0x56B4E9u : 0xE69F00u;
        if (pass == PASS_FILL)
            world_convex(app, ring, n, fill_of(rgb, 24, layered, VL_OVERLAY_COMMAND));
        else
            world_outline(app, ring, n, 2, true, vl_rgba(side == 0 ? VL_UI_SIDE0 : VL_UI_SIDE1, 210), true);
    }
    if (pass == PASS_FILL)
        return;
    /* Units out of command (GOR-CMD-1): a dashed amber ring round them. */
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || w->scenario->units[u].type == VL_GENERAL || vl_world_in_command(w, u, NULL))
            continue;
        VlVec2 ring[64];
        int n = offset_convex(vl_world_unit(w, u)->fp.box.p, 4, 0.35, ring, 64);
        world_outline(app, ring, n, 2.5f, true, vl_rgb(0xE69F00u), true);
    }
}

void vl_ui_refresh_threats(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    uint64_t h = vl_game_hash(g);
    if (app->threat_valid && h == app->threat_hash)
        return;
    free(app->threat);
    app->threat = malloc((size_t)(w->nunits ? w->nunits : 1) * sizeof *app->threat);
    if (!app->threat) {
        app->threat_valid = false;
        return;
    }
    for (int u = 0; u < w->nunits; u++) {
        for (int f = 0; f < 4; f++)
            app->threat[u][f] = -1;
        if (vl_world_present(w, u) && w->scenario->units[u].type != VL_GENERAL)
            vl_threatened_faces(w, u, app->threat[u], NULL);
    }
    app->threat_hash = h;
    app->threat_valid = true;
}

static void overlay_threats(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    vl_ui_refresh_threats(app, g);
    if (!app->threat_valid)
        return;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u))
            continue;
        const VlFootprint *fp = &vl_world_unit(w, u)->fp;
        for (int f = 0; f < 4; f++) {
            int e = app->threat[u][f];
            if (e < 0 || !vl_world_present(w, e))
                continue;
            VlVec2 a, b;
            vl_footprint_face(fp, (VlFace)f, &a, &b);
            VlVec2 mid = vl_v2_lerp(a, b, 0.5);
            const VlFootprint *ef = &vl_world_unit(w, e)->fp;
            VlVec2 from = vl_v2_lerp(ef->box.p[0], ef->box.p[1], 0.5);
            world_line(app, from, mid, 1.5f, vl_rgba(0x000000u, 120));
            world_line(app, a, b, 7, vl_rgb(0x000000u));
            world_line(app, a, b, 4, vl_rgb(VL_UI_THREAT));
        }
    }
}

static void overlay_move(VlUiApp *app, const VlGame *g, Pass pass, bool layered)
{
    const VlWorld *w = vl_game_world_const(g);
    int side = vl_game_active_side(g);
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || vl_world_side(w, u) != side || w->units[u].routed || w->units[u].acted)
            continue;
        const VlFieldUnit *fu = vl_world_unit(w, u);
        /* GOR-MOVE-1: the Movement Table's allowance over open ground. */
        VlAllowance a = vl_move_allowance(w, fu->type, fu->formation, w->units[u].mounted, VL_GROUND_OPEN, 0);
        if (!a.can_move || a.max <= 0)
            continue;
        VlQuad q = vl_zone_ahead(&fu->fp, a.max);
        if (pass == PASS_FILL) {
            world_convex(app, q.p, 4, fill_of(VL_UI_GOOD, 40, layered, VL_OVERLAY_MOVE));
            continue;
        }
        world_outline(app, q.p, 4, 1.5f, true, vl_rgba(VL_UI_GOOD, 200), true);
        if (app->cam.zoom >= 14 || u == app->selected) {
            char s[32];
            snprintf(s, sizeof s, "%g in", a.max);
            world_text(app, vl_v2_lerp(q.p[2], q.p[3], 0.5), 10, s, vl_rgba(0x00573Fu, 230), -14);
        }
    }
}

/* The overlays that are on, clipped to the table. */
static void draw_overlays(VlUiApp *app, const VlGame *g, SDL_Rect table_px)
{
    const VlWorld *w = vl_game_world_const(g);
    static const int order[] = {VL_OVERLAY_ZONES, VL_OVERLAY_FIRE, VL_OVERLAY_MOVE, VL_OVERLAY_COMMAND};
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        int o = order[k];
        if (!app->overlay[o])
            continue;
        bool layered = layer_begin(app, table_px);
        SDL_RenderSetClipRect(app->r, NULL);
        SDL_RenderSetClipRect(app->r, &table_px);
        for (int pass = PASS_FILL; pass <= PASS_LINES; pass++) {
            if (o == VL_OVERLAY_FIRE)
                overlay_fire(app, w, (Pass)pass, layered);
            else if (o == VL_OVERLAY_ZONES)
                overlay_zones(app, w, (Pass)pass, layered);
            else if (o == VL_OVERLAY_MOVE)
                overlay_move(app, g, (Pass)pass, layered);
            else
                overlay_command(app, w, (Pass)pass, layered);
            if (pass == PASS_FILL && layered)
                layer_end(app, table_px);
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
        world_line(app, b->p[0], b->p[2], w, c);
        world_line(app, b->p[1], b->p[3], w, c);
        break;
    case VL_CAVALRY: /* NATO: one diagonal */ world_line(app, b->p[3], b->p[1], w, c); break;
    case VL_ARTILLERY: {
        /* NATO: a dot in the middle, drawn on the seam between guns so the bases stay clear. */
        VlVec2 m = vl_v2_lerp(b->p[0], b->p[2], 0.5);
        float x, y;
        vl_camera_to_screen(&app->cam, m, &x, &y);
        double half = fu->fp.block_hw < fu->fp.block_hd ? fu->fp.block_hw : fu->fp.block_hd;
        vl_gfx_disc(app->r, x, y, fmaxf(1.5f, fminf(5.0f, (float)(half * app->cam.zoom * 0.3))), c);
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
        fill = vl_rgb(side == 0 ? 0x56B4E9u : 0xF0A860u);
    if (st->routed)
        fill.a = 150;
    if (selected) {
        for (int b = 0; b < fu->fp.nbases; b++)
            world_outline(app, fu->fp.bases[b].p, 4, 7, true, vl_rgb(VL_UI_SELECT), false);
    }
    for (int b = 0; b < fu->fp.nbases; b++)
        world_convex(app, fu->fp.bases[b].p, 4, fill);
    /* Outlines tell the sides apart without colour: solid for the first side, dashed for the second. */
    for (int b = 0; b < fu->fp.nbases; b++)
        world_outline(app, fu->fp.bases[b].p, 4, 1.5f, true, side_dark(side), side == 1);
    draw_glyph(app, fu, su->type, vl_rgba(0xFFFFFFu, 200));
    if (general) {
        VlVec2 c = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5);
        float x, y;
        vl_camera_to_screen(&app->cam, c, &x, &y);
        float r = fmaxf(2.5f, (float)(fu->fp.block_hw * app->cam.zoom * 0.55));
        SDL_FPoint d[4] = {{x, y - r}, {x + r, y}, {x, y + r}, {x - r, y}};
        vl_gfx_convex(app->r, d, 4, side_dark(side));
    }
    if (st->routed) {
        /* Routed: a broken-through look, black stripes across the box. */
        for (int k = 1; k < 4; k++) {
            VlVec2 a = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[1], k / 4.0), b = vl_v2_lerp(fu->fp.box.p[3], fu->fp.box.p[2], k / 4.0 - 0.15);
            world_line(app, a, b, 2, vl_rgba(0x000000u, 160));
        }
    }
    /* The front: a white edge and a facing tick from its middle. */
    world_line(app, fu->fp.box.p[0], fu->fp.box.p[1], 2.5f, vl_rgb(0xFFFFFFu));
    float ax, ay;
    vl_camera_to_screen(&app->cam, fu->pose.anchor, &ax, &ay);
    float tick = fmaxf(7.0f, app->cam.zoom * 0.6f);
    vl_gfx_line(app->r, ax, ay, ax + (float)fu->fp.fwd.x * tick, ay - (float)fu->fp.fwd.y * tick, 2.5f, side_dark(side));
}

static void draw_unit_labels(VlUiApp *app, const VlWorld *w, int u, bool selected)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlUnitState *st = &w->units[u];
    VlBox bb = vl_footprint_bounds(&fu->fp);
    float x0, y0, x1, y1;
    vl_camera_to_screen(&app->cam, bb.lo, &x0, &y1);
    vl_camera_to_screen(&app->cam, bb.hi, &x1, &y0);
    float cx = (x0 + x1) / 2;
    /* Names when there is room for them (or for the unit in hand). */
    if (app->cam.zoom >= 12 || selected || u == app->hover) {
        char name[128];
        short_name(su, name, sizeof name);
        boxed_text(app, cx, y1 + 3, app->cam.zoom >= 14 ? 12 : 10, name, vl_rgb(0x1E1E1Eu), vl_rgba(0xFFFFFFu, 170),
                   VL_ALIGN_CENTRE);
    }
    /* Badges: HITs, then routed / fired / charged / acted. */
    float bx = x1 + 3, by = y0 - 2;
    char buf[32];
    if (st->hits > 0) {
        snprintf(buf, sizeof buf, "%d HIT%s", st->hits, st->hits == 1 ? "" : "s");
        boxed_text(app, bx, by, 10, buf, vl_rgb(0xFFFFFFu), vl_rgb(0xA8001Eu), VL_ALIGN_LEFT);
        by += 14;
    }
    struct {
        bool on;
        const char *label;
        unsigned bg;
    } marks[] = {{st->routed, "ROUTED", 0x000000u}, {st->fired, "fired", 0x6A3D9Au}, {st->charged, "charged", 0x8C2D04u}};
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
        if (marks[k].on) {
            boxed_text(app, bx, by, 10, marks[k].label, vl_rgb(0xFFFFFFu), vl_rgb(marks[k].bg), VL_ALIGN_LEFT);
            by += 14;
        }
}

/* ---- previews ---- */

static void ghost(VlUiApp *app, VlPose pose, VlFormation form, VlBaseSpec spec, SDL_Color fill, SDL_Color line, bool dashed)
{
    VlFootprint fp;
    vl_footprint_build(&fp, pose, form, spec);
    for (int b = 0; b < fp.nbases; b++) {
        world_convex(app, fp.bases[b].p, 4, fill);
        world_outline(app, fp.bases[b].p, 4, 2, true, line, dashed);
    }
    world_line(app, fp.box.p[0], fp.box.p[1], 3, line);
}

static const char *first_refusal(const VlReasons *why)
{
    for (int i = 0; i < why->n; i++)
        if (!why->r[i].ok)
            return why->r[i].text;
    return NULL;
}

static const char *first_refusal_clause(const VlReasons *why)
{
    for (int i = 0; i < why->n; i++)
        if (!why->r[i].ok)
            return why->r[i].clause;
    return "";
}

static void draw_move_preview(VlUiApp *app, const VlWorld *w)
{
    const VlMoveVerdict *v = &app->move;
    int u = app->gesture.order.unit;
    if (u < 0)
        return;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    bool ok = v->legal || v->depends_on_die;
    SDL_Color line = ok ? vl_rgb(0xFFFFFFu) : vl_rgb(VL_UI_BAD);
    SDL_Color fill = ok ? vl_ui_side_color(vl_world_side(w, u), 110) : vl_rgba(VL_UI_BAD, 90);
    /* The path: the middle of the front at each stage. */
    VlVec2 pts[VL_MAX_PATH + 1];
    int n = 0;
    pts[n++] = fu->pose.anchor;
    for (int i = 0; i < v->npath && n < VL_MAX_PATH + 1; i++)
        pts[n++] = v->path[i].anchor;
    world_outline(app, pts, n, 2, false, ok ? vl_rgba(0x000000u, 150) : vl_rgba(VL_UI_BAD, 200), true);
    ghost(app, v->final_pose, v->final_formation, fu->spec, fill, line, !ok);
    /* Cost against allowance, and the first reason it is refused. */
    VlFootprint fp;
    vl_footprint_build(&fp, v->final_pose, v->final_formation, fu->spec);
    VlVec2 c = vl_v2_lerp(fp.box.p[0], fp.box.p[2], 0.5);
    float x, y;
    vl_camera_to_screen(&app->cam, c, &x, &y);
    char s[300];
    const char *pace = app->gesture.order.double_time ? ", double time" : app->gesture.order.gallop ? ", gallop" : "";
    if (v->allowance.min < v->allowance.max)
        snprintf(s, sizeof s, "%.1f of %.1f-%.1f in (%s%s)", v->cost, v->allowance.min, v->allowance.max,
                 vl_ground_name(v->ground), pace);
    else
        snprintf(s, sizeof s, "%.1f of %.1f in (%s%s)", v->cost, v->allowance.max, vl_ground_name(v->ground), pace);
    float top = y - 40;
    boxed_text(app, x, top, 12, s, ok ? vl_rgb(0x00412Fu) : vl_rgb(VL_UI_BAD), vl_rgba(0xFFFFFFu, 225), VL_ALIGN_CENTRE);
    const char *why = first_refusal(&v->why);
    if (!ok && why) {
        snprintf(s, sizeof s, "%s: %s", first_refusal_clause(&v->why), why);
        boxed_text(app, x, top + 17, 11, s, vl_rgb(0xFFFFFFu), vl_rgba(VL_UI_BAD, 235), VL_ALIGN_CENTRE);
    } else if (v->depends_on_die) {
        snprintf(s, sizeof s, "legal on a roll of %d or less (cavalry in rough)", v->max_die);
        boxed_text(app, x, top + 17, 11, s, vl_rgb(0x222222u), vl_rgba(VL_UI_HIGHLIGHT, 235), VL_ALIGN_CENTRE);
    }
}

static void highlight_face(VlUiApp *app, const VlFootprint *fp, VlFace f)
{
    VlVec2 a, b;
    vl_footprint_face(fp, f, &a, &b);
    world_line(app, a, b, 8, vl_rgb(0x000000u));
    world_line(app, a, b, 5, vl_rgb(VL_UI_SELECT));
}

static void draw_charge_preview(VlUiApp *app, const VlWorld *w, const VlChargeVerdict *v, bool verbose)
{
    const VlFieldUnit *fu = vl_world_unit(w, v->unit), *tu = vl_world_unit(w, v->target);
    bool ok = v->legal;
    SDL_Color col = ok ? vl_rgb(VL_UI_GOOD) : vl_rgb(VL_UI_BAD);
    if (v->npath > 0) {
        VlVec2 pts[VL_MAX_PATH + 1];
        int n = 0;
        pts[n++] = fu->pose.anchor;
        for (int i = 0; i < v->npath && n < VL_MAX_PATH + 1; i++)
            pts[n++] = v->path[i].anchor;
        world_outline(app, pts, n, 3, false, col, !ok);
    }
    if (v->reachable)
        ghost(app, v->contact_pose, fu->formation, fu->spec, vl_rgba(ok ? VL_UI_GOOD : VL_UI_BAD, 70), col, !ok);
    if (v->reachable && v->half_distance > 0) {
        /* GOR-CHG-3: where a failed morale test halts it. */
        VlFootprint hf;
        vl_footprint_build(&hf, v->half_pose, fu->formation, fu->spec);
        world_outline(app, hf.box.p, 4, 1.5f, true, vl_rgba(0x000000u, 160), true);
    }
    if (v->reachable || v->eligible)
        highlight_face(app, &tu->fp, v->face);
    for (int i = 0; i < v->nsupports; i++) {
        const VlFootprint *sf = &vl_world_unit(w, v->supports[i])->fp;
        world_outline(app, sf->box.p, 4, 3, true, vl_rgb(VL_UI_GOOD), true);
    }
    if (v->blocker_unit >= 0)
        world_outline(app, vl_world_unit(w, v->blocker_unit)->fp.box.p, 4, 3, true, vl_rgb(VL_UI_BAD), false);
    if (v->blocker_feature >= 0 && v->blocker_feature < w->scenario->nterrain) {
        const VlTerrain *t = &w->scenario->terrain[v->blocker_feature];
        world_outline(app, t->pts, t->npts, 3, t->type < VL_T_AREAL_COUNT, vl_rgb(VL_UI_BAD), false);
    }
    if (!verbose)
        return;
    VlVec2 c = vl_v2_lerp(tu->fp.box.p[0], tu->fp.box.p[2], 0.5);
    float x, y;
    vl_camera_to_screen(&app->cam, c, &x, &y);
    char s[300];
    if (ok)
        snprintf(s, sizeof s, "charge: %.1f of %.1f in, strikes the %s%s%d support%s", v->distance, v->allowance_min,
                 vl_face_name(v->face), v->depends_on_die ? " (die permitting), " : ", ", v->nsupports,
                 v->nsupports == 1 ? "" : "s");
    else
        snprintf(s, sizeof s, "no charge%s", v->reachable ? "" : v->eligible ? ": out of reach or blocked" : "");
    float top = y + 26;
    boxed_text(app, x, top, 12, s, ok ? vl_rgb(0x00412Fu) : vl_rgb(VL_UI_BAD), vl_rgba(0xFFFFFFu, 230), VL_ALIGN_CENTRE);
    const char *why = first_refusal(&v->why);
    if (!ok && why) {
        snprintf(s, sizeof s, "%s: %s", first_refusal_clause(&v->why), why);
        boxed_text(app, x, top + 17, 11, s, vl_rgb(0xFFFFFFu), vl_rgba(VL_UI_BAD, 235), VL_ALIGN_CENTRE);
    }
}

static void draw_sight(VlUiApp *app, const VlWorld *w, const VlSight *s)
{
    if (s->clear) {
        world_line(app, s->witness[0], s->witness[1], 4, vl_rgb(0xFFFFFFu));
        world_line(app, s->witness[0], s->witness[1], 2, vl_rgb(VL_UI_SIGHT));
        return;
    }
    for (int i = 0; i < s->nblockers; i++) {
        if (s->blockers[i].kind == VL_OBST_UNIT) {
            const VlFootprint *bf = &vl_world_unit(w, s->blockers[i].index)->fp;
            world_outline(app, bf->box.p, 4, 3, true, vl_rgb(VL_UI_BAD), false);
        } else if (s->blockers[i].index < w->scenario->nterrain) {
            const VlTerrain *t = &w->scenario->terrain[s->blockers[i].index];
            world_outline(app, t->pts, t->npts, 3, true, vl_rgb(VL_UI_BAD), false);
        }
    }
}

static void draw_fire_preview(VlUiApp *app, const VlWorld *w, const VlFirePreview *f)
{
    const VlFieldUnit *fu = vl_world_unit(w, f->unit), *tu = vl_world_unit(w, f->target);
    draw_sight(app, w, &f->sight);
    if (!f->sight.clear) {
        VlVec2 a = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[1], 0.5), b = vl_v2_lerp(tu->fp.box.p[0], tu->fp.box.p[2], 0.5);
        world_line(app, a, b, 1.5f, vl_rgba(VL_UI_BAD, 200));
    }
    world_outline(app, tu->fp.box.p, 4, 3, true, f->legal ? vl_rgb(VL_UI_GOOD) : vl_rgb(VL_UI_BAD), false);
    if (f->rule_target >= 0 && f->rule_target != f->target)
        world_outline(app, vl_world_unit(w, f->rule_target)->fp.box.p, 4, 3, true, vl_rgb(VL_UI_SELECT), true);
    VlVec2 c = vl_v2_lerp(tu->fp.box.p[0], tu->fp.box.p[2], 0.5);
    float x, y;
    vl_camera_to_screen(&app->cam, c, &x, &y);
    char s[300];
    bool sandbox = app->sandbox != NULL;
    snprintf(s, sizeof s, "%s%.1f in, %s, %s%s", sandbox ? "fire: " : "", f->range,
             f->sight.clear ? "line of fire clear" : "line of fire blocked", vl_cover_name(f->cover),
             f->legal && !sandbox ? " - click again to fire" : "");
    /* In the sandbox the charge verdict sits below the target: the line of fire goes above. */
    float top = sandbox ? y - 46 : y + 26;
    boxed_text(app, x, top, 12, s, f->legal ? vl_rgb(0x00412Fu) : vl_rgb(VL_UI_BAD), vl_rgba(0xFFFFFFu, 230), VL_ALIGN_CENTRE);
    const char *why = first_refusal(&f->why);
    if (!f->legal && why) {
        snprintf(s, sizeof s, "%s: %s", first_refusal_clause(&f->why), why);
        boxed_text(app, x, top + 17, 11, s, vl_rgb(0xFFFFFFu), vl_rgba(VL_UI_BAD, 235), VL_ALIGN_CENTRE);
    }
}

/* Charges declared this phase (GOR-CHG-3: declared first, resolved together when the phase ends).
 * The log is the source of truth: the charge commands since the last end of phase. */
static int declared_charges(const VlUiApp *app, const VlGame *g, const VlCommand **out, int max)
{
    if (vl_game_phase(g) != VL_PHASE_CHARGE)
        return 0;
    const VlLog *log = app->screen == VL_SCREEN_REPLAY ? &app->replay.log : &app->log;
    int end = log->n;
    if (app->screen == VL_SCREEN_REPLAY)
        end = app->replay.k > 0 ? app->replay.entry[app->replay.k - 1] + 1 : 0;
    int n = 0;
    for (int i = end - 1; i >= 0 && n < max; i--) {
        const VlLogEntry *e = &log->e[i];
        if (e->is_check)
            continue;
        if (e->cmd.kind == VL_CMD_END_PHASE)
            break;
        if (e->cmd.kind == VL_CMD_CHARGE)
            out[n++] = &e->cmd;
    }
    return n;
}

static void draw_declared_charges(VlUiApp *app, const VlGame *g)
{
    const VlCommand *decl[64];
    int n = declared_charges(app, g, decl, 64);
    const VlWorld *w = vl_game_world_const(g);
    for (int i = 0; i < n; i++) {
        int u = decl[i]->unit, t = decl[i]->target;
        if (u < 0 || t < 0 || u >= w->nunits || t >= w->nunits || !vl_world_present(w, u) || !vl_world_present(w, t))
            continue;
        const VlFootprint *uf = &vl_world_unit(w, u)->fp, *tf = &vl_world_unit(w, t)->fp;
        VlVec2 a = vl_v2_lerp(uf->box.p[0], uf->box.p[1], 0.5), b = vl_v2_lerp(tf->box.p[0], tf->box.p[2], 0.5);
        float x0, y0, x1, y1;
        vl_camera_to_screen(&app->cam, a, &x0, &y0);
        vl_camera_to_screen(&app->cam, b, &x1, &y1);
        float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
        if (len < 1)
            continue;
        dx /= len;
        dy /= len;
        SDL_Color c = vl_ui_side_color(vl_world_side(w, u), 255);
        SDL_FPoint line[2] = {{x0, y0}, {x1 - dx * 10, y1 - dy * 10}};
        vl_gfx_dashed(app->r, line, 2, 3, false, 10, 5, c);
        SDL_FPoint head[3] = {{x1, y1}, {x1 - dx * 14 - dy * 7, y1 - dy * 14 + dx * 7}, {x1 - dx * 14 + dy * 7, y1 - dy * 14 - dx * 7}};
        vl_gfx_convex(app->r, head, 3, c);
        boxed_text(app, (x0 + x1) / 2, (y0 + y1) / 2 - 8, 11, "charge declared", vl_rgb(0xFFFFFFu), c, VL_ALIGN_CENTRE);
    }
}

/* ---- overlay 6: the computer's plan ----
 * What the commander decided this player turn (or last, while the next player plays), drawn over the
 * units in its side's colour: an arrow for each move (and the unit's outline, dashed, where the move
 * takes it until it is there), a thin line for fire, a bold arrow for a charge, a ring for a unit
 * told to hold and a cross for a rally; each brigade's goal as a target with what it is, and the
 * place its front line is making for as a bar facing the way the line should face. The unit pointed
 * at or selected has its decisions haloed in yellow; the unit card says why. */

/* Labels placed this frame: a new one moves down until it is clear of them. */
typedef struct Placed {
    int n;
    SDL_FRect r[VL_AI_MAX_GOALS * 2 + 4];
} Placed;

static float place_label(Placed *pl, float x, float y, float w, float h)
{
    for (int tries = 0; tries < 12; tries++) {
        SDL_FRect me = {x - 3, y - 1, w + 6, h + 2};
        bool clear = true;
        for (int i = 0; i < pl->n && clear; i++) {
            SDL_FRect o = pl->r[i];
            if (me.x < o.x + o.w && o.x < me.x + me.w && me.y < o.y + o.h && o.y < me.y + me.h) {
                clear = false;
                y = o.y + o.h + 2;
            }
        }
        if (clear)
            break;
    }
    if (pl->n < (int)(sizeof pl->r / sizeof pl->r[0]))
        pl->r[pl->n++] = (SDL_FRect){x - 3, y - 1, w + 6, h + 2};
    return y;
}

static SDL_FPoint px_of(const VlUiApp *app, VlVec2 p)
{
    SDL_FPoint q;
    vl_camera_to_screen(&app->cam, p, &q.x, &q.y);
    return q;
}

/* An arrow from a to b (pixels) with a halo under it, so that it reads over units of its own colour. */
static void plan_arrow(VlUiApp *app, SDL_FPoint a, SDL_FPoint b, float width, float head, SDL_Color c, SDL_Color halo)
{
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (len < 1)
        return;
    dx /= len;
    dy /= len;
    if (head > len * 0.6f)
        head = len * 0.6f;
    SDL_FPoint stem = {b.x - dx * head * 0.8f, b.y - dy * head * 0.8f};
    float hw = head * 0.55f;
    SDL_FPoint tip[3] = {b, {b.x - dx * head - dy * hw, b.y - dy * head + dx * hw}, {b.x - dx * head + dy * hw, b.y - dy * head - dx * hw}};
    /* The halo: the stem wider, and the head pushed out by a pixel and a half each way. */
    vl_gfx_line(app->r, a.x, a.y, stem.x, stem.y, width + 3, halo);
    SDL_FPoint big[3] = {{b.x + dx * 2.5f, b.y + dy * 2.5f},
                         {tip[1].x - dx * 1.5f - dy * 1.5f, tip[1].y - dy * 1.5f + dx * 1.5f},
                         {tip[2].x - dx * 1.5f + dy * 1.5f, tip[2].y - dy * 1.5f - dx * 1.5f}};
    vl_gfx_convex(app->r, big, 3, halo);
    vl_gfx_line(app->r, a.x, a.y, stem.x, stem.y, width, c);
    vl_gfx_convex(app->r, tip, 3, c);
}

static VlVec2 centre_of(const VlFootprint *fp) { return vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5); }

static void draw_intent(VlUiApp *app, const VlWorld *w, const VlAiIntent *it, bool focus)
{
    if (it->unit < 0 || it->unit >= w->nunits || (!it->issued && it->kind != VL_CMD_END_PHASE))
        return;
    int side = vl_world_side(w, it->unit);
    SDL_Color c = vl_ui_side_color(side, 255), dark = side_dark(side);
    SDL_Color halo = focus ? vl_rgb(VL_UI_SELECT) : vl_rgba(0xFFFFFFu, 220);
    SDL_FPoint a = px_of(app, it->from.anchor);
    bool has_target = it->target >= 0 && it->target < w->nunits && vl_world_present(w, it->target);
    switch (it->kind) {
    case VL_CMD_MOVE: {
        SDL_FPoint b = px_of(app, it->to.anchor);
        float len = hypotf(b.x - a.x, b.y - a.y);
        const VlFieldUnit *fu = vl_world_unit(w, it->unit);
        /* Where the move takes it, until it stands there. */
        if (vl_world_present(w, it->unit) &&
            (vl_v2_dist(fu->pose.anchor, it->to.anchor) > 0.05 || fabs(remainder(fu->pose.facing - it->to.facing, 360.0)) > 1 ||
             fu->formation != it->to_formation)) {
            VlFootprint fp;
            vl_footprint_build(&fp, it->to, it->to_formation, fu->spec);
            world_outline(app, fp.box.p, 4, focus ? 3.5f : 2.5f, true, halo, false);
            world_outline(app, fp.box.p, 4, 1.5f, true, c, true);
        }
        if (len >= 4) {
            plan_arrow(app, a, b, focus ? 4.5f : 3.5f, 13, c, halo);
        } else {
            /* A change of formation or facing on the spot: a diamond. */
            SDL_FPoint d[4] = {{a.x, a.y - 7}, {a.x + 7, a.y}, {a.x, a.y + 7}, {a.x - 7, a.y}};
            SDL_FPoint dh[4] = {{a.x, a.y - 9.5f}, {a.x + 9.5f, a.y}, {a.x, a.y + 9.5f}, {a.x - 9.5f, a.y}};
            vl_gfx_convex(app->r, dh, 4, halo);
            vl_gfx_convex(app->r, d, 4, c);
        }
        return;
    }
    case VL_CMD_FIRE:
    case VL_CMD_ARTILLERY_FIRE: {
        if (!has_target)
            return;
        SDL_FPoint b = px_of(app, centre_of(&vl_world_unit(w, it->target)->fp));
        vl_gfx_line(app->r, a.x, a.y, b.x, b.y, focus ? 4.5f : 3.5f, halo);
        vl_gfx_line(app->r, a.x, a.y, b.x, b.y, 1.5f, c);
        vl_gfx_disc(app->r, b.x, b.y, 5, halo);
        vl_gfx_disc(app->r, b.x, b.y, 3.5f, c);
        return;
    }
    case VL_CMD_CHARGE: {
        if (!has_target)
            return;
        SDL_FPoint b = px_of(app, centre_of(&vl_world_unit(w, it->target)->fp));
        plan_arrow(app, a, b, 5.5f, 18, c, focus ? halo : vl_rgb(0x111111u));
        return;
    }
    case VL_CMD_RALLY:
        vl_gfx_disc(app->r, a.x, a.y, 8.5f, halo);
        vl_gfx_disc(app->r, a.x, a.y, 7, c);
        vl_gfx_line(app->r, a.x - 4, a.y, a.x + 4, a.y, 2, vl_rgb(0xFFFFFFu));
        vl_gfx_line(app->r, a.x, a.y - 4, a.x, a.y + 4, 2, vl_rgb(0xFFFFFFu));
        return;
    case VL_CMD_END_PHASE: {
        /* Told to hold: a ring, while it stands where it held (a later move has its own arrow). */
        const VlFieldUnit *fu = vl_world_unit(w, it->unit);
        if (!vl_world_present(w, it->unit) || vl_v2_dist(fu->pose.anchor, it->from.anchor) > 0.05)
            return;
        SDL_FPoint ring[16];
        for (int k = 0; k < 16; k++)
            ring[k] = (SDL_FPoint){a.x + 5.5f * cosf((float)k * 2 * PI_F / 16), a.y + 5.5f * sinf((float)k * 2 * PI_F / 16)};
        vl_gfx_polyline(app->r, ring, 16, focus ? 5 : 4, true, halo);
        vl_gfx_polyline(app->r, ring, 16, 2, true, dark);
        return;
    }
    default: return;
    }
}

static void draw_goals(VlUiApp *app, const VlAiPlan *p, Placed *pl)
{
    SDL_Color c = vl_ui_side_color(p->side, 255), halo = vl_rgba(0xFFFFFFu, 220);
    for (int k = 0; k < p->ngoals; k++) {
        const VlAiGoal *gl = &p->goals[k];
        if (!isfinite(gl->point.x) || !isfinite(gl->point.y))
            continue;
        /* The front: a bar across the way the line should face, a tick that way, and a dashed line on
         * to the goal. */
        VlVec2 fwd = vl_facing_forward(gl->facing), right = vl_facing_right(gl->facing);
        if (isfinite(gl->front.x) && isfinite(gl->front.y)) {
            SDL_FPoint f = px_of(app, gl->front), g = px_of(app, gl->point);
            SDL_FPoint l = px_of(app, vl_v2_mad(gl->front, right, -2)), r = px_of(app, vl_v2_mad(gl->front, right, 2));
            SDL_FPoint t = px_of(app, vl_v2_mad(gl->front, fwd, 1.2));
            SDL_FPoint path[2] = {f, g};
            vl_gfx_dashed(app->r, path, 2, 1.5f, false, 6, 6, vl_ui_side_color(p->side, 130));
            vl_gfx_line(app->r, l.x, l.y, r.x, r.y, 7, halo);
            vl_gfx_line(app->r, f.x, f.y, t.x, t.y, 5, halo);
            vl_gfx_line(app->r, l.x, l.y, r.x, r.y, 4, c);
            vl_gfx_line(app->r, f.x, f.y, t.x, t.y, 2.5f, c);
        }
        /* The goal: a target, once however many brigades make for it, with what each wants there
         * (once for brigades that want the same of the same place). */
        bool again = false;
        for (int j = 0; j < k && !again; j++)
            again = vl_v2_dist(p->goals[j].point, gl->point) < 0.5;
        SDL_FPoint g = px_of(app, gl->point);
        if (!again) {
            SDL_FPoint ring[24];
            for (int i = 0; i < 24; i++)
                ring[i] = (SDL_FPoint){g.x + 10 * cosf((float)i * 2 * PI_F / 24), g.y + 10 * sinf((float)i * 2 * PI_F / 24)};
            vl_gfx_polyline(app->r, ring, 24, 6, true, halo);
            vl_gfx_polyline(app->r, ring, 24, 3, true, c);
            vl_gfx_line(app->r, g.x - 15, g.y, g.x + 15, g.y, 2, c);
            vl_gfx_line(app->r, g.x, g.y - 15, g.x, g.y + 15, 2, c);
        }
        bool same = false;
        for (int j = 0; j < k && !same; j++)
            same = vl_v2_dist(p->goals[j].point, gl->point) < 3 && strcmp(p->goals[j].what, gl->what) == 0;
        if (same || !gl->what[0])
            continue;
        /* Right of the target: an objective's own name is below it and its ground's above. */
        int tw, th;
        vl_text_size(app->text, 12, gl->what, &tw, &th);
        float y = place_label(pl, g.x + 19, g.y - (float)th / 2, (float)tw, (float)th);
        boxed_text(app, g.x + 19, y, 12, gl->what, side_dark(p->side), vl_rgba(0xFFFFFFu, 230), VL_ALIGN_LEFT);
        vl_gfx_rect(app->r, g.x + 12, y - 1, 4, (float)th + 2, c); /* whose goal, by colour */
    }
}

/* What each computer side is about: its posture, level and the work it did, at the table's top left. */
static void draw_plan_banner(VlUiApp *app, const VlWorld *w)
{
    float x = (float)app->map_rect.x + 10, y = (float)app->map_rect.y + 10;
    for (int s = 0; s < 2; s++) {
        const VlAiPlan *p = &app->plan[s];
        if (p->side < 0)
            continue;
        char buf[320];
        const char *level = vl_ai_level_name(p->level);
        int n = snprintf(buf, sizeof buf, "%s's plan, turn %d (%s): ", w->scenario->sides[p->side].name, p->turn,
                         level ? level : "?");
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%s", p->posture[0] ? p->posture : "fire and charges");
        snprintf(buf + n, sizeof buf - (size_t)n, " \xC2\xB7 %d orders judged, %d played out", p->evaluated, p->simulated);
        int tw, th;
        vl_text_size(app->text, 12, buf, &tw, &th);
        vl_gfx_rect(app->r, x, y, (float)tw + 34, (float)th + 8, vl_rgba(VL_UI_BAR_BG, 215));
        vl_gfx_rect(app->r, x + 6, y + 4, 14, (float)th, vl_ui_side_color(p->side, 255));
        vl_text_draw(app->text, 12, buf, x + 26, y + 4, vl_rgb(0xFFFFFFu), VL_ALIGN_LEFT);
        y += (float)th + 12;
    }
}

static void draw_plan(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    Placed pl = {0};
    int focus = app->hover >= 0 ? app->hover : app->selected;
    for (int s = 0; s < 2; s++)
        if (app->plan[s].side >= 0)
            draw_goals(app, &app->plan[s], &pl);
    /* Holds and rallies under the moves, charges on top; the unit in hand last. */
    static const VlCommandKind order[] = {VL_CMD_END_PHASE, VL_CMD_RALLY, VL_CMD_MOVE, VL_CMD_FIRE, VL_CMD_ARTILLERY_FIRE,
                                          VL_CMD_CHARGE};
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
            for (int s = 0; s < 2; s++) {
                const VlAiPlan *p = &app->plan[s];
                for (int i = 0; p->side >= 0 && i < p->n; i++)
                    if (p->items[i].kind == order[k] && (p->items[i].unit == focus) == (pass == 1))
                        draw_intent(app, w, &p->items[i], pass == 1);
            }
    draw_plan_banner(app, w);
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
    k.map = app->map_rect;
    k.w = app->width;
    k.h = app->height;
    k.state = vl_game_hash(g);
    for (int i = 0; i < VL_OVERLAY_COUNT; i++)
        k.overlays |= app->overlay[i] ? 1u << i : 0u;
    k.selected = app->selected;
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
    SDL_Rect clip = app->map_rect;
    SDL_RenderSetClipRect(app->r, NULL);
    SDL_RenderSetClipRect(app->r, &clip);
    vl_gfx_rect(app->r, (float)clip.x, (float)clip.y, (float)clip.w, (float)clip.h, vl_rgb(VL_UI_OUTSIDE));
    VlVec2 table[4] = {{0, 0}, {s->width, 0}, {s->width, s->height}, {0, s->height}};
    world_convex(app, table, 4, vl_rgb(VL_UI_TABLE));
    /* A faint 6-inch grid to judge distances by eye. */
    if (app->cam.zoom >= 4) {
        for (double x = 6; x < s->width; x += 6)
            world_line(app, vl_v2(x, 0), vl_v2(x, s->height), 1, vl_rgb(VL_UI_GRID));
        for (double y = 6; y < s->height; y += 6)
            world_line(app, vl_v2(0, y), vl_v2(s->width, y), 1, vl_rgb(VL_UI_GRID));
    }
    draw_terrain(app);
    draw_objectives(app);
    world_outline(app, table, 4, 2, true, vl_rgb(0x5A5340u), false);
    /* Overlays are about the table: clip them to it. */
    float tx0, ty0, tx1, ty1;
    vl_camera_to_screen(&app->cam, vl_v2(0, s->height), &tx0, &ty0);
    vl_camera_to_screen(&app->cam, vl_v2(s->width, 0), &tx1, &ty1);
    SDL_Rect table_px = {(int)floorf(tx0), (int)floorf(ty0), (int)ceilf(tx1 - tx0), (int)ceilf(ty1 - ty0)};
    SDL_Rect over;
    if (!SDL_IntersectRect(&table_px, &clip, &over))
        over = (SDL_Rect){clip.x, clip.y, 0, 0};
    SDL_RenderSetClipRect(app->r, &over);
    draw_overlays(app, g, over);
    SDL_RenderSetClipRect(app->r, &clip);
    draw_terrain_labels(app);
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < w->nunits; u++) {
            if (!vl_world_present(w, u))
                continue;
            /* Generals on top of their regiments. */
            if ((w->scenario->units[u].type == VL_GENERAL) != (pass == 1))
                continue;
            draw_unit(app, w, u, u == app->selected);
        }
    if (app->overlay[VL_OVERLAY_THREATS])
        overlay_threats(app, g);
}

/* Draw the base into the cache when its key changed; false when there is no cache to copy. */
static bool cache_base(VlUiApp *app, const VlGame *g)
{
    if (app->table_cache && (app->table_cache_w != app->width || app->table_cache_h != app->height)) {
        SDL_DestroyTexture(app->table_cache);
        app->table_cache = NULL;
        app->table_cache_valid = false;
    }
    if (!app->table_cache && !app->table_cache_failed) {
        app->table_cache = SDL_CreateTexture(app->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, app->width, app->height);
        app->table_cache_failed = app->table_cache == NULL;
        app->table_cache_w = app->width;
        app->table_cache_h = app->height;
        app->table_cache_valid = false;
    }
    if (!app->table_cache)
        return false;
    uint64_t key = table_key(app, g);
    if (app->table_cache_valid && app->table_cache_key == key)
        return true;
    if (SDL_SetRenderTarget(app->r, app->table_cache) != 0)
        return false;
    app->draw_target = app->table_cache;
    draw_base(app, g);
    app->draw_target = NULL;
    SDL_SetRenderTarget(app->r, NULL);
    app->table_cache_valid = true;
    app->table_cache_key = key;
    return true;
}

void vl_ui_draw_table(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    SDL_Rect clip = app->map_rect;
    if (cache_base(app, g)) {
        SDL_RenderSetClipRect(app->r, NULL);
        SDL_SetTextureBlendMode(app->table_cache, SDL_BLENDMODE_NONE);
        SDL_RenderCopy(app->r, app->table_cache, &clip, &clip);
    } else {
        draw_base(app, g);
    }
    SDL_RenderSetClipRect(app->r, NULL);
    SDL_RenderSetClipRect(app->r, &clip);
    /* Labels follow the unit under the pointer: drawn each frame. */
    for (int u = 0; u < w->nunits; u++)
        if (vl_world_present(w, u))
            draw_unit_labels(app, w, u, u == app->selected);
    draw_declared_charges(app, g);
    if (app->overlay[VL_OVERLAY_PLAN] && app->screen == VL_SCREEN_GAME && !app->sandbox)
        draw_plan(app, g);
    /* A chained order's ghost, or the one being dragged. */
    if (app->have_move)
        draw_move_preview(app, w);
    if (app->gesture.kind == VL_GEST_CHARGE && app->gesture.unit >= 0 && app->gesture.target < 0) {
        const VlFieldUnit *fu = vl_world_unit(w, app->gesture.unit);
        float x, y;
        vl_camera_to_screen(&app->cam, fu->pose.anchor, &x, &y);
        vl_gfx_line(app->r, x, y, app->gesture.lastx, app->gesture.lasty, 2, vl_rgba(0x000000u, 160));
    }
    /* The line of fire first: the charge's face struck goes on top of the target's outline. */
    if (app->have_fire)
        draw_fire_preview(app, w, &app->fire);
    if (app->have_charge)
        draw_charge_preview(app, w, &app->charge, true);
    SDL_RenderSetClipRect(app->r, NULL);
}
