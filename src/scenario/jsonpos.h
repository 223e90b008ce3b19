/* Private to src/scenario: where each value of a JSON text starts, by JSON path, so that content
 * errors found after jansson has parsed the text can still name a line and a column. */
#ifndef VOLLEY_JSONPOS_H
#define VOLLEY_JSONPOS_H

#include <stddef.h>

typedef struct JPosEntry {
    char *path;       /* "units[3].facing" */
    int key_line, key_col; /* the member's key (equal to the value's place for array elements) */
    int line, col;    /* the value's first character */
} JPosEntry;

typedef struct JPosIndex {
    JPosEntry *items;
    int n, cap;
} JPosIndex;

/* Index a text that jansson has already accepted. Returns 0, or -1 when out of memory. */
int jpos_build(JPosIndex *ix, const char *text, size_t len);
void jpos_free(JPosIndex *ix);
/* The entry for a path, or NULL. */
const JPosEntry *jpos_find(const JPosIndex *ix, const char *path);

#endif
