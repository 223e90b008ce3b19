/* Where Volley's files are (paths.h): the data folder found from any folder, and the XDG base
 * directories for the player's saves and settings. Nothing is cached: each call looks afresh and
 * writes into the caller's buffer, so the module keeps no state. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "volley/paths.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Set by meson: the install datadir (prefix/datadir/volley, an install path, never the source
 * tree's) and the way from bindir to it ("../share/volley"; empty when bindir or datadir is
 * absolute and no relative way is known). The defaults are meson's for prefix /usr/local. */
#ifndef VL_INSTALL_DATADIR
#define VL_INSTALL_DATADIR "/usr/local/share/volley"
#endif
#ifndef VL_BINDIR_TO_DATADIR
#define VL_BINDIR_TO_DATADIR "../share/volley"
#endif

/* Levels above the binary's folder searched for the source tree: build/volley is one, build/tests/
 * test_x two, a nested build folder (build/asan/tests/test_x) three. */
#define SOURCE_TREE_LEVELS 3

static VlStatus fail(char *err, size_t errsize, VlStatus st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static VlStatus fail(char *err, size_t errsize, VlStatus st, const char *fmt, ...)
{
    if (err && errsize) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsize, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* printf into buf; a path cut short would name another file, so a cut is a refusal. */
static VlStatus put(char *buf, size_t size, char *err, size_t errsize, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static VlStatus put(char *buf, size_t size, char *err, size_t errsize, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= size)
        return fail(err, errsize, VL_ERR_USAGE, "the path %.200s... is longer than the %zu bytes it has room for",
                    size ? buf : "", size);
    return VL_OK;
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* 1 when @p dir holds scenarios/ and assets/ (its canonical path then in buf), 0 when it does not,
 * -1 when it does but its path does not fit. */
static int data_here(const char *dir, char *buf, size_t size)
{
    char probe[PATH_MAX];
    static const char *const parts[] = {"scenarios", "assets"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        int n = snprintf(probe, sizeof probe, "%s/%s", dir, parts[i]);
        if (n < 0 || (size_t)n >= sizeof probe || !is_dir(probe))
            return 0;
    }
    char real[PATH_MAX];
    if (!realpath(dir, real))
        return 0;
    size_t len = strlen(real);
    if (len >= size)
        return -1;
    memcpy(buf, real, len + 1);
    return 1;
}

VlStatus vl_paths_data_dir_for(const char *exe, char *buf, size_t size, char *err, size_t errsize)
{
    char cand[PATH_MAX];
    int found = 0;
    if (exe && exe[0]) {
        /* The binary's folder: exe less its last component. */
        char bindir[PATH_MAX];
        int n = snprintf(bindir, sizeof bindir, "%s", exe);
        char *slash = n > 0 && (size_t)n < sizeof bindir ? strrchr(bindir, '/') : NULL;
        if (slash) {
            *slash = 0;
            if (VL_BINDIR_TO_DATADIR[0] && snprintf(cand, sizeof cand, "%s/%s", bindir, VL_BINDIR_TO_DATADIR) <
                                               (int)sizeof cand)
                found = data_here(cand, buf, size);
            /* Run from a build folder inside the source tree: the source root is above it. */
            size_t len = strlen(bindir);
            for (int up = 1; !found && up <= SOURCE_TREE_LEVELS && len + 3 < sizeof bindir; up++) {
                memcpy(bindir + len, "/..", 4);
                len += 3;
                found = data_here(bindir, buf, size);
            }
        }
    }
    if (!found)
        found = data_here(VL_INSTALL_DATADIR, buf, size);
    if (found < 0)
        return fail(err, errsize, VL_ERR_USAGE, "the data folder's path is longer than the %zu bytes it has room for",
                    size);
    if (!found)
        return fail(err, errsize, VL_ERR_NOT_FOUND,
                    "cannot find Volley's data (a folder with scenarios/ and assets/): not beside the program "
                    "(%.300s) nor at %s; set " VL_PATHS_DATA_ENV " to that folder",
                    exe && exe[0] ? exe : "its path is unknown", VL_INSTALL_DATADIR);
    return VL_OK;
}

VlStatus vl_paths_data_dir(char *buf, size_t size, char *err, size_t errsize)
{
    const char *env = getenv(VL_PATHS_DATA_ENV);
    if (env && env[0]) {
        if (!is_dir(env))
            return fail(err, errsize, VL_ERR_NOT_FOUND, VL_PATHS_DATA_ENV " is \"%.300s\", which is not a folder", env);
        return put(buf, size, err, errsize, "%s", env);
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    return vl_paths_data_dir_for(exe, buf, size, err, errsize);
}

VlStatus vl_paths_data_file(const char *rel, char *buf, size_t size, char *err, size_t errsize)
{
    char dir[PATH_MAX];
    VlStatus st = vl_paths_data_dir(dir, sizeof dir, err, errsize);
    if (st != VL_OK)
        return st;
    return put(buf, size, err, errsize, "%s/%s", dir, rel);
}

/* $var/volley/tail, or $HOME/home_rel/volley/tail (the XDG base directory specification: a
 * relative $var is invalid and ignored). */
static VlStatus xdg_dir(const char *var, const char *home_rel, const char *tail, const char *what, char *buf,
                        size_t size, bool create, char *err, size_t errsize)
{
    const char *base = getenv(var);
    VlStatus st;
    if (base && base[0] == '/')
        st = put(buf, size, err, errsize, "%s/volley%s", base, tail);
    else {
        const char *home = getenv("HOME");
        if (!home || home[0] != '/')
            return fail(err, errsize, VL_ERR_NOT_FOUND,
                        "cannot tell where %s go: neither %s nor HOME is set to an absolute path", what, var);
        st = put(buf, size, err, errsize, "%s/%s/volley%s", home, home_rel, tail);
    }
    if (st == VL_OK && create)
        st = vl_paths_mkdir_p(buf, 0700, err, errsize);
    return st;
}

VlStatus vl_paths_saves_dir(char *buf, size_t size, bool create, char *err, size_t errsize)
{
    return xdg_dir("XDG_DATA_HOME", ".local/share", "/saves", "saves", buf, size, create, err, errsize);
}

VlStatus vl_paths_config_dir(char *buf, size_t size, bool create, char *err, size_t errsize)
{
    return xdg_dir("XDG_CONFIG_HOME", ".config", "", "settings", buf, size, create, err, errsize);
}

VlStatus vl_paths_mkdir_p(const char *dir, unsigned mode, char *err, size_t errsize)
{
    char p[PATH_MAX];
    size_t len = strlen(dir);
    if (len == 0 || len >= sizeof p)
        return fail(err, errsize, VL_ERR_USAGE, "cannot make the folder \"%.200s\": %s", dir,
                    len ? "the path is too long" : "no path");
    memcpy(p, dir, len + 1);
    /* Each parent in turn, then the folder itself; one that is there already is fine. */
    for (char *s = p + 1;; s++) {
        bool last = *s == 0;
        if (*s == '/' || last) {
            char keep = *s;
            *s = 0;
            if (mkdir(p, (mode_t)mode) != 0 && errno != EEXIST)
                return fail(err, errsize, VL_ERR_IO, "cannot make the folder %.300s: %s", p, strerror(errno));
            *s = keep;
        }
        if (last)
            break;
    }
    if (!is_dir(p))
        return fail(err, errsize, VL_ERR_IO, "cannot make the folder %.300s: a file of that name is in the way", p);
    return VL_OK;
}
