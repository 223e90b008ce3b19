#include "volley/core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vl_diag_init(VlDiagList *list, const char *file)
{
    memset(list, 0, sizeof *list);
    if (file)
        snprintf(list->file, sizeof list->file, "%s", file);
}

void vl_diag_free(VlDiagList *list)
{
    free(list->items);
    list->items = NULL;
    list->count = list->capacity = 0;
}

VlStatus vl_diag_add(VlDiagList *list, VlStatus status, int line, int column, const char *path,
                     const char *fmt, ...)
{
    if (list->count == list->capacity) {
        int cap = list->capacity ? list->capacity * 2 : 16;
        VlDiag *items = realloc(list->items, (size_t)cap * sizeof *items);
        if (!items)
            return status; /* the caller still gets the status; the text is lost */
        list->items = items;
        list->capacity = cap;
    }
    VlDiag *d = &list->items[list->count++];
    d->status = status;
    d->line = line;
    d->column = column;
    snprintf(d->path, sizeof d->path, "%s", path ? path : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
    return status;
}

void vl_diag_print(const VlDiagList *list, FILE *f, const char *indent)
{
    for (int i = 0; i < list->count; i++) {
        char line[1024];
        vl_diag_format(list, &list->items[i], line, sizeof line);
        fprintf(f, "%s%s\n", indent ? indent : "", line);
    }
}

void vl_diag_format(const VlDiagList *list, const VlDiag *d, char *buf, size_t size)
{
    char where[320];
    const char *file = list->file[0] ? list->file : "<input>";
    if (d->line > 0)
        snprintf(where, sizeof where, "%s:%d:%d", file, d->line, d->column);
    else
        snprintf(where, sizeof where, "%s", file);
    if (d->path[0])
        snprintf(buf, size, "%s: %s: %s", where, d->path, d->message);
    else
        snprintf(buf, size, "%s: %s", where, d->message);
}
