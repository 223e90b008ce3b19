/* Reading a whole text file, bounded (core.h vl_read_text_file): the one way Volley reads the
 * files a player hands it (scenarios, saves). It refuses before it blocks or grows: a FIFO, a
 * device or a folder is refused after a non-blocking open, not read; a file larger than the
 * caller's limit is refused from its size before a byte is read, and again if it grows while being
 * read; a NUL byte is refused with its line and column, since both formats are text and a NUL
 * would silently cut a line short. */
#define _XOPEN_SOURCE 700
#include "volley/core.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind_of(mode_t m)
{
    if (S_ISDIR(m))
        return "a folder";
    if (S_ISFIFO(m))
        return "a pipe (FIFO)";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "a device";
    if (S_ISSOCK(m))
        return "a socket";
    return "not a regular file";
}

static void size_text(size_t n, char *buf, size_t size)
{
    if (n >= (1u << 20))
        snprintf(buf, size, "%.1f MiB", (double)n / (1u << 20));
    else
        snprintf(buf, size, "%zu KiB", (n + 1023) / 1024);
}

VlStatus vl_read_text_file(const char *path, size_t max_bytes, const char *what, char **out, size_t *len,
                           VlDiagList *diags)
{
    *out = NULL;
    *len = 0;
    if (!diags->file[0])
        snprintf(diags->file, sizeof diags->file, "%s", path);
    /* O_NONBLOCK: opening a FIFO with no writer would otherwise wait for ever. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "cannot open: %s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "cannot read: %s", strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "this is %s, not %s file; give the path of a file on disk",
                           kind_of(st.st_mode), what);
    }
    char limit[32], have[32];
    size_text(max_bytes, limit, sizeof limit);
    if ((uintmax_t)st.st_size > (uintmax_t)max_bytes) {
        size_text((size_t)st.st_size, have, sizeof have);
        close(fd);
        return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "the file is %s, more than the %s %s file can be; not read",
                           have, limit, what);
    }
    /* Back to blocking reads: a regular file never blocks, and EAGAIN must not be mistaken for EOF. */
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    size_t cap = (size_t)st.st_size + 1, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        close(fd);
        return vl_diag_add(diags, VL_ERR_NOMEM, 0, 0, "", "out of memory reading the file");
    }
    for (;;) {
        if (n == cap) { /* the file grew while being read */
            if (cap > max_bytes) {
                free(buf);
                close(fd);
                return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "the file grew past the %s %s file can be while it was read; not read",
                                   limit, what);
            }
            size_t ncap = cap * 2 > max_bytes + 1 ? max_bytes + 1 : cap * 2;
            char *nb = realloc(buf, ncap + 1);
            if (!nb) {
                free(buf);
                close(fd);
                return vl_diag_add(diags, VL_ERR_NOMEM, 0, 0, "", "out of memory reading the file");
            }
            buf = nb;
            cap = ncap;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            free(buf);
            close(fd);
            return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "read error: %s", strerror(e));
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (n > max_bytes) {
        free(buf);
        return vl_diag_add(diags, VL_ERR_IO, 0, 0, "", "the file grew past the %s %s file can be while it was read; not read",
                           limit, what);
    }
    buf[n] = 0;
    const char *nul = memchr(buf, 0, n);
    if (nul) {
        int line = 1, col = 1;
        for (const char *p = buf; p < nul; p++) {
            if (*p == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        free(buf);
        return vl_diag_add(diags, VL_ERR_SYNTAX, line, col, "",
                           "a NUL byte: %s file is text; the file is damaged or not %s file", what, what);
    }
    *out = buf;
    *len = n;
    return VL_OK;
}
