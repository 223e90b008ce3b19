#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_diags(const VlDiagList *d)
{
    for (int i = 0; i < d->count; i++) {
        char line[1024];
        vl_diag_format(d, &d->items[i], line, sizeof line);
        fprintf(stderr, "  %s\n", line);
    }
}

void tu_load_ok(const char *json, VlScenario *out)
{
    VlDiagList d;
    vl_diag_init(&d, "test.json");
    VlStatus st = vl_scenario_load_string(json, strlen(json), "test.json", out, &d);
    if (st != VL_OK)
        print_diags(&d);
    ck_assert_msg(st == VL_OK, "scenario refused (%s), see stderr", vl_status_str(st));
    vl_diag_free(&d);
}

void tu_load_bad(const char *json, VlDiagList *diags)
{
    VlScenario s;
    vl_diag_init(diags, "test.json");
    VlStatus st = vl_scenario_load_string(json, strlen(json), "test.json", &s, diags);
    ck_assert_msg(st != VL_OK, "a broken scenario was accepted");
    ck_assert_int_gt(diags->count, 0);
}

bool tu_has_problem(const VlDiagList *d, const char *path, const char *needle)
{
    for (int i = 0; i < d->count; i++)
        if (strcmp(d->items[i].path, path) == 0 && strstr(d->items[i].message, needle))
            return true;
    print_diags(d);
    return false;
}

int tu_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

void tu_appendf(char *buf, size_t cap, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
    ck_assert_msg(k >= 0 && (size_t)k < cap - n, "test scenario text too long");
}
