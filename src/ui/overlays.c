/* The overlays, toggled by keys 1 to 6: fire corridors and artillery arcs, primary zones, command
 * radius, threatened flanks, movement allowance, and the computer's plan. */
#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the area overlays ----
 * Area overlays are drawn in two passes: the fills, written with the overlay's alpha (not blended)
 * into a layer texture that is then laid over the table once (so overlapping zones do not darken,
 * and the software renderer writes pixels instead of blending every shape, then blends the layer
 * with its fast per-pixel-alpha blitter, which skips the empty pixels), and the outlines and labels
 * on top. Without a layer (a renderer without texture targets) fills are blended directly. */

/* GOR-ART-3, GOR-ART-5: artillery reaches 60 in (rifled), 40 in (smoothbore). */

typedef enum Pass { PASS_FILL, PASS_LINES } Pass;

static bool layer_begin(VlUiApp *app, SDL_Rect area)
{
    VlUiTableCache *c = &app->cache;
    if (vl_ui_window_texture(app, &c->layer, &c->layer_w, &c->layer_h, &c->layer_failed) && c->layer)
        SDL_SetTextureBlendMode(c->layer, SDL_BLENDMODE_BLEND);
    if (!app->cache.layer || SDL_SetRenderTarget(app->r, app->cache.layer) != 0)
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
    SDL_SetRenderTarget(app->r, app->cache.draw_target);
    /* SDL skips a clip rectangle equal to the last one queued, even across a change of target:
     * clear it first so that the window's clip is really set. */
    SDL_RenderSetClipRect(app->r, NULL);
    SDL_RenderSetClipRect(app->r, &clip);
    SDL_SetTextureAlphaMod(app->cache.layer, 255);
    SDL_RenderCopy(app->r, app->cache.layer, &clip, &clip);
}

/* Each overlay's alpha when its fills are laid over the table as one layer (4, the threatened
 * flanks, has no fills). */
static const Uint8 layer_alpha[VL_OVERLAY_COUNT] = {56, VL_UI_ZONE_ALPHA, 40, 0, 60};

/* Fill colour for a pass: the layer's alpha into the layer, or translucent when drawn directly. */
static SDL_Color fill_of(unsigned rgb, Uint8 direct_alpha, bool layered, int overlay)
{
    return vl_ui_rgba(rgb, layered ? layer_alpha[overlay] : direct_alpha);
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
            vl_ui_world_convex(app, poly, n, fill_of(rgb, 28, layered, VL_OVERLAY_FIRE));
        else
            vl_ui_world_outline(app, poly, n, 1.5f, true, vl_ui_rgba(rgb, 170), true);
    }
}

static void overlay_zones(VlUiApp *app, const VlWorld *w, Pass pass, bool layered)
{
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || w->scenario->units[u].type == VL_GENERAL)
            continue;
        VlQuad z = vl_zone_ahead(&vl_world_unit(w, u)->fp, VL_PRIMARY_ZONE_DEPTH);
        if (pass == PASS_FILL)
            vl_ui_world_convex(app, z.p, 4, fill_of(VL_UI_ZONE_TINT, VL_UI_ZONE_ALPHA, layered, VL_OVERLAY_ZONES));
        else
            vl_ui_world_outline(app, z.p, 4, 1, true, vl_ui_rgba(0x8E4F75u, 160), false);
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
            vl_ui_world_convex(app, ring, n, fill_of(rgb, 24, layered, VL_OVERLAY_COMMAND));
        else
            vl_ui_world_outline(app, ring, n, 2, true, vl_ui_rgba(side == 0 ? VL_UI_SIDE0 : VL_UI_SIDE1, 210), true);
    }
    if (pass == PASS_FILL)
        return;
    /* Units out of command (GOR-CMD-1): a dashed amber ring round them. */
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || w->scenario->units[u].type == VL_GENERAL || vl_world_in_command(w, u, NULL))
            continue;
        VlVec2 ring[64];
        int n = offset_convex(vl_world_unit(w, u)->fp.box.p, 4, 0.35, ring, 64);
        vl_ui_world_outline(app, ring, n, 2.5f, true, vl_ui_rgb(0xE69F00u), true);
    }
}

