/* VL_ASSERT's failure path (core.h): a broken invariant is reported with where it broke, then the
 * program stops, unless a test has set a hook of its own. */
#include "volley/core.h"

#include <stdio.h>
#include <stdlib.h>

static void default_hook(const char *file, int line, const char *cond, const char *msg)
{
    fprintf(stderr, "volley: internal error at %s:%d: %s (%s is false). This is a bug in Volley; please report it "
                    "with the scenario and the command that led to it.\n",
            file, line, msg ? msg : "invariant broken", cond);
    abort();
}

/* The only mutable static of the core: a process-wide setting, never part of a game's state. */
static VlAssertHook current_hook = default_hook;

VlAssertHook vl_assert_set_hook(VlAssertHook hook)
{
    VlAssertHook old = current_hook;
    current_hook = hook ? hook : default_hook;
    return old;
}

void vl_assert_fail(const char *file, int line, const char *cond, const char *msg)
{
    current_hook(file, line, cond, msg);
}
