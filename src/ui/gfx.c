/* Drawing primitives: everything is triangles handed to SDL_RenderGeometry, which every SDL renderer
 * (the software one included) draws with the renderer's blend mode. */
#include "gfx.h"

#include "camera.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- triangulation: ear clipping ---- */

static double cross3(VlVec2 a, VlVec2 b, VlVec2 c) { return vl_v2_cross(vl_v2_sub(b, a), vl_v2_sub(c, a)); }

/* p strictly inside or on triangle abc (counter-clockwise). */
static bool in_triangle(VlVec2 p, VlVec2 a, VlVec2 b, VlVec2 c)
{
    return cross3(a, b, p) >= 0 && cross3(b, c, p) >= 0 && cross3(c, a, p) >= 0;
}

int vl_ui_triangulate(const VlVec2 *pts, int n, int *tri)
{
    if (n < 3)
        return 0;
    int *v = malloc((size_t)n * sizeof *v);
    if (!v)
        return 0;
    /* Work counter-clockwise. */
    bool ccw = vl_poly_signed_area(pts, n) > 0;
    for (int i = 0; i < n; i++)
        v[i] = ccw ? i : n - 1 - i;
    int m = n, ntri = 0, guard = 0;
    int i = 0;
    while (m > 3 && guard < 2 * m) {
        int a = v[(i + m - 1) % m], b = v[i % m], c = v[(i + 1) % m];
        bool ear = cross3(pts[a], pts[b], pts[c]) > 0;
        for (int k = 0; ear && k < m; k++) {
            int p = v[k];
            if (p == a || p == b || p == c)
                continue;
            /* A reflex vertex inside the candidate ear spoils it. */
            if (in_triangle(pts[p], pts[a], pts[b], pts[c]))
                ear = false;
        }
        if (ear) {
            tri[3 * ntri] = a;
            tri[3 * ntri + 1] = b;
            tri[3 * ntri + 2] = c;
            ntri++;
            memmove(&v[i % m], &v[i % m + 1], (size_t)(m - i % m - 1) * sizeof *v);
            m--;
            guard = 0;
            if (i >= m)
                i = 0;
        } else {
            i = (i + 1) % m;
            guard++;
        }
    }
    if (m > 3) {
        /* Only degenerate leftovers (collinear points, touching edges): close them as a fan so that
         * nothing of the feature is left undrawn. */
        for (int k = 1; k + 1 < m; k++) {
            tri[3 * ntri] = v[0];
            tri[3 * ntri + 1] = v[k];
            tri[3 * ntri + 2] = v[k + 1];
            ntri++;
        }
    } else {
        tri[3 * ntri] = v[0];
        tri[3 * ntri + 1] = v[1];
        tri[3 * ntri + 2] = v[2];
        ntri++;
    }
    free(v);
    return ntri;
}

/* ---- shapes ---- */

/* SDL's software renderer cuts a vertex to whole pixels towards zero. Floored here, a point left of
 * or above the window lands where it would land moved on by whole pixels (the table's cache is drawn
 * with the window's points so moved: scene.c); on the window's pixels it is the same. */
static SDL_Vertex vert(float x, float y, SDL_Color c) { return (SDL_Vertex){{floorf(x), floorf(y)}, c, {0, 0}}; }

/* Opaque shapes are drawn without blending: the software renderer then writes pixels instead of
 * blending them (for a translucent triangle it fills a scratch surface and blits it), several times
 * faster. A caller that has set SDL_BLENDMODE_NONE itself (drawing into an overlay layer) gets its
 * colours written as they are, alpha included. */
