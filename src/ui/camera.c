/* The 2D camera: to_screen = T(viewport centre) * S(zoom, -zoom) * T(-target). The y scale is
 * negative because the table's y runs north (up the screen) and the window's y runs down. */
#include "camera.h"

#include <math.h>

void vl_ui_camera_init(VlCamera *cam, SDL_Rect viewport)
{
    cam->viewport = viewport;
    cam->target[0] = 0;
    cam->target[1] = 0;
    cam->zoom = 10;
    vl_ui_camera_update(cam);
}

void vl_ui_camera_update(VlCamera *cam)
{
    if (cam->zoom < VL_CAMERA_ZOOM_MIN)
        cam->zoom = VL_CAMERA_ZOOM_MIN;
    if (cam->zoom > VL_CAMERA_ZOOM_MAX)
        cam->zoom = VL_CAMERA_ZOOM_MAX;
    vec2 centre = {(float)cam->viewport.x + 0.5f * (float)cam->viewport.w,
                   (float)cam->viewport.y + 0.5f * (float)cam->viewport.h};
    vec2 scale = {cam->zoom, -cam->zoom};
    vec2 back = {-cam->target[0], -cam->target[1]};
    glm_translate2d_make(cam->to_screen, centre);
    glm_scale2d(cam->to_screen, scale);
    glm_translate2d(cam->to_screen, back);
    glm_mat3_inv(cam->to_screen, cam->to_world);
}

void vl_ui_camera_to_screen(const VlCamera *cam, VlVec2 p, float *sx, float *sy)
{
    vec3 in = {(float)p.x, (float)p.y, 1.0f}, out;
    glm_mat3_mulv((vec3 *)cam->to_screen, in, out);
    *sx = out[0];
    *sy = out[1];
}

VlVec2 vl_ui_camera_to_world(const VlCamera *cam, float sx, float sy)
{
    vec3 in = {sx, sy, 1.0f}, out;
    glm_mat3_mulv((vec3 *)cam->to_world, in, out);
    return vl_v2(out[0], out[1]);
}

void vl_ui_camera_pan(VlCamera *cam, float dx, float dy)
{
    cam->target[0] -= dx / cam->zoom;
    cam->target[1] += dy / cam->zoom;
    vl_ui_camera_update(cam);
}

void vl_ui_camera_zoom_at(VlCamera *cam, float sx, float sy, float factor)
{
    VlVec2 before = vl_ui_camera_to_world(cam, sx, sy);
    cam->zoom *= factor;
    vl_ui_camera_update(cam);
    VlVec2 after = vl_ui_camera_to_world(cam, sx, sy);
    cam->target[0] += (float)(before.x - after.x);
    cam->target[1] += (float)(before.y - after.y);
    vl_ui_camera_update(cam);
}

void vl_ui_camera_fit(VlCamera *cam, double width, double height, float margin)
{
    float vw = (float)cam->viewport.w - 2 * margin, vh = (float)cam->viewport.h - 2 * margin;
    if (vw < 10)
        vw = 10;
    if (vh < 10)
        vh = 10;
    float zx = vw / (float)(width > 0 ? width : 1), zy = vh / (float)(height > 0 ? height : 1);
    cam->zoom = zx < zy ? zx : zy;
    cam->target[0] = (float)(width * 0.5);
    cam->target[1] = (float)(height * 0.5);
    vl_ui_camera_update(cam);
}

double vl_ui_camera_scale_bar(const VlCamera *cam, float max_px, float *px)
{
    static const double steps[] = {0.25, 0.5, 1, 2, 3, 6, 12, 24, 48, 96};
    double best = steps[0];
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (steps[i] * cam->zoom <= max_px)
            best = steps[i];
    *px = (float)(best * cam->zoom);
    return best;
}
