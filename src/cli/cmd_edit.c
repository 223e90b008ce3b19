/* volley edit [FILE]: the scenario editor (src/ui/editor.c) on FILE, or on a new table, with the
 * screen options volley play has. A file the loader cannot read is refused before the window
 * opens, each problem printed with its line and column; one with placement problems only (units
 * overlapping, a base off the table: a table saved half done) opens, its problems listed. */
#include "cli.h"

#include "window.h"
#include "volley/edit.h"

#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fprintf(f, "usage: volley edit [FILE] [--size WxH] [--software] [--script FILE] [--screenshot FILE.png]\n"
               "Opens the scenario editor on FILE (a scenario file or a shipped scenario's name), or on a new\n"
               "72 x 48 in table. Ctrl+S saves (a new table into your scenarios folder), F5 plays the table,\n"
               "F6 opens the sandbox on it; --script and --screenshot run it headless (volley(1)).\n");
}

int vl_cmd_edit(int argc, char **argv)
{
    VlUiWindowArgs a = vl_ui_window_args_default();
    const char *file = NULL;
    bool scripted = false;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        bool more = i + 1 < argc;
        if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(s, "--size") == 0 && more) {
            if (sscanf(argv[++i], "%dx%d", &a.width, &a.height) != 2 || a.width < 320 || a.height < 240 || a.width > 8192 ||
                a.height > 8192) {
                fprintf(stderr, "volley edit: --size takes WIDTHxHEIGHT, e.g. 1280x800\n");
                return 2;
            }
        } else if (strcmp(s, "--software") == 0) {
            a.software = true;
        } else if (strcmp(s, "--script") == 0 && more) {
            a.script = argv[++i];
            scripted = true;
        } else if (strcmp(s, "--screenshot") == 0 && more) {
            a.screenshot = argv[++i];
            scripted = true;
        } else if (s[0] != '-' && !file) {
            file = s;
        } else {
            fprintf(stderr, "volley edit: unknown argument \"%s\"\n", vl_cli_tx(s));
            usage(stderr);
            return 2;
        }
    }
    char found[4096];
    const char *path = file ? vl_cli_scenario_path(file, found, sizeof found) : NULL;
    if (path) {
        VlScenario s;
        VlDiagList d;
        vl_diag_init(&d, path);
        bool kept = false;
        VlStatus st = vl_scenario_load_file_keep(path, &s, &d, &kept);
        if (st != VL_OK) {
            vl_cli_diag_print(&d, stderr);
            vl_diag_free(&d);
            return 1;
        }
        vl_scenario_free(&s);
        vl_diag_free(&d);
    }
    char why[256];
    if (!vl_ui_display_available(scripted, why, sizeof why)) {
        fprintf(stderr, "volley edit: no display to open the editor on (%s)\n", why);
        return 1;
    }
    return vl_ui_window_edit(path, &a);
}
