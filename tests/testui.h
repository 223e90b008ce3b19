/* What the screen suites share: an app drawn by the software renderer on a surface (SDL's dummy
 * video driver), with its saves and settings in a scratch folder of the test's own. */
#ifndef VOLLEY_TESTUI_H
#define VOLLEY_TESTUI_H

#include "app.h"

#include <SDL.h>
#include <stddef.h>

typedef struct TuUi {
    SDL_Surface *surf; ///< what the renderer draws on, for pixels read back
    SDL_Renderer *r;
    VlUiApp *app;
} TuUi;

/// Make a scratch folder /tmp/volley-NAME-XXXXXX into @p dir (fails the test when it cannot).
void tu_ui_tmpdir(char *dir, size_t size, const char *name);
/// Remove it and all in it.
void tu_ui_rmdir(const char *dir);
/// The options a test's app starts with: no pause between the computer's orders, the saves in
/// DIR/saves and the settings in DIR/config/settings.json.
VlUiOptions tu_ui_options(const char *dir);
/// A @p w x @p h surface, its software renderer and an app on them with @p opt; fails the test
/// when any cannot be made. Returns t->app.
VlUiApp *tu_ui_open(TuUi *t, int w, int h, const VlUiOptions *opt);
/// Destroy what tu_ui_open made (nothing when it made nothing).
void tu_ui_close(TuUi *t);

#endif
