/**
 * @file tools.h
 * @brief The measuring tape and the line-of-sight probe over the table, in play, the sandbox and the
 *        editor. Their state is app->tools (screen.h: VlUiTools); the numbers and the decisions are
 *        src/geom/'s (vl_measure, vl_sight_between) and src/rules/'s (vl_world_sight_between): this
 *        file only takes the drags and draws the answers.
 *
 * Offers:
 *  - vl_ui_tools_event(): M takes the tape, V the sight probe (again, or Esc, puts it down); with a
 *    tool in hand the mouse drags on the table are its own: press, drag, release. P pins the live
 *    tape or sight line (so does Shift held on release); C clears the pinned ones. True when the event
 *    was the tools' (the screen then leaves it alone).
 *  - vl_ui_tools_draw(): the live and pinned tapes and sight lines over the table, each with its text.
 *  - vl_ui_tools_text(): the words a tape or sight line shows ("9.4 in, base edge to base edge ...").
 *  - vl_ui_tools_set(): a tape or sight line from two table points (the script verbs `tape` and
 *    `sight` use it); the end on a unit, if any, is that unit.
 *
 * The editor calls vl_ui_tools_event() and vl_ui_tools_draw() with the table it shows (a VlGame made
 * from the scenario being edited); the game screen calls them with vl_ui_app_shown().
 */
#ifndef VOLLEY_UI_TOOLS_H
#define VOLLEY_UI_TOOLS_H

#include "app.h"

/// One event for the tools. @p shown: the game whose table the tools measure (NULL: none, false).
bool vl_ui_tools_event(VlUiApp *app, const SDL_Event *e, const VlGame *shown);
/// Draw the live and pinned tapes and sight lines over the table (clipped to app->rects.map).
void vl_ui_tools_draw(VlUiApp *app, const VlGame *shown);
/// The text a tape or sight line shows on @p shown, into @p buf (one line; "" when there is none).
void vl_ui_tools_text(const VlGame *shown, const VlUiTape *t, char *buf, size_t size);
/// Set the live tape (VL_TOOL_TAPE) or sight line (VL_TOOL_SIGHT) from @p a to @p b (table inches);
/// an end on a unit of @p shown is that unit. @p pin: pin it at once.
void vl_ui_tools_set(VlUiApp *app, const VlGame *shown, VlUiToolKind kind, VlVec2 a, VlVec2 b, bool pin);
/// Put the tool down and forget the live line (the pinned ones stay).
void vl_ui_tools_drop(VlUiApp *app);

#endif