void vl_ui_refresh_threats(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    uint64_t h = vl_game_hash(g);
    if (app->cache.threat_valid && h == app->cache.threat_hash)
        return;
    free(app->cache.threat);
    app->cache.threat = malloc((size_t)(w->nunits ? w->nunits : 1) * sizeof *app->cache.threat);
    if (!app->cache.threat) {
        app->cache.threat_valid = false;
        return;
    }
    for (int u = 0; u < w->nunits; u++) {
        for (int f = 0; f < 4; f++)
            app->cache.threat[u][f] = -1;
        if (vl_world_present(w, u) && w->scenario->units[u].type != VL_GENERAL)
            vl_threatened_faces(w, u, app->cache.threat[u], NULL);
    }
    app->cache.threat_hash = h;
    app->cache.threat_valid = true;
}

void vl_ui_draw_threats(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    vl_ui_refresh_threats(app, g);
    if (!app->cache.threat_valid)
        return;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u))
            continue;
        const VlFootprint *fp = &vl_world_unit(w, u)->fp;
        for (int f = 0; f < 4; f++) {
            int e = app->cache.threat[u][f];
            if (e < 0 || !vl_world_present(w, e))
                continue;
            VlVec2 a, b;
            vl_footprint_face(fp, (VlFace)f, &a, &b);
            VlVec2 mid = vl_v2_lerp(a, b, 0.5);
            const VlFootprint *ef = &vl_world_unit(w, e)->fp;
            VlVec2 from = vl_v2_lerp(ef->box.p[0], ef->box.p[1], 0.5);
            vl_ui_world_line(app, from, mid, 1.5f, vl_ui_rgba(0x000000u, 120));
            vl_ui_world_line(app, a, b, 7, vl_ui_rgb(0x000000u));
            vl_ui_world_line(app, a, b, 4, vl_ui_rgb(VL_UI_THREAT));
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
            vl_ui_world_convex(app, q.p, 4, fill_of(VL_UI_GOOD, 40, layered, VL_OVERLAY_MOVE));
            continue;
        }
        vl_ui_world_outline(app, q.p, 4, 1.5f, true, vl_ui_rgba(VL_UI_GOOD, 200), true);
        if (app->cam.zoom >= 14 || u == app->view.selected) {
            char s[32];
            snprintf(s, sizeof s, "%g in", a.max);
            vl_ui_world_text(app, vl_v2_lerp(q.p[2], q.p[3], 0.5), 10, s, vl_ui_rgba(0x00573Fu, 230), -14);
        }
    }
}

/* The overlays that are on, clipped to the table. */
void vl_ui_draw_overlays(VlUiApp *app, const VlGame *g, SDL_Rect table_px)
{
    const VlWorld *w = vl_game_world_const(g);
    static const int order[] = {VL_OVERLAY_ZONES, VL_OVERLAY_FIRE, VL_OVERLAY_MOVE, VL_OVERLAY_COMMAND};
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        int o = order[k];
        if (!app->view.overlay[o])
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
    vl_ui_draw_blind_zones(app, g, table_px);
}

/* ---- overlay 6: the computer's plan ----
 * What the commander decided this player turn (or last, while the next player plays), drawn over the
 * units in its side's colour: an arrow for each move (and the unit's outline, dashed, where the move
 * takes it until it is there), a thin line for fire, a bold arrow for a charge, a ring for a unit
 * told to hold and a cross for a rally; each brigade's goal as a target with what it is, and the
 * place its front line is making for as a bar facing the way the line should face. The unit pointed
 * at or selected has its decisions haloed in yellow; the unit card says why. */

/* Labels placed this frame: a new one moves down until it is clear of them and of the table's own
 * labels (the placer's, as drawn: scene.c). */
typedef struct Placed {
    int n;
    SDL_FRect r[VL_AI_MAX_GOALS * 2 + 4];
    const VlUiLabels *table;
} Placed;

static bool frect_overlap(SDL_FRect a, SDL_FRect b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }

