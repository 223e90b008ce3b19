/* The screen suites' shared set-up (testui.h). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "testui.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tu_ui_tmpdir(char *dir, size_t size, const char *name)
{
    snprintf(dir, size, "/tmp/volley-%s-XXXXXX", name);
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

void tu_ui_rmdir(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

VlUiOptions tu_ui_options(const char *dir)
{
    VlUiOptions opt = vl_ui_options_default();
    opt.ai_delay_ms = 0;
    snprintf(opt.save_dir, sizeof opt.save_dir, "%s/saves", dir);
    snprintf(opt.settings_path, sizeof opt.settings_path, "%s/config/settings.json", dir);
    return opt;
}

VlUiApp *tu_ui_open(TuUi *t, int w, int h, const VlUiOptions *opt)
{
    memset(t, 0, sizeof *t);
    t->surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    ck_assert_ptr_nonnull(t->surf);
    t->r = SDL_CreateSoftwareRenderer(t->surf);
    ck_assert_ptr_nonnull(t->r);
    t->app = vl_ui_app_create(t->r, w, h, opt);
    ck_assert_ptr_nonnull(t->app);
    return t->app;
}

void tu_ui_close(TuUi *t)
{
    vl_ui_app_destroy(t->app);
    if (t->r)
        SDL_DestroyRenderer(t->r);
    if (t->surf)
        SDL_FreeSurface(t->surf);
    memset(t, 0, sizeof *t);
}
