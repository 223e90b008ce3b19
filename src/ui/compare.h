/* The test-charge sandbox's side-by-side verdicts under the three charge systems (compare.c). */
#ifndef VOLLEY_UI_COMPARE_H
#define VOLLEY_UI_COMPARE_H

#include "app.h"

/// Judge unit @p u charging @p t under Good Old Rebel, JR III and Gunson; the table's charge
/// preview becomes the one of the system shown.
void vl_ui_compare_update(VlUiApp *app, const VlWorld *w, int u, int t);
void vl_ui_compare_clear(VlUiApp *app);
/// Keys 7, 8, 9 in the sandbox: show that system's path. True when taken.
bool vl_ui_compare_key(VlUiApp *app, SDL_Keycode k);
/// Where the comparison is drawn (for tests and the label placer).
SDL_Rect vl_ui_compare_rect(const VlUiApp *app);
void vl_ui_draw_compare(VlUiApp *app, const VlWorld *w);

#endif
