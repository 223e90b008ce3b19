/**
 * @file scene.h
 * @brief What the table's drawing files share (scene.c: ground, terrain, units, the labels placed
 *        by labels.c, the cache; overlays.c: overlays 1 to 6; previews.c: the rulings' previews).
 *        Shapes are given in inches and turned into pixels by the app's camera.
 *
 * Offers:
 *  - vl_ui_to_px(), vl_ui_px_of(), vl_ui_centre_of(): inches to pixels, a footprint's centre.
 *  - vl_ui_world_convex() / _outline() / _line() / _text(), vl_ui_boxed_text(): shapes and text.
 *  - vl_ui_side_dark(): a side's darker colour.
 *  - vl_ui_draw_unit_symbol(), vl_ui_draw_badges(): a unit as the table draws it, and its badges
 *    (the symbols' key, legend.c, draws with them too).
 *  - The overlays: vl_ui_draw_overlays() (the area ones, clipped), vl_ui_draw_threats() (4),
 *    vl_ui_draw_plan() (6).
 *  - The previews: vl_ui_update_previews() / vl_ui_fire_preview() work them out; vl_ui_draw_*_preview()
 *    and vl_ui_draw_declared_charges() draw them; vl_ui_first_refusal() names the rule that refuses.
 */
#ifndef VOLLEY_UI_SCENE_H
#define VOLLEY_UI_SCENE_H

#include "app.h"

#define VL_UI_PI_F 3.14159265f

void vl_ui_to_px(const VlCamera *cam, const VlVec2 *p, int n, SDL_FPoint *out);
SDL_FPoint vl_ui_px_of(const VlUiApp *app, VlVec2 p);
VlVec2 vl_ui_centre_of(const VlFootprint *fp);
SDL_Color vl_ui_side_dark(int side);
void vl_ui_world_convex(VlUiApp *app, const VlVec2 *p, int n, SDL_Color c);
void vl_ui_world_outline(VlUiApp *app, const VlVec2 *p, int n, float width, bool closed, SDL_Color c, bool dashed);
void vl_ui_world_line(VlUiApp *app, VlVec2 a, VlVec2 b, float width, SDL_Color c);
/// Text centred at @p p, moved @p dy pixels down.
void vl_ui_world_text(VlUiApp *app, VlVec2 p, int size, const char *s, SDL_Color c, float dy);
/// Text with a box behind it, so it reads on any ground; @p align a VL_ALIGN_*.
void vl_ui_boxed_text(VlUiApp *app, float x, float y, int size, const char *s, SDL_Color fg, SDL_Color bg, int align);

/// A unit of @p type and side @p side standing as @p fu says, in the state @p st (routed), drawn
/// through the app's camera as the table draws it; @p selected adds the selection ring.
void vl_ui_draw_unit_symbol(VlUiApp *app, const VlFieldUnit *fu, VlUnitType type, const VlUnitState *st, int side, bool selected);
/// The badges of a unit in state @p st (HITs, routed, fired, charged) from window pixel (x, y):
/// stacked in full words, or a row of short ones when @p brief.
void vl_ui_draw_badges(VlUiApp *app, const VlUnitState *st, float x, float y, bool brief);

/// A target texture of the window's size in *tex (the table's cache, the overlays' layer), made
/// again when the window's size changed; once one cannot be made (*failed) no more are tried.
/// True when *tex was dropped or made afresh: what it held is gone.
bool vl_ui_window_texture(VlUiApp *app, SDL_Texture **tex, int *w, int *h, bool *failed);

/// The table's cache covers the view and this many pixels round it: a pan within them copies it
/// shifted, a longer one draws it again round the new view.
#define VL_UI_PAN_MARGIN 160

/* ---- overlays (overlays.c) ---- */
/// The area overlays that are on (fire, zones, movement, command), clipped to @p table_px.
void vl_ui_draw_overlays(VlUiApp *app, const VlGame *g, SDL_Rect table_px);
/// Overlay 4: threatened flanks and rear, and who threatens them.
void vl_ui_draw_threats(VlUiApp *app, const VlGame *g);
/// Overlay 6: the computer's latest plans.
void vl_ui_draw_plan(VlUiApp *app, const VlGame *g);
/// REP-601 (blindzones.c): the selected unit's blind zones when the game plays with them.
void vl_ui_draw_blind_zones(VlUiApp *app, const VlGame *g, SDL_Rect table_px);

/* ---- previews (previews.c) ---- */
void vl_ui_draw_move_preview(VlUiApp *app, const VlWorld *w);
void vl_ui_draw_charge_preview(VlUiApp *app, const VlWorld *w, const VlChargeVerdict *v, bool verbose);
/// The odds of the GOR charge @p v judged, with the target side's standing orders as the game has them.
void vl_ui_charge_prospect(const VlUiApp *app, const VlWorld *w, const VlChargeVerdict *v, VlChargeProspect *p);
/// "7 or more on 2D6 (58%)", "passes whatever the dice" or "cannot pass": what a morale test needs.
void vl_ui_need_text(char *s, size_t size, const VlMoraleProspect *m);
void vl_ui_draw_fire_preview(VlUiApp *app, const VlWorld *w, const VlFirePreview *f);
/// GOR-CHG-3: the charges declared this phase, as dashed arrows.
void vl_ui_draw_declared_charges(VlUiApp *app, const VlGame *g);

#endif