static void geometry(SDL_Renderer *r, const SDL_Vertex *v, int nv, const int *idx, int ni, Uint8 alpha)
{
    SDL_BlendMode mode = SDL_BLENDMODE_BLEND;
    SDL_GetRenderDrawBlendMode(r, &mode);
    if (mode == SDL_BLENDMODE_NONE && alpha < 255) {
        /* SDL's software renderer draws two triangles that make an axis-aligned rectangle as a
         * blended rectangle whatever the blend mode: one triangle a call keeps them written. */
        for (int i = 0; i + 2 < ni; i += 3)
            SDL_RenderGeometry(r, NULL, v, nv, idx + i, 3);
        return;
    }
    if (alpha == 255 && mode != SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    SDL_RenderGeometry(r, NULL, v, nv, idx, ni);
    if (alpha == 255 && mode != SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawBlendMode(r, mode);
}

void vl_ui_gfx_triangles(SDL_Renderer *r, const SDL_FPoint *pts, int npts, const int *idx, int nidx, SDL_Color c)
{
    if (npts <= 0 || nidx <= 0)
        return;
    SDL_Vertex stackv[256];
    SDL_Vertex *v = npts <= 256 ? stackv : malloc((size_t)npts * sizeof *v);
    if (!v)
        return;
    for (int i = 0; i < npts; i++)
        v[i] = vert(pts[i].x, pts[i].y, c);
    geometry(r, v, npts, idx, nidx, c.a);
    if (v != stackv)
        free(v);
}

void vl_ui_gfx_convex(SDL_Renderer *r, const SDL_FPoint *pts, int n, SDL_Color c)
{
    if (n < 3)
        return;
    SDL_Vertex stackv[64];
    int stacki[3 * 62];
    SDL_Vertex *v = n <= 64 ? stackv : malloc((size_t)n * sizeof *v);
    int *idx = n <= 64 ? stacki : malloc((size_t)(3 * (n - 2)) * sizeof *idx);
    if (v && idx) {
        for (int i = 0; i < n; i++)
            v[i] = vert(pts[i].x, pts[i].y, c);
        /* Big polygons of five corners or more: a zigzag strip rather than a fan from one corner.
         * The same outer edges, so the same pixels, but each triangle's bounding box (which the
         * software renderer scans pixel by pixel) is a sliver of the polygon's rather than most of
         * it. Small ones keep the fan: SDL's software renderer leaves out the pixels on a triangle's
         * rightmost and lowest vertex, which slivers of a 5-pixel disc would show as a missing
         * column. Quads keep the fan too: its diagonal is never taken for an axis-aligned
         * rectangle, which SDL's software renderer would fill blended, pixel by pixel. */
        float x0 = pts[0].x, x1 = pts[0].x, y0 = pts[0].y, y1 = pts[0].y;
        for (int i = 1; i < n; i++) {
            x0 = fminf(x0, pts[i].x);
            x1 = fmaxf(x1, pts[i].x);
            y0 = fminf(y0, pts[i].y);
            y1 = fmaxf(y1, pts[i].y);
        }
        int lo = 0, hi = n - 1, k = 0;
        if (n < 5 || x1 - x0 < 32 || y1 - y0 < 32) {
            for (int i = 0; i + 2 < n; i++) {
                idx[k++] = 0;
                idx[k++] = i + 1;
                idx[k++] = i + 2;
            }
            hi = lo;
        }
        while (hi - lo >= 2) {
            idx[k++] = lo;
            idx[k++] = lo + 1;
            idx[k++] = hi;
            lo++;
            if (hi - lo < 2)
                break;
            idx[k++] = lo;
            idx[k++] = hi - 1;
            idx[k++] = hi;
            hi--;
        }
        geometry(r, v, n, idx, k, c.a);
    }
    if (v != stackv)
        free(v);
    if (idx != stacki)
        free(idx);
}

static int disc_segments(float radius)
{
    int n = (int)(radius * 0.8f) + 8;
    return n > 48 ? 48 : n;
}

void vl_ui_gfx_disc(SDL_Renderer *r, float cx, float cy, float radius, SDL_Color c)
{
    SDL_FPoint pts[48];
    int n = disc_segments(radius);
    for (int i = 0; i < n; i++) {
        float a = (float)i * 6.2831853f / (float)n;
        pts[i] = (SDL_FPoint){cx + vl_ui_snap(radius * cosf(a)), cy + vl_ui_snap(radius * sinf(a))};
    }
    vl_ui_gfx_convex(r, pts, n, c);
}

void vl_ui_gfx_rect(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c)
{
    /* Rectangles take SDL's fill path, the fastest there is. */
    SDL_FRect rect = {floorf(x), floorf(y), w, h}; /* floored as vert() is */
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_BlendMode mode = SDL_BLENDMODE_BLEND;
    SDL_GetRenderDrawBlendMode(r, &mode);
    if (c.a == 255 && mode != SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    SDL_RenderFillRectF(r, &rect);
    if (c.a == 255 && mode != SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawBlendMode(r, mode);
}

void vl_ui_gfx_rect_outline(SDL_Renderer *r, float x, float y, float w, float h, float width, SDL_Color c)
{
    vl_ui_gfx_rect(r, x, y, w, width, c);
    vl_ui_gfx_rect(r, x, y + h - width, w, width, c);
    vl_ui_gfx_rect(r, x, y + width, width, h - 2 * width, c);
    vl_ui_gfx_rect(r, x + w - width, y + width, width, h - 2 * width, c);
}

/* Append a segment's quad (and, for wide lines, a round cap at its start) to a vertex list. */
typedef struct VBuf {
    SDL_Vertex *v;
    int *idx;
    int nv, ni, cv, ci;
} VBuf;

static bool vb_room(VBuf *b, int nv, int ni)
{
    if (b->nv + nv > b->cv) {
        int cap = (b->nv + nv) * 2;
        SDL_Vertex *v = realloc(b->v, (size_t)cap * sizeof *v);
        if (!v)
            return false;
        b->v = v;
        b->cv = cap;
    }
    if (b->ni + ni > b->ci) {
        int cap = (b->ni + ni) * 2;
        int *i = realloc(b->idx, (size_t)cap * sizeof *i);
        if (!i)
            return false;
        b->idx = i;
        b->ci = cap;
    }
    return true;
}

static void vb_segment(VBuf *b, SDL_FPoint p, SDL_FPoint q, float width, SDL_Color c)
{
    float dx = q.x - p.x, dy = q.y - p.y, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-4f)
        return;
    /* The offsets snapped (camera.h): the corners then move with the ends by whole pixels exactly. */
    float nx = vl_ui_snap(-dy / len * width * 0.5f), ny = vl_ui_snap(dx / len * width * 0.5f);
    if (!vb_room(b, 4, 6))
        return;
    int o = b->nv;
    b->v[b->nv++] = vert(p.x + nx, p.y + ny, c);
    b->v[b->nv++] = vert(q.x + nx, q.y + ny, c);
    b->v[b->nv++] = vert(q.x - nx, q.y - ny, c);
    b->v[b->nv++] = vert(p.x - nx, p.y - ny, c);
    int quad[6] = {o, o + 1, o + 2, o, o + 2, o + 3};
    memcpy(b->idx + b->ni, quad, sizeof quad);
    b->ni += 6;
}

static void vb_joint(VBuf *b, SDL_FPoint p, float width, SDL_Color c)
{
    float rad = width * 0.5f;
    int n = disc_segments(rad);
    if (n > 16)
        n = 16;
    if (!vb_room(b, n + 1, 3 * n))
        return;
    int o = b->nv;
    b->v[b->nv++] = vert(p.x, p.y, c);
    for (int i = 0; i < n; i++) {
        float a = (float)i * 6.2831853f / (float)n;
        b->v[b->nv++] = vert(p.x + vl_ui_snap(rad * cosf(a)), p.y + vl_ui_snap(rad * sinf(a)), c);
    }
    for (int i = 0; i < n; i++) {
        b->idx[b->ni++] = o;
        b->idx[b->ni++] = o + 1 + i;
        b->idx[b->ni++] = o + 1 + (i + 1) % n;
    }
}

static void vb_flush(SDL_Renderer *r, VBuf *b)
{
    if (b->ni)
        geometry(r, b->v, b->nv, b->idx, b->ni, b->nv ? b->v[0].color.a : 255);
    free(b->v);
    free(b->idx);
    memset(b, 0, sizeof *b);
}

void vl_ui_gfx_polyline(SDL_Renderer *r, const SDL_FPoint *pts, int n, float width, bool closed, SDL_Color c)
{
    if (n < 2)
        return;
    VBuf b = {0};
    int nseg = closed ? n : n - 1;
    for (int i = 0; i < nseg; i++)
        vb_segment(&b, pts[i], pts[(i + 1) % n], width, c);
    /* Round joints hide the notches between wide segments; thin lines do not need them. Joints
     * are drawn over the quads, which with a translucent colour darkens them slightly: acceptable. */
    if (width >= 3.0f && c.a == 255)
        for (int i = closed ? 0 : 1; i < (closed ? n : n - 1); i++)
            vb_joint(&b, pts[i], width, c);
    vb_flush(r, &b);
}

void vl_ui_gfx_dashed(SDL_Renderer *r, const SDL_FPoint *pts, int n, float width, bool closed, float dash, float gap,
                   SDL_Color c)
{
    if (n < 2 || dash <= 0)
        return;
    VBuf b = {0};
    int nseg = closed ? n : n - 1;
    float phase = 0; /* distance into the current dash+gap period */
    float period = dash + gap;
    for (int i = 0; i < nseg; i++) {
        SDL_FPoint p = pts[i], q = pts[(i + 1) % n];
        float dx = q.x - p.x, dy = q.y - p.y, len = sqrtf(dx * dx + dy * dy);
        float s = 0;
        while (s < len) {
            float in_period = fmodf(phase, period);
            bool on = in_period < dash;
            float left = on ? dash - in_period : period - in_period;
            float e = s + left < len ? s + left : len;
            if (on) {
                SDL_FPoint a = {p.x + vl_ui_snap(dx * s / len), p.y + vl_ui_snap(dy * s / len)},
                           z = {p.x + vl_ui_snap(dx * e / len), p.y + vl_ui_snap(dy * e / len)};
                vb_segment(&b, a, z, width, c);
            }
            phase += e - s;
            s = e;
            if (b.nv > 60000)
                break;
        }
    }
    vb_flush(r, &b);
}

void vl_ui_gfx_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width, SDL_Color c)
{
    SDL_FPoint p[2] = {{x0, y0}, {x1, y1}};
    vl_ui_gfx_polyline(r, p, 2, width, false, c);
}
