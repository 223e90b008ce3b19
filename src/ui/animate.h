/**
 * @file animate.h
 * @brief The computer's orders shown as they happen (the watchable opponent): each order it plays is
 *        drawn as an animation over the game as it stands after the order: the units it moved
 *        travel the path the rules gave them (a move's steps, a charge's path), its fire is a line
 *        from the firer to each target, a declared charge shows its path, and every die rolled
 *        (morale, fire, close combat) is a small label where it was rolled. Animations only draw:
 *        the game has its new state before the first frame, so the state is the same with them on
 *        or off. Their pace is the `animation` setting (settings.h); OFF shows the end at once.
 *
 * Offers:
 *  - vl_ui_anim_start(): the animation of an order just applied, from the game before it.
 *  - vl_ui_anim_update(), vl_ui_anim_busy(), vl_ui_anim_finish() (fast-forward), vl_ui_anim_free().
 *  - vl_ui_anim_shown(): the game to draw the table from (the units at their animated poses).
 *  - vl_ui_anim_draw(): the lines, paths and labels over the table.
 *  - vl_ui_watch_event(): the keys that fast-forward (Tab) and skip the computer's turn (End,
 *    Shift+Tab); vl_ui_watching(): the orders of the side to play are shown animated.
 *  - vl_ui_anim_duration_ms(): an order's time at a setting.
 */
#ifndef VOLLEY_UI_ANIMATE_H
#define VOLLEY_UI_ANIMATE_H

#include "app.h"

/// How long an order with something to show takes at @p setting (VL_UI_ANIM_*), ms; 0 for OFF.
int vl_ui_anim_duration_ms(int setting);
/// Orders of the side to play are shown animated: it is a computer's, a human plays the other
/// side at this screen, and the setting is not OFF.
bool vl_ui_watching(const VlUiApp *app);
/// Start showing command @p c, just applied to app->game, which was @p before (a copy of the game
/// before it) at @p now_ms. Nothing starts when the order changed nothing to show.
void vl_ui_anim_start(VlUiApp *app, const VlGame *before, const VlCommand *c, uint32_t now_ms);
/// Advance the animation to @p now_ms; it ends when its time is up.
void vl_ui_anim_update(VlUiApp *app, uint32_t now_ms);
/// An animation is being shown.
bool vl_ui_anim_busy(const VlUiApp *app);
/// How far the animation shown has gone, 0..1; -1 when none is.
float vl_ui_anim_progress(const VlUiApp *app);
/// End the animation at once (the state it shows is already the game's).
void vl_ui_anim_finish(VlUiApp *app);
/// Drop the animation and what it holds.
void vl_ui_anim_free(VlUiApp *app);
/// The game the table is drawn from: the animation's copy, its units where the animation has them,
/// or @p g when nothing is being shown.
const VlGame *vl_ui_anim_shown(const VlUiApp *app, const VlGame *g);
/// The animation's lines, paths and labels, over the table.
void vl_ui_anim_draw(VlUiApp *app);
/// Tab: the order being shown ends at once; End or Shift+Tab: the rest of the computer's turn is
/// played without animation. True when the event was one of these (it is then used up).
bool vl_ui_watch_event(VlUiApp *app, const SDL_Event *e);

#endif
