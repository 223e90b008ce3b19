/* REP-601: the selected unit's blind zones, drawn over the table when the game plays with them. The
 * zones are the core's (vl_blind_zones); this file only draws them. */
#include "scene.h"

#include <stdio.h>

/* A dark wash for ground the selected unit cannot see, and an outline with the chart's multiple. */
#define BLIND_RGB 0x3A3A46u

void vl_ui_draw_blind_zones(VlUiApp *app, const VlGame *g, SDL_Rect table_px)
{
    const VlWorld *w = vl_game_world_const(g);
    int u = app->view.selected;
    if (!vl_rep_on(&w->options, VL_REP_601) || u < 0 || u >= w->nunits || !vl_world_present(w, u))
        return;
    /* zones for targets on the plain, level 0: the deepest a feature casts on the open table */
    VlBlindZone *z = NULL;
    int n = vl_blind_zones(w->bf, u, 0, &z);
    if (n <= 0) {
        vl_blind_zones_free(z, 0);
        return;
    }
    SDL_RenderSetClipRect(app->r, NULL);
    SDL_RenderSetClipRect(app->r, &table_px);
    for (int i = 0; i < n; i++) {
        vl_ui_world_convex(app, z[i].pts, z[i].npts, vl_ui_rgba(BLIND_RGB, 70));
        vl_ui_world_outline(app, z[i].pts, z[i].npts, 1.5f, true, vl_ui_rgba(BLIND_RGB, 200), true);
        VlVec2 c = {0, 0};
        for (int k = 0; k < z[i].npts; k++)
            c = vl_v2_add(c, vl_v2_scale(z[i].pts[k], 1.0 / z[i].npts));
        char text[48];
        snprintf(text, sizeof text, "blind x%g (REP-601)", z[i].multiple);
        vl_ui_world_text(app, c, 12, text, vl_ui_rgba(0x1E1E1Eu, 255), 0);
    }
    vl_blind_zones_free(z, n);
}