static float place_label(Placed *pl, float x, float y, float w, float h)
{
    int ntable = pl->table ? pl->table->ndrawn : 0;
    for (int tries = 0; tries < 24; tries++) {
        SDL_FRect me = {x - 3, y - 1, w + 6, h + 2};
        bool clear = true;
        for (int i = 0; i < pl->n + ntable && clear; i++) {
            SDL_FRect o;
            if (i < pl->n) {
                o = pl->r[i];
            } else {
                VlLabelBox b = pl->table->drawn[i - pl->n].box;
                o = (SDL_FRect){b.x, b.y, b.w, b.h};
            }
            if (frect_overlap(me, o)) {
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
    vl_ui_gfx_line(app->r, a.x, a.y, stem.x, stem.y, width + 3, halo);
    SDL_FPoint big[3] = {{b.x + dx * 2.5f, b.y + dy * 2.5f},
                         {tip[1].x - dx * 1.5f - dy * 1.5f, tip[1].y - dy * 1.5f + dx * 1.5f},
                         {tip[2].x - dx * 1.5f + dy * 1.5f, tip[2].y - dy * 1.5f - dx * 1.5f}};
    vl_ui_gfx_convex(app->r, big, 3, halo);
    vl_ui_gfx_line(app->r, a.x, a.y, stem.x, stem.y, width, c);
    vl_ui_gfx_convex(app->r, tip, 3, c);
}

static void draw_intent(VlUiApp *app, const VlWorld *w, const VlAiIntent *it, bool focus)
{
    if (it->unit < 0 || it->unit >= w->nunits || (!it->issued && it->kind != VL_CMD_END_PHASE))
        return;
    int side = vl_world_side(w, it->unit);
    SDL_Color c = vl_ui_side_color(side, 255), dark = vl_ui_side_dark(side);
    SDL_Color halo = focus ? vl_ui_rgb(VL_UI_SELECT) : vl_ui_rgba(0xFFFFFFu, 220);
    SDL_FPoint a = vl_ui_px_of(app, it->from.anchor);
    bool has_target = it->target >= 0 && it->target < w->nunits && vl_world_present(w, it->target);
    switch (it->kind) {
    case VL_CMD_MOVE: {
        SDL_FPoint b = vl_ui_px_of(app, it->to.anchor);
        float len = hypotf(b.x - a.x, b.y - a.y);
        const VlFieldUnit *fu = vl_world_unit(w, it->unit);
        /* Where the move takes it, until it stands there. */
        if (vl_world_present(w, it->unit) &&
            (vl_v2_dist(fu->pose.anchor, it->to.anchor) > 0.05 || fabs(remainder(fu->pose.facing - it->to.facing, 360.0)) > 1 ||
             fu->formation != it->to_formation)) {
            VlFootprint fp;
            vl_footprint_build(&fp, it->to, it->to_formation, fu->spec);
            vl_ui_world_outline(app, fp.box.p, 4, focus ? 3.5f : 2.5f, true, halo, false);
            vl_ui_world_outline(app, fp.box.p, 4, 1.5f, true, c, true);
        }
        if (len >= 4) {
            plan_arrow(app, a, b, focus ? 4.5f : 3.5f, 13, c, halo);
        } else {
            /* A change of formation or facing on the spot: a diamond. */
            SDL_FPoint d[4] = {{a.x, a.y - 7}, {a.x + 7, a.y}, {a.x, a.y + 7}, {a.x - 7, a.y}};
            SDL_FPoint dh[4] = {{a.x, a.y - 9.5f}, {a.x + 9.5f, a.y}, {a.x, a.y + 9.5f}, {a.x - 9.5f, a.y}};
            vl_ui_gfx_convex(app->r, dh, 4, halo);
            vl_ui_gfx_convex(app->r, d, 4, c);
        }
        return;
    }
    case VL_CMD_FIRE:
    case VL_CMD_ARTILLERY_FIRE: {
        if (!has_target)
            return;
        SDL_FPoint b = vl_ui_px_of(app, vl_ui_centre_of(&vl_world_unit(w, it->target)->fp));
        vl_ui_gfx_line(app->r, a.x, a.y, b.x, b.y, focus ? 4.5f : 3.5f, halo);
        vl_ui_gfx_line(app->r, a.x, a.y, b.x, b.y, 1.5f, c);
        vl_ui_gfx_disc(app->r, b.x, b.y, 5, halo);
        vl_ui_gfx_disc(app->r, b.x, b.y, 3.5f, c);
        return;
    }
    case VL_CMD_CHARGE: {
        if (!has_target)
            return;
        SDL_FPoint b = vl_ui_px_of(app, vl_ui_centre_of(&vl_world_unit(w, it->target)->fp));
        plan_arrow(app, a, b, 5.5f, 18, c, focus ? halo : vl_ui_rgb(0x111111u));
        return;
    }
    case VL_CMD_RALLY:
        vl_ui_gfx_disc(app->r, a.x, a.y, 8.5f, halo);
        vl_ui_gfx_disc(app->r, a.x, a.y, 7, c);
        vl_ui_gfx_line(app->r, a.x - 4, a.y, a.x + 4, a.y, 2, vl_ui_rgb(0xFFFFFFu));
        vl_ui_gfx_line(app->r, a.x, a.y - 4, a.x, a.y + 4, 2, vl_ui_rgb(0xFFFFFFu));
        return;
    case VL_CMD_END_PHASE: {
        /* Told to hold: a ring, while it stands where it held (a later move has its own arrow). */
        const VlFieldUnit *fu = vl_world_unit(w, it->unit);
        if (!vl_world_present(w, it->unit) || vl_v2_dist(fu->pose.anchor, it->from.anchor) > 0.05)
            return;
        SDL_FPoint ring[16];
        for (int k = 0; k < 16; k++)
            ring[k] = (SDL_FPoint){a.x + 5.5f * cosf((float)k * 2 * VL_UI_PI_F / 16), a.y + 5.5f * sinf((float)k * 2 * VL_UI_PI_F / 16)};
        vl_ui_gfx_polyline(app->r, ring, 16, focus ? 5 : 4, true, halo);
        vl_ui_gfx_polyline(app->r, ring, 16, 2, true, dark);
        return;
    }
    default: return;
    }
}

static void draw_goals(VlUiApp *app, const VlAiPlan *p, Placed *pl)
{
    SDL_Color c = vl_ui_side_color(p->side, 255), halo = vl_ui_rgba(0xFFFFFFu, 220);
    for (int k = 0; k < p->ngoals; k++) {
        const VlAiGoal *gl = &p->goals[k];
        if (!isfinite(gl->point.x) || !isfinite(gl->point.y))
            continue;
        /* The front: a bar across the way the line should face, a tick that way, and a dashed line on
         * to the goal. */
        VlVec2 fwd = vl_facing_forward(gl->facing), right = vl_facing_right(gl->facing);
        if (isfinite(gl->front.x) && isfinite(gl->front.y)) {
            SDL_FPoint f = vl_ui_px_of(app, gl->front), g = vl_ui_px_of(app, gl->point);
            SDL_FPoint l = vl_ui_px_of(app, vl_v2_mad(gl->front, right, -2)), r = vl_ui_px_of(app, vl_v2_mad(gl->front, right, 2));
            SDL_FPoint t = vl_ui_px_of(app, vl_v2_mad(gl->front, fwd, 1.2));
            SDL_FPoint path[2] = {f, g};
            vl_ui_gfx_dashed(app->r, path, 2, 1.5f, false, 6, 6, vl_ui_side_color(p->side, 130));
            vl_ui_gfx_line(app->r, l.x, l.y, r.x, r.y, 7, halo);
            vl_ui_gfx_line(app->r, f.x, f.y, t.x, t.y, 5, halo);
            vl_ui_gfx_line(app->r, l.x, l.y, r.x, r.y, 4, c);
            vl_ui_gfx_line(app->r, f.x, f.y, t.x, t.y, 2.5f, c);
        }
        /* The goal: a target, once however many brigades make for it, with what each wants there
         * (once for brigades that want the same of the same place). */
        bool again = false;
        for (int j = 0; j < k && !again; j++)
            again = vl_v2_dist(p->goals[j].point, gl->point) < 0.5;
        SDL_FPoint g = vl_ui_px_of(app, gl->point);
        if (!again) {
            SDL_FPoint ring[24];
            for (int i = 0; i < 24; i++)
                ring[i] = (SDL_FPoint){g.x + 10 * cosf((float)i * 2 * VL_UI_PI_F / 24), g.y + 10 * sinf((float)i * 2 * VL_UI_PI_F / 24)};
            vl_ui_gfx_polyline(app->r, ring, 24, 6, true, halo);
            vl_ui_gfx_polyline(app->r, ring, 24, 3, true, c);
            vl_ui_gfx_line(app->r, g.x - 15, g.y, g.x + 15, g.y, 2, c);
            vl_ui_gfx_line(app->r, g.x, g.y - 15, g.x, g.y + 15, 2, c);
        }
        bool same = false;
        for (int j = 0; j < k && !same; j++)
            same = vl_v2_dist(p->goals[j].point, gl->point) < 3 && strcmp(p->goals[j].what, gl->what) == 0;
        if (same || !gl->what[0])
            continue;
        /* Right of the target: an objective's own name is below it and its ground's above. */
        int tw, th;
        vl_ui_text_size(app->text, 12, gl->what, &tw, &th);
        float y = place_label(pl, g.x + 19, g.y - (float)th / 2, (float)tw, (float)th);
        vl_ui_boxed_text(app, g.x + 19, y, 12, gl->what, vl_ui_side_dark(p->side), vl_ui_rgba(0xFFFFFFu, 230), VL_ALIGN_LEFT);
        vl_ui_gfx_rect(app->r, g.x + 12, y - 1, 4, (float)th + 2, c); /* whose goal, by colour */
    }
}

/* What each computer side is about: its posture, level and the work it did, at the table's top left. */
static void draw_plan_banner(VlUiApp *app, const VlWorld *w)
{
    float x = (float)app->rects.map.x + 10, y = (float)app->rects.map.y + 10;
    for (int s = 0; s < 2; s++) {
        const VlAiPlan *p = &app->ai.plan[s];
        if (p->side < 0)
            continue;
        char buf[320];
        const char *level = vl_ai_level_name(p->level);
        int n = snprintf(buf, sizeof buf, "%s's plan, turn %d (%s): ", w->scenario->sides[p->side].name, p->turn,
                         level ? level : "?");
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%s", p->posture[0] ? p->posture : "fire and charges");
        snprintf(buf + n, sizeof buf - (size_t)n, " \xC2\xB7 %d orders judged, %d played out", p->evaluated, p->simulated);
        int tw, th;
        vl_ui_text_size(app->text, 12, buf, &tw, &th);
        vl_ui_gfx_rect(app->r, x, y, (float)tw + 34, (float)th + 8, vl_ui_rgba(VL_UI_BAR_BG, 215));
        vl_ui_gfx_rect(app->r, x + 6, y + 4, 14, (float)th, vl_ui_side_color(p->side, 255));
        vl_ui_text_draw(app->text, 12, buf, x + 26, y + 4, vl_ui_rgb(0xFFFFFFu), VL_ALIGN_LEFT);
        y += (float)th + 12;
    }
}

void vl_ui_draw_plan(VlUiApp *app, const VlGame *g)
{
    const VlWorld *w = vl_game_world_const(g);
    Placed pl = {0};
    pl.table = &app->cache.labels;
    int focus = app->view.hover >= 0 ? app->view.hover : app->view.selected;
    for (int s = 0; s < 2; s++)
        if (app->ai.plan[s].side >= 0)
            draw_goals(app, &app->ai.plan[s], &pl);
    /* Holds and rallies under the moves, charges on top; the unit in hand last. */
    static const VlCommandKind order[] = {VL_CMD_END_PHASE, VL_CMD_RALLY, VL_CMD_MOVE, VL_CMD_FIRE, VL_CMD_ARTILLERY_FIRE,
                                          VL_CMD_CHARGE};
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
            for (int s = 0; s < 2; s++) {
                const VlAiPlan *p = &app->ai.plan[s];
                for (int i = 0; p->side >= 0 && i < p->n; i++)
                    if (p->items[i].kind == order[k] && (p->items[i].unit == focus) == (pass == 1))
                        draw_intent(app, w, &p->items[i], pass == 1);
            }
    draw_plan_banner(app, w);
}
