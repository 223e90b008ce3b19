/**
 * @file summary.h
 * @brief The turn summary on the screen: after the computer's player turn a panel over the table
 *        lists what the turn did (include/volley/summary.h works it out), each line naming its
 *        units; a click on a line centres the table on it and selects its unit, a key or a click
 *        elsewhere puts the panel away (Escape, Enter, Space and Tab do nothing else). The
 *        hot-seat hand-over shows the turn that just ended, and
 *        the replay viewer the summary of the turn being viewed (Tab hides and shows it).
 *
 * Offers:
 *  - vl_ui_summary_restart(), vl_ui_summary_after_command(), vl_ui_summary_free(): the summary's
 *    bookkeeping through a session (session.c calls them).
 *  - VlUiSummaryLayout and vl_ui_summary_layout(): where the panel and its lines are, for drawing,
 *    clicking and the tests alike; vl_ui_summary_shown(): the summary on the screen, if any.
 *  - vl_ui_summary_draw(), vl_ui_summary_draw_handover(), vl_ui_summary_event().
 */
#ifndef VOLLEY_UI_SUMMARY_H
#define VOLLEY_UI_SUMMARY_H

#include "app.h"

/// A game was opened or rebuilt: the player turn in play starts from here (no summary up).
void vl_ui_summary_restart(VlUiApp *app);
/// After a command of the game played: when it ended a player turn (the side to play changed, or
/// the game ended), that turn's summary is made, put up as a panel when a computer played it and a
/// human plays next, and the next turn starts. @p side_before: the side to play before the command.
void vl_ui_summary_after_command(VlUiApp *app, int side_before);
/// Free what the summary keeps (the copy of the game at the turn's start).
void vl_ui_summary_free(VlUiApp *app);

typedef struct VlUiSummaryLayout {
    SDL_Rect box;
    SDL_Rect title;
    int nrows;                    ///< the lines shown (the first nrows of the summary, or one "nothing" line)
    SDL_Rect row[VL_SUMMARY_MAX];
} VlUiSummaryLayout;

/// The summary on the screen now: the game's panel when it is up (and no order is being shown), the
/// replay's viewed turn unless hidden; NULL when none.
const VlTurnSummary *vl_ui_summary_shown(const VlUiApp *app);
/// Where the panel of @p s goes on the screen shown (the game's at the table's top, the replay's at
/// its top right).
void vl_ui_summary_layout(const VlUiApp *app, const VlTurnSummary *s, VlUiSummaryLayout *l);
/// Draw the summary shown, if any, over the table.
void vl_ui_summary_draw(VlUiApp *app);
/// The hand-over screen's summary of the turn that just ended, under its heading.
void vl_ui_summary_draw_handover(VlUiApp *app);
/// A click on a line centres the table on it; on the game screen a key or a click elsewhere puts
/// the panel away; in the replay viewer Tab hides or shows it. True when the event was used.
bool vl_ui_summary_event(VlUiApp *app, const SDL_Event *e);

#endif
