/* Where the volley command finds its scenarios: the data folder (paths.h) for the default one, and
 * a bare scenario name ("tutorial", "brigade-action.json") looked up there when no such file is in
 * the current folder, so the installed program plays from any folder. */
#include "cli.h"

#include <string.h>
#include <unistd.h>

const char *vl_default_scenario_path(void)
{
    /* One buffer for the command's one thread: the answer is recomputed on every call. */
    static char buf[4096];
    char err[512];
    if (vl_paths_data_file("scenarios/tutorial.json", buf, sizeof buf, err, sizeof err) != VL_OK) {
        fprintf(stderr, "volley: %s\n", err);
        return NULL;
    }
    return buf;
}

const char *vl_cli_scenario_path(const char *arg, char *buf, size_t size)
{
    /* A file named so, or anything that looks like a path, is taken as it is. */
    if (access(arg, F_OK) == 0 || strchr(arg, '/'))
        return arg;
    size_t len = strlen(arg);
    bool has_ext = len > 5 && strcmp(arg + len - 5, ".json") == 0;
    char rel[600];
    if (snprintf(rel, sizeof rel, "scenarios/%s%s", arg, has_ext ? "" : ".json") >= (int)sizeof rel)
        return arg;
    if (vl_paths_data_file(rel, buf, size, NULL, 0) != VL_OK || access(buf, F_OK) != 0)
        return arg;
    return buf;
}
