/**
 * @file camera.h
 * @brief The 2D camera of the game screen (raylib's Camera2D, with cglm float mat3 transforms).
 *
 * Offers:
 *  - VlCamera: a viewport on the screen, the table point at its centre and a zoom in pixels per inch.
 *  - vl_ui_camera_to_screen() / vl_ui_camera_to_world(): screen <-> table conversion (table y runs north, up).
 *  - vl_ui_camera_pan(), vl_ui_camera_zoom_at() (the point under the cursor stays put), vl_ui_camera_fit().
 *  - vl_ui_camera_scale_bar(): a round length in inches for the scale bar.
 *
 * Floats are enough for the pixels: a pixel is never finer than a thousandth of an inch, and orders
 * sent to the core are doubles built from these positions, judged by the core in doubles. The
 * camera itself works in doubles and snaps the pixels it gives to a 1/256 grid (vl_ui_snap): so a
 * pan by whole pixels moves every point drawn by exactly that many pixels, and the table's cache,
 * copied shifted while the view pans, shows what drawing it afresh would (scene.c).
 */
#ifndef VOLLEY_UI_CAMERA_H
#define VOLLEY_UI_CAMERA_H

#include "volley/geom.h"

#include <SDL.h>
#include <cglm/cglm.h>
#include <math.h>

/// Window pixels are handed to the renderer on a grid of 1/VL_UI_SUBPX pixel.
#define VL_UI_SUBPX 256.0
/// @p v (pixels) on that grid. Sums and differences of snapped values below 2^15 pixels are exact
/// in float, so a shape whose points are snapped, moved by whole pixels, covers the same pixels moved.
static inline float vl_ui_snap(double v) { return (float)(nearbyint(v * VL_UI_SUBPX) / VL_UI_SUBPX); }

typedef struct VlCamera {
    SDL_Rect viewport; ///< the part of the window the table is drawn in, pixels
    double target[2];  ///< the table point (inches) at the viewport's centre
    float zoom;        ///< pixels per inch
    mat3 to_screen;    ///< table inches -> window pixels (rebuilt by vl_ui_camera_update), in floats
    mat3 to_world;     ///< its inverse
} VlCamera;

/// Least and greatest zoom, pixels per inch.
#define VL_CAMERA_ZOOM_MIN 2.0f
#define VL_CAMERA_ZOOM_MAX 400.0f

/// A camera on @p viewport looking at the table's origin at 10 px/in.
void vl_ui_camera_init(VlCamera *cam, SDL_Rect viewport);
/// Rebuild the matrices after changing target, zoom or viewport.
void vl_ui_camera_update(VlCamera *cam);
/// Table point (inches) -> window pixel, snapped (vl_ui_snap).
void vl_ui_camera_to_screen(const VlCamera *cam, VlVec2 p, float *sx, float *sy);
/// Window pixel -> table point (inches).
VlVec2 vl_ui_camera_to_world(const VlCamera *cam, float sx, float sy);
/// Move the view by a drag of (dx, dy) pixels: the table follows the mouse.
void vl_ui_camera_pan(VlCamera *cam, float dx, float dy);
/// Multiply the zoom by @p factor keeping the table point under pixel (sx, sy) where it is.
void vl_ui_camera_zoom_at(VlCamera *cam, float sx, float sy, float factor);
/// Show the whole table (width x height inches) in the viewport with @p margin pixels around it.
void vl_ui_camera_fit(VlCamera *cam, double width, double height, float margin);
/// A round length in inches (1, 2, 5, 10, ...; or 0.5, 0.25) whose bar is at most @p max_px long;
/// *px receives its length in pixels.
double vl_ui_camera_scale_bar(const VlCamera *cam, float max_px, float *px);

#endif
