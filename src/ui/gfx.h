/**
 * @file gfx.h
 * @brief Drawing primitives for the game screen on an SDL_Renderer, text with SDL2_ttf, and the
 *        small pieces of geometry drawing needs.
 *
 * Offers:
 *  - vl_ui_triangulate(): ear clipping of a simple polygon (concave terrain is triangulated once).
 *  - Filled triangles, convex polygons, discs; thick and dashed polylines (SDL_RenderGeometry).
 *  - VlText: a TrueType font at several sizes with a cache of rendered strings.
 *  - vl_ui_png_write(), vl_ui_png_write_renderer(): screenshots as PNG files (SDL2_image).
 */
#ifndef VOLLEY_UI_GFX_H
#define VOLLEY_UI_GFX_H

#include "volley/geom.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- colours ---- */
static inline SDL_Color vl_ui_rgba(unsigned rgb, Uint8 a)
{
    return (SDL_Color){(Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, a};
}
static inline SDL_Color vl_ui_rgb(unsigned rgb) { return vl_ui_rgba(rgb, 255); }

/* ---- triangulation ---- */

/// Ear-clip a simple polygon (either winding, n >= 3) into n - 2 triangles; @p tri receives
/// 3 * (n - 2) vertex indices. Returns the number of triangles written (0 on a degenerate input).
int vl_ui_triangulate(const VlVec2 *pts, int n, int *tri);

/* ---- shapes, in window pixels ---- */

/// Triangles given by index triples into @p pts.
void vl_ui_gfx_triangles(SDL_Renderer *r, const SDL_FPoint *pts, int npts, const int *idx, int nidx, SDL_Color c);
/// A convex polygon as a fan.
void vl_ui_gfx_convex(SDL_Renderer *r, const SDL_FPoint *pts, int n, SDL_Color c);
/// A filled disc.
void vl_ui_gfx_disc(SDL_Renderer *r, float cx, float cy, float radius, SDL_Color c);
/// An axis-aligned filled rectangle.
void vl_ui_gfx_rect(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c);
/// A rectangle's outline, @p width pixels thick, inside the rectangle.
void vl_ui_gfx_rect_outline(SDL_Renderer *r, float x, float y, float w, float h, float width, SDL_Color c);
/// A line @p width pixels thick with round joints; closed joins the last point to the first.
void vl_ui_gfx_polyline(SDL_Renderer *r, const SDL_FPoint *pts, int n, float width, bool closed, SDL_Color c);
/// The same, dashed: @p dash pixels drawn, @p gap pixels left.
void vl_ui_gfx_dashed(SDL_Renderer *r, const SDL_FPoint *pts, int n, float width, bool closed, float dash, float gap,
                   SDL_Color c);
/// One thick segment.
void vl_ui_gfx_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width, SDL_Color c);

/* ---- text ---- */

typedef struct VlText VlText;

enum { VL_ALIGN_LEFT = 0, VL_ALIGN_CENTRE = 1, VL_ALIGN_RIGHT = 2 };

/// Open a TrueType font for @p r. NULL (with a message on stderr) when the font cannot be opened; every
/// text function accepts NULL and draws nothing, so a missing font never stops the game.
VlText *vl_ui_text_create(SDL_Renderer *r, const char *font_path);
void vl_ui_text_destroy(VlText *t);
/// Draw UTF-8 text with its top at @p y; x is its left, centre or right by @p align. Returns the width.
int vl_ui_text_draw(VlText *t, int size, const char *s, float x, float y, SDL_Color c, int align);
/// Draw text wrapped at @p wrap pixels (top-left at x, y). Returns its height.
int vl_ui_text_draw_wrapped(VlText *t, int size, const char *s, float x, float y, SDL_Color c, int wrap);
/// Height of the text wrapped at @p wrap pixels.
int vl_ui_text_wrapped_height(VlText *t, int size, const char *s, int wrap);
/// Width and height of the text in pixels (0 without a font).
void vl_ui_text_size(VlText *t, int size, const char *s, int *w, int *h);
/// The line height at this size.
int vl_ui_text_line(VlText *t, int size);
/// Drop every cached string (call after the renderer's target changes).
void vl_ui_text_flush(VlText *t);

/* ---- files ---- */

/// Write 8-bit RGB pixels (@p stride bytes a row, 3 bytes a pixel) as a PNG. False on any error.
bool vl_ui_png_write(const char *path, const uint8_t *rgb, int width, int height, int stride);
/// Read the renderer's current target into a PNG (after drawing, before presenting).
bool vl_ui_png_write_renderer(SDL_Renderer *r, const char *path);

#endif
