/* The 2D camera: to_screen = T(viewport centre) * S(zoom, -zoom) * T(-target). The y scale is
 * negative because the table's y runs north (up the screen) and the window's y runs down. The
 * conversions are worked in doubles from the target and zoom (the float matrices are kept for
 * callers that want them): a pan's whole pixels then move every point by exactly that much. */
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
    vec2 back = {(float)-cam->target[0], (float)-cam->target[1]};
    glm_translate2d_make(cam->to_screen, centre);
    glm_scale2d(cam->to_screen, scale);
    glm_translate2d(cam->to_screen, back);
    glm_mat3_inv(cam->to_screen, cam->to_world);
}

static double centre_x(const VlCamera *cam) { return (double)cam->viewport.x + 0.5 * (double)cam->viewport.w; }
static double centre_y(const VlCamera *cam) { return (double)cam->viewport.y + 0.5 * (double)cam->viewport.h; }

void vl_ui_camera_to_screen(const VlCamera *cam, VlVec2 p, float *sx, float *sy)
{
    double z = cam->zoom;
    *sx = vl_ui_snap(centre_x(cam) + z * (p.x - cam->target[0]));
    *sy = vl_ui_snap(centre_y(cam) - z * (p.y - cam->target[1]));
}

VlVec2 vl_ui_camera_to_world(const VlCamera *cam, float sx, float sy)
{
    double z = cam->zoom;
    return vl_v2(cam->target[0] + ((double)sx - centre_x(cam)) / z, cam->target[1] - ((double)sy - centre_y(cam)) / z);
}

void vl_ui_camera_pan(VlCamera *cam, float dx, float dy)
{
    cam->target[0] -= (double)dx / cam->zoom;
    cam->target[1] += (double)dy / cam->zoom;
    vl_ui_camera_update(cam);
}

void vl_ui_camera_zoom_at(VlCamera *cam, float sx, float sy, float factor)
{
    VlVec2 before = vl_ui_camera_to_world(cam, sx, sy);
    cam->zoom *= factor;
    vl_ui_camera_update(cam);
    VlVec2 after = vl_ui_camera_to_world(cam, sx, sy);
    cam->target[0] += before.x - after.x;
    cam->target[1] += before.y - after.y;
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
    cam->target[0] = width * 0.5;
    cam->target[1] = height * 0.5;
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
