/* Writing a whole file so that a crash never leaves it half-written (core.h vl_write_text_file):
 * the text goes to a temporary file beside it, is synced, renamed over the old one, and the
 * folder is synced so that the rename itself survives a crash. */
#define _XOPEN_SOURCE 700
#include "volley/core.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void vl_sync_folder_of(const char *path)
{
    char dir[1100];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    /* Best effort: a file system that cannot sync a folder (EINVAL) still has the file, whole. */
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

bool vl_write_text_file(const char *path, const char *text, size_t len, char *err, size_t errsize)
{
    char tmp[1100];
    if (snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof tmp) {
        snprintf(err, errsize, "the path %s is too long", path);
        return false;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errsize, "cannot write beside %s: %s", path, strerror(errno));
        return false;
    }
    size_t done = 0;
    bool ok = true;
    while (ok && done < len) {
        ssize_t n = write(fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        if (ok)
            done += (size_t)n;
    }
    ok = ok && fsync(fd) == 0;
    int e = errno;
    ok = close(fd) == 0 && ok;
    if (ok && rename(tmp, path) != 0) {
        e = errno;
        ok = false;
    }
    if (!ok) {
        unlink(tmp);
        snprintf(err, errsize, "could not write %s: %s (the old file, if any, is untouched)", path, strerror(e));
        return false;
    }
    vl_sync_folder_of(path);
    return true;
}
